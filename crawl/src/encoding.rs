//! ClickHouse's URL component encoding and decoding:
//! `encodeURLComponent`, `encodeURLFormComponent`, `decodeURLComponent`,
//! `decodeURLFormComponent`.
//!
//! Encoding keeps RFC 3986's `unreserved` bytes (`A-Z a-z 0-9 - . _ ~`,
//! [`uriscan::sets::UNRESERVED`]) and writes every other byte as `%XX` with
//! upper-case hex digits; the form variant writes a space as `+`. Decoding
//! turns each `%XX` triplet (either case of hex digit) into its octet and
//! keeps a `%` that does not start one (`%zz`, a trailing `%4`) as it is;
//! the form variant reads `+` as a space. Decoded octets may be anything,
//! `NUL` and bytes that are not UTF-8 included, as in ClickHouse, whose
//! strings are bytes: the decoders return bytes, and their `_lossy` twins
//! text with U+FFFD for what is not UTF-8.
//!
//! All four agree with ClickHouse 26.9 on every row of
//! `tests/data/clickhouse_url_fns.txt`.

use std::borrow::Cow;

use uriscan::percent;
use uriscan::sets::UNRESERVED;

/// `s` percent-encoded as ClickHouse's `encodeURLComponent` does: every byte
/// but `A-Z a-z 0-9 - . _ ~` as `%XX`. Borrowed when nothing needs encoding.
///
/// ```
/// use uriscan_crawl::encoding::encode_url_component;
/// assert_eq!(encode_url_component("a b+c/é~*"), "a%20b%2Bc%2F%C3%A9~%2A");
/// assert_eq!(encode_url_component(b"\x00\xFF"), "%00%FF");
/// ```
#[must_use]
pub fn encode_url_component<I: AsRef<[u8]> + ?Sized>(s: &I) -> Cow<'_, str> {
    percent::encode(s, &UNRESERVED)
}

/// `s` encoded as ClickHouse's `encodeURLFormComponent` does: as
/// [`encode_url_component`], but a space is `+` (and `+` itself `%2B`).
///
/// ```
/// use uriscan_crawl::encoding::encode_url_form_component;
/// assert_eq!(encode_url_form_component("a b+c/é~*"), "a+b%2Bc%2F%C3%A9~%2A");
/// ```
#[must_use]
pub fn encode_url_form_component<I: AsRef<[u8]> + ?Sized>(s: &I) -> Cow<'_, str> {
    match encode_url_component(s) {
        // A `%` in the output only starts a triplet, so `%20` is always an encoded space.
        Cow::Owned(e) if e.contains("%20") => Cow::Owned(e.replace("%20", "+")),
        other => other,
    }
}

/// `s` decoded as ClickHouse's `decodeURLComponent` does: `%XX` triplets to
/// octets, a malformed `%` kept, `+` kept. Borrowed when there is no `%`.
///
/// ```
/// use uriscan_crawl::encoding::decode_url_component;
/// assert_eq!(decode_url_component("a+b%20%zz%4"), &b"a+b %zz%4"[..]);
/// assert_eq!(decode_url_component("%41%4a%00%FF"), &b"AJ\x00\xFF"[..]);
/// ```
#[must_use]
pub fn decode_url_component<I: AsRef<[u8]> + ?Sized>(s: &I) -> Cow<'_, [u8]> {
    percent::decode_lenient(s)
}

/// `s` decoded as ClickHouse's `decodeURLFormComponent` does: as
/// [`decode_url_component`], and `+` is a space.
///
/// ```
/// use uriscan_crawl::encoding::decode_url_form_component;
/// assert_eq!(decode_url_form_component("a+b%20%zz%2B"), &b"a b %zz+"[..]);
/// ```
#[must_use]
pub fn decode_url_form_component<I: AsRef<[u8]> + ?Sized>(s: &I) -> Cow<'_, [u8]> {
    percent::decode_form_bytes(s)
}

/// [`decode_url_component`] as text: octets that are not UTF-8 become U+FFFD.
///
/// ```
/// use uriscan_crawl::encoding::decode_url_component_lossy;
/// assert_eq!(decode_url_component_lossy("caf%C3%A9+%FF"), "café+\u{FFFD}");
/// ```
#[must_use]
pub fn decode_url_component_lossy<I: AsRef<[u8]> + ?Sized>(s: &I) -> Cow<'_, str> {
    percent::decode_str_lossy(s)
}

/// [`decode_url_form_component`] as text: octets that are not UTF-8 become U+FFFD.
///
/// ```
/// use uriscan_crawl::encoding::decode_url_form_component_lossy;
/// assert_eq!(decode_url_form_component_lossy("caf%C3%A9+au+lait"), "café au lait");
/// ```
#[must_use]
pub fn decode_url_form_component_lossy<I: AsRef<[u8]> + ?Sized>(s: &I) -> Cow<'_, str> {
    percent::decode_form(s)
}
