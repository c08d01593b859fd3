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

use datafusion::arrow::array::{Array, ArrayRef};
use datafusion::arrow::datatypes::DataType;
use datafusion::common::{exec_err, DataFusionError, Result, ScalarValue};
use datafusion::logical_expr::{
    ColumnarValue, ScalarFunctionArgs, ScalarUDF, ScalarUDFImpl, Signature, TypeSignature, Volatility,
};
use datafusion::prelude::SessionContext;
use uriscan_arrow::registry::Arg;
use uriscan_crawl::function_set::{Family, Function, ParamKind, FUNCTIONS};

/// One function of the registry ([`uriscan_crawl::function_set`]) as a
/// DataFusion scalar function: its name, its lower-case alias (for a name
/// with capitals), a signature and return type derived from its entry, and
/// [`uriscan_arrow::registry::call_function`] as its body. Every function
/// [`register`], [`clickhouse::register_clickhouse`],
/// [`spark::register_spark`] and [`cc_index::register_cc_index`] add is one.
///
/// ```
/// let f = uriscan_datafusion::RegistryFunction::new(uriscan_crawl::function_set::find("cutURLParameter").unwrap());
/// let udf = datafusion::logical_expr::ScalarUDF::new_from_impl(f);
/// assert_eq!((udf.name(), udf.aliases()), ("cutURLParameter", &["cuturlparameter".to_string()][..]));
/// ```
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct RegistryFunction {
    name: &'static str,
    aliases: Vec<String>,
    signature: Signature,
}

impl RegistryFunction {
    /// The UDF of `f`.
    ///
    /// ```
    /// use datafusion::logical_expr::ScalarUDFImpl;
    /// let f = uriscan_datafusion::RegistryFunction::new(uriscan_crawl::function_set::find("uri_host").unwrap());
    /// assert_eq!(f.name(), "uri_host");
    /// ```
    #[must_use]
    pub fn new(f: &'static Function) -> RegistryFunction {
        RegistryFunction { name: f.name, aliases: f.alias().into_iter().collect(), signature: signature(f) }
    }

    fn function(&self) -> Result<&'static Function> {
        match uriscan_crawl::function_set::find(self.name) {
            Some(f) => Ok(f),
            None => exec_err!("{}: not in the registry", self.name),
        }
    }
}

/// The signature of `f`: a string input, then its arguments; every number
/// of arguments it takes. Text arguments and names are strings (`Signature::string`),
/// a repeated one (a list) and numbers are any type.
fn signature(f: &Function) -> Signature {
    let strings = || vec![DataType::Utf8, DataType::LargeUtf8, DataType::Utf8View];
    let required = f.params.iter().filter(|p| !p.optional).count();
    let forms: Vec<TypeSignature> = (required..=f.params.len())
        .map(|n| {
            let plain =
                f.params[..n].iter().all(|p| matches!(p.kind, ParamKind::Text | ParamKind::OneOf(_)) && !p.repeated);
            match n {
                0 => TypeSignature::Uniform(1, strings()),
                _ if plain => TypeSignature::String(n + 1),
                _ => TypeSignature::Any(n + 1),
            }
        })
        .collect();
    match <[TypeSignature; 1]>::try_from(forms) {
        Ok([one]) => Signature::new(one, Volatility::Immutable),
        Err(forms) => Signature::one_of(forms, Volatility::Immutable),
    }
}

/// The UDFs of the functions of `families`, in registry order.
fn udfs(families: &[Family]) -> Vec<Arc<ScalarUDF>> {
    FUNCTIONS
        .iter()
        .filter(|f| families.contains(&f.family))
        .map(|f| Arc::new(ScalarUDF::new_from_impl(RegistryFunction::new(f))))
        .collect()
}

fn register_udfs(ctx: &SessionContext, udfs: Vec<Arc<ScalarUDF>>) {
    for f in udfs {
        ctx.register_udf(f.as_ref().clone());
    }
}

/// The functions [`register`] adds (the registry's `uri` and `spark`
/// families, [`spark::spark_functions`]) as `ScalarUDF`s: for a Ballista
/// function registry or a `SessionStateBuilder`.
///
/// ```
/// let names: Vec<String> = uriscan_datafusion::functions().iter().map(|f| f.name().to_string()).collect();
/// assert!(names.contains(&"uri_host".to_string()) && names.contains(&"parse_url".to_string()));
/// ```
#[must_use]
pub fn functions() -> Vec<Arc<ScalarUDF>> {
    udfs(&[Family::Uri, Family::Spark])
}

