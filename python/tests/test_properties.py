"""Properties (hypothesis): no input crashes any function, and round trips."""

from __future__ import annotations

import pyarrow as pa
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import uriscan
import uriscan.arrow as ua

# Strings made mostly of URI characters, so that many of them parse.
URI_ALPHABET = "abcxyz019:/?#[]@!$&'()*+,;=-._~%AF " + "é\u0000\u200e"
uri_text = st.one_of(st.text(alphabet=URI_ALPHABET, max_size=40), st.text(max_size=40))
any_bytes = st.binary(max_size=40)
SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _no_crash(f, *args, **kwargs):
    try:
        f(*args, **kwargs)
    except ValueError:  # ParseError, and the operations' documented errors
        pass


@SETTINGS
@given(st.one_of(uri_text, any_bytes), st.sampled_from(uriscan.SYNTAXES))
def test_parse_never_crashes(value, syntax):
    try:
        u = uriscan.parse(value, syntax=syntax)
    except uriscan.ParseError as e:
        n = len(value)
        assert 0 <= e.index <= n and e.kind and e.input == value
        assert not uriscan.is_valid(value, syntax=syntax)
        return
    assert uriscan.is_valid(value, syntax=syntax)
    text = value if isinstance(value, str) else value.decode("utf-8")
    assert str(u) == text
    # Round trip: the components recompose to the text (RFC 3986 §5.3).
    out = ""
    if u.scheme is not None:
        out += u.scheme + ":"
    if u.authority is not None:
        out += "//" + u.authority
    out += u.path
    if u.query is not None:
        out += "?" + u.query
    if u.fragment is not None:
        out += "#" + u.fragment
    assert out == text
    assert uriscan.parse(text, syntax=syntax) == u
    for op in ("normalize", "to_uri", "to_iri", "surt", "registrable_domain", "strip_tracking", "query_pairs"):
        _no_crash(getattr(u, op))
    _no_crash(u.resolve, "http://a/b/c/d;p?q")
    _no_crash(u.relativize, "http://a/b/c/d;p?q")


@SETTINGS
@given(st.one_of(uri_text, any_bytes))
def test_text_functions_never_crash(value):
    s = uriscan.split(value)
    joined = (
        (s.scheme + (":" if isinstance(value, str) else b":") if s.scheme is not None else value[:0])
        + ((("//" if isinstance(value, str) else b"//") + s.authority) if s.authority is not None else value[:0])
        + s.path
        + ((("?" if isinstance(value, str) else b"?") + s.query) if s.query is not None else value[:0])
        + ((("#" if isinstance(value, str) else b"#") + s.fragment) if s.fragment is not None else value[:0])
    )
    assert joined == value
    assert isinstance(uriscan.surt(value), str)
    for f in (uriscan.canon, uriscan.percent_decode, uriscan.percent_decode_str, uriscan.registrable_domain, uriscan.extract):
        _no_crash(f, value)
    for profile in ("archive", "safe-browsing"):
        _no_crash(uriscan.canon, value, profile)
    for m in uriscan.extract(value, accept_invalid=True, any_scheme=True):
        assert 0 <= m.start <= m.end <= len(value)


@SETTINGS
@given(uri_text)
def test_str_functions_never_crash(value):
    for f in (uriscan.strip_tracking, uriscan.domain_parts, uriscan.to_uri, uriscan.to_iri, uriscan.normalize):
        _no_crash(f, value)
    _no_crash(uriscan.filter_params, value, names=["a"], sort=True)
    _no_crash(uriscan.resolve, value, "http://a/b/c/d;p?q")


@SETTINGS
@given(any_bytes, st.sampled_from(["userinfo", "reg_name", "path_segment", "path", "query", "fragment"]))
def test_percent_round_trip(data, component):
    encoded = uriscan.percent_encode(data, component)
    assert encoded.isascii()
    assert uriscan.percent_decode(encoded) == data


@SETTINGS
@given(uri_text)
def test_normalize_is_idempotent_and_relativize_inverts_resolve(value):
    if not uriscan.is_valid(value):
        return
    n = uriscan.normalize(value, scheme_based=True)
    assert uriscan.normalize(n, scheme_based=True) == n
    base = "http://a/b/c/d;p?q"
    target = uriscan.resolve(value, base)
    try:
        rel = uriscan.relativize(target, base)
    except ValueError:
        return
    assert uriscan.resolve(rel, base) == target


@SETTINGS
@given(st.text(max_size=30))
def test_iri_round_trip(value):
    try:
        u = uriscan.parse(value, syntax="rfc3987")
    except uriscan.ParseError:
        return
    uri = u.to_uri()
    assert uri.text.isascii()
    assert uriscan.parse(uri.to_iri().to_uri().text) == uri


@settings(max_examples=100, deadline=None)
@given(st.lists(st.one_of(st.none(), uri_text), max_size=30), st.sampled_from([pa.string(), pa.large_string(), pa.string_view()]))
def test_columns_match_values(values, type_):
    arr = pa.array(values, type=type_)
    assert ua.host(arr).to_pylist() == [None if v is None or not uriscan.is_valid(v) else uriscan.parse(v).host for v in values]
    assert ua.surt(arr).to_pylist() == [None if v is None else uriscan.surt(v) for v in values]
    assert ua.is_valid(arr).to_pylist() == [None if v is None else uriscan.is_valid(v) for v in values]
    assert ua.split(arr, "path").to_pylist() == [None if v is None else uriscan.split(v).path for v in values]
