//! Helpers of the CLI tests: running the built binary, temporary files.
#![allow(dead_code)]

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

pub const BIN: &str = env!("CARGO_BIN_EXE_uriscan");

/// A temporary directory removed on drop.
pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new(name: &str) -> TempDir {
        static N: AtomicUsize = AtomicUsize::new(0);
        let n = N.fetch_add(1, Ordering::Relaxed);
        let p = std::env::temp_dir().join(format!("uriscan-cli-{}-{n}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).unwrap();
        TempDir(p)
    }

    pub fn file(&self, name: &str, data: &[u8]) -> String {
        let p = self.0.join(name);
        std::fs::write(&p, data).unwrap();
        p.to_str().unwrap().to_string()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

pub fn run(args: &[&str], stdin: &[u8]) -> Output {
    let data = stdin.to_vec();
    run_fed(args, move |inp| {
        let _ = inp.write_all(&data);
    })
}

/// Runs the binary with `args`, `feed` writing its standard input on a
/// thread of its own (while the output is read); returns the output.
pub fn run_fed(args: &[&str], feed: impl FnOnce(&mut std::process::ChildStdin) + Send + 'static) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut inp = child.stdin.take().unwrap();
    let feeder = std::thread::spawn(move || feed(&mut inp));
    let out = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    out
}

pub fn code(o: &Output) -> i32 {
    o.status.code().expect("exited by a signal")
}
