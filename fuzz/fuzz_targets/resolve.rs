//! Resolve: the input is `base \n reference`. Both modes run; a result is
//! always a `URI` the strict parser accepts; `resolve_into` and
//! `resolve_str` agree; the result is no longer than base + reference + 2
//! (the `/.` that keeps a `//` path from reading as an authority); and, in
//! strict mode, resolving the result again against the same base gives it
//! back (it is absolute and its dot segments are gone). Non-strict mode is
//! not idempotent that way: `s:a/c` against `s:a/b` is `s:a/a/c`.
#![no_main]

#[path = "../../tests/fuzz_checks/mod.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::resolve(data));
