//! Every kernel of `uriscan_arrow::functions` against its scalar function
//! in `uriscan_crawl`, row by row, on the three string array types (sliced
//! and not), with null rows; and the zero-copy claim for slice results.

use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::types::Int32Type;
use arrow_array::{Array, ArrayRef, LargeStringArray, ListArray, StringArray, StringViewArray};
use uriscan_arrow::functions as f;
use uriscan_crawl::{cc_index, encoding, hierarchy, hosts, params, paths};

/// The crawl crate's data-file reader (escapes, rows), shared with its tests.
#[path = "../../crawl/tests/common/mod.rs"]
mod data;
use data::unescape;

/// The rows: every UTF-8 input of the crawl crate's URL data files, long
/// rows, and nulls.
fn rows() -> Vec<Option<String>> {
    let files = [
        include_str!("../../crawl/tests/data/clickhouse_url_fns_inputs.txt"),
        include_str!("../../crawl/tests/data/clickhouse_url_inputs.txt"),
        include_str!("../../crawl/tests/data/cc_index_inputs.txt"),
        include_str!("../../crawl/tests/data/spark_url_inputs.txt"),
    ];
    let mut rows: Vec<Option<String>> = files
        .iter()
        .flat_map(|f| f.lines())
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| String::from_utf8(unescape(l)).ok())
        .map(Some)
        .collect();
    rows.insert(3, None);
    rows.push(None);
    rows.push(Some(format!(
        "https://www.{}.example.co.uk:8080/{}/file.html?a=1&x={}&b=2#frag",
        "h".repeat(30),
        "seg/".repeat(20),
        "v".repeat(40)
    )));
    rows.push(Some(format!("http://h/?{}x=1", "&".repeat(100))));
    rows.extend(generated().into_iter().map(Some));
    rows
}

/// 3,000 rows put together from pieces the byte-level kernels look at
/// (escapes whole, cut short and malformed, `+`, `www.`, separators, `@`,
/// ports, multi-byte characters), short (inline views) and long, from a
/// fixed seed.
fn generated() -> Vec<String> {
    const PIECES: &[&str] = &[
        "http://",
        "https://",
        "//",
        "svn+ssh://",
        "www.",
        "WWW.",
        "a",
        "example",
        "é",
        "\u{1F600}",
        "%",
        "%4",
        "%41",
        "%C3%A9",
        "%C3",
        "%A9",
        "%FF",
        "%zz",
        "%%",
        "+",
        " ",
        "/",
        "//",
        "?",
        "#",
        "&",
        "=",
        "@",
        ":",
        ":8080",
        ".",
        "com",
        "co.uk",
        "id=7",
        "www",
        "~",
        "*",
    ];
    let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    (0..3000)
        .map(|i| {
            let pieces = 1 + (next() % if i % 3 == 0 { 30 } else { 8 }) as usize;
            (0..pieces).map(|_| PIECES[(next() % PIECES.len() as u64) as usize]).collect()
        })
        .collect()
}

fn arrays(rows: &[Option<String>]) -> Vec<ArrayRef> {
    let r: Vec<Option<&str>> = rows.iter().map(|s| s.as_deref()).collect();
    let n = r.len();
    vec![
        Arc::new(StringArray::from(r.clone())),
        Arc::new(LargeStringArray::from(r.clone())),
        Arc::new(StringViewArray::from(r.clone())),
        Arc::new(StringArray::from(r.clone()).slice(2, n - 4)),
        Arc::new(StringViewArray::from(r.clone()).slice(1, n - 2)),
    ]
}

/// The rows of `array` as text.
fn texts(array: &dyn Array) -> Vec<Option<String>> {
    (0..array.len())
        .map(|i| {
            if array.is_null(i) {
                return None;
            }
            Some(match array.data_type() {
                arrow_schema::DataType::Utf8 => array.as_string::<i32>().value(i).to_owned(),
                arrow_schema::DataType::LargeUtf8 => array.as_string::<i64>().value(i).to_owned(),
                _ => array.as_string_view().value(i).to_owned(),
            })
        })
        .collect()
}

