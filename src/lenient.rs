//! The lenient parse, for dirty input (logs, crawls): every input gets its
//! components, and the list of every place where the strict grammar is
//! violated, so a pipeline can keep the row, flag it and count the kinds.
//!
//! - A valid input is parsed strictly ([`Syntax::parse_bytes`]): its
//!   components are the strict parse's, it has no violation, and
//!   [`Lenient::uri`] gives the strict view.
//! - An invalid input gets the Appendix B split ([`split_bytes`]), then its
//!   authority's userinfo (up to the last `@`), host (an IP literal's
//!   brackets kept whole) and port (after the host's first `:`), as the
//!   productions of RFC 3986 §3.2 place them.
//!
//! The violations come from the strict tables, not from a list written by
//! hand: [`Violations`] walks the syntax's validator (the automaton without
//! tags that the generator emits beside each grammar's) over the input,
//! byte by byte, and where the tables have no transition it reports the
//! byte's index and the state's error context (the [`ParseError`] the
//! strict parse gives there), then recovers with one of two repairs, chosen
//! by the tables and one byte of look-ahead:
//!
//! - when the state takes the byte after the bad one (or the input ends
//!   there and the state accepts), the bad byte is dropped: a stray byte
//!   (`/a b`, `[::1x]`) costs one violation;
//! - else, when the last state with a run (a path segment, a query, a host
//!   name: the self-loop states the generator marks; the start state until
//!   there is one) takes the bad byte, the walk goes on from there: the
//!   `zz` of a broken `%zz` are read as the query they sit in;
//! - else the byte is dropped.
//!
//! At the end of the input a state that does not accept is one more
//! violation. Until the first violation the walk is the validator's own, so
//! the first violation is the strict error: same index, same kind. No URI
//! knowledge is written here: states, runs, contexts and acceptance are all
//! the generator's.
//!
//! ```
//! use uriscan::Syntax;
//! // Keep every row, flag the dirty ones, count what is wrong with them.
//! let rows: [&[u8]; 3] = [b"https://a.example/x", b"https://b.example/a b?q=<1>", b"//c.example:8o/"];
//! let mut hosts = Vec::new();
//! let mut violations = 0;
//! for row in rows {
//!     let l = Syntax::UriReference.parse_lenient_bytes(row);
//!     hosts.push(l.host());
//!     violations += l.violations().count();
//! }
//! assert_eq!(hosts, [Some(&b"a.example"[..]), Some(&b"b.example"[..]), Some(&b"c.example"[..])]);
//! // A space, "<" and ">"; "c.example:8o" is no host and port, so it waits
//! // for an "@" as a userinfo: the "/" and the end.
//! assert_eq!(violations, 5);
//! ```

use crate::error::{ErrorKind, ParseError};
use crate::grammar::{Grammar, Syntax};
use crate::host::HostKind;
use crate::split::{split_bytes, ByteComponents};
use crate::tables::with_validator;
use crate::uri_ref::UriRef;
use uriscan_layout::{self as layout, Tables};

/// The result of a lenient parse ([`Syntax::parse_lenient`],
/// [`Syntax::parse_lenient_bytes`]): the
/// components of any input, valid or not, and its violations of the
/// strict grammar.
///
/// Components are byte slices of the input (dirty input need not be
/// UTF-8); undefined components are `None`, distinct from empty ones. For a
/// valid input they are the strict parse's ([`uri`](Lenient::uri) gives
/// that view); for an invalid one they are the RFC 3986 Appendix B split
/// and the authority's parts (see the [module docs](crate::lenient)),
/// whatever the grammar.
///
/// ```
/// use uriscan::{ErrorKind, Syntax};
/// let l = Syntax::UriReference.parse_lenient_bytes(b"http://user@exa mple.com:80/a b?q=|#f");
/// assert!(!l.is_valid());
/// assert_eq!(l.host(), Some(&b"exa mple.com"[..]));
/// assert_eq!(l.port(), Some(&b"80"[..]));
/// assert_eq!(l.query(), Some(&b"q=|"[..]));
/// let v: Vec<(usize, ErrorKind)> = l.violations().map(|e| (e.index(), e.kind())).collect();
/// assert_eq!(v, [(15, ErrorKind::Host), (29, ErrorKind::Path), (34, ErrorKind::Query)]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Lenient<'a> {
    input: &'a [u8],
    syntax: Syntax,
    parsed: Parsed<'a>,
}

