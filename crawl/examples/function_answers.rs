//! Answers of the function set ([`uriscan_crawl::function_set`]) for many
//! inputs at once, in a form a script compares with another engine's:
//! `tests/data/clickhouse_trial.py` runs it beside ClickHouse (chdb).
//!
//! ```sh
//! printf '%s\n' 687474703a2f2f612e636f6d2f | \
//!   cargo run --release -p uriscan-crawl --example function_answers -- domain 'extractURLParameter/q' 'port/443'
//! ```
//!
//! Arguments: the functions, each a name with its arguments after `/`,
//! separated by `,` (`cutURLParameter/c,e`). Standard input: one input per
//! line, hex-encoded (so any byte can be given). Standard output: one line
//! per input, one tab-separated column per function: a string as its hex, a
//! number in decimal, a list as `[` followed by `,` and the hex of each
//! element (`[` for an empty list, `[,` for one empty string), no answer as
//! `NULL`.

use std::io::{BufRead, BufWriter, Write};
use std::process::ExitCode;

use uriscan_crawl::function_set::{find, Function, Value};

fn hex(out: &mut Vec<u8>, b: &[u8]) {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    for &x in b {
        out.extend_from_slice(&[DIGITS[usize::from(x >> 4)], DIGITS[usize::from(x & 15)]]);
    }
}

fn unhex(line: &str) -> Option<Vec<u8>> {
    let b = line.trim_end().as_bytes();
    if b.len() % 2 != 0 {
        return None;
    }
    b.chunks(2).map(|p| u8::from_str_radix(std::str::from_utf8(p).ok()?, 16).ok()).collect()
}

fn write_value(out: &mut Vec<u8>, v: &Value<'_>) {
    match v {
        Value::Null | Value::CcIndex(_) | Value::Parsed(_) => out.extend_from_slice(b"NULL"),
        Value::Bool(b) => out.extend_from_slice(if *b { b"true" } else { b"false" }),
        Value::Int(n) => out.extend_from_slice(n.to_string().as_bytes()),
        Value::Str(s) => hex(out, s.as_bytes()),
        Value::Bytes(b) => hex(out, b),
        Value::UInt(n) => out.extend_from_slice(n.to_string().as_bytes()),
        Value::List(items) => {
            out.push(b'[');
            for s in items {
                out.push(b',');
                hex(out, s.as_bytes());
            }
        }
    }
}

fn main() -> ExitCode {
    let mut functions: Vec<(&'static Function, Vec<String>)> = Vec::new();
    for label in std::env::args().skip(1) {
        let (name, args) = label.split_once('/').unwrap_or((&label, ""));
        let Some(f) = find(name) else {
            eprintln!("function_answers: no function {name:?}");
            return ExitCode::from(2);
        };
        let args = if args.is_empty() { Vec::new() } else { args.split(',').map(str::to_owned).collect() };
        functions.push((f, args));
    }
    let mut parsed = Vec::new();
    for (f, args) in &functions {
        let raw: Vec<&str> = args.iter().map(String::as_str).collect();
        match f.args(&raw) {
            Ok(a) => parsed.push(a),
            Err(e) => {
                eprintln!("function_answers: {e}");
                return ExitCode::from(2);
            }
        }
    }
    let stdin = std::io::stdin().lock();
    let mut stdout = BufWriter::new(std::io::stdout().lock());
    let mut out = Vec::new();
    for (n, line) in stdin.lines().enumerate() {
        let Ok(line) = line else { return ExitCode::from(1) };
        let Some(input) = unhex(&line) else {
            eprintln!("function_answers: line {}: not hex", n + 1);
            return ExitCode::from(2);
        };
        out.clear();
        for (i, ((f, _), args)) in functions.iter().zip(&parsed).enumerate() {
            if i > 0 {
                out.push(b'\t');
            }
            write_value(&mut out, &f.call_bytes(&input, args));
        }
        out.push(b'\n');
        if stdout.write_all(&out).is_err() {
            return ExitCode::from(1);
        }
    }
    if stdout.flush().is_err() {
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}
