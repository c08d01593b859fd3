#!/usr/bin/env python3
"""The host column of 10 M rows on Spark local[2]: uriscan.spark.host
against Spark's own parse_url(url, 'HOST') on the same rows (issue 40's
"Load"). Not a test, a measurement; run it with a release build of uriscan
installed (a wheel: `maturin build --release`, then pip install it) and
pyspark 4.1 or later:

    URISCAN_BENCH_DATA=/path/to/data python python/bench/spark_load.py

URISCAN_BENCH_DATA names the directory of the corpora (kasztp.txt,
node_files.txt, isaacs_files.txt: one URL a line, as for python/bench.py);
their lines are repeated up to URISCAN_BENCH_ROWS rows (default
10,000,000). Without it, generated URLs are used. The rows are written once
to a Parquet file of 8 parts (a temporary directory), and each job reads it
and writes its one column to Spark's no-op sink (every row computed,
nothing collected). Each job runs URISCAN_BENCH_ROUNDS times (default 3);
the medians and the ratio of the first two are printed (the third job, an
Arrow UDF that returns its input, is what moving the column to Python and
back costs: the floor of any Arrow UDF), and how many rows the two hosts
differ on (java.net.URI's reading against RFC 3986's). ANSI mode is off so
that parse_url gives null for an invalid URL instead of failing the job.
"""

from __future__ import annotations

import os
import pathlib
import random
import statistics
import sys
import tempfile
import time
from typing import List

import pyarrow as pa
import pyarrow.parquet as pq

# The installed package, not the source tree beside this script.
here = pathlib.Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if pathlib.Path(p or ".").resolve() not in (here, here.parent)]

CORPORA = ("kasztp.txt", "node_files.txt", "isaacs_files.txt")


def lines() -> List[str]:
    d = os.environ.get("URISCAN_BENCH_DATA")
    out: List[str] = []
    if d:
        for name in CORPORA:
            p = pathlib.Path(d) / name
            if p.exists():
                out += [l for l in p.read_text(encoding="utf-8", errors="replace").splitlines() if l]
    if not out:
        rnd = random.Random(40)
        hosts = ["example.com", "www.example.co.uk", "a.github.io", "127.0.0.1", "[::1]", "cdn.site.org", "xn--bcher-kva.example"]
        for i in range(100_000):
            out.append(
                f"{rnd.choice(['http', 'https'])}://{rnd.choice(['', 'user@'])}{rnd.choice(hosts)}"
                f"{rnd.choice(['', ':8080'])}/path/{i}/{rnd.randint(0, 10**6)}.html"
                + rnd.choice(["", "?q=1&utm_source=x", "#top", "?a=%20b", "?a=b c"])
            )
    return out


def write_rows(path: pathlib.Path, rows: int, parts: int = 8) -> None:
    base = pa.array(lines(), type=pa.string())
    reps = rows // len(base) + 1
    column = pa.concat_arrays([base] * reps).slice(0, rows)
    path.mkdir()
    step = -(-rows // parts)
    for i in range(parts):
        pq.write_table(pa.table({"url": column.slice(i * step, step)}), path / f"part-{i}.parquet")


def identity(a: pa.Array) -> pa.Array:
    """An Arrow UDF's body that returns its column as it came."""
    return a


def main() -> None:
    rows = int(os.environ.get("URISCAN_BENCH_ROWS", "10000000"))
    rounds = int(os.environ.get("URISCAN_BENCH_ROUNDS", "3"))
    java17 = pathlib.Path("/usr/lib/jvm/java-17-openjdk-amd64")
    if not os.environ.get("JAVA_HOME") and java17.exists():
        os.environ["JAVA_HOME"] = str(java17)
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)

    from pyspark.sql import SparkSession
    from pyspark.sql import functions as F

    import uriscan
    import uriscan.spark as us

    spark = (
        SparkSession.builder.master("local[2]")
        .appName("uriscan-spark-load")
        .config("spark.ui.enabled", "false")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.driver.memory", "4g")
        .config("spark.sql.ansi.enabled", "false")
        .getOrCreate()
    )
    with tempfile.TemporaryDirectory() as tmp:
        data = pathlib.Path(tmp) / "urls"
        write_rows(data, rows)
        df = spark.read.parquet(str(data))
        jobs = {
            "uriscan.spark.host(url)": df.select(us.host("url").alias("h")),
            "parse_url(url, 'HOST')": df.select(F.expr("parse_url(url, 'HOST')").alias("h")),
            # The floor of any Arrow UDF: the column to a Python worker and
            # back, unchanged (no uriscan in it).
            "identity Arrow UDF": df.select(F.arrow_udf(identity, "string")("url").alias("h")),
        }
        print(f"{rows:,} rows, {df.rdd.getNumPartitions()} partitions, local[2], {rounds} rounds; "
              f"uriscan {uriscan.__version__}, Spark {spark.version}, "
              f"corpus: {os.environ.get('URISCAN_BENCH_DATA') or 'generated'}")
        # One warm-up of each (JIT, Python workers), then the rounds, alternating.
        for job in jobs.values():
            job.write.format("noop").mode("overwrite").save()
        times = {name: [] for name in jobs}
        for _ in range(rounds):
            for name, job in jobs.items():
                t0 = time.perf_counter()
                job.write.format("noop").mode("overwrite").save()
                times[name].append(time.perf_counter() - t0)
        med = {name: statistics.median(t) for name, t in times.items()}
        for name, t in times.items():
            print(f"{name:26} median {med[name]:7.2f} s   rounds {' '.join(f'{x:.2f}' for x in t)}   "
                  f"{med[name] / rows * 1e9:6.0f} ns/row")
        ours, spark_own = med["uriscan.spark.host(url)"], med["parse_url(url, 'HOST')"]
        print(f"ratio parse_url / uriscan.spark: {spark_own / ours:.2f}")
        diff = df.select(us.host("url").alias("u"), F.expr("parse_url(url, 'HOST')").alias("s")).where(
            "NOT (u <=> s)"
        ).count()
        print(f"rows whose hosts differ: {diff:,} of {rows:,}")
    spark.stop()


if __name__ == "__main__":
    main()
