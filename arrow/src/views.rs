//! Columns under construction: a `StringViewArray` whose views point into
//! the input's buffers, with a buffer of its own for computed strings
//! ([`ViewColumn`]); numbers ([`NumberColumn`]); and the validity bitmap
//! they share ([`Validity`]).

use arrow_array::{ArrowPrimitiveType, PrimitiveArray, StringViewArray};
use arrow_buffer::{ArrowNativeType, BooleanBuffer, Buffer, NullBuffer, ScalarBuffer};
use arrow_data::ByteView;
use arrow_schema::ArrowError;

use crate::source::{Row, MAX_INLINE};

/// Size of the blocks that hold computed strings.
const BLOCK: usize = 1 << 20;

/// The view of `bytes` (Arrow's layout: the length, then the bytes inline
/// when they are at most [`MAX_INLINE`], else their first four bytes, the
/// buffer index and the offset). `bytes` is shorter than 2^32 (a row is).
#[inline(always)]
fn make_view(bytes: &[u8], block: u32, offset: u32) -> u128 {
    let len = bytes.len() as u32;
    let mut b = [0u8; 16];
    if bytes.len() <= MAX_INLINE {
        b[4..4 + bytes.len()].copy_from_slice(bytes);
        return u128::from_le_bytes(b) | u128::from(len);
    }
    b[4..8].copy_from_slice(&bytes[..4]);
    u128::from_le_bytes(b) | u128::from(len) | u128::from(block) << 64 | u128::from(offset) << 96
}

/// [`make_view`] of `text[range]`, reading the bytes of an inline view as
/// one fixed-size copy of 12 bytes, masked to the length, where `text` has
/// them (a variable-length copy is a `memcpy` call per view). `None` when
/// `range` is not inside `text`.
#[inline(always)]
pub(crate) fn make_view_in(text: &[u8], range: core::ops::Range<usize>, block: u32, offset: u32) -> Option<u128> {
    let bytes = text.get(range.clone())?;
    if bytes.len() > MAX_INLINE {
        return Some(make_view(bytes, block, offset));
    }
    let len = bytes.len();
    if let Some(twelve) = text.get(range.start..range.start + MAX_INLINE) {
        let mut b = [0u8; 16];
        b[4..].copy_from_slice(twelve);
        // Keep the length word and `len` bytes (a shift by 128 would overflow).
        let keep = 32 + 8 * len;
        let mask = if keep >= 128 { u128::MAX } else { (1u128 << keep) - 1 };
        return Some(u128::from_le_bytes(b) & mask | len as u128);
    }
    // Near the end of the text (a row's last component): the twelve bytes
    // that end where the range does, shifted down to the range's start.
    let Some(twelve) = range.end.checked_sub(MAX_INLINE).and_then(|s| text.get(s..range.end)) else {
        return Some(make_view(bytes, block, offset));
    };
    let mut b = [0u8; 16];
    b[..MAX_INLINE].copy_from_slice(twelve);
    // `len <= 12`: the shift is at most 96 bits; bytes 12..16 are zero.
    Some((u128::from_le_bytes(b) >> (8 * (MAX_INLINE - len))) << 32 | len as u128)
}

/// The view of a string short enough to live in the view itself.
#[derive(Clone, Copy)]
pub(crate) struct InlineView(u128);

impl InlineView {
    /// The view.
    pub(crate) fn get(self) -> u128 {
        self.0
    }
}

/// The view of the text `range` of `row.text` (a component's range from
/// `UriRef::range`) in the row's buffer; `None` for `None`, or for a range
/// that is not text of the row.
#[inline(always)]
pub(crate) fn range_view(row: &Row<'_>, range: Option<core::ops::Range<usize>>) -> Option<u128> {
    // Row offsets and lengths are below 2^32 (`for_each_row`). A range
    // whose ends are not character boundaries of the row is no text.
    let text = row.text;
    range.filter(|r| text.is_char_boundary(r.start) && text.is_char_boundary(r.end)).and_then(|r| {
        let offset = row.offset.wrapping_add(r.start as u32);
        make_view_in(text.as_bytes(), r, row.block, offset)
    })
}

