//! Dot segments (RFC 3986 §5.2.4): `remove_dot_segments` as a linear
//! streaming engine ([`DotRemover`]) that resolution and normalization both
//! feed, and the quick tests that tell when a path has no dot segment.

#[cfg(feature = "alloc")]
use alloc::{borrow::Cow, string::String};

/// Where §5.2.4 writes its output buffer: a `String`, or the lazily
/// allocated buffer of normalization.
#[cfg(feature = "alloc")]
pub(crate) trait PathSink {
    /// Appends `s`.
    fn push_str(&mut self, s: &str);
    /// Appends an ASCII byte.
    fn push_byte(&mut self, b: u8);
    /// The output length so far.
    fn out_len(&self) -> usize;
    /// Truncates to the last `/` at or after `start`, or to `start` (rule C).
    fn pop_segment(&mut self, start: usize);
}

#[cfg(feature = "alloc")]
impl PathSink for String {
    #[inline]
    fn push_str(&mut self, s: &str) {
        String::push_str(self, s);
    }
    #[inline]
    fn push_byte(&mut self, b: u8) {
        self.push(char::from(b));
    }
    #[inline]
    fn out_len(&self) -> usize {
        self.len()
    }
    #[inline]
    fn pop_segment(&mut self, start: usize) {
        let keep = match self.get(start..).and_then(|p| p.rfind('/')) {
            Some(i) => start + i,
            None => start,
        };
        self.truncate(keep);
    }
}

/// The state of §5.2.4's loop, fed one segment of the input buffer at a time.
///
/// The input buffer `s0 "/" s1 "/" ... "/" sn` is consumed segment by
/// segment: while the input does not start with `/`, rules A and D drop `.`
/// and `..` and rule E moves the first other segment (without a `/`); after
/// that every step consumes `"/" si`: `.` is dropped (rule B), `..` drops the
/// last output segment (rule C), anything else is moved (rule E); a final `.`
/// or `..` leaves `/` in the input, which rule E then moves. Each output byte
/// is written once and removed at most once, so the whole is linear.
#[cfg(feature = "alloc")]
pub(crate) struct DotRemover {
    /// Where the path starts in the output; pops never go below it.
    start: usize,
    /// Still before the first `/` of the input buffer (rules A, D apply).
    leading: bool,
}

/// What a path segment is to §5.2.4.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Dot {
    /// Any segment but `.` and `..`: moved to the output (rule E).
    Not,
    /// `.`: dropped (rules A, B, D).
    Current,
    /// `..`: dropped, with the last output segment (rules A, C, D).
    Parent,
}

impl Dot {
    /// The kind of segment `seg` (spelled exactly `.` or `..`).
    #[inline]
    pub(crate) fn of(seg: &str) -> Dot {
        match seg.as_bytes() {
            b"." => Dot::Current,
            b".." => Dot::Parent,
            _ => Dot::Not,
        }
    }
}

#[cfg(feature = "alloc")]
impl DotRemover {
    pub(crate) fn new<O: PathSink>(out: &O) -> DotRemover {
        DotRemover { start: out.out_len(), leading: true }
    }

    /// Feeds segment `seg` (of kind `kind`); `last` when no
    /// `/` follows it in the input buffer. `write` appends the segment's text.
    #[inline]
    pub(crate) fn feed<O: PathSink>(
        &mut self,
        out: &mut O,
        seg: &str,
        kind: Dot,
        last: bool,
        write: impl FnOnce(&mut O, &str),
    ) {
        if self.leading {
            if kind != Dot::Not {
                return; // rule A ("./", "../") or D ("." or ".." alone)
            }
            self.leading = false;
            if !seg.is_empty() {
                write(out, seg); // rule E, first segment, no "/"
            }
            // An empty segment here means the input now starts with "/".
            return;
        }
        match kind {
            Dot::Not => {
                out.push_byte(b'/');
                write(out, seg);
            }
            Dot::Current | Dot::Parent => {
                if kind == Dot::Parent {
                    out.pop_segment(self.start);
                }
                if last {
                    out.push_byte(b'/');
                }
            }
        }
    }

