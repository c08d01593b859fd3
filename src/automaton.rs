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
//! see `src/simd/`). Where a run stops at a byte >= 0x80 and the
//! generator found characters that lead the state back to itself (RFC
//! 3987's `ucschar` inside an `ipath`, `iquery`, ...: `UTF8_RANGES`), the
//! skipper takes the characters whose leading byte leads only characters
//! of the set (`UTF8_LEADS`: Latin, Greek, Cyrillic, Arabic, CJK, ...) into
//! its SIMD blocks, and the walker steps over the other characters of the
//! set one at a time and skips on, so `/wiki/日本_語` stays one run; a
//! character outside the set is walked byte by byte, and refused where the
//! tables refuse it.
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

pub(crate) use uriscan_layout::Tables;

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
        lut: &T::AUTOMATON.accels.lut[layout::lut_row(k)],
        slot: layout::lut_slot(k),
        nibbles: &T::AUTOMATON.accels.nibbles[k],
        // A constant where no set holds bytes >= 0x80 (RFC 3986, 3987, ...):
        // the skipper's tests of it then compile away, at every run and
        // in every block (measured).
        high: if T::AUTOMATON.accels.any_high { T::AUTOMATON.accels.high[k] } else { layout::HIGH_NONE },
        ext: None,
        utf8: utf8_leads::<T>(k),
    }
}

/// The safe leading bytes of the UTF-8 characters the runs of run set `k`
/// may hold, if any. (An ASCII grammar has none: this compiles to `None`.)
#[inline(always)]
fn utf8_leads<T: Tables>(k: usize) -> Option<&'static [u8; 32]> {
    if T::AUTOMATON.accels.utf8_leads.is_empty() {
        return None;
    }
    // Row `u - 1`; `u` is 0 for a set without UTF-8, which wraps past
    // every row (one compare where a test for 0 and a bounds check were
    // two; measured).
    let u = T::AUTOMATON.accels.utf8[k] as usize;
    T::AUTOMATON.accels.utf8_leads.get(u.wrapping_sub(1))
}

/// [`set`] with the triplets its runs may hold, if any. (Runs are skipped
/// without them until the walker meets a triplet: looking for triplets at
/// every stop costs the runs without any; measured.)
#[inline(always)]
fn set_with_triplets<T: Tables>(acc: u32) -> crate::simd::Set<'static> {
    let k = layout::run_set(acc);
    crate::simd::Set {
        ext: layout::ext_triplet(T::AUTOMATON.accels.ext[k]).map(|t| crate::simd::Ext {
            lut: &T::AUTOMATON.accels.triplet_lut[t],
            nibbles: &T::AUTOMATON.accels.triplet_nibbles[t],
            repeats: T::AUTOMATON.accels.triplet_repeats,
        }),
        ..set::<T>(acc)
    }
}

/// Every run set of `T` in the forms the walker skips with: alone, and
/// with the triplets its runs may hold (for the twin check of
/// `oracle::skip_twin_disagreement_bytes`).
#[cfg(feature = "oracle")]
pub(crate) fn run_sets<T: Tables>() -> impl Iterator<Item = crate::simd::Set<'static>> {
    (0..T::AUTOMATON.accels.nibbles.len()).flat_map(|k| {
        let acc = layout::run_field(k);
        [set::<T>(acc), set_with_triplets::<T>(acc)]
    })
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
        let mut regs = T::new_regs();
        // Keep the registers in memory: scalarized, they would all be live
        // across the loop and shuffled at every transition. (Their address
        // escapes, so they stay in memory; the walk still knows where they
        // are, so it needs no register for a pointer to them.)
        core::hint::black_box(&mut regs);
        walk_by_length::<T, S>(input, entry, &mut regs, skipper)?;
        Ok(then(&regs))
    }
}

/// [`run_then`] over many inputs in one dispatched call: the skipper is
/// chosen, and the AVX2 code entered, once for the whole batch. For each
/// item, in order, `each` gets the item back with `None` when its bytes are
/// `limit` long or longer (not walked), else the walk's result: the
/// registers (tag `k` in register `k`) or where it stopped. (`limit` is
/// `NONE` for every caller, the most a `u32` offset describes; as a
/// parameter rather than the constant in the loop it measured 3 instructions
/// per URL fewer, by code layout alone.)
#[inline]
pub(crate) fn run_each<T, X, I, G>(inputs: I, entry: usize, limit: usize, each: G)
where
    T: Tables,
    X: AsRef<[u8]>,
    I: Iterator<Item = X>,
    G: FnMut(X, Option<Result<&T::Regs, Stop<T::Context>>>),
{
    crate::simd::dispatch(EachJob::<T, I, G> { inputs, entry, limit, each, tables: core::marker::PhantomData })
}

