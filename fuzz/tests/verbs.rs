//! Module answers in records (docs/reference/records.md: `actions`,
//! `set_aside`): the seeds answer with every verb a module declares and
//! pose every module decision; the games of The Princess & the Dragon hold
//! what they were chosen for; the fuzzer's mutants of them meet each verb's
//! and each decision's checks; and hand-made wrong answers to the dragon,
//! the fairy, a portal, the princess and tiles set aside are refused with
//! the turn and the reason, through `record::replay` and through the
//! fuzzer's record target (no panic, no violation).

use std::collections::{BTreeMap, BTreeSet};

use carcassonne_fuzz::corpus::{self, Input};
use carcassonne_fuzz::declared::declared;
use carcassonne_runtime::engine::{Answers, Decision};
use carcassonne_runtime::record::{self, Record};
use serde_json::{json, Value};

mod support;
use support::{repo, through_target, workspace};

/// The seeds of The Princess & the Dragon's rulesets.
const PD_RULESETS: [&str; 2] = ["base_princess_dragon", "everything_c1"];

fn pd_seeds() -> Vec<Input> {
    corpus::records(&repo())
        .into_iter()
        .filter(|i| {
            PD_RULESETS
                .iter()
                .any(|r| i.name.contains(&format!("{r} seed")))
        })
        .collect()
}

fn replay(rec: &Record) -> Result<record::Replayed, String> {
    let rules = carcassonne_runtime::ruleset(&rec.ruleset).expect("compiled in");
    record::replay(rec, rules, false).map_err(|e| e.to_string())
}

/// Every verb a module declares (but those placing a tile, which open an
/// entry of their own) is answered in some seed record, every decision a
/// module poses is answered there (by one of its module's verbs answering
/// a decision), and some seed sets a tile aside. A module added to the
/// registry is covered without a change here: `corpus::records` finds a
/// game for a verb no chosen game answers with.
#[test]
fn the_seeds_answer_every_declared_verb_and_decision() {
    let seeds = corpus::records(&repo());
    let answered = corpus::verbs_answered(&seeds);
    let d = declared();
    let missing: Vec<&str> = d
        .verbs
        .iter()
        .filter(|v| v.in_actions() && !answered.contains(v.def.name))
        .map(|v| v.def.name)
        .collect();
    assert!(missing.is_empty(), "no seed answers with {missing:?}");
    for dec in Decision::all() {
        let Decision::Module { mech, .. } = dec else {
            continue;
        };
        assert!(
            d.verbs.iter().any(|v| v.mech == mech
                && v.def.answers == Answers::Ask
                && answered.contains(v.def.name)),
            "no seed answers the decision `{}`",
            dec.key()
        );
    }
    let aside = seeds
        .iter()
        .filter_map(|i| serde_json::from_slice::<Record>(&i.bytes).ok())
        .any(|r| r.turns.iter().any(|t| t.set_aside.is_some()));
    assert!(aside, "no seed sets a tile aside");
    // The games are the chosen ones: none had to be looked for.
    let found: Vec<&str> = seeds
        .iter()
        .filter(|i| i.name.contains(", for `"))
        .map(|i| i.name.as_str())
        .collect();
    assert!(found.is_empty(), "seed games looked for: {found:?}");
}

