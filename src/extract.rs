//! URIs in free text, delimited as RFC 3986 Appendix C describes.
//!
//! Candidates are found by searching for `:` (32 bytes at a time with AVX2
//! where the CPU has it, through `crate::simd`), backing up over the bytes
//! a scheme may hold, and reading forward with the grammar's byte sets; each
//! candidate is then checked by the strict parser (`Syntax::Uri`).
//!
//! The rules are documented on [`Extractor`].

use core::iter::FusedIterator;
use core::ops::Range;
use std::borrow::Cow;
use std::string::String;
use std::vec::Vec;

use crate::byteset::ByteSet;
use crate::error::ParseError;
use crate::grammar::Syntax;
use crate::sets;
use crate::simd::{self, Skip};
use crate::uri_ref::UriRef;

/// Bytes a scheme may hold: `ALPHA / DIGIT / "+" / "-" / "."`.
const SCHEME_CHAR: ByteSet = sets::ALPHA.union(&sets::DIGIT).union(&ByteSet::of(b"+-."));
/// Bytes of a strict bare run (brackets are handled apart: authority only).
const STRICT_RUN: ByteSet = sets::UNRESERVED.union(&sets::SUB_DELIMS).union(&ByteSet::of(b":/?#@%"));
/// Bytes >= 0x80: the UTF-8 of the characters an IRI adds.
const NON_ASCII: ByteSet = ByteSet::from_bits([0, 0, u64::MAX, u64::MAX]);
/// Bytes of a strict bare run in IRI mode: non-ASCII too.
const STRICT_IRI_RUN: ByteSet = STRICT_RUN.union(&NON_ASCII);
/// Bytes of a lenient bare run: everything but whitespace, controls, `<>"` (and brackets).
const LENIENT_RUN: ByteSet = STRICT_RUN.union(&ByteSet::of(b"\\^`{|}")).union(&NON_ASCII);
const BRACKETS: ByteSet = ByteSet::of(b"[]");
/// Whitespace removed inside `<...>` and ending a bare URI.
const WS: ByteSet = ByteSet::of(b" \t\r\n\x0b\x0c");
const HEXISH: ByteSet = sets::HEXDIG.union(&ByteSet::of(b":."));

/// Byte classes for backing up over a scheme: 0 not in a scheme, else
/// [`ALPHA_CLASS`] or [`OTHER_SCHEME_CLASS`] (digits, `+`, `-`, `.`).
// Evaluated at compile time only: an index out of range fails the build.
#[allow(clippy::indexing_slicing)]
static CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0usize;
    while b < 256 {
        if sets::ALPHA.contains(b as u8) {
            t[b] = ALPHA_CLASS;
        } else if SCHEME_CHAR.contains(b as u8) {
            t[b] = OTHER_SCHEME_CLASS;
        }
        b += 1;
    }
    t
};
const ALPHA_CLASS: u8 = 1;
const OTHER_SCHEME_CLASS: u8 = 2;

/// The search set for the skipper: every byte but `:`.
static NOT_COLON: simd::ConstSet = simd::ConstSet::new(ByteSet::of(b":").complement());

/// How a match was delimited in the text.
///
/// ```
/// use uriscan::Delimiter;
/// let d: Vec<Delimiter> = uriscan::extract(r#"<x:y> "p:q" s:t"#).map(|m| m.delimiter()).collect();
/// assert_eq!(d, [Delimiter::Angle, Delimiter::Quote, Delimiter::Bare]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Delimiter {
    /// `<...>`, the form Appendix C recommends; whitespace inside was removed.
    Angle,
    /// `"..."`.
    Quote,
    /// None: ended by whitespace, a byte that cannot be in a URI, or trailing
    /// punctuation.
    Bare,
}

