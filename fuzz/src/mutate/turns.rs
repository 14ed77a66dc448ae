//! Edits of a record's turn parts and answers (README "Game record
//! contract": `part`, `actions`, figure kinds). Blind byte and value edits
//! rarely leave a record that still parses and reaches a builder's second
//! tile or an abbot's return; these change exactly those fields, one at a
//! time, so that replay meets wrong answers at the decisions themselves.

use serde_json::{json, Value};

use super::Rng;

/// Figure kinds a follower may name, and names it may not.
const KINDS: &[&str] = &[
    "normal", "big", "builder", "pig", "abbot", "farmer", "", "Builder",
];

/// What an action may `do`: the two the engine asks, the names of actions a
/// record never lists, and near misses.
const DOS: &[&str] = &[
    "return-abbot",
    "second-tile",
    "pass",
    "deploy",
    "place",
    "return_abbot",
    "second-tile ",
    "",
    "SECOND-TILE",
];

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
    match rng.below(13) {
        0 => drop_action(rng, turns),
        1 => insert_action(rng, turns),
        2 => duplicate_action(rng, turns),
        3 => reorder(rng, turns),
        4 => edit_take(rng, turns),
        5 => set_part(rng, turns),
        6 => swap_kind(rng, turns),
        7 => move_action(rng, turns),
        8 => unknown_do(rng, turns),
        9 => action_player(rng, turns),
        10 => entry_player(rng, turns),
        11 => drop_entry(rng, turns),
        _ => copy_follower(rng, turns),
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

/// An entry the new fields touch: one with answers, a part, or a figure
/// other than a plain follower (a builder leads to a second part later).
fn notable(v: &Value) -> bool {
    actions(v) > 0
        || has(v, "part")
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

fn random_action(rng: &mut Rng) -> Value {
    let mut a = match rng.below(6) {
        0 | 1 => json!({ "do": "second-tile", "take": rng.chance(2) }),
        2 | 3 => json!({ "do": "return-abbot" }),
        4 => json!({ "do": "second-tile" }),
        _ => json!({ "do": *rng.pick(DOS) }),
    };
    if rng.chance(6) {
        a["player"] = json!(rng.below(4));
    }
    a
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
    let a = random_action(rng);
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
/// second part before the first).
fn reorder(rng: &mut Rng, turns: &mut [Value]) -> bool {
    let several = where_(turns, |v| actions(v) > 1);
    if !several.is_empty() && rng.chance(2) {
        let i = *rng.pick(&several);
        if let Some(list) = actions_mut(&mut turns[i]) {
            list.reverse();
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

fn edit_take(rng: &mut Rng, turns: &mut [Value]) -> bool {
    let with = where_(turns, |v| {
        v.get("actions")
            .and_then(Value::as_array)
            .is_some_and(|l| l.iter().any(|a| has(a, "take")))
    });
    if with.is_empty() {
        return false;
    }
    let i = *rng.pick(&with);
    let Some(list) = actions_mut(&mut turns[i]) else {
        return false;
    };
    let Some(a) = list.iter_mut().find(|a| has(a, "take")) else {
        return false;
    };
    let take = match rng.below(6) {
        0 => {
            return a
                .as_object_mut()
                .is_some_and(|m| m.remove("take").is_some())
        }
        1 => json!(*rng.pick(&["true", "1", "yes"])),
        2 => Value::Null,
        _ => json!(!a["take"].as_bool().unwrap_or(false)),
    };
    set(a, "take", take)
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
    let kind = json!(*rng.pick(KINDS));
    turns[i]
        .get_mut("follower")
        .is_some_and(|f| set(f, "kind", kind))
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

fn unknown_do(rng: &mut Rng, turns: &mut [Value]) -> bool {
    match some_action(rng, turns) {
        Some((i, k)) if rng.chance(2) => {
            let Some(list) = actions_mut(&mut turns[i]) else {
                return false;
            };
            let what = match rng.below(4) {
                0 => json!(1),
                1 => Value::Null,
                _ => json!(*rng.pick(DOS)),
            };
            set(&mut list[k], "do", what)
        }
        _ => {
            let Some(i) = target_entry(rng, turns) else {
                return false;
            };
            let a = json!({ "do": *rng.pick(DOS), "take": true });
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
    let Some(list) = actions_mut(&mut turns[i]) else {
        return false;
    };
    let Some(m) = list[k].as_object_mut() else {
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
/// replaced by a `return-abbot` answer.
fn copy_follower(rng: &mut Rng, turns: &mut [Value]) -> bool {
    let with = where_(turns, |v| has(v, "follower"));
    let Some(i) = target_entry(rng, turns) else {
        return false;
    };
    if with.is_empty() || rng.chance(3) {
        let Some(m) = turns[i].as_object_mut() else {
            return false;
        };
        m.remove("follower");
        let list = actions_mut(&mut turns[i]);
        return list.is_some_and(|l| {
            l.insert(0, json!({ "do": "return-abbot" }));
            true
        });
    }
    let from = *rng.pick(&with);
    let mut f = turns[from]["follower"].clone();
    if rng.chance(2) {
        set(&mut f, "kind", json!(*rng.pick(&KINDS[..5])));
    }
    match turns[i].as_object_mut() {
        Some(m) => {
            m.insert("follower".to_string(), f);
            true
        }
        None => false,
    }
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
                { "player": 0, "discarded": "C" }
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
                { "tile": "D", "follower": [1], "actions": [{ "do": 1, "take": "no", "player": -1 }] }
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

    #[test]
    fn edits_reach_every_new_field() {
        let input = serde_json::to_vec(&record()).expect("serialises");
        let mut rng = Rng::new(9);
        let mut seen = std::collections::BTreeSet::new();
        for _ in 0..2000 {
            let Some(out) = edit(&mut rng, &input) else {
                continue;
            };
            let text = String::from_utf8(out).expect("UTF-8");
            for probe in [
                "\"take\":false",
                "\"part\":3",
                "\"return-abbot\"",
                "\"kind\":\"pig\"",
                "\"kind\":\"abbot\"",
                "\"do\":\"pass\"",
            ] {
                if text.replace([' ', '\n'], "").contains(probe) {
                    seen.insert(probe);
                }
            }
        }
        assert_eq!(seen.len(), 6, "only {seen:?}");
    }
}
