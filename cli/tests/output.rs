//! `-o FILE` is whole or untouched, for every command that writes records:
//! an input that cannot be opened, a run interrupted by SIGINT or SIGTERM
//! (sent to the real child process), Parquet output, leave the old FILE as
//! it was and no temporary beside it; FILE naming an input (or a symbolic
//! link to one) gives the result, as `sort -o` does.

mod common;

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{code, run, TempDir, BIN};

/// One command of each family that writes records, with its options.
const COMMANDS: &[&[&str]] = &[
    &["parse"],
    &["parse", "--lenient"],
    &["split"],
    &["resolve", "-b", "http://a/b/c"],
    &["relativize", "-b", "http://a/b/"],
    &["normalize"],
    &["check"],
    &["extract"],
    &["encode"],
    &["decode"],
    &["security"],
    &["to-uri"],
    &["to-iri"],
    &["surt"],
    &["canon", "-f", "text", "-F", "result"],
    &["domain"],
    &["strip-params"],
    &["fn", "domain"],
    &["fn", "uri_cc_index"],
];

/// Lines every command writes records for (`check` and `security` only
/// for some: the invalid ones, the findings).
const LINES: &[u8] =
    b"http://user:pw@a.example/b?utm_source=x&q=1#f\nhttp://a/%zz bad\n/rel/x\nhttps://0x7f.1/%2e%2e/\n";

const OLD: &[u8] = b"the old contents\n";

/// The names of the entries of `dir`, sorted.
fn entries(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> =
        std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    v.sort();
    v
}

