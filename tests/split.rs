//! Split mode (RFC 3986 Appendix B): the data file `tests/data/split.txt`
//! through every engine, plus API-level checks.

mod engines;

use uriscan::{split, split_bytes, ByteComponents, Components};

const DATA: &str = include_str!("data/split.txt");

#[test]
fn data_file_expected_splits() {
    let cases = engines::parse_cases(DATA);
    let mut checked = 0;
    for case in &cases {
        let Some(exp) = &case.expected else { continue };
        let got = split_bytes(&case.input);
        let want = ByteComponents {
            scheme: exp[0].as_deref(),
            authority: exp[1].as_deref(),
            path: exp[2].as_deref().unwrap_or_default(),
            query: exp[3].as_deref(),
            fragment: exp[4].as_deref(),
        };
        assert_eq!(
            got,
            want,
            "split.txt:{}: {}\n   got {}\n  want {}",
            case.line,
            engines::quote(&case.input),
            engines::show(&got),
            engines::show(&want)
        );
        checked += 1;
    }
    assert!(checked >= 50, "only {checked} cases with expectations");
}

#[test]
fn data_file_all_engines_agree() {
    let cases = engines::parse_cases(DATA);
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|c| engines::check_all(&c.input).err().map(|e| format!("split.txt:{}: {}", c.line, e)))
        .collect();
    assert!(failures.is_empty(), "{} of {} cases disagree:\n{}", failures.len(), cases.len(), failures.join("\n"));
}

/// The inputs of the strict parser's data files (first tab-separated field,
/// `\xHH` escapes; `#` lines without a tab are comments) through every engine.
#[test]
fn strict_data_files_through_every_engine() {
    let mut n = 0;
    let mut failures = Vec::new();
    for (file, text) in [
        ("rfc3986_valid.txt", include_str!("data/rfc3986_valid.txt")),
        ("rfc3986_invalid.txt", include_str!("data/rfc3986_invalid.txt")),
    ] {
        for (line, l) in text.lines().enumerate() {
            if l.trim().is_empty() || (l.starts_with('#') && !l.contains('\t')) {
                continue;
            }
            let field = l.split('\t').next().unwrap_or_default();
            let input = engines::unescape_hex(field);
            n += 1;
            if let Err(e) = engines::check_all(&input) {
                failures.push(format!("{file}:{}: {e}", line + 1));
            }
        }
    }
    assert!(n >= 100, "only {n} inputs read");
    assert!(failures.is_empty(), "{} of {n} inputs disagree:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn appendix_b_example() {
    let c = split("http://www.ics.uci.edu/pub/ietf/uri/#Related");
    assert_eq!(
        c,
        Components {
            scheme: Some("http"),
            authority: Some("www.ics.uci.edu"),
            path: "/pub/ietf/uri/",
            query: None,
            fragment: Some("Related"),
        }
    );
    assert_eq!(c.to_string(), "http://www.ics.uci.edu/pub/ietf/uri/#Related");
}

#[test]
fn every_single_byte_and_pair() {
    for a in 0..=255u8 {
        engines::check_all(&[a]).unwrap();
        for b in 0..=255u8 {
            let s = [a, b];
            let c = split_bytes(&s);
            assert_eq!(c.recompose(), s);
            #[cfg(feature = "oracle")]
            assert_eq!(c, uriscan::oracle::appendix_b_bytes(&s), "{:?}", s);
        }
    }
}

#[test]
fn long_runs() {
    // Long inputs cross the accelerated self-loops many times.
    for unit in ["a", ":", "/", "?", "#", "//", "a:", "\u{e9}", "%", "\0"] {
        for n in [1usize, 15, 16, 17, 31, 32, 33, 1000, 70_000] {
            let s = unit.repeat(n);
            let t = format!("{s}:{s}//{s}/{s}?{s}#{s}");
            for x in [&s, &t] {
                let c = split(x);
                assert_eq!(c.to_string(), *x);
                #[cfg(feature = "oracle")]
                assert_eq!(c, uriscan::oracle::appendix_b(x), "unit {unit:?} x {n}");
            }
        }
    }
}

#[test]
fn str_and_bytes_agree() {
    let s = "s://a/b?c#d";
    assert_eq!(ByteComponents::from(split(s)), split_bytes(s.as_bytes()));
}
