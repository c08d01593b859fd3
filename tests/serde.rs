//! serde (feature `serde`): references as strings, borrowed or owned, and
//! parse errors as deserialization errors, with serde_json.
#![cfg(feature = "serde")]

mod common;
use common::{invalid_cases, valid_cases};

use uriscan::{Syntax, UriBuf, UriRef};

#[test]
fn every_valid_case_round_trips_borrowed_and_owned() {
    let inputs: Vec<&str> = valid_cases().iter().map(|c| c.input).collect();
    let json = serde_json::to_string(&inputs).unwrap();
    let borrowed: Vec<UriRef<'_>> = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}"));
    let owned: Vec<UriBuf> = serde_json::from_str(&json).unwrap();
    let from_value: Vec<UriBuf> = serde_json::from_value(serde_json::from_str(&json).unwrap()).unwrap();
    assert_eq!(borrowed.len(), inputs.len());
    for (((b, o), v), s) in borrowed.iter().zip(&owned).zip(&from_value).zip(&inputs) {
        assert_eq!(*b, UriRef::parse(s).unwrap());
        assert_eq!(o.as_uri_ref(), *b);
        assert_eq!(v, o);
        // Zero-copy: the borrowed text lies inside the JSON buffer (no
        // valid case needs a JSON escape).
        let range = json.as_bytes().as_ptr_range();
        assert!(range.contains(&b.as_str().as_ptr()), "{s} was copied");
    }
    assert_eq!(serde_json::to_string(&borrowed).unwrap(), json);
    assert_eq!(serde_json::to_string(&owned).unwrap(), json);
    let uri = Syntax::Uri.parse("http://a/b").unwrap();
    assert_eq!(serde_json::to_string(&uri).unwrap(), r#""http://a/b""#);
}

#[test]
fn escaped_strings_cannot_be_borrowed_but_can_be_owned() {
    let json = r#""http:\/\/a\/b""#;
    let e = serde_json::from_str::<UriRef<'_>>(json).unwrap_err();
    assert!(e.to_string().contains("expected a borrowed URI reference"), "{e}");
    let o: UriBuf = serde_json::from_str(json).unwrap();
    assert_eq!((o.host(), o.path()), (Some("a"), "/b"));
}

#[test]
fn parse_failures_are_errors_naming_index_and_kind() {
    let mut n = 0;
    for c in invalid_cases().into_iter().filter(|c| c.rule == "uri-reference") {
        let Ok(text) = String::from_utf8(c.input.clone()) else { continue };
        let want = UriRef::parse(&text).unwrap_err().to_string();
        assert!(want.contains(&format!("at index {}", c.index)), "{want}");
        let json = serde_json::to_string(&text).unwrap();
        let owned = serde_json::from_str::<UriBuf>(&json).unwrap_err().to_string();
        assert!(owned.starts_with(&want), "line {}: {owned} / {want}", c.line);
        if !json.contains('\\') {
            let borrowed = serde_json::from_str::<UriRef<'_>>(&json).unwrap_err().to_string();
            assert!(borrowed.starts_with(&want), "line {}: {borrowed}", c.line);
        }
        n += 1;
    }
    assert!(n > 20);
    // Inside a structure, the error says where.
    let e = serde_json::from_str::<Vec<UriBuf>>(r#"["http://a/", "http://a b/"]"#).unwrap_err();
    assert_eq!(e.to_string(), "invalid character ' ' at index 8 in authority at line 1 column 27");
}
