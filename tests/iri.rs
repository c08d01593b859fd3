//! IRIs (RFC 3987): the automaton compiled from `grammar/rfc3987.abnf` at
//! every UTF-8 boundary, the §3.1/§3.2 mappings on the RFC's examples, and
//! properties on generated IRIs (the URI mapping keeps every component; the
//! round trip; no panic on arbitrary bytes).

mod common;

use common::{records, unescape};
use std::borrow::Cow;
use uriscan::{iri, HostKind, NormalizeOptions, ResolveMode, Syntax, UriRef};

const UTF8: &str = include_str!("data/rfc3987_utf8.txt");
const EXAMPLES: &str = include_str!("data/rfc3987_examples.txt");

#[test]
fn utf8_boundaries_through_the_automaton() {
    let mut n = 0;
    for (line, f) in records(UTF8) {
        let input = unescape(f[0]);
        let got = Syntax::IriReference.parse_bytes(&input);
        let ctx = format!("rfc3987_utf8.txt:{line}: {}", f[0]);
        if f[1] == "valid" {
            let u = got.unwrap_or_else(|e| panic!("{ctx}: {e}"));
            assert_eq!(u.as_str().as_bytes(), &input[..], "{ctx}");
        } else {
            let rest = f[1].strip_prefix("invalid at ").unwrap_or_else(|| panic!("{ctx}: bad cell"));
            let (index, kind) = rest.split_once(" in ").unwrap();
            let e = got.expect_err(&ctx);
            assert_eq!((e.index(), e.kind().name()), (index.parse().unwrap(), kind), "{ctx}: {e}");
            assert_eq!(e.found(), input.get(e.index()).copied(), "{ctx}");
        }
        // The RFC 3986 grammar takes no non-ASCII byte at all.
        if let Some(k) = input.iter().position(|&b| b >= 0x80) {
            assert_eq!(Syntax::UriReference.parse_bytes(&input).unwrap_err().index(), k, "{ctx}");
        }
        n += 1;
    }
    assert!(n >= 45, "{n} cases");
}

/// The hand-written `ucschar`/`iprivate`/bidi tables of `uriscan::iri`
/// agree with the automaton on every scalar value, in a path and in a
/// query: a `ucschar` (or in a query an `iprivate`) that is not a bidi
/// formatting character (§4.1, excluded by `grammar/rfc3987.tags`).
#[test]
fn ucschar_tables_agree_with_the_automaton() {
    let mut buf = String::new();
    for v in 0x80..=0x10FFFFu32 {
        let Some(c) = char::from_u32(v) else { continue };
        buf.clear();
        buf.push_str("s:/");
        buf.push(c);
        let path = Syntax::IriReference.parse(&buf).is_ok();
        let allowed = !iri::is_bidi_format(c);
        assert_eq!(path, allowed && iri::is_ucschar(c), "U+{v:04X} in a path");
        buf.clear();
        buf.push_str("s:?");
        buf.push(c);
        let query = Syntax::IriReference.parse(&buf).is_ok();
        assert_eq!(query, allowed && (iri::is_ucschar(c) || iri::is_iprivate(c)), "U+{v:04X} in a query");
    }
}

#[test]
fn rfc3987_examples() {
    let mut n = 0;
    for (line, f) in records(EXAMPLES) {
        let ctx = format!("rfc3987_examples.txt:{line}: {}", f[0]);
        let got: Cow<str> = match f[0] {
            "to_uri" => {
                // The string function and the view agree.
                let u = Syntax::IriReference.parse(f[1]).unwrap_or_else(|e| panic!("{ctx}: {e}"));
                assert_eq!(u.to_uri_str(), iri::to_uri_str(f[1]), "{ctx}");
                iri::to_uri_str(f[1])
            }
            "to_iri" => {
                let u = UriRef::parse(f[1]).unwrap_or_else(|e| panic!("{ctx}: {e}"));
                assert_eq!(u.to_iri_str(), iri::to_iri_str(f[1]), "{ctx}");
                iri::to_iri_str(f[1])
            }
            #[cfg(feature = "idna")]
            "to_uri_idna" => {
                let u = Syntax::IriReference.parse(f[1]).unwrap_or_else(|e| panic!("{ctx}: {e}"));
                u.to_uri_idna_str().unwrap_or_else(|e| panic!("{ctx}: {e}"))
            }
            #[cfg(not(feature = "idna"))]
            "to_uri_idna" => continue,
            op => panic!("{ctx}: unknown op {op}"),
        };
        assert_eq!(got, f[2], "{ctx} ({})", f[3]);
        n += 1;
    }
    assert!(n >= 6, "{n} cases");
}