fn strings(out: &StringViewArray) -> Vec<Option<String>> {
    out.to_data().validate_full().unwrap();
    out.iter().map(|v| v.map(str::to_owned)).collect()
}

fn lists(out: &ListArray) -> Vec<Option<Vec<String>>> {
    out.to_data().validate_full().unwrap();
    (0..out.len())
        .map(|i| {
            out.is_valid(i).then(|| out.value(i).as_string_view().iter().map(|v| v.unwrap_or("").to_owned()).collect())
        })
        .collect()
}

/// Checks a string kernel against a scalar function, on every array.
fn check(name: &str, kernel: impl Fn(&dyn Array) -> StringViewArray, scalar: impl Fn(&str) -> Option<String>) {
    for array in arrays(&rows()) {
        let want: Vec<Option<String>> = texts(array.as_ref()).iter().map(|t| t.as_deref().and_then(&scalar)).collect();
        assert_eq!(strings(&kernel(array.as_ref())), want, "{name} on {}", array.data_type());
    }
}

fn check_list(name: &str, kernel: impl Fn(&dyn Array) -> ListArray, scalar: impl Fn(&str) -> Vec<String>) {
    for array in arrays(&rows()) {
        let want: Vec<Option<Vec<String>>> = texts(array.as_ref()).iter().map(|t| t.as_deref().map(&scalar)).collect();
        assert_eq!(lists(&kernel(array.as_ref())), want, "{name} on {}", array.data_type());
    }
}

fn own(s: Option<&str>) -> Option<String> {
    s.map(str::to_owned)
}

#[test]
fn query_kernels() {
    for name in ["x", "q", "a", ""] {
        check("url_parameter", |a| f::url_parameter(a, name).unwrap(), |t| own(params::url_parameter(t, name)));
        check(
            "url_parameter_decoded",
            |a| f::url_parameter_decoded(a, name).unwrap(),
            |t| params::url_parameter_decoded(t, name).map(|c| c.into_owned()),
        );
        check_list(
            "url_parameter_values",
            |a| f::url_parameter_values(a, name).unwrap(),
            |t| params::url_parameter_values(t, name).map(str::to_owned).collect(),
        );
    }
    for names in [&["x"][..], &["x", "q"], &["c", "e"], &[]] {
        check(
            "cut_url_parameters",
            |a| f::cut_url_parameters(a, names).unwrap(),
            |t| Some(params::cut_url_parameters(t, names).into_owned()),
        );
    }
    check_list(
        "url_parameters",
        |a| f::url_parameters(a).unwrap(),
        |t| params::url_parameters(t).map(str::to_owned).collect(),
    );
    check_list(
        "url_parameter_names",
        |a| f::url_parameter_names(a).unwrap(),
        |t| params::url_parameter_names(t).map(str::to_owned).collect(),
    );
}

