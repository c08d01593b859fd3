#!/usr/bin/env bash
# The end-to-end figure of BENCHMARKS.md ("GROUP BY a ClickHouse function,
# end to end"): one query over a 10,000,000-row Parquet file,
#
#   SELECT domain(url) AS d, count(*) AS n FROM FILE GROUP BY d ORDER BY n DESC, d LIMIT 10
#
# by uriscan-sql (DataFusion in process; its default partitions, one per
# core) and by ClickHouse (the chdb package in process, max_threads=2),
# alternated ROUNDS times (default 5). Each is timed as a whole process
# (/usr/bin/time: wall seconds and peak RSS); chdb's query is also timed
# alone, inside Python, after the module is loaded. The two answers are
# compared (the script fails if they differ).
#
#   cargo build --release -p uriscan-sql
#   pip install chdb
#   URISCAN_BENCH_DATA=../shared/data DATA=/tmp/groupby sql/bench/groupby-vs-chdb.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=${BIN:-target/release}
DATA=${DATA:?a directory outside the repository for the generated Parquet file}
ROUNDS=${ROUNDS:-5}
ROWS=${ROWS:-10000000}
mkdir -p "$DATA"
DATA=$(cd "$DATA" && pwd)
file="$DATA/urls-$ROWS.parquet"
BIN=$BIN sql/bench/parquet-urls.sh "$ROWS" "$file" >/dev/null
echo "$ROWS rows, $(du -h "$file" | cut -f1), $(nproc) cores"

query="SELECT domain(url) AS d, count(*) AS n FROM '$file' GROUP BY d ORDER BY n DESC, d LIMIT 10"
chdb_query="SELECT domain(url) AS d, count(*) AS n FROM file('$file', Parquet) GROUP BY d ORDER BY n DESC, d LIMIT 10 SETTINGS max_threads=2"
chdb_py='
import sys, time
t = time.perf_counter()
import chdb
t0 = time.perf_counter()
out = chdb.query(sys.argv[1], "CSV").bytes()
t1 = time.perf_counter()
sys.stdout.buffer.write(out)
print(f"chdb query alone {t1 - t0:.3f} s (module load {t0 - t:.3f} s)", file=sys.stderr)
'
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for r in $(seq 1 "$ROUNDS"); do
    /usr/bin/time -f "round $r: uriscan-sql %e s, peak RSS %M KiB" \
        "$BIN/uriscan-sql" -f csv "$query" >"$work/ours.csv"
    /usr/bin/time -f "round $r: chdb process %e s, peak RSS %M KiB" \
        python3 -c "$chdb_py" "$chdb_query" >"$work/chdb.csv"
done
# uriscan-sql writes a header line and no quotes around plain text; chdb's CSV
# quotes strings: compare the rows as (domain, count) pairs.
tail -n +2 "$work/ours.csv" >"$work/ours.rows"
tr -d '"' <"$work/chdb.csv" >"$work/chdb.rows"
if cmp -s "$work/ours.rows" "$work/chdb.rows"; then
    echo "the answers agree:"
    sed 's/^/  /' "$work/ours.rows"
else
    echo "the answers differ:" >&2
    diff "$work/ours.rows" "$work/chdb.rows" >&2 || true
    exit 1
fi
