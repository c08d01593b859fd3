//! Byte sets of the RFC 3986 grammar, generated at build time from
//! `grammar/rfc3986.abnf` and `grammar/core.abnf`.
//!
//! For every rule that matches some one-byte string, the constant named after
//! the rule (`segment-nz-nc` → `SEGMENT_NZ_NC`) holds the bytes `b` for which
//! the one-byte string `b` matches the rule. For `pchar` that is
//! `unreserved / sub-delims / ":" / "@"` (a `pct-encoded` needs three bytes),
//! which is also the set of bytes a path segment may hold unencoded; so these
//! sets are the percent-encoding sets of the components.
//!
//! ```
//! use uriscan::sets;
//! assert!(sets::PCHAR.contains(b'@') && !sets::PCHAR.contains(b'/'));
//! assert!(sets::QUERY.contains(b'/') && sets::QUERY.contains(b'?'));
//! assert!(sets::UNRESERVED.contains(b'~') && !sets::UNRESERVED.contains(b'%'));
//! ```

#[doc(inline)]
pub use crate::tables::rfc3986::sets::*;
