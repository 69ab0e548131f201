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

# --- packages and the cluster: ../common/pgcluster.sh ----------------------------------------------

DEBIAN_PACKAGES=(postgresql python3-django python3-gunicorn python3-uvicorn python3-psycopg2
    python3-uvloop python3-httptools)
NPM_DIR=$HERE/elysia
# shellcheck source=../common/pgcluster.sh
source "$HERE/../common/pgcluster.sh"

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
