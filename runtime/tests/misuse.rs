//! Misusing the API, as a property over seeded games of every compiled-in
//! ruleset: every illegal move is refused with a `MoveError` and leaves the
//! game bit-for-bit unchanged; every move the engine accepts is one of
//! `legal_moves()`; `check` and `apply` agree. The moves thrown are random
//! (positions on and off the board, rotations past 3) or a legal move bent
//! one way (turned, shifted, a follower on another segment, of another kind),
//! and the test fails unless every kind of `MoveError` was provoked.

use std::collections::BTreeMap;

use carcassonne_runtime::engine::{
    Action, ActionError, Arg, Decision, Deploy, FollowerKind, Game, Move, MoveError, Placement,
    Spot, Verb,
};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// Every kind of refusal. The match is exhaustive so that a new kind of
/// `MoveError` must be added here, and then provoked by the test; a
/// module's refusal is named by its module and reason.
fn kind(e: &MoveError) -> String {
    match e {
        MoveError::GameOver => "GameOver".into(),
        MoveError::NotOpen { .. } => "NotOpen".into(),
        MoveError::BadRotation(_) => "BadRotation".into(),
        MoveError::DoesNotFit { .. } => "DoesNotFit".into(),
        MoveError::NoSuchSegment { .. } => "NoSuchSegment".into(),
        MoveError::NotClaimable(_) => "NotClaimable".into(),
        MoveError::NoFarmers => "NoFarmers".into(),
        MoveError::Occupied => "Occupied".into(),
        MoveError::NoFollowerLeft(_) => "NoFollowerLeft".into(),
        MoveError::NotPlayed(_) => "NotPlayed".into(),
        MoveError::WrongFeature { .. } => "WrongFeature".into(),
        MoveError::NeedsOwnFollower(_) => "NeedsOwnFollower".into(),
        MoveError::Waiting(_) => "Waiting".into(),
        MoveError::Banned(_) => "Banned".into(),
        MoveError::Rule { .. } => e.to_string(),
    }
}

/// Provoked through `apply(Move)` (a module's refusals by their module and
/// the start of their reason; the abbot's and the barn's only have
/// actions).
const KINDS: [&str; 16] = [
    "GameOver",
    "NotOpen",
    "BadRotation",
    "DoesNotFit",
    "river rule: a river tile must continue",
    "heretics rule: a",
    "NoSuchSegment",
    "NotClaimable",
    "NoFarmers",
    "Occupied",
    "NoFollowerLeft",
    "NotPlayed",
    "WrongFeature",
    "NeedsOwnFollower",
    "Waiting",
    "Banned",
];

/// Whether a refusal named `k` (or starting so) was seen.
fn seen(refused: &BTreeMap<String, u32>, k: &str) -> bool {
    refused.keys().any(|r| r.starts_with(k))
}

fn random_deploy(rng: &mut Pcg64Mcg) -> Deploy {
    Deploy {
        segment: rng.random_range(0..12),
        kind: if rng.random_bool(0.5) {
            FollowerKind::ALL[rng.random_range(0..FollowerKind::ALL.len())]
        } else {
            FollowerKind::Normal
        },
    }
}

/// A move that is probably illegal, in one of several ways.
fn bent_move(g: &Game, legal: &[Move], rng: &mut Pcg64Mcg) -> Move {
    let any = Move {
        placement: Placement {
            x: 0,
            y: 0,
            rotation: 0,
        },
        deploy: None,
    };
    let base = legal
        .get(rng.random_range(0..legal.len().max(1)))
        .copied()
        .unwrap_or(any);
    match if legal.is_empty() {
        0
    } else {
        rng.random_range(0..4)
    } {
        // Anywhere near the board, any rotation, any follower.
        0 => {
            let near = g.placed()[rng.random_range(0..g.placed().len())];
            Move {
                placement: Placement {
                    x: near.x + rng.random_range(-2..=2),
                    y: near.y + rng.random_range(-2..=2),
                    rotation: rng.random_range(0..6),
                },
                deploy: rng.random_bool(0.7).then(|| random_deploy(rng)),
            }
        }
        // A legal move turned.
        1 => Move {
            placement: Placement {
                rotation: (base.placement.rotation + rng.random_range(1..6)) % 6,
                ..base.placement
            },
            ..base
        },
        // A legal move shifted one step.
        2 => {
            let (dx, dy) = [(1, 0), (-1, 0), (0, 1), (0, -1)][rng.random_range(0..4)];
            Move {
                placement: Placement {
                    x: base.placement.x + dx,
                    y: base.placement.y + dy,
                    ..base.placement
                },
                ..base
            }
        }
        // A legal placement with another follower.
        _ => Move {
            deploy: Some(random_deploy(rng)),
            ..base
        },
    }
}

