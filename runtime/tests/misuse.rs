//! Misusing the API: every illegal move is refused with a `MoveError` and
//! leaves the game bit-for-bit unchanged; every move the engine accepts is
//! one of `legal_moves()`. Random moves (positions on and off the board,
//! rotations past 3, segments that do not exist, big followers where there
//! are none, followers on occupied features) are thrown at seeded games in
//! every compiled-in ruleset.

use carcassonne_runtime::engine::{Deploy, FollowerKind, Game, Move, Placement};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

fn random_move(g: &Game, rng: &mut Pcg64Mcg) -> Move {
    let near = g.placed()[rng.random_range(0..g.placed().len())];
    let placement = Placement {
        x: near.x + rng.random_range(-2..=2),
        y: near.y + rng.random_range(-2..=2),
        rotation: rng.random_range(0..6),
    };
    let deploy = match rng.random_range(0..4) {
        0 => None,
        _ => Some(Deploy {
            segment: rng.random_range(0..12),
            kind: if rng.random_bool(0.3) {
                FollowerKind::Big
            } else {
                FollowerKind::Normal
            },
        }),
    };
    Move { placement, deploy }
}

#[test]
fn illegal_moves_change_nothing() {
    let mut refused = 0;
    let mut accepted = 0;
    for rules in carcassonne_runtime::rulesets() {
        for seed in 0..20 {
            let mut g = Game::new(rules, 2, seed).unwrap();
            let mut rng = Pcg64Mcg::seed_from_u64(seed);
            while !g.is_over() {
                let legal = g.legal_moves();
                for _ in 0..8 {
                    let mv = random_move(&g, &mut rng);
                    let mut copy = g.clone();
                    match copy.apply(mv) {
                        Err(_) => {
                            assert_eq!(
                                copy, g,
                                "{} seed {seed}: a refused {mv:?} changed the game",
                                rules.id
                            );
                            refused += 1;
                        }
                        Ok(_) => {
                            assert!(
                                legal.contains(&mv),
                                "{} seed {seed}: {mv:?} accepted but not legal",
                                rules.id
                            );
                            accepted += 1;
                        }
                    }
                }
                let mv = legal[rng.random_range(0..legal.len())];
                g.apply(mv).unwrap();
            }
            // After the end, every move is refused.
            let mut copy = g.clone();
            assert!(copy.apply(random_move(&g, &mut rng)).is_err());
            assert_eq!(copy, g);
        }
    }
    assert!(
        refused > 5_000 && accepted > 100,
        "refused {refused}, accepted {accepted}"
    );
}
