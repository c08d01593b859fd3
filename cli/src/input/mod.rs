//! The inputs: the operands ([`FileCtx`]), opened when reading reaches
//! them ([`open`]) or all at once before an output file is made
//! ([`open_all`]); their bytes cut into chunks of whole lines (`reader`) or
//! read from a column of a Parquet or CSV file (`columns`), and the lines
//! of a chunk (`lines`; a line itself is [`Line`], in `crate::line`).

use std::fs::File;
use std::io::{self, Read};

mod columns;
mod csv_rows;
mod lines;
#[cfg(feature = "parquet")]
mod parquet;
mod reader;

pub use columns::ColumnReader;
pub use lines::{count_lines, Lines, Seps};
pub use reader::{read_chunks, Inputs, Reader, BUF};

pub use crate::line::{FileCtx, Line, Text};

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
