//! Kernels of the URL function set of [`uriscan_crawl`] (ClickHouse's names
//! in the docs, the Common Crawl index columns): one output row per input
//! row, null for a null row or where the scalar function gives `None`.
//!
//! Like the rest of the crate these never parse strictly (dirty rows get
//! answers): each answers as the scalar function in
//! [`uriscan_crawl::params`], [`uriscan_crawl::hosts`],
//! [`uriscan_crawl::paths`] or [`uriscan_crawl::encoding`] does (for
//! ClickHouse's names, ClickHouse's own answers), and `tests/functions.rs`
//! checks every kernel row by row against them.
//!
//! Where the result is a slice of the row (a parameter's value, a path, a
//! host part, a URL with nothing to cut) it is a view into the input's
//! buffers; computed strings are copied into the column's own buffer.

use std::borrow::Cow;
use std::ops::Range;

use arrow_array::types::{Int32Type, UInt16Type};
use arrow_array::{Array, ArrayRef, Int32Array, ListArray, StringViewArray, StructArray, UInt16Array};
use arrow_buffer::{OffsetBuffer, ScalarBuffer};
use arrow_schema::{ArrowError, DataType, Field, Fields};
use std::sync::Arc;

use uriscan_crawl::{cc_index, encoding, hierarchy, hosts, params, paths, spark};

use crate::columns;
use crate::source::{for_each_row, Row};
use crate::views::{NumberColumn, Validity, ViewColumn};
use crate::{map_rows, slices};

/// `extractURLParameter`: the raw value of the first parameter `name` of
/// each row ([`params::url_parameter`]).
///
/// # Errors
/// An [`ArrowError`] when `array` is not a string array.
///
/// ```
/// use arrow_array::{Array, StringArray};
/// let urls = StringArray::from(vec![Some("http://h/?a=1&b=x%20y&b=3"), Some("http://h/?b"), Some("h?c=1"), None]);
/// let b = uriscan_arrow::functions::url_parameter(&urls, "b").unwrap();
/// assert_eq!((b.value(0), b.value(1), b.is_null(2), b.is_null(3)), ("x%20y", "", true, true));
/// ```
pub fn url_parameter(array: &dyn Array, name: &str) -> Result<StringViewArray, ArrowError> {
    ranges(array, |u| params::url_parameter_bytes(u, name.as_bytes()))
}

/// The first parameter `name` of each row, form-decoded
/// ([`params::url_parameter_decoded`]).
///
/// # Errors
/// An [`ArrowError`] when `array` is not a string array.
///
/// ```
/// use arrow_array::StringArray;
/// let urls = StringArray::from(vec!["/s?q=caf%C3%A9+au+lait", "/s?q=plain"]);
/// let q = uriscan_arrow::functions::url_parameter_decoded(&urls, "q").unwrap();
/// assert_eq!((q.value(0), q.value(1)), ("café au lait", "plain"));
/// ```
pub fn url_parameter_decoded(array: &dyn Array, name: &str) -> Result<StringViewArray, ArrowError> {
    map_rows(array, |t| params::url_parameter_decoded(t, name))
}

/// `cutURLParameter`: each row without the first parameter of each of
/// `names`, every other byte as written ([`params::cut_url_parameters`]); a
/// row with nothing to cut is a view into the input.
///
/// # Errors
/// An [`ArrowError`] when `array` is not a string array.
///
/// ```
/// use arrow_array::StringArray;
/// let urls = StringArray::from(vec!["http://bigmir.net/?a=b&c=d&e=f#g", "http://h/?x=1"]);
/// let cut = uriscan_arrow::functions::cut_url_parameters(&urls, &["c", "e"]).unwrap();
/// assert_eq!((cut.value(0), cut.value(1)), ("http://bigmir.net/?a=b&#g", "http://h/?x=1"));
/// ```
pub fn cut_url_parameters(array: &dyn Array, names: &[&str]) -> Result<StringViewArray, ArrowError> {
    map_rows(array, |t| Some(params::cut_url_parameters(t, names)))
}

/// A list column: for each non-null row, the strings `f` pushes (slices of
/// the row, as views into the input); a null row is a null list.
fn list_rows<'a, F>(array: &'a dyn Array, mut f: F) -> Result<ListArray, ArrowError>
where
    F: FnMut(&'a str, &mut Vec<&'a str>),
{
    let mut items: Vec<&'a str> = Vec::new();
    list_core(array, |row, values| {
        items.clear();
        f(row.text, &mut items);
        for item in &items {
            values.push_part(&row, Some(item));
        }
        items.len()
    })
}

/// A list column of the ranges the iterator `$f` (a range form of a
/// scalar function) gives each non-null row's bytes, each a view into the
/// input ([`columns::list_column`]).
macro_rules! list_of {
    ($array:expr, $f:path) => {
        columns::list_column($array, |u, items| {
            for r in $f(u) {
                if !items.push(r) {
                    break;
                }
            }
        })
    };
}

/// A view column of the range `f` gives each row's bytes
/// ([`columns::range_column`]); `None` gives a null.
fn ranges(array: &dyn Array, f: impl Fn(&[u8]) -> Option<Range<usize>>) -> Result<StringViewArray, ArrowError> {
    columns::range_column(array, f)
}

