//! Records: the values of one output row, the column list each command
//! declares once, and the writers (JSON Lines, TSV, CSV, text) that take
//! the selected columns from that list.
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

use base64::Engine as _;
use clap::ValueEnum;

use crate::line::Line;

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

/// The type of the columns every command shares by name; the others are
/// text unless a command says otherwise.
#[cfg_attr(not(feature = "parquet"), allow(dead_code))]
pub fn column_type(name: &str) -> ColType {
    match name {
        "line" | "col" | "start" | "end" | "index" | "error_index" => ColType::UInt,
        "valid" => ColType::Bool,
        "port" => ColType::Port,
        _ => ColType::Str,
    }
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
/// list: a [`Row`] (then written by [`Sink::emit`]), or a [`Direct`] writer
/// that writes each selected value into the output as it comes.
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

/// A selected column as [`Direct`] writes it.
struct DirectField {
    /// The first selected column (TSV: no TAB before it).
    first: bool,
    /// JSON: `{"name":` or `,"name":`.
    key: Vec<u8>,
    /// JSON: the key and `null`.
    null: Vec<u8>,
}

impl DirectField {
    /// What comes before the value.
    #[inline(always)]
    fn prefix(&self, json: bool, out: &mut Vec<u8>) {
        if json {
            out.extend_from_slice(&self.key);
        } else if !self.first {
            out.push(b'\t');
        }
    }

    /// The null value with what comes before it.
    #[inline(always)]
    fn null(&self, json: bool, out: &mut Vec<u8>) {
        if json {
            out.extend_from_slice(&self.null);
        } else if self.first {
            out.extend_from_slice(b"\\N");
        } else {
            out.extend_from_slice(b"\t\\N");
        }
    }
}

/// Writes the values of one record straight into the output buffer (TSV or
/// JSON Lines, with the selected columns in column order): each value is
/// written as it is pushed, or skipped when its column is not selected.
pub struct Direct<'s> {
    /// The sink's buffer, held here while the record is written.
    out: Vec<u8>,
    /// Indexed by column: `Some` when selected.
    cols: &'s [Option<DirectField>],
    json: bool,
    /// The next column.
    col: usize,
    /// The addresses `[start, end)` of the line when none of its bytes needs
    /// an escape in JSON or TSV (else empty): a string inside it needs none
    /// either, so it is copied as it is.
    clean: (usize, usize),
}

impl<'s> Direct<'s> {
    /// The next column, if selected.
    #[inline]
    fn next(&mut self) -> Option<&'s DirectField> {
        let cols: &'s [Option<DirectField>] = self.cols;
        let f = cols.get(self.col).and_then(Option::as_ref);
        self.col += 1;
        f
    }

    /// Writes `s`, which needs no escape, as a string value.
    #[inline(always)]
    fn plain_str(&mut self, s: &[u8]) {
        if self.json {
            self.out.push(b'"');
            self.out.extend_from_slice(s);
            self.out.push(b'"');
        } else {
            self.out.extend_from_slice(s);
        }
    }
}

impl<'a> Fields<'a> for Direct<'_> {
    #[inline(always)]
    fn push(&mut self, v: Val<'a>) {
        let f = self.next();
        let out = &mut self.out;
        match (f, &v) {
            (None, _) => {}
            (Some(f), Val::Null) => f.null(self.json, out),
            (Some(f), v) => {
                f.prefix(self.json, out);
                if self.json {
                    json_val(out, v);
                } else {
                    tsv_val(out, v);
                }
            }
        }
    }

    #[inline(always)]
    fn str(&mut self, s: &'a str) {
        let (json, (start, end)) = (self.json, self.clean);
        let addr = s.as_ptr() as usize;
        let inside = addr >= start && addr + s.len() <= end;
        let Some(f) = self.next() else { return };
        f.prefix(json, &mut self.out);
        match (inside, json) {
            (true, _) => self.plain_str(s.as_bytes()),
            (false, true) => json_str(&mut self.out, s.as_bytes()),
            (false, false) => tsv_str(&mut self.out, s.as_bytes()),
        }
    }

    #[inline(always)]
    fn name(&mut self, s: &'static str) {
        debug_assert!(plain(s.as_bytes()), "{s:?}");
        let Some(f) = self.next() else { return };
        f.prefix(self.json, &mut self.out);
        self.plain_str(s.as_bytes());
    }

    #[inline(always)]
    fn nulls(&mut self, n: usize) {
        for _ in 0..n {
            if let Some(f) = self.next() {
                f.null(self.json, &mut self.out);
            }
        }
    }

    #[inline(always)]
    fn part(&mut self, l: &Line<'a>, r: Option<Range<usize>>) {
        let Some(f) = self.next() else { return };
        match r.and_then(|r| line_part(l, r)) {
            None => f.null(self.json, &mut self.out),
            Some(s) => {
                f.prefix(self.json, &mut self.out);
                match (l.escape_free && l.text.is_some(), self.json) {
                    (true, _) => self.plain_str(s),
                    (false, true) => json_bytes(&mut self.out, s),
                    (false, false) => tsv_str(&mut self.out, s),
                }
            }
        }
    }
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

