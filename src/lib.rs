//! RFC 3986 URI references: parsing, validation, splitting, resolution and
//! normalization, from tables that `build.rs` compiles out of the RFC's own
//! ABNF (`grammar/rfc3986.abnf`).
//!
//! ```
//! let u = uriscan::UriRef::parse("http://example.com/a?b#c").unwrap();
//! assert_eq!(u.host(), Some("example.com"));
//! ```
//!
//! [`UriRef::parse`] is the shorthand for RFC 3986's `URI-reference`; every
//! other grammar and entry rule (RFC 3987 IRIs, RFC 2396, RFC 1630, `URI`,
//! `absolute-URI`, ...) is a [`Syntax`] value, whose methods parse strings,
//! bytes and batches. [`UriRef`]'s methods are grouped by topic, one file
//! of `src/uri_ref/` each.
//!
//! ```
//! use uriscan::Syntax;
//! let u = Syntax::IriReference.parse("http://example.com/日本").unwrap();
//! assert_eq!(u.to_uri_str(), "http://example.com/%E6%97%A5%E6%9C%AC");
//! ```
//!
//! # Naming
//!
//! One rule for every public name; `tests/api.rs` reads every public
//! signature under `src/` (and the generated registry) and fails on a name
//! that breaks it.
//!
//! - **Input.** A function that reads a reference or a text (a component,
//!   a host, a document) takes `&str` under its plain name; the same
//!   operation over bytes adds `_bytes` and takes `&[u8]`, and `_string`
//!   takes an owned `String` and keeps it. A batch form adds `_each` after
//!   the input marker and takes items of that kind:
//!   [`parse`](Syntax::parse), [`parse_bytes`](Syntax::parse_bytes),
//!   [`parse_string`](Syntax::parse_string), [`parse_each`](Syntax::parse_each),
//!   [`parse_bytes_each`](Syntax::parse_bytes_each); `validate`,
//!   `validate_bytes`, `validate_each`, `validate_bytes_each`;
//!   `parse_lenient`, `parse_lenient_bytes`. Where only one form exists,
//!   its name still says which (`security::inet_aton_bytes`). Two cases
//!   where a type says it instead: a function generic over `AsRef<[u8]>`
//!   takes either (the [`percent`] codecs, whose result does not depend on
//!   UTF-8), and a type whose name says bytes ([`QueryPairsBytes`],
//!   [`ByteComponents`], [`ByteSet`]) takes bytes without the marker.
//! - **Output.** An operation that gives a reference gives it parsed under
//!   its plain name (a [`UriBuf`], a [`UriCow`] or a [`UriRef`]) and as text
//!   with `_str` (a `String`, a `Cow<str>`, or a `&str` in a buffer the
//!   value owns): [`resolve`](UriRef::resolve) and
//!   [`resolve_str`](UriRef::resolve_str), [`Builder::build`] and
//!   [`Builder::build_str`]; `_into` writes the text into the `&mut String`
//!   the caller passes as the last argument (before an options value).
//!   Decoding likewise: [`percent::decode`] gives octets,
//!   [`percent::decode_str`] text. A name with `_str` always gives text,
//!   and on the reference types ([`UriRef`], [`UriBuf`], [`UriCow`]) and
//!   those that make references ([`Builder`], [`Resolver`], [`Match`]) a
//!   method that gives new text always says `_str` (or is `into_string`).
//! - **Options.** `_with` means exactly one options value (a type named
//!   `…Options` or `…Mode`: [`NormalizeOptions`], [`ResolveMode`],
//!   [`security::InetAtonOptions`]) as the last argument, beside the same
//!   name without `_with`, which uses the default:
//!   [`normalize_str`](UriRef::normalize_str) and
//!   [`normalize_str_with`](UriRef::normalize_str_with),
//!   [`Resolver::new`] and [`Resolver::new_with`]. Nothing else takes an
//!   options value. The suffixes come in this order: input marker,
//!   `_each`, output marker, `_with` (`resolve_into_with`).
//! - **Same name, same kind of result.** Methods of one name give the same
//!   kind of thing everywhere (a parsed reference, text, or values of one
//!   type) and, when they can fail, the same error type; a view over bytes
//!   ([`Lenient`], [`ByteComponents`]) gives bytes where the view over text
//!   gives text. Builder setters (`self` in, the builder out) are named
//!   after what they set.
//! - **Syntaxes.** A [`Syntax`] variant is its ABNF rule's words (split at
//!   `-`) in UpperCamelCase, an acronym as a word (`absolute-URI` is
//!   `AbsoluteUri`, `irelative-ref` `IrelativeRef`, RFC 1630's
//!   `fragmentaddress` `Fragmentaddress`), with the grammar's name before
//!   it only where an earlier grammar of the registry has an entry of that
//!   name (RFC 2396's `URI-reference` is `Rfc2396UriReference`). The tags
//!   files' `entry` lines (`grammar/*.tags`) say it too.
#![cfg_attr(not(feature = "std"), no_std)]
#![warn(missing_docs)]
// All `unsafe` lives in `simd` (SIMD run skipping), beside its scalar twin.
#![deny(unsafe_code)]
// No unwrap/expect in library code: input never decides a panic.
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing))]

