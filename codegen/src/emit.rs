//! Rust source for the generated tables. Output is a pure function of the
//! inputs: same grammar, byte-identical file.

use super::abnf::{Expr, Grammar};
use super::byteset::ByteSet;
use super::config::Config;
use super::nfa;
use super::tdfa::{Op, Src, TagVal, Tdfa};
use std::fmt::Write;
use uriscan_layout as layout;

/// FNV-1a, 64 bits: names the inputs in the generated file's header.
pub fn fnv1a64(parts: &[&str]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for p in parts {
        for &b in p.as_bytes().iter().chain(std::iter::once(&0u8)) {
            h ^= b as u64;
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    h
}

/// `segment-nz-nc` -> `SEGMENT_NZ_NC`.
pub fn const_name(rule: &str) -> String {
    rule.chars().map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_uppercase() } else { '_' }).collect()
}

/// An expression written back as ABNF (for doc comments).
pub fn abnf_text(e: &Expr) -> String {
    fn go(e: &Expr, out: &mut String, top: bool) {
        match e {
            Expr::Empty => out.push_str("\"\""),
            Expr::Rule(n, _) => out.push_str(n),
            Expr::Class(s) => {
                let r = s.ranges();
                // a case-insensitive letter prints as its quoted form
                if r.len() == 2
                    && r[0].0 == r[0].1
                    && r[1].0 == r[1].1
                    && r[0].0.is_ascii_uppercase()
                    && r[1].0 == r[0].0.to_ascii_lowercase()
                {
                    let _ = write!(out, "\"{}\"", r[1].0 as char);
                    return;
                }
                for (i, (lo, hi)) in r.iter().enumerate() {
                    if i > 0 {
                        out.push_str(" / ");
                    }
                    if lo == hi && lo.is_ascii_graphic() && *lo != b'"' {
                        let _ = write!(out, "\"{}\"", *lo as char);
                    } else if lo == hi {
                        let _ = write!(out, "%x{:02X}", lo);
                    } else {
                        let _ = write!(out, "%x{:02X}-{:02X}", lo, hi);
                    }
                }
            }
            Expr::Seq(v) | Expr::Alt(v) => {
                let sep = if matches!(e, Expr::Seq(_)) { " " } else { " / " };
                if !top {
                    out.push_str("( ");
                }
                for (i, x) in v.iter().enumerate() {
                    if i > 0 {
                        out.push_str(sep);
                    }
                    go(x, out, false);
                }
                if !top {
                    out.push_str(" )");
                }
            }
            Expr::Repeat { min, max, expr } => {
                match (min, max) {
                    (0, Some(1)) => {
                        out.push_str("[ ");
                        go(expr, out, true);
                        out.push_str(" ]");
                        return;
                    }
                    (a, Some(b)) if a == b => {
                        let _ = write!(out, "{}", a);
                    }
                    (0, None) => out.push('*'),
                    (a, None) => {
                        let _ = write!(out, "{}*", a);
                    }
                    (0, Some(b)) => {
                        let _ = write!(out, "*{}", b);
                    }
                    (a, Some(b)) => {
                        let _ = write!(out, "{}*{}", a, b);
                    }
                }
                go(expr, out, false);
            }
        }
    }
    let mut s = String::new();
    go(e, &mut s, true);
    s
}

/// The bytes `b` for which the one-byte string `b` matches `rule`, and
/// whether the rule matches only one-byte strings.
pub fn one_byte_set(g: &Grammar, rule: &str) -> (ByteSet, bool) {
    let n = nfa::build_plain(g, rule);
    let mut set = ByteSet::EMPTY;
    for b in 0..=255u8 {
        if n.accepts(&[b]) {
            set.insert(b);
        }
    }
    // Exactly one byte: nothing empty, nothing of two bytes starting in the set.
    let exact = !n.accepts(b"") && set.iter().all(|b| (0..=255u8).all(|c| !n.accepts(&[b, c])));
    (set, exact)
}

fn words(out: &mut String, bits: [u64; 4]) {
    let _ = write!(out, "[0x{:016X}, 0x{:016X}, 0x{:016X}, 0x{:016X}]", bits[0], bits[1], bits[2], bits[3]);
}

