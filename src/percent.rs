//! Percent-encoding and decoding (RFC 3986 §2.1, §2.4).
//!
//! Encoding takes UTF-8 (or raw bytes) and a [`ByteSet`] of the bytes that may
//! stay as they are; every other byte becomes `%XX` with upper-case hex
//! digits (§2.1). The per-component encoders use the sets generated from the
//! grammar ([`crate::sets`]).
//!
//! Decoding turns every `%XX` triplet into its octet. A `%` that does not
//! start a triplet is either an error with its index ([`decode`],
//! [`decode_str`]) or kept as it is ([`decode_lenient`],
//! [`decode_str_lossy`]); it is never silently dropped. `+` is data in the
//! generic decoders; only the form decoders ([`decode_form`],
//! [`decode_form_str_lossy`]) read it as a space
//! (`application/x-www-form-urlencoded`). `%2F` decodes to a `/` octet that is
//! data: splitting into segments happens before decoding.
//!
//! ```
//! use uriscan::percent;
//! assert_eq!(percent::encode_path_segment("a/b c"), "a%2Fb%20c");
//! assert_eq!(percent::decode_str("caf%C3%A9").unwrap(), "café");
//! ```

use crate::byteset::ByteSet;
use crate::sets;

#[cfg(feature = "alloc")]
use alloc::{borrow::Cow, string::String, vec::Vec};

/// The upper-case hex digit of `n & 15`.
#[inline]
pub(crate) const fn hex_digit(n: u8) -> u8 {
    let n = n & 15;
    if n < 10 {
        b'0' + n
    } else {
        b'A' + n - 10
    }
}

/// `path` as an encode set: the bytes of `segment` plus `/`.
///
/// ```
/// assert!(uriscan::percent::PATH.contains(b'/'));
/// assert!(!uriscan::percent::PATH.contains(b'?'));
/// ```
pub const PATH: ByteSet = sets::SEGMENT.union(&ByteSet::of(b"/"));

/// The value of a hex digit (`HEXDIG`, either case), or `None`.
///
/// ```
/// use uriscan::percent::hex_val;
/// assert_eq!((hex_val(b'7'), hex_val(b'c'), hex_val(b'C'), hex_val(b'g')), (Some(7), Some(12), Some(12), None));
/// ```
#[inline]
#[must_use]
pub const fn hex_val(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'A'..=b'F' => Some(b - b'A' + 10),
        b'a'..=b'f' => Some(b - b'a' + 10),
        _ => None,
    }
}

/// The octet of the triplet starting at `i` (`s[i] == b'%'`), if well-formed.
#[inline]
pub(crate) fn triplet_at(s: &[u8], i: usize) -> Option<u8> {
    match (s.get(i + 1), s.get(i + 2)) {
        (Some(&h), Some(&l)) => Some(hex_val(h)? << 4 | hex_val(l)?),
        _ => None,
    }
}

/// Whether byte `b` is left as it is when encoding with `set`. Non-ASCII bytes
/// are always encoded, whatever the set says, so the output is ASCII.
#[inline]
fn keeps(set: &ByteSet, b: u8) -> bool {
    b < 0x80 && set.contains(b)
}

/// A [`Display`](core::fmt::Display) adapter that writes `input`
/// percent-encoded with `set`, without allocating (available without `std`).
///
/// ```
/// use uriscan::{percent::Encoded, sets};
/// let e = Encoded::new("a b", &sets::QUERY);
/// assert_eq!(e.to_string(), "a%20b");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Encoded<'a> {
    input: &'a [u8],
    set: &'a ByteSet,
}

impl<'a> Encoded<'a> {
    /// Wraps `input` (a `&str` or `&[u8]`) for encoding with `set`.
    ///
    /// ```
    /// use uriscan::{percent::Encoded, sets};
    /// assert_eq!(Encoded::new(b"\xFF", &sets::PCHAR).to_string(), "%FF");
    /// ```
    #[must_use]
    pub fn new<I: AsRef<[u8]> + ?Sized>(input: &'a I, set: &'a ByteSet) -> Encoded<'a> {
        Encoded { input: input.as_ref(), set }
    }
}

