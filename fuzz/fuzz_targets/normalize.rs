//! Normalize: the input is `a \n b`. For both option sets: the result parses
//! (as the same rule as the input), normalization is idempotent,
//! `normalized_eq` agrees with comparing normalized strings, and
//! normalized-equal references hash alike.
#![no_main]

#[path = "../../tests/fuzz_checks/mod.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::normalize(data));
