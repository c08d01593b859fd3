//! The strict scanner: runs the tagged DFA that `build.rs` compiled from
//! `grammar/rfc3986.abnf`. Byte classes, transitions, tag operations, error
//! contexts and self-loop sets all come from the generated tables; this file
//! only knows how to walk them.

use crate::error::{ErrorKind, ParseError};
use crate::uri::HostKind;

/// The generated automaton for RFC 3986 (see `build.rs` and `codegen/`).
#[allow(clippy::all, missing_docs, dead_code)]
pub(crate) mod dfa {
    use crate::error::ErrorKind;
    use crate::uri::HostKind;
    include!(concat!(env!("OUT_DIR"), "/rfc3986_dfa.rs"));
}

pub(crate) use dfa::{
    CAP_AUTHORITY, CAP_FRAGMENT, CAP_HOST, CAP_PATH, CAP_PORT, CAP_QUERY, CAP_SCHEME, CAP_USERINFO,
};

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

const NONE: u32 = u32::MAX;

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

#[inline(always)]
fn in_set(set: &[u64; 4], b: u8) -> bool {
    (set[(b >> 6) as usize] >> (b & 63)) & 1 != 0
}

/// Runs the automaton for `rule` over `input`.
///
/// Never panics: every index is bounds-checked or derived from the tables,
/// which the generator's tests keep consistent.
pub(crate) fn scan(input: &[u8], rule: Rule) -> Result<Captures, ParseError> {
    if input.len() >= NONE as usize {
        return Err(ParseError {
            index: input.len(),
            kind: ErrorKind::TooLong,
            found: None,
        });
    }
    let nc = dfa::NCLASSES;
    let mut regs = [NONE; dfa::NREGS];
    let mut s = dfa::STARTS[rule as usize] as usize;
    let n = input.len();
    let mut i = 0usize;
    while i < n {
        let st = s / nc;
        let acc = dfa::ACCEL[st] as usize;
        if acc != 0 {
            let set = &dfa::ACCEL_SETS[acc];
            while i < n && in_set(set, input[i]) {
                i += 1;
            }
            if i == n {
                break;
            }
        }
        let b = input[i];
        let idx = s + dfa::CLASSES[b as usize] as usize;
        let ops = dfa::TRANS_OPS[idx] as usize;
        if ops != 0 {
            for &(dst, src) in
                &dfa::OPS[dfa::OP_START[ops] as usize..dfa::OP_START[ops + 1] as usize]
            {
                regs[dst as usize] = match src {
                    255 => i as u32,
                    254 => NONE,
                    r => regs[r as usize],
                };
            }
        }
        let t = dfa::TRANS[idx] as usize;
        if t == 0 {
            return Err(ParseError {
                index: i,
                kind: dfa::CONTEXT[st],
                found: Some(b),
            });
        }
        s = t;
        i += 1;
    }
    let st = s / nc;
    let f = dfa::FINAL[st] as usize;
    if f == 0 {
        return Err(ParseError {
            index: n,
            kind: dfa::CONTEXT[st],
            found: None,
        });
    }
    let row = &dfa::FINAL_TAGS[f];
    let tag = |t: usize| match row[t] {
        255 => n as u32,
        254 => NONE,
        r => regs[r as usize],
    };
    let mut pos = [NONE; 2 * dfa::NCAPTURES];
    for (t, p) in pos.iter_mut().enumerate() {
        *p = tag(t);
    }
    let kind = (0..dfa::MARKS.len())
        .find(|&m| tag(2 * dfa::NCAPTURES + m) != NONE)
        .map(|m| dfa::MARKS[m]);
    Ok(Captures { pos, kind })
}
