//! Reading `tests/data/fuzz_regressions.txt` and running its cases, shared
//! by the replay tests of the library (`tests/fuzz_regressions.rs`) and of
//! `uriscan-arrow` (`arrow/tests/fuzz_regressions.rs`), which include this
//! file by path.

/// The cases: `target<TAB>input<TAB>note` lines (see the file's header).
pub const DATA: &str = include_str!("../data/fuzz_regressions.txt");

/// `\xHH`, `\n` and `\\` escapes.
pub fn unescape(s: &str) -> Vec<u8> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        let hex = s.get(i + 2..i + 4).and_then(|h| u8::from_str_radix(h, 16).ok());
        match (c, b.get(i + 1), hex) {
            (b'\\', Some(b'x'), Some(v)) => {
                out.push(v);
                i += 4;
            }
            (b'\\', Some(b'n'), _) => {
                out.push(b'\n');
                i += 2;
            }
            (b'\\', Some(b'\\'), _) => {
                out.push(b'\\');
                i += 2;
            }
            _ => {
                out.push(c);
                i += 1;
            }
        }
    }
    out
}

/// Calls `run(target, input)` on every case of [`DATA`]; `run` returns
/// whether it ran the case (false for a target another crate's replay
/// runs) and panics on an unknown target. A failing case panics with its
/// line, target and input. Returns how many cases ran.
pub fn replay(run: impl Fn(&str, &[u8]) -> bool) -> usize {
    let mut n = 0;
    for (line, l) in DATA.lines().enumerate() {
        if l.starts_with('#') || l.trim().is_empty() {
            continue;
        }
        let mut f = l.split('\t');
        let (target, input) = (f.next().unwrap_or(""), unescape(f.next().unwrap_or("")));
        match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run(target, &input))) {
            Ok(ran) => n += usize::from(ran),
            Err(e) => {
                let msg =
                    e.downcast_ref::<String>().cloned().or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()));
                panic!(
                    "fuzz_regressions.txt:{}: {target} on {:?}: {}",
                    line + 1,
                    String::from_utf8_lossy(&input),
                    msg.unwrap_or_default()
                );
            }
        }
    }
    n
}
