//! Which grammar, and which of its entry rules, a reference is parsed by.

/// The grammar's entry rules (RFC 3986 §4.1–§4.3, §3), generated from the
/// `entry` lines of `grammar/rfc3986.tags` in their order, each documented
/// with its ABNF rule.
///
/// ```
/// use uriscan::{Rule, UriRef};
/// assert!(UriRef::parse_as("//h/p", Rule::RelativeRef).is_ok());
/// assert!(UriRef::parse_as("//h/p", Rule::Uri).is_err());
/// assert_eq!(Rule::ALL[0], Rule::UriReference);
/// assert_eq!(Rule::AbsoluteUri.name(), "absolute-URI");
/// ```
#[doc(inline)]
pub use crate::tables::rfc3986::Rule;

/// The grammar a reference is parsed by: RFC 3986 (the default), or one of
/// the URI syntaxes it obsoletes, each compiled by `build.rs` from its RFC's
/// own BNF (`grammar/rfc2396.abnf`, `grammar/rfc1630.abnf`) into tables the
/// same walker runs. All three give the same [`UriRef`](crate::UriRef) view;
/// components a grammar does not have are `None`.
///
/// ```
/// use uriscan::{Grammar, UriRef};
/// // IPv6 literals arrived with RFC 2732 and RFC 3986.
/// assert!(UriRef::parse_with("http://[::1]/", Grammar::Rfc3986).is_ok());
/// assert!(UriRef::parse_with("http://[::1]/", Grammar::Rfc2396).is_err());
/// // RFC 1630's generic syntax has no authority: "//" is not in it.
/// assert_eq!(UriRef::parse_with("mailto:x@y", Grammar::Rfc1630).unwrap().path(), "x@y");
/// assert_eq!(Grammar::default(), Grammar::Rfc3986);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Grammar {
    /// RFC 3986 Appendix A, `URI-reference` (the default).
    #[default]
    Rfc3986,
    /// RFC 2396 Appendix A, `URI-reference`: server-based (`userinfo`,
    /// `hostname` or `IPv4address`, `port`) or registry-based (`reg_name`)
    /// authorities, no IP literals, `;param` path segments.
    Rfc2396,
    /// RFC 1630's generic URI BNF, `fragmentaddress`: scheme, path, `?search`
    /// (words joined by `+`), `#fragmentid`; no authority and no host.
    Rfc1630,
    /// RFC 3987 §2.2, `IRI-reference`: RFC 3986's syntax with the code
    /// points of `ucschar` (and `iprivate` in a query) in UTF-8. The same
    /// components, host kinds and error contexts as RFC 3986.
    ///
    /// ```
    /// use uriscan::{Grammar, UriRef};
    /// let u = UriRef::parse_with("http://bn.wikipedia.org/wiki/ঝালকাঠি", Grammar::Rfc3987).unwrap();
    /// assert_eq!(u.path(), "/wiki/ঝালকাঠি");
    /// assert!(UriRef::parse("http://bn.wikipedia.org/wiki/ঝালকাঠি").is_err());
    /// ```
    Rfc3987,
}

impl Grammar {
    /// Every grammar, the default first.
    pub const ALL: [Grammar; 4] = [Grammar::Rfc3986, Grammar::Rfc2396, Grammar::Rfc1630, Grammar::Rfc3987];

    /// The grammar's name: `"rfc3986"`, `"rfc2396"`, `"rfc1630"` or `"rfc3987"`.
    ///
    /// ```
    /// assert_eq!(uriscan::Grammar::Rfc2396.name(), "rfc2396");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Grammar::Rfc3986 => "rfc3986",
            Grammar::Rfc2396 => "rfc2396",
            Grammar::Rfc1630 => "rfc1630",
            Grammar::Rfc3987 => "rfc3987",
        }
    }

    /// The grammar of that [`name`](Grammar::name) (ASCII case ignored).
    ///
    /// ```
    /// use uriscan::Grammar;
    /// assert_eq!(Grammar::from_name("RFC1630"), Some(Grammar::Rfc1630));
    /// assert_eq!(Grammar::from_name("rfc822"), None);
    /// ```
    #[must_use]
    pub fn from_name(name: &str) -> Option<Grammar> {
        Grammar::ALL.into_iter().find(|g| g.name().eq_ignore_ascii_case(name))
    }
}

impl core::fmt::Display for Grammar {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}
