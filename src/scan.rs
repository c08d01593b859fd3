//! The strict scanner: runs the tagged DFA that `build.rs` compiled from
//! `grammar/rfc3986.abnf`. Byte classes, transitions, tag operations, error
//! contexts and self-loop sets all come from the generated tables; this file
//! only knows how to walk them.

use crate::error::{ErrorKind, ParseError};
use crate::uri::HostKind;

/// The generated automaton for RFC 3986 (see `build.rs` and `codegen/`).
#[allow(clippy::all, missing_docs, dead_code)]
pub(crate) mod dfa {
    #[allow(unused_imports)]
    use crate::automaton::Tables as TablesTrait;
    use crate::error::ErrorKind;
    use crate::uri::HostKind;
    include!(concat!(env!("OUT_DIR"), "/rfc3986_dfa.rs"));
}

pub(crate) use dfa::{CAP_AUTHORITY, CAP_FRAGMENT, CAP_HOST, CAP_PATH, CAP_PORT, CAP_QUERY, CAP_SCHEME, CAP_USERINFO};

/// The grammar's entry rules (RFC 3986 §4.1–§4.3, §3).
///
/// ```
/// use uriscan::{Rule, UriRef};
/// assert!(UriRef::parse_as("//h/p", Rule::RelativeRef).is_ok());
/// assert!(UriRef::parse_as("//h/p", Rule::Uri).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// `URI-reference = URI / relative-ref`
    UriReference = 0,
    /// `URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]`
    Uri = 1,
    /// `absolute-URI = scheme ":" hier-part [ "?" query ]`
    AbsoluteUri = 2,
    /// `relative-ref = relative-part [ "?" query ] [ "#" fragment ]`
    RelativeRef = 3,
}

use crate::automaton::NONE;

/// Component offsets of an accepted input: `pos[2c]..pos[2c + 1]` for
/// capture `c`, `NONE` when undefined; and which host alternative won.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Captures {
    pos: [u32; 2 * dfa::NCAPTURES],
    kind: Option<HostKind>,
}

impl Captures {
    #[inline]
    pub(crate) fn span(&self, cap: usize) -> Option<(usize, usize)> {
        let a = *self.pos.get(2 * cap)?;
        let b = *self.pos.get(2 * cap + 1)?;
        if a == NONE || b == NONE {
            None
        } else {
            Some((a as usize, b as usize))
        }
    }

    #[inline]
    pub(crate) fn host_kind(&self) -> Option<HostKind> {
        self.kind
    }
}

/// Runs the automaton for `rule` over `input`.
///
/// Never panics.
#[inline]
pub(crate) fn scan(input: &[u8], rule: Rule) -> Result<Captures, ParseError> {
    if input.len() >= NONE as usize {
        return Err(too_long(input));
    }
    finish(input, crate::automaton::run::<dfa::Tables>(input, rule as usize))
}

#[cold]
fn too_long(input: &[u8]) -> ParseError {
    ParseError { index: input.len(), kind: ErrorKind::TooLong, found: None }
}

#[inline(always)]
fn finish(
    input: &[u8],
    run: Result<[u32; dfa::NTAGS], crate::automaton::Stop<ErrorKind>>,
) -> Result<Captures, ParseError> {
    let tags = run.map_err(|s| ParseError { index: s.index, kind: s.context, found: input.get(s.index).copied() })?;
    let mut pos = [NONE; 2 * dfa::NCAPTURES];
    pos.copy_from_slice(&tags[..2 * dfa::NCAPTURES]);
    // Marks can nest (an IPv4address inside an IPv6address's ls32): the
    // outermost one, the one that starts first, names the alternative.
    let kind = dfa::MARKS
        .iter()
        .zip(&tags[2 * dfa::NCAPTURES..])
        .filter(|(_, &t)| t != NONE)
        .min_by_key(|(_, &t)| t)
        .map(|(m, _)| *m);
    Ok(Captures { pos, kind })
}
