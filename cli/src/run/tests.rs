//! The driver's ways of writing a chunk's records against each other:
//! direct and through rows, batch and line by line.

use super::*;
use crate::commands::check::CheckJob;
use crate::commands::parse::ParseJob;
use crate::input::count_lines;
use crate::job::Records;
use crate::record::find_escape;
use crate::record::{names, Column, Format};
use uriscan::Syntax;

/// xorshift, fixed seed.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }

    /// A chunk of lines: URI pieces, bytes that JSON or TSV escape,
    /// UTF-8, and (when `broken`) bytes that are not UTF-8.
    fn chunk(&mut self, broken: bool) -> Vec<u8> {
        const PIECES: &[&[u8]] = &[
            b"\n",
            b"\n",
            b"\r\n",
            b"\0",
            b"http",
            b"://",
            b"user@",
            b"www.example.com",
            b"[::1]",
            b"192.0.2.1",
            b":80",
            b"/a/b",
            b"?q=1",
            b"#f",
            b"%41",
            b"%zz",
            b"\"",
            b"\\",
            b"\t",
            b"\x01",
            b"\x7F",
            b" ",
            "é".as_bytes(),
            "ঝ".as_bytes(),
        ];
        let mut v = Vec::new();
        for _ in 0..self.below(300) {
            if broken && self.below(30) == 0 {
                v.push(0x80 + self.below(0x80) as u8);
            } else {
                v.extend_from_slice(PIECES[self.below(PIECES.len())]);
            }
        }
        v
    }
}

/// Records written straight into the buffer ([`Sink::write`] with a
/// direct layout) are byte for byte those written through a row, on
/// arbitrary chunks, in both formats that write directly.
#[test]
fn direct_records_equal_row_records() {
    let mut rng = Rng(0x5eed_cafe);
    let file = FileCtx::new("some \"file\"\t.txt");
    let all = names(ParseJob::COLUMNS, ",");
    let selections = [None, Some(all.as_str()), Some("input,host,error_message"), Some("line"), Some("valid,port")];
    let syntaxes = [Syntax::UriReference, Syntax::IriReference];
    let mut compared = 0;
    for case in 0..200 {
        let data = rng.chunk(case % 3 == 0);
        for sep in [b'\n', b'\0'] {
            let opts = RunOpts { threads: 1, progress: false, streams: true, sep, free_text: false, column: None };
            for format in [Format::Tsv, Format::Jsonl] {
                for fields in selections {
                    let fields = fields.map(|f| vec![f.to_string()]);
                    let layout =
                        Layout::new(format, ParseJob::COLUMNS, fields.as_deref(), |c| c != "file", None, sep).unwrap();
                    assert!(layout.is_direct());
                    for syntax in syntaxes {
                        let job = ParseJob { syntax };
                        let mut direct = Sink::new(&layout, Vec::new());
                        let mut rows = Sink::new(&layout, Vec::new()).rows_only();
                        let n = process(&job, &opts, &file, 7, 0, &data, &[], &mut direct, &mut ());
                        process(&job, &opts, &file, 7, 0, &data, &[], &mut rows, &mut ());
                        let (d, r) = (direct.take(), rows.take());
                        assert_eq!(
                            String::from_utf8_lossy(&d),
                            String::from_utf8_lossy(&r),
                            "case {case} {format:?} {fields:?} {syntax:?} {data:?}"
                        );
                        assert_eq!(d, r);
                        assert_eq!(d.iter().filter(|&&b| b == sep).count() as u64, n);
                        compared += n;
                    }
                }
            }
        }
    }
    assert!(compared > 10_000, "{compared} records");
}

/// Writes the records of `job` over `data` into a TSV sink of
/// `layout` three ways (`TsvAll` where the
/// layout allows, `Direct` where it allows,
/// through rows) and checks that they are the same bytes; returns the
/// number of records.
fn three_ways<J: Job<Acc = ()> + crate::record::Fill>(
    job: &J,
    layout: &Layout,
    opts: &RunOpts,
    file: &FileCtx,
    data: &[u8],
) -> u64 {
    let mut all = Sink::new(layout, Vec::new());
    let mut direct = Sink::new(layout, Vec::new()).no_tsv_all();
    let mut rows = Sink::new(layout, Vec::new()).rows_only();
    // Line numbers from 7, then 95 (a carry into a new digit) in the
    // same sinks.
    let mut n = 0;
    for first in [7, 95] {
        n = process(job, opts, file, first, 0, data, &[], &mut all, &mut ());
        process(job, opts, file, first, 0, data, &[], &mut direct, &mut ());
        process(job, opts, file, first, 0, data, &[], &mut rows, &mut ());
    }
    let (a, d, r) = (all.take(), direct.take(), rows.take());
    assert_eq!(String::from_utf8_lossy(&a), String::from_utf8_lossy(&r), "{data:?}");
    assert_eq!(a, r);
    assert_eq!(d, r);
    assert_eq!(a.iter().filter(|&&b| b == opts.sep).count() as u64, 2 * n);
    n
}

