//! Skipping runs of bytes that keep the automaton in one state: the only
//! module with `unsafe` code, beside its scalar twin. Every skipper answers
//! the same question for every input: the index of the first byte at or
//! after `i` that is not in the set (or the length).
//!
//! The set is given twice, as the generator emits it: a 256-entry bit table
//! (`lut`, `bit`) for the scalar loop, and nibble tables for `pshufb` (an
//! ASCII byte `b` is in the set when `lo[b & 15] & hi[b >> 4] != 0`) plus what
//! to do with bytes `>= 0x80` (`high`: none, all, or some of them are in,
//! which SIMD cannot express, so the scalar loop runs). Both forms are laid
//! out as the `uriscan-layout` crate defines, for the generator and for
//! [`ConstSet`] alike. A run may also hold whole triplets (`%C3` in a path)
//! and whole UTF-8 characters whose leading byte is safe (in an IRI's path):
//! the blocks classify those too, and every skipper steps over them.
//!
//! The layout, one file per job:
//!
//! - this file: the sets, the scalar twin ([`skip_scalar`], [`eq4_scalar`]),
//!   the [`Skip`] trait every skipper implements, and [`dispatch`], the one
//!   place that picks the instruction set (detected once at run time);
//! - `blocks.rs`: the block algorithms (stops, the triplet and UTF-8
//!   covers, the skip, the delimiter masks), written once over the
//!   [`blocks::Vector`] trait, whose methods are `#[inline(always)]`;
//! - one module per instruction set, each a vector type implementing
//!   `Vector`, a token that proves the CPU has the set, and its `Skip`:
//!   `avx2.rs` (32-byte blocks, and 16-byte ones for inputs of 16 to 31
//!   bytes) and `sse.rs` (SSSE3, 16-byte blocks, for x86-64 CPUs without
//!   AVX2; its vector type also serves AVX2's 16-byte blocks);
//! - `tests.rs`: every skipper against the scalar twin.
//!
//! A new instruction set (NEON on aarch64, say) is one more such module: a
//! 16-lane vector type whose `movemask` gives one bit per lane (NEON has
//! no such instruction: the usual AND with lane weights and pairwise add),
//! `pshufb`'s lookup (`vqtbl1q_u8`, which also gives 0 for an index of 16
//! or more, as the algorithms need for the high nibbles), a token, and a
//! line in [`dispatch`] and [`Isa`]. None is written: these machines cannot
//! build or run one.
#![deny(unsafe_op_in_unsafe_fn)]

/// A self-loop set in both of its forms.
#[derive(Clone, Copy)]
#[cfg_attr(not(all(target_arch = "x86_64", feature = "std", not(feature = "force-scalar"))), allow(dead_code))]
pub(crate) struct Set<'t> {
    pub lut: &'t [u8; 256],
    /// The set's bit in `lut`: `1 << slot` (the shift rather than the bit,
    /// so that a skip that does not reach the scalar loop computes nothing
    /// for it; measured).
    pub slot: u8,
    pub nibbles: &'t [u8; 32],
    pub high: u8,
    /// Whole triplets the run may also hold, if any.
    pub ext: Option<Ext<'t>>,
    /// The leading bytes of the whole UTF-8 characters the run may also
    /// hold, if any ([`uriscan_layout::utf8_leads`]: every two- or
    /// three-byte character they lead is in the run's UTF-8 set).
    pub utf8: Option<&'t [u8; 32]>,
}

/// The length of the whole character of `leads` at `j` (2 or 3: a safe
/// leading byte and its continuation bytes), 0 when none starts there.
#[inline(always)]
fn utf8_char_at(input: &[u8], j: usize, leads: &[u8; 32]) -> usize {
    let Some(&b) = input.get(j) else { return 0 };
    let n = uriscan_layout::utf8_lead_len(leads, b);
    let cont = |k: usize| input.get(j + k).is_some_and(|&c| c & 0xC0 == 0x80);
    match n {
        2 if cont(1) => 2,
        3 if cont(1) && cont(2) => 3,
        _ => 0,
    }
}

