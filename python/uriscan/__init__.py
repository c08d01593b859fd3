"""RFC 3986 URI references for Python: parsed, validated, split, resolved
and normalized exactly as the RFC defines them, by the uriscan Rust library.

Per value (this module)::

    >>> import uriscan
    >>> u = uriscan.parse("foo://user@example.com:8042/over/there?name=ferret#nose")
    >>> (u.scheme, u.host, u.port, u.path, u.query, u.fragment)
    ('foo', 'example.com', 8042, '/over/there', 'name=ferret', 'nose')

Per column: :mod:`uriscan.arrow` (pyarrow arrays), :mod:`uriscan.polars`
(the ``.uri`` expression namespace), :mod:`uriscan.pandas` (the ``.uri``
Series accessor), :mod:`uriscan.duckdb` (SQL functions) and
:mod:`uriscan.spark` (Spark column functions).
"""

from __future__ import annotations

from typing import List, NamedTuple, Optional, Sequence, Union

from . import _uriscan
from ._errors import ParseError
from ._uriscan import (
    URI,
    canon,
    check,
    default_port,
    filter_params,
    is_valid,
    parse,
    percent_decode,
    percent_decode_str,
    percent_encode,
    public_suffix,
    registrable_domain,
    strip_tracking,
    surt,
)

__all__ = [
    "URI",
    "ParseError",
    "SYNTAXES",
    "COMPONENTS",
    "PARSE_RECORD",
    "parse",
    "is_valid",
    "check",
    "split",
    "SplitResult",
    "extract",
    "Match",
    "resolve",
    "normalize",
    "relativize",
    "to_uri",
    "to_iri",
    "percent_encode",
    "percent_decode",
    "percent_decode_str",
    "surt",
    "canon",
    "registrable_domain",
    "public_suffix",
    "domain_parts",
    "DomainParts",
    "strip_tracking",
    "filter_params",
    "tracking_params",
    "default_port",
]

__version__ = "0.1.0"

Text = Union[str, bytes, bytearray, memoryview]

#: The grammars ``syntax=`` accepts; the first is the default.
SYNTAXES = ("rfc3986", "rfc3987", "rfc2396", "rfc1630")

#: The parse record (``uriscan.arrow.parse``'s struct, ``uriscan parse``'s
#: columns): one ``(name, kind, description)`` per field, in order; ``kind``
#: is ``"bool"``, ``"text"``, ``"port"`` (a port number: int32) or
#: ``"index"`` (a byte index: uint64). Declared once, in the Rust crate
#: uriscan-crawl (``uriscan_crawl::record::PARSE_RECORD``).
PARSE_RECORD = tuple((name, kind, doc) for name, kind, doc, _ in _uriscan._parse_record())

#: The components of a parsed reference, in order: the fields of
#: :data:`PARSE_RECORD` that hold one (``URI.to_dict`` keys, beside ``port``
#: as an int and ``host_kind``).
COMPONENTS = tuple(name for name, _, _, component in _uriscan._parse_record() if component)


class SplitResult(NamedTuple):
    """The RFC 3986 Appendix B split of a string: five components, ``None``
    when undefined (``""`` when empty). Of the input's type: ``str`` for a
    ``str``, ``bytes`` otherwise."""

    scheme: Optional[Union[str, bytes]]
    authority: Optional[Union[str, bytes]]
    path: Union[str, bytes]
    query: Optional[Union[str, bytes]]
    fragment: Optional[Union[str, bytes]]


def split(input: Text) -> SplitResult:
    """Splits any string or bytes into scheme, authority, path, query and
    fragment by RFC 3986 Appendix B's regular expression. Never fails and
    does not validate (the mode for dirty logs); see :func:`parse`.

    >>> uriscan.split("http://a b/c?d")
    SplitResult(scheme='http', authority='a b', path='/c', query='d', fragment=None)
    """
    return SplitResult(*_uriscan.split(input))


class Match(NamedTuple):
    """A URI found in free text by :func:`extract`.

    ``uri`` is the URI (whitespace inside ``<...>`` removed); ``start`` and
    ``end`` delimit it in the text (code point offsets for a ``str``, byte
    offsets for bytes); ``valid`` says whether it parses as a URI reference;
    ``delimiter`` is ``"angle"``, ``"quote"`` or ``"bare"``; ``contiguous``
    is false when whitespace inside ``<...>`` was removed."""

    uri: str
    start: int
    end: int
    valid: bool
    delimiter: str
    contiguous: bool


