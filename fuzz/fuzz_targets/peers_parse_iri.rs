//! Differential on IRI references (RFC 3987): validity and every component
//! against fluent-uri, iri-string and oxiri; fails only on a disagreement
//! not explained in tests/data/known_disagreements.txt.
#![no_main]

#[path = "../../tests/fuzz_checks/mod.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::peers_parse_iri(data));
