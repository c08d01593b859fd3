//! Every function of the registry ([`uriscan_crawl::function_set`]) over
//! Arrow columns by its name: [`call`] (and [`call_function`]) is the one
//! entry point the front ends (DataFusion's UDFs, the Python package, DuckDB
//! through it) go through, and [`data_type`] the Arrow type of a result.
//!
//! Dispatch happens once per column: the function's own kernel (a loop
//! with the scalar function inlined) where there is one, else a loop over
//! the registry's scalar function ([`Function::call`]), so a function that
//! is only its scalar code and its registry entry is callable here too.
//! Either way the answers are the scalar function's (`tests/registry.rs`
//! checks every function row by row), with the registry's convention for
//! "no answer": an empty string, 0 or an empty list for ClickHouse's
//! functions, null for the others; null for a null row, and for the `uri_*`
//! functions of a URL, null for a row that is not a URI reference.
//!
//! ```
//! use arrow_array::{cast::AsArray, Array, StringArray};
//! use std::sync::Arc;
//! use uriscan_arrow::registry::{call, Arg};
//!
//! let urls = Arc::new(StringArray::from(vec![Some("http://www.a.example/x?q=1"), Some("x y"), None]));
//! let out = call("cutWWW", &[Arg::Column(urls.clone())], 3).unwrap();
//! assert_eq!(out.as_string_view().value(0), "http://a.example/x?q=1");
//! let q = call("extractURLParameter", &[Arg::Column(urls.clone()), Arg::text("q")], 3).unwrap();
//! let q = q.as_string_view();
//! assert_eq!((q.value(0), q.value(1), q.is_null(2)), ("1", "", true));
//! let host = call("uri_host", &[Arg::Column(urls)], 3).unwrap();
//! assert!(host.is_null(1));
//! ```

use std::sync::Arc;

use arrow_array::builder::{BooleanBuilder, Int32Builder, ListBuilder, StringViewBuilder, UInt16Builder};
use arrow_array::{make_array, Array, ArrayRef, Int32Array, StringArray, StringViewArray, UInt16Array};
use arrow_buffer::{NullBuffer, ScalarBuffer};
use arrow_schema::{ArrowError, DataType, Field};
use uriscan::{Component, NormalizeOptions};
use uriscan_crawl::function_set::{find, Function, ResultType, Value};
use uriscan_crawl::DomainOptions;

use crate::functions as k;

/// An argument of a call: a column (one value per row), or one value for
/// every row (`None`: NULL), or a list of values (`cutURLParameter`'s names).
#[derive(Clone, Debug)]
pub enum Arg {
    /// A string column.
    Column(ArrayRef),
    /// One string (a number as its text: `"443"`) for every row; `None` is NULL.
    Scalar(Option<String>),
    /// A list of strings for every row (a repeated argument); `None` is NULL.
    List(Option<Vec<String>>),
}

impl Arg {
    /// A scalar string argument.
    ///
    /// ```
    /// assert!(matches!(uriscan_arrow::registry::Arg::text("q"), uriscan_arrow::registry::Arg::Scalar(Some(_))));
    /// ```
    #[must_use]
    pub fn text(s: &str) -> Arg {
        Arg::Scalar(Some(s.to_owned()))
    }

    fn is_null(&self) -> bool {
        matches!(self, Arg::Scalar(None) | Arg::List(None))
    }
}

/// The Arrow type of `f`'s result.
///
/// ```
/// use arrow_schema::DataType;
/// let f = uriscan_crawl::function_set::find("port").unwrap();
/// assert_eq!(uriscan_arrow::registry::data_type(f), DataType::UInt16);
/// ```
#[must_use]
pub fn data_type(f: &Function) -> DataType {
    match f.result {
        ResultType::Str | ResultType::Bytes => DataType::Utf8View,
        ResultType::Port => DataType::UInt16,
        ResultType::Count | ResultType::Int => DataType::Int32,
        ResultType::Bool => DataType::Boolean,
        ResultType::List => DataType::List(Arc::new(Field::new("item", DataType::Utf8View, false))),
        ResultType::Parse => DataType::Struct(crate::parse_fields()),
        ResultType::CcIndex => DataType::Struct(k::cc_index_fields()),
    }
}

