//! The run on worker threads: this thread reads chunks and hands them out,
//! the workers write each chunk's records into a buffer of their own, and a
//! writer thread writes those buffers in input order.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::sync::Mutex;

use super::progress::Progress;
use super::{flush, process, write_all, Ran, RunOpts, WriteStop, MIN_CHUNK};
use crate::input::{count_lines, read_chunks, FileCtx, Inputs, Reader, BUF};
use crate::job::Job;
use crate::record::{Layout, Sink};

/// A chunk to process.
struct Work {
    seq: u64,
    file: usize,
    first_line: u64,
    /// Where `data[a]` is in its file.
    offset: u64,
    data: Vec<u8>,
    a: usize,
    b: usize,
    /// With `--column`: where each value ends.
    ends: Vec<usize>,
}

/// A chunk's records.
struct Done<A> {
    seq: u64,
    out: Vec<u8>,
    acc: A,
    lines: u64,
}

/// Buffers that go back and forth instead of being allocated (and
/// page-faulted in) for every chunk.
#[derive(Default)]
struct Spares(Mutex<Vec<Vec<u8>>>);

impl Spares {
    fn pop(&self) -> Option<Vec<u8>> {
        self.0.lock().ok().and_then(|mut v| v.pop())
    }

    fn push(&self, buf: Vec<u8>) {
        if let Ok(mut v) = self.0.lock() {
            v.push(buf);
        }
    }
}

/// What the run's threads share.
struct Shared<'r, J> {
    job: &'r J,
    layout: &'r Layout,
    files: &'r [FileCtx],
    opts: &'r RunOpts,
    /// Set by the writer when writing failed: reading stops.
    stop: AtomicBool,
    spare_in: Spares,
    spare_out: Spares,
}

/// Runs `job` over `files` on `opts.threads` worker threads
/// ([`super::run`]).
pub(super) fn run<J: Job>(
    job: &J,
    layout: &Layout,
    files: &[FileCtx],
    opts: &RunOpts,
    held: Vec<Option<File>>,
    w: &mut (dyn Write + Send),
) -> Ran<J::Acc> {
    let threads = opts.threads.max(1);
    let in_flight = threads * 4;
    let (work_tx, work_rx) = sync_channel::<Work>(in_flight);
    let work_rx = Mutex::new(work_rx);
    let (done_tx, done_rx) = sync_channel::<Done<J::Acc>>(in_flight);
    // Tokens bound the number of chunks read but not yet written.
    let (tok_tx, tok_rx) = sync_channel::<()>(in_flight);
    for _ in 0..in_flight {
        let _ = tok_tx.send(());
    }
    let sh = Shared {
        job,
        layout,
        files,
        opts,
        stop: AtomicBool::new(false),
        spare_in: Spares::default(),
        spare_out: Spares::default(),
    };
    let mut progress = Progress::new(opts, files);
    let mut rd = Reader::new(BUF * 2, opts.sep, opts.free_text);
    let ((acc, lines, stop), input_error) = std::thread::scope(|s| {
        // A thread the system refuses (too many for its limits) is not
        // started; with no worker at all the run stops (exit status 3).
        let mut workers = 0;
        for _ in 0..threads {
            let (done_tx, work_rx, sh) = (done_tx.clone(), &work_rx, &sh);
            match std::thread::Builder::new().spawn_scoped(s, move || worker(sh, work_rx, &done_tx)) {
                Ok(_) => workers += 1,
                Err(e) => {
                    eprintln!("uriscan: cannot start thread {} of {threads}: {e}", workers + 1);
                    break;
                }
            }
        }
        drop(done_tx);
        if workers == 0 {
            sh.stop.store(true, Ordering::Relaxed);
        }
        let sh = &sh;
        let writer = s.spawn(move || write_in_order(sh, done_rx, &tok_tx, w));
        let input_error = read(sh, held, &mut rd, &mut progress, &tok_rx, work_tx);
        let (acc, lines, stop) = writer.join().unwrap_or_else(|p| std::panic::resume_unwind(p));
        ((acc, lines, if workers == 0 { Some(WriteStop::Failed) } else { stop }), input_error)
    });
    progress.finish();
    Ran { acc, lines, bytes: rd.bytes, input_error, stop }
}

/// Reads the chunks and hands them to the workers, each once a token says
/// that fewer than the most chunks are in flight; returns whether an input
/// could not be read.
fn read<J: Job>(
    sh: &Shared<'_, J>,
    held: Vec<Option<File>>,
    rd: &mut Reader,
    progress: &mut Progress,
    tok_rx: &Receiver<()>,
    work_tx: SyncSender<Work>,
) -> bool {
    let opts = sh.opts;
    let mut seq = 0;
    let inputs = Inputs { files: sh.files, held, min_chunk: MIN_CHUNK, column: opts.column.as_deref() };
    read_chunks(
        inputs,
        rd,
        || sh.stop.load(Ordering::Relaxed),
        |fi, rd, a, b, line| {
            let ends = std::mem::take(&mut rd.ends);
            let n = if opts.column.is_some() { ends.len() as u64 } else { count_lines(&rd.buf[a..b], opts.sep) };
            let offset = rd.offset + a as u64;
            let data = rd.take(b, sh.spare_in.pop());
            progress.update(rd.bytes);
            tok_rx.recv().ok()?;
            work_tx.send(Work { seq, file: fi, first_line: line, offset, data, a, b, ends }).ok()?;
            seq += 1;
            Some(n)
        },
    )
}

/// A worker: processes chunks until there are no more.
fn worker<J: Job>(sh: &Shared<'_, J>, work_rx: &Mutex<Receiver<Work>>, done_tx: &SyncSender<Done<J::Acc>>) {
    loop {
        let w = match work_rx.lock() {
            Ok(rx) => rx.recv(),
            Err(_) => return,
        };
        let Ok(w) = w else { return };
        let mut acc = J::Acc::default();
        let mut sink = Sink::new(sh.layout, sh.spare_out.pop().unwrap_or_default());
        let file = &sh.files[w.file];
        let lines =
            process(sh.job, sh.opts, file, w.first_line, w.offset, &w.data[w.a..w.b], &w.ends, &mut sink, &mut acc);
        sh.spare_in.push(w.data);
        let done = Done { seq: w.seq, out: sink.take(), acc, lines };
        if done_tx.send(done).is_err() {
            return;
        }
    }
}

/// The writer: writes the chunks' records in input order (a token back for
/// each) and merges their states; returns the state, the number of lines
/// and why writing stopped, if it did.
fn write_in_order<J: Job>(
    sh: &Shared<'_, J>,
    done_rx: Receiver<Done<J::Acc>>,
    tok_tx: &SyncSender<()>,
    mut w: &mut (dyn Write + Send),
) -> (J::Acc, u64, Option<WriteStop>) {
    let mut acc = J::Acc::default();
    let mut lines = 0;
    let mut failed = write_all(&mut w, &sh.layout.header()).err();
    let mut pending = BTreeMap::new();
    let mut next = 0u64;
    for d in done_rx {
        pending.insert(d.seq, d);
        while let Some(d) = pending.remove(&next) {
            next += 1;
            if failed.is_none() {
                if let Err(e) = write_all(&mut w, &d.out) {
                    failed = Some(e);
                    sh.stop.store(true, Ordering::Relaxed);
                }
            }
            lines += d.lines;
            sh.job.merge(&mut acc, d.acc);
            sh.spare_out.push(d.out);
            let _ = tok_tx.send(());
        }
    }
    if failed.is_none() {
        failed = flush(&mut w).err();
    }
    (acc, lines, failed)
}
