//! Engine figures for BENCHMARKS.md ("Engines"), one run:
//!
//! ```sh
//! URISCAN_BENCH_DATA=/work/shared/data cargo run --release -p uriscan-datafusion --example sql_bench
//! ```
//!
//! 1,000,000 URLs (the lines of `kasztp.txt` in `URISCAN_BENCH_DATA`,
//! repeated; generated URLs when unset) in a Utf8View column, then:
//!
//! `uri_host(url)` against `datafusion-spark`'s `parse_url(url, 'HOST')`
//! (and `try_parse_url`) and a `regexp_match` extraction of the host (RFC
//! 3986 Appendix B's pattern), each `SELECT ... FROM urls` collected in full.
//! (The Arrow kernels alone: `cargo run --release -p uriscan-arrow --example arrow_bench`.)
//!
//! Prints the median of `ROUNDS` (default 7) runs of each, and the ratios.

use std::sync::Arc;
use std::time::{Duration, Instant};

use datafusion::arrow::array::{ArrayRef, StringViewArray};
use datafusion::arrow::datatypes::{DataType, Field, Schema};
use datafusion::arrow::record_batch::RecordBatch;
use datafusion::datasource::MemTable;
use datafusion::error::Result;
use datafusion::prelude::SessionContext;
use uriscan::UriRef;

const ROWS: usize = 1_000_000;
const BATCH: usize = 8192;

fn corpus() -> (Vec<String>, String) {
    if let Ok(dir) = std::env::var("URISCAN_BENCH_DATA") {
        let path = std::path::Path::new(&dir).join("kasztp.txt");
        if let Ok(text) = std::fs::read_to_string(&path) {
            let text = text.trim_start_matches('\u{feff}');
            let lines: Vec<String> = text.lines().filter(|l| !l.is_empty()).map(String::from).collect();
            if !lines.is_empty() {
                return (lines, path.display().to_string());
            }
        }
    }
    let hosts = ["example.com", "www.example.org", "cdn.static.example.net", "192.0.2.7", "[2001:db8::1]"];
    let lines = (0..10_000)
        .map(|i| format!("https://{}/path/{}/item-{}.html?id={}&ref=x#s{}", hosts[i % 5], i % 97, i, i * 7, i % 3))
        .collect();
    (lines, "generated".to_string())
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

async fn time_sql(ctx: &SessionContext, sql: &str, rounds: usize) -> Result<Duration> {
    let mut times = Vec::new();
    for _ in 0..rounds {
        let t = Instant::now();
        let batches = ctx.sql(sql).await?.collect().await?;
        let rows: usize = batches.iter().map(|b| b.num_rows()).sum();
        times.push(t.elapsed());
        assert_eq!(rows, ROWS);
    }
    Ok(median(times))
}

#[tokio::main]
async fn main() -> Result<()> {
    let rounds: usize = std::env::var("ROUNDS").ok().and_then(|r| r.parse().ok()).unwrap_or(7);
    let (lines, source) = corpus();
    let urls: Vec<&str> = lines.iter().map(String::as_str).cycle().take(ROWS).collect();
    let valid = urls.iter().filter(|u| UriRef::parse(u).is_ok()).count();
    println!("corpus: {source}: {} distinct lines, {ROWS} rows ({valid} valid RFC 3986), {rounds} rounds", lines.len());

    // SQL over a MemTable of Utf8View batches.
    let schema = Arc::new(Schema::new(vec![Field::new("url", DataType::Utf8View, true)]));
    let batches: Vec<Vec<RecordBatch>> = urls
        .chunks(BATCH)
        .map(|c| {
            let col: ArrayRef = Arc::new(StringViewArray::from(c.to_vec()));
            vec![RecordBatch::try_new(schema.clone(), vec![col]).unwrap()]
        })
        .collect();
    let table = Arc::new(MemTable::try_new(schema, batches)?);

    let ours = SessionContext::new();
    uriscan_datafusion::register(&ours);
    ours.register_table("urls", table.clone())?;
    let spark = SessionContext::new();
    spark.register_udf(datafusion::logical_expr::ScalarUDF::new_from_impl(
        datafusion_spark::function::url::parse_url::ParseUrl::new(),
    ));
    spark.register_udf(datafusion::logical_expr::ScalarUDF::new_from_impl(
        datafusion_spark::function::url::try_parse_url::TryParseUrl::new(),
    ));
    spark.register_table("urls", table)?;

    let q_ours = "SELECT uri_host(url) FROM urls";
    let q_spark = "SELECT parse_url(url, 'HOST') FROM urls";
    let q_try = "SELECT try_parse_url(url, 'HOST') FROM urls";
    let q_regex = "SELECT regexp_match(url, '^(?:[^:/?#]+:)?//(?:[^@/?#]*@)?([^:/?#]*)')[1] FROM urls";
    let t_ours = time_sql(&ours, q_ours, rounds).await?;
    println!("{q_ours:<90} {:>9.1} ms", t_ours.as_secs_f64() * 1e3);
    let t_spark = match time_sql(&spark, q_spark, rounds).await {
        Ok(t) => Some(t),
        Err(e) => {
            println!("{q_spark:<90} fails: {e}");
            None
        }
    };
    if let Some(t) = t_spark {
        println!(
            "{q_spark:<90} {:>9.1} ms  ratio {:.2}x",
            t.as_secs_f64() * 1e3,
            t.as_secs_f64() / t_ours.as_secs_f64()
        );
    }
    let t_try = time_sql(&spark, q_try, rounds).await?;
    println!(
        "{q_try:<90} {:>9.1} ms  ratio {:.2}x",
        t_try.as_secs_f64() * 1e3,
        t_try.as_secs_f64() / t_ours.as_secs_f64()
    );
    let t_regex = time_sql(&ours, q_regex, rounds).await?;
    println!(
        "{q_regex:<90} {:>9.1} ms  ratio {:.2}x",
        t_regex.as_secs_f64() * 1e3,
        t_regex.as_secs_f64() / t_ours.as_secs_f64()
    );
    Ok(())
}
