"""Column functions (uriscan.arrow) against the per-value functions."""

from __future__ import annotations

import pyarrow as pa
import pytest

import uriscan
import uriscan.arrow as ua
from conftest import corpus

VALUES = corpus() + [None, "http://[::1", "", None]
TYPES = [pa.string(), pa.large_string(), pa.string_view()]


def _value(text, f):
    if text is None or not uriscan.is_valid(text):
        return None
    return f(uriscan.parse(text))


def _columns(type_):
    arr = pa.array(VALUES, type=type_)
    half = len(VALUES) // 2
    return [arr, pa.chunked_array([arr[:half], arr[half:]]), pa.chunked_array([], type=type_)]


COMPONENTS = ["scheme", "authority", "userinfo", "host", "port_text", "path", "query", "fragment", "host_kind", "port"]


@pytest.mark.parametrize("type_", TYPES, ids=str)
@pytest.mark.parametrize("name", COMPONENTS)
def test_components(type_, name):
    for col in _columns(type_):
        out = getattr(ua, name)(col)
        assert isinstance(out, pa.ChunkedArray) == isinstance(col, pa.ChunkedArray) and len(out) == len(col)
        expected = [_value(v, lambda u: getattr(u, name)) for v in col.to_pylist()]
        assert out.to_pylist() == expected


@pytest.mark.parametrize("type_", TYPES, ids=str)
def test_parse_struct(type_):
    arr = pa.array(VALUES, type=type_)
    s = ua.parse(arr)
    assert [f.name for f in s.type] == [name for name, _, _ in uriscan.PARSE_RECORD]
    for v, row in zip(VALUES, s.to_pylist()):
        if v is None:
            assert row is None
            continue
        try:
            u = uriscan.parse(v)
        except uriscan.ParseError as e:
            assert (row["valid"], row["error_index"], row["error_kind"], row["host"]) == (False, e.byte_index, e.kind, None)
            assert row["error_message"] and all(row[c] is None for c in uriscan.COMPONENTS)
            continue
        assert row["valid"] and row["error_index"] is None and row["error_message"] is None
        d = u.to_dict()
        assert {k: row[k] for k in d} == d


#: The Arrow type of each kind of field of the parse record, as
#: uriscan_arrow documents them (text as views into the input).
KIND_TYPES = {"bool": pa.bool_(), "text": pa.string_view(), "port": pa.int32(), "index": pa.uint64()}


def test_parse_schema_is_the_declared_record():
    declared = pa.struct([pa.field(name, KIND_TYPES[kind], nullable=True) for name, kind, _ in uriscan.PARSE_RECORD])
    for arr in (pa.array([], type=pa.string()), pa.array(["http://h:8/p", "a b", None], type=pa.large_string())):
        assert ua.parse(arr).type == declared
    names = [name for name, _, _ in uriscan.PARSE_RECORD]
    assert names[:2] == ["valid", "scheme"] and names[-3:] == ["error_kind", "error_index", "error_message"]
    assert "port_text" in names and "port" in names and all(doc for _, _, doc in uriscan.PARSE_RECORD)
    assert uriscan.COMPONENTS == ("scheme", "authority", "userinfo", "host", "port_text", "path", "query", "fragment")
    row = ua.parse(pa.array(["http://h/a b"])).to_pylist()[0]
    assert row["error_message"] == "invalid character ' ' at index 10 in path"


def test_valid_error_columns():
    arr = pa.array(VALUES)
    assert ua.is_valid(arr).to_pylist() == [None if v is None else uriscan.is_valid(v) for v in VALUES]
    errors = ua.error(arr).to_pylist()
    for v, e in zip(VALUES, errors):
        if v is None or uriscan.is_valid(v):
            assert e is None
        else:
            with pytest.raises(uriscan.ParseError, match="at index"):
                uriscan.check(v)
            assert "at index" in e
    assert ua.error_index(pa.array(["http://h/%zz", "x"])).to_pylist() == [10, None]
    assert ua.error_kind(pa.array(["http://h/%zz", "x"])).to_pylist() == ["percent-encoding", None]


@pytest.mark.parametrize("type_", TYPES, ids=str)
def test_operations(type_):
    arr = pa.array(VALUES, type=type_)
    base = "http://a/b/c/d;p?q"
    cases = [
        (ua.normalize(arr), lambda u: u.normalize().text),
        (ua.normalize(arr, scheme_based=True), lambda u: u.normalize(True).text),
        (ua.resolve(arr, base), lambda u: u.resolve(base).text),
        (ua.to_iri(arr), lambda u: u.to_iri().text),
        (ua.query_param(arr, "q"), lambda u: dict((q.split("=", 1) + [""])[:2] for q in (u.query or "").split("&")).get("q") if u.query is not None else None),
    ]
    for out, f in cases:
        assert out.to_pylist() == [_value(v, f) for v in VALUES]
    assert ua.surt(arr).to_pylist() == [None if v is None else uriscan.surt(v) for v in VALUES]
    assert ua.strip_tracking(arr).to_pylist() == [None if v is None else uriscan.strip_tracking(v) for v in VALUES]
    for private in (False, True):
        assert ua.registrable_domain(arr, private=private).to_pylist() == [
            None if v is None else uriscan.registrable_domain(v, private=private) for v in VALUES
        ]
        assert ua.public_suffix(arr, private=private).to_pylist() == [
            None if v is None else uriscan.public_suffix(v, private=private) for v in VALUES
        ]
    for profile in ("rfc3986", "archive", "safe-browsing"):

        def canon(v):
            if v is None:
                return None
            try:
                return uriscan.canon(v, profile)
            except uriscan.ParseError:
                return None

        assert ua.canon(arr, profile).to_pylist() == [canon(v) for v in VALUES]
    for part in ("scheme", "authority", "path", "query", "fragment"):
        assert ua.split(arr, part).to_pylist() == [None if v is None else getattr(uriscan.split(v), part) for v in VALUES]


