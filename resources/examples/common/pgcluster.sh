# The PostgreSQL examples' shared shell functions: Debian packages, Bun and its npm packages from
# a lock file, a private PostgreSQL cluster in a data directory of its own, and the run of the
# example's plan with its report and environment record. Sourced by
# ../postgres/run.sh and ../bun-sql/run.sh; not a program.
#
# The sourcing script sets, before calling these: PY (/usr/bin/python3), DATA_DIR (the cluster's
# directory), INSTALL (1 = may install), DEBIAN_PACKAGES (array), NPM_DIR (the directory with
# package.json and package-lock.json), DB_NAME (the database; default stackbench_example), and
# defines say() and die(). The functions set PG_BIN, PGDATA_DIR, SOCKET_DIR, PG_PORT and
# STARTED_CLUSTER; each script exports its own environment (export_env) from them. run_plan() also
# reads STACKBENCH_BIN, STORE, REPORT, ENV_RECORD, PROFILE, RESUME_RUN, BASELINE and HERE (the
# example's directory, with plan.json).

DB_NAME=${DB_NAME:-stackbench_example}

# --- packages --------------------------------------------------------------------------------------

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

bun_path() { echo "$NPM_DIR/node_modules/@oven/bun-linux-x64/bin/bun"; }

# Bun and the frameworks from npm into NPM_DIR/node_modules, exactly as package-lock.json says;
# never globally. Skipped when node_modules was installed from the same lock file.
install_npm() {
    local dir=$NPM_DIR stamp=$NPM_DIR/node_modules/.stackbench-lock.sha256 want bun
    bun=$(bun_path)
    want=$(sha256sum "$dir/package-lock.json" | cut -d' ' -f1)
    if [[ -x $bun && -f $stamp && $(cat "$stamp") == "$want" ]]; then
        return
    fi
    [[ $INSTALL == 1 ]] || die "$dir/node_modules is missing or stale (run without --no-install)"
    command -v npm >/dev/null || die "npm is not installed (Debian: apt-get install npm)"
    say "installing Bun and the frameworks into $dir/node_modules (npm ci)"
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
    "$bun" --version >/dev/null || die "$bun does not run on this machine"
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
SELECT 'CREATE DATABASE $DB_NAME OWNER bench' WHERE NOT EXISTS (SELECT 1 FROM pg_database WHERE datname = '$DB_NAME') \gexec
EOF
}

# --- the run ----------------------------------------------------------------------------------------

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
