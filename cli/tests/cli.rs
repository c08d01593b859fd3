//! Integration tests of the `uriscan` binary on fixtures created here.

mod common;

use std::io::Read;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use common::{code, run, TempDir, BIN};

use serde_json::Value;

/// The JSON Lines of stdout.
fn records(o: &Output) -> Vec<Value> {
    let s = std::str::from_utf8(&o.stdout).expect("JSON output is UTF-8");
    s.lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("bad JSON {l:?}: {e}"))).collect()
}

/// The bytes a JSON value stands for: a string is its UTF-8, an object
/// `{"bytes": BASE64}` the decoded bytes (the documented convention for
/// values that are not UTF-8).
fn json_bytes(v: &Value) -> Vec<u8> {
    use base64::Engine as _;
    match v {
        Value::String(s) => s.as_bytes().to_vec(),
        Value::Object(o) if o.len() == 1 => {
            let b = o["bytes"].as_str().expect("a base64 string");
            base64::engine::general_purpose::STANDARD.decode(b).expect("valid base64")
        }
        other => panic!("not a string or bytes object: {other:?}"),
    }
}

/// Undoes TSV field escaping; `None` for `\N`.
fn tsv_unescape(f: &str) -> Option<Vec<u8>> {
    if f == "\\N" {
        return None;
    }
    let b = f.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\' {
            match b[i + 1] {
                b'\\' => out.push(b'\\'),
                b't' => out.push(b'\t'),
                b'n' => out.push(b'\n'),
                b'r' => out.push(b'\r'),
                b'x' => {
                    out.push(u8::from_str_radix(&f[i + 2..i + 4], 16).unwrap());
                    i += 2;
                }
                c => panic!("bad escape \\{}", c as char),
            }
            i += 2;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    Some(out)
}

fn s(v: &Value, k: &str) -> Option<String> {
    match &v[k] {
        Value::Null => None,
        Value::String(s) => Some(s.clone()),
        other => panic!("{k} is {other:?}"),
    }
}

/// The record's `port` for a port written `digits`: its number, null when
/// absent, empty or above 65535.
fn port_number(digits: Option<&str>) -> Value {
    match digits.and_then(|d| d.parse::<u16>().ok()) {
        Some(n) => Value::from(n),
        None => Value::Null,
    }
}

/// Checks every component key of a valid record (`port` is the port as
/// written, `port_text`; the record's `port` is checked to be its number).
#[allow(clippy::too_many_arguments)]
fn assert_components(
    v: &Value,
    scheme: Option<&str>,
    authority: Option<&str>,
    userinfo: Option<&str>,
    host: Option<&str>,
    host_kind: Option<&str>,
    port: Option<&str>,
    path: &str,
    query: Option<&str>,
    fragment: Option<&str>,
) {
    let o = |x: Option<&str>| x.map(str::to_string);
    assert_eq!(s(v, "scheme"), o(scheme), "{v}");
    assert_eq!(s(v, "authority"), o(authority), "{v}");
    assert_eq!(s(v, "userinfo"), o(userinfo), "{v}");
    assert_eq!(s(v, "host"), o(host), "{v}");
    assert_eq!(s(v, "host_kind"), o(host_kind), "{v}");
    assert_eq!(s(v, "port_text"), o(port), "{v}");
    assert_eq!(v["port"], port_number(port), "{v}");
    assert_eq!(s(v, "path").as_deref(), Some(path), "{v}");
    assert_eq!(s(v, "query"), o(query), "{v}");
    assert_eq!(s(v, "fragment"), o(fragment), "{v}");
}

#[test]
fn parse_fields() {
    let input = b"foo://user@example.com:8042/over/there?name=ferret#nose\n\
http://[::1]:80/?\n\
http://[v7.x]/#\n\
urn:a:b\n\
//192.0.2.1:/p\n\
http://h/a b?q#f\n";
    let o = run(&["parse"], input);
    assert_eq!(code(&o), 0);
    assert!(o.stderr.is_empty());
    let r = records(&o);
    assert_eq!(r.len(), 6);
    for (i, v) in r.iter().enumerate() {
        assert_eq!(v["line"], i as u64 + 1);
        assert!(v.get("file").is_none());
        assert!(v.get("input").is_none());
    }
    assert_eq!(r[0]["valid"], true);
    assert!(r[0]["error_kind"].is_null());
    assert_components(
        &r[0],
        Some("foo"),
        Some("user@example.com:8042"),
        Some("user"),
        Some("example.com"),
        Some("reg-name"),
        Some("8042"),
        "/over/there",
        Some("name=ferret"),
        Some("nose"),
    );
    assert_components(
        &r[1],
        Some("http"),
        Some("[::1]:80"),
        None,
        Some("[::1]"),
        Some("ipv6"),
        Some("80"),
        "/",
        Some(""),
        None,
    );
    assert_components(
        &r[2],
        Some("http"),
        Some("[v7.x]"),
        None,
        Some("[v7.x]"),
        Some("ipvfuture"),
        None,
        "/",
        None,
        Some(""),
    );
    assert_components(&r[3], Some("urn"), None, None, None, None, None, "a:b", None, None);
    assert_components(
        &r[4],
        None,
        Some("192.0.2.1:"),
        None,
        Some("192.0.2.1"),
        Some("ipv4"),
        Some(""),
        "/p",
        None,
        None,
    );
    // Invalid: the error, and no component (`--lenient` gives them).
    let v = &r[5];
    assert_eq!(v["valid"], false);
    for k in ["scheme", "authority", "userinfo", "host", "host_kind", "port_text", "port", "path", "query", "fragment"]
    {
        assert!(v[k].is_null(), "{k}: {v}");
    }
    let lenient = records(&run(&["parse", "--lenient"], b"http://h/a b?q#f\n"));
    assert_components(&lenient[0], Some("http"), Some("h"), None, Some("h"), None, None, "/a b", Some("q"), Some("f"));
    assert_eq!(v["error_kind"], "path");
    assert_eq!(v["error_index"], 10);
    assert_eq!(v["error_message"], "invalid character ' ' at index 10 in path");
}

