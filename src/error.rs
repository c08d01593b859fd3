//! Parse errors: a byte index and what was expected there.

/// The grammar context in which parsing failed, derived at build time from the
/// rules that were live in the automaton state where no valid continuation
/// existed (not guessed at run time).
///
/// When the live alternatives disagree (after `//a` the bytes may be userinfo
/// or host), the context is the innermost rule that contains all of them
/// (`Authority`).
///
/// ```
/// use uriscan::{ErrorKind, UriRef};
/// assert_eq!(UriRef::parse("//a\"").unwrap_err().kind(), ErrorKind::Authority);
/// assert_eq!(UriRef::parse("//a@b\"").unwrap_err().kind(), ErrorKind::Host);
/// assert_eq!(UriRef::parse("/a?%zz").unwrap_err().kind(), ErrorKind::PercentEncoded);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// No narrower context: the reference as a whole.
    Reference,
    /// In `scheme`.
    Scheme,
    /// In `authority`, where userinfo and host are not yet told apart.
    Authority,
    /// In `userinfo`.
    Userinfo,
    /// In `host` (a reg-name or IPv4address).
    Host,
    /// In an `IP-literal` (`[...]`): IPv6address or IPvFuture.
    IpLiteral,
    /// In `port`.
    Port,
    /// In the path.
    Path,
    /// In `query`.
    Query,
    /// In `fragment`.
    Fragment,
    /// In a `pct-encoded` triplet: `%` must be followed by two hex digits.
    PercentEncoded,
    /// The input is longer than `u32::MAX` bytes, the largest offset a parsed
    /// reference can hold.
    TooLong,
}

impl ErrorKind {
    /// A short name for messages: `"path"`, `"percent-encoding"`, ...
    ///
    /// ```
    /// assert_eq!(uriscan::ErrorKind::IpLiteral.name(), "IP literal");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            ErrorKind::Reference => "URI reference",
            ErrorKind::Scheme => "scheme",
            ErrorKind::Authority => "authority",
            ErrorKind::Userinfo => "userinfo",
            ErrorKind::Host => "host",
            ErrorKind::IpLiteral => "IP literal",
            ErrorKind::Port => "port",
            ErrorKind::Path => "path",
            ErrorKind::Query => "query",
            ErrorKind::Fragment => "fragment",
            ErrorKind::PercentEncoded => "percent-encoding",
            ErrorKind::TooLong => "input length",
        }
    }
}

/// Why a string is not a valid URI reference: the byte index of the first byte
/// at which no valid continuation exists, and the grammar context there.
///
/// When the input is a valid prefix that ends too early (`"http://[::1"`),
/// the index is the input's length and [`found`](ParseError::found) is `None`.
///
/// ```
/// let e = uriscan::UriRef::parse("http://h/a\"b").unwrap_err();
/// assert_eq!(e.index(), 10);
/// assert_eq!(e.kind(), uriscan::ErrorKind::Path);
/// assert_eq!(e.to_string(), "invalid character '\"' at index 10 in path");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParseError {
    pub(crate) index: usize,
    pub(crate) kind: ErrorKind,
    pub(crate) found: Option<u8>,
}

impl ParseError {
    /// Byte offset of the first byte at which no valid continuation exists.
    ///
    /// ```
    /// assert_eq!(uriscan::UriRef::parse("http://h/a b").unwrap_err().index(), 10);
    /// ```
    #[must_use]
    pub const fn index(&self) -> usize {
        self.index
    }

    /// The grammar context that failed.
    ///
    /// ```
    /// let e = uriscan::UriRef::parse("http://h:8x/").unwrap_err();
    /// assert_eq!(e.kind(), uriscan::ErrorKind::Userinfo);
    /// ```
    #[must_use]
    pub const fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The offending byte, or `None` if the input ended too early.
    ///
    /// ```
    /// assert_eq!(uriscan::UriRef::parse("a b").unwrap_err().found(), Some(b' '));
    /// assert_eq!(uriscan::UriRef::parse("%4").unwrap_err().found(), None);
    /// ```
    #[must_use]
    pub const fn found(&self) -> Option<u8> {
        self.found
    }
}

impl core::fmt::Display for ParseError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match (self.kind, self.found) {
            (ErrorKind::TooLong, _) => {
                write!(
                    f,
                    "input of {} bytes is longer than the {} bytes a reference can hold",
                    self.index,
                    u32::MAX - 1
                )
            }
            (k, None) => write!(f, "unexpected end of input at index {} in {}", self.index, k.name()),
            (k, Some(b)) if b.is_ascii_graphic() || b == b' ' => {
                write!(f, "invalid character '{}' at index {} in {}", b as char, self.index, k.name())
            }
            (k, Some(b)) if b >= 0x80 => {
                write!(f, "non-ASCII byte 0x{:02X} at index {} in {}", b, self.index, k.name())
            }
            (k, Some(b)) => write!(f, "control byte 0x{:02X} at index {} in {}", b, self.index, k.name()),
        }
    }
}

impl core::error::Error for ParseError {}
