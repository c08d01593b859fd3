//! The 4 GiB boundary on the command line: a line longer than any reference
//! can be (`u32::MAX` bytes; the library's limit is one byte less) is one
//! record with the library's `TooLong` error at index `u32::MAX`, and the
//! lines around it are neither lost nor reordered. Each run pushes 4 GiB
//! through a pipe (the CLI crate is optimized even in the dev profile, see
//! the workspace's Cargo.toml) and holds the line in memory: about 4.2 GB.

mod common;

use std::io::Write;

/// Runs `uriscan ARGS` on: `http://a/ b`, a line of `u32::MAX` bytes
/// (`http://h/aaa…`, a valid reference but for its length), `http://b/ c`.
fn run_around_a_huge_line(args: &[&str]) -> (String, i32) {
    let out = common::run_fed(args, |stdin| {
        let write = |stdin: &mut std::process::ChildStdin| -> std::io::Result<()> {
            stdin.write_all(b"http://a/ b\nhttp://h/")?;
            let chunk = vec![b'a'; 1 << 20];
            let mut left = u32::MAX as usize - "http://h/".len();
            while left > 0 {
                let n = left.min(chunk.len());
                stdin.write_all(&chunk[..n])?;
                left -= n;
            }
            stdin.write_all(b"\nhttp://b/ c\n")
        };
        write(stdin).unwrap();
    });
    let code = common::code(&out);
    (String::from_utf8(out.stdout).unwrap(), code)
}

#[test]
fn check_reports_a_line_beyond_4_gib_as_too_long_between_its_neighbours() {
    let (out, code) =
        run_around_a_huge_line(&["check", "--format", "jsonl", "--fields", "line,error_kind,error_index"]);
    let want = [
        r#"{"line":1,"error_kind":"path","error_index":9}"#.to_string(),
        format!(r#"{{"line":2,"error_kind":"input length","error_index":{}}}"#, u32::MAX),
        r#"{"line":3,"error_kind":"path","error_index":9}"#.to_string(),
    ];
    assert_eq!(out.lines().collect::<Vec<_>>(), want);
    assert_eq!(code, 1, "invalid lines exit with 1");
}

#[test]
fn parse_writes_one_record_per_line_around_a_line_beyond_4_gib() {
    let (out, _) = run_around_a_huge_line(&["parse", "--format", "tsv", "--fields", "line,valid,host,error_index"]);
    // TSV writes an undefined host as `\N` (PostgreSQL's COPY null).
    let want = ["1\tfalse\t\\N\t9".to_string(), format!("2\tfalse\t\\N\t{}", u32::MAX), "3\tfalse\t\\N\t9".to_string()];
    let lines: Vec<&str> = out.lines().filter(|l| !l.starts_with("line\t")).collect();
    assert_eq!(lines, want);
}
