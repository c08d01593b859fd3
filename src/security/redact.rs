//! RFC 3986 §7.5: a reference displayed with its password masked.

use super::host::offset_in;
use core::fmt;

/// A [`Display`](fmt::Display) adapter that writes a reference with the
/// password of its userinfo replaced by `****` (RFC 3986 §7.5). A userinfo
/// without `:` is written as it is. Allocates nothing.
///
/// Made by [`UriRef::redacted`](crate::UriRef::redacted) for a parsed reference, or by [`redact`] for
/// any string (for error messages about input that did not parse).
///
/// ```
/// let u = uriscan::UriRef::parse("ftp://user:secret@host/f").unwrap();
/// assert_eq!(u.redacted().to_string(), "ftp://user:****@host/f");
/// assert_eq!(uriscan::security::redact("http://u:p@h:x/").to_string(), "http://u:****@h:x/");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Redacted<'a> {
    s: &'a str,
    /// The byte range of the password.
    mask: Option<(usize, usize)>,
}

impl Redacted<'_> {
    pub(crate) fn new<'s>(s: &'s str, userinfo: Option<&str>) -> Redacted<'s> {
        let mask = userinfo.and_then(|ui| {
            let off = offset_in(s, ui)?;
            let colon = ui.find(':')?;
            Some((off + colon + 1, off + ui.len()))
        });
        Redacted { s, mask }
    }
}

impl fmt::Display for Redacted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.mask.and_then(|(a, b)| Some((self.s.get(..a)?, self.s.get(b..)?))) {
            Some((head, tail)) => {
                f.write_str(head)?;
                f.write_str("****")?;
                f.write_str(tail)
            }
            None => f.write_str(self.s),
        }
    }
}

/// Displays any string with the password of its userinfo masked (RFC 3986
/// §7.5), finding the authority by Appendix B ([`crate::split`]) so that it
/// works on input that is not a valid reference; the userinfo is everything
/// before the authority's last `@`. For a parsed reference,
/// [`UriRef::redacted`](crate::UriRef::redacted) says the same.
///
/// ```
/// use uriscan::security::redact;
/// assert_eq!(redact("http://al:secret@h/p").to_string(), "http://al:****@h/p");
/// assert_eq!(redact("http://al:se cret@h/<p>").to_string(), "http://al:****@h/<p>");
/// assert_eq!(redact("http://al@h/p:q@r").to_string(), "http://al@h/p:q@r");
/// assert_eq!(redact("no authority:x@y").to_string(), "no authority:x@y");
/// ```
#[must_use]
pub fn redact(input: &str) -> Redacted<'_> {
    let ui = crate::split(input).authority.and_then(|a| a.rfind('@').and_then(|at| a.get(..at)));
    Redacted::new(input, ui)
}
