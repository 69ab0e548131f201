#!/bin/bash
# installer/test-package.sh [BUILD_DIR]: builds the .deb (cmake --build BUILD_DIR --target package,
# default build/), installs it with `apt-get install ./stackbench_*.deb` into a fresh minimal
# Debian 12 root (debootstrap, cached as /var/tmp/sb-fresh-base.tar), and checks it there, chrooted:
# --version, --help, the reference target, a one-window run into a new run store, the demo (when
# the command exists), the GUI offscreen, the man page and icons, the desktop file and the AppStream
# metadata with Debian's validators, and that
# `apt-get remove --purge stackbench` leaves nothing of the package behind.
# Needs root (chroot, mount) and the Debian mirror. Prints a summary; exits 1 when a check failed.
set -euo pipefail

REPO=$(cd "$(dirname "$0")/.." && pwd)
BUILD=$(realpath -m "${1:-$REPO/build}")
CACHE=/var/tmp/sb-fresh-base.tar
CHROOT_PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
LOGS=$(mktemp -d /var/tmp/sb-test-package-logs.XXXXXX)
ROOT=""
RESULTS=()
FAILED=0
CHECKS=0
STOPPED_RC=""

say() { printf 'test-package: %s\n' "$*"; }
die() { say "$*"; exit 1; }

# --- checks: each one a name, a log file and PASS / FAIL / SKIP in the summary ----------------

record() { # record STATUS NAME [DETAIL]
  RESULTS+=("$(printf '%-4s  %s%s' "$1" "$2" "${3:+  ($3)}")")
  [ "$1" != FAIL ] || FAILED=1
  printf 'test-package: %-4s %s%s\n' "$1" "$2" "${3:+  ($3)}"
}

# check NAME COMMAND...: runs COMMAND on the host, its output in $LOGS/NN-NAME.log (numbered in
# order), shown on failure.
check() {
  local name=$1 log
  shift
  CHECKS=$((CHECKS + 1))
  log=$(printf '%s/%02d-%s.log' "$LOGS" "$CHECKS" "${name//[^a-zA-Z0-9]/-}")
  if "$@" >"$log" 2>&1; then
    record PASS "$name"
  else
    record FAIL "$name" "exit $?, log $log"
    sed 's/^/    | /' "$log" | tail -n 40
  fi
}

# in_root COMMAND...: runs COMMAND in the fresh root with a clean environment, as a new user's
# login would have it (no DISPLAY, no Qt variables), bounded by a timeout.
in_root() {
  timeout --kill-after=10 "${TIMEOUT:-300}" chroot "$ROOT" /usr/bin/env -i HOME=/root \
    PATH="$CHROOT_PATH" TERM=dumb LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive "$@"
}

# --- the fresh root -----------------------------------------------------------------------------

make_base() { # the cached debootstrap tarball, as ../shared/tools/fresh-machine.sh makes it
  [ -f "$CACHE" ] && return
  command -v debootstrap >/dev/null ||
    apt-get install -y -o DPkg::Lock::Timeout=600 debootstrap >/dev/null
  local base mirror
  base=$(mktemp -d /var/tmp/sb-base.XXXXXX)
  mirror=$(awk '/^URIs:/ {print $2; exit}' /etc/apt/sources.list.d/debian.sources)
  say "debootstrap of bookworm from $mirror (once; cached in $CACHE)"
  debootstrap --variant=minbase --include=ca-certificates,git bookworm "$base" "$mirror" \
    >"$LOGS/debootstrap.log" 2>&1 || die "debootstrap failed: see $LOGS/debootstrap.log"
  cp /etc/apt/sources.list.d/debian.sources "$base/etc/apt/sources.list.d/"
  rm -f "$base/etc/apt/sources.list"
  tar -C "$base" -cf "$CACHE.$$" . && mv "$CACHE.$$" "$CACHE" && rm -rf --one-file-system "$base"
}

mounted_below() { awk -v root="$1" '$5 == root || index($5, root "/") == 1 {print $5}' /proc/self/mountinfo; }

