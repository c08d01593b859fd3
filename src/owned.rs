//! Owned parsed references: [`UriBuf`] holds its `String` and the component
//! offsets the scan found, as `PathBuf` holds what `Path` borrows; and
//! [`UriCow`], borrowed where an operation changed nothing. `UriBuf`'s own
//! methods (parsing, the accessors) are here; the operations it repeats
//! from [`UriRef`] (`resolve`, `normalize`, `relativize`, `edit`) sit
//! beside `UriRef`'s in `src/uri_ref/`. [`Syntax::parse_string`] is the
//! parse entry point that keeps its `String`.
//!
//! ```
//! use uriscan::{UriBuf, UriRef};
//! let u: UriBuf = "http://example.com/a?b".parse().unwrap();
//! assert_eq!(u.host(), Some("example.com"));
//! let v: UriRef<'_> = u.as_uri_ref();
//! assert_eq!(v.to_buf(), u);
//! ```

use alloc::string::String;
use core::borrow::Borrow;
use core::cmp::Ordering;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::str::FromStr;

use crate::components::Components;
use crate::error::ParseError;
use crate::grammar::Syntax;
use crate::host::{HostKind, Port};
use crate::scan::{self, Captures};
use crate::uri_ref::UriRef;

/// An owned, parsed URI reference: the text and the offsets of its
/// components, so that every accessor is a slice, as for [`UriRef`], without
/// parsing again.
///
/// Equality, ordering and hashing are those of the text (so `UriBuf` can be
/// looked up by `&str` in a `HashMap<UriBuf, _>` or `BTreeSet<UriBuf>`: it is
/// [`Borrow<str>`]). Parsing is [`UriRef::parse`] plus one allocation; a
/// `String` is taken without copying by [`UriBuf::try_from`].
///
/// ```
/// use std::collections::HashSet;
/// use uriscan::UriBuf;
/// let u: UriBuf = "foo://user@example.com:8042/over/there?name=ferret#nose".parse().unwrap();
/// assert_eq!(u.scheme(), Some("foo"));
/// assert_eq!(u.port(), Some("8042"));
/// assert_eq!(u.path(), "/over/there");
/// let seen: HashSet<UriBuf> = [u.clone()].into_iter().collect();
/// assert!(seen.contains("foo://user@example.com:8042/over/there?name=ferret#nose"));
/// ```
#[derive(Clone)]
pub struct UriBuf {
    s: String,
    caps: Captures,
}

/// A `String` that did not parse, given back with the error
/// ([`UriBuf::try_from`]).
///
/// ```
/// use uriscan::UriBuf;
/// let e = UriBuf::try_from(String::from("a b")).unwrap_err();
/// assert_eq!(e.error().index(), 1);
/// assert_eq!(e.into_string(), "a b");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FromStringError {
    input: String,
    error: ParseError,
}

impl FromStringError {
    /// Why the string is not a URI reference.
    ///
    /// ```
    /// let e = uriscan::UriBuf::try_from(String::from("%zz")).unwrap_err();
    /// assert_eq!(e.error().kind(), uriscan::ErrorKind::PercentEncoded);
    /// ```
    #[must_use]
    pub fn error(&self) -> ParseError {
        self.error
    }

    /// The string, unchanged.
    ///
    /// ```
    /// let e = uriscan::UriBuf::try_from(String::from("<x>")).unwrap_err();
    /// assert_eq!(e.into_string(), "<x>");
    /// ```
    #[must_use]
    pub fn into_string(self) -> String {
        self.input
    }
}

impl fmt::Display for FromStringError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.error.fmt(f)
    }
}

impl core::error::Error for FromStringError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        Some(&self.error)
    }
}

/// One-line accessors of [`UriBuf`] that give what [`UriRef`]'s method of
/// the same name gives, each with its doctest (`$check` uses `u`).
macro_rules! accessors {
    ($( $name:ident -> $ty:ty, $input:literal, $check:literal; )*) => { $(
        #[doc = concat!("[`UriRef::", stringify!($name), "`] of this reference.")]
        ///
        /// ```
        #[doc = concat!("let u: uriscan::UriBuf = \"", $input, "\".parse().unwrap();")]
        #[doc = $check]
        /// ```
        #[inline]
        #[must_use]
        pub fn $name(&self) -> $ty {
            self.as_uri_ref().$name()
        }
    )* };
}

