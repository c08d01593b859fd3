//! The IRI commands (`--grammar rfc3987`, `to-uri`, `to-iri`, `resolve
//! --grammar rfc3987`, `extract --iri`) and the crawl commands (`surt`,
//! `canon`, `domain`, `strip-params`, registrable domains in `stats`), run
//! as the built binary. Expected values are RFC 3987's examples, the SURT
//! example of the crawl issue, or what the library calls give for the same
//! line (so that the tests check the command line's wiring: the flags, the
//! columns, the error columns, the formats, the threads).

mod common;

use std::borrow::Cow;
use std::process::Output;

use common::{code, run};
use serde_json::Value;
use uriscan::Syntax;
use uriscan_crawl::{CanonError, DomainOptions, ParamFilter, Profile, SurtOptions};

/// Lines for every command: RFC examples, an IRI, IP hosts, a private-section
/// suffix, dirty lines (a space in the host, a byte that is not UTF-8, a bad
/// `%`), an empty line.
const LINES: &[&[u8]] = &[
    b"http://www.Archive.org:80/goo/?b=2&a=1#x",
    "http://r\u{e9}sum\u{e9}.example.org/\u{fc}?q=\u{e9}&utm_source=x".as_bytes(),
    b"http://127.0.0.1:8080/A?utm_source=x&b=1&a=2",
    b"https://user@a.b.github.io:8443/p?fbclid=1&id=7",
    b"http://[::1]/x",
    b"HTTP://Example.COM:80/%7Ea/./b",
    b"http://0x7f.1/%2541/../b//c",
    b"http://www.example.org/D%C3%BCrst",
    b"mailto:x@y",
    b"http://bad host.co.uk:99/x?gclid=2",
    b"http://a/\xFF?utm_medium=1",
    b"",
    b"/%zz",
];

fn input(lines: &[&[u8]], sep: u8) -> Vec<u8> {
    let mut v = Vec::new();
    for l in lines {
        v.extend_from_slice(l);
        v.push(sep);
    }
    v
}

/// The bytes a JSON value stands for (`{"bytes": BASE64}` for bytes that
/// are not UTF-8; numbers and booleans as the other formats write them);
/// `None` for null.
fn json_bytes(v: &Value) -> Option<Vec<u8>> {
    use base64::Engine as _;
    match v {
        Value::Null => None,
        Value::Bool(_) | Value::Number(_) => Some(v.to_string().into_bytes()),
        Value::String(s) => Some(s.as_bytes().to_vec()),
        Value::Object(o) if o.len() == 1 => {
            Some(base64::engine::general_purpose::STANDARD.decode(o["bytes"].as_str().unwrap()).unwrap())
        }
        other => panic!("not a string or bytes object: {other:?}"),
    }
}

/// Undoes the TSV escapes the CLI writes; `None` for `\N`.
fn tsv_field(f: &[u8]) -> Option<Vec<u8>> {
    if f == b"\\N" {
        return None;
    }
    let mut out = Vec::new();
    let mut i = 0;
    while i < f.len() {
        if f[i] != b'\\' {
            out.push(f[i]);
            i += 1;
            continue;
        }
        match f[i + 1] {
            b'\\' => out.push(b'\\'),
            b't' => out.push(b'\t'),
            b'n' => out.push(b'\n'),
            b'r' => out.push(b'\r'),
            b'x' => {
                out.push(u8::from_str_radix(std::str::from_utf8(&f[i + 2..i + 4]).unwrap(), 16).unwrap());
                i += 2;
            }
            c => panic!("bad escape \\{}", c as char),
        }
        i += 2;
    }
    Some(out)
}

fn ok(o: &Output, what: &str) {
    assert_eq!(code(o), 0, "{what}: {}", String::from_utf8_lossy(&o.stderr));
}

/// The JSON Lines records of `uriscan ARGS` on `lines`.
fn jsonl(args: &[&str], lines: &[&[u8]]) -> Vec<Value> {
    let mut a = args.to_vec();
    a.extend(["-f", "jsonl"]);
    let o = run(&a, &input(lines, b'\n'));
    ok(&o, &format!("{a:?}"));
    let r: Vec<Value> = o
        .stdout
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .map(|l| serde_json::from_slice(l).unwrap_or_else(|e| panic!("{a:?}: bad JSON {l:?}: {e}")))
        .collect();
    r
}

