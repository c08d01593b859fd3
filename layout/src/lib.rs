//! The layout of the tables that `uriscan-codegen` writes and `uriscan`'s
//! walker reads, defined once for both sides.
//!
//! The generator packs with these functions and the walker unpacks with
//! them, so a change of a field's position or width is made here and reaches
//! both; `tests` below pin the round trips.
//!
//! # Transitions
//!
//! A transition (an entry of `TRANS`, `STARTS` or `TRIPLET_TO`) is one
//! `u32`:
//!
//! | bits | field |
//! | --- | --- |
//! | 0..16 | the target state, premultiplied by the class count (0: the dead state) |
//! | 16..24 | the target's operation list to run before it (0: none) |
//! | 24..32 | the target's self-loop field (see below) |
//!
//! ```
//! use uriscan_layout as layout;
//! let t = layout::pack(21 * 7, 3, layout::run_field(2)).unwrap();
//! assert_eq!((layout::target(t), layout::ops(t), layout::self_loop(t)), (147, 3, 3));
//! assert_eq!(layout::pack(1 << 16, 0, 0), None);
//! ```
//!
//! # Self-loop fields
//!
//! 0: the state has no run to skip. `1..=nsets`: the state's run is the
//! self-loop set `field - 1`, stored as bit [`lut_bit`] of row [`lut_row`]
//! of `ACCEL_LUT` (eight sets share a 256-byte row) and as nibble tables
//! ([`nibbles`]). From [`triplet_base`]`(nsets)` on: the state begins
//! triplet `field - base`, a two-byte excursion back to a run state
//! (`"%" HEXDIG HEXDIG` inside a path), whose `TRIPLET_LUT` row holds the
//! bits [`TRIPLET_FIRST`], [`TRIPLET_SECOND`] and [`TRIPLET_AGAIN`].
//!
//! A run set may also hold a triplet's whole occurrences: `ACCEL_EXT` of
//! the set ([`ext_field`]) names the triplet, and `TRIPLET_NIBBLES` holds its
//! three byte sets as nibble tables for the SIMD test.
//!
//! # Acceptance
//!
//! `FINAL[state]` is [`REJECT`], or [`accept`]`(list)`: the state accepts
//! after operation list `list` moves the tag values to their home registers.
#![no_std]
#![warn(missing_docs)]

mod tables;
pub use tables::{Accels, Automaton, Tables};

/// Bits of a transition that hold the (premultiplied) target state.
pub const TARGET_MASK: u32 = 0xFFFF;
/// Position of the operation-list field.
pub const OPS_SHIFT: u32 = 16;
/// Width mask of the operation-list field.
pub const OPS_MASK: u32 = 0xFF;
/// Position of the self-loop field.
pub const LOOP_SHIFT: u32 = 24;
/// Width mask of the self-loop field.
pub const LOOP_MASK: u32 = 0xFF;

/// The largest premultiplied target a transition can hold.
pub const MAX_TARGET: u32 = TARGET_MASK;
/// The largest operation-list index a transition can hold.
pub const MAX_OPS: u32 = OPS_MASK;
/// The largest self-loop field a transition can hold.
pub const MAX_LOOP: u32 = LOOP_MASK;

/// Packs a transition; `None` when a field does not fit its width.
///
/// ```
/// assert_eq!(uriscan_layout::pack(0, 0, 0), Some(0));
/// assert_eq!(uriscan_layout::pack(0, 256, 0), None);
/// ```
#[must_use]
pub const fn pack(target: u32, ops: u32, self_loop: u32) -> Option<u32> {
    if target > MAX_TARGET || ops > MAX_OPS || self_loop > MAX_LOOP {
        return None;
    }
    Some(target | ops << OPS_SHIFT | self_loop << LOOP_SHIFT)
}

/// The premultiplied target state of a transition (0: dead).
///
/// ```
/// assert_eq!(uriscan_layout::target(0x0301_0015), 0x15);
/// ```
#[inline(always)]
#[must_use]
pub const fn target(t: u32) -> usize {
    (t & TARGET_MASK) as usize
}

/// The operation list of a transition (0: none).
///
/// ```
/// assert_eq!(uriscan_layout::ops(0x0301_0015), 1);
/// ```
#[inline(always)]
#[must_use]
pub const fn ops(t: u32) -> u32 {
    (t >> OPS_SHIFT) & OPS_MASK
}

/// The self-loop field of a transition's target (0: none).
///
/// ```
/// assert_eq!(uriscan_layout::self_loop(0x0301_0015), 3);
/// ```
#[inline(always)]
#[must_use]
pub const fn self_loop(t: u32) -> u32 {
    (t >> LOOP_SHIFT) & LOOP_MASK
}