/// The function named `name` (ASCII case-insensitively, [`find`]) over
/// `rows` rows: the first argument is its input (a column, or a scalar for
/// every row), the others its arguments in order.
///
/// # Errors
/// An unknown name, arguments the function does not take (their number, a
/// port that is not 0 to 65535, a column where a constant is needed), a
/// column that is not a string column, or an error of the function (Spark's
/// `url_decode` of a malformed escape).
///
/// ```
/// use arrow_array::{cast::AsArray, StringArray};
/// use std::sync::Arc;
/// use uriscan_arrow::registry::{call, Arg};
/// let urls = Arc::new(StringArray::from(vec!["http://h.example:8080/", "http://h.example/"]));
/// let p = call("port", &[Arg::Column(urls), Arg::text("80")], 2).unwrap();
/// let p = p.as_primitive::<arrow_array::types::UInt16Type>();
/// assert_eq!((p.value(0), p.value(1)), (8080, 80));
/// assert!(call("nope", &[], 0).is_err());
/// ```
pub fn call(name: &str, args: &[Arg], rows: usize) -> Result<ArrayRef, ArrowError> {
    let f = find(name).ok_or_else(|| ArrowError::InvalidArgumentError(format!("unknown function {name:?}")))?;
    call_function(f, args, rows)
}

/// [`call`] of a registry entry.
///
/// # Errors
/// As [`call`].
///
/// ```
/// use arrow_array::{cast::AsArray, StringArray};
/// use std::sync::Arc;
/// use uriscan_arrow::registry::{call_function, Arg};
/// let f = uriscan_crawl::function_set::find("uri_resolve").unwrap();
/// let refs = Arc::new(StringArray::from(vec!["../g", "h"]));
/// let out = call_function(f, &[Arg::text("http://a/b/c/d"), Arg::Column(refs)], 2).unwrap();
/// assert_eq!(out.as_string_view().value(0), "http://a/b/g");
/// ```
pub fn call_function(f: &Function, args: &[Arg], rows: usize) -> Result<ArrayRef, ArrowError> {
    let Some((input, rest)) = args.split_first() else {
        return Err(bad(f, "needs an input"));
    };
    // A NULL argument: NULL for every row.
    if args.iter().any(Arg::is_null) {
        return Ok(arrow_array::new_null_array(&data_type(f), rows));
    }
    // The number of arguments and the scalars' values, checked once.
    let raw = scalars(rest);
    // (A list may be empty: `cutURLParameter(url, [])` cuts nothing.)
    if rest.iter().all(|a| matches!(a, Arg::Scalar(_))) {
        f.args(&raw).map_err(ArrowError::InvalidArgumentError)?;
    }
    let out = match kernel(f, input, rest, &raw, rows)? {
        Some(out) => out,
        None => scalar_loop(f, &column(input, rows)?, rest, rows)?,
    };
    Ok(match f.result {
        ResultType::Str | ResultType::Bytes if f.clickhouse => empty_for_none(out, column(input, rows)?.as_ref())?,
        _ => out,
    })
}

fn bad(f: &Function, what: &str) -> ArrowError {
    ArrowError::InvalidArgumentError(format!("{}: {what}", f.name))
}

/// The scalar arguments as text (a list as its items); columns are left out.
fn scalars(args: &[Arg]) -> Vec<&str> {
    let mut raw = Vec::new();
    for a in args {
        match a {
            Arg::Scalar(Some(s)) => raw.push(s.as_str()),
            Arg::List(Some(l)) => raw.extend(l.iter().map(String::as_str)),
            _ => {}
        }
    }
    raw
}

/// The argument as a column of `rows` rows.
fn column(a: &Arg, rows: usize) -> Result<ArrayRef, ArrowError> {
    match a {
        Arg::Column(c) => Ok(c.clone()),
        Arg::Scalar(s) => Ok(Arc::new(StringArray::from(vec![s.as_deref(); rows]))),
        Arg::List(_) => Err(ArrowError::InvalidArgumentError("a list where a string is needed".into())),
    }
}

fn rc<A: Array + 'static>(a: A) -> ArrayRef {
    Arc::new(a)
}

