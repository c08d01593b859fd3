#!/usr/bin/env python3
"""Writes clickhouse_url_fns.txt from clickhouse_url_fns_inputs.txt by running ClickHouse's URL functions.

Run by hand (needs `pip install chdb`, ClickHouse in-process; no network):
    python3 crawl/tests/data/gen_clickhouse_url_fns.py
The tests read clickhouse_url_fns.txt only; they never run Python or ClickHouse.
Every result is fetched as hex, so bytes that are not UTF-8 (decodeURLComponent('%FF')) are exact.
"""
import json
import os
import sys

import chdb

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_surt_escape import escape, inputs, unescape  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

# (label, SQL with `u` for the input, returns an array)
URL_FUNCTIONS = [
    ("extractURLParameter/param1", "extractURLParameter(u, 'param1')", False),
    ("extractURLParameter/x", "extractURLParameter(u, 'x')", False),
    ("extractURLParameter/q", "extractURLParameter(u, 'q')", False),
    ("extractURLParameter/a", "extractURLParameter(u, 'a')", False),
    ("extractURLParameters", "extractURLParameters(u)", True),
    ("extractURLParameterNames", "extractURLParameterNames(u)", True),
    ("cutURLParameter/a", "cutURLParameter(u, 'a')", False),
    ("cutURLParameter/x", "cutURLParameter(u, 'x')", False),
    ("cutURLParameter/c,e", "cutURLParameter(u, ['c', 'e'])", False),
    ("cutURLParameter/x,q", "cutURLParameter(u, ['x', 'q'])", False),
    ("topLevelDomain", "topLevelDomain(u)", False),
    ("firstSignificantSubdomain", "firstSignificantSubdomain(u)", False),
    ("cutToFirstSignificantSubdomain", "cutToFirstSignificantSubdomain(u)", False),
    ("cutToFirstSignificantSubdomainWithWWW", "cutToFirstSignificantSubdomainWithWWW(u)", False),
    ("path", "path(u)", False),
    ("pathFull", "pathFull(u)", False),
    ("netloc", "netloc(u)", False),
    ("port", "toString(port(u))", False),
    ("queryStringAndFragment", "queryStringAndFragment(u)", False),
    ("domain", "domain(u)", False),
    ("domainRFC", "domainRFC(u)", False),
    ("protocol", "protocol(u)", False),
    ("queryString", "queryString(u)", False),
    ("fragment", "fragment(u)", False),
    ("topLevelDomainRFC", "topLevelDomainRFC(u)", False),
    ("firstSignificantSubdomainRFC", "firstSignificantSubdomainRFC(u)", False),
    ("cutToFirstSignificantSubdomainRFC", "cutToFirstSignificantSubdomainRFC(u)", False),
    ("cutToFirstSignificantSubdomainWithWWWRFC", "cutToFirstSignificantSubdomainWithWWWRFC(u)", False),
    ("domainWithoutWWWRFC", "domainWithoutWWWRFC(u)", False),
    ("portRFC", "toString(portRFC(u))", False),
]
BYTE_FUNCTIONS = [
    ("encodeURLComponent", "encodeURLComponent(u)", False),
    ("encodeURLFormComponent", "encodeURLFormComponent(u)", False),
    ("decodeURLComponent", "decodeURLComponent(u)", False),
    ("decodeURLFormComponent", "decodeURLFormComponent(u)", False),
]

# The first input of the inputs file's encoding section.
ENCODING_ONLY = "a b+c/\\xC3\\xA9~*"


def sql_string(b):
    return "'" + "".join("\\x%02X" % c for c in b) + "'"


def main():
    version = json.loads(chdb.query("SELECT version() AS v", "JSONEachRow").data().strip())["v"]
    rows = []
    url_functions = True
    for line in inputs(os.path.join(HERE, "clickhouse_url_fns_inputs.txt")):
        raw = unescape(line)
        # From the first input of the encoding section on, the encoding functions only.
        if line == ENCODING_ONLY:
            url_functions = False
        functions = (URL_FUNCTIONS if url_functions else []) + BYTE_FUNCTIONS
        select = ", ".join(
            f"arrayMap(x -> hex(x), {sql}) AS c{i}" if array else f"hex({sql}) AS c{i}"
            for i, (_, sql, array) in enumerate(functions)
        )
        out = json.loads(chdb.query(f"SELECT {select} FROM (SELECT {sql_string(raw)} AS u)", "JSONEachRow").data())
        for i, (label, _, array) in enumerate(functions):
            value = out[f"c{i}"]
            values = value if array else [value]
            rows.append("\t".join([label, line] + [escape(bytes.fromhex(v)) for v in values]))
    with open(os.path.join(HERE, "clickhouse_url_fns.txt"), "w", encoding="utf-8") as f:
        f.write(f"# Produced by running ClickHouse {version} (chdb {chdb.__version__}) on the inputs of\n")
        f.write("# clickhouse_url_fns_inputs.txt (written for this project), by gen_clickhouse_url_fns.py.\n")
        f.write("# Columns, tab-separated: function (with its parameter names after `/`), input, then the\n")
        f.write("# result: one column for a string, one per element for an array (none for an empty array).\n")
        f.write("# Escapes as in surt.txt. `port` is written in decimal (0: no port, as ClickHouse has it).\n")
        for r in rows:
            f.write(r + "\n")


main()
