//! `uriscan`: RFC 3986 URI references, one per line, for log and crawl
//! pipelines. See `uriscan --help` and `uriscan COMMAND --help`.
//!
//! Layout, as ripgrep keeps flags, search and printing apart:
//! - `args`: the command line's shared options (clap); `context`: those
//!   options checked, and the one path that writes a command's records;
//! - `commands/`: one file per command (or per family), each with its
//!   arguments, its help, its job and its typed columns, and the list of
//!   commands that is the dispatch (`commands/mod.rs` says how to add one:
//!   a new file and one list entry);
//! - `job`: what a command's job is (`Job`, `Records`);
//! - `input/`: the operands, reading and cutting them into chunks of lines,
//!   the lines of a chunk, `--column` readers;
//! - `run/`: the driver, on one thread or several, and the progress bar;
//! - `record/`: values, rows, the layout of the selected columns, and each
//!   writer (JSON Lines, TSV and its two fast writers, CSV, text, the
//!   Parquet row encoding) in its own file;
//! - `output/`: standard output or `-o FILE` (whole or untouched: a
//!   temporary renamed on success, removed on error or signal), and the
//!   Parquet writer.

// The doc comments of `args` and `commands` are the `--help` texts users
// read, where `<stdin>` and `BASE<TAB>REFERENCE` are words, not HTML tags.
#![allow(rustdoc::invalid_html_tags)]

mod args;
mod commands;
mod context;
mod input;
mod job;
mod output;
mod record;
mod run;

use std::process::ExitCode;

use clap::FromArgMatches;

use args::Cli;
use commands::Stop;
use context::Context;

fn main() -> ExitCode {
    let matches = args::command().get_matches();
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(c) => c,
        Err(e) => e.exit(),
    };
    ExitCode::from(run(&cli))
}

/// Runs the command of `cli`: its exit status.
fn run(cli: &Cli) -> u8 {
    let cmd = cli.cmd.command();
    let cx = Context::new(&cli.common, cmd.files());
    match cmd.run(&cx) {
        Ok(status) | Err(Stop::Status(status)) => status,
        Err(Stop::Usage(msg)) => {
            eprintln!("uriscan: {msg}");
            2
        }
    }
}
