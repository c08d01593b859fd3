//! RFC 3986 URI functions for [Apache DataFusion](https://datafusion.apache.org) SQL,
//! on [uriscan](https://docs.rs/uriscan)'s parser and the zero-copy kernels of
//! [`uriscan_arrow`].
//!
//! [`register`] adds them all to a `SessionContext`:
//!
//! | function | result |
//! |---|---|
//! | `uri_scheme(url)`, `uri_authority`, `uri_userinfo`, `uri_host`, `uri_path`, `uri_query`, `uri_fragment` | the component (Utf8View), NULL when undefined |
//! | `uri_port(url)` | the port as Int32, NULL when absent, empty or above 65535 |
//! | `uri_parse(url)` | a struct of every component ([`uriscan_arrow::parse_fields`]) |
//! | `uri_is_valid(url)` | whether `url` is a URI reference (RFC 3986 §4.1) |
//! | `uri_error(url)` | why it is not (message with byte index), NULL when valid |
//! | `uri_normalize(url)` | syntax- and scheme-based normalization (§6.2.2, §6.2.3) |
//! | `uri_resolve(base, ref)` | `ref` resolved against `base` (§5.2, strict) |
//! | `uri_query_param(url, name)` | raw value of the first query parameter `name` (`""` for a key without `=`) |
//! | `uri_to_uri(iri)`, `uri_to_iri(uri)` | RFC 3987 §3.1 / §3.2 mappings (NULL when the argument is not an IRI / URI reference) |
//! | `uri_surt(url)` | the SURT key, as the Internet Archive's `surt` computes it (a key for every non-NULL string) |
//! | `uri_registrable_domain(url)`, `uri_public_suffix(url)` | eTLD+1 and public suffix of the host (ICANN section of the Public Suffix List), NULL for IP addresses and bare suffixes |
//! | `uri_query_param_decoded(url, name)` | the first value of parameter `name`, form-decoded (`+` is a space, U+FFFD for octets that are not UTF-8) |
//! | `uri_query_param_values(url, name)`, `uri_query_param_names(url)`, `uri_query_params(url)` | lists: every raw value of `name`; every name; every raw `name=value` piece |
//! | `uri_cut_query_params(url, name)`, `uri_cut_query_params(url, ['a', 'b'])` | the URL without those parameters, every other byte as written |
//! | `uri_host_without_www(url)` | the host without a leading `www.` |
//! | `uri_top_level_domain(url)`, `uri_first_significant_subdomain(url)`, `uri_cut_to_first_significant_subdomain(url)` | ClickHouse's definitions of these host parts, on the RFC's host |
//! | `uri_domain_depth(url)` | the number of labels of a registered-name host (Int32) |
//! | `uri_host_reversed(url)` | the host's labels in reverse order (`com.example.www`) |
//! | `uri_path_segments(url)` | list of the raw path segments (after each `/`) |
//! | `uri_file_extension(url)` | the extension of the last path segment |
//! | `uri_port_or_default(url)` | the port, else the scheme's default (Int32; NULL when neither) |
//! | `uri_cut_query(url)`, `uri_cut_fragment(url)`, `uri_cut_query_and_fragment(url)` | the URL without them |
//! | `uri_hierarchy(url)`, `uri_path_hierarchy(url)` | lists of prefixes (ClickHouse's `URLHierarchy`, `URLPathHierarchy`) |
//! | `uri_encode_component(s)` | every byte but RFC 3986's `unreserved` as `%XX` (§2.1, §2.3) |
//! | `uri_decode_component(s)` | `%XX` triplets decoded; NULL for a malformed `%` or octets that are not UTF-8 |
//! | `parse_url`, `try_parse_url`, `url_encode`, `url_decode`, `try_url_decode` | Spark's URL functions, with Spark's semantics (see [`spark`]; [`spark::register_spark`] registers them alone) |
//!
//! Every function takes Utf8, LargeUtf8 or Utf8View arguments, columns or
//! literals (the names of the query functions after `uri_query_param` are
//! literals); a NULL argument gives NULL, and so does a string that is not a
//! valid URI reference (use `uri_is_valid` / `uri_error` to tell them apart)
//! for every function of a URL. The functions from `uri_query_param_decoded`
//! on compute what the functions of [`clickhouse`] do, on RFC 3986's reading
//! of the URL (the crawl crate's `uri` module, beside its ClickHouse-exact
//! functions).
//! No function panics on any input.
//!
//! ```
//! use datafusion::prelude::SessionContext;
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() -> datafusion::error::Result<()> {
//! let ctx = SessionContext::new();
//! uriscan_datafusion::register(&ctx);
//! let df = ctx.sql("SELECT uri_host('http://example.com:8080/a') AS h, uri_port('http://example.com:8080/a') AS p").await?;
//! let batches = df.collect().await?;
//! let text = datafusion::arrow::util::pretty::pretty_format_batches(&batches)?.to_string();
//! assert!(text.contains("| example.com | 8080 |"));
//! # Ok(())
//! # }
//! ```
#![warn(missing_docs)]
#![forbid(unsafe_code)]

pub mod cc_index;
pub mod clickhouse;
pub mod spark;

use std::sync::Arc;

use datafusion::arrow::array::{new_null_array, Array, ArrayRef, StringViewArray};
use datafusion::arrow::compute::{cast, not, nullif};
use datafusion::arrow::datatypes::{DataType, Field};
use datafusion::common::{exec_err, Result, ScalarValue};
use datafusion::logical_expr::{ColumnarValue, ScalarFunctionArgs, ScalarUDF, ScalarUDFImpl, Signature, Volatility};
use datafusion::prelude::SessionContext;
use uriscan::{Component, NormalizeOptions};
use uriscan_arrow::functions as k;
use uriscan_crawl::DomainOptions;

/// What a [`UriFunction`] computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Op {
    Part(Component),
    Port,
    Parse,
    IsValid,
    Error,
    Normalize,
    Resolve,
    QueryParam,
    ToUri,
    ToIri,
    Surt,
    RegistrableDomain,
    PublicSuffix,
    /// A function of the crawl crate, NULL for a string that is not a URI reference.
    Strict(Crawl),
    EncodeComponent,
    DecodeComponent,
}

