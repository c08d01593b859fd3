//! Skipping runs of bytes that keep the automaton in one state: the only
//! module with `unsafe` code (x86_64 AVX2, detected at run time), beside
//! its scalar twin. Both answer the same question for every input: the index
//! of the first byte at or after `i` that is not in the set (or the length).
//!
//! The set is given twice, as the generator emits it: a 256-entry bit table
//! (`lut`, `bit`) for the scalar loop, and nibble tables for `pshufb` (an
//! ASCII byte `b` is in the set when `lo[b & 15] & hi[b >> 4] != 0`) plus what
//! to do with bytes `>= 0x80` (`high`: none, all, or some of them are in,
//! which SIMD cannot express, so the scalar loop runs). Both forms are laid
//! out as the `uriscan-layout` crate defines, for the generator and for
//! [`ConstSet`] alike. A run may also hold whole triplets (`%C3` in a path)
//! and whole UTF-8 characters whose leading byte is safe (in an IRI's path):
//! the blocks classify those too, and both skippers step over them.
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
}

impl Ext<'_> {
    /// Whether the byte at `j` may lead a triplet.
    #[inline(always)]
    #[cfg_attr(not(all(target_arch = "x86_64", feature = "std", not(feature = "force-scalar"))), allow(dead_code))]
    fn leads(&self, input: &[u8], j: usize) -> bool {
        // A byte indexes a 256-entry table: always in range.
        #[allow(clippy::indexing_slicing)]
        input.get(j).is_some_and(|&b| self.lut[b as usize] & uriscan_layout::TRIPLET_AGAIN != 0)
    }

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

/// A way of skipping runs: [`Scalar`], or AVX2 (a token that exists only
/// once the CPU is known to support it).
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

/// Runs `w` with the AVX2 skipper when the CPU has AVX2 (compiling `w` for
/// AVX2, so the skipper inlines), else with the scalar one.
#[inline(always)]
pub(crate) fn dispatch<W: WithSkip>(w: W) -> W::Out {
    #[cfg(all(target_arch = "x86_64", feature = "std", not(feature = "force-scalar")))]
    {
        if let Some(token) = avx2::Avx2::detect() {
            // SAFETY: the token exists only when the CPU supports AVX2.
            return unsafe { avx2::call(w, token) };
        }
    }
    w.call(Scalar)
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
    /// The first index `>= i` whose byte is not in the set, with AVX2 when
    /// the CPU has it, else the scalar loop (for callers outside the walker).
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    pub(crate) fn skip<'a, 'b>(input: &'a [u8], i: usize, set: Set<'b>) -> usize = |s| s.skip(input, i, set)
}

#[cfg(all(target_arch = "x86_64", feature = "std", not(feature = "force-scalar")))]
pub(crate) mod avx2 {
    use super::{Set, Skip, WithSkip};
    use core::arch::x86_64::*;
    use core::sync::atomic::{AtomicU8, Ordering};

    static DETECTED: AtomicU8 = AtomicU8::new(0);

    /// Proof that the CPU supports AVX2: only [`Avx2::detect`] makes one.
    #[derive(Clone, Copy)]
    pub(crate) struct Avx2(());

    impl Avx2 {
        /// `Some` when the CPU supports AVX2 (detected once, then cached).
        #[inline(always)]
        pub(crate) fn detect() -> Option<Avx2> {
            let yes = match DETECTED.load(Ordering::Relaxed) {
                1 => true,
                2 => false,
                _ => {
                    let yes = std::is_x86_feature_detected!("avx2");
                    DETECTED.store(if yes { 1 } else { 2 }, Ordering::Relaxed);
                    yes
                }
            };
            if yes {
                Some(Avx2(()))
            } else {
                None
            }
        }
    }

    impl Skip for Avx2 {
        #[inline(always)]
        fn skip(self, input: &[u8], i: usize, set: Set<'_>) -> usize {
            if set.high == uriscan_layout::HIGH_MIXED || input.len() < 16 {
                return super::skip_scalar(input, i, set);
            }
            // SAFETY: an `Avx2` token exists only when the CPU supports AVX2.
            unsafe { skip(input, i, set) }
        }

        #[inline(always)]
        fn eq4(self, input: &[u8], w: usize, bytes: [u8; 4]) -> Option<[u64; 4]> {
            if input.len() < 32 {
                return None;
            }
            // SAFETY: an `Avx2` token exists only when the CPU supports AVX2.
            Some(unsafe { Avx2::eq4_blocks(input, w, bytes) })
        }
    }

