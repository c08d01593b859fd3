//! Reading an input in big buffers and cutting it into chunks of whole
//! lines (for free text, not inside a `<...>` URI, [`text_end`]), a UTF-8 byte order mark at the start of each
//! input skipped; [`read_chunks`] does it for every input in turn, lines or
//! a column's values.

use std::fs::File;
use std::io::{self, Read};

use super::{open, plain_error, ColumnReader, FileCtx};

const BOM: &[u8] = b"\xEF\xBB\xBF";
/// How a Parquet file starts: its magic, then the first page header's (or,
/// without rows, the footer's) first field, a Thrift i32 (no line of text
/// starts so).
const PARQUET: &[u8] = b"PAR1\x15";
/// The read size on one thread.
pub const BUF: usize = 64 << 10;

/// Reads one input into a growing buffer and yields chunks of whole lines.
pub struct Reader {
    pub buf: Vec<u8>,
    /// Start of unprocessed data (3 after a skipped BOM).
    start: usize,
    filled: usize,
    /// End (after the `\n`) of the last complete line in `buf[..filled]`.
    last_nl: Option<usize>,
    at_start: bool,
    eof: bool,
    short_read: bool,
    pub bytes: u64,
    /// The line terminator.
    sep: u8,
    /// The input is free text: a chunk never ends inside `<...>`
    /// ([`text_end`]).
    free_text: bool,
    /// Bytes of this input before `buf[0]` (the offset of a chunk).
    pub offset: u64,
    /// With `--column`: where each value of the chunk ends.
    pub ends: Vec<usize>,
}

impl Reader {
    /// A reader with a buffer of `cap` bytes, lines ending in `sep`, or
    /// free text (`free_text`: chunks that a URI in `<...>` does not span).
    pub fn new(cap: usize, sep: u8, free_text: bool) -> Reader {
        Reader {
            buf: vec![0; cap],
            start: 0,
            filled: 0,
            last_nl: None,
            at_start: true,
            eof: false,
            short_read: false,
            bytes: 0,
            sep,
            free_text,
            offset: 0,
            ends: Vec::new(),
        }
    }
    /// Makes `data`, values ending at `ends`, the chunk `buf[..data.len()]`
    /// (a chunk of column values, `--column`).
    fn set_values(&mut self, data: Vec<u8>, ends: Vec<usize>) {
        self.bytes += data.len() as u64;
        self.filled = data.len();
        self.start = 0;
        self.last_nl = None;
        self.buf = data;
        self.ends = ends;
    }

    fn reset(&mut self) {
        self.start = 0;
        self.filled = 0;
        self.last_nl = None;
        self.at_start = true;
        self.eof = false;
        self.short_read = false;
        self.offset = 0;
    }

    /// The next chunk `buf[a..b]` of whole lines (the last line of the input
    /// may lack its `\n`), at least `min` bytes unless the input is at its
    /// end or a read came back short. `None` at the end of the input.
    fn next_chunk(&mut self, r: &mut dyn Read, min: usize) -> io::Result<Option<(usize, usize)>> {
        loop {
            if self.at_start && (self.filled >= BOM.len() || self.eof) {
                if self.buf[..self.filled].starts_with(BOM) {
                    self.start = BOM.len();
                }
                self.at_start = false;
            }
            if !self.at_start {
                let mut last = self.last_nl;
                if self.free_text && !self.eof {
                    last = last.and_then(|end| text_end(&self.buf[..end], self.start, self.sep, self.filled));
                }
                if let Some(end) = last {
                    if end - self.start >= min || self.short_read || self.eof {
                        return Ok(Some((self.start, end)));
                    }
                }
                if self.eof {
                    return Ok((self.filled > self.start).then_some((self.start, self.filled)));
                }
            }
            if self.filled == self.buf.len() {
                let n = self.buf.len().max(1) * 2;
                self.buf.resize(n, 0);
            }
            let before = self.filled;
            let want = self.buf.len() - before;
            let n = loop {
                match r.read(&mut self.buf[before..]) {
                    Ok(n) => break n,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    Err(e) => return Err(e),
                }
            };
            if n == 0 {
                self.eof = true;
                continue;
            }
            self.filled += n;
            self.bytes += n as u64;
            self.short_read = n < want;
            if let Some(i) = memchr::memrchr(self.sep, &self.buf[before..self.filled]) {
                self.last_nl = Some(before + i + 1);
            }
        }
    }

    /// Drops `buf[..end]`, keeping the rest for the next chunk.
    pub fn consume(&mut self, end: usize) {
        self.offset += end as u64;
        self.buf.copy_within(end..self.filled, 0);
        self.filled -= end;
        self.start = 0;
        self.last_nl = None;
    }

    /// Like [`consume`](Reader::consume), but gives the old buffer away and
    /// goes on in `spare` (a recycled buffer) or a new one.
    pub fn take(&mut self, end: usize, spare: Option<Vec<u8>>) -> Vec<u8> {
        let size = self.buf.len().max(BUF);
        let mut fresh = spare.unwrap_or_default();
        if fresh.len() < size {
            fresh.resize(size, 0);
        }
        fresh[..self.filled - end].copy_from_slice(&self.buf[end..self.filled]);
        self.offset += end as u64;
        self.filled -= end;
        self.start = 0;
        self.last_nl = None;
        std::mem::replace(&mut self.buf, fresh)
    }
}

/// The most bytes a chunk of free text waits for the `>` of a URI in
/// `<...>` (Appendix C: it may run over several lines); a longer one may
/// be cut at a line end.
const TEXT_SPAN: usize = 1 << 20;

