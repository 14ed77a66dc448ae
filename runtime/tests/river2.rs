//! River II's special tiles with and without their expansions
//! (000_9deb58b1a7d17d38.txt L472, L490-L492; 001_46b8449c567a6f1a.txt L606).

use carcassonne_runtime::bots::{BotKind, SimpleBot};
use carcassonne_runtime::engine::{
    Action, ActionError, Decision, Deploy, FollowerKind, Game, MoveError, Placement, Reason,
    ScoreEvent,
};
use carcassonne_runtime::tables::{Kind, Ruleset};

fn ruleset(id: &str) -> &'static Ruleset {
    carcassonne_runtime::ruleset(id).unwrap()
}

fn tile(r: &Ruleset, id: &str) -> u16 {
    r.tile_index(id)
        .unwrap_or_else(|| panic!("no tile {id} in {}", r.id)) as u16
}

fn at(x: i16, y: i16, rotation: u8) -> Placement {
    Placement { x, y, rotation }
}

fn part(g: &mut Game, player: u8, id: &str, p: Placement, wood: Action) -> Vec<ScoreEvent> {
    let mut ev = Vec::new();
    g.force_player(player).unwrap();
    g.force_draw(tile(g.rules(), id)).unwrap();
    g.apply_action(Action::Place(p), &mut ev).unwrap();
    g.apply_action(wood, &mut ev).unwrap();
    ev
}

fn seg(r: &Ruleset, id: &str, kind: Kind) -> u8 {
    let t = &r.tiles[tile(r, id) as usize];
    t.segments.iter().position(|s| s.kind == kind).unwrap() as u8
}

/// A figure of `kind` onto the first `feature` segment of tile `id`.
fn figure(r: &Ruleset, id: &str, feature: Kind, kind: FollowerKind) -> Action {
    Action::Deploy(Deploy {
        segment: seg(r, id, feature),
        kind,
    })
}

/// Play a seeded game with random bots until the volcano lake is drawn.
fn until_volcano(r: &'static Ruleset, seed: u64) -> Option<Game> {
    let lake = tile(r, "RI.2/I.v");
    let mut g = Game::new(r, 2, seed).unwrap();
    let mut bots = [
        SimpleBot::new(BotKind::Random, seed),
        SimpleBot::new(BotKind::Random, seed + 9),
    ];
    while !g.is_over() {
        if g.current_tile_index() == Some(lake) && g.pending()?.decision == Decision::Place {
            return Some(g);
        }
        let a = bots[g.to_move() as usize].choose_action(&g.view(g.to_move()))?;
        g.apply_action(a, &mut Vec::new()).unwrap();
    }
    None
}

#[test]
fn volcano_lake_takes_no_figure_and_gives_another_tile_s1_l606() {
    let r = ruleset("everything_c2");
    assert!(
        r.options.word("river_volcano") == Some("second-tile"),
        "the 2nd edition's default"
    );
    let mut g = (0..20)
        .find_map(|s| until_volcano(r, s))
        .expect("a game reaching the lake");
    let me = g.to_move();
    let p = g.placements()[0];
    g.apply_action(Action::Place(p), &mut Vec::new()).unwrap();
    // "You cannot place a meeple on that tile": no figure, while answers
    // that deploy nothing (the abbot's return, the fairy) stay open.
    let legal = g.legal_actions();
    assert!(legal.contains(&Action::Pass));
    assert!(
        !legal.iter().any(|a| matches!(a, Action::Deploy(_))),
        "{legal:?}"
    );
    let before = g.clone();
    let field = figure(r, "RI.2/I.v", Kind::Field, FollowerKind::Normal);
    let e = g.apply_action(field, &mut Vec::new()).unwrap_err();
    assert!(
        matches!(e, ActionError::Illegal(MoveError::Banned(_))),
        "{e}"
    );
    assert_eq!(g, before);
    // "Immediately after placing it, take another turn by drawing a normal tile."
    g.apply_action(Action::Pass, &mut Vec::new()).unwrap();
    assert_eq!((g.to_move(), g.part()), (me, 2));
    assert_eq!(g.pending().unwrap().decision, Decision::Place);
    let next = g.current_tile().unwrap();
    assert!(
        !next.edges.iter().any(|e| e.name() == "river"),
        "a land tile: {}",
        next.id
    );
}

