//! The owned type `UriBuf`, its standard traits, the parsed results of
//! resolution, normalization and the builder, editing, and the
//! `Display`/`FromStr` pairs of the small enums; on the data files every
//! engine runs.

mod common;
use common::{invalid_cases, records, valid_cases};

use std::collections::{BTreeSet, HashMap};
use uriscan::{
    BuildError, Builder, ErrorKind, Grammar, HostKind, NormalizeOptions, ParseError, ResolveError, ResolveMode, Syntax,
    UriBuf, UriCow, UriRef,
};

/// Every accessor of `b` agrees with the view `u` of the same text.
fn same_view(b: &UriBuf, u: &UriRef<'_>) {
    let v = b.as_uri_ref();
    assert_eq!(v, *u, "{}", u.as_str());
    assert_eq!(b.as_str(), u.as_str());
    assert_eq!(b.scheme(), u.scheme());
    assert_eq!(b.authority(), u.authority());
    assert_eq!(b.userinfo(), u.userinfo());
    assert_eq!(b.host(), u.host());
    assert_eq!(b.host_kind(), u.host_kind());
    assert_eq!(b.port(), u.port());
    assert_eq!(b.port_value(), u.port_value());
    assert_eq!(b.path(), u.path());
    assert_eq!(b.query(), u.query());
    assert_eq!(b.fragment(), u.fragment());
    assert_eq!(b.ipv4(), u.ipv4());
    assert_eq!(b.ipv6(), u.ipv6());
    assert_eq!(b.is_uri(), u.is_uri());
    assert_eq!(b.components(), u.components());
    assert!(b.path_segments().eq(u.path_segments()));
    assert!(b.query_pairs().eq(u.query_pairs()));
}

#[test]
fn owned_views_agree_with_borrowed_ones_on_every_valid_case() {
    for c in valid_cases() {
        let u = UriRef::parse(c.input).unwrap();
        let from_str: UriBuf = c.input.parse().unwrap();
        let from_string = UriBuf::try_from(c.input.to_string()).unwrap();
        let from_ref = UriBuf::from(u);
        for b in [&from_str, &from_string, &from_ref, &u.to_buf(), &UriBuf::try_from(c.input).unwrap()] {
            same_view(b, &u);
            assert_eq!(b.host(), c.host, "line {}", c.line);
            assert_eq!(b.path(), c.path, "line {}", c.line);
        }
        // The view outlives nothing: the owned value can be moved and kept.
        let moved = Box::new(from_str);
        same_view(&moved, &u);
    }
}

#[test]
fn invalid_strings_come_back_with_the_parse_error() {
    for c in invalid_cases() {
        let Ok(text) = String::from_utf8(c.input.clone()) else { continue };
        let rule: Syntax = c.rule.parse().unwrap_or_else(|e| panic!("line {}: {e}", c.line));
        let want = rule.parse(&text).unwrap_err();
        assert_eq!(want.index(), c.index, "line {}", c.line);
        let e = rule.parse_string(text.clone()).unwrap_err();
        assert_eq!(e.error(), want, "line {}", c.line);
        assert_eq!(e.to_string(), want.to_string());
        assert_eq!(e.into_string(), text);

        if rule == Syntax::UriReference {
            assert_eq!(text.parse::<UriBuf>().unwrap_err(), want);
            assert_eq!(UriBuf::try_from(text.clone()).unwrap_err().into_string(), text);
        }
    }
}

#[test]
fn equality_order_and_hash_are_the_texts() {
    let texts = ["http://a/b", "HTTP://a/b", "http://a/b?", "", "#x", "a:b", "//h", "/p"];
    let bufs: Vec<UriBuf> = texts.iter().map(|t| t.parse().unwrap()).collect();
    for (b, t) in bufs.iter().zip(texts) {
        assert_eq!(b, t);
        assert_eq!(*b, *t);
        assert_eq!(b, &t.to_string());
        assert_eq!(t, b);
        assert_eq!(b, &UriRef::parse(t).unwrap());
        assert_eq!(b.to_string(), t);
        assert_eq!(AsRef::<str>::as_ref(b), t);
        assert_eq!(format!("{b:?}"), format!("UriBuf({t:?})"));
    }
    // Ordered as the strings are.
    let mut sorted_texts = texts.to_vec();
    sorted_texts.sort();
    let set: BTreeSet<UriBuf> = bufs.iter().cloned().collect();
    assert!(set.iter().map(UriBuf::as_str).eq(sorted_texts.iter().copied()));
    // Looked up by &str (Borrow<str> with the same Hash and Eq).
    let map: HashMap<UriBuf, usize> = bufs.iter().cloned().zip(0..).collect();
    for (i, t) in texts.iter().enumerate() {
        assert_eq!(map.get(*t), Some(&i));
    }
    assert_eq!(map.get("http://a/c"), None);
    assert!(set.contains("a:b"));
}

