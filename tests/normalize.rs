//! RFC 3986 §6.2.2 / §6.2.3 normalization and §6.1 comparison, from
//! `tests/data/normalize.txt` (`input<TAB>syntax-based<TAB>scheme-based`).

use std::borrow::Cow;
use std::hash::{BuildHasher, Hasher};
use uriscan::{NormalizeOptions, UriRef};

const SYNTAX: NormalizeOptions = NormalizeOptions::SYNTAX;
const SCHEME: NormalizeOptions = NormalizeOptions::SCHEME_BASED;

fn rows() -> Vec<[String; 3]> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/normalize.txt")).unwrap();
    text.lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(f.len(), 3, "bad line {l:?}");
            [f[0].to_string(), f[1].to_string(), f[2].to_string()]
        })
        .collect()
}

fn hash(u: &UriRef<'_>, o: NormalizeOptions, rs: &std::hash::RandomState) -> u64 {
    let mut h = rs.build_hasher();
    u.normalized_hash_with(&mut h, o);
    h.finish()
}

#[test]
fn data_file_rows() {
    let rows = rows();
    assert!(rows.len() >= 40);
    let rs = std::hash::RandomState::new();
    for [input, syntax, scheme] in &rows {
        let u = UriRef::parse(input).unwrap();
        for (o, want) in [(SYNTAX, syntax), (SCHEME, scheme)] {
            let got = u.normalize_str_with(o);
            assert_eq!(&got, want, "normalizing {input:?} with {o:?}");
            if input == want {
                assert!(matches!(got, Cow::Borrowed(_)), "no borrow for {input:?} with {o:?}");
            }
            // Idempotent, and the output is already normal (so it borrows).
            let again = UriRef::parse(want).unwrap();
            assert!(matches!(again.normalize_str_with(o), Cow::Borrowed(_)), "{want:?} not normal under {o:?}");
            // Comparison agrees without building strings.
            assert!(u.normalized_eq_with(&again, o), "{input:?} vs {want:?} with {o:?}");
            assert!(again.normalized_eq_with(&u, o), "{want:?} vs {input:?} with {o:?}");
            assert_eq!(hash(&u, o, &rs), hash(&again, o, &rs), "hash {input:?} vs {want:?} with {o:?}");
        }
        assert_eq!(u.normalize_str(), u.normalize_str_with(SYNTAX));
    }
}

#[test]
fn data_file_pairwise_equivalence_matches_normalize() {
    let rows = rows();
    let rs = std::hash::RandomState::new();
    let inputs: Vec<UriRef<'_>> = rows.iter().map(|r| UriRef::parse(&r[0]).unwrap()).collect();
    for o in [SYNTAX, SCHEME] {
        let normal: Vec<Cow<'_, str>> = inputs.iter().map(|u| u.normalize_str_with(o)).collect();
        for (i, a) in inputs.iter().enumerate() {
            for (j, b) in inputs.iter().enumerate() {
                let same = normal[i] == normal[j];
                assert_eq!(a.normalized_eq_with(b, o), same, "{a} vs {b} with {o:?}");
                if same {
                    assert_eq!(hash(a, o, &rs), hash(b, o, &rs));
                }
            }
        }
    }
}

#[test]
fn rfc_6_2_3_examples_are_equivalent() {
    let group = [
        "http://example.com",
        "http://example.com/",
        "http://example.com:/",
        "http://example.com:80/",
        "HTTP://EXAMPLE.com/",
    ];
    let rs = std::hash::RandomState::new();
    for a in group {
        for b in group {
            let (ua, ub) = (UriRef::parse(a).unwrap(), UriRef::parse(b).unwrap());
            assert!(ua.normalized_eq_with(&ub, SCHEME), "{a} vs {b}");
            assert_eq!(hash(&ua, SCHEME, &rs), hash(&ub, SCHEME, &rs));
            assert_eq!(ua.normalize_str_with(SCHEME), "http://example.com/");
        }
    }
    let tilde = UriRef::parse("http://example.com/~").unwrap();
    let pct = UriRef::parse("http://example.com/%7E").unwrap();
    assert!(tilde.normalized_eq_with(&pct, SCHEME));
    assert!(tilde.normalized_eq_with(&pct, SYNTAX));
    let pct_lower = UriRef::parse("http://example.com/%7e").unwrap();
    assert!(pct_lower.normalized_eq_with(&pct, SYNTAX));
}

#[test]
fn non_equivalences() {
    let pairs = [
        ("http://example.com/?", "http://example.com/"),
        ("http://example.com/#", "http://example.com/"),
        ("http://example.com/a", "http://example.com/A"),
        ("http://u@h/", "http://h/"),
        ("http://@h/", "http://h/"),
        ("http://h:81/", "http://h/"),
        ("http://h/%2F", "http://h//"),
        ("http://h/a%2Fb", "http://h/a/b"),
        ("//h", "http://h"),
        ("a/b", "/a/b"),
        ("../a", "a"),
        ("s:/.//b", "s://b"),
        ("http://h/a/", "http://h/a"),
        ("http://h/?a", "http://h/?A"),
        ("http://h/%C3%A9", "http://h/%C3%A8"),
        ("mailto:Joe@Example.COM", "mailto:Joe@example.com"),
    ];
    for (a, b) in pairs {
        let (ua, ub) = (UriRef::parse(a).unwrap(), UriRef::parse(b).unwrap());
        for o in [SYNTAX, SCHEME] {
            assert!(!ua.normalized_eq_with(&ub, o), "{a} vs {b} with {o:?}");
            assert_ne!(ua.normalize_str_with(o), ub.normalize_str_with(o));
        }
    }
    // Syntax-based only: the default port and the empty path still count.
    let (a, b) = (UriRef::parse("http://h:80").unwrap(), UriRef::parse("http://h/").unwrap());
    assert!(!a.normalized_eq_with(&b, SYNTAX));
    assert!(a.normalized_eq_with(&b, SCHEME));
}

#[test]
fn normalize_borrows_from_input_lifetime() {
    let s = String::from("http://example.com/a");
    let n: Cow<'_, str> = {
        let u = UriRef::parse(&s).unwrap();
        u.normalize_str()
    };
    assert!(matches!(n, Cow::Borrowed(_)));
}

#[test]
fn scheme_table() {
    use uriscan::scheme::{default_port, lookup};
    let want = [
        ("http", 80),
        ("https", 443),
        ("ws", 80),
        ("wss", 443),
        ("ftp", 21),
        ("gopher", 70),
        ("telnet", 23),
        ("ldap", 389),
        ("ldaps", 636),
        ("rtsp", 554),
        ("nntp", 119),
        ("news", 119),
        ("coap", 5683),
        ("coaps", 5684),
        ("redis", 6379),
        ("rediss", 6379),
        ("mqtt", 1883),
        ("amqp", 5672),
        ("sip", 5060),
        ("sips", 5061),
        ("ssh", 22),
        ("git", 9418),
        ("svn", 3690),
    ];
    for (s, p) in want {
        assert_eq!(default_port(s), Some(p), "{s}");
        assert_eq!(default_port(&s.to_ascii_uppercase()), Some(p), "{s}");
    }
    for s in ["http", "https", "ws", "wss"] {
        assert!(lookup(s).unwrap().empty_path_is_root, "{s}");
    }
    for s in ["ldap", "mailto", "", "x".repeat(100).as_str(), "HTTP\u{e9}"] {
        assert!(lookup(s).is_none_or(|i| !i.empty_path_is_root), "{s}");
    }
    assert!(lookup("mailto").is_none());
}