#[test]
fn every_illegal_move_is_refused_and_changes_nothing() {
    let mut refused: BTreeMap<String, u32> = BTreeMap::new();
    let mut accepted = 0;
    for rules in carcassonne_runtime::rulesets() {
        for seed in 0..20 {
            let mut g = Game::new(rules, 2, seed).unwrap();
            let mut rng = Pcg64Mcg::seed_from_u64(seed);
            while let Some(pending) = g.pending() {
                if pending.decision != Decision::Place {
                    // A move is no answer to another decision.
                    let mut copy = g.clone();
                    let mv = bent_move(&g, &[], &mut rng);
                    let e = copy.apply(mv).unwrap_err();
                    assert_eq!(copy, g, "{} seed {seed}", rules.id);
                    *refused.entry(kind(&e)).or_default() += 1;
                    let legal = g.legal_actions();
                    let a = legal[rng.random_range(0..legal.len())];
                    g.apply_action(a, &mut Vec::new()).unwrap();
                    continue;
                }
                let legal = g.legal_moves();
                if legal.is_empty() {
                    // The tile fits only with a bridge (000_9deb58b1a7d17d38.txt
                    // L2478): no move places it, an action does.
                    let actions = g.legal_actions();
                    let a = actions[rng.random_range(0..actions.len())];
                    g.apply_action(a, &mut Vec::new()).unwrap();
                    continue;
                }
                for _ in 0..8 {
                    let mv = bent_move(&g, &legal, &mut rng);
                    let checked = g.check(mv);
                    let mut copy = g.clone();
                    match copy.apply(mv) {
                        Err(e) => {
                            assert_eq!(
                                copy, g,
                                "{} seed {seed}: a refused {mv:?} changed the game",
                                rules.id
                            );
                            assert_eq!(checked, Err(e.clone()), "{} seed {seed}", rules.id);
                            *refused.entry(kind(&e)).or_default() += 1;
                        }
                        Ok(_) => {
                            assert!(
                                legal.contains(&mv),
                                "{} seed {seed}: {mv:?} accepted but not legal",
                                rules.id
                            );
                            assert_eq!(checked, Ok(()), "{} seed {seed}", rules.id);
                            accepted += 1;
                        }
                    }
                }
                // Followers go out often, so that supplies run dry.
                let with = legal.iter().filter(|m| m.deploy.is_some()).count();
                let pick = if with > 0 && rng.random_bool(0.8) {
                    *legal
                        .iter()
                        .filter(|m| m.deploy.is_some())
                        .nth(rng.random_range(0..with))
                        .unwrap()
                } else {
                    legal[rng.random_range(0..legal.len())]
                };
                g.apply(pick).unwrap();
            }
            // After the end, every move is refused.
            let mut copy = g.clone();
            let mv = Move {
                placement: Placement {
                    x: 0,
                    y: 0,
                    rotation: 0,
                },
                deploy: None,
            };
            let e = copy.apply(mv).unwrap_err();
            *refused.entry(kind(&e)).or_default() += 1;
            assert_eq!(copy, g);
        }
    }
    eprintln!("accepted {accepted}, refused {refused:?}");
    let missing: Vec<&str> = KINDS
        .iter()
        .copied()
        .filter(|k| !seen(&refused, k))
        .collect();
    assert!(
        missing.is_empty(),
        "never provoked: {missing:?} (refused {refused:?})"
    );
    assert!(accepted > 100, "accepted {accepted}");
}

