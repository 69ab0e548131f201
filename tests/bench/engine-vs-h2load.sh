#!/usr/bin/env bash
# engine-vs-h2load.sh [ROUNDS] [SECONDS] [CONNECTIONS] [STREAMS]
# HTTP/2: the load engine's efficiency against h2load's (nghttp2-client), in the same run, on
# loopback, modelled on engine-vs-wrk-tls.sh. nginx (one worker; h2 over TLS 1.3 with a throwaway
# CA's certificate for 127.0.0.1, and h2c with prior knowledge on a second port; a small fixed
# response; keep-alive), then per protocol (h2, h2c), per concurrency (a comma list, default
# 10,100,1000) and per streams per connection (default 1,10) alternating rounds of ours and
# `h2load -t1 -cC -mM -D SECONDS`, each timed with GNU time (user + system CPU of the whole
# process). Ours is `stackbench load --h2 --streams M -t1 -cC` when this build's stackbench
# accepts --h2, else the engine alone (build/tests/sb-h2driver, the same LoadEngine without the
# command line); the table says which. Every round of ours is checked against nginx's
# stub_status (on a plain port): the requests nginx counted must be the responses we counted,
# and no error. Prints per-round lines and one table: per row the medians of 2xx per client
# CPU-second, their ratio and the median of the per-round ratios. Exit 1 when a row's ratio is
# below 1. Figures on a shared machine are indicative only.
# Environment: STACKBENCH (default build/app/stackbench), DRIVER (default
# build/tests/sb-h2driver), PORT (default 18643; stub_status PORT + 1, h2c PORT + 2).
set -euo pipefail
ROUNDS=${1:-3}
SECONDS_PER_RUN=${2:-5}
CONNS_LIST=${3:-10,100,1000}
STREAMS_LIST=${4:-1,10}
HERE=$(cd "$(dirname "$0")" && pwd)
STACKBENCH=${STACKBENCH:-$HERE/../../build/app/stackbench}
DRIVER=${DRIVER:-$HERE/../../build/tests/sb-h2driver}
PORT=${PORT:-18643}
STUB_PORT=$((PORT + 1))
H2C_PORT=$((PORT + 2))
PY=/usr/bin/python3
for tool in nginx h2load curl openssl /usr/bin/time "$PY"; do
  command -v "$tool" >/dev/null || { echo "engine-vs-h2load: $tool is missing" >&2; exit 2; }
done

HARD=$(ulimit -Hn)
[ "$HARD" = unlimited ] && HARD=20000
FD_LIMIT=$(( HARD > 20000 ? 20000 : HARD ))
ulimit -n "$FD_LIMIT"
NGINX_CONNS=$(( FD_LIMIT - 64 ))

WORK=$(mktemp -d)
cleanup() { [ -f "$WORK/nginx.pid" ] && kill "$(cat "$WORK/nginx.pid")" 2>/dev/null; rm -rf "$WORK"; }
trap cleanup EXIT

(
  cd "$WORK"
  openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 \
    -subj "/CN=engine-vs-h2load CA" -keyout ca.key -out ca.pem 2>/dev/null
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
  http2_max_concurrent_streams 1000;
  ssl_protocols TLSv1.3;
  client_body_temp_path $WORK/body;
  proxy_temp_path $WORK/proxy;
  fastcgi_temp_path $WORK/fastcgi;
  uwsgi_temp_path $WORK/uwsgi;
  scgi_temp_path $WORK/scgi;
  server {
    listen 127.0.0.1:$PORT ssl http2 backlog=4096;
    ssl_certificate $WORK/server.pem;
    ssl_certificate_key $WORK/server.key;
    location / { default_type text/plain; return 200 "hello, stackbench\n"; }
  }
  server {
    listen 127.0.0.1:$H2C_PORT http2 backlog=4096;
    location / { default_type text/plain; return 200 "hello, stackbench\n"; }
  }
  server {
    listen 127.0.0.1:$STUB_PORT;
    location = /stub { stub_status; }
  }
}
CONF
nginx -c "$WORK/nginx.conf" -p "$WORK"
for _ in $(seq 50); do curl -s -o /dev/null "http://127.0.0.1:$STUB_PORT/stub" 2>/dev/null && break; sleep 0.1; done

# Ours: stackbench when it speaks HTTP/2 (the run layer passes --h2 through), else the driver.
OURS=stackbench
if ! "$STACKBENCH" load --h2 -d 100ms --json "http://127.0.0.1:$H2C_PORT/" >/dev/null 2>&1; then
  [ -x "$DRIVER" ] || { echo "engine-vs-h2load: neither $STACKBENCH --h2 nor $DRIVER works" >&2; exit 2; }
  OURS=sb-h2driver
fi

stub_requests() { curl -s "http://127.0.0.1:$STUB_PORT/stub" | awk 'NR == 3 { print $3 }'; }
per_cpu() { awk -v ok="$1" -v cpu="$2" 'BEGIN { printf "%.0f", (cpu > 0 ? ok / cpu : 0) }'; }
median() { printf '%s\n' "$@" | sort -g | awk '{ a[NR] = $1 } END { print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", (b > 0 ? a / b : 0) }'; }
json() { "$PY" -c "import json, sys; d = json.load(open(sys.argv[1])); print(eval(sys.argv[2]))" "$1" "$2"; }
cpu_of_time() { awk '{ print $1 + $2 }' "$WORK/time"; }
fits() { [ $(( $1 + 64 )) -le "$FD_LIMIT" ] || { echo "engine-vs-h2load: -c$1 skipped: the file limit is $FD_LIMIT" >&2; return 1; }; }
url_of() { if [ "$1" = h2 ]; then echo "https://127.0.0.1:$PORT/"; else echo "http://127.0.0.1:$H2C_PORT/"; fi; }

