//! Bridges of Bridges, Castles & Bazaars (000_9deb58b1a7d17d38.txt
//! L2465-L2483, fn 13-19 L2580-L2586).

use carcassonne_runtime::engine::{Action, Game};
use rand::{Rng, SeedableRng};

fn bcb() -> &'static carcassonne_runtime::tables::Ruleset {
    carcassonne_runtime::ruleset("base_bridges_castles_bazaars").unwrap()
}

#[test]
fn random_games_play_to_the_end() {
    for seed in 0..200u64 {
        let mut g = Game::new(bcb(), 2 + (seed % 4) as u8, seed).unwrap();
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
        let mut ev = Vec::new();
        let mut n = 0;
        while g.pending().is_some() {
            n += 1;
            let acts = g.legal_actions();
            assert!(!acts.is_empty(), "seed {seed}: no action at {:?}", g.pending());
            let a: Action = acts[rng.random_range(0..acts.len())];
            g.apply_action(a, &mut ev).unwrap();
        }
        if seed < 3 {
            let mut m = serde_json::Map::new();
            g.state_json(&mut m);
            eprintln!("{n} actions, {:?} {:?}", m.get("bridges"), g.scores());
        }
    }
}