/// The self-loop field that names run set `set` (0-based).
///
/// ```
/// assert_eq!(uriscan_layout::run_field(0), 1);
/// ```
#[must_use]
pub const fn run_field(set: usize) -> u32 {
    set as u32 + 1
}

/// The run set a self-loop field below the triplet base names.
///
/// ```
/// use uriscan_layout as l;
/// assert_eq!(l::run_set(l::run_field(5)), 5);
/// ```
#[inline(always)]
#[must_use]
pub const fn run_set(field: u32) -> usize {
    (field - 1) as usize
}

/// How many run sets share one 256-byte row of `ACCEL_LUT`.
pub const SETS_PER_LUT: usize = 8;

/// The `ACCEL_LUT` row of run set `set`.
///
/// ```
/// assert_eq!(uriscan_layout::lut_row(9), 1);
/// ```
#[inline(always)]
#[must_use]
pub const fn lut_row(set: usize) -> usize {
    set / SETS_PER_LUT
}

/// The bit of run set `set` in its `ACCEL_LUT` row.
///
/// ```
/// assert_eq!(uriscan_layout::lut_bit(9), 2);
/// ```
#[inline(always)]
#[must_use]
pub const fn lut_bit(set: usize) -> u8 {
    1 << lut_slot(set)
}

/// The position of run set `set`'s bit in its `ACCEL_LUT` row: [`lut_bit`]
/// is `1 << lut_slot`.
///
/// ```
/// assert_eq!(uriscan_layout::lut_slot(9), 1);
/// ```
#[inline(always)]
#[must_use]
pub const fn lut_slot(set: usize) -> u8 {
    (set % SETS_PER_LUT) as u8
}

/// The first self-loop field that names a triplet, for `nsets` run sets.
///
/// ```
/// assert_eq!(uriscan_layout::triplet_base(8), 9);
/// ```
#[must_use]
pub const fn triplet_base(nsets: usize) -> u32 {
    nsets as u32 + 1
}

/// `TRIPLET_LUT` bit: the byte may come first in the triplet's excursion.
pub const TRIPLET_FIRST: u8 = 1;
/// `TRIPLET_LUT` bit: the byte may come second.
pub const TRIPLET_SECOND: u8 = 2;
/// `TRIPLET_LUT` bit: the byte leads from the return state back into the
/// triplet's start state.
pub const TRIPLET_AGAIN: u8 = 4;

/// `ACCEL_EXT` value of run set that holds no triplet, or of one whose runs
/// may also hold whole occurrences of triplet `t` (its `TRIPLET_AGAIN` byte,
/// then a `TRIPLET_FIRST` and a `TRIPLET_SECOND` byte: `"%" HEXDIG HEXDIG`
/// inside a path segment). `None`: no triplet.
///
/// ```
/// use uriscan_layout as l;
/// assert_eq!(l::ext_triplet(l::ext_field(Some(3))), Some(3));
/// assert_eq!(l::ext_triplet(l::ext_field(None)), None);
/// ```
#[must_use]
pub const fn ext_field(t: Option<usize>) -> u8 {
    match t {
        Some(t) if t < 255 => t as u8 + 1,
        _ => 0,
    }
}

/// The triplet an `ACCEL_EXT` value names, if any.
///
/// ```
/// assert_eq!(uriscan_layout::ext_triplet(0), None);
/// ```
#[inline(always)]
#[must_use]
pub const fn ext_triplet(f: u8) -> Option<usize> {
    if f == 0 {
        None
    } else {
        Some(f as usize - 1)
    }
}

/// `FINAL` value of a state that does not accept.
pub const REJECT: u16 = 0;

/// `FINAL` value of a state that accepts after operation list `list`.
///
/// ```
/// use uriscan_layout as l;
/// assert_eq!(l::accept_list(l::accept(4)), Some(4));
/// assert_eq!(l::accept_list(l::REJECT), None);
/// ```
#[must_use]
pub const fn accept(list: u16) -> u16 {
    list + 1
}

/// The operation list of an accepting `FINAL` value (`None`: rejects).
///
/// ```
/// assert_eq!(uriscan_layout::accept_list(1), Some(0));
/// ```
#[inline(always)]
#[must_use]
pub const fn accept_list(f: u16) -> Option<u16> {
    if f == REJECT {
        None
    } else {
        Some(f - 1)
    }
}

/// [`Nibbles::high`]: no byte `>= 0x80` is in the set.
pub const HIGH_NONE: u8 = 0;
/// [`Nibbles::high`]: every byte `>= 0x80` is in the set.
pub const HIGH_ALL: u8 = 1;
/// [`Nibbles::high`]: some bytes `>= 0x80` are in the set and some are not
/// (the nibble test cannot say which: scan such a set byte by byte).
pub const HIGH_MIXED: u8 = 2;

