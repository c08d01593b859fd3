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

use std::collections::BTreeSet;

use ballista::prelude::{SessionConfigExt, SessionContextExt};
use ballista_core::registry::BallistaFunctionRegistry;
use datafusion::common::tree_node::{TreeNode, TreeNodeRecursion};
use datafusion::error::{DataFusionError, Result};
use datafusion::execution::{FunctionRegistry, SessionState, SessionStateBuilder};
use datafusion::logical_expr::{Expr, LogicalPlan};
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
    for f in uriscan_datafusion::all_functions() {
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

/// The uriscan functions `plan` calls (by the names it calls them),
/// sorted: what every executor must know to run it.
///
/// ```
/// # #[tokio::main(flavor = "current_thread")] async fn main() -> datafusion::error::Result<()> {
/// let ctx = datafusion::prelude::SessionContext::new_with_state(uriscan_ballista::session_state());
/// let df = ctx.sql("SELECT uri_host(a), upper(a), domain(a) FROM (VALUES ('http://x/')) t(a)").await?;
/// assert_eq!(uriscan_ballista::uriscan_functions_in(df.logical_plan()), ["domain", "uri_host"]);
/// # Ok(()) }
/// ```
#[must_use]
pub fn uriscan_functions_in(plan: &LogicalPlan) -> Vec<String> {
    let ours: BTreeSet<String> = uriscan_datafusion::all_functions().iter().map(|f| f.name().to_string()).collect();
    let mut found = BTreeSet::new();
    // The closures never fail: the walks cannot return an error.
    let _walked = plan.apply_with_subqueries(|node| {
        node.apply_expressions(|e| {
            e.apply(|e| {
                if let Expr::ScalarFunction(f) = e
                    && ours.contains(f.name())
                {
                    found.insert(f.name().to_string());
                }
                Ok(TreeNodeRecursion::Continue)
            })
        })
    });
    found.into_iter().collect()
}

/// An error of a query on the cluster at `scheduler` (`host:port`) with
/// what Ballista leaves out of it:
///
/// - when the scheduler cannot be reached, or its connection is lost while
///   the query runs, says so and names it;
/// - when an executor rejected a task (Ballista reports only "task could
///   not be prepared or was rejected by executor"; the executor logs why:
///   most often a function it does not know), names the uriscan functions
///   of `plan` that every executor must know.
///
/// Other errors are returned as they are.
///
/// ```
/// use datafusion::error::DataFusionError;
/// # #[tokio::main(flavor = "current_thread")] async fn main() -> datafusion::error::Result<()> {
/// let ctx = datafusion::prelude::SessionContext::new_with_state(uriscan_ballista::session_state());
/// let df = ctx.sql("SELECT uri_host(a) FROM (VALUES ('http://x/')) t(a)").await?;
/// let e = DataFusionError::Execution("Job 1 failed: task could not be prepared or was rejected by executor".into());
/// let e = uriscan_ballista::explain(e, df.logical_plan(), "localhost:50050");
/// assert!(e.to_string().contains("uri_host"));
/// # Ok(()) }
/// ```
#[must_use]
pub fn explain(error: DataFusionError, plan: &LogicalPlan, scheduler: &str) -> DataFusionError {
    let text = error.to_string();
    if text.contains("tcp connect error") {
        let why = if text.contains("Connection refused") { "connection refused" } else { "no connection" };
        return DataFusionError::Execution(format!("cannot reach the Ballista scheduler at {scheduler} ({why})"));
    }
    let lost = ["h2 protocol error", "error reading a body from connection", "connection reset", "broken pipe"];
    if lost.iter().any(|l| text.to_lowercase().contains(l)) {
        return DataFusionError::Execution(format!(
            "lost the connection to the Ballista scheduler at {scheduler} while the query ran \
             (did it stop?): {}",
            error.strip_backtrace()
        ));
    }
    if text.contains("rejected by executor") {
        let functions = uriscan_functions_in(plan);
        if !functions.is_empty() {
            return DataFusionError::Execution(format!(
                "{}; an executor rejects a task it cannot decode, most often for a function it does not \
                 know: every executor must know {} (uriscan-ballista-executor does; a stock \
                 ballista-executor does not; the executor's log says which)",
                error.strip_backtrace(),
                functions.join(", ")
            ));
        }
    }
    error
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
    for f in uriscan_datafusion::all_functions() {
        ctx.register_udf(f.as_ref().clone());
    }
    Ok(ctx)
}

/// Starts a Ballista scheduler and `executors` executors (each running
/// `concurrency` tasks at a time) in this process, on a loopback port the
/// system picks, all with the uriscan functions; returns the scheduler's
/// address. For tests and trials on one machine: the cluster lives as long as
/// the calling Tokio runtime.
///
/// # Errors
/// When the scheduler cannot start, or an executor cannot connect to it
/// within ten seconds.
///
/// ```
/// # #[tokio::main] async fn main() -> datafusion::error::Result<()> {
/// let scheduler = uriscan_ballista::local_cluster(1, 1).await?;
/// assert!(scheduler.ip().is_loopback());
/// let ctx = uriscan_ballista::remote(&format!("df://localhost:{}", scheduler.port())).await?;
/// let rows = ctx.sql("SELECT uri_host('http://example.com/') AS h").await?.collect().await?;
/// assert_eq!(rows[0].num_rows(), 1);
/// # Ok(()) }
/// ```
pub async fn local_cluster(executors: usize, concurrency: usize) -> Result<std::net::SocketAddr> {
    use ballista_core::serde::protobuf::scheduler_grpc_client::SchedulerGrpcClient;
    use std::time::{Duration, Instant};

    let state = session_state();
    let addr = ballista_scheduler::standalone::new_standalone_scheduler_from_state(&state)
        .await
        .map_err(|e| DataFusionError::External(Box::new(e)))?;
    let url = format!("http://localhost:{}", addr.port());
    for _ in 0..executors {
        let start = Instant::now();
        let client = loop {
            match SchedulerGrpcClient::connect(url.clone()).await {
                Ok(c) => break c,
                Err(e) if start.elapsed() > Duration::from_secs(10) => {
                    return Err(DataFusionError::External(Box::new(e)));
                }
                Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
            }
        };
        ballista_executor::new_standalone_executor_from_state(client, concurrency, &state)
            .await
            .map_err(|e| DataFusionError::External(Box::new(e)))?;
    }
    Ok(addr)
}
