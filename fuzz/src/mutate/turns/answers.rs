//! Answers as the modules declare them (`crate::declared`): a verb used in
//! the record or declared, an argument of its kind (or of another kind),
//! and the spots and figures the record already names.

use carcassonne_runtime::engine::ArgKind;
use carcassonne_runtime::record::CORNER_NAMES;
use carcassonne_runtime::tables::{Kind, PORT_NAMES, SIDE_NAMES};
use serde_json::{json, Map, Value};

use super::{has, set, where_, Rng};
use crate::declared::{declared, Verb};

/// The verbs the record answers with (the ones its ruleset plays, most
/// likely), in the order met.
fn verbs_used(turns: &[Value]) -> Vec<Verb> {
    let d = declared();
    let mut out: Vec<Verb> = Vec::new();
    for t in turns {
        for a in t
            .get("actions")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            if let Some(v) = a.get("do").and_then(Value::as_str).and_then(|n| d.verb(n)) {
                if !out.iter().any(|u| u.def.name == v.def.name) {
                    out.push(v);
                }
            }
        }
    }
    out
}

/// A verb to answer with: mostly one the record uses, sometimes any.
pub(super) fn some_verb(rng: &mut Rng, turns: &[Value]) -> Option<Verb> {
    let used = verbs_used(turns);
    if !used.is_empty() && !rng.chance(4) {
        return Some(*rng.pick(&used));
    }
    let all: Vec<Verb> = declared()
        .verbs
        .iter()
        .copied()
        .filter(|v| v.in_actions() || rng.chance(8))
        .collect();
    (!all.is_empty()).then(|| *rng.pick(&all))
}

/// Spots on the record's board: the figures its entries put down (where,
/// on which feature, whose) and the spots its answers name.
fn spots(turns: &[Value]) -> Vec<Map<String, Value>> {
    let mut out = Vec::new();
    for t in turns {
        if let (Some(x), Some(y), Some(f)) = (
            t.get("x"),
            t.get("y"),
            t.get("follower").and_then(Value::as_object),
        ) {
            let mut s = f.clone();
            s.insert("x".to_string(), x.clone());
            s.insert("y".to_string(), y.clone());
            s.insert(
                "player".to_string(),
                t.get("player").cloned().unwrap_or(json!(0)),
            );
            out.push(s);
        }
        for a in t
            .get("actions")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            for v in a.as_object().into_iter().flat_map(|m| m.values()) {
                if let Some(s) = v.as_object().filter(|s| s.contains_key("feature")) {
                    out.push(s.clone());
                }
            }
        }
    }
    out
}

/// A spot somewhere (a placed tile's position with a feature and ports
/// picked at random) when the record names none.
fn any_spot(rng: &mut Rng, turns: &[Value]) -> Map<String, Value> {
    let placed = where_(turns, |v| has(v, "x") && has(v, "y"));
    let (x, y) = match placed.is_empty() {
        true => (json!(0), json!(0)),
        false => {
            let t = &turns[*rng.pick(&placed)];
            (t["x"].clone(), t["y"].clone())
        }
    };
    let ports: Vec<&str> = (0..rng.below(4))
        .map(|_| *rng.pick(&PORT_NAMES[..]))
        .collect();
    let mut m = Map::new();
    m.insert("x".to_string(), x);
    m.insert("y".to_string(), y);
    m.insert("feature".to_string(), json!(rng.pick(&Kind::ALL).name()));
    m.insert("ports".to_string(), json!(ports));
    m
}

