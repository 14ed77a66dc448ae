//! Keeping the tree between decisions of a game. After a search the bot
//! remembers its view of the game searched and the child it chose; at its
//! next decision it replays, on a copy of that old view, the actions the
//! tree holds below the chosen child, looking for the history that leads
//! to the new view (the opponents' answers, and the tiles drawn since,
//! which the new view shows face up on the board or in hand). The node at
//! the end of that history becomes the new root with its statistics: they
//! were gathered on deals of the old information set that agree with what
//! has happened since (standard ISMCTS reuse). When no such history is in
//! the tree (another game, a reply never tried), the search starts afresh.
//!
//! Only views are compared and replayed, so nothing hidden is used: the
//! tiles forced into the replay are those the new view shows placed.

use super::{Node, NONE};
use crate::engine::{Actor, Decision, FollowerKind, Game};

/// At most this many actions between two decisions of the bot (a turn of
/// each other player, with its module decisions): a deeper history is not
/// searched for.
const MAX_STEPS: usize = 24;

/// The node of `nodes` whose history leads from the view `old`, through
/// its child `chosen` (the answer given there), to the view `now`; `None`
/// when the tree holds no such history.
pub(super) fn find(nodes: &[Node], old: &Game, chosen: u32, now: &Game) -> Option<u32> {
    if !same_game(old, now) {
        return None;
    }
    let mut s = old.clone();
    apply(&mut s, nodes[chosen as usize], now)?;
    walk(nodes, s, chosen, now, 1)
}

/// Depth-first over the children of `at` (reached in the position `s`),
/// in the tree's order, so the same tree finds the same node.
fn walk(nodes: &[Node], s: Game, at: u32, now: &Game, steps: usize) -> Option<u32> {
    if same_position(&s, now) {
        return Some(at);
    }
    if steps >= MAX_STEPS || !on_the_way(&s, now) {
        return None;
    }
    let mut c = nodes[at as usize].first_child;
    while c != NONE {
        let mut next = s.clone();
        if apply(&mut next, nodes[c as usize], now).is_some() {
            if let Some(found) = walk(nodes, next, c, now, steps + 1) {
                return Some(found);
            }
        }
        c = nodes[c as usize].next_sibling;
    }
    None
}

/// Apply `node`'s action to `s`, then, if `s` waits for a tile to be
/// placed, make it the tile `now` shows in that place (the view's own
/// draw comes from its sorted face-down tiles, not the real order).
fn apply(s: &mut Game, node: Node, now: &Game) -> Option<()> {
    let mut events = Vec::new();
    s.apply_action(node.action, &mut events).ok()?;
    let placing = matches!(
        s.pending(),
        Some(p) if p.decision == Decision::Place && matches!(p.actor, Actor::Player(_))
    );
    if placing {
        let k = s.placed().len();
        let want = match now.placed().get(k) {
            Some(p) => Some(p.tile),
            None => now.current_tile_index(),
        };
        if let Some(t) = want {
            if s.current_tile_index() != Some(t) {
                s.force_draw(t).ok()?;
            }
        }
    }
    Some(())
}

/// `now` can follow `old`: the same ruleset and players, and the board of
/// `old` is the start of `now`'s.
fn same_game(old: &Game, now: &Game) -> bool {
    std::ptr::eq(old.rules(), now.rules())
        && old.players() == now.players()
        && old.turn() <= now.turn()
        && now.placed().starts_with(old.placed())
}

/// `s` may still lead to `now`: its board is the start of `now`'s, and it
/// is no later.
fn on_the_way(s: &Game, now: &Game) -> bool {
    s.turn() <= now.turn() && now.placed().starts_with(s.placed())
}

/// `s` and `now` show the same position: what is decided, the board, the
/// figures, the scores and what is left to draw.
fn same_position(s: &Game, now: &Game) -> bool {
    s.turn() == now.turn()
        && s.part() == now.part()
        && s.pending() == now.pending()
        && s.current_tile_index() == now.current_tile_index()
        && s.remaining() == now.remaining()
        && s.placed() == now.placed()
        && s.followers() == now.followers()
        && s.scores() == now.scores()
        && (0..s.players()).all(|p| {
            FollowerKind::ALL
                .into_iter()
                .all(|k| s.figures(p, k) == now.figures(p, k))
        })
}

/// Keep only the subtree of `root`, renumbered from 0 (breadth first, the
/// children in their order), in `nodes`; `spare` is scratch space.
pub(super) fn keep_subtree(nodes: &mut Vec<Node>, root: u32, spare: &mut Vec<Node>) {
    spare.clear();
    spare.push(nodes[root as usize]);
    let mut i = 0;
    while i < spare.len() {
        // spare[i]'s links still name old indices: copy its children to
        // the end and link them anew.
        let mut old = spare[i].first_child;
        let mut prev = NONE;
        spare[i].first_child = NONE;
        while old != NONE {
            let mut n = nodes[old as usize];
            old = n.next_sibling;
            n.next_sibling = NONE;
            let id = spare.len() as u32;
            spare.push(n);
            if prev == NONE {
                spare[i].first_child = id;
            } else {
                spare[prev as usize].next_sibling = id;
            }
            prev = id;
        }
        i += 1;
    }
    std::mem::swap(nodes, spare);
}
