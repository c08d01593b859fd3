//! The URL function set by name, defined once: ClickHouse's URL functions
//! (by ClickHouse's spelling), the library's own extras, Spark's URL
//! functions (`parse_url`, `url_encode`, `url_decode` and their `try_`
//! forms) and the Common Crawl index columns ([`FUNCTIONS`]). Each entry has its name, its
//! arguments, a one-line description, the type of its result and the
//! function; [`find`] looks a name up (ASCII case-insensitively, as SQL
//! engines that fold unquoted names to lower case call them).
//!
//! The command line's `uriscan fn NAME` runs these entries and generates its
//! `--list` from them; other interfaces can take their names and argument
//! lists from here.
//!
//! The functions answer as the scalar functions of this crate do (any
//! string gets an answer, never a panic): ClickHouse's functions as
//! ClickHouse 26.9 answers (its own reading of a URL, quirks included),
//! Spark's as Spark 4 does, the extras on RFC 3986's reading. Entries marked
//! [`Function::clickhouse`] follow ClickHouse's convention for "no answer":
//! an empty string, 0 for a port, an empty list ([`Function::call`] applies
//! it); the others give [`Value::Null`].
//!
//! ```
//! use uriscan_crawl::function_set::{find, Value};
//! let f = find("extractURLParameter").unwrap();
//! let args = f.args(&["q"]).unwrap();
//! assert_eq!(f.call("http://h/?a=1&q=x%20y", &args), Value::Str("x%20y".into()));
//! assert_eq!(f.call("http://h/", &args), Value::Str("".into()));
//!
//! let cut = find("cutURLParameter").unwrap();
//! let args = cut.args(&["a", "c"]).unwrap();
//! assert_eq!(cut.call("http://h/?a=1&b=2&c=3#f", &args), Value::Str("http://h/?b=2#f".into()));
//!
//! let port = find("port").unwrap();
//! assert_eq!(port.call("https://h/", &port.args(&["443"]).unwrap()), Value::UInt(443));
//! assert!(port.args(&["http"]).is_err());
//!
//! // Spark's parse_url, with and without a QUERY key.
//! let p = find("parse_url").unwrap();
//! assert_eq!(p.call("http://h/a?x=1", &p.args(&["HOST"]).unwrap()), Value::Str("h".into()));
//! assert_eq!(p.call("http://h/a?x=1", &p.args(&["QUERY", "x"]).unwrap()), Value::Str("1".into()));
//! ```

use std::borrow::Cow;

use crate::cc_index::{cc_index_columns, CcIndexColumns};
use uriscan::{Component, HostKind, NormalizeOptions, Port, Syntax, UriRef};

use crate::{encoding, hierarchy, hosts, params, paths, spark, uri, DomainOptions, Profile};

/// What a function gives for one URL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value<'a> {
    /// No answer.
    Null,
    /// Text.
    Str(Cow<'a, str>),
    /// Bytes that need not be UTF-8 (percent-decoding).
    Bytes(Cow<'a, [u8]>),
    /// A number (a port, a depth).
    UInt(u64),
    /// A list of slices of the URL.
    List(Vec<&'a str>),
    /// The Common Crawl index columns.
    CcIndex(Box<CcIndexColumns>),
    /// A truth value (`uri_is_valid`).
    Bool(bool),
    /// A signed number (`uri_port`, `uri_domain_depth`: Int32 in Arrow).
    Int(i64),
    /// The whole parse of a reference (`uri_parse`), or why it failed.
    Parsed(Box<Result<uriscan::UriRef<'a>, uriscan::ParseError>>),
}

/// The type of a function's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ResultType {
    /// [`Value::Str`].
    Str,
    /// [`Value::Bytes`].
    Bytes,
    /// [`Value::UInt`], a port (0 to 65535).
    Port,
    /// [`Value::UInt`], a count.
    Count,
    /// [`Value::List`].
    List,
    /// [`Value::CcIndex`].
    CcIndex,
    /// [`Value::Bool`].
    Bool,
    /// [`Value::Int`] (Int32 in Arrow).
    Int,
    /// [`Value::Parsed`] (a struct of the components in Arrow).
    Parse,
}

impl ResultType {
    /// The word help texts use for it.
    ///
    /// ```
    /// assert_eq!(uriscan_crawl::function_set::ResultType::List.name(), "list");
    /// ```
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            ResultType::Str => "string",
            ResultType::Bytes => "bytes",
            ResultType::Port => "port",
            ResultType::Count => "number",
            ResultType::List => "list",
            ResultType::CcIndex => "columns",
            ResultType::Bool => "bool",
            ResultType::Int => "int",
            ResultType::Parse => "struct",
        }
    }
}

