//! The driver, written once for every command: reads the inputs (files or
//! standard input) in big buffers, skips a UTF-8 BOM at the start of each,
//! cuts them into chunks of whole lines (or whole files, for `extract`),
//! hands every line to a [`Job`] (on this thread, or on worker threads with
//! the chunks' records written back in input order), and writes the records
//! to stdout. A closed stdout ends the run quietly; any other write error is
//! reported and ends it with exit status 3.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, IsTerminal, Read, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::sync_channel;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::line::{FileCtx, Line};
use crate::record::{find_escape, Layout, Sink};

/// A line command's column list: `file`, `line`, `input` (filled by
/// [`Line::row`]), then its own.
#[macro_export]
macro_rules! line_columns {
    ($($c:literal),* $(,)?) => { &["file", "line", "input", $($c),*] };
}

/// Column list `a` then `b`, as one array of `K` names (for a command whose
/// columns extend another's, or come from a library's list). A `K` other
/// than the two lengths' sum fails the build.
pub const fn joined<const K: usize>(a: &[&'static str], b: &[&'static str]) -> [&'static str; K] {
    assert!(a.len() + b.len() == K, "joined: K is not the sum of the lengths");
    let mut all = [""; K];
    let mut k = 0;
    while k < K {
        all[k] = if k < a.len() { a[k] } else { b[k - a.len()] };
        k += 1;
    }
    all
}

/// What a command does with each line.
pub trait Job: Sync {
    /// Per-chunk state, merged in input order at the end.
    type Acc: Default + Send;
    /// Handles one line: writes its records (through [`Sink::write`], or
    /// [`Line::row`] and [`Sink::emit`]) and counts into `acc`.
    fn line(&self, l: &Line<'_>, out: &mut Sink<'_>, acc: &mut Self::Acc);
    /// Adds `from` (the state of a later chunk) into `into`. Jobs that
    /// count something override it.
    fn merge(&self, _into: &mut Self::Acc, _from: Self::Acc) {}
    /// Handles the lines of a chunk, in order: [`line`](Job::line) for
    /// each. A job that can take a chunk's lines as a batch (`check`, with
    /// the library's batch validator) overrides it.
    #[inline(always)]
    fn lines<'a, I: Iterator<Item = Line<'a>>>(&self, lines: I, out: &mut Sink<'_>, acc: &mut Self::Acc) {
        for l in lines {
            self.line(&l, out, acc);
        }
    }
    /// Whether the job writes a record for most lines, and so wants each
    /// [`Line::text`] and [`Line::escape_free`] (the chunk's UTF-8 check
    /// and its escape scan, paid once per chunk). A job that writes few
    /// records (`check`, `stats`) says `false`: its lines come with `text`
    /// `None` and `escape_free` `false`, which costs them nothing, and what
    /// it writes is the same (a record's writer scans what it writes).
    const TEXT: bool = true;
}

/// How a run went.
pub struct Summary<A> {
    pub acc: A,
    pub lines: u64,
    pub bytes: u64,
    pub files: usize,
    pub elapsed: Duration,
    /// A file could not be opened or read (reported on stderr).
    pub input_error: bool,
    /// Writing stdout failed, not by a closed pipe (reported on stderr).
    pub output_error: bool,
}

impl<A> Summary<A> {
    /// The exit status: 3 after a write error, 2 after a read error, else
    /// `ok` (the command's own status).
    pub fn status(&self, ok: u8) -> u8 {
        if self.output_error {
            3
        } else if self.input_error {
            2
        } else {
            ok
        }
    }
}

/// Options of the driver.
pub struct RunOpts {
    pub threads: usize,
    /// Draw the progress bar if stderr is a terminal and the input is large.
    pub progress: bool,
    /// The command streams its output to stdout (progress then also needs
    /// stdout not to be a terminal).
    pub streams: bool,
    /// The line terminator: `\n` (a CR before it is dropped) or NUL.
    pub sep: u8,
    /// Hand whole files to the job instead of lines.
    pub whole: bool,
    /// `--column`: the values of this column of Parquet or CSV files are
    /// the lines.
    pub column: Option<String>,
}

const BOM: &[u8] = b"\xEF\xBB\xBF";
/// The read size on one thread.
const BUF: usize = 64 << 10;
/// The smallest chunk handed to a worker (unless the input is slow).
const MIN_CHUNK: usize = 256 << 10;
/// Above this the progress bar is drawn (when enabled).
const LARGE: u64 = 64 << 20;

/// Reads one input into a growing buffer and yields chunks of whole lines.
struct Reader {
    buf: Vec<u8>,
    /// Start of unprocessed data (3 after a skipped BOM).
    start: usize,
    filled: usize,
    /// End (after the `\n`) of the last complete line in `buf[..filled]`.
    last_nl: Option<usize>,
    at_start: bool,
    eof: bool,
    short_read: bool,
    bytes: u64,
    /// The line terminator.
    sep: u8,
    /// Chunks are whole files.
    whole: bool,
    /// With `--column`: where each value of the chunk ends.
    ends: Vec<usize>,
}

