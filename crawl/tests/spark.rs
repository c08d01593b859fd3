//! Spark's URL functions (`parse_url`, `try_parse_url`, `url_encode`,
//! `url_decode`, `try_url_decode`) against Spark's own answers
//! (tests/data/spark_url.txt, written by gen_spark_url.py), except the
//! cases tests/data/spark_url_differences.txt lists with both answers.

mod common;

use std::collections::HashMap;

use common::{rows, unescape};
use uriscan_crawl::encoding::{url_decode, url_encode};
use uriscan_crawl::spark::{parse_url, parse_url_query, JavaUri, QueryKey};

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
