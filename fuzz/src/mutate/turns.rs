//! Edits of a record's turn entries and answers (docs/reference/records.md:
//! `part`, `actions`, `set_aside` and `discarded` entries,
//! figure kinds). Blind byte and value edits rarely leave a record that
//! still parses and reaches a decision; these change exactly those fields,
//! one at a time, so that replay meets wrong answers at the decisions
//! themselves.
//!
//! Every answer written or changed here is one the modules declare
//! (`crate::declared`): its `do` is a verb's name (or a near miss), its
//! argument sits in the field the verb's `VerbDef` names, and its value is
//! of the argument's kind (a direction, a corner, a spot on the board, a
//! figure there, a boolean) or of another kind. Nothing names an expansion:
//! a new module's answers are edited as soon as it is registered.

use carcassonne_runtime::engine::ArgKind;
use carcassonne_runtime::tables::{Kind, PORT_NAMES};
use serde_json::{json, Map, Value};

use super::Rng;
use crate::declared::{declared, wood_verbs, Verb};

mod answers;

use answers::{answer_of, arg_of, random_action, some_verb, wrong_arg};

/// Values for `part`: the ones replay knows, and ones it must refuse
/// (`None` leaves the member out).
const PARTS: &[Option<i64>] = &[
    None,
    Some(1),
    Some(2),
    Some(3),
    Some(0),
    Some(255),
    Some(256),
    Some(65_536),
    Some(-1),
    Some(i64::MAX),
];

/// The kinds of entry for a tile drawn or turned up and not placed.
const ASIDE: [&str; 3] = ["set_aside", "discarded", "revealed"];

/// One edit of the turn entries of record `b`, or `None` when `b` is no
/// record or the edit chosen finds nothing to change.
pub fn edit(rng: &mut Rng, b: &[u8]) -> Option<Vec<u8>> {
    let mut root: Value = serde_json::from_slice(b).ok()?;
    let obj = root.as_object_mut()?;
    if rng.chance(16) {
        // A seeded game becomes a scenario: every entry then forces its
        // tile and its player, a part 2 entry included.
        obj.remove("seed")?;
    } else {
        let turns = obj.get_mut("turns")?.as_array_mut()?;
        if !edit_turns(rng, turns) {
            return None;
        }
    }
    let out = if rng.chance(2) {
        serde_json::to_vec_pretty(&root)
    } else {
        serde_json::to_vec(&root)
    };
    out.ok()
}

fn edit_turns(rng: &mut Rng, turns: &mut Vec<Value>) -> bool {
    match rng.below(20) {
        0 => drop_action(rng, turns),
        1 | 2 => insert_action(rng, turns),
        3 => duplicate_action(rng, turns),
        4 => reorder(rng, turns),
        5 => set_part(rng, turns),
        6 => swap_kind(rng, turns),
        7 => move_action(rng, turns),
        8 => unknown_do(rng, turns),
        9 => action_player(rng, turns),
        10 => entry_player(rng, turns),
        11 => drop_entry(rng, turns),
        12 => copy_follower(rng, turns),
        13..=15 => edit_arg(rng, turns),
        16 => rename_verb(rng, turns),
        17 => rename_field(rng, turns),
        _ => edit_aside(rng, turns),
    }
}

// ----- where to edit -----------------------------------------------------------

fn actions(v: &Value) -> usize {
    v.get("actions")
        .and_then(Value::as_array)
        .map_or(0, Vec::len)
}

fn has(v: &Value, key: &str) -> bool {
    v.get(key).is_some()
}

/// An entry the decisions touch: one with answers, a part, a tile drawn
/// and not placed, or a figure other than a plain follower (a builder
/// leads to a second part later).
fn notable(v: &Value) -> bool {
    actions(v) > 0
        || has(v, "part")
        || ASIDE.iter().any(|k| has(v, k))
        || v.pointer("/follower/kind")
            .and_then(Value::as_str)
            .is_some_and(|k| k != "normal")
}

/// Indices of the entries where `pred` holds.
fn where_(turns: &[Value], pred: impl Fn(&Value) -> bool) -> Vec<usize> {
    (0..turns.len()).filter(|&i| pred(&turns[i])).collect()
}