/// The TSV writer of every column (`TsvAll`:
/// the default fields, `-H`, `--echo`, all of them) writes the bytes
/// that the selecting writers do, for every command that fills its
/// records through it (`parse`, `parse --lenient`, `fn`), on arbitrary
/// chunks: TAB, backslash, CR, NUL, control bytes, invalid UTF-8, an
/// empty line, a last line without its terminator.
#[test]
fn tsv_all_records_equal_selected_records() {
    use crate::commands::function::FnJob;
    use crate::commands::parse::LenientJob;
    use uriscan_crawl::function_set::{Args, FUNCTIONS};

    fn selections(columns: &[Column]) -> Vec<(Vec<String>, bool)> {
        let columns: Vec<&str> = columns.iter().map(|c| c.name).collect();
        let mut out = Vec::new();
        for (file, input) in [(false, false), (true, false), (false, true), (true, true)] {
            let names = columns.iter().filter(|&&c| (c != "file" || file) && (c != "input" || input));
            out.push((vec![names.copied().collect::<Vec<_>>().join(",")], true));
        }
        // Not every column, or not in order: the selecting writers.
        out.push((vec!["line".to_string()], false));
        out.push((vec![format!("input,{},line", columns[columns.len() - 1])], false));
        let mut shuffled: Vec<&str> = columns.to_vec();
        shuffled.swap(1, 2);
        out.push((vec![shuffled.join(",")], false));
        out
    }

    let mut rng = Rng(0x07ab_5a11);
    let file = FileCtx::new("a \\ \"file\"\t.txt");
    let mut written = 0;
    for case in 0..120 {
        let mut data = rng.chunk(case % 3 == 0);
        if case % 5 == 0 {
            data.extend_from_slice(b"\n\nhttp://h/last");
        }
        for sep in [b'\n', b'\0'] {
            let opts = RunOpts { threads: 1, progress: false, streams: true, sep, free_text: false, column: None };
            for syntax in [Syntax::UriReference, Syntax::IriReference, Syntax::Fragmentaddress] {
                for (fields, expect) in selections(ParseJob::COLUMNS) {
                    let layout =
                        Layout::new(Format::Tsv, ParseJob::COLUMNS, Some(&fields), |_| true, None, sep).unwrap();
                    assert_eq!(layout.is_tsv_all(), expect, "{fields:?}");
                    written += three_ways(&ParseJob { syntax }, &layout, &opts, &file, &data);
                }
                for (fields, expect) in selections(LenientJob::COLUMNS) {
                    let layout =
                        Layout::new(Format::Tsv, LenientJob::COLUMNS, Some(&fields), |_| true, None, sep).unwrap();
                    assert_eq!(layout.is_tsv_all(), expect, "{fields:?}");
                    written += three_ways(&LenientJob { syntax }, &layout, &opts, &file, &data);
                }
            }
            // The default selection (no file, no input).
            let layout =
                Layout::new(Format::Tsv, ParseJob::COLUMNS, None, |c| c != "file" && c != "input", None, sep).unwrap();
            assert!(layout.is_tsv_all());
            three_ways(&ParseJob { syntax: Syntax::UriReference }, &layout, &opts, &file, &data);
            if case % 4 == 0 {
                // Functions of every result type (those without a
                // required argument).
                for f in FUNCTIONS.iter().filter(|f| f.params.iter().all(|p| p.optional)) {
                    let job = FnJob { f, args: Args::default() };
                    for (fields, expect) in selections(FnJob::COLUMNS) {
                        let layout =
                            Layout::new(Format::Tsv, FnJob::COLUMNS, Some(&fields), |_| true, None, sep).unwrap();
                        assert_eq!(layout.is_tsv_all(), expect, "{fields:?}");
                        written += three_ways(&job, &layout, &opts, &file, &data);
                    }
                }
            }
        }
    }
    assert!(written > 10_000, "{written} records");
}

