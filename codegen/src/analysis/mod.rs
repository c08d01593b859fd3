//! The analysis layer: from the tagged DFA (and the ABNF) to plain data
//! that says everything the generated files hold. What the walker skips
//! ([`accel`]), the operation lists and packed transitions ([`packed`]),
//! the skipping tables as the layout lays them out ([`accel_tables`]), a
//! whole automaton module ([`automaton`]), the byte sets of single-byte
//! rules ([`byte_sets`]), the entry regexes ([`regex`]) and the checked
//! registry ([`registry`]). Nothing here writes Rust; [`crate::print`]
//! writes it and decides nothing.

pub mod accel;
pub mod accel_tables;
pub mod automaton;
pub mod byte_sets;
pub mod packed;
pub mod regex;
pub mod registry;