impl core::fmt::Display for Encoded<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        // Kept bytes are ASCII, so every run converts.
        fn text(r: Option<&[u8]>) -> &str {
            r.and_then(|r| core::str::from_utf8(r).ok()).unwrap_or("")
        }
        let mut run = 0;
        for (i, &b) in self.input.iter().enumerate() {
            if keeps(self.set, b) {
                continue;
            }
            f.write_str(text(self.input.get(run..i)))?;
            let hex = [b'%', hex_digit(b >> 4), hex_digit(b & 15)];
            f.write_str(text(Some(&hex)))?;
            run = i + 1;
        }
        f.write_str(text(self.input.get(run..)))
    }
}

/// Appends `input` percent-encoded with `set` to `out`.
///
/// Bytes in `set` (ASCII only) are copied; every other byte becomes `%XX`
/// with upper-case hex digits. Never panics.
///
/// ```
/// let mut s = String::from("q=");
/// uriscan::percent::encode_into("a&b", &uriscan::sets::UNRESERVED, &mut s);
/// assert_eq!(s, "q=a%26b");
/// ```
#[cfg(feature = "alloc")]
pub fn encode_into<I: AsRef<[u8]> + ?Sized>(input: &I, set: &ByteSet, out: &mut String) {
    let input = input.as_ref();
    let mut run = 0;
    for (i, &b) in input.iter().enumerate() {
        if keeps(set, b) {
            continue;
        }
        if let Some(Ok(s)) = input.get(run..i).map(core::str::from_utf8) {
            out.push_str(s);
        }
        out.push('%');
        out.push(char::from(hex_digit(b >> 4)));
        out.push(char::from(hex_digit(b & 15)));
        run = i + 1;
    }
    if let Some(Ok(s)) = input.get(run..).map(core::str::from_utf8) {
        out.push_str(s);
    }
}

/// Percent-encodes `input` (a `&str` or `&[u8]`): bytes in `set` stay, every
/// other byte (and every non-ASCII byte) becomes `%XX` in upper-case hex
/// (RFC 3986 §2.1). Borrows when nothing needs encoding. Never panics.
///
/// ```
/// use uriscan::{percent::encode, sets};
/// assert_eq!(encode("caf\u{e9}", &sets::UNRESERVED), "caf%C3%A9");
/// assert!(matches!(encode("plain", &sets::UNRESERVED), std::borrow::Cow::Borrowed(_)));
/// assert_eq!(encode(&b"\x00\xFF"[..], &sets::UNRESERVED), "%00%FF");
/// ```
#[cfg(feature = "alloc")]
#[must_use]
pub fn encode<'a, I: AsRef<[u8]> + ?Sized>(input: &'a I, set: &ByteSet) -> Cow<'a, str> {
    let bytes = input.as_ref();
    match bytes.iter().position(|&b| !keeps(set, b)) {
        None => match core::str::from_utf8(bytes) {
            Ok(s) => Cow::Borrowed(s),
            Err(_) => Cow::Owned(String::new()), // unreachable: all bytes are ASCII
        },
        Some(first) => {
            let mut out = String::with_capacity(bytes.len() + 2 * (bytes.len() - first) + 2);
            encode_into(bytes, set, &mut out);
            Cow::Owned(out)
        }
    }
}

/// Encodes for the `userinfo` component (§3.2.1); `:` stays, `@` is encoded.
///
/// ```
/// assert_eq!(uriscan::percent::encode_userinfo("al@ice:pw"), "al%40ice:pw");
/// ```
#[cfg(feature = "alloc")]
#[must_use]
pub fn encode_userinfo<I: AsRef<[u8]> + ?Sized>(input: &I) -> Cow<'_, str> {
    encode(input, &sets::USERINFO)
}

