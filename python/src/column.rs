//! Column functions: the `uriscan-arrow` kernels over the chunks of a
//! pyarrow `Array` or `ChunkedArray`, crossing the Arrow C data interface
//! without copying, with the GIL released and on several threads on request.

use std::borrow::Cow;
use std::sync::Arc;

use arrow_array::builder::StringViewBuilder;
use arrow_array::cast::AsArray;
use arrow_array::{make_array, Array, ArrayRef};
use arrow_data::ArrayData;
use arrow_pyarrow::PyArrowType;
use arrow_schema::{ArrowError, DataType};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use uriscan::{Component, NormalizeOptions};
use uriscan_arrow::registry::Arg;
use uriscan_crawl::function_set::{find, Function, ParamKind, FUNCTIONS};
use uriscan_crawl::record::{FieldKind, PARSE_RECORD};
use uriscan_crawl::{DomainOptions, Profile};

/// What a column call computes (decided before the GIL is released).
#[derive(Clone)]
enum Op {
    Parse,
    /// A field of [`Op::Parse`]'s struct (`host_kind`, `error_index`, `error_kind`).
    Field(&'static str),
    Component(Component),
    Split(Component),
    Valid,
    Port,
    Error,
    Normalize(NormalizeOptions),
    ResolveScalar(String),
    ResolveEach,
    QueryParam(String),
    QueryParamEach,
    ToUri,
    ToIri,
    Surt,
    RegistrableDomain(DomainOptions),
    PublicSuffix(DomainOptions),
    StripTracking,
    Canon(Profile),
    /// A function of the registry ([`uriscan_crawl::function_set`]) with its
    /// arguments after the input; the column at `Some(i)` is the second
    /// column (`bases`).
    Registry(&'static Function, Vec<Arg>, Option<usize>),
}

/// The component a field of the parse record named `name` holds
/// (`scheme`, ..., `port_text`, ..., `fragment`).
fn component(name: &str) -> Option<Component> {
    PARSE_RECORD.iter().find(|f| f.name == name)?.field.component()
}

fn op_of(name: &str, arg: Option<String>, flag: bool) -> PyResult<Op> {
    if let Some(f) = name.strip_prefix("fn:") {
        let f = find(f).ok_or_else(|| PyValueError::new_err(format!("unknown function {f:?}")))?;
        return Ok(Op::Registry(f, Vec::new(), None));
    }
    let need = |arg: Option<String>| arg.ok_or_else(|| PyValueError::new_err(format!("{name}: an argument is needed")));
    let domain = DomainOptions { private: flag, implicit_wildcard: false };
    Ok(match name {
        "parse" => Op::Parse,
        "host_kind" => Op::Field("host_kind"),
        "error_index" => Op::Field("error_index"),
        "error_kind" => Op::Field("error_kind"),
        "is_valid" => Op::Valid,
        "port" => Op::Port,
        "error" => Op::Error,
        "normalize" => Op::Normalize(NormalizeOptions { scheme_based: flag }),
        "resolve" => Op::ResolveScalar(need(arg)?),
        "resolve_each" => Op::ResolveEach,
        "query_param" => Op::QueryParam(need(arg)?),
        "query_param_each" => Op::QueryParamEach,
        "to_uri" => Op::ToUri,
        "to_iri" => Op::ToIri,
        "surt" => Op::Surt,
        "registrable_domain" => Op::RegistrableDomain(domain),
        "public_suffix" => Op::PublicSuffix(domain),
        "strip_tracking" => Op::StripTracking,
        "canon" => Op::Canon(match arg.as_deref().unwrap_or("rfc3986") {
            "rfc3986" => Profile::Rfc3986,
            "archive" => Profile::Archive,
            "safe-browsing" | "safe_browsing" => Profile::SafeBrowsing,
            p => return Err(PyValueError::new_err(format!("unknown profile {p:?}"))),
        }),
        _ => {
            if let Some(c) = component(name) {
                Op::Component(c)
            } else if let Some(c) = name.strip_prefix("split_").and_then(component) {
                Op::Split(c)
            } else {
                return Err(PyValueError::new_err(format!("unknown column function {name:?}")));
            }
        }
    })
}

/// Calls `f` with every row of a string array (`None` for null).
fn for_each_text<'a>(array: &'a dyn Array, mut f: impl FnMut(Option<&'a str>)) -> Result<(), ArrowError> {
    match array.data_type() {
        DataType::Utf8 => array.as_string::<i32>().iter().for_each(&mut f),
        DataType::LargeUtf8 => array.as_string::<i64>().iter().for_each(&mut f),
        DataType::Utf8View => array.as_string_view().iter().for_each(&mut f),
        other => return Err(ArrowError::InvalidArgumentError(format!("expected a string array, got {other}"))),
    }
    Ok(())
}

/// A string column of `f` of every row (null in, null out).
fn map_owned(array: &dyn Array, mut f: impl FnMut(&str) -> Option<Cow<'_, str>>) -> Result<ArrayRef, ArrowError> {
    let mut out = StringViewBuilder::with_capacity(array.len());
    for_each_text(array, |row| match row.and_then(&mut f) {
        Some(v) => out.append_value(v),
        None => out.append_null(),
    })?;
    Ok(Arc::new(out.finish()))
}

/// Runs `op` over one piece of input (and the matching piece of bases).
fn run(op: &Op, a: &dyn Array, bases: Option<&dyn Array>) -> Result<ArrayRef, ArrowError> {
    use uriscan_arrow as k;
    Ok(match op {
        Op::Parse => Arc::new(k::parse(a)?),
        Op::Field(name) => {
            let s = k::parse(a)?;
            s.column_by_name(name)
                .cloned()
                .ok_or_else(|| ArrowError::InvalidArgumentError(format!("no field {name}")))?
        }
        Op::Component(c) => Arc::new(k::component(a, *c)?),
        Op::Split(c) => Arc::new(k::split_component(a, *c)?),
        Op::Valid => Arc::new(k::is_valid(a)?),
        Op::Port => Arc::new(k::port(a)?),
        Op::Error => Arc::new(k::error(a)?),
        Op::Normalize(o) => Arc::new(k::normalize(a, *o)?),
        Op::ResolveScalar(base) => Arc::new(k::resolve_scalar(a, base)?),
        Op::ResolveEach => {
            let bases = bases.ok_or_else(|| ArrowError::InvalidArgumentError("resolve: no bases".into()))?;
            Arc::new(k::resolve(a, bases)?)
        }
        Op::QueryParam(name) => Arc::new(k::query_param(a, name)?),
        Op::QueryParamEach => {
            let names = bases.ok_or_else(|| ArrowError::InvalidArgumentError("query_param: no names".into()))?;
            Arc::new(k::query_param_each(a, names)?)
        }
        Op::ToUri => Arc::new(k::to_uri(a)?),
        Op::ToIri => Arc::new(k::to_iri(a)?),
        Op::Surt => Arc::new(k::surt(a)?),
        Op::RegistrableDomain(o) => Arc::new(k::registrable_domain(a, *o)?),
        Op::PublicSuffix(o) => Arc::new(k::public_suffix(a, *o)?),
        Op::StripTracking => map_owned(a, |t| Some(uriscan_crawl::strip_tracking(t)))?,
        Op::Canon(p) => map_owned(a, |t| {
            uriscan_crawl::canon(t.as_bytes(), *p).ok().map(|c| match c {
                Cow::Borrowed(b) => String::from_utf8_lossy(b),
                Cow::Owned(b) => Cow::Owned(String::from_utf8_lossy(&b).into_owned()),
            })
        })?,
        Op::Registry(f, args, column_at) => {
            let mut all = vec![Arg::Column(make_array(a.to_data()))];
            all.extend(args.iter().cloned());
            if let (Some(i), Some(b)) = (column_at, bases) {
                if let Some(slot) = all.get_mut(i + 1) {
                    *slot = Arg::Column(make_array(b.to_data()));
                }
            }
            uriscan_arrow::registry::call_function(f, &all, a.len())?
        }
    })
}

/// Rows below which a chunk is not split across threads.
const MIN_ROWS_PER_THREAD: usize = 16 * 1024;

/// Rows from which a call runs on worker threads while the calling thread
/// waits and looks for a signal (Ctrl-C) every [`SIGNAL_WAIT`]: a long
/// call stops with `KeyboardInterrupt` (the pieces already started finish
/// in the background and are dropped). Below it, the work runs here.
const SIGNAL_ROWS: usize = 1 << 20;
const SIGNAL_WAIT: std::time::Duration = std::time::Duration::from_millis(20);

/// Runs the pieces of `work`, at most `threads` at a time, each on a worker
/// thread, their outputs in order; raises the exception of a signal that
/// arrives meanwhile (`KeyboardInterrupt` for Ctrl-C). Outputs are not
/// split for the check: a piece's output is one array, as without it.
fn run_watched(op: &Op, work: Vec<(ArrayRef, Option<ArrayRef>)>, threads: usize) -> PyResult<Vec<ArrayRef>> {
    use std::sync::mpsc;
    let mut out: Vec<Option<ArrayRef>> = vec![None; work.len()];
    let (tx, rx) = mpsc::channel();
    let mut todo = work.into_iter().enumerate();
    let mut running = 0;
    loop {
        while running < threads.max(1) {
            let Some((i, (a, b))) = todo.next() else { break };
            let (tx, op) = (tx.clone(), op.clone());
            std::thread::Builder::new()
                .spawn(move || {
                    let r =
                        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run(&op, a.as_ref(), b.as_deref())));
                    let r = r.unwrap_or_else(|_| Err(ArrowError::ComputeError("a worker panicked".into())));
                    // The receiver is gone when the call was interrupted: the output is dropped.
                    let _ = tx.send((i, r));
                })
                .map_err(|e| PyValueError::new_err(format!("cannot start a worker thread: {e}")))?;
            running += 1;
        }
        if running == 0 {
            break;
        }
        match rx.recv_timeout(SIGNAL_WAIT) {
            Ok((i, r)) => {
                out[i] = Some(r.map_err(to_py_err)?);
                running -= 1;
            }
            Err(mpsc::RecvTimeoutError::Timeout) => Python::attach(|py| py.check_signals())?,
            // (This thread holds a sender: the channel stays connected.)
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return Err(PyValueError::new_err("the worker threads stopped"))
            }
        }
    }
    Ok(out.into_iter().flatten().collect())
}

