//! The text writer's values: as they are, not escaped.

use super::Val;

/// `v` as text: null is nothing, a list its items joined by a space.
#[inline]
pub fn text_val(out: &mut Vec<u8>, v: &Val<'_>) {
    match v {
        Val::Null => {}
        Val::Bool(true) => out.extend_from_slice(b"true"),
        Val::Bool(false) => out.extend_from_slice(b"false"),
        Val::Int(n) => out.extend_from_slice(itoa::Buffer::new().format(*n).as_bytes()),
        Val::Str(s) => out.extend_from_slice(s),
        Val::List(items) => {
            for (k, item) in items.iter().enumerate() {
                if k > 0 {
                    out.push(b' ');
                }
                out.extend_from_slice(item);
            }
        }
    }
}