#[test]
fn public_types_are_send_and_sync_across_threads() {
    let u: UriBuf = "http://example.com/x".parse().unwrap();
    let h = std::thread::spawn(move || u.host().map(str::to_owned));
    assert_eq!(h.join().unwrap().as_deref(), Some("example.com"));
}

/// `(reference, strict)` rows of `tests/data/resolve.txt` (RFC 3986 §5.4).
fn resolve_rows() -> Vec<(String, String)> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/resolve.txt")).unwrap();
    text.lines()
        .skip(1)
        .map(|l| l.split('\t').map(str::to_owned).collect::<Vec<_>>())
        .map(|f| (f[0].clone(), f[1].clone()))
        .collect()
}

#[test]
fn resolve_gives_the_parsed_resolution() {
    let base = UriRef::parse("http://a/b/c/d;p?q").unwrap();
    let rows = resolve_rows();
    assert_eq!(rows.len(), 42);
    for (r, want) in rows {
        let r = UriRef::parse(&r).unwrap();
        let got = r.resolve(&base).unwrap();
        assert_eq!(got, want);
        same_view(&got, &UriRef::parse(&want).unwrap());
        assert_eq!(r.to_buf().resolve(&base).unwrap(), got);
        for mode in [ResolveMode::NonStrict, ResolveMode::Rfc2396] {
            assert_eq!(r.resolve_with(&base, mode).unwrap(), r.resolve_str_with(&base, mode).unwrap());
        }
    }
    let rel = UriRef::parse("//a/b").unwrap();
    assert_eq!(UriRef::parse("g").unwrap().resolve(&rel), Err(ResolveError::BaseWithoutScheme));
}

#[test]
fn resolve_reports_results_that_are_not_rfc3986_references() {
    // RFC 1630 allows '"' in a path; RFC 3986 does not.
    let base = UriRef::parse("news:x").unwrap();
    let r = Syntax::Fragmentaddress.parse("news:a\"b").unwrap();
    assert_eq!(r.resolve_str(&base).unwrap(), "news:a\"b");
    match r.resolve(&base) {
        Err(ResolveError::NotAReference(e)) => assert_eq!((e.index(), e.kind()), (6, ErrorKind::Path)),
        other => panic!("{other:?}"),
    }
}

#[test]
fn normalized_gives_the_parsed_normal_form_and_borrows_when_normal() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/normalize.txt")).unwrap();
    let mut n = 0;
    for (line, f) in records(&text).skip(1) {
        let u = UriRef::parse(f[0]).unwrap_or_else(|e| panic!("line {line}: {e}"));
        for (opts, want) in [(NormalizeOptions::SYNTAX, f[1]), (NormalizeOptions::SCHEME_BASED, f[2])] {
            let got = u.normalize_with(opts).unwrap();
            assert_eq!(got, want, "line {line}");
            same_view(&got.clone().into_owned(), &UriRef::parse(want).unwrap());
            // Borrowed exactly when the normal form is the input or a prefix.
            assert_eq!(got.is_borrowed(), f[0].starts_with(want), "line {line}");
            if let UriCow::Borrowed(v) = got {
                assert_eq!(v.as_str().as_ptr(), f[0].as_ptr(), "line {line}: borrowed from the input");
            }
        }
        assert_eq!(u.to_buf().normalize().unwrap(), f[1]);
        n += 1;
    }
    assert!(n > 10);
    // A reference only RFC 1630 accepts, changed by normalization, has no
    // RFC 3986 normal form.
    let odd = Syntax::Fragmentaddress.parse("news:A%7e\"b").unwrap();
    assert_eq!(odd.normalize_str(), "news:A~\"b");
    let e: ParseError = odd.normalize().unwrap_err();
    assert_eq!(e.index(), 7);
}

