//! Iterators over the parts of a reference: the path's segments and the
//! query's `key=value` pairs (the types are in `src/iter.rs`).

use super::UriRef;
use crate::iter::{PathSegments, QueryPairs};

/// Iterators over the path's segments and the query's pairs.
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
