//! The seeds' worked examples as scenario tests (tests/scenarios/*.json).
//!
//! Each scenario is a hand-written game record without a seed: its tiles are
//! placed in the order given, by the players given, then the game is scored
//! as if it ended there (`replay --final`). The test name is the example's id,
//! which names the seed section and line (`base-road-L146`: the base game,
//! 000_9deb58b1a7d17d38.txt line 146; `s1-…`: 001_46b8449c567a6f1a.txt; `ic-…`:
//! Inns & Cathedrals in 000_…). The boards are reconstructions (the seeds'
//! pictures are missing); docs/research/worked_examples.md explains each one.

use carcassonne_runtime::engine::When;
use carcassonne_runtime::record::{replay, Record};
use carcassonne_runtime::Ruleset;
use serde_json::Value;

/// A scenario record of `tests/scenarios/` (`file` without `.json`): the
/// record, its `scenario` notes, its compiled-in ruleset.
fn scenario(file: &str) -> (Record, Value, &'static Ruleset) {
    let path = format!(
        "{}/../tests/scenarios/{file}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let rec: Record = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    let meta: Value = serde_json::from_str::<Value>(&text).unwrap()["scenario"].clone();
    let rules = carcassonne_runtime::ruleset(&rec.ruleset).expect("compiled-in ruleset");
    (rec, meta, rules)
}

fn run(id: &str) {
    let (rec, meta, rules) = scenario(id);
    let out = replay(&rec, rules, true).unwrap_or_else(|e| panic!("{id}: {e}"));
    let players = rec.players as usize;
    let mut during = vec![0u32; players];
    let mut fin = vec![0u32; players];
    for e in &out.events {
        match e.when {
            When::End => fin[e.player as usize] += e.points,
            _ => during[e.player as usize] += e.points,
        }
    }
    let want = |k: &str| -> Vec<u32> {
        meta[k]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap() as u32)
            .collect()
    };
    let colors = &meta["colors"];
    assert_eq!(
        (during.clone(), fin.clone()),
        (want("expect_during"), want("expect_final")),
        "{id} ({} {}; players {colors}): (during, final) points differ; the seed says: {}",
        meta["seed"],
        meta["lines"],
        meta["says"]
    );
    let total: Vec<i32> = during
        .iter()
        .zip(&fin)
        .map(|(a, b)| (a + b) as i32)
        .collect();
    assert_eq!(
        total,
        out.game.scores(),
        "{id}: events must add up to the scores"
    );
}

macro_rules! scenarios {
    ($($name:ident => $id:literal,)*) => {
        $(
            #[test]
            fn $name() {
                run($id);
            }
        )*
    };
}

scenarios! {
    base_city_l170 => "base-city-L170",
    base_city_l171 => "base-city-L171",
    base_city_l183 => "base-city-L183",
    base_cloister_l188 => "base-cloister-L188",
    base_deploy_l201 => "base-deploy-L201",
    base_deploy_l202 => "base-deploy-L202",
    base_farm_l249 => "base-farm-L249",
    base_farm_l250 => "base-farm-L250",
    base_farm_l254 => "base-farm-L254",
    base_farm_l255 => "base-farm-L255",
    base_farm_l272 => "base-farm-L272",
    base_farm_l280 => "base-farm-L280",
    base_farm_l286 => "base-farm-L286",
    base_farm_l381 => "base-farm-L381",
    base_farm_l381_legacy_2000 => "base-farm-L381-legacy-2000",
    base_final_l238a => "base-final-L238a",
    base_final_l238b => "base-final-L238b",
    base_final_l238c => "base-final-L238c",
    base_final_l238d => "base-final-L238d",
    base_final_l244a => "base-final-L244a",
    base_final_l244b => "base-final-L244b",
    base_road_l146 => "base-road-L146",
    base_road_l147 => "base-road-L147",
    base_samecolour_l225 => "base-samecolour-L225",
    base_smallcity_l209a => "base-smallcity-L209a",
    base_smallcity_l209b => "base-smallcity-L209b",
    ic_cathedral_l725 => "ic-cathedral-L725",
    ic_cathedral_l726 => "ic-cathedral-L726",
    ic_inn_l688 => "ic-inn-L688",
    ic_inn_l714 => "ic-inn-L714",
    ic_inn_l715 => "ic-inn-L715",
    ic_inn_l716 => "ic-inn-L716",
    s1_city_l127 => "s1-city-L127",
    s1_city_l213 => "s1-city-L213",
    s1_deploy_l229 => "s1-deploy-L229",
    s1_farm_l372_l374 => "s1-farm-L372-L374",
    s1_farm_l373 => "s1-farm-L373",
    s1_final_l190 => "s1-final-L190",
    s1_final_l191 => "s1-final-L191",
    s1_final_l192 => "s1-final-L192",
    s1_final_l193 => "s1-final-L193",
    s1_monastery_l152 => "s1-monastery-L152",
    s1_road_l206 => "s1-road-L206",
    s1_road_l98 => "s1-road-L98",
    syn_ic_bigfollower_l694 => "syn-ic-bigfollower-L694",
    am_barn_l1779 => "am-barn-L1779",
    am_barn_l1792 => "am-barn-L1792",
    river2_fork_s0_l472 => "river2-fork-S0-L472",
    river2_branches_one_cell_s0_l506 => "river2-branches-one-cell-S0-L506",
    mw_nowhere_l141 => "mw-nowhere-L141",
}

