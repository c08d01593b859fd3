//! RFC 3986 URI references over Apache Arrow string arrays, with
//! [uriscan](https://docs.rs/uriscan)'s parser.
//!
//! Every kernel takes a `StringArray`, `LargeStringArray` or
//! `StringViewArray` (as `&dyn Array`) and returns one output row per input
//! row: a null input gives a null output, an invalid reference gives a null
//! component (and `valid = false` with the error's kind, index and message from
//! [`parse`]).
//! Any other type is an error (`ArrowError::InvalidArgumentError` naming the
//! three types), never a panic: a `Binary` column among them, whose bytes
//! need not be UTF-8. Cast it to a string type first; Arrow's cast checks
//! that every row is UTF-8 (or gives null for a row that is not, with
//! `safe` cast options).
//!
//! Component columns are zero-copy: each is a `StringViewArray` whose views
//! point into the input's own buffers (the values buffer of a `StringArray`,
//! the data buffers of a `StringViewArray`), which the output shares by
//! reference count. No byte of URL text is copied, except that components
//! of 12 bytes or fewer live inline in their view, as the Arrow format
//! requires.
//!
//! ```
//! use arrow_array::{Array, StringArray};
//! use uriscan::Component;
//!
//! let urls = StringArray::from(vec![Some("http://a.example/x?q#f"), None, Some("http://[::1")]);
//! let hosts = uriscan_arrow::component(&urls, Component::Host).unwrap();
//! assert_eq!(hosts.value(0), "a.example");
//! assert!(hosts.is_null(1) && hosts.is_null(2));
//!
//! let valid = uriscan_arrow::is_valid(&urls).unwrap();
//! assert_eq!((valid.value(0), valid.is_null(1), valid.value(2)), (true, true, false));
//! ```
#![warn(missing_docs)]
#![deny(unsafe_code)]

mod columns;
mod source;
mod views;

pub mod functions;
pub mod registry;

use std::sync::Arc;

use arrow_array::builder::{BooleanBuilder, Int32Builder, StringViewBuilder};
use arrow_array::types::{Int32Type, UInt64Type};
use arrow_array::{Array, ArrayRef, BooleanArray, Int32Array, StringViewArray, StructArray};
use arrow_schema::{ArrowError, DataType, Field, Fields};
use std::borrow::Cow;

use std::fmt::Write as _;
use uriscan::{Component, HostKind, NormalizeOptions, Port, Syntax, UriRef};
use uriscan_crawl::record::{FieldKind, ParseField, PARSE_RECORD};
use uriscan_crawl::DomainOptions;

use source::{for_each_row, parse_rows, validate_rows, Row};
use views::{ascii_range_view, inline_view, InlineView, NumberColumn, Staged, Validity, ViewColumn};

/// The component fields of [`parse`]'s struct, in the record's order, with
/// the component each holds (the fields of [`PARSE_RECORD`] that hold one).
///
/// ```
/// assert_eq!(uriscan_arrow::COMPONENTS[4], ("port_text", uriscan::Component::Port));
/// ```
pub const COMPONENTS: [(&str, Component); 8] = {
    let mut out = [("", Component::Scheme); 8];
    let (mut k, mut n) = (0, 0);
    while k < PARSE_RECORD.len() {
        if let Some(c) = PARSE_RECORD[k].field.component() {
            out[n] = (PARSE_RECORD[k].name, c);
            n += 1;
        }
        k += 1;
    }
    assert!(n == out.len(), "COMPONENTS: the record holds another number of components");
    out
};

/// The Arrow type of a field of the parse record: text `Utf8View` (views
/// into the input), the port's number `Int32`, the error's byte index
/// `UInt64`.
fn arrow_type(kind: FieldKind) -> DataType {
    match kind {
        FieldKind::Bool => DataType::Boolean,
        FieldKind::Text => DataType::Utf8View,
        FieldKind::Port => DataType::Int32,
        FieldKind::Index => DataType::UInt64,
    }
}

