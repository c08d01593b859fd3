//! The strict scanner: runs the tagged DFA that `build.rs` compiled from
//! `grammar/rfc3986.abnf` (or, for [`Grammar::Rfc2396`] and
//! [`Grammar::Rfc1630`], from `grammar/rfc2396.abnf` and
//! `grammar/rfc1630.abnf`). Byte classes, transitions, tag operations, error
//! contexts and self-loop sets all come from the generated tables; this file
//! only knows how to walk them and where each grammar's captures go in
//! [`Captures`].

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

/// The generated automaton for RFC 2396 (`grammar/rfc2396.abnf`).
#[allow(clippy::all, missing_docs, dead_code)]
pub(crate) mod rfc2396 {
    #[allow(unused_imports)]
    use crate::automaton::Tables as TablesTrait;
    #[allow(unused_imports)]
    use crate::error::ErrorKind;
    #[allow(unused_imports)]
    use crate::uri::HostKind;
    include!(concat!(env!("OUT_DIR"), "/rfc2396_dfa.rs"));
}

/// The generated automaton for RFC 1630 (`grammar/rfc1630.abnf`).
#[allow(clippy::all, missing_docs, dead_code)]
pub(crate) mod rfc1630 {
    #[allow(unused_imports)]
    use crate::automaton::Tables as TablesTrait;
    #[allow(unused_imports)]
    use crate::error::ErrorKind;
    #[allow(unused_imports)]
    use crate::uri::HostKind;
    include!(concat!(env!("OUT_DIR"), "/rfc1630_dfa.rs"));
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

/// The grammar a reference is parsed by: RFC 3986 (the default), or one of
/// the URI syntaxes it obsoletes, each compiled by `build.rs` from its RFC's
/// own BNF (`grammar/rfc2396.abnf`, `grammar/rfc1630.abnf`) into tables the
/// same walker runs. All three give the same [`UriRef`](crate::UriRef) view;
/// components a grammar does not have are `None`.
///
/// ```
/// use uriscan::{Grammar, UriRef};
/// // IPv6 literals arrived with RFC 2732 and RFC 3986.
/// assert!(UriRef::parse_with("http://[::1]/", Grammar::Rfc3986).is_ok());
/// assert!(UriRef::parse_with("http://[::1]/", Grammar::Rfc2396).is_err());
/// // RFC 1630's generic syntax has no authority: "//" is not in it.
/// assert_eq!(UriRef::parse_with("mailto:x@y", Grammar::Rfc1630).unwrap().path(), "x@y");
/// assert_eq!(Grammar::default(), Grammar::Rfc3986);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Grammar {
    /// RFC 3986 Appendix A, `URI-reference` (the default).
    #[default]
    Rfc3986,
    /// RFC 2396 Appendix A, `URI-reference`: server-based (`userinfo`,
    /// `hostname` or `IPv4address`, `port`) or registry-based (`reg_name`)
    /// authorities, no IP literals, `;param` path segments.
    Rfc2396,
    /// RFC 1630's generic URI BNF, `fragmentaddress`: scheme, path, `?search`
    /// (words joined by `+`), `#fragmentid`; no authority and no host.
    Rfc1630,
}

impl Grammar {
    /// Every grammar, the default first.
    pub const ALL: [Grammar; 3] = [Grammar::Rfc3986, Grammar::Rfc2396, Grammar::Rfc1630];

    /// The grammar's name: `"rfc3986"`, `"rfc2396"` or `"rfc1630"`.
    ///
    /// ```
    /// assert_eq!(uriscan::Grammar::Rfc2396.name(), "rfc2396");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Grammar::Rfc3986 => "rfc3986",
            Grammar::Rfc2396 => "rfc2396",
            Grammar::Rfc1630 => "rfc1630",
        }
    }

    /// The grammar of that [`name`](Grammar::name) (ASCII case ignored).
    ///
    /// ```
    /// use uriscan::Grammar;
    /// assert_eq!(Grammar::from_name("RFC1630"), Some(Grammar::Rfc1630));
    /// assert_eq!(Grammar::from_name("rfc822"), None);
    /// ```
    #[must_use]
    pub fn from_name(name: &str) -> Option<Grammar> {
        Grammar::ALL.into_iter().find(|g| g.name().eq_ignore_ascii_case(name))
    }
}

impl core::fmt::Display for Grammar {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
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
    crate::automaton::run_then::<dfa::Tables, Captures, _>(input, rule as usize, captures).map_err(|s| ParseError {
        index: s.index,
        kind: s.context,
        found: input.get(s.index).copied(),
    })
}

/// Where a grammar's captures go in [`Captures`], whose slots are RFC
/// 3986's captures: `slot[dfa::CAP_X]` is the grammar's capture for `X`.
type Slots = [Option<usize>; dfa::NCAPTURES];