/// What the strict parse said, and the components of an invalid input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Parsed<'a> {
    Valid(UriRef<'a>),
    Invalid { error: ParseError, split: ByteComponents<'a>, authority: AuthorityParts<'a> },
}

/// An authority's userinfo, host and port (the host is defined exactly
/// when the authority is).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
struct AuthorityParts<'a> {
    userinfo: Option<&'a [u8]>,
    host: Option<&'a [u8]>,
    port: Option<&'a [u8]>,
}

/// `authority = [ userinfo "@" ] host [ ":" port ]` (RFC 3986 §3.2).
const AT: u8 = b'@';
/// The `":"` before `port`.
const COLON: u8 = b':';
/// `IP-literal = "[" ( IPv6address / IPvFuture ) "]"` (§3.2.2).
const OPEN: u8 = b'[';
/// The end of an `IP-literal`.
const CLOSE: u8 = b']';

/// The userinfo, host and port of an authority that need not be valid:
/// the userinfo is what comes before the last `@` (neither userinfo nor
/// host may hold one), the port what comes after the first `:` of the rest
/// (a reg-name holds none), or after the `]` of an IP literal when a `:`
/// follows somewhere after it; an IP literal without its `]` is the host
/// whole. For a valid authority these are the grammar's parts.
fn authority_parts(authority: Option<&[u8]>) -> AuthorityParts<'_> {
    let Some(a) = authority else { return AuthorityParts::default() };
    // One pass: the last `@`, and the first `:` and `]` after it.
    let (mut at, mut colon, mut close) = (None, None, None);
    for (i, &b) in a.iter().enumerate() {
        match b {
            AT => (at, colon, close) = (Some(i), None, None),
            COLON if colon.is_none() => colon = Some(i),
            CLOSE if close.is_none() => close = Some(i),
            _ => {}
        }
    }
    let h = at.map_or(0, |at| at + 1);
    if a.get(h) == Some(&OPEN) {
        colon = match (close, colon) {
            (None, _) => None,
            (Some(c), Some(k)) if k > c => Some(k),
            (Some(c), _) => a.get(c..).and_then(|t| t.iter().position(|&b| b == COLON)).map(|k| c + k),
        };
    }
    let (host, port) = match colon {
        Some(k) => (a.get(h..k), a.get(k + 1..)),
        None => (a.get(h..), None),
    };
    AuthorityParts { userinfo: at.and_then(|at| a.get(..at)), host, port }
}

impl Syntax {
    /// Parses `input` leniently: never fails, gives the components of any
    /// input and every place where it violates this syntax, for dirty data
    /// a pipeline keeps, flags and counts (see [`Lenient`] and the
    /// [module docs](crate::lenient)).
    ///
    /// A valid input costs a strict parse ([`parse`](Syntax::parse)) and
    /// nothing more; an invalid one, the strict parse up to its error
    /// and the Appendix B split, and its violations are walked only when
    /// [`violations`](Lenient::violations) is iterated.
    ///
    /// ```
    /// use uriscan::{ErrorKind, Syntax};
    /// let l = Syntax::UriReference.parse_lenient("http://a/b");
    /// assert!(l.is_valid() && l.violations().next().is_none());
    /// assert_eq!(l.uri().unwrap().host(), Some("a"));
    /// // Every violation, not only the first; the first is the strict error.
    /// let l = Syntax::UriReference.parse_lenient("/a b\0c%zz");
    /// let v: Vec<usize> = l.violations().map(|e| e.index()).collect();
    /// assert_eq!(v, [2, 4, 7]);
    /// assert_eq!(l.error(), Syntax::UriReference.parse("/a b\0c%zz").err());
    /// assert_eq!(l.path(), b"/a b\x00c%zz");
    /// ```
    ///
    /// # Panics
    /// Never, for inputs of any length and content.
    #[inline]
    #[must_use]
    pub fn parse_lenient(self, input: &str) -> Lenient<'_> {
        self.parse_lenient_bytes(input.as_bytes())
    }

    /// [`parse_lenient`](Syntax::parse_lenient) over bytes: any bytes,
    /// those that are not UTF-8 included, are kept and reported where this
    /// syntax does not admit them (a strict parse is
    /// [`parse_bytes`](Syntax::parse_bytes)).
    ///
    /// ```
    /// use uriscan::{ErrorKind, Syntax};
    /// let l = Syntax::UriReference.parse_lenient_bytes(b"http://a/caf\xC3\xA9\xFF");
    /// let v: Vec<(usize, ErrorKind)> = l.violations().map(|e| (e.index(), e.kind())).collect();
    /// assert_eq!(v, [(12, ErrorKind::Path), (13, ErrorKind::Path), (14, ErrorKind::Path)]);
    /// assert_eq!(l.host(), Some(&b"a"[..]));
    /// ```
    ///
    /// # Panics
    /// Never, for inputs of any length and content.
    #[inline]
    #[must_use]
    pub fn parse_lenient_bytes(self, input: &[u8]) -> Lenient<'_> {
        let parsed = match self.parse_bytes(input) {
            Ok(u) => Parsed::Valid(u),
            Err(error) => invalid(input, error),
        };
        Lenient { input, syntax: self, parsed }
    }
}

