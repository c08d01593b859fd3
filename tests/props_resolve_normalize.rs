//! Properties of resolution, normalization, comparison and percent-encoding
//! (RFC 3986 §2, §5, §6), on structured random references (schemes, hosts,
//! ports, dot segments, percent-encodings in mixed case). Fixed seeds and
//! bounded counts, so the suite runs in about a second.

mod common;
use common::rds_oracle;

use quickcheck::{Arbitrary, Gen, QuickCheck, TestResult};
use std::borrow::Cow;
use std::hash::{BuildHasher, Hasher};
use uriscan::{percent, NormalizeOptions, ResolveMode, Resolver, Syntax, UriRef};

/// A component encoder.
type Encoder = fn(&[u8]) -> Cow<'_, str>;

const TESTS: u64 = 1500;

fn qc(seed: u64) -> QuickCheck {
    QuickCheck::new().rng(Gen::from_size_and_seed(20, seed)).tests(TESTS).max_tests(TESTS * 4)
}

fn pick<'a>(g: &mut Gen, xs: &'a [&'a str]) -> &'a str {
    g.choose(xs).copied().unwrap_or("")
}

fn below(g: &mut Gen, n: usize) -> usize {
    usize::arbitrary(g) % n.max(1)
}

const SCHEMES: &[&str] = &[
    "http",
    "HTTP",
    "https",
    "HtTpS",
    "ws",
    "wss",
    "ftp",
    "coap",
    "s",
    "foo+bar.baz-1",
    "mailto",
    "urn",
    "Redis",
    "ldap",
];
const HOSTS: &[&str] = &[
    "a",
    "example.com",
    "EXAMPLE.com",
    "Ex%41mple.COM",
    "%65x",
    "",
    "h%c3%a9",
    "H%C3%A9",
    "1.2.3.4",
    "[::1]",
    "[2001:DB8::7]",
    "[v1.X:y]",
    "a-b_c~d",
    "%7e",
    "!$&'()*+,;=",
];
const USERINFOS: &[&str] = &["u", "u:p", "U%3aP", "%7E", "", "a!$&'()*+,;=:", "%c3%A9"];
const PORTS: &[&str] = &["", "80", "080", "443", "21", "8080", "5683", "65536", "0"];
const SEGMENTS: &[&str] = &[
    ".", "..", "%2E", "%2e", "%2E%2e", ".%2E", "a", "B", "%7e", "%7E", "%2F", "%2f", "", "", "c:d", "%C3%A9", "%c3%a9",
    "a.b", "...", "g;x=1", "@", "~", "%41", "-._~",
];
const QUERIES: &[&str] = &["", "a=b", "%7e", "%2f%2F", "/?", "A", "x+y", "%41&b=%3d", "..", "./a/../b", "%23"];

/// A valid URI reference, built from random components.
#[derive(Clone, Debug)]
struct Ref(String);

/// A valid URI with a fragment (a base).
#[derive(Clone, Debug)]
struct Base(String);

fn path(g: &mut Gen, authority: bool, scheme: bool) -> String {
    let n = below(g, 6);
    let mut segs: Vec<&str> = (0..n).map(|_| pick(g, SEGMENTS)).collect();
    if authority {
        return if n == 0 { String::new() } else { format!("/{}", segs.join("/")) };
    }
    if n == 0 {
        return String::new();
    }
    if segs[0].is_empty() {
        segs[0] = "x"; // no "//" without an authority
    }
    let absolute = bool::arbitrary(g);
    if !absolute && !scheme && segs[0].contains(':') {
        segs[0] = "y"; // path-noscheme
    }
    format!("{}{}", if absolute { "/" } else { "" }, segs.join("/"))
}

fn reference(g: &mut Gen, want_scheme: Option<bool>, fragment: Option<bool>) -> String {
    let scheme = want_scheme.unwrap_or_else(|| below(g, 3) == 0);
    let authority = bool::arbitrary(g);
    let mut s = String::new();
    if scheme {
        s.push_str(pick(g, SCHEMES));
        s.push(':');
    }
    if authority {
        s.push_str("//");
        if below(g, 3) == 0 {
            s.push_str(pick(g, USERINFOS));
            s.push('@');
        }
        s.push_str(pick(g, HOSTS));
        if bool::arbitrary(g) {
            s.push(':');
            s.push_str(pick(g, PORTS));
        }
    }
    s.push_str(&path(g, authority, scheme));
    if bool::arbitrary(g) {
        s.push('?');
        s.push_str(pick(g, QUERIES));
    }
    if fragment.unwrap_or_else(|| bool::arbitrary(g)) {
        s.push('#');
        s.push_str(pick(g, QUERIES));
    }
    s
}

impl Arbitrary for Ref {
    fn arbitrary(g: &mut Gen) -> Ref {
        Ref(reference(g, None, None))
    }
}

impl Arbitrary for Base {
    fn arbitrary(g: &mut Gen) -> Base {
        Base(reference(g, Some(true), Some(true)))
    }
}

fn parse(s: &str) -> UriRef<'_> {
    UriRef::parse(s).unwrap_or_else(|e| panic!("generated reference {s:?} does not parse: {e}"))
}

