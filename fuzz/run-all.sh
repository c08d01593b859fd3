#!/usr/bin/env bash
# Runs every fuzz target in turn for SECONDS each (default 60), from the
# committed corpus fuzz/corpus/<target>/ (what a run finds is added there,
# then the corpus is minimized with `cargo fuzz cmin`), and appends one row
# per target to fuzz/LOG.md (date, seconds, executions, coverage, crashes,
# corpus size, and the commit fuzzed: `+` marks changes not committed); the
# totals table at the top of LOG.md is recomputed from the rows, so every
# target's accumulated executions are visible.
#
#   fuzz/run-all.sh 600                       # ten minutes per target
#   TARGETS="parse peers_parse" fuzz/run-all.sh 60
#   fuzz/run-all.sh --totals                  # only recompute the totals
#   NO_TOTALS=1 fuzz/run-all.sh 600           # leave the totals (for two runs at
#                                             # once, one per core; --totals after)
#   FAST=1 TARGETS=arrow fuzz/run-all.sh 3600 # no AddressSanitizer and no comparison
#                                             # tracing (in fuzz/target-fast): 5-16x the
#                                             # executions of the default build for the
#                                             # checks' own assertions; the row says "fast"
#
# FAST suits targets whose code under test has no `unsafe` of its own (the
# `arrow` and `url_fns` checks: arrow-rs arrays are checked with
# `validate_full`); the SIMD skipper's `unsafe` is fuzzed under the default
# build (`skip_twin` and the parse targets).
#
# Needs cargo-fuzz (`cargo install cargo-fuzz`); the stable toolchain works
# with RUSTC_BOOTSTRAP=1. A crash leaves its input in fuzz/artifacts/<target>/
# and the script exits non-zero after the last target; add the input to
# tests/data/fuzz_regressions.txt once fixed.
set -euo pipefail
cd "$(dirname "$0")"
export RUSTC_BOOTSTRAP=1
log=LOG.md

# Recomputes the totals table of LOG.md from its rows.
totals() {
  local t
  t=$(awk -F'|' '/^\| [0-9][0-9][0-9][0-9]-/ { gsub(/ /, "", $3); runs[$3]++; secs[$3] += $4; ex[$3] += $5; cr[$3] += $7 }
    END { for (k in runs) printf "| %s | %d | %d | %d | %d |\n", k, runs[k], secs[k], ex[k], cr[k] }' "$log" | sort)
  awk -v totals="$t" '
    /^## Totals/ { print; print ""; print "| target | runs | seconds | executions | crashes |"; print "| --- | --- | --- | --- | --- |"; print totals; print ""; skip = 1; next }
    /^## / { skip = 0 }
    !skip { print }' "$log" >"$log.new" && mv "$log.new" "$log"
}
if [ "${1:-}" = "--totals" ]; then
  totals
  exit 0
fi
secs=${1:-60}
targets=${TARGETS:-$(cargo fuzz list)}
[ -f "$log" ] || printf '# Fuzzing log\n\n## Totals\n\n## Runs\n\n| date | target | seconds | executions | coverage | crashes | corpus files | commit |\n| --- | --- | --- | --- | --- | --- | --- | --- |\n' > "$log"
build=()
[ -z "${FAST:-}" ] || build=(-s none --no-trace-compares --target-dir target-fast)
cargo fuzz build "${build[@]}" >/dev/null
commit=$(git rev-parse --short=9 HEAD)
# (Pathspecs from the top: the corpus and this log, which earlier runs
# change, are not changes to the code fuzzed.)
git diff --quiet HEAD -- ':(top)' ':(top,exclude)fuzz/corpus' ':(top,exclude)fuzz/LOG.md' || commit="$commit+"
[ -z "${FAST:-}" ] || commit="$commit fast"
failed=0
for t in $targets; do
  mkdir -p "corpus/$t" "artifacts/$t"
  before=$(find "artifacts/$t" -type f | wc -l)
  out=$(mktemp)
  if ! cargo fuzz run "${build[@]}" "$t" "corpus/$t" -- -max_total_time="$secs" -print_final_stats=1 >"$out" 2>&1; then
    failed=1
    echo "$t: the fuzzer stopped on a failure; see fuzz/artifacts/$t/ and:" >&2
    grep -m 5 -E 'panicked|ERROR|SUMMARY' "$out" >&2 || true
  fi
  execs=$( (grep -o 'stat::number_of_executed_units: *[0-9]*' "$out" || true) | grep -o '[0-9]*$' | tail -n 1 || true)
  cov=$( (grep -o 'cov: [0-9]*' "$out" || true) | tail -n 1 | grep -o '[0-9]*$' || true)
  crashes=$(( $(find "artifacts/$t" -type f | wc -l) - before ))
  cargo fuzz cmin "${build[@]}" "$t" "corpus/$t" >/dev/null 2>&1 || true
  files=$(find "corpus/$t" -type f | wc -l)
  echo "| $(date -u +%F) | $t | $secs | ${execs:-0} | ${cov:-0} | $crashes | $files | $commit |" >>"$log"
  echo "$t: ${execs:-0} executions in ${secs} s, coverage ${cov:-0}, $crashes crashes, $files corpus files"
  rm -f "$out"
done
[ -n "${NO_TOTALS:-}" ] || totals
exit $failed
