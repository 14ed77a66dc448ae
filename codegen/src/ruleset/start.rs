//! The start of a ruleset's game: the start tile or block, the placements
//! after it, and the tiles left out.

use std::collections::HashMap;

use crate::model::{StartBlock, StartPlacement, Tile, UnusedStart};
use crate::tileset::StartCell;
use crate::toml_read::{At, Reader};

/// How the game starts and which tiles it leaves out, as the options say.
#[derive(Default)]
pub(super) struct StartChoice {
    pub(super) tile: Option<At<String>>,
    pub(super) block: Option<At<String>>,
    /// Placements after the start tile or block.
    /// `start_extra`: tiles placed after the start tile or block.
    pub(super) extra: Vec<StartCell>,
    pub(super) leave_out: Vec<At<String>>,
}

/// The start of the game: one start tile, a set's start block, and any
/// `start_extra` placements after them. Start tiles and blocks of the other
/// sets are left out ("The original starting tile is not used",
/// 000_9deb58b1a7d17d38.txt L460), or single tiles stay in the game as
/// `unused_start_tiles` says: shuffled in (fn 8, L613), or with the river
/// (fn 7, L612: listed in `with_river`).
pub(super) fn choose_start(
    r: &mut Reader,
    tiles: &mut [Tile],
    blocks: &[(String, StartBlock)],
    choice: &StartChoice,
    unused: UnusedStart,
    with_river: &mut Vec<usize>,
    f: &crate::toml_read::Fields,
) -> Option<(Vec<StartPlacement>, String)> {
    let in_block = |i: usize| {
        blocks
            .iter()
            .any(|(_, b)| b.cells.iter().any(|c| c.tile == i))
    };
    let singles: Vec<usize> = (0..tiles.len())
        .filter(|&i| tiles[i].start > 0 && !in_block(i))
        .collect();
    // The chosen start: a single tile or a block (by set id).
    enum Chosen {
        Tile(usize),
        Block(usize),
    }
    let chosen = if let Some(b) = &choice.block {
        match blocks.iter().position(|(set, _)| *set == b.value) {
            Some(i) => Chosen::Block(i),
            None => {
                r.error(
                    b.span.clone(),
                    format!(
                        "start_block `{}` is not a set of this ruleset with a `[start_block]`",
                        b.value
                    ),
                );
                return None;
            }
        }
    } else if let Some(s) = &choice.tile {
        match tiles.iter().position(|t| t.id == s.value) {
            Some(i) if tiles[i].count > 0 && !in_block(i) => Chosen::Tile(i),
            _ => {
                r.error(
                    s.span.clone(),
                    format!("start_tile `{}` is not a tile of this ruleset", s.value),
                );
                return None;
            }
        }
    } else {
        match (singles.as_slice(), blocks) {
            ([one], []) => Chosen::Tile(*one),
            ([], [_]) => Chosen::Block(0),
            ([], []) => {
                r.error(
                    f.span.start..f.span.start,
                    "no start tile: no tile of this ruleset's sets has `start = 1`, and [options] has no `start_tile`",
                );
                return None;
            }
            (many, []) => {
                let ids: Vec<&str> = many.iter().map(|&i| tiles[i].id.as_str()).collect();
                r.error(
                    f.span.start..f.span.start,
                    format!(
                        "several sets offer a start tile ({}); choose one with `start_tile` in [options]",
                        ids.join(", ")
                    ),
                );
                return None;
            }
            (many, blocks) => {
                let mut offers: Vec<String> = many.iter().map(|&i| tiles[i].id.clone()).collect();
                offers.extend(
                    blocks
                        .iter()
                        .map(|(set, b)| format!("the {} block of set `{set}`", b.name)),
                );
                r.error(
                    f.span.start..f.span.start,
                    format!(
                        "several sets offer a start ({}); choose one with `start_tile` or `start_block` in [options]",
                        offers.join(", ")
                    ),
                );
                return None;
            }
        }
    };
    let mut placements: Vec<StartPlacement> = match &chosen {
        Chosen::Tile(i) => vec![StartPlacement {
            tile: *i,
            x: 0,
            y: 0,
            rotation: 0,
        }],
        Chosen::Block(b) => blocks[*b]
            .1
            .cells
            .iter()
            .map(|c| StartPlacement {
                tile: c.tile,
                x: c.x,
                y: c.y,
                rotation: c.rotation,
            })
            .collect(),
    };
    let mut start_name = match &chosen {
        Chosen::Tile(i) => format!("start tile {}", tiles[*i].id),
        Chosen::Block(b) => format!("the {} start block", blocks[*b].1.name),
    };
    for StartCell { tile: id, .. } in &choice.extra {
        start_name.push_str(&format!(" and {}", id.value));
    }
    let mut ok = true;
    for StartCell {
        tile: id,
        x,
        y,
        rotation,
        span,
    } in &choice.extra
    {
        let Some(i) = tiles.iter().position(|t| t.id == id.value) else {
            r.error(
                id.span.clone(),
                format!(
                    "start_extra tile `{}` is not a tile of this ruleset",
                    id.value
                ),
            );
            ok = false;
            continue;
        };
        let p = StartPlacement {
            tile: i,
            x: *x,
            y: *y,
            rotation: *rotation,
        };
        if let Some(msg) = check_start_placement(tiles, &placements, p) {
            r.error(span.clone(), msg);
            ok = false;
        }
        placements.push(p);
    }
    if !ok {
        return None;
    }
    let used_block = match &chosen {
        Chosen::Block(b) => Some(*b),
        Chosen::Tile(_) => None,
    };
    for (i, t) in tiles.iter_mut().enumerate() {
        let uses = placements.iter().filter(|p| p.tile == i).count() as u32;
        let unused_block = blocks
            .iter()
            .enumerate()
            .find(|(b, (_, blk))| Some(*b) != used_block && blk.cells.iter().any(|c| c.tile == i));
        if let Some((_, (set, blk))) = unused_block {
            // Block tiles (with their seams) can only ever start the game.
            let n = t.count.saturating_sub(uses);
            if n > 0 {
                t.left_out += n;
                t.count -= n;
                t.left_out_reason = format!(
                    "part of the {} start block of set `{set}`, which this ruleset does not start with",
                    blk.name
                );
            }
        } else if t.start > uses {
            let n = t.start - uses;
            match unused {
                UnusedStart::Remove => {
                    t.left_out += n;
                    t.count -= n.min(t.count);
                    t.left_out_reason = format!(
                        "the start tile of set `{}`, not used: this ruleset starts with {start_name} (000_9deb58b1a7d17d38.txt L460)",
                        t.set
                    );
                }
                UnusedStart::Shuffle => {}
                UnusedStart::River | UnusedStart::AfterRiver => {
                    with_river.extend(std::iter::repeat_n(i, n as usize));
                }
            }
        }
        t.start = uses;
    }
    Some((placements, start_name))
}

