//! Normalization and comparison (RFC 3986 §6): the normal form as a parsed
//! value (`normalize`) or as text (`normalize_str`), and the comparison and
//! hash of normal forms without building them (`normalized_eq`,
//! `normalized_hash`); each syntax-based (§6.2.2), or `_with`
//! [`NormalizeOptions`]. The rules and the algorithms are in
//! [`normalize`](crate::normalize) (`src/normalize.rs`).

#[cfg(feature = "alloc")]
use alloc::borrow::Cow;

use super::UriRef;
#[cfg(feature = "alloc")]
use crate::error::ParseError;
use crate::normalize::{self, NormalizeOptions};
#[cfg(feature = "alloc")]
use crate::owned::{UriBuf, UriCow};

/// Normalization and comparison (§6), syntax-based or `_with`
/// [`NormalizeOptions`].
impl<'a> UriRef<'a> {
    /// Syntax-based normalization ([`normalize_str`](UriRef::normalize_str)) as a
    /// parsed value: borrowed from this reference when the normal form is
    /// it or a prefix of it (no allocation), else a new [`UriBuf`].
    ///
    /// # Errors
    /// A [`ParseError`] when the normalized text is not an RFC 3986
    /// reference, which can only happen for a reference parsed by another
    /// grammar (RFC 1630 allows `"` in a path, and its normal form is not
    /// RFC 3986). Never panics.
    ///
    /// ```
    /// use uriscan::{UriCow, UriRef};
    /// let n = UriRef::parse("HTTP://www.EXAMPLE.com/a/%7euser/../b").unwrap().normalize().unwrap();
    /// assert_eq!(n, "http://www.example.com/a/b");
    /// assert_eq!(n.as_uri_ref().host(), Some("www.example.com"));
    /// assert!(UriRef::parse("http://h/").unwrap().normalize().unwrap().is_borrowed());
    /// ```
    #[cfg(feature = "alloc")]
    pub fn normalize(&self) -> Result<UriCow<'a>, ParseError> {
        self.normalize_with(NormalizeOptions::SYNTAX)
    }

    /// [`normalize`](UriRef::normalize) with options: syntax-based (§6.2.2)
    /// and, with `scheme_based`, scheme-based (§6.2.3).
    ///
    /// # Errors
    /// As for [`normalize`](UriRef::normalize). Never panics.
    ///
    /// ```
    /// use uriscan::{NormalizeOptions, UriRef};
    /// let n = UriRef::parse("http://h:80").unwrap().normalize_with(NormalizeOptions::SCHEME_BASED).unwrap();
    /// assert_eq!((n.as_uri_ref().port(), n.as_uri_ref().path()), (None, "/"));
    /// ```
    #[cfg(feature = "alloc")]
    pub fn normalize_with(&self, opts: NormalizeOptions) -> Result<UriCow<'a>, ParseError> {
        match self.normalize_str_with(opts) {
            Cow::Borrowed(b) if b.len() == self.as_str().len() => Ok(UriCow::Borrowed(*self)),
            // A prefix of the input (scheme-based normalization dropped a
            // default port or an empty query at the end): still borrowed.
            Cow::Borrowed(b) => UriRef::parse(b).map(UriCow::Borrowed),
            Cow::Owned(s) => UriBuf::try_from(s).map(UriCow::Owned).map_err(|e| e.error()),
        }
    }

    /// Syntax-based normalization (RFC 3986 §6.2.2) as text: see the
    /// [module](crate::normalize) for the rules. Borrows the input (no
    /// allocation) when it is already normal; idempotent. Never panics.
    ///
    /// ```
    /// use uriscan::UriRef;
    /// let u = UriRef::parse("HTTP://www.EXAMPLE.com/a/%7euser/../%3a").unwrap();
    /// assert_eq!(u.normalize_str(), "http://www.example.com/a/%3A");
    /// let n = UriRef::parse("http://example.com/").unwrap();
    /// assert!(matches!(n.normalize_str(), std::borrow::Cow::Borrowed(_)));
    /// ```
    #[cfg(feature = "alloc")]
    #[must_use]
    pub fn normalize_str(&self) -> Cow<'a, str> {
        self.normalize_str_with(NormalizeOptions::SYNTAX)
    }

    /// [`normalize_str`](UriRef::normalize_str) with options: syntax-based
    /// (§6.2.2) and, with `scheme_based`, scheme-based (§6.2.3). Borrows
    /// when already normal; idempotent. Never panics.
    ///
    /// ```
    /// use uriscan::{NormalizeOptions, UriRef};
    /// let o = NormalizeOptions { scheme_based: true };
    /// for s in ["http://example.com", "http://example.com:/", "http://example.com:80/", "HTTP://EXAMPLE.com/"] {
    ///     assert_eq!(UriRef::parse(s).unwrap().normalize_str_with(o), "http://example.com/");
    /// }
    /// ```
    #[cfg(feature = "alloc")]
    #[must_use]
    pub fn normalize_str_with(&self, opts: NormalizeOptions) -> Cow<'a, str> {
        normalize::normalize_str(self, opts)
    }

    /// Whether `self` and `other` have the same syntax-based normal form
    /// (RFC 3986 §6.2.2), compared component by component without building
    /// either string. Agrees with comparing
    /// [`normalize_str`](UriRef::normalize_str) outputs. Never panics.
    ///
    /// ```
    /// use uriscan::UriRef;
    /// let p = |s| UriRef::parse(s).unwrap();
    /// assert!(p("HTTP://example.com/%7E").normalized_eq(&p("http://EXAMPLE.com/~")));
    /// assert!(!p("http://example.com").normalized_eq(&p("http://example.com/")));
    /// ```
    #[must_use]
    pub fn normalized_eq(&self, other: &UriRef<'_>) -> bool {
        self.normalized_eq_with(other, NormalizeOptions::SYNTAX)
    }

    /// [`normalized_eq`](UriRef::normalized_eq) with options (§6.2.3 too
    /// with `opts.scheme_based`). Agrees with comparing
    /// [`normalize_str_with`](UriRef::normalize_str_with) outputs. Never panics.
    ///
    /// ```
    /// use uriscan::{NormalizeOptions, UriRef};
    /// let p = |s| UriRef::parse(s).unwrap();
    /// let o = NormalizeOptions::SCHEME_BASED;
    /// assert!(p("http://example.com").normalized_eq_with(&p("HTTP://EXAMPLE.com:80/"), o));
    /// assert!(p("http://example.com/%7E").normalized_eq_with(&p("http://example.com/~"), o));
    /// assert!(!p("http://example.com/?").normalized_eq_with(&p("http://example.com/"), o));
    /// ```
    #[must_use]
    pub fn normalized_eq_with(&self, other: &UriRef<'_>, opts: NormalizeOptions) -> bool {
        normalize::normalized_eq(self, other, opts)
    }

    /// Feeds `state` a hash of the syntax-based normal form, without
    /// building it: references that are
    /// [`normalized_eq`](UriRef::normalized_eq) hash equally, with any
    /// `Hasher`. Never panics.
    ///
    /// ```
    /// use std::hash::{BuildHasher, RandomState};
    /// use uriscan::UriRef;
    /// let rs = RandomState::new();
    /// let h = |s| {
    ///     let mut st = rs.build_hasher();
    ///     UriRef::parse(s).unwrap().normalized_hash(&mut st);
    ///     std::hash::Hasher::finish(&st)
    /// };
    /// assert_eq!(h("HTTP://example.com/%7e"), h("http://example.com/~"));
    /// ```
    pub fn normalized_hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.normalized_hash_with(state, NormalizeOptions::SYNTAX);
    }

    /// [`normalized_hash`](UriRef::normalized_hash) with options:
    /// references that are [`normalized_eq_with`](UriRef::normalized_eq_with)
    /// (with the same `opts`) hash equally. For deduplication at crawl
    /// scale. Never panics.
    ///
    /// ```
    /// use std::hash::{BuildHasher, RandomState};
    /// use uriscan::{NormalizeOptions, UriRef};
    /// let rs = RandomState::new();
    /// let h = |s| {
    ///     let mut st = rs.build_hasher();
    ///     UriRef::parse(s).unwrap().normalized_hash_with(&mut st, NormalizeOptions::SCHEME_BASED);
    ///     std::hash::Hasher::finish(&st)
    /// };
    /// assert_eq!(h("http://example.com:/"), h("http://example.com"));
    /// ```
    pub fn normalized_hash_with<H: core::hash::Hasher>(&self, state: &mut H, opts: NormalizeOptions) {
        normalize::normalized_hash(self, state, opts);
    }
}

/// Normalization of an owned reference, as for its view.
#[cfg(feature = "alloc")]
impl UriBuf {
    /// [`UriRef::normalize`] of this reference: borrowed from it when
    /// already normal.
    ///
    /// # Errors
    /// As for [`UriRef::normalize`]. Never panics.
    ///
    /// ```
    /// let u: uriscan::UriBuf = "HTTP://H/./a".parse().unwrap();
    /// assert_eq!(u.normalize().unwrap(), "http://h/a");
    /// ```
    pub fn normalize(&self) -> Result<UriCow<'_>, ParseError> {
        self.as_uri_ref().normalize()
    }
}
