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

/usr/bin/python3 "$HERE/synthstore.py" "$WORK" 2 "$WINDOWS" --jitter

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
