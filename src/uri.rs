//! Borrowed views of parsed URI references (RFC 3986 §3, §4).

use crate::components::{Component, Components};
use crate::error::ParseError;
use crate::grammar::Syntax;
use crate::host::{HostKind, Port};
use crate::scan::{self, Captures};

/// A parsed URI reference: the input and the offsets of its components.
///
/// Parsing validates the whole input against the grammar compiled from
/// `grammar/rfc3986.abnf` and allocates nothing. Every accessor returns a
/// slice of the input; undefined components are `None`, distinct from empty.
///
/// ```
/// use uriscan::UriRef;
/// let u = UriRef::parse("foo://user@example.com:8042/over/there?name=ferret#nose").unwrap();
/// assert_eq!(u.scheme(), Some("foo"));
/// assert_eq!(u.authority(), Some("user@example.com:8042"));
/// assert_eq!(u.userinfo(), Some("user"));
/// assert_eq!(u.host(), Some("example.com"));
/// assert_eq!(u.port(), Some("8042"));
/// assert_eq!(u.path(), "/over/there");
/// assert_eq!(u.query(), Some("name=ferret"));
/// assert_eq!(u.fragment(), Some("nose"));
/// ```
///
/// # Methods by topic
///
/// The methods live beside what they do; this is where to find each group
/// (`tests/api.rs` checks that the table names every public method). Names
/// say what comes back: a bare verb gives a parsed value ([`UriBuf`](crate::UriBuf),
/// or [`UriCow`](crate::UriCow), borrowed when nothing changes); `_str`
/// gives the text (`String` or `Cow<str>`); `_into` writes into a buffer
/// the caller passes; `_with` takes one options value (a
/// [`ResolveMode`](crate::ResolveMode), [`NormalizeOptions`](crate::NormalizeOptions)).
///
/// | topic | methods | source |
/// | --- | --- | --- |
/// | parsing | [`parse`](UriRef::parse) (RFC 3986 `URI-reference`); any other grammar or entry rule, bytes, batches: [`Syntax`]'s [`parse`](Syntax::parse), `parse_bytes`, `parse_each`, `parse_bytes_each`; validation only: `validate`, `validate_each`; dirty input, every violation: [`parse_lenient`](Syntax::parse_lenient) | `src/uri.rs`, `src/lenient.rs` |
/// | components (§3) | [`scheme`](UriRef::scheme), `authority`, `userinfo`, `host`, `port`, `path`, `query`, `fragment`, `components`, `range`, `as_str` | `src/uri.rs` |
/// | host and port (§3.2.2, §3.2.3) | [`host_kind`](UriRef::host_kind), `ipv4`, `ipv6`, `port_value`, `is_uri` | `src/uri.rs` |
/// | owned copy | [`to_buf`](UriRef::to_buf) | `src/owned.rs` |
/// | resolution (§5) | [`resolve`](UriRef::resolve), `resolve_with`; [`resolve_str`](UriRef::resolve_str), `resolve_str_with`; [`resolve_into`](UriRef::resolve_into) | `src/owned_ops.rs`, `src/resolve.rs` |
/// | relativization (the inverse of §5) | [`relativize`](UriRef::relativize) | `src/relativize.rs` |
/// | normalization, comparison (§6) | [`normalize`](UriRef::normalize), `normalize_with`; [`normalize_str`](UriRef::normalize_str), `normalize_str_with`; [`normalized_eq`](UriRef::normalized_eq), `normalized_hash` | `src/owned_ops.rs`, `src/normalize.rs` |
/// | editing (§5.3) | [`edit`](UriRef::edit) | `src/builder/edit.rs` |
/// | iterators | [`path_segments`](UriRef::path_segments), `query_pairs` | `src/iter.rs` |
/// | IRIs (RFC 3987) | [`to_uri`](UriRef::to_uri); [`to_uri_str`](UriRef::to_uri_str), `to_iri_str`, `to_uri_idna_str`, `normalize_iri_str`, `normalize_iri_nfc_str`; [`iri_eq`](UriRef::iri_eq); the rest of [`iri`](crate::iri) | `src/owned_ops.rs`, `src/iri.rs` |
/// | security (§7) | [`security_findings`](UriRef::security_findings), `ambiguous_ipv4_host`, `path_hazards`, `userinfo_looks_like_host`, `redacted` | `src/security/` |
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct UriRef<'a> {
    s: &'a str,
    caps: Captures,
}

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

    /// The view of bytes a grammar accepted (ASCII, or UTF-8 for RFC 3987's,
    /// whose automaton takes only well-formed UTF-8).
    #[inline]
    fn from_accepted(input: &'a [u8], caps: Captures) -> Result<UriRef<'a>, ParseError> {
        match core::str::from_utf8(input) {
            Ok(s) => Ok(UriRef { s, caps }),
            Err(e) => Err(ParseError {
                index: e.valid_up_to(),
                kind: crate::ErrorKind::Reference,
                found: input.get(e.valid_up_to()).copied(),
            }),
        }
    }

    /// The view of `s` with the captures a scan of `s` gave (for `UriBuf`).
    #[inline]
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    pub(crate) fn from_parts(s: &'a str, caps: Captures) -> UriRef<'a> {
        UriRef { s, caps }
    }

    /// The captures of this view (for `UriBuf`).
    #[inline]
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    pub(crate) fn captures(&self) -> Captures {
        self.caps
    }

    /// Byte offsets of capture `cap` (`scan::CAP_*`), when defined.
    #[inline]
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    pub(crate) fn offsets(&self, cap: usize) -> Option<(usize, usize)> {
        self.caps.span(cap)
    }

    #[inline]
    fn span(&self, cap: usize) -> Option<&'a str> {
        let (a, b) = self.caps.span(cap)?;
        self.s.get(a..b)
    }

    /// The whole reference, as given.
    ///
    /// ```
    /// assert_eq!(uriscan::UriRef::parse("a/b").unwrap().as_str(), "a/b");
    /// ```
    #[inline]
    #[must_use]
    pub fn as_str(&self) -> &'a str {
        self.s
    }

    /// The scheme, without its `:` (§3.1).
    ///
    /// ```
    /// assert_eq!(uriscan::UriRef::parse("HTTP:x").unwrap().scheme(), Some("HTTP"));
    /// assert_eq!(uriscan::UriRef::parse("x").unwrap().scheme(), None);
    /// ```
    #[inline]
    #[must_use]
    pub fn scheme(&self) -> Option<&'a str> {
        self.span(scan::CAP_SCHEME)
    }

    /// The authority, without the leading `//` (§3.2).
    ///
    /// ```
    /// assert_eq!(uriscan::UriRef::parse("file:///etc").unwrap().authority(), Some(""));
    /// assert_eq!(uriscan::UriRef::parse("file:/etc").unwrap().authority(), None);
    /// ```
    #[inline]
    #[must_use]
    pub fn authority(&self) -> Option<&'a str> {
        self.span(scan::CAP_AUTHORITY)
    }

    /// The userinfo, without its `@` (§3.2.1).
    ///
    /// ```
    /// assert_eq!(uriscan::UriRef::parse("//u:p@h").unwrap().userinfo(), Some("u:p"));
    /// assert_eq!(uriscan::UriRef::parse("//@h").unwrap().userinfo(), Some(""));
    /// ```
    #[inline]
    #[must_use]
    pub fn userinfo(&self) -> Option<&'a str> {
        self.span(scan::CAP_USERINFO)
    }

    /// The host (§3.2.2); an IP literal keeps its brackets.
    ///
    /// ```
    /// assert_eq!(uriscan::UriRef::parse("//[::1]:80").unwrap().host(), Some("[::1]"));
    /// assert_eq!(uriscan::UriRef::parse("/p").unwrap().host(), None);
    /// ```
    #[inline]
    #[must_use]
    pub fn host(&self) -> Option<&'a str> {
        self.span(scan::CAP_HOST)
    }

    /// The port digits, without the `:` (§3.2.3).
    ///
    /// ```
    /// assert_eq!(uriscan::UriRef::parse("//h:").unwrap().port(), Some(""));
    /// assert_eq!(uriscan::UriRef::parse("//h").unwrap().port(), None);
    /// ```
    #[inline]
    #[must_use]
    pub fn port(&self) -> Option<&'a str> {
        self.span(scan::CAP_PORT)
    }

    /// The path (§3.3); always defined, possibly empty.
    ///
    /// ```
    /// assert_eq!(uriscan::UriRef::parse("mailto:a@b").unwrap().path(), "a@b");
    /// assert_eq!(uriscan::UriRef::parse("?q").unwrap().path(), "");
    /// ```
    #[inline]
    #[must_use]
    pub fn path(&self) -> &'a str {
        self.span(scan::CAP_PATH).unwrap_or("")
    }

    /// The query, without its `?` (§3.4).
    ///
    /// ```
    /// assert_eq!(uriscan::UriRef::parse("http://h?").unwrap().query(), Some(""));
    /// assert_eq!(uriscan::UriRef::parse("http://h").unwrap().query(), None);
    /// ```
    #[inline]
    #[must_use]
    pub fn query(&self) -> Option<&'a str> {
        self.span(scan::CAP_QUERY)
    }

    /// The fragment, without its `#` (§3.5).
    ///
    /// ```
    /// assert_eq!(uriscan::UriRef::parse("#").unwrap().fragment(), Some(""));
    /// ```
    #[inline]
    #[must_use]
    pub fn fragment(&self) -> Option<&'a str> {
        self.span(scan::CAP_FRAGMENT)
    }

    /// The five components of §5.3 as one value.
    ///
    /// ```
    /// let u = uriscan::UriRef::parse("s://a/p?q#f").unwrap();
    /// assert_eq!(u.components().to_string(), "s://a/p?q#f");
    /// ```
    #[inline]
    #[must_use]
    pub fn components(&self) -> Components<'a> {
        Components {
            scheme: self.scheme(),
            authority: self.authority(),
            path: self.path(),
            query: self.query(),
            fragment: self.fragment(),
        }
    }

    /// The byte range of component `part` in [`as_str`](UriRef::as_str),
    /// `None` when it is undefined (the path is always defined, and may be
    /// empty). One call and no string slicing: for callers that record
    /// offsets rather than slices (columnar output, indexes).
    ///
    /// ```
    /// use uriscan::{Component, UriRef};
    /// let u = UriRef::parse("http://h:8080/p?q").unwrap();
    /// assert_eq!(u.range(Component::Port), Some(9..13));
    /// assert_eq!(u.range(Component::Path), Some(13..15));
    /// assert_eq!(u.range(Component::Fragment), None);
    /// assert_eq!(&u.as_str()[u.range(Component::Host).unwrap()], "h");
    /// ```
    #[inline]
    #[must_use]
    pub fn range(&self, part: Component) -> Option<core::ops::Range<usize>> {
        let cap = match part {
            Component::Scheme => scan::CAP_SCHEME,
            Component::Authority => scan::CAP_AUTHORITY,
            Component::Userinfo => scan::CAP_USERINFO,
            Component::Host => scan::CAP_HOST,
            Component::Port => scan::CAP_PORT,
            Component::Path => scan::CAP_PATH,
            Component::Query => scan::CAP_QUERY,
            Component::Fragment => scan::CAP_FRAGMENT,
        };
        match self.caps.span(cap) {
            Some((a, b)) => Some(a..b),
            None if matches!(part, Component::Path) => Some(0..0),
            None => None,
        }
    }

    /// Which alternative of `host` matched, if there is an authority.
    ///
    /// ```
    /// use uriscan::{HostKind, UriRef};
    /// assert_eq!(UriRef::parse("//").unwrap().host_kind(), Some(HostKind::RegName));
    /// assert_eq!(UriRef::parse("/").unwrap().host_kind(), None);
    /// ```
    #[inline]
    #[must_use]
    pub fn host_kind(&self) -> Option<HostKind> {
        self.caps.host_kind()
    }

    /// The IPv4 address, if the host is an `IPv4address`.
    ///
    /// ```
    /// let u = uriscan::UriRef::parse("http://192.0.2.16:80/").unwrap();
    /// assert_eq!(u.ipv4(), Some(core::net::Ipv4Addr::new(192, 0, 2, 16)));
    /// ```
    #[must_use]
    pub fn ipv4(&self) -> Option<core::net::Ipv4Addr> {
        if self.host_kind() != Some(HostKind::Ipv4) {
            return None;
        }
        self.host()?.parse().ok()
    }

    /// The IPv6 address, if the host is an `IPv6address` literal.
    ///
    /// ```
    /// let u = uriscan::UriRef::parse("ldap://[2001:db8::7]/c=GB").unwrap();
    /// assert_eq!(u.ipv6(), Some("2001:db8::7".parse().unwrap()));
    /// ```
    #[must_use]
    pub fn ipv6(&self) -> Option<core::net::Ipv6Addr> {
        if self.host_kind() != Some(HostKind::Ipv6) {
            return None;
        }
        let h = self.host()?;
        h.get(1..h.len().checked_sub(1)?)?.parse().ok()
    }

    /// The port's value: absent (`None`), empty, a 16-bit number, or too large.
    ///
    /// ```
    /// use uriscan::Port;
    /// assert_eq!(uriscan::UriRef::parse("//h:080").unwrap().port_value(), Some(Port::Number(80)));
    /// ```
    #[must_use]
    pub fn port_value(&self) -> Option<Port> {
        let p = self.port()?;
        if p.is_empty() {
            return Some(Port::Empty);
        }
        let mut v: u32 = 0;
        for b in p.bytes() {
            v = v * 10 + u32::from(b.wrapping_sub(b'0'));
            if v > 65535 {
                return Some(Port::TooLarge);
            }
        }
        Some(Port::Number(v as u16))
    }

    /// Whether the reference has a scheme (is a URI, not a relative reference).
    ///
    /// ```
    /// assert!(uriscan::UriRef::parse("a:b").unwrap().is_uri());
    /// assert!(!uriscan::UriRef::parse("b").unwrap().is_uri());
    /// ```
    #[inline]
    #[must_use]
    pub fn is_uri(&self) -> bool {
        self.scheme().is_some()
    }
}

