//! A Ballista 55 executor that knows the uriscan functions: Ballista's
//! `ballista-executor` with every uriscan function in its function registry
//! ([`uriscan_ballista::function_registry`]). It takes Ballista's options
//! (`--help` lists them), and `--no-uriscan-functions`, which leaves the
//! registry as Ballista's (for testing what a plain executor does):
//!
//! ```sh
//! uriscan-ballista-executor --scheduler-host localhost --scheduler-port 50050 \
//!     --bind-host 127.0.0.1 --bind-port 50051 --bind-grpc-port 50052 --bind-health-port 50053
//! ```

mod common;

use std::net::SocketAddr;
use std::process::ExitCode;
use std::sync::Arc;

use ballista_executor::config::Config;
use ballista_executor::executor_process::{start_executor_process, ExecutorProcessConfig};
use ballista_executor::health::spawn_health_server;
use clap::{Arg, ArgAction, CommandFactory, FromArgMatches};

// Ballista's own executor binary allocates with mimalloc; so does this one,
// so that its memory figures are those of a stock executor.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

const NO_FUNCTIONS: &str = "no-uriscan-functions";

fn main() -> ExitCode {
    let matches = Config::command()
        .name("uriscan-ballista-executor")
        .version(env!("CARGO_PKG_VERSION"))
        .about("A Ballista 55 executor whose function registry holds every uriscan SQL function")
        .arg(
            Arg::new(NO_FUNCTIONS)
                .long(NO_FUNCTIONS)
                .action(ArgAction::SetTrue)
                .help("Register no uriscan function: a plain Ballista executor (for tests)"),
        )
        .get_matches();
    let opt = Config::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    let health_addr = format!("{}:{}", opt.bind_host, opt.bind_health_port);
    let health_addr: SocketAddr = match health_addr.parse() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("uriscan-ballista-executor: --bind-host/--bind-health-port {health_addr}: {e}");
            return ExitCode::from(2);
        }
    };
    let mut config: ExecutorProcessConfig = match opt.try_into() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("uriscan-ballista-executor: {e}");
            return ExitCode::from(2);
        }
    };
    if !matches.get_flag(NO_FUNCTIONS) {
        config.override_function_registry = Some(Arc::new(uriscan_ballista::function_registry()));
    }
    common::Logging {
        level: &config.special_mod_log_level,
        dir: config.log_dir.as_deref(),
        file_prefix: config.log_file_name_prefix(),
        rotation: config.log_rotation_policy,
        thread_info: config.print_thread_info,
    }
    .init();
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("uriscan-ballista-executor: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    let result = runtime.block_on(async move {
        // The health probes (/healthz, /readyz) of Ballista's binary.
        let (stop_health, health_stopped) = tokio::sync::oneshot::channel();
        let health = spawn_health_server(health_addr, config.health.clone(), health_stopped);
        let result = start_executor_process(Arc::new(config)).await;
        let _ = stop_health.send(());
        match health.await {
            Ok(Err(e)) => log::warn!("health server: {e}"),
            Err(e) => log::warn!("health server task: {e}"),
            Ok(Ok(())) => {}
        }
        result
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("uriscan-ballista-executor: {e}");
            ExitCode::FAILURE
        }
    }
}
