//! Editing a reference (RFC 3986 §5.3): a [`Builder`] holding its
//! components, to change some and build again (the builder is in
//! `src/builder/`).

use super::UriRef;
use crate::builder::Builder;
#[cfg(feature = "alloc")]
use crate::owned::UriBuf;

/// Editing (§5.3).
impl<'a> UriRef<'a> {
    /// A [`Builder`] holding this reference's components, to change some
    /// and build again ([`Builder::from_uri_ref`]).
    ///
    /// ```
    /// let u = uriscan::UriRef::parse("http://h/p?q").unwrap();
    /// assert_eq!(u.edit().set_query(Some("r")).build_str().unwrap(), "http://h/p?r");
    /// ```
    pub fn edit(&self) -> Builder<'a> {
        Builder::from_uri_ref(self)
    }
}

/// Editing an owned reference, as its view.
#[cfg(feature = "alloc")]
impl UriBuf {
    /// A [`Builder`] holding this reference's components
    /// ([`Builder::from_uri_ref`]).
    ///
    /// ```
    /// let u: uriscan::UriBuf = "http://h/p?q".parse().unwrap();
    /// let v = u.edit().set_fragment(Some("f")).build().unwrap();
    /// assert_eq!(v.fragment(), Some("f"));
    /// ```
    pub fn edit(&self) -> Builder<'_> {
        Builder::from_uri_ref(&self.as_uri_ref())
    }
}