/// The function's own kernel, if it has one (`None`: the scalar loop).
fn kernel(f: &Function, input: &Arg, rest: &[Arg], raw: &[&str], rows: usize) -> Result<Option<ArrayRef>, ArrowError> {
    let u = column(input, rows)?;
    let u = u.as_ref();
    let s = |i: usize| raw.get(i).copied().unwrap_or_default();
    let scalar_args = rest.iter().all(|a| !matches!(a, Arg::Column(_)));
    // A `uri_*` function on the lenient reading: NULL for a row that is not a URI reference.
    let st = |out: ArrayRef| null_where_invalid(out, u);
    // Functions whose other arguments may be columns.
    match f.name {
        "uri_resolve" => {
            return Ok(Some(match (input, rest.first()) {
                (Arg::Scalar(Some(base)), Some(refs)) => {
                    let refs = column(refs, rows)?;
                    // A literal base that is not absolute resolves nothing.
                    match crate::resolve_scalar(refs.as_ref(), base) {
                        Ok(a) => rc(a),
                        Err(_) => arrow_array::new_null_array(&DataType::Utf8View, rows),
                    }
                }
                (_, Some(refs)) => rc(crate::resolve(column(refs, rows)?.as_ref(), u)?),
                (_, None) => return Err(bad(f, "needs 2 arguments")),
            }));
        }
        "uri_query_param" => {
            return Ok(Some(match rest.first() {
                Some(Arg::Column(names)) => rc(crate::query_param_each(u, names.as_ref())?),
                _ => rc(crate::query_param(u, s(0))?),
            }))
        }
        "parse_url" | "try_parse_url" => return parse_url(u, rest, raw, rows).map(Some),
        _ if !scalar_args => return Ok(None),
        _ => {}
    }
    Ok(Some(match f.name {
        "protocol" => rc(k::protocol(u)?),
        "domain" => rc(k::domain(u)?),
        "domainWithoutWWW" => rc(k::domain_without_www(u)?),
        "topLevelDomain" => rc(k::top_level_domain(u)?),
        "firstSignificantSubdomain" => rc(k::first_significant_subdomain(u)?),
        "cutToFirstSignificantSubdomain" => rc(k::cut_to_first_significant_subdomain(u)?),
        "cutToFirstSignificantSubdomainWithWWW" => rc(k::cut_to_first_significant_subdomain_with_www(u)?),
        "port" => port_default(u, &k::port(u)?, raw)?,
        "path" => rc(k::path(u)?),
        "pathFull" => rc(k::path_full(u)?),
        "netloc" => rc(k::netloc(u)?),
        "queryString" => rc(k::query_string(u)?),
        "fragment" => rc(k::fragment(u)?),
        "queryStringAndFragment" => rc(k::query_string_and_fragment(u)?),
        "extractURLParameter" => rc(k::url_parameter(u, s(0))?),
        "extractURLParameters" => rc(k::url_parameters(u)?),
        "extractURLParameterNames" => rc(k::url_parameter_names(u)?),
        "URLHierarchy" => rc(k::url_hierarchy(u)?),
        "URLPathHierarchy" => rc(k::url_path_hierarchy(u)?),
        "cutWWW" => rc(k::cut_www(u)?),
        "cutQueryString" => rc(k::cut_query_string(u)?),
        "cutFragment" => rc(k::cut_fragment(u)?),
        "cutQueryStringAndFragment" => rc(k::cut_query_string_and_fragment(u)?),
        "cutURLParameter" => rc(k::cut_url_parameters(u, raw)?),
        "encodeURLComponent" => rc(k::encode_url_component(u)?),
        "encodeURLFormComponent" => rc(k::encode_url_form_component(u)?),
        "decodeURLComponent" => rc(k::decode_url_component(u)?),
        "decodeURLFormComponent" => rc(k::decode_url_form_component(u)?),
        "domainRFC" => rc(k::domain_rfc(u)?),
        "domainWithoutWWWRFC" => rc(k::domain_without_www_rfc(u)?),
        "topLevelDomainRFC" => rc(k::top_level_domain_rfc(u)?),
        "firstSignificantSubdomainRFC" => rc(k::first_significant_subdomain_rfc(u)?),
        "cutToFirstSignificantSubdomainRFC" => rc(k::cut_to_first_significant_subdomain_rfc(u)?),
        "cutToFirstSignificantSubdomainWithWWWRFC" => rc(k::cut_to_first_significant_subdomain_with_www_rfc(u)?),
        "portRFC" => port_default(u, &k::port_rfc(u)?, raw)?,
        "url_parameter_decoded" => rc(k::url_parameter_decoded(u, s(0))?),
        "url_parameter_values" => rc(k::url_parameter_values(u, s(0))?),
        "path_segments" => rc(k::path_segments(u)?),
        "file_extension" => rc(k::file_extension(u)?),
        "port_or_default" => rc(k::port_or_default(u)?),
        "domain_depth" => rc(k::domain_depth(u)?),
        "host_nth_last_part" => rc(k::host_nth_last_part(u, s(0).parse().map_err(|_| bad(f, "n must be a number"))?)?),
        "host_reversed" => rc(k::host_reversed(u)?),
        "uri_scheme" => rc(crate::component(u, Component::Scheme)?),
        "uri_authority" => rc(crate::component(u, Component::Authority)?),
        "uri_userinfo" => rc(crate::component(u, Component::Userinfo)?),
        "uri_host" => rc(crate::component(u, Component::Host)?),
        "uri_port_text" => rc(crate::component(u, Component::Port)?),
        "uri_path" => rc(crate::component(u, Component::Path)?),
        "uri_query" => rc(crate::component(u, Component::Query)?),
        "uri_fragment" => rc(crate::component(u, Component::Fragment)?),
        "uri_host_kind" => {
            crate::parse(u)?.column_by_name("host_kind").cloned().ok_or_else(|| bad(f, "no host_kind field"))?
        }
        "uri_port" => rc(crate::port(u)?),
        "uri_parse" => rc(crate::parse(u)?),
        "uri_is_valid" => rc(crate::is_valid(u)?),
        "uri_error" => rc(crate::error(u)?),
        "uri_normalize" => rc(crate::normalize(u, NormalizeOptions::SCHEME_BASED)?),
        "uri_to_uri" => rc(crate::to_uri(u)?),
        "uri_to_iri" => rc(crate::to_iri(u)?),
        "uri_surt" => rc(crate::surt(u)?),
        "uri_registrable_domain" => rc(crate::registrable_domain(u, DomainOptions::default())?),
        "uri_public_suffix" => rc(crate::public_suffix(u, DomainOptions::default())?),
        "uri_query_param_decoded" => st(rc(k::uri::query_param_decoded(u, s(0))?))?,
        "uri_query_param_values" => st(rc(k::url_parameter_values(u, s(0))?))?,
        "uri_query_param_names" => st(rc(k::uri::query_param_names(u)?))?,
        "uri_query_params" => st(rc(k::uri::query_params(u)?))?,
        "uri_cut_query_params" => st(rc(k::uri::cut_query_params(u, raw)?))?,
        "uri_host_without_www" => st(rc(k::uri::host_without_www(u)?))?,
        "uri_top_level_domain" => st(rc(k::uri::top_level_domain(u)?))?,
        "uri_first_significant_subdomain" => st(rc(k::uri::first_significant_subdomain(u)?))?,
        "uri_cut_to_first_significant_subdomain" => st(rc(k::uri::cut_to_first_significant_subdomain(u)?))?,
        "uri_domain_depth" => st(rc(k::domain_depth(u)?))?,
        "uri_host_reversed" => rc(k::host_reversed(&crate::component(u, Component::Host)?)?),
        "uri_path_segments" => st(rc(k::path_segments(u)?))?,
        "uri_file_extension" => st(rc(k::file_extension(u)?))?,
        "uri_port_or_default" => {
            let p = k::port_or_default(u)?;
            st(rc(p.iter().map(|v| v.map(i32::from)).collect::<Int32Array>()))?
        }
        "uri_cut_query" => st(rc(k::uri::cut_query(u)?))?,
        "uri_cut_fragment" => st(rc(k::uri::cut_fragment(u)?))?,
        "uri_cut_query_and_fragment" => st(rc(k::uri::cut_query_and_fragment(u)?))?,
        "uri_hierarchy" => st(rc(k::uri::hierarchy(u)?))?,
        "uri_path_hierarchy" => st(rc(k::uri::path_hierarchy(u)?))?,
        "uri_encode_component" => rc(k::encode_url_component(u)?),
        "uri_decode_component" => rc(k::percent_decode(u)?),
        "url_encode" => rc(k::url_encode(u)?),
        "url_decode" => rc(k::url_decode(u)?),
        "try_url_decode" => rc(k::try_url_decode(u)?),
        "uri_cc_index" => rc(k::cc_index(u)?),
        _ => return Ok(None),
    }))
}

