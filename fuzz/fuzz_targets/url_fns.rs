//! The URL function set of `uriscan-crawl` (params, hosts, paths, encoding,
//! Common Crawl columns) on arbitrary bytes: every function returns without
//! panicking; removing a parameter removes what finding it finds (and one
//! `&`), every other byte kept; hierarchies are prefixes of the input; encoding then
//! decoding gives the input back (ClickHouse's and Spark's encodings); Spark's
//! `parse_url` parts are slices of the input, and an RFC 2396 reference
//! without brackets or non-ASCII bytes is one `java.net.URI` reads alike.
#![no_main]

use uriscan_crawl::hierarchy::{url_hierarchy, url_path_hierarchy};
use uriscan_crawl::{cc_index, encoding, hosts, params, paths, spark};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let e = encoding::encode_url_component(data);
    assert_eq!(encoding::decode_url_component(&*e), data);
    let f = encoding::encode_url_form_component(data);
    assert_eq!(encoding::decode_url_form_component(&*f), data);
    let _ = (encoding::decode_url_component_lossy(data), encoding::decode_url_form_component_lossy(data));
    let Ok(url) = std::str::from_utf8(data) else { return };

    // The name to look up and cut: the first key of the query, if any.
    let name = params::url_parameter_pairs(url).next().map_or("x", |p| p.key);
    let _ = (params::url_parameter(url, name), params::url_parameter_decoded(url, name));
    let _ = (params::url_parameter_values(url, name).count(), params::url_parameter_names(url).count());
    let _ = params::url_parameters(url).count();
    let cut = params::cut_url_parameter(url, name);
    match params::url_parameter(url, name) {
        // ClickHouse's cut: the piece `name=value` that url_parameter finds, with the `&`
        // after it, or else the one before it; every other byte kept.
        Some(value) => {
            let v = value.as_ptr() as usize - url.as_ptr() as usize;
            let (start, end) = (v - name.len() - 1, v + value.len());
            let (a, b) = if url[end..].starts_with('&') {
                (start, end + 1)
            } else if url[..start].ends_with('&') {
                (start - 1, end)
            } else {
                (start, end)
            };
            assert_eq!(cut, [&url[..a], &url[b..]].concat(), "{url:?}");
        }
        None => assert_eq!(cut, url),
    }

    for level in url_hierarchy(url) {
        assert!(url.starts_with(level));
    }
    let path_levels: Vec<&str> = url_path_hierarchy(url).collect();
    if let Some(first) = path_levels.first() {
        let start = first.as_ptr() as usize - url.as_ptr() as usize;
        assert!(path_levels.iter().all(|l| url[start..].starts_with(l)));
    }

    let suffix = |s: &str| s == "com" || s == "co.uk";
    let _ = (hosts::top_level_domain(url), hosts::first_significant_subdomain(url));
    let _ = (hosts::cut_to_first_significant_subdomain(url), hosts::cut_to_first_significant_subdomain_with_www(url));
    let _ = (hosts::first_significant_subdomain_custom(url, suffix), hosts::cut_to_first_significant_subdomain_custom(url, suffix));
    let _ = hosts::cut_to_first_significant_subdomain_custom_with_www(url, suffix);
    let _ = (hosts::domain(url), hosts::domain_rfc(url), hosts::domain_without_www_rfc(url), hosts::top_level_domain_rfc(url));
    let _ = (hosts::first_significant_subdomain_rfc(url), hosts::cut_to_first_significant_subdomain_rfc(url));
    let _ = (hosts::cut_to_first_significant_subdomain_with_www_rfc(url), hosts::cut_www(url), paths::port_rfc(url));
    let _ = (paths::protocol(url), paths::query_string(url), paths::fragment(url), paths::cut_query_string(url));
    let _ = (hosts::domain_depth(url), hosts::host_nth_last_part(url, 2), hosts::host_reversed(url));
    let _ = (paths::path(url), paths::path_full(url), paths::path_segments(url).count(), paths::file_extension(url));
    let _ = (paths::netloc(url), paths::port(url), paths::port_or_default(url), paths::query_string_and_fragment(url));
    let _ = cc_index::cc_index_columns(url);

    // Spark: URLEncoder then URLDecoder gives the text back; parts are slices of the input.
    assert_eq!(encoding::url_decode(&encoding::url_encode(url)).as_deref().ok(), Some(url));
    let _ = encoding::url_decode(url);
    let within = |p: &str| {
        let start = (p.as_ptr() as usize).wrapping_sub(url.as_ptr() as usize);
        start <= url.len() && url.get(start..start + p.len()) == Some(p)
    };
    for part in ["HOST", "PATH", "QUERY", "REF", "PROTOCOL", "FILE", "AUTHORITY", "USERINFO"] {
        if let Some(p) = spark::parse_url(url, part) {
            assert!(within(p), "{url:?} {part}");
        }
    }
    if let Ok(key) = spark::QueryKey::new(name) {
        let _ = spark::parse_url_query(url, &key);
    }
    let plain = url.is_ascii() && !url.contains(['[', ']']) && !url.starts_with('?');
    if plain && uriscan::Syntax::Rfc2396UriReference.parse(url).is_ok() {
        // Only an empty authority with nothing after it is refused (`http://`).
        assert!(spark::JavaUri::parse(url).is_some() || url.ends_with("//"), "{url:?}");
    }
});
