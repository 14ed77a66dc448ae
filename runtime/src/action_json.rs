//! One action as JSON, in the words a game record uses for it (README "Game
//! record contract"): a placement names `x`, `y`, `rotation` as a turn entry
//! does, a figure is a record's `follower`, and every other answer is an
//! entry of a turn's `actions` (`do`, `take`, `corner`, `at`). For callers
//! outside Rust (the Python package, a protocol), which cannot hold an
//! `Action`.
//!
//! `{"do": "place", "x": 1, "y": 0, "rotation": 1}` (with `"tile"` written
//! for information; when read, it must name the tile being placed),
//! `{"do": "abbey", …}` likewise, `{"do": "deploy", "follower": {"kind":
//! "normal", "feature": "road", "ports": ["N", "W"]}}`, and `return-abbot`,
//! `second-tile` (`take`), `draw`, `barn` (`corner`), `move-wagon` (`at`),
//! `pass` as in a record's `actions`. An action names no player: the pending
//! decision says who answers.

use serde::{Deserialize, Serialize};

use crate::engine::{Action, Decision, Deploy, FollowerKind, Game, Placement};
use crate::record::{follower_move, FollowerRec, SpotRec, CORNER_NAMES};

/// An action as JSON. Unknown fields are refused when reading, so that a
/// misspelt field is an error rather than an ignored answer.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionJson {
    #[serde(rename = "do")]
    pub do_: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tile: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub x: Option<i16>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub y: Option<i16>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rotation: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub follower: Option<FollowerRec>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub take: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub corner: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<SpotRec>,
}

/// The tile the pending placement puts down: the drawn tile, or for an
/// abbey the tile the player holds.
fn tile_to_place(g: &Game, abbey: bool) -> Option<u16> {
    if abbey {
        g.held_tile(g.to_move())
    } else {
        g.current_tile_index()
    }
}

/// The segment of a tile turned `rotation` as a record names a figure on it.
fn figure_rec(g: &Game, tile: u16, rotation: u8, d: Deploy) -> FollowerRec {
    let t = &g.rules().tiles[tile as usize];
    let seg = &t.segments[d.segment as usize];
    // As `record::follower_rec`: port-less twins need their index.
    let twin = seg.ports == 0
        && t.segments
            .iter()
            .filter(|o| o.kind == seg.kind && o.ports == 0)
            .count()
            > 1;
    FollowerRec {
        kind: d.kind.name().to_string(),
        feature: seg.kind.name().to_string(),
        ports: crate::record::rotated_port_names(seg, rotation),
        segment: twin.then_some(d.segment),
    }
}

/// `a`, an answer to the pending decision of `g`, as JSON.
pub fn to_json(g: &Game, a: Action) -> ActionJson {
    let named = ActionJson {
        do_: a.name().to_string(),
        ..ActionJson::default()
    };
    match a {
        Action::Place(p) | Action::Abbey(p) => ActionJson {
            tile: tile_to_place(g, matches!(a, Action::Abbey(_)))
                .map(|t| g.rules().tiles[t as usize].id.to_string()),
            x: Some(p.x),
            y: Some(p.y),
            rotation: Some(p.rotation),
            ..named
        },
        Action::Deploy(d) => {
            let follower = g
                .placed()
                .last()
                .map(|q| figure_rec(g, q.tile, q.rotation, d));
            ActionJson { follower, ..named }
        }
        Action::SecondTile(take) => ActionJson {
            take: Some(take),
            ..named
        },
        Action::Barn(c) => ActionJson {
            corner: CORNER_NAMES.get(c as usize).map(|c| c.to_string()),
            ..named
        },
        Action::MoveWagon { placed, segment } => {
            let at = g.placed().get(placed as usize).map(|q| {
                let f = figure_rec(
                    g,
                    q.tile,
                    q.rotation,
                    Deploy {
                        segment,
                        kind: FollowerKind::Wagon,
                    },
                );
                SpotRec {
                    x: q.x,
                    y: q.y,
                    feature: f.feature,
                    ports: f.ports,
                    segment: f.segment,
                }
            });
            ActionJson { at, ..named }
        }
        Action::ReturnAbbot | Action::Draw | Action::Pass => named,
    }
}