impl core::fmt::Display for UriRef<'_> {
    /// Recomposition (§5.3), which gives back the input.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.s)
    }
}

impl core::fmt::Debug for UriRef<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("UriRef")
            .field("scheme", &self.scheme())
            .field("userinfo", &self.userinfo())
            .field("host", &self.host())
            .field("host_kind", &self.host_kind())
            .field("port", &self.port())
            .field("path", &self.path())
            .field("query", &self.query())
            .field("fragment", &self.fragment())
            .finish()
    }
}

impl AsRef<str> for UriRef<'_> {
    fn as_ref(&self) -> &str {
        self.s
    }
}

impl<'a> TryFrom<&'a str> for UriRef<'a> {
    type Error = ParseError;
    fn try_from(s: &'a str) -> Result<Self, ParseError> {
        UriRef::parse(s)
    }
}

/// A parsed `URI` (RFC 3986 §3): a reference that has a scheme.
///
/// Dereferences to [`UriRef`] for the other accessors.
///
/// ```
/// let u = uriscan::Uri::parse("urn:example:animal:ferret:nose").unwrap();
/// assert_eq!(u.scheme_str(), "urn");
/// assert_eq!(u.path(), "example:animal:ferret:nose");
/// assert!(uriscan::Uri::parse("//no/scheme").is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Uri<'a>(UriRef<'a>);

