//! Query parameters, in one place: read and cut by raw name as ClickHouse's
//! `extractURLParameter`, `extractURLParameters`, `extractURLParameterNames`
//! and `cutURLParameter` do ([`url_parameter`], [`cut_url_parameters`], …),
//! the pairs of RFC 3986's query ([`url_parameter_pairs`],
//! [`url_parameter_values`]), and filtered by decoded name
//! ([`filter_params`], [`strip_tracking`]).
//!
//! # By raw name (ClickHouse's functions)
//!
//! They answer as ClickHouse 26.9 does on every row of
//! `tests/data/clickhouse_*.txt`, quirks included:
//! - Parameters start after the first `?` or `#`, whichever comes first,
//!   and run on through the fragment (quirk `params-in-fragment`:
//!   `http://a/#x=1` has `x`); a `#` ends a piece like `&` does.
//! - A name matches as raw bytes (no decoding, case kept), and only a piece
//!   `name=` that follows `?`, `#` or `&` (quirk `param-needs-equals`: a
//!   piece without `=` is never found or cut).
//! - `extractURLParameters` and `extractURLParameterNames` list empty pieces
//!   (`a&&b`) as empty strings (quirk `params-empty-pieces`), drop a last piece without `=` (quirk
//!   `params-last-without-equals`: `?a=1&b` lists `a=1` only), and skip a
//!   `?` inside a piece's name as a separator (quirk `params-question-mark`:
//!   `?x=1?q=2` lists `x=1?q=2`, `?a?b=1` lists `b=1`).
//! - `cutURLParameter` removes the first piece of each name only (quirk
//!   `cut-first-only`), with the `&` after it, or, when none follows, the
//!   `&` before it (quirk `cut-amp-before`): `?a=b&c=d&e=f` without `c` and
//!   `e` is `?a=b&`.
//!
//! # Surgery by decoded name
//!
//! How a query is read and written back:
//! - The query is what RFC 3986 Appendix B calls one (after the first `?`,
//!   before the first `#`), found by [`uriscan::split`] on any line.
//! - Pairs are its `&`-separated pieces, split at their first `=`
//!   ([`uriscan::QueryPairs`]). A name is matched after form-decoding
//!   (`%75tm_source` and `utm%5Fsource` are `utm_source`; `+` is a space),
//!   ASCII case-insensitively.
//! - Kept pairs are written back exactly as they were (their encoding is
//!   not touched, so nothing is escaped that did not need it), joined by
//!   `&`; empty pieces (`a&&b`) are dropped when the query is rewritten.
//!   When no pair is left, the `?` goes too. The fragment is kept.
//! - Sorting is stable, by decoded name: values of one name keep their order
//!   (`a=2&a=1` stays so; their order can matter to the server).

use std::borrow::Cow;
use std::ops::Range;

use uriscan::QueryPairs;

use crate::clickhouse_url::{at, find, find_byte2};

/// The start of ClickHouse's parameters: after the first `?` or `#`; `None`
/// when there is neither or nothing after it.
fn params_start(u: &[u8]) -> Option<usize> {
    let q = find_byte2(u, 0, b'?', b'#');
    (q + 1 < u.len()).then_some(q + 1)
}

/// Where the first piece `name=…` of ClickHouse's parameters starts (at
/// `name`), when one follows a `?`, `#` or `&`.
fn find_param(u: &[u8], name: &[u8]) -> Option<usize> {
    let start = params_start(u)?;
    let needle_len = name.len() + 1;
    // Candidates start with the name's first byte (the `=` of an empty
    // name), found by a SIMD search.
    let first = name.first().copied().unwrap_or(b'=');
    let mut from = start;
    while from + needle_len <= u.len() {
        let i = from + memchr::memchr(first, &u[from..])?;
        if !(u[i..].starts_with(name) && at(u, i + name.len()) == b'=') {
            from = i + 1;
            continue;
        }
        if matches!(u[i - 1], b'?' | b'#' | b'&') {
            return Some(i);
        }
        from = i + needle_len;
    }
    None
}

/// The RFC 3986 query of `url` and where it starts in `url`.
fn query(url: &str) -> Option<(usize, &str)> {
    let q = uriscan::split(url).query?;
    Some(((q.as_ptr() as usize).wrapping_sub(url.as_ptr() as usize), q))
}

