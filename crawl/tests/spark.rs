//! Spark's URL functions (`parse_url`, `try_parse_url`, `url_encode`,
//! `url_decode`, `try_url_decode`) against Spark's own answers
//! (tests/data/spark_url.txt, written by gen_spark_url.py), except the
//! cases tests/data/spark_url_differences.txt lists with both answers.

mod common;

use std::collections::HashMap;

use common::{rows, unescape};
use uriscan_crawl::encoding::{url_decode, url_encode};
use uriscan_crawl::spark::{parse_url, parse_url_query, JavaUri, Part, QueryKey};

/// An answer: `value` and the text, `null`, or `error` (its class not compared).
#[derive(Debug, PartialEq, Eq)]
enum Answer {
    Value(String),
    Null,
    Error,
}

fn answer(columns: &[&str]) -> Answer {
    match columns {
        ["value", v] => Answer::Value(String::from_utf8(unescape(v)).expect("UTF-8")),
        ["null"] => Answer::Null,
        ["error", _] => Answer::Error,
        other => panic!("bad answer columns {other:?}"),
    }
}

fn text(v: Option<&str>) -> Answer {
    v.map_or(Answer::Null, |v| Answer::Value(v.to_owned()))
}

/// This crate's answer for a data-file label on `input`.
fn ours(label: &str, input: &str) -> Answer {
    let mut parts = label.splitn(3, '/');
    let function = parts.next().unwrap_or_default();
    let part = parts.next();
    let key = parts.next();
    match (function, part, key) {
        ("parse_url" | "try_parse_url", Some("QUERY"), Some(key)) => match QueryKey::new(key) {
            Ok(k) => text(parse_url_query(input, &k)),
            // Spark compiles the key when a row has a query, and fails.
            Err(_) if JavaUri::parse(input).and_then(|u| u.query()).is_some() => Answer::Error,
            Err(_) => Answer::Null,
        },
        ("parse_url" | "try_parse_url", Some(part), None) => text(parse_url(input, part)),
        ("url_encode", None, None) => Answer::Value(url_encode(input).into_owned()),
        ("url_decode", None, None) => url_decode(input).map_or(Answer::Error, |v| Answer::Value(v.into_owned())),
        ("try_url_decode", None, None) => url_decode(input).map_or(Answer::Null, |v| Answer::Value(v.into_owned())),
        _ => panic!("unknown label {label}"),
    }
}

#[test]
fn spark_url_data() {
    let data = include_str!("data/spark_url.txt");
    let mut differences: HashMap<(String, String), (Answer, Answer)> = HashMap::new();
    for (line, c) in rows(include_str!("data/spark_url_differences.txt")) {
        let arrow = c.iter().position(|&x| x == "=>").unwrap_or_else(|| panic!("line {line}: no =>"));
        differences.insert((c[0].to_owned(), c[1].to_owned()), (answer(&c[2..arrow]), answer(&c[arrow + 1..])));
    }
    let mut checked = 0;
    let mut differing = 0;
    let mut failures = Vec::new();
    for (line, c) in rows(data) {
        let input = String::from_utf8(unescape(c[1])).expect("UTF-8 input");
        let spark = answer(&c[2..]);
        let got = ours(c[0], &input);
        match differences.remove(&(c[0].to_owned(), c[1].to_owned())) {
            Some((theirs, mine)) => {
                assert_eq!(theirs, spark, "line {line}: the differences file's Spark answer for {} {:?}", c[0], c[1]);
                if got != mine {
                    failures.push(format!("line {line}: {} {:?}: listed {mine:?}, got {got:?}", c[0], c[1]));
                }
                differing += 1;
            }
            None if got != spark => {
                failures.push(format!("line {line}: {} {:?}: Spark {spark:?}, got {got:?}", c[0], c[1]))
            }
            None => {}
        }
        checked += 1;
    }
    assert!(failures.is_empty(), "{} of {checked} rows differ:\n{}", failures.len(), failures.join("\n"));
    assert!(differences.is_empty(), "differences not in the data file: {:?}", differences.keys().collect::<Vec<_>>());
    assert!(checked > 4000, "{checked} rows");
    assert!(differing < 40, "{differing} differences");
}

