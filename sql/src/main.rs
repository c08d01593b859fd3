//! `uriscan-sql`: one SQL query with every uriscan function, over Parquet,
//! CSV and text files named in the query, on DataFusion in this process or
//! on a Ballista cluster (`--scheduler`). The reference is the crate's
//! README and `uriscan-sql --help`.

mod files;
mod output;
mod text;

use std::io::Read;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use clap::Parser;
use datafusion::catalog::DynamicFileCatalog;
use datafusion::error::{DataFusionError, Result};
use datafusion::execution::SessionStateBuilder;
use datafusion::prelude::{SQLOptions, SessionContext};

use crate::files::FileTables;
use crate::output::{Destination, Failure, Format};
use crate::text::Warnings;

const AFTER_HELP: &str = "\
Files: a table name in quotes that names a file or a directory is that file
('urls.parquet', '/data/crawl/', \"logs/a.txt\"). A file is Parquet when its
name ends in .parquet (any case) or it starts with PAR1; CSV, with a header
row, when its name ends in .csv (any case); otherwise a text list: one URL per
line, columns url (the line) and line (its number, from 1). Lines end in LF or
CRLF; a UTF-8 byte order mark at the start is skipped; every line is a row;
bytes that are not UTF-8 read as U+FFFD (counted in a warning). A directory is
every file under it (names starting with . or _ left out), all of one kind.
Compressed files are refused.

Functions: every uriscan function: uri_host, uri_parse, uri_registrable_domain,
... (the uri_* set), Spark's parse_url, url_encode, ..., ClickHouse's domain,
cutURLParameter, URLHierarchy, ..., and uri_cc_index; with DataFusion's own.

Exit status: 0 on success; 1 when the query fails (SQL, a file, the cluster);
2 on a usage error; 3 when the output cannot be written (named on stderr).
With -o FILE, FILE is replaced only when the whole result was written; on any
error it is left as it was.

Examples:
  uriscan-sql \"SELECT uri_host(url) AS h, count(*) AS n FROM 'urls.txt' GROUP BY h ORDER BY n DESC LIMIT 10\"
  uriscan-sql -f parquet -o urls.parquet \"SELECT url FROM 'urls.txt'\"
  uriscan-sql -f csv \"SELECT line, uri_error(url) FROM 'urls.txt' WHERE NOT uri_is_valid(url)\"
  uriscan-sql --scheduler localhost:50050 \"SELECT uri_registrable_domain(url) AS d, count(*) FROM '/data/parts/' GROUP BY d\"";

/// SQL with every uriscan URI function over Parquet, CSV and text files
/// named in the query, in this process or on a Ballista cluster.
#[derive(Parser, Debug)]
#[command(name = "uriscan-sql", version, after_help = AFTER_HELP)]
struct Args {
    /// One SQL query; '-' reads it from standard input
    query: String,

    /// Output format
    #[arg(short = 'f', long, value_enum, default_value_t = Format::Table)]
    format: Format,

    /// Write the result to this file instead of standard output (replaced
    /// only when the whole result was written)
    #[arg(short = 'o', long, value_name = "FILE")]
    output: Option<PathBuf>,

    /// Run the query on the Ballista cluster of this scheduler (its
    /// executors must read the files at the same paths)
    #[arg(long, value_name = "HOST:PORT", value_parser = parse_scheduler)]
    scheduler: Option<String>,

    /// Give up when the query has not finished after this many seconds
    #[arg(long, value_name = "SECONDS")]
    timeout: Option<u64>,
}

/// `HOST:PORT`.
fn parse_scheduler(s: &str) -> std::result::Result<String, String> {
    let (host, port) = s.rsplit_once(':').ok_or("expected HOST:PORT")?;
    if host.is_empty() || port.parse::<u16>().is_err() {
        return Err("expected HOST:PORT (a port from 0 to 65535)".into());
    }
    Ok(s.to_string())
}

/// How the command ends.
enum End {
    Done,
    Usage(String),
    Query(String),
    Output(String),
}

fn main() -> ExitCode {
    let args = Args::parse();
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(r) => r,
        Err(e) => return report(End::Query(format!("cannot start the runtime: {e}"))),
    };
    let warnings = Arc::new(Warnings::default());
    let end = runtime.block_on(async {
        let task = tokio::spawn(run(args, warnings.clone()));
        match task.await {
            Ok(end) => end,
            Err(e) => End::Query(format!("internal error: {e}")),
        }
    });
    for lossy in warnings.lossy() {
        eprintln!(
            "uriscan-sql: warning: {}: {} line(s) not UTF-8 (the first: line {}); their bad bytes read as U+FFFD",
            lossy.path.display(),
            lossy.lines,
            lossy.first
        );
    }
    // A cluster client leaves tasks behind; do not wait for them.
    runtime.shutdown_background();
    report(end)
}

