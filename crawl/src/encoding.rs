//! ClickHouse's URL component encoding and decoding:
//! `encodeURLComponent`, `encodeURLFormComponent`, `decodeURLComponent`,
//! `decodeURLFormComponent`.
//!
//! Encoding keeps RFC 3986's `unreserved` bytes (`A-Z a-z 0-9 - . _ ~`,
//! [`uriscan::sets::UNRESERVED`]) and writes every other byte as `%XX` with
//! upper-case hex digits; the form variant writes a space as `+`. Decoding
//! turns each `%XX` triplet (either case of hex digit) into its octet and
//! keeps a `%` that does not start one with the two bytes after it, as they
//! are (`%zz`, a trailing `%4`, `%%41`: quirk `decode-skips-two`); the form
//! variant reads `+` as a space. Decoded octets may be anything,
//! `NUL` and bytes that are not UTF-8 included, as in ClickHouse, whose
//! strings are bytes: the decoders return bytes, and their `_lossy` twins
//! text with U+FFFD for what is not UTF-8.
//!
//! All four agree with ClickHouse 26.9 on every row of
//! `tests/data/clickhouse_*.txt`.

use std::borrow::Cow;

use uriscan::percent;
use uriscan::sets::UNRESERVED;

/// `s` percent-encoded as ClickHouse's `encodeURLComponent` does: every byte
/// but `A-Z a-z 0-9 - . _ ~` as `%XX`. Borrowed when nothing needs encoding.
///
/// ```
/// use uriscan_crawl::encoding::encode_url_component;
/// assert_eq!(encode_url_component("a b+c/é~*"), "a%20b%2Bc%2F%C3%A9~%2A");
/// assert_eq!(encode_url_component(b"\x00\xFF"), "%00%FF");
/// ```
#[must_use]
pub fn encode_url_component<I: AsRef<[u8]> + ?Sized>(s: &I) -> Cow<'_, str> {
    percent::encode(s, &UNRESERVED)
}

/// `s` encoded as ClickHouse's `encodeURLFormComponent` does: as
/// [`encode_url_component`], but a space is `+` (and `+` itself `%2B`).
///
/// ```
/// use uriscan_crawl::encoding::encode_url_form_component;
/// assert_eq!(encode_url_form_component("a b+c/é~*"), "a+b%2Bc%2F%C3%A9~%2A");
/// ```
#[must_use]
pub fn encode_url_form_component<I: AsRef<[u8]> + ?Sized>(s: &I) -> Cow<'_, str> {
    match encode_url_component(s) {
        // A `%` in the output only starts a triplet, so `%20` is always an encoded space.
        Cow::Owned(e) if e.contains("%20") => Cow::Owned(e.replace("%20", "+")),
        other => other,
    }
}

/// ClickHouse's decoding: `%XX` (either case of hex digit) to its octet; a
/// `%` not followed by two hex digits is copied with the two bytes after it,
/// whatever they are (quirk `decode-skips-two`: `%%41` stays `%%41`, and
/// in the form variant the `+` of `%4+` stays); `+` is a space when `form`.
fn ch_decode(s: &[u8], form: bool) -> Cow<'_, [u8]> {
    if !s.iter().any(|&b| b == b'%' || (form && b == b'+')) {
        return Cow::Borrowed(s);
    }
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        match s[i] {
            b'%' => match (
                s.get(i + 1).copied().and_then(percent::hex_val),
                s.get(i + 2).copied().and_then(percent::hex_val),
            ) {
                (Some(h), Some(l)) => {
                    out.push(h << 4 | l);
                    i += 3;
                }
                _ => {
                    let end = (i + 3).min(s.len());
                    out.extend_from_slice(&s[i..end]);
                    i = end;
                }
            },
            b'+' if form => {
                out.push(b' ');
                i += 1;
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    Cow::Owned(out)
}

/// `s` decoded as ClickHouse's `decodeURLComponent` does: `%XX` triplets to
/// octets, `+` kept; a `%` without two hex digits after it is kept with the
/// two bytes that follow it (quirk `decode-skips-two`). Borrowed when there
/// is no `%`.
///
/// ```
/// use uriscan_crawl::encoding::decode_url_component;
/// assert_eq!(decode_url_component("a+b%20%zz%4"), &b"a+b %zz%4"[..]);
/// assert_eq!(decode_url_component("%41%4a%00%FF"), &b"AJ\x00\xFF"[..]);
/// assert_eq!(decode_url_component("%%41"), &b"%%41"[..]);
/// ```
#[must_use]
pub fn decode_url_component<I: AsRef<[u8]> + ?Sized>(s: &I) -> Cow<'_, [u8]> {
    ch_decode(s.as_ref(), false)
}

