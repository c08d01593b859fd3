"""uriscan's column functions as DuckDB SQL functions.

    >>> import duckdb, uriscan.duckdb
    >>> con = duckdb.connect()
    >>> uriscan.duckdb.register(con)
    >>> con.sql("SELECT uri_host('http://a.example/x') AS h").fetchall()
    [('a.example',)]

Each function is a vectorized Arrow UDF: DuckDB hands it a whole vector of
rows as Arrow data and gets Arrow data back.
"""

from __future__ import annotations

from typing import Any, Callable, List, Tuple

import duckdb
import pyarrow as pa
import pyarrow.compute as pc

from . import arrow as _ua

__all__ = ["register", "FUNCTIONS"]

def _duck_type(t: pa.DataType) -> str:
    """The DuckDB type of a pyarrow type of a result."""
    if pa.types.is_struct(t):
        fields = ", ".join(f"{t.field(i).name} {_duck_type(t.field(i).type)}" for i in range(t.num_fields))
        return f"STRUCT({fields})"
    if pa.types.is_list(t) or pa.types.is_large_list(t):
        return _duck_type(t.value_type) + "[]"
    return {
        pa.bool_(): "BOOLEAN",
        pa.uint16(): "USMALLINT",
        pa.int32(): "INTEGER",
        pa.uint64(): "UBIGINT",
    }.get(t, "VARCHAR")


def _text(values: Any) -> Any:
    """One array per call, as DuckDB expects (it reads string_view, also in a
    struct, without a copy)."""
    if isinstance(values, pa.ChunkedArray):
        values = values.combine_chunks() if values.num_chunks != 1 else values.chunk(0)
    return values


def _constant(column: Any) -> Any:
    """DuckDB hands every argument as a column: a column of one value (a
    literal) as that value, else the column."""
    column = _text(column)
    if pa.types.is_list(column.type) or pa.types.is_large_list(column.type):
        values = column.to_pylist()
        if values and all(v == values[0] for v in values):
            return values[0]
        return column
    if len(column) > 0 and column.null_count == 0 and pc.count_distinct(column).as_py() == 1:
        return column[0].as_py()
    if len(column) > 0 and column.null_count == len(column):
        return None
    return column


def _udf(name: str, arity: int) -> Callable[..., Any]:
    """The UDF of a registry function of ``arity`` SQL arguments (DuckDB
    reads the number of parameters off the Python function)."""

    def run(urls: Any, *args: Any) -> Any:
        return _text(_ua.call(name, urls, *[_constant(a) for a in args]))

    if arity == 1:
        return lambda urls: run(urls)
    if arity == 2:
        return lambda urls, a: run(urls, a)
    if arity == 3:
        return lambda urls, a, b: run(urls, a, b)
    raise ValueError(f"{name}: {arity} arguments")


def _signature(f: dict) -> Tuple[List[str], str]:
    """The DuckDB argument and return types of a registry function: its
    input and required arguments (a repeated one as a list)."""
    args = ["VARCHAR"]
    for _, kind, optional, repeated, _ in f["params"]:
        if optional:
            break
        args.append("VARCHAR[]" if repeated else ("INTEGER" if kind in ("port", "count") else "VARCHAR"))
    # Arguments of the right kinds, for learning the result type on no rows.
    probe = _ua._required_args(f, "a", ["a"])
    ret = _duck_type(_ua.call(f["name"], pa.array([], type=pa.string()), *probe).type)
    return args, ret


#: (SQL name, argument types, return type, function) of every function of
#: the registry (uriscan.arrow.FUNCTIONS), with its required arguments.
FUNCTIONS: List[Tuple[str, List[str], str, Callable[..., Any]]] = [
    (f["name"], args, ret, _udf(f["name"], len(args))) for f in _ua.FUNCTIONS for args, ret in [_signature(f)]
]


def register(con: "duckdb.DuckDBPyConnection") -> None:
    """Registers every function of :data:`FUNCTIONS` on the connection
    (``uri_host(url)``, ``uri_parse(url)``, ``uri_resolve(base, ref)``,
    ``"cutURLParameter"(url, ['a'])``, ...): the registry's functions, each
    answering as the SQL function of the same name in DataFusion does.
    Null in, null out; a function of a URL of the ``uri_*`` family gives
    null for a string that is not a URI reference. A name DuckDB already
    has (its own ``url_encode``, ``url_decode``) keeps DuckDB's meaning."""
    for name, args, ret, fn in FUNCTIONS:
        try:
            con.create_function(
                name,
                fn,
                [duckdb.sqltype(a) if hasattr(duckdb, "sqltype") else a for a in args],
                duckdb.sqltype(ret) if hasattr(duckdb, "sqltype") else ret,
                type="arrow",
                # The functions take nulls (null out).
                null_handling="special",
            )
        except duckdb.Error:
            if name not in _BUILTINS:
                raise


# DuckDB's own functions of these names stay.
_BUILTINS = ("url_encode", "url_decode")