impl Reader {
    fn new(cap: usize, opts: &RunOpts) -> Reader {
        Reader {
            buf: vec![0; cap],
            start: 0,
            filled: 0,
            last_nl: None,
            at_start: true,
            eof: false,
            short_read: false,
            bytes: 0,
            sep: opts.sep,
            whole: opts.whole,
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
                if let Some(end) = self.last_nl.filter(|_| !self.whole) {
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
    fn consume(&mut self, end: usize) {
        self.buf.copy_within(end..self.filled, 0);
        self.filled -= end;
        self.start = 0;
        self.last_nl = None;
    }

    /// Like [`consume`](Reader::consume), but gives the old buffer away and
    /// goes on in `spare` (a recycled buffer) or a new one.
    fn take(&mut self, end: usize, spare: Option<Vec<u8>>) -> Vec<u8> {
        let size = self.buf.len().max(BUF);
        let mut fresh = spare.unwrap_or_default();
        if fresh.len() < size {
            fresh.resize(size, 0);
        }
        fresh[..self.filled - end].copy_from_slice(&self.buf[end..self.filled]);
        self.filled -= end;
        self.start = 0;
        self.last_nl = None;
        std::mem::replace(&mut self.buf, fresh)
    }
}

/// The progress bar: bytes read of the known total, throttled.
struct Progress {
    on: bool,
    drawn: bool,
    total: u64,
    start: Instant,
    last: Instant,
}

impl Progress {
    fn new(opts: &RunOpts, files: &[FileCtx]) -> Progress {
        let on = opts.progress && io::stderr().is_terminal() && !(opts.streams && io::stdout().is_terminal());
        let mut total = 0;
        if on {
            for f in files {
                if let Some(m) = f.path.as_ref().and_then(|p| std::fs::metadata(p).ok()) {
                    total += m.len();
                }
            }
        }
        let now = Instant::now();
        Progress { on, drawn: false, total, start: now, last: now }
    }

    fn update(&mut self, done: u64) {
        if !self.on || done < LARGE && self.total < LARGE {
            return;
        }
        let now = Instant::now();
        if now.duration_since(self.last) < Duration::from_millis(200) {
            return;
        }
        self.last = now;
        let secs = now.duration_since(self.start).as_secs_f64().max(1e-9);
        let mib = |b: u64| b as f64 / f64::from(1 << 20);
        let rate = done as f64 / secs / 1e6;
        let msg = if self.total >= done && self.total > 0 {
            let pct = done as f64 * 100.0 / self.total as f64;
            let width = 30usize;
            let fill = ((pct / 100.0) * width as f64) as usize;
            format!(
                "\r[{}{}] {:5.1}% {:.0}/{:.0} MiB {:.0} MB/s\x1b[K",
                "#".repeat(fill.min(width)),
                " ".repeat(width - fill.min(width)),
                pct,
                mib(done),
                mib(self.total),
                rate
            )
        } else {
            format!("\r{:.0} MiB {:.0} MB/s\x1b[K", mib(done), rate)
        };
        let _ = io::stderr().write_all(msg.as_bytes());
        self.drawn = true;
    }

    fn finish(&mut self) {
        if self.drawn {
            let _ = io::stderr().write_all(b"\r\x1b[K");
        }
    }
}

/// Runs `job` over the lines of `data`, numbering from `line + 1`; returns
/// the number of lines.
#[allow(clippy::too_many_arguments)]
fn process<J: Job>(
    job: &J,
    opts: &RunOpts,
    f: &FileCtx,
    line: u64,
    data: &[u8],
    ends: &[usize],
    out: &mut Sink<'_>,
    acc: &mut J::Acc,
) -> u64 {
    let text = if J::TEXT { std::str::from_utf8(data).ok() } else { None };
    if opts.whole {
        let escape_free = J::TEXT && find_escape(data, 0, None) == data.len();
        job.line(&Line { file: f, no: 0, bytes: data, text, escape_free }, out, acc);
        return 0;
    }
    if opts.column.is_some() {
        // Column values: each is a line, whatever bytes it holds, ending
        // where the reader says.
        let lines = Lines::<_, J>::new(f, data, text, line, ends.iter().map(|&e| (e, e)), None);
        return job_lines(job, lines, out, acc);
    }
    let seps = Seps { data, pos: 0, sep: opts.sep };
    job_lines(job, Lines::<_, J>::new(f, data, text, line, seps, Some(opts.sep)), out, acc)
}

/// Where each line of a chunk ends and the next one starts: after a
/// separator byte `sep` (without a CR before a `\n`), the last line at the
/// end of the chunk, with or without a separator. The separator is found
/// like `memchr`, but inline and 16 bytes at a time by a test that
/// vectorizes (then the first match in the block by two 8-byte words),
/// rather than by memchr's call per line: most lines are a few blocks
/// long, and the call's fixed cost was most of memchr's.
struct Seps<'a> {
    data: &'a [u8],
    /// Where the next line starts.
    pos: usize,
    sep: u8,
}

impl Iterator for Seps<'_> {
    type Item = (usize, usize);

    #[inline(always)]
    fn next(&mut self) -> Option<(usize, usize)> {
        let start = self.pos;
        let (mut end, next) = match find_sep(self.data, start, self.sep) {
            Some(end) => (end, end + 1),
            None if start < self.data.len() => (self.data.len(), self.data.len()),
            None => return None,
        };
        if self.sep == b'\n' && end > start && self.data.get(end - 1) == Some(&b'\r') {
            end -= 1;
        }
        self.pos = next;
        Some((end, next))
    }
}

/// The position of the first `sep` at or after `from` in `data`.
#[inline(always)]
fn find_sep(data: &[u8], from: usize, sep: u8) -> Option<usize> {
    let mut at = from;
    let mut blocks = data.get(from..)?.chunks_exact(16);
    for block in &mut blocks {
        if block.iter().fold(false, |m, &b| m | (b == sep)) {
            return Some(at + first_in_block(block, sep));
        }
        at += 16;
    }
    Some(at + blocks.remainder().iter().position(|&b| b == sep)?)
}

/// The position of the first `sep` in `block`, 16 bytes that hold one, by
/// two 8-byte words: with `x` a word XOR `sep` in every byte, the lowest
/// byte equal to `sep` is the lowest whose high bit survives
/// `(x - 0x0101..) & !x & 0x8080..` (a borrow only runs upwards).
#[inline(always)]
fn first_in_block(block: &[u8], sep: u8) -> usize {
    const ONES: u64 = u64::from_le_bytes([1; 8]);
    const HIGHS: u64 = ONES << 7;
    let word = |k: usize| {
        let mut w = [0; 8];
        w.copy_from_slice(&block[k..k + 8]);
        u64::from_le_bytes(w) ^ (ONES * u64::from(sep))
    };
    let zeros = |x: u64| x.wrapping_sub(ONES) & !x & HIGHS;
    let lo = zeros(word(0));
    if lo != 0 {
        return lo.trailing_zeros() as usize / 8;
    }
    8 + zeros(word(8)).trailing_zeros() as usize / 8
}

/// Hands each of `lines` to `job`; returns how many there were.
#[inline(always)]
fn job_lines<J: Job, E: Iterator<Item = (usize, usize)>>(
    job: &J,
    mut lines: Lines<'_, E, J>,
    out: &mut Sink<'_>,
    acc: &mut J::Acc,
) -> u64 {
    let first = lines.no;
    job.lines(ByRef(&mut lines), out, acc);
    lines.no - first
}

/// `iter.by_ref()`, but always inlined (the standard one was not, in the
/// batch validator's loop: a call per line).
struct ByRef<'r, I>(&'r mut I);

