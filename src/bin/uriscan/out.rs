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

    /// Runs `f` with a [`Cursor`] over at least `room` free bytes, then keeps
    /// what it wrote. `f` must write at most `room` bytes (else it panics).
    #[inline(always)]
    pub fn with<R>(&mut self, room: usize, f: impl FnOnce(&mut Cursor<'_>) -> R) -> R {
        self.reserve(room);
        let mut c = Cursor { buf: &mut self.buf[self.len..], pos: 0 };
        let r = f(&mut c);
        self.len += c.pos;
        r
    }
}

/// A window of free space in an [`Out`] with a local position, so that the
/// compiler need not reload the length after every byte stored.
pub struct Cursor<'a> {
    buf: &'a mut [u8],
    pos: usize,
}

impl Cursor<'_> {
    #[inline(always)]
    pub fn push(&mut self, b: u8) {
        self.buf[self.pos] = b;
        self.pos += 1;
    }

    #[inline(always)]
    pub fn extend(&mut self, s: &[u8]) {
        self.buf[self.pos..self.pos + s.len()].copy_from_slice(s);
        self.pos += s.len();
    }

    /// Writes all `W` bytes of `block`, keeps the first `keep`.
    #[inline(always)]
    fn block<const W: usize>(&mut self, block: &[u8; W], keep: usize) {
        let dst: &mut [u8; W] = (&mut self.buf[self.pos..self.pos + W]).try_into().expect("W bytes");
        *dst = *block;
        self.pos += keep.min(W);
    }

    /// Appends `s`. When `s` is a slice of the same buffer as `tail` (a
    /// component of the line that `tail` starts with), copies a fixed 32
    /// bytes from `tail` and keeps `s.len()` of them: no `memcpy` call for
    /// the short fields that dominate. Falls back to a plain copy for long
    /// fields, near the end of the buffer, and when `s` is not inside `tail`
    /// (then the offset below is out of range). Needs 32 bytes of room.
    #[inline(always)]
    pub fn put(&mut self, tail: &[u8], s: &[u8]) {
        const W: usize = 32;
        if s.len() <= W {
            let off = (s.as_ptr() as usize).wrapping_sub(tail.as_ptr() as usize);
            if let Some(src) = off.checked_add(W).and_then(|e| tail.get(off..e)) {
                if let Ok(block) = <&[u8; W]>::try_from(src) {
                    self.block(block, s.len());
                    return;
                }
            }
        }
        self.extend(s);
    }

    /// `put` as a JSON string, or `null`.
    #[inline(always)]
    pub fn json_opt(&mut self, tail: &[u8], s: Option<&[u8]>) {
        match s {
            Some(s) => {
                self.push(b'"');
                self.put(tail, s);
                self.push(b'"');
            }
            None => self.extend(b"null"),
        }
    }

    /// `put`, or `\N`.
    #[inline(always)]
    pub fn tsv_opt(&mut self, tail: &[u8], s: Option<&[u8]>) {
        match s {
            Some(s) => self.put(tail, s),
            None => self.extend(b"\\N"),
        }
    }

    /// A line number.
    #[inline(always)]
    pub fn line(&mut self, l: &LineNo) {
        self.block(&l.digits, l.len);
    }
}

/// A line number kept as decimal digits (left-aligned), incremented in
/// place: cheaper than formatting every number.
pub struct LineNo {
    digits: [u8; 20],
    len: usize,
    n: u64,
}

impl LineNo {
    /// Line `n`.
    pub fn new(n: u64) -> LineNo {
        let s = n.to_string();
        let mut digits = [b'0'; 20];
        digits[..s.len()].copy_from_slice(s.as_bytes());
        LineNo { digits, len: s.len(), n }
    }

    /// The next line.
    #[inline]
    pub fn incr(&mut self) {
        self.n += 1;
        let mut i = self.len;
        while i > 0 {
            i -= 1;
            if self.digits[i] != b'9' {
                self.digits[i] += 1;
                return;
            }
            self.digits[i] = b'0';
        }
        // All nines: 10...0, one digit longer (20 digits hold any u64).
        self.digits[0] = b'1';
        self.len = (self.len + 1).min(self.digits.len());
    }

    /// The decimal digits.
    #[inline]
    pub fn as_bytes(&self) -> &[u8] {
        &self.digits[..self.len]
    }

    /// The number.
    #[inline]
    pub fn get(&self) -> u64 {
        self.n
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

#[inline]
fn hex_byte(out: &mut Out, b: u8) {
    out.extend_from_slice(&[HEX[usize::from(b >> 4)], HEX[usize::from(b & 15)]]);
}

/// Whether `s` needs no escaping in JSON or TSV: printable ASCII other than
/// `"` and `\`. Checks blocks without early exits, so that it vectorizes.
#[inline]
pub fn plain(s: &[u8]) -> bool {
    s.chunks(64).all(|c| {
        c.iter().fold(0u8, |bad, &b| bad | u8::from(!(0x20..0x7F).contains(&b) | (b == b'"') | (b == b'\\'))) == 0
    })
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
    if plain(s) {
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
    if plain(s) {
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
                v.with(200, |c| c.put(&buf[a.min(5)..], &buf[a..b]));
                assert_eq!(&v.as_slice()[1..], &buf[a..b]);
                assert_eq!(v.as_slice()[0], 7);
            }
        }
        // Not inside `tail`: a plain copy.
        let mut v = Out::default();
        v.with(200, |c| c.put(&buf[50..], b"abc"));
        v.with(200, |c| c.put(&buf[50..], &buf[10..12]));
        assert_eq!(v.as_slice(), b"abc\x0A\x0B");
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
        v.with(64, |c| c.line(&l));
        v.push(b'x');
        assert_eq!(v.as_slice(), b"1000000x");
        assert_eq!(LineNo::new(0).as_bytes(), b"0");
        assert_eq!(LineNo::new(12).as_bytes(), b"12");
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