/// The seeds of The Princess & the Dragon replay to their final scores
/// (with an observer too, through the record target) and hold what they
/// were chosen for (fuzz/src/corpus.rs).
#[test]
fn the_princess_dragon_seeds_replay_and_hold_what_they_were_chosen_for() {
    let seeds = pd_seeds();
    assert_eq!(seeds.len(), 3, "two games and one of them as a scenario");
    let (mut ws, dir) = workspace("verbs", "seeds");
    let mut n: BTreeMap<&str, usize> = BTreeMap::new();
    let mut aside_back = true;
    for input in &seeds {
        let rec: Record = serde_json::from_slice(&input.bytes).expect("a record");
        let out = replay(&rec).unwrap_or_else(|e| panic!("{}: does not replay: {e}", input.name));
        let fin = rec.final_.as_ref().expect("a whole game");
        assert!(out.game.is_over(), "{}", input.name);
        assert_eq!(out.game.scores(), fin.scores.as_slice(), "{}", input.name);
        let templates = through_target(&mut ws, &input.name, &input.bytes);
        assert!(
            templates.iter().any(|t| t.starts_with("replay: ok, over")),
            "{}: {templates:?}",
            input.name
        );
        for (i, t) in rec.turns.iter().enumerate() {
            if let Some(tile) = &t.set_aside {
                *n.entry("set aside").or_default() += 1;
                // Shuffled back once the dragon is in play, and placed.
                aside_back &= rec.turns[i..]
                    .iter()
                    .any(|u| u.tile.as_deref() == Some(tile.as_str()));
            }
            for a in t.actions.iter().flatten() {
                let key = match (a.do_.as_str(), a.player) {
                    ("dragon", Some(p)) if p != t.player => "dragon step by another player",
                    ("dragon", _) => "dragon step by the entry's player",
                    ("fairy", _) => "fairy",
                    ("portal", _) => "portal",
                    ("princess", _) => "princess",
                    _ => "other",
                };
                *n.entry(key).or_default() += 1;
            }
            for e in t.events.iter().flatten() {
                if e.reason == "fairy" {
                    *n.entry(if e.points == 1 {
                        "fairy point at a turn's start"
                    } else {
                        "fairy points for a feature"
                    })
                    .or_default() += 1;
                }
            }
        }
    }
    std::fs::remove_dir_all(&dir).ok();
    eprintln!("{n:?}");
    for what in [
        "set aside",
        "dragon step by another player",
        "dragon step by the entry's player",
        "fairy",
        "portal",
        "princess",
        "fairy point at a turn's start",
    ] {
        assert!(n.get(what).copied().unwrap_or(0) > 0, "no {what}: {n:?}");
    }
    assert!(aside_back, "a tile set aside never came back");
}

