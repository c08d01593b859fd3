//! Parsing (RFC 3986 §4.1): [`UriRef::parse`], and the entry points of
//! [`Syntax`] that give a [`UriRef`] or check an input: one `Syntax` value
//! says which grammar and entry rule, the method's name which input (text
//! or `_bytes`, one or `_each` of a batch).

use super::UriRef;
use crate::error::ParseError;
use crate::grammar::Syntax;
use crate::scan;

impl<'a> UriRef<'a> {
    /// Parses `input` as an RFC 3986 `URI-reference` (§4.1): the shorthand
    /// for [`Syntax::UriReference.parse(input)`](Syntax::parse). Other
    /// grammars and entry rules, bytes and batches: [`Syntax`].
    ///
    /// # Errors
    /// A [`ParseError`] with the index of the first byte no valid
    /// continuation allows. Never panics.
    ///
    /// ```
    /// assert!(uriscan::UriRef::parse("../a?b#c").is_ok());
    /// assert_eq!(uriscan::UriRef::parse("a b").unwrap_err().index(), 1);
    /// ```
    #[inline]
    pub fn parse(input: &'a str) -> Result<UriRef<'a>, ParseError> {
        Syntax::UriReference.parse(input)
    }
}

/// The parse and validation entry points: one [`Syntax`] value says which
/// grammar and entry rule, the method which input (text, or `_bytes`; one,
/// or `_each` of a batch).
impl Syntax {
    /// Parses `input` by this syntax. The view is the same for every
    /// grammar; components a grammar does not define are `None` (RFC 1630
    /// has no authority; an RFC 2396 registry-based authority has no host),
    /// and [`host_kind`](UriRef::host_kind) is `Ipv4` or `RegName` (a
    /// `hostname`) under RFC 2396. Error kinds name the grammar's own
    /// contexts, mapped onto [`ErrorKind`](crate::ErrorKind).
    ///
    /// # Errors
    /// A [`ParseError`] with the index of the first byte no valid
    /// continuation allows in that grammar. Never panics.
    ///
    /// ```
    /// use uriscan::{ErrorKind, HostKind, Syntax};
    /// assert!(Syntax::AbsoluteUri.parse("http://a/b?c").is_ok());
    /// assert!(Syntax::RelativeRef.parse("a:b").is_err());
    /// let u = Syntax::Rfc2396UriReference.parse("http://a/b;p/c?q").unwrap();
    /// assert_eq!((u.host(), u.host_kind()), (Some("a"), Some(HostKind::RegName)));
    /// // A registry-based authority: no server parse, so no host.
    /// let u = Syntax::Rfc2396UriReference.parse("//a_b/c").unwrap();
    /// assert_eq!((u.authority(), u.host()), (Some("a_b"), None));
    /// // "=" is reserved in RFC 1630 and appears in no production.
    /// let e = Syntax::Fragmentaddress.parse("s:p?a=b").unwrap_err();
    /// assert_eq!((e.index(), e.kind()), (5, ErrorKind::Query));
    /// ```
    #[inline(always)]
    pub fn parse(self, input: &str) -> Result<UriRef<'_>, ParseError> {
        let caps = scan::scan(input.as_bytes(), self)?;
        Ok(UriRef { s: input, caps })
    }

