//! The generated automata and the registry of grammars.
//!
//! `build.rs` compiles every grammar of the build list
//! (`uriscan_codegen::URISCAN_BUILDS`) and writes `registry.rs`, included
//! here: one module per grammar (`rfc3986`, `rfc2396`, `rfc1630`,
//! `rfc3987`, `appendix_b`) with its automaton (an implementation of
//! `uriscan_layout::Tables`: byte classes, packed transitions, run sets,
//! error contexts and tag operations), its byte sets and its entry regexes;
//! the variants of [`Grammar`] and [`Syntax`], declared below with their
//! docs; `with_tables!`, which runs code with a grammar's tables type; and
//! the capture slots every URI syntax shares (`CAP_*`), checked at compile
//! time against each grammar's own. Nothing here is written by hand but the
//! two declarations' docs, and no other module lists grammars.

// What the generated modules name: the tags files' context and mark types,
// and the byte sets' type.
use crate::byteset::ByteSet;
use crate::error::ErrorKind;
use crate::host::HostKind;

include!(concat!(env!("OUT_DIR"), "/registry.rs"));

grammar_enum! {
    /// The grammar a reference is parsed by: RFC 3986 (the default), the
    /// URI syntaxes it obsoletes and RFC 3987's IRIs, each compiled by
    /// `build.rs` from its RFC's own ABNF (`grammar/*.abnf`) into tables
    /// the same walker runs. All give the same [`UriRef`](crate::UriRef)
    /// view; components a grammar does not have are `None`. A grammar's
    /// entry rules are [`Syntax`] values ([`syntaxes`](Grammar::syntaxes));
    /// the first, [`reference`](Grammar::reference), is its reference rule.
    ///
    /// ```
    /// use uriscan::{Grammar, Syntax};
    /// assert_eq!(Grammar::default(), Grammar::Rfc3986);
    /// assert_eq!(Grammar::Rfc2396.name(), "rfc2396");
    /// assert_eq!(Grammar::Rfc3987.reference(), Syntax::IriReference);
    /// // IPv6 literals arrived with RFC 2732 and RFC 3986.
    /// assert!(Grammar::Rfc3986.reference().parse("http://[::1]/").is_ok());
    /// assert!(Grammar::Rfc2396.reference().parse("http://[::1]/").is_err());
    /// ```
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    #[non_exhaustive]
}

syntax_enum! {
    /// What to parse: a grammar and one of its entry rules (RFC 3986
    /// `URI-reference`, `URI`, `absolute-URI`, `relative-ref`; RFC 3987
    /// `IRI-reference`, ...; RFC 2396's and RFC 1630's reference rules).
    /// One value names both, so a parse entry takes one argument: the
    /// parse functions are methods of `Syntax`, named by the crate's
    /// [naming rule](crate#naming) ([`parse`](Syntax::parse),
    /// [`parse_bytes`](Syntax::parse_bytes), [`parse_each`](Syntax::parse_each),
    /// [`parse_bytes_each`](Syntax::parse_bytes_each),
    /// [`parse_string`](Syntax::parse_string); [`validate`](Syntax::validate)
    /// and its forms; [`parse_lenient`](Syntax::parse_lenient) and
    /// [`parse_lenient_bytes`](Syntax::parse_lenient_bytes)), and
    /// [`UriRef::parse`](crate::UriRef::parse) is the shorthand for
    /// `Syntax::UriReference.parse`. The variants are generated from the
    /// `entry` lines of the grammars' tags files, each documented with its
    /// ABNF rule and named by the rule written there: the rule's words in
    /// UpperCamelCase (`absolute-URI` is `AbsoluteUri`), with the grammar's
    /// name before it only where an earlier grammar has an entry of that
    /// name (`Rfc2396UriReference`).
    ///
    /// ```
    /// use uriscan::{Grammar, Syntax};
    /// const IRI: Syntax = Syntax::IriReference;
    /// let u = IRI.parse("http://bn.wikipedia.org/wiki/ঝালকাঠি").unwrap();
    /// assert_eq!(u.path(), "/wiki/ঝালকাঠি");
    /// assert!(Syntax::UriReference.parse("http://bn.wikipedia.org/wiki/ঝালকাঠি").is_err());
    /// assert!(Syntax::AbsoluteUri.parse("http://a/b#c").is_err());
    /// assert_eq!((IRI.grammar(), IRI.rule()), (Grammar::Rfc3987, "IRI-reference"));
    /// assert_eq!(Syntax::Uri.name(), "rfc3986/URI");
    /// assert_eq!("rfc2396".parse::<Syntax>(), Ok(Syntax::Rfc2396UriReference));
    /// ```
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    #[non_exhaustive]
}
