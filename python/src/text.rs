//! Arguments that are text: `str`, `bytes`, `bytearray` or `memoryview`.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::pybacked::{PyBackedBytes, PyBackedStr};
use pyo3::types::{PyByteArray, PyBytes, PyMemoryView, PyString};

/// A text argument, borrowed from the Python object where the Python
/// version allows it.
pub(crate) enum Text {
    /// A `str`, as UTF-8.
    Str(PyBackedStr),
    /// `bytes`, `bytearray` or `memoryview` (the latter two copied).
    Bytes(PyBackedBytes),
}

impl Text {
    /// The argument's bytes (UTF-8 for a `str`).
    pub(crate) fn as_bytes(&self) -> &[u8] {
        match self {
            Text::Str(s) => s.as_bytes(),
            Text::Bytes(b) => b,
        }
    }

    /// Whether the argument was a `str` (results are then `str` too).
    pub(crate) fn is_str(&self) -> bool {
        matches!(self, Text::Str(_))
    }

    /// A result of the same type as the argument: `str` for a `str`, else
    /// `bytes`. For a `str` argument `value` is UTF-8 whenever it is made of
    /// slices of the argument and ASCII; other bytes are replaced.
    pub(crate) fn same_kind<'py>(&self, py: Python<'py>, value: &[u8]) -> Bound<'py, PyAny> {
        match self {
            Text::Str(_) => PyString::new(py, &String::from_utf8_lossy(value)).into_any(),
            Text::Bytes(_) => PyBytes::new(py, value).into_any(),
        }
    }
}

/// Extracts a text argument, or a `TypeError` naming `what` and the type
/// given.
pub(crate) fn text_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Text> {
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(Text::Str(PyBackedStr::try_from(s.clone())?));
    }
    if let Ok(b) = obj.cast::<PyBytes>() {
        return Ok(Text::Bytes(PyBackedBytes::from(b.clone())));
    }
    if let Ok(b) = obj.cast::<PyByteArray>() {
        return Ok(Text::Bytes(PyBackedBytes::from(b.clone())));
    }
    if obj.cast::<PyMemoryView>().is_ok() {
        let b = obj.call_method0("tobytes")?;
        let b = b.cast::<PyBytes>()?;
        return Ok(Text::Bytes(PyBackedBytes::from(b.clone())));
    }
    let type_name = obj.get_type().name().map(|n| n.to_string()).unwrap_or_else(|_| "?".into());
    Err(PyTypeError::new_err(format!("{what}: expected str, bytes or memoryview, got {type_name}")))
}

/// The index of the code point that holds byte `i` of the UTF-8 text
/// `bytes` (the number of code points when `i` is the length).
pub(crate) fn char_index(bytes: &[u8], i: usize) -> usize {
    let i = i.min(bytes.len());
    let starts = bytes.iter().take(i).filter(|&&b| b & 0xC0 != 0x80).count();
    match bytes.get(i) {
        Some(&b) if b & 0xC0 == 0x80 => starts.saturating_sub(1),
        _ => starts,
    }
}
