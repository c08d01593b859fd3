//! `-f parquet`: records as a Parquet file of typed, nullable columns.
//!
//! The jobs write each record in a small row encoding (`record::encode`,
//! tags in [`crate::record::encode::tag`]) into the same buffers as every other
//! format, and the driver hands those buffers, whole records in input
//! order, to [`ParquetDest`] as if it were stdout. It decodes them into
//! Arrow builders (one per selected column, typed by the command's
//! [`ColType`]s) and writes a record batch every [`BATCH`] rows through
//! `parquet`'s `ArrowWriter` (Snappy). [`ParquetDest::finish`] writes the
//! last batch and the footer.
//!
//! Types: text is `Utf8` (a value that is not UTF-8 is written with U+FFFD
//! and counted in a warning: Parquet strings are UTF-8; JSON Lines and TSV
//! keep such bytes exactly), numbers `UInt64`, ports `UInt16`, the Common
//! Crawl `url_port` `Int32`, `valid` `Boolean`, list results `List<Utf8>`.
//! Every column is nullable; undefined values are nulls. `parse`'s `port`
//! is the parse record's port number, `Int32` as in `uriscan_arrow::parse`
//! (null when absent, empty or beyond 65535; `port_text` has the digits).
//! A `UInt16` port column holding digits beyond 65535 gets a null, counted
//! in a warning.

use std::io::{self, Write};
use std::sync::Arc;

use arrow_array::builder::{BooleanBuilder, Int32Builder, ListBuilder, StringBuilder, UInt16Builder, UInt64Builder};
use arrow_array::{ArrayRef, RecordBatch};
use arrow_schema::{DataType, Field, Schema, SchemaRef};
use parquet::arrow::ArrowWriter;
use parquet::basic::Compression;
use parquet::file::properties::WriterProperties;

use crate::record::encode::tag;
use crate::record::ColType;

/// Rows per record batch.
pub const BATCH: usize = 64 * 1024;

/// One column being built.
enum Builder {
    Str(StringBuilder),
    UInt(UInt64Builder),
    Port(UInt16Builder),
    Int32(Int32Builder),
    Bool(BooleanBuilder),
    List(ListBuilder<StringBuilder>),
}

/// One decoded value.
enum Value<'a> {
    Null,
    Bool(bool),
    Int(u64),
    Str(&'a [u8]),
    /// The number of items and their encoding.
    List(u64, &'a [u8]),
}

/// The writer of `-f parquet`: a `Write` that takes whole encoded records.
pub struct ParquetDest {
    writer: Option<ArrowWriter<Box<dyn Write + Send>>>,
    schema: SchemaRef,
    cols: Vec<Builder>,
    /// Bytes of records not yet decoded (a partial record, if any).
    pending: Vec<u8>,
    rows: usize,
    /// Values that were not UTF-8, written with U+FFFD.
    lossy: u64,
    /// Values that did not fit their column's type, written as null.
    mismatched: u64,
}

fn data_type(t: ColType) -> DataType {
    match t {
        ColType::Str => DataType::Utf8,
        ColType::UInt => DataType::UInt64,
        ColType::Port => DataType::UInt16,
        ColType::Int32 => DataType::Int32,
        ColType::Bool => DataType::Boolean,
        ColType::List => DataType::List(Arc::new(Field::new_list_field(DataType::Utf8, true))),
    }
}

fn builder(t: ColType) -> Builder {
    match t {
        ColType::Str => Builder::Str(StringBuilder::new()),
        ColType::UInt => Builder::UInt(UInt64Builder::new()),
        ColType::Port => Builder::Port(UInt16Builder::new()),
        ColType::Int32 => Builder::Int32(Int32Builder::new()),
        ColType::Bool => Builder::Bool(BooleanBuilder::new()),
        ColType::List => Builder::List(ListBuilder::new(StringBuilder::new())),
    }
}

/// An 8-byte little-endian number at `at`.
fn u64_at(b: &[u8], at: usize) -> Option<u64> {
    let bytes: [u8; 8] = b.get(at..at + 8)?.try_into().ok()?;
    Some(u64::from_le_bytes(bytes))
}

/// A length-prefixed byte string at `at`: it and where it ends.
fn bytes_at(b: &[u8], at: usize) -> Option<(&[u8], usize)> {
    let len = usize::try_from(u64_at(b, at)?).ok()?;
    let end = (at + 8).checked_add(len)?;
    Some((b.get(at + 8..end)?, end))
}

/// The value at `at` and where it ends; `None` when `b` ends inside it.
fn value_at(b: &[u8], at: usize) -> Option<(Value<'_>, usize)> {
    match *b.get(at)? {
        tag::NULL => Some((Value::Null, at + 1)),
        tag::FALSE => Some((Value::Bool(false), at + 1)),
        tag::TRUE => Some((Value::Bool(true), at + 1)),
        tag::INT => Some((Value::Int(u64_at(b, at + 1)?), at + 9)),
        tag::STR => bytes_at(b, at + 1).map(|(s, end)| (Value::Str(s), end)),
        tag::LIST => {
            let n = u64_at(b, at + 1)?;
            let mut end = at + 9;
            for _ in 0..n {
                end = bytes_at(b, end)?.1;
            }
            Some((Value::List(n, &b[at + 9..end]), end))
        }
        _ => None,
    }
}

/// `s` as text: as it is when UTF-8, else with U+FFFD (counted).
fn text<'a>(s: &'a [u8], lossy: &mut u64) -> std::borrow::Cow<'a, str> {
    match std::str::from_utf8(s) {
        Ok(t) => std::borrow::Cow::Borrowed(t),
        Err(_) => {
            *lossy += 1;
            String::from_utf8_lossy(s)
        }
    }
}

