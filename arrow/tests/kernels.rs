//! Every kernel against `uriscan` called row by row, on the three string
//! array types, with nulls, slices, long and short components and invalid rows.

use arrow_array::cast::AsArray;
use arrow_array::types::{Int32Type, UInt64Type};
use arrow_array::{Array, ArrayRef, LargeStringArray, StringArray, StringViewArray};
use std::sync::Arc;
use uriscan::{Component, NormalizeOptions, Port, ResolveMode, Syntax, UriRef};
use uriscan_arrow::COMPONENTS;
use uriscan_crawl::DomainOptions;

mod fuzz_checks;
use fuzz_checks::part;

/// RFC 3986 examples (§1.1.2, §5.4), edge cases of empty and undefined
/// components, invalid rows, and long rows whose parts are not inline.
fn rows() -> Vec<Option<String>> {
    let mut v: Vec<Option<String>> = [
        "ftp://ftp.is.co.za/rfc/rfc1808.txt",
        "http://www.ietf.org/rfc/rfc2396.txt",
        "ldap://[2001:db8::7]/c=GB?objectClass?one",
        "mailto:John.Doe@example.com",
        "news:comp.infosystems.www.servers.unix",
        "tel:+1-816-555-1212",
        "telnet://192.0.2.16:80/",
        "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
        "foo://user:password@a-very-long-host-name.example.com:8042/over/there/and/back?name=ferret&colour=brown#nose-and-tail",
        "http://h?",
        "http://h#",
        "//h",
        "",
        "../g?y#s",
        "http://[v7.future]/",
        "http://h:/",
        "http://h:65536/",
        "http://h/a b",
        "http://[::1",
        "http://h/%zz/and-a-long-path-after-it",
        "http://user@example.com:99/",
    ]
    .iter()
    .map(|s| Some(s.to_string()))
    .collect();
    v.insert(3, None);
    v.push(None);
    // Several times over, with nulls at other places: more than 64 rows, so
    // validity bitmaps span several words.
    let once = v.clone();
    for k in 0..6 {
        v.extend(once.iter().enumerate().map(|(i, r)| if (i + k) % 7 == 0 { None } else { r.clone() }));
    }
    v
}

fn arrays(rows: &[Option<String>]) -> Vec<ArrayRef> {
    let r: Vec<Option<&str>> = rows.iter().map(|s| s.as_deref()).collect();
    // A padded array sliced to the rows: offsets that do not start at zero.
    let mut padded = vec![Some("http://padding.example/padding/padding")];
    padded.extend(r.iter().copied());
    let sliced = StringArray::from(padded.clone()).slice(1, r.len());
    let sliced_view = StringViewArray::from(padded).slice(1, r.len());
    vec![
        Arc::new(StringArray::from(r.clone())),
        Arc::new(LargeStringArray::from(r.clone())),
        Arc::new(StringViewArray::from(r.clone())),
        Arc::new(sliced),
        Arc::new(sliced_view),
    ]
}

fn strings(a: &StringViewArray) -> Vec<Option<&str>> {
    a.iter().collect()
}

#[test]
fn parse_matches_row_by_row() {
    let rows = rows();
    for array in arrays(&rows) {
        let s = uriscan_arrow::parse(&array).unwrap();
        assert_eq!(s.len(), rows.len());
        let valid = s.column_by_name("valid").unwrap().as_boolean();
        let port = s.column_by_name("port").unwrap().as_primitive::<Int32Type>();
        let kind = s.column_by_name("host_kind").unwrap().as_string_view();
        let eidx = s.column_by_name("error_index").unwrap().as_primitive::<UInt64Type>();
        let ekind = s.column_by_name("error_kind").unwrap().as_string_view();
        for (i, row) in rows.iter().enumerate() {
            let Some(text) = row else {
                assert!(s.is_null(i) && valid.is_null(i) && port.is_null(i) && eidx.is_null(i), "row {i}");
                for (name, _) in COMPONENTS {
                    assert!(s.column_by_name(name).unwrap().is_null(i));
                }
                continue;
            };
            assert!(s.is_valid(i));
            match UriRef::parse(text) {
                Ok(u) => {
                    assert!(valid.value(i), "{text}");
                    for (name, c) in COMPONENTS {
                        let col = s.column_by_name(name).unwrap().as_string_view();
                        let got = if col.is_null(i) { None } else { Some(col.value(i)) };
                        assert_eq!(got, part(&u, c), "{name} of {text}");
                    }
                    let want_port = match u.port_value() {
                        Some(Port::Number(n)) => Some(i32::from(n)),
                        _ => None,
                    };
                    assert_eq!(port.is_valid(i).then(|| port.value(i)), want_port, "{text}");
                    let want_kind = u.host_kind().map(|k| k.name());
                    assert_eq!(kind.is_valid(i).then(|| kind.value(i)), want_kind, "{text}");
                    assert!(eidx.is_null(i) && ekind.is_null(i));
                }
                Err(e) => {
                    assert!(!valid.value(i), "{text}");
                    assert_eq!(eidx.value(i), e.index() as u64);
                    assert_eq!(ekind.value(i), e.kind().name());
                    for (name, _) in COMPONENTS {
                        assert!(s.column_by_name(name).unwrap().is_null(i), "{name} of invalid {text}");
                    }
                }
            }
        }
    }
}

