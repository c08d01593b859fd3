//! The strict parser against the data files: every RFC 3986 example with
//! every component, and invalid inputs with their exact index and kind.

mod common;
use common::*;
use uriscan::{Component, ErrorKind, HostKind, Syntax, UriRef};

fn rule(name: &str) -> Syntax {
    match name {
        "uri-reference" => Syntax::UriReference,
        "uri" => Syntax::Uri,
        "absolute-uri" => Syntax::AbsoluteUri,
        "relative-ref" => Syntax::RelativeRef,
        other => panic!("unknown rule {}", other),
    }
}

fn kind_name(k: Option<HostKind>) -> Option<&'static str> {
    k.map(HostKind::name)
}

#[test]
fn valid_examples_have_every_component() {
    let cases = valid_cases();
    assert!(cases.len() > 120, "data file lost its cases: {}", cases.len());
    for c in &cases {
        let ctx = format!("rfc3986_valid.txt:{}: {:?}", c.line, c.input);
        let u = UriRef::parse(c.input).unwrap_or_else(|e| panic!("{}: rejected: {}", ctx, e));
        assert_eq!(u.scheme(), c.scheme, "{} scheme", ctx);
        assert_eq!(u.authority(), c.authority, "{} authority", ctx);
        assert_eq!(u.userinfo(), c.userinfo, "{} userinfo", ctx);
        assert_eq!(u.host(), c.host, "{} host", ctx);
        assert_eq!(kind_name(u.host_kind()), c.host_kind, "{} host kind", ctx);
        assert_eq!(u.port(), c.port, "{} port", ctx);
        assert_eq!(u.path(), c.path, "{} path", ctx);
        assert_eq!(u.query(), c.query, "{} query", ctx);
        assert_eq!(u.fragment(), c.fragment, "{} fragment", ctx);
        assert_eq!(u.to_string(), c.input, "{} recomposition", ctx);
        assert_eq!(u.components().to_string(), c.input, "{} §5.3 recomposition", ctx);
        // `range` gives each component's bytes, as the accessors do.
        let by_range = |p: Component| u.range(p).map(|r| &c.input[r]);
        assert_eq!(by_range(Component::Scheme), c.scheme, "{} scheme range", ctx);
        assert_eq!(by_range(Component::Authority), c.authority, "{} authority range", ctx);
        assert_eq!(by_range(Component::Userinfo), c.userinfo, "{} userinfo range", ctx);
        assert_eq!(by_range(Component::Host), c.host, "{} host range", ctx);
        assert_eq!(by_range(Component::Port), c.port, "{} port range", ctx);
        assert_eq!(by_range(Component::Path), Some(c.path), "{} path range", ctx);
        assert_eq!(by_range(Component::Query), c.query, "{} query range", ctx);
        assert_eq!(by_range(Component::Fragment), c.fragment, "{} fragment range", ctx);
        // The same through the byte API.
        let b = Syntax::UriReference
            .parse_bytes(c.input.as_bytes())
            .unwrap_or_else(|e| panic!("{}: bytes rejected: {}", ctx, e));
        assert_eq!(b, u, "{} bytes", ctx);
        // The rule-specific entry points agree with the reference's shape.
        let has_scheme = c.scheme.is_some();
        assert_eq!(Syntax::Uri.parse(c.input).is_ok(), has_scheme, "{} as URI", ctx);
        assert_eq!(Syntax::RelativeRef.parse(c.input).is_ok(), !has_scheme, "{} as relative-ref", ctx);
        assert_eq!(
            Syntax::AbsoluteUri.parse(c.input).is_ok(),
            has_scheme && c.fragment.is_none(),
            "{} as absolute-URI",
            ctx
        );
        if let Ok(x) = Syntax::Uri.parse(c.input) {
            assert_eq!(x, u, "{} URI rule gives the same components", ctx);
        }
        if let Ok(x) = Syntax::RelativeRef.parse(c.input) {
            assert_eq!(x, u, "{} relative-ref rule gives the same components", ctx);
        }
    }
}