/// A spot for an argument of `kind`: `kind` and `player` as the
/// declaration wants them (a target names the figure's kind only when the
/// verb does not fix it; a figure names its owner too).
fn spot_for(rng: &mut Rng, kind: ArgKind, turns: &[Value]) -> Value {
    let pool = spots(turns);
    let mut s = if pool.is_empty() || rng.chance(8) {
        any_spot(rng, turns)
    } else {
        rng.pick(&pool).clone()
    };
    match kind {
        ArgKind::Target(Some(_)) => {
            s.remove("player");
            s.remove("kind");
        }
        ArgKind::Target(None) => {
            s.remove("player");
            s.entry("kind").or_insert_with(|| json!("normal"));
        }
        _ => {
            s.entry("kind").or_insert_with(|| json!("normal"));
            s.entry("player").or_insert_with(|| json!(0));
        }
    }
    Value::Object(s)
}

/// A value of argument kind `kind` (`None` for none: the verb takes no
/// field).
pub(super) fn arg_of(rng: &mut Rng, kind: ArgKind, turns: &[Value]) -> Option<Value> {
    Some(match kind {
        ArgKind::None | ArgKind::Placement => return None,
        ArgKind::Bool => json!(rng.chance(2)),
        ArgKind::Corner => json!(rng.pick(&CORNER_NAMES)),
        ArgKind::Dir => json!(rng.pick(&SIDE_NAMES)),
        ArgKind::Word(words) if !words.is_empty() => json!(rng.pick(words)),
        ArgKind::Word(_) => json!(""),
        ArgKind::Target(_) | ArgKind::Figure => spot_for(rng, kind, turns),
        // A cell near the start, on the board or not.
        ArgKind::Tile => json!({ "x": rng.below(5) as i64 - 2, "y": rng.below(5) as i64 - 2 }),
        ArgKind::Held => json!({
            "player": rng.below(3),
            "kind": rng.pick(&["normal", "big", "builder", "wagon"]),
        }),
        // Mostly within the range, sometimes just past it.
        ArgKind::Number { most, .. } => json!(rng.below(usize::from(most) + 3)),
    })
}

/// A value of another kind than `kind` (or none of any kind).
pub(super) fn wrong_arg(rng: &mut Rng, kind: ArgKind, turns: &[Value]) -> Value {
    const KINDS: [ArgKind; 9] = [
        ArgKind::Number { least: 0, most: 9 },
        ArgKind::Bool,
        ArgKind::Corner,
        ArgKind::Dir,
        ArgKind::Target(None),
        ArgKind::Figure,
        ArgKind::Tile,
        ArgKind::Held,
        ArgKind::None,
    ];
    let other = *rng.pick(&KINDS);
    match arg_of(rng, other, turns) {
        Some(v) if other != kind && !rng.chance(4) => v,
        _ => match rng.below(5) {
            0 => json!(4),
            1 => Value::Null,
            2 => json!(""),
            3 => json!({}),
            _ => json!([rng.pick(&SIDE_NAMES)]),
        },
    }
}

/// An answer of verb `v` as a record writes it.
pub(super) fn answer_of(rng: &mut Rng, v: Verb, turns: &[Value]) -> Value {
    let mut a = Map::new();
    a.insert("do".to_string(), json!(v.def.name));
    match v.def.arg {
        ArgKind::Placement => {
            // A tile placed as an answer (records open an entry for it).
            let placed = where_(turns, |t| has(t, "tile") && has(t, "x"));
            if !placed.is_empty() {
                let t = &turns[*rng.pick(&placed)];
                for k in ["tile", "x", "y", "rotation"] {
                    if let Some(x) = t.get(k) {
                        a.insert(k.to_string(), x.clone());
                    }
                }
            }
        }
        kind => {
            if let Some(val) = arg_of(rng, kind, turns) {
                a.insert(v.def.field.to_string(), val);
            }
        }
    }
    Value::Object(a)
}

pub(super) fn random_action(rng: &mut Rng, turns: &[Value]) -> Value {
    let mut a = match some_verb(rng, turns) {
        Some(v) if !rng.chance(8) => answer_of(rng, v, turns),
        _ => json!({ "do": *rng.pick(&declared().dos) }),
    };
    if rng.chance(6) {
        set(&mut a, "player", json!(rng.below(4)));
    }
    a
}