/// The crawl crate's URL functions the `uri_*` set reads strictly.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Crawl {
    QueryParamDecoded,
    QueryParamValues,
    QueryParamNames,
    QueryParams,
    CutQueryParams,
    HostWithoutWww,
    TopLevelDomain,
    FirstSignificantSubdomain,
    CutToFirstSignificantSubdomain,
    DomainDepth,
    HostReversed,
    PathSegments,
    FileExtension,
    PortOrDefault,
    CutQuery,
    CutFragment,
    CutQueryAndFragment,
    Hierarchy,
    PathHierarchy,
}

impl Crawl {
    /// Whether the function gives a list of strings.
    fn is_list(self) -> bool {
        matches!(
            self,
            Crawl::QueryParamValues
                | Crawl::QueryParamNames
                | Crawl::QueryParams
                | Crawl::PathSegments
                | Crawl::Hierarchy
                | Crawl::PathHierarchy
        )
    }
}

/// One of the SQL functions [`register`] adds (all share this type).
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct UriFunction {
    name: &'static str,
    op: Op,
    signature: Signature,
}

impl UriFunction {
    fn new(name: &'static str, op: Op) -> UriFunction {
        let strings = || vec![DataType::Utf8, DataType::LargeUtf8, DataType::Utf8View];
        let signature = match op {
            Op::Resolve | Op::QueryParam => Signature::string(2, Volatility::Immutable),
            Op::Strict(Crawl::QueryParamDecoded | Crawl::QueryParamValues) => {
                Signature::string(2, Volatility::Immutable)
            }
            // A name or a list of names.
            Op::Strict(Crawl::CutQueryParams) => Signature::any(2, Volatility::Immutable),
            _ => Signature::uniform(1, strings(), Volatility::Immutable),
        };
        UriFunction { name, op, signature }
    }
}