/// Declares kernels that return, for each row, the range of its bytes a
/// range form of a scalar function (`&[u8] -> Option<Range<usize>>`)
/// gives, as a view into the input.
macro_rules! range_kernels {
    ($($(#[$doc:meta])* $name:ident => $f:expr;)*) => {$(
        $(#[$doc])*
        ///
        /// # Errors
        /// An [`ArrowError`] when `array` is not a string array.
        pub fn $name(array: &dyn Array) -> Result<StringViewArray, ArrowError> {
            ranges(array, $f)
        }
    )*};
}

/// A list column: `f` appends each non-null row's items to the values and
/// says how many; a null row is a null list.
fn list_core<'a>(
    array: &'a dyn Array,
    mut f: impl FnMut(Row<'a>, &mut ViewColumn) -> usize,
) -> Result<ListArray, ArrowError> {
    let mut values = ViewColumn::with_capacity(array.len());
    let mut offsets: Vec<i32> = Vec::with_capacity(array.len() + 1);
    offsets.push(0);
    let mut valid = Validity::with_capacity(array.len());
    let mut count: usize = 0;
    let mut overflow = false;
    let buffers = for_each_row(array, |row| {
        if let Some(row) = row {
            count += f(row, &mut values);
        }
        valid.push(row.is_some());
        match i32::try_from(count) {
            Ok(c) => offsets.push(c),
            Err(_) => overflow = true,
        }
    })?;
    if overflow {
        return Err(ArrowError::InvalidArgumentError("more than 2^31 list items".into()));
    }
    let values = values.finish(&buffers)?;
    let field = Arc::new(Field::new("item", DataType::Utf8View, false));
    ListArray::try_new(field, OffsetBuffer::new(ScalarBuffer::from(offsets)), Arc::new(values), valid.finish())
}

/// `extractURLParameters`: the raw `name=value` pieces of each row's query
/// and fragment ([`params::url_parameters`]), as a list of views into the
/// input.
///
/// # Errors
/// An [`ArrowError`] when `array` is not a string array.
///
/// ```
/// use arrow_array::{cast::AsArray, Array, StringArray};
/// let urls = StringArray::from(vec!["http://h/?x=1&y&=2&&z=#w=5", "http://h/"]);
/// let p = uriscan_arrow::functions::url_parameters(&urls).unwrap();
/// let first = p.value(0);
/// let first = first.as_string_view();
/// assert_eq!(first.iter().flatten().collect::<Vec<_>>(), ["x=1", "y", "=2", "", "z=", "w=5"]);
/// assert_eq!(p.value(1).len(), 0);
/// ```
pub fn url_parameters(array: &dyn Array) -> Result<ListArray, ArrowError> {
    list_of!(array, params::url_parameters_bytes)
}

/// `extractURLParameterNames`: the raw names of each row's parameters
/// ([`params::url_parameter_names`]).
///
/// # Errors
/// An [`ArrowError`] when `array` is not a string array.
///
/// ```
/// use arrow_array::{cast::AsArray, StringArray};
/// let urls = StringArray::from(vec!["http://h/?x=1&y&x=2"]);
/// let n = uriscan_arrow::functions::url_parameter_names(&urls).unwrap();
/// assert_eq!(n.value(0).as_string_view().iter().flatten().collect::<Vec<_>>(), ["x", "y", "x"]);
/// ```
pub fn url_parameter_names(array: &dyn Array) -> Result<ListArray, ArrowError> {
    list_of!(array, params::url_parameter_names_bytes)
}

/// Every raw value of the parameter `name` in each row
/// ([`params::url_parameter_values`]).
///
/// # Errors
/// An [`ArrowError`] when `array` is not a string array.
///
/// ```
/// use arrow_array::{cast::AsArray, StringArray};
/// let urls = StringArray::from(vec!["/?a=1&b=2&a=&a"]);
/// let v = uriscan_arrow::functions::url_parameter_values(&urls, "a").unwrap();
/// assert_eq!(v.value(0).as_string_view().iter().flatten().collect::<Vec<_>>(), ["1", "", ""]);
/// ```
pub fn url_parameter_values(array: &dyn Array, name: &str) -> Result<ListArray, ArrowError> {
    list_rows(array, |t, out| out.extend(params::url_parameter_values(t, name)))
}

/// The raw segments of each row's path ([`paths::path_segments`]).
///
/// # Errors
/// An [`ArrowError`] when `array` is not a string array.
///
/// ```
/// use arrow_array::{cast::AsArray, StringArray};
/// let urls = StringArray::from(vec!["http://h/a/%2F/b?x/y"]);
/// let s = uriscan_arrow::functions::path_segments(&urls).unwrap();
/// assert_eq!(s.value(0).as_string_view().iter().flatten().collect::<Vec<_>>(), ["a", "%2F", "b"]);
/// ```
pub fn path_segments(array: &dyn Array) -> Result<ListArray, ArrowError> {
    list_rows(array, |t, out| out.extend(paths::path_segments(t)))
}

/// Declares kernels that return, for each row, a slice of it chosen by a
/// scalar function of `&str -> Option<&str>`.
macro_rules! slice_kernels {
    ($($(#[$doc:meta])* $name:ident => $f:path;)*) => {$(
        $(#[$doc])*
        ///
        /// # Errors
        /// An [`ArrowError`] when `array` is not a string array.
        pub fn $name(array: &dyn Array) -> Result<StringViewArray, ArrowError> {
            slices(array, |_, t| $f(t))
        }
    )*};
}

fn some(s: &str) -> Option<&str> {
    Some(s)
}

range_kernels! {
    /// `topLevelDomain` of each row ([`hosts::top_level_domain`]).
    ///
    /// ```
    /// use arrow_array::StringArray;
    /// let urls = StringArray::from(vec!["svn+ssh://www.some.svn-hosting.com:80/repo/trunk"]);
    /// assert_eq!(uriscan_arrow::functions::top_level_domain(&urls).unwrap().value(0), "com");
    /// ```
    top_level_domain => hosts::top_level_domain_bytes;
    /// `firstSignificantSubdomain` of each row ([`hosts::first_significant_subdomain`]).
    ///
    /// ```
    /// use arrow_array::StringArray;
    /// let urls = StringArray::from(vec!["http://news.clickhouse.com.tr/"]);
    /// assert_eq!(uriscan_arrow::functions::first_significant_subdomain(&urls).unwrap().value(0), "clickhouse");
    /// ```
    first_significant_subdomain => hosts::first_significant_subdomain_bytes;
    /// `cutToFirstSignificantSubdomain` of each row
    /// ([`hosts::cut_to_first_significant_subdomain`]).
    ///
    /// ```
    /// use arrow_array::StringArray;
    /// let urls = StringArray::from(vec!["https://news.clickhouse.com.tr/"]);
    /// assert_eq!(uriscan_arrow::functions::cut_to_first_significant_subdomain(&urls).unwrap().value(0), "clickhouse.com.tr");
    /// ```
    cut_to_first_significant_subdomain => hosts::cut_to_first_significant_subdomain_bytes;
    /// `path` of each row ([`paths::path`]; empty, not null, when the path is).
    ///
    /// ```
    /// use arrow_array::StringArray;
    /// let urls = StringArray::from(vec!["https://example.com/path/to/page.html?param=value"]);
    /// assert_eq!(uriscan_arrow::functions::path(&urls).unwrap().value(0), "/path/to/page.html");
    /// ```
    path => |u| Some(paths::path_bytes(u));
    /// `pathFull` of each row ([`paths::path_full`]).
    ///
    /// ```
    /// use arrow_array::StringArray;
    /// let urls = StringArray::from(vec!["https://example.com/path/to/page.html?param=value#section"]);
    /// assert_eq!(uriscan_arrow::functions::path_full(&urls).unwrap().value(0), "/path/to/page.html?param=value#section");
    /// ```
    path_full => |u| Some(paths::path_full_bytes(u));
    /// `netloc` of each row ([`paths::netloc`]).
    ///
    /// ```
    /// use arrow_array::StringArray;
    /// let urls = StringArray::from(vec!["http://paul@www.example.com:80/"]);
    /// assert_eq!(uriscan_arrow::functions::netloc(&urls).unwrap().value(0), "paul@www.example.com:80");
    /// ```
    netloc => paths::netloc_bytes;
    /// `queryStringAndFragment` of each row ([`paths::query_string_and_fragment`]).
    ///
    /// ```
    /// use arrow_array::StringArray;
    /// let urls = StringArray::from(vec!["https://example.com/path?param=value&other=123#section"]);
    /// assert_eq!(uriscan_arrow::functions::query_string_and_fragment(&urls).unwrap().value(0), "param=value&other=123#section");
    /// ```
    query_string_and_fragment => paths::query_string_and_fragment_bytes;
}

slice_kernels! {
    /// `cutToFirstSignificantSubdomainWithWWW` of each row
    /// ([`hosts::cut_to_first_significant_subdomain_with_www`]).
    ///
    /// ```
    /// use arrow_array::StringArray;
    /// let urls = StringArray::from(vec!["http://www.tr/"]);
    /// assert_eq!(uriscan_arrow::functions::cut_to_first_significant_subdomain_with_www(&urls).unwrap().value(0), "www.tr");
    /// ```
    cut_to_first_significant_subdomain_with_www => hosts::cut_to_first_significant_subdomain_with_www;
    /// The file extension of each row's last path segment ([`paths::file_extension`]).
    ///
    /// ```
    /// use arrow_array::{Array, StringArray};
    /// let urls = StringArray::from(vec!["http://h/a/b.tar.gz?x", "http://h/a/"]);
    /// let e = uriscan_arrow::functions::file_extension(&urls).unwrap();
    /// assert_eq!((e.value(0), e.is_null(1)), ("gz", true));
    /// ```
    file_extension => paths::file_extension;
}

slice_kernels! {
    /// `domainRFC` of each row ([`hosts::domain_rfc`]).
    ///
    /// ```
    /// use arrow_array::StringArray;
    /// let urls = StringArray::from(vec!["http://u:p@[::1]:80/"]);
    /// assert_eq!(uriscan_arrow::functions::domain_rfc(&urls).unwrap().value(0), "::1");
    /// ```
    domain_rfc => hosts::domain_rfc;
    /// `domainWithoutWWWRFC` of each row ([`hosts::domain_without_www_rfc`]).
    ///
    /// ```
    /// use arrow_array::StringArray;
    /// let urls = StringArray::from(vec!["http://u:p@www.a.com/"]);
    /// assert_eq!(uriscan_arrow::functions::domain_without_www_rfc(&urls).unwrap().value(0), "a.com");
    /// ```
    domain_without_www_rfc => hosts::domain_without_www_rfc;
    /// `topLevelDomainRFC` of each row ([`hosts::top_level_domain_rfc`]).
    ///
    /// ```
    /// use arrow_array::StringArray;
    /// let urls = StringArray::from(vec!["http://foo:foo%41bar@foo.com"]);
    /// assert_eq!(uriscan_arrow::functions::top_level_domain_rfc(&urls).unwrap().value(0), "com");
    /// ```
    top_level_domain_rfc => hosts::top_level_domain_rfc;
    /// `firstSignificantSubdomainRFC` of each row ([`hosts::first_significant_subdomain_rfc`]).
    ///
    /// ```
    /// use arrow_array::StringArray;
    /// let urls = StringArray::from(vec!["http://u:p@news.clickhouse.com.tr/"]);
    /// assert_eq!(uriscan_arrow::functions::first_significant_subdomain_rfc(&urls).unwrap().value(0), "clickhouse");
    /// ```
    first_significant_subdomain_rfc => hosts::first_significant_subdomain_rfc;
    /// `cutToFirstSignificantSubdomainRFC` of each row
    /// ([`hosts::cut_to_first_significant_subdomain_rfc`]).
    ///
    /// ```
    /// use arrow_array::StringArray;
    /// let urls = StringArray::from(vec!["http://u:p@news.clickhouse.com.tr/"]);
    /// assert_eq!(uriscan_arrow::functions::cut_to_first_significant_subdomain_rfc(&urls).unwrap().value(0), "clickhouse.com.tr");
    /// ```
    cut_to_first_significant_subdomain_rfc => hosts::cut_to_first_significant_subdomain_rfc;
    /// `cutToFirstSignificantSubdomainWithWWWRFC` of each row
    /// ([`hosts::cut_to_first_significant_subdomain_with_www_rfc`]).
    ///
    /// ```
    /// use arrow_array::StringArray;
    /// let urls = StringArray::from(vec!["http://u:p@www.tr/"]);
    /// assert_eq!(uriscan_arrow::functions::cut_to_first_significant_subdomain_with_www_rfc(&urls).unwrap().value(0), "www.tr");
    /// ```
    cut_to_first_significant_subdomain_with_www_rfc => hosts::cut_to_first_significant_subdomain_with_www_rfc;
}

/// A `UInt16` column of `f` applied to each non-null row.
fn u16_rows(array: &dyn Array, mut f: impl FnMut(&str) -> Option<u16>) -> Result<UInt16Array, ArrowError> {
    let mut out = NumberColumn::<u16>::with_capacity(array.len());
    for_each_row(array, |row| out.push(row.and_then(|r| f(r.text))))?;
    Ok(out.finish::<UInt16Type>())
}

/// `port` of each row: the explicit port ([`paths::port`]); null where
/// there is none (ClickHouse: 0).
///
/// # Errors
/// An [`ArrowError`] when `array` is not a string array.
///
/// ```
/// use arrow_array::{Array, StringArray};
/// let urls = StringArray::from(vec!["http://paul@www.example.com:80/", "http://h/"]);
/// let p = uriscan_arrow::functions::port(&urls).unwrap();
/// assert_eq!((p.value(0), p.is_null(1)), (80, true));
/// ```
pub fn port(array: &dyn Array) -> Result<UInt16Array, ArrowError> {
    columns::u16_column(array, paths::port_bytes)
}

/// `portRFC` of each row ([`paths::port_rfc`]); null where there is none
/// (ClickHouse: 0).
///
/// # Errors
/// An [`ArrowError`] when `array` is not a string array.
///
/// ```
/// use arrow_array::{Array, StringArray};
/// let urls = StringArray::from(vec!["http://u:p@[::1]:81/", "http://h/"]);
/// let p = uriscan_arrow::functions::port_rfc(&urls).unwrap();
/// assert_eq!((p.value(0), p.is_null(1)), (81, true));
/// ```
pub fn port_rfc(array: &dyn Array) -> Result<UInt16Array, ArrowError> {
    u16_rows(array, paths::port_rfc)
}

/// The explicit port of each row, or its scheme's default
/// ([`paths::port_or_default`]).
///
/// # Errors
/// An [`ArrowError`] when `array` is not a string array.
///
/// ```
/// use arrow_array::StringArray;
/// let urls = StringArray::from(vec!["https://h/", "http://h:8080/"]);
/// let p = uriscan_arrow::functions::port_or_default(&urls).unwrap();
/// assert_eq!((p.value(0), p.value(1)), (443, 8080));
/// ```
pub fn port_or_default(array: &dyn Array) -> Result<UInt16Array, ArrowError> {
    u16_rows(array, paths::port_or_default)
}

/// The number of labels of each row's host ([`hosts::domain_depth`]).
///
/// # Errors
/// An [`ArrowError`] when `array` is not a string array.
///
/// ```
/// use arrow_array::{Array, StringArray};
/// let urls = StringArray::from(vec!["https://www.example.co.uk/", "http://10.0.0.1/"]);
/// let d = uriscan_arrow::functions::domain_depth(&urls).unwrap();
/// assert_eq!((d.value(0), d.is_null(1)), (4, true));
/// ```
pub fn domain_depth(array: &dyn Array) -> Result<Int32Array, ArrowError> {
    let mut out = NumberColumn::<i32>::with_capacity(array.len());
    for_each_row(array, |row| {
        out.push(row.and_then(|r| hosts::domain_depth(r.text)).map(|d| i32::try_from(d).unwrap_or(i32::MAX)))
    })?;
    Ok(out.finish::<Int32Type>())
}

/// `encodeURLComponent` of each row ([`encoding::encode_url_component`]);
/// a row with nothing to encode is a view into the input.
///
/// # Errors
/// An [`ArrowError`] when `array` is not a string array.
///
/// ```
/// use arrow_array::StringArray;
/// let s = StringArray::from(vec!["a b+c/é~*", "plain"]);
/// let e = uriscan_arrow::functions::encode_url_component(&s).unwrap();
/// assert_eq!((e.value(0), e.value(1)), ("a%20b%2Bc%2F%C3%A9~%2A", "plain"));
/// ```
pub fn encode_url_component(array: &dyn Array) -> Result<StringViewArray, ArrowError> {
    encode_rows(array, &ENCODE)
}

/// `encodeURLFormComponent` of each row ([`encoding::encode_url_form_component`]).
///
/// # Errors
/// An [`ArrowError`] when `array` is not a string array.
///
/// ```
/// use arrow_array::StringArray;
/// let s = StringArray::from(vec!["a b+c"]);
/// assert_eq!(uriscan_arrow::functions::encode_url_form_component(&s).unwrap().value(0), "a+b%2Bc");
/// ```
pub fn encode_url_form_component(array: &dyn Array) -> Result<StringViewArray, ArrowError> {
    encode_rows(array, &ENCODE_FORM)
}

/// What the encoders write for each byte: up to three bytes, little-end
/// first, and their number in the high byte.
const fn encode_table(form: bool) -> [u32; 256] {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut t = [0u32; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        t[b] = if uriscan::sets::UNRESERVED.contains(byte) {
            byte as u32 | 1 << 24
        } else if form && byte == b' ' {
            b'+' as u32 | 1 << 24
        } else {
            b'%' as u32 | (HEX[b >> 4] as u32) << 8 | (HEX[b & 15] as u32) << 16 | 3 << 24
        };
        b += 1;
    }
    // Every entry writes ASCII only (what lets `encode_rows` commit its
    // output without reading it back) and advances by at most 3 (what
    // keeps a chunk's cursor within its window): checked when the table
    // is built.
    let mut i = 0;
    while i < 256 {
        assert!(t[i] & 0x0080_8080 == 0, "an encoder table entry is not ASCII");
        assert!(t[i] >> 24 <= 3, "an encoder table entry writes more than 3 bytes");
        i += 1;
    }
    t
}

/// `encodeURLComponent`'s table ([`encoding::encode_url_component`]).
static ENCODE: [u32; 256] = encode_table(false);
/// `encodeURLFormComponent`'s table: a space is `+`.
static ENCODE_FORM: [u32; 256] = encode_table(true);

/// Input bytes an encoder takes at a time: their output (at most three
/// bytes each, plus the last store's spill) fits in [`ENCODE_WINDOW`].
const ENCODE_CHUNK: usize = 16;
/// The output window of one chunk: 64 bytes addressed by a cursor masked
/// to 6 bits, plus the three a four-byte store at 63 reaches.
const ENCODE_WINDOW: usize = 68;

/// Each row encoded with `table` straight into the column's buffer: four
/// bytes stored per input byte, the cursor moved by the count the table
/// gives (no branch per byte, no string per row). A row that comes out
/// unchanged is a view into the input.
///
/// The bytes go 16 at a time into a fixed window of the buffer, one
/// bounds check a chunk: inside it the cursor (at most 48, as each byte
/// writes at most 3) is masked to 6 bits, so the compiler sees every store
/// in bounds. (Callgrind, 100,000 kasztp rows: a check per byte cost
/// `encodeURLComponent` 897 instructions a row.)
fn encode_rows(array: &dyn Array, table: &[u32; 256]) -> Result<StringViewArray, ArrowError> {
    let mut out = ViewColumn::with_capacity(array.len());
    let buffers = for_each_row(array, |row| {
        let Some(row) = row else { return out.push_null() };
        let s = row.text.as_bytes();
        // Before each chunk, n <= 3 * (bytes taken), so the chunk's window
        // ends within 3 * s.len() + ENCODE_WINDOW.
        let buf = out.space(3 * s.len() + ENCODE_WINDOW);
        let mut n = 0;
        for chunk in s.chunks(ENCODE_CHUNK) {
            let Some(window) = buf.get_mut(n..).and_then(<[u8]>::first_chunk_mut::<ENCODE_WINDOW>) else {
                return out.push_null();
            };
            let mut k = 0;
            for &b in chunk {
                let e = table[usize::from(b)];
                let at = k & 63;
                window[at..at + 4].copy_from_slice(&e.to_le_bytes());
                k = at + (e >> 24) as usize;
            }
            n += k;
        }
        // Nothing encoded (a form's `+` for a space is a change of the same
        // length): told from the input and the table, not by reading the
        // output back.
        if n == s.len() && s.iter().all(|&b| table[usize::from(b)] == u32::from(b) | 1 << 24) {
            out.push_range(&row, Some(0..n));
        } else {
            out.commit_written_ascii(n);
        }
    })?;
    out.finish(&buffers)
}

/// `decodeURLComponent` of each row as text
/// ([`encoding::decode_url_component_lossy`]: decoded octets that are not
/// UTF-8 become U+FFFD, since a string column holds UTF-8; ClickHouse keeps
/// the bytes).
///
/// # Errors
/// An [`ArrowError`] when `array` is not a string array.
///
/// ```
/// use arrow_array::StringArray;
/// let s = StringArray::from(vec!["http://127.0.0.1:8123/?query=SELECT%201%3B", "%FF"]);
/// let d = uriscan_arrow::functions::decode_url_component(&s).unwrap();
/// assert_eq!((d.value(0), d.value(1)), ("http://127.0.0.1:8123/?query=SELECT 1;", "\u{FFFD}"));
/// ```
pub fn decode_url_component(array: &dyn Array) -> Result<StringViewArray, ArrowError> {
    decode_rows(array, false)
}

/// `decodeURLFormComponent` of each row as text
/// ([`encoding::decode_url_form_component_lossy`]).
///
/// # Errors
/// An [`ArrowError`] when `array` is not a string array.
///
/// ```
/// use arrow_array::StringArray;
/// let s = StringArray::from(vec!["http://127.0.0.1:8123/?query=SELECT%201+2%2B3"]);
/// let d = uriscan_arrow::functions::decode_url_form_component(&s).unwrap();
/// assert_eq!(d.value(0), "http://127.0.0.1:8123/?query=SELECT 1 2+3");
/// ```
pub fn decode_url_form_component(array: &dyn Array) -> Result<StringViewArray, ArrowError> {
    decode_rows(array, true)
}

/// ClickHouse's decoding of each row ([`encoding::decode_url_component`],
/// `+` a space when `form`) straight into the column's buffer: a search
/// for the next `%` (or `+`), the run before it copied whole, the escape
/// decoded (or a malformed `%` kept with the two bytes after it). A row
/// without either is a view into the input; decoded octets that are not
/// UTF-8 become U+FFFD.
fn decode_rows(array: &dyn Array, form: bool) -> Result<StringViewArray, ArrowError> {
    let next = |s: &[u8], from: usize| {
        let rest = s.get(from..).unwrap_or_default();
        let found = if form { memchr::memchr2(b'%', b'+', rest) } else { memchr::memchr(b'%', rest) };
        found.map_or(s.len(), |k| from + k)
    };
    let mut out = ViewColumn::with_capacity(array.len());
    let buffers = for_each_row(array, |row| {
        let Some(row) = row else { return out.push_null() };
        let s = row.text.as_bytes();
        let mut i = next(s, 0);
        if i == s.len() {
            return out.push_range(&row, Some(0..s.len()));
        }
        // The output is never longer than the row.
        let buf = out.space(s.len());
        buf[..i].copy_from_slice(&s[..i]);
        let mut n = i;
        while i < s.len() {
            let hex = |k: usize| s.get(k).copied().and_then(uriscan::percent::hex_val);
            let taken = match (s[i], hex(i + 1), hex(i + 2)) {
                (b'+', _, _) => {
                    buf[n] = b' ';
                    1
                }
                (_, Some(h), Some(l)) => {
                    buf[n] = h << 4 | l;
                    3
                }
                _ => {
                    // A malformed `%` and the two bytes after it, as they are.
                    let end = (i + 3).min(s.len());
                    buf[n..n + end - i].copy_from_slice(&s[i..end]);
                    n += end - i - 1;
                    end - i
                }
            };
            n += 1;
            i += taken;
            let run_end = next(s, i);
            buf[n..n + run_end - i].copy_from_slice(&s[i..run_end]);
            n += run_end - i;
            i = run_end;
        }
        out.commit_lossy(n);
    })?;
    out.finish(&buffers)
}

/// The `n`-th label from the right of each row's host, `n` from 1 (the
/// top-level domain); rows are hosts, not URLs ([`hosts::host_nth_last_part`]).
///
/// # Errors
/// An [`ArrowError`] when `array` is not a string array.
///
/// ```
/// use arrow_array::{Array, StringArray};
/// let h = StringArray::from(vec!["a.b.example.co.uk", "example.com"]);
/// let p = uriscan_arrow::functions::host_nth_last_part(&h, 3).unwrap();
/// assert_eq!((p.value(0), p.is_null(1)), ("example", true));
/// ```
pub fn host_nth_last_part(array: &dyn Array, n: usize) -> Result<StringViewArray, ArrowError> {
    slices(array, |_, t| hosts::host_nth_last_part(t, n))
}

/// Each row's host labels reversed (`com.example.www`); rows are hosts
/// ([`hosts::host_reversed`]).
///
/// # Errors
/// An [`ArrowError`] when `array` is not a string array.
///
/// ```
/// use arrow_array::StringArray;
/// let h = StringArray::from(vec!["www.example.com"]);
/// assert_eq!(uriscan_arrow::functions::host_reversed(&h).unwrap().value(0), "com.example.www");
/// ```
pub fn host_reversed(array: &dyn Array) -> Result<StringViewArray, ArrowError> {
    map_rows(array, |t| Some(Cow::Owned(hosts::host_reversed(t))))
}

/// The fields of the struct [`cc_index()`] returns, named and ordered as the
/// cc-index-table flat schema's URL columns: Utf8View columns, and
/// `url_port` Int32 after `url_protocol`; all nullable.
///
/// ```
/// let f = uriscan_arrow::functions::cc_index_fields();
/// assert_eq!((f.len(), f[0].name().as_str(), f[14].name().as_str()), (16, "url_surtkey", "url_path"));
/// ```
#[must_use]
pub fn cc_index_fields() -> Fields {
    let ty = |n: &str| if n == "url_port" { DataType::Int32 } else { DataType::Utf8View };
    cc_index::CcIndexColumns::NAMES.iter().map(|n| Field::new(*n, ty(n), true)).collect()
}

/// The Common Crawl index's URL columns of each row
/// ([`cc_index::cc_index_columns`]) as a struct of [`cc_index_fields`]; a
/// null row is a null struct row. The path and query are views into the
/// input; the other columns are computed.
///
/// # Errors
/// An [`ArrowError`] when `array` is not a string array.
///
/// ```
/// use arrow_array::{cast::AsArray, StringArray};
/// let urls = StringArray::from(vec!["https://www.Example.co.uk:8443/a/b.html?q=1#top"]);
/// let s = uriscan_arrow::functions::cc_index(&urls).unwrap();
/// let col = |n| s.column_by_name(n).unwrap().as_string_view().value(0).to_owned();
/// assert_eq!(col("url_host_registered_domain"), "example.co.uk");
/// assert_eq!(col("url_host_name_reversed"), "uk.co.example.www");
/// assert_eq!(col("url_path"), "/a/b.html");
/// let port = s.column_by_name("url_port").unwrap().as_primitive::<arrow_array::types::Int32Type>();
/// assert_eq!(port.value(0), 8443);
/// ```
pub fn cc_index(array: &dyn Array) -> Result<StructArray, ArrowError> {
    // Every column but `url_port` is a string column.
    let mut cols: Vec<ViewColumn> =
        (1..cc_index::CcIndexColumns::NAMES.len()).map(|_| ViewColumn::with_capacity(array.len())).collect();
    let mut port = NumberColumn::<i32>::with_capacity(array.len());
    let mut valid = Validity::with_capacity(array.len());
    let buffers = for_each_row(array, |row| {
        valid.push(row.is_some());
        let Some(row) = row else {
            cols.iter_mut().for_each(ViewColumn::push_null);
            return port.push(None);
        };
        let c = cc_index::cc_index_columns(row.text);
        let has_scheme = c.url_protocol.is_some();
        // The computed text columns (`url_surtkey` to `url_protocol`); the
        // path and query are the row's own: views into the input.
        let (text, url_port, _) = c.into_columns();
        for (col, value) in cols.iter_mut().zip(&text) {
            col.push_inline(value.as_deref());
        }
        port.push(url_port);
        let split = uriscan::split(row.text);
        if let [.., path, query] = &mut cols[..] {
            path.push_part(&row, has_scheme.then(|| paths::path(row.text)));
            query.push_part(&row, split.query.filter(|_| has_scheme));
        }
    })?;
    let mut arrays: Vec<ArrayRef> = Vec::with_capacity(16);
    for col in cols {
        arrays.push(Arc::new(col.finish(&buffers)?));
    }
    arrays.insert(13, Arc::new(port.finish::<Int32Type>()));
    StructArray::try_new(cc_index_fields(), arrays, valid.finish())
}

/// `cutWWW` of each row ([`uriscan_crawl::hosts::cut_www`]); a row
/// without `www.` is a view into the input.
///
/// # Errors
/// An [`ArrowError`] when `array` is not a string array.
///
/// ```
/// use arrow_array::StringArray;
/// let urls = StringArray::from(vec!["http://www.example.com/path?query=value#fragment"]);
/// assert_eq!(uriscan_arrow::functions::cut_www(&urls).unwrap().value(0), "http://example.com/path?query=value#fragment");
/// ```
pub fn cut_www(array: &dyn Array) -> Result<StringViewArray, ArrowError> {
    columns::joined_column(array, |u| hosts::cut_www_position_bytes(u).map(|i| i..i + 4))
}

/// `cutQueryString` of each row ([`uriscan_crawl::paths::cut_query_string`]).
///
/// # Errors
/// An [`ArrowError`] when `array` is not a string array.
///
/// ```
/// use arrow_array::StringArray;
/// let urls = StringArray::from(vec!["http://example.com/path?query=value&param=123#fragment"]);
/// assert_eq!(uriscan_arrow::functions::cut_query_string(&urls).unwrap().value(0), "http://example.com/path#fragment");
/// ```
pub fn cut_query_string(array: &dyn Array) -> Result<StringViewArray, ArrowError> {
    columns::joined_column(array, |u| Some(paths::cut_query_string_range_bytes(u)))
}

range_kernels! {
    /// `domainWithoutWWW` of each row ([`uriscan_crawl::hosts::domain_without_www`]).
    ///
    /// ```
    /// use arrow_array::StringArray;
    /// let urls = StringArray::from(vec!["https://www.example.com/path"]);
    /// assert_eq!(uriscan_arrow::functions::domain_without_www(&urls).unwrap().value(0), "example.com");
    /// ```
    domain_without_www => hosts::domain_without_www_bytes;
    /// `cutFragment` of each row ([`uriscan_crawl::paths::cut_fragment`]).
    ///
    /// ```
    /// use arrow_array::StringArray;
    /// let urls = StringArray::from(vec!["http://example.com/path?query=value#fragment123"]);
    /// assert_eq!(uriscan_arrow::functions::cut_fragment(&urls).unwrap().value(0), "http://example.com/path?query=value");
    /// ```
    cut_fragment => |u| Some(paths::cut_fragment_bytes(u));
}

slice_kernels! {
    /// `cutQueryStringAndFragment` of each row
    /// ([`uriscan_crawl::paths::cut_query_string_and_fragment`]).
    ///
    /// ```
    /// use arrow_array::StringArray;
    /// let urls = StringArray::from(vec!["http://example.com/path?query=value&param=123#fragment"]);
    /// assert_eq!(uriscan_arrow::functions::cut_query_string_and_fragment(&urls).unwrap().value(0), "http://example.com/path");
    /// ```
    cut_query_string_and_fragment => cut_query_string_and_fragment_of;
}

slice_kernels! {
    /// `domain` of each row: its host ([`hosts::domain`]).
    ///
    /// ```
    /// use arrow_array::StringArray;
    /// let urls = StringArray::from(vec!["svn+ssh://some.svn-hosting.com:80/repo/trunk"]);
    /// assert_eq!(uriscan_arrow::functions::domain(&urls).unwrap().value(0), "some.svn-hosting.com");
    /// ```
    domain => hosts::domain;
    /// `protocol` of each row: its scheme ([`paths::protocol`]).
    ///
    /// ```
    /// use arrow_array::StringArray;
    /// let urls = StringArray::from(vec!["https://clickhouse.com/"]);
    /// assert_eq!(uriscan_arrow::functions::protocol(&urls).unwrap().value(0), "https");
    /// ```
    protocol => paths::protocol;
    /// `queryString` of each row ([`paths::query_string`]).
    ///
    /// ```
    /// use arrow_array::StringArray;
    /// let urls = StringArray::from(vec!["http://a/b?c=1#d"]);
    /// assert_eq!(uriscan_arrow::functions::query_string(&urls).unwrap().value(0), "c=1");
    /// ```
    query_string => paths::query_string;
    /// `fragment` of each row ([`paths::fragment`]).
    ///
    /// ```
    /// use arrow_array::StringArray;
    /// let urls = StringArray::from(vec!["http://a/b?c=1#d"]);
    /// assert_eq!(uriscan_arrow::functions::fragment(&urls).unwrap().value(0), "d");
    /// ```
    fragment => paths::fragment;
}

fn cut_query_string_and_fragment_of(t: &str) -> Option<&str> {
    some(paths::cut_query_string_and_fragment(t))
}

/// `URLHierarchy` of each row ([`uriscan_crawl::hierarchy::url_hierarchy`]),
/// a list of views into the input.
///
/// # Errors
/// An [`ArrowError`] when `array` is not a string array.
///
/// ```
/// use arrow_array::{cast::AsArray, StringArray};
/// let urls = StringArray::from(vec!["https://example.com/browse/CONV-6788"]);
/// let h = uriscan_arrow::functions::url_hierarchy(&urls).unwrap();
/// assert_eq!(
///     h.value(0).as_string_view().iter().flatten().collect::<Vec<_>>(),
///     ["https://example.com/", "https://example.com/browse/", "https://example.com/browse/CONV-6788"]
/// );
/// ```
pub fn url_hierarchy(array: &dyn Array) -> Result<ListArray, ArrowError> {
    list_of!(array, hierarchy::url_hierarchy_bytes)
}

/// `URLPathHierarchy` of each row ([`uriscan_crawl::hierarchy::url_path_hierarchy`]).
///
/// # Errors
/// An [`ArrowError`] when `array` is not a string array.
///
/// ```
/// use arrow_array::{cast::AsArray, StringArray};
/// let urls = StringArray::from(vec!["https://example.com/browse/CONV-6788"]);
/// let h = uriscan_arrow::functions::url_path_hierarchy(&urls).unwrap();
/// assert_eq!(h.value(0).as_string_view().iter().flatten().collect::<Vec<_>>(), ["/browse/", "/browse/CONV-6788"]);
/// ```
pub fn url_path_hierarchy(array: &dyn Array) -> Result<ListArray, ArrowError> {
    list_of!(array, hierarchy::url_path_hierarchy_bytes)
}

/// [`hosts::first_significant_subdomain_custom`] of each row, with the
/// suffix list `is_suffix`.
///
/// # Errors
/// An [`ArrowError`] when `array` is not a string array.
///
/// ```
/// use arrow_array::StringArray;
/// let urls = StringArray::from(vec!["http://a.b.co.uk/"]);
/// let f = uriscan_arrow::functions::first_significant_subdomain_custom(&urls, &|s: &str| s == "co.uk").unwrap();
/// assert_eq!(f.value(0), "b");
/// ```
pub fn first_significant_subdomain_custom(
    array: &dyn Array,
    is_suffix: &dyn Fn(&str) -> bool,
) -> Result<StringViewArray, ArrowError> {
    slices(array, |_, t| hosts::first_significant_subdomain_custom(t, is_suffix))
}

/// [`hosts::cut_to_first_significant_subdomain_custom`] of each row, with
/// the suffix list `is_suffix`.
///
/// # Errors
/// An [`ArrowError`] when `array` is not a string array.
///
/// ```
/// use arrow_array::StringArray;
/// let urls = StringArray::from(vec!["http://www.a.b.co.uk/"]);
/// let f = uriscan_arrow::functions::cut_to_first_significant_subdomain_custom(&urls, &|s: &str| s == "co.uk").unwrap();
/// assert_eq!(f.value(0), "b.co.uk");
/// ```
pub fn cut_to_first_significant_subdomain_custom(
    array: &dyn Array,
    is_suffix: &dyn Fn(&str) -> bool,
) -> Result<StringViewArray, ArrowError> {
    slices(array, |_, t| hosts::cut_to_first_significant_subdomain_custom(t, is_suffix))
}

/// Spark's `parse_url(url, part)` (and `try_parse_url`) of each row: the
/// part as `java.net.URI` reads it ([`spark::parse_url`]), null where
/// Spark gives NULL; every value is a view into the input.
///
/// # Errors
/// An [`ArrowError`] when `array` is not a string array.
///
/// ```
/// use arrow_array::{Array, StringArray};
/// let urls = StringArray::from(vec![Some("http://u@h:8/p?q#f"), Some("http://[::1]/"), Some("a b"), None]);
/// let h = uriscan_arrow::functions::parse_url(&urls, "HOST").unwrap();
/// assert_eq!((h.value(0), h.value(1), h.is_null(2), h.is_null(3)), ("h", "[::1]", true, true));
/// ```
pub fn parse_url(array: &dyn Array, part: &str) -> Result<StringViewArray, ArrowError> {
    // The part is named once; an unknown name is NULL on every row.
    let part = spark::Part::from_name(part);
    slices(array, |_, t| part?.of(t))
}

/// Spark's `parse_url(url, 'QUERY', key)` of each row ([`spark::parse_url_query`]):
/// the value the regular expression `(&|^)KEY=([^&]*)` finds in the raw
/// query, as a view into the input.
///
/// # Errors
/// An [`ArrowError`] when `array` is not a string array, or when `key` is
/// not a valid regular expression and a row has a query (where Spark fails).
///
/// ```
/// use arrow_array::{Array, StringArray};
/// let urls = StringArray::from(vec!["http://h/?a=1&b=2", "http://h/", "mailto:x?b=1"]);
/// let b = uriscan_arrow::functions::parse_url_query(&urls, "b").unwrap();
/// assert_eq!((b.value(0), b.is_null(1), b.is_null(2)), ("2", true, true));
/// assert!(uriscan_arrow::functions::parse_url_query(&urls, "k(").is_err());
/// ```
pub fn parse_url_query(array: &dyn Array, key: &str) -> Result<StringViewArray, ArrowError> {
    match spark::QueryKey::new(key) {
        Ok(key) => slices(array, |_, t| spark::parse_url_query(t, &key)),
        Err(e) => {
            let queries = slices(array, |_, t| spark::Part::Query.of(t))?;
            if queries.null_count() < queries.len() {
                return Err(ArrowError::ComputeError(e.to_string()));
            }
            Ok(queries)
        }
    }
}

/// Spark's `url_encode` of each row ([`encoding::url_encode`]:
/// `java.net.URLEncoder`); a row with nothing to encode is a view into the input.
///
/// # Errors
/// An [`ArrowError`] when `array` is not a string array.
///
/// ```
/// use arrow_array::StringArray;
/// let s = StringArray::from(vec!["https://spark.apache.org", "a b*~"]);
/// let e = uriscan_arrow::functions::url_encode(&s).unwrap();
/// assert_eq!((e.value(0), e.value(1)), ("https%3A%2F%2Fspark.apache.org", "a+b*%7E"));
/// ```
pub fn url_encode(array: &dyn Array) -> Result<StringViewArray, ArrowError> {
    map_rows(array, |t| Some(encoding::url_encode(t)))
}

/// Spark's `url_decode` of each row ([`encoding::url_decode`]:
/// `java.net.URLDecoder`); a row with nothing to decode is a view into the input.
///
/// # Errors
/// An [`ArrowError`] when `array` is not a string array, or at the first
/// row `java.net.URLDecoder` rejects (Spark's `CANNOT_DECODE_URL`).
///
/// ```
/// use arrow_array::StringArray;
/// let s = StringArray::from(vec!["https%3A%2F%2Fspark.apache.org", "a+b"]);
/// let d = uriscan_arrow::functions::url_decode(&s).unwrap();
/// assert_eq!((d.value(0), d.value(1)), ("https://spark.apache.org", "a b"));
/// assert!(uriscan_arrow::functions::url_decode(&StringArray::from(vec!["%zz"])).is_err());
/// ```
pub fn url_decode(array: &dyn Array) -> Result<StringViewArray, ArrowError> {
    let mut error = None;
    let out = map_rows(array, |t| match encoding::url_decode(t) {
        Ok(d) => Some(d),
        Err(e) => {
            error.get_or_insert_with(|| (t.to_owned(), e));
            None
        }
    })?;
    match error {
        Some((t, e)) => {
            Err(ArrowError::ComputeError(format!("CANNOT_DECODE_URL: the URL {t:?} cannot be decoded: {e}")))
        }
        None => Ok(out),
    }
}

/// Spark's `try_url_decode` of each row: as [`url_decode`], with a null
/// where `java.net.URLDecoder` rejects the row.
///
/// # Errors
/// An [`ArrowError`] when `array` is not a string array.
///
/// ```
/// use arrow_array::{Array, StringArray};
/// let s = StringArray::from(vec!["caf%C3%A9", "%zz", "%4"]);
/// let d = uriscan_arrow::functions::try_url_decode(&s).unwrap();
/// assert_eq!((d.value(0), d.is_null(1), d.is_null(2)), ("café", true, true));
/// ```
pub fn try_url_decode(array: &dyn Array) -> Result<StringViewArray, ArrowError> {
    map_rows(array, |t| encoding::url_decode(t).ok())
}

/// Each row percent-decoded as RFC 3986 §2.1 defines it
/// ([`uriscan::percent::decode_str`]): null where a `%` does not start a
/// `%XX` triplet or the octets are not UTF-8 (no `+` rule: that is form
/// encoding, [`decode_url_form_component`]). A row without `%` is a view
/// into the input.
///
/// # Errors
/// An [`ArrowError`] when `array` is not a string array.
///
/// ```
/// use arrow_array::{Array, StringArray};
/// let s = StringArray::from(vec!["caf%C3%A9+x", "%zz", "%FF"]);
/// let d = uriscan_arrow::functions::percent_decode(&s).unwrap();
/// assert_eq!((d.value(0), d.is_null(1), d.is_null(2)), ("café+x", true, true));
/// ```
pub fn percent_decode(array: &dyn Array) -> Result<StringViewArray, ArrowError> {
    map_rows(array, |t| uriscan::percent::decode_str(t).ok())
}

/// RFC 3986's reading of what the ClickHouse family computes
/// ([`uriscan_crawl::uri`]): the kernels behind the `uri_*` SQL functions.
pub mod uri {
    use arrow_array::{Array, ListArray, StringViewArray};
    use arrow_schema::ArrowError;
    use uriscan_crawl::uri;

    use super::{list_rows, map_rows, slices, some};

    /// The raw `name=value` pieces of each row's RFC 3986 query ([`uri::query_params`]).
    ///
    /// # Errors
    /// An [`ArrowError`] when `array` is not a string array.
    ///
    /// ```
    /// use arrow_array::{cast::AsArray, StringArray};
    /// let urls = StringArray::from(vec!["http://h/?x=1&&y#z=2"]);
    /// let p = uriscan_arrow::functions::uri::query_params(&urls).unwrap();
    /// assert_eq!(p.value(0).as_string_view().iter().flatten().collect::<Vec<_>>(), ["x=1", "y"]);
    /// ```
    pub fn query_params(array: &dyn Array) -> Result<ListArray, ArrowError> {
        list_rows(array, |t, out| out.extend(uri::query_params(t)))
    }

    /// The raw names of each row's RFC 3986 query parameters ([`uri::query_param_names`]).
    ///
    /// # Errors
    /// An [`ArrowError`] when `array` is not a string array.
    ///
    /// ```
    /// use arrow_array::{cast::AsArray, StringArray};
    /// let urls = StringArray::from(vec!["http://h/?x=1&&y#z=2"]);
    /// let p = uriscan_arrow::functions::uri::query_param_names(&urls).unwrap();
    /// assert_eq!(p.value(0).as_string_view().iter().flatten().collect::<Vec<_>>(), ["x", "y"]);
    /// ```
    pub fn query_param_names(array: &dyn Array) -> Result<ListArray, ArrowError> {
        list_rows(array, |t, out| out.extend(uri::query_param_names(t)))
    }

    /// The first query parameter `name` of each row, form-decoded ([`uri::query_param_decoded`]).
    ///
    /// # Errors
    /// An [`ArrowError`] when `array` is not a string array.
    ///
    /// ```
    /// use arrow_array::{Array, StringArray};
    /// let urls = StringArray::from(vec!["/s?q=caf%C3%A9+au+lait", "/s#q=1"]);
    /// let q = uriscan_arrow::functions::uri::query_param_decoded(&urls, "q").unwrap();
    /// assert_eq!((q.value(0), q.is_null(1)), ("café au lait", true));
    /// ```
    pub fn query_param_decoded(array: &dyn Array, name: &str) -> Result<StringViewArray, ArrowError> {
        map_rows(array, |t| uri::query_param_decoded(t, name))
    }

    /// Each row without every query parameter named one of `names` ([`uri::cut_query_params`]).
    ///
    /// # Errors
    /// An [`ArrowError`] when `array` is not a string array.
    ///
    /// ```
    /// use arrow_array::StringArray;
    /// let urls = StringArray::from(vec!["http://bigmir.net/?a=b&c=d&e=f#g"]);
    /// let cut = uriscan_arrow::functions::uri::cut_query_params(&urls, &["c", "e"]).unwrap();
    /// assert_eq!(cut.value(0), "http://bigmir.net/?a=b#g");
    /// ```
    pub fn cut_query_params(array: &dyn Array, names: &[&str]) -> Result<StringViewArray, ArrowError> {
        map_rows(array, |t| Some(uri::cut_query_params(t, names)))
    }

    /// Each row without its RFC 3986 query ([`uri::cut_query`]).
    ///
    /// # Errors
    /// An [`ArrowError`] when `array` is not a string array.
    ///
    /// ```
    /// use arrow_array::StringArray;
    /// let urls = StringArray::from(vec!["http://a.com/#a?b"]);
    /// assert_eq!(uriscan_arrow::functions::uri::cut_query(&urls).unwrap().value(0), "http://a.com/#a?b");
    /// ```
    pub fn cut_query(array: &dyn Array) -> Result<StringViewArray, ArrowError> {
        map_rows(array, |t| Some(uri::cut_query(t)))
    }

    /// Declares kernels of `&str -> Option<&str>` functions of [`uri`].
    macro_rules! uri_slice_kernels {
        ($($(#[$doc:meta])* $name:ident => $f:path;)*) => {$(
            $(#[$doc])*
            ///
            /// # Errors
            /// An [`ArrowError`] when `array` is not a string array.
            pub fn $name(array: &dyn Array) -> Result<StringViewArray, ArrowError> {
                slices(array, |_, t| $f(t))
            }
        )*};
    }

    uri_slice_kernels! {
        /// RFC 3986's host of each row without a leading `www.` ([`uri::host_without_www`]).
        ///
        /// ```
        /// use arrow_array::StringArray;
        /// let urls = StringArray::from(vec!["http://u:p@www.a.com/"]);
        /// assert_eq!(uriscan_arrow::functions::uri::host_without_www(&urls).unwrap().value(0), "a.com");
        /// ```
        host_without_www => uri::host_without_www;
        /// The top-level domain of RFC 3986's host ([`uri::top_level_domain`]).
        ///
        /// ```
        /// use arrow_array::StringArray;
        /// let urls = StringArray::from(vec!["http://u:p@a.com.:80/"]);
        /// assert_eq!(uriscan_arrow::functions::uri::top_level_domain(&urls).unwrap().value(0), "com");
        /// ```
        top_level_domain => uri::top_level_domain;
        /// The first significant subdomain of RFC 3986's host ([`uri::first_significant_subdomain`]).
        ///
        /// ```
        /// use arrow_array::StringArray;
        /// let urls = StringArray::from(vec!["http://localhost/"]);
        /// assert_eq!(uriscan_arrow::functions::uri::first_significant_subdomain(&urls).unwrap().value(0), "localhost");
        /// ```
        first_significant_subdomain => uri::first_significant_subdomain;
        /// RFC 3986's host from its first significant subdomain on
        /// ([`uri::cut_to_first_significant_subdomain`]).
        ///
        /// ```
        /// use arrow_array::StringArray;
        /// let urls = StringArray::from(vec!["http://u:p@www.a.b.co.uk/"]);
        /// assert_eq!(uriscan_arrow::functions::uri::cut_to_first_significant_subdomain(&urls).unwrap().value(0), "b.co.uk");
        /// ```
        cut_to_first_significant_subdomain => uri::cut_to_first_significant_subdomain;
        /// Each row without its RFC 3986 fragment ([`uri::cut_fragment`]).
        ///
        /// ```
        /// use arrow_array::StringArray;
        /// let urls = StringArray::from(vec!["http://a.com/p?q#f?g"]);
        /// assert_eq!(uriscan_arrow::functions::uri::cut_fragment(&urls).unwrap().value(0), "http://a.com/p?q");
        /// ```
        cut_fragment => cut_fragment_of;
        /// Each row without its RFC 3986 query and fragment ([`uri::cut_query_and_fragment`]).
        ///
        /// ```
        /// use arrow_array::StringArray;
        /// let urls = StringArray::from(vec!["http://a.com/#a?b"]);
        /// assert_eq!(uriscan_arrow::functions::uri::cut_query_and_fragment(&urls).unwrap().value(0), "http://a.com/");
        /// ```
        cut_query_and_fragment => cut_query_and_fragment_of;
    }

    fn cut_fragment_of(t: &str) -> Option<&str> {
        some(uri::cut_fragment(t))
    }

    fn cut_query_and_fragment_of(t: &str) -> Option<&str> {
        some(uri::cut_query_and_fragment(t))
    }

    /// The hierarchy of each row with any RFC 3986 scheme ([`uri::hierarchy`]).
    ///
    /// # Errors
    /// An [`ArrowError`] when `array` is not a string array.
    ///
    /// ```
    /// use arrow_array::{cast::AsArray, StringArray};
    /// let urls = StringArray::from(vec!["HTTP://X/y"]);
    /// let h = uriscan_arrow::functions::uri::hierarchy(&urls).unwrap();
    /// assert_eq!(h.value(0).as_string_view().iter().flatten().collect::<Vec<_>>(), ["HTTP://X/", "HTTP://X/y"]);
    /// ```
    pub fn hierarchy(array: &dyn Array) -> Result<ListArray, ArrowError> {
        list_rows(array, |t, out| out.extend(uri::hierarchy(t)))
    }

    /// [`hierarchy`] from the path on ([`uri::path_hierarchy`]).
    ///
    /// # Errors
    /// An [`ArrowError`] when `array` is not a string array.
    ///
    /// ```
    /// use arrow_array::{cast::AsArray, StringArray};
    /// let urls = StringArray::from(vec!["svn+ssh://h/a/b"]);
    /// let h = uriscan_arrow::functions::uri::path_hierarchy(&urls).unwrap();
    /// assert_eq!(h.value(0).as_string_view().iter().flatten().collect::<Vec<_>>(), ["/a/", "/a/b"]);
    /// ```
    pub fn path_hierarchy(array: &dyn Array) -> Result<ListArray, ArrowError> {
        list_rows(array, |t, out| out.extend(uri::path_hierarchy(t)))
    }
}