/// The components of an invalid input.
#[inline(never)]
fn invalid(input: &[u8], error: ParseError) -> Parsed<'_> {
    let split = split_bytes(input);
    Parsed::Invalid { error, split, authority: authority_parts(split.authority) }
}

/// A string slice as bytes.
#[inline(always)]
fn b(s: Option<&str>) -> Option<&[u8]> {
    s.map(str::as_bytes)
}

impl<'a> Lenient<'a> {
    /// The input, as given.
    ///
    /// ```
    /// assert_eq!(uriscan::Syntax::UriReference.parse_lenient_bytes(b"a b").as_bytes(), b"a b");
    /// ```
    #[inline]
    #[must_use]
    pub fn as_bytes(&self) -> &'a [u8] {
        self.input
    }

    /// The syntax the input was checked against.
    ///
    /// ```
    /// use uriscan::Syntax;
    /// assert_eq!(Syntax::IriReference.parse_lenient_bytes(b"").syntax(), Syntax::IriReference);
    /// ```
    #[inline]
    #[must_use]
    pub fn syntax(&self) -> Syntax {
        self.syntax
    }

    /// Whether the input is valid: it has no violation.
    ///
    /// ```
    /// use uriscan::Syntax;
    /// assert!(Syntax::UriReference.parse_lenient_bytes(b"http://a/").is_valid());
    /// assert!(!Syntax::UriReference.parse_lenient_bytes(b"http://a/\xFF").is_valid());
    /// ```
    #[inline]
    #[must_use]
    pub fn is_valid(&self) -> bool {
        matches!(self.parsed, Parsed::Valid(_))
    }

    /// The strict view, when the input is valid.
    ///
    /// ```
    /// use uriscan::{HostKind, Syntax};
    /// let u = Syntax::UriReference.parse_lenient_bytes(b"//1.2.3.4").uri().unwrap();
    /// assert_eq!(u.host_kind(), Some(HostKind::Ipv4));
    /// assert!(Syntax::UriReference.parse_lenient_bytes(b"//1.2.3.4 ").uri().is_none());
    /// ```
    #[inline]
    #[must_use]
    pub fn uri(&self) -> Option<UriRef<'a>> {
        match self.parsed {
            Parsed::Valid(u) => Some(u),
            Parsed::Invalid { .. } => None,
        }
    }

    /// The first violation, when the input is invalid: the strict parse's
    /// error (the first item of [`violations`](Lenient::violations)).
    ///
    /// ```
    /// use uriscan::{ErrorKind, Syntax};
    /// let e = Syntax::UriReference.parse_lenient_bytes(b"http://[::1").error().unwrap();
    /// assert_eq!((e.index(), e.kind(), e.found()), (11, ErrorKind::IpLiteral, None));
    /// ```
    #[inline]
    #[must_use]
    pub fn error(&self) -> Option<ParseError> {
        match self.parsed {
            Parsed::Valid(_) => None,
            Parsed::Invalid { error, .. } => Some(error),
        }
    }

    /// Every place where the input violates the syntax, in order of index
    /// (see the [module docs](crate::lenient) for how the walk recovers).
    /// Empty exactly when the input is valid. Iterating walks the
    /// validator's tables over the input; each call starts afresh.
    ///
    /// ```
    /// use uriscan::{ErrorKind, Syntax};
    /// let l = Syntax::UriReference.parse_lenient_bytes(b"ht tp://h/%zz/\"x\"");
    /// let kinds: Vec<ErrorKind> = l.violations().map(|e| e.kind()).collect();
    /// // "ht" may begin a scheme or a path: the space is out of both.
    /// assert_eq!(kinds, [ErrorKind::Reference, ErrorKind::PercentEncoded, ErrorKind::Path, ErrorKind::Path]);
    /// assert_eq!(l.violations().next(), l.error());
    /// ```
    #[inline]
    #[must_use]
    pub fn violations(&self) -> Violations<'a> {
        let phase = match self.parsed {
            Parsed::Valid(_) => Phase::Done,
            Parsed::Invalid { error, .. } if error.kind == ErrorKind::TooLong => Phase::Only(error),
            Parsed::Invalid { error, .. } => Phase::Start(error),
        };
        Violations { input: self.input, syntax: self.syntax, walk: Walk::default(), phase, buf: Found::EMPTY }
    }

    /// The scheme, without its `:`.
    ///
    /// ```
    /// use uriscan::Syntax;
    /// assert_eq!(Syntax::UriReference.parse_lenient_bytes(b"h_p://x").scheme(), Some(&b"h_p"[..]));
    /// ```
    #[inline]
    #[must_use]
    pub fn scheme(&self) -> Option<&'a [u8]> {
        match self.parsed {
            Parsed::Valid(u) => b(u.scheme()),
            Parsed::Invalid { split, .. } => split.scheme,
        }
    }

    /// The authority, without the leading `//`.
    ///
    /// ```
    /// use uriscan::Syntax;
    /// assert_eq!(Syntax::UriReference.parse_lenient_bytes(b"//a b/c").authority(), Some(&b"a b"[..]));
    /// ```
    #[inline]
    #[must_use]
    pub fn authority(&self) -> Option<&'a [u8]> {
        match self.parsed {
            Parsed::Valid(u) => b(u.authority()),
            Parsed::Invalid { split, .. } => split.authority,
        }
    }

    /// The userinfo, without its `@`: for an invalid input, what comes
    /// before the authority's last `@`.
    ///
    /// ```
    /// use uriscan::Syntax;
    /// assert_eq!(Syntax::UriReference.parse_lenient_bytes(b"//a@b@c d").userinfo(), Some(&b"a@b"[..]));
    /// ```
    #[inline]
    #[must_use]
    pub fn userinfo(&self) -> Option<&'a [u8]> {
        match self.parsed {
            Parsed::Valid(u) => b(u.userinfo()),
            Parsed::Invalid { authority, .. } => authority.userinfo,
        }
    }

    /// The host; an IP literal keeps its brackets. For an invalid input
    /// with an authority, always defined (possibly empty).
    ///
    /// ```
    /// use uriscan::Syntax;
    /// assert_eq!(Syntax::UriReference.parse_lenient_bytes(b"//[::1]x:8 ").host(), Some(&b"[::1]x"[..]));
    /// assert_eq!(Syntax::UriReference.parse_lenient_bytes(b"//[::1").host(), Some(&b"[::1"[..]));
    /// ```
    #[inline]
    #[must_use]
    pub fn host(&self) -> Option<&'a [u8]> {
        match self.parsed {
            Parsed::Valid(u) => b(u.host()),
            Parsed::Invalid { authority, .. } => authority.host,
        }
    }

    /// Which alternative of `host` matched: for a valid input only (an
    /// invalid one matched none).
    ///
    /// ```
    /// use uriscan::{HostKind, Syntax};
    /// assert_eq!(Syntax::UriReference.parse_lenient_bytes(b"//[::1]").host_kind(), Some(HostKind::Ipv6));
    /// assert_eq!(Syntax::UriReference.parse_lenient_bytes(b"//[::1] ").host_kind(), None);
    /// ```
    #[inline]
    #[must_use]
    pub fn host_kind(&self) -> Option<HostKind> {
        self.uri().and_then(|u| u.host_kind())
    }

    /// The port, without its `:`: for an invalid input, what comes after
    /// the host.
    ///
    /// ```
    /// use uriscan::Syntax;
    /// assert_eq!(Syntax::UriReference.parse_lenient_bytes(b"//h:80:81/ ").port(), Some(&b"80:81"[..]));
    /// ```
    #[inline]
    #[must_use]
    pub fn port(&self) -> Option<&'a [u8]> {
        match self.parsed {
            Parsed::Valid(u) => b(u.port()),
            Parsed::Invalid { authority, .. } => authority.port,
        }
    }

    /// The path; always defined, possibly empty.
    ///
    /// ```
    /// use uriscan::Syntax;
    /// assert_eq!(Syntax::UriReference.parse_lenient_bytes(b"a:b c?d").path(), b"b c");
    /// ```
    #[inline]
    #[must_use]
    pub fn path(&self) -> &'a [u8] {
        match self.parsed {
            Parsed::Valid(u) => u.path().as_bytes(),
            Parsed::Invalid { split, .. } => split.path,
        }
    }

    /// The query, without its `?`.
    ///
    /// ```
    /// use uriscan::Syntax;
    /// assert_eq!(Syntax::UriReference.parse_lenient_bytes(b"?a=1&b=<2>").query(), Some(&b"a=1&b=<2>"[..]));
    /// ```
    #[inline]
    #[must_use]
    pub fn query(&self) -> Option<&'a [u8]> {
        match self.parsed {
            Parsed::Valid(u) => b(u.query()),
            Parsed::Invalid { split, .. } => split.query,
        }
    }

    /// The fragment, without its `#`.
    ///
    /// ```
    /// use uriscan::Syntax;
    /// assert_eq!(Syntax::UriReference.parse_lenient_bytes(b"#a#b").fragment(), Some(&b"a#b"[..]));
    /// ```
    #[inline]
    #[must_use]
    pub fn fragment(&self) -> Option<&'a [u8]> {
        match self.parsed {
            Parsed::Valid(u) => b(u.fragment()),
            Parsed::Invalid { split, .. } => split.fragment,
        }
    }

    /// The five components of §5.3 as one value; recomposed
    /// ([`ByteComponents::recompose`]), the input.
    ///
    /// ```
    /// use uriscan::Syntax;
    /// let c = Syntax::UriReference.parse_lenient_bytes(b"s://a b/p?q#f").components();
    /// assert_eq!((c.authority, c.path), (Some(&b"a b"[..]), &b"/p"[..]));
    /// ```
    #[inline]
    #[must_use]
    pub fn components(&self) -> ByteComponents<'a> {
        match self.parsed {
            Parsed::Valid(u) => u.components().into(),
            Parsed::Invalid { split, .. } => split,
        }
    }
}