/// The fields of the struct [`parse`] returns: the parse record
/// ([`uriscan_crawl::record::PARSE_RECORD`], its names and order), every
/// field nullable, text as `Utf8View`, the port's number as `Int32`, the
/// error's byte index as `UInt64`:
///
/// | field | type | content |
/// |---|---|---|
/// | `valid` | Boolean | whether the row is a URI reference (null for a null row) |
/// | `scheme`, `authority`, `userinfo`, `host` | Utf8View | the component, null when undefined or the row is invalid |
/// | `host_kind` | Utf8View | `reg-name`, `ipv4`, `ipv6` or `ipvfuture` ([`uriscan::HostKind::name`]) |
/// | `port_text` | Utf8View | the port as written |
/// | `port` | Int32 | the port's value, null when absent, empty or above 65535 |
/// | `path`, `query`, `fragment` | Utf8View | the component, null when undefined or the row is invalid |
/// | `error_kind` | Utf8View | the grammar context of the first error ([`uriscan::ErrorKind::name`]), for invalid rows |
/// | `error_index` | UInt64 | byte index of the first bad byte, for invalid rows |
/// | `error_message` | Utf8View | the error as a message, for invalid rows |
///
/// ```
/// let f = uriscan_arrow::parse_fields();
/// let names: Vec<&str> = f.iter().map(|f| f.name().as_str()).collect();
/// let record: Vec<&str> = uriscan_crawl::record::PARSE_RECORD.iter().map(|f| f.name).collect();
/// assert_eq!(names, record);
/// assert_eq!((names[0], names.len()), ("valid", 14));
/// ```
#[must_use]
pub fn parse_fields() -> Fields {
    PARSE_RECORD.iter().map(|f| Field::new(f.name, arrow_type(f.kind), true)).collect()
}

/// The port of `u` as a number, `None` when absent, empty or above 65535.
fn port_number(u: &UriRef<'_>) -> Option<i32> {
    match u.port_value() {
        Some(Port::Number(n)) => Some(i32::from(n)),
        _ => None,
    }
}

/// The view columns of [`parse`]'s struct: the components (in
/// [`COMPONENTS`]' order), then these three.
const HOST_KIND: usize = COMPONENTS.len();
const ERROR_KIND: usize = HOST_KIND + 1;
const ERROR_MESSAGE: usize = HOST_KIND + 2;
const VIEW_COLUMNS: usize = HOST_KIND + 3;

/// [`parse`]'s columns under construction. Each row writes every column
/// once into [`Staged`] blocks of 64 rows, which go to the columns a block
/// at a time (one row count for all, validity bits set in words; pushing
/// to each column on its own cost a length, a capacity check and a
/// validity bit's bookkeeping per column and row).
struct ParseColumns {
    views: [ViewColumn; VIEW_COLUMNS],
    port: NumberColumn<i32>,
    error_index: NumberColumn<u64>,
    /// The `valid` column's values (whether the row parsed).
    valid: Validity,
    staged_views: Staged<u128, VIEW_COLUMNS>,
    staged_port: Staged<i32, 1>,
    staged_index: Staged<u64, 1>,
    /// The staged rows' `valid` values.
    staged_valid: u64,
    /// Rows so far.
    rows: usize,
    /// The host kinds' names as views, made once ([`HostKind`]'s order).
    kinds: [Option<InlineView>; 4],
    /// The error message being written.
    message: String,
}

impl ParseColumns {
    fn new(n: usize) -> ParseColumns {
        ParseColumns {
            views: core::array::from_fn(|_| ViewColumn::with_capacity(n)),
            port: NumberColumn::with_capacity(n),
            error_index: NumberColumn::with_capacity(n),
            valid: Validity::with_capacity(n),
            staged_views: Staged::new(),
            staged_port: Staged::new(),
            staged_index: Staged::new(),
            staged_valid: 0,
            rows: 0,
            kinds: [HostKind::RegName, HostKind::Ipv4, HostKind::Ipv6, HostKind::IpvFuture]
                .map(|k| inline_view(k.name())),
            message: String::new(),
        }
    }

