#!/usr/bin/env bash
# engine-vs-wrk.sh [--sweep | --open] [ROUNDS] [SECONDS] [CONNECTIONS]
# Measures the load engine's efficiency against wrk's, in the same run, on loopback: nginx (one
# worker, a small fixed response), then alternating rounds of `stackbench load -t1 -cC` and
# `wrk -t1 -cC`, each timed with GNU time (user + system CPU of the whole process). Every
# stackbench round is checked against nginx's stub_status: the requests nginx counted must be
# the responses stackbench counted.
#
#   (default)  one concurrency, CONNECTIONS (default 50): per-round lines, the medians of 2xx
#              per client CPU-second and the ratio stackbench / wrk; exit 1 when below 1.
#   --sweep    the concurrencies CONNECTIONS (a comma list, default 10,50,200,1000,5000,10000),
#              each as above, then one table: per row the medians, their ratio, and the median
#              of the per-round ratios (rounds alternate, so each pair shares the machine's
#              state); exit 1 when a row's ratio is below 1.
#   --open     stackbench's open loop at the rates RATES (environment, a comma list, default
#              2000,20000,100000 req/s) on CONNECTIONS (default: rate / 100, at least 10), after a
#              2 s warm-up (the connects and the first requests are not what is measured): the
#              send delay's p50/p99/max, the share of requests late by more than 1 ms and the
#              client CPU per request (process_cpu_s over the window, so that the program's
#              start-up does not count), medians over the rounds, in one table. wrk has no open
#              loop; its column is its closed-loop CPU per request on the same connections. The
#              floor columns are this machine's for the same schedule with no request at all:
#              tests/bench/wakefloor.c (built here with cc) sleeps to each intended time as the
#              engine's worker does and reports its CPU per wake-up and how late it woke.
#
# The file limit is raised to the hard limit (at most 20,000) and nginx's worker_connections
# with it; a concurrency that does not fit is skipped with a note. Figures on a shared machine
# are indicative only.
# Environment: STACKBENCH (the binary, default build/app/stackbench), PORT (default 18089),
# RATES (--open).
set -euo pipefail
MODE=single
case ${1:-} in
  --sweep) MODE=sweep; shift ;;
  --open) MODE=open; shift ;;
esac
ROUNDS=${1:-3}
SECONDS_PER_RUN=${2:-10}
HERE=$(cd "$(dirname "$0")" && pwd)
STACKBENCH=${STACKBENCH:-$HERE/../../build/app/stackbench}
PORT=${PORT:-18089}
PY=/usr/bin/python3
case $MODE in
  single) CONNS_LIST=${3:-50} ;;
  sweep) CONNS_LIST=${3:-10,50,200,1000,5000,10000} ;;
  open) CONNS_LIST=${3:-} ;;
esac
OPEN_WARMUP=2s
RATES=${RATES:-2000,20000,100000}
for tool in nginx wrk curl /usr/bin/time "$PY"; do
  command -v "$tool" >/dev/null || { echo "engine-vs-wrk: $tool is missing (run .ci/setup)" >&2; exit 2; }
done
[ -x "$STACKBENCH" ] || { echo "engine-vs-wrk: $STACKBENCH is not built" >&2; exit 2; }

# Descriptors: the soft limit up to the hard one, never above the project's 20,000.
HARD=$(ulimit -Hn)
[ "$HARD" = unlimited ] && HARD=20000
FD_LIMIT=$(( HARD > 20000 ? 20000 : HARD ))
ulimit -n "$FD_LIMIT"
NGINX_CONNS=$(( FD_LIMIT - 64 ))

WORK=$(mktemp -d)
cleanup() { [ -f "$WORK/nginx.pid" ] && kill "$(cat "$WORK/nginx.pid")" 2>/dev/null; rm -rf "$WORK"; }
trap cleanup EXIT
cat > "$WORK/nginx.conf" <<CONF
worker_processes 1;
worker_rlimit_nofile $FD_LIMIT;
daemon on;
pid $WORK/nginx.pid;
error_log $WORK/error.log;
events { worker_connections $NGINX_CONNS; }
http {
  access_log off;
  keepalive_requests 100000000;
  client_body_temp_path $WORK/body;
  proxy_temp_path $WORK/proxy;
  fastcgi_temp_path $WORK/fastcgi;
  uwsgi_temp_path $WORK/uwsgi;
  scgi_temp_path $WORK/scgi;
  server {
    listen 127.0.0.1:$PORT backlog=4096;
    location / { default_type text/plain; return 200 "hello, stackbench\n"; }
    location = /stub { stub_status; }
  }
}
CONF
nginx -c "$WORK/nginx.conf" -p "$WORK"
for _ in $(seq 50); do curl -s -o /dev/null "http://127.0.0.1:$PORT/" 2>/dev/null && break; sleep 0.1; done
URL="http://127.0.0.1:$PORT/"

