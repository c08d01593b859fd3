//! `serde` support (feature `serde`): a reference serializes as its text;
//! it deserializes from a string into [`UriRef<'de>`](UriRef), borrowing
//! the input (zero-copy), or into [`UriBuf`](crate::UriBuf) (feature `alloc`
//! too), taking a `String` without copying where the format gives one. A
//! string that does not parse is a deserialization error whose message is
//! the [`ParseError`](crate::ParseError)'s (index and grammar context).
//!
//! `UriRef<'de>` can only borrow: a JSON string with an escape (`\/`, `\u0041`)
//! has no borrowable text in the input, and is an error
//! (`invalid type: string ..., expected a borrowed URI reference`);
//! deserialize such input into `UriBuf`.
//!
//! ```
//! use uriscan::{UriBuf, UriRef};
//! let json = r#"["http://a/b", "../c?d"]"#;
//! let v: Vec<UriRef<'_>> = serde_json::from_str(json).unwrap();
//! assert_eq!(v[0].host(), Some("a"));
//! let owned: Vec<UriBuf> = serde_json::from_str(json).unwrap();
//! assert_eq!(serde_json::to_string(&owned).unwrap(), json.replace(' ', ""));
//! let e = serde_json::from_str::<UriBuf>(r#""http://a b""#).unwrap_err();
//! assert_eq!(e.to_string(), "invalid character ' ' at index 8 in authority at line 1 column 12");
//! ```

use core::fmt;

use serde::de::{self, Deserialize, Deserializer, Visitor};
use serde::ser::{Serialize, Serializer};

use crate::grammar::Syntax;
use crate::uri_ref::UriRef;

impl Serialize for UriRef<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// Borrows the string and parses it as a `URI-reference`.
struct BorrowedVisitor;

impl<'de> Visitor<'de> for BorrowedVisitor {
    type Value = UriRef<'de>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a borrowed URI reference")
    }

    fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<UriRef<'de>, E> {
        UriRef::parse(v).map_err(E::custom)
    }

    fn visit_borrowed_bytes<E: de::Error>(self, v: &'de [u8]) -> Result<UriRef<'de>, E> {
        Syntax::UriReference.parse_bytes(v).map_err(E::custom)
    }
}

impl<'de: 'a, 'a> Deserialize<'de> for UriRef<'a> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<UriRef<'a>, D::Error> {
        d.deserialize_str(BorrowedVisitor)
    }
}

#[cfg(feature = "alloc")]
mod owned {
    use alloc::string::String;
    use core::fmt;

    use serde::de::{self, Deserialize, Deserializer, Visitor};
    use serde::ser::{Serialize, Serializer};

    use crate::grammar::Syntax;
    use crate::owned::UriBuf;

    impl Serialize for UriBuf {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_str(self.as_str())
        }
    }

    /// Parses a string into a [`UriBuf`], keeping a given `String`.
    struct OwnedVisitor;

    impl Visitor<'_> for OwnedVisitor {
        type Value = UriBuf;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a URI reference")
        }

        fn visit_str<E: de::Error>(self, v: &str) -> Result<UriBuf, E> {
            UriBuf::parse(v).map_err(E::custom)
        }

        fn visit_string<E: de::Error>(self, v: String) -> Result<UriBuf, E> {
            UriBuf::try_from(v).map_err(|e| E::custom(e.error()))
        }

        fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<UriBuf, E> {
            Syntax::UriReference.parse_bytes(v).map(|u| u.to_buf()).map_err(E::custom)
        }
    }

    impl<'de> Deserialize<'de> for UriBuf {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<UriBuf, D::Error> {
            d.deserialize_string(OwnedVisitor)
        }
    }
}
