//! Iterators over path segments and query pairs.
//!
//! ```
//! let u = uriscan::UriRef::parse("http://h/a/b%2Fc?x=1&y").unwrap();
//! assert_eq!(u.path_segments().collect::<Vec<_>>(), ["a", "b%2Fc"]);
//! let q: Vec<_> = u.query_pairs().map(|p| (p.key, p.value)).collect();
//! assert_eq!(q, [("x", Some("1")), ("y", None)]);
//! ```

use crate::UriRef;

#[cfg(feature = "alloc")]
use alloc::borrow::Cow;

/// The raw segments of a path (RFC 3986 §3.3), split on `/`; percent-encodings
/// are left as they are, so `%2F` stays inside its segment.
///
/// One leading `/` is not a segment boundary: `/a/b` and `a/b` both give `a`,
/// `b`; `/` gives one empty segment; the empty path gives none; a trailing
/// `/` gives a final empty segment.
///
/// ```
/// use uriscan::PathSegments;
/// assert_eq!(PathSegments::new("/a//b/").collect::<Vec<_>>(), ["a", "", "b", ""]);
/// assert_eq!(PathSegments::new("/").collect::<Vec<_>>(), [""]);
/// assert_eq!(PathSegments::new("").count(), 0);
/// assert_eq!(PathSegments::new("/a/b").next_back(), Some("b"));
/// ```
#[derive(Clone, Debug)]
pub struct PathSegments<'a> {
    inner: Option<core::str::Split<'a, char>>,
}

impl<'a> PathSegments<'a> {
    /// The segments of `path`.
    ///
    /// ```
    /// assert_eq!(uriscan::PathSegments::new("a/b").count(), 2);
    /// ```
    #[must_use]
    pub fn new(path: &'a str) -> PathSegments<'a> {
        let inner = if path.is_empty() { None } else { Some(path.strip_prefix('/').unwrap_or(path).split('/')) };
        PathSegments { inner }
    }
}

impl<'a> Iterator for PathSegments<'a> {
    type Item = &'a str;
    #[inline]
    fn next(&mut self) -> Option<&'a str> {
        self.inner.as_mut()?.next()
    }
}

impl DoubleEndedIterator for PathSegments<'_> {
    #[inline]
    fn next_back(&mut self) -> Option<Self::Item> {
        self.inner.as_mut()?.next_back()
    }
}

impl core::iter::FusedIterator for PathSegments<'_> {}

/// One `key[=value]` piece of a query. `value` is `None` when there is no `=`
/// (`?flag`), `Some("")` for `?flag=`.
///
/// ```
/// let p = uriscan::QueryPairs::new("a=b=c").next().unwrap();
/// assert_eq!((p.key, p.value), ("a", Some("b=c")));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct QueryPair<'a> {
    /// The raw key (before the first `=`).
    pub key: &'a str,
    /// The raw value (after the first `=`), if there is an `=`.
    pub value: Option<&'a str>,
}

#[cfg(feature = "alloc")]
impl<'a> QueryPair<'a> {
    /// The key, percent-decoded ([`decode_str_lossy`](crate::percent::decode_str_lossy):
    /// `+` stays `+`).
    ///
    /// ```
    /// let p = uriscan::QueryPairs::new("a%20b+c=1").next().unwrap();
    /// assert_eq!(p.key_decoded(), "a b+c");
    /// ```
    #[must_use]
    pub fn key_decoded(&self) -> Cow<'a, str> {
        crate::percent::decode_str_lossy(self.key)
    }

    /// The value, percent-decoded (`+` stays `+`).
    ///
    /// ```
    /// let p = uriscan::QueryPairs::new("k=%41+").next().unwrap();
    /// assert_eq!(p.value_decoded().as_deref(), Some("A+"));
    /// ```
    #[must_use]
    pub fn value_decoded(&self) -> Option<Cow<'a, str>> {
        self.value.map(crate::percent::decode_str_lossy)
    }

    /// The key, form-decoded ([`decode_form`](crate::percent::decode_form):
    /// `+` is a space).
    ///
    /// ```
    /// let p = uriscan::QueryPairs::new("a+b=1").next().unwrap();
    /// assert_eq!(p.key_form_decoded(), "a b");
    /// ```
    #[must_use]
    pub fn key_form_decoded(&self) -> Cow<'a, str> {
        crate::percent::decode_form(self.key)
    }

    /// The value, form-decoded (`+` is a space).
    ///
    /// ```
    /// let p = uriscan::QueryPairs::new("q=caf%C3%A9+au+lait").next().unwrap();
    /// assert_eq!(p.value_form_decoded().as_deref(), Some("café au lait"));
    /// ```
    #[must_use]
    pub fn value_form_decoded(&self) -> Option<Cow<'a, str>> {
        self.value.map(crate::percent::decode_form)
    }
}

/// The `&`-separated pieces of a query, each split at its first `=`; empty
/// pieces (`a=1&&b=2`) are skipped. Raw: nothing is decoded until asked
/// ([`QueryPair::value_decoded`], [`QueryPair::value_form_decoded`]).
///
/// ```
/// use uriscan::QueryPairs;
/// let v: Vec<_> = QueryPairs::new("a=1&&b=&c").map(|p| (p.key, p.value)).collect();
/// assert_eq!(v, [("a", Some("1")), ("b", Some("")), ("c", None)]);
/// ```
#[derive(Clone, Debug)]
pub struct QueryPairs<'a> {
    inner: core::str::Split<'a, char>,
}

impl<'a> QueryPairs<'a> {
    /// The pairs of `query` (without its `?`).
    ///
    /// ```
    /// assert_eq!(uriscan::QueryPairs::new("").count(), 0);
    /// ```
    #[must_use]
    pub fn new(query: &'a str) -> QueryPairs<'a> {
        QueryPairs { inner: query.split('&') }
    }
}

impl<'a> Iterator for QueryPairs<'a> {
    type Item = QueryPair<'a>;
    fn next(&mut self) -> Option<QueryPair<'a>> {
        loop {
            let piece = self.inner.next()?;
            if piece.is_empty() {
                continue;
            }
            return Some(match piece.split_once('=') {
                Some((key, value)) => QueryPair { key, value: Some(value) },
                None => QueryPair { key: piece, value: None },
            });
        }
    }
}

impl core::iter::FusedIterator for QueryPairs<'_> {}

impl<'a> UriRef<'a> {
    /// The raw segments of the path; see [`PathSegments`].
    ///
    /// ```
    /// let u = uriscan::UriRef::parse("http://h/a/%2F/b").unwrap();
    /// assert_eq!(u.path_segments().collect::<Vec<_>>(), ["a", "%2F", "b"]);
    /// ```
    #[must_use]
    pub fn path_segments(&self) -> PathSegments<'a> {
        PathSegments::new(self.path())
    }

    /// The raw `key=value` pairs of the query (none without a query); see
    /// [`QueryPairs`].
    ///
    /// ```
    /// let u = uriscan::UriRef::parse("/s?q=a+b&lang=en").unwrap();
    /// let q: Vec<_> = u.query_pairs().map(|p| p.value_form_decoded().unwrap()).collect();
    /// assert_eq!(q, ["a b", "en"]);
    /// ```
    #[must_use]
    pub fn query_pairs(&self) -> QueryPairs<'a> {
        QueryPairs::new(self.query().unwrap_or(""))
    }
}
