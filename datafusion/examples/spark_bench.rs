//! Spark's `parse_url` figures for BENCHMARKS.md (issue 28), one run:
//!
//! ```sh
//! ROUNDS=7 URISCAN_BENCH_DATA=/work/shared/data cargo run --release -p uriscan-datafusion --example spark_bench
//! ```
//!
//! 1,000,000 URLs (the lines of `kasztp.txt` in `URISCAN_BENCH_DATA`,
//! repeated; generated URLs when unset) in a Utf8View column, then for the
//! parts `HOST`, `PATH` and `QUERY` with key `id`:
//!
//! - our Arrow kernel alone ([`uriscan_arrow::functions::parse_url`],
//!   [`uriscan_arrow::functions::parse_url_query`]) on the one 1M-row array
//!   and batch by batch, one thread (and RFC 3986's host kernel for scale);
//! - `SELECT parse_url(url, part) FROM urls` with our Spark set, and with
//!   DataFusion's `datafusion-spark` `parse_url` and `try_parse_url` (which
//!   fail or give NULL where the WHATWG `url` crate rejects a URL), over a
//!   MemTable of one partition of 8,192-row batches, with one target
//!   partition (one thread) and with two.
//!
//! Prints the median of `ROUNDS` (default 7) runs of each and the ratios to
//! the kernel and to our SQL in the same setting.

use std::sync::Arc;
use std::time::{Duration, Instant};

use datafusion::arrow::array::{Array, ArrayRef, StringViewArray};
use datafusion::arrow::datatypes::{DataType, Field, Schema};
use datafusion::arrow::record_batch::RecordBatch;
use datafusion::datasource::MemTable;
use datafusion::error::Result;
use datafusion::logical_expr::ScalarUDF;
use datafusion::prelude::{SessionConfig, SessionContext};

#[path = "../../arrow/examples/common/mod.rs"]
mod common;

const ROWS: usize = 1_000_000;
const BATCH: usize = 8192;

/// The median time of `rounds` runs of `sql`, or its error.
async fn time_sql(ctx: &SessionContext, sql: &str, rounds: usize) -> Result<Duration> {
    let mut times = Vec::new();
    for _ in 0..rounds.max(1) {
        let t = Instant::now();
        let batches = ctx.sql(sql).await?.collect().await?;
        let rows: usize = batches.iter().map(|b| b.num_rows()).sum();
        times.push(t.elapsed());
        assert_eq!(rows, ROWS);
    }
    times.sort();
    Ok(times[times.len() / 2])
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

#[tokio::main]
async fn main() -> Result<()> {
    let rounds: usize = std::env::var("ROUNDS").ok().and_then(|r| r.parse().ok()).unwrap_or(7);
    let hosts = ["example.com", "www.example.org", "cdn.static.example.net", "192.0.2.7", "[2001:db8::1]"];
    let (lines, source) = common::corpus(&hosts);
    let urls: Vec<&str> = lines.iter().map(String::as_str).cycle().take(ROWS).collect();
    let java_valid = urls.iter().filter(|u| uriscan_crawl::spark::JavaUri::parse(u).is_some()).count();
    println!(
        "corpus: {source}: {} distinct lines, {ROWS} rows ({java_valid} java.net.URI-valid), {rounds} rounds",
        lines.len()
    );

    let column = StringViewArray::from(urls.clone());
    let schema = Arc::new(Schema::new(vec![Field::new("url", DataType::Utf8View, true)]));
    // One partition of 8,192-row batches: the target partitions decide the threads.
    let batches: Vec<RecordBatch> = urls
        .chunks(BATCH)
        .map(|c| {
            let col: ArrayRef = Arc::new(StringViewArray::from(c.to_vec()));
            RecordBatch::try_new(schema.clone(), vec![col]).unwrap()
        })
        .collect();
    let table = Arc::new(MemTable::try_new(schema, vec![batches.clone()])?);
    // The kernels batch by batch on one thread, and RFC 3986's host for scale.
    let per_batch = |f: &dyn Fn(&StringViewArray) -> usize| {
        common::time(rounds, || {
            batches.iter().map(|b| f(b.column(0).as_any().downcast_ref::<StringViewArray>().unwrap())).sum::<usize>()
        })
    };
    let host3986 = per_batch(&|c| uriscan_arrow::component(c, uriscan::Component::Host).map_or(0, |a| a.len()));
    println!("RFC 3986 host kernel (uriscan_arrow::component), batches, 1 thread {:>8.1} ms", ms(host3986));

    for partitions in [1, 2] {
        let config = || SessionConfig::new().with_target_partitions(partitions);
        let ours = SessionContext::new_with_config(config());
        uriscan_datafusion::spark::register_spark(&ours);
        ours.register_table("urls", table.clone())?;
        let theirs = SessionContext::new_with_config(config());
        theirs.register_udf(ScalarUDF::new_from_impl(datafusion_spark::function::url::parse_url::ParseUrl::new()));
        theirs
            .register_udf(ScalarUDF::new_from_impl(datafusion_spark::function::url::try_parse_url::TryParseUrl::new()));
        theirs.register_table("urls", table.clone())?;
        println!("\ntarget partitions: {partitions}");
        for (part, key) in [("HOST", None), ("PATH", None), ("QUERY", Some("id"))] {
            let whole = common::time(rounds, || match key {
                None => uriscan_arrow::functions::parse_url(&column, part),
                Some(k) => uriscan_arrow::functions::parse_url_query(&column, k),
            });
            let kernel = per_batch(&|c| {
                match key {
                    None => uriscan_arrow::functions::parse_url(c, part),
                    Some(k) => uriscan_arrow::functions::parse_url_query(c, k),
                }
                .map_or(0, |a| a.len())
            });
            let args = match key {
                None => format!("url, '{part}'"),
                Some(k) => format!("url, '{part}', '{k}'"),
            };
            let q_ours = format!("SELECT parse_url({args}) FROM urls");
            let t_ours = time_sql(&ours, &q_ours, rounds).await?;
            println!("{part:<6} kernel, one 1M-row array (1 thread)     {:>8.1} ms", ms(whole));
            println!("{part:<6} kernel, 8,192-row batches (1 thread)    {:>8.1} ms", ms(kernel));
            println!("{part:<6} ours   parse_url                        {:>8.1} ms", ms(t_ours));
            for f in ["parse_url", "try_parse_url"] {
                let q = format!("SELECT {f}({args}) FROM urls");
                match time_sql(&theirs, &q, rounds).await {
                    Ok(t) => println!(
                        "{part:<6} datafusion-spark {f:<16} {:>8.1} ms  {:.2}x the kernel, {:.2}x our SQL",
                        ms(t),
                        t.as_secs_f64() / kernel.as_secs_f64(),
                        t.as_secs_f64() / t_ours.as_secs_f64()
                    ),
                    Err(e) => println!("{part:<6} datafusion-spark {f:<16} fails: {e}"),
                }
            }
        }
    }
    Ok(())
}