/// A triplet a run may hold (`"%" HEXDIG HEXDIG` in a path): its byte
/// sets as the bits `TRIPLET_AGAIN` (the leading byte), `TRIPLET_FIRST` and
/// `TRIPLET_SECOND` of a 256-entry table, and as nibble tables (`[lead,
/// first, second]`, all ASCII). No leading byte is a first or second byte,
/// and no leading byte is in the run's own set (the generator checks both):
/// so a byte that leads a complete triplet is never inside another one, and
/// the triplets of a block can be found all at once.
#[derive(Clone, Copy)]
#[cfg_attr(not(all(target_arch = "x86_64", feature = "std", not(feature = "force-scalar"))), allow(dead_code))]
pub(crate) struct Ext<'t> {
    pub lut: &'t [u8; 256],
    pub nibbles: &'t [[u8; 32]; 3],
    /// The second bytes are the first bytes (`nibbles[2] == nibbles[1]`):
    /// a block classifies them once. (A constant of the grammar, so the
    /// test compiles away; false is always right, only slower.)
    pub repeats: bool,
}

impl Ext<'_> {
    /// Whether a complete triplet starts at `j`.
    #[inline(always)]
    fn at(&self, input: &[u8], j: usize) -> bool {
        use uriscan_layout::{TRIPLET_AGAIN, TRIPLET_FIRST, TRIPLET_SECOND};
        // Bytes index 256-entry tables: always in range.
        #[allow(clippy::indexing_slicing)]
        match (input.get(j), input.get(j + 1), input.get(j + 2)) {
            (Some(&a), Some(&b), Some(&c)) => {
                self.lut[a as usize] & TRIPLET_AGAIN != 0
                    && self.lut[b as usize] & TRIPLET_FIRST != 0
                    && self.lut[c as usize] & TRIPLET_SECOND != 0
            }
            _ => false,
        }
    }
}

impl Set<'_> {
    /// Whether byte `b` is in the set (the scalar table).
    #[inline(always)]
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    pub(crate) fn contains(&self, b: u8) -> bool {
        // A byte indexes a 256-entry table: always in range.
        #[allow(clippy::indexing_slicing)]
        let v = self.lut[b as usize];
        v >> self.slot & 1 != 0
    }
}

/// A self-loop set built at compile time from a [`ByteSet`](crate::ByteSet)
/// (for scans outside the generated automata: normalization, extraction).
#[cfg_attr(not(feature = "std"), allow(dead_code))]
pub(crate) struct ConstSet {
    lut: [u8; 256],
    nibbles: uriscan_layout::Nibbles,
}

#[cfg_attr(not(feature = "std"), allow(dead_code))]
impl ConstSet {
    /// The tables of `stay`, the bytes a run may hold, in both forms (the
    /// nibble tables as the generator builds them, `uriscan_layout::nibbles`).
    // Evaluated at compile time only: an index out of range fails the build.
    #[allow(clippy::indexing_slicing)]
    pub(crate) const fn new(stay: crate::ByteSet) -> ConstSet {
        let mut lut = [0u8; 256];
        let mut b = 0usize;
        while b < 256 {
            if stay.contains(b as u8) {
                lut[b] = 1;
            }
            b += 1;
        }
        ConstSet { lut, nibbles: uriscan_layout::nibbles(&stay.bits()) }
    }

