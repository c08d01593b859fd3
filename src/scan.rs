//! The strict scanner: runs the automaton of a [`Syntax`] (`tables.rs`) with
//! the walker (`automaton.rs`) and turns its tag values into [`Captures`].
//! Every URI syntax has its captures in the same slots (the generator puts
//! them there, the registry checks), so one function reads them for all.

use crate::automaton::{Stop, NONE};
use crate::error::{ErrorKind, ParseError};
use crate::grammar::Syntax;
use crate::host::HostKind;
use crate::tables::{with_tables, with_validator, NCAPTURES};
use uriscan_layout::Tables;

pub(crate) use crate::tables::{
    CAP_AUTHORITY, CAP_FRAGMENT, CAP_HOST, CAP_PATH, CAP_PORT, CAP_QUERY, CAP_SCHEME, CAP_USERINFO,
};

/// Component offsets of an accepted input: `pos[2c]..pos[2c + 1]` for
/// capture `c`, `NONE` when undefined; and which host alternative won.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Captures {
    pos: [u32; 2 * NCAPTURES],
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

/// Runs the automaton of `syntax` (its grammar's tables, from its entry)
/// over `input`.
///
/// Never panics. (Inlined always: with a constant `syntax`, as in
/// `UriRef::parse`, only its grammar's walker remains; measured.)
#[inline(always)]
pub(crate) fn scan(input: &[u8], syntax: Syntax) -> Result<Captures, ParseError> {
    let entry = syntax.entry();
    with_tables!(syntax.grammar(), T => scan_entry::<T>(input, entry))
}

/// Whether `input` matches `syntax`, by its validator: the automaton
/// without tags, which stops at the same byte with the same context as
/// [`scan`]'s and accepts the same inputs, but records no component.
///
/// Never panics. (Inlined always, as [`scan`].)
#[inline(always)]
pub(crate) fn validate(input: &[u8], syntax: Syntax) -> Result<(), ParseError> {
    let entry = syntax.entry();
    with_validator!(syntax.grammar(), T => validate_entry::<T>(input, entry))
}

/// Runs entry `entry` of the validator `T`.
#[inline(always)]
fn validate_entry<T: Tables<Context = ErrorKind>>(input: &[u8], entry: usize) -> Result<(), ParseError> {
    if input.len() >= NONE as usize {
        return Err(too_long(input));
    }
    crate::automaton::run_then::<T, (), _>(input, entry, |_| ()).map_err(|s| stopped(input, s))
}

/// [`scan`] over many inputs in one dispatched call (the skipper chosen and
/// the AVX2 code entered once): `each` gets every item back, in order, with
/// its result (the captures lent: a batch moves no copies of them around).
///
/// Never panics.
#[inline]
pub(crate) fn scan_each<X, I, G>(inputs: I, syntax: Syntax, each: G)
where
    X: AsRef<[u8]>,
    I: Iterator<Item = X>,
    G: FnMut(X, Result<&Captures, ParseError>),
{
    let entry = syntax.entry();
    with_tables!(syntax.grammar(), T => scan_each_entry::<T, _, _, _>(inputs, entry, each))
}

/// [`scan_entry`] over many inputs.
#[inline(always)]
fn scan_each_entry<T, X, I, G>(inputs: I, entry: usize, mut each: G)
where
    T: Tables<Context = ErrorKind, Mark = HostKind>,
    T::Regs: AsRef<[u32]>,
    X: AsRef<[u8]>,
    I: Iterator<Item = X>,
    G: FnMut(X, Result<&Captures, ParseError>),
{
    let mut caps = Captures { pos: [NONE; 2 * NCAPTURES], kind: None };
    crate::automaton::run_each::<T, X, I, _>(inputs, entry, NONE as usize, |x, r| match r {
        Some(Ok(regs)) => {
            captures_into::<T>(regs, &mut caps);
            each(x, Ok(&caps));
        }
        Some(Err(s)) => {
            let e = stopped(x.as_ref(), s);
            each(x, Err(e));
        }
        None => {
            let e = too_long(x.as_ref());
            each(x, Err(e));
        }
    });
}

/// [`validate`] over many inputs in one dispatched call: `each` gets every
/// item back, in order, with its result.
///
/// Never panics.
#[inline]
pub(crate) fn validate_each<X, I, G>(inputs: I, syntax: Syntax, mut each: G)
where
    X: AsRef<[u8]>,
    I: Iterator<Item = X>,
    G: FnMut(X, Result<(), ParseError>),
{
    let entry = syntax.entry();
    with_validator!(syntax.grammar(), T => crate::automaton::run_each::<T, X, I, _>(inputs, entry, NONE as usize, |x, r| {
        let r = match r {
            Some(Ok(_)) => Ok(()),
            Some(Err(s)) => Err(stopped(x.as_ref(), s)),
            None => Err(too_long(x.as_ref())),
        };
        each(x, r);
    }))
}

/// Runs entry `entry` of `T`.
#[inline(always)]
fn scan_entry<T>(input: &[u8], entry: usize) -> Result<Captures, ParseError>
where
    T: Tables<Context = ErrorKind, Mark = HostKind>,
    T::Regs: AsRef<[u32]>,
{
    if input.len() >= NONE as usize {
        return Err(too_long(input));
    }
    crate::automaton::run_then::<T, Captures, _>(input, entry, captures::<T>).map_err(|s| stopped(input, s))
}

/// The error of a walk over `input` that stopped at `s`.
#[inline(always)]
fn stopped(input: &[u8], s: Stop<ErrorKind>) -> ParseError {
    ParseError { index: s.index, kind: s.context, found: input.get(s.index).copied() }
}

#[cold]
fn too_long(input: &[u8]) -> ParseError {
    ParseError { index: input.len(), kind: ErrorKind::TooLong, found: None }
}

/// The captures of the tag values of an accepted input (tag `k` in register
/// `k`). The host kind is the first mark that is set: marks set together
/// are nested, and the generator puts the outer one first (`marks`).
/// (Out of line: inlined into the walker, it costs the hot loop registers;
/// measured.)
#[inline(never)]
fn captures<T>(regs: &T::Regs) -> Captures
where
    T: Tables<Mark = HostKind>,
    T::Regs: AsRef<[u32]>,
{
    let mut caps = Captures { pos: [NONE; 2 * NCAPTURES], kind: None };
    captures_into::<T>(regs, &mut caps);
    caps
}

/// [`captures`] into `caps` (a batch reuses one).
#[inline(always)]
fn captures_into<T>(regs: &T::Regs, caps: &mut Captures)
where
    T: Tables<Mark = HostKind>,
    T::Regs: AsRef<[u32]>,
{
    let tags = regs.as_ref();
    if let Some(t) = tags.get(..2 * NCAPTURES) {
        caps.pos.copy_from_slice(t);
    }
    let set = tags.get(2 * NCAPTURES..).unwrap_or_default();
    caps.kind = T::AUTOMATON.marks.iter().zip(set).find(|(_, &t)| t != NONE).map(|(m, _)| *m);
}