/// The fuzzer's mutants of these seeds reach the checks of every verb they
/// answer with and of every decision they answer, and the checks of tiles
/// set aside: the error names the verb or the decision as declared.
#[test]
fn mutants_of_the_princess_dragon_seeds_reach_every_verb_and_decision() {
    use carcassonne_fuzz::mutate::{mutate, Rng, Syntax};
    let seeds: Vec<Vec<u8>> = pd_seeds().into_iter().map(|i| i.bytes).collect();
    let recs: Vec<Record> = seeds
        .iter()
        .map(|b| serde_json::from_slice(b).expect("a record"))
        .collect();
    let verbs: BTreeSet<String> = recs
        .iter()
        .flat_map(|r| r.turns.iter())
        .flat_map(|t| t.actions.iter().flatten())
        .map(|a| a.do_.clone())
        .filter(|v| declared().verb(v).is_some())
        .collect();
    // The Count's, the Tower's, Hills & Sheep's and the bazaar's decisions
    // come up a few times a game in the everything rulesets' seeds (a
    // bazaar's raise, answered by a bid or a pass, is met by no mutant of
    // everything_c1's seed), and a castle's pick only when several
    // structures of its fief complete at once: too seldom for a few thousand
    // mutants to reach each; their own seed games answer them
    // (`the_seeds_answer_every_declared_verb_and_decision`; the bazaar's
    // four in cli/tests/serve.rs `the_bazaar_plays_through_the_protocol`).
    // So are the bazaar's own verbs: an auction's bids sit behind a
    // drawn bazaar tile and the reveals, and with bridges in
    // everything_c1's seed no mutant's bad `bazaar-bid` gets that far
    // (runtime/tests/bazaar.rs `wrong_answers_are_refused_and_change_nothing`).
    // A catapult round, too, waits for a fair tile's whole turn (12 of
    // everything_c1's 311 tiles): its token pick and the seduction's
    // questions are met by the seed games, and the wrong answers of
    // runtime/tests/catapult.rs `misplaced_answers_are_refused_and_the_house_rule_has_no_round`.
    // The builder's second tile is asked once in these seeds since then;
    // fuzz/tests/turn_parts.rs refuses each wrong answer to it by name.
    // A flier's landing is chosen once in everything_c1's seed (most
    // flights crash or land without a choice): base_flier's seed game
    // answers it, and runtime/tests/flier.rs
    // `the_active_player_chooses_the_feature_it_lands_on_l24` refuses
    // another player's answer. So are the mage or witch taken off when
    // neither has anywhere to go, and a robber's owner choosing among
    // several markers that gained: base_mage_witch's scenario
    // tests/scenarios/mw-nowhere-L141.json and base_robbers' seed game
    // answer them, and runtime/tests/mage_witch.rs and robbers.rs refuse
    // wrong answers. A message's pick among equally small features needs
    // two of the player's features tied for smallest when the message is
    // drawn: base_messages' seed game answers it, and runtime/tests/
    // messages.rs `smallest_road_ties_the_player_picks_l59` refuses wrong
    // answers.
    use carcassonne_runtime::mechanics::Mech;
    let rare = |d: &Decision| {
        matches!(d, Decision::Module { mech, .. } if [Mech::Count, Mech::Tower, Mech::HillsSheep, Mech::Bazaars, Mech::Catapult, Mech::Flier].contains(mech))
            || ["castle-pick", "magic-off", "robber-robs", "message-feature"].contains(&d.key())
            || d.name() == "take the builder's second tile or not"
    };
    let decisions: Vec<&str> = Decision::all()
        .into_iter()
        .filter(|d| !rare(d) && matches!(d, Decision::Module { mech, .. } if declared().verbs.iter().any(|v| v.mech == *mech && verbs.contains(v.def.name))))
        .map(|d| d.name())
        .collect();
    let mut checks: Vec<(String, String)> = Vec::new();
    let rare_verb = |v: &str| {
        declared()
            .verb(v)
            .is_some_and(|d| d.mech == Mech::Bazaars || d.def.name == "catapult-token")
    };
    for v in verbs.iter().filter(|v| !rare_verb(v)) {
        checks.push((format!("`{v}`"), format!("`{v}`")));
    }
    for d in &decisions {
        checks.push((format!("to {d}"), format!("to {d}")));
    }
    for (what, needle) in [
        (
            "set aside, not listed",
            "here, which the record does not list",
        ),
        ("sets aside a tile that fits", "sets aside"),
        ("a wrong argument", "needs a"),
        ("a field it does not take", "takes no"),
    ] {
        checks.push((what.to_string(), needle.to_string()));
    }
    let (mut ws, dir) = workspace("verbs", "mutants");
    let mut met = vec![0u32; checks.len()];
    let (mut replayed, mut refused) = (0u32, 0u32);
    // The mutants draw verbs from the declarations, so a module that adds
    // verbs changes the stream: rather than a seed whose first mutants
    // happen to meet every check, mutants are made until each check is met
    // (at least `least`, at most `most`; a rare verb such as `grow-flock`
    // is met once in a few thousand).
    let (least, most) = (2000u32, 12_000u32);
    let mut n = 0u32;
    let mut rng = Rng::new(9);
    let others: Vec<&[u8]> = seeds.iter().map(Vec::as_slice).collect();
    while n < most && (n < least || met.contains(&0)) {
        n += 1;
        let parent = &seeds[rng.below(seeds.len())];
        let child = mutate(&mut rng, parent, Syntax::Json, &others);
        through_target(&mut ws, "a mutant", &child);
        let Ok(rec) = serde_json::from_slice::<Record>(&child) else {
            continue;
        };
        let Some(rules) = carcassonne_runtime::ruleset(&rec.ruleset) else {
            continue;
        };
        replayed += 1;
        let Err(e) = record::replay(&rec, rules, false) else {
            continue;
        };
        let e = e.to_string();
        let hits: Vec<usize> = (0..checks.len())
            .filter(|&k| e.contains(checks[k].1.as_str()))
            .collect();
        refused += u32::from(!hits.is_empty());
        for k in hits {
            met[k] += 1;
        }
    }
    std::fs::remove_dir_all(&dir).ok();
    let table: Vec<String> = checks
        .iter()
        .zip(&met)
        .map(|((what, _), m)| format!("{what}: {m}"))
        .collect();
    eprintln!(
        "{replayed} of {n} mutants reached replay, {refused} met a check of a verb, a decision or a tile set aside:\n  {}",
        table.join("\n  ")
    );
    let never: Vec<&str> = checks
        .iter()
        .zip(&met)
        .filter(|(_, m)| **m == 0)
        .map(|((what, _), _)| what.as_str())
        .collect();
    assert!(never.is_empty(), "no mutant met {never:?}");
    assert!(
        replayed * 5 >= n,
        "only {replayed} of {n} mutants reached replay"
    );
    assert!(
        refused * 10 >= n,
        "only {refused} of {n} mutants met a check"
    );
}

// ----- wrong answers -------------------------------------------------------------

/// The seed game of base_princess_dragon, as JSON.
fn pd_game() -> Value {
    let input = pd_seeds()
        .into_iter()
        .find(|i| i.name == "play base_princess_dragon seed 2")
        .expect("the base_princess_dragon seed");
    serde_json::from_slice(&input.bytes).expect("JSON")
}

