#!/bin/bash
# The real-stack example: Elysia on Bun, Django under Gunicorn and Django under Uvicorn over one
# seeded PostgreSQL cluster, measured by Stackbench. See README.md beside this file.
#
# Safe to run again: every step checks what is already there (packages, node_modules, the
# cluster, the seed) and does only what is missing.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
PY=/usr/bin/python3 # Debian's python3-* packages are visible to this one only

usage() {
    cat <<EOF
Usage: $0 [COMMAND] [OPTIONS]

Commands:
  run (default)   install, start the cluster, seed, check and run plan.json's profile, write
                  the report, stop the cluster
  resume RUN      start the cluster again and continue an interrupted RUN ('stackbench
                  resume': the cells not measured yet), then write its report
  setup           install, start the cluster and seed it; leave it running (then
                  eval "\$($0 env)" and use plan.json with stackbench yourself)
  crosscheck      install, start the cluster, seed, then measure the same stacks with wrk and
                  /proc instead of Stackbench (lib/crosscheck.py; options after -- go to it),
                  stop the cluster
  stop            stop the example's cluster
  env             print the shell variables the plan needs (eval "\$($0 env)")
  where           print where the cluster, the store, the report and its environment record
                  go with these options, and do nothing

Options:
  --profile NAME    plan profile: quick (default, ~10 minutes) or full (seed 000's protocol, ~2 h)
  --data-dir DIR    where the cluster and its secrets live (default:
                    \$XDG_DATA_HOME/stackbench/example-pg, or /var/lib/stackbench/example-pg as root)
  --users N --orders M
                    seed size (default 50000/200000; 10000/40000 for the quick profile)
  --stackbench PATH the stackbench binary (default \$STACKBENCH, else ../../../build/app/stackbench)
  --store PATH|URL  run store (default: stackbench's own, \$XDG_DATA_HOME/stackbench/runs.sqlite)
  --baseline CONFIG configuration the report's ratios divide by (default django-sync)
  --out DIR         where the report and its environment record go (default: beside the
                    store: the --store file's directory, else \$XDG_DATA_HOME/stackbench)
  --report FILE     Markdown report (default: OUT/report-PROFILE.md); its environment record
                    goes beside it (report-PROFILE.environment.json)
  --keep-running    leave the cluster running at the end
  --no-install      do not install packages (fail if something is missing)
  -h, --help        this text
EOF
}

say() { printf '== %s\n' "$*"; }
die() {
    printf 'run.sh: %s\n' "$*" >&2
    exit 2
}

# --- options -------------------------------------------------------------------------------------

COMMAND=run
PROFILE=quick
DATA_DIR=
USERS=
ORDERS=
STACKBENCH_BIN=${STACKBENCH:-$HERE/../../../build/app/stackbench}
STORE=
BASELINE=django-sync
REPORT=
OUT_DIR=
KEEP_RUNNING=0
INSTALL=1
CROSSCHECK_ARGS=()
RESUME_RUN=
ENV_RECORD=

parse_args() {
    if [[ $# -gt 0 && $1 != -* ]]; then
        COMMAND=$1
        shift
    fi
    if [[ $COMMAND == resume ]]; then
        RESUME_RUN=${1:?resume needs the run id (see 'stackbench list')}
        shift
    fi
    case $COMMAND in run | resume | setup | crosscheck | stop | env | where) ;; *) die "unknown command '$COMMAND' (see --help)" ;; esac
    while [[ $# -gt 0 ]]; do
        case $1 in
        --profile) PROFILE=${2:?--profile needs a value}; shift ;;
        --data-dir) DATA_DIR=${2:?--data-dir needs a value}; shift ;;
        --users) USERS=${2:?--users needs a value}; shift ;;
        --orders) ORDERS=${2:?--orders needs a value}; shift ;;
        --stackbench) STACKBENCH_BIN=${2:?--stackbench needs a value}; shift ;;
        --store) STORE=${2:?--store needs a value}; shift ;;
        --baseline) BASELINE=${2:?--baseline needs a value}; shift ;;
        --report) REPORT=${2:?--report needs a value}; shift ;;
        --out) OUT_DIR=${2:?--out needs a value}; shift ;;
        --keep-running) KEEP_RUNNING=1 ;;
        --no-install) INSTALL=0 ;;
        -h | --help) usage; exit 0 ;;
        --) shift; CROSSCHECK_ARGS=("$@"); break ;;
        *) die "unknown option '$1' (see --help)" ;;
        esac
        shift
    done
    case $PROFILE in quick | full) ;; *) die "--profile must be quick or full, not '$PROFILE'" ;; esac
    if [[ $PROFILE == quick ]]; then
        USERS=${USERS:-10000}
        ORDERS=${ORDERS:-40000}
    else
        USERS=${USERS:-50000}
        ORDERS=${ORDERS:-200000}
    fi
    # The plan's routes and parity checks read user 4242 and the page 7 of 20 users.
    [[ $USERS =~ ^[0-9]+$ && $USERS -ge 4242 ]] || die "--users must be a number >= 4242"
    [[ $ORDERS =~ ^[0-9]+$ && $ORDERS -ge 1 && $ORDERS -le 1000000 ]] || die "--orders must be 1..1000000"
    if [[ -z $DATA_DIR ]]; then
        if [[ $(id -u) == 0 ]]; then
            DATA_DIR=/var/lib/stackbench/example-pg # /root is not reachable by the postgres user
        else
            DATA_DIR=${XDG_DATA_HOME:-$HOME/.local/share}/stackbench/example-pg
        fi
    fi
    [[ $DATA_DIR != *[[:space:]]* ]] || die "--data-dir must not contain blanks (it goes into postgres -c options)"
    # Never into the checkout (the README starts this script from its root): beside the store.
    if [[ -z $OUT_DIR ]]; then
        if [[ -n $STORE && $STORE != *://* ]]; then
            OUT_DIR=$(dirname "$(realpath -m "$STORE")")
        else
            OUT_DIR=${XDG_DATA_HOME:-$HOME/.local/share}/stackbench
        fi
    fi
    REPORT=$(realpath -m "${REPORT:-$OUT_DIR/report-$PROFILE.md}")
    ENV_RECORD=${REPORT%.md}.environment.json
}

# --- packages --------------------------------------------------------------------------------------

DEBIAN_PACKAGES=(postgresql python3-django python3-gunicorn python3-uvicorn python3-psycopg2
    python3-uvloop python3-httptools)

install_debian() {
    local missing=() p
    for p in "${DEBIAN_PACKAGES[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
    done
    [[ ${#missing[@]} -eq 0 ]] && return
    [[ $INSTALL == 1 ]] || die "missing Debian packages: ${missing[*]} (run without --no-install)"
    say "installing Debian packages: ${missing[*]}"
    local sudo=
    [[ $(id -u) == 0 ]] || sudo=sudo
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

BUN=$HERE/elysia/node_modules/@oven/bun-linux-x64/bin/bun

# Bun and Elysia from npm into elysia/node_modules, exactly as package-lock.json says; never
# globally. Skipped when node_modules was installed from the same lock file.
install_npm() {
    local dir=$HERE/elysia stamp=$HERE/elysia/node_modules/.stackbench-lock.sha256 want
    want=$(sha256sum "$dir/package-lock.json" | cut -d' ' -f1)
    if [[ -x $BUN && -f $stamp && $(cat "$stamp") == "$want" ]]; then
        return
    fi
    [[ $INSTALL == 1 ]] || die "elysia/node_modules is missing or stale (run without --no-install)"
    command -v npm >/dev/null || die "npm is not installed (Debian: apt-get install npm)"
    say "installing Bun and Elysia into $dir/node_modules (npm ci)"
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
    "$BUN" --version >/dev/null || die "$BUN does not run on this machine"
    echo "$want" >"$stamp"
}

# --- the cluster ---------------------------------------------------------------------------------

PG_BIN=
PGDATA_DIR=
SOCKET_DIR=
PG_PORT=
STARTED_CLUSTER=0

# As the cluster's owner: the postgres user when we are root, else ourselves.
as_owner() {
    if [[ $(id -u) == 0 ]]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

owner_name() { if [[ $(id -u) == 0 ]]; then echo postgres; else id -un; fi; }

pg_paths() {
    PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
    [[ -x $PG_BIN/initdb ]] || die "PostgreSQL's server binaries are not in /usr/lib/postgresql/*/bin"
    PGDATA_DIR=$DATA_DIR/pgdata
    SOCKET_DIR=$DATA_DIR/run
}

secret_file() {
    local f=$DATA_DIR/$1
    if [[ ! -s $f ]]; then
        (umask 077 && od -An -N24 -tx1 /dev/urandom | tr -d ' \n' >"$f")
    fi
    cat "$f"
}

# The stored port when it is still free, else the first free one from 15432 (below the range
# the kernel hands out to client sockets, so the load engine's connections never collide).
free_port() {
    "$PY" - "$1" <<'EOF'
import socket, sys
want = [int(sys.argv[1])] if sys.argv[1] else []
for port in want + list(range(15432, 15532)):
    s = socket.socket()
    try:
        s.bind(("127.0.0.1", port))
    except OSError:
        continue
    finally:
        s.close()
    print(port)
    break
EOF
}

cluster_init() {
    if [[ -e $DATA_DIR && ! -f $DATA_DIR/stackbench-example ]] && [[ -n $(ls -A "$DATA_DIR") ]]; then
        die "$DATA_DIR exists and is not this example's (no stackbench-example marker); choose another --data-dir"
    fi
    mkdir -p "$DATA_DIR"
    touch "$DATA_DIR/stackbench-example"
    [[ -f $PGDATA_DIR/PG_VERSION ]] && return
    say "creating a PostgreSQL cluster in $PGDATA_DIR"
    mkdir -p "$PGDATA_DIR" "$SOCKET_DIR" "$DATA_DIR/log"
    if [[ $(id -u) == 0 ]]; then
        chown postgres: "$PGDATA_DIR" "$SOCKET_DIR" "$DATA_DIR/log"
        as_owner test -w "$PGDATA_DIR" || die "the postgres user cannot write $PGDATA_DIR (choose a --data-dir it can reach)"
    fi
    chmod 700 "$PGDATA_DIR"
    # Local socket: peer (the owner only); TCP on loopback: passwords (scram-sha-256).
    as_owner "$PG_BIN/initdb" -D "$PGDATA_DIR" -U "$(owner_name)" -E UTF8 --locale=C.UTF-8 \
        --auth-local=peer --auth-host=scram-sha-256 >"$DATA_DIR/initdb.log" 2>&1 ||
        die "initdb failed, see $DATA_DIR/initdb.log"
}

cluster_running() { as_owner "$PG_BIN/pg_ctl" -D "$PGDATA_DIR" status >/dev/null 2>&1; }

cluster_start() {
    if cluster_running; then
        PG_PORT=$(sed -n 4p "$PGDATA_DIR/postmaster.pid")
        say "cluster already running on 127.0.0.1:$PG_PORT"
        return
    fi
    PG_PORT=$(free_port "$(cat "$DATA_DIR/port" 2>/dev/null || true)")
    [[ -n $PG_PORT ]] || die "no free loopback port"
    echo "$PG_PORT" >"$DATA_DIR/port"
    say "starting the cluster on 127.0.0.1:$PG_PORT"
    as_owner "$PG_BIN/pg_ctl" -D "$PGDATA_DIR" -l "$DATA_DIR/log/postgresql.log" -w -t 60 \
        -o "-p $PG_PORT -c listen_addresses=127.0.0.1 -c unix_socket_directories=$SOCKET_DIR -c log_checkpoints=on" \
        start >/dev/null || die "the cluster did not start, see $DATA_DIR/log/postgresql.log"
    STARTED_CLUSTER=1
}

cluster_stop() {
    pg_paths
    [[ -f $PGDATA_DIR/PG_VERSION ]] || return 0
    if cluster_running; then
        say "stopping the cluster in $PGDATA_DIR"
        as_owner "$PG_BIN/pg_ctl" -D "$PGDATA_DIR" -m fast -w stop >/dev/null
    fi
}

superuser_sql() {
    as_owner "$PG_BIN/psql" -h "$SOCKET_DIR" -p "$PG_PORT" -d postgres -XAtq -v ON_ERROR_STOP=1 "$@"
}

# The role "bench" (password from the data dir) owns the database; pg_checkpoint lets the plan's
# CHECKPOINT hooks run without a superuser.
database_setup() {
    local pw
    pw=$(secret_file pgpassword)
    superuser_sql <<EOF
SET client_min_messages = warning;
SELECT 'CREATE ROLE bench LOGIN' WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'bench') \gexec
ALTER ROLE bench PASSWORD '$pw';
GRANT pg_checkpoint TO bench;
SELECT 'CREATE DATABASE stackbench_example OWNER bench' WHERE NOT EXISTS (SELECT 1 FROM pg_database WHERE datname = 'stackbench_example') \gexec
EOF
}

export_env() {
    export PGHOST=127.0.0.1 PGPORT=$PG_PORT PGDATABASE=stackbench_example PGUSER=bench
    export SB_EXAMPLE_PGPORT=$PG_PORT
    PGPASSWORD=$(secret_file pgpassword)
    SB_EXAMPLE_PGPASSWORD=$PGPASSWORD
    SB_EXAMPLE_JWT_SECRET=$(secret_file jwt-secret)
    export PGPASSWORD SB_EXAMPLE_PGPASSWORD SB_EXAMPLE_JWT_SECRET
}

# --- the run -------------------------------------------------------------------------------------

on_exit() {
    local rc=$?
    if [[ $KEEP_RUNNING == 0 && ($COMMAND == run || $COMMAND == resume || $COMMAND == crosscheck) ]]; then
        cluster_stop || true
    fi
    exit $rc
}

prepare() {
    install_debian
    install_npm
    pg_paths
    cluster_init
    cluster_start
    database_setup
    export_env
    # A resumed run goes on with the data it started with, whatever --profile says now.
    [[ -n $RESUME_RUN ]] || "$PY" "$HERE/lib/pgseed.py" --users "$USERS" --orders "$ORDERS"
}

# Runs (or, with RESUME_RUN, resumes) the plan, then writes the report of the run.
run_plan() {
    [[ -x $STACKBENCH_BIN ]] || die "no stackbench at $STACKBENCH_BIN (build it, or pass --stackbench / set STACKBENCH)"
    local store=() log run_id rc
    [[ -n $STORE ]] && store=(--store "$STORE")
    mkdir -p "$(dirname "$REPORT")" || die "cannot create $(dirname "$REPORT") for the report (--out DIR)"
    "$STACKBENCH_BIN" check --no-parity "$HERE/plan.json"
    log=$(mktemp)
    set +e
    if [[ -n $RESUME_RUN ]]; then
        say "resuming run $RESUME_RUN"
        "$STACKBENCH_BIN" resume "$RESUME_RUN" "${store[@]}" | tee "$log"
    else
        say "running profile $PROFILE (the run id comes first; Ctrl-C stops, '$0 resume RUN' continues)"
        "$STACKBENCH_BIN" run "$HERE/plan.json" --profile "$PROFILE" "${store[@]}" | tee "$log"
    fi
    rc=${PIPESTATUS[0]}
    set -e
    run_id=$(sed -n 's/^run \([^ ]*\)$/\1/p' "$log" | head -n 1)
    rm -f "$log"
    run_id=${run_id:-$RESUME_RUN}
    [[ -n $run_id ]] || die "stackbench run printed no run id (exit $rc)"
    say "writing the report of run $run_id to $REPORT (ratios over $BASELINE)"
    "$STACKBENCH_BIN" report "$run_id" --baseline "$BASELINE" -o "$REPORT" "${store[@]}"
    # The environment record beside the report: the machine, and the versions the probes read.
    "$STACKBENCH_BIN" export "$run_id" "${store[@]}" | "$PY" -c '
import json, sys
run = json.load(sys.stdin)
json.dump({"run": run["run"]["id"], "environment": run["run"]["environment"],
           "configurations": {c["name"]: {k: c["info"].get(k) for k in
                                          ("versions", "cpus_applied", "load_cpus_applied", "containment")}
                              for c in run["configurations"]}},
          sys.stdout, indent=2, sort_keys=True)
print()' >"$ENV_RECORD"
    say "environment record of run $run_id: $ENV_RECORD"
    echo "$run_id" >"$DATA_DIR/last-run"
    [[ $rc == 0 ]] || say "stackbench exited $rc: the report says which cells have no valid window. An interrupted run continues with '$0 resume $run_id'; windows that failed the foreign-CPU gate need a quieter machine and a new run"
    return "$rc"
}

main() {
    parse_args "$@"
    case $COMMAND in
    stop) cluster_stop ;;
    where)
        local store=${STORE:-${XDG_DATA_HOME:-$HOME/.local/share}/stackbench/runs.sqlite}
        printf 'cluster: %s\nstore: %s\nreport: %s\nenvironment record: %s\n' \
            "$DATA_DIR/pgdata" "$store" "$REPORT" "$ENV_RECORD"
        ;;
    env)
        pg_paths
        cluster_running || die "the cluster in $PGDATA_DIR is not running (run.sh setup)"
        PG_PORT=$(sed -n 4p "$PGDATA_DIR/postmaster.pid")
        export_env
        printf 'export PGHOST=%s PGPORT=%s PGDATABASE=%s PGUSER=%s PGPASSWORD=%s SB_EXAMPLE_PGPORT=%s SB_EXAMPLE_PGPASSWORD=%s SB_EXAMPLE_JWT_SECRET=%s\n' \
            "$PGHOST" "$PGPORT" "$PGDATABASE" "$PGUSER" "$PGPASSWORD" "$SB_EXAMPLE_PGPORT" "$SB_EXAMPLE_PGPASSWORD" "$SB_EXAMPLE_JWT_SECRET"
        ;;
    setup)
        prepare
        say "cluster left running on 127.0.0.1:$PG_PORT; '$0 stop' stops it"
        ;;
    run | resume)
        trap on_exit EXIT
        prepare
        run_plan
        ;;
    crosscheck)
        trap on_exit EXIT
        command -v wrk >/dev/null || DEBIAN_PACKAGES+=(wrk)
        prepare
        "$PY" "$HERE/lib/crosscheck.py" "${CROSSCHECK_ARGS[@]}"
        ;;
    esac
}

main "$@"