/// One URI found in a text.
///
/// ```
/// let text = "see <http://a.example/x-\n  y> now";
/// let m = uriscan::extract(text).next().unwrap();
/// assert_eq!(m.as_str(), "http://a.example/x-y");
/// assert_eq!(m.span(), 5..28);
/// assert_eq!(&text[m.span()], "http://a.example/x-\n  y");
/// assert!(m.is_valid() && !m.is_contiguous());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Match<'t> {
    start: usize,
    end: usize,
    uri: Cow<'t, str>,
    error: Option<ParseError>,
    delimiter: Delimiter,
    contiguous: bool,
    iri: bool,
}

impl<'t> Match<'t> {
    /// Byte offsets in the text from the first to past the last byte of the
    /// URI (delimiters and a `URL:` prefix excluded). For a contiguous match
    /// the text there is the URI; inside `<...>` it may also hold whitespace.
    ///
    /// ```
    /// let m = uriscan::extract("(x:y)").next().unwrap();
    /// assert_eq!(m.span(), 1..4);
    /// ```
    #[must_use]
    pub fn span(&self) -> Range<usize> {
        self.start..self.end
    }

    /// The offset of the URI's first byte in the text.
    ///
    /// ```
    /// assert_eq!(uriscan::extract("é x:y").next().unwrap().start(), 3);
    /// ```
    #[must_use]
    pub fn start(&self) -> usize {
        self.start
    }

    /// The offset past the URI's last byte in the text.
    ///
    /// ```
    /// assert_eq!(uriscan::extract("x:y.").next().unwrap().end(), 3);
    /// ```
    #[must_use]
    pub fn end(&self) -> usize {
        self.end
    }

    /// The URI, whitespace removed.
    ///
    /// ```
    /// assert_eq!(uriscan::extract("<x:y\n z>").next().unwrap().as_str(), "x:yz");
    /// ```
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.uri
    }

    /// The URI as text: borrowed from the text when contiguous, owned when whitespace
    /// was removed (or, for [`extract_bytes`](Extractor::extract_bytes) in
    /// lenient mode, when bytes that are not UTF-8 were replaced by U+FFFD).
    ///
    /// ```
    /// use std::borrow::Cow;
    /// let m = uriscan::extract("x:y").next().unwrap();
    /// assert!(matches!(m.uri_str(), Cow::Borrowed("x:y")));
    /// ```
    #[must_use]
    pub fn uri_str(&self) -> &Cow<'t, str> {
        &self.uri
    }

    /// The URI as text, by value.
    ///
    /// ```
    /// let uris: Vec<_> = uriscan::extract("x:y s:t").map(|m| m.into_uri_str()).collect();
    /// assert_eq!(uris, ["x:y", "s:t"]);
    /// ```
    #[must_use]
    pub fn into_uri_str(self) -> Cow<'t, str> {
        self.uri
    }

    /// Whether the text held the URI without whitespace inside (the span's
    /// text is the URI).
    ///
    /// ```
    /// assert!(uriscan::extract("<x:y>").next().unwrap().is_contiguous());
    /// assert!(!uriscan::extract("<x:\ny>").next().unwrap().is_contiguous());
    /// ```
    #[must_use]
    pub fn is_contiguous(&self) -> bool {
        self.contiguous
    }

    /// Whether the URI matches RFC 3986 `URI`. Always true unless the
    /// extractor accepts invalid candidates.
    ///
    /// ```
    /// let ex = uriscan::Extractor::new().accept_invalid(true);
    /// let v: Vec<bool> = ex.extract("x:y s:t%").map(|m| m.is_valid()).collect();
    /// assert_eq!(v, [true, false]);
    /// ```
    #[must_use]
    pub fn is_valid(&self) -> bool {
        self.error.is_none()
    }

    /// Why the URI is invalid (`None` when valid); the error's index is in
    /// the URI's bytes as extracted (whitespace removed).
    ///
    /// ```
    /// let ex = uriscan::Extractor::new().accept_invalid(true);
    /// let m = ex.extract("at http://h/a|b now").next().unwrap();
    /// assert_eq!(m.as_str(), "http://h/a|b");
    /// assert_eq!(m.error().unwrap().index(), 10);
    /// ```
    #[must_use]
    pub fn error(&self) -> Option<ParseError> {
        self.error
    }

    /// The URI parsed strictly (as `URI`, or as an RFC 3987 `IRI` when
    /// found in [IRI mode](Extractor::iri)), borrowing from this match.
    ///
    /// # Errors
    /// The [`ParseError`] when the URI is invalid (only with
    /// [`Extractor::accept_invalid`]).
    ///
    /// ```
    /// let m = uriscan::extract("go to https://example.com/x?y.").next().unwrap();
    /// let u = m.parse().unwrap();
    /// assert_eq!((u.host(), u.query()), (Some("example.com"), Some("y")));
    /// ```
    pub fn parse(&self) -> Result<UriRef<'_>, ParseError> {
        if self.iri {
            Syntax::Iri.parse_bytes(self.uri.as_bytes())
        } else {
            Syntax::Uri.parse(&self.uri)
        }
    }

    /// How the URI was delimited.
    ///
    /// ```
    /// use uriscan::Delimiter;
    /// assert_eq!(uriscan::extract("\"x:y\"").next().unwrap().delimiter(), Delimiter::Quote);
    /// ```
    #[must_use]
    pub fn delimiter(&self) -> Delimiter {
        self.delimiter
    }
}

