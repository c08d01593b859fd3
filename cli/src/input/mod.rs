//! The inputs: the operands ([`FileCtx`]), opened when reading reaches
//! them ([`open`]) or all at once before an output file is made
//! ([`open_all`]); their bytes cut into chunks of whole lines (`reader`) or
//! read from a column of a Parquet or CSV file (`columns`), and each line
//! of a chunk ([`Line`], `lines`).

use std::fs::File;
use std::io::{self, Read};

use uriscan::{ParseError, Syntax, UriRef};

mod columns;
mod csv_rows;
mod lines;
#[cfg(feature = "parquet")]
mod parquet;
mod reader;

pub use columns::ColumnReader;
pub use lines::{count_lines, Lines, Seps};
pub use reader::{read_chunks, Inputs, Reader, BUF};

/// One input operand.
pub struct FileCtx {
    /// The name used in messages and records; standard input is `<stdin>`.
    pub name: String,
    /// `None` for standard input.
    pub(crate) path: Option<String>,
}

impl FileCtx {
    pub fn new(operand: &str) -> FileCtx {
        if operand == "-" {
            FileCtx { name: "<stdin>".to_string(), path: None }
        } else {
            FileCtx { name: operand.to_string(), path: Some(operand.to_string()) }
        }
    }
}

/// One input line, as handed to a [`Job`].
#[derive(Clone, Copy)]
pub struct Line<'a> {
    pub file: &'a FileCtx,
    /// Its number (1-based, within its file).
    pub no: u64,
    /// The line without its terminator (and, with LF lines, without a CR
    /// before the LF).
    pub bytes: &'a [u8],
    /// The same bytes as text, when the chunk they came from is UTF-8.
    pub text: Option<&'a str>,
    /// Whether none of `bytes` is one that JSON or TSV escapes (see
    /// [`find_escape`]).
    pub escape_free: bool,
}

impl<'a> Line<'a> {
    /// Parses the line; through `&str` when the chunk was UTF-8 (validated
    /// once per chunk instead of once per line).
    #[inline]
    pub fn parse(&self, syntax: Syntax) -> Result<UriRef<'a>, ParseError> {
        match self.text {
            Some(s) => syntax.parse(s),
            None => syntax.parse_bytes(self.bytes),
        }
    }

    /// Checks the line against `syntax` without its components
    /// ([`Syntax::validate`]: the validator, the same error as
    /// [`parse`](Line::parse)).
    #[inline]
    pub fn validate(&self, syntax: Syntax) -> Result<(), ParseError> {
        syntax.validate_bytes(self.bytes)
    }
}

/// A chunk of free text (whole lines, not cut inside a URI in `<...>`),
/// as handed to a [`Job::FREE_TEXT`](crate::job::Job::FREE_TEXT) job.
pub struct Text<'a> {
    pub file: &'a FileCtx,
    /// The number of lines of its file before it.
    pub before: u64,
    /// Where it starts in its file (bytes).
    pub offset: u64,
    pub bytes: &'a [u8],
    /// The line terminator.
    pub sep: u8,
}

/// A line is its bytes (for the library's batch APIs, which hand each item
/// back with its result).
impl AsRef<[u8]> for Line<'_> {
    #[inline(always)]
    fn as_ref(&self) -> &[u8] {
        self.bytes
    }
}

/// Opens an input; `None` after reporting why not.
pub fn open(f: &FileCtx) -> Option<Box<dyn Read>> {
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

/// The most input files held open by [`open_all`]; the others are opened
/// there to see that they can be, closed, and opened again when reading
/// reaches them (so that a run over thousands of files stays within the
/// limit of open files).
const HELD: usize = 256;

/// Opens every input file before an output file is made (`-o`): reports
/// each that cannot be opened and returns `None` if there was one; else the
/// open files (in operand order, `None` for standard input and for a file
/// beyond the first [`HELD`]), which the reader takes instead of opening
/// them again.
pub fn open_all(files: &[FileCtx]) -> Option<Vec<Option<File>>> {
    let mut held = Vec::with_capacity(files.len());
    let (mut failed, mut open) = (false, 0);
    for f in files {
        let file = match f.path.as_ref().map(File::open) {
            None => None,
            Some(Ok(file)) if file.metadata().is_ok_and(|m| m.is_dir()) => {
                eprintln!("uriscan: {}: Is a directory", f.name);
                failed = true;
                None
            }
            Some(Ok(file)) => Some(file).filter(|_| open < HELD),
            Some(Err(e)) => {
                eprintln!("uriscan: {}: {}", f.name, plain_error(&e));
                failed = true;
                None
            }
        };
        open += usize::from(file.is_some());
        held.push(file);
    }
    (!failed).then_some(held)
}

/// An I/O error without Rust's " (os error N)" suffix.
pub fn plain_error(e: &io::Error) -> String {
    let s = e.to_string();
    match s.find(" (os error") {
        Some(i) => s[..i].to_string(),
        None => s,
    }
}