#[test]
fn host_kernels() {
    check("top_level_domain", |a| f::top_level_domain(a).unwrap(), |t| own(hosts::top_level_domain(t)));
    check(
        "first_significant_subdomain",
        |a| f::first_significant_subdomain(a).unwrap(),
        |t| own(hosts::first_significant_subdomain(t)),
    );
    check(
        "cut_to_first_significant_subdomain",
        |a| f::cut_to_first_significant_subdomain(a).unwrap(),
        |t| own(hosts::cut_to_first_significant_subdomain(t)),
    );
    check(
        "cut_to_first_significant_subdomain_with_www",
        |a| f::cut_to_first_significant_subdomain_with_www(a).unwrap(),
        |t| own(hosts::cut_to_first_significant_subdomain_with_www(t)),
    );
    check("domain_rfc", |a| f::domain_rfc(a).unwrap(), |t| own(hosts::domain_rfc(t)));
    check(
        "domain_without_www_rfc",
        |a| f::domain_without_www_rfc(a).unwrap(),
        |t| own(hosts::domain_without_www_rfc(t)),
    );
    check("top_level_domain_rfc", |a| f::top_level_domain_rfc(a).unwrap(), |t| own(hosts::top_level_domain_rfc(t)));
    check(
        "first_significant_subdomain_rfc",
        |a| f::first_significant_subdomain_rfc(a).unwrap(),
        |t| own(hosts::first_significant_subdomain_rfc(t)),
    );
    check(
        "cut_to_first_significant_subdomain_rfc",
        |a| f::cut_to_first_significant_subdomain_rfc(a).unwrap(),
        |t| own(hosts::cut_to_first_significant_subdomain_rfc(t)),
    );
    check(
        "cut_to_first_significant_subdomain_with_www_rfc",
        |a| f::cut_to_first_significant_subdomain_with_www_rfc(a).unwrap(),
        |t| own(hosts::cut_to_first_significant_subdomain_with_www_rfc(t)),
    );
    for n in 0..7 {
        check("host_nth_last_part", |a| f::host_nth_last_part(a, n).unwrap(), |t| own(hosts::host_nth_last_part(t, n)));
    }
    check("host_reversed", |a| f::host_reversed(a).unwrap(), |t| Some(hosts::host_reversed(t)));
    for array in arrays(&rows()) {
        let got = f::domain_depth(array.as_ref()).unwrap();
        let want: Vec<Option<i32>> = texts(array.as_ref())
            .iter()
            .map(|t| t.as_deref().and_then(hosts::domain_depth).map(|d| d as i32))
            .collect();
        assert_eq!(got.iter().collect::<Vec<_>>(), want);
    }
}

#[test]
fn path_kernels() {
    check("path", |a| f::path(a).unwrap(), |t| Some(paths::path(t).to_owned()));
    check("path_full", |a| f::path_full(a).unwrap(), |t| Some(paths::path_full(t).to_owned()));
    check("netloc", |a| f::netloc(a).unwrap(), |t| own(paths::netloc(t)));
    check(
        "query_string_and_fragment",
        |a| f::query_string_and_fragment(a).unwrap(),
        |t| own(paths::query_string_and_fragment(t)),
    );
    check("file_extension", |a| f::file_extension(a).unwrap(), |t| own(paths::file_extension(t)));
    check("domain", |a| f::domain(a).unwrap(), |t| own(hosts::domain(t)));
    check("protocol", |a| f::protocol(a).unwrap(), |t| own(paths::protocol(t)));
    check("query_string", |a| f::query_string(a).unwrap(), |t| own(paths::query_string(t)));
    check("fragment", |a| f::fragment(a).unwrap(), |t| own(paths::fragment(t)));
    check_list(
        "path_segments",
        |a| f::path_segments(a).unwrap(),
        |t| paths::path_segments(t).map(str::to_owned).collect(),
    );
    for array in arrays(&rows()) {
        let t = texts(array.as_ref());
        let port: Vec<Option<u16>> = f::port(array.as_ref()).unwrap().iter().collect();
        assert_eq!(port, t.iter().map(|t| t.as_deref().and_then(paths::port)).collect::<Vec<_>>());
        let port: Vec<Option<u16>> = f::port_rfc(array.as_ref()).unwrap().iter().collect();
        assert_eq!(port, t.iter().map(|t| t.as_deref().and_then(paths::port_rfc)).collect::<Vec<_>>());
        let port: Vec<Option<u16>> = f::port_or_default(array.as_ref()).unwrap().iter().collect();
        assert_eq!(port, t.iter().map(|t| t.as_deref().and_then(paths::port_or_default)).collect::<Vec<_>>());
    }
}