/// The first entry whose answers include one `pred` holds for, and that
/// answer's index.
fn find_answer(v: &Value, pred: impl Fn(&Value, &Value) -> bool) -> (usize, usize) {
    let turns = v["turns"].as_array().expect("turns");
    for (i, t) in turns.iter().enumerate() {
        for (k, a) in t["actions"].as_array().into_iter().flatten().enumerate() {
            if pred(t, a) {
                return (i, k);
            }
        }
    }
    panic!("no such answer in the seed game")
}

fn first_aside(v: &Value) -> usize {
    v["turns"]
        .as_array()
        .expect("turns")
        .iter()
        .position(|t| t.get("set_aside").is_some())
        .expect("a tile set aside")
}

/// `edit` applied to the seed game, the turn it must fail at (from 1) and
/// the start of its reason.
struct Bad {
    what: &'static str,
    edit: fn(&mut Value) -> usize,
    error: &'static str,
}

fn bad_records() -> Vec<Bad> {
    vec![
        Bad {
            what: "a dragon step towards no side",
            edit: |v| {
                let (i, k) = find_answer(v, |_, a| a["do"] == "dragon");
                v["turns"][i]["actions"][k]["to"] = json!("NE");
                i
            },
            error: "the engine asks player N to move the dragon one tile; the record answers `dragon`: `dragon` needs a `to` (one of [\"N\", \"E\", \"S\", \"W\"]), not \"NE\"",
        },
        Bad {
            what: "a dragon step given by the wrong player",
            edit: |v| {
                let (i, k) = find_answer(v, |t, a| a["do"] == "dragon" && a["player"].is_u64() && a["player"] != t["player"]);
                v["turns"][i]["actions"][k]["player"] = v["turns"][i]["player"].clone();
                i
            },
            error: "the engine asks player N to move the dragon one tile; the record's `dragon` is player N's",
        },
        Bad {
            what: "the dragon's steps left out",
            edit: |v| {
                let (i, _) = find_answer(v, |_, a| a["do"] == "dragon");
                let list = v["turns"][i]["actions"].as_array_mut().expect("answers");
                list.retain(|a| a["do"] != "dragon");
                i
            },
            error: "the engine asks player N to move the dragon one tile; the entry's `actions` do not answer",
        },
        Bad {
            what: "a dragon step without its direction",
            edit: |v| {
                let (i, k) = find_answer(v, |_, a| a["do"] == "dragon");
                v["turns"][i]["actions"][k].as_object_mut().expect("an answer").remove("to");
                i
            },
            error: "the engine asks player N to move the dragon one tile; the record answers `dragon`: `dragon` needs `to`",
        },
        Bad {
            what: "the fairy next to another player's follower",
            edit: |v| {
                let (i, k) = find_answer(v, |_, a| a["do"] == "fairy");
                let p = v["turns"][i]["player"].as_u64().expect("a player");
                v["turns"][i]["actions"][k]["figure"]["player"] = json!((p + 1) % 3);
                i
            },
            error: "illegal move: fairy rule:",
        },
        Bad {
            what: "the fairy's figure in another verb's field",
            edit: |v| {
                let (i, k) = find_answer(v, |_, a| a["do"] == "fairy");
                let a = v["turns"][i]["actions"][k].as_object_mut().expect("an answer");
                let f = a.remove("figure").expect("a figure");
                a.insert("at".into(), f);
                i
            },
            error: "the engine asks player N to deploy a figure or pass; the record answers `fairy`: `fairy` takes no `at`",
        },
        Bad {
            what: "a portal to no tile",
            edit: |v| {
                let (i, k) = find_answer(v, |_, a| a["do"] == "portal");
                v["turns"][i]["actions"][k]["at"]["x"] = json!(90);
                i
            },
            error: "the engine asks player N to deploy a figure or pass; the record answers `portal`: no tile lies at (90,",
        },
        Bad {
            what: "a portal where no portal was placed",
            edit: |v| {
                let (i, k) = find_answer(v, |_, a| a["do"] == "portal");
                let a = v["turns"][i]["actions"][k].clone();
                let turns = v["turns"].as_array_mut().expect("turns");
                // A later tile: the portal's target is on the board.
                let j = (i + 1..turns.len())
                    .find(|&j| turns[j].get("tile").is_some() && turns[j].get("follower").is_none() && turns[j].get("actions").is_none())
                    .expect("an entry placing a tile and nothing else");
                turns[j]["actions"] = json!([a]);
                j
            },
            error: "illegal move: portal rule: the tile just placed shows no magic portal",
        },
        Bad {
            what: "the princess on a road",
            edit: |v| {
                let (i, k) = find_answer(v, |_, a| a["do"] == "princess");
                v["turns"][i]["actions"][k]["figure"]["feature"] = json!("road");
                i
            },
            error: "the engine asks player N to deploy a figure or pass; the record answers `princess`:",
        },
        Bad {
            what: "a figure and the princess on one tile",
            edit: |v| {
                let (i, _) = find_answer(v, |_, a| a["do"] == "princess");
                // A follower on the tile's first feature that is no city
                // (the city holds the knight).
                let rules = carcassonne_runtime::ruleset("base_princess_dragon").expect("compiled in");
                let t = &v["turns"][i];
                let tile = &rules.tiles[rules.tile_index(t["tile"].as_str().expect("a tile")).expect("a tile")];
                let segment = tile
                    .segments
                    .iter()
                    .position(|s| s.kind != carcassonne_runtime::tables::Kind::City)
                    .expect("a feature besides the city");
                let f = record::follower_rec(
                    tile,
                    t["rotation"].as_u64().expect("a rotation") as u8,
                    carcassonne_runtime::engine::Deploy { segment: segment as u8, kind: carcassonne_runtime::engine::FollowerKind::Normal },
                );
                v["turns"][i]["follower"] = serde_json::to_value(f).expect("serialises");
                i
            },
            error: "the record answers `princess`, which the engine did not ask",
        },
        Bad {
            what: "a tile set aside left out",
            edit: |v| {
                let i = first_aside(v);
                v["turns"].as_array_mut().expect("turns").remove(i);
                i
            },
            error: "the engine set aside",
        },
        Bad {
            what: "a tile set aside said to be discarded",
            edit: |v| {
                let i = first_aside(v);
                let t = v["turns"][i].as_object_mut().expect("an entry");
                let tile = t.remove("set_aside").expect("a tile");
                t.insert("discarded".into(), tile);
                i
            },
            error: "the record discards",
        },
        Bad {
            what: "a tile set aside that the engine places",
            edit: |v| {
                let turns = v["turns"].as_array_mut().expect("turns");
                turns.insert(0, json!({ "player": 0, "set_aside": "U" }));
                0
            },
            error: "the record sets aside U",
        },
        Bad {
            what: "a tile set aside and placed at once",
            edit: |v| {
                let i = first_aside(v);
                let t = v["turns"][i].as_object_mut().expect("an entry");
                t.insert("discarded".into(), t["set_aside"].clone());
                i
            },
            error: "an entry discards a tile, sets one aside or turns one up, one of these",
        },
    ]
}