impl<'a> Uri<'a> {
    /// Parses `input` as a `URI` (scheme required, fragment allowed).
    ///
    /// # Errors
    /// A [`ParseError`] as for [`UriRef::parse`]. Never panics.
    ///
    /// ```
    /// assert!(uriscan::Uri::parse("http://a/b#c").is_ok());
    /// ```
    pub fn parse(input: &'a str) -> Result<Uri<'a>, ParseError> {
        Syntax::Uri.parse(input).map(Uri)
    }

    /// The scheme, which a URI always has.
    ///
    /// ```
    /// assert_eq!(uriscan::Uri::parse("a:").unwrap().scheme_str(), "a");
    /// ```
    #[must_use]
    pub fn scheme_str(&self) -> &'a str {
        self.0.scheme().unwrap_or("")
    }

    /// The reference view of this URI.
    ///
    /// ```
    /// let u = uriscan::Uri::parse("a:b").unwrap();
    /// assert_eq!(u.as_ref_view().path(), "b");
    /// ```
    #[must_use]
    pub fn as_ref_view(&self) -> UriRef<'a> {
        self.0
    }
}

impl<'a> core::ops::Deref for Uri<'a> {
    type Target = UriRef<'a>;
    fn deref(&self) -> &UriRef<'a> {
        &self.0
    }
}

