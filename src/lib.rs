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
//! bytes and batches. [`UriRef`]'s docs list its methods by topic.
//!
//! ```
//! use uriscan::Syntax;
//! let u = Syntax::IriReference.parse("http://example.com/日本").unwrap();
//! assert_eq!(u.to_uri_str(), "http://example.com/%E6%97%A5%E6%9C%AC");
//! ```
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
// simd, automaton (the walker) | tables (generated) | scan | uri (views) |
// split, dot_segments, resolve, normalize, percent, builder, iter, owned
// (the owned view), extract, iri, security (operations on views) | lenient
// (strict view or split, and the validator walked again) | owned_ops,
// relativize (operations giving owned views) | std_traits, serde_impls,
// oracle.
mod automaton;
mod byteset;
mod components;
mod error;
mod grammar;
mod host;
#[cfg(feature = "alloc")]
mod owned;
mod scan;
pub mod sets;
#[allow(unsafe_code)]
mod simd;
mod std_traits;
mod tables;
mod uri;

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
#[cfg(feature = "alloc")]
pub use owned::{FromStringError, UriBuf, UriCow};
pub use std_traits::UnknownName;
pub use uri::{Uri, UriRef};

pub use builder::{BuildError, Builder};
#[cfg(feature = "alloc")]
pub use dot_segments::{remove_dot_segments, remove_dot_segments_into};
pub use iter::{PathSegments, QueryPair, QueryPairBytes, QueryPairs, QueryPairsBytes};
pub use normalize::NormalizeOptions;
#[cfg(feature = "std")]
pub use resolve::Resolver;
pub use resolve::{ResolveError, ResolveMode};

#[cfg(feature = "alloc")]
mod owned_ops;
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
