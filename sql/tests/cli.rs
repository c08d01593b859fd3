//! The `uriscan-sql` binary as a shell user runs it: files named in the
//! query, the output formats, `-o` whole or untouched, the exit statuses,
//! and the defects of the example it replaces (issue 40, item 5).

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::sync::Arc;

use datafusion::arrow::array::{ArrayRef, StringArray};
use datafusion::arrow::datatypes::{DataType, Field, Schema};
use datafusion::arrow::record_batch::RecordBatch;
use datafusion::parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
use datafusion::parquet::arrow::ArrowWriter;

const BIN: &str = env!("CARGO_BIN_EXE_uriscan-sql");

/// Runs the binary in `dir` with `args`.
fn run(dir: &Path, args: &[&str]) -> Output {
    Command::new(BIN).args(args).current_dir(dir).stdin(Stdio::null()).output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

/// Runs and expects exit status 0; gives standard output.
fn ok(dir: &Path, args: &[&str]) -> String {
    let o = run(dir, args);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
    stdout(&o)
}

/// Runs and expects exit status `code`; gives standard error.
fn fails(dir: &Path, code: i32, args: &[&str]) -> String {
    let o = run(dir, args);
    assert_eq!(o.status.code(), Some(code), "{args:?}: stdout {} stderr {}", stdout(&o), stderr(&o));
    assert!(!stderr(&o).contains("panicked"), "{}", stderr(&o));
    stderr(&o)
}

fn write_parquet(path: &Path, urls: &[Option<&str>]) {
    let schema = Arc::new(Schema::new(vec![Field::new("url", DataType::Utf8, true)]));
    let column: ArrayRef = Arc::new(StringArray::from(urls.to_vec()));
    let batch = RecordBatch::try_new(schema.clone(), vec![column]).unwrap();
    let mut w = ArrowWriter::try_new(std::fs::File::create(path).unwrap(), schema, None).unwrap();
    w.write(&batch).unwrap();
    w.close().unwrap();
}

fn read_parquet(path: &Path) -> Vec<RecordBatch> {
    let file = std::fs::File::open(path).unwrap();
    ParquetRecordBatchReaderBuilder::try_new(file).unwrap().build().unwrap().map(Result::unwrap).collect()
}

/// The files of `dir`, sorted (to see that no temporary file remains).
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> =
        std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    names
}

#[test]
fn every_family_of_functions_over_a_text_list() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("u.txt"), "http://www.Example.com:8080/a/b?x=1&y=2#f\n").unwrap();
    let out = ok(
        dir.path(),
        &[
            "-f",
            "csv",
            "SELECT uri_host(url) AS h, uri_port(url) AS p, parse_url(url, 'QUERY', 'y') AS spark, \
             domain(url) AS ch, cutURLParameter(url, 'x') AS cut, uri_registrable_domain(url) AS rd, \
             uri_surt(url) AS surt, uri_cc_index(url)['url_host_name_reversed'] AS rev, line FROM 'u.txt'",
        ],
    );
    // RFC 3986 keeps the host's case; Spark's parse_url gives y's value;
    // ClickHouse's domain is the host; cutURLParameter drops x=1; the
    // registrable domain keeps the host's case; SURT (lower case, without
    // `www`) and the Common Crawl index reverse the host's labels.
    assert_eq!(
        out,
        "h,p,spark,ch,cut,rd,surt,rev,line\n\
         www.Example.com,8080,2,www.Example.com,http://www.Example.com:8080/a/b?y=2#f,Example.com,\
         \"com,example:8080)/a/b?x=1&y=2\",com.example.www,1\n"
    );
}

#[test]
fn upper_case_extensions_are_csv_and_parquet() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("OK.CSV"), "n,url\n1,http://a.example/\n2,http://b.example/\n").unwrap();
    write_parquet(&dir.path().join("N.PARQUET"), &[Some("http://c.example/"), None]);
    let csv = ok(dir.path(), &["-f", "csv", "SELECT n, uri_host(url) AS h FROM 'OK.CSV' ORDER BY n"]);
    assert_eq!(csv, "n,h\n1,a.example\n2,b.example\n");
    let parquet = ok(dir.path(), &["-f", "jsonl", "SELECT uri_host(url) AS h FROM 'N.PARQUET'"]);
    let mut lines: Vec<&str> = parquet.lines().collect();
    lines.sort();
    assert_eq!(lines, ["{\"h\":\"c.example\"}", "{\"h\":null}"]);
    // A Parquet file without the extension is known by its first bytes.
    std::fs::copy(dir.path().join("N.PARQUET"), dir.path().join("n.data")).unwrap();
    assert_eq!(ok(dir.path(), &["-f", "csv", "SELECT count(url) AS c FROM 'n.data'"]), "c\n1\n");
}

