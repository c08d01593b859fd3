//! The URL functions of ClickHouse that uriscan has no one call for:
//! `cutWWW`, `domainWithoutWWW`, `URLHierarchy`, `URLPathHierarchy`,
//! `cutQueryString`, `cutFragment` and `cutQueryStringAndFragment`.
//!
//! Each works on any string, never panics, and returns slices of its input
//! (or a [`Cow`] borrowed when nothing is cut). The URL is split as RFC 3986
//! Appendix B splits it: the scheme is what comes before the first `:` that
//! precedes any `/`, `?`, `#`; the authority follows `//`; the query starts
//! at the first `?` before any `#`; the fragment at the first `#`. The host
//! is the authority after its last `@`, up to a `:` (a bracketed IP literal
//! keeps its brackets and its colons).
//!
//! Where ClickHouse's own parsing differs (it does not follow RFC 3986), the
//! difference is listed on the function. `tests/url_functions.rs` checks every
//! function on ClickHouse's documented examples and on outputs of ClickHouse
//! itself (`tests/data/clickhouse_url.txt`, 343 rows from ClickHouse 26.9;
//! the deliberate differences are `tests/data/clickhouse_url_differences.txt`).

use std::borrow::Cow;

/// The end of the part of `s` before the first byte `stop` accepts.
fn until(s: &[u8], stop: impl Fn(u8) -> bool) -> usize {
    s.iter().position(|&b| stop(b)).unwrap_or(s.len())
}

/// Where `part`, a component [`uriscan::split`] gave for `url` (so a slice
/// of it), starts in `url`.
fn start_in(url: &str, part: &str) -> usize {
    (part.as_ptr() as usize).wrapping_sub(url.as_ptr() as usize)
}

/// Byte range of the authority (after `//`), when there is one: RFC 3986
/// Appendix B's split, as ClickHouse reads a URL.
fn authority_range(url: &str) -> Option<(usize, usize)> {
    let authority = uriscan::split(url).authority?;
    let start = start_in(url, authority);
    Some((start, start + authority.len()))
}

/// Byte range of the host: the authority after its last `@`, before the port.
fn host_range(url: &str) -> Option<(usize, usize)> {
    let (a, b) = authority_range(url)?;
    let url = url.as_bytes();
    let authority = &url[a..b];
    let start = a + authority.iter().rposition(|&c| c == b'@').map_or(0, |i| i + 1);
    let host = &url[start..b];
    let len = if host.starts_with(b"[") {
        host.iter().position(|&c| c == b']').map_or(host.len(), |i| i + 1)
    } else {
        until(host, |c| c == b':')
    };
    Some((start, start + len))
}

/// The host of `url` without one leading `www.` (ClickHouse's
/// `domainWithoutWWW`); `None` when the URL has no host (ClickHouse: an
/// empty string).
///
/// `www.` is matched as these four lower-case bytes, and only when more of
/// the host follows, as in ClickHouse. Unlike ClickHouse, which reads its own
/// URL grammar, the host is the RFC 3986 one: a URL needs its `//` to have a
/// host (ClickHouse also reads `example.com/x`), a host without a dot or
/// ending with one counts (`localhost`, `www.`), a bracketed IPv6 address is
/// returned with its brackets, characters ClickHouse refuses in a host (`%`,
/// `~`, `;`, `=`, `&`, …) are returned as they are, and the host starts
/// after the authority's last `@` (ClickHouse gives nothing for
/// `http://u:p@www.a.com/`). Every difference is a row of
/// `tests/data/clickhouse_url_differences.txt`.
///
/// ```
/// use uriscan_crawl::url_functions::domain_without_www;
/// assert_eq!(domain_without_www("https://www.example.com/path"), Some("example.com"));
/// assert_eq!(domain_without_www("http://user@www.www.example.com:8080/"), Some("www.example.com"));
/// assert_eq!(domain_without_www("http://www./"), Some("www."));
/// assert_eq!(domain_without_www("mailto:a@www.example.com"), None);
/// ```
#[must_use]
pub fn domain_without_www(url: &str) -> Option<&str> {
    let (start, end) = host_range(url)?;
    let host = url.get(start..end)?;
    let host = match host.strip_prefix("www.") {
        Some(rest) if !rest.is_empty() => rest,
        _ => host,
    };
    (!host.is_empty()).then_some(host)
}

