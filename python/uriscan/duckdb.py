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

from . import arrow as _ua

__all__ = ["register", "FUNCTIONS"]

_V = "VARCHAR"

_PARSE_TYPE = (
    "STRUCT(valid BOOLEAN, scheme VARCHAR, authority VARCHAR, userinfo VARCHAR, host VARCHAR, "
    "port_text VARCHAR, path VARCHAR, query VARCHAR, fragment VARCHAR, host_kind VARCHAR, "
    "port INTEGER, error_index UBIGINT, error_kind VARCHAR)"
)


def _text(values: Any) -> Any:
    """One array per call, as DuckDB expects (it reads string_view, also in a
    struct, without a copy)."""
    if isinstance(values, pa.ChunkedArray):
        values = values.combine_chunks() if values.num_chunks != 1 else values.chunk(0)
    return values


def _unary(fn: Callable[..., Any], **kwargs: Any) -> Callable[[Any], Any]:
    return lambda urls: _text(fn(urls, **kwargs))


def _binary(fn: Callable[..., Any]) -> Callable[[Any, Any], Any]:
    return lambda urls, other: _text(fn(urls, other))


#: (SQL name, argument types, return type, function) of every function.
FUNCTIONS: List[Tuple[str, List[str], str, Callable[..., Any]]] = [
    ("uri_parse", [_V], _PARSE_TYPE, _unary(_ua.parse)),
    ("uri_scheme", [_V], _V, _unary(_ua.scheme)),
    ("uri_authority", [_V], _V, _unary(_ua.authority)),
    ("uri_userinfo", [_V], _V, _unary(_ua.userinfo)),
    ("uri_host", [_V], _V, _unary(_ua.host)),
    ("uri_port_text", [_V], _V, _unary(_ua.port_text)),
    ("uri_path", [_V], _V, _unary(_ua.path)),
    ("uri_query", [_V], _V, _unary(_ua.query)),
    ("uri_fragment", [_V], _V, _unary(_ua.fragment)),
    ("uri_host_kind", [_V], _V, _unary(_ua.host_kind)),
    ("uri_port", [_V], "INTEGER", _unary(_ua.port)),
    ("uri_is_valid", [_V], "BOOLEAN", _unary(_ua.is_valid)),
    ("uri_error", [_V], _V, _unary(_ua.error)),
    ("uri_normalize", [_V], _V, _unary(_ua.normalize)),
    ("uri_normalize_scheme_based", [_V], _V, _unary(_ua.normalize, scheme_based=True)),
    ("uri_resolve", [_V, _V], _V, _binary(_ua.resolve)),
    ("uri_query_param", [_V, _V], _V, _binary(_ua.query_param)),
    ("uri_to_uri", [_V], _V, _unary(_ua.to_uri)),
    ("uri_to_iri", [_V], _V, _unary(_ua.to_iri)),
    ("uri_surt", [_V], _V, _unary(_ua.surt)),
    ("uri_registrable_domain", [_V], _V, _unary(_ua.registrable_domain)),
    ("uri_public_suffix", [_V], _V, _unary(_ua.public_suffix)),
    ("uri_strip_tracking", [_V], _V, _unary(_ua.strip_tracking)),
    ("uri_canon", [_V], _V, _unary(_ua.canon)),
]


def register(con: "duckdb.DuckDBPyConnection") -> None:
    """Registers every function of :data:`FUNCTIONS` on the connection
    (``uri_host(url)``, ``uri_parse(url)``, ``uri_resolve(url, base)``, ...).
    Null in, null out; an invalid reference gives null."""
    for name, args, ret, fn in FUNCTIONS:
        con.create_function(
            name,
            fn,
            [duckdb.sqltype(a) if hasattr(duckdb, "sqltype") else a for a in args],
            duckdb.sqltype(ret) if hasattr(duckdb, "sqltype") else ret,
            type="arrow",
            # The functions take nulls (null out) and return null for invalid rows.
            null_handling="special",
        )