    /// Parses bytes by this syntax: bytes the grammar does not admit,
    /// non-ASCII ones included (but for RFC 3987's UTF-8), are an error at
    /// their index.
    ///
    /// # Errors
    /// A [`ParseError`] as for [`parse`](Syntax::parse). Never panics.
    ///
    /// ```
    /// use uriscan::Syntax;
    /// assert_eq!(Syntax::UriReference.parse_bytes(b"/caf\xC3\xA9").unwrap_err().index(), 4);
    /// assert!(Syntax::IriReference.parse_bytes(b"/caf\xC3\xA9").is_ok());
    /// assert!(Syntax::Fragmentaddress.parse_bytes(b"news:a\"b").is_ok());
    /// ```
    #[inline(always)]
    pub fn parse_bytes(self, input: &[u8]) -> Result<UriRef<'_>, ParseError> {
        let caps = scan::scan(input, self)?;
        UriRef::from_accepted(input, caps)
    }

    /// Checks `input` against this syntax without recording its
    /// components: `Ok(())` exactly when [`parse`](Syntax::parse) accepts
    /// it, else the same error (index and context). For validation only (a
    /// `check`, a validity column) it runs the syntax's validator, the
    /// automaton without tags that the generator emits beside each
    /// grammar's: no tag operations, no registers, no captures to build.
    ///
    /// # Errors
    /// A [`ParseError`] as for [`parse`](Syntax::parse). Never panics.
    ///
    /// ```
    /// use uriscan::{ErrorKind, Syntax};
    /// assert!(Syntax::UriReference.validate("http://a/b?c#d").is_ok());
    /// let e = Syntax::UriReference.validate("http://[::1").unwrap_err();
    /// assert_eq!((e.index(), e.kind()), (11, ErrorKind::IpLiteral));
    /// assert_eq!(Syntax::IriReference.validate("/日本"), Ok(()));
    /// ```
    #[inline(always)]
    pub fn validate(self, input: &str) -> Result<(), ParseError> {
        scan::validate(input.as_bytes(), self)
    }

    /// [`validate`](Syntax::validate) over bytes: `Ok(())` exactly when
    /// [`parse_bytes`](Syntax::parse_bytes) accepts `input`, else the same
    /// error.
    ///
    /// # Errors
    /// A [`ParseError`] as for [`parse_bytes`](Syntax::parse_bytes). Never panics.
    ///
    /// ```
    /// use uriscan::Syntax;
    /// assert!(Syntax::UriReference.validate_bytes(b"http://a/b?c#d").is_ok());
    /// assert_eq!(Syntax::UriReference.validate_bytes(b"/caf\xC3\xA9").unwrap_err().index(), 4);
    /// assert_eq!(Syntax::IriReference.validate_bytes(b"/caf\xC3\xA9"), Ok(()));
    /// ```
    #[inline(always)]
    pub fn validate_bytes(self, input: &[u8]) -> Result<(), ParseError> {
        scan::validate(input, self)
    }

    /// Parses every string of `inputs`, in order, and calls `f` with each
    /// string and its result: [`parse`](Syntax::parse) for a batch. The SIMD
    /// code is chosen and entered once for the batch, not once per string,
    /// which saves the fixed cost of a call (see BENCHMARKS.md). `f` runs
    /// for each item before the next one is taken from the iterator, so
    /// state the iterator and `f` share (a row counter, a `Cell`) stays in
    /// step.
    ///
    /// Never panics (unless the iterator or `f` does).
    ///
    /// ```
    /// use uriscan::Syntax;
    /// let mut hosts = Vec::new();
    /// Syntax::UriReference.parse_each(["http://a/x", "b c", "//d"], |s, r| hosts.push((s, r.ok().and_then(|u| u.host()))));
    /// assert_eq!(hosts, [("http://a/x", Some("a")), ("b c", None), ("//d", Some("d"))]);
    /// let mut paths = Vec::new();
    /// Syntax::IriReference.parse_each(["/wiki/日本", "/a b"], |_, r| paths.push(r.map(|u| u.path())));
    /// assert_eq!(paths[0], Ok("/wiki/日本"));
    /// assert_eq!(paths[1].unwrap_err().index(), 2);
    /// ```
    #[inline]
    pub fn parse_each<'a, I, F>(self, inputs: I, mut f: F)
    where
        I: IntoIterator<Item = &'a str>,
        F: FnMut(&'a str, Result<UriRef<'a>, ParseError>),
    {
        let inputs = inputs.into_iter().map(Bytes);
        scan::scan_each(inputs, self, |Bytes(s), r| f(s, r.map(|&caps| UriRef { s, caps })));
    }

    /// [`parse_each`](Syntax::parse_each) over bytes (as
    /// [`parse_bytes`](Syntax::parse_bytes)).
    ///
    /// Never panics (unless the iterator or `f` does).
    ///
    /// ```
    /// use uriscan::Syntax;
    /// let mut ok = Vec::new();
    /// let lines: [&[u8]; 3] = [b"http://a/", b"caf\xC3\xA9", b"\xFF"];
    /// Syntax::UriReference.parse_bytes_each(lines, |_, r| ok.push(r.map_err(|e| e.index()).map(|u| u.as_str())));
    /// assert_eq!(ok, [Ok("http://a/"), Err(3), Err(0)]);
    /// ```
    #[inline]
    pub fn parse_bytes_each<'a, I, F>(self, inputs: I, mut f: F)
    where
        I: IntoIterator<Item = &'a [u8]>,
        F: FnMut(&'a [u8], Result<UriRef<'a>, ParseError>),
    {
        scan::scan_each(inputs.into_iter(), self, |b, r| f(b, r.and_then(|&caps| UriRef::from_accepted(b, caps))));
    }

    /// Checks every string of `inputs`, in order, and calls `f` with each
    /// string and its result: [`validate`](Syntax::validate) for a batch
    /// (the validator's SIMD code chosen and entered once, as in
    /// [`parse_each`](Syntax::parse_each)). As there, `f` runs for each
    /// item before the next one is taken from the iterator, so state the
    /// iterator and `f` share stays in step.
    ///
    /// Never panics (unless the iterator or `f` does).
    ///
    /// ```
    /// use uriscan::{ErrorKind, Syntax};
    /// let mut bad = Vec::new();
    /// Syntax::UriReference.validate_each(["http://a/b", "http://[::1", "a b"], |s, r| {
    ///     if let Err(e) = r {
    ///         bad.push((s, e.index(), e.kind()));
    ///     }
    /// });
    /// assert_eq!(bad, [("http://[::1", 11, ErrorKind::IpLiteral), ("a b", 1, ErrorKind::Reference)]);
    /// ```
    #[inline]
    pub fn validate_each<'a, I, F>(self, inputs: I, mut f: F)
    where
        I: IntoIterator<Item = &'a str>,
        F: FnMut(&'a str, Result<(), ParseError>),
    {
        let inputs = inputs.into_iter().map(Bytes);
        scan::validate_each(inputs, self, |Bytes(s), r| f(s, r));
    }

    /// [`validate_each`](Syntax::validate_each) over bytes (as
    /// [`validate_bytes`](Syntax::validate_bytes)).
    ///
    /// Never panics (unless the iterator or `f` does).
    ///
    /// ```
    /// use uriscan::Syntax;
    /// let mut bad = Vec::new();
    /// let lines: [&[u8]; 3] = [b"http://a/", b"caf\xC3\xA9", b"//h"];
    /// Syntax::UriReference.validate_bytes_each(lines, |b, r| bad.extend(r.err().map(|e| (b, e.index()))));
    /// assert_eq!(bad, [(&b"caf\xC3\xA9"[..], 3)]);
    /// ```
    #[inline]
    pub fn validate_bytes_each<'a, I, F>(self, inputs: I, f: F)
    where
        I: IntoIterator<Item = &'a [u8]>,
        F: FnMut(&'a [u8], Result<(), ParseError>),
    {
        scan::validate_each(inputs.into_iter(), self, f);
    }
}

/// A string seen as its bytes (for the batch walker, which takes
/// `AsRef<[u8]>` items and gives them back).
struct Bytes<'a>(&'a str);

impl AsRef<[u8]> for Bytes<'_> {
    #[inline(always)]
    fn as_ref(&self) -> &[u8] {
        self.0.as_bytes()
    }
}
