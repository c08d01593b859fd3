//! Column loops without a row iterator: the offsets of a `Utf8` or
//! `LargeUtf8` array and the views of a `Utf8View` array read directly,
//! one loop per array type (a generic function over the kernel's closure,
//! inlined: no indirect call and no `&str` built per row), the rows' bytes
//! handed to range forms of the scalar functions, and the results written
//! as views (or numbers, or list offsets) with the null bitmap combined
//! once per column.

use std::ops::Range;

use arrow_array::cast::AsArray;
use arrow_array::{Array, GenericStringArray, ListArray, OffsetSizeTrait, StringViewArray, UInt16Array};
use arrow_buffer::{Buffer, OffsetBuffer, ScalarBuffer};
use arrow_data::ByteView;
use arrow_schema::{ArrowError, DataType, Field};
use std::sync::Arc;

use crate::source::{for_each_row, MAX_INLINE};
use crate::views::{finish_views, make_view_in, Validity, ViewColumn};

/// One row's bytes and where they lie: `block` and `offset` locate `row`
/// in the buffers [`for_each_bytes`] returns (unused for a row of at most
/// [`MAX_INLINE`] bytes), and `tail` is `row` followed by whatever bytes
/// come after it there (so a short view is read with one fixed-size copy).
#[derive(Clone, Copy)]
pub(crate) struct RowBytes<'b> {
    pub(crate) row: &'b [u8],
    tail: &'b [u8],
    block: u32,
    offset: u32,
}

impl RowBytes<'_> {
    /// A row of no bytes (a null row of the row path).
    const EMPTY: RowBytes<'static> = RowBytes { row: &[], tail: &[], block: 0, offset: 0 };

    /// The view of `row[r]`, a view into the row's buffer (or inline);
    /// `None` when `r` is not inside the row or its ends are not
    /// character boundaries (so a view of a UTF-8 row is UTF-8).
    #[inline(always)]
    pub(crate) fn view(&self, r: Range<usize>) -> Option<u128> {
        let row = self.row;
        if r.start > r.end || r.end > row.len() || !boundary(row, r.start) || !boundary(row, r.end) {
            return None;
        }
        // Inside the row: the offset of a row is below 2^32, so is its end.
        let offset = self.offset.wrapping_add(r.start as u32);
        make_view_in(self.tail, r, self.block, offset)
    }
}

/// Whether `i` is a character boundary of the UTF-8 bytes `b` (`i <= b.len()`).
#[inline(always)]
fn boundary(b: &[u8], i: usize) -> bool {
    // A UTF-8 continuation byte is 0b10xx_xxxx: -64 or more as an i8 is not one.
    i == 0 || b.get(i).map_or(i == b.len(), |&c| (c as i8) >= -0x40)
}

