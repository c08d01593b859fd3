//! The output formats decoded by standard readers (serde_json, the csv
//! crate, a PostgreSQL COPY text decoder written here from its documented
//! rules), a property over the line driver, the command line's shape
//! (clap), and what happens on write and read errors.

mod common;

use std::process::{Command, Stdio};

use common::{code, run, TempDir, BIN};
use serde_json::Value;

/// The bytes a JSON value stands for: a string is its UTF-8, an object
/// `{"bytes": BASE64}` the decoded bytes.
fn json_bytes(v: &Value) -> Vec<u8> {
    use base64::Engine as _;
    match v {
        Value::String(s) => s.as_bytes().to_vec(),
        Value::Object(o) if o.len() == 1 => {
            base64::engine::general_purpose::STANDARD.decode(o["bytes"].as_str().unwrap()).unwrap()
        }
        other => panic!("not a string or bytes object: {other:?}"),
    }
}

/// One field of PostgreSQL's COPY text format, decoded by the rules of its
/// documentation (`\b \f \n \r \t \v`, `\digits` octal, `\xdigits` hex,
/// any other escaped character as itself); `None` for `\N`.
fn copy_text_field(f: &[u8]) -> Option<Vec<u8>> {
    if f == b"\\N" {
        return None;
    }
    let hex = |b: u8| (b as char).to_digit(16).map(|d| d as u8);
    let mut out = Vec::new();
    let mut i = 0;
    while i < f.len() {
        if f[i] != b'\\' || i + 1 == f.len() {
            out.push(f[i]);
            i += 1;
            continue;
        }
        let c = f[i + 1];
        i += 2;
        match c {
            b'b' => out.push(8),
            b'f' => out.push(12),
            b'n' => out.push(b'\n'),
            b'r' => out.push(b'\r'),
            b't' => out.push(b'\t'),
            b'v' => out.push(11),
            b'0'..=b'7' => {
                let mut v = u32::from(c - b'0');
                for _ in 0..2 {
                    match f.get(i) {
                        Some(&d @ b'0'..=b'7') => {
                            v = v * 8 + u32::from(d - b'0');
                            i += 1;
                        }
                        _ => break,
                    }
                }
                out.push(v as u8);
            }
            b'x' if f.get(i).and_then(|&d| hex(d)).is_some() => {
                let mut v = hex(f[i]).unwrap();
                i += 1;
                if let Some(d) = f.get(i).and_then(|&d| hex(d)) {
                    v = v * 16 + d;
                    i += 1;
                }
                out.push(v);
            }
            other => out.push(other),
        }
    }
    Some(out)
}

/// A small deterministic generator (xorshift), seeded by `URISCAN_SEED`.
struct Rng(u64);

