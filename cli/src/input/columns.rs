//! `--column NAME`: the values of one column of a Parquet or CSV file as the
//! input lines. A file is Parquet when its name ends in `.parquet` or its
//! first bytes are Parquet's magic `PAR1`; otherwise it is CSV with a header
//! row (RFC 4180, the `csv` crate; a UTF-8 byte order mark is skipped).
//!
//! Each value is one line, whatever bytes it holds (a CSV field may hold a
//! line break); a null Parquet value and a blank CSV row (`csv_rows`) are
//! read as an empty line. Line numbers are row numbers (1-based, the CSV
//! header not counted). Errors (no such column, a column that is not
//! strings, a file that is not what it claims, a CSV row whose number of
//! fields is not the header row's, a quote left open) are messages; the
//! driver reports them with the file's name.

use std::fs::File;
use std::io::{self, Read};

use super::csv_rows::Rows;
use super::{plain_error as plain, FileCtx};

/// The rows of a column, read a chunk at a time.
pub struct ColumnReader {
    inner: Inner,
    /// An error after some values of a chunk: reported on the next call,
    /// once those values are processed.
    deferred: Option<String>,
}

enum Inner {
    Csv {
        reader: csv::Reader<Box<dyn Read>>,
        index: usize,
        record: csv::ByteRecord,
        row: u64,
        /// The number of fields of the header row, which every row has.
        width: usize,
    },
    #[cfg(feature = "parquet")]
    Parquet(super::parquet::Values),
}

/// The first bytes of a Parquet file.
const MAGIC: &[u8] = b"PAR1";

impl ColumnReader {
    /// Opens the column `column` of `f` (`held`: the file, opened
    /// beforehand). The file is opened once: a named pipe or `<(...)` is
    /// read as it comes (a Parquet one into memory, its footer being at
    /// its end).
    pub fn open(f: &FileCtx, held: Option<File>, column: &str) -> Result<ColumnReader, String> {
        let file = match (held, &f.path) {
            (Some(file), _) => Some(file),
            (None, None) => None,
            (None, Some(p)) => Some(File::open(p).map_err(|e| plain(&e))?),
        };
        // A regular file is read again from its start by the Parquet reader.
        let regular = file.as_ref().and_then(|f| f.metadata().ok()).is_some_and(|m| m.is_file());
        let (seekable, mut input): (Option<File>, Box<dyn Read>) = match file {
            Some(file) if regular => (file.try_clone().ok(), Box::new(file)),
            Some(file) => (None, Box::new(file)),
            None => (None, Box::new(io::stdin())),
        };
        let named_parquet = f.path.as_deref().is_some_and(|p| p.to_ascii_lowercase().ends_with(".parquet"));
        // The first bytes decide (and are read again by the CSV reader).
        let mut head = Vec::with_capacity(MAGIC.len());
        (&mut input)
            .take(MAGIC.len() as u64)
            .read_to_end(&mut head)
            .map_err(|e| format!("read error: {}", plain(&e)))?;
        if named_parquet || head == MAGIC {
            return parquet(seekable, head, input, column);
        }
        let reader = csv::ReaderBuilder::new()
            .has_headers(true)
            .flexible(true)
            .from_reader(Box::new(Rows::new(io::Cursor::new(head).chain(input))) as Box<dyn Read>);
        csv_open(reader, column)
    }

    /// Appends values to `data` and where each ends to `ends`, until `data`
    /// holds at least `min` bytes or the column ends (then `ends` stays
    /// empty if there was nothing left).
    pub fn next_chunk(&mut self, data: &mut Vec<u8>, ends: &mut Vec<usize>, min: usize) -> Result<(), String> {
        if let Some(e) = self.deferred.take() {
            return Err(e);
        }
        match self.read(data, ends, min) {
            Err(e) if !ends.is_empty() => {
                self.deferred = Some(e);
                Ok(())
            }
            r => r,
        }
    }

    fn read(&mut self, data: &mut Vec<u8>, ends: &mut Vec<usize>, min: usize) -> Result<(), String> {
        match &mut self.inner {
            Inner::Csv { reader, index, record, row, width } => {
                while data.len() < min {
                    match reader.read_byte_record(record) {
                        Ok(false) => break,
                        Ok(true) => {}
                        Err(e) => return Err(format!("CSV: {}", csv_error(&e))),
                    }
                    *row += 1;
                    // A blank row (one empty field, `Rows`) is an empty value.
                    let blank = record.len() == 1 && record.get(0) == Some(&b""[..]);
                    let value = if blank { Some(&b""[..]) } else { record.get(*index) };
                    let Some(v) = value.filter(|_| blank || record.len() == *width) else {
                        return Err(ragged(*row, record.len(), *width, *index));
                    };
                    data.extend_from_slice(v);
                    ends.push(data.len());
                }
                Ok(())
            }
            #[cfg(feature = "parquet")]
            Inner::Parquet(values) => values.next_chunk(data, ends, min),
        }
    }
}

fn csv_open(mut reader: csv::Reader<Box<dyn Read>>, column: &str) -> Result<ColumnReader, String> {
    let headers = reader.byte_headers().map_err(|e| format!("CSV: {}", csv_error(&e)))?.clone();
    let Some(index) = headers.iter().position(|h| h == column.as_bytes()) else {
        let names: Vec<String> = headers.iter().map(|h| String::from_utf8_lossy(h).into_owned()).collect();
        return Err(format!("no column '{column}' in the CSV header row (its columns: {})", names.join(", ")));
    };
    let (record, width) = (csv::ByteRecord::new(), headers.len());
    Ok(ColumnReader { inner: Inner::Csv { reader, index, record, row: 0, width }, deferred: None })
}

/// The error of a row of `fields` fields where the header row has `width`
/// (the column read being field `index`).
fn ragged(row: u64, fields: usize, width: usize, index: usize) -> String {
    let s = |n: usize| if n == 1 { "" } else { "s" };
    format!(
        "CSV row {row} has {fields} field{} where the header row has {width} (the column is field {}): a malformed row",
        s(fields),
        index + 1
    )
}

/// A `csv` error's message (an I/O error's without Rust's suffix).
fn csv_error(e: &csv::Error) -> String {
    match e.kind() {
        csv::ErrorKind::Io(io) => plain(io),
        _ => e.to_string(),
    }
}

#[cfg(not(feature = "parquet"))]
fn parquet(_: Option<File>, _: Vec<u8>, _: Box<dyn Read>, _: &str) -> Result<ColumnReader, String> {
    Err("a Parquet file, and this uriscan was built without Parquet (cargo feature 'parquet')".into())
}

/// The Parquet file `seekable` (a regular file), or else the one whose
/// first bytes are `head` and the rest `rest`, read into memory.
#[cfg(feature = "parquet")]
fn parquet(
    seekable: Option<File>,
    head: Vec<u8>,
    mut rest: Box<dyn Read>,
    column: &str,
) -> Result<ColumnReader, String> {
    let values = match seekable {
        Some(file) => super::parquet::Values::open(file, column)?,
        None => {
            // A pipe or standard input: Parquet's footer is at the end, so
            // read it all.
            let mut all = head;
            rest.read_to_end(&mut all).map_err(|e| format!("read error: {}", plain(&e)))?;
            super::parquet::Values::open(bytes::Bytes::from(all), column)?
        }
    };
    Ok(ColumnReader { inner: Inner::Parquet(values), deferred: None })
}
