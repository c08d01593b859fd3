//! The Common Crawl index columns against the JDK's reading of the same URLs
//! (data/cc_index.txt, produced by data/GenCcIndex.java, which follows the
//! converter's documented steps with java.net.URL, IDN and InetAddress), and
//! the suffix columns against cc-index-table's own test expectations.

mod common;

use common::{rows, unescape};
use uriscan_crawl::cc_index::{cc_index_columns, CcIndexColumns};

fn column(c: &str) -> Option<String> {
    (c != "\\N").then(|| String::from_utf8(unescape(c)).expect("UTF-8 data"))
}

#[test]
fn jdk_outputs() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for (line, c) in rows(include_str!("data/cc_index.txt")) {
        let url = String::from_utf8(unescape(c[0])).expect("UTF-8 input");
        let got = cc_index_columns(&url);
        checked += 1;
        if c[1] == "MALFORMED" {
            let only_key = CcIndexColumns { url_surtkey: got.url_surtkey.clone(), ..CcIndexColumns::default() };
            if got != only_key {
                failures.push(format!("cc_index.txt:{line}: {url:?}: the JDK refuses it, got {got:?}"));
            }
            continue;
        }
        let wanted = [
            ("url_host_name", column(c[1]), got.url_host_name.clone()),
            ("url_host_tld", column(c[2]), got.url_host_tld.clone()),
            ("url_host_2nd_last_part", column(c[3]), got.url_host_2nd_last_part.clone()),
            ("url_host_3rd_last_part", column(c[4]), got.url_host_3rd_last_part.clone()),
            ("url_host_4th_last_part", column(c[5]), got.url_host_4th_last_part.clone()),
            ("url_host_5th_last_part", column(c[6]), got.url_host_5th_last_part.clone()),
            ("url_host_name_reversed", column(c[7]), got.url_host_name_reversed.clone()),
            ("url_protocol", column(c[8]), got.url_protocol.clone()),
            ("url_port", column(c[9]), got.url_port.map(|p| p.to_string())),
            ("url_path", column(c[10]), got.url_path.clone()),
            ("url_query", column(c[11]), got.url_query.clone()),
        ];
        for (name, jdk, ours) in wanted {
            if jdk != ours {
                failures.push(format!("cc_index.txt:{line}: {url:?} {name}: JDK {jdk:?}, got {ours:?}"));
            }
        }
    }
    assert!(checked >= 40, "only {checked} rows");
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}

/// cc-index-table's TestURL: an IP address has no suffix and no reversed
/// host; `example.invalid` has no suffix but its labels; `www.example.com`
/// and the private `myblog.blogspot.com`.
#[test]
fn converter_test_expectations() {
    let ip = cc_index_columns("http://123.123.123.123/index.html");
    assert_eq!(ip.url_host_name.as_deref(), Some("123.123.123.123"));
    assert_eq!(
        (ip.url_host_registered_domain, ip.url_host_registry_suffix, ip.url_host_name_reversed),
        (None, None, None)
    );

    let invalid = cc_index_columns("http://example.invalid/");
    assert_eq!((invalid.url_host_registered_domain, invalid.url_host_registry_suffix), (None, None));
    assert_eq!(invalid.url_host_tld.as_deref(), Some("invalid"));

    let www = cc_index_columns("http://www.example.com/index.html");
    assert_eq!(www.url_host_tld.as_deref(), Some("com"));
    assert_eq!(www.url_host_registered_domain.as_deref(), Some("example.com"));
    assert_eq!(www.url_host_private_domain.as_deref(), Some("example.com"));

    let blog = cc_index_columns("http://myblog.blogspot.com/");
    assert_eq!(blog.url_host_private_domain.as_deref(), Some("myblog.blogspot.com"));
    assert_eq!(blog.url_host_registered_domain.as_deref(), Some("blogspot.com"));
    assert_eq!(blog.url_host_private_suffix.as_deref(), Some("blogspot.com"));
    assert_eq!(blog.url_host_registry_suffix.as_deref(), Some("com"));

    // A host that is a suffix: the suffix, no domain.
    let suffix = cc_index_columns("http://co.uk/");
    assert_eq!(suffix.url_host_registry_suffix.as_deref(), Some("co.uk"));
    assert_eq!(suffix.url_host_registered_domain, None);
    // A private suffix under a private suffix's ICANN one.
    let gh = cc_index_columns("https://a.b.github.io/x");
    assert_eq!(gh.url_host_registry_suffix.as_deref(), Some("io"));
    assert_eq!(gh.url_host_registered_domain.as_deref(), Some("github.io"));
    assert_eq!(gh.url_host_private_suffix.as_deref(), Some("github.io"));
    assert_eq!(gh.url_host_private_domain.as_deref(), Some("b.github.io"));
    // The SURT key is the crate's.
    assert_eq!(gh.url_surtkey, uriscan_crawl::surt("https://a.b.github.io/x"));
}

#[test]
fn no_panic_on_odd_input() {
    for url in
        ["", ":", "//", "http://", "http://[", "http://%", "http://\u{0}/", "http://a:99999999999/", "http://.../"]
    {
        let c = cc_index_columns(url);
        assert!(!c.url_surtkey.is_empty() || url.is_empty(), "{url:?}");
    }
}

/// `into_columns` gives every field once, in the order of `NAMES`: each
/// field here holds its own name (the port its index in `NAMES`).
#[test]
fn into_columns_follows_names() {
    let name = |n: &str| Some(n.to_string());
    let c = CcIndexColumns {
        url_surtkey: "url_surtkey".to_string(),
        url_host_name: name("url_host_name"),
        url_host_tld: name("url_host_tld"),
        url_host_2nd_last_part: name("url_host_2nd_last_part"),
        url_host_3rd_last_part: name("url_host_3rd_last_part"),
        url_host_4th_last_part: name("url_host_4th_last_part"),
        url_host_5th_last_part: name("url_host_5th_last_part"),
        url_host_registry_suffix: name("url_host_registry_suffix"),
        url_host_registered_domain: name("url_host_registered_domain"),
        url_host_private_suffix: name("url_host_private_suffix"),
        url_host_private_domain: name("url_host_private_domain"),
        url_host_name_reversed: name("url_host_name_reversed"),
        url_protocol: name("url_protocol"),
        url_port: Some(13),
        url_path: name("url_path"),
        url_query: name("url_query"),
    };
    let (text, port, rest) = c.into_columns();
    let names = CcIndexColumns::NAMES;
    assert_eq!(names[port.unwrap() as usize], "url_port");
    let values: Vec<&str> = text.iter().chain(&rest).map(|v| v.as_deref().unwrap()).collect();
    let text_names: Vec<&str> = names.iter().copied().filter(|&n| n != "url_port").collect();
    assert_eq!(values, text_names);
}
