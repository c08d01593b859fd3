//! Split mode: the decomposition of RFC 3986 Appendix B, which never fails.
//!
//! `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?` splits every
//! string, valid or not, into scheme, authority, path, query and fragment.
//! This module runs the tagged DFA that `build.rs` compiles from
//! `grammar/appendix-b.abnf` with the same walker as the strict scanner
//! (`src/automaton.rs`); it holds no splitting logic of its own.

use crate::automaton::NONE;
use crate::components::Components;

use crate::tables::appendix_b as dfa;

/// The five components of a byte string split by RFC 3986 Appendix B, as
/// slices of the input: [`Components`] for input that need not be UTF-8.
///
/// Undefined components are `None`, distinct from empty ones (`Some(b"")`).
///
/// ```
/// let c = uriscan::split_bytes(b"http://h/\xFF?");
/// assert_eq!(c.authority, Some(&b"h"[..]));
/// assert_eq!(c.path, b"/\xFF");
/// assert_eq!(c.query, Some(&b""[..]));
/// assert_eq!(c.fragment, None);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByteComponents<'a> {
    /// `scheme`, without the `:`.
    pub scheme: Option<&'a [u8]>,
    /// `authority`, without the leading `//`.
    pub authority: Option<&'a [u8]>,
    /// `path`, always present.
    pub path: &'a [u8],
    /// `query`, without the `?`.
    pub query: Option<&'a [u8]>,
    /// `fragment`, without the `#`.
    pub fragment: Option<&'a [u8]>,
}

impl<'a> From<Components<'a>> for ByteComponents<'a> {
    fn from(c: Components<'a>) -> ByteComponents<'a> {
        ByteComponents {
            scheme: c.scheme.map(str::as_bytes),
            authority: c.authority.map(str::as_bytes),
            path: c.path.as_bytes(),
            query: c.query.map(str::as_bytes),
            fragment: c.fragment.map(str::as_bytes),
        }
    }
}

#[cfg(feature = "alloc")]
impl ByteComponents<'_> {
    /// Recomposition (RFC 3986 §5.3), as bytes: for a split, the input itself.
    ///
    /// ```
    /// let s = b"a:b//c?d#e\xFF";
    /// assert_eq!(uriscan::split_bytes(s).recompose(), s);
    /// ```
    #[must_use]
    pub fn recompose(&self) -> alloc::vec::Vec<u8> {
        let mut out = alloc::vec::Vec::new();
        if let Some(s) = self.scheme {
            out.extend_from_slice(s);
            out.push(b':');
        }
        if let Some(a) = self.authority {
            out.extend_from_slice(b"//");
            out.extend_from_slice(a);
        }
        out.extend_from_slice(self.path);
        if let Some(q) = self.query {
            out.push(b'?');
            out.extend_from_slice(q);
        }
        if let Some(f) = self.fragment {
            out.push(b'#');
            out.extend_from_slice(f);
        }
        out
    }
}

/// Component spans `(start, end)` in the order scheme, authority, path,
/// query, fragment; `None` when undefined.
type Spans = [Option<(usize, usize)>; 5];

/// The components of `input` from the automaton's tag values (`None`: the
/// direct search of [`spans_long`]); `get` slices one. The common case reads
/// the tag values directly: going through [`Spans`] first cost split 16 %
/// more instructions (570 → 662 per kasztp URL, measured).
#[inline(always)]
fn components<'a, C: 'a + Copy + Default>(
    input: &'a [u8],
    tags: Option<[u32; 2 * dfa::NCAPTURES]>,
    get: impl Fn(usize, usize) -> Option<C>,
) -> [Option<C>; 5] {
    match tags {
        // Common case: straight from the tag values.
        Some(t) => {
            let one = |cap: usize| {
                let (a, b) = (t.get(2 * cap).copied().unwrap_or(NONE), t.get(2 * cap + 1).copied().unwrap_or(NONE));
                if a == NONE || b == NONE {
                    None
                } else {
                    Some(get(a as usize, b as usize).unwrap_or_default())
                }
            };
            [
                one(dfa::CAP_SCHEME),
                one(dfa::CAP_AUTHORITY),
                one(dfa::CAP_PATH),
                one(dfa::CAP_QUERY),
                one(dfa::CAP_FRAGMENT),
            ]
        }
        None => spans_long(input).map(|sp| sp.map(|(a, b)| get(a, b).unwrap_or_default())),
    }
}

/// The automaton's tag values, or `None` when the input is too long for it
/// (its registers hold `u32` offsets; the direct search answers then), or,
/// were the generator wrong, when it stops: every byte string matches
/// `split-reference`.
#[inline(always)]
fn tags(input: &[u8]) -> Option<[u32; 2 * dfa::NCAPTURES]> {
    if input.len() >= NONE as usize {
        return None;
    }
    crate::automaton::run::<dfa::Tables>(input, 0).ok()
}

