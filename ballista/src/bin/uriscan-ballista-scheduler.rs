//! A Ballista 55 scheduler that knows the uriscan functions: Ballista's
//! `ballista-scheduler`, with a session builder that registers every uriscan
//! function ([`uriscan_ballista::session_state_with`]). It takes Ballista's
//! options (`--help` lists them):
//!
//! ```sh
//! uriscan-ballista-scheduler --bind-host 127.0.0.1 --bind-port 50050
//! ```

mod common;

use std::net::SocketAddr;
use std::process::ExitCode;
use std::sync::Arc;

use ballista_scheduler::cluster::BallistaCluster;
use ballista_scheduler::config::{Config, SchedulerConfig};
use ballista_scheduler::scheduler_process::start_server;
use clap::{CommandFactory, FromArgMatches};

fn main() -> ExitCode {
    let matches = Config::command()
        .name("uriscan-ballista-scheduler")
        .version(env!("CARGO_PKG_VERSION"))
        .about("A Ballista 55 scheduler whose sessions know every uriscan SQL function")
        .get_matches();
    let opt = Config::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    common::Logging {
        level: &opt.log_level_setting,
        dir: opt.log_dir.as_deref(),
        file_prefix: format!("scheduler_{}_{}_{}", opt.namespace, opt.external_host, opt.bind_port),
        rotation: opt.log_rotation_policy,
        thread_info: opt.print_thread_info,
    }
    .init();
    let addr = format!("{}:{}", opt.bind_host, opt.bind_port);
    let addr: SocketAddr = match addr.parse() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("uriscan-ballista-scheduler: --bind-host/--bind-port {addr}: {e}");
            return ExitCode::from(2);
        }
    };
    let config: SchedulerConfig = match opt.try_into() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("uriscan-ballista-scheduler: {e}");
            return ExitCode::from(2);
        }
    };
    let config = config.with_override_session_builder(Arc::new(|c| Ok(uriscan_ballista::session_state_with(c))));
    // Ballista's own binary runs on a runtime with large thread stacks (deep
    // plans are planned recursively); so does this one.
    let runtime =
        match tokio::runtime::Builder::new_multi_thread().enable_all().thread_stack_size(32 * 1024 * 1024).build() {
            Ok(r) => r,
            Err(e) => {
                eprintln!("uriscan-ballista-scheduler: cannot start the runtime: {e}");
                return ExitCode::FAILURE;
            }
        };
    let result = runtime.block_on(async move {
        let cluster = BallistaCluster::new_from_config(&config).await?;
        start_server(cluster, addr, Arc::new(config)).await
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("uriscan-ballista-scheduler: {e}");
            ExitCode::FAILURE
        }
    }
}