    /// Writes the columns of one row (`None` for a null row).
    #[inline(always)]
    fn row(&mut self, row: Option<(Row<'_>, Result<UriRef<'_>, uriscan::ParseError>)>) {
        let r = self.rows;
        let (views, port, index) = (&mut self.staged_views, &mut self.staged_port, &mut self.staged_index);
        match row {
            None => {
                (0..VIEW_COLUMNS).for_each(|c| views.set(r, c, None));
                port.set(r, 0, None);
                index.set(r, 0, None);
            }
            Some((row, Ok(u))) => {
                self.staged_valid |= 1 << (r % 64);
                // The rows parse as RFC 3986 URI references: ASCII.
                for (c, (_, component)) in COMPONENTS.iter().enumerate() {
                    views.set(r, c, ascii_range_view(&row, u.range(*component)));
                }
                let kind = u.host_kind().and_then(|k| self.kinds.get(k as usize).copied().flatten());
                views.set(r, HOST_KIND, kind.map(InlineView::get));
                views.set(r, ERROR_KIND, None);
                views.set(r, ERROR_MESSAGE, None);
                port.set(r, 0, port_number(&u));
                index.set(r, 0, None);
            }
            Some((_, Err(e))) => {
                (0..=HOST_KIND).for_each(|c| views.set(r, c, None));
                let kind = self.views[ERROR_KIND].owned_view(e.kind().name(), r);
                views.set(r, ERROR_KIND, Some(kind));
                self.message.clear();
                // Writing into a String cannot fail.
                let _ = write!(self.message, "{e}");
                let message = self.views[ERROR_MESSAGE].owned_view(&self.message, r);
                views.set(r, ERROR_MESSAGE, Some(message));
                port.set(r, 0, None);
                index.set(r, 0, Some(e.index() as u64));
            }
        }
        self.rows += 1;
        if self.rows % 64 == 0 {
            self.flush(64);
        }
    }

    /// Appends the `n` staged rows to the columns.
    fn flush(&mut self, n: usize) {
        for (c, column) in self.views.iter_mut().enumerate() {
            column.extend(self.staged_views.take(c, n));
        }
        self.port.extend(self.staged_port.take(0, n));
        self.error_index.extend(self.staged_index.take(0, n));
        self.valid.push_word(core::mem::take(&mut self.staged_valid), n);
    }

    /// The columns, with the last rows staged appended.
    fn finish(mut self) -> ParseColumns {
        match self.rows % 64 {
            0 => {}
            n => self.flush(n),
        }
        self
    }
}

/// Parses every row and returns the struct described by [`parse_fields`].
/// The struct's own null rows are the input's.
///
/// # Errors
/// An [`ArrowError`] when `array` is not a string array.
///
/// ```
/// use arrow_array::{cast::AsArray, Array, StringViewArray};
///
/// let urls = StringViewArray::from(vec![
///     Some("foo://user@example.com:8042/over/there?name=ferret#nose"),
///     Some("http://h/a b"),
///     None,
/// ]);
/// let s = uriscan_arrow::parse(&urls).unwrap();
/// let host = s.column_by_name("host").unwrap().as_string_view();
/// assert_eq!(host.value(0), "example.com");
/// let port = s.column_by_name("port").unwrap().as_primitive::<arrow_array::types::Int32Type>();
/// assert_eq!(port.value(0), 8042);
/// let valid = s.column_by_name("valid").unwrap().as_boolean();
/// assert!(!valid.value(1));
/// let index = s.column_by_name("error_index").unwrap().as_primitive::<arrow_array::types::UInt64Type>();
/// assert_eq!(index.value(1), 10);
/// let message = s.column_by_name("error_message").unwrap().as_string_view();
/// assert_eq!(message.value(1), "invalid character ' ' at index 10 in path");
/// assert!(s.is_null(2));
/// ```
pub fn parse(array: &dyn Array) -> Result<StructArray, ArrowError> {
    let mut record = ParseColumns::new(array.len());
    let buffers = parse_rows(array, |row| record.row(row))?;
    let ParseColumns { views, port, error_index, valid, .. } = record.finish();
    let [parts @ .., host_kind, error_kind, error_message] = views;
    // `valid` is null exactly where the input is (a null row parses to nothing).
    let valid: ArrayRef = Arc::new(BooleanArray::new(valid.into_bits(), array.logical_nulls()));
    let mut parts = parts.into_iter().map(|col| col.finish(&buffers)).collect::<Result<Vec<_>, _>>()?.into_iter();
    let host_kind: ArrayRef = Arc::new(host_kind.finish(&[])?);
    let port: ArrayRef = Arc::new(port.finish::<Int32Type>());
    let error_index: ArrayRef = Arc::new(error_index.finish::<UInt64Type>());
    let error_kind: ArrayRef = Arc::new(error_kind.finish(&[])?);
    let error_message: ArrayRef = Arc::new(error_message.finish(&[])?);
    // The record's order: the component columns come in it (`COMPONENTS`).
    let mut columns: Vec<ArrayRef> = Vec::with_capacity(PARSE_RECORD.len());
    for f in &PARSE_RECORD {
        if f.field.component().is_some() {
            match parts.next() {
                Some(col) => columns.push(Arc::new(col)),
                None => return Err(ArrowError::ComputeError("parse: a component column is missing".into())),
            }
            continue;
        }
        columns.push(match f.field {
            ParseField::Valid => valid.clone(),
            ParseField::HostKind => host_kind.clone(),
            ParseField::Port => port.clone(),
            ParseField::ErrorKind => error_kind.clone(),
            ParseField::ErrorIndex => error_index.clone(),
            ParseField::ErrorMessage => error_message.clone(),
            _ => return Err(ArrowError::ComputeError(format!("parse: no column for field {}", f.name))),
        });
    }
    StructArray::try_new(parse_fields(), columns, array.logical_nulls())
}

