//! Every function of the registry (`uriscan_crawl::function_set`) through
//! uriscan-arrow's kernels on arbitrary rows, against the loop over its
//! scalar function: the first byte picks the function; string array types,
//! slices and nulls as the input decides (arrow/tests/fuzz_checks/mod.rs,
//! `registry`).
#![no_main]

#[path = "../../arrow/tests/fuzz_checks/mod.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::registry(data));
