"""The ``.uri`` accessor on pandas Series.

Importing this module registers it::

    >>> import pandas as pd, pyarrow as pa, uriscan.pandas  # noqa: F401
    >>> s = pd.Series(["http://a.example/x", None], dtype=pd.ArrowDtype(pa.string()))
    >>> s.uri.host().tolist()
    ['a.example', <NA>]

Columns with an ``ArrowDtype`` (or pandas' pyarrow-backed strings) reach
Rust without a copy; object columns are converted to Arrow first. Results
are Series with an ``ArrowDtype`` and the input's index; ``parse`` gives a
DataFrame of the component columns.
"""

from __future__ import annotations

from typing import Any, Callable

import pandas as pd
import pyarrow as pa

from . import arrow as _ua

__all__ = ["UriAccessor"]

# Every column function of uriscan.arrow, as a method of the accessor; then
# every function of the registry (uriscan.arrow.FUNCTIONS) by its name and
# alias where that is not one of them, and `call(name, ...)` for all.
_NOT_COLUMN_FUNCTIONS = ("call", "function", "fn", "FUNCTIONS")
_NAMES = [n for n in _ua.__all__ if n not in _NOT_COLUMN_FUNCTIONS]


def _to_arrow(s: pd.Series) -> Any:
    arr = s.array
    if hasattr(arr, "__arrow_array__"):
        return arr.__arrow_array__()
    return pa.array(s, type=pa.string(), from_pandas=True)


def _arg_to_arrow(value: Any) -> Any:
    return _to_arrow(value) if isinstance(value, pd.Series) else value


def _column(values: Any, index: pd.Index, name: Any) -> pd.Series:
    if isinstance(values, pa.ChunkedArray) and values.num_chunks != 1:
        values = values.combine_chunks() if values.num_chunks else pa.array([], type=values.type)
    if isinstance(values, pa.ChunkedArray):
        values = values.chunk(0)
    if values.type == pa.string_view():
        # pandas 3.1 cannot compare or convert string_view (NotImplementedError
        # in its dtype checks), so text results are copied to large_string.
        values = values.cast(pa.large_string())
    return pd.Series(pd.arrays.ArrowExtensionArray(values), index=index, name=name, copy=False)


@pd.api.extensions.register_series_accessor("uri")
class UriAccessor:
    """``series.uri.host()`` and the other :mod:`uriscan.arrow` functions."""

    def __init__(self, series: pd.Series) -> None:
        self._s = series

    def _call(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        out = fn(_to_arrow(self._s), *[_arg_to_arrow(a) for a in args], **{k: _arg_to_arrow(v) for k, v in kwargs.items()})
        if fn is _ua.parse:
            struct = out.combine_chunks() if isinstance(out, pa.ChunkedArray) else out
            if isinstance(struct, pa.ChunkedArray):
                struct = struct.chunk(0)
            return pd.DataFrame(
                {f.name: _column(struct.field(i), self._s.index, f.name) for i, f in enumerate(struct.type)},
                index=self._s.index,
            )
        return _column(out, self._s.index, self._s.name)


def _make(name: str) -> Callable[..., Any]:
    fn = getattr(_ua, name)

    def method(self: UriAccessor, *args: Any, **kwargs: Any) -> Any:
        return self._call(fn, *args, **kwargs)

    method.__name__ = method.__qualname__ = name
    method.__doc__ = fn.__doc__
    return method


def _make_registry(name: str) -> Callable[..., Any]:
    def method(self: UriAccessor, *args: Any, threads: int = 1) -> Any:
        return self._call(lambda col, *a: _ua.call(name, col, *a, threads=threads), *args)

    method.__name__ = method.__qualname__ = name
    method.__doc__ = getattr(_ua.fn, name).__doc__
    return method


def _call(self: UriAccessor, name: str, *args: Any, threads: int = 1) -> Any:
    """The registry's function ``name`` of the Series (:func:`uriscan.arrow.call`):
    ``s.uri.call("cutURLParameter", ["a", "b"])``."""
    return _make_registry(_ua.function(name)["name"])(self, *args, threads=threads)


for _name in _NAMES:
    setattr(UriAccessor, _name, _make(_name))
for _f in _ua.FUNCTIONS:
    for _name in filter(None, (_f["name"], _f["alias"])):
        if not hasattr(UriAccessor, _name):
            setattr(UriAccessor, _name, _make_registry(_f["name"]))
UriAccessor.call = _call  # type: ignore[attr-defined]
del _name, _f
