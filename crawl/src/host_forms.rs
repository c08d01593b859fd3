//! How the archive canonicalizers write a host and a port: IPv4 number
//! forms read as `inet_aton` reads them and written as dotted decimal, a
//! `u16` in decimal, IDNA 2003 ToASCII.

use std::net::Ipv4Addr;
use uriscan::security::{inet_aton_bytes_with, InetAtonOptions};

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