/// One column of `uriscan ARGS` on `lines`, read back from JSON Lines, TSV,
/// CSV and text (each line is a record; CSV and text cannot tell undefined
/// from empty, so both are `Some` there only when non-empty), and with NUL
/// terminators: every format must give the same values, in input order.
fn column(args: &[&str], lines: &[&[u8]], field: &str) -> Vec<Option<Vec<u8>>> {
    let fields = format!("line,{field}");
    let with = |format: &str, extra: &[&str]| {
        let mut a = args.to_vec();
        a.extend(["-f", format, "-F", &fields]);
        a.extend(extra);
        a.iter().map(|s| s.to_string()).collect::<Vec<_>>()
    };
    let exec = |a: &[String], sep: u8| {
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        let o = run(&a, &input(lines, sep));
        ok(&o, &format!("{a:?}"));
        o.stdout
    };
    let numbers = |got: &[u64]| assert_eq!(got, (1..=lines.len() as u64).collect::<Vec<_>>(), "{args:?}");

    // JSON Lines: the reference.
    let out = exec(&with("jsonl", &[]), b'\n');
    let recs: Vec<Value> =
        out.split(|&b| b == b'\n').filter(|l| !l.is_empty()).map(|l| serde_json::from_slice(l).unwrap()).collect();
    numbers(&recs.iter().map(|r| r["line"].as_u64().unwrap()).collect::<Vec<_>>());
    let want: Vec<Option<Vec<u8>>> = recs.iter().map(|r| json_bytes(&r[field])).collect();
    let blank = |v: &[Option<Vec<u8>>]| -> Vec<Option<Vec<u8>>> {
        v.iter().map(|x| x.clone().filter(|b| !b.is_empty())).collect()
    };

    // JSON Lines with NUL terminators.
    let out = exec(&with("jsonl", &["-0"]), b'\0');
    let got: Vec<Option<Vec<u8>>> = out
        .split(|&b| b == b'\0')
        .filter(|l| !l.is_empty())
        .map(|l| json_bytes(&serde_json::from_slice::<Value>(l).unwrap()[field]))
        .collect();
    assert_eq!(got, want, "{args:?} -0");

    // TSV: lossless.
    let out = exec(&with("tsv", &[]), b'\n');
    let rows: Vec<&[u8]> = out.split(|&b| b == b'\n').collect();
    assert_eq!(rows[0], fields.replace(',', "\t").as_bytes());
    assert_eq!(rows.last(), Some(&&b""[..]));
    let mut nos = Vec::new();
    let mut got = Vec::new();
    for r in &rows[1..rows.len() - 1] {
        let f: Vec<&[u8]> = r.split(|&b| b == b'\t').collect();
        assert_eq!(f.len(), 2, "{args:?}: {r:?}");
        nos.push(std::str::from_utf8(f[0]).unwrap().parse().unwrap());
        got.push(tsv_field(f[1]));
    }
    numbers(&nos);
    assert_eq!(got, want, "{args:?} tsv");

    // CSV (the csv crate reads it).
    let out = exec(&with("csv", &[]), b'\n');
    let mut rd = csv::ReaderBuilder::new().from_reader(&out[..]);
    let got: Vec<Option<Vec<u8>>> =
        rd.byte_records().map(|r| Some(r.unwrap()[1].to_vec()).filter(|b| !b.is_empty())).collect();
    assert_eq!(got, blank(&want), "{args:?} csv");

    // Text: the fields joined by TAB, as they are.
    let out = exec(&with("text", &[]), b'\n');
    let got: Vec<Option<Vec<u8>>> = out
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .map(|l| {
            let tab = l.iter().position(|&b| b == b'\t').unwrap();
            Some(l[tab + 1..].to_vec()).filter(|b| !b.is_empty())
        })
        .collect();
    assert_eq!(got, blank(&want), "{args:?} text");
    want
}

