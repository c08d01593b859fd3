//! IRIs (RFC 3987): mapping to URIs and back, and comparison.
//!
//! IRI references are parsed like URI references, by the automaton compiled
//! from RFC 3987 §2.2 (`grammar/rfc3987.abnf`, without the bidi formatting
//! characters §4.1 forbids: `grammar/rfc3987.tags` excludes them):
//! [`Syntax::IriReference.parse(s)`](crate::Syntax::parse)
//! gives the same view, components, host kinds and errors. Resolution
//! (§6.5 of RFC 3987 is RFC 3986 §5's algorithm) and syntax-based
//! normalization work on that view unchanged. This module adds:
//!
//! - [`to_uri_str`] (§3.1): every non-ASCII character's UTF-8 octets
//!   percent-encoded; borrowed when the input is ASCII. With the `idna`
//!   feature, `UriRef::to_uri_idna_str` converts a non-ASCII `ireg-name` with
//!   IDNA ToASCII instead.
//! - [`to_iri_str`] (§3.2): percent-encoded UTF-8 sequences that decode to a
//!   `ucschar` (or an `iprivate` in the query) are decoded; everything else
//!   stays encoded: ASCII escapes, octets that are not UTF-8, and the bidi
//!   formatting characters (§4.1).
//! - The comparison ladder of §5.3: simple string comparison (`==`),
//!   syntax-based normalization ([`UriRef::normalize_iri_str`](crate::UriRef::normalize_iri_str), with Unicode NFC
//!   behind the `unicode-normalization` feature), and comparison of an IRI
//!   with a URI through the IRI's URI mapping ([`UriRef::iri_eq`](crate::UriRef::iri_eq)).
//!
//! ```
//! use uriscan::{iri, Syntax};
//! let u = Syntax::IriReference.parse("http://www.example.org/D\u{fc}rst").unwrap();
//! assert_eq!(u.to_uri_str(), "http://www.example.org/D%C3%BCrst");
//! assert_eq!(iri::to_iri_str("http://www.example.org/D%C3%BCrst"), "http://www.example.org/D\u{fc}rst");
//! ```

use crate::percent::{hex_digit, triplet_at};
use std::borrow::Cow;
use std::string::String;

/// `ucschar` (RFC 3987 §2.2): the code points an IRI may hold anywhere
/// (`tests/iri.rs` checks every scalar value against the generated
/// automaton).
const UCSCHAR: [(u32, u32); 17] = [
    (0xA0, 0xD7FF),
    (0xF900, 0xFDCF),
    (0xFDF0, 0xFFEF),
    (0x10000, 0x1FFFD),
    (0x20000, 0x2FFFD),
    (0x30000, 0x3FFFD),
    (0x40000, 0x4FFFD),
    (0x50000, 0x5FFFD),
    (0x60000, 0x6FFFD),
    (0x70000, 0x7FFFD),
    (0x80000, 0x8FFFD),
    (0x90000, 0x9FFFD),
    (0xA0000, 0xAFFFD),
    (0xB0000, 0xBFFFD),
    (0xC0000, 0xCFFFD),
    (0xD0000, 0xDFFFD),
    (0xE1000, 0xEFFFD),
];

/// `iprivate` (RFC 3987 §2.2): private-use code points, in a query only.
const IPRIVATE: [(u32, u32); 3] = [(0xE000, 0xF8FF), (0xF0000, 0xFFFFD), (0x100000, 0x10FFFD)];

fn in_ranges(ranges: &[(u32, u32)], c: char) -> bool {
    let c = c as u32;
    ranges.iter().any(|&(lo, hi)| lo <= c && c <= hi)
}

/// Whether `c` is a `ucschar` (RFC 3987 §2.2).
///
/// ```
/// assert!(uriscan::iri::is_ucschar('\u{e9}'));
/// assert!(!uriscan::iri::is_ucschar('\u{FDD0}'));
/// assert!(!uriscan::iri::is_ucschar('\u{E000}')); // iprivate
/// ```
#[must_use]
pub fn is_ucschar(c: char) -> bool {
    in_ranges(&UCSCHAR, c)
}

/// Whether `c` is an `iprivate` (RFC 3987 §2.2), allowed in a query only.
///
/// ```
/// assert!(uriscan::iri::is_iprivate('\u{E000}'));
/// assert!(!uriscan::iri::is_iprivate('\u{e9}'));
/// ```
#[must_use]
pub fn is_iprivate(c: char) -> bool {
    in_ranges(&IPRIVATE, c)
}