/// §5.2.2 and §5.2.3 transcribed with strings, plus the crate's documented
/// `/.` guard for a path starting with `//` without an authority.
fn resolve_oracle(r: &UriRef<'_>, base: &UriRef<'_>, strict: bool) -> String {
    let mut r_scheme = r.scheme();
    if !strict && r_scheme.map(str::to_ascii_lowercase) == base.scheme().map(str::to_ascii_lowercase) {
        r_scheme = None;
    }
    let (scheme, authority, mut path, query);
    if let Some(s) = r_scheme {
        (scheme, authority, path, query) = (s, r.authority(), rds_oracle(r.path()), r.query());
    } else {
        if r.authority().is_some() {
            (authority, path, query) = (r.authority(), rds_oracle(r.path()), r.query());
        } else {
            if r.path().is_empty() {
                path = base.path().to_string();
                query = r.query().or(base.query());
            } else {
                if r.path().starts_with('/') {
                    path = rds_oracle(r.path());
                } else {
                    let merged = if base.authority().is_some() && base.path().is_empty() {
                        format!("/{}", r.path())
                    } else {
                        match base.path().rfind('/') {
                            Some(i) => format!("{}{}", &base.path()[..=i], r.path()),
                            None => r.path().to_string(),
                        }
                    };
                    path = rds_oracle(&merged);
                }
                query = r.query();
            }
            authority = base.authority();
        }
        scheme = base.scheme().unwrap();
    }
    if authority.is_none() && path.starts_with("//") {
        path.insert_str(0, "/.");
    }
    let c = uriscan::Components { scheme: Some(scheme), authority, path: &path, query, fragment: r.fragment() };
    c.to_string()
}

#[test]
fn resolution_matches_the_rfc_pseudocode_and_parses_as_a_uri() {
    fn prop(r: Ref, b: Base) -> bool {
        let (r, base) = (parse(&r.0), parse(&b.0));
        let mut buf = String::new();
        for (mode, strict) in [(ResolveMode::Strict, true), (ResolveMode::NonStrict, false)] {
            r.resolve_into_with(&base, &mut buf, mode).unwrap();
            assert_eq!(buf, resolve_oracle(&r, &base, strict), "{r} against {base} ({mode:?})");
            let t = Syntax::Uri.parse(&buf).unwrap_or_else(|e| panic!("{r} against {base}: {buf:?} is not a URI: {e}"));
            // The base fragment is never kept: the fragment is the reference's.
            assert_eq!(t.fragment(), r.fragment(), "{r} against {base}");
        }
        true
    }
    qc(1).quickcheck(prop as fn(Ref, Base) -> bool);
}

