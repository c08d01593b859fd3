//! The functions through SQL on a SessionContext, over Utf8, LargeUtf8 and
//! Utf8View columns and literals, against `uriscan` called row by row.

use std::sync::Arc;

use datafusion::arrow::array::{Array, ArrayRef, LargeStringArray, StringArray, StringViewArray};
use datafusion::arrow::compute::cast;
use datafusion::arrow::datatypes::{DataType, Field, Schema};
use datafusion::arrow::record_batch::RecordBatch;
use datafusion::datasource::MemTable;
use datafusion::prelude::SessionContext;
use uriscan::{NormalizeOptions, Port, UriRef};

const URLS: [Option<&str>; 12] = [
    Some("foo://user:pw@example.com:8042/over/there?name=ferret&x=1#nose"),
    Some("http://www.ietf.org/rfc/rfc2396.txt"),
    Some("ldap://[2001:db8::7]/c=GB?objectClass?one"),
    Some("mailto:John.Doe@example.com"),
    None,
    Some("http://h?"),
    Some("../g?y#s"),
    Some("http://h/a b"),
    Some("http://[::1"),
    Some("HTTP://Example.COM:80/a/./b/../c"),
    Some("https://a-long-host-name.example.org/path?q=a-long-query-value"),
    Some(""),
];

async fn context() -> SessionContext {
    let ctx = SessionContext::new();
    uriscan_datafusion::register(&ctx);
    let columns: Vec<(&str, ArrayRef)> = vec![
        ("u8", Arc::new(StringArray::from(URLS.to_vec()))),
        ("large", Arc::new(LargeStringArray::from(URLS.to_vec()))),
        ("view", Arc::new(StringViewArray::from(URLS.to_vec()))),
        ("name", Arc::new(StringArray::from(vec![Some("x"); URLS.len()]))),
    ];
    let schema = Arc::new(Schema::new(
        columns.iter().map(|(n, a)| Field::new(*n, a.data_type().clone(), true)).collect::<Vec<_>>(),
    ));
    let batch = RecordBatch::try_new(schema.clone(), columns.into_iter().map(|(_, a)| a).collect()).unwrap();
    let table = MemTable::try_new(schema, vec![vec![batch]]).unwrap();
    ctx.register_table("t", Arc::new(table)).unwrap();
    ctx
}

/// The first column of `sql`'s result, as strings.
async fn column(ctx: &SessionContext, sql: &str) -> Vec<Option<String>> {
    let batches = ctx.sql(sql).await.unwrap().collect().await.unwrap();
    let mut out = Vec::new();
    for b in batches {
        let c = cast(b.column(0), &DataType::Utf8).unwrap();
        let c = c.as_any().downcast_ref::<StringArray>().unwrap();
        out.extend(c.iter().map(|v| v.map(str::to_string)));
    }
    out
}

