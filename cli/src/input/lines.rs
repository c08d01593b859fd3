//! The lines of a chunk: where each ends ([`Seps`]), and each as a
//! numbered [`Line`] with its text and escape flag ([`Lines`]).

use super::{FileCtx, Line};
use crate::job::Job;
use crate::record::find_escape;

/// Where each line of a chunk ends and the next one starts: after a
/// separator byte `sep` (without a CR before a `\n`), the last line at the
/// end of the chunk, with or without a separator. The separator is found
/// like `memchr`, but inline and 16 bytes at a time by a test that
/// vectorizes (then the first match in the block by two 8-byte words),
/// rather than by memchr's call per line: most lines are a few blocks
/// long, and the call's fixed cost was most of memchr's.
pub struct Seps<'a> {
    pub data: &'a [u8],
    /// Where the next line starts.
    pub pos: usize,
    pub sep: u8,
}

impl Iterator for Seps<'_> {
    type Item = (usize, usize);

    #[inline(always)]
    fn next(&mut self) -> Option<(usize, usize)> {
        let start = self.pos;
        let (mut end, next) = match find_sep(self.data, start, self.sep) {
            Some(end) => (end, end + 1),
            None if start < self.data.len() => (self.data.len(), self.data.len()),
            None => return None,
        };
        if self.sep == b'\n' && end > start && self.data.get(end - 1) == Some(&b'\r') {
            end -= 1;
        }
        self.pos = next;
        Some((end, next))
    }
}

/// The position of the first `sep` at or after `from` in `data`.
#[inline(always)]
fn find_sep(data: &[u8], from: usize, sep: u8) -> Option<usize> {
    let mut at = from;
    let mut blocks = data.get(from..)?.chunks_exact(16);
    for block in &mut blocks {
        if block.iter().fold(false, |m, &b| m | (b == sep)) {
            return Some(at + first_in_block(block, sep));
        }
        at += 16;
    }
    Some(at + blocks.remainder().iter().position(|&b| b == sep)?)
}

/// The position of the first `sep` in `block`, 16 bytes that hold one, by
/// two 8-byte words: with `x` a word XOR `sep` in every byte, the lowest
/// byte equal to `sep` is the lowest whose high bit survives
/// `(x - 0x0101..) & !x & 0x8080..` (a borrow only runs upwards).
#[inline(always)]
fn first_in_block(block: &[u8], sep: u8) -> usize {
    const ONES: u64 = u64::from_le_bytes([1; 8]);
    const HIGHS: u64 = ONES << 7;
    let word = |k: usize| {
        let mut w = [0; 8];
        w.copy_from_slice(&block[k..k + 8]);
        u64::from_le_bytes(w) ^ (ONES * u64::from(sep))
    };
    let zeros = |x: u64| x.wrapping_sub(ONES) & !x & HIGHS;
    let lo = zeros(word(0));
    if lo != 0 {
        return lo.trailing_zeros() as usize / 8;
    }
    8 + zeros(word(8)).trailing_zeros() as usize / 8
}

/// The lines of a chunk, numbered, with their text and escape flag when
/// the job `J` wants them ([`Job::TEXT`]). `ends` gives each line's end and where the
/// next one starts ([`Seps`], or for column values the offsets the reader
/// found).
pub struct Lines<'a, E, J> {
    file: &'a FileCtx,
    data: &'a [u8],
    /// The chunk as text, when it is UTF-8 and the job wants it.
    text: Option<&'a str>,
    /// Where the next line starts.
    pos: usize,
    /// The number of the last line handed out.
    pub no: u64,
    ends: E,
    /// The separator (`None` for column values), which is no escaped byte.
    sep: Option<u8>,
    /// The next byte at or after `pos` that JSON or TSV escapes, found a
    /// block at a time over the chunk rather than line by line (most lines
    /// have none); `usize::MAX` without [`Job::TEXT`].
    escape: usize,
    job: std::marker::PhantomData<fn(&J)>,
}

impl<'a, E: Iterator<Item = (usize, usize)>, J: Job> Lines<'a, E, J> {
    #[inline(always)]
    pub fn new(file: &'a FileCtx, data: &'a [u8], text: Option<&'a str>, no: u64, ends: E, sep: Option<u8>) -> Self {
        let mut l = Lines { file, data, text, pos: 0, no, ends, sep, escape: 0, job: std::marker::PhantomData };
        l.escape = l.escape_from(0);
        l
    }

    /// The next escaped byte at or after `from`.
    #[inline(always)]
    fn escape_from(&self, from: usize) -> usize {
        if J::TEXT {
            find_escape(self.data, from, self.sep)
        } else {
            usize::MAX
        }
    }
}

impl<'a, E: Iterator<Item = (usize, usize)>, J: Job> Iterator for Lines<'a, E, J> {
    type Item = Line<'a>;

    #[inline(always)]
    fn next(&mut self) -> Option<Line<'a>> {
        let start = self.pos;
        let (end, next) = self.ends.next()?;
        let bytes = self.data.get(start..end)?;
        self.no += 1;
        self.pos = next;
        if !J::TEXT {
            return Some(Line { file: self.file, no: self.no, bytes, text: None, escape_free: false });
        }
        // Line boundaries are ASCII bytes (column values are cut where the
        // reader's text values end), so `get` succeeds on UTF-8 text.
        let text = self.text.and_then(|t| t.get(start..end));
        let escape_free = self.escape >= end;
        if self.escape < next {
            self.escape = self.escape_from(next);
        }
        Some(Line { file: self.file, no: self.no, bytes, text, escape_free })
    }
}

/// Number of lines in a chunk.
pub fn count_lines(data: &[u8], sep: u8) -> u64 {
    let n = memchr::memchr_iter(sep, data).count() as u64;
    n + u64::from(data.last().is_some_and(|&b| b != sep))
}