#[test]
fn the_common_crawl_shapes_parse() {
    for (s, path) in [
        ("/vodsearch/毛片免费的", "/vodsearch/毛片免费的"),
        ("//bn.wikipedia.org/wiki/ঝালকাঠি_সদর_উপজেলা", "/wiki/ঝালকাঠি_সদর_উপজেলা"),
        ("#Высокое_качество_товаров", ""),
    ] {
        let u = Syntax::IriReference.parse(s).unwrap();
        assert_eq!(u.path(), path);
        assert!(UriRef::parse(s).is_err());
        // The same view through bytes.
        assert_eq!(Syntax::IriReference.parse_bytes(s.as_bytes()), Ok(u));
    }
    let u = Syntax::IriReference.parse("http://納豆.example.org:8080/p?q#f").unwrap();
    assert_eq!((u.host(), u.host_kind(), u.port()), (Some("納豆.example.org"), Some(HostKind::RegName), Some("8080")));
    let u = Syntax::IriReference.parse("http://[::1]/é").unwrap();
    assert_eq!(u.host_kind(), Some(HostKind::Ipv6));
    let u = Syntax::IriReference.parse("http://1.2.3.4/é").unwrap();
    assert_eq!(u.host_kind(), Some(HostKind::Ipv4));
}

#[test]
fn resolution_and_normalization_on_iris() {
    let base = Syntax::IriReference.parse("http://例え.jp/a/b/c?é").unwrap();
    let r = Syntax::IriReference.parse("../д/./ж?ü#ö").unwrap();
    assert_eq!(r.resolve_str_with(&base, ResolveMode::Strict).unwrap(), "http://例え.jp/a/д/ж?ü#ö");
    let u = Syntax::IriReference.parse("HTTP://Ex.ORG/%c3%a9/../%E6%AF%9B/%7e?%EE%80%80#%ee%80%80").unwrap();
    assert_eq!(u.normalize_iri_str(), "http://ex.org/毛/~?\u{E000}#%EE%80%80");
    assert_eq!(u.normalize_str_with(NormalizeOptions::SYNTAX), "http://ex.org/%E6%AF%9B/~?%EE%80%80#%EE%80%80");
    // §5.3: an IRI and its URI mapping compare equal, case and hex case aside.
    let uri = UriRef::parse("http://EX.org/%e6%af%9b").unwrap();
    let iri = Syntax::IriReference.parse("http://ex.org/毛").unwrap();
    assert!(iri.iri_eq(&uri));
    assert!(!iri.iri_eq(&UriRef::parse("http://ex.org/%E6%AF%9C").unwrap()));
    // Normalizing an IRI keeps it an IRI.
    let n = u.normalize_iri_str_with(NormalizeOptions::SCHEME_BASED);
    assert!(Syntax::IriReference.parse(&n).is_ok(), "{n}");
}

#[cfg(feature = "idna")]
#[test]
fn idna_refusals_are_errors_with_the_host_index() {
    // A label mixing a left-to-right letter with a right-to-left one breaks
    // the bidi rule of IDNA (RFC 5893), which UTS #46 ToASCII checks.
    let u = Syntax::IriReference.parse("http://aא.example/").unwrap();
    let e = u.to_uri_idna_str().unwrap_err();
    assert_eq!(e.index(), 7);
    // Hosts that are not reg-names, and ASCII ones, are left to to_uri.
    let u = Syntax::IriReference.parse("http://[::1]/é").unwrap();
    assert_eq!(u.to_uri_idna_str().unwrap(), "http://[::1]/%C3%A9");
}

// Properties on generated IRIs.

/// A deterministic generator of valid IRI references: components built from
/// pools that mix ASCII, percent-encoding and characters of every UTF-8
/// length (and iprivate in the query).
struct Gen(u64);

impl Gen {
    fn next(&mut self, m: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % m as u64) as usize
    }

    fn text(&mut self, pool: &[&str], max: usize) -> String {
        let n = self.next(max + 1);
        (0..n).map(|_| pool[self.next(pool.len())]).collect()
    }

    fn iri(&mut self, pct: bool) -> String {
        let common: &[&str] = &[
            "a",
            "Z",
            "0",
            "-",
            ".",
            "_",
            "~",
            "é",
            "ж",
            "毛",
            "ঝ",
            "\u{A0}",
            "\u{D7FF}",
            "\u{F900}",
            "\u{FDF0}",
            "\u{FFEF}",
            "😀",
            "\u{10000}",
            "\u{E1000}",
            "!",
            "$",
            "&",
            "'",
            "(",
            ")",
            "*",
            "+",
            ",",
            ";",
            "=",
        ];
        let pcts: &[&str] = if pct { &["%41", "%c3%a9", "%E2%80%AE", "%FF"] } else { &[] };
        let pool: Vec<&str> = common.iter().chain(pcts).copied().collect();
        let mut s = String::new();
        let has_scheme = self.next(3) != 0;
        if has_scheme {
            s.push_str(["http", "s", "x+y.z-1"][self.next(3)]);
            s.push(':');
        }
        let has_auth = self.next(3) != 0;
        if has_auth {
            s.push_str("//");
            if self.next(3) == 0 {
                let mut p = pool.clone();
                p.push(":");
                s.push_str(&self.text(&p, 4));
                s.push('@');
            }
            match self.next(4) {
                0 => s.push_str("[2001:db8::7]"),
                1 => s.push_str("192.0.2.1"),
                _ => s.push_str(&self.text(&pool, 8)),
            }
            if self.next(3) == 0 {
                s.push(':');
                s.push_str(["", "80", "8080"][self.next(3)]);
            }
        }
        let mut seg_pool = pool.clone();
        seg_pool.extend([":", "@"]);
        let segs = self.next(4);
        for k in 0..segs {
            let seg = self.text(&seg_pool, 5);
            if k == 0 && !has_auth {
                // A first segment that is neither empty (would be "//") nor
                // has ":" without a scheme.
                if self.next(2) == 0 {
                    s.push('/');
                }
                let mut first = seg.replace(':', "");
                if first.is_empty() {
                    first.push('x');
                }
                s.push_str(&first);
            } else {
                s.push('/');
                s.push_str(&seg);
            }
        }
        if self.next(2) == 0 {
            s.push('?');
            let mut q = seg_pool.clone();
            q.extend(["/", "?", "\u{E000}", "\u{F8FF}", "\u{F0000}", "\u{10FFFD}"]);
            s.push_str(&self.text(&q, 8));
        }
        if self.next(2) == 0 {
            s.push('#');
            let mut fr = seg_pool.clone();
            fr.extend(["/", "?"]);
            s.push_str(&self.text(&fr, 8));
        }
        s
    }
}