cleanup() {
  [ -n "$ROOT" ] || return 0
  for m in dev sys proc; do umount -R -l "$ROOT/$m" 2>/dev/null || true; done
  if [ -n "$(mounted_below "$ROOT")" ]; then
    say "still mounted below $ROOT, not removing it: $(mounted_below "$ROOT" | tr '\n' ' ')"
  else
    rm -rf --one-file-system "$ROOT"
  fi
}

open_root() {
  ROOT=$(mktemp -d /var/tmp/sb-test-package.XXXXXX)
  trap cleanup EXIT
  trap 'exit 130' INT TERM
  tar -C "$ROOT" -xf "$CACHE"
  chmod 755 "$ROOT" # a real root is 0755; mktemp makes 0700
  cp /etc/resolv.conf "$ROOT/etc/resolv.conf"
  printf '#!/bin/sh\nexit 101\n' >"$ROOT/usr/sbin/policy-rc.d" # no services start in the chroot
  chmod 755 "$ROOT/usr/sbin/policy-rc.d"
  mount -t proc proc "$ROOT/proc"
  mount --rbind /sys "$ROOT/sys" && mount --make-rslave "$ROOT/sys"
  mount --rbind /dev "$ROOT/dev" && mount --make-rslave "$ROOT/dev"
}

# --- the package ---------------------------------------------------------------------------------

build_package() {
  if [ ! -f "$BUILD/CMakeCache.txt" ]; then
    cmake -S "$REPO" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >"$LOGS/configure.log" 2>&1 ||
      die "configure failed: see $LOGS/configure.log"
  fi
  say "building the package in $BUILD"
  cmake --build "$BUILD" --target package >"$LOGS/package.log" 2>&1 ||
    { tail -n 30 "$LOGS/package.log"; die "the package target failed: see $LOGS/package.log"; }
  DEB=$(sed -n 's|^CPack: - package: \(.*/stackbench_[^/]*\.deb\) generated\.$|\1|p' "$LOGS/package.log")
  [ -f "$DEB" ] || die "cpack named no stackbench_*.deb (see $LOGS/package.log)"
  say "package: $DEB, $(stat -c %s "$DEB") bytes"
}

# --- the checks in the fresh root ----------------------------------------------------------------

# install_package [APT-OPTION...]: `apt-get install ./stackbench_*.deb` as a user types it.
install_package() {
  cp "$DEB" "$ROOT/tmp/"
  TIMEOUT=900 in_root apt-get update -o DPkg::Lock::Timeout=600 &&
    TIMEOUT=1800 in_root sh -c "cd /tmp && apt-get install -y $* ./$(basename "$DEB")"
}

run_version() {
  local out
  out=$(in_root stackbench --version) && echo "$out" && [[ $out =~ ^stackbench\ [0-9]+\.[0-9]+\.[0-9]+ ]]
}

# (The output goes to the check's log through a variable: tee /dev/stderr would truncate the log.)
run_help() {
  local out
  out=$(in_root stackbench --help) && echo "$out" && grep -q '^Commands:' <<<"$out"
}

# bg_in_root LOG COMMAND...: starts COMMAND in the fresh root in the background; chroot and env
# exec, so $! is the program itself.
bg_in_root() {
  local log=$1; shift
  chroot "$ROOT" /usr/bin/env -i HOME=/root PATH="$CHROOT_PATH" TERM=dumb LANG=C.UTF-8 "$@" \
    >"$log" 2>&1 &
}

# stop PID SIGNAL: sends SIGNAL and waits up to 10 s; prints the exit status, or kills and fails.
stop() {
  local pid=$1 rc=0
  kill "-$2" "$pid" 2>/dev/null || true
  for _ in $(seq 100); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  if kill -0 "$pid" 2>/dev/null; then
    echo "pid $pid still running 10 s after SIG$2; killed"
    kill -KILL "$pid"
    wait "$pid" 2>/dev/null || true
    return 1
  fi
  wait "$pid" || rc=$?
  echo "pid $pid exited with $rc after SIG$2"
  STOPPED_RC=$rc
}

