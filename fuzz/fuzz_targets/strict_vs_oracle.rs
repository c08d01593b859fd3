//! Differential: the table-driven strict parser against the validity regexes
//! written out from the ABNF (`uriscan::oracle::is_valid_bytes`), for all four
//! entry rules.
#![no_main]

#[path = "../../tests/fuzz_checks/mod.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::strict_vs_oracle(data));
