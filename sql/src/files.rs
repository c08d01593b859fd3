//! Files named in the query (`FROM 'urls.parquet'`, `FROM 'parts/'`) as
//! tables: DataFusion's dynamic file catalog (what `enable_url_table` sets
//! up) with a factory of our own, so that
//!
//! - the type of a file is decided as the `uriscan` command decides it: Parquet
//!   when the name ends in `.parquet` in any case or the file starts with
//!   `PAR1`; CSV (with a header row) when the name ends in `.csv` in any
//!   case; otherwise a text list, one URL per line ([`crate::text`]); a
//!   compressed file is refused;
//! - a directory is every file under it (subdirectories too, in name order;
//!   names that start with `.` or `_`, such as Spark's `_SUCCESS`, are left
//!   out), all of one type;
//! - a name that looks like a path (it holds a `/` or a `.`) but names
//!   nothing is an error that names it; any other unknown name is left to
//!   DataFusion ("table not found");
//! - every error names the file.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use async_trait::async_trait;
use datafusion::arrow::datatypes::{Field, Schema};
use datafusion::catalog::{TableProvider, UrlTableFactory};
use datafusion::datasource::file_format::csv::CsvFormat;
use datafusion::datasource::file_format::parquet::ParquetFormat;
use datafusion::datasource::file_format::FileFormat;
use datafusion::datasource::listing::{ListingOptions, ListingTable, ListingTableConfig, ListingTableUrl};
use datafusion::error::{DataFusionError, Result};
use datafusion::execution::SessionState;

use crate::text::{self, Warnings};

/// The kinds of file a query can name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Apache Parquet.
    Parquet,
    /// CSV with a header row.
    Csv,
    /// One URL per line.
    Text,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Parquet => "Parquet",
            Kind::Csv => "CSV",
            Kind::Text => "a text list",
        }
    }
}

/// Makes tables of the files a query names.
#[derive(Debug)]
pub struct FileTables {
    /// The session the tables are planned in (its table options and object
    /// store, for reading Parquet footers and CSV headers).
    state: SessionState,
    /// Whether the query runs on a cluster (text lists are read in-process).
    remote: bool,
    warnings: Arc<Warnings>,
}

impl FileTables {
    /// A factory for the session `state`.
    pub fn new(state: SessionState, remote: bool, warnings: Arc<Warnings>) -> FileTables {
        FileTables { state, remote, warnings }
    }

    async fn table(&self, name: &str, path: &Path) -> Result<Arc<dyn TableProvider>> {
        let files = files_of(name, path)?;
        let kind = kind_of(name, &files)?;
        match kind {
            Kind::Text if self.remote => Err(DataFusionError::Plan(format!(
                "{name}: a text list is read in-process only; on a cluster, name Parquet or CSV files \
                 (uriscan-sql -f parquet -o urls.parquet \"SELECT * FROM '{name}'\" converts it)"
            ))),
            Kind::Text => Ok(Arc::new(text::table(&files, &self.warnings)?)),
            Kind::Parquet | Kind::Csv => self.listing(name, kind, &files).await,
        }
    }

    /// A DataFusion listing table of `files` (Parquet or CSV).
    async fn listing(&self, name: &str, kind: Kind, files: &[PathBuf]) -> Result<Arc<dyn TableProvider>> {
        let format: Arc<dyn FileFormat> = match kind {
            Kind::Parquet => {
                Arc::new(ParquetFormat::default().with_options(self.state.table_options().parquet.clone()))
            }
            _ => Arc::new(
                CsvFormat::default().with_options(self.state.table_options().csv.clone()).with_has_header(true),
            ),
        };
        // The files are listed already; the extension must not filter them.
        let options = ListingOptions::new(format).with_file_extension("");
        let mut urls = Vec::with_capacity(files.len());
        let mut schemas = Vec::with_capacity(files.len());
        for file in files {
            let url = file_url(file)?;
            let schema = options.infer_schema(&self.state, &url).await.map_err(|e| {
                DataFusionError::Plan(format!("{}: not readable as {}: {e}", file.display(), kind.name()))
            })?;
            if schema.fields().is_empty() {
                let what =
                    if kind == Kind::Csv { "an empty CSV file (no header row)" } else { "an empty file, not Parquet" };
                return Err(DataFusionError::Plan(format!("{}: {what}", file.display())));
            }
            schemas.push(Arc::unwrap_or_clone(schema));
            urls.push(url);
        }
        let schema = Schema::try_merge(schemas)
            .map_err(|e| DataFusionError::Plan(format!("{name}: its files' columns do not agree: {e}")))?;
        let schema = without_bom(schema);
        let config =
            ListingTableConfig::new_with_multi_paths(urls).with_listing_options(options).with_schema(Arc::new(schema));
        Ok(Arc::new(ListingTable::try_new(config)?))
    }
}