/// Computed strings that fill several of the column's blocks (a block is
/// 1 MiB; a row is encoded to up to three times its length), and rows
/// long enough to need a block of their own.
#[test]
fn computed_strings_across_blocks() {
    let row = |i: usize| format!("http://www.h{i}.example/%41%C3%A9+{}?q=é&x#f", "a b/é%zz".repeat(2000 + 50 * i));
    let rows: Vec<Option<String>> = (0..60).map(|i| (i % 7 != 3).then(|| row(i))).collect();
    for array in arrays(&rows) {
        let t = texts(array.as_ref());
        let want = |f: &dyn Fn(&str) -> String| t.iter().map(|t| t.as_deref().map(f)).collect::<Vec<_>>();
        let enc = f::encode_url_component(array.as_ref()).unwrap();
        assert_eq!(strings(&enc), want(&|t| encoding::encode_url_component(t).into_owned()));
        let dec = f::decode_url_form_component(array.as_ref()).unwrap();
        assert_eq!(strings(&dec), want(&|t| encoding::decode_url_form_component_lossy(t).into_owned()));
        let cut = f::cut_www(array.as_ref()).unwrap();
        assert_eq!(strings(&cut), want(&|t| hosts::cut_www(t).into_owned()));
        let cut = f::cut_query_string(array.as_ref()).unwrap();
        assert_eq!(strings(&cut), want(&|t| paths::cut_query_string(t).into_owned()));
    }
    // One row longer than a block.
    let long = "é ".repeat(1 << 20);
    let enc = f::encode_url_component(&StringArray::from(vec![long.as_str()])).unwrap();
    assert_eq!(strings(&enc)[0].as_deref(), Some(encoding::encode_url_component(&long).as_ref()));
}

#[test]
fn encoding_kernels() {
    check(
        "encode_url_component",
        |a| f::encode_url_component(a).unwrap(),
        |t| Some(encoding::encode_url_component(t).into_owned()),
    );
    check(
        "encode_url_form_component",
        |a| f::encode_url_form_component(a).unwrap(),
        |t| Some(encoding::encode_url_form_component(t).into_owned()),
    );
    check(
        "decode_url_component",
        |a| f::decode_url_component(a).unwrap(),
        |t| Some(encoding::decode_url_component_lossy(t).into_owned()),
    );
    check(
        "decode_url_form_component",
        |a| f::decode_url_form_component(a).unwrap(),
        |t| Some(encoding::decode_url_form_component_lossy(t).into_owned()),
    );
}

#[test]
fn cc_index_kernel() {
    for array in arrays(&rows()) {
        let s = f::cc_index(array.as_ref()).unwrap();
        s.to_data().validate_full().unwrap();
        assert_eq!(s.fields(), &f::cc_index_fields());
        let col = |n: &str| s.column_by_name(n).unwrap().as_string_view().clone();
        let port = s.column_by_name("url_port").unwrap().as_primitive::<Int32Type>().clone();
        for (i, t) in texts(array.as_ref()).iter().enumerate() {
            let Some(t) = t else {
                assert!(s.is_null(i));
                continue;
            };
            let c = cc_index::cc_index_columns(t);
            let get = |n: &str| {
                let a = col(n);
                a.is_valid(i).then(|| a.value(i).to_owned())
            };
            let want = [
                ("url_surtkey", Some(c.url_surtkey.clone())),
                ("url_host_name", c.url_host_name.clone()),
                ("url_host_tld", c.url_host_tld.clone()),
                ("url_host_2nd_last_part", c.url_host_2nd_last_part.clone()),
                ("url_host_3rd_last_part", c.url_host_3rd_last_part.clone()),
                ("url_host_4th_last_part", c.url_host_4th_last_part.clone()),
                ("url_host_5th_last_part", c.url_host_5th_last_part.clone()),
                ("url_host_registry_suffix", c.url_host_registry_suffix.clone()),
                ("url_host_registered_domain", c.url_host_registered_domain.clone()),
                ("url_host_private_suffix", c.url_host_private_suffix.clone()),
                ("url_host_private_domain", c.url_host_private_domain.clone()),
                ("url_host_name_reversed", c.url_host_name_reversed.clone()),
                ("url_protocol", c.url_protocol.clone()),
                ("url_path", c.url_path.clone()),
                ("url_query", c.url_query.clone()),
            ];
            for (n, w) in want {
                assert_eq!(get(n), w, "{n} of {t:?}");
            }
            assert_eq!(port.is_valid(i).then(|| port.value(i)), c.url_port, "url_port of {t:?}");
        }
    }
}

