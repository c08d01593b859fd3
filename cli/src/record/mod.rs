//! Records: the values of one output row ([`Val`], [`Row`]), the typed
//! column list each command declares once ([`Column`], [`line_columns!`]),
//! the layout that selects from it ([`Layout`]) and the writers, one file
//! each: JSON Lines (`json`), TSV (`tsv`, with its two fast writers
//! `direct` and `tsv_all`), CSV (`csv`), text (`text`) and the row
//! encoding the Parquet writer decodes (`encode`). [`Sink`] holds a chunk's
//! records and picks the writer.
//!
//! Encodings (also in `uriscan --help`):
//! - JSON Lines: one object per record. A string that is valid UTF-8 is a
//!   plain JSON string (standard escaping only), so any JSON reader decodes
//!   it to the input's text. A value whose bytes are not UTF-8 is the object
//!   `{"bytes":"<base64>"}` (standard alphabet, padded) in place of the
//!   string, the convention of ripgrep's JSON output.
//! - TSV: a header line, then one line per record. In fields `\\`, `\t`,
//!   `\n`, `\r` stand for backslash, TAB, LF, CR; `\xHH` for any other
//!   control byte, DEL or a byte that is not part of valid UTF-8; `\N` alone
//!   is undefined. This is PostgreSQL's `COPY ... (FORMAT text)` encoding.
//! - CSV: RFC 4180 (the `csv` crate): fields with `"`, `,`, CR or LF are
//!   quoted; bytes are written as they are; undefined is an empty field.
//! - text: the command's own layout, or the selected fields joined by TAB,
//!   written as they are (not escaped, so not lossless).

use std::borrow::Cow;
use std::ops::Range;

use clap::ValueEnum;

use crate::line::Line;

mod csv;
mod direct;
pub mod encode;
mod escape;
mod json;
mod layout;
mod sink;
mod text;
mod tsv;
mod tsv_all;

#[cfg(test)]
mod tests;

pub use escape::find_escape;
pub use layout::Layout;
pub use sink::Sink;

/// Output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// JSON Lines: one JSON object per record.
    #[value(alias = "json")]
    Jsonl,
    /// Tab-separated values with a header line (PostgreSQL COPY text escapes).
    Tsv,
    /// Comma-separated values with a header line (RFC 4180).
    Csv,
    /// The command's plain layout (not escaped).
    Text,
    /// Apache Parquet: typed, nullable columns (to a file with -o, or a pipe).
    Parquet,
}

/// The type of a column in typed output (Parquet).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(not(feature = "parquet"), allow(dead_code))]
pub enum ColType {
    /// Text (UTF-8).
    Str,
    /// An unsigned 64-bit number (line numbers, indexes, counts).
    UInt,
    /// A port: an unsigned 16-bit number.
    Port,
    /// A signed 32-bit number (the Common Crawl index's `url_port`).
    Int32,
    /// True or false.
    Bool,
    /// A list of text.
    List,
}

/// A column of a command's records: its name (what `--fields` selects, the
/// JSON key, the header) and its type in typed output.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Column {
    pub name: &'static str,
    pub ty: ColType,
}

impl Column {
    pub const fn new(name: &'static str, ty: ColType) -> Column {
        Column { name, ty }
    }
}

/// A column list: `name: Type` pairs, the type one of [`ColType`]'s
/// variants: `columns![section: Str, key: Str, count: UInt]`.
#[macro_export]
macro_rules! columns {
    ($($name:ident : $ty:ident),* $(,)?) => {
        &[$($crate::record::Column::new(stringify!($name), $crate::record::ColType::$ty)),*]
    };
}

/// A line command's column list: `file`, `line`, `input` (filled by
/// [`Line::row`] or [`Fields::line_fields`]), then its own, as in
/// [`columns!`].
#[macro_export]
macro_rules! line_columns {
    ($($name:ident : $ty:ident),* $(,)?) => {
        $crate::columns![file: Str, line: UInt, input: Str, $($name: $ty),*]
    };
}

/// Column list `a` then `b`, as one array of `K` columns (for a command
/// whose columns extend another's, or come from a library's list). A `K`
/// other than the two lengths' sum fails the build.
pub const fn joined<const K: usize>(a: &[Column], b: &[Column]) -> [Column; K] {
    assert!(a.len() + b.len() == K, "joined: K is not the sum of the lengths");
    let mut all = [Column::new("", ColType::Str); K];
    let mut k = 0;
    while k < K {
        all[k] = if k < a.len() { a[k] } else { b[k - a.len()] };
        k += 1;
    }
    all
}

/// The names of `columns`, joined by `sep` (for help texts and messages).
pub fn names(columns: &[Column], sep: &str) -> String {
    columns.iter().map(|c| c.name).collect::<Vec<_>>().join(sep)
}

