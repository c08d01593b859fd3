#!/usr/bin/env python3
"""Writes clickhouse_url.txt from clickhouse_url_inputs.txt by running ClickHouse's URL functions.

Run by hand (needs `pip install chdb`, ClickHouse in-process; no network):
    python3 crawl/tests/data/gen_clickhouse_url.py
The tests read clickhouse_url.txt only; they never run Python or ClickHouse.
"""
import json
import os
import sys

import chdb

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_surt_escape import escape, inputs, unescape  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
FUNCTIONS = ["domainWithoutWWW", "cutWWW", "cutQueryString", "cutFragment", "cutQueryStringAndFragment",
             "URLHierarchy", "URLPathHierarchy"]


def sql_string(b):
    return "'" + "".join("\\x%02X" % c for c in b) + "'"


def main():
    version = json.loads(chdb.query("SELECT version() AS v", "JSONEachRow").data().strip())["v"]
    rows = []
    for line in inputs(os.path.join(HERE, "clickhouse_url_inputs.txt")):
        url = unescape(line)
        select = ", ".join(f"{f}(u) AS {f}" for f in FUNCTIONS)
        out = json.loads(chdb.query(f"SELECT {select} FROM (SELECT {sql_string(url)} AS u)", "JSONEachRow").data())
        for f in FUNCTIONS:
            value = out[f]
            values = value if isinstance(value, list) else [value]
            rows.append("\t".join([f, line] + [escape(v.encode("utf-8", "surrogateescape")) for v in values]))
    with open(os.path.join(HERE, "clickhouse_url.txt"), "w", encoding="utf-8") as f:
        f.write(f"# Produced by running ClickHouse {version} (chdb {chdb.__version__}) on the inputs of\n")
        f.write("# clickhouse_url_inputs.txt (written for this project), by gen_clickhouse_url.py.\n")
        f.write("# Columns, tab-separated: function, input, then the result: one column for a string,\n")
        f.write("# one per element for an array (none for an empty array). Escapes as in surt.txt.\n")
        for r in rows:
            f.write(r + "\n")


main()