    /// Feeds every segment of `path`; `more` when segments follow it.
    #[inline]
    pub(crate) fn feed_path(&mut self, out: &mut String, path: &str, more: bool) {
        let mut rest = path;
        loop {
            match rest.find('/') {
                Some(i) => {
                    let (seg, tail) = (rest.get(..i).unwrap_or(""), rest.get(i + 1..).unwrap_or(""));
                    self.feed(out, seg, Dot::of(seg), false, |o, s| o.push_str(s));
                    rest = tail;
                }
                None => {
                    self.feed(out, rest, Dot::of(rest), !more, |o, s| o.push_str(s));
                    return;
                }
            }
        }
    }
}

/// Appends `remove_dot_segments(path)` (RFC 3986 §5.2.4) to `out`, in time
/// linear in `path`. Dot segments never remove anything `out` held before.
/// Never panics.
///
/// ```
/// let mut out = String::from("http://a");
/// uriscan::remove_dot_segments_into("/a/b/c/./../../g", &mut out);
/// assert_eq!(out, "http://a/a/g");
/// ```
#[cfg(feature = "alloc")]
pub fn remove_dot_segments_into(path: &str, out: &mut String) {
    let mut d = DotRemover::new(out);
    d.feed_path(out, path, false);
}

/// Whether `path` has a `.` or `..` segment (so §5.2.4 would change it).
#[cfg(feature = "alloc")]
#[inline]
pub(crate) fn has_dot_segment(path: &str) -> bool {
    let b = path.as_bytes();
    let mut i = 0;
    while let Some(off) = b.get(i..).and_then(|r| r.iter().position(|&c| c == b'.')) {
        let at = i + off;
        // A dot segment starts at 0 or after '/', and is "." or ".." up to '/' or the end.
        if at == 0 || b.get(at - 1) == Some(&b'/') {
            let mut j = at + 1;
            if b.get(j) == Some(&b'.') {
                j += 1;
            }
            if matches!(b.get(j), None | Some(&b'/')) {
                return true;
            }
        }
        i = at + 1;
    }
    false
}

/// `remove_dot_segments` (RFC 3986 §5.2.4): interprets and removes the `.`
/// and `..` segments of `path`, in linear time. Borrows when `path` has none.
/// Never panics.
///
/// ```
/// use uriscan::remove_dot_segments;
/// assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
/// assert_eq!(remove_dot_segments("mid/content=5/../6"), "mid/6");
/// assert_eq!(remove_dot_segments("../a/./"), "a/");
/// assert!(matches!(remove_dot_segments("/a/b.c/..d"), std::borrow::Cow::Borrowed(_)));
/// ```
#[cfg(feature = "alloc")]
#[must_use]
pub fn remove_dot_segments(path: &str) -> Cow<'_, str> {
    if !has_dot_segment(path) {
        return Cow::Borrowed(path);
    }
    let mut out = String::with_capacity(path.len());
    remove_dot_segments_into(path, &mut out);
    Cow::Owned(out)
}

/// Bytes that can start no dot segment: all but `.`.
#[cfg(feature = "alloc")]
pub(crate) static NOT_DOT: crate::simd::ConstSet = crate::simd::ConstSet::new(crate::ByteSet::of(b".").complement());

/// Whether the path `b[start..end]` may hold a dot segment: a byte outside
/// `starts` (the run set: every byte that cannot begin one) at the start of
/// the path or after a `/`.
#[cfg(feature = "alloc")]
#[inline(always)]
pub(crate) fn dot_segment_in<S: crate::simd::Skip>(
    b: &[u8],
    start: usize,
    end: usize,
    s: S,
    starts: crate::simd::Set<'static>,
) -> bool {
    let mut i = start;
    loop {
        i = s.skip(b, i, starts);
        if i >= end {
            return false;
        }
        if i == start || b.get(i - 1) == Some(&b'/') {
            return true;
        }
        i += 1;
    }
}