#[test]
fn a_byte_order_mark_is_not_part_of_the_first_url_or_column() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("bom.txt"), "\u{feff}http://a.example/x\r\nhttp://b.example/\r\n").unwrap();
    let out = ok(dir.path(), &["-f", "csv", "SELECT line, url, uri_is_valid(url) AS v FROM 'bom.txt' ORDER BY line"]);
    assert_eq!(out, "line,url,v\n1,http://a.example/x,true\n2,http://b.example/,true\n");
    std::fs::write(dir.path().join("bom.csv"), "\u{feff}url\nhttp://c.example/\n").unwrap();
    assert_eq!(ok(dir.path(), &["-f", "csv", "SELECT uri_host(url) AS h FROM 'bom.csv'"]), "h\nc.example\n");
}

#[test]
fn a_missing_file_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let err = fails(dir.path(), 1, &["SELECT * FROM 'missing.txt'"]);
    assert!(err.contains("missing.txt: No such file or directory"), "{err}");
    assert!(!err.contains("IoError") && !err.contains("os error"), "{err}");
    let err = fails(dir.path(), 1, &["SELECT * FROM 'no/such/dir/'"]);
    assert!(err.contains("no/such/dir/: No such file or directory"), "{err}");
    // A name that is not a path is an unknown table.
    let err = fails(dir.path(), 1, &["SELECT * FROM urls"]);
    assert!(err.contains("urls") && err.contains("not found"), "{err}");
}

#[test]
fn an_empty_text_file_is_an_empty_table() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("empty.txt"), "").unwrap();
    assert_eq!(ok(dir.path(), &["-f", "csv", "SELECT count(*) AS n FROM 'empty.txt'"]), "n\n0\n");
    assert_eq!(ok(dir.path(), &["-f", "csv", "SELECT url FROM 'empty.txt'"]), "url\n");
    assert_eq!(ok(dir.path(), &["-f", "jsonl", "SELECT url FROM 'empty.txt'"]), "");
    let table = ok(dir.path(), &["SELECT url, line FROM 'empty.txt'"]);
    assert!(table.contains("| url | line |"), "{table}");
}

#[test]
fn output_is_never_written_before_the_query_is_planned() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("u.txt"), "http://a.example/\n").unwrap();
    std::fs::write(dir.path().join("keep.parquet"), "old contents").unwrap();
    let before = listing(dir.path());
    for (query, code) in [
        ("SELEC url FROM 'u.txt'", 1),               // not SQL
        ("SELECT url FROM 'missing.txt'", 1),        // a missing input
        ("SELECT nosuch FROM 'u.txt'", 1),           // an unknown column
        ("SELECT uri_nosuch(url) FROM 'u.txt'", 1),  // an unknown function
        ("SELECT CAST(url AS INT) FROM 'u.txt'", 1), // fails while it runs
    ] {
        let err = fails(dir.path(), code, &["-f", "parquet", "-o", "keep.parquet", query]);
        assert!(!err.is_empty());
        assert_eq!(std::fs::read(dir.path().join("keep.parquet")).unwrap(), b"old contents", "{query}");
        assert_eq!(listing(dir.path()), before, "{query}: a temporary file remains");
    }
    // A CSV that cannot hold a list column is a usage error, found before writing.
    let err = fails(dir.path(), 2, &["-f", "csv", "-o", "keep.parquet", "SELECT uri_path_segments(url) FROM 'u.txt'"]);
    assert!(err.contains("-f csv cannot hold column"), "{err}");
    assert_eq!(std::fs::read(dir.path().join("keep.parquet")).unwrap(), b"old contents");
}

#[test]
fn output_replaces_the_file_when_the_whole_result_is_written() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("u.txt"), "http://a.example/1\nhttp://b.example/2\nnot a uri\n").unwrap();
    std::fs::write(dir.path().join("out.parquet"), "old").unwrap();
    let out = ok(dir.path(), &["-f", "parquet", "-o", "out.parquet", "SELECT line, uri_host(url) AS h FROM 'u.txt'"]);
    assert_eq!(out, "");
    let batches = read_parquet(&dir.path().join("out.parquet"));
    let rows: usize = batches.iter().map(RecordBatch::num_rows).sum();
    assert_eq!(rows, 3);
    assert_eq!(listing(dir.path()), ["out.parquet", "u.txt"]);
    // The output may be the input: it is read before it is replaced.
    ok(dir.path(), &["-f", "parquet", "-o", "out.parquet", "SELECT h FROM 'out.parquet' WHERE h IS NOT NULL"]);
    let rows: usize = read_parquet(&dir.path().join("out.parquet")).iter().map(RecordBatch::num_rows).sum();
    assert_eq!(rows, 2);
}

