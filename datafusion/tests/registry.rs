//! Each registration of the DataFusion crate adds exactly one family of the
//! registry (`uriscan_crawl::function_set`): the UDF names (and lower-case
//! aliases) a `SessionContext` gains equal the family's names, each bound to
//! the function of that name, with the registry's result type.

use std::collections::BTreeSet;

use datafusion::execution::FunctionRegistry;
use datafusion::prelude::SessionContext;
use uriscan_crawl::function_set::{Family, FUNCTIONS};

/// The names `register` adds to a fresh context.
fn added(register: impl Fn(&SessionContext)) -> BTreeSet<String> {
    let before: BTreeSet<String> = SessionContext::new().udfs().into_iter().collect();
    let ctx = SessionContext::new();
    register(&ctx);
    let after: BTreeSet<String> = ctx.udfs().into_iter().collect();
    for name in &after {
        if let Some(f) = uriscan_crawl::function_set::find(name) {
            assert_eq!(ctx.udf(name).unwrap().name(), f.name, "{name} is bound to another function");
        }
    }
    after.difference(&before).cloned().collect()
}

/// The names and aliases of the registry's functions of `families`.
fn names(families: &[Family]) -> BTreeSet<String> {
    FUNCTIONS
        .iter()
        .filter(|f| families.contains(&f.family))
        .flat_map(|f| std::iter::once(f.name.to_string()).chain(f.alias()))
        .collect()
}

#[test]
fn registrations_are_the_registry_families() {
    assert_eq!(added(uriscan_datafusion::clickhouse::register_clickhouse), names(&[Family::ClickHouse]));
    assert_eq!(added(uriscan_datafusion::spark::register_spark), names(&[Family::Spark]));
    assert_eq!(added(uriscan_datafusion::cc_index::register_cc_index), names(&[Family::CcIndex]));
    assert_eq!(added(uriscan_datafusion::register), names(&[Family::Uri, Family::Spark]));
    assert_eq!(added(uriscan_datafusion::register_all), names(&Family::ALL));
    for family in Family::ALL {
        let udfs: Vec<String> =
            uriscan_datafusion::family_functions(family).iter().map(|f| f.name().to_string()).collect();
        let registry: Vec<String> = family.functions().map(|f| f.name.to_string()).collect();
        assert_eq!(udfs, registry, "{}", family.name());
        assert!(!registry.is_empty(), "{}", family.name());
    }
    let all: Vec<String> = uriscan_datafusion::all_functions().iter().map(|f| f.name().to_string()).collect();
    assert_eq!(all, FUNCTIONS.iter().map(|f| f.name.to_string()).collect::<Vec<_>>());
}

/// Every function through SQL on a few rows, nulls and invalid rows
/// included: the answers of `uriscan_arrow::registry::call`, with the
/// registry's result type.
#[tokio::test]
async fn every_function_through_sql_answers_as_the_registry() {
    use datafusion::arrow::array::{Array, ArrayRef, StringArray};
    use std::sync::Arc;
    use uriscan_arrow::registry::{call_function, data_type, Arg};
    use uriscan_crawl::function_set::ParamKind;

    let rows: ArrayRef = Arc::new(StringArray::from(vec![
        Some("http://www.a.b.co.uk:8080/x/y.tar.gz?a=1&b=%41%zz&a=2#f?g"),
        None,
        Some("not a url"),
        Some("https://bücher.example/é?ü=1&utm_source=x"),
        Some("//h/a/../b/./c?a&&y#z"),
    ]));
    let batch = datafusion::arrow::record_batch::RecordBatch::try_from_iter([("url", rows.clone())]).unwrap();
    let ctx = SessionContext::new();
    uriscan_datafusion::register_all(&ctx);
    ctx.register_batch("t", batch).unwrap();
    for f in FUNCTIONS {
        let values: Vec<String> = f
            .params
            .iter()
            .filter(|p| !p.optional)
            .map(|p| match p.kind {
                ParamKind::OneOf(names) => names[0].into(),
                ParamKind::Text => "a".into(),
                ParamKind::Port | ParamKind::Count => "2".into(),
            })
            .collect();
        let sql_args: String = values.iter().map(|v| format!(", '{v}'")).collect();
        let sql = format!("SELECT \"{}\"(url{sql_args}) AS r FROM t", f.name);
        let result = ctx.sql(&sql).await.unwrap_or_else(|e| panic!("{sql}: {e}")).collect().await;
        if f.name == "url_decode" {
            // Spark's url_decode fails the query on a malformed escape (a row has one).
            assert!(result.is_err(), "{sql}");
            continue;
        }
        let batches = result.unwrap_or_else(|e| panic!("{sql}: {e}"));
        let got = batches[0].column(0).clone();
        assert_eq!(got.data_type(), &data_type(f), "{}", f.name);
        let mut args = vec![Arg::Column(rows.clone())];
        args.extend(values.iter().map(|v| Arg::text(v)));
        let want = call_function(f, &args, rows.len()).unwrap();
        assert_eq!(got.to_data(), want.to_data(), "{sql}");
        assert!(got.is_null(1), "{sql}: NULL in, NULL out");
    }
}