impl<I: Iterator> Iterator for ByRef<'_, I> {
    type Item = I::Item;

    #[inline(always)]
    fn next(&mut self) -> Option<I::Item> {
        self.0.next()
    }
}

/// The lines of a chunk, numbered, with their text and escape flag when
/// the job `J` wants them ([`Job::TEXT`]). `ends` gives each line's end and where the
/// next one starts ([`Seps`], or for column values the offsets the reader
/// found).
struct Lines<'a, E, J> {
    file: &'a FileCtx,
    data: &'a [u8],
    /// The chunk as text, when it is UTF-8 and the job wants it.
    text: Option<&'a str>,
    /// Where the next line starts.
    pos: usize,
    /// The number of the last line handed out.
    no: u64,
    ends: E,
    /// The separator (`None` for column values), which is no escaped byte.
    sep: Option<u8>,
    /// The next byte at or after `pos` that JSON or TSV escapes, found a
    /// block at a time over the chunk rather than line by line (most lines
    /// have none); `usize::MAX` without [`Job::TEXT`].
    escape: usize,
    job: std::marker::PhantomData<fn(&J)>,
}

impl<'a, E: Iterator<Item = (usize, usize)>, J: Job> Lines<'a, E, J> {
    #[inline(always)]
    fn new(file: &'a FileCtx, data: &'a [u8], text: Option<&'a str>, no: u64, ends: E, sep: Option<u8>) -> Self {
        let mut l = Lines { file, data, text, pos: 0, no, ends, sep, escape: 0, job: std::marker::PhantomData };
        l.escape = l.escape_from(0);
        l
    }

    /// The next escaped byte at or after `from`.
    #[inline(always)]
    fn escape_from(&self, from: usize) -> usize {
        if J::TEXT {
            find_escape(self.data, from, self.sep)
        } else {
            usize::MAX
        }
    }
}

impl<'a, E: Iterator<Item = (usize, usize)>, J: Job> Iterator for Lines<'a, E, J> {
    type Item = Line<'a>;

    #[inline(always)]
    fn next(&mut self) -> Option<Line<'a>> {
        let start = self.pos;
        let (end, next) = self.ends.next()?;
        let bytes = self.data.get(start..end)?;
        self.no += 1;
        self.pos = next;
        if !J::TEXT {
            return Some(Line { file: self.file, no: self.no, bytes, text: None, escape_free: false });
        }
        // Line boundaries are ASCII bytes (column values are cut where the
        // reader's text values end), so `get` succeeds on UTF-8 text.
        let text = self.text.and_then(|t| t.get(start..end));
        let escape_free = self.escape >= end;
        if self.escape < next {
            self.escape = self.escape_from(next);
        }
        Some(Line { file: self.file, no: self.no, bytes, text, escape_free })
    }
}