/// The high half of every [`Nibbles::table`]: bit `h` for the high nibble
/// `h` of an ASCII byte, 0 for the others. It is the same for every set, so
/// a SIMD skipper may keep it in a register and share its lookup among the
/// sets it tests a block against.
///
/// ```
/// let n = uriscan_layout::nibbles(&[0, 1 << (b'a' - 64), 0, 0]);
/// assert_eq!(n.table[16..], uriscan_layout::NIBBLE_HI);
/// ```
pub const NIBBLE_HI: [u8; 16] = [1, 2, 4, 8, 16, 32, 64, 128, 0, 0, 0, 0, 0, 0, 0, 0];

/// A byte set as SIMD (`pshufb`) nibble tables: ASCII byte `b` is in the
/// set when `table[b & 15] & table[16 + (b >> 4)] != 0`, with
/// `table[16..]` always [`NIBBLE_HI`] (`table[16 + h] = 1 << h`);
/// [`high`](Nibbles::high) says what happens to the bytes `>= 0x80`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Nibbles {
    /// `[lo[16], hi[16]]`.
    pub table: [u8; 32],
    /// [`HIGH_NONE`], [`HIGH_ALL`] or [`HIGH_MIXED`].
    pub high: u8,
}

impl Nibbles {
    /// Whether the nibble tables put byte `b` in the set (for `b >= 0x80`,
    /// only when [`high`](Nibbles::high) is [`HIGH_ALL`]).
    ///
    /// ```
    /// // 'a' is 0x61: bit 0x61 % 64 of word 1.
    /// let n = uriscan_layout::nibbles(&[0, 1 << (b'a' - 64), 0, 0]);
    /// assert!(n.contains(b'a') && !n.contains(b'b') && !n.contains(b'!'));
    /// ```
    #[must_use]
    pub const fn contains(&self, b: u8) -> bool {
        if b >= 0x80 {
            return self.high == HIGH_ALL;
        }
        self.table[(b & 15) as usize] & self.table[16 + (b >> 4) as usize] != 0
    }
}

/// The nibble tables of the byte set whose bit `b % 64` of word `b / 64`
/// says whether byte `b` is in it.
///
/// ```
/// use uriscan_layout as l;
/// let digits = [0x03FF_0000_0000_0000, 0, 0, 0];
/// let n = l::nibbles(&digits);
/// assert!((0..=255u8).all(|b| n.contains(b) == b.is_ascii_digit()));
/// assert_eq!(n.high, l::HIGH_NONE);
/// ```
#[must_use]
pub const fn nibbles(bits: &[u64; 4]) -> Nibbles {
    let mut table = [0u8; 32];
    let mut highs = 0;
    let mut b = 0usize;
    while b < 256 {
        if bits[b / 64] >> (b % 64) & 1 != 0 {
            if b < 0x80 {
                table[b & 15] |= 1 << (b >> 4);
            } else {
                highs += 1;
            }
        }
        b += 1;
    }
    let mut h = 0;
    while h < 16 {
        table[16 + h] = NIBBLE_HI[h];
        h += 1;
    }
    let high = match highs {
        0 => HIGH_NONE,
        128 => HIGH_ALL,
        _ => HIGH_MIXED,
    };
    Nibbles { table, high }
}

/// The safe leading bytes of a UTF-8 run set as nibble tables (`[lo[16],
/// hi[16]]`, one row per UTF-8 run set, `UTF8_LEADS`): byte `b` leads a
/// two-byte character every one of whose 64 continuations is in the set
/// when `lo[b & 15] & hi[b >> 4] & UTF8_LEAD2 != 0`, a three-byte one all of
/// whose 4,096 are in it (and well-formed: not `E0`, whose short forms are
/// overlong, nor `ED`, which leads surrogates) when the `UTF8_LEAD3` bit is.
/// `hi` has [`UTF8_LEAD_C`] at 0xC, [`UTF8_LEAD_D`] at 0xD and [`UTF8_LEAD3`]
/// at 0xE, 0 elsewhere: a SIMD skipper then steps over whole characters of
/// the set in a block with two `pshufb`, and leaves every other character to
/// the scalar decoder.
///
/// ```
/// use uriscan_layout as l;
/// // Every two-byte character from U+00C0 (lead C3) to U+07FF (lead DF).
/// let t = l::utf8_leads(&|lead: u8| (0xC3..=0xDF).contains(&lead));
/// assert_eq!(l::utf8_lead_len(&t, 0xC3), 2);
/// assert_eq!(l::utf8_lead_len(&t, 0xC2), 0);
/// assert_eq!(l::utf8_lead_len(&t, 0xE4), 0);
/// assert_eq!(l::utf8_lead_len(&t, b'a'), 0);
/// ```
#[must_use]
pub fn utf8_leads(whole: &dyn Fn(u8) -> bool) -> [u8; 32] {
    let mut t = [0u8; 32];
    for lead in (0xC2..=0xDFu8).chain(0xE1..=0xECu8).chain(0xEE..=0xEFu8) {
        if whole(lead) {
            let bit = match lead >> 4 {
                0xC => UTF8_LEAD_C,
                0xD => UTF8_LEAD_D,
                _ => UTF8_LEAD3,
            };
            t[usize::from(lead & 15)] |= bit;
        }
    }
    t[16 + 0xC] = UTF8_LEAD_C;
    t[16 + 0xD] = UTF8_LEAD_D;
    t[16 + 0xE] = UTF8_LEAD3;
    t
}

