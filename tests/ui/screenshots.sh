#!/usr/bin/env bash
# Regenerates the GUI screenshots in docs/screenshots/ under Xvfb, from real plans and real runs
# of the reference target on loopback. One function per page: page_NAME writes its PNGs.
#
#   tests/ui/screenshots.sh [PAGE...]     (default: every page_* function)
#
# Needs a build (BUILD, default build/) with gui_demo, gui_pages and stackbench, and Xvfb. With
# ImageMagick (import, convert) the X screen is captured; without it the program grabs its own
# window. DISPLAY_NUMBER picks the X display (default :98).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
BUILD="${BUILD:-$ROOT/build}"
OUT="$ROOT/docs/screenshots"
DISPLAY_NUMBER="${DISPLAY_NUMBER:-:98}"
DEMO="$BUILD/tests/gui_demo"
PAGES="$BUILD/tests/gui_pages"
WIDTH=1280
HEIGHT=800
WORK="$(mktemp -d)"
XVFB_PID=""
DEMO_PID=""

cleanup() {
  [ -n "$DEMO_PID" ] && kill "$DEMO_PID" 2>/dev/null || true
  [ -n "$XVFB_PID" ] && kill "$XVFB_PID" 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

start_xvfb() {
  Xvfb "$DISPLAY_NUMBER" -screen 0 1600x1000x24 -nolisten tcp >"$WORK/xvfb.log" 2>&1 &
  XVFB_PID=$!
  local socket="/tmp/.X11-unix/X${DISPLAY_NUMBER#:}"
  for _ in $(seq 100); do
    [ -S "$socket" ] && return 0
    kill -0 "$XVFB_PID" 2>/dev/null || break
    sleep 0.1
  done
  echo "screenshots: Xvfb did not start on $DISPLAY_NUMBER:" >&2
  cat "$WORK/xvfb.log" >&2
  exit 1
}

# shoot NAME.png GUI_DEMO_ARGS... : runs gui_demo, waits for its "ready" line (at most 60 s),
# takes the screen, crops it to the window and ends gui_demo.
shoot() {
  local name="$1"
  shift
  mkdir -p "$OUT"
  if [ ! -x /usr/bin/import ] || [ ! -x /usr/bin/convert ]; then
    DISPLAY="$DISPLAY_NUMBER" XDG_CONFIG_HOME="$WORK/config" XDG_DATA_HOME="$WORK/data" \
      timeout 120 "$DEMO" --size "${WIDTH}x${HEIGHT}" --store "$WORK/runs.sqlite" \
      --grab "$OUT/$name" "$@"
    echo "screenshots: $OUT/$name (window grab)"
    return
  fi
  : >"$WORK/demo.out"
  DISPLAY="$DISPLAY_NUMBER" XDG_CONFIG_HOME="$WORK/config" XDG_DATA_HOME="$WORK/data" \
    "$DEMO" --size "${WIDTH}x${HEIGHT}" --store "$WORK/runs.sqlite" "$@" \
    >"$WORK/demo.out" 2>"$WORK/demo.err" &
  DEMO_PID=$!
  for _ in $(seq 600); do
    grep -q '^ready$' "$WORK/demo.out" && break
    if ! kill -0 "$DEMO_PID" 2>/dev/null; then
      echo "screenshots: gui_demo ended early:" >&2
      cat "$WORK/demo.err" >&2
      exit 1
    fi
    sleep 0.1
  done
  grep -q '^ready$' "$WORK/demo.out" || { echo "screenshots: gui_demo never got ready" >&2; exit 1; }
  /usr/bin/import -display "$DISPLAY_NUMBER" -window root "$WORK/screen.png"
  /usr/bin/convert "$WORK/screen.png" -crop "${WIDTH}x${HEIGHT}+0+0" +repage "$OUT/$name"
  kill "$DEMO_PID"
  wait "$DEMO_PID" 2>/dev/null || true
  DEMO_PID=""
  echo "screenshots: $OUT/$name"
}

demo_plan() {
  cp "$ROOT/resources/plans/templates/reference-vs-second.json" "$WORK/demo.json"
  echo "$WORK/demo.json"
}

# The plan page: the demo plan, one key mistyped while editing (so a problem is underlined and
# listed, and the outline shows the last valid version), the cursor on the problem.
page_plan() {
  shoot plan.png --page plan --edit '"cooldown_s"="cooldown"' "$(demo_plan)"
}

# The same in a dark Fusion palette, to see that the highlighter and the window stay readable.
page_plan_dark() {
  shoot plan-dark.png --dark --page plan --edit '"cooldown_s"="cooldown"' "$(demo_plan)"
}

# Check results: the demo plan with one parity check expecting the wrong status, checked.
page_check() {
  local plan
  plan="$(demo_plan)"
  sed -i 's/"expect": 404/"expect": 410/' "$plan"
  shoot check.png --page plan --check "$plan"
}

# ---- History: three real runs of the built-in demo plan (`stackbench demo --profile ci`, the
# reference target against the Python server) in a store of their own.

HISTORY_PID=""

# history_demo STORE OUT: starts the demo's ci profile into STORE in the background, its output
# in OUT; HISTORY_PID is its pid. The demo chooses its servers' ports free when it starts.
history_demo() {
  XDG_DATA_HOME="$WORK/data" "$BUILD/app/stackbench" demo --profile ci --store "$1" >"$2" 2>&1 &
  HISTORY_PID=$!
}

# history_stop: ends the demo still running, if any (never fails: it runs in the EXIT trap,
# under set -e, before cleanup).
history_stop() {
  if [ -n "$HISTORY_PID" ]; then kill "$HISTORY_PID" 2>/dev/null || true; fi
}

# history_wait OUT N: waits (at most 300 s) until OUT has N measured windows ("  ok " lines);
# false when the demo ended or the time ran out first.
history_wait() {
  for _ in $(seq 3000); do
    [ "$(grep -c '^  ok ' "$1" || true)" -ge "$2" ] && return 0
    kill -0 "$HISTORY_PID" 2>/dev/null || return 1
    sleep 0.1
  done
  return 1
}

# history_end OUT STATUS: waits for the demo to end; fails unless its run ended STATUS
# (finished, interrupted). history_id OUT: the run's id.
history_end() {
  wait "$HISTORY_PID" || true
  HISTORY_PID=""
  grep -q "^run .* $2: " "$1" || { echo "screenshots: the demo run did not end $2:" >&2; cat "$1" >&2; exit 1; }
}
history_id() {
  sed -n 's/^run \([0-9a-f-]*\)$/\1/p' "$1" | head -1
}

# history_vars OUT: the gui_demo options giving the window the demo's plan variables as the
# demo printed them ("stackbench demo: plan DATA_DIR/demo.json, Python server in DEMO_DIR" and
# "stackbench demo: ports N (native) and M (python), ..."), as
# `stackbench demo --gui` gives them, so a stored demo run opens with its whole planned matrix.
history_vars() {
  local line plan ports
  line="$(sed -n 's/^stackbench demo: plan \(.*\), Python server in \(.*\)$/\1\t\2/p' "$1" | head -1)"
  plan="${line%%$'\t'*}"
  [ -n "$line" ] || { echo "screenshots: the demo did not say where its plan is:" >&2; cat "$1" >&2; exit 1; }
  ports="$(sed -n 's/^stackbench demo: ports \([0-9]*\) (native) and \([0-9]*\) (python).*/\1 \2/p' "$1" | head -1)"
  [ -n "$ports" ] || { echo "screenshots: the demo did not say its ports:" >&2; cat "$1" >&2; exit 1; }
  echo "--var data_dir=$(dirname "$plan") --var demo_dir=${line#*$'\t'}" \
    "--var demo_port_native=${ports% *} --var demo_port_python=${ports#* }"
}

# The first run measures every window; in the second the native server is killed (SIGKILL)
# after the first window, so the next window's warm-up fails closed and the cell is measured
# again with a fresh server; the third is stopped with Ctrl-C after three windows
# (interrupted, resumable). history.png: the second run selected, its details pane on the gate
# that fired and why. history-open.png: the interrupted run opened (its grid and cells, the
# cells it did not reach pending).
page_history() {
  local store="$WORK/history.sqlite" out remeasured interrupted server vars
  trap 'history_stop; cleanup' EXIT
  out="$WORK/history-1.out"
  history_demo "$store" "$out"
  history_end "$out" finished
  out="$WORK/history-2.out"
  history_demo "$store" "$out"
  history_wait "$out" 1 || { echo "screenshots: the second demo run did not get going:" >&2; cat "$out" >&2; exit 1; }
  server=$(sed -n 's/.*\[native\] started .*(pid \([0-9]*\),.*/\1/p' "$out" | head -1)
  [ -n "$server" ] || { echo "screenshots: no native server pid in:" >&2; cat "$out" >&2; exit 1; }
  kill -9 "$server"
  history_end "$out" finished
  remeasured="$(history_id "$out")"
  grep -q '^  FAIL ' "$out" || { echo "screenshots: no window failed after the kill:" >&2; cat "$out" >&2; exit 1; }
  out="$WORK/history-3.out"
  history_demo "$store" "$out"
  history_wait "$out" 3 || { echo "screenshots: the third demo run did not get going:" >&2; cat "$out" >&2; exit 1; }
  kill -INT "$HISTORY_PID"
  history_end "$out" interrupted
  interrupted="$(history_id "$out")"
  trap cleanup EXIT
  shoot history.png --store "$store" --select-run "$remeasured" --details-tab 2
  vars="$(history_vars "$out")"
  # shellcheck disable=SC2086 # the options are words without spaces
  shoot history-open.png --store "$store" --select-run "$interrupted" --open $vars
}

# The two-target plan on free ports: 2 configurations x 3 routes x c=1,4 x 2 rounds.
two_targets_plan() {
  /usr/bin/python3 - "$ROOT/tests/data/plans/valid/two-targets.json" "$WORK/two-targets.json" <<'PY'
import json, socket, sys
plan = json.load(open(sys.argv[1]))
for c in plan["configurations"]:
    s = socket.socket(); s.bind(("127.0.0.1", 0)); c["port"] = s.getsockname()[1]; s.close()
plan["name"] = "demo"
plan["profiles"]["quick"]["measure_s"] = 5
json.dump(plan, open(sys.argv[2], "w"), indent=2)
PY
  echo "$WORK/two-targets.json"
}

# The run monitor mid-run: the 15th of 24 windows (round 2, so ghost lines of round 1), four
# charts with data, the grid filling in.
page_run_monitor() {
  mkdir -p "$OUT"
  DISPLAY="$DISPLAY_NUMBER" QT_QPA_PLATFORM=xcb XDG_CONFIG_HOME="$WORK/config" \
    GUI_PAGES_SIZE="${WIDTH}x${HEIGHT}" "$PAGES" monitor --plan "$(two_targets_plan)" --store "$WORK/monitor.sqlite" \
    --screenshot "$OUT/run-monitor.png" --shot-window 15 --stop-after-shot
  echo "screenshots: $OUT/run-monitor.png"
}

# The quick test after 5 s of /users/1 with the target's tree sampled: summary and curve.
page_quick_test() {
  mkdir -p "$OUT"
  DISPLAY="$DISPLAY_NUMBER" QT_QPA_PLATFORM=xcb XDG_CONFIG_HOME="$WORK/config" \
    GUI_PAGES_SIZE="${WIDTH}x${HEIGHT}" "$PAGES" quicktest --screenshot "$OUT/quick-test.png" --seconds 5
  echo "screenshots: $OUT/quick-test.png"
}

# ---- Compare: two real runs of the built-in demo plan (`stackbench demo`, the reference target
# against the Python server) in a store of their own, side by side. COMPARE_PROFILE picks the
# demo's profile: quick by default (2 rounds at c=4 and 32, about 70 s a run), so each cell has
# two windows a side for a verdict and the charts against concurrency two levels; ci has one
# window a cell (every verdict "not enough windows") at one level.

# compare_demo STORE: runs the demo into STORE (its servers' data under $WORK/compare-data),
# prints the run's id; fails unless the run finished.
compare_demo() {
  local out="$WORK/compare-demo.out"
  XDG_DATA_HOME="$WORK/compare-data" "$BUILD/app/stackbench" demo \
    --profile "${COMPARE_PROFILE:-quick}" --store "$1" >"$out" 2>&1 || {
    echo "screenshots: stackbench demo failed:" >&2
    tail -30 "$out" >&2
    exit 1
  }
  sed -n 's/^run \([0-9a-f-]*\) finished: .*/\1/p' "$out" | head -1
}

# compare.png: the page in the main window with the two runs ticked, the first the baseline,
# the table cell by cell with its verdicts, and /users/42's 2xx/s and latency against
# concurrency. compare-export.png: the percentile curves of that route at c=32 as File > Export
# writes them as PDF, rendered back to PNG (pdftoppm; without it, chromium on the SVG export).
page_compare() {
  local store="$WORK/compare.sqlite" a b
  a="$(compare_demo "$store")"
  b="$(compare_demo "$store")"
  [ -n "$a" ] && [ -n "$b" ] || { echo "screenshots: no run id from stackbench demo" >&2; exit 1; }
  mkdir -p "$OUT"
  DISPLAY="$DISPLAY_NUMBER" QT_QPA_PLATFORM=xcb XDG_CONFIG_HOME="$WORK/config" \
    "$BUILD/tests/gui_compare" --window --size "${WIDTH}x${HEIGHT}" --store "$store" \
    --runs "$a,$b" --cell user:32 --tab 1 --export-dir "$WORK/charts" \
    --screenshot "$OUT/compare.png" >/dev/null
  echo "screenshots: $OUT/compare.png (runs $a and $b)"
  if command -v pdftoppm >/dev/null; then
    pdftoppm -png -r 110 -singlefile "$WORK/charts/chart2_0.pdf" "$OUT/compare-export"
  else
    chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
      --disable-background-networking --disable-component-update --disable-sync \
      --user-data-dir="$WORK/chromium" --window-size=900,400 \
      --screenshot="$OUT/compare-export.png" "file://$WORK/charts/chart2_0.svg" 2>/dev/null
  fi
  echo "screenshots: $OUT/compare-export.png (the percentile chart exported as PDF)"
}

# CPU profiles of a real run: the demo plan's cpu route at c=10 on both servers, one round of
# 5 s windows, then its profiling window each (DWARF), as the full profile takes them.
# profile.png: History, the native server's flame graph with "SHA256" searched. profile-diff.png:
# the differential flame graph of the two servers' profiles (native against python).
page_profiles() {
  local store="$WORK/profiles.sqlite" plan="$WORK/profiles.json" out="$WORK/profiles.out" run
  mkdir -p "$OUT" "$WORK/profiles-data"
  /usr/bin/python3 - "$ROOT/resources/plans/demo.json" "$plan" <<'PY'
import json, sys
plan = json.load(open(sys.argv[1]))
plan["profiles"] = {"shots": {"rounds": 1, "concurrency": [10], "warmup": "1s", "measure_s": 5,
                              "process": "round",
                              "profile_cpu": {"call_graph": "dwarf"}}}
# A picture, not a measurement: a busy machine must not stop it.
plan.setdefault("sampler", {})["foreign_gate"] = "100%machine"
json.dump(plan, open(sys.argv[2], "w"), indent=1)
PY
  "$BUILD/app/stackbench" run "$plan" --routes cpu --store "$store" \
    --var demo_port_native=18291 --var demo_port_python=18292 \
    --var demo_dir="$ROOT/resources/demo" --var data_dir="$WORK/profiles-data" >"$out" 2>&1 ||
    { echo "screenshots: the profiled run failed:" >&2; cat "$out" >&2; exit 1; }
  run="$(sed -n 's/^run \([0-9a-f-]*\) finished: .*/\1/p' "$out" | head -1)"
  # Profiles are listed in stored order: native's first, python's second.
  profile_shot() {
    local name="$1"
    shift
    DISPLAY="$DISPLAY_NUMBER" QT_QPA_PLATFORM=xcb XDG_CONFIG_HOME="$WORK/config" \
      "$BUILD/tests/gui_profiles" --store "$store" --show history --run "$run" \
      --size "${WIDTH}x${HEIGHT}" --screenshot "$OUT/$name" "$@" >/dev/null
    echo "screenshots: $OUT/$name (run $run)"
  }
  profile_shot profile.png --open 0 --search SHA256
  profile_shot profile-diff.png --diff 1,0
}

[ -x "$DEMO" ] || { echo "screenshots: build gui_demo first ($DEMO)" >&2; exit 1; }
[ -x "$PAGES" ] || { echo "screenshots: build gui_pages first ($PAGES)" >&2; exit 1; }
start_xvfb
pages=("$@")
if [ ${#pages[@]} -eq 0 ]; then
  mapfile -t pages < <(declare -F | awk '{print $3}' | sed -n 's/^page_//p')
fi
for page in "${pages[@]}"; do
  "page_$page"
done
