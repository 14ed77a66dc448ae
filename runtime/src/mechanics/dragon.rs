//! (being written)

use super::{Hook, Mechanic};

pub(crate) struct Dragon;

impl Mechanic for Dragon {
    const HOOKS: &'static [Hook] = &[];
    type State = ();
}
