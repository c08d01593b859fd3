//! The ClickHouse family against ClickHouse 26.9's own answers: every row
//! of every data file `tests/data/clickhouse_*.txt` (recorded by
//! `tests/data/record_clickhouse.py` through chdb; this test never runs
//! ClickHouse), every function, exact equality, byte for byte.
//!
//! The functions of the function set are called through it
//! ([`uriscan_crawl::function_set`], as `uriscan fn` and SQL call them);
//! the `…Custom` functions, which take a list, through
//! [`uriscan_crawl::hosts`] with the suffixes of
//! `tests/data/clickhouse_custom_tld.dat`.

mod common;

use common::{rows, unescape};
use uriscan_crawl::function_set::{find, Value, FUNCTIONS};
use uriscan_crawl::hosts;

/// The data files, by name.
const DATA: &[(&str, &str)] = &[
    ("clickhouse_url.txt", include_str!("data/clickhouse_url.txt")),
    ("clickhouse_url_fns.txt", include_str!("data/clickhouse_url_fns.txt")),
    ("clickhouse_quirks.txt", include_str!("data/clickhouse_quirks.txt")),
    ("clickhouse_generated.txt", include_str!("data/clickhouse_generated.txt")),
];

/// The suffixes of the custom list (comments and blank lines left out).
fn custom_suffixes() -> Vec<&'static str> {
    include_str!("data/clickhouse_custom_tld.dat")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with("//"))
        .collect()
}

/// A `…Custom` function of `hosts` by ClickHouse's name.
fn custom(name: &str, url: &str, list: &[&str]) -> Option<Vec<Vec<u8>>> {
    let is_suffix = |s: &str| list.contains(&s);
    let answer = match name {
        "firstSignificantSubdomainCustom" => hosts::first_significant_subdomain_custom(url, is_suffix),
        "cutToFirstSignificantSubdomainCustom" => hosts::cut_to_first_significant_subdomain_custom(url, is_suffix),
        "cutToFirstSignificantSubdomainCustomWithWWW" => {
            hosts::cut_to_first_significant_subdomain_custom_with_www(url, is_suffix)
        }
        "firstSignificantSubdomainCustomRFC" => hosts::first_significant_subdomain_custom_rfc(url, is_suffix),
        "cutToFirstSignificantSubdomainCustomRFC" => {
            hosts::cut_to_first_significant_subdomain_custom_rfc(url, is_suffix)
        }
        "cutToFirstSignificantSubdomainCustomWithWWWRFC" => {
            hosts::cut_to_first_significant_subdomain_custom_with_www_rfc(url, is_suffix)
        }
        _ => return None,
    };
    Some(vec![answer.unwrap_or_default().as_bytes().to_vec()])
}

/// This crate's answer for a row's label (`name` or `name/arg,arg`), as the
/// data files write it: one column per string, per list element, or the
/// number in decimal.
fn answer(label: &str, input: &[u8], list: &[&str]) -> Vec<Vec<u8>> {
    let (name, args) = label.split_once('/').unwrap_or((label, ""));
    if let Some(a) = std::str::from_utf8(input).ok().and_then(|url| custom(name, url, list)) {
        return a;
    }
    let f = find(name).unwrap_or_else(|| panic!("no function {name}"));
    let raw: Vec<&str> = if args.is_empty() { Vec::new() } else { args.split(',').collect() };
    let args = f.args(&raw).unwrap_or_else(|e| panic!("{label}: {e}"));
    match f.call_bytes(input, &args) {
        Value::Str(s) => vec![s.as_bytes().to_vec()],
        Value::Bytes(b) => vec![b.to_vec()],
        Value::UInt(n) => vec![n.to_string().into_bytes()],
        Value::List(items) => items.into_iter().map(|s| s.as_bytes().to_vec()).collect(),
        v => panic!("{label}: {v:?} is no ClickHouse answer"),
    }
}

/// The data files' escapes, for printing a row.
fn show(cols: &[Vec<u8>]) -> String {
    cols.iter().map(|c| format!("{:?}", String::from_utf8_lossy(c))).collect::<Vec<_>>().join(" | ")
}

#[test]
fn every_row_of_every_data_file() {
    let list = custom_suffixes();
    let mut failures = Vec::new();
    let mut checked = 0;
    let mut per_label: std::collections::BTreeMap<&str, usize> = Default::default();
    for (file, text) in DATA {
        for (line, cols) in rows(text) {
            let (label, input) = (cols[0], unescape(cols[1]));
            let expected: Vec<Vec<u8>> = cols[2..].iter().map(|c| unescape(c)).collect();
            let got = answer(label, &input, &list);
            if got != expected {
                failures.push(format!(
                    "{file}:{line}: {label}({:?})\n  ClickHouse: {}\n  ours:       {}",
                    String::from_utf8_lossy(&input),
                    show(&expected),
                    show(&got)
                ));
            }
            checked += 1;
            *per_label.entry(cols[0]).or_default() += 1;
        }
    }
    assert!(failures.is_empty(), "{} of {checked} rows differ:\n{}", failures.len(), failures.join("\n"));
    assert!(checked > 25_000, "only {checked} rows");
    // Every ClickHouse function of the set is on many rows.
    for f in FUNCTIONS.iter().filter(|f| f.clickhouse) {
        let n: usize = per_label.iter().filter(|(l, _)| l.split('/').next() == Some(f.name)).map(|(_, n)| n).sum();
        assert!(n > 500, "{}: only {n} rows", f.name);
    }
    for name in ["firstSignificantSubdomainCustom", "cutToFirstSignificantSubdomainCustomWithWWWRFC"] {
        assert!(per_label.get(format!("{name}/custom").as_str()).is_some_and(|&n| n > 500), "{name}");
    }
}