fn cow_bytes(c: Cow<'_, str>) -> Vec<u8> {
    c.into_owned().into_bytes()
}

// ------------------------------------------------------------------ IRIs

#[test]
fn to_uri_rfc3987_examples_and_errors() {
    // RFC 3987 section 3.1: "http://r&#xE9;sum&#xE9;.example.org" maps to
    // "http://r%C3%A9sum%C3%A9.example.org", or with IDNA ToASCII (as the
    // same section says) to "http://xn--rsum-bpad.example.org".
    let lines: &[&[u8]] = &[
        "http://r\u{e9}sum\u{e9}.example.org".as_bytes(),
        b"http://a/\xFF",
        b"",
        "/\u{6bdb}?q=\u{e9}#\u{416}".as_bytes(),
    ];
    let o = run(&["to-uri", "-f", "text"], &input(lines, b'\n'));
    ok(&o, "to-uri");
    assert_eq!(
        String::from_utf8(o.stdout).unwrap(),
        "http://r%C3%A9sum%C3%A9.example.org\n\n\n/%E6%AF%9B?q=%C3%A9#%D0%96\n"
    );
    let o = run(&["to-uri", "--idna", "-f", "text", "-F", "result"], &input(&lines[..1], b'\n'));
    assert_eq!(o.stdout, b"http://xn--rsum-bpad.example.org\n");

    let r = jsonl(&["to-uri"], lines);
    assert_eq!(r.len(), 4);
    assert_eq!(r[1]["valid"], false);
    assert_eq!(r[1]["result"], Value::Null);
    assert_eq!((r[1]["error_kind"].as_str(), r[1]["error_index"].as_u64()), (Some("path"), Some(9)));
    assert_eq!(r[2]["valid"], true);
    assert_eq!(r[2]["result"], "");

    // IDNA refuses a label mixing left-to-right and right-to-left letters.
    let r = jsonl(&["to-uri", "--idna"], &["http://a\u{5d0}.example/".as_bytes()]);
    assert_eq!((r[0]["valid"].as_bool(), r[0]["error_kind"].as_str()), (Some(false), Some("idna")));
    assert_eq!(r[0]["error_index"], 7);
}

#[test]
fn to_iri_rfc3987_examples() {
    // RFC 3987 section 3.2's examples: UTF-8 escapes are decoded; an escape
    // that is not UTF-8 stays; a bidi formatting character (U+202E) stays.
    let lines: &[&[u8]] = &[
        b"http://www.example.org/D%C3%BCrst",
        b"http://www.example.org/D%FCrst",
        b"http://xn--99zt52a.example.org/%e2%80%ae",
        b"/%EE%80%80?%EE%80%80",
        b"/%zz",
    ];
    let o = run(&["to-iri", "-f", "text"], &input(lines, b'\n'));
    ok(&o, "to-iri");
    assert_eq!(
        String::from_utf8(o.stdout).unwrap(),
        "http://www.example.org/D\u{fc}rst\nhttp://www.example.org/D%FCrst\n\
         http://xn--99zt52a.example.org/%e2%80%ae\n/%EE%80%80?\u{E000}\n\n"
    );
    let r = jsonl(&["to-iri"], lines);
    assert_eq!((r[4]["valid"].as_bool(), r[4]["error_kind"].as_str()), (Some(false), Some("percent-encoding")));
}

#[test]
fn to_uri_and_to_iri_match_the_library_in_every_format() {
    let got = column(&["to-uri"], LINES, "result");
    let want: Vec<Option<Vec<u8>>> =
        LINES.iter().map(|l| Syntax::IriReference.parse_bytes(l).ok().map(|u| cow_bytes(u.to_uri_str()))).collect();
    assert_eq!(got, want);
    let got = column(&["to-uri"], LINES, "error_index");
    let want: Vec<Option<Vec<u8>>> = LINES
        .iter()
        .map(|l| Syntax::IriReference.parse_bytes(l).err().map(|e| e.index().to_string().into_bytes()))
        .collect();
    assert_eq!(got, want);
    let got = column(&["to-iri"], LINES, "result");
    let want: Vec<Option<Vec<u8>>> =
        LINES.iter().map(|l| Syntax::UriReference.parse_bytes(l).ok().map(|u| cow_bytes(u.to_iri_str()))).collect();
    assert_eq!(got, want);
}

