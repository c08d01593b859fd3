//! Per-value functions and the immutable `URI` class.

use std::borrow::Cow;

use pyo3::basic::CompareOp;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString, PyTuple};
use uriscan::{percent, Component, HostKind, NormalizeOptions, Port, ResolveMode, UriRef};
use uriscan_crawl::{DomainOptions, ParamFilter, Profile, Section, SurtOptions};

use crate::text::{char_index, text_arg, Text};
use crate::{is_iri, parse_error, parse_syntax, syntax_arg, syntax_name, Syntax, RFC3986, RFC3987};

/// The components a `URI` keeps the ranges of, in this order.
const PARTS: [Component; 8] = [
    Component::Scheme,
    Component::Authority,
    Component::Userinfo,
    Component::Host,
    Component::Port,
    Component::Path,
    Component::Query,
    Component::Fragment,
];

/// A parsed URI reference (immutable): the text and where its components
/// are. Built by `uriscan.parse`.
#[pyclass(frozen, skip_from_py_object, module = "uriscan", name = "URI")]
#[derive(Clone)]
pub(crate) struct PyUri {
    text: String,
    syntax: Syntax,
    ranges: [Option<(u32, u32)>; 8],
    host_kind: Option<HostKind>,
    port: Option<Port>,
}

impl PyUri {
    /// Parses `input` with `syntax`, or the Python `ParseError`.
    fn parse(py: Python<'_>, input: &Text, syntax: Syntax) -> PyResult<PyUri> {
        let u = parse_syntax(input.as_bytes(), syntax).map_err(|e| parse_error(py, input, e, syntax))?;
        Ok(PyUri::from_view(&u, syntax))
    }

    fn from_view(u: &UriRef<'_>, syntax: Syntax) -> PyUri {
        let ranges = PARTS.map(|p| u.range(p).map(|r| (r.start as u32, r.end as u32)));
        PyUri { text: u.as_str().to_owned(), syntax, ranges, host_kind: u.host_kind(), port: u.port_value() }
    }

    /// Parses a result of an operation (a string the library made) with
    /// `syntax`; a `ValueError` when it is not valid there.
    fn result(text: &str, syntax: Syntax, what: &str) -> PyResult<PyUri> {
        match parse_syntax(text.as_bytes(), syntax) {
            Ok(u) => Ok(PyUri::from_view(&u, syntax)),
            Err(e) => Err(PyValueError::new_err(format!(
                "{what}: the result {text:?} is not valid under {}: {e}",
                syntax_name(syntax)
            ))),
        }
    }

    /// The parsed view of the text (parsed again: the text is valid).
    fn view(&self) -> PyResult<UriRef<'_>> {
        parse_syntax(self.text.as_bytes(), self.syntax)
            .map_err(|e| PyValueError::new_err(format!("internal: a URI no longer parses: {e}")))
    }

    fn part(&self, i: usize) -> Option<&str> {
        self.ranges[i].and_then(|(a, b)| self.text.get(a as usize..b as usize))
    }

    /// `other` as a parsed reference: a `URI` as it is, text parsed with
    /// this URI's syntax.
    fn other(&self, py: Python<'_>, other: &Bound<'_, PyAny>, what: &str) -> PyResult<PyUri> {
        if let Ok(u) = other.cast::<PyUri>() {
            return Ok(u.get().clone());
        }
        let t = text_arg(other, what)?;
        PyUri::parse(py, &t, self.syntax)
    }
}

/// `"strict"`, `"non-strict"`, `"rfc2396"`, `"rfc1630"`.
fn resolve_mode(name: &str) -> PyResult<ResolveMode> {
    Ok(match name.to_ascii_lowercase().replace('_', "-").as_str() {
        "strict" => ResolveMode::Strict,
        "non-strict" | "nonstrict" => ResolveMode::NonStrict,
        "rfc2396" => ResolveMode::Rfc2396,
        "rfc1630" => ResolveMode::Rfc1630,
        _ => {
            return Err(PyValueError::new_err(format!(
                "unknown mode {name:?}: expected 'strict', 'non-strict', 'rfc2396' or 'rfc1630'"
            )))
        }
    })
}

