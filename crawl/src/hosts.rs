//! Host functions: ClickHouse's (`domain`, `domainWithoutWWW`, `cutWWW`,
//! `topLevelDomain`, `firstSignificantSubdomain`,
//! `cutToFirstSignificantSubdomain` and their `WithWWW`, `Custom` and `RFC`
//! variants), the Common Crawl index's (the host's labels from the right,
//! the reversed host), and the domain depth.
//!
//! The ClickHouse functions answer as ClickHouse 26.9 does, on every row of
//! `tests/data/clickhouse_*.txt`, quirks included. They read the host with
//! one of ClickHouse's two host readers:
//! - the plain one (`domain`, `topLevelDomain`, …): after `//` or a
//!   `scheme://` that ends within the first 16 bytes (else from the first
//!   byte: `example.com/x` has a host, quirk `host-without-slashes`), up
//!   to the first `:`, `/`, `?` or
//!   `#`, restarted after each `@`; a host needs a dot (quirk
//!   `host-needs-dot`; `localhost` has none) that may stand in the userinfo
//!   (quirk `host-dot-in-userinfo`), must not end with a dot, and any of
//!   `` <>%{}|\^~[];=& ``, a space or a tab on the way gives no host (quirk
//!   `host-refuses-byte`); a userinfo with a `:` ends the host there (quirk
//!   `host-userinfo-colon`);
//! - the `RFC` one (`domainRFC`, `topLevelDomainRFC`, …): the userinfo, with
//!   its `:` and the sub-delimiters `;`, `=`, `&`, `~`, `%` (which give no
//!   host outside it: quirk `rfc-sub-delims`), is skipped up to its `@`, the
//!   port's `:` ends the host, and an IPv6 literal is given without its
//!   brackets (quirk `rfc-ipv6-unbracketed`); an `@` or a dot inside the
//!   brackets gives no host (quirks `rfc-bracket-at`, `rfc-ipv6-dot`:
//!   `[::ffff:1.2.3.4]` has none).
//!
//! ClickHouse's answer "nothing" (an empty string) is `None` here. The
//! functions that take a host (`host_*`) and [`domain_depth`] read RFC
//! 3986's host.

use std::borrow::Cow;
use std::ops::Range;

use crate::clickhouse_tld::TWO_LABEL_SUFFIXES;
use crate::clickhouse_url::{self as ch, at};
use crate::domain::DomainOptions;

/// ClickHouse's two host readers (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reader {
    /// `domain`, `topLevelDomain`, `port`, ….
    Plain,
    /// `domainRFC`, `topLevelDomainRFC`, `portRFC`, ….
    Rfc,
}

impl Reader {
    fn host(self, u: &[u8]) -> Option<Range<usize>> {
        match self {
            Reader::Plain => ch::host(u),
            Reader::Rfc => ch::host_rfc(u),
        }
    }
}

/// `url[r]`, `None` when empty.
fn text(url: &str, r: Range<usize>) -> Option<&str> {
    url.get(r).filter(|s| !s.is_empty())
}

/// The host a reader finds, one leading `www.` cut when `without_www` and
/// something follows it.
fn ch_domain(u: &[u8], reader: Reader, without_www: bool) -> Option<Range<usize>> {
    let r = reader.host(u)?;
    if without_www && r.len() > 4 && u[r.start..].starts_with(b"www.") {
        return Some(r.start + 4..r.end);
    }
    Some(r)
}

/// The host of `url` as ClickHouse's `domain` reads it (see the module
/// documentation: quirks `host-needs-dot`, `host-dot-in-userinfo`,
/// `host-refuses-byte`, `host-userinfo-colon`, `host-without-slashes`,
/// `scheme-16-bytes`). `None` where ClickHouse gives an empty string.
///
/// ```
/// use uriscan_crawl::hosts::domain;
/// assert_eq!(domain("svn+ssh://some.svn-hosting.com:80/repo/trunk"), Some("some.svn-hosting.com"));
/// assert_eq!(domain("some.svn-hosting.com:80/repo/trunk"), Some("some.svn-hosting.com"));
/// assert_eq!(domain("http://localhost:8080/"), None);
/// assert_eq!(domain("http://u:p@www.a.com/"), None);
/// ```
#[must_use]
pub fn domain(url: &str) -> Option<&str> {
    text(url, ch_domain(url.as_bytes(), Reader::Plain, false)?)
}

