//! Records with turn parts and answers (docs/reference/records.md): the
//! fuzzer's seeds of the rulesets that have them replay and hold what they
//! were chosen for, and hand-made records that answer wrongly are refused
//! with the turn and the reason, through `record::replay` and through the
//! fuzzer's record target (no panic, no violation).

use carcassonne_fuzz::corpus;
use carcassonne_runtime::record::{self, Record};
use serde_json::{json, Value};

mod support;
use support::{repo, through_target, workspace};

const NEW_RULESETS: [&str; 3] = ["base_traders_builders", "base_c2", "everything_c2"];

/// A seed of one of `NEW_RULESETS` (its exact id: not a ruleset whose id
/// begins with one), among the games chosen for them (not those the corpus
/// adds for a verb no chosen game answers, which come and go as the
/// chosen games change).
fn of_new_rulesets(i: &corpus::Input) -> bool {
    NEW_RULESETS
        .iter()
        .any(|r| i.name.starts_with(&format!("play {r} seed ")))
        && !i.name.contains(", for `")
}

#[test]
fn the_new_seed_records_replay_and_hold_parts_and_answers() {
    let seeds: Vec<corpus::Input> = corpus::records(&repo())
        .into_iter()
        .filter(of_new_rulesets)
        .collect();
    assert_eq!(seeds.len(), 7, "five games and two of them as scenarios");
    let (mut ws, dir) = workspace("turn-parts", "seeds");
    let mut kinds = std::collections::BTreeSet::new();
    let (mut parts, mut takes, mut declines, mut returns, mut barns) = (0, 0, 0, 0, 0);
    let (mut wagon_moves, mut wagons_back) = (0, 0);
    let mut reasons = std::collections::BTreeSet::new();
    for input in &seeds {
        let rec: Record = serde_json::from_slice(&input.bytes).expect("a record");
        let rules = carcassonne_runtime::ruleset(&rec.ruleset).expect("compiled in");
        let out = record::replay(&rec, rules, false)
            .unwrap_or_else(|e| panic!("{}: does not replay: {e}", input.name));
        let fin = rec.final_.as_ref().expect("a whole game");
        assert!(out.game.is_over(), "{}", input.name);
        assert_eq!(out.game.scores(), fin.scores.as_slice(), "{}", input.name);
        assert_eq!(out.turns, rec.turns.len());
        let templates = through_target(&mut ws, &input.name, &input.bytes);
        assert!(
            templates.iter().any(|t| t.starts_with("replay: ok, over")),
            "{}: {templates:?}",
            input.name
        );
        for t in &rec.turns {
            if let Some(f) = &t.follower {
                kinds.insert(f.kind.clone());
            }
            parts += usize::from(t.part == Some(2));
            for a in t.actions.iter().flatten() {
                let take = a.args.get("take").and_then(|v| v.as_bool());
                match (a.do_.as_str(), take) {
                    ("second-tile", Some(true)) => takes += 1,
                    ("second-tile", Some(false)) => declines += 1,
                    ("return-abbot", None) => returns += 1,
                    ("barn", None) if a.args.contains_key("corner") => barns += 1,
                    ("move-wagon", None) if a.args.contains_key("at") && a.player.is_some() => {
                        wagon_moves += 1
                    }
                    // A wagon taken back, by another player or the mover.
                    ("pass", None) => wagons_back += 1,
                    // The Princess & the Dragon's answers (everything_c2
                    // plays it): fuzz/tests/verbs.rs counts them.
                    (name, _) if carcassonne_fuzz::declared::declared().verb(name).is_some() => {}
                    other => panic!("{}: an answer {other:?}", input.name),
                }
            }
            for e in t.events.iter().flatten() {
                reasons.insert(e.reason.clone());
            }
        }
        reasons.extend(fin.events.iter().map(|e| e.reason.clone()));
    }
    std::fs::remove_dir_all(&dir).ok();
    // What the seeds were chosen for (fuzz/src/corpus.rs); a change of the
    // bots or the engine that loses it shows here.
    // everything_c2 also plays the mayor, the wagon and the shepherd.
    assert_eq!(
        kinds.into_iter().collect::<Vec<_>>(),
        ["abbot", "big", "builder", "mayor", "normal", "pig", "shepherd", "wagon"]
    );
    assert!(
        wagon_moves + wagons_back >= 1,
        "{wagon_moves} wagon moves, {wagons_back} taken back"
    );
    assert!(parts >= 5, "{parts} second parts");
    // Every second tile taken is a second part; others come without a
    // question (River II's volcano in everything_c2).
    assert!(
        takes >= 5 && parts >= takes && declines >= 2,
        "{takes} taken, {declines} declined, {parts} second parts"
    );
    // Six in base_c2 seed 1 (and its scenario), four in seed 18, more in
    // everything_c2.
    assert!(returns >= 16, "{returns} abbots taken back");
    assert!(barns >= 1, "{barns} barns (everything_c2 plays the barn)");
    assert_eq!(
        reasons.into_iter().collect::<Vec<_>>(),
        // everything_c2 plays King & Robber Baron: its cards' end points;
        // the barn, whose farm scores at the end; the fairy; the Tower's
        // ransom, paid and received; castles; flocks herded; and the
        // bazaars' bids, paid and received.
        [
            "abbot-return",
            "barn",
            "bazaar",
            "bazaar-paid",
            "castle",
            "completed",
            "fairy",
            "final",
            "flock",
            "goods",
            "king",
            "ransom",
            "ransom-paid",
            "robber-baron"
        ]
    );
}

