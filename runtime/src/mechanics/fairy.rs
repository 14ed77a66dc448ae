//! (being written)

use super::{Hook, Mechanic};

pub(crate) struct Fairy;

impl Mechanic for Fairy {
    const HOOKS: &'static [Hook] = &[];
    const REASONS: &'static [crate::engine::ReasonDef] = &[crate::engine::ReasonDef {
        reason: crate::engine::Reason::Fairy,
        name: "fairy",
        as_final: false,
    }];
    type State = ();
}