/// Options for extraction: which schemes, and whether invalid candidates are
/// reported. The default takes every scheme and only valid URIs.
///
/// Only URIs with a scheme are found. Candidates are found by searching for
/// `:` (32 bytes at a time with AVX2 where the CPU has it, 16 with SSSE3),
/// backing up over the bytes a scheme may hold, and reading forward with the
/// grammar's byte sets; each is checked by the strict parser
/// ([`Syntax::Uri`]).
///
/// How a candidate is delimited depends on the byte before its scheme (a
/// `URL:` prefix, with or without one space, is skipped first and is never
/// part of the URI):
///
/// - `<`: the URI runs to the next `>`; whitespace and line breaks inside are
///   removed (a hyphen before a line break is kept). If no `>` comes before
///   the next `<`, a blank line or the end of the text, or (strict mode) a
///   byte that can be neither in a URI nor whitespace, the candidate is read
///   as bare.
/// - `"`: the URI runs to the closing `"` when that is the byte that ends the
///   run; otherwise the candidate is read as bare.
/// - anything else (bare): the URI is the run of URI bytes after the scheme,
///   less trailing sentence punctuation: `.` `,` `;` `:` `!` `?` `'`, `*`
///   (Markdown emphasis), and a `)` or `]` without a partner inside the run.
///
/// In strict mode (the default) the run holds only bytes that may appear in a
/// URI (`unreserved`, `sub-delims`, `:/?#@`, `%`, and `[` `]` in the
/// authority), so it also ends at a non-ASCII byte or at `|`, `{`, `\`...;
/// candidates the parser rejects are dropped. With
/// [`accept_invalid`](Extractor::accept_invalid) the run extends to
/// whitespace, a control byte, `<`, `>` or `"` (non-ASCII included), and
/// candidates the parser rejects are reported with their error.
///
/// The scheme is the longest run of scheme bytes before the `:`, less any
/// digits, `+`, `-` or `.` before its first letter (so `+http://` in a user
/// agent gives `http://`). Some candidates are never taken, to keep prose and
/// logs quiet: the scheme `url` (the Appendix C prefix), an empty rest
/// (`Note: ...`) or a rest of just `//`, a rest starting with `:`
/// (`std::io`, `fe80::1`), and candidates made only of hex digits, `:` and
/// `.` (IPv6 and MAC addresses, `a:b`).
///
/// Matches never overlap: the search goes on after a match (and after a
/// candidate the parser rejected), so a URI inside another is not reported.
///
/// ```
/// let ex = uriscan::Extractor::new().schemes(["http", "https"]);
/// let uris: Vec<_> = ex.extract("mailto:a@b.c or HTTPS://b.example/.").map(|m| m.into_uri_str()).collect();
/// assert_eq!(uris, ["HTTPS://b.example/"]);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Extractor {
    schemes: Option<Vec<String>>,
    accept_invalid: bool,
    iri: bool,
}

