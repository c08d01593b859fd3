//! Text lists as tables: one row per line, columns `url` (the line) and
//! `line` (its number in its file, from 1). A line ends in LF or CRLF (the CR
//! is not part of it); a UTF-8 byte order mark at the start of a file is
//! skipped; every line, an empty one too, is a row; a last line without LF
//! is a row; an empty file has no rows. Bytes that are not UTF-8 read as
//! U+FFFD, and the lines where that happened are counted in [`Warnings`]
//! (the command line tool's rule for Parquet output). The rules of the
//! `uriscan` command's line input, so a text list has the same rows here.
//!
//! Each file is one partition, read in batches on a blocking thread as the
//! query pulls them (never the whole file in memory); DataFusion spreads
//! the batches over its threads.

use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use datafusion::arrow::array::{ArrayRef, StringViewBuilder, UInt64Builder};
use datafusion::arrow::datatypes::{DataType, Field, Schema, SchemaRef};
use datafusion::arrow::record_batch::RecordBatch;
use datafusion::catalog::streaming::StreamingTable;
use datafusion::error::{DataFusionError, Result};
use datafusion::execution::{SendableRecordBatchStream, TaskContext};
use datafusion::physical_plan::stream::RecordBatchReceiverStreamBuilder;
use datafusion::physical_plan::streaming::PartitionStream;

const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The schema of every text list: `url` (Utf8View), `line` (UInt64).
pub fn schema() -> SchemaRef {
    Arc::new(Schema::new(vec![
        Field::new("url", DataType::Utf8View, false),
        Field::new("line", DataType::UInt64, false),
    ]))
}

/// A table of the lines of `files` (one partition each, in this order).
pub fn table(files: &[PathBuf], warnings: &Arc<Warnings>) -> Result<StreamingTable> {
    let schema = schema();
    let partitions = files
        .iter()
        .map(|path| {
            Arc::new(TextFile { path: path.clone(), schema: schema.clone(), warnings: warnings.clone() })
                as Arc<dyn PartitionStream>
        })
        .collect();
    StreamingTable::try_new(schema, partitions)
}

/// Lines that were not UTF-8, per file: reported after the query.
#[derive(Debug, Default)]
pub struct Warnings {
    lossy: Mutex<Vec<Lossy>>,
}

/// The lines of one file read with U+FFFD in place of bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lossy {
    /// The file.
    pub path: PathBuf,
    /// How many lines.
    pub lines: u64,
    /// The first of them (from 1).
    pub first: u64,
}

impl Warnings {
    fn add(&self, path: &Path, lines: u64, first: u64) {
        if let Ok(mut lossy) = self.lossy.lock() {
            match lossy.iter_mut().find(|l| l.path == path) {
                Some(l) => {
                    l.lines += lines;
                    l.first = l.first.min(first);
                }
                None => lossy.push(Lossy { path: path.to_path_buf(), lines, first }),
            }
        }
    }

    /// What was counted, one entry per file.
    pub fn lossy(&self) -> Vec<Lossy> {
        self.lossy.lock().map(|l| l.clone()).unwrap_or_default()
    }
}

/// One file of a text list: a partition.
#[derive(Debug)]
struct TextFile {
    path: PathBuf,
    schema: SchemaRef,
    warnings: Arc<Warnings>,
}

impl PartitionStream for TextFile {
    fn schema(&self) -> &SchemaRef {
        &self.schema
    }

    fn execute(&self, ctx: Arc<TaskContext>) -> SendableRecordBatchStream {
        let batch_size = ctx.session_config().batch_size().max(1);
        let mut builder = RecordBatchReceiverStreamBuilder::new(self.schema.clone(), 2);
        let tx = builder.tx();
        let (path, schema, warnings) = (self.path.clone(), self.schema.clone(), self.warnings.clone());
        builder.spawn_blocking(move || {
            let mut reader = Lines::open(&path)?;
            let mut lossy = (0, 0);
            loop {
                let batch = reader.next_batch(&schema, batch_size, &mut lossy)?;
                let Some(batch) = batch else { break };
                // The receiver is gone when the query needs no more rows (LIMIT).
                if tx.blocking_send(Ok(batch)).is_err() {
                    break;
                }
            }
            if lossy.0 > 0 {
                warnings.add(&path, lossy.0, lossy.1);
            }
            Ok(())
        });
        builder.build()
    }
}

/// A text file read line by line.
struct Lines {
    path: PathBuf,
    reader: BufReader<File>,
    line: u64,
    buf: Vec<u8>,
}

impl Lines {
    fn open(path: &Path) -> Result<Lines> {
        let file = File::open(path).map_err(|e| io_error(path, &e))?;
        Ok(Lines {
            path: path.to_path_buf(),
            reader: BufReader::with_capacity(1 << 16, file),
            line: 0,
            buf: Vec::new(),
        })
    }

