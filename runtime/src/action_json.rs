//! One action as JSON, the same in game records (a turn entry's `actions`)
//! and in the `carcassonne serve` protocol and the Python package (docs/reference/records.md): `do` is `Action::name`; a placement gives
//! `tile`/`x`/`y`/`rotation`, a figure on the tile just placed `follower`,
//! and a module's action the one field its declaration names (`take`,
//! `corner`, `at`, `to`, `figure`), written from that declaration. A new
//! module's actions need nothing here.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::engine::{Action, Arg, ArgKind, Deploy, FollowerKind, Game, Placement, Spot, Verb};
use crate::mechanics::barn::CORNER_NAMES;
use crate::record::error::ReplayError;
use crate::record::names::{follower_move, follower_rec_on, FollowerRec, SpotRec};
use crate::tables::SIDE_NAMES;

/// An action, as JSON. Only the fields its `do` needs are written; reading
/// refuses fields its `do` does not take, so a misspelt one is an error
/// rather than silently ignored.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct ActionJson {
    /// In a record: who answered, when not the entry's player (a wagon's
    /// owner, a dragon's step).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<u8>,
    /// `place`, `deploy`, `draw`, `pass`, or a module's action.
    #[serde(rename = "do")]
    pub do_: String,
    /// A placement: the tile put down (written for the reader; when given
    /// on input it must be the tile to place).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tile: Option<String>,
    /// A placement: column.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub x: Option<i16>,
    /// Row.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub y: Option<i16>,
    /// Clockwise quarter turns.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rotation: Option<u8>,
    /// `deploy`: the figure on the tile just placed, as a record's turn
    /// entry names it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub follower: Option<FollowerRec>,
    /// A module's action: its argument, in the field it declares.
    #[serde(flatten)]
    pub args: Map<String, Value>,
}

/// `a`, legal or not in `g`, as JSON. Figures and targets are named on the
/// board of `g` (the tile just placed, the placed tile they are on).
pub fn to_json(g: &Game, a: Action) -> ActionJson {
    let mut out = ActionJson {
        do_: a.name().to_string(),
        ..ActionJson::default()
    };
    match a {
        Action::Place(p) => put_placement(&mut out, g, g.current_tile_index(), p),
        Action::Deploy(d) => {
            if let Some(idx) = g.placed().len().checked_sub(1) {
                let segs = g.segments_at(idx);
                if (d.segment as usize) < segs.len() {
                    let rotation = g.placed()[idx].rotation;
                    out.follower = Some(follower_rec_on(&segs, rotation, d));
                }
            }
        }
        Action::Draw | Action::Pass => {}
        Action::Do(v) => put_arg(&mut out, g, v),
    }
    out
}

fn put_placement(out: &mut ActionJson, g: &Game, tile: Option<u16>, p: Placement) {
    out.tile = tile.map(|t| g.rules().tiles[t as usize].id.to_string());
    out.x = Some(p.x);
    out.y = Some(p.y);
    out.rotation = Some(p.rotation);
}

/// A module verb's argument into its declared field.
fn put_arg(out: &mut ActionJson, g: &Game, v: Verb) {
    let def = v.def();
    let value = match (def.arg, v.arg) {
        (ArgKind::Placement, Arg::Placement(p)) => {
            put_placement(out, g, g.held_tile(g.to_move()), p);
            return;
        }
        (ArgKind::Bool, Arg::Bool(b)) => Value::Bool(b),
        (ArgKind::Corner, Arg::Corner(c)) => match CORNER_NAMES.get(c as usize) {
            Some(name) => Value::from(*name),
            None => return,
        },
        (ArgKind::Dir, Arg::Dir(d)) => match SIDE_NAMES.get(d as usize) {
            Some(name) => Value::from(*name),
            None => return,
        },
        (ArgKind::Word(words), Arg::Word(w)) => match words.get(w as usize) {
            Some(name) => Value::from(*name),
            None => return,
        },
        (ArgKind::Target(fixed), Arg::Spot(s)) => match spot_rec(g, s) {
            Some(mut r) => {
                if fixed.is_none() {
                    r.kind = Some(s.kind.name().to_string());
                }
                serde_json::to_value(r).unwrap_or(Value::Null)
            }
            None => return,
        },
        (ArgKind::Figure, Arg::Spot(s)) => match spot_rec(g, s) {
            Some(mut r) => {
                r.kind = Some(s.kind.name().to_string());
                r.player = Some(s.player);
                serde_json::to_value(r).unwrap_or(Value::Null)
            }
            None => return,
        },
        (ArgKind::Tile, Arg::Tile(t)) => match g.placed().get(t as usize) {
            Some(q) => serde_json::json!({ "x": q.x, "y": q.y }),
            None => return,
        },
        (ArgKind::Held, Arg::Held { player, kind }) => {
            serde_json::json!({ "player": player, "kind": kind.name() })
        }
        (ArgKind::Number { .. }, Arg::Number(n)) => Value::from(n),
        _ => return,
    };
    out.args.insert(def.field.to_string(), value);
}