fn array<T: std::fmt::Display>(out: &mut String, name: &str, ty: &str, items: &[T], doc: &str) {
    let _ = writeln!(out, "/// {}\npub static {}: [{}; {}] = [", doc, name, ty, items.len());
    for chunk in items.chunks(16) {
        out.push_str("    ");
        for x in chunk {
            let _ = write!(out, "{}, ", x);
        }
        out.push('\n');
    }
    out.push_str("];\n");
}

/// Sizes for the build report and BENCHMARKS.md.
pub struct Report {
    pub states: usize,
    pub unminimized: usize,
    pub classes: usize,
    pub registers: usize,
    pub table_bytes: usize,
    pub accelerated: usize,
    /// States that start a triplet the walker steps over (see `TRIPLET_LUT`).
    pub triplet_states: usize,
}

/// Emits the automaton module for one grammar.
pub fn automaton(
    header: &str,
    cfg: &Config,
    g: &Grammar,
    d: &Tdfa,
    automaton_type: &str,
) -> Result<(String, Report), String> {
    let mut o = String::new();
    o.push_str(header);
    o.push_str("/// An unset tag or register.\npub const NONE: u32 = u32::MAX;\n");
    let nc = d.nclasses;
    let ns = d.states.len();
    let _ = writeln!(o, "/// Number of byte classes.\npub const NCLASSES: usize = {};", nc);
    let _ = writeln!(o, "/// Number of states; state 0 is dead.\npub const NSTATES: usize = {};", ns);
    let _ = writeln!(
        o,
        "/// Registers for tag positions, including one scratch register.\npub const NREGS: usize = {};",
        d.nregs
    );
    let _ = writeln!(o, "/// Number of captures; capture `i` is tags `2i` (start) and `2i + 1` (end).\npub const NCAPTURES: usize = {};", cfg.captures.len());
    let _ = writeln!(o, "/// Number of tags: the captures' then one per mark.\npub const NTAGS: usize = {};", d.ntags);
    for (i, (name, rules)) in cfg.captures.iter().enumerate() {
        let _ = writeln!(
            o,
            "/// Capture index of `{}` (rules: {}).\npub const CAP_{}: usize = {};",
            name,
            rules.join(", "),
            const_name(name),
            i
        );
    }
    let marks: Vec<String> = cfg.marks.iter().map(|(n, _)| format!("{}::{}", cfg.mark_type, n)).collect();
    let _ = writeln!(
        o,
        "/// The mark of each mark tag, in tag order after the captures.\npub static MARKS: [{}; {}] = [{}];",
        cfg.mark_type,
        marks.len(),
        marks.join(", ")
    );
    rule_enum(&mut o, cfg, g);
    let classes: Vec<u8> = d.classes.to_vec();
    array(&mut o, "CLASSES", "u8", &classes, "Byte class of each byte.");

    // Acceleration: the bytes that keep a state where it is with no operation.
    let loop_set: Vec<Option<ByteSet>> = d
        .states
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let mut set = ByteSet::EMPTY;
            if i != 0 {
                for b in 0..=255u8 {
                    let (t, ops) = &s.trans[d.classes[b as usize] as usize];
                    if *t as usize == i && ops.is_empty() {
                        set.insert(b);
                    }
                }
            }
            (!set.is_empty()).then_some(set)
        })
        .collect();

    // Triplets: a state Q without a self-loop whose every live byte leads,
    // with no operation, to one state R, from which the bytes of a set H2
    // lead, with no operation, to one state P that has a self-loop: in RFC
    // 3986, `pct-encoded` inside a path, query or fragment (Q after "%", H1 =
    // H2 = HEXDIG). The walker steps over the two bytes at once when both
    // are in their sets, and otherwise walks on from Q as usual. Q's
    // self-loop field holds `TRIPLET_BASE + t` for triplet `t`.
    let mut triplets: Vec<(ByteSet, ByteSet, usize)> = Vec::new();
    let mut triplet_of: Vec<Option<usize>> = vec![None; ns];
    let single_target = |q: usize| -> Option<(usize, ByteSet)> {
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
    };
    for q in 1..ns {
        if loop_set[q].is_some() {
            continue;
        }
        let Some((r, h1)) = single_target(q) else { continue };
        let Some((p, h2)) = single_target(r) else { continue };
        if loop_set[p].is_none() {
            continue;
        }
        // One triplet per start state, so that the walker knows the state
        // it is in when a chain of triplets stops.
        triplets.push((h1, h2, p));
        triplet_of[q] = Some(triplets.len() - 1);
    }
    // The bytes that lead, with no operation, from a triplet's return state
    // back into its start state: the walker chains triplets
    // (`%E6%97%A5`) without leaving its triplet loop.
    let again: Vec<ByteSet> = triplets
        .iter()
        .enumerate()
        .map(|(t, (_, _, p))| {
            let mut set = ByteSet::EMPTY;
            for b in 0..=255u8 {
                let (q, ops) = &d.states[*p].trans[d.classes[b as usize] as usize];
                if ops.is_empty() && triplet_of[*q as usize] == Some(t) {
                    set.insert(b);
                }
            }
            set
        })
        .collect();
    // Runs with triplets: a self-loop state P is the return state of exactly
    // one ASCII triplet that P's own bytes lead into (the `again` bytes,
    // "%"), so a run of P may hold whole triplets (`a%C3%A9b` is one run of
    // a path segment), and the skipper classifies them per SIMD block. The
    // SIMD test needs the three sets ASCII only and the leading bytes
    // disjoint from the two that follow (so that no byte can both lead a
    // triplet and sit inside one; see `src/simd.rs`). Triplets with bytes
    // >= 0x80 (in RFC 3987, the last two bytes of a three-byte character)
    // stop such a run like any byte outside it, and the walker steps over
    // them as before.
    let ascii = |s: &ByteSet| layout::nibbles(&s.0).high == layout::HIGH_NONE;
    let run_ext: Vec<Option<usize>> = (0..ns)
        .map(|p| {
            let mut ts = (0..triplets.len()).filter(|&t| {
                let (h1, h2, q) = &triplets[t];
                *q == p && !again[t].is_empty() && ascii(&again[t]) && ascii(h1) && ascii(h2)
            });
            let t = ts.next()?;
            if ts.next().is_some() {
                return None;
            }
            let (h1, h2, _) = &triplets[t];
            let disjoint = again[t].iter().all(|b| !h1.contains(b) && !h2.contains(b));
            disjoint.then_some(t)
        })
        .collect();
    // UTF-8 runs: the code points whose UTF-8 bytes lead a self-loop state
    // back to itself with no operation (in RFC 3987, `ucschar` inside an
    // `ipath`, `iquery`, ...). The walker steps over them one character at
    // a time between ASCII runs instead of walking their bytes; a character
    // outside the set is walked byte by byte as before, so errors keep their
    // index. Deduplicated; 0 names no set.
    let mut utf8_sets: Vec<Vec<(u32, u32)>> = Vec::new();
    let utf8_of: Vec<usize> = (0..ns)
        .map(|i| {
            if loop_set[i].is_none() {
                return 0;
            }
            let cps = utf8_loop(d, i);
            if cps.is_empty() {
                return 0;
            }
            1 + utf8_sets.iter().position(|x| *x == cps).unwrap_or_else(|| {
                utf8_sets.push(cps);
                utf8_sets.len() - 1
            })
        })
        .collect();
    if utf8_sets.len() > usize::from(u8::MAX) {
        return Err(format!("{} UTF-8 run sets do not fit a byte", utf8_sets.len()));
    }
    // Run sets, deduplicated with the triplet that extends them and the
    // code points of their UTF-8 runs.
    let mut accel_sets: Vec<(ByteSet, Option<usize>, usize)> = Vec::new();
    let mut accel: Vec<usize> = vec![0; ns];
    for i in 0..ns {
        if let Some(set) = loop_set[i] {
            let key = (set, run_ext[i], utf8_of[i]);
            let k = accel_sets.iter().position(|x| *x == key).unwrap_or_else(|| {
                accel_sets.push(key);
                accel_sets.len() - 1
            });
            accel[i] = layout::run_field(k) as usize;
        }
    }
    let triplet_base = layout::triplet_base(accel_sets.len()) as usize;
    for (q, t) in triplet_of.iter().enumerate() {
        if let Some(t) = t {
            accel[q] = triplet_base + t;
        }
    }
    if triplet_base + triplets.len() > layout::MAX_LOOP as usize + 1 {
        return Err(format!(
            "{} self-loop sets and {} triplets do not fit the self-loop field",
            accel_sets.len(),
            triplets.len()
        ));
    }

    // Operation lists, deduplicated; list 0 is empty.
    let mut op_lists: Vec<Vec<(u8, u8)>> = vec![Vec::new()];
    let mut list_of = |ops: &[super::tdfa::Op]| -> usize {
        if ops.is_empty() {
            return 0;
        }
        let l: Vec<(u8, u8)> = ops
            .iter()
            .map(|op| {
                (
                    op.dst as u8,
                    match op.src {
                        Src::Pos => 255,
                        Src::Unset => 254,
                        Src::Reg(r) => r as u8,
                    },
                )
            })
            .collect();
        op_lists.iter().position(|x| *x == l).unwrap_or_else(|| {
            op_lists.push(l);
            op_lists.len() - 1
        })
    };
    // Packed transitions (see `uriscan_layout`): the target premultiplied by
    // the class count, its operation list, the target's self-loop field.
    let too_large = || {
        format!(
            "the automaton is too large for the packed table layout: {} states x {} classes, {} self-loop sets and triplets, or more than {} operation lists",
            ns,
            nc,
            triplet_base - 1 + triplets.len(),
            layout::MAX_OPS
        )
    };
    let pack = |target: usize, ops: usize| -> Result<u32, String> {
        let (t, o, l) = (u32::try_from(target * nc), u32::try_from(ops), u32::try_from(accel[target]));
        match (t, o, l) {
            (Ok(t), Ok(o), Ok(l)) => layout::pack(t, o, l).ok_or_else(too_large),
            _ => Err(too_large()),
        }
    };
    let mut trans = Vec::with_capacity(ns * nc);
    for s in &d.states {
        for (t, ops) in &s.trans {
            let k = list_of(ops);
            trans.push(pack(*t as usize, k)?);
        }
    }
    let starts: Vec<u32> = d.starts.iter().map(|&s| pack(s as usize, 0)).collect::<Result<_, _>>()?;
    let _ = writeln!(
        o,
        "/// Self-loop field values from this one on are triplets (see `TRIPLET_LUT`).\npub const TRIPLET_BASE: u32 = {};",
        triplet_base
    );
    let _ = writeln!(
        o,
        "/// Per triplet: bit `TRIPLET_FIRST` of entry `b` when byte `b` may come first, `TRIPLET_SECOND`\n/// when it may come second, `TRIPLET_AGAIN` when it leads from the return state back into the\n/// triplet (`uriscan_layout`).\npub static TRIPLET_LUT: [[u8; 256]; {}] = [",
        triplets.len()
    );
    for ((h1, h2, _), h0) in triplets.iter().zip(&again) {
        let row: Vec<String> = (0..=255u8)
            .map(|b| {
                let bit = |yes: bool, b: u8| if yes { b } else { 0 };
                (bit(h1.contains(b), layout::TRIPLET_FIRST)
                    | bit(h2.contains(b), layout::TRIPLET_SECOND)
                    | bit(h0.contains(b), layout::TRIPLET_AGAIN))
                .to_string()
            })
            .collect();
        let _ = writeln!(o, "    [{}],", row.join(", "));
    }
    o.push_str("];\n");
    let triplet_to: Vec<u32> = triplets.iter().map(|(_, _, p)| pack(*p, 0)).collect::<Result<_, _>>()?;
    array(
        &mut o,
        "TRIPLET_TO",
        "u32",
        &triplet_to,
        "Per triplet: the state it returns to, packed like `TRANS` (no operations).",
    );
    // Acceptance: one more operation list per accepting state moves the tag
    // values into the tags' home registers (tag k in register k), run with
    // the input length as the position; `FINAL` holds 1 + that list (0: the
    // state does not accept). The scratch register breaks copy cycles.
    let scratch = (d.nregs - 1) as u16;
    let fin_idx: Vec<u16> = d
        .states
        .iter()
        .map(|s| match &s.fin {
            None => Ok(layout::REJECT),
            Some(v) => {
                let pending: Vec<Op> = v
                    .iter()
                    .enumerate()
                    .filter_map(|(k, t)| {
                        let src = match t {
                            TagVal::Reg(r) if *r as usize == k => return None,
                            TagVal::Reg(r) => Src::Reg(*r),
                            TagVal::Pos => Src::Pos,
                            TagVal::Unset => Src::Unset,
                        };
                        Some(Op { dst: k as u16, src })
                    })
                    .collect();
                let list = list_of(&super::tdfa::sequence(pending, scratch));
                u16::try_from(list).ok().filter(|&l| l < u16::MAX).map(layout::accept).ok_or_else(too_large)
            }
        })
        .collect::<Result<_, _>>()?;
    // Operation lists name registers in a byte, 254 and 255 being `NONE`
    // and the position.
    if op_lists.len() > layout::MAX_OPS as usize + 1 || d.nregs >= 254 {
        return Err(format!("{} operation lists or {} registers do not fit the layout", op_lists.len(), d.nregs));
    }
    array(&mut o, "STARTS", "u32", &starts, "Start of each entry, packed like `TRANS` (no operations).");
    array(
        &mut o,
        "TRANS",
        "u32",
        &trans,
        "Transitions by `state + class` (state ids premultiplied by `NCLASSES`), packed as `uriscan_layout` defines: the target (0: dead), its operation list (0: none; see `Tables::apply`), the target's self-loop field.",
    );
    // Operations become straight-line code, one match arm per list.
    let mut apply = String::new();
    for (k, l) in op_lists.iter().enumerate().skip(1) {
        let _ = write!(apply, "            {} => {{", k);
        for (dst, src) in l {
            let v = match src {
                255 => "pos".to_string(),
                254 => "NONE".to_string(),
                r => format!("r[{}]", r),
            };
            let _ = write!(apply, " r[{}] = {};", dst, v);
        }
        apply.push_str(" }\n");
    }
    let nops: usize = op_lists.iter().map(|l| l.len()).sum();
    let nlut = accel_sets.len().div_ceil(layout::SETS_PER_LUT).max(1);
    let _ = writeln!(
        o,
        "/// Self-loop sets as bit tables, several sets per table: set `k` holds byte `b` when\n/// `ACCEL_LUT[lut_row(k)][b] & lut_bit(k) != 0` (`uriscan_layout`).\npub static ACCEL_LUT: [[u8; 256]; {}] = [",
        nlut
    );
    for t in 0..nlut {
        let row: Vec<String> = (0..=255u8)
            .map(|b| {
                let mut v = 0u8;
                for (k, (set, _, _)) in accel_sets.iter().enumerate() {
                    if layout::lut_row(k) == t && set.contains(b) {
                        v |= layout::lut_bit(k);
                    }
                }
                v.to_string()
            })
            .collect();
        let _ = writeln!(o, "    [{}],", row.join(", "));
    }
    o.push_str("];\n");
    // Nibble tables for SIMD membership tests (`uriscan_layout::nibbles`).
    let _ = writeln!(
        o,
        "/// SIMD nibble tables of the self-loop sets (`uriscan_layout::Nibbles::table`).\npub static ACCEL_NIBBLES: [[u8; 32]; {}] = [",
        accel_sets.len()
    );
    let mut modes = Vec::new();
    for (set, _, _) in &accel_sets {
        let n = layout::nibbles(&set.0);
        modes.push(n.high);
        let _ = writeln!(o, "    [{}],", n.table.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", "));
    }
    o.push_str("];\n");
    array(
        &mut o,
        "ACCEL_HIGH",
        "u8",
        &modes,
        "Bytes >= 0x80 in each self-loop set (`uriscan_layout::Nibbles::high`: none, all, or some, scalar only).",
    );
    let _ = writeln!(o, "/// The self-loop sets as 256-bit sets (for SIMD tables and tests).\npub static ACCEL_SETS: [[u64; 4]; {}] = [", accel_sets.len());
    for (s, _, _) in &accel_sets {
        o.push_str("    ");
        words(&mut o, s.0);
        o.push_str(",\n");
    }
    o.push_str("];\n");
    let ext: Vec<u8> = accel_sets.iter().map(|(_, t, _)| layout::ext_field(*t)).collect();
    array(
        &mut o,
        "ACCEL_EXT",
        "u8",
        &ext,
        "Per self-loop set: the triplet whose whole occurrences a run may also hold (`uriscan_layout::ext_triplet`).",
    );
    let utf8: Vec<u8> = accel_sets.iter().map(|(_, _, u)| *u as u8).collect();
    array(
        &mut o,
        "ACCEL_UTF8",
        "u8",
        &utf8,
        "Per self-loop set: 1 + the index of the code points its runs may hold as UTF-8 (`UTF8_FULL`, `UTF8_RANGES`), 0 for none.",
    );
    let _ = writeln!(
        o,
        "/// Per UTF-8 run set: bit `k % 64` of word `k / 64` when all 64 code points `64k..64k + 63`\n/// of the Basic Multilingual Plane are in the set.\npub static UTF8_FULL: [[u64; 16]; {}] = [",
        utf8_sets.len()
    );
    for cps in &utf8_sets {
        let mut full = [0u64; 16];
        for &(lo, hi) in cps {
            for k in lo.div_ceil(64)..=(hi.min(0xFFFF) + 1) / 64 {
                if k < 1024 && 64 * k + 63 <= hi {
                    full[(k / 64) as usize] |= 1 << (k % 64);
                }
            }
        }
        let _ = writeln!(o, "    [{}],", full.iter().map(|w| format!("{w:#x}")).collect::<Vec<_>>().join(", "));
    }
    o.push_str("];\n");
    let _ = writeln!(
        o,
        "/// Per UTF-8 run set: its code points as sorted, disjoint, inclusive ranges.\npub static UTF8_RANGES: [&[(u32, u32)]; {}] = [",
        utf8_sets.len()
    );
    for cps in &utf8_sets {
        let r: Vec<String> = cps.iter().map(|(lo, hi)| format!("({lo:#x}, {hi:#x})")).collect();
        let _ = writeln!(o, "    &[{}],", r.join(", "));
    }
    o.push_str("];\n");
    let _ = writeln!(
        o,
        "/// Per triplet: the nibble tables of its leading bytes (`TRIPLET_AGAIN`), first and second\n/// bytes (`uriscan_layout::Nibbles::table`; all ASCII when a run set names the triplet).\npub static TRIPLET_NIBBLES: [[[u8; 32]; 3]; {}] = [",
        triplets.len()
    );
    for ((h1, h2, _), lead) in triplets.iter().zip(&again) {
        let t = |s: &ByteSet| layout::nibbles(&s.0).table.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ");
        let _ = writeln!(o, "    [[{}], [{}], [{}]],", t(lead), t(h1), t(h2));
    }
    o.push_str("];\n");

    array(
        &mut o,
        "FINAL",
        "u16",
        &fin_idx,
        "Acceptance of each state (`uriscan_layout::accept_list`): rejects, or accepts after an operation list that moves the tag values to their home registers.",
    );
    let ctxs: Vec<String> = d
        .states
        .iter()
        .map(|s| match s.ctx {
            None => format!("{}::{}", cfg.context_type, cfg.root_context),
            Some(k) => format!("{}::{}", cfg.context_type, cfg.contexts[k as usize].0),
        })
        .collect();
    array(&mut o, "CONTEXT", &cfg.context_type, &ctxs, "Error context of each state.");
    let _ = write!(
        o,
        "/// The automaton, for the runtime's walker: tables, and the tag operations as code.
#[derive(Clone, Copy, Debug)]
pub struct Tables;

impl {at} for Tables {{
    type Context = {ct};
    type Mark = {mt};
    type Regs = [u32; NREGS];
    type Tags = [u32; NTAGS];
    const NCLASSES: usize = NCLASSES;
    const MARKS: &'static [{mt}] = &MARKS;
    const STARTS: &'static [u32] = &STARTS;
    const CLASSES: &'static [u8; 256] = &CLASSES;
    const TRANS: &'static [u32] = &TRANS;
    const FINAL: &'static [u16] = &FINAL;
    const CONTEXT: &'static [{ct}] = &CONTEXT;
    const ACCEL_LUT: &'static [[u8; 256]] = &ACCEL_LUT;
    const ACCEL_NIBBLES: &'static [[u8; 32]] = &ACCEL_NIBBLES;
    const ACCEL_HIGH: &'static [u8] = &ACCEL_HIGH;
    const TRIPLET_BASE: u32 = TRIPLET_BASE;
    const TRIPLET_LUT: &'static [[u8; 256]] = &TRIPLET_LUT;
    const TRIPLET_TO: &'static [u32] = &TRIPLET_TO;
    const ACCEL_EXT: &'static [u8] = &ACCEL_EXT;
    const TRIPLET_NIBBLES: &'static [[[u8; 32]; 3]] = &TRIPLET_NIBBLES;
    const ACCEL_UTF8: &'static [u8] = &ACCEL_UTF8;
    const UTF8_FULL: &'static [[u64; 16]] = &UTF8_FULL;
    const UTF8_RANGES: &'static [&'static [(u32, u32)]] = &UTF8_RANGES;

    #[inline(always)]
    fn new_regs() -> [u32; NREGS] {{
        [NONE; NREGS]
    }}

    #[inline(always)]
    fn apply(list: u32, pos: u32, r: &mut [u32; NREGS]) {{
        match list {{
{apply}            _ => {{}}
        }}
    }}

    #[inline(always)]
    fn tags(r: &[u32; NREGS]) -> [u32; NTAGS] {{
        let mut t = [NONE; NTAGS];
        t.copy_from_slice(&r[..NTAGS]);
        t
    }}
}}
",
        at = automaton_type,
        ct = cfg.context_type,
        mt = cfg.mark_type,
        apply = apply,
    );
    let _ = g;
    let table_bytes = ns * nc * 4
        + 256
        + ns * 2
        + nlut * 256
        + accel_sets.len() * 32
        + utf8_sets.iter().map(|r| 128 + 8 * r.len()).sum::<usize>();
    let _ = nops;
    let report = Report {
        states: ns,
        unminimized: d.unminimized,
        classes: nc,
        registers: d.nregs,
        table_bytes,
        accelerated: accel.iter().filter(|&&a| a != 0 && a < triplet_base).count(),
        triplet_states: accel.iter().filter(|&&a| a >= triplet_base).count(),
    };
    Ok((o, report))
}

