//! Where records go: a buffer of whole records, handed to the writer thread
//! (or the output) a chunk at a time; [`Sink::write`] picks the writer the
//! layout allows.

use super::csv::{csv_finish, csv_record, csv_writer};
use super::direct::Direct;
use super::encode::encode_val;
use super::json::json_val;
use super::layout::{Layout, Piece};
use super::text::text_val;
use super::tsv::tsv_val;
use super::tsv_all::{Decimal, TsvAll};
use super::{Fill, Format, Row};
use crate::line::Line;

/// A buffer of whole records in the layout's format.
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
                    csv_record(w, row, &l.fields);
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