/// The violations of an input ([`Lenient::violations`]): an iterator of
/// [`ParseError`]s in order of index, each the error the strict parse
/// would report at that byte in the state the recovering walk is in.
///
/// An input longer than a reference can hold has one violation,
/// [`ErrorKind::TooLong`] (the strict error), and is not walked.
///
/// ```
/// use uriscan::Syntax;
/// let l = Syntax::UriReference.parse_lenient_bytes(&[b'&'; 1000]);
/// assert_eq!(l.violations().count(), 0);
/// let l = Syntax::UriReference.parse_lenient_bytes(&[0; 1000]);
/// assert_eq!(l.violations().count(), 1000);
/// ```
#[derive(Clone, Debug)]
pub struct Violations<'a> {
    input: &'a [u8],
    syntax: Syntax,
    walk: Walk,
    phase: Phase,
    /// Violations found and not yet given: `buf[head..len]`.
    buf: Found,
}

/// How many violations one step of the walk collects (one dispatched call
/// per step, so a line with few violations is walked in one).
const BATCH: usize = 8;

/// Violations a step found: `list[head..len]` are still to be given.
#[derive(Clone, Copy, Debug)]
struct Found {
    list: [ParseError; BATCH],
    head: usize,
    len: usize,
}

impl Found {
    const EMPTY: Found =
        Found { list: [ParseError { index: 0, kind: ErrorKind::Reference, found: None }; BATCH], head: 0, len: 0 };

