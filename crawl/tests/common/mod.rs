//! Reading the data files: tab-separated columns with `\xHH`, `\t`, `\n`,
//! `\r` and `\\` escapes; `#` starts a comment line.

#![allow(dead_code)]

/// Undoes the data files' escapes.
pub fn unescape(s: &str) -> Vec<u8> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\' && i + 1 < b.len() {
            match b[i + 1] {
                b'x' => {
                    let hex = std::str::from_utf8(&b[i + 2..i + 4]).expect("hex digits");
                    out.push(u8::from_str_radix(hex, 16).expect("hex digits"));
                    i += 4;
                }
                c => {
                    out.push(match c {
                        b't' => b'\t',
                        b'n' => b'\n',
                        b'r' => b'\r',
                        b'\\' => b'\\',
                        _ => panic!("unknown escape \\{}", c as char),
                    });
                    i += 2;
                }
            }
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    out
}

/// The rows of a data file: (line number, columns).
pub fn rows(text: &str) -> Vec<(usize, Vec<&str>)> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .map(|(i, l)| (i + 1, l.split('\t').collect()))
        .collect()
}