static DEFAULT: Extractor = Extractor::new();

impl Extractor {
    /// The default extractor: any scheme, valid URIs only.
    ///
    /// ```
    /// assert_eq!(uriscan::Extractor::new(), uriscan::Extractor::default());
    /// ```
    #[must_use]
    pub const fn new() -> Extractor {
        Extractor { schemes: None, accept_invalid: false, iri: false }
    }

    /// Takes only URIs whose scheme is one of `schemes` (compared ignoring
    /// ASCII case, §3.1). An empty list takes nothing.
    ///
    /// ```
    /// let ex = uriscan::Extractor::new().schemes(["mailto"]);
    /// assert_eq!(ex.extract("x:y MailTo:a@b").count(), 1);
    /// ```
    #[must_use]
    pub fn schemes<I, S>(mut self, schemes: I) -> Extractor
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        self.schemes = Some(schemes.into_iter().map(|s| s.as_ref().to_ascii_lowercase()).collect());
        self
    }

    /// Takes URIs of every scheme again (the default).
    ///
    /// ```
    /// let ex = uriscan::Extractor::new().schemes(["http"]).any_scheme();
    /// assert_eq!(ex.extract("x:y").count(), 1);
    /// ```
    #[must_use]
    pub fn any_scheme(mut self) -> Extractor {
        self.schemes = None;
        self
    }

    /// Whether candidates that fail the strict parser are reported (as
    /// invalid, with their error) rather than dropped. Lenient candidates
    /// also run further: to whitespace, a control byte, `<`, `>` or `"`.
    ///
    /// ```
    /// let text = "at http://h/{id} now";
    /// assert_eq!(uriscan::extract(text).next().unwrap().as_str(), "http://h/");
    /// let ex = uriscan::Extractor::new().accept_invalid(true);
    /// let m = ex.extract(text).next().unwrap();
    /// assert_eq!((m.as_str(), m.is_valid()), ("http://h/{id}", false));
    /// ```
    #[must_use]
    pub fn accept_invalid(mut self, yes: bool) -> Extractor {
        self.accept_invalid = yes;
        self
    }

    /// IRI mode (RFC 3987): a strict bare run also holds non-ASCII
    /// characters, so a non-ASCII letter no longer cuts a URI, and
    /// candidates are checked as RFC 3987 `IRI`s
    /// ([`Grammar::Rfc3987`](crate::Grammar::Rfc3987)). Matches are IRIs;
    /// [`UriRef::to_uri_str`] maps them to URIs.
    ///
    /// ```
    /// let text = "voir http://fr.example/Дом/é. ok";
    /// assert_eq!(uriscan::extract(text).next().unwrap().as_str(), "http://fr.example/");
    /// let ex = uriscan::Extractor::new().iri(true);
    /// let m = ex.extract(text).next().unwrap();
    /// assert_eq!(m.as_str(), "http://fr.example/Дом/é");
    /// assert_eq!(m.parse().unwrap().to_uri_str(), "http://fr.example/%D0%94%D0%BE%D0%BC/%C3%A9");
    /// ```
    #[must_use]
    pub fn iri(mut self, yes: bool) -> Extractor {
        self.iri = yes;
        self
    }

    /// Checks a candidate with the grammar of the mode.
    fn check(&self, bytes: &[u8]) -> Option<ParseError> {
        if self.iri {
            Syntax::Iri.parse_bytes(bytes).err()
        } else {
            Syntax::Uri.parse_bytes(bytes).err()
        }
    }

    /// The URIs in `text`, in order, not overlapping.
    ///
    /// ```
    /// let ex = uriscan::Extractor::new();
    /// let spans: Vec<_> = ex.extract("x:y, s:t").map(|m| m.span()).collect();
    /// assert_eq!(spans, [0..3, 5..8]);
    /// ```
    pub fn extract<'t>(&self, text: &'t str) -> Matches<'t, '_> {
        self.extract_bytes(text.as_bytes())
    }

    /// The URIs in a byte text, which need not be UTF-8.
    ///
    /// ```
    /// let uris: Vec<_> = uriscan::Extractor::new()
    ///     .extract_bytes(b"\xFF<ftp://h/a\r\n b>\xFE")
    ///     .map(|m| m.into_uri_str())
    ///     .collect();
    /// assert_eq!(uris, ["ftp://h/ab"]);
    /// ```
    pub fn extract_bytes<'t>(&self, text: &'t [u8]) -> Matches<'t, '_> {
        Matches { text, pos: 0, ex: self }
    }

    fn allows(&self, scheme: &[u8]) -> bool {
        match &self.schemes {
            None => true,
            Some(list) => list.iter().any(|s| s.as_bytes().eq_ignore_ascii_case(scheme)),
        }
    }
}

