"""polars, pandas and DuckDB."""

from __future__ import annotations

import duckdb
import pandas as pd
import polars as pl
import pyarrow as pa

import uriscan
import uriscan.duckdb
import uriscan.pandas  # noqa: F401  (registers Series.uri)
import uriscan.polars  # noqa: F401  (registers Expr.uri and Series.uri)
from conftest import corpus

URLS = corpus()[:60] + [None]


def _host(v):
    return uriscan.parse(v).host if v is not None and uriscan.is_valid(v) else None


def test_polars_expressions():
    df = pl.DataFrame({"url": URLS})
    out = df.select(
        pl.col("url").uri.host().alias("host"),
        pl.col("url").uri.port().alias("port"),
        pl.col("url").uri.is_valid().alias("valid"),
        pl.col("url").uri.resolve("http://base/x/").alias("resolved"),
        pl.col("url").uri.registrable_domain(private=True).alias("domain"),
        pl.col("url").uri.surt().alias("surt"),
    )
    assert out.schema["host"] == pl.String and out.schema["port"] == pl.Int32 and out.schema["valid"] == pl.Boolean
    assert out["host"].to_list() == [_host(v) for v in URLS]
    assert out["surt"].to_list() == [None if v is None else uriscan.surt(v) for v in URLS]
    assert out["domain"].to_list() == [None if v is None else uriscan.registrable_domain(v, private=True) for v in URLS]
    parsed = df.select(pl.col("url").uri.parse()).unnest("url")
    assert parsed["host"].to_list() == out["host"].to_list()
    # Elementwise: usable in group_by and with_columns.
    g = df.with_columns(h=pl.col("url").uri.host()).group_by("h").len()
    assert g["len"].sum() == len(URLS)
    assert df["url"].uri.host().to_list() == out["host"].to_list()
    assert pl.Series("u", ["http://a/b"]).uri.split("path").to_list() == ["/b"]


def test_pandas_accessor():
    for s in (
        pd.Series(URLS, dtype=pd.ArrowDtype(pa.string())),
        pd.Series(URLS, dtype=pd.ArrowDtype(pa.large_string())),
        pd.Series(URLS, dtype=object),
    ):
        s.index = range(10, 10 + len(s))
        h = s.uri.host()
        assert list(h.index) == list(s.index)
        assert [None if pd.isna(x) else x for x in h.tolist()] == [_host(v) for v in URLS]
        port = s.uri.port()
        assert isinstance(port.dtype, pd.ArrowDtype)
        df = s.uri.parse()
        assert list(df.columns)[:2] == ["valid", "scheme"] and len(df) == len(s)
        assert [None if pd.isna(x) else x for x in s.uri.resolve("http://b/").tolist()] == [
            None if v is None or not uriscan.is_valid(v) else uriscan.resolve(v, "http://b/") for v in URLS
        ]


def test_duckdb_functions():
    con = duckdb.connect()
    uriscan.duckdb.register(con)
    assert con.sql("SELECT uri_host('http://a.example/x')").fetchall() == [("a.example",)]
    con.execute("CREATE TABLE t (url VARCHAR)")
    con.executemany("INSERT INTO t VALUES (?)", [[v] for v in URLS])
    rows = con.sql("SELECT url, uri_host(url), uri_port(url), uri_is_valid(url), uri_surt(url) FROM t").fetchall()
    assert len(rows) == len(URLS)
    for url, host, port, valid, key in rows:
        assert host == _host(url)
        assert valid == (None if url is None else uriscan.is_valid(url))
        assert key == (None if url is None else uriscan.surt(url))
        assert port == (uriscan.parse(url).port if url is not None and valid else None)
    assert con.sql("SELECT uri_resolve('http://a/b/c/d', '../g'), uri_query_param('/?a=1&b=2', 'b')").fetchall() == [("http://a/b/g", "2")]
    s = con.sql("SELECT uri_parse('http://h:8/p?q') AS p").fetchall()[0][0]
    assert (s["host"], s["port"], s["query"], s["valid"]) == ("h", 8, "q", True)
    # The STRUCT type is the parse record's (uriscan.PARSE_RECORD).
    kinds = {"bool": "BOOLEAN", "text": "VARCHAR", "port": "INTEGER", "index": "UBIGINT"}
    want = "STRUCT(" + ", ".join(f"{name} {kinds[kind]}" for name, kind, _ in uriscan.PARSE_RECORD) + ")"
    got = con.sql("SELECT typeof(uri_parse('http://h/'))").fetchall()[0][0]
    assert got.replace('"', "") == want
    many = con.sql(
        "SELECT count(DISTINCT uri_registrable_domain('http://h' || i || '.example.co.uk/')) FROM range(5000) r(i)"
    ).fetchall()
    assert many == [(1,)]


def test_arrow_functions_take_frame_columns():
    import uriscan.arrow as ua

    expected = [_host(v) for v in URLS]
    assert ua.host(pl.Series("u", URLS)).to_pylist() == expected
    assert ua.host(pd.Series(URLS, dtype=pd.ArrowDtype(pa.string()))).to_pylist() == expected
    assert ua.host(pd.Series(URLS, dtype=object)).to_pylist() == expected


def test_duckdb_on_a_parquet_file(tmp_path):
    import pyarrow.parquet as pq

    path = tmp_path / "crawl.parquet"
    pq.write_table(pa.table({"url": pa.array(URLS, type=pa.string())}), path)
    con = duckdb.connect()
    uriscan.duckdb.register(con)
    got = con.sql(f"SELECT uri_host(url) AS h FROM '{path}'").fetchall()
    assert [h for (h,) in got] == [_host(v) for v in URLS]
    top = con.sql(
        f"SELECT uri_registrable_domain(url) AS d, count(*) AS n FROM '{path}' WHERE d IS NOT NULL GROUP BY d ORDER BY n DESC, d LIMIT 3"
    ).fetchall()
    assert top and all(n >= 1 for _, n in top)