sb_round() {
  local proto=$1 conns=$2 streams=$3 before after port errs
  before=$(stub_requests)
  if [ "$OURS" = stackbench ]; then
    local tlsarg=()
    [ "$proto" = h2 ] && tlsarg=(--cacert "$WORK/ca.pem")
    /usr/bin/time -f '%U %S' -o "$WORK/time" "$STACKBENCH" load --h2 --streams "$streams" -t1 -c"$conns" -d"$SECONDS_PER_RUN" --json "${tlsarg[@]}" "$(url_of "$proto")" > "$WORK/sb.json"
    errs=$(json "$WORK/sb.json" "sum(d['errors'].values())")
  else
    port=$H2C_PORT; [ "$proto" = h2 ] && port=$PORT
    /usr/bin/time -f '%U %S' -o "$WORK/time" "$DRIVER" "$proto" "$port" "$conns" "$streams" "$SECONDS_PER_RUN" "$WORK/ca.pem" > "$WORK/sb.json"
    errs=$(json "$WORK/sb.json" "d['errors']")
  fi
  after=$(( $(stub_requests) - 1 ))
  SB_OK=$(json "$WORK/sb.json" "d['ok']")
  SB_CPU=$(cpu_of_time)
  SB_STUB=ok
  [ $(( after - before )) -eq "$(json "$WORK/sb.json" "d['responses']")" ] || SB_STUB="nginx $(( after - before )) != $(json "$WORK/sb.json" "d['responses']")"
  [ "$errs" = 0 ] || SB_STUB="$SB_STUB; errors $errs"
}

h2load_round() {
  local proto=$1 conns=$2 streams=$3 before after
  before=$(stub_requests)
  /usr/bin/time -f '%U %S' -o "$WORK/time" h2load -t1 -c"$conns" -m"$streams" -D"$SECONDS_PER_RUN" "$(url_of "$proto")" > "$WORK/h2load.txt" 2>&1
  after=$(( $(stub_requests) - 1 ))
  H2_OK=$(awk '/^status codes:/ { gsub(",", ""); print $3 }' "$WORK/h2load.txt")
  H2_OK=${H2_OK:-0}
  H2_CPU=$(cpu_of_time)
  H2_STUB="nginx $(( after - before ))"
}

ROWS=()
BELOW=0
row() {
  local proto=$1 conns=$2 streams=$3 round v sb_values=() h2_values=() ratios=()
  for round in $(seq "$ROUNDS"); do
    sb_round "$proto" "$conns" "$streams"
    v=$(per_cpu "$SB_OK" "$SB_CPU"); sb_values+=("$v")
    printf '%-6s %-4s %-12s %12s %8s %14s %6s %4s  stub_status %s\n' "$round" "$proto" "$OURS" "$SB_OK" "$SB_CPU" "$v" "$conns" "$streams" "$SB_STUB"
    h2load_round "$proto" "$conns" "$streams"
    v=$(per_cpu "$H2_OK" "$H2_CPU"); h2_values+=("$v")
    printf '%-6s %-4s %-12s %12s %8s %14s %6s %4s  %s\n' "$round" "$proto" h2load "$H2_OK" "$H2_CPU" "$v" "$conns" "$streams" "$H2_STUB"
    ratios+=("$(ratio "${sb_values[-1]}" "$v")")
  done
  local sb_med h2_med of_medians ratio_med
  sb_med=$(median "${sb_values[@]}"); h2_med=$(median "${h2_values[@]}"); ratio_med=$(median "${ratios[@]}")
  of_medians=$(awk -v a="$sb_med" -v b="$h2_med" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
  ROWS+=("$(printf '%-4s %6s %4s %14s %14s %8s %8s   %s' "$proto" "$conns" "$streams" "$sb_med" "$h2_med" "$of_medians" "$ratio_med" "${ratios[*]}")")
  awk -v r="$of_medians" 'BEGIN { exit (r >= 1.0 ? 0 : 1) }' || BELOW=1
}

echo "engine-vs-h2load: nginx 1 worker, h2 (TLS 1.3) on :$PORT and h2c on :$H2C_PORT, -t1, ${SECONDS_PER_RUN}s per run, $ROUNDS rounds, ours = $OURS, file limit $FD_LIMIT"
echo "figures on a shared machine are indicative only"
printf '%-6s %-4s %-12s %12s %8s %14s %6s %4s\n' round prot tool 2xx cpu_s 2xx_per_cpu_s conns m
for proto in h2 h2c; do
  for conns in ${CONNS_LIST//,/ }; do
    fits "$conns" || continue
    for streams in ${STREAMS_LIST//,/ }; do
      row "$proto" "$conns" "$streams"
    done
  done
done
echo
echo "HTTP/2, 2xx per client CPU-second (GNU time, whole process), medians over $ROUNDS alternating rounds (ours = $OURS):"
printf '%-4s %6s %4s %14s %14s %8s %8s   %s\n' prot conns m ours h2load ratio median per-round-ratios
printf '%s\n' "${ROWS[@]}"
[ "$BELOW" = 0 ] || { echo "engine-vs-h2load: ours is less efficient than h2load somewhere" >&2; exit 1; }