fn domain_options(private: bool, implicit_wildcard: bool) -> DomainOptions {
    DomainOptions { private, implicit_wildcard }
}

fn cow_text(c: Cow<'_, str>) -> String {
    c.into_owned()
}

#[pymethods]
impl PyUri {
    /// The text of the reference.
    #[getter]
    fn text(&self) -> &str {
        &self.text
    }
    /// The grammar it was parsed with (`"rfc3986"`, ...).
    #[getter]
    fn syntax(&self) -> &'static str {
        syntax_name(self.syntax)
    }
    /// The scheme, without `:`; `None` for a relative reference.
    #[getter]
    fn scheme(&self) -> Option<&str> {
        self.part(0)
    }
    /// The authority, without `//`; `None` when there is none.
    #[getter]
    fn authority(&self) -> Option<&str> {
        self.part(1)
    }
    /// The userinfo, without `@`.
    #[getter]
    fn userinfo(&self) -> Option<&str> {
        self.part(2)
    }
    /// The host as written (brackets of an IP literal included).
    #[getter]
    fn host(&self) -> Option<&str> {
        self.part(3)
    }
    /// The port as written, without `:` (`""` for `http://h:/`).
    #[getter]
    fn port_text(&self) -> Option<&str> {
        self.part(4)
    }
    /// The port as an `int`; `None` when absent, empty or above 65535.
    #[getter]
    fn port(&self) -> Option<u16> {
        match self.port {
            Some(Port::Number(n)) => Some(n),
            _ => None,
        }
    }
    /// The path (always defined, maybe empty).
    #[getter]
    fn path(&self) -> &str {
        self.part(5).unwrap_or("")
    }
    /// The query, without `?`; `None` when undefined, `""` when empty.
    #[getter]
    fn query(&self) -> Option<&str> {
        self.part(6)
    }
    /// The fragment, without `#`; `None` when undefined.
    #[getter]
    fn fragment(&self) -> Option<&str> {
        self.part(7)
    }
    /// `"reg-name"`, `"ipv4"`, `"ipv6"`, `"ipvfuture"`, or `None` without a host.
    #[getter]
    fn host_kind(&self) -> Option<&'static str> {
        self.host_kind.map(HostKind::name)
    }
    /// Whether the reference has a scheme (is a URI, not a relative reference).
    #[getter]
    fn is_absolute(&self) -> bool {
        self.ranges[0].is_some()
    }

    /// The components as a dict (the keys of `uriscan.COMPONENTS`).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
        let d = pyo3::types::PyDict::new(py);
        d.set_item("scheme", self.scheme())?;
        d.set_item("authority", self.authority())?;
        d.set_item("userinfo", self.userinfo())?;
        d.set_item("host", self.host())?;
        d.set_item("port", self.port())?;
        d.set_item("path", self.path())?;
        d.set_item("query", self.query())?;
        d.set_item("fragment", self.fragment())?;
        d.set_item("host_kind", self.host_kind())?;
        Ok(d)
    }

    /// Resolves this reference against `base` (a `URI` or text parsed with
    /// this reference's syntax) by RFC 3986 §5.2 and returns the target.
    /// `mode`: `"strict"` (the RFC's), `"non-strict"` (a reference scheme
    /// equal to the base's is ignored, as `urljoin` does), `"rfc2396"` or
    /// `"rfc1630"`. `ValueError` when the base has no scheme.
    #[pyo3(signature = (base, mode = "strict"))]
    fn resolve(&self, py: Python<'_>, base: &Bound<'_, PyAny>, mode: &str) -> PyResult<PyUri> {
        let mode = resolve_mode(mode)?;
        let base = self.other(py, base, "base")?;
        let out = self
            .view()?
            .resolve_str_with(&base.view()?, mode)
            .map_err(|e| PyValueError::new_err(format!("cannot resolve: {e}")))?;
        PyUri::result(&out, self.syntax, "resolve")
    }

    /// Resolves `reference` against this URI: `urljoin(self, reference)`
    /// done by RFC 3986 §5.2 (see `resolve` for `mode`).
    #[pyo3(signature = (reference, mode = "strict"))]
    fn join(&self, py: Python<'_>, reference: &Bound<'_, PyAny>, mode: &str) -> PyResult<PyUri> {
        let r = self.other(py, reference, "reference")?;
        let me = Bound::new(py, self.clone())?;
        r.resolve(py, me.as_any(), mode)
    }

    /// Syntax-based normalization (§6.2.2), and scheme-based (§6.2.3) with
    /// `scheme_based=True`. An IRI (syntax `rfc3987`) stays an IRI (RFC 3987 §5.3).
    #[pyo3(signature = (scheme_based = false))]
    fn normalize(&self, scheme_based: bool) -> PyResult<PyUri> {
        let opts = NormalizeOptions { scheme_based };
        let u = self.view()?;
        let out = if is_iri(self.syntax) { u.normalize_iri_str_with(opts) } else { u.normalize_str_with(opts) };
        PyUri::result(&out, self.syntax, "normalize")
    }

    /// Whether both normalize to the same text (syntax-based, and scheme-based on request).
    #[pyo3(signature = (other, scheme_based = false))]
    fn normalized_eq(&self, py: Python<'_>, other: &Bound<'_, PyAny>, scheme_based: bool) -> PyResult<bool> {
        let other = self.other(py, other, "other")?;
        let opts = NormalizeOptions { scheme_based };
        let (a, b) = (self.view()?, other.view()?);
        Ok(if is_iri(self.syntax) || is_iri(other.syntax) {
            a.iri_eq_with(&b, opts)
        } else {
            a.normalized_eq_with(&b, opts)
        })
    }

    /// The shortest reference that resolves against `base` to this URI.
    fn relativize(&self, py: Python<'_>, base: &Bound<'_, PyAny>) -> PyResult<PyUri> {
        let base = self.other(py, base, "base")?;
        let out = self
            .view()?
            .relativize(&base.view()?)
            .map_err(|e| PyValueError::new_err(format!("cannot relativize: {e}")))?;
        PyUri::result(out.as_str(), self.syntax, "relativize")
    }

    /// The URI of this IRI (RFC 3987 §3.1); `idna=True` also maps a
    /// non-ASCII host with IDNA ToASCII.
    #[pyo3(signature = (idna = false))]
    fn to_uri(&self, idna: bool) -> PyResult<PyUri> {
        let u = self.view()?;
        let out = if idna {
            u.to_uri_idna_str().map_err(|e| PyValueError::new_err(format!("to_uri: {e}")))?
        } else {
            u.to_uri_str()
        };
        PyUri::result(&out, RFC3986, "to_uri")
    }

    /// The IRI of this URI (RFC 3987 §3.2), parsed as an IRI.
    fn to_iri(&self) -> PyResult<PyUri> {
        let out = self.view()?.to_iri_str();
        PyUri::result(&out, RFC3987, "to_iri")
    }

    /// The SURT key (web-archive sort key).
    #[pyo3(signature = (with_scheme = false, host_massage = true, trailing_comma = false, reverse_ipaddr = true))]
    fn surt(&self, with_scheme: bool, host_massage: bool, trailing_comma: bool, reverse_ipaddr: bool) -> String {
        let o = SurtOptions { with_scheme, host_massage, trailing_comma, reverse_ipaddr };
        String::from_utf8_lossy(&uriscan_crawl::surt_with(self.text.as_bytes(), &o)).into_owned()
    }

    /// The registrable domain of the host (Public Suffix List), or `None`.
    #[pyo3(signature = (private = false, implicit_wildcard = false))]
    fn registrable_domain(&self, private: bool, implicit_wildcard: bool) -> Option<String> {
        let h = self.host()?;
        uriscan_crawl::registrable_domain(h, domain_options(private, implicit_wildcard)).map(str::to_owned)
    }

    /// The public suffix of the host, or `None`.
    #[pyo3(signature = (private = false, implicit_wildcard = false))]
    fn public_suffix(&self, private: bool, implicit_wildcard: bool) -> Option<String> {
        let h = self.host()?;
        uriscan_crawl::public_suffix(h, domain_options(private, implicit_wildcard)).map(str::to_owned)
    }

    /// The query's `name=value` pairs, decoded (`+` as space with `form=True`,
    /// the default). A pair without `=` has the value `None`.
    #[pyo3(signature = (form = true))]
    fn query_pairs(&self, form: bool) -> Vec<(String, Option<String>)> {
        self.query_pairs_impl(form)
    }

    /// The URI without tracking parameters (`utm_*`, `fbclid`, ...).
    fn strip_tracking(&self) -> PyResult<PyUri> {
        let out = uriscan_crawl::strip_tracking(&self.text);
        PyUri::result(&out, self.syntax, "strip_tracking")
    }

    /// The URI with query parameters removed (or kept, `keep_only=True`) by
    /// name or name prefix, and sorted by name with `sort=True`.
    #[pyo3(signature = (names = Vec::new(), prefixes = Vec::new(), keep_only = false, sort = false))]
    fn filter_params(&self, names: Vec<String>, prefixes: Vec<String>, keep_only: bool, sort: bool) -> PyResult<PyUri> {
        let out = filter(&self.text, &names, &prefixes, keep_only, sort);
        PyUri::result(&out, self.syntax, "filter_params")
    }

    fn __str__(&self) -> &str {
        &self.text
    }

    fn __repr__(&self) -> String {
        let text = py_repr_str(&self.text);
        if self.syntax == RFC3986 {
            format!("URI({text})")
        } else {
            format!("URI({text}, syntax='{}')", syntax_name(self.syntax))
        }
    }

    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        // The hash of the text, so `u == "text"` and `hash(u) == hash("text")` agree.
        PyString::new(py, &self.text).hash()
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let other_text: String = if let Ok(u) = other.cast::<PyUri>() {
            u.get().text.clone()
        } else if let Ok(s) = other.cast::<PyString>() {
            s.to_cow()?.into_owned()
        } else {
            return Ok(py.NotImplemented());
        };
        let r = op.matches(self.text.as_str().cmp(other_text.as_str()));
        Ok(pyo3::types::PyBool::new(py, r).to_owned().into_any().unbind())
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let parse = py.import("uriscan")?.getattr("parse")?;
        PyTuple::new(py, [parse, PyTuple::new(py, [self.text.as_str(), syntax_name(self.syntax)])?.into_any()])
    }

    fn __copy__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: PyRef<'py, Self>, _memo: &Bound<'py, PyAny>) -> PyRef<'py, Self> {
        slf
    }
}

