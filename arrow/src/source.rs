//! The rows of a string array, each with where its bytes live, so that
//! output views can point into the input's buffers.

use arrow_array::cast::AsArray;
use arrow_array::Array;
use arrow_buffer::Buffer;
use arrow_data::ByteView;
use arrow_schema::{ArrowError, DataType};
use std::cell::Cell;
use uriscan::{ParseError, Syntax, UriRef};

/// Longest string a view keeps inline (Arrow format).
pub(crate) const MAX_INLINE: usize = 12;

/// One non-null row: its text, and the buffer (an index into the buffers
/// [`for_each_row`] returns) and offset where that text starts. For a row
/// of at most [`MAX_INLINE`] bytes the location is unused (views of its
/// parts are inline).
#[derive(Clone, Copy)]
pub(crate) struct Row<'a> {
    pub(crate) text: &'a str,
    pub(crate) block: u32,
    pub(crate) offset: u32,
}

/// What takes the rows of an array: [`with_rows`] hands it an iterator of
/// them (`None` for a null row), in order.
pub(crate) trait Rows<'a> {
    fn rows(&mut self, rows: impl Iterator<Item = Option<Row<'a>>>);
}

/// Calls `f` with every row of `array` in order (`None` for a null row) and
/// returns the buffers the rows' locations index: the input's own, shared.
pub(crate) fn for_each_row<'a>(
    array: &'a dyn Array,
    f: impl FnMut(Option<Row<'a>>),
) -> Result<Vec<Buffer>, ArrowError> {
    struct Each<F>(F);
    impl<'a, F: FnMut(Option<Row<'a>>)> Rows<'a> for Each<F> {
        fn rows(&mut self, rows: impl Iterator<Item = Option<Row<'a>>>) {
            rows.for_each(&mut self.0);
        }
    }
    with_rows(array, &mut Each(f))
}

/// Parses every row of `array` as a URI reference in one batch
/// ([`Syntax::parse_each`](uriscan::Syntax::parse_each): the parser's set-up is paid once per array,
/// not once per row) and calls `f` with each row and its result, in order
/// (`None` for a null row); returns the buffers as [`for_each_row`] does.
pub(crate) fn parse_rows<'a>(
    array: &'a dyn Array,
    f: impl FnMut(Option<(Row<'a>, Result<UriRef<'a>, ParseError>)>),
) -> Result<Vec<Buffer>, ArrowError> {
    struct Parse<F>(F);
    impl<'a, F: FnMut(Option<(Row<'a>, Result<UriRef<'a>, ParseError>)>)> Rows<'a> for Parse<F> {
        fn rows(&mut self, rows: impl Iterator<Item = Option<Row<'a>>>) {
            // The row being parsed: `parse_each` calls back for each item
            // before it takes the next, so this is always the current one.
            let current = Cell::new(None);
            let texts = rows.map(|row| {
                current.set(row);
                row.map_or("", |r| r.text)
            });
            Syntax::UriReference.parse_each(texts, |_, r| (self.0)(current.get().map(|row| (row, r))));
        }
    }
    with_rows(array, &mut Parse(f))
}

/// Checks every row of `array` as a URI reference in one batch with the
/// validator ([`Syntax::validate_each`](uriscan::Syntax::validate_each):
/// no components recorded, the set-up paid once per array) and calls `f`
/// with each row's result, in order (`None` for a null row).
pub(crate) fn validate_rows(
    array: &dyn Array,
    f: impl FnMut(Option<Result<(), ParseError>>),
) -> Result<Vec<Buffer>, ArrowError> {
    struct Validate<F>(F);
    impl<'a, F: FnMut(Option<Result<(), ParseError>>)> Rows<'a> for Validate<F> {
        fn rows(&mut self, rows: impl Iterator<Item = Option<Row<'a>>>) {
            // As in `parse_rows`: the item is handed back before the next
            // is taken, so the null flag is the current row's.
            let null = Cell::new(false);
            let texts = rows.map(|row| {
                null.set(row.is_none());
                row.map_or("", |r| r.text)
            });
            Syntax::UriReference.validate_each(texts, |_, r| (self.0)((!null.get()).then_some(r)));
        }
    }
    with_rows(array, &mut Validate(f))
}

/// Hands `sink` the rows of `array` (`None` for a null row) and returns
/// the buffers the rows' locations index: the input's own, shared.
pub(crate) fn with_rows<'a>(array: &'a dyn Array, sink: &mut impl Rows<'a>) -> Result<Vec<Buffer>, ArrowError> {
    match array.data_type() {
        DataType::Utf8 => {
            let a = array.as_string::<i32>();
            sink.rows(a.value_offsets().iter().take(a.len()).enumerate().map(|(i, &start)| {
                // i32 offsets are below 2^31: they fit in a u32.
                (!a.is_null(i)).then(|| Row { text: a.value(i), block: 0, offset: u32::try_from(start).unwrap_or(0) })
            }));
            Ok(vec![a.values().clone()])
        }
        DataType::LargeUtf8 => {
            // A view's offset is 32 bits: a values buffer of 4 GiB or more
            // is shared as several slices of it, each below that size.
            let a = array.as_string::<i64>();
            let values = a.values();
            let offsets = a.value_offsets();
            let limit = u32::MAX as usize - 1;
            let mut buffers: Vec<Buffer> = Vec::new();
            let mut base = 0usize;
            let mut too_long = None;
            let rows = (0..a.len()).map_while(|i| {
                if a.is_null(i) {
                    return Some(None);
                }
                let start = usize::try_from(offsets[i]).unwrap_or(0);
                let end = usize::try_from(offsets[i + 1]).unwrap_or(0);
                if end - start > limit {
                    too_long = Some((i, end - start));
                    return None;
                }
                if buffers.is_empty() || end - base > limit {
                    base = start;
                    let len = (values.len() - start).min(limit);
                    buffers.push(values.slice_with_length(start, len));
                }
                let block = u32::try_from(buffers.len() - 1).unwrap_or(u32::MAX);
                let offset = u32::try_from(start - base).unwrap_or(0);
                Some(Some(Row { text: a.value(i), block, offset }))
            });
            sink.rows(rows);
            match too_long {
                Some((i, len)) => Err(ArrowError::InvalidArgumentError(format!(
                    "row {i} is {len} bytes long, more than a string view can hold"
                ))),
                None => Ok(buffers),
            }
        }
        DataType::Utf8View => {
            let a = array.as_string_view();
            sink.rows(a.views().iter().enumerate().map(|(i, view)| {
                if a.is_null(i) {
                    return None;
                }
                let text = a.value(i);
                let (block, offset) = if text.len() > MAX_INLINE {
                    let v = ByteView::from(*view);
                    (v.buffer_index, v.offset)
                } else {
                    (0, 0)
                };
                Some(Row { text, block, offset })
            }));
            Ok(a.data_buffers().to_vec())
        }
        other => Err(ArrowError::InvalidArgumentError(format!(
            "expected a Utf8, LargeUtf8 or Utf8View array, found {other}"
        ))),
    }
}

/// The rows of `array` as optional strings.
pub(crate) fn texts(array: &dyn Array) -> Result<Vec<Option<&str>>, ArrowError> {
    let mut out = Vec::with_capacity(array.len());
    for_each_row(array, |row| out.push(row.map(|r| r.text)))?;
    Ok(out)
}
