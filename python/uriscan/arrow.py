"""Column functions over pyarrow arrays: one call per column, not per row.

Every function takes a ``pyarrow.Array`` or ``pyarrow.ChunkedArray`` of
``string``, ``large_string`` or ``string_view`` (or anything
``pyarrow.array`` accepts: a list of str, a pandas or polars Series) and
returns one row per input row, of the same shape: an ``Array`` for an
``Array``, a ``ChunkedArray`` for a ``ChunkedArray``. The input crosses to
Rust through the Arrow C data interface without being copied; component
columns are ``string_view`` arrays whose views point into the input's own
buffers. The GIL is released while a column is processed, and
``threads=N`` splits a column over N threads (``0``: all cores).

Null in, null out. A row that is not a valid RFC 3986 reference gives null,
or raises :class:`uriscan.ParseError` (with the row's number in ``row``)
with ``strict=True``.

>>> import pyarrow as pa, uriscan.arrow as ua
>>> urls = pa.array(["http://a.example/x?q#f", None, "http://[::1"])
>>> ua.host(urls).to_pylist()
['a.example', None, None]
>>> ua.is_valid(urls).to_pylist()
[True, None, False]
"""

from __future__ import annotations

from typing import Any, List, Optional, Tuple, Union

import pyarrow as pa
import pyarrow.compute as pc

from . import _uriscan
from ._errors import ParseError

__all__ = [
    "parse",
    "scheme",
    "authority",
    "userinfo",
    "host",
    "port_text",
    "path",
    "query",
    "fragment",
    "host_kind",
    "port",
    "is_valid",
    "error",
    "error_index",
    "error_kind",
    "split",
    "normalize",
    "resolve",
    "query_param",
    "to_uri",
    "to_iri",
    "surt",
    "registrable_domain",
    "public_suffix",
    "strip_tracking",
    "canon",
]

ArrayLike = Union[pa.Array, pa.ChunkedArray, Any]

_STRING_TYPES = (pa.string(), pa.large_string(), pa.string_view())


def _as_string_chunk(chunk: pa.Array) -> pa.Array:
    t = chunk.type
    if t in _STRING_TYPES:
        return chunk
    if pa.types.is_null(t):
        return chunk.cast(pa.string())
    if pa.types.is_dictionary(t) and t.value_type in _STRING_TYPES:
        return chunk.cast(t.value_type)
    raise TypeError(f"expected a string column (string, large_string or string_view), got {t}")


def _chunks(array: ArrayLike) -> Tuple[List[pa.Array], bool]:
    """The input's string chunks, and whether it was chunked."""
    if isinstance(array, pa.ChunkedArray):
        chunked = True
        chunks = list(array.chunks) or [pa.array([], type=array.type)]
    elif isinstance(array, pa.Array):
        chunked, chunks = False, [array]
    elif hasattr(array, "__arrow_c_stream__") and not isinstance(array, (str, bytes)):
        ca = pa.chunked_array(array)
        chunked, chunks = True, list(ca.chunks) or [pa.array([], type=ca.type)]
    elif isinstance(array, (str, bytes)):
        raise TypeError("expected a column of strings, got a single string (use the functions of uriscan for one value)")
    else:
        chunked, chunks = False, [pa.array(array, type=pa.string()) if isinstance(array, list) else pa.array(array)]
    return [_as_string_chunk(c) for c in chunks], chunked


def _assemble(pieces: List[pa.Array], chunked: bool) -> Union[pa.Array, pa.ChunkedArray]:
    if chunked:
        return pa.chunked_array(pieces, type=pieces[0].type)
    if len(pieces) == 1:
        return pieces[0]
    return pa.concat_arrays(pieces)


def _first_false(mask: Union[pa.Array, pa.ChunkedArray]) -> int:
    return pc.index(mask, pa.scalar(False)).as_py()


