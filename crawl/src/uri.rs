//! RFC 3986's reading of what the ClickHouse family also computes: the
//! answers of the `uri_*` SQL functions (`uri_query_params`,
//! `uri_host_without_www`, `uri_top_level_domain`, `uri_cut_query`,
//! `uri_hierarchy`, …), where ClickHouse's own functions
//! ([`crate::params`], [`crate::hosts`], [`crate::paths`],
//! [`crate::hierarchy`]) read the URL as ClickHouse does.
//!
//! The URL is split as RFC 3986 Appendix B splits it ([`uriscan::split`]):
//! the query is after the first `?` and before the first `#`, the fragment
//! after the first `#`, the host is the authority after its last `@`, up to
//! a `:` (a bracketed IP literal keeps its brackets and its colons); a URL
//! needs its `//` to have a host. Parameters are the query's non-empty
//! `&`-separated pieces split at their first `=` ([`uriscan::QueryPairs`]).
//! Every function works on any string and never panics.

use std::borrow::Cow;

use uriscan::QueryPairs;

use crate::domain::{public_suffix, DomainOptions};
use crate::hierarchy::UrlHierarchy;
use crate::hosts::host_of;
use crate::params::url_parameter_pairs;

/// The raw `name=value` pieces of the query, in order.
///
/// ```
/// use uriscan_crawl::uri::query_params;
/// assert_eq!(query_params("http://h/?x=1&y&=2&&z=#w=5").collect::<Vec<_>>(), ["x=1", "y", "=2", "z="]);
/// ```
pub fn query_params(url: &str) -> impl Iterator<Item = &str> {
    url_parameter_pairs(url).map(|p| p.text)
}

/// The raw names of the query's parameters, in order, repeats kept.
///
/// ```
/// use uriscan_crawl::uri::query_param_names;
/// assert_eq!(query_param_names("http://h/?x=1&y&=2&&z=").collect::<Vec<_>>(), ["x", "y", "", "z"]);
/// ```
pub fn query_param_names(url: &str) -> impl Iterator<Item = &str> {
    url_parameter_pairs(url).map(|p| p.key)
}

/// The raw value of the first parameter `name` of the query; `Some("")`
/// for a piece without `=`.
///
/// ```
/// use uriscan_crawl::uri::query_param;
/// assert_eq!(query_param("http://h/?flag&x=1", "flag"), Some(""));
/// assert_eq!(query_param("http://h/?x=1#y=2", "y"), None);
/// ```
#[must_use]
pub fn query_param<'u>(url: &'u str, name: &str) -> Option<&'u str> {
    url_parameter_pairs(url).find(|p| p.key == name).map(|p| p.value.unwrap_or(""))
}

/// [`query_param`], form-decoded (`+` is a space, `%XX` decoded, a
/// malformed `%` kept, bytes that are not UTF-8 as U+FFFD).
///
/// ```
/// use uriscan_crawl::uri::query_param_decoded;
/// assert_eq!(query_param_decoded("/s?q=caf%C3%A9+au+lait", "q").as_deref(), Some("café au lait"));
/// ```
#[must_use]
pub fn query_param_decoded<'u>(url: &'u str, name: &str) -> Option<Cow<'u, str>> {
    query_param(url, name).map(uriscan::percent::decode_form_str_lossy)
}

/// `url` without every parameter whose raw name is one of `names`; borrowed
/// when none is there. The new query is the old one's `&`-separated
/// segments that stay (empty ones too) joined by `&`: every other byte stays
/// as written, and a query left empty keeps its `?`.
///
/// ```
/// use uriscan_crawl::uri::cut_query_params;
/// assert_eq!(cut_query_params("http://bigmir.net/?a=b&c=d&e=f#g", &["c", "e"]), "http://bigmir.net/?a=b#g");
/// assert_eq!(cut_query_params("http://h/?x=1&x=2", &["x"]), "http://h/?");
/// ```
#[must_use]
pub fn cut_query_params<'u>(url: &'u str, names: &[&str]) -> Cow<'u, str> {
    let Some(q) = uriscan::split(url).query else { return Cow::Borrowed(url) };
    if !QueryPairs::new(q).any(|p| names.contains(&p.key)) {
        return Cow::Borrowed(url);
    }
    let start = (q.as_ptr() as usize).wrapping_sub(url.as_ptr() as usize);
    let mut out = String::with_capacity(url.len());
    out.push_str(url.get(..start).unwrap_or_default());
    let kept = QueryPairs::new(q).keep_empty(true).filter(|p| p.text.is_empty() || !names.contains(&p.key));
    for (i, p) in kept.enumerate() {
        if i > 0 {
            out.push('&');
        }
        out.push_str(p.text);
    }
    out.push_str(url.get(start + q.len()..).unwrap_or_default());
    Cow::Owned(out)
}

