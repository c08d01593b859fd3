//! IRIs (RFC 3987): an IRI reference mapped to a URI (§3.1) and a URI to
//! an IRI (§3.2), IRI normalization and the comparison ladder (§5.3). The
//! mappings on text are in [`iri`](crate::iri) (`src/iri.rs`).

use std::borrow::Cow;

use super::UriRef;
use crate::error::ParseError;
use crate::grammar::Syntax;
#[cfg(feature = "idna")]
use crate::iri::IdnaError;
use crate::iri::{decode_iri, to_iri_str, to_uri_str};
use crate::normalize::NormalizeOptions;
use crate::owned::{UriBuf, UriCow};
use crate::scan::CAP_QUERY;

/// IRIs (RFC 3987): mapping to a URI and back, normalization, comparison.
impl<'a> UriRef<'a> {
    /// The IRI-to-URI mapping ([`to_uri_str`](UriRef::to_uri_str), RFC 3987
    /// §3.1) as a parsed RFC 3986 reference: borrowed when the IRI is
    /// already a URI, else a new [`UriBuf`].
    ///
    /// # Errors
    /// A [`ParseError`] when the mapped text is not an RFC 3986 reference
    /// (only for a reference parsed by RFC 2396 or RFC 1630 with bytes
    /// RFC 3986 excludes). Never panics.
    ///
    /// ```
    /// use uriscan::Syntax;
    /// let iri = Syntax::IriReference.parse("http://www.example.org/D\u{fc}rst").unwrap();
    /// let u = iri.to_uri().unwrap();
    /// assert_eq!(u.as_uri_ref().path(), "/D%C3%BCrst");
    /// ```
    pub fn to_uri(&self) -> Result<UriCow<'a>, ParseError> {
        match self.to_uri_str() {
            Cow::Borrowed(b) => UriRef::parse(b).map(UriCow::Borrowed),
            Cow::Owned(s) => UriBuf::try_from(s).map(UriCow::Owned).map_err(|e| e.error()),
        }
    }

    /// The URI this IRI reference maps to, as text (RFC 3987 §3.1; see
    /// [`iri::to_uri_str`](crate::iri::to_uri_str)): borrowed when the
    /// reference is ASCII (every URI reference is).
    ///
    /// ```
    /// use uriscan::Syntax;
    /// let u = Syntax::IriReference.parse("/\u{6bdb}?q=\u{e9}#\u{416}").unwrap();
    /// assert_eq!(u.to_uri_str(), "/%E6%AF%9B?q=%C3%A9#%D0%96");
    /// ```
    #[must_use]
    pub fn to_uri_str(&self) -> Cow<'a, str> {
        to_uri_str(self.as_str())
    }

    /// The URI this IRI reference maps to, with a non-ASCII `ireg-name`
    /// converted by IDNA ToASCII (UTS #46, as the `idna` crate implements
    /// it, after percent-decoding the host) instead of percent-encoded (RFC
    /// 3987 §3.1, step 2's alternative); the other components as
    /// [`to_uri_str`](UriRef::to_uri_str). Feature `idna`.
    ///
    /// # Errors
    /// The host is not a valid domain name for IDNA; the message says why.
    ///
    /// ```
    /// use uriscan::Syntax;
    /// let u = Syntax::IriReference.parse("http://r\u{e9}sum\u{e9}.example.org/\u{e9}").unwrap();
    /// assert_eq!(u.to_uri_idna_str().unwrap(), "http://xn--rsum-bpad.example.org/%C3%A9");
    /// ```
    #[cfg(feature = "idna")]
    pub fn to_uri_idna_str(&self) -> Result<Cow<'a, str>, IdnaError> {
        let reg_name = match self.host_kind() {
            Some(crate::HostKind::RegName) => self.offsets(crate::scan::CAP_HOST),
            _ => None,
        };
        crate::iri::to_uri_idna_str(self.as_str(), reg_name)
    }

    /// The IRI this URI reference maps to, as text (RFC 3987 §3.2; see
    /// [`iri::to_iri_str`](crate::iri::to_iri_str)), with the query as
    /// parsed: `iprivate` characters are decoded there only.
    ///
    /// ```
    /// use uriscan::UriRef;
    /// let u = UriRef::parse("/%EE%80%80?%EE%80%80").unwrap();
    /// assert_eq!(u.to_iri_str(), "/%EE%80%80?\u{E000}");
    /// ```
    #[must_use]
    pub fn to_iri_str(&self) -> Cow<'a, str> {
        decode_iri(self.as_str(), self.offsets(CAP_QUERY))
    }

    /// Syntax-based normalization of an IRI reference (RFC 3987 §5.3.2):
    /// RFC 3986's normalization ([`normalize_str`](UriRef::normalize_str):
    /// case, percent-encoding of ASCII, dot segments), then percent-encoded
    /// `ucschar`s (and `iprivate`s in the query) decoded as
    /// [`to_iri_str`](UriRef::to_iri_str) decodes them (§5.3.2.3, for
    /// references not read as URIs). No Unicode normalization (NFC,
    /// §5.3.2.2): [`normalize_iri_nfc_str`](UriRef::normalize_iri_nfc_str)
    /// (feature `unicode-normalization`) adds it.
    ///
    /// ```
    /// use uriscan::Syntax;
    /// let u = Syntax::IriReference.parse("HTTP://Example.ORG/%c3%bc/./%7e").unwrap();
    /// assert_eq!(u.normalize_iri_str(), "http://example.org/\u{fc}/~");
    /// ```
    #[must_use]
    pub fn normalize_iri_str(&self) -> Cow<'a, str> {
        self.normalize_iri_str_with(NormalizeOptions::SYNTAX)
    }

    /// [`normalize_iri_str`](UriRef::normalize_iri_str) with options (the
    /// scheme-based steps of RFC 3986 §6.2.3 with `opts.scheme_based`).
    ///
    /// ```
    /// use uriscan::{NormalizeOptions, Syntax};
    /// let u = Syntax::IriReference.parse("HTTP://Example.ORG:80/%c3%bc").unwrap();
    /// assert_eq!(u.normalize_iri_str_with(NormalizeOptions::SCHEME_BASED), "http://example.org/\u{fc}");
    /// ```
    #[must_use]
    pub fn normalize_iri_str_with(&self, opts: NormalizeOptions) -> Cow<'a, str> {
        match self.normalize_str_with(opts) {
            Cow::Borrowed(s) => match Syntax::IriReference.parse(s) {
                Ok(u) => u.to_iri_str(),
                Err(_) => to_iri_str(s),
            },
            Cow::Owned(s) => {
                let decoded = match Syntax::IriReference.parse(&s) {
                    Ok(u) => u.to_iri_str().into_owned(),
                    Err(_) => to_iri_str(&s).into_owned(),
                };
                Cow::Owned(decoded)
            }
        }
    }

    /// [`normalize_iri_str`](UriRef::normalize_iri_str), then Unicode
    /// Normalization Form C (RFC 3987 §5.3.2.2; feature
    /// `unicode-normalization`).
    ///
    /// ```
    /// use uriscan::Syntax;
    /// // "e" and a combining acute accent compose into "é".
    /// let u = Syntax::IriReference.parse("http://a/e\u{301}").unwrap();
    /// assert_eq!(u.normalize_iri_nfc_str(), "http://a/\u{e9}");
    /// ```
    #[cfg(feature = "unicode-normalization")]
    #[must_use]
    pub fn normalize_iri_nfc_str(&self) -> Cow<'a, str> {
        self.normalize_iri_nfc_str_with(NormalizeOptions::SYNTAX)
    }

    /// [`normalize_iri_nfc_str`](UriRef::normalize_iri_nfc_str) with options
    /// (feature `unicode-normalization`).
    ///
    /// ```
    /// use uriscan::{NormalizeOptions, Syntax};
    /// let u = Syntax::IriReference.parse("http://a:80/e\u{301}").unwrap();
    /// assert_eq!(u.normalize_iri_nfc_str_with(NormalizeOptions::SCHEME_BASED), "http://a/\u{e9}");
    /// ```
    #[cfg(feature = "unicode-normalization")]
    #[must_use]
    pub fn normalize_iri_nfc_str_with(&self, opts: NormalizeOptions) -> Cow<'a, str> {
        use unicode_normalization::{is_nfc_quick, IsNormalized, UnicodeNormalization};
        let n = self.normalize_iri_str_with(opts);
        if is_nfc_quick(n.chars()) == IsNormalized::Yes {
            return n;
        }
        Cow::Owned(n.nfc().collect())
    }

    /// Whether two IRI or URI references are equivalent by the ladder of RFC
    /// 3987 §5.3: equal strings; else equal after mapping both to URIs
    /// (§3.1, so an IRI compares with its URI mapping, §5.1) and
    /// normalizing them as URIs ([`normalized_eq`](UriRef::normalized_eq):
    /// case, percent-encoding, dot segments).
    ///
    /// ```
    /// use uriscan::{Syntax, UriRef};
    /// let iri = Syntax::IriReference.parse("http://example.org/D\u{fc}rst").unwrap();
    /// let uri = UriRef::parse("HTTP://example.org/D%c3%bcrst").unwrap();
    /// assert!(iri.iri_eq(&uri));
    /// assert!(!iri.iri_eq(&UriRef::parse("http://example.org/D%FCrst").unwrap()));
    /// ```
    #[must_use]
    pub fn iri_eq(&self, other: &UriRef<'_>) -> bool {
        self.iri_eq_with(other, NormalizeOptions::SYNTAX)
    }

    /// [`iri_eq`](UriRef::iri_eq) with options: the URIs compared by
    /// [`normalized_eq_with`](UriRef::normalized_eq_with) (scheme-based
    /// steps too with `opts.scheme_based`).
    ///
    /// ```
    /// use uriscan::{NormalizeOptions, Syntax, UriRef};
    /// let iri = Syntax::IriReference.parse("http://example.org:80/D\u{fc}rst").unwrap();
    /// let uri = UriRef::parse("http://example.org/D%C3%BCrst").unwrap();
    /// assert!(iri.iri_eq_with(&uri, NormalizeOptions::SCHEME_BASED));
    /// assert!(!iri.iri_eq(&uri));
    /// ```
    #[must_use]
    pub fn iri_eq_with(&self, other: &UriRef<'_>, opts: NormalizeOptions) -> bool {
        if self.as_str() == other.as_str() {
            return true;
        }
        let (a, b) = (self.to_uri_str(), other.to_uri_str());
        match (UriRef::parse(&a), UriRef::parse(&b)) {
            (Ok(a), Ok(b)) => a.normalized_eq_with(&b, opts),
            _ => false,
        }
    }
}