def _raise_row(array: ArrayLike, chunks: List[pa.Array], row: int, syntax: str) -> None:
    value = pa.chunked_array(chunks)[row].as_py()
    try:
        _uriscan.check(value, syntax)
    except ParseError as e:
        err = ParseError(f"row {row}: {e}", e.input, e.index, e.kind, e.byte_index, e.syntax)
        err.row = row  # type: ignore[attr-defined]
        raise err from None


def _apply(
    op: str,
    array: ArrayLike,
    *,
    threads: int = 1,
    strict: bool = False,
    arg: Optional[str] = None,
    flag: bool = False,
    other: Optional[ArrayLike] = None,
    strict_syntax: str = "rfc3986",
) -> Union[pa.Array, pa.ChunkedArray]:
    chunks, chunked = _chunks(array)
    other_chunks = None
    if other is not None:
        # The second column must be chunked as the first: one chunk each.
        o_chunks, _ = _chunks(other)
        if len(chunks) != 1 or len(o_chunks) != 1:
            chunks = [pa.concat_arrays(chunks)] if len(chunks) > 1 else chunks
            o_chunks = [pa.concat_arrays(o_chunks)] if len(o_chunks) > 1 else o_chunks
        other_chunks = o_chunks
    if threads < 0:
        raise ValueError("threads must be 0 (all cores) or more")
    if strict:
        if strict_syntax == "rfc3986":
            valid = _assemble(_uriscan._column("is_valid", chunks, threads), True)
            row = _first_false(valid)
            if row >= 0:
                _raise_row(array, chunks, row, "rfc3986")
    pieces = _uriscan._column(op, chunks, threads, arg, flag, other_chunks)
    out = _assemble(pieces, chunked)
    if strict and strict_syntax != "rfc3986":
        # Invalid rows are exactly the non-null inputs with a null output.
        bad = pc.and_(pc.is_valid(_assemble(chunks, True)), pc.is_null(_assemble(pieces, True)))
        row = pc.index(bad, pa.scalar(True)).as_py()
        if row >= 0:
            _raise_row(array, chunks, row, strict_syntax)
    return out


def parse(array: ArrayLike, *, threads: int = 1, strict: bool = False) -> Union[pa.StructArray, pa.ChunkedArray]:
    """Parses every row into a struct of the fields of
    :data:`uriscan.PARSE_RECORD`, in its order: ``valid`` (bool), ``scheme``,
    ``authority``, ``userinfo``, ``host``, ``host_kind``, ``port_text``
    (string_view), ``port`` (int32, null when absent, empty or above 65535),
    ``path``, ``query``, ``fragment`` (string_view; components are null when
    undefined or the row is invalid), ``error_kind``, ``error_index``
    (uint64, byte index) and ``error_message`` (null for a valid row). Null
    rows are null structs.

    >>> ua.parse(pa.array(["http://h:8080/p"])).field("port").to_pylist()
    [8080]
    """
    return _apply("parse", array, threads=threads, strict=strict)


def _component_doc(name: str, what: str):
    def f(array: ArrayLike, *, threads: int = 1, strict: bool = False) -> Union[pa.Array, pa.ChunkedArray]:
        return _apply(name, array, threads=threads, strict=strict)

    f.__name__ = f.__qualname__ = name
    f.__doc__ = (
        f"The {what} of every row (string_view, views into the input: no byte copied); "
        "null where the row is null, invalid, or has no such component; "
        "an empty component is an empty string."
    )
    return f


scheme = _component_doc("scheme", "scheme (without ':')")
authority = _component_doc("authority", "authority (without '//')")
userinfo = _component_doc("userinfo", "userinfo (without '@')")
host = _component_doc("host", "host, as written (IP literals with their brackets)")
port_text = _component_doc("port_text", "port, as written (without ':')")
path = _component_doc("path", "path")
query = _component_doc("query", "query (without '?')")
fragment = _component_doc("fragment", "fragment (without '#')")