# The reference target on a free port: wait for its "listening on" line, load it for a second,
# then stop it with Ctrl-C's signal and expect a clean exit.
run_target() {
  local log="$LOGS/target-server.log" pid port="" rc=0
  bg_in_root "$log" stackbench target --port 0
  pid=$!
  for _ in $(seq 300); do
    port=$(sed -n 's|.*listening on http://[^:]*:\([0-9]*\).*|\1|p' "$log")
    [ -n "$port" ] && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  cat "$log"
  if [ -z "$port" ]; then
    echo "the target printed no 'listening on' line"
    stop "$pid" KILL || true
    return 1
  fi
  in_root stackbench load -d 1s -c 2 "http://127.0.0.1:$port/health" || rc=1
  stop "$pid" INT && [ "$STOPPED_RC" = 0 ] || rc=1
  return $rc
}

# A port below the kernel's ephemeral range (where client sockets would take it) that nothing uses.
free_port() {
  local p
  for _ in $(seq 50); do
    p=$((20000 + RANDOM % 12000))
    [ -z "$(ss -Htan "( sport = :$p or dport = :$p )")" ] && { echo "$p"; return; }
  done
  return 1
}

# One short window of the reference target through the runner and a new SQLite run store, then
# list and report it: the Qt SQLite driver, loaded at run time, is there. The foreign-CPU gate is
# off: this checks the package, it measures nothing, and the host may be busy.
run_plan() {
  local port run listing
  port=$(free_port) || { echo "no free port"; return 1; }
  cat >"$ROOT/tmp/package-check.json" <<EOF
{
  "format": 1,
  "name": "package-check",
  "description": "installer/test-package.sh: the runner and the run store of the installed package",
  "configurations": [
    {
      "name": "reference",
      "command": ["\${stackbench}", "target", "--port", "\${port}", "--threads", "1",
                  "--db", "/tmp/package-check-target.sqlite"],
      "port": $port,
      "ready": { "path": "/health", "status": 200, "timeout_s": 30 },
      "stop": { "signal": "SIGTERM", "grace_s": 5 }
    }
  ],
  "routes": [ { "name": "health", "method": "GET", "path": "/health", "expect": 200 } ],
  "sampler": { "foreign_gate_pct": 1000000 },
  "profiles": { "check": { "rounds": 1, "concurrency": [2], "warmup": "1s", "measure_s": 2 } }
}
EOF
  in_root stackbench run /tmp/package-check.json --profile check --store /tmp/runs.sqlite || return 1
  listing=$(in_root stackbench list --json --store /tmp/runs.sqlite) || return 1
  echo "$listing"
  run=$(sed -n 's/.*"id": *"\([^"]*\)".*/\1/p' <<<"$listing" | head -n 1)
  [ -n "$run" ] || { echo "stackbench list shows no run"; return 1; }
  in_root stackbench report "$run" --store /tmp/runs.sqlite -o /tmp/report.md || return 1
  head -n 20 "$ROOT/tmp/report.md"
}

has_demo() { in_root stackbench demo --help >/dev/null 2>&1; }

# The demo keeps its shipped foreign-CPU gate: on a machine busy with other work its windows fail
# that gate (each named), which says nothing about the package. Then the servers still started,
# were measured and stopped; the check passes when every failed window failed that gate only.
run_demo() {
  local log="$LOGS/demo-output.log"
  TIMEOUT=1800 in_root stackbench demo --profile ci >"$log" 2>&1 && { cat "$log"; return 0; }
  cat "$log"
  if grep -Eq 'windows failed \([0-9]+ foreign_cpu\)$' "$log" &&
    grep -q 'ratio 2xx/s' "$log"; then
    echo "test-package: busy machine: the demo ran, and every failed window failed the foreign-CPU gate only"
    return 0
  fi
  return 1
}

