//! The defects of issue 40 (item 5) a demanding user found, each as the
//! user met it: CSV rows lost or swallowed, `extract -0` line numbers,
//! Parquet through a pipe, `-j` past the system's threads, `stats`' memory
//! and its `-o`, `check`'s summary of unread inputs, a repeated field, a
//! Parquet file read as text.

mod common;

use std::io::Write;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use arrow_array::cast::AsArray;
use arrow_array::{ArrayRef, RecordBatch, StringArray};
use common::{code, run, TempDir, BIN};
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
use parquet::arrow::ArrowWriter;

fn stdout(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A Parquet file with one string column `url` (`None`: null).
fn url_parquet(values: &[Option<&str>]) -> Vec<u8> {
    let col: ArrayRef = Arc::new(StringArray::from(values.to_vec()));
    let batch = RecordBatch::try_from_iter([("url", col)]).unwrap();
    let mut out = Vec::new();
    let mut w = ArrowWriter::try_new(&mut out, batch.schema(), None).unwrap();
    w.write(&batch).unwrap();
    w.close().unwrap();
    out
}

/// Runs `uriscan args`, killing it after 60 s (a hang is a failure, not a
/// test that never ends).
fn run_bounded(args: &[&str]) -> std::process::Output {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("uriscan {args:?} did not end within 60 s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// Defect 1: a CSV column with nulls (a one-column CSV written by pyarrow
/// has a blank line for each) keeps every row and its number; a row with
/// too few or too many fields and a quote left open are errors naming the
/// row (exit 2), after the rows before them.
#[test]
fn csv_rows_all_kept_and_malformed_rows_named() {
    let dir = TempDir::new("csv");
    let nulls = dir.file("nulls.csv", b"url\nhttp://a/\n\nhttp://b/\n\nhttp://c/\n");
    let o = run(&["parse", "--column", "url", "-F", "line,input", "-f", "tsv", &nulls], b"");
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(stdout(&o), "line\tinput\n1\thttp://a/\n2\t\n3\thttp://b/\n4\t\n5\thttp://c/\n");
    // CRLF, and several columns with an empty field and a blank row.
    let crlf = dir.file("crlf.csv", b"id,url\r\n1,http://a/\r\n2,\r\n\r\n5,\"http://e/\"\r\n");
    let o = run(&["parse", "--column", "url", "-F", "line,input", "-f", "tsv", &crlf], b"");
    assert_eq!(stdout(&o), "line\tinput\n1\thttp://a/\n2\t\n3\t\n4\thttp://e/\n", "{}", stderr(&o));

    for (name, data, row) in [
        ("short.csv", &b"id,url\n1,http://a/\n2\n3,http://c/\n"[..], 2),
        ("long.csv", &b"id,url\n1,http://a/\n2,http://b/,x\n3,http://c/\n"[..], 2),
    ] {
        let f = dir.file(name, data);
        let o = run(&["parse", "--column", "url", "-F", "line,input", "-f", "tsv", &f], b"");
        assert_eq!(code(&o), 2, "{name}");
        assert_eq!(stdout(&o), "line\tinput\n1\thttp://a/\n", "{name}");
        let e = stderr(&o);
        assert!(e.contains(&format!("CSV row {row} has")) && e.contains("the column is field 2"), "{name}: {e}");
        // check says that rows were not read, never "all valid".
        let o = run(&["check", "--column", "url", &f], b"");
        assert_eq!(code(&o), 2, "{name}");
        assert!(!stderr(&o).contains("all valid") && stderr(&o).contains("could not be read"), "{}", stderr(&o));
    }

    let quote = dir.file("quote.csv", b"id,url\n1,http://a/\n2,\"http://b/\n3,http://c/\n");
    let o = run(&["parse", "--column", "url", "-F", "line,input", "-f", "tsv", &quote], b"");
    assert_eq!(code(&o), 2);
    assert_eq!(stdout(&o), "line\tinput\n1\thttp://a/\n");
    assert!(stderr(&o).contains("row 2: a quoted field is not closed"), "{}", stderr(&o));
    // A line break inside a closed quoted field is data, not a row.
    let inside = dir.file("inside.csv", b"url\n\"http://a/\n\nb\"\nhttp://c/\n");
    let o = run(&["parse", "--column", "url", "-F", "line,input", "-f", "tsv", &inside], b"");
    assert_eq!(stdout(&o), "line\tinput\n1\thttp://a/\\n\\nb\n2\thttp://c/\n", "{}", stderr(&o));
}

/// Defect 2: `extract -0` numbers NUL-ended lines, as `parse -0` does.
#[test]
fn extract_counts_nul_line_ends() {
    let input = b"see http://a/ x\0and http://b/\0\0at http://c/\n";
    let o = run(&["extract", "-0", "-f", "tsv", "-F", "line,col,start,uri"], input);
    assert_eq!(code(&o), 0);
    let out = stdout(&o);
    let rows: Vec<&str> = out.split('\0').filter(|r| !r.is_empty()).map(|r| r.trim_end()).collect();
    assert_eq!(rows, ["line\tcol\tstart\turi", "1\t5\t4\thttp://a/", "2\t5\t20\thttp://b/", "4\t4\t34\thttp://c/"]);
    let p = run(&["parse", "-0", "-f", "tsv", "-F", "line"], input);
    assert_eq!(stdout(&p).split('\0').filter(|r| !r.is_empty()).count(), 5);
}

/// Defect 5: `extract` reads in chunks, and its results are those of the
/// whole text: line numbers, byte offsets, and a URI in `<...>` wrapped
/// over lines where a chunk would otherwise end (each chunk is at least
/// 64 KiB on one thread, 256 KiB on several).
#[test]
fn extract_streams_with_the_whole_text_results() {
    let mut text = Vec::new();
    let mut expect = vec!["line\tstart\turi\tdelimiter".to_string()];
    for i in 0..40_000u64 {
        if i % 5000 == 4999 {
            let start = text.len() + 4;
            // Wrapped over three lines, so the middle of it is a line end
            // where a chunk could end.
            write!(text, "at <http://w{i}.example/a/\n  b/\n  c> end\n").unwrap();
            expect.push(format!("{}\t{}\thttp://w{i}.example/a/b/c\tangle", i + 1 + 2 * (i / 5000), start));
        } else {
            let start = text.len() + 3;
            writeln!(text, "at http://h{i}.example/p?q={i} end").unwrap();
            expect.push(format!("{}\t{}\thttp://h{i}.example/p?q={i}\tbare", i + 1 + 2 * (i / 5000), start));
        }
    }
    // One wrapped over 30000 lines (150 KB): more than a read, so a chunk
    // would end inside it.
    let start = text.len() + 5;
    text.extend_from_slice(b"end <http://long.example/");
    (0..30_000).for_each(|_| text.extend_from_slice(b"\n  x/"));
    text.extend_from_slice(b">\n");
    expect.push(format!("40017\t{start}\thttp://long.example/{}\tangle", "x/".repeat(30_000)));
    let want = expect.join("\n") + "\n";
    for j in ["1", "3"] {
        let o = run(&["extract", "-j", j, "-f", "tsv", "-F", "line,start,uri,delimiter"], &text);
        assert_eq!(code(&o), 0);
        assert!(stdout(&o) == want, "-j {j}: the results differ from the whole text's");
    }
}

/// Defect 3: a Parquet file through a named pipe or `<(...)` is read once
/// (into memory), not opened a second time.
#[test]
fn parquet_through_a_pipe() {
    let dir = TempDir::new("fifo");
    let data = url_parquet(&[Some("http://a/"), None, Some("http://b/x")]);
    let fifo = dir.0.join("urls.parquet");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let (path, bytes) = (fifo.clone(), data.clone());
    let writer = std::thread::spawn(move || {
        let mut f = std::fs::OpenOptions::new().write(true).open(path).unwrap();
        let _ = f.write_all(&bytes);
    });
    let o = run_bounded(&["parse", "--column", "url", "-F", "line,host", "-f", "tsv", fifo.to_str().unwrap()]);
    writer.join().unwrap();
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(stdout(&o), "line\thost\n1\ta\n2\t\\N\n3\tb\n");
    // A pipe without the .parquet name: known by its magic.
    let fifo2 = dir.0.join("urls");
    assert!(Command::new("mkfifo").arg(&fifo2).status().unwrap().success());
    let path = fifo2.clone();
    let writer = std::thread::spawn(move || {
        let mut f = std::fs::OpenOptions::new().write(true).open(path).unwrap();
        let _ = f.write_all(&data);
    });
    let o = run_bounded(&["parse", "--column", "url", "-F", "line,host", "-f", "tsv", fifo2.to_str().unwrap()]);
    writer.join().unwrap();
    assert_eq!(stdout(&o), "line\thost\n1\ta\n2\t\\N\n3\tb\n", "{}", stderr(&o));
}

/// Defect 7: a Parquet file without `--column` is refused (exit 2, named),
/// not read as lines of binary.
#[test]
fn parquet_without_column_is_refused() {
    let dir = TempDir::new("pq");
    let f = dir.file("urls.parquet", &url_parquet(&[Some("http://a/")]));
    let o = run(&["parse", &f], b"");
    assert_eq!(code(&o), 2);
    assert_eq!(stdout(&o), "");
    assert!(stderr(&o).contains("urls.parquet: a Parquet file") && stderr(&o).contains("--column"), "{}", stderr(&o));
    // A text line that merely starts with PAR1 is a line.
    let o = run(&["parse", "-F", "path", "-f", "text"], b"PAR1x\n");
    assert_eq!((code(&o), stdout(&o).as_str()), (0, "PAR1x\n"));
}

/// Defect 4: `-j` past its maximum is a usage error (exit 2), not an abort.
#[test]
fn too_many_threads_is_a_usage_error() {
    let o = run(&["check", "-j", "100000"], b"http://a/\n");
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("0..=1024"), "{}", stderr(&o));
    let o = run(&["check", "-j", "64"], b"http://a/\n");
    assert_eq!(code(&o), 0, "{}", stderr(&o));
}

/// Defect 5: `stats` counts at most 65536 distinct keys per list exactly,
/// then a summary: the frequent host is still first, its count at most the
/// stated error low, and the distinct count an estimate.
#[test]
fn stats_past_its_capacity() {
    let n = 150_000u64;
    let mut input = Vec::new();
    for i in 0..n {
        if i % 4 == 0 {
            input.extend_from_slice(b"http://hot.example/\n");
        } else {
            writeln!(input, "http://h{i}.example/").unwrap();
        }
    }
    let o = run(&["stats", "--top", "1", "-f", "tsv"], &input);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let rows: Vec<Vec<String>> =
        stdout(&o).lines().skip(1).map(|l| l.split('\t').map(str::to_string).collect()).collect();
    let get = |section: &str, key: &str| {
        rows.iter().find(|r| r[0] == section && r[1] == key).map(|r| r[2].parse::<u64>().unwrap())
    };
    let error = get("total", "count_error_hosts").expect("a count error row past the capacity");
    assert!(error > 0 && error <= n / (65536 / 2 + 1), "{error}");
    let hot = get("host", "hot.example").expect("the frequent host listed");
    assert!(hot <= n / 4 && hot + error >= n / 4, "{hot} {error}");
    let distinct = get("total", "distinct_hosts").unwrap() as f64;
    let exact = (n - n / 4 + 1) as f64;
    assert!((distinct - exact).abs() / exact < 0.05, "{distinct} for {exact}");
    // Under the capacity: exact, and no error row.
    let o = run(&["stats", "-f", "tsv"], b"http://a/\nhttp://b/\nhttp://a/\n");
    assert!(stdout(&o).contains("total\tdistinct_hosts\t2\n") && !stdout(&o).contains("count_error"));
}

/// Defect 6: `stats` writes its report to `-o FILE`, also as Parquet.
#[test]
fn stats_to_a_file_and_parquet() {
    let dir = TempDir::new("stats");
    let tsv = dir.0.join("s.tsv");
    let o = run(&["stats", "-f", "tsv", "-o", tsv.to_str().unwrap()], b"http://a/\nhttp://a/\nx y\n");
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(stdout(&o), "");
    let written = std::fs::read_to_string(&tsv).unwrap();
    assert!(
        written.starts_with("section\tkey\tcount\ntotal\tlines\t3\n") && written.contains("host\ta\t2\n"),
        "{written}"
    );
    let pq = dir.0.join("s.parquet");
    let o = run(&["stats", "-f", "parquet", "-o", pq.to_str().unwrap()], b"http://a/\nhttp://a/\nx y\n");
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let file = std::fs::File::open(&pq).unwrap();
    let batches: Vec<RecordBatch> =
        ParquetRecordBatchReaderBuilder::try_new(file).unwrap().build().unwrap().map(Result::unwrap).collect();
    let b = &batches[0];
    assert_eq!(b.schema().fields().iter().map(|f| f.name().as_str()).collect::<Vec<_>>(), ["section", "key", "count"]);
    let (sections, keys) = (b.column(0).as_string::<i32>(), b.column(1).as_string::<i32>());
    assert!((0..b.num_rows()).any(|i| sections.value(i) == "host" && keys.value(i) == "a"));
    // An input that cannot be read leaves -o FILE as it was.
    let o = run(&["stats", "-f", "tsv", "-o", tsv.to_str().unwrap(), "/no/such/file"], b"");
    assert_eq!(code(&o), 2);
    assert_eq!(std::fs::read_to_string(&tsv).unwrap(), written);
}

/// Defect 7: `check` of a file that is not there is an error naming it
/// (exit 2), never "all valid"; `-F` naming a field twice is a usage error.
#[test]
fn check_missing_file_and_repeated_field() {
    let o = run(&["check", "/no/such/missing.txt"], b"");
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("/no/such/missing.txt: No such file or directory"), "{}", stderr(&o));
    assert!(!stderr(&o).contains("all valid"), "{}", stderr(&o));
    for format in ["jsonl", "parquet"] {
        let o = run(&["parse", "-F", "host,host", "-f", format], b"http://a/\n");
        assert_eq!(code(&o), 2, "{format}");
        assert!(stderr(&o).contains("--fields names 'host' twice"), "{}", stderr(&o));
        assert_eq!(stdout(&o), "");
    }
}