/// [`range_view`] for a row that RFC 3986's grammar accepted, which is
/// ASCII (the grammar has no other bytes), so that every index in it is a
/// character boundary and is not checked (two checks per component; debug
/// builds check that the row is ASCII).
#[inline(always)]
pub(crate) fn ascii_range_view(row: &Row<'_>, range: Option<core::ops::Range<usize>>) -> Option<u128> {
    debug_assert!(row.text.is_ascii(), "a row RFC 3986 accepted is ASCII");
    let r = range?;
    let offset = row.offset.wrapping_add(r.start as u32);
    make_view_in(row.text.as_bytes(), r, row.block, offset)
}

/// `C` columns of values of type `T` staged 64 rows at a time, for a
/// kernel that writes every one of its columns once a row (the struct
/// parse): row `r`'s value of column `c` is one store at a fixed place and
/// its validity one bit in a word, with no length, capacity or bounds check
/// per column and row (these were about 15 instructions a column a row
/// when each column was pushed to on its own); the caller appends each
/// column's block ([`Staged::take`]) after every 64th row and after the
/// last. Every column must be set on every row.
pub(crate) struct Staged<T, const C: usize> {
    values: [[T; 64]; C],
    valid: [u64; C],
}

impl<T: Copy + Default, const C: usize> Staged<T, C> {
    pub(crate) fn new() -> Self {
        Staged { values: [[T::default(); 64]; C], valid: [0; C] }
    }

    /// Sets column `c` of row `row` (of the rows staged, counted modulo 64)
    /// to `value`, a null for `None`.
    #[inline(always)]
    pub(crate) fn set(&mut self, row: usize, c: usize, value: Option<T>) {
        let j = row % 64;
        self.values[c][j] = value.unwrap_or_default();
        self.valid[c] |= u64::from(value.is_some()) << j;
    }

    /// The first `n` staged rows of column `c` and their validity bits
    /// (for [`ViewColumn::extend`], [`NumberColumn::extend`]); the bits
    /// are cleared for the next block.
    pub(crate) fn take(&mut self, c: usize, n: usize) -> (&[T], u64) {
        let valid = core::mem::take(&mut self.valid[c]);
        (&self.values[c][..n.min(64)], valid)
    }
}

/// The view of `s` when it is inline (at most [`MAX_INLINE`] bytes).
pub(crate) fn inline_view(s: &str) -> Option<InlineView> {
    (s.len() <= MAX_INLINE).then(|| InlineView(make_view(s.as_bytes(), 0, 0)))
}

/// A validity bitmap under construction (Arrow's layout: bit `i % 64` of
/// word `i / 64` set when row `i` is not null), sized for the rows
/// expected and zeroed, so a null row writes nothing. (A bit per row by
/// hand: `NullBufferBuilder` cost a call and a branch per row and column;
/// measured.)
pub(crate) struct Validity {
    words: Vec<u64>,
    /// Rows so far.
    len: usize,
}

impl Validity {
    pub(crate) fn with_capacity(n: usize) -> Validity {
        Validity { words: vec![0; n.div_ceil(64)], len: 0 }
    }

    /// `n` rows, all null until [`Validity::set`] makes them valid, in any
    /// order (for a column whose rows are written by index).
    pub(crate) fn all_null(n: usize) -> Validity {
        Validity { words: vec![0; n.div_ceil(64)], len: n }
    }

    /// Makes row `i` (below the length) valid.
    #[inline(always)]
    pub(crate) fn set(&mut self, i: usize) {
        if let Some(w) = self.words.get_mut(i / 64) {
            *w |= 1 << (i % 64);
        }
    }

    #[inline(always)]
    pub(crate) fn push(&mut self, defined: bool) {
        let i = self.len;
        match self.words.get_mut(i / 64) {
            Some(w) => *w |= u64::from(defined) << (i % 64),
            None => self.words.push(u64::from(defined)),
        }
        self.len += 1;
    }

    /// Appends the `n` rows (at most 64) whose bits are `word`'s low `n`
    /// (the higher bits zero): one store when the rows so far fill whole
    /// words, as [`Staged`]'s blocks keep them.
    pub(crate) fn push_word(&mut self, word: u64, n: usize) {
        if self.len % 64 != 0 {
            (0..n).for_each(|k| self.push(word >> k & 1 != 0));
            return;
        }
        match self.words.get_mut(self.len / 64) {
            Some(w) => *w = word,
            None => self.words.push(word),
        }
        self.len += n;
    }

    /// The bits of the rows so far, as values (for a Boolean column).
    pub(crate) fn into_bits(mut self) -> BooleanBuffer {
        self.words.truncate(self.len.div_ceil(64));
        BooleanBuffer::new(Buffer::from_vec(self.words), 0, self.len)
    }