#[test]
fn editing_rebuilds_every_valid_case_unchanged() {
    for c in valid_cases() {
        let u = UriRef::parse(c.input).unwrap();
        let b = u.edit().build().unwrap_or_else(|e| panic!("line {}: {e}", c.line));
        same_view(&b, &u);
        assert_eq!(Builder::from(u).build_str().unwrap(), c.input);
        assert_eq!(u.to_buf().edit().build().unwrap(), b);
    }
}

#[test]
fn editing_sets_and_removes_components() {
    let u = UriRef::parse("http://u@h:8/p?q#f").unwrap();
    let cases: [(Builder<'_>, &str); 9] = [
        (u.edit().set_scheme(Some("https")), "https://u@h:8/p?q#f"),
        (u.edit().set_scheme(None), "//u@h:8/p?q#f"),
        (u.edit().set_userinfo(None), "http://h:8/p?q#f"),
        (u.edit().set_host("g"), "http://u@g:8/p?q#f"),
        (u.edit().set_port(Some("")), "http://u@h:/p?q#f"),
        (u.edit().set_port(None), "http://u@h/p?q#f"),
        (u.edit().set_authority(None).set_path("/x"), "http:/x?q#f"),
        (u.edit().set_query(None).set_fragment(None), "http://u@h:8/p"),
        (u.edit().set_query(Some("a=1")).set_path(""), "http://u@h:8?a=1#f"),
    ];
    for (b, want) in cases {
        let v = b.build().unwrap();
        assert_eq!(v, want);
        same_view(&v, &UriRef::parse(want).unwrap());
    }
}

#[test]
fn editing_refuses_what_the_grammar_forbids() {
    let u = UriRef::parse("http://h//x").unwrap();
    // Without the authority, "//x" would be read as one.
    assert_eq!(u.edit().set_authority(None).build(), Err(BuildError::PathStartsWithDoubleSlash));
    assert_eq!(u.edit().set_path("x").build(), Err(BuildError::RelativePathWithAuthority));
    // Without the scheme, "a:b" would be read as a scheme.
    let v = UriRef::parse("s:a:b").unwrap();
    assert_eq!(v.edit().set_scheme(None).build(), Err(BuildError::ColonInFirstSegment));
    assert!(matches!(v.edit().set_query(Some("a b")).build(), Err(BuildError::InvalidByte { index: 1, .. })));
    assert!(v.edit().set_scheme(Some("1s")).build().is_err());
}

#[test]
fn enum_names_round_trip_through_display_and_from_str() {
    fn round_trip<T>(all: &[T])
    where
        T: std::fmt::Display + std::str::FromStr + PartialEq + std::fmt::Debug,
        T::Err: std::fmt::Debug,
    {
        for v in all {
            let name = v.to_string();
            assert_eq!(name.parse::<T>().unwrap(), *v);
            assert_eq!(name.to_ascii_uppercase().parse::<T>().unwrap(), *v);
        }
        assert!("no such name".parse::<T>().is_err());
    }
    round_trip(Syntax::ALL);
    round_trip(Grammar::ALL);
    round_trip(&[HostKind::RegName, HostKind::Ipv4, HostKind::Ipv6, HostKind::IpvFuture]);
    // Every kind an error in the invalid data has, by the name messages use.
    let mut kinds = BTreeSet::new();
    for c in invalid_cases() {
        let rule: Syntax = c.rule.parse().unwrap();
        let kind = rule.parse_bytes(&c.input).unwrap_err().kind();
        assert_eq!(format!("{kind:?}"), c.kind, "line {}", c.line);
        assert_eq!(kind.to_string(), kind.name());
        round_trip(&[kind]);
        kinds.insert(kind.name());
    }
    assert!(kinds.len() > 5);
    assert_eq!(HostKind::Ipv4.to_string(), "ipv4");
    assert_eq!(Syntax::AbsoluteUri.to_string(), "rfc3986/absolute-URI");
    let e = "uri-ref".parse::<Syntax>().unwrap_err();
    assert!(
        e.to_string().starts_with("unknown syntax (expected one of: rfc3986/URI-reference, rfc3986/URI, rfc3986/absolute-URI, rfc3986/relative-ref, rfc2396/URI-reference, "),
        "{e}"
    );
}
