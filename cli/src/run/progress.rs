//! The progress bar on stderr.

use std::io::{self, IsTerminal, Write};
use std::time::{Duration, Instant};

use super::RunOpts;
use crate::input::FileCtx;

/// Above this the progress bar is drawn (when enabled).
const LARGE: u64 = 64 << 20;

/// The progress bar: bytes read of the known total, throttled.
pub struct Progress {
    on: bool,
    drawn: bool,
    total: u64,
    start: Instant,
    last: Instant,
}

impl Progress {
    pub fn new(opts: &RunOpts, files: &[FileCtx]) -> Progress {
        let on = opts.progress && io::stderr().is_terminal() && !(opts.streams && io::stdout().is_terminal());
        let mut total = 0;
        if on {
            for f in files {
                if let Some(m) = f.path.as_ref().and_then(|p| std::fs::metadata(p).ok()) {
                    total += m.len();
                }
            }
        }
        let now = Instant::now();
        Progress { on, drawn: false, total, start: now, last: now }
    }

    pub fn update(&mut self, done: u64) {
        if !self.on || done < LARGE && self.total < LARGE {
            return;
        }
        let now = Instant::now();
        if now.duration_since(self.last) < Duration::from_millis(200) {
            return;
        }
        self.last = now;
        let secs = now.duration_since(self.start).as_secs_f64().max(1e-9);
        let mib = |b: u64| b as f64 / f64::from(1 << 20);
        let rate = done as f64 / secs / 1e6;
        let msg = if self.total >= done && self.total > 0 {
            let pct = done as f64 * 100.0 / self.total as f64;
            let width = 30usize;
            let fill = ((pct / 100.0) * width as f64) as usize;
            format!(
                "\r[{}{}] {:5.1}% {:.0}/{:.0} MiB {:.0} MB/s\x1b[K",
                "#".repeat(fill.min(width)),
                " ".repeat(width - fill.min(width)),
                pct,
                mib(done),
                mib(self.total),
                rate
            )
        } else {
            format!("\r{:.0} MiB {:.0} MB/s\x1b[K", mib(done), rate)
        };
        let _ = io::stderr().write_all(msg.as_bytes());
        self.drawn = true;
    }

    pub fn finish(&mut self) {
        if self.drawn {
            let _ = io::stderr().write_all(b"\r\x1b[K");
        }
    }
}
