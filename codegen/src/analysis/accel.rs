//! What the walker skips, found in the tagged DFA: the run of bytes that
//! keeps each self-loop state where it is, the triplets (a two-byte
//! excursion back to a run state, such as `"%" HEXDIG HEXDIG` inside a
//! path), the whole triplets a run may hold, and the code points whose UTF-8
//! leads a run state back to itself. The result, a [`Plan`], is laid out
//! as `uriscan_layout::Accels` holds it by [`super::accel_tables`].

use crate::byteset::ByteSet;
use crate::tdfa::Tdfa;
use uriscan_layout as layout;

/// A triplet: from its start state Q, the bytes `first` lead (with no
/// operation) to one state R, from which the bytes `second` lead to the
/// self-loop state `to`; `again` are the bytes that lead from `to` back
/// into Q.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Triplet {
    pub first: ByteSet,
    pub second: ByteSet,
    pub to: usize,
    pub again: ByteSet,
}

/// A run set: the bytes that keep a state where it is, the triplet whose
/// whole occurrences a run may also hold, and 1 + the index of its UTF-8
/// run set (0: none). States with equal keys share one set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunSet {
    pub bytes: ByteSet,
    pub ext: Option<usize>,
    pub utf8: usize,
}

/// Code points as sorted, disjoint, inclusive ranges.
pub type CodePoints = Vec<(u32, u32)>;

/// The acceleration data of one automaton.
pub struct Plan {
    pub runs: Vec<RunSet>,
    pub triplets: Vec<Triplet>,
    /// The code points of each UTF-8 run set, as sorted inclusive ranges.
    pub utf8_sets: Vec<CodePoints>,
    /// Per state: its self-loop field (`uriscan_layout`: 0, a run set, or a triplet).
    pub field: Vec<usize>,
    /// The first self-loop field that names a triplet.
    pub triplet_base: usize,
}

/// The step from `q` on byte `b`, when it runs no operation (else the dead state).
fn quiet_step(d: &Tdfa, q: usize, b: u8) -> usize {
    let (t, ops) = &d.states[q].trans[d.classes[b as usize] as usize];
    if ops.is_empty() {
        *t as usize
    } else {
        0
    }
}

/// Finds everything the walker skips in `d`.
pub fn plan(d: &Tdfa) -> Result<Plan, String> {
    let ns = d.states.len();
    let loops = loop_sets(d);
    let (triplets, triplet_of) = find_triplets(d, &loops);
    let ext = run_extensions(ns, &triplets);
    let (utf8_sets, utf8_of) = utf8_run_sets(d, &loops)?;
    let mut runs: Vec<RunSet> = Vec::new();
    let mut field = vec![0; ns];
    for i in 0..ns {
        if let Some(bytes) = loops[i] {
            let key = RunSet { bytes, ext: ext[i], utf8: utf8_of[i] };
            let k = runs.iter().position(|x| *x == key).unwrap_or_else(|| {
                runs.push(key);
                runs.len() - 1
            });
            field[i] = layout::run_field(k) as usize;
        }
    }
    let triplet_base = layout::triplet_base(runs.len()) as usize;
    for (q, t) in triplet_of.iter().enumerate() {
        if let Some(t) = t {
            field[q] = triplet_base + t;
        }
    }
    if triplet_base + triplets.len() > layout::MAX_LOOP as usize + 1 {
        return Err(format!(
            "{} self-loop sets and {} triplets do not fit the self-loop field",
            runs.len(),
            triplets.len()
        ));
    }
    Ok(Plan { runs, triplets, utf8_sets, field, triplet_base })
}

/// Per state: the bytes that keep it where it is with no operation (`None`
/// for none, and for the dead state).
fn loop_sets(d: &Tdfa) -> Vec<Option<ByteSet>> {
    (0..d.states.len())
        .map(|i| {
            let mut set = ByteSet::EMPTY;
            if i != 0 {
                for b in (0..=255u8).filter(|&b| quiet_step(d, i, b) == i) {
                    set.insert(b);
                }
            }
            (!set.is_empty()).then_some(set)
        })
        .collect()
}

/// The one state every live byte leads `q` to with no operation, and those
/// bytes; `None` when the bytes lead to several states or run operations.
fn single_target(d: &Tdfa, q: usize) -> Option<(usize, ByteSet)> {
    let mut target = None;
    let mut set = ByteSet::EMPTY;
    for b in 0..=255u8 {
        let (t, ops) = &d.states[q].trans[d.classes[b as usize] as usize];
        if *t == 0 {
            continue;
        }
        if !ops.is_empty() || target.is_some_and(|x| x != *t as usize) {
            return None;
        }
        target = Some(*t as usize);
        set.insert(b);
    }
    target.map(|t| (t, set))
}

/// Triplets: a state Q without a self-loop whose every live byte leads, with
/// no operation, to one state R, from which the bytes of a set lead, with
/// no operation, to one state P that has a self-loop: in RFC 3986,
/// `pct-encoded` inside a path, query or fragment (Q after "%"). The walker
/// steps over the two bytes at once when both are in their sets, and
/// otherwise walks on from Q as usual. One triplet per start state, so that
/// the walker knows the state it is in when a chain of triplets stops.
/// Returns the triplets and, per state, the triplet it starts.
fn find_triplets(d: &Tdfa, loops: &[Option<ByteSet>]) -> (Vec<Triplet>, Vec<Option<usize>>) {
    let ns = d.states.len();
    let mut triplets = Vec::new();
    let mut triplet_of = vec![None; ns];
    for q in 1..ns {
        if loops[q].is_some() {
            continue;
        }
        let Some((r, first)) = single_target(d, q) else { continue };
        let Some((to, second)) = single_target(d, r) else { continue };
        if loops[to].is_none() {
            continue;
        }
        triplets.push(Triplet { first, second, to, again: ByteSet::EMPTY });
        triplet_of[q] = Some(triplets.len() - 1);
    }
    // The bytes that lead, with no operation, from a triplet's return state
    // back into its start state: the walker chains triplets (`%E6%97%A5`)
    // without leaving its triplet loop.
    for (t, tr) in triplets.iter_mut().enumerate() {
        for b in (0..=255u8).filter(|&b| triplet_of[quiet_step(d, tr.to, b)] == Some(t)) {
            tr.again.insert(b);
        }
    }
    (triplets, triplet_of)
}