    /// Up to `size` rows; `None` at the end of the file. `lossy` counts the
    /// lines that were not UTF-8 and keeps the first one's number.
    fn next_batch(&mut self, schema: &SchemaRef, size: usize, lossy: &mut (u64, u64)) -> Result<Option<RecordBatch>> {
        let mut urls = StringViewBuilder::with_capacity(size);
        let mut numbers = UInt64Builder::with_capacity(size);
        let mut rows = 0;
        while rows < size {
            self.buf.clear();
            let n = self.reader.read_until(b'\n', &mut self.buf).map_err(|e| io_error(&self.path, &e))?;
            if n == 0 {
                break;
            }
            self.line += 1;
            let mut line: &[u8] = &self.buf;
            if self.line == 1 {
                line = line.strip_prefix(BOM).unwrap_or(line);
            }
            if let Some(l) = line.strip_suffix(b"\n") {
                line = l.strip_suffix(b"\r").unwrap_or(l);
            }
            match std::str::from_utf8(line) {
                Ok(s) => urls.append_value(s),
                Err(_) => {
                    if lossy.0 == 0 {
                        lossy.1 = self.line;
                    }
                    lossy.0 += 1;
                    urls.append_value(String::from_utf8_lossy(line));
                }
            }
            numbers.append_value(self.line);
            rows += 1;
        }
        if rows == 0 {
            return Ok(None);
        }
        let columns: Vec<ArrayRef> = vec![Arc::new(urls.finish()), Arc::new(numbers.finish())];
        Ok(Some(RecordBatch::try_new(schema.clone(), columns)?))
    }
}

fn io_error(path: &Path, e: &std::io::Error) -> DataFusionError {
    DataFusionError::Execution(format!("{}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use datafusion::arrow::array::{Array, StringViewArray, UInt64Array};

    fn rows(bytes: &[u8], size: usize) -> (Vec<(String, u64)>, (u64, u64), usize) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("l.txt");
        std::fs::write(&path, bytes).unwrap();
        let mut lines = Lines::open(&path).unwrap();
        let (mut out, mut lossy, mut batches) = (Vec::new(), (0, 0), 0);
        while let Some(b) = lines.next_batch(&schema(), size, &mut lossy).unwrap() {
            batches += 1;
            let urls = b.column(0).as_any().downcast_ref::<StringViewArray>().unwrap();
            let numbers = b.column(1).as_any().downcast_ref::<UInt64Array>().unwrap();
            assert_eq!(urls.null_count(), 0);
            for i in 0..b.num_rows() {
                out.push((urls.value(i).to_string(), numbers.value(i)));
            }
        }
        (out, lossy, batches)
    }

    fn owned(v: &[(&str, u64)]) -> Vec<(String, u64)> {
        v.iter().map(|(s, n)| (s.to_string(), *n)).collect()
    }

    #[test]
    fn line_rules() {
        let (got, lossy, _) = rows(b"\xEF\xBB\xBFhttp://a/\r\n\nb\r\r\nc \xEF\xBB\xBFd\n\xEF\xBB\xBFe", 100);
        let want = [("http://a/", 1), ("", 2), ("b\r", 3), ("c \u{feff}d", 4), ("\u{feff}e", 5)];
        assert_eq!(got, owned(&want));
        assert_eq!(lossy, (0, 0));
    }

    #[test]
    fn empty_file_and_final_newline() {
        assert_eq!(rows(b"", 10).0, []);
        assert_eq!(rows(b"\n", 10).0, owned(&[("", 1)]));
        assert_eq!(rows(b"\xEF\xBB\xBF", 10).0, owned(&[("", 1)]));
        assert_eq!(rows(b"a\nb\n", 10).0, owned(&[("a", 1), ("b", 2)]));
    }

    #[test]
    fn batches_keep_every_line_in_order() {
        let text: String = (1..=25).map(|i| format!("u{i}\n")).collect();
        let (got, _, batches) = rows(text.as_bytes(), 4);
        assert_eq!(batches, 7);
        let want: Vec<(String, u64)> = (1..=25).map(|i| (format!("u{i}"), i)).collect();
        assert_eq!(got, want);
    }

    #[test]
    fn bytes_that_are_not_utf8_are_replaced_and_counted() {
        let (got, lossy, _) = rows(b"ok\nbad\xFF\nok\n\xC3\n", 10);
        assert_eq!(got, owned(&[("ok", 1), ("bad\u{FFFD}", 2), ("ok", 3), ("\u{FFFD}", 4)]));
        assert_eq!(lossy, (2, 2));
    }
}