/// `cmd` with `extra` arguments after it.
fn args<'a>(cmd: &[&'a str], extra: &[&'a str]) -> Vec<&'a str> {
    cmd.iter().chain(extra).copied().collect()
}

/// An input that cannot be opened: reported, exit status 2, FILE as it
/// was, nothing beside it; alone and after an input that can.
#[test]
fn missing_input_leaves_the_output_untouched() {
    for cmd in COMMANDS {
        let d = TempDir::new("missing");
        let a = d.file("a.txt", LINES);
        let out = d.file("out.txt", OLD);
        let missing = d.0.join("missing.txt");
        let missing = missing.to_str().unwrap();
        for inputs in [vec![missing], vec![a.as_str(), missing], vec![missing, a.as_str()]] {
            let o = run(&args(cmd, &[&["-o", out.as_str()][..], &inputs].concat()), b"");
            assert_eq!(code(&o), 2, "{cmd:?} {inputs:?}");
            let err = String::from_utf8_lossy(&o.stderr);
            assert!(err.contains(missing) && err.contains("No such file"), "{cmd:?}: {err}");
            assert_eq!(std::fs::read(&out).unwrap(), OLD, "{cmd:?} {inputs:?}");
            assert_eq!(entries(&d.0), ["a.txt", "out.txt"], "{cmd:?} {inputs:?}");
        }
        // A directory cannot be read either.
        let dir = d.0.to_str().unwrap();
        let o = run(&args(cmd, &["-o", &out, &a, dir]), b"");
        assert_eq!(code(&o), 2, "{cmd:?}");
        assert_eq!(std::fs::read(&out).unwrap(), OLD, "{cmd:?}");
        assert_eq!(entries(&d.0), ["a.txt", "out.txt"], "{cmd:?}");
    }
}

/// `-o` naming an input gives the result (what the command writes to
/// stdout for that input), with the exit status it has there.
#[test]
fn output_naming_an_input_gives_the_result() {
    for cmd in COMMANDS {
        let d = TempDir::new("same");
        let same = d.file("same.txt", LINES);
        let want = run(&args(cmd, &[&same]), b"");
        assert!(!want.stdout.is_empty(), "{cmd:?}");
        let o = run(&args(cmd, &["-o", &same, &same]), b"");
        assert_eq!(code(&o), code(&want), "{cmd:?}: {}", String::from_utf8_lossy(&o.stderr));
        assert!(o.stdout.is_empty());
        assert_eq!(std::fs::read(&same).unwrap(), want.stdout, "{cmd:?}");
        assert_eq!(entries(&d.0), ["same.txt"], "{cmd:?}");
    }
}

/// `-o` naming a symbolic link to an input: the link stays, its target
/// gets the result; so with a chain of links, and with a link whose target
/// does not exist yet.
#[test]
fn output_through_a_symbolic_link() {
    use std::os::unix::fs::symlink;
    for cmd in COMMANDS {
        let d = TempDir::new("link");
        let input = d.file("in.txt", LINES);
        symlink("in.txt", d.0.join("link.txt")).unwrap();
        symlink("link.txt", d.0.join("link2.txt")).unwrap();
        let link2 = d.0.join("link2.txt");
        // (`check` names the operand in its records.)
        let want = run(&args(cmd, &[link2.to_str().unwrap()]), b"").stdout;
        let o = run(&args(cmd, &["-o", link2.to_str().unwrap(), link2.to_str().unwrap()]), b"");
        assert!(code(&o) <= 1, "{cmd:?}: {}", String::from_utf8_lossy(&o.stderr));
        assert_eq!(std::fs::read(&input).unwrap(), want, "{cmd:?}");
        assert!(std::fs::symlink_metadata(&link2).unwrap().file_type().is_symlink());
        assert!(std::fs::symlink_metadata(d.0.join("link.txt")).unwrap().file_type().is_symlink());
        // A dangling link: its target is made.
        symlink("new.txt", d.0.join("dangling.txt")).unwrap();
        let dangling = d.0.join("dangling.txt");
        let o = run(&args(cmd, &["-o", dangling.to_str().unwrap()]), LINES);
        assert!(code(&o) <= 1, "{cmd:?}");
        let want = run(cmd, LINES).stdout;
        assert_eq!(std::fs::read(d.0.join("new.txt")).unwrap(), want, "{cmd:?}");
        assert!(std::fs::symlink_metadata(&dangling).unwrap().file_type().is_symlink());
        assert_eq!(entries(&d.0), ["dangling.txt", "in.txt", "link.txt", "link2.txt", "new.txt"], "{cmd:?}");
    }
}

/// Starts `cmd -o out` on an endless standard input, waits until the
/// temporary beside `out` holds records (or, when `written` is false, until
/// it exists: `extract` reads its input whole, Parquet buffers a row group),
/// sends `signal` to the process and returns its exit status.
fn interrupted(cmd: &[&str], dir: &Path, out: &str, signal: &str, threads: &str) -> i32 {
    let written = !cmd.contains(&"extract") && !cmd.contains(&"parquet");
    let mut child = Command::new(BIN)
        .args(args(cmd, &["-j", threads, "-o", out]))
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // Until the child is gone (its end of the pipe closed).
    let feeder = std::thread::spawn(move || {
        let block = LINES.repeat(2_000);
        while stdin.write_all(&block).is_ok() {}
    });
    let started = Instant::now();
    loop {
        let temp = entries(dir).into_iter().find(|e| e.contains(".tmp"));
        let size = temp.as_ref().and_then(|t| std::fs::metadata(dir.join(t)).ok()).map(|m| m.len());
        if size.is_some_and(|n| n > 0 || !written) {
            if !written {
                std::thread::sleep(Duration::from_millis(300));
            }
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(60), "{cmd:?}: no records in the temporary");
        std::thread::sleep(Duration::from_millis(10));
    }
    let pid = child.id().to_string();
    assert!(Command::new("kill").args([signal, &pid]).status().unwrap().success());
    let o = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    o.status.code().unwrap_or_else(|| panic!("{cmd:?}: ended by a signal: {:?}", o.status))
}

/// SIGINT (exit status 130) and SIGTERM (143) while records are written to
/// the temporary: the old FILE stays, the temporary is removed.
#[test]
fn interrupted_output_leaves_the_old_file() {
    for (k, cmd) in COMMANDS.iter().enumerate() {
        // Each signal, and one or two threads, in turn.
        let (signal, status) = if k % 2 == 0 { ("-INT", 130) } else { ("-TERM", 143) };
        let threads = if k % 3 == 0 { "2" } else { "1" };
        let d = TempDir::new("signal");
        let out = d.file("out.txt", OLD);
        assert_eq!(interrupted(cmd, &d.0, &out, signal, threads), status, "{cmd:?}");
        assert_eq!(std::fs::read(&out).unwrap(), OLD, "{cmd:?}");
        assert_eq!(entries(&d.0), ["out.txt"], "{cmd:?}");
    }
}

/// The Parquet file's magic, at its start and its end (after the footer).
fn whole_parquet(data: &[u8]) -> bool {
    data.len() > 8 && data.starts_with(b"PAR1") && data.ends_with(b"PAR1")
}

/// `-f parquet -o FILE`: replaced by a whole Parquet file on success; as
/// it was after a missing input, or SIGINT, or SIGTERM, with no temporary
/// left.
#[test]
fn parquet_output_whole_or_untouched() {
    for (k, cmd) in COMMANDS.iter().enumerate() {
        // The command without its own `-f`.
        let own: Vec<&str> = cmd.split(|&a| a == "-f").next().unwrap_or_default().to_vec();
        let cmd = args(&own, &["-f", "parquet"]);
        let d = TempDir::new("parquet");
        let input = d.file("in.txt", LINES);
        let keep = d.file("keep.parquet", OLD);
        let missing = d.0.join("missing.txt");
        let o = run(&args(&cmd, &["-o", &keep, &input, missing.to_str().unwrap()]), b"");
        assert_eq!(code(&o), 2, "{cmd:?}");
        assert_eq!(std::fs::read(&keep).unwrap(), OLD, "{cmd:?}");
        let (signal, status) = if k % 2 == 0 { ("-TERM", 143) } else { ("-INT", 130) };
        assert_eq!(interrupted(&cmd, &d.0, &keep, signal, "1"), status, "{cmd:?}");
        assert_eq!(std::fs::read(&keep).unwrap(), OLD, "{cmd:?}");
        assert_eq!(entries(&d.0), ["in.txt", "keep.parquet"], "{cmd:?}");
        let o = run(&args(&cmd, &["-o", &keep, &input]), b"");
        assert!(code(&o) <= 1, "{cmd:?}: {}", String::from_utf8_lossy(&o.stderr));
        assert!(whole_parquet(&std::fs::read(&keep).unwrap()), "{cmd:?}");
        assert_eq!(entries(&d.0), ["in.txt", "keep.parquet"], "{cmd:?}");
    }
}

/// The replaced file keeps the old one's permissions; a new one gets those
/// of a new file (0666 less the umask, which the test sets to 022 through
/// the shell).
#[test]
fn permissions_are_kept() {
    use std::os::unix::fs::PermissionsExt;
    let d = TempDir::new("mode");
    let out = d.file("out.txt", OLD);
    std::fs::set_permissions(&out, std::fs::Permissions::from_mode(0o640)).unwrap();
    let o = run(&["parse", "-o", &out], LINES);
    assert_eq!(code(&o), 0);
    assert_ne!(std::fs::read(&out).unwrap(), OLD);
    assert_eq!(std::fs::metadata(&out).unwrap().permissions().mode() & 0o7777, 0o640);
    let new = d.0.join("new.txt");
    let script = format!("umask 022 && exec {BIN} parse -o '{}'", new.display());
    let o = Command::new("sh").args(["-c", &script]).stdin(Stdio::null()).output().unwrap();
    assert_eq!(code(&o), 0, "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(std::fs::metadata(&new).unwrap().permissions().mode() & 0o7777, 0o644);
}

/// An output that is not a regular file is written to directly: a
/// device (`/dev/null`; `/dev/full` gives the write error, exit status 3),
/// a FIFO.
#[test]
fn output_that_is_not_a_regular_file() {
    let o = run(&["parse", "-o", "/dev/null"], LINES);
    assert_eq!(code(&o), 0, "{}", String::from_utf8_lossy(&o.stderr));
    if Path::new("/dev/full").exists() {
        let big = LINES.repeat(50_000);
        for threads in ["1", "2"] {
            for format in ["jsonl", "parquet"] {
                let o = run(&["parse", "-j", threads, "-f", format, "-o", "/dev/full"], &big);
                assert_eq!(code(&o), 3, "{threads} {format}");
                let err = String::from_utf8_lossy(&o.stderr);
                assert!(err.contains("No space left on device"), "{err}");
            }
        }
    }
    let d = TempDir::new("fifo");
    let fifo = d.0.join("out.fifo");
    if !Command::new("mkfifo").arg(&fifo).status().is_ok_and(|s| s.success()) {
        eprintln!("no mkfifo here: skipped");
        return;
    }
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read(fifo).unwrap())
    };
    let o = run(&["split", "-f", "text", "-F", "path", "-o", fifo.to_str().unwrap()], b"/a\n/b\n");
    assert_eq!(code(&o), 0);
    assert_eq!(reader.join().unwrap(), b"/a\n/b\n");
    assert_eq!(entries(&d.0), ["out.fifo"]);
}