/// The code points (>= U+0080, as sorted inclusive ranges) whose UTF-8
/// bytes lead state `i` of `d` back to `i` with no tag operation. Walks
/// the well-formed sequences only (no overlong forms, surrogates or values
/// above U+10FFFF), the last byte of each as a 64-bit mask.
fn utf8_loop(d: &Tdfa, i: usize) -> Vec<(u32, u32)> {
    let step = |q: usize, b: u8| -> usize {
        let (t, ops) = &d.states[q].trans[d.classes[b as usize] as usize];
        if ops.is_empty() {
            *t as usize
        } else {
            0
        }
    };
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

/// The entry rules as a Rust enum `Rule`, in the tags file's order (each
/// variant's value is its index in `STARTS`), documented with the rule's ABNF.
fn rule_enum(o: &mut String, cfg: &Config, g: &Grammar) {
    let n = cfg.entries.len();
    o.push_str(
        "/// An entry rule of the grammar: where a parse starts. The variants are the `entry`\n\
         /// lines of the tags file, in order; each one's value is its index in `STARTS`.\n\
         #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]\npub enum Rule {\n",
    );
    for (k, (name, rule)) in cfg.entries.iter().enumerate() {
        let text = g.rule(rule).map(|r| abnf_text(&r.expr).replace('`', "'")).unwrap_or_default();
        let _ = writeln!(o, "    /// `{} = {}`\n    {} = {},", rule, text, name, k);
    }
    o.push_str("}\n\nimpl Rule {\n");
    let all: Vec<String> = cfg.entries.iter().map(|(name, _)| format!("Rule::{}", name)).collect();
    let _ = writeln!(
        o,
        "    /// Every entry rule, in the tags file's order.\n    pub const ALL: [Rule; {}] = [{}];\n",
        n,
        all.join(", ")
    );
    o.push_str("    /// The rule's name in the grammar, as the tags file writes it.\n    #[must_use]\n    pub const fn name(self) -> &'static str {\n        match self {\n");
    for (name, rule) in &cfg.entries {
        let _ = writeln!(o, "            Rule::{} => \"{}\",", name, rule);
    }
    o.push_str("        }\n    }\n}\n");
}

/// Emits a `ByteSet` constant for every rule that matches some one-byte string.
pub fn byte_sets(header: &str, g: &Grammar, set_type: &str) -> String {
    let mut o = String::new();
    o.push_str(header);
    for r in g.rules() {
        let (set, exact) = one_byte_set(g, &r.name);
        if set.is_empty() {
            continue;
        }
        let what = if exact {
            "matches exactly one byte: these"
        } else {
            "also matches longer strings; these are the bytes that match alone"
        };
        let _ = write!(
            o,
            "/// `{} = {}`\n///\n/// The rule {}.\npub const {}: {} = {}::from_bits(",
            r.name,
            abnf_text(&r.expr).replace('`', "'"),
            what,
            const_name(&r.name),
            set_type,
            set_type
        );
        words(&mut o, set.0);
        o.push_str(");\n");
    }
    o
}