/// The pieces `(offset, len)` of a chunk of `len` rows for `threads` threads.
fn pieces(len: usize, threads: usize) -> Vec<(usize, usize)> {
    if len == 0 {
        // An empty chunk still gives one (empty) output.
        return vec![(0, 0)];
    }
    let n = threads.clamp(1, (len / MIN_ROWS_PER_THREAD).max(1));
    let step = len.div_ceil(n);
    (0..len).step_by(step).map(|o| (o, step.min(len - o))).collect()
}

fn to_py_err(e: ArrowError) -> PyErr {
    match e {
        ArrowError::InvalidArgumentError(m) if m.starts_with("expected a string array") => PyTypeError::new_err(m),
        ArrowError::InvalidArgumentError(m) => PyValueError::new_err(m),
        other => PyValueError::new_err(other.to_string()),
    }
}

/// `_column(op, chunks, threads, arg, flag, bases)`: `op` over every chunk,
/// the output pieces in order (a chunk split across threads gives several).
/// `bases` is a second column chunked as `chunks` (the bases of
/// `resolve_each`, the names of `query_param_each`).
///
/// For a function of the registry (`op` is `fn:NAME`), `args` are its
/// arguments after the input (a string, a number, a list of strings or
/// None), and the one at `column_at` is given by `bases`.
#[pyfunction]
#[pyo3(signature = (op, chunks, threads = 1, arg = None, flag = false, bases = None, args = Vec::new(), column_at = None))]
#[allow(clippy::too_many_arguments)]
fn _column(
    py: Python<'_>,
    op: &str,
    chunks: Vec<PyArrowType<ArrayData>>,
    threads: usize,
    arg: Option<String>,
    flag: bool,
    bases: Option<Vec<PyArrowType<ArrayData>>>,
    args: Vec<Bound<'_, PyAny>>,
    column_at: Option<usize>,
) -> PyResult<Vec<PyArrowType<ArrayData>>> {
    let mut op = op_of(op, arg, flag)?;
    if let Op::Registry(_, a, at) = &mut op {
        *a = args.iter().map(registry_arg).collect::<PyResult<_>>()?;
        *at = column_at;
    }
    let arrays: Vec<ArrayRef> = chunks.into_iter().map(|c| make_array(c.0)).collect();
    let bases: Option<Vec<ArrayRef>> = bases.map(|b| b.into_iter().map(|c| make_array(c.0)).collect());
    if let Some(b) = &bases {
        let lens = |v: &[ArrayRef]| v.iter().map(|a| a.len()).collect::<Vec<_>>();
        if lens(b) != lens(&arrays) {
            return Err(PyValueError::new_err("the two columns differ in length or chunking"));
        }
    }
    let threads = if threads == 0 { std::thread::available_parallelism().map_or(1, |n| n.get()) } else { threads };
    let out: PyResult<Vec<ArrayRef>> = py.detach(|| {
        // The work: every piece of every chunk, with its bases' piece.
        let mut work: Vec<(ArrayRef, Option<ArrayRef>)> = Vec::new();
        for (i, a) in arrays.iter().enumerate() {
            for (o, l) in pieces(a.len(), threads) {
                let base = bases.as_ref().map(|b| b[i].slice(o, l));
                work.push((a.slice(o, l), base));
            }
        }
        let rows: usize = work.iter().map(|(a, _)| a.len()).sum();
        if rows < SIGNAL_ROWS && (threads <= 1 || work.len() <= 1) {
            return work.iter().map(|(a, b)| run(&op, a.as_ref(), b.as_deref()).map_err(to_py_err)).collect();
        }
        run_watched(&op, work, threads)
    });
    Ok(out?.into_iter().map(|a| PyArrowType(a.to_data())).collect())
}

