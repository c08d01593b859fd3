//! ClickHouse's URL functions for DataFusion SQL, by ClickHouse's names,
//! on the kernels of [`uriscan_arrow::functions`]: [`register_clickhouse`]
//! adds them to a `SessionContext`.
//!
//! Each function is registered under its ClickHouse spelling
//! (`extractURLParameter`, callable quoted: `"extractURLParameter"(url, 'q')`)
//! and under its lower-case name, which is what DataFusion looks up for an
//! unquoted call (`extractURLParameter(url, 'q')` folds to
//! `extracturlparameter`).
//!
//! | function | result |
//! |---|---|
//! | `extractURLParameter(url, name)` | raw value of the first parameter `name` |
//! | `extractURLParameters(url)`, `extractURLParameterNames(url)` | lists of `name=value` pieces, of names |
//! | `cutURLParameter(url, name)`, `cutURLParameter(url, ['a', 'b'])` | the URL without the first parameter of each name, every other byte kept |
//! | `domain`, `topLevelDomain`, `firstSignificantSubdomain`, `cutToFirstSignificantSubdomain`, `cutToFirstSignificantSubdomainWithWWW`, `domainWithoutWWW`, `cutWWW` | host functions |
//! | `protocol`, `path`, `pathFull`, `netloc`, `queryString`, `fragment`, `queryStringAndFragment`, `cutQueryString`, `cutFragment`, `cutQueryStringAndFragment` | scheme, path, query and fragment functions |
//! | `port(url [, default])` | the explicit port as UInt16, else `default`, else 0 |
//! | `domainRFC`, `domainWithoutWWWRFC`, `topLevelDomainRFC`, `firstSignificantSubdomainRFC`, `cutToFirstSignificantSubdomainRFC`, `cutToFirstSignificantSubdomainWithWWWRFC`, `portRFC` | the same on ClickHouse's RFC host reader (userinfo skipped, IPv6 literals) |
//! | `URLHierarchy(url)`, `URLPathHierarchy(url)` | lists of prefixes |
//! | `encodeURLComponent`, `encodeURLFormComponent`, `decodeURLComponent`, `decodeURLFormComponent` | percent-encoding as ClickHouse does it (decoded bytes that are not UTF-8 become U+FFFD) |
//!
//! As in ClickHouse, a function with no answer gives the empty string (or
//! 0, or an empty list), and only a NULL argument gives NULL. The answers
//! are those of the scalar functions of [`uriscan_crawl`], which answer as
//! ClickHouse 26.9 does, quirks included (the crawl crate's
//! `tests/data/clickhouse_*.txt`); RFC 3986's reading is the `uri_*`
//! functions'.
//!
//! ```
//! use datafusion::prelude::SessionContext;
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() -> datafusion::error::Result<()> {
//! let ctx = SessionContext::new();
//! uriscan_datafusion::clickhouse::register_clickhouse(&ctx);
//! let sql = "SELECT extractURLParameter('http://h/?a=1&b=2', 'b') AS b, \
//!            cutURLParameter('http://bigmir.net/?a=b&c=d&e=f#g', ['c', 'e']) AS cut, \
//!            port('https://h/', 443) AS p";
//! let batches = ctx.sql(sql).await?.collect().await?;
//! let text = datafusion::arrow::util::pretty::pretty_format_batches(&batches)?.to_string();
//! assert!(text.contains("| 2 | http://bigmir.net/?a=b&#g | 443 |"), "{text}");
//! # Ok(())
//! # }
//! ```

use std::sync::Arc;

use datafusion::arrow::array::{Array, ArrayRef, ListArray, StringViewArray, UInt16Array};
use datafusion::arrow::buffer::ScalarBuffer;
use datafusion::arrow::datatypes::{DataType, Field};
use datafusion::common::{exec_err, Result, ScalarValue};
use datafusion::logical_expr::{
    ColumnarValue, ScalarFunctionArgs, ScalarUDF, ScalarUDFImpl, Signature, TypeSignature, Volatility,
};
use datafusion::prelude::SessionContext;
use uriscan_arrow::functions as k;

/// What a [`ClickHouseFunction`] computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Op {
    TopLevelDomain,
    FirstSignificantSubdomain,
    CutToFirstSignificantSubdomain,
    CutToFirstSignificantSubdomainWithWww,
    DomainWithoutWww,
    CutWww,
    Path,
    PathFull,
    Netloc,
    QueryStringAndFragment,
    CutQueryString,
    CutFragment,
    CutQueryStringAndFragment,
    EncodeUrlComponent,
    EncodeUrlFormComponent,
    DecodeUrlComponent,
    DecodeUrlFormComponent,
    ExtractUrlParameters,
    ExtractUrlParameterNames,
    UrlHierarchy,
    UrlPathHierarchy,
    ExtractUrlParameter,
    CutUrlParameter,
    Port,
    Domain,
    Protocol,
    QueryString,
    Fragment,
    DomainRfc,
    DomainWithoutWwwRfc,
    TopLevelDomainRfc,
    FirstSignificantSubdomainRfc,
    CutToFirstSignificantSubdomainRfc,
    CutToFirstSignificantSubdomainWithWwwRfc,
    PortRfc,
}