    /// The null buffer of the rows so far (`None` when none is null).
    pub(crate) fn finish(self) -> Option<NullBuffer> {
        self.finish_and(None)
    }

    /// The null buffer of the rows so far with every null row of `input`
    /// null too (one `and` of the two bitmaps; `None` when no row is
    /// null). For a column whose rows are those of `input`, one to one.
    pub(crate) fn finish_and(self, input: Option<&NullBuffer>) -> Option<NullBuffer> {
        let input = input.filter(|n| n.null_count() > 0 && n.len() == self.len);
        // Bits past the length are never set: every word counts whole.
        let valid: usize = self.words.iter().map(|w| w.count_ones() as usize).sum();
        if valid == self.len && input.is_none() {
            return None;
        }
        let mine = self.into_bits();
        let both = match input {
            Some(input) => &mine & input.inner(),
            None => mine,
        };
        Some(NullBuffer::new(both)).filter(|n| n.null_count() > 0)
    }
}

/// A column of numbers under construction, with its validity; values of
/// null rows stay zero.
pub(crate) struct NumberColumn<T> {
    values: Vec<T>,
    valid: Validity,
}

impl<T: ArrowNativeType> NumberColumn<T> {
    pub(crate) fn with_capacity(n: usize) -> NumberColumn<T> {
        NumberColumn { values: Vec::with_capacity(n), valid: Validity::with_capacity(n) }
    }

    #[inline(always)]
    pub(crate) fn push(&mut self, value: Option<T>) {
        self.values.push(value.unwrap_or_default());
        self.valid.push(value.is_some());
    }

    /// Appends a block of [`Staged`] rows: their values and validity bits.
    pub(crate) fn extend(&mut self, (values, valid): (&[T], u64)) {
        self.values.extend_from_slice(values);
        self.valid.push_word(valid, values.len());
    }

    /// The array.
    pub(crate) fn finish<P: ArrowPrimitiveType<Native = T>>(self) -> PrimitiveArray<P> {
        PrimitiveArray::new(ScalarBuffer::from(self.values), self.valid.finish())
    }
}

pub(crate) struct ViewColumn {
    /// The views, one per row (a null row's is zero). Reserved for the
    /// rows expected and written once each: a column zeroed up front
    /// (so that a null row wrote nothing) cost a `memset` of every
    /// column before the rows wrote it again, 10 % of the struct parse
    /// (the allocator reuses freed memory, which it must clear).
    views: Vec<u128>,
    valid: Validity,
    /// Computed strings (longer than [`MAX_INLINE`]), block by block: the
    /// full blocks, each holding only its strings.
    owned: Vec<Vec<u8>>,
    /// The block being filled (block index `owned.len()`), allocated
    /// without zeroing: copied strings are appended to it; a kernel that
    /// writes in place ([`ViewColumn::space`]) has it zero-filled only as
    /// far as it asks. (A block zero-filled whole on allocation cost
    /// `cutWWW` 31 instructions a row in `memset`, callgrind.)
    cur: Vec<u8>,
    /// The bytes of `cur` that hold strings (the rest, up to its length,
    /// is a kernel's scratch space).
    used: usize,
    /// Views into `owned`: their buffer index counts from the first owned
    /// block until [`ViewColumn::finish`] knows how many input buffers
    /// come first.
    owned_views: Vec<usize>,
}

impl ViewColumn {
    pub(crate) fn with_capacity(n: usize) -> ViewColumn {
        ViewColumn {
            views: Vec::with_capacity(n),
            valid: Validity::with_capacity(n),
            owned: Vec::new(),
            cur: Vec::new(),
            used: 0,
            owned_views: Vec::new(),
        }
    }

    /// Appends `view`, null or not.
    #[inline(always)]
    fn push_view(&mut self, view: u128, defined: bool) {
        self.views.push(view);
        self.valid.push(defined);
    }

    /// Appends a block of [`Staged`] rows: their views and validity bits.
    pub(crate) fn extend(&mut self, (views, valid): (&[u128], u64)) {
        self.views.extend_from_slice(views);
        self.valid.push_word(valid, views.len());
    }

