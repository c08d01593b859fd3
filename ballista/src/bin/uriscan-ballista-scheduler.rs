//! A Ballista scheduler that knows the uriscan functions.
//!
//! `uriscan-ballista-scheduler [BIND_HOST [PORT]]` (defaults: 127.0.0.1 50050).

use std::net::SocketAddr;
use std::sync::Arc;

use ballista_core::error::BallistaError;
use ballista_scheduler::cluster::BallistaCluster;
use ballista_scheduler::config::SchedulerConfig;
use ballista_scheduler::scheduler_process::start_server;

#[tokio::main]
async fn main() -> ballista_core::error::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let host = args.first().cloned().unwrap_or_else(|| "127.0.0.1".into());
    let port: u16 = args.get(1).and_then(|p| p.parse().ok()).unwrap_or(50050);
    let config = SchedulerConfig {
        bind_host: host.clone(),
        bind_port: port,
        override_session_builder: Some(Arc::new(|c| Ok(uriscan_ballista::session_state_with(c)))),
        ..SchedulerConfig::default()
    };
    let addr: SocketAddr =
        format!("{host}:{port}").parse().map_err(|e| BallistaError::Configuration(format!("{host}:{port}: {e}")))?;
    let cluster = BallistaCluster::new_from_config(&config).await?;
    start_server(cluster, addr, Arc::new(config)).await
}