def host_kind(array: ArrayLike, *, threads: int = 1, strict: bool = False) -> Union[pa.Array, pa.ChunkedArray]:
    """The kind of every row's host: ``reg-name``, ``ipv4``, ``ipv6`` or
    ``ipvfuture``; null without a host or for an invalid row."""
    return _apply("host_kind", array, threads=threads, strict=strict)


def port(array: ArrayLike, *, threads: int = 1, strict: bool = False) -> Union[pa.Array, pa.ChunkedArray]:
    """The port of every row as int32; null when absent, empty, above 65535
    or the row is invalid."""
    return _apply("port", array, threads=threads, strict=strict)


def is_valid(array: ArrayLike, *, threads: int = 1) -> Union[pa.Array, pa.ChunkedArray]:
    """Whether every row is an RFC 3986 URI reference (null for a null row)."""
    return _apply("is_valid", array, threads=threads)


def error(array: ArrayLike, *, threads: int = 1) -> Union[pa.Array, pa.ChunkedArray]:
    """The parse error's message for every invalid row (byte index and
    context, as the Rust library writes it); null for valid and null rows."""
    return _apply("error", array, threads=threads)


def error_index(array: ArrayLike, *, threads: int = 1) -> Union[pa.Array, pa.ChunkedArray]:
    """The byte index of the first bad byte of every invalid row (uint64);
    null for valid and null rows."""
    return _apply("error_index", array, threads=threads)


def error_kind(array: ArrayLike, *, threads: int = 1) -> Union[pa.Array, pa.ChunkedArray]:
    """The grammar context of every invalid row's error (``path``,
    ``percent-encoding``, ...); null for valid and null rows."""
    return _apply("error_kind", array, threads=threads)


def split(array: ArrayLike, component: str, *, threads: int = 1) -> Union[pa.Array, pa.ChunkedArray]:
    """One component of the RFC 3986 Appendix B split of every row, which
    never fails: ``component`` is ``scheme``, ``authority``, ``path``,
    ``query`` or ``fragment``."""
    if component not in ("scheme", "authority", "path", "query", "fragment"):
        raise ValueError(f"unknown split component {component!r}")
    return _apply("split_" + component, array, threads=threads)


def normalize(
    array: ArrayLike, *, scheme_based: bool = False, threads: int = 1, strict: bool = False
) -> Union[pa.Array, pa.ChunkedArray]:
    """Syntax-based normalization of every row (RFC 3986 §6.2.2), and
    scheme-based (§6.2.3) with ``scheme_based=True``; rows already normal
    are views of the input."""
    return _apply("normalize", array, threads=threads, strict=strict, flag=scheme_based)


def resolve(
    array: ArrayLike, base: Union[str, ArrayLike], *, threads: int = 1, strict: bool = False
) -> Union[pa.Array, pa.ChunkedArray]:
    """Resolves every row against ``base`` (RFC 3986 §5.2, strict): one base
    URI for all rows (a ``str``), or a column of bases, row by row. Null
    where the reference or the base is invalid or the base has no scheme.
    A single base that is invalid raises ``ValueError``."""
    if isinstance(base, str):
        return _apply("resolve", array, threads=threads, strict=strict, arg=base)
    return _apply("resolve_each", array, threads=threads, strict=strict, other=base)


def query_param(
    array: ArrayLike, name: Union[str, ArrayLike], *, threads: int = 1, strict: bool = False
) -> Union[pa.Array, pa.ChunkedArray]:
    """The raw (not decoded) value of the first query parameter called
    ``name`` in every row (``""`` for ``?name`` or ``?name=``); null when
    absent. ``name`` is one name, or a column of names row by row."""
    if isinstance(name, str):
        return _apply("query_param", array, threads=threads, strict=strict, arg=name)
    return _apply("query_param_each", array, threads=threads, strict=strict, other=name)


def to_uri(array: ArrayLike, *, threads: int = 1, strict: bool = False) -> Union[pa.Array, pa.ChunkedArray]:
    """Maps every IRI reference (RFC 3987) to a URI reference (§3.1); null for
    rows that are not IRI references."""
    return _apply("to_uri", array, threads=threads, strict=strict, strict_syntax="rfc3987")