    /// Appends `view` (made by [`crate::columns::RowBytes::view`]), or a
    /// null for `None`.
    #[inline(always)]
    pub(crate) fn push_raw(&mut self, view: Option<u128>) {
        self.push_view(view.unwrap_or(0), view.is_some());
    }

    /// Appends `before` and `after` joined, copied into the column's
    /// buffer (inline when short): the two sides of a cut, at character
    /// boundaries of a row's UTF-8 bytes (the caller checked), so UTF-8.
    #[inline]
    pub(crate) fn push_joined(&mut self, before: &[u8], after: &[u8]) {
        let len = before.len() + after.len();
        if len <= MAX_INLINE {
            let mut b = [0u8; MAX_INLINE];
            b[..before.len()].copy_from_slice(before);
            b[before.len()..len].copy_from_slice(after);
            return self.push_view(make_view(&b[..len], 0, 0), true);
        }
        let view = self.append(&[before, after], self.valid.len);
        self.push_view(view, true);
    }

    #[inline]
    pub(crate) fn push_null(&mut self) {
        self.push_view(0, false);
    }

    /// Appends the text `range` of `row.text` (a component's range from
    /// `UriRef::range`) as a view into the row's buffer; `None`, or a range
    /// that is not text of the row, appends a null.
    #[inline(always)]
    pub(crate) fn push_range(&mut self, row: &Row<'_>, range: Option<core::ops::Range<usize>>) {
        self.push_raw(range_view(row, range));
    }

    /// Appends `part`, a slice of `row.text`, as a view into the row's
    /// buffer (`None` appends a null). A string that is not a slice of the
    /// row is copied.
    #[inline]
    pub(crate) fn push_part(&mut self, row: &Row<'_>, part: Option<&str>) {
        let Some(part) = part else {
            return self.push_null();
        };
        let start = (part.as_ptr() as usize).wrapping_sub(row.text.as_ptr() as usize);
        let inside = start <= row.text.len() && part.len() <= row.text.len() - start;
        // Inside the row: its bytes as a range of the row's text (a short
        // part read with one fixed-size copy, `make_view_in`).
        let view = u32::try_from(start)
            .ok()
            .and_then(|s| row.offset.checked_add(s))
            .filter(|_| inside)
            .and_then(|offset| make_view_in(row.text.as_bytes(), start..start + part.len(), row.block, offset));
        match view {
            Some(view) => self.push_view(view, true),
            None => self.push_owned(part),
        }
    }

    /// Appends a value computed from `row`: a borrowed one as
    /// [`ViewColumn::push_part`] (a view when it is a slice of the row), an
    /// owned one copied.
    #[inline]
    pub(crate) fn push_cow(&mut self, row: &Row<'_>, value: std::borrow::Cow<'_, str>) {
        match value {
            std::borrow::Cow::Borrowed(s) => self.push_part(row, Some(s)),
            std::borrow::Cow::Owned(s) => self.push_owned(&s),
        }
    }

    /// Appends a string that is not in the input (copied unless inline);
    /// `None` appends a null.
    pub(crate) fn push_inline(&mut self, value: Option<&str>) {
        match value {
            Some(v) => self.push_owned(v),
            None => self.push_null(),
        }
    }

    /// Appends a computed string.
    #[inline]
    pub(crate) fn push_owned(&mut self, value: &str) {
        let view = self.owned_view(value, self.valid.len);
        self.push_view(view, true);
    }

    /// The view of a computed string that row `row` of this column will
    /// hold (appended by the caller, [`ViewColumn::push_owned`] or through
    /// [`Staged`]): inline when short, else copied into the column's buffer.
    pub(crate) fn owned_view(&mut self, value: &str, row: usize) -> u128 {
        let bytes = value.as_bytes();
        if bytes.len() <= MAX_INLINE {
            return make_view(bytes, 0, 0);
        }
        self.append(&[bytes], row)
    }

    /// Makes room for `len` more bytes after `used` in `cur`, starting a
    /// new block when it has none (so a string never spans two blocks).
    #[inline]
    fn room(&mut self, len: usize) {
        if self.cur.capacity() - self.used < len {
            self.cur.truncate(self.used);
            let full = std::mem::replace(&mut self.cur, Vec::with_capacity(BLOCK.max(len)));
            // An empty block holds no view's bytes: dropped, so that block
            // indices stay those the views were given.
            if !full.is_empty() {
                self.owned.push(full);
            }
            self.used = 0;
        }
    }