/// Every quirk a data file names (`# quirk NAME`) is named in the
/// documentation of the functions that show it.
#[test]
fn every_quirk_is_documented() {
    let sources = [
        include_str!("../src/hosts.rs"),
        include_str!("../src/paths.rs"),
        include_str!("../src/params.rs"),
        include_str!("../src/hierarchy.rs"),
        include_str!("../src/encoding.rs"),
    ];
    let mut quirks = Vec::new();
    for (_, text) in DATA {
        for line in text.lines() {
            if let Some(rest) = line.strip_prefix("# quirk ") {
                quirks.push(rest.split_whitespace().next().unwrap_or_default());
            }
        }
    }
    assert!(quirks.len() >= 20, "{quirks:?}");
    for q in quirks {
        let named = format!("`{q}`");
        assert!(sources.iter().any(|s| s.contains(&named)), "quirk {q} is named in no function's documentation");
    }
}

/// ClickHouse's documented examples (its function reference), where
/// ClickHouse 26.9 answers as documented.
#[test]
fn documented_examples() {
    use uriscan_crawl::hierarchy::{url_hierarchy, url_path_hierarchy};
    use uriscan_crawl::params::{cut_url_parameter, url_parameter};
    use uriscan_crawl::paths::{cut_fragment, cut_query_string, port, protocol, query_string_and_fragment};
    assert_eq!(
        hosts::cut_www("http://www.example.com/path?query=value#fragment"),
        "http://example.com/path?query=value#fragment"
    );
    assert_eq!(hosts::domain_without_www("https://www.example.com/path"), Some("example.com"));
    assert_eq!(hosts::domain("svn+ssh://some.svn-hosting.com:80/repo/trunk"), Some("some.svn-hosting.com"));
    assert_eq!(hosts::top_level_domain("svn+ssh://www.some.svn-hosting.com:80/repo/trunk"), Some("com"));
    assert_eq!(hosts::top_level_domain_rfc("http://foo:foo%41bar@foo.com"), Some("com"));
    assert_eq!(hosts::top_level_domain("http://foo:foo%41bar@foo.com"), None);
    assert_eq!(hosts::first_significant_subdomain("https://news.clickhouse.com.tr/"), Some("clickhouse"));
    assert_eq!(protocol("https://clickhouse.com/"), Some("https"));
    assert_eq!(port("http://paul@www.example.com:80/"), Some(80));
    assert_eq!(
        query_string_and_fragment("https://clickhouse.com/docs?query=value&param=123#section"),
        Some("query=value&param=123#section")
    );
    assert_eq!(cut_fragment("http://example.com/path?query=value#fragment123"), "http://example.com/path?query=value");
    assert_eq!(
        cut_query_string("http://example.com/path?query=value&param=123#fragment"),
        "http://example.com/path#fragment"
    );
    assert_eq!(url_parameter("http://example.com/?param1=value1&param2=value2", "param1"), Some("value1"));
    assert_eq!(cut_url_parameter("http://bigmir.net/?a=b&c=d&e=f#g", "a"), "http://bigmir.net/?c=d&e=f#g");
    assert_eq!(
        url_hierarchy("https://example.com/browse/CONV-6788").collect::<Vec<_>>(),
        ["https://example.com/", "https://example.com/browse/", "https://example.com/browse/CONV-6788"]
    );
    // The reference shows `/a/b` for URLPathHierarchy's second element; ClickHouse 26.9
    // gives `/a/b?` (clickhouse_url.txt), as its URLHierarchy does: the program wins.
    assert_eq!(url_path_hierarchy("https://example.com/a/b?c=1").collect::<Vec<_>>(), ["/a/", "/a/b?", "/a/b?c=1"]);
}

#[test]
fn empty_input() {
    use uriscan_crawl::hierarchy::{url_hierarchy, url_path_hierarchy};
    assert_eq!(url_hierarchy("").count(), 0);
    assert_eq!(url_path_hierarchy("").count(), 0);
    assert_eq!(hosts::cut_www(""), "");
    assert_eq!(hosts::domain_without_www(""), None);
    assert_eq!(hosts::domain_rfc(""), None);
    assert_eq!(uriscan_crawl::paths::cut_query_string(""), "");
    assert_eq!(uriscan_crawl::params::url_parameters("").count(), 0);
}
