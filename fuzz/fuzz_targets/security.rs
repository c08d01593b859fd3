//! Security checks (RFC 3986 §7): on any parsed reference every check runs,
//! findings come in order with indexes inside the input, path hazards point
//! at a `%`, the redacted display differs from the input only by the masked
//! password; on any string `redact` and `ambiguous_ipv4` run.
#![no_main]

#[path = "../../tests/fuzz_checks/mod.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::security(data));