def to_iri(array: ArrayLike, *, threads: int = 1, strict: bool = False) -> Union[pa.Array, pa.ChunkedArray]:
    """Maps every URI reference to an IRI reference (RFC 3987 §3.2)."""
    return _apply("to_iri", array, threads=threads, strict=strict)


def surt(array: ArrayLike, *, threads: int = 1) -> Union[pa.Array, pa.ChunkedArray]:
    """The SURT key of every row, as the ``surt`` package computes it by
    default; every non-null row gets one."""
    return _apply("surt", array, threads=threads)


def registrable_domain(
    array: ArrayLike, *, private: bool = False, threads: int = 1
) -> Union[pa.Array, pa.ChunkedArray]:
    """The registrable domain of every row's host (Public Suffix List, ICANN
    section; with ``private=True`` the private section too); null for IP
    hosts, bare suffixes, rows without a host, invalid IRIs."""
    return _apply("registrable_domain", array, threads=threads, flag=private)


def public_suffix(array: ArrayLike, *, private: bool = False, threads: int = 1) -> Union[pa.Array, pa.ChunkedArray]:
    """The public suffix of every row's host (see :func:`registrable_domain`)."""
    return _apply("public_suffix", array, threads=threads, flag=private)


def strip_tracking(array: ArrayLike, *, threads: int = 1) -> Union[pa.Array, pa.ChunkedArray]:
    """Every row without its tracking query parameters (``utm_*``,
    ``fbclid``, ...; :func:`uriscan.tracking_params`)."""
    return _apply("strip_tracking", array, threads=threads)


def canon(array: ArrayLike, profile: str = "rfc3986", *, threads: int = 1) -> Union[pa.Array, pa.ChunkedArray]:
    """The canonical form of every row under ``profile``: ``rfc3986``
    (scheme-based normalization; null for invalid rows), ``archive`` (the
    web-archive canonicalizer) or ``safe-browsing``; null for empty rows."""
    return _apply("canon", array, threads=threads, arg=profile)


# The registry: every column function of uriscan (ClickHouse's names, the
# crawl extras, the uri_* set, Spark's, uri_cc_index) by its name, as the
# Rust crates declare it once (uriscan_crawl::function_set). The polars and
# pandas namespaces and uriscan.duckdb derive their lists from FUNCTIONS.

#: Every function of the registry: dicts with ``name``, ``alias`` (the
#: lower-case spelling of a name with capitals, or None), ``family``
#: (``clickhouse``, ``extra``, ``uri``, ``spark``, ``cc_index``), ``input``,
#: ``params`` ((name, kind, optional, repeated, names) tuples: kind
#: ``text``, ``port``, ``count`` or ``one of`` the names, a list), ``result``
#: (``string``, ``bytes``, ``port``, ``number``, ``int``, ``bool``, ``list``,
#: ``struct``, ``columns``), ``doc`` and ``signature``.
FUNCTIONS: List[dict] = list(_uriscan._functions())

_BY_NAME = {f["name"].lower(): f for f in FUNCTIONS}


def function(name: str) -> dict:
    """The registry entry of ``name`` (ASCII case ignored); ``ValueError``
    for a name that is not in the registry.

    >>> ua.function("cutwww")["name"]
    'cutWWW'
    """
    try:
        return _BY_NAME[name.lower()]
    except KeyError:
        raise ValueError(f"unknown function {name!r}") from None


