//! Percent-decoding and encoding: every decoder runs; the lenient ones agree
//! with `DecodeIter`; strict decoding fails exactly where a `%` starts no
//! triplet; encoding with a set (one per execution, chosen by the first
//! byte) decodes back to the input.
#![no_main]

#[path = "../../tests/fuzz_checks/mod.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::percent_one(data));