/// The fuzzer's mutants of the new seeds reach the checks of turn parts and
/// answers, not only the JSON parser: each kind of check is met, and a fair
/// share of mutants gets that far. (Before the turn-only mutants, 86% of
/// these mutants did not parse.)
#[test]
fn mutants_of_the_new_seeds_reach_the_decisions() {
    use carcassonne_fuzz::mutate::{mutate, Rng, Syntax};
    let seeds: Vec<Vec<u8>> = corpus::records(&repo())
        .into_iter()
        .filter(of_new_rulesets)
        .map(|i| i.bytes)
        .collect();
    let (mut ws, dir) = workspace("turn-parts", "mutants");
    let checks = [
        ("part", "the engine plays part"),
        ("unanswered", "; the entry's `_` do not answer"),
        ("misanswered", "; the record answers `_`"),
        ("not asked", "which the engine did not ask"),
        ("another player", "; the record's `_` is player N's"),
        ("abbot", "has no abbot on the board"),
        ("builder", "illegal move: the builder goes only"),
    ];
    let mut met = vec![0u32; checks.len()];
    let (mut replayed, mut decisions) = (0u32, 0u32);
    let n = 4000;
    let mut rng = Rng::new(1);
    for _ in 0..n {
        let parent = &seeds[rng.below(seeds.len())];
        let others: Vec<&[u8]> = seeds.iter().map(Vec::as_slice).collect();
        let child = mutate(&mut rng, parent, Syntax::Json, &others);
        let templates = through_target(&mut ws, "a mutant", &child);
        let Some(t) = templates.iter().find(|t| t.starts_with("replay: ")) else {
            continue;
        };
        replayed += 1;
        let hits: Vec<usize> = (0..checks.len())
            .filter(|&k| t.contains(checks[k].1))
            .collect();
        decisions += u32::from(!hits.is_empty());
        for k in hits {
            met[k] += 1;
        }
    }
    std::fs::remove_dir_all(&dir).ok();
    eprintln!("{replayed} of {n} mutants replayed, {decisions} met a decision's check: {met:?}");
    for (k, (what, _)) in checks.iter().enumerate() {
        assert!(met[k] > 0, "no mutant met the `{what}` check: {met:?}");
    }
    assert!(
        replayed * 5 >= n,
        "only {replayed} of {n} mutants reached replay"
    );
    assert!(
        decisions * 20 >= n,
        "only {decisions} of {n} mutants met a decision's check"
    );
}

// ----- hand-made records -------------------------------------------------------

/// A Traders & Builders scenario: from the start tile D (road E-W), player 0
/// puts a follower, then a builder, on the road going east (a builder goes
/// only where its owner has a follower, 000_9deb58b1a7d17d38.txt L865);
/// extending it on entry 5 gives the second-tile decision ("they may take a
/// double turn", L872), and the second part (entry 6) extends it west, with
/// no third part (L884). Player 1 builds a road below. Straight roads (U).
fn builder_game() -> Value {
    json!({
        "format": "carcassonne-record/1",
        "ruleset": "base_traders_builders",
        "players": 2,
        "start": [ { "tile": "D", "x": 0, "y": 0, "rotation": 0 } ],
        "turns": [
            { "player": 0, "tile": "U", "x": 1, "y": 0, "rotation": 0,
              "follower": { "kind": "normal", "feature": "road", "ports": ["E", "W"] } },
            { "player": 1, "tile": "U", "x": 0, "y": 1, "rotation": 0 },
            { "player": 0, "tile": "U", "x": 2, "y": 0, "rotation": 0,
              "follower": { "kind": "builder", "feature": "road", "ports": ["E", "W"] } },
            { "player": 1, "tile": "U", "x": 1, "y": 1, "rotation": 0 },
            { "player": 0, "tile": "U", "x": 3, "y": 0, "rotation": 0,
              "actions": [ { "do": "second-tile", "take": true } ] },
            { "player": 0, "part": 2, "tile": "U", "x": -1, "y": 0, "rotation": 0 },
            { "player": 1, "tile": "U", "x": 2, "y": 1, "rotation": 0 }
        ]
    })
}