#[test]
fn components_share_the_input_buffers() {
    let long = "http://a-long-host-name.example/a/long/path/to/something?and=a&long=query";
    let input = StringArray::from(vec![long; 3]);
    for (_, c) in COMPONENTS {
        let col = uriscan_arrow::component(&input, c).unwrap();
        // The input's values buffer is the output's only data buffer.
        assert_eq!(col.data_buffers().len(), 1);
        assert_eq!(col.data_buffers()[0].as_ptr(), input.values().as_ptr());
    }
    let view_input = StringViewArray::from(vec![long; 3]);
    let path = uriscan_arrow::component(&view_input, Component::Path).unwrap();
    assert_eq!(path.data_buffers()[0].as_ptr(), view_input.data_buffers()[0].as_ptr());
    assert_eq!(path.value(2), "/a/long/path/to/something");
}

#[test]
fn kernels_match_row_by_row() {
    let rows = rows();
    let base = "http://a/b/c/d;p?q";
    let b = UriRef::parse(base).unwrap();
    for array in arrays(&rows) {
        let valid = uriscan_arrow::is_valid(&array).unwrap();
        let norm = uriscan_arrow::normalize(&array, NormalizeOptions::SCHEME_BASED).unwrap();
        let resolved = uriscan_arrow::resolve_scalar(&array, base).unwrap();
        let bases = StringArray::from(vec![base; rows.len()]);
        let resolved2 = uriscan_arrow::resolve(&array, &bases).unwrap();
        let errors = uriscan_arrow::error(&array).unwrap();
        let ports = uriscan_arrow::port(&array).unwrap();
        let split_path = uriscan_arrow::split_component(&array, Component::Path).unwrap();
        assert_eq!(strings(&resolved), strings(&resolved2));
        for (i, row) in rows.iter().enumerate() {
            let Some(text) = row else {
                assert!(valid.is_null(i) && norm.is_null(i) && resolved.is_null(i) && errors.is_null(i));
                assert!(ports.is_null(i) && split_path.is_null(i));
                continue;
            };
            assert_eq!(split_path.value(i), uriscan::split(text).path);
            let parsed = UriRef::parse(text);
            assert_eq!(valid.value(i), parsed.is_ok());
            assert_eq!(errors.is_valid(i).then(|| errors.value(i).to_string()), parsed.err().map(|e| e.to_string()));
            match parsed {
                Ok(u) => {
                    assert_eq!(norm.value(i), u.normalize_str_with(NormalizeOptions::SCHEME_BASED));
                    assert_eq!(resolved.value(i), u.resolve_str_with(&b, ResolveMode::Strict).unwrap());
                }
                Err(_) => assert!(norm.is_null(i) && resolved.is_null(i) && ports.is_null(i)),
            }
        }
    }
}

#[test]
fn normalize_mixes_views_and_computed_strings() {
    let input = StringArray::from(vec![
        "http://already.normal.example/path",
        "HTTP://NEEDS.WORK.EXAMPLE/a/./b/../c",
        "http://already.normal.example/other",
    ]);
    let n = uriscan_arrow::normalize(&input, NormalizeOptions::SYNTAX).unwrap();
    assert_eq!(
        strings(&n),
        [
            Some("http://already.normal.example/path"),
            Some("http://needs.work.example/a/c"),
            Some("http://already.normal.example/other")
        ]
    );
    // Input buffer first, then the block holding the one computed string.
    assert_eq!(n.data_buffers().len(), 2);
    assert_eq!(n.data_buffers()[0].as_ptr(), input.values().as_ptr());
}

#[test]
fn query_params() {
    let urls = StringViewArray::from(vec![
        Some("http://h/?a=1&bb=a-long-value-not-inline&bb=2"),
        Some("http://h/?a"),
        Some("http://h/"),
        Some("not a uri?a=1"),
        None,
    ]);
    let a = uriscan_arrow::query_param(&urls, "a").unwrap();
    assert_eq!(strings(&a), [Some("1"), Some(""), None, None, None]);
    let bb = uriscan_arrow::query_param(&urls, "bb").unwrap();
    assert_eq!(bb.value(0), "a-long-value-not-inline");
    let names = StringArray::from(vec![Some("bb"), Some("a"), Some("a"), Some("a"), Some("a")]);
    let each = uriscan_arrow::query_param_each(&urls, &names).unwrap();
    assert_eq!(strings(&each), [Some("a-long-value-not-inline"), Some(""), None, None, None]);
}

