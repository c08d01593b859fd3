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

use base64::Engine as _;
use clap::ValueEnum;

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
        let json_keys = selected
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
        Ok(Layout { format, columns, fields: selected, json_keys, text: pieces, term })
    }

    /// The names of the selected columns, in output order.
    pub fn names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.fields.iter().map(|&i| self.columns[i])
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
            Format::Jsonl | Format::Text => {}
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
}

impl<'l> Sink<'l> {
    /// A sink writing into `buf` (a recycled buffer: cleared first).
    pub fn new(layout: &'l Layout, mut buf: Vec<u8>) -> Sink<'l> {
        buf.clear();
        if layout.format == Format::Csv {
            Sink { layout, buf: Vec::new(), csv: Some(csv_writer(layout.term, buf)) }
        } else {
            Sink { layout, buf, csv: None }
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
                    let mut num = [0u8; 20];
                    for &i in &l.fields {
                        let _ = match row.get(i) {
                            Val::Null => w.write_field(b""),
                            Val::Bool(b) => w.write_field(if *b { "true" } else { "false" }),
                            Val::Int(n) => w.write_field(decimal(&mut num, *n)),
                            Val::Str(s) => w.write_field(s),
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

/// The decimal digits of `n` in `buf`.
fn decimal(buf: &mut [u8; 20], mut n: u64) -> &[u8] {
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    &buf[i..]
}

const HEX: &[u8; 16] = b"0123456789abcdef";
const HEX_UPPER: &[u8; 16] = b"0123456789ABCDEF";

/// Whether `s` needs no escaping in JSON or TSV: printable ASCII other than
/// `"` and `\`. Checks blocks without early exits, so that it vectorizes.
#[inline]
fn plain(s: &[u8]) -> bool {
    s.chunks(64).all(|c| {
        c.iter().fold(0u8, |bad, &b| bad | u8::from(!(0x20..0x7F).contains(&b) | (b == b'"') | (b == b'\\'))) == 0
    })
}

fn json_val(out: &mut Vec<u8>, v: &Val<'_>) {
    match v {
        Val::Null => out.extend_from_slice(b"null"),
        Val::Bool(true) => out.extend_from_slice(b"true"),
        Val::Bool(false) => out.extend_from_slice(b"false"),
        Val::Int(n) => out.extend_from_slice(decimal(&mut [0; 20], *n)),
        Val::Str(s) => json_bytes(out, s),
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

fn tsv_val(out: &mut Vec<u8>, v: &Val<'_>) {
    match v {
        Val::Null => out.extend_from_slice(b"\\N"),
        Val::Str(s) => tsv_str(out, s),
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

fn text_val(out: &mut Vec<u8>, v: &Val<'_>) {
    match v {
        Val::Null => {}
        Val::Bool(true) => out.extend_from_slice(b"true"),
        Val::Bool(false) => out.extend_from_slice(b"false"),
        Val::Int(n) => out.extend_from_slice(decimal(&mut [0; 20], *n)),
        Val::Str(s) => out.extend_from_slice(s),
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

    #[test]
    fn tsv_escapes() {
        assert_eq!(t(b"a b"), "a b");
        assert_eq!(t(b"a\tb\\c\rd\x7F\xFE\xC3\xA9"), "a\\tb\\\\c\\rd\\x7F\\xFE\u{e9}");
    }

    #[test]
    fn numbers() {
        for n in [0u64, 7, 10, 99, 12345, u64::MAX] {
            assert_eq!(decimal(&mut [0; 20], n), n.to_string().as_bytes());
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
