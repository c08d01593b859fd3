//! Scheme, path, authority, port, query and fragment functions of
//! ClickHouse (`protocol`, `path`, `pathFull`, `netloc`, `port`, `portRFC`,
//! `queryString`, `fragment`, `queryStringAndFragment`, `cutQueryString`,
//! `cutFragment`, `cutQueryStringAndFragment`), and the path's segments, its
//! file extension and the port with the scheme's default (on RFC 3986's
//! reading).
//!
//! The ClickHouse functions answer as ClickHouse 26.9 does on every row of
//! `tests/data/clickhouse_*.txt`, quirks included: ClickHouse does not split
//! the URL once; each function searches for its own delimiters. The query
//! starts at the first `?` of the whole string, even inside the fragment
//! (quirk `query-first-question-mark`: `queryString` of `http://h/#a/b?c`
//! is `c`); the fragment at the first `#`; the path at the first `/` that
//! does not start a `//` (quirk `path-after-first-slash`: `a.com/x` has the
//! path `/x`, `http://a.com?x/y` the path `/y`). Every string answer is a
//! slice of the input; ClickHouse's "nothing" (an empty string, port 0) is
//! `None` where the type allows it.

use std::borrow::Cow;

use uriscan::PathSegments;

use crate::clickhouse_url as ch;

/// `url[r]` (never panics: the readers cut at ASCII bytes).
fn slice(url: &str, r: std::ops::Range<usize>) -> &str {
    url.get(r).unwrap_or_default()
}

/// The scheme as ClickHouse's `protocol` gives it: a letter, then letters,
/// digits, `+`, `-`, `.`, followed by `:` and at least three more bytes
/// (quirk `protocol-needs-4-bytes`: `a:bc` has none); `None` otherwise.
///
/// ```
/// use uriscan_crawl::paths::protocol;
/// assert_eq!(protocol("https://clickhouse.com/"), Some("https"));
/// assert_eq!(protocol("mailto:a@b"), Some("mailto"));
/// assert_eq!(protocol("//h/p"), None);
/// ```
#[must_use]
pub fn protocol(url: &str) -> Option<&str> {
    Some(slice(url, ch::protocol(url.as_bytes()))).filter(|s| !s.is_empty())
}

/// The path as ClickHouse's `path` gives it: from the first `/` that does
/// not start a `//` (after a `//`, the next `/`) to the first `?` or `#`
/// after it (quirk `path-after-first-slash`).
///
/// ```
/// use uriscan_crawl::paths::path;
/// assert_eq!(path("http://a.com/b/c?d#e"), "/b/c");
/// assert_eq!(path("a.com/b/c"), "/b/c");
/// assert_eq!(path("http://a.com"), "");
/// ```
#[must_use]
pub fn path(url: &str) -> &str {
    slice(url, path_bytes(url.as_bytes()))
}

/// The range of [`path`] in `url`.
///
/// ```
/// use uriscan_crawl::paths::path_bytes;
/// assert_eq!(path_bytes(b"http://a.com/b/c?d#e"), 12..16);
/// ```
#[must_use]
#[inline]
pub fn path_bytes(url: &[u8]) -> std::ops::Range<usize> {
    ch::path(url, false)
}

/// [`path`] with everything after it (ClickHouse's `pathFull`).
///
/// ```
/// use uriscan_crawl::paths::path_full;
/// assert_eq!(path_full("https://example.com/path/to/page.html?p=1#s"), "/path/to/page.html?p=1#s");
/// assert_eq!(path_full("http://a.com"), "");
/// assert_eq!(path_full("http://a.com?q"), "");
/// ```
#[must_use]
pub fn path_full(url: &str) -> &str {
    slice(url, path_full_bytes(url.as_bytes()))
}

/// The range of [`path_full`] in `url`.
///
/// ```
/// use uriscan_crawl::paths::path_full_bytes;
/// assert_eq!(path_full_bytes(b"http://a.com/b/c?d#e"), 12..20);
/// ```
#[must_use]
#[inline]
pub fn path_full_bytes(url: &[u8]) -> std::ops::Range<usize> {
    ch::path(url, true)
}