impl UriBuf {
    /// Parses `input` as a `URI-reference` (RFC 3986 §4.1) and copies it.
    ///
    /// # Errors
    /// A [`ParseError`] as for [`UriRef::parse`]. Never panics.
    ///
    /// ```
    /// let u = uriscan::UriBuf::parse("../a?b#c").unwrap();
    /// assert_eq!(u.query(), Some("b"));
    /// assert_eq!(uriscan::UriBuf::parse("a b").unwrap_err().index(), 1);
    /// ```
    #[inline]
    pub fn parse(input: &str) -> Result<UriBuf, ParseError> {
        UriRef::parse(input).map(|u| u.to_buf())
    }

    /// The value of `s` with the captures a scan of `s` gave.
    #[inline]
    pub(crate) fn from_parts(s: String, caps: Captures) -> UriBuf {
        UriBuf { s, caps }
    }

    /// The borrowed view, with every accessor and operation of [`UriRef`].
    ///
    /// ```
    /// use uriscan::{UriBuf, UriRef};
    /// let base = UriBuf::parse("http://a/b/c").unwrap();
    /// let r = UriRef::parse("../d").unwrap();
    /// assert_eq!(r.resolve_str(&base.as_uri_ref()).unwrap(), "http://a/d");
    /// ```
    #[inline]
    #[must_use]
    pub fn as_uri_ref(&self) -> UriRef<'_> {
        UriRef::from_parts(&self.s, self.caps)
    }

    /// The whole reference.
    ///
    /// ```
    /// assert_eq!(uriscan::UriBuf::parse("a/b").unwrap().as_str(), "a/b");
    /// ```
    #[inline]
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.s
    }

    /// The text, without copying.
    ///
    /// ```
    /// let s: String = uriscan::UriBuf::parse("a/b").unwrap().into_string();
    /// assert_eq!(s, "a/b");
    /// ```
    #[inline]
    #[must_use]
    pub fn into_string(self) -> String {
        self.s
    }

    accessors! {
        scheme -> Option<&str>, "foo://u@h:1/p?q#f", "assert_eq!(u.scheme(), Some(\"foo\"));";
        authority -> Option<&str>, "foo://u@h:1/p?q#f", "assert_eq!(u.authority(), Some(\"u@h:1\"));";
        userinfo -> Option<&str>, "foo://u@h:1/p?q#f", "assert_eq!(u.userinfo(), Some(\"u\"));";
        host -> Option<&str>, "foo://u@h:1/p?q#f", "assert_eq!(u.host(), Some(\"h\"));";
        port -> Option<&str>, "foo://u@h:1/p?q#f", "assert_eq!(u.port(), Some(\"1\"));";
        path -> &str, "foo://u@h:1/p?q#f", "assert_eq!(u.path(), \"/p\");";
        query -> Option<&str>, "foo://u@h:1/p?q#f", "assert_eq!(u.query(), Some(\"q\"));";
        fragment -> Option<&str>, "foo://u@h:1/p?q#f", "assert_eq!(u.fragment(), Some(\"f\"));";
        components -> Components<'_>, "s://a/p?q#f", "assert_eq!(u.components().path, \"/p\");";
        host_kind -> Option<HostKind>, "//[::1]", "assert_eq!(u.host_kind(), Some(uriscan::HostKind::Ipv6));";
        ipv4 -> Option<core::net::Ipv4Addr>, "//10.0.0.1", "assert_eq!(u.ipv4(), Some([10, 0, 0, 1].into()));";
        ipv6 -> Option<core::net::Ipv6Addr>, "//[::1]", "assert_eq!(u.ipv6(), Some(std::net::Ipv6Addr::LOCALHOST));";
        port_value -> Option<Port>, "//h:080", "assert_eq!(u.port_value(), Some(uriscan::Port::Number(80)));";
        is_uri -> bool, "a:b", "assert!(u.is_uri());";
        path_segments -> crate::PathSegments<'_>, "/a/b", "assert_eq!(u.path_segments().collect::<Vec<_>>(), [\"a\", \"b\"]);";
        query_pairs -> crate::QueryPairs<'_>, "?a=1&b", "assert_eq!(u.query_pairs().count(), 2);";
    }
}

