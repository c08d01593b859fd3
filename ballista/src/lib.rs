//! uriscan functions on Ballista (in progress).
