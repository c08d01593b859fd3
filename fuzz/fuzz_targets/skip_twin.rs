//! Differential: every SIMD run skipper the CPU has (AVX2 and SSSE3 where it
//! has them) against the scalar twin, over every run set of every grammar's
//! automata, with their triplets and UTF-8 characters, from every start
//! position.
#![no_main]

#[path = "../../tests/fuzz_checks/mod.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::skip_twin(data));