def test_iri_columns():
    arr = pa.array(["http://résumé.example.org/é", "http://a b", None, "/D%C3%BCrst"])
    assert ua.to_uri(arr).to_pylist() == ["http://r%C3%A9sum%C3%A9.example.org/%C3%A9", None, None, "/D%C3%BCrst"]
    assert ua.to_iri(arr).to_pylist() == [None, None, None, "/Dürst"]
    with pytest.raises(uriscan.ParseError) as info:
        ua.to_uri(arr, strict=True)
    assert info.value.row == 1


def test_resolve_and_query_param_columns():
    refs = pa.array(["g", "../x", None, "y"])
    bases = pa.chunked_array([["http://a/b/c", "http://x/y/z"], [None, "//no-scheme"]])
    assert ua.resolve(refs, bases).to_pylist() == ["http://a/b/g", "http://x/x", None, None]
    assert ua.query_param(pa.array(["/?a=1&b=2", "/?b=3", None]), pa.array(["a", "b", "a"])).to_pylist() == ["1", "3", None]
    with pytest.raises(ValueError, match="base"):
        ua.resolve(refs, "not a base")
    with pytest.raises(ValueError):
        ua.resolve(refs, pa.array(["http://a/"]))


def test_strict():
    arr = pa.array(["http://a/", None, "http://b/ c", "http://[::1"])
    assert ua.host(arr).to_pylist() == ["a", None, None, None]
    with pytest.raises(uriscan.ParseError) as info:
        ua.host(arr, strict=True)
    e = info.value
    assert (e.row, e.index, e.kind, e.input) == (2, 9, "path", "http://b/ c")
    assert str(e).startswith("row 2: ")
    assert ua.host(pa.array(["http://a/", None]), strict=True).to_pylist() == ["a", None]


def test_threads_and_shapes():
    arr = pa.array([f"http://h{i}.example.co.uk:{i % 70000}/p?q={i}" if i % 7 else None for i in range(50_000)])
    one = ua.parse(arr)
    for threads in (2, 3, 0):
        assert ua.parse(arr, threads=threads).equals(one)
        assert ua.registrable_domain(arr, threads=threads).equals(ua.registrable_domain(arr))
    chunked = pa.chunked_array([arr[:20_000], arr[20_000:]])
    out = ua.host(chunked, threads=2)
    assert isinstance(out, pa.ChunkedArray) and out.to_pylist() == ua.host(arr).to_pylist()
    with pytest.raises(ValueError):
        ua.host(arr, threads=-1)


def test_inputs():
    assert ua.host(["http://a/", None]).to_pylist() == ["a", None]
    assert ua.host(pa.array([None, None])).to_pylist() == [None, None]
    assert ua.host(pa.array(["http://a/", "http://a/"]).dictionary_encode()).to_pylist() == ["a", "a"]
    with pytest.raises(TypeError, match="string column"):
        ua.host(pa.array([1, 2]))
    with pytest.raises(TypeError, match="single string"):
        ua.host("http://a/")
    with pytest.raises(ValueError, match="unknown split component"):
        ua.split(pa.array(["x"]), "host")


def test_zero_copy_components():
    arr = pa.array(["http://a-long-host-name.example/with/a/long/path?and=query", None])
    values = arr.buffers()[2]
    for f in (ua.host, ua.path, ua.query):
        out = f(arr)
        assert out.type == pa.string_view()
        # The output's data buffer is the input's values buffer, shared.
        assert any(b is not None and b.address == values.address for b in out.buffers()[2:])


def test_gil_is_released_during_a_column_call():
    import threading
    import time

    arr = pa.array([f"http://www.h{i}.example.co.uk/a/b?z={i}&a=1" for i in range(300_000)])
    ua.surt(arr[:10])
    span = {}
    done = threading.Event()

    def work():
        span["t0"] = time.perf_counter()
        ua.surt(arr)
        span["t1"] = time.perf_counter()
        done.set()

    stamps = []
    worker = threading.Thread(target=work)
    worker.start()
    while not done.is_set():
        stamps.append(time.perf_counter())
    worker.join()
    t0, t1 = span["t0"], span["t1"]
    lo, hi = t0 + 0.1 * (t1 - t0), t1 - 0.1 * (t1 - t0)
    # While Rust works, this thread runs Python code: it holds the GIL.
    assert sum(lo < s < hi for s in stamps) > 100, (t1 - t0, len(stamps))
