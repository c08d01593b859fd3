//! URIs in free text (RFC 3986 Appendix C): the cases of
//! `tests/data/extract.txt` (format in its header), API-level checks, and
//! properties that hold for every text.

use quickcheck::{quickcheck, TestResult};
use std::borrow::Cow;
use uriscan::{extract, extract_bytes, Delimiter, Extractor, Match, Syntax};

const DATA: &str = include_str!("data/extract.txt");

struct Case {
    line: usize,
    name: String,
    extractor: Extractor,
    text: Vec<u8>,
    expected: Vec<String>,
}

fn unescape(s: &str, line: usize) -> Vec<u8> {
    let mut out = Vec::new();
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\' {
            match b.get(i + 1) {
                Some(b'\\') => out.push(b'\\'),
                Some(b't') => out.push(b'\t'),
                Some(b'n') => out.push(b'\n'),
                Some(b'r') => out.push(b'\r'),
                Some(b'x') => {
                    let hex = s.get(i + 2..i + 4).unwrap_or_else(|| panic!("extract.txt:{line}: bad \\x"));
                    out.push(u8::from_str_radix(hex, 16).unwrap_or_else(|_| panic!("extract.txt:{line}: bad \\x")));
                    i += 2;
                }
                _ => panic!("extract.txt:{line}: bad escape"),
            }
            i += 2;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    out
}

fn parse_cases(data: &str) -> Vec<Case> {
    let mut cases: Vec<Case> = Vec::new();
    let mut lines: Vec<Vec<u8>> = Vec::new();
    let flush = |cases: &mut Vec<Case>, lines: &mut Vec<Vec<u8>>| {
        if let Some(c) = cases.last_mut() {
            c.text = lines.join(&b'\n');
        }
        lines.clear();
    };
    for (k, l) in data.lines().enumerate() {
        let line = k + 1;
        if let Some(head) = l.strip_prefix("== ") {
            flush(&mut cases, &mut lines);
            let mut words = head.split(' ');
            let name = words.next().unwrap_or_default().to_string();
            let mut extractor = Extractor::new();
            for w in words {
                if w == "accept-invalid" {
                    extractor = extractor.accept_invalid(true);
                } else if let Some(list) = w.strip_prefix("schemes=") {
                    extractor = extractor.schemes(list.split(','));
                } else {
                    panic!("extract.txt:{line}: unknown option {w}");
                }
            }
            cases.push(Case { line, name, extractor, text: Vec::new(), expected: Vec::new() });
        } else if l == ">" {
            lines.push(Vec::new());
        } else if let Some(t) = l.strip_prefix("> ") {
            lines.push(unescape(t, line));
        } else if l.starts_with("= ") || l.starts_with("! ") {
            cases.last_mut().unwrap_or_else(|| panic!("extract.txt:{line}: no case")).expected.push(l.to_string());
        } else {
            assert!(l.is_empty() || l.starts_with('#'), "extract.txt:{line}: unexpected line");
        }
    }
    flush(&mut cases, &mut lines);
    cases
}

/// A match as a data-file line.
fn show(m: &Match<'_>) -> String {
    let delim = match m.delimiter() {
        Delimiter::Angle => "<>",
        Delimiter::Quote => "\"\"",
        Delimiter::Bare => "-",
    };
    match m.error() {
        None => format!("= {}..{}\t{}\t{}", m.start(), m.end(), delim, m.as_str()),
        Some(e) => format!("! {}..{}\t{}\t{}\t{}", m.start(), m.end(), delim, m.as_str(), e),
    }
}

/// What holds for every match of every text: spans in order and apart, the
/// span's text is the URI (whitespace removed), valid URIs parse as `URI`,
/// invalid ones report the parser's error, and `extract` agrees with
/// `extract_bytes`.
fn check_invariants(ex: &Extractor, text: &[u8]) -> Result<(), String> {
    let ms: Vec<Match<'_>> = ex.extract_bytes(text).collect();
    let mut prev = 0;
    for m in &ms {
        if m.start() < prev || m.end() <= m.start() {
            return Err(format!("span {:?} after {prev}", m.span()));
        }
        prev = m.end();
        let raw = &text[m.span()];
        let squeezed: Vec<u8> = raw.iter().copied().filter(|b| !b" \t\r\n\x0b\x0c".contains(b)).collect();
        if m.is_contiguous() != (squeezed.len() == raw.len()) {
            return Err(format!("{:?}: contiguous flag", m.span()));
        }
        if std::str::from_utf8(&squeezed).is_ok_and(|s| s != m.as_str()) {
            return Err(format!("{:?}: {:?} is not the span's text", m.span(), m.as_str()));
        }
        if squeezed.contains(&b'<') || squeezed.contains(&b'>') || squeezed.contains(&b'"') {
            return Err(format!("{:?}: delimiter inside", m.as_str()));
        }
        let strict = Syntax::Uri.parse_bytes(&squeezed).err();
        if strict != m.error() {
            return Err(format!("{:?}: error {:?}, parser says {:?}", m.as_str(), m.error(), strict));
        }
        if m.is_valid() && m.parse().is_err() {
            return Err(format!("{:?}: valid but does not parse", m.as_str()));
        }
    }
    if let Ok(s) = std::str::from_utf8(text) {
        let again: Vec<Match<'_>> = ex.extract(s).collect();
        if again != ms {
            return Err("extract and extract_bytes differ".into());
        }
    }
    Ok(())
}