    /// Adds `e`; whether there is room for more.
    #[inline(always)]
    fn push(&mut self, e: ParseError) -> bool {
        if let Some(slot) = self.list.get_mut(self.len) {
            *slot = e;
            self.len += 1;
        }
        self.len < BATCH
    }

    #[inline(always)]
    fn pop(&mut self) -> Option<ParseError> {
        let e = self.list.get(self.head).copied().filter(|_| self.head < self.len)?;
        self.head += 1;
        Some(e)
    }
}

/// Where the walk is.
#[derive(Clone, Copy, Debug)]
enum Phase {
    /// Not started; the strict error (for input the tables accept but the
    /// strict parse refuses: bytes that are not UTF-8).
    Start(ParseError),
    /// Walking, violations found.
    Walking,
    /// One violation left, then done.
    Only(ParseError),
    Done,
}

/// The state of the recovering walk: the position, the (premultiplied)
/// state and its self-loop field, and the last state with a run and its
/// field (where the walk recovers).
#[derive(Clone, Copy, Debug, Default)]
struct Walk {
    pos: usize,
    state: usize,
    run: u32,
    anchor: usize,
    anchor_run: u32,
}

impl Iterator for Violations<'_> {
    type Item = ParseError;

    #[inline]
    fn next(&mut self) -> Option<ParseError> {
        if let Some(e) = self.buf.pop() {
            return Some(e);
        }
        let strict = match self.phase {
            Phase::Done => return None,
            Phase::Only(e) => {
                self.phase = Phase::Done;
                return Some(e);
            }
            Phase::Start(e) => {
                self.walk = with_validator!(self.syntax.grammar(), T => start::<T>(self.syntax.entry()));
                Some(e)
            }
            Phase::Walking => None,
        };
        self.buf = Found::EMPTY;
        let ended = step(self.input, self.syntax.grammar(), &mut self.walk, &mut self.buf);
        self.phase = if ended { Phase::Done } else { Phase::Walking };
        // The tables accepted input the strict parse refused (a grammar
        // whose bytes are not all UTF-8): the strict error is the violation.
        self.buf.pop().or(strict)
    }
}