/// The raw `key[=value]` pairs of RFC 3986's query ([`uriscan::QueryPairs`]:
/// after the first `?`, before the first `#`); none without a query.
///
/// ```
/// use uriscan_crawl::params::url_parameter_pairs;
/// let v: Vec<_> = url_parameter_pairs("http://h/?a=1&b&c=x=y#f").map(|p| (p.key, p.value)).collect();
/// assert_eq!(v, [("a", Some("1")), ("b", None), ("c", Some("x=y"))]);
/// ```
#[must_use]
pub fn url_parameter_pairs(url: &str) -> QueryPairs<'_> {
    QueryPairs::new(query(url).map_or("", |(_, q)| q))
}

/// The raw value of the first parameter `name` as ClickHouse's
/// `extractURLParameter` finds it: after `name=`, up to the next `&` or
/// `#` (see the module documentation: quirks `params-in-fragment`,
/// `param-needs-equals`). `None` where ClickHouse gives
/// an empty string for a missing parameter; `Some("")` for `name=` with an
/// empty value.
///
/// ```
/// use uriscan_crawl::params::url_parameter;
/// assert_eq!(url_parameter("http://h/?x=1&y=%20+&x=2", "y"), Some("%20+"));
/// assert_eq!(url_parameter("http://h/?x=1&x=2", "x"), Some("1"));
/// assert_eq!(url_parameter("http://h/?flag&x=1", "flag"), None);
/// assert_eq!(url_parameter("http://h/?x=1#y=2", "y"), Some("2"));
/// ```
#[must_use]
pub fn url_parameter<'u>(url: &'u str, name: &str) -> Option<&'u str> {
    url.get(url_parameter_bytes(url.as_bytes(), name.as_bytes())?)
}

/// The range of [`url_parameter`] in `url`.
///
/// ```
/// use uriscan_crawl::params::url_parameter_bytes;
/// assert_eq!(url_parameter_bytes(b"/?x=1&y=22#z", b"y"), Some(8..10));
/// assert_eq!(url_parameter_bytes(b"/?x=1", b"y"), None);
/// ```
#[must_use]
pub fn url_parameter_bytes(u: &[u8], name: &[u8]) -> Option<Range<usize>> {
    let begin = find_param(u, name)? + name.len() + 1;
    Some(begin..find_byte2(u, begin, b'&', b'#'))
}

/// The value of the first parameter `name`, form-decoded (`+` is a space,
/// `%XX` decoded, a malformed `%` kept, bytes that are not UTF-8 as
/// U+FFFD): what `decodeURLFormComponent(extractURLParameter(url, name))`
/// gives in ClickHouse.
///
/// ```
/// use uriscan_crawl::params::url_parameter_decoded;
/// assert_eq!(url_parameter_decoded("/s?q=caf%C3%A9+au+lait", "q").as_deref(), Some("café au lait"));
/// assert_eq!(url_parameter_decoded("/s?q=1", "p"), None);
/// ```
#[must_use]
pub fn url_parameter_decoded<'u>(url: &'u str, name: &str) -> Option<Cow<'u, str>> {
    url_parameter(url, name).map(uriscan::percent::decode_form_str_lossy)
}

/// The raw values of every parameter `name` of RFC 3986's query, in order
/// (a piece without `=` gives `""`).
///
/// ```
/// use uriscan_crawl::params::url_parameter_values;
/// assert_eq!(url_parameter_values("/?a=1&b=2&a=&a", "a").collect::<Vec<_>>(), ["1", "", ""]);
/// ```
pub fn url_parameter_values<'u, 'n>(url: &'u str, name: &'n str) -> impl Iterator<Item = &'u str> + 'n
where
    'u: 'n,
{
    url_parameter_pairs(url).filter(move |p| p.key == name).map(|p| p.value.unwrap_or(""))
}

/// One piece of ClickHouse's parameter list from `pos`: where its text
/// starts, where the `=`, `&` or `#` that ends its name is (a `?` before it
/// restarts the piece), or `None` at the end.
fn next_name(u: &[u8], mut pos: usize) -> Option<(usize, usize)> {
    loop {
        let stop = find(u, pos, |b| matches!(b, b'=' | b'&' | b'#' | b'?'));
        if stop == u.len() {
            return None;
        }
        if u[stop] != b'?' {
            return Some((pos, stop));
        }
        pos = stop + 1;
    }
}

/// The raw names of the parameters, in order, as ClickHouse's
/// `extractURLParameterNames` lists them (see the module documentation:
/// quirks `params-in-fragment`, `params-empty-pieces`,
/// `params-last-without-equals`, `params-question-mark`).
///
/// ```
/// use uriscan_crawl::params::url_parameter_names;
/// assert_eq!(url_parameter_names("http://h/?x=1&y&=2&&z=").collect::<Vec<_>>(), ["x", "y", "", "", "z"]);
/// assert_eq!(url_parameter_names("http://h/?a=1&b").collect::<Vec<_>>(), ["a"]);
/// ```
pub fn url_parameter_names(url: &str) -> impl Iterator<Item = &str> {
    url_parameter_names_bytes(url.as_bytes()).map_while(|r| url.get(r))
}

