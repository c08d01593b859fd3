//! Tag operations and packed transitions: every transition and every
//! accepting state's final moves become deduplicated operation lists (list
//! 0 is empty), and every transition one `u32` as `uriscan_layout::pack`
//! lays it out.

use super::accel::Plan;
use crate::tdfa::{sequence, DState, Op, Src, TagVal, Tdfa};
use uriscan_layout as layout;

/// One operation: destination register, and the source (a register,
/// [`POS`] or [`UNSET`]).
pub type Operation = (u8, u8);
/// An operation source: the current position.
pub const POS: u8 = 255;
/// An operation source: `NONE` (unset).
pub const UNSET: u8 = 254;

/// The packed tables of one automaton.
pub struct Packed {
    /// Transitions by `state + class`.
    pub trans: Vec<u32>,
    /// The start of each entry (no operations).
    pub starts: Vec<u32>,
    /// Per triplet: the state it returns to (no operations).
    pub triplet_to: Vec<u32>,
    /// Per state: `uriscan_layout::REJECT` or `accept(list)`.
    pub finals: Vec<u16>,
    /// The operation lists; list 0 is empty.
    pub lists: Vec<Vec<Operation>>,
}

/// Deduplicated operation lists.
struct Lists(Vec<Vec<Operation>>);

impl Lists {
    /// The index of the list `ops`, added if new (0 for none).
    fn of(&mut self, ops: &[Op]) -> usize {
        if ops.is_empty() {
            return 0;
        }
        let l: Vec<Operation> = ops
            .iter()
            .map(|op| {
                let src = match op.src {
                    Src::Pos => POS,
                    Src::Unset => UNSET,
                    Src::Reg(r) => r as u8,
                };
                (op.dst as u8, src)
            })
            .collect();
        self.0.iter().position(|x| *x == l).unwrap_or_else(|| {
            self.0.push(l);
            self.0.len() - 1
        })
    }
}

/// Packs the transitions, starts, triplet returns and acceptance of `d`,
/// with the self-loop fields of `plan`.
pub fn pack(d: &Tdfa, plan: &Plan) -> Result<Packed, String> {
    let (ns, nc) = (d.states.len(), d.nclasses);
    let too_large = || {
        format!(
            "the automaton is too large for the packed table layout: {} states x {} classes, {} self-loop sets and triplets, or more than {} operation lists",
            ns,
            nc,
            plan.triplet_base - 1 + plan.triplets.len(),
            layout::MAX_OPS
        )
    };
    let one = |target: usize, ops: usize| -> Result<u32, String> {
        let t = u32::try_from(target * nc);
        let (o, l) = (u32::try_from(ops), u32::try_from(plan.field[target]));
        match (t, o, l) {
            (Ok(t), Ok(o), Ok(l)) => layout::pack(t, o, l).ok_or_else(too_large),
            _ => Err(too_large()),
        }
    };
    let mut lists = Lists(vec![Vec::new()]);
    let mut trans = Vec::with_capacity(ns * nc);
    for s in &d.states {
        for (t, ops) in &s.trans {
            let k = lists.of(ops);
            trans.push(one(*t as usize, k)?);
        }
    }
    let starts = d.starts.iter().map(|&s| one(s as usize, 0)).collect::<Result<_, _>>()?;
    let triplet_to = plan.triplets.iter().map(|t| one(t.to, 0)).collect::<Result<_, _>>()?;
    let scratch = (d.nregs - 1) as u16;
    let finals = d
        .states
        .iter()
        .map(|s| {
            let list = final_moves(s, scratch).map(|ops| lists.of(&ops));
            match list.map(u16::try_from) {
                None => Ok(layout::REJECT),
                Some(Ok(l)) if l < u16::MAX => Ok(layout::accept(l)),
                Some(_) => Err(too_large()),
            }
        })
        .collect::<Result<_, _>>()?;
    // Operation lists name registers in a byte, 254 and 255 being `NONE`
    // and the position.
    if lists.0.len() > layout::MAX_OPS as usize + 1 || d.nregs >= usize::from(UNSET) {
        return Err(format!("{} operation lists or {} registers do not fit the layout", lists.0.len(), d.nregs));
    }
    Ok(Packed { trans, starts, triplet_to, finals, lists: lists.0 })
}

/// Acceptance of state `s` (`None`: it rejects): the operations that move
/// the tag values into the tags' home registers (tag k in register k), run
/// with the input length as the position. The scratch register breaks copy
/// cycles.
fn final_moves(s: &DState, scratch: u16) -> Option<Vec<Op>> {
    let v = s.fin.as_ref()?;
    let pending: Vec<Op> = v
        .iter()
        .enumerate()
        .filter_map(|(k, t)| {
            let src = match t {
                TagVal::Reg(r) if *r as usize == k => return None,
                TagVal::Reg(r) => Src::Reg(*r),
                TagVal::Pos => Src::Pos,
                TagVal::Unset => Src::Unset,
            };
            Some(Op { dst: k as u16, src })
        })
        .collect();
    Some(sequence(pending, scratch))
}
