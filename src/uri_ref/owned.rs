//! An owned copy of a reference ([`UriBuf`]), without parsing it again.

use alloc::string::String;

use super::UriRef;
use crate::owned::UriBuf;

/// An owned copy.
impl UriRef<'_> {
    /// The owned copy of this reference: the text is copied, the component
    /// offsets are kept (no parsing again).
    ///
    /// ```
    /// use uriscan::{UriBuf, UriRef};
    /// let line = String::from("http://example.com/x");
    /// let owned: UriBuf = UriRef::parse(&line).unwrap().to_buf();
    /// drop(line);
    /// assert_eq!(owned.host(), Some("example.com"));
    /// ```
    #[inline]
    #[must_use]
    pub fn to_buf(&self) -> UriBuf {
        UriBuf::from_parts(String::from(self.as_str()), self.caps)
    }
}