/// Runs with triplets: a self-loop state P is the return state of exactly
/// one ASCII triplet that P's own bytes lead into (the `again` bytes, "%"),
/// so a run of P may hold whole triplets (`a%C3%A9b` is one run of a path
/// segment), and the skipper classifies them per SIMD block. The SIMD test
/// needs the three sets ASCII only and the leading bytes disjoint from the
/// two that follow (so that no byte can both lead a triplet and sit inside
/// one; see the runtime's `src/simd.rs`). Triplets with bytes >= 0x80 (in
/// RFC 3987, the last two bytes of a three-byte character) stop such a run
/// like any byte outside it. Per state: the triplet its runs may hold.
fn run_extensions(ns: usize, triplets: &[Triplet]) -> Vec<Option<usize>> {
    let ascii = |s: &ByteSet| layout::nibbles(&s.0).high == layout::HIGH_NONE;
    (0..ns)
        .map(|p| {
            let mut ts = triplets.iter().enumerate().filter(|(_, tr)| {
                tr.to == p && !tr.again.is_empty() && ascii(&tr.again) && ascii(&tr.first) && ascii(&tr.second)
            });
            let (t, tr) = ts.next()?;
            if ts.next().is_some() {
                return None;
            }
            let disjoint = tr.again.iter().all(|b| !tr.first.contains(b) && !tr.second.contains(b));
            disjoint.then_some(t)
        })
        .collect()
}

/// UTF-8 runs: the code points whose UTF-8 bytes lead a self-loop state back
/// to itself with no operation (in RFC 3987, `ucschar` inside an `ipath`,
/// `iquery`, ...). The walker steps over them one character at a time
/// between ASCII runs instead of walking their bytes; a character outside
/// the set is walked byte by byte as before, so errors keep their index.
/// Returns the sets (deduplicated) and per state 1 + its set's index (0:
/// none).
fn utf8_run_sets(d: &Tdfa, loops: &[Option<ByteSet>]) -> Result<(Vec<CodePoints>, Vec<usize>), String> {
    let mut sets: Vec<CodePoints> = Vec::new();
    let of: Vec<usize> = (0..d.states.len())
        .map(|i| {
            if loops[i].is_none() {
                return 0;
            }
            let cps = utf8_loop(d, i);
            if cps.is_empty() {
                return 0;
            }
            1 + sets.iter().position(|x| *x == cps).unwrap_or_else(|| {
                sets.push(cps);
                sets.len() - 1
            })
        })
        .collect();
    if sets.len() > usize::from(u8::MAX) {
        return Err(format!("{} UTF-8 run sets do not fit a byte", sets.len()));
    }
    Ok((sets, of))
}

/// The code points (>= U+0080, as sorted inclusive ranges) whose UTF-8
/// bytes lead state `i` of `d` back to `i` with no tag operation. Walks
/// the well-formed sequences only (no overlong forms, surrogates or values
/// above U+10FFFF), the last byte of each as a 64-bit mask.
fn utf8_loop(d: &Tdfa, i: usize) -> CodePoints {
    let step = |q: usize, b: u8| quiet_step(d, q, b);
    // The continuation bytes 0x80 + k that lead `q` back to `i`, bit k.
    let back = |q: usize| -> u64 { (0..64u8).filter(|&k| step(q, 0x80 | k) == i).fold(0, |m, k| m | 1 << k) };
    let mut out: Vec<(u32, u32)> = Vec::new();
    // The code points `prefix << 6 | k` for the bits k of `mask`, in order.
    let mut emit = |prefix: u32, mask: u64| {
        for k in (0..64).filter(|k| mask >> k & 1 != 0) {
            let c = prefix << 6 | k;
            match out.last_mut() {
                Some(last) if last.1 + 1 == c => last.1 = c,
                _ => out.push((c, c)),
            }
        }
    };
    let live = |q: usize| q != 0 && q != i;
    for b0 in 0xC2..=0xF4u8 {
        let q1 = step(i, b0);
        if !live(q1) {
            continue;
        }
        let p0 = u32::from(b0 & 0x3F);
        if b0 < 0xE0 {
            emit(p0 & 0x1F, back(q1));
            continue;
        }
        let second = match b0 {
            0xE0 => 0xA0..=0xBF,
            0xED => 0x80..=0x9F,
            0xF0 => 0x90..=0xBF,
            0xF4 => 0x80..=0x8F,
            _ => 0x80..=0xBF,
        };
        for b1 in second {
            let q2 = step(q1, b1);
            if q2 == 0 {
                continue;
            }
            if b0 < 0xF0 {
                emit((p0 & 0x0F) << 6 | u32::from(b1 & 0x3F), back(q2));
                continue;
            }
            for b2 in 0x80..=0xBFu8 {
                let q3 = step(q2, b2);
                if q3 != 0 {
                    emit(((p0 & 0x07) << 6 | u32::from(b1 & 0x3F)) << 6 | u32::from(b2 & 0x3F), back(q3));
                }
            }
        }
    }
    out
}