impl Rng {
    fn new() -> Rng {
        let seed = std::env::var("URISCAN_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(0x5eed_cafe_u64);
        eprintln!("seed {seed} (URISCAN_SEED to change it)");
        Rng(seed | 1)
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// Bytes that stress the line driver and the encoders: line ends, NUL,
    /// a BOM, quotes, backslashes, commas, TAB, UTF-8 and broken UTF-8.
    fn input(&mut self) -> Vec<u8> {
        const PIECES: &[&[u8]] = &[
            b"\n",
            b"\r\n",
            b"\r",
            b"\0",
            b"\xEF\xBB\xBF",
            b"\"",
            b"\\",
            b",",
            b"\t",
            b"\\N",
            b"http://a/b?c#d",
            b"\xC3\xA9",
            b"\xE2\x82",
            b"\xFF",
            b"\x7F",
            b"\x01",
            b"a",
            b" ",
            b"%41",
            b"{\"bytes\":\"x\"}",
        ];
        let mut v = Vec::new();
        for _ in 0..self.below(40) {
            if self.below(4) == 0 {
                v.push(self.next() as u8);
            } else {
                v.extend_from_slice(PIECES[self.below(PIECES.len() as u64) as usize]);
            }
        }
        v
    }
}

/// The lines the documented input rules make of `data`: a BOM at the start
/// is skipped; lines end in `sep` (the last may not); with LF a CR before
/// the LF is not part of the line.
fn lines_of(data: &[u8], sep: u8) -> Vec<Vec<u8>> {
    let data = data.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(data);
    let mut lines: Vec<Vec<u8>> = data.split(|&b| b == sep).map(<[u8]>::to_vec).collect();
    if data.is_empty() || data.last() == Some(&sep) {
        lines.pop();
    }
    if sep == b'\n' {
        for l in &mut lines {
            if l.last() == Some(&b'\r') {
                l.pop();
            }
        }
    }
    lines
}

/// Decodes the output of `--fields line,input` in `format` into
/// (line number, input bytes) records by the documented rules.
fn decode(format: &str, out: &[u8], sep: u8) -> Vec<(u64, Vec<u8>)> {
    let records = |out: &[u8]| -> Vec<Vec<u8>> {
        assert!(out.is_empty() || out.last() == Some(&sep), "output ends in a whole record");
        let mut r: Vec<Vec<u8>> = out.split(|&b| b == sep).map(<[u8]>::to_vec).collect();
        r.pop();
        r
    };
    match format {
        "jsonl" => records(out)
            .iter()
            .map(|r| {
                let v: Value = serde_json::from_slice(r).unwrap();
                (v["line"].as_u64().unwrap(), json_bytes(&v["input"]))
            })
            .collect(),
        "tsv" => {
            let rows = records(out);
            assert_eq!(rows[0], b"line\tinput");
            rows[1..]
                .iter()
                .map(|r| {
                    let f: Vec<&[u8]> = r.split(|&b| b == b'\t').collect();
                    assert_eq!(f.len(), 2, "{r:?}");
                    let n = std::str::from_utf8(f[0]).unwrap().parse().unwrap();
                    (n, copy_text_field(f[1]).unwrap())
                })
                .collect()
        }
        "csv" => {
            let mut rd =
                csv::ReaderBuilder::new().has_headers(true).terminator(csv::Terminator::Any(sep)).from_reader(out);
            assert_eq!(rd.byte_headers().unwrap(), &csv::ByteRecord::from(vec!["line", "input"]));
            rd.byte_records()
                .map(|r| {
                    let r = r.unwrap();
                    (std::str::from_utf8(&r[0]).unwrap().parse().unwrap(), r[1].to_vec())
                })
                .collect()
        }
        _ => unreachable!(),
    }
}

#[test]
fn every_line_one_record_decoding_to_its_bytes() {
    let mut rng = Rng::new();
    let cases: usize = std::env::var("URISCAN_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(40);
    for case in 0..cases {
        let data = rng.input();
        for (sep, null) in [(b'\n', None), (b'\0', Some("-0"))] {
            let want = lines_of(&data, sep);
            for format in ["jsonl", "tsv", "csv"] {
                for cmd in [
                    &["split"][..],
                    &["parse"],
                    &["parse", "--grammar", "rfc3987"],
                    &["to-uri"],
                    &["to-iri"],
                    &["surt"],
                    &["canon", "-p", "archive"],
                    &["domain"],
                    &["strip-params"],
                ] {
                    let mut args = cmd.to_vec();
                    args.extend(["--format", format, "--fields", "line,input"]);
                    args.extend(null);
                    let o = run(&args, &data);
                    assert_eq!(code(&o), 0, "case {case} {args:?} {data:?}: {}", String::from_utf8_lossy(&o.stderr));
                    let got = decode(format, &o.stdout, sep);
                    let got_lines: Vec<Vec<u8>> = got.iter().map(|g| g.1.clone()).collect();
                    assert_eq!(got_lines, want, "case {case} {args:?} input {data:?}");
                    let numbers: Vec<u64> = got.iter().map(|g| g.0).collect();
                    assert_eq!(numbers, (1..=want.len() as u64).collect::<Vec<_>>(), "case {case} {args:?}");
                }
            }
        }
    }
}

#[test]
fn jsonl_is_plain_json_for_utf8() {
    // The issue's example: jq -r .path printed /b\\c before.
    // (`--lenient`: the first line is invalid, its path is still there.)
    let o = run(&["parse", "--lenient"], b"http://a/b\\c\n/caf\xC3\xA9\"q\n");
    let r: Vec<Value> =
        o.stdout.split(|&b| b == b'\n').filter(|l| !l.is_empty()).map(|l| serde_json::from_slice(l).unwrap()).collect();
    assert_eq!(r[0]["path"], "/b\\c");
    assert_eq!(r[1]["path"], "/caf\u{e9}\"q");
}

#[test]
fn fields_select_and_order_in_every_format() {
    let input = b"http://u@h:8/p?q#f\n";
    let o = run(&["parse", "-f", "jsonl", "--fields", "port,host,scheme"], input);
    assert_eq!(String::from_utf8(o.stdout).unwrap(), "{\"port\":8,\"host\":\"h\",\"scheme\":\"http\"}\n");
    let o = run(&["parse", "-f", "tsv", "--fields", "port,host", "--fields", "scheme"], input);
    assert_eq!(String::from_utf8(o.stdout).unwrap(), "port\thost\tscheme\n8\th\thttp\n");
    let o = run(&["parse", "--format=csv", "-F", "port,host,scheme"], input);
    assert_eq!(String::from_utf8(o.stdout).unwrap(), "port,host,scheme\n8,h,http\n");
    let o = run(&["parse", "-f", "text", "-F", "port,host,scheme"], input);
    assert_eq!(String::from_utf8(o.stdout).unwrap(), "8\th\thttp\n");
    let o = run(&["parse", "--fields", "nope"], input);
    assert_eq!(code(&o), 2);
    assert!(String::from_utf8(o.stderr).unwrap().contains("unknown field 'nope'"));
}

#[test]
fn csv_quotes_what_needs_quoting() {
    let o = run(&["split", "-f", "csv", "--echo", "-F", "input,path"], b"/a,\"b\"\n");
    let mut rd = csv::Reader::from_reader(&o.stdout[..]);
    let r: Vec<csv::StringRecord> = rd.records().map(Result::unwrap).collect();
    assert_eq!(&r[0][0], "/a,\"b\"");
    assert_eq!(&r[0][1], "/a,\"b\"");
}

#[test]
fn options_before_or_after_the_command() {
    let a = run(&["-j2", "--format=tsv", "parse"], b"http://a/\n");
    let b = run(&["parse", "-j", "2", "-f", "tsv"], b"http://a/\n");
    assert_eq!(code(&a), 0);
    assert_eq!(a.stdout, b.stdout);
    let v = run(&["--version"], b"");
    assert_eq!(code(&v), 0);
    assert!(String::from_utf8(v.stdout).unwrap().starts_with("uriscan "));
    for shell in ["bash", "zsh", "fish"] {
        let o = run(&["completions", shell], b"");
        assert_eq!(code(&o), 0);
        assert!(String::from_utf8(o.stdout).unwrap().contains("normalize"), "{shell}");
    }
    let o = run(&["man"], b"");
    assert_eq!(code(&o), 0);
    assert!(String::from_utf8(o.stdout).unwrap().starts_with(".ie"));
}

#[test]
fn check_jsonl_and_quiet() {
    let input = b"http://a/\nhttp://a/b c\n";
    let o = run(&["check", "--format", "jsonl"], input);
    assert_eq!(code(&o), 1);
    let v: Value = serde_json::from_slice(o.stdout.strip_suffix(b"\n").unwrap()).unwrap();
    assert_eq!(v["line"], 2);
    assert_eq!(v["col"], 11);
    assert_eq!(v["error_kind"], "path");
    assert_eq!(v["error_index"], 10);
    assert_eq!(v["message"], "invalid character ' ' in path");
    let o = run(&["check", "-q"], input);
    assert_eq!(code(&o), 1);
    assert!(o.stdout.is_empty() && o.stderr.is_empty());
    assert_eq!(code(&run(&["check", "-q"], b"http://a/\n")), 0);
}

#[test]
fn stats_as_rows() {
    let input = b"http://a/\nHTTP://A:80/\nftp://b/\n%zz\n";
    let o = run(&["stats", "--format", "tsv"], input);
    let text = String::from_utf8(o.stdout).unwrap();
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(rows[0], "section\tkey\tcount");
    for want in
        ["total\tlines\t4", "total\tvalid\t3", "total\tinvalid\t1", "scheme\thttp\t2", "host\ta\t2", "port\t80\t1"]
    {
        assert!(rows.contains(&want), "{want} in {rows:?}");
    }
    let o = run(&["stats", "--format", "json"], input);
    let r: Vec<Value> =
        o.stdout.split(|&b| b == b'\n').filter(|l| !l.is_empty()).map(|l| serde_json::from_slice(l).unwrap()).collect();
    assert!(
        r.iter().any(|v| v["section"] == "error_kind" && v["key"] == "percent-encoding" && v["count"] == 1),
        "{r:?}"
    );
}

#[test]
fn encode_decode_security() {
    let o = run(&["encode"], b"a b/c\xC3\xA9\n");
    assert_eq!(o.stdout, b"a%20b%2Fc%C3%A9\n");
    let o = run(&["encode", "--component", "path"], b"a b/c\n");
    assert_eq!(o.stdout, b"a%20b/c\n");
    let o = run(&["encode", "--form"], b"a b&c=d\n");
    assert_eq!(o.stdout, b"a+b%26c%3Dd\n");
    // Round trip through decode, also for bytes that are not UTF-8.
    let o = run(&["decode", "-f", "jsonl"], b"a%20b%2Fc%FF\n%zz\n");
    let r: Vec<Value> =
        o.stdout.split(|&b| b == b'\n').filter(|l| !l.is_empty()).map(|l| serde_json::from_slice(l).unwrap()).collect();
    assert_eq!(json_bytes(&r[0]["result"]), b"a b/c\xFF");
    assert_eq!(r[1]["valid"], false);
    assert_eq!(r[1]["error_index"], 0);
    let o = run(&["decode", "--form"], b"a+b%2B\n");
    assert_eq!(o.stdout, b"a b+\n");
    let o = run(&["security", "-f", "tsv", "-F", "line,section,kind,index"], b"http://u:pw@0x7f.1/a%2Fb\n/ok\n");
    assert_eq!(
        String::from_utf8(o.stdout).unwrap(),
        "line\tsection\tkind\tindex\n1\t7.5\tpassword\t8\n1\t7.4\tambiguous-ipv4\t12\n1\t7.3\tencoded-slash\t20\n"
    );
}

#[test]
fn null_terminated_records() {
    // (`--lenient`: a line with LF is invalid, its path is still there.)
    let o = run(&["parse", "--lenient", "-0", "-f", "text", "-F", "path"], b"/a\nb\0/c\0");
    assert_eq!(o.stdout, b"/a\nb\0/c\0");
}

#[test]
fn extract_through_the_driver_with_threads() {
    let d = TempDir::new("extract");
    let a = d.file("a.txt", b"\xEF\xBB\xBFsee http://a/x\r\nand <http://b/\n y>.\n");
    let b = d.file("b.txt", b"nothing\n\"https://c/\"\n");
    let one = run(&["extract", &a, &b], b"");
    let two = run(&["extract", "-j", "2", &a, &b], b"");
    assert_eq!(code(&one), 0);
    assert_eq!(one.stdout, two.stdout);
    assert_eq!(
        String::from_utf8(one.stdout).unwrap(),
        format!("{a}:1:5\thttp://a/x\n{a}:2:6\thttp://b/y\n{b}:2:2\thttps://c/\n")
    );
}

#[test]
fn write_error_is_reported_with_status_3() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        eprintln!("no /dev/full here: skipped");
        return;
    };
    let d = TempDir::new("full");
    let input = d.file("in.txt", &b"http://a/b\n".repeat(50_000));
    for threads in ["1", "2"] {
        let o = Command::new(BIN)
            .args(["parse", "-j", threads, &input])
            .stdout(full.try_clone().unwrap())
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        assert_eq!(code(&o), 3, "threads {threads}");
        let err = String::from_utf8(o.stderr).unwrap();
        assert!(err.contains("cannot write output: No space left on device"), "{err}");
        let o = Command::new(BIN).args(["stats", &input]).stdout(full.try_clone().unwrap()).output().unwrap();
        assert_eq!(code(&o), 3);
    }
}

#[test]
fn unreadable_inputs_are_named_with_status_2() {
    let d = TempDir::new("unreadable");
    let good = d.file("good.txt", b"http://a/\n");
    // A directory given as a file.
    let o = run(&["parse", d.0.to_str().unwrap(), &good], b"");
    assert_eq!(code(&o), 2);
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(err.contains(&format!("{}: read error: Is a directory", d.0.display())), "{err}");
    assert_eq!(o.stdout.split(|&b| b == b'\n').filter(|l| !l.is_empty()).count(), 1, "the good file is still read");
    // A file without read permission (root reads it anyway: then only check it works).
    let secret = d.file("secret.txt", b"http://a/\n");
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&secret, std::fs::Permissions::from_mode(0o000)).unwrap();
    let o = run(&["parse", &secret], b"");
    if std::fs::File::open(&secret).is_err() {
        assert_eq!(code(&o), 2);
        assert!(String::from_utf8(o.stderr).unwrap().contains(&format!("{secret}: Permission denied")));
    } else {
        assert_eq!(code(&o), 0);
    }
}

#[test]
fn threads_over_many_small_files_keep_every_record_once() {
    let d = TempDir::new("small");
    let names: Vec<String> =
        (0..30).map(|i| d.file(&format!("f{i}.txt"), format!("http://h/{i}\n/x\n").as_bytes())).collect();
    let mut args = vec!["parse", "-f", "tsv", "-F", "file,line,path"];
    args.extend(names.iter().map(String::as_str));
    let one = run(&args, b"");
    args.extend(["-j", "3"]);
    let three = run(&args, b"");
    assert_eq!(code(&one), 0);
    assert_eq!(String::from_utf8_lossy(&one.stdout).lines().count(), 61);
    assert!(one.stdout == three.stdout, "-j3 differs from -j1");
}