#[test]
fn resolver_agrees_with_resolve_into_in_every_mode() {
    // One `Resolver` per base and mode, reused for several references, as
    // a crawler uses it; bases with dot segments in their directories too.
    fn prop(refs: Vec<Ref>, b: Base, dots: u8) -> bool {
        let dotted = ["", "./", "../", "x/../", "./y/../"][usize::from(dots) % 5];
        let base_text = match b.0.split_once("://") {
            Some((s, rest)) => match rest.find('/') {
                Some(i) => format!("{s}://{}/{dotted}{}", &rest[..i], &rest[i + 1..]),
                None => b.0.clone(),
            },
            None => b.0.clone(),
        };
        let base = parse(&base_text);
        let mut want = String::new();
        for mode in [ResolveMode::Strict, ResolveMode::NonStrict, ResolveMode::Rfc2396, ResolveMode::Rfc1630] {
            let mut resolver = Resolver::new_with(base, mode).unwrap();
            for r in &refs {
                let r = parse(&r.0);
                r.resolve_into_with(&base, &mut want, mode).unwrap();
                assert_eq!(resolver.resolve_str(&r), want, "{r} against {base} ({mode:?})");
            }
        }
        true
    }
    qc(6).quickcheck(prop as fn(Vec<Ref>, Base, u8) -> bool);
}

#[test]
fn resolution_against_bases_without_authority() {
    // Bases without authority exercise the "/." guard.
    fn prop(r: Ref, seed: u8) -> TestResult {
        let base = ["s:a/b", "s:a", "s:", "s:/a/b/c", "s:.", "s:./x/"][usize::from(seed) % 6];
        let (r, base) = (parse(&r.0), parse(base));
        let out = r.resolve_str(&base).unwrap();
        assert_eq!(out, resolve_oracle(&r, &base, true));
        assert!(Syntax::Uri.parse(&out).is_ok(), "{out:?}");
        TestResult::passed()
    }
    qc(2).quickcheck(prop as fn(Ref, u8) -> TestResult);
}

#[test]
fn remove_dot_segments_matches_the_rfc_loop() {
    fn prop(segs: Vec<u8>, absolute: bool) -> bool {
        let parts = [".", "..", "a", "", "b.", ".c", "%2E"];
        let p: Vec<&str> = segs.iter().map(|&i| parts[usize::from(i) % parts.len()]).collect();
        let p = format!("{}{}", if absolute { "/" } else { "" }, p.join("/"));
        uriscan::remove_dot_segments(&p) == rds_oracle(&p)
    }
    qc(3).quickcheck(prop as fn(Vec<u8>, bool) -> bool);
}

const OPTS: [NormalizeOptions; 2] = [NormalizeOptions::SYNTAX, NormalizeOptions::SCHEME_BASED];

#[test]
fn normalize_is_idempotent_valid_and_borrows_when_normal() {
    fn prop(r: Ref) -> bool {
        let u = parse(&r.0);
        for o in OPTS {
            let n = u.normalize_str_with(o);
            let nu = UriRef::parse(&n).unwrap_or_else(|e| panic!("normalize({r:?}) = {n:?} does not parse: {e}"));
            let nn = nu.normalize_str_with(o);
            assert_eq!(nn, n, "not idempotent on {r:?} ({o:?})");
            assert!(matches!(nn, Cow::Borrowed(_)), "normal {n:?} not borrowed ({o:?})");
            // Normalization keeps scheme/authority/query/fragment presence.
            assert_eq!(nu.scheme().is_some(), u.scheme().is_some());
            assert_eq!(nu.authority().is_some(), u.authority().is_some());
            assert_eq!(nu.query().is_some(), u.query().is_some());
            assert_eq!(nu.fragment().is_some(), u.fragment().is_some());
            assert!(u.normalized_eq_with(&nu, o));
        }
        true
    }
    qc(4).quickcheck(prop as fn(Ref) -> bool);
}

