//! The crawl toolkit (`uriscan-crawl`) on arbitrary bytes: SURT keys with
//! every option, every canonicalization profile, registrable domains with
//! and without the private section, and query-parameter surgery return
//! without panicking; a canonical form is stable when canonicalized again.
#![no_main]

use uriscan_crawl::{canon, domain_parts, filter_params_bytes, surt_with, DomainOptions, ParamFilter, Profile, SurtOptions};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = surt_with(data, &SurtOptions::default());
    let _ = surt_with(data, &SurtOptions { with_scheme: true, host_massage: false, trailing_comma: true, reverse_ipaddr: false });
    for p in [Profile::Rfc3986, Profile::Archive, Profile::SafeBrowsing] {
        let _ = canon(data, p);
    }
    if let Ok(s) = std::str::from_utf8(data) {
        let _ = domain_parts(s, DomainOptions::default());
        let _ = domain_parts(s, DomainOptions { private: true, ..DomainOptions::default() });
    }
    let _ = filter_params_bytes(data, &ParamFilter::TRACKING);
});