/// Every function (the `uri_*` set and Spark's, [`spark::spark_functions`]),
/// as `ScalarUDF`s: for a Ballista function registry or a `SessionStateBuilder`.
///
/// ```
/// let names: Vec<String> = uriscan_datafusion::functions().iter().map(|f| f.name().to_string()).collect();
/// assert!(names.contains(&"uri_host".to_string()) && names.contains(&"parse_url".to_string()));
/// ```
#[must_use]
pub fn functions() -> Vec<Arc<ScalarUDF>> {
    let list = [
        ("uri_scheme", Op::Part(Component::Scheme)),
        ("uri_authority", Op::Part(Component::Authority)),
        ("uri_userinfo", Op::Part(Component::Userinfo)),
        ("uri_host", Op::Part(Component::Host)),
        ("uri_path", Op::Part(Component::Path)),
        ("uri_query", Op::Part(Component::Query)),
        ("uri_fragment", Op::Part(Component::Fragment)),
        ("uri_port", Op::Port),
        ("uri_parse", Op::Parse),
        ("uri_is_valid", Op::IsValid),
        ("uri_error", Op::Error),
        ("uri_normalize", Op::Normalize),
        ("uri_resolve", Op::Resolve),
        ("uri_query_param", Op::QueryParam),
        ("uri_to_uri", Op::ToUri),
        ("uri_to_iri", Op::ToIri),
        ("uri_surt", Op::Surt),
        ("uri_registrable_domain", Op::RegistrableDomain),
        ("uri_public_suffix", Op::PublicSuffix),
        ("uri_query_param_decoded", Op::Strict(Crawl::QueryParamDecoded)),
        ("uri_query_param_values", Op::Strict(Crawl::QueryParamValues)),
        ("uri_query_param_names", Op::Strict(Crawl::QueryParamNames)),
        ("uri_query_params", Op::Strict(Crawl::QueryParams)),
        ("uri_cut_query_params", Op::Strict(Crawl::CutQueryParams)),
        ("uri_host_without_www", Op::Strict(Crawl::HostWithoutWww)),
        ("uri_top_level_domain", Op::Strict(Crawl::TopLevelDomain)),
        ("uri_first_significant_subdomain", Op::Strict(Crawl::FirstSignificantSubdomain)),
        ("uri_cut_to_first_significant_subdomain", Op::Strict(Crawl::CutToFirstSignificantSubdomain)),
        ("uri_domain_depth", Op::Strict(Crawl::DomainDepth)),
        ("uri_host_reversed", Op::Strict(Crawl::HostReversed)),
        ("uri_path_segments", Op::Strict(Crawl::PathSegments)),
        ("uri_file_extension", Op::Strict(Crawl::FileExtension)),
        ("uri_port_or_default", Op::Strict(Crawl::PortOrDefault)),
        ("uri_cut_query", Op::Strict(Crawl::CutQuery)),
        ("uri_cut_fragment", Op::Strict(Crawl::CutFragment)),
        ("uri_cut_query_and_fragment", Op::Strict(Crawl::CutQueryAndFragment)),
        ("uri_hierarchy", Op::Strict(Crawl::Hierarchy)),
        ("uri_path_hierarchy", Op::Strict(Crawl::PathHierarchy)),
        ("uri_encode_component", Op::EncodeComponent),
        ("uri_decode_component", Op::DecodeComponent),
    ];
    let uri = list.into_iter().map(|(name, op)| Arc::new(ScalarUDF::new_from_impl(UriFunction::new(name, op))));
    uri.chain(spark::spark_functions()).collect()
}

/// Every function of every family: [`functions`] (the `uri_*` set and
/// Spark's), [`clickhouse::clickhouse_functions`] (ClickHouse's names, with
/// their lower-case aliases) and [`cc_index::cc_index_function`]. The list a
/// front end that offers "every uriscan function" registers (the `uriscan-sql`
/// command, the Ballista scheduler and executors).
///
/// ```
/// let all = uriscan_datafusion::all_functions();
/// for name in ["uri_host", "parse_url", "cutURLParameter", "uri_cc_index"] {
///     assert!(all.iter().any(|f| f.name() == name), "{name}");
/// }
/// ```
#[must_use]
pub fn all_functions() -> Vec<Arc<ScalarUDF>> {
    let mut all = functions();
    all.extend(clickhouse::clickhouse_functions());
    all.push(cc_index::cc_index_function());
    all
}

/// Registers every function in `ctx` (replacing any of the same name, such
/// as another `parse_url`).
///
/// ```
/// use datafusion::execution::FunctionRegistry;
/// let ctx = datafusion::prelude::SessionContext::new();
/// uriscan_datafusion::register(&ctx);
/// assert!(ctx.udf("uri_resolve").is_ok());
/// ```
pub fn register(ctx: &SessionContext) {
    for f in functions() {
        ctx.register_udf(f.as_ref().clone());
    }
}