/// The functions, by ClickHouse's names.
const FUNCTIONS: [(&str, Op); 35] = [
    ("topLevelDomain", Op::TopLevelDomain),
    ("firstSignificantSubdomain", Op::FirstSignificantSubdomain),
    ("cutToFirstSignificantSubdomain", Op::CutToFirstSignificantSubdomain),
    ("cutToFirstSignificantSubdomainWithWWW", Op::CutToFirstSignificantSubdomainWithWww),
    ("domainWithoutWWW", Op::DomainWithoutWww),
    ("cutWWW", Op::CutWww),
    ("path", Op::Path),
    ("pathFull", Op::PathFull),
    ("netloc", Op::Netloc),
    ("queryStringAndFragment", Op::QueryStringAndFragment),
    ("cutQueryString", Op::CutQueryString),
    ("cutFragment", Op::CutFragment),
    ("cutQueryStringAndFragment", Op::CutQueryStringAndFragment),
    ("encodeURLComponent", Op::EncodeUrlComponent),
    ("encodeURLFormComponent", Op::EncodeUrlFormComponent),
    ("decodeURLComponent", Op::DecodeUrlComponent),
    ("decodeURLFormComponent", Op::DecodeUrlFormComponent),
    ("extractURLParameters", Op::ExtractUrlParameters),
    ("extractURLParameterNames", Op::ExtractUrlParameterNames),
    ("URLHierarchy", Op::UrlHierarchy),
    ("URLPathHierarchy", Op::UrlPathHierarchy),
    ("extractURLParameter", Op::ExtractUrlParameter),
    ("cutURLParameter", Op::CutUrlParameter),
    ("port", Op::Port),
    ("domain", Op::Domain),
    ("protocol", Op::Protocol),
    ("queryString", Op::QueryString),
    ("fragment", Op::Fragment),
    // ClickHouse's RFC variants: ClickHouse's other host reader (userinfo skipped, IPv6 literals).
    ("domainRFC", Op::DomainRfc),
    ("domainWithoutWWWRFC", Op::DomainWithoutWwwRfc),
    ("topLevelDomainRFC", Op::TopLevelDomainRfc),
    ("firstSignificantSubdomainRFC", Op::FirstSignificantSubdomainRfc),
    ("cutToFirstSignificantSubdomainRFC", Op::CutToFirstSignificantSubdomainRfc),
    ("cutToFirstSignificantSubdomainWithWWWRFC", Op::CutToFirstSignificantSubdomainWithWwwRfc),
    ("portRFC", Op::PortRfc),
];

/// One of the functions [`register_clickhouse`] adds (all share this type).
///
/// ```
/// let udfs = uriscan_datafusion::clickhouse::clickhouse_functions();
/// let f = udfs.iter().find(|f| f.name() == "cutURLParameter").unwrap();
/// assert_eq!(f.aliases(), ["cuturlparameter"]);
/// ```
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct ClickHouseFunction {
    name: &'static str,
    aliases: Vec<String>,
    op: Op,
    signature: Signature,
}

impl ClickHouseFunction {
    fn new(name: &'static str, op: Op) -> ClickHouseFunction {
        let strings = || vec![DataType::Utf8, DataType::LargeUtf8, DataType::Utf8View];
        let signature = match op {
            // A name, or a list of names (cutURLParameter); a default port.
            Op::ExtractUrlParameter | Op::CutUrlParameter => Signature::any(2, Volatility::Immutable),
            Op::Port | Op::PortRfc => Signature::one_of(
                vec![TypeSignature::Uniform(1, strings()), TypeSignature::Any(2)],
                Volatility::Immutable,
            ),
            _ => Signature::uniform(1, strings(), Volatility::Immutable),
        };
        let lower = name.to_ascii_lowercase();
        let aliases = if lower == name { Vec::new() } else { vec![lower] };
        ClickHouseFunction { name, aliases, op, signature }
    }

    fn is_list(&self) -> bool {
        matches!(
            self.op,
            Op::ExtractUrlParameters | Op::ExtractUrlParameterNames | Op::UrlHierarchy | Op::UrlPathHierarchy
        )
    }
}

