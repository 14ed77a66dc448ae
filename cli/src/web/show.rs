//! The page's view of a game: everything it draws and offers, as JSON.
//!
//! The board is the project's own drawing (`svg::board` of the live game,
//! through `Timeline::live`), sent whole; the page only crops it to the
//! board and lays its markers over it, in board units from `origin`.
//! What may be done comes from the engine's legal actions, each with its
//! index (what the page sends back): placements grouped by cell, with
//! the tile's drawing in each rotation; every other answer as a choice
//! labelled from its declaration (`VerbDef::label`, the figure's label),
//! with the point on the board it concerns where it has one (a figure's
//! spot, a corner, a tile). So a new set's decisions need no page change.
//!
//! Hidden information: nothing here tells the order of the tiles face
//! down. The view holds the tiles' count only, and the seed once the game
//! is over or when the people chose it.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, OnceLock};

use carcassonne_runtime::action_json::{self, ActionJson};
use carcassonne_runtime::engine::{Action, Arg, Decision, FollowerKind, Game, Placement};
use carcassonne_runtime::record::follower_rec;
use carcassonne_runtime::tables::Ruleset;
use serde_json::{json, Map, Value};

use crate::geom::{self, num, Layout, Pt};
use crate::paint::colour;
use crate::svg::{self, Style};
use crate::timeline::{self, cell_centre, corner_point, Timeline};

use super::table::{LogEntry, Seat, Table};

/// How far past the outermost cells the page's crop of the board reaches,
/// in board units.
const MARGIN: i32 = 20;

/// The tiles' layouts of each ruleset played, worked out once.
fn layouts(rules: &'static Ruleset) -> Arc<Vec<Layout>> {
    type Cache = Mutex<Vec<(&'static str, usize, Arc<Vec<Layout>>)>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(Vec::new()));
    // A ruleset file may share a built-in ruleset's id: its tables' address
    // tells them apart.
    let key = (rules.id, rules as *const Ruleset as usize);
    let mut cache = cache.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, _, l)) = cache.iter().find(|(id, at, _)| (*id, *at) == key) {
        return l.clone();
    }
    let l = Arc::new(geom::layouts(rules.tiles));
    cache.push((key.0, key.1, l.clone()));
    l
}

/// The view of game `id`.
pub fn view(id: u64, t: &Table) -> Value {
    let s = t.session();
    let g = &s.game;
    let rules = g.rules();
    let lays = layouts(rules);
    let over = g.is_over();
    let asked = t.asked();
    let pending = match (g.pending(), asked) {
        (Some(p), Some(player)) => json!({
            "player": player,
            "to_move": g.to_move(),
            "decision": p.decision.key(),
            "text": p.decision.name(),
            "person": t.person_asked(),
        }),
        _ => Value::Null,
    };
    let legal = if over { Vec::new() } else { g.legal_actions() };
    let (placements, tiles) = placements(g, &legal, &lays);
    let (choices, spots) = choices(g, &legal, &lays);
    let names: Vec<String> = t.seats.iter().map(|s| s.name().to_string()).collect();
    let tl = Timeline::live(t.record(), g, names.clone(), s.kinds.clone());
    let mut bv = tl.board_view(0, &lays);
    // The drawing's own header is cropped away; its subtitle would name
    // the seed, which stays hidden until the end.
    bv.subtitle.clear();
    let frame = svg::frame(&bv);
    let drawing = svg::board(rules, &lays, &bv);
    let drawing = match drawing.find("<svg") {
        Some(i) => drawing[i..].to_string(),
        None => drawing,
    };
    // The crop: the tiles and the cells a tile may go to.
    let mut cells: Vec<(i32, i32)> = g
        .placed()
        .iter()
        .map(|q| (i32::from(q.x), i32::from(q.y)))
        .collect();
    cells.extend(
        placements
            .iter()
            .filter_map(|p| Some((p["x"].as_i64()? as i32, p["y"].as_i64()? as i32))),
    );
    let x0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let x1 = cells.iter().map(|c| c.0).max().unwrap_or(0);
    let y0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
    let y1 = cells.iter().map(|c| c.1).max().unwrap_or(0);
    let view_box = [
        frame.ox + f64::from(x0 * 100 - MARGIN),
        frame.oy + f64::from(y0 * 100 - MARGIN),
        f64::from((x1 - x0 + 1) * 100 + 2 * MARGIN),
        f64::from((y1 - y0 + 1) * 100 + 2 * MARGIN),
    ];
    let seats: Vec<Value> = t
        .seats
        .iter()
        .enumerate()
        .map(|(p, seat)| {
            let p8 = p as u8;
            json!({
                "name": seat.name(),
                "person": *seat == Seat::Person,
                "colour": colour(p8),
                "supply": supply(g, p8, &s.kinds),
                "holdings": tl.held_text(0, p),
                "held": held_figures(&tl, p),
            })
        })
        .collect();
    // As text: a seed may be larger than a script's numbers hold.
    let seed = (t.seed_chosen || over).then(|| g.seed().to_string());
    let mut v = json!({
        "game": id,
        "depth": s.depth(),
        "over": over,
        "ruleset": {
            "key": t.offer.key, "id": rules.id, "name": rules.name, "file": t.offer.file,
        },
        "seed": seed,
        "players": g.players(),
        "seats": seats,
        "turn": g.turn(),
        "part": g.part(),
        "tiles_left": s.unseen().iter().sum::<u32>(),
        "scores": g.scores(),
        "notes": tl.steps[0].notes,
        "pending": pending,
        "board": {
            "svg": drawing,
            "origin": [rounded(frame.ox), rounded(frame.oy)],
            "view_box": view_box.iter().map(|&x| rounded(x)).collect::<Vec<_>>(),
        },
        "tiles": tiles,
        "placements": placements,
        "choices": choices,
        "spots": spots,
        "log": t.log.iter().map(|e| log_json(t, e)).collect::<Vec<_>>(),
        "undo": s.depth() > 0,
    });
    if over {
        let best = g.scores().iter().copied().max().unwrap_or(0);
        let winners: Vec<usize> = (0..g.players() as usize)
            .filter(|&p| g.scores()[p] == best)
            .collect();
        v["final"] = json!({ "scores": g.scores(), "winners": winners });
    }
    v
}

