//! The RFC 2396 and RFC 1630 grammars (`Grammar::Rfc2396`, `Grammar::Rfc1630`):
//! their RFCs' examples with every component (`tests/data/rfc2396.txt`,
//! `tests/data/rfc1630.txt`), the user guide's table of inputs the three grammars
//! judge differently, resolution by each RFC's own examples
//! (`tests/data/resolve_rfc2396.txt`, `tests/data/resolve_rfc1630.txt`), and
//! (feature `oracle`) every grammar's parser against the regular expression
//! written out from the same ABNF.

mod common;
use common::*;
use uriscan::{Grammar, HostKind, ResolveMode, Syntax, UriRef};

fn data(name: &str) -> String {
    std::fs::read_to_string(format!("{}/tests/data/{}", env!("CARGO_MANIFEST_DIR"), name)).unwrap()
}

fn kind_name(k: Option<HostKind>) -> Option<&'static str> {
    k.map(HostKind::name)
}

/// Runs one grammar's data file; returns (valid, invalid) counts.
fn run_examples(file: &str, g: Grammar) -> (usize, usize) {
    let text = data(file);
    let (mut ok, mut bad) = (0, 0);
    for (line, f) in records(&text) {
        let input = f[0];
        let ctx = format!("{file}:{line}: {input:?}");
        if f.get(1) == Some(&"error") {
            assert_eq!(f.len(), 4, "{ctx}: fields");
            let e = g.reference().parse(input).expect_err(&ctx);
            assert_eq!(e.index(), f[2].parse::<usize>().unwrap(), "{ctx}: index ({e})");
            assert_eq!(format!("{:?}", e.kind()), f[3], "{ctx}: kind ({e})");
            assert_eq!(g.reference().parse_bytes(input.as_bytes()), Err(e), "{ctx}: bytes");
            bad += 1;
            continue;
        }
        assert_eq!(f.len(), 10, "{ctx}: fields");
        let u = g.reference().parse(input).unwrap_or_else(|e| panic!("{ctx}: rejected: {e}"));
        assert_eq!(u.scheme(), opt(f[1]), "{ctx} scheme");
        assert_eq!(u.authority(), opt(f[2]), "{ctx} authority");
        assert_eq!(u.userinfo(), opt(f[3]), "{ctx} userinfo");
        assert_eq!(u.host(), opt(f[4]), "{ctx} host");
        assert_eq!(kind_name(u.host_kind()), opt(f[5]), "{ctx} host kind");
        assert_eq!(u.port(), opt(f[6]), "{ctx} port");
        assert_eq!(u.path(), f[7], "{ctx} path");
        assert_eq!(u.query(), opt(f[8]), "{ctx} query");
        assert_eq!(u.fragment(), opt(f[9]), "{ctx} fragment");
        assert_eq!(u.components().to_string(), input, "{ctx} recomposition");
        assert_eq!(g.reference().parse_bytes(input.as_bytes()), Ok(u), "{ctx}: bytes");
        ok += 1;
    }
    (ok, bad)
}

#[test]
fn rfc2396_examples() {
    let (ok, bad) = run_examples("rfc2396.txt", Grammar::Rfc2396);
    assert!(ok >= 60 && bad >= 10, "data file lost cases: {ok} valid, {bad} invalid");
}

#[test]
fn rfc1630_examples() {
    let (ok, bad) = run_examples("rfc1630.txt", Grammar::Rfc1630);
    assert!(ok >= 10 && bad >= 25, "data file lost cases: {ok} valid, {bad} invalid");
}

#[test]
fn rfc3986_through_parse_with_is_parse() {
    for (_, f) in records(&data("rfc3986_valid.txt")) {
        assert_eq!(Syntax::UriReference.parse(f[0]), UriRef::parse(f[0]));
        assert_eq!((Grammar::default()).reference().parse(f[0]), UriRef::parse(f[0]));
    }
    for s in ["a b", "http://[::1", "%zz", "//a:b"] {
        assert_eq!(Syntax::UriReference.parse(s), UriRef::parse(s));
    }
}