    /// The view of `parts` joined (longer than [`MAX_INLINE`]), appended
    /// to the column's buffer, for row `row`.
    #[inline]
    fn append(&mut self, parts: &[&[u8]], row: usize) -> u128 {
        let len = parts.iter().map(|p| p.len()).sum();
        self.room(len);
        self.cur.truncate(self.used);
        for p in parts {
            self.cur.extend_from_slice(p);
        }
        // The block and offset are below 2^32 (as in `commit_checked`).
        let view = make_view(&self.cur[self.used..], self.owned.len() as u32, self.used as u32);
        self.used += len;
        self.owned_views.push(row);
        view
    }

    /// At least `len` writable bytes at the end of the owned storage, for
    /// a computed string that [`ViewColumn::commit_written_ascii`] or
    /// [`ViewColumn::commit_lossy`] then appends; what is written past
    /// the committed length is overwritten later. A new block starts when
    /// the last one has no room (so a string never spans two blocks).
    #[inline]
    pub(crate) fn space(&mut self, len: usize) -> &mut [u8] {
        self.room(len);
        if self.cur.len() < self.used + len {
            self.cur.resize(self.used + len, 0);
        }
        &mut self.cur[self.used..]
    }

    /// Appends the first `len` bytes written into [`ViewColumn::space`] as
    /// a string without reading them again: the caller wrote only ASCII
    /// bytes (the encoders, from tables whose every entry is checked to be
    /// ASCII when they are built, at compile time). Reading them back to
    /// check them, right after the unaligned four-byte stores that wrote
    /// them, cost `encodeURLComponent` 10 % of its time (103 -> 93 ns a
    /// row; see BENCHMARKS.md).
    #[inline]
    pub(crate) fn commit_written_ascii(&mut self, len: usize) {
        self.commit_checked(len, true);
    }

    /// Appends the first `len` bytes written into [`ViewColumn::space`] as
    /// a string: as they are when they are UTF-8, else with U+FFFD for
    /// what is not (copied again: the rare case).
    #[inline]
    pub(crate) fn commit_lossy(&mut self, len: usize) {
        let Some(bytes) = self.written(len) else { return self.push_null() };
        match String::from_utf8_lossy(bytes) {
            std::borrow::Cow::Borrowed(_) => self.commit_checked(len, true),
            std::borrow::Cow::Owned(fixed) => self.push_owned(&fixed),
        }
    }

    /// The first `len` bytes of [`ViewColumn::space`].
    fn written(&self, len: usize) -> Option<&[u8]> {
        self.cur.get(self.used..self.used + len)
    }

    /// Appends the first `len` bytes of [`ViewColumn::space`] when `text`
    /// (the caller checked, or knows by their type, that they are UTF-8),
    /// else a null.
    #[inline]
    fn commit_checked(&mut self, len: usize, text: bool) {
        let block = self.owned.len();
        let used = self.used;
        let Some(bytes) = self.cur.get(used..used + len).filter(|_| text) else {
            return self.push_null();
        };
        if len <= MAX_INLINE {
            // Inline: the view holds the bytes, the block keeps nothing.
            return self.push_view(make_view(bytes, 0, 0), true);
        }
        // Block and offset are below 2^32: blocks are at most BLOCK bytes
        // unless one string is longer, and rows are shorter than 2^32.
        let view = make_view(bytes, block as u32, used as u32);
        self.used += len;
        self.owned_views.push(self.valid.len);
        self.push_view(view, true);
    }

    /// The array: views into `input` (the buffers the rows' locations
    /// index), then into the computed strings' blocks.
    pub(crate) fn finish(self, input: &[Buffer]) -> Result<StringViewArray, ArrowError> {
        self.finish_with(input, cfg!(debug_assertions))
    }

    /// [`ViewColumn::finish`], validating the views (`try_new`) or not.
    fn finish_with(mut self, input: &[Buffer], validate: bool) -> Result<StringViewArray, ArrowError> {
        let first =
            u32::try_from(input.len()).map_err(|_| ArrowError::InvalidArgumentError("too many buffers".into()))?;
        for &i in &self.owned_views {
            let mut v = ByteView::from(self.views[i]);
            v.buffer_index += first;
            self.views[i] = v.as_u128();
        }
        self.cur.truncate(self.used);
        if !self.cur.is_empty() {
            self.owned.push(self.cur);
        }
        let mut buffers = input.to_vec();
        buffers.extend(self.owned.into_iter().map(Buffer::from_vec));
        let nulls = self.valid.finish();
        build(self.views, buffers, nulls, validate)
    }
}