/// The URIs in `text` with the default [`Extractor`]: every scheme, valid
/// URIs only.
///
/// ```
/// // RFC 3986, Appendix C
/// let text = r#"Yes, Jim, I found it under "http://www.w3.org/Addressing/",
/// but you can probably pick it up from <ftp://foo.example.
/// com/rfc/>.  Note the warning in <http://www.ics.uci.edu/pub/
/// ietf/uri/historical.html#WARNING>."#;
/// let uris: Vec<_> = uriscan::extract(text).map(|m| m.into_uri_str()).collect();
/// assert_eq!(
///     uris,
///     [
///         "http://www.w3.org/Addressing/",
///         "ftp://foo.example.com/rfc/",
///         "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING",
///     ]
/// );
/// ```
pub fn extract(text: &str) -> Matches<'_, 'static> {
    DEFAULT.extract(text)
}

/// The URIs in a byte text with the default [`Extractor`].
///
/// ```
/// let m = uriscan::extract_bytes(b"\x80 URL:mailto:a@b.example;").next().unwrap();
/// assert_eq!((m.as_str(), m.span()), ("mailto:a@b.example", 6..24));
/// ```
pub fn extract_bytes(text: &[u8]) -> Matches<'_, 'static> {
    DEFAULT.extract_bytes(text)
}

/// Iterator over the [`Match`]es of a text, from [`extract`] or an
/// [`Extractor`].
///
/// ```
/// let mut it = uriscan::extract("no URI here: none");
/// assert!(it.next().is_none());
/// ```
#[derive(Clone, Debug)]
pub struct Matches<'t, 'e> {
    text: &'t [u8],
    pos: usize,
    ex: &'e Extractor,
}

/// What to do with one `:`.
enum Outcome<'t> {
    /// Report a match and go on searching at the offset.
    Emit(Match<'t>, usize),
    /// No match here; go on searching at the offset (past the `:`).
    Skip(usize),
}

simd::skipping_fn! {
    /// The next match, searched with the skipper the CPU allows.
    fn step<'a, 't, 'e>(m: &'a mut Matches<'t, 'e>) -> Option<Match<'t>> = |s| m.next_with(s)
}

impl<'t> Iterator for Matches<'t, '_> {
    type Item = Match<'t>;

    fn next(&mut self) -> Option<Match<'t>> {
        step(self)
    }
}

impl FusedIterator for Matches<'_, '_> {}

/// A URI's bytes as a string: borrowed when UTF-8 (always for text that came
/// from a `&str`), else with U+FFFD replacements.
fn to_str(b: Cow<'_, [u8]>) -> Cow<'_, str> {
    match b {
        Cow::Borrowed(b) => match core::str::from_utf8(b) {
            Ok(s) => Cow::Borrowed(s),
            Err(_) => String::from_utf8_lossy(b),
        },
        Cow::Owned(v) => {
            Cow::Owned(String::from_utf8(v).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()))
        }
    }
}

