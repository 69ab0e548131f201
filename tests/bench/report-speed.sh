#!/usr/bin/env bash
# report-speed.sh [RUNS] [WINDOWS_PER_RUN]
# How fast the store and the statistics answer on a big store: builds one with RUNS runs
# (default 10) of WINDOWS_PER_RUN windows each (default 1000; each window with 30 intervals,
# 30 samples and a latency histogram) by importing generated exports, then times, best of 5:
#   stackbench list                     (target: under 200 ms for 10,000 windows)
#   stackbench report RUN --format json (target: under 1 s for 1,000 windows)
#   stackbench report RUN (Markdown)
#   stackbench compare RUN_A RUN_B      (target: under 1 s for 1,000 windows each)
#   stackbench report RUN --format html (target: under 2 s for 1,000 windows)
#   the same with a route named by LONG_NAME characters (default 1,000,000; an import can bring
#   such a name, a plan cannot): under 5 s, the file under 20 bytes per character of the name
#   (generation is linear in its input: before, 50,000 characters took 13-33 s and 2.5 GB)
# Prints each figure with its target and exits 1 when one is missed. Whole-process wall times.
# Environment: STACKBENCH (path to the binary, default build/app/stackbench), LONG_NAME.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
STACKBENCH=${STACKBENCH:-$HERE/../../build/app/stackbench}
RUNS=${1:-10}
WINDOWS=${2:-1000}
[ -x "$STACKBENCH" ] || { echo "report-speed: $STACKBENCH is not built" >&2; exit 2; }

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
STORE=$WORK/runs.sqlite

/usr/bin/python3 "$HERE/synthstore.py" "$WORK" "$RUNS" "$WINDOWS"

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
best "report --format html ($WINDOWS windows)" 2 "$STACKBENCH" report "$A" --format html --store "$STORE"

# Run 0 again with its first route renamed to LONG_NAME characters, under another id.
LONG_NAME=${LONG_NAME:-1000000}
LONG=20261201-999999-ffff
/usr/bin/python3 - "$WORK/run0.json" "$WORK/long.json" "$LONG" "$LONG_NAME" <<'PY'
import base64, json, sys
src, dst, run_id, n = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
doc = json.load(open(src))
plan = json.loads(base64.b64decode(doc["run"]["plan_text"]))
old = plan["routes"][0]["name"]
new = "r" * n
plan["routes"][0]["name"] = new
doc["run"]["id"] = run_id
doc["run"]["plan_text"] = base64.b64encode(json.dumps(plan).encode()).decode()
for w in doc["windows"]:
    if w["route"] == old:
        w["route"] = new
json.dump(doc, open(dst, "w"))
PY
if "$STACKBENCH" import "$WORK/long.json" --store "$STORE" >/dev/null 2>"$WORK/long.err"; then
  best "report --format html ($LONG_NAME-character route)" 5 \
    "$STACKBENCH" report "$LONG" --format html -o "$WORK/long.html" --store "$STORE"
  SIZE=$(stat -c %s "$WORK/long.html")
  printf '%-44s %8d bytes (target < %d) %s\n' "  its size" "$SIZE" $((20 * LONG_NAME + 4000000)) \
    "$([ "$SIZE" -lt $((20 * LONG_NAME + 4000000)) ] && echo ok || { FAILED=1; echo LARGE; })"
else
  echo "report-speed: import refused the $LONG_NAME-character route name: $(head -c 300 "$WORK/long.err")"
fi
POOLED=$("$STACKBENCH" report "$A" --format json --store "$STORE" | /usr/bin/python3 -c \
  'import json,sys; print(min(c["pooled_latency_us"]["count"] for c in json.load(sys.stdin)["cells"]))')
[ "$POOLED" -gt 0 ] || { echo "report-speed: the generated histograms did not decode"; exit 1; }
exit $FAILED