struct EachJob<T, I, G> {
    inputs: I,
    entry: usize,
    limit: usize,
    each: G,
    tables: core::marker::PhantomData<T>,
}

impl<T, X, I, G> WithSkip for EachJob<T, I, G>
where
    T: Tables,
    X: AsRef<[u8]>,
    I: Iterator<Item = X>,
    G: FnMut(X, Option<Result<&T::Regs, Stop<T::Context>>>),
{
    type Out = ();

    #[inline(always)]
    fn call<S: Skip>(self, skipper: S) {
        let EachJob { inputs, entry, limit, mut each, .. } = self;
        for x in inputs {
            let input = x.as_ref();
            if input.len() >= limit {
                each(x, None);
                continue;
            }
            let mut regs = T::new_regs();
            core::hint::black_box(&mut regs);
            let r = walk_by_length::<T, S>(input, entry, &mut regs, skipper).map(|()| &regs);
            each(x, Some(r));
        }
    }
}

/// [`walk`] by one of its two copies: the one for inputs that hold a whole
/// 32-byte block, or the general one. (Instructions per URL: −6 strict on
/// kasztp.txt, −24 validating it one by one, −7 in a batch, −43 per IRI
/// and −37 in a batch; the code of `examples/compare` grows by about
/// 140 KB; measured.)
#[inline(always)]
fn walk_by_length<T: Tables, S: Skip>(
    input: &[u8],
    entry: usize,
    regs: &mut T::Regs,
    skipper: S,
) -> Result<(), Stop<T::Context>> {
    if input.len() >= 32 {
        walk::<T, S, 32>(input, entry, regs, skipper)
    } else {
        walk::<T, S, 0>(input, entry, regs, skipper)
    }
}

/// Walks `input` from entry `entry`; `regs` must be all unset. On acceptance
/// the tag values are in their home registers.
#[inline(always)]
fn walk<T: Tables, S: Skip, const MIN: usize>(
    input: &[u8],
    entry: usize,
    regs: &mut T::Regs,
    skipper: S,
) -> Result<(), Stop<T::Context>> {
    // `MIN` (0 or 32) is a length the caller has checked the input has:
    // the copy of the walk for `MIN = 32` then knows it at every run, and
    // its skipper's tests of the length compile away. (Should the promise
    // not hold, the general copy walks the input.)
    if input.len() < MIN {
        return walk::<T, S, 0>(input, entry, regs, skipper);
    }
    let mut c = begin::<T>(entry);
    run_out::<T, S>(input, &mut c, regs, skipper)
}

/// Where a walk is: the position of the next byte, the state (premultiplied
/// by the class count), whether it has met a triplet (see [`enter`]), and
/// the self-loop field of the state it has just entered (0 for none): the
/// run that [`step`] skips first.
struct Cursor {
    i: usize,
    s: usize,
    seen: bool,
    acc: u32,
}

/// The start of a walk of `input` from entry `entry`: its state, whose run
/// the first [`step`] skips.
#[inline(always)]
fn begin<T: Tables>(entry: usize) -> Cursor {
    let e = T::AUTOMATON.starts[entry];
    Cursor { i: 0, s: layout::target(e), seen: false, acc: layout::self_loop(e) }
}

/// The rest of the walk at `c`: [`step`] until it is over.
#[inline(always)]
fn run_out<T: Tables, S: Skip>(
    input: &[u8],
    c: &mut Cursor,
    regs: &mut T::Regs,
    skipper: S,
) -> Result<(), Stop<T::Context>> {
    loop {
        if let Some(r) = step::<T, S>(input, c, regs, skipper) {
            return r;
        }
    }
}