/// Which family a function belongs to: the sets front ends register
/// together (DataFusion's `register_clickhouse`, `register_spark`, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// ClickHouse's URL functions by ClickHouse's names (and their `RFC` variants).
    ClickHouse,
    /// The crawl crate's own extras on ClickHouse's lenient reading.
    Extra,
    /// Spark's URL functions.
    Spark,
    /// The `uri_*` functions: RFC 3986's reading, NULL for a string that is
    /// not a URI reference (for the functions of a URL).
    Uri,
    /// `uri_cc_index`, the Common Crawl index columns.
    CcIndex,
}

impl Family {
    /// Every family, in the order of [`FUNCTIONS`].
    pub const ALL: [Family; 5] = [Family::ClickHouse, Family::Extra, Family::Uri, Family::Spark, Family::CcIndex];

    /// Its name in lists and help texts (`clickhouse`, `extra`, `uri`, `spark`, `cc_index`).
    ///
    /// ```
    /// assert_eq!(uriscan_crawl::function_set::Family::ClickHouse.name(), "clickhouse");
    /// ```
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Family::ClickHouse => "clickhouse",
            Family::Extra => "extra",
            Family::Spark => "spark",
            Family::Uri => "uri",
            Family::CcIndex => "cc_index",
        }
    }

    /// Its functions, in the order of [`FUNCTIONS`].
    ///
    /// ```
    /// use uriscan_crawl::function_set::Family;
    /// assert!(Family::Spark.functions().any(|f| f.name == "parse_url"));
    /// ```
    pub fn functions(self) -> impl Iterator<Item = &'static Function> {
        FUNCTIONS.iter().filter(move |f| f.family == self)
    }
}

/// What an argument is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParamKind {
    /// Any string.
    Text,
    /// A port number, 0 to 65535.
    Port,
    /// A count, 0 or more.
    Count,
    /// One of these names (case-sensitive), the first the usual one: what
    /// the function knows (Spark's `parse_url` parts, `uri_canon`'s
    /// profiles). Any other string is taken, and gives the answer the
    /// function gives for an unknown name (NULL), as in the engine it
    /// comes from.
    ///
    /// ```
    /// use uriscan_crawl::function_set::{find, ParamKind};
    /// let ParamKind::OneOf(parts) = find("parse_url").unwrap().params[0].kind else { panic!() };
    /// assert_eq!(parts[0], "HOST");
    /// ```
    OneOf(&'static [&'static str]),
}

/// One argument after the URL.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Param {
    /// Its name in help texts.
    pub name: &'static str,
    /// What it is.
    pub kind: ParamKind,
    /// It may be left out.
    pub optional: bool,
    /// It may be given more than once (the last parameter only).
    pub repeated: bool,
}

impl Param {
    const fn text(name: &'static str) -> Param {
        Param { name, kind: ParamKind::Text, optional: false, repeated: false }
    }
}

/// The arguments of a call, checked by [`Function::args`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Args<'s> {
    values: Vec<&'s str>,
    port: Option<u16>,
    count: usize,
}

/// The function of an entry.
#[derive(Clone, Copy)]
enum Call {
    /// Reads the URL as text.
    Text(for<'a, 's> fn(&'a str, &Args<'s>) -> Value<'a>),
    /// Reads any bytes (the encoders and decoders).
    Bytes(for<'a, 's> fn(&'a [u8], &Args<'s>) -> Value<'a>),
}

/// One function of the set.
#[derive(Clone, Copy)]
pub struct Function {
    /// Its name (ClickHouse's spelling for ClickHouse's functions).
    pub name: &'static str,
    /// The set it belongs to.
    pub family: Family,
    /// What its first argument is: `url`, `host` (a host name), or `s` (any string).
    pub input: &'static str,
    /// Its arguments after the URL.
    pub params: &'static [Param],
    /// What it returns.
    pub result: ResultType,
    /// ClickHouse's convention: no answer is `""`, 0 or `[]`, not null.
    pub clickhouse: bool,
    /// One line on what it gives.
    pub doc: &'static str,
    call: Call,
}

impl std::fmt::Debug for Function {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Function").field("name", &self.name).field("params", &self.params).finish_non_exhaustive()
    }
}

impl Function {
    /// Its other name, if any: the lower-case spelling of a name with
    /// capitals (`extracturlparameter`), which SQL engines that fold
    /// unquoted names to lower case look up.
    ///
    /// ```
    /// let f = uriscan_crawl::function_set::find("cutWWW").unwrap();
    /// assert_eq!(f.alias().as_deref(), Some("cutwww"));
    /// assert_eq!(uriscan_crawl::function_set::find("uri_host").unwrap().alias(), None);
    /// ```
    #[must_use]
    pub fn alias(&self) -> Option<String> {
        let lower = self.name.to_ascii_lowercase();
        (lower != self.name).then_some(lower)
    }

