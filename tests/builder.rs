//! The §5.3 recomposition builder: refusals, and output that parses back.

use uriscan::{BuildError, Builder, Component, UriRef};

#[test]
fn refuses_forbidden_combinations() {
    assert_eq!(Builder::new().host("h").path("a/b").check(), Err(BuildError::RelativePathWithAuthority));
    assert_eq!(Builder::new().authority("").path("a").check(), Err(BuildError::RelativePathWithAuthority));
    assert_eq!(Builder::new().port_u16(1).path("a").check(), Err(BuildError::RelativePathWithAuthority));
    assert_eq!(Builder::new().path("//a").check(), Err(BuildError::PathStartsWithDoubleSlash));
    assert_eq!(Builder::new().scheme("s").path("//a").check(), Err(BuildError::PathStartsWithDoubleSlash));
    assert_eq!(Builder::new().path("a:b/c").check(), Err(BuildError::ColonInFirstSegment));
    assert_eq!(Builder::new().path(":").check(), Err(BuildError::ColonInFirstSegment));
    // Allowed neighbours of the forbidden ones.
    assert!(Builder::new().host("h").path("").check().is_ok());
    assert!(Builder::new().host("h").path("//a").check().is_ok());
    assert!(Builder::new().path("/a:b").check().is_ok());
    assert!(Builder::new().path("b/a:b").check().is_ok());
    assert!(Builder::new().scheme("s").path("a:b").check().is_ok());
    assert!(Builder::new().path("/").check().is_ok());
    for e in
        [BuildError::RelativePathWithAuthority, BuildError::PathStartsWithDoubleSlash, BuildError::ColonInFirstSegment]
    {
        assert!(e.to_string().contains("RFC 3986"), "{e}");
        assert!(Builder::new().host("h").path("x").build_str().is_err());
    }
}

#[test]
fn refuses_invalid_bytes_with_index() {
    let bad = |component, index| Err(BuildError::InvalidByte { component, index });
    assert_eq!(Builder::new().scheme("").check(), bad(Component::Scheme, 0));
    assert_eq!(Builder::new().scheme("a_b").check(), bad(Component::Scheme, 1));
    assert_eq!(Builder::new().userinfo("a@b").check(), bad(Component::Userinfo, 1));
    assert_eq!(Builder::new().host("a/b").check(), bad(Component::Host, 1));
    assert_eq!(Builder::new().host("[::1").check(), bad(Component::Host, 0));
    assert_eq!(Builder::new().host("[zz]").check(), bad(Component::Host, 0));
    assert_eq!(Builder::new().port("8a").check(), bad(Component::Port, 1));
    assert_eq!(Builder::new().authority("u@h:x").check(), bad(Component::Authority, 4));
    assert_eq!(Builder::new().path("/a%2").check(), bad(Component::Path, 2));
    assert_eq!(Builder::new().path("/é").check(), bad(Component::Path, 1));
    assert_eq!(Builder::new().query("a#b").check(), bad(Component::Query, 1));
    assert_eq!(Builder::new().fragment("a#").check(), bad(Component::Fragment, 1));
    assert_eq!(
        BuildError::InvalidByte { component: Component::Query, index: 1 }.to_string(),
        "invalid byte at index 1 in query"
    );
    let mut out = String::from("junk");
    assert!(Builder::new().path("//").build_into(&mut out).is_err());
    assert!(out.is_empty());
}

#[test]
fn output_parses_back_into_the_same_components() {
    let builders = [
        Builder::new(),
        Builder::new().scheme("http").host("example.com").path("/a/b").query("x=1").fragment("top"),
        Builder::new().scheme("HTTP").userinfo("u:p%40").host("[2001:db8::7]").port("").path(""),
        Builder::new().scheme("urn").path("isbn:0451450523"),
        Builder::new().scheme("s").host("").path("//x"),
        Builder::new().host("h").port_u16(65535),
        Builder::new().authority("u@[v1.x:y]:1").path("/"),
        Builder::new().path("./a:b").query("").fragment(""),
        Builder::new().path("?").query("/?"),
        Builder::new().scheme("s").path("").query("q"),
        Builder::new().host("1.2.3.4"),
        Builder::new().fragment("/?#").path("a"),
    ];
    for b in builders {
        let s = match b.build_str() {
            Ok(s) => s,
            Err(e) => {
                // Only the two builders with a bad byte may fail.
                assert!(matches!(e, BuildError::InvalidByte { .. }), "{b:?}: {e}");
                continue;
            }
        };
        let u = UriRef::parse(&s).unwrap_or_else(|e| panic!("{s:?}: {e}"));
        assert_eq!(u.to_string(), s);
        assert_eq!(u.components().to_string(), s);
    }
    let s = Builder::new()
        .scheme("http")
        .userinfo("u")
        .host("h")
        .port("8080")
        .path("/p")
        .query("q")
        .fragment("f")
        .build_str()
        .unwrap();
    let u = UriRef::parse(&s).unwrap();
    assert_eq!(
        (u.scheme(), u.userinfo(), u.host(), u.port(), u.path(), u.query(), u.fragment()),
        (Some("http"), Some("u"), Some("h"), Some("8080"), "/p", Some("q"), Some("f"))
    );
    let s = Builder::new().path("a").build_str().unwrap();
    assert_eq!(UriRef::parse(&s).unwrap().components(), uriscan::Components { path: "a", ..Default::default() });
}
