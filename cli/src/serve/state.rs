//! What the protocol shows of a game: the state as a player sees it, the
//! pending decision, its legal answers. Built from the engine's public
//! accessors only; the order of the tiles still face down is never shown,
//! only their multiset.

use carcassonne_runtime::action_json;
use carcassonne_runtime::engine::{Action, Actor, Decision, Deploy, Game, ScoreEvent};
use carcassonne_runtime::record::{follower_rec_on, EventRec};
use serde_json::{json, Map, Value};

use super::session::Session;

fn tile_id(g: &Game, t: u16) -> &'static str {
    g.rules().tiles[t as usize].id
}

/// Who decides now, and what; `null` once the game is over.
pub fn pending(s: &Session) -> Value {
    let g = &s.game;
    if s.chance_pending() {
        return json!({
            "actor": "chance",
            "decision": "draw",
            "text": "choose the tile drawn (a scripted game)",
            "player": g.to_move(),
            "part": g.part(),
            "may_choose_player": s.may_choose_player(),
        });
    }
    let Some(p) = g.pending() else {
        return Value::Null;
    };
    let mut m = Map::new();
    match p.actor {
        Actor::Player(q) => {
            m.insert("actor".into(), json!("player"));
            m.insert("player".into(), json!(q));
        }
        // A module's decision chance answers (a token from the sheep bag),
        // which a scripted game is told with `apply` (`legal` weighs the
        // outcomes).
        Actor::Chance => {
            m.insert("actor".into(), json!("chance"));
            m.insert("player".into(), Value::Null);
        }
    }
    // Whose turn it is: a module may ask another player (a wagon's owner,
    // each step of the dragon the next player in turn).
    m.insert("to_move".into(), json!(g.to_move()));
    m.insert("decision".into(), json!(p.decision.key()));
    m.insert("text".into(), json!(p.decision.name()));
    m.insert("part".into(), json!(g.part()));
    if p.decision == Decision::Place {
        if let Some(t) = g.current_tile() {
            m.insert("tile".into(), json!(t.id));
        }
    }
    if p.decision == Decision::Source {
        if let Some(t) = g.held_tile(g.to_move()) {
            m.insert("held".into(), json!(tile_id(g, t)));
        }
    }
    Value::Object(m)
}

pub fn events(events: &[ScoreEvent]) -> Value {
    json!(events.iter().map(EventRec::from_event).collect::<Vec<_>>())
}

/// The pending decision and its legal answers, each with its index: the
/// engine's actions, or in a scripted game's chance node the tiles that
/// may be drawn.
pub fn legal(s: &Session) -> Map<String, Value> {
    let g = &s.game;
    let mut m = Map::new();
    m.insert("pending".into(), pending(s));
    if s.chance_pending() {
        let tiles: Vec<Value> = s
            .chance_tiles()
            .iter()
            .enumerate()
            .map(|(i, &(t, n))| json!({ "index": i, "tile": tile_id(g, t), "count": n }))
            .collect();
        m.insert("tiles".into(), Value::Array(tiles));
        m.insert("actions".into(), json!([]));
        return m;
    }
    // A chance decision's outcomes carry their weights (`odds`: each comes
    // with probability odds / total).
    let mut odds = Vec::new();
    g.chance_odds(&mut odds);
    let actions: Vec<Value> = g
        .legal_actions()
        .into_iter()
        .enumerate()
        .map(|(i, a)| {
            let mut v = indexed(g, i, a);
            if let (Some(&(_, w)), Value::Object(o)) = (odds.iter().find(|(b, _)| *b == a), &mut v)
            {
                o.insert("odds".into(), json!(w));
            }
            v
        })
        .collect();
    m.insert("actions".into(), Value::Array(actions));
    m
}

/// An action as JSON with its index among the legal ones first.
pub fn indexed(g: &Game, i: usize, a: Action) -> Value {
    let mut m = Map::new();
    m.insert("index".into(), json!(i));
    if let Ok(Value::Object(rest)) = serde_json::to_value(action_json::to_json(g, a)) {
        m.extend(rest);
    }
    Value::Object(m)
}

pub fn action(g: &Game, a: Action) -> Value {
    serde_json::to_value(action_json::to_json(g, a)).unwrap_or(Value::Null)
}

