//! Everything the automaton module of one grammar holds (`STEM_dfa.rs`, and
//! the validator's `STEM_valid.rs`), computed: the sizes, the captures and
//! marks, the packed transitions, acceptance and contexts, the skipping
//! tables, the operation lists, and the sizes for the build report.

use super::accel::plan;
use super::accel_tables::AccelTables;
use super::packed::{pack, Operation};
use crate::tags::Tags;
use crate::tdfa::Tdfa;

/// Sizes of one automaton, for the build report and BENCHMARKS.md.
#[derive(Clone, Debug, PartialEq, Eq)]
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

/// One capture: its name and the rules it records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Capture {
    pub name: String,
    pub rules: Vec<String>,
}

/// The contents of one automaton module.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AutomatonTables {
    /// The Rust type of the error contexts (the tags file's `types`).
    pub context_type: String,
    /// The Rust type of the marks.
    pub mark_type: String,
    pub nclasses: usize,
    pub nstates: usize,
    /// Registers, the scratch register included.
    pub nregs: usize,
    pub ntags: usize,
    /// The captures in slot order (capture `i` is tags `2i`, `2i + 1`).
    pub captures: Vec<Capture>,
    /// The mark variant of each mark tag, in tag order.
    pub marks: Vec<String>,
    /// Byte -> class.
    pub classes: [u8; 256],
    /// The start of each entry, packed.
    pub starts: Vec<u32>,
    /// The transitions by `state + class`, packed.
    pub trans: Vec<u32>,
    /// Per state: rejects, or accepts after an operation list.
    pub finals: Vec<u16>,
    /// Per state: the variant of its error context.
    pub contexts: Vec<String>,
    /// The skipping tables.
    pub accel: AccelTables,
    /// Per triplet: the state it returns to, packed.
    pub triplet_to: Vec<u32>,
    /// The operation lists; list 0 is empty.
    pub lists: Vec<Vec<Operation>>,
    pub report: Report,
}

impl AutomatonTables {
    /// The tables of `d`, an automaton of the grammar `tags` describes.
    /// Errors when the automaton does not fit the table layout.
    pub fn new(tags: &Tags, d: &Tdfa) -> Result<AutomatonTables, String> {
        let plan = plan(d)?;
        let packed = pack(d, &plan)?;
        let accel = AccelTables::new(&plan);
        let report = Report {
            states: d.states.len(),
            unminimized: d.unminimized,
            classes: d.nclasses,
            registers: d.nregs,
            table_bytes: d.states.len() * d.nclasses * 4 + 256 + d.states.len() * 2 + accel.bytes(),
            accelerated: plan.field.iter().filter(|&&a| a != 0 && a < plan.triplet_base).count(),
            triplet_states: plan.field.iter().filter(|&&a| a >= plan.triplet_base).count(),
        };
        let context = |k: Option<u32>| match k {
            None => tags.root_context.clone(),
            Some(k) => tags.contexts[k as usize].0.clone(),
        };
        Ok(AutomatonTables {
            context_type: tags.context_type.clone(),
            mark_type: tags.mark_type.clone(),
            nclasses: d.nclasses,
            nstates: d.states.len(),
            nregs: d.nregs,
            ntags: d.ntags,
            captures: tags
                .captures
                .iter()
                .map(|(name, rules)| Capture { name: name.clone(), rules: rules.clone() })
                .collect(),
            marks: tags.marks.iter().map(|(n, _)| n.clone()).collect(),
            classes: d.classes,
            starts: packed.starts,
            trans: packed.trans,
            finals: packed.finals,
            contexts: d.states.iter().map(|s| context(s.ctx)).collect(),
            accel,
            triplet_to: packed.triplet_to,
            lists: packed.lists,
            report,
        })
    }
}