/// `a` in words for a reader (`play` prints it): a module's action by its
/// label and argument (`barn on the corner SE`, `moves the dragon N`).
pub fn text(g: &Game, a: Action) -> String {
    let Action::Do(v) = a else {
        return a.name().to_string();
    };
    let def = v.def();
    let arg = match v.arg {
        Arg::None | Arg::Placement(_) => String::new(),
        Arg::Bool(b) => format!(" {}", if b { "yes" } else { "no" }),
        Arg::Corner(c) => format!(" {}", CORNER_NAMES.get(c as usize).unwrap_or(&"?")),
        Arg::Dir(d) => format!(" {}", SIDE_NAMES.get(d as usize).unwrap_or(&"?")),
        Arg::Tile(t) => match g.placed().get(t as usize) {
            Some(q) => format!(" at ({}, {})", q.x, q.y),
            None => " at ?".to_string(),
        },
        Arg::Held { player, kind } => format!(" a {} held by P{player}", kind.def().label),
        Arg::Number(n) => format!(" {n}"),
        Arg::Word(w) => match def.arg {
            ArgKind::Word(words) => format!(" {}", words.get(w as usize).unwrap_or(&"?")),
            _ => " ?".to_string(),
        },
        Arg::Spot(s) => match spot_rec(g, s) {
            Some(r) => {
                let whose = match def.arg {
                    ArgKind::Figure => format!("P{}'s {} ", s.player, s.kind.def().label),
                    _ => String::new(),
                };
                format!(
                    " {whose}at ({}, {}) {} [{}]",
                    r.x,
                    r.y,
                    r.feature,
                    r.ports.join(" ")
                )
            }
            None => String::new(),
        },
    };
    format!("{}{arg}", def.label)
}

