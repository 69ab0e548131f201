#!/usr/bin/env bash
# compare-speed.sh [WINDOWS_PER_RUN]
# How fast Compare and the HTML report answer on runs of WINDOWS_PER_RUN windows (default 500;
# each with 30 intervals, 30 samples and a latency histogram; 2 configurations x 5 routes x 4
# concurrency levels, as report-speed.sh builds them) imported from generated exports:
#   Compare of two such runs, from the request to the page painted   (target: under 500 ms)
#     (tests/gui_compare on the offscreen platform, or on DISPLAY when set; best of 5)
#   stackbench report RUN --format html -o FILE                     (target: under 2 s)
#     (whole-process wall time, best of 5)
# Prints each figure with its target and exits 1 when one is missed; with the comparison's CPU
# time (all threads) and the load average, since on a busy machine its wall time is mostly the
# wait for a core.
# Environment: BUILD (default build/), DISPLAY to draw on an X server instead of offscreen.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
BUILD=${BUILD:-$HERE/../../build}
STACKBENCH=$BUILD/app/stackbench
GUI=$BUILD/tests/gui_compare
WINDOWS=${1:-500}
[ -x "$STACKBENCH" ] || { echo "compare-speed: $STACKBENCH is not built" >&2; exit 2; }
[ -x "$GUI" ] || { echo "compare-speed: $GUI is not built" >&2; exit 2; }

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
STORE=$WORK/runs.sqlite
export XDG_CONFIG_HOME=$WORK/config
[ -n "${DISPLAY:-}" ] || export QT_QPA_PLATFORM=offscreen

/usr/bin/python3 - "$WORK" "$WINDOWS" <<'PY'
import base64, json, random, sys, zlib
work, windows = sys.argv[1], int(sys.argv[2])

def varint(v):
    out = bytearray()
    while True:
        b = v & 0x7F
        v >>= 7
        out.append(b | (0x80 if v else 0))
        if not v:
            return bytes(out)