/// One value of a record.
#[derive(Clone, Debug, Default)]
pub enum Val<'a> {
    /// Undefined (JSON `null`, TSV `\N`, an empty CSV field).
    #[default]
    Null,
    Bool(bool),
    Int(u64),
    /// Bytes: text when they are UTF-8.
    Str(Cow<'a, [u8]>),
    /// A list of strings (JSON: an array; TSV, CSV: a PostgreSQL array
    /// literal `{"a","b"}`; text: the items joined by a space).
    List(Vec<Cow<'a, [u8]>>),
}

impl<'a> Val<'a> {
    /// A borrowed string.
    #[inline]
    pub fn s(s: &'a str) -> Val<'a> {
        Val::Str(Cow::Borrowed(s.as_bytes()))
    }

    /// Borrowed bytes.
    #[inline]
    pub fn b(b: &'a [u8]) -> Val<'a> {
        Val::Str(Cow::Borrowed(b))
    }

    /// An owned string.
    #[inline]
    pub fn owned(s: String) -> Val<'a> {
        Val::Str(Cow::Owned(s.into_bytes()))
    }

    /// A string or null.
    #[inline]
    pub fn opt(s: Option<&'a str>) -> Val<'a> {
        s.map_or(Val::Null, Val::s)
    }

    /// Bytes or null.
    #[inline]
    pub fn opt_b(s: Option<&'a [u8]>) -> Val<'a> {
        s.map_or(Val::Null, Val::b)
    }

    /// Text, borrowed or owned.
    #[inline]
    pub fn cow(c: Cow<'a, str>) -> Val<'a> {
        match c {
            Cow::Borrowed(b) => Val::s(b),
            Cow::Owned(o) => Val::owned(o),
        }
    }
}

/// The most columns a command may declare.
pub const MAX_COLUMNS: usize = 24;

/// The values of one record, in the order of the command's column list.
pub struct Row<'a> {
    vals: [Val<'a>; MAX_COLUMNS],
    len: usize,
}

impl Default for Row<'_> {
    fn default() -> Self {
        Row { vals: std::array::from_fn(|_| Val::Null), len: 0 }
    }
}

impl<'a> Row<'a> {
    /// Appends the next column's value.
    #[inline]
    pub fn push(&mut self, v: Val<'a>) {
        if let Some(slot) = self.vals.get_mut(self.len) {
            *slot = v;
        }
        self.len += 1;
    }

    /// Appends `n` nulls.
    #[inline]
    pub fn nulls(&mut self, n: usize) {
        self.len += n;
    }

    /// The number of values pushed.
    pub fn len(&self) -> usize {
        self.len
    }

    #[inline]
    fn get(&self, i: usize) -> &Val<'a> {
        self.vals.get(i).unwrap_or(&Val::Null)
    }
}

/// Where a job puts the values of one record, in the order of its column
/// list: a [`Row`] (then written by [`Sink::emit`]), or a writer that
/// writes each selected value into the output as it comes (`direct`,
/// `tsv_all`).
pub trait Fields<'a> {
    /// The next column's value.
    fn push(&mut self, v: Val<'a>);

    /// The next column's value, a string.
    #[inline]
    fn str(&mut self, s: &'a str) {
        self.push(Val::s(s));
    }

    /// The next column's value, a name of this program's own: printable
    /// ASCII without `"` or `\`, so that no format escapes it.
    #[inline]
    fn name(&mut self, s: &'static str) {
        self.push(Val::s(s));
    }

    /// `n` nulls.
    #[inline]
    fn nulls(&mut self, n: usize) {
        for _ in 0..n {
            self.push(Val::Null);
        }
    }

    /// The next column's value: the bytes `r` of line `l`, the line whose
    /// record this is (null when `r` is `None` or out of range). `r` holds
    /// whole UTF-8 characters when the line is text (a component's range
    /// in a parse of the line is such a range).
    #[inline]
    fn part(&mut self, l: &Line<'a>, r: Option<Range<usize>>) {
        self.push(Val::opt_b(r.and_then(|r| l.bytes.get(r))));
    }

    /// The columns every line command has first (`file`, `line`, `input`)
    /// of line `l`: its file name, its number and its bytes.
    #[inline]
    fn line_fields(&mut self, l: &Line<'a>) {
        self.str(&l.file.name);
        self.push(Val::Int(l.no));
        match l.text {
            Some(t) => self.str(t),
            None => self.push(Val::b(l.bytes)),
        }
    }
}

impl<'a> Fields<'a> for Row<'a> {
    #[inline]
    fn push(&mut self, v: Val<'a>) {
        Row::push(self, v);
    }

    #[inline]
    fn nulls(&mut self, n: usize) {
        Row::nulls(self, n);
    }
}

/// A job whose records are filled through [`Fields`], so that
/// [`Sink::write`] can skip the row where the layout allows.
pub trait Fill {
    /// Puts the values of the record of `l`, every column in order.
    fn fill<'a, F: Fields<'a>>(&self, l: &Line<'a>, f: &mut F);
}

/// The bytes `r` of line `l` ([`Fields::part`]).
#[inline(always)]
fn line_part<'a>(l: &Line<'a>, r: Range<usize>) -> Option<&'a [u8]> {
    #[cfg(debug_assertions)]
    if let Some(t) = l.text.filter(|t| r.start <= r.end && r.end <= t.len()) {
        assert!(t.is_char_boundary(r.start) && t.is_char_boundary(r.end), "{r:?} splits a character of {t:?}");
    }
    l.bytes.get(r)
}

impl<'a> Line<'a> {
    /// A record that starts with the columns every line command has first
    /// (`file`, `line`, `input`): the file name, the line number and the line.
    #[inline]
    pub fn row(&self) -> Row<'a> {
        let mut r = Row::default();
        self.first_fields(&mut r);
        r
    }

    /// Puts those first columns (`file`, `line`, `input`) into `f`
    /// ([`Fields::line_fields`]).
    #[inline]
    pub fn first_fields<F: Fields<'a>>(&self, f: &mut F) {
        f.line_fields(self);
    }
}