/// [`utf8_leads`] bit of a two-byte lead `0xC_`.
pub const UTF8_LEAD_C: u8 = 1;
/// [`utf8_leads`] bit of a two-byte lead `0xD_`.
pub const UTF8_LEAD_D: u8 = 2;
/// [`utf8_leads`] bits of the two-byte leads.
pub const UTF8_LEAD2: u8 = UTF8_LEAD_C | UTF8_LEAD_D;
/// [`utf8_leads`] bit of a three-byte lead `0xE_`.
pub const UTF8_LEAD3: u8 = 4;

/// The length of the character byte `b` leads when it is a safe lead of the
/// [`utf8_leads`] tables `t` (2 or 3), else 0.
///
/// ```
/// use uriscan_layout as l;
/// let t = l::utf8_leads(&|lead: u8| lead == 0xE6);
/// assert_eq!(l::utf8_lead_len(&t, 0xE6), 3);
/// assert_eq!(l::utf8_lead_len(&t, 0xE7), 0);
/// ```
#[inline(always)]
#[must_use]
pub const fn utf8_lead_len(t: &[u8; 32], b: u8) -> usize {
    let hit = t[(b & 15) as usize] & t[16 + (b >> 4) as usize];
    if hit & UTF8_LEAD3 != 0 {
        3
    } else if hit & UTF8_LEAD2 != 0 {
        2
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_round_trip_at_their_limits() {
        for (t, o, l) in [(0, 0, 0), (MAX_TARGET, MAX_OPS, MAX_LOOP), (1234, 17, 200), (MAX_TARGET, 0, 1)] {
            let p = pack(t, o, l).unwrap();
            assert_eq!((target(p), ops(p), self_loop(p)), (t as usize, o, l));
        }
        assert_eq!(pack(MAX_TARGET + 1, 0, 0), None);
        assert_eq!(pack(0, MAX_OPS + 1, 0), None);
        assert_eq!(pack(0, 0, MAX_LOOP + 1), None);
    }

    #[test]
    fn run_sets_and_triplets_do_not_overlap() {
        for nsets in 0..40usize {
            let base = triplet_base(nsets);
            for set in 0..nsets {
                let f = run_field(set);
                assert!(f != 0 && f < base);
                assert_eq!(run_set(f), set);
                assert!(lut_row(set) < nsets.div_ceil(SETS_PER_LUT));
                assert_eq!(lut_bit(set).count_ones(), 1);
            }
        }
        assert_eq!(TRIPLET_FIRST & TRIPLET_SECOND & TRIPLET_AGAIN, 0);
        assert_eq!((TRIPLET_FIRST | TRIPLET_SECOND | TRIPLET_AGAIN).count_ones(), 3);
    }

    /// Every byte of many sets, against the bit set: with one bit per high
    /// nibble, the ASCII part is always exact.
    #[test]
    fn nibbles_agree_with_the_bits_on_every_byte() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for k in 0..3000 {
            let mut w = [0u64; 4];
            for v in &mut w {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                *v = x;
            }
            match k % 3 {
                0 => (w[2], w[3]) = (0, 0),
                1 => (w[2], w[3]) = (u64::MAX, u64::MAX),
                _ => {}
            }
            let n = nibbles(&w);
            let bit = |b: u8| w[b as usize / 64] >> (b % 64) & 1 != 0;
            for b in 0..0x80u8 {
                assert_eq!(n.contains(b), bit(b), "set {k}, byte {b}");
            }
            let high = (0x80..=0xFFu8).filter(|&b| bit(b)).count();
            let want = match high {
                0 => HIGH_NONE,
                128 => HIGH_ALL,
                _ => HIGH_MIXED,
            };
            assert_eq!(n.high, want, "set {k}");
            if n.high != HIGH_MIXED {
                assert!((0x80..=0xFFu8).all(|b| n.contains(b) == bit(b)));
            }
        }
    }
}