/// A number in decimal, kept from one record to the next: the next line's
/// number is mostly the last one plus one, an increment of the last digit
/// rather than a conversion.
#[derive(Default)]
pub struct Decimal {
    /// The number `digits[..len]` stands for (when `len` > 0).
    value: u64,
    len: usize,
    /// The digits, most significant first; `u64::MAX` has 20.
    digits: [u8; 20],
}

impl Decimal {
    /// Appends `n` in decimal to `out`.
    #[inline(always)]
    fn write(&mut self, n: u64, out: &mut Vec<u8>) {
        if n != self.value || self.len == 0 {
            if !(self.len > 0 && Some(n) == self.value.checked_add(1) && self.increment()) {
                let mut buf = itoa::Buffer::new();
                let s = buf.format(n).as_bytes();
                self.len = s.len();
                self.digits[..s.len()].copy_from_slice(s);
            }
            self.value = n;
        }
        // All the digits (a copy of a constant size, no call), then only
        // the number's.
        let at = out.len();
        out.extend_from_slice(&self.digits);
        out.truncate(at + self.len);
    }

    /// Adds one to the digits; `false` when they are all nines (the number
    /// gets one more digit: the caller converts it anew).
    #[inline(always)]
    fn increment(&mut self) -> bool {
        for d in self.digits[..self.len].iter_mut().rev() {
            if *d != b'9' {
                *d += 1;
                return true;
            }
            *d = b'0';
        }
        false
    }
}

/// Writes every column of a line command's record as TSV straight into the
/// output buffer, but `file` and `input` when they are not selected (the
/// default selection, `-H`, `--echo`): no per-column selection check, a TAB
/// before every column after `line`.
pub struct TsvAll<'s> {
    /// The sink's buffer.
    out: &'s mut Vec<u8>,
    /// The sink's last line number in decimal.
    no: &'s mut Decimal,
    /// Whether `file` is selected.
    file: bool,
    /// Whether `input` is selected.
    input: bool,
    /// The addresses `[start, end)` of the line when none of its bytes needs
    /// an escape in TSV (else empty), as for [`Direct`].
    clean: (usize, usize),
    /// Whether the line is UTF-8 text with no byte to escape, so that any
    /// part of it is copied as it is.
    clean_text: bool,
    /// The columns pushed (checked in debug builds: `line_fields` first,
    /// then every column).
    #[cfg(debug_assertions)]
    col: usize,
}

impl TsvAll<'_> {
    /// One more column (debug builds: after the line's first three).
    #[inline(always)]
    fn count(&mut self) {
        #[cfg(debug_assertions)]
        {
            assert!(self.col >= 3, "TsvAll: a column before the line's first ones");
            self.col += 1;
        }
    }

    /// A string value, with the TAB before it.
    #[inline(always)]
    fn tab_str(&mut self, s: &str) {
        let s = s.as_bytes();
        let (start, end) = self.clean;
        let addr = s.as_ptr() as usize;
        self.out.push(b'\t');
        if addr >= start && addr + s.len() <= end {
            self.out.extend_from_slice(s);
        } else {
            tsv_str(self.out, s);
        }
    }
}

impl<'a> Fields<'a> for TsvAll<'_> {
    #[inline(always)]
    fn push(&mut self, v: Val<'a>) {
        self.count();
        match &v {
            Val::Null => self.out.extend_from_slice(b"\t\\N"),
            Val::Bool(true) => self.out.extend_from_slice(b"\ttrue"),
            Val::Bool(false) => self.out.extend_from_slice(b"\tfalse"),
            v => {
                self.out.push(b'\t');
                tsv_val(self.out, v);
            }
        }
    }

    #[inline(always)]
    fn str(&mut self, s: &'a str) {
        self.count();
        self.tab_str(s);
    }

    #[inline(always)]
    fn name(&mut self, s: &'static str) {
        debug_assert!(plain(s.as_bytes()), "{s:?}");
        self.count();
        self.out.push(b'\t');
        self.out.extend_from_slice(s.as_bytes());
    }

    #[inline(always)]
    fn nulls(&mut self, n: usize) {
        for _ in 0..n {
            self.count();
        }
        // Three at a time (a valid line's error columns in `parse`): one
        // copy of a constant instead of three.
        for _ in 0..n / 3 {
            self.out.extend_from_slice(b"\t\\N\t\\N\t\\N");
        }
        for _ in 0..n % 3 {
            self.out.extend_from_slice(b"\t\\N");
        }
    }

    #[inline(always)]
    fn part(&mut self, l: &Line<'a>, r: Option<Range<usize>>) {
        self.count();
        match r.and_then(|r| line_part(l, r)) {
            None => self.out.extend_from_slice(b"\t\\N"),
            Some(s) => {
                self.out.push(b'\t');
                if self.clean_text {
                    self.out.extend_from_slice(s);
                } else {
                    tsv_str(self.out, s);
                }
            }
        }
    }

    #[inline(always)]
    fn line_fields(&mut self, l: &Line<'a>) {
        #[cfg(debug_assertions)]
        {
            assert_eq!(self.col, 0, "TsvAll: the line's first columns after others");
            self.col = 3;
        }
        if self.file {
            tsv_str(self.out, l.file.name.as_bytes());
            self.out.push(b'\t');
        }
        self.no.write(l.no, self.out);
        if self.input {
            self.out.push(b'\t');
            if self.clean_text {
                self.out.extend_from_slice(l.bytes);
            } else {
                tsv_str(self.out, l.bytes);
            }
        }
    }
}