/// Every ClickHouse function, as `ScalarUDF`s.
///
/// ```
/// let f = uriscan_datafusion::clickhouse::clickhouse_functions();
/// let names: Vec<&str> = f.iter().map(|f| f.name()).collect();
/// assert!(names.contains(&"cutURLParameter") && names.contains(&"URLHierarchy"));
/// assert!(f.iter().any(|f| f.aliases().contains(&"urlhierarchy".to_string())));
/// ```
#[must_use]
pub fn clickhouse_functions() -> Vec<Arc<ScalarUDF>> {
    FUNCTIONS.iter().map(|&(name, op)| Arc::new(ScalarUDF::new_from_impl(ClickHouseFunction::new(name, op)))).collect()
}

/// Registers every ClickHouse function in `ctx`, under its ClickHouse name
/// and its lower-case name (replacing any function of the same name).
///
/// ```
/// use datafusion::execution::FunctionRegistry;
/// let ctx = datafusion::prelude::SessionContext::new();
/// uriscan_datafusion::clickhouse::register_clickhouse(&ctx);
/// assert!(ctx.udf("extractURLParameter").is_ok() && ctx.udf("extracturlparameter").is_ok());
/// ```
pub fn register_clickhouse(ctx: &SessionContext) {
    for f in clickhouse_functions() {
        ctx.register_udf(f.as_ref().clone());
    }
}

impl ScalarUDFImpl for ClickHouseFunction {
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
        Ok(if self.is_list() {
            DataType::List(Arc::new(Field::new("item", DataType::Utf8View, false)))
        } else if matches!(self.op, Op::Port | Op::PortRfc) {
            DataType::UInt16
        } else {
            DataType::Utf8View
        })
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        crate::invoke(args, |a, rows| self.eval(a, rows))
    }
}

/// `out` with an empty string wherever it is NULL but `input` is not (a
/// function without an answer gives `''` in ClickHouse).
fn empty_for_none(out: StringViewArray, input: &dyn Array) -> Result<ArrayRef> {
    let mut views = out.views().to_vec();
    for (i, v) in views.iter_mut().enumerate() {
        if out.is_null(i) {
            *v = 0; // the view of an empty string
        }
    }
    let (_, buffers, _) = out.into_parts();
    Ok(Arc::new(StringViewArray::try_new(ScalarBuffer::from(views), buffers, input.logical_nulls())?))
}

/// The names in a `cutURLParameter` name argument: a string or a list of
/// strings (a NULL element is no name); `None` for a NULL argument.
pub(crate) fn names_of(arg: &ScalarValue) -> Result<Option<Vec<String>>> {
    if let Some(s) = arg.try_as_str() {
        return Ok(s.map(|s| vec![s.to_owned()]));
    }
    let list = match arg {
        ScalarValue::List(l) => l.clone() as ArrayRef,
        ScalarValue::LargeList(l) => l.clone() as ArrayRef,
        ScalarValue::FixedSizeList(l) => l.clone() as ArrayRef,
        other => {
            return exec_err!(
                "cutURLParameter: the names must be a string or a list of strings, not {}",
                other.data_type()
            )
        }
    };
    if list.is_null(0) {
        return Ok(None);
    }
    let mut names = Vec::new();
    let values = match ScalarValue::try_from_array(&list, 0)? {
        ScalarValue::List(l) => l.value(0),
        ScalarValue::LargeList(l) => l.value(0),
        ScalarValue::FixedSizeList(l) => l.value(0),
        _ => return Ok(Some(names)),
    };
    for i in 0..values.len() {
        if let Some(s) = ScalarValue::try_from_array(&values, i)?.try_as_str().flatten() {
            names.push(s.to_owned());
        }
    }
    Ok(Some(names))
}

