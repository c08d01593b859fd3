//! Runs SQL with the uriscan functions over a file of URLs, as table `urls`
//! with a column `url`:
//!
//! ```sh
//! cargo run --release -p uriscan-datafusion --example sql -- sample/urls.txt \
//!     "SELECT uri_host(url) AS h, count(*) FROM urls GROUP BY h ORDER BY 2 DESC LIMIT 10"
//! ```
//!
//! FILE is a Parquet file (`.parquet`, a column `url`), a CSV file (`.csv`,
//! with a header naming a column `url`), or else a text list, one URL per
//! line (Utf8View; a line that is not UTF-8 is read with U+FFFD in place of
//! bad bytes). `--to-parquet OUT` also writes the table to Parquet file OUT.

use std::sync::Arc;

use datafusion::arrow::array::{ArrayRef, StringViewArray};
use datafusion::arrow::datatypes::{DataType, Field, Schema};
use datafusion::arrow::record_batch::RecordBatch;
use datafusion::arrow::util::pretty::print_batches;
use datafusion::dataframe::DataFrameWriteOptions;
use datafusion::datasource::MemTable;
use datafusion::error::{DataFusionError, Result};
use datafusion::prelude::{CsvReadOptions, ParquetReadOptions, SessionContext};

const DEFAULT_SQL: &str = "SELECT uri_host(url) AS h, count(*) FROM urls GROUP BY h ORDER BY 2 DESC LIMIT 10";

/// Rows per batch of a text list (the batches are scanned in parallel).
const BATCH: usize = 8192;

#[tokio::main]
async fn main() -> Result<()> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let to_parquet = match args.iter().position(|a| a == "--to-parquet") {
        Some(i) if i + 1 < args.len() => {
            let out = args.remove(i + 1);
            args.remove(i);
            Some(out)
        }
        Some(_) => return Err(DataFusionError::Configuration("--to-parquet needs a file name".into())),
        None => None,
    };
    let (file, sql) = match args.as_slice() {
        [file] => (file.clone(), DEFAULT_SQL.to_string()),
        [file, sql] => (file.clone(), sql.clone()),
        _ => {
            eprintln!("usage: sql FILE [SQL] [--to-parquet OUT]   (table `urls`, column `url`)");
            std::process::exit(2);
        }
    };

    let ctx = SessionContext::new();
    uriscan_datafusion::register(&ctx);
    if file.ends_with(".parquet") {
        ctx.register_parquet("urls", &file, ParquetReadOptions::default()).await?;
    } else if file.ends_with(".csv") {
        ctx.register_csv("urls", &file, CsvReadOptions::new().has_header(true)).await?;
    } else {
        ctx.register_table("urls", Arc::new(text_list(&file)?))?;
    }
    if let Some(out) = to_parquet {
        ctx.table("urls")
            .await?
            .write_parquet(&out, DataFrameWriteOptions::new().with_single_file_output(true), None)
            .await?;
        eprintln!("wrote {out}");
    }
    let batches = ctx.sql(&sql).await?.collect().await?;
    print_batches(&batches)?;
    Ok(())
}

/// A text file, one URL per line, as a table of one Utf8View column `url`.
fn text_list(path: &str) -> Result<MemTable> {
    let bytes = std::fs::read(path)?;
    let text = String::from_utf8_lossy(&bytes);
    let schema = Arc::new(Schema::new(vec![Field::new("url", DataType::Utf8View, true)]));
    let lines: Vec<&str> = text.lines().collect();
    let mut batches = Vec::new();
    for chunk in lines.chunks(BATCH) {
        let column: ArrayRef = Arc::new(StringViewArray::from(chunk.to_vec()));
        batches.push(RecordBatch::try_new(schema.clone(), vec![column])?);
    }
    // One partition per batch, so that a scan uses every core.
    MemTable::try_new(schema, batches.into_iter().map(|b| vec![b]).collect())
}
