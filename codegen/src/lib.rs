//! The grammar compiler behind uriscan: ABNF text in, Rust tables out.
//!
//! A pure function from files to source text, in two layers. Data flows one
//! way, each stage reading only the ones before it:
//!
//! ```text
//! grammar/NAME.tags ─ tags ─┐
//! grammar/*.abnf ─── abnf ──┴─ nfa ─ tdfa ─ analysis ─ print ─ Rust source
//! ```
//!
//! - **Front end**: the tags file ([`tags`]: which rules are entry points,
//!   captures, marks and error contexts), an RFC 5234 ABNF parser
//!   ([`abnf`], code point ranges as UTF-8 in [`utf8`]), a tagged Thompson
//!   NFA ([`nfa`]), and a tagged DFA with leftmost-first priorities,
//!   minimized, with merged byte classes ([`tdfa`]).
//! - **Analysis** ([`analysis`]): everything the generated files hold, as
//!   plain data: what the walker skips (run sets, triplets, UTF-8 run sets,
//!   whether any run set holds bytes >= 0x80), the operation lists and
//!   packed transitions, the skipping tables laid out as [`uriscan_layout`]
//!   defines (the walker reads them with the same crate), the byte sets of
//!   single-byte rules, the entry regexes, and the checked registry.
//! - **Printing** ([`print`](mod@print)): that data as Rust, deciding nothing; fixed
//!   code lives as Rust text in `src/print/templates/`.
//!
//! [`pipeline`] runs the stages: `uriscan`'s `build.rs` calls
//! [`build_all`] with [`URISCAN_BUILDS`] (the one list of grammars, in
//! [`builds`]); tests and tools call [`load`] and [`generate`] to get at
//! the intermediate stages. The scheme table ([`schemes`]) is the one
//! generated file that does not come from a grammar.
//!
//! ```
//! let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
//! let out = uriscan_codegen::generate(&dir, "digits.tags", &uriscan_codegen::Options::default()).unwrap();
//! assert!(out.automaton.starts_with("// DO NOT EDIT."));
//! assert!(out.automaton.contains("impl uriscan_layout::Tables for Tables {"));
//! ```
//!
//! # Adding a grammar
//!
//! A grammar joins uriscan with two new files and one line; nothing else
//! lists grammars (`grammar/tiny.abnf` is the worked example, and
//! `tests/registry.rs` parses with it):
//!
//! 1. `grammar/NAME.abnf`: its rules, as the RFC writes them. It may use
//!    the RFC 5234 core rules of `grammar/core.abnf` by naming that file
//!    too (step 2).
//! 2. `grammar/NAME.tags` (its directives are in [`tags`]): `grammar
//!    VARIANT TITLE` names its `Grammar` variant; `files NAME.abnf
//!    core.abnf` its ABNF files; `types ErrorKind ROOT HostKind` the
//!    runtime's error-context and mark types (`ROOT`, usually `Reference`,
//!    the context outside all others); one `entry VARIANT rule` per
//!    `Syntax` (the first is the grammar's reference rule; entry names are
//!    unique across grammars); `capture` lines whose names are among
//!    [`URI_CAPTURE_SLOTS`]; `context` lines that name variants of
//!    `ErrorKind`; `mark` lines that name variants of `HostKind`.
//! 3. One line in [`URISCAN_BUILDS`] (`codegen/src/builds.rs`):
//!    `Build::syntax("NAME.tags")`.
//!
//! `build.rs` then writes its tables, and the registry gives the library a
//! `Grammar` variant, a `Syntax` per entry, its regex oracle and its place
//! in every dispatch; the command line's `--grammar` and `--rule` read the
//! same lists. Two cases take one more edit each: a grammar built only with
//! a cargo feature (as `tiny.tags` is, `Build { feature:
//! Some("tiny-grammar"), .. }`) declares that feature in the `[features]`
//! of the root `Cargo.toml`; a `context` or `mark` the runtime does not
//! know yet is a new variant of `ErrorKind` (`src/error.rs`) or `HostKind`
//! (`src/host.rs`), with its name there. The Python package parses any
//! grammar's name (`syntax="NAME"`); its `SYNTAXES` tuple
//! (`python/uriscan/__init__.py`) and messages list the four RFC grammars
//! by hand.

pub mod abnf;
pub mod analysis;
pub mod builds;
pub mod byteset;
pub mod nfa;
pub mod pipeline;
pub mod print;
pub mod schemes;
pub mod tags;
pub mod tdfa;
pub mod utf8;

pub use builds::{Build, Options, Role, URISCAN_BUILDS, URI_CAPTURE_SLOTS};
pub use pipeline::{build_all, generate, load, load_build, Built, Loaded, Output};
