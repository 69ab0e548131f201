#!/usr/bin/env bash
# Screenshots of the GUI pages from real runs under Xvfb, into docs/screenshots/.
#
#   tests/ui/screenshots.sh [BUILD_DIR] [PAGE...]     PAGE: run-monitor quick-test (default: all)
#
# Needs Xvfb. DISPLAY_NUMBER picks the display (default 99). Each page is a function below;
# they run the real engine against reference targets on loopback.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${1:-$root/build}
shift || true
pages=("$@")
[ ${#pages[@]} -gt 0 ] || pages=(run-monitor quick-test)
out=$root/docs/screenshots
mkdir -p "$out"
work=$(mktemp -d)
xvfb_pid=

cleanup() {
    [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

start_xvfb() {
    local n=${DISPLAY_NUMBER:-99}
    Xvfb ":$n" -screen 0 1600x1000x24 -nolisten tcp >/dev/null 2>&1 &
    xvfb_pid=$!
    for _ in $(seq 50); do
        [ -e "/tmp/.X11-unix/X$n" ] && break
        sleep 0.1
    done
    export DISPLAY=":$n" QT_QPA_PLATFORM=xcb
}

# The two-target plan on free ports: 2 configurations x 3 routes x c=1,4 x 2 rounds.
write_demo_plan() {
    /usr/bin/python3 - "$root/tests/data/plans/valid/two-targets.json" "$1" <<'PY'
import json, socket, sys
plan = json.load(open(sys.argv[1]))
for c in plan["configurations"]:
    s = socket.socket(); s.bind(("127.0.0.1", 0)); c["port"] = s.getsockname()[1]; s.close()
plan["name"] = "demo"
plan["profiles"]["quick"]["measure_s"] = 5
json.dump(plan, open(sys.argv[2], "w"), indent=2)
PY
}

# Mid-run: the 15th of 24 windows (round 2, so ghost lines of round 1) measuring, four charts with data, the grid filling in.
shoot_run_monitor() {
    write_demo_plan "$work/demo.json"
    "$build/tests/gui_pages" monitor --plan "$work/demo.json" --store "$work/runs.sqlite" \
        --screenshot "$out/run-monitor.png" --shot-window 15 --stop-after-shot
}

# After a 5 s test of /users/1 with the target's tree sampled: summary and percentile curve.
shoot_quick_test() {
    "$build/tests/gui_pages" quicktest --screenshot "$out/quick-test.png" --seconds 5
}

start_xvfb
for page in "${pages[@]}"; do
    case $page in
    run-monitor) shoot_run_monitor ;;
    quick-test) shoot_quick_test ;;
    *) echo "screenshots.sh: unknown page '$page'" >&2; exit 2 ;;
    esac
done