/// A probably illegal answer to whatever the game asks.
fn bent_action(g: &Game, legal: &[Action], rng: &mut Pcg64Mcg) -> Action {
    let near = g.placed()[rng.random_range(0..g.placed().len())];
    let p = Placement {
        x: near.x + rng.random_range(-2..=2),
        y: near.y + rng.random_range(-2..=2),
        rotation: rng.random_range(0..5),
    };
    match rng.random_range(0..17) {
        0 => legal[rng.random_range(0..legal.len())],
        // The bazaar: a tile face up that may not exist or be taken, a bid
        // below, at or over the highest (or past the most taken), a deal
        // word out of range, unasked or in another's place.
        16 => {
            let verb = ["bazaar-choose", "bazaar-bid", "bazaar-deal"][rng.random_range(0..3)];
            match verb {
                "bazaar-deal" => Action::verb(verb, Arg::Word(rng.random_range(0..4))),
                "bazaar-choose" => Action::verb(verb, Arg::Number(rng.random_range(0..10))),
                _ => Action::verb(verb, Arg::Number(rng.random_range(0..120))),
            }
        }
        // The Tower: a piece, a top or a capture on any tile (or one past
        // the board), a prisoner of anyone's of any kind bought back or
        // exchanged.
        13 => {
            let verb = ["tower-piece", "tower-top", "tower-top-big", "capture-top"]
                [rng.random_range(0..4)];
            Action::verb(
                verb,
                Arg::Tile(rng.random_range(0..g.placed().len() as u16 + 2)),
            )
        }
        14 => {
            let verb = ["ransom", "exchange", "capture"][rng.random_range(0..3)];
            let player = rng.random_range(0..g.players() + 1);
            let kind = FollowerKind::ALL[rng.random_range(0..FollowerKind::ALL.len())];
            match verb {
                "capture" => Action::verb(
                    verb,
                    Arg::Spot(Spot {
                        placed: rng.random_range(0..g.placed().len() as u16 + 2),
                        segment: rng.random_range(0..12),
                        kind,
                        player,
                    }),
                ),
                _ => Action::verb(verb, Arg::Held { player, kind }),
            }
        }
        // Into a quarter of the City, or the Count moved, unasked or with a
        // figure that may not go there (000_9deb58b1a7d17d38.txt L1962).
        15 => {
            let verb = [
                "to-castle",
                "to-market",
                "to-blacksmith",
                "to-cathedral",
                "move-count",
            ][rng.random_range(0..5)];
            Action::verb(verb, Arg::Word(rng.random_range(0..6)))
        }
        1 => Action::Deploy(random_deploy(rng)),
        2 => Action::verb("return-abbot", Arg::None),
        3 => Action::verb("second-tile", Arg::Bool(rng.random_bool(0.5))),
        4 => Action::Pass,
        5 => Action::Draw,
        6 => Action::verb("barn", Arg::Corner(rng.random_range(0..6))),
        7 => Action::verb(
            "move-wagon",
            Arg::Spot(Spot {
                placed: rng.random_range(0..g.placed().len() as u16 + 2),
                segment: rng.random_range(0..12),
                kind: FollowerKind::Wagon,
                player: g.to_move(),
            }),
        ),
        // An abbey somewhere near, or a legal one turned.
        8 => match legal.iter().find(|a| a.name() == "abbey") {
            Some(&Action::Do(Verb {
                arg: Arg::Placement(q),
                ..
            })) if rng.random_bool(0.5) => Action::verb(
                "abbey",
                Arg::Placement(Placement {
                    rotation: rng.random_range(1..4),
                    ..q
                }),
            ),
            _ => Action::verb("abbey", Arg::Placement(p)),
        },
        9 => Action::verb("dragon", Arg::Dir(rng.random_range(0..5))),
        // The fairy, a portal or the princess to a random spot, or a legal
        // answer of theirs bent to another segment or tile.
        10 | 11 => {
            let verb = ["fairy", "portal", "princess", "from-city"][rng.random_range(0..4)];
            let spot = match legal.iter().find(|a| a.name() == verb) {
                Some(&Action::Do(Verb {
                    arg: Arg::Spot(s), ..
                })) if rng.random_bool(0.5) => Spot {
                    segment: s.segment + rng.random_range(1..3),
                    placed: s.placed ^ rng.random_range(0..2),
                    ..s
                },
                _ => Spot {
                    placed: rng.random_range(0..g.placed().len() as u16 + 2),
                    segment: rng.random_range(0..12),
                    kind: FollowerKind::ALL[rng.random_range(0..FollowerKind::ALL.len())],
                    player: rng.random_range(0..g.players()),
                },
            };
            Action::verb(verb, Arg::Spot(spot))
        }
        _ => Action::Place(p),
    }
}

