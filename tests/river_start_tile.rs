//! The base game's start tile when the River's spring starts, as
//! `unused_start_tiles` says: left out ("The original starting tile is not
//! used", 000_9deb58b1a7d17d38.txt L460), shuffled into the land tiles (fn 8,
//! L613), "mixed into the stack of river tiles, or placed as soon as the
//! river has been completed, and ... treated like a normal tile" (fn 7, L612).
//! Seeded games show where the tile is drawn.

use carcassonne_runtime::bots::BotKind;
use carcassonne_runtime::tables::{Edge, Ruleset};
use carcassonne_tests::{compile_ruleset, repo_root, temp_dir, write};

/// base_river1 with `unused_start_tiles = mode`, compiled now.
fn base_river1_with(mode: &str) -> &'static Ruleset {
    let dir = temp_dir(&format!("unused-start-{mode}"));
    let path = dir.join(format!("{}.toml", mode.replace('-', "_")));
    let tiles = repo_root().join("tiles");
    write(
        &path,
        format!(
            "[ruleset]\nid = \"r\"\nsets = [\"base\", \"river1\"]\nmechanics = [\"river\"]\ntiles = {:?}\n\
             [options]\nstart_tile = \"RI/s\"\nunused_start_tiles = \"{mode}\"\n",
            tiles.display().to_string()
        ),
    );
    compile_ruleset(&path)
}

/// The tiles drawn in a seeded 2-player random game, in order (placed or
/// discarded), as whether each is a river tile and its id.
fn draws(rules: &'static Ruleset, seed: u64) -> Vec<(bool, String)> {
    let rec =
        carcassonne::play::play(rules, 2, seed, &[BotKind::Random; 2], true).expect("a bot game");
    rec.turns
        .iter()
        .filter_map(|t| t.tile.clone().or_else(|| t.discarded.clone()))
        .map(|id| {
            let t = &rules.tiles[rules.tile_index(&id).expect("a tile of the ruleset")];
            (t.edges.contains(&Edge::River), id)
        })
        .collect()
}

/// Where the river ends in the draw order: one past its last tile.
fn river_end(d: &[(bool, String)]) -> usize {
    d.iter().rposition(|(river, _)| *river).map_or(0, |i| i + 1)
}

const SEEDS: std::ops::Range<u64> = 1..41;

/// Under `mode` the game has `total` tiles, the river is drawn whole before
/// any land tile, and `d` copies of D are drawn in every game.
fn land_only_after_the_river(mode: &str, total: u16, d: usize) {
    let rules = base_river1_with(mode);
    assert_eq!(rules.total, total);
    assert!(rules.with_river.is_empty());
    for seed in SEEDS {
        let draws = draws(rules, seed);
        let end = river_end(&draws);
        assert!(draws[..end].iter().all(|(river, _)| *river), "seed {seed}");
        let ds = draws.iter().filter(|(_, id)| id == "D").count();
        assert_eq!(ds, d, "seed {seed}");
    }
}

#[test]
fn removed_by_default_l460() {
    land_only_after_the_river("remove", 83, 3);
}

#[test]
fn shuffled_into_the_land_tiles_fn8_l613() {
    land_only_after_the_river("shuffle", 84, 4);
}

#[test]
fn mixed_into_the_river_stack_fn7_l612() {
    let rules = base_river1_with("river");
    assert_eq!(rules.total, 84);
    let d_index = rules.tile_index("D").unwrap() as u16;
    assert_eq!(rules.with_river, &[d_index]);
    let mut places = std::collections::BTreeSet::new();
    for seed in SEEDS {
        let d = draws(rules, seed);
        let end = river_end(&d);
        // One land tile among the river tiles: the old start tile, drawn
        // before the lake (which stays last, L460), played as a normal tile.
        let land: Vec<usize> = (0..end).filter(|&i| !d[i].0).collect();
        assert_eq!(land.len(), 1, "seed {seed}: {:?}", &d[..end]);
        assert_eq!(d[land[0]].1, "D", "seed {seed}");
        let t = &rules.tiles[rules.tile_index(&d[end - 1].1).unwrap()];
        let river_sides = t.edges.iter().filter(|&&e| e == Edge::River).count();
        assert_eq!(
            river_sides, 1,
            "seed {seed}: the lake is drawn last, not {}",
            t.id
        );
        places.insert(land[0]);
        assert_eq!(
            d.iter().filter(|(_, id)| id == "D").count(),
            4,
            "seed {seed}"
        );
    }
    assert!(
        places.len() >= 5,
        "mixed in, not at a fixed place: {places:?}"
    );
}

#[test]
fn first_tile_after_the_river_fn7_l612() {
    let rules = base_river1_with("after-river");
    assert_eq!(rules.total, 84);
    for seed in SEEDS {
        let d = draws(rules, seed);
        let end = river_end(&d);
        assert!(d[..end].iter().all(|(river, _)| *river), "seed {seed}");
        assert_eq!(d[end].1, "D", "seed {seed}: {:?}", &d[end..end + 3]);
        assert_eq!(
            d.iter().filter(|(_, id)| id == "D").count(),
            4,
            "seed {seed}"
        );
    }
}