/// Another spelling of `s`: random case changes in scheme and host,
/// unreserved octets percent-encoded, hex digits' case changed, dot segments
/// put before an absolute path (all equivalent under §6.2.2), and, one time
/// in five, an edit that usually is not equivalent.
fn variant(g: &mut Gen, s: &str) -> String {
    let u = parse(s);
    let mut out = String::new();
    let flip = |g: &mut Gen, t: &str| -> String {
        t.chars().map(|c| if bool::arbitrary(g) { c.to_ascii_uppercase() } else { c.to_ascii_lowercase() }).collect()
    };
    let respell = |g: &mut Gen, t: &str, case_free: bool| -> String {
        let mut o = String::new();
        let b = t.as_bytes();
        let mut i = 0;
        while i < b.len() {
            if b[i] == b'%' {
                let trip = &t[i..i + 3];
                o.push_str(&if bool::arbitrary(g) { trip.to_ascii_lowercase() } else { trip.to_ascii_uppercase() });
                i += 3;
                continue;
            }
            let c = b[i];
            if uriscan::sets::UNRESERVED.contains(c) && below(g, 4) == 0 {
                let hex = format!("%{c:02X}");
                o.push_str(&if bool::arbitrary(g) { hex.to_ascii_lowercase() } else { hex });
            } else if case_free && c.is_ascii_alphabetic() && bool::arbitrary(g) {
                o.push(c.to_ascii_uppercase() as char);
            } else {
                o.push(c as char);
            }
            i += 1;
        }
        o
    };
    if let Some(sc) = u.scheme() {
        out.push_str(&flip(g, sc));
        out.push(':');
    }
    if u.authority().is_some() {
        out.push_str("//");
        if let Some(ui) = u.userinfo() {
            out.push_str(&respell(g, ui, false));
            out.push('@');
        }
        let h = u.host().unwrap_or("");
        if h.starts_with('[') {
            out.push_str(&flip(g, h));
        } else {
            out.push_str(&respell(g, h, true));
        }
        if let Some(p) = u.port() {
            out.push(':');
            out.push_str(p);
        }
    }
    let p = u.path();
    if p.starts_with('/') && below(g, 3) == 0 {
        // "/zz/.." + path and "/." + path are path after §5.2.4.
        out.push_str(pick(g, &["/zz/..", "/.", "/%2e", "/q/%2E%2e"]));
    }
    out.push_str(&respell(g, p, false));
    if let Some(q) = u.query() {
        out.push('?');
        out.push_str(&respell(g, q, false));
    }
    if let Some(f) = u.fragment() {
        out.push('#');
        out.push_str(&respell(g, f, false));
    }
    if below(g, 5) == 0 {
        match below(g, 4) {
            0 => out.push_str(if out.contains('#') { "x" } else { "#" }),
            1 if !out.contains('?') && !out.contains('#') => out.push('?'),
            2 if !out.contains('?') && !out.contains('#') => out.push('/'),
            _ => {}
        }
    }
    if UriRef::parse(&out).is_err() {
        return s.to_string();
    }
    out
}

/// A reference and two successive variants of it.
#[derive(Clone, Debug)]
struct Family(String, String, String);

impl Arbitrary for Family {
    fn arbitrary(g: &mut Gen) -> Family {
        let a = reference(g, None, None);
        let b = variant(g, &a);
        let c = variant(g, &b);
        Family(a, b, c)
    }
}

fn hash(u: &UriRef<'_>, o: NormalizeOptions, rs: &std::hash::RandomState) -> u64 {
    let mut st = rs.build_hasher();
    u.normalized_hash_with(&mut st, o);
    st.finish()
}

#[test]
fn normalized_eq_is_an_equivalence_consistent_with_normalize_and_hash() {
    fn prop(f: Family) -> bool {
        let rs = std::hash::RandomState::new();
        let us = [parse(&f.0), parse(&f.1), parse(&f.2)];
        for o in OPTS {
            let ns: Vec<Cow<'_, str>> = us.iter().map(|u| u.normalize_str_with(o)).collect();
            for i in 0..3 {
                assert!(us[i].normalized_eq_with(&us[i], o));
                for j in 0..3 {
                    let eq = us[i].normalized_eq_with(&us[j], o);
                    assert_eq!(eq, ns[i] == ns[j], "{} vs {} ({o:?}): {:?} / {:?}", us[i], us[j], ns[i], ns[j]);
                    assert_eq!(eq, us[j].normalized_eq_with(&us[i], o));
                    if eq {
                        assert_eq!(hash(&us[i], o, &rs), hash(&us[j], o, &rs), "{} vs {}", us[i], us[j]);
                    }
                    for k in 0..3 {
                        if eq && us[j].normalized_eq_with(&us[k], o) {
                            assert!(us[i].normalized_eq_with(&us[k], o));
                        }
                    }
                }
            }
        }
        true
    }
    qc(5).quickcheck(prop as fn(Family) -> bool);
}

