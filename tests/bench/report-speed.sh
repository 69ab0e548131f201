#!/usr/bin/env bash
# report-speed.sh [RUNS] [WINDOWS_PER_RUN]
# How fast the store and the statistics answer on a big store: builds one with RUNS runs
# (default 10) of WINDOWS_PER_RUN windows each (default 1000; each window with 30 intervals,
# 30 samples and a latency histogram) by importing generated exports, then times, best of 5:
#   stackbench list                     (target: under 200 ms for 10,000 windows)
#   stackbench report RUN --format json (target: under 1 s for 1,000 windows)
#   stackbench report RUN (Markdown)
#   stackbench compare RUN_A RUN_B      (target: under 1 s for 1,000 windows each)
# Prints each figure with its target and exits 1 when one is missed. Whole-process wall times.
# Environment: STACKBENCH (path to the binary, default build/app/stackbench).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
STACKBENCH=${STACKBENCH:-$HERE/../../build/app/stackbench}
RUNS=${1:-10}
WINDOWS=${2:-1000}
[ -x "$STACKBENCH" ] || { echo "report-speed: $STACKBENCH is not built" >&2; exit 2; }

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
STORE=$WORK/runs.sqlite

/usr/bin/python3 - "$WORK" "$RUNS" "$WINDOWS" <<'PY'
import base64, json, random, sys, zlib
work, runs, windows = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])

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
for n in range(runs):
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
                                       "ok": ok // 30, "errors": 0, "ok_per_s": ok / 30, "p50_us": 800,
                                       "p99_us": 1800, "max_us": 1999, "server_cores": 1.0,
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

best() { # best LABEL TARGET_S COMMAND... : best of five wall times
  local label=$1 target=$2; shift 2
  local best=""
  for _ in 1 2 3 4 5; do
    local t0 t1 s
    t0=$(date +%s.%N); "$@" >/dev/null; t1=$(date +%s.%N)
    s=$(echo "$t1 - $t0" | bc -l)
    if [ -z "$best" ] || [ "$(echo "$s < $best" | bc -l)" = 1 ]; then best=$s; fi
  done
  local verdict=ok
  [ "$(echo "$best < $target" | bc -l)" = 1 ] || { verdict=SLOW; FAILED=1; }
  printf '%-44s %8.3f s  (target < %s s) %s\n' "$label" "$best" "$target" "$verdict"
}

FAILED=0
TOTAL=$((RUNS * WINDOWS))
echo "report-speed: $RUNS runs x $WINDOWS windows = $TOTAL windows in $STORE ($(du -h "$STORE" | cut -f1))"
best "list ($TOTAL windows)" 0.2 "$STACKBENCH" list --store "$STORE"
best "report --format json ($WINDOWS windows)" 1 "$STACKBENCH" report "$A" --format json --store "$STORE"
best "report, Markdown ($WINDOWS windows)" 1 "$STACKBENCH" report "$A" --store "$STORE"
best "compare ($WINDOWS + $WINDOWS windows)" 1 "$STACKBENCH" compare "$A" "$B" --store "$STORE"
POOLED=$("$STACKBENCH" report "$A" --format json --store "$STORE" | /usr/bin/python3 -c \
  'import json,sys; print(min(c["pooled_latency_us"]["count"] for c in json.load(sys.stdin)["cells"]))')
[ "$POOLED" -gt 0 ] || { echo "report-speed: the generated histograms did not decode"; exit 1; }
exit $FAILED
