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

use crate::percent::triplet_at;
use crate::{HostKind, UriRef};
use core::fmt;
use core::net::Ipv4Addr;

/// The byte offset of `sub` in `s`, if `sub` is a slice of `s`.
#[inline]
fn offset_in(s: &str, sub: &str) -> Option<usize> {
    let off = (sub.as_ptr() as usize).checked_sub(s.as_ptr() as usize)?;
    let end = off.checked_add(sub.len())?;
    (end <= s.len()).then_some(off)
}

/// The decoded octet at `i` and the index after it: a `%XX` triplet is one
/// octet; any other byte (a stray `%` too) stands for itself.
#[inline]
fn decoded_at(s: &[u8], i: usize) -> Option<(u8, usize, bool)> {
    let b = *s.get(i)?;
    if b == b'%' {
        if let Some(v) = triplet_at(s, i) {
            return Some((v, i + 3, true));
        }
    }
    Some((b, i + 1, false))
}

/// Characters of a percent-decoded host after the UTS #46 mappings that turn
/// full-width digits, letters `a`–`f`, `x` and the ideographic full stops
/// into ASCII (what an IDNA-aware resolver does before reading an address).
/// Yields `(ascii, percent_encoded, mapped)`; any other non-ASCII character
/// comes out as `0x80` (a byte that is neither a digit nor a dot).
struct HostChars<'a> {
    s: &'a [u8],
    i: usize,
}

impl Iterator for HostChars<'_> {
    type Item = (u8, bool, bool);
    fn next(&mut self) -> Option<(u8, bool, bool)> {
        let (b0, i1, p0) = decoded_at(self.s, self.i)?;
        self.i = i1;
        if b0 < 0x80 {
            return Some((b0, p0, false));
        }
        // Three-byte UTF-8 sequences that map to ASCII address characters.
        if let Some((b1, i2, p1)) = decoded_at(self.s, i1) {
            if let Some((b2, i3, p2)) = decoded_at(self.s, i2) {
                let mapped = match (b0, b1, b2) {
                    (0xEF, 0xBC, 0x90..=0x99) => Some(b'0' + (b2 - 0x90)), // U+FF10..FF19 digits
                    (0xEF, 0xBC, 0x8E) | (0xE3, 0x80, 0x82) | (0xEF, 0xBD, 0xA1) => Some(b'.'), // U+FF0E, U+3002, U+FF61
                    (0xEF, 0xBC, 0xA1..=0xA6) => Some(b'a' + (b2 - 0xA1)),                      // U+FF21..FF26 A-F
                    (0xEF, 0xBD, 0x81..=0x86) => Some(b'a' + (b2 - 0x81)),                      // U+FF41..FF46 a-f
                    (0xEF, 0xBC, 0xB8) | (0xEF, 0xBD, 0x98) => Some(b'x'),                      // U+FF38 X, U+FF58 x
                    _ => None,
                };
                if let Some(m) = mapped {
                    self.i = i3;
                    return Some((m, p0 || p1 || p2, true));
                }
            }
        }
        Some((0x80, p0, false))
    }
}

/// How a host that reads as an IPv4 address differs from dotted-decimal
/// (`IPv4address`). Flags describe the numeric parts only.
///
/// ```
/// let u = uriscan::UriRef::parse("http://0x7f.01.1/").unwrap();
/// let f = u.ambiguous_ipv4_host().unwrap().form();
/// assert_eq!((f.parts, f.hex, f.octal, f.decimal), (3, true, true, true));
/// assert!(f.is_mixed());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[allow(clippy::struct_excessive_bools)]
pub struct Ipv4Form {
    /// The number of dot-separated parts, not counting one trailing dot
    /// (saturates at 255).
    pub parts: u8,
    /// A part is decimal (`127`, `0`).
    pub decimal: bool,
    /// A part is octal: a leading `0` and more digits (`0177`, `00`).
    pub octal: bool,
    /// A part is hexadecimal: `0x` or `0X` and hex digits (`0x7f`, `0x`).
    pub hex: bool,
    /// The host ends with one `.` after its last part (`1.2.3.4.`).
    pub trailing_dot: bool,
    /// Some of it is percent-encoded (`%31.2.3.4`).
    pub percent_encoded: bool,
    /// Some of it is full-width or ideographic (`%EF%BC%91` for `１`,
    /// `%E3%80%82` for `。`), which IDNA maps to ASCII digits and dots.
    pub unicode_mapped: bool,
}

