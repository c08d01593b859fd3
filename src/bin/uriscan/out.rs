//! Output encoding: JSON strings and TSV fields, both lossless for any bytes
//! (see the "Output encoding" section of `uriscan parse --help`), and
//! integers, all appended to a reusable byte buffer.

const HEX: &[u8; 16] = b"0123456789ABCDEF";

/// Appends the decimal digits of `n`.
#[inline]
pub fn u64(out: &mut Vec<u8>, mut n: u64) {
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&buf[i..]);
}

#[inline]
fn hex_byte(out: &mut Vec<u8>, b: u8) {
    out.extend_from_slice(&[HEX[usize::from(b >> 4)], HEX[usize::from(b & 15)]]);
}

/// Whether a byte of valid UTF-8 text needs a JSON escape (or our backslash
/// doubling): `"`, `\` and the C0 controls.
#[inline]
fn json_special(b: u8) -> bool {
    b < 0x20 || b == b'"' || b == b'\\'
}

/// Appends the JSON escape of valid UTF-8 `s` (without quotes).
fn json_text(out: &mut Vec<u8>, s: &[u8]) {
    let mut start = 0;
    for (i, &b) in s.iter().enumerate() {
        if !json_special(b) {
            continue;
        }
        out.extend_from_slice(&s[start..i]);
        start = i + 1;
        match b {
            // A backslash of the input is doubled before JSON escaping.
            b'\\' => out.extend_from_slice(b"\\\\\\\\"),
            b'"' => out.extend_from_slice(b"\\\""),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\r' => out.extend_from_slice(b"\\r"),
            b'\t' => out.extend_from_slice(b"\\t"),
            _ => {
                out.extend_from_slice(b"\\u00");
                hex_byte(out, b);
            }
        }
    }
    out.extend_from_slice(&s[start..]);
}

/// Appends `s` as a JSON string: valid UTF-8 as itself (JSON-escaped, with a
/// backslash doubled), any byte that is not part of valid UTF-8 as `\xHH`
/// (the JSON text `"\\xHH"`).
pub fn json_str(out: &mut Vec<u8>, s: &[u8]) {
    out.push(b'"');
    if s.iter().all(|&b| b >= 0x20 && b < 0x80 && b != b'"' && b != b'\\') {
        out.extend_from_slice(s);
    } else {
        for chunk in s.utf8_chunks() {
            json_text(out, chunk.valid().as_bytes());
            for &b in chunk.invalid() {
                out.extend_from_slice(b"\\\\x");
                hex_byte(out, b);
            }
        }
    }
    out.push(b'"');
}

/// Appends `s`, known to need no escaping (a component of a valid URI:
/// printable ASCII without `"` or `\`), as a JSON string.
#[inline]
pub fn json_plain(out: &mut Vec<u8>, s: &[u8]) {
    out.push(b'"');
    out.extend_from_slice(s);
    out.push(b'"');
}

/// `json_plain` or `null`.
#[inline]
pub fn json_plain_opt(out: &mut Vec<u8>, s: Option<&[u8]>) {
    match s {
        Some(s) => json_plain(out, s),
        None => out.extend_from_slice(b"null"),
    }
}

/// `json_str` or `null`.
#[inline]
pub fn json_opt(out: &mut Vec<u8>, s: Option<&[u8]>) {
    match s {
        Some(s) => json_str(out, s),
        None => out.extend_from_slice(b"null"),
    }
}

/// Appends `s` as a TSV field: `\\`, `\t`, `\n`, `\r` for backslash, TAB,
/// LF and CR; `\xHH` for other control bytes, DEL and bytes that are not
/// part of valid UTF-8; everything else as itself.
pub fn tsv_str(out: &mut Vec<u8>, s: &[u8]) {
    if s.iter().all(|&b| (0x20..0x7F).contains(&b) && b != b'\\') {
        out.extend_from_slice(s);
        return;
    }
    for chunk in s.utf8_chunks() {
        let v = chunk.valid().as_bytes();
        let mut start = 0;
        for (i, &b) in v.iter().enumerate() {
            if b >= 0x20 && b != 0x7F && b != b'\\' {
                continue;
            }
            out.extend_from_slice(&v[start..i]);
            start = i + 1;
            match b {
                b'\\' => out.extend_from_slice(b"\\\\"),
                b'\t' => out.extend_from_slice(b"\\t"),
                b'\n' => out.extend_from_slice(b"\\n"),
                b'\r' => out.extend_from_slice(b"\\r"),
                _ => {
                    out.extend_from_slice(b"\\x");
                    hex_byte(out, b);
                }
            }
        }
        out.extend_from_slice(&v[start..]);
        for &b in chunk.invalid() {
            out.extend_from_slice(b"\\x");
            hex_byte(out, b);
        }
    }
}

/// `tsv_str`, or `\N` for undefined.
#[inline]
pub fn tsv_opt(out: &mut Vec<u8>, s: Option<&[u8]>) {
    match s {
        Some(s) => tsv_str(out, s),
        None => out.extend_from_slice(b"\\N"),
    }
}

/// A field known to need no escaping, or `\N`.
#[inline]
pub fn tsv_plain_opt(out: &mut Vec<u8>, s: Option<&[u8]>) {
    match s {
        Some(s) => out.extend_from_slice(s),
        None => out.extend_from_slice(b"\\N"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn j(s: &[u8]) -> String {
        let mut v = Vec::new();
        json_str(&mut v, s);
        String::from_utf8(v).unwrap()
    }

    fn t(s: &[u8]) -> String {
        let mut v = Vec::new();
        tsv_str(&mut v, s);
        String::from_utf8(v).unwrap()
    }

    #[test]
    fn json_escapes() {
        assert_eq!(j(b"http://a/b"), r#""http://a/b""#);
        assert_eq!(j(b"a\"b\\c\td\x01"), r#""a\"b\\\\c\td\u0001""#);
        assert_eq!(j(b"caf\xC3\xA9 \xFF\xC3"), "\"caf\u{e9} \\\\xFF\\\\xC3\"");
    }

    #[test]
    fn tsv_escapes() {
        assert_eq!(t(b"a b"), "a b");
        assert_eq!(t(b"a\tb\\c\rd\x7F\xFE\xC3\xA9"), "a\\tb\\\\c\\rd\\x7F\\xFE\u{e9}");
    }

    #[test]
    fn numbers() {
        for n in [0u64, 7, 10, 99, 12345, u64::MAX] {
            let mut v = Vec::new();
            u64(&mut v, n);
            assert_eq!(v, n.to_string().as_bytes());
        }
    }
}