/// The array of `views` into `buffers` (the input's, for
/// [`crate::columns`]) with `nulls`; the views of null rows are zeroed.
/// Every view not null is one [`crate::columns::RowBytes::view`] made: a
/// range of a row's bytes, inside the row, at character boundaries.
pub(crate) fn finish_views(
    mut views: Vec<u128>,
    buffers: Vec<Buffer>,
    nulls: Option<NullBuffer>,
) -> Result<StringViewArray, ArrowError> {
    if let Some(nulls) = &nulls {
        for i in (!nulls.inner()).set_indices() {
            if let Some(v) = views.get_mut(i) {
                *v = 0;
            }
        }
    }
    build(views, buffers, nulls, cfg!(debug_assertions))
}

/// `array` with the null rows `nulls` gives instead of its own: the views
/// of its own null rows become empty strings, its other views and its
/// buffers are kept (no byte is copied; the views are copied only when
/// another array shares them). A ClickHouse function's answer (`''`
/// where it has none) and a `uri_*` function's (NULL where the row is not
/// a URI reference) are made so.
pub(crate) fn with_nulls(array: StringViewArray, nulls: Option<NullBuffer>) -> Result<StringViewArray, ArrowError> {
    if nulls.as_ref().is_some_and(|n| n.len() != array.views().len()) {
        return Err(ArrowError::InvalidArgumentError("with_nulls: the null buffer's length is not the array's".into()));
    }
    let (views, buffers, own) = array.into_parts();
    let mut views = views.into_inner().into_vec::<u128>().unwrap_or_else(|shared| shared.typed_data::<u128>().to_vec());
    if let Some(own) = own {
        for i in (!own.inner()).set_indices() {
            if let Some(v) = views.get_mut(i) {
                *v = 0;
            }
        }
    }
    build(views, buffers.to_vec(), nulls, cfg!(debug_assertions))
}

/// The array, validated (`try_new`) or not.
fn build(
    views: Vec<u128>,
    buffers: Vec<Buffer>,
    nulls: Option<NullBuffer>,
    validate: bool,
) -> Result<StringViewArray, ArrowError> {
    let views = ScalarBuffer::from(views);
    if validate {
        return StringViewArray::try_new(views, buffers, nulls);
    }
    // SAFETY: every view of a non-null row was made by `make_view` from a `&str` (valid
    // UTF-8), or by `make_view_in` from a range of a row's text whose
    // ends `push_range` checked to be character boundaries (so the bytes
    // are a `str` too): either inline, or a slice of a row's text at the
    // block and offset where `for_each_row` says that text lies in
    // `input` (checked to be inside the row in `push_part` and
    // `make_view_in`), or a string whole in an owned block: copied from
    // `&str`s (`push_owned`), or the two sides of a
    // cut at character boundaries of a row (`push_joined`), or written there by a
    // kernel and committed only once checked to be UTF-8
    // (`commit_lossy`), or written from tables of ASCII entries checked at
    // compile time (`commit_written_ascii`, the encoders); or, from
    // `crate::columns`, by `RowBytes::view`: a range of a non-null row's
    // bytes (UTF-8, the input being a string array) inside the row, at
    // character boundaries, at the block and offset `for_each_bytes`
    // says the row lies at (a null row's view is zero: `finish_views`); or,
    // from `with_nulls`, a view of a `StringViewArray` (valid, as every
    // such array is) kept with that array's buffers, the others zero (the
    // empty string, inline). So
    // each view is in bounds and valid UTF-8, which is what `try_new`
    // would check (debug builds check; the test below builds both ways
    // and validates the unchecked array in full).
    #[allow(unsafe_code)]
    Ok(unsafe { StringViewArray::new_unchecked(views, buffers, nulls) })
}

#[cfg(test)]
mod tests {
    use super::ViewColumn;
    use crate::source::for_each_row;
    use arrow_array::{Array, ArrayRef, LargeStringArray, StringArray, StringViewArray};
    use std::sync::Arc;
    use uriscan::UriRef;