impl Ipv4Form {
    /// Whether the numeric parts use more than one radix (`0x7f.0.1`, `0177.1`).
    ///
    /// ```
    /// let f = uriscan::UriRef::parse("//0177.1").unwrap().ambiguous_ipv4_host().unwrap().form();
    /// assert!(f.is_mixed());
    /// ```
    #[must_use]
    pub const fn is_mixed(&self) -> bool {
        (self.decimal as u8 + self.octal as u8 + self.hex as u8) > 1
    }

    /// Whether this is plain dotted-decimal: four decimal parts and nothing
    /// else that differs. (A reg-name never is; [`ambiguous_ipv4`] uses this
    /// to skip `IPv4address` text.)
    const fn is_plain(&self) -> bool {
        self.parts == 4
            && self.decimal
            && !self.octal
            && !self.hex
            && !self.trailing_dot
            && !self.percent_encoded
            && !self.unicode_mapped
    }
}

/// A `reg-name` host that resolvers may read as an IPv4 address (RFC 3986
/// §7.4). The reading follows `inet_aton` as URL parsers (WHATWG) apply it:
/// one to four parts separated by `.`; each part decimal, octal (leading
/// `0`) or hexadecimal (`0x`); the last part fills the remaining bytes
/// (`127.1` is 127.0.0.1, `2130706433` is 127.0.0.1); one trailing dot is
/// allowed; percent-encodings are decoded and full-width digits and dots
/// mapped first.
///
/// ```
/// use std::net::Ipv4Addr;
/// use uriscan::{security::AmbiguousIpv4, UriRef};
/// let lo = Some(Ipv4Addr::new(127, 0, 0, 1));
/// for h in ["0x7f.1", "127.1", "0177.0.0.1", "2130706433", "127.0.0.1.", "0x7f000001", "%31%32%37.0.0.1"] {
///     let s = format!("http://{h}/");
///     let u = UriRef::parse(&s).unwrap();
///     assert_eq!(u.ambiguous_ipv4_host().and_then(|a| a.address()), lo, "{h}");
/// }
/// // Dotted-decimal is an IPv4address, not a reg-name: nothing ambiguous.
/// assert_eq!(UriRef::parse("http://127.0.0.1/").unwrap().ambiguous_ipv4_host(), None);
/// assert_eq!(UriRef::parse("http://example.com/").unwrap().ambiguous_ipv4_host(), None);
/// // A host that ends in a number but is no address is rejected by URL
/// // parsers while a DNS resolver looks it up.
/// let bad = UriRef::parse("http://1.2.3.256/").unwrap().ambiguous_ipv4_host();
/// assert!(matches!(bad, Some(AmbiguousIpv4::EndsInNumber { .. })));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum AmbiguousIpv4 {
    /// Read as the IPv4 address `addr`.
    Address {
        /// The address by `inet_aton` rules.
        addr: Ipv4Addr,
        /// What made the text differ from dotted-decimal.
        form: Ipv4Form,
    },
    /// The last part is a number (all digits, or a valid `0x`/octal/decimal
    /// number), but the whole is no address: a part is out of range, there
    /// are more than four parts, an earlier part is not numeric, or an octal
    /// part has an `8` or `9`. URL parsers that follow WHATWG reject such a
    /// host; `inet_aton` rejects it and a resolver then looks it up as a name.
    EndsInNumber {
        /// The forms of the numeric parts seen.
        form: Ipv4Form,
    },
}

impl AmbiguousIpv4 {
    /// The address, when the host reads as one.
    ///
    /// ```
    /// let a = uriscan::UriRef::parse("//1").unwrap().ambiguous_ipv4_host().unwrap();
    /// assert_eq!(a.address(), Some(std::net::Ipv4Addr::new(0, 0, 0, 1)));
    /// ```
    #[must_use]
    pub const fn address(&self) -> Option<Ipv4Addr> {
        match *self {
            AmbiguousIpv4::Address { addr, .. } => Some(addr),
            AmbiguousIpv4::EndsInNumber { .. } => None,
        }
    }

    /// The form of the host text.
    ///
    /// ```
    /// let a = uriscan::UriRef::parse("//1.2.3.4.").unwrap().ambiguous_ipv4_host().unwrap();
    /// assert!(a.form().trailing_dot);
    /// ```
    #[must_use]
    pub const fn form(&self) -> Ipv4Form {
        match *self {
            AmbiguousIpv4::Address { form, .. } | AmbiguousIpv4::EndsInNumber { form } => form,
        }
    }
}

impl fmt::Display for AmbiguousIpv4 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AmbiguousIpv4::Address { addr, .. } => write!(f, "host reads as the IPv4 address {addr}"),
            AmbiguousIpv4::EndsInNumber { .. } => f.write_str("host ends in a number but is not an IPv4 address"),
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Radix {
    Dec = 10,
    Oct = 8,
    Hex = 16,
}

