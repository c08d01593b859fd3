"""The ``.uri`` namespace on polars expressions and Series.

Importing this module registers it::

    >>> import polars as pl, uriscan.polars  # noqa: F401
    >>> df = pl.DataFrame({"url": ["http://a.example/x?q=1", "not a url", None]})
    >>> df.select(pl.col("url").uri.host()).to_series().to_list()
    ['a.example', None, None]

Each method runs the :mod:`uriscan.arrow` function of the same name over
the column's Arrow data (no copy of the input), batch by batch.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

import polars as pl

from . import PARSE_RECORD
from . import arrow as _ua

__all__ = ["UriNamespace", "UriSeriesNamespace"]

_STRING = pl.String
#: The polars type of each kind of field of the parse record.
_KIND_DTYPE = {"bool": pl.Boolean, "text": _STRING, "port": pl.Int32, "index": pl.UInt64}
_PARSE_DTYPE = pl.Struct({name: _KIND_DTYPE[kind] for name, kind, _ in PARSE_RECORD})


def _to_arrow(s: pl.Series) -> Any:
    """The Series as Arrow data: as string_view, polars' own layout, without a
    copy (the default export converts to large_string, copying every byte)."""
    newest = getattr(getattr(pl, "CompatLevel", None), "newest", None)
    if newest is not None:
        return s.to_arrow(compat_level=newest())
    return s.to_arrow()


def _on_series(fn: Callable[..., Any], s: pl.Series, **kwargs: Any) -> pl.Series:
    out = fn(_to_arrow(s), **kwargs)
    return pl.Series(s.name, out)


def _methods(cls):
    """Adds one method per column function to ``cls`` (whose ``_call`` runs it)."""

    def make(name: str, fn: Callable[..., Any], dtype: Any):
        def method(self, *args: Any, **kwargs: Any):
            return self._call(fn, dtype, *args, **kwargs)

        method.__name__ = method.__qualname__ = name
        method.__doc__ = fn.__doc__
        return method

    def make_registry(name: str, dtype: Any):
        def method(self, *args: Any, threads: int = 1):
            return self._call(lambda col, *a: _ua.call(name, col, *a, threads=threads), dtype, *args, positional=True)

        method.__name__ = method.__qualname__ = name
        method.__doc__ = getattr(_ua.fn, name).__doc__
        return method

    def call(self, name: str, *args: Any, threads: int = 1):
        """The registry's function ``name`` (:func:`uriscan.arrow.call`):
        ``pl.col("url").uri.call("cutURLParameter", ["a", "b"])``."""
        f = _ua.function(name)
        return make_registry(f["name"], _dtype(f))(self, *args, threads=threads)

    for name, dtype in _SIGNATURES.items():
        setattr(cls, name, make(name, getattr(_ua, name), dtype))
    # Every function of the registry by its name and alias, where that is
    # not one of the above; `call` for every one.
    for f in _ua.FUNCTIONS:
        for name in filter(None, (f["name"], f["alias"])):
            if not hasattr(cls, name):
                setattr(cls, name, make_registry(f["name"], _dtype(f)))
    cls.call = call
    return cls


def _dtype(f: dict) -> Any:
    """The polars type of a registry function's result."""
    return {
        "string": _STRING,
        "bytes": _STRING,
        "port": pl.UInt16,
        "number": pl.Int32,
        "int": pl.Int32,
        "bool": pl.Boolean,
        "list": pl.List(_STRING),
        "struct": _PARSE_DTYPE,
    }.get(f["result"])


_SIGNATURES = {
    "parse": _PARSE_DTYPE,
    "scheme": _STRING,
    "authority": _STRING,
    "userinfo": _STRING,
    "host": _STRING,
    "port_text": _STRING,
    "path": _STRING,
    "query": _STRING,
    "fragment": _STRING,
    "host_kind": _STRING,
    "port": pl.Int32,
    "is_valid": pl.Boolean,
    "error": _STRING,
    "error_index": pl.UInt64,
    "error_kind": _STRING,
    "split": _STRING,
    "normalize": _STRING,
    "resolve": _STRING,
    "query_param": _STRING,
    "to_uri": _STRING,
    "to_iri": _STRING,
    "surt": _STRING,
    "registrable_domain": _STRING,
    "public_suffix": _STRING,
    "strip_tracking": _STRING,
    "canon": _STRING,
}


@pl.api.register_expr_namespace("uri")
@_methods
class UriNamespace:
    """``pl.col("url").uri.host()`` and the other :mod:`uriscan.arrow`
    functions as polars expressions (elementwise)."""

    def __init__(self, expr: pl.Expr) -> None:
        self._expr = expr

    def _call(self, fn: Callable[..., Any], dtype: Any, *args: Any, positional: bool = False, **kwargs: Any) -> pl.Expr:
        if positional:
            return self._expr.map_batches(
                lambda s: pl.Series(s.name, fn(_to_arrow(s), *args)), return_dtype=dtype, is_elementwise=True
            )
        return self._expr.map_batches(
            lambda s: _on_series(fn, s, **_bind(fn, args, kwargs)),
            return_dtype=dtype,
            is_elementwise=True,
        )


@pl.api.register_series_namespace("uri")
@_methods
class UriSeriesNamespace:
    """``series.uri.host()`` and the other :mod:`uriscan.arrow` functions on a
    polars Series."""

    def __init__(self, series: pl.Series) -> None:
        self._series = series

    def _call(self, fn: Callable[..., Any], dtype: Any, *args: Any, positional: bool = False, **kwargs: Any) -> pl.Series:
        if positional:
            return pl.Series(self._series.name, fn(_to_arrow(self._series), *args))
        return _on_series(fn, self._series, **_bind(fn, args, kwargs))


def _bind(fn: Callable[..., Any], args: tuple, kwargs: dict) -> dict:
    """Positional arguments after the column, by name (``resolve(base)``)."""
    import inspect

    names = [p for p in inspect.signature(fn).parameters][1:]
    bound = dict(zip(names, args))
    bound.update(kwargs)
    return bound


