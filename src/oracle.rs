//! Reference oracles, for tests and benchmarks (feature `oracle`).
//!
//! Two engines independent of the generated automata, both on
//! `regex-automata`:
//!
//! - [`appendix_b`]: the regular expression of RFC 3986 Appendix B, run with
//!   captures, to check [`split`](crate::split);
//! - [`is_valid`] and [`is_valid_bytes`]: one regular expression per
//!   [`Syntax`] (every entry rule of every grammar), written out by
//!   `build.rs` from the ABNF (rules inlined, see `codegen/src/regex.rs`),
//!   to check the strict parser's accept/reject answers.
//!
//! All patterns are compiled over bytes: Unicode mode off (so a class such as
//! `[^:/?#]` is a set of bytes, and matches every byte `0x80..=0xFF`, one at a
//! time) and UTF-8 mode off (so matches may split or skip invalid UTF-8).
//! The Appendix B pattern also sets `(?s)`, so that `.` in the fragment's
//! `(.*)` matches every byte, `\n` included: the RFC's regex is meant to
//! split the whole string, and the split mode does split it all. On `&str`
//! input the components still fall on character boundaries, since each one
//! starts and ends next to an ASCII delimiter or at an end of the input.
//!
//! These engines favour obviously-right over fast; each call allocates.

use crate::components::Components;
use crate::grammar::Syntax;
use crate::split::ByteComponents;
use regex_automata::meta::Regex;
use regex_automata::util::syntax;
use std::sync::OnceLock;

/// The regular expression of RFC 3986 Appendix B, with `(?s)` so that `.`
/// matches every byte. Capture groups 2, 4, 5, 7 and 9 are the scheme,
/// authority, path, query and fragment.
pub const APPENDIX_B: &str = r"(?s)^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?";

/// The anchored pattern (`^(?:...)$`) equivalent to `syntax`, written out
/// from its grammar's ABNF by `build.rs`; every byte is spelled `\xHH`.
///
/// ```
/// let p = uriscan::oracle::pattern(uriscan::Syntax::AbsoluteUri);
/// assert!(p.starts_with("^(?:") && p.ends_with(")$"));
/// ```
#[must_use]
pub fn pattern(syntax: Syntax) -> &'static str {
    crate::tables::patterns(syntax.grammar()).get(syntax.entry()).map_or("", |(_, p)| p)
}

/// A byte-oriented regex: Unicode off, UTF-8 off (see the module docs).
fn compile(pattern: &str) -> Regex {
    let built = Regex::builder()
        .syntax(syntax::Config::new().unicode(false).utf8(false))
        .configure(Regex::config().utf8_empty(false))
        .build(pattern);
    match built {
        Ok(re) => re,
        // The patterns are constants of this crate; the tests compile all of them.
        Err(e) => panic!("uriscan oracle: pattern does not compile: {e}"),
    }
}

fn appendix_b_regex() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| compile(APPENDIX_B))
}

fn validity_regex(syntax: Syntax) -> &'static Regex {
    static RES: OnceLock<Vec<Regex>> = OnceLock::new();
    let all = RES.get_or_init(|| Syntax::ALL.iter().map(|&x| compile(pattern(x))).collect());
    let i = Syntax::ALL.iter().position(|&x| x == syntax);
    // Every syntax is in `Syntax::ALL`, so `i` is always found.
    #[allow(clippy::indexing_slicing)]
    &all[i.unwrap_or(0)]
}

/// Component spans of `input` by the Appendix B regex, in the order
/// scheme, authority, path, query, fragment.
fn appendix_b_spans(input: &[u8]) -> [Option<(usize, usize)>; 5] {
    let re = appendix_b_regex();
    let mut caps = re.create_captures();
    re.captures(input, &mut caps);
    // The pattern matches every string (each part is optional or starred),
    // so group 5 (the path) is always set; the `None`s of the others are
    // the regex's own answer.
    [2, 4, 5, 7, 9].map(|g| caps.get_group(g).map(|sp| (sp.start, sp.end)))
}

