//! RFC 5234 ABNF (with RFC 7405 `%s`/`%i`) parser and grammar loader.
//!
//! The generator knows ABNF, not any particular grammar. `parse_file` turns
//! one file's text into rules; `Grammar::load` merges files (so a grammar can
//! take the core rules from a second file), applies `=/`, and checks that every
//! referenced rule is defined and that no rule is recursive. Every problem is
//! reported as `FILE:LINE:COL: message`, all of them, not just the first.

use super::byteset::ByteSet;
use std::collections::BTreeMap;

/// A position in a grammar file (1-based line and column, column in bytes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pos {
    pub file: String,
    pub line: u32,
    pub col: u32,
}

/// One diagnostic; `Display` gives `FILE:LINE:COL: message`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub pos: Pos,
    pub message: String,
}

impl std::fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}:{}: {}", self.pos.file, self.pos.line, self.pos.col, self.message)
    }
}

/// An ABNF expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expr {
    /// `a / b / c`, in the order written (the first listed has priority).
    Alt(Vec<Expr>),
    /// `a b c`.
    Seq(Vec<Expr>),
    /// `min*max element`; `max == None` means unbounded. `[x]` is `0*1 x`.
    Repeat { min: u32, max: Option<u32>, expr: Box<Expr> },
    /// A reference to a rule, by its name as written, with the position of the reference.
    Rule(String, Pos),
    /// One byte from a set: a `%x41-5A` range, one character of a quoted
    /// string (both cases when case-insensitive), one value of `%x41.42`.
    Class(ByteSet),
    /// The empty string (for example `0<prose>` or `0element`).
    Empty,
}

/// One rule as defined in a file (`=/` alternatives already merged).
#[derive(Clone, Debug)]
pub struct Rule {
    /// The name as first written (rule names compare case-insensitively).
    pub name: String,
    pub expr: Expr,
    pub pos: Pos,
}