/// One step of the walk at `c`: the run of the state it has just entered,
/// if any, then the transition on the next byte, or, at the end of the
/// input, acceptance. `Some` with the walk's result when it is over: `Ok`
/// on acceptance (the tag values in their home registers), else where it
/// stopped. (The run is skipped at the start of a step rather than at the
/// end of the one before, so that a walk holds one copy of [`enter`]: the
/// start's run is the first step's.)
#[inline(always)]
fn step<T: Tables, S: Skip>(
    input: &[u8],
    c: &mut Cursor,
    regs: &mut T::Regs,
    skipper: S,
) -> Option<Result<(), Stop<T::Context>>> {
    if c.acc != 0 {
        c.i = enter::<T, S>(input, c.i, c.acc, &mut c.s, &mut c.seen, skipper);
    }
    let Some(&b) = input.get(c.i) else {
        let st = state_number::<T>(c.s);
        return Some(match layout::accept_list(T::AUTOMATON.finals[st]) {
            Some(list) => {
                T::apply(u32::from(list), input.len() as u32, regs);
                Ok(())
            }
            None => Err(Stop { index: input.len(), context: T::AUTOMATON.contexts[st] }),
        });
    };
    let e = T::AUTOMATON.trans[c.s + T::AUTOMATON.classes[b as usize] as usize];
    let list = layout::ops(e);
    if list != 0 {
        T::apply(list, c.i as u32, regs);
    }
    let t = layout::target(e);
    if t == 0 {
        return Some(Err(Stop { index: c.i, context: T::AUTOMATON.contexts[state_number::<T>(c.s)] }));
    }
    c.s = t;
    c.i += 1;
    c.acc = layout::self_loop(e);
    None
}

/// The number of state `s` (premultiplied by the class count `n`: a
/// multiple of it), `s / n` computed as an exact division: a shift by
/// `n`'s trailing zeros, then one multiplication by the inverse of its odd
/// part modulo 2^32 (a division by a constant is about eight instructions;
/// measured at acceptance). States fit in 16 bits (`layout::target`).
#[inline(always)]
fn state_number<T: Tables>(s: usize) -> usize {
    let (shift, inverse) = const { exact_divisor(T::AUTOMATON.nclasses) };
    ((s as u32) >> shift).wrapping_mul(inverse) as usize
}

/// The shift and multiplier of an exact division by `n` (non-zero): `n`'s
/// trailing zeros, and the inverse of its odd part modulo 2^32 (Newton's
/// iteration `x (2 - d x)` doubles the correct low bits; `d` itself is right
/// to 3 bits, since `d d = 1 mod 8` for odd `d`).
const fn exact_divisor(n: usize) -> (u32, u32) {
    let n = if n == 0 { 1 } else { n as u32 };
    let shift = n.trailing_zeros();
    let d = n >> shift;
    let mut x = d;
    let mut k = 0;
    while k < 5 {
        x = x.wrapping_mul(2u32.wrapping_sub(d.wrapping_mul(x)));
        k += 1;
    }
    (shift, x)
}

/// Entering a state whose self-loop field is `acc` (non-zero) at `i`: skips
/// its run, or, for a triplet state, steps over the triplet's two bytes when
/// they fit, then skips the run of the state the triplet returns to, with
/// the triplets that run may hold (`%E6%97%A5` and the text around it, in
/// SIMD blocks), and `s` is updated. Returns the next position.
///
/// `seen` says whether the walk has met a triplet in this input: from then
/// on every run is skipped with the triplets it may hold, so that a run that
/// stops at `%` does not leave the SIMD blocks for a transition. (Before the
/// first one, runs are skipped without them: on the ASCII lists a triplet
/// test at every run's end cost 11–20 % more instructions and up to 10 %
/// more time, and always skipping with triplets saved 22–27 % of the time
/// of a percent-encoded list; this costs 2–5 % more instructions on the
/// ASCII lists, no time measurable there, and saves 10–12 % of the time on
/// the percent-encoded list. Measured.)
#[inline(always)]
fn enter<T: Tables, S: Skip>(input: &[u8], i: usize, acc: u32, s: &mut usize, seen: &mut bool, skipper: S) -> usize {
    if acc < T::AUTOMATON.accels.triplet_base {
        if *seen {
            let i = skipper.skip(input, i, set_with_triplets::<T>(acc));
            return utf8_runs::<T, S, _>(input, i, acc, skipper, set_with_triplets::<T>);
        }
        let i = skipper.skip(input, i, set::<T>(acc));
        return utf8_runs::<T, S, _>(input, i, acc, skipper, set::<T>);
    }
    *seen = true;
    let k = (acc - T::AUTOMATON.accels.triplet_base) as usize;
    let lut = &T::AUTOMATON.accels.triplet_lut[k];
    let back = T::AUTOMATON.accels.triplet_to[k];
    // In the triplet's start state at `i`.
    match (input.get(i), input.get(i + 1)) {
        (Some(&b1), Some(&b2))
            if lut[b1 as usize] & layout::TRIPLET_FIRST != 0 && lut[b2 as usize] & layout::TRIPLET_SECOND != 0 =>
        {
            *s = layout::target(back);
            let acc = layout::self_loop(back);
            let i = skipper.skip(input, i + 2, set_with_triplets::<T>(acc));
            utf8_runs::<T, S, _>(input, i, acc, skipper, set_with_triplets::<T>)
        }
        _ => i,
    }
}