#[test]
fn variants_are_mostly_but_not_all_equivalent() {
    // Keeps the previous property from being vacuous.
    let mut g = Gen::from_size_and_seed(20, 6);
    let mut eq = 0;
    for _ in 0..2000 {
        let a = reference(&mut g, None, None);
        let b = variant(&mut g, &a);
        if parse(&a).normalized_eq(&parse(&b)) {
            eq += 1;
        }
    }
    assert!(eq > 1000, "only {eq} of 2000 variants equivalent");
    assert!(eq < 2000, "no non-equivalent variants");
}

#[test]
fn encode_then_decode_is_identity_in_every_component() {
    fn prop(data: Vec<u8>) -> bool {
        let encoders: [Encoder; 6] = [
            |b| percent::encode_userinfo(b),
            |b| percent::encode_reg_name(b),
            |b| percent::encode_path_segment(b),
            |b| percent::encode_path(b),
            |b| percent::encode_query(b),
            |b| percent::encode_fragment(b),
        ];
        for enc in encoders {
            let e = enc(&data);
            assert_eq!(percent::decode(e.as_ref()).unwrap(), &data[..]);
            assert_eq!(percent::decode_lenient(e.as_ref()), &data[..]);
            if let Ok(s) = std::str::from_utf8(&data) {
                assert_eq!(percent::decode_str(e.as_ref()).unwrap(), s);
            }
        }
        // Each encoding is valid in its component and parses back there.
        let (ui, host, seg, path, q, f) = (
            percent::encode_userinfo(&data),
            percent::encode_reg_name(&data),
            percent::encode_path_segment(&data),
            percent::encode_path(&data),
            percent::encode_query(&data),
            percent::encode_fragment(&data),
        );
        let s = format!("s://{ui}@{host}/{seg}/{path}?{q}#{f}");
        let u = UriRef::parse(&s).unwrap_or_else(|e| panic!("{s:?}: {e}"));
        assert_eq!(u.userinfo(), Some(&*ui));
        assert_eq!(u.host(), Some(&*host));
        assert_eq!(u.path_segments().next(), Some(&*seg));
        assert_eq!(u.path(), format!("/{seg}/{path}"));
        assert_eq!((u.query(), u.fragment()), (Some(&*q), Some(&*f)));
        true
    }
    qc(7).quickcheck(prop as fn(Vec<u8>) -> bool);
    fn prop_str(s: String) -> bool {
        percent::decode_str(percent::encode_path_segment(&s).as_ref()).unwrap() == s
            && percent::decode_form_str_lossy(percent::encode(&s, &uriscan::sets::UNRESERVED).as_ref()) == s
    }
    qc(8).quickcheck(prop_str as fn(String) -> bool);
}

#[test]
fn never_panics_on_arbitrary_strings() {
    fn prop(s: String, t: String) -> bool {
        if let (Ok(a), Ok(b)) = (UriRef::parse(&s), UriRef::parse(&t)) {
            let _ = a.resolve_str(&b);
            for o in OPTS {
                let _ = a.normalize_str_with(o);
                let _ = a.normalized_eq_with(&b, o);
            }
        }
        let _ = percent::decode(&s);
        let _ = percent::decode_str_lossy(&s);
        let _ = uriscan::remove_dot_segments(&s);
        true
    }
    qc(9).quickcheck(prop as fn(String, String) -> bool);
}
