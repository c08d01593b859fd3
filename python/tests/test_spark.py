"""uriscan.spark on a local Spark (local[2], one session for the whole test
run) against the per-value functions: the test data files, nulls included,
and a job of 300,000 generated rows in 8 partitions.

The session is conftest.py's ``spark`` fixture: Spark needs a JVM (JDK 17
or later), and without one these tests fail, they do not skip.
"""

from __future__ import annotations

import pyarrow as pa
import pytest

import uriscan
import uriscan.arrow as ua
from conftest import corpus, invalid_rows, table, valid_rows


def _rows():
    """The test data: the corpus, the RFC tables' references (valid and
    invalid; those that are not UTF-8 left out: Spark strings are), the
    resolution and normalization tables' inputs, and nulls."""
    rows = corpus() + [text for text, _ in valid_rows()]
    for raw, _, _ in invalid_rows():
        try:
            rows.append(raw.decode("utf-8"))
        except UnicodeDecodeError:
            pass
    rows += [r[0] for r in table("resolve.txt")] + [r[0] for r in table("normalize.txt")]
    return [None] + rows + [None, "", "http://[::1", None]


ROWS = _rows()
BASE = "http://a/b/c/d;p?q"


def _valid(v):
    return v is not None and uriscan.is_valid(v)


def _value(v, f):
    return f(uriscan.parse(v)) if _valid(v) else None


def _canon(v, profile):
    if v is None:
        return None
    try:
        return uriscan.canon(v, profile)
    except uriscan.ParseError:
        return None


def _resolve(ref, base):
    try:
        return uriscan.resolve(ref, base) if ref is not None and base is not None else None
    except ValueError:  # ParseError too
        return None


def _query_param(u, name):
    if u.query is None:
        return None
    return dict((q.split("=", 1) + [""])[:2] for q in reversed(u.query.split("&"))).get(name)


#: (column name, uriscan.spark call, per-value answer) of every check.
def _cases(us, F):
    c = []
    for name in ("scheme", "authority", "userinfo", "host", "port_text", "path", "query", "fragment", "host_kind", "port"):
        c.append((name, getattr(us, name)("url"), lambda v, n=name: _value(v, lambda u: getattr(u, n))))
    c += [
        ("is_valid", us.is_valid("url"), lambda v: None if v is None else uriscan.is_valid(v)),
        ("normalize", us.normalize("url"), lambda v: _value(v, lambda u: u.normalize().text)),
        ("normalize_sb", us.normalize("url", scheme_based=True), lambda v: _value(v, lambda u: u.normalize(True).text)),
        ("resolve", us.resolve("url", BASE), lambda v: _value(v, lambda u: u.resolve(BASE).text)),
        ("resolve_col", us.resolve("url", F.col("base")), lambda v: _value(v, lambda u: u.resolve(BASE).text)),
        ("query_param", us.query_param("url", "q"), lambda v: _value(v, lambda u: _query_param(u, "q"))),
        ("to_iri", us.to_iri("url"), lambda v: _value(v, lambda u: u.to_iri().text)),
        ("surt", us.surt("url"), lambda v: None if v is None else uriscan.surt(v)),
        ("strip_tracking", us.strip_tracking("url"), lambda v: None if v is None else uriscan.strip_tracking(v)),
        ("registrable_domain", us.registrable_domain("url"), lambda v: None if v is None else uriscan.registrable_domain(v)),
        ("registrable_domain_p", us.registrable_domain("url", private=True), lambda v: None if v is None else uriscan.registrable_domain(v, private=True)),
        ("public_suffix", us.public_suffix("url"), lambda v: None if v is None else uriscan.public_suffix(v)),
        ("canon_archive", us.canon("url", "archive"), lambda v: _canon(v, "archive")),
        ("canon", us.canon("url"), lambda v: _canon(v, "rfc3986")),
        ("split_path", us.split("url", "path"), lambda v: None if v is None else uriscan.split(v).path),
        ("split_query", us.split("url", "query"), lambda v: None if v is None else uriscan.split(v).query),
    ]
    return c


def _expect_parse(v, row):
    """The parse struct's row against uriscan.parse."""
    if v is None:
        assert row is None
        return
    try:
        u = uriscan.parse(v)
    except uriscan.ParseError as e:
        assert (row["valid"], row["error_index"], row["error_kind"], row["host"]) == (False, e.byte_index, e.kind, None), v
        return
    assert row["valid"] and row["error_index"] is None and row["error_kind"] is None, v
    d = u.to_dict()
    assert {k: row[k] for k in d} == d, v


def test_functions_are_uriscan_arrow_s():
    import uriscan.spark as us

    kernels = [n for n in ua.__all__ if n not in ("call", "function", "fn", "FUNCTIONS")]
    assert list(us.FUNCTIONS) == kernels
    for name in kernels:
        assert callable(getattr(us, name)) and name in us.__all__
        assert getattr(us, name).__doc__


def test_spark_types():
    import uriscan.spark as us

    parse_type = us.spark_type(ua.parse(pa.array(["x"])).type)
    assert parse_type.simpleString() == (
        "struct<valid:boolean,scheme:string,authority:string,userinfo:string,host:string,host_kind:string,"
        "port_text:string,port:int,path:string,query:string,fragment:string,error_kind:string,error_index:bigint,"
        "error_message:string>"
    )
    assert us.spark_type(pa.large_list(pa.string_view())).simpleString() == "array<string>"