    /// The call as help texts show it: `name(url, param [, param...])`.
    ///
    /// ```
    /// let f = uriscan_crawl::function_set::find("cuturlparameter").unwrap();
    /// assert_eq!(f.signature(), "cutURLParameter(url, name [name...])");
    /// ```
    #[must_use]
    pub fn signature(&self) -> String {
        let mut s = format!("{}({}", self.name, self.input);
        for p in self.params {
            match (p.optional, p.repeated) {
                (true, _) => s.push_str(&format!(" [, {}]", p.name)),
                (false, true) => s.push_str(&format!(", {} [{}...]", p.name, p.name)),
                (false, false) => s.push_str(&format!(", {}", p.name)),
            }
        }
        s.push(')');
        s
    }

    /// The arguments `raw`, checked against [`Function::params`]: their
    /// number and, for a port, its value. `Err` is a message for the user.
    ///
    /// # Errors
    /// Too few or too many arguments, or a port that is not 0 to 65535.
    pub fn args<'s>(&self, raw: &[&'s str]) -> Result<Args<'s>, String> {
        let required = self.params.iter().filter(|p| !p.optional).count();
        let repeated = self.params.last().is_some_and(|p| p.repeated);
        if raw.len() < required || (!repeated && raw.len() > self.params.len()) {
            let n = |k: usize| if k == 1 { "1 argument".to_string() } else { format!("{k} arguments") };
            let wanted = match (repeated, required == self.params.len()) {
                (true, _) => format!("at least {}", n(required)),
                (false, true) => n(required),
                (false, false) => format!("{} to {}", required, n(self.params.len())),
            };
            return Err(format!("{} takes {wanted} after the URL, not {}: {}", self.name, raw.len(), self.signature()));
        }
        let mut args = Args { values: raw.to_vec(), port: None, count: 0 };
        for (p, v) in self.params.iter().zip(raw) {
            match p.kind {
                ParamKind::Text | ParamKind::OneOf(_) => {}
                ParamKind::Port => {
                    let port = v.parse::<u16>().map_err(|_| {
                        format!("{}: the {} must be a number from 0 to 65535, not {v:?}", self.name, p.name)
                    })?;
                    args.port = Some(port);
                }
                ParamKind::Count => {
                    args.count = v.parse::<usize>().map_err(|_| {
                        format!("{}: the {} must be a number (0 or more), not {v:?}", self.name, p.name)
                    })?;
                }
            }
        }
        Ok(args)
    }

    /// The function of `url` with `args`; ClickHouse's "no answer" convention
    /// applied for [`Function::clickhouse`] entries.
    #[must_use]
    pub fn call<'a>(&self, url: &'a str, args: &Args<'_>) -> Value<'a> {
        let v = match self.call {
            Call::Text(f) => f(url, args),
            Call::Bytes(f) => f(url.as_bytes(), args),
        };
        self.convention(v)
    }

    /// [`Function::call`] on bytes: the encoders and decoders read any
    /// bytes; every other function gives [`Value::Null`] for bytes that are
    /// not UTF-8.
    ///
    /// ```
    /// use uriscan_crawl::function_set::{find, Value};
    /// let enc = find("encodeURLComponent").unwrap();
    /// assert_eq!(enc.call_bytes(b"a\xFF", &enc.args(&[]).unwrap()), Value::Str("a%FF".into()));
    /// let dom = find("domain").unwrap();
    /// assert_eq!(dom.call_bytes(b"http://a\xFF/", &dom.args(&[]).unwrap()), Value::Null);
    /// ```
    #[must_use]
    pub fn call_bytes<'a>(&self, url: &'a [u8], args: &Args<'_>) -> Value<'a> {
        match self.call {
            Call::Bytes(f) => self.convention(f(url, args)),
            Call::Text(_) => match std::str::from_utf8(url) {
                Ok(t) => self.call(t, args),
                Err(_) => Value::Null,
            },
        }
    }

    fn convention<'a>(&self, v: Value<'a>) -> Value<'a> {
        match v {
            Value::Null if self.clickhouse => match self.result {
                ResultType::Port | ResultType::Count => Value::UInt(0),
                ResultType::List => Value::List(Vec::new()),
                _ => Value::Str(Cow::Borrowed("")),
            },
            v => v,
        }
    }
}

/// Looks a function up by name, ASCII case-insensitively.
///
/// ```
/// assert_eq!(uriscan_crawl::function_set::find("urlhierarchy").unwrap().name, "URLHierarchy");
/// assert!(uriscan_crawl::function_set::find("nope").is_none());
/// ```
#[must_use]
pub fn find(name: &str) -> Option<&'static Function> {
    FUNCTIONS.iter().find(|f| f.name.eq_ignore_ascii_case(name))
}

fn opt(s: Option<&str>) -> Value<'_> {
    s.map_or(Value::Null, |s| Value::Str(Cow::Borrowed(s)))
}

fn cow(s: Cow<'_, str>) -> Value<'_> {
    Value::Str(s)
}

fn first<'s>(a: &Args<'s>) -> &'s str {
    a.values.first().copied().unwrap_or_default()
}

