#!/usr/bin/env bash
# engine-vs-wrk.sh [ROUNDS] [SECONDS] [CONNECTIONS]
# Measures the load engine's efficiency against wrk's, in the same run: nginx (one worker, a
# small fixed response) on loopback, then alternating rounds of `stackbench load -t1 -cC` and
# `wrk -t1 -cC`, each timed with GNU time. Prints 2xx responses per client CPU-second for both,
# per round and as medians, and the ratio of the medians (stackbench / wrk).
# Environment: STACKBENCH (path to the binary, default build/app/stackbench), PORT (default 18089).
set -euo pipefail
ROUNDS=${1:-3}
SECONDS_PER_RUN=${2:-10}
CONNS=${3:-50}
HERE=$(cd "$(dirname "$0")" && pwd)
STACKBENCH=${STACKBENCH:-$HERE/../../build/app/stackbench}
PORT=${PORT:-18089}
for tool in nginx wrk /usr/bin/time; do
  command -v "$tool" >/dev/null || { echo "engine-vs-wrk: $tool is missing (run .ci/setup)" >&2; exit 2; }
done
[ -x "$STACKBENCH" ] || { echo "engine-vs-wrk: $STACKBENCH is not built" >&2; exit 2; }

WORK=$(mktemp -d)
cleanup() { [ -f "$WORK/nginx.pid" ] && kill "$(cat "$WORK/nginx.pid")" 2>/dev/null; rm -rf "$WORK"; }
trap cleanup EXIT
cat > "$WORK/nginx.conf" <<CONF
worker_processes 1;
daemon on;
pid $WORK/nginx.pid;
error_log $WORK/error.log;
events { worker_connections 4096; }
http {
  access_log off;
  keepalive_requests 100000000;
  client_body_temp_path $WORK/body;
  proxy_temp_path $WORK/proxy;
  fastcgi_temp_path $WORK/fastcgi;
  uwsgi_temp_path $WORK/uwsgi;
  scgi_temp_path $WORK/scgi;
  server {
    listen 127.0.0.1:$PORT;
    location / { default_type text/plain; return 200 "hello, stackbench\n"; }
  }
}
CONF
nginx -c "$WORK/nginx.conf" -p "$WORK"
for _ in $(seq 50); do curl -s -o /dev/null "http://127.0.0.1:$PORT/" 2>/dev/null && break; \
  (exec 3<>/dev/tcp/127.0.0.1/$PORT) 2>/dev/null && break; sleep 0.1; done
URL="http://127.0.0.1:$PORT/"

# per_cpu_s OK CPU -> responses per client CPU-second
per_cpu() { awk -v ok="$1" -v cpu="$2" 'BEGIN { printf "%.0f", (cpu > 0 ? ok / cpu : 0) }'; }

sb_values=(); wrk_values=()
echo "engine-vs-wrk: nginx 1 worker on $URL, -t1 -c$CONNS, ${SECONDS_PER_RUN}s per run, $ROUNDS rounds"
printf '%-6s %-11s %12s %10s %14s\n' round tool 2xx cpu_s 2xx_per_cpu_s
for round in $(seq "$ROUNDS"); do
  # stackbench
  /usr/bin/time -f '%U %S' -o "$WORK/time" "$STACKBENCH" load -t1 -c"$CONNS" -d"$SECONDS_PER_RUN" --json "$URL" > "$WORK/sb.json"
  ok=$(grep -m1 '"ok"' "$WORK/sb.json" | tr -dc '0-9')
  cpu=$(awk '{ print $1 + $2 }' "$WORK/time")
  v=$(per_cpu "$ok" "$cpu"); sb_values+=("$v")
  printf '%-6s %-11s %12s %10s %14s\n' "$round" stackbench "$ok" "$cpu" "$v"
  # wrk
  /usr/bin/time -f '%U %S' -o "$WORK/time" wrk -t1 -c"$CONNS" -d"${SECONDS_PER_RUN}s" "$URL" > "$WORK/wrk.txt"
  total=$(awk '/requests in/ { print $1 }' "$WORK/wrk.txt")
  non2xx=$(awk -F': *' '/Non-2xx or 3xx responses/ { print $2 }' "$WORK/wrk.txt"); non2xx=${non2xx:-0}
  ok=$((total - non2xx))
  cpu=$(awk '{ print $1 + $2 }' "$WORK/time")
  v=$(per_cpu "$ok" "$cpu"); wrk_values+=("$v")
  printf '%-6s %-11s %12s %10s %14s\n' "$round" wrk "$ok" "$cpu" "$v"
done
median() { printf '%s\n' "$@" | sort -n | awk '{ a[NR] = $1 } END { print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) }'; }
ratios=()
for i in "${!sb_values[@]}"; do
  ratios+=("$(awk -v a="${sb_values[$i]}" -v b="${wrk_values[$i]}" 'BEGIN { printf "%.3f", (b > 0 ? a / b : 0) }')")
done
sb_med=$(median "${sb_values[@]}")
wrk_med=$(median "${wrk_values[@]}")
ratio=$(awk -v a="$sb_med" -v b="$wrk_med" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
echo "median 2xx per client CPU-second: stackbench $sb_med, wrk $wrk_med"
echo "ratio stackbench/wrk: $ratio"
echo "per-round ratios (same machine state): ${ratios[*]}; median $(median "${ratios[@]}")"
awk -v r="$ratio" 'BEGIN { exit (r >= 1.0 ? 0 : 1) }' || { echo "engine-vs-wrk: stackbench is less efficient than wrk" >&2; exit 1; }
