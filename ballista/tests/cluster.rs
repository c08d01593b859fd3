//! A scheduler and two executors in this process, on loopback ports the
//! system picks, run a GROUP BY over a Parquet file in four parts and must
//! give exactly the single-process DataFusion result. The cluster stops with
//! the test's runtime; the test gives up after two minutes.

use std::sync::Arc;
use std::time::Duration;

use datafusion::arrow::array::{ArrayRef, StringArray};
use datafusion::arrow::datatypes::{DataType, Field, Schema};
use datafusion::arrow::record_batch::RecordBatch;
use datafusion::arrow::util::pretty::pretty_format_batches;
use datafusion::parquet::arrow::ArrowWriter;
use datafusion::prelude::{ParquetReadOptions, SessionContext};

const QUERY: &str = "SELECT uri_host(url) AS h, count(*) AS n, min(uri_path(url)) AS p, \
     sum(CAST(uri_is_valid(url) AS INT)) AS valid, max(parse_url(url, 'QUERY', 'k')) AS k, \
     max(uri_surt(url)) AS s, min(uri_registrable_domain(url)) AS d \
     FROM urls GROUP BY h ORDER BY h";

/// Writes `parts` Parquet files of generated URLs (valid and invalid) to `dir`.
fn write_parts(dir: &std::path::Path, parts: usize) {
    let schema = Arc::new(Schema::new(vec![Field::new("url", DataType::Utf8, true)]));
    let hosts = ["example.com", "a.example.org", "[2001:db8::7]", "192.0.2.16", "xn--bcher-kva.example"];
    for part in 0..parts {
        let urls: Vec<Option<String>> = (0..500)
            .map(|i| {
                let n = part * 500 + i;
                match n % 11 {
                    0 => None,
                    1 => Some(format!("http://bad host/{n}")),
                    _ => Some(format!("https://{}/p/{}?k={}&x=1#f", hosts[n % hosts.len()], n % 37, n % 13)),
                }
            })
            .collect();
        let column: ArrayRef = Arc::new(StringArray::from(urls));
        let batch = RecordBatch::try_new(schema.clone(), vec![column]).unwrap();
        let file = std::fs::File::create(dir.join(format!("part-{part}.parquet"))).unwrap();
        let mut writer = ArrowWriter::try_new(file, schema.clone(), None).unwrap();
        writer.write(&batch).unwrap();
        writer.close().unwrap();
    }
}

async fn run(dir: &str) -> (String, String) {
    let local = SessionContext::new();
    uriscan_datafusion::register(&local);
    local.register_parquet("urls", dir, ParquetReadOptions::default()).await.unwrap();
    let expected =
        pretty_format_batches(&local.sql(QUERY).await.unwrap().collect().await.unwrap()).unwrap().to_string();

    let scheduler = uriscan_ballista::local_cluster(2, 2).await.unwrap();
    assert!(scheduler.ip().is_loopback(), "scheduler on {scheduler}");
    let remote = uriscan_ballista::remote(&format!("df://localhost:{}", scheduler.port())).await.unwrap();
    remote.register_parquet("urls", dir, ParquetReadOptions::default()).await.unwrap();
    let got = pretty_format_batches(&remote.sql(QUERY).await.unwrap().collect().await.unwrap()).unwrap().to_string();
    (expected, got)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn group_by_on_two_executors_matches_datafusion() {
    let dir = tempfile::tempdir().unwrap();
    write_parts(dir.path(), 4);
    let path = format!("{}/", dir.path().display());
    let (expected, got) = tokio::time::timeout(Duration::from_secs(120), run(&path)).await.expect("cluster timed out");
    assert!(expected.lines().count() > 5, "{expected}");
    assert_eq!(got, expected);
}
