//! The list of grammars uriscan compiles ([`URISCAN_BUILDS`]) and how each
//! is compiled ([`Build`], [`Role`], [`Options`]).

/// How a grammar is compiled.
#[derive(Clone, Debug, Default)]
pub struct Options<'a> {
    /// When not empty: the captures' names in the order every grammar must
    /// use (capture `i` is always slot `i`); a capture this grammar lacks is
    /// a slot that is never set, and a capture not listed is an error.
    pub capture_slots: &'a [&'a str],
}

/// The order of every URI grammar's captures in uriscan: capture `i` is
/// slot `i` in each automaton (a grammar without a component leaves its
/// slot unset), so the runtime reads all of them the same way; the
/// registry checks at compile time that each grammar's `CAP_*` constants
/// agree.
pub const URI_CAPTURE_SLOTS: &[&str] =
    &["scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment"];

/// What a grammar of the registry is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// A URI syntax: its entries are parse syntaxes (the runtime's
    /// `Syntax`), its captures in the [`URI_CAPTURE_SLOTS`].
    Syntax,
    /// A split with captures of its own, read by its own code (Appendix B).
    Split,
}

/// One grammar that uriscan's `build.rs` compiles: a tags file in
/// `grammar/` (which names the grammar, its ABNF files and its entries).
#[derive(Clone, Debug)]
pub struct Build {
    /// The tags file in `grammar/`.
    pub tags: &'static str,
    /// What it is for.
    pub role: Role,
    /// The cargo feature of `uriscan` that the grammar needs, if any.
    pub feature: Option<&'static str>,
}

impl Build {
    /// A URI syntax.
    pub const fn syntax(tags: &'static str) -> Build {
        Build { tags, role: Role::Syntax, feature: None }
    }

    /// The stem of the generated files and the module name: the tags file's
    /// name without `.tags`, `-` as `_` (`appendix-b.tags` -> `appendix_b`).
    pub fn stem(&self) -> String {
        self.tags.trim_end_matches(".tags").replace('-', "_")
    }

    /// How it is compiled.
    pub fn options(&self) -> Options<'static> {
        match self.role {
            Role::Syntax => Options { capture_slots: URI_CAPTURE_SLOTS },
            Role::Split => Options { capture_slots: &[] },
        }
    }
}

/// Every grammar uriscan compiles, in the order of the runtime's `Grammar`
/// (the first is the default). Adding a grammar is adding a line here (see
/// the crate docs, "Adding a grammar", for the files it takes); the
/// registry gives the runtime its tables, its `Grammar` variant and a
/// `Syntax` per entry.
pub const URISCAN_BUILDS: &[Build] = &[
    Build::syntax("rfc3986.tags"),
    Build::syntax("rfc2396.tags"),
    Build::syntax("rfc1630.tags"),
    // RFC 3987's IRIs: the code points of `ucschar` and `iprivate` as UTF-8.
    Build::syntax("rfc3987.tags"),
    // Appendix B's split has its own five captures, read by its own code.
    Build { tags: "appendix-b.tags", role: Role::Split, feature: None },
    // The demonstration grammar of tests/registry.rs.
    Build { tags: "tiny.tags", role: Role::Syntax, feature: Some("tiny-grammar") },
];