/// ClickHouse's `netloc`: from after `//` or `scheme://` (as [`domain`]
/// finds it; quirk `scheme-16-bytes`) to the first `#`, to the first `/` or
/// `?` after a `@`, else to the last `/` or `?` (quirk `netloc-last-slash`:
/// `example.com/path/to` for `https://example.com/path/to/page.html`), or
/// to the first of `;`, `=`, `&`, `~`, `%` before any `@` (quirk
/// `netloc-sub-delimiter`); a space or one of `` <>{}|\\^[] `` ends it too.
/// `None` where ClickHouse gives an empty string.
///
/// [`domain`]: crate::hosts::domain
///
/// ```
/// use uriscan_crawl::paths::netloc;
/// assert_eq!(netloc("http://u:p@a.com:80/x"), Some("u:p@a.com:80"));
/// assert_eq!(netloc("https://example.com/path/to/page.html?param=value"), Some("example.com/path/to"));
/// assert_eq!(netloc("mailto:x@y"), Some("mailto:x@y"));
/// ```
#[must_use]
pub fn netloc(url: &str) -> Option<&str> {
    Some(slice(url, netloc_bytes(url.as_bytes())?))
}

/// The range of [`netloc`] in `url` (`None` when empty).
///
/// ```
/// use uriscan_crawl::paths::netloc_bytes;
/// assert_eq!(netloc_bytes(b"http://u:p@a.com:80/x"), Some(7..19));
/// ```
#[must_use]
pub fn netloc_bytes(url: &[u8]) -> Option<std::ops::Range<usize>> {
    Some(ch::netloc(url)).filter(|r| !r.is_empty())
}

/// The port of `url` as ClickHouse's `port` reads it: the digits after the
/// `:` that ends [`domain`]'s host, up to `/`, `?`, `#` or the end, below
/// 65536; `None` (ClickHouse: the default port, 0 without one) for no such
/// port, an empty one, a host [`domain`] does not find (quirk
/// `port-needs-host`: `http://localhost:8080/` has none) or a userinfo
/// with a `:` (quirk `host-userinfo-colon`).
///
/// [`domain`]: crate::hosts::domain
///
/// ```
/// use uriscan_crawl::paths::port;
/// assert_eq!(port("https://a.com:8443/"), Some(8443));
/// assert_eq!(port("http://localhost:8080/"), None);
/// assert_eq!(port("http://a.com:65536/"), None);
/// ```
#[must_use]
pub fn port(url: &str) -> Option<u16> {
    crate::hosts::ch_port(url.as_bytes(), false)
}

/// [`port`] of the bytes `url`.
///
/// ```
/// use uriscan_crawl::paths::port_bytes;
/// assert_eq!(port_bytes(b"https://a.com:8443/"), Some(8443));
/// ```
#[must_use]
pub fn port_bytes(url: &[u8]) -> Option<u16> {
    crate::hosts::ch_port(url, false)
}

/// The port of `url` as ClickHouse's `portRFC` reads it: after the host of
/// [`domain_rfc`] (the userinfo skipped; after an IPv6 literal's `]`).
///
/// [`domain_rfc`]: crate::hosts::domain_rfc
///
/// ```
/// use uriscan_crawl::paths::port_rfc;
/// assert_eq!(port_rfc("http://u:p@a.com:81/"), Some(81));
/// assert_eq!(port_rfc("http://[::1]:81/"), Some(81));
/// assert_eq!(port_rfc("http://localhost:81/"), None);
/// ```
#[must_use]
pub fn port_rfc(url: &str) -> Option<u16> {
    crate::hosts::ch_port(url.as_bytes(), true)
}

/// The query of `url` without its `?` (ClickHouse's `queryString`): after
/// the first `?`, up to the first `#` after it (quirk
/// `query-first-question-mark`); `None` without a `?`.
///
/// ```
/// use uriscan_crawl::paths::query_string;
/// assert_eq!(query_string("http://a/b?c=1&d#e?f"), Some("c=1&d"));
/// assert_eq!(query_string("http://h/#a/b?c"), Some("c"));
/// assert_eq!(query_string("http://a/b#e"), None);
/// ```
#[must_use]
pub fn query_string(url: &str) -> Option<&str> {
    let u = url.as_bytes();
    let (question, _) = ch::question_and_hash(u);
    if question == u.len() {
        return None;
    }
    Some(slice(url, question + 1..ch::find_byte(u, question, b'#')))
}

