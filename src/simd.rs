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
//! [`ConstSet`] alike.
#![deny(unsafe_op_in_unsafe_fn)]

/// A self-loop set in both of its forms.
#[derive(Clone, Copy)]
#[cfg_attr(not(all(target_arch = "x86_64", feature = "std", not(feature = "force-scalar"))), allow(dead_code))]
pub(crate) struct Set<'t> {
    pub lut: &'t [u8; 256],
    pub bit: u8,
    pub nibbles: &'t [u8; 32],
    pub high: u8,
}

impl Set<'_> {
    /// Whether byte `b` is in the set (the scalar table).
    #[inline(always)]
    pub(crate) fn contains(&self, b: u8) -> bool {
        // A byte indexes a 256-entry table: always in range.
        #[allow(clippy::indexing_slicing)]
        let v = self.lut[b as usize];
        v & self.bit != 0
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
        Set { lut: &self.lut, bit: 1, nibbles: &self.nibbles.table, high: self.nibbles.high }
    }
}

/// The scalar twin: the first index `>= i` whose byte is not in the set.
#[inline(always)]
pub(crate) fn skip_scalar(input: &[u8], i: usize, set: Set<'_>) -> usize {
    match input.get(i..) {
        // A byte indexes a 256-entry table: always in range.
        #[allow(clippy::indexing_slicing)]
        Some(rest) => rest.iter().position(|&b| set.lut[b as usize] & set.bit == 0).map_or(input.len(), |k| i + k),
        None => input.len(),
    }
}

/// A way of skipping runs: [`Scalar`], or AVX2 (a token that exists only
/// once the CPU is known to support it).
pub(crate) trait Skip: Copy {
    /// The first index `>= i` whose byte is not in `set`, or the length.
    fn skip(self, input: &[u8], i: usize, set: Set<'_>) -> usize;
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
        let p = input.as_ptr();
        let high_in = set.high == uriscan_layout::HIGH_ALL;
        // SAFETY: `nibbles` is 32 bytes long: two unaligned 16-byte loads; the
        // CPU supports AVX2 (this function's contract).
        let (lo16, hi16) = unsafe {
            (_mm_loadu_si128(set.nibbles.as_ptr().cast()), _mm_loadu_si128(set.nibbles.as_ptr().add(16).cast()))
        };
        if n >= 32 {
            // SAFETY: register-only AVX2 intrinsics; the CPU supports AVX2.
            let (lo_t, hi_t) = unsafe { (_mm256_broadcastsi128_si256(lo16), _mm256_broadcastsi128_si256(hi16)) };
            while i + 32 <= n {
                // SAFETY: `i + 32 <= n`, so the 32 bytes at `p + i` are in
                // `input`; the CPU supports AVX2.
                let stop = unsafe { stops32(_mm256_loadu_si256(p.add(i).cast()), lo_t, hi_t, high_in) };
                if stop != 0 {
                    return i + stop.trailing_zeros() as usize;
                }
                i += 32;
            }
            if i < n {
                // The last 32 bytes of the input; bits below `i` are dropped.
                let base = n - 32;
                // SAFETY: `n >= 32`, so `base..n` is in `input`; the CPU supports AVX2.
                let stop =
                    unsafe { stops32(_mm256_loadu_si256(p.add(base).cast()), lo_t, hi_t, high_in) } >> (i - base);
                return if stop != 0 { i + stop.trailing_zeros() as usize } else { n };
            }
            return i;
        }
        while i + 16 <= n {
            // SAFETY: `i + 16 <= n`, so the 16 bytes at `p + i` are in
            // `input`; the CPU supports AVX2.
            let stop = unsafe { stops16(_mm_loadu_si128(p.add(i).cast()), lo16, hi16, high_in) };
            if stop != 0 {
                return i + stop.trailing_zeros() as usize;
            }
            i += 16;
        }
        if i < n {
            let base = n - 16;
            // SAFETY: `n >= 16`, so `base..n` is in `input`; the CPU supports AVX2.
            let stop = unsafe { stops16(_mm_loadu_si128(p.add(base).cast()), lo16, hi16, high_in) } >> (i - base);
            return if stop != 0 { i + stop.trailing_zeros() as usize } else { n };
        }
        i
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
                bit: uriscan_layout::lut_bit(k),
                nibbles: &dfa::ACCEL_NIBBLES[k],
                high: dfa::ACCEL_HIGH[k],
            })
            .collect()
    }

    /// The nibble tables and the bit tables describe the same sets, byte by byte.
    #[test]
    fn nibble_tables_agree_with_bit_tables_for_all_256_bytes() {
        for (k, s) in sets().iter().enumerate() {
            let words = dfa::ACCEL_SETS[k];
            for b in 0..=255u8 {
                let in_words = (words[(b >> 6) as usize] >> (b & 63)) & 1 != 0;
                assert_eq!(s.lut[b as usize] & s.bit != 0, in_words, "set {} byte {:#04x}", k, b);
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
            let member: Vec<u8> = (0..=255u8).filter(|&b| s.lut[b as usize] & s.bit != 0).collect();
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
                assert_eq!(s.lut[b as usize] & s.bit != 0, want.contains(b), "{b:#04x}");
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
        let s = Set { lut: &lut, bit: 1, nibbles: &nib, high: 1 };
        let v: Vec<u8> = (0..=255u8).filter(|&b| b != b'#').chain([b'#', b'a']).collect();
        assert_eq!(skip(&v, 0, s), 255);
        assert_eq!(skip_scalar(&v, 0, s), 255);
    }
}
