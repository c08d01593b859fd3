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
//! A DFA state is an ordered list of configurations `(nfa state, register of
//! each tag)`. Registers are renumbered canonically (by first appearance) so
//! that states differing only by register names coincide; the renaming shows
//! up as copy operations on transitions.

use super::byteset::ByteSet;
use super::nfa::{Nfa, State, StateId};
use std::collections::HashMap;

/// Where a register gets its new value on a transition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Src {
    /// The current position (the index of the byte being consumed, or the
    /// input length at the end).
    Pos,
    /// No position (the tag is not on the winning path).
    Unset,
    /// Another register's old value.
    Reg(u16),
}

/// `regs[dst] = src`, executed in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Op {
    pub dst: u16,
    pub src: Src,
}

/// The value of a tag when the input ends in an accepting state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TagVal {
    Unset,
    Pos,
    Reg(u16),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DState {
    /// Per byte class: target state and operations.
    pub trans: Vec<(u32, Vec<Op>)>,
    /// Tag values on acceptance, or `None` if the state does not accept.
    pub fin: Option<Vec<TagVal>>,
    /// Error context: index into the config's contexts, or `None` for the root.
    pub ctx: Option<u32>,
}

pub struct Tdfa {
    /// Byte -> class.
    pub classes: [u8; 256],
    pub nclasses: usize,
    /// State 0 is the dead state.
    pub states: Vec<DState>,
    /// Start state of each entry, in config order.
    pub starts: Vec<u32>,
    /// Registers used, including one scratch register for copy cycles.
    pub nregs: usize,
    pub ntags: usize,
    /// States before minimization (for the report).
    pub unminimized: usize,
}

/// Partition of 0..=255 induced by every byte set of the NFAs.
fn byte_classes(nfas: &[Nfa]) -> ([u8; 256], usize) {
    let mut sets: Vec<ByteSet> = Vec::new();
    for n in nfas {
        for s in &n.states {
            if let State::Byte { set, .. } = s {
                if !set.is_empty() {
                    sets.push(*set);
                }
            }
        }
    }
    sets.sort();
    sets.dedup();
    let mut sig_to_class: HashMap<Vec<u64>, u8> = HashMap::new();
    let mut classes = [0u8; 256];
    for b in 0..=255u8 {
        let mut sig = vec![0u64; sets.len().div_ceil(64)];
        for (i, s) in sets.iter().enumerate() {
            if s.contains(b) {
                sig[i / 64] |= 1 << (i % 64);
            }
        }
        let n = sig_to_class.len() as u8;
        classes[b as usize] = *sig_to_class.entry(sig).or_insert(n);
    }
    (classes, sig_to_class.len())
}

type Regs = Vec<Option<u16>>;
type Key = Vec<(StateId, Regs)>;

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Val {
    Old(u16),
    New(u32),
}

struct Ctx<'a> {
    nfa: &'a Nfa,
    seen: Vec<u32>,
    gen: u32,
}

impl<'a> Ctx<'a> {
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
}

/// Orders a parallel copy so that no register is overwritten before it is
/// read; a cycle goes through the scratch register `tmp`.
pub fn sequence(mut pending: Vec<Op>, tmp: u16) -> Vec<Op> {
    let mut out = Vec::new();
    while !pending.is_empty() {
        let free = pending.iter().position(|o| !pending.iter().any(|p| p.src == Src::Reg(o.dst) && p.dst != o.dst));
        match free {
            Some(i) => out.push(pending.remove(i)),
            None => {
                let r = pending[0].dst;
                out.push(Op { dst: tmp, src: Src::Reg(r) });
                for p in pending.iter_mut() {
                    if p.src == Src::Reg(r) {
                        p.src = Src::Reg(tmp);
                    }
                }
            }
        }
    }
    out
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

/// Determinizes the merged NFA of all entries.
pub fn build(nfas: &[Nfa]) -> Tdfa {
    let mut d = build_unoptimized(nfas);
    optimize_ops(&mut d);
    minimize(&mut d);
    merge_classes(&mut d);
    d
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
            merged.ctx_nodes.push(super::nfa::CtxNode { parent: c.parent.map(|p| p + co), kind: c.kind });
        }
    }
    (merged, nfa_starts)
}

