//! Subset construction over the tagged NFAs (after Laurikari's TDFA, with one
//! byte of lookahead so that a tag is only written on the transition that
//! commits to it).
//!
//! A DFA state is an ordered list of configurations `(nfa state, register of
//! each tag)`, threads in priority order (leftmost-first). Registers are
//! renumbered canonically (by first appearance) so that states differing
//! only by register names coincide; the renaming shows up as copy
//! operations on transitions.

use super::automaton::{sequence, DState, Op, Src, TagVal, Tdfa};
use super::classes::{byte_classes, representatives};
use crate::nfa::{CtxNode, Nfa, State, StateId};
use std::collections::HashMap;

/// Per tag: the register that holds its value in a configuration.
type Regs = Vec<Option<u16>>;
/// A DFA state: its configurations, highest priority first.
type Key = Vec<(StateId, Regs)>;

/// A tag's value on a thread after one step: an old register's, or the
/// position just recorded (tag `t`).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Val {
    Old(u16),
    New(u32),
}

/// The determinized automaton of the NFAs, one start per NFA, before any
/// minimization: every state keeps its own register names, the copies that
/// rename registers are sequenced through the scratch register.
pub fn determinize(nfas: &[Nfa]) -> Tdfa {
    let (classes, nclasses) = byte_classes(nfas);
    let reps = representatives(&classes, nclasses);
    let (merged, nfa_starts) = merge(nfas);
    let mut dz = Determinizer::new(&merged, nclasses);
    let starts = nfa_starts.iter().map(|&s| dz.start(s)).collect();
    let mut i = 1;
    while i < dz.keys.len() {
        let key = dz.keys[i].clone();
        let trans = reps.iter().map(|&rb| dz.transition(&key, rb)).collect();
        let fin = dz.acceptance(&key);
        let threads: Vec<StateId> = key.iter().map(|(q, _)| *q).collect();
        let ctx = common_context(&merged, &threads);
        dz.states[i] = DState { trans, fin, ctx };
        i += 1;
    }
    let tmp = dz.max_regs as u16;
    let mut states = dz.states;
    for s in states.iter_mut() {
        for t in s.trans.iter_mut() {
            t.1 = sequence(std::mem::take(&mut t.1), tmp);
        }
    }
    let unminimized = states.len();
    Tdfa { classes, nclasses, states, starts, nregs: dz.max_regs + 1, ntags: dz.ntags, unminimized }
}

/// The NFAs merged into one state space, and where each one starts in it.
fn merge(nfas: &[Nfa]) -> (Nfa, Vec<StateId>) {
    let mut merged = Nfa { states: Vec::new(), ctx: Vec::new(), ctx_nodes: Vec::new(), start: 0, ntags: nfas[0].ntags };
    let mut nfa_starts = Vec::new();
    for n in nfas {
        let so = merged.states.len() as StateId;
        let co = merged.ctx_nodes.len() as u32;
        nfa_starts.push(n.start + so);
        for s in &n.states {
            merged.states.push(match s {
                State::Byte { set, next } => State::Byte { set: *set, next: next + so },
                State::Split(t) => State::Split(t.iter().map(|x| x + so).collect()),
                State::Tag { tag, next } => State::Tag { tag: *tag, next: next + so },
                State::Final => State::Final,
            });
        }
        merged.ctx.extend(n.ctx.iter().map(|c| c + co));
        for c in &n.ctx_nodes {
            merged.ctx_nodes.push(CtxNode { parent: c.parent.map(|p| p + co), kind: c.kind });
        }
    }
    (merged, nfa_starts)
}

/// The construction's state: the DFA states found so far (by key), the
/// epsilon closure's visit marks, the registers used.
struct Determinizer<'a> {
    nfa: &'a Nfa,
    ntags: usize,
    nclasses: usize,
    /// The key of every state; state 0 (the empty key) is dead.
    keys: Vec<Key>,
    index: HashMap<Key, u32>,
    states: Vec<DState>,
    /// The most registers any state uses (the scratch register comes after).
    max_regs: usize,
    /// Per NFA state: the closure that last visited it.
    seen: Vec<u32>,
    gen: u32,
}

