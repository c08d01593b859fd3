//! The Arrow parse of a column against `UriRef::parse` row by row, one run:
//!
//! ```sh
//! URISCAN_BENCH_DATA=/work/shared/data cargo run --release -p uriscan-arrow --example arrow_bench
//! ```
//!
//! 1,000,000 URLs (the lines of `kasztp.txt` in `URISCAN_BENCH_DATA`,
//! repeated; generated URLs when unset) in a `StringViewArray` and a
//! `StringArray`. `uriscan_arrow::parse` (the struct of view columns) is
//! compared with a loop that calls `UriRef::parse` on each row and appends
//! the same columns to Arrow builders (which copy the components). Prints
//! the median of `ROUNDS` (default 7) runs of each and the ratio.

use std::sync::Arc;
use std::time::Duration;

use arrow_array::builder::{BooleanBuilder, Int32Builder, StringViewBuilder};
use arrow_array::{Array, ArrayRef, StringArray, StringViewArray};
use uriscan::{Component, Port, Syntax, UriRef};

const ROWS: usize = 1_000_000;

mod common;
use common::{median, time};

/// The corpus, with generated hosts of these forms when there is no data.
fn corpus() -> (Vec<String>, String) {
    common::corpus(&["example.com", "www.example.org", "cdn.static.example.net", "192.0.2.7", "[2001:db8::1]"])
}

