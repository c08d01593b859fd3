//! Relativization, the inverse of resolution: the RFC 3986 §5.4 examples in
//! reverse, and properties over generated pairs: resolving the answer gives
//! the target back byte for byte, the answer is never longer than a
//! reference known to give the target, and there is no answer only when the
//! target's path has dot segments. Fixed seeds, bounded counts.

mod common;
use common::rds_oracle;

use quickcheck::{Arbitrary, Gen, QuickCheck, TestResult};
use uriscan::{RelativizeError, UriRef};

const BASE: &str = "http://a/b/c/d;p?q";

/// `(reference, strict)` rows of `tests/data/resolve.txt`.
fn rows() -> Vec<(String, String)> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/resolve.txt")).unwrap();
    text.lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f[0].to_owned(), f[1].to_owned())
        })
        .collect()
}

/// `r` resolves against `base` to `target` exactly and is no longer than
/// `known`, a reference that does.
#[track_caller]
fn check(target: &str, base: &str, known: &str) {
    let (t, b) = (UriRef::parse(target).unwrap(), UriRef::parse(base).unwrap());
    let r = t.relativize(&b).unwrap_or_else(|e| panic!("{target} against {base}: {e}"));
    assert_eq!(r.as_uri_ref().resolve_str(&b).unwrap(), target, "{r} against {base}");
    assert!(r.as_str().len() <= known.len(), "{r} is longer than {known} ({target} against {base})");
}

#[test]
fn rfc_examples_in_reverse() {
    let rows = rows();
    assert_eq!(rows.len(), 42);
    for (r, target) in &rows {
        check(target, BASE, r);
    }
    // The answers for the normal examples (§5.4.1), from the shortest forms.
    let base = UriRef::parse(BASE).unwrap();
    for (target, want) in [
        ("g:h", "g:h"),
        ("http://a/b/c/g", "g"),
        ("http://a/b/c/g/", "g/"),
        ("http://a/g", "/g"),
        ("http://g", "//g"),
        ("http://a/b/c/d;p?y", "?y"),
        ("http://a/b/c/d;p?q#s", "#s"),
        ("http://a/b/c/;x", ";x"),
        ("http://a/b/c/d;p?q", ""),
        ("http://a/b/c/", "."),
        ("http://a/b/", ".."),
        ("http://a/b/g", "../g"),
        ("http://a/", "/"),
        ("http://a/b/c/d;p", "d;p"),
        ("http://a/b/c/g:h", "./g:h"),
        ("http://a//x", "/.//x"),
    ] {
        let r = UriRef::parse(target).unwrap().relativize(&base).unwrap();
        assert_eq!(r, want, "{target}");
        assert_eq!(r.as_uri_ref().resolve_str(&base).unwrap(), target);
    }
}

#[test]
fn no_answer_only_for_dot_segments_or_missing_schemes() {
    let base = UriRef::parse(BASE).unwrap();
    let rel = |s| UriRef::parse(s).unwrap();
    assert_eq!(rel("http://a/b/./c").relativize(&base), Err(RelativizeError::DotSegments));
    assert_eq!(rel("s:..").relativize(&base), Err(RelativizeError::DotSegments));
    assert_eq!(rel("/a").relativize(&base), Err(RelativizeError::TargetWithoutScheme));
    assert_eq!(rel("http://a/").relativize(&rel("/a")), Err(RelativizeError::BaseWithoutScheme));
    // The "/." a resolution puts before a path starting with "//" is not one.
    let b = rel("s:/a");
    assert_eq!(rel("s:/.//x").relativize(&b).unwrap().as_uri_ref().resolve_str(&b).unwrap(), "s:/.//x");
}

const TESTS: u64 = 3000;

fn qc(seed: u64) -> QuickCheck {
    QuickCheck::new().rng(Gen::from_size_and_seed(20, seed)).tests(TESTS).max_tests(TESTS * 4)
}