fn rounded(x: f64) -> Value {
    serde_json::from_str(&num(x)).unwrap_or(Value::Null)
}

/// A seat's figures in supply by kind: `7 followers · 1 big follower`.
fn supply(g: &Game, p: u8, kinds: &[FollowerKind]) -> String {
    kinds
        .iter()
        .map(|&k| {
            let n = g.figures(p, k);
            let label = k.def().label;
            format!("{n} {label}{}", if n == 1 { "" } else { "s" })
        })
        .collect::<Vec<_>>()
        .join(" · ")
}

/// Figures seat `p` holds of other players (prisoners), in words.
fn held_figures(tl: &Timeline, p: usize) -> String {
    tl.steps[0]
        .held
        .iter()
        .filter(|h| usize::from(h.holder) == p)
        .map(|h| {
            format!(
                "{}: P{}'s {}",
                h.key,
                h.figure.player,
                h.figure.kind.def().label
            )
        })
        .collect::<Vec<_>>()
        .join(" · ")
}

/// The placements among `legal` (the tile drawn, or a tile held placed
/// instead of drawing), by cell, and each placed tile's drawing in its
/// four rotations.
fn placements(g: &Game, legal: &[Action], lays: &[Layout]) -> (Vec<Value>, Map<String, Value>) {
    let rules = g.rules();
    let mut cells: BTreeMap<(i16, i16, u16), Vec<Value>> = BTreeMap::new();
    for (i, &a) in legal.iter().enumerate() {
        let (tile, p): (Option<u16>, Placement) = match a {
            Action::Place(p) => (g.current_tile_index(), p),
            Action::Do(v) => match v.arg {
                Arg::Placement(p) => (g.held_tile(g.to_move()), p),
                _ => continue,
            },
            _ => continue,
        };
        let Some(tile) = tile else { continue };
        cells
            .entry((p.x, p.y, tile))
            .or_default()
            .push(json!({ "rotation": p.rotation, "index": i, "do": a.name() }));
    }
    let mut tiles = Map::new();
    let list = cells
        .into_iter()
        .map(|((x, y, tile), options)| {
            let t = &rules.tiles[tile as usize];
            tiles.entry(t.id.to_string()).or_insert_with(|| {
                json!((0..4u8)
                    .map(|r| svg::tile_body(t, &lays[tile as usize], Style { detail: false }, r))
                    .collect::<Vec<_>>())
            });
            json!({ "x": x, "y": y, "tile": t.id, "options": options })
        })
        .collect();
    (list, tiles)
}