/// Every function of every family of the registry: ClickHouse's names
/// (with their lower-case aliases), the crawl extras, the `uri_*` set,
/// Spark's and `uri_cc_index`. The list a front end that offers "every
/// uriscan function" registers (the `uriscan-sql` command, the Ballista
/// scheduler and executors).
///
/// ```
/// let all = uriscan_datafusion::all_functions();
/// for name in ["uri_host", "parse_url", "cutURLParameter", "uri_cc_index", "host_reversed"] {
///     assert!(all.iter().any(|f| f.name() == name), "{name}");
/// }
/// assert_eq!(all.len(), uriscan_crawl::function_set::FUNCTIONS.len());
/// ```
#[must_use]
pub fn all_functions() -> Vec<Arc<ScalarUDF>> {
    udfs(&Family::ALL)
}

/// The functions of one family of the registry.
///
/// ```
/// use uriscan_crawl::function_set::Family;
/// let extras = uriscan_datafusion::family_functions(Family::Extra);
/// assert!(extras.iter().any(|f| f.name() == "url_parameter_decoded"));
/// ```
#[must_use]
pub fn family_functions(family: Family) -> Vec<Arc<ScalarUDF>> {
    udfs(&[family])
}

/// Registers every function of [`functions`] in `ctx` (replacing any of the
/// same name, such as another `parse_url`).
///
/// ```
/// use datafusion::execution::FunctionRegistry;
/// let ctx = datafusion::prelude::SessionContext::new();
/// uriscan_datafusion::register(&ctx);
/// assert!(ctx.udf("uri_resolve").is_ok());
/// ```
pub fn register(ctx: &SessionContext) {
    register_udfs(ctx, functions());
}

/// Registers every function of [`all_functions`] in `ctx`.
///
/// ```
/// use datafusion::execution::FunctionRegistry;
/// let ctx = datafusion::prelude::SessionContext::new();
/// uriscan_datafusion::register_all(&ctx);
/// assert!(ctx.udf("cutwww").is_ok() && ctx.udf("path_segments").is_ok());
/// ```
pub fn register_all(ctx: &SessionContext) {
    register_udfs(ctx, all_functions());
}

impl ScalarUDFImpl for RegistryFunction {
    fn name(&self) -> &str {
        self.name
    }

    fn aliases(&self) -> &[String] {
        &self.aliases
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn return_type(&self, _arg_types: &[DataType]) -> Result<DataType> {
        Ok(uriscan_arrow::registry::data_type(self.function()?))
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let f = self.function()?;
        let all_scalar = args.args.iter().all(|a| matches!(a, ColumnarValue::Scalar(_)));
        let rows = if all_scalar { 1 } else { args.number_rows };
        let call: Vec<Arg> = args.args.iter().map(|a| arg(f, a)).collect::<Result<_>>()?;
        let out = uriscan_arrow::registry::call_function(f, &call, rows).map_err(|e| match e {
            datafusion::arrow::error::ArrowError::ComputeError(m) => DataFusionError::Execution(m),
            other => DataFusionError::ArrowError(Box::new(other), None),
        })?;
        if all_scalar {
            Ok(ColumnarValue::Scalar(ScalarValue::try_from_array(&out, 0)?))
        } else {
            Ok(ColumnarValue::Array(out))
        }
    }
}

/// A SQL argument as a registry argument: a column, a string (a number as
/// its text), or a list of strings (a NULL element is no name).
fn arg(f: &Function, a: &ColumnarValue) -> Result<Arg> {
    let s = match a {
        ColumnarValue::Array(c) => return Ok(Arg::Column(c.clone())),
        ColumnarValue::Scalar(s) => s,
    };
    if let Some(text) = s.try_as_str() {
        return Ok(Arg::Scalar(text.map(str::to_owned)));
    }
    let list: ArrayRef = match s {
        ScalarValue::List(l) => l.clone(),
        ScalarValue::LargeList(l) => l.clone(),
        ScalarValue::FixedSizeList(l) => l.clone(),
        s if s.is_null() => return Ok(Arg::Scalar(None)),
        s if s.data_type().is_integer() => return Ok(Arg::Scalar(Some(s.to_string()))),
        s => return exec_err!("{}: a string, a list of strings or a number, not {}", f.name, s.data_type()),
    };
    if list.is_null(0) {
        return Ok(Arg::List(None));
    }
    let values = match ScalarValue::try_from_array(&list, 0)? {
        ScalarValue::List(l) => l.value(0),
        ScalarValue::LargeList(l) => l.value(0),
        ScalarValue::FixedSizeList(l) => l.value(0),
        _ => return Ok(Arg::List(Some(Vec::new()))),
    };
    let mut names = Vec::new();
    for i in 0..values.len() {
        if let Some(s) = ScalarValue::try_from_array(&values, i)?.try_as_str().flatten() {
            names.push(s.to_owned());
        }
    }
    Ok(Arg::List(Some(names)))
}
