//! The kernels of `uriscan_arrow::functions` on a 1,000,000-row column, one
//! run:
//!
//! ```sh
//! URISCAN_BENCH_DATA=/work/shared/data cargo run --release -p uriscan-arrow --example functions_bench
//! ```
//!
//! The rows are the lines of `kasztp.txt` in `URISCAN_BENCH_DATA`, repeated
//! to 1,000,000 (generated URLs when unset), in a `StringArray`. Prints the
//! median of `ROUNDS` (default 7) runs of each kernel, in ns per row;
//! `ONLY=NAME` runs only the kernels whose ClickHouse name starts with
//! `NAME` (and `ROWS=N` takes N rows), for a callgrind profile of one.
//! `functions_bench_chdb.py` beside this file times ClickHouse's functions
//! on the same rows.
//!
//! `BATCH=N` calls each kernel on slices of N rows (DataFusion's batches
//! are 8,192 rows), whose output memory is freed and reused warm from
//! slice to slice.
//!
//! Memory: each round's output is freed before the next, and glibc's
//! allocator gives large freed memory back to the system, so a kernel that
//! writes tens of megabytes (`cutWWW`, the encoders, the hierarchies) takes
//! page faults on fresh memory every round, up to half its time. An engine
//! whose allocator keeps freed memory (ClickHouse's does) pays them once.
//! To time the kernels so, keep glibc from returning memory:
//!
//! ```sh
//! GLIBC_TUNABLES=glibc.malloc.trim_threshold=4000000000:glibc.malloc.mmap_threshold=4000000000 \
//!     URISCAN_BENCH_DATA=/work/shared/data cargo run --release -p uriscan-arrow --example functions_bench
//! ```

use std::time::Duration;

use arrow_array::{Array, StringArray};
use uriscan_arrow::functions as f;

const ROWS: usize = 1_000_000;

mod common;
use common::time;

/// The corpus, with generated hosts of these forms when there is no data.
fn corpus() -> (Vec<String>, String) {
    common::corpus(&["example.com", "www.example.org", "cdn.static.example.co.uk", "192.0.2.7", "[2001:db8::1]"])
}

fn main() {
    let rounds: usize = std::env::var("ROUNDS").ok().and_then(|r| r.parse().ok()).unwrap_or(7);
    let (lines, source) = corpus();
    let n: usize = std::env::var("ROWS").ok().and_then(|r| r.parse().ok()).unwrap_or(ROWS);
    let rows: Vec<&str> = lines.iter().map(String::as_str).cycle().take(n).collect();
    let array = StringArray::from(rows);
    println!("{} rows from {source}, median of {rounds} runs, ns per row", array.len());
    let ns = |d: Duration| d.as_nanos() as f64 / n as f64;
    // `ONLY=topLevelDomain` runs the kernels whose name starts so, and
    // not the baseline (for a profile of one kernel under callgrind).
    let only = std::env::var("ONLY").ok();
    // `BATCH=N`: each kernel called on slices of N rows, as DataFusion
    // calls it (8,192 by default there), where one batch's output memory
    // is freed and reused warm by the next.
    let batch = std::env::var("BATCH").ok().and_then(|b| b.parse().ok()).filter(|&b: &usize| b > 0).unwrap_or(n);
    let batches: Vec<StringArray> = (0..n).step_by(batch).map(|i| array.slice(i, batch.min(n - i))).collect();
    if batch < n {
        println!("in batches of {batch} rows");
    }
    macro_rules! bench {
        ($a:ident; $($name:literal => $e:expr;)*) => {$(
            if only.as_deref().is_none_or(|o| $name.starts_with(o)) {
                let d = time(rounds, || {
                    batches
                        .iter()
                        .map(|b| {
                            let $a: &dyn Array = b;
                            $e.map(|r| r.len())
                        })
                        .sum::<Result<usize, _>>()
                });
                println!("{:<40} {:>8.1}", $name, ns(d));
            }
        )*};
    }
    // The floor most kernels stand on: one Appendix B split per row.
    if only.is_none() {
        let d = time(rounds, || array.iter().flatten().map(|u| uriscan::split(u).path.len()).sum::<usize>());
        println!("{:<40} {:>8.1}", "uriscan::split (baseline, no column)", ns(d));
    }
    bench! {
        a;
        "extractURLParameter(u, 'id')" => f::url_parameter(a, "id");
        "extractURLParameters(u)" => f::url_parameters(a);
        "extractURLParameterNames(u)" => f::url_parameter_names(a);
        "cutURLParameter(u, 'id')" => f::cut_url_parameters(a, &["id"]);
        "topLevelDomain(u)" => f::top_level_domain(a);
        "firstSignificantSubdomain(u)" => f::first_significant_subdomain(a);
        "cutToFirstSignificantSubdomain(u)" => f::cut_to_first_significant_subdomain(a);
        "domainWithoutWWW(u)" => f::domain_without_www(a);
        "cutWWW(u)" => f::cut_www(a);
        "path(u)" => f::path(a);
        "pathFull(u)" => f::path_full(a);
        "netloc(u)" => f::netloc(a);
        "port(u)" => f::port(a);
        "queryStringAndFragment(u)" => f::query_string_and_fragment(a);
        "cutQueryString(u)" => f::cut_query_string(a);
        "cutFragment(u)" => f::cut_fragment(a);
        "URLHierarchy(u)" => f::url_hierarchy(a);
        "URLPathHierarchy(u)" => f::url_path_hierarchy(a);
        "encodeURLComponent(u)" => f::encode_url_component(a);
        "decodeURLComponent(u)" => f::decode_url_component(a);
        "cc_index(u)" => f::cc_index(a);
        // Spark's, not ClickHouse's (datafusion's spark_bench sets them
        // beside `datafusion-spark`).
        "parse_url(u, 'HOST')" => f::parse_url(a, "HOST");
        "parse_url(u, 'PATH')" => f::parse_url(a, "PATH");
        "parse_url(u, 'QUERY', 'id')" => f::parse_url_query(a, "id");
    }
}
