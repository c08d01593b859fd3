//! SIGINT and SIGTERM while `-o FILE` is written: the temporary is removed
//! and the process exits with status 130 or 143 (128 + the signal's
//! number), FILE untouched. The signals are taken by a thread of
//! `signal-hook`'s (no code of ours runs in the signal handler itself),
//! started when the first temporary is made; without `-o` they keep their
//! default action.
//!
//! The temporary is made, renamed and removed under the lock of [`TEMP`],
//! which the signal thread takes before it removes what is held there and
//! exits (still holding it): so a signal comes either before the rename
//! (the temporary is removed, FILE is as it was) or after it (FILE is
//! whole), never in between.

use std::fs::File;
use std::io;
use std::path::Path;
use std::sync::{Mutex, MutexGuard, Once};

use signal_hook::consts::{SIGINT, SIGTERM};
use signal_hook::iterator::Signals;
use tempfile::{NamedTempFile, TempPath};

/// The temporary being written, if any (one at a time).
static TEMP: Mutex<Option<TempPath>> = Mutex::new(None);

fn temp() -> MutexGuard<'static, Option<TempPath>> {
    TEMP.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Starts the signal thread (once).
fn install() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // Without the thread (should the signals not be available) a
        // signal ends the process by its default action, as without -o.
        if let Ok(mut signals) = Signals::new([SIGINT, SIGTERM]) {
            std::thread::spawn(move || {
                if let Some(sig) = signals.forever().next() {
                    let mut t = temp();
                    // Dropping the path removes the file.
                    drop(t.take());
                    std::process::exit(128 + sig);
                }
            });
        }
    });
}

/// Makes the temporary with `make` and holds its path for removal on a
/// signal; returns the open file.
pub fn create(make: impl FnOnce() -> io::Result<NamedTempFile>) -> io::Result<File> {
    install();
    let mut t = temp();
    let (file, path) = make()?.into_parts();
    *t = Some(path);
    Ok(file)
}

/// Renames the temporary over `target`.
pub fn persist(target: &Path) -> io::Result<()> {
    let mut t = temp();
    match t.take() {
        Some(p) => p.persist(target).map_err(|e| e.error),
        None => Err(io::Error::other("the temporary file is gone")),
    }
}

/// Removes the temporary.
pub fn discard() {
    drop(temp().take());
}