/// The host of `url` as ClickHouse's `domainRFC` reads it: the userinfo
/// skipped, an IPv6 literal without its brackets (quirks
/// `rfc-ipv6-unbracketed`, `rfc-bracket-at`, `rfc-ipv6-dot`,
/// `rfc-sub-delims`, see the module documentation); still a dot needed
/// (`host-needs-dot`).
///
/// ```
/// use uriscan_crawl::hosts::domain_rfc;
/// assert_eq!(domain_rfc("http://u:p@www.a.com:80/"), Some("www.a.com"));
/// assert_eq!(domain_rfc("http://[::1]:8080/"), Some("::1"));
/// assert_eq!(domain_rfc("http://localhost/"), None);
/// ```
#[must_use]
pub fn domain_rfc(url: &str) -> Option<&str> {
    text(url, ch_domain(url.as_bytes(), Reader::Rfc, false)?)
}

/// [`domain`] without one leading `www.` (ClickHouse's `domainWithoutWWW`):
/// `www.` is four lower-case bytes and is cut only when more of the host
/// follows.
///
/// ```
/// use uriscan_crawl::hosts::domain_without_www;
/// assert_eq!(domain_without_www("https://www.example.com/path"), Some("example.com"));
/// assert_eq!(domain_without_www("http://user@www.www.example.com:8080/"), Some("www.example.com"));
/// assert_eq!(domain_without_www("http://WWW.example.com/"), Some("WWW.example.com"));
/// ```
#[must_use]
pub fn domain_without_www(url: &str) -> Option<&str> {
    text(url, ch_domain(url.as_bytes(), Reader::Plain, true)?)
}

/// The range of [`domain_without_www`] in `url` (`None` for no host or an
/// empty one).
///
/// ```
/// use uriscan_crawl::hosts::domain_without_www_bytes;
/// assert_eq!(domain_without_www_bytes(b"https://www.example.com/path"), Some(12..23));
/// ```
#[must_use]
pub fn domain_without_www_bytes(url: &[u8]) -> Option<Range<usize>> {
    ch_domain(url, Reader::Plain, true).filter(|r| !r.is_empty())
}

/// [`domain_rfc`] without one leading `www.` (ClickHouse's
/// `domainWithoutWWWRFC`).
///
/// ```
/// use uriscan_crawl::hosts::domain_without_www_rfc;
/// assert_eq!(domain_without_www_rfc("http://u:p@www.a.com/"), Some("a.com"));
/// ```
#[must_use]
pub fn domain_without_www_rfc(url: &str) -> Option<&str> {
    text(url, ch_domain(url.as_bytes(), Reader::Rfc, true)?)
}

/// `url` without one leading `www.` in its host (ClickHouse's `cutWWW`);
/// borrowed when nothing is cut. The URL must start with `//` or with a
/// scheme that ClickHouse's `protocol` gives followed by `://` (quirk
/// `cutwww-needs-protocol`); the host starts after the last `@` before the
/// first `:`, `/`, `?` or `#` (quirk `host-userinfo-colon`: nothing is cut
/// in `http://u:p@www.a.com/`), and `www.` is cut when at least one byte
/// follows it in the URL (`http://www./` becomes `http:///`).
///
/// ```
/// use uriscan_crawl::hosts::cut_www;
/// assert_eq!(cut_www("http://www.example.com/path?query=value#fragment"), "http://example.com/path?query=value#fragment");
/// assert_eq!(cut_www("//www.example.com"), "//example.com");
/// assert_eq!(cut_www("www.example.com"), "www.example.com");
/// ```
#[must_use]
pub fn cut_www(url: &str) -> Cow<'_, str> {
    match cut_www_position(url).and_then(|i| Some((url.get(..i)?, url.get(i + 4..)?))) {
        Some((before, after)) => Cow::Owned([before, after].concat()),
        None => Cow::Borrowed(url),
    }
}

/// Where the `www.` that [`cut_www`] cuts starts in `url`; `None` when it
/// cuts nothing. (A column kernel joins the two sides itself.)
///
/// ```
/// use uriscan_crawl::hosts::cut_www_position;
/// assert_eq!(cut_www_position("http://www.example.com/"), Some(7));
/// assert_eq!(cut_www_position("http://u@www.a.com/"), Some(9));
/// assert_eq!(cut_www_position("www.example.com"), None);
/// ```
#[must_use]
pub fn cut_www_position(url: &str) -> Option<usize> {
    cut_www_position_bytes(url.as_bytes())
}

