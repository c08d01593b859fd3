//! Crawl and web-archive keys on top of [`uriscan`]: SURT keys, canonicalization
//! profiles, registrable domains from the Public Suffix List, and
//! query-parameter surgery.
//!
//! Every public function takes `&str` or `&[u8]`, returns an answer for any
//! input (crawl logs are dirty) and never panics.
//!
//! ```
//! assert_eq!(uriscan_crawl::surt("http://www.Archive.org:80/goo/?b=2&a=1#x"), "org,archive)/goo?a=1&b=2");
//! ```
#![warn(missing_docs)]

/// The names of `$t::ALL`, in its order, as a constant array of `$n`
/// (for a type whose `const fn name(self)` gives each its name).
macro_rules! names_of {
    ($t:ty, $n:expr) => {{
        let mut names = [""; $n];
        let mut k = 0;
        while k < $n {
            names[k] = <$t>::ALL[k].name();
            k += 1;
        }
        names
    }};
}

mod clickhouse_tld;
mod clickhouse_url;
mod escapes;
mod host_forms;
pub mod surt;

pub use surt::{archive_canonical, surt, surt_bytes_into, surt_into, surt_with, SurtOptions};
pub mod domain;

pub use domain::{domain_parts, public_suffix, registrable_domain, DomainOptions, DomainParts, HostClass, Section};
pub mod canon;
pub mod hierarchy;
pub mod params;

pub mod cc_index;
pub mod encoding;
pub mod function_set;
pub mod hosts;
pub mod paths;
pub mod record;
pub mod spark;
pub mod uri;

pub use canon::{canon, CanonError, Profile};
pub use params::{filter_params, filter_params_bytes, strip_tracking, ParamFilter, TRACKING_NAMES, TRACKING_PREFIXES};

/// The README's examples, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
