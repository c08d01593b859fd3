//! Security considerations (RFC 3986 §7) as checks on a parsed reference.
//!
//! - §7.3 back-end transcoding: [`UriRef::path_hazards`](crate::UriRef::path_hazards) reports `%00`,
//!   `%2F`, `%5C` and percent-encoded dot segments in the path, for callers
//!   that decode a path and map it to files.
//! - §7.4 rare IP address formats: [`UriRef::ambiguous_ipv4_host`](crate::UriRef::ambiguous_ipv4_host) reports a
//!   `reg-name` that many resolvers read as an IPv4 address (`0x7f.1`,
//!   `127.1`, `0177.0.0.1`, `2130706433`, `1.2.3.4.`, `%31.2.3.4`).
//! - §7.5 sensitive information: [`UriRef::redacted`](crate::UriRef::redacted) and [`redact`] display
//!   a reference with the password of its userinfo masked.
//! - §7.6 semantic attacks: [`UriRef::userinfo_looks_like_host`](crate::UriRef::userinfo_looks_like_host) reports a
//!   userinfo that reads like a host name (`http://www.example.com@evil.example/`).
//!
//! [`UriRef::security_findings`](crate::UriRef::security_findings) runs them all (with the password of §7.5 as
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

pub use ipv4::{ambiguous_ipv4, inet_aton_bytes, inet_aton_bytes_with, AmbiguousIpv4, InetAtonOptions, Ipv4Form};
pub use path::PathHazards;
pub use redact::{redact, Redacted};

use core::fmt;
pub(crate) use host::{looks_like_host, offset_in};

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
/// [`UriRef::security_findings`](crate::UriRef::security_findings).
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

impl<'a> Findings<'a> {
    /// The findings `head` (before the path's, in index order), then the
    /// path's.
    pub(crate) fn new(head: [Option<Finding>; 3], path: PathHazards<'a>) -> Findings<'a> {
        Findings { head, next_head: 0, path }
    }
}
