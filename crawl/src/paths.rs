//! Path, authority and port functions of ClickHouse (`path`, `pathFull`,
//! `netloc`, `port`, `queryStringAndFragment`) and the path's segments and
//! file extension, on RFC 3986 Appendix B's split ([`uriscan::split`]): any
//! string gets an answer, and every string answer is a slice of the input.
//!
//! ClickHouse reads a host without `//` (`example.com/x` has the path `/x`
//! there, and is one relative path here), stops `port` at a userinfo's `:`
//! or at an IPv6 literal (0 there), and gives `netloc` of `mailto:x@y` as
//! the whole string (nothing here); each such case is a row of
//! `tests/data/clickhouse_url_fns_differences.txt`.

use uriscan::PathSegments;

use std::borrow::Cow;

use crate::hosts::host_of;

/// Where `part` (a slice of `url`) starts in `url`.
fn start_in(url: &str, part: &str) -> usize {
    (part.as_ptr() as usize).wrapping_sub(url.as_ptr() as usize)
}

/// Byte offsets of the path's start and end in `url`.
fn path_range(url: &str) -> (usize, usize) {
    let c = uriscan::split(url);
    let end = match (c.query, c.fragment) {
        (Some(q), _) => start_in(url, q).saturating_sub(1),
        (None, Some(f)) => start_in(url, f).saturating_sub(1),
        (None, None) => url.len(),
    };
    (end.saturating_sub(c.path.len()), end)
}

/// The path of `url` (RFC 3986 Appendix B; ClickHouse's `path` for a URL
/// with `//`).
///
/// ```
/// use uriscan_crawl::paths::path;
/// assert_eq!(path("http://a.com/b/c?d#e"), "/b/c");
/// assert_eq!(path("http://a.com"), "");
/// ```
#[must_use]
pub fn path(url: &str) -> &str {
    let (a, b) = path_range(url);
    url.get(a..b).unwrap_or_default()
}

/// The path with the query and fragment that follow it (ClickHouse's
/// `pathFull`).
///
/// ```
/// use uriscan_crawl::paths::path_full;
/// assert_eq!(path_full("https://example.com/path/to/page.html?p=1#s"), "/path/to/page.html?p=1#s");
/// assert_eq!(path_full("http://a.com"), "");
/// assert_eq!(path_full("http://a.com?q"), "?q");
/// ```
#[must_use]
pub fn path_full(url: &str) -> &str {
    let (a, _) = path_range(url);
    url.get(a..).unwrap_or_default()
}

/// The raw segments of the path (after each `/`; see
/// [`uriscan::PathSegments`]).
///
/// ```
/// use uriscan_crawl::paths::path_segments;
/// assert_eq!(path_segments("http://h/a/%2F/b?x/y").collect::<Vec<_>>(), ["a", "%2F", "b"]);
/// ```
#[must_use]
pub fn path_segments(url: &str) -> PathSegments<'_> {
    PathSegments::new(path(url))
}

/// The file extension of the path's last segment: the text after the
/// segment's last `.`, when that dot is neither its first nor its last
/// byte (`.htaccess` and `a.` have none). Raw, not decoded.
///
/// ```
/// use uriscan_crawl::paths::file_extension;
/// assert_eq!(file_extension("http://h/a/b.tar.gz?x=1.2"), Some("gz"));
/// assert_eq!(file_extension("http://h/a.b/"), None);
/// assert_eq!(file_extension("http://h/.htaccess"), None);
/// assert_eq!(file_extension("report.PDF"), Some("PDF"));
/// ```
#[must_use]
pub fn file_extension(url: &str) -> Option<&str> {
    let p = path(url);
    let last = p.rsplit('/').next().unwrap_or_default();
    match last.rfind('.') {
        Some(i) if i > 0 && i + 1 < last.len() => last.get(i + 1..),
        _ => None,
    }
}

/// The authority of `url` (userinfo, host and port; ClickHouse's `netloc`);
/// `None` without `//`.
///
/// ```
/// use uriscan_crawl::paths::netloc;
/// assert_eq!(netloc("http://u:p@a.com:80/x"), Some("u:p@a.com:80"));
/// assert_eq!(netloc("mailto:x@y"), None);
/// ```
#[must_use]
pub fn netloc(url: &str) -> Option<&str> {
    uriscan::split(url).authority
}

/// The raw port of `url`: the authority after the host and its `:`; `None`
/// without one (`Some("")` for `http://h:/`).
fn port_str(url: &str) -> Option<&str> {
    let authority = uriscan::split(url).authority?;
    let host = host_of(url)?;
    let end = start_in(url, host) + host.len() - start_in(url, authority);
    authority.get(end..)?.strip_prefix(':')
}

/// The explicit port of `url` as a number (ClickHouse's `port`, which gives
/// 0 where this gives `None`: no port, an empty port, one that is not a
/// number below 65536).
///
/// ```
/// use uriscan_crawl::paths::port;
/// assert_eq!(port("https://a.com:8443/"), Some(8443));
/// assert_eq!(port("http://u:p@[::1]:81/"), Some(81));
/// assert_eq!(port("http://a.com/"), None);
/// assert_eq!(port("http://a.com:65536/"), None);
/// ```
#[must_use]
pub fn port(url: &str) -> Option<u16> {
    let p = port_str(url)?;
    if p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    p.parse().ok()
}