/// The fragment of `url` without its `#` (ClickHouse's `fragment`): after
/// the first `#`.
///
/// ```
/// use uriscan_crawl::paths::fragment;
/// assert_eq!(fragment("http://a/b?c#d?e"), Some("d?e"));
/// ```
#[must_use]
pub fn fragment(url: &str) -> Option<&str> {
    let (_, hash) = ch::question_and_hash(url.as_bytes());
    url.get(hash + 1..)
}

/// ClickHouse's `queryStringAndFragment`: after the first `?` to the end;
/// without a `?`, from the first `#` (kept) to the end; `None` without
/// either.
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
    url.get(query_string_and_fragment_bytes(url.as_bytes())?)
}

/// The range of [`query_string_and_fragment`] in `url`: one search for the
/// first `?` or `#`, and after a `#` one for a `?` (the first `?` wins).
///
/// ```
/// use uriscan_crawl::paths::query_string_and_fragment_bytes;
/// assert_eq!(query_string_and_fragment_bytes(b"http://a/#d?e"), Some(12..13));
/// assert_eq!(query_string_and_fragment_bytes(b"http://a/b#d"), Some(10..12));
/// assert_eq!(query_string_and_fragment_bytes(b"http://a/b"), None);
/// ```
#[must_use]
pub fn query_string_and_fragment_bytes(u: &[u8]) -> Option<std::ops::Range<usize>> {
    let first = ch::find_byte2(u, 0, b'?', b'#');
    match u.get(first)? {
        b'?' => Some(first + 1..u.len()),
        _ => match ch::find_byte(u, first, b'?') {
            question if question < u.len() => Some(question + 1..u.len()),
            _ => Some(first..u.len()),
        },
    }
}

/// `url` without its fragment and the `#` (ClickHouse's `cutFragment`):
/// cut at the first `#`.
///
/// ```
/// use uriscan_crawl::paths::cut_fragment;
/// assert_eq!(cut_fragment("http://example.com/path?query=value#fragment123"), "http://example.com/path?query=value");
/// assert_eq!(cut_fragment("http://example.com#fragment"), "http://example.com");
/// ```
#[must_use]
pub fn cut_fragment(url: &str) -> &str {
    slice(url, cut_fragment_bytes(url.as_bytes()))
}

/// The range of [`cut_fragment`] in `url`: up to the first `#`.
///
/// ```
/// use uriscan_crawl::paths::cut_fragment_bytes;
/// assert_eq!(cut_fragment_bytes(b"http://a/b#c?d"), 0..10);
/// ```
#[must_use]
pub fn cut_fragment_bytes(url: &[u8]) -> std::ops::Range<usize> {
    0..ch::find_byte(url, 0, b'#')
}

/// `url` without its query and the `?`, the fragment kept (ClickHouse's
/// `cutQueryString`): the first `?` and what follows it up to the next `#`
/// are cut (quirk `query-first-question-mark`: `http://a.com/#a?b#c` gives
/// `http://a.com/#a#c`). Borrowed when there is nothing after the query.
///
/// ```
/// use uriscan_crawl::paths::cut_query_string;
/// assert_eq!(cut_query_string("http://example.com/path?query=value&param=123#fragment"), "http://example.com/path#fragment");
/// assert_eq!(cut_query_string("http://example.com/#a?b"), "http://example.com/#a");
/// ```
#[must_use]
pub fn cut_query_string(url: &str) -> Cow<'_, str> {
    let cut = cut_query_string_range(url);
    match (url.get(..cut.start), url.get(cut.end..)) {
        (Some(before), Some("")) => Cow::Borrowed(before),
        (Some(before), Some(after)) if !cut.is_empty() => Cow::Owned([before, after].concat()),
        _ => Cow::Borrowed(url),
    }
}