#[test]
fn grammar_rfc3987_for_parse_check_stats() {
    let lines: &[&[u8]] = &["http://bn.wikipedia.org/wiki/\u{99d}".as_bytes(), b"http://a/\xFF", "#\u{412}".as_bytes()];
    // RFC 3986 rejects the non-ASCII lines; RFC 3987 only the byte that is not UTF-8.
    let o = run(&["check"], &input(lines, b'\n'));
    assert_eq!(code(&o), 1);
    assert_eq!(String::from_utf8(o.stdout).unwrap().lines().count(), 3);
    let o = run(&["check", "--grammar", "rfc3987"], &input(lines, b'\n'));
    assert_eq!(code(&o), 1);
    assert_eq!(String::from_utf8(o.stdout).unwrap(), "<stdin>:2:10: non-ASCII byte 0xFF in path\n");
    let r = jsonl(&["parse", "--grammar", "rfc3987"], lines);
    assert_eq!(r[0]["path"], "/wiki/\u{99d}");
    assert_eq!(r[0]["host_kind"], "reg-name");
    assert_eq!(r[1]["valid"], false);
    assert_eq!(r[2]["fragment"], "\u{412}");
    let r = jsonl(&["stats", "--grammar", "rfc3987"], lines);
    let count = |section: &str, key: &str| {
        r.iter().find(|v| v["section"] == section && v["key"] == key).map(|v| v["count"].as_u64().unwrap())
    };
    assert_eq!((count("total", "valid"), count("total", "invalid")), (Some(2), Some(1)));
    assert_eq!(count("registrable_domain", "wikipedia.org"), Some(1));
}

#[test]
fn resolve_iri_references() {
    let base = "http://bn.example/\u{99d}/x?q";
    let lines: &[&[u8]] = &["\u{414}".as_bytes(), "../\u{e9}?q=\u{e9}".as_bytes(), b"g#\xFF", b"//h"];
    // The expected values: the library's resolution of the same IRIs, then
    // the URI mapping of RFC 3987 section 3.1 (unless --iri).
    let b = Syntax::IriReference.parse(base).unwrap();
    let resolved: Vec<Option<String>> =
        lines.iter().map(|l| Syntax::IriReference.parse_bytes(l).ok().map(|r| r.resolve_str(&b).unwrap())).collect();
    assert_eq!(resolved[0].as_deref(), Some("http://bn.example/\u{99d}/\u{414}"));
    let got = column(&["resolve", "--grammar", "rfc3987", "--iri", "-b", base], lines, "result");
    assert_eq!(got, resolved.iter().map(|r| r.clone().map(String::into_bytes)).collect::<Vec<_>>());
    let got = column(&["resolve", "--grammar", "rfc3987", "-b", base], lines, "result");
    let uris: Vec<Option<Vec<u8>>> =
        resolved.iter().map(|r| r.as_deref().map(|s| cow_bytes(uriscan::iri::to_uri_str(s)))).collect();
    assert_eq!(uris[0].as_deref(), Some(&b"http://bn.example/%E0%A6%9D/%D0%94"[..]));
    assert_eq!(got, uris);
    // Pairs: base and reference parsed as IRIs too.
    let pairs: &[&[u8]] = &["http://\u{e9}.example/a\tb".as_bytes(), "http://a/\t\u{e9}".as_bytes()];
    let got = column(&["resolve", "--grammar", "rfc3987", "--pairs"], pairs, "result");
    assert_eq!(got, [Some(b"http://%C3%A9.example/b".to_vec()), Some(b"http://a/%C3%A9".to_vec())]);
    // RFC 3986 (the default) rejects them, and --iri needs rfc3987.
    let r = jsonl(&["resolve", "-b", "http://a/"], &lines[..1]);
    assert_eq!((r[0]["valid"].as_bool(), r[0]["error_in"].as_str()), (Some(false), Some("reference")));
    assert_eq!(code(&run(&["resolve", "--iri", "-b", "http://a/"], b"")), 2);
    assert_eq!(code(&run(&["resolve", "-b", base], b"")), 2, "an IRI base needs --grammar rfc3987");
}