def histogram(rng, count):
    # Stackbench's sparse HDR encoding: 1 us .. 1 h, 3 digits; values below 2048 us index
    # themselves.
    buckets = sorted(rng.sample(range(300, 2000), 40))
    counts = [count // 40] * 40
    body = b"SBHG" + bytes([1]) + varint(1) + varint(3600000000) + varint(3) + \
        varint(sum(counts)) + varint(0)
    prev = -1
    for b, c in zip(buckets, counts):
        body += varint(b - prev) + varint(c)
        prev = b
    crc = zlib.crc32(body) & 0xFFFFFFFF
    return base64.b64encode(body + crc.to_bytes(4, "little")).decode()

configs, routes, conc = ["native", "python"], ["health", "echo", "me", "users", "cpu"], [10, 50, 100, 500]
plan = {"name": "speed", "configurations": [{"name": c} for c in configs],
        "routes": [{"name": r} for r in routes]}
for n in range(2):
    rng = random.Random(n)
    run_id = "20261201-%06d-%04x" % (n, n)
    out = []
    w = 0
    rnd = 0
    while w < windows:
        for c in configs:
            for r in routes:
                for k in conc:
                    if w >= windows:
                        break
                    ok = int((20000 if c == "native" else 2000) * rng.uniform(0.95, 1.05)) * 30
                    out.append({
                        "id": w, "round": rnd, "configuration": c, "route": r, "concurrency": k,
                        "attempt": 0, "valid": True, "invalid_reason": "", "flags": [],
                        "started_at": "2026-12-01T10:00:00.000Z", "elapsed_s": 30.0,
                        "drain_s": 0.001, "in_flight_at_end": k, "requests": ok, "ok": ok,
                        "status_counts": {"200": ok}, "errors": {"connect": 0, "read": 0, "write": 0, "timeout": 0, "parse": 0},
                        "bytes_in": ok * 100, "bytes_out": ok * 80, "reconnects": 0, "client_cpu_s": 12.0,
                        "latency_us": {"p50": 800, "p90": 1200, "p99": 1800, "p999": 1950, "max": 1999},
                        "histogram": histogram(rng, ok), "histogram_uncorrected": "",
                        "server_cpu_s": 30.0, "server_cores_mean": 1.0, "foreign_pct_mean": 3.0,
                        "foreign_pct_peak": 9.0, "excluded_pct_mean": 0.0, "generator_pct_mean": 40.0,
                        "rss_bytes_peak": 70 << 20, "pss_bytes_peak": 50 << 20, "checkpoints": 0,
                        "gates": {"client_bound": {"threads": 2}},
                        "intervals": [{"index": i, "start_s": i, "end_s": i + 1, "requests": ok // 30,
                                       "ok": ok // 30, "errors": 0, "ok_per_s": ok / 30 * rng.uniform(0.97, 1.03),
                                       "p50_us": 800, "p99_us": 1800, "max_us": 1999, "server_cores": 1.0,
                                       "foreign_pct": 3.0, "excluded_pct": 0.0, "generator_pct": 40.0,
                                       "rss_bytes": 70 << 20, "pss_bytes": 50 << 20} for i in range(30)],
                        "samples": [{"at_s": i + 1, "series": "own-pct", "value": 2.0} for i in range(30)]})
                    w += 1
        rnd += 1
    doc = {"schema": "stackbench-export", "version": 1,
           "run": {"id": run_id, "plan_path": "/tmp/speed.json",
                   "plan_text": base64.b64encode(json.dumps(plan).encode()).decode(),
                   "plan_sha256": "", "profile": "full", "only": [], "routes": [],
                   "started_at": "2026-12-01T10:00:00.000Z", "finished_at": "2026-12-01T12:00:00.000Z",
                   "status": "finished", "environment": {"cores": 2}, "file_hashes": {},
                   "runner_pid": 0, "runner_host": "", "runner_start": ""},
           "configurations": [], "windows": out, "events": [], "server_logs": []}
    with open("%s/run%d.json" % (work, n), "w") as f:
        json.dump(doc, f)
PY

for f in "$WORK"/run*.json; do
  "$STACKBENCH" import "$f" --store "$STORE" >/dev/null
done
A=20261201-000000-0000
B=20261201-000001-0001
FAILED=0

check() { # check LABEL SECONDS TARGET_S: prints the figure, and FAILED=1 when it is missed
  local verdict=ok
  [ "$(echo "$2 < $3" | bc -l)" = 1 ] || { verdict=SLOW; FAILED=1; }
  printf '%-60s %8.3f s  (target < %s s) %s\n' "$1" "$2" "$3" "$verdict"
}

echo "compare-speed: 2 runs x $WINDOWS windows in $STORE ($(du -h "$STORE" | cut -f1)), platform ${QT_QPA_PLATFORM:-xcb on $DISPLAY}"
OUT=$("$GUI" --store "$STORE" --runs "$A,$B" --repeat 4 --html "$A" --html-out "$WORK/gui.html")
echo "$OUT" | sed -n 's/^/  gui_compare: /p' | grep -v ': ready$'
BEST_MS=$(echo "$OUT" | sed -n 's/^compare: best of [0-9]*: \([0-9.]*\) ms .*/\1/p')
[ -n "$BEST_MS" ] || { echo "compare-speed: gui_compare printed no figure" >&2; exit 1; }
BEST_S=$(echo "$BEST_MS / 1000" | bc -l)
check "Compare, request to painted ($WINDOWS + $WINDOWS windows)" "$BEST_S" 0.5
CPU_MS=$(echo "$OUT" | sed -n 's/^compare: best of .*CPU of all threads: \([0-9.]*\) ms)$/\1/p')
echo "  (its CPU, all threads: ${CPU_MS:-?} ms; load average $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores)"

best=""
for _ in 1 2 3 4 5; do
  t0=$(date +%s.%N)
  "$STACKBENCH" report "$A" --format html -o "$WORK/report.html" --store "$STORE" 2>/dev/null
  t1=$(date +%s.%N)
  s=$(echo "$t1 - $t0" | bc -l)
  if [ -z "$best" ] || [ "$(echo "$s < $best" | bc -l)" = 1 ]; then best=$s; fi
done
check "report --format html ($WINDOWS windows, $(du -h "$WORK/report.html" | cut -f1))" "$best" 2
grep -q '<svg ' "$WORK/report.html" || { echo "compare-speed: the HTML report has no chart"; exit 1; }
exit $FAILED