/// Number of lines in a chunk.
fn count_lines(data: &[u8], sep: u8) -> u64 {
    let n = memchr::memchr_iter(sep, data).count() as u64;
    n + u64::from(data.last().is_some_and(|&b| b != sep))
}

/// Why writing stopped.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Stop {
    /// The reader of stdout went away: stop quietly.
    Closed,
    /// Another write error (reported).
    Failed,
}

fn write_all(w: &mut dyn Write, data: &[u8]) -> Result<(), Stop> {
    match w.write_all(data) {
        Ok(()) => Ok(()),
        Err(e) => Err(write_error(&e)),
    }
}

fn flush(w: &mut dyn Write) -> Result<(), Stop> {
    w.flush().map_err(|e| write_error(&e))
}

fn write_error(e: &io::Error) -> Stop {
    if e.kind() == io::ErrorKind::BrokenPipe {
        Stop::Closed
    } else {
        eprintln!("uriscan: cannot write output: {}", plain_error(e));
        Stop::Failed
    }
}

/// Writes `data` to stdout as one piece (for reports written at the end);
/// returns whether it failed with an error other than a closed pipe.
pub fn write_stdout(data: &[u8]) -> bool {
    let mut w = io::stdout().lock();
    write_all(&mut w, data).and_then(|()| flush(&mut w)) == Err(Stop::Failed)
}

/// Opens an input; `None` after reporting why not.
fn open(f: &FileCtx) -> Option<Box<dyn Read>> {
    match &f.path {
        None => Some(Box::new(io::stdin().lock())),
        Some(p) => match File::open(p) {
            Ok(file) => Some(Box::new(file)),
            Err(e) => {
                eprintln!("uriscan: {}: {}", f.name, plain_error(&e));
                None
            }
        },
    }
}

/// An I/O error without Rust's " (os error N)" suffix.
pub fn plain_error(e: &io::Error) -> String {
    let s = e.to_string();
    match s.find(" (os error") {
        Some(i) => s[..i].to_string(),
        None => s,
    }
}

/// Reads every file of `files` in chunks of whole lines (at least
/// `min_chunk` bytes where the file allows) and gives each chunk to `each`
/// as `(file index, reader, a, b, first line)`, the chunk being
/// `reader.buf[a..b]`; `each` consumes or takes it from the reader and
/// returns the number of lines in it, or `None` to stop reading. `stopped`
/// is asked before each file and each chunk. A file that cannot be opened or
/// read is reported on stderr and skipped; returns whether there was one.
fn read_chunks(
    files: &[FileCtx],
    rd: &mut Reader,
    min_chunk: usize,
    column: Option<&str>,
    stopped: impl Fn() -> bool,
    mut each: impl FnMut(usize, &mut Reader, usize, usize, u64) -> Option<u64>,
) -> bool {
    let mut input_error = false;
    'files: for (fi, f) in files.iter().enumerate() {
        if stopped() {
            break;
        }
        if let Some(column) = column {
            // The one other place lines come from: a column's values.
            let mut values = match crate::columns::ColumnReader::open(f, column) {
                Ok(v) => v,
                Err(e) => {
                    eprintln!("uriscan: {}: {e}", f.name);
                    input_error = true;
                    continue;
                }
            };
            let mut line = 0;
            loop {
                if stopped() {
                    break 'files;
                }
                let (mut data, mut ends) = (Vec::new(), Vec::new());
                match values.next_chunk(&mut data, &mut ends, min_chunk.max(BUF)) {
                    Err(e) => {
                        eprintln!("uriscan: {}: {e}", f.name);
                        input_error = true;
                        break;
                    }
                    Ok(()) if ends.is_empty() => break,
                    Ok(()) => {
                        let len = data.len();
                        rd.set_values(data, ends);
                        match each(fi, rd, 0, len, line) {
                            Some(n) => line += n,
                            None => break 'files,
                        }
                    }
                }
            }
            continue;
        }
        let Some(mut r) = open(f) else {
            input_error = true;
            continue;
        };
        rd.reset();
        let mut line = 0;
        loop {
            if stopped() {
                break 'files;
            }
            match rd.next_chunk(&mut *r, min_chunk) {
                Err(e) => {
                    eprintln!("uriscan: {}: read error: {}", f.name, plain_error(&e));
                    input_error = true;
                    break;
                }
                Ok(None) => break,
                Ok(Some((a, b))) => match each(fi, rd, a, b, line) {
                    Some(n) => line += n,
                    None => break 'files,
                },
            }
        }
    }
    input_error
}

/// Runs `job` over all `files` (standard input when empty), writing its
/// records laid out by `layout`.
pub fn run<J: Job>(
    job: &J,
    layout: &Layout,
    files: &[FileCtx],
    opts: &RunOpts,
    w: &mut (dyn Write + Send),
) -> Summary<J::Acc> {
    let started = Instant::now();
    let mut s = if opts.threads <= 1 {
        run_single(job, layout, files, opts, w)
    } else {
        run_threads(job, layout, files, opts, w)
    };
    s.elapsed = started.elapsed();
    s
}

