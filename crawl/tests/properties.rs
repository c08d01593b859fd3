//! Every public function returns, without panicking, for arbitrary bytes and
//! strings (quickcheck; the seed is fixed by quickcheck's own generator).

use quickcheck::{QuickCheck, TestResult};
use uriscan_crawl::hierarchy::{url_hierarchy, url_path_hierarchy};
use uriscan_crawl::hosts::{cut_www, domain_without_www};
use uriscan_crawl::paths::{cut_fragment, cut_query_string, cut_query_string_and_fragment};
use uriscan_crawl::{
    canon, domain_parts, filter_params, filter_params_bytes, surt, surt_bytes_into, surt_into, surt_with,
    DomainOptions, ParamFilter, Profile, SurtOptions,
};

fn all_on_bytes(input: Vec<u8>) -> TestResult {
    for flags in 0..16u8 {
        let o = SurtOptions {
            with_scheme: flags & 1 != 0,
            host_massage: flags & 2 != 0,
            trailing_comma: flags & 4 != 0,
            reverse_ipaddr: flags & 8 != 0,
        };
        let key = surt_with(&input, &o);
        // Keys are ASCII unless the line is returned as it was.
        assert!(key.is_ascii() || key == input);
        // A reused buffer holding an earlier key gives the same key.
        let mut reused = b"org,example)/earlier?key=1".to_vec();
        surt_bytes_into(&input, &mut reused, &o);
        assert_eq!(reused, key);
    }
    for p in [Profile::Rfc3986, Profile::Archive, Profile::SafeBrowsing] {
        let _ = canon(&input, p);
    }
    let _ = filter_params_bytes(&input, &ParamFilter::TRACKING);
    TestResult::passed()
}

fn all_on_str(input: String) -> TestResult {
    let mut key = String::from("earlier");
    surt_into(&input, &mut key, &SurtOptions::default());
    assert_eq!(key, surt(&input));
    // Each level of the hierarchy is a longer prefix of the URL; each path level ends one.
    let levels: Vec<&str> = url_hierarchy(&input).collect();
    assert!(levels.iter().all(|l| input.starts_with(l)));
    assert!(levels.windows(2).all(|w| w[0].len() < w[1].len()));
    for path in url_path_hierarchy(&input) {
        assert!(levels.iter().any(|l| l.ends_with(path)), "{path:?} ends no level of {levels:?}");
    }
    assert!(input.starts_with(cut_fragment(&input)) && input.starts_with(cut_query_string_and_fragment(&input)));
    assert!(cut_query_string(&input).len() <= input.len() && cut_www(&input).len() <= input.len());
    if let Some(host) = domain_without_www(&input) {
        assert!(input.contains(host));
    }
    for o in [
        DomainOptions::default(),
        DomainOptions::WITH_PRIVATE,
        DomainOptions { implicit_wildcard: true, private: true },
    ] {
        let p = domain_parts(&input, o);
        let _ = (p.site(), p.registrable_domain());
    }
    let sort = ParamFilter { sort: true, keep_only: true, names: &["a"], prefixes: &["b"] };
    let _ = (filter_params(&input, &ParamFilter::TRACKING), filter_params(&input, &sort));
    TestResult::passed()
}

/// URL-shaped strings: pieces that exercise the parsers' branches, joined at random.
fn url_like(pieces: Vec<u8>) -> TestResult {
    const P: [&str; 24] = [
        "http://",
        "https://",
        "www.",
        "%",
        "%2",
        "%25",
        "%41",
        ".",
        "..",
        "/",
        "//",
        "?",
        "&",
        "=",
        "#",
        ":",
        "@",
        "[",
        "]",
        "é",
        "xn--",
        "jsessionid=",
        "0123456789abcdef",
        "utm_",
    ];
    let s: String = pieces.iter().map(|&i| P[usize::from(i) % P.len()]).collect();
    all_on_bytes(s.clone().into_bytes());
    all_on_str(s)
}

#[test]
fn no_panic_on_arbitrary_bytes() {
    QuickCheck::new().tests(2000).quickcheck(all_on_bytes as fn(Vec<u8>) -> TestResult);
}

#[test]
fn no_panic_on_arbitrary_strings() {
    QuickCheck::new().tests(2000).quickcheck(all_on_str as fn(String) -> TestResult);
}

#[test]
fn no_panic_on_url_like_strings() {
    QuickCheck::new().tests(3000).quickcheck(url_like as fn(Vec<u8>) -> TestResult);
}