/// Player 0's abbot on a cloister (B), then taken back instead of a figure,
/// scoring the cloister as at the end (001_46b8449c567a6f1a.txt L432-L433).
fn abbot_game() -> Value {
    json!({
        "format": "carcassonne-record/1",
        "ruleset": "base_c2",
        "players": 2,
        "start": [ { "tile": "D", "x": 0, "y": 0, "rotation": 0 } ],
        "turns": [
            { "player": 0, "tile": "B", "x": 0, "y": 1, "rotation": 0,
              "follower": { "kind": "abbot", "feature": "cloister", "ports": [] } },
            { "player": 1, "tile": "U", "x": 1, "y": 0, "rotation": 0 },
            { "player": 0, "tile": "U", "x": -1, "y": 0, "rotation": 0,
              "actions": [ { "do": "return-abbot" } ] }
        ]
    })
}

fn replay(v: &Value) -> Result<record::Replayed, String> {
    let rec: Record = serde_json::from_value(v.clone()).expect("a record");
    let rules = carcassonne_runtime::ruleset(&rec.ruleset).expect("compiled in");
    record::replay(&rec, rules, true).map_err(|e| e.to_string())
}

#[test]
fn the_hand_made_records_replay() {
    // The road from (-1, 0) to (3, 0), the second part's tile included:
    // five tiles for player 0's follower (the builder counts nothing).
    let out = replay(&builder_game()).expect("the builder game replays");
    assert_eq!(out.turns, 7);
    assert_eq!(out.game.scores(), [5, 0]);
    // Declined: the next entry is player 1's.
    let mut declined = builder_game();
    declined["turns"][4]["actions"][0]["take"] = json!(false);
    declined["turns"].as_array_mut().expect("turns").remove(5);
    let out = replay(&declined).expect("a declined second tile replays");
    assert_eq!(out.game.scores(), [4, 0]);
    // The abbot's cloister with 3 tiles around it (start, B, U east of the
    // start touches it diagonally, U west too): 1 + 3 at its return.
    let out = replay(&abbot_game()).expect("the abbot game replays");
    let returned: Vec<(u8, u32)> = out
        .events
        .iter()
        .filter(|e| e.reason.name() == "abbot-return")
        .map(|e| (e.player, e.points))
        .collect();
    assert_eq!(returned, [(0, 4)]);
}

/// `base` changed by `edit`, and the error its replay must give.
struct Bad {
    what: &'static str,
    base: fn() -> Value,
    edit: fn(&mut Value),
    error: &'static str,
}