fn report(end: End) -> ExitCode {
    let (message, code) = match end {
        End::Done => return ExitCode::SUCCESS,
        End::Usage(m) => (m, 2),
        End::Query(m) => (m, 1),
        End::Output(m) => (m, 3),
    };
    eprintln!("uriscan-sql: {message}");
    ExitCode::from(code)
}

async fn run(args: Args, warnings: Arc<Warnings>) -> End {
    let query = if args.query == "-" {
        let mut text = String::new();
        if let Err(e) = std::io::stdin().read_to_string(&mut text) {
            return End::Usage(format!("standard input: {e}"));
        }
        text
    } else {
        args.query.clone()
    };
    if args.format == Format::Parquet && args.output.is_none() && std::io::IsTerminal::is_terminal(&std::io::stdout()) {
        return End::Usage("-f parquet: give -o FILE, or send standard output to a pipe or a file".into());
    }
    let work = execute(query, args.format, args.output, args.scheduler, warnings);
    match args.timeout {
        None => work.await,
        Some(s) => match tokio::time::timeout(Duration::from_secs(s), work).await {
            Ok(end) => end,
            Err(_) => End::Query(format!("the query did not finish within {s} s (--timeout); stopped")),
        },
    }
}

async fn execute(
    query: String,
    format: Format,
    out: Option<PathBuf>,
    scheduler: Option<String>,
    warnings: Arc<Warnings>,
) -> End {
    let ctx = match context(scheduler.as_deref(), warnings).await {
        Ok(c) => c,
        Err(e) => return End::Query(error_message(e)),
    };
    // Queries only: no DDL (CREATE ...), no DML (COPY, INSERT), no SET.
    let options = SQLOptions::new().with_allow_ddl(false).with_allow_dml(false).with_allow_statements(false);
    // Planning reads every file the query names (Parquet footers, CSV
    // headers) before any output is created.
    let df = match ctx.sql_with_options(&query, options).await {
        Ok(df) => df,
        Err(e) => return End::Query(error_message(e)),
    };
    if let Err(m) = format.check(df.schema().as_arrow()) {
        return End::Usage(m);
    }
    let mut dest = match Destination::open(out.as_deref()) {
        Ok(d) => d,
        Err(m) => return End::Output(m),
    };
    // On a cluster, errors say what Ballista leaves out of them.
    let plan = df.logical_plan().clone();
    let explain = |e: DataFusionError| match &scheduler {
        Some(addr) => error_message(uriscan_ballista::explain(e, &plan, addr)),
        None => error_message(e),
    };
    let stream = match df.execute_stream().await {
        Ok(s) => s,
        Err(e) => return End::Query(explain(e)),
    };
    let written = output::write(stream, format, &mut dest).await;
    let result = written.and_then(|_rows| dest.commit());
    match result {
        Ok(()) | Err(Failure::BrokenPipe) => End::Done,
        Err(Failure::Query(e)) => End::Query(explain(e)),
        Err(Failure::Output(m)) => End::Output(m),
    }
}

/// A session with every uriscan function and files as tables: in this
/// process, or a client of the cluster at `scheduler`.
async fn context(scheduler: Option<&str>, warnings: Arc<Warnings>) -> Result<SessionContext> {
    let ctx = match scheduler {
        None => {
            let ctx = SessionContext::new();
            for f in uriscan_datafusion::all_functions() {
                ctx.register_udf(f.as_ref().clone());
            }
            ctx
        }
        Some(addr) => uriscan_ballista::remote(&format!("df://{addr}")).await?,
    };
    let state = ctx.state();
    let factory = Arc::new(FileTables::new(state.clone(), scheduler.is_some(), warnings));
    let catalogs = Arc::new(DynamicFileCatalog::new(state.catalog_list().clone(), factory));
    let state = SessionStateBuilder::new_from_existing(state).with_catalog_list(catalogs).build();
    Ok(SessionContext::new_with_state(state))
}

/// A DataFusion error as one message, without its backtrace.
fn error_message(e: DataFusionError) -> String {
    e.strip_backtrace()
}
