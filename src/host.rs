//! What the grammar says about a host and a port: which `host` alternative
//! matched (RFC 3986 §3.2.2), and the value of `port` (§3.2.3).

/// The kind of a host (RFC 3986 §3.2.2). When a host matches both
/// `IPv4address` and `reg-name` (`1.2.3.4`), the IPv4 reading wins, as the
/// grammar's first-match rule says; `1.2.3.256` and `01.2.3.4` are reg-names.
///
/// ```
/// use uriscan::{HostKind, UriRef};
/// assert_eq!(UriRef::parse("//1.2.3.4").unwrap().host_kind(), Some(HostKind::Ipv4));
/// assert_eq!(UriRef::parse("//1.2.3.256").unwrap().host_kind(), Some(HostKind::RegName));
/// assert_eq!(UriRef::parse("//[::1]").unwrap().host_kind(), Some(HostKind::Ipv6));
/// assert_eq!(UriRef::parse("//[v7.x]").unwrap().host_kind(), Some(HostKind::IpvFuture));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HostKind {
    /// `reg-name`: a registered name (possibly empty). Under
    /// [`Grammar::Rfc2396`](crate::Grammar::Rfc2396), a `hostname`.
    RegName,
    /// `IPv4address` in dotted-decimal form.
    Ipv4,
    /// `IPv6address` inside brackets.
    Ipv6,
    /// `IPvFuture` inside brackets (`[v1.x]`).
    IpvFuture,
}

impl HostKind {
    /// The kind's name: `"reg-name"`, `"ipv4"`, `"ipv6"` or `"ipvfuture"`
    /// (the words the command-line tool writes).
    ///
    /// ```
    /// assert_eq!(uriscan::HostKind::IpvFuture.name(), "ipvfuture");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            HostKind::RegName => "reg-name",
            HostKind::Ipv4 => "ipv4",
            HostKind::Ipv6 => "ipv6",
            HostKind::IpvFuture => "ipvfuture",
        }
    }
}

/// A port as written (RFC 3986 §3.2.3: `port = *DIGIT`, any number of digits).
///
/// ```
/// use uriscan::{Port, UriRef};
/// assert_eq!(UriRef::parse("//h:8080").unwrap().port_value(), Some(Port::Number(8080)));
/// assert_eq!(UriRef::parse("//h:").unwrap().port_value(), Some(Port::Empty));
/// assert_eq!(UriRef::parse("//h:65536").unwrap().port_value(), Some(Port::TooLarge));
/// assert_eq!(UriRef::parse("//h").unwrap().port_value(), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Port {
    /// A `:` followed by no digits.
    Empty,
    /// Digits whose value fits in 16 bits (leading zeros allowed).
    Number(u16),
    /// Digits whose value exceeds 65535; the grammar allows them.
    TooLarge,
}