/// `s` decoded as ClickHouse's `decodeURLFormComponent` does: as
/// [`decode_url_component`], and `+` is a space (but not among the two
/// bytes kept after a malformed `%`).
///
/// ```
/// use uriscan_crawl::encoding::decode_url_form_component;
/// assert_eq!(decode_url_form_component("a+b%20%zz%2B"), &b"a b %zz+"[..]);
/// assert_eq!(decode_url_form_component("%4+"), &b"%4+"[..]);
/// ```
#[must_use]
pub fn decode_url_form_component<I: AsRef<[u8]> + ?Sized>(s: &I) -> Cow<'_, [u8]> {
    ch_decode(s.as_ref(), true)
}

/// Bytes as text, U+FFFD for what is not UTF-8; borrowed when they are.
fn lossy(b: Cow<'_, [u8]>) -> Cow<'_, str> {
    match b {
        Cow::Borrowed(b) => String::from_utf8_lossy(b),
        Cow::Owned(v) => {
            String::from_utf8(v).map_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned().into(), Cow::Owned)
        }
    }
}

/// [`decode_url_component`] as text: octets that are not UTF-8 become U+FFFD.
///
/// ```
/// use uriscan_crawl::encoding::decode_url_component_lossy;
/// assert_eq!(decode_url_component_lossy("caf%C3%A9+%FF"), "café+\u{FFFD}");
/// ```
#[must_use]
pub fn decode_url_component_lossy<I: AsRef<[u8]> + ?Sized>(s: &I) -> Cow<'_, str> {
    lossy(decode_url_component(s))
}

/// [`decode_url_form_component`] as text: octets that are not UTF-8 become U+FFFD.
///
/// ```
/// use uriscan_crawl::encoding::decode_url_form_component_lossy;
/// assert_eq!(decode_url_form_component_lossy("caf%C3%A9+au+lait"), "café au lait");
/// ```
#[must_use]
pub fn decode_url_form_component_lossy<I: AsRef<[u8]> + ?Sized>(s: &I) -> Cow<'_, str> {
    lossy(decode_url_form_component(s))
}

/// The bytes `java.net.URLEncoder` writes as they are: `A-Z a-z 0-9 . - * _`
/// (and the space, which it writes as `+`).
const URL_ENCODER_KEEPS: uriscan::ByteSet =
    uriscan::ByteSet::of(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789.-*_ ");

/// `s` encoded as Spark's `url_encode` (`java.net.URLEncoder.encode(s,
/// "UTF-8")`) does: `A-Z a-z 0-9 . - * _` stay, a space is `+`, every other
/// byte of the UTF-8 text is `%XX` with upper-case hex digits. Unlike
/// [`encode_url_form_component`], `*` stays and `~` is encoded. Borrowed
/// when nothing changes. Agrees with Spark 4.3 on every row of
/// `tests/data/spark_url.txt`.
///
/// ```
/// use uriscan_crawl::encoding::url_encode;
/// assert_eq!(url_encode("https://spark.apache.org"), "https%3A%2F%2Fspark.apache.org");
/// assert_eq!(url_encode("a b+c/é~*"), "a+b%2Bc%2F%C3%A9%7E*");
/// ```
#[must_use]
pub fn url_encode(s: &str) -> Cow<'_, str> {
    match percent::encode(s, &URL_ENCODER_KEEPS) {
        Cow::Borrowed(b) if !b.contains(' ') => Cow::Borrowed(b),
        e => Cow::Owned(e.replace(' ', "+")),
    }
}