/// `Part::of`, which reads the authority as a server only for `HOST` and
/// `USERINFO`, gives what the whole `JavaUri::parse` gives for every part
/// of every input of the data file (and a few of ours with brackets, a
/// leading `?`, "other" characters, registry names and ports).
#[test]
fn each_part_equals_the_whole_parse() {
    let mut inputs: Vec<String> = rows(include_str!("data/spark_url_inputs.txt"))
        .into_iter()
        .map(|(_, c)| String::from_utf8(unescape(c[0])).expect("UTF-8 input"))
        .collect();
    inputs.extend(
        [
            "?q",
            "//u@[::1]:80/p?[a]#[b]",
            "http://a_b.example/x",
            "http://u@a_b:1/",
            "http://h:99999999999/",
            "http://caf\u{e9}.example/p",
            "http://h/caf\u{e9}?q=\u{a0}",
            "mailto:a@b?[x]",
            "http://1.2.3.256/",
            "http://[v1.x]/",
            "//",
            "http://",
            "",
        ]
        .map(str::to_owned),
    );
    let names = ["HOST", "PATH", "QUERY", "REF", "PROTOCOL", "FILE", "AUTHORITY", "USERINFO"];
    for input in &inputs {
        let whole = JavaUri::parse(input);
        for name in names {
            let part = Part::from_name(name).expect("a part");
            let expected = whole.and_then(|u| u.part(part));
            assert_eq!(part.of(input), expected, "{name} of {input:?}");
            assert_eq!(parse_url(input, name), expected, "parse_url {name} of {input:?}");
        }
    }
    assert!(inputs.len() > 150, "{} inputs", inputs.len());
}

#[test]
fn spark_functions_never_panic() {
    let inputs = [
        "",
        "%",
        "[",
        "]",
        "//[",
        "//[]",
        "//[::1",
        "//@",
        "//:",
        "//[::1]:",
        "//[%]",
        "//[::%]",
        "//[:]",
        "//[::1.2.3.4.5]",
        "//[1::2::3]",
        "//[::ffff:1.2.3]",
        "http://1.2.3.4.",
        "//99999999999999999999.1.1.1",
        "?",
        "?[",
        "#[",
        "a:[",
        "\u{a0}",
        "//\u{e9}@[::1]",
        "//[::1]\u{e9}",
    ];
    for s in inputs {
        for part in ["HOST", "PATH", "QUERY", "REF", "PROTOCOL", "FILE", "AUTHORITY", "USERINFO"] {
            let _ = parse_url(s, part);
        }
        let _ = url_decode(s);
        let _ = url_encode(s);
    }
}

/// RFC 3986's answer for one of Spark's `parse_url` parts: what the
/// `uri_*` function of that component gives (NULL for an input RFC 3986
/// rejects, or for an undefined component). `FILE` is the path and the
/// query with its `?`, as Spark defines it.
fn rfc3986(part: &str, input: &str) -> Answer {
    let Ok(u) = uriscan::UriRef::parse(input) else { return Answer::Null };
    let c = u.components();
    text(match part {
        "PROTOCOL" => c.scheme,
        "AUTHORITY" => c.authority,
        "USERINFO" => u.userinfo(),
        "HOST" => u.host(),
        "PATH" => Some(c.path),
        "QUERY" => c.query,
        "REF" => c.fragment,
        "FILE" => {
            return Answer::Value(match c.query {
                Some(q) => format!("{}?{q}", c.path),
                None => c.path.to_owned(),
            })
        }
        _ => unreachable!("not a part of Spark's"),
    })
}

/// Why Spark's `parse_url` and RFC 3986 disagree on a row, for the
/// comment lines of the differences file (from what each side parsed).
fn reason(input: &str, spark: &Answer) -> &'static str {
    let rfc = uriscan::UriRef::parse(input).ok();
    let java = JavaUri::parse(input);
    match (&java, &rfc, spark) {
        (_, _, Answer::Error) => "java.net.URI throws an unchecked exception (a NumberFormatException from an over-long IPv4 part in an IPv6 literal) that Spark does not catch: the query fails; RFC 3986 rejects the input.",
        (Some(_), None, _) => "java.net.URI (RFC 2396 with its amendments: other characters, IPv6 zone ids, a port or user info RFC 2396 allows in a registry-based authority) accepts the input, RFC 3986 rejects it: Spark gives the part, uri_* gives NULL.",
        (None, Some(_), _) => "RFC 3986 accepts the input (an empty authority or path after the scheme, an IPvFuture literal), java.net.URI rejects it: Spark gives NULL, uri_* gives the part.",
        (Some(j), Some(_), _) if j.path().is_none() => "An opaque URI for java.net.URI (a scheme, then no `/`): only a scheme-specific part, no path or query; RFC 3986 has a path (and a query).",
        (Some(j), Some(_), _) if j.authority().is_none() => "An empty authority: java.net.URI has none, RFC 3986 has an empty one with an empty host.",
        (Some(j), Some(_), _) if j.host().is_none() => "java.net.URI's server-based authority parse fails (a port beyond an int, an IPv4-like or otherwise bad host name label, an empty host after user info), so it keeps a registry-based authority with no host, user info or port; RFC 3986's reg-name holds it.",
        _ => "Other.",
    }
}