/// `_time_column(op, chunks, rounds, arg, flag, args)`: the best time in
/// seconds of `rounds` runs of `op` over the chunks, measured inside Rust
/// (no Python boundary): what the benchmark compares a Python call with.
/// `args` are a registry function's scalar arguments, as [`_column`]'s.
#[pyfunction]
#[pyo3(signature = (op, chunks, rounds = 5, arg = None, flag = false, args = Vec::new()))]
fn _time_column(
    py: Python<'_>,
    op: &str,
    chunks: Vec<PyArrowType<ArrayData>>,
    rounds: usize,
    arg: Option<String>,
    flag: bool,
    args: Vec<Bound<'_, PyAny>>,
) -> PyResult<f64> {
    let mut op = op_of(op, arg, flag)?;
    if let Op::Registry(_, a, _) = &mut op {
        *a = args.iter().map(registry_arg).collect::<PyResult<_>>()?;
    }
    let arrays: Vec<ArrayRef> = chunks.into_iter().map(|c| make_array(c.0)).collect();
    py.detach(|| {
        let mut best = f64::INFINITY;
        for _ in 0..rounds.max(1) {
            let start = std::time::Instant::now();
            for a in &arrays {
                std::hint::black_box(run(&op, a.as_ref(), None)?);
            }
            best = best.min(start.elapsed().as_secs_f64());
        }
        Ok(best)
    })
    .map_err(to_py_err)
}