/// Whether `c` is a bidirectional formatting character, which RFC 3987
/// §4.1 forbids in IRIs (LRM, RLM, LRE, RLE, PDF, LRO, RLO): the parser
/// refuses them (the `exclude` line of `grammar/rfc3987.tags`; a test holds
/// the two lists equal) and [`to_iri_str`] leaves them percent-encoded.
///
/// ```
/// assert!(uriscan::iri::is_bidi_format('\u{202E}'));
/// assert!(!uriscan::iri::is_bidi_format('\u{2030}'));
/// ```
#[must_use]
pub fn is_bidi_format(c: char) -> bool {
    matches!(c, '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}')
}

/// Maps an IRI (reference) to a URI (reference), RFC 3987 §3.1: the UTF-8
/// octets of every non-ASCII character become `%XX`; ASCII stays as it is.
/// Borrowed when `iri` is ASCII. On a valid IRI reference the result is a
/// valid URI reference with the same components, each mapped alone.
/// Never panics.
///
/// ```
/// use uriscan::iri::to_uri_str;
/// assert_eq!(to_uri_str("http://r\u{e9}sum\u{e9}.example.org"), "http://r%C3%A9sum%C3%A9.example.org");
/// assert!(matches!(to_uri_str("http://a/b"), std::borrow::Cow::Borrowed(_)));
/// ```
#[must_use]
pub fn to_uri_str(iri: &str) -> Cow<'_, str> {
    let b = iri.as_bytes();
    let Some(first) = b.iter().position(|&c| c >= 0x80) else {
        return Cow::Borrowed(iri);
    };
    let mut out = String::with_capacity(b.len() + 2 * (b.len() - first) + 8);
    out.push_str(iri.get(..first).unwrap_or_default());
    push_uri(iri.get(first..).unwrap_or_default(), &mut out);
    Cow::Owned(out)
}

/// Appends `s` to `out` with every non-ASCII byte as `%XX`.
fn push_uri(s: &str, out: &mut String) {
    let b = s.as_bytes();
    let mut run = 0;
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        if c < 0x80 {
            i += 1;
            continue;
        }
        out.push_str(s.get(run..i).unwrap_or_default());
        // A UTF-8 sequence: every byte of it is >= 0x80.
        while let Some(&c) = b.get(i).filter(|&&c| c >= 0x80) {
            out.push('%');
            out.push(char::from(hex_digit(c >> 4)));
            out.push(char::from(hex_digit(c)));
            i += 1;
        }
        run = i;
    }
    out.push_str(s.get(run..).unwrap_or_default());
}

/// Maps a URI (reference) to an IRI (reference), RFC 3987 §3.2: every
/// percent-encoded UTF-8 sequence that decodes to a `ucschar` (or to an
/// `iprivate` inside the query) is decoded; everything else stays as it is:
/// escapes of ASCII characters (so that no delimiter appears and no
/// reading changes), octets that are not part of well-formed UTF-8, and the
/// bidi formatting characters of §4.1. The query is found as RFC 3986
/// Appendix B finds it (after the first `?` that precedes any `#`).
/// Borrowed when nothing is decoded. Never panics.
///
/// ```
/// use uriscan::iri::to_iri_str;
/// assert_eq!(to_iri_str("http://www.example.org/D%C3%BCrst"), "http://www.example.org/D\u{fc}rst");
/// // Not UTF-8: stays encoded (RFC 3987 §3.2's own example).
/// assert_eq!(to_iri_str("http://www.example.org/D%FCrst"), "http://www.example.org/D%FCrst");
/// // A bidi formatting character (RLO): stays encoded.
/// assert_eq!(to_iri_str("http://xn--99zt52a.example.org/%e2%80%ae"), "http://xn--99zt52a.example.org/%e2%80%ae");
/// // ASCII escapes stay.
/// assert_eq!(to_iri_str("/a%2Fb%41"), "/a%2Fb%41");
/// ```
#[must_use]
pub fn to_iri_str(uri: &str) -> Cow<'_, str> {
    let b = uri.as_bytes();
    // Appendix B: the query runs from a "?" before any "#" to the "#".
    let query = match b.iter().position(|&c| c == b'?' || c == b'#') {
        Some(q) if b.get(q) == Some(&b'?') => {
            let end = b.iter().skip(q).position(|&c| c == b'#').map_or(b.len(), |k| q + k);
            Some((q + 1, end))
        }
        _ => None,
    };
    decode_iri(uri, query)
}

