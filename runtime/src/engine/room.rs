//! Copies that keep their room.
//!
//! A game's buffers are sized from its ruleset once (`Game::new`); a bot
//! copies the game into a scratch game and plays on it. `Vec::clone` gives
//! a copy only the room it holds now, so the copy would grow (allocate) as
//! the bot plays on; a roomy copy grows no more than the original would.

/// A copy of `v` with `v`'s capacity.
pub(crate) fn roomy<T: Clone>(v: &Vec<T>) -> Vec<T> {
    let mut c = Vec::with_capacity(v.capacity());
    c.extend_from_slice(v);
    c
}
