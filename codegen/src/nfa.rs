//! ABNF expression to a Thompson NFA with tags (capture boundaries and marks)
//! and error contexts. Rules are inlined (the loader has already refused
//! recursion); bounded repetitions are unrolled.
//!
//! The NFA is built backwards (each expression is compiled with its
//! continuation), so a state belongs to the error context that was open when
//! it was created: the state after the last byte of a rule is its caller's.

use super::abnf::{Expr, Grammar};
use super::byteset::ByteSet;
use super::tags::Tags;
use std::collections::HashMap;

pub type StateId = u32;

/// Lower-cased rule name -> (capture index, mark index, context index).
pub type Roles = HashMap<String, (Option<u32>, Option<u32>, Option<u32>)>;

/// One NFA state. Epsilon states are `Split`, `Tag` and `Eps`.
#[derive(Clone, Debug)]
pub enum State {
    /// Consume one byte of `set`, go to `next`.
    Byte { set: ByteSet, next: StateId },
    /// Epsilon to each target, highest priority first.
    Split(Vec<StateId>),
    /// Epsilon that records the current position in tag `tag`.
    Tag { tag: u32, next: StateId },
    /// Accept.
    Final,
}

/// A node of the error-context tree: each time a context rule is entered
/// during construction, a node is made whose parent is the enclosing one.
#[derive(Clone, Debug)]
pub struct CtxNode {
    pub parent: Option<u32>,
    /// Index into `Tags::contexts`, or `None` for the root.
    pub kind: Option<u32>,
}

/// An NFA for one entry rule, sharing the tag numbering of the tags file.
#[derive(Clone, Debug)]
pub struct Nfa {
    pub states: Vec<State>,
    /// Context node of each state.
    pub ctx: Vec<u32>,
    pub ctx_nodes: Vec<CtxNode>,
    pub start: StateId,
    /// Number of tags: two per capture (start, end), then one per mark.
    pub ntags: u32,
}

struct Builder<'g> {
    g: &'g Grammar,
    nfa: Nfa,
    ctx_stack: Vec<u32>,
    /// lower-cased rule name -> (capture index, mark index, context index)
    roles: Roles,
    ncaptures: u32,
    /// Captures whose rules enclose the rule being compiled: a capture
    /// records its outermost occurrence only (`rel-path = rel-segment
    /// [ abs-path ]` with both rules in one capture records the `rel-path`).
    open_caps: Vec<u32>,
}

impl<'g> Builder<'g> {
    fn add(&mut self, s: State) -> StateId {
        self.nfa.states.push(s);
        self.nfa.ctx.push(*self.ctx_stack.last().unwrap_or(&0));
        (self.nfa.states.len() - 1) as StateId
    }

    fn compile(&mut self, e: &Expr, next: StateId) -> StateId {
        match e {
            Expr::Empty => next,
            Expr::Class(set) => self.add(State::Byte { set: *set, next }),
            Expr::Seq(items) => items.iter().rev().fold(next, |n, it| self.compile(it, n)),
            Expr::Alt(alts) => {
                let targets = alts.iter().map(|a| self.compile(a, next)).collect();
                self.add(State::Split(targets))
            }
            Expr::Repeat { min, max, expr } => {
                // Optional tail first (built backwards), then the mandatory copies.
                let mut n = next;
                match max {
                    None => {
                        let l = self.add(State::Split(Vec::new()));
                        let body = self.compile(expr, l);
                        self.nfa.states[l as usize] = State::Split(vec![body, next]);
                        n = l;
                    }
                    Some(max) => {
                        for _ in *min..*max {
                            let body = self.compile(expr, n);
                            n = self.add(State::Split(vec![body, next]));
                            // greedy: each optional copy prefers to match, then skip to the end
                            let _ = n;
                        }
                    }
                }
                for _ in 0..*min {
                    n = self.compile(expr, n);
                }
                n
            }
            Expr::Rule(name, _) => self.rule(name, next),
        }
    }

    fn rule(&mut self, name: &str, next: StateId) -> StateId {
        let key = name.to_ascii_lowercase();
        let Some(rule) = self.g.rule(&key) else {
            return next;
        };
        let (cap, mark, ctx) = self.roles.get(&key).copied().unwrap_or((None, None, None));
        let cap = cap.filter(|c| !self.open_caps.contains(c));
        if let Some(k) = ctx {
            let parent = *self.ctx_stack.last().unwrap_or(&0);
            self.nfa.ctx_nodes.push(CtxNode { parent: Some(parent), kind: Some(k) });
            self.ctx_stack.push((self.nfa.ctx_nodes.len() - 1) as u32);
        }
        let mut n = next;
        if let Some(c) = cap {
            n = self.add(State::Tag { tag: 2 * c + 1, next: n });
        }
        let expr = rule.expr.clone();
        self.open_caps.extend(cap);
        n = self.compile(&expr, n);
        if let Some(c) = cap {
            self.open_caps.pop();
            n = self.add(State::Tag { tag: 2 * c, next: n });
        }
        if let Some(m) = mark {
            n = self.add(State::Tag { tag: 2 * self.ncaptures + m, next: n });
        }
        if ctx.is_some() {
            self.ctx_stack.pop();
        }
        n
    }
}