/// Small alphabets, so that bases and targets often share a scheme, an
/// authority and leading segments.
const SCHEMES: &[&str] = &["http", "http", "s", "HTTP"];
const AUTHORITIES: &[Option<&str>] = &[None, Some("a"), Some("a"), Some(""), Some("u@a:1"), Some("b")];
const SEGMENTS: &[&str] = &["a", "b", "c", "a", "b", "", "g;x", "x:y", ".", "..", "%2E", "d.", "~"];
const QUERIES: &[Option<&str>] = &[None, None, Some(""), Some("q"), Some("y")];

fn pick<T: Copy>(g: &mut Gen, xs: &[T]) -> T {
    *g.choose(xs).unwrap()
}

/// A path for a reference with or without an authority (never starting
/// with "//" without one; never a first segment with ":" without a scheme).
fn path(g: &mut Gen, authority: bool, scheme: bool) -> String {
    let n = usize::arbitrary(g) % 5;
    let mut segs: Vec<&str> = (0..n).map(|_| pick(g, SEGMENTS)).collect();
    let absolute = authority || bool::arbitrary(g);
    if let Some(first) = segs.first_mut() {
        if (!absolute && first.is_empty()) || (absolute && !authority && first.is_empty()) {
            *first = "x";
        }
        if !absolute && !scheme && first.contains(':') {
            *first = "y";
        }
    }
    if n == 0 {
        return String::new();
    }
    format!("{}{}", if absolute { "/" } else { "" }, segs.join("/"))
}

fn reference(g: &mut Gen, scheme: bool) -> String {
    let mut s = String::new();
    if scheme {
        s.push_str(pick(g, SCHEMES));
        s.push(':');
    }
    let authority = pick(g, AUTHORITIES);
    if let Some(a) = authority {
        s.push_str("//");
        s.push_str(a);
    }
    s.push_str(&path(g, authority.is_some(), scheme));
    if let Some(q) = pick(g, QUERIES) {
        s.push('?');
        s.push_str(q);
    }
    if let Some(f) = pick(g, QUERIES) {
        s.push('#');
        s.push_str(f);
    }
    s
}

#[derive(Clone, Debug)]
struct Uri(String);

#[derive(Clone, Debug)]
struct Ref(String);

impl Arbitrary for Uri {
    fn arbitrary(g: &mut Gen) -> Uri {
        Uri(reference(g, true))
    }
}

impl Arbitrary for Ref {
    fn arbitrary(g: &mut Gen) -> Ref {
        let scheme = usize::arbitrary(g) % 4 == 0;
        Ref(reference(g, scheme))
    }
}

#[test]
fn any_target_comes_back_exactly_or_has_dot_segments() {
    fn prop(t: Uri, b: Uri) -> TestResult {
        let (Ok(tu), Ok(bu)) = (UriRef::parse(&t.0), UriRef::parse(&b.0)) else {
            panic!("generated {t:?} or {b:?} does not parse");
        };
        match tu.relativize(&bu) {
            Ok(r) => {
                assert_eq!(r.as_uri_ref().resolve_str(&bu).unwrap(), t.0, "{r} against {}", b.0);
                assert!(r.as_str().len() <= t.0.len());
            }
            Err(RelativizeError::DotSegments) => {
                assert_ne!(rds_oracle(tu.path()), tu.path(), "{} against {}: no answer", t.0, b.0);
            }
            Err(e) => panic!("{} against {}: {e}", t.0, b.0),
        }
        TestResult::passed()
    }
    qc(21).quickcheck(prop as fn(Uri, Uri) -> TestResult);
}

#[test]
fn resolved_references_come_back_no_longer() {
    fn prop(r: Ref, b: Uri) -> TestResult {
        let (Ok(ru), Ok(bu)) = (UriRef::parse(&r.0), UriRef::parse(&b.0)) else {
            panic!("generated {r:?} or {b:?} does not parse");
        };
        let target = ru.resolve_str(&bu).unwrap();
        check(&target, &b.0, &r.0);
        TestResult::passed()
    }
    qc(22).quickcheck(prop as fn(Ref, Uri) -> TestResult);
}
