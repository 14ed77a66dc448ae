//! One action as JSON, in the vocabulary of game records (README "Game
//! record contract"): `do` is `Action::name`, a placement gives the entry's
//! `x`/`y`/`rotation`, a figure the entry's `follower`, and the other
//! answers the fields of a record's `actions` (`take`, `corner`, `at`). So a
//! client that reads records and one that plays through `carcassonne serve`
//! (or the Python package) name every action the same way.

use serde::{Deserialize, Serialize};

use crate::engine::{Action, Decision, Deploy, FollowerKind, Game, Placement};
use crate::record::{
    follower_move, follower_rec, wagon_target, FollowerRec, SpotRec, CORNER_NAMES,
};

/// An action of a game, as JSON. Only the fields its `do` needs are written;
/// reading refuses unknown fields, so a misspelt one is an error rather
/// than silently ignored.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionJson {
    /// `place`, `deploy`, `return-abbot`, `second-tile`, `draw`, `abbey`,
    /// `barn`, `move-wagon` or `pass`.
    #[serde(rename = "do")]
    pub do_: String,
    /// `place` and `abbey`: the tile put down (written for the reader;
    /// when given on input it must be the tile to place).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tile: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub x: Option<i16>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub y: Option<i16>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rotation: Option<u8>,
    /// `deploy`: the figure on the tile just placed, as a record's turn
    /// entry names it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub follower: Option<FollowerRec>,
    /// `second-tile`: take the builder's second tile or not.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub take: Option<bool>,
    /// `barn`: the corner of the tile just placed, `NW`, `NE`, `SE`, `SW`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub corner: Option<String>,
    /// `move-wagon`: where the wagon goes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<SpotRec>,
}

/// `a`, legal or not in `g`, as JSON. Figures and wagon moves are named on
/// the board of `g` (the tile just placed, the placed tile moved to).
pub fn to_json(g: &Game, a: Action) -> ActionJson {
    let mut out = ActionJson {
        do_: a.name().to_string(),
        ..ActionJson::default()
    };
    match a {
        Action::Place(p) | Action::Abbey(p) => {
            let tile = match a {
                Action::Abbey(_) => g.held_tile(g.to_move()),
                _ => g.current_tile_index(),
            };
            out.tile = tile.map(|t| g.rules().tiles[t as usize].id.to_string());
            out.x = Some(p.x);
            out.y = Some(p.y);
            out.rotation = Some(p.rotation);
        }
        Action::Deploy(d) => {
            if let Some(q) = g.placed().last() {
                let tile = &g.rules().tiles[q.tile as usize];
                if (d.segment as usize) < tile.segments.len() {
                    out.follower = Some(follower_rec(tile, q.rotation, d));
                }
            }
        }
        Action::SecondTile(take) => out.take = Some(take),
        Action::Barn(c) => out.corner = CORNER_NAMES.get(c as usize).map(|c| c.to_string()),
        Action::MoveWagon { placed, segment } => {
            if let Some(q) = g.placed().get(placed as usize) {
                let tile = &g.rules().tiles[q.tile as usize];
                if (segment as usize) < tile.segments.len() {
                    let f = follower_rec(
                        tile,
                        q.rotation,
                        Deploy {
                            segment,
                            kind: FollowerKind::Wagon,
                        },
                    );
                    out.at = Some(SpotRec {
                        x: q.x,
                        y: q.y,
                        feature: f.feature,
                        ports: f.ports,
                        segment: f.segment,
                    });
                }
            }
        }
        Action::ReturnAbbot | Action::Draw | Action::Pass => {}
    }
    out
}

/// Why an action's JSON names no action.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReadError {
    /// A field its `do` needs is absent.
    #[error("{0}")]
    Missing(String),
    /// Unknown `do`, a field its `do` does not take, or values that name
    /// nothing on this board.
    #[error("{0}")]
    Invalid(String),
}

/// The action `j` names in `g`, or why it names none. This reads names
/// only: whether the action is legal now is `Game::apply_action`'s to say.
pub fn from_json(g: &Game, j: &ActionJson) -> Result<Action, ReadError> {
    read(g, j).map_err(|(missing, why)| match missing {
        true => ReadError::Missing(why),
        false => ReadError::Invalid(why),
    })
}