/// Splits `input` with the Appendix B regular expression (capture groups
/// 2, 4, 5, 7, 9), the reference for [`split`](crate::split).
///
/// ```
/// let c = uriscan::oracle::appendix_b("http://www.ics.uci.edu/pub/ietf/uri/#Related");
/// assert_eq!(c, uriscan::split("http://www.ics.uci.edu/pub/ietf/uri/#Related"));
/// ```
///
/// # Panics
/// Never: every span starts and ends next to an ASCII delimiter or at an end
/// of the input, which are character boundaries.
#[must_use]
pub fn appendix_b(input: &str) -> Components<'_> {
    let [s, a, p, q, f] = appendix_b_spans(input.as_bytes());
    let get = |sp: Option<(usize, usize)>| sp.and_then(|(x, y)| input.get(x..y));
    Components { scheme: get(s), authority: get(a), path: get(p).unwrap_or_default(), query: get(q), fragment: get(f) }
}

/// [`appendix_b`] over bytes, the reference for [`split_bytes`](crate::split_bytes).
///
/// ```
/// let c = uriscan::oracle::appendix_b_bytes(b"\xFF:/x");
/// assert_eq!(c.scheme, Some(&b"\xFF"[..]));
/// ```
#[must_use]
pub fn appendix_b_bytes(input: &[u8]) -> ByteComponents<'_> {
    let [s, a, p, q, f] = appendix_b_spans(input);
    let get = |sp: Option<(usize, usize)>| sp.and_then(|(x, y)| input.get(x..y));
    ByteComponents {
        scheme: get(s),
        authority: get(a),
        path: get(p).unwrap_or_default(),
        query: get(q),
        fragment: get(f),
    }
}

/// Whether `input` matches `syntax`, by the regular expression written out
/// from the ABNF (see [`pattern`]); the reference for the strict parser.
///
/// ```
/// use uriscan::{oracle, Syntax};
/// assert!(oracle::is_valid("http://[v1.x]/a?b#c", Syntax::Uri));
/// assert!(!oracle::is_valid("http://[v1.x]/a?b#c", Syntax::AbsoluteUri));
/// assert!(!oracle::is_valid("a b", Syntax::UriReference));
/// assert!(oracle::is_valid("//a_b", Syntax::Rfc2396UriReference));
/// assert!(!oracle::is_valid("//[::1]", Syntax::Rfc2396UriReference));
/// ```
#[must_use]
pub fn is_valid(input: &str, syntax: Syntax) -> bool {
    is_valid_bytes(input.as_bytes(), syntax)
}

/// [`is_valid`] over bytes; the reference for [`Syntax::parse_bytes`].
///
/// ```
/// use uriscan::{oracle, Syntax};
/// assert!(!oracle::is_valid_bytes(b"/caf\xC3\xA9", Syntax::UriReference));
/// assert!(oracle::is_valid_bytes(b"news:a\"b", Syntax::Fragmentaddress));
/// ```
#[must_use]
pub fn is_valid_bytes(input: &[u8], syntax: Syntax) -> bool {
    validity_regex(syntax).is_match(input)
}

/// The first disagreement between a SIMD run skipper and its scalar twin,
/// for every skipper this CPU has (AVX2 and SSSE3 where it has them), over
/// every run set of every grammar's automata (tagged and validator; each
/// set alone and with the triplets and UTF-8 characters its runs may hold)
/// and every start position in `input`; `None` when they agree everywhere.
/// The skippers are the walker's hot path, and the scalar twin the
/// reference (for the fuzz target `skip_twin`).
///
/// ```
/// let input = "/wiki/%E6%97%A5/日本_語?q=русский#é".as_bytes();
/// assert_eq!(uriscan::oracle::skip_twin_disagreement_bytes(input), None);
/// ```
pub fn skip_twin_disagreement_bytes(input: &[u8]) -> Option<String> {
    use crate::tables::{with_tables, with_validator, Grammar};
    fn check<T: crate::automaton::Tables>(input: &[u8], what: &str) -> Option<String> {
        for (k, set) in crate::automaton::run_sets::<T>().enumerate() {
            for start in 0..=input.len() {
                let scalar = crate::simd::skip_scalar(input, start, set);
                for isa in crate::simd::Isa::ALL {
                    match crate::simd::skip_on(isa, input, start, set) {
                        Some(simd) if simd != scalar => {
                            return Some(format!("{what}, set {k}, from {start}: {isa:?} {simd}, scalar {scalar}"));
                        }
                        _ => {}
                    }
                }
            }
        }
        None
    }
    Grammar::ALL.iter().find_map(|&g| {
        with_tables!(g, T => check::<T>(input, g.name()))
            .or_else(|| with_validator!(g, T => check::<T>(input, &format!("{} validator", g.name()))))
    })
}