fn bad_records() -> Vec<Bad> {
    vec![
        Bad {
            what: "part 2 where the engine plays part 1",
            base: builder_game,
            edit: |v| v["turns"][0]["part"] = json!(2),
            error: "turn 1: the engine plays part 1 of player 0's turn here, the record part 2",
        },
        Bad {
            what: "a second part after the second tile was declined",
            base: builder_game,
            edit: |v| v["turns"][4]["actions"][0]["take"] = json!(false),
            error: "turn 6: the engine plays part 1 of player 0's turn here, the record part 2",
        },
        Bad {
            what: "part 1 where the engine plays part 2",
            base: builder_game,
            edit: |v| {
                v["turns"][5]
                    .as_object_mut()
                    .expect("an entry")
                    .remove("part");
            },
            error: "turn 6: the engine plays part 2 of player 0's turn here, the record part 1",
        },
        Bad {
            what: "a second part played by the other player",
            base: builder_game,
            edit: |v| v["turns"][5]["player"] = json!(1),
            error: "turn 6: it is player 0's turn, not player 1's",
        },
        Bad {
            what: "a second-tile answer the engine did not ask",
            base: builder_game,
            // The builder goes down on this tile: it extends nothing yet.
            edit: |v| v["turns"][2]["actions"] = json!([{ "do": "second-tile", "take": true }]),
            error: "turn 3: the record answers `second-tile`, which the engine did not ask",
        },
        Bad {
            what: "two answers to one decision",
            base: builder_game,
            edit: |v| v["turns"][4]["actions"] = json!([{ "do": "second-tile", "take": true }, { "do": "second-tile", "take": true }]),
            error: "turn 5: the record answers `second-tile`, which the engine did not ask",
        },
        Bad {
            what: "no answer to the second-tile decision",
            base: builder_game,
            edit: |v| {
                v["turns"][4]
                    .as_object_mut()
                    .expect("an entry")
                    .remove("actions");
            },
            error: "turn 5: the engine asks player 0 to take the builder's second tile or not; the entry's `actions` do not answer",
        },
        Bad {
            what: "a second-tile answer without `take`",
            base: builder_game,
            edit: |v| v["turns"][4]["actions"] = json!([{ "do": "second-tile" }]),
            error: "turn 5: the engine asks player 0 to take the builder's second tile or not; the record answers `second-tile`: `second-tile` needs `take`",
        },
        Bad {
            what: "an unknown answer",
            base: builder_game,
            edit: |v| v["turns"][4]["actions"] = json!([{ "do": "jump" }]),
            error: "turn 5: the engine asks player 0 to take the builder's second tile or not; the record answers `jump`",
        },
        Bad {
            what: "a builder without an own follower on the road",
            base: builder_game,
            edit: |v| v["turns"][0]["follower"]["kind"] = json!("builder"),
            error: "turn 1: illegal move: the builder goes only onto a feature that already holds one of its owner's followers",
        },
        Bad {
            what: "a builder on a road of no follower of its owner",
            base: builder_game,
            edit: |v| {
                v["turns"][3]["follower"] =
                    json!({ "kind": "builder", "feature": "road", "ports": ["E", "W"] })
            },
            error: "turn 4: illegal move: the builder goes only onto a feature that already holds one of its owner's followers",
        },
        Bad {
            what: "a builder on a field",
            base: builder_game,
            edit: |v| {
                v["turns"][2]["follower"] =
                    json!({ "kind": "builder", "feature": "field", "ports": ["Nw", "Ne", "En", "Wn"] })
            },
            error: "turn 3: illegal move: a builder cannot stand on a field",
        },
        Bad {
            what: "a pig on a road",
            base: builder_game,
            edit: |v| v["turns"][0]["follower"]["kind"] = json!("pig"),
            error: "turn 1: illegal move: a pig cannot stand on a road",
        },
        Bad {
            what: "a second-tile answer given by the other player",
            base: builder_game,
            edit: |v| v["turns"][4]["actions"][0]["player"] = json!(1),
            error: "turn 5: the engine asks player 0 to take the builder's second tile or not; the record's `second-tile` is player 1's",
        },
        Bad {
            what: "return-abbot without an abbot out",
            base: abbot_game,
            edit: |v| v["turns"][0] = json!({ "player": 0, "tile": "B", "x": 0, "y": 1, "rotation": 0, "actions": [{ "do": "return-abbot" }] }),
            error: "turn 1: illegal move: abbot rule: the player has no abbot on the board to take back",
        },
        Bad {
            what: "return-abbot by the player whose abbot is not out",
            base: abbot_game,
            edit: |v| v["turns"][1]["actions"] = json!([{ "do": "return-abbot" }]),
            error: "turn 2: illegal move: abbot rule: the player has no abbot on the board to take back",
        },
        Bad {
            what: "return-abbot given by the other player",
            base: abbot_game,
            edit: |v| v["turns"][2]["actions"][0]["player"] = json!(1),
            error: "turn 3: the engine asks player 0 to deploy a figure or pass; the record's `return-abbot` is player 1's",
        },
        Bad {
            what: "return-abbot with a `take`",
            base: abbot_game,
            edit: |v| v["turns"][2]["actions"][0]["take"] = json!(true),
            error: "turn 3: the engine asks player 0 to deploy a figure or pass; the record answers `return-abbot`: `return-abbot` takes no `take`",
        },
        Bad {
            what: "return-abbot and a figure on one tile",
            base: abbot_game,
            edit: |v| {
                v["turns"][2]["follower"] =
                    json!({ "kind": "normal", "feature": "road", "ports": ["E", "W"] })
            },
            error: "turn 3: the record answers `return-abbot`, which the engine did not ask",
        },
        Bad {
            what: "return-abbot where no one has an abbot",
            base: builder_game,
            edit: |v| v["turns"][1]["actions"] = json!([{ "do": "return-abbot" }]),
            error: "turn 2: illegal move: `return-abbot` does not answer the pending decision: deploy a figure or pass",
        },
        Bad {
            what: "an abbot where the ruleset has none",
            base: builder_game,
            edit: |v| v["turns"][0]["follower"]["kind"] = json!("abbot"),
            error: "turn 1: illegal move: the abbot is not played in this ruleset",
        },
    ]
}

#[test]
fn wrong_answers_are_refused_with_the_turn() {
    let (mut ws, dir) = workspace("turn-parts", "bad");
    let mut wrong = Vec::new();
    for b in bad_records() {
        let mut v = (b.base)();
        (b.edit)(&mut v);
        match replay(&v) {
            Ok(_) => wrong.push(format!("{}: replays", b.what)),
            Err(e) if !e.starts_with(b.error) => {
                wrong.push(format!("{}:\n  got    {e}\n  wanted {}", b.what, b.error))
            }
            Err(_) => {}
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