/// Why [`url_decode`] rejects a string, as `java.net.URLDecoder` does: a
/// `%` not followed by two characters, or by two that are not a hex number
/// of at least 0. Its [`index`](UrlDecodeError::index) is the byte offset
/// of that `%`.
///
/// ```
/// let e = uriscan_crawl::encoding::url_decode("ab%zz").unwrap_err();
/// assert_eq!(e.index(), 2);
/// assert_eq!(e.to_string(), "URLDecoder: Illegal hex characters in escape (%) pattern at byte 2");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UrlDecodeError {
    index: usize,
    incomplete: bool,
}

impl UrlDecodeError {
    /// The byte offset of the `%` that starts the bad escape.
    ///
    /// ```
    /// assert_eq!(uriscan_crawl::encoding::url_decode("%41%4").unwrap_err().index(), 3);
    /// ```
    #[must_use]
    pub fn index(&self) -> usize {
        self.index
    }
}

impl core::fmt::Display for UrlDecodeError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let what = if self.incomplete { "Incomplete trailing escape" } else { "Illegal hex characters in escape" };
        write!(f, "URLDecoder: {what} (%) pattern at byte {}", self.index)
    }
}

impl std::error::Error for UrlDecodeError {}

/// The value of `c` as a hexadecimal digit as Java's `Character.digit(c,
/// 16)` reads it: any Unicode decimal digit of the Basic Multilingual Plane
/// (`Nd`, e.g. `٤`), and `A-F`, `a-f` in ASCII or full width.
fn java_hex_digit(c: char) -> Option<u32> {
    // The zero of every run of ten decimal digits (Nd) in the BMP, Unicode 13 (Java 17).
    const ZEROS: [u32; 37] = [
        0x0030, 0x0660, 0x06F0, 0x07C0, 0x0966, 0x09E6, 0x0A66, 0x0AE6, 0x0B66, 0x0BE6, 0x0C66, 0x0CE6, 0x0D66, 0x0DE6,
        0x0E50, 0x0ED0, 0x0F20, 0x1040, 0x1090, 0x17E0, 0x1810, 0x1946, 0x19D0, 0x1A80, 0x1A90, 0x1B50, 0x1BB0, 0x1C40,
        0x1C50, 0xA620, 0xA8D0, 0xA900, 0xA9D0, 0xA9F0, 0xAA50, 0xABF0, 0xFF10,
    ];
    let u = u32::from(c);
    match c {
        'A'..='F' => Some(u - u32::from('A') + 10),
        'a'..='f' => Some(u - u32::from('a') + 10),
        '\u{FF21}'..='\u{FF26}' => Some(u - 0xFF21 + 10),
        '\u{FF41}'..='\u{FF46}' => Some(u - 0xFF41 + 10),
        _ => ZEROS.iter().find(|&&z| (z..z + 10).contains(&u)).map(|z| u - z),
    }
}

/// Java's `Integer.parseInt` of the two characters `a b` in base 16: an
/// optional sign then one digit, or two digits.
fn java_parse_hex2(a: char, b: char) -> Option<i32> {
    let d = |c| java_hex_digit(c).and_then(|v| i32::try_from(v).ok());
    match a {
        '+' => d(b),
        '-' => d(b).map(|v| -v),
        _ => Some(d(a)? * 16 + d(b)?),
    }
}

