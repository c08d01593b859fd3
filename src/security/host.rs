//! Host characters as a resolver reads them: percent-decoded, with the UTS #46
//! mappings that turn full-width digits and dots into ASCII (§7.4, §7.6).

use crate::percent::triplet_at;

/// The byte offset of `sub` in `s`, if `sub` is a slice of `s`.
#[inline]
pub(crate) fn offset_in(s: &str, sub: &str) -> Option<usize> {
    let off = (sub.as_ptr() as usize).checked_sub(s.as_ptr() as usize)?;
    let end = off.checked_add(sub.len())?;
    (end <= s.len()).then_some(off)
}

/// The decoded octet at `i` and the index after it: a `%XX` triplet is one
/// octet; any other byte (a stray `%` too) stands for itself.
#[inline]
pub(super) fn decoded_at(s: &[u8], i: usize) -> Option<(u8, usize, bool)> {
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
pub(super) struct HostChars<'a> {
    s: &'a [u8],
    i: usize,
}

impl<'a> HostChars<'a> {
    /// The characters of `host`.
    pub(super) fn new(host: &'a str) -> HostChars<'a> {
        HostChars { s: host.as_bytes(), i: 0 }
    }
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

/// Whether the start of `s` (percent-decoded) reads like a host name: two or
/// more non-empty labels of letters, digits and `-`, the last one with a
/// letter (`www.example.com`) or four numeric labels (`10.0.0.1`), ended by
/// the end of `s` or a byte that cannot be in a name (`&`, `;`, `=`...).
pub(crate) fn looks_like_host(s: &[u8]) -> bool {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets() {
        let s = "abc";
        assert_eq!(offset_in(s, &s[1..]), Some(1));
        assert_eq!(offset_in(s, "zz"), None);
    }
}