impl ClickHouseFunction {
    /// The function over `rows` rows.
    fn eval(&self, args: &[ColumnarValue], rows: usize) -> Result<ArrayRef> {
        let Some(first) = args.first() else {
            return exec_err!("{} needs arguments", self.name);
        };
        let urls = first.to_array(rows)?;
        let urls = urls.as_ref();
        let second = args.get(1);
        let text = |out: StringViewArray| empty_for_none(out, urls);
        let list = |out: ListArray| -> Result<ArrayRef> { Ok(Arc::new(out)) };
        match self.op {
            Op::TopLevelDomain => text(k::top_level_domain(urls)?),
            Op::FirstSignificantSubdomain => text(k::first_significant_subdomain(urls)?),
            Op::CutToFirstSignificantSubdomain => text(k::cut_to_first_significant_subdomain(urls)?),
            Op::CutToFirstSignificantSubdomainWithWww => text(k::cut_to_first_significant_subdomain_with_www(urls)?),
            Op::DomainWithoutWww => text(k::domain_without_www(urls)?),
            Op::Domain => text(k::domain(urls)?),
            Op::DomainRfc => text(k::domain_rfc(urls)?),
            Op::DomainWithoutWwwRfc => text(k::domain_without_www_rfc(urls)?),
            Op::TopLevelDomainRfc => text(k::top_level_domain_rfc(urls)?),
            Op::FirstSignificantSubdomainRfc => text(k::first_significant_subdomain_rfc(urls)?),
            Op::CutToFirstSignificantSubdomainRfc => text(k::cut_to_first_significant_subdomain_rfc(urls)?),
            Op::CutToFirstSignificantSubdomainWithWwwRfc => {
                text(k::cut_to_first_significant_subdomain_with_www_rfc(urls)?)
            }
            Op::Protocol => text(k::protocol(urls)?),
            Op::QueryString => text(k::query_string(urls)?),
            Op::Fragment => text(k::fragment(urls)?),
            Op::CutWww => text(k::cut_www(urls)?),
            Op::Path => text(k::path(urls)?),
            Op::PathFull => text(k::path_full(urls)?),
            Op::Netloc => text(k::netloc(urls)?),
            Op::QueryStringAndFragment => text(k::query_string_and_fragment(urls)?),
            Op::CutQueryString => text(k::cut_query_string(urls)?),
            Op::CutFragment => text(k::cut_fragment(urls)?),
            Op::CutQueryStringAndFragment => text(k::cut_query_string_and_fragment(urls)?),
            Op::EncodeUrlComponent => text(k::encode_url_component(urls)?),
            Op::EncodeUrlFormComponent => text(k::encode_url_form_component(urls)?),
            Op::DecodeUrlComponent => text(k::decode_url_component(urls)?),
            Op::DecodeUrlFormComponent => text(k::decode_url_form_component(urls)?),
            Op::ExtractUrlParameters => list(k::url_parameters(urls)?),
            Op::ExtractUrlParameterNames => list(k::url_parameter_names(urls)?),
            Op::UrlHierarchy => list(k::url_hierarchy(urls)?),
            Op::UrlPathHierarchy => list(k::url_path_hierarchy(urls)?),
            Op::ExtractUrlParameter => match second {
                Some(ColumnarValue::Scalar(name)) => match name.try_as_str() {
                    Some(Some(name)) => text(k::url_parameter(urls, name)?),
                    Some(None) => Ok(Arc::new(StringViewArray::new_null(rows))),
                    None => exec_err!("extractURLParameter: the name must be a string"),
                },
                Some(ColumnarValue::Array(names)) => {
                    // A name per row: the parameter of each row's own name.
                    let names = datafusion::arrow::compute::cast(names, &DataType::Utf8View)?;
                    let Some(names) = names.as_any().downcast_ref::<StringViewArray>() else {
                        return exec_err!("extractURLParameter: the name must be a string");
                    };
                    let urls = datafusion::arrow::compute::cast(urls, &DataType::Utf8View)?;
                    let Some(urls) = urls.as_any().downcast_ref::<StringViewArray>() else {
                        return exec_err!("extractURLParameter: the URL must be a string");
                    };
                    let out: StringViewArray = urls
                        .iter()
                        .zip(names.iter())
                        .map(|(u, n)| match (u, n) {
                            (Some(u), Some(n)) => Some(uriscan_crawl::params::url_parameter(u, n).unwrap_or("")),
                            _ => None,
                        })
                        .collect();
                    Ok(Arc::new(out))
                }
                None => exec_err!("extractURLParameter needs 2 arguments"),
            },
            Op::CutUrlParameter => match second {
                Some(ColumnarValue::Scalar(names)) => match names_of(names)? {
                    Some(names) => {
                        let names: Vec<&str> = names.iter().map(String::as_str).collect();
                        text(k::cut_url_parameters(urls, &names)?)
                    }
                    None => Ok(Arc::new(StringViewArray::new_null(rows))),
                },
                _ => exec_err!("cutURLParameter: the names must be a constant string or list of strings"),
            },
            Op::Port | Op::PortRfc => {
                let default = match second {
                    None => Some(0),
                    Some(ColumnarValue::Scalar(d)) if d.is_null() => None,
                    Some(ColumnarValue::Scalar(d)) => match d.cast_to(&DataType::UInt16)? {
                        ScalarValue::UInt16(v) => v,
                        _ => return exec_err!("port: the default must be a UInt16"),
                    },
                    Some(ColumnarValue::Array(_)) => return exec_err!("port: the default must be a constant"),
                };
                let ports = if self.op == Op::Port { k::port(urls)? } else { k::port_rfc(urls)? };
                let Some(default) = default else {
                    return Ok(Arc::new(UInt16Array::new_null(rows)));
                };
                let out: UInt16Array = (0..ports.len())
                    .map(|i| (!urls.is_null(i)).then(|| if ports.is_null(i) { default } else { ports.value(i) }))
                    .collect();
                Ok(Arc::new(out))
            }
        }
    }
}