/// The ranges of [`url_parameter_names`] in `url`.
///
/// ```
/// use uriscan_crawl::params::url_parameter_names_bytes;
/// assert_eq!(url_parameter_names_bytes(b"/?x=1&y&z=").collect::<Vec<_>>(), [2..3, 6..7, 8..9]);
/// ```
pub fn url_parameter_names_bytes(u: &[u8]) -> impl Iterator<Item = Range<usize>> + '_ {
    let mut pos = find_byte2(u, 0, b'?', b'#');
    let mut first = true;
    std::iter::from_fn(move || {
        if !first {
            pos = find_byte2(u, pos, b'&', b'#');
        }
        first = false;
        if pos + 1 >= u.len() {
            pos = u.len();
            return None;
        }
        let Some((start, end)) = next_name(u, pos + 1) else {
            pos = u.len();
            return None;
        };
        pos = end;
        Some(start..end)
    })
}

/// The raw `name=value` pieces, in order, as ClickHouse's
/// `extractURLParameters` lists them (see the module documentation).
///
/// ```
/// use uriscan_crawl::params::url_parameters;
/// assert_eq!(url_parameters("http://h/?x=1&y&=2&&z=#w=5").collect::<Vec<_>>(), ["x=1", "y", "=2", "", "z=", "w=5"]);
/// ```
pub fn url_parameters(url: &str) -> impl Iterator<Item = &str> {
    url_parameters_bytes(url.as_bytes()).map_while(|r| url.get(r))
}

/// The ranges of [`url_parameters`] in `url`.
///
/// ```
/// use uriscan_crawl::params::url_parameters_bytes;
/// assert_eq!(url_parameters_bytes(b"/?x=1&y&z=").collect::<Vec<_>>(), [2..5, 6..7, 8..10]);
/// ```
pub fn url_parameters_bytes(u: &[u8]) -> impl Iterator<Item = Range<usize>> + '_ {
    let mut pos = params_start(u);
    std::iter::from_fn(move || {
        let Some((start, stop)) = next_name(u, pos?) else {
            pos = None;
            return None;
        };
        let end = if u[stop] == b'=' { find_byte2(u, stop + 1, b'&', b'#') } else { stop };
        pos = (end < u.len()).then_some(end + 1);
        Some(start..end)
    })
}

/// `url` without the first parameter `name` (ClickHouse's
/// `cutURLParameter`; see [`cut_url_parameters`]). Borrowed when nothing
/// is cut.
///
/// ```
/// use uriscan_crawl::params::cut_url_parameter;
/// assert_eq!(cut_url_parameter("http://h/?a=1&x=2&b=%20+#x=3", "x"), "http://h/?a=1&b=%20+#x=3");
/// assert_eq!(cut_url_parameter("http://h/?x=1&x=2", "x"), "http://h/?x=2");
/// assert_eq!(cut_url_parameter("http://h/?xx=1", "x"), "http://h/?xx=1");
/// ```
#[must_use]
pub fn cut_url_parameter<'u>(url: &'u str, name: &str) -> Cow<'u, str> {
    cut_url_parameters(url, &[name])
}

/// The bytes ClickHouse's `cutURLParameter` removes for `name`: the first
/// piece `name=…` (up to `&`, `#` or the end) with the `&` after it, or,
/// when none follows, the `&` before it.
fn param_cut(u: &[u8], name: &[u8]) -> Option<(usize, usize)> {
    let begin = find_param(u, name)?;
    let end = find_byte2(u, begin + name.len() + 1, b'&', b'#');
    if end < u.len() && u[end] == b'&' {
        Some((begin, end + 1))
    } else if u[begin - 1] == b'&' {
        Some((begin - 1, end))
    } else {
        Some((begin, end))
    }
}

