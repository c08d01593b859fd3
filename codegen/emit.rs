//! Rust source for the generated tables. Output is a pure function of the
//! inputs: same grammar, byte-identical file.

use super::abnf::{Expr, Grammar};
use super::byteset::ByteSet;
use super::config::Config;
use super::nfa;
use super::tdfa::{Src, TagVal, Tdfa};
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
}

/// Emits the automaton module for one grammar.
pub fn automaton(header: &str, cfg: &Config, g: &Grammar, d: &Tdfa, automaton_type: &str) -> (String, Report) {
    let mut o = String::new();
    o.push_str(header);
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
    let starts: Vec<usize> = d.starts.iter().map(|&s| s as usize * nc).collect();
    array(&mut o, "STARTS", "u16", &starts, "Start state of each entry, premultiplied by `NCLASSES`.");
    let classes: Vec<u8> = d.classes.to_vec();
    array(&mut o, "CLASSES", "u8", &classes, "Byte class of each byte.");

    // Transitions and their operations.
    let mut trans = Vec::with_capacity(ns * nc);
    let mut ops_idx = Vec::with_capacity(ns * nc);
    let mut op_lists: Vec<Vec<(u8, u8)>> = vec![Vec::new()];
    for s in &d.states {
        for (t, ops) in &s.trans {
            trans.push(*t as usize * nc);
            if ops.is_empty() {
                ops_idx.push(0usize);
            } else {
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
                let k = op_lists.iter().position(|x| *x == l).unwrap_or_else(|| {
                    op_lists.push(l);
                    op_lists.len() - 1
                });
                ops_idx.push(k);
            }
        }
    }
    array(&mut o, "TRANS", "u16", &trans, "Next state (premultiplied), by `state + class`; 0 is dead.");
    array(
        &mut o,
        "TRANS_OPS",
        "u8",
        &ops_idx,
        "Operation list of each transition (0: none), an index into `OP_START`.",
    );
    let mut starts_ops = vec![0usize];
    let mut flat: Vec<String> = Vec::new();
    for l in &op_lists {
        for (dst, src) in l {
            flat.push(format!("({}, {})", dst, src));
        }
        starts_ops.push(flat.len());
    }
    array(
        &mut o,
        "OP_START",
        "u16",
        &starts_ops,
        "Start of each operation list in `OPS` (list `k` is `OP_START[k]..OP_START[k + 1]`).",
    );
    array(
        &mut o,
        "OPS",
        "(u8, u8)",
        &flat,
        "Operations `(dst, src)`: `regs[dst] = src`, where src 255 is the current position and 254 means unset.",
    );

    // Acceptance.
    let mut fin_rows: Vec<Vec<u8>> = vec![Vec::new()];
    let mut fin_idx = Vec::new();
    for s in &d.states {
        match &s.fin {
            None => fin_idx.push(0usize),
            Some(v) => {
                let row: Vec<u8> = v
                    .iter()
                    .map(|t| match t {
                        TagVal::Unset => 254,
                        TagVal::Pos => 255,
                        TagVal::Reg(r) => *r as u8,
                    })
                    .collect();
                let k = fin_rows.iter().position(|x| *x == row).unwrap_or_else(|| {
                    fin_rows.push(row);
                    fin_rows.len() - 1
                });
                fin_idx.push(k);
            }
        }
    }
    array(
        &mut o,
        "FINAL",
        "u8",
        &fin_idx,
        "Acceptance row of each state (0: not accepting), an index into `FINAL_TAGS`.",
    );
    let flat_rows: Vec<u8> = fin_rows
        .iter()
        .flat_map(|r| {
            let mut full = r.clone();
            full.resize(d.ntags, 254);
            full
        })
        .collect();
    array(
        &mut o,
        "FINAL_TAGS",
        "u8",
        &flat_rows,
        "Tag values on acceptance, `NTAGS` per row: a register, 254 unset, 255 the input length.",
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

    // Acceleration: the bytes that keep a state where it is with no operation.
    let mut accel_sets: Vec<[u64; 4]> = vec![[0; 4]];
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
            let k = accel_sets.iter().position(|x| *x == set.0).unwrap_or_else(|| {
                accel_sets.push(set.0);
                accel_sets.len() - 1
            });
            accel.push(k);
        }
    }
    array(&mut o, "ACCEL", "u8", &accel, "Self-loop set of each state (0: none), an index into `ACCEL_SETS`.");
    let _ = writeln!(o, "/// Bytes that keep a state in place with no operation (256-bit sets).\npub static ACCEL_SETS: [[u64; 4]; {}] = [", accel_sets.len());
    for s in &accel_sets {
        o.push_str("    ");
        words(&mut o, *s);
        o.push_str(",\n");
    }
    o.push_str("];\n");
    let _ = g;
    let _ = writeln!(
        o,
        "/// The automaton, for the runtime's walker.\npub static AUTOMATON: {at}<{ct}> = {at} {{ nclasses: NCLASSES, ntags: NTAGS, starts: &STARTS, classes: &CLASSES, trans: &TRANS, trans_ops: &TRANS_OPS, op_start: &OP_START, ops: &OPS, fin: &FINAL, final_tags: &FINAL_TAGS, context: &CONTEXT, accel: &ACCEL, accel_sets: &ACCEL_SETS }};",
        at = automaton_type,
        ct = cfg.context_type
    );
    let table_bytes =
        ns * nc * 2 + ns * nc + 256 + flat.len() * 2 + flat_rows.len() + ns * 3 + accel_sets.len() * 32;
    let report = Report {
        states: ns,
        unminimized: d.unminimized,
        classes: nc,
        registers: d.nregs,
        table_bytes,
        accelerated: accel.iter().filter(|&&a| a != 0).count(),
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