/// Every legal answer but a placement, labelled, and the points on the
/// board some of them concern (their indices at each point).
fn choices(g: &Game, legal: &[Action], lays: &[Layout]) -> (Vec<Value>, Vec<Value>) {
    let decision = g.pending().map(|p| p.decision);
    let mut list = Vec::new();
    let mut spots: Vec<(Pt, Vec<usize>)> = Vec::new();
    for (i, &a) in legal.iter().enumerate() {
        if matches!(a, Action::Place(_)) || matches!(a.arg(), Arg::Placement(_)) {
            continue;
        }
        let (kind, label) = match a {
            Action::Deploy(d) => ("figure", deploy_label(g, d)),
            Action::Pass => ("pass", pass_label(decision)),
            Action::Draw => ("draw", "draw a tile".to_string()),
            _ => ("module", timeline::action_text(&action_json::to_json(g, a))),
        };
        let at = point(g, a, lays);
        let mut c = json!({ "index": i, "do": a.name(), "kind": kind, "label": label });
        if let Some(p) = at {
            c["at"] = json!([rounded(p.x), rounded(p.y)]);
            match spots
                .iter_mut()
                .find(|(q, _)| (q.x - p.x).abs() < 0.5 && (q.y - p.y).abs() < 0.5)
            {
                Some((_, v)) => v.push(i),
                None => spots.push((p, vec![i])),
            }
        }
        list.push(c);
    }
    let spots = spots
        .into_iter()
        .map(|(p, v)| json!({ "x": rounded(p.x), "y": rounded(p.y), "choices": v }))
        .collect();
    (list, spots)
}

/// Where on the board an answer acts, in board units: the spot of a figure
/// put on the tile just placed or on another, a corner of the tile just
/// placed, or the middle of a tile.
fn point(g: &Game, a: Action, lays: &[Layout]) -> Option<Pt> {
    let at_segment = |placed: usize, segment: u8| {
        let q = g.placed().get(placed)?;
        Some(svg::follower_point(
            &lays[q.tile as usize],
            segment as usize,
            q.x,
            q.y,
            q.rotation,
        ))
    };
    let last = g.placed().len().checked_sub(1)?;
    match a {
        Action::Deploy(d) => at_segment(last, d.segment),
        Action::Do(v) => match v.arg {
            Arg::Spot(s) => at_segment(s.placed as usize, s.segment),
            Arg::Corner(c) => {
                let q = g.placed().get(last)?;
                Some(corner_point(q.x, q.y, c))
            }
            Arg::Tile(t) => {
                let q = g.placed().get(t as usize)?;
                Some(cell_centre(q.x, q.y))
            }
            _ => None,
        },
        _ => None,
    }
}

fn deploy_label(g: &Game, d: carcassonne_runtime::engine::Deploy) -> String {
    let Some(q) = g.placed().last() else {
        return "deploy".to_string();
    };
    let tile = &g.rules().tiles[q.tile as usize];
    if d.segment as usize >= tile.segments.len() {
        return "deploy".to_string();
    }
    let r = follower_rec(tile, q.rotation, d);
    format!(
        "{} on the {}{}",
        d.kind.def().label,
        r.feature,
        ports(&r.ports)
    )
}

fn ports(p: &[String]) -> String {
    if p.is_empty() {
        String::new()
    } else {
        format!(" [{}]", p.join(" "))
    }
}

fn pass_label(d: Option<Decision>) -> String {
    match d {
        Some(Decision::Wood) => "no figure (pass)",
        Some(Decision::Source) => "leave the tile held unplayed (pass)",
        _ => "pass",
    }
    .to_string()
}

/// A log entry as the page lists it.
fn log_json(t: &Table, e: &LogEntry) -> Value {
    let seat = t.seats.get(e.player as usize).map_or("?", |s| s.name());
    json!({
        "player": e.player,
        "seat": seat,
        "text": action_words(e.decision, &e.action),
        "events": e.events.iter().map(timeline::event_line).collect::<Vec<_>>(),
    })
}

/// An answer to `decision` (its key) in words, from its JSON (as the
/// record writes it).
pub fn action_words(decision: &str, a: &ActionJson) -> String {
    let at = match (a.x, a.y) {
        (Some(x), Some(y)) => format!(" at ({x}, {y})"),
        _ => String::new(),
    };
    match a.do_.as_str() {
        "place" => format!(
            "placed {}{at} turned {}",
            a.tile.as_deref().unwrap_or("a tile"),
            a.rotation.unwrap_or(0)
        ),
        "deploy" => match &a.follower {
            Some(f) => {
                let label =
                    FollowerKind::from_name(&f.kind).map_or(f.kind.as_str(), |k| k.def().label);
                format!("put a {label} on the {}{}", f.feature, ports(&f.ports))
            }
            None => "deployed".to_string(),
        },
        "draw" => "drew a tile".to_string(),
        "pass" if decision == Decision::Wood.key() => "placed no figure".to_string(),
        "pass" => "passed".to_string(),
        // A tile held placed instead of drawing: its label and where.
        _ if a.args.is_empty() && a.x.is_some() => {
            format!(
                "{}{at} turned {}",
                timeline::action_text(a),
                a.rotation.unwrap_or(0)
            )
        }
        _ => timeline::action_text(a),
    }
}