/// Encodes for a `reg-name` host (§3.2.2); `:` is encoded.
///
/// ```
/// assert_eq!(uriscan::percent::encode_reg_name("b\u{fc}cher.example"), "b%C3%BCcher.example");
/// ```
#[cfg(feature = "alloc")]
#[must_use]
pub fn encode_reg_name<I: AsRef<[u8]> + ?Sized>(input: &I) -> Cow<'_, str> {
    encode(input, &sets::REG_NAME)
}

/// Encodes one path `segment` (§3.3): `/` is encoded, so the result is a
/// single segment. (For the first segment of a relative-path reference, whose
/// `:` must be encoded too, use [`encode`] with [`sets::SEGMENT_NZ_NC`].)
///
/// ```
/// assert_eq!(uriscan::percent::encode_path_segment("a/b:c"), "a%2Fb:c");
/// ```
#[cfg(feature = "alloc")]
#[must_use]
pub fn encode_path_segment<I: AsRef<[u8]> + ?Sized>(input: &I) -> Cow<'_, str> {
    encode(input, &sets::SEGMENT)
}

/// Encodes a whole path (§3.3): the bytes of `segment` and `/` stay.
///
/// ```
/// assert_eq!(uriscan::percent::encode_path("/a b/c?"), "/a%20b/c%3F");
/// ```
#[cfg(feature = "alloc")]
#[must_use]
pub fn encode_path<I: AsRef<[u8]> + ?Sized>(input: &I) -> Cow<'_, str> {
    encode(input, &PATH)
}

/// Encodes for the `query` component (§3.4); `/`, `?`, `&`, `=` and `+` stay
/// (they are allowed there), `#` and space are encoded.
///
/// ```
/// assert_eq!(uriscan::percent::encode_query("a=b c#"), "a=b%20c%23");
/// ```
#[cfg(feature = "alloc")]
#[must_use]
pub fn encode_query<I: AsRef<[u8]> + ?Sized>(input: &I) -> Cow<'_, str> {
    encode(input, &sets::QUERY)
}

/// Encodes for the `fragment` component (§3.5).
///
/// ```
/// assert_eq!(uriscan::percent::encode_fragment("sec 1#2"), "sec%201%232");
/// ```
#[cfg(feature = "alloc")]
#[must_use]
pub fn encode_fragment<I: AsRef<[u8]> + ?Sized>(input: &I) -> Cow<'_, str> {
    encode(input, &sets::FRAGMENT)
}

/// Why strict decoding failed.
///
/// ```
/// use uriscan::percent::{decode, DecodeError};
/// let e = decode("ab%4").unwrap_err();
/// assert_eq!(e, DecodeError::MalformedPercent { index: 2 });
/// assert_eq!(e.index(), 2);
/// assert_eq!(e.to_string(), "malformed percent-encoding at index 2");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DecodeError {
    /// The `%` at `index` (in the input) is not followed by two hex digits.
    MalformedPercent {
        /// Byte index of the `%` in the input.
        index: usize,
    },
    /// The decoded octets are not UTF-8; `valid_up_to` counts the decoded
    /// octets that are.
    InvalidUtf8 {
        /// Length of the longest valid UTF-8 prefix of the decoded octets.
        valid_up_to: usize,
    },
}

impl DecodeError {
    /// The index: of the malformed `%` in the input, or of the first invalid
    /// UTF-8 octet in the decoded output.
    ///
    /// ```
    /// assert_eq!(uriscan::percent::decode_str("%FF").unwrap_err().index(), 0);
    /// ```
    #[must_use]
    pub const fn index(&self) -> usize {
        match *self {
            DecodeError::MalformedPercent { index } => index,
            DecodeError::InvalidUtf8 { valid_up_to } => valid_up_to,
        }
    }
}

