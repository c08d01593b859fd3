//! Split (Appendix B): never fails, recomposes to the input, `split` and
//! `split_bytes` agree, and a strictly parsed reference has the same components.
#![no_main]

#[path = "../../tests/fuzz_checks/mod.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::split(data));
