//! Query parameters of a URL, by name, as ClickHouse's `extractURLParameter`,
//! `extractURLParameters`, `extractURLParameterNames` and `cutURLParameter`
//! expose them, on RFC 3986's query.
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
/// use uriscan_crawl::query::url_parameter_pairs;
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
/// use uriscan_crawl::query::url_parameter;
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
/// use uriscan_crawl::query::url_parameter_decoded;
/// assert_eq!(url_parameter_decoded("/s?q=caf%C3%A9+au+lait", "q").as_deref(), Some("café au lait"));
/// assert_eq!(url_parameter_decoded("/s?q=1", "p"), None);
/// ```
#[must_use]
pub fn url_parameter_decoded<'u>(url: &'u str, name: &str) -> Option<Cow<'u, str>> {
    url_parameter(url, name).map(uriscan::percent::decode_form_str_lossy)
}

/// The raw values of every parameter named `name`, in order (a piece without
/// `=` gives `""`).
///
/// ```
/// use uriscan_crawl::query::url_parameter_values;
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
/// use uriscan_crawl::query::url_parameter_names;
/// assert_eq!(url_parameter_names("http://h/?x=1&y&=2&&z=").collect::<Vec<_>>(), ["x", "y", "", "z"]);
/// ```
pub fn url_parameter_names(url: &str) -> impl Iterator<Item = &str> {
    url_parameter_pairs(url).map(|p| p.key)
}

/// The raw `name=value` pieces of the query, in order (ClickHouse's
/// `extractURLParameters`, without its empty strings for empty pieces).
///
/// ```
/// use uriscan_crawl::query::url_parameters;
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
/// use uriscan_crawl::query::cut_url_parameter;
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
/// use uriscan_crawl::query::cut_url_parameters;
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