/// A port found, else the default argument, else no answer (ClickHouse's 0).
fn port_or_default_arg(found: Option<u16>, a: &Args<'_>) -> Value<'static> {
    found.or(a.port).map_or(Value::Null, |p| Value::UInt(u64::from(p)))
}

/// Spark's `parse_url(url, part [, key])`; null where Spark gives NULL or
/// raises an error (a key that is not a valid regular expression).
fn spark_parse_url<'a>(url: &'a str, a: &Args<'_>) -> Value<'a> {
    let part = first(a);
    match a.values.get(1) {
        Some(key) if part == "QUERY" => match spark::QueryKey::new(key) {
            Ok(k) => opt(spark::parse_url_query(url, &k)),
            Err(_) => Value::Null,
        },
        Some(_) => Value::Null,
        None => opt(spark::parse_url(url, part)),
    }
}

/// `f` of `u` when `u` is a URI reference (RFC 3986 4.1), else no answer.
fn strict<'a>(u: &'a str, f: impl FnOnce(&'a str) -> Value<'a>) -> Value<'a> {
    if UriRef::parse(u).is_ok() {
        f(u)
    } else {
        Value::Null
    }
}

/// A component of `u` when it is a URI reference.
fn part(u: &str, c: Component) -> Value<'_> {
    opt(UriRef::parse(u).ok().and_then(|r| r.range(c)).and_then(|r| u.get(r)))
}

fn int(n: Option<i64>) -> Value<'static> {
    n.map_or(Value::Null, Value::Int)
}

impl<'a> Value<'a> {
    /// `f` of a string answer; any other answer as it is.
    fn map_str(self, f: impl FnOnce(&'a str) -> Cow<'a, str>) -> Value<'a> {
        match self {
            Value::Str(Cow::Borrowed(s)) => Value::Str(f(s)),
            v => v,
        }
    }
}

/// The raw value of the first query parameter `name` of a URI reference
/// (the pairs of [`UriRef::query_pairs`]).
fn query_param<'a>(u: &'a str, name: &str) -> Option<&'a str> {
    UriRef::parse(u).ok()?.query_pairs().into_iter().find(|p| p.key == name).map(|p| p.value.unwrap_or(""))
}

/// The host of an IRI (or URI) reference.
fn iri_host(u: &str) -> Option<&str> {
    Syntax::IriReference.parse(u).ok()?.host()
}

/// `uri_resolve(base, ref)`: null unless both are references and the base has a scheme.
fn resolve<'a>(base: &'a str, a: &Args<'_>) -> Value<'a> {
    let (Ok(b), Ok(r)) = (UriRef::parse(base), UriRef::parse(first(a))) else {
        return Value::Null;
    };
    if b.scheme().is_none() {
        return Value::Null;
    }
    let mut out = String::new();
    match r.resolve_into(&b, &mut out) {
        Ok(()) => Value::Str(Cow::Owned(out)),
        Err(_) => Value::Null,
    }
}

/// The profile named `name`: one of [`Profile::NAMES`], or `safe_browsing`.
///
/// ```
/// use uriscan_crawl::{function_set::profile, Profile};
/// assert_eq!(profile("safe_browsing"), Some(Profile::SafeBrowsing));
/// assert_eq!(profile("x"), None);
/// assert!(Profile::NAMES.iter().zip(Profile::ALL).all(|(n, p)| profile(n) == Some(p)));
/// ```
#[must_use]
pub fn profile(name: &str) -> Option<Profile> {
    match name {
        "safe_browsing" => Some(Profile::SafeBrowsing),
        _ => Profile::ALL.into_iter().find(|p| p.name() == name),
    }
}

/// `uri_canon(url [, profile])`: null for an unknown profile or where the
/// profile gives no answer; bytes that are not UTF-8 as U+FFFD.
fn canon_of<'a>(u: &'a str, a: &Args<'_>) -> Value<'a> {
    let Some(p) = profile(a.values.first().copied().unwrap_or("rfc3986")) else {
        return Value::Null;
    };
    match crate::canon(u.as_bytes(), p) {
        Ok(Cow::Borrowed(b)) => cow(String::from_utf8_lossy(b)),
        Ok(Cow::Owned(b)) => Value::Str(Cow::Owned(String::from_utf8_lossy(&b).into_owned())),
        Err(_) => Value::Null,
    }
}

const REF: &[Param] = &[Param::text("ref")];
const PROFILE: &[Param] =
    &[Param { name: "profile", kind: ParamKind::OneOf(&Profile::NAMES), optional: true, repeated: false }];
const NAME: &[Param] = &[Param::text("name")];
const PART_KEY: &[Param] = &[
    Param { name: "part", kind: ParamKind::OneOf(&spark::Part::NAMES), optional: false, repeated: false },
    Param { name: "key", kind: ParamKind::Text, optional: true, repeated: false },
];
const NAMES: &[Param] = &[Param { name: "name", kind: ParamKind::Text, optional: false, repeated: true }];
const DEFAULT_PORT: &[Param] = &[Param { name: "default", kind: ParamKind::Port, optional: true, repeated: false }];
const N: &[Param] = &[Param { name: "n", kind: ParamKind::Count, optional: false, repeated: false }];

