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
//! - `line`: an operand and one line of it, the unit every layer handles;
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
mod line;
mod output;
mod record;
mod run;

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser};

use args::Common;
use commands::{Cmd, Stop};
use context::Context;

const AFTER_HELP: &str = "\
Input: the FILEs in order, or standard input when there is none or for '-'. Lines end in LF
or CRLF (the CR is not part of the line), or in NUL with -0; a UTF-8 byte order mark at the
start of a file is skipped; every line, also an empty one or one that is not UTF-8, gives
exactly one record (check and security: only lines with something to report), in input
order, also with --threads. No limit on line length. A Parquet file is refused unless read
with --column NAME: then the lines are the values of that column of Parquet or CSV files,
one per row (a CSV header row names the columns; a null Parquet value, an empty field and
a blank CSV row are empty lines; line numbers are row numbers; a CSV row with more or fewer
fields than the header row, or a quote left open, is an error naming the row). A Parquet
file that cannot seek (a pipe, <(...), standard input) is read into memory.

Output (lossless in jsonl and tsv for any input bytes):
  jsonl  one JSON object per record; text is a plain JSON string, so any JSON reader
         decodes it to the input; bytes that are not UTF-8 are {\"bytes\":\"<base64>\"}
         in place of the string (ripgrep's convention)
  tsv    a header line, then TAB-separated fields with PostgreSQL COPY text escapes:
         \\\\ \\t \\n \\r, \\xHH for other control bytes, DEL and non-UTF-8 bytes, \\N alone
         for undefined; COPY t FROM 'f' (FORMAT text, HEADER true) reads it back
  csv    RFC 4180 with a header line; bytes as they are; undefined is an empty field
  text   the command's plain layout, or the --fields joined by TAB (not escaped)
  parquet  typed, nullable columns (text Utf8, numbers UInt64, ports UInt16 (parse's port
         Int32, as in Arrow), valid Boolean, lists List<Utf8>), Snappy; to -o FILE or a pipe;
         bytes that are not UTF-8 become U+FFFD (counted in a warning)
A list value (fn URLHierarchy, ...) is a JSON array, in TSV and CSV a PostgreSQL array
literal {\"a\",\"b\"}, in text its items joined by a space.
--fields a,b,c selects and orders the fields in every format ('uriscan CMD --help' lists
them). With -0 every record (and header) ends in NUL instead of LF.

Exit status: 0 on success; 1 from check when a line is invalid; 2 on a usage error or when
an input could not be opened or read (it is named on stderr; the other inputs are still
read); 3 when the output could not be written (disk full, ...; named on stderr). When stdout
is closed early (uriscan parse big.txt | head) uriscan stops quietly with the status it had.

Examples:
  uriscan parse sample/urls.txt
  uriscan parse -f tsv --fields host,path sample/urls.txt
  uriscan check access-urls.txt && echo all valid
  uriscan to-uri -f text iris.txt > uris.txt
  uriscan surt crawl.txt | sort -u
  uriscan domain -f tsv -F host,registrable_domain crawl.txt
  uriscan fn extractURLParameter --arg q urls.txt
  uriscan parse --column url -f parquet -o parsed.parquet urls.parquet";

/// uriscan: RFC 3986 URI references, one per line, for log and crawl pipelines
#[derive(Debug, Parser)]
#[command(name = "uriscan", version, about, after_help = AFTER_HELP, max_term_width = 100)]
#[command(propagate_version = true, subcommand_required = true, arg_required_else_help = true)]
pub struct Cli {
    #[command(flatten)]
    pub common: Common,
    #[command(subcommand)]
    pub cmd: Cmd,
}

/// The clap command (its help, completions and man page).
pub fn command() -> clap::Command {
    Cli::command()
}

fn main() -> ExitCode {
    let matches = command().get_matches();
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(c) => c,
        Err(e) => e.exit(),
    };
    ExitCode::from(run(&cli))
}

/// Runs the command of `cli`: its exit status.
fn run(cli: &Cli) -> u8 {
    let cmd = cli.cmd.command();
    let cx = Context::new(&cli.common, cmd.files(), command);
    match cmd.run(&cx) {
        Ok(status) | Err(Stop::Status(status)) => status,
        Err(Stop::Usage(msg)) => {
            eprintln!("uriscan: {msg}");
            2
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// clap's own checks of the whole command line (names, conflicts,
    /// requirements) over every command's arguments.
    #[test]
    fn command_line_is_consistent() {
        command().debug_assert();
    }

    /// Every command in the list is reached by its name, with its own
    /// arguments, and by nothing else.
    #[test]
    fn each_command_by_its_name() {
        let names: Vec<String> = command().get_subcommands().map(|c| c.get_name().to_string()).collect();
        let mut unique = names.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), names.len(), "{names:?}");
        for name in &names {
            let args: Vec<&str> = match name.as_str() {
                "resolve" | "relativize" => vec!["uriscan", name, "--pairs"],
                "fn" => vec!["uriscan", name, "--list"],
                "completions" => vec!["uriscan", name, "bash"],
                _ => vec!["uriscan", name],
            };
            let m = command().try_get_matches_from(&args).unwrap();
            let cli = Cli::from_arg_matches(&m).unwrap();
            let variant = format!("{:?}", cli.cmd);
            let ident: String = name.split('-').map(|w| w[..1].to_uppercase() + &w[1..]).collect();
            assert!(variant.starts_with(&ident) || (name == "fn" && variant.starts_with("FnCmd")), "{name}: {variant}");
            assert!(<Cmd as clap::Subcommand>::has_subcommand(name));
        }
        assert!(!<Cmd as clap::Subcommand>::has_subcommand("nope"));
    }
}
