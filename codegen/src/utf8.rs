//! Ranges of Unicode scalar values as UTF-8 byte sequences.
//!
//! A grammar read with `encoding utf-8` (see [`crate::tags`]) means code
//! points by its numeric values: RFC 3987's `ucschar = %xA0-D7FF / ...`.
//! The automaton still runs on bytes, so each range of scalar values becomes
//! a few alternatives, each a sequence of byte ranges, whose union is exactly
//! the UTF-8 encodings of the range: the range is cut where the encoded
//! length changes (after U+007F, U+07FF, U+FFFF) and where a continuation
//! byte would not run its full `80-BF` span, so that every byte position of
//! an alternative is an independent range. Surrogates (U+D800–U+DFFF) are
//! not scalar values and are left out, so no alternative matches their
//! three-byte forms; overlong forms never match either, since every
//! alternative's lead byte is the shortest form's.
//!
//! ```
//! use uriscan_codegen::utf8::sequences;
//! // U+0080..U+07FF: a two-byte form, the whole range at once.
//! assert_eq!(sequences(0x80, 0x7FF), vec![vec![(0xC2, 0xDF), (0x80, 0xBF)]]);
//! // U+00A0..U+00FF: one lead byte, part of the continuation range.
//! assert_eq!(sequences(0xA0, 0xFF), vec![vec![(0xC2, 0xC2), (0xA0, 0xBF)], vec![(0xC3, 0xC3), (0x80, 0xBF)]]);
//! ```

/// The largest scalar value.
pub const MAX: u32 = 0x10FFFF;

/// The last scalar value of each UTF-8 length (1 to 4 bytes).
const LENGTH_ENDS: [u32; 4] = [0x7F, 0x7FF, 0xFFFF, MAX];

/// Whether `v` is a surrogate code point (not a scalar value).
pub fn is_surrogate(v: u32) -> bool {
    (0xD800..=0xDFFF).contains(&v)
}

/// The UTF-8 encoding of scalar value `v` (`v <= MAX`, not a surrogate).
pub fn encode(v: u32) -> Vec<u8> {
    match v {
        0..=0x7F => vec![v as u8],
        0x80..=0x7FF => vec![0xC0 | (v >> 6) as u8, 0x80 | (v & 0x3F) as u8],
        0x800..=0xFFFF => vec![0xE0 | (v >> 12) as u8, 0x80 | ((v >> 6) & 0x3F) as u8, 0x80 | (v & 0x3F) as u8],
        _ => vec![
            0xF0 | (v >> 18) as u8,
            0x80 | ((v >> 12) & 0x3F) as u8,
            0x80 | ((v >> 6) & 0x3F) as u8,
            0x80 | (v & 0x3F) as u8,
        ],
    }
}

/// The UTF-8 encodings of the scalar values `lo..=hi` (surrogates left
/// out), as alternatives in ascending order, each a sequence of inclusive
/// byte ranges. Values above [`MAX`] are cut off; an empty range gives none.
pub fn sequences(lo: u32, hi: u32) -> Vec<Vec<(u8, u8)>> {
    let mut out = Vec::new();
    let hi = hi.min(MAX);
    if lo > hi {
        return out;
    }
    // Surrogates out.
    let mut pieces = Vec::new();
    if lo < 0xD800 && hi > 0xDFFF {
        pieces.extend([(lo, 0xD7FF), (0xE000, hi)]);
    } else if is_surrogate(lo) && is_surrogate(hi) {
    } else if is_surrogate(lo) {
        pieces.push((0xE000, hi));
    } else if is_surrogate(hi) {
        pieces.push((lo, 0xD7FF));
    } else {
        pieces.push((lo, hi));
    }
    for (lo, hi) in pieces {
        // Cut at length boundaries.
        let mut start = lo;
        for end in LENGTH_ENDS {
            if start > hi {
                break;
            }
            if start <= end {
                split(start, hi.min(end), &mut out);
                start = end + 1;
            }
        }
    }
    out
}

/// `lo..=hi`, all of one encoded length, as sequences of independent byte
/// ranges: while the two ends differ above the last `k` continuation bytes,
/// the part that does not cover those bytes' full span is cut off (at the
/// low end, then the high end) and split on its own.
fn split(lo: u32, hi: u32, out: &mut Vec<Vec<(u8, u8)>>) {
    let len = encode(lo).len();
    for k in 1..len {
        let mask = (1u32 << (6 * k)) - 1;
        if lo & !mask != hi & !mask {
            if lo & mask != 0 {
                split(lo, lo | mask, out);
                split((lo | mask) + 1, hi, out);
                return;
            }
            if hi & mask != mask {
                split(lo, (hi & !mask) - 1, out);
                split(hi & !mask, hi, out);
                return;
            }
        }
    }
    let (a, b) = (encode(lo), encode(hi));
    out.push(a.into_iter().zip(b).collect());
}

