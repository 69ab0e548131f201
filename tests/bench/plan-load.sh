#!/usr/bin/env bash
# plan-load.sh [ROUTES...]
# How long `stackbench check --no-parity` takes to load and validate a generated plan, for each
# route count (default 10000 40000) in two shapes: the whole plan on one line (as a generator
# writes JSON) and one route per line. Each route has a method, a query, a header repeating the
# configuration's secret, a JSON body and an expected status. Prints the best of three runs in
# seconds (wall and user+system CPU) and, per shape, the ratio of the largest to the smallest
# count next to the ratio of the counts (linear: the same; quadratic: its square).
# Environment: STACKBENCH (path to the binary, default build/app/stackbench).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
STACKBENCH=${STACKBENCH:-$HERE/../../build/app/stackbench}
COUNTS=("$@")
[ ${#COUNTS[@]} -gt 0 ] || COUNTS=(10000 40000)
[ -x "$STACKBENCH" ] || { echo "plan-load: $STACKBENCH is not built" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "plan-load: /usr/bin/time is missing" >&2; exit 2; }

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

generate() { # generate ROUTES SHAPE > plan.json
  /usr/bin/python3 - "$1" "$2" <<'PY'
import json, sys
n, shape = int(sys.argv[1]), sys.argv[2]
key = "k-bench-secret-4242"
plan = {"format": 1, "name": "plan-load",
        "configurations": [{"name": "a", "command": ["server", "${port}"], "port": 9000,
                            "env": {"API_KEY": key}, "secret_env": ["API_KEY"]}],
        "routes": [{"name": "r%d" % i, "method": "POST", "path": "/items/%d?x=1" % i,
                    "headers": {"Authorization": "Bearer " + key}, "body": {"id": i},
                    "expect": 201} for i in range(n)],
        "profiles": {"quick": {"concurrency": [1, 10]}}}
if shape == "one-line":
    print(json.dumps(plan))
else:
    routes = ",\n".join(json.dumps(r) for r in plan.pop("routes"))
    text = json.dumps(plan)
    print(text[:-1] + ', "routes": [\n' + routes + '\n]}')
PY
}

best_of_three() { # best_of_three PLAN -> "wall cpu"
  local best_wall="" best_cpu="" out wall cpu
  for _ in 1 2 3; do
    out=$( { /usr/bin/time -f "%e %U %S" "$STACKBENCH" check --no-parity "$1" >/dev/null; } 2>&1 | tail -1)
    read -r wall user sys <<<"$out"
    cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
    if [ -z "$best_wall" ] || awk -v a="$wall" -v b="$best_wall" 'BEGIN { exit !(a < b) }'; then
      best_wall=$wall
    fi
    if [ -z "$best_cpu" ] || awk -v a="$cpu" -v b="$best_cpu" 'BEGIN { exit !(a < b) }'; then
      best_cpu=$cpu
    fi
  done
  echo "$best_wall $best_cpu"
}

printf "%-14s %8s %10s %8s %8s\n" shape routes bytes wall_s cpu_s
for shape in one-line line-per-route; do
  first_wall="" first_n=""
  for n in "${COUNTS[@]}"; do
    plan=$WORK/$shape-$n.json
    generate "$n" "$shape" >"$plan"
    "$STACKBENCH" check --no-parity "$plan" >/dev/null # must be valid
    read -r wall cpu <<<"$(best_of_three "$plan")"
    printf "%-14s %8d %10d %8s %8s\n" "$shape" "$n" "$(stat -c %s "$plan")" "$wall" "$cpu"
    if [ -z "$first_wall" ]; then
      first_wall=$wall first_n=$n
    else
      awk -v w="$wall" -v f="$first_wall" -v n="$n" -v m="$first_n" 'BEGIN {
        printf "%-14s %d/%d routes: time x%.1f for routes x%.1f\n", "", n, m, (f > 0 ? w / f : 0), n / m }'
    fi
  done
done