/// [`cut_www_position`] of the bytes `u`.
///
/// ```
/// use uriscan_crawl::hosts::cut_www_position_bytes;
/// assert_eq!(cut_www_position_bytes(b"//www.example.com"), Some(2));
/// ```
#[must_use]
pub fn cut_www_position_bytes(u: &[u8]) -> Option<usize> {
    let slash = ch::find_byte_near(u, 0, b'/');
    if slash == u.len() || (slash != 0 && slash != ch::protocol(u).end + 1) || at(u, slash + 1) != b'/' {
        return None;
    }
    // Most authorities hold no `@`: when a `/` (or the end) comes before
    // any `@`, the authority (which ends at or before that `/`) has none
    // and the host starts right after `//`, found by a search of a few
    // words in registers instead of the stop-set scan.
    let authority = slash + 2;
    let start = match at(u, ch::find_byte2_near(u, authority, b'@', b'/')) {
        b'@' => ch::after_userinfo(u, authority),
        _ => authority,
    };
    (start + 4 < u.len() && u[start..].starts_with(b"www.")).then_some(start)
}

/// The top-level domain a reader finds: after the host's last dot (one
/// trailing dot ignored), none when that label starts with a digit.
fn ch_top_level_domain(u: &[u8], reader: Reader) -> Option<Range<usize>> {
    let (end, dot) = match reader {
        // The plain reader has found the last dot (its host never ends in
        // one; a dot before the host, in the userinfo, is not the host's):
        // no second search. Callgrind, 100,000 kasztp rows:
        // `topLevelDomain` 465 -> 423 instructions a row.
        Reader::Plain => {
            let (host, dot) = ch::host_and_dot(u)?;
            (host.end, Some(dot).filter(|&d| d >= host.start)?)
        }
        Reader::Rfc => {
            let host = reader.host(u)?;
            let end = if u[host.end - 1] == b'.' { host.end - 1 } else { host.end };
            (end, host.start + u[host.start..end].iter().rposition(|&b| b == b'.')?)
        }
    };
    if at(u, dot + 1).is_ascii_digit() {
        return None;
    }
    Some(dot + 1..end)
}

/// The last label of [`domain`] (ClickHouse's `topLevelDomain`); `None`
/// when it starts with a digit (quirk `tld-digit`: `a.1x` has none, as an
/// IPv4 address has none).
///
/// ```
/// use uriscan_crawl::hosts::top_level_domain;
/// assert_eq!(top_level_domain("https://www.example.com.tr/a"), Some("tr"));
/// assert_eq!(top_level_domain("http://1.2.3.4/"), None);
/// assert_eq!(top_level_domain("http://localhost/"), None);
/// ```
#[must_use]
pub fn top_level_domain(url: &str) -> Option<&str> {
    text(url, ch_top_level_domain(url.as_bytes(), Reader::Plain)?)
}

/// The range of [`top_level_domain`] in `url`.
///
/// ```
/// use uriscan_crawl::hosts::top_level_domain_bytes;
/// assert_eq!(top_level_domain_bytes(b"https://www.example.com.tr/a"), Some(24..26));
/// assert_eq!(top_level_domain_bytes(b"http://1.2.3.4/"), None);
/// ```
#[must_use]
pub fn top_level_domain_bytes(url: &[u8]) -> Option<Range<usize>> {
    ch_top_level_domain(url, Reader::Plain).filter(|r| !r.is_empty())
}

/// The last label of [`domain_rfc`] (ClickHouse's `topLevelDomainRFC`).
///
/// ```
/// use uriscan_crawl::hosts::top_level_domain_rfc;
/// assert_eq!(top_level_domain_rfc("http://foo:foo%41bar@foo.com"), Some("com"));
/// ```
#[must_use]
pub fn top_level_domain_rfc(url: &str) -> Option<&str> {
    text(url, ch_top_level_domain(url.as_bytes(), Reader::Rfc)?)
}