/// The host without one leading `www.` (four lower-case bytes, cut only
/// when more of the host follows); `None` without a host or for an empty
/// one.
///
/// ```
/// use uriscan_crawl::uri::host_without_www;
/// assert_eq!(host_without_www("http://u:p@www.a.com/"), Some("a.com"));
/// assert_eq!(host_without_www("http://www./"), Some("www."));
/// assert_eq!(host_without_www("news.example.com"), None);
/// ```
#[must_use]
pub fn host_without_www(url: &str) -> Option<&str> {
    let host = host_of(url)?;
    let host = match host.strip_prefix("www.") {
        Some(rest) if !rest.is_empty() => rest,
        _ => host,
    };
    (!host.is_empty()).then_some(host)
}

/// `host` without one trailing dot.
fn without_trailing_dot(host: &str) -> &str {
    host.strip_suffix('.').unwrap_or(host)
}

/// ClickHouse's definition of a top-level domain on RFC 3986's host: the
/// text after its last dot, one trailing dot ignored; `None` for a host
/// without a dot, an IP literal, and a label that is all digits or empty.
///
/// ```
/// use uriscan_crawl::uri::top_level_domain;
/// assert_eq!(top_level_domain("http://u@example.org.:80/"), Some("org"));
/// assert_eq!(top_level_domain("http://1.2.3.4/"), None);
/// ```
#[must_use]
pub fn top_level_domain(url: &str) -> Option<&str> {
    let host = without_trailing_dot(host_of(url)?);
    let (_, tld) = host.rsplit_once('.')?;
    (!tld.is_empty() && !tld.bytes().all(|b| b.is_ascii_digit()) && !host.starts_with('[')).then_some(tld)
}

/// Whether `level` (two labels, `com.tr`) is a rule of the Public Suffix
/// List, either section, matched case-sensitively.
fn is_two_label_suffix(level: &str) -> bool {
    !level.bytes().any(|b| b.is_ascii_uppercase()) && public_suffix(level, DomainOptions::WITH_PRIVATE) == Some(level)
}

/// The first significant subdomain of RFC 3986's host (without its `www.`
/// and trailing dot), as a range of it: the label before the last two when
/// those are a public suffix, else before the last one; before the only
/// dot; the whole host without a dot.
fn significant(url: &str) -> Option<(&str, usize, usize)> {
    let host = without_trailing_dot(host_without_www(url)?);
    if host.starts_with('[') {
        return None;
    }
    let b = host.as_bytes();
    let mut dots = b.iter().enumerate().rev().filter(|&(_, &c)| c == b'.').map(|(i, _)| i);
    let (a, z) = match (dots.next(), dots.next()) {
        (None, _) => (0, b.len()),
        (Some(last), None) => (0, last),
        (Some(last), Some(second)) => {
            let third = dots.next().map_or(0, |i| i + 1);
            match host.get(second + 1..) {
                Some(level) if is_two_label_suffix(level) => (third, second),
                _ => (second + 1, last),
            }
        }
    };
    (a < z).then_some((host, a, z))
}

/// ClickHouse's first significant subdomain on RFC 3986's host.
///
/// ```
/// use uriscan_crawl::uri::first_significant_subdomain;
/// assert_eq!(first_significant_subdomain("http://u:p@a.b.co.uk/"), Some("b"));
/// assert_eq!(first_significant_subdomain("http://localhost/"), Some("localhost"));
/// ```
#[must_use]
pub fn first_significant_subdomain(url: &str) -> Option<&str> {
    let (host, a, z) = significant(url)?;
    host.get(a..z)
}