#[cfg(unix)]
#[test]
fn output_keeps_the_mode_of_the_file_it_replaces() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let old = dir.path().join("old.csv");
    std::fs::write(&old, "x").unwrap();
    std::fs::set_permissions(&old, std::fs::Permissions::from_mode(0o600)).unwrap();
    ok(dir.path(), &["-f", "csv", "-o", "old.csv", "SELECT 1 AS a"]);
    assert_eq!(std::fs::metadata(&old).unwrap().permissions().mode() & 0o777, 0o600);
    assert_eq!(std::fs::read_to_string(&old).unwrap(), "a\n1\n");
    // A new file gets the mode any new file gets (0666 less the umask),
    // not the 0600 of a temporary file.
    ok(dir.path(), &["-f", "csv", "-o", "new.csv", "SELECT 1 AS a"]);
    std::fs::write(dir.path().join("plain"), "").unwrap();
    let plain = std::fs::metadata(dir.path().join("plain")).unwrap().permissions().mode() & 0o777;
    assert_eq!(std::fs::metadata(dir.path().join("new.csv")).unwrap().permissions().mode() & 0o777, plain);
}

#[test]
fn output_to_a_missing_directory_is_status_3() {
    let dir = tempfile::tempdir().unwrap();
    let err = fails(dir.path(), 3, &["-o", "no/such/dir/out.csv", "-f", "csv", "SELECT 1"]);
    assert!(err.contains("no/such/dir/out.csv"), "{err}");
    let err = fails(dir.path(), 3, &["-o", ".", "SELECT 1"]);
    assert!(err.contains("is a directory"), "{err}");
}

#[test]
fn formats() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("u.txt"), "http://a.example/p?q=1\n/rel\n").unwrap();
    let q = "SELECT line, uri_scheme(url) AS s, uri_path(url) AS p FROM 'u.txt' ORDER BY line";
    assert_eq!(ok(dir.path(), &["-f", "csv", q]), "line,s,p\n1,http,/p\n2,,/rel\n");
    let jsonl = ok(dir.path(), &["-f", "jsonl", q]);
    assert_eq!(jsonl, "{\"line\":1,\"s\":\"http\",\"p\":\"/p\"}\n{\"line\":2,\"s\":null,\"p\":\"/rel\"}\n");
    // `json` is accepted for JSON Lines.
    assert_eq!(ok(dir.path(), &["-f", "json", q]), jsonl);
    let table = ok(dir.path(), &[q]);
    assert!(table.contains("| line | s    | p    |") && table.contains("| 2    |      | /rel |"), "{table}");
    // A nested column goes to JSON Lines as JSON.
    let nested = ok(dir.path(), &["-f", "jsonl", "SELECT uri_path_segments(url) AS s FROM 'u.txt' ORDER BY line"]);
    assert_eq!(nested, "{\"s\":[\"p\"]}\n{\"s\":[\"rel\"]}\n");
    // The query from standard input.
    let mut child = Command::new(BIN)
        .args(["-f", "csv", "-"])
        .current_dir(dir.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child.stdin.take().unwrap().write_all(b"SELECT count(*) AS n FROM 'u.txt'").unwrap();
    let o = child.wait_with_output().unwrap();
    assert_eq!(stdout(&o), "n\n2\n");
}

#[test]
fn usage_errors_are_status_2() {
    let dir = tempfile::tempdir().unwrap();
    for args in [
        &["-f", "xml", "SELECT 1"][..],
        &["--scheduler", "nohostport", "SELECT 1"],
        &["--scheduler", "h:99999", "SELECT 1"],
        &[],
    ] {
        fails(dir.path(), 2, args);
    }
}

#[test]
fn only_queries_run() {
    let dir = tempfile::tempdir().unwrap();
    for q in ["COPY (SELECT 1) TO 'x.csv'", "CREATE TABLE t AS SELECT 1", "SET datafusion.execution.batch_size = 1"] {
        fails(dir.path(), 1, &[q]);
    }
    assert!(listing(dir.path()).is_empty());
}