/// Row by row: `UriRef::parse` and Arrow builders for the component, valid
/// and port columns of `uriscan_arrow::parse` (components copied).
fn row_by_row<'a>(rows: impl Iterator<Item = Option<&'a str>>, n: usize) -> Vec<ArrayRef> {
    let mut valid = BooleanBuilder::with_capacity(n);
    let mut parts: Vec<StringViewBuilder> = (0..8).map(|_| StringViewBuilder::with_capacity(n)).collect();
    let mut port = Int32Builder::with_capacity(n);
    for v in rows {
        let Some(Ok(u)) = v.map(UriRef::parse) else {
            valid.append_option(v.map(|_| false));
            parts.iter_mut().for_each(|p| p.append_null());
            port.append_null();
            continue;
        };
        valid.append_value(true);
        let values =
            [u.scheme(), u.authority(), u.userinfo(), u.host(), u.port(), Some(u.path()), u.query(), u.fragment()];
        for (b, v) in parts.iter_mut().zip(values) {
            b.append_option(v);
        }
        port.append_option(match u.port_value() {
            Some(Port::Number(p)) => Some(i32::from(p)),
            _ => None,
        });
    }
    let mut out: Vec<ArrayRef> = vec![Arc::new(valid.finish())];
    out.extend(parts.iter_mut().map(|b| Arc::new(b.finish()) as ArrayRef));
    out.push(Arc::new(port.finish()));
    out
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn main() {
    let rounds: usize = std::env::var("ROUNDS").ok().and_then(|r| r.parse().ok()).unwrap_or(7);
    let (lines, source) = corpus();
    let urls: Vec<&str> = lines.iter().map(String::as_str).cycle().take(ROWS).collect();
    let valid = urls.iter().filter(|u| UriRef::parse(u).is_ok()).count();
    println!("corpus: {source}: {} distinct lines, {ROWS} rows ({valid} valid), {rounds} rounds", lines.len());

    let views = StringViewArray::from(urls.clone());
    // PROFILE=parse or PROFILE=host: only the Arrow parse of the view
    // array, or only its host kernel, many rounds (for perf).
    match std::env::var("PROFILE").as_deref() {
        Ok("parse") => {
            let t = time(rounds, || uriscan_arrow::parse(&views).map(|s| s.len()));
            return println!("uriscan_arrow::parse (StringViewArray) {:.1} ms", ms(t));
        }
        // The struct parse against its floor (`parse_each`) in the same
        // program, rounds alternated, with the array whole and cut into
        // DataFusion's 8,192-row batches (where the columns' memory is
        // reused warm from batch to batch).
        Ok("ratio") => {
            let batches: Vec<StringViewArray> =
                (0..ROWS).step_by(8192).map(|i| views.slice(i, 8192.min(ROWS - i))).collect();
            let (mut floor, mut whole, mut batched) = (Vec::new(), Vec::new(), Vec::new());
            for _ in 0..rounds {
                floor.push(time(1, || {
                    let mut ok = 0usize;
                    Syntax::UriReference.parse_each(urls.iter().copied(), |_, r| ok += usize::from(r.is_ok()));
                    ok
                }));
                whole.push(time(1, || uriscan_arrow::parse(&views).map(|s| s.len())));
                batched.push(time(1, || {
                    batches.iter().map(|b| uriscan_arrow::parse(b).map(|s| s.len())).sum::<Result<usize, _>>()
                }));
            }
            let (floor, whole, batched) = (median(floor), median(whole), median(batched));
            return println!(
                "parse_each {:.1} ms | uriscan_arrow::parse whole {:.1} ms ({:.2}x) | in 8,192-row batches {:.1} ms ({:.2}x)",
                ms(floor),
                ms(whole),
                whole.as_secs_f64() / floor.as_secs_f64(),
                ms(batched),
                batched.as_secs_f64() / floor.as_secs_f64()
            );
        }
        Ok("host") => {
            let t = time(rounds, || uriscan_arrow::component(&views, Component::Host).map(|h| h.len()));
            return println!("uriscan_arrow::component host (StringViewArray) {:.1} ms", ms(t));
        }
        _ => {}
    }
    let strings = StringArray::from(urls.clone());
    // The floors the issue measures the column functions against: the
    // strict batch parse of the same rows (no columns built), and the
    // batch validation with the host located by the Appendix B split.
    let parse_each = time(rounds, || {
        let mut ok = 0usize;
        Syntax::UriReference.parse_each(urls.iter().copied(), |_, r| ok += usize::from(r.is_ok()));
        ok
    });
    let validate_locate = time(rounds, || {
        let mut hosts = 0usize;
        Syntax::UriReference.validate_each(urls.iter().copied(), |u, r| {
            if r.is_ok() {
                hosts += uriscan::split(u).authority.map_or(0, str::len);
            }
        });
        hosts
    });
    println!(
        "floors           parse_each {:>8.1} ms | validate_each + split's authority {:>8.1} ms",
        ms(parse_each),
        ms(validate_locate)
    );
    for (name, array) in [("StringViewArray", &views as &dyn Array), ("StringArray", &strings as &dyn Array)] {
        let batch = time(rounds, || uriscan_arrow::parse(array).map(|s| s.len()));
        let rows = match name {
            "StringViewArray" => time(rounds, || row_by_row(views.iter(), ROWS).len()),
            _ => time(rounds, || row_by_row(strings.iter(), ROWS).len()),
        };
        println!(
            "{name:<16} uriscan_arrow::parse {:>8.1} ms | UriRef::parse row by row + builders {:>8.1} ms | ratio {:.2}x",
            ms(batch),
            ms(rows),
            rows.as_secs_f64() / batch.as_secs_f64()
        );
    }
    let host = time(rounds, || uriscan_arrow::component(&views, Component::Host).map(|h| h.len()));
    let host_rows = time(rounds, || {
        let mut b = StringViewBuilder::with_capacity(ROWS);
        for v in views.iter() {
            b.append_option(v.and_then(|v| UriRef::parse(v).ok()).and_then(|u| u.host()));
        }
        b.finish().len()
    });
    println!(
        "host only        uriscan_arrow::component {:>8.1} ms | row by row + builder {:>8.1} ms | ratio {:.2}x",
        ms(host),
        ms(host_rows),
        host_rows.as_secs_f64() / host.as_secs_f64()
    );
}
