//! Differential: the SIMD run skipper (AVX2 where the CPU has it) against
//! its scalar twin, over every run set of every grammar's automata, with
//! their triplets and UTF-8 characters, from every start position.
#![no_main]

#[path = "../../tests/fuzz_checks/mod.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::skip_twin(data));