#[test]
fn volcano_lake_is_a_plain_lake_in_the_first_edition_l490() {
    let r = ruleset("base_river2");
    assert_eq!(r.options.word("river_volcano"), Some("none"));
    let mut g = (0..20)
        .find_map(|s| until_volcano(r, s))
        .expect("a game reaching the lake");
    let me = g.to_move();
    let p = g.placements()[0];
    g.apply_action(Action::Place(p), &mut Vec::new()).unwrap();
    // No ban: a follower on the lake's field is legal or refused only for
    // the base game's reasons.
    let field = figure(r, "RI.2/I.v", Kind::Field, FollowerKind::Normal);
    match g.clone().apply_action(field, &mut Vec::new()) {
        Ok(()) => assert!(g.legal_actions().contains(&field)),
        Err(e) => assert!(
            matches!(
                e,
                ActionError::Illegal(MoveError::Occupied | MoveError::NoFollowerLeft(_))
            ),
            "{e}"
        ),
    }
    g.apply_action(Action::Pass, &mut Vec::new()).unwrap();
    assert_ne!(g.to_move(), me);
    assert_eq!(g.part(), 1);
}

/// P0's farmer on the pig herd's farm, beside a city P1 then completes.
fn herd_farm(r: &'static Ruleset) -> Game {
    let start = [(tile(r, "RI.2/II+"), at(0, 0, 0))];
    let mut g = Game::new_scripted(r, 2, &start).unwrap();
    let farmer = figure(r, "E", Kind::Field, FollowerKind::Normal);
    part(&mut g, 0, "E", at(0, 1, 2), farmer);
    part(&mut g, 1, "E", at(0, 2, 0), Action::Pass);
    g
}

fn farm_points(fin: &[ScoreEvent]) -> Vec<(u8, u32)> {
    fin.iter()
        .filter(|e| e.feature == Kind::Field && e.reason == Reason::Final)
        .map(|e| (e.player, e.points))
        .collect()
}

#[test]
fn pig_herd_adds_one_per_city_l492_fn21() {
    let mut g = herd_farm(ruleset("everything_c1"));
    assert_eq!(farm_points(&g.finish()), vec![(0, 4)]);
    // Without its expansion the herd means nothing (L490).
    let mut g = herd_farm(ruleset("base_river2"));
    assert_eq!(farm_points(&g.finish()), vec![(0, 3)]);
}

#[test]
fn pig_herd_and_pig_add_two_per_city_l492() {
    let r = ruleset("everything_c1");
    let mut g = herd_farm(r);
    // P0's pig on a cloister beside the farm (east of the herd tile).
    let pig = figure(r, "B", Kind::Field, FollowerKind::Pig);
    part(&mut g, 0, "B", at(1, 0, 0), pig);
    assert_eq!(farm_points(&g.finish()), vec![(0, 5)]);
}

#[test]
fn river2_inn_scores_with_inns_and_cathedrals_l490() {
    for (id, points) in [("everything_c1", 6), ("base_river2", 3)] {
        let r = ruleset(id);
        let start = [(tile(r, "RI.2/RIrI"), at(0, 0, 0))];
        let mut g = Game::new_scripted(r, 2, &start).unwrap();
        let thief = figure(r, "A", Kind::Road, FollowerKind::Normal);
        part(&mut g, 0, "A", at(1, 0, 1), thief);
        let ev = part(&mut g, 1, "A", at(-1, 0, 3), Action::Pass);
        let road: Vec<(u8, u32)> = ev
            .iter()
            .filter(|e| e.feature == Kind::Road)
            .map(|e| (e.player, e.points))
            .collect();
        assert_eq!(road, vec![(0, points)], "{id}");
    }
}
