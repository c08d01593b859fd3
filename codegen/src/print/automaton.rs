//! The automaton module of one grammar (`STEM_dfa.rs`, `STEM_valid.rs`):
//! its constants, its tables and a `Tables` type implementing
//! `uriscan_layout::Tables`, printed from an [`AutomatonTables`]. The module
//! names only `uriscan_layout` and the context and mark types of the tags
//! file (`types`), which the including module brings into scope.

use super::{const_name, fill, list, Source};
use crate::analysis::accel_tables::AccelTables;
use crate::analysis::automaton::AutomatonTables;
use crate::analysis::packed::{Operation, POS, UNSET};

/// The `Tables` type (`templates/tables.rs.in`).
const TABLES: &str = include_str!("templates/tables.rs.in");
/// `Tables::apply` with operation lists (`templates/apply.rs.in`).
const APPLY: &str = include_str!("templates/apply.rs.in");
/// `Tables::apply` of an automaton without tags (a validator).
const APPLY_NONE: &str = "    #[inline(always)]\n    fn apply(_list: u32, _pos: u32, _r: &mut [u32; NREGS]) {}\n";

/// The module's text, after `header`.
pub fn automaton(header: &str, t: &AutomatonTables) -> String {
    let mut o = Source::new(header);
    constants(&mut o, t);
    transitions(&mut o, t);
    run_tables(&mut o, &t.accel);
    triplet_tables(&mut o, &t.accel, &t.triplet_to);
    utf8_tables(&mut o, &t.accel);
    let apply =
        if t.lists.len() <= 1 { APPLY_NONE.to_string() } else { fill(APPLY, &[("ARMS", &apply_arms(&t.lists))]) };
    o.push(&fill(TABLES, &[("CONTEXT", &t.context_type), ("MARK", &t.mark_type), ("APPLY", &apply)]));
    o.finish()
}

/// The sizes, the capture indices and the marks.
fn constants(o: &mut Source, t: &AutomatonTables) {
    o.constant("An unset tag or register.", "NONE", "u32", "u32::MAX");
    o.constant("Number of byte classes.", "NCLASSES", "usize", t.nclasses);
    o.constant("Number of states; state 0 is dead.", "NSTATES", "usize", t.nstates);
    o.constant("Registers for tag positions, including one scratch register.", "NREGS", "usize", t.nregs);
    let doc = "Number of captures; capture `i` is tags `2i` (start) and `2i + 1` (end).";
    o.constant(doc, "NCAPTURES", "usize", t.captures.len());
    o.constant("Number of tags: the captures' then one per mark.", "NTAGS", "usize", t.ntags);
    for (i, c) in t.captures.iter().enumerate() {
        let doc = format!("Capture index of `{}` (rules: {}).", c.name, c.rules.join(", "));
        o.constant(&doc, &format!("CAP_{}", const_name(&c.name)), "usize", i);
    }
    o.doc("The mark of each mark tag, in tag order after the captures.");
    let marks = list(t.marks.iter().map(|m| format!("{}::{m}", t.mark_type)));
    o.push(&format!("pub static MARKS: [{}; {}] = [{marks}];\n", t.mark_type, t.marks.len()));
}

/// Byte classes, starts, transitions, acceptance and contexts.
fn transitions(o: &mut Source, t: &AutomatonTables) {
    o.array("Byte class of each byte.", "CLASSES", "u8", &t.classes);
    o.array("Start of each entry, packed like `TRANS` (no operations).", "STARTS", "u32", &t.starts);
    o.array(
        "Transitions by `state + class` (state ids premultiplied by `NCLASSES`), packed as `uriscan_layout` defines: the target (0: dead), its operation list (0: none; see `Tables::apply`), the target's self-loop field.",
        "TRANS",
        "u32",
        &t.trans,
    );
    o.array(
        "Acceptance of each state (`uriscan_layout::accept_list`): rejects, or accepts after an operation list that moves the tag values to their home registers.",
        "FINAL",
        "u16",
        &t.finals,
    );
    let contexts: Vec<String> = t.contexts.iter().map(|c| format!("{}::{c}", t.context_type)).collect();
    o.array("Error context of each state.", "CONTEXT", &t.context_type, &contexts);
}

/// `[a, b, ...]` for each row.
fn bracketed<R: AsRef<[T]>, T: std::fmt::Display + Copy>(rows: &[R]) -> Vec<String> {
    rows.iter().map(|r| format!("[{}]", list(r.as_ref().iter().copied()))).collect()
}

