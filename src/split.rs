//! Split mode: the decomposition of RFC 3986 Appendix B, which never fails.
//!
//! `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?` splits every
//! string, valid or not, into scheme, authority, path, query and fragment.
//! The regex is a sequence of runs, each ended by the first byte outside
//! its set, so this module searches for each component's first delimiter
//! with the SIMD run skippers (`src/simd/`), under one dispatch; the sets
//! are the byte sets generated from `grammar/appendix-b.abnf`. The tagged
//! DFA `build.rs` compiles from the same grammar is the reference the unit
//! tests below check the search against (it needs no validation, so walking
//! an automaton costs transitions and registers for nothing: 573 against
//! ~250 instructions per URL, measured).

use crate::byteset::ByteSet;
use crate::components::Components;
use crate::simd::ConstSet;

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

/// The byte sets of `grammar/appendix-b.abnf`, generated (`ByteSet`s named
/// after its rules, as `crate::sets` has them for RFC 3986).
use crate::tables::appendix_b::sets as b;

/// The runs of the regex, `[^:/?#]`, `[^/?#]`, `[^?#]` and `[^#]`, as the
/// skippers take them.
static SCHEME_RUN: ConstSet = ConstSet::new(b::NOT_COLON_SLASH_QUESTION_HASH);
static AUTHORITY_RUN: ConstSet = ConstSet::new(b::NOT_SLASH_QUESTION_HASH);
static PATH_RUN: ConstSet = ConstSet::new(b::NOT_QUESTION_HASH);
static QUERY_RUN: ConstSet = ConstSet::new(b::NOT_HASH);
/// The delimiter each run stops at first, read off the same sets: the byte
/// a run admits that the next-narrower run does not (`:`, `/`, `?`), and
/// the one `[^#]` excludes (`#`).
const COLON: u8 = only(b::NOT_SLASH_QUESTION_HASH.minus(&b::NOT_COLON_SLASH_QUESTION_HASH));
const SLASH: u8 = only(b::NOT_QUESTION_HASH.minus(&b::NOT_SLASH_QUESTION_HASH));
const QUESTION: u8 = only(b::NOT_HASH.minus(&b::NOT_QUESTION_HASH));
const HASH: u8 = only(b::NOT_HASH.complement());

/// The one byte of `set`; fails the build when there is not exactly one.
const fn only(set: ByteSet) -> u8 {
    let mut found = None;
    let mut b = 0u8;
    loop {
        if set.contains(b) {
            assert!(found.is_none(), "more than one delimiter byte");
            found = Some(b);
        }
        if b == 255 {
            break;
        }
        b += 1;
    }
    match found {
        Some(b) => b,
        None => panic!("no delimiter byte"),
    }
}

crate::simd::skipping_fn! {
    /// Appendix B's split of `input`: `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`.
    /// The regex is a sequence of runs, each ended by the first byte
    /// outside its set, so the split searches for each component's first
    /// delimiter: in masks of the delimiters' positions, 64 bytes at a time,
    /// with a SIMD skipper, else run by run with the skipper. No position
    /// is limited to `u32`, so inputs of any length split here. Tested
    /// against the generated Appendix B automaton, both ways (unit tests
    /// below), and against the regex oracle (`tests/split.rs`).
    fn spans<'a>(input: &'a [u8]) -> Spans = |s| {
        match s.eq4(input, 0, DELIMITERS) {
            Some(m) => split_with(input, &mut Delimiters { input, s, w: 0, m: nested(m) }),
            None => split_with(input, &mut Runs { input, s }),
        }
    }
}

/// The delimiters, in the order of [`RUNS`]: run `k` stops at delimiters
/// `k..`.
const DELIMITERS: [u8; 4] = [COLON, SLASH, QUESTION, HASH];
/// The runs of the regex, widest first.
static RUNS: [&ConstSet; 4] = [&SCHEME_RUN, &AUTHORITY_RUN, &PATH_RUN, &QUERY_RUN];

/// A search for the end of a run.
trait Find {
    /// The first index `>= from` whose byte ends run `k` of [`RUNS`] (one
    /// of `DELIMITERS[k..]`), or the length.
    fn find(&mut self, from: usize, k: usize) -> usize;
}

/// [`Find`] run by run, with the skipper.
struct Runs<'a, S> {
    input: &'a [u8],
    s: S,
}

impl<S: crate::simd::Skip> Find for Runs<'_, S> {
    #[inline(always)]
    fn find(&mut self, from: usize, k: usize) -> usize {
        match RUNS.get(k) {
            Some(run) => self.s.skip(self.input, from, run.set()),
            None => self.input.len(),
        }
    }
}