def _required_args(f: dict, text: str, repeated: List[str]) -> List[Any]:
    """Values for the required arguments of the registry entry ``f`` (for
    the tests, ``bench.py`` and ``uriscan.duckdb``): ``text`` for a text
    parameter, the first of its names for a ``one of`` (``HOST`` for Spark's
    part), ``repeated`` for a repeated one, 2 for a number.

    >>> ua._required_args(ua.function("cutURLParameter"), "a", ["a", "b"])
    [['a', 'b']]
    >>> ua._required_args(ua.function("parse_url"), "a", [])
    ['HOST']
    """
    out: List[Any] = []
    for _, kind, optional, is_repeated, names in f["params"]:
        if optional:
            break
        if is_repeated:
            out.append(repeated)
        elif kind == "one of":
            out.append(names[0])
        else:
            out.append(text if kind == "text" else 2)
    return out


def _is_column(v: Any) -> bool:
    return isinstance(v, (pa.Array, pa.ChunkedArray)) or (
        hasattr(v, "__arrow_c_stream__") and not isinstance(v, (str, bytes))
    )


def call(name: str, array: ArrayLike, *args: Any, threads: int = 1) -> Union[pa.Array, pa.ChunkedArray]:
    """The registry's function ``name`` of every row of ``array``, with its
    arguments after the input in order: a ``str`` (or an ``int`` for a
    port or a count), a list of ``str`` for a repeated argument
    (``cutURLParameter``'s names), ``None`` (NULL: every row null), or at
    most one column (a value per row). The answers are those of the SQL
    functions of the same name (DataFusion, DuckDB) and of ``uriscan fn``.

    >>> ua.call("cutWWW", pa.array(["http://www.a.example/x", None])).to_pylist()
    ['http://a.example/x', None]
    >>> ua.call("extractURLParameter", pa.array(["http://h/?a=1", "http://h/"]), "a").to_pylist()
    ['1', '']
    >>> ua.call("port", pa.array(["http://h/"]), 80).to_pylist()
    [80]
    """
    f = function(name)
    scalars: List[Any] = []
    other = None
    column_at = None
    for i, a in enumerate(args):
        if _is_column(a) or (isinstance(a, list) and not f["params"][min(i, len(f["params"]) - 1)][3]):
            if other is not None:
                raise ValueError(f"{f['name']}: at most one argument may be a column")
            other, column_at = a, i
            scalars.append(None)
        else:
            scalars.append(a)
    if other is None:
        chunks, chunked = _chunks(array)
        pieces = _uriscan._column("fn:" + f["name"], chunks, threads, None, False, None, scalars, None)
        return _assemble(pieces, chunked)
    chunks, chunked = _chunks(array)
    o_chunks, _ = _chunks(other)
    if len(chunks) != 1 or len(o_chunks) != 1:
        chunks = [pa.concat_arrays(chunks)] if len(chunks) > 1 else chunks
        o_chunks = [pa.concat_arrays(o_chunks)] if len(o_chunks) > 1 else o_chunks
    pieces = _uriscan._column("fn:" + f["name"], chunks, threads, None, False, o_chunks, scalars, column_at)
    return _assemble(pieces, chunked)


def _registry_function(f: dict):
    name = f["name"]

    def fn(array: ArrayLike, *args: Any, threads: int = 1) -> Union[pa.Array, pa.ChunkedArray]:
        return call(name, array, *args, threads=threads)

    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"{f['signature']} -> {f['result']} ({f['family']}): {f['doc']}. See :func:`call`."
    return fn


class _Functions:
    """Every function of the registry as an attribute, by its name and its
    lower-case alias: ``uriscan.arrow.fn.cutWWW(col)``,
    ``uriscan.arrow.fn.path(col)`` (ClickHouse's ``path``; the module's own
    :func:`path` is RFC 3986's component)."""

    def __dir__(self) -> List[str]:
        return [f["name"] for f in FUNCTIONS]


fn = _Functions()
for _f in FUNCTIONS:
    _g = _registry_function(_f)
    setattr(fn, _f["name"], _g)
    if _f["alias"]:
        setattr(fn, _f["alias"], _g)
    # The module too, for every name it does not already give another meaning.
    if _f["name"] not in globals():
        globals()[_f["name"]] = _g
del _f, _g

__all__ += ["call", "function", "fn", "FUNCTIONS"]
