//! Spark's URL functions for DataFusion SQL, with Spark 4's semantics:
//! [`register_spark`] adds them to a `SessionContext`.
//!
//! | function | result |
//! |---|---|
//! | `parse_url(url, part [, key])` | the part of `url` as `java.net.URI` reads it (RFC 2396 and its amendments, [`uriscan_crawl::spark`]); NULL for a URL it rejects (Spark with ANSI mode off) |
//! | `try_parse_url(url, part [, key])` | the same (NULL for a URL `java.net.URI` rejects, in every mode) |
//! | `url_encode(s)` | `java.net.URLEncoder.encode(s, "UTF-8")` ([`uriscan_crawl::encoding::url_encode`]) |
//! | `url_decode(s)` | `java.net.URLDecoder.decode(s, "UTF-8")`; an error for a malformed escape (Spark's `CANNOT_DECODE_URL`) |
//! | `try_url_decode(s)` | the same, NULL for a malformed escape |
//!
//! The parts are Spark's (case-sensitive): `HOST`, `PATH`, `QUERY`, `REF`,
//! `PROTOCOL`, `FILE`, `AUTHORITY`, `USERINFO`; any other gives NULL. With
//! a key, `QUERY` gives the value of the first match of the regular
//! expression `(&|^)KEY=([^&]*)` in the raw query (a key without
//! metacharacters is matched as text, the others by the `regex` crate; an
//! invalid one is an error, as in Spark, once a row has a query).
//!
//! Every answer agrees with Spark 4.3 on each row of the crawl crate's
//! `tests/data/spark_url.txt` except the cases
//! `tests/data/spark_url_differences.txt` lists with both answers. Where
//! Spark and RFC 3986 read a URL differently, `parse_url` follows Spark
//! and the `uri_*` functions RFC 3986: `tests/data/spark_url_rfc3986.txt`
//! lists each such case with both answers.
//! `parse_url` with ANSI mode on (Spark 4's default) fails the query on an
//! invalid URL (`INVALID_URL`); here it is NULL as with ANSI off, and
//! `uri_is_valid`/`uri_error` tell the reasons (by RFC 3986).
//!
//! DataFusion's own `datafusion-spark` crate has a `parse_url` on the
//! WHATWG `url` crate, which normalizes (lowercases the host, resolves
//! `..`, adds `/` as the path of `http://h`) and fails on relative URLs;
//! these replace it when registered.
//!
//! ```
//! use datafusion::prelude::SessionContext;
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() -> datafusion::error::Result<()> {
//! let ctx = SessionContext::new();
//! uriscan_datafusion::spark::register_spark(&ctx);
//! let sql = "SELECT parse_url('http://spark.apache.org/path?query=1', 'QUERY', 'query') AS q, \
//!            url_encode('a b/c') AS e, try_url_decode('%zz') IS NULL AS bad";
//! let batches = ctx.sql(sql).await?.collect().await?;
//! let text = datafusion::arrow::util::pretty::pretty_format_batches(&batches)?.to_string();
//! assert!(text.contains("| 1 | a+b%2Fc | true |"), "{text}");
//! # Ok(())
//! # }
//! ```

use std::sync::Arc;

use datafusion::logical_expr::ScalarUDF;
use datafusion::prelude::SessionContext;
use uriscan_crawl::function_set::Family;
use uriscan_crawl::spark::QueryKey;

/// Spark's `parse_url(url, part [, key])` for one URL: `None` for NULL
/// (see [`uriscan_crawl::spark`]); a key that is not a valid regular
/// expression finds nothing. The result is a slice of `url`.
///
/// ```
/// use uriscan_datafusion::spark::parse_url_part;
/// let u = "http://user@Example.com:8080/a/b.html?x=1&y=2#frag";
/// assert_eq!(parse_url_part(u, "HOST", None), Some("Example.com"));
/// assert_eq!(parse_url_part(u, "FILE", None), Some("/a/b.html?x=1&y=2"));
/// assert_eq!(parse_url_part(u, "QUERY", Some("y")), Some("2"));
/// assert_eq!(parse_url_part("mailto:a@b.example", "PATH", None), None);
/// assert_eq!(parse_url_part("http://a_b.example/", "HOST", None), None);
/// ```
#[must_use]
pub fn parse_url_part<'a>(url: &'a str, part: &str, key: Option<&str>) -> Option<&'a str> {
    match key {
        None => uriscan_crawl::spark::parse_url(url, part),
        Some(key) if part == "QUERY" => uriscan_crawl::spark::parse_url_query(url, &QueryKey::new(key).ok()?),
        Some(_) => None,
    }
}

/// One of the functions [`register_spark`] adds (all share this type).
///
/// ```
/// let f = uriscan_datafusion::spark::spark_functions();
/// assert!(f.iter().any(|f| f.name() == "try_parse_url"));
/// ```
pub type SparkFunction = crate::RegistryFunction;

/// Spark's URL functions (the registry's `spark` family) as `ScalarUDF`s:
/// `parse_url`, `try_parse_url`, `url_encode`, `url_decode`, `try_url_decode`.
///
/// ```
/// let names: Vec<String> = uriscan_datafusion::spark::spark_functions().iter().map(|f| f.name().to_string()).collect();
/// assert_eq!(names, ["parse_url", "try_parse_url", "url_encode", "url_decode", "try_url_decode"]);
/// ```
#[must_use]
pub fn spark_functions() -> Vec<Arc<ScalarUDF>> {
    crate::family_functions(Family::Spark)
}

/// Registers Spark's URL functions in `ctx` (replacing any of the same
/// name, such as `datafusion-spark`'s `parse_url`).
///
/// ```
/// use datafusion::execution::FunctionRegistry;
/// let ctx = datafusion::prelude::SessionContext::new();
/// uriscan_datafusion::spark::register_spark(&ctx);
/// assert!(ctx.udf("try_url_decode").is_ok());
/// ```
pub fn register_spark(ctx: &SessionContext) {
    crate::register_udfs(ctx, spark_functions());
}
