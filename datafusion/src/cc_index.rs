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

use datafusion::arrow::datatypes::DataType;
use datafusion::common::{exec_err, Result, ScalarValue};
use datafusion::logical_expr::{ColumnarValue, ScalarFunctionArgs, ScalarUDF, ScalarUDFImpl, Signature, Volatility};
use datafusion::prelude::SessionContext;

/// The `uri_cc_index` function.
///
/// ```
/// use datafusion::logical_expr::ScalarUDFImpl;
/// let f = uriscan_datafusion::cc_index::CcIndexFunction::default();
/// assert_eq!(f.name(), "uri_cc_index");
/// ```
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct CcIndexFunction {
    signature: Signature,
}

impl Default for CcIndexFunction {
    fn default() -> Self {
        let strings = vec![DataType::Utf8, DataType::LargeUtf8, DataType::Utf8View];
        CcIndexFunction { signature: Signature::uniform(1, strings, Volatility::Immutable) }
    }
}

/// `uri_cc_index` as a `ScalarUDF`.
///
/// ```
/// assert_eq!(uriscan_datafusion::cc_index::cc_index_function().name(), "uri_cc_index");
/// ```
#[must_use]
pub fn cc_index_function() -> Arc<ScalarUDF> {
    Arc::new(ScalarUDF::new_from_impl(CcIndexFunction::default()))
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
    ctx.register_udf(cc_index_function().as_ref().clone());
}

impl ScalarUDFImpl for CcIndexFunction {
    fn name(&self) -> &str {
        "uri_cc_index"
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn return_type(&self, _arg_types: &[DataType]) -> Result<DataType> {
        Ok(DataType::Struct(uriscan_arrow::functions::cc_index_fields()))
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let Some(url) = args.args.first() else {
            return exec_err!("uri_cc_index needs an argument");
        };
        let scalar = matches!(url, ColumnarValue::Scalar(_));
        let rows = if scalar { 1 } else { args.number_rows };
        let out: datafusion::arrow::array::ArrayRef =
            Arc::new(uriscan_arrow::functions::cc_index(url.to_array(rows)?.as_ref())?);
        if scalar {
            Ok(ColumnarValue::Scalar(ScalarValue::try_from_array(&out, 0)?))
        } else {
            Ok(ColumnarValue::Array(out))
        }
    }
}