/// [`build`] without [`optimize_ops`] (the reference its tests compare with).
pub fn build_unoptimized(nfas: &[Nfa]) -> Tdfa {
    let (classes, nclasses) = byte_classes(nfas);
    let mut reps = vec![0u8; nclasses];
    for b in (0..=255u8).rev() {
        reps[classes[b as usize] as usize] = b;
    }
    let (merged, nfa_starts) = merge(nfas);
    let ntags = merged.ntags as usize;
    let mut cx = Ctx { nfa: &merged, seen: vec![0; merged.states.len()], gen: 0 };

    let mut keys: Vec<Key> = vec![Vec::new()]; // 0 = dead
    let mut index: HashMap<Key, u32> = HashMap::new();
    index.insert(Vec::new(), 0);
    let mut states: Vec<DState> = vec![DState { trans: vec![(0, Vec::new()); nclasses], fin: None, ctx: None }];
    let mut starts = Vec::new();
    for &s in &nfa_starts {
        let key: Key = vec![(s, (0..ntags as u16).map(Some).collect())];
        let id = *index.entry(key.clone()).or_insert_with(|| {
            keys.push(key);
            states.push(DState { trans: Vec::new(), fin: None, ctx: None });
            (keys.len() - 1) as u32
        });
        starts.push(id);
    }
    let mut max_regs = 0usize;
    let mut i = 1;
    while i < keys.len() {
        let key = keys[i].clone();
        let mut trans = Vec::with_capacity(nclasses);
        for &rb in &reps {
            let mut out: Vec<(StateId, Vec<Option<Val>>)> = Vec::new();
            cx.closure(&key, |s, ci, tags| {
                if let State::Byte { set, next } = &merged.states[s as usize] {
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
            if out.is_empty() {
                trans.push((0, Vec::new()));
                continue;
            }
            // Registers: tag `t` lives in its home register `t` whenever all
            // threads agree on its value (the usual case, also when it is unset
            // everywhere); only where threads disagree does a value get an extra
            // register, numbered canonically by first appearance.
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
                } else {
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
            }
            for (k, v) in extra.iter().enumerate() {
                assign.push(((ntags + k) as u16, Some(*v)));
            }
            max_regs = max_regs.max(ntags + extra.len());
            let ops: Vec<Op> = assign
                .iter()
                .filter_map(|&(dst, v)| match v {
                    Some(Val::Old(r)) if r == dst => None,
                    Some(Val::Old(r)) => Some(Op { dst, src: Src::Reg(r) }),
                    Some(Val::New(_)) => Some(Op { dst, src: Src::Pos }),
                    None => Some(Op { dst, src: Src::Unset }),
                })
                .collect();
            let id = match index.get(&nkey) {
                Some(&id) => id,
                None => {
                    keys.push(nkey.clone());
                    states.push(DState { trans: Vec::new(), fin: None, ctx: None });
                    let id = (keys.len() - 1) as u32;
                    index.insert(nkey, id);
                    id
                }
            };
            trans.push((id, ops));
        }
        // Acceptance: the first thread (in priority order) that reaches Final.
        let mut fin: Option<Vec<TagVal>> = None;
        cx.closure(&key, |s, ci, tags| {
            if fin.is_none() && matches!(merged.states[s as usize], State::Final) {
                fin = Some(
                    (0..ntags)
                        .map(|t| {
                            if tags.contains(&(t as u32)) {
                                TagVal::Pos
                            } else {
                                key[ci].1[t].map_or(TagVal::Unset, TagVal::Reg)
                            }
                        })
                        .collect(),
                );
            }
        });
        let threads: Vec<StateId> = key.iter().map(|(q, _)| *q).collect();
        let ctx = common_context(&merged, &threads);
        states[i] = DState { trans, fin, ctx };
        i += 1;
    }
    let tmp = max_regs as u16;
    for s in states.iter_mut() {
        for t in s.trans.iter_mut() {
            t.1 = sequence(std::mem::take(&mut t.1), tmp);
        }
    }
    let unminimized = states.len();
    let mut d = Tdfa { classes, nclasses, states, starts, nregs: max_regs + 1, ntags, unminimized };
    minimize(&mut d);
    merge_classes(&mut d);
    d
}

/// A set of registers (the generator keeps fewer than 128).
type RegSet = u128;

fn bit(r: u16) -> RegSet {
    1u128 << r
}

/// Removes the register operations nothing can observe, by two data-flow
/// analyses over the whole automaton:
///
/// - *unset propagation* (forward): a register that is unset on every path
///   into a state (all registers start unset) needs no copy from it, and a
///   write of "unset" into a register already unset is dropped;
/// - *liveness* (backward): an operation whose register is overwritten or
///   never read (by a later operation or an accepting state's tag values)
///   before the input can end is dropped, and so is every operation on a
///   transition to the dead state (an error reads no register).
///
/// The tag values of every input stay the same; `tests/codegen.rs` checks
/// that against [`build_unoptimized`].
pub fn optimize_ops(d: &mut Tdfa) {
    assert!(d.nregs <= 128, "more than 128 registers");
    let n = d.states.len();
    // Operations on transitions to the dead state are never observed.
    for s in d.states.iter_mut() {
        for (t, ops) in s.trans.iter_mut() {
            if *t == 0 {
                ops.clear();
            }
        }
    }
    // Unset propagation: `unset[s]` = registers unset on every path into s.
    let transfer = |mut k: RegSet, ops: &[Op]| {
        for op in ops {
            let now_unset = match op.src {
                Src::Pos => false,
                Src::Unset => true,
                Src::Reg(r) => k & bit(r) != 0,
            };
            if now_unset {
                k |= bit(op.dst);
            } else {
                k &= !bit(op.dst);
            }
        }
        k
    };
    let all: RegSet = if d.nregs == 128 { !0 } else { (1u128 << d.nregs) - 1 };
    let mut reached = vec![false; n];
    let mut unset = vec![all; n];
    for &st in &d.starts {
        reached[st as usize] = true;
    }
    let mut changed = true;
    while changed {
        changed = false;
        for s in 1..n {
            if !reached[s] {
                continue;
            }
            for (t, ops) in &d.states[s].trans {
                let t = *t as usize;
                if t == 0 {
                    continue;
                }
                let k = transfer(unset[s], ops);
                let meet = if reached[t] { unset[t] & k } else { k };
                if !reached[t] || meet != unset[t] {
                    reached[t] = true;
                    unset[t] = meet;
                    changed = true;
                }
            }
        }
    }
    for (st, &entry) in d.states.iter_mut().zip(&unset) {
        for (_, ops) in st.trans.iter_mut() {
            let mut k = entry;
            let mut out = Vec::with_capacity(ops.len());
            for op in ops.iter() {
                let mut op = *op;
                if let Src::Reg(r) = op.src {
                    if k & bit(r) != 0 {
                        op.src = Src::Unset;
                    }
                }
                let keep = !(op.src == Src::Unset && k & bit(op.dst) != 0);
                k = transfer(k, std::slice::from_ref(&op));
                if keep {
                    out.push(op);
                }
            }
            *ops = out;
        }
        if let Some(fin) = st.fin.as_mut() {
            for v in fin.iter_mut() {
                if let TagVal::Reg(r) = *v {
                    if entry & bit(r) != 0 {
                        *v = TagVal::Unset;
                    }
                }
            }
        }
    }
    // Liveness: `live[s]` = registers some continuation from s reads first.
    let reads_of_fin = |st: &DState| -> RegSet {
        st.fin.as_ref().map_or(0, |f| f.iter().fold(0, |a, v| if let TagVal::Reg(r) = v { a | bit(*r) } else { a }))
    };
    let through = |mut live: RegSet, ops: &[Op]| {
        for op in ops.iter().rev() {
            if live & bit(op.dst) != 0 {
                live &= !bit(op.dst);
                if let Src::Reg(r) = op.src {
                    live |= bit(r);
                }
            }
        }
        live
    };
    let mut live: Vec<RegSet> = d.states.iter().map(reads_of_fin).collect();
    live[0] = 0;
    let mut changed = true;
    while changed {
        changed = false;
        for s in (1..n).rev() {
            let mut l = live[s];
            for (t, ops) in &d.states[s].trans {
                if *t != 0 {
                    l |= through(live[*t as usize], ops);
                }
            }
            if l != live[s] {
                live[s] = l;
                changed = true;
            }
        }
    }
    for s in d.states.iter_mut() {
        for (t, ops) in s.trans.iter_mut() {
            let mut l = live[*t as usize];
            let mut keep = vec![false; ops.len()];
            for (i, op) in ops.iter().enumerate().rev() {
                if l & bit(op.dst) != 0 {
                    keep[i] = true;
                    l &= !bit(op.dst);
                    if let Src::Reg(r) = op.src {
                        l |= bit(r);
                    }
                }
            }
            let mut i = 0;
            ops.retain(|_| {
                i += 1;
                keep[i - 1]
            });
        }
    }
}

/// Merges byte classes that every state treats alike (same target, same
/// operations). The classes of the NFA's byte sets can be finer than the
/// automaton needs: a grammar that spells a set one character at a time
/// (`alpha = "a" / "b" / ...`) makes one class per character, though the
/// characters go the same way everywhere. Classes are renumbered by their
/// first byte, as `byte_classes` numbers them, so a grammar whose classes
/// are already minimal gets the same tables.
pub fn merge_classes(d: &mut Tdfa) {
    let column = |c: usize| -> Vec<(u32, Vec<Op>)> { d.states.iter().map(|s| s.trans[c].clone()).collect() };
    let mut seen: HashMap<Vec<(u32, Vec<Op>)>, u8> = HashMap::new();
    let mut old_to_new = vec![u8::MAX; d.nclasses];
    let mut kept = Vec::new();
    for b in 0..=255usize {
        let old = d.classes[b] as usize;
        if old_to_new[old] != u8::MAX {
            continue;
        }
        let n = seen.len() as u8;
        let id = *seen.entry(column(old)).or_insert_with(|| {
            kept.push(old);
            n
        });
        old_to_new[old] = id;
    }
    if kept.len() == d.nclasses {
        return;
    }
    for b in 0..256 {
        d.classes[b] = old_to_new[d.classes[b] as usize];
    }
    for s in d.states.iter_mut() {
        s.trans = kept.iter().map(|&c| s.trans[c].clone()).collect();
    }
    d.nclasses = kept.len();
}

/// What states must share to start in one block: dead or not, acceptance, context.
type InitialKey = (bool, Option<Vec<TagVal>>, Option<u32>);
/// A state's block and, per class, its target's block and operations.
type Signature = (u32, Vec<(u32, Vec<Op>)>);

/// Moore partition refinement. States are equivalent when they accept with
/// the same tag values, report the same error context, and go to equivalent
/// states with the same operations on every class. The dead state keeps id 0.
pub fn minimize(d: &mut Tdfa) {
    let n = d.states.len();
    let mut block: Vec<u32> = {
        let mut m: HashMap<InitialKey, u32> = HashMap::new();
        (0..n)
            .map(|i| {
                let s = &d.states[i];
                let k = (i == 0, s.fin.clone(), s.ctx);
                let l = m.len() as u32;
                *m.entry(k).or_insert(l)
            })
            .collect()
    };
    loop {
        let mut m: HashMap<Signature, u32> = HashMap::new();
        let nb: Vec<u32> = (0..n)
            .map(|i| {
                let sig: Vec<(u32, Vec<Op>)> =
                    d.states[i].trans.iter().map(|(t, ops)| (block[*t as usize], ops.clone())).collect();
                let l = m.len() as u32;
                *m.entry((block[i], sig)).or_insert(l)
            })
            .collect();
        let before = block.iter().collect::<std::collections::HashSet<_>>().len();
        let after = m.len();
        block = nb;
        if after == before {
            break;
        }
    }
    // Renumber: dead first, then in order of first appearance (deterministic).
    let mut newid: HashMap<u32, u32> = HashMap::new();
    newid.insert(block[0], 0);
    let mut order = vec![0usize];
    for (i, b) in block.iter().enumerate() {
        if !newid.contains_key(b) {
            newid.insert(*b, newid.len() as u32);
            order.push(i);
        }
    }
    let states = order
        .iter()
        .map(|&i| {
            let s = &d.states[i];
            DState {
                trans: s.trans.iter().map(|(t, ops)| (newid[&block[*t as usize]], ops.clone())).collect(),
                fin: s.fin.clone(),
                ctx: s.ctx,
            }
        })
        .collect();
    d.states = states;
    for s in d.starts.iter_mut() {
        *s = newid[&block[*s as usize]];
    }
}

impl Tdfa {
    /// Runs the automaton (reference implementation, used by the generator's
    /// tests): `Ok(tag values)` or `Err((index, context))`.
    pub fn run(&self, entry: usize, input: &[u8]) -> Result<Vec<Option<usize>>, (usize, Option<u32>)> {
        let mut regs = vec![usize::MAX; self.nregs];
        let mut s = self.starts[entry] as usize;
        for (i, &b) in input.iter().enumerate() {
            let (t, ops) = &self.states[s].trans[self.classes[b as usize] as usize];
            for op in ops {
                regs[op.dst as usize] = match op.src {
                    Src::Pos => i,
                    Src::Unset => usize::MAX,
                    Src::Reg(r) => regs[r as usize],
                };
            }
            if *t == 0 {
                return Err((i, self.states[s].ctx));
            }
            s = *t as usize;
        }
        match &self.states[s].fin {
            None => Err((input.len(), self.states[s].ctx)),
            Some(f) => Ok(f
                .iter()
                .map(|v| match v {
                    TagVal::Unset => None,
                    TagVal::Pos => Some(input.len()),
                    TagVal::Reg(r) => Some(regs[*r as usize]).filter(|&v| v != usize::MAX),
                })
                .collect()),
        }
    }
}