/// The bytes [`cut_query_string`] removes from `url`: from the first `?`
/// up to the next `#` or the end (empty, at the end, without a `?`). (A
/// column kernel joins the two sides itself.)
///
/// ```
/// use uriscan_crawl::paths::cut_query_string_range;
/// assert_eq!(cut_query_string_range("http://a.com/p?q=1#f"), 14..18);
/// assert_eq!(cut_query_string_range("http://a.com/p"), 14..14);
/// ```
#[must_use]
pub fn cut_query_string_range(url: &str) -> std::ops::Range<usize> {
    cut_query_string_range_bytes(url.as_bytes())
}

/// [`cut_query_string_range`] of the bytes `u`.
///
/// ```
/// use uriscan_crawl::paths::cut_query_string_range_bytes;
/// assert_eq!(cut_query_string_range_bytes(b"http://a.com/p?q=1#f"), 14..18);
/// ```
#[must_use]
pub fn cut_query_string_range_bytes(u: &[u8]) -> std::ops::Range<usize> {
    let question = ch::find_byte(u, 0, b'?');
    question..ch::find_byte(u, question, b'#')
}

/// `url` without its query and fragment (ClickHouse's
/// `cutQueryStringAndFragment`): cut at the first `?`, or without one at
/// the first `#` (quirk `query-first-question-mark`: `http://a.com/#a?b`
/// gives `http://a.com/#a`).
///
/// ```
/// use uriscan_crawl::paths::cut_query_string_and_fragment;
/// assert_eq!(cut_query_string_and_fragment("http://example.com/path?query=value&param=123#fragment"), "http://example.com/path");
/// assert_eq!(cut_query_string_and_fragment("http://a.com/#a?b"), "http://a.com/#a");
/// ```
#[must_use]
pub fn cut_query_string_and_fragment(url: &str) -> &str {
    let (question, hash) = ch::question_and_hash(url.as_bytes());
    slice(url, 0..if question < url.len() { question } else { hash })
}

/// RFC 3986 Appendix B's path of `url` ([`uriscan::split`]).
fn rfc3986_path(url: &str) -> &str {
    uriscan::split(url).path
}

/// The raw segments of RFC 3986's path (after each `/`; see
/// [`uriscan::PathSegments`]).
///
/// ```
/// use uriscan_crawl::paths::path_segments;
/// assert_eq!(path_segments("http://h/a/%2F/b?x/y").collect::<Vec<_>>(), ["a", "%2F", "b"]);
/// ```
#[must_use]
pub fn path_segments(url: &str) -> PathSegments<'_> {
    PathSegments::new(rfc3986_path(url))
}

/// The file extension of the last segment of RFC 3986's path: the text
/// after the segment's last `.`, when that dot is neither its first nor its
/// last byte (`.htaccess` and `a.` have none). Raw, not decoded.
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
    let p = rfc3986_path(url);
    let last = p.rsplit('/').next().unwrap_or_default();
    match last.rfind('.') {
        Some(i) if i > 0 && i + 1 < last.len() => last.get(i + 1..),
        _ => None,
    }
}

/// The raw port of `url` as RFC 3986 reads it: the authority after the
/// host and its `:`; `None` without one (`Some("")` for `http://h:/`).
pub(crate) fn port_raw(url: &str) -> Option<&str> {
    let authority = uriscan::split(url).authority?;
    let host = crate::hosts::host_of(url)?;
    let host_end = (host.as_ptr() as usize - authority.as_ptr() as usize) + host.len();
    authority.get(host_end..)?.strip_prefix(':')
}

/// The explicit port of `url` as RFC 3986 reads it (after the authority's
/// host, also after a userinfo with `:` or an IP literal), or else its
/// scheme's default port ([`uriscan::scheme::default_port`]).
///
/// ```
/// use uriscan_crawl::paths::port_or_default;
/// assert_eq!(port_or_default("https://a.com/"), Some(443));
/// assert_eq!(port_or_default("HTTP://localhost:8080/"), Some(8080));
/// assert_eq!(port_or_default("http://u:p@[::1]:81/"), Some(81));
/// assert_eq!(port_or_default("foo://a.com/"), None);
/// ```
#[must_use]
pub fn port_or_default(url: &str) -> Option<u16> {
    let explicit = port_raw(url).filter(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
    explicit.and_then(|p| p.parse().ok()).or_else(|| uriscan::split(url).scheme.and_then(uriscan::scheme::default_port))
}
