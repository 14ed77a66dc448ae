//! (being written)

use super::{Hook, Mechanic};

pub(crate) struct Portal;

impl Mechanic for Portal {
    const HOOKS: &'static [Hook] = &[];
    type State = ();
}