/// ClickHouse's `port(url [, default])`: the port, else the default, else 0
/// (null only for a null row).
fn port_default(urls: &dyn Array, ports: &UInt16Array, raw: &[&str]) -> Result<ArrayRef, ArrowError> {
    let default = match raw.first() {
        Some(d) => {
            d.parse::<u16>().map_err(|_| ArrowError::InvalidArgumentError(format!("port: bad default {d:?}")))?
        }
        None => 0,
    };
    // One pass over the values, no builder: the input's nulls are the result's.
    let values: Vec<u16> = (0..ports.len()).map(|i| if ports.is_valid(i) { ports.value(i) } else { default }).collect();
    Ok(Arc::new(UInt16Array::try_new(ScalarBuffer::from(values), urls.logical_nulls())?))
}

/// Spark's `parse_url(url, part [, key])`, `part` and `key` literals or columns.
fn parse_url(urls: &dyn Array, rest: &[Arg], raw: &[&str], rows: usize) -> Result<ArrayRef, ArrowError> {
    let scalar = rest.iter().all(|a| matches!(a, Arg::Scalar(_)));
    match raw {
        [part] if scalar => return Ok(rc(k::parse_url(urls, part)?)),
        ["QUERY", key] if scalar => return Ok(rc(k::parse_url_query(urls, key)?)),
        [_, _] if scalar => return Ok(arrow_array::new_null_array(&DataType::Utf8View, rows)),
        _ => {}
    }
    let Some(part_arg) = rest.first() else {
        return Err(ArrowError::InvalidArgumentError("parse_url needs 2 or 3 arguments".into()));
    };
    let parts = column(part_arg, rows)?;
    let parts = crate::source::texts(parts.as_ref())?;
    let keys = rest.get(1).map(|k| column(k, rows)).transpose()?;
    let keys = keys.as_ref().map(|k| crate::source::texts(k.as_ref())).transpose()?;
    let mut bad_key = None;
    let out: StringViewArray = crate::slices(urls, |i, url| {
        let part = parts.get(i).copied().flatten()?;
        let Some(keys) = &keys else {
            return uriscan_crawl::spark::parse_url(url, part);
        };
        let key = keys.get(i).copied().flatten()?;
        if part != "QUERY" {
            return None;
        }
        let query = uriscan_crawl::spark::JavaUri::parse(url)?.query()?;
        match uriscan_crawl::spark::QueryKey::new(key) {
            Ok(k) => k.find(query),
            Err(e) => {
                bad_key.get_or_insert(e);
                None
            }
        }
    })?;
    match bad_key {
        Some(e) => Err(ArrowError::ComputeError(e.to_string())),
        None => Ok(Arc::new(out)),
    }
}

