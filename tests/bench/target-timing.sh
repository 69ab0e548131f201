#!/usr/bin/env bash
# The reference target's timing: what tst_target asserts only as ordering, measured here.
#
#   tests/bench/target-timing.sh [path/to/stackbench] [requests]
#
# Starts `stackbench target` (2 threads, a fresh database in a temporary directory) on loopback
# and measures, with one client process on plain sockets:
# 1. /delay precision: `requests` sequential GET /delay?ms=20 on one keep-alive connection; the
#    overshoot (answer time - 20 ms) as median, p90 and max.
# 2. No blocking: 40 connections send GET /delay?ms=500 at once; meanwhile GET /health on another
#    connection, repeatedly; the first answer's latency after the 40 were sent, and the median.
# 3. Side by side: the time until all 40 delayed answers are in (one after another would take
#    10 s on 2 threads).
#
# Exits 1 when the median overshoot is >= 1 ms, the first /health takes >= 400 ms, or the 40
# delays take >= 2500 ms (the bounds tst_target asserted before they moved here); 2 on a usage or
# set-up error. Run it on a quiet machine: other work on the cores shows up as overshoot.
set -euo pipefail

BIN=${1:-build/app/stackbench}
REQUESTS=${2:-200}
[[ -x $BIN ]] || { echo "target-timing: no stackbench binary at '$BIN'" >&2; exit 2; }
[[ -x /usr/bin/python3 ]] || { echo "target-timing: /usr/bin/python3 is missing" >&2; exit 2; }

WORK=$(mktemp -d)
server=""
cleanup() {
    [[ -n $server ]] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null
    rm -rf "$WORK"
}
trap cleanup EXIT

"$BIN" target --port 0 --threads 2 --db "$WORK/target.sqlite" >"$WORK/out" 2>&1 &
server=$!
# Ready when it prints its listening line (seeding a fresh database takes about a second).
for _ in $(seq 300); do
    grep -q 'listening on' "$WORK/out" && break
    kill -0 "$server" 2>/dev/null || { cat "$WORK/out" >&2; exit 2; }
    sleep 0.1
done
port=$(grep -o 'http://127\.0\.0\.1:[0-9]*' "$WORK/out" | head -n1 | sed 's/.*://')
[[ -n $port ]] || { echo "target-timing: the target did not start:" >&2; cat "$WORK/out" >&2; exit 2; }

/usr/bin/python3 - "$port" "$REQUESTS" <<'PY'
import socket, statistics, sys, time

port, requests = int(sys.argv[1]), int(sys.argv[2])


def connect():
    s = socket.create_connection(("127.0.0.1", port), timeout=30)
    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return s


def read_response(s, buf):
    """Reads one Content-Length response from s; returns (status, rest of buf)."""
    while b"\r\n\r\n" not in buf:
        chunk = s.recv(65536)
        if not chunk:
            raise RuntimeError("connection closed")
        buf += chunk
    head, _, rest = buf.partition(b"\r\n\r\n")
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value)
    while len(rest) < length:
        chunk = s.recv(65536)
        if not chunk:
            raise RuntimeError("connection closed")
        rest += chunk
    return int(head.split(b" ")[1]), rest[length:]


def pct(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(p * len(values)))]


# 1. /delay precision.
s = connect()
buf = b""
over = []
for _ in range(requests):
    t = time.perf_counter_ns()
    s.sendall(b"GET /delay?ms=20 HTTP/1.1\r\nHost: x\r\n\r\n")
    status, buf = read_response(s, buf)
    assert status == 200, status
    over.append((time.perf_counter_ns() - t) / 1e6 - 20.0)
s.close()
median_over = statistics.median(over)
print(f"delay precision: {requests} x /delay?ms=20, overshoot median {median_over:.3f} ms, "
      f"p90 {pct(over, 0.9):.3f} ms, max {max(over):.3f} ms, min {min(over):.3f} ms")

# 2. and 3. 40 delays of 500 ms, /health meanwhile.
waiting = [connect() for _ in range(40)]
other = connect()
obuf = b""
t0 = time.perf_counter_ns()
for c in waiting:
    c.sendall(b"GET /delay?ms=500 HTTP/1.1\r\nHost: x\r\n\r\n")
health = []
while (time.perf_counter_ns() - t0) / 1e6 < 400 or not health:
    t = time.perf_counter_ns()
    other.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
    status, obuf = read_response(other, obuf)
    assert status == 200, status
    health.append(((t - t0) / 1e6, (time.perf_counter_ns() - t) / 1e6))
first_health_ms = health[0][0] + health[0][1]
for c in waiting:
    status, _ = read_response(c, b"")
    assert status == 200, status
all_ms = (time.perf_counter_ns() - t0) / 1e6
print(f"no blocking: first /health answered {first_health_ms:.3f} ms after the 40 delays were "
      f"sent; {len(health)} /health meanwhile, median {statistics.median(h[1] for h in health):.3f} "
      f"ms, max {max(h[1] for h in health):.3f} ms")
print(f"side by side: 40 x /delay?ms=500 on 2 threads all answered after {all_ms:.1f} ms")

failed = []
if median_over >= 1.0:
    failed.append("median overshoot >= 1 ms")
if first_health_ms >= 400:
    failed.append("first /health >= 400 ms")
if all_ms >= 2500:
    failed.append("40 delays >= 2500 ms")
for f in failed:
    print("FAIL: " + f)
if not failed:
    print("OK")
sys.exit(1 if failed else 0)
PY
