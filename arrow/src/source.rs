//! The rows of a string array, each with where its bytes live, so that
//! output views can point into the input's buffers.

use arrow_array::cast::AsArray;
use arrow_array::Array;
use arrow_buffer::Buffer;
use arrow_data::ByteView;
use arrow_schema::{ArrowError, DataType};

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

/// Calls `f` with every row of `array` in order (`None` for a null row) and
/// returns the buffers the rows' locations index: the input's own, shared.
pub(crate) fn for_each_row<'a>(
    array: &'a dyn Array,
    mut f: impl FnMut(Option<Row<'a>>),
) -> Result<Vec<Buffer>, ArrowError> {
    match array.data_type() {
        DataType::Utf8 => {
            let a = array.as_string::<i32>();
            for (i, &start) in a.value_offsets().iter().take(a.len()).enumerate() {
                if a.is_null(i) {
                    f(None);
                } else {
                    // i32 offsets are below 2^31: they fit in a u32.
                    let offset = u32::try_from(start).unwrap_or(0);
                    f(Some(Row { text: a.value(i), block: 0, offset }));
                }
            }
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
            for i in 0..a.len() {
                if a.is_null(i) {
                    f(None);
                    continue;
                }
                let start = usize::try_from(offsets[i]).unwrap_or(0);
                let end = usize::try_from(offsets[i + 1]).unwrap_or(0);
                if end - start > limit {
                    return Err(ArrowError::InvalidArgumentError(format!(
                        "row {i} is {} bytes long, more than a string view can hold",
                        end - start
                    )));
                }
                if buffers.is_empty() || end - base > limit {
                    base = start;
                    let len = (values.len() - start).min(limit);
                    buffers.push(values.slice_with_length(start, len));
                }
                let block = u32::try_from(buffers.len() - 1).unwrap_or(u32::MAX);
                let offset = u32::try_from(start - base).unwrap_or(0);
                f(Some(Row { text: a.value(i), block, offset }));
            }
            Ok(buffers)
        }
        DataType::Utf8View => {
            let a = array.as_string_view();
            for (i, view) in a.views().iter().enumerate() {
                if a.is_null(i) {
                    f(None);
                    continue;
                }
                let text = a.value(i);
                let (block, offset) = if text.len() > MAX_INLINE {
                    let v = ByteView::from(*view);
                    (v.buffer_index, v.offset)
                } else {
                    (0, 0)
                };
                f(Some(Row { text, block, offset }));
            }
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