fn run_single<J: Job>(
    job: &J,
    layout: &Layout,
    files: &[FileCtx],
    opts: &RunOpts,
    mut w: &mut (dyn Write + Send),
) -> Summary<J::Acc> {
    let mut acc = J::Acc::default();
    let mut sink = Sink::new(layout, Vec::with_capacity(BUF * 2));
    let mut lines = 0;
    let mut input_error = false;
    let mut progress = Progress::new(opts, files);
    let mut rd = Reader::new(BUF, opts);
    let mut stop = write_all(&mut w, &layout.header()).err();
    if stop.is_none() {
        input_error = read_chunks(
            files,
            &mut rd,
            0,
            opts.column.as_deref(),
            || false,
            |fi, rd, a, b, line| {
                let n = process(job, opts, &files[fi], line, &rd.buf[a..b], &rd.ends, &mut sink, &mut acc);
                lines += n;
                rd.consume(b);
                progress.update(rd.bytes);
                let out = sink.take();
                let r = write_all(&mut w, &out);
                sink.reuse(out);
                if let Err(e) = r {
                    stop = Some(e);
                    return None;
                }
                Some(n)
            },
        );
    }
    if stop.is_none() {
        stop = flush(&mut w).err();
    }
    progress.finish();
    Summary {
        acc,
        lines,
        bytes: rd.bytes,
        files: files.len(),
        elapsed: Duration::ZERO,
        input_error,
        output_error: stop == Some(Stop::Failed),
    }
}

struct Work {
    seq: u64,
    file: usize,
    first_line: u64,
    data: Vec<u8>,
    a: usize,
    b: usize,
    /// With `--column`: where each value ends.
    ends: Vec<usize>,
}

struct Done<A> {
    seq: u64,
    out: Vec<u8>,
    acc: A,
    lines: u64,
}

