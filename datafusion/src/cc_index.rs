//! `uri_cc_index(url)`: the URL columns of Common Crawl's columnar index
//! (`url_surtkey`, `url_host_name`, `url_host_tld`, … `url_query`) as one
//! struct, with the semantics of the cc-index-table schema
//! ([`uriscan_crawl::cc_index`], kernel [`uriscan_arrow::functions::cc_index`]).
//!
//! ```
//! use datafusion::prelude::SessionContext;
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() -> datafusion::error::Result<()> {
//! let ctx = SessionContext::new();
//! uriscan_datafusion::cc_index::register_cc_index(&ctx);
//! let sql = "SELECT c['url_host_registered_domain'] AS d, c['url_host_name_reversed'] AS r, c['url_port'] AS p \
//!            FROM (SELECT uri_cc_index('https://www.Example.co.uk:8443/a?q=1') AS c)";
//! let batches = ctx.sql(sql).await?.collect().await?;
//! let text = datafusion::arrow::util::pretty::pretty_format_batches(&batches)?.to_string();
//! assert!(text.contains("| example.co.uk | uk.co.example.www | 8443 |"), "{text}");
//! # Ok(())
//! # }
//! ```

use std::sync::Arc;

use datafusion::logical_expr::ScalarUDF;
use datafusion::prelude::SessionContext;
use uriscan_crawl::function_set::Family;

/// The `uri_cc_index` function (the registry's `cc_index` family).
///
/// ```
/// assert_eq!(uriscan_datafusion::cc_index::cc_index_function().name(), "uri_cc_index");
/// ```
pub type CcIndexFunction = crate::RegistryFunction;

/// `uri_cc_index` as a `ScalarUDF`.
///
/// ```
/// assert_eq!(uriscan_datafusion::cc_index::cc_index_function().name(), "uri_cc_index");
/// ```
#[must_use]
pub fn cc_index_function() -> Arc<ScalarUDF> {
    // A fixed entry of the registry (its tests call it by this name).
    let f = uriscan_crawl::function_set::find("uri_cc_index").expect("uri_cc_index is in the registry");
    Arc::new(ScalarUDF::new_from_impl(crate::RegistryFunction::new(f)))
}

/// Registers `uri_cc_index` in `ctx`.
///
/// ```
/// use datafusion::execution::FunctionRegistry;
/// let ctx = datafusion::prelude::SessionContext::new();
/// uriscan_datafusion::cc_index::register_cc_index(&ctx);
/// assert!(ctx.udf("uri_cc_index").is_ok());
/// ```
pub fn register_cc_index(ctx: &SessionContext) {
    crate::register_udfs(ctx, crate::family_functions(Family::CcIndex));
}