impl core::fmt::Display for DecodeError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            DecodeError::MalformedPercent { index } => write!(f, "malformed percent-encoding at index {index}"),
            DecodeError::InvalidUtf8 { valid_up_to } => {
                write!(f, "decoded octets are not UTF-8 (valid up to octet {valid_up_to})")
            }
        }
    }
}

impl core::error::Error for DecodeError {}

/// An iterator over the decoded octets of a string, lenient: a `%` that does
/// not start a triplet is yielded as it is. Allocates nothing (available
/// without `std`).
///
/// ```
/// let v: Vec<u8> = uriscan::percent::DecodeIter::new("a%41%g").collect();
/// assert_eq!(v, b"aA%g");
/// ```
#[derive(Clone, Debug)]
pub struct DecodeIter<'a> {
    s: &'a [u8],
    i: usize,
}

impl<'a> DecodeIter<'a> {
    /// Decodes `input` (a `&str` or `&[u8]`).
    ///
    /// ```
    /// assert_eq!(uriscan::percent::DecodeIter::new("%2F").next(), Some(b'/'));
    /// ```
    #[must_use]
    pub fn new<I: AsRef<[u8]> + ?Sized>(input: &'a I) -> DecodeIter<'a> {
        DecodeIter { s: input.as_ref(), i: 0 }
    }
}

impl Iterator for DecodeIter<'_> {
    type Item = u8;
    #[inline]
    fn next(&mut self) -> Option<u8> {
        let b = *self.s.get(self.i)?;
        if b == b'%' {
            if let Some(v) = triplet_at(self.s, self.i) {
                self.i += 3;
                return Some(v);
            }
        }
        self.i += 1;
        Some(b)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let rest = self.s.len().saturating_sub(self.i);
        (rest.div_ceil(3), Some(rest))
    }
}

#[cfg(feature = "alloc")]
fn decode_impl(s: &[u8], strict: bool, plus: bool) -> Result<Cow<'_, [u8]>, DecodeError> {
    let first = match s.iter().position(|&b| b == b'%' || (plus && b == b'+')) {
        None => return Ok(Cow::Borrowed(s)),
        Some(i) => i,
    };
    let mut out = Vec::with_capacity(s.len());
    out.extend_from_slice(s.get(..first).unwrap_or(&[]));
    let mut i = first;
    while let Some(&b) = s.get(i) {
        match b {
            b'%' => match triplet_at(s, i) {
                Some(v) => {
                    out.push(v);
                    i += 3;
                    continue;
                }
                None if strict => return Err(DecodeError::MalformedPercent { index: i }),
                None => out.push(b'%'),
            },
            b'+' if plus => out.push(b' '),
            _ => out.push(b),
        }
        i += 1;
    }
    Ok(Cow::Owned(out))
}

