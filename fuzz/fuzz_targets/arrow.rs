//! The Arrow kernels of uriscan-arrow on arbitrary bytes split into rows
//! (a row that is not UTF-8 is a null), as one of the three string array
//! types, whole or sliced (the input's length picks): one row out per row in,
//! nulls kept, valid arrays, and row by row what the scalar libraries give
//! (arrow/tests/fuzz_checks/mod.rs).
#![no_main]

#[path = "../../arrow/tests/fuzz_checks/mod.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::arrow(data));