/// `out` with an empty string wherever it is NULL but `input` is not (a
/// function without an answer gives `''` in ClickHouse).
fn empty_for_none(out: ArrayRef, input: &dyn Array) -> Result<ArrayRef, ArrowError> {
    let Some(views) = out.as_any().downcast_ref::<StringViewArray>().cloned() else {
        return Ok(out);
    };
    // `views` shares `out`'s buffers; with `out` dropped, its own.
    drop(out);
    Ok(Arc::new(crate::views::with_nulls(views, input.logical_nulls())?))
}

/// `out` with NULL added where `urls` is not a URI reference (RFC 3986 §4.1).
fn null_where_invalid(out: ArrayRef, urls: &dyn Array) -> Result<ArrayRef, ArrowError> {
    let valid = crate::is_valid(urls)?;
    // False for a null row as for an invalid one.
    let keep =
        NullBuffer::new(valid.values() & &valid.logical_nulls().map_or(valid.values().clone(), |n| n.into_inner()));
    let nulls = NullBuffer::union(out.logical_nulls().as_ref(), Some(&keep));
    if let Some(views) = out.as_any().downcast_ref::<StringViewArray>().cloned() {
        drop(out);
        return Ok(Arc::new(crate::views::with_nulls(views, nulls)?));
    }
    Ok(make_array(out.to_data().into_builder().nulls(nulls).build()?))
}

/// The function over the rows through its scalar function, one call per
/// row (for a function without a kernel, and for arguments given as columns).
fn scalar_loop(f: &Function, urls: &ArrayRef, rest: &[Arg], rows: usize) -> Result<ArrayRef, ArrowError> {
    let texts = crate::source::texts(urls.as_ref())?;
    let cols: Vec<Option<ArrayRef>> = rest
        .iter()
        .map(|a| matches!(a, Arg::Column(_)).then(|| column(a, rows)).transpose())
        .collect::<Result<_, _>>()?;
    let col_texts: Vec<Option<Vec<Option<&str>>>> = cols
        .iter()
        .map(|c| c.as_ref().map(|c| crate::source::texts(c.as_ref())).transpose())
        .collect::<Result<_, _>>()?;
    let mut out = Out::new(f, texts.len())?;
    let mut raw: Vec<&str> = Vec::new();
    for (i, t) in texts.iter().enumerate() {
        raw.clear();
        let mut null = t.is_none();
        for (a, c) in rest.iter().zip(&col_texts) {
            match (a, c) {
                (_, Some(c)) => match c.get(i).copied().flatten() {
                    Some(v) => raw.push(v),
                    None => null = true,
                },
                (Arg::Scalar(Some(s)), None) => raw.push(s),
                (Arg::List(Some(l)), None) => raw.extend(l.iter().map(String::as_str)),
                _ => null = true,
            }
        }
        match t {
            Some(t) if !null => {
                let args = f.args(&raw).map_err(ArrowError::InvalidArgumentError)?;
                out.push(f.call(t, &args));
            }
            _ => out.push(Value::Null),
        }
    }
    out.finish()
}

