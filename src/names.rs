//! The names of the small public enums ([`ErrorKind`], [`HostKind`],
//! [`Grammar`], [`Syntax`]) as text: `Display` writes the name the crate
//! uses everywhere (`name()`), `FromStr` reads it back (ASCII case
//! ignored), and [`UnknownName`] is the error of a name no value has.
//!
//! ```
//! use uriscan::{ErrorKind, Grammar, HostKind, Syntax};
//! assert_eq!("IP literal".parse::<ErrorKind>(), Ok(ErrorKind::IpLiteral));
//! assert_eq!("ipv6".parse::<HostKind>().unwrap().to_string(), "ipv6");
//! assert_eq!("rfc3986/absolute-uri".parse::<Syntax>(), Ok(Syntax::AbsoluteUri));
//! assert_eq!(Syntax::AbsoluteUri.to_string(), "rfc3986/absolute-URI");
//! assert_eq!("rfc2396".parse::<Grammar>(), Ok(Grammar::Rfc2396));
//! assert!("ipv5".parse::<HostKind>().is_err());
//! ```

use core::fmt;
use core::str::FromStr;

use crate::error::ErrorKind;
use crate::grammar::{Grammar, Syntax};
use crate::host::HostKind;

/// A name that none of the values of an enum has ([`FromStr`] of
/// [`ErrorKind`], [`HostKind`], [`Grammar`], [`Syntax`]).
///
/// ```
/// let e = "ipv5".parse::<uriscan::HostKind>().unwrap_err();
/// assert_eq!(e.to_string(), "unknown host kind (expected one of: reg-name, ipv4, ipv6, ipvfuture)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UnknownName {
    what: &'static str,
    expected: &'static [&'static str],
}

impl fmt::Display for UnknownName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown {} (expected one of: ", self.what)?;
        for (i, n) in self.expected.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(n)?;
        }
        f.write_str(")")
    }
}

impl core::error::Error for UnknownName {}

/// Every error kind. The match below fails to compile when a variant is
/// added and not listed here.
const ERROR_KINDS: [ErrorKind; 12] = [
    ErrorKind::Reference,
    ErrorKind::Scheme,
    ErrorKind::Authority,
    ErrorKind::Userinfo,
    ErrorKind::Host,
    ErrorKind::IpLiteral,
    ErrorKind::Port,
    ErrorKind::Path,
    ErrorKind::Query,
    ErrorKind::Fragment,
    ErrorKind::PercentEncoded,
    ErrorKind::TooLong,
];
const _: fn(ErrorKind) = |k| match k {
    ErrorKind::Reference
    | ErrorKind::Scheme
    | ErrorKind::Authority
    | ErrorKind::Userinfo
    | ErrorKind::Host
    | ErrorKind::IpLiteral
    | ErrorKind::Port
    | ErrorKind::Path
    | ErrorKind::Query
    | ErrorKind::Fragment
    | ErrorKind::PercentEncoded
    | ErrorKind::TooLong => {}
};

/// Every host kind (checked as for [`ERROR_KINDS`]).
const HOST_KINDS: [HostKind; 4] = [HostKind::RegName, HostKind::Ipv4, HostKind::Ipv6, HostKind::IpvFuture];
const _: fn(HostKind) = |k| match k {
    HostKind::RegName | HostKind::Ipv4 | HostKind::Ipv6 | HostKind::IpvFuture => {}
};

/// `FromStr` by name, ASCII case ignored, and (unless `Display` exists)
/// `Display` by `name()`.
macro_rules! named {
    ($t:ty, $all:expr, $what:literal) => {
        impl FromStr for $t {
            type Err = UnknownName;
            fn from_str(s: &str) -> Result<$t, UnknownName> {
                const ALL: &[$t] = &$all;
                // Evaluated at compile time, where an index out of bounds
                // fails the build.
                #[allow(clippy::indexing_slicing)]
                const NAMES: [&str; ALL.len()] = {
                    let mut names = [""; ALL.len()];
                    let mut i = 0;
                    while i < ALL.len() {
                        names[i] = ALL[i].name();
                        i += 1;
                    }
                    names
                };
                let found = ALL.iter().zip(NAMES).find(|(_, n)| n.eq_ignore_ascii_case(s));
                found.map(|(v, _)| *v).ok_or(UnknownName { what: $what, expected: &NAMES })
            }
        }
    };
    ($t:ty, $all:expr, $what:literal, Display) => {
        named!($t, $all, $what);
        impl fmt::Display for $t {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}

named!(ErrorKind, ERROR_KINDS, "error kind", Display);
named!(HostKind, HOST_KINDS, "host kind", Display);
named!(Grammar, *Grammar::ALL, "grammar", Display);

/// Every syntax's name (`"rfc3986/URI-reference"`), for [`UnknownName`].
const SYNTAX_NAMES: [&str; Syntax::ALL.len()] = {
    let mut names = [""; Syntax::ALL.len()];
    let mut i = 0;
    while i < Syntax::ALL.len() {
        // Evaluated at compile time, where an index out of bounds fails the build.
        #[allow(clippy::indexing_slicing)]
        {
            names[i] = Syntax::ALL[i].name();
        }
        i += 1;
    }
    names
};

impl FromStr for Syntax {
    type Err = UnknownName;

    /// A syntax by its [`name`](Syntax::name) (`rfc3986/URI`); by its rule
    /// alone, the default grammar's (RFC 3986) or else the one grammar's
    /// that has it (`URI-reference`, `IRI`); or by a grammar's name for its
    /// [`reference`](Grammar::reference) rule (`rfc2396`). ASCII case ignored.
    ///
    /// ```
    /// use uriscan::Syntax;
    /// assert_eq!("RFC3987/IRI".parse::<Syntax>(), Ok(Syntax::Iri));
    /// assert_eq!("relative-ref".parse::<Syntax>(), Ok(Syntax::RelativeRef));
    /// assert_eq!("IRI-reference".parse::<Syntax>(), Ok(Syntax::IriReference));
    /// assert_eq!("rfc1630".parse::<Syntax>(), Ok(Syntax::Fragmentaddress));
    /// // RFC 2396 has a `URI-reference` too: a rule alone is RFC 3986's.
    /// assert_eq!("URI-reference".parse::<Syntax>(), Ok(Syntax::UriReference));
    /// assert_eq!("rfc2396/URI-reference".parse::<Syntax>(), Ok(Syntax::Rfc2396UriReference));
    /// ```
    fn from_str(s: &str) -> Result<Syntax, UnknownName> {
        let unknown = UnknownName { what: "syntax", expected: &SYNTAX_NAMES };
        if let Some(x) = Syntax::ALL.iter().find(|x| x.name().eq_ignore_ascii_case(s)) {
            return Ok(*x);
        }
        if let Ok(g) = s.parse::<Grammar>() {
            return Ok(g.reference());
        }
        let by_rule = |x: &&Syntax| x.rule().eq_ignore_ascii_case(s);
        if let Some(x) = Grammar::default().syntaxes().iter().find(by_rule) {
            return Ok(*x);
        }
        let mut others = Syntax::ALL.iter().filter(by_rule);
        match (others.next(), others.next()) {
            (Some(x), None) => Ok(*x),
            _ => Err(unknown),
        }
    }
}

impl fmt::Display for Syntax {
    /// The syntax's [`name`](Syntax::name).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