#[cfg(feature = "std")]
extern crate std;
// Resolution, normalization, percent-encoding into buffers and the owned
// `UriBuf` need only an allocator (feature `alloc`, implied by `std`).
#[cfg(feature = "alloc")]
extern crate alloc;

// Layers, bottom up; a module imports only from the layers below it:
// simd, automaton (the walker) | tables (generated) | scan | uri_ref (the
// view: its type, parse entry points, components, host) | split,
// dot_segments, resolve, normalize, percent, builder, iter, owned (the
// owned view), extract, iri, security (operations on views) | lenient
// (strict view or split, and the validator walked again) | relativize
// (giving owned views) | uri_ref's other files (the operations as methods
// of the views) | names, serde_impls, oracle.
mod automaton;
mod byteset;
mod components;
mod error;
mod grammar;
mod host;
mod names;
#[cfg(feature = "alloc")]
mod owned;
mod scan;
pub mod sets;
#[allow(unsafe_code)]
mod simd;
mod tables;
mod uri_ref;

mod builder;
mod dot_segments;
mod iter;
pub mod normalize;
pub mod percent;
mod resolve;
pub mod scheme;
pub mod security;

pub use byteset::ByteSet;
pub use components::{Component, Components};
pub use error::{ErrorKind, ParseError};
pub use grammar::{Grammar, Syntax};
pub use host::{HostKind, Port};
pub use names::UnknownName;
#[cfg(feature = "alloc")]
pub use owned::{FromStringError, UriBuf, UriCow};
pub use uri_ref::UriRef;

pub use builder::{BuildError, Builder};
#[cfg(feature = "alloc")]
pub use dot_segments::{remove_dot_segments, remove_dot_segments_into};
pub use iter::{PathSegments, QueryPair, QueryPairBytes, QueryPairs, QueryPairsBytes};
pub use normalize::NormalizeOptions;
#[cfg(feature = "std")]
pub use resolve::Resolver;
pub use resolve::{ResolveError, ResolveMode};

#[cfg(feature = "alloc")]
mod relativize;
#[cfg(feature = "alloc")]
pub use relativize::RelativizeError;
#[cfg(feature = "serde")]
mod serde_impls;

mod split;
pub use split::{split, split_bytes, ByteComponents};

pub mod lenient;
pub use lenient::{Lenient, Violations};

#[cfg(feature = "std")]
mod extract;
#[cfg(feature = "std")]
pub mod iri;
#[cfg(feature = "std")]
pub use extract::{extract, extract_bytes, Delimiter, Extractor, Match, Matches};
#[cfg(feature = "oracle")]
pub mod oracle;

/// The README's examples, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// The user guide's examples, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../GUIDE.md")]
struct GuideDoctests;