/// Whether `level` is one of ClickHouse's two-label suffixes
/// ([`TWO_LABEL_SUFFIXES`]), compared byte for byte.
fn is_two_label_suffix(level: &[u8]) -> bool {
    // An open-addressed hash table of the list's indexes (plus one; 0 is an
    // empty slot), built on first use: one hash and a compare or two per
    // lookup, where a binary search takes 13 string compares.
    static TABLE: std::sync::OnceLock<Vec<u16>> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut t = vec![0u16; SUFFIX_SLOTS];
        for (i, s) in TWO_LABEL_SUFFIXES.iter().enumerate() {
            let mut slot = suffix_hash(s.as_bytes());
            while t[slot] != 0 {
                slot = (slot + 1) % SUFFIX_SLOTS;
            }
            // The list has fewer than 2^16 - 1 entries (5,043).
            t[slot] = u16::try_from(i + 1).unwrap_or(u16::MAX);
        }
        t
    });
    let mut slot = suffix_hash(level);
    loop {
        match table.get(slot).copied().unwrap_or(0) {
            0 => return false,
            i if TWO_LABEL_SUFFIXES.get(usize::from(i) - 1).is_some_and(|s| s.as_bytes() == level) => return true,
            _ => slot = (slot + 1) % SUFFIX_SLOTS,
        }
    }
}

/// Slots of [`is_two_label_suffix`]'s table: a power of two, about three
/// times the list's length.
const SUFFIX_SLOTS: usize = 1 << 14;

/// The slot where [`is_two_label_suffix`]'s search for `s` starts: its bytes
/// eight at a time, multiplied and rotated.
fn suffix_hash(s: &[u8]) -> usize {
    let mut h = s.len() as u64;
    for c in s.chunks(8) {
        let mut w = [0u8; 8];
        w[..c.len()].copy_from_slice(c);
        h = (h ^ u64::from_le_bytes(w)).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29);
    }
    ((h ^ (h >> 32)) as usize) % SUFFIX_SLOTS
}

/// ClickHouse's first significant subdomain of the domain a reader finds,
/// and where that domain ends (a trailing dot included): with the domain's
/// trailing dot cut, the whole domain without a dot, the label before the
/// only dot, else the label before the last two when `suffix` accepts those
/// two, else the label before the last one. `None` when that is empty.
fn ch_significant(
    u: &[u8],
    reader: Reader,
    without_www: bool,
    suffix: &dyn Fn(&[u8]) -> bool,
) -> Option<(Range<usize>, usize)> {
    let domain = ch_domain(u, reader, without_www)?;
    let (begin, domain_end) = (domain.start, domain.end);
    let end = if u[domain_end - 1] == b'.' { domain_end - 1 } else { domain_end };
    let mut dots = u[begin..end].iter().enumerate().rev().filter(|&(_, &b)| b == b'.').map(|(i, _)| begin + i);
    let sub = match (dots.next(), dots.next()) {
        (None, _) => begin..end,
        (Some(last), None) => begin..last,
        (Some(last), Some(second)) => {
            let third = dots.next().map_or(begin, |i| i + 1);
            if suffix(&u[second + 1..end]) {
                third..second
            } else {
                second + 1..last
            }
        }
    };
    (!sub.is_empty()).then_some((sub, domain_end))
}

/// ClickHouse's custom-list reading (`cutToFirstSignificantSubdomainCustom`):
/// the label before the longest suffix of the domain that `is_suffix`
/// accepts, with that suffix; without one, the label before the last dot.
/// The range starts at that label and ends before the trailing dot; a
/// domain without a dot is the range itself.
fn ch_significant_custom(
    u: &[u8],
    reader: Reader,
    without_www: bool,
    is_suffix: &dyn Fn(&str) -> bool,
) -> Option<(Range<usize>, usize)> {
    let domain = ch_domain(u, reader, without_www)?;
    let (begin, domain_end) = (domain.start, domain.end);
    let end = if u[domain_end - 1] == b'.' { domain_end - 1 } else { domain_end };
    // Label starts: `last` the one before the dot at hand, `before` the one before that.
    let (mut last, mut before) = (begin, begin);
    let mut any_dot = false;
    for dot in (begin..end).filter(|&i| u[i] == b'.') {
        if std::str::from_utf8(&u[dot + 1..end]).is_ok_and(is_suffix) {
            return Some((last..end, domain_end)).filter(|(r, _)| !r.is_empty());
        }
        (before, last, any_dot) = (last, dot + 1, true);
    }
    if !any_dot {
        // A domain without a dot is its own first significant subdomain.
        return Some((begin..end, domain_end)).filter(|(r, _)| !r.is_empty());
    }
    Some((before..last - 1, domain_end)).filter(|(r, _)| !r.is_empty())
}

