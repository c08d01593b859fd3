//! The parse record: the one declaration of the fields a parse of a URI
//! reference gives, in their order, with the kind of their values and what
//! each holds. Every interface that writes a parse record takes its fields
//! from [`PARSE_RECORD`]: the command line's `uriscan parse` (all formats,
//! `--fields`), `uriscan_arrow::parse` (and through it DataFusion's, DuckDB's,
//! Spark's and polars' `parse`), and the user guide's table of the record
//! ([`markdown_table`]).
//!
//! Each interface maps a [`FieldKind`] to its own type (Arrow's, SQL's,
//! Python's) and computes a field's values from its [`ParseField`]; no list
//! of names is written anywhere else.
//!
//! ```
//! use uriscan_crawl::record::{FieldKind, ParseField, PARSE_RECORD};
//!
//! let names: Vec<&str> = PARSE_RECORD.iter().map(|f| f.name).collect();
//! assert_eq!(names[..3], ["valid", "scheme", "authority"]);
//! assert_eq!(ParseField::Port.field().kind, FieldKind::Port);
//! assert_eq!(ParseField::PortText.component(), Some(uriscan::Component::Port));
//! ```

use uriscan::Component;

/// The kind of a field's values; each interface maps it to a type of its own.
/// Every field is nullable: a null input gives a null record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FieldKind {
    /// True or false (Arrow `Boolean`).
    Bool,
    /// Text: a slice of the input or a name (Arrow `Utf8View` or `Utf8`).
    Text,
    /// A port number, 0 to 65535 (Arrow `Int32`, SQL `INTEGER`: the type
    /// SQL engines without unsigned integers share).
    Port,
    /// A byte index into the input (Arrow `UInt64`).
    Index,
}

impl FieldKind {
    /// The kind's name, as the user guide's table writes it.
    ///
    /// ```
    /// assert_eq!(uriscan_crawl::record::FieldKind::Port.name(), "port number");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            FieldKind::Bool => "boolean",
            FieldKind::Text => "text",
            FieldKind::Port => "port number",
            FieldKind::Index => "byte index",
        }
    }
}

/// One field of the parse record: which it is, its name, the kind of its
/// values and what it holds.
///
/// ```
/// let f = uriscan_crawl::record::PARSE_RECORD[0];
/// assert_eq!((f.name, f.kind), ("valid", uriscan_crawl::record::FieldKind::Bool));
/// assert!(f.doc.starts_with("whether"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Field {
    /// Which field this is (what an interface computes it from).
    pub field: ParseField,
    /// Its name: a column name, a struct field's name, a JSON key.
    pub name: &'static str,
    /// The kind of its values.
    pub kind: FieldKind,
    /// What it holds, in one line.
    pub doc: &'static str,
}

/// `Some(Component::$c)`, or `None` for no component.
macro_rules! component {
    () => {
        None
    };
    ($c:ident) => {
        Some(Component::$c)
    };
}

/// The record: each field's doc line, variant, name, kind and (for a
/// component) the component it holds, once, in order.
macro_rules! parse_record {
    ($($doc:literal $variant:ident $name:ident: $kind:ident $(= $component:ident)?,)*) => {
        /// A field of the parse record (in [`PARSE_RECORD`]'s order).
        ///
        /// ```
        /// use uriscan_crawl::record::ParseField;
        /// assert_eq!(ParseField::ErrorMessage.field().name, "error_message");
        /// ```
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum ParseField {
            $(
                #[doc = $doc]
                $variant,
            )*
        }

        /// The fields of the parse record, in order.
        pub const PARSE_RECORD: [Field; [$(stringify!($name)),*].len()] = [$(Field {
            field: ParseField::$variant,
            name: stringify!($name),
            kind: FieldKind::$kind,
            doc: $doc,
        }),*];

        impl ParseField {
            /// The component of the reference this field holds (for the
            /// eight component fields).
            ///
            /// ```
            /// use uriscan_crawl::record::ParseField;
            /// assert_eq!(ParseField::Host.component(), Some(uriscan::Component::Host));
            /// assert_eq!(ParseField::HostKind.component(), None);
            /// ```
            #[must_use]
            pub const fn component(self) -> Option<Component> {
                match self {
                    $(ParseField::$variant => component!($($component)?),)*
                }
            }
        }
    };
}