# nginx's request count so far, the request that asks for it included.
stub_requests() { curl -s "http://127.0.0.1:$PORT/stub" | awk 'NR == 3 { print $3 }'; }
per_cpu() { awk -v ok="$1" -v cpu="$2" 'BEGIN { printf "%.0f", (cpu > 0 ? ok / cpu : 0) }'; }
median() { printf '%s\n' "$@" | sort -g | awk '{ a[NR] = $1 } END { print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", (b > 0 ? a / b : 0) }'; }
# json FILE EXPR -> a figure of stackbench's JSON report (d is the object)
json() { "$PY" -c "import json, sys; d = json.load(open(sys.argv[1])); print(eval(sys.argv[2]))" "$1" "$2"; }
cpu_of_time() { awk '{ print $1 + $2 }' "$WORK/time"; }
fits() { [ $(( $1 + 64 )) -le "$FD_LIMIT" ] || { echo "engine-vs-wrk: -c$1 skipped: the file limit is $FD_LIMIT" >&2; return 1; }; }

# sb_round C [LOAD ARGS...] -> runs stackbench, sets SB_OK SB_CPU SB_STUB (ok or the mismatch)
sb_round() {
  local conns=$1; shift
  local before after responses
  before=$(stub_requests)
  /usr/bin/time -f '%U %S' -o "$WORK/time" "$STACKBENCH" load -t1 -c"$conns" -d"$SECONDS_PER_RUN" --json "$@" "$URL" > "$WORK/sb.json"
  after=$(( $(stub_requests) - 1 )) # less the second stub_status request itself
  SB_OK=$(json "$WORK/sb.json" "d['ok']")
  SB_CPU=$(cpu_of_time)
  # nginx counts the warm-up's requests too.
  responses=$(json "$WORK/sb.json" "d['responses'] + d.get('warmup', {}).get('responses', 0)")
  SB_STUB=ok
  [ $(( after - before )) -eq "$responses" ] || SB_STUB="nginx $(( after - before )) != $responses"
}

# wrk_round C -> runs wrk, sets WRK_OK WRK_CPU
wrk_round() {
  local total non2xx
  /usr/bin/time -f '%U %S' -o "$WORK/time" wrk -t1 -c"$1" -d"${SECONDS_PER_RUN}s" "$URL" > "$WORK/wrk.txt"
  total=$(awk '/requests in/ { print $1 }' "$WORK/wrk.txt")
  non2xx=$(awk -F': *' '/Non-2xx or 3xx responses/ { print $2 }' "$WORK/wrk.txt"); non2xx=${non2xx:-0}
  WRK_OK=$((total - non2xx))
  WRK_CPU=$(cpu_of_time)
}

