#!/usr/bin/env bash
# Seeds fuzz/corpus/<target>/ from the test data files (the corpus directory
# is not committed). Inputs of resolve and normalize are "base \n reference".
set -euo pipefail
cd "$(dirname "$0")"
data=../tests/data
inputs() { # first tab-separated field of every data line, \xHH unescaped
  for f in "$data"/rfc3986_valid.txt "$data"/rfc3986_invalid.txt "$data"/split.txt "$data"/normalize.txt "$data"/resolve.txt; do
    grep -v '^#' "$f" | cut -f1
  done
}
n=0
for t in parse split percent security extract strict_vs_oracle split_vs_oracle resolve normalize; do
  mkdir -p "corpus/$t"
done
while IFS= read -r line; do
  n=$((n + 1))
  for t in parse split percent security extract strict_vs_oracle split_vs_oracle; do
    printf '%b' "$line" > "corpus/$t/seed$n"
  done
  printf 'http://a/b/c/d;p?q\n%b' "$line" > "corpus/resolve/seed$n"
  printf '%b\nHTTP://a/./b/%%7e' "$line" > "corpus/normalize/seed$n"
done < <(inputs)
echo "seeded $n inputs per target"