    /// Columns filled through `Staged` blocks against the same rows pushed
    /// one by one: views and numbers, nulls in every pattern, blocks cut at
    /// every length (whole words of validity, and a block appended after
    /// rows pushed one by one, where the words are not whole), owned
    /// strings at the rows that hold them.
    #[test]
    fn staged_blocks_equal_rows_pushed_one_by_one() {
        use super::{NumberColumn, Staged};
        use arrow_array::types::Int32Type;
        let texts: Vec<String> = (0..300).map(|i| format!("row {i} {}", "x".repeat(i % 17))).collect();
        for lead in [0usize, 5] {
            for n in [0usize, 1, 63, 64, 65, 128, 200, 300] {
                let (mut one, mut staged) = (ViewColumn::with_capacity(n), ViewColumn::with_capacity(n));
                let (mut one_num, mut staged_num) = (NumberColumn::with_capacity(n), NumberColumn::with_capacity(n));
                let (mut block, mut block_num) = (Staged::<u128, 2>::new(), Staged::<i32, 1>::new());
                for (r, text) in texts.iter().enumerate().take(lead) {
                    one.push_owned(text);
                    staged.push_owned(text);
                    one_num.push(Some(r as i32));
                    staged_num.push(Some(r as i32));
                }
                for (r, text) in texts.iter().enumerate().take(n) {
                    let defined = (r * 7 + n) % 5 != 0;
                    let text = defined.then_some(text.as_str());
                    match text {
                        Some(t) => one.push_owned(t),
                        None => one.push_null(),
                    }
                    one_num.push(defined.then_some(r as i32));
                    let view = text.map(|t| staged.owned_view(t, lead + r));
                    block.set(r, 0, view);
                    block.set(r, 1, None);
                    block_num.set(r, 0, defined.then_some(r as i32));
                    let pending = (r + 1) % 64;
                    if pending == 0 || r + 1 == n {
                        let rows = if pending == 0 { 64 } else { pending };
                        staged.extend(block.take(0, rows));
                        assert_eq!(block.take(1, rows).1, 0, "the second column is all null");
                        staged_num.extend(block_num.take(0, rows));
                    }
                }
                let (one, staged) = (one.finish(&[]).unwrap(), staged.finish(&[]).unwrap());
                assert_eq!(one, staged, "lead {lead}, {n} rows");
                assert_eq!(one_num.finish::<Int32Type>(), staged_num.finish::<Int32Type>(), "lead {lead}, {n} rows");
            }
        }
    }

    /// The fixed-size copy of `make_view_in` against `make_view` of the
    /// same bytes: every range of texts of up to 30 bytes.
    #[test]
    fn view_in_text_equals_view_of_bytes() {
        let all: Vec<u8> = (b'a'..=b'z').chain(b'0'..=b'9').collect();
        for n in 0..=30 {
            let text = &all[..n];
            for a in 0..=n {
                for b in a..=n {
                    let got = super::make_view_in(text, a..b, 3, 7);
                    assert_eq!(got, Some(super::make_view(&text[a..b], 3, 7)), "{n} {a}..{b}");
                }
                assert_eq!(super::make_view_in(text, a..n + 1, 0, 0), None);
            }
        }
    }

    /// The unchecked build (release) against the validated one (debug) on
    /// the three array types, sliced and not: every component of every row
    /// as a view into the input, and computed strings long and short.
    /// `with_nulls` on owned, shared and sliced arrays: every row as
    /// expected (its own null rows empty, the new null rows null), and the
    /// array valid in full.
    #[test]
    fn with_nulls_empties_own_nulls_and_takes_the_new_ones() {
        use arrow_buffer::NullBuffer;
        let long = "a string longer than twelve bytes";
        let rows = [Some("ab"), None, Some(long), None, Some(""), Some(long), None, Some("x")];
        let whole = StringViewArray::from(rows.to_vec());
        for (start, len) in [(0, 8), (1, 6), (3, 4), (2, 0)] {
            let array = whole.slice(start, len);
            let new: Vec<bool> = (0..len).map(|i| (i * 7 + start) % 3 != 0).collect();
            // Shared: `whole` and `array` hold the views; owned: a copy.
            let owned = StringViewArray::from(array.iter().collect::<Vec<_>>());
            for input in [array.clone(), owned] {
                let out = super::with_nulls(input, Some(NullBuffer::from(new.clone()))).unwrap();
                out.to_data().validate_full().unwrap();
                assert_eq!(out.len(), len);
                for (i, &keep) in new.iter().enumerate() {
                    if keep {
                        assert_eq!(out.value(i), rows[start + i].unwrap_or(""), "row {i} of {start}+{len}");
                    } else {
                        assert!(out.is_null(i));
                    }
                }
            }
            let none = super::with_nulls(array.clone(), None).unwrap();
            assert_eq!(none.null_count(), 0);
            assert!((0..len).all(|i| none.value(i) == rows[start + i].unwrap_or("")));
        }
        assert!(super::with_nulls(whole.clone(), Some(NullBuffer::new_null(3))).is_err());
    }