#[test]
fn grammar_names() {
    for &g in Grammar::ALL {
        assert_eq!(g.name().parse::<Grammar>(), Ok(g));
        assert_eq!(g.name().to_uppercase().parse::<Grammar>(), Ok(g));
        assert_eq!(g.to_string(), g.name());
    }
    assert!("rfc1808".parse::<Grammar>().is_err());
    assert_eq!(Grammar::default(), Grammar::Rfc3986);
}

#[test]
fn non_ascii_and_long_inputs() {
    for &g in Grammar::ALL {
        // "é": an IRI's ucschar, a non-ASCII byte to the URI grammars; a
        // continuation byte with no lead byte: nothing.
        if g == Grammar::Rfc3987 {
            assert_eq!(g.reference().parse_bytes(b"s:a\xC3\xA9").unwrap().path(), "a\u{e9}");
        } else {
            let e = g.reference().parse_bytes(b"s:a\xC3\xA9").unwrap_err();
            assert_eq!((e.index(), e.found()), (3, Some(0xC3)), "{g}");
        }
        let e = g.reference().parse_bytes(b"s:a\xA9").unwrap_err();
        assert_eq!((e.index(), e.found()), (3, Some(0xA9)), "{g}");
        // Every byte value, alone after "s:": ASCII graphic bytes only, and
        // never a panic.
        for b in 0..=255u8 {
            let input = [b's', b':', b];
            if let Ok(u) = g.reference().parse_bytes(&input) {
                assert!(b.is_ascii_graphic(), "{g}: byte {b:#04x} accepted");
                assert_eq!(u.scheme(), Some("s"));
            }
        }
    }
}

// The guide's table (GUIDE.md).

/// One expectation of a cell of the guide's table.
#[derive(Debug)]
enum Cell {
    Valid(Vec<(String, Option<String>)>),
    Invalid(usize, String),
}

fn parse_cell(cell: &str) -> Cell {
    if let Some(rest) = cell.strip_prefix("invalid at ") {
        let (index, kind) = rest.split_once(" in ").expect("invalid at N in KIND");
        return Cell::Invalid(index.parse().unwrap(), kind.to_string());
    }
    let mut parts = cell.split("; ");
    assert_eq!(parts.next(), Some("valid"), "cell {cell:?}");
    let comps = parts
        .map(|p| {
            let (name, value) = p.split_once(' ').unwrap_or_else(|| panic!("component {p:?}"));
            let value = match value {
                "none" => None,
                "empty" => Some(String::new()),
                v => Some(v.strip_prefix('`').and_then(|v| v.strip_suffix('`')).unwrap_or(v).replace("\\|", "|")),
            };
            (name.to_string(), value)
        })
        .collect();
    Cell::Valid(comps)
}

/// The rows of the guide's difference table: input and one cell per grammar.
fn readme_rows() -> Vec<(String, [Cell; 3])> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/GUIDE.md")).unwrap();
    let start = text.find("### Inputs the grammars judge differently").expect("GUIDE.md section");
    let mut rows = Vec::new();
    for line in text[start..].lines().skip_while(|l| !l.starts_with('|')) {
        if !line.starts_with('|') {
            break;
        }
        // Split on "|" not escaped as "\|".
        let mut cells = Vec::new();
        let mut cur = String::new();
        let mut prev = ' ';
        for ch in line.chars() {
            if ch == '|' && prev != '\\' {
                cells.push(std::mem::take(&mut cur).trim().to_string());
            } else {
                cur.push(ch);
            }
            prev = ch;
        }
        let cells = &cells[1..];
        if cells[0] == "input" || cells[0].starts_with("---") {
            continue;
        }
        assert_eq!(cells.len(), 5, "GUIDE.md row {line:?}");
        let input = cells[0].trim_matches('`').replace("\\|", "|");
        rows.push((input, [parse_cell(&cells[1]), parse_cell(&cells[2]), parse_cell(&cells[3])]));
    }
    rows
}