/// The values `lo..=hi` without those of `exclude` (inclusive ranges, in
/// any order, overlapping or not): ascending, disjoint ranges, empty when
/// `exclude` covers them all.
///
/// ```
/// use uriscan_codegen::utf8::subtract;
/// assert_eq!(subtract(0xA0, 0xD7FF, &[(0x202A, 0x202E), (0x200E, 0x200F)]),
///            [(0xA0, 0x200D), (0x2010, 0x2029), (0x202F, 0xD7FF)]);
/// assert!(subtract(0x200E, 0x200F, &[(0x2000, 0x20FF)]).is_empty());
/// ```
pub fn subtract(lo: u32, hi: u32, exclude: &[(u32, u32)]) -> Vec<(u32, u32)> {
    let mut out = vec![(lo, hi)];
    for &(a, b) in exclude {
        out = out
            .into_iter()
            .flat_map(|(l, h)| {
                if b < l || a > h {
                    return vec![(l, h)];
                }
                let mut kept = Vec::new();
                if l < a {
                    kept.push((l, a - 1));
                }
                if b < h {
                    kept.push((b + 1, h));
                }
                kept
            })
            .collect();
    }
    out.sort_unstable();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether `bytes` matches one of `seqs`.
    fn matches(seqs: &[Vec<(u8, u8)>], bytes: &[u8]) -> bool {
        seqs.iter().any(|s| s.len() == bytes.len() && s.iter().zip(bytes).all(|(&(a, b), &x)| a <= x && x <= b))
    }

    /// The number of byte strings `seqs` match.
    fn size(seqs: &[Vec<(u8, u8)>]) -> u64 {
        seqs.iter().map(|s| s.iter().map(|&(a, b)| (b - a) as u64 + 1).product::<u64>()).sum()
    }

    #[test]
    fn ranges_match_exactly_their_encodings() {
        let ranges = [
            (0, MAX),
            (0x80, 0x80),
            (0xA0, 0xD7FF),
            (0xF900, 0xFDCF),
            (0xFDF0, 0xFFEF),
            (0x10000, 0x1FFFD),
            (0xE1000, 0xEFFFD),
            (0xE000, 0xF8FF),
            (0x100000, 0x10FFFD),
            (0xD7FF, 0xE000),
            (0x7F, 0x800),
            (0x123, 0x45678),
        ];
        let seqs: Vec<_> = ranges.iter().map(|&(lo, hi)| sequences(lo, hi)).collect();
        // Every scalar value of each range matches, and no other one.
        let mut counts = vec![0u64; ranges.len()];
        for v in (0..=MAX).filter(|&v| !is_surrogate(v)) {
            let e = encode(v);
            for (k, &(lo, hi)) in ranges.iter().enumerate() {
                let want = lo <= v && v <= hi;
                counts[k] += want as u64;
                assert_eq!(matches(&seqs[k], &e), want, "U+{v:04X} in {lo:X}-{hi:X}");
            }
        }
        // And nothing else: the sequences, counted with overlaps, match as
        // many strings as there are scalar values in the range, and those
        // all match, so there is no overlap and no other string.
        for (k, s) in seqs.iter().enumerate() {
            assert_eq!(size(s), counts[k], "{:X?}: {s:X?}", ranges[k]);
        }
    }

    #[test]
    fn surrogates_and_overlong_forms_never_match() {
        let all = sequences(0, MAX);
        // ED A0 80 .. ED BF BF are the surrogates' three-byte forms.
        assert!(!matches(&all, &[0xED, 0xA0, 0x80]));
        assert!(matches(&all, &[0xED, 0x9F, 0xBF]));
        // Overlong "/" (C0 AF, E0 80 AF) and "%" (C0 A5).
        assert!(!matches(&all, &[0xC0, 0xAF]));
        assert!(!matches(&all, &[0xE0, 0x80, 0xAF]));
        assert!(!matches(&all, &[0xC0, 0xA5]));
        assert!(sequences(0xD800, 0xDFFF).is_empty());
        assert!(sequences(5, 4).is_empty());
    }

    #[test]
    fn subtract_keeps_exactly_the_values_outside() {
        type Case = (u32, u32, &'static [(u32, u32)]);
        let cases: [Case; 5] = [
            (10, 40, &[(15, 20), (18, 25), (30, 30)]),
            (10, 40, &[(0, 10), (40, 50)]),
            (10, 40, &[(0, 100)]),
            (10, 40, &[(41, 50), (0, 9)]),
            (10, 10, &[]),
        ];
        for (lo, hi, ex) in cases {
            let got = subtract(lo, hi, ex);
            for v in 0..=60u32 {
                let want = lo <= v && v <= hi && !ex.iter().any(|&(a, b)| a <= v && v <= b);
                let have = got.iter().any(|&(a, b)| a <= v && v <= b);
                assert_eq!(have, want, "{v} in {lo}-{hi} without {ex:?}: {got:?}");
            }
            assert!(got.windows(2).all(|w| w[0].1 < w[1].0), "{got:?}");
        }
    }

    #[test]
    fn encode_agrees_with_std() {
        for v in (0..=MAX).step_by(7).chain([0x7F, 0x80, 0x7FF, 0x800, 0xFFFF, 0x10000, MAX]) {
            if let Some(c) = char::from_u32(v) {
                let mut buf = [0u8; 4];
                assert_eq!(encode(v), c.encode_utf8(&mut buf).as_bytes());
            }
        }
    }
}
