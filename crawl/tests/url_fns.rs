//! The ClickHouse URL functions of `query`, `hosts`, `paths` and `encoding`
//! against ClickHouse's own outputs (data/clickhouse_url_fns.txt, produced by
//! data/gen_clickhouse_url_fns.py), except the rows of
//! data/clickhouse_url_fns_differences.txt, which give both answers: there
//! this crate reads the URL as RFC 3986 does (each kind of difference is
//! documented on the function).

mod common;

use common::{rows, unescape};
use uriscan_crawl::encoding::{
    decode_url_component, decode_url_form_component, encode_url_component, encode_url_form_component,
};
use uriscan_crawl::hosts::{
    cut_to_first_significant_subdomain, cut_to_first_significant_subdomain_with_www, domain,
    first_significant_subdomain, top_level_domain,
};
use uriscan_crawl::params::{cut_url_parameters, url_parameter, url_parameter_names, url_parameters};
use uriscan_crawl::paths::{
    fragment, netloc, path, path_full, port, protocol, query_string, query_string_and_fragment,
};

/// This crate's answer for a row's function, as bytes per element.
fn compute(function: &str, input: &[u8]) -> Vec<Vec<u8>> {
    let bytes = |b: &[u8]| vec![b.to_vec()];
    match function {
        "encodeURLComponent" => return bytes(encode_url_component(input).as_bytes()),
        "encodeURLFormComponent" => return bytes(encode_url_form_component(input).as_bytes()),
        "decodeURLComponent" => return bytes(&decode_url_component(input)),
        "decodeURLFormComponent" => return bytes(&decode_url_form_component(input)),
        _ => {}
    }
    let url = std::str::from_utf8(input).expect("URL functions take UTF-8 inputs");
    let one = |s: Option<&str>| vec![s.unwrap_or_default().as_bytes().to_vec()];
    let many = |v: Vec<&str>| v.into_iter().map(|s| s.as_bytes().to_vec()).collect();
    let (name, args) = function.split_once('/').unwrap_or((function, ""));
    let args: Vec<&str> = args.split(',').collect();
    match name {
        "extractURLParameter" => one(url_parameter(url, args[0])),
        "extractURLParameters" => many(url_parameters(url).collect()),
        "extractURLParameterNames" => many(url_parameter_names(url).collect()),
        "cutURLParameter" => bytes(cut_url_parameters(url, &args).as_bytes()),
        "topLevelDomain" => one(top_level_domain(url)),
        "firstSignificantSubdomain" => one(first_significant_subdomain(url)),
        "cutToFirstSignificantSubdomain" => one(cut_to_first_significant_subdomain(url)),
        "cutToFirstSignificantSubdomainWithWWW" => one(cut_to_first_significant_subdomain_with_www(url)),
        "path" => one(Some(path(url))),
        "pathFull" => one(Some(path_full(url))),
        "netloc" => one(netloc(url)),
        "port" => bytes(port(url).unwrap_or(0).to_string().as_bytes()),
        "queryStringAndFragment" => one(query_string_and_fragment(url)),
        // ClickHouse's RFC variants read the host after the last `@` too; here they are the
        // same functions as the others.
        "domain" | "domainRFC" => one(domain(url)),
        "domainWithoutWWWRFC" => one(uriscan_crawl::hosts::domain_without_www(url)),
        "protocol" => one(protocol(url)),
        "queryString" => one(query_string(url)),
        "fragment" => one(fragment(url)),
        "topLevelDomainRFC" => one(top_level_domain(url)),
        "firstSignificantSubdomainRFC" => one(first_significant_subdomain(url)),
        "cutToFirstSignificantSubdomainRFC" => one(cut_to_first_significant_subdomain(url)),
        "cutToFirstSignificantSubdomainWithWWWRFC" => one(cut_to_first_significant_subdomain_with_www(url)),
        "portRFC" => bytes(port(url).unwrap_or(0).to_string().as_bytes()),
        _ => panic!("unknown function {function}"),
    }
}

fn cols(c: &[&str]) -> Vec<Vec<u8>> {
    c.iter().map(|c| unescape(c)).collect()
}

/// The data file's escapes, for printing a row.
fn escape(b: &[u8]) -> String {
    let mut out = String::new();
    for chunk in b.utf8_chunks() {
        for ch in chunk.valid().chars() {
            match ch {
                '\\' => out.push_str("\\\\"),
                c if (c as u32) < 0x21 || c as u32 == 0x7F => out.push_str(&format!("\\x{:02X}", c as u32)),
                c => out.push(c),
            }
        }
        for &x in chunk.invalid() {
            out.push_str(&format!("\\x{x:02X}"));
        }
    }
    out
}

type Difference<'a> = (&'a str, &'a str, Vec<Vec<u8>>, Vec<Vec<u8>>);

/// The rows of clickhouse_url_fns_differences.txt: function, input,
/// ClickHouse's answer, `=>`, this crate's answer.
fn differences() -> Vec<Difference<'static>> {
    rows(include_str!("data/clickhouse_url_fns_differences.txt"))
        .into_iter()
        .map(|(line, c)| {
            let arrow = c.iter().position(|&x| x == "=>").unwrap_or_else(|| panic!("line {line}: no `=>` column"));
            (c[0], c[1], cols(&c[2..arrow]), cols(&c[arrow + 1..]))
        })
        .collect()
}

#[test]
fn clickhouse_outputs() {
    let differences = differences();
    let mut failures = Vec::new();
    let (mut checked, mut differing) = (0, 0);
    for (line, c) in rows(include_str!("data/clickhouse_url_fns.txt")) {
        let (function, input, expected) = (c[0], c[1], cols(&c[2..]));
        let got = compute(function, &unescape(input));
        let wanted = match differences.iter().find(|d| d.0 == function && d.1 == input) {
            Some((_, _, clickhouse, ours)) => {
                differing += 1;
                assert_eq!(clickhouse, &expected, "{function}\t{input}: the differences file misquotes ClickHouse");
                assert_ne!(ours, &expected, "{function}\t{input}: listed as a difference, but ClickHouse agrees");
                ours.clone()
            }
            None => expected,
        };
        checked += 1;
        if got != wanted {
            let show = |v: &[Vec<u8>]| v.iter().map(|b| escape(b)).collect::<Vec<_>>().join("\t");
            failures.push(format!(
                "clickhouse_url_fns.txt:{line}: {function}\t{input}\n  wanted: {}\n  got:    {}",
                show(&wanted),
                show(&got)
            ));
        }
    }
    assert!(checked > 3000, "only {checked} rows");
    assert_eq!(differing, differences.len(), "a row of the differences file matches no row of clickhouse_url_fns.txt");
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}

/// Prints the rows where this crate and ClickHouse disagree, in the
/// differences file's format (`cargo test -p uriscan-crawl --test url_fns --
/// --ignored --nocapture`), for review before they go into the file.
#[test]
#[ignore]
fn print_disagreements() {
    for (_, c) in rows(include_str!("data/clickhouse_url_fns.txt")) {
        let (function, input, expected) = (c[0], c[1], cols(&c[2..]));
        let got = compute(function, &unescape(input));
        if got != expected {
            let mut row = vec![function.to_owned(), input.to_owned()];
            row.extend(expected.iter().map(|b| escape(b)));
            row.push("=>".to_owned());
            row.extend(got.iter().map(|b| escape(b)));
            println!("{}", row.join("\t"));
        }
    }
}