#[test]
fn readme_difference_table() {
    let rows = readme_rows();
    assert!(rows.len() >= 25, "GUIDE.md table lost rows: {}", rows.len());
    let mut differing = 0;
    for (input, cells) in &rows {
        let results: Vec<bool> = Grammar::ALL.iter().map(|&g| g.reference().parse(input).is_ok()).collect();
        if results.iter().any(|&r| r != results[0]) {
            differing += 1;
        }
        for (g, cell) in Grammar::ALL.iter().copied().zip(cells) {
            let ctx = format!("GUIDE.md row {input:?}, {g}");
            match cell {
                Cell::Invalid(index, kind) => {
                    let e = g.reference().parse(input).expect_err(&ctx);
                    assert_eq!((e.index(), e.kind().name()), (*index, kind.as_str()), "{ctx}");
                }
                Cell::Valid(comps) => {
                    let u = g.reference().parse(input).unwrap_or_else(|e| panic!("{ctx}: {e}"));
                    for (name, want) in comps {
                        let got = match name.as_str() {
                            "scheme" => u.scheme(),
                            "authority" => u.authority(),
                            "userinfo" => u.userinfo(),
                            "host" => u.host(),
                            "kind" => kind_name(u.host_kind()),
                            "port" => u.port(),
                            "path" => Some(u.path()),
                            "query" => u.query(),
                            "fragment" => u.fragment(),
                            other => panic!("{ctx}: unknown component {other}"),
                        };
                        assert_eq!(got, want.as_deref(), "{ctx}: {name}");
                    }
                }
            }
        }
    }
    assert!(differing >= 20, "most rows should tell the grammars apart: {differing}");
}

// Resolution.

const BASE_2396: &str = "http://a/b/c/d;p?q";

#[test]
fn rfc2396_appendix_c() {
    let base = Syntax::Rfc2396UriReference.parse(BASE_2396).unwrap();
    let mut n = 0;
    for (line, f) in records(&data("resolve_rfc2396.txt")) {
        let (r, want, valid) = (f[0], f[1], f[2] == "yes");
        let ctx = format!("resolve_rfc2396.txt:{line}: {r:?}");
        let parsed = Syntax::Rfc2396UriReference.parse(r);
        assert_eq!(parsed.is_ok(), valid, "{ctx}: RFC 2396 grammar");
        // §5.2 step 1 parses by §4.3 (Appendix B): any grammar's components do.
        let r = parsed.or_else(|_| UriRef::parse(r)).unwrap();
        assert_eq!(r.resolve_str_with(&base, ResolveMode::Rfc2396).unwrap(), want, "{ctx}");
        n += 1;
    }
    assert_eq!(n, 42, "C.1 has 22 examples, C.2 20");
}

#[test]
fn rfc2396_other_cases() {
    let cases = [
        // No special case for an empty base path with an authority (RFC 3986 §5.2.3 added one).
        ("http://a", "g", "http://ag"),
        ("http://a", "", "http://a"),
        ("http://a#f", "#g", "http://a#g"),
        // Network-path and scheme references keep their dot segments.
        ("http://a/b", "//c/./d/../e", "http://c/./d/../e"),
        ("http://a/b", "s:/./x", "s:/./x"),
        // An empty segment counts as a segment; the root's "/" does not start one.
        ("http://a/b//c", "../g", "http://a/b/g"),
        ("http://a/b//c", "../../g", "http://a/g"),
        ("http://a/b/c", "..", "http://a/"),
        ("http://a/b/c", "../..", "http://a/.."),
        ("http://a/b/c", "../../..", "http://a/../.."),
        ("http://a/b/c", "../../../", "http://a/../../"),
        // Base without authority.
        ("s:a/b", "../../g", "s:../g"),
        ("s:a/b", "..", "s:"),
        ("s:b", "g", "s:g"),
        // 6c: "./" only as a complete segment.
        ("http://a/b/", "x./y/.", "http://a/b/x./y/"),
        ("http://a/b/", "././.", "http://a/b/"),
    ];
    for (b, r, want) in cases {
        let base = UriRef::parse(b).unwrap();
        let got = UriRef::parse(r).unwrap().resolve_str_with(&base, ResolveMode::Rfc2396).unwrap();
        assert_eq!(got, want, "{r:?} against {b:?}");
    }
}