#[test]
fn errors_for_wrong_inputs() {
    let ints = arrow_array::Int32Array::from(vec![1, 2]);
    assert!(uriscan_arrow::parse(&ints).is_err());
    let a = StringArray::from(vec!["g"]);
    let b = StringArray::from(vec!["http://a/", "http://b/"]);
    assert!(uriscan_arrow::resolve(&a, &b).is_err());
    assert!(uriscan_arrow::query_param_each(&a, &b).is_err());
    // A base without a scheme resolves nothing.
    let bases = StringArray::from(vec!["/relative"]);
    assert!(uriscan_arrow::resolve(&a, &bases).unwrap().is_null(0));
}

#[test]
fn iri_and_crawl_kernels_match_row_by_row() {
    let mut rows = rows();
    for extra in [
        "http://r\u{e9}sum\u{e9}.example.org/\u{e9}t\u{e9}?q=\u{fc}#\u{df}",
        "//bn.wikipedia.org/wiki/\u{99d}\u{9be}",
        "http://www.example.org/D%C3%BCrst",
        "https://forums.news.cnn.co.uk/a",
        "http://a.b.github.io/",
        "http://WWW.Archive.org:80/goo/?b=2&a=1#x",
        "http://co.uk/",
        "http://\u{4f8b}\u{3048}.\u{30c6}\u{30b9}\u{30c8}/",
    ] {
        rows.push(Some(extra.to_string()));
    }
    for array in arrays(&rows) {
        let uris = uriscan_arrow::to_uri(&array).unwrap();
        let iris = uriscan_arrow::to_iri(&array).unwrap();
        let surts = uriscan_arrow::surt(&array).unwrap();
        let icann = uriscan_arrow::registrable_domain(&array, DomainOptions::default()).unwrap();
        let private = uriscan_arrow::registrable_domain(&array, DomainOptions::WITH_PRIVATE).unwrap();
        let suffix = uriscan_arrow::public_suffix(&array, DomainOptions::default()).unwrap();
        for (i, row) in rows.iter().enumerate() {
            let Some(text) = row else {
                for a in [&uris, &iris, &surts, &icann, &private, &suffix] {
                    assert!(a.is_null(i));
                }
                continue;
            };
            let get = |a: &StringViewArray| a.is_valid(i).then(|| a.value(i).to_string());
            let iri = Syntax::IriReference.parse(text).ok();
            assert_eq!(get(&uris), iri.map(|_| uriscan::iri::to_uri_str(text).into_owned()), "{text}");
            let uri = UriRef::parse(text).ok();
            assert_eq!(get(&iris), uri.map(|_| uriscan::iri::to_iri_str(text).into_owned()), "{text}");
            assert_eq!(get(&surts), Some(uriscan_crawl::surt(text)), "{text}");
            let host = iri.and_then(|u| u.host());
            let domain = |o| host.and_then(|h| uriscan_crawl::registrable_domain(h, o)).map(String::from);
            assert_eq!(get(&icann), domain(DomainOptions::default()), "{text}");
            assert_eq!(get(&private), domain(DomainOptions::WITH_PRIVATE), "{text}");
            let want = host.and_then(|h| uriscan_crawl::public_suffix(h, DomainOptions::default())).map(String::from);
            assert_eq!(get(&suffix), want, "{text}");
        }
        // Values the library documents, so the comparison above is not vacuous.
        let find = |a: &StringViewArray, row: &str| {
            let i = rows.iter().position(|r| r.as_deref() == Some(row)).unwrap();
            a.is_valid(i).then(|| a.value(i).to_string())
        };
        assert_eq!(find(&icann, "https://forums.news.cnn.co.uk/a").as_deref(), Some("cnn.co.uk"));
        assert_eq!(find(&private, "http://a.b.github.io/").as_deref(), Some("b.github.io"));
        assert_eq!(find(&icann, "http://co.uk/"), None);
        assert_eq!(
            find(&surts, "http://WWW.Archive.org:80/goo/?b=2&a=1#x").as_deref(),
            Some("org,archive)/goo?a=1&b=2")
        );
        assert_eq!(
            find(&iris, "http://www.example.org/D%C3%BCrst").as_deref(),
            Some("http://www.example.org/D\u{fc}rst")
        );
        assert_eq!(
            find(&uris, "http://r\u{e9}sum\u{e9}.example.org/\u{e9}t\u{e9}?q=\u{fc}#\u{df}").as_deref(),
            Some("http://r%C3%A9sum%C3%A9.example.org/%C3%A9t%C3%A9?q=%C3%BC#%C3%9F")
        );
    }
}