/// RFC 3986's host from [`first_significant_subdomain`] on.
///
/// ```
/// use uriscan_crawl::uri::cut_to_first_significant_subdomain;
/// assert_eq!(cut_to_first_significant_subdomain("http://u:p@www.a.b.co.uk/"), Some("b.co.uk"));
/// ```
#[must_use]
pub fn cut_to_first_significant_subdomain(url: &str) -> Option<&str> {
    let (host, a, _) = significant(url)?;
    host.get(a..)
}

/// The start of the query's `?` and of the fragment's `#` (each `len` when absent).
fn query_fragment(url: &str) -> (usize, usize) {
    let c = uriscan::split(url);
    let start_in = |part: &str| (part.as_ptr() as usize).wrapping_sub(url.as_ptr() as usize);
    let hash = c.fragment.map_or(url.len(), |f| start_in(f) - 1);
    let question = c.query.map_or(hash, |q| start_in(q) - 1);
    (question, hash)
}

/// `url` without its query and the `?`, the fragment kept (a `?` inside the
/// fragment is the fragment's); borrowed when nothing follows the query.
///
/// ```
/// use uriscan_crawl::uri::cut_query;
/// assert_eq!(cut_query("http://a.com/p?q=1#f"), "http://a.com/p#f");
/// assert_eq!(cut_query("http://a.com/#a?b"), "http://a.com/#a?b");
/// ```
#[must_use]
pub fn cut_query(url: &str) -> Cow<'_, str> {
    let (question, hash) = query_fragment(url);
    match (url.get(..question), url.get(hash..)) {
        (Some(before), Some("")) => Cow::Borrowed(before),
        (Some(before), Some(fragment)) if question < hash => Cow::Owned([before, fragment].concat()),
        _ => Cow::Borrowed(url),
    }
}

/// `url` without its fragment and the `#`.
///
/// ```
/// use uriscan_crawl::uri::cut_fragment;
/// assert_eq!(cut_fragment("http://a.com/p?q#f?g"), "http://a.com/p?q");
/// ```
#[must_use]
pub fn cut_fragment(url: &str) -> &str {
    let (_, hash) = query_fragment(url);
    url.get(..hash).unwrap_or(url)
}

/// `url` without its query and fragment.
///
/// ```
/// use uriscan_crawl::uri::cut_query_and_fragment;
/// assert_eq!(cut_query_and_fragment("http://a.com/#a?b"), "http://a.com/");
/// ```
#[must_use]
pub fn cut_query_and_fragment(url: &str) -> &str {
    let (question, _) = query_fragment(url);
    url.get(..question).unwrap_or(url)
}

/// ClickHouse's `URLHierarchy` levels with any RFC 3986 scheme (a letter,
/// then letters, digits, `+`, `-`, `.`, either case) making a URL
/// hierarchical.
///
/// ```
/// use uriscan_crawl::uri::hierarchy;
/// assert_eq!(hierarchy("HTTP://X/y").collect::<Vec<_>>(), ["HTTP://X/", "HTTP://X/y"]);
/// assert_eq!(hierarchy("9://x/y").collect::<Vec<_>>(), ["9://x/y"]);
/// ```
#[must_use]
pub fn hierarchy(url: &str) -> UrlHierarchy<'_> {
    UrlHierarchy::with_rfc_scheme(url, false)
}

/// [`hierarchy`] from the path on (ClickHouse's `URLPathHierarchy` with any
/// RFC 3986 scheme).
///
/// ```
/// use uriscan_crawl::uri::path_hierarchy;
/// assert_eq!(path_hierarchy("svn+ssh://h/a/b").collect::<Vec<_>>(), ["/a/", "/a/b"]);
/// ```
#[must_use]
pub fn path_hierarchy(url: &str) -> UrlHierarchy<'_> {
    UrlHierarchy::with_rfc_scheme(url, true)
}