/// The explicit port of `url`, or else its scheme's default port
/// ([`uriscan::scheme::default_port`]).
///
/// ```
/// use uriscan_crawl::paths::port_or_default;
/// assert_eq!(port_or_default("https://a.com/"), Some(443));
/// assert_eq!(port_or_default("HTTP://a.com:8080/"), Some(8080));
/// assert_eq!(port_or_default("foo://a.com/"), None);
/// ```
#[must_use]
pub fn port_or_default(url: &str) -> Option<u16> {
    port(url).or_else(|| uriscan::split(url).scheme.and_then(uriscan::scheme::default_port))
}

/// The query and the fragment, with the `#` between them, without the `?`
/// (ClickHouse's `queryStringAndFragment`); `None` when there is neither.
///
/// ```
/// use uriscan_crawl::paths::query_string_and_fragment;
/// assert_eq!(query_string_and_fragment("http://a/b?c=1#d"), Some("c=1#d"));
/// assert_eq!(query_string_and_fragment("http://a/b#d"), Some("#d"));
/// assert_eq!(query_string_and_fragment("http://a/b?"), Some(""));
/// assert_eq!(query_string_and_fragment("http://a/b"), None);
/// ```
#[must_use]
pub fn query_string_and_fragment(url: &str) -> Option<&str> {
    let (_, end) = path_range(url);
    match url.get(end..)? {
        "" => None,
        rest => Some(rest.strip_prefix('?').unwrap_or(rest)),
    }
}

/// The raw port of `url` (see [`port`]): `None` without one, `Some("")` for
/// `http://h:/`.
pub(crate) fn port_raw(url: &str) -> Option<&str> {
    port_str(url)
}

/// The scheme of `url` (ClickHouse's `protocol`), as written.
///
/// ```
/// use uriscan_crawl::paths::protocol;
/// assert_eq!(protocol("https://clickhouse.com/"), Some("https"));
/// assert_eq!(protocol("//h/p"), None);
/// ```
#[must_use]
pub fn protocol(url: &str) -> Option<&str> {
    uriscan::split(url).scheme
}

/// The query of `url` without its `?` (ClickHouse's `queryString`); `None`
/// without one, `Some("")` for an empty one.
///
/// ```
/// use uriscan_crawl::paths::query_string;
/// assert_eq!(query_string("http://a/b?c=1&d#e?f"), Some("c=1&d"));
/// assert_eq!(query_string("http://a/b#e?f"), None);
/// ```
#[must_use]
pub fn query_string(url: &str) -> Option<&str> {
    uriscan::split(url).query
}

/// The fragment of `url` without its `#` (ClickHouse's `fragment`).
///
/// ```
/// use uriscan_crawl::paths::fragment;
/// assert_eq!(fragment("http://a/b?c#d?e"), Some("d?e"));
/// ```
#[must_use]
pub fn fragment(url: &str) -> Option<&str> {
    uriscan::split(url).fragment
}

/// The start of the query's `?` and of the fragment's `#` (each `len` when absent).
fn query_fragment(url: &str) -> (usize, usize) {
    let c = uriscan::split(url);
    let hash = c.fragment.map_or(url.len(), |f| start_in(url, f) - 1);
    let question = c.query.map_or(hash, |q| start_in(url, q) - 1);
    (question, hash)
}

/// `url` without its fragment and the `#` (ClickHouse's `cutFragment`).
///
/// ```
/// use uriscan_crawl::paths::cut_fragment;
/// assert_eq!(cut_fragment("http://example.com/path?query=value#fragment123"), "http://example.com/path?query=value");
/// assert_eq!(cut_fragment("http://example.com#fragment"), "http://example.com");
/// ```
#[must_use]
pub fn cut_fragment(url: &str) -> &str {
    let (_, hash) = query_fragment(url);
    url.get(..hash).unwrap_or(url)
}

/// `url` without its query and the `?`, the fragment kept (ClickHouse's
/// `cutQueryString`); borrowed when there is no query or nothing after it.
///
/// The query starts at the first `?` before any `#`: a `?` inside the
/// fragment is part of the fragment, as RFC 3986 reads it (ClickHouse cuts
/// `http://a.com/#a?b` to `http://a.com/#a`).
///
/// ```
/// use uriscan_crawl::paths::cut_query_string;
/// assert_eq!(cut_query_string("http://example.com/path?query=value&param=123#fragment"), "http://example.com/path#fragment");
/// assert_eq!(cut_query_string("http://example.com/#a?b"), "http://example.com/#a?b");
/// ```
#[must_use]
pub fn cut_query_string(url: &str) -> Cow<'_, str> {
    let (question, hash) = query_fragment(url);
    match (url.get(..question), url.get(hash..)) {
        (Some(before), Some("")) => Cow::Borrowed(before),
        (Some(before), Some(fragment)) if question < hash => Cow::Owned([before, fragment].concat()),
        _ => Cow::Borrowed(url),
    }
}

/// `url` without its query and fragment, `?` and `#` included (ClickHouse's
/// `cutQueryStringAndFragment`). Cut at the first `?` or `#`, whichever
/// comes first (ClickHouse cuts `http://a.com/#a?b` to `http://a.com/#a`).
///
/// ```
/// use uriscan_crawl::paths::cut_query_string_and_fragment;
/// assert_eq!(cut_query_string_and_fragment("http://example.com/path?query=value&param=123#fragment"), "http://example.com/path");
/// ```
#[must_use]
pub fn cut_query_string_and_fragment(url: &str) -> &str {
    let (question, _) = query_fragment(url);
    url.get(..question).unwrap_or(url)
}
