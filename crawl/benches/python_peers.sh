#!/usr/bin/env bash
# Whole-process time of SURT keys over one URL list: this crate's example binary
# against the Python reference package (`pip install surt`), and registrable
# domains with tldextract's bundled list (no network fetch). Run by hand:
#   crawl/benches/python_peers.sh /path/to/kasztp.txt
# Prints the median wall time of 5 runs of each, and the ratio.
set -euo pipefail
file=${1:?usage: $0 URL_LIST}
root=$(cd "$(dirname "$0")/../.." && pwd)
cargo build --release -q -p uriscan-crawl --example crawl_bench --manifest-path "$root/Cargo.toml"
bin=$root/target/release/examples/crawl_bench
median() { # command... ; prints the median wall seconds of 5 runs
  local times=()
  for _ in 1 2 3 4 5; do
    local t0 t1; t0=$(date +%s.%N); "$@" > /dev/null; t1=$(date +%s.%N)
    times+=("$(echo "$t1 - $t0" | bc)")
  done
  printf '%s\n' "${times[@]}" | sort -g | sed -n 3p
}
py_surt='import sys, surt
for line in open(sys.argv[1], "rb"):
    sys.stdout.buffer.write(surt.surt(line.rstrip(b"\r\n")) + b"\n")'
py_tld='import sys, tldextract
ex = tldextract.TLDExtract(suffix_list_urls=(), cache_dir=None)
for line in open(sys.argv[1], encoding="utf-8", errors="replace"):
    print(ex(line.strip()).top_domain_under_public_suffix)'
lines=$(wc -l < "$file")
ours=$(median "$bin" surt "$file")
theirs=$(median python3 -c "$py_surt" "$file")
tld=$(median python3 -c "$py_tld" "$file")
echo "lines: $lines"
echo "uriscan-crawl surt (whole process): ${ours}s  $(echo "$lines / $ours" | bc) URLs/s"
echo "python surt (whole process):        ${theirs}s  $(echo "$lines / $theirs" | bc) URLs/s"
echo "ratio python/ours: $(echo "scale=1; $theirs / $ours" | bc)x"
echo "python tldextract, registrable domain of each URL (whole process): ${tld}s  $(echo "$lines / $tld" | bc) URLs/s"
