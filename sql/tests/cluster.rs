//! `uriscan-sql --scheduler`: the same query on a Ballista cluster (a
//! scheduler and two executors in this process, on loopback ports the
//! system picks) gives the same rows as in-process; a text list is refused
//! there with a message that says what to do; a scheduler that is not
//! there is an error, exit status 1.

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::sync::Arc;
use std::time::Duration;

use datafusion::arrow::array::{ArrayRef, StringArray};
use datafusion::arrow::datatypes::{DataType, Field, Schema};
use datafusion::arrow::record_batch::RecordBatch;
use datafusion::parquet::arrow::ArrowWriter;

const BIN: &str = env!("CARGO_BIN_EXE_uriscan-sql");

fn write_parts(dir: &Path) {
    let schema = Arc::new(Schema::new(vec![Field::new("url", DataType::Utf8, true)]));
    for part in 0..3 {
        let urls: Vec<Option<String>> = (0..400)
            .map(|i| match i % 9 {
                0 => None,
                1 => Some(format!("not a uri {i}")),
                _ => Some(format!("https://h{}.example.co.uk/a/{}?q={part}", i % 5, i % 17)),
            })
            .collect();
        let column: ArrayRef = Arc::new(StringArray::from(urls));
        let batch = RecordBatch::try_new(schema.clone(), vec![column]).unwrap();
        let file = std::fs::File::create(dir.join(format!("part-{part}.parquet"))).unwrap();
        let mut w = ArrowWriter::try_new(file, schema.clone(), None).unwrap();
        w.write(&batch).unwrap();
        w.close().unwrap();
    }
}

fn sql(dir: &Path, args: &[&str]) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Bounded: never a hung test.
    let start = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(120) {
            let _ = child.kill();
            panic!("uriscan-sql {args:?} ran for two minutes");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_same_query_on_a_cluster() {
    let dir = tempfile::tempdir().unwrap();
    let parts = dir.path().join("parts");
    std::fs::create_dir(&parts).unwrap();
    write_parts(&parts);
    std::fs::write(dir.path().join("u.txt"), "http://a.example/\n").unwrap();
    let addr = tokio::time::timeout(Duration::from_secs(60), uriscan_ballista::local_cluster(2, 2))
        .await
        .expect("cluster start hung")
        .unwrap();
    assert!(addr.ip().is_loopback(), "scheduler on {addr}");
    let scheduler = format!("localhost:{}", addr.port());
    let d = dir.path().to_path_buf();
    let outputs = tokio::task::spawn_blocking(move || {
        let q = "SELECT uri_registrable_domain(url) AS d, uri_host(url) AS h, count(*) AS n, \
                 max(parse_url(url, 'QUERY', 'q')) AS q, min(cutURLParameter(url, 'q')) AS c \
                 FROM 'parts/' GROUP BY d, h ORDER BY d, h";
        let local = sql(&d, &["-f", "csv", q]);
        let remote = sql(&d, &["-f", "csv", "--scheduler", &scheduler, q]);
        let text = sql(&d, &["--scheduler", &scheduler, "SELECT * FROM 'u.txt'"]);
        (local, remote, text)
    })
    .await
    .unwrap();
    let (local, remote, text) = outputs;
    let out = |o: &Output| String::from_utf8_lossy(&o.stdout).into_owned();
    let err = |o: &Output| String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(local.status.code(), Some(0), "{}", err(&local));
    assert_eq!(remote.status.code(), Some(0), "{}", err(&remote));
    assert!(out(&local).lines().count() > 5, "{}", out(&local));
    assert_eq!(out(&remote), out(&local));
    assert_eq!(text.status.code(), Some(1));
    assert!(err(&text).contains("u.txt: a text list is read in-process only"), "{}", err(&text));
}

#[test]
fn no_scheduler_is_a_failed_query() {
    let dir = tempfile::tempdir().unwrap();
    write_parts(dir.path());
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let o = sql(dir.path(), &["--scheduler", &format!("127.0.0.1:{port}"), "SELECT count(*) FROM 'part-0.parquet'"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}
