//! The security considerations of RFC 3986 §7 checked on a reference; the
//! checks and their types are in [`security`](crate::security)
//! (`src/security/`).

use super::UriRef;
use crate::host::HostKind;
use crate::security::{
    ambiguous_ipv4, looks_like_host, offset_in, AmbiguousIpv4, Finding, FindingKind, Findings, PathHazards, Redacted,
};

/// Security (§7): each check, every finding, and the redacted display.
impl<'a> UriRef<'a> {
    /// §7.4: whether the host is a `reg-name` that resolvers may read as an
    /// IPv4 address; see [`AmbiguousIpv4`] for the reading and
    /// [`ambiguous_ipv4`] for the rules. `None` for IP literals, dotted-decimal
    /// `IPv4address` hosts, names that do not end in a number, and references
    /// without an authority. Never panics.
    ///
    /// ```
    /// use std::net::Ipv4Addr;
    /// let u = uriscan::UriRef::parse("http://0177.0.0.1/").unwrap();
    /// let a = u.ambiguous_ipv4_host().unwrap();
    /// assert_eq!(a.address(), Some(Ipv4Addr::LOCALHOST));
    /// assert!(a.form().octal);
    /// ```
    #[must_use]
    pub fn ambiguous_ipv4_host(&self) -> Option<AmbiguousIpv4> {
        if self.host_kind() != Some(HostKind::RegName) {
            return None;
        }
        ambiguous_ipv4(self.host()?)
    }

    /// §7.6: whether the userinfo (its user part, percent-decoded) starts
    /// with something that reads like a host name: two or more labels of
    /// letters, digits and `-` with a letter in the last (`www.example.com`,
    /// also `john.doe`, which cannot be told apart without a list of
    /// top-level domains), or a dotted quad (`10.0.0.1`). Never panics.
    ///
    /// ```
    /// use uriscan::UriRef;
    /// assert!(UriRef::parse("http://www.example.com@evil.example/").unwrap().userinfo_looks_like_host());
    /// assert!(UriRef::parse("ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm")
    ///     .unwrap()
    ///     .userinfo_looks_like_host());
    /// assert!(!UriRef::parse("http://alice:pw@example.com/").unwrap().userinfo_looks_like_host());
    /// assert!(!UriRef::parse("http://example.com/").unwrap().userinfo_looks_like_host());
    /// ```
    #[must_use]
    pub fn userinfo_looks_like_host(&self) -> bool {
        self.userinfo().is_some_and(|ui| looks_like_host(ui.as_bytes()))
    }

    /// §7.3: percent-encoded octets in the path that a back end mapping
    /// paths to files may mistake: `%00`, `%2F`, `%5C` (either case), each
    /// with the index of its `%`, and segments that decode to `.` or `..`
    /// (`%2e%2E`), with the index of the segment. In order of index; linear
    /// time, no allocation. Never panics.
    ///
    /// ```
    /// use uriscan::security::FindingKind::*;
    /// let u = uriscan::UriRef::parse("http://h/a%2fb/%2E%2e/c%5C%00?%00").unwrap();
    /// let v: Vec<_> = u.path_hazards().map(|f| (f.kind, f.index)).collect();
    /// assert_eq!(v, [(EncodedSlash, 10), (EncodedDotSegment, 15), (EncodedBackslash, 23), (EncodedNul, 26)]);
    /// ```
    #[must_use]
    pub fn path_hazards(&self) -> PathHazards<'a> {
        let path = self.path();
        let base = offset_in(self.as_str(), path).unwrap_or(0);
        PathHazards::new(path, base)
    }

    /// Every §7 finding in order of index: [`FindingKind::UserinfoLooksLikeHost`]
    /// (§7.6), [`FindingKind::Password`] (§7.5),
    /// [`FindingKind::AmbiguousIpv4`] (§7.4), then [`path_hazards`](Self::path_hazards)
    /// (§7.3). Collect it for a `Vec`. Never panics.
    ///
    /// ```
    /// use uriscan::security::FindingKind;
    /// let u = uriscan::UriRef::parse("http://u:p@127.1/").unwrap();
    /// let v: Vec<_> = u.security_findings().map(|f| f.index).collect();
    /// assert_eq!(v, [8, 11]);
    /// assert!(uriscan::UriRef::parse("https://example.com/a/b").unwrap().security_findings().next().is_none());
    /// ```
    #[must_use]
    pub fn security_findings(&self) -> Findings<'a> {
        let s = self.as_str();
        let ui = self.userinfo();
        let ui_off = ui.and_then(|u| offset_in(s, u));
        let looks = match (ui_off, self.userinfo_looks_like_host()) {
            (Some(index), true) => Some(Finding { kind: FindingKind::UserinfoLooksLikeHost, index }),
            _ => None,
        };
        let password = match (ui_off, ui.and_then(|u| u.find(':'))) {
            (Some(off), Some(c)) => Some(Finding { kind: FindingKind::Password, index: off + c }),
            _ => None,
        };
        let ipv4 = match (self.ambiguous_ipv4_host(), self.host().and_then(|h| offset_in(s, h))) {
            (Some(a), Some(index)) => Some(Finding { kind: FindingKind::AmbiguousIpv4(a), index }),
            _ => None,
        };
        Findings::new([looks, password, ipv4], self.path_hazards())
    }

    /// §7.5: displays the reference with the password of its userinfo (the
    /// part after the first `:`) replaced by `****`; without a `:` the
    /// userinfo is shown as it is. No allocation. Never panics.
    ///
    /// ```
    /// use uriscan::UriRef;
    /// let u = UriRef::parse("ftp://user:hunter2@ftp.example/f").unwrap();
    /// assert_eq!(u.redacted().to_string(), "ftp://user:****@ftp.example/f");
    /// assert_eq!(format!("{}", UriRef::parse("//u:@h").unwrap().redacted()), "//u:****@h");
    /// assert_eq!(UriRef::parse("//user@h").unwrap().redacted().to_string(), "//user@h");
    /// ```
    #[must_use]
    pub fn redacted(&self) -> Redacted<'a> {
        Redacted::new(self.as_str(), self.userinfo())
    }
}
