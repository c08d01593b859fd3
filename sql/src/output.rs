//! Writing a result: as a table, CSV, JSON Lines or Parquet, to standard
//! output or whole-or-untouched to a file (a temporary file in the same
//! directory, renamed over the file only when everything was written; on
//! any error it is removed and the file is as it was).

use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use clap::ValueEnum;
use datafusion::arrow::csv::WriterBuilder as CsvWriterBuilder;
use datafusion::arrow::datatypes::Schema;
use datafusion::arrow::error::ArrowError;
use datafusion::arrow::json::writer::{LineDelimited, WriterBuilder as JsonWriterBuilder};
use datafusion::arrow::record_batch::RecordBatch;
use datafusion::arrow::util::pretty::pretty_format_batches_with_schema;
use datafusion::error::DataFusionError;
use datafusion::execution::SendableRecordBatchStream;
use datafusion::parquet::arrow::ArrowWriter;
use datafusion::parquet::basic::Compression;
use datafusion::parquet::errors::ParquetError;
use datafusion::parquet::file::properties::WriterProperties;
use futures::StreamExt;

/// An output format (`-f`), spelled as the `uriscan` command spells them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// A table for reading (the whole result is held in memory)
    Table,
    /// Comma-separated values with a header line (RFC 4180)
    Csv,
    /// JSON Lines: one JSON object per row, nulls written as null
    #[value(alias = "json")]
    Jsonl,
    /// Apache Parquet, Snappy-compressed (to -o FILE or a pipe)
    Parquet,
}

/// Why writing a result failed.
#[derive(Debug)]
pub enum Failure {
    /// The query failed while it ran.
    Query(DataFusionError),
    /// The output could not be written (named in the message).
    Output(String),
    /// Standard output was closed by its reader (`| head`): stop quietly.
    BrokenPipe,
}

impl Format {
    /// Refuses a result this format cannot hold (before the query runs).
    ///
    /// # Errors
    /// A message naming the column, for a nested column in CSV.
    pub fn check(self, schema: &Schema) -> Result<(), String> {
        if self == Format::Csv
            && let Some(f) = schema.fields().iter().find(|f| f.data_type().is_nested())
        {
            return Err(format!(
                "-f csv cannot hold column {} of type {}; use -f jsonl or -f parquet",
                f.name(),
                f.data_type()
            ));
        }
        Ok(())
    }
}

/// Where a result goes: standard output, or a temporary file beside the
/// target, renamed over it by [`Destination::commit`].
pub struct Destination {
    out: Out,
    /// The first write error: the writers of some formats keep only its
    /// text (arrow's CSV writer), so a closed pipe is known from here.
    error: Arc<Mutex<Option<io::Error>>>,
}

enum Out {
    Stdout(BufWriter<io::Stdout>),
    File { temp: BufWriter<tempfile::NamedTempFile>, target: PathBuf },
}

impl Destination {
    /// Standard output, or a new temporary file in the directory of `out`
    /// (the file `out` itself, or the file it links to, is not touched).
    ///
    /// # Errors
    /// When `out` is a directory or its directory cannot hold a new file.
    pub fn open(out: Option<&Path>) -> Result<Destination, String> {
        let error = Arc::new(Mutex::new(None));
        let Some(out) = out else {
            return Ok(Destination { out: Out::Stdout(BufWriter::new(io::stdout())), error });
        };
        // Write where a symbolic link points, as `sort -o` does.
        let target = match std::fs::canonicalize(out) {
            Ok(t) => t,
            Err(_) => out.to_path_buf(),
        };
        if target.is_dir() {
            return Err(format!("{}: is a directory", out.display()));
        }
        let dir = match target.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let prefix = format!(".{name}.");
        let mut builder = tempfile::Builder::new();
        builder.prefix(&prefix).suffix(".tmp");
        // Created with mode 0666 less the umask, as a new file would be.
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            builder.permissions(std::fs::Permissions::from_mode(0o666));
        }
        let temp = builder.tempfile_in(&dir).map_err(|e| format!("{}: {}", out.display(), message(&e)))?;
        Ok(Destination { out: Out::File { temp: BufWriter::with_capacity(1 << 16, temp), target }, error })
    }

    /// Flushes the output; a file is synced and renamed over its target (with
    /// the target's permissions, when it existed).
    ///
    /// # Errors
    /// When the last bytes cannot be written or the rename fails.
    pub fn commit(self) -> Result<(), Failure> {
        let place = self.place();
        match self.out {
            Out::Stdout(mut w) => w.flush().map_err(|e| place.failure(&e)),
            Out::File { temp, target } => {
                let fail = |e: &io::Error| place.failure(e);
                let temp = temp.into_inner().map_err(|e| fail(e.error()))?;
                if let Ok(meta) = std::fs::metadata(&target) {
                    std::fs::set_permissions(temp.path(), meta.permissions()).map_err(|e| fail(&e))?;
                }
                temp.as_file().sync_all().map_err(|e| fail(&e))?;
                temp.persist(&target).map_err(|e| fail(&e.error))?;
                Ok(())
            }
        }
    }

    /// What to name in an error message.
    fn place(&self) -> Place {
        let target = match &self.out {
            Out::Stdout(_) => None,
            Out::File { target, .. } => Some(target.clone()),
        };
        Place { target, error: self.error.clone() }
    }

    fn record<T>(&self, result: io::Result<T>) -> io::Result<T> {
        if let Err(e) = &result
            && let Ok(mut first) = self.error.lock()
        {
            first.get_or_insert_with(|| io::Error::new(e.kind(), e.to_string()));
        }
        result
    }
}

