//! The ClickHouse functions through SQL, on every row of the crawl crate's
//! ClickHouse data files (crawl/tests/data/clickhouse_*.txt): each answer is
//! ClickHouse 26.9's own (the `…Custom` functions, which take a configured
//! list, are not registered in SQL and their rows are left out).

use std::collections::HashMap;
use std::sync::Arc;

use datafusion::arrow::array::{Array, ArrayRef, ListArray, StringArray};
use datafusion::arrow::compute::cast;
use datafusion::arrow::datatypes::{DataType, Field, Schema};
use datafusion::arrow::record_batch::RecordBatch;
use datafusion::datasource::MemTable;
use datafusion::prelude::SessionContext;

/// The crawl crate's data-file reader (escapes, rows), shared with its tests.
#[path = "../../crawl/tests/common/mod.rs"]
mod data;
use data::unescape;

/// The columns of every row of a data file.
fn rows(text: &str) -> Vec<Vec<&str>> {
    data::rows(text).into_iter().map(|(_, columns)| columns).collect()
}

/// (function, input) → the expected answer, as text (lossy, as the SQL
/// functions give text).
fn expectations() -> HashMap<(String, String), Vec<String>> {
    let text = |c: &[&str]| c.iter().map(|c| String::from_utf8_lossy(&unescape(c)).into_owned()).collect::<Vec<_>>();
    let files = [
        include_str!("../../crawl/tests/data/clickhouse_url.txt"),
        include_str!("../../crawl/tests/data/clickhouse_url_fns.txt"),
        include_str!("../../crawl/tests/data/clickhouse_quirks.txt"),
        include_str!("../../crawl/tests/data/clickhouse_generated.txt"),
    ];
    let mut map = HashMap::new();
    for c in files.into_iter().flat_map(rows).filter(|c| !c[0].ends_with("/custom")) {
        map.insert((c[0].to_owned(), c[1].to_owned()), text(&c[2..]));
    }
    map
}

/// The SQL call of a data file's function label, on the column `url`.
fn call(label: &str) -> String {
    let (name, args) = label.split_once('/').unwrap_or((label, ""));
    match name {
        "extractURLParameter" => format!("extractURLParameter(url, '{args}')"),
        "cutURLParameter" if args.contains(',') => {
            let list: Vec<String> = args.split(',').map(|a| format!("'{a}'")).collect();
            format!("cutURLParameter(url, [{}])", list.join(", "))
        }
        "cutURLParameter" => format!("cutURLParameter(url, '{args}')"),
        "port" | "portRFC" if !args.is_empty() => format!("{name}(url, {args})"),
        // Quoted: the ClickHouse spelling; unquoted: the lower-case alias.
        "path" | "URLHierarchy" => format!("\"{name}\"(url)"),
        _ => format!("{name}(url)"),
    }
}

/// The first column of a batch as lists of strings per row.
fn answers(column: &ArrayRef) -> Vec<Vec<String>> {
    let strings = |a: &ArrayRef| -> Vec<String> {
        let s = cast(a, &DataType::Utf8).unwrap();
        let s = s.as_any().downcast_ref::<StringArray>().unwrap();
        s.iter().map(|v| v.expect("no NULL for a non-NULL input").to_owned()).collect()
    };
    match column.data_type() {
        DataType::List(_) => {
            let l = column.as_any().downcast_ref::<ListArray>().unwrap();
            (0..l.len()).map(|i| strings(&l.value(i))).collect()
        }
        _ => strings(column).into_iter().map(|s| vec![s]).collect(),
    }
}

#[tokio::test]
async fn clickhouse_data_through_sql() {
    let expected = expectations();
    let mut inputs: Vec<&str> = Vec::new();
    let mut labels: Vec<&str> = Vec::new();
    for (label, input) in expected.keys() {
        if !inputs.contains(&input.as_str()) {
            inputs.push(input);
        }
        if !labels.contains(&label.as_str()) {
            labels.push(label);
        }
    }
    inputs.sort_unstable();
    labels.sort_unstable();
    // Inputs that are not UTF-8 are for the byte-level tests of the crawl crate.
    let texts: Vec<(String, String)> =
        inputs.iter().filter_map(|i| String::from_utf8(unescape(i)).ok().map(|t| (i.to_string(), t))).collect();
    let ctx = SessionContext::new();
    uriscan_datafusion::clickhouse::register_clickhouse(&ctx);
    let array: ArrayRef = Arc::new(StringArray::from(texts.iter().map(|(_, t)| t.as_str()).collect::<Vec<_>>()));
    let schema = Arc::new(Schema::new(vec![Field::new("url", DataType::Utf8, true)]));
    let batch = RecordBatch::try_new(schema.clone(), vec![array]).unwrap();
    ctx.register_table("t", Arc::new(MemTable::try_new(schema, vec![vec![batch]]).unwrap())).unwrap();
    let mut checked = 0;
    let mut failures = Vec::new();
    for label in labels {
        let sql = format!("SELECT {} FROM t", call(label));
        let batches = ctx.sql(&sql).await.unwrap_or_else(|e| panic!("{sql}: {e}")).collect().await.unwrap();
        let got: Vec<Vec<String>> = batches.iter().flat_map(|b| answers(b.column(0))).collect();
        assert_eq!(got.len(), texts.len());
        for ((escaped, _), answer) in texts.iter().zip(got) {
            let Some(want) = expected.get(&(label.to_owned(), escaped.clone())) else { continue };
            checked += 1;
            if &answer != want {
                failures.push(format!("{sql} on {escaped}: want {want:?}, got {answer:?}"));
            }
        }
    }
    // 23,650 answers of the ClickHouse 26.9 recording are on UTF-8 inputs.
    assert!(checked >= 23_650, "only {checked} checked");
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}

#[tokio::test]
async fn nulls_and_defaults() {
    let ctx = SessionContext::new();
    uriscan_datafusion::clickhouse::register_clickhouse(&ctx);
    let sql = "SELECT topLevelDomain(CAST(NULL AS VARCHAR)) IS NULL, topLevelDomain('http://localhost/') = '', \
               port('http://h/') = 0, port('http://h/', 8080) = 8080, port('http://h.com:81/', 8080) = 81, \
               port('http://h:81/', 8080) = 8080, portRFC('http://[::1]:81/') = 81, \
               cardinality(extractURLParameters('http://h/')) = 0, \
               cutURLParameter('http://h/?a=1', CAST(NULL AS VARCHAR)) IS NULL";
    let batches = ctx.sql(sql).await.unwrap().collect().await.unwrap();
    let b = &batches[0];
    for i in 0..b.num_columns() {
        let c = b.column(i).as_any().downcast_ref::<datafusion::arrow::array::BooleanArray>().unwrap();
        assert!(c.value(0), "column {i} of {sql}");
    }
}