fn run_threads<J: Job>(
    job: &J,
    layout: &Layout,
    files: &[FileCtx],
    opts: &RunOpts,
    w: &mut (dyn Write + Send),
) -> Summary<J::Acc> {
    let threads = opts.threads.max(1);
    let in_flight = threads * 4;
    let stop = AtomicBool::new(false);
    let (work_tx, work_rx) = sync_channel::<Work>(in_flight);
    let work_rx = Mutex::new(work_rx);
    let (done_tx, done_rx) = sync_channel::<Done<J::Acc>>(in_flight);
    // Tokens bound the number of chunks read but not yet written.
    let (tok_tx, tok_rx) = sync_channel::<()>(in_flight);
    for _ in 0..in_flight {
        let _ = tok_tx.send(());
    }
    let mut input_error = false;
    let mut progress = Progress::new(opts, files);
    let mut rd = Reader::new(BUF * 2, opts);
    // Input and output buffers go back and forth instead of being allocated
    // (and page-faulted in) for every chunk.
    let spare_in: Mutex<Vec<Vec<u8>>> = Mutex::new(Vec::new());
    let spare_out: Mutex<Vec<Vec<u8>>> = Mutex::new(Vec::new());
    let pop = |m: &Mutex<Vec<Vec<u8>>>| m.lock().ok().and_then(|mut v| v.pop());
    let (acc, lines, write_stop) = std::thread::scope(|s| {
        for _ in 0..threads {
            let done_tx = done_tx.clone();
            let (work_rx, spare_in, spare_out) = (&work_rx, &spare_in, &spare_out);
            s.spawn(move || loop {
                let w = match work_rx.lock() {
                    Ok(rx) => rx.recv(),
                    Err(_) => return,
                };
                let Ok(w) = w else { return };
                let mut acc = J::Acc::default();
                let mut sink = Sink::new(layout, pop(spare_out).unwrap_or_default());
                let lines =
                    process(job, opts, &files[w.file], w.first_line, &w.data[w.a..w.b], &w.ends, &mut sink, &mut acc);
                if let Ok(mut v) = spare_in.lock() {
                    v.push(w.data);
                }
                let done = Done { seq: w.seq, out: sink.take(), acc, lines };
                if done_tx.send(done).is_err() {
                    return;
                }
            });
        }
        drop(done_tx);
        let (stop, spare_out) = (&stop, &spare_out);
        let writer = s.spawn(move || {
            let mut w = w;
            let mut acc = J::Acc::default();
            let mut lines = 0;
            let mut failed = write_all(&mut w, &layout.header()).err();
            let mut pending = BTreeMap::new();
            let mut next = 0u64;
            for d in done_rx {
                pending.insert(d.seq, d);
                while let Some(d) = pending.remove(&next) {
                    next += 1;
                    if failed.is_none() {
                        if let Err(e) = write_all(&mut w, &d.out) {
                            failed = Some(e);
                            stop.store(true, Ordering::Relaxed);
                        }
                    }
                    lines += d.lines;
                    job.merge(&mut acc, d.acc);
                    if let Ok(mut v) = spare_out.lock() {
                        v.push(d.out);
                    }
                    let _ = tok_tx.send(());
                }
            }
            if failed.is_none() {
                failed = flush(&mut w).err();
            }
            (acc, lines, failed)
        });
        let mut seq = 0;
        input_error = read_chunks(
            files,
            &mut rd,
            MIN_CHUNK,
            opts.column.as_deref(),
            || stop.load(Ordering::Relaxed),
            |fi, rd, a, b, line| {
                let ends = std::mem::take(&mut rd.ends);
                let n = if opts.column.is_some() {
                    ends.len() as u64
                } else if opts.whole {
                    0
                } else {
                    count_lines(&rd.buf[a..b], opts.sep)
                };
                let data = rd.take(b, pop(&spare_in));
                progress.update(rd.bytes);
                tok_rx.recv().ok()?;
                work_tx.send(Work { seq, file: fi, first_line: line, data, a, b, ends }).ok()?;
                seq += 1;
                Some(n)
            },
        );
        drop(work_tx);
        writer.join().unwrap_or_else(|p| std::panic::resume_unwind(p))
    });
    progress.finish();
    Summary {
        acc,
        lines,
        bytes: rd.bytes,
        files: files.len(),
        elapsed: Duration::ZERO,
        input_error,
        output_error: write_stop == Some(Stop::Failed),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::commands::{CheckJob, ParseJob, Records};
    use crate::record::Format;
    use uriscan::Syntax;

    /// xorshift, fixed seed.
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n as u64) as usize
        }

        /// A chunk of lines: URI pieces, bytes that JSON or TSV escape,
        /// UTF-8, and (when `broken`) bytes that are not UTF-8.
        fn chunk(&mut self, broken: bool) -> Vec<u8> {
            const PIECES: &[&[u8]] = &[
                b"\n",
                b"\n",
                b"\r\n",
                b"\0",
                b"http",
                b"://",
                b"user@",
                b"www.example.com",
                b"[::1]",
                b"192.0.2.1",
                b":80",
                b"/a/b",
                b"?q=1",
                b"#f",
                b"%41",
                b"%zz",
                b"\"",
                b"\\",
                b"\t",
                b"\x01",
                b"\x7F",
                b" ",
                "é".as_bytes(),
                "ঝ".as_bytes(),
            ];
            let mut v = Vec::new();
            for _ in 0..self.below(300) {
                if broken && self.below(30) == 0 {
                    v.push(0x80 + self.below(0x80) as u8);
                } else {
                    v.extend_from_slice(PIECES[self.below(PIECES.len())]);
                }
            }
            v
        }
    }

    /// Records written straight into the buffer ([`Sink::write`] with a
    /// direct layout) are byte for byte those written through a row, on
    /// arbitrary chunks, in both formats that write directly.
    #[test]
    fn direct_records_equal_row_records() {
        let mut rng = Rng(0x5eed_cafe);
        let file = FileCtx::new("some \"file\"\t.txt");
        let all = ParseJob::COLUMNS.join(",");
        let selections = [None, Some(all.as_str()), Some("input,host,error_message"), Some("line"), Some("valid,port")];
        let syntaxes = [Syntax::UriReference, Syntax::IriReference];
        let mut compared = 0;
        for case in 0..200 {
            let data = rng.chunk(case % 3 == 0);
            for sep in [b'\n', b'\0'] {
                let opts = RunOpts { threads: 1, progress: false, streams: true, sep, whole: false, column: None };
                for format in [Format::Tsv, Format::Jsonl] {
                    for fields in selections {
                        let fields = fields.map(|f| vec![f.to_string()]);
                        let layout =
                            Layout::new(format, ParseJob::COLUMNS, fields.as_deref(), |c| c != "file", None, sep)
                                .unwrap();
                        assert!(layout.is_direct());
                        for syntax in syntaxes {
                            let job = ParseJob { syntax };
                            let mut direct = Sink::new(&layout, Vec::new());
                            let mut rows = Sink::new(&layout, Vec::new()).rows_only();
                            let n = process(&job, &opts, &file, 7, &data, &[], &mut direct, &mut ());
                            process(&job, &opts, &file, 7, &data, &[], &mut rows, &mut ());
                            let (d, r) = (direct.take(), rows.take());
                            assert_eq!(
                                String::from_utf8_lossy(&d),
                                String::from_utf8_lossy(&r),
                                "case {case} {format:?} {fields:?} {syntax:?} {data:?}"
                            );
                            assert_eq!(d, r);
                            assert_eq!(d.iter().filter(|&&b| b == sep).count() as u64, n);
                            compared += n;
                        }
                    }
                }
            }
        }
        assert!(compared > 10_000, "{compared} records");
    }

    /// Writes the records of `job` over `data` into a TSV sink of
    /// `layout` three ways ([`TsvAll`](crate::record::TsvAll) where the
    /// layout allows, [`Direct`](crate::record::Direct) where it allows,
    /// through rows) and checks that they are the same bytes; returns the
    /// number of records.
    fn three_ways<J: Job<Acc = ()> + crate::record::Fill>(
        job: &J,
        layout: &Layout,
        opts: &RunOpts,
        file: &FileCtx,
        data: &[u8],
    ) -> u64 {
        let mut all = Sink::new(layout, Vec::new());
        let mut direct = Sink::new(layout, Vec::new()).no_tsv_all();
        let mut rows = Sink::new(layout, Vec::new()).rows_only();
        // Line numbers from 7, then 95 (a carry into a new digit) in the
        // same sinks.
        let mut n = 0;
        for first in [7, 95] {
            n = process(job, opts, file, first, data, &[], &mut all, &mut ());
            process(job, opts, file, first, data, &[], &mut direct, &mut ());
            process(job, opts, file, first, data, &[], &mut rows, &mut ());
        }
        let (a, d, r) = (all.take(), direct.take(), rows.take());
        assert_eq!(String::from_utf8_lossy(&a), String::from_utf8_lossy(&r), "{data:?}");
        assert_eq!(a, r);
        assert_eq!(d, r);
        assert_eq!(a.iter().filter(|&&b| b == opts.sep).count() as u64, 2 * n);
        n
    }

    /// The TSV writer of every column ([`TsvAll`](crate::record::TsvAll):
    /// the default fields, `-H`, `--echo`, all of them) writes the bytes
    /// that the selecting writers do, for every command that fills its
    /// records through it (`parse`, `parse --lenient`, `fn`), on arbitrary
    /// chunks: TAB, backslash, CR, NUL, control bytes, invalid UTF-8, an
    /// empty line, a last line without its terminator.
    #[test]
    fn tsv_all_records_equal_selected_records() {
        use crate::commands::LenientJob;
        use crate::functions::FnJob;
        use uriscan_crawl::function_set::{Args, FUNCTIONS};

        fn selections(columns: &[&str]) -> Vec<(Vec<String>, bool)> {
            let mut out = Vec::new();
            for (file, input) in [(false, false), (true, false), (false, true), (true, true)] {
                let names = columns.iter().filter(|&&c| (c != "file" || file) && (c != "input" || input));
                out.push((vec![names.copied().collect::<Vec<_>>().join(",")], true));
            }
            // Not every column, or not in order: the selecting writers.
            out.push((vec!["line".to_string()], false));
            out.push((vec![format!("input,{},line", columns[columns.len() - 1])], false));
            let mut shuffled: Vec<&str> = columns.to_vec();
            shuffled.swap(1, 2);
            out.push((vec![shuffled.join(",")], false));
            out
        }

        let mut rng = Rng(0x07ab_5a11);
        let file = FileCtx::new("a \\ \"file\"\t.txt");
        let mut written = 0;
        for case in 0..120 {
            let mut data = rng.chunk(case % 3 == 0);
            if case % 5 == 0 {
                data.extend_from_slice(b"\n\nhttp://h/last");
            }
            for sep in [b'\n', b'\0'] {
                let opts = RunOpts { threads: 1, progress: false, streams: true, sep, whole: false, column: None };
                for syntax in [Syntax::UriReference, Syntax::IriReference, Syntax::Fragmentaddress] {
                    for (fields, expect) in selections(ParseJob::COLUMNS) {
                        let layout =
                            Layout::new(Format::Tsv, ParseJob::COLUMNS, Some(&fields), |_| true, None, sep).unwrap();
                        assert_eq!(layout.is_tsv_all(), expect, "{fields:?}");
                        written += three_ways(&ParseJob { syntax }, &layout, &opts, &file, &data);
                    }
                    for (fields, expect) in selections(LenientJob::COLUMNS) {
                        let layout =
                            Layout::new(Format::Tsv, LenientJob::COLUMNS, Some(&fields), |_| true, None, sep).unwrap();
                        assert_eq!(layout.is_tsv_all(), expect, "{fields:?}");
                        written += three_ways(&LenientJob { syntax }, &layout, &opts, &file, &data);
                    }
                }
                // The default selection (no file, no input).
                let layout =
                    Layout::new(Format::Tsv, ParseJob::COLUMNS, None, |c| c != "file" && c != "input", None, sep)
                        .unwrap();
                assert!(layout.is_tsv_all());
                three_ways(&ParseJob { syntax: Syntax::UriReference }, &layout, &opts, &file, &data);
                if case % 4 == 0 {
                    // Functions of every result type (those without a
                    // required argument).
                    for f in FUNCTIONS.iter().filter(|f| f.params.iter().all(|p| p.optional)) {
                        let job = FnJob { f, args: Args::default() };
                        for (fields, expect) in selections(FnJob::COLUMNS) {
                            let layout =
                                Layout::new(Format::Tsv, FnJob::COLUMNS, Some(&fields), |_| true, None, sep).unwrap();
                            assert_eq!(layout.is_tsv_all(), expect, "{fields:?}");
                            written += three_ways(&job, &layout, &opts, &file, &data);
                        }
                    }
                }
            }
        }
        assert!(written > 10_000, "{written} records");
    }

    /// The escape scan over a chunk finds exactly the lines that have a byte
    /// to escape.
    #[test]
    fn escape_free_lines() {
        let mut rng = Rng(0xfeed);
        for _ in 0..200 {
            let data = rng.chunk(true);
            let mut pos = 0;
            let mut escape = find_escape(&data, 0, Some(b'\n'));
            for end in memchr::memchr_iter(b'\n', &data).chain([data.len()]) {
                if pos > data.len() {
                    break;
                }
                let mut line = &data[pos..end];
                if let [rest @ .., b'\r'] = line {
                    line = rest;
                }
                let want = !line.iter().any(|&b| b < 0x20 || b == 0x7F || b == b'"' || b == b'\\');
                assert_eq!(escape >= pos + line.len(), want, "{line:?}");
                pos = end + 1;
                if escape < pos {
                    escape = find_escape(&data, pos, Some(b'\n'));
                }
            }
        }
    }

    /// `Seps` cuts a chunk as `split` on the separator does (a CR before a
    /// `\n` dropped, no empty line after a final separator), with the
    /// separator at every offset of a 16-byte block.
    #[test]
    fn seps_cut_like_split() {
        let mut rng = Rng(0x5e95);
        let mut chunks: Vec<Vec<u8>> = (0..300).map(|_| rng.chunk(true)).collect();
        for n in 0..40 {
            chunks.push([&vec![b'x'; n][..], b"\n", &vec![b'y'; 40 - n], b"\r\n\n"].concat());
            chunks.push(vec![b'\n'; n]);
            chunks.push(vec![b'z'; n]);
        }
        for data in &chunks {
            for sep in [b'\n', 0] {
                let mut want: Vec<&[u8]> = data.split(|&b| b == sep).collect();
                if want.last() == Some(&&[][..]) {
                    want.pop();
                }
                if sep == b'\n' {
                    for l in &mut want {
                        if let [rest @ .., b'\r'] = l {
                            *l = rest;
                        }
                    }
                }
                let mut pos = 0;
                let got: Vec<&[u8]> = Seps { data, pos: 0, sep }
                    .map(|(end, next)| {
                        let l = &data[pos..end];
                        pos = next;
                        l
                    })
                    .collect();
                assert_eq!(got, want, "{data:?}");
            }
        }
    }

    /// Runs `job` over `data` as [`process`] does, but one [`Job::line`]
    /// per line (no batch [`Job::lines`]); returns the records and the
    /// job's state.
    fn per_line<J: Job>(job: &J, layout: &Layout, opts: &RunOpts, file: &FileCtx, data: &[u8]) -> (Vec<u8>, J::Acc) {
        let mut sink = Sink::new(layout, Vec::new());
        let mut acc = J::Acc::default();
        let text = if J::TEXT { std::str::from_utf8(data).ok() } else { None };
        for l in Lines::<_, J>::new(file, data, text, 7, Seps { data, pos: 0, sep: opts.sep }, Some(opts.sep)) {
            job.line(&l, &mut sink, &mut acc);
        }
        (sink.take(), acc)
    }

    /// The batch paths (`parse` through the batch parser, `check` through
    /// the batch validator) write what one call per line writes, and count
    /// the same lines, in every format, on text chunks and others.
    #[test]
    fn batch_lines_equal_single_lines() {
        let mut rng = Rng(0xba7c4);
        let file = FileCtx::new("f");
        for case in 0..150 {
            let data = rng.chunk(case % 3 == 0);
            for sep in [b'\n', b'\0'] {
                let opts = RunOpts { threads: 1, progress: false, streams: true, sep, whole: false, column: None };
                for syntax in [Syntax::UriReference, Syntax::IriReference, Syntax::AbsoluteUri] {
                    for format in [Format::Tsv, Format::Jsonl, Format::Csv] {
                        let job = ParseJob { syntax };
                        let layout = Layout::new(format, ParseJob::COLUMNS, None, |c| c != "file", None, sep).unwrap();
                        let mut sink = Sink::new(&layout, Vec::new());
                        let n = process(&job, &opts, &file, 7, &data, &[], &mut sink, &mut ());
                        let (want, ()) = per_line(&job, &layout, &opts, &file, &data);
                        assert_eq!(sink.take(), want, "parse {case} {format:?} {syntax:?} {data:?}");
                        assert_eq!(n, count_lines(&data, sep));
                    }
                    for (strict_hosts, all) in [(false, false), (false, true), (true, false)] {
                        let job = CheckJob { syntax, strict_hosts, quiet: false, all };
                        let layout =
                            Layout::new(Format::Text, CheckJob::COLUMNS, None, |_| true, job.text(true), sep).unwrap();
                        let mut sink = Sink::new(&layout, Vec::new());
                        let mut invalid = 0;
                        let n = process(&job, &opts, &file, 7, &data, &[], &mut sink, &mut invalid);
                        let (want, want_invalid) = per_line(&job, &layout, &opts, &file, &data);
                        assert_eq!(sink.take(), want, "check {case} {strict_hosts} {all} {syntax:?} {data:?}");
                        assert_eq!((n, invalid), (count_lines(&data, sep), want_invalid));
                    }
                }
            }
        }
    }
}