/// A column being built from [`Value`]s.
enum Out {
    Str(StringViewBuilder),
    Port(UInt16Builder),
    Int(Int32Builder),
    Bool(BooleanBuilder),
    List(ListBuilder<StringViewBuilder>),
}

impl Out {
    fn new(f: &Function, n: usize) -> Result<Out, ArrowError> {
        Ok(match f.result {
            ResultType::Port => Out::Port(UInt16Builder::with_capacity(n)),
            ResultType::Count | ResultType::Int => Out::Int(Int32Builder::with_capacity(n)),
            ResultType::Bool => Out::Bool(BooleanBuilder::with_capacity(n)),
            ResultType::List => Out::List(ListBuilder::new(StringViewBuilder::new()).with_field(Field::new(
                "item",
                DataType::Utf8View,
                false,
            ))),
            ResultType::Parse | ResultType::CcIndex => {
                return Err(ArrowError::NotYetImplemented(format!("{}: a struct needs a kernel", f.name)))
            }
            _ => Out::Str(StringViewBuilder::with_capacity(n)),
        })
    }

    fn push(&mut self, v: Value<'_>) {
        match (self, v) {
            (Out::Str(b), Value::Str(s)) => b.append_value(s),
            (Out::Str(b), Value::Bytes(s)) => b.append_value(String::from_utf8_lossy(&s)),
            (Out::Port(b), Value::UInt(n)) => b.append_option(u16::try_from(n).ok()),
            (Out::Int(b), Value::UInt(n)) => b.append_option(i32::try_from(n).ok()),
            (Out::Int(b), Value::Int(n)) => b.append_option(i32::try_from(n).ok()),
            (Out::Bool(b), Value::Bool(x)) => b.append_value(x),
            (Out::List(b), Value::List(items)) => {
                items.iter().for_each(|s| b.values().append_value(s));
                b.append(true);
            }
            (Out::Str(b), _) => b.append_null(),
            (Out::Port(b), _) => b.append_null(),
            (Out::Int(b), _) => b.append_null(),
            (Out::Bool(b), _) => b.append_null(),
            (Out::List(b), _) => b.append(false),
        }
    }

    fn finish(self) -> Result<ArrayRef, ArrowError> {
        Ok(match self {
            Out::Str(mut b) => rc(b.finish()),
            Out::Port(mut b) => rc(b.finish()),
            Out::Int(mut b) => rc(b.finish()),
            Out::Bool(mut b) => rc(b.finish()),
            Out::List(mut b) => rc(b.finish()),
        })
    }
}

/// The scalar loop of `f`, for tests that hold kernels to the scalar
/// functions (`tests/registry.rs`): what [`call_function`] gives for a
/// function without a kernel.
///
/// # Errors
/// As [`call`].
///
/// ```
/// use arrow_array::{cast::AsArray, StringArray};
/// use std::sync::Arc;
/// use uriscan_arrow::registry::{call_scalar_loop, Arg};
/// let f = uriscan_crawl::function_set::find("domain").unwrap();
/// let urls = Arc::new(StringArray::from(vec!["http://a.example/"]));
/// assert_eq!(call_scalar_loop(f, &[Arg::Column(urls)], 1).unwrap().as_string_view().value(0), "a.example");
/// ```
pub fn call_scalar_loop(f: &Function, args: &[Arg], rows: usize) -> Result<ArrayRef, ArrowError> {
    let Some((input, rest)) = args.split_first() else {
        return Err(bad(f, "needs an input"));
    };
    if args.iter().any(Arg::is_null) {
        return Ok(arrow_array::new_null_array(&data_type(f), rows));
    }
    scalar_loop(f, &column(input, rows)?, rest, rows)
}
