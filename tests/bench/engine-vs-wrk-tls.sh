#!/usr/bin/env bash
# engine-vs-wrk-tls.sh [ROUNDS] [SECONDS] [CONNECTIONS]
# HTTP/1.1 over TLS: the load engine's efficiency against wrk's, in the same run, on loopback,
# modelled on engine-vs-wrk.sh. nginx (one worker, `ssl` with a throwaway CA's certificate for
# 127.0.0.1, TLS 1.3, a small fixed response, keep-alive), then per concurrency (a comma list,
# default 10,100,1000) alternating rounds of `stackbench load -t1 -cC https://...` (certificate
# verified against the CA: --cacert) and `wrk -t1 -cC https://...` (wrk does not verify), each
# timed with GNU time (user + system CPU of the whole process). Every stackbench round is checked
# against nginx's stub_status (on a plain port): the requests nginx counted must be the responses
# stackbench counted. Prints per-round lines and one table: per row the medians of 2xx per client
# CPU-second, their ratio, and the median of the per-round ratios; the handshake time p50 of
# stackbench's last round per row. Exit 1 when a row's ratio is below 1.
# Figures on a shared machine are indicative only.
# Environment: STACKBENCH (the binary, default build/app/stackbench), PORT (default 18443; the
# stub_status port is PORT + 1).
set -euo pipefail
ROUNDS=${1:-3}
SECONDS_PER_RUN=${2:-5}
CONNS_LIST=${3:-10,100,1000}
HERE=$(cd "$(dirname "$0")" && pwd)
STACKBENCH=${STACKBENCH:-$HERE/../../build/app/stackbench}
PORT=${PORT:-18443}
STUB_PORT=$((PORT + 1))
PY=/usr/bin/python3
for tool in nginx wrk curl openssl /usr/bin/time "$PY"; do
  command -v "$tool" >/dev/null || { echo "engine-vs-wrk-tls: $tool is missing" >&2; exit 2; }
done
[ -x "$STACKBENCH" ] || { echo "engine-vs-wrk-tls: $STACKBENCH is not built" >&2; exit 2; }

HARD=$(ulimit -Hn)
[ "$HARD" = unlimited ] && HARD=20000
FD_LIMIT=$(( HARD > 20000 ? 20000 : HARD ))
ulimit -n "$FD_LIMIT"
NGINX_CONNS=$(( FD_LIMIT - 64 ))

WORK=$(mktemp -d)
cleanup() { [ -f "$WORK/nginx.pid" ] && kill "$(cat "$WORK/nginx.pid")" 2>/dev/null; rm -rf "$WORK"; }
trap cleanup EXIT

# A throwaway CA and a server certificate for 127.0.0.1.
(
  cd "$WORK"
  openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 \
    -subj "/CN=engine-vs-wrk-tls CA" -keyout ca.key -out ca.pem 2>/dev/null
  openssl req -new -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes \
    -subj "/CN=127.0.0.1" -keyout server.key -out server.csr 2>/dev/null
  printf 'subjectAltName = IP:127.0.0.1\nbasicConstraints = CA:FALSE\n' > ext.cnf
  openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 2 \
    -extfile ext.cnf -out server.pem 2>/dev/null
)
USER_LINE=
[ "$(id -u)" = 0 ] && USER_LINE="user root;"
cat > "$WORK/nginx.conf" <<CONF
$USER_LINE
worker_processes 1;
worker_rlimit_nofile $FD_LIMIT;
daemon on;
pid $WORK/nginx.pid;
error_log $WORK/error.log;
events { worker_connections $NGINX_CONNS; }
http {
  access_log off;
  keepalive_requests 100000000;
  ssl_protocols TLSv1.3;
  client_body_temp_path $WORK/body;
  proxy_temp_path $WORK/proxy;
  fastcgi_temp_path $WORK/fastcgi;
  uwsgi_temp_path $WORK/uwsgi;
  scgi_temp_path $WORK/scgi;
  server {
    listen 127.0.0.1:$PORT ssl backlog=4096;
    ssl_certificate $WORK/server.pem;
    ssl_certificate_key $WORK/server.key;
    location / { default_type text/plain; return 200 "hello, stackbench\n"; }
  }
  server {
    listen 127.0.0.1:$STUB_PORT;
    location = /stub { stub_status; }
  }
}
CONF
nginx -c "$WORK/nginx.conf" -p "$WORK"
for _ in $(seq 50); do curl -s -o /dev/null --cacert "$WORK/ca.pem" "https://127.0.0.1:$PORT/" 2>/dev/null && break; sleep 0.1; done
URL="https://127.0.0.1:$PORT/"