/// Both branches aimed at one empty cell: a river tile there would join
/// them (000_… L472, 001_… L593, 002_… L794), so every river tile left, the
/// lake too, fits nowhere and is removed like any tile (000_… L100); the
/// river stays unfinished and the game goes on (000_… L506, 002_… L800-L802).
#[test]
fn river2_branches_aimed_at_one_cell_leave_the_river_unfinished() {
    let (rec, _, rules) = scenario("river2-branches-one-cell-S0-L506");
    let game = replay(&rec, rules, false).unwrap().game;
    assert!(game.tile_at(3, 0).is_none());
    for left in ["RI.2/CIcI", "RI.2/RIrI", "RI.2/IFC", "RI.2/I.v"] {
        let mut g = game.clone();
        g.force_draw(rules.tile_index(left).unwrap() as u16)
            .unwrap();
        assert_eq!(g.placements(), vec![], "{left} must fit nowhere");
    }
    // The land tiles that follow are placed as usual, never in the gap.
    let mut g = game.clone();
    g.force_draw(rules.tile_index("D").unwrap() as u16).unwrap();
    let land = g.placements();
    assert!(!land.is_empty());
    assert!(land.iter().all(|p| (p.x, p.y) != (3, 0)));
}

/// A record in `tests/scenarios/refused/` that breaks a rule the seed
/// states: `replay` must refuse it at the turn its `scenario` names, for the
/// reason named (kept apart so the renderer's sweep of the accepted
/// scenarios does not meet it).
fn refused(id: &str) {
    let (rec, meta, rules) = scenario(&format!("refused/{id}"));
    let turn = meta["refuse_turn"].as_u64().unwrap() as usize;
    let reason = meta["refuse_reason"].as_str().unwrap();
    match replay(&rec, rules, true) {
        Ok(_) => panic!(
            "{id}: replay accepts the record; the seed ({} {}) says: {}",
            meta["seed"], meta["lines"], meta["says"]
        ),
        Err(e) => {
            assert_eq!(e.turn, turn, "{id}: refused at the wrong turn: {e}");
            assert!(e.reason.contains(reason), "{id}: refused for: {e}");
        }
    }
    // Every turn before the refused one is legal.
    let mut before = rec.clone();
    before.turns.truncate(turn - 1);
    replay(&before, rules, true).unwrap_or_else(|e| panic!("{id}, turns before {turn}: {e}"));
}

macro_rules! refused {
    ($($name:ident => $id:literal,)*) => {
        $(
            #[test]
            fn $name() {
                refused($id);
            }
        )*
    };
}

refused! {
    river2_fork_uturn_s0_l478 => "river2-fork-uturn-S0-L478",
    river2_fork_three_same_way_s1_l599 => "river2-fork-three-same-way-S1-L599",
    am_barn_city_corner_l1765 => "am-barn-city-corner-L1765",
}