/// Where a run of self-loop set `acc` stopped at `i`: when the set's runs
/// may hold UTF-8 (`T::AUTOMATON.accels.utf8`), steps over the characters that keep
/// the state where it is and skips the run after them, as long as that
/// gets anywhere. Returns where the walker goes on byte by byte: the first
/// byte that is in neither, so a character outside the set (or bytes that
/// are not UTF-8) are walked, and refused, by the tables as before.
#[inline(always)]
fn utf8_runs<T: Tables, S: Skip, R: Fn(u32) -> crate::simd::Set<'static>>(
    input: &[u8],
    mut i: usize,
    acc: u32,
    skipper: S,
    run: R,
) -> usize {
    // An ASCII grammar has no UTF-8 run sets: this compiles away.
    let non_ascii = |i: usize| input.get(i).is_some_and(|&b| b >= 0x80);
    if T::AUTOMATON.accels.utf8_ranges.is_empty() || !non_ascii(i) {
        return i;
    }
    let u = T::AUTOMATON.accels.utf8[layout::run_set(acc)] as usize;
    if u == 0 {
        return i;
    }
    let (full, ranges) = (&T::AUTOMATON.accels.utf8_full[u - 1], T::AUTOMATON.accels.utf8_ranges[u - 1]);
    loop {
        let j = utf8_run(input, i, full, ranges);
        if j == i {
            return i;
        }
        i = skipper.skip(input, j, run(acc));
        if !non_ascii(i) {
            return i;
        }
    }
}

/// The end of the characters from `i` on that are well-formed UTF-8 and in
/// the set (`full`: the wholly included 64-code-point blocks of the BMP;
/// `ranges`: all of it); `i` itself when the first is not.
#[inline]
pub(crate) fn utf8_run(input: &[u8], mut i: usize, full: &[u64; 16], ranges: &[(u32, u32)]) -> usize {
    let cont = |k: usize| input.get(k).map(|&b| u32::from(b) ^ 0x80).filter(|&v| v < 0x40);
    loop {
        let Some(&b0) = input.get(i) else { return i };
        let (c, n) = match b0 {
            0xC2..=0xDF => match cont(i + 1) {
                Some(c1) => (u32::from(b0 & 0x1F) << 6 | c1, 2),
                None => return i,
            },
            0xE0..=0xEF => match (cont(i + 1), cont(i + 2)) {
                (Some(c1), Some(c2)) => (u32::from(b0 & 0x0F) << 12 | c1 << 6 | c2, 3),
                _ => return i,
            },
            0xF0..=0xF4 => match (cont(i + 1), cont(i + 2), cont(i + 3)) {
                (Some(c1), Some(c2), Some(c3)) => (u32::from(b0 & 0x07) << 18 | c1 << 12 | c2 << 6 | c3, 4),
                _ => return i,
            },
            _ => return i,
        };
        // Overlong forms, surrogates and values above U+10FFFF are in no
        // set: the generator walks well-formed UTF-8 only.
        let well_formed = match n {
            3 => c >= 0x800 && !(0xD800..=0xDFFF).contains(&c),
            4 => (0x1_0000..=0x10_FFFF).contains(&c),
            _ => true,
        };
        if !well_formed || !utf8_contains(full, ranges, c) {
            return i;
        }
        i += n;
    }
}