/// `url` without one leading `www.` in its host (ClickHouse's `cutWWW`);
/// borrowed when there is none.
///
/// As in ClickHouse, `www.` is matched as four lower-case bytes and is cut
/// only when something follows it in the URL. The host is found as RFC 3986
/// finds it (after the last `@` of the authority), where ClickHouse stops
/// looking at the first `:` (so it leaves `http://u:p@www.a.com/` as it
/// is, and this function cuts it).
///
/// ```
/// use uriscan_crawl::url_functions::cut_www;
/// assert_eq!(cut_www("http://www.example.com/path?query=value#fragment"), "http://example.com/path?query=value#fragment");
/// assert_eq!(cut_www("//www.example.com"), "//example.com");
/// assert_eq!(cut_www("http://example.com/www.x"), "http://example.com/www.x");
/// ```
#[must_use]
pub fn cut_www(url: &str) -> Cow<'_, str> {
    match host_range(url) {
        Some((start, _)) if url.as_bytes()[start..].starts_with(b"www.") && start + 4 < url.len() => {
            let mut cut = String::with_capacity(url.len() - 4);
            cut.push_str(&url[..start]);
            cut.push_str(&url[start + 4..]);
            Cow::Owned(cut)
        }
        _ => Cow::Borrowed(url),
    }
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
/// use uriscan_crawl::url_functions::cut_fragment;
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
/// use uriscan_crawl::url_functions::cut_query_string;
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
/// use uriscan_crawl::url_functions::cut_query_string_and_fragment;
/// assert_eq!(cut_query_string_and_fragment("http://example.com/path?query=value&param=123#fragment"), "http://example.com/path");
/// ```
#[must_use]
pub fn cut_query_string_and_fragment(url: &str) -> &str {
    let (question, _) = query_fragment(url);
    url.get(..question).unwrap_or(url)
}

/// The prefixes of a URL that [`url_hierarchy`] and [`url_path_hierarchy`]
/// return, shortest first.
///
/// ```
/// use uriscan_crawl::url_functions::url_hierarchy;
/// let mut levels = url_hierarchy("https://example.com/a/b");
/// assert_eq!(levels.next(), Some("https://example.com/"));
/// assert_eq!(levels.collect::<Vec<_>>(), ["https://example.com/a/", "https://example.com/a/b"]);
/// ```
#[derive(Clone, Debug)]
pub struct UrlHierarchy<'a> {
    url: &'a str,
    /// Where each element starts: 0, or the path for [`url_path_hierarchy`].
    start: usize,
    /// Where the next element's search starts; `None` before the first.
    pos: Option<usize>,
    /// [`url_path_hierarchy`]: no first element with the scheme and host.
    path_only: bool,
}

const fn is_separator(b: u8) -> bool {
    matches!(b, b'/' | b'?' | b'#')
}

