//! Spark's URL functions through SQL, on every row of the crawl crate's
//! Spark data file (crawl/tests/data/spark_url.txt, Spark 4.3's answers):
//! each answer is Spark's, or this project's where
//! spark_url_differences.txt lists the case.

use std::collections::HashMap;
use std::sync::Arc;

use datafusion::arrow::array::{Array, StringArray};
use datafusion::arrow::compute::cast;
use datafusion::arrow::datatypes::{DataType, Field, Schema};
use datafusion::arrow::record_batch::RecordBatch;
use datafusion::datasource::MemTable;
use datafusion::prelude::SessionContext;

/// The crawl crate's data-file reader (escapes, rows), shared with its tests.
#[path = "../../crawl/tests/common/mod.rs"]
mod data;
use data::unescape;

/// A row's answer: Some(Some(text)), Some(None) for NULL, None for an error.
type Answer = Option<Option<String>>;

fn answer(c: &[&str]) -> Answer {
    match c {
        ["value", v] => Some(Some(String::from_utf8(unescape(v)).unwrap())),
        ["null"] => Some(None),
        _ => None,
    }
}

/// (label, escaped input) → the expected answer.
fn expectations() -> HashMap<(String, String), Answer> {
    let mut map = HashMap::new();
    for (_, c) in data::rows(include_str!("../../crawl/tests/data/spark_url.txt")) {
        map.insert((c[0].to_owned(), c[1].to_owned()), answer(&c[2..]));
    }
    for (_, c) in data::rows(include_str!("../../crawl/tests/data/spark_url_differences.txt")) {
        let arrow = c.iter().position(|&x| x == "=>").unwrap();
        map.insert((c[0].to_owned(), c[1].to_owned()), answer(&c[arrow + 1..]));
    }
    map
}

/// The SQL call of a label, on the column `u`.
fn call(label: &str) -> String {
    let mut parts = label.splitn(3, '/');
    let name = parts.next().unwrap();
    match (parts.next(), parts.next()) {
        (Some(part), Some(key)) => format!("{name}(u, '{part}', '{}')", key.replace('\'', "''")),
        (Some(part), None) => format!("{name}(u, '{part}')"),
        _ => format!("{name}(u)"),
    }
}

/// `label`'s function over a table of `inputs`: the answers, or the query's error.
async fn run(ctx: &SessionContext, label: &str, inputs: &[String]) -> datafusion::error::Result<Vec<Option<String>>> {
    let schema = Arc::new(Schema::new(vec![Field::new("u", DataType::Utf8, true)]));
    let batch = RecordBatch::try_new(schema.clone(), vec![Arc::new(StringArray::from(inputs.to_vec()))])?;
    let table = MemTable::try_new(schema, vec![vec![batch]])?;
    ctx.deregister_table("t")?;
    ctx.register_table("t", Arc::new(table))?;
    let batches = ctx.sql(&format!("SELECT {} AS r FROM t", call(label))).await?.collect().await?;
    let mut got = Vec::new();
    for b in batches {
        let s = cast(b.column(0), &DataType::Utf8)?;
        let s = s.as_any().downcast_ref::<StringArray>().unwrap();
        got.extend(s.iter().map(|v| v.map(String::from)));
    }
    Ok(got)
}