pub(super) const DX: [i32; 4] = [0, 1, 0, -1];
pub(super) const DY: [i32; 4] = [-1, 0, 1, 0];

/// Why a start placement after the first cannot go where it says, as the
/// engine checks it: a copy left, a free cell next to the tiles before it,
/// and every side matching its neighbours.
pub(super) fn check_start_placement(
    tiles: &[Tile],
    before: &[StartPlacement],
    p: StartPlacement,
) -> Option<String> {
    let t = &tiles[p.tile];
    let copies = before.iter().filter(|q| q.tile == p.tile).count() as u32 + 1;
    if copies > t.count {
        return Some(format!(
            "the start uses {copies} copies of `{}`, which has {}",
            t.id, t.count
        ));
    }
    if let Some(q) = before.iter().find(|q| (q.x, q.y) == (p.x, p.y)) {
        return Some(format!(
            "({}, {}) already holds `{}`",
            p.x, p.y, tiles[q.tile].id
        ));
    }
    let mut touches = false;
    for side in 0..4 {
        let Some(q) = before
            .iter()
            .find(|q| (q.x, q.y) == (p.x + DX[side], p.y + DY[side]))
        else {
            continue;
        };
        touches = true;
        let mine = t.rotated_edge(p.rotation, side);
        let theirs = tiles[q.tile].rotated_edge(q.rotation, (side + 2) % 4);
        if mine != theirs {
            return Some(format!(
                "`{}` at ({}, {}) turned {} shows {} on its {} side, but `{}` next to it shows {}",
                t.id,
                p.x,
                p.y,
                p.rotation,
                mine.name(),
                crate::ports::SIDE_NAMES[side],
                tiles[q.tile].id,
                theirs.name()
            ));
        }
    }
    if !before.is_empty() && !touches {
        return Some(format!(
            "`{}` at ({}, {}) touches none of the start tiles before it",
            t.id, p.x, p.y
        ));
    }
    None
}

/// `leave_out = ["ID", ...]`: tiles the ruleset takes out of the game
/// (e.g. the second lake when two rivers are combined).
pub(super) fn leave_out(r: &mut Reader, tiles: &mut [Tile], choice: &StartChoice) {
    let mut index: HashMap<String, usize> = HashMap::new();
    for (i, t) in tiles.iter().enumerate() {
        index.entry(t.id.clone()).or_insert(i);
    }
    for id in &choice.leave_out {
        let Some(t) = index.get(&id.value).map(|&i| &mut tiles[i]) else {
            r.error(
                id.span.clone(),
                format!("leave_out: no tile `{}` in this ruleset", id.value),
            );
            continue;
        };
        if t.start > 0 {
            r.error(
                id.span.clone(),
                format!("leave_out: `{}` is part of the start", id.value),
            );
            continue;
        }
        if t.count == 0 {
            continue;
        }
        t.left_out += t.count;
        t.count = 0;
        t.left_out_reason = "left out by the ruleset (`leave_out`)".to_string();
    }
}
