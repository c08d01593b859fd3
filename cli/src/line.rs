//! The units of input every layer handles: an operand ([`FileCtx`]), one
//! line of it ([`Line`]) and a chunk of free text ([`Text`]). Below the
//! readers (`input`), the records (`record`) and the jobs (`job`), which
//! all speak of lines.

use uriscan::{ParseError, Syntax, UriRef};

/// One input operand.
pub struct FileCtx {
    /// The name used in messages and records; standard input is `<stdin>`.
    pub name: String,
    /// `None` for standard input.
    pub(crate) path: Option<String>,
}

impl FileCtx {
    pub fn new(operand: &str) -> FileCtx {
        if operand == "-" {
            FileCtx { name: "<stdin>".to_string(), path: None }
        } else {
            FileCtx { name: operand.to_string(), path: Some(operand.to_string()) }
        }
    }
}

/// One input line, as handed to a [`Job`](crate::job::Job).
#[derive(Clone, Copy)]
pub struct Line<'a> {
    pub file: &'a FileCtx,
    /// Its number (1-based, within its file).
    pub no: u64,
    /// The line without its terminator (and, with LF lines, without a CR
    /// before the LF).
    pub bytes: &'a [u8],
    /// The same bytes as text, when the chunk they came from is UTF-8.
    pub text: Option<&'a str>,
    /// Whether none of `bytes` is one that JSON or TSV escapes (see
    /// [`find_escape`](crate::record::find_escape)).
    pub escape_free: bool,
}

impl<'a> Line<'a> {
    /// Parses the line; through `&str` when the chunk was UTF-8 (validated
    /// once per chunk instead of once per line).
    #[inline]
    pub fn parse(&self, syntax: Syntax) -> Result<UriRef<'a>, ParseError> {
        match self.text {
            Some(s) => syntax.parse(s),
            None => syntax.parse_bytes(self.bytes),
        }
    }

    /// Checks the line against `syntax` without its components
    /// ([`Syntax::validate`]: the validator, the same error as
    /// [`parse`](Line::parse)).
    #[inline]
    pub fn validate(&self, syntax: Syntax) -> Result<(), ParseError> {
        syntax.validate_bytes(self.bytes)
    }
}

/// A chunk of free text (whole lines, not cut inside a URI in `<...>`),
/// as handed to a [`Job::FREE_TEXT`](crate::job::Job::FREE_TEXT) job.
pub struct Text<'a> {
    pub file: &'a FileCtx,
    /// The number of lines of its file before it.
    pub before: u64,
    /// Where it starts in its file (bytes).
    pub offset: u64,
    pub bytes: &'a [u8],
    /// The line terminator.
    pub sep: u8,
}

/// A line is its bytes (for the library's batch APIs, which hand each item
/// back with its result).
impl AsRef<[u8]> for Line<'_> {
    #[inline(always)]
    fn as_ref(&self) -> &[u8] {
        self.bytes
    }
}
