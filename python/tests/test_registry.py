"""The registry in Python: every function of uriscan.arrow.FUNCTIONS (the
Rust crates' one list) is callable by its name and alias on pyarrow, polars
and pandas columns and registered in DuckDB, answering as the scalar
functions do (checked against `uriscan fn`-equivalent answers computed row
by row through one-row columns), nulls included."""

from __future__ import annotations

import duckdb
import pandas as pd
import polars as pl
import pyarrow as pa
import pytest

import uriscan.arrow as ua
import uriscan.duckdb
import uriscan.pandas  # noqa: F401
import uriscan.polars  # noqa: F401

ROWS = [
    "http://www.a.b.co.uk:8080/x/y.tar.gz?a=1&b=%41%zz&a=2#f?g",
    None,
    "not a url",
    "https://bücher.example/é?ü=1&utm_source=x",
    "//h/a/../b/./c?a&&y#z",
    "",
]

# Spark's url_decode fails a call on a malformed escape (a row has one).
NAMES = [f["name"] for f in ua.FUNCTIONS if f["name"] != "url_decode"]


def test_url_decode_fails_on_a_malformed_escape():
    with pytest.raises(ValueError, match="CANNOT_DECODE_URL"):
        ua.call("url_decode", pa.array(ROWS, type=pa.string()))
    assert ua.call("url_decode", pa.array(["a+b%20c", None])).to_pylist() == ["a b c", None]


def _args(f):
    return ua._required_args(f, "a", ["a", "b"])


def test_the_registry_is_the_rust_one():
    names = [f["name"] for f in ua.FUNCTIONS]
    assert len(names) == len(set(n.lower() for n in names))
    families = {f["family"] for f in ua.FUNCTIONS}
    assert families == {"clickhouse", "extra", "uri", "spark", "cc_index"}
    for must in ("cutWWW", "extractURLParameter", "parse_url", "uri_host", "uri_cc_index", "host_reversed", "uri_canon"):
        assert must in names


@pytest.mark.parametrize("name", NAMES)
def test_every_function_by_name_answers_row_by_row(name):
    f = ua.function(name)
    args = _args(f)
    column = ua.call(name, pa.array(ROWS, type=pa.string()), *args)
    assert len(column) == len(ROWS)
    assert column[1].as_py() is None
    # The same function one row at a time (each row its own column) gives
    # the same values: no row depends on another.
    for i, row in enumerate(ROWS):
        one = ua.call(name, pa.array([row], type=pa.string()), *args)
        assert one[0].as_py() == column[i].as_py(), (name, row)
    # By attribute, by alias, and on a chunked array.
    assert getattr(ua.fn, f["name"])(pa.array(ROWS), *args).to_pylist() == column.to_pylist()
    if f["alias"]:
        assert getattr(ua.fn, f["alias"])(pa.array(ROWS), *args).to_pylist() == column.to_pylist()
    chunked = ua.call(name, pa.chunked_array([ROWS[:2], ROWS[2:]], type=pa.string()), *args)
    assert chunked.to_pylist() == column.to_pylist()


@pytest.mark.parametrize("name", NAMES)
def test_polars_and_pandas_namespaces(name):
    f = ua.function(name)
    args = _args(f)
    want = ua.call(name, pa.array(ROWS, type=pa.string()), *args).to_pylist()
    s = pl.Series("u", ROWS, dtype=pl.String)
    assert s.uri.call(name, *args).to_list() == want
    if name not in ua.__all__:
        assert getattr(s.uri, name)(*args).to_list() == want
    got = pl.DataFrame({"u": ROWS}).select(pl.col("u").uri.call(name, *args)).to_series().to_list()
    assert got == want
    p = pd.Series(ROWS, dtype=pd.ArrowDtype(pa.string())).uri.call(name, *args)
    assert len(p) == len(want)
    assert [bool(x) for x in p.isna()] == [v is None for v in want]
    if name not in ua.__all__:
        assert len(getattr(pd.Series(ROWS, dtype=pd.ArrowDtype(pa.string())).uri, name)(*args)) == len(want)


def _sql_literal(v):
    if isinstance(v, list):
        return "[" + ", ".join(f"'{x}'" for x in v) + "]"
    return f"'{v}'" if isinstance(v, str) else str(v)


def test_duckdb_registers_exactly_the_registry():
    con = duckdb.connect()
    uriscan.duckdb.register(con)
    registered = {n for n, *_ in uriscan.duckdb.FUNCTIONS}
    assert registered == {f["name"] for f in ua.FUNCTIONS}
    con.execute("CREATE TABLE t (i INTEGER, url VARCHAR)")
    con.executemany("INSERT INTO t VALUES (?, ?)", [[i, v] for i, v in enumerate(ROWS)])
    for f in ua.FUNCTIONS:
        if f["name"] in uriscan.duckdb._BUILTINS:
            continue
        args = _args(f)
        sql_args = "".join(", " + _sql_literal(a) for a in args)
        got = [r[0] for r in con.sql(f'SELECT "{f["name"]}"(url{sql_args}) FROM t ORDER BY i').fetchall()]
        want = ua.call(f["name"], pa.array(ROWS, type=pa.string()), *args).to_pylist()
        assert got == want, f["name"]
