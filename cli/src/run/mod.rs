//! The driver, written once for every command: reads the inputs (files or
//! standard input, `crate::input`), hands every line to a [`Job`] (on this
//! thread, `single`, or on worker threads with the chunks' records written
//! back in input order, `threads`), and writes the records to the output.
//! A closed output pipe ends the run quietly; any other write error is
//! reported and ends it with exit status 3.

use std::fs::File;
use std::io::{self, Write};
use std::time::{Duration, Instant};

use crate::input::{count_lines, plain_error, FileCtx, Lines, Seps, Text};
use crate::job::Job;
use crate::record::{Layout, Sink};

mod progress;
mod single;
mod threads;

#[cfg(test)]
mod tests;

/// How a run went.
pub struct Summary<A> {
    pub acc: A,
    pub lines: u64,
    pub bytes: u64,
    pub files: usize,
    pub elapsed: Duration,
    /// A file could not be opened or read (reported on stderr).
    pub input_error: bool,
    /// Writing stdout failed, not by a closed pipe (reported on stderr).
    pub output_error: bool,
}

impl<A> Summary<A> {
    /// The exit status: 3 after a write error, 2 after a read error, else
    /// `ok` (the command's own status).
    pub fn status(&self, ok: u8) -> u8 {
        if self.output_error {
            3
        } else if self.input_error {
            2
        } else {
            ok
        }
    }
}

/// Options of the driver.
pub struct RunOpts {
    pub threads: usize,
    /// Draw the progress bar if stderr is a terminal and the input is large.
    pub progress: bool,
    /// The command streams its output to stdout (progress then also needs
    /// stdout not to be a terminal).
    pub streams: bool,
    /// The line terminator: `\n` (a CR before it is dropped) or NUL.
    pub sep: u8,
    /// The job reads free text ([`Job::FREE_TEXT`]): chunks, not lines.
    pub free_text: bool,
    /// `--column`: the values of this column of Parquet or CSV files are
    /// the lines.
    pub column: Option<String>,
}

/// The smallest chunk handed to a worker (unless the input is slow).
const MIN_CHUNK: usize = 256 << 10;

/// What a run's reading and writing loop ends with (`single`, `threads`).
struct Ran<A> {
    acc: A,
    lines: u64,
    bytes: u64,
    input_error: bool,
    stop: Option<WriteStop>,
}

/// Runs `job` over all `files` (standard input when empty), writing its
/// records laid out by `layout` to `w`. `held`: the files opened beforehand
/// (`crate::input::open_all`), or empty.
pub fn run<J: Job>(
    job: &J,
    layout: &Layout,
    files: &[FileCtx],
    opts: &RunOpts,
    held: Vec<Option<File>>,
    w: &mut (dyn Write + Send),
) -> Summary<J::Acc> {
    let started = Instant::now();
    let ran = if opts.threads <= 1 {
        single::run(job, layout, files, opts, held, w)
    } else {
        threads::run(job, layout, files, opts, held, w)
    };
    Summary {
        acc: ran.acc,
        lines: ran.lines,
        bytes: ran.bytes,
        files: files.len(),
        elapsed: started.elapsed(),
        input_error: ran.input_error,
        output_error: ran.stop == Some(WriteStop::Failed),
    }
}

/// Runs `job` over the lines of `data`, numbering from `line + 1`; returns
/// the number of lines.
#[allow(clippy::too_many_arguments)]
fn process<J: Job>(
    job: &J,
    opts: &RunOpts,
    f: &FileCtx,
    line: u64,
    offset: u64,
    data: &[u8],
    ends: &[usize],
    out: &mut Sink<'_>,
    acc: &mut J::Acc,
) -> u64 {
    if J::FREE_TEXT {
        job.free_text(&Text { file: f, before: line, offset, bytes: data, sep: opts.sep }, out, acc);
        return count_lines(data, opts.sep);
    }
    let text = if J::TEXT { std::str::from_utf8(data).ok() } else { None };
    if opts.column.is_some() {
        // Column values: each is a line, whatever bytes it holds, ending
        // where the reader says.
        let lines = Lines::<_, J>::new(f, data, text, line, ends.iter().map(|&e| (e, e)), None);
        return job_lines(job, lines, out, acc);
    }
    let seps = Seps { data, pos: 0, sep: opts.sep };
    job_lines(job, Lines::<_, J>::new(f, data, text, line, seps, Some(opts.sep)), out, acc)
}

/// Hands each of `lines` to `job`; returns how many there were.
#[inline(always)]
fn job_lines<J: Job, E: Iterator<Item = (usize, usize)>>(
    job: &J,
    mut lines: Lines<'_, E, J>,
    out: &mut Sink<'_>,
    acc: &mut J::Acc,
) -> u64 {
    let first = lines.no;
    job.lines(ByRef(&mut lines), out, acc);
    lines.no - first
}

/// `iter.by_ref()`, but always inlined (the standard one was not, in the
/// batch validator's loop: a call per line).
struct ByRef<'r, I>(&'r mut I);

impl<I: Iterator> Iterator for ByRef<'_, I> {
    type Item = I::Item;

    #[inline(always)]
    fn next(&mut self) -> Option<I::Item> {
        self.0.next()
    }
}

/// Why writing stopped.
#[derive(Clone, Copy, PartialEq, Eq)]
enum WriteStop {
    /// The reader of the output went away: stop quietly.
    Closed,
    /// Another write error (reported).
    Failed,
}

fn write_all(w: &mut dyn Write, data: &[u8]) -> Result<(), WriteStop> {
    match w.write_all(data) {
        Ok(()) => Ok(()),
        Err(e) => Err(write_error(&e)),
    }
}

fn flush(w: &mut dyn Write) -> Result<(), WriteStop> {
    w.flush().map_err(|e| write_error(&e))
}

fn write_error(e: &io::Error) -> WriteStop {
    if e.kind() == io::ErrorKind::BrokenPipe {
        WriteStop::Closed
    } else {
        eprintln!("uriscan: cannot write output: {}", plain_error(e));
        WriteStop::Failed
    }
}

/// Writes `data` to stdout as one piece (for reports written at the end);
/// returns whether it failed with an error other than a closed pipe.
pub fn write_stdout(data: &[u8]) -> bool {
    write_to(&mut io::stdout().lock(), data)
}

/// Writes `data` to `w` and flushes it; returns whether that failed with
/// an error other than a closed pipe (reported).
pub fn write_to(w: &mut dyn Write, data: &[u8]) -> bool {
    write_all(w, data).and_then(|()| flush(w)) == Err(WriteStop::Failed)
}