/// The subdomain itself, or the domain from it on (`cut`).
fn significant_text(url: &str, found: Option<(Range<usize>, usize)>, cut: bool) -> Option<&str> {
    text(url, significant_range(found, cut)?)
}

/// The range [`significant_text`] slices; `None` when empty.
fn significant_range(found: Option<(Range<usize>, usize)>, cut: bool) -> Option<Range<usize>> {
    let (sub, domain_end) = found?;
    Some(if cut { sub.start..domain_end } else { sub }).filter(|r| !r.is_empty())
}

/// The first significant subdomain of [`domain`] without its `www.`
/// (ClickHouse's `firstSignificantSubdomain`): the label before the last
/// two when those two are one of ClickHouse's two-label suffixes (the
/// Public Suffix List's one-dot rules, taken literally and
/// case-sensitively: quirk `fss-two-label-list`, so `fs` for
/// `www.fpl.fs.fed.us` and `b` for `a.b.*.ck`), else the label before the
/// last one; the label before the only dot; the whole domain without a dot
/// (`www.com` gives `com`).
///
/// ```
/// use uriscan_crawl::hosts::first_significant_subdomain;
/// assert_eq!(first_significant_subdomain("https://news.clickhouse.com.tr/"), Some("clickhouse"));
/// assert_eq!(first_significant_subdomain("http://www.fpl.fs.fed.us/"), Some("fs"));
/// assert_eq!(first_significant_subdomain("http://www.com/"), Some("com"));
/// ```
#[must_use]
pub fn first_significant_subdomain(url: &str) -> Option<&str> {
    significant_text(url, ch_significant(url.as_bytes(), Reader::Plain, true, &is_two_label_suffix), false)
}

/// The range of [`first_significant_subdomain`] in `url`.
///
/// ```
/// use uriscan_crawl::hosts::first_significant_subdomain_bytes;
/// assert_eq!(first_significant_subdomain_bytes(b"https://news.clickhouse.com.tr/"), Some(13..23));
/// ```
#[must_use]
pub fn first_significant_subdomain_bytes(url: &[u8]) -> Option<Range<usize>> {
    significant_range(ch_significant(url, Reader::Plain, true, &is_two_label_suffix), false)
}

/// [`cut_to_first_significant_subdomain`]'s range in `url`.
///
/// ```
/// use uriscan_crawl::hosts::cut_to_first_significant_subdomain_bytes;
/// assert_eq!(cut_to_first_significant_subdomain_bytes(b"https://news.clickhouse.com.tr/"), Some(13..30));
/// ```
#[must_use]
pub fn cut_to_first_significant_subdomain_bytes(url: &[u8]) -> Option<Range<usize>> {
    significant_range(ch_significant(url, Reader::Plain, true, &is_two_label_suffix), true)
}

/// [`first_significant_subdomain`] on [`domain_rfc`] (ClickHouse's
/// `firstSignificantSubdomainRFC`).
///
/// ```
/// use uriscan_crawl::hosts::first_significant_subdomain_rfc;
/// assert_eq!(first_significant_subdomain_rfc("http://u:p@www.a.b.co.uk:80/"), Some("b"));
/// ```
#[must_use]
pub fn first_significant_subdomain_rfc(url: &str) -> Option<&str> {
    significant_text(url, ch_significant(url.as_bytes(), Reader::Rfc, true, &is_two_label_suffix), false)
}

/// [`domain`] without its `www.`, from the first significant subdomain on
/// (ClickHouse's `cutToFirstSignificantSubdomain`).
///
/// ```
/// use uriscan_crawl::hosts::cut_to_first_significant_subdomain;
/// assert_eq!(cut_to_first_significant_subdomain("https://news.clickhouse.com.tr/"), Some("clickhouse.com.tr"));
/// assert_eq!(cut_to_first_significant_subdomain("http://www.kernel.org/"), Some("kernel.org"));
/// assert_eq!(cut_to_first_significant_subdomain("http://www.tr/"), Some("tr"));
/// ```
#[must_use]
pub fn cut_to_first_significant_subdomain(url: &str) -> Option<&str> {
    significant_text(url, ch_significant(url.as_bytes(), Reader::Plain, true, &is_two_label_suffix), true)
}

