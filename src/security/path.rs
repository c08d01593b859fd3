//! RFC 3986 §7.3: path bytes that are dangerous once a back end decodes them.

use super::host::decoded_at;
use super::{Finding, FindingKind};
use crate::percent::triplet_at;

/// The §7.3 hazards of a path, in order; see [`UriRef::path_hazards`](crate::UriRef::path_hazards).
///
/// ```
/// let u = uriscan::UriRef::parse("/a%5cb").unwrap();
/// assert_eq!(u.path_hazards().map(|f| f.index).collect::<Vec<_>>(), [2]);
/// ```
#[derive(Clone, Debug)]
pub struct PathHazards<'a> {
    path: &'a [u8],
    /// Offset of the path in the reference.
    base: usize,
    pos: usize,
    /// The next segment start whose dot check is still due.
    seg_due: usize,
}

impl<'a> PathHazards<'a> {
    /// The hazards of `path`, with indexes counted from `base`.
    pub(crate) fn new(path: &'a str, base: usize) -> PathHazards<'a> {
        PathHazards { path: path.as_bytes(), base, pos: 0, seg_due: 0 }
    }
}

/// Whether `seg` holds a percent-encoding and decodes to `.` or `..`.
fn encoded_dot_segment(seg: &[u8]) -> bool {
    if seg.len() > 6 || !seg.contains(&b'%') {
        return false;
    }
    let mut i = 0;
    let mut dots = 0;
    while let Some((b, next, _)) = decoded_at(seg, i) {
        if b != b'.' {
            return false;
        }
        dots += 1;
        i = next;
    }
    dots == 1 || dots == 2
}

impl Iterator for PathHazards<'_> {
    type Item = Finding;

    fn next(&mut self) -> Option<Finding> {
        loop {
            let rest = self.path.get(self.pos..)?;
            if self.pos == self.seg_due {
                // A segment starts here: check it, and find the next start.
                let len = rest.iter().position(|&b| b == b'/').unwrap_or(rest.len());
                let seg = rest.get(..len).unwrap_or_default();
                self.seg_due = self.pos + len + 1;
                if encoded_dot_segment(seg) {
                    return Some(Finding { kind: FindingKind::EncodedDotSegment, index: self.base + self.pos });
                }
            }
            // Up to the next '%' or segment start, whichever is first.
            let stop = self.seg_due.min(self.path.len()).saturating_sub(self.pos);
            let upto = rest.get(..stop).unwrap_or_default();
            match upto.iter().position(|&b| b == b'%') {
                Some(k) => {
                    let at = self.pos + k;
                    self.pos = at + 1;
                    let kind = match triplet_at(self.path, at) {
                        Some(0x00) => FindingKind::EncodedNul,
                        Some(b'/') => FindingKind::EncodedSlash,
                        Some(b'\\') => FindingKind::EncodedBackslash,
                        _ => continue,
                    };
                    self.pos = at + 3;
                    return Some(Finding { kind, index: self.base + at });
                }
                None => {
                    if self.seg_due > self.path.len() {
                        self.pos = self.path.len() + 1;
                        return None;
                    }
                    self.pos = self.seg_due;
                }
            }
        }
    }
}

impl core::iter::FusedIterator for PathHazards<'_> {}