#[tokio::test]
async fn spark_data_through_sql() {
    let expected = expectations();
    let mut by_label: HashMap<&str, Vec<(&str, &Answer)>> = HashMap::new();
    for ((label, input), want) in &expected {
        by_label.entry(label).or_default().push((input, want));
    }
    let ctx = SessionContext::new();
    uriscan_datafusion::spark::register_spark(&ctx);
    let mut checked = 0;
    for (label, cases) in by_label {
        let inputs: Vec<String> = cases.iter().map(|(i, _)| String::from_utf8(unescape(i)).unwrap()).collect();
        match run(&ctx, label, &inputs).await {
            Ok(got) => {
                for ((input, want), got) in cases.iter().zip(got) {
                    assert_eq!(want.as_ref(), Some(&got), "{label} on {input:?}");
                    checked += 1;
                }
            }
            // A function that fails on a row fails the query, as in Spark: each row alone.
            Err(e) => {
                assert!(cases.iter().any(|(_, w)| w.is_none()), "{label}: unexpected error {e}");
                for ((input, want), text) in cases.iter().zip(&inputs) {
                    match (want, run(&ctx, label, std::slice::from_ref(text)).await) {
                        (None, Err(_)) => {}
                        (Some(w), Ok(got)) => assert_eq!(Some(w), got.first(), "{label} on {input:?}"),
                        (w, r) => panic!("{label} on {input:?}: want {w:?}, got {r:?}"),
                    }
                    checked += 1;
                }
            }
        }
    }
    assert_eq!(checked, expected.len());
    assert!(checked > 5000);
}

/// Where Spark and RFC 3986 disagree (crawl/tests/data/spark_url_rfc3986.txt),
/// both through SQL: `parse_url` gives Spark's answer (or this project's
/// where spark_url_differences.txt lists the case) and the `uri_*`
/// function of the same component RFC 3986's.
#[tokio::test]
async fn spark_and_rfc3986_differences_through_sql() {
    let ctx = SessionContext::new();
    uriscan_datafusion::spark::register_spark(&ctx);
    uriscan_datafusion::register(&ctx);
    let expected = expectations();
    let mut checked = 0;
    for (line, c) in data::rows(include_str!("../../crawl/tests/data/spark_url_rfc3986.txt")) {
        let arrow = c.iter().position(|&x| x == "=>").unwrap();
        let input = vec![String::from_utf8(unescape(c[1])).unwrap()];
        let (spark, rfc) = (answer(&c[2..arrow]), answer(&c[arrow + 1..]));
        let label = format!("parse_url/{}", c[0]);
        assert_eq!(
            spark,
            answer(
                &data::rows(include_str!("../../crawl/tests/data/spark_url.txt"))
                    .into_iter()
                    .find(|(_, s)| s[0] == label && s[1] == c[1])
                    .unwrap()
                    .1[2..]
            ),
            "line {line}: Spark's answer as in spark_url.txt"
        );
        let got = run(&ctx, &label, &input).await.ok().map(|v| v[0].clone());
        assert_eq!(&got, &expected[&(label.clone(), c[1].to_owned())], "line {line}: parse_url {} {:?}", c[0], c[1]);
        let rfc_sql = match c[0] {
            "PROTOCOL" => "uri_scheme(u)",
            "AUTHORITY" => "uri_authority(u)",
            "USERINFO" => "uri_userinfo(u)",
            "HOST" => "uri_host(u)",
            "PATH" => "uri_path(u)",
            "QUERY" => "uri_query(u)",
            "REF" => "uri_fragment(u)",
            "FILE" => "CASE WHEN uri_query(u) IS NULL THEN uri_path(u) ELSE uri_path(u) || '?' || uri_query(u) END",
            other => panic!("line {line}: part {other}"),
        };
        let schema = Arc::new(Schema::new(vec![Field::new("u", DataType::Utf8, true)]));
        let batch = RecordBatch::try_new(schema.clone(), vec![Arc::new(StringArray::from(input))]).unwrap();
        ctx.deregister_table("r").unwrap();
        ctx.register_table("r", Arc::new(MemTable::try_new(schema, vec![vec![batch]]).unwrap())).unwrap();
        let batches = ctx.sql(&format!("SELECT {rfc_sql} AS r FROM r")).await.unwrap().collect().await.unwrap();
        let col = cast(batches[0].column(0), &DataType::Utf8).unwrap();
        let col = col.as_any().downcast_ref::<StringArray>().unwrap();
        let got = Some(col.iter().next().unwrap().map(String::from));
        assert_eq!(got, rfc, "line {line}: {rfc_sql} on {:?}", c[1]);
        checked += 1;
    }
    assert!(checked > 100, "{checked} rows");
}
