//! Reference oracles, for tests and benchmarks (feature `oracle`).
//!
//! Two engines independent of the generated automata, both on
//! `regex-automata`:
//!
//! - [`appendix_b`]: the regular expression of RFC 3986 Appendix B, run with
//!   captures, to check [`split`](crate::split);
//! - [`is_valid`] and [`is_valid_with`]: one regular expression per entry
//!   rule (of each grammar, for the latter), written out by `build.rs` from
//!   the ABNF (`grammar/rfc3986.abnf`, `rfc2396.abnf`, `rfc1630.abnf`; rules
//!   inlined, see `codegen/regex.rs`), to check the strict parser's
//!   accept/reject answers.
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
use crate::grammar::{Grammar, Rule};
use crate::split::ByteComponents;
use regex_automata::meta::Regex;
use regex_automata::util::syntax;
use std::sync::OnceLock;

/// The generated patterns: `pub const` per entry rule of `grammar/rfc3986.tags`.
#[allow(clippy::all, missing_docs, dead_code)]
mod generated {
    include!(concat!(env!("OUT_DIR"), "/rfc3986_regex.rs"));
}

/// The regular expression of RFC 3986 Appendix B, with `(?s)` so that `.`
/// matches every byte. Capture groups 2, 4, 5, 7 and 9 are the scheme,
/// authority, path, query and fragment.
pub const APPENDIX_B: &str = r"(?s)^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?";

/// The anchored pattern (`^(?:...)$`) equivalent to `rule`, written out from
/// the ABNF by `build.rs`; every byte is spelled `\xHH`.
///
/// ```
/// let p = uriscan::oracle::pattern(uriscan::Rule::AbsoluteUri);
/// assert!(p.starts_with("^(?:") && p.ends_with(")$"));
/// ```
#[must_use]
pub fn pattern(rule: Rule) -> &'static str {
    match rule {
        Rule::UriReference => generated::URI_REFERENCE,
        Rule::Uri => generated::URI,
        Rule::AbsoluteUri => generated::ABSOLUTE_URI,
        Rule::RelativeRef => generated::RELATIVE_REF,
    }
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

fn validity_regex(rule: Rule) -> &'static Regex {
    static RES: OnceLock<[Regex; 4]> = OnceLock::new();
    let all = RES.get_or_init(|| {
        [Rule::UriReference, Rule::Uri, Rule::AbsoluteUri, Rule::RelativeRef].map(|r| compile(pattern(r)))
    });
    // `Rule`'s four discriminants are 0..=3, the four patterns' indices.
    #[allow(clippy::indexing_slicing)]
    &all[rule as usize]
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

/// Whether `input` matches `rule`, by the regular expression written out
/// from the ABNF (see [`pattern`]); the reference for the strict parser.
///
/// ```
/// use uriscan::{oracle, Rule};
/// assert!(oracle::is_valid("http://[v1.x]/a?b#c", Rule::Uri));
/// assert!(!oracle::is_valid("http://[v1.x]/a?b#c", Rule::AbsoluteUri));
/// assert!(!oracle::is_valid("a b", Rule::UriReference));
/// ```
#[must_use]
pub fn is_valid(input: &str, rule: Rule) -> bool {
    is_valid_bytes(input.as_bytes(), rule)
}

/// [`is_valid`] over bytes.
///
/// ```
/// use uriscan::{oracle, Rule};
/// assert!(!oracle::is_valid_bytes(b"/caf\xC3\xA9", Rule::UriReference));
/// ```
#[must_use]
pub fn is_valid_bytes(input: &[u8], rule: Rule) -> bool {
    validity_regex(rule).is_match(input)
}

/// The generated patterns of `grammar/rfc2396.tags`, `grammar/rfc1630.tags` and `grammar/rfc3987.tags`.
#[allow(clippy::all, missing_docs, dead_code)]
mod generated_rfc2396 {
    include!(concat!(env!("OUT_DIR"), "/rfc2396_regex.rs"));
}
#[allow(clippy::all, missing_docs, dead_code)]
mod generated_rfc1630 {
    include!(concat!(env!("OUT_DIR"), "/rfc1630_regex.rs"));
}
#[allow(clippy::all, missing_docs, dead_code)]
mod generated_rfc3987 {
    include!(concat!(env!("OUT_DIR"), "/rfc3987_regex.rs"));
}

/// The anchored pattern for the reference rule of `grammar` (the rule
/// [`UriRef::parse_with`](crate::UriRef::parse_with) runs), written out from
/// that grammar's ABNF by `build.rs`.
///
/// ```
/// use uriscan::{oracle, Grammar};
/// assert!(oracle::grammar_pattern(Grammar::Rfc1630).starts_with("^(?:"));
/// ```
#[must_use]
pub fn grammar_pattern(grammar: Grammar) -> &'static str {
    match grammar {
        Grammar::Rfc3986 => generated::URI_REFERENCE,
        Grammar::Rfc2396 => generated_rfc2396::URI_REFERENCE,
        Grammar::Rfc1630 => generated_rfc1630::FRAGMENTADDRESS,
        Grammar::Rfc3987 => generated_rfc3987::IRI_REFERENCE,
    }
}

/// Whether `input` matches the reference rule of `grammar`, by the regular
/// expression of [`grammar_pattern`]; the reference for
/// [`UriRef::parse_bytes_with`](crate::UriRef::parse_bytes_with).
///
/// ```
/// use uriscan::{oracle, Grammar};
/// assert!(oracle::is_valid_with(b"//a_b", Grammar::Rfc2396));
/// assert!(!oracle::is_valid_with(b"//[::1]", Grammar::Rfc2396));
/// assert!(oracle::is_valid_with(b"news:a\"b", Grammar::Rfc1630));
/// ```
#[must_use]
pub fn is_valid_with(input: &[u8], grammar: Grammar) -> bool {
    static RES: OnceLock<[Regex; 4]> = OnceLock::new();
    let all = RES.get_or_init(|| Grammar::ALL.map(|g| compile(grammar_pattern(g))));
    let i = Grammar::ALL.iter().position(|g| *g == grammar).unwrap_or(0);
    all.get(i).is_some_and(|r| r.is_match(input))
}
