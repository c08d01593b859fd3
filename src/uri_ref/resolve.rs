//! Resolution (RFC 3986 §5) of a reference against a base, and
//! relativization, its inverse; the algorithms are in `src/resolve.rs` and
//! `src/relativize.rs`.

use alloc::string::String;

use super::UriRef;
use crate::owned::UriBuf;
use crate::relativize::{relativize, RelativizeError};
use crate::resolve::{resolve_into, ResolveError, ResolveMode};

/// Resolution (§5): a parsed [`UriBuf`] (`resolve`), its text
/// (`resolve_str`), or the text written into a buffer (`resolve_into`);
/// each in strict mode, or `_with` a [`ResolveMode`]. And relativization,
/// the inverse.
impl UriRef<'_> {
    /// Resolves this reference against `base` (RFC 3986 §5.2, strict mode)
    /// into a parsed [`UriBuf`]: [`resolve_str`](UriRef::resolve_str),
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

    /// [`resolve`](UriRef::resolve) in the given mode.
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

    /// Resolves this reference against `base` (RFC 3986 §5.2, strict mode),
    /// as text.
    ///
    /// The base's fragment is ignored. The result is a URI; when
    /// `remove_dot_segments` leaves a path starting with `//` and there is no
    /// authority (`s:a/..//b`), `/.` is put before it (`s:/.//b`) so that
    /// the path is not read back as an authority.
    ///
    /// # Errors
    /// [`ResolveError::BaseWithoutScheme`] if `base` has no scheme. Never panics.
    ///
    /// ```
    /// use uriscan::UriRef;
    /// let base = UriRef::parse("http://a/b/c/d;p?q#frag").unwrap();
    /// assert_eq!(UriRef::parse("").unwrap().resolve_str(&base).unwrap(), "http://a/b/c/d;p?q");
    /// assert_eq!(UriRef::parse("//g").unwrap().resolve_str(&base).unwrap(), "http://g");
    /// ```
    pub fn resolve_str(&self, base: &UriRef<'_>) -> Result<String, ResolveError> {
        self.resolve_str_with(base, ResolveMode::Strict)
    }

    /// [`resolve_str`](UriRef::resolve_str) in the given mode (§5.2.2, and
    /// the algorithms of the RFCs 3986 obsoletes).
    ///
    /// # Errors
    /// [`ResolveError::BaseWithoutScheme`] if `base` has no scheme. Never panics.
    ///
    /// ```
    /// use uriscan::{ResolveMode, UriRef};
    /// let base = UriRef::parse("HTTP://a/b").unwrap();
    /// let r = UriRef::parse("http:c").unwrap();
    /// assert_eq!(r.resolve_str_with(&base, ResolveMode::NonStrict).unwrap(), "HTTP://a/c");
    /// ```
    pub fn resolve_str_with(&self, base: &UriRef<'_>, mode: ResolveMode) -> Result<String, ResolveError> {
        let mut out = String::new();
        resolve_into(self, base, mode, &mut out)?;
        Ok(out)
    }

    /// [`resolve_str`](UriRef::resolve_str) into `out`, which is cleared
    /// first, so that one buffer can serve many resolutions.
    ///
    /// # Errors
    /// [`ResolveError::BaseWithoutScheme`] if `base` has no scheme (`out` is
    /// then left empty). Never panics.
    ///
    /// ```
    /// use uriscan::UriRef;
    /// let base = UriRef::parse("http://a/b/c/d;p?q").unwrap();
    /// let mut buf = String::new();
    /// for (r, want) in [("g;x?y#s", "http://a/b/c/g;x?y#s"), ("../../g", "http://a/g")] {
    ///     UriRef::parse(r).unwrap().resolve_into(&base, &mut buf).unwrap();
    ///     assert_eq!(buf, want);
    /// }
    /// ```
    pub fn resolve_into(&self, base: &UriRef<'_>, out: &mut String) -> Result<(), ResolveError> {
        resolve_into(self, base, ResolveMode::Strict, out)
    }

    /// [`resolve_into`](UriRef::resolve_into) in the given mode.
    ///
    /// # Errors
    /// As for [`resolve_into`](UriRef::resolve_into). Never panics.
    ///
    /// ```
    /// use uriscan::{ResolveMode, UriRef};
    /// let base = UriRef::parse("http://a/b/c/d;p?q").unwrap();
    /// let mut buf = String::new();
    /// UriRef::parse("../../../g").unwrap().resolve_into_with(&base, &mut buf, ResolveMode::Rfc2396).unwrap();
    /// assert_eq!(buf, "http://a/../g");
    /// ```
    pub fn resolve_into_with(
        &self,
        base: &UriRef<'_>,
        out: &mut String,
        mode: ResolveMode,
    ) -> Result<(), ResolveError> {
        resolve_into(self, base, mode, out)
    }

    /// The shortest reference `r` with `r.as_uri_ref().resolve_str(base)` equal to
    /// this target, byte for byte (strict mode, §5.2). A target with another
    /// scheme is its own answer; one with another authority gives a
    /// network-path reference (`//host/path`).
    ///
    /// The candidates are the forms of §4.2 that can give the target: a
    /// same-document reference (`""`, `#f`), a query (`?q#f`), a relative
    /// path (with as many `../` as the base's directory needs), an absolute
    /// path, a network path, and the target itself. Each is resolved against
    /// the base and kept only when the result is the target byte for byte;
    /// the shortest kept one is the answer (the first of these forms among
    /// equals). Names are compared exactly (`HTTP` is not `http`): relativize
    /// normalized references to ignore such differences.
    ///
    /// # Errors
    /// A [`RelativizeError`] when no reference resolves to the target: the
    /// base or the target has no scheme, or the target's path has dot
    /// segments. Never panics.
    ///
    /// ```
    /// use uriscan::UriRef;
    /// let base = UriRef::parse("http://a/b/c/d;p?q").unwrap();
    /// for (target, want) in [
    ///     ("http://a/b/c/d;p?q#s", "#s"),
    ///     ("http://a/b/c/d;p?y", "?y"),
    ///     ("http://a/b/c/g", "g"),
    ///     ("http://a/b/c/", "."),
    ///     ("http://a/g", "/g"),
    ///     ("http://g/x", "//g/x"),
    ///     ("https://a/b", "https://a/b"),
    /// ] {
    ///     let r = UriRef::parse(target).unwrap().relativize(&base).unwrap();
    ///     assert_eq!(r, want);
    ///     assert_eq!(r.as_uri_ref().resolve_str(&base).unwrap(), target);
    /// }
    /// ```
    pub fn relativize(&self, base: &UriRef<'_>) -> Result<UriBuf, RelativizeError> {
        relativize(self, base)
    }
}

/// Resolution and relativization of an owned reference, as for its view.
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

    /// [`UriRef::relativize`] of this target against `base`.
    ///
    /// # Errors
    /// As for [`UriRef::relativize`]. Never panics.
    ///
    /// ```
    /// let base: uriscan::UriBuf = "http://a/b/c/x/y".parse().unwrap();
    /// let t: uriscan::UriBuf = "http://a/b/c/d".parse().unwrap();
    /// assert_eq!(t.relativize(&base.as_uri_ref()).unwrap(), "../d");
    /// ```
    pub fn relativize(&self, base: &UriRef<'_>) -> Result<UriBuf, RelativizeError> {
        self.as_uri_ref().relativize(base)
    }
}