#[async_trait]
impl UrlTableFactory for FileTables {
    async fn try_new(&self, name: &str) -> Result<Option<Arc<dyn TableProvider>>> {
        let path = Path::new(name);
        match std::fs::metadata(path) {
            Ok(_) => self.table(name, path).await.map(Some),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound && !looks_like_path(name) => Ok(None),
            Err(e) => Err(DataFusionError::Plan(format!("{name}: {}", io_message(&e)))),
        }
    }
}

/// Whether a table name that names no file was meant as a file.
fn looks_like_path(name: &str) -> bool {
    name.contains(['/', '.', '\\'])
}

/// An I/O error's message without Rust's "(os error 2)".
fn io_message(e: &std::io::Error) -> String {
    let text = e.to_string();
    match text.find(" (os error") {
        Some(i) => text[..i].to_string(),
        None => text,
    }
}

/// `path` itself, or every file under the directory `path`.
fn files_of(name: &str, path: &Path) -> Result<Vec<PathBuf>> {
    let fail = |p: &Path, e: std::io::Error| DataFusionError::Plan(format!("{}: {}", p.display(), io_message(&e)));
    let meta = std::fs::metadata(path).map_err(|e| fail(path, e))?;
    if !meta.is_dir() {
        return Ok(vec![path.to_path_buf()]);
    }
    let mut files = Vec::new();
    let mut dirs = vec![path.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).map_err(|e| fail(&dir, e))? {
            let entry = entry.map_err(|e| fail(&dir, e))?;
            let hidden = entry.file_name().to_str().is_none_or(|n| n.starts_with(['.', '_']));
            if hidden {
                continue;
            }
            let p = entry.path();
            if std::fs::metadata(&p).map_err(|e| fail(&p, e))?.is_dir() {
                dirs.push(p);
            } else {
                files.push(p);
            }
        }
    }
    files.sort();
    if files.is_empty() {
        return Err(DataFusionError::Plan(format!("{name}: a directory without files")));
    }
    Ok(files)
}

/// The one kind of every file of `files`.
fn kind_of(name: &str, files: &[PathBuf]) -> Result<Kind> {
    let mut found: Option<(Kind, &Path)> = None;
    for file in files {
        let kind = detect(file)?;
        match found {
            None => found = Some((kind, file)),
            Some((k, first)) if k != kind => {
                return Err(DataFusionError::Plan(format!(
                    "{name}: files of two kinds: {} is {}, {} is {}",
                    first.display(),
                    k.name(),
                    file.display(),
                    kind.name()
                )))
            }
            Some(_) => {}
        }
    }
    found.map(|(k, _)| k).ok_or_else(|| DataFusionError::Plan(format!("{name}: no files")))
}