/// [`cut_to_first_significant_subdomain`] on [`domain_rfc`] (ClickHouse's
/// `cutToFirstSignificantSubdomainRFC`).
///
/// ```
/// use uriscan_crawl::hosts::cut_to_first_significant_subdomain_rfc;
/// assert_eq!(cut_to_first_significant_subdomain_rfc("http://u:p@www.a.b.co.uk:80/"), Some("b.co.uk"));
/// ```
#[must_use]
pub fn cut_to_first_significant_subdomain_rfc(url: &str) -> Option<&str> {
    significant_text(url, ch_significant(url.as_bytes(), Reader::Rfc, true, &is_two_label_suffix), true)
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
    significant_text(url, ch_significant(url.as_bytes(), Reader::Plain, false, &is_two_label_suffix), true)
}

/// [`cut_to_first_significant_subdomain_with_www`] on [`domain_rfc`]
/// (ClickHouse's `cutToFirstSignificantSubdomainWithWWWRFC`).
///
/// ```
/// use uriscan_crawl::hosts::cut_to_first_significant_subdomain_with_www_rfc;
/// assert_eq!(cut_to_first_significant_subdomain_with_www_rfc("http://u@www.tr/"), Some("www.tr"));
/// ```
#[must_use]
pub fn cut_to_first_significant_subdomain_with_www_rfc(url: &str) -> Option<&str> {
    significant_text(url, ch_significant(url.as_bytes(), Reader::Rfc, false, &is_two_label_suffix), true)
}

/// [`first_significant_subdomain`] with a list of your own
/// (ClickHouse's `firstSignificantSubdomainCustom`, with a list whose
/// entries are plain suffixes): `is_suffix` is asked about the last two
/// labels only, as ClickHouse's function asks its list.
///
/// ```
/// use uriscan_crawl::hosts::first_significant_subdomain_custom;
/// let f = |s: &str| ["com", "co.uk", "uk"].contains(&s);
/// assert_eq!(first_significant_subdomain_custom("http://a.b.co.uk/", f), Some("b"));
/// assert_eq!(first_significant_subdomain_custom("http://bar.foo.there-is-no-such-domain/", f), Some("foo"));
/// ```
#[must_use]
pub fn first_significant_subdomain_custom(url: &str, is_suffix: impl Fn(&str) -> bool) -> Option<&str> {
    let lookup = |level: &[u8]| std::str::from_utf8(level).is_ok_and(&is_suffix);
    significant_text(url, ch_significant(url.as_bytes(), Reader::Plain, true, &lookup), false)
}

/// [`first_significant_subdomain_custom`] on [`domain_rfc`] (ClickHouse's
/// `firstSignificantSubdomainCustomRFC`).
///
/// ```
/// use uriscan_crawl::hosts::first_significant_subdomain_custom_rfc;
/// assert_eq!(first_significant_subdomain_custom_rfc("http://u:p@a.b.co.uk/", |s| s == "co.uk"), Some("b"));
/// ```
#[must_use]
pub fn first_significant_subdomain_custom_rfc(url: &str, is_suffix: impl Fn(&str) -> bool) -> Option<&str> {
    let lookup = |level: &[u8]| std::str::from_utf8(level).is_ok_and(&is_suffix);
    significant_text(url, ch_significant(url.as_bytes(), Reader::Rfc, true, &lookup), false)
}

/// [`domain`] without its `www.`, from the label before the longest suffix
/// `is_suffix` accepts (asked about every suffix after a dot, longest
/// first), or from the label before the last dot when it accepts none; a
/// domain without a dot whole (ClickHouse's
/// `cutToFirstSignificantSubdomainCustom` with a list of plain suffixes).
///
/// ```
/// use uriscan_crawl::hosts::cut_to_first_significant_subdomain_custom;
/// let f = |s: &str| s == "co.uk" || s == "uk";
/// assert_eq!(cut_to_first_significant_subdomain_custom("http://www.a.b.co.uk/", f), Some("b.co.uk"));
/// assert_eq!(cut_to_first_significant_subdomain_custom("http://bar.foo.there-is-no-such-domain/", f), Some("foo.there-is-no-such-domain"));
/// ```
#[must_use]
pub fn cut_to_first_significant_subdomain_custom(url: &str, is_suffix: impl Fn(&str) -> bool) -> Option<&str> {
    significant_text(url, ch_significant_custom(url.as_bytes(), Reader::Plain, true, &is_suffix), true)
}