#[test]
fn invalid_inputs_fail_at_the_exact_index_and_kind() {
    let cases = invalid_cases();
    assert!(cases.len() > 40, "data file lost its cases: {}", cases.len());
    for c in &cases {
        let ctx = format!("rfc3986_invalid.txt:{}: {:?}", c.line, String::from_utf8_lossy(&c.input));
        let e = (rule(&c.rule)).parse_bytes(&c.input).expect_err(&ctx);
        assert_eq!(e.index(), c.index, "{} index ({})", ctx, e);
        assert_eq!(format!("{:?}", e.kind()), c.kind, "{} kind ({})", ctx, e);
        assert_eq!(e.found(), c.input.get(c.index).copied(), "{} found", ctx);
        if let Ok(s) = std::str::from_utf8(&c.input) {
            assert_eq!((rule(&c.rule)).parse(s), Err(e), "{} str and bytes agree", ctx);
        }
    }
}

#[test]
fn error_messages_name_the_byte_and_the_context() {
    let e = UriRef::parse("http://h/a\"b").unwrap_err();
    assert_eq!(e.to_string(), "invalid character '\"' at index 10 in path");
    let e = UriRef::parse("http://[::1").unwrap_err();
    assert_eq!(e.to_string(), "unexpected end of input at index 11 in IP literal");
    let e = Syntax::UriReference.parse_bytes(b"/a\xC3\xA9").unwrap_err();
    assert_eq!(e.to_string(), "non-ASCII byte 0xC3 at index 2 in path");
    // After "/" the reference may still become "//authority": no narrower context.
    let e = Syntax::UriReference.parse_bytes(b"/\xC3\xA9").unwrap_err();
    assert_eq!(e.to_string(), "non-ASCII byte 0xC3 at index 1 in URI reference");
    let e = Syntax::UriReference.parse_bytes(b"/a\tb").unwrap_err();
    assert_eq!(e.to_string(), "control byte 0x09 at index 2 in path");
    let e: Box<dyn std::error::Error> = Box::new(UriRef::parse("%").unwrap_err());
    assert_eq!(e.to_string(), "unexpected end of input at index 1 in percent-encoding");
    assert_eq!(ErrorKind::Query.name(), "query");
}

#[test]
fn ip_addresses_and_ports() {
    let u = UriRef::parse("http://192.0.2.16:80/").unwrap();
    assert_eq!(u.ipv4(), Some(std::net::Ipv4Addr::new(192, 0, 2, 16)));
    assert_eq!(u.ipv6(), None);
    assert_eq!(u.port_value(), Some(uriscan::Port::Number(80)));
    let u = UriRef::parse("//[::FFFF:129.144.52.38]:65535").unwrap();
    assert_eq!(u.ipv6(), Some("::ffff:129.144.52.38".parse().unwrap()));
    assert_eq!(u.port_value(), Some(uriscan::Port::Number(65535)));
    assert_eq!(UriRef::parse("//h:99999999999999999999").unwrap().port_value(), Some(uriscan::Port::TooLarge));
    assert_eq!(UriRef::parse("//1.2.3.256").unwrap().ipv4(), None);
    assert_eq!(UriRef::parse("//[v1.x]").unwrap().ipv6(), None);
    // Every IPv6 example converts to the same address std parses.
    for c in valid_cases().iter().filter(|c| c.host_kind == Some("ipv6")) {
        let h = c.host.unwrap();
        let want: std::net::Ipv6Addr = h[1..h.len() - 1].parse().unwrap();
        assert_eq!(UriRef::parse(c.input).unwrap().ipv6(), Some(want), "{}", c.input);
    }
}

#[test]
fn uri_syntax_requires_a_scheme() {
    let u = Syntax::Uri.parse("urn:example:animal:ferret:nose").unwrap();
    assert_eq!(u.scheme(), Some("urn"));
    assert_eq!(Syntax::Uri.parse("//h").unwrap_err().index(), 0);
    assert!(UriRef::try_from("a:b").is_ok_and(|u| u.is_uri()));
    assert!(UriRef::try_from("a b").is_err());
}
