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

/// [`validate`] over many inputs: `each` gets every item back, in order,
/// with its result. The inputs are walked two at a time in lockstep
/// ([`validate_pair`]), so the next item is taken before this one is
/// handed back; an odd last one is walked beside an empty input.
///
/// Never panics.
#[inline]
pub(crate) fn validate_each<X, I, G>(mut inputs: I, syntax: Syntax, mut each: G)
where
    X: AsRef<[u8]>,
    I: Iterator<Item = X>,
    G: FnMut(X, Result<(), ParseError>),
{
    while let Some(x) = inputs.next() {
        let Some(y) = inputs.next() else {
            let [r, _] = validate_pair(syntax, [x.as_ref(), &[]], NONE as usize);
            each(x, r);
            return;
        };
        let [p, q] = validate_pair(syntax, [x.as_ref(), y.as_ref()], NONE as usize);
        each(x, p);
        each(y, q);
    }
}

/// [`validate`] of two inputs in lockstep (`automaton::run_pair`): each
/// one's loads overlap the other's. An input `limit` long or longer is not
/// walked: it is [too long](ErrorKind::TooLong). (`limit` is `NONE` but in
/// the tests.)
///
/// Never panics. (Out of line and not generic: the lockstep walk is
/// compiled once per validator and instruction set, here, not in every
/// batch loop that calls it; see `run_pair`.)
#[inline(never)]
pub(crate) fn validate_pair(syntax: Syntax, inputs: [&[u8]; 2], limit: usize) -> [Result<(), ParseError>; 2] {
    let entry = syntax.entry();
    let [p, q] = with_validator!(syntax.grammar(), T => crate::automaton::run_pair::<T>(inputs, entry, limit));
    let result = |x: &[u8], r: Option<Result<(), Stop<ErrorKind>>>| match r {
        Some(Ok(())) => Ok(()),
        Some(Err(s)) => Err(stopped(x, s)),
        None => Err(too_long(x)),
    };
    let [a, b] = inputs;
    [result(a, p), result(b, q)]
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Inputs of every kind for the validators: valid and invalid, empty,
    /// shorter and longer than a block, percent-encoded and not UTF-8.
    const INPUTS: [&[u8]; 10] = [
        b"http://a/b?c#d",
        b"",
        b"a b",
        b"http://[::1",
        b"//example.com/path/with/enough/bytes/for/a/block?and=a&query#frag",
        b"/%C3%A9t%C3%A9/%E6%97%A5%E6%9C%AC/%zz",
        b"caf\xC3\xA9",
        b"\xFF",
        b"https://host.example/a/long/path/that/is/valid/in/every/grammar",
        b"%",
    ];

    /// A pair gives each input [`validate`]'s result, with a length limit
    /// the too-long error: for every syntax and every ordered pair.
    #[test]
    fn pairs_equal_single_validation() {
        let mut n = 0;
        for &syntax in Syntax::ALL {
            for a in INPUTS {
                for b in INPUTS {
                    let got = validate_pair(syntax, [a, b], NONE as usize);
                    assert_eq!(got, [validate(a, syntax), validate(b, syntax)], "{syntax}: {a:?} {b:?}");
                    let limited = validate_pair(syntax, [a, b], 20);
                    for (r, x) in limited.into_iter().zip([a, b]) {
                        let want = if x.len() >= 20 { Err(too_long(x)) } else { validate(x, syntax) };
                        assert_eq!(r, want, "{syntax}: {x:?} limited");
                        n += 1;
                    }
                }
            }
        }
        assert!(n > 1000, "{n}");
    }

    /// The batch hands every item back once, in order, with [`validate`]'s
    /// result: for batches of every length from 0 to 9 (odd and even).
    #[test]
    fn batches_equal_single_validation() {
        for &syntax in Syntax::ALL {
            for len in 0..=9 {
                let items: Vec<(usize, &[u8])> = INPUTS.iter().copied().cycle().take(len).enumerate().collect();
                let mut got = Vec::new();
                validate_each(items.iter().copied().map(Item), syntax, |Item((k, _)), r| got.push((k, r)));
                let want: Vec<_> = items.iter().map(|&(k, b)| (k, validate(b, syntax))).collect();
                assert_eq!(got, want, "{syntax}: {len}");
            }
        }
    }

    /// A batch item: its index and bytes.
    struct Item<'a>((usize, &'a [u8]));

    impl AsRef<[u8]> for Item<'_> {
        fn as_ref(&self) -> &[u8] {
            self.0 .1
        }
    }
}