impl core::fmt::Display for Uri<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.0.s)
    }
}

impl<'a> TryFrom<&'a str> for Uri<'a> {
    type Error = ParseError;
    fn try_from(s: &'a str) -> Result<Self, ParseError> {
        Uri::parse(s)
    }
}

/// The parse entry points: one [`Syntax`] value says which grammar and
/// entry rule, the method which input (a string or bytes, one or a batch).
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
    /// let u = Syntax::Rfc2396Reference.parse("http://a/b;p/c?q").unwrap();
    /// assert_eq!((u.host(), u.host_kind()), (Some("a"), Some(HostKind::RegName)));
    /// // A registry-based authority: no server parse, so no host.
    /// let u = Syntax::Rfc2396Reference.parse("//a_b/c").unwrap();
    /// assert_eq!((u.authority(), u.host()), (Some("a_b"), None));
    /// // "=" is reserved in RFC 1630 and appears in no production.
    /// let e = Syntax::FragmentAddress.parse("s:p?a=b").unwrap_err();
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
    /// assert!(Syntax::FragmentAddress.parse_bytes(b"news:a\"b").is_ok());
    /// ```
    #[inline(always)]
    pub fn parse_bytes(self, input: &[u8]) -> Result<UriRef<'_>, ParseError> {
        let caps = scan::scan(input, self)?;
        UriRef::from_accepted(input, caps)
    }

    /// Checks `input` against this syntax without recording its
    /// components: `Ok(())` exactly when [`parse_bytes`](Syntax::parse_bytes)
    /// accepts it, else the same error (index and context). For validation
    /// only (a `check`, a validity column) it runs the syntax's validator,
    /// the automaton without tags that the generator emits beside each
    /// grammar's: no tag operations, no registers, no captures to build.
    ///
    /// # Errors
    /// A [`ParseError`] as for [`parse_bytes`](Syntax::parse_bytes). Never panics.
    ///
    /// ```
    /// use uriscan::{ErrorKind, Syntax};
    /// assert!(Syntax::UriReference.validate(b"http://a/b?c#d").is_ok());
    /// let e = Syntax::UriReference.validate(b"http://[::1").unwrap_err();
    /// assert_eq!((e.index(), e.kind()), (11, ErrorKind::IpLiteral));
    /// assert_eq!(Syntax::IriReference.validate("/日本".as_bytes()), Ok(()));
    /// ```
    #[inline(always)]
    pub fn validate(self, input: &[u8]) -> Result<(), ParseError> {
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

    /// Checks every input of `inputs`, in order, and calls `f` with each
    /// input and its result: [`validate`](Syntax::validate) for a batch
    /// (the validator's SIMD code chosen and entered once, as in
    /// [`parse_each`](Syntax::parse_each)). Items may be anything that
    /// is bytes (`&str`, `&[u8]`, `Vec<u8>`, ...), and are handed back.
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
    pub fn validate_each<X, I, F>(self, inputs: I, f: F)
    where
        X: AsRef<[u8]>,
        I: IntoIterator<Item = X>,
        F: FnMut(X, Result<(), ParseError>),
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