/// The parse entry point that keeps its input: a `String` parsed by a
/// [`Syntax`] into a [`UriBuf`].
impl Syntax {
    /// Parses `input` by this syntax and keeps it (no copy) in a
    /// [`UriBuf`]; an error gives the string back. (From a `&str`:
    /// [`parse`](Syntax::parse), then [`to_buf`](UriRef::to_buf).)
    ///
    /// # Errors
    /// A [`FromStringError`]: the [`ParseError`] as for
    /// [`parse`](Syntax::parse), and the string. Never panics.
    ///
    /// ```
    /// use uriscan::Syntax;
    /// let u = Syntax::Uri.parse_string(String::from("s:p")).unwrap();
    /// assert_eq!(u.scheme(), Some("s"));
    /// let e = Syntax::Rfc2396UriReference.parse_string(String::from("//[::1]")).unwrap_err();
    /// assert_eq!(e.into_string(), "//[::1]");
    /// let u = Syntax::Rfc2396UriReference.parse_string(String::from("//a_b/c")).unwrap();
    /// assert_eq!((u.authority(), u.host()), (Some("a_b"), None));
    /// ```
    #[inline]
    pub fn parse_string(self, input: String) -> Result<UriBuf, FromStringError> {
        match scan::scan(input.as_bytes(), self) {
            Ok(caps) => Ok(UriBuf { s: input, caps }),
            Err(error) => Err(FromStringError { input, error }),
        }
    }
}

impl From<UriRef<'_>> for UriBuf {
    /// [`UriRef::to_buf`].
    fn from(u: UriRef<'_>) -> UriBuf {
        u.to_buf()
    }
}

impl From<&UriRef<'_>> for UriBuf {
    /// [`UriRef::to_buf`].
    fn from(u: &UriRef<'_>) -> UriBuf {
        u.to_buf()
    }
}

impl From<UriBuf> for String {
    /// [`UriBuf::into_string`].
    fn from(u: UriBuf) -> String {
        u.s
    }
}

impl<'a> From<&'a UriBuf> for UriRef<'a> {
    /// [`UriBuf::as_uri_ref`].
    fn from(u: &'a UriBuf) -> UriRef<'a> {
        u.as_uri_ref()
    }
}

impl FromStr for UriBuf {
    type Err = ParseError;
    /// [`UriBuf::parse`].
    fn from_str(s: &str) -> Result<UriBuf, ParseError> {
        UriBuf::parse(s)
    }
}

impl TryFrom<&str> for UriBuf {
    type Error = ParseError;
    /// [`UriBuf::parse`].
    fn try_from(s: &str) -> Result<UriBuf, ParseError> {
        UriBuf::parse(s)
    }
}

impl TryFrom<String> for UriBuf {
    type Error = FromStringError;
    /// Parses the string as a `URI-reference`, keeping it (no copy); on
    /// failure the error gives it back.
    #[inline]
    fn try_from(s: String) -> Result<UriBuf, FromStringError> {
        Syntax::UriReference.parse_string(s)
    }
}

impl fmt::Display for UriBuf {
    /// The text (recomposition, §5.3, gives back the input).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.s)
    }
}

impl fmt::Debug for UriBuf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("UriBuf").field(&self.s).finish()
    }
}

impl AsRef<str> for UriBuf {
    fn as_ref(&self) -> &str {
        &self.s
    }
}

impl Borrow<str> for UriBuf {
    fn borrow(&self) -> &str {
        &self.s
    }
}

impl PartialEq for UriBuf {
    fn eq(&self, other: &UriBuf) -> bool {
        self.s == other.s
    }
}

