//! The walker for the tagged DFAs that `build.rs` generates: one loop shared by
//! every grammar (RFC 3986 strict, the Appendix B split, ...). It knows only
//! the table layout, nothing of any grammar.
//!
//! Each transition is one packed `u32`, laid out and unpacked as the
//! `uriscan-layout` crate defines (the generator packs with the same crate):
//! the target state premultiplied by the class count, the index of its tag
//! operations, and the target's self-loop field. After a transition into a state with a
//! self-loop, the walker skips the whole run of bytes that keep it there (a
//! path, a query, a host name) before it looks at the transition table again;
//! after a transition into a *triplet* state (one the generator found to
//! begin a two-byte excursion back to a self-loop state, such as `"%" HEXDIG
//! HEXDIG` inside a path), it steps over the two bytes with table tests,
//! then skips the run of the state the triplet returns to together with the
//! whole triplets it may hold (`%C3%A9b%C3%A9` is one run of a path segment;
//! see `src/simd.rs`).
//! Tag operations, acceptance's included, are generated code (`apply`), so
//! they compile to a few stores with constant indices.

// Indexing here is table lookup: a byte indexes 256-entry tables, and every
// other index (states, op lists, self-loop sets, contexts) comes out of the
// generated tables themselves, whose consistency tests/codegen.rs and every
// data-driven test check; an out-of-range index would be a generator bug,
// never something input can cause.
#![allow(clippy::indexing_slicing)]

use crate::simd::{Skip, WithSkip};
use uriscan_layout as layout;

/// A generated automaton: its tables, and its tag operations as code.
pub(crate) trait Tables {
    /// The error-context type (for example `ErrorKind`).
    type Context: Copy + 'static;
    /// The mark type (for example `HostKind`).
    type Mark: Copy + 'static;
    /// The registers (`[u32; NREGS]`).
    type Regs;
    /// The tags (`[u32; NTAGS]`).
    type Tags;
    const NCLASSES: usize;
    /// The mark of each mark tag (the tags after the captures), outermost first.
    const MARKS: &'static [Self::Mark];
    const STARTS: &'static [u32];
    const CLASSES: &'static [u8; 256];
    const TRANS: &'static [u32];
    const FINAL: &'static [u16];
    const CONTEXT: &'static [Self::Context];
    const ACCEL_LUT: &'static [[u8; 256]];
    const ACCEL_NIBBLES: &'static [[u8; 32]];
    const ACCEL_HIGH: &'static [u8];
    /// Self-loop field values from this one on name triplets, not sets.
    const TRIPLET_BASE: u32;
    /// Per triplet: the `layout::TRIPLET_*` bits of each byte.
    const TRIPLET_LUT: &'static [[u8; 256]];
    /// Per triplet: the state it returns to, packed like `TRANS`.
    const TRIPLET_TO: &'static [u32];
    /// Per self-loop set: the triplet its runs may hold (`layout::ext_triplet`).
    const ACCEL_EXT: &'static [u8];
    /// Per triplet: nibble tables of its leading, first and second bytes.
    const TRIPLET_NIBBLES: &'static [[[u8; 32]; 3]];
    /// Registers, all unset.
    fn new_regs() -> Self::Regs;
    /// Runs operation list `list` at position `pos`. Run with the input's
    /// length, the list of an accepting state's `FINAL` entry moves the tag
    /// values into their home registers (tag `k` in register `k`).
    fn apply(list: u32, pos: u32, regs: &mut Self::Regs);
    /// The tag values, once `finish` has run (for the tests, which compare
    /// the Appendix B split with its automaton).
    #[cfg_attr(not(test), allow(dead_code))]
    fn tags(regs: &Self::Regs) -> Self::Tags;
}

/// The value of an unset tag or register.
pub(crate) const NONE: u32 = u32::MAX;

/// Where the automaton stopped without accepting.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Stop<C> {
    /// Index of the byte with no transition, or the input length.
    pub index: usize,
    /// Context of the last live state.
    pub context: C,
}

/// Self-loop set `acc` (1-based) of `T`, in the forms the skipper wants.
#[inline(always)]
fn set<T: Tables>(acc: u32) -> crate::simd::Set<'static> {
    let k = layout::run_set(acc);
    crate::simd::Set {
        lut: &T::ACCEL_LUT[layout::lut_row(k)],
        bit: layout::lut_bit(k),
        nibbles: &T::ACCEL_NIBBLES[k],
        high: T::ACCEL_HIGH[k],
        ext: None,
    }
}

