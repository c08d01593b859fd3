//! The instruction sets of the CPU, detected once and cached: the one
//! place that asks the CPU, for the tokens of `avx2.rs` and `sse.rs`.

use core::sync::atomic::{AtomicU8, Ordering};

/// Bit: the sets below have been detected.
const KNOWN: u8 = 1;
/// Bit: the CPU supports SSSE3 (`pshufb`; SSE2 is part of x86-64).
pub(super) const SSSE3: u8 = 2;
/// Bit: the CPU supports AVX2.
pub(super) const AVX2: u8 = 4;

static FEATURES: AtomicU8 = AtomicU8::new(0);

/// Whether the CPU supports the instruction set of `bit` ([`SSSE3`],
/// [`AVX2`]). (The set's bit is tested first: where it is there, that is
/// one load, a test and a branch.)
#[inline(always)]
pub(super) fn has(bit: u8) -> bool {
    let f = FEATURES.load(Ordering::Relaxed);
    if f & bit != 0 {
        return true;
    }
    f == 0 && detect() & bit != 0
}

#[cold]
fn detect() -> u8 {
    let mut f = KNOWN;
    if std::is_x86_feature_detected!("ssse3") {
        f |= SSSE3;
    }
    if std::is_x86_feature_detected!("avx2") {
        f |= AVX2;
    }
    FEATURES.store(f, Ordering::Relaxed);
    f
}