/// Whether code point `c` is in the UTF-8 run set (`full`, `ranges`).
#[inline(always)]
fn utf8_contains(full: &[u64; 16], ranges: &[(u32, u32)], c: u32) -> bool {
    let block = (c >> 6) as usize;
    if block < 1024 && full[block / 64] >> (block % 64) & 1 != 0 {
        return true;
    }
    let k = ranges.partition_point(|&(_, hi)| hi < c);
    ranges.get(k).is_some_and(|&(lo, _)| lo <= c)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::rfc3987 as t;

    /// The exact division gives `s / n` for every class count `n` up to 256
    /// and every multiple `s` of it that a 16-bit state field holds.
    #[test]
    fn exact_division_gives_the_state_number() {
        for n in 1..=256usize {
            let (shift, inverse) = exact_divisor(n);
            for q in 0..=(usize::from(u16::MAX) / n) {
                assert_eq!(((q * n) as u32 >> shift).wrapping_mul(inverse) as usize, q, "{n} {q}");
            }
        }
        let (nclasses, states) = (t::NCLASSES, t::NSTATES);
        assert!((0..states).all(|q| state_number::<t::Tables>(q * nclasses) == q));
    }

    /// Every self-loop state of RFC 3987's automaton with the self-loop
    /// field of the transitions into it.
    fn run_states() -> std::collections::BTreeMap<usize, u32> {
        let fields = t::TRANS.iter().chain(&t::STARTS).chain(&t::TRIPLET_TO);
        fields
            .filter(|&&e| layout::target(e) != 0 && layout::self_loop(e) != 0 && layout::self_loop(e) < t::TRIPLET_BASE)
            .map(|&e| (layout::target(e), layout::self_loop(e)))
            .collect()
    }

    /// The state the bytes lead `s` to with no tag operation, if any.
    fn walk_bytes(s: usize, bytes: &[u8]) -> Option<usize> {
        bytes.iter().try_fold(s, |q, &b| {
            let e = t::TRANS[q + usize::from(t::CLASSES[usize::from(b)])];
            (layout::ops(e) == 0 && layout::target(e) != 0).then(|| layout::target(e))
        })
    }

    /// A UTF-8 run takes a character exactly when the tables lead its bytes
    /// from the state back to the state: for every self-loop state, every
    /// code point of the BMP and every 61st beyond it (with each plane's
    /// last ones).
    #[test]
    fn utf8_runs_take_exactly_the_characters_that_return_to_their_state() {
        let states = run_states();
        let mut with_utf8 = 0;
        for (&s, &acc) in &states {
            let u = usize::from(t::ACCEL_UTF8[layout::run_set(acc)]);
            with_utf8 += usize::from(u != 0);
            let chars = (0x80..=0x10_FFFFu32)
                .filter(|c| *c < 0x1_0000 || c % 61 == 0 || c & 0xFFFF >= 0xFFFC)
                .filter_map(char::from_u32);
            for c in chars {
                let mut buf = [0; 4];
                let bytes = c.encode_utf8(&mut buf).as_bytes();
                let tables = walk_bytes(s, bytes) == Some(s);
                let run = u != 0 && utf8_run(bytes, 0, &t::UTF8_FULL[u - 1], t::UTF8_RANGES[u - 1]) == bytes.len();
                assert_eq!(tables, run, "state {s}, U+{:04X}", c as u32);
            }
        }
        // The path, query and fragment states (and more) have UTF-8 runs.
        assert!(with_utf8 >= 4, "{with_utf8} of {} run states have UTF-8 runs", states.len());
    }

    /// A UTF-8 run never takes bytes that are not well-formed UTF-8
    /// (overlong forms, surrogates, values above U+10FFFF, stray or missing
    /// continuation bytes), and takes a character only whole.
    #[test]
    fn utf8_runs_take_well_formed_characters_only() {
        let (full, ranges) = (&t::UTF8_FULL[0], t::UTF8_RANGES[0]);
        let tails = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xF5, 0xFF];
        for b0 in 0x80..=0xFFu8 {
            for b1 in 0..=0xFFu8 {
                for &b2 in &tails {
                    for &b3 in &tails {
                        for len in 1..=4 {
                            let bytes = &[b0, b1, b2, b3][..len];
                            let j = utf8_run(bytes, 0, full, ranges);
                            let ok = core::str::from_utf8(&bytes[..j]);
                            assert!(ok.is_ok(), "{bytes:02X?} took {j}");
                            if let Some(c) = ok.ok().and_then(|s| s.chars().next()) {
                                assert!(ranges.iter().any(|&(lo, hi)| (lo..=hi).contains(&(c as u32))), "{bytes:02X?}");
                            }
                        }
                    }
                }
            }
        }
    }
}
