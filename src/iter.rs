//! Iterators over path segments and query pairs.
//!
//! ```
//! let u = uriscan::UriRef::parse("http://h/a/b%2Fc?x=1&y").unwrap();
//! assert_eq!(u.path_segments().collect::<Vec<_>>(), ["a", "b%2Fc"]);
//! let q: Vec<_> = u.query_pairs().map(|p| (p.key, p.value)).collect();
//! assert_eq!(q, [("x", Some("1")), ("y", None)]);
//! ```

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
/// assert_eq!((p.key, p.value, p.text), ("a", Some("b=c"), "a=b=c"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct QueryPair<'a> {
    /// The raw key (before the first `=`).
    pub key: &'a str,
    /// The raw value (after the first `=`), if there is an `=`.
    pub value: Option<&'a str>,
    /// The whole piece as written (`key=value`), a slice of the query.
    pub text: &'a str,
}

/// [`QueryPair`] over bytes (a query that need not be UTF-8).
///
/// ```
/// let p = uriscan::QueryPairsBytes::new(b"k=\xFF").next().unwrap();
/// assert_eq!((p.key, p.value, p.text), (&b"k"[..], Some(&b"\xFF"[..]), &b"k=\xFF"[..]));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct QueryPairBytes<'a> {
    /// The raw key (before the first `=`).
    pub key: &'a [u8],
    /// The raw value (after the first `=`), if there is an `=`.
    pub value: Option<&'a [u8]>,
    /// The whole piece as written.
    pub text: &'a [u8],
}

/// The `&`-separated pieces of a query as bytes, each split at its first
/// `=`; empty pieces are skipped unless [`keep_empty`](QueryPairsBytes::keep_empty)
/// says otherwise. The one query splitter of the library and the crates
/// beside it ([`QueryPairs`] is this over `&str`).
///
/// ```
/// use uriscan::QueryPairsBytes;
/// let keys: Vec<&[u8]> = QueryPairsBytes::new(b"a=1&&b").map(|p| p.key).collect();
/// assert_eq!(keys, [&b"a"[..], b"b"]);
/// let texts: Vec<&[u8]> = QueryPairsBytes::new(b"a=1&&b").keep_empty(true).map(|p| p.text).collect();
/// assert_eq!(texts, [&b"a=1"[..], b"", b"b"]);
/// ```
#[derive(Clone, Debug)]
pub struct QueryPairsBytes<'a> {
    /// What is left of the query; `None` once its last piece is taken.
    rest: Option<&'a [u8]>,
    keep_empty: bool,
}

impl<'a> QueryPairsBytes<'a> {
    /// The pairs of `query` (without its `?`).
    ///
    /// ```
    /// assert_eq!(uriscan::QueryPairsBytes::new(b"").count(), 0);
    /// ```
    #[must_use]
    pub fn new(query: &'a [u8]) -> QueryPairsBytes<'a> {
        QueryPairsBytes { rest: Some(query), keep_empty: false }
    }

    /// Whether empty pieces (`a=1&&b`, or an empty query) are pairs too (an
    /// empty key, no value), as the web-archive canonicalizers keep them
    /// when they sort parameters. Off by default.
    ///
    /// ```
    /// assert_eq!(uriscan::QueryPairsBytes::new(b"").keep_empty(true).count(), 1);
    /// ```
    #[must_use]
    pub fn keep_empty(mut self, yes: bool) -> QueryPairsBytes<'a> {
        self.keep_empty = yes;
        self
    }
}

impl<'a> Iterator for QueryPairsBytes<'a> {
    type Item = QueryPairBytes<'a>;
    fn next(&mut self) -> Option<QueryPairBytes<'a>> {
        loop {
            let rest = self.rest?;
            let (text, next) = match rest.iter().position(|&b| b == b'&') {
                Some(i) => (rest.get(..i).unwrap_or_default(), rest.get(i + 1..)),
                None => (rest, None),
            };
            self.rest = next;
            if text.is_empty() && !self.keep_empty {
                continue;
            }
            return Some(match text.iter().position(|&b| b == b'=') {
                Some(i) => QueryPairBytes { key: text.get(..i).unwrap_or_default(), value: text.get(i + 1..), text },
                None => QueryPairBytes { key: text, value: None, text },
            });
        }
    }
}

impl core::iter::FusedIterator for QueryPairsBytes<'_> {}

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

    /// The key, form-decoded ([`decode_form_str_lossy`](crate::percent::decode_form_str_lossy):
    /// `+` is a space).
    ///
    /// ```
    /// let p = uriscan::QueryPairs::new("a+b=1").next().unwrap();
    /// assert_eq!(p.key_form_decoded(), "a b");
    /// ```
    #[must_use]
    pub fn key_form_decoded(&self) -> Cow<'a, str> {
        crate::percent::decode_form_str_lossy(self.key)
    }

    /// The value, form-decoded (`+` is a space).
    ///
    /// ```
    /// let p = uriscan::QueryPairs::new("q=caf%C3%A9+au+lait").next().unwrap();
    /// assert_eq!(p.value_form_decoded().as_deref(), Some("café au lait"));
    /// ```
    #[must_use]
    pub fn value_form_decoded(&self) -> Option<Cow<'a, str>> {
        self.value.map(crate::percent::decode_form_str_lossy)
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
    query: &'a str,
    inner: QueryPairsBytes<'a>,
}

impl<'a> QueryPairs<'a> {
    /// The pairs of `query` (without its `?`).
    ///
    /// ```
    /// assert_eq!(uriscan::QueryPairs::new("").count(), 0);
    /// ```
    #[must_use]
    pub fn new(query: &'a str) -> QueryPairs<'a> {
        QueryPairs { query, inner: QueryPairsBytes::new(query.as_bytes()) }
    }

    /// Whether empty pieces are pairs too ([`QueryPairsBytes::keep_empty`]).
    ///
    /// ```
    /// let v: Vec<_> = uriscan::QueryPairs::new("a&&b").keep_empty(true).map(|p| p.key).collect();
    /// assert_eq!(v, ["a", "", "b"]);
    /// ```
    #[must_use]
    pub fn keep_empty(mut self, yes: bool) -> QueryPairs<'a> {
        self.inner = self.inner.keep_empty(yes);
        self
    }

    /// `part` (a slice of the query's bytes) as a slice of the query: the
    /// pieces end next to an ASCII `&` or `=`, on character boundaries.
    fn str_of(&self, part: &[u8]) -> &'a str {
        let start = (part.as_ptr() as usize).wrapping_sub(self.query.as_ptr() as usize);
        self.query.get(start..start.wrapping_add(part.len())).unwrap_or_default()
    }
}

impl<'a> Iterator for QueryPairs<'a> {
    type Item = QueryPair<'a>;
    fn next(&mut self) -> Option<QueryPair<'a>> {
        let p = self.inner.next()?;
        Some(QueryPair { key: self.str_of(p.key), value: p.value.map(|v| self.str_of(v)), text: self.str_of(p.text) })
    }
}

impl core::iter::FusedIterator for QueryPairs<'_> {}