impl core::iter::FusedIterator for Violations<'_> {}

/// The start of entry `entry` of `T` (also where the walk recovers until
/// it enters a run).
fn start<T: Tables>(entry: usize) -> Walk {
    let e = T::AUTOMATON.starts.get(entry).copied().unwrap_or(0);
    let (state, run) = (layout::target(e), layout::self_loop(e));
    Walk { pos: 0, state, run, anchor: state, anchor_run: run }
}

/// Whether self-loop field `run` names a run (not a triplet, not none).
#[inline(always)]
fn is_run<T: Tables>(run: u32) -> bool {
    run != 0 && run < T::AUTOMATON.accels.triplet_base
}

/// Walks on, collecting violations into `found` until it is full or the
/// input ends; whether the walk is over.
fn step(input: &[u8], grammar: Grammar, w: &mut Walk, found: &mut Found) -> bool {
    with_validator!(grammar, T => crate::simd::dispatch(Step::<T> { input, w, found, tables: core::marker::PhantomData }))
}

/// [`step_in`] as work for a skipper (the runs are skipped with the same
/// SIMD skipper as the strict walker's, chosen once per step).
struct Step<'a, 'w, T> {
    input: &'a [u8],
    w: &'w mut Walk,
    found: &'w mut Found,
    tables: core::marker::PhantomData<T>,
}

impl<T: Tables<Context = ErrorKind>> crate::simd::WithSkip for Step<'_, '_, T> {
    type Out = bool;

    #[inline(always)]
    fn call<S: crate::simd::Skip>(self, skipper: S) -> bool {
        step_in::<T, S>(self.input, self.w, self.found, skipper)
    }
}