#[test]
fn rule_and_echo() {
    let o = run(&["parse", "--rule", "absolute-uri", "--echo"], b"http://a/b#c\nhttp://a/b?c\n/rel\n");
    let r = records(&o);
    assert_eq!(r.len(), 3);
    assert_eq!(r[0]["valid"], false);
    assert_eq!(r[0]["input"], "http://a/b#c");
    assert_eq!(r[0]["error_index"], 10);
    assert_eq!(r[0]["error_message"], "invalid character '#' at index 10 in path");
    assert_eq!(r[0]["fragment"], Value::Null);
    assert_eq!(r[1]["valid"], true);
    assert_eq!(r[1]["input"], "http://a/b?c");
    assert_eq!(r[2]["valid"], false);
    let o = run(&["parse", "--rule", "relative-ref"], b"/rel\na:b\n");
    let r = records(&o);
    assert_eq!((r[0]["valid"].clone(), r[1]["valid"].clone()), (Value::Bool(true), Value::Bool(false)));
    let o = run(&["parse", "--rule", "bogus"], b"");
    assert_eq!(code(&o), 2);
}

#[test]
fn bom_is_skipped_at_file_start_only() {
    let d = TempDir::new("bom");
    let a = d.file("a.txt", b"\xEF\xBB\xBFhttp://a/\n\xEF\xBB\xBFhttp://b/\n");
    let b = d.file("b.txt", b"\xEF\xBB\xBF/x\n");
    let bom_only = d.file("c.txt", b"\xEF\xBB\xBF");
    let o = run(&["parse", &a, &b, &bom_only], b"");
    assert_eq!(code(&o), 0);
    let r = records(&o);
    assert_eq!(r.len(), 3);
    assert_eq!(r[0]["valid"], true);
    assert_eq!(r[0]["scheme"], "http");
    assert_eq!(r[0]["file"], a.as_str());
    // A BOM inside the file is data (and invalid).
    assert_eq!(r[1]["valid"], false);
    assert_eq!(r[1]["error_index"], 0);
    assert_eq!(r[2]["valid"], true);
    assert_eq!(r[2]["path"], "/x");
    assert_eq!(r[2]["file"], b.as_str());
    assert_eq!(r[2]["line"], 1);
    // On standard input too.
    let r = records(&run(&["parse"], b"\xEF\xBB\xBF/y"));
    assert_eq!(r.len(), 1);
    assert_eq!(r[0]["path"], "/y");
    assert_eq!(r[0]["valid"], true);
}

#[test]
fn crlf_line_ends() {
    let o = run(&["parse", "--echo"], b"http://a/b?q\r\n/c\r\n\r\nx\ry\r\n");
    let r = records(&o);
    assert_eq!(r.len(), 4);
    assert_eq!(r[0]["query"], "q");
    assert_eq!(r[0]["input"], "http://a/b?q");
    assert_eq!(r[1]["path"], "/c");
    assert_eq!(r[2]["path"], "");
    assert_eq!(r[2]["valid"], true);
    // A CR inside a line is part of it.
    assert_eq!(r[3]["valid"], false);
    assert_eq!(r[3]["input"], "x\ry");
    assert_eq!(r[3]["error_index"], 1);
}