impl<'a> Determinizer<'a> {
    fn new(nfa: &'a Nfa, nclasses: usize) -> Determinizer<'a> {
        let dead = DState { trans: vec![(0, Vec::new()); nclasses], fin: None, ctx: None };
        Determinizer {
            nfa,
            ntags: nfa.ntags as usize,
            nclasses,
            keys: vec![Vec::new()],
            index: HashMap::from([(Vec::new(), 0)]),
            states: vec![dead],
            max_regs: 0,
            seen: vec![0; nfa.states.len()],
            gen: 0,
        }
    }

    /// The id of the state `key`, added (to be filled in later) if new.
    fn intern(&mut self, key: Key) -> u32 {
        if let Some(&id) = self.index.get(&key) {
            return id;
        }
        self.keys.push(key.clone());
        self.states.push(DState { trans: Vec::with_capacity(self.nclasses), fin: None, ctx: None });
        let id = (self.keys.len() - 1) as u32;
        self.index.insert(key, id);
        id
    }

    /// The start state of the NFA state `s`: every tag in its home register.
    fn start(&mut self, s: StateId) -> u32 {
        self.intern(vec![(s, (0..self.ntags as u16).map(Some).collect())])
    }

    /// Leftmost-first epsilon closure of `configs` at one position. Calls
    /// `visit(state, config index, tags set on the way)` for every non-epsilon
    /// state reached, in priority order; a state reached twice is kept once.
    fn closure(&mut self, configs: &[(StateId, Regs)], mut visit: impl FnMut(StateId, usize, &[u32])) {
        self.gen += 1;
        let gen = self.gen;
        for (ci, (q, _)) in configs.iter().enumerate() {
            let mut stack: Vec<(StateId, Vec<u32>)> = vec![(*q, Vec::new())];
            while let Some((s, tags)) = stack.pop() {
                if self.seen[s as usize] == gen {
                    continue;
                }
                self.seen[s as usize] = gen;
                match &self.nfa.states[s as usize] {
                    State::Split(t) => {
                        for &x in t.iter().rev() {
                            stack.push((x, tags.clone()));
                        }
                    }
                    State::Tag { tag, next } => {
                        let mut t2 = tags.clone();
                        t2.push(*tag);
                        stack.push((*next, t2));
                    }
                    State::Byte { .. } | State::Final => visit(s, ci, &tags),
                }
            }
        }
    }

    /// The threads after byte `rb` from state `key`, in priority order: the
    /// NFA state each reaches and the value of each tag on it.
    fn step(&mut self, key: &Key, rb: u8) -> Vec<(StateId, Vec<Option<Val>>)> {
        let (nfa, ntags) = (self.nfa, self.ntags);
        let mut out: Vec<(StateId, Vec<Option<Val>>)> = Vec::new();
        self.closure(key, |s, ci, tags| {
            if let State::Byte { set, next } = &nfa.states[s as usize] {
                if set.contains(rb) && !out.iter().any(|(q, _)| q == next) {
                    let vals = (0..ntags)
                        .map(|t| {
                            if tags.contains(&(t as u32)) {
                                Some(Val::New(t as u32))
                            } else {
                                key[ci].1[t].map(Val::Old)
                            }
                        })
                        .collect::<Vec<_>>();
                    out.push((*next, vals));
                }
            }
        });
        out
    }

    /// The transition from state `key` on byte `rb`: the target and the
    /// register operations (not yet sequenced).
    fn transition(&mut self, key: &Key, rb: u8) -> (u32, Vec<Op>) {
        let out = self.step(key, rb);
        if out.is_empty() {
            return (0, Vec::new());
        }
        let (nkey, assign) = self.registers(&out);
        let ops: Vec<Op> = assign
            .iter()
            .filter_map(|&(dst, v)| match v {
                Some(Val::Old(r)) if r == dst => None,
                Some(Val::Old(r)) => Some(Op { dst, src: Src::Reg(r) }),
                Some(Val::New(_)) => Some(Op { dst, src: Src::Pos }),
                None => Some(Op { dst, src: Src::Unset }),
            })
            .collect();
        (self.intern(nkey), ops)
    }

    /// Registers for the threads `out`: tag `t` lives in its home register
    /// `t` whenever all threads agree on its value (the usual case, also
    /// when it is unset everywhere); only where threads disagree does a
    /// value get an extra register, numbered canonically by first
    /// appearance. Returns the target's key and the value each register
    /// takes.
    fn registers(&mut self, out: &[(StateId, Vec<Option<Val>>)]) -> (Key, Vec<(u16, Option<Val>)>) {
        let ntags = self.ntags;
        let mut extra: Vec<Val> = Vec::new();
        let mut nkey: Key = out.iter().map(|(q, _)| (*q, vec![None; ntags])).collect();
        let mut assign: Vec<(u16, Option<Val>)> = Vec::new();
        for t in 0..ntags {
            let first = out[0].1[t];
            if out.iter().all(|(_, v)| v[t] == first) {
                for k in nkey.iter_mut() {
                    k.1[t] = Some(t as u16);
                }
                assign.push((t as u16, first));
                continue;
            }
            for (ci, (_, vals)) in out.iter().enumerate() {
                if let Some(v) = vals[t] {
                    let k = extra.iter().position(|x| *x == v).unwrap_or_else(|| {
                        extra.push(v);
                        extra.len() - 1
                    });
                    nkey[ci].1[t] = Some((ntags + k) as u16);
                }
            }
        }
        for (k, v) in extra.iter().enumerate() {
            assign.push(((ntags + k) as u16, Some(*v)));
        }
        self.max_regs = self.max_regs.max(ntags + extra.len());
        (nkey, assign)
    }

    /// Acceptance: the tag values of the first thread (in priority order)
    /// that reaches `Final`.
    fn acceptance(&mut self, key: &Key) -> Option<Vec<TagVal>> {
        let (nfa, ntags) = (self.nfa, self.ntags);
        let mut fin: Option<Vec<TagVal>> = None;
        self.closure(key, |s, ci, tags| {
            if fin.is_none() && matches!(nfa.states[s as usize], State::Final) {
                let val = |t: usize| {
                    if tags.contains(&(t as u32)) {
                        TagVal::Pos
                    } else {
                        key[ci].1[t].map_or(TagVal::Unset, TagVal::Reg)
                    }
                };
                fin = Some((0..ntags).map(val).collect());
            }
        });
        fin
    }
}

/// The context kinds enclosing context node `n`, innermost first.
fn kinds(nfa: &Nfa, n: u32) -> Vec<Option<u32>> {
    let mut out = Vec::new();
    let mut x = Some(n);
    while let Some(k) = x {
        out.push(nfa.ctx_nodes[k as usize].kind);
        x = nfa.ctx_nodes[k as usize].parent;
    }
    out
}

/// The error context of a DFA state: the innermost context kind that
/// encloses every live thread (`None`, the root, when there is none).
/// Threads in userinfo and in host share `authority`; a `pct-encoded` inside
/// either is still `pct-encoded`.
fn common_context(nfa: &Nfa, threads: &[StateId]) -> Option<u32> {
    let chains: Vec<Vec<Option<u32>>> = threads.iter().map(|&q| kinds(nfa, nfa.ctx[q as usize])).collect();
    chains.first()?.iter().copied().find(|k| k.is_some() && chains[1..].iter().all(|c| c.contains(k))).flatten()
}
