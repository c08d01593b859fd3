//! Where the records go: standard output, or the file of `-o FILE`, which
//! is whole or untouched. The records are written to a temporary file
//! beside it (`FILE.tmpXXXXXX`, in the same directory, so on the same file
//! system), which is synced to disk and renamed over FILE only when the run
//! succeeded; on any error, and on SIGINT or SIGTERM (`signal`), the
//! temporary is removed and FILE is as it was. FILE may be one of the
//! inputs (every input is opened before the temporary is made, and read
//! before the rename), as with `sort -o`. A FILE that is a symbolic link
//! has its target replaced, and one that is not a regular file (a device
//! such as `/dev/null`, a FIFO) is written to directly: there is nothing to
//! rename over.

use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use crate::input::plain_error;

#[cfg(feature = "parquet")]
pub mod parquet;
mod signal;

/// The output of a run.
pub enum Dest {
    /// Standard output.
    Stdout,
    /// A file: the temporary beside `-o FILE`, or FILE itself when it is
    /// not a regular file.
    File(OutFile),
}

/// The file of `-o FILE` being written.
pub struct OutFile {
    /// FILE as given (for messages).
    name: String,
    /// What is written: the temporary, or FILE itself.
    file: File,
    /// The path the temporary (held by `signal`) is renamed to; `None`
    /// when FILE is written directly.
    target: Option<PathBuf>,
}

/// The size of the buffer in front of an output file.
const BUF: usize = 1 << 16;

impl Dest {
    /// The output: standard output for `None`, else a temporary beside
    /// `path` (`Err` after reporting why it cannot be made).
    pub fn new(path: Option<&str>) -> Result<Dest, ()> {
        let Some(name) = path else { return Ok(Dest::Stdout) };
        let fail = |e: io::Error| eprintln!("uriscan: {name}: cannot create: {}", plain_error(&e));
        let target = resolve_links(Path::new(name));
        match std::fs::metadata(&target) {
            Ok(m) if !m.is_file() => {
                let file = OpenOptions::new().write(true).create(true).truncate(true).open(&target).map_err(fail)?;
                return Ok(Dest::File(OutFile { name: name.to_string(), file, target: None }));
            }
            _ => {}
        }
        let file = temporary(&target).map_err(fail)?;
        Ok(Dest::File(OutFile { name: name.to_string(), file, target: Some(target) }))
    }

    /// A writer into the output.
    pub fn writer(&self) -> Result<Box<dyn Write + Send>, ()> {
        match self {
            Dest::Stdout => Ok(Box::new(io::stdout())),
            Dest::File(f) => match f.file.try_clone() {
                Ok(file) => Ok(Box::new(BufWriter::with_capacity(BUF, file))),
                Err(e) => {
                    eprintln!("uriscan: {}: cannot write output: {}", f.name, plain_error(&e));
                    Err(())
                }
            },
        }
    }

    /// Ends the output once every writer is flushed and dropped: when `ok`,
    /// syncs the temporary and renames it over FILE; else removes it.
    /// Returns whether that failed (reported).
    pub fn finish(self, ok: bool) -> bool {
        let Dest::File(mut f) = self else { return false };
        let Some(target) = f.target.take() else { return false };
        if !ok {
            signal::discard();
            return false;
        }
        let done = f.file.sync_all().and_then(|()| signal::persist(&target));
        match done {
            Ok(()) => {
                sync_dir(&target);
                false
            }
            Err(e) => {
                eprintln!("uriscan: {}: cannot write output: {}", f.name, plain_error(&e));
                true
            }
        }
    }
}

/// A temporary not renamed is removed: when the run ends by an error
/// (`finish` with `ok` false) or without reaching `finish`.
impl Drop for OutFile {
    fn drop(&mut self) {
        if self.target.take().is_some() {
            signal::discard();
        }
    }
}

/// A new temporary file beside `target`, with `target`'s permissions when
/// it exists (else those of a new file: 0666 less the umask); registered
/// for removal on a signal.
fn temporary(target: &Path) -> io::Result<File> {
    use std::os::unix::fs::PermissionsExt;
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut prefix = target.file_name().unwrap_or_default().to_os_string();
    prefix.push(".tmp");
    let existing = std::fs::metadata(target).ok().map(|m| m.permissions());
    let file = signal::create(|| {
        tempfile::Builder::new().prefix(&prefix).permissions(std::fs::Permissions::from_mode(0o666)).tempfile_in(dir)
    })?;
    if let Some(p) = existing {
        if let Err(e) = file.set_permissions(p) {
            signal::discard();
            return Err(e);
        }
    }
    Ok(file)
}

/// `path` with symbolic links followed, when it is one (also one whose
/// target does not exist yet): the file to replace.
fn resolve_links(path: &Path) -> PathBuf {
    let mut p = path.to_path_buf();
    // As many links as the kernel follows (Linux: 40).
    for _ in 0..40 {
        let Ok(next) = std::fs::read_link(&p) else { break };
        p = match p.parent() {
            Some(dir) => dir.join(next),
            None => next,
        };
    }
    p
}

/// Syncs the directory of `target`, so that the rename is on disk too
/// (best effort: some file systems refuse it).
fn sync_dir(target: &Path) {
    if let Some(dir) = target.parent().filter(|d| !d.as_os_str().is_empty()) {
        if let Ok(d) = File::open(dir) {
            let _ = d.sync_all();
        }
    }
}