#[cfg(feature = "alloc")]
fn into_str(c: Cow<'_, [u8]>) -> Result<Cow<'_, str>, DecodeError> {
    match c {
        Cow::Borrowed(b) => core::str::from_utf8(b)
            .map(Cow::Borrowed)
            .map_err(|e| DecodeError::InvalidUtf8 { valid_up_to: e.valid_up_to() }),
        Cow::Owned(v) => String::from_utf8(v)
            .map(Cow::Owned)
            .map_err(|e| DecodeError::InvalidUtf8 { valid_up_to: e.utf8_error().valid_up_to() }),
    }
}

#[cfg(feature = "alloc")]
fn into_str_lossy(c: Cow<'_, [u8]>) -> Cow<'_, str> {
    match c {
        Cow::Borrowed(b) => String::from_utf8_lossy(b),
        Cow::Owned(v) => match String::from_utf8(v) {
            Ok(s) => Cow::Owned(s),
            Err(e) => Cow::Owned(String::from_utf8_lossy(e.as_bytes()).into_owned()),
        },
    }
}

/// Strictly decodes `%XX` triplets to octets (§2.1). Borrows when there is no
/// `%`. `+` stays `+`; `%2F` becomes a `/` octet.
///
/// # Errors
/// [`DecodeError::MalformedPercent`] with the index of the first `%` not
/// followed by two hex digits. Never panics.
///
/// ```
/// use uriscan::percent::decode;
/// assert_eq!(decode("a%2Fb+c%41").unwrap(), &b"a/b+cA"[..]);
/// assert_eq!(decode("100%").unwrap_err().index(), 3);
/// ```
#[cfg(feature = "alloc")]
pub fn decode<I: AsRef<[u8]> + ?Sized>(input: &I) -> Result<Cow<'_, [u8]>, DecodeError> {
    decode_impl(input.as_ref(), true, false)
}

/// Decodes `%XX` triplets to octets, passing a malformed `%` through
/// unchanged. Borrows when there is no `%`. Never panics.
///
/// ```
/// assert_eq!(uriscan::percent::decode_lenient("100%+%zz%41"), &b"100%+%zzA"[..]);
/// ```
#[cfg(feature = "alloc")]
#[must_use]
pub fn decode_lenient<I: AsRef<[u8]> + ?Sized>(input: &I) -> Cow<'_, [u8]> {
    match decode_impl(input.as_ref(), false, false) {
        Ok(c) => c,
        Err(_) => Cow::Borrowed(input.as_ref()), // unreachable: lenient never fails
    }
}

/// Strictly decodes to UTF-8 text.
///
/// # Errors
/// [`DecodeError::MalformedPercent`] as for [`decode`], or
/// [`DecodeError::InvalidUtf8`] if the octets are not UTF-8. Never panics.
///
/// ```
/// use uriscan::percent::decode_str;
/// assert_eq!(decode_str("%E2%82%AC%20").unwrap(), "€ ");
/// assert!(decode_str("%C3").is_err());
/// ```
#[cfg(feature = "alloc")]
pub fn decode_str<I: AsRef<[u8]> + ?Sized>(input: &I) -> Result<Cow<'_, str>, DecodeError> {
    into_str(decode_impl(input.as_ref(), true, false)?)
}

/// Leniently decodes to text: a malformed `%` stays, and octets that are not
/// UTF-8 become U+FFFD. Never panics.
///
/// ```
/// assert_eq!(uriscan::percent::decode_str_lossy("%41%%FF"), "A%\u{FFFD}");
/// ```
#[cfg(feature = "alloc")]
#[must_use]
pub fn decode_str_lossy<I: AsRef<[u8]> + ?Sized>(input: &I) -> Cow<'_, str> {
    into_str_lossy(decode_lenient(input))
}

/// Decodes `application/x-www-form-urlencoded` data (a query key or value)
/// to octets: `+` is a space, then `%XX` triplets are decoded leniently (a
/// malformed `%` stays). Never panics.
///
/// ```
/// assert_eq!(uriscan::percent::decode_form("%FF+a%2Bc"), &b"\xFF a+c"[..]);
/// ```
#[cfg(feature = "alloc")]
#[must_use]
pub fn decode_form<I: AsRef<[u8]> + ?Sized>(input: &I) -> Cow<'_, [u8]> {
    match decode_impl(input.as_ref(), false, true) {
        Ok(c) => c,
        Err(_) => Cow::Borrowed(input.as_ref()), // unreachable: lenient never fails
    }
}

/// Form-decodes to text ([`decode_form`]), octets that are not UTF-8
/// becoming U+FFFD. Never panics.
///
/// ```
/// assert_eq!(uriscan::percent::decode_form_str_lossy("a+b%2Bc%FF"), "a b+c\u{FFFD}");
/// ```
#[cfg(feature = "alloc")]
#[must_use]
pub fn decode_form_str_lossy<I: AsRef<[u8]> + ?Sized>(input: &I) -> Cow<'_, str> {
    into_str_lossy(decode_form(input))
}
