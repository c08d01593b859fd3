#!/usr/bin/env python3
"""Writes spark_url.txt from spark_url_inputs.txt by running Spark's URL functions.

Run by hand (needs `pip install pyspark` and a Java 17 runtime; no network):
    JAVA_HOME=/usr/lib/jvm/java-17-openjdk-amd64 venv/bin/python crawl/tests/data/gen_spark_url.py
    ... gen_spark_url.py --empty   # only the rows of the empty input, put first (a few minutes)
The tests read spark_url.txt only; they never run Python or Spark.

Every input is a Spark string (UTF-8; invalid UTF-8 cannot be one, so there is none); the
empty string comes first (spark_url_inputs.txt cannot hold it).
parse_url runs with ANSI mode off (spark.sql.ansi.enabled=false: an invalid URL gives NULL),
the other functions with Spark's defaults. A function that fails on a row is run again on
that row alone, and its error class is recorded.
"""
import os
import re
import sys

from pyspark.sql import SparkSession
from pyspark.sql.types import StringType, StructField, StructType

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_surt_escape import escape, inputs, unescape  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

PARTS = ["HOST", "PATH", "QUERY", "REF", "PROTOCOL", "FILE", "AUTHORITY", "USERINFO", "host", "X"]
# Keys of parse_url(u, 'QUERY', key): a regular expression for Spark.
KEYS = ["a", "b", "x", "q", "a.c", "", "a b", "a+b", "k[]", "k(", "a&b", "a|b"]
# (label, SQL with `u` for the input)
URL_FUNCTIONS = (
    [(f"parse_url/{p}", f"parse_url(u, '{p}')") for p in PARTS]
    + [(f"parse_url/QUERY/{k}", f"parse_url(u, 'QUERY', '{k}')") for k in KEYS]
    + [(f"try_parse_url/{p}", f"try_parse_url(u, '{p}')") for p in PARTS[:8]]
    + [("try_parse_url/QUERY/a", "try_parse_url(u, 'QUERY', 'a')")]
)
BYTE_FUNCTIONS = [
    ("url_encode", "url_encode(u)"),
    ("url_decode", "url_decode(u)"),
    ("try_url_decode", "try_url_decode(u)"),
]
ENCODING_ONLY = "a b+c/\\xC3\\xA9~*"


def error_class(e):
    m = re.search(r"\[([A-Z_]+(?:\.[A-Z_]+)?)\]", str(e)) or re.search(r"(java\.[\w.]+(?:Exception|Error))", str(e))
    return m.group(1) if m else type(e).__name__


def run(spark, label, sql, values):
    """(label, input) -> ("value", text) / ("null",) / ("error", class) for every input."""
    schema = StructType([StructField("i", StringType()), StructField("u", StringType())])
    df = spark.createDataFrame([(str(i), v) for i, v in enumerate(values)], schema)
    try:
        got = {r["i"]: r["r"] for r in df.selectExpr("i", f"{sql} AS r").collect()}
        return [("null",) if got[str(i)] is None else ("value", got[str(i)]) for i in range(len(values))]
    except Exception:  # one row failed: run each row alone
        out = []
        for v in values:
            one = spark.createDataFrame([("0", v)], schema)
            try:
                r = one.selectExpr(f"{sql} AS r").collect()[0]["r"]
                out.append(("null",) if r is None else ("value", r))
            except Exception as e:
                out.append(("error", error_class(e)))
        return out


def main():
    spark = (
        SparkSession.builder.master("local[1]")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.ansi.enabled", "false")
        .getOrCreate()
    )
    spark.sparkContext.setLogLevel("OFF")
    # The empty string first: an inputs file has no line for it (its data rows have an empty
    # input column).
    lines = [""] + list(inputs(os.path.join(HERE, "spark_url_inputs.txt")))
    cut = lines.index(ENCODING_ONLY)
    texts = [unescape(line).decode("utf-8") for line in lines]
    results = {}
    for label, sql in URL_FUNCTIONS:
        results[label] = run(spark, label, sql, texts[:cut])
    spark.conf.set("spark.sql.ansi.enabled", "true")
    for label, sql in BYTE_FUNCTIONS:
        results[label] = run(spark, label, sql, texts)
    with open(os.path.join(HERE, "spark_url.txt"), "w", encoding="utf-8") as f:
        f.write(f"# Produced by running Spark {spark.version} (pyspark, local mode, Java {java_version(spark)}) on the\n")
        f.write("# inputs of spark_url_inputs.txt (written for this project), by gen_spark_url.py.\n")
        f.write("# Columns, tab-separated: function (with its part and key after `/`), input, then `value` and\n")
        f.write("# the string, `null` (SQL NULL), or `error` and Spark's error class. Escapes as in surt.txt.\n")
        f.write("# parse_url ran with spark.sql.ansi.enabled=false (NULL for an invalid URL; with ANSI on\n")
        f.write("# it is an INVALID_URL error), the others with Spark's defaults.\n")
        for i, line in enumerate(lines):
            labels = [l for l, _ in URL_FUNCTIONS] if i < cut else []
            labels += [l for l, _ in BYTE_FUNCTIONS]
            for label in labels:
                f.write(row_lines(label, line, results[label][i]) + "\n")
    spark.stop()


def java_version(spark):
    return spark.sparkContext._jvm.java.lang.System.getProperty("java.version")


def row_lines(label, line, r):
    cols = [label, line, r[0]] + ([escape(r[1].encode("utf-8", "surrogatepass"))] if r[0] == "value" else [])
    cols += [r[1]] if r[0] == "error" else []
    return "\t".join(cols)


def add_empty():
    """Records the rows of the empty input alone and puts them first in spark_url.txt, every
    other row left as it is (a whole run takes more than half an hour)."""
    spark = (
        SparkSession.builder.master("local[1]")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.ansi.enabled", "false")
        .getOrCreate()
    )
    spark.sparkContext.setLogLevel("OFF")
    rows = [row_lines(label, "", run(spark, label, sql, [""])[0]) for label, sql in URL_FUNCTIONS]
    spark.conf.set("spark.sql.ansi.enabled", "true")
    rows += [row_lines(label, "", run(spark, label, sql, [""])[0]) for label, sql in BYTE_FUNCTIONS]
    note = f"# The rows of the empty input (first) were added by gen_spark_url.py --empty (Spark {spark.version}, Java {java_version(spark)}).\n"
    spark.stop()
    path = os.path.join(HERE, "spark_url.txt")
    with open(path, encoding="utf-8") as f:
        old = f.read().splitlines(keepends=True)
    header = [l for l in old if l.startswith("#") and not l.startswith("# The rows of the empty input")]
    body = [l for l in old if not l.startswith("#") and l.split("\t")[1:2] != [""]]
    n = next(i for i, l in enumerate(old) if not l.startswith("#"))
    with open(path, "w", encoding="utf-8") as f:
        f.writelines(header[:n] if len(header) >= n else header)
        f.write(note)
        f.writelines(r + "\n" for r in rows)
        f.writelines(body)


if "--empty" in sys.argv[1:]:
    add_empty()
else:
    main()