#[test]
fn extract_iri_mode() {
    let text = "voir http://fr.example/\u{414}\u{43e}\u{43c}/\u{e9}. ok\n";
    let o = run(&["extract"], text.as_bytes());
    assert_eq!(String::from_utf8(o.stdout).unwrap(), "1:6\thttp://fr.example/\n");
    let o = run(&["extract", "--iri"], text.as_bytes());
    assert_eq!(String::from_utf8(o.stdout).unwrap(), "1:6\thttp://fr.example/\u{414}\u{43e}\u{43c}/\u{e9}\n");
}

// ----------------------------------------------------------------- crawl

#[test]
fn surt_example_and_options() {
    // The crawl issue's example (the Internet Archive's surt package).
    let o = run(&["surt"], b"http://www.Archive.org:80/goo/?b=2&a=1#x\n");
    ok(&o, "surt");
    assert_eq!(o.stdout, b"org,archive)/goo?a=1&b=2\n");
    let o = run(&["surt", "--with-scheme", "--keep-www", "--trailing-comma"], b"http://www.example.com/\n");
    assert_eq!(o.stdout, b"http://(com,example,www,)/\n");
    let o = run(&["surt", "--no-reverse-ipaddr"], b"http://127.0.0.1:8080/A\n");
    assert_eq!(o.stdout, b"127.0.0.1:8080)/a\n");
    // The last of --reverse-ipaddr / --no-reverse-ipaddr wins.
    let o = run(&["surt", "--no-reverse-ipaddr", "--reverse-ipaddr"], b"http://127.0.0.1:8080/A\n");
    assert_eq!(o.stdout, b"1,0,0,127:8080)/a\n");

    for (args, opts) in [
        (&[][..], SurtOptions::default()),
        (
            &["--with-scheme", "--keep-www", "--trailing-comma", "--no-reverse-ipaddr"][..],
            SurtOptions { with_scheme: true, host_massage: false, trailing_comma: true, reverse_ipaddr: false },
        ),
    ] {
        let mut a = vec!["surt"];
        a.extend(args);
        let got = column(&a, LINES, "surt");
        let want: Vec<Option<Vec<u8>>> = LINES.iter().map(|l| Some(uriscan_crawl::surt_with(l, &opts))).collect();
        assert_eq!(got, want, "{a:?}");
    }
}

#[test]
fn canon_profiles() {
    // The crawl README's examples.
    let o = run(&["canon", "-f", "text"], b"HTTP://Example.COM:80/%7Ea/./b\n");
    assert_eq!(o.stdout, b"http://example.com/~a/b\n");
    let o = run(&["canon", "--profile", "archive", "-f", "text"], b"http://www.Archive.org:80/goo/?b=2&a=1#x\n");
    assert_eq!(o.stdout, b"http://archive.org/goo?a=1&b=2\n");
    let o = run(&["canon", "-p", "safe-browsing", "-f", "text"], b"http://0x7f.1/%2541/../b//c\n");
    assert_eq!(o.stdout, b"http://127.0.0.1/b/c\n");

    for (name, profile) in
        [("rfc3986", Profile::Rfc3986), ("archive", Profile::Archive), ("safe-browsing", Profile::SafeBrowsing)]
    {
        let args = ["canon", "--profile", name];
        let results = column(&args, LINES, "result");
        let kinds = column(&args, LINES, "error_kind");
        let indexes = column(&args, LINES, "error_index");
        for (i, l) in LINES.iter().enumerate() {
            let (result, kind, index) = match uriscan_crawl::canon(l, profile) {
                Ok(c) => (Some(c.into_owned()), None, None),
                Err(CanonError::Invalid(e)) => {
                    (None, Some(e.kind().name().as_bytes().to_vec()), Some(e.index().to_string().into_bytes()))
                }
                Err(_) => (None, Some(b"empty".to_vec()), None),
            };
            assert_eq!((&results[i], &kinds[i], &indexes[i]), (&result, &kind, &index), "{name} {l:?}");
        }
    }
}