impl ParquetDest {
    /// A writer of the columns `names` typed `types` into `out`.
    pub fn new(out: Box<dyn Write + Send>, names: &[&str], types: &[ColType]) -> Result<ParquetDest, String> {
        let fields: Vec<Field> = names.iter().zip(types).map(|(n, &t)| Field::new(*n, data_type(t), true)).collect();
        let schema = Arc::new(Schema::new(fields));
        let props = WriterProperties::builder().set_compression(Compression::SNAPPY).build();
        let writer = ArrowWriter::try_new(out, schema.clone(), Some(props)).map_err(|e| e.to_string())?;
        Ok(ParquetDest {
            writer: Some(writer),
            schema,
            cols: types.iter().map(|&t| builder(t)).collect(),
            pending: Vec::new(),
            rows: 0,
            lossy: 0,
            mismatched: 0,
        })
    }

    /// Decodes the complete records at the start of `pending` (the driver
    /// writes whole records; a partial one waits for the rest).
    fn decode(&mut self) -> io::Result<()> {
        let n = self.cols.len();
        let mut pos = 0;
        let buf = std::mem::take(&mut self.pending);
        let mut values: Vec<Value<'_>> = Vec::with_capacity(n);
        'records: while n > 0 && pos < buf.len() {
            values.clear();
            let mut end = pos;
            for _ in 0..n {
                let Some((v, e)) = value_at(&buf, end) else { break 'records };
                values.push(v);
                end = e;
            }
            for (k, v) in values.drain(..).enumerate() {
                self.append(k, v);
            }
            pos = end;
            self.rows += 1;
            if self.rows >= BATCH {
                self.write_batch()?;
            }
        }
        drop(values);
        let mut buf = buf;
        buf.drain(..pos);
        self.pending = buf;
        Ok(())
    }