/// One component of every row, as views into the input's buffers (no byte
/// of URL text copied). Null where the input is null, the row is not a
/// valid URI reference, or the component is undefined; an empty component
/// (`http://h?` has an empty query) is an empty string.
///
/// # Errors
/// An [`ArrowError`] when `array` is not a string array.
///
/// ```
/// use arrow_array::{Array, StringArray};
/// use uriscan::Component;
///
/// let urls = StringArray::from(vec!["http://h?", "http://h", "mailto:a@b.example"]);
/// let q = uriscan_arrow::component(&urls, Component::Query).unwrap();
/// assert_eq!((q.value(0), q.is_null(1)), ("", true));
/// let p = uriscan_arrow::component(&urls, Component::Path).unwrap();
/// assert_eq!(p.value(2), "a@b.example");
/// ```
pub fn component(array: &dyn Array, part: Component) -> Result<StringViewArray, ArrowError> {
    let mut out = ViewColumn::with_capacity(array.len());
    let buffers = parse_rows(array, |row| match row {
        Some((row, Ok(u))) => out.push_range(&row, u.range(part)),
        _ => out.push_null(),
    })?;
    out.finish(&buffers)
}

/// The Appendix B split of every row (never fails: for dirty data whose rows
/// need not be valid): one component, as views into the input.
///
/// # Errors
/// An [`ArrowError`] when `array` is not a string array.
///
/// ```
/// use arrow_array::StringArray;
/// use uriscan::Component;
///
/// let urls = StringArray::from(vec!["http://a b/c?d"]);
/// let a = uriscan_arrow::split_component(&urls, Component::Authority).unwrap();
/// assert_eq!(a.value(0), "a b");
/// ```
pub fn split_component(array: &dyn Array, part: Component) -> Result<StringViewArray, ArrowError> {
    let mut out = ViewColumn::with_capacity(array.len());
    let buffers = for_each_row(array, |row| match row {
        Some(row) => {
            let c = uriscan::split(row.text);
            let value = match part {
                Component::Scheme => c.scheme,
                Component::Authority => c.authority,
                Component::Path => Some(c.path),
                Component::Query => c.query,
                Component::Fragment => c.fragment,
                _ => None,
            };
            out.push_part(&row, value);
        }
        None => out.push_null(),
    })?;
    out.finish(&buffers)
}

/// Whether each row is a URI reference (RFC 3986 §4.1); null for a null row.
///
/// # Errors
/// An [`ArrowError`] when `array` is not a string array.
///
/// ```
/// use arrow_array::{Array, LargeStringArray};
/// let v = uriscan_arrow::is_valid(&LargeStringArray::from(vec![Some("a:b"), Some("a b"), None])).unwrap();
/// assert_eq!((v.value(0), v.value(1), v.is_null(2)), (true, false, true));
/// ```
pub fn is_valid(array: &dyn Array) -> Result<BooleanArray, ArrowError> {
    let mut out = BooleanBuilder::with_capacity(array.len());
    // Validation only: the validator, which records no component, over
    // the whole array as one batch.
    validate_rows(array, |r| out.append_option(r.map(|r| r.is_ok())))?;
    Ok(out.finish())
}