impl<'t> Matches<'t, '_> {
    #[inline(always)]
    fn next_with<S: Skip>(&mut self, sk: S) -> Option<Match<'t>> {
        let n = self.text.len();
        while self.pos < n {
            let c = sk.skip(self.text, self.pos, NOT_COLON.set());
            if c >= n {
                break;
            }
            // The scheme's first letter, inline: most colons in text (times,
            // addresses) have none, and are passed over here.
            let t = self.text;
            let (mut i, mut first) = (c, c);
            while i > self.pos {
                let k = CLASS.get(t.get(i - 1).map_or(0, |&b| b as usize)).copied().unwrap_or(0);
                if k == 0 {
                    break;
                }
                i -= 1;
                if k == ALPHA_CLASS {
                    first = i;
                }
            }
            if first == c || t.get(c + 1) == Some(&b':') {
                self.pos = c + 1;
                continue;
            }
            match self.candidate(first, c) {
                Outcome::Emit(m, next) => {
                    self.pos = next;
                    return Some(m);
                }
                Outcome::Skip(next) => self.pos = next,
            }
        }
        self.pos = n;
        None
    }

    /// The bytes a run may hold in this mode.
    fn run_set(&self) -> ByteSet {
        match (self.ex.accept_invalid, self.ex.iri) {
            (true, _) => LENIENT_RUN,
            (false, true) => STRICT_IRI_RUN,
            (false, false) => STRICT_RUN,
        }
    }

    /// The candidate whose scheme is `t[s..c]` (non-empty, starting with a
    /// letter, the `:` at `c` not followed by another).
    #[inline(never)]
    fn candidate(&self, s: usize, c: usize) -> Outcome<'t> {
        let t = self.text;
        let at = |i: usize| t.get(i).copied();
        let scheme = t.get(s..c).unwrap_or_default();
        if scheme.eq_ignore_ascii_case(b"url") || !self.ex.allows(scheme) {
            return Outcome::Skip(c + 1);
        }
        let opener = url_prefix_start(t, s).checked_sub(1).and_then(at);
        if opener == Some(b'<') {
            if let Some(o) = self.angle(s, c) {
                return o;
            }
        }
        self.bare(s, c, opener == Some(b'"'))
    }

    /// Inside `<...>`; `None` when there is no closing `>` (read as bare).
    fn angle(&self, s: usize, c: usize) -> Option<Outcome<'t>> {
        let t = self.text;
        let lenient = self.ex.accept_invalid;
        let allowed = self.run_set().union(&BRACKETS);
        let (mut j, mut last, mut newline) = (c + 1, c + 1, false);
        loop {
            let b = *t.get(j)?;
            if b == b'>' {
                break;
            } else if WS.contains(b) {
                if b == b'\n' {
                    if newline {
                        return None; // a blank line
                    }
                    newline = true;
                }
            } else if allowed.contains(b) {
                newline = false;
                last = j + 1;
            } else {
                return None;
            }
            j += 1;
        }
        let raw = t.get(s..last).unwrap_or_default();
        let spaced = raw.iter().any(|&b| WS.contains(b));
        let bytes: Cow<'t, [u8]> = if spaced {
            Cow::Owned(raw.iter().copied().filter(|&b| !WS.contains(b)).collect())
        } else {
            Cow::Borrowed(raw)
        };
        let rest = bytes.get(c + 1 - s..).unwrap_or_default();
        if rest.is_empty() || rest == b"//" || bytes.iter().all(|&b| HEXISH.contains(b)) {
            return Some(Outcome::Skip(c + 1));
        }
        let error = self.ex.check(&bytes);
        if error.is_some() && !lenient {
            return Some(Outcome::Skip(j + 1));
        }
        let (delimiter, iri) = (Delimiter::Angle, self.ex.iri);
        let m = Match { start: s, end: last, uri: to_str(bytes), error, delimiter, contiguous: !spaced, iri };
        Some(Outcome::Emit(m, j + 1))
    }

    /// A bare URI, or one in `"..."` when `quoted` and the run ends at `"`.
    fn bare(&self, s: usize, c: usize, quoted: bool) -> Outcome<'t> {
        let t = self.text;
        let lenient = self.ex.accept_invalid;
        let run = self.run_set();
        let mut e = c + 1;
        let mut in_authority = t.get(c + 1..c + 3) == Some(b"//");
        if in_authority {
            e = c + 3;
        }
        while let Some(&b) = t.get(e) {
            if run.contains(b) {
                in_authority &= !matches!(b, b'/' | b'?' | b'#');
            } else if !(in_authority && BRACKETS.contains(b)) {
                break;
            }
            e += 1;
        }
        let closed = quoted && t.get(e) == Some(&b'"');
        let end = if closed { e } else { trim(t, c + 1, e) };
        let bytes = t.get(s..end).unwrap_or_default();
        if end <= c + 1 || t.get(c + 1..end) == Some(b"//") || bytes.iter().all(|&b| HEXISH.contains(b)) {
            return Outcome::Skip(e.max(c + 1));
        }
        let error = self.ex.check(bytes);
        if error.is_some() && !lenient {
            return Outcome::Skip(e);
        }
        let delimiter = if closed { Delimiter::Quote } else { Delimiter::Bare };
        let uri = to_str(Cow::Borrowed(bytes));
        let m = Match { start: s, end, uri, error, delimiter, contiguous: true, iri: self.ex.iri };
        Outcome::Emit(m, if closed { e + 1 } else { end })
    }
}