#[test]
fn invalid_utf8_is_lossless() {
    let line: &[u8] = b"http://h\xFF/p\\a?\xC3\xA9#\xC3";
    let mut input = line.to_vec();
    input.extend_from_slice(b"\n/ok\n");
    // `parse` gives the error of the invalid line; `--lenient` its
    // components too, bytes as they are.
    let o = run(&["parse", "--echo"], &input);
    assert_eq!(code(&o), 0);
    let r = records(&o);
    assert_eq!(r.len(), 2);
    assert_eq!((&r[0]["error_index"], &r[0]["authority"]), (&Value::from(8), &Value::Null));
    let o = run(&["parse", "--lenient", "--echo"], &input);
    assert_eq!(code(&o), 0);
    let r = records(&o);
    assert_eq!(r.len(), 2);
    let v = &r[0];
    assert_eq!(v["valid"], false);
    assert_eq!(v["error_index"], 8);
    assert_eq!(json_bytes(&v["input"]), line);
    // Not UTF-8: {"bytes": base64}; UTF-8 with a backslash: a plain string.
    assert!(v["authority"]["bytes"].is_string(), "{v}");
    assert_eq!(s(v, "path").unwrap(), "/p\\a");
    assert_eq!(json_bytes(&v["authority"]), b"h\xFF");
    assert_eq!(json_bytes(&v["path"]), b"/p\\a");
    assert_eq!(s(v, "query").unwrap(), "\u{e9}");
    assert_eq!(json_bytes(&v["fragment"]), b"\xC3");
    assert_eq!(r[1]["valid"], true);
    // TSV: the same bytes back from the fields.
    let o = run(&["parse", "--lenient", "--echo", "--format", "tsv"], &input);
    let text = String::from_utf8(o.stdout).unwrap();
    let rows: Vec<Vec<&str>> = text.lines().map(|l| l.split('\t').collect()).collect();
    let col = |name: &str| rows[0].iter().position(|c| *c == name).unwrap();
    assert_eq!(tsv_unescape(rows[1][col("input")]).unwrap(), line);
    assert_eq!(tsv_unescape(rows[1][col("authority")]).unwrap(), b"h\xFF");
    assert_eq!(rows[1][col("error_index")], "8");
    assert_eq!(rows[1][col("port")], "\\N");
    // The column the compiler-style report gives is the index + 1.
    let o = run(&["check"], &input);
    assert_eq!(code(&o), 1);
    assert_eq!(String::from_utf8(o.stdout).unwrap(), "<stdin>:1:9: non-ASCII byte 0xFF in authority\n");
}

#[test]
fn empty_lines_and_line_ends() {
    let r = records(&run(&["parse"], b"a\n\n\nb"));
    assert_eq!(r.len(), 4);
    let paths: Vec<String> = r.iter().map(|v| s(v, "path").unwrap()).collect();
    assert_eq!(paths, ["a", "", "", "b"]);
    assert!(r.iter().all(|v| v["valid"] == true));
    assert_eq!(records(&run(&["parse"], b"a\n")).len(), 1);
    assert_eq!(records(&run(&["parse"], b"\n")).len(), 1);
    assert_eq!(records(&run(&["parse"], b"")).len(), 0);
    // An empty line is invalid as a URI.
    let r = records(&run(&["parse", "--rule", "uri"], b"\n"));
    assert_eq!(r[0]["valid"], false);
    assert_eq!(r[0]["error_index"], 0);
    assert_eq!(r[0]["path"], Value::Null);
    let r = records(&run(&["parse", "--rule", "uri", "--lenient"], b"\n"));
    assert_eq!((&r[0]["valid"], &r[0]["path"], &r[0]["scheme"]), (&Value::Bool(false), &Value::from(""), &Value::Null));
}

#[test]
fn ten_mib_line() {
    let d = TempDir::new("long");
    let mut data = b"http://example.com/".to_vec();
    data.resize(data.len() + (10 << 20), b'a');
    data.extend_from_slice(b"?q\n/after\n");
    let mut bad = b"http://example.com/".to_vec();
    bad.resize(bad.len() + (10 << 20), b'b');
    bad.extend_from_slice(b" \n");
    data.extend_from_slice(&bad);
    let f = d.file("long.txt", &data);
    for threads in ["1", "2"] {
        let o = run(&["parse", "--threads", threads, &f], b"");
        assert_eq!(code(&o), 0);
        let r = records(&o);
        assert_eq!(r.len(), 3);
        assert_eq!(r[0]["valid"], true);
        assert_eq!(s(&r[0], "path").unwrap().len(), 1 + (10 << 20));
        assert_eq!(r[0]["query"], "q");
        assert_eq!(r[1]["path"], "/after");
        assert_eq!(r[1]["line"], 2);
        assert_eq!(r[2]["valid"], false);
        assert_eq!(r[2]["error_index"], 19 + (10 << 20));
    }
}

#[test]
fn stdin_and_dash() {
    let o = run(&["parse", "-"], b"/a\n");
    let r = records(&o);
    assert_eq!(r.len(), 1);
    assert_eq!(r[0]["path"], "/a");
    assert!(r[0].get("file").is_none());
    let d = TempDir::new("dash");
    let f = d.file("f.txt", b"/f\n");
    let o = run(&["parse", &f, "-"], b"/s1\n/s2\n");
    let r = records(&o);
    assert_eq!(r.len(), 3);
    assert_eq!(r[0]["file"], f.as_str());
    assert_eq!(r[1]["file"], "<stdin>");
    assert_eq!(r[2]["file"], "<stdin>");
    assert_eq!(r[2]["line"], 2);
    assert_eq!(r[2]["path"], "/s2");
}

