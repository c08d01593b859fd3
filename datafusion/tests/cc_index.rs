//! `uri_cc_index` through SQL on the inputs of the crawl crate's
//! crawl/tests/data/cc_index.txt (the JDK's reading of each URL, as Common
//! Crawl's index converter reads it).

use std::sync::Arc;

use datafusion::arrow::array::{Array, ArrayRef, StringArray};
use datafusion::arrow::compute::cast;
use datafusion::arrow::datatypes::{DataType, Field, Schema};
use datafusion::arrow::record_batch::RecordBatch;
use datafusion::datasource::MemTable;
use datafusion::prelude::SessionContext;

/// The crawl crate's data-file reader (escapes, rows), shared with its tests.
#[path = "../../crawl/tests/common/mod.rs"]
mod data;

/// A data-file field as text.
fn unescape(s: &str) -> String {
    String::from_utf8(data::unescape(s)).unwrap()
}

#[tokio::test]
async fn jdk_rows_through_sql() {
    let rows: Vec<Vec<&str>> = include_str!("../../crawl/tests/data/cc_index.txt")
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| l.split('\t').collect())
        .filter(|c: &Vec<&str>| c[1] != "MALFORMED")
        .collect();
    let urls: Vec<String> = rows.iter().map(|c| unescape(c[0])).collect();
    let ctx = SessionContext::new();
    uriscan_datafusion::cc_index::register_cc_index(&ctx);
    let array: ArrayRef = Arc::new(StringArray::from(urls.clone()));
    let schema = Arc::new(Schema::new(vec![Field::new("url", DataType::Utf8, true)]));
    let batch = RecordBatch::try_new(schema.clone(), vec![array]).unwrap();
    ctx.register_table("t", Arc::new(MemTable::try_new(schema, vec![vec![batch]]).unwrap())).unwrap();
    let columns = [
        "url_host_name",
        "url_host_tld",
        "url_host_2nd_last_part",
        "url_host_3rd_last_part",
        "url_host_4th_last_part",
        "url_host_5th_last_part",
        "url_host_name_reversed",
        "url_protocol",
        "url_port",
        "url_path",
        "url_query",
    ];
    let select: Vec<String> = columns.iter().map(|c| format!("uri_cc_index(url)['{c}'] AS {c}")).collect();
    let sql = format!("SELECT {} FROM t", select.join(", "));
    let batches = ctx.sql(&sql).await.unwrap().collect().await.unwrap();
    let mut row = 0;
    for b in &batches {
        for i in 0..b.num_rows() {
            for (k, name) in columns.iter().enumerate() {
                let c = cast(b.column(k), &DataType::Utf8).unwrap();
                let c = c.as_any().downcast_ref::<StringArray>().unwrap();
                let got = c.is_valid(i).then(|| c.value(i).to_owned());
                let want = (rows[row][k + 1] != "\\N").then(|| unescape(rows[row][k + 1]));
                assert_eq!(got, want, "{name} of {}", urls[row]);
            }
            row += 1;
        }
    }
    assert_eq!(row, rows.len());
    assert!(row >= 40);
}
