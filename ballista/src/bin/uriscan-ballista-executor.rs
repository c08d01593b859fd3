//! A Ballista executor that knows the uriscan functions.
//!
//! `uriscan-ballista-executor [SCHEDULER_HOST [SCHEDULER_PORT [BIND_HOST [PORT [GRPC_PORT [WORK_DIR]]]]]]`
//! (defaults: localhost 50050 127.0.0.1 50051 50052, a temporary directory).

use std::sync::Arc;

use ballista_executor::executor_process::{start_executor_process, ExecutorProcessConfig};

#[tokio::main]
async fn main() -> ballista_core::error::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize| args.get(i).cloned();
    let port = |i: usize, default: u16| arg(i).and_then(|p| p.parse().ok()).unwrap_or(default);
    let mut config = ExecutorProcessConfig::default();
    if let Some(h) = arg(0) {
        config.scheduler_host = h;
    }
    config.scheduler_port = port(1, 50050);
    if let Some(h) = arg(2) {
        config.bind_host = h;
    }
    config.port = port(3, 50051);
    config.grpc_port = port(4, 50052);
    config.work_dir = arg(5);
    config.override_function_registry = Some(Arc::new(uriscan_ballista::function_registry()));
    start_executor_process(Arc::new(config)).await
}
