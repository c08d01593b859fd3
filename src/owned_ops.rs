//! Resolution and normalization giving parsed values: [`UriBuf`], or
//! [`UriCow`] where nothing changed. The result is parsed once more (by the
//! RFC 3986 grammar), so every component is at hand without the caller
//! parsing it; the `String` forms (`resolve_against`, `resolve_into`,
//! `normalize`) stay for buffer-reusing loops.
//!
//! ```
//! use uriscan::UriRef;
//! let base = UriRef::parse("http://a/b/c/d;p?q").unwrap();
//! let u = UriRef::parse("../g?y").unwrap().resolve(&base).unwrap();
//! assert_eq!((u.path(), u.query()), ("/b/g", Some("y")));
//! let n = UriRef::parse("HTTP://A/%7e").unwrap().normalize().unwrap();
//! assert_eq!(n.as_uri_ref().path(), "/~");
//! ```

use alloc::borrow::Cow;

use crate::error::ParseError;

use crate::normalize::NormalizeOptions;

use crate::owned::{UriBuf, UriCow};

use crate::resolve::{ResolveError, ResolveMode};

use crate::uri::UriRef;

impl UriRef<'_> {
    /// Resolves this reference against `base` (RFC 3986 §5.2, strict) into a
    /// parsed [`UriBuf`]: [`resolve_against`](UriRef::resolve_str),
    /// then parsed.
    ///
    /// # Errors
    /// [`ResolveError::BaseWithoutScheme`] if `base` has no scheme;
    /// [`ResolveError::NotAReference`] when the result is not an RFC 3986
    /// reference, which can only happen for a reference or base parsed by
    /// another grammar. Never panics.
    ///
    /// ```
    /// use uriscan::UriRef;
    /// let base = UriRef::parse("http://a/b/c/d;p?q").unwrap();
    /// let u = UriRef::parse("//g/h").unwrap().resolve(&base).unwrap();
    /// assert_eq!((u.host(), u.path()), (Some("g"), "/h"));
    /// ```
    pub fn resolve(&self, base: &UriRef<'_>) -> Result<UriBuf, ResolveError> {
        self.resolve_with(base, ResolveMode::Strict)
    }

    /// Resolves in the given mode ([`resolve_against_with`](UriRef::resolve_str_with))
    /// into a parsed [`UriBuf`].
    ///
    /// # Errors
    /// As for [`resolve`](UriRef::resolve). Never panics.
    ///
    /// ```
    /// use uriscan::{ResolveMode, UriRef};
    /// let base = UriRef::parse("http://a/b/c/d;p?q").unwrap();
    /// let u = UriRef::parse("../../../g").unwrap().resolve_with(&base, ResolveMode::Rfc2396).unwrap();
    /// assert_eq!(u.path(), "/../g");
    /// ```
    pub fn resolve_with(&self, base: &UriRef<'_>, mode: ResolveMode) -> Result<UriBuf, ResolveError> {
        let s = self.resolve_str_with(base, mode)?;
        UriBuf::try_from(s).map_err(|e| ResolveError::NotAReference(e.error()))
    }
}

impl<'a> UriRef<'a> {
    /// Syntax-based normalization ([`normalize`](UriRef::normalize_str)) as a
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
    pub fn normalize(&self) -> Result<UriCow<'a>, ParseError> {
        self.normalize_with(NormalizeOptions::SYNTAX)
    }

    /// Normalization with options ([`normalize_with`](UriRef::normalize_str_with))
    /// as a parsed value, borrowed when nothing changed.
    ///
    /// # Errors
    /// As for [`normalized`](UriRef::normalize). Never panics.
    ///
    /// ```
    /// use uriscan::{NormalizeOptions, UriRef};
    /// let n = UriRef::parse("http://h:80").unwrap().normalize_with(NormalizeOptions::SCHEME_BASED).unwrap();
    /// assert_eq!((n.as_uri_ref().port(), n.as_uri_ref().path()), (None, "/"));
    /// ```
    pub fn normalize_with(&self, opts: NormalizeOptions) -> Result<UriCow<'a>, ParseError> {
        match self.normalize_str_with(opts) {
            Cow::Borrowed(b) if b.len() == self.as_str().len() => Ok(UriCow::Borrowed(*self)),
            // A prefix of the input (scheme-based normalization dropped a
            // default port or an empty query at the end): still borrowed.
            Cow::Borrowed(b) => UriRef::parse(b).map(UriCow::Borrowed),
            Cow::Owned(s) => UriBuf::try_from(s).map(UriCow::Owned).map_err(|e| e.error()),
        }
    }
}

impl UriBuf {
    /// [`UriRef::resolve`] of this reference against `base`.
    ///
    /// # Errors
    /// As for [`UriRef::resolve`]. Never panics.
    ///
    /// ```
    /// use uriscan::UriBuf;
    /// let base: UriBuf = "http://a/b/c".parse().unwrap();
    /// let r: UriBuf = "d?e".parse().unwrap();
    /// assert_eq!(r.resolve(&base.as_uri_ref()).unwrap(), "http://a/b/d?e");
    /// ```
    pub fn resolve(&self, base: &UriRef<'_>) -> Result<UriBuf, ResolveError> {
        self.as_uri_ref().resolve(base)
    }

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

#[cfg(feature = "std")]
impl<'a> UriRef<'a> {
    /// The IRI-to-URI mapping ([`to_uri`](UriRef::to_uri_str), RFC 3987 §3.1)
    /// as a parsed RFC 3986 reference: borrowed when the IRI is already a
    /// URI, else a new [`UriBuf`].
    ///
    /// # Errors
    /// A [`ParseError`] when the mapped text is not an RFC 3986 reference
    /// (only for a reference parsed by RFC 2396 or RFC 1630 with bytes
    /// RFC 3986 excludes). Never panics.
    ///
    /// ```
    /// use uriscan::{Syntax};
    /// let iri = Syntax::IriReference.parse("http://www.example.org/D\u{fc}rst").unwrap();
    /// let u = iri.to_uri().unwrap();
    /// assert_eq!(u.as_uri_ref().path(), "/D%C3%BCrst");
    /// ```
    pub fn to_uri(&self) -> Result<UriCow<'a>, ParseError> {
        match self.to_uri_str() {
            Cow::Borrowed(b) => UriRef::parse(b).map(UriCow::Borrowed),
            Cow::Owned(s) => UriBuf::try_from(s).map(UriCow::Owned).map_err(|e| e.error()),
        }
    }
}