/// A piece of a text template.
#[derive(Clone, Debug)]
enum Piece {
    Lit(Vec<u8>),
    Col(usize),
}

/// How records are written: the format, the selected columns (indexes into
/// the command's column list) and the record terminator. Built once per run.
pub struct Layout {
    pub format: Format,
    columns: &'static [&'static str],
    fields: Vec<usize>,
    /// The JSON key of each selected field: `{"name":` or `,"name":`.
    json_keys: Vec<Vec<u8>>,
    /// The text layout.
    text: Vec<Piece>,
    /// `\n`, or NUL with `--null`.
    term: u8,
    /// For [`Direct`], indexed by column: TSV or JSON Lines whose selected
    /// columns are in column order (each once).
    direct: Option<Vec<Option<DirectField>>>,
    /// For [`TsvAll`]: TSV of a line command's every column in order, but
    /// perhaps `file` and `input`: whether each of those is selected.
    tsv_all: Option<(bool, bool)>,
}

/// A usage error of `--fields` or of a text template.
#[derive(Debug)]
pub struct FieldError(pub String);

impl Layout {
    /// `fields`: the selected column names (`None`: `default`, the columns
    /// the command shows unless told otherwise). `text`: the command's text
    /// layout (`{column}` placeholders), `None` to join the selected fields
    /// with TAB; ignored when `--fields` is given.
    pub fn new(
        format: Format,
        columns: &'static [&'static str],
        fields: Option<&[String]>,
        default: impl Fn(&str) -> bool,
        text: Option<&str>,
        term: u8,
    ) -> Result<Layout, FieldError> {
        let index = |name: &str| {
            columns.iter().position(|c| *c == name).ok_or_else(|| {
                FieldError(format!("unknown field '{name}' (the fields of this command: {})", columns.join(",")))
            })
        };
        let selected: Vec<usize> = match fields {
            Some(names) => {
                let names: Vec<&str> =
                    names.iter().flat_map(|n| n.split(',')).map(str::trim).filter(|n| !n.is_empty()).collect();
                if names.is_empty() {
                    return Err(FieldError("--fields needs at least one field name".into()));
                }
                names.into_iter().map(index).collect::<Result<_, _>>()?
            }
            None => (0..columns.len()).filter(|&i| default(columns[i])).collect(),
        };
        let json_keys: Vec<Vec<u8>> = selected
            .iter()
            .enumerate()
            .map(|(k, &i)| {
                let mut key = Vec::from(if k == 0 { &b"{"[..] } else { &b","[..] });
                json_str(&mut key, columns[i].as_bytes());
                key.push(b':');
                key
            })
            .collect();
        let mut pieces = Vec::new();
        match text.filter(|_| fields.is_none()) {
            Some(t) => {
                let mut rest = t;
                while let Some(open) = rest.find('{') {
                    let close = rest[open..]
                        .find('}')
                        .map(|c| open + c)
                        .ok_or_else(|| FieldError(format!("unclosed placeholder in text layout {t:?}")))?;
                    pieces.push(Piece::Lit(rest.as_bytes()[..open].to_vec()));
                    pieces.push(Piece::Col(index(&rest[open + 1..close])?));
                    rest = &rest[close + 1..];
                }
                pieces.push(Piece::Lit(rest.as_bytes().to_vec()));
            }
            None => {
                for (k, &i) in selected.iter().enumerate() {
                    if k > 0 {
                        pieces.push(Piece::Lit(b"\t".to_vec()));
                    }
                    pieces.push(Piece::Col(i));
                }
            }
        }
        let in_order = !selected.is_empty() && selected.windows(2).all(|w| w[0] < w[1]);
        let direct = (in_order && matches!(format, Format::Tsv | Format::Jsonl)).then(|| {
            let mut cols: Vec<Option<DirectField>> = columns.iter().map(|_| None).collect();
            for (k, (&i, key)) in selected.iter().zip(&json_keys).enumerate() {
                let null = [&key[..], b"null"].concat();
                cols[i] = Some(DirectField { first: k == 0, key: key.clone(), null });
            }
            cols
        });
        let tsv_all = (format == Format::Tsv && columns.starts_with(&["file", "line", "input"]))
            .then(|| {
                let (file, input) = (selected.first() == Some(&0), selected.contains(&2));
                let all = (0..columns.len()).filter(|&i| match i {
                    0 => file,
                    2 => input,
                    _ => true,
                });
                all.eq(selected.iter().copied()).then_some((file, input))
            })
            .flatten();
        Ok(Layout { format, columns, fields: selected, json_keys, text: pieces, term, direct, tsv_all })
    }

    /// The names of the selected columns, in output order.
    pub fn names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.fields.iter().map(|&i| self.columns[i])
    }

    /// Whether records are written [`Direct`]ly.
    #[cfg(test)]
    pub fn is_direct(&self) -> bool {
        self.direct.is_some()
    }

    /// Whether records are written by [`TsvAll`].
    #[cfg(test)]
    pub fn is_tsv_all(&self) -> bool {
        self.tsv_all.is_some()
    }

    /// The header record (TSV and CSV), written once before the first record.
    pub fn header(&self) -> Vec<u8> {
        let mut out = Vec::new();
        match self.format {
            Format::Tsv => {
                for (k, name) in self.names().enumerate() {
                    if k > 0 {
                        out.push(b'\t');
                    }
                    out.extend_from_slice(name.as_bytes());
                }
                out.push(self.term);
            }
            Format::Csv => {
                let mut w = csv_writer(self.term, Vec::new());
                let _ = w.write_record(self.names());
                out = csv_finish(w);
            }
            Format::Jsonl | Format::Text | Format::Parquet => {}
        }
        out
    }
}