/// [`cut_to_first_significant_subdomain_custom`] on [`domain_rfc`]
/// (ClickHouse's `cutToFirstSignificantSubdomainCustomRFC`).
///
/// ```
/// use uriscan_crawl::hosts::cut_to_first_significant_subdomain_custom_rfc;
/// assert_eq!(cut_to_first_significant_subdomain_custom_rfc("http://u:p@www.a.b.co.uk/", |s| s == "co.uk"), Some("b.co.uk"));
/// ```
#[must_use]
pub fn cut_to_first_significant_subdomain_custom_rfc(url: &str, is_suffix: impl Fn(&str) -> bool) -> Option<&str> {
    significant_text(url, ch_significant_custom(url.as_bytes(), Reader::Rfc, true, &is_suffix), true)
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
    significant_text(url, ch_significant_custom(url.as_bytes(), Reader::Plain, false, &is_suffix), true)
}

/// [`cut_to_first_significant_subdomain_custom_with_www`] on
/// [`domain_rfc`] (ClickHouse's
/// `cutToFirstSignificantSubdomainCustomWithWWWRFC`).
///
/// ```
/// use uriscan_crawl::hosts::cut_to_first_significant_subdomain_custom_with_www_rfc;
/// assert_eq!(cut_to_first_significant_subdomain_custom_with_www_rfc("http://u@www.com/", |s| s == "com"), Some("www.com"));
/// ```
#[must_use]
pub fn cut_to_first_significant_subdomain_custom_with_www_rfc(
    url: &str,
    is_suffix: impl Fn(&str) -> bool,
) -> Option<&str> {
    significant_text(url, ch_significant_custom(url.as_bytes(), Reader::Rfc, false, &is_suffix), true)
}

/// The port after the host a reader finds (ClickHouse's `port`, `portRFC`).
pub(crate) fn ch_port(u: &[u8], rfc: bool) -> Option<u16> {
    let reader = if rfc { Reader::Rfc } else { Reader::Plain };
    let host = reader.host(u)?;
    let mut end = host.end;
    // `portRFC` reads the port after an IPv6 literal's `]`.
    if rfc && at(u, end) == b']' {
        end += 1;
    }
    ch::port_after(u, end)
}

/// The RFC 3986 host of `url` (after the authority's last `@`, before the
/// port, a bracketed IP literal with its brackets); `None` without an
/// authority. For the Common Crawl columns and [`domain_depth`].
pub(crate) fn host_of(url: &str) -> Option<&str> {
    let authority = uriscan::split(url).authority?;
    let host = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    let len = if host.starts_with('[') {
        host.find(']').map_or(host.len(), |i| i + 1)
    } else {
        host.find(':').unwrap_or(host.len())
    };
    host.get(..len)
}

/// `host` without one trailing dot.
fn without_trailing_dot(host: &str) -> &str {
    host.strip_suffix('.').unwrap_or(host)
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

#[cfg(test)]
mod tests {
    use super::{is_two_label_suffix, TWO_LABEL_SUFFIXES};

    /// The hash table against a binary search of the sorted list: every
    /// entry, and strings next to them (cut, extended, changed in case).
    #[test]
    fn suffix_table_agrees_with_the_list() {
        let listed = |s: &[u8]| TWO_LABEL_SUFFIXES.binary_search_by(|e| e.as_bytes().cmp(s)).is_ok();
        for s in TWO_LABEL_SUFFIXES {
            assert!(is_two_label_suffix(s.as_bytes()), "{s}");
            let b = s.as_bytes();
            let near = [b[1..].to_vec(), b[..b.len() - 1].to_vec(), [b, b"x"].concat(), s.to_uppercase().into_bytes()];
            for n in near {
                assert_eq!(is_two_label_suffix(&n), listed(&n), "{:?}", String::from_utf8_lossy(&n));
            }
        }
        assert!(!is_two_label_suffix(b""));
    }
}