impl Eq for UriBuf {}

impl PartialOrd for UriBuf {
    fn partial_cmp(&self, other: &UriBuf) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for UriBuf {
    fn cmp(&self, other: &UriBuf) -> Ordering {
        self.s.cmp(&other.s)
    }
}

impl Hash for UriBuf {
    /// The hash of the text, as `str` hashes it (so [`Borrow<str>`] holds).
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.s.as_str().hash(state);
    }
}

/// `PartialEq` both ways between [`UriBuf`] and a text type, by text.
macro_rules! text_eq {
    ($($t:ty),*) => { $(
        impl PartialEq<$t> for UriBuf {
            fn eq(&self, other: &$t) -> bool {
                self.as_str() == AsRef::<str>::as_ref(other)
            }
        }
        impl PartialEq<UriBuf> for $t {
            fn eq(&self, other: &UriBuf) -> bool {
                AsRef::<str>::as_ref(self) == other.as_str()
            }
        }
    )* };
}
text_eq!(str, &str, String, UriRef<'_>);

/// The result of an operation that may leave a reference unchanged
/// ([`UriRef::normalize`]): the input's view, or a new [`UriBuf`].
///
/// ```
/// use uriscan::{UriCow, UriRef};
/// let u = UriRef::parse("http://example.com/").unwrap();
/// assert!(matches!(u.normalize(), Ok(UriCow::Borrowed(_))));
/// let n = UriRef::parse("HTTP://example.com/").unwrap().normalize().unwrap();
/// assert_eq!(n.as_uri_ref().scheme(), Some("http"));
/// ```
#[derive(Clone, Debug)]
pub enum UriCow<'a> {
    /// Unchanged: the input.
    Borrowed(UriRef<'a>),
    /// Changed: a new reference.
    Owned(UriBuf),
}

impl UriCow<'_> {
    /// The view, with every accessor of [`UriRef`].
    ///
    /// ```
    /// let n = uriscan::UriRef::parse("HTTP://H/").unwrap().normalize().unwrap();
    /// assert_eq!(n.as_uri_ref().host(), Some("h"));
    /// ```
    #[must_use]
    pub fn as_uri_ref(&self) -> UriRef<'_> {
        match self {
            UriCow::Borrowed(u) => *u,
            UriCow::Owned(u) => u.as_uri_ref(),
        }
    }

    /// The text.
    ///
    /// ```
    /// let n = uriscan::UriRef::parse("HTTP://H/").unwrap().normalize().unwrap();
    /// assert_eq!(n.as_str(), "http://h/");
    /// ```
    #[must_use]
    pub fn as_str(&self) -> &str {
        match self {
            UriCow::Borrowed(u) => u.as_str(),
            UriCow::Owned(u) => u.as_str(),
        }
    }

    /// The owned reference (copied when borrowed).
    ///
    /// ```
    /// let n = uriscan::UriRef::parse("http://h/").unwrap().normalize().unwrap().into_owned();
    /// assert_eq!(n, "http://h/");
    /// ```
    #[must_use]
    pub fn into_owned(self) -> UriBuf {
        match self {
            UriCow::Borrowed(u) => u.to_buf(),
            UriCow::Owned(u) => u,
        }
    }

    /// Whether the input was left unchanged.
    ///
    /// ```
    /// assert!(uriscan::UriRef::parse("http://h/").unwrap().normalize().unwrap().is_borrowed());
    /// ```
    #[must_use]
    pub fn is_borrowed(&self) -> bool {
        matches!(self, UriCow::Borrowed(_))
    }
}

impl fmt::Display for UriCow<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl AsRef<str> for UriCow<'_> {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl PartialEq for UriCow<'_> {
    /// By text, as for [`UriBuf`].
    fn eq(&self, other: &UriCow<'_>) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for UriCow<'_> {}

impl Hash for UriCow<'_> {
    /// The hash of the text, as for [`UriBuf`].
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl PartialEq<str> for UriCow<'_> {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for UriCow<'_> {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}