#[test]
fn wrong_princess_dragon_answers_are_refused_with_the_turn() {
    let (mut ws, dir) = workspace("verbs", "bad");
    let mut wrong = Vec::new();
    for b in bad_records() {
        let mut v = pd_game();
        let at = (b.edit)(&mut v) + 1;
        let rec: Record = serde_json::from_value(v.clone()).expect("a record");
        match replay(&rec) {
            Ok(_) => wrong.push(format!("{}: replays", b.what)),
            Err(e) => {
                eprintln!("{}: {e}", b.what);
                let want = format!("turn {at}: ");
                // Player numbers vary with the game; the rest must match.
                let got = e.to_string();
                let general: String = got
                    .chars()
                    .map(|c| if c.is_ascii_digit() { 'N' } else { c })
                    .collect();
                let error: String = b
                    .error
                    .chars()
                    .map(|c| if c.is_ascii_digit() { 'N' } else { c })
                    .collect();
                if !got.starts_with(&want) || !general[want.len()..].starts_with(&error) {
                    wrong.push(format!(
                        "{}:\n  got    {got}\n  wanted {want}{}",
                        b.what, b.error
                    ));
                }
            }
        }
        let bytes = serde_json::to_vec_pretty(&v).expect("serialises");
        let templates = through_target(&mut ws, b.what, &bytes);
        if templates.iter().any(|t| t.starts_with("replay: ok")) {
            wrong.push(format!("{}: the target replays it: {templates:?}", b.what));
        }
    }
    std::fs::remove_dir_all(&dir).ok();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