/// A slice result longer than 12 bytes points into the input's own values
/// buffer (shared, not copied).
#[test]
fn slice_results_are_views_into_the_input() {
    let url = "http://h/?x=a-value-longer-than-twelve&y=1";
    let input = StringArray::from(vec![url]);
    let out = f::url_parameter(&input, "x").unwrap();
    assert_eq!(out.value(0), "a-value-longer-than-twelve");
    assert_eq!(out.data_buffers().len(), 1, "no buffer of its own");
    assert_eq!(out.data_buffers()[0].as_ptr(), input.values().as_ptr());
    let cut = f::cut_url_parameters(&input, &["absent"]).unwrap();
    assert_eq!(cut.data_buffers()[0].as_ptr(), input.values().as_ptr());
    let path = f::path_full(&StringViewArray::from(vec![url])).unwrap();
    assert_eq!(path.value(0), "/?x=a-value-longer-than-twelve&y=1");
}

#[test]
fn wrong_type_is_an_error() {
    let ints = arrow_array::Int32Array::from(vec![1]);
    assert!(f::url_parameter(&ints, "x").is_err());
    assert!(f::url_parameters(&ints).is_err());
    assert!(f::cc_index(&ints).is_err());
    assert!(f::port(&ints).is_err());
}

#[test]
fn url_functions_kernels() {
    check("cut_www", |a| f::cut_www(a).unwrap(), |t| Some(hosts::cut_www(t).into_owned()));
    check("cut_query_string", |a| f::cut_query_string(a).unwrap(), |t| Some(paths::cut_query_string(t).into_owned()));
    check("domain_without_www", |a| f::domain_without_www(a).unwrap(), |t| own(hosts::domain_without_www(t)));
    check("cut_fragment", |a| f::cut_fragment(a).unwrap(), |t| Some(paths::cut_fragment(t).to_owned()));
    check(
        "cut_query_string_and_fragment",
        |a| f::cut_query_string_and_fragment(a).unwrap(),
        |t| Some(paths::cut_query_string_and_fragment(t).to_owned()),
    );
    check_list(
        "url_hierarchy",
        |a| f::url_hierarchy(a).unwrap(),
        |t| hierarchy::url_hierarchy(t).map(str::to_owned).collect(),
    );
    check_list(
        "url_path_hierarchy",
        |a| f::url_path_hierarchy(a).unwrap(),
        |t| hierarchy::url_path_hierarchy(t).map(str::to_owned).collect(),
    );
    let is_suffix = |s: &str| s == "co.uk" || s == "com" || s == "uk";
    check(
        "first_significant_subdomain_custom",
        |a| f::first_significant_subdomain_custom(a, &is_suffix).unwrap(),
        |t| own(hosts::first_significant_subdomain_custom(t, is_suffix)),
    );
    check(
        "cut_to_first_significant_subdomain_custom",
        |a| f::cut_to_first_significant_subdomain_custom(a, &is_suffix).unwrap(),
        |t| own(hosts::cut_to_first_significant_subdomain_custom(t, is_suffix)),
    );
}

