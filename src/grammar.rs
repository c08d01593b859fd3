//! What a reference is parsed by: a [`Grammar`] and one of its entry rules,
//! named together by a [`Syntax`]. Both enums are generated from the
//! registry of grammars (`src/tables.rs`); the parse functions on a
//! `Syntax` live with the views they give (`src/uri_ref/parse.rs`,
//! `src/owned.rs`, `src/lenient.rs`).

#[doc(inline)]
pub use crate::tables::{Grammar, Syntax};

impl Grammar {
    /// The grammar's reference rule: the first entry of its tags file
    /// (RFC 3986 `URI-reference`, RFC 3987 `IRI-reference`, RFC 2396
    /// `URI-reference`, RFC 1630 `fragmentaddress`).
    ///
    /// ```
    /// use uriscan::{Grammar, Syntax};
    /// assert_eq!(Grammar::Rfc3986.reference(), Syntax::UriReference);
    /// assert_eq!(Grammar::Rfc1630.reference().rule(), "fragmentaddress");
    /// ```
    #[must_use]
    pub const fn reference(self) -> Syntax {
        match self.syntaxes() {
            [first, ..] => *first,
            // The generator refuses a tags file without an entry.
            [] => Syntax::UriReference,
        }
    }
}

impl Default for Grammar {
    /// RFC 3986.
    fn default() -> Grammar {
        Grammar::Rfc3986
    }
}

impl Default for Syntax {
    /// RFC 3986's `URI-reference`.
    fn default() -> Syntax {
        Syntax::UriReference
    }
}

impl From<Grammar> for Syntax {
    /// The grammar's [`reference`](Grammar::reference) rule.
    ///
    /// ```
    /// use uriscan::{Grammar, Syntax};
    /// assert_eq!(Syntax::from(Grammar::Rfc3987), Syntax::IriReference);
    /// ```
    fn from(g: Grammar) -> Syntax {
        g.reference()
    }
}