/// A destination's name for error messages (a file, or standard output),
/// and its first write error.
struct Place {
    target: Option<PathBuf>,
    error: Arc<Mutex<Option<io::Error>>>,
}

impl Place {
    fn failure(&self, e: &io::Error) -> Failure {
        match &self.target {
            None => stdout_failure(e),
            Some(target) => Failure::Output(format!("{}: {}", target.display(), message(e))),
        }
    }

    /// The failure of a writer: the write error it met, if any.
    fn recorded(&self, otherwise: String) -> Failure {
        match self.error.lock().ok().and_then(|mut e| e.take()) {
            Some(io) => self.failure(&io),
            None => Failure::Output(otherwise),
        }
    }

    fn arrow(&self, e: ArrowError) -> Failure {
        match e {
            ArrowError::IoError(_, io) => self.failure(&io),
            e => self.recorded(e.to_string()),
        }
    }

    fn parquet(&self, e: ParquetError) -> Failure {
        match e {
            ParquetError::External(inner) => match inner.downcast::<io::Error>() {
                Ok(io) => self.failure(&io),
                Err(inner) => self.recorded(format!("Parquet: {inner}")),
            },
            e => self.recorded(format!("Parquet: {e}")),
        }
    }
}

impl Write for Destination {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let result = match &mut self.out {
            Out::Stdout(w) => w.write(buf),
            Out::File { temp, .. } => temp.write(buf),
        };
        self.record(result)
    }

    fn flush(&mut self) -> io::Result<()> {
        let result = match &mut self.out {
            Out::Stdout(w) => w.flush(),
            Out::File { temp, .. } => temp.flush(),
        };
        self.record(result)
    }
}

fn stdout_failure(e: &io::Error) -> Failure {
    if e.kind() == io::ErrorKind::BrokenPipe {
        Failure::BrokenPipe
    } else {
        Failure::Output(format!("standard output: {}", message(e)))
    }
}

/// An I/O error's message without Rust's "(os error N)".
fn message(e: &io::Error) -> String {
    let text = e.to_string();
    match text.find(" (os error") {
        Some(i) => text[..i].to_string(),
        None => text,
    }
}

/// The writer of one format.
enum Sink<'a> {
    Table(Vec<RecordBatch>, &'a mut Destination),
    Csv(datafusion::arrow::csv::Writer<&'a mut Destination>),
    Jsonl(datafusion::arrow::json::Writer<&'a mut Destination, LineDelimited>),
    Parquet(ArrowWriter<&'a mut Destination>),
}

/// Writes every batch of `stream` to `dest` in `format`; returns the
/// number of rows.
///
/// # Errors
/// The query's error, or the output's.
pub async fn write(
    mut stream: SendableRecordBatchStream,
    format: Format,
    dest: &mut Destination,
) -> Result<u64, Failure> {
    let schema = stream.schema();
    let place = dest.place();
    let mut rows = 0u64;
    let mut sink = match format {
        Format::Table => Sink::Table(Vec::new(), dest),
        Format::Csv => Sink::Csv(CsvWriterBuilder::new().with_header(true).build(dest)),
        Format::Jsonl => {
            Sink::Jsonl(JsonWriterBuilder::new().with_explicit_nulls(true).build::<_, LineDelimited>(dest))
        }
        Format::Parquet => {
            let props = WriterProperties::builder().set_compression(Compression::SNAPPY).build();
            Sink::Parquet(ArrowWriter::try_new(dest, schema.clone(), Some(props)).map_err(|e| place.parquet(e))?)
        }
    };
    while let Some(batch) = stream.next().await {
        let batch = batch.map_err(Failure::Query)?;
        rows += batch.num_rows() as u64;
        match &mut sink {
            Sink::Table(batches, _) => batches.push(batch),
            Sink::Csv(w) => w.write(&batch).map_err(|e| place.arrow(e))?,
            Sink::Jsonl(w) => w.write(&batch).map_err(|e| place.arrow(e))?,
            Sink::Parquet(w) => w.write(&batch).map_err(|e| place.parquet(e))?,
        }
    }
    match sink {
        Sink::Table(batches, dest) => {
            let text = pretty_format_batches_with_schema(schema, &batches)
                .map_err(|e| Failure::Output(format!("table: {e}")))?;
            writeln!(dest, "{text}").map_err(|e| place.failure(&e))?;
        }
        // An empty result still gets its header line.
        Sink::Csv(mut w) if rows == 0 => w.write(&RecordBatch::new_empty(schema)).map_err(|e| place.arrow(e))?,
        Sink::Csv(_) => {}
        Sink::Jsonl(mut w) => w.finish().map_err(|e| place.arrow(e))?,
        Sink::Parquet(w) => {
            w.close().map_err(|e| place.parquet(e))?;
        }
    }
    Ok(rows)
}