# closed_row C -> alternating rounds; prints per-round lines, appends one row to ROWS
ROWS=()
BELOW=0
closed_row() {
  local conns=$1 round v sb_values=() wrk_values=() ratios=()
  for round in $(seq "$ROUNDS"); do
    sb_round "$conns"
    v=$(per_cpu "$SB_OK" "$SB_CPU"); sb_values+=("$v")
    printf '%-6s %-11s %12s %10s %14s %7s  stub_status %s\n' "$round" stackbench "$SB_OK" "$SB_CPU" "$v" "$conns" "$SB_STUB"
    wrk_round "$conns"
    v=$(per_cpu "$WRK_OK" "$WRK_CPU"); wrk_values+=("$v")
    printf '%-6s %-11s %12s %10s %14s %7s\n' "$round" wrk "$WRK_OK" "$WRK_CPU" "$v" "$conns"
    ratios+=("$(ratio "${sb_values[-1]}" "$v")")
  done
  local sb_med wrk_med of_medians ratio_med
  sb_med=$(median "${sb_values[@]}"); wrk_med=$(median "${wrk_values[@]}"); ratio_med=$(median "${ratios[@]}")
  of_medians=$(awk -v a="$sb_med" -v b="$wrk_med" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
  echo "median 2xx per client CPU-second: stackbench $sb_med, wrk $wrk_med"
  echo "ratio stackbench/wrk: $of_medians"
  echo "per-round ratios (same machine state): ${ratios[*]}; median $ratio_med"
  ROWS+=("$(printf '%7s %14s %14s %8s %8s   %s' "$conns" "$sb_med" "$wrk_med" "$of_medians" "$ratio_med" "${ratios[*]}")")
  awk -v r="$of_medians" 'BEGIN { exit (r >= 1.0 ? 0 : 1) }' || BELOW=1
}

# open_row RATE C -> rounds of stackbench's open loop (and wrk closed at C for reference)
open_row() {
  local rate=$1 conns=$2 round d50=() d99=() dmax=() late=() sb_us=() wrk_us=() rps=() floor_us=() floor_late=()
  for round in $(seq "$ROUNDS"); do
    if [ -n "$WAKEFLOOR" ]; then
      read -r _ f_cpu _ f_p50 _ _ < <("$WAKEFLOOR" "$rate" "$SECONDS_PER_RUN")
      floor_us+=("$f_cpu"); floor_late+=("$f_p50")
      printf '%-6s timer floor --rate %-7s %31s wake-up p50 %8sus late                 %6sus CPU/wake\n' "$round" "$rate" "" "$f_p50" "$f_cpu"
    fi
    sb_round "$conns" --rate "$rate" --warmup "$OPEN_WARMUP"
    d50+=("$(json "$WORK/sb.json" "round(d['send_delay_us']['p50'], 1)")")
    d99+=("$(json "$WORK/sb.json" "round(d['send_delay_us']['p99'], 1)")")
    dmax+=("$(json "$WORK/sb.json" "round(d['send_delay_us']['max'], 1)")")
    # late counts the requests sent late and those never sent: a share of the intended ones.
    late+=("$(json "$WORK/sb.json" "round(100.0 * d['late'] / ($rate * $SECONDS_PER_RUN), 2)")")
    rps+=("$(json "$WORK/sb.json" "round(d['requests_per_s'])")")
    # The window's CPU, not the process's start-up: at low rates that would dominate.
    sb_us+=("$(json "$WORK/sb.json" "round(d['process_cpu_s'] * 1e6 / max(1, d['requests']), 1)")")
    printf '%-6s stackbench --rate %-7s -c%-6s %8s req/s  send delay p50 %8sus p99 %9sus max %9sus  late %6s%%  %6sus CPU/req  stub_status %s\n' \
      "$round" "$rate" "$conns" "${rps[-1]}" "${d50[-1]}" "${d99[-1]}" "${dmax[-1]}" "${late[-1]}" "${sb_us[-1]}" "$SB_STUB"
    wrk_round "$conns"
    wrk_us+=("$(awk -v c="$WRK_CPU" -v n="$WRK_OK" 'BEGIN { printf "%.1f", (n > 0 ? c * 1e6 / n : 0) }')")
    printf '%-6s wrk (closed loop)   -c%-6s %8s 2xx  %6sus CPU/req\n' "$round" "$conns" "$WRK_OK" "${wrk_us[-1]}"
  done
  local fu=- fl=-
  [ ${#floor_us[@]} -gt 0 ] && { fu=$(median "${floor_us[@]}"); fl=$(median "${floor_late[@]}"); }
  ROWS+=("$(printf '%8s %7s %9s %9s %10s %10s %8s %9s %9s %10s %10s' "$rate" "$conns" "$(median "${rps[@]}")" \
    "$(median "${d50[@]}")" "$(median "${d99[@]}")" "$(median "${dmax[@]}")" "$(median "${late[@]}")" \
    "$(median "${sb_us[@]}")" "$(median "${wrk_us[@]}")" "$fl" "$fu")")
}

echo "engine-vs-wrk ($MODE): nginx 1 worker (worker_connections $NGINX_CONNS) on $URL, -t1, ${SECONDS_PER_RUN}s per run, $ROUNDS rounds, file limit $FD_LIMIT"
echo "figures on a shared machine are indicative only"
if [ "$MODE" = open ]; then
  WAKEFLOOR=
  if command -v cc >/dev/null && cc -O2 -o "$WORK/wakefloor" "$HERE/wakefloor.c"; then
    WAKEFLOOR=$WORK/wakefloor
  else
    echo "engine-vs-wrk: no C compiler: the timer floor columns stay empty" >&2
  fi
  for rate in ${RATES//,/ }; do
    conns=${CONNS_LIST:-$(( rate / 100 > 10 ? rate / 100 : 10 ))}
    fits "$conns" && open_row "$rate" "$conns"
  done
  echo
  echo "open loop, medians over $ROUNDS rounds (send delay in us; CPU per request in us: stackbench's"
  echo "process_cpu_s over the window, wrk's GNU time in closed loop; floor: a bare timed wake-up on"
  echo "the same schedule, how late it woke at the median and its CPU per wake-up):"
  printf '%8s %7s %9s %9s %10s %10s %8s %9s %9s %10s %10s\n' rate conns req/s delay_p50 delay_p99 delay_max late_% sb_us/req wrk_us/req floor_p50 floor_us
  printf '%s\n' "${ROWS[@]}"
  exit 0
fi
printf '%-6s %-11s %12s %10s %14s %7s\n' round tool 2xx cpu_s 2xx_per_cpu_s conns
for conns in ${CONNS_LIST//,/ }; do
  fits "$conns" && closed_row "$conns"
done
if [ "$MODE" = sweep ]; then
  echo
  echo "closed loop, 2xx per client CPU-second (GNU time, whole process), medians over $ROUNDS alternating rounds:"
  printf '%7s %14s %14s %8s %8s   %s\n' conns stackbench wrk ratio median per-round-ratios
  printf '%s\n' "${ROWS[@]}"
fi
[ "$BELOW" = 0 ] || { echo "engine-vs-wrk: stackbench is less efficient than wrk" >&2; exit 1; }