/// Slots from the grammar's capture indices, named as in RFC 3986.
#[allow(clippy::too_many_arguments)]
const fn slots(
    scheme: Option<usize>,
    authority: Option<usize>,
    userinfo: Option<usize>,
    host: Option<usize>,
    port: Option<usize>,
    path: Option<usize>,
    query: Option<usize>,
    fragment: Option<usize>,
) -> Slots {
    let mut s = [None; dfa::NCAPTURES];
    s[CAP_SCHEME] = scheme;
    s[CAP_AUTHORITY] = authority;
    s[CAP_USERINFO] = userinfo;
    s[CAP_HOST] = host;
    s[CAP_PORT] = port;
    s[CAP_PATH] = path;
    s[CAP_QUERY] = query;
    s[CAP_FRAGMENT] = fragment;
    s
}

const RFC2396_SLOTS: Slots = slots(
    Some(rfc2396::CAP_SCHEME),
    Some(rfc2396::CAP_AUTHORITY),
    Some(rfc2396::CAP_USERINFO),
    Some(rfc2396::CAP_HOST),
    Some(rfc2396::CAP_PORT),
    Some(rfc2396::CAP_PATH),
    Some(rfc2396::CAP_QUERY),
    Some(rfc2396::CAP_FRAGMENT),
);

/// RFC 1630's generic syntax has no authority.
const RFC1630_SLOTS: Slots = slots(
    Some(rfc1630::CAP_SCHEME),
    None,
    None,
    None,
    None,
    Some(rfc1630::CAP_PATH),
    Some(rfc1630::CAP_QUERY),
    Some(rfc1630::CAP_FRAGMENT),
);

/// Runs `grammar`'s automaton (its reference entry) over `input`.
/// [`Grammar::Rfc3986`] is [`scan`] with [`Rule::UriReference`].
///
/// Never panics.
pub(crate) fn scan_with(input: &[u8], grammar: Grammar) -> Result<Captures, ParseError> {
    match grammar {
        Grammar::Rfc3986 => scan(input, Rule::UriReference),
        Grammar::Rfc2396 => scan_other::<rfc2396::Tables>(input, &RFC2396_SLOTS, rfc2396::NCAPTURES, &rfc2396::MARKS),
        Grammar::Rfc1630 => scan_other::<rfc1630::Tables>(input, &RFC1630_SLOTS, rfc1630::NCAPTURES, &rfc1630::MARKS),
    }
}

/// Runs entry 0 of `T` and moves its captures into the slots `slots` names;
/// its mark tags follow its `ncaptures` captures, one per `marks` entry.
fn scan_other<T>(input: &[u8], slots: &Slots, ncaptures: usize, marks: &[HostKind]) -> Result<Captures, ParseError>
where
    T: crate::automaton::Tables<Context = ErrorKind>,
    T::Tags: AsRef<[u32]>,
{
    if input.len() >= NONE as usize {
        return Err(too_long(input));
    }
    let tags = crate::automaton::run::<T>(input, 0).map_err(|s| ParseError {
        index: s.index,
        kind: s.context,
        found: input.get(s.index).copied(),
    })?;
    let tags = tags.as_ref();
    let at = |t: usize| tags.get(t).copied().unwrap_or(NONE);
    let mut pos = [NONE; 2 * dfa::NCAPTURES];
    for (slot, cap) in slots.iter().enumerate() {
        if let (Some(c), Some(p)) = (*cap, pos.get_mut(2 * slot..2 * slot + 2)) {
            p.copy_from_slice(&[at(2 * c), at(2 * c + 1)]);
        }
    }
    Ok(Captures { pos, kind: outermost_mark(marks, tags.get(2 * ncaptures..).unwrap_or_default()) })
}

/// The host alternative that matched: marks can nest (an IPv4address inside
/// an IPv6address's ls32), so the outermost one, the one that starts first,
/// names it.
#[inline(always)]
fn outermost_mark(marks: &[HostKind], starts: &[u32]) -> Option<HostKind> {
    marks.iter().zip(starts).filter(|(_, &t)| t != NONE).min_by_key(|(_, &t)| t).map(|(m, _)| *m)
}

#[cold]
fn too_long(input: &[u8]) -> ParseError {
    ParseError { index: input.len(), kind: ErrorKind::TooLong, found: None }
}

/// The captures of the tag values of an accepted input. (Out of line: inlined
/// into the walker, it costs the hot loop registers; measured.)
#[inline(never)]
fn captures(tags: &[u32; dfa::NREGS]) -> Captures {
    let mut pos = [NONE; 2 * dfa::NCAPTURES];
    pos.copy_from_slice(&tags[..2 * dfa::NCAPTURES]);
    Captures { pos, kind: outermost_mark(&dfa::MARKS, &tags[2 * dfa::NCAPTURES..dfa::NTAGS]) }
}
