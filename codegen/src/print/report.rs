//! The build report of one grammar (`STEM_report.txt`): the sizes of its
//! automaton and of its validator.

use crate::analysis::automaton::Report;

/// The report's text; `elapsed` is the time the grammar took to generate.
pub fn report(stem: &str, r: &Report, v: &Report, elapsed: std::time::Duration) -> String {
    format!(
        "{stem}: {} states ({} before minimization), {} byte classes, {} registers, {} accelerated states, {} triplet states, ~{} table bytes, generated in {elapsed:?}\n\
         {stem} validator: {} states ({} before minimization), {} byte classes, {} accelerated states, {} triplet states, ~{} table bytes\n",
        r.states,
        r.unminimized,
        r.classes,
        r.registers,
        r.accelerated,
        r.triplet_states,
        r.table_bytes,
        v.states,
        v.unminimized,
        v.classes,
        v.accelerated,
        v.triplet_states,
        v.table_bytes
    )
}