stub_requests() { curl -s "http://127.0.0.1:$STUB_PORT/stub" | awk 'NR == 3 { print $3 }'; }
per_cpu() { awk -v ok="$1" -v cpu="$2" 'BEGIN { printf "%.0f", (cpu > 0 ? ok / cpu : 0) }'; }
median() { printf '%s\n' "$@" | sort -g | awk '{ a[NR] = $1 } END { print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", (b > 0 ? a / b : 0) }'; }
json() { "$PY" -c "import json, sys; d = json.load(open(sys.argv[1])); print(eval(sys.argv[2]))" "$1" "$2"; }
cpu_of_time() { awk '{ print $1 + $2 }' "$WORK/time"; }
fits() { [ $(( $1 + 64 )) -le "$FD_LIMIT" ] || { echo "engine-vs-wrk-tls: -c$1 skipped: the file limit is $FD_LIMIT" >&2; return 1; }; }

sb_round() {
  local conns=$1 before after
  before=$(stub_requests)
  /usr/bin/time -f '%U %S' -o "$WORK/time" "$STACKBENCH" load -t1 -c"$conns" -d"$SECONDS_PER_RUN" --json --cacert "$WORK/ca.pem" "$URL" > "$WORK/sb.json"
  after=$(( $(stub_requests) - 1 ))
  SB_OK=$(json "$WORK/sb.json" "d['ok']")
  SB_CPU=$(cpu_of_time)
  SB_HS=$(json "$WORK/sb.json" "d['tls']['handshake_us']['p50']")
  SB_N=$(json "$WORK/sb.json" "d['tls']['handshakes']")
  SB_STUB=ok
  [ $(( after - before )) -eq "$(json "$WORK/sb.json" "d['responses']")" ] || SB_STUB="nginx $(( after - before )) != $(json "$WORK/sb.json" "d['responses']")"
  local errs; errs=$(json "$WORK/sb.json" "sum(d['errors'].values())")
  [ "$errs" = 0 ] || SB_STUB="$SB_STUB; errors $(json "$WORK/sb.json" "d['errors']")"
}

wrk_round() {
  local total non2xx
  /usr/bin/time -f '%U %S' -o "$WORK/time" wrk -t1 -c"$1" -d"${SECONDS_PER_RUN}s" "$URL" > "$WORK/wrk.txt"
  total=$(awk '/requests in/ { print $1 }' "$WORK/wrk.txt")
  non2xx=$(awk -F': *' '/Non-2xx or 3xx responses/ { print $2 }' "$WORK/wrk.txt"); non2xx=${non2xx:-0}
  WRK_OK=$((total - non2xx))
  WRK_CPU=$(cpu_of_time)
}

ROWS=()
BELOW=0
row() {
  local conns=$1 round v sb_values=() wrk_values=() ratios=()
  for round in $(seq "$ROUNDS"); do
    sb_round "$conns"
    v=$(per_cpu "$SB_OK" "$SB_CPU"); sb_values+=("$v")
    printf '%-6s %-11s %12s %10s %14s %7s  handshakes %s p50 %sus  stub_status %s\n' "$round" stackbench "$SB_OK" "$SB_CPU" "$v" "$conns" "$SB_N" "$SB_HS" "$SB_STUB"
    wrk_round "$conns"
    v=$(per_cpu "$WRK_OK" "$WRK_CPU"); wrk_values+=("$v")
    printf '%-6s %-11s %12s %10s %14s %7s\n' "$round" wrk "$WRK_OK" "$WRK_CPU" "$v" "$conns"
    ratios+=("$(ratio "${sb_values[-1]}" "$v")")
  done
  local sb_med wrk_med of_medians ratio_med
  sb_med=$(median "${sb_values[@]}"); wrk_med=$(median "${wrk_values[@]}"); ratio_med=$(median "${ratios[@]}")
  of_medians=$(awk -v a="$sb_med" -v b="$wrk_med" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
  ROWS+=("$(printf '%7s %14s %14s %8s %8s %12s   %s' "$conns" "$sb_med" "$wrk_med" "$of_medians" "$ratio_med" "$SB_HS" "${ratios[*]}")")
  awk -v r="$of_medians" 'BEGIN { exit (r >= 1.0 ? 0 : 1) }' || BELOW=1
}

echo "engine-vs-wrk-tls: nginx 1 worker, TLS 1.3 on $URL, -t1, ${SECONDS_PER_RUN}s per run, $ROUNDS rounds, file limit $FD_LIMIT"
echo "figures on a shared machine are indicative only"
printf '%-6s %-11s %12s %10s %14s %7s\n' round tool 2xx cpu_s 2xx_per_cpu_s conns
for conns in ${CONNS_LIST//,/ }; do
  fits "$conns" && row "$conns"
done
echo
echo "HTTP/1.1 over TLS, 2xx per client CPU-second (GNU time, whole process), medians over $ROUNDS alternating rounds:"
printf '%7s %14s %14s %8s %8s %12s   %s\n' conns stackbench wrk ratio median handshake_us per-round-ratios
printf '%s\n' "${ROWS[@]}"
[ "$BELOW" = 0 ] || { echo "engine-vs-wrk-tls: stackbench is less efficient than wrk over TLS" >&2; exit 1; }