#[test]
fn data_file_cases() {
    let cases = parse_cases(DATA);
    assert!(cases.len() >= 15, "only {} cases", cases.len());
    let mut failures = Vec::new();
    for c in &cases {
        let got: Vec<String> = c.extractor.extract_bytes(&c.text).map(|m| show(&m)).collect();
        if got != c.expected {
            failures.push(format!(
                "extract.txt:{} {}\n--- got:\n{}\n--- want:\n{}",
                c.line,
                c.name,
                got.join("\n"),
                c.expected.join("\n")
            ));
        }
        if let Err(e) = check_invariants(&c.extractor, &c.text) {
            failures.push(format!("extract.txt:{} {}: {e}", c.line, c.name));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

const APPENDIX_C: &str = r#"Yes, Jim, I found it under "http://www.w3.org/Addressing/",
but you can probably pick it up from <ftp://foo.example.
com/rfc/>.  Note the warning in <http://www.ics.uci.edu/pub/
ietf/uri/historical.html#WARNING>."#;

#[test]
fn appendix_c_example_yields_exactly_its_three_uris() {
    let ms: Vec<Match<'_>> = extract(APPENDIX_C).collect();
    let uris: Vec<&str> = ms.iter().map(Match::as_str).collect();
    assert_eq!(
        uris,
        [
            "http://www.w3.org/Addressing/",
            "ftp://foo.example.com/rfc/",
            "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING",
        ]
    );
    assert!(matches!(ms[0].uri_str(), Cow::Borrowed(_)));
    assert!(matches!(ms[1].uri_str(), Cow::Owned(_)));
    assert_eq!(
        ms.iter().map(Match::delimiter).collect::<Vec<_>>(),
        [Delimiter::Quote, Delimiter::Angle, Delimiter::Angle]
    );
    assert_eq!(&APPENDIX_C[ms[0].span()], "http://www.w3.org/Addressing/");
    assert_eq!(&APPENDIX_C[ms[1].span()], "ftp://foo.example.\ncom/rfc/");
    assert!(ms.iter().all(Match::is_valid));
    // The same with CRLF line breaks, and as bytes.
    let crlf = APPENDIX_C.replace('\n', "\r\n");
    let again: Vec<String> = extract_bytes(crlf.as_bytes()).map(|m| m.into_uri_str().into_owned()).collect();
    assert_eq!(again, uris);
}

#[test]
fn hyphen_before_a_line_break_is_kept() {
    let m = extract("<http://a.example/x-\n   y>").next();
    assert_eq!(m.as_ref().map(Match::as_str), Some("http://a.example/x-y"));
}

#[test]
fn options() {
    let text = "ftp://a.example/ and http://b.example/a|b and mailto:c@d.example";
    let all: Vec<String> = extract(text).map(|m| m.as_str().to_owned()).collect();
    assert_eq!(all, ["ftp://a.example/", "http://b.example/a", "mailto:c@d.example"]);
    let ex = Extractor::new().schemes(["HTTP", "mailto"]);
    let some: Vec<String> = ex.extract(text).map(|m| m.as_str().to_owned()).collect();
    assert_eq!(some, ["http://b.example/a", "mailto:c@d.example"]);
    let ex = ex.accept_invalid(true);
    let lenient: Vec<(String, bool)> = ex.extract(text).map(|m| (m.as_str().to_owned(), m.is_valid())).collect();
    assert_eq!(lenient, [("http://b.example/a|b".to_owned(), false), ("mailto:c@d.example".to_owned(), true)]);
    let e = ex.extract(text).next().and_then(|m| m.error());
    assert_eq!(e.map(|e| (e.index(), e.found())), Some((18, Some(b'|'))));
    assert_eq!(Extractor::new().schemes(Vec::<String>::new()).extract(text).count(), 0);
    assert_eq!(Extractor::new().schemes(["ftp"]).any_scheme(), Extractor::new());
}

#[test]
fn matches_borrow_from_the_text_and_outlive_the_extractor() {
    let text = String::from("x http://a.example/ y");
    let m = {
        let ex = Extractor::new();
        ex.extract(&text).next().map(Match::into_uri_str)
    };
    assert!(matches!(m, Some(Cow::Borrowed("http://a.example/"))));
}

#[test]
fn empty_and_tiny_texts() {
    for t in ["", ":", "a:", ":b", "<", "<a:", "\"a:", "a:\"", "<a:>", "URL:", "url:x", "x:y"] {
        assert!(check_invariants(&Extractor::new(), t.as_bytes()).is_ok(), "{t:?}");
        assert!(check_invariants(&Extractor::new().accept_invalid(true), t.as_bytes()).is_ok(), "{t:?}");
    }
    assert_eq!(extract("x:y").map(|m| m.span()).collect::<Vec<_>>(), vec![0..3]);
}

/// Texts over pieces that matter to the extractor, so that random texts
/// exercise every path.
fn text_of(pieces: &[u8]) -> Vec<u8> {
    const P: &[&[u8]] = &[
        b"http",
        b"x",
        b":",
        b"//",
        b"/",
        b"<",
        b">",
        b"\"",
        b" ",
        b"\n",
        b"\r\n",
        b".",
        b",",
        b")",
        b"(",
        b"[",
        b"]",
        b"-",
        b"%",
        b"%4F",
        b"?",
        b"#",
        b"@",
        b"URL:",
        b"url: ",
        b"\xC3\xA9",
        b"\xFF",
        b"|",
        b"'",
        b"::",
        b"a.b",
        b"1",
        b"+",
    ];
    pieces.iter().flat_map(|&k| P[k as usize % P.len()].iter().copied()).collect()
}

quickcheck! {
    fn prop_invariants_strict(pieces: Vec<u8>) -> TestResult {
        let t = text_of(&pieces);
        match check_invariants(&Extractor::new(), &t) {
            Ok(()) => TestResult::passed(),
            Err(e) => TestResult::error(format!("{:?}: {e}", String::from_utf8_lossy(&t))),
        }
    }

    fn prop_invariants_lenient(pieces: Vec<u8>) -> TestResult {
        let t = text_of(&pieces);
        match check_invariants(&Extractor::new().accept_invalid(true), &t) {
            Ok(()) => TestResult::passed(),
            Err(e) => TestResult::error(format!("{:?}: {e}", String::from_utf8_lossy(&t))),
        }
    }

    /// A valid URI alone in a text, or between spaces, is found whole.
    fn prop_lone_uri_found(pieces: Vec<u8>) -> TestResult {
        let rest = text_of(&pieces);
        let mut u = b"http://h.example/".to_vec();
        u.extend(rest.iter().copied().filter(|b| b.is_ascii_alphanumeric() || b"/-_~".contains(b)));
        let Ok(s) = String::from_utf8(u) else { return TestResult::discard() };
        let text = format!("see {s} now");
        let got: Vec<String> = extract(&text).map(|m| m.as_str().to_owned()).collect();
        TestResult::from_bool(got == [s])
    }
}

/// Texts built to make a careless extractor quadratic (re-reading the same
/// bytes for every `:`); each is about 256 KiB and must finish promptly.
#[test]
fn adversarial_texts_are_linear() {
    let n = 1 << 18;
    let texts: Vec<Vec<u8>> = vec![
        b"a:".repeat(n / 2),
        b"g:".repeat(n / 2),
        b"<a:b ".repeat(n / 5),
        b"<g:h ".repeat(n / 5),
        b"\"g:h ".repeat(n / 5),
        [b"<".as_slice(), &b"g: ".repeat(n / 3)].concat(),
        [b"(".repeat(n / 2), b"http://x".to_vec(), b")".repeat(n / 2)].concat(),
        [b"x".repeat(n), b":".to_vec()].concat(),
        b"x:)".repeat(n / 3),
        b"http://h/%zz".repeat(n / 12),
        b"1:2:3:".repeat(n / 6),
    ];
    for t in &texts {
        for ex in [Extractor::new(), Extractor::new().accept_invalid(true), Extractor::new().schemes(["http"])] {
            let count = ex.extract_bytes(t).count();
            assert!(count <= t.len());
        }
    }
}