    /// The set in the form the skippers take.
    pub(crate) const fn set(&'static self) -> Set<'static> {
        Set { lut: &self.lut, slot: 0, nibbles: &self.nibbles.table, high: self.nibbles.high, ext: None, utf8: None }
    }
}

/// The scalar twin: the first index `>= i` whose byte is not in the set
/// and does not start a complete triplet of `set.ext` or a whole character
/// of `set.utf8` (whose bytes are then stepped over).
#[inline(always)]
pub(crate) fn skip_scalar(input: &[u8], i: usize, set: Set<'_>) -> usize {
    let plain = |i: usize| match input.get(i..) {
        // A byte indexes a 256-entry table: always in range.
        #[allow(clippy::indexing_slicing)]
        Some(rest) => rest.iter().position(|&b| !set.contains(b)).map_or(input.len(), |k| i + k),
        None => input.len(),
    };
    let mut i = plain(i);
    loop {
        if set.ext.is_some_and(|ext| ext.at(input, i)) {
            i = plain(i + 3);
            continue;
        }
        match set.utf8.map_or(0, |leads| utf8_char_at(input, i, leads)) {
            0 => return i,
            n => i = plain(i + n),
        }
    }
}

/// A way of skipping runs: [`Scalar`], or one of the SIMD skippers (a token
/// that exists only once the CPU is known to support its instruction set).
pub(crate) trait Skip: Copy {
    /// The first index `>= i` whose byte is not in `set`, or the length.
    fn skip(self, input: &[u8], i: usize, set: Set<'_>) -> usize;

    /// For each of `bytes`, the mask of its occurrences in the window of
    /// (up to) 64 bytes at `w`, bit `k` for byte `w + k`; `None` when this
    /// skipper has no block form for `input` (the caller then searches run
    /// by run). [`eq4_scalar`] is the twin.
    #[inline(always)]
    fn eq4(self, input: &[u8], w: usize, bytes: [u8; 4]) -> Option<[u64; 4]> {
        let _ = (input, w, bytes);
        None
    }
}

/// The scalar twin of [`Skip::eq4`].
pub(crate) fn eq4_scalar(input: &[u8], w: usize, bytes: [u8; 4]) -> [u64; 4] {
    let mut m = [0u64; 4];
    for (k, &b) in input.iter().skip(w).take(64).enumerate() {
        for (mask, &x) in m.iter_mut().zip(&bytes) {
            *mask |= u64::from(b == x) << k;
        }
    }
    m
}

/// The scalar skipper.
#[derive(Clone, Copy)]
pub(crate) struct Scalar;

impl Skip for Scalar {
    #[inline(always)]
    fn skip(self, input: &[u8], i: usize, set: Set<'_>) -> usize {
        skip_scalar(input, i, set)
    }
}

/// Work that runs with some skipper; [`dispatch`] picks the skipper once.
pub(crate) trait WithSkip {
    type Out;
    fn call<S: Skip>(self, s: S) -> Self::Out;
}

/// Runs `w` with the best skipper the CPU supports, compiling `w` for its
/// instruction set (so the skipper inlines): AVX2, else SSSE3, else the
/// scalar loop. The one place the choice is made (the feature
/// `force-sse` skips AVX2, for testing the SSSE3 path on CPUs that have
/// both; `force-scalar` leaves out every SIMD path).
#[inline(always)]
pub(crate) fn dispatch<W: WithSkip>(w: W) -> W::Out {
    #[cfg(all(target_arch = "x86_64", feature = "std", not(feature = "force-scalar")))]
    {
        #[cfg(not(feature = "force-sse"))]
        if let Some(token) = avx2::Avx2::detect() {
            // SAFETY: the token exists only when the CPU supports AVX2.
            return unsafe { avx2::call(w, token) };
        }
        if let Some(token) = sse::Sse::detect() {
            // SAFETY: the token exists only when the CPU supports SSSE3.
            return unsafe { sse::call(w, token) };
        }
    }
    w.call(Scalar)
}

/// The instruction sets there is a skipper for.
#[cfg(any(test, feature = "oracle"))]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Isa {
    Scalar,
    Sse,
    Avx2,
}

#[cfg(any(test, feature = "oracle"))]
impl Isa {
    /// Every instruction set, whether this CPU has it or not.
    pub(crate) const ALL: [Isa; 3] = [Isa::Scalar, Isa::Sse, Isa::Avx2];
}

/// Runs `w` with the skipper of `isa`, if this build has it and the CPU
/// supports it (for checking every skipper against the scalar twin, in
/// the tests and in `oracle::skip_twin_disagreement`).
#[cfg(any(test, feature = "oracle"))]
pub(crate) fn dispatch_on<W: WithSkip>(isa: Isa, w: W) -> Option<W::Out> {
    match isa {
        Isa::Scalar => Some(w.call(Scalar)),
        #[cfg(all(target_arch = "x86_64", feature = "std", not(feature = "force-scalar")))]
        // SAFETY: the token exists only when the CPU supports SSSE3.
        Isa::Sse => sse::Sse::detect().map(|token| unsafe { sse::call(w, token) }),
        #[cfg(all(target_arch = "x86_64", feature = "std", not(feature = "force-scalar")))]
        // SAFETY: the token exists only when the CPU supports AVX2.
        Isa::Avx2 => avx2::Avx2::detect().map(|token| unsafe { avx2::call(w, token) }),
        #[cfg(not(all(target_arch = "x86_64", feature = "std", not(feature = "force-scalar"))))]
        Isa::Sse | Isa::Avx2 => None,
    }
}

/// [`Skip::skip`] with the skipper of `isa`, if there is one here (see
/// [`dispatch_on`]).
#[cfg(any(test, feature = "oracle"))]
pub(crate) fn skip_on(isa: Isa, input: &[u8], i: usize, set: Set<'_>) -> Option<usize> {
    struct Job<'a, 'b>(&'a [u8], usize, Set<'b>);
    impl WithSkip for Job<'_, '_> {
        type Out = usize;
        #[inline(always)]
        fn call<S: Skip>(self, s: S) -> usize {
            s.skip(self.0, self.1, self.2)
        }
    }
    dispatch_on(isa, Job(input, i, set))
}

/// Defines a function whose body runs with the skipper `s` that
/// [`dispatch`] chooses, compiled for AVX2 when the CPU has it, so the
/// skipper's intrinsics inline into the caller's loop. The one place that
/// writes the [`WithSkip`] adaptor for a non-generic function; its
/// arguments' lifetimes must be named.
///
/// ```text
/// skipping_fn! {
///     /// Doc.
///     pub(crate) fn first_stop<'a>(input: &'a [u8], set: Set<'a>) -> usize = |s| s.skip(input, 0, set)
/// }
/// ```
macro_rules! skipping_fn {
    ($(#[$m:meta])* $vis:vis fn $name:ident<$($lt:lifetime),*>($($arg:ident: $ty:ty),* $(,)?) -> $out:ty = |$s:ident| $body:expr) => {
        $(#[$m])*
        #[inline]
        $vis fn $name<$($lt),*>($($arg: $ty),*) -> $out {
            struct Job<$($lt),*>($($ty),*);
            impl<$($lt),*> $crate::simd::WithSkip for Job<$($lt),*> {
                type Out = $out;
                #[inline(always)]
                fn call<S: $crate::simd::Skip>(self, $s: S) -> $out {
                    let Job($($arg),*) = self;
                    $body
                }
            }
            $crate::simd::dispatch(Job($($arg),*))
        }
    };
}
#[cfg_attr(not(feature = "std"), allow(unused_imports))]
pub(crate) use skipping_fn;

skipping_fn! {
    /// The first index `>= i` whose byte is not in the set, with the best
    /// skipper the CPU supports (for callers outside the walker).
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    pub(crate) fn skip<'a, 'b>(input: &'a [u8], i: usize, set: Set<'b>) -> usize = |s| s.skip(input, i, set)
}

#[cfg(all(target_arch = "x86_64", feature = "std", not(feature = "force-scalar")))]
mod avx2;
#[cfg(all(target_arch = "x86_64", feature = "std", not(feature = "force-scalar")))]
mod blocks;
#[cfg(all(target_arch = "x86_64", feature = "std", not(feature = "force-scalar")))]
mod cpu;
#[cfg(all(target_arch = "x86_64", feature = "std", not(feature = "force-scalar")))]
mod sse;

#[cfg(test)]
mod tests;