impl PyUri {
    fn query_pairs_impl(&self, form: bool) -> Vec<(String, Option<String>)> {
        let Ok(u) = self.view() else { return Vec::new() };
        u.query_pairs()
            .map(|p| {
                if form {
                    (cow_text(p.key_form_decoded()), p.value_form_decoded().map(cow_text))
                } else {
                    (cow_text(p.key_decoded()), p.value_decoded().map(cow_text))
                }
            })
            .collect()
    }
}

/// Python's `repr` of a str (enough of it: quotes and backslash escapes).
fn py_repr_str(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    let quote = if s.contains('\'') && !s.contains('"') { '"' } else { '\'' };
    out.push(quote);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if (c as u32) < 0x20 || c as u32 == 0x7f => out.push_str(&format!("\\x{:02x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push(quote);
    out
}

fn filter<'u>(url: &'u str, names: &[String], prefixes: &[String], keep_only: bool, sort: bool) -> Cow<'u, str> {
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let prefixes: Vec<&str> = prefixes.iter().map(String::as_str).collect();
    let f = ParamFilter { names: &names, prefixes: &prefixes, keep_only, sort };
    uriscan_crawl::filter_params(url, &f)
}

/// Parses a URI reference and returns an immutable `URI`.
///
/// `input` is a `str`, `bytes`, `bytearray` or `memoryview`; `syntax` names
/// the grammar: `"rfc3986"` (the default), `"rfc3987"` (IRIs), `"rfc2396"`
/// or `"rfc1630"`. Raises `uriscan.ParseError` (a `ValueError`) with the
/// `index` of the first byte no valid continuation allows and the grammar
/// context (`kind`) there; `TypeError` for other argument types.
///
/// >>> uriscan.parse("http://example.com:8042/over/there?name=ferret").port
/// 8042
#[pyfunction]
#[pyo3(signature = (input, syntax = "rfc3986"))]
fn parse(py: Python<'_>, input: &Bound<'_, PyAny>, syntax: &str) -> PyResult<PyUri> {
    let syntax = syntax_arg(syntax)?;
    let t = text_arg(input, "parse")?;
    PyUri::parse(py, &t, syntax)
}

