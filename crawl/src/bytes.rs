//! Byte helpers shared by the SURT canonicalizer and the profiles: lenient
//! percent-decoding to a fixpoint, the minimal escape, host dots, IPv4 number
//! forms, IDNA 2003 ToASCII.

use std::borrow::Cow;
use std::net::Ipv4Addr;
use uriscan::percent::hex_val;
use uriscan::security::{inet_aton_bytes_with, InetAtonOptions};

const HEX_UPPER: &[u8; 16] = b"0123456789ABCDEF";
const HEX_LOWER: &[u8; 16] = b"0123456789abcdef";

/// One lenient decoding pass: every `%XX` with two hex digits becomes its byte,
/// any other `%` stays. Returns whether anything was decoded.
fn unescape_once(input: &[u8], out: &mut Vec<u8>) -> bool {
    out.clear();
    let mut changed = false;
    let mut i = 0;
    while i < input.len() {
        let b = input[i];
        if b == b'%' {
            if let (Some(h), Some(l)) =
                (input.get(i + 1).copied().and_then(hex_val), input.get(i + 2).copied().and_then(hex_val))
            {
                out.push(h << 4 | l);
                i += 3;
                changed = true;
                continue;
            }
        }
        out.push(b);
        i += 1;
    }
    changed
}

/// Percent-decodes `input` again and again until a pass changes nothing
/// (`%2541` → `%41` → `A`). Malformed escapes stay as they are. Borrowed when
/// there is no `%`.
pub(crate) fn unescape_repeatedly(input: &[u8]) -> Cow<'_, [u8]> {
    if !input.contains(&b'%') {
        return Cow::Borrowed(input);
    }
    let mut cur = Vec::with_capacity(input.len());
    if !unescape_once(input, &mut cur) {
        return Cow::Borrowed(input);
    }
    let mut next = Vec::with_capacity(cur.len());
    while unescape_once(&cur, &mut next) {
        std::mem::swap(&mut cur, &mut next);
    }
    Cow::Owned(cur)
}

/// Whether the minimal escape encodes `b`: controls, space, `#`, `%` and every
/// byte from DEL up.
pub(crate) const fn needs_escape(b: u8) -> bool {
    b <= 0x20 || b >= 0x7f || b == b'#' || b == b'%'
}

/// Appends `input` with every byte [`needs_escape`] names written as `%XX`
/// (upper-case hex), everything else as it is.
pub(crate) fn escape_once_into(input: &[u8], out: &mut Vec<u8>) {
    if !input.iter().any(|&b| needs_escape(b)) {
        out.extend_from_slice(input);
        return;
    }
    for &b in input {
        if needs_escape(b) {
            out.extend_from_slice(&[b'%', HEX_UPPER[usize::from(b >> 4)], HEX_UPPER[usize::from(b & 15)]]);
        } else {
            out.push(b);
        }
    }
}

/// Whether `input` has no `%` and no byte [`needs_escape`] names but `#`:
/// nothing in it decodes, and nothing but a fragment's `#` needs escaping.
/// Branch-free per 16 bytes, so it runs as vector code.
pub(crate) fn is_plain(input: &[u8]) -> bool {
    input.chunks(16).all(|c| !c.iter().fold(false, |any, &b| any | (b <= 0x20 || b >= 0x7f || b == b'%')))
}

/// Appends `input` ASCII-lowercased, with every byte [`needs_escape`] names
/// written as `%xx` (lower-case hex): the minimal escape followed by the
/// archive canonicalizer's lowercasing, in one pass.
pub(crate) fn escape_lower_into(input: &[u8], out: &mut Vec<u8>) {
    // A branch-free test per 16 bytes, so the common case (nothing to
    // escape) runs as vector code, then one lowercasing copy.
    let clean = input.chunks(16).all(|c| !c.iter().fold(false, |any, &b| any | needs_escape(b)));
    if clean {
        let start = out.len();
        out.extend_from_slice(input);
        out[start..].make_ascii_lowercase();
        return;
    }
    for &b in input {
        if needs_escape(b) {
            out.extend_from_slice(&[b'%', HEX_LOWER[usize::from(b >> 4)], HEX_LOWER[usize::from(b & 15)]]);
        } else {
            out.push(b.to_ascii_lowercase());
        }
    }
}

