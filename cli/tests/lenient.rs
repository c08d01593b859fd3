//! `parse --lenient` and `check --all`: the library's lenient parse
//! (`Syntax::parse_lenient`) on the command line.

mod common;

use common::{code, run, TempDir};
use serde_json::Value;
use uriscan::Syntax;

/// The JSON Lines of stdout.
fn records(stdout: &[u8]) -> Vec<Value> {
    let s = std::str::from_utf8(stdout).expect("JSON output is UTF-8");
    s.lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("bad JSON {l:?}: {e}"))).collect()
}

/// What the library says the `violations` field of `line` is.
fn violations(line: &[u8]) -> String {
    let l = Syntax::UriReference.parse_lenient_bytes(line);
    l.violations().map(|e| format!("{}:{}", e.index(), e.kind().name())).collect::<Vec<_>>().join(",")
}

const LINES: &[u8] = b"http://u@a:80/b?c#d\nhttp://u@h st:8x/a b?q=%zz#f|\n//[::1\n\n%\xFF\x00\n";

#[test]
fn parse_lenient_gives_components_and_violations_for_every_line() {
    let o = run(&["parse", "--lenient"], LINES);
    assert_eq!(code(&o), 0, "{}", String::from_utf8_lossy(&o.stderr));
    let r = records(&o.stdout);
    assert_eq!(r.len(), 5);
    // A valid line: the fields of `parse`, and no violation.
    let plain = records(&run(&["parse"], b"http://u@a:80/b?c#d\n").stdout);
    for (k, v) in plain[0].as_object().unwrap() {
        assert_eq!(&r[0][k], v, "{k}");
    }
    assert_eq!((r[0]["violation_count"].as_u64(), r[0]["violations"].as_str()), (Some(0), Some("")));
    // An invalid one: every component, the first violation as the error.
    let want = [
        ("valid", Value::Bool(false)),
        ("scheme", "http".into()),
        ("authority", "u@h st:8x".into()),
        ("userinfo", "u".into()),
        ("host", "h st".into()),
        ("host_kind", Value::Null),
        ("port_text", "8x".into()),
        ("port", Value::Null),
        ("path", "/a b".into()),
        ("query", "q=%zz".into()),
        ("fragment", "f|".into()),
        ("error_kind", "host".into()),
        ("error_index", 10.into()),
        ("error_message", "invalid character ' ' at index 10 in host".into()),
        ("violation_count", 5.into()),
        ("violations", "10:host,15:port,18:path,24:percent-encoding,28:fragment".into()),
    ];
    for (k, v) in want {
        assert_eq!(r[1][k], v, "{k}");
    }
    assert_eq!(r[2]["host"], "[::1");
    assert_eq!(r[2]["violations"], "6:IP literal");
    // An empty line is a valid (empty) relative reference.
    assert_eq!((r[3]["valid"].as_bool(), r[3]["path"].as_str()), (Some(true), Some("")));
    // Bytes that are not UTF-8 come back as bytes, every violation listed.
    assert_eq!(r[4]["path"], serde_json::json!({"bytes": "Jf8A"}));
    assert_eq!(r[4]["violations"], violations(b"%\xFF\x00"));
    // "%" waits for two hex digits: each byte after it is a violation, and
    // so is the end.
    assert_eq!(r[4]["violation_count"], 3);
    // Every line's field is the library's.
    for (rec, line) in r.iter().zip(LINES.split(|&b| b == b'\n')) {
        assert_eq!(rec["violations"], violations(line));
    }
}

#[test]
fn parse_lenient_fields_formats_and_threads() {
    let o = run(&["parse", "--lenient", "-f", "tsv", "--fields", "line,violation_count,violations"], LINES);
    assert_eq!(
        String::from_utf8(o.stdout).unwrap(),
        "line\tviolation_count\tviolations\n1\t0\t\n2\t5\t10:host,15:port,18:path,24:percent-encoding,28:fragment\n\
         3\t1\t6:IP literal\n4\t0\t\n5\t3\t1:percent-encoding,2:percent-encoding,3:percent-encoding\n"
    );
    let o = run(&["parse", "--lenient", "-f", "csv", "--fields", "host,violations"], b"//a b:1/ /\n");
    assert_eq!(String::from_utf8(o.stdout).unwrap(), "host,violations\na b,\"3:authority,8:path\"\n");
    // Plain `parse` has no such fields.
    assert_eq!(code(&run(&["parse", "--fields", "violations"], b"")), 2);
    // Many lines on several threads: the same records, in order.
    let mut many = Vec::new();
    for k in 0..20_000 {
        many.extend_from_slice(format!("http://h{k}/p a{}?q=%{k:x}#\n", k % 7).as_bytes());
    }
    let one = run(&["parse", "--lenient"], &many);
    let two = run(&["parse", "--lenient", "-j", "2"], &many);
    assert_eq!(code(&one), 0);
    assert_eq!(one.stdout, two.stdout);
    assert_eq!(records(&one.stdout).len(), 20_000);
}

#[test]
fn check_all_reports_every_violation() {
    let d = TempDir::new("check-all");
    let f = d.file("dirty.txt", b"http://a/\nhttp://a/b c d\nhttp://[::1\n%zz%\n");
    let o = run(&["check", "--all", &f], b"");
    assert_eq!(code(&o), 1);
    let want = format!(
        "{f}:2:11: invalid character ' ' in path\n{f}:2:13: invalid character ' ' in path\n\
         {f}:3:12: unexpected end of input in IP literal\n{f}:4:2: invalid character 'z' in percent-encoding\n\
         {f}:4:5: unexpected end of input in percent-encoding\n"
    );
    assert_eq!(String::from_utf8(o.stdout).unwrap(), want);
    // Lines, not violations, are counted.
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(err.contains("3 invalid lines of 4"), "{err}");
    // Without --all: the first violation of each line only.
    let first = run(&["check", &f], b"");
    let lines: Vec<&str> = want.lines().collect();
    let firsts = [lines[0], lines[2], lines[3]].map(|l| format!("{l}\n")).concat();
    assert_eq!(String::from_utf8(first.stdout).unwrap(), firsts);
    // With --strict-hosts, and quiet.
    let o = run(&["check", "--all", "--strict-hosts"], b"http://0x7f.1/\nhttp://a b/ /\n");
    assert_eq!(
        String::from_utf8(o.stdout).unwrap(),
        "<stdin>:1:8: host reads as the IPv4 address 127.0.0.1 (RFC 3986 section 7.4): 0x7f.1\n\
         <stdin>:2:9: invalid character ' ' in authority\n<stdin>:2:12: invalid character ' ' in path\n"
    );
    let o = run(&["check", "--all", "-q"], b"a b c\n");
    assert_eq!((code(&o), o.stdout.len()), (1, 0));
    // JSON: one record per violation.
    let o = run(&["check", "--all", "-f", "jsonl"], b"a b c\n");
    let r = records(&o.stdout);
    assert_eq!(r.len(), 2);
    assert_eq!((r[1]["error_index"].as_u64(), r[1]["col"].as_u64()), (Some(3), Some(4)));
}