def extract(
    text: Text,
    *,
    iri: bool = False,
    schemes: Optional[Sequence[str]] = None,
    any_scheme: bool = False,
    accept_invalid: bool = False,
) -> List[Match]:
    """The URIs in free text (RFC 3986 Appendix C), in order.

    ``iri=True`` lets non-ASCII letters continue a URI (RFC 3987);
    ``schemes`` replaces the schemes looked for (``http``, ``https``,
    ``ftp``, ... by default); ``any_scheme=True`` accepts every scheme;
    ``accept_invalid=True`` also returns candidates that do not parse.

    >>> [m.uri for m in uriscan.extract("see <http://a.example/x> or http://b.example/y.")]
    ['http://a.example/x', 'http://b.example/y']
    """
    return [
        Match(*m)
        for m in _uriscan.extract(
            text,
            iri=iri,
            schemes=None if schemes is None else list(schemes),
            any_scheme=any_scheme,
            accept_invalid=accept_invalid,
        )
    ]


def resolve(reference: Union[str, URI], base: Union[str, URI], mode: str = "strict", syntax: str = "rfc3986") -> str:
    """Resolves ``reference`` against ``base`` (RFC 3986 §5.2) and returns
    the target's text: ``urllib.parse.urljoin(base, reference)`` done by the
    RFC. ``mode`` is ``"strict"`` (the RFC's), ``"non-strict"`` (§5.2.2's
    backward-compatible reading), ``"rfc2396"`` or ``"rfc1630"``.

    Raises :class:`ParseError` when either is not a reference, and
    ``ValueError`` when the base has no scheme.

    >>> uriscan.resolve("../g?y#s", "http://a/b/c/d;p?q")
    'http://a/b/g?y#s'
    """
    r = reference if isinstance(reference, URI) else parse(reference, syntax)
    return r.resolve(base, mode).text


def normalize(text: Union[str, URI], scheme_based: bool = False, syntax: str = "rfc3986") -> str:
    """Syntax-based normalization (RFC 3986 §6.2.2: case, percent-encoding,
    dot segments), and scheme-based (§6.2.3: default port, empty path) with
    ``scheme_based=True``. Raises :class:`ParseError` for an invalid input.

    >>> uriscan.normalize("HTTP://Example.COM:80/%7euser/./a", scheme_based=True)
    'http://example.com/~user/a'
    """
    u = text if isinstance(text, URI) else parse(text, syntax)
    return u.normalize(scheme_based).text


def relativize(target: Union[str, URI], base: Union[str, URI]) -> str:
    """The shortest reference that resolves against ``base`` to ``target``
    (the inverse of :func:`resolve`).

    >>> uriscan.relativize("http://a/b/c/g", "http://a/b/c/d")
    'g'
    """
    t = target if isinstance(target, URI) else parse(target)
    return t.relativize(base).text


def to_uri(iri: Union[str, URI], idna: bool = False) -> str:
    """Maps an IRI reference to a URI reference (RFC 3987 §3.1): non-ASCII
    characters percent-encoded as UTF-8; ``idna=True`` maps a non-ASCII host
    with IDNA ToASCII instead. Raises :class:`ParseError` for an invalid IRI.

    >>> uriscan.to_uri("http://résumé.example.org/é")
    'http://r%C3%A9sum%C3%A9.example.org/%C3%A9'
    """
    u = iri if isinstance(iri, URI) else parse(iri, "rfc3987")
    return u.to_uri(idna).text


def to_iri(uri: Union[str, URI]) -> str:
    """Maps a URI reference to an IRI reference (RFC 3987 §3.2): UTF-8
    percent-encodings decoded where that is safe.

    >>> uriscan.to_iri("http://www.example.org/D%C3%BCrst")
    'http://www.example.org/Dürst'
    """
    u = uri if isinstance(uri, URI) else parse(uri)
    return u.to_iri().text


class DomainParts(NamedTuple):
    """A host split by the Public Suffix List (:func:`domain_parts`)."""

    subdomain: str
    domain: str
    suffix: str
    registrable_domain: Optional[str]
    section: Optional[str]
    is_ip: bool


def domain_parts(host: str, private: bool = False, implicit_wildcard: bool = False) -> DomainParts:
    """Splits a host (not a URL) into subdomain, domain and public suffix
    (``tldextract``'s triple), with the registrable domain, the list section
    of the matching rule (``"icann"``, ``"private"`` or ``None``) and whether
    the host is an IP address. ``private=True`` counts the list's private
    section; ``implicit_wildcard=True`` makes an unknown last label a suffix.

    >>> uriscan.domain_parts("forums.news.cnn.co.uk")
    DomainParts(subdomain='forums.news', domain='cnn', suffix='co.uk', registrable_domain='cnn.co.uk', section='icann', is_ip=False)
    """
    return DomainParts(*_uriscan.domain_parts(host, private, implicit_wildcard))


def tracking_params() -> tuple:
    """The parameter names and name prefixes :func:`strip_tracking` removes,
    as ``(names, prefixes)``."""
    return _uriscan.tracking_params()
