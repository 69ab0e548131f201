#!/usr/bin/env bash
# The load engine's timing, against the reference target on loopback (wall-time checks that do
# not belong in CTest, where other builds share the cores):
#
#   tests/bench/loadengine-timing.sh [path/to/stackbench]
#
# 1. Phases: `load --warmup 400ms -d 1.5s` on /users/7: warmup_s within 50 ms of 0.4 and elapsed_s
#    within 100 ms of 1.5 (the measured window ends when sending stops plus the drain of the
#    requests in flight, which at this route is well under a millisecond).
# 2. Latency: `load -c50 -d2s` on /delay?ms=20: p50 within 1 ms of 20 ms (the target's timers fire
#    on time; the engine adds only its own loop's delay).
# 3. Open loop: `load --rate 2000 -c10 -d2s` on /health: the send delay's p50 under 100 us (the
#    timer wakes the worker at the intended time; a busy machine makes its tail late, not p50).
#
# Prints the figures; exits 1 when one is off, 2 when something is missing.
set -euo pipefail

BIN=${1:-build/app/stackbench}
[[ -x $BIN ]] || { echo "loadengine-timing: no stackbench binary at '$BIN'" >&2; exit 2; }
PY=/usr/bin/python3
[[ -x $PY ]] || { echo "loadengine-timing: $PY is missing" >&2; exit 2; }

WORK=$(mktemp -d)
target_pid=
cleanup() {
    [[ -n $target_pid ]] && kill "$target_pid" 2>/dev/null || true
    rm -rf "$WORK"
}
trap cleanup EXIT

# The target prints its address once it listens: wait for that line, not for a fixed time.
"$BIN" target --port 0 --threads 2 --db "$WORK/t.sqlite" >"$WORK/target.out" 2>&1 &
target_pid=$!
port=
for _ in $(seq 600); do
    port=$(sed -n 's/.*listening on http:\/\/[^:]*:\([0-9]*\).*/\1/p' "$WORK/target.out")
    [[ -n $port ]] && break
    kill -0 "$target_pid" 2>/dev/null || { cat "$WORK/target.out" >&2; exit 2; }
    sleep 0.1
done
[[ -n $port ]] || { echo "loadengine-timing: the target did not start" >&2; exit 2; }
URL="http://127.0.0.1:$port"

# check NAME VALUE EXPECTED TOLERANCE UNIT -> prints a line; returns 1 when off
failed=0
check() {
    if "$PY" -c "import sys; sys.exit(0 if abs($2 - $3) <= $4 else 1)"; then
        printf '  ok    %-10s %12s %s (expected %s +- %s)\n' "$1" "$2" "$5" "$3" "$4"
    else
        printf '  OFF   %-10s %12s %s (expected %s +- %s)\n' "$1" "$2" "$5" "$3" "$4"
        failed=1
    fi
}

field() { "$PY" -c "import json, sys; d = json.load(open(sys.argv[1])); print(eval(sys.argv[2]))" "$@"; }

echo "loadengine-timing: target on $URL"
"$BIN" load --json -c4 -t2 --interval 200ms --warmup 400ms -d 1.5s "$URL/users/7" >"$WORK/phases.json"
check warmup_s "$(field "$WORK/phases.json" "d['warmup_s']")" 0.4 0.05 s
check elapsed_s "$(field "$WORK/phases.json" "d['elapsed_s']")" 1.5 0.1 s

"$BIN" load --json -c50 -t2 -d 2s "$URL/delay?ms=20" >"$WORK/delay.json"
check p50 "$(field "$WORK/delay.json" "d['latency_us']['p50']")" 20000 1000 us

"$BIN" load --json --rate 2000 -c10 -t1 -d 2s "$URL/health" >"$WORK/open.json"
check send_p50 "$(field "$WORK/open.json" "d['send_delay_us']['p50']")" 50 50 us

exit $failed
