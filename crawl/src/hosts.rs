//! Host functions of ClickHouse (`topLevelDomain`, `firstSignificantSubdomain`,
//! `cutToFirstSignificantSubdomain` and their `WithWWW` and `Custom`
//! variants) and of the Common Crawl index (the host's labels from the
//! right, the reversed host), plus the domain depth.
//!
//! The URL functions read the host as RFC 3986 does (after the authority's
//! last `@`, before the port; a URL needs its `//`), as
//! [`domain_without_www`] does, and
//! then apply ClickHouse's rules to it. Where ClickHouse's own host grammar
//! gives another answer (it wants a dot in the host, refuses a trailing dot,
//! `_`, `%` and IP literals, and reads hosts without `//`), the case is a row
//! of `tests/data/clickhouse_url_fns_differences.txt`.
//!
//! The functions that take a host (`host_*`) work on any string.

use std::borrow::Cow;

use crate::domain::{public_suffix, DomainOptions};

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

/// The host of `url` as [`domain_without_www`] finds it (after the
/// authority's last `@`, before the port), `www.` kept; `None` without an
/// authority. For the other host functions of the crate.
pub(crate) fn host_of(url: &str) -> Option<&str> {
    let (start, end) = host_range(url)?;
    url.get(start..end)
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
/// use uriscan_crawl::hosts::domain_without_www;
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
/// use uriscan_crawl::hosts::cut_www;
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

/// `host` without one trailing dot.
fn without_trailing_dot(host: &str) -> &str {
    host.strip_suffix('.').unwrap_or(host)
}

/// The last label of the host of `url` (ClickHouse's `topLevelDomain`):
/// the text after its last dot, one trailing dot of the host ignored. `None`
/// without a host, for a host without a dot (as in ClickHouse), and when the
/// label is all digits or empty (an IPv4 address has no top-level domain).
///
/// ```
/// use uriscan_crawl::hosts::top_level_domain;
/// assert_eq!(top_level_domain("https://www.example.com.tr/a"), Some("tr"));
/// assert_eq!(top_level_domain("http://u@example.org.:80/"), Some("org"));
/// assert_eq!(top_level_domain("http://1.2.3.4/"), None);
/// assert_eq!(top_level_domain("http://localhost/"), None);
/// ```
#[must_use]
pub fn top_level_domain(url: &str) -> Option<&str> {
    let host = without_trailing_dot(host_of(url)?);
    let (_, tld) = host.rsplit_once('.')?;
    (!tld.is_empty() && !tld.bytes().all(|b| b.is_ascii_digit()) && !host.starts_with('[')).then_some(tld)
}

/// Whether `level` (two labels, `com.tr`) is a rule of the Public Suffix
/// List, either section, matched case-sensitively as ClickHouse's list is.
fn is_two_label_suffix(level: &str) -> bool {
    !level.bytes().any(|b| b.is_ascii_uppercase()) && public_suffix(level, DomainOptions::WITH_PRIVATE) == Some(level)
}

/// Byte range, in `domain`, of ClickHouse's first significant subdomain of a
/// domain (trailing dot already cut): the label before the last two when those
/// two are a public suffix (`com.tr`), else the label before the last one; the
/// label before the only dot; the whole domain without a dot.
fn significant_range(domain: &str, suffix: impl Fn(&str) -> bool) -> (usize, usize) {
    let b = domain.as_bytes();
    let mut dots = b.iter().enumerate().rev().filter(|&(_, &c)| c == b'.').map(|(i, _)| i);
    let Some(last) = dots.next() else { return (0, b.len()) };
    let Some(second) = dots.next() else { return (0, last) };
    let third = dots.next().map_or(0, |i| i + 1);
    match domain.get(second + 1..) {
        Some(level) if suffix(level) => (third, second),
        _ => (second + 1, last),
    }
}

/// Byte range, in `domain`, of the first significant subdomain with a
/// custom suffix list: the label before the longest suffix `is_suffix`
/// accepts, or before the last label when it accepts none.
fn significant_range_custom(domain: &str, is_suffix: &dyn Fn(&str) -> bool) -> (usize, usize) {
    let b = domain.as_bytes();
    let mut suffix_start = None;
    // Candidate suffixes from the longest: after each dot, left to right.
    for (i, _) in b.iter().enumerate().filter(|&(_, &c)| c == b'.') {
        if domain.get(i + 1..).is_some_and(is_suffix) {
            suffix_start = Some(i + 1);
            break;
        }
    }
    let suffix_start = match suffix_start {
        Some(s) => s,
        None => match b.iter().rposition(|&c| c == b'.') {
            Some(i) => i + 1,
            None => return (0, b.len()),
        },
    };
    let end = suffix_start - 1;
    let start = b[..end].iter().rposition(|&c| c == b'.').map_or(0, |i| i + 1);
    (start, end)
}

fn non_empty(s: Option<&str>) -> Option<&str> {
    s.filter(|s| !s.is_empty())
}

/// The domain ClickHouse's significant-subdomain functions read: the host
/// (without one leading `www.` unless `with_www`), one trailing dot cut;
/// `None` for a bracketed IP literal.
fn significant_domain(url: &str, with_www: bool) -> Option<&str> {
    let host = if with_www { host_of(url)? } else { domain_without_www(url)? };
    Some(without_trailing_dot(host)).filter(|h| !h.starts_with('['))
}

/// The first significant subdomain (`cut` false) or the domain from it on
/// (`cut` true); `None` when the subdomain is empty.
fn significant(domain: &str, (a, b): (usize, usize), cut: bool) -> Option<&str> {
    non_empty(domain.get(a..b))?;
    if cut {
        domain.get(a..)
    } else {
        domain.get(a..b)
    }
}

/// The first significant subdomain of the host of `url` (ClickHouse's
/// `firstSignificantSubdomain`): after cutting one leading `www.` and one
/// trailing dot, the label before the top-level domain, or before the last
/// two labels when they are a rule of the Public Suffix List (`com.tr`,
/// `co.uk`, `blogspot.com`; matched case-sensitively, as ClickHouse does);
/// the host itself when it has no dot. `None` without a host, for an IP
/// literal, and when the answer is empty (`.a`, `a..b`).
///
/// ```
/// use uriscan_crawl::hosts::first_significant_subdomain;
/// assert_eq!(first_significant_subdomain("https://news.clickhouse.com.tr/"), Some("clickhouse"));
/// assert_eq!(first_significant_subdomain("http://a.b.co.uk/"), Some("b"));
/// assert_eq!(first_significant_subdomain("http://www.com/"), Some("com"));
/// ```
#[must_use]
pub fn first_significant_subdomain(url: &str) -> Option<&str> {
    let domain = significant_domain(url, false)?;
    significant(domain, significant_range(domain, is_two_label_suffix), false)
}

/// The host of `url` from its first significant subdomain on, one leading
/// `www.` and one trailing dot cut (ClickHouse's
/// `cutToFirstSignificantSubdomain`).
///
/// ```
/// use uriscan_crawl::hosts::cut_to_first_significant_subdomain;
/// assert_eq!(cut_to_first_significant_subdomain("https://news.clickhouse.com.tr/"), Some("clickhouse.com.tr"));
/// assert_eq!(cut_to_first_significant_subdomain("http://www.kernel.org/"), Some("kernel.org"));
/// assert_eq!(cut_to_first_significant_subdomain("http://www.tr/"), Some("tr"));
/// ```
#[must_use]
pub fn cut_to_first_significant_subdomain(url: &str) -> Option<&str> {
    let domain = significant_domain(url, false)?;
    significant(domain, significant_range(domain, is_two_label_suffix), true)
}

/// [`cut_to_first_significant_subdomain`] with the host's `www.` kept
/// (ClickHouse's `cutToFirstSignificantSubdomainWithWWW`).
///
/// ```
/// use uriscan_crawl::hosts::cut_to_first_significant_subdomain_with_www;
/// assert_eq!(cut_to_first_significant_subdomain_with_www("http://www.tr/"), Some("www.tr"));
/// assert_eq!(cut_to_first_significant_subdomain_with_www("https://news.clickhouse.com.tr/"), Some("clickhouse.com.tr"));
/// ```
#[must_use]
pub fn cut_to_first_significant_subdomain_with_www(url: &str) -> Option<&str> {
    let domain = significant_domain(url, true)?;
    significant(domain, significant_range(domain, is_two_label_suffix), true)
}

/// [`first_significant_subdomain`] with a custom suffix list
/// (ClickHouse's `firstSignificantSubdomainCustom`): `is_suffix` says
/// whether a string is a suffix; the answer is the label before the longest
/// suffix of the host it accepts, or before the last label when it accepts
/// none.
///
/// ```
/// use std::collections::HashSet;
/// use uriscan_crawl::hosts::first_significant_subdomain_custom;
/// let list: HashSet<&str> = ["com", "co.uk", "uk"].into();
/// let f = |s: &str| list.contains(s);
/// assert_eq!(first_significant_subdomain_custom("http://a.b.co.uk/", f), Some("b"));
/// assert_eq!(first_significant_subdomain_custom("http://bar.foo.there-is-no-such-domain/", f), Some("foo"));
/// ```
#[must_use]
pub fn first_significant_subdomain_custom(url: &str, is_suffix: impl Fn(&str) -> bool) -> Option<&str> {
    let domain = significant_domain(url, false)?;
    significant(domain, significant_range_custom(domain, &is_suffix), false)
}

/// [`cut_to_first_significant_subdomain`] with a custom suffix list
/// (ClickHouse's `cutToFirstSignificantSubdomainCustom`), `www.` cut.
///
/// ```
/// use uriscan_crawl::hosts::cut_to_first_significant_subdomain_custom;
/// let f = |s: &str| s == "co.uk" || s == "uk";
/// assert_eq!(cut_to_first_significant_subdomain_custom("http://www.a.b.co.uk/", f), Some("b.co.uk"));
/// ```
#[must_use]
pub fn cut_to_first_significant_subdomain_custom(url: &str, is_suffix: impl Fn(&str) -> bool) -> Option<&str> {
    let domain = significant_domain(url, false)?;
    significant(domain, significant_range_custom(domain, &is_suffix), true)
}

/// [`cut_to_first_significant_subdomain_custom`] with the host's `www.`
/// kept (ClickHouse's `cutToFirstSignificantSubdomainCustomWithWWW`).
///
/// ```
/// use uriscan_crawl::hosts::cut_to_first_significant_subdomain_custom_with_www;
/// let f = |s: &str| s == "com";
/// assert_eq!(cut_to_first_significant_subdomain_custom_with_www("http://www.com/", f), Some("www.com"));
/// ```
#[must_use]
pub fn cut_to_first_significant_subdomain_custom_with_www(url: &str, is_suffix: impl Fn(&str) -> bool) -> Option<&str> {
    let domain = significant_domain(url, true)?;
    significant(domain, significant_range_custom(domain, &is_suffix), true)
}

/// The labels of `host` from the right (the top-level domain first), one
/// trailing dot ignored; as Common Crawl splits a host name (Java's
/// `String.split`, which drops the empty labels a host ending in dots
/// would give). An empty host has one empty label.
///
/// ```
/// use uriscan_crawl::hosts::host_labels_rev;
/// assert_eq!(host_labels_rev("www.example.com.").collect::<Vec<_>>(), ["com", "example", "www"]);
/// assert_eq!(host_labels_rev("a..b").collect::<Vec<_>>(), ["b", "", "a"]);
/// ```
pub fn host_labels_rev(host: &str) -> impl DoubleEndedIterator<Item = &str> {
    let trimmed = host.trim_end_matches('.');
    let host = if trimmed.is_empty() { "" } else { trimmed };
    host.rsplit('.')
}

/// The `n`-th label of `host` from the right, `n` from 1 (the top-level
/// domain): Common Crawl's `url_host_tld` (`n` = 1) and
/// `url_host_2nd_last_part` … `url_host_5th_last_part` (`n` = 2 … 5).
/// `None` when the host has fewer labels or `n` is 0.
///
/// ```
/// use uriscan_crawl::hosts::host_nth_last_part;
/// assert_eq!(host_nth_last_part("a.b.example.co.uk", 1), Some("uk"));
/// assert_eq!(host_nth_last_part("a.b.example.co.uk", 5), Some("a"));
/// assert_eq!(host_nth_last_part("example.com", 3), None);
/// ```
#[must_use]
pub fn host_nth_last_part(host: &str, n: usize) -> Option<&str> {
    host_labels_rev(host).nth(n.checked_sub(1)?)
}

/// The labels of `host` in reverse order joined by dots, one trailing dot
/// ignored (Common Crawl's `url_host_name_reversed`).
///
/// ```
/// use uriscan_crawl::hosts::host_reversed;
/// assert_eq!(host_reversed("www.example.com"), "com.example.www");
/// assert_eq!(host_reversed("localhost."), "localhost");
/// ```
#[must_use]
pub fn host_reversed(host: &str) -> String {
    let mut out = String::with_capacity(host.len());
    for (i, label) in host_labels_rev(host).enumerate() {
        if i > 0 {
            out.push('.');
        }
        out.push_str(label);
    }
    out
}

/// The number of labels of the host of `url` (one trailing dot ignored):
/// `www.example.com` is 3 deep. `None` without a host, for an empty host
/// and for an IP address (an IPv4 dotted quad or a bracketed literal).
///
/// ```
/// use uriscan_crawl::hosts::domain_depth;
/// assert_eq!(domain_depth("https://www.example.co.uk/x"), Some(4));
/// assert_eq!(domain_depth("http://localhost:8080/"), Some(1));
/// assert_eq!(domain_depth("http://10.0.0.1/"), None);
/// assert_eq!(domain_depth("mailto:a@b.c"), None);
/// ```
#[must_use]
pub fn domain_depth(url: &str) -> Option<usize> {
    let host = without_trailing_dot(host_of(url)?);
    let parts = crate::domain::domain_parts(host, DomainOptions::default());
    if host.is_empty() || parts.class == crate::domain::HostClass::Ip {
        return None;
    }
    Some(host.bytes().filter(|&b| b == b'.').count() + 1)
}

/// The host of `url` (ClickHouse's `domain` and `domainRFC`): after the
/// authority's last `@`, before the port, a bracketed IP literal with its
/// brackets; `None` without an authority or for an empty host.
///
/// ```
/// use uriscan_crawl::hosts::domain;
/// assert_eq!(domain("svn+ssh://some.svn-hosting.com:80/repo/trunk"), Some("some.svn-hosting.com"));
/// assert_eq!(domain("http://u:p@[::1]:8080/"), Some("[::1]"));
/// assert_eq!(domain("some.svn-hosting.com/repo"), None);
/// ```
#[must_use]
pub fn domain(url: &str) -> Option<&str> {
    host_of(url).filter(|h| !h.is_empty())
}