/// The escape scan over a chunk finds exactly the lines that have a byte
/// to escape.
#[test]
fn escape_free_lines() {
    let mut rng = Rng(0xfeed);
    for _ in 0..200 {
        let data = rng.chunk(true);
        let mut pos = 0;
        let mut escape = find_escape(&data, 0, Some(b'\n'));
        for end in memchr::memchr_iter(b'\n', &data).chain([data.len()]) {
            if pos > data.len() {
                break;
            }
            let mut line = &data[pos..end];
            if let [rest @ .., b'\r'] = line {
                line = rest;
            }
            let want = !line.iter().any(|&b| b < 0x20 || b == 0x7F || b == b'"' || b == b'\\');
            assert_eq!(escape >= pos + line.len(), want, "{line:?}");
            pos = end + 1;
            if escape < pos {
                escape = find_escape(&data, pos, Some(b'\n'));
            }
        }
    }
}

/// `Seps` cuts a chunk as `split` on the separator does (a CR before a
/// `\n` dropped, no empty line after a final separator), with the
/// separator at every offset of a 16-byte block.
#[test]
fn seps_cut_like_split() {
    let mut rng = Rng(0x5e95);
    let mut chunks: Vec<Vec<u8>> = (0..300).map(|_| rng.chunk(true)).collect();
    for n in 0..40 {
        chunks.push([&vec![b'x'; n][..], b"\n", &vec![b'y'; 40 - n], b"\r\n\n"].concat());
        chunks.push(vec![b'\n'; n]);
        chunks.push(vec![b'z'; n]);
    }
    for data in &chunks {
        for sep in [b'\n', 0] {
            let mut want: Vec<&[u8]> = data.split(|&b| b == sep).collect();
            if want.last() == Some(&&[][..]) {
                want.pop();
            }
            if sep == b'\n' {
                for l in &mut want {
                    if let [rest @ .., b'\r'] = l {
                        *l = rest;
                    }
                }
            }
            let mut pos = 0;
            let got: Vec<&[u8]> = Seps { data, pos: 0, sep }
                .map(|(end, next)| {
                    let l = &data[pos..end];
                    pos = next;
                    l
                })
                .collect();
            assert_eq!(got, want, "{data:?}");
        }
    }
}

/// Runs `job` over `data` as [`process`] does, but one [`Job::line`]
/// per line (no batch [`Job::lines`]); returns the records and the
/// job's state.
fn per_line<J: Job>(job: &J, layout: &Layout, opts: &RunOpts, file: &FileCtx, data: &[u8]) -> (Vec<u8>, J::Acc) {
    let mut sink = Sink::new(layout, Vec::new());
    let mut acc = J::Acc::default();
    let text = if J::TEXT { std::str::from_utf8(data).ok() } else { None };
    for l in Lines::<_, J>::new(file, data, text, 7, Seps { data, pos: 0, sep: opts.sep }, Some(opts.sep)) {
        job.line(&l, &mut sink, &mut acc);
    }
    (sink.take(), acc)
}

/// The batch paths (`parse` through the batch parser, `check` through
/// the batch validator) write what one call per line writes, and count
/// the same lines, in every format, on text chunks and others.
#[test]
fn batch_lines_equal_single_lines() {
    let mut rng = Rng(0xba7c4);
    let file = FileCtx::new("f");
    for case in 0..150 {
        let data = rng.chunk(case % 3 == 0);
        for sep in [b'\n', b'\0'] {
            let opts = RunOpts { threads: 1, progress: false, streams: true, sep, free_text: false, column: None };
            for syntax in [Syntax::UriReference, Syntax::IriReference, Syntax::AbsoluteUri] {
                for format in [Format::Tsv, Format::Jsonl, Format::Csv] {
                    let job = ParseJob { syntax };
                    let layout = Layout::new(format, ParseJob::COLUMNS, None, |c| c != "file", None, sep).unwrap();
                    let mut sink = Sink::new(&layout, Vec::new());
                    let n = process(&job, &opts, &file, 7, 0, &data, &[], &mut sink, &mut ());
                    let (want, ()) = per_line(&job, &layout, &opts, &file, &data);
                    assert_eq!(sink.take(), want, "parse {case} {format:?} {syntax:?} {data:?}");
                    assert_eq!(n, count_lines(&data, sep));
                }
                for (strict_hosts, all) in [(false, false), (false, true), (true, false)] {
                    let job = CheckJob { syntax, strict_hosts, quiet: false, all };
                    let layout =
                        Layout::new(Format::Text, CheckJob::COLUMNS, None, |_| true, job.text(true), sep).unwrap();
                    let mut sink = Sink::new(&layout, Vec::new());
                    let mut invalid = 0;
                    let n = process(&job, &opts, &file, 7, 0, &data, &[], &mut sink, &mut invalid);
                    let (want, want_invalid) = per_line(&job, &layout, &opts, &file, &data);
                    assert_eq!(sink.take(), want, "check {case} {strict_hosts} {all} {syntax:?} {data:?}");
                    assert_eq!((n, invalid), (count_lines(&data, sep), want_invalid));
                }
            }
        }
    }
}
