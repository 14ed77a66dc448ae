//! How a record names a segment of a placed tile and a figure on it: by
//! its feature's kind and its ports as the tile lies (the index only where
//! those name several), never by the engine's numbers, so a record reads
//! the same whatever order a tile's shape lists its segments in.

use serde::{Deserialize, Serialize};

use super::error::{fail, ReplayError};
use crate::catalog::port_names;
use crate::engine::{Deploy, FollowerKind};
use crate::tables::{Segment, TileType};

/// A segment of a placed tile, named as `follower` names one, with the
/// figure's kind where the action does not fix it, and its owner for a
/// figure already on the board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpotRec {
    /// Column of the tile.
    pub x: i16,
    /// Row of the tile.
    pub y: i16,
    /// The figure's kind, where the action does not fix it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// The owner of a figure already on the board.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<u8>,
    /// The segment's kind (`road`, `city`, …).
    pub feature: String,
    /// The segment's ports on the board, as the tile lies.
    pub ports: Vec<String>,
    /// The segment's index, where feature and ports name several.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub segment: Option<u8>,
}

/// A figure deployed on the tile just placed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FollowerRec {
    /// The figure's kind (`normal`, `big`, …).
    pub kind: String,
    /// The segment's kind.
    pub feature: String,
    /// The segment's ports on the board, as the tile lies.
    pub ports: Vec<String>,
    /// The segment's index in the tile's shape, written only when the
    /// feature and ports name more than one segment (a tile with two
    /// enclosed fields, two cloisters: their ports are all `[]`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub segment: Option<u8>,
}

/// A segment's ports after the tile is turned `rotation` times.
pub fn rotated_port_names(seg: &Segment, rotation: u8) -> Vec<String> {
    let turned = Segment {
        ports: crate::tables::rotate_mask(seg.ports, rotation),
        ..*seg
    };
    port_names(&turned).into_iter().map(String::from).collect()
}

/// How a record names a figure on segment `d.segment` of `tile` turned `rotation`.
pub fn follower_rec(tile: &TileType, rotation: u8, d: Deploy) -> FollowerRec {
    follower_rec_on(tile.segments, rotation, d)
}

/// `follower_rec` among segments `segs` (a placed tile's, with one a module
/// added: `Game::segments_at`).
pub fn follower_rec_on(segs: &[Segment], rotation: u8, d: Deploy) -> FollowerRec {
    let seg = &segs[d.segment as usize];
    // Segments with ports never share them; port-less ones of one kind need
    // their index to be told apart.
    let twin = seg.ports == 0
        && segs
            .iter()
            .filter(|o| o.kind == seg.kind && o.ports == 0)
            .count()
            > 1;
    FollowerRec {
        kind: d.kind.name().to_string(),
        feature: seg.kind.name().to_string(),
        ports: rotated_port_names(seg, rotation),
        segment: twin.then_some(d.segment),
    }
}

/// The follower a record names (kind, feature, ports of the turned tile) as
/// a `Deploy` on one of the tile's segments.
pub fn follower_move(
    tile_id: &str,
    segs: &[Segment],
    rotation: u8,
    f: &FollowerRec,
    turn: usize,
) -> Result<Deploy, ReplayError> {
    let Some(kind) = FollowerKind::from_name(&f.kind) else {
        let names: Vec<&str> = FollowerKind::ALL.iter().map(|k| k.name()).collect();
        return fail(
            turn,
            format!("unknown follower kind `{}` ({})", f.kind, names.join(", ")),
        );
    };
    let mut want: Vec<&str> = f.ports.iter().map(String::as_str).collect();
    want.sort_unstable();
    let matching: Vec<u8> = segs
        .iter()
        .enumerate()
        .filter(|(_, seg)| seg.kind.name() == f.feature)
        .filter(|(_, seg)| {
            let names = rotated_port_names(seg, rotation);
            let mut have: Vec<&str> = names.iter().map(String::as_str).collect();
            have.sort_unstable();
            have == want
        })
        .map(|(s, _)| s as u8)
        .collect();
    let segment = match (f.segment, matching.as_slice()) {
        (Some(s), m) if m.contains(&s) => s,
        (Some(s), _) => {
            return fail(
                turn,
                format!(
                    "tile {tile_id} turned {rotation}: segment {s} is not a {} with ports {:?}",
                    f.feature, f.ports
                ),
            )
        }
        (None, [s]) => *s,
        (None, []) => {
            return fail(
                turn,
                format!(
                    "tile {tile_id} turned {rotation} has no {} with ports {:?}",
                    f.feature, f.ports
                ),
            )
        }
        (None, m) => {
            return fail(
                turn,
                format!(
                    "tile {tile_id} has {} {}s with ports {:?}: the follower must give its `segment` (one of {m:?})",
                    m.len(),
                    f.feature,
                    f.ports
                ),
            )
        }
    };
    Ok(Deploy { segment, kind })
}