#[test]
fn several_files_in_order() {
    let d = TempDir::new("several");
    let a = d.file("a.txt", b"http://a/1\nhttp://a/2\n");
    let b = d.file("b.txt", b"http://b/1");
    let c = d.file("c.txt", b"");
    let o = run(&["parse", &a, &c, &b, &a], b"");
    assert_eq!(code(&o), 0);
    let r = records(&o);
    let got: Vec<(String, u64, String)> =
        r.iter().map(|v| (s(v, "file").unwrap(), v["line"].as_u64().unwrap(), s(v, "path").unwrap())).collect();
    let want = [(&a, 1, "/1"), (&a, 2, "/2"), (&b, 1, "/1"), (&a, 1, "/1"), (&a, 2, "/2")];
    let want: Vec<(String, u64, String)> = want.iter().map(|(f, l, p)| (f.to_string(), *l, p.to_string())).collect();
    assert_eq!(got, want);
    assert_eq!(r[2]["authority"], "b");
    // TSV gets a file column.
    let o = run(&["parse", "--format", "tsv", &a, &b], b"");
    let text = String::from_utf8(o.stdout).unwrap();
    let mut lines = text.lines();
    assert!(lines.next().unwrap().starts_with("file\tline\tvalid\tscheme\t"));
    assert!(lines.next().unwrap().starts_with(&format!("{a}\t1\ttrue\thttp\ta\t")));
}