/// Every component of an IRI's URI mapping is the mapping of the IRI's
/// component, and the mapping parses as an RFC 3986 reference.
#[test]
fn uri_mapping_keeps_every_component() {
    let mut g = Gen(0x9E37_79B9_7F4A_7C15);
    for _ in 0..20_000 {
        let s = g.iri(true);
        let i = Syntax::IriReference.parse(&s).unwrap_or_else(|e| panic!("{s:?}: {e}"));
        let mapped = i.to_uri_str();
        let u = UriRef::parse(&mapped).unwrap_or_else(|e| panic!("{s:?} -> {mapped:?}: {e}"));
        let m = |c: Option<&str>| c.map(|c| iri::to_uri_str(c).into_owned());
        assert_eq!(u.scheme(), i.scheme(), "{s:?}");
        assert_eq!(u.authority().map(str::to_owned), m(i.authority()), "{s:?}");
        assert_eq!(u.userinfo().map(str::to_owned), m(i.userinfo()), "{s:?}");
        assert_eq!(u.host().map(str::to_owned), m(i.host()), "{s:?}");
        assert_eq!(u.host_kind(), i.host_kind(), "{s:?}");
        assert_eq!(u.port(), i.port(), "{s:?}");
        assert_eq!(u.path(), iri::to_uri_str(i.path()), "{s:?}");
        assert_eq!(u.query().map(str::to_owned), m(i.query()), "{s:?}");
        assert_eq!(u.fragment().map(str::to_owned), m(i.fragment()), "{s:?}");
        assert_eq!(matches!(mapped, Cow::Borrowed(_)), s.is_ascii());
    }
}

/// `to_iri(to_uri(x)) == x` for IRIs with no percent-encoding.
#[test]
fn round_trip_without_percent_encoding() {
    let mut g = Gen(0x2545_F491_4F6C_DD1D);
    for _ in 0..20_000 {
        let s = g.iri(false);
        let i = Syntax::IriReference.parse(&s).unwrap_or_else(|e| panic!("{s:?}: {e}"));
        let uri = i.to_uri_str();
        assert_eq!(iri::to_iri_str(&uri), s);
        assert_eq!(UriRef::parse(&uri).unwrap().to_iri_str(), s);
    }
}

/// Arbitrary bytes: never a panic, the error's byte is the input's, and the
/// mappings of whatever parses stay valid.
#[test]
fn arbitrary_bytes_never_panic() {
    let mut g = Gen(0xD1B5_4A32_D192_ED03);
    let alphabet: &[u8] =
        b"aZ09:/?#[]@%-.~\x80\xBF\xC2\xC3\xA9\xE2\x80\xAE\xED\xA0\xEE\xEF\xB7\xBF\xF0\xF4\x8F\x90\xFF\x00 ";
    for k in 0..50_000 {
        let n = g.next(16);
        let prefix: &[u8] = [&b""[..], b"http://", b"s:?", b"//h/"][k % 4];
        let mut b = prefix.to_vec();
        b.extend((0..n).map(|_| alphabet[g.next(alphabet.len())]));
        match Syntax::IriReference.parse_bytes(&b) {
            Ok(u) => {
                assert!(UriRef::parse(&u.to_uri_str()).is_ok(), "{b:?}");
                let back = u.to_uri_str();
                assert!(Syntax::IriReference.parse(&iri::to_iri_str(&back)).is_ok(), "{b:?}");
            }
            Err(e) => assert_eq!(e.found(), b.get(e.index()).copied()),
        }
        let s = String::from_utf8_lossy(&b);
        let _ = (iri::to_iri_str(&s), iri::to_uri_str(&s));
    }
}
