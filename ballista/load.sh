#!/usr/bin/env bash
# The load figures of BENCHMARKS.md, "Ballista: faults and load": 1 M and
# 10 M rows grouped by registrable domain on a Ballista cluster of two
# executors (the project's binaries, each run on a fresh cluster, peak RSS of
# every process from /proc/PID/status VmHWM), and with uriscan-sql in
# process on the same files (/usr/bin/time).
#
#   cargo build --release -p uriscan-ballista -p uriscan-sql --bins
#   URISCAN_BENCH_DATA=../shared/data DATA=/somewhere/outside ballista/load.sh
#
# DATA receives the generated Parquet files (never the repository), 1,000,000
# and 10,000,000 rows written by sql/bench/parquet-urls.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-target/release}
LISTS=$(cd "${URISCAN_BENCH_DATA:?the directory of the URL lists}" && pwd)
DATA=${DATA:?a directory for the generated Parquet files}
mkdir -p "$DATA"
DATA=$(cd "$DATA" && pwd)
ROUNDS=${ROUNDS:-3}
PORT=${PORT:-50350}
QUERY_OF() {
    echo "SELECT uri_registrable_domain(url) AS d, count(*) AS n FROM '$1' GROUP BY d ORDER BY n DESC, d LIMIT 10"
}

hwm() { # PID -> peak RSS in MiB
    awk '/VmHWM/ { printf "%.0f", $2 / 1024 }' "/proc/$1/status"
}

# Waits until the scheduler's /readyz says that two executors registered.
wait_ready() {
    for _ in $(seq 1 300); do
        if [ "$(curl -s -o /dev/null -w '%{http_code}' "localhost:$PORT/readyz")" = 200 ]; then return; fi
        sleep 0.1
    done
    echo "cluster not ready" >&2
    exit 1
}

cluster_run() { # FILE
    local work pids=()
    work=$(mktemp -d "$DATA/work.XXXX")
    "$BIN/uriscan-ballista-scheduler" --bind-host 127.0.0.1 --bind-port "$PORT" --min-ready-executors 2 \
        --log-level-setting warn 2>"$work/scheduler.log" &
    pids+=($!)
    for i in 1 2; do
        mkdir -p "$work/ex$i"
        "$BIN/uriscan-ballista-executor" --scheduler-port "$PORT" --bind-host 127.0.0.1 --external-host 127.0.0.1 \
            --bind-port $((PORT + 10 * i + 1)) --bind-grpc-port $((PORT + 10 * i + 2)) \
            --bind-health-port $((PORT + 10 * i + 3)) --work-dir "$work/ex$i" \
            --log-level-setting warn 2>"$work/executor$i.log" &
        pids+=($!)
    done
    trap 'kill "${pids[@]}" 2>/dev/null || true' EXIT
    wait_ready
    for r in $(seq 1 "$ROUNDS"); do
        local t0 t1
        t0=$(date +%s.%N)
        "$BIN/uriscan-sql" --scheduler "localhost:$PORT" -f csv "$(QUERY_OF "$1")" >"$work/out.csv"
        t1=$(date +%s.%N)
        echo "  cluster round $r: $(echo "$t1 - $t0" | bc) s; peak RSS scheduler $(hwm "${pids[0]}") MiB," \
            "executor 1 $(hwm "${pids[1]}") MiB, executor 2 $(hwm "${pids[2]}") MiB"
    done
    head -4 "$work/out.csv" | sed 's/^/    /'
    kill "${pids[@]}"
    wait "${pids[@]}" 2>/dev/null || true
    trap - EXIT
    rm -rf "$work"
}

local_run() { # FILE
    for r in $(seq 1 "$ROUNDS"); do
        /usr/bin/time -f "  in-process round $r: %e s; peak RSS %M KiB" \
            "$BIN/uriscan-sql" -f csv "$(QUERY_OF "$1")" >/dev/null
    done
}

BIN=$BIN URISCAN_BENCH_DATA=$LISTS sql/bench/parquet-urls.sh 1000000 "$DATA/urls-1m.parquet"
BIN=$BIN URISCAN_BENCH_DATA=$LISTS sql/bench/parquet-urls.sh 10000000 "$DATA/urls-10m.parquet"
for size in 1m 10m; do
    file="$DATA/urls-$size.parquet"
    echo "$size rows ($(du -h "$file" | cut -f1)), two executors, a fresh cluster:"
    cluster_run "$file"
    echo "$size rows, uriscan-sql in process:"
    local_run "$file"
done
