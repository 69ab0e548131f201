#!/usr/bin/env bash
# `stackbench load` against the clock: the reference target's /delay?ms=20 answers after 20 ms,
# so the measured p50 must be 20 ms within 1 ms (connection setup, scheduling and the histogram's
# precision included). Moved here from tst_loadcli: CTest keeps only ordering and the lower
# bound; this needs a quiet machine.
#
#   tests/bench/loadcli-latency.sh [path/to/stackbench] [SECONDS] [CONNECTIONS]
#
# Prints p50, p99 and the distance from 20 ms; exits 1 when |p50 - 20 ms| > 1 ms.
set -euo pipefail

BIN=${1:-build/app/stackbench}
SECONDS_=${2:-2}
CONNECTIONS=${3:-50}
[[ -x $BIN ]] || { echo "no stackbench binary at '$BIN'" >&2; exit 2; }

WORK=$(mktemp -d)
TARGET=""
cleanup() {
    if [[ -n $TARGET ]]; then
        kill "$TARGET" 2>/dev/null || true
        wait "$TARGET" 2>/dev/null || true
    fi
    rm -rf "$WORK"
}
trap cleanup EXIT

: >"$WORK/target.log"
"$BIN" target --port 0 --threads 2 --db "$WORK/t.sqlite" >"$WORK/target.log" 2>&1 &
TARGET=$!
PORT=""
for _ in $(seq 600); do
    PORT=$(sed -n 's|.*listening on http://[^:]*:\([0-9]*\).*|\1|p' "$WORK/target.log")
    [[ -n $PORT ]] && break
    kill -0 "$TARGET" 2>/dev/null || { cat "$WORK/target.log" >&2; exit 2; }
    sleep 0.1
done
[[ -n $PORT ]] || { echo "the reference target did not start" >&2; exit 2; }

"$BIN" load -c "$CONNECTIONS" -d "${SECONDS_}s" --json "http://127.0.0.1:$PORT/delay?ms=20" \
    >"$WORK/load.json"
/usr/bin/python3 - "$WORK/load.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
lat = r["latency_us"]
p50, p99 = lat["p50"], lat["p99"]
off = p50 - 20000
print(f"p50 {p50 / 1000:.3f} ms, p99 {p99 / 1000:.3f} ms, p50 - 20 ms = {off / 1000:+.3f} ms "
      f"({r['ok']} responses, {r['elapsed_s']:.2f} s)")
sys.exit(0 if abs(off) <= 1000 else 1)
PY
