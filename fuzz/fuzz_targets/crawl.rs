//! The crawl toolkit (`uriscan-crawl`) on arbitrary bytes: SURT keys,
//! canonicalization profiles, registrable domains with and without the
//! private section, and query-parameter surgery return without panicking.
//! Each execution runs one SURT option set, one profile and one domain
//! option, chosen by the input's first byte (the fuzzer reaches them all;
//! an execution pays for one of each, not for every combination).
#![no_main]

use uriscan_crawl::{canon, domain_parts, filter_params_bytes, surt_with, DomainOptions, ParamFilter, Profile, SurtOptions};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let pick = usize::from(data.first().copied().unwrap_or(0));
    let surt = [
        SurtOptions::default(),
        SurtOptions { with_scheme: true, host_massage: false, trailing_comma: true, reverse_ipaddr: false },
    ];
    if let Some(o) = surt.get(pick % surt.len()) {
        let _ = surt_with(data, o);
    }
    let profiles = [Profile::Rfc3986, Profile::Archive, Profile::SafeBrowsing];
    if let Some(&p) = profiles.get(pick / 2 % profiles.len()) {
        let _ = canon(data, p);
    }
    if let Ok(s) = std::str::from_utf8(data) {
        let _ = domain_parts(s, DomainOptions { private: pick / 6 % 2 == 1, ..DomainOptions::default() });
    }
    let _ = filter_params_bytes(data, &ParamFilter::TRACKING);
});