impl ScalarUDFImpl for UriFunction {
    fn name(&self) -> &str {
        self.name
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn return_type(&self, _arg_types: &[DataType]) -> Result<DataType> {
        Ok(match self.op {
            Op::Strict(f) if f.is_list() => DataType::List(Arc::new(Field::new("item", DataType::Utf8View, false))),
            Op::Strict(Crawl::DomainDepth | Crawl::PortOrDefault) => DataType::Int32,
            Op::Port => DataType::Int32,
            Op::IsValid => DataType::Boolean,
            Op::Parse => DataType::Struct(uriscan_arrow::parse_fields()),
            _ => DataType::Utf8View,
        })
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        crate::invoke(args, |a, rows| self.eval(a, rows))
    }
}

/// A function's arguments evaluated by `eval` (arguments, rows): a scalar
/// when every argument is one, else a column of `args.number_rows` rows.
fn invoke(
    args: ScalarFunctionArgs,
    eval: impl FnOnce(&[ColumnarValue], usize) -> Result<ArrayRef>,
) -> Result<ColumnarValue> {
    let all_scalar = args.args.iter().all(|a| matches!(a, ColumnarValue::Scalar(_)));
    let rows = if all_scalar { 1 } else { args.number_rows };
    let out = eval(&args.args, rows)?;
    if all_scalar {
        Ok(ColumnarValue::Scalar(ScalarValue::try_from_array(&out, 0)?))
    } else {
        Ok(ColumnarValue::Array(out))
    }
}

/// The string in a scalar argument: `Some(None)` for a NULL literal, `None`
/// when the argument is a column.
fn literal(arg: &ColumnarValue) -> Option<Option<&str>> {
    match arg {
        ColumnarValue::Scalar(s) => s.try_as_str(),
        ColumnarValue::Array(_) => None,
    }
}

/// An all-NULL Utf8View column.
fn nulls(rows: usize) -> ArrayRef {
    Arc::new(StringViewArray::new_null(rows))
}

impl UriFunction {
    /// The function over `rows` rows (arguments broadcast as needed).
    fn eval(&self, args: &[ColumnarValue], rows: usize) -> Result<ArrayRef> {
        let Some(first) = args.first() else {
            return exec_err!("{} needs arguments", self.name);
        };
        // The URL is the first argument, except for uri_resolve(base, ref).
        let url_arg = if self.op == Op::Resolve { args.get(1) } else { Some(first) };
        let Some(url_arg) = url_arg else {
            return exec_err!("{} needs 2 arguments", self.name);
        };
        let urls = url_arg.to_array(rows)?;
        let urls = urls.as_ref();
        Ok(match self.op {
            Op::Part(part) => Arc::new(uriscan_arrow::component(urls, part)?),
            Op::Port => Arc::new(uriscan_arrow::port(urls)?),
            Op::Parse => Arc::new(uriscan_arrow::parse(urls)?),
            Op::IsValid => Arc::new(uriscan_arrow::is_valid(urls)?),
            Op::Error => Arc::new(uriscan_arrow::error(urls)?),
            Op::Normalize => Arc::new(uriscan_arrow::normalize(urls, NormalizeOptions::SCHEME_BASED)?),
            Op::Resolve => match literal(first) {
                Some(None) => nulls(rows),
                // A literal base that is not absolute resolves nothing.
                Some(Some(base)) => match uriscan_arrow::resolve_scalar(urls, base) {
                    Ok(a) => Arc::new(a),
                    Err(_) => nulls(rows),
                },
                None => Arc::new(uriscan_arrow::resolve(urls, first.to_array(rows)?.as_ref())?),
            },
            Op::QueryParam => {
                let Some(name_arg) = args.get(1) else {
                    return exec_err!("{} needs 2 arguments", self.name);
                };
                match literal(name_arg) {
                    Some(None) => nulls(rows),
                    Some(Some(name)) => Arc::new(uriscan_arrow::query_param(urls, name)?),
                    None => Arc::new(uriscan_arrow::query_param_each(urls, name_arg.to_array(rows)?.as_ref())?),
                }
            }
            Op::ToUri => Arc::new(uriscan_arrow::to_uri(urls)?),
            Op::ToIri => Arc::new(uriscan_arrow::to_iri(urls)?),
            Op::Surt => Arc::new(uriscan_arrow::surt(urls)?),
            Op::RegistrableDomain => Arc::new(uriscan_arrow::registrable_domain(urls, DomainOptions::default())?),
            Op::PublicSuffix => Arc::new(uriscan_arrow::public_suffix(urls, DomainOptions::default())?),
            Op::EncodeComponent => Arc::new(k::encode_url_component(urls)?),
            Op::DecodeComponent => Arc::new(k::percent_decode(urls)?),
            Op::Strict(f) => {
                let out = self.crawl(f, urls, args.get(1), rows)?;
                // NULL where the string is not a URI reference (RFC 3986 §4.1).
                let invalid = not(&uriscan_arrow::is_valid(urls)?)?;
                nullif(&out, &invalid)?
            }
        })
    }