/// One dot-separated part, read a character at a time.
#[derive(Clone, Copy)]
struct Part {
    /// Characters seen.
    n: usize,
    radix: Radix,
    lead0: bool,
    /// Only ASCII digits so far.
    all_digits: bool,
    /// A valid number in `radix` so far.
    valid: bool,
    /// The value, `None` once it exceeds `u32::MAX`.
    value: Option<u32>,
}

impl Part {
    const NEW: Part = Part { n: 0, radix: Radix::Dec, lead0: false, all_digits: true, valid: true, value: Some(0) };

    fn push(&mut self, c: u8) {
        self.n = self.n.saturating_add(1);
        if self.n == 1 {
            self.lead0 = c == b'0';
        } else if self.n == 2 && self.lead0 {
            if c | 0x20 == b'x' {
                self.radix = Radix::Hex;
                self.all_digits = false;
                return;
            }
            self.radix = Radix::Oct;
        }
        let d = match c {
            b'0'..=b'9' => c - b'0',
            b'a'..=b'f' | b'A'..=b'F' => (c | 0x20) - b'a' + 10,
            _ => 16,
        };
        if !c.is_ascii_digit() {
            self.all_digits = false;
        }
        let r = self.radix as u8;
        if d >= r {
            self.valid = false;
        } else {
            self.value = self.value.and_then(|v| v.checked_mul(u32::from(r))?.checked_add(u32::from(d)));
        }
    }

    /// A number in inet_aton syntax (possibly out of range).
    fn numeric(&self) -> bool {
        self.n > 0 && self.valid
    }

    /// WHATWG's "ends in a number" test for a last part.
    fn ends_in_number(&self) -> bool {
        self.n > 0 && (self.all_digits || self.valid)
    }

    fn note(&self, form: &mut Ipv4Form) {
        if self.numeric() {
            match self.radix {
                Radix::Dec => form.decimal = true,
                Radix::Oct => form.octal = true,
                Radix::Hex => form.hex = true,
            }
        }
    }
}

/// Reads `host` (the text of a `reg-name`, percent-encodings and all) the
/// way `inet_aton` and WHATWG URL parsers do, and says whether it is an IPv4
/// address in a rare form or ends in a number. Plain dotted-decimal text
/// (`127.0.0.1`, an `IPv4address`) and names that do not end in a number
/// give `None`. [`UriRef::ambiguous_ipv4_host`] applies this to a parsed
/// reg-name host.
///
/// Linear in `host`, no allocation. Never panics.
///
/// ```
/// use std::net::Ipv4Addr;
/// use uriscan::security::ambiguous_ipv4;
/// assert_eq!(ambiguous_ipv4("0x7f.1").unwrap().address(), Some(Ipv4Addr::new(127, 0, 0, 1)));
/// assert_eq!(ambiguous_ipv4("%EF%BC%91%EF%BC%92%EF%BC%97.1").unwrap().address(), Some(Ipv4Addr::new(127, 0, 0, 1)));
/// assert_eq!(ambiguous_ipv4("127.0.0.1"), None);
/// assert_eq!(ambiguous_ipv4("1.example"), None);
/// assert!(ambiguous_ipv4("example.123").is_some_and(|a| a.address().is_none()));
/// ```
#[must_use]
pub fn ambiguous_ipv4(host: &str) -> Option<AmbiguousIpv4> {
    let mut form = Ipv4Form::default();
    let mut values = [0u32; 4];
    // Parts finished so far, whether they were all in-range numbers, and the
    // part before the current one (the last, if the host ends with a dot).
    let mut count: usize = 0;
    let mut ok = true;
    let mut prev = Part::NEW;
    let mut cur = Part::NEW;
    let finish = |p: &Part, count: usize, values: &mut [u32; 4], ok: &mut bool, form: &mut Ipv4Form| {
        p.note(form);
        match (p.numeric(), p.value, values.get_mut(count)) {
            (true, Some(v), Some(slot)) => *slot = v,
            _ => *ok = false,
        }
    };
    for (c, pct, mapped) in (HostChars { s: host.as_bytes(), i: 0 }) {
        form.percent_encoded |= pct;
        form.unicode_mapped |= mapped;
        if c == b'.' {
            finish(&cur, count, &mut values, &mut ok, &mut form);
            count = count.saturating_add(1);
            prev = cur;
            cur = Part::NEW;
        } else {
            cur.push(c);
        }
    }
    let last = if cur.n == 0 && count > 0 {
        // One trailing dot: the part before it is the last one.
        form.trailing_dot = true;
        prev
    } else {
        finish(&cur, count, &mut values, &mut ok, &mut form);
        count = count.saturating_add(1);
        cur
    };
    if !last.ends_in_number() {
        return None;
    }
    form.parts = u8::try_from(count).unwrap_or(u8::MAX);
    let addr = if ok && (1..=4).contains(&count) { assemble(&values, count) } else { None };
    match addr {
        Some(_) if form.is_plain() => None,
        Some(addr) => Some(AmbiguousIpv4::Address { addr, form }),
        None => Some(AmbiguousIpv4::EndsInNumber { form }),
    }
}

