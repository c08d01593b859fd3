//! Properties of the URL function set (quickcheck): removing a parameter
//! removes what finding it finds and never changes another byte; hierarchies are prefixes of the input; no
//! function panics on arbitrary strings or bytes; a million `&`, a huge
//! parameter and NUL bytes get a clear answer.

use quickcheck::{Arbitrary, Gen, QuickCheck};
use uriscan_crawl::cc_index::cc_index_columns;
use uriscan_crawl::encoding::{
    decode_url_component, decode_url_component_lossy, decode_url_form_component, decode_url_form_component_lossy,
    encode_url_component, encode_url_form_component,
};
use uriscan_crawl::hierarchy::{url_hierarchy, url_path_hierarchy};
use uriscan_crawl::hosts::{
    cut_to_first_significant_subdomain, cut_to_first_significant_subdomain_custom,
    cut_to_first_significant_subdomain_custom_with_www, cut_to_first_significant_subdomain_with_www, domain_depth,
    first_significant_subdomain, first_significant_subdomain_custom, host_nth_last_part, host_reversed,
    top_level_domain,
};
use uriscan_crawl::params::{
    cut_url_parameter, cut_url_parameters, url_parameter, url_parameter_decoded, url_parameter_names,
    url_parameter_pairs, url_parameter_values, url_parameters,
};
use uriscan_crawl::paths::{
    file_extension, netloc, path, path_full, path_segments, port, port_or_default, query_string_and_fragment,
};

/// A string made of the bytes URLs are made of, often starting `http://`.
#[derive(Clone, Debug)]
struct UrlLike(String);

impl Arbitrary for UrlLike {
    fn arbitrary(g: &mut Gen) -> UrlLike {
        const PIECES: &[&str] = &[
            "a", "b", "x", "q", "=", "&", "&", "?", "#", "/", "/", ":", "@", ".", ".", "%", "%2", "0", "+", "[", "]",
            "www.", "é", "\0", " ", "co.uk", "com", "8080", "[::1]", "%41", ";",
        ];
        let mut s = String::new();
        if bool::arbitrary(g) {
            s.push_str(g.choose(&["http://", "https://", "//", "HTTP://", "mailto:", "?"]).copied().unwrap_or(""));
        }
        let n = usize::arbitrary(g) % 24;
        for _ in 0..n {
            s.push_str(g.choose(PIECES).copied().unwrap_or("a"));
        }
        UrlLike(s)
    }
    fn shrink(&self) -> Box<dyn Iterator<Item = UrlLike>> {
        Box::new(self.0.shrink().map(UrlLike))
    }
}

fn qc() -> QuickCheck {
    QuickCheck::new().tests(5000).max_tests(20000)
}

/// Removing one name agrees with finding it: nothing changes when
/// `url_parameter` finds no `name=`, else exactly one range goes, `name=`
/// and the value `url_parameter` gives, with the `&` after it or else the
/// one before it (ClickHouse's `cutURLParameter`), and every other byte
/// stays, in order.
fn check_cut(url: &str, name: &str) -> bool {
    let out = cut_url_parameter(url, name);
    let Some(value) = url_parameter(url, name) else { return out == url };
    // Where the piece `name=value` is: the value is a slice of the URL.
    let value_start = value.as_ptr() as usize - url.as_ptr() as usize;
    let (start, end) = (value_start - name.len() - 1, value_start + value.len());
    let without = |a: usize, b: usize| url.get(..a).zip(url.get(b..)).map(|(x, y)| [x, y].concat());
    let candidates = [without(start, end + 1), without(start.wrapping_sub(1), end), without(start, end)];
    url[start..end] == format!("{name}={value}") && candidates.iter().flatten().any(|c| *c == out)
}

/// Removing several names keeps every other byte in order: the answer is a
/// subsequence of the URL, no longer than removing any one of them.
fn check_cut_many(url: &str, names: &[&str]) -> bool {
    let out = cut_url_parameters(url, names);
    let mut old = url.bytes();
    out.bytes().all(|b| old.any(|o| o == b)) && names.iter().all(|n| out.len() <= cut_url_parameter(url, n).len())
}

#[test]
fn removing_a_parameter_changes_no_other_byte() {
    fn prop(u: UrlLike) -> bool {
        ["a", "x", "q", ""].iter().all(|n| check_cut(&u.0, n)) && check_cut_many(&u.0, &["a", "x"])
    }
    qc().quickcheck(prop as fn(UrlLike) -> bool);
}

#[test]
fn removing_an_absent_parameter_borrows() {
    fn prop(u: UrlLike) -> bool {
        let name = "absent-name";
        matches!(cut_url_parameter(&u.0, name), std::borrow::Cow::Borrowed(s) if s == u.0)
    }
    qc().quickcheck(prop as fn(UrlLike) -> bool);
}

#[test]
fn hierarchies_are_prefixes() {
    fn prop(u: UrlLike) -> bool {
        let url = u.0.as_str();
        let full_ok = url_hierarchy(url).all(|level| url.starts_with(level));
        // Path levels all start at one offset of the input.
        let levels: Vec<&str> = url_path_hierarchy(url).collect();
        let path_ok = levels.first().is_none_or(|first| {
            let start = first.as_ptr() as usize - url.as_ptr() as usize;
            levels.iter().all(|l| url[start..].starts_with(l) && l.as_ptr() as usize - url.as_ptr() as usize == start)
        });
        full_ok && path_ok
    }
    qc().quickcheck(prop as fn(UrlLike) -> bool);
}

