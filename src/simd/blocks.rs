//! The block algorithms of the SIMD skippers, written once over
//! [`Vector`]: a register of 16 or 32 bytes and the handful of operations
//! they take from it (`pshufb` nibble lookups, byte compares, `movemask`).
//! Each instruction set's module (`avx2.rs`, `sse.rs`) implements `Vector`
//! for its registers; every method is `#[inline(always)]`, so an algorithm
//! instantiated for a vector type compiles to that instruction set's code
//! once inlined into its `call` (compiled with the set's target feature).
//!
//! A mask has bit `k` for lane `k` (byte `at + k` of a block at `at`); bits
//! at and above [`Vector::LANES`] are clear.

use super::Set;

/// A SIMD register of [`LANES`](Vector::LANES) bytes (16 or 32) and the
/// operations the block algorithms use.
///
/// # Safety
///
/// Every method may be called only where the CPU supports the instruction
/// set of the implementing type (the token of that set exists): that is the
/// contract of each method's `unsafe`, besides what a method adds.
pub(super) trait Vector: Copy {
    /// Bytes per register: 16 or 32.
    const LANES: u32;

    /// The `LANES` bytes of `input` at `at`.
    ///
    /// # Safety
    /// `at + LANES <= input.len()`; the CPU supports the instruction set.
    unsafe fn load(input: &[u8], at: usize) -> Self;

    /// A 16-byte lookup table for [`lookup`](Vector::lookup), in every
    /// 16-byte half of the register.
    ///
    /// # Safety
    /// The CPU supports the instruction set.
    unsafe fn table(t: &[u8; 16]) -> Self;

    /// Every lane `b`.
    ///
    /// # Safety
    /// The CPU supports the instruction set.
    unsafe fn splat(b: u8) -> Self;

    /// Lane-wise `and`.
    ///
    /// # Safety
    /// The CPU supports the instruction set.
    unsafe fn and(self, other: Self) -> Self;

    /// Every lane's high nibble (`b >> 4`, in `0..16`).
    ///
    /// # Safety
    /// The CPU supports the instruction set.
    unsafe fn high_nibbles(self) -> Self;

    /// `pshufb`: lane `k` is `self[idx[k] & 15]` of `k`'s 16-byte half, or
    /// 0 when `idx[k] >= 0x80`.
    ///
    /// # Safety
    /// The CPU supports the instruction set.
    unsafe fn lookup(self, idx: Self) -> Self;

    /// `0xFF` in the lanes that are equal, 0 in the others.
    ///
    /// # Safety
    /// The CPU supports the instruction set.
    unsafe fn eq(self, other: Self) -> Self;

    /// `0xFF` in the lanes that are greater as `i8`, 0 in the others.
    ///
    /// # Safety
    /// The CPU supports the instruction set.
    unsafe fn gt(self, other: Self) -> Self;

    /// The top bit of every lane: bit `k` for lane `k`.
    ///
    /// # Safety
    /// The CPU supports the instruction set.
    unsafe fn movemask(self) -> u32;
}

/// Every lane's bit of a mask of `V`.
#[inline(always)]
const fn all<V: Vector>() -> u32 {
    u32::MAX >> (32 - V::LANES)
}

/// The low and high 16 bytes of a nibble table.
#[inline(always)]
fn halves(t: &[u8; 32]) -> (&[u8; 16], &[u8; 16]) {
    const NONE: &[u8; 16] = &[0; 16];
    (t.first_chunk().unwrap_or(NONE), t.last_chunk().unwrap_or(NONE))
}

/// The lanes of `v` whose byte is in the ASCII set of the nibble tables
/// `lo_t` and `hi_t`: non-zero there, 0 elsewhere (bytes `>= 0x80` are 0:
/// their high nibble's entry of every table is 0).
///
/// # Safety
/// The CPU supports `V`'s instruction set.
#[inline(always)]
unsafe fn classify<V: Vector>(v: V, lo_t: V, hi_t: V) -> V {
    // SAFETY: register-only operations of `V`; the CPU supports them (this
    // function's contract).
    unsafe {
        let m = V::splat(0x0F);
        lo_t.lookup(v.and(m)).and(hi_t.lookup(v.high_nibbles()))
    }
}

/// The lanes of `v` that are not in the set (nibble tables `lo_t`, `hi_t`;
/// `high_in`: every byte `>= 0x80` is in it).
///
/// # Safety
/// The CPU supports `V`'s instruction set.
#[inline(always)]
unsafe fn stops<V: Vector>(v: V, lo_t: V, hi_t: V, high_in: bool) -> u32 {
    // SAFETY: register-only operations of `V`; the CPU supports them.
    unsafe {
        let miss = classify(v, lo_t, hi_t).eq(V::splat(0)).movemask();
        if high_in {
            miss & !v.movemask()
        } else {
            miss
        }
    }
}