/// A Python argument of a registry function: None (NULL), a string, a
/// number (as its text) or a list of strings.
fn registry_arg(v: &Bound<'_, PyAny>) -> PyResult<Arg> {
    if v.is_none() {
        return Ok(Arg::Scalar(None));
    }
    if let Ok(s) = v.extract::<String>() {
        return Ok(Arg::Scalar(Some(s)));
    }
    if let Ok(n) = v.extract::<i64>() {
        return Ok(Arg::Scalar(Some(n.to_string())));
    }
    match v.extract::<Vec<String>>() {
        Ok(l) => Ok(Arg::List(Some(l))),
        Err(_) => Err(PyTypeError::new_err("an argument must be a str, an int, a list of str or None")),
    }
}

/// `_functions()`: every function of the registry as a dict (`name`,
/// `alias`, `family`, `input`, `params`: (name, kind, optional, repeated,
/// names) tuples, `names` the choices of a `one of` kind, `result`, `doc`,
/// `signature`): what `uriscan.arrow`, the polars
/// and pandas namespaces and `uriscan.duckdb` derive their lists from.
/// The parse record ([`PARSE_RECORD`]): each field's name, kind (`bool`,
/// `text`, `port` or `index`), one-line description and whether it holds a
/// component, in order.
#[pyfunction]
fn _parse_record() -> Vec<(&'static str, &'static str, &'static str, bool)> {
    PARSE_RECORD
        .iter()
        .map(|f| {
            let kind = match f.kind {
                FieldKind::Bool => "bool",
                FieldKind::Text => "text",
                FieldKind::Port => "port",
                FieldKind::Index => "index",
            };
            (f.name, kind, f.doc, f.field.component().is_some())
        })
        .collect()
}

#[pyfunction]
fn _functions(py: Python<'_>) -> PyResult<Vec<Bound<'_, pyo3::types::PyDict>>> {
    FUNCTIONS
        .iter()
        .map(|f| {
            let d = pyo3::types::PyDict::new(py);
            d.set_item("name", f.name)?;
            d.set_item("alias", f.alias())?;
            d.set_item("family", f.family.name())?;
            d.set_item("input", f.input)?;
            let params: Vec<(&str, &str, bool, bool, &[&str])> = f
                .params
                .iter()
                .map(|p| {
                    let (kind, names): (&str, &[&str]) = match p.kind {
                        ParamKind::Text => ("text", &[]),
                        ParamKind::Port => ("port", &[]),
                        ParamKind::Count => ("count", &[]),
                        ParamKind::OneOf(names) => ("one of", names),
                    };
                    (p.name, kind, p.optional, p.repeated, names)
                })
                .collect();
            d.set_item("params", params)?;
            d.set_item("result", f.result.name())?;
            d.set_item("doc", f.doc)?;
            d.set_item("signature", f.signature())?;
            Ok(d)
        })
        .collect()
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_functions, m)?)?;
    m.add_function(wrap_pyfunction!(_parse_record, m)?)?;
    m.add_function(wrap_pyfunction!(_column, m)?)?;
    m.add_function(wrap_pyfunction!(_time_column, m)?)?;
    Ok(())
}