/// Spark's `parse_url` (tests/data/spark_url.txt) against RFC 3986's
/// reading of the same inputs: every row where they differ is listed in
/// tests/data/spark_url_rfc3986.txt with both answers, and every listed row
/// holds. `URISCAN_BLESS=1` rewrites the file from the Spark file and the
/// library.
#[test]
fn spark_parse_url_against_rfc3986() {
    const FILE: &str = "tests/data/spark_url_rfc3986.txt";
    let listed = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/spark_url_rfc3986.txt"))
        .expect("the differences file");
    let mut rows_out: Vec<(&'static str, String)> = Vec::new();
    let mut compared = 0;
    for (_, c) in rows(include_str!("data/spark_url.txt")) {
        let Some(part) = c[0].strip_prefix("parse_url/") else { continue };
        // Query keys are Spark's regex over the query; RFC 3986 has no
        // parameters to compare them with.
        // Parts Spark does not know give NULL on both sides, but for an
        // input Java fails on: spark_url_differences.txt has those.
        if part.contains('/')
            || !["HOST", "PATH", "QUERY", "REF", "PROTOCOL", "FILE", "AUTHORITY", "USERINFO"].contains(&part)
        {
            continue;
        }
        let input = String::from_utf8(unescape(c[1])).expect("UTF-8 input");
        let spark = answer(&c[2..]);
        let rfc = rfc3986(part, &input);
        compared += 1;
        if spark == rfc {
            continue;
        }
        let rfc_text = match &rfc {
            Answer::Value(v) => {
                // RFC 3986's components are printable ASCII: no escape needed.
                assert!(v.bytes().all(|b| b.is_ascii_graphic() && b != b'\\'), "{v:?}");
                format!("value\t{v}")
            }
            Answer::Null => "null".to_owned(),
            Answer::Error => unreachable!("the library gives no error answer"),
        };
        let line = format!("{}\t{}\t{}\t=>\t{rfc_text}", part, c[1], c[2..].join("\t"));
        rows_out.push((reason(&input, &spark), line));
    }
    rows_out.sort_by(|a, b| a.0.cmp(b.0));
    let mut text = String::from(
        "# Where Spark 4.3's parse_url (spark_url.txt, java.net.URI: RFC 2396 with its amendments)\n\
         # and RFC 3986 disagree on the same input. uriscan's parse_url/try_parse_url give Spark's\n\
         # answer; its uri_* functions (uri_scheme, uri_authority, uri_userinfo, uri_host, uri_path,\n\
         # uri_query, uri_fragment; FILE is uri_path with `?` and uri_query) give RFC 3986's.\n\
         # Columns, tab-separated: part, input, Spark's answer (as in spark_url.txt), `=>`, RFC 3986's.\n\
         # Written by crawl/tests/spark.rs (URISCAN_BLESS=1 cargo test -p uriscan-crawl --test spark),\n\
         # which checks every row. Query keys (QUERY with a key) are left out: RFC 3986 has no parameters.\n",
    );
    let mut last = "";
    for (why, line) in &rows_out {
        if *why != last {
            text.push_str(&format!("#\n# {why}\n"));
            last = why;
        }
        text.push_str(line);
        text.push('\n');
    }
    if std::env::var_os("URISCAN_BLESS").is_some() {
        std::fs::write(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/spark_url_rfc3986.txt"), &text).expect("write");
    } else {
        assert!(
            listed == text,
            "{FILE} is not what Spark's file and the library give now; rerun with URISCAN_BLESS=1 and read the diff"
        );
    }
    assert!(compared > 1000, "{compared} rows compared");
    assert!(!rows_out.is_empty(), "Spark and RFC 3986 agree everywhere?");
    assert!(rows_out.iter().all(|(why, _)| *why != "Other."), "a difference of a kind not described: {rows_out:?}");
}