/// The action `j` names in game `g` (whose pending decision it answers).
/// Whether it is legal is `Game::apply_action`'s to say; this refuses only
/// what names no action at all: an unknown `do`, a missing or extra field,
/// a figure on no segment of the tile.
pub fn from_json(g: &Game, j: &ActionJson) -> Result<Action, String> {
    let what = j.do_.as_str();
    let allowed: &[&str] = match what {
        "place" | "abbey" => &["tile", "x", "y", "rotation"],
        "deploy" => &["follower"],
        "second-tile" => &["take"],
        "barn" => &["corner"],
        "move-wagon" => &["at"],
        "return-abbot" | "draw" | "pass" => &[],
        other => {
            return Err(format!(
                "unknown action `{other}`: one of place, abbey, deploy, return-abbot, second-tile, draw, barn, move-wagon, pass"
            ))
        }
    };
    let given = [
        ("tile", j.tile.is_some()),
        ("x", j.x.is_some()),
        ("y", j.y.is_some()),
        ("rotation", j.rotation.is_some()),
        ("follower", j.follower.is_some()),
        ("take", j.take.is_some()),
        ("corner", j.corner.is_some()),
        ("at", j.at.is_some()),
    ];
    if let Some((field, _)) = given.iter().find(|(f, on)| *on && !allowed.contains(f)) {
        return Err(format!("`{what}` takes no `{field}`"));
    }
    let need = |field: &str| format!("`{what}` needs `{field}`");
    match what {
        "place" | "abbey" => {
            let abbey = what == "abbey";
            let p = Placement {
                x: j.x.ok_or_else(|| need("x"))?,
                y: j.y.ok_or_else(|| need("y"))?,
                rotation: j.rotation.ok_or_else(|| need("rotation"))?,
            };
            if let Some(id) = &j.tile {
                let have = tile_to_place(g, abbey).map(|t| g.rules().tiles[t as usize].id);
                if have != Some(id.as_str()) {
                    return Err(format!(
                        "`{what}` names tile {id}, but the tile to place is {}",
                        have.unwrap_or("none")
                    ));
                }
            }
            Ok(if abbey {
                Action::Abbey(p)
            } else {
                Action::Place(p)
            })
        }
        "deploy" => {
            let f = j.follower.as_ref().ok_or_else(|| need("follower"))?;
            let waiting = g.pending().is_some_and(|p| p.decision == Decision::Wood);
            let q = match g.placed().last() {
                Some(q) if waiting => *q,
                _ => return Err("no tile was just placed: there is nothing to deploy on".into()),
            };
            let t = &g.rules().tiles[q.tile as usize];
            follower_move(t.id, t.segments, q.rotation, f, 0)
                .map(Action::Deploy)
                .map_err(|e| e.reason)
        }
        "second-tile" => Ok(Action::SecondTile(j.take.ok_or_else(|| need("take"))?)),
        "barn" => {
            let c = j.corner.as_deref().ok_or_else(|| need("corner"))?;
            CORNER_NAMES
                .iter()
                .position(|&n| n == c)
                .map(|i| Action::Barn(i as u8))
                .ok_or_else(|| format!("`barn` corner `{c}` is not one of {CORNER_NAMES:?}"))
        }
        "move-wagon" => {
            let at = j.at.as_ref().ok_or_else(|| need("at"))?;
            let Some(placed) = g.placed().iter().position(|q| q.x == at.x && q.y == at.y) else {
                return Err(format!("no tile lies at ({}, {})", at.x, at.y));
            };
            let q = g.placed()[placed];
            let t = &g.rules().tiles[q.tile as usize];
            let named = FollowerRec {
                kind: FollowerKind::Wagon.name().to_string(),
                feature: at.feature.clone(),
                ports: at.ports.clone(),
                segment: at.segment,
            };
            let d = follower_move(t.id, t.segments, q.rotation, &named, 0).map_err(|e| e.reason)?;
            Ok(Action::MoveWagon {
                placed: placed as u16,
                segment: d.segment,
            })
        }
        "return-abbot" => Ok(Action::ReturnAbbot),
        "draw" => Ok(Action::Draw),
        _ => Ok(Action::Pass),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::{BotKind, SimpleBot};

    /// Every legal action of every decision, in seeded games of several
    /// rulesets, reads back as itself.
    #[test]
    fn every_legal_action_round_trips() {
        for id in [
            "base",
            "base_traders_builders",
            "base_abbey_mayor",
            "base_inns_cathedrals",
            "everything_c1",
        ] {
            let rules = crate::ruleset(id).expect("compiled in");
            let mut g = Game::new(rules, 3, 7).expect("3 players");
            let mut bot = SimpleBot::new(BotKind::Random, 1);
            let mut events = Vec::new();
            let mut seen = 0;
            while !g.is_over() {
                for a in g.legal_actions() {
                    let j = to_json(&g, a);
                    let text = serde_json::to_string(&j).expect("serialises");
                    let back: ActionJson = serde_json::from_str(&text).expect("parses");
                    assert_eq!(from_json(&g, &back), Ok(a), "{id}: {text}");
                    seen += 1;
                }
                let a = bot.choose_action(&g).expect("not over");
                g.apply_action(a, &mut events).expect("legal");
            }
            assert!(seen > 100, "{id}: only {seen} actions");
        }
    }

    #[test]
    fn malformed_actions_are_refused_with_a_reason() {
        let g = Game::new(crate::ruleset("base").unwrap(), 2, 1).unwrap();
        let parse = |s: &str| serde_json::from_str::<ActionJson>(s);
        assert!(parse(r#"{"do": "place", "x": 1, "why": 2}"#).is_err());
        let err = |s: &str| from_json(&g, &parse(s).unwrap()).unwrap_err();
        assert!(err(r#"{"do": "fly"}"#).contains("unknown action"));
        assert!(err(r#"{"do": "place", "x": 1, "y": 0}"#).contains("needs `rotation`"));
        assert!(err(r#"{"do": "pass", "take": true}"#).contains("takes no `take`"));
        assert!(
            err(r#"{"do": "place", "tile": "ZZ", "x": 1, "y": 0, "rotation": 0}"#)
                .contains("names tile ZZ")
        );
        assert!(err(
            r#"{"do": "deploy", "follower": {"kind": "normal", "feature": "road", "ports": []}}"#
        )
        .contains("nothing to deploy on"));
        assert!(err(r#"{"do": "barn", "corner": "UP"}"#).contains("not one of"));
    }
}
