//! ClickHouse's URL functions for DataFusion SQL, by ClickHouse's names,
//! on the kernels of [`uriscan_arrow::functions`]: [`register_clickhouse`]
//! adds them to a `SessionContext`.
//!
//! Each function is registered under its ClickHouse spelling
//! (`extractURLParameter`, callable quoted: `"extractURLParameter"(url, 'q')`)
//! and under its lower-case name, which is what DataFusion looks up for an
//! unquoted call (`extractURLParameter(url, 'q')` folds to
//! `extracturlparameter`).
//!
//! | function | result |
//! |---|---|
//! | `extractURLParameter(url, name)` | raw value of the first parameter `name` |
//! | `extractURLParameters(url)`, `extractURLParameterNames(url)` | lists of `name=value` pieces, of names |
//! | `cutURLParameter(url, name)`, `cutURLParameter(url, ['a', 'b'])` | the URL without the first parameter of each name, every other byte kept |
//! | `domain`, `topLevelDomain`, `firstSignificantSubdomain`, `cutToFirstSignificantSubdomain`, `cutToFirstSignificantSubdomainWithWWW`, `domainWithoutWWW`, `cutWWW` | host functions |
//! | `protocol`, `path`, `pathFull`, `netloc`, `queryString`, `fragment`, `queryStringAndFragment`, `cutQueryString`, `cutFragment`, `cutQueryStringAndFragment` | scheme, path, query and fragment functions |
//! | `port(url [, default])` | the explicit port as UInt16, else `default`, else 0 |
//! | `domainRFC`, `domainWithoutWWWRFC`, `topLevelDomainRFC`, `firstSignificantSubdomainRFC`, `cutToFirstSignificantSubdomainRFC`, `cutToFirstSignificantSubdomainWithWWWRFC`, `portRFC` | the same on ClickHouse's RFC host reader (userinfo skipped, IPv6 literals) |
//! | `URLHierarchy(url)`, `URLPathHierarchy(url)` | lists of prefixes |
//! | `encodeURLComponent`, `encodeURLFormComponent`, `decodeURLComponent`, `decodeURLFormComponent` | percent-encoding as ClickHouse does it (decoded bytes that are not UTF-8 become U+FFFD) |
//!
//! As in ClickHouse, a function with no answer gives the empty string (or
//! 0, or an empty list), and only a NULL argument gives NULL. The answers
//! are those of the scalar functions of [`uriscan_crawl`], which answer as
//! ClickHouse 26.9 does, quirks included (the crawl crate's
//! `tests/data/clickhouse_*.txt`); RFC 3986's reading is the `uri_*`
//! functions'.
//!
//! ```
//! use datafusion::prelude::SessionContext;
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() -> datafusion::error::Result<()> {
//! let ctx = SessionContext::new();
//! uriscan_datafusion::clickhouse::register_clickhouse(&ctx);
//! let sql = "SELECT extractURLParameter('http://h/?a=1&b=2', 'b') AS b, \
//!            cutURLParameter('http://bigmir.net/?a=b&c=d&e=f#g', ['c', 'e']) AS cut, \
//!            port('https://h/', 443) AS p";
//! let batches = ctx.sql(sql).await?.collect().await?;
//! let text = datafusion::arrow::util::pretty::pretty_format_batches(&batches)?.to_string();
//! assert!(text.contains("| 2 | http://bigmir.net/?a=b&#g | 443 |"), "{text}");
//! # Ok(())
//! # }
//! ```

use std::sync::Arc;

use datafusion::logical_expr::ScalarUDF;
use datafusion::prelude::SessionContext;
use uriscan_crawl::function_set::Family;

/// One of the functions [`register_clickhouse`] adds (all share this type).
///
/// ```
/// let udfs = uriscan_datafusion::clickhouse::clickhouse_functions();
/// let f = udfs.iter().find(|f| f.name() == "cutURLParameter").unwrap();
/// assert_eq!(f.aliases(), ["cuturlparameter"]);
/// ```
pub type ClickHouseFunction = crate::RegistryFunction;

/// Every ClickHouse function (the registry's `clickhouse` family), as `ScalarUDF`s.
///
/// ```
/// let f = uriscan_datafusion::clickhouse::clickhouse_functions();
/// let names: Vec<&str> = f.iter().map(|f| f.name()).collect();
/// assert!(names.contains(&"cutURLParameter") && names.contains(&"URLHierarchy"));
/// assert!(f.iter().any(|f| f.aliases().contains(&"urlhierarchy".to_string())));
/// ```
#[must_use]
pub fn clickhouse_functions() -> Vec<Arc<ScalarUDF>> {
    crate::family_functions(Family::ClickHouse)
}

/// Registers every ClickHouse function in `ctx`, under its ClickHouse name
/// and its lower-case name (replacing any function of the same name).
///
/// ```
/// use datafusion::execution::FunctionRegistry;
/// let ctx = datafusion::prelude::SessionContext::new();
/// uriscan_datafusion::clickhouse::register_clickhouse(&ctx);
/// assert!(ctx.udf("extractURLParameter").is_ok() && ctx.udf("extracturlparameter").is_ok());
/// ```
pub fn register_clickhouse(ctx: &SessionContext) {
    crate::register_udfs(ctx, clickhouse_functions());
}