/// Every function of the set, on one string.
fn all_functions(url: &str) {
    let is_suffix = |s: &str| s == "com" || s == "co.uk";
    let _ = url_parameter(url, "x");
    let _ = url_parameter_decoded(url, "x");
    let _ = url_parameter_values(url, "x").count();
    let _ = url_parameter_names(url).count();
    let _ = url_parameters(url).count();
    let _ = url_parameter_pairs(url).count();
    let _ = cut_url_parameter(url, "x");
    let _ = top_level_domain(url);
    let _ = first_significant_subdomain(url);
    let _ = cut_to_first_significant_subdomain(url);
    let _ = cut_to_first_significant_subdomain_with_www(url);
    let _ = first_significant_subdomain_custom(url, is_suffix);
    let _ = cut_to_first_significant_subdomain_custom(url, is_suffix);
    let _ = cut_to_first_significant_subdomain_custom_with_www(url, is_suffix);
    let _ = domain_depth(url);
    for n in 0..7 {
        let _ = host_nth_last_part(url, n);
    }
    let _ = host_reversed(url);
    let _ = (path(url), path_full(url), path_segments(url).count(), file_extension(url), netloc(url));
    let _ = (port(url), port_or_default(url), query_string_and_fragment(url));
    let _ = (encode_url_component(url), encode_url_form_component(url));
    let _ = (decode_url_component(url), decode_url_form_component(url));
    let _ = (decode_url_component_lossy(url), decode_url_form_component_lossy(url));
    let _ = cc_index_columns(url);
    use uriscan_crawl::uri;
    let _ = (uri::query_params(url).count(), uri::query_param_names(url).count(), uri::query_param_decoded(url, "x"));
    let _ = (uri::cut_query_params(url, &["x"]), uri::host_without_www(url), uri::top_level_domain(url));
    let _ = (uri::first_significant_subdomain(url), uri::cut_to_first_significant_subdomain(url));
    let _ = (uri::cut_query(url), uri::cut_fragment(url), uri::cut_query_and_fragment(url));
    let _ = (uri::hierarchy(url).count(), uri::path_hierarchy(url).count());
}

#[test]
fn no_panic_on_url_like_strings() {
    fn prop(u: UrlLike) -> bool {
        all_functions(&u.0);
        true
    }
    qc().quickcheck(prop as fn(UrlLike) -> bool);
}

#[test]
fn no_panic_on_arbitrary_strings() {
    fn prop(s: String) -> bool {
        all_functions(&s);
        true
    }
    QuickCheck::new().tests(3000).quickcheck(prop as fn(String) -> bool);
}

#[test]
fn encoding_round_trips_any_bytes() {
    fn prop(b: Vec<u8>) -> bool {
        let e = encode_url_component(&b);
        let f = encode_url_form_component(&b);
        e.bytes().all(|c| c.is_ascii_alphanumeric() || b"-._~%".contains(&c))
            && decode_url_component(&*e) == b
            && decode_url_form_component(&*f) == b
    }
    QuickCheck::new().tests(5000).quickcheck(prop as fn(Vec<u8>) -> bool);
}

#[test]
fn a_million_ampersands() {
    let url = format!("http://h/?{}x=1{}", "&".repeat(1_000_000), "&".repeat(1_000_000));
    assert_eq!(url_parameter(&url, "x"), Some("1"));
    // As in ClickHouse, every `&` ends a piece, empty or not.
    let pieces: Vec<&str> = url_parameters(&url).collect();
    assert_eq!(pieces.len(), 2_000_000);
    assert_eq!(pieces.iter().filter(|p| !p.is_empty()).collect::<Vec<_>>(), [&"x=1"]);
    // The named piece and one `&` beside it go; the other ampersands stay.
    let cut = cut_url_parameter(&url, "x");
    assert_eq!(cut.len(), url.len() - 4);
    assert!(cut[10..].bytes().all(|b| b == b'&'));
    let only = "&".repeat(1_000_000);
    assert_eq!(url_parameter_names(&only).count(), 0);
    all_functions(&only);
}

#[test]
fn a_huge_parameter() {
    let value = "v%41+".repeat(400_000);
    let url = format!("http://www.example.co.uk/p.html?a=1&big={value}&z=2#f");
    assert_eq!(url_parameter(&url, "big"), Some(value.as_str()));
    assert_eq!(url_parameter_decoded(&url, "big").map(|v| v.len()), Some(3 * 400_000));
    assert_eq!(cut_url_parameter(&url, "big"), "http://www.example.co.uk/p.html?a=1&z=2#f");
    assert_eq!(file_extension(&url), Some("html"));
    assert_eq!(cut_to_first_significant_subdomain(&url), Some("example.co.uk"));
    all_functions(&url);
}

#[test]
fn nul_and_non_ascii() {
    let url = "http://ex\u{0}ample.com/\u{0}?x=\u{0}&é=ü#\u{0}";
    assert_eq!(url_parameter(url, "x"), Some("\u{0}"));
    assert_eq!(url_parameter(url, "é"), Some("ü"));
    assert_eq!(cut_url_parameter(url, "x"), "http://ex\u{0}ample.com/\u{0}?é=ü#\u{0}");
    assert_eq!(top_level_domain(url), Some("com"));
    assert_eq!(encode_url_component("\u{0}é"), "%00%C3%A9");
    assert_eq!(decode_url_component("%00%C3%A9"), "\u{0}é".as_bytes());
    assert_eq!(decode_url_component_lossy("%FF%00"), "\u{FFFD}\u{0}");
    all_functions(url);
}