/// [`to_iri_str`] with the query at `query` (byte offsets), if any.
pub(crate) fn decode_iri(uri: &str, query: Option<(usize, usize)>) -> Cow<'_, str> {
    let b = uri.as_bytes();
    let mut out: Option<String> = None;
    let mut run = 0;
    let mut i = 0;
    while let Some(k) = b.get(i..).and_then(|t| t.iter().position(|&c| c == b'%')) {
        i += k;
        let in_query = query.is_some_and(|(s, e)| s <= i && i < e);
        match decode_char_at(b, i) {
            Some((c, len)) if !is_bidi_format(c) && (is_ucschar(c) || (in_query && is_iprivate(c))) => {
                let o = out.get_or_insert_with(|| String::with_capacity(uri.len()));
                o.push_str(uri.get(run..i).unwrap_or_default());
                o.push(c);
                i += len;
                run = i;
            }
            _ => i += 1,
        }
    }
    match out {
        None => Cow::Borrowed(uri),
        Some(mut o) => {
            o.push_str(uri.get(run..).unwrap_or_default());
            Cow::Owned(o)
        }
    }
}

/// The non-ASCII character whose UTF-8 octets are percent-encoded at `i`
/// (`b[i] == b'%'`), and the length of its encoding in `b`.
fn decode_char_at(b: &[u8], i: usize) -> Option<(char, usize)> {
    let lead = triplet_at(b, i)?;
    let n = match lead {
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => return None,
    };
    let mut buf = [lead, 0, 0, 0];
    for (k, slot) in buf.iter_mut().enumerate().take(n).skip(1) {
        let j = i + 3 * k;
        if b.get(j) != Some(&b'%') {
            return None;
        }
        *slot = triplet_at(b, j)?;
    }
    // Checks continuation bytes, overlong forms, surrogates and the maximum.
    let s = core::str::from_utf8(buf.get(..n)?).ok()?;
    Some((s.chars().next()?, 3 * n))
}

/// The URI the IRI reference `s` maps to, with its `ireg-name` host at
/// `reg_name` (byte offsets), if it has one, converted by IDNA ToASCII
/// when not ASCII ([`UriRef::to_uri_idna_str`](crate::UriRef::to_uri_idna_str)).
#[cfg(feature = "idna")]
pub(crate) fn to_uri_idna_str(s: &str, reg_name: Option<(usize, usize)>) -> Result<Cow<'_, str>, IdnaError> {
    let Some((hs, he)) = reg_name else {
        return Ok(to_uri_str(s));
    };
    let host = s.get(hs..he).unwrap_or_default();
    if host.is_ascii() {
        return Ok(to_uri_str(s));
    }
    let decoded = crate::percent::decode_str(host).map_err(|_| IdnaError { index: hs })?;
    let ascii = idna::domain_to_ascii(&decoded).map_err(|_| IdnaError { index: hs })?;
    let mut out = String::with_capacity(s.len() + 16);
    push_uri(s.get(..hs).unwrap_or_default(), &mut out);
    out.push_str(&ascii);
    push_uri(s.get(he..).unwrap_or_default(), &mut out);
    Ok(Cow::Owned(out))
}

/// A host that IDNA ToASCII refuses (`UriRef::to_uri_idna_str`; feature `idna`).
///
/// ```
/// use uriscan::{Syntax};
/// // A label mixing left-to-right and right-to-left letters (RFC 5893).
/// let u = Syntax::IriReference.parse("http://a\u{5d0}.example/").unwrap();
/// assert!(u.to_uri_idna_str().is_err());
/// ```
#[cfg(feature = "idna")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IdnaError {
    index: usize,
}

#[cfg(feature = "idna")]
impl IdnaError {
    /// The byte index of the host in the reference.
    ///
    /// ```
    /// use uriscan::{Syntax};
    /// let u = Syntax::IriReference.parse("http://a\u{5d0}.example/").unwrap();
    /// assert_eq!(u.to_uri_idna_str().unwrap_err().index(), 7);
    /// ```
    #[must_use]
    pub const fn index(&self) -> usize {
        self.index
    }
}

#[cfg(feature = "idna")]
impl core::fmt::Display for IdnaError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "IDNA ToASCII refuses the host at index {}", self.index)
    }
}

#[cfg(feature = "idna")]
impl std::error::Error for IdnaError {}