/// Declares the table, family by family: `name (input), params, result,
/// clickhouse, doc, call`.
macro_rules! functions {
    ($($family:ident { $($name:literal ($input:literal), $params:expr, $result:ident, $ch:literal, $doc:literal, $call:expr;)* })*) => {
        /// Every function of the set, family by family ([`Family::ALL`]):
        /// ClickHouse's (then their `RFC` variants; each answers as
        /// ClickHouse 26.9 does), the library's extras, the `uri_*`
        /// functions, Spark's URL functions and `uri_cc_index`.
        pub static FUNCTIONS: &[Function] = &[$($(Function {
            name: $name,
            family: Family::$family,
            input: $input,
            params: $params,
            result: ResultType::$result,
            clickhouse: $ch,
            doc: $doc,
            call: $call,
        },)*)*];
    };
}

functions! {
    ClickHouse {
        "protocol" ("url"), &[], Str, true, "the scheme", Call::Text(|u, _| opt(paths::protocol(u)));
        "domain" ("url"), &[], Str, true, "the host", Call::Text(|u, _| opt(hosts::domain(u)));
        "domainWithoutWWW" ("url"), &[], Str, true, "the host without a leading www.", Call::Text(|u, _| opt(hosts::domain_without_www(u)));
        "topLevelDomain" ("url"), &[], Str, true, "the host's last label", Call::Text(|u, _| opt(hosts::top_level_domain(u)));
        "firstSignificantSubdomain" ("url"), &[], Str, true, "the label left of the public suffix", Call::Text(|u, _| opt(hosts::first_significant_subdomain(u)));
        "cutToFirstSignificantSubdomain" ("url"), &[], Str, true, "the host from the first significant subdomain on", Call::Text(|u, _| opt(hosts::cut_to_first_significant_subdomain(u)));
        "cutToFirstSignificantSubdomainWithWWW" ("url"), &[], Str, true, "the same, a leading www. kept", Call::Text(|u, _| opt(hosts::cut_to_first_significant_subdomain_with_www(u)));
        "port" ("url"), DEFAULT_PORT, Port, true, "the port after domain, else default, else 0", Call::Text(|u, a| port_or_default_arg(paths::port(u), a));
        "path" ("url"), &[], Str, true, "the path", Call::Text(|u, _| opt(Some(paths::path(u))));
        "pathFull" ("url"), &[], Str, true, "the path, query and fragment", Call::Text(|u, _| opt(Some(paths::path_full(u))));
        "netloc" ("url"), &[], Str, true, "the authority", Call::Text(|u, _| opt(paths::netloc(u)));
        "queryString" ("url"), &[], Str, true, "the query without '?'", Call::Text(|u, _| opt(paths::query_string(u)));
        "fragment" ("url"), &[], Str, true, "the fragment without '#'", Call::Text(|u, _| opt(paths::fragment(u)));
        "queryStringAndFragment" ("url"), &[], Str, true, "the query and fragment", Call::Text(|u, _| opt(paths::query_string_and_fragment(u)));
        "extractURLParameter" ("url"), NAME, Str, true, "the raw value of the first parameter name", Call::Text(|u, a| opt(params::url_parameter(u, first(a))));
        "extractURLParameters" ("url"), &[], List, true, "the name=value pieces of the query", Call::Text(|u, _| Value::List(params::url_parameters(u).collect()));
        "extractURLParameterNames" ("url"), &[], List, true, "the parameter names", Call::Text(|u, _| Value::List(params::url_parameter_names(u).collect()));
        "URLHierarchy" ("url"), &[], List, true, "the URL cut after each /, ? and #", Call::Text(|u, _| Value::List(hierarchy::url_hierarchy(u).collect()));
        "URLPathHierarchy" ("url"), &[], List, true, "the same from the path on", Call::Text(|u, _| Value::List(hierarchy::url_path_hierarchy(u).collect()));
        "cutWWW" ("url"), &[], Str, true, "the URL without a leading www. in its host", Call::Text(|u, _| cow(hosts::cut_www(u)));
        "cutQueryString" ("url"), &[], Str, true, "the URL without its query", Call::Text(|u, _| cow(paths::cut_query_string(u)));
        "cutFragment" ("url"), &[], Str, true, "the URL without its fragment", Call::Text(|u, _| opt(Some(paths::cut_fragment(u))));
        "cutQueryStringAndFragment" ("url"), &[], Str, true, "the URL without query and fragment", Call::Text(|u, _| opt(Some(paths::cut_query_string_and_fragment(u))));
        "cutURLParameter" ("url"), NAMES, Str, true, "the URL without the first parameter of each name", Call::Text(|u, a| cow(params::cut_url_parameters(u, &a.values)));
        "encodeURLComponent" ("s"), &[], Str, true, "percent-encoded (all but unreserved)", Call::Bytes(|u, _| cow(encoding::encode_url_component(u)));
        "encodeURLFormComponent" ("s"), &[], Str, true, "the same, space as +", Call::Bytes(|u, _| cow(encoding::encode_url_form_component(u)));
        "decodeURLComponent" ("s"), &[], Bytes, true, "percent-decoded (bytes)", Call::Bytes(|u, _| Value::Bytes(encoding::decode_url_component(u)));
        "decodeURLFormComponent" ("s"), &[], Bytes, true, "the same, + as space", Call::Bytes(|u, _| Value::Bytes(encoding::decode_url_form_component(u)));
        "domainRFC" ("url"), &[], Str, true, "the host, userinfo skipped, IPv6 without brackets", Call::Text(|u, _| opt(hosts::domain_rfc(u)));
        "domainWithoutWWWRFC" ("url"), &[], Str, true, "domainRFC without a leading www.", Call::Text(|u, _| opt(hosts::domain_without_www_rfc(u)));
        "topLevelDomainRFC" ("url"), &[], Str, true, "the last label of domainRFC", Call::Text(|u, _| opt(hosts::top_level_domain_rfc(u)));
        "firstSignificantSubdomainRFC" ("url"), &[], Str, true, "firstSignificantSubdomain of domainRFC", Call::Text(|u, _| opt(hosts::first_significant_subdomain_rfc(u)));
        "cutToFirstSignificantSubdomainRFC" ("url"), &[], Str, true, "cutToFirstSignificantSubdomain of domainRFC", Call::Text(|u, _| opt(hosts::cut_to_first_significant_subdomain_rfc(u)));
        "cutToFirstSignificantSubdomainWithWWWRFC" ("url"), &[], Str, true, "cutToFirstSignificantSubdomainWithWWW of domainRFC", Call::Text(|u, _| opt(hosts::cut_to_first_significant_subdomain_with_www_rfc(u)));
        "portRFC" ("url"), DEFAULT_PORT, Port, true, "the port after domainRFC, else default, else 0", Call::Text(|u, a| port_or_default_arg(paths::port_rfc(u), a));
    }
    Extra {
        "url_parameter_decoded" ("url"), NAME, Str, false, "the decoded value of the first parameter name", Call::Text(|u, a| params::url_parameter_decoded(u, first(a)).map_or(Value::Null, Value::Str));
        "url_parameter_values" ("url"), NAME, List, false, "the raw values of every parameter name", Call::Text(|u, a| Value::List(params::url_parameter_values(u, first(a)).collect()));
        "path_segments" ("url"), &[], List, false, "the path's segments", Call::Text(|u, _| Value::List(paths::path_segments(u).collect()));
        "file_extension" ("url"), &[], Str, false, "the last path segment's extension", Call::Text(|u, _| opt(paths::file_extension(u)));
        "port_or_default" ("url"), &[], Port, false, "the explicit port, else the scheme's default", Call::Text(|u, _| paths::port_or_default(u).map_or(Value::Null, |p| Value::UInt(u64::from(p))));
        "domain_depth" ("url"), &[], Count, false, "the number of the host's labels", Call::Text(|u, _| hosts::domain_depth(u).map_or(Value::Null, |d| Value::UInt(d as u64)));
        "host_nth_last_part" ("host"), N, Str, false, "the host's n-th label from the right (1: the last)", Call::Text(|h, a| opt(hosts::host_nth_last_part(h, a.count)));
        "host_reversed" ("host"), &[], Str, false, "the host's labels reversed", Call::Text(|h, _| cow(Cow::Owned(hosts::host_reversed(h))));
    }
    Uri {
            "uri_scheme" ("url"), &[], Str, false, "the scheme (RFC 3986)", Call::Text(|u, _| part(u, Component::Scheme));
            "uri_authority" ("url"), &[], Str, false, "the authority", Call::Text(|u, _| part(u, Component::Authority));
            "uri_userinfo" ("url"), &[], Str, false, "the userinfo", Call::Text(|u, _| part(u, Component::Userinfo));
            "uri_host" ("url"), &[], Str, false, "the host as written (IP literals with their brackets)", Call::Text(|u, _| part(u, Component::Host));
            "uri_port_text" ("url"), &[], Str, false, "the port as written", Call::Text(|u, _| part(u, Component::Port));
            "uri_path" ("url"), &[], Str, false, "the path", Call::Text(|u, _| part(u, Component::Path));
            "uri_query" ("url"), &[], Str, false, "the query without '?'", Call::Text(|u, _| part(u, Component::Query));
            "uri_fragment" ("url"), &[], Str, false, "the fragment without '#'", Call::Text(|u, _| part(u, Component::Fragment));
            "uri_host_kind" ("url"), &[], Str, false, "reg-name, ipv4, ipv6 or ipvfuture", Call::Text(|u, _| opt(UriRef::parse(u).ok().and_then(|r| r.host_kind()).map(HostKind::name)));
            "uri_port" ("url"), &[], Int, false, "the port's value (null when absent, empty or above 65535)", Call::Text(|u, _| int(UriRef::parse(u).ok().and_then(|r| match r.port_value() { Some(Port::Number(n)) => Some(i64::from(n)), _ => None })));
            "uri_parse" ("url"), &[], Parse, false, "every component, the host kind, the port, the error", Call::Text(|u, _| Value::Parsed(Box::new(UriRef::parse(u))));
            "uri_is_valid" ("url"), &[], Bool, false, "whether it is a URI reference (RFC 3986 4.1)", Call::Text(|u, _| Value::Bool(UriRef::parse(u).is_ok()));
            "uri_error" ("url"), &[], Str, false, "why it is not (message with byte index), null when valid", Call::Text(|u, _| UriRef::parse(u).err().map_or(Value::Null, |e| Value::Str(Cow::Owned(e.to_string()))));
            "uri_normalize" ("url"), &[], Str, false, "syntax- and scheme-based normalization (6.2.2, 6.2.3)", Call::Text(|u, _| UriRef::parse(u).ok().map_or(Value::Null, |r| cow(r.normalize_str_with(NormalizeOptions::SCHEME_BASED))));
            "uri_resolve" ("base"), REF, Str, false, "ref resolved against base (5.2, strict)", Call::Text(resolve);
            "uri_query_param" ("url"), NAME, Str, false, "the raw value of the first query parameter name", Call::Text(|u, a| strict(u, |u| opt(query_param(u, first(a)))));
            "uri_to_uri" ("iri"), &[], Str, false, "the IRI reference mapped to a URI (RFC 3987 3.1)", Call::Text(|u, _| if Syntax::IriReference.parse(u).is_ok() { cow(uriscan::iri::to_uri_str(u)) } else { Value::Null });
            "uri_to_iri" ("url"), &[], Str, false, "the URI reference mapped to an IRI (RFC 3987 3.2)", Call::Text(|u, _| strict(u, |u| cow(uriscan::iri::to_iri_str(u))));
            "uri_surt" ("url"), &[], Str, false, "the SURT key (the surt package's default; for any string)", Call::Text(|u, _| Value::Str(Cow::Owned(crate::surt(u))));
            "uri_registrable_domain" ("url"), &[], Str, false, "eTLD+1 of the host (ICANN section of the Public Suffix List)", Call::Text(|u, _| opt(iri_host(u).and_then(|h| crate::registrable_domain(h, DomainOptions::default()))));
            "uri_public_suffix" ("url"), &[], Str, false, "the public suffix of the host", Call::Text(|u, _| opt(iri_host(u).and_then(|h| crate::public_suffix(h, DomainOptions::default()))));
            "uri_strip_tracking" ("url"), &[], Str, false, "without tracking parameters (utm_*, fbclid, ...; for any string)", Call::Text(|u, _| cow(params::strip_tracking(u)));
            "uri_canon" ("url"), PROFILE, Str, false, "canonical form under a profile: rfc3986 (default), archive, safe-browsing", Call::Text(canon_of);
            "uri_query_param_decoded" ("url"), NAME, Str, false, "the first value of parameter name, form-decoded", Call::Text(|u, a| strict(u, |u| uri::query_param_decoded(u, first(a)).map_or(Value::Null, Value::Str)));
            "uri_query_param_values" ("url"), NAME, List, false, "every raw value of parameter name", Call::Text(|u, a| strict(u, |u| Value::List(params::url_parameter_values(u, first(a)).collect())));
            "uri_query_param_names" ("url"), &[], List, false, "every parameter name", Call::Text(|u, _| strict(u, |u| Value::List(uri::query_param_names(u).collect())));
            "uri_query_params" ("url"), &[], List, false, "every raw name=value piece of the query", Call::Text(|u, _| strict(u, |u| Value::List(uri::query_params(u).collect())));
            "uri_cut_query_params" ("url"), NAMES, Str, false, "without every parameter of those names", Call::Text(|u, a| strict(u, |u| cow(uri::cut_query_params(u, &a.values))));
            "uri_host_without_www" ("url"), &[], Str, false, "the host without a leading www.", Call::Text(|u, _| strict(u, |u| opt(uri::host_without_www(u))));
            "uri_top_level_domain" ("url"), &[], Str, false, "the host's last label", Call::Text(|u, _| strict(u, |u| opt(uri::top_level_domain(u))));
            "uri_first_significant_subdomain" ("url"), &[], Str, false, "the label left of the public suffix", Call::Text(|u, _| strict(u, |u| opt(uri::first_significant_subdomain(u))));
            "uri_cut_to_first_significant_subdomain" ("url"), &[], Str, false, "the host from the first significant subdomain on", Call::Text(|u, _| strict(u, |u| opt(uri::cut_to_first_significant_subdomain(u))));
            "uri_domain_depth" ("url"), &[], Int, false, "the number of labels of a registered-name host", Call::Text(|u, _| strict(u, |u| int(hosts::domain_depth(u).map(|d| i64::try_from(d).unwrap_or(i64::MAX)))));
            "uri_host_reversed" ("url"), &[], Str, false, "the host's labels in reverse order", Call::Text(|u, _| part(u, Component::Host).map_str(|h| Cow::Owned(hosts::host_reversed(h))));
            "uri_path_segments" ("url"), &[], List, false, "the raw path segments", Call::Text(|u, _| strict(u, |u| Value::List(paths::path_segments(u).collect())));
            "uri_file_extension" ("url"), &[], Str, false, "the extension of the last path segment", Call::Text(|u, _| strict(u, |u| opt(paths::file_extension(u))));
            "uri_port_or_default" ("url"), &[], Int, false, "the port, else the scheme's default", Call::Text(|u, _| strict(u, |u| int(paths::port_or_default(u).map(i64::from))));
            "uri_cut_query" ("url"), &[], Str, false, "without the query", Call::Text(|u, _| strict(u, |u| cow(uri::cut_query(u))));
            "uri_cut_fragment" ("url"), &[], Str, false, "without the fragment", Call::Text(|u, _| strict(u, |u| opt(Some(uri::cut_fragment(u)))));
            "uri_cut_query_and_fragment" ("url"), &[], Str, false, "without query and fragment", Call::Text(|u, _| strict(u, |u| opt(Some(uri::cut_query_and_fragment(u)))));
            "uri_hierarchy" ("url"), &[], List, false, "the URL cut after each /, ? and # (any scheme)", Call::Text(|u, _| strict(u, |u| Value::List(uri::hierarchy(u).collect())));
            "uri_path_hierarchy" ("url"), &[], List, false, "the same from the path on", Call::Text(|u, _| strict(u, |u| Value::List(uri::path_hierarchy(u).collect())));
            "uri_encode_component" ("s"), &[], Str, false, "every byte but unreserved as %XX (2.1, 2.3)", Call::Bytes(|s, _| cow(encoding::encode_url_component(s)));
            "uri_decode_component" ("s"), &[], Str, false, "%XX decoded; null for a malformed % or octets that are not UTF-8", Call::Text(|s, _| uriscan::percent::decode_str(s).map_or(Value::Null, Value::Str));
    }
    Spark {
        "parse_url" ("url"), PART_KEY, Str, false, "Spark's parse_url: HOST, PATH, QUERY (or a QUERY key's value), REF, PROTOCOL, FILE, AUTHORITY, USERINFO, as java.net.URI reads the URL", Call::Text(spark_parse_url);
        "try_parse_url" ("url"), PART_KEY, Str, false, "= parse_url (null for a URL java.net.URI refuses)", Call::Text(spark_parse_url);
        "url_encode" ("s"), &[], Str, false, "Spark's url_encode (java.net.URLEncoder, UTF-8: space as +)", Call::Text(|s, _| cow(encoding::url_encode(s)));
        "url_decode" ("s"), &[], Str, false, "Spark's url_decode (java.net.URLDecoder); null where Spark raises an error", Call::Text(|s, _| encoding::url_decode(s).map_or(Value::Null, Value::Str));
        "try_url_decode" ("s"), &[], Str, false, "= url_decode (null for malformed input)", Call::Text(|s, _| encoding::url_decode(s).map_or(Value::Null, Value::Str));
    }
    CcIndex {
        "uri_cc_index" ("url"), &[], CcIndex, false, "the Common Crawl index's URL columns (url_surtkey ... url_query)", Call::Text(|u, _| Value::CcIndex(Box::new(cc_index_columns(u))));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_ignoring_case() {
        for (i, f) in FUNCTIONS.iter().enumerate() {
            assert!(FUNCTIONS[..i].iter().all(|g| !g.name.eq_ignore_ascii_case(f.name)), "{}", f.name);
            assert!(std::ptr::eq(find(&f.name.to_ascii_uppercase()).unwrap(), f));
        }
    }

    #[test]
    fn arity() {
        let f = find("extractURLParameter").unwrap();
        assert!(f.args(&[]).is_err());
        assert!(f.args(&["a", "b"]).is_err());
        let p = find("port").unwrap();
        assert_eq!(p.call("http://h/", &p.args(&[]).unwrap()), Value::UInt(0));
        assert_eq!(p.call("http://h.com:81/", &p.args(&["80"]).unwrap()), Value::UInt(81));
        // ClickHouse's port needs a host with a dot: the default, as in ClickHouse.
        assert_eq!(p.call("http://h:81/", &p.args(&["80"]).unwrap()), Value::UInt(80));
        assert!(p.args(&["1", "2"]).is_err());
        assert!(p.args(&["65536"]).is_err());
        assert_eq!(find("cutURLParameter").unwrap().signature(), "cutURLParameter(url, name [name...])");
        assert_eq!(p.signature(), "port(url [, default])");
    }
}