/// Calls `f` with the index and bytes of every row of `array` in order,
/// null rows included (their bytes are whatever the array holds there,
/// often none: callers mask them with the array's null bitmap), and
/// returns the buffers the rows' blocks index: the input's own, shared.
/// (A `LargeUtf8` array whose values pass what a view's 32-bit offset
/// reaches is read by [`for_each_row`], which shares such a buffer as
/// several slices.)
#[inline(always)]
pub(crate) fn for_each_bytes(
    array: &dyn Array,
    mut f: impl FnMut(usize, RowBytes<'_>),
) -> Result<Vec<Buffer>, ArrowError> {
    match array.data_type() {
        DataType::Utf8 => Ok(each_offset(array.as_string::<i32>(), &mut f)),
        DataType::LargeUtf8 if array.as_string::<i64>().values().len() > u32::MAX as usize => {
            let mut i = 0;
            for_each_row(array, |row| {
                let bytes = row.map_or(RowBytes::EMPTY, |r| RowBytes {
                    row: r.text.as_bytes(),
                    tail: r.text.as_bytes(),
                    block: r.block,
                    offset: r.offset,
                });
                f(i, bytes);
                i += 1;
            })
        }
        // Values below 2^32 bytes: every offset fits a view's.
        DataType::LargeUtf8 => Ok(each_offset(array.as_string::<i64>(), &mut f)),
        DataType::Utf8View => {
            let a = array.as_string_view();
            let buffers = a.data_buffers();
            for (i, &view) in a.views().iter().enumerate() {
                let len = view as u32 as usize;
                if len <= MAX_INLINE {
                    let bytes = view.to_le_bytes();
                    let tail = &bytes[4..];
                    f(i, RowBytes { row: &tail[..len], tail, block: 0, offset: 0 });
                } else {
                    let v = ByteView::from(view);
                    let tail = buffers
                        .get(v.buffer_index as usize)
                        .and_then(|b| b.as_slice().get(v.offset as usize..))
                        .unwrap_or_default();
                    let row = tail.get(..len).unwrap_or_default();
                    f(i, RowBytes { row, tail, block: v.buffer_index, offset: v.offset });
                }
            }
            Ok(buffers.to_vec())
        }
        other => Err(ArrowError::InvalidArgumentError(format!(
            "expected a Utf8, LargeUtf8 or Utf8View array, found {other}"
        ))),
    }
}

/// [`for_each_bytes`] of a `Utf8` or `LargeUtf8` array whose values are
/// shorter than 2^32 bytes.
#[inline(always)]
fn each_offset<O: OffsetSizeTrait>(a: &GenericStringArray<O>, f: &mut impl FnMut(usize, RowBytes<'_>)) -> Vec<Buffer> {
    let values = a.values().as_slice();
    for (i, w) in a.value_offsets().windows(2).enumerate() {
        // Offsets of a valid array are in bounds and ordered; any that
        // were not give an empty row, never a panic.
        let (start, end) = (w[0].as_usize(), w[1].as_usize());
        let tail = values.get(start..).unwrap_or_default();
        let row = tail.get(..end.wrapping_sub(start)).unwrap_or_default();
        f(i, RowBytes { row, tail, block: 0, offset: start as u32 });
    }
    vec![a.values().clone()]
}

/// A view column of the range `f` gives each row's bytes (a view into
/// the input; `None` gives a null, as a null row does).
#[inline(always)]
pub(crate) fn range_column(
    array: &dyn Array,
    f: impl Fn(&[u8]) -> Option<Range<usize>>,
) -> Result<StringViewArray, ArrowError> {
    let n = array.len();
    let mut views: Vec<u128> = Vec::with_capacity(n);
    let mut valid = Validity::with_capacity(n);
    let buffers = for_each_bytes(array, |_, row| {
        let view = f(row.row).and_then(|r| row.view(r));
        valid.push(view.is_some());
        views.push(view.unwrap_or(0));
    })?;
    let nulls = valid.finish_and(array.nulls());
    finish_views(views, buffers, nulls)
}

/// A `UInt16` column of `f` applied to each row's bytes (`None`, and a
/// null row, give a null).
#[inline(always)]
pub(crate) fn u16_column(array: &dyn Array, f: impl Fn(&[u8]) -> Option<u16>) -> Result<UInt16Array, ArrowError> {
    let n = array.len();
    // Written by row index into zeroed memory, null until set: `port`
    // over 100,000 kasztp rows 322 -> 295 instructions a row (callgrind)
    // against a push per row. (The same for `range_column`'s 16-byte
    // views cost more: zeroing them is a `memset` of 16 bytes a row.)
    let mut values: Vec<u16> = vec![0; n];
    let mut valid = Validity::all_null(n);
    for_each_bytes(array, |i, row| {
        if let (Some(v), Some(slot)) = (f(row.row), values.get_mut(i)) {
            *slot = v;
            valid.set(i);
        }
    })?;
    Ok(UInt16Array::new(ScalarBuffer::from(values), valid.finish_and(array.nulls())))
}

/// The items of one row of a list column: each range pushed becomes a
/// view into the row's buffer.
pub(crate) struct Items<'v, 'b> {
    views: &'v mut Vec<u128>,
    row: RowBytes<'b>,
}

impl Items<'_, '_> {
    /// Appends the view of `row[r]`; `false` (and nothing appended) when
    /// `r` is not text of the row: the list ends there, as the scalar
    /// iterators end.
    #[inline(always)]
    pub(crate) fn push(&mut self, r: Range<usize>) -> bool {
        match self.row.view(r) {
            Some(v) => {
                self.views.push(v);
                true
            }
            None => false,
        }
    }
}

/// A list column of the ranges `each` pushes into [`Items`] for each
/// non-null row's bytes, each a view into the input; a null row is a null
/// list. The list's offsets and its values' views are written directly.
#[inline(always)]
pub(crate) fn list_column(
    array: &dyn Array,
    each: impl Fn(&[u8], &mut Items<'_, '_>),
) -> Result<ListArray, ArrowError> {
    let n = array.len();
    let mut views: Vec<u128> = Vec::with_capacity(n);
    let mut offsets: Vec<i32> = Vec::with_capacity(n + 1);
    offsets.push(0);
    let nulls = array.nulls().filter(|n| n.null_count() > 0);
    let mut overflow = false;
    let buffers = for_each_bytes(array, |i, row| {
        if nulls.is_none_or(|n| n.is_valid(i)) {
            each(row.row, &mut Items { views: &mut views, row });
        }
        match i32::try_from(views.len()) {
            Ok(c) => offsets.push(c),
            Err(_) => overflow = true,
        }
    })?;
    if overflow {
        return Err(ArrowError::InvalidArgumentError("more than 2^31 list items".into()));
    }
    let values = finish_views(views, buffers, None)?;
    let field = Arc::new(Field::new("item", DataType::Utf8View, false));
    ListArray::try_new(field, OffsetBuffer::new(ScalarBuffer::from(offsets)), Arc::new(values), nulls.cloned())
}

/// Each row without the bytes `cut` gives (none, or an empty cut: the row
/// as it is, a view into the input): what is left of a row cut at its
/// end is a view too; the two sides of a cut inside are joined into the
/// column's buffer.
#[inline(always)]
pub(crate) fn joined_column(
    array: &dyn Array,
    cut: impl Fn(&[u8]) -> Option<Range<usize>>,
) -> Result<StringViewArray, ArrowError> {
    let mut out = ViewColumn::with_capacity(array.len());
    let nulls = array.nulls().filter(|n| n.null_count() > 0);
    let buffers = for_each_bytes(array, |i, row| {
        if !nulls.is_none_or(|n| n.is_valid(i)) {
            return out.push_null();
        }
        let t = row.row;
        let view = match cut(t).filter(|c| !c.is_empty()) {
            None => row.view(0..t.len()),
            Some(c) if c.end == t.len() => row.view(0..c.start),
            // The two sides of a cut at character boundaries of a UTF-8
            // row, joined, are UTF-8.
            Some(c) if c.end <= t.len() && boundary(t, c.start) && boundary(t, c.end) => {
                return out.push_joined(&t[..c.start], &t[c.end..]);
            }
            Some(_) => row.view(0..t.len()),
        };
        out.push_raw(view);
    })?;
    out.finish(&buffers)
}