/// An entry to change: mostly a notable one or a neighbour of one (the
/// entry before a second part asks the decision), else any placement.
fn target_entry(rng: &mut Rng, turns: &[Value]) -> Option<usize> {
    let notable = where_(turns, notable);
    if !notable.is_empty() && !rng.chance(4) {
        let i = *rng.pick(&notable);
        let j = match rng.below(4) {
            0 => i.checked_sub(1),
            1 => Some(i + 1).filter(|&j| j < turns.len()),
            _ => Some(i),
        };
        return Some(j.unwrap_or(i));
    }
    let placed = where_(turns, |v| has(v, "tile"));
    if placed.is_empty() {
        return None;
    }
    Some(*rng.pick(&placed))
}

/// An entry with answers, and one of its answers.
fn some_action(rng: &mut Rng, turns: &[Value]) -> Option<(usize, usize)> {
    let with = where_(turns, |v| actions(v) > 0);
    if with.is_empty() {
        return None;
    }
    let i = *rng.pick(&with);
    Some((i, rng.below(actions(&turns[i]))))
}

fn actions_mut(v: &mut Value) -> Option<&mut Vec<Value>> {
    let m = v.as_object_mut()?;
    if !m.get("actions").is_some_and(Value::is_array) {
        m.insert("actions".to_string(), Value::Array(Vec::new()));
    }
    m.get_mut("actions")?.as_array_mut()
}

/// Answer `k` of entry `i`, if it is an object.
fn answer_mut(turns: &mut [Value], i: usize, k: usize) -> Option<&mut Map<String, Value>> {
    actions_mut(&mut turns[i])?.get_mut(k)?.as_object_mut()
}

/// A list left empty goes away or stays `[]`, either way.
fn tidy(rng: &mut Rng, v: &mut Value) {
    if actions(v) == 0 && rng.chance(2) {
        if let Some(m) = v.as_object_mut() {
            m.remove("actions");
        }
    }
}

/// `v[key] = val` where `v` is an object (indexing anything else panics,
/// and mutants hold every kind of value); whether it was one.
fn set(v: &mut Value, key: &str, val: Value) -> bool {
    match v.as_object_mut() {
        Some(m) => {
            m.insert(key.to_string(), val);
            true
        }
        None => false,
    }
}

// ----- the edits -----------------------------------------------------------------

fn drop_action(rng: &mut Rng, turns: &mut [Value]) -> bool {
    let Some((i, k)) = some_action(rng, turns) else {
        return false;
    };
    if let Some(list) = actions_mut(&mut turns[i]) {
        list.remove(k);
    }
    tidy(rng, &mut turns[i]);
    true
}

fn insert_action(rng: &mut Rng, turns: &mut [Value]) -> bool {
    let Some(i) = target_entry(rng, turns) else {
        return false;
    };
    let a = random_action(rng, turns);
    let Some(list) = actions_mut(&mut turns[i]) else {
        return false;
    };
    let at = rng.below(list.len() + 1);
    list.insert(at, a);
    true
}

fn duplicate_action(rng: &mut Rng, turns: &mut [Value]) -> bool {
    let Some((i, k)) = some_action(rng, turns) else {
        return false;
    };
    let Some(list) = actions_mut(&mut turns[i]) else {
        return false;
    };
    let copy = list[k].clone();
    let times = if rng.chance(8) { 100 } else { 1 };
    for _ in 0..times {
        list.insert(k, copy.clone());
    }
    true
}

/// Answers in another order, or an entry swapped with its neighbour (a
/// second part before the first, a dragon's steps before the fairy's).
fn reorder(rng: &mut Rng, turns: &mut [Value]) -> bool {
    let several = where_(turns, |v| actions(v) > 1);
    if !several.is_empty() && rng.chance(2) {
        let i = *rng.pick(&several);
        if let Some(list) = actions_mut(&mut turns[i]) {
            if rng.chance(2) {
                list.reverse();
            } else {
                let (a, b) = (rng.below(list.len()), rng.below(list.len()));
                list.swap(a, b);
            }
        }
        return true;
    }
    let Some(i) = target_entry(rng, turns) else {
        return false;
    };
    let j = if i + 1 < turns.len() && (i == 0 || rng.chance(2)) {
        i + 1
    } else if i > 0 {
        i - 1
    } else {
        return false;
    };
    turns.swap(i, j);
    true
}

fn set_part(rng: &mut Rng, turns: &mut [Value]) -> bool {
    let Some(i) = target_entry(rng, turns) else {
        return false;
    };
    let Some(m) = turns[i].as_object_mut() else {
        return false;
    };
    match *rng.pick(PARTS) {
        None => {
            m.remove("part");
        }
        Some(p) => {
            m.insert("part".to_string(), json!(p));
        }
    }
    true
}