/// `legal_actions` is the one authority: `apply_action` accepts exactly its
/// answers, and a refused action leaves the game as it was, in every ruleset.
#[test]
fn every_illegal_action_is_refused_and_changes_nothing() {
    let mut refused: BTreeMap<String, u32> = BTreeMap::new();
    let mut accepted = 0;
    for rules in carcassonne_runtime::rulesets() {
        for seed in 0..6 {
            let mut g = Game::new(rules, 2, seed).unwrap();
            let mut rng = Pcg64Mcg::seed_from_u64(seed);
            while g.pending().is_some() {
                let legal = g.legal_actions();
                assert!(
                    !legal.is_empty(),
                    "{} seed {seed}: a decision without answers",
                    rules.id
                );
                for _ in 0..6 {
                    let a = bent_action(&g, &legal, &mut rng);
                    let mut copy = g.clone();
                    match copy.apply_action(a, &mut Vec::new()) {
                        Err(e) => {
                            assert_eq!(
                                copy, g,
                                "{} seed {seed}: a refused {a:?} changed the game",
                                rules.id
                            );
                            assert!(
                                !legal.contains(&a),
                                "{} seed {seed}: legal {a:?} refused: {e}",
                                rules.id
                            );
                            let k = match e {
                                ActionError::WrongPlayer { .. } => "WrongPlayer".to_string(),
                                ActionError::ChanceDecides { .. } => "ChanceDecides".to_string(),
                                ActionError::Illegal(m) => kind(&m),
                                ActionError::NotNow { .. } => "NotNow".to_string(),
                                ActionError::GameOver => "GameOver".to_string(),
                            };
                            *refused.entry(k).or_default() += 1;
                        }
                        Ok(()) => {
                            assert!(
                                legal.contains(&a),
                                "{} seed {seed}: {a:?} accepted but not legal",
                                rules.id
                            );
                            accepted += 1;
                        }
                    }
                }
                let a = legal[rng.random_range(0..legal.len())];
                g.apply_action(a, &mut Vec::new()).unwrap();
            }
            let e = g
                .clone()
                .apply_action(Action::Pass, &mut Vec::new())
                .unwrap_err();
            assert_eq!(e, ActionError::GameOver);
        }
    }
    eprintln!("accepted {accepted}, refused {refused:?}");
    for k in [
        "NotNow",
        "abbot rule",
        "barn rule",
        "NeedsOwnFollower",
        "WrongFeature",
        "Occupied",
        "DoesNotFit",
        "abbey rule: the abbey goes only into a hole",
        "abbey rule: the abbey is placed unrotated",
        "wagon rule",
        "dragon rule",
        "fairy rule",
        "portal rule",
        "princess rule",
        "tower rule: a tower piece goes",
        "tower rule: a follower goes on top",
        "tower rule: a ransom",
        "bazaars rule: choose one of the tiles",
        "bazaars rule: raise the highest bid",
        "bazaars rule: the chooser bids",
        "bazaars rule: buy the tile",
        "Banned",
    ] {
        assert!(
            seen(&refused, k),
            "never provoked: {k} (refused {refused:?})"
        );
    }
    assert!(accepted > 100, "accepted {accepted}");
}

/// An answer by a player the game does not ask is refused, whoever's turn
/// it is, and changes nothing; the asked player's answer goes through.
#[test]
fn an_answer_by_the_wrong_player_is_refused() {
    let rules = carcassonne_runtime::ruleset("base_traders_builders").unwrap();
    let mut g = Game::new(rules, 3, 7).unwrap();
    let mut rng = Pcg64Mcg::seed_from_u64(7);
    let mut refused = 0;
    while g.pending().is_some() {
        let legal = g.legal_actions();
        let a = legal[rng.random_range(0..legal.len())];
        let me = g.to_move();
        for other in (0..3).filter(|&p| p != me) {
            let mut copy = g.clone();
            let e = copy.apply_action_by(other, a, &mut Vec::new()).unwrap_err();
            assert_eq!(
                e,
                ActionError::WrongPlayer {
                    player: other,
                    asked: me
                }
            );
            assert_eq!(copy, g);
            refused += 1;
        }
        g.apply_action_by(me, a, &mut Vec::new()).unwrap();
    }
    assert!(refused > 200);
    let e = g
        .apply_action_by(0, Action::Pass, &mut Vec::new())
        .unwrap_err();
    assert_eq!(e, ActionError::GameOver);
}
