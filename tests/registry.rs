//! The registry of grammars, end to end: the demonstration grammar
//! `grammar/tiny.abnf` joins the library with its `.abnf` and `.tags` files
//! and one entry in `uriscan_codegen::URISCAN_BUILDS`, and no other change:
//! with the `tiny-grammar` feature it is a `Grammar`, its entry a `Syntax`,
//! and it parses with the same walker, views and errors as every grammar.
//! (CI runs this file with the feature; without it, only the registry's
//! own consistency is checked.)

#[cfg(feature = "tiny-grammar")]
use uriscan::ErrorKind;
use uriscan::{Grammar, Syntax};

#[test]
fn every_syntax_belongs_to_its_grammar_and_back() {
    for &g in Grammar::ALL {
        assert!(!g.syntaxes().is_empty(), "{g}");
        assert_eq!(g.reference(), g.syntaxes()[0]);
        for &s in g.syntaxes() {
            assert_eq!(s.grammar(), g);
            assert_eq!(s.name(), format!("{}/{}", g.name(), s.rule()));
            assert_eq!(s.name().parse::<Syntax>(), Ok(s));
        }
        assert_eq!(g.name().parse::<Grammar>(), Ok(g));
    }
    let all: usize = Grammar::ALL.iter().map(|g| g.syntaxes().len()).sum();
    assert_eq!(all, Syntax::ALL.len());
    assert_eq!(Grammar::ALL[0], Grammar::default());
    assert_eq!(Syntax::ALL[0], Syntax::default());
}

#[cfg(feature = "tiny-grammar")]
#[test]
fn the_tiny_grammar_goes_all_the_way_to_a_parse() {
    let g = Grammar::Tiny;
    assert_eq!(g.name(), "tiny");
    assert_eq!(g.reference(), Syntax::TinyReference);
    assert_eq!(Syntax::TinyReference.rule(), "tiny-reference");
    assert_eq!("tiny".parse::<Syntax>(), Ok(Syntax::TinyReference));

    let u = Syntax::TinyReference.parse("urn2:a/b9/c").unwrap();
    assert_eq!((u.scheme(), u.path()), (Some("urn2"), "a/b9/c"));
    // The captures the grammar has not are undefined, as in RFC 1630's.
    assert_eq!((u.authority(), u.host(), u.query(), u.fragment(), u.host_kind()), (None, None, None, None, None));
    // Errors: the first byte no continuation allows, in the tags file's contexts.
    let e = Syntax::TinyReference.parse("a:b?c").unwrap_err();
    assert_eq!((e.index(), e.kind()), (3, ErrorKind::Path));
    // Every reference starts with a scheme, so the first byte is in it.
    let e = Syntax::TinyReference.parse("1a:b").unwrap_err();
    assert_eq!((e.index(), e.kind()), (0, ErrorKind::Scheme));
    let e = Syntax::TinyReference.parse("ab").unwrap_err();
    assert_eq!((e.index(), e.kind()), (2, ErrorKind::Scheme));
    // Bytes and batches, like every syntax.
    assert!(Syntax::TinyReference.parse_bytes(b"a:\xC3\xA9").is_err());
    let mut ok = Vec::new();
    Syntax::TinyReference.parse_each(["a:b", "a:b c", "x:"], |_, r| ok.push(r.is_ok()));
    assert_eq!(ok, [true, false, true]);
}

#[cfg(all(feature = "tiny-grammar", feature = "oracle"))]
#[test]
fn the_tiny_grammar_has_its_regex_oracle() {
    for input in ["a:b", "a:", "a", "1:b", "a:b?", "ab9:/x/y", ""] {
        let want = uriscan::oracle::is_valid(input, Syntax::TinyReference);
        assert_eq!(Syntax::TinyReference.parse(input).is_ok(), want, "{input:?}");
    }
}