#[test]
fn directories_of_parts() {
    let dir = tempfile::tempdir().unwrap();
    let parts = dir.path().join("parts");
    std::fs::create_dir(&parts).unwrap();
    write_parquet(&parts.join("part-0.parquet"), &[Some("http://a.example/"), Some("http://b.example/")]);
    write_parquet(&parts.join("part-1.PARQUET"), &[Some("http://a.example/x")]);
    std::fs::write(parts.join("_SUCCESS"), "").unwrap();
    let out =
        ok(dir.path(), &["-f", "csv", "SELECT uri_host(url) AS h, count(*) AS n FROM 'parts' GROUP BY h ORDER BY h"]);
    assert_eq!(out, "h,n\na.example,2\nb.example,1\n");
    std::fs::write(parts.join("notes.txt"), "x\n").unwrap();
    let err = fails(dir.path(), 1, &["SELECT * FROM 'parts/'"]);
    assert!(err.contains("files of two kinds"), "{err}");
    let texts = dir.path().join("texts");
    std::fs::create_dir(&texts).unwrap();
    std::fs::write(texts.join("a.txt"), "http://a.example/\nhttp://b.example/\n").unwrap();
    std::fs::write(texts.join("b.log"), "http://c.example/\n").unwrap();
    assert_eq!(ok(dir.path(), &["-f", "csv", "SELECT count(*) AS n, max(line) AS l FROM 'texts/'"]), "n,l\n3,2\n");
}

#[test]
fn malformed_files_are_clear_errors() {
    let dir = tempfile::tempdir().unwrap();
    // A Parquet file cut in half.
    write_parquet(&dir.path().join("whole.parquet"), &[Some("http://a.example/"); 100]);
    let bytes = std::fs::read(dir.path().join("whole.parquet")).unwrap();
    std::fs::write(dir.path().join("cut.parquet"), &bytes[..bytes.len() / 2]).unwrap();
    let err = fails(dir.path(), 1, &["SELECT count(*) FROM 'cut.parquet'"]);
    assert!(err.contains("cut.parquet") && err.contains("Parquet"), "{err}");
    // A CSV file that is not UTF-8.
    std::fs::write(dir.path().join("latin1.csv"), b"url\nhttp://a.example/caf\xE9\n").unwrap();
    let err = fails(dir.path(), 1, &["SELECT uri_host(url) FROM 'latin1.csv'"]);
    assert!(err.to_lowercase().contains("utf-8") || err.to_lowercase().contains("utf8"), "{err}");
    // A compressed file.
    std::fs::write(dir.path().join("u.txt.gz"), b"\x1F\x8B\x08\x00rest").unwrap();
    let err = fails(dir.path(), 1, &["SELECT * FROM 'u.txt.gz'"]);
    assert!(err.contains("u.txt.gz") && err.contains("gzip"), "{err}");
    // An empty Parquet or CSV file.
    std::fs::write(dir.path().join("empty.parquet"), b"").unwrap();
    let err = fails(dir.path(), 1, &["SELECT * FROM 'empty.parquet'"]);
    assert!(err.contains("empty.parquet: an empty file, not Parquet"), "{err}");
    std::fs::write(dir.path().join("empty.csv"), b"").unwrap();
    let err = fails(dir.path(), 1, &["SELECT * FROM 'empty.csv'"]);
    assert!(err.contains("empty.csv") && err.contains("no header row"), "{err}");
    // The whole file still reads.
    assert_eq!(ok(dir.path(), &["-f", "csv", "SELECT count(*) AS n FROM 'whole.parquet'"]), "n\n100\n");
}

#[test]
fn lines_that_are_not_utf8_are_rows_with_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("l.txt"), b"http://a.example/\nhttp://b.example/\xFF\n").unwrap();
    let o = run(dir.path(), &["-f", "csv", "SELECT line, url FROM 'l.txt' ORDER BY line"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), "line,url\n1,http://a.example/\n2,http://b.example/\u{FFFD}\n");
    let err = stderr(&o);
    assert!(err.contains("l.txt: 1 line(s) not UTF-8 (the first: line 2)"), "{err}");
}

#[test]
fn a_closed_pipe_ends_quietly() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(BIN)
        .args(["-f", "csv", "SELECT * FROM generate_series(1, 5000000)"])
        .current_dir(dir.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 64];
    use std::io::Read;
    child.stdout.as_mut().unwrap().read_exact(&mut first).unwrap();
    drop(child.stdout.take());
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stderr(&o), "");
}

/// The README's `uriscan-sql` example, `$ uriscan-sql -f csv "QUERY"` and
/// the lines below it in a `console` block, prints what it shows.
#[test]
fn the_readme_example_prints_what_it_shows() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let readme = std::fs::read_to_string(dir.join("README.md")).unwrap();
    let at = readme.find("$ uriscan-sql -f csv \"").expect("the README's uriscan-sql example");
    let block = &readme[at..at + readme[at..].find("```").unwrap()];
    let (cmd, want) = block.split_once('\n').unwrap();
    let q = &cmd[cmd.find('"').unwrap() + 1..cmd.rfind('"').unwrap()];
    assert_eq!(ok(&dir, &["-f", "csv", q]), want);
}