/// `url` without the first parameter of each of `names`, as ClickHouse's
/// `cutURLParameter(url, [names])` removes them (quirks `cut-first-only`,
/// `cut-amp-before`, `params-in-fragment`, `param-needs-equals`): each cut is the piece and
/// one `&` next to it, overlapping cuts merge, every other byte stays.
/// Borrowed when nothing is cut.
///
/// ```
/// use uriscan_crawl::params::cut_url_parameters;
/// assert_eq!(cut_url_parameters("/p?utm_source=a&id=7&utm_medium=b", &["utm_source", "utm_medium"]), "/p?id=7");
/// assert_eq!(cut_url_parameters("http://bigmir.net/?a=b&c=d&e=f#g", &["c", "e"]), "http://bigmir.net/?a=b&#g");
/// assert_eq!(cut_url_parameters("http://a/#c=1", &["c"]), "http://a/#");
/// ```
#[must_use]
pub fn cut_url_parameters<'u>(url: &'u str, names: &[&str]) -> Cow<'u, str> {
    let u = url.as_bytes();
    let mut cuts: Vec<(usize, usize)> =
        names.iter().filter_map(|n| param_cut(u, n.as_bytes())).filter(|(a, b)| b > a).collect();
    if cuts.is_empty() {
        return Cow::Borrowed(url);
    }
    cuts.sort_unstable();
    let mut out = Vec::with_capacity(u.len());
    let mut done = 0;
    for (begin, end) in cuts {
        if begin > done {
            out.extend_from_slice(&u[done..begin]);
        }
        done = done.max(end);
    }
    out.extend_from_slice(&u[done..]);
    // The cuts start and end at ASCII bytes, so what is left is UTF-8.
    match String::from_utf8(out) {
        Ok(s) => Cow::Owned(s),
        Err(_) => Cow::Borrowed(url),
    }
}

/// Tracking parameters removed by [`ParamFilter::TRACKING`], by exact name:
/// Google (`gclid`, `gclsrc`, `dclid`, `gbraid`, `wbraid`, `_ga`, `_gl`,
/// `srsltid`), Facebook/Instagram (`fbclid`, `igshid`), Microsoft (`msclkid`),
/// Mailchimp (`mc_eid`, `mc_cid`), Yandex (`yclid`), Twitter/X (`twclid`),
/// TikTok (`ttclid`), LinkedIn (`li_fat_id`), HubSpot (`_hsenc`, `_hsmi`),
/// Marketo (`mkt_tok`), Vero (`vero_id`, `vero_conv`), Olytics
/// (`oly_anon_id`, `oly_enc_id`), Adobe (`s_cid`, `ef_id`), Rakuten
/// (`rb_clickid`), Wicked Reports (`wickedid`).
///
/// ```
/// assert!(uriscan_crawl::TRACKING_NAMES.contains(&"fbclid"));
/// ```
pub const TRACKING_NAMES: &[&str] = &[
    "fbclid",
    "gclid",
    "gclsrc",
    "dclid",
    "gbraid",
    "wbraid",
    "msclkid",
    "mc_eid",
    "mc_cid",
    "yclid",
    "igshid",
    "twclid",
    "ttclid",
    "li_fat_id",
    "_ga",
    "_gl",
    "_hsenc",
    "_hsmi",
    "mkt_tok",
    "vero_id",
    "vero_conv",
    "oly_anon_id",
    "oly_enc_id",
    "rb_clickid",
    "s_cid",
    "ef_id",
    "wickedid",
    "srsltid",
];

/// Tracking parameters removed by [`ParamFilter::TRACKING`], by name prefix:
/// Google Analytics campaigns (`utm_source`, `utm_medium`…), Matomo/Piwik
/// (`pk_campaign`, `mtm_source`…), HubSpot ads (`hsa_acc`…).
///
/// ```
/// assert!(uriscan_crawl::TRACKING_PREFIXES.contains(&"utm_"));
/// ```
pub const TRACKING_PREFIXES: &[&str] = &["utm_", "pk_", "mtm_", "hsa_"];

/// Which parameters to keep, and whether to sort.
///
/// ```
/// use uriscan_crawl::{filter_params, ParamFilter};
/// let f = ParamFilter { names: &["sessionid"], prefixes: &["ref_"], ..ParamFilter::REMOVE_NONE };
/// assert_eq!(filter_params("http://h/p?ref_a=1&q=x&SessionId=9#top", &f), "http://h/p?q=x#top");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParamFilter<'a> {
    /// Names to match exactly (ASCII case-insensitively, after decoding).
    pub names: &'a [&'a str],
    /// Name prefixes to match (ASCII case-insensitively, after decoding).
    pub prefixes: &'a [&'a str],
    /// `false`: remove the matching parameters; `true`: keep only them.
    pub keep_only: bool,
    /// Sort the remaining parameters by decoded name (stable).
    pub sort: bool,
}