/// `scheme://` and at least one byte after it: where the host ends (at the
/// first separator after `//`, or the end) and where the first level ends
/// (after that separator).
fn first_level(url: &str) -> Option<(usize, usize)> {
    let n = uriscan::split(url).scheme?.len();
    let url = url.as_bytes();
    let scheme_ok = url[0].is_ascii_alphabetic()
        && url[..n].iter().all(|&b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'));
    if !scheme_ok || !url[n..].starts_with(b"://") || url.len() <= n + 3 {
        return None;
    }
    let host_end = n + 3 + until(&url[n + 3..], is_separator);
    Some((host_end, if host_end < url.len() { host_end + 1 } else { host_end }))
}

impl<'a> Iterator for UrlHierarchy<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let url = self.url.as_bytes();
        let pos = match self.pos {
            Some(pos) => pos,
            None => match first_level(self.url) {
                None => {
                    // Not `scheme://…`: the URL alone, or nothing for the path hierarchy.
                    self.pos = Some(url.len());
                    return (!self.path_only && !url.is_empty()).then_some(self.url);
                }
                Some((host_end, end)) => {
                    self.pos = Some(end);
                    if !self.path_only {
                        return self.url.get(..end);
                    }
                    // Path elements start at the separator after the host.
                    self.start = host_end;
                    end
                }
            },
        };
        // Skip separators, then take one segment and the separator after it.
        let from = pos + until(&url[pos..], |b| !is_separator(b));
        if from >= url.len() {
            self.pos = Some(url.len());
            return None;
        }
        let mut end = from + until(&url[from..], is_separator);
        if end < url.len() {
            end += 1;
        }
        self.pos = Some(end);
        self.url.get(self.start..end)
    }
}

/// The URL cut after each `/`, `?` or `#` of its path, query and fragment
/// (ClickHouse's `URLHierarchy`): first `scheme://host/`, then each longer
/// prefix; a run of separators counts as one. A URL that is not
/// `scheme://…` gives itself alone; an empty string gives nothing.
///
/// As in ClickHouse, the separator ending an element is part of it
/// (`…/a/b?`), and the host is everything between `//` and the first `/`,
/// `?` or `#`. ClickHouse takes only lower-case ASCII letters and digits as
/// a scheme, so `HTTP://x/y` or `svn+ssh://x/y` give the URL alone there;
/// here any RFC 3986 scheme counts (a letter, then letters, digits, `+`,
/// `-`, `.`), so `9://x/y` gives the URL alone here.
///
/// ```
/// use uriscan_crawl::url_functions::url_hierarchy;
/// assert_eq!(
///     url_hierarchy("https://example.com/browse/CONV-6788").collect::<Vec<_>>(),
///     ["https://example.com/", "https://example.com/browse/", "https://example.com/browse/CONV-6788"]
/// );
/// assert_eq!(
///     url_hierarchy("https://example.com/a/b?c=1").collect::<Vec<_>>(),
///     ["https://example.com/", "https://example.com/a/", "https://example.com/a/b?", "https://example.com/a/b?c=1"]
/// );
/// assert_eq!(url_hierarchy("mailto:a@b.c").collect::<Vec<_>>(), ["mailto:a@b.c"]);
/// ```
#[must_use]
pub fn url_hierarchy(url: &str) -> UrlHierarchy<'_> {
    UrlHierarchy { url, start: 0, pos: None, path_only: false }
}

/// [`url_hierarchy`] without the scheme and host, and without the root `/`
/// (ClickHouse's `URLPathHierarchy`): each element starts at the path. A URL
/// that is not `scheme://…` gives nothing.
///
/// ```
/// use uriscan_crawl::url_functions::url_path_hierarchy;
/// assert_eq!(url_path_hierarchy("https://example.com/browse/CONV-6788").collect::<Vec<_>>(), ["/browse/", "/browse/CONV-6788"]);
/// assert_eq!(url_path_hierarchy("https://example.com/").count(), 0);
/// ```
#[must_use]
pub fn url_path_hierarchy(url: &str) -> UrlHierarchy<'_> {
    UrlHierarchy { url, start: 0, pos: None, path_only: true }
}

/// The host of `url` as [`domain_without_www`] finds it (after the
/// authority's last `@`, before the port), `www.` kept; `None` without an
/// authority. For the other host functions of the crate.
pub(crate) fn host_of(url: &str) -> Option<&str> {
    let (start, end) = host_range(url)?;
    url.get(start..end)
}