fn csv_writer(term: u8, buf: Vec<u8>) -> csv::Writer<Vec<u8>> {
    csv::WriterBuilder::new().terminator(csv::Terminator::Any(term)).flexible(true).from_writer(buf)
}

fn csv_finish(w: csv::Writer<Vec<u8>>) -> Vec<u8> {
    // Writing into a Vec cannot fail.
    w.into_inner().unwrap_or_default()
}

/// Where records go: a buffer of whole records, handed to the writer thread
/// (or stdout) a chunk at a time.
pub struct Sink<'l> {
    layout: &'l Layout,
    buf: Vec<u8>,
    csv: Option<csv::Writer<Vec<u8>>>,
    /// Never write [`Direct`]ly or by [`TsvAll`] (the tests compare the
    /// ways).
    rows_only: bool,
    /// Never write by [`TsvAll`] (the tests compare it with [`Direct`]).
    no_tsv_all: bool,
    /// The line number [`TsvAll`] wrote last.
    no: Decimal,
}

impl<'l> Sink<'l> {
    /// A sink writing into `buf` (a recycled buffer: cleared first).
    pub fn new(layout: &'l Layout, mut buf: Vec<u8>) -> Sink<'l> {
        buf.clear();
        let (buf, csv) = match layout.format {
            Format::Csv => (Vec::new(), Some(csv_writer(layout.term, buf))),
            _ => (buf, None),
        };
        Sink { layout, buf, csv, rows_only: false, no_tsv_all: false, no: Decimal::default() }
    }

    /// The same sink, writing every record through a [`Row`].
    #[cfg(test)]
    pub fn rows_only(self) -> Self {
        Sink { rows_only: true, ..self }
    }

    /// The same sink, writing [`Direct`]ly where [`TsvAll`] would.
    #[cfg(test)]
    pub fn no_tsv_all(self) -> Self {
        Sink { no_tsv_all: true, ..self }
    }

    /// Writes the record of `l` that `job` fills: straight into the buffer
    /// when the layout allows ([`TsvAll`], [`Direct`]), else through a
    /// [`Row`] and [`emit`](Sink::emit). All write the same bytes.
    #[inline]
    pub fn write<'a, J: Fill>(&mut self, job: &J, l: &Line<'a>) {
        let layout = self.layout;
        if let Some((file, input)) = layout.tsv_all.filter(|_| !self.rows_only && !self.no_tsv_all) {
            let start = l.bytes.as_ptr() as usize;
            let clean = if l.escape_free { (start, start + l.bytes.len()) } else { (0, 0) };
            let clean_text = l.escape_free && l.text.is_some();
            let mut w = TsvAll {
                out: &mut self.buf,
                no: &mut self.no,
                file,
                input,
                clean,
                clean_text,
                #[cfg(debug_assertions)]
                col: 0,
            };
            job.fill(l, &mut w);
            #[cfg(debug_assertions)]
            assert_eq!(w.col, layout.columns.len(), "a record of {:?}", layout.columns);
            self.buf.push(layout.term);
            return;
        }
        match &layout.direct {
            Some(cols) if !self.rows_only => {
                let start = l.bytes.as_ptr() as usize;
                let clean = if l.escape_free { (start, start + l.bytes.len()) } else { (0, 0) };
                let json = layout.format == Format::Jsonl;
                let out = std::mem::take(&mut self.buf);
                let mut d = Direct { out, cols, json, col: 0, clean };
                job.fill(l, &mut d);
                debug_assert_eq!(d.col, layout.columns.len(), "a record of {:?}", layout.columns);
                self.buf = d.out;
                if json {
                    self.buf.push(b'}');
                }
                self.buf.push(layout.term);
            }
            _ => {
                let mut r = Row::default();
                job.fill(l, &mut r);
                self.emit(&r);
            }
        }
    }