/// `bytes` as text as Java's `new String(bytes, UTF_8)` makes it: each
/// maximal ill-formed subsequence becomes one U+FFFD (as in
/// [`String::from_utf8_lossy`]), except that Java reads `ED A0`–`ED BF` (a
/// surrogate's encoding) as the start of a three-byte sequence, so
/// `ED A0 80` is one U+FFFD, not three.
fn java_utf8_lossy(bytes: &[u8], out: &mut String) {
    let cont = |b: Option<&u8>, lo: u8, hi: u8| b.is_some_and(|&b| (lo..=hi).contains(&b));
    let mut i = 0;
    while i < bytes.len() {
        let b1 = bytes[i];
        let (len, lo, hi) = match b1 {
            0x00..=0x7F => {
                out.push(char::from(b1));
                i += 1;
                continue;
            }
            0xC2..=0xDF => (2, 0x80, 0xBF),
            0xE0 => (3, 0xA0, 0xBF),
            0xE1..=0xEF => (3, 0x80, 0xBF),
            0xF0 => (4, 0x90, 0xBF),
            0xF1..=0xF3 => (4, 0x80, 0xBF),
            0xF4 => (4, 0x80, 0x8F),
            _ => {
                out.push('\u{FFFD}');
                i += 1;
                continue;
            }
        };
        let mut j = i + 1;
        if cont(bytes.get(j), lo, hi) {
            j += 1;
            while j < i + len && cont(bytes.get(j), 0x80, 0xBF) {
                j += 1;
            }
        }
        let c = (j == i + len)
            .then(|| bytes.get(i..j))
            .flatten()
            .and_then(|s| core::str::from_utf8(s).ok())
            .and_then(|s| s.chars().next());
        // A surrogate's encoding (ED A0..BF xx) is not UTF-8: from_utf8 gives None.
        out.push(c.unwrap_or('\u{FFFD}'));
        i = j;
    }
}

/// `s` decoded as Spark's `url_decode` (`java.net.URLDecoder.decode(s,
/// "UTF-8")`) does: `+` is a space, each run of `%XX` escapes becomes the
/// octets it spells, read as UTF-8 (ill-formed sequences as U+FFFD, the way
/// Java replaces them), other characters stay. Java reads the two
/// characters after `%` with `Integer.parseInt(_, 16)`, so a sign (`%+1`,
/// `%-0`) and any Unicode decimal digit (`%٤١` is `A`) are accepted.
/// Agrees with Spark 4.3 on every row of `tests/data/spark_url.txt`.
///
/// # Errors
/// [`UrlDecodeError`] where Java throws (Spark's `CANNOT_DECODE_URL`, NULL
/// in `try_url_decode`): a `%` with fewer than two characters after it, or
/// two that are not a base-16 number of at least 0 (`%zz`, `%-1`).
///
/// ```
/// use uriscan_crawl::encoding::url_decode;
/// assert_eq!(url_decode("https%3A%2F%2Fspark.apache.org").unwrap(), "https://spark.apache.org");
/// assert_eq!(url_decode("caf%C3%A9+au+lait").unwrap(), "café au lait");
/// assert_eq!(url_decode("%C3+%A9").unwrap(), "\u{FFFD} \u{FFFD}");
/// assert_eq!(url_decode("%+1").unwrap(), "\u{1}");
/// assert!(url_decode("%4").is_err() && url_decode("%-1").is_err());
/// ```
pub fn url_decode(s: &str) -> Result<Cow<'_, str>, UrlDecodeError> {
    if !s.contains(['%', '+']) {
        return Ok(Cow::Borrowed(s));
    }
    let mut out = String::with_capacity(s.len());
    let mut octets = Vec::new();
    let mut chars = s.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            '+' => out.push(' '),
            '%' => {
                octets.clear();
                let mut at = i;
                loop {
                    // The two characters after this `%`.
                    let mut ahead = chars.clone();
                    let (Some((_, a)), Some((_, b))) = (ahead.next(), ahead.next()) else {
                        return Err(UrlDecodeError { index: at, incomplete: true });
                    };
                    let v = java_parse_hex2(a, b).and_then(|v| u8::try_from(v).ok());
                    let Some(v) = v else {
                        return Err(UrlDecodeError { index: at, incomplete: false });
                    };
                    octets.push(v);
                    chars = ahead;
                    match chars.peek() {
                        Some(&(j, '%')) => {
                            at = j;
                            chars.next();
                        }
                        _ => break,
                    }
                }
                java_utf8_lossy(&octets, &mut out);
            }
            c => out.push(c),
        }
    }
    Ok(Cow::Owned(out))
}
