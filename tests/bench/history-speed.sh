#!/usr/bin/env bash
# history-speed.sh [RUNS] [WINDOWS_PER_RUN]
# How fast the History page lists a big store (GUI.md: 10,000 windows in under 200 ms): builds a
# store of RUNS runs (default 10) of WINDOWS_PER_RUN windows each (default 1000; each window
# with 30 intervals, 30 samples and a latency histogram, as report-speed.sh builds it) by
# importing generated exports with `stackbench import`, then times, in the history_speed
# program (offscreen), from "load requested" (HistoryPage::reload) to "model filled"
# (HistoryPage::runsLoaded): the first load, which opens the store, and the best of 5 after it.
# Prints the figures with the target and exits 1 when the first load misses it.
# Environment: BUILD (default build/), STACKBENCH (default $BUILD/app/stackbench).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
BUILD=${BUILD:-$HERE/../../build}
STACKBENCH=${STACKBENCH:-$BUILD/app/stackbench}
SPEED=$BUILD/tests/history_speed
RUNS=${1:-10}
WINDOWS=${2:-1000}
[ -x "$STACKBENCH" ] || { echo "history-speed: $STACKBENCH is not built" >&2; exit 2; }
[ -x "$SPEED" ] || { echo "history-speed: $SPEED is not built (target history_speed)" >&2; exit 2; }

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
STORE=$WORK/runs.sqlite

/usr/bin/python3 "$HERE/synthstore.py" "$WORK" "$RUNS" "$WINDOWS"

for f in "$WORK"/run*.json; do
  "$STACKBENCH" import "$f" --store "$STORE" >/dev/null
done

OUT=$(QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR="$WORK" "$SPEED" "$STORE" 5 2>"$WORK/err") || {
  cat "$WORK/err" >&2; exit 1; }
value() { echo "$OUT" | awk -v k="$1" '$1 == k { print $2 }'; }
LISTED=$(value windows)
FIRST=$(value first_ms)
BEST=$(value best_ms)
[ "$LISTED" = $((RUNS * WINDOWS)) ] || { echo "history-speed: listed $LISTED windows, not $((RUNS * WINDOWS))" >&2; exit 1; }
verdict=ok
[ "$(echo "$FIRST < 200" | bc -l)" = 1 ] || verdict=SLOW
printf 'history-speed: %s runs, %s windows in %s (%s)\n' "$(value runs)" "$LISTED" "$STORE" "$(du -h "$STORE" | cut -f1)"
printf '%-44s %8.1f ms  (target < 200 ms) %s\n' "History list, first load (opens the store)" "$FIRST" "$verdict"
printf '%-44s %8.1f ms\n' "History list, best of 5 after it" "$BEST"
[ "$verdict" = ok ]