/// The run sets: bit tables, nibble tables, high bytes, 256-bit sets, the
/// triplet each may hold and its UTF-8 set.
fn run_tables(o: &mut Source, a: &AccelTables) {
    o.rows(
        "Self-loop sets as bit tables, several sets per table: set `k` holds byte `b` when\n`ACCEL_LUT[lut_row(k)][b] & lut_bit(k) != 0` (`uriscan_layout`).",
        "ACCEL_LUT",
        "[u8; 256]",
        &bracketed(&a.lut),
    );
    o.rows(
        "SIMD nibble tables of the self-loop sets (`uriscan_layout::Nibbles::table`).",
        "ACCEL_NIBBLES",
        "[u8; 32]",
        &bracketed(&a.nibbles),
    );
    o.array(
        "Bytes >= 0x80 in each self-loop set (`uriscan_layout::Nibbles::high`: none, all, or some, scalar only).",
        "ACCEL_HIGH",
        "u8",
        &a.high,
    );
    o.constant(
        "Whether any self-loop set holds bytes >= 0x80 (`ACCEL_HIGH` is not all `HIGH_NONE`).",
        "ACCEL_ANY_HIGH",
        "bool",
        a.any_high,
    );
    let words: Vec<String> =
        a.sets.iter().map(|w| format!("[{}]", list(w.iter().map(|x| format!("0x{x:016X}"))))).collect();
    o.rows("The self-loop sets as 256-bit sets (for SIMD tables and tests).", "ACCEL_SETS", "[u64; 4]", &words);
    o.array(
        "Per self-loop set: the triplet whose whole occurrences a run may also hold (`uriscan_layout::ext_triplet`).",
        "ACCEL_EXT",
        "u8",
        &a.ext,
    );
    o.array(
        "Per self-loop set: 1 + the index of the code points its runs may hold as UTF-8 (`UTF8_FULL`, `UTF8_RANGES`), 0 for none.",
        "ACCEL_UTF8",
        "u8",
        &a.utf8,
    );
}

/// The triplets: where they begin in the self-loop field, their byte bits,
/// return states and nibble tables.
fn triplet_tables(o: &mut Source, a: &AccelTables, triplet_to: &[u32]) {
    o.constant(
        "Self-loop field values from this one on are triplets (see `TRIPLET_LUT`).",
        "TRIPLET_BASE",
        "u32",
        a.triplet_base,
    );
    o.rows(
        "Per triplet: bit `TRIPLET_FIRST` of entry `b` when byte `b` may come first, `TRIPLET_SECOND`\nwhen it may come second, `TRIPLET_AGAIN` when it leads from the return state back into the\ntriplet (`uriscan_layout`).",
        "TRIPLET_LUT",
        "[u8; 256]",
        &bracketed(&a.triplet_lut),
    );
    o.array(
        "Per triplet: the state it returns to, packed like `TRANS` (no operations).",
        "TRIPLET_TO",
        "u32",
        triplet_to,
    );
    let nibbles: Vec<String> = a.triplet_nibbles.iter().map(|t| format!("[{}]", bracketed(t).join(", "))).collect();
    o.rows(
        "Per triplet: the nibble tables of its leading bytes (`TRIPLET_AGAIN`), first and second\nbytes (`uriscan_layout::Nibbles::table`; all ASCII when a run set names the triplet).",
        "TRIPLET_NIBBLES",
        "[[u8; 32]; 3]",
        &nibbles,
    );
    o.constant(
        "Whether every triplet takes the same bytes second as first (the SIMD blocks then classify\nthem once).",
        "TRIPLET_REPEATS",
        "bool",
        a.triplet_repeats,
    );
}

/// The UTF-8 run sets: whole 64-code-point blocks of the BMP as bitmaps,
/// all their code points as ranges, and their lead bytes.
fn utf8_tables(o: &mut Source, a: &AccelTables) {
    let full: Vec<String> =
        a.utf8_full.iter().map(|f| format!("[{}]", list(f.iter().map(|w| format!("{w:#x}"))))).collect();
    o.rows(
        "Per UTF-8 run set: bit `k % 64` of word `k / 64` when all 64 code points `64k..64k + 63`\nof the Basic Multilingual Plane are in the set.",
        "UTF8_FULL",
        "[u64; 16]",
        &full,
    );
    let ranges: Vec<String> = a
        .utf8_ranges
        .iter()
        .map(|cps| format!("&[{}]", list(cps.iter().map(|(lo, hi)| format!("({lo:#x}, {hi:#x})")))))
        .collect();
    o.rows(
        "Per UTF-8 run set: its code points as sorted, disjoint, inclusive ranges.",
        "UTF8_RANGES",
        "&[(u32, u32)]",
        &ranges,
    );
    o.rows(
        "Per UTF-8 run set: the leading bytes all of whose characters are in it, as nibble tables\n(`uriscan_layout::utf8_leads`).",
        "UTF8_LEADS",
        "[u8; 32]",
        &bracketed(&a.utf8_leads),
    );
}

/// The match arms of `Tables::apply`: one per operation list, its
/// operations as straight-line code; then one arm that does nothing for
/// every other value of the byte, so that the match is exhaustive over `u8`
/// and its jump table needs no range check (a compare and a branch fewer
/// per list run: 7 instructions fewer per URL on kasztp.txt; measured).
/// Each value stands on its own: a range pattern `0 | 93..=255` leaves the
/// check in (measured).
fn apply_arms(lists: &[Vec<Operation>]) -> String {
    let mut arms = String::new();
    for (k, l) in lists.iter().enumerate().skip(1) {
        arms.push_str(&format!("            {k} => {{"));
        for &(dst, src) in l {
            let v = match src {
                POS => "pos".to_string(),
                UNSET => "NONE".to_string(),
                r => format!("r[{r}]"),
            };
            arms.push_str(&format!(" r[{dst}] = {v};"));
        }
        arms.push_str(" }\n");
    }
    let idle: Vec<String> = std::iter::once(0).chain(lists.len().max(1)..256).map(|k| k.to_string()).collect();
    let rows: Vec<String> = idle.chunks(24).map(|c| c.join(" | ")).collect();
    arms.push_str(&format!("            {} => {{}}\n", rows.join("\n            | ")));
    arms
}