/// Appendix B for inputs of `u32::MAX` bytes or more, which the automaton's
/// `u32` registers cannot describe. Each boundary is the first delimiter of
/// the set the regex excludes there (`[^:/?#]`, `[^/?#]`, `[^?#]`, `[^#]`).
/// Tested against the automaton on small inputs (unit tests below).
#[cold]
fn spans_long(input: &[u8]) -> Spans {
    let find = |from: usize, stops: &[u8]| {
        input.get(from..).and_then(|rest| rest.iter().position(|b| stops.contains(b))).map_or(input.len(), |k| from + k)
    };
    let mut i = 0;
    let mut scheme = None;
    let e = find(0, b":/?#");
    if e > 0 && input.get(e) == Some(&b':') {
        scheme = Some((0, e));
        i = e + 1;
    }
    let mut authority = None;
    if input.get(i..).is_some_and(|r| r.starts_with(b"//")) {
        let e = find(i + 2, b"/?#");
        authority = Some((i + 2, e));
        i = e;
    }
    let e = find(i, b"?#");
    let path = Some((i, e));
    i = e;
    let mut query = None;
    if input.get(i) == Some(&b'?') {
        let e = find(i + 1, b"#");
        query = Some((i + 1, e));
        i = e;
    }
    let fragment = (input.get(i) == Some(&b'#')).then_some((i + 1, input.len()));
    [scheme, authority, path, query, fragment]
}

/// Splits a string into its five components by RFC 3986 Appendix B.
///
/// Every string splits, valid or not; undefined components are `None`,
/// distinct from empty ones. Recomposing the result (§5.3, the
/// [`Display`](core::fmt::Display) of [`Components`]) gives back `input`.
/// Runs on tables compiled from `grammar/appendix-b.abnf`.
///
/// ```
/// // RFC 3986, Appendix B
/// let c = uriscan::split("http://www.ics.uci.edu/pub/ietf/uri/#Related");
/// assert_eq!(c.scheme, Some("http"));
/// assert_eq!(c.authority, Some("www.ics.uci.edu"));
/// assert_eq!(c.path, "/pub/ietf/uri/");
/// assert_eq!(c.query, None);
/// assert_eq!(c.fragment, Some("Related"));
/// // Invalid references split too.
/// assert_eq!(uriscan::split("a b:c d?").query, Some(""));
/// ```
///
/// # Panics
/// Never. Inputs of `u32::MAX` bytes or more are split correctly by a
/// slower path (see [`split_bytes`]).
#[must_use]
#[inline]
pub fn split(input: &str) -> Components<'_> {
    // Every boundary sits next to an ASCII delimiter or at an end of the
    // input, so `get` never fails; should it, the component reads as empty.
    let b = input.as_bytes();
    let [scheme, authority, path, query, fragment] = components(b, tags(b), |x, y| input.get(x..y));
    Components { scheme, authority, path: path.unwrap_or_default(), query, fragment }
}

/// Splits a byte string by RFC 3986 Appendix B; [`split`] for input that
/// need not be UTF-8. Non-ASCII and control bytes are ordinary bytes of
/// whichever component holds them.
///
/// ```
/// let c = uriscan::split_bytes(b"\xC3:x#\x00");
/// assert_eq!(c.scheme, Some(&b"\xC3"[..]));
/// assert_eq!(c.fragment, Some(&b"\x00"[..]));
/// ```
///
/// # Panics
/// Never. The automaton records offsets as `u32`; an input of `u32::MAX`
/// bytes or more (possible on 64-bit targets only) is split instead by a
/// direct search for the delimiters, with the same result and no wraparound.
#[must_use]
#[inline]
pub fn split_bytes(input: &[u8]) -> ByteComponents<'_> {
    let [scheme, authority, path, query, fragment] = components(input, tags(input), |x, y| input.get(x..y));
    ByteComponents { scheme, authority, path: path.unwrap_or_default(), query, fragment }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `spans_long` (the path for inputs of 4 GiB and more) agrees with the
    /// automaton on every string of up to 7 bytes over the delimiters, one
    /// ordinary byte and one non-ASCII byte.
    /// The spans the automaton gives, for comparison with [`spans_long`].
    fn spans(input: &[u8]) -> Spans {
        let t = tags(input).expect("short input");
        let span = |cap: usize| match (t[2 * cap], t[2 * cap + 1]) {
            (a, b) if a != NONE && b != NONE => Some((a as usize, b as usize)),
            _ => None,
        };
        [
            span(dfa::CAP_SCHEME),
            span(dfa::CAP_AUTHORITY),
            span(dfa::CAP_PATH),
            span(dfa::CAP_QUERY),
            span(dfa::CAP_FRAGMENT),
        ]
    }

    #[test]
    fn long_path_matches_automaton_exhaustively() {
        let alphabet = [b':', b'/', b'?', b'#', b'a', 0xFF];
        let mut buf = [0u8; 7];
        let mut count = 0;
        for len in 0..=7 {
            let total = alphabet.len().pow(len as u32);
            for mut k in 0..total {
                for slot in buf.iter_mut().take(len) {
                    *slot = alphabet[k % alphabet.len()];
                    k /= alphabet.len();
                }
                let s = &buf[..len];
                assert_eq!(spans(s), spans_long(s), "input {:?}", s);
                count += 1;
            }
        }
        assert_eq!(count, (0..=7).map(|l| 6usize.pow(l)).sum::<usize>());
    }

    #[test]
    fn generated_tables_shape() {
        assert_eq!(dfa::Rule::ALL.len(), 1);
        assert_eq!(dfa::NCAPTURES, 5);
        assert_eq!(dfa::MARKS.len(), 0);
    }
}