fn expected(f: impl Fn(&UriRef<'_>) -> Option<String>) -> Vec<Option<String>> {
    URLS.iter().map(|u| u.and_then(|u| UriRef::parse(u).ok()).and_then(|u| f(&u))).collect()
}

#[tokio::test]
async fn components_on_every_string_type() {
    let ctx = context().await;
    type Get = fn(&UriRef<'_>) -> Option<String>;
    let cases: [(&str, Get); 9] = [
        ("uri_scheme", |u| u.scheme().map(Into::into)),
        ("uri_authority", |u| u.authority().map(Into::into)),
        ("uri_userinfo", |u| u.userinfo().map(Into::into)),
        ("uri_host", |u| u.host().map(Into::into)),
        ("uri_path", |u| Some(u.path().into())),
        ("uri_query", |u| u.query().map(Into::into)),
        ("uri_fragment", |u| u.fragment().map(Into::into)),
        ("uri_port", |u| match u.port_value() {
            Some(Port::Number(n)) => Some(n.to_string()),
            _ => None,
        }),
        ("uri_normalize", |u| Some(u.normalize_str_with(NormalizeOptions::SCHEME_BASED).into_owned())),
    ];
    for (f, get) in cases {
        let want = expected(get);
        for col in ["u8", "large", "view"] {
            assert_eq!(column(&ctx, &format!("SELECT {f}({col}) FROM t")).await, want, "{f}({col})");
        }
        // Literals, one by one (a scalar in, a scalar out).
        for (i, url) in URLS.iter().enumerate() {
            let lit = url.map_or("NULL".to_string(), |u| format!("'{u}'"));
            assert_eq!(column(&ctx, &format!("SELECT {f}({lit})")).await, [want[i].clone()], "{f}({lit})");
        }
    }
}

#[tokio::test]
async fn validity_and_errors() {
    let ctx = context().await;
    let valid = URLS.iter().map(|u| u.map(|u| UriRef::parse(u).is_ok().to_string())).collect::<Vec<_>>();
    let errors = URLS.iter().map(|u| u.and_then(|u| UriRef::parse(u).err()).map(|e| e.to_string())).collect::<Vec<_>>();
    for col in ["u8", "large", "view"] {
        assert_eq!(column(&ctx, &format!("SELECT uri_is_valid({col}) FROM t")).await, valid);
        assert_eq!(column(&ctx, &format!("SELECT uri_error({col}) FROM t")).await, errors);
    }
    assert_eq!(
        column(&ctx, "SELECT uri_error('http://h/a b')").await,
        [Some("invalid character ' ' at index 10 in path".into())]
    );
}

#[tokio::test]
async fn parse_struct() {
    let ctx = context().await;
    let host = column(&ctx, "SELECT uri_parse(view)['host'] FROM t").await;
    assert_eq!(host, expected(|u| u.host().map(Into::into)));
    let idx = column(&ctx, "SELECT uri_parse(u8)['error_index'] FROM t").await;
    let want: Vec<_> =
        URLS.iter().map(|u| u.and_then(|u| UriRef::parse(u).err()).map(|e| e.index().to_string())).collect();
    assert_eq!(idx, want);
    let kind = column(&ctx, "SELECT uri_parse(large)['host_kind'] FROM t").await;
    assert_eq!(kind, expected(|u| u.host_kind().map(|k| k.name().into())));
}

#[tokio::test]
async fn resolve_and_query_param() {
    let ctx = context().await;
    let base = "http://a/b/c/d;p?q";
    let b = UriRef::parse(base).unwrap();
    let want = expected(|u| u.resolve_str(&b).ok());
    for col in ["u8", "large", "view"] {
        assert_eq!(column(&ctx, &format!("SELECT uri_resolve('{base}', {col}) FROM t")).await, want);
        // A column of bases.
        assert_eq!(
            column(&ctx, &format!("SELECT uri_resolve(arrow_cast('{base}', 'Utf8') || '', {col}) FROM t")).await,
            want
        );
    }
    assert_eq!(column(&ctx, "SELECT uri_resolve(NULL, view) FROM t").await, vec![None; URLS.len()]);
    assert_eq!(column(&ctx, "SELECT uri_resolve('relative/base', view) FROM t").await, vec![None; URLS.len()]);
    assert_eq!(column(&ctx, "SELECT uri_resolve('http://a/b/c/d;p?q', '../../g')").await, [Some("http://a/g".into())]);

    let x = column(&ctx, "SELECT uri_query_param(view, 'x') FROM t").await;
    assert_eq!(x[0].as_deref(), Some("1"));
    assert!(x[1..].iter().all(Option::is_none));
    assert_eq!(column(&ctx, "SELECT uri_query_param(large, name) FROM t").await, x);
    assert_eq!(column(&ctx, "SELECT uri_query_param('http://h/?a&b=2', 'a')").await, [Some(String::new())]);
}

#[tokio::test]
async fn spark_parse_url() {
    let ctx = context().await;
    // Expected values: Spark's definitions (java.net.URI's raw getters, see
    // the `spark` module), worked out by hand for each case.
    let u = "http://user:pw@Example.com:8080/a/b.html?x=1&y=2#frag";
    let cases: [(&str, &str, Option<&str>, Option<&str>); 20] = [
        (u, "HOST", None, Some("Example.com")),
        (u, "PATH", None, Some("/a/b.html")),
        (u, "QUERY", None, Some("x=1&y=2")),
        (u, "QUERY", Some("y"), Some("2")),
        (u, "QUERY", Some("z"), None),
        (u, "REF", None, Some("frag")),
        (u, "PROTOCOL", None, Some("http")),
        (u, "FILE", None, Some("/a/b.html?x=1&y=2")),
        (u, "AUTHORITY", None, Some("user:pw@Example.com:8080")),
        (u, "USERINFO", None, Some("user:pw")),
        (u, "host", None, None),
        ("http://h?q", "FILE", None, Some("?q")),
        ("http://h", "PATH", None, Some("")),
        ("mailto:a@b.example?subject=x", "PATH", None, None),
        ("mailto:a@b.example?subject=x", "QUERY", None, None),
        ("http://a_b.example/", "HOST", None, None),
        ("http://1.2.3.300/", "HOST", None, None),
        ("http://[::1]:80/", "HOST", None, Some("[::1]")),
        ("file:///etc/hosts", "HOST", None, None),
        ("http://h/a b", "PATH", None, None),
    ];
    for (url, part, key, want) in cases {
        let sql = match key {
            Some(k) => format!("SELECT parse_url('{url}', '{part}', '{k}')"),
            None => format!("SELECT parse_url('{url}', '{part}')"),
        };
        assert_eq!(column(&ctx, &sql).await, [want.map(String::from)], "{sql}");
        assert_eq!(uriscan_datafusion::spark::parse_url_part(url, part, key), want);
    }
    // Columns of URLs, and a column of parts.
    let hosts = column(&ctx, "SELECT parse_url(view, 'HOST') FROM t").await;
    let want: Vec<_> = URLS
        .iter()
        .map(|u| u.and_then(|u| uriscan_datafusion::spark::parse_url_part(u, "HOST", None)).map(String::from))
        .collect();
    assert_eq!(hosts, want);
    assert_eq!(column(&ctx, "SELECT parse_url(u8, arrow_cast('HOST', 'Utf8') || '') FROM t").await, want);
    assert_eq!(column(&ctx, "SELECT parse_url(view, 'QUERY', name) FROM t").await[0].as_deref(), Some("1"));
    assert_eq!(column(&ctx, "SELECT parse_url(view, NULL) FROM t").await, vec![None; URLS.len()]);
}

#[tokio::test]
async fn group_by_host_and_bad_calls() {
    let ctx = context().await;
    let batches = ctx
        .sql("SELECT uri_host(view) AS h, count(*) AS n FROM t GROUP BY h ORDER BY h")
        .await
        .unwrap()
        .collect()
        .await
        .unwrap();
    let rows: usize = batches.iter().map(|b| b.num_rows()).sum();
    let mut hosts: Vec<Option<String>> = expected(|u| u.host().map(Into::into));
    hosts.sort();
    hosts.dedup();
    assert_eq!(rows, hosts.len());
    // Wrong arity or types are planning errors, not panics.
    assert!(ctx.sql("SELECT uri_host(u8, u8) FROM t").await.is_err());
    assert!(ctx.sql("SELECT uri_resolve(u8) FROM t").await.is_err());
    assert!(ctx.sql("SELECT parse_url(u8) FROM t").await.is_err());
}

#[tokio::test]
async fn iri_and_crawl_functions() {
    let ctx = context().await;
    for col in ["u8", "large", "view"] {
        let surt = column(&ctx, &format!("SELECT uri_surt({col}) FROM t")).await;
        let want: Vec<Option<String>> = URLS.iter().map(|u| u.map(uriscan_crawl::surt)).collect();
        assert_eq!(surt, want, "{col}");
        let domain = column(&ctx, &format!("SELECT uri_registrable_domain({col}) FROM t")).await;
        let host = |u: &UriRef<'_>| u.host().map(str::to_string);
        let want = expected(|u| {
            host(u).and_then(|h| uriscan_crawl::registrable_domain(&h, Default::default()).map(String::from))
        });
        assert_eq!(domain, want, "{col}");
        let suffix = column(&ctx, &format!("SELECT uri_public_suffix({col}) FROM t")).await;
        let want =
            expected(|u| host(u).and_then(|h| uriscan_crawl::public_suffix(&h, Default::default()).map(String::from)));
        assert_eq!(suffix, want, "{col}");
        let iri = column(&ctx, &format!("SELECT uri_to_iri({col}) FROM t")).await;
        assert_eq!(iri, expected(|u| Some(uriscan::iri::to_iri_str(u.as_str()).into_owned())), "{col}");
        // ASCII URIs map to themselves.
        let uri = column(&ctx, &format!("SELECT uri_to_uri({col}) FROM t")).await;
        assert_eq!(uri, expected(|u| Some(u.as_str().to_string())), "{col}");
    }
    let one = |sql: &'static str| {
        let ctx = &ctx;
        async move { column(ctx, sql).await.remove(0) }
    };
    assert_eq!(
        one("SELECT uri_surt('http://www.Archive.org:80/goo/?b=2&a=1#x')").await.as_deref(),
        Some("org,archive)/goo?a=1&b=2")
    );
    assert_eq!(
        one("SELECT uri_registrable_domain('https://forums.news.cnn.co.uk/')").await.as_deref(),
        Some("cnn.co.uk")
    );
    assert_eq!(one("SELECT uri_public_suffix('https://forums.news.cnn.co.uk/')").await.as_deref(), Some("co.uk"));
    assert_eq!(one("SELECT uri_registrable_domain('http://192.0.2.1/')").await, None);
    assert_eq!(
        one("SELECT uri_to_uri('http://r\u{e9}sum\u{e9}.example.org/\u{e9}')").await.as_deref(),
        Some("http://r%C3%A9sum%C3%A9.example.org/%C3%A9")
    );
    assert_eq!(
        one("SELECT uri_to_iri('http://www.example.org/D%C3%BCrst')").await.as_deref(),
        Some("http://www.example.org/D\u{fc}rst")
    );
    assert_eq!(one("SELECT uri_to_uri('a b')").await, None);
    assert_eq!(one("SELECT uri_surt(NULL)").await, None);
}

#[tokio::test]
async fn uri_crawl_functions_read_strictly() {
    use uriscan_crawl::{hosts, paths, uri};
    let ctx = context().await;
    // Each function against the crawl crate's scalar function, NULL for a string that is not a URI reference.
    type Get = fn(&str) -> Option<String>;
    let cases: [(&str, Get); 19] = [
        ("uri_query_param_decoded(view, 'x')", |u| uri::query_param_decoded(u, "x").map(|v| v.into_owned())),
        ("array_to_string(uri_query_param_values(view, 'x'), '|')", |u| {
            Some(uriscan_crawl::params::url_parameter_values(u, "x").collect::<Vec<_>>().join("|"))
        }),
        ("array_to_string(uri_query_param_names(view), '|')", |u| {
            Some(uri::query_param_names(u).collect::<Vec<_>>().join("|"))
        }),
        ("array_to_string(uri_query_params(view), '|')", |u| Some(uri::query_params(u).collect::<Vec<_>>().join("|"))),
        ("uri_cut_query_params(view, ['x', 'name'])", |u| Some(uri::cut_query_params(u, &["x", "name"]).into_owned())),
        ("uri_host_without_www(view)", |u| uri::host_without_www(u).map(Into::into)),
        ("uri_top_level_domain(view)", |u| uri::top_level_domain(u).map(Into::into)),
        ("uri_first_significant_subdomain(view)", |u| uri::first_significant_subdomain(u).map(Into::into)),
        ("uri_cut_to_first_significant_subdomain(view)", |u| {
            uri::cut_to_first_significant_subdomain(u).map(Into::into)
        }),
        ("uri_domain_depth(view)", |u| hosts::domain_depth(u).map(|d| d.to_string())),
        ("uri_host_reversed(view)", |u| UriRef::parse(u).ok()?.host().map(hosts::host_reversed)),
        ("array_to_string(uri_path_segments(view), '|')", |u| {
            Some(paths::path_segments(u).collect::<Vec<_>>().join("|"))
        }),
        ("uri_file_extension(view)", |u| paths::file_extension(u).map(Into::into)),
        ("uri_port_or_default(view)", |u| paths::port_or_default(u).map(|p| p.to_string())),
        ("uri_cut_query(view)", |u| Some(uri::cut_query(u).into_owned())),
        ("uri_cut_fragment(view)", |u| Some(uri::cut_fragment(u).into())),
        ("uri_cut_query_and_fragment(view)", |u| Some(uri::cut_query_and_fragment(u).into())),
        ("array_to_string(uri_hierarchy(view), '|')", |u| Some(uri::hierarchy(u).collect::<Vec<_>>().join("|"))),
        ("array_to_string(uri_path_hierarchy(view), '|')", |u| {
            Some(uri::path_hierarchy(u).collect::<Vec<_>>().join("|"))
        }),
    ];
    for (call, f) in cases {
        let want: Vec<Option<String>> =
            URLS.iter().map(|u| u.filter(|u| UriRef::parse(u).is_ok()).and_then(f)).collect();
        assert_eq!(column(&ctx, &format!("SELECT {call} FROM t")).await, want, "{call}");
    }
    // Encoding: any string (RFC 3986 §2.1, §2.3).
    let enc = "SELECT uri_encode_component('a b/é~'), uri_decode_component('caf%C3%A9+'), uri_decode_component('%zz')";
    let batches = ctx.sql(enc).await.unwrap().collect().await.unwrap();
    let text = datafusion::arrow::util::pretty::pretty_format_batches(&batches).unwrap().to_string();
    assert!(text.contains("| a%20b%2F%C3%A9~ "), "{text}");
    assert!(text.contains("| café+ "), "{text}");
    assert_eq!(column(&ctx, "SELECT uri_decode_component('%FF')").await, [None]);
    assert_eq!(column(&ctx, "SELECT uri_query_param_decoded('http://h/?x=a+b%21', 'x')").await, [Some("a b!".into())]);
    assert_eq!(column(&ctx, "SELECT uri_query_param_decoded('http://h/a b?x=1', 'x')").await, [None]);
}