/// [`step`] with the validator `T`.
#[inline(always)]
fn step_in<T: Tables<Context = ErrorKind>, S: crate::simd::Skip>(
    input: &[u8],
    w: &mut Walk,
    found: &mut Found,
    skipper: S,
) -> bool {
    let a = &T::AUTOMATON;
    let context = |s: usize| a.contexts.get(s / a.nclasses.max(1)).copied().unwrap_or(ErrorKind::Reference);
    let accepts = |s: usize| a.finals.get(s / a.nclasses.max(1)).is_some_and(|&f| layout::accept_list(f).is_some());
    let class = |b: u8| usize::from(a.classes.get(usize::from(b)).copied().unwrap_or(0));
    // Whether state `s` takes byte `b` (the end of the input: accepts).
    let takes = |s: usize, b: Option<&u8>| match b {
        Some(&b) => layout::target(a.trans.get(s + class(b)).copied().unwrap_or(0)) != 0,
        None => accepts(s),
    };
    let Walk { mut pos, mut state, mut run, mut anchor, mut anchor_run } = *w;
    loop {
        if is_run::<T>(run) {
            pos = skip_run::<T, S>(input, pos, run, skipper);
        }
        let Some(&byte) = input.get(pos) else { break };
        let e = a.trans.get(state + class(byte)).copied().unwrap_or(0);
        let t = layout::target(e);
        if t == 0 {
            let error = ParseError { index: pos, kind: context(state), found: Some(byte) };
            if !takes(state, input.get(pos + 1)) && anchor != state && takes(anchor, Some(&byte)) {
                // Back to the last run, which takes this byte.
                (state, run) = (anchor, anchor_run);
            } else {
                // Drop the byte.
                pos += 1;
            }
            if !found.push(error) {
                *w = Walk { pos, state, run, anchor, anchor_run };
                return false;
            }
            continue;
        }
        state = t;
        run = layout::self_loop(e);
        pos += 1;
        if is_run::<T>(run) {
            (anchor, anchor_run) = (state, run);
        }
    }
    *w = Walk { pos, state, run, anchor, anchor_run };
    if !accepts(state) {
        // Room is left: a full batch returned above.
        found.push(ParseError { index: input.len(), kind: context(state), found: None });
    }
    true
}

