//! The tiles a ruleset takes from its sets: each set's edition, the
//! attributes its mechanics keep, and the check that every tile can be
//! placed.

use super::SetRef;
use crate::attrs::ATTRIBUTES;
use crate::model::{Edge, Tile, TileSet};
use crate::toml_read::Reader;

/// Keep the tiles of this edition; attributes of mechanics the ruleset does
/// not enable are an error, or ignored for a set taken "tiles only".
pub(super) fn take_tiles(
    r: &mut Reader,
    s: &SetRef,
    set: TileSet,
    edition: u8,
    enabled: &[String],
    out: &mut Vec<crate::model::Tile>,
) {
    for t in set.tiles {
        let Some(mut t) = in_edition(t, edition) else {
            continue;
        };
        let mut ignored = Vec::new();
        let mut check = |attrs: &mut Vec<crate::model::AttrValue>, r: &mut Reader| {
            attrs.retain(|a| {
                let def = &ATTRIBUTES[a.id];
                if def.kept_by(enabled) {
                    return true;
                }
                // Named even where it is an error, so that the tile is
                // still told apart from a copy without it (`cross_set`).
                ignored.push(def.name.to_string());
                if !s.tiles_only {
                    r.error(
                        s.id.span.clone(),
                        format!(
                            "tile `{}` ({}) has `+{}`, which needs mechanic `{}`; enable it in `mechanics` or take the set with `tiles_only = true`",
                            t.id, t.origin, def.name, def.mechanic
                        ),
                    );
                }
                false
            });
        };
        check(&mut t.attrs, r);
        for seg in &mut t.segments {
            check(&mut seg.attrs, r);
        }
        ignored.sort();
        ignored.dedup();
        if t.per_player
            && t.left_out > 0
            && !ignored.iter().any(|a| a == "abbey")
            && enabled.iter().any(|m| m == "abbey")
        {
            t.left_out_reason =
                "held by the players, one each, and placed instead of drawing (mechanic `abbey`)"
                    .to_string();
        }
        t.ignored = ignored;
        out.push(t);
    }
}

/// A tile as a ruleset of `edition` takes it: its count in that edition
/// (`None` when it has none), per-player tiles left out of the game.
pub(super) fn in_edition(mut t: Tile, edition: u8) -> Option<Tile> {
    t.count = t.count_in(edition);
    t.edition = Some(edition);
    t.edition_counts.clear();
    if t.count == 0 {
        return None;
    }
    if t.per_player {
        // The engine deals no tiles to players yet (the abbey).
        t.left_out = t.count;
        t.count = 0;
        t.start = 0;
        t.left_out_reason = if t.edges.contains(&Edge::Any) {
            "one per player, placed instead of drawing into a hole with four neighbours; its sides match anything, which the engine cannot play yet (mechanic `abbey`)".to_string()
        } else {
            "one per player, held instead of shuffled in; the engine deals no tiles to players yet"
                .to_string()
        };
    }
    Some(t)
}

/// A set's tiles in one of its editions, as a ruleset takes them but with
/// every attribute kept (for catalogs of a whole set, e.g. the topology test).
pub fn edition_tiles(set: &TileSet, edition: u8) -> Vec<Tile> {
    set.tiles
        .iter()
        .filter_map(|t| in_edition(t.clone(), edition))
        .collect()
}

/// A tile with no edge type in common with any other tile of the mix can
/// never be placed: report it. Seams never face a drawn tile; a side that
/// matches anything fits everywhere.
pub(super) fn check_placeable(
    r: &mut Reader,
    tiles: &[Tile],
    sets: &[SetRef],
    f: &crate::toml_read::Fields,
) {
    let meets = |a: Edge, b: Edge| {
        a != Edge::Seam && b != Edge::Seam && (a == b || a == Edge::Any || b == Edge::Any)
    };
    for (i, t) in tiles.iter().enumerate() {
        if t.count <= t.start {
            continue;
        }
        let fits = tiles.iter().enumerate().any(|(j, u)| {
            let available = if i == j { u.count > 1 } else { u.count > 0 };
            available
                && t.edges
                    .iter()
                    .any(|&e| u.edges.iter().any(|&g| meets(e, g)))
        });
        if !fits {
            let mut edges: Vec<&str> = Vec::new();
            for e in t.edges.iter().map(|e: &Edge| e.name()) {
                if !edges.contains(&e) {
                    edges.push(e);
                }
            }
            // Point at the set that brings the tile in.
            let span = sets
                .iter()
                .find(|s| s.id.value == t.set)
                .map_or(f.span.start..f.span.start, |s| s.id.span.clone());
            r.error(
                span,
                format!(
                    "tile `{}` ({}) can be placed next to no tile of this ruleset: no other tile has a {} edge",
                    t.id,
                    t.origin,
                    edges.join(" or ")
                ),
            );
        }
    }
}
