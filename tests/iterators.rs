//! Path-segment and query-pair iterators.

use uriscan::{PathSegments, QueryPair, QueryPairs, UriRef};

#[test]
fn path_segments() {
    let cases: [(&str, &[&str]); 8] = [
        ("", &[]),
        ("/", &[""]),
        ("/a", &["a"]),
        ("a", &["a"]),
        ("/a/b/", &["a", "b", ""]),
        ("a//b", &["a", "", "b"]),
        ("/a%2Fb/c", &["a%2Fb", "c"]),
        ("//", &["", ""]),
    ];
    for (p, want) in cases {
        assert_eq!(PathSegments::new(p).collect::<Vec<_>>(), want, "{p:?}");
        let mut rev: Vec<_> = PathSegments::new(p).rev().collect();
        rev.reverse();
        assert_eq!(rev, want, "{p:?} reversed");
    }
    let u = UriRef::parse("http://h/x/y?z").unwrap();
    assert_eq!(u.path_segments().collect::<Vec<_>>(), ["x", "y"]);
    assert_eq!(UriRef::parse("mailto:a@b").unwrap().path_segments().collect::<Vec<_>>(), ["a@b"]);
}

#[test]
fn query_pairs_raw_and_decoded() {
    // A malformed "%" is not a valid URI, so this one is split from a raw string.
    let pairs: Vec<QueryPair<'_>> = QueryPairs::new("q=caf%C3%A9+au+lait&&flag&e=&k=a=b&%41=%zz").collect();
    let u = UriRef::parse("/s?q=caf%C3%A9+au+lait&&flag&e=&k=a=b").unwrap();
    assert_eq!(u.query_pairs().collect::<Vec<_>>(), pairs[..4]);
    let raw: Vec<_> = pairs.iter().map(|p| (p.key, p.value)).collect();
    assert_eq!(
        raw,
        [("q", Some("caf%C3%A9+au+lait")), ("flag", None), ("e", Some("")), ("k", Some("a=b")), ("%41", Some("%zz"))]
    );
    assert_eq!(pairs[0].value_form_decoded().unwrap(), "café au lait");
    assert_eq!(pairs[0].value_decoded().unwrap(), "café+au+lait");
    assert_eq!(pairs[4].key_decoded(), "A");
    assert_eq!(pairs[4].key_form_decoded(), "A");
    assert_eq!(pairs[4].value_decoded().unwrap(), "%zz");
    assert_eq!(pairs[1].value_decoded(), None);
    assert_eq!(UriRef::parse("/p").unwrap().query_pairs().count(), 0);
    assert_eq!(UriRef::parse("/p?").unwrap().query_pairs().count(), 0);
    assert_eq!(QueryPairs::new("&&").count(), 0);
}
