//! What every command runs with ([`Context`]: the options every command
//! has, checked, and the input operands), and the one path by which a
//! command's records are written ([`Context::records`]): the layout from
//! its columns, the inputs, the output (whole or untouched, `output`), the
//! driver (`run`).

use crate::args::Common;
use crate::input::{open_all, FileCtx};
use crate::job::Records;
use crate::output::Dest;
use crate::record::{Format, Layout};
use crate::run::{self, RunOpts, Summary};

/// How records are written, from the options every command has.
pub struct Options {
    /// `--format`, or `None` for the command's own default.
    pub format: Option<Format>,
    /// `--fields`.
    pub fields: Option<Vec<String>>,
    /// `--echo`.
    pub echo: bool,
    /// `--null`: lines and records end in NUL.
    pub null: bool,
    /// `--with-filename`, or several input files.
    pub with_file: bool,
    /// Worker threads (`--threads`, 0 made the number of cores).
    pub threads: usize,
    /// Whether a progress bar may be drawn (not `--no-progress`).
    pub progress: bool,
    /// `--column`: read this column of Parquet or CSV files instead of lines.
    pub column: Option<String>,
    /// `--output`: write records to this file instead of stdout.
    pub path: Option<String>,
}

impl Options {
    /// The byte that ends lines and records.
    pub fn terminator(&self) -> u8 {
        if self.null {
            b'\0'
        } else {
            b'\n'
        }
    }
}

/// How a command ends without a status of its own.
#[derive(Debug)]
pub enum Stop {
    /// A usage error: its message (exit status 2).
    Usage(String),
    /// An exit status whose reason is already written on stderr.
    Status(u8),
}

impl From<String> for Stop {
    fn from(msg: String) -> Stop {
        Stop::Usage(msg)
    }
}

/// What a command runs with.
pub struct Context {
    pub options: Options,
    /// The input operands (standard input when none was given).
    pub files: Vec<FileCtx>,
    /// The whole command line's clap command (for completions and the man
    /// page; built by the crate root, which knows every command).
    pub cli: fn() -> clap::Command,
}

impl Context {
    /// The context of a command line's common options and its operands.
    pub fn new(c: &Common, operands: &[String], cli: fn() -> clap::Command) -> Context {
        let files: Vec<FileCtx> = if operands.is_empty() {
            vec![FileCtx::new("-")]
        } else {
            operands.iter().map(|f| FileCtx::new(f)).collect()
        };
        let threads =
            if c.threads == 0 { std::thread::available_parallelism().map_or(1, |n| n.get()) } else { c.threads };
        let options = Options {
            format: c.format,
            fields: c.fields.clone(),
            echo: c.echo,
            null: c.null,
            with_file: c.with_filename || files.len() > 1,
            threads,
            progress: !c.no_progress,
            column: c.column.clone(),
            path: c.output.clone(),
        };
        Context { options, files, cli }
    }

    /// For a command that writes no records: `-o` and `-f parquet` are
    /// usage errors.
    pub fn no_records(&self) -> Result<(), Stop> {
        if self.options.path.is_some() {
            return Err(Stop::Usage("-o applies to commands that write records".into()));
        }
        if self.options.format == Some(Format::Parquet) {
            return Err(Stop::Usage("-f parquet applies to commands that write records".into()));
        }
        Ok(())
    }

    /// For a command whose report is written at the end (`stats`) in
    /// `format`: checks that it can be, and with `-o` opens every input
    /// first (as [`records`](Context::records) does).
    pub fn report_inputs(&self, format: Format) -> Result<Vec<Option<std::fs::File>>, Stop> {
        if format == Format::Parquet {
            parquet_allowed(&self.options)?;
        }
        match &self.options.path {
            Some(_) => open_all(&self.files).ok_or(Stop::Status(2)),
            None => Ok(Vec::new()),
        }
    }

    /// Writes a report made at the end, `bytes` laid out by `layout`, to
    /// standard output or `-o` (replaced only when `ok`, the run having
    /// read every input): 0, or 3 when it could not be written.
    pub fn write_report(&self, layout: &Layout, bytes: &[u8], ok: bool) -> u8 {
        let Ok(dest) = Dest::new(self.options.path.as_deref()) else { return 3 };
        let Ok(mut out) = dest.writer() else { return 3 };
        let failed = if layout.format == Format::Parquet {
            parquet_report(layout, out, bytes)
        } else {
            let failed = run::write_to(&mut out, bytes);
            drop(out);
            failed
        };
        u8::from(dest.finish(ok && !failed) || failed) * 3
    }

    /// Runs `job` over the inputs and writes its records: the exit status
    /// (0, or 2 or 3 after an input or output error).
    pub fn write<J: Records>(&self, job: &J) -> Result<u8, Stop> {
        Ok(self.records(job)?.status(0))
    }