    /// One mask per byte of `bytes`: its occurrences in the 32 bytes at `at`.
    ///
    /// # Safety
    /// `at + 32 <= input.len()`; the CPU must support AVX2.
    #[inline(always)]
    unsafe fn eq4_32(input: &[u8], at: usize, bytes: [u8; 4]) -> [u64; 4] {
        // SAFETY: the 32 bytes at `at` are in `input` (the contract); the
        // rest are register-only AVX2 intrinsics; the CPU supports AVX2.
        unsafe {
            let v = _mm256_loadu_si256(input.as_ptr().add(at).cast());
            let eq = |b: u8| u64::from(_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, _mm256_set1_epi8(b as i8))) as u32);
            [eq(bytes[0]), eq(bytes[1]), eq(bytes[2]), eq(bytes[3])]
        }
    }

    impl Avx2 {
        /// [`Skip::eq4`] for an input of 32 bytes or more.
        ///
        /// # Safety
        /// The CPU must support AVX2.
        #[inline(always)]
        unsafe fn eq4_blocks(input: &[u8], w: usize, bytes: [u8; 4]) -> [u64; 4] {
            let n = input.len();
            // The 32 bytes at `at` (`at + 32 <= n`): one mask per byte of `bytes`.
            // SAFETY (for every call below): `at + 32 <= n`; the CPU supports AVX2.
            let block = |at: usize| unsafe { eq4_32(input, at, bytes) };
            let or_shifted = |a: [u64; 4], b: [u64; 4], sh: usize| {
                [a[0] | b[0] << sh, a[1] | b[1] << sh, a[2] | b[2] << sh, a[3] | b[3] << sh]
            };
            let r = n.saturating_sub(w);
            if r >= 64 {
                or_shifted(block(w), block(w + 32), 32)
            } else if r > 32 {
                // The last block ends at `n`: its bit `k` is byte `n - 32 + k`.
                or_shifted(block(w), block(n - 32), r - 32)
            } else if r > 0 {
                let [a, b, c, d] = block(n - 32);
                let sh = 32 - r;
                [a >> sh, b >> sh, c >> sh, d >> sh]
            } else {
                [0; 4]
            }
        }
    }

    /// Runs `w` compiled for AVX2.
    ///
    /// # Safety
    /// The CPU must support AVX2 (the token says so).
    #[target_feature(enable = "avx2")]
    pub(crate) unsafe fn call<W: WithSkip>(w: W, token: Avx2) -> W::Out {
        w.call(token)
    }

    // The functions below carry no `#[target_feature]` so that they inline
    // into `call`, which is compiled for AVX2; they are only reached from there.

    /// Bit `k` set for each of the 32 bytes of `v` that is not in the set.
    ///
    /// # Safety
    /// The CPU must support AVX2.
    #[inline(always)]
    unsafe fn stops32(v: __m256i, lo_t: __m256i, hi_t: __m256i, high_in: bool) -> u32 {
        // SAFETY: register-only AVX2 intrinsics (no memory access); the
        // caller guarantees the CPU supports AVX2.
        unsafe {
            let m = _mm256_set1_epi8(0x0F);
            let lo = _mm256_and_si256(v, m);
            let hi = _mm256_and_si256(_mm256_srli_epi16::<4>(v), m);
            let hit = _mm256_and_si256(_mm256_shuffle_epi8(lo_t, lo), _mm256_shuffle_epi8(hi_t, hi));
            let miss = _mm256_movemask_epi8(_mm256_cmpeq_epi8(hit, _mm256_setzero_si256())) as u32;
            if high_in {
                miss & !(_mm256_movemask_epi8(v) as u32)
            } else {
                miss
            }
        }
    }

    /// The same for 16 bytes.
    ///
    /// # Safety
    /// The CPU must support AVX2.
    #[inline(always)]
    unsafe fn stops16(v: __m128i, lo_t: __m128i, hi_t: __m128i, high_in: bool) -> u32 {
        // SAFETY: register-only SSSE3/SSE2 intrinsics (no memory access); the
        // caller guarantees the CPU supports AVX2, which implies them.
        unsafe {
            let m = _mm_set1_epi8(0x0F);
            let lo = _mm_and_si128(v, m);
            let hi = _mm_and_si128(_mm_srli_epi16::<4>(v), m);
            let hit = _mm_and_si128(_mm_shuffle_epi8(lo_t, lo), _mm_shuffle_epi8(hi_t, hi));
            let miss = _mm_movemask_epi8(_mm_cmpeq_epi8(hit, _mm_setzero_si128())) as u32;
            if high_in {
                miss & !(_mm_movemask_epi8(v) as u32)
            } else {
                miss
            }
        }
    }

    /// Bit `k` set for each of the 32 bytes of `v` in the ASCII set whose
    /// nibble tables are `t`. (Only `t`'s low half is read: the high half
    /// of every nibble table is `NIBBLE_HI`, and `hi_t` holds it, so the
    /// compiler shares its lookup with the block's own; see [`skip`].)
    ///
    /// # Safety
    /// The CPU must support AVX2.
    #[inline(always)]
    unsafe fn hits32(v: __m256i, t: &[u8; 32], hi_t: __m256i) -> u32 {
        // SAFETY: `t` is 32 bytes long: one unaligned 16-byte load; the rest
        // are register-only AVX2 intrinsics; the CPU supports AVX2.
        unsafe {
            let lo_t = _mm256_broadcastsi128_si256(_mm_loadu_si128(t.as_ptr().cast()));
            let m = _mm256_set1_epi8(0x0F);
            let lo = _mm256_and_si256(v, m);
            let hi = _mm256_and_si256(_mm256_srli_epi16::<4>(v), m);
            let hit = _mm256_and_si256(_mm256_shuffle_epi8(lo_t, lo), _mm256_shuffle_epi8(hi_t, hi));
            !(_mm256_movemask_epi8(_mm256_cmpeq_epi8(hit, _mm256_setzero_si256())) as u32)
        }
    }

    /// The same for 16 bytes (bits 16..32 clear).
    ///
    /// # Safety
    /// The CPU must support AVX2.
    #[inline(always)]
    unsafe fn hits16(v: __m128i, t: &[u8; 32], hi_t: __m128i) -> u32 {
        // SAFETY: `t` is 32 bytes long: one unaligned 16-byte load; the rest
        // are register-only SSSE3/SSE2 intrinsics; the CPU supports AVX2.
        unsafe {
            let lo_t = _mm_loadu_si128(t.as_ptr().cast());
            let m = _mm_set1_epi8(0x0F);
            let lo = _mm_and_si128(v, m);
            let hi = _mm_and_si128(_mm_srli_epi16::<4>(v), m);
            let hit = _mm_and_si128(_mm_shuffle_epi8(lo_t, lo), _mm_shuffle_epi8(hi_t, hi));
            !(_mm_movemask_epi8(_mm_cmpeq_epi8(hit, _mm_setzero_si128())) as u32) & 0xFFFF
        }
    }

    /// The lanes that the complete triplets leading in `lanes` cover, in a
    /// block whose lanes in `lead`/`first`/`second` hold the triplet's bytes
    /// (bits past the block are 0, so a triplet cut by the block's end is
    /// not complete). Since no leading byte is a first or second byte, a
    /// lane that leads a complete triplet is never inside one, so every
    /// complete triplet found here is one the scalar loop steps over.
    #[inline(always)]
    fn triplet_cover(lanes: u32, lead: u32, first: u32, second: u32) -> u32 {
        let t = lead & lanes & (first >> 1) & (second >> 2);
        t | t << 1 | t << 2
    }

    /// The lanes that whole characters of the UTF-8 run set leading in
    /// `lanes` cover, in a block whose lanes in `l2`/`l3` hold a safe two-
    /// or three-byte leading byte and in `cont` the continuation bytes
    /// (`10xxxxxx`; bits past the block are 0, so a character cut by the
    /// block's end is not whole). A leading byte is never a continuation
    /// byte, so the characters found here are those the scalar loop steps
    /// over.
    #[inline(always)]
    fn utf8_cover(lanes: u32, l2: u32, l3: u32, cont: u32) -> u32 {
        let ok2 = l2 & lanes & (cont >> 1);
        let ok3 = l3 & lanes & (cont >> 1) & (cont >> 2);
        ok2 | ok2 << 1 | ok3 | ok3 << 1 | ok3 << 2
    }

    /// Where the walk over a block of `w` lanes goes on after its covers
    /// (`stop` and `cover` of [`block32`]): the stops, and how many lanes
    /// the block has settled (`w` unless it is not the input's last).
    ///
    /// A triplet or character is at most three bytes: one that leads in
    /// the block's last two lanes may go on past it. Unless the block is
    /// the input's last (`tail`: its masks are then exact, a cut element is
    /// no element), those two lanes are left to the next block, which
    /// starts where the covers of this one end: at lane `w - 2`, or past the
    /// lanes an element leading before it covers there.
    #[inline(always)]
    fn settle(w: u32, stop: u32, cover: u32, tail: bool) -> (u32, usize) {
        let stop = stop & !cover;
        if tail {
            return (stop, w as usize);
        }
        let settled = stop & ((1 << (w - 2)) - 1);
        if settled != 0 {
            return (settled, w as usize);
        }
        let (c1, c2) = (cover >> (w - 2) & 1, cover >> (w - 1) & 1);
        (0, (w - 2 + c1 + (c1 & c2)) as usize)
    }

    /// The lanes from `from` on where a triplet or a character may lead:
    /// all of them in the input's last block, else all but the last two.
    #[inline(always)]
    fn lead_lanes(w: u32, from: u32, tail: bool) -> u32 {
        let below = if tail { u32::MAX } else { (1 << (w - 2)) - 1 };
        (u32::MAX << from) & below
    }

    /// Whether the first of the `stop` lanes of the block at `at` may be
    /// taken into the run: it leads a triplet of `set.ext`, or it is a byte
    /// `>= 0x80` and the run may hold UTF-8 characters. (When not, it is the
    /// answer, and the block needs no more work.)
    #[inline(always)]
    fn may_cover(input: &[u8], at: usize, stop: u32, set: Set<'_>) -> bool {
        let j = at + stop.trailing_zeros() as usize;
        set.ext.is_some_and(|ext| ext.leads(input, j))
            || (set.utf8.is_some() && input.get(j).is_some_and(|&b| b >= 0x80))
    }

    /// The stops of the 32 bytes at `at`, from lane `from` on, with the
    /// complete triplets of `set.ext` and the whole characters of
    /// `set.utf8` taken into the run, and how many bytes from `at` the
    /// block has settled (see [`settle`]; the next block starts there when
    /// there is no stop). `tail`: the block ends the input.
    ///
    /// # Safety
    /// `at + 32 <= input.len()`; the CPU must support AVX2.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    unsafe fn block32(
        input: &[u8],
        at: usize,
        from: u32,
        tail: bool,
        set: Set<'_>,
        lo_t: __m256i,
        hi_t: __m256i,
        high_in: bool,
    ) -> (u32, usize) {
        // SAFETY: the 32 bytes at `at` are in `input` (the contract); the
        // CPU supports AVX2.
        let (v, stop) = unsafe {
            let v = _mm256_loadu_si256(input.as_ptr().add(at).cast());
            (v, stops32(v, lo_t, hi_t, high_in) & (u32::MAX << from))
        };
        if stop == 0 || !may_cover(input, at, stop, set) {
            return (stop, 32);
        }
        let lanes = lead_lanes(32, from, tail);
        let mut cover = 0;
        if let Some(ext) = set.ext {
            // SAFETY: the CPU supports AVX2.
            let [lead, first, second] = unsafe {
                [hits32(v, &ext.nibbles[0], hi_t), hits32(v, &ext.nibbles[1], hi_t), hits32(v, &ext.nibbles[2], hi_t)]
            };
            cover = triplet_cover(lanes, lead, first, second);
        }
        if let Some(leads) = set.utf8 {
            // SAFETY: the CPU supports AVX2.
            let [l2, l3, cont] = unsafe { utf8_masks32(v, leads) };
            cover |= utf8_cover(lanes, l2, l3, cont);
        }
        settle(32, stop, cover, tail)
    }

    /// [`block32`] for 16 bytes. (The two share their shape, not their code:
    /// a common body taking the width's classifiers as closures was not
    /// inlined, and took the percent-heavy list from 1,070 to 2,380
    /// instructions per URL; measured.)
    ///
    /// # Safety
    /// `at + 16 <= input.len()`; the CPU must support AVX2.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    unsafe fn block16(
        input: &[u8],
        at: usize,
        from: u32,
        tail: bool,
        set: Set<'_>,
        lo_t: __m128i,
        hi_t: __m128i,
        high_in: bool,
    ) -> (u32, usize) {
        // SAFETY: the 16 bytes at `at` are in `input` (the contract); the
        // CPU supports AVX2.
        let (v, stop) = unsafe {
            let v = _mm_loadu_si128(input.as_ptr().add(at).cast());
            (v, stops16(v, lo_t, hi_t, high_in) & (u32::MAX << from))
        };
        if stop == 0 || !may_cover(input, at, stop, set) {
            return (stop, 16);
        }
        let lanes = lead_lanes(16, from, tail);
        let mut cover = 0;
        if let Some(ext) = set.ext {
            // SAFETY: the CPU supports AVX2.
            let [lead, first, second] = unsafe {
                [hits16(v, &ext.nibbles[0], hi_t), hits16(v, &ext.nibbles[1], hi_t), hits16(v, &ext.nibbles[2], hi_t)]
            };
            cover = triplet_cover(lanes, lead, first, second);
        }
        if let Some(leads) = set.utf8 {
            // SAFETY: the CPU supports AVX2.
            let [l2, l3, cont] = unsafe { utf8_masks16(v, leads) };
            cover |= utf8_cover(lanes, l2, l3, cont);
        }
        settle(16, stop, cover, tail)
    }

    /// For the 32 bytes of `v`: the lanes with a safe two-byte and a safe
    /// three-byte leading byte of `leads`, and the continuation bytes.
    ///
    /// # Safety
    /// The CPU must support AVX2.
    #[inline(always)]
    unsafe fn utf8_masks32(v: __m256i, leads: &[u8; 32]) -> [u32; 3] {
        // SAFETY: `leads` is 32 bytes long: two unaligned 16-byte loads; the
        // rest are register-only AVX2 intrinsics; the CPU supports AVX2.
        unsafe {
            let lo_t = _mm256_broadcastsi128_si256(_mm_loadu_si128(leads.as_ptr().cast()));
            let hi_t = _mm256_broadcastsi128_si256(_mm_loadu_si128(leads.as_ptr().add(16).cast()));
            let m = _mm256_set1_epi8(0x0F);
            let lo = _mm256_and_si256(v, m);
            let hi = _mm256_and_si256(_mm256_srli_epi16::<4>(v), m);
            let hit = _mm256_and_si256(_mm256_shuffle_epi8(lo_t, lo), _mm256_shuffle_epi8(hi_t, hi));
            let zero = _mm256_setzero_si256();
            let l2 = _mm256_cmpeq_epi8(_mm256_and_si256(hit, _mm256_set1_epi8(uriscan_layout::UTF8_LEAD2 as i8)), zero);
            let l3 = _mm256_cmpeq_epi8(_mm256_and_si256(hit, _mm256_set1_epi8(uriscan_layout::UTF8_LEAD3 as i8)), zero);
            // 0x80..=0xBF are the bytes below -0x40 as `i8`.
            let cont = _mm256_cmpgt_epi8(_mm256_set1_epi8(-0x40), v);
            [!(_mm256_movemask_epi8(l2) as u32), !(_mm256_movemask_epi8(l3) as u32), _mm256_movemask_epi8(cont) as u32]
        }
    }

    /// The same for 16 bytes (bits 16..32 clear).
    ///
    /// # Safety
    /// The CPU must support AVX2.
    #[inline(always)]
    unsafe fn utf8_masks16(v: __m128i, leads: &[u8; 32]) -> [u32; 3] {
        // SAFETY: `leads` is 32 bytes long: two unaligned 16-byte loads; the
        // rest are register-only SSSE3/SSE2 intrinsics; the CPU supports AVX2.
        unsafe {
            let lo_t = _mm_loadu_si128(leads.as_ptr().cast());
            let hi_t = _mm_loadu_si128(leads.as_ptr().add(16).cast());
            let m = _mm_set1_epi8(0x0F);
            let lo = _mm_and_si128(v, m);
            let hi = _mm_and_si128(_mm_srli_epi16::<4>(v), m);
            let hit = _mm_and_si128(_mm_shuffle_epi8(lo_t, lo), _mm_shuffle_epi8(hi_t, hi));
            let zero = _mm_setzero_si128();
            let l2 = _mm_cmpeq_epi8(_mm_and_si128(hit, _mm_set1_epi8(uriscan_layout::UTF8_LEAD2 as i8)), zero);
            let l3 = _mm_cmpeq_epi8(_mm_and_si128(hit, _mm_set1_epi8(uriscan_layout::UTF8_LEAD3 as i8)), zero);
            let cont = _mm_cmpgt_epi8(_mm_set1_epi8(-0x40), v);
            [
                !(_mm_movemask_epi8(l2) as u32) & 0xFFFF,
                !(_mm_movemask_epi8(l3) as u32) & 0xFFFF,
                _mm_movemask_epi8(cont) as u32,
            ]
        }
    }

    /// AVX2 version of [`super::skip_scalar`]; requires `input.len() >= 16`
    /// and `set.high` is not `HIGH_MIXED`.
    ///
    /// # Safety
    /// The CPU must support AVX2.
    #[inline(always)]
    pub(crate) unsafe fn skip(input: &[u8], mut i: usize, set: Set<'_>) -> usize {
        let n = input.len();
        if i >= n || n < 16 {
            return super::skip_scalar(input, i, set);
        }
        let high_in = set.high == uriscan_layout::HIGH_ALL;
        // The high half of the set's nibble tables is `NIBBLE_HI`, as it is
        // for every set (`uriscan_layout::nibbles`): a constant, which the
        // triplet tests of a block share (one load fewer per run, and one
        // lookup fewer per triplet set; measured).
        // SAFETY: `nibbles` is 32 bytes long: one unaligned 16-byte load;
        // `NIBBLE_HI` is 16 bytes long: another; the CPU supports AVX2 (this
        // function's contract).
        let (lo16, hi16) = unsafe {
            (_mm_loadu_si128(set.nibbles.as_ptr().cast()), _mm_loadu_si128(uriscan_layout::NIBBLE_HI.as_ptr().cast()))
        };
        if n >= 32 {
            // SAFETY: register-only AVX2 intrinsics; the CPU supports AVX2.
            let (lo_t, hi_t) = unsafe { (_mm256_broadcastsi128_si256(lo16), _mm256_broadcastsi128_si256(hi16)) };
            // SAFETY (for every `block32` call below): `at + 32 <= n`; the CPU
            // supports AVX2.
            let block =
                |at: usize, from: u32, tail: bool| unsafe { block32(input, at, from, tail, set, lo_t, hi_t, high_in) };
            while i + 32 < n {
                let (stop, settled) = block(i, 0, false);
                if stop != 0 {
                    return i + stop.trailing_zeros() as usize;
                }
                i += settled;
            }
            // The last 32 bytes of the input, from lane `i - base` on.
            let base = n - 32;
            let (stop, _) = block(base, (i - base) as u32, true);
            return if stop != 0 { base + stop.trailing_zeros() as usize } else { n };
        }
        // SAFETY (for every `block16` call below): `at + 16 <= n`; the CPU
        // supports AVX2.
        let block =
            |at: usize, from: u32, tail: bool| unsafe { block16(input, at, from, tail, set, lo16, hi16, high_in) };
        while i + 16 < n {
            let (stop, settled) = block(i, 0, false);
            if stop != 0 {
                return i + stop.trailing_zeros() as usize;
            }
            i += settled;
        }
        let base = n - 16;
        let (stop, _) = block(base, (i - base) as u32, true);
        if stop != 0 {
            base + stop.trailing_zeros() as usize
        } else {
            n
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::rfc3986 as dfa;

    fn sets() -> Vec<Set<'static>> {
        (0..dfa::ACCEL_NIBBLES.len())
            .map(|k| Set {
                lut: &dfa::ACCEL_LUT[uriscan_layout::lut_row(k)],
                slot: uriscan_layout::lut_slot(k),
                nibbles: &dfa::ACCEL_NIBBLES[k],
                high: dfa::ACCEL_HIGH[k],
                ext: uriscan_layout::ext_triplet(dfa::ACCEL_EXT[k])
                    .map(|t| Ext { lut: &dfa::TRIPLET_LUT[t], nibbles: &dfa::TRIPLET_NIBBLES[t] }),
                utf8: None,
            })
            .collect()
    }

    /// RFC 3987's run sets that may hold UTF-8 characters, with their
    /// triplets and the index of their UTF-8 run set.
    fn utf8_sets() -> Vec<(Set<'static>, usize)> {
        use crate::tables::rfc3987 as iri;
        (0..iri::ACCEL_NIBBLES.len())
            .filter_map(|k| {
                let u = usize::from(iri::ACCEL_UTF8[k]).checked_sub(1)?;
                let set = Set {
                    lut: &iri::ACCEL_LUT[uriscan_layout::lut_row(k)],
                    slot: uriscan_layout::lut_slot(k),
                    nibbles: &iri::ACCEL_NIBBLES[k],
                    high: iri::ACCEL_HIGH[k],
                    ext: uriscan_layout::ext_triplet(iri::ACCEL_EXT[k])
                        .map(|t| Ext { lut: &iri::TRIPLET_LUT[t], nibbles: &iri::TRIPLET_NIBBLES[t] }),
                    utf8: Some(&iri::UTF8_LEADS[u]),
                };
                Some((set, u))
            })
            .collect()
    }

    /// A leading byte is safe (`UTF8_LEADS`) exactly when every well-formed
    /// character it leads is in the UTF-8 run set, as the walker's decoder
    /// (`utf8_run`, tested against the tables in `automaton.rs`) says; and
    /// the common scripts of the web's paths are safe in RFC 3987's paths.
    #[test]
    fn utf8_leads_are_the_leads_whose_characters_are_all_in_the_set() {
        use crate::tables::rfc3987 as iri;
        for u in 0..iri::UTF8_LEADS.len() {
            let (full, ranges) = (&iri::UTF8_FULL[u], iri::UTF8_RANGES[u]);
            let all_in = |b: u8, n: usize| {
                (0x80..=0xBFu8).all(|c1| match n {
                    2 => crate::automaton::utf8_run(&[b, c1], 0, full, ranges) == 2,
                    _ => (0x80..=0xBFu8).all(|c2| crate::automaton::utf8_run(&[b, c1, c2], 0, full, ranges) == 3),
                })
            };
            for b in 0..=255u8 {
                let want = match b {
                    0xC2..=0xDF if all_in(b, 2) => 2,
                    0xE0..=0xEF if all_in(b, 3) => 3,
                    _ => 0,
                };
                assert_eq!(uriscan_layout::utf8_lead_len(&iri::UTF8_LEADS[u], b), want, "set {u}, {b:#04x}");
            }
        }
        // Latin, Greek, Cyrillic, Hebrew, Arabic and the CJK ideographs lead
        // with safe bytes in every UTF-8 run set of RFC 3987; U+0080..U+009F
        // (C2) and U+2000..U+2FFF (E2, which holds the bidi formatting
        // characters RFC 3987 leaves out) do not.
        for u in 0..iri::UTF8_LEADS.len() {
            let t = &iri::UTF8_LEADS[u];
            for lead in [0xC3, 0xCE, 0xD0, 0xD1, 0xD7, 0xD8, 0xD9] {
                assert_eq!(uriscan_layout::utf8_lead_len(t, lead), 2, "set {u}, {lead:#04x}");
            }
            for lead in 0xE4..=0xE9 {
                assert_eq!(uriscan_layout::utf8_lead_len(t, lead), 3, "set {u}, {lead:#04x}");
            }
            assert_eq!(uriscan_layout::utf8_lead_len(t, 0xC2), 0);
            assert_eq!(uriscan_layout::utf8_lead_len(t, 0xE2), 0);
        }
    }

    /// With UTF-8 characters in the runs: `skip` (AVX2 where available) and
    /// `skip_scalar` agree on every byte value at every position of
    /// character-dense strings whose characters straddle the 16- and
    /// 32-byte block boundaries at every offset, and on random mixtures of
    /// run bytes, triplets, characters in and out of the set, broken ones
    /// and other bytes; and the scalar twin steps over exactly the
    /// characters `utf8_run` takes whose leading byte is safe.
    #[test]
    fn simd_skip_with_utf8_agrees_with_scalar_twin() {
        use crate::tables::rfc3987 as iri;
        let mut rnd = xorshift(0x5851_F42D_4C95_7F2D);
        let sets = utf8_sets();
        assert!(!sets.is_empty());
        let chars: Vec<Vec<u8>> =
            ['é', 'ß', 'Ω', 'я', 'ع', '日', '本', 'ก', '한', '\u{A0}', '\u{80}', '\u{E000}', '😀', '\u{FFFE}']
                .iter()
                .map(|c| c.to_string().into_bytes())
                .collect();
        for (s, u) in sets {
            let member: Vec<u8> = (0..=255u8).filter(|&b| s.contains(b)).collect();
            let pick = |v: &[u8], r: u64| v[(r % v.len() as u64) as usize];
            for len in [15usize, 16, 17, 18, 31, 32, 33, 34, 35, 63, 64, 65, 66] {
                for offset in 0..3 {
                    let mut v: Vec<u8> = (0..offset).map(|_| pick(&member, rnd())).collect();
                    while v.len() < len {
                        v.extend_from_slice(&chars[(rnd() % 9) as usize]);
                    }
                    v.truncate(len);
                    let mut w = v.clone();
                    for pos in 0..len {
                        for b in 0..=255u8 {
                            w[pos] = b;
                            assert_eq!(skip(&w, 0, s), skip_scalar(&w, 0, s), "{w:?}");
                        }
                        w[pos] = v[pos];
                    }
                }
            }
            for _ in 0..20_000 {
                let len = (rnd() % 110) as usize;
                let mut v = Vec::with_capacity(len + 4);
                while v.len() < len {
                    match rnd() % 10 {
                        0..=2 => v.push(pick(&member, rnd())),
                        3..=5 => v.extend_from_slice(&chars[(rnd() % chars.len() as u64) as usize]),
                        6 => v.extend_from_slice(b"%C3"),
                        7 => v.push(0x80 | (rnd() as u8 & 0x7F)),
                        8 => v.extend_from_slice(&chars[(rnd() % chars.len() as u64) as usize][..1]),
                        _ => v.push(rnd() as u8),
                    }
                }
                let start = if v.is_empty() { 0 } else { (rnd() % v.len() as u64) as usize };
                let got = skip_scalar(&v, start, s);
                assert_eq!(skip(&v, start, s), got, "{v:?} from {start}");
                // The definition: run bytes, whole triplets, and whole
                // characters of the set with a safe leading byte.
                let mut want = start;
                loop {
                    let n = match v.get(want) {
                        Some(&b) if s.contains(b) => 1,
                        Some(b'%')
                            if s.ext.is_some()
                                && v.get(want + 1..want + 3).is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit)) =>
                        {
                            3
                        }
                        Some(&b) if uriscan_layout::utf8_lead_len(&iri::UTF8_LEADS[u], b) != 0 => {
                            let n =
                                crate::automaton::utf8_run(&v, want, &iri::UTF8_FULL[u], iri::UTF8_RANGES[u]) - want;
                            // `utf8_run` may take more than one character.
                            n.min(uriscan_layout::utf8_lead_len(&iri::UTF8_LEADS[u], b))
                        }
                        _ => 0,
                    };
                    if n == 0 {
                        break;
                    }
                    want += n;
                }
                assert_eq!(got, want, "{v:?} from {start}");
            }
        }
    }

    fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
        move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        }
    }

    /// The bytes of `ext`'s table with bit `bit`.
    fn ext_bytes(ext: &Ext<'_>, bit: u8) -> Vec<u8> {
        (0..=255u8).filter(|&b| ext.lut[b as usize] & bit != 0).collect()
    }

    /// RFC 3986's path, query and fragment runs hold `pct-encoded` triplets.
    #[test]
    fn runs_of_rfc3986_hold_percent_encoded_triplets() {
        let with: Vec<_> = sets().into_iter().filter_map(|s| s.ext).collect();
        assert!(!with.is_empty());
        for ext in with {
            assert_eq!(ext_bytes(&ext, uriscan_layout::TRIPLET_AGAIN), b"%");
            let hex: Vec<u8> = (0..=255u8).filter(u8::is_ascii_hexdigit).collect();
            assert_eq!(ext_bytes(&ext, uriscan_layout::TRIPLET_FIRST), hex);
            assert_eq!(ext_bytes(&ext, uriscan_layout::TRIPLET_SECOND), hex);
            // The nibble tables say the same.
            for (k, bit) in
                [uriscan_layout::TRIPLET_AGAIN, uriscan_layout::TRIPLET_FIRST, uriscan_layout::TRIPLET_SECOND]
                    .into_iter()
                    .enumerate()
            {
                let t = ext.nibbles[k];
                for b in 0..=255u8 {
                    let nib = b < 0x80 && t[(b & 15) as usize] & t[16 + (b >> 4) as usize] != 0;
                    assert_eq!(nib, ext.lut[b as usize] & bit != 0, "table {k} byte {b:#04x}");
                }
            }
        }
    }

    /// With triplets in the runs: `skip` (AVX2 where available) and
    /// `skip_scalar` agree on every byte value at every position of
    /// triplet-dense strings whose triplets straddle the 16- and 32-byte
    /// block boundaries at every offset, and on random mixtures of run
    /// bytes, complete triplets, broken ones and other bytes.
    #[test]
    fn simd_skip_with_triplets_agrees_with_scalar_twin() {
        let mut rnd = xorshift(0x2545_F491_4F6C_DD1D);
        for s in sets().into_iter().filter(|s| s.ext.is_some()) {
            let Some(ext) = s.ext else { continue };
            let member: Vec<u8> = (0..=255u8).filter(|&b| s.contains(b)).collect();
            let lead = ext_bytes(&ext, uriscan_layout::TRIPLET_AGAIN);
            let first = ext_bytes(&ext, uriscan_layout::TRIPLET_FIRST);
            let second = ext_bytes(&ext, uriscan_layout::TRIPLET_SECOND);
            let pick = |v: &[u8], r: u64| v[(r % v.len() as u64) as usize];
            for len in [15usize, 16, 17, 31, 32, 33, 34, 35, 63, 64, 65, 66] {
                for offset in 0..3 {
                    // Run bytes, then triplets from `offset` on.
                    let mut v: Vec<u8> = (0..len).map(|_| pick(&member, rnd())).collect();
                    let mut k = offset;
                    while k + 3 <= len {
                        v[k] = pick(&lead, rnd());
                        v[k + 1] = pick(&first, rnd());
                        v[k + 2] = pick(&second, rnd());
                        k += 3;
                    }
                    let mut w = v.clone();
                    for pos in 0..len {
                        for b in 0..=255u8 {
                            w[pos] = b;
                            assert_eq!(skip(&w, 0, s), skip_scalar(&w, 0, s), "{w:?}");
                        }
                        w[pos] = v[pos];
                    }
                }
            }
            for _ in 0..20_000 {
                let len = (rnd() % 110) as usize;
                let mut v = Vec::with_capacity(len + 3);
                while v.len() < len {
                    match rnd() % 8 {
                        0..=2 => v.push(pick(&member, rnd())),
                        3 | 4 => v.extend([pick(&lead, rnd()), pick(&first, rnd()), pick(&second, rnd())]),
                        5 => v.extend([pick(&lead, rnd()), pick(&first, rnd())]),
                        6 => v.push(pick(&lead, rnd())),
                        _ => v.push(rnd() as u8),
                    }
                }
                let start = if v.is_empty() { 0 } else { (rnd() % v.len() as u64) as usize };
                assert_eq!(skip(&v, start, s), skip_scalar(&v, start, s), "{v:?} from {start}");
            }
        }
    }

    /// The scalar twin's answer with triplets, checked against a direct
    /// reading of the definition on short strings over a small alphabet.
    #[test]
    fn scalar_skip_with_triplets_steps_over_complete_triplets_only() {
        let Some(s) = sets().into_iter().find(|s| s.ext.is_some()) else { panic!("no run holds triplets") };
        let alphabet = [b'a', b'%', b'4', b'/', b'#', b'G'];
        let mut buf = [0u8; 7];
        for len in 0..=7usize {
            for mut k in 0..alphabet.len().pow(len as u32) {
                for slot in buf.iter_mut().take(len) {
                    *slot = alphabet[k % alphabet.len()];
                    k /= alphabet.len();
                }
                let v = &buf[..len];
                let mut want = 0;
                loop {
                    match v.get(want) {
                        Some(&b) if s.contains(b) => want += 1,
                        Some(b'%')
                            if v.get(want + 1).is_some_and(u8::is_ascii_hexdigit)
                                && v.get(want + 2).is_some_and(u8::is_ascii_hexdigit) =>
                        {
                            want += 3
                        }
                        _ => break,
                    }
                }
                assert_eq!(skip_scalar(v, 0, s), want, "{v:?}");
                assert_eq!(skip(v, 0, s), want, "{v:?}");
            }
        }
    }

    /// The nibble tables and the bit tables describe the same sets, byte by byte.
    #[test]
    fn nibble_tables_agree_with_bit_tables_for_all_256_bytes() {
        for (k, s) in sets().iter().enumerate() {
            let words = dfa::ACCEL_SETS[k];
            for b in 0..=255u8 {
                let in_words = (words[(b >> 6) as usize] >> (b & 63)) & 1 != 0;
                assert_eq!(s.contains(b), in_words, "set {} byte {:#04x}", k, b);
                let nib = if b < 0x80 {
                    s.nibbles[(b & 15) as usize] & s.nibbles[16 + (b >> 4) as usize] != 0
                } else {
                    s.high == uriscan_layout::HIGH_ALL
                };
                if s.high != uriscan_layout::HIGH_MIXED {
                    assert_eq!(nib, in_words, "set {} byte {:#04x} (nibbles)", k, b);
                }
            }
        }
    }

    /// The AVX2 skipper reads only the low half of a nibble table and takes
    /// the high half as `NIBBLE_HI`, the same for every set: so every table
    /// it may be given must have that high half (those of the generated run
    /// sets and triplets of every grammar's automata, and `ConstSet`'s, which
    /// `uriscan_layout::nibbles` builds like the generator). And each
    /// automaton's `any_high` says whether any of its sets' `high` is not
    /// `HIGH_NONE` (where it is false, the walker does not read `high`).
    #[test]
    fn every_nibble_table_has_the_shared_high_half_and_high_kinds_agree() {
        use crate::tables::{with_tables, with_validator, Grammar};
        fn check<T: crate::automaton::Tables>(what: &str) -> usize {
            let a = &T::AUTOMATON.accels;
            let tables = a.nibbles.iter().chain(a.triplet_nibbles.iter().flatten());
            let mut n = 0;
            for (k, t) in tables.enumerate() {
                assert_eq!(t[16..], uriscan_layout::NIBBLE_HI, "{what}: table {k}");
                n += 1;
            }
            // The walker reads `any_high` instead of `high` where it is false.
            let some_high = a.high.iter().any(|&h| h != uriscan_layout::HIGH_NONE);
            assert_eq!(a.any_high, some_high, "{what}: any_high");
            n
        }
        let mut n = 0;
        for &g in Grammar::ALL {
            n += with_tables!(g, T => check::<T>(g.name()));
            n += with_validator!(g, T => check::<T>(g.name()));
        }
        // The Appendix B split, the one automaton whose sets hold bytes >= 0x80.
        n += check::<crate::tables::appendix_b::Tables>("appendix_b");
        const { assert!(<crate::tables::appendix_b::Tables as crate::automaton::Tables>::AUTOMATON.accels.any_high) };
        assert!(n > 40, "only {n} tables");
        static S: ConstSet = ConstSet::new(crate::ByteSet::of(b"abc%"));
        assert_eq!(S.set().nibbles[16..], uriscan_layout::NIBBLE_HI);
    }

    /// `skip` (AVX2 where available) and `skip_scalar` agree: every byte value
    /// at every position of runs of every length, and random strings.
    #[test]
    fn simd_skip_agrees_with_scalar_twin() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut rnd = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for s in sets() {
            let member: Vec<u8> = (0..=255u8).filter(|&b| s.contains(b)).collect();
            for len in 0..80usize {
                for stop_at in 0..=len {
                    for bad in [0u8, b'#', b'/', b'?', b'%', 0x7F, 0x80, 0xFF, b' ', b'['] {
                        let mut v: Vec<u8> = (0..len).map(|_| member[(rnd() % member.len() as u64) as usize]).collect();
                        if stop_at < len {
                            v[stop_at] = bad;
                        }
                        for start in [0, 1, 5, 17, 31, 33].into_iter().filter(|&x| x <= len) {
                            assert_eq!(skip(&v, start, s), skip_scalar(&v, start, s), "{:?} from {}", v, start);
                        }
                    }
                }
            }
            for _ in 0..2000 {
                let len = (rnd() % 100) as usize;
                let v: Vec<u8> = (0..len)
                    .map(|_| if rnd() % 8 == 0 { rnd() as u8 } else { member[(rnd() % member.len() as u64) as usize] })
                    .collect();
                let start = if len == 0 { 0 } else { (rnd() % len as u64) as usize };
                assert_eq!(skip(&v, start, s), skip_scalar(&v, start, s), "{:?} from {}", v, start);
            }
        }
    }

    /// `Skip::eq4` (AVX2 where available) against its scalar twin: every
    /// window start of inputs of 32 to 140 bytes dense and sparse in the
    /// four bytes, every byte value at every position of a 70-byte input.
    #[test]
    fn eq4_agrees_with_scalar_twin() {
        let bytes = *b":/?#";
        let check = |v: &[u8]| {
            for w in 0..=v.len() {
                if let Some(m) = crate::simd::dispatch(Eq4(v, w, bytes)) {
                    assert_eq!(m, eq4_scalar(v, w, bytes), "{v:?} at {w}");
                }
            }
        };
        let mut rnd = xorshift(0x1234_5678_9ABC_DEF1);
        for len in 32..140usize {
            for density in [2u64, 5, 30] {
                let v: Vec<u8> = (0..len)
                    .map(|_| if rnd() % density == 0 { bytes[(rnd() % 4) as usize] } else { rnd() as u8 })
                    .collect();
                check(&v);
            }
        }
        for pos in 0..70 {
            for b in 0..=255u8 {
                let mut v = vec![b'a'; 70];
                v[pos] = b;
                for w in [0, 1, 5, pos, 37, 69, 70] {
                    if let Some(m) = crate::simd::dispatch(Eq4(&v, w, bytes)) {
                        assert_eq!(m, eq4_scalar(&v, w, bytes), "{v:?} at {w}");
                    }
                }
            }
        }
    }

    struct Eq4<'a>(&'a [u8], usize, [u8; 4]);
    impl WithSkip for Eq4<'_> {
        type Out = Option<[u64; 4]>;
        fn call<S: Skip>(self, s: S) -> Self::Out {
            s.eq4(self.0, self.1, self.2)
        }
    }

    /// Sets built by [`ConstSet::new`]: the bit table, the nibble tables
    /// and both skippers agree with the `ByteSet` for all 256 bytes.
    #[test]
    fn const_sets_agree_with_their_byte_sets() {
        static SETS: [ConstSet; 4] = [
            ConstSet::new(crate::ByteSet::of(b":").complement()),
            ConstSet::new(crate::sets::PCHAR),
            ConstSet::new(crate::sets::ALPHA.complement()),
            ConstSet::new(crate::ByteSet::from_bits([0, 0, 1, 1 << 63])),
        ];
        let bytesets = [
            crate::ByteSet::of(b":").complement(),
            crate::sets::PCHAR,
            crate::sets::ALPHA.complement(),
            crate::ByteSet::from_bits([0, 0, 1, 1 << 63]),
        ];
        for (c, want) in SETS.iter().zip(bytesets) {
            let s = c.set();
            for b in 0..=255u8 {
                assert_eq!(s.contains(b), want.contains(b), "{b:#04x}");
                if b < 0x80 {
                    let nib = s.nibbles[(b & 15) as usize] & s.nibbles[16 + (b >> 4) as usize] != 0;
                    assert_eq!(nib, want.contains(b), "{b:#04x}");
                } else if s.high != uriscan_layout::HIGH_MIXED {
                    assert_eq!(s.high == uriscan_layout::HIGH_ALL, want.contains(b), "{b:#04x}");
                }
                // A run of 40 members with `b` at 33: both skippers stop there
                // exactly when `b` is not a member.
                let member = (0..=255u8).find(|&m| want.contains(m)).unwrap_or(0);
                let mut v = vec![member; 40];
                v[33] = b;
                let expect = if want.contains(b) { 40 } else { 33 };
                assert_eq!(skip(&v, 0, s), expect, "{b:#04x}");
                assert_eq!(skip_scalar(&v, 0, s), expect, "{b:#04x}");
            }
        }
    }

    #[test]
    fn high_bytes_all_in_are_skipped_by_both() {
        // A set holding every byte but '#' (like Appendix B's fragment-free run).
        let mut lut = [1u8; 256];
        lut[b'#' as usize] = 0;
        let mut nib = [0u8; 32];
        for b in 0..0x80u8 {
            if b != b'#' {
                nib[(b & 15) as usize] |= 1 << (b >> 4);
            }
        }
        for h in 0..8 {
            nib[16 + h] = 1 << h;
        }
        let s = Set { lut: &lut, slot: 0, nibbles: &nib, high: 1, ext: None, utf8: None };
        let v: Vec<u8> = (0..=255u8).filter(|&b| b != b'#').chain([b'#', b'a']).collect();
        assert_eq!(skip(&v, 0, s), 255);
        assert_eq!(skip_scalar(&v, 0, s), 255);
    }
}
