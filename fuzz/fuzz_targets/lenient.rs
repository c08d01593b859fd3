//! The lenient parse (`Syntax::parse_lenient`), for every syntax: equal to
//! the strict parse on every valid input (components, view, no violation);
//! on every invalid one, the Appendix B split and violations in order whose
//! first is the strict error; the dirty path's authority parts equal the
//! grammar's on valid references spoiled at their end.
#![no_main]

#[path = "../../tests/fuzz_checks/mod.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::lenient(data));
