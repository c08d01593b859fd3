//! Differential: the table-driven split against the Appendix B regex
//! (`uriscan::oracle::appendix_b`), over bytes and `str`.
#![no_main]

#[path = "../../tests/fuzz_checks/mod.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::split_vs_oracle(data));