impl<'a> ParamFilter<'a> {
    /// Removes nothing (a base for `..` struct updates).
    pub const REMOVE_NONE: ParamFilter<'static> =
        ParamFilter { names: &[], prefixes: &[], keep_only: false, sort: false };
    /// Removes [`TRACKING_NAMES`] and [`TRACKING_PREFIXES`].
    pub const TRACKING: ParamFilter<'static> =
        ParamFilter { names: TRACKING_NAMES, prefixes: TRACKING_PREFIXES, keep_only: false, sort: false };

    fn matches(&self, name: &str) -> bool {
        let b = name.as_bytes();
        self.names.iter().any(|n| n.as_bytes().eq_ignore_ascii_case(b))
            || self.prefixes.iter().any(|p| b.get(..p.len()).is_some_and(|h| h.eq_ignore_ascii_case(p.as_bytes())))
    }

    fn keeps(&self, name: &str) -> bool {
        self.matches(name) == self.keep_only
    }
}

/// Removes the tracking parameters ([`ParamFilter::TRACKING`]) from a URL.
///
/// ```
/// use std::borrow::Cow;
/// use uriscan_crawl::strip_tracking;
/// assert_eq!(strip_tracking("https://e.com/a?utm_source=x&id=7&fbclid=Y#f"), "https://e.com/a?id=7#f");
/// assert!(matches!(strip_tracking("https://e.com/a?id=7"), Cow::Borrowed(_)));
/// ```
#[must_use]
pub fn strip_tracking(url: &str) -> Cow<'_, str> {
    filter_params(url, &ParamFilter::TRACKING)
}

/// Applies a [`ParamFilter`] to a URL's query; borrowed when nothing changes.
///
/// ```
/// use uriscan_crawl::{filter_params, ParamFilter};
/// let keep = ParamFilter { names: &["id", "page"], keep_only: true, sort: true, ..ParamFilter::REMOVE_NONE };
/// assert_eq!(filter_params("/list?x=1&page=2&id=9", &keep), "/list?id=9&page=2");
/// let sort = ParamFilter { sort: true, ..ParamFilter::REMOVE_NONE };
/// assert_eq!(filter_params("/?b=1&a=2&b=0", &sort), "/?a=2&b=1&b=0");
/// ```
#[must_use]
pub fn filter_params<'u>(url: &'u str, filter: &ParamFilter<'_>) -> Cow<'u, str> {
    let Some(query) = uriscan::split(url).query else { return Cow::Borrowed(url) };
    // The query's offset in `url`: the first `?` (Appendix B's query starts after it).
    let Some(q_start) = url.find('?').map(|i| i + 1) else { return Cow::Borrowed(url) };
    let q_end = q_start + query.len();
    let mut kept: Vec<(Cow<'u, str>, &'u str)> = Vec::new();
    let mut removed = false;
    for pair in QueryPairs::new(url.get(q_start..q_end).unwrap_or_default()) {
        let name = pair.key_form_decoded();
        if filter.keeps(&name) {
            kept.push((name, pair.text));
        } else {
            removed = true;
        }
    }
    let sorted_changes = filter.sort && kept.windows(2).any(|w| w[0].0 > w[1].0);
    if !removed && !sorted_changes {
        return Cow::Borrowed(url);
    }
    if filter.sort {
        kept.sort_by(|a, b| a.0.cmp(&b.0));
    }
    let mut out = String::with_capacity(url.len());
    out.push_str(url.get(..q_start - 1).unwrap_or_default());
    for (i, (_, piece)) in kept.iter().enumerate() {
        out.push(if i == 0 { '?' } else { '&' });
        out.push_str(piece);
    }
    out.push_str(url.get(q_end..).unwrap_or_default());
    Cow::Owned(out)
}

/// [`filter_params`] on bytes: a line that is not UTF-8 comes back unchanged
/// (borrowed), so a pipeline never loses or alters a line it cannot read.
///
/// ```
/// use uriscan_crawl::{filter_params_bytes, ParamFilter};
/// assert_eq!(&*filter_params_bytes(b"/?gclid=1&a=2", &ParamFilter::TRACKING), b"/?a=2");
/// assert_eq!(&*filter_params_bytes(b"/\xff?gclid=1", &ParamFilter::TRACKING), b"/\xff?gclid=1");
/// ```
#[must_use]
pub fn filter_params_bytes<'u>(url: &'u [u8], filter: &ParamFilter<'_>) -> Cow<'u, [u8]> {
    match std::str::from_utf8(url) {
        Ok(s) => match filter_params(s, filter) {
            Cow::Borrowed(b) => Cow::Borrowed(b.as_bytes()),
            Cow::Owned(o) => Cow::Owned(o.into_bytes()),
        },
        Err(_) => Cow::Borrowed(url),
    }
}