/// The lanes of `v` in the ASCII set whose nibble tables are `t`. (Only
/// `t`'s low half is read: the high half of every nibble table is
/// `NIBBLE_HI`, and `hi_t` holds it, so the compiler shares its lookup
/// with the block's own; see [`skip`].)
///
/// # Safety
/// The CPU supports `V`'s instruction set.
#[inline(always)]
unsafe fn hits<V: Vector>(v: V, t: &[u8; 32], hi_t: V) -> u32 {
    // SAFETY: `table` reads the 16 bytes it is given; the rest are
    // register-only operations of `V`; the CPU supports them.
    unsafe { !classify(v, V::table(halves(t).0), hi_t).eq(V::splat(0)).movemask() & all::<V>() }
}

/// For the lanes of `v`: those with a safe two-byte and a safe three-byte
/// leading byte of `leads` (`uriscan_layout::utf8_leads`), and the
/// continuation bytes.
///
/// # Safety
/// The CPU supports `V`'s instruction set.
#[inline(always)]
unsafe fn utf8_masks<V: Vector>(v: V, leads: &[u8; 32]) -> [u32; 3] {
    // SAFETY: `table` reads the 16 bytes it is given; the rest are
    // register-only operations of `V`; the CPU supports them.
    unsafe {
        let (lo, hi) = halves(leads);
        let hit = classify(v, V::table(lo), V::table(hi));
        let zero = V::splat(0);
        let l2 = hit.and(V::splat(uriscan_layout::UTF8_LEAD2)).eq(zero);
        let l3 = hit.and(V::splat(uriscan_layout::UTF8_LEAD3)).eq(zero);
        // 0x80..=0xBF are the bytes below -0x40 as `i8`.
        let cont = V::splat(0xC0).gt(v);
        [!l2.movemask() & all::<V>(), !l3.movemask() & all::<V>(), cont.movemask()]
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
/// (`stop` and `cover` of [`block`]): the stops, and how many lanes the
/// block has settled (`w` unless it is not the input's last).
///
/// A triplet or character is at most three bytes: one that leads in the
/// block's last two lanes may go on past it. Unless the block is the
/// input's last (`tail`: its masks are then exact, a cut element is no
/// element), those two lanes are left to the next block, which starts
/// where the covers of this one end: at lane `w - 2`, or past the lanes an
/// element leading before it covers there.
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

/// The lanes from `from` on where a triplet or a character may lead: all
/// of them in the input's last block, else all but the last two.
#[inline(always)]
fn lead_lanes(w: u32, from: u32, tail: bool) -> u32 {
    let below = if tail { u32::MAX } else { (1 << (w - 2)) - 1 };
    (u32::MAX << from) & below
}

/// Whether the first of the `stop` lanes of the block at `at` may be taken
/// into a run without triplets: it is a byte `>= 0x80` and the run may hold
/// UTF-8 characters. (When not, it is the answer, and the block needs no
/// more work.)
#[inline(always)]
fn may_cover(input: &[u8], at: usize, stop: u32, set: Set<'_>) -> bool {
    let j = at + stop.trailing_zeros() as usize;
    set.utf8.is_some() && input.get(j).is_some_and(|&b| b >= 0x80)
}

/// The stops of the block of `V::LANES` bytes at `at`, from lane `from`
/// on, with the complete triplets of `set.ext` and the whole characters
/// of `set.utf8` taken into the run, and how many bytes from `at` the
/// block has settled (see [`settle`]; the next block starts there when
/// there is no stop). `tail`: the block ends the input.
///
/// # Safety
/// `at + V::LANES <= input.len()`; the CPU supports `V`'s instruction set.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
unsafe fn block<V: Vector>(
    input: &[u8],
    at: usize,
    from: u32,
    tail: bool,
    set: Set<'_>,
    lo_t: V,
    hi_t: V,
    high_in: bool,
) -> (u32, usize) {
    let w = V::LANES;
    // SAFETY: the block's bytes are in `input` and the CPU supports `V`'s
    // instruction set (this function's contract).
    let (v, stop) = unsafe {
        let v = V::load(input, at);
        (v, stops(v, lo_t, hi_t, high_in) & (u32::MAX << from))
    };
    // A run with triplets takes the block's triplet masks at every stop
    // rather than read the stop's byte back first to see whether it leads
    // one: the loads of that test wait on the stops' mask, and the blocks
    // of such runs mostly do stop at a triplet (`%E6%97%A5`). Measured:
    // 2.5-3 % fewer instructions on the percent-heavy list.
    if stop == 0 || (set.ext.is_none() && !may_cover(input, at, stop, set)) {
        return (stop, w as usize);
    }
    let lanes = lead_lanes(w, from, tail);
    let mut cover = 0;
    if let Some(ext) = set.ext {
        // SAFETY: the CPU supports `V`'s instruction set.
        let [lead, first, second] = unsafe {
            let first = hits(v, &ext.nibbles[1], hi_t);
            let second = if ext.repeats { first } else { hits(v, &ext.nibbles[2], hi_t) };
            [hits(v, &ext.nibbles[0], hi_t), first, second]
        };
        cover = triplet_cover(lanes, lead, first, second);
    }
    if let Some(leads) = set.utf8 {
        // SAFETY: the CPU supports `V`'s instruction set.
        let [l2, l3, cont] = unsafe { utf8_masks(v, leads) };
        cover |= utf8_cover(lanes, l2, l3, cont);
    }
    settle(w, stop, cover, tail)
}

/// [`super::skip_scalar`] by blocks of `V::LANES` bytes, for a set whose
/// `high` is not `HIGH_MIXED` and an input of one block or more (the
/// caller checks both).
///
/// # Safety
/// `input.len() >= V::LANES`; the CPU supports `V`'s instruction set.
#[inline(always)]
pub(super) unsafe fn skip<V: Vector>(input: &[u8], mut i: usize, set: Set<'_>) -> usize {
    let n = input.len();
    let w = V::LANES as usize;
    if i >= n {
        // (What the scalar twin answers there.)
        return n;
    }
    let high_in = set.high == uriscan_layout::HIGH_ALL;
    // The high half of the set's nibble tables is `NIBBLE_HI`, as it is for
    // every set (`uriscan_layout::nibbles`): a constant, which the triplet
    // tests of a block share (one load fewer per run, and one lookup fewer
    // per triplet set; measured).
    // SAFETY: `table` reads the 16 bytes it is given; the CPU supports
    // `V`'s instruction set (this function's contract).
    let (lo_t, hi_t) = unsafe { (V::table(halves(set.nibbles).0), V::table(&uriscan_layout::NIBBLE_HI)) };
    // SAFETY (for every `block` call below): `at + w <= n` (`n >= w`, the
    // contract, for the last block); the CPU supports `V`'s instruction set.
    let block = |at: usize, from: u32, tail: bool| unsafe { block(input, at, from, tail, set, lo_t, hi_t, high_in) };
    while i + w < n {
        let (stop, settled) = block(i, 0, false);
        if stop != 0 {
            return i + stop.trailing_zeros() as usize;
        }
        i += settled;
    }
    // The input's last block, from lane `i - base` on.
    let base = n - w;
    let (stop, _) = block(base, (i - base) as u32, true);
    if stop != 0 {
        base + stop.trailing_zeros() as usize
    } else {
        n
    }
}

/// One mask per byte of `bytes`: its occurrences in the block at `at`.
///
/// # Safety
/// `at + V::LANES <= input.len()`; the CPU supports `V`'s instruction set.
#[inline(always)]
unsafe fn eq4_block<V: Vector>(input: &[u8], at: usize, bytes: [u8; 4]) -> [u64; 4] {
    // SAFETY: the block's bytes are in `input`, and the CPU supports `V`'s
    // instruction set (this function's contract); the rest are
    // register-only operations of `V`.
    unsafe {
        let v = V::load(input, at);
        let eq = |b: u8| u64::from(v.eq(V::splat(b)).movemask());
        [eq(bytes[0]), eq(bytes[1]), eq(bytes[2]), eq(bytes[3])]
    }
}

/// [`super::Skip::eq4`] by blocks of `V::LANES` bytes, for an input of
/// one block or more (the caller checks): for each of `bytes`, the mask of
/// its occurrences in the window of (up to) 64 bytes at `w`.
///
/// # Safety
/// `input.len() >= V::LANES`; the CPU supports `V`'s instruction set.
#[inline(always)]
pub(super) unsafe fn eq4<V: Vector>(input: &[u8], w: usize, bytes: [u8; 4]) -> [u64; 4] {
    let n = input.len();
    let lanes = V::LANES as usize;
    let mut m = [0u64; 4];
    let mut put = |b: [u64; 4], shift_left: bool, sh: usize| {
        for (m, b) in m.iter_mut().zip(b) {
            *m |= if shift_left { b << sh } else { b >> sh };
        }
    };
    for k in 0..64 / lanes {
        let at = w + k * lanes;
        if at + lanes <= n {
            // SAFETY: `at + lanes <= n`; the CPU supports `V`'s set.
            put(unsafe { eq4_block::<V>(input, at, bytes) }, true, k * lanes);
        } else {
            if at < n {
                // The input's last block ends at `n`: its bit `j` is byte
                // `base + j`, the window's bit `base - w + j`.
                let base = n - lanes;
                // SAFETY: `base + lanes == n`; the CPU supports `V`'s set.
                let b = unsafe { eq4_block::<V>(input, base, bytes) };
                if base >= w {
                    put(b, true, base - w);
                } else {
                    put(b, false, w - base);
                }
            }
            break;
        }
    }
    m
}
