//! RFC 3987 IRI <-> URI mappings on arbitrary bytes: `to_uri_str` and `to_iri_str`
//! on any string, and on valid IRI and URI references the components, the
//! round trips `iri_eq` and `normalize_iri` (the properties are listed on
//! `iri_mapping` in tests/fuzz_checks/mod.rs).
#![no_main]

#[path = "../../tests/fuzz_checks/mod.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::iri_mapping(data));
