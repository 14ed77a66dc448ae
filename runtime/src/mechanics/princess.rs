//! (being written)

use super::{Hook, Mechanic};

pub(crate) struct Princess;

impl Mechanic for Princess {
    const HOOKS: &'static [Hook] = &[];
    type State = ();
}
