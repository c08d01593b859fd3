//! Query-parameter surgery.

use std::borrow::Cow;

use uriscan_crawl::{filter_params, strip_tracking, ParamFilter};

#[test]
fn tracking_removed_rest_untouched() {
    let cases = [
        ("https://e.com/p?utm_source=a&utm_medium=b&id=1", "https://e.com/p?id=1"),
        ("https://e.com/p?id=1&fbclid=x#frag", "https://e.com/p?id=1#frag"),
        ("https://e.com/p?gclid=x", "https://e.com/p"),
        ("https://e.com/p?gclid=x#f", "https://e.com/p#f"),
        ("https://e.com/p?UTM_Source=a&x=%7E", "https://e.com/p?x=%7E"),
        ("https://e.com/p?%75tm_source=a&utm%5Fcampaign=b&x", "https://e.com/p?x"),
        ("https://e.com/p?a=1&&mc_eid=2&&b", "https://e.com/p?a=1&b"),
        ("https://e.com/p?utm=keep&xutm_source=keep", "https://e.com/p?utm=keep&xutm_source=keep"),
        ("/p#?utm_source=fragment", "/p#?utm_source=fragment"),
        ("?utm_source=x&pk_campaign=y", ""),
    ];
    for (input, expected) in cases {
        assert_eq!(strip_tracking(input), expected, "{input}");
    }
}

#[test]
fn borrowed_when_nothing_changes() {
    for input in ["https://e.com/p?id=1&x=2", "https://e.com/p", "https://e.com/p?", "a b?c&&d", ""] {
        assert!(matches!(strip_tracking(input), Cow::Borrowed(s) if s == input), "{input}");
    }
    let sort = ParamFilter { sort: true, ..ParamFilter::REMOVE_NONE };
    assert!(matches!(filter_params("/?a=2&b=1&b=0", &sort), Cow::Borrowed(_)));
    assert_eq!(filter_params("/?b=1&a=2&b=0", &sort), "/?a=2&b=1&b=0");
}

#[test]
fn keep_only_and_prefixes() {
    let keep = ParamFilter { names: &["q"], prefixes: &["page"], keep_only: true, ..ParamFilter::REMOVE_NONE };
    assert_eq!(filter_params("/s?q=rust&sid=9&page_size=10&x", &keep), "/s?q=rust&page_size=10");
    assert_eq!(filter_params("/s?sid=9", &keep), "/s");
    let remove = ParamFilter { names: &["a b"], ..ParamFilter::REMOVE_NONE };
    assert_eq!(filter_params("/?a+b=1&a%20b=2&ab=3", &remove), "/?ab=3");
}
