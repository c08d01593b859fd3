//! `uriscan relativize`: the shortest reference that resolves back to each
//! line, against `--base` or per `BASE<TAB>TARGET` line; checked by
//! resolving every answer with the library, and against RFC 3986 §5.4's
//! examples read backwards.

mod common;

use common::run;
use uriscan::UriRef;

const BASE: &str = "http://a/b/c/d;p?q";

/// Targets from RFC 3986 §5.4.1 (the results of its normal examples) and the
/// references the command must find for them.
const CASES: [(&str, &str); 8] = [
    ("http://a/b/c/g", "g"),
    ("http://a/b/c/g/", "g/"),
    ("http://a/g", "/g"),
    ("http://g", "//g"),
    ("http://a/b/c/d;p?y", "?y"),
    ("http://a/b/c/d;p?q#s", "#s"),
    ("http://a/b/c/", "."),
    ("g:h", "g:h"),
];

#[test]
fn relativize_answers_resolve_back_to_the_target() {
    let input: String = CASES.iter().map(|(t, _)| format!("{t}\n")).collect();
    let o = run(&["relativize", "--base", BASE, "-f", "text"], input.as_bytes());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8(o.stdout).unwrap();
    let got: Vec<&str> = out.lines().collect();
    let base = UriRef::parse(BASE).unwrap();
    assert_eq!(got.len(), CASES.len());
    for ((target, want), r) in CASES.iter().zip(&got) {
        assert_eq!(UriRef::parse(r).unwrap().resolve_str(&base).unwrap(), *target, "{r:?}");
        assert!(r.len() <= want.len(), "{target}: {r:?} is longer than {want:?}");
    }
}

#[test]
fn relativize_pairs_and_invalid_lines() {
    let input = b"http://a/b/c/d;p?q\thttp://a/x\nhttp://a/b\tnot a uri\nno tab here\n\xFF\n";
    let o = run(&["relativize", "--pairs", "-f", "tsv"], input);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8(o.stdout).unwrap();
    let rows: Vec<Vec<&str>> = out.lines().skip(1).map(|l| l.split('\t').collect()).collect();
    assert_eq!(rows.len(), 4, "one record per line: {out}");
    assert_eq!(rows[0][1..3], ["true", "/x"]);
    assert_eq!(rows[1][1..5], ["false", "\\N", "target", "URI reference"]);
    assert_eq!(rows[2][1..5], ["false", "\\N", "line", "format"]);
    assert_eq!(rows[3][1], "false");
}

#[test]
fn relativize_needs_a_base_with_a_scheme() {
    let o = run(&["relativize", "--base", "//u:secret@h/"], b"");
    assert_eq!(o.status.code(), Some(2));
    let e = String::from_utf8_lossy(&o.stderr);
    assert!(e.contains("needs a scheme") && !e.contains("secret"), "{e}");
}
