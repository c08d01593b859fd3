//! Rust source for the generated tables. Output is a pure function of the
//! inputs: same grammar, byte-identical file.

use super::abnf::{Expr, Grammar};
use super::byteset::ByteSet;
use super::config::Config;
use super::nfa;
use super::tdfa::{Op, Src, TagVal, Tdfa};
use std::fmt::Write;

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
pub fn automaton(header: &str, cfg: &Config, g: &Grammar, d: &Tdfa, automaton_type: &str) -> (String, Report) {
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
    let entries: Vec<String> = cfg.entries.iter().map(|(n, r)| format!("(\"{}\", \"{}\")", n, r)).collect();
    let _ = writeln!(
        o,
        "/// Entry points (name, rule), in the order of `STARTS`.\npub static ENTRIES: [(&str, &str); {}] = [{}];",
        entries.len(),
        entries.join(", ")
    );
    let classes: Vec<u8> = d.classes.to_vec();
    array(&mut o, "CLASSES", "u8", &classes, "Byte class of each byte.");

    // Acceleration: the bytes that keep a state where it is with no operation.
    let mut accel_sets: Vec<ByteSet> = Vec::new();
    let mut accel = Vec::new();
    for (i, s) in d.states.iter().enumerate() {
        let mut set = ByteSet::EMPTY;
        if i != 0 {
            for b in 0..=255u8 {
                let (t, ops) = &s.trans[d.classes[b as usize] as usize];
                if *t as usize == i && ops.is_empty() {
                    set.insert(b);
                }
            }
        }
        if set.is_empty() {
            accel.push(0usize);
        } else {
            let k = accel_sets.iter().position(|x| *x == set).unwrap_or_else(|| {
                accel_sets.push(set);
                accel_sets.len() - 1
            });
            accel.push(k + 1);
        }
    }

    // Triplets: a state Q without a self-loop whose every live byte leads,
    // with no operation, to one state R, from which the bytes of a set H2
    // lead, with no operation, to one state P that has a self-loop: in RFC
    // 3986, `pct-encoded` inside a path, query or fragment (Q after "%", H1 =
    // H2 = HEXDIG). The walker steps over the two bytes at once when both
    // are in their sets, and otherwise walks on from Q as usual. Q's
    // self-loop field holds `TRIPLET_BASE + t` for triplet `t`.
    let triplet_base = accel_sets.len() + 1;
    let mut triplets: Vec<(ByteSet, ByteSet, usize)> = Vec::new();
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
        if accel[q] != 0 {
            continue;
        }
        let Some((r, h1)) = single_target(q) else { continue };
        let Some((p, h2)) = single_target(r) else { continue };
        if accel[p] == 0 || accel[p] >= triplet_base {
            continue;
        }
        // One triplet per start state, so that the walker knows the state
        // it is in when a chain of triplets stops.
        triplets.push((h1, h2, p));
        accel[q] = triplet_base + triplets.len() - 1;
    }
    assert!(triplet_base + triplets.len() < 0x100, "too many self-loop sets and triplets for 8 bits");
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
                if ops.is_empty() && accel[*q as usize] == triplet_base + t {
                    set.insert(b);
                }
            }
            set
        })
        .collect();

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
    // Packed transitions: target * NCLASSES | ops << 16 | accel << 24.
    let pack =
        |target: usize, ops: usize| -> u32 { (target * nc) as u32 | (ops as u32) << 16 | (accel[target] as u32) << 24 };
    let mut trans = Vec::with_capacity(ns * nc);
    for s in &d.states {
        for (t, ops) in &s.trans {
            let k = list_of(ops);
            trans.push(pack(*t as usize, k));
        }
    }
    let starts: Vec<u32> = d.starts.iter().map(|&s| pack(s as usize, 0)).collect();
    let _ = writeln!(
        o,
        "/// Self-loop field values from this one on are triplets (see `TRIPLET_LUT`).\npub const TRIPLET_BASE: u32 = {};",
        triplet_base
    );
    let _ = writeln!(
        o,
        "/// Per triplet: bit 0 of entry `b` when byte `b` may come first, bit 1 when it may come second,\n/// bit 2 when it leads from the return state back into the triplet.\npub static TRIPLET_LUT: [[u8; 256]; {}] = [",
        triplets.len()
    );
    for ((h1, h2, _), h0) in triplets.iter().zip(&again) {
        let row: Vec<String> = (0..=255u8)
            .map(|b| {
                (u8::from(h1.contains(b)) | u8::from(h2.contains(b)) << 1 | u8::from(h0.contains(b)) << 2).to_string()
            })
            .collect();
        let _ = writeln!(o, "    [{}],", row.join(", "));
    }
    o.push_str("];\n");
    let triplet_to: Vec<u32> = triplets.iter().map(|(_, _, p)| pack(*p, 0)).collect();
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
    let fin_idx: Vec<usize> = d
        .states
        .iter()
        .map(|s| match &s.fin {
            None => 0,
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
                1 + list_of(&super::tdfa::sequence(pending, scratch))
            }
        })
        .collect();
    let limits_ok = ns * nc <= 0xFFFF && op_lists.len() <= 0x100 && accel_sets.len() < 0x100 && d.nregs < 254;
    assert!(
        limits_ok,
        "the automaton is too large for the packed table layout: {} states x {} classes, {} op lists, {} self-loop sets, {} registers",
        ns,
        nc,
        op_lists.len(),
        accel_sets.len(),
        d.nregs
    );
    array(&mut o, "STARTS", "u32", &starts, "Start of each entry, packed like `TRANS` (no operations).");
    array(
        &mut o,
        "TRANS",
        "u32",
        &trans,
        "Transitions by `state + class` (state ids premultiplied by `NCLASSES`), packed: bits 0..16 the target (0: dead), bits 16..24 its operation list (0: none; see `Tables::apply`), bits 24..32 the target's self-loop set (0: none; set `k` is bit `(k - 1) % 8` of `ACCEL_LUT[(k - 1) / 8]`).",
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
    let nlut = accel_sets.len().div_ceil(8).max(1);
    let _ = writeln!(
        o,
        "/// Self-loop sets as bit tables, eight sets per table: set `k` holds byte `b` when\n/// `ACCEL_LUT[(k - 1) / 8][b] & (1 << ((k - 1) % 8)) != 0`.\npub static ACCEL_LUT: [[u8; 256]; {}] = [",
        nlut
    );
    for t in 0..nlut {
        let row: Vec<String> = (0..=255u8)
            .map(|b| {
                let mut v = 0u8;
                for (k, set) in accel_sets.iter().enumerate().skip(t * 8).take(8) {
                    if set.contains(b) {
                        v |= 1 << (k % 8);
                    }
                }
                v.to_string()
            })
            .collect();
        let _ = writeln!(o, "    [{}],", row.join(", "));
    }
    o.push_str("];\n");
    // Nibble tables for SIMD membership tests: byte `b < 0x80` is in the set
    // when `lo[b & 15] & hi[b >> 4] != 0`, with `hi[h] = 1 << h`; bytes
    // `>= 0x80` are all in (mode 1), all out (mode 0), or mixed (mode 2:
    // no SIMD for this set).
    let _ = writeln!(
        o,
        "/// SIMD nibble tables of the self-loop sets: `[lo[16], hi[16]]`; ASCII byte `b` is in set `k`\n/// when `lo[b & 15] & hi[b >> 4] != 0`.\npub static ACCEL_NIBBLES: [[u8; 32]; {}] = [",
        accel_sets.len()
    );
    let mut modes = Vec::new();
    for set in &accel_sets {
        let mut t = [0u8; 32];
        for b in 0..0x80u8 {
            if set.contains(b) {
                t[(b & 15) as usize] |= 1 << (b >> 4);
            }
        }
        for h in 0..8 {
            t[16 + h] = 1 << h;
        }
        let high = (0x80..=0xFFu8).filter(|&b| set.contains(b)).count();
        modes.push(match high {
            0 => 0,
            128 => 1,
            _ => 2,
        });
        let _ = writeln!(o, "    [{}],", t.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", "));
    }
    o.push_str("];\n");
    array(
        &mut o,
        "ACCEL_HIGH",
        "u8",
        &modes,
        "Bytes >= 0x80 in each self-loop set: 0 none, 1 all, 2 some (scalar only).",
    );
    let _ = writeln!(o, "/// The self-loop sets as 256-bit sets (for SIMD tables and tests).\npub static ACCEL_SETS: [[u64; 4]; {}] = [", accel_sets.len());
    for s in &accel_sets {
        o.push_str("    ");
        words(&mut o, s.0);
        o.push_str(",\n");
    }
    o.push_str("];\n");

    array(
        &mut o,
        "FINAL",
        "u16",
        &fin_idx,
        "Acceptance of each state: 0 rejects, `1 + k` accepts after operation list `k` (see `Tables::finish`).",
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
    type Regs = [u32; NREGS];
    type Tags = [u32; NTAGS];
    const NCLASSES: usize = NCLASSES;
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
    fn finish(f: u16, n: u32, r: &mut [u32; NREGS]) {{
        Self::apply(u32::from(f) - 1, n, r)
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
        apply = apply,
    );
    let _ = g;
    let table_bytes = ns * nc * 4 + 256 + ns * 2 + nlut * 256 + accel_sets.len() * 32;
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
    (o, report)
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