    #[test]
    fn unchecked_views_are_valid_and_equal_to_checked() {
        let long = format!(
            "https://user:pw@{}.example.com:8080/{}?q={}#{}",
            "h".repeat(40),
            "p/".repeat(30),
            "v".repeat(20),
            "f".repeat(15)
        );
        let mut rows: Vec<Option<String>> =
            ["http://a/b", "", "mailto:x@y", "http://[::1]:80/é?ü#ß", "%zz bad", "//h/path-of-some-length/x", "é bad"]
                .iter()
                .map(|s| Some(s.to_string()))
                .collect();
        rows.push(None);
        rows.push(Some(long));
        for i in 0..300 {
            rows.push(Some(format!("http://host-{i}.example.org/{}/{i}?k={i}", "seg".repeat(i % 9))));
        }
        let r: Vec<Option<&str>> = rows.iter().map(|s| s.as_deref()).collect();
        let arrays: Vec<ArrayRef> = vec![
            Arc::new(StringArray::from(r.clone())),
            Arc::new(LargeStringArray::from(r.clone())),
            Arc::new(StringViewArray::from(r.clone())),
            Arc::new(StringArray::from(r.clone()).slice(3, r.len() - 5)),
            Arc::new(StringViewArray::from(r.clone()).slice(2, r.len() - 3)),
        ];
        for array in &arrays {
            let build = |validate: bool| {
                let mut cols: Vec<ViewColumn> = (0..8).map(|_| ViewColumn::with_capacity(array.len())).collect();
                let buffers = for_each_row(array.as_ref(), |row| {
                    let Some(row) = row else {
                        return cols.iter_mut().for_each(ViewColumn::push_null);
                    };
                    let [host, path, query, fragment, computed, whole, ranged, head] = &mut cols[..] else {
                        unreachable!()
                    };
                    // A range of the row's first two bytes: a null where
                    // they end inside a character ("é bad").
                    head.push_range(&row, Some(0..2.min(row.text.len())));
                    if let Ok(u) = UriRef::parse(row.text) {
                        host.push_part(&row, u.host());
                        path.push_part(&row, Some(u.path()));
                        query.push_part(&row, u.query());
                        fragment.push_part(&row, u.fragment());
                        computed.push_owned(&row.text.to_uppercase());
                        whole.push_part(&row, Some(row.text));
                        ranged.push_range(&row, u.range(uriscan::Component::Path));
                    } else {
                        [host, path, query, fragment].into_iter().for_each(|c| c.push_null());
                        computed.push_inline(Some(&row.text.repeat(2)));
                        // A string that is not a slice of the row is copied.
                        whole.push_part(&row, Some("not a slice of the row, long"));
                        // Ranges outside the row are nulls.
                        ranged.push_range(&row, Some(row.text.len()..row.text.len() + 1));
                    }
                })
                .unwrap();
                cols.into_iter().map(|c| c.finish_with(&buffers, validate).unwrap()).collect::<Vec<_>>()
            };
            let (unchecked, checked) = (build(false), build(true));
            for (unchecked, checked) in unchecked.iter().zip(&checked) {
                unchecked.to_data().validate_full().unwrap();
                assert_eq!(unchecked.iter().collect::<Vec<_>>(), checked.iter().collect::<Vec<_>>());
            }
            // The ranged columns hold the row's own bytes, or nulls.
            let texts: Vec<Option<&str>> = crate::source::texts(array.as_ref()).unwrap();
            for (k, text) in texts.iter().enumerate() {
                let want_head = text.and_then(|t| t.get(..2.min(t.len())));
                assert_eq!(checked[7].is_valid(k).then(|| checked[7].value(k)), want_head, "row {k}");
                let want_path = text.and_then(|t| UriRef::parse(t).ok()).map(|u| u.path());
                assert_eq!(checked[6].is_valid(k).then(|| checked[6].value(k)), want_path, "row {k}");
            }
        }
    }
}