/// The start of a `URL:` or `URL: ` prefix (any case) that ends at `s`, not
/// itself preceded by a letter or digit; else `s`.
fn url_prefix_start(t: &[u8], s: usize) -> usize {
    let q = if s >= 1 && t.get(s - 1) == Some(&b' ') { s - 1 } else { s };
    let word_start = q.wrapping_sub(4);
    let is_prefix = q >= 4
        && t.get(word_start..q).is_some_and(|w| w.eq_ignore_ascii_case(b"url:"))
        && !(word_start >= 1 && t.get(word_start - 1).is_some_and(u8::is_ascii_alphanumeric));
    if is_prefix {
        word_start
    } else {
        s
    }
}

/// The end of a bare run `t[lo..e]` less its trailing sentence punctuation
/// and unbalanced closing `)` and `]`.
fn trim(t: &[u8], lo: usize, e: usize) -> usize {
    let run = t.get(lo..e).unwrap_or_default();
    let count = |x: u8| run.iter().filter(|&&b| b == x).count();
    let (mut paren, mut bracket) = (0usize, 0usize); // unmatched closers
    if run.iter().any(|&b| b == b')' || b == b']') {
        paren = count(b')').saturating_sub(count(b'('));
        bracket = count(b']').saturating_sub(count(b'['));
    }
    let mut end = e;
    while end > lo {
        match t.get(end - 1) {
            Some(b'.' | b',' | b';' | b':' | b'!' | b'?' | b'\'' | b'*') => {}
            Some(b')') if paren > 0 => paren -= 1,
            Some(b']') if bracket > 0 => bracket -= 1,
            _ => break,
        }
        end -= 1;
    }
    end
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_are_ascii_where_expected() {
        for b in 0x80..=0xFFu8 {
            assert!(!STRICT_RUN.contains(b) && LENIENT_RUN.contains(b));
        }
        for b in *b"[]<>\" \t\r\n" {
            assert!(!STRICT_RUN.contains(b) && !LENIENT_RUN.contains(b), "{}", b as char);
        }
    }
}
