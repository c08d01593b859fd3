"""uriscan's column functions as Spark column functions.

Every function of :mod:`uriscan.arrow` is here under the same name, taking
a Spark column (or a column name) instead of a pyarrow array, with the same
arguments and options::

    from pyspark.sql import SparkSession
    import uriscan.spark as us

    spark = SparkSession.builder.master("local[2]").getOrCreate()
    df = spark.createDataFrame([("http://a.example:8080/x?q=1",), ("not a url",), (None,)], ["url"])
    df.select(
        us.host("url").alias("host"),
        us.port("url").alias("port"),
        us.query_param("url", "q").alias("q"),
        us.parse("url").alias("p"),
    ).select("host", "port", "q", "p.valid", "p.path").show()
    # +---------+----+----+-----+----+
    # |     host|port|   q|valid|path|
    # +---------+----+----+-----+----+
    # |a.example|8080|   1| true|  /x|
    # |     NULL|NULL|NULL|false|NULL|
    # |     NULL|NULL|NULL| NULL|NULL|
    # +---------+----+----+-----+----+

    us.register(spark)  # the same functions in SQL: uri_host(url), uri_parse(url), ...
    spark.sql("SELECT uri_registrable_domain('http://x.news.bbc.co.uk/') AS d").first().d  # 'bbc.co.uk'

Each is a Spark Arrow UDF (``pyspark.sql.functions.arrow_udf``, Spark 4.1
and later): Spark hands the Python worker a batch of rows as Arrow data, and
the batch goes through the :mod:`uriscan.arrow` kernel in one call (no
Python per row). Result types are Spark's: text is ``string``, ``parse``
is a struct (the fields of ``uriscan.PARSE_RECORD``: ``valid``,
``scheme``, ..., ``error_message``), ports ``int``, byte indexes ``bigint``, lists arrays of
strings. Null in, null out; an invalid reference gives null (``strict=True``
fails the job with the row's error instead; its row number counts from the
start of Spark's Arrow batch, not of the DataFrame).

An argument that :mod:`uriscan.arrow` takes as a column too (the base of
``resolve``, the name of ``query_param``) is a Python ``str`` (one value
for all rows) or a Spark ``Column`` (row by row); other arguments and the
options (``scheme_based=True``, ``private=True``, a ``canon`` profile,
``split``'s component) are Python values.

The functions come from :data:`FUNCTIONS`, built from ``uriscan.arrow``'s
functions in :func:`_arrow_functions`: the one place to change what this
module exposes.
"""

from __future__ import annotations

import inspect
from typing import Any, Callable, Dict, List, Optional, Tuple, Union

import pyarrow as pa
from pyspark.sql import Column, SparkSession
from pyspark.sql import functions as F
from pyspark.sql.pandas.types import from_arrow_type
from pyspark.sql.types import DataType

from . import arrow as _ua

__all__ = ["FUNCTIONS", "register", "spark_type"]

ColumnOrName = Union[Column, str]

if not hasattr(F, "arrow_udf"):  # pragma: no cover - depends on the installed pyspark
    raise ImportError("uriscan.spark needs pyspark 4.1 or later (pyspark.sql.functions.arrow_udf)")


#: What :mod:`uriscan.arrow` exports beside its column functions: the
#: registry's entry points (by name), not functions of a column.
_REGISTRY_API = ("call", "function", "fn", "FUNCTIONS")


def _arrow_functions() -> Dict[str, Callable[..., Any]]:
    """The column functions this module exposes, by name: every public
    column function of :mod:`uriscan.arrow` (its ``__all__`` but the
    registry's entry points)."""
    return {name: getattr(_ua, name) for name in _ua.__all__ if name not in _REGISTRY_API}


#: The functions of this module by name: ``uriscan.arrow``'s.
FUNCTIONS: Dict[str, Callable[..., Any]] = _arrow_functions()

_EMPTY = pa.array([], type=pa.string())