/// The port of each row as a number: null when the input is null or
/// invalid, or the port is absent, empty or above 65535.
///
/// # Errors
/// An [`ArrowError`] when `array` is not a string array.
///
/// ```
/// use arrow_array::{Array, StringArray};
/// let p = uriscan_arrow::port(&StringArray::from(vec!["http://h:8080/", "http://h:/", "//h:99999"])).unwrap();
/// assert_eq!((p.value(0), p.is_null(1), p.is_null(2)), (8080, true, true));
/// ```
pub fn port(array: &dyn Array) -> Result<Int32Array, ArrowError> {
    let mut out = Int32Builder::with_capacity(array.len());
    parse_rows(array, |row| out.append_option(row.and_then(|(_, r)| r.ok()).and_then(|u| port_number(&u))))?;
    Ok(out.finish())
}

/// The parse error of each row as a message with its index
/// (`invalid character ' ' at index 10 in path`); null for a valid or null row.
///
/// # Errors
/// An [`ArrowError`] when `array` is not a string array.
///
/// ```
/// use arrow_array::{Array, StringArray};
/// let e = uriscan_arrow::error(&StringArray::from(vec!["http://h/a b", "http://h/"])).unwrap();
/// assert_eq!(e.value(0), "invalid character ' ' at index 10 in path");
/// assert!(e.is_null(1));
/// ```
pub fn error(array: &dyn Array) -> Result<StringViewArray, ArrowError> {
    let mut out = StringViewBuilder::with_capacity(array.len());
    // Only the error: the validator gives the parser's.
    validate_rows(array, |r| match r {
        Some(Err(e)) => out.append_value(e.to_string()),
        _ => out.append_null(),
    })?;
    Ok(out.finish())
}

/// Each row normalized (RFC 3986 §6.2.2, and §6.2.3 with
/// [`NormalizeOptions::SCHEME_BASED`]); null for a null or invalid row.
/// A row that is already normal is a view into the input (not copied).
///
/// # Errors
/// An [`ArrowError`] when `array` is not a string array.
///
/// ```
/// use arrow_array::{Array, StringArray};
/// use uriscan::NormalizeOptions;
/// let urls = StringArray::from(vec!["HTTP://Example.COM/a/./b/../c/%7euser", "http://a/", "a b"]);
/// let n = uriscan_arrow::normalize(&urls, NormalizeOptions::SYNTAX).unwrap();
/// assert_eq!(n.value(0), "http://example.com/a/c/~user");
/// assert_eq!(n.value(1), "http://a/");
/// assert!(n.is_null(2));
/// ```
pub fn normalize(array: &dyn Array, opts: NormalizeOptions) -> Result<StringViewArray, ArrowError> {
    let mut out = ViewColumn::with_capacity(array.len());
    let buffers = for_each_row(array, |row| match row {
        Some(row) => match UriRef::parse(row.text) {
            Ok(u) => out.push_cow(&row, u.normalize_str_with(opts)),
            Err(_) => out.push_null(),
        },
        None => out.push_null(),
    })?;
    out.finish(&buffers)
}

/// Resolves each reference against the base in the same row of `bases`
/// (RFC 3986 §5.2, [`ResolveMode::Strict`](uriscan::ResolveMode::Strict)). Null when either is null or
/// invalid, or the base has no scheme.
///
/// # Errors
/// An [`ArrowError`] when an argument is not a string array, or their
/// lengths differ.
///
/// ```
/// use arrow_array::StringArray;
/// let refs = StringArray::from(vec!["../g?y#s", "g"]);
/// let bases = StringArray::from(vec!["http://a/b/c/d;p?q", "http://x/y/z"]);
/// let r = uriscan_arrow::resolve(&refs, &bases).unwrap();
/// assert_eq!((r.value(0), r.value(1)), ("http://a/b/g?y#s", "http://x/y/g"));
/// ```
pub fn resolve(refs: &dyn Array, bases: &dyn Array) -> Result<StringViewArray, ArrowError> {
    same_len("resolve: references and bases", refs, bases)?;
    let base_texts = source::texts(bases)?;
    let mut out = StringViewBuilder::with_capacity(refs.len());
    let mut buf = String::new();
    let mut i = 0;
    for_each_row(refs, |row| {
        let base = base_texts.get(i).copied().flatten();
        i += 1;
        let base = base.and_then(|b| UriRef::parse(b).ok());
        append_resolved(&mut out, &mut buf, row, base.as_ref());
    })?;
    Ok(out.finish())
}

