//! Parse: all four entry rules, over bytes and (when UTF-8) over `str`; the
//! two agree, an accepted input's components recompose to it, and every
//! accessor runs.
#![no_main]

#[path = "../../tests/fuzz_checks/mod.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::parse(data));