    /// Runs `job` over the inputs with the layout the options ask for, its
    /// records to standard output or to the file of `-o` (with `-o`, every
    /// input is opened first, and the file is replaced only after a run
    /// without an input or output error).
    pub fn records<J: Records>(&self, job: &J) -> Result<Summary<J::Acc>, Stop> {
        let o = &self.options;
        let format = o.format.unwrap_or_else(|| job.default_format());
        let show = |name: &str| match name {
            "file" => o.with_file,
            "input" => o.echo,
            _ => true,
        };
        let layout =
            Layout::new(format, job.columns(), o.fields.as_deref(), show, job.text(o.with_file), o.terminator())
                .map_err(|e| Stop::Usage(e.0))?;
        if o.column.is_some() && J::FREE_TEXT {
            return Err(Stop::Usage("--column reads a column's values as lines; this command reads free text".into()));
        }
        if format == Format::Parquet {
            parquet_allowed(o)?;
        }
        let held = match &o.path {
            Some(_) => open_all(&self.files).ok_or(Stop::Status(2))?,
            None => Vec::new(),
        };
        let dest = Dest::new(o.path.as_deref()).map_err(|()| Stop::Status(3))?;
        let out = dest.writer().map_err(|()| Stop::Status(3))?;
        let mut s = if format == Format::Parquet {
            parquet(job, &layout, self, held, out)?
        } else {
            let mut out = out;
            run::run(job, &layout, &self.files, &self.run_opts::<J>(), held, &mut out)
        };
        if dest.finish(!s.input_error && !s.output_error) {
            s.output_error = true;
        }
        Ok(s)
    }

    /// The driver's options for `J`.
    pub fn run_opts<J: Records>(&self) -> RunOpts {
        let o = &self.options;
        RunOpts {
            threads: o.threads,
            progress: o.progress,
            streams: !J::COLUMNS.is_empty(),
            sep: o.terminator(),
            free_text: J::FREE_TEXT,
            column: o.column.clone(),
        }
    }
}

/// Whether `-f parquet` can be written: a build with Parquet, and an
/// output that is not a terminal.
#[cfg(feature = "parquet")]
fn parquet_allowed(o: &Options) -> Result<(), Stop> {
    use std::io::IsTerminal;
    if o.path.is_none() && std::io::stdout().is_terminal() {
        return Err(Stop::Usage("-f parquet writes a binary file: give -o FILE (or redirect standard output)".into()));
    }
    Ok(())
}

#[cfg(not(feature = "parquet"))]
fn parquet_allowed(_: &Options) -> Result<(), Stop> {
    Err(Stop::Usage("-f parquet: this uriscan was built without Parquet (cargo feature 'parquet')".into()))
}

/// A report's Parquet rows `bytes` (as encoded by `layout`'s sink) to
/// `out`: whether that failed (reported).
#[cfg(feature = "parquet")]
fn parquet_report(layout: &Layout, out: Box<dyn std::io::Write + Send>, bytes: &[u8]) -> bool {
    use std::io::Write;
    let names: Vec<&str> = layout.names().collect();
    let types: Vec<_> = layout.types().collect();
    let written = crate::output::parquet::ParquetDest::new(out, &names, &types).and_then(|mut d| {
        d.write_all(bytes).map_err(|e| e.to_string())?;
        d.finish()
    });
    if let Err(e) = &written {
        eprintln!("uriscan: cannot write Parquet: {e}");
    }
    written.is_err()
}

#[cfg(not(feature = "parquet"))]
fn parquet_report(_: &Layout, _: Box<dyn std::io::Write + Send>, _: &[u8]) -> bool {
    true
}

/// `-f parquet`: the records through [`crate::output::parquet::ParquetDest`].
#[cfg(feature = "parquet")]
fn parquet<J: Records>(
    job: &J,
    layout: &Layout,
    cx: &Context,
    held: Vec<Option<std::fs::File>>,
    out: Box<dyn std::io::Write + Send>,
) -> Result<Summary<J::Acc>, Stop> {
    let names: Vec<&str> = layout.names().collect();
    let types: Vec<_> = layout.types().collect();
    let mut dest = match crate::output::parquet::ParquetDest::new(out, &names, &types) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("uriscan: cannot write Parquet: {e}");
            return Err(Stop::Status(3));
        }
    };
    let mut s = run::run(job, layout, &cx.files, &cx.run_opts::<J>(), held, &mut dest);
    if !s.output_error {
        if let Err(e) = dest.finish() {
            eprintln!("uriscan: cannot write output: {e}");
            s.output_error = true;
        }
    }
    Ok(s)
}

#[cfg(not(feature = "parquet"))]
fn parquet<J: Records>(
    _: &J,
    _: &Layout,
    _: &Context,
    _: Vec<Option<std::fs::File>>,
    _: Box<dyn std::io::Write + Send>,
) -> Result<Summary<J::Acc>, Stop> {
    Err(Stop::Usage("-f parquet: this uriscan was built without Parquet (cargo feature 'parquet')".into()))
}