/// Whether `input` is a URI reference under `syntax` (see `parse`);
/// never raises for a text argument.
///
/// >>> uriscan.is_valid("http://h/a b")
/// False
#[pyfunction]
#[pyo3(signature = (input, syntax = "rfc3986"))]
fn is_valid(input: &Bound<'_, PyAny>, syntax: &str) -> PyResult<bool> {
    let syntax = syntax_arg(syntax)?;
    let t = text_arg(input, "is_valid")?;
    Ok(parse_syntax(t.as_bytes(), syntax).is_ok())
}

/// Returns `None` when `input` is a URI reference under `syntax`, and
/// raises its `uriscan.ParseError` otherwise (`parse` without the object).
#[pyfunction]
#[pyo3(signature = (input, syntax = "rfc3986"))]
fn check(py: Python<'_>, input: &Bound<'_, PyAny>, syntax: &str) -> PyResult<()> {
    let syntax = syntax_arg(syntax)?;
    let t = text_arg(input, "check")?;
    parse_syntax(t.as_bytes(), syntax).map(|_| ()).map_err(|e| parse_error(py, &t, e, syntax))
}

type Parts<'py> = (
    Option<Bound<'py, PyAny>>,
    Option<Bound<'py, PyAny>>,
    Bound<'py, PyAny>,
    Option<Bound<'py, PyAny>>,
    Option<Bound<'py, PyAny>>,
);