/// Reads an all-digits IPv4 form the way glibc's `inet_aton` does (one to four
/// dot-separated parts, a leading `0` makes a part octal, the last part fills
/// the remaining bytes): the library's [`inet_aton_bytes_with`] without hexadecimal
/// parts, as the SURT canonicalizer reads hosts. `None` when it is not such
/// an address.
pub(crate) fn inet_aton_digits(host: &[u8]) -> Option<Ipv4Addr> {
    inet_aton_bytes_with(host, InetAtonOptions::DIGITS)
}

/// Appends `n` in decimal.
pub(crate) fn push_u16(n: u16, out: &mut Vec<u8>) {
    let mut digits = [0u8; 5];
    let mut i = digits.len();
    let mut n = n;
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[i..]);
}

/// Appends an address as dotted decimal.
pub(crate) fn push_ipv4(addr: Ipv4Addr, out: &mut Vec<u8>) {
    for (i, octet) in addr.octets().into_iter().enumerate() {
        if i > 0 {
            out.push(b'.');
        }
        push_u16(octet.into(), out);
    }
}

/// ToASCII of a name as IDNA 2003 (Python's `idna` codec, Java's `IDN`)
/// computes it: the UTS #46 deviation characters mapped as IDNA 2003 maps
/// them (ß to `ss`, final sigma to sigma, the joiners dropped), then UTS #46
/// processing without length or hyphen checks. `None` when a label cannot
/// be converted. Shared by the SURT host massage and the Common Crawl
/// index's host columns.
pub(crate) fn idna2003_to_ascii(name: &str) -> Option<String> {
    use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};
    let mut mapped = String::with_capacity(name.len() + 2);
    for ch in name.chars() {
        match ch {
            'ß' => mapped.push_str("ss"),
            'ς' => mapped.push('σ'),
            '\u{200c}' | '\u{200d}' => {}
            _ => mapped.push(ch),
        }
    }
    let ascii =
        Uts46::new().to_ascii(mapped.as_bytes(), AsciiDenyList::EMPTY, Hyphens::Allow, DnsLength::Ignore).ok()?;
    Some(ascii.into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unescape_to_fixpoint() {
        assert_eq!(&*unescape_repeatedly(b"%2525252541"), b"A");
        assert_eq!(&*unescape_repeatedly(b"%%41%zz%4"), b"%A%zz%4");
    }

    #[test]
    fn escape_set() {
        let mut out = Vec::new();
        escape_once_into(b"a b#c%d\x7f\xc3\xa9~!\"<>", &mut out);
        assert_eq!(out, b"a%20b%23c%25d%7F%C3%A9~!\"<>");
        out.clear();
        escape_lower_into(b"A b#C%d\x7f\xc3\xa9~!\"<>", &mut out);
        assert_eq!(out, b"a%20b%23c%25d%7f%c3%a9~!\"<>");
    }

    #[test]
    fn numbers() {
        let mut out = Vec::new();
        push_ipv4(Ipv4Addr::new(0, 10, 200, 255), &mut out);
        out.push(b' ');
        push_u16(65535, &mut out);
        out.push(b' ');
        push_u16(0, &mut out);
        assert_eq!(out, b"0.10.200.255 65535 0");
    }

    #[test]
    fn inet_aton_forms() {
        assert_eq!(inet_aton_digits(b"1.2.3"), Some(Ipv4Addr::new(1, 2, 0, 3)));
        assert_eq!(inet_aton_digits(b"010.1"), Some(Ipv4Addr::new(8, 0, 0, 1)));
        assert_eq!(inet_aton_digits(b"1.300"), Some(Ipv4Addr::new(1, 0, 1, 44)));
        assert_eq!(inet_aton_digits(b"1.09.1"), None);
        assert_eq!(inet_aton_digits(b"256.1"), None);
        assert_eq!(inet_aton_digits(b"1.2.3.256"), None);
        assert_eq!(inet_aton_digits(b"1.2.3.4.5"), None);
    }
}