/// The address from `count` (1 to 4) part values: every part but the last is
/// one byte, the last fills the rest.
fn assemble(values: &[u32; 4], count: usize) -> Option<Ipv4Addr> {
    let head = values.get(..count.checked_sub(1)?)?;
    let last = *values.get(count - 1)?;
    let mut addr: u32 = 0;
    for (i, &v) in head.iter().enumerate() {
        if v > 255 {
            return None;
        }
        addr |= v << (24 - 8 * i);
    }
    let rest_bits = 8 * (5 - count as u32); // 32, 24, 16 or 8
    if rest_bits < 32 && last >> rest_bits != 0 {
        return None;
    }
    Some(Ipv4Addr::from(addr | last))
}

/// Whether the start of `s` (percent-decoded) reads like a host name: two or
/// more non-empty labels of letters, digits and `-`, the last one with a
/// letter (`www.example.com`) or four numeric labels (`10.0.0.1`), ended by
/// the end of `s` or a byte that cannot be in a name (`&`, `;`, `=`...).
fn looks_like_host(s: &[u8]) -> bool {
    // Labels so far, whether all were digits only, whether the last had a
    // letter, and the current label.
    let mut labels = 0u32;
    let mut all_numeric = true;
    let mut last_alpha = false;
    let mut len = 0u32;
    let mut alpha = false;
    let mut digits_only = true;
    let mut i = 0;
    while let Some((b, next, _)) = decoded_at(s, i) {
        if b == b'.' {
            if len == 0 {
                return false; // an empty label (or a second trailing dot): not a name
            }
            labels = labels.saturating_add(1);
            all_numeric &= digits_only;
            last_alpha = alpha;
            (len, alpha, digits_only) = (0, false, true);
        } else if b.is_ascii_alphanumeric() || b == b'-' {
            len = len.saturating_add(1);
            alpha |= b.is_ascii_alphabetic();
            digits_only &= b.is_ascii_digit();
        } else {
            break;
        }
        i = next;
    }
    if len > 0 {
        labels = labels.saturating_add(1);
        all_numeric &= digits_only;
        last_alpha = alpha;
    }
    // (A name may end with one dot: `www.example.com.`.)
    labels >= 2 && (last_alpha || (all_numeric && labels == 4))
}

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

/// The §7.3 hazards of a path, in order; see [`UriRef::path_hazards`].
///
/// ```
/// let u = uriscan::UriRef::parse("/a%5cb").unwrap();
/// assert_eq!(u.path_hazards().map(|f| f.index).collect::<Vec<_>>(), [2]);
/// ```
#[derive(Clone, Debug)]
pub struct PathHazards<'a> {
    path: &'a [u8],
    /// Offset of the path in the reference.
    base: usize,
    pos: usize,
    /// The next segment start whose dot check is still due.
    seg_due: usize,
}

impl<'a> PathHazards<'a> {
    /// The hazards of `path`, with indexes counted from `base`.
    fn new(path: &'a str, base: usize) -> PathHazards<'a> {
        PathHazards { path: path.as_bytes(), base, pos: 0, seg_due: 0 }
    }
}

/// Whether `seg` holds a percent-encoding and decodes to `.` or `..`.
fn encoded_dot_segment(seg: &[u8]) -> bool {
    if seg.len() > 6 || !seg.contains(&b'%') {
        return false;
    }
    let mut i = 0;
    let mut dots = 0;
    while let Some((b, next, _)) = decoded_at(seg, i) {
        if b != b'.' {
            return false;
        }
        dots += 1;
        i = next;
    }
    dots == 1 || dots == 2
}

impl Iterator for PathHazards<'_> {
    type Item = Finding;