/// The RFC 3986 Appendix B split as a 5-tuple of the input's type (the
/// package's `split` wraps it in a `SplitResult`).
#[pyfunction]
fn split<'py>(py: Python<'py>, input: &Bound<'py, PyAny>) -> PyResult<Parts<'py>> {
    let t = text_arg(input, "split")?;
    let c = uriscan::split_bytes(t.as_bytes());
    let f = |b: &[u8]| t.same_kind(py, b);
    Ok((c.scheme.map(f), c.authority.map(f), f(c.path), c.query.map(f), c.fragment.map(f)))
}

/// One match of `extract`: (uri, start, end, valid, delimiter, contiguous).
type Found = (String, usize, usize, bool, &'static str, bool);

/// The URIs in free text (Appendix C) as tuples (the package's `extract`
/// wraps them in `Match`es).
#[pyfunction]
#[pyo3(signature = (text, iri = false, schemes = None, any_scheme = false, accept_invalid = false))]
fn extract(
    text: &Bound<'_, PyAny>,
    iri: bool,
    schemes: Option<Vec<String>>,
    any_scheme: bool,
    accept_invalid: bool,
) -> PyResult<Vec<Found>> {
    let t = text_arg(text, "extract")?;
    let mut ex = uriscan::Extractor::new().iri(iri).accept_invalid(accept_invalid);
    if let Some(s) = schemes {
        ex = ex.schemes(s);
    }
    if any_scheme {
        ex = ex.any_scheme();
    }
    let bytes = t.as_bytes();
    let str_input = t.is_str() && !bytes.is_ascii();
    let at = |i: usize| if str_input { char_index(bytes, i) } else { i };
    Ok(ex
        .extract_bytes(bytes)
        .map(|m| {
            let delimiter = match m.delimiter() {
                uriscan::Delimiter::Angle => "angle",
                uriscan::Delimiter::Quote => "quote",
                uriscan::Delimiter::Bare => "bare",
            };
            (m.as_str().to_owned(), at(m.start()), at(m.end()), m.is_valid(), delimiter, m.is_contiguous())
        })
        .collect())
}

/// The byte set of a component name.
fn encode_component(data: &[u8], component: &str) -> PyResult<String> {
    Ok(match component.replace('-', "_").as_str() {
        "userinfo" => percent::encode_userinfo(data),
        "reg_name" | "host" => percent::encode_reg_name(data),
        "path_segment" | "segment" => percent::encode_path_segment(data),
        "path" => percent::encode_path(data),
        "query" => percent::encode_query(data),
        "fragment" => percent::encode_fragment(data),
        _ => {
            return Err(PyValueError::new_err(format!(
                "unknown component {component:?}: expected 'userinfo', 'reg_name', 'path_segment', 'path', 'query' or 'fragment'"
            )))
        }
    }
    .into_owned())
}

/// Percent-encodes (RFC 3986 §2.1) every byte that `component` does not
/// allow as it is: `"userinfo"`, `"reg_name"`, `"path_segment"` (the
/// default: `/` is encoded too), `"path"`, `"query"` or `"fragment"`. A
/// `str` is encoded as UTF-8 first; the result is ASCII.
///
/// >>> uriscan.percent_encode("a b/c")
/// 'a%20b%2Fc'
#[pyfunction]
#[pyo3(signature = (data, component = "path_segment"))]
fn percent_encode(data: &Bound<'_, PyAny>, component: &str) -> PyResult<String> {
    let t = text_arg(data, "percent_encode")?;
    encode_component(t.as_bytes(), component)
}

/// Decodes every `%XX` (RFC 3986 §2.4) and returns the octets as `bytes`;
/// a `%` not followed by two hex digits raises `ValueError` with its index.
///
/// >>> uriscan.percent_decode("a%20b")
/// b'a b'
#[pyfunction]
fn percent_decode<'py>(py: Python<'py>, text: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyBytes>> {
    let t = text_arg(text, "percent_decode")?;
    let out = percent::decode(t.as_bytes()).map_err(|e| decode_error(&t, e))?;
    Ok(PyBytes::new(py, &out))
}

/// Decodes every `%XX` and returns the text as UTF-8: `ValueError` for a
/// malformed `%` or octets that are not UTF-8, unless `lossy=True` (they
/// become U+FFFD); `form=True` also decodes `+` as a space, leniently
/// (HTML form encoding).
///
/// >>> uriscan.percent_decode_str("D%C3%BCrst")
/// 'Dürst'
#[pyfunction]
#[pyo3(signature = (text, form = false, lossy = false))]
fn percent_decode_str(text: &Bound<'_, PyAny>, form: bool, lossy: bool) -> PyResult<String> {
    let t = text_arg(text, "percent_decode_str")?;
    let b = t.as_bytes();
    if form {
        // The form decoder is lenient and lossy by definition (HTML forms).
        return Ok(percent::decode_form_str_lossy(b).into_owned());
    }
    if lossy {
        return Ok(percent::decode_str_lossy(b).into_owned());
    }
    percent::decode_str(b).map(Cow::into_owned).map_err(|e| decode_error(&t, e))
}

fn decode_error(t: &Text, e: percent::DecodeError) -> PyErr {
    match e {
        percent::DecodeError::MalformedPercent { index } => {
            let i = if t.is_str() { char_index(t.as_bytes(), index) } else { index };
            PyValueError::new_err(format!("malformed percent-encoding at index {i}"))
        }
        other => PyValueError::new_err(other.to_string()),
    }
}

/// The SURT key (the web-archive sort key) of any text, as the Internet
/// Archive's `surt` package computes it: host labels reversed, `www`
/// dropped, query sorted, lower case. The options are that package's.
///
/// >>> uriscan.surt("http://www.Archive.org:80/goo/?b=2&a=1#x")
/// 'org,archive)/goo?a=1&b=2'
#[pyfunction]
#[pyo3(signature = (url, with_scheme = false, host_massage = true, trailing_comma = false, reverse_ipaddr = true))]
fn surt(
    url: &Bound<'_, PyAny>,
    with_scheme: bool,
    host_massage: bool,
    trailing_comma: bool,
    reverse_ipaddr: bool,
) -> PyResult<String> {
    let t = text_arg(url, "surt")?;
    let o = SurtOptions { with_scheme, host_massage, trailing_comma, reverse_ipaddr };
    Ok(String::from_utf8_lossy(&uriscan_crawl::surt_with(t.as_bytes(), &o)).into_owned())
}

fn profile(name: &str) -> PyResult<Profile> {
    Ok(match name.to_ascii_lowercase().replace('_', "-").as_str() {
        "rfc3986" => Profile::Rfc3986,
        "archive" => Profile::Archive,
        "safe-browsing" | "safebrowsing" => Profile::SafeBrowsing,
        _ => {
            return Err(PyValueError::new_err(format!(
                "unknown profile {name:?}: expected 'rfc3986', 'archive' or 'safe-browsing'"
            )))
        }
    })
}

/// The canonical form of `url` under `profile`: `"rfc3986"` (the default;
/// RFC 3986 §6 syntax- and scheme-based normalization, `ParseError` for an
/// invalid reference), `"archive"` (the web-archive canonicalizer) or
/// `"safe-browsing"` (Google Safe Browsing's). `None` for an empty line.
///
/// >>> uriscan.canon("HTTP://Example.COM:80/a/./b")
/// 'http://example.com/a/b'
#[pyfunction]
#[pyo3(signature = (url, profile = "rfc3986"))]
fn canon(py: Python<'_>, url: &Bound<'_, PyAny>, profile: &str) -> PyResult<Option<String>> {
    let p = self::profile(profile)?;
    let t = text_arg(url, "canon")?;
    match uriscan_crawl::canon(t.as_bytes(), p) {
        Ok(c) => Ok(Some(String::from_utf8_lossy(&c).into_owned())),
        Err(uriscan_crawl::CanonError::Empty) => Ok(None),
        Err(uriscan_crawl::CanonError::Invalid(e)) => Err(parse_error(py, &t, e, RFC3986)),
    }
}

/// The host of a URL (parsed as an IRI, so non-ASCII hosts count), else `None`.
fn host_of_url(text: &[u8]) -> Option<&str> {
    parse_syntax(text, RFC3987).ok()?.host()
}

/// The registrable domain (Public Suffix List, ICANN section; the private
/// section too with `private=True`) of the host of `url` (an IRI
/// reference), or `None`: no host, an IP address, a bare suffix, an invalid
/// reference. For a host alone, use `domain_parts`.
///
/// >>> uriscan.registrable_domain("http://forums.news.cnn.co.uk/x")
/// 'cnn.co.uk'
#[pyfunction]
#[pyo3(signature = (url, private = false, implicit_wildcard = false))]
fn registrable_domain(url: &Bound<'_, PyAny>, private: bool, implicit_wildcard: bool) -> PyResult<Option<String>> {
    let t = text_arg(url, "registrable_domain")?;
    Ok(host_of_url(t.as_bytes())
        .and_then(|h| uriscan_crawl::registrable_domain(h, domain_options(private, implicit_wildcard)))
        .map(str::to_owned))
}

/// The public suffix of the host of `url`, or `None` (see
/// `registrable_domain`).
///
/// >>> uriscan.public_suffix("http://a.b.co.uk/")
/// 'co.uk'
#[pyfunction]
#[pyo3(signature = (url, private = false, implicit_wildcard = false))]
fn public_suffix(url: &Bound<'_, PyAny>, private: bool, implicit_wildcard: bool) -> PyResult<Option<String>> {
    let t = text_arg(url, "public_suffix")?;
    Ok(host_of_url(t.as_bytes())
        .and_then(|h| uriscan_crawl::public_suffix(h, domain_options(private, implicit_wildcard)))
        .map(str::to_owned))
}

/// A host split by the Public Suffix List: (subdomain, domain, suffix,
/// registrable_domain, section, is_ip); the package's `domain_parts` wraps
/// it in a `DomainParts`.
#[pyfunction]
#[pyo3(signature = (host, private = false, implicit_wildcard = false))]
#[allow(clippy::type_complexity)]
fn domain_parts(
    host: &str,
    private: bool,
    implicit_wildcard: bool,
) -> (String, String, String, Option<String>, Option<&'static str>, bool) {
    let p = uriscan_crawl::domain_parts(host, domain_options(private, implicit_wildcard));
    let section = p.section.map(|s| match s {
        Section::Icann => "icann",
        Section::Private => "private",
    });
    (
        p.subdomain.to_owned(),
        p.domain.to_owned(),
        p.suffix.to_owned(),
        p.registrable_domain().map(str::to_owned),
        section,
        p.class == uriscan_crawl::HostClass::Ip,
    )
}

/// `url` without its tracking query parameters (`utm_*`, `fbclid`,
/// `gclid`, ...; `tracking_params()` lists them); any text is accepted.
///
/// >>> uriscan.strip_tracking("https://e.com/a?utm_source=x&id=7&fbclid=Y#f")
/// 'https://e.com/a?id=7#f'
#[pyfunction]
fn strip_tracking(url: &str) -> String {
    uriscan_crawl::strip_tracking(url).into_owned()
}

/// `url` with the query parameters named in `names` or starting with one
/// of `prefixes` (ASCII case ignored, names decoded) removed, or with only
/// them kept (`keep_only=True`); `sort=True` sorts the rest by name.
///
/// >>> uriscan.filter_params("/list?x=1&page=2&id=9", names=["id", "page"], keep_only=True, sort=True)
/// '/list?id=9&page=2'
#[pyfunction]
#[pyo3(signature = (url, names = Vec::new(), prefixes = Vec::new(), keep_only = false, sort = false))]
fn filter_params(url: &str, names: Vec<String>, prefixes: Vec<String>, keep_only: bool, sort: bool) -> String {
    filter(url, &names, &prefixes, keep_only, sort).into_owned()
}

/// The names and name prefixes `strip_tracking` removes, as `(names, prefixes)`.
#[pyfunction]
fn tracking_params() -> (Vec<&'static str>, Vec<&'static str>) {
    (uriscan_crawl::TRACKING_NAMES.to_vec(), uriscan_crawl::TRACKING_PREFIXES.to_vec())
}

/// The default port of a scheme (`443` for `"https"`), or `None`.
#[pyfunction]
fn default_port(scheme: &str) -> Option<u16> {
    uriscan::scheme::default_port(scheme)
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyUri>()?;
    for f in [
        wrap_pyfunction!(parse, m)?,
        wrap_pyfunction!(is_valid, m)?,
        wrap_pyfunction!(check, m)?,
        wrap_pyfunction!(split, m)?,
        wrap_pyfunction!(extract, m)?,
        wrap_pyfunction!(percent_encode, m)?,
        wrap_pyfunction!(percent_decode, m)?,
        wrap_pyfunction!(percent_decode_str, m)?,
        wrap_pyfunction!(surt, m)?,
        wrap_pyfunction!(canon, m)?,
        wrap_pyfunction!(registrable_domain, m)?,
        wrap_pyfunction!(public_suffix, m)?,
        wrap_pyfunction!(domain_parts, m)?,
        wrap_pyfunction!(strip_tracking, m)?,
        wrap_pyfunction!(filter_params, m)?,
        wrap_pyfunction!(tracking_params, m)?,
        wrap_pyfunction!(default_port, m)?,
    ] {
        m.add_function(f)?;
    }
    Ok(())
}
