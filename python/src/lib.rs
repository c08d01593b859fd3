//! The native part of the `uriscan` Python package (`uriscan._uriscan`):
//! per-value functions and the `URI` class (`value`), and the column
//! functions over Arrow arrays (`column`). The Python modules in
//! `python/uriscan/` wrap them with their public signatures and docstrings.
#![deny(unsafe_code)]

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyString;
use uriscan::{ParseError, UriRef};

mod column;
mod text;
mod value;

/// What a Python `syntax=` names: the library's `Syntax` (a grammar and
/// one of its entry rules). Only this alias, the two constants,
/// `syntax_name`, `syntax_arg` and `parse_syntax` know which library type
/// that is.
pub(crate) type Syntax = uriscan::Syntax;
/// RFC 3986's `URI-reference` (the default syntax).
pub(crate) const RFC3986: Syntax = uriscan::Syntax::UriReference;
/// RFC 3987's `IRI-reference` (IRIs).
pub(crate) const RFC3987: Syntax = uriscan::Syntax::IriReference;

/// Whether `syntax` is one of RFC 3987's (IRIs).
pub(crate) fn is_iri(syntax: Syntax) -> bool {
    syntax.grammar() == uriscan::Grammar::Rfc3987
}

/// The Python name of a syntax: a grammar's name for its reference rule
/// (`"rfc3986"`, `"rfc3987"`, ...), else the syntax's name
/// (`"rfc3986/absolute-URI"`); [`syntax_arg`] reads either back.
pub(crate) fn syntax_name(syntax: Syntax) -> &'static str {
    if syntax.grammar().reference() == syntax {
        syntax.grammar().name()
    } else {
        syntax.name()
    }
}

/// The one place the package parses a reference: every parse of the crate
/// goes through here, so a change of the library's parse entry points is a
/// change of this function alone.
pub(crate) fn parse_syntax(input: &[u8], syntax: Syntax) -> Result<UriRef<'_>, ParseError> {
    syntax.parse_bytes(input)
}

/// The syntax named `name`: a grammar (`"rfc3986"`, `"rfc3987"`,
/// `"rfc2396"`, `"rfc1630"`, for its reference rule) or a grammar and rule
/// (`"rfc3986/URI"`, `"rfc3987/IRI"`, or a rule alone: `"absolute-URI"`),
/// ASCII case ignored; else a `ValueError`.
pub(crate) fn syntax_arg(name: &str) -> PyResult<Syntax> {
    name.parse::<uriscan::Syntax>().map_err(|_| {
        PyValueError::new_err(format!(
            "unknown syntax {name:?}: expected one of 'rfc3986', 'rfc3987', 'rfc2396', 'rfc1630', or a grammar and rule such as 'rfc3986/URI'"
        ))
    })
}

/// `uriscan._errors.ParseError`, imported once.
fn parse_error_class(py: Python<'_>) -> PyResult<&Bound<'_, PyAny>> {
    static CLASS: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    CLASS
        .get_or_try_init(py, || Ok::<_, PyErr>(py.import("uriscan._errors")?.getattr("ParseError")?.unbind()))
        .map(|c| c.bind(py))
}

/// A Python `uriscan.ParseError` for `e`, found parsing `input` with
/// `syntax`. For a `str` input the `index` is a code point index (the code
/// point holding the failing byte), and `byte_index` the byte offset in its
/// UTF-8 encoding; for bytes both are the byte offset.
pub(crate) fn parse_error(py: Python<'_>, input: &text::Text, e: ParseError, syntax: Syntax) -> PyErr {
    let bytes = input.as_bytes();
    let byte_index = e.index();
    let (index, message) = match input {
        text::Text::Str(s) if !bytes.is_ascii() => {
            let index = text::char_index(bytes, byte_index);
            let message = match (e.kind(), s.chars().nth(index)) {
                (uriscan::ErrorKind::TooLong, _) => e.to_string(),
                (kind, Some(c)) if e.found().is_some() => {
                    format!("invalid character {c:?} at index {index} in {}", kind.name())
                }
                (kind, _) => format!("unexpected end of input at index {index} in {}", kind.name()),
            };
            (index, message)
        }
        _ => (byte_index, e.to_string()),
    };
    let build = || -> PyResult<PyErr> {
        let class = parse_error_class(py)?;
        let input_obj: Bound<'_, PyAny> = match input {
            text::Text::Str(s) => PyString::new(py, s).into_any(),
            text::Text::Bytes(b) => pyo3::types::PyBytes::new(py, b).into_any(),
        };
        let err = class.call1((message, input_obj, index, e.kind().name(), byte_index, syntax_name(syntax)))?;
        Ok(PyErr::from_value(err))
    };
    build().unwrap_or_else(|err| err)
}

#[pymodule]
fn _uriscan(m: &Bound<'_, PyModule>) -> PyResult<()> {
    value::register(m)?;
    column::register(m)?;
    Ok(())
}