/// Checks that every rule the tags file names exists; returns the role table.
pub fn roles(g: &Grammar, tags: &Tags) -> Result<Roles, Vec<String>> {
    let mut roles: Roles = HashMap::new();
    let mut errs = Vec::new();
    let check = |r: &str, errs: &mut Vec<String>| {
        if g.rule(r).is_none() {
            errs.push(format!("the tags file names rule '{}', which the grammar does not define", r));
        }
        r.to_ascii_lowercase()
    };
    for (_, r) in &tags.entries {
        check(r, &mut errs);
    }
    for (i, (_, rules)) in tags.captures.iter().enumerate() {
        for r in rules {
            let k = check(r, &mut errs);
            roles.entry(k).or_default().0 = Some(i as u32);
        }
    }
    for (i, (_, rules)) in tags.marks.iter().enumerate() {
        for r in rules {
            let k = check(r, &mut errs);
            roles.entry(k).or_default().1 = Some(i as u32);
        }
    }
    for (i, (_, rules)) in tags.contexts.iter().enumerate() {
        for r in rules {
            let k = check(r, &mut errs);
            roles.entry(k).or_default().2 = Some(i as u32);
        }
    }
    if errs.is_empty() {
        Ok(roles)
    } else {
        Err(errs)
    }
}

/// An NFA for `rule`, with tags numbered for `ncaptures` captures and
/// `ntags` tags in all.
fn compile_rule(g: &Grammar, roles: Roles, ncaptures: u32, ntags: u32, rule: &str) -> Nfa {
    let mut b = Builder {
        g,
        nfa: Nfa {
            states: Vec::new(),
            ctx: Vec::new(),
            ctx_nodes: vec![CtxNode { parent: None, kind: None }],
            start: 0,
            ntags,
        },
        ctx_stack: vec![0],
        roles,
        ncaptures,
        open_caps: Vec::new(),
    };
    let fin = b.add(State::Final);
    b.nfa.start = b.rule(rule, fin);
    b.nfa
}

/// Builds the NFA of one entry rule.
pub fn build(g: &Grammar, tags: &Tags, entry_rule: &str) -> Result<Nfa, Vec<String>> {
    let roles = roles(g, tags)?;
    let ncaptures = tags.captures.len() as u32;
    Ok(compile_rule(g, roles, ncaptures, 2 * ncaptures + tags.marks.len() as u32, entry_rule))
}

/// A one-rule NFA without tags, for computing byte sets of a rule.
pub fn build_plain(g: &Grammar, rule: &str) -> Nfa {
    compile_rule(g, HashMap::new(), 0, 0, rule)
}

impl Nfa {
    /// Epsilon closure without tags (for simulation).
    fn closure(&self, from: &[StateId]) -> Vec<StateId> {
        let mut seen = vec![false; self.states.len()];
        let mut stack: Vec<StateId> = from.iter().rev().copied().collect();
        let mut out = Vec::new();
        while let Some(s) = stack.pop() {
            if std::mem::replace(&mut seen[s as usize], true) {
                continue;
            }
            match &self.states[s as usize] {
                State::Split(t) => stack.extend(t.iter().rev()),
                State::Tag { next, .. } => stack.push(*next),
                _ => out.push(s),
            }
        }
        out
    }

    /// Whether the NFA accepts `input` (plain simulation, used for byte sets and tests).
    pub fn accepts(&self, input: &[u8]) -> bool {
        let mut cur = self.closure(&[self.start]);
        for &b in input {
            let next: Vec<StateId> = cur
                .iter()
                .filter_map(|&s| match &self.states[s as usize] {
                    State::Byte { set, next } if set.contains(b) => Some(*next),
                    _ => None,
                })
                .collect();
            cur = self.closure(&next);
            if cur.is_empty() {
                return false;
            }
        }
        cur.iter().any(|&s| matches!(self.states[s as usize], State::Final))
    }

    /// Removes states from which `Final` cannot be reached (they would make
    /// the error index late); returns the number removed from use.
    pub fn trim(&mut self) -> usize {
        let n = self.states.len();
        // reverse reachability from Final
        let mut rev: Vec<Vec<StateId>> = vec![Vec::new(); n];
        for (i, s) in self.states.iter().enumerate() {
            match s {
                State::Byte { next, .. } | State::Tag { next, .. } => rev[*next as usize].push(i as StateId),
                State::Split(t) => t.iter().for_each(|&x| rev[x as usize].push(i as StateId)),
                State::Final => {}
            }
        }
        let mut live = vec![false; n];
        let mut stack: Vec<StateId> =
            (0..n).filter(|&i| matches!(self.states[i], State::Final)).map(|i| i as StateId).collect();
        while let Some(s) = stack.pop() {
            if std::mem::replace(&mut live[s as usize], true) {
                continue;
            }
            stack.extend(rev[s as usize].iter().copied());
        }
        let mut removed = 0;
        for i in 0..n {
            if let State::Split(t) = &mut self.states[i] {
                let before = t.len();
                t.retain(|&x| live[x as usize]);
                removed += before - t.len();
            }
            if !live[i] {
                if let State::Byte { set, .. } = &mut self.states[i] {
                    *set = ByteSet::EMPTY;
                }
            }
        }
        removed
    }
}