/// `from_json`, its error flagged `true` when a field is missing.
fn read(g: &Game, j: &ActionJson) -> Result<Action, (bool, String)> {
    let invalid = |why: String| (false, why);
    // Fields a `do` does not take are refused, as the record's reader
    // refuses them, so that a mistaken answer is never half-read.
    let given: [(&str, bool); 8] = [
        ("tile", j.tile.is_some()),
        ("x", j.x.is_some()),
        ("y", j.y.is_some()),
        ("rotation", j.rotation.is_some()),
        ("follower", j.follower.is_some()),
        ("take", j.take.is_some()),
        ("corner", j.corner.is_some()),
        ("at", j.at.is_some()),
    ];
    let takes: &[&str] = match j.do_.as_str() {
        "place" | "abbey" => &["tile", "x", "y", "rotation"],
        "deploy" => &["follower"],
        "second-tile" => &["take"],
        "barn" => &["corner"],
        "move-wagon" => &["at"],
        "return-abbot" | "draw" | "pass" => &[],
        other => {
            return Err(invalid(format!(
                "unknown action `{other}`; actions: place, deploy, return-abbot, second-tile, draw, abbey, barn, move-wagon, pass"
            )))
        }
    };
    if let Some((extra, _)) = given.iter().find(|(f, on)| *on && !takes.contains(f)) {
        return Err(invalid(format!("`{}` takes no `{extra}`", j.do_)));
    }
    let need = |f: &str| (true, format!("`{}` needs `{f}`", j.do_));
    match j.do_.as_str() {
        "place" | "abbey" => {
            let (Some(x), Some(y), Some(rotation)) = (j.x, j.y, j.rotation) else {
                return Err(need("x`, `y` and `rotation"));
            };
            let abbey = j.do_ == "abbey";
            if let Some(id) = &j.tile {
                let tile = if abbey {
                    g.held_tile(g.to_move())
                } else {
                    g.current_tile_index()
                };
                let actual = tile.map(|t| g.rules().tiles[t as usize].id);
                if actual != Some(id.as_str()) {
                    return Err(invalid(match actual {
                        Some(t) => format!("the tile to place is {t}, not {id}"),
                        None => format!("there is no tile to place now, not {id}"),
                    }));
                }
            }
            let p = Placement { x, y, rotation };
            Ok(if abbey {
                Action::Abbey(p)
            } else {
                Action::Place(p)
            })
        }
        "deploy" => {
            let f = j.follower.as_ref().ok_or_else(|| need("follower"))?;
            // The figure goes on the tile placed last; if the game does not
            // wait for a figure, `apply_action` says so.
            let waits = g.pending().is_some_and(|p| p.decision == Decision::Wood);
            let q = match g.placed().last() {
                Some(q) if waits => q,
                _ => return Err(invalid("no tile waits for a figure now".to_string())),
            };
            let tile = &g.rules().tiles[q.tile as usize];
            let d = follower_move(tile.id, tile.segments, q.rotation, f, 0)
                .map_err(|e| invalid(e.reason))?;
            Ok(Action::Deploy(d))
        }
        "second-tile" => Ok(Action::SecondTile(j.take.ok_or_else(|| need("take"))?)),
        "barn" => {
            let c = j.corner.as_deref().ok_or_else(|| need("corner"))?;
            match CORNER_NAMES.iter().position(|&n| n == c) {
                Some(i) => Ok(Action::Barn(i as u8)),
                None => Err(invalid(format!(
                    "`barn` needs a `corner` (one of {CORNER_NAMES:?}), not `{c}`"
                ))),
            }
        }
        "move-wagon" => {
            let at = j.at.as_ref().ok_or_else(|| need("at"))?;
            wagon_target(g, at, 0).map_err(|e| invalid(e.reason))
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

    /// Every legal action of random games in rulesets with every kind of
    /// decision reads back as itself from its JSON.
    #[test]
    fn every_legal_action_reads_back_from_its_json() {
        let mut kinds = std::collections::BTreeSet::new();
        for id in [
            "base",
            "base_abbey_mayor",
            "base_traders_builders",
            "base_c2",
        ] {
            let rules = crate::ruleset(id).expect("compiled in");
            for seed in 1..5 {
                let mut g = Game::new(rules, 3, seed).expect("3 players");
                // The greedy bot deploys builders, which earn second tiles.
                let kind = [BotKind::Random, BotKind::Greedy][seed as usize % 2];
                let mut bot = SimpleBot::new(kind, seed);
                let mut events = Vec::new();
                while g.pending().is_some() {
                    for a in g.legal_actions() {
                        let j = to_json(&g, a);
                        kinds.insert(j.do_.clone());
                        let text = serde_json::to_string(&j).expect("serialises");
                        let back: ActionJson = serde_json::from_str(&text).expect("parses");
                        assert_eq!(from_json(&g, &back), Ok(a), "{id}: {text}");
                    }
                    let a = bot.choose_action(&g).expect("a move");
                    g.apply_action(a, &mut events).expect("legal");
                }
            }
        }
        for k in [
            "place",
            "deploy",
            "pass",
            "second-tile",
            "draw",
            "abbey",
            "barn",
            "return-abbot",
            "move-wagon",
        ] {
            assert!(kinds.contains(k), "no `{k}` seen: {kinds:?}");
        }
    }

    #[test]
    fn wrong_fields_are_refused_with_a_reason() {
        let rules = crate::ruleset("base").expect("compiled in");
        let g = Game::new(rules, 2, 1).expect("2 players");
        let read = |s: &str| {
            from_json(&g, &serde_json::from_str(s).expect("parses")).map_err(|e| e.to_string())
        };
        assert!(read(r#"{"do":"fly"}"#)
            .unwrap_err()
            .contains("unknown action"));
        assert!(read(r#"{"do":"place","x":1}"#)
            .unwrap_err()
            .contains("needs"));
        assert!(read(r#"{"do":"pass","take":true}"#)
            .unwrap_err()
            .contains("takes no `take`"));
        assert!(read(r#"{"do":"barn","corner":"N"}"#)
            .unwrap_err()
            .contains("corner"));
        assert!(
            read(r#"{"do":"place","tile":"nope","x":1,"y":0,"rotation":0}"#)
                .unwrap_err()
                .contains("the tile to place is")
        );
        assert!(read(
            r#"{"do":"deploy","follower":{"kind":"normal","feature":"road","ports":[]}}"#
        )
        .unwrap_err()
        .contains("no tile waits"));
        assert!(serde_json::from_str::<ActionJson>(r#"{"do":"pass","extra":1}"#).is_err());
    }
}
