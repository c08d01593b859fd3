//! Percent-encoding (RFC 3986 §2.1, §2.4).

use std::borrow::Cow;
use uriscan::percent::{self, DecodeError};
use uriscan::sets;

/// A component encoder.
type Encoder = fn(&[u8]) -> Cow<'_, str>;

#[test]
fn encode_upper_hex_utf8_and_borrowing() {
    assert_eq!(percent::encode("a b", &sets::UNRESERVED), "a%20b");
    assert_eq!(percent::encode("\u{e9}\u{20ac}", &sets::UNRESERVED), "%C3%A9%E2%82%AC");
    assert_eq!(percent::encode(&[0u8, 0x7f, 0x80, 0xff][..], &sets::PCHAR), "%00%7F%80%FF");
    assert!(matches!(percent::encode("abc-._~", &sets::UNRESERVED), Cow::Borrowed("abc-._~")));
    assert_eq!(percent::encode("", &sets::UNRESERVED), "");
    // Non-ASCII bytes are encoded even if a set claims them.
    let all = uriscan::ByteSet::from_bits([!0; 4]);
    assert_eq!(percent::encode(&b"\xC3"[..], &all), "%C3");
    assert_eq!(percent::Encoded::new("a b", &sets::UNRESERVED).to_string(), "a%20b");
    let mut s = String::from(">");
    percent::encode_into("é", &sets::UNRESERVED, &mut s);
    assert_eq!(s, ">%C3%A9");
}

#[test]
fn component_encoders() {
    let raw = "a b/c?d#e@f:g&h=i+j%k[l]";
    assert_eq!(percent::encode_userinfo(raw), "a%20b%2Fc%3Fd%23e%40f:g&h=i+j%25k%5Bl%5D");
    assert_eq!(percent::encode_reg_name(raw), "a%20b%2Fc%3Fd%23e%40f%3Ag&h=i+j%25k%5Bl%5D");
    assert_eq!(percent::encode_path_segment(raw), "a%20b%2Fc%3Fd%23e@f:g&h=i+j%25k%5Bl%5D");
    assert_eq!(percent::encode_path(raw), "a%20b/c%3Fd%23e@f:g&h=i+j%25k%5Bl%5D");
    assert_eq!(percent::encode_query(raw), "a%20b/c?d%23e@f:g&h=i+j%25k%5Bl%5D");
    assert_eq!(percent::encode_fragment(raw), "a%20b/c?d%23e@f:g&h=i+j%25k%5Bl%5D");
}

#[test]
fn encoders_output_only_allowed_bytes_or_triplets() {
    let all: Vec<u8> = (0..=255).collect();
    let cases: [(Encoder, &uriscan::ByteSet); 6] = [
        (|b| percent::encode_userinfo(b), &sets::USERINFO),
        (|b| percent::encode_reg_name(b), &sets::REG_NAME),
        (|b| percent::encode_path_segment(b), &sets::SEGMENT),
        (|b| percent::encode_path(b), &percent::PATH),
        (|b| percent::encode_query(b), &sets::QUERY),
        (|b| percent::encode_fragment(b), &sets::FRAGMENT),
    ];
    for (enc, set) in cases {
        let e = enc(&all);
        let b = e.as_bytes();
        let mut i = 0;
        while i < b.len() {
            if b[i] == b'%' {
                assert!(b[i + 1].is_ascii_hexdigit() && !b[i + 1].is_ascii_lowercase());
                assert!(b[i + 2].is_ascii_hexdigit() && !b[i + 2].is_ascii_lowercase());
                i += 3;
            } else {
                assert!(set.contains(b[i]), "byte {:?} kept", b[i] as char);
                i += 1;
            }
        }
        assert_eq!(percent::decode(e.as_ref()).unwrap(), &all[..]);
        // Every byte of the set is kept: exhaustive over 0..=255.
        for c in 0..=255u8 {
            let one = [c];
            let e = enc(&one);
            assert_eq!(e.len() == 1, c < 0x80 && set.contains(c), "byte {c}");
        }
    }
}

#[test]
fn strict_decode() {
    assert_eq!(percent::decode("%41").unwrap(), &b"A"[..]);
    assert_eq!(percent::decode("x%41").unwrap(), &b"xA"[..]);
    assert_eq!(percent::decode("%2F").unwrap(), &b"/"[..]);
    assert_eq!(percent::decode("a+b").unwrap(), &b"a+b"[..]);
    assert_eq!(percent::decode("%e2%82%ac").unwrap(), "€".as_bytes());
    assert!(matches!(percent::decode("plain").unwrap(), Cow::Borrowed(_)));
    for (s, i) in [("%", 0), ("%4", 0), ("a%4", 1), ("%4g", 0), ("%%41", 0), ("ab%41%", 5), ("%G1", 0)] {
        assert_eq!(percent::decode(s), Err(DecodeError::MalformedPercent { index: i }), "{s:?}");
        assert_eq!(percent::decode_str(s).unwrap_err().index(), i, "{s:?}");
    }
    assert_eq!(percent::decode_str("%C3%A9").unwrap(), "é");
    assert_eq!(percent::decode_str("a%C3"), Err(DecodeError::InvalidUtf8 { valid_up_to: 1 }));
    assert!(matches!(percent::decode_str("é").unwrap(), Cow::Borrowed("é")));
    assert_eq!(percent::decode(&b"%41\xFF"[..]).unwrap(), &b"A\xFF"[..]);
    let e: Box<dyn std::error::Error> = Box::new(DecodeError::MalformedPercent { index: 3 });
    assert_eq!(e.to_string(), "malformed percent-encoding at index 3");
}

#[test]
fn lenient_decode_passes_malformed_through() {
    for (s, want) in [("%", "%"), ("%4", "%4"), ("a%4g%41", "a%4gA"), ("%%41", "%A"), ("100%", "100%"), ("%41", "A")] {
        assert_eq!(percent::decode_lenient(s), want.as_bytes(), "{s:?}");
        assert_eq!(percent::decode_str_lossy(s), want, "{s:?}");
        assert_eq!(percent::DecodeIter::new(s).collect::<Vec<u8>>(), want.as_bytes(), "{s:?}");
    }
    assert_eq!(percent::decode_str_lossy("%FF%41"), "\u{FFFD}A");
    assert_eq!(percent::decode_lenient("a+b"), &b"a+b"[..]);
}

#[test]
fn form_decoding_is_the_only_plus_as_space() {
    assert_eq!(percent::decode_form_str_lossy("a+b%2B%20c"), "a b+ c");
    assert_eq!(percent::decode_form_str_lossy("%"), "%");
    assert_eq!(percent::decode_form("+%FF"), &b" \xFF"[..]);
    assert!(matches!(percent::decode_form_str_lossy("plain"), Cow::Borrowed(_)));
    assert_eq!(percent::decode_str("a+b").unwrap(), "a+b");
}
