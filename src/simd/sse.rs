//! The SSSE3 skipper, for x86-64 CPUs without AVX2: the block algorithms
//! of `blocks.rs` on 16-byte registers (`pshufb` is SSSE3's; the rest is
//! SSE2, which every x86-64 CPU has). Its vector type also makes AVX2's
//! 16-byte blocks (for inputs of 16 to 31 bytes), where the compiler gives
//! the same instructions their VEX encoding.

use super::blocks::{self, Vector};
use super::{Set, Skip, WithSkip};
use core::arch::x86_64::*;

/// Proof that the CPU supports SSSE3: only [`Sse::detect`] makes one.
#[derive(Clone, Copy)]
pub(crate) struct Sse(());

impl Sse {
    /// `Some` when the CPU supports SSSE3 (detected once, then cached).
    #[inline(always)]
    pub(crate) fn detect() -> Option<Sse> {
        super::cpu::has(super::cpu::SSSE3).then_some(Sse(()))
    }
}

impl Skip for Sse {
    #[inline(always)]
    fn skip(self, input: &[u8], i: usize, set: Set<'_>) -> usize {
        if set.high == uriscan_layout::HIGH_MIXED || input.len() < 16 {
            return super::skip_scalar(input, i, set);
        }
        // SAFETY: the input holds a block; an `Sse` token exists only when
        // the CPU supports SSSE3.
        unsafe { blocks::skip::<V128>(input, i, set) }
    }

    #[inline(always)]
    fn eq4(self, input: &[u8], w: usize, bytes: [u8; 4]) -> Option<[u64; 4]> {
        if input.len() < 16 {
            return None;
        }
        // SAFETY: the input holds a block; an `Sse` token exists only when
        // the CPU supports SSSE3.
        Some(unsafe { blocks::eq4::<V128>(input, w, bytes) })
    }
}

/// Runs `w` compiled for SSSE3.
///
/// # Safety
/// The CPU must support SSSE3 (the token says so).
#[target_feature(enable = "ssse3")]
pub(super) unsafe fn call<W: WithSkip>(w: W, token: Sse) -> W::Out {
    w.call(token)
}

/// A 16-byte register. Its methods carry no `#[target_feature]` so that
/// they inline into a `call` compiled for SSSE3 or AVX2 (which implies
/// it); they are only reached from there.
#[derive(Clone, Copy)]
pub(super) struct V128(__m128i);

impl Vector for V128 {
    const LANES: u32 = 16;

    #[inline(always)]
    unsafe fn load(input: &[u8], at: usize) -> V128 {
        debug_assert!(at + 16 <= input.len());
        // SAFETY: the 16 bytes at `at` are in `input` (the contract); an
        // unaligned load; the CPU supports SSE2.
        V128(unsafe { _mm_loadu_si128(input.as_ptr().add(at).cast()) })
    }

    #[inline(always)]
    unsafe fn table(t: &[u8; 16]) -> V128 {
        // SAFETY: `t` is 16 bytes long: one unaligned load; SSE2.
        V128(unsafe { _mm_loadu_si128(t.as_ptr().cast()) })
    }

    #[inline(always)]
    unsafe fn splat(b: u8) -> V128 {
        // SAFETY: register-only SSE2 intrinsic; the CPU supports it.
        V128(unsafe { _mm_set1_epi8(b as i8) })
    }

    #[inline(always)]
    unsafe fn and(self, other: V128) -> V128 {
        // SAFETY: register-only SSE2 intrinsic; the CPU supports it.
        V128(unsafe { _mm_and_si128(self.0, other.0) })
    }

    #[inline(always)]
    unsafe fn high_nibbles(self) -> V128 {
        // SAFETY: register-only SSE2 intrinsics; the CPU supports them.
        V128(unsafe { _mm_and_si128(_mm_srli_epi16::<4>(self.0), _mm_set1_epi8(0x0F)) })
    }

    #[inline(always)]
    unsafe fn lookup(self, idx: V128) -> V128 {
        // SAFETY: register-only SSSE3 intrinsic; the CPU supports it (the
        // contract).
        V128(unsafe { _mm_shuffle_epi8(self.0, idx.0) })
    }

    #[inline(always)]
    unsafe fn eq(self, other: V128) -> V128 {
        // SAFETY: register-only SSE2 intrinsic; the CPU supports it.
        V128(unsafe { _mm_cmpeq_epi8(self.0, other.0) })
    }

    #[inline(always)]
    unsafe fn gt(self, other: V128) -> V128 {
        // SAFETY: register-only SSE2 intrinsic; the CPU supports it.
        V128(unsafe { _mm_cmpgt_epi8(self.0, other.0) })
    }

    #[inline(always)]
    unsafe fn movemask(self) -> u32 {
        // SAFETY: register-only SSE2 intrinsic; the CPU supports it. (The
        // mask is 16 bits: the `i32` is not negative.)
        unsafe { _mm_movemask_epi8(self.0) as u32 }
    }
}