#[test]
fn domain_of_urls_and_hosts() {
    let cols = ["host", "subdomain", "domain", "suffix", "registrable_domain", "section", "host_class"];
    let table = |args: &[&str], lines: &[&[u8]]| -> Vec<Vec<Option<Vec<u8>>>> {
        let c: Vec<Vec<Option<Vec<u8>>>> = cols.iter().map(|f| column(args, lines, f)).collect();
        (0..lines.len()).map(|i| c.iter().map(|col| col[i].clone()).collect()).collect()
    };
    let parts = |h: &str, o: DomainOptions| -> Vec<Option<Vec<u8>>> {
        let p = uriscan_crawl::domain_parts(h, o);
        let s = |x: &str| Some(x.as_bytes().to_vec());
        vec![
            s(h),
            s(p.subdomain),
            s(p.domain),
            s(p.suffix),
            p.registrable_domain().and_then(s),
            p.section.map(|x| format!("{x:?}").to_lowercase().into_bytes()),
            s(if p.class == uriscan_crawl::HostClass::Ip { "ip" } else { "name" }),
        ]
    };
    for (args, o) in
        [(&["domain"][..], DomainOptions::default()), (&["domain", "--private"][..], DomainOptions::WITH_PRIVATE)]
    {
        let got = table(args, LINES);
        let valid = column(args, LINES, "valid");
        for (i, l) in LINES.iter().enumerate() {
            match Syntax::UriReference.parse_bytes(l) {
                Ok(u) => {
                    assert_eq!(valid[i].as_deref(), Some(&b"true"[..]));
                    match u.host() {
                        Some(h) => assert_eq!(got[i], parts(h, o), "{args:?} {l:?}"),
                        None => assert!(got[i].iter().all(Option::is_none), "{l:?}: no authority, no host"),
                    }
                }
                Err(_) => assert_eq!(valid[i].as_deref(), Some(&b"false"[..]), "{l:?}"),
            }
        }
        // The host of an invalid line comes from its Appendix B authority
        // (userinfo and port cut off); a host that is not UTF-8 has no parts.
        assert_eq!(got[9], parts("bad host.co.uk", o));
        assert_eq!(got[10][0].as_deref(), Some(&b"a"[..]));
        assert_eq!(got[1], parts("r\u{e9}sum\u{e9}.example.org", o));
    }
    // Facts of the Public Suffix List: github.io is in its private section.
    let r = jsonl(&["domain"], &[LINES[3]]);
    assert_eq!((r[0]["registrable_domain"].as_str(), r[0]["section"].as_str()), (Some("github.io"), Some("icann")));
    let r = jsonl(&["domain", "--private"], &[LINES[3]]);
    assert_eq!((r[0]["registrable_domain"].as_str(), r[0]["section"].as_str()), (Some("b.github.io"), Some("private")));

    // --hosts: lines are hosts.
    let hosts: &[&[u8]] = &[b"forums.news.cnn.co.uk", b"co.uk", b"localhost.", b"10.0.0.1", b"\xFF.example", b""];
    let got = table(&["domain", "--hosts"], hosts);
    for (i, h) in hosts.iter().enumerate() {
        match std::str::from_utf8(h) {
            Ok(h) => assert_eq!(got[i], parts(h, DomainOptions::default()), "{h}"),
            Err(_) => assert_eq!(got[i][0].as_deref(), Some(*h)),
        }
    }
    assert_eq!(got[0][4].as_deref(), Some(&b"cnn.co.uk"[..]));
    assert!(column(&["domain", "--hosts"], hosts, "valid").iter().all(Option::is_none));
    // With --grammar rfc3987 a Unicode host is valid.
    let r = jsonl(&["domain", "--grammar", "rfc3987"], &[LINES[1]]);
    assert_eq!((r[0]["valid"].as_bool(), r[0]["registrable_domain"].as_str()), (Some(true), Some("example.org")));
}

