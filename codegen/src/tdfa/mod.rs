//! Tagged DFA: subset construction over the tagged NFA with registers for
//! tag positions (after Laurikari's TDFA, with one byte of lookahead so that a
//! tag is only written on the transition that commits to it), then byte-class
//! compression and Moore minimization.
//!
//! Disambiguation is leftmost-first: NFA threads are ordered by priority (the
//! first alternative of an ABNF `/` first, a repetition prefers one more
//! iteration), and when two threads reach the same NFA state the earlier one
//! wins. So `host = IP-literal / IPv4address / reg-name` reports IPv4 for
//! `1.2.3.4`, with no code that knows what a host is.
//!
//! One job per module: the automaton as data ([`automaton`]), byte classes
//! ([`classes`]), the subset construction ([`determinize`]), the removal of
//! unobservable register operations ([`optimize`]) and minimization
//! ([`minimize`]); [`build`] runs them in order.

pub mod automaton;
pub mod classes;
pub mod determinize;
pub mod minimize;
pub mod optimize;

pub use automaton::{sequence, DState, Op, Src, TagVal, Tdfa};

use crate::nfa::Nfa;

/// Determinizes the merged NFA of all entries: minimized, with merged byte
/// classes and without the register operations nothing observes.
pub fn build(nfas: &[Nfa]) -> Tdfa {
    let mut d = build_unoptimized(nfas);
    optimize::optimize_ops(&mut d);
    minimize::minimize(&mut d);
    classes::merge_classes(&mut d);
    d
}

/// [`build`] without [`optimize::optimize_ops`] (the reference its tests
/// compare with).
pub fn build_unoptimized(nfas: &[Nfa]) -> Tdfa {
    let mut d = determinize::determinize(nfas);
    minimize::minimize(&mut d);
    classes::merge_classes(&mut d);
    d
}
