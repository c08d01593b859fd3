//! RFC 3986 §7.4: host names that resolvers read as IPv4 addresses in the
//! number forms of `inet_aton` (hex, octal, fewer than four parts).

use super::host::HostChars;
use core::fmt;
use core::net::Ipv4Addr;

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
        let d = crate::percent::hex_val(c).unwrap_or(16);
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
/// give `None`. [`UriRef::ambiguous_ipv4_host`](crate::UriRef::ambiguous_ipv4_host) applies this to a parsed
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
    for (c, pct, mapped) in HostChars::new(host) {
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

/// Which number forms [`inet_aton_bytes_with`] reads.
///
/// ```
/// use uriscan::security::InetAtonOptions;
/// assert_eq!(InetAtonOptions::default(), InetAtonOptions::ALL);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct InetAtonOptions {
    /// Hexadecimal parts (`0x7f`), as glibc's `inet_aton` and WHATWG URL
    /// parsers read them; without it, digits only (decimal, and octal with
    /// a leading `0`), as the web-archive canonicalizers read hosts.
    pub hex: bool,
}

impl InetAtonOptions {
    /// Every form `inet_aton` reads: decimal, octal and hexadecimal parts.
    pub const ALL: InetAtonOptions = InetAtonOptions { hex: true };
    /// Digits only: decimal and octal parts.
    pub const DIGITS: InetAtonOptions = InetAtonOptions { hex: false };
}

impl Default for InetAtonOptions {
    /// [`ALL`](InetAtonOptions::ALL): every form, as `inet_aton` reads them.
    fn default() -> InetAtonOptions {
        InetAtonOptions::ALL
    }
}

/// Reads `host` as `inet_aton` reads an address: one to four parts
/// separated by `.` (no empty part, no trailing dot), each decimal, octal
/// (a leading `0`) or hexadecimal (`0x`); every part but the last is one
/// byte, the last fills the rest (`127.1` is 127.0.0.1). `None` when
/// `host` is not such an address. The same part reading as
/// [`ambiguous_ipv4`], on bytes with nothing encoded.
///
/// Never panics.
///
/// ```
/// use std::net::Ipv4Addr;
/// use uriscan::security::inet_aton_bytes;
/// let lo = Some(Ipv4Addr::new(127, 0, 0, 1));
/// assert_eq!(inet_aton_bytes(b"0177.1"), lo);
/// assert_eq!(inet_aton_bytes(b"2130706433"), lo);
/// assert_eq!(inet_aton_bytes(b"0x7f.1"), lo);
/// assert_eq!(inet_aton_bytes(b"1.2.3.256"), None);
/// assert_eq!(inet_aton_bytes(b"1.2.3.4."), None);
/// assert_eq!(inet_aton_bytes(b"08.1"), None);
/// ```
#[must_use]
pub fn inet_aton_bytes(host: &[u8]) -> Option<Ipv4Addr> {
    inet_aton_bytes_with(host, InetAtonOptions::default())
}

/// [`inet_aton_bytes`] reading the forms `forms` allows: without
/// [`hex`](InetAtonOptions::hex), a hexadecimal part makes it `None`.
///
/// Never panics.
///
/// ```
/// use std::net::Ipv4Addr;
/// use uriscan::security::{inet_aton_bytes_with, InetAtonOptions};
/// let lo = Some(Ipv4Addr::new(127, 0, 0, 1));
/// assert_eq!(inet_aton_bytes_with(b"0177.1", InetAtonOptions::DIGITS), lo);
/// assert_eq!(inet_aton_bytes_with(b"0x7f.1", InetAtonOptions::ALL), lo);
/// assert_eq!(inet_aton_bytes_with(b"0x7f.1", InetAtonOptions::DIGITS), None);
/// ```
#[must_use]
pub fn inet_aton_bytes_with(host: &[u8], forms: InetAtonOptions) -> Option<Ipv4Addr> {
    let mut values = [0u32; 4];
    let mut count = 0;
    for text in host.split(|&b| b == b'.') {
        let slot = values.get_mut(count)?;
        count += 1;
        let mut part = Part::NEW;
        for &c in text {
            part.push(c);
        }
        if !part.numeric() || (part.radix == Radix::Hex && !forms.hex) {
            return None;
        }
        *slot = part.value?;
    }
    assemble(&values, count)
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
}