def test_data_files_as_the_per_value_functions(spark):
    import pyspark.sql.functions as F

    import uriscan.spark as us

    df = spark.createDataFrame([(i, v, BASE) for i, v in enumerate(ROWS)], "i long, url string, base string")
    df = df.repartition(3)
    cases = _cases(us, F)
    out = df.select("i", "url", us.parse("url").alias("parsed"), *[col.alias(name) for name, col, _ in cases])
    schema = {f.name: f.dataType.simpleString() for f in out.schema.fields}
    assert schema["host"] == "string" and schema["port"] == "int" and schema["is_valid"] == "boolean"
    assert schema["parsed"].startswith("struct<valid:boolean,scheme:string,")
    got = sorted(out.collect(), key=lambda r: r["i"])
    assert [r["url"] for r in got] == ROWS
    assert sum(r["url"] is None for r in got) == 3
    for name, _, f in cases:
        assert [r[name] for r in got] == [f(v) for v in ROWS], name
    for v, r in zip(ROWS, got):
        _expect_parse(v, None if r["parsed"] is None else r["parsed"].asDict())


def test_iri_and_row_arguments(spark):
    import pyspark.sql.functions as F

    import uriscan.spark as us

    rows = [("http://résumé.example.org/é", "http://a/b/c", "q"), ("../x", "http://x/y/z", "a"), (None, "http://a/", "q"), ("g", None, None), ("/?a=1&q=2", "//no-scheme", "a")]
    df = spark.createDataFrame(rows, "url string, base string, name string")
    got = df.select(us.to_uri("url").alias("u"), us.resolve("url", F.col("base")).alias("r"), us.query_param("url", F.col("name")).alias("p")).collect()
    assert [r.u for r in got] == [uriscan.to_uri(r[0]) if r[0] else None for r in rows[:3]] + [uriscan.to_uri("g"), "/?a=1&q=2"]
    assert [r.r for r in got] == [_resolve(r[0], r[1]) for r in rows]
    assert [r.r for r in got][1] == "http://x/x"
    assert [r.p for r in got] == [None, None, None, None, "1"]


def test_strict_fails_the_job(spark):
    import uriscan.spark as us

    df = spark.createDataFrame([("http://a/",), ("http://b/ c",)], "url string")
    assert [r.h for r in df.select(us.host("url").alias("h")).collect()] == ["a", None]
    # The row number counts in the Arrow batch Spark handed the function.
    with pytest.raises(Exception, match=r"ParseError: row \d+: invalid character ' ' at index 9 in path"):
        df.select(us.host("url", strict=True)).collect()


def test_arguments_checked_before_spark_runs():
    import uriscan.spark as us

    with pytest.raises(ValueError, match="unknown split component"):
        us.split("url", "host")
    with pytest.raises(ValueError, match="base"):
        us.resolve("url", "not a base")


def test_sql_functions(spark):
    import uriscan.spark as us

    names = us.register(spark)
    assert "uri_host" in names and "uri_resolve" in names and "uri_split" not in names
    spark.createDataFrame([("http://x.news.bbc.co.uk:81/a?q=1",), (None,)], "url string").createOrReplaceTempView("urls")
    got = spark.sql(
        "SELECT uri_host(url) h, uri_port(url) p, uri_registrable_domain(url) d, uri_parse(url).path path, "
        "uri_query_param(url, 'q') q, uri_resolve('g', url) r FROM urls"
    ).collect()
    assert [tuple(r) for r in got] == [("x.news.bbc.co.uk", 81, "bbc.co.uk", "/a", "1", "http://x.news.bbc.co.uk:81/g"), (None,) * 6]


def test_a_large_job_in_8_partitions(spark):
    """300,000 generated rows (every 97th null) in 8 partitions, against the
    per-value answers, row by row."""
    import pyspark.sql.functions as F

    import uriscan.spark as us

    bases = [v for v in ROWS if v is not None]
    n = 300_000
    ids = F.col("id")
    base = F.element_at(F.array(*[F.lit(b) for b in bases]), (ids % len(bases) + 1).cast("int"))
    url = (
        F.when(ids % 97 == 0, F.lit(None).cast("string"))
        .when(ids % 3 == 0, F.concat(base, F.lit("?i="), ids.cast("string")))
        .otherwise(base)
    )
    df = spark.range(0, n, numPartitions=8).select("id", url.alias("url"))
    assert df.rdd.getNumPartitions() == 8
    out = df.select("id", "url", us.host("url").alias("host"), us.parse("url").alias("parsed")).toArrow()
    out = out.sort_by("id")
    assert out.column("id").to_pylist() == list(range(n))
    urls = out.column("url").to_pylist()
    assert sum(u is None for u in urls) == len(range(0, n, 97))
    # The per-value parse of every row (None for null and invalid rows).
    parses = [uriscan.parse(v) if v is not None and uriscan.is_valid(v) else None for v in urls]
    assert out.column("host").to_pylist() == [None if u is None else u.host for u in parses]
    parsed = out.column("parsed").to_pylist()
    assert [None if r is None else r["valid"] for r in parsed] == [None if v is None else u is not None for v, u in zip(urls, parses)]
    assert [None if r is None else r["port"] for r in parsed] == [None if u is None else u.port for u in parses]
    assert [None if r is None else r["path"] for r in parsed] == [None if u is None else u.path for u in parses]
    # Every field of the first rows (the per-value error's index and kind too).
    for v, row in zip(urls[:5_000], parsed[:5_000]):
        _expect_parse(v, row)