    fn next(&mut self) -> Option<Finding> {
        loop {
            let rest = self.path.get(self.pos..)?;
            if self.pos == self.seg_due {
                // A segment starts here: check it, and find the next start.
                let len = rest.iter().position(|&b| b == b'/').unwrap_or(rest.len());
                let seg = rest.get(..len).unwrap_or_default();
                self.seg_due = self.pos + len + 1;
                if encoded_dot_segment(seg) {
                    return Some(Finding { kind: FindingKind::EncodedDotSegment, index: self.base + self.pos });
                }
            }
            // Up to the next '%' or segment start, whichever is first.
            let stop = self.seg_due.min(self.path.len()).saturating_sub(self.pos);
            let upto = rest.get(..stop).unwrap_or_default();
            match upto.iter().position(|&b| b == b'%') {
                Some(k) => {
                    let at = self.pos + k;
                    self.pos = at + 1;
                    let kind = match triplet_at(self.path, at) {
                        Some(0x00) => FindingKind::EncodedNul,
                        Some(b'/') => FindingKind::EncodedSlash,
                        Some(b'\\') => FindingKind::EncodedBackslash,
                        _ => continue,
                    };
                    self.pos = at + 3;
                    return Some(Finding { kind, index: self.base + at });
                }
                None => {
                    if self.seg_due > self.path.len() {
                        self.pos = self.path.len() + 1;
                        return None;
                    }
                    self.pos = self.seg_due;
                }
            }
        }
    }
}

impl core::iter::FusedIterator for PathHazards<'_> {}

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

/// A [`Display`](fmt::Display) adapter that writes a reference with the
/// password of its userinfo replaced by `****` (RFC 3986 §7.5). A userinfo
/// without `:` is written as it is. Allocates nothing.
///
/// Made by [`UriRef::redacted`] for a parsed reference, or by [`redact`] for
/// any string (for error messages about input that did not parse).
///
/// ```
/// let u = uriscan::UriRef::parse("ftp://user:secret@host/f").unwrap();
/// assert_eq!(u.redacted().to_string(), "ftp://user:****@host/f");
/// assert_eq!(uriscan::security::redact("http://u:p@h:x/").to_string(), "http://u:****@h:x/");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Redacted<'a> {
    s: &'a str,
    /// The byte range of the password.
    mask: Option<(usize, usize)>,
}

impl Redacted<'_> {
    fn new<'s>(s: &'s str, userinfo: Option<&str>) -> Redacted<'s> {
        let mask = userinfo.and_then(|ui| {
            let off = offset_in(s, ui)?;
            let colon = ui.find(':')?;
            Some((off + colon + 1, off + ui.len()))
        });
        Redacted { s, mask }
    }
}

impl fmt::Display for Redacted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.mask.and_then(|(a, b)| Some((self.s.get(..a)?, self.s.get(b..)?))) {
            Some((head, tail)) => {
                f.write_str(head)?;
                f.write_str("****")?;
                f.write_str(tail)
            }
            None => f.write_str(self.s),
        }
    }
}

/// Displays any string with the password of its userinfo masked (RFC 3986
/// §7.5), finding the authority by Appendix B ([`crate::split`]) so that it
/// works on input that is not a valid reference; the userinfo is everything
/// before the authority's last `@`. For a parsed reference,
/// [`UriRef::redacted`] says the same.
///
/// ```
/// use uriscan::security::redact;
/// assert_eq!(redact("http://al:secret@h/p").to_string(), "http://al:****@h/p");
/// assert_eq!(redact("http://al:se cret@h/<p>").to_string(), "http://al:****@h/<p>");
/// assert_eq!(redact("http://al@h/p:q@r").to_string(), "http://al@h/p:q@r");
/// assert_eq!(redact("no authority:x@y").to_string(), "no authority:x@y");
/// ```
#[must_use]
pub fn redact(input: &str) -> Redacted<'_> {
    let ui = crate::split(input).authority.and_then(|a| a.rfind('@').and_then(|at| a.get(..at)));
    Redacted::new(input, ui)
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn assemble_ranges() {
        assert_eq!(assemble(&[0xFFFF_FFFF, 0, 0, 0], 1), Some(Ipv4Addr::BROADCAST));
        assert_eq!(assemble(&[1, 0x100_0000, 0, 0], 2), None);
        assert_eq!(assemble(&[1, 0xFF_FFFF, 0, 0], 2), Some(Ipv4Addr::new(1, 255, 255, 255)));
        assert_eq!(assemble(&[1, 2, 3, 256], 4), None);
        assert_eq!(assemble(&[256, 2, 3, 4], 4), None);
        assert_eq!(assemble(&[0; 4], 0), None);
    }

    #[test]
    fn offsets() {
        let s = "abc";
        assert_eq!(offset_in(s, &s[1..]), Some(1));
        assert_eq!(offset_in(s, "zz"), None);
    }
}