/// Resolves each reference against one `base` (RFC 3986 §5.2,
/// [`ResolveMode::Strict`](uriscan::ResolveMode::Strict)). Null when the reference is null or invalid.
///
/// # Errors
/// An [`ArrowError`] when `refs` is not a string array, or `base` is not an
/// absolute URI (a URI reference with a scheme).
///
/// ```
/// use arrow_array::StringViewArray;
/// let refs = StringViewArray::from(vec!["g;x?y#s", "//g", "../.."]);
/// let r = uriscan_arrow::resolve_scalar(&refs, "http://a/b/c/d;p?q").unwrap();
/// assert_eq!((r.value(0), r.value(1), r.value(2)), ("http://a/b/c/g;x?y#s", "http://g", "http://a/"));
/// assert!(uriscan_arrow::resolve_scalar(&refs, "/no/scheme").is_err());
/// ```
pub fn resolve_scalar(refs: &dyn Array, base: &str) -> Result<StringViewArray, ArrowError> {
    let base = UriRef::parse(base).map_err(|e| ArrowError::InvalidArgumentError(format!("resolve: base: {e}")))?;
    if base.scheme().is_none() {
        return Err(ArrowError::InvalidArgumentError("resolve: the base has no scheme".into()));
    }
    let mut out = StringViewBuilder::with_capacity(refs.len());
    let mut buf = String::new();
    for_each_row(refs, |row| append_resolved(&mut out, &mut buf, row, Some(&base)))?;
    Ok(out.finish())
}

/// An error unless `a` and `b` have as many rows.
fn same_len(what: &str, a: &dyn Array, b: &dyn Array) -> Result<(), ArrowError> {
    if a.len() == b.len() {
        Ok(())
    } else {
        Err(ArrowError::InvalidArgumentError(format!("{what}: {} rows against {}", a.len(), b.len())))
    }
}

fn append_resolved(out: &mut StringViewBuilder, buf: &mut String, row: Option<Row<'_>>, base: Option<&UriRef<'_>>) {
    let reference = row.and_then(|r| UriRef::parse(r.text).ok());
    match (reference, base) {
        (Some(r), Some(b)) => {
            buf.clear();
            match r.resolve_into(b, buf) {
                Ok(()) => out.append_value(&*buf),
                Err(_) => out.append_null(),
            }
        }
        _ => out.append_null(),
    }
}

/// The raw value of the first query parameter named `name` in each row
/// (the pairs of [`UriRef::query_pairs`]: the query split at `&`, empty
/// pieces skipped, each piece at its first `=`; keys compared as written,
/// nothing decoded), as a view into the input. A key without `=` gives an
/// empty string (the key is there, with no value); null when the row is
/// null or invalid, or has no query or no such key.
///
/// # Errors
/// An [`ArrowError`] when `array` is not a string array.
///
/// ```
/// use arrow_array::{Array, StringArray};
/// let urls = StringArray::from(vec!["http://h/?a=1&b=x%20y&b=3", "http://h/?b", "http://h/?c=1"]);
/// let b = uriscan_arrow::query_param(&urls, "b").unwrap();
/// assert_eq!((b.value(0), b.value(1), b.is_null(2)), ("x%20y", "", true));
/// ```
pub fn query_param(array: &dyn Array, name: &str) -> Result<StringViewArray, ArrowError> {
    let mut out = ViewColumn::with_capacity(array.len());
    let buffers = for_each_row(array, |row| match row {
        Some(row) => out.push_part(&row, param_value(row.text, name)),
        None => out.push_null(),
    })?;
    out.finish(&buffers)
}

/// [`query_param`] with a parameter name per row (null name, null result).
///
/// # Errors
/// An [`ArrowError`] when an argument is not a string array, or their
/// lengths differ.
///
/// ```
/// use arrow_array::StringArray;
/// let urls = StringArray::from(vec!["http://h/?a=1&b=2", "http://h/?a=1&b=2"]);
/// let names = StringArray::from(vec!["a", "b"]);
/// let v = uriscan_arrow::query_param_each(&urls, &names).unwrap();
/// assert_eq!((v.value(0), v.value(1)), ("1", "2"));
/// ```
pub fn query_param_each(array: &dyn Array, names: &dyn Array) -> Result<StringViewArray, ArrowError> {
    same_len("query_param: URLs and names", array, names)?;
    let names = source::texts(names)?;
    let mut out = ViewColumn::with_capacity(array.len());
    let mut i = 0;
    let buffers = for_each_row(array, |row| {
        let name = names.get(i).copied().flatten();
        i += 1;
        match (row, name) {
            (Some(row), Some(name)) => out.push_part(&row, param_value(row.text, name)),
            _ => out.push_null(),
        }
    })?;
    out.finish(&buffers)
}

