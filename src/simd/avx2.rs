//! The AVX2 skipper: the block algorithms of `blocks.rs` on 32-byte
//! registers, and on 16-byte ones (`sse.rs`'s) for inputs of 16 to 31
//! bytes.

use super::blocks::{self, Vector};
use super::sse::V128;
use super::{Set, Skip, WithSkip};
use core::arch::x86_64::*;

/// Proof that the CPU supports AVX2: only [`Avx2::detect`] makes one.
#[derive(Clone, Copy)]
pub(crate) struct Avx2(());

impl Avx2 {
    /// `Some` when the CPU supports AVX2 (detected once, then cached).
    #[inline(always)]
    pub(crate) fn detect() -> Option<Avx2> {
        super::cpu::has(super::cpu::AVX2).then_some(Avx2(()))
    }
}

impl Skip for Avx2 {
    #[inline(always)]
    fn skip(self, input: &[u8], i: usize, set: Set<'_>) -> usize {
        if set.high == uriscan_layout::HIGH_MIXED || input.len() < 16 {
            return super::skip_scalar(input, i, set);
        }
        // SAFETY: the input holds a block of the width chosen; an `Avx2`
        // token exists only when the CPU supports AVX2 (which implies the
        // SSSE3 of `V128`).
        unsafe {
            if input.len() >= 32 {
                blocks::skip::<V256>(input, i, set)
            } else {
                blocks::skip::<V128>(input, i, set)
            }
        }
    }

    #[inline(always)]
    fn eq4(self, input: &[u8], w: usize, bytes: [u8; 4]) -> Option<[u64; 4]> {
        if input.len() < 32 {
            return None;
        }
        // SAFETY: the input holds a block; an `Avx2` token exists only when
        // the CPU supports AVX2.
        Some(unsafe { blocks::eq4::<V256>(input, w, bytes) })
    }
}

/// Runs `w` compiled for AVX2.
///
/// # Safety
/// The CPU must support AVX2 (the token says so).
#[target_feature(enable = "avx2")]
pub(super) unsafe fn call<W: WithSkip>(w: W, token: Avx2) -> W::Out {
    w.call(token)
}

/// A 32-byte register. Its methods carry no `#[target_feature]` so that
/// they inline into [`call`], which is compiled for AVX2; they are only
/// reached from there.
#[derive(Clone, Copy)]
pub(super) struct V256(__m256i);

impl Vector for V256 {
    const LANES: u32 = 32;

    #[inline(always)]
    unsafe fn load(input: &[u8], at: usize) -> V256 {
        debug_assert!(at + 32 <= input.len());
        // SAFETY: the 32 bytes at `at` are in `input` (the contract); an
        // unaligned load; the CPU supports AVX2.
        V256(unsafe { _mm256_loadu_si256(input.as_ptr().add(at).cast()) })
    }

    #[inline(always)]
    unsafe fn table(t: &[u8; 16]) -> V256 {
        // SAFETY: `t` is 16 bytes long: one unaligned load, broadcast to
        // both halves; the CPU supports AVX2.
        V256(unsafe { _mm256_broadcastsi128_si256(_mm_loadu_si128(t.as_ptr().cast())) })
    }

    #[inline(always)]
    unsafe fn splat(b: u8) -> V256 {
        // SAFETY: register-only AVX intrinsic; the CPU supports AVX2.
        V256(unsafe { _mm256_set1_epi8(b as i8) })
    }

    #[inline(always)]
    unsafe fn and(self, other: V256) -> V256 {
        // SAFETY: register-only AVX2 intrinsic; the CPU supports it.
        V256(unsafe { _mm256_and_si256(self.0, other.0) })
    }

    #[inline(always)]
    unsafe fn high_nibbles(self) -> V256 {
        // SAFETY: register-only AVX2 intrinsics; the CPU supports them.
        V256(unsafe { _mm256_and_si256(_mm256_srli_epi16::<4>(self.0), _mm256_set1_epi8(0x0F)) })
    }

    #[inline(always)]
    unsafe fn lookup(self, idx: V256) -> V256 {
        // SAFETY: register-only AVX2 intrinsic; the CPU supports it.
        V256(unsafe { _mm256_shuffle_epi8(self.0, idx.0) })
    }

    #[inline(always)]
    unsafe fn eq(self, other: V256) -> V256 {
        // SAFETY: register-only AVX2 intrinsic; the CPU supports it.
        V256(unsafe { _mm256_cmpeq_epi8(self.0, other.0) })
    }

    #[inline(always)]
    unsafe fn gt(self, other: V256) -> V256 {
        // SAFETY: register-only AVX2 intrinsic; the CPU supports it.
        V256(unsafe { _mm256_cmpgt_epi8(self.0, other.0) })
    }

    #[inline(always)]
    unsafe fn movemask(self) -> u32 {
        // SAFETY: register-only AVX2 intrinsic; the CPU supports it (the
        // `i32` is the 32 lanes' bits).
        unsafe { _mm256_movemask_epi8(self.0) as u32 }
    }
}