/// Segment `s.segment` of placed tile `s.placed`, named as a record names a
/// follower with the tile's place.
pub fn spot_rec(g: &Game, s: Spot) -> Option<SpotRec> {
    let q = g.placed().get(s.placed as usize)?;
    // A module may have added a segment to the tile (a bridge's road).
    let segs = g.segments_at(s.placed as usize);
    if s.segment as usize >= segs.len() {
        return None;
    }
    let f = follower_rec_on(
        &segs,
        q.rotation,
        Deploy {
            segment: s.segment,
            kind: s.kind,
        },
    );
    Some(SpotRec {
        x: q.x,
        y: q.y,
        feature: f.feature,
        ports: f.ports,
        segment: f.segment,
        kind: None,
        player: None,
    })
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

/// Every `do` there is: the skeleton's and each module's.
fn all_names() -> String {
    let mut names = vec!["place", "deploy", "draw", "pass"];
    for m in crate::mechanics::Mech::ALL {
        names.extend(crate::mechanics::verbs(m).iter().map(|v| v.name));
    }
    names.join(", ")
}

/// `from_json`, its error flagged `true` when a field is missing.
fn read(g: &Game, j: &ActionJson) -> Result<Action, (bool, String)> {
    let invalid = |why: String| (false, why);
    let verb = Action::verb_named(&j.do_);
    let takes: Vec<&str> = match (j.do_.as_str(), verb) {
        ("place", _) => vec!["tile", "x", "y", "rotation"],
        ("deploy", _) => vec!["follower"],
        ("draw" | "pass", _) => vec![],
        (_, Some((_, _, def))) => match def.arg {
            ArgKind::None => vec![],
            ArgKind::Placement => vec!["tile", "x", "y", "rotation"],
            _ => vec![def.field],
        },
        (other, None) => {
            return Err(invalid(format!(
                "unknown action `{other}`; actions: {}",
                all_names()
            )))
        }
    };
    // Fields a `do` does not take are refused, so that a mistaken answer is
    // never half-read.
    let given = [
        ("tile", j.tile.is_some()),
        ("x", j.x.is_some()),
        ("y", j.y.is_some()),
        ("rotation", j.rotation.is_some()),
        ("follower", j.follower.is_some()),
    ];
    let extra = given
        .iter()
        .filter(|(_, on)| *on)
        .map(|(f, _)| *f)
        .chain(j.args.keys().map(String::as_str))
        .find(|f| !takes.contains(f));
    if let Some(extra) = extra {
        return Err(invalid(format!("`{}` takes no `{extra}`", j.do_)));
    }
    let need = |f: &str| (true, format!("`{}` needs `{f}`", j.do_));
    match (j.do_.as_str(), verb) {
        ("place", _) => Ok(Action::Place(placement(g, j, g.current_tile_index())?)),
        ("deploy", _) => {
            let f = j.follower.as_ref().ok_or_else(|| need("follower"))?;
            // The figure goes on the tile placed last; if the game does not
            // wait for a figure, `apply_action` says so.
            let waits = g
                .pending()
                .is_some_and(|p| p.decision == crate::engine::Decision::Wood);
            let q = match g.placed().last() {
                Some(q) if waits => q,
                _ => return Err(invalid("no tile waits for a figure now".to_string())),
            };
            let tile = &g.rules().tiles[q.tile as usize];
            let segs = g.segments_at(g.placed().len() - 1);
            let d =
                follower_move(tile.id, &segs, q.rotation, f, 0).map_err(|e| invalid(e.reason))?;
            Ok(Action::Deploy(d))
        }
        ("draw", _) => Ok(Action::Draw),
        ("pass", _) => Ok(Action::Pass),
        (_, Some((mech, code, def))) => {
            let field = j.args.get(def.field);
            let arg = match def.arg {
                ArgKind::None => Arg::None,
                ArgKind::Placement => Arg::Placement(placement(g, j, g.held_tile(g.to_move()))?),
                ArgKind::Bool => match field {
                    Some(Value::Bool(b)) => Arg::Bool(*b),
                    Some(_) => return Err(invalid(format!("`{}` is true or false", def.field))),
                    None => return Err(need(def.field)),
                },
                ArgKind::Corner => Arg::Corner(word(j, def.field, field, &CORNER_NAMES)?),
                ArgKind::Dir => Arg::Dir(word(j, def.field, field, &SIDE_NAMES)?),
                ArgKind::Word(words) => Arg::Word(word(j, def.field, field, words)?),
                ArgKind::Target(_) | ArgKind::Figure if field.is_none() => {
                    return Err(need(def.field));
                }
                ArgKind::Target(fixed) => Arg::Spot(spot(g, j, field, fixed, false)?),
                ArgKind::Figure => Arg::Spot(spot(g, j, field, None, true)?),
                ArgKind::Tile => Arg::Tile(tile_at(g, j, def.field, field)?),
                ArgKind::Held => held_figure(j, def.field, field)?,
                ArgKind::Number { least, most } => {
                    Arg::Number(number(j, def.field, field, least..=most)?)
                }
            };
            Ok(Action::Do(Verb { mech, code, arg }))
        }
        _ => unreachable!("every `do` was sorted out above"),
    }
}

/// The placement `j` gives, of `tile` (the tile to place).
fn placement(g: &Game, j: &ActionJson, tile: Option<u16>) -> Result<Placement, (bool, String)> {
    let (Some(x), Some(y), Some(rotation)) = (j.x, j.y, j.rotation) else {
        return Err((true, format!("`{}` needs `x`, `y` and `rotation`", j.do_)));
    };
    if let Some(id) = &j.tile {
        let actual = tile.map(|t| g.rules().tiles[t as usize].id);
        if actual != Some(id.as_str()) {
            return Err((
                false,
                match actual {
                    Some(t) => format!("the tile to place is {t}, not {id}"),
                    None => format!("there is no tile to place now, not {id}"),
                },
            ));
        }
    }
    Ok(Placement { x, y, rotation })
}

/// One of `words`, by its index.
fn word(
    j: &ActionJson,
    name: &str,
    field: Option<&Value>,
    words: &[&str],
) -> Result<u8, (bool, String)> {
    let Some(v) = field else {
        return Err((true, format!("`{}` needs `{name}`", j.do_)));
    };
    match v.as_str().and_then(|w| words.iter().position(|x| *x == w)) {
        Some(i) => Ok(i as u8),
        None => Err((
            false,
            format!("`{}` needs a `{name}` (one of {words:?}), not {v}", j.do_),
        )),
    }
}

/// A whole number from 0 to `most`.
fn number(
    j: &ActionJson,
    name: &str,
    field: Option<&Value>,
    range: std::ops::RangeInclusive<u16>,
) -> Result<u16, (bool, String)> {
    let Some(v) = field else {
        return Err((true, format!("`{}` needs `{name}`", j.do_)));
    };
    match v.as_u64().and_then(|n| u16::try_from(n).ok()) {
        Some(n) if range.contains(&n) => Ok(n),
        _ => Err((
            false,
            format!(
                "`{}` needs a `{name}` from {} to {}, not {v}",
                j.do_,
                range.start(),
                range.end()
            ),
        )),
    }
}

/// The spot a module action's field names: a placed tile by its position,
/// one of its segments as a follower names one, and the figure's kind
/// (`fixed`, or given) and owner (for a figure on the board).
fn spot(
    g: &Game,
    j: &ActionJson,
    field: Option<&Value>,
    fixed: Option<FollowerKind>,
    owned: bool,
) -> Result<Spot, (bool, String)> {
    let invalid = |why: String| (false, why);
    let rec: SpotRec = field
        .cloned()
        .map(serde_json::from_value)
        .transpose()
        .map_err(|e| invalid(format!("`{}`: {e}", j.do_)))?
        .ok_or((true, format!("`{}` needs its target", j.do_)))?;
    let kind = match (fixed, &rec.kind) {
        (Some(k), None) => k,
        (Some(k), Some(named)) if named == k.name() => k,
        (Some(k), Some(named)) => {
            return Err(invalid(format!(
                "`{}` moves a {}, not a {named}",
                j.do_,
                k.name()
            )))
        }
        (None, Some(named)) => FollowerKind::from_name(named)
            .ok_or_else(|| invalid(format!("unknown figure kind `{named}`")))?,
        (None, None) => return Err((true, format!("`{}` needs the figure's `kind`", j.do_))),
    };
    let player = match (owned, rec.player) {
        (true, Some(p)) => p,
        (true, None) => return Err((true, format!("`{}` needs the figure's `player`", j.do_))),
        (false, _) => g.pending().map_or(g.to_move(), |p| match p.actor {
            crate::engine::Actor::Player(p) => p,
            crate::engine::Actor::Chance => g.to_move(),
        }),
    };
    let (segment, placed) = target(g, &rec, kind, 0).map_err(|e| invalid(e.reason))?;
    Ok(Spot {
        placed,
        segment,
        kind,
        player,
    })
}

/// The placed tile field `name` names by its `{x, y}`.
fn tile_at(
    g: &Game,
    j: &ActionJson,
    name: &str,
    field: Option<&Value>,
) -> Result<u16, (bool, String)> {
    let Some(v) = field else {
        return Err((true, format!("`{}` needs `{name}`", j.do_)));
    };
    let coord = |k: &str| {
        v.get(k)
            .and_then(Value::as_i64)
            .and_then(|n| i16::try_from(n).ok())
    };
    let (Some(x), Some(y)) = (coord("x"), coord("y")) else {
        return Err((
            false,
            format!(
                "`{}` needs `{name}` as {{\"x\": …, \"y\": …}}, not {v}",
                j.do_
            ),
        ));
    };
    match g.placed_index_at(x.into(), y.into()) {
        Some(i) => Ok(i as u16),
        None => Err((false, format!("no tile lies at ({x}, {y})"))),
    }
}

/// The held figure field `name` names by its `{player, kind}`.
fn held_figure(j: &ActionJson, name: &str, field: Option<&Value>) -> Result<Arg, (bool, String)> {
    let Some(v) = field else {
        return Err((true, format!("`{}` needs `{name}`", j.do_)));
    };
    let player = v
        .get("player")
        .and_then(Value::as_u64)
        .and_then(|p| u8::try_from(p).ok());
    let kind = v
        .get("kind")
        .and_then(Value::as_str)
        .and_then(FollowerKind::from_name);
    match (player, kind) {
        (Some(player), Some(kind)) => Ok(Arg::Held { player, kind }),
        _ => Err((
            false,
            format!(
                "`{}` needs `{name}` as {{\"player\": …, \"kind\": …}}, not {v}",
                j.do_
            ),
        )),
    }
}

/// The placed tile at `rec`'s position and its segment `rec` names, for a
/// figure of `kind`.
pub(crate) fn target(
    g: &Game,
    rec: &SpotRec,
    kind: FollowerKind,
    turn: usize,
) -> Result<(u8, u16), ReplayError> {
    let Some(placed) = g.placed_index_at(rec.x.into(), rec.y.into()) else {
        return Err(ReplayError {
            turn,
            reason: format!("no tile lies at ({}, {})", rec.x, rec.y),
        });
    };
    let q = g.placed()[placed];
    let tile = &g.rules().tiles[q.tile as usize];
    let named = FollowerRec {
        kind: kind.name().to_string(),
        feature: rec.feature.clone(),
        ports: rec.ports.clone(),
        segment: rec.segment,
    };
    let segs = g.segments_at(placed);
    let d = follower_move(tile.id, &segs, q.rotation, &named, turn)?;
    Ok((d.segment, placed as u16))
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
            "base_princess_dragon",
            "base_bridges_castles_bazaars",
            "base_catapult",
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
            "dragon",
            "fairy",
            "portal",
            "princess",
            "bazaar-choose",
            "bazaar-bid",
            "bazaar-deal",
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
        assert!(read(r#"{"do":"levitate"}"#)
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
        assert!(read(r#"{"do":"pass","extra":1}"#)
            .unwrap_err()
            .contains("takes no `extra`"));
    }
}