#[test]
fn strip_params_filters() {
    let o = run(&["strip-params"], b"https://e.com/a?utm_source=x&id=7&fbclid=Y#f\n");
    assert_eq!(o.stdout, b"https://e.com/a?id=7#f\n");
    let o = run(&["strip-params", "--keep-only", "id", "--keep-only", "page", "--sort"], b"/list?x=1&page=2&id=9\n");
    assert_eq!(o.stdout, b"/list?id=9&page=2\n");
    let o = run(
        &["strip-params", "--no-tracking", "--remove", "X", "--remove-prefix", "ref_"],
        b"/p?x=1&ref_a=2&utm_b=3\n",
    );
    assert_eq!(o.stdout, b"/p?utm_b=3\n");
    assert_eq!(code(&run(&["strip-params", "--keep-only", "id", "--remove", "x"], b"")), 2);

    let tracking_and: Vec<&str> = uriscan_crawl::TRACKING_NAMES.iter().copied().chain(["b"]).collect();
    let prefixes: Vec<&str> = uriscan_crawl::TRACKING_PREFIXES.iter().copied().chain(["i"]).collect();
    let cases: [(&[&str], ParamFilter<'_>); 4] = [
        (&[], ParamFilter::TRACKING),
        (
            &["--remove", "b", "--remove-prefix", "i", "--sort"],
            ParamFilter { names: &tracking_and, prefixes: &prefixes, keep_only: false, sort: true },
        ),
        (&["--keep-only", "a,b"], ParamFilter { names: &["a", "b"], keep_only: true, ..ParamFilter::REMOVE_NONE }),
        (&["--no-tracking", "--sort"], ParamFilter { sort: true, ..ParamFilter::REMOVE_NONE }),
    ];
    for (args, filter) in cases {
        let mut a = vec!["strip-params"];
        a.extend(args);
        let got = column(&a, LINES, "result");
        let want: Vec<Option<Vec<u8>>> =
            LINES.iter().map(|l| Some(uriscan_crawl::filter_params_bytes(l, &filter).into_owned())).collect();
        assert_eq!(got, want, "{a:?}");
    }
}

#[test]
fn stats_counts_registrable_domains() {
    let lines: &[&[u8]] =
        &[b"http://a.example.com/", b"http://B.Example.COM/x", b"http://x.co.uk/", b"http://10.0.0.1/", b"/rel", b"%"];
    let o = run(&["stats", "-f", "tsv"], &input(lines, b'\n'));
    ok(&o, "stats");
    let text = String::from_utf8(o.stdout).unwrap();
    let rows: Vec<&str> = text.lines().collect();
    for want in [
        "registrable_domain\texample.com\t2",
        "registrable_domain\tx.co.uk\t1",
        "total\tdistinct_registrable_domains\t2",
    ] {
        assert!(rows.contains(&want), "{want} in {rows:?}");
    }
    let o = run(&["stats"], &input(lines, b'\n'));
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(text.contains("top registrable domains (of 2)\n             2  example.com\n"), "{text}");
}

#[test]
fn threads_keep_every_record_in_order() {
    // 1 MiB through a pipe: reads from a pipe come back short (at most the
    // pipe's 64 KiB), and the driver hands on a chunk after a short read, so
    // the threads get many chunks to finish out of order.
    let mut lines: Vec<&[u8]> = Vec::new();
    while lines.iter().map(|l| l.len() + 1).sum::<usize>() < 1 << 20 {
        lines.extend(LINES);
    }
    let data = input(&lines, b'\n');
    for args in [
        &["to-uri"][..],
        &["to-iri"],
        &["surt"],
        &["canon", "-p", "safe-browsing"],
        &["domain", "-f", "tsv"],
        &["strip-params"],
        &["resolve", "--grammar", "rfc3987", "-b", "http://a/b/"],
    ] {
        let one = run(args, &data);
        let mut a = args.to_vec();
        a.extend(["--threads", "3"]);
        let three = run(&a, &data);
        ok(&one, &format!("{args:?}"));
        ok(&three, &format!("{a:?}"));
        assert!(one.stdout == three.stdout, "{args:?}: --threads 3 changed the output");
        let records = one.stdout.iter().filter(|&&b| b == b'\n').count();
        let header = usize::from(args.contains(&"tsv"));
        assert_eq!(records, lines.len() + header, "{args:?}");
    }
}