fn swap_kind(rng: &mut Rng, turns: &mut [Value]) -> bool {
    let with = where_(turns, |v| v.pointer("/follower/kind").is_some());
    if with.is_empty() {
        return false;
    }
    // Mostly the figures that matter here, sometimes any.
    let special = where_(turns, |v| {
        v.pointer("/follower/kind")
            .and_then(Value::as_str)
            .is_some_and(|k| k != "normal")
    });
    let i = if !special.is_empty() && rng.chance(2) {
        *rng.pick(&special)
    } else {
        *rng.pick(&with)
    };
    let kind = json!(some_kind(rng, turns));
    turns[i]
        .get_mut("follower")
        .is_some_and(|f| set(f, "kind", kind))
}

/// A figure kind: mostly one the record's figures have (a builder moved
/// where its owner has no follower), sometimes any declared or a near miss.
fn some_kind(rng: &mut Rng, turns: &[Value]) -> &'static str {
    let kinds = &declared().kinds;
    let used: Vec<&'static str> = kinds
        .iter()
        .copied()
        .filter(|k| {
            turns
                .iter()
                .any(|t| t.pointer("/follower/kind").and_then(Value::as_str) == Some(k))
        })
        .collect();
    let pool: &[&'static str] = match used.is_empty() || rng.chance(3) {
        true => kinds,
        false => &used,
    };
    rng.pick::<&str>(pool)
}

/// An answer taken from its entry and given to another: a neighbour (the
/// second part's entry, the next player's) or any.
fn move_action(rng: &mut Rng, turns: &mut [Value]) -> bool {
    let Some((i, k)) = some_action(rng, turns) else {
        return false;
    };
    let j = match rng.below(3) {
        0 => i.saturating_sub(1),
        1 => (i + 1).min(turns.len() - 1),
        _ => rng.below(turns.len()),
    };
    let Some(a) = actions_mut(&mut turns[i]).map(|l| l.remove(k)) else {
        return false;
    };
    tidy(rng, &mut turns[i]);
    let Some(list) = actions_mut(&mut turns[j]) else {
        return false;
    };
    let at = rng.below(list.len() + 1);
    list.insert(at, a);
    true
}

