//! The percent escapes of the archive canonicalizers (SURT and the
//! canonicalization profiles): lenient decoding to a fixpoint, the minimal
//! escape (controls, space, `#`, `%`, DEL and up), its lower-case twin.

use std::borrow::Cow;
use uriscan::percent::hex_val;

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
}
