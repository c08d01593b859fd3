#!/usr/bin/env bash
# Writes a Parquet file of exactly ROWS URLs (one column, `url`) for the
# load and end-to-end figures of BENCHMARKS.md: the lines of kasztp.txt,
# node_files.txt and isaacs_files.txt repeated, each repetition after the
# first with a fragment `#N` added where the URL has none (so that rows
# differ). Leaves an existing non-empty FILE as it is; prints the file's row
# and distinct-URL counts.
#
#   cargo build --release -p uriscan-sql
#   URISCAN_BENCH_DATA=../shared/data sql/bench/parquet-urls.sh 10000000 /tmp/urls-10m.parquet
#
# FILE belongs outside the repository (the lists are never committed).
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=${BIN:-target/release}
LISTS=$(cd "${URISCAN_BENCH_DATA:?the directory of the URL lists}" && pwd)
ROWS=${1:?ROWS FILE}
FILE=${2:?ROWS FILE}
[ -s "$FILE" ] && exit 0
total=$("$BIN/uriscan-sql" -f csv "SELECT count(*) AS n FROM '$LISTS/kasztp.txt'
    UNION ALL SELECT count(*) FROM '$LISTS/node_files.txt' UNION ALL SELECT count(*) FROM '$LISTS/isaacs_files.txt'" |
    awk 'NR > 1 { t += $1 } END { print t }')
"$BIN/uriscan-sql" -f parquet -o "$FILE" "
    WITH a AS (SELECT url, line AS k FROM '$LISTS/kasztp.txt'),
         na AS (SELECT count(*) AS c FROM a),
         b AS (SELECT url, line + na.c AS k FROM '$LISTS/node_files.txt' CROSS JOIN na),
         nb AS (SELECT count(*) AS c FROM b),
         c AS (SELECT url, line + na.c + nb.c AS k FROM '$LISTS/isaacs_files.txt' CROSS JOIN na CROSS JOIN nb),
         u AS (SELECT url, k FROM a UNION ALL SELECT url, k FROM b UNION ALL SELECT url, k FROM c),
         n AS (SELECT count(*) AS total FROM u)
    SELECT CASE WHEN v = 1 OR strpos(url, '#') > 0 THEN url ELSE concat(url, '#', CAST(v AS VARCHAR)) END AS url
    FROM u CROSS JOIN n CROSS JOIN generate_series(1, $(( (ROWS + total - 1) / total ))) AS s(v)
    WHERE (v - 1) * total + k <= $ROWS"
"$BIN/uriscan-sql" -f csv "SELECT count(*) AS rows, count(DISTINCT url) AS distinct_urls FROM '$FILE'"