/// A `do` no verb has (a near miss, a skeleton action the records never
/// list, not a string), or another verb's name on an answer with its
/// fields left as they were.
fn unknown_do(rng: &mut Rng, turns: &mut [Value]) -> bool {
    let dos = &declared().dos;
    match some_action(rng, turns) {
        Some((i, k)) if rng.chance(2) => {
            let what = match rng.below(4) {
                0 => json!(1),
                1 => Value::Null,
                _ => json!(*rng.pick(dos)),
            };
            answer_mut(turns, i, k).is_some_and(|a| {
                a.insert("do".to_string(), what);
                true
            })
        }
        _ => {
            let Some(i) = target_entry(rng, turns) else {
                return false;
            };
            let mut a = json!({ "do": *rng.pick(dos) });
            let fields = &declared().fields;
            if !fields.is_empty() {
                let fields: &[&'static str] = fields;
                let f: &str = rng.pick::<&str>(fields);
                set(&mut a, f, json!(true));
            }
            actions_mut(&mut turns[i]).is_some_and(|l| {
                l.push(a);
                true
            })
        }
    }
}

/// The `player` an answer may name (the entry's, another's, none such).
fn action_player(rng: &mut Rng, turns: &mut [Value]) -> bool {
    let Some((i, k)) = some_action(rng, turns) else {
        return false;
    };
    let Some(m) = answer_mut(turns, i, k) else {
        return false;
    };
    match rng.below(4) {
        0 => {
            m.remove("player");
        }
        1 => {
            m.insert("player".to_string(), json!(255));
        }
        _ => {
            m.insert("player".to_string(), json!(rng.below(4)));
        }
    }
    true
}

/// Another player for a notable entry (a second part played by someone
/// else), most often with its figure gone, which would need the other
/// player's supply.
fn entry_player(rng: &mut Rng, turns: &mut [Value]) -> bool {
    let Some(i) = target_entry(rng, turns) else {
        return false;
    };
    let Some(m) = turns[i].as_object_mut() else {
        return false;
    };
    let was = m.get("player").and_then(Value::as_u64).unwrap_or(0);
    let now = match rng.below(4) {
        0 => rng.below(6) as u64,
        _ => (was + 1) % 2,
    };
    m.insert("player".to_string(), json!(now));
    if !rng.chance(4) {
        m.remove("follower");
    }
    // The events would tell the change at once; without them the moves do.
    if rng.chance(2) {
        m.remove("events");
    }
    true
}

/// A notable entry removed or copied (a second part lost or played twice).
fn drop_entry(rng: &mut Rng, turns: &mut Vec<Value>) -> bool {
    let Some(i) = target_entry(rng, turns) else {
        return false;
    };
    if rng.chance(2) {
        turns.remove(i);
    } else {
        let copy = turns[i].clone();
        turns.insert(i, copy);
    }
    true
}

/// A figure copied from one entry onto another (a builder or an abbot where
/// the player has none out, or on a tile without such a feature), or
/// replaced by an answer that stands instead of a figure (a verb answering
/// the figure step: the abbot's return, a barn, the fairy, a portal).
fn copy_follower(rng: &mut Rng, turns: &mut [Value]) -> bool {
    let with = where_(turns, |v| has(v, "follower"));
    let Some(i) = target_entry(rng, turns) else {
        return false;
    };
    let wood: Vec<Verb> = wood_verbs().collect();
    if with.is_empty() || (rng.chance(3) && !wood.is_empty()) {
        let Some(m) = turns[i].as_object_mut() else {
            return false;
        };
        m.remove("follower");
        let a = match wood.is_empty() {
            true => json!({ "do": "pass" }),
            false => {
                let v = *rng.pick(&wood);
                answer_of(rng, v, turns)
            }
        };
        return actions_mut(&mut turns[i]).is_some_and(|l| {
            l.insert(0, a);
            true
        });
    }
    let from = *rng.pick(&with);
    let mut f = turns[from]["follower"].clone();
    if rng.chance(2) {
        set(&mut f, "kind", json!(some_kind(rng, turns)));
    }
    match turns[i].as_object_mut() {
        Some(m) => {
            m.insert("follower".to_string(), f);
            true
        }
        None => false,
    }
}

/// An answer's argument changed in the field its verb declares: another
/// value of its kind (the dragon's other ways, another corner, the other
/// boolean), a value of another kind, a spot moved or misnamed (its tile,
/// feature, ports, figure kind, owner or segment), or none at all.
fn edit_arg(rng: &mut Rng, turns: &mut [Value]) -> bool {
    let with = where_(turns, |v| actions(v) > 0);
    if with.is_empty() {
        return false;
    }
    let i = *rng.pick(&with);
    let k = rng.below(actions(&turns[i]));
    let name = turns[i]["actions"][k]
        .get("do")
        .and_then(Value::as_str)
        .map(str::to_string);
    let verb = name.as_deref().and_then(|n| declared().verb(n));
    let Some(v) = verb else {
        // An answer no verb declares: give it some verb's field.
        let f = *rng.pick(&declared().fields);
        let val = wrong_arg(rng, ArgKind::None, turns);
        return answer_mut(turns, i, k).is_some_and(|a| {
            a.insert(f.to_string(), val);
            true
        });
    };
    let field = match v.field() {
        Some(f) => f,
        None => {
            // No argument: one is given anyway (`takes no`).
            let f = *rng.pick(&declared().fields);
            let val = wrong_arg(rng, ArgKind::None, turns);
            return answer_mut(turns, i, k).is_some_and(|a| {
                a.insert(f.to_string(), val);
                true
            });
        }
    };
    let old = turns[i]["actions"][k].get(field).cloned();
    let new = match rng.below(8) {
        0 => None,
        1 => Some(wrong_arg(rng, v.def.arg, turns)),
        _ => match (v.def.arg, old) {
            (ArgKind::Bool, Some(Value::Bool(b))) if !rng.chance(4) => Some(json!(!b)),
            (ArgKind::Dir | ArgKind::Corner | ArgKind::Word(_), Some(Value::String(w)))
                if rng.chance(3) =>
            {
                Some(json!(match rng.below(3) {
                    0 => w.to_lowercase(),
                    1 => format!("{w}{w}"),
                    _ => String::new(),
                }))
            }
            (ArgKind::Target(_) | ArgKind::Figure, Some(Value::Object(s))) if !rng.chance(4) => {
                Some(edit_spot(rng, s))
            }
            // A number off by one, negative, or far too large.
            (ArgKind::Number { most, .. }, Some(Value::Number(n))) if !rng.chance(4) => {
                let n = n.as_i64().unwrap_or(0);
                Some(match rng.below(4) {
                    0 => json!(n + 1),
                    1 => json!(n - 1),
                    2 => json!(-1),
                    _ => json!(i64::from(most) + 1 + rng.below(1000) as i64),
                })
            }
            (kind, _) => arg_of(rng, kind, turns),
        },
    };
    answer_mut(turns, i, k).is_some_and(|a| {
        match new {
            Some(n) => a.insert(field.to_string(), n),
            None => a.remove(field),
        };
        true
    })
}

/// A spot with one thing changed.
fn edit_spot(rng: &mut Rng, mut s: Map<String, Value>) -> Value {
    let d = declared();
    let nudge = |v: Option<&Value>, by: i64| json!(v.and_then(Value::as_i64).unwrap_or(0) + by);
    match rng.below(10) {
        0 => {
            let x = nudge(s.get("x"), if rng.chance(2) { 1 } else { -1 });
            s.insert("x".to_string(), x);
        }
        1 => {
            let y = nudge(s.get("y"), if rng.chance(2) { 1 } else { -1 });
            s.insert("y".to_string(), y);
        }
        2 => {
            s.insert("feature".to_string(), json!(rng.pick(&Kind::ALL).name()));
        }
        3 => {
            let mut ports: Vec<Value> = s
                .get("ports")
                .and_then(Value::as_array)
                .cloned()
                .unwrap_or_default();
            if !ports.is_empty() && rng.chance(2) {
                ports.remove(rng.below(ports.len()));
            } else {
                ports.push(json!(rng.pick(&PORT_NAMES)));
            }
            s.insert("ports".to_string(), Value::Array(ports));
        }
        4 => {
            s.insert("kind".to_string(), json!(rng.pick(&d.kinds)));
        }
        5 => {
            let p = match rng.below(3) {
                0 => json!(255),
                _ => nudge(s.get("player"), 1),
            };
            s.insert("player".to_string(), p);
        }
        6 => {
            s.insert("segment".to_string(), json!(rng.below(4)));
        }
        7 => {
            // A member the spot does not have.
            s.insert("z".to_string(), json!(1));
        }
        _ => {
            let keys: Vec<String> = s.keys().cloned().collect();
            if !keys.is_empty() {
                s.remove(&keys[rng.below(keys.len())]);
            }
        }
    }
    Value::Object(s)
}

/// An answer given the name of another `do` (another verb's, a skeleton
/// action's), its argument left in its field or moved to the new verb's.
fn rename_verb(rng: &mut Rng, turns: &mut [Value]) -> bool {
    let Some((i, k)) = some_action(rng, turns) else {
        return false;
    };
    let d = declared();
    let to = match rng.chance(4) {
        true => *rng.pick(&d.skeleton),
        false => match some_verb(rng, turns) {
            Some(v) => v.def.name,
            None => return false,
        },
    };
    let Some(a) = answer_mut(turns, i, k) else {
        return false;
    };
    let from = a
        .get("do")
        .and_then(Value::as_str)
        .and_then(|n| d.verb(n))
        .and_then(|v| v.field());
    let onto = d.verb(to).and_then(|v| v.field());
    a.insert("do".to_string(), json!(to));
    if let (Some(from), Some(onto), true) = (from, onto, rng.chance(2)) {
        if let Some(val) = a.remove(from) {
            a.insert(onto.to_string(), val);
        }
    }
    true
}

/// An answer's argument moved to another verb's field (or a near miss of
/// it), or a second field given beside it.
fn rename_field(rng: &mut Rng, turns: &mut [Value]) -> bool {
    let Some((i, k)) = some_action(rng, turns) else {
        return false;
    };
    let d = declared();
    let Some(a) = answer_mut(turns, i, k) else {
        return false;
    };
    let keys: Vec<String> = a
        .keys()
        .filter(|k| *k != "do" && *k != "player")
        .cloned()
        .collect();
    let to = match rng.below(3) {
        0 => format!("{}s", rng.pick(&d.fields)),
        _ => rng.pick(&d.fields).to_string(),
    };
    match keys.first() {
        Some(key) if !rng.chance(4) => {
            if let Some(val) = a.remove(key) {
                a.insert(to, val);
            }
        }
        _ => {
            let val = a.values().next_back().cloned().unwrap_or(Value::Null);
            a.insert(to, val);
        }
    }
    true
}

/// Entries of tiles drawn and not placed (set aside by a module,
/// discarded, or turned up): one dropped, copied, moved, turned into another kind,
/// naming another tile or player, given a placement too; or one made up
/// where the engine sets nothing aside.
fn edit_aside(rng: &mut Rng, turns: &mut Vec<Value>) -> bool {
    let aside = where_(turns, |v| ASIDE.iter().any(|k| has(v, k)));
    let tiles: Vec<Value> = turns
        .iter()
        .filter_map(|t| t.get("tile").cloned())
        .collect();
    if aside.is_empty() || rng.chance(6) {
        // A made-up entry: a tile of the record, set aside or discarded
        // by the player of the entry it goes before.
        if turns.is_empty() {
            return false;
        }
        let at = rng.below(turns.len());
        let tile = match tiles.is_empty() {
            true => json!("D"),
            false => rng.pick(&tiles).clone(),
        };
        let player = turns[at].get("player").cloned().unwrap_or(json!(0));
        let mut m = Map::new();
        m.insert("player".to_string(), player);
        m.insert(ASIDE[rng.below(ASIDE.len())].to_string(), tile);
        turns.insert(at, Value::Object(m));
        return true;
    }
    let i = *rng.pick(&aside);
    match rng.below(8) {
        0 => {
            turns.remove(i);
        }
        1 => {
            let copy = turns[i].clone();
            turns.insert(i, copy);
        }
        2 => {
            // Moved a few entries on or back.
            let e = turns.remove(i);
            let by = 1 + rng.below(3);
            let to = match rng.chance(2) {
                true => (i + by).min(turns.len()),
                false => i.saturating_sub(by),
            };
            turns.insert(to, e);
        }
        3 => {
            let Some(m) = turns[i].as_object_mut() else {
                return false;
            };
            // Into another kind (set aside, discarded, turned up).
            let turn = rng.below(ASIDE.len() - 1);
            for (k, from) in ASIDE.iter().enumerate() {
                let to = ASIDE[(k + 1 + turn) % ASIDE.len()];
                if let Some(v) = m.remove(*from) {
                    m.insert(to.to_string(), v);
                    break;
                }
            }
        }
        4 if !tiles.is_empty() => {
            let tile = rng.pick(&tiles).clone();
            let Some(m) = turns[i].as_object_mut() else {
                return false;
            };
            let key = ASIDE.iter().find(|k| m.contains_key(**k)).copied();
            m.insert(key.unwrap_or(ASIDE[0]).to_string(), tile);
        }
        5 => {
            let was = turns[i].get("player").and_then(Value::as_u64).unwrap_or(0);
            set(&mut turns[i], "player", json!((was + 1) % 4));
        }
        6 => {
            // Both kinds at once, or a placement besides.
            let tile = ASIDE
                .iter()
                .find_map(|k| turns[i].get(*k))
                .cloned()
                .unwrap_or(Value::Null);
            let Some(m) = turns[i].as_object_mut() else {
                return false;
            };
            if rng.chance(2) {
                for k in ASIDE {
                    m.insert(k.to_string(), tile.clone());
                }
            } else {
                m.insert("tile".to_string(), tile);
                m.insert("x".to_string(), json!(0));
                m.insert("y".to_string(), json!(1));
                m.insert("rotation".to_string(), json!(0));
            }
        }
        _ => {
            // Answers on an entry that places nothing.
            let a = random_action(rng, turns);
            return actions_mut(&mut turns[i]).is_some_and(|l| {
                l.push(a);
                true
            });
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record() -> Value {
        json!({
            "format": "carcassonne-record/1", "ruleset": "base_traders_builders",
            "seed": 1, "players": 2,
            "turns": [
                { "player": 0, "tile": "D", "x": 1, "y": 0, "rotation": 0,
                  "follower": { "kind": "builder", "feature": "road", "ports": ["E", "W"] } },
                { "player": 1, "tile": "D", "x": 2, "y": 0, "rotation": 0,
                  "actions": [ { "do": "second-tile", "take": true } ] },
                { "player": 1, "part": 2, "tile": "U", "x": 3, "y": 0, "rotation": 1 },
                { "player": 0, "discarded": "C" },
                { "player": 1, "set_aside": "DG/C.d" },
                { "player": 1, "tile": "V", "x": 4, "y": 0, "rotation": 0,
                  "actions": [
                      { "do": "fairy", "figure": { "x": 1, "y": 0, "kind": "normal", "player": 0, "feature": "road", "ports": ["E", "W"] } },
                      { "player": 0, "do": "dragon", "to": "W" }
                  ] }
            ]
        })
    }

    /// Every edit applies to a record that has what it edits, changes it,
    /// and leaves a record (JSON with its turns).
    #[test]
    fn each_edit_changes_a_record() {
        let input = serde_json::to_vec(&record()).expect("serialises");
        let mut rng = Rng::new(5);
        let mut changed = 0;
        for _ in 0..500 {
            let Some(out) = edit(&mut rng, &input) else {
                continue;
            };
            let v: Value = serde_json::from_slice(&out).expect("JSON");
            assert!(v["turns"].is_array() || v.get("seed").is_none());
            if v != record() {
                changed += 1;
            }
        }
        assert!(
            changed > 400,
            "only {changed} of 500 edits changed the record"
        );
    }

    /// Mutants hold any value anywhere: an answer that is a string, a
    /// figure that is a number, entries that are not objects. Edits of them
    /// (and of their own results, as the fuzzer feeds mutants back) must not
    /// panic.
    #[test]
    fn edits_take_any_values() {
        let odd = json!({
            "seed": "x",
            "turns": [
                1, null, "t", [],
                { "player": "p", "tile": "U", "follower": "f", "actions": ["second-tile", 3, null, []] },
                { "tile": 1, "part": [], "follower": { "kind": 7 }, "actions": { "do": "x" } },
                { "tile": "D", "follower": [1], "actions": [{ "do": 1, "take": "no", "player": -1 }] },
                { "set_aside": 3, "player": [] }, { "discarded": null, "actions": 1 },
                { "x": "1", "y": [], "follower": { "feature": 1 }, "actions": [
                    { "do": "dragon", "to": 7 }, { "do": "fairy", "figure": "f" },
                    { "do": "portal", "at": { "ports": 1, "x": "a" } }, { "do": "barn", "corner": [] }
                ] }
            ]
        });
        let mut rng = Rng::new(11);
        let mut pool = vec![serde_json::to_vec(&odd).expect("serialises")];
        for _ in 0..20_000 {
            let parent = pool[rng.below(pool.len())].clone();
            if let Some(out) = edit(&mut rng, &parent) {
                if pool.len() < 200 {
                    pool.push(out);
                } else {
                    let i = rng.below(pool.len());
                    pool[i] = out;
                }
            }
        }
    }

    /// The edits write every verb's name, each in its declared field and
    /// with values of its argument's kind and of others, every figure kind,
    /// the parts, and `set_aside` and `discarded` entries changed.
    #[test]
    fn edits_reach_every_declared_answer() {
        let input = serde_json::to_vec(&record()).expect("serialises");
        let d = declared();
        let mut rng = Rng::new(9);
        let mut probes: Vec<String> = vec![
            "\"take\":false".into(),
            "\"part\":3".into(),
            "\"do\":\"pass\"".into(),
            "\"set_aside\":\"D\"".into(),
            "\"discarded\":\"DG/C.d\"".into(),
            "\"to\":\"E\"".into(),
            "\"to\":\"w\"".into(),
            "\"z\":1".into(),
        ];
        for v in &d.verbs {
            probes.push(format!("\"do\":\"{}\"", v.def.name));
            if let Some(f) = v.field() {
                probes.push(format!("\"do\":\"{}\",\"{f}\":", v.def.name));
            }
        }
        for k in carcassonne_runtime::engine::FollowerKind::ALL {
            probes.push(format!("\"kind\":\"{}\"", k.name()));
        }
        let mut seen = std::collections::BTreeSet::new();
        for _ in 0..20_000 {
            let Some(out) = edit(&mut rng, &input) else {
                continue;
            };
            let text = String::from_utf8(out)
                .expect("UTF-8")
                .replace([' ', '\n'], "");
            for p in &probes {
                if text.contains(p.as_str()) {
                    seen.insert(p.clone());
                }
            }
        }
        let missing: Vec<&String> = probes.iter().filter(|p| !seen.contains(*p)).collect();
        assert!(missing.is_empty(), "never written: {missing:?}");
    }
}
