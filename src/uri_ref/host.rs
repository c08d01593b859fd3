//! The host and the port of a reference (RFC 3986 §3.2.2, §3.2.3): which
//! alternative of `host` matched, the IP address, the port's value.

use super::UriRef;
use crate::host::{HostKind, Port};

/// The host and the port (§3.2.2, §3.2.3), read further than their text.
impl UriRef<'_> {
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
}