    /// Writes one record.
    pub fn emit(&mut self, row: &Row<'_>) {
        debug_assert_eq!(row.len(), self.layout.columns.len(), "a row of {:?}", self.layout.columns);
        let l = self.layout;
        let out = &mut self.buf;
        match l.format {
            Format::Jsonl => {
                if l.fields.is_empty() {
                    out.push(b'{');
                }
                for (key, &i) in l.json_keys.iter().zip(&l.fields) {
                    out.extend_from_slice(key);
                    json_val(out, row.get(i));
                }
                out.push(b'}');
                out.push(l.term);
            }
            Format::Tsv => {
                for (k, &i) in l.fields.iter().enumerate() {
                    if k > 0 {
                        out.push(b'\t');
                    }
                    tsv_val(out, row.get(i));
                }
                out.push(l.term);
            }
            Format::Csv => {
                if let Some(w) = &mut self.csv {
                    let mut num = itoa::Buffer::new();
                    for &i in &l.fields {
                        let _ = match row.get(i) {
                            Val::Null => w.write_field(b""),
                            Val::Bool(b) => w.write_field(if *b { "true" } else { "false" }),
                            Val::Int(n) => w.write_field(num.format(*n)),
                            Val::Str(s) => w.write_field(s),
                            Val::List(items) => w.write_field(array_literal(items)),
                        };
                    }
                    let _ = w.write_record(None::<&[u8]>);
                }
            }
            Format::Text => {
                for p in &l.text {
                    match p {
                        Piece::Lit(s) => out.extend_from_slice(s),
                        Piece::Col(i) => text_val(out, row.get(*i)),
                    }
                }
                out.push(l.term);
            }
            Format::Parquet => {
                for &i in &l.fields {
                    encode_val(out, row.get(i));
                }
            }
        }
    }

    /// The bytes written so far (whole records only).
    pub fn take(&mut self) -> Vec<u8> {
        if let Some(w) = self.csv.take() {
            self.csv = Some(csv_writer(self.layout.term, Vec::new()));
            csv_finish(w)
        } else {
            std::mem::take(&mut self.buf)
        }
    }

    /// Goes on writing into `buf` (a recycled buffer).
    pub fn reuse(&mut self, mut buf: Vec<u8>) {
        buf.clear();
        match &mut self.csv {
            Some(w) => *w = csv_writer(self.layout.term, buf),
            None => self.buf = buf,
        }
    }
}

const HEX: &[u8; 16] = b"0123456789abcdef";
const HEX_UPPER: &[u8; 16] = b"0123456789ABCDEF";

/// The position of the first byte of `data[from..]` that JSON or TSV
/// escapes (a control byte other than `except`, DEL, `"` or `\`; bytes
/// above DEL are not looked at), or `data.len()`. Looks at blocks without
/// early exits, so that it vectorizes: whole 64-byte blocks (a loop whose
/// block length is a constant), then the rest.
#[inline]
pub fn find_escape(data: &[u8], from: usize, except: Option<u8>) -> usize {
    let except = except.unwrap_or(0xFF);
    let bad = |b: u8| ((b < 0x20) & (b != except)) | (b == 0x7F) | (b == b'"') | (b == b'\\');
    // The first escaped byte of a block, looked for only once the whole
    // block (a test without early exits) says there is one.
    let first = |block: &[u8]| match block.iter().fold(false, |m, &b| m | bad(b)) {
        true => block.iter().position(|&b| bad(b)),
        false => None,
    };
    let mut at = from;
    let mut blocks = data.get(from..).unwrap_or_default().chunks_exact(64);
    for block in &mut blocks {
        if let Some(k) = first(block) {
            return at + k;
        }
        at += 64;
    }
    // The last bytes (fewer than 64), the same way.
    first(blocks.remainder()).map_or(data.len(), |k| at + k)
}