    fn append(&mut self, k: usize, v: Value<'_>) {
        let (lossy, mismatched) = (&mut self.lossy, &mut self.mismatched);
        let Some(col) = self.cols.get_mut(k) else { return };
        let mut miss = || *mismatched += 1;
        match col {
            Builder::Str(b) => match v {
                Value::Null => b.append_null(),
                Value::Str(s) => b.append_value(text(s, lossy)),
                Value::Int(n) => b.append_value(n.to_string()),
                Value::Bool(x) => b.append_value(if x { "true" } else { "false" }),
                Value::List(..) => {
                    miss();
                    b.append_null();
                }
            },
            Builder::UInt(b) => match v {
                Value::Int(n) => b.append_value(n),
                Value::Null => b.append_null(),
                _ => {
                    miss();
                    b.append_null();
                }
            },
            Builder::Port(b) => match v {
                Value::Int(n) => match u16::try_from(n) {
                    Ok(p) => b.append_value(p),
                    Err(_) => {
                        miss();
                        b.append_null();
                    }
                },
                // A parsed port's digits: an empty port is no port.
                Value::Str(b"") | Value::Null => b.append_null(),
                Value::Str(digits) => match std::str::from_utf8(digits).ok().and_then(|d| d.parse::<u16>().ok()) {
                    Some(p) => b.append_value(p),
                    None => {
                        miss();
                        b.append_null();
                    }
                },
                _ => {
                    miss();
                    b.append_null();
                }
            },
            Builder::Int32(b) => match v {
                Value::Int(n) => match i32::try_from(n) {
                    Ok(p) => b.append_value(p),
                    Err(_) => {
                        miss();
                        b.append_null();
                    }
                },
                Value::Null => b.append_null(),
                _ => {
                    miss();
                    b.append_null();
                }
            },
            Builder::Bool(b) => match v {
                Value::Bool(x) => b.append_value(x),
                Value::Null => b.append_null(),
                _ => {
                    miss();
                    b.append_null();
                }
            },
            Builder::List(b) => match v {
                Value::List(n, items) => {
                    let mut at = 0;
                    for _ in 0..n {
                        let Some((s, end)) = bytes_at(items, at) else { break };
                        b.values().append_value(text(s, lossy));
                        at = end;
                    }
                    b.append(true);
                }
                Value::Null => b.append(false),
                _ => {
                    miss();
                    b.append(false);
                }
            },
        }
    }

    /// Writes the rows built so far as one record batch.
    fn write_batch(&mut self) -> io::Result<()> {
        if self.rows == 0 {
            return Ok(());
        }
        let arrays: Vec<ArrayRef> = self
            .cols
            .iter_mut()
            .map(|c| -> ArrayRef {
                match c {
                    Builder::Str(b) => Arc::new(b.finish()),
                    Builder::UInt(b) => Arc::new(b.finish()),
                    Builder::Port(b) => Arc::new(b.finish()),
                    Builder::Int32(b) => Arc::new(b.finish()),
                    Builder::Bool(b) => Arc::new(b.finish()),
                    Builder::List(b) => Arc::new(b.finish()),
                }
            })
            .collect();
        self.rows = 0;
        let batch = RecordBatch::try_new(self.schema.clone(), arrays).map_err(io::Error::other)?;
        match &mut self.writer {
            Some(w) => w.write(&batch).map_err(io::Error::other),
            None => Err(io::Error::other("the Parquet file is already closed")),
        }
    }

    /// Writes the last rows and the footer; warns about values that were
    /// changed to fit their types.
    pub fn finish(mut self) -> Result<(), String> {
        self.decode().map_err(|e| e.to_string())?;
        self.write_batch().map_err(|e| e.to_string())?;
        if !self.pending.is_empty() {
            return Err("internal error: a partial record was left".into());
        }
        if let Some(w) = self.writer.take() {
            let mut inner = w.into_inner().map_err(|e| e.to_string())?;
            inner.flush().map_err(|e| e.to_string())?;
        }
        if self.lossy > 0 {
            eprintln!(
                "uriscan: warning: {} value(s) were not UTF-8 and were written to Parquet with U+FFFD \
                 (-f jsonl or -f tsv keep the bytes)",
                self.lossy
            );
        }
        if self.mismatched > 0 {
            eprintln!(
                "uriscan: warning: {} value(s) did not fit their column's type (a port beyond 65535) \
                 and were written as null (-f jsonl or -f tsv keep them)",
                self.mismatched
            );
        }
        Ok(())
    }
}

impl Write for ParquetDest {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.pending.extend_from_slice(buf);
        self.decode()?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}