parse_record! {
    "whether the input is a URI reference of the syntax (null for a null input)"
        Valid valid: Bool,
    "the scheme, without `:`"
        Scheme scheme: Text = Scheme,
    "the authority, without `//`"
        Authority authority: Text = Authority,
    "the userinfo, without `@`"
        Userinfo userinfo: Text = Userinfo,
    "the host as written (an IP literal with its brackets)"
        Host host: Text = Host,
    "the host's kind: `reg-name`, `ipv4`, `ipv6` or `ipvfuture`"
        HostKind host_kind: Text,
    "the port as written, without `:` (empty after a bare `:`)"
        PortText port_text: Text = Port,
    "the port's number: null when absent, empty or above 65535"
        Port port: Port,
    "the path (empty, never null, for a valid reference)"
        Path path: Text = Path,
    "the query, without `?`"
        Query query: Text = Query,
    "the fragment, without `#`"
        Fragment fragment: Text = Fragment,
    "the grammar context of the first error (`path`, `IP literal`, ...)"
        ErrorKind error_kind: Text,
    "the byte index of the first error"
        ErrorIndex error_index: Index,
    "the error as a message (`invalid character ' ' at index 10 in path`)"
        ErrorMessage error_message: Text,
}

impl ParseField {
    /// The field's entry in [`PARSE_RECORD`].
    ///
    /// ```
    /// use uriscan_crawl::record::{FieldKind, ParseField};
    /// assert_eq!(ParseField::ErrorIndex.field().kind, FieldKind::Index);
    /// ```
    #[must_use]
    pub const fn field(self) -> &'static Field {
        // The macro writes the variants and the entries from one list, in
        // one order: variant `k` is entry `k`.
        &PARSE_RECORD[self as usize]
    }
}

/// The number of a port as written (its digits, without `:`): `None` when
/// it is empty, holds anything but ASCII digits, or is above 65535 (what the
/// record's [`ParseField::Port`] holds).
///
/// ```
/// use uriscan_crawl::record::port_number_bytes;
/// assert_eq!(port_number_bytes(b"0080"), Some(80));
/// assert_eq!((port_number_bytes(b""), port_number_bytes(b"65536"), port_number_bytes(b"8x")), (None, None, None));
/// ```
#[must_use]
pub fn port_number_bytes(port: &[u8]) -> Option<u16> {
    if port.is_empty() {
        return None;
    }
    let mut v: u32 = 0;
    for &b in port {
        if !b.is_ascii_digit() {
            return None;
        }
        v = v * 10 + u32::from(b - b'0');
        if v > 65535 {
            return None;
        }
    }
    u16::try_from(v).ok()
}

/// The record as a Markdown table (field, kind, content), one row per field
/// in order: the user guide's table, which a test compares with this.
///
/// ```
/// let t = uriscan_crawl::record::markdown_table();
/// assert!(t.starts_with("| field | kind | content |\n|---|---|---|\n| `valid` | boolean |"));
/// ```
#[must_use]
pub fn markdown_table() -> String {
    let mut out = String::from("| field | kind | content |\n|---|---|---|\n");
    for f in &PARSE_RECORD {
        out.push_str(&format!("| `{}` | {} | {} |\n", f.name, f.kind.name(), f.doc));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_field_once_in_order() {
        for (i, f) in PARSE_RECORD.iter().enumerate() {
            assert_eq!(f.field as usize, i, "{}", f.name);
            assert_eq!(f.field.field().name, f.name);
            assert!(PARSE_RECORD[..i].iter().all(|g| g.name != f.name), "{} twice", f.name);
        }
    }

    #[test]
    fn components_are_the_eight() {
        let got: Vec<Component> = PARSE_RECORD.iter().filter_map(|f| f.field.component()).collect();
        assert_eq!(got.len(), 8);
        assert!(got.iter().all(|c| got.iter().filter(|d| d == &c).count() == 1), "{got:?}");
        for f in &PARSE_RECORD {
            assert_eq!(
                f.field.component().is_some(),
                f.kind == FieldKind::Text && f.name != "host_kind" && !f.name.starts_with("error")
            );
        }
    }

    #[test]
    fn port_numbers() {
        for (text, want) in [
            ("0", Some(0)),
            ("65535", Some(65535)),
            ("65536", None),
            ("99999999999999999999", None),
            ("", None),
            ("-1", None),
            ("+1", None),
        ] {
            assert_eq!(port_number_bytes(text.as_bytes()), want, "{text}");
        }
    }
}
