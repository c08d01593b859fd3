"""uriscan against the PyPI packages Python users know, where the RFC and
they agree (their known differences are listed and left out)."""

from __future__ import annotations

import ipaddress
import re
import urllib.parse

import pytest
import rfc3986
import surt as surt_pkg
import tldextract

import uriscan
from conftest import corpus, table

VALID = [t for t in corpus() if uriscan.is_valid(t)]
EXTRACT = tldextract.TLDExtract(suffix_list_urls=())  # its bundled snapshot, never the network


def test_corpus_has_both():
    assert len(VALID) > 100 and len(corpus()) - len(VALID) >= 5


def _dotted_number(host):
    return host is not None and re.fullmatch(r"[0-9.]+", host) is not None


@pytest.mark.parametrize("text", corpus())
def test_rfc3986_components_and_validity(text):
    r = rfc3986.uri_reference(text)
    if not uriscan.is_valid(text):
        return  # rfc3986's is_valid() does not check characters (it accepts "a b", "%zz")
    u = uriscan.parse(text)
    # rfc3986 cannot tell an empty authority ("file:///etc") from none.
    assert (r.scheme, r.authority or None, r.path or "", r.query, r.fragment) == (
        u.scheme, u.authority or None, u.path, u.query, u.fragment,
    )
    if not _dotted_number(u.host) or u.host_kind == "ipv4":
        # rfc3986 rejects 1.2.3.256 as an IPv4 address; RFC 3986 §3.2.2 makes it a reg-name.
        assert r.is_valid()


@pytest.mark.parametrize("row", table("resolve.txt")[1:], ids=lambda r: r[0])
def test_rfc3986_resolution(row):
    reference, strict, non_strict = row
    base = rfc3986.uri_reference("http://a/b/c/d;p?q")
    assert rfc3986.uri_reference(reference).resolve_with(base, strict=True).unsplit() == strict
    assert uriscan.resolve(reference, "http://a/b/c/d;p?q") == strict


@pytest.mark.parametrize("text", VALID)
def test_urlsplit(text):
    # urllib.parse lowercases the scheme and cannot tell empty from undefined.
    s = urllib.parse.urlsplit(text)
    u = uriscan.parse(text)
    assert (s.scheme, s.netloc, s.path, s.query, s.fragment) == (
        (u.scheme or "").lower(), u.authority or "", u.path, u.query or "", u.fragment or "",
    )
    if u.host_kind in ("reg-name", "ipv4") and u.port_text != "" and u.userinfo is None:
        if u.port is not None or u.port_text is None:
            assert s.port == u.port
        assert (s.hostname or None) == (u.host.lower() if u.host else None)


@pytest.mark.parametrize("row", table("resolve.txt")[1:], ids=lambda r: r[0])
def test_urljoin(row):
    reference, _, non_strict = row
    # urljoin is the non-strict reading of §5.2.2 ("http:g" is "g"); the
    # RFC's abnormal examples with dot segments above the root differ.
    joined = urllib.parse.urljoin("http://a/b/c/d;p?q", reference)
    if "/.." in reference or reference.endswith(("/.", "..")) or reference.startswith("/."):
        return
    assert joined == non_strict


@pytest.mark.parametrize("text", [t for t in VALID if uriscan.parse(t).host])
def test_tldextract(text):
    u = uriscan.parse(text)
    host = u.host
    if host.startswith("["):
        return
    x = EXTRACT(text)
    expected = getattr(x, "top_domain_under_public_suffix", None)
    if expected is None:
        expected = x.registered_domain
    try:
        ipaddress.ip_address(host)
        expected = ""  # an IP address has no registrable domain
    except ValueError:
        pass
    got = uriscan.registrable_domain(text)
    # tldextract lowercases the host, and splits a non-ASCII host it was
    # given punycoded or not the same way.
    assert (got or "").lower() == (expected or "").lower()
    if got:
        p = uriscan.domain_parts(host)
        assert (p.subdomain, p.domain, p.suffix) == (x.subdomain, x.domain, x.suffix)


@pytest.mark.parametrize("text", corpus())
def test_surt(text):
    try:
        expected = surt_pkg.surt(text)
    except ValueError:
        return  # surt raises on a port above 65535; uriscan gives a key
    assert uriscan.surt(text) == expected
    for opts in ({"with_scheme": True}, {"host_massage": False, "trailing_comma": True}, {"reverse_ipaddr": False}):
        try:
            expected = surt_pkg.surt(text, **opts)
        except ValueError:
            continue
        assert uriscan.surt(text, **opts) == expected
