#!/usr/bin/env bash
# Instructions per URL of one engine of examples/compare, by callgrind: the
# run with ROUNDS=2 minus the run with ROUNDS=1, divided by the line count, so
# that reading the files and building the tables cancel out.
#
#   cargo build --release --example compare
#   benches/instructions.sh "uriscan (strict)" ../shared/data/kasztp.txt ...
#
# The engine is a name prefix as in `ONLY=` (see examples/compare.rs).
set -euo pipefail
engine=$1
shift
bin=${BIN:-target/release/examples/compare}
count() {
  ONLY="$engine" ROUNDS=$1 valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" "$2" 2>&1 |
    awk '/Collected/ {print $4}'
}
for f in "$@"; do
  a=$(count 1 "$f")
  b=$(count 2 "$f")
  if [ "$f" = ":percent" ]; then n=20000; else n=$(wc -l < "$f"); fi
  echo "$engine $(basename "$f"): $(( (b - a) / n )) instructions/URL"
done