#[test]
fn rfc1630_partial_forms() {
    let mut n = 0;
    for (line, f) in records(&data("resolve_rfc1630.txt")) {
        let (ctx_uri, partial, want) = (f[0], f[1], f[2]);
        let ctx = format!("resolve_rfc1630.txt:{line}: {partial:?} in {ctx_uri:?}");
        let base = UriRef::parse(ctx_uri).unwrap();
        // The partial forms are not in RFC 1630's BNF: parsed by RFC 3986.
        let r = UriRef::parse(partial).unwrap();
        assert_eq!(r.resolve_str_with(&base, ResolveMode::Rfc1630).unwrap(), want, "{ctx}");
        n += 1;
    }
    assert_eq!(n, 10);
}

#[test]
fn rfc1630_other_cases() {
    let cases = [
        // "/." and "xxx/../" go; a final "xxx/.." stays.
        ("magic://a/b/c", "./g/./h", "magic://a/b/g/h"),
        ("magic://a/b/c", "g/.", "magic://a/b/g"),
        ("magic://a/b/c", "g/..", "magic://a/b/g/.."),
        ("magic://a/b/c", "../../g", "magic://g"),
        ("magic://a/b/c", "../../../../g", "magic://../../g"),
        // Only in the path: the search and fragment are untouched.
        ("magic://a/b/c", "g?y/../x#s/./t", "magic://a/b/g?y/../x#s/./t"),
        // No same-document rule: the context's last element is replaced.
        ("magic://a/b/c?q#f", "", "magic://a/b/"),
        ("magic://a/b/c?q#f", "#s", "magic://a/b/#s"),
        ("magic://a/b/c?q#f", "?y", "magic://a/b/?y"),
        // More slashes than the context has: the whole context, then the partial.
        ("magic://a/b/c", "///g", "magic://a/b/c///g"),
        ("magic:x", "/g", "magic:x/g"),
        ("magic:a/b", "g", "magic:a/g"),
        ("magic:a", "g", "magic:g"),
        // A scheme, even the context's, makes an absolute form.
        ("magic://a/b/c", "magic:g", "magic:g"),
    ];
    for (b, r, want) in cases {
        let base = UriRef::parse(b).unwrap();
        let got = UriRef::parse(r).unwrap().resolve_str_with(&base, ResolveMode::Rfc1630).unwrap();
        assert_eq!(got, want, "{r:?} against {b:?}");
    }
}

#[test]
fn older_modes_keep_the_base_requirement() {
    let base = UriRef::parse("//a/b").unwrap();
    for mode in [ResolveMode::Rfc2396, ResolveMode::Rfc1630] {
        assert_eq!(
            UriRef::parse("g").unwrap().resolve_str_with(&base, mode),
            Err(uriscan::ResolveError::BaseWithoutScheme)
        );
    }
}

// The oracle: the regular expression written out from the same ABNF.

#[cfg(feature = "oracle")]
mod oracle {
    use super::*;

    /// Short strings over the bytes that matter to the three grammars.
    fn inputs() -> Vec<Vec<u8>> {
        let alphabet: &[u8] = b"a1:/?#@%.-+;=[]_~\"F";
        let mut out = Vec::new();
        let mut state: u64 = 0x2545_F491_4F6C_DD1D;
        for len in 0..=12 {
            for _ in 0..4000 {
                let v: Vec<u8> = (0..len)
                    .map(|_| {
                        state ^= state << 13;
                        state ^= state >> 7;
                        state ^= state << 17;
                        alphabet[(state % alphabet.len() as u64) as usize]
                    })
                    .collect();
                out.push(v);
            }
        }
        // And some structured prefixes.
        for p in ["http://", "s:", "//", "a:b?", "x:y#"] {
            for s in ["", "a", "a.b", "1.2.3.4", "a:1", "u@h:80/p;q?r#f", "%41", "%4", "a+b", "[::1]"] {
                out.push(format!("{p}{s}").into_bytes());
            }
        }
        out
    }

    #[test]
    fn every_grammar_agrees_with_its_regex() {
        let inputs = inputs();
        for &g in Grammar::ALL {
            let mut accepted = 0;
            for input in &inputs {
                let want = uriscan::oracle::is_valid_bytes(input, g.reference());
                let got = g.reference().parse_bytes(input);
                assert_eq!(got.is_ok(), want, "{g}: {:?} ({:?})", String::from_utf8_lossy(input), got);
                accepted += want as usize;
            }
            assert!(accepted > 100, "{g}: too few valid inputs ({accepted})");
        }
    }
}
