//! RFC 3986 §5.2 resolution: the 42 examples of §5.4 (data file), in both
//! modes, plus merge, remove_dot_segments and error cases.

mod common;
use common::rds_oracle;

use std::borrow::Cow;
use uriscan::{remove_dot_segments, remove_dot_segments_into, ResolveError, ResolveMode, Resolver, Syntax, UriRef};

const BASE: &str = "http://a/b/c/d;p?q";

/// `(reference, strict, non_strict)` rows of `tests/data/resolve.txt`
/// (first line is a header; fields are tab-separated; the reference may be empty).
fn rows() -> Vec<(String, String, String)> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/resolve.txt")).unwrap();
    text.lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(f.len(), 3, "bad line {l:?}");
            (f[0].to_string(), f[1].to_string(), f[2].to_string())
        })
        .collect()
}

#[test]
fn rfc_examples_count() {
    assert_eq!(rows().len(), 42);
}

#[test]
fn rfc_examples_strict() {
    let base = UriRef::parse(BASE).unwrap();
    for (r, strict, _) in rows() {
        let got = UriRef::parse(&r).unwrap().resolve_str(&base).unwrap();
        assert_eq!(got, strict, "resolving {r:?}");
        let got = UriRef::parse(&r).unwrap().resolve_str_with(&base, ResolveMode::Strict).unwrap();
        assert_eq!(got, strict, "resolving {r:?}");
    }
}

#[test]
fn rfc_examples_non_strict() {
    let base = UriRef::parse(BASE).unwrap();
    for (r, _, non_strict) in rows() {
        let got = UriRef::parse(&r).unwrap().resolve_str_with(&base, ResolveMode::NonStrict).unwrap();
        assert_eq!(got, non_strict, "resolving {r:?}");
    }
}

#[test]
fn rfc_examples_with_one_resolver() {
    for (mode, col) in [(ResolveMode::Strict, 1), (ResolveMode::NonStrict, 2)] {
        let mut resolver = Resolver::new_with(UriRef::parse(BASE).unwrap(), mode).unwrap();
        for row in rows() {
            let want = if col == 1 { &row.1 } else { &row.2 };
            assert_eq!(resolver.resolve_str(&UriRef::parse(&row.0).unwrap()), want, "resolving {:?} ({mode:?})", row.0);
        }
    }
    assert_eq!(Resolver::new(UriRef::parse("a/b").unwrap()).unwrap_err(), ResolveError::BaseWithoutScheme);
}

#[test]
fn rfc_examples_into_one_buffer() {
    let base = UriRef::parse(BASE).unwrap();
    let mut buf = String::from("garbage that must be cleared");
    for (r, strict, non_strict) in rows() {
        let r = UriRef::parse(&r).unwrap();
        r.resolve_into(&base, &mut buf).unwrap();
        assert_eq!(buf, strict);
        r.resolve_into_with(&base, &mut buf, ResolveMode::NonStrict).unwrap();
        assert_eq!(buf, non_strict);
    }
}

#[test]
fn base_parsed_as_uri_and_fragment_ignored() {
    let base = Syntax::Uri.parse("http://a/b/c/d;p?q#base-frag").unwrap();
    let r = UriRef::parse("g").unwrap();
    assert_eq!(r.resolve_str(&base).unwrap(), "http://a/b/c/g");
    assert_eq!(UriRef::parse("").unwrap().resolve_str(&base).unwrap(), "http://a/b/c/d;p?q");
    assert_eq!(UriRef::parse("#f").unwrap().resolve_str(&base).unwrap(), "http://a/b/c/d;p?q#f");
}

#[test]
fn base_without_scheme_is_an_error() {
    let mut buf = String::from("x");
    for b in ["//a/b", "/a", "a", ""] {
        let base = UriRef::parse(b).unwrap();
        let r = UriRef::parse("g").unwrap();
        assert_eq!(r.resolve_str(&base), Err(ResolveError::BaseWithoutScheme));
        assert_eq!(r.resolve_into_with(&base, &mut buf, ResolveMode::NonStrict), Err(ResolveError::BaseWithoutScheme));
        assert!(buf.is_empty());
    }
    let e: Box<dyn std::error::Error> = Box::new(ResolveError::BaseWithoutScheme);
    assert!(e.to_string().contains("no scheme"));
}