#[test]
fn missing_file_continues_with_exit_2() {
    let d = TempDir::new("missing");
    let a = d.file("a.txt", b"/a\n");
    let missing = d.0.join("no-such-file.txt");
    let missing = missing.to_str().unwrap();
    let o = run(&["parse", missing, &a], b"");
    assert_eq!(code(&o), 2);
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(err.contains(missing), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    let r = records(&Output { stdout: o.stdout, stderr: Vec::new(), status: o.status });
    assert_eq!(r.len(), 1);
    assert_eq!(r[0]["path"], "/a");
    // A directory cannot be read: reported, the run goes on.
    let dir = d.0.to_str().unwrap().to_string();
    let o = run(&["split", &dir, &a], b"");
    assert_eq!(code(&o), 2);
    assert!(String::from_utf8_lossy(&o.stderr).contains(&dir));
    assert_eq!(records(&o).len(), 1);
}

/// A file that vanishes while the run is under way (removed after the
/// command started, before it reached that file): named on stderr, exit 2,
/// and the inputs before and after it read whole, in order. The first input
/// is a FIFO, so the test knows the binary is still reading it when the
/// second file is removed.
#[test]
fn file_that_vanishes_during_the_run() {
    use std::io::Write;
    let d = TempDir::new("vanish");
    let fifo = d.0.join("first.fifo");
    match Command::new("mkfifo").arg(&fifo).status() {
        Ok(s) if s.success() => {}
        _ => {
            eprintln!("no mkfifo here: skipped");
            return;
        }
    }
    let fifo = fifo.to_str().unwrap().to_string();
    let gone = d.file("gone.txt", b"/gone\n");
    let last = d.file("last.txt", b"/last\n");
    let child = Command::new(BIN)
        .args(["parse", "-f", "text", "--fields", "path", &fifo, &gone, &last])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Opening the FIFO for writing waits until the binary has opened it for
    // reading; it then reads until the writer closes, so it cannot have
    // reached the second file before it is removed. (On a thread: should the
    // binary end without opening the FIFO, the test fails instead of waiting.)
    let (fifo_w, gone_w) = (fifo.clone(), gone.clone());
    std::thread::spawn(move || {
        let mut w = std::fs::OpenOptions::new().write(true).open(&fifo_w).unwrap();
        std::fs::remove_file(&gone_w).unwrap();
        w.write_all(b"/first\n/second\n").unwrap();
    });
    let o = child.wait_with_output().unwrap();
    assert_eq!(code(&o), 2);
    assert_eq!(String::from_utf8(o.stdout).unwrap(), "/first\n/second\n/last\n");
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(err.contains(&gone), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

/// Input of `n` generated lines, a mix of valid, invalid, empty and non-UTF-8.
fn generated(n: usize) -> Vec<u8> {
    let mut v = Vec::new();
    for i in 0..n {
        match i % 7 {
            0 => v.extend_from_slice(format!("http://host{i}.example.com:{}/p/{i}?q={i}#f", i % 65536).as_bytes()),
            1 => v.extend_from_slice(format!("/relative/{i}/x y").as_bytes()),
            2 => {}
            3 => v.extend_from_slice(format!("mailto:user{i}@example.org").as_bytes()),
            4 => {
                v.extend_from_slice(format!("http://[::{:x}]/", i % 65536).as_bytes());
                v.push(0xFF);
                v.extend_from_slice(i.to_string().as_bytes());
            }
            5 => v.extend_from_slice(format!("//192.0.2.{}/a\t{i}", i % 256).as_bytes()),
            _ => v.extend_from_slice(format!("urn:x:{i}\r").as_bytes()),
        }
        v.push(b'\n');
    }
    v
}

#[test]
fn threads_keep_order() {
    let d = TempDir::new("threads");
    let big = d.file("big.txt", &generated(150_000));
    let small = d.file("small.txt", &generated(50));
    for args in [
        &["parse"][..],
        &["parse", "--format", "tsv", "--echo"],
        &["split"],
        &["check"],
        &["normalize", "--scheme-based"],
        &["resolve", "--base", "http://a/b/c"],
    ] {
        let mut one: Vec<&str> = args.to_vec();
        one.extend(["--threads", "1", &big, &small, &big]);
        let mut four: Vec<&str> = args.to_vec();
        four.extend(["--threads", "4", &big, &small, &big]);
        let a = run(&one, b"");
        let b = run(&four, b"");
        assert_eq!(code(&a), code(&b), "{args:?}");
        assert!(a.stdout == b.stdout, "{args:?}: outputs differ");
        assert_eq!(a.stderr, b.stderr, "{args:?}");
    }
    let o = run(&["parse", "--threads", "3", &big], b"");
    let r = records(&o);
    assert_eq!(r.len(), 150_000);
    for (i, v) in r.iter().enumerate() {
        assert_eq!(v["line"], i as u64 + 1);
    }
    assert_eq!(r[149_996]["path"], "/p/149996");
}

#[test]
fn closed_pipe_ends_quietly() {
    let d = TempDir::new("pipe");
    let big = d.file("big.txt", &generated(300_000));
    for threads in ["1", "2"] {
        let mut child = Command::new(BIN)
            .args(["parse", "--threads", threads, &big])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdout = child.stdout.take().unwrap();
        let mut buf = [0u8; 4096];
        stdout.read_exact(&mut buf).unwrap();
        drop(stdout);
        let mut err = String::new();
        child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
        let status = child.wait().unwrap();
        assert_eq!(status.code(), Some(0), "threads {threads}: {status:?} {err}");
        assert!(err.is_empty(), "threads {threads}: {err}");
    }
}

#[test]
fn check_exit_status() {
    let d = TempDir::new("check");
    let good = d.file("good.txt", b"http://a/\n/b\n\n");
    let bad = d.file("bad.txt", b"http://a/\nhttp://a/b c\nhttp://[::1\n%zz\n");
    let o = run(&["check", &good], b"");
    assert_eq!(code(&o), 0);
    assert!(o.stdout.is_empty());
    assert!(String::from_utf8(o.stderr).unwrap().contains("all valid"));
    let o = run(&["check", &good, &bad], b"");
    assert_eq!(code(&o), 1);
    let out = String::from_utf8(o.stdout).unwrap();
    let want = format!(
        "{bad}:2:11: invalid character ' ' in path\n{bad}:3:12: unexpected end of input in IP literal\n{bad}:4:2: invalid character 'z' in percent-encoding\n"
    );
    assert_eq!(out, want);
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(err.contains("3 invalid lines of 7"), "{err}");
    // I/O errors win: exit 2.
    let o = run(&["check", &bad, "/nonexistent/dir/x.txt"], b"");
    assert_eq!(code(&o), 2);
    // Usage errors: exit 2.
    assert_eq!(code(&run(&["check", "--frobnicate"], b"")), 2);
    assert_eq!(code(&run(&["check", "--format", "xml"], b"")), 2);
    assert_eq!(code(&run(&["frobnicate"], b"")), 2);
    assert_eq!(code(&run(&[], b"")), 2);
    // --rule changes validity.
    assert_eq!(code(&run(&["check", "--rule", "uri"], b"/relative\n")), 1);
    assert_eq!(code(&run(&["check"], b"/relative\n")), 0);
}

#[test]
fn tsv_format() {
    let o = run(&["parse", "--format", "tsv"], b"http://h:8/p?#\nx\ty\n");
    assert_eq!(code(&o), 0);
    let text = String::from_utf8(o.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "line\tvalid\tscheme\tauthority\tuserinfo\thost\thost_kind\tport_text\tport\tpath\tquery\tfragment\terror_kind\terror_index\terror_message"
    );
    assert_eq!(lines[1], "1\ttrue\thttp\th:8\t\\N\th\treg-name\t8\t8\t/p\t\t\t\\N\t\\N\t\\N");
    let f: Vec<&str> = lines[2].split('\t').collect();
    assert_eq!(f.len(), 15);
    assert_eq!(f[1], "false");
    assert!(f[2..12].iter().all(|v| *v == "\\N"), "{f:?}");
    assert_eq!(f[12], "URI reference");
    assert_eq!(f[13], "1");
    // An invalid line's components (`--lenient`), escaped.
    let o = run(&["parse", "--lenient", "--format", "tsv", "--fields", "path"], b"x\ty\n");
    assert_eq!(String::from_utf8(o.stdout).unwrap(), "path\nx\\ty\n");
    // Empty input still has the header.
    let o = run(&["split", "--format", "tsv"], b"");
    assert_eq!(String::from_utf8(o.stdout).unwrap(), "line\tscheme\tauthority\tpath\tquery\tfragment\n");
}

#[test]
fn split_fields() {
    let o = run(&["split", "--echo"], b"a b:c d?#e\n//x\n\xFF:y\n");
    let r = records(&o);
    assert_eq!(r.len(), 3);
    assert!(r[0].get("valid").is_none());
    assert_eq!(r[0]["input"], "a b:c d?#e");
    assert_eq!(r[0]["scheme"], "a b");
    assert_eq!(r[0]["authority"], Value::Null);
    assert_eq!(r[0]["path"], "c d");
    assert_eq!(r[0]["query"], "");
    assert_eq!(r[0]["fragment"], "e");
    assert_eq!(r[1]["authority"], "x");
    assert_eq!(r[1]["path"], "");
    assert_eq!(r[1]["scheme"], Value::Null);
    assert_eq!(json_bytes(&r[2]["scheme"]), b"\xFF");
    assert_eq!(r[2]["path"], "y");
}

#[test]
fn resolve_base_and_pairs() {
    let o = run(&["resolve", "--base", "http://a/b/c/d;p?q"], b"g\n../g?y#s\n//g\n\na b\n");
    assert_eq!(code(&o), 0);
    let r = records(&o);
    let results: Vec<Option<String>> = r.iter().map(|v| s(v, "result")).collect();
    assert_eq!(
        results,
        [
            Some("http://a/b/c/g".to_string()),
            Some("http://a/b/g?y#s".to_string()),
            Some("http://g".to_string()),
            Some("http://a/b/c/d;p?q".to_string()),
            None
        ]
    );
    assert_eq!(r[4]["valid"], false);
    assert_eq!(r[4]["error_in"], "reference");
    assert_eq!(r[4]["error_index"], 1);
    let o = run(&["resolve", "--base", "http://a/b/c/d;p?q", "--format", "text"], b"g\na b\n;x\n");
    assert_eq!(String::from_utf8(o.stdout).unwrap(), "http://a/b/c/g\n\nhttp://a/b/c/;x\n");
    let o = run(&["resolve", "--pairs"], b"http://a/b/c\t../d\nno tab\n/rel\tx\nhttp://a/\\\tx\n");
    let r = records(&o);
    assert_eq!(r[0]["result"], "http://a/d");
    assert_eq!(r[1]["error_in"], "line");
    assert_eq!(r[2]["error_in"], "base");
    assert_eq!(r[2]["error_index"], Value::Null);
    assert_eq!(r[3]["error_in"], "base");
    assert_eq!(r[3]["error_index"], 9);
    // A bad --base is a usage error; so are both or neither of --base/--pairs.
    assert_eq!(code(&run(&["resolve", "--base", "relative/only"], b"")), 2);
    assert_eq!(code(&run(&["resolve", "--base", "http://a b"], b"")), 2);
    assert_eq!(code(&run(&["resolve"], b"")), 2);
    assert_eq!(code(&run(&["resolve", "--pairs", "--base", "http://a/"], b"")), 2);
    let o = run(&["resolve", "--base", "http://a/b", "--non-strict", "--format", "text"], b"http:g\n");
    assert_eq!(String::from_utf8(o.stdout).unwrap(), "http://a/g\n");
}

#[test]
fn normalize_and_key() {
    let input = b"HTTP://Example.COM:80/%7euser/./a/../b\nhttp://example.com/~user/b\nx y\n";
    let o = run(&["normalize"], input);
    let r = records(&o);
    assert_eq!(r[0]["result"], "http://example.com:80/~user/b");
    assert_eq!(r[0]["valid"], true);
    assert_eq!(r[2]["valid"], false);
    assert_eq!(r[2]["result"], Value::Null);
    assert_eq!(r[2]["error_index"], 1);
    let o = run(&["normalize", "--scheme-based", "--key"], input);
    let keys = String::from_utf8(o.stdout).unwrap();
    let keys: Vec<&str> = keys.lines().collect();
    assert_eq!(keys, ["http://example.com/~user/b", "http://example.com/~user/b", ""]);
    let o = run(&["normalize", "--key", "--format", "jsonl"], input);
    assert_eq!(records(&o).len(), 3);
}

#[test]
fn stats_report() {
    let o = run(&["stats", "--top", "2"], b"http://a/\nHTTP://A:8080/\nftp://b/\n/x y\n\n");
    assert_eq!(code(&o), 0);
    let out = String::from_utf8(o.stdout).unwrap();
    let line = |prefix: &str| out.lines().find(|l| l.trim_start().starts_with(prefix)).unwrap().to_string();
    assert!(line("lines").ends_with(" 5"), "{out}");
    assert!(line("valid").contains(" 4 "), "{out}");
    assert!(line("invalid").contains(" 1 "), "{out}");
    let after = |title: &str| -> Vec<String> {
        out.lines()
            .skip_while(|l| !l.starts_with(title))
            .skip(1)
            .take_while(|l| !l.is_empty())
            .map(|l| l.trim().to_string())
            .collect()
    };
    let schemes = after("top schemes");
    assert_eq!(schemes, ["2  http", "1  ftp"]);
    assert_eq!(after("top hosts"), ["2  a", "1  b"]);
    assert_eq!(after("top ports"), ["1  8080"]);
    assert_eq!(after("invalid lines by error kind"), ["1  path"]);
}

#[test]
fn help_everywhere() {
    for cmd in ["parse", "split", "resolve", "normalize", "check", "stats", "extract", "encode", "decode", "security"] {
        for args in [vec![cmd, "--help"], vec!["help", cmd]] {
            let o = run(&args, b"");
            assert_eq!(code(&o), 0, "{args:?}");
            let text = String::from_utf8(o.stdout).unwrap();
            assert!(text.contains(&format!("Usage: uriscan {cmd}")), "{args:?}");
            assert!(text.contains("Fields"), "{args:?}");
        }
    }
    let o = run(&["--help"], b"");
    assert_eq!(code(&o), 0);
    assert!(String::from_utf8(o.stdout).unwrap().contains("Commands:"));
}

#[test]
fn no_progress_bar_in_pipes() {
    let d = TempDir::new("progress");
    let p = Path::new(&d.0).join("x.txt");
    std::fs::write(&p, generated(10_000)).unwrap();
    let o = run(&["stats", p.to_str().unwrap()], b"");
    assert!(o.stderr.is_empty());
}

/// Components of every length around the 32-byte block copy, at the end of
/// the input too (no newline, so the copy cannot read past the line), in
/// both formats, checked against the parts the lines were made of.
#[test]
fn component_lengths_around_block_copies() {
    let mut lines = Vec::new();
    for n in [0usize, 1, 2, 15, 16, 31, 32, 33, 40, 64, 65] {
        let part = |c: u8| String::from_utf8(vec![c; n]).unwrap();
        let (user, host, path, query, frag) =
            (part(b'u'), part(b'h'), format!("/{}", part(b'p')), part(b'q'), part(b'f'));
        let scheme = format!("s{}", part(b'a'));
        let port = "9".repeat(n.min(20));
        lines.push((
            format!("{scheme}://{user}@{host}:{port}{path}?{query}#{frag}"),
            scheme,
            user,
            host,
            port,
            path,
            query,
            frag,
        ));
    }
    let mut input = lines.iter().map(|l| l.0.clone()).collect::<Vec<_>>().join("\n");
    input.push_str("\n/");
    for n in [1usize, 5, 31, 32, 33] {
        input.push_str(&format!("\nx:{}", "z".repeat(n)));
    }
    let o = run(&["parse", "--echo", "-H"], input.as_bytes());
    let r = records(&o);
    assert_eq!(r.len(), lines.len() + 6);
    for (v, (line, scheme, user, host, port, path, query, frag)) in r.iter().zip(&lines) {
        assert_eq!(v["file"], "<stdin>");
        assert_eq!(s(v, "input").as_deref(), Some(line.as_str()));
        let auth = format!("{user}@{host}:{port}");
        assert_components(
            v,
            Some(scheme),
            Some(&auth),
            Some(user),
            Some(host),
            Some("reg-name"),
            Some(port),
            path,
            Some(query),
            Some(frag),
        );
    }
    let last = &r[r.len() - 1];
    assert_eq!(last["path"], "z".repeat(33));
    assert_eq!(r[lines.len()]["path"], "/");
    let o = run(&["parse", "--format", "tsv"], input.as_bytes());
    let text = String::from_utf8(o.stdout).unwrap();
    for (row, (_, scheme, user, host, port, path, query, frag)) in text.lines().skip(1).zip(&lines) {
        let f: Vec<&str> = row.split('\t').collect();
        let number = port_number(Some(port)).as_u64().map_or("\\N".to_string(), |n| n.to_string());
        assert_eq!(
            f[2..12],
            [scheme, &format!("{user}@{host}:{port}"), user, host, "reg-name", port, &number, path, query, frag]
        );
    }
    let o = run(&["split", "--format", "tsv", "--echo"], input.as_bytes());
    let text = String::from_utf8(o.stdout).unwrap();
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(rows.len(), lines.len() + 7);
    let z = "z".repeat(33);
    assert_eq!(rows[rows.len() - 1], format!("{}\tx:{z}\tx\t\\N\t{z}\t\\N\t\\N", lines.len() + 6));
}

#[test]
fn grammar_option_for_parse_and_check() {
    let input = b"http://a/b;p/c\nhttp://[::1]/\nmailto:x@y\n";
    // RFC 2396 has no IP literals (they came with RFC 2732).
    let o = run(&["check", "--grammar", "rfc2396"], input);
    assert_eq!(code(&o), 1);
    assert_eq!(String::from_utf8(o.stdout).unwrap(), "<stdin>:2:8: invalid character '[' in URI reference\n");
    let o = run(&["check", "--grammar", "rfc3986"], input);
    assert_eq!(code(&o), 0);
    let o = run(&["parse", "--grammar", "rfc2396"], input);
    let r = records(&o);
    assert_eq!(r.len(), 3);
    assert_eq!(r[0]["valid"], Value::Bool(true));
    assert_eq!(s(&r[0], "path").as_deref(), Some("/b;p/c"));
    assert_eq!(r[1]["valid"], Value::Bool(false));
    assert_eq!(r[1]["error_index"], Value::from(7));
    assert_eq!(r[2]["valid"], Value::Bool(true));
    // --rule names a rule of --grammar (RFC 3986 by default); a rule the
    // grammar has not and an unknown grammar are usage errors.
    let o = run(&["parse", "--grammar", "rfc2396", "--rule", "uri"], b"");
    assert_eq!(code(&o), 2);
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        "uriscan: --rule uri is not a rule of --grammar rfc2396 (its rules: URI-reference)\n"
    );
    assert_eq!(code(&run(&["parse", "--rule", "uri", "--grammar", "rfc1630"], b"")), 2);
    // Any entry rule of any grammar: an IRI (with a scheme) of RFC 3987.
    let o = run(&["check", "--grammar", "rfc3987", "--rule", "IRI"], "http://a/\u{e9}\n/rel\n".as_bytes());
    assert_eq!(code(&o), 1);
    assert_eq!(String::from_utf8_lossy(&o.stdout), "<stdin>:2:1: invalid character '/' in scheme\n");
    assert_eq!(code(&run(&["check", "--grammar", "rfc9999"], b"")), 2);
    assert_eq!(code(&run(&["split", "--grammar", "rfc2396"], b"")), 2);
}

#[test]
fn extract_prints_line_col_and_uri() {
    let text = b"See <http://www.example.com/very-\n   long-path> and \"ftp://x.example/a\".\n\
10.0.0.1 - - [x] \"GET /a HTTP/1.1\" 200 5 \"https://ref.example/p?q=1\" \"Mozilla\"\n\
end (see http://a.example/b_(c)).\n";
    let o = run(&["extract"], text);
    assert_eq!(code(&o), 0);
    assert_eq!(
        String::from_utf8(o.stdout).unwrap(),
        "1:6\thttp://www.example.com/very-long-path\n2:20\tftp://x.example/a\n3:43\thttps://ref.example/p?q=1\n4:10\thttp://a.example/b_(c)\n"
    );
    let d = TempDir::new("extract");
    let f = d.file("log.txt", text);
    let o = run(&["extract", "--format", "jsonl", "--scheme", "https", &f], b"");
    let r = records(&o);
    assert_eq!(r.len(), 1);
    assert_eq!(s(&r[0], "uri").as_deref(), Some("https://ref.example/p?q=1"));
    assert_eq!(r[0]["line"], Value::from(3));
    assert_eq!(r[0]["col"], Value::from(43));
    assert_eq!(r[0]["delimiter"], Value::from("quote"));
    assert_eq!(r[0]["valid"], Value::Bool(true));
    let start = r[0]["start"].as_u64().unwrap() as usize;
    let end = r[0]["end"].as_u64().unwrap() as usize;
    assert_eq!(&text[start..end], b"https://ref.example/p?q=1");
    // Several files: names in front; a missing one is reported and gives exit 2.
    let o = run(&["extract", &f, "/nonexistent/x.txt"], b"");
    assert_eq!(code(&o), 2);
    assert!(String::from_utf8(o.stdout).unwrap().starts_with(&format!("{f}:1:6\thttp://")));
    assert_eq!(code(&run(&["extract", "--top", "3"], b"")), 2);
}

#[test]
fn check_strict_hosts_and_redacted_base() {
    let input = b"http://0x7f.1/\nhttp://127.0.0.1/\nhttp://example.com/\nhttp://2130706433:80/\n";
    let o = run(&["check"], input);
    assert_eq!(code(&o), 0, "all four are valid RFC 3986");
    let o = run(&["check", "--strict-hosts"], input);
    assert_eq!(code(&o), 1);
    assert_eq!(
        String::from_utf8(o.stdout).unwrap(),
        "<stdin>:1:8: host reads as the IPv4 address 127.0.0.1 (RFC 3986 section 7.4): 0x7f.1\n\
         <stdin>:4:8: host reads as the IPv4 address 127.0.0.1 (RFC 3986 section 7.4): 2130706433\n"
    );
    assert_eq!(code(&run(&["parse", "--strict-hosts"], b"")), 2);
    // A password in a bad --base is never echoed (RFC 3986 section 7.5).
    let o = run(&["resolve", "--base", "http://u:secret@h:x/"], b"");
    assert_eq!(code(&o), 2);
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(err.contains("u:****@h") && !err.contains("secret"), "{err}");
}