/// The end of the run of self-loop field `run` from `pos` on: the bytes
/// its run set holds keep the state where it is (no tag operations in a
/// validator), so the skipper steps over them (16 or 32 at a time with
/// AVX2). Skipping only saves transitions: where the set's tables are
/// missing, nothing is skipped and the transitions take the bytes.
#[inline(always)]
fn skip_run<T: Tables, S: crate::simd::Skip>(input: &[u8], pos: usize, run: u32, skipper: S) -> usize {
    let k = layout::run_set(run);
    let x = &T::AUTOMATON.accels;
    match (x.lut.get(layout::lut_row(k)), x.nibbles.get(k), x.high.get(k)) {
        (Some(lut), Some(nibbles), Some(&high)) => {
            let set = crate::simd::Set { lut, slot: layout::lut_slot(k), nibbles, high, ext: None, utf8: None };
            skipper.skip(input, pos, set)
        }
        _ => pos,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The violations by a plain walk of the validator's transitions (no
    /// run skipping), with the same recovery: the reference for the walk.
    fn plain<T: Tables<Context = ErrorKind>>(input: &[u8], entry: usize) -> Vec<(usize, ErrorKind)> {
        let a = &T::AUTOMATON;
        let e = a.starts[entry];
        let mut s = layout::target(e);
        let mut anchor = s;
        let accepts = |s: usize| layout::accept_list(a.finals[s / a.nclasses]).is_some();
        let takes = |s: usize, b: Option<&u8>| match b {
            Some(&b) => layout::target(a.trans[s + usize::from(a.classes[usize::from(b)])]) != 0,
            None => accepts(s),
        };
        let mut out = Vec::new();
        let mut i = 0;
        while let Some(&b) = input.get(i) {
            let c = usize::from(a.classes[usize::from(b)]);
            let e = a.trans[s + c];
            if layout::target(e) == 0 {
                out.push((i, a.contexts[s / a.nclasses]));
                if !takes(s, input.get(i + 1)) && anchor != s && takes(anchor, Some(&b)) {
                    s = anchor;
                } else {
                    i += 1;
                }
                continue;
            }
            s = layout::target(e);
            if is_run::<T>(layout::self_loop(e)) {
                anchor = s;
            }
            i += 1;
        }
        if !accepts(s) {
            out.push((input.len(), a.contexts[s / a.nclasses]));
        }
        out
    }

    fn rnd(x: &mut u64) -> u64 {
        *x ^= *x << 13;
        *x ^= *x >> 7;
        *x ^= *x << 17;
        *x
    }

    /// The run skipping changes nothing: the same violations as the plain
    /// walk, for every syntax, on random strings over bytes that matter.
    #[test]
    fn skipping_runs_matches_the_plain_walk() {
        let alphabet = b":/?#[]@%a1F.-_~!$&'()*+,;= \"<>\\^`{|}\x00\x7F\xC3\xA9\xFF";
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for &syntax in Syntax::ALL {
            for _ in 0..3_000 {
                let len = (rnd(&mut x) % 100) as usize;
                let v: Vec<u8> = (0..len).map(|_| alphabet[(rnd(&mut x) % alphabet.len() as u64) as usize]).collect();
                let ours: Vec<(usize, ErrorKind)> =
                    syntax.parse_lenient_bytes(&v).violations().map(|e| (e.index(), e.kind())).collect();
                let reference = with_validator!(syntax.grammar(), T => plain::<T>(&v, syntax.entry()));
                if syntax.parse_bytes(&v).is_ok() {
                    assert!(ours.is_empty());
                } else {
                    assert_eq!(ours, reference, "{syntax:?} {v:?}");
                }
            }
        }
    }

    #[test]
    fn authority_parts_of_dirty_authorities() {
        let p = |a: &'static [u8]| {
            let x = authority_parts(Some(a));
            (x.userinfo, x.host, x.port)
        };
        assert_eq!(p(b""), (None, Some(&b""[..]), None));
        assert_eq!(p(b"u@h:1"), (Some(&b"u"[..]), Some(&b"h"[..]), Some(&b"1"[..])));
        assert_eq!(p(b"u@v@h"), (Some(&b"u@v"[..]), Some(&b"h"[..]), None));
        assert_eq!(p(b"[::1]:8"), (None, Some(&b"[::1]"[..]), Some(&b"8"[..])));
        assert_eq!(p(b"[::1"), (None, Some(&b"[::1"[..]), None));
        assert_eq!(p(b"@"), (Some(&b""[..]), Some(&b""[..]), None));
        assert_eq!(p(b"h:"), (None, Some(&b"h"[..]), Some(&b""[..])));
        assert_eq!(authority_parts(None), AuthorityParts::default());
    }

    /// The one-pass search gives what the definition says, on every string
    /// of up to 6 bytes over the bytes that matter.
    #[test]
    fn authority_parts_as_defined() {
        fn defined(a: &[u8]) -> AuthorityParts<'_> {
            let (userinfo, hostport) = match a.iter().rposition(|&b| b == AT) {
                Some(at) => (Some(&a[..at]), &a[at + 1..]),
                None => (None, a),
            };
            let from = match hostport.first() {
                Some(&OPEN) => hostport.iter().position(|&b| b == CLOSE).unwrap_or(hostport.len()),
                _ => 0,
            };
            let colon = hostport[from..].iter().position(|&b| b == COLON).map(|c| from + c);
            let (host, port) = match colon {
                Some(c) => (&hostport[..c], Some(&hostport[c + 1..])),
                None => (hostport, None),
            };
            AuthorityParts { userinfo, host: Some(host), port }
        }
        let alphabet = b"@:[]a";
        for len in 0..=6u32 {
            for mut k in 0..alphabet.len().pow(len) {
                let a: Vec<u8> = (0..len)
                    .map(|_| {
                        let b = alphabet[k % alphabet.len()];
                        k /= alphabet.len();
                        b
                    })
                    .collect();
                assert_eq!(authority_parts(Some(&a)), defined(&a), "{:?}", String::from_utf8_lossy(&a));
            }
        }
    }
}