/// The raw value of parameter `name` in the query of `text`, if `text` is a
/// URI reference with such a parameter.
fn param_value<'a>(text: &'a str, name: &str) -> Option<&'a str> {
    let query = UriRef::parse(text).ok()?.query_pairs();
    query.into_iter().find(|p| p.key == name).map(|p| p.value.unwrap_or(""))
}

/// A view column of a slice of each row chosen by `f` (called with the row
/// index and text of every non-null row; `None` gives a null): zero-copy
/// when `f` returns a slice of its argument (a string from elsewhere, such
/// as a literal, is copied). The building block for row-wise extractions
/// the other kernels do not cover.
///
/// # Errors
/// An [`ArrowError`] when `array` is not a string array.
///
/// ```
/// use arrow_array::{Array, StringArray};
/// let urls = StringArray::from(vec!["http://h/a/b.txt", "http://h/"]);
/// let last = uriscan_arrow::slices(&urls, |_, t| t.rsplit_once('/').map(|(_, s)| s).filter(|s| !s.is_empty())).unwrap();
/// assert_eq!((last.value(0), last.is_null(1)), ("b.txt", true));
/// ```
pub fn slices<F>(array: &dyn Array, mut f: F) -> Result<StringViewArray, ArrowError>
where
    F: for<'s> FnMut(usize, &'s str) -> Option<&'s str>,
{
    let mut out = ViewColumn::with_capacity(array.len());
    let mut i = 0;
    let buffers = for_each_row(array, |row| {
        match row {
            Some(row) => out.push_part(&row, f(i, row.text)),
            None => out.push_null(),
        }
        i += 1;
    })?;
    out.finish(&buffers)
}

/// A view column of `f` applied to each non-null row: a borrowed result
/// (a slice of the row) is a view into the input, an owned one is copied
/// into the column's own buffer; `None` gives a null.
fn map_rows<F>(array: &dyn Array, mut f: F) -> Result<StringViewArray, ArrowError>
where
    F: for<'s> FnMut(&'s str) -> Option<Cow<'s, str>>,
{
    let mut out = ViewColumn::with_capacity(array.len());
    let buffers = for_each_row(array, |row| match row.and_then(|r| f(r.text).map(|v| (r, v))) {
        Some((row, value)) => out.push_cow(&row, value),
        None => out.push_null(),
    })?;
    out.finish(&buffers)
}

/// Each IRI reference mapped to a URI reference (RFC 3987 §3.1,
/// [`uriscan::iri::to_uri_str`]); null for a null row or one that is not an IRI
/// reference. A row that is ASCII is a view into the input.
///
/// # Errors
/// An [`ArrowError`] when `array` is not a string array.
///
/// ```
/// use arrow_array::{Array, StringArray};
/// let iris = StringArray::from(vec!["http://r\u{e9}sum\u{e9}.example/\u{e9}t\u{e9}", "http://a/b", "a b"]);
/// let uris = uriscan_arrow::to_uri(&iris).unwrap();
/// assert_eq!(uris.value(0), "http://r%C3%A9sum%C3%A9.example/%C3%A9t%C3%A9");
/// assert_eq!(uris.value(1), "http://a/b");
/// assert!(uris.is_null(2));
/// ```
pub fn to_uri(array: &dyn Array) -> Result<StringViewArray, ArrowError> {
    map_rows(array, |t| Syntax::IriReference.parse(t).ok().map(|_| uriscan::iri::to_uri_str(t)))
}

