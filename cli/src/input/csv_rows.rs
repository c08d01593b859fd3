//! The rows of a CSV file as the `csv` crate cannot give them alone: every
//! row, a blank one included, and an error for a quote left open.
//!
//! The `csv` crate skips blank lines, so a column with nulls written as
//! nothing (pyarrow, with one column) would lose rows and shift the line
//! numbers after them; and it ends a quoted field left open at the end of
//! the file as if it were closed, so one stray quote swallows the rest of
//! the file. [`Rows`] sits between the file and the `csv` reader and follows
//! the same RFC 4180 states the reader does (a field quoted when it starts
//! with `"`, `""` a quote inside one, a record ending in LF, CR or CRLF
//! outside quotes): it writes `""` into each blank line after the header
//! row (the reader then sees a row of one empty field), and at the end of
//! the file inside a quoted field it fails with the row where the quote
//! opened.

use std::io::{self, Read};

/// Where in a record the scanner is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    /// At the start of a record (after a line end outside quotes).
    RecordStart,
    /// At the start of a field (after a comma).
    FieldStart,
    /// In a field that did not start with a quote.
    Unquoted,
    /// In a quoted field.
    Quoted,
    /// After a quote in a quoted field: its end, or the first of `""`.
    QuoteInQuoted,
}

/// A reader of CSV bytes that makes blank rows visible and a quote left
/// open an error (see the module's doc).
pub struct Rows<R> {
    inner: R,
    state: State,
    /// The last byte was a CR ending a record (a LF next is the same end).
    after_cr: bool,
    /// Records ended so far (the header row is record 0).
    records: u64,
    /// The row whose quoted field is open (1-based, the header not counted).
    quote_row: u64,
    /// Bytes read from `inner`, then what is handed on.
    raw: Vec<u8>,
    out: Vec<u8>,
    pos: usize,
    eof: bool,
}

impl<R: Read> Rows<R> {
    pub fn new(inner: R) -> Rows<R> {
        Rows {
            inner,
            state: State::RecordStart,
            after_cr: false,
            records: 0,
            quote_row: 0,
            raw: vec![0; 64 << 10],
            out: Vec::new(),
            pos: 0,
            eof: false,
        }
    }

    /// Reads more of `inner` into `out`; `Ok(false)` at its end.
    fn fill(&mut self) -> io::Result<bool> {
        let n = loop {
            match self.inner.read(&mut self.raw) {
                Ok(n) => break n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
        };
        self.out.clear();
        self.pos = 0;
        if n == 0 {
            if self.state == State::Quoted {
                let row = self.quote_row;
                return Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!("row {row}: a quoted field is not closed before the end of the file"),
                ));
            }
            return Ok(false);
        }
        for k in 0..n {
            let b = self.raw[k];
            self.step(b);
            self.out.push(b);
        }
        Ok(true)
    }

    /// Follows byte `b` (and writes `""` before it when it ends a blank row).
    fn step(&mut self, b: u8) {
        let end = b == b'\n' || b == b'\r';
        let after_cr = std::mem::replace(&mut self.after_cr, b == b'\r');
        self.state = match (self.state, b) {
            (State::RecordStart, b'\n') if after_cr => State::RecordStart,
            (State::RecordStart, _) if end => {
                if self.records > 0 {
                    self.out.extend_from_slice(b"\"\"");
                    self.records += 1;
                } else {
                    // Blank lines before the header row: skipped, as the
                    // reader skips them.
                    self.after_cr = false;
                }
                State::RecordStart
            }
            (State::RecordStart | State::FieldStart, b'"') => {
                self.quote_row = self.records;
                State::Quoted
            }
            (State::Quoted, b'"') => State::QuoteInQuoted,
            (State::Quoted, _) => State::Quoted,
            (State::QuoteInQuoted, b'"') => State::Quoted,
            (_, b',') => State::FieldStart,
            (_, _) if end => {
                self.records += 1;
                State::RecordStart
            }
            _ => State::Unquoted,
        };
        if self.state != State::RecordStart {
            self.after_cr = false;
        }
    }
}

impl<R: Read> Read for Rows<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while self.pos == self.out.len() {
            if self.eof || !self.fill()? {
                self.eof = true;
                return Ok(0);
            }
        }
        let n = buf.len().min(self.out.len() - self.pos);
        buf[..n].copy_from_slice(&self.out[self.pos..self.pos + n]);
        self.pos += n;
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn through(input: &[u8]) -> io::Result<Vec<u8>> {
        let mut out = Vec::new();
        Rows::new(input).read_to_end(&mut out)?;
        Ok(out)
    }

    #[test]
    fn blank_rows_become_empty_fields() {
        assert_eq!(through(b"url\na\n\nb\n\n").unwrap(), b"url\na\n\"\"\nb\n\"\"\n");
        assert_eq!(through(b"url\r\na\r\n\r\nb\r\n").unwrap(), b"url\r\na\r\n\"\"\r\nb\r\n");
        assert_eq!(through(b"\nurl\na\r\rb").unwrap(), b"\nurl\na\r\"\"\rb");
    }

    #[test]
    fn line_ends_in_quotes_are_data() {
        assert_eq!(through(b"url\n\"a\n\nb\"\n\"x\"\"\n\"\n").unwrap(), b"url\n\"a\n\nb\"\n\"x\"\"\n\"\n");
    }

    #[test]
    fn an_open_quote_is_an_error_naming_its_row() {
        let e = through(b"url\na\n\"b\nc\nd\n").unwrap_err();
        assert_eq!(e.to_string(), "row 2: a quoted field is not closed before the end of the file");
        assert!(through(b"url\n\"b\"\"\n").is_err());
        assert!(through(b"url\n\"b\"\"\"\n").is_ok());
    }
}