/// The kind of one file, by its name's extension in any case, then by its
/// first bytes.
pub fn detect(path: &Path) -> Result<Kind> {
    let ext = path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
    match ext.as_deref() {
        Some("parquet") => return Ok(Kind::Parquet),
        Some("csv") => return Ok(Kind::Csv),
        _ => {}
    }
    let mut head = [0u8; 6];
    let mut n = 0;
    let mut file = std::fs::File::open(path)
        .map_err(|e| DataFusionError::Plan(format!("{}: {}", path.display(), io_message(&e))))?;
    while n < head.len() {
        match file.read(&mut head[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(DataFusionError::Plan(format!("{}: {}", path.display(), io_message(&e)))),
        }
    }
    let head = &head[..n];
    let compressed = [
        (&b"\x1F\x8B"[..], "gzip"),
        (b"\x28\xB5\x2F\xFD", "zstd"),
        (b"BZh", "bzip2"),
        (b"\xFD7zXZ\x00", "xz"),
        (b"PK\x03\x04", "zip"),
    ];
    if let Some((_, what)) = compressed.iter().find(|(magic, _)| head.starts_with(magic)) {
        return Err(DataFusionError::Plan(format!(
            "{}: a {what}-compressed file; decompress it first (uriscan-sql reads Parquet, CSV and text lists)",
            path.display()
        )));
    }
    Ok(if head.starts_with(b"PAR1") { Kind::Parquet } else { Kind::Text })
}

/// The `file://` URL of a local file, without reading glob characters in it.
fn file_url(path: &Path) -> Result<ListingTableUrl> {
    let absolute = std::path::absolute(path)
        .map_err(|e| DataFusionError::Plan(format!("{}: {}", path.display(), io_message(&e))))?;
    let url = url::Url::from_file_path(&absolute)
        .map_err(|()| DataFusionError::Plan(format!("{}: not a path a URL can name", path.display())))?;
    ListingTableUrl::try_new(url, None)
}

/// The schema with a UTF-8 byte order mark removed from the first column's
/// name (a CSV file's header row that starts with one).
fn without_bom(schema: Schema) -> Schema {
    let Some(first) = schema.fields().first() else { return schema };
    let Some(name) = first.name().strip_prefix('\u{feff}') else { return schema };
    let mut fields: Vec<Field> = schema.fields().iter().map(|f| f.as_ref().clone()).collect();
    fields[0] = fields[0].clone().with_name(name);
    Schema::new_with_metadata(fields, schema.metadata().clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kind_by_extension_in_any_case_then_by_content() {
        let dir = tempfile::tempdir().unwrap();
        let write = |name: &str, bytes: &[u8]| {
            let p = dir.path().join(name);
            std::fs::write(&p, bytes).unwrap();
            p
        };
        assert_eq!(detect(&write("a.PARQUET", b"x")).unwrap(), Kind::Parquet);
        assert_eq!(detect(&write("a.Csv", b"x")).unwrap(), Kind::Csv);
        assert_eq!(detect(&write("noext", b"PAR1....")).unwrap(), Kind::Parquet);
        assert_eq!(detect(&write("a.txt", b"http://x/\n")).unwrap(), Kind::Text);
        assert_eq!(detect(&write("empty.txt", b"")).unwrap(), Kind::Text);
        let e = detect(&write("a.txt.gz", b"\x1F\x8B\x08\x00")).unwrap_err().to_string();
        assert!(e.contains("a.txt.gz") && e.contains("gzip"), "{e}");
    }

    #[test]
    fn directories_list_visible_files_in_name_order() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("sub")).unwrap();
        for name in ["b.txt", "a.txt", "_SUCCESS", ".a.txt.crc", "sub/c.txt"] {
            std::fs::write(dir.path().join(name), "x\n").unwrap();
        }
        let files = files_of("d", dir.path()).unwrap();
        let names: Vec<_> = files.iter().map(|f| f.strip_prefix(dir.path()).unwrap().to_path_buf()).collect();
        assert_eq!(names, [PathBuf::from("a.txt"), PathBuf::from("b.txt"), PathBuf::from("sub/c.txt")]);
        std::fs::write(dir.path().join("d.parquet"), "PAR1").unwrap();
        let e = kind_of("d", &files_of("d", dir.path()).unwrap()).unwrap_err().to_string();
        assert!(e.contains("two kinds"), "{e}");
        let empty = tempfile::tempdir().unwrap();
        assert!(files_of("e", empty.path()).unwrap_err().to_string().contains("without files"));
    }

    #[test]
    fn bom_leaves_the_first_column_name() {
        let s = Schema::new(vec![
            Field::new("\u{feff}url", datafusion::arrow::datatypes::DataType::Utf8, true),
            Field::new("n", datafusion::arrow::datatypes::DataType::Int64, true),
        ]);
        let names: Vec<String> = without_bom(s).fields().iter().map(|f| f.name().clone()).collect();
        assert_eq!(names, ["url", "n"]);
    }

    #[test]
    fn names_that_look_like_paths() {
        assert!(looks_like_path("urls.txt") && looks_like_path("data/") && !looks_like_path("urls"));
    }
}