/// Each URI reference mapped to an IRI reference (RFC 3987 §3.2,
/// [`uriscan::iri::to_iri_str`]: percent-encoded UTF-8 of characters an IRI
/// allows is decoded, everything else stays); null for a null row or one
/// that is not a URI reference.
///
/// # Errors
/// An [`ArrowError`] when `array` is not a string array.
///
/// ```
/// use arrow_array::{Array, StringArray};
/// let uris = StringArray::from(vec!["http://www.example.org/D%C3%BCrst", "http://www.example.org/D%FCrst", "\u{e9}"]);
/// let iris = uriscan_arrow::to_iri(&uris).unwrap();
/// assert_eq!(iris.value(0), "http://www.example.org/D\u{fc}rst");
/// assert_eq!(iris.value(1), "http://www.example.org/D%FCrst");
/// assert!(iris.is_null(2));
/// ```
pub fn to_iri(array: &dyn Array) -> Result<StringViewArray, ArrowError> {
    map_rows(array, |t| UriRef::parse(t).ok().map(|_| uriscan::iri::to_iri_str(t)))
}

/// The SURT key of each row, as the Internet Archive's `surt` package
/// computes it by default ([`uriscan_crawl::surt()`]). Every non-null row gets
/// a key, valid URI or not (crawl logs are dirty).
///
/// # Errors
/// An [`ArrowError`] when `array` is not a string array.
///
/// ```
/// use arrow_array::StringArray;
/// let urls = StringArray::from(vec!["http://www.Archive.org:80/goo/?b=2&a=1#x"]);
/// assert_eq!(uriscan_arrow::surt(&urls).unwrap().value(0), "org,archive)/goo?a=1&b=2");
/// ```
pub fn surt(array: &dyn Array) -> Result<StringViewArray, ArrowError> {
    let options = uriscan_crawl::SurtOptions::default();
    let mut key = String::new();
    let mut out = ViewColumn::with_capacity(array.len());
    let buffers = for_each_row(array, |row| match row {
        Some(row) => {
            uriscan_crawl::surt_into(row.text, &mut key, &options);
            out.push_owned(&key);
        }
        None => out.push_null(),
    })?;
    out.finish(&buffers)
}

/// The host of an IRI (or URI) reference, if it has one.
fn host_of(text: &str) -> Option<&str> {
    Syntax::IriReference.parse(text).ok()?.host()
}

/// The registrable domain (eTLD+1, [`uriscan_crawl::registrable_domain`])
/// of each row's host, as a view into the input; null for a null row, an
/// invalid one, one without a host, or a host without a registrable domain
/// (an IP address, a public suffix). Rows may be URIs or IRIs.
///
/// # Errors
/// An [`ArrowError`] when `array` is not a string array.
///
/// ```
/// use arrow_array::{Array, StringArray};
/// use uriscan_crawl::DomainOptions;
/// let urls = StringArray::from(vec!["https://forums.news.cnn.co.uk/x", "http://a.b.github.io/", "http://10.0.0.1/"]);
/// let d = uriscan_arrow::registrable_domain(&urls, DomainOptions::default()).unwrap();
/// assert_eq!((d.value(0), d.value(1), d.is_null(2)), ("cnn.co.uk", "github.io", true));
/// let d = uriscan_arrow::registrable_domain(&urls, DomainOptions::WITH_PRIVATE).unwrap();
/// assert_eq!(d.value(1), "b.github.io");
/// ```
pub fn registrable_domain(array: &dyn Array, options: DomainOptions) -> Result<StringViewArray, ArrowError> {
    map_rows(array, |t| host_of(t).and_then(|h| uriscan_crawl::registrable_domain(h, options)).map(Cow::Borrowed))
}

/// The public suffix ([`uriscan_crawl::public_suffix`]) of each row's
/// host, as a view into the input; null as for [`registrable_domain`], or
/// when no rule of the list matches.
///
/// # Errors
/// An [`ArrowError`] when `array` is not a string array.
///
/// ```
/// use arrow_array::StringArray;
/// use uriscan_crawl::DomainOptions;
/// let urls = StringArray::from(vec!["https://forums.news.cnn.co.uk/x"]);
/// assert_eq!(uriscan_arrow::public_suffix(&urls, DomainOptions::default()).unwrap().value(0), "co.uk");
/// ```
pub fn public_suffix(array: &dyn Array, options: DomainOptions) -> Result<StringViewArray, ArrowError> {
    map_rows(array, |t| host_of(t).and_then(|h| uriscan_crawl::public_suffix(h, options)).map(Cow::Borrowed))
}
