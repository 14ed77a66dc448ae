//! Misusing the API, as a property over seeded games of every compiled-in
//! ruleset: every illegal move is refused with a `MoveError` and leaves the
//! game bit-for-bit unchanged; every move the engine accepts is one of
//! `legal_moves()`; `check` and `apply` agree. The moves thrown are random
//! (positions on and off the board, rotations past 3) or a legal move bent
//! one way (turned, shifted, a follower on another segment, of another kind),
//! and the test fails unless every kind of `MoveError` was provoked.

use std::collections::BTreeMap;

use carcassonne_runtime::engine::{Deploy, FollowerKind, Game, Move, MoveError, Placement};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// Every kind of refusal. The match is exhaustive so that a new kind of
/// `MoveError` must be added here, and then provoked by the test.
fn kind(e: &MoveError) -> &'static str {
    match e {
        MoveError::GameOver => "GameOver",
        MoveError::NotOpen { .. } => "NotOpen",
        MoveError::BadRotation(_) => "BadRotation",
        MoveError::DoesNotFit { .. } => "DoesNotFit",
        MoveError::River(_) => "River",
        MoveError::NoSuchSegment { .. } => "NoSuchSegment",
        MoveError::NotClaimable(_) => "NotClaimable",
        MoveError::NoFarmers => "NoFarmers",
        MoveError::Occupied => "Occupied",
        MoveError::NoFollowerLeft(_) => "NoFollowerLeft",
        MoveError::NoBigFollower => "NoBigFollower",
    }
}

const KINDS: [&str; 11] = [
    "GameOver",
    "NotOpen",
    "BadRotation",
    "DoesNotFit",
    "River",
    "NoSuchSegment",
    "NotClaimable",
    "NoFarmers",
    "Occupied",
    "NoFollowerLeft",
    "NoBigFollower",
];

fn random_deploy(rng: &mut Pcg64Mcg) -> Deploy {
    Deploy {
        segment: rng.random_range(0..12),
        kind: if rng.random_bool(0.3) {
            FollowerKind::Big
        } else {
            FollowerKind::Normal
        },
    }
}

/// A move that is probably illegal, in one of several ways.
fn bent_move(g: &Game, legal: &[Move], rng: &mut Pcg64Mcg) -> Move {
    let base = legal[rng.random_range(0..legal.len())];
    match rng.random_range(0..4) {
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
    let mut refused: BTreeMap<&'static str, u32> = BTreeMap::new();
    let mut accepted = 0;
    for rules in carcassonne_runtime::rulesets() {
        for seed in 0..20 {
            let mut g = Game::new(rules, 2, seed).unwrap();
            let mut rng = Pcg64Mcg::seed_from_u64(seed);
            while !g.is_over() {
                let legal = g.legal_moves();
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
        .filter(|k| !refused.contains_key(k))
        .collect();
    assert!(
        missing.is_empty(),
        "never provoked: {missing:?} (refused {refused:?})"
    );
    assert!(accepted > 100, "accepted {accepted}");
}