    /// A crawl function over every row, as the crawl crate reads it.
    fn crawl(&self, f: Crawl, urls: &dyn Array, second: Option<&ColumnarValue>, rows: usize) -> Result<ArrayRef> {
        // The name argument: a literal string.
        let name = || -> Result<Option<String>> {
            match second.map(literal) {
                Some(Some(name)) => Ok(name.map(str::to_owned)),
                _ => exec_err!("{}: the name must be a constant string", self.name),
            }
        };
        let list = |a: datafusion::arrow::array::ListArray| -> ArrayRef { Arc::new(a) };
        Ok(match f {
            Crawl::QueryParamDecoded => match name()? {
                Some(n) => Arc::new(k::uri::query_param_decoded(urls, &n)?),
                None => nulls(rows),
            },
            Crawl::QueryParamValues => match name()? {
                Some(n) => list(k::url_parameter_values(urls, &n)?),
                None => new_null_array(&DataType::List(Arc::new(Field::new("item", DataType::Utf8View, false))), rows),
            },
            Crawl::CutQueryParams => {
                let names = match second {
                    Some(ColumnarValue::Scalar(s)) => clickhouse::names_of(s)?,
                    _ => return exec_err!("{}: the names must be a constant string or list of strings", self.name),
                };
                match names {
                    Some(names) => {
                        let names: Vec<&str> = names.iter().map(String::as_str).collect();
                        Arc::new(k::uri::cut_query_params(urls, &names)?)
                    }
                    None => nulls(rows),
                }
            }
            Crawl::QueryParamNames => list(k::uri::query_param_names(urls)?),
            Crawl::QueryParams => list(k::uri::query_params(urls)?),
            Crawl::HostWithoutWww => Arc::new(k::uri::host_without_www(urls)?),
            Crawl::TopLevelDomain => Arc::new(k::uri::top_level_domain(urls)?),
            Crawl::FirstSignificantSubdomain => Arc::new(k::uri::first_significant_subdomain(urls)?),
            Crawl::CutToFirstSignificantSubdomain => Arc::new(k::uri::cut_to_first_significant_subdomain(urls)?),
            Crawl::DomainDepth => Arc::new(k::domain_depth(urls)?),
            Crawl::HostReversed => Arc::new(k::host_reversed(&uriscan_arrow::component(urls, Component::Host)?)?),
            Crawl::PathSegments => list(k::path_segments(urls)?),
            Crawl::FileExtension => Arc::new(k::file_extension(urls)?),
            Crawl::PortOrDefault => cast(&k::port_or_default(urls)?, &DataType::Int32)?,
            Crawl::CutQuery => Arc::new(k::uri::cut_query(urls)?),
            Crawl::CutFragment => Arc::new(k::uri::cut_fragment(urls)?),
            Crawl::CutQueryAndFragment => Arc::new(k::uri::cut_query_and_fragment(urls)?),
            Crawl::Hierarchy => list(k::uri::hierarchy(urls)?),
            Crawl::PathHierarchy => list(k::uri::path_hierarchy(urls)?),
        })
    }
}

/// The rows of a string column as Utf8View (a cast only for Utf8 and
/// LargeUtf8 input).
fn as_views(arg: &ColumnarValue, rows: usize) -> Result<StringViewArray> {
    let a = cast(&arg.to_array(rows)?, &DataType::Utf8View)?;
    match a.as_any().downcast_ref::<StringViewArray>() {
        Some(v) => Ok(v.clone()),
        None => exec_err!("expected a string argument, found {}", a.data_type()),
    }
}