#[test]
fn spark_kernels() {
    use uriscan_crawl::spark;
    for part in ["HOST", "PATH", "QUERY", "REF", "PROTOCOL", "FILE", "AUTHORITY", "USERINFO", "host"] {
        check(part, |a| f::parse_url(a, part).unwrap(), |t| own(spark::parse_url(t, part)));
    }
    for key in ["a", "x", "a.c", ""] {
        let k = spark::QueryKey::new(key).unwrap();
        check(key, |a| f::parse_url_query(a, key).unwrap(), |t| own(spark::parse_url_query(t, &k)));
    }
    check("url_encode", |a| f::url_encode(a).unwrap(), |t| Some(encoding::url_encode(t).into_owned()));
    check(
        "try_url_decode",
        |a| f::try_url_decode(a).unwrap(),
        |t| encoding::url_decode(t).ok().map(|d| d.into_owned()),
    );
    check(
        "percent_decode",
        |a| f::percent_decode(a).unwrap(),
        |t| uriscan::percent::decode_str(t).ok().map(|d| d.into_owned()),
    );
    // url_decode fails where a row fails (the rows include `%zz`), and not otherwise.
    for array in arrays(&rows()) {
        assert!(f::url_decode(array.as_ref()).is_err());
        assert!(f::parse_url_query(array.as_ref(), "k(").is_err());
    }
    let fine = StringArray::from(vec![Some("a%20b+c"), None, Some("x")]);
    assert_eq!(strings(&f::url_decode(&fine).unwrap()), [Some("a b c".to_owned()), None, Some("x".to_owned())]);
    let no_query = StringArray::from(vec![Some("http://h/"), None]);
    assert_eq!(f::parse_url_query(&no_query, "k(").unwrap().null_count(), 2);
}

/// The `uri_*` kernels (RFC 3986's reading) against `uriscan_crawl::uri`.
#[test]
fn uri_kernels() {
    use uriscan_arrow::functions::uri as k;
    use uriscan_crawl::uri;
    let s = |v: Option<&str>| v.map(str::to_owned);
    check_list(
        "uri::query_params",
        |a| k::query_params(a).unwrap(),
        |t| uri::query_params(t).map(Into::into).collect(),
    );
    check_list(
        "uri::query_param_names",
        |a| k::query_param_names(a).unwrap(),
        |t| uri::query_param_names(t).map(Into::into).collect(),
    );
    check(
        "uri::query_param_decoded",
        |a| k::query_param_decoded(a, "x").unwrap(),
        |t| uri::query_param_decoded(t, "x").map(|v| v.into_owned()),
    );
    check(
        "uri::cut_query_params",
        |a| k::cut_query_params(a, &["x", "a"]).unwrap(),
        |t| Some(uri::cut_query_params(t, &["x", "a"]).into_owned()),
    );
    check("uri::cut_query", |a| k::cut_query(a).unwrap(), |t| Some(uri::cut_query(t).into_owned()));
    check("uri::host_without_www", |a| k::host_without_www(a).unwrap(), |t| s(uri::host_without_www(t)));
    check("uri::top_level_domain", |a| k::top_level_domain(a).unwrap(), |t| s(uri::top_level_domain(t)));
    check(
        "uri::first_significant_subdomain",
        |a| k::first_significant_subdomain(a).unwrap(),
        |t| s(uri::first_significant_subdomain(t)),
    );
    check(
        "uri::cut_to_first_significant_subdomain",
        |a| k::cut_to_first_significant_subdomain(a).unwrap(),
        |t| s(uri::cut_to_first_significant_subdomain(t)),
    );
    check("uri::cut_fragment", |a| k::cut_fragment(a).unwrap(), |t| Some(uri::cut_fragment(t).to_owned()));
    check(
        "uri::cut_query_and_fragment",
        |a| k::cut_query_and_fragment(a).unwrap(),
        |t| Some(uri::cut_query_and_fragment(t).to_owned()),
    );
    check_list("uri::hierarchy", |a| k::hierarchy(a).unwrap(), |t| uri::hierarchy(t).map(Into::into).collect());
    check_list(
        "uri::path_hierarchy",
        |a| k::path_hierarchy(a).unwrap(),
        |t| uri::path_hierarchy(t).map(Into::into).collect(),
    );
}
