//! Query parameters, in one place: read and cut by raw name as ClickHouse's
//! `extractURLParameter`, `extractURLParameters`, `extractURLParameterNames`
//! and `cutURLParameter` do ([`url_parameter`], [`cut_url_parameters`], …),
//! and filtered by decoded name ([`filter_params`], [`strip_tracking`]).
//!
//! # By raw name (ClickHouse's functions)
//!
//! How a URL is read:
//! - The query is RFC 3986 Appendix B's ([`uriscan::split`]): after the first
//!   `?`, before the first `#`. ClickHouse also reads parameters in the
//!   fragment (`http://a/#x=1` has `x` there, not here).
//! - Parameters are the query's `&`-separated pieces split at their first
//!   `=` ([`uriscan::QueryPairs`]); empty pieces (`a&&b`) are no parameter
//!   (ClickHouse lists them as empty strings).
//! - A name matches when its raw bytes are equal (no decoding, case kept),
//!   as in ClickHouse; a piece without `=` has the name of its whole text and
//!   the empty value.
//!
//! Removal ([`cut_url_parameter`], [`cut_url_parameters`]) deletes each
//! matching piece with one `&` for it and nothing else: every other byte of
//! the URL stays as written, and a query left empty keeps its `?` (as in
//! ClickHouse). ClickHouse 26.9 removes only the first piece of the name and
//! only a piece with `=`, and leaves a `&` when it cuts the last pieces
//! (`?a=b&c=d` without `c` is `?a=b&` there); here every piece of the name
//! goes, and `?a=b&c=d` without `c` is `?a=b`.
//!
//! Every difference from ClickHouse is a row of
//! `tests/data/clickhouse_url_fns_differences.txt`.
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

use uriscan::QueryPairs;

/// The query of `url` and where it starts in `url`.
fn query(url: &str) -> Option<(usize, &str)> {
    let q = uriscan::split(url).query?;
    Some(((q.as_ptr() as usize).wrapping_sub(url.as_ptr() as usize), q))
}

/// The raw `key[=value]` pairs of the URL's query ([`uriscan::QueryPairs`]);
/// none without a query.
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

/// The raw value of the first parameter named `name` (ClickHouse's
/// `extractURLParameter`); `Some("")` for a piece without `=`, `None` when
/// no parameter has the name (ClickHouse: an empty string either way).
///
/// ```
/// use uriscan_crawl::params::url_parameter;
/// assert_eq!(url_parameter("http://h/?x=1&y=%20+&x=2", "y"), Some("%20+"));
/// assert_eq!(url_parameter("http://h/?x=1&x=2", "x"), Some("1"));
/// assert_eq!(url_parameter("http://h/?flag&x=1", "flag"), Some(""));
/// assert_eq!(url_parameter("http://h/?x=1#y=2", "y"), None);
/// ```
#[must_use]
pub fn url_parameter<'u>(url: &'u str, name: &str) -> Option<&'u str> {
    url_parameter_pairs(url).find(|p| p.key == name).map(|p| p.value.unwrap_or(""))
}

/// The value of the first parameter named `name`, form-decoded (`+` is a
/// space, `%XX` decoded, a malformed `%` kept, bytes that are not UTF-8 as
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
    url_parameter(url, name).map(uriscan::percent::decode_form)
}

/// The raw values of every parameter named `name`, in order (a piece without
/// `=` gives `""`).
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

/// The raw names of the parameters, in order, repeats kept (ClickHouse's
/// `extractURLParameterNames`, without its empty strings for empty pieces).
///
/// ```
/// use uriscan_crawl::params::url_parameter_names;
/// assert_eq!(url_parameter_names("http://h/?x=1&y&=2&&z=").collect::<Vec<_>>(), ["x", "y", "", "z"]);
/// ```
pub fn url_parameter_names(url: &str) -> impl Iterator<Item = &str> {
    url_parameter_pairs(url).map(|p| p.key)
}

/// The raw `name=value` pieces of the query, in order (ClickHouse's
/// `extractURLParameters`, without its empty strings for empty pieces).
///
/// ```
/// use uriscan_crawl::params::url_parameters;
/// assert_eq!(url_parameters("http://h/?x=1&y&=2&&z=#w=5").collect::<Vec<_>>(), ["x=1", "y", "=2", "z="]);
/// ```
pub fn url_parameters(url: &str) -> impl Iterator<Item = &str> {
    url_parameter_pairs(url).map(|p| p.text)
}

/// `url` without every parameter named `name` (ClickHouse's
/// `cutURLParameter`, see the module documentation for the differences).
/// Borrowed when no parameter has the name.
///
/// ```
/// use uriscan_crawl::params::cut_url_parameter;
/// assert_eq!(cut_url_parameter("http://h/?a=1&x=2&b=%20+#x=3", "x"), "http://h/?a=1&b=%20+#x=3");
/// assert_eq!(cut_url_parameter("http://h/?x=1&x=2", "x"), "http://h/?");
/// assert_eq!(cut_url_parameter("http://h/?xx=1", "x"), "http://h/?xx=1");
/// ```
#[must_use]
pub fn cut_url_parameter<'u>(url: &'u str, name: &str) -> Cow<'u, str> {
    cut_url_parameters(url, &[name])
}

/// `url` without every parameter whose raw name is one of `names`; borrowed
/// when none is there. The query is its `&`-separated segments joined by
/// `&`, and the new one is the segments that stay (empty ones too) joined by
/// `&`: the removed bytes are the matching pieces and one `&` for each,
/// every other byte stays as written.
///
/// ```
/// use uriscan_crawl::params::cut_url_parameters;
/// assert_eq!(cut_url_parameters("/p?utm_source=a&id=7&utm_medium=b", &["utm_source", "utm_medium"]), "/p?id=7");
/// assert_eq!(cut_url_parameters("/p?a=1&&b=2", &["b"]), "/p?a=1&");
/// assert_eq!(cut_url_parameters("http://bigmir.net/?a=b&c=d&e=f#g", &["c", "e"]), "http://bigmir.net/?a=b#g");
/// ```
#[must_use]
pub fn cut_url_parameters<'u>(url: &'u str, names: &[&str]) -> Cow<'u, str> {
    let Some((start, q)) = query(url) else { return Cow::Borrowed(url) };
    if !QueryPairs::new(q).any(|p| names.contains(&p.key)) {
        return Cow::Borrowed(url);
    }
    // The new query: the segments that stay (every empty one too), joined by `&`.
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
