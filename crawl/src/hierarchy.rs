//! ClickHouse's `URLHierarchy` and `URLPathHierarchy`: the prefixes of a
//! URL cut after each `/`, `?` or `#`, as iterators of slices of the input,
//! as ClickHouse 26.9 gives them.

use std::ops::Range;

/// The end of the part of `s` before the first byte `stop` accepts.
fn until(s: &[u8], stop: impl Fn(u8) -> bool) -> usize {
    s.iter().position(|&b| stop(b)).unwrap_or(s.len())
}

/// The prefixes of a URL that [`url_hierarchy`] and [`url_path_hierarchy`]
/// return, shortest first.
///
/// ```
/// use uriscan_crawl::hierarchy::url_hierarchy;
/// let mut levels = url_hierarchy("https://example.com/a/b");
/// assert_eq!(levels.next(), Some("https://example.com/"));
/// assert_eq!(levels.collect::<Vec<_>>(), ["https://example.com/a/", "https://example.com/a/b"]);
/// ```
#[derive(Clone, Debug)]
pub struct UrlHierarchy<'a> {
    url: &'a str,
    levels: Levels<'a>,
}

/// The levels of a URL's hierarchy as ranges of its bytes (what
/// [`UrlHierarchy`] slices), for a column kernel that makes each level a
/// view into its input: [`url_hierarchy_bytes`], [`url_path_hierarchy_bytes`].
///
/// ```
/// use uriscan_crawl::hierarchy::url_path_hierarchy_bytes;
/// assert_eq!(url_path_hierarchy_bytes(b"https://example.com/a/b").collect::<Vec<_>>(), [19..22, 19..23]);
/// ```
#[derive(Clone, Debug)]
pub struct Levels<'a> {
    url: &'a [u8],
    /// Where each element starts: 0, or the path for [`url_path_hierarchy`].
    start: usize,
    /// Where the next element's search starts; `None` before the first.
    pos: Option<usize>,
    /// [`url_path_hierarchy`]: no first element with the scheme and host.
    path_only: bool,
    /// Any RFC 3986 scheme counts ([`crate::uri::hierarchy`]), not only
    /// ClickHouse's lower-case letters and digits.
    rfc_scheme: bool,
}

impl<'a> UrlHierarchy<'a> {
    /// The levels with RFC 3986's schemes (for [`crate::uri`]).
    pub(crate) fn with_rfc_scheme(url: &'a str, path_only: bool) -> UrlHierarchy<'a> {
        UrlHierarchy { url, levels: Levels::new(url.as_bytes(), path_only, true) }
    }
}

impl<'a> Levels<'a> {
    fn new(url: &'a [u8], path_only: bool, rfc_scheme: bool) -> Levels<'a> {
        Levels { url, start: 0, pos: None, path_only, rfc_scheme }
    }
}

/// The ranges of [`url_hierarchy`]'s levels in `url`.
///
/// ```
/// use uriscan_crawl::hierarchy::url_hierarchy_bytes;
/// assert_eq!(url_hierarchy_bytes(b"https://h/a?b").collect::<Vec<_>>(), [0..10, 0..12, 0..13]);
/// ```
#[must_use]
pub fn url_hierarchy_bytes(url: &[u8]) -> Levels<'_> {
    Levels::new(url, false, false)
}

/// The ranges of [`url_path_hierarchy`]'s levels in `url`.
///
/// ```
/// use uriscan_crawl::hierarchy::url_path_hierarchy_bytes;
/// assert_eq!(url_path_hierarchy_bytes(b"https://h/a?b").collect::<Vec<_>>(), [9..12, 9..13]);
/// ```
#[must_use]
pub fn url_path_hierarchy_bytes(url: &[u8]) -> Levels<'_> {
    Levels::new(url, true, false)
}

/// The first separator at or after `from`, or `url.len()`: searched a
/// word of 8 bytes at a time in registers, the last few bytes one by one.
/// For the host (callgrind, 100,000 kasztp rows: `URLHierarchy` 542 ->
/// 505, `URLPathHierarchy` 584 -> 546 instructions a row); the segments
/// after it keep the byte loop, which keeps the level iterator small
/// enough to be inlined into the list kernel (with this search there too,
/// the iterator became a call: `URLHierarchy` 680).
#[inline]
fn find_separator(url: &[u8], from: usize) -> usize {
    crate::clickhouse_url::find_set_near(url, from, [b'/', b'?', b'#'])
}

/// Whether `b` ends a level (`/`, `?`, `#`): one table load a byte.
#[inline(always)]
fn is_separator(b: u8) -> bool {
    SEPARATORS[usize::from(b)]
}

/// The bytes [`is_separator`] names.
static SEPARATORS: [bool; 256] = {
    let mut t = [false; 256];
    t[b'/' as usize] = true;
    t[b'?' as usize] = true;
    t[b'#' as usize] = true;
    t
};

/// Lower-case ASCII letters and digits, ClickHouse's scheme bytes here
/// (RFC 3986's are `clickhouse_url::SCHEME_CLASS`'s class 0), one table
/// load a byte (callgrind, with [`SEPARATORS`]: `URLHierarchy` over
/// 100,000 kasztp rows 721 -> 542 instructions a row, `URLPathHierarchy`
/// 681 -> 584).
static LOWER_OR_DIGIT: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = (b as u8).is_ascii_lowercase() || (b as u8).is_ascii_digit();
        b += 1;
    }
    t
};

