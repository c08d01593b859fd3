use super::*;
use crate::tables::rfc3986 as dfa;

/// Every skipper this CPU has (by [`skip_on`]; the one [`skip`]
/// dispatches to is among them, see the test below) on `v` from `start`,
/// checked against the scalar twin; the scalar twin's answer.
#[track_caller]
fn twins(v: &[u8], start: usize, s: Set<'_>) -> usize {
    let want = skip_scalar(v, start, s);
    for isa in Isa::ALL {
        if let Some(got) = skip_on(isa, v, start, s) {
            assert_eq!(got, want, "{isa:?} on {v:?} from {start}");
        }
    }
    want
}

/// [`Skip::eq4`] of every skipper this CPU has that has a block form for
/// `v`, against [`eq4_scalar`].
#[track_caller]
fn eq4_twins(v: &[u8], w: usize, bytes: [u8; 4]) {
    for isa in Isa::ALL {
        if let Some(Some(m)) = dispatch_on(isa, Eq4(v, w, bytes)) {
            assert_eq!(m, eq4_scalar(v, w, bytes), "{isa:?} on {v:?} at {w}");
        }
    }
}

/// The name of the skipper type [`dispatch`] runs work with.
struct Which;
impl WithSkip for Which {
    type Out = &'static str;
    fn call<S: Skip>(self, _: S) -> &'static str {
        core::any::type_name::<S>()
    }
}

/// [`dispatch`] picks AVX2 where the CPU has it, SSSE3 where it has only
/// that or the feature `force-sse` asks for it, the scalar loop with
/// `force-scalar`; [`dispatch_on`] runs every skipper the CPU has (on
/// these machines, all three: so the twin tests below test each).
#[test]
fn dispatch_picks_the_best_skipper_and_every_one_is_reachable() {
    let name = dispatch(Which);
    let simd = cfg!(all(target_arch = "x86_64", not(feature = "force-scalar")));
    #[cfg(target_arch = "x86_64")]
    let (ssse3, avx2) = (std::is_x86_feature_detected!("ssse3"), std::is_x86_feature_detected!("avx2"));
    #[cfg(not(target_arch = "x86_64"))]
    let (ssse3, avx2) = (false, false);
    let want = if simd && avx2 && !cfg!(feature = "force-sse") {
        "Avx2"
    } else if simd && ssse3 {
        "Sse"
    } else {
        "Scalar"
    };
    assert!(name.ends_with(want), "dispatch ran {name}, want {want}");
    for (isa, has) in [(Isa::Scalar, true), (Isa::Sse, simd && ssse3), (Isa::Avx2, simd && avx2)] {
        assert_eq!(dispatch_on(isa, Which).is_some(), has, "{isa:?}");
    }
}

fn sets() -> Vec<Set<'static>> {
    (0..dfa::ACCEL_NIBBLES.len())
        .map(|k| Set {
            lut: &dfa::ACCEL_LUT[uriscan_layout::lut_row(k)],
            slot: uriscan_layout::lut_slot(k),
            nibbles: &dfa::ACCEL_NIBBLES[k],
            high: dfa::ACCEL_HIGH[k],
            ext: uriscan_layout::ext_triplet(dfa::ACCEL_EXT[k]).map(|t| Ext {
                lut: &dfa::TRIPLET_LUT[t],
                nibbles: &dfa::TRIPLET_NIBBLES[t],
                repeats: dfa::TRIPLET_REPEATS,
            }),
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
                ext: uriscan_layout::ext_triplet(iri::ACCEL_EXT[k]).map(|t| Ext {
                    lut: &iri::TRIPLET_LUT[t],
                    nibbles: &iri::TRIPLET_NIBBLES[t],
                    repeats: iri::TRIPLET_REPEATS,
                }),
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

/// With UTF-8 characters in the runs: `skip` (every skipper this CPU has) and
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
        for len in [15usize, 16, 17, 18, 31, 32, 33, 34, 35, 47, 48, 49, 63, 64, 65, 66] {
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
                        twins(&w, 0, s);
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
            let got = twins(&v, start, s);
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
                        let n = crate::automaton::utf8_run(&v, want, &iri::UTF8_FULL[u], iri::UTF8_RANGES[u]) - want;
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
        for (k, bit) in [uriscan_layout::TRIPLET_AGAIN, uriscan_layout::TRIPLET_FIRST, uriscan_layout::TRIPLET_SECOND]
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

/// With triplets in the runs: `skip` (every skipper this CPU has) and
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
        for len in [15usize, 16, 17, 31, 32, 33, 34, 35, 47, 48, 49, 63, 64, 65, 66] {
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
                        twins(&w, 0, s);
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
            twins(&v, start, s);
            // The blocks without the shortcut for a second byte that is a
            // first byte (always right, and what a grammar whose triplets
            // differ there gets).
            twins(&v, start, Set { ext: Some(Ext { repeats: false, ..ext }), ..s });
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
            assert_eq!(twins(v, 0, s), want, "{v:?}");
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

/// The SIMD skippers read only the low half of a nibble table and takes
/// the high half as `NIBBLE_HI`, the same for every set: so every table
/// it may be given must have that high half (those of the generated run
/// sets and triplets of every grammar's automata, and `ConstSet`'s, which
/// `uriscan_layout::nibbles` builds like the generator). And each
/// automaton's `any_high` says whether any of its sets' `high` is not
/// `HIGH_NONE` (where it is false, the walker does not read `high`), and
/// its `triplet_repeats` whether every triplet's second bytes are its
/// first bytes (where it is true, the blocks do not read the second ones).
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
        // The blocks read `triplet_repeats` instead of a triplet's second
        // nibble table where it is true.
        let first_is_second = |k: usize| {
            let second = |b: u8| a.triplet_lut[k][usize::from(b)] & uriscan_layout::TRIPLET_SECOND != 0;
            let first = |b: u8| a.triplet_lut[k][usize::from(b)] & uriscan_layout::TRIPLET_FIRST != 0;
            a.triplet_nibbles[k][1] == a.triplet_nibbles[k][2] && (0..=255u8).all(|b| first(b) == second(b))
        };
        assert_eq!(a.triplet_repeats, (0..a.triplet_lut.len()).all(first_is_second), "{what}: triplet_repeats");
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

/// `skip` (every skipper this CPU has) and `skip_scalar` agree: every byte value
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
                        twins(&v, start, s);
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
            twins(&v, start, s);
        }
    }
}

/// `Skip::eq4` (every skipper this CPU has) against its scalar twin: every
/// window start of inputs of 32 to 140 bytes dense and sparse in the
/// four bytes, every byte value at every position of a 70-byte input.
#[test]
fn eq4_agrees_with_scalar_twin() {
    let bytes = *b":/?#";
    let check = |v: &[u8]| {
        for w in 0..=v.len() {
            eq4_twins(v, w, bytes);
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
                eq4_twins(&v, w, bytes);
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
            // A run of 40 members with `b` at 33: every skipper stops there
            // exactly when `b` is not a member.
            let member = (0..=255u8).find(|&m| want.contains(m)).unwrap_or(0);
            let mut v = vec![member; 40];
            v[33] = b;
            let expect = if want.contains(b) { 40 } else { 33 };
            assert_eq!(twins(&v, 0, s), expect, "{b:#04x}");
        }
    }
}

#[test]
fn high_bytes_all_in_are_skipped_by_every_skipper() {
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
    assert_eq!(twins(&v, 0, s), 255);
}