def _plain(t: pa.DataType) -> pa.DataType:
    """The Arrow type Spark reads for a kernel's result type: views and large
    strings as ``string``, unsigned integers as the next signed type, lists
    of any kind as ``list``, recursively through structs."""
    if pa.types.is_string_view(t) or pa.types.is_large_string(t):
        return pa.string()
    if pa.types.is_binary_view(t) or pa.types.is_large_binary(t):
        return pa.binary()
    if pa.types.is_uint8(t):
        return pa.int16()
    if pa.types.is_uint16(t):
        return pa.int32()
    if pa.types.is_uint32(t) or pa.types.is_uint64(t):
        return pa.int64()
    if pa.types.is_struct(t):
        return pa.struct([pa.field(f.name, _plain(f.type)) for f in t])
    if pa.types.is_list(t) or pa.types.is_large_list(t) or pa.types.is_list_view(t) or pa.types.is_large_list_view(t):
        return pa.list_(_plain(t.value_type))
    return t


def spark_type(arrow_type: pa.DataType) -> DataType:
    """The Spark type of a :mod:`uriscan.arrow` result type.

    >>> import pyarrow as pa, uriscan.spark as us
    >>> us.spark_type(pa.string_view())
    StringType()
    >>> us.spark_type(pa.uint64())
    LongType()
    >>> us.spark_type(pa.list_(pa.string_view())).simpleString()
    'array<string>'
    """
    return from_arrow_type(_plain(arrow_type))


def _call(
    name: str, args: Tuple[Any, ...], options: Dict[str, Any]
) -> Tuple[Callable[..., Any], DataType, List[int]]:
    """The batch function of ``name`` with these arguments, its Spark result
    type and the positions of the arguments that are columns.

    The result type is the kernel's own: the function called on an empty
    batch (which also checks the arguments before Spark runs anything)."""
    if name not in FUNCTIONS:
        raise ValueError(f"unknown function {name!r}")
    fn = FUNCTIONS[name]
    columns = [i for i, a in enumerate(args) if isinstance(a, Column)]
    probe = [_EMPTY if i in columns else a for i, a in enumerate(args)]
    arrow_type = _plain(fn(_EMPTY, *probe, **options).type)
    # What the Python workers get (pickled): no Spark column in it.
    values = [None if i in columns else a for i, a in enumerate(args)]

    def batch(urls: pa.Array, *others: pa.Array) -> pa.Array:
        call_args = list(values)
        for i, o in zip(columns, others):
            call_args[i] = o
        out = fn(urls, *call_args, **options)
        if isinstance(out, pa.ChunkedArray):
            out = out.combine_chunks()
        return out.cast(arrow_type)

    batch.__name__ = name
    batch.__qualname__ = f"_batch_{name}"
    return batch, from_arrow_type(arrow_type), columns


def _column(c: ColumnOrName) -> Column:
    return F.col(c) if isinstance(c, str) else c


def _function(name: str) -> Callable[..., Column]:
    def f(col: ColumnOrName, *args: Any, **options: Any) -> Column:
        batch, rtype, columns = _call(name, args, options)
        udf = F.arrow_udf(batch, rtype)
        return udf(_column(col), *[args[i] for i in columns])

    f.__name__ = f.__qualname__ = name
    f.__module__ = __name__
    doc = (FUNCTIONS[name].__doc__ or "").split("\n\n")[0].strip()
    f.__doc__ = (
        f"Spark column function of :func:`uriscan.arrow.{name}`: a column (or a column name) "
        f"in, a column out; the other arguments as ``uriscan.arrow.{name}`` takes them.\n\n"
        + doc
    )
    return f


for _name in FUNCTIONS:
    globals()[_name] = _function(_name)
    __all__.append(_name)


def register(spark: SparkSession, prefix: str = "uri_") -> List[str]:
    """Registers the functions for Spark SQL as ``prefix + name``
    (``uri_host(url)``, ``uri_parse(url)``, ``uri_resolve(url, base)``,
    ``uri_query_param(url, name)``, ...), with their default options, and
    returns the names registered. A function that needs a Python value to
    be called (``split``'s component) is left out."""
    names = []
    for name, fn in FUNCTIONS.items():
        # The arguments beyond the column that have no default become SQL
        # arguments: those the kernel takes as columns.
        params = list(inspect.signature(fn).parameters.values())[1:]
        required = [p for p in params if p.default is p.empty and p.kind is p.POSITIONAL_OR_KEYWORD]
        try:
            batch, rtype, _ = _call(name, tuple(F.lit("") for _ in required), {})
        except (TypeError, ValueError):
            continue
        spark.udf.register(prefix + name, F.arrow_udf(batch, rtype))
        names.append(prefix + name)
    return names


del _name