/// Where a chunk of free text `buf[start..]` ends, `end` being the end of
/// its last whole line and `filled` what is read: `end`, unless a `<` after
/// the last `>` and the last blank line (a URI in `<...>` that may go on
/// over the next lines) makes it the end of the line before that `<`;
/// `None` while there is no such line end (until `TEXT_SPAN` bytes wait).
pub fn text_end(buf: &[u8], start: usize, sep: u8, filled: usize) -> Option<usize> {
    let data = &buf[start..];
    let Some(lt) = memchr::memrchr(b'<', data) else { return Some(buf.len()) };
    let closed = memchr::memrchr(b'>', data).is_some_and(|gt| gt > lt);
    let blank =
        memchr::memmem::find(&data[lt..], b"\n\n").is_some() || memchr::memmem::find(&data[lt..], b"\n\r\n").is_some();
    if closed || blank {
        return Some(buf.len());
    }
    match memchr::memrchr(sep, &data[..lt]) {
        Some(i) => Some(start + i + 1),
        None if filled - start >= TEXT_SPAN => Some(buf.len()),
        None => None,
    }
}

/// How an input's reading ended.
enum End {
    /// At its end.
    Done,
    /// It could not be opened or read (reported).
    Failed,
    /// `stopped` or the caller said to stop.
    Stopped,
}

/// What [`read_chunks`] reads: the inputs, files opened beforehand, the
/// smallest chunk, the column of `--column`.
pub struct Inputs<'a> {
    pub files: &'a [FileCtx],
    /// Files opened beforehand ([`super::open_all`]), by operand index,
    /// taken instead of opening them again (empty: each is opened when
    /// reading reaches it).
    pub held: Vec<Option<File>>,
    /// Chunks of at least this many bytes where the input allows.
    pub min_chunk: usize,
    /// `--column`: the values of this column are the lines.
    pub column: Option<&'a str>,
}

/// Reads every file of `inputs` in chunks of whole lines (at least
/// `min_chunk` bytes where the file allows) and gives each chunk to `each`
/// as `(file index, reader, a, b, first line)`, the chunk being
/// `reader.buf[a..b]`; `each` consumes or takes it from the reader and
/// returns the number of lines in it, or `None` to stop reading. `stopped`
/// is asked before each file and each chunk. A file that cannot be opened or
/// read is reported on stderr and skipped; returns whether there was one.
pub fn read_chunks(
    mut inputs: Inputs<'_>,
    rd: &mut Reader,
    stopped: impl Fn() -> bool,
    mut each: impl FnMut(usize, &mut Reader, usize, usize, u64) -> Option<u64>,
) -> bool {
    let mut input_error = false;
    for (fi, f) in inputs.files.iter().enumerate() {
        if stopped() {
            break;
        }
        let held = inputs.held.get_mut(fi).and_then(Option::take);
        let mut each = |rd: &mut Reader, a, b, line| each(fi, rd, a, b, line);
        let end = match inputs.column {
            // The one other place lines come from: a column's values.
            Some(column) => column_chunks(f, held, column, rd, inputs.min_chunk, &stopped, &mut each),
            None => line_chunks(f, held, rd, inputs.min_chunk, &stopped, &mut each),
        };
        match end {
            End::Done => {}
            End::Failed => input_error = true,
            End::Stopped => break,
        }
    }
    input_error
}

/// A chunk's handler: `(reader, a, b, first line)`, as in [`read_chunks`].
type Each<'e> = dyn FnMut(&mut Reader, usize, usize, u64) -> Option<u64> + 'e;

/// The chunks of whole lines of input `f` (`held` when opened beforehand).
fn line_chunks(
    f: &FileCtx,
    held: Option<File>,
    rd: &mut Reader,
    min_chunk: usize,
    stopped: &dyn Fn() -> bool,
    each: &mut Each<'_>,
) -> End {
    let input = match held {
        Some(file) => Some(Box::new(file) as Box<dyn Read>),
        None => open(f),
    };
    let Some(mut r) = input else { return End::Failed };
    rd.reset();
    let (mut line, mut first) = (0, true);
    loop {
        if stopped() {
            return End::Stopped;
        }
        match rd.next_chunk(&mut *r, min_chunk) {
            Err(e) => {
                eprintln!("uriscan: {}: read error: {}", f.name, plain_error(&e));
                return End::Failed;
            }
            Ok(None) => return End::Done,
            Ok(Some((a, b))) if std::mem::take(&mut first) && rd.buf[a..b].starts_with(PARQUET) => {
                eprintln!(
                    "uriscan: {}: a Parquet file, not lines of text: give --column NAME to read a column",
                    f.name
                );
                return End::Failed;
            }
            Ok(Some((a, b))) => match each(rd, a, b, line) {
                Some(n) => line += n,
                None => return End::Stopped,
            },
        }
    }
}

/// The chunks of the values of column `column` of input `f`.
fn column_chunks(
    f: &FileCtx,
    held: Option<File>,
    column: &str,
    rd: &mut Reader,
    min_chunk: usize,
    stopped: &dyn Fn() -> bool,
    each: &mut Each<'_>,
) -> End {
    let mut values = match ColumnReader::open(f, held, column) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("uriscan: {}: {e}", f.name);
            return End::Failed;
        }
    };
    let mut line = 0;
    loop {
        if stopped() {
            return End::Stopped;
        }
        let (mut data, mut ends) = (Vec::new(), Vec::new());
        match values.next_chunk(&mut data, &mut ends, min_chunk.max(BUF)) {
            Err(e) => {
                eprintln!("uriscan: {}: {e}", f.name);
                return End::Failed;
            }
            Ok(()) if ends.is_empty() => return End::Done,
            Ok(()) => {
                let len = data.len();
                rd.set_values(data, ends);
                match each(rd, 0, len, line) {
                    Some(n) => line += n,
                    None => return End::Stopped,
                }
            }
        }
    }
}