# The GUI on the offscreen platform: it has to stay up for three seconds and load its platform.
run_gui() {
  local log="$LOGS/gui-process.log" pid rc=0
  bg_in_root "$log" QT_QPA_PLATFORM=offscreen stackbench gui
  pid=$!
  sleep 3 # the assertion is "still running after a while": there is no line to wait for
  if kill -0 "$pid" 2>/dev/null; then
    echo "the GUI is running after 3 s"
    stop "$pid" TERM || rc=1
  else
    wait "$pid" && echo "the GUI exited by itself with 0" || echo "the GUI exited by itself with $?"
    rc=1
  fi
  echo "--- its output:"
  cat "$log"
  if grep -qi 'could not load the Qt platform plugin\|could not find the Qt platform plugin' "$log"; then
    rc=1
  fi
  return $rc
}

installed_files() { in_root dpkg-query -L stackbench >"$LOGS/dpkg-L.txt" && cat "$LOGS/dpkg-L.txt"; }

install_validators() {
  TIMEOUT=900 in_root apt-get install -y --no-install-recommends desktop-file-utils appstream
}

validate_desktop() {
  local f out
  f=$(grep '^/usr/share/applications/.*\.desktop$' "$LOGS/dpkg-L.txt") || { echo "no desktop file"; return 1; }
  for d in $f; do
    echo "desktop-file-validate $d"
    out=$(in_root desktop-file-validate "$d" 2>&1) || { echo "$out"; return 1; }
    [ -z "$out" ] || { echo "$out"; return 1; }
    echo "  no errors, warnings or hints"
  done
}

validate_metainfo() {
  local f
  f=$(grep '^/usr/share/metainfo/.*\.xml$' "$LOGS/dpkg-L.txt") || { echo "no metainfo"; return 1; }
  for m in $f; do in_root appstreamcli validate --no-net "$m" || return 1; done
}

check_manpage() {
  local head
  head=$(in_root sh -c 'gzip -dc /usr/share/man/man1/stackbench.1.gz | head -n 3') || return 1
  echo "$head" && grep -q '^\.TH STACKBENCH 1 ' <<<"$head"
}

check_icons() {
  local size missing=0
  for size in 16x16 22x22 24x24 32x32 48x48 64x64 128x128 256x256 512x512; do
    grep -qx "/usr/share/icons/hicolor/$size/apps/stackbench.png" "$LOGS/dpkg-L.txt" ||
      { echo "no $size icon"; missing=1; }
  done
  grep -qx /usr/share/icons/hicolor/scalable/apps/stackbench.svg "$LOGS/dpkg-L.txt" ||
    { echo "no scalable icon"; missing=1; }
  [ $missing = 0 ] && echo "hicolor: scalable and 9 PNG sizes"
}

has_share() { grep -q '^/usr/share/stackbench/' "$LOGS/dpkg-L.txt"; }

list_share() { grep '^/usr/share/stackbench/' "$LOGS/dpkg-L.txt"; }

# Root running the demo leaves __pycache__ beside its modules; the prerm has to remove it, or the
# purge leaves directories behind. Compile them as an import would, so the purge meets them.
compile_python() {
  local py
  py=$(in_root find /usr/share/stackbench -name '*.py') || return 1
  [ -n "$py" ] || { echo "no Python modules in /usr/share/stackbench"; return 0; }
  # shellcheck disable=SC2086 # one path a word
  in_root python3 -m py_compile $py && in_root find /usr/share/stackbench -name '*.pyc'
}

remove_package() { TIMEOUT=900 in_root apt-get remove --purge -y stackbench; }

