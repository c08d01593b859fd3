//! Security considerations (RFC 3986 §7) as checks on a parsed reference.
//!
//! - §7.3 back-end transcoding: [`UriRef::path_hazards`] reports `%00`,
//!   `%2F`, `%5C` and percent-encoded dot segments in the path, for callers
//!   that decode a path and map it to files.
//! - §7.4 rare IP address formats: [`UriRef::ambiguous_ipv4_host`] reports a
//!   `reg-name` that many resolvers read as an IPv4 address (`0x7f.1`,
//!   `127.1`, `0177.0.0.1`, `2130706433`, `1.2.3.4.`, `%31.2.3.4`).
//! - §7.5 sensitive information: [`UriRef::redacted`] and [`redact`] display
//!   a reference with the password of its userinfo masked.
//! - §7.6 semantic attacks: [`UriRef::userinfo_looks_like_host`] reports a
//!   userinfo that reads like a host name (`http://www.example.com@evil.example/`).
//!
//! [`UriRef::security_findings`] runs them all (with the password of §7.5 as
//! a finding too) and yields [`Finding`]s in order of their byte index.
//! Nothing here allocates, and everything works without `std`.
//!
//! ```
//! use uriscan::security::FindingKind;
//! use uriscan::UriRef;
//! let u = UriRef::parse("http://www.example.com:pw@0x7f.1/a%2Fb").unwrap();
//! let kinds: Vec<_> = u.security_findings().map(|f| (f.section(), f.index)).collect();
//! assert_eq!(kinds, [("7.6", 7), ("7.5", 22), ("7.4", 26), ("7.3", 34)]);
//! assert_eq!(u.redacted().to_string(), "http://www.example.com:****@0x7f.1/a%2Fb");
//! ```
//!
//! # Panics
//! Never: every function here is total over parsed references and over
//! arbitrary strings (the property tests in `tests/adversarial.rs` and the
//! fuzz target `security` check it). Time is linear in the input.
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing))]

mod host;
mod ipv4;
mod path;
mod redact;

pub use ipv4::{ambiguous_ipv4, inet_aton, AmbiguousIpv4, InetAton, Ipv4Form};
pub use path::PathHazards;
pub use redact::{redact, Redacted};

use crate::host::HostKind;

use crate::uri::UriRef;
use core::fmt;
use host::{looks_like_host, offset_in};

/// What a security check found (RFC 3986 §7); see [`Finding`].
///
/// ```
/// use uriscan::{security::FindingKind, UriRef};
/// let u = UriRef::parse("http://u:pw@h/a%2Fb").unwrap();
/// let kinds: Vec<FindingKind> = u.security_findings().map(|f| f.kind).collect();
/// assert_eq!(kinds, [FindingKind::Password, FindingKind::EncodedSlash]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FindingKind {
    /// §7.6: the userinfo reads like a host name, so a reader may take
    /// `http://www.example.com@evil.example/` for a URI of `www.example.com`.
    /// The index is the userinfo's first byte.
    UserinfoLooksLikeHost,
    /// §7.5 (and §3.2.1, which deprecates `user:password`): the userinfo has
    /// a password. The index is the `:` before it.
    Password,
    /// §7.4: the reg-name host reads as an IPv4 address in a rare form, or
    /// ends in a number. The index is the host's first byte.
    AmbiguousIpv4(AmbiguousIpv4),
    /// §7.3: `%00` in the path (a NUL that ends strings in a back end).
    /// The index is the `%`.
    EncodedNul,
    /// §7.3: `%2F` in the path (a `/` that a back end decoding before
    /// splitting takes for a separator). The index is the `%`.
    EncodedSlash,
    /// §7.3: `%5C` in the path (a `\`, a separator on some file systems).
    /// The index is the `%`.
    EncodedBackslash,
    /// §7.3: a path segment that decodes to `.` or `..` but is not written
    /// so (`%2E%2E`), which escapes dot-segment removal and then climbs
    /// directories in a back end that decodes. The index is the segment's
    /// first byte.
    EncodedDotSegment,
}

impl FindingKind {
    /// The section of RFC 3986 the finding belongs to (`"7.3"` ... `"7.6"`).
    ///
    /// ```
    /// assert_eq!(uriscan::security::FindingKind::EncodedNul.section(), "7.3");
    /// ```
    #[must_use]
    pub const fn section(&self) -> &'static str {
        match self {
            FindingKind::UserinfoLooksLikeHost => "7.6",
            FindingKind::Password => "7.5",
            FindingKind::AmbiguousIpv4(_) => "7.4",
            FindingKind::EncodedNul
            | FindingKind::EncodedSlash
            | FindingKind::EncodedBackslash
            | FindingKind::EncodedDotSegment => "7.3",
        }
    }
}

impl fmt::Display for FindingKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FindingKind::UserinfoLooksLikeHost => f.write_str("userinfo looks like a host name"),
            FindingKind::Password => f.write_str("password in userinfo"),
            FindingKind::AmbiguousIpv4(a) => a.fmt(f),
            FindingKind::EncodedNul => f.write_str("percent-encoded NUL (%00) in path"),
            FindingKind::EncodedSlash => f.write_str("percent-encoded '/' (%2F) in path"),
            FindingKind::EncodedBackslash => f.write_str("percent-encoded '\\' (%5C) in path"),
            FindingKind::EncodedDotSegment => f.write_str("percent-encoded dot segment in path"),
        }
    }
}

/// One finding: what, and the byte index in the reference where it starts.
///
/// ```
/// let u = uriscan::UriRef::parse("/a%00").unwrap();
/// let f = u.security_findings().next().unwrap();
/// assert_eq!(f.to_string(), "percent-encoded NUL (%00) in path at index 2 (RFC 3986 §7.3)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Finding {
    /// What was found.
    pub kind: FindingKind,
    /// Byte index in the reference.
    pub index: usize,
}

impl Finding {
    /// The section of RFC 3986 (see [`FindingKind::section`]).
    ///
    /// ```
    /// let u = uriscan::UriRef::parse("//h/%00").unwrap();
    /// let f = u.security_findings().next().unwrap();
    /// assert_eq!((f.section(), f.index), ("7.3", 4));
    /// assert_eq!(f.to_string(), "percent-encoded NUL (%00) in path at index 4 (RFC 3986 §7.3)");
    /// ```
    #[must_use]
    pub const fn section(&self) -> &'static str {
        self.kind.section()
    }
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at index {} (RFC 3986 §{})", self.kind, self.index, self.section())
    }
}

/// Every finding of a reference, in order of index; see
/// [`UriRef::security_findings`].
///
/// ```
/// let u = uriscan::UriRef::parse("http://example.com/").unwrap();
/// assert_eq!(u.security_findings().count(), 0);
/// ```
#[derive(Clone, Debug)]
pub struct Findings<'a> {
    /// The findings before the path's, in index order.
    head: [Option<Finding>; 3],
    next_head: usize,
    path: PathHazards<'a>,
}

impl Iterator for Findings<'_> {
    type Item = Finding;

    fn next(&mut self) -> Option<Finding> {
        while let Some(slot) = self.head.get_mut(self.next_head) {
            self.next_head += 1;
            if let Some(f) = slot.take() {
                return Some(f);
            }
        }
        self.path.next()
    }
}

impl core::iter::FusedIterator for Findings<'_> {}

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
        Findings { head: [looks, password, ipv4], next_head: 0, path: self.path_hazards() }
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