/// The game as `viewer` sees it (`None`: a spectator). Carcassonne hides
/// nothing from one player that it shows another: what is hidden from
/// everyone is the order of the tiles face down, of which only the counts
/// are given.
pub fn state(s: &Session, game: u32, viewer: Option<u8>) -> Map<String, Value> {
    let g = &s.game;
    let rules = g.rules();
    let n = g.players();
    let mut m = Map::new();
    m.insert("game".into(), json!(game));
    m.insert("ruleset".into(), json!(rules.id));
    m.insert("players".into(), json!(n));
    m.insert("viewer".into(), json!(viewer));
    m.insert("scripted".into(), json!(s.scripted()));
    m.insert("turn".into(), json!(g.turn()));
    m.insert("part".into(), json!(g.part()));
    m.insert("to_move".into(), json!(g.to_move()));
    m.insert("over".into(), json!(g.is_over()));
    m.insert("scores".into(), json!(g.scores()));
    let supply: Vec<Value> = (0..n)
        .map(|p| {
            let kinds: Map<String, Value> = s
                .kinds
                .iter()
                .map(|&k| (k.name().to_string(), json!(g.figures(p, k))))
                .collect();
            Value::Object(kinds)
        })
        .collect();
    m.insert("supply".into(), Value::Array(supply));
    extras(g, &mut m);
    let board: Vec<Value> = g
        .placed()
        .iter()
        .map(|q| json!({ "tile": tile_id(g, q.tile), "x": q.x, "y": q.y, "rotation": q.rotation }))
        .collect();
    m.insert("board".into(), Value::Array(board));
    m.insert("followers".into(), followers(g));
    let current = s.to_place().map(|t| tile_id(g, t));
    m.insert("current_tile".into(), json!(current));
    let unseen = s.unseen();
    let total: u32 = unseen.iter().sum();
    let listed: Vec<Value> = unseen
        .iter()
        .enumerate()
        .filter(|&(_, &c)| c > 0)
        .map(|(t, &c)| json!({ "tile": tile_id(g, t as u16), "count": c }))
        .collect();
    m.insert("unseen".into(), Value::Array(listed));
    m.insert("unseen_total".into(), json!(total));
    let discards: Vec<Value> = g
        .discards()
        .iter()
        .map(|d| {
            let mut e = json!({ "tile": tile_id(g, d.tile), "player": d.player, "turn": d.turn });
            if let Some(by) = d.aside {
                e["set_aside"] = json!(by.name());
            }
            if d.revealed {
                e["revealed"] = json!(true);
            }
            e
        })
        .collect();
    m.insert("discards".into(), Value::Array(discards));
    let aside: Vec<Value> = g
        .set_aside()
        .iter()
        .map(|&(t, by)| json!({ "tile": tile_id(g, t), "by": by.name() }))
        .collect();
    m.insert("set_aside".into(), Value::Array(aside));
    m.insert("pending".into(), pending(s));
    m
}

/// Each figure on the board: its owner, kind, tile and segment, named as a
/// record names a follower.
fn followers(g: &Game) -> Value {
    let placed = g.placed();
    let list: Vec<Value> = g
        .followers()
        .iter()
        .filter_map(|f| {
            // Tiles' nodes are numbered in placement order.
            let i = placed.iter().rposition(|q| q.node_base <= f.node)?;
            let q = &placed[i];
            let segs = g.segments_at(i);
            let segment = (f.node - q.node_base) as usize;
            if segment >= segs.len() {
                return None;
            }
            let d = Deploy {
                segment: segment as u8,
                kind: f.kind,
            };
            let r = follower_rec_on(&segs, q.rotation, d);
            let mut m = Map::new();
            m.insert("player".into(), json!(f.player));
            m.insert("kind".into(), json!(r.kind));
            m.insert("x".into(), json!(q.x));
            m.insert("y".into(), json!(q.y));
            m.insert("feature".into(), json!(r.feature));
            m.insert("ports".into(), json!(r.ports));
            m.insert("segment".into(), json!(segment));
            Some(Value::Object(m))
        })
        .collect();
    Value::Array(list)
}

/// What the ruleset's modules add to the state (the abbey still held,
/// wagons between features, goods, the cards, the barns, the dragon and
/// the fairy), as each declares it.
fn extras(g: &Game, m: &mut Map<String, Value>) {
    g.state_json(m);
}
