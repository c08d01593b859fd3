//! The skipping tables of one automaton as the walker reads them
//! (`uriscan_layout::Accels`): the run sets of a [`Plan`] packed several to
//! a bit table, as SIMD nibble tables, with their high-byte kinds, triplet
//! and UTF-8 indices; the triplets' byte bits, return states and nibble
//! tables; the UTF-8 run sets as BMP block bitmaps, ranges and lead tables.
//! Every number here is final: printing them is all that is left.

use super::accel::{CodePoints, Plan};
use crate::byteset::ByteSet;
use uriscan_layout as layout;

/// The contents of the `ACCEL_*`, `TRIPLET_*` and `UTF8_*` tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccelTables {
    /// `ACCEL_LUT`: the run sets as bit tables, [`layout::SETS_PER_LUT`]
    /// sets per row (at least one row).
    pub lut: Vec<[u8; 256]>,
    /// `ACCEL_NIBBLES`: per run set, its nibble table.
    pub nibbles: Vec<[u8; 32]>,
    /// `ACCEL_HIGH`: per run set, what it holds of the bytes >= 0x80.
    pub high: Vec<u8>,
    /// `ACCEL_ANY_HIGH`: whether any run set holds bytes >= 0x80.
    pub any_high: bool,
    /// `ACCEL_SETS`: per run set, its 256 bits.
    pub sets: Vec<[u64; 4]>,
    /// `ACCEL_EXT`: per run set, the triplet its runs may hold.
    pub ext: Vec<u8>,
    /// `ACCEL_UTF8`: per run set, 1 + its UTF-8 run set (0: none).
    pub utf8: Vec<u8>,
    /// `TRIPLET_BASE`: the first self-loop field that names a triplet.
    pub triplet_base: u32,
    /// `TRIPLET_LUT`: per triplet, the role bits of each byte.
    pub triplet_lut: Vec<[u8; 256]>,
    /// `TRIPLET_NIBBLES`: per triplet, the nibble tables of its leading,
    /// first and second bytes.
    pub triplet_nibbles: Vec<[[u8; 32]; 3]>,
    /// `TRIPLET_REPEATS`: whether every triplet's second bytes are its
    /// first bytes.
    pub triplet_repeats: bool,
    /// `UTF8_FULL`: per UTF-8 run set, its whole 64-code-point blocks of
    /// the BMP.
    pub utf8_full: Vec<[u64; 16]>,
    /// `UTF8_RANGES`: per UTF-8 run set, its code points.
    pub utf8_ranges: Vec<CodePoints>,
    /// `UTF8_LEADS`: per UTF-8 run set, the leading bytes all of whose
    /// characters it holds, as nibble tables.
    pub utf8_leads: Vec<[u8; 32]>,
}

impl AccelTables {
    /// The tables of `plan`.
    pub fn new(plan: &Plan) -> AccelTables {
        let nibbles = |s: &ByteSet| layout::nibbles(&s.0);
        let high: Vec<u8> = plan.runs.iter().map(|r| nibbles(&r.bytes).high).collect();
        let utf8_full: Vec<[u64; 16]> = plan.utf8_sets.iter().map(|cps| full_blocks(cps)).collect();
        AccelTables {
            lut: lut_rows(plan),
            nibbles: plan.runs.iter().map(|r| nibbles(&r.bytes).table).collect(),
            any_high: high.iter().any(|&h| h != layout::HIGH_NONE),
            high,
            sets: plan.runs.iter().map(|r| r.bytes.0).collect(),
            ext: plan.runs.iter().map(|r| layout::ext_field(r.ext)).collect(),
            utf8: plan.runs.iter().map(|r| r.utf8 as u8).collect(),
            triplet_base: plan.triplet_base as u32,
            triplet_lut: plan.triplets.iter().map(|t| byte_row(|b| triplet_bits(t, b))).collect(),
            triplet_nibbles: plan
                .triplets
                .iter()
                .map(|t| [nibbles(&t.again).table, nibbles(&t.first).table, nibbles(&t.second).table])
                .collect(),
            triplet_repeats: plan.triplets.iter().all(|t| t.first == t.second),
            utf8_leads: utf8_full.iter().map(leads).collect(),
            utf8_full,
            utf8_ranges: plan.utf8_sets.clone(),
        }
    }

    /// The tables' size in bytes, for the build report (the run sets' bit
    /// tables and 256-bit sets, the UTF-8 sets' bitmaps and ranges).
    pub fn bytes(&self) -> usize {
        self.lut.len() * 256 + self.sets.len() * 32 + self.utf8_ranges.iter().map(|r| 128 + 8 * r.len()).sum::<usize>()
    }
}

/// A 256-entry row, entry `b` from `cell(b)`.
fn byte_row(cell: impl Fn(u8) -> u8) -> [u8; 256] {
    let mut row = [0u8; 256];
    for b in 0..=255u8 {
        row[usize::from(b)] = cell(b);
    }
    row
}

/// The run sets as bit tables: set `k` is bit `lut_bit(k)` of row `lut_row(k)`.
fn lut_rows(plan: &Plan) -> Vec<[u8; 256]> {
    let nlut = plan.runs.len().div_ceil(layout::SETS_PER_LUT).max(1);
    (0..nlut)
        .map(|t| {
            byte_row(|b| {
                let mut v = 0u8;
                for (k, r) in plan.runs.iter().enumerate() {
                    if layout::lut_row(k) == t && r.bytes.contains(b) {
                        v |= layout::lut_bit(k);
                    }
                }
                v
            })
        })
        .collect()
}

/// The role bits of byte `b` in triplet `t`.
fn triplet_bits(t: &super::accel::Triplet, b: u8) -> u8 {
    let bit = |yes: bool, v: u8| if yes { v } else { 0 };
    bit(t.first.contains(b), layout::TRIPLET_FIRST)
        | bit(t.second.contains(b), layout::TRIPLET_SECOND)
        | bit(t.again.contains(b), layout::TRIPLET_AGAIN)
}

/// The 64-code-point blocks of the Basic Multilingual Plane wholly in the
/// code points `cps` (sorted, disjoint ranges): bit `k % 64` of word `k / 64`
/// for block `k`.
fn full_blocks(cps: &[(u32, u32)]) -> [u64; 16] {
    let mut full = [0u64; 16];
    for &(lo, hi) in cps {
        for k in lo.div_ceil(64)..=(hi.min(0xFFFF) + 1) / 64 {
            if k < 1024 && 64 * k + 63 <= hi {
                full[(k / 64) as usize] |= 1 << (k % 64);
            }
        }
    }
    full
}

/// The leading bytes whose characters are all in a set with the whole
/// blocks `full`: a two-byte lead's 64 characters are one block, a
/// three-byte lead's 4,096 are one word of it.
fn leads(full: &[u64; 16]) -> [u8; 32] {
    layout::utf8_leads(&|lead| match lead {
        0xC0..=0xDF => full[0] >> (lead & 0x1F) & 1 != 0,
        _ => full[usize::from(lead & 0x0F)] == u64::MAX,
    })
}