/// Whether `s` needs no escaping in JSON or TSV and is UTF-8: printable
/// ASCII other than `"` and `\`.
#[inline]
fn plain(s: &[u8]) -> bool {
    s.is_ascii() && find_escape(s, 0, None) == s.len()
}

#[inline]
fn json_val(out: &mut Vec<u8>, v: &Val<'_>) {
    match v {
        Val::Null => out.extend_from_slice(b"null"),
        Val::Bool(true) => out.extend_from_slice(b"true"),
        Val::Bool(false) => out.extend_from_slice(b"false"),
        Val::Int(n) => out.extend_from_slice(itoa::Buffer::new().format(*n).as_bytes()),
        Val::Str(s) => json_bytes(out, s),
        Val::List(items) => {
            out.push(b'[');
            for (k, item) in items.iter().enumerate() {
                if k > 0 {
                    out.push(b',');
                }
                json_bytes(out, item);
            }
            out.push(b']');
        }
    }
}

/// `items` as a PostgreSQL array literal: `{"a","b\"c"}`, every item
/// quoted, `"` and `\` escaped with a backslash.
fn array_literal(items: &[Cow<'_, [u8]>]) -> Vec<u8> {
    let mut out = vec![b'{'];
    for (k, item) in items.iter().enumerate() {
        if k > 0 {
            out.push(b',');
        }
        out.push(b'"');
        for &b in item.iter() {
            if b == b'"' || b == b'\\' {
                out.push(b'\\');
            }
            out.push(b);
        }
        out.push(b'"');
    }
    out.push(b'}');
    out
}

/// The tags of the row encoding the Parquet writer reads
/// ([`encode_val`]).
pub mod tag {
    pub const NULL: u8 = 0;
    pub const FALSE: u8 = 1;
    pub const TRUE: u8 = 2;
    /// Then the number, 8 bytes little-endian.
    pub const INT: u8 = 3;
    /// Then the length, 8 bytes little-endian, and the bytes.
    pub const STR: u8 = 4;
    /// Then the number of items, 8 bytes little-endian, and each item as
    /// its length and bytes.
    pub const LIST: u8 = 5;
}

/// `v` in the row encoding that carries records from the jobs to the
/// Parquet writer: a tag, then the value (see [`tag`]). A record is its
/// selected values in order, nothing between records.
fn encode_val(out: &mut Vec<u8>, v: &Val<'_>) {
    let bytes = |out: &mut Vec<u8>, s: &[u8]| {
        out.extend_from_slice(&(s.len() as u64).to_le_bytes());
        out.extend_from_slice(s);
    };
    match v {
        Val::Null => out.push(tag::NULL),
        Val::Bool(false) => out.push(tag::FALSE),
        Val::Bool(true) => out.push(tag::TRUE),
        Val::Int(n) => {
            out.push(tag::INT);
            out.extend_from_slice(&n.to_le_bytes());
        }
        Val::Str(s) => {
            out.push(tag::STR);
            bytes(out, s);
        }
        Val::List(items) => {
            out.push(tag::LIST);
            out.extend_from_slice(&(items.len() as u64).to_le_bytes());
            for item in items {
                bytes(out, item);
            }
        }
    }
}

/// `s` as a JSON string when it is UTF-8, else as `{"bytes":"<base64>"}`.
pub fn json_bytes(out: &mut Vec<u8>, s: &[u8]) {
    if plain(s) || std::str::from_utf8(s).is_ok() {
        json_str(out, s);
    } else {
        out.extend_from_slice(b"{\"bytes\":\"");
        let start = out.len();
        out.resize(start + base64::encoded_len(s.len(), true).unwrap_or(0), 0);
        let n = base64::engine::general_purpose::STANDARD.encode_slice(s, &mut out[start..]).unwrap_or(0);
        out.truncate(start + n);
        out.extend_from_slice(b"\"}");
    }
}

/// Valid UTF-8 `s` as a JSON string (RFC 8259 escaping).
pub fn json_str(out: &mut Vec<u8>, s: &[u8]) {
    out.push(b'"');
    if plain(s) {
        out.extend_from_slice(s);
    } else {
        let mut start = 0;
        for (i, &b) in s.iter().enumerate() {
            if b >= 0x20 && b != b'"' && b != b'\\' {
                continue;
            }
            out.extend_from_slice(&s[start..i]);
            start = i + 1;
            match b {
                b'"' => out.extend_from_slice(b"\\\""),
                b'\\' => out.extend_from_slice(b"\\\\"),
                b'\n' => out.extend_from_slice(b"\\n"),
                b'\r' => out.extend_from_slice(b"\\r"),
                b'\t' => out.extend_from_slice(b"\\t"),
                _ => out.extend_from_slice(&[
                    b'\\',
                    b'u',
                    b'0',
                    b'0',
                    HEX[usize::from(b >> 4)],
                    HEX[usize::from(b & 15)],
                ]),
            }
        }
        out.extend_from_slice(&s[start..]);
    }
    out.push(b'"');
}

#[inline]
fn tsv_val(out: &mut Vec<u8>, v: &Val<'_>) {
    match v {
        Val::Null => out.extend_from_slice(b"\\N"),
        Val::Str(s) => tsv_str(out, s),
        Val::List(items) => tsv_str(out, &array_literal(items)),
        other => text_val(out, other),
    }
}

/// `s` as a TSV field (PostgreSQL COPY text escapes; see the module docs).
pub fn tsv_str(out: &mut Vec<u8>, s: &[u8]) {
    if plain(s) {
        out.extend_from_slice(s);
        return;
    }
    for chunk in s.utf8_chunks() {
        let v = chunk.valid().as_bytes();
        let mut start = 0;
        for (i, &b) in v.iter().enumerate() {
            if b >= 0x20 && b != 0x7F && b != b'\\' {
                continue;
            }
            out.extend_from_slice(&v[start..i]);
            start = i + 1;
            match b {
                b'\\' => out.extend_from_slice(b"\\\\"),
                b'\t' => out.extend_from_slice(b"\\t"),
                b'\n' => out.extend_from_slice(b"\\n"),
                b'\r' => out.extend_from_slice(b"\\r"),
                _ => hex_escape(out, b),
            }
        }
        out.extend_from_slice(&v[start..]);
        for &b in chunk.invalid() {
            hex_escape(out, b);
        }
    }
}

fn hex_escape(out: &mut Vec<u8>, b: u8) {
    out.extend_from_slice(&[b'\\', b'x', HEX_UPPER[usize::from(b >> 4)], HEX_UPPER[usize::from(b & 15)]]);
}

#[inline]
fn text_val(out: &mut Vec<u8>, v: &Val<'_>) {
    match v {
        Val::Null => {}
        Val::Bool(true) => out.extend_from_slice(b"true"),
        Val::Bool(false) => out.extend_from_slice(b"false"),
        Val::Int(n) => out.extend_from_slice(itoa::Buffer::new().format(*n).as_bytes()),
        Val::Str(s) => out.extend_from_slice(s),
        Val::List(items) => {
            for (k, item) in items.iter().enumerate() {
                if k > 0 {
                    out.push(b' ');
                }
                out.extend_from_slice(item);
            }
        }
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn j(s: &[u8]) -> String {
        let mut v = Vec::new();
        json_bytes(&mut v, s);
        String::from_utf8(v).unwrap()
    }

    fn t(s: &[u8]) -> String {
        let mut v = Vec::new();
        tsv_str(&mut v, s);
        String::from_utf8(v).unwrap()
    }

    #[test]
    fn json_is_plain_json() {
        assert_eq!(j(b"http://a/b"), r#""http://a/b""#);
        assert_eq!(j(b"a\"b\\c\td\x01"), r#""a\"b\\c\td\u0001""#);
        assert_eq!(j("café".as_bytes()), "\"café\"");
        // Not UTF-8: base64 of the bytes.
        assert_eq!(j(b"a\xFF"), r#"{"bytes":"Yf8="}"#);
    }

    /// `find_escape` finds what a byte-by-byte scan does: each byte it
    /// looks for at each offset of strings up to three blocks long, from
    /// every start, with and without an excepted separator.
    #[test]
    fn find_escape_is_a_scan() {
        let bad = |b: u8, except: Option<u8>| (b < 0x20 && Some(b) != except) || b == 0x7F || b == b'"' || b == b'\\';
        for len in 0..200 {
            for (at, byte) in
                (0..len).flat_map(|at| [b'\0', b'\n', b'\t', 0x1F, 0x7F, b'"', b'\\', 0x80, b' '].map(|b| (at, b)))
            {
                let mut data = vec![b'a'; len];
                data[at] = byte;
                for except in [None, Some(b'\n')] {
                    for from in [0, 1, 63, 64, 65, len] {
                        let want = (from..len).find(|&i| bad(data[i], except)).unwrap_or(len);
                        assert_eq!(find_escape(&data, from, except), want, "{len} {at} {byte} {from}");
                    }
                }
            }
        }
    }

    #[test]
    fn tsv_escapes() {
        assert_eq!(t(b"a b"), "a b");
        assert_eq!(t(b"a\tb\\c\rd\x7F\xFE\xC3\xA9"), "a\\tb\\\\c\\rd\\x7F\\xFE\u{e9}");
    }

    /// A job that puts every kind of value, parts of its line included
    /// (half of it, all of it, none, out of range), so that the writers
    /// meet values that need escapes.
    struct Probe;

    const PROBE: &[&str] =
        &["file", "line", "input", "half", "all", "none", "beyond", "bytes", "text", "list", "n", "name"];

    impl Fill for Probe {
        fn fill<'a, F: Fields<'a>>(&self, l: &Line<'a>, f: &mut F) {
            l.first_fields(f);
            let mut half = l.bytes.len() / 2;
            while l.text.is_some_and(|t| !t.is_char_boundary(half)) {
                half -= 1;
            }
            f.part(l, Some(0..half));
            f.part(l, Some(0..l.bytes.len()));
            f.part(l, None);
            f.part(l, Some(l.bytes.len()..l.bytes.len() + 3));
            f.push(Val::b(l.bytes));
            f.str(l.text.unwrap_or("not UTF-8"));
            f.push(Val::List(vec![Cow::Borrowed(l.bytes), Cow::Borrowed(b"a\"b")]));
            f.push(Val::Int(l.no * 7));
            f.name("name");
        }
    }

    /// [`TsvAll`] writes what the selecting writers do, value by value, on
    /// lines with bytes to escape, invalid UTF-8 and none.
    #[test]
    fn tsv_all_equals_direct_and_rows() {
        let lines: &[&[u8]] = &[
            b"",
            b"http://a/b",
            b"a\tb\\c\rd\x00e\x7Ff\"g",
            "caf\u{e9} \u{65e5}\u{672c}".as_bytes(),
            b"bad \xFF\xC3 utf-8\t",
            b"\xE2\x82",
            b"\\N",
        ];
        let file = crate::line::FileCtx::new("f\til\\e");
        for (fi, fo) in [(false, false), (true, false), (false, true), (true, true)] {
            let names: Vec<&str> =
                PROBE.iter().copied().filter(|&c| (c != "file" || fi) && (c != "input" || fo)).collect();
            let fields = vec![names.join(",")];
            let layout = Layout::new(Format::Tsv, PROBE, Some(&fields), |_| true, None, b'\n').unwrap();
            assert!(layout.is_tsv_all());
            let mut sinks = [
                Sink::new(&layout, Vec::new()),
                Sink::new(&layout, Vec::new()).no_tsv_all(),
                Sink::new(&layout, Vec::new()).rows_only(),
            ];
            for (no, &bytes) in (9..).zip(lines) {
                let escape_free = find_escape(bytes, 0, None) == bytes.len();
                // As text when UTF-8, and as bytes (a chunk that is not).
                for text in [std::str::from_utf8(bytes).ok(), None] {
                    let l = Line { file: &file, no, bytes, text, escape_free };
                    for s in &mut sinks {
                        s.write(&Probe, &l);
                    }
                }
            }
            let [a, d, r] = sinks.map(|mut s| s.take());
            assert_eq!(String::from_utf8_lossy(&a), String::from_utf8_lossy(&r));
            assert_eq!(a, r);
            assert_eq!(d, r);
        }
    }

    /// The decimal counter of line numbers writes what `itoa` does, for
    /// consecutive numbers (carries into a new digit), jumps back and
    /// forth, zero and the largest.
    #[test]
    fn decimal_line_numbers() {
        let mut numbers: Vec<u64> = (0..1_200).collect();
        numbers.extend([5, 9, 10, 99, 100, 100, 7, 999_999, 1_000_000, 1_000_001, 0, 1]);
        numbers.extend((u64::MAX - 3)..=u64::MAX);
        numbers.extend([
            u64::MAX,
            18_446_744_073_709_551_609,
            9_999_999_999_999_999_999,
            10_000_000_000_000_000_000,
            3,
        ]);
        let mut d = Decimal::default();
        let mut out = b"x".to_vec();
        let mut want = b"x".to_vec();
        for n in numbers {
            d.write(n, &mut out);
            want.extend_from_slice(n.to_string().as_bytes());
            assert_eq!(out, want, "{n}");
        }
    }

    #[test]
    fn fields_select_and_order() {
        const COLS: &[&str] = &["a", "b", "c"];
        let fields = vec!["c,a".to_string()];
        let l = Layout::new(Format::Tsv, COLS, Some(&fields), |_| true, None, b'\n').unwrap();
        assert_eq!(l.names().collect::<Vec<_>>(), ["c", "a"]);
        assert_eq!(l.header(), b"c\ta\n");
        let mut s = Sink::new(&l, Vec::new());
        let mut r = Row::default();
        r.push(Val::s("x"));
        r.push(Val::Null);
        r.push(Val::Int(3));
        s.emit(&r);
        assert_eq!(s.take(), b"3\tx\n");
        let bad = vec!["nope".to_string()];
        assert!(Layout::new(Format::Tsv, COLS, Some(&bad), |_| true, None, b'\n').is_err());
    }
}
