#!/usr/bin/env python3
"""ClickHouse's URL functions (chdb, in-process) on the rows functions_bench.rs uses, one run.

    pip install chdb
    URISCAN_BENCH_DATA=/work/shared/data python3 arrow/examples/functions_bench_chdb.py

The lines of kasztp.txt, repeated to 1,000,000, go into a Memory table once; each function is then
timed as `SELECT ignore(f(u)) FROM t FORMAT Null`, median of ROUNDS (default 7) runs, in ns per row,
with max_threads=1 (one core, as the Arrow kernels run) and with ClickHouse's default threads.
"""
import os
import statistics
import tempfile
import time

from chdb import session

ROWS = 1_000_000
FUNCTIONS = [
    "extractURLParameter(u, 'id')", "extractURLParameters(u)", "extractURLParameterNames(u)",
    "cutURLParameter(u, 'id')", "topLevelDomain(u)", "firstSignificantSubdomain(u)",
    "cutToFirstSignificantSubdomain(u)", "domainWithoutWWW(u)", "cutWWW(u)", "path(u)", "pathFull(u)",
    "netloc(u)", "port(u)", "queryStringAndFragment(u)", "cutQueryString(u)", "cutFragment(u)",
    "URLHierarchy(u)", "URLPathHierarchy(u)", "encodeURLComponent(u)", "decodeURLComponent(u)",
]


def lines():
    path = os.path.join(os.environ.get("URISCAN_BENCH_DATA", ""), "kasztp.txt")
    if os.path.exists(path):
        with open(path, encoding="utf-8-sig") as f:
            got = [l.rstrip("\n") for l in f if l.strip()]
        return got, path
    hosts = ["example.com", "www.example.org", "cdn.static.example.co.uk", "192.0.2.7", "[2001:db8::1]"]
    return [f"https://{hosts[i % 5]}/path/{i % 97}/item-{i}.html?id={i * 7}&ref=x#s{i % 3}" for i in range(10000)], "generated"


def main():
    rounds = int(os.environ.get("ROUNDS", "7"))
    base, source = lines()
    rows = [base[i % len(base)] for i in range(ROWS)]
    s = session.Session()
    with tempfile.NamedTemporaryFile("w", suffix=".tsv", delete=False, encoding="utf-8") as f:
        for r in rows:
            f.write(r.replace("\\", "\\\\").replace("\t", "\\t") + "\n")
        name = f.name
    s.query("CREATE TABLE t (u String) ENGINE = Memory")
    s.query(f"INSERT INTO t SELECT * FROM file('{name}', TSV, 'u String')")
    os.unlink(name)
    count = s.query("SELECT count() FROM t", "CSV").data().strip()
    print(f"{count} rows from {source}, median of {rounds} runs, ns per row (1 thread / default threads)")
    # The first line is the floor every function stands on: the column
    # read and handed to `ignore`, no function.
    for fn in ["u"] + FUNCTIONS:
        out = []
        for threads in ("SETTINGS max_threads = 1", ""):
            times = []
            for _ in range(rounds):
                t = time.perf_counter()
                s.query(f"SELECT ignore({fn}) FROM t FORMAT Null {threads}")
                times.append(time.perf_counter() - t)
            out.append(statistics.median(times) * 1e9 / ROWS)
        label = "u (baseline: the column read)" if fn == "u" else fn
        print(f"{label:<40} {out[0]:>8.1f} {out[1]:>8.1f}")


main()
