#!/bin/sh
# validate.sh desktop FILE | metainfo FILE | manpage FILE.1.gz STACKBENCH: runs the validator
# Debian ships for each kind of file. Exit 77 (CTest's skip) when the validator is not installed.
set -eu
kind=$1 file=$2
need() { command -v "$1" >/dev/null || { echo "validate.sh: $1 not installed ($2); skipped"; exit 77; }; }
case $kind in
desktop)
  need desktop-file-validate desktop-file-utils
  out=$(desktop-file-validate "$file" 2>&1) || { echo "$out"; exit 1; }
  # Hints do not fail the validator, but they are worth fixing too.
  [ -z "$out" ] || { echo "$out"; exit 1; }
  echo "desktop-file-validate: $file: no errors, warnings or hints" ;;
metainfo)
  need appstreamcli appstream
  appstreamcli validate --no-net --pedantic --explain "$file" ;;
manpage)
  need groff groff-base
  program=$3
  warnings=$(gzip -dc "$file" | LC_ALL=C.UTF-8 groff -man -ww -z -Tutf8 2>&1)
  [ -z "$warnings" ] || { echo "groff: $warnings"; exit 1; }
  # Every command of the program's own --help has its section in the page.
  text=$(gzip -dc "$file")
  for cmd in $("$program" --help | sed -n '/^Commands:/,/^$/s/^  \([a-z][a-z-]*\) .*/\1/p'); do
    printf '%s\n' "$text" | grep -qx ".SS $cmd" || { echo "manpage: no section for '$cmd'"; exit 1; }
  done
  echo "manpage: $file renders without warnings and has every command" ;;
*)
  echo "validate.sh: unknown kind '$kind'"; exit 2 ;;
esac
