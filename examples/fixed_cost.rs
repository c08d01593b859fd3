//! The fixed cost of a call: parses one short input `N` times (for
//! callgrind: run with N and 2N, subtract, divide by N).
//! `cargo run --release --example fixed_cost -- a 100000`
//! (`BATCH=1`: the N parses as one `Syntax::parse_each` batch).
fn main() {
    let mut args = std::env::args().skip(1);
    let input = args.next().unwrap_or_else(|| "a".to_string());
    let n: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(1_000_000);
    let mut ok = 0usize;
    if std::env::var_os("BATCH").is_some() {
        let inputs = std::iter::repeat(input.as_str()).take(n).map(std::hint::black_box);
        uriscan::Syntax::UriReference.parse_each(inputs, |_, r| {
            if let Ok(u) = r {
                std::hint::black_box(u);
                ok += 1;
            }
        });
    } else {
        for _ in 0..n {
            if let Ok(u) = uriscan::UriRef::parse(std::hint::black_box(&input)) {
                std::hint::black_box(u);
                ok += 1;
            }
        }
    }
    println!("{ok}");
}
