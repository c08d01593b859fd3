//! The run on one thread: read a chunk, hand its lines to the job, write
//! its records, and so on.

use std::fs::File;
use std::io::Write;

use super::progress::Progress;
use super::{flush, process, write_all, Ran, RunOpts};
use crate::input::{read_chunks, FileCtx, Inputs, Reader, BUF};
use crate::job::Job;
use crate::record::{Layout, Sink};

/// Runs `job` over `files` on this thread ([`super::run`]).
pub(super) fn run<J: Job>(
    job: &J,
    layout: &Layout,
    files: &[FileCtx],
    opts: &RunOpts,
    held: Vec<Option<File>>,
    mut w: &mut (dyn Write + Send),
) -> Ran<J::Acc> {
    let mut acc = J::Acc::default();
    let mut sink = Sink::new(layout, Vec::with_capacity(BUF * 2));
    let mut lines = 0;
    let mut input_error = false;
    let mut progress = Progress::new(opts, files);
    let mut rd = Reader::new(BUF, opts.sep, opts.free_text);
    let mut stop = write_all(&mut w, &layout.header()).err();
    if stop.is_none() {
        let inputs = Inputs { files, held, min_chunk: 0, column: opts.column.as_deref() };
        input_error = read_chunks(
            inputs,
            &mut rd,
            || false,
            |fi, rd, a, b, line| {
                let offset = rd.offset + a as u64;
                let n = process(job, opts, &files[fi], line, offset, &rd.buf[a..b], &rd.ends, &mut sink, &mut acc);
                lines += n;
                rd.consume(b);
                progress.update(rd.bytes);
                let out = sink.take();
                let r = write_all(&mut w, &out);
                sink.reuse(out);
                if let Err(e) = r {
                    stop = Some(e);
                    return None;
                }
                Some(n)
            },
        );
    }
    if stop.is_none() {
        stop = flush(&mut w).err();
    }
    progress.finish();
    Ran { acc, lines, bytes: rd.bytes, input_error, stop }
}
