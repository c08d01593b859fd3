//! uriscan's DataFusion URI functions ([`uriscan_datafusion`]) on an
//! [Apache Ballista](https://datafusion.apache.org/ballista/) cluster.
//!
//! Ballista ships logical and physical plans from the client to the
//! scheduler and from the scheduler to the executors; each side decodes a
//! function call by name, from its own function registry. So the functions
//! must be registered in all three: the client's [`session_state`], the
//! scheduler's session builder (the `uriscan-ballista-scheduler` binary,
//! or [`session_state`] given to `ballista_scheduler`'s standalone
//! functions) and each executor's [`function_registry`] (the
//! `uriscan-ballista-executor` binary).
//!
//! ```no_run
//! # #[tokio::main] async fn main() -> datafusion::error::Result<()> {
//! let ctx = uriscan_ballista::remote("df://scheduler:50050").await?;
//! ctx.sql("SELECT uri_host(url), count(*) FROM urls GROUP BY 1").await?.show().await?;
//! # Ok(()) }
//! ```
#![warn(missing_docs)]
#![forbid(unsafe_code)]

use ballista::prelude::{SessionConfigExt, SessionContextExt};
use ballista_core::registry::BallistaFunctionRegistry;
use datafusion::error::Result;
use datafusion::execution::{FunctionRegistry, SessionState, SessionStateBuilder};
use datafusion::prelude::SessionConfig;
use datafusion::prelude::SessionContext;

/// A Ballista session state (DataFusion's default functions and Ballista's
/// configuration) with every uriscan function registered: for a client
/// ([`remote`]) and for a scheduler.
///
/// ```
/// let state = uriscan_ballista::session_state();
/// assert!(state.scalar_functions().contains_key("uri_host"));
/// ```
#[must_use]
pub fn session_state() -> SessionState {
    session_state_with(SessionConfig::new_with_ballista())
}

/// [`session_state`] with the given configuration: for a scheduler's
/// session builder, which receives each client's configuration.
///
/// ```
/// use ballista::prelude::SessionConfigExt;
/// let state = uriscan_ballista::session_state_with(datafusion::prelude::SessionConfig::new_with_ballista());
/// assert!(state.scalar_functions().contains_key("parse_url"));
/// ```
#[must_use]
pub fn session_state_with(config: SessionConfig) -> SessionState {
    let mut state = SessionStateBuilder::new().with_config(config).with_default_features().build();
    for f in uriscan_datafusion::functions() {
        // Registering replaces a function of the same name (`parse_url`);
        // the previous one is not needed.
        let _previous = state.register_udf(f);
    }
    state
}

/// An executor's function registry: DataFusion's default functions and
/// every uriscan function.
///
/// ```
/// use datafusion::execution::FunctionRegistry;
/// assert!(uriscan_ballista::function_registry().udf("uri_resolve").is_ok());
/// ```
#[must_use]
pub fn function_registry() -> BallistaFunctionRegistry {
    BallistaFunctionRegistry::from(&session_state())
}

/// A client context on the Ballista scheduler at `url` (`df://host:port`)
/// that knows the uriscan functions. (Ballista's `remote_with_state` keeps
/// only its own list of functions, so they are registered again on the
/// context it returns.)
///
/// # Errors
/// When `url` is not a scheduler address.
///
/// ```no_run
/// use datafusion::execution::FunctionRegistry;
/// # #[tokio::main] async fn main() -> datafusion::error::Result<()> {
/// let ctx = uriscan_ballista::remote("df://localhost:50050").await?;
/// assert!(ctx.udf("uri_host").is_ok());
/// # Ok(()) }
/// ```
pub async fn remote(url: &str) -> Result<SessionContext> {
    let ctx = SessionContext::remote_with_state(url, session_state()).await?;
    uriscan_datafusion::register(&ctx);
    Ok(ctx)
}