# After the purge, every path the package listed is gone, except directories that other packages
# own or that still hold other packages' files; and no path named after the program remains
# outside the user's home and /tmp (the user's own runs and target database stay, as they should).
nothing_left() {
  local path bad=0 owners kept=""
  while IFS= read -r path; do
    case $path in '' | /.) continue ;; esac
    if [ -L "$ROOT$path" ] || [ -f "$ROOT$path" ]; then
      echo "left behind: $path"; bad=1
    elif [ -d "$ROOT$path" ]; then
      if owners=$(in_root dpkg-query -S "$path" 2>/dev/null); then
        kept+="kept, shared: $path (${owners%%:*})"$'\n'
      elif [ -n "$(ls -A "$ROOT$path")" ]; then
        kept+="kept, not empty: $path ($(ls -A "$ROOT$path" | head -n 3 | tr '\n' ' '))"$'\n'
      else
        echo "left behind (an empty directory no package owns): $path"; bad=1
      fi
    fi
  done <"$LOGS/dpkg-L.txt"
  local stray status
  stray=$(cd "$ROOT" && find . -xdev \( -path ./root -o -path ./tmp -o -path ./proc -o -path ./sys \
    -o -path ./dev -o -path ./var/cache/apt -o -path ./var/lib/apt -o -path ./var/lib/dpkg \
    -o -path ./var/log \) -prune -o -iname '*stackbench*' -print)
  [ -z "$stray" ] || { echo "paths named after stackbench remain:"; echo "$stray"; bad=1; }
  # shellcheck disable=SC2016 # dpkg-query's own ${Status}
  status=$(in_root dpkg-query -W -f='${Status}' stackbench 2>/dev/null) || status=""
  case $status in "" | "unknown ok not-installed") ;; *) echo "dpkg still has: $status"; bad=1 ;; esac
  [ $bad = 1 ] || echo "every file of the package is gone"
  printf '%s' "$kept"
  return $bad
}

# --- main ---------------------------------------------------------------------------------------

# Phase 1, the Depends alone (--no-install-recommends): everything but the demo has to work, the
# GUI and the run store's SQLite driver included. Then a purge.
phase_depends_only() {
  RESULTS+=("-- phase 1: the Depends alone")
  check "install --no-install-recommends (Depends only)" install_package --no-install-recommends
  [ "${RESULTS[-1]:0:4}" = PASS ] || { record SKIP "phase 1" "the package did not install"; return; }
  check "version" run_version
  check "help" run_help
  check "target, stopped by SIGINT" run_target
  check "run into a new store, list, report" run_plan
  check "gui offscreen" run_gui
  check "dpkg -L" installed_files
  check "apt-get remove --purge" remove_package
  check "nothing left" nothing_left
}

# Phase 2, as a user installs it (Recommends too): the demo, the installed files, the validators,
# and the purge again.
phase_with_recommends() {
  RESULTS+=("-- phase 2: with the Recommends, as apt installs it by default")
  check "install (with Recommends)" install_package
  [ "${RESULTS[-1]:0:4}" = PASS ] || { record SKIP "phase 2" "the package did not install"; return; }
  if has_demo; then
    check "demo --profile ci" run_demo
  else
    record SKIP "demo --profile ci" "this build has no 'stackbench demo' command"
  fi
  check "dpkg -L" installed_files
  if has_share; then
    check "/usr/share/stackbench" list_share
    check "demo modules compiled, as root running the demo leaves them" compile_python
  else
    record SKIP "/usr/share/stackbench" "this build installs nothing there"
  fi
  check "man page" check_manpage
  check "icons" check_icons
  check "install the validators" install_validators
  check "desktop-file-validate" validate_desktop
  check "appstreamcli validate --no-net" validate_metainfo
  check "apt-get remove --purge" remove_package
  check "nothing left" nothing_left
}

main() {
  [ "$(id -u)" -eq 0 ] || die "needs root (chroot and mount); run it with sudo"
  build_package
  make_base
  open_root
  say "fresh root in $ROOT; logs in $LOGS"
  phase_depends_only
  phase_with_recommends
  echo
  echo "=== test-package summary ($(basename "$DEB"), $(stat -c %s "$DEB") bytes)"
  echo "Depends:    $(dpkg-deb -f "$DEB" Depends)"
  echo "Recommends: $(dpkg-deb -f "$DEB" Recommends)"
  printf '%s\n' "${RESULTS[@]}"
  echo "logs: $LOGS"
  if [ $FAILED = 1 ]; then
    echo "test-package: FAILED"
    exit 1
  fi
  echo "test-package: all checks passed"
}

main "$@"