/// [`set`] with the triplets its runs may hold, if any. (Runs are skipped
/// without them until the walker meets a triplet: looking for triplets at
/// every stop costs the runs without any; measured.)
#[inline(always)]
fn set_with_triplets<T: Tables>(acc: u32) -> crate::simd::Set<'static> {
    let k = layout::run_set(acc);
    crate::simd::Set {
        ext: layout::ext_triplet(T::ACCEL_EXT[k])
            .map(|t| crate::simd::Ext { lut: &T::TRIPLET_LUT[t], nibbles: &T::TRIPLET_NIBBLES[t] }),
        ..set::<T>(acc)
    }
}

/// Runs entry `entry` of `T` over `input`, which must be shorter than
/// `u32::MAX` bytes (the caller checks). Returns the tag values.
///
/// Never panics: table indices come from the tables themselves, which the
/// generator's tests keep consistent, and input bytes index 256-entry tables.
#[cfg(test)]
pub(crate) fn run<T: Tables>(input: &[u8], entry: usize) -> Result<T::Tags, Stop<T::Context>> {
    run_then::<T, T::Tags, _>(input, entry, T::tags)
}

/// [`run`], then `then` on the registers (tag `k` in register `k`), in the
/// same call (so that the caller's result is built where the walk ends, not
/// copied out of it).
#[inline]
pub(crate) fn run_then<T: Tables, O, F: FnOnce(&T::Regs) -> O>(
    input: &[u8],
    entry: usize,
    then: F,
) -> Result<O, Stop<T::Context>> {
    crate::simd::dispatch(Job::<T, F>(input, entry, then, core::marker::PhantomData))
}

struct Job<'a, T, F>(&'a [u8], usize, F, core::marker::PhantomData<T>);

impl<T: Tables, O, F: FnOnce(&T::Regs) -> O> WithSkip for Job<'_, T, F> {
    type Out = Result<O, Stop<T::Context>>;

    #[inline(always)]
    fn call<S: Skip>(self, skipper: S) -> Self::Out {
        let Job(input, entry, then, _) = self;
        let mut regs_mem = T::new_regs();
        // Keep the registers in memory: scalarized, they would all be live
        // across the loop and shuffled at every transition.
        let regs = core::hint::black_box(&mut regs_mem);
        walk::<T, S>(input, entry, regs, skipper)?;
        Ok(then(regs))
    }
}

/// Walks `input` from entry `entry`; `regs` must be all unset. On acceptance
/// the tag values are in their home registers.
#[inline(always)]
fn walk<T: Tables, S: Skip>(
    input: &[u8],
    entry: usize,
    regs: &mut T::Regs,
    skipper: S,
) -> Result<(), Stop<T::Context>> {
    let e = T::STARTS[entry];
    let mut s = layout::target(e);
    let mut i = 0usize;
    if layout::self_loop(e) != 0 {
        i = enter::<T, S>(input, i, layout::self_loop(e), &mut s, skipper);
    }
    while let Some(&b) = input.get(i) {
        let e = T::TRANS[s + T::CLASSES[b as usize] as usize];
        let list = layout::ops(e);
        if list != 0 {
            T::apply(list, i as u32, regs);
        }
        let t = layout::target(e);
        if t == 0 {
            return Err(Stop { index: i, context: T::CONTEXT[s / T::NCLASSES] });
        }
        s = t;
        i += 1;
        if layout::self_loop(e) != 0 {
            i = enter::<T, S>(input, i, layout::self_loop(e), &mut s, skipper);
        }
    }
    let st = s / T::NCLASSES;
    match layout::accept_list(T::FINAL[st]) {
        Some(list) => {
            T::apply(u32::from(list), input.len() as u32, regs);
            Ok(())
        }
        None => Err(Stop { index: input.len(), context: T::CONTEXT[st] }),
    }
}

/// Entering a state whose self-loop field is `acc` (non-zero) at `i`: skips
/// its run, or, for a triplet state, steps over the triplet's two bytes when
/// they fit, then skips the run of the state the triplet returns to, with
/// the triplets that run may hold (`%E6%97%A5` and the text around it, in
/// SIMD blocks), and `s` is updated. Returns the next position.
#[inline(always)]
fn enter<T: Tables, S: Skip>(input: &[u8], i: usize, acc: u32, s: &mut usize, skipper: S) -> usize {
    if acc < T::TRIPLET_BASE {
        return skipper.skip(input, i, set::<T>(acc));
    }
    let k = (acc - T::TRIPLET_BASE) as usize;
    let lut = &T::TRIPLET_LUT[k];
    let back = T::TRIPLET_TO[k];
    // In the triplet's start state at `i`.
    match (input.get(i), input.get(i + 1)) {
        (Some(&b1), Some(&b2))
            if lut[b1 as usize] & layout::TRIPLET_FIRST != 0 && lut[b2 as usize] & layout::TRIPLET_SECOND != 0 =>
        {
            *s = layout::target(back);
            skipper.skip(input, i + 2, set_with_triplets::<T>(layout::self_loop(back)))
        }
        _ => i,
    }
}
