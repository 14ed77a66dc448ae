//! Criterion benchmarks of the engine's hot paths on the base ruleset (farms
//! on): a whole random game, legal-move generation, apply, clone of a
//! mid-game state, and final scoring. `cargo bench -p carcassonne-runtime`.

use std::hint::black_box;

use carcassonne_runtime::bench::{random_game, random_move, Buffers};
use carcassonne_runtime::engine::Game;
use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

fn rules() -> &'static carcassonne_runtime::Ruleset {
    carcassonne_runtime::ruleset("base").expect("base is compiled in")
}

/// States after `moves` random moves, for several seeds.
fn states(moves: usize) -> Vec<Game> {
    let mut buf = Buffers::new();
    (0..16)
        .map(|seed| {
            let mut g = Game::new(rules(), 2, seed).unwrap();
            let mut rng = Pcg64Mcg::seed_from_u64(seed);
            for _ in 0..moves {
                let Some(mv) = random_move(&g, &mut rng, &mut buf) else {
                    break;
                };
                g.apply(mv).unwrap();
            }
            g
        })
        .collect()
}

fn benches(c: &mut Criterion) {
    let mut buf = Buffers::new();
    let mut seed = 0u64;
    c.bench_function("random_game_base", |b| {
        b.iter(|| {
            seed += 1;
            black_box(random_game(rules(), seed, &mut buf))
        })
    });

    // Every turn of a game, so the average covers early and late positions.
    let turns: Vec<Game> = (0..70).flat_map(states).step_by(7).collect();
    let mut i = 0;
    c.bench_function("legal_placements_per_turn", |b| {
        b.iter(|| {
            i = (i + 1) % turns.len();
            turns[i].placements_into(&mut buf.placements);
            black_box(buf.placements.len())
        })
    });

    let mid = states(35);
    let mut rng = Pcg64Mcg::seed_from_u64(9);
    let moves: Vec<_> = mid
        .iter()
        .map(|g| random_move(g, &mut rng, &mut buf).unwrap())
        .collect();
    // The state is refilled with clone_from (untimed), as a bot would, so
    // apply runs on warm buffers with room to grow.
    let mut k = 0;
    let mut state = mid[0].clone();
    c.bench_function("apply_mid_game", |b| {
        b.iter_custom(|iters| {
            let mut total = std::time::Duration::ZERO;
            for _ in 0..iters {
                k = (k + 1) % mid.len();
                state.clone_from(&mid[k]);
                buf.events.clear();
                let start = std::time::Instant::now();
                state.apply_into(moves[k], &mut buf.events).unwrap();
                total += start.elapsed();
            }
            total
        })
    });

    let mut j = 0;
    c.bench_function("clone_mid_game", |b| {
        b.iter(|| {
            j = (j + 1) % mid.len();
            black_box(mid[j].clone())
        })
    });

    let mut scratch = mid[0].clone();
    let mut j2 = 0;
    c.bench_function("clone_from_mid_game", |b| {
        b.iter(|| {
            j2 = (j2 + 1) % mid.len();
            scratch.clone_from(&mid[j2]);
            black_box(&scratch);
        })
    });

    let late = states(69);
    let mut m = 0;
    c.bench_function("final_scoring", |b| {
        b.iter_batched_ref(
            || {
                m = (m + 1) % late.len();
                late[m].clone()
            },
            |g| black_box(g.finish()),
            BatchSize::SmallInput,
        )
    });
}

criterion_group!(engine, benches);
criterion_main!(engine);