/// Appendix B's split, given the search for the end of each run.
#[inline(always)]
fn split_with(input: &[u8], f: &mut impl Find) -> Spans {
    let mut find = |from: usize, k: usize| f.find(from, k);
    let is = |i: usize, delimiter: u8| input.get(i) == Some(&delimiter);
    let mut i = 0;
    let mut scheme = None;
    let e = find(0, 0);
    if e > 0 && is(e, COLON) {
        scheme = Some((0, e));
        i = e + 1;
    }
    let mut authority = None;
    if is(i, SLASH) && is(i + 1, SLASH) {
        let e = find(i + 2, 1);
        authority = Some((i + 2, e));
        i = e;
    }
    let e = find(i, 2);
    let path = Some((i, e));
    i = e;
    let mut query = None;
    if is(i, QUESTION) {
        let e = find(i + 1, 3);
        query = Some((i + 1, e));
        i = e;
    }
    let fragment = is(i, HASH).then_some((i + 1, input.len()));
    [scheme, authority, path, query, fragment]
}

/// Masks of each delimiter made masks of the stops of each run: `m[k]`
/// gets the bits of `m[k..]`.
#[inline(always)]
fn nested([c, s, q, h]: [u64; 4]) -> [u64; 4] {
    let qh = q | h;
    let sqh = s | qh;
    [c | sqh, sqh, qh, h]
}

/// The stops of each run in a window of 64 bytes at `w` (`m[k]`: bit `j`
/// when byte `w + j` is one of `DELIMITERS[k..]`), moved on as the split
/// goes.
struct Delimiters<'a, S> {
    input: &'a [u8],
    s: S,
    w: usize,
    m: [u64; 4],
}

impl<S: crate::simd::Skip> Find for Delimiters<'_, S> {
    #[inline(always)]
    fn find(&mut self, mut from: usize, k: usize) -> usize {
        let n = self.input.len();
        while from < n {
            if from < self.w || from >= self.w + 64 {
                self.w = from;
                self.m = nested(
                    self.s
                        .eq4(self.input, from, DELIMITERS)
                        .unwrap_or_else(|| crate::simd::eq4_scalar(self.input, from, DELIMITERS)),
                );
            }
            let mask = self.m.get(k).copied().unwrap_or(0) >> (from - self.w);
            if mask != 0 {
                return from + mask.trailing_zeros() as usize;
            }
            from = self.w + 64;
        }
        n
    }
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
/// Never.
#[must_use]
#[inline]
pub fn split(input: &str) -> Components<'_> {
    // Every boundary sits next to an ASCII delimiter or at an end of the
    // input, so `get` never fails; should it, the component reads as empty.
    let [scheme, authority, path, query, fragment] = spans(input.as_bytes());
    let get = |sp: Option<(usize, usize)>| sp.and_then(|(a, b)| input.get(a..b));
    Components {
        scheme: get(scheme),
        authority: get(authority),
        path: get(path).unwrap_or_default(),
        query: get(query),
        fragment: get(fragment),
    }
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
/// Never, for inputs of any length.
#[must_use]
#[inline]
pub fn split_bytes(input: &[u8]) -> ByteComponents<'_> {
    let [scheme, authority, path, query, fragment] = spans(input);
    let get = |sp: Option<(usize, usize)>| sp.and_then(|(a, b)| input.get(a..b));
    ByteComponents {
        scheme: get(scheme),
        authority: get(authority),
        path: get(path).unwrap_or_default(),
        query: get(query),
        fragment: get(fragment),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::automaton::NONE;
    use crate::tables::appendix_b as dfa;

    /// The spans the generated Appendix B automaton gives, for comparison
    /// with the direct search.
    fn automaton_spans(input: &[u8]) -> Spans {
        let t = crate::automaton::run::<dfa::Tables>(input, 0).expect("every string splits");
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

    /// The direct search agrees with the automaton on every string of up to
    /// 7 bytes over the delimiters, one ordinary byte and one non-ASCII byte.
    #[test]
    fn search_matches_automaton_exhaustively() {
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
                assert_eq!(spans(s), automaton_spans(s), "input {:?}", s);
                count += 1;
            }
        }
        assert_eq!(count, (0..=7).map(|l| 6usize.pow(l)).sum::<usize>());
    }

    /// And on long random strings (the SIMD skippers' blocks and tails),
    /// delimiters sparse and dense.
    #[test]
    fn search_matches_automaton_on_long_strings() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut rnd = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let alphabet = [b':', b'/', b'?', b'#', b'a', b'%', 0xFF, 0x00];
        for _ in 0..20_000 {
            let len = (rnd() % 150) as usize;
            let density = 2 + rnd() % 40;
            let v: Vec<u8> = (0..len)
                .map(|_| {
                    if rnd() % density == 0 {
                        alphabet[(rnd() % 4) as usize]
                    } else {
                        alphabet[4 + (rnd() % 4) as usize]
                    }
                })
                .collect();
            assert_eq!(spans(&v), automaton_spans(&v), "input {:?}", v);
        }
    }

    #[test]
    fn delimiters_read_off_the_generated_sets() {
        assert_eq!([COLON, SLASH, QUESTION, HASH], *b":/?#");
    }

    #[test]
    fn generated_tables_shape() {
        assert_eq!(dfa::STARTS.len(), 1);
        assert_eq!(dfa::NCAPTURES, 5);
        assert_eq!(dfa::MARKS.len(), 0);
    }
}
