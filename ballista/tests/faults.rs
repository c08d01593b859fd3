//! Faults on the cluster path (issue 40, item 3). Each test starts the
//! project's scheduler and two executors as separate processes on loopback
//! ports that were free, runs queries from a client in this process, and
//! stops the processes by itself (killed when the test ends, also when it
//! fails); every wait is bounded, and so is every test.
//!
//! The cluster is configured to notice a dead executor within seconds
//! (`--executor-heartbeat-interval-seconds 1`, `--executor-timeout-seconds
//! 5`, `--expire-dead-executor-interval-seconds 1`); with Ballista's
//! defaults (60 s heartbeats, 180 s timeout) a lost executor's running tasks
//! wait three minutes. The README says so.

use std::io::{Read, Write};
use std::net::{Ipv4Addr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use datafusion::arrow::array::{ArrayRef, StringArray};
use datafusion::arrow::datatypes::{DataType, Field, Schema};
use datafusion::arrow::record_batch::RecordBatch;
use datafusion::arrow::util::pretty::pretty_format_batches;
use datafusion::error::Result;
use datafusion::parquet::arrow::ArrowWriter;
use datafusion::prelude::{CsvReadOptions, ParquetReadOptions, SessionContext};

const SCHEDULER: &str = env!("CARGO_BIN_EXE_uriscan-ballista-scheduler");
const EXECUTOR: &str = env!("CARGO_BIN_EXE_uriscan-ballista-executor");

/// How long a query may take before the test calls it hung.
const QUERY_BOUND: Duration = Duration::from_secs(60);

/// The tests run one at a time: each starts three processes, and the
/// machine may have two cores.
static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// The query of the tests: one shuffle (GROUP BY), several functions.
const QUERY: &str = "SELECT uri_registrable_domain(url) AS d, count(*) AS n, \
     sum(CAST(uri_is_valid(url) AS BIGINT)) AS valid, min(uri_path(url)) AS p, max(domain(url)) AS h \
     FROM urls GROUP BY d ORDER BY d";

/// A child process, killed (SIGKILL) and reaped when dropped.
struct Proc {
    child: Child,
    log: PathBuf,
}

impl Proc {
    fn start(program: &str, args: &[String], log: PathBuf) -> Proc {
        let file = std::fs::File::create(&log).unwrap();
        let child = Command::new(program)
            .args(args)
            .env("RUST_LOG", "info")
            .stdin(Stdio::null())
            .stdout(file.try_clone().unwrap())
            .stderr(file)
            .spawn()
            .unwrap();
        Proc { child, log }
    }

    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Proc {
    fn drop(&mut self) {
        self.kill();
    }
}

/// A scheduler and its executors, all separate processes.
struct Cluster {
    dir: tempfile::TempDir,
    port: u16,
    scheduler: Proc,
    executors: Vec<Proc>,
}

/// A loopback port nothing listened on a moment ago.
fn free_port() -> u16 {
    TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).unwrap().local_addr().unwrap().port()
}

/// The status code of `GET path` on the loopback port, if it answers.
fn http_status(port: u16, path: &str) -> Option<u16> {
    let mut s = TcpStream::connect_timeout(&(Ipv4Addr::LOCALHOST, port).into(), Duration::from_secs(1)).ok()?;
    s.set_read_timeout(Some(Duration::from_secs(2))).ok()?;
    write!(s, "GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n").ok()?;
    let mut head = [0u8; 12];
    s.read_exact(&mut head).ok()?;
    std::str::from_utf8(&head[9..12]).ok()?.parse().ok()
}

impl Cluster {
    /// A scheduler and `executors` executors (with `flags`), ready: the
    /// scheduler's `/readyz` says that every executor has registered.
    fn start(executors: usize, flags: &[&str]) -> Cluster {
        let dir = tempfile::tempdir().unwrap();
        let port = free_port();
        let s = |v: &[&str]| v.iter().map(|a| a.to_string()).collect::<Vec<_>>();
        let mut args = s(&["--bind-host", "127.0.0.1", "--external-host", "127.0.0.1"]);
        args.extend(s(&["--executor-timeout-seconds", "5", "--expire-dead-executor-interval-seconds", "1"]));
        args.extend(["--bind-port".into(), port.to_string(), "--min-ready-executors".into(), executors.to_string()]);
        let scheduler = Proc::start(SCHEDULER, &args, dir.path().join("scheduler.log"));
        let mut cluster = Cluster { port, scheduler, executors: Vec::new(), dir };
        for i in 0..executors {
            let work = cluster.dir.path().join(format!("work-{i}"));
            std::fs::create_dir(&work).unwrap();
            let mut args =
                s(&["--scheduler-host", "127.0.0.1", "--bind-host", "127.0.0.1", "--external-host", "127.0.0.1"]);
            args.extend(s(&[
                "--executor-heartbeat-interval-seconds",
                "1",
                "--vcores",
                "2",
                "--scheduler-connect-timeout-seconds",
                "30",
            ]));
            for (flag, p) in
                [("--scheduler-port", port), ("--bind-port", free_port()), ("--bind-grpc-port", free_port())]
            {
                args.extend([flag.to_string(), p.to_string()]);
            }
            args.extend(["--bind-health-port".into(), free_port().to_string()]);
            args.extend(["--work-dir".into(), work.display().to_string()]);
            args.extend(s(flags));
            let log = cluster.dir.path().join(format!("executor-{i}.log"));
            cluster.executors.push(Proc::start(EXECUTOR, &args, log));
        }
        let start = Instant::now();
        while http_status(port, "/readyz") != Some(200) {
            assert!(start.elapsed() < Duration::from_secs(60), "cluster not ready after 60 s\n{}", cluster.logs());
            std::thread::sleep(Duration::from_millis(100));
        }
        cluster
    }

    /// The scheduler's `host:port`.
    fn addr(&self) -> String {
        format!("127.0.0.1:{}", self.port)
    }

    fn work_dir(&self, i: usize) -> PathBuf {
        self.dir.path().join(format!("work-{i}"))
    }

    /// The last lines of every process's log (for a failed assertion).
    fn logs(&self) -> String {
        let mut text = String::new();
        for p in std::iter::once(&self.scheduler).chain(&self.executors) {
            let log = std::fs::read_to_string(&p.log).unwrap_or_default();
            let lines: Vec<&str> = log.lines().collect();
            let tail = lines[lines.len().saturating_sub(15)..].join("\n");
            text += &format!("--- {}\n{tail}\n", p.log.display());
        }
        text
    }
}

/// Writes `parts` Parquet files of `rows` generated URLs each (valid and
/// invalid, nulls too) to `dir`.
fn write_parts(dir: &Path, parts: usize, rows: usize) {
    let schema = Arc::new(Schema::new(vec![Field::new("url", DataType::Utf8, true)]));
    let hosts =
        ["www.example.com", "a.example.org", "b.example.co.uk", "[2001:db8::7]", "192.0.2.16", "xn--bcher-kva.ch"];
    for part in 0..parts {
        let urls: Vec<Option<String>> = (0..rows)
            .map(|i| {
                let n = part * rows + i;
                match n % 13 {
                    0 => None,
                    1 => Some(format!("http://bad host/{n}")),
                    _ => Some(format!("https://s{}.{}/p/{}?k={}#f", n % 7, hosts[n % hosts.len()], n % 101, n % 13)),
                }
            })
            .collect();
        let column: ArrayRef = Arc::new(StringArray::from(urls));
        let batch = RecordBatch::try_new(schema.clone(), vec![column]).unwrap();
        let file = std::fs::File::create(dir.join(format!("part-{part}.parquet"))).unwrap();
        let mut writer = ArrowWriter::try_new(file, schema.clone(), None).unwrap();
        writer.write(&batch).unwrap();
        writer.close().unwrap();
    }
}

/// The query's answer from DataFusion in this process.
async fn local_answer(dir: &Path) -> String {
    let ctx = SessionContext::new();
    for f in uriscan_datafusion::all_functions() {
        ctx.register_udf(f.as_ref().clone());
    }
    ctx.register_parquet("urls", &format!("{}/", dir.display()), ParquetReadOptions::default()).await.unwrap();
    pretty_format_batches(&ctx.sql(QUERY).await.unwrap().collect().await.unwrap()).unwrap().to_string()
}

/// Runs `query` on the cluster of the scheduler at `addr` (`host:port`)
/// over the Parquet directory `dir`; its errors as `uriscan-sql` shows them
/// ([`uriscan_ballista::explain`]).
async fn remote_answer(addr: &str, dir: &Path, query: &str) -> Result<String> {
    let ctx = uriscan_ballista::remote(&format!("df://{addr}")).await?;
    ctx.register_parquet("urls", &format!("{}/", dir.display()), ParquetReadOptions::default()).await?;
    let df = ctx.sql(query).await?;
    let plan = df.logical_plan().clone();
    let batches = df.collect().await.map_err(|e| uriscan_ballista::explain(e, &plan, addr))?;
    Ok(pretty_format_batches(&batches)?.to_string())
}

/// Whether `dir` holds a file, at any depth (an executor's shuffle output).
fn holds_a_file(dir: &Path) -> bool {
    std::fs::read_dir(dir).into_iter().flatten().flatten().any(|e| {
        let p = e.path();
        if p.is_dir() {
            holds_a_file(&p)
        } else {
            true
        }
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_executor_killed_mid_query() {
    let _serial = ONE_AT_A_TIME.lock().await;
    let data = tempfile::tempdir().unwrap();
    write_parts(data.path(), 16, 4000);
    let expected = local_answer(data.path()).await;
    assert!(expected.lines().count() > 5, "{expected}");
    let mut cluster = Cluster::start(2, &[]);

    // The undisturbed query on this cluster: its answer, and its time (a
    // test binary is unoptimized and the machine may be busy; a query that
    // takes four times as long, and at least 60 s, is taken as hung).
    let started = Instant::now();
    let first = tokio::time::timeout(QUERY_BOUND * 2, remote_answer(&cluster.addr(), data.path(), QUERY)).await;
    assert_eq!(first.expect("the undisturbed query hung").expect("the undisturbed query failed"), expected);
    let undisturbed = started.elapsed();
    let bound = QUERY_BOUND.max(undisturbed * 4);
    for i in 0..2 {
        std::fs::remove_dir_all(cluster.work_dir(i)).unwrap();
        std::fs::create_dir(cluster.work_dir(i)).unwrap();
    }

    let addr = cluster.addr();
    let dir = data.path().to_path_buf();
    let started = Instant::now();
    let query = tokio::spawn(async move { tokio::time::timeout(bound, remote_answer(&addr, &dir, QUERY)).await });
    // Kill executor 0 once it has written shuffle output: a map task has
    // run there, and the stage that reads its output has not finished.
    let work = cluster.work_dir(0);
    while !holds_a_file(&work) {
        assert!(started.elapsed() < bound, "executor 0 wrote nothing\n{}", cluster.logs());
        assert!(!query.is_finished(), "the query ended before executor 0 wrote shuffle output");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(!query.is_finished(), "the query ended before the kill: make the data larger");
    cluster.executors[0].kill();
    let killed_at = started.elapsed();
    let result = query.await.unwrap();
    let took = started.elapsed();
    eprintln!("undisturbed: {undisturbed:?}; executor 0 killed after {killed_at:?}; the query ended after {took:?}");
    match result {
        Err(_) => panic!("the query hung: no answer {bound:?} after it started\n{}", cluster.logs()),
        Ok(Ok(got)) => assert_eq!(got, expected, "a wrong answer after the executor died"),
        Ok(Err(e)) => {
            let e = e.to_string();
            eprintln!("the query failed: {e}");
            assert!(e.contains("xecutor"), "an unclear error: {e}\n{}", cluster.logs());
        }
    }
    // The surviving executor still answers (exactly) afterwards.
    let after = tokio::time::timeout(bound, remote_answer(&cluster.addr(), data.path(), QUERY)).await;
    assert_eq!(after.expect("the next query hung").expect("the next query failed"), expected);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_scheduler_unreachable() {
    let _serial = ONE_AT_A_TIME.lock().await;
    let data = tempfile::tempdir().unwrap();
    write_parts(data.path(), 1, 100);
    // Nothing listens on the port.
    let url = format!("127.0.0.1:{}", free_port());
    let started = Instant::now();
    let result = tokio::time::timeout(QUERY_BOUND, remote_answer(&url, data.path(), QUERY)).await;
    let e = result.expect("no answer from a client of an absent scheduler").unwrap_err().to_string();
    eprintln!("absent scheduler: {e} (after {:?})", started.elapsed());
    assert!(e.contains(&format!("cannot reach the Ballista scheduler at {url} (connection refused)")), "{e}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_scheduler_killed_mid_query() {
    let _serial = ONE_AT_A_TIME.lock().await;
    let data = tempfile::tempdir().unwrap();
    write_parts(data.path(), 16, 4000);
    let mut cluster = Cluster::start(2, &[]);
    let url = cluster.addr();
    let dir = data.path().to_path_buf();
    let started = Instant::now();
    let query = tokio::spawn(async move { tokio::time::timeout(QUERY_BOUND, remote_answer(&url, &dir, QUERY)).await });
    let work = cluster.work_dir(0);
    while !holds_a_file(&work) && !holds_a_file(&cluster.work_dir(1)) {
        assert!(started.elapsed() < QUERY_BOUND, "no executor wrote anything\n{}", cluster.logs());
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(!query.is_finished(), "the query ended before the kill: make the data larger");
    cluster.scheduler.kill();
    let result = query.await.unwrap();
    eprintln!("scheduler killed; the query ended after {:?}: {result:?}", started.elapsed());
    let e = result.expect("the query hung after the scheduler died").unwrap_err().to_string();
    assert!(e.contains("lost the connection to the Ballista scheduler at"), "{e}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn executors_without_the_functions() {
    let _serial = ONE_AT_A_TIME.lock().await;
    let data = tempfile::tempdir().unwrap();
    write_parts(data.path(), 2, 100);
    let cluster = Cluster::start(2, &["--no-uriscan-functions"]);
    let started = Instant::now();
    let result = tokio::time::timeout(QUERY_BOUND, remote_answer(&cluster.addr(), data.path(), QUERY)).await;
    let e = result.expect("the query hung").unwrap_err().to_string();
    eprintln!("executors without the functions: {e} (after {:?})", started.elapsed());
    assert!(e.contains("rejected by executor"), "{e}");
    assert!(e.contains("every executor must know domain, uri_is_valid, uri_path, uri_registrable_domain"), "{e}");
    // A query without uriscan's functions runs on them.
    let plain = tokio::time::timeout(
        QUERY_BOUND,
        remote_answer(&cluster.addr(), data.path(), "SELECT count(*) AS n FROM urls"),
    )
    .await
    .expect("hung")
    .expect("a plain query failed");
    assert!(plain.contains("| 200 |"), "{plain}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn malformed_files_fail_alone() {
    let _serial = ONE_AT_A_TIME.lock().await;
    let data = tempfile::tempdir().unwrap();
    write_parts(data.path(), 2, 1000);
    let expected = local_answer(data.path()).await;
    // A Parquet file cut in half, a CSV file that is not UTF-8, beside it.
    let bad = tempfile::tempdir().unwrap();
    let whole = std::fs::read(data.path().join("part-0.parquet")).unwrap();
    std::fs::write(bad.path().join("cut.parquet"), &whole[..whole.len() / 2]).unwrap();
    let csv = bad.path().join("latin1.csv");
    let mut bytes = b"url\n".to_vec();
    for i in 0..3000 {
        bytes.extend_from_slice(format!("http://a.example/{i}\n").as_bytes());
    }
    bytes.extend_from_slice(b"http://a.example/caf\xE9\n");
    std::fs::write(&csv, bytes).unwrap();

    let cluster = Cluster::start(2, &[]);
    let schema = Schema::new(vec![Field::new("url", DataType::Utf8, true)]);
    let ctx = uriscan_ballista::remote(&format!("df://{}", cluster.addr())).await.unwrap();
    // With the schema given, the client reads neither file: the executors do.
    let cut = bad.path().join("cut.parquet").display().to_string();
    ctx.register_parquet("cut", &cut, ParquetReadOptions::default().schema(&schema)).await.unwrap();
    ctx.register_csv("latin1", &csv.display().to_string(), CsvReadOptions::new().schema(&schema)).await.unwrap();
    for (table, what) in [("cut", "parquet"), ("latin1", "utf")] {
        let q = format!("SELECT uri_host(url) AS h, count(*) FROM {table} GROUP BY h");
        let started = Instant::now();
        let result = tokio::time::timeout(QUERY_BOUND, async { ctx.sql(&q).await?.collect().await }).await;
        let e = result.expect("the query hung").unwrap_err().to_string();
        eprintln!("{table}: {e} (after {:?})", started.elapsed());
        assert!(e.to_lowercase().contains(what), "{table}: {e}");
    }
    // The other queries are unaffected.
    let after = tokio::time::timeout(QUERY_BOUND, remote_answer(&cluster.addr(), data.path(), QUERY)).await;
    assert_eq!(after.expect("hung").expect("failed"), expected);
}
