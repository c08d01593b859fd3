//! Rust source for the generated tables. Output is a pure function of the
//! inputs: same grammar, byte-identical file.

mod accel;
mod ops;

use super::abnf::{Expr, Grammar};
use super::byteset::ByteSet;
use super::config::Config;
use super::nfa;
use super::tdfa::Tdfa;
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

/// Emits the automaton module for one grammar: its constants, its tables,
/// and a `Tables` type implementing `uriscan_layout::Tables`. The module
/// names only `uriscan_layout` and the context and mark types of the tags
/// file (`types`), which the including module brings into scope.
pub fn automaton(header: &str, cfg: &Config, d: &Tdfa) -> Result<(String, Report), String> {
    let plan = accel::plan(d)?;
    let packed = ops::pack(d, &plan)?;
    let mut o = String::new();
    o.push_str(header);
    constants(&mut o, cfg, d);
    array(&mut o, "CLASSES", "u8", &d.classes, "Byte class of each byte.");
    array(&mut o, "STARTS", "u32", &packed.starts, "Start of each entry, packed like `TRANS` (no operations).");
    array(
        &mut o,
        "TRANS",
        "u32",
        &packed.trans,
        "Transitions by `state + class` (state ids premultiplied by `NCLASSES`), packed as `uriscan_layout` defines: the target (0: dead), its operation list (0: none; see `Tables::apply`), the target's self-loop field.",
    );
    array(
        &mut o,
        "FINAL",
        "u16",
        &packed.finals,
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
    let nlut = run_tables(&mut o, &plan);
    triplet_tables(&mut o, &plan, &packed.triplet_to);
    utf8_tables(&mut o, &plan);
    tables_impl(&mut o, cfg, &packed.lists);
    let table_bytes = d.states.len() * d.nclasses * 4
        + 256
        + d.states.len() * 2
        + nlut * 256
        + plan.runs.len() * 32
        + plan.utf8_sets.iter().map(|r| 128 + 8 * r.len()).sum::<usize>();
    let report = Report {
        states: d.states.len(),
        unminimized: d.unminimized,
        classes: d.nclasses,
        registers: d.nregs,
        table_bytes,
        accelerated: plan.field.iter().filter(|&&a| a != 0 && a < plan.triplet_base).count(),
        triplet_states: plan.field.iter().filter(|&&a| a >= plan.triplet_base).count(),
    };
    Ok((o, report))
}

/// The sizes, the capture indices and the marks.
fn constants(o: &mut String, cfg: &Config, d: &Tdfa) {
    o.push_str("/// An unset tag or register.\npub const NONE: u32 = u32::MAX;\n");
    let _ = writeln!(o, "/// Number of byte classes.\npub const NCLASSES: usize = {};", d.nclasses);
    let _ = writeln!(o, "/// Number of states; state 0 is dead.\npub const NSTATES: usize = {};", d.states.len());
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
}

/// A table of 256-entry rows, one row per item, each row from `cell(item, byte)`.
fn byte_rows<T>(o: &mut String, name: &str, doc: &str, items: &[T], cell: impl Fn(&T, u8) -> u8) {
    let _ = writeln!(o, "/// {}\npub static {}: [[u8; 256]; {}] = [", doc, name, items.len());
    for item in items {
        let row: Vec<String> = (0..=255u8).map(|b| cell(item, b).to_string()).collect();
        let _ = writeln!(o, "    [{}],", row.join(", "));
    }
    o.push_str("];\n");
}

/// A nibble-table string (`uriscan_layout::Nibbles::table`) of `s`.
fn nibble_row(s: &ByteSet) -> String {
    layout::nibbles(&s.0).table.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ")
}

/// The run sets: bit tables, nibble tables, high bytes, 256-bit sets, the
/// triplet each may hold and its UTF-8 set. Returns the bit tables' row count.
fn run_tables(o: &mut String, plan: &accel::Plan) -> usize {
    let nlut = plan.runs.len().div_ceil(layout::SETS_PER_LUT).max(1);
    let rows: Vec<usize> = (0..nlut).collect();
    byte_rows(
        o,
        "ACCEL_LUT",
        "Self-loop sets as bit tables, several sets per table: set `k` holds byte `b` when\n/// `ACCEL_LUT[lut_row(k)][b] & lut_bit(k) != 0` (`uriscan_layout`).",
        &rows,
        |&t, b| {
            let mut v = 0u8;
            for (k, r) in plan.runs.iter().enumerate() {
                if layout::lut_row(k) == t && r.bytes.contains(b) {
                    v |= layout::lut_bit(k);
                }
            }
            v
        },
    );
    let _ = writeln!(
        o,
        "/// SIMD nibble tables of the self-loop sets (`uriscan_layout::Nibbles::table`).\npub static ACCEL_NIBBLES: [[u8; 32]; {}] = [",
        plan.runs.len()
    );
    for r in &plan.runs {
        let _ = writeln!(o, "    [{}],", nibble_row(&r.bytes));
    }
    o.push_str("];\n");
    let high: Vec<u8> = plan.runs.iter().map(|r| layout::nibbles(&r.bytes.0).high).collect();
    array(
        o,
        "ACCEL_HIGH",
        "u8",
        &high,
        "Bytes >= 0x80 in each self-loop set (`uriscan_layout::Nibbles::high`: none, all, or some, scalar only).",
    );
    let _ = writeln!(
        o,
        "/// Whether any self-loop set holds bytes >= 0x80 (`ACCEL_HIGH` is not all `HIGH_NONE`).\npub const ACCEL_ANY_HIGH: bool = {};",
        high.iter().any(|&h| h != layout::HIGH_NONE)
    );
    let _ = writeln!(
        o,
        "/// The self-loop sets as 256-bit sets (for SIMD tables and tests).\npub static ACCEL_SETS: [[u64; 4]; {}] = [",
        plan.runs.len()
    );
    for r in &plan.runs {
        o.push_str("    ");
        words(o, r.bytes.0);
        o.push_str(",\n");
    }
    o.push_str("];\n");
    let ext: Vec<u8> = plan.runs.iter().map(|r| layout::ext_field(r.ext)).collect();
    array(
        o,
        "ACCEL_EXT",
        "u8",
        &ext,
        "Per self-loop set: the triplet whose whole occurrences a run may also hold (`uriscan_layout::ext_triplet`).",
    );
    let utf8: Vec<u8> = plan.runs.iter().map(|r| r.utf8 as u8).collect();
    array(
        o,
        "ACCEL_UTF8",
        "u8",
        &utf8,
        "Per self-loop set: 1 + the index of the code points its runs may hold as UTF-8 (`UTF8_FULL`, `UTF8_RANGES`), 0 for none.",
    );
    nlut
}

/// The triplets: where they begin in the self-loop field, their byte bits,
/// return states and nibble tables.
fn triplet_tables(o: &mut String, plan: &accel::Plan, triplet_to: &[u32]) {
    let _ = writeln!(
        o,
        "/// Self-loop field values from this one on are triplets (see `TRIPLET_LUT`).\npub const TRIPLET_BASE: u32 = {};",
        plan.triplet_base
    );
    byte_rows(
        o,
        "TRIPLET_LUT",
        "Per triplet: bit `TRIPLET_FIRST` of entry `b` when byte `b` may come first, `TRIPLET_SECOND`\n/// when it may come second, `TRIPLET_AGAIN` when it leads from the return state back into the\n/// triplet (`uriscan_layout`).",
        &plan.triplets,
        |t, b| {
            let bit = |yes: bool, v: u8| if yes { v } else { 0 };
            bit(t.first.contains(b), layout::TRIPLET_FIRST)
                | bit(t.second.contains(b), layout::TRIPLET_SECOND)
                | bit(t.again.contains(b), layout::TRIPLET_AGAIN)
        },
    );
    array(
        o,
        "TRIPLET_TO",
        "u32",
        triplet_to,
        "Per triplet: the state it returns to, packed like `TRANS` (no operations).",
    );
    let _ = writeln!(
        o,
        "/// Per triplet: the nibble tables of its leading bytes (`TRIPLET_AGAIN`), first and second\n/// bytes (`uriscan_layout::Nibbles::table`; all ASCII when a run set names the triplet).\npub static TRIPLET_NIBBLES: [[[u8; 32]; 3]; {}] = [",
        plan.triplets.len()
    );
    for t in &plan.triplets {
        let _ =
            writeln!(o, "    [[{}], [{}], [{}]],", nibble_row(&t.again), nibble_row(&t.first), nibble_row(&t.second));
    }
    o.push_str("];\n");
}

/// The UTF-8 run sets: whole 64-code-point blocks of the BMP as bitmaps, and
/// all their code points as ranges.
fn utf8_tables(o: &mut String, plan: &accel::Plan) {
    let _ = writeln!(
        o,
        "/// Per UTF-8 run set: bit `k % 64` of word `k / 64` when all 64 code points `64k..64k + 63`\n/// of the Basic Multilingual Plane are in the set.\npub static UTF8_FULL: [[u64; 16]; {}] = [",
        plan.utf8_sets.len()
    );
    let fulls: Vec<[u64; 16]> = plan.utf8_sets.iter().map(|cps| full_blocks(cps)).collect();
    for full in &fulls {
        let _ = writeln!(o, "    [{}],", full.iter().map(|w| format!("{w:#x}")).collect::<Vec<_>>().join(", "));
    }
    o.push_str("];\n");
    let _ = writeln!(
        o,
        "/// Per UTF-8 run set: its code points as sorted, disjoint, inclusive ranges.\npub static UTF8_RANGES: [&[(u32, u32)]; {}] = [",
        plan.utf8_sets.len()
    );
    for cps in &plan.utf8_sets {
        let r: Vec<String> = cps.iter().map(|(lo, hi)| format!("({lo:#x}, {hi:#x})")).collect();
        let _ = writeln!(o, "    &[{}],", r.join(", "));
    }
    o.push_str("];\n");
    let _ = writeln!(
        o,
        "/// Per UTF-8 run set: the leading bytes all of whose characters are in it, as nibble tables\n/// (`uriscan_layout::utf8_leads`).\npub static UTF8_LEADS: [[u8; 32]; {}] = [",
        plan.utf8_sets.len()
    );
    // A two-byte lead's 64 characters are one block of `full`; a
    // three-byte lead's 4,096 are one word of it.
    for full in &fulls {
        let t = uriscan_layout::utf8_leads(&|lead| match lead {
            0xC0..=0xDF => full[0] >> (lead & 0x1F) & 1 != 0,
            _ => full[usize::from(lead & 0x0F)] == u64::MAX,
        });
        let _ = writeln!(o, "    [{}],", t.iter().map(u8::to_string).collect::<Vec<_>>().join(", "));
    }
    o.push_str("];\n");
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

/// The `Tables` type: the tables as one `uriscan_layout::Automaton`, and the
/// operation lists as straight-line code, one match arm per list.
fn tables_impl(o: &mut String, cfg: &Config, lists: &[Vec<ops::Operation>]) {
    let mut apply = String::new();
    for (k, l) in lists.iter().enumerate().skip(1) {
        let _ = write!(apply, "            {} => {{", k);
        for &(dst, src) in l {
            let v = match src {
                ops::POS => "pos".to_string(),
                ops::UNSET => "NONE".to_string(),
                r => format!("r[{}]", r),
            };
            let _ = write!(apply, " r[{}] = {};", dst, v);
        }
        apply.push_str(" }\n");
    }
    // Every other value of the byte is an arm that does nothing: with the
    // match exhaustive over `u8`, its jump table needs no range check
    // (a compare and a branch fewer per list run: 7 instructions fewer per
    // URL on kasztp.txt; measured).
    // (Each value on its own: a range pattern `0 | 93..=255` leaves the
    // check in; measured.)
    let idle: Vec<String> = core::iter::once(0).chain(lists.len().max(1)..256).map(|k| k.to_string()).collect();
    let rows: Vec<String> = idle.chunks(24).map(|c| c.join(" | ")).collect();
    let _ = writeln!(apply, "            {} => {{}}", rows.join("\n            | "));
    // An automaton without tags (a validator) has no list to run.
    let apply = if lists.len() <= 1 {
        "    #[inline(always)]\n    fn apply(_list: u32, _pos: u32, _r: &mut [u32; NREGS]) {}\n".to_string()
    } else {
        format!(
            "    #[inline(always)]\n    fn apply(list: u32, pos: u32, r: &mut [u32; NREGS]) {{\n        // A list index is one byte of a transition (`OPS_MASK`).\n        match list as u8 {{\n{apply}        }}\n    }}\n"
        )
    };
    let _ = write!(
        o,
        "/// The automaton, for the runtime's walker: tables, and the tag operations as code.
#[derive(Clone, Copy, Debug)]
pub struct Tables;

impl uriscan_layout::Tables for Tables {{
    type Context = {ct};
    type Mark = {mt};
    type Regs = [u32; NREGS];
    type Tags = [u32; NTAGS];
    const AUTOMATON: uriscan_layout::Automaton<{ct}, {mt}> = uriscan_layout::Automaton {{
        nclasses: NCLASSES,
        classes: &CLASSES,
        starts: &STARTS,
        trans: &TRANS,
        finals: &FINAL,
        contexts: &CONTEXT,
        marks: &MARKS,
        accels: uriscan_layout::Accels {{
            lut: &ACCEL_LUT,
            nibbles: &ACCEL_NIBBLES,
            high: &ACCEL_HIGH,
            any_high: ACCEL_ANY_HIGH,
            ext: &ACCEL_EXT,
            utf8: &ACCEL_UTF8,
            triplet_base: TRIPLET_BASE,
            triplet_lut: &TRIPLET_LUT,
            triplet_to: &TRIPLET_TO,
            triplet_nibbles: &TRIPLET_NIBBLES,
            utf8_full: &UTF8_FULL,
            utf8_ranges: &UTF8_RANGES,
            utf8_leads: &UTF8_LEADS,
        }},
    }};

    #[inline(always)]
    fn new_regs() -> [u32; NREGS] {{
        [NONE; NREGS]
    }}

{apply}
    #[inline(always)]
    fn tags(r: &[u32; NREGS]) -> [u32; NTAGS] {{
        let mut t = [NONE; NTAGS];
        t.copy_from_slice(&r[..NTAGS]);
        t
    }}
}}
",
        ct = cfg.context_type,
        mt = cfg.mark_type,
        apply = apply,
    );
}

/// Emits a `ByteSet` constant for every rule that matches some one-byte string.
pub fn byte_sets(header: &str, g: &Grammar) -> String {
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
            "/// `{} = {}`\n///\n/// The rule {}.\npub const {}: ByteSet = ByteSet::from_bits(",
            r.name,
            abnf_text(&r.expr).replace('`', "'"),
            what,
            const_name(&r.name),
        );
        words(&mut o, set.0);
        o.push_str(");\n");
    }
    o
}