/// `scheme://` and at least one byte after it, the scheme being one or
/// more lower-case ASCII letters and digits (quirk `hierarchy-scheme`:
/// `HTTP://x/y` and `svn+ssh://x/y` give the URL alone): where the host ends
/// (at the first separator after `//`, or the end) and where the first level
/// ends (after that separator).
fn first_level(url: &[u8], rfc_scheme: bool) -> Option<(usize, usize)> {
    let n = if rfc_scheme {
        let n = until(url, |b| crate::clickhouse_url::SCHEME_CLASS[usize::from(b)] != 0);
        if !url.first().is_some_and(u8::is_ascii_alphabetic) {
            return None;
        }
        n
    } else {
        until(url, |b| !LOWER_OR_DIGIT[usize::from(b)])
    };
    if n == 0 || !url[n..].starts_with(b"://") || url.len() <= n + 3 {
        return None;
    }
    let host_end = find_separator(url, n + 3);
    Some((host_end, if host_end < url.len() { host_end + 1 } else { host_end }))
}

impl UrlHierarchy<'_> {
    /// The next element as the range of the URL it is (what
    /// [`Iterator::next`] gives is the URL's text there).
    ///
    /// ```
    /// use uriscan_crawl::hierarchy::url_path_hierarchy;
    /// let mut levels = url_path_hierarchy("https://example.com/a/b");
    /// assert_eq!((levels.next_range(), levels.next_range(), levels.next_range()), (Some(19..22), Some(19..23), None));
    /// ```
    pub fn next_range(&mut self) -> Option<Range<usize>> {
        self.levels.next()
    }
}

impl Iterator for Levels<'_> {
    type Item = Range<usize>;

    #[inline]
    fn next(&mut self) -> Option<Range<usize>> {
        let url = self.url;
        let pos = match self.pos {
            Some(pos) => pos,
            None => match first_level(url, self.rfc_scheme) {
                None => {
                    // Not `scheme://…`: the URL alone, or nothing for the path hierarchy.
                    self.pos = Some(url.len());
                    return (!self.path_only && !url.is_empty()).then_some(0..url.len());
                }
                Some((host_end, end)) => {
                    self.pos = Some(end);
                    if !self.path_only {
                        return Some(0..end);
                    }
                    // Path elements start at the separator after the host.
                    self.start = host_end;
                    end
                }
            },
        };
        // Skip separators, then take one segment and the separator after it.
        let rest = url.get(pos..).unwrap_or_default();
        let from = pos + until(rest, |b| !is_separator(b));
        if from >= url.len() {
            self.pos = Some(url.len());
            return None;
        }
        let mut end = from + until(&url[from..], is_separator);
        if end < url.len() {
            end += 1;
        }
        self.pos = Some(end);
        Some(self.start..end)
    }
}

impl<'a> Iterator for UrlHierarchy<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        // Every end is the URL's end or after an ASCII separator, every
        // start 0 or at a separator: always the text's boundaries.
        self.next_range().and_then(|r| self.url.get(r))
    }
}

/// The URL cut after each `/`, `?` or `#` of its path, query and fragment
/// (ClickHouse's `URLHierarchy`): first `scheme://host/`, then each longer
/// prefix; a run of separators counts as one. A URL that is not
/// `scheme://…` gives itself alone; an empty string gives nothing.
///
/// As in ClickHouse 26.9 (every row of `tests/data/clickhouse_*.txt`), the
/// separator ending an element is part of it (`…/a/b?`), the host is
/// everything between `//` and the first `/`, `?` or `#`, and only a scheme
/// of lower-case ASCII letters and digits counts (quirk `hierarchy-scheme`:
/// `HTTP://x/y`, `svn+ssh://x/y` give the URL alone, `9://x/y` does not).
///
/// ```
/// use uriscan_crawl::hierarchy::url_hierarchy;
/// assert_eq!(
///     url_hierarchy("https://example.com/browse/CONV-6788").collect::<Vec<_>>(),
///     ["https://example.com/", "https://example.com/browse/", "https://example.com/browse/CONV-6788"]
/// );
/// assert_eq!(
///     url_hierarchy("https://example.com/a/b?c=1").collect::<Vec<_>>(),
///     ["https://example.com/", "https://example.com/a/", "https://example.com/a/b?", "https://example.com/a/b?c=1"]
/// );
/// assert_eq!(url_hierarchy("mailto:a@b.c").collect::<Vec<_>>(), ["mailto:a@b.c"]);
/// ```
#[must_use]
pub fn url_hierarchy(url: &str) -> UrlHierarchy<'_> {
    UrlHierarchy { url, levels: Levels::new(url.as_bytes(), false, false) }
}

/// [`url_hierarchy`] without the scheme and host, and without the root `/`
/// (ClickHouse's `URLPathHierarchy`): each element starts at the path. A URL
/// that is not `scheme://…` gives nothing.
///
/// ```
/// use uriscan_crawl::hierarchy::url_path_hierarchy;
/// assert_eq!(url_path_hierarchy("https://example.com/browse/CONV-6788").collect::<Vec<_>>(), ["/browse/", "/browse/CONV-6788"]);
/// assert_eq!(url_path_hierarchy("https://example.com/").count(), 0);
/// ```
#[must_use]
pub fn url_path_hierarchy(url: &str) -> UrlHierarchy<'_> {
    UrlHierarchy { url, levels: Levels::new(url.as_bytes(), true, false) }
}
