//! Output encoding: JSON strings and TSV fields, both lossless for any bytes
//! (see the "Output encoding" section of `uriscan parse --help`), and
//! integers, all appended to a reusable byte buffer.

const HEX: &[u8; 16] = b"0123456789ABCDEF";

/// A growable output buffer: a zero-filled `Vec` and a cursor, so that
/// fixed-size copies into it are plain moves rather than `memcpy` calls.
/// Offers the few `Vec` methods the writers use, under the same names.
#[derive(Default)]
pub struct Out {
    buf: Vec<u8>,
    len: usize,
}

impl Out {
    pub fn with_capacity(n: usize) -> Out {
        Out { buf: vec![0; n], len: 0 }
    }

    /// The bytes written.
    #[inline]
    pub fn as_slice(&self) -> &[u8] {
        &self.buf[..self.len]
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Makes room for `n` more bytes.
    #[inline]
    pub fn reserve(&mut self, n: usize) {
        if self.buf.len() - self.len < n {
            self.grow(n);
        }
    }

    #[cold]
    fn grow(&mut self, n: usize) {
        let want = (self.len + n).max(self.buf.len() * 2).max(4096);
        self.buf.resize(want, 0);
    }

    #[inline]
    pub fn push(&mut self, b: u8) {
        self.reserve(1);
        self.buf[self.len] = b;
        self.len += 1;
    }

    #[inline]
    pub fn extend_from_slice(&mut self, s: &[u8]) {
        self.reserve(s.len());
        self.buf[self.len..self.len + s.len()].copy_from_slice(s);
        self.len += s.len();
    }

    /// Writes all `W` bytes of `block` but keeps only the first `keep`.
    #[inline(always)]
    fn block<const W: usize>(&mut self, block: &[u8; W], keep: usize) {
        self.reserve(W);
        if let Some(dst) = self.buf.get_mut(self.len..self.len + W) {
            if let Ok(dst) = <&mut [u8; W]>::try_from(dst) {
                *dst = *block;
                self.len += keep.min(W);
            }
        }
    }
}

/// Appends the decimal digits of `n`.
#[inline]
pub fn u64(out: &mut Out, mut n: u64) {
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

/// A line number kept as decimal digits, incremented in place (cheaper than
/// formatting every number).
pub struct LineNo {
    digits: [u8; 20],
    start: usize,
    n: u64,
}

impl LineNo {
    /// Line `n`.
    pub fn new(n: u64) -> LineNo {
        let mut v = Out::default();
        u64(&mut v, n);
        let v = v.as_slice();
        let mut digits = [b'0'; 20];
        let start = digits.len() - v.len();
        digits[start..].copy_from_slice(v);
        LineNo { digits, start, n }
    }

    /// The next line.
    #[inline]
    pub fn incr(&mut self) {
        self.n += 1;
        let mut i = self.digits.len();
        loop {
            i -= 1;
            if self.digits[i] == b'9' {
                self.digits[i] = b'0';
                if i == self.start {
                    // 20 digits hold any u64; a carry past them cannot occur.
                    self.start = self.start.saturating_sub(1);
                    self.digits[self.start] = b'1';
                    break;
                }
            } else {
                self.digits[i] += 1;
                break;
            }
        }
    }

    /// The decimal digits.
    #[inline]
    pub fn as_bytes(&self) -> &[u8] {
        &self.digits[self.start..]
    }

    /// Appends the decimal digits.
    #[inline]
    pub fn write(&self, out: &mut Out) {
        let d = self.as_bytes();
        let mut block = [0u8; 20];
        block[..d.len()].copy_from_slice(d);
        out.block(&block, d.len());
    }

    /// The number.
    #[inline]
    pub fn get(&self) -> u64 {
        self.n
    }
}

#[inline]
fn hex_byte(out: &mut Out, b: u8) {
    out.extend_from_slice(&[HEX[usize::from(b >> 4)], HEX[usize::from(b & 15)]]);
}

/// Whether a byte of valid UTF-8 text needs a JSON escape (or our backslash
/// doubling): `"`, `\` and the C0 controls.
#[inline]
fn json_special(b: u8) -> bool {
    b < 0x20 || b == b'"' || b == b'\\'
}

/// Appends the JSON escape of valid UTF-8 `s` (without quotes).
fn json_text(out: &mut Out, s: &[u8]) {
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
pub fn json_str(out: &mut Out, s: &[u8]) {
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
pub fn json_plain(out: &mut Out, s: &[u8]) {
    out.push(b'"');
    out.extend_from_slice(s);
    out.push(b'"');
}

/// Appends `s`, which must be a slice of the same buffer as `tail` (a
/// component of the line that `tail` starts with), by copying a fixed 32
/// bytes from `tail` and dropping the excess: no call to `memcpy` for the
/// short fields that dominate. Falls back to a plain copy near the end of
/// the buffer, for long fields, and if `s` is not inside `tail`.
#[inline(always)]
pub fn put(out: &mut Out, tail: &[u8], s: &[u8]) {
    const W: usize = 32;
    if s.len() <= W {
        // `s` lies inside `tail`'s memory iff this offset is in range; then
        // the bytes at that offset are `s`'s own bytes.
        let off = (s.as_ptr() as usize).wrapping_sub(tail.as_ptr() as usize);
        if let Some(src) = off.checked_add(W).and_then(|e| tail.get(off..e)) {
            if let Ok(block) = <&[u8; W]>::try_from(src) {
                out.block(block, s.len());
                return;
            }
        }
    }
    out.extend_from_slice(s);
}

/// `put` as a JSON string, or `null` (a component of a valid URI).
#[inline(always)]
pub fn json_put_opt(out: &mut Out, tail: &[u8], s: Option<&[u8]>) {
    match s {
        Some(s) => {
            out.push(b'"');
            put(out, tail, s);
            out.push(b'"');
        }
        None => out.extend_from_slice(b"null"),
    }
}

/// `put`, or `\N` (a component of a valid URI).
#[inline(always)]
pub fn tsv_put_opt(out: &mut Out, tail: &[u8], s: Option<&[u8]>) {
    match s {
        Some(s) => put(out, tail, s),
        None => out.extend_from_slice(b"\\N"),
    }
}

/// `json_plain` or `null`.
#[inline]
pub fn json_plain_opt(out: &mut Out, s: Option<&[u8]>) {
    match s {
        Some(s) => json_plain(out, s),
        None => out.extend_from_slice(b"null"),
    }
}

/// `json_str` or `null`.
#[inline]
pub fn json_opt(out: &mut Out, s: Option<&[u8]>) {
    match s {
        Some(s) => json_str(out, s),
        None => out.extend_from_slice(b"null"),
    }
}

/// Appends `s` as a TSV field: `\\`, `\t`, `\n`, `\r` for backslash, TAB,
/// LF and CR; `\xHH` for other control bytes, DEL and bytes that are not
/// part of valid UTF-8; everything else as itself.
pub fn tsv_str(out: &mut Out, s: &[u8]) {
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
pub fn tsv_opt(out: &mut Out, s: Option<&[u8]>) {
    match s {
        Some(s) => tsv_str(out, s),
        None => out.extend_from_slice(b"\\N"),
    }
}

/// A field known to need no escaping, or `\N`.
#[inline]
pub fn tsv_plain_opt(out: &mut Out, s: Option<&[u8]>) {
    match s {
        Some(s) => out.extend_from_slice(s),
        None => out.extend_from_slice(b"\\N"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn j(s: &[u8]) -> String {
        let mut v = Out::default();
        json_str(&mut v, s);
        String::from_utf8(v.as_slice().to_vec()).unwrap()
    }

    fn t(s: &[u8]) -> String {
        let mut v = Out::default();
        tsv_str(&mut v, s);
        String::from_utf8(v.as_slice().to_vec()).unwrap()
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
    fn put_copies_exactly() {
        let buf: Vec<u8> = (0..100u8).collect();
        for a in 0..100 {
            for b in a..=100 {
                let mut v = Out::default();
                v.push(7);
                put(&mut v, &buf[a.min(5)..], &buf[a..b]);
                assert_eq!(&v.as_slice()[1..], &buf[a..b]);
                assert_eq!(v.as_slice()[0], 7);
            }
        }
        // Not inside `tail`: a plain copy.
        let mut v = Out::default();
        put(&mut v, &buf[50..], b"abc");
        assert_eq!(v.as_slice(), b"abc");
    }

    #[test]
    fn line_numbers() {
        let mut l = LineNo::new(0);
        for n in 1..=100_500u64 {
            l.incr();
            assert_eq!(l.as_bytes(), n.to_string().as_bytes());
            assert_eq!(l.get(), n);
        }
        let mut l = LineNo::new(999_999);
        l.incr();
        assert_eq!(l.as_bytes(), b"1000000");
        let mut v = Out::default();
        l.write(&mut v);
        v.push(b'x');
        assert_eq!(v.as_slice(), b"1000000x");
    }

    #[test]
    fn numbers() {
        for n in [0u64, 7, 10, 99, 12345, u64::MAX] {
            let mut v = Out::default();
            u64(&mut v, n);
            assert_eq!(v.as_slice(), n.to_string().as_bytes());
        }
    }
}