#[test]
fn merge_cases() {
    let cases = [
        // §5.2.3: base with authority and empty path → "/" + reference path.
        ("http://a", "g", "http://a/g"),
        ("http://a", "../g", "http://a/g"),
        ("http://a", "", "http://a"),
        ("http://a?q", "", "http://a?q"),
        ("http://a?q", "?r", "http://a?r"),
        // No authority, path without "/": the reference path alone.
        ("s:", "g", "s:g"),
        ("s:abc", "g/h", "s:g/h"),
        ("s:a/b", "g", "s:a/g"),
        ("s:a/b", "../g", "s:/g"), // "a/../g": rule C leaves "/g"
        ("s:a/b", "../../g", "s:/g"),
        // Rootless base whose directory is only dot segments.
        ("s:./b", "g", "s:g"),
        ("s:../b", "./g", "s:g"),
        // Paths that would start with "//" without an authority get "/.".
        ("s:a/b", "..//g", "s:/.//g"),
        ("s:/a/b", "..//g", "s:/.//g"),
        ("s:/a", "/.//g", "s:/.//g"),
        ("s:/a", "t:a/..//g", "t:/.//g"),
        // With an authority "//" paths are fine.
        ("http://a/b", "..//g", "http://a//g"),
        // Base path keeps its own dot segments when the reference path is empty.
        ("http://a/b/../c", "", "http://a/b/../c"),
        ("http://a/b/../c/d", "g", "http://a/c/g"),
        // Case-insensitive scheme match in non-strict mode is tested elsewhere;
        // a different scheme is always absolute.
        ("http://a/b", "https:g", "https:g"),
    ];
    for (b, r, want) in cases {
        let base = UriRef::parse(b).unwrap();
        let got = UriRef::parse(r).unwrap().resolve_str(&base).unwrap();
        assert_eq!(got, want, "{r:?} against {b:?}");
    }
}

#[test]
fn non_strict_scheme_match_ignores_case() {
    let base = UriRef::parse("HTTP://a/b/c").unwrap();
    let r = UriRef::parse("http:g").unwrap();
    assert_eq!(r.resolve_str_with(&base, ResolveMode::NonStrict).unwrap(), "HTTP://a/b/g");
    assert_eq!(r.resolve_str_with(&base, ResolveMode::Strict).unwrap(), "http:g");
    assert_eq!(ResolveMode::default(), ResolveMode::Strict);
}

#[test]
fn remove_dot_segments_rfc_walkthroughs() {
    assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
    assert_eq!(remove_dot_segments("mid/content=5/../6"), "mid/6");
}

#[test]
fn remove_dot_segments_cases() {
    let cases = [
        ("", ""),
        (".", ""),
        ("..", ""),
        ("./", ""),
        ("../", ""),
        ("/", "/"),
        ("/.", "/"),
        ("/..", "/"),
        ("/./", "/"),
        ("/../", "/"),
        ("a/..", "/"),
        ("a/../", "/"),
        ("a/../../b", "/b"),
        ("../a", "a"),
        ("./a:b", "a:b"),
        ("..//a", "/a"),
        ("a//..", "a/"),
        ("/a/b/..", "/a/"),
        ("/a/b/.", "/a/b/"),
        ("/a/./b/../../c/", "/c/"),
        ("/a/.b/..c/.../", "/a/.b/..c/.../"),
        ("/../../..", "/"),
        ("a/b/c", "a/b/c"),
        ("//a/../b", "//b"),
    ];
    for (input, want) in cases {
        assert_eq!(remove_dot_segments(input), want, "{input:?}");
        let mut out = String::from("prefix");
        remove_dot_segments_into(input, &mut out);
        assert_eq!(out, format!("prefix{want}"), "{input:?} into");
    }
}

#[test]
fn remove_dot_segments_borrows_when_unchanged() {
    for p in ["", "/", "/a/b", "a/b.", "/.a/..b/c.d/", "/a%2E/b"] {
        assert!(matches!(remove_dot_segments(p), Cow::Borrowed(_)), "{p:?}");
    }
}

#[test]
fn remove_dot_segments_is_linear() {
    // 200k segments of "../" after as many pushes: quadratic behaviour would
    // take far longer than this test's budget.
    let n = 200_000;
    let mut p = String::new();
    for _ in 0..n {
        p.push_str("/abcdefgh");
    }
    for _ in 0..n {
        p.push_str("/..");
    }
    p.push_str("/z");
    assert_eq!(remove_dot_segments(&p), "/z");
}

#[test]
fn remove_dot_segments_matches_the_rfc_loop_exhaustively() {
    // Every path of up to 7 symbols over {a, ., /}.
    let alphabet = ['a', '.', '/'];
    let mut count = 0;
    for len in 0..=7u32 {
        for mut k in 0..3usize.pow(len) {
            let mut p = String::new();
            for _ in 0..len {
                p.push(alphabet[k % 3]);
                k /= 3;
            }
            assert_eq!(remove_dot_segments(&p), rds_oracle(&p), "{p:?}");
            count += 1;
        }
    }
    assert_eq!(count, 3280);
}
