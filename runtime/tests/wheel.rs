//! The Wheel of Fortune (000_9deb58b1a7d17d38.txt L2664-L2908; sectors and
//! crown spaces from docs/research/wheel_robbers_messages.md), each test
//! named for the seed line it plays. The Wheel is the start block at x 0..3,
//! y 0..3: its city at (0, 0) opens north, its road at (2, 0) leaves north,
//! its city at (3, 2) opens east, its road at (3, 3) leaves south, its city
//! at (0, 3) opens south and west, its road at (0, 1) leaves west.

mod support;

use carcassonne_runtime::engine::{
    start_placements, Action, ActionError, Actor, Arg, Decision, FollowerKind, Game, Placement,
    Reason,
};
use carcassonne_runtime::record::{replay, replay_observed, Recorder};
use carcassonne_runtime::tables::{Kind, Ruleset};
use support::bot_games::*;
use support::wheel::*;
use support::*;

fn rules() -> &'static Ruleset {
    carcassonne_runtime::ruleset("wheel_of_fortune").unwrap()
}

/// A scripted game of `players` on the Wheel.
fn wheel_game(players: u8) -> Game {
    let r = rules();
    Game::new_scripted(r, players, &start_placements(r)).unwrap()
}

/// A road tile with a wheel icon of `n` (U with the icon), for a turn that
/// only moves the pig: `player` draws it, the events happen, and it goes
/// on the Wheel's western road at (-1-k, 1), k counting such tiles.
fn spin(g: &mut Game, player: u8, n: u8, k: i16) -> i32 {
    g.force_player(player).unwrap();
    let before: i32 = g.scores().iter().sum();
    g.force_draw(tile(g.rules(), &format!("WF:BA/RFr.w{n}")))
        .unwrap();
    let after: i32 = g.scores().iter().sum();
    let _ = k;
    after - before
}

/// Place the spun tile on the western road and pass.
fn lay_road(g: &mut Game, k: i16) {
    g.apply_action(Action::Place(at(-1 - k, 1, 0)), &mut Vec::new())
        .unwrap();
    g.apply_action(Action::Pass, &mut Vec::new()).unwrap();
}

/// Knights of the Taxes example: P0 knight on F+ (city N-S, a pennant)
/// north of the Wheel's city (0, 0); fillers; P1's knight on M+ (city N+W,
/// a pennant) at (1, -2); P0's second knight on E (city E) at (-1, -2); a
/// tile with city W, S and E at (0, -2) joins the three. One open city of
/// 5 tiles with 2 pennants: P0 2 knights, P1 1.
fn taxes_city(g: &mut Game) {
    let r = g.rules();
    play(
        g,
        0,
        "WF:BA/CFc+",
        at(0, -1, 1),
        figure(r, "WF:BA/CFc+", Kind::City, FollowerKind::Normal),
    );
    play(g, 1, "WF:BA/L", at(1, -1, 0), Action::Pass);
    play(g, 0, "WF:BA/L", at(-1, -1, 0), Action::Pass);
    play(
        g,
        1,
        "WF:BA/Cc+",
        at(1, -2, 0),
        figure(r, "WF:BA/Cc+", Kind::City, FollowerKind::Normal),
    );
    play(
        g,
        0,
        "WF:BA/C",
        at(-1, -2, 1),
        figure(r, "WF:BA/C", Kind::City, FollowerKind::Normal),
    );
    play(g, 1, "WF:BA/Ccc", at(0, -2, 2), Action::Pass);
}

/// L2696: the pig starts on Fortune; L2723-L2727: a wheel icon moves it
/// clockwise by its number, before the tile is placed (L2714-L2721).
#[test]
fn the_pig_starts_on_fortune_and_moves_by_the_icon_l2696_l2723() {
    let mut g = wheel_game(2);
    assert_eq!(pig(&g), "fortune");
    spin(&mut g, 0, 2, 0);
    assert_eq!(pig(&g), "famine");
    assert_eq!(
        g.pending().unwrap().decision,
        Decision::Place,
        "then the tile is placed"
    );
    lay_road(&mut g, 0);
    spin(&mut g, 1, 1, 1);
    assert_eq!(pig(&g), "storm");
    lay_road(&mut g, 1);
    spin(&mut g, 0, 3, 2);
    assert_eq!(pig(&g), "fortune", "round the wheel: 3 + 3 = 6");
    // A tile without an icon leaves the pig.
    lay_road(&mut g, 2);
    place(&mut g, 1, "WF:BA/L", at(1, -1, 0));
    assert_eq!(pig(&g), "fortune");
    // What `play` and the viewer draw: the Wheel over the start block, a
    // section per sector, the pig in its sector.
    let shown = g.shown();
    let wheel = shown
        .areas
        .iter()
        .find(|a| a.name == "Wheel of Fortune")
        .unwrap();
    assert_eq!(wheel.cells.len(), 16);
    let names: Vec<&str> = wheel.sections.iter().map(|s| s.name).collect();
    assert_eq!(names, SECTORS.to_vec());
    let pig_figure = shown.neutral.iter().find(|n| n.def.name == "pig").unwrap();
    assert_eq!(pig_figure.section, Some("fortune"));
}

/// L2736: Fortune pays the player whose turn it is 3 (6 steps: round the
/// wheel back to Fortune).
#[test]
fn fortune_pays_the_active_player_3_l2736() {
    let mut g = wheel_game(3);
    spin(&mut g, 0, 3, 0);
    lay_road(&mut g, 0);
    let before = g.scores().to_vec();
    spin(&mut g, 1, 3, 1);
    assert_eq!(pig(&g), "fortune");
    let gained: Vec<i32> = g.scores().iter().zip(&before).map(|(a, b)| a - b).collect();
    assert_eq!(gained, vec![0, 3, 0]);
    assert!(g
        .untold_events()
        .iter()
        .any(|e| e.player == 1 && e.points == 3 && e.reason == Reason::Wheel));
}

/// L2739-L2741, the seed's Taxes example: BLUE's 2 knights in a city of 2
/// pennants get 2 + 2 = 4 each, 8 in all; RED's 1 knight there gets
/// 1 + 2 = 3. Fn 5 L2903: every follower in a city is a knight.
#[test]
fn taxes_example_blue_8_red_3_l2740() {
    let mut g = wheel_game(2);
    taxes_city(&mut g);
    let before = g.scores().to_vec();
    spin(&mut g, 0, 1, 0);
    assert_eq!(pig(&g), "taxes");
    let gained: Vec<i32> = g.scores().iter().zip(&before).map(|(a, b)| a - b).collect();
    assert_eq!(gained, vec![8, 3], "BLUE (P0) 8, RED (P1) 3");
}

/// L2747: Storm pays each player 1 per follower in their supply; fn 9
/// L2907: followers elsewhere (on the board, on a crown space) do not count.
#[test]
fn storm_pays_a_point_per_follower_in_supply_l2747() {
    let mut g = wheel_game(2);
    let r = g.rules();
    // P0: one follower on the board, one on a crown space: 5 in supply.
    play(
        &mut g,
        0,
        "WF:BA/CFc+",
        at(0, -1, 1),
        figure(r, "WF:BA/CFc+", Kind::City, FollowerKind::Normal),
    );
    play(&mut g, 1, "WF:BA/L", at(1, -1, 0), Action::Pass);
    play(&mut g, 0, "WF:BA/L", at(3, -1, 0), crown("fortune"));
    assert_eq!(g.supply(0), 5);
    let before = g.scores().to_vec();
    spin(&mut g, 1, 3, 0);
    assert_eq!(pig(&g), "storm");
    let gained: Vec<i32> = g.scores().iter().zip(&before).map(|(a, b)| a - b).collect();
    assert_eq!(gained, vec![5, 7]);
}

/// L2750: the Inquisition pays 2 per monk on the table.
#[test]
fn inquisition_pays_2_per_monk_l2750() {
    let mut g = wheel_game(2);
    let r = g.rules();
    let monk = figure(r, "WF:BA/L", Kind::Cloister, FollowerKind::Normal);
    play(&mut g, 0, "WF:BA/L", at(1, -1, 0), monk);
    play(&mut g, 1, "WF:BA/L", at(3, -1, 0), monk);
    play(&mut g, 0, "WF:BA/L", at(4, 0, 0), monk);
    spin(&mut g, 1, 3, 0);
    lay_road(&mut g, 0);
    let before = g.scores().to_vec();
    // Storm (3), then 1 more: Inquisition.
    spin(&mut g, 0, 1, 1);
    assert_eq!(pig(&g), "inquisition");
    let gained: Vec<i32> = g.scores().iter().zip(&before).map(|(a, b)| a - b).collect();
    assert_eq!(gained, vec![4, 2]);
}

/// L2744, fn 6-8 L2904-L2906: Famine pays each farmer 1 per completed city
/// of its farm, without a majority.
#[test]
fn famine_pays_each_farmer_per_completed_city_l2744() {
    // `famine = "majority"`: the earlier rules (fn 8 L2906), only P0.
    for (r, want) in [
        (rules(), [2, 1]),
        (with_option(rules(), "famine", 1), [2, 0]),
    ] {
        famine_on(r, want);
    }
}

fn famine_on(r: &'static Ruleset, want: [i32; 2]) {
    let mut g = Game::new_scripted(r, 2, &start_placements(r)).unwrap();
    let farmer = |id| figure(r, id, Kind::Field, FollowerKind::Normal);
    // E (city N) turned south at (0, -1) closes the Wheel's city at (0, 0):
    // a completed city of 2 tiles; P0's farmer on E's field.
    play(&mut g, 0, "WF:BA/C", at(0, -1, 2), farmer("WF:BA/C"));
    // P1's farmer west of the Wheel, on the field north of its western
    // road (it borders the same city); P0's second farmer south of that
    // road, where no city is completed.
    play(&mut g, 1, "WF:BA/L", at(-1, 0, 0), farmer("WF:BA/L"));
    play(&mut g, 0, "WF:BA/L", at(-1, 2, 0), farmer("WF:BA/L"));
    // A road ending at a cloister joins the fields on both sides of the
    // western road; a cloister at (-1, -1) joins E's field to them: one
    // farm, P0 two farmers, P1 one, beside one completed city.
    play(&mut g, 1, "WF:BA/LR", at(-1, 1, 3), Action::Pass);
    play(&mut g, 0, "WF:BA/L", at(-1, -1, 0), Action::Pass);
    let before = g.scores().to_vec();
    spin(&mut g, 1, 2, 0);
    assert_eq!(pig(&g), "famine");
    let gained: Vec<i32> = g.scores().iter().zip(&before).map(|(a, b)| a - b).collect();
    assert_eq!(
        gained,
        want.to_vec(),
        "per farmer; no majority needed by default (fn 8)"
    );
}

/// L2753: the Plague: each player returns a follower from a land tile, the
/// active player first, then clockwise; never one on a crown space.
#[test]
fn plague_each_returns_a_follower_active_first_l2753() {
    let mut g = wheel_game(3);
    let r = g.rules();
    let monk = figure(r, "WF:BA/L", Kind::Cloister, FollowerKind::Normal);
    play(&mut g, 0, "WF:BA/L", at(1, -1, 0), monk);
    play(&mut g, 1, "WF:BA/L", at(3, -1, 0), monk);
    play(&mut g, 2, "WF:BA/L", at(4, 0, 0), monk);
    play(&mut g, 0, "WF:BA/L", at(4, 1, 0), crown("plague"));
    play(
        &mut g,
        1,
        "WF:BA/CFc+",
        at(0, -1, 1),
        figure(r, "WF:BA/CFc+", Kind::City, FollowerKind::Normal),
    );
    spin(&mut g, 2, 3, 0);
    lay_road(&mut g, 0);
    // P1 turns the pig 2 more: Plague. P1 (two followers) is asked first;
    // P2 (one) and P0 (one on land, one on a crown space) have no choice.
    spin(&mut g, 1, 2, 1);
    assert_eq!(pig(&g), "plague");
    let p = g.pending().unwrap();
    assert_eq!(p.actor, Actor::Player(1));
    assert_eq!(p.decision.key(), "plague");
    let answers = g.legal_actions();
    assert_eq!(answers.len(), 2);
    let followers = |g: &Game, p: u8| g.followers().iter().filter(|f| f.player == p).count();
    assert_eq!(
        (followers(&g, 0), followers(&g, 2)),
        (1, 1),
        "their turn comes after P1's"
    );
    assert_eq!(
        crowns(&g, "plague"),
        vec![Some(0), None],
        "the crown space keeps its follower"
    );
    // Another player's follower is refused.
    let Action::Do(v) = answers[0] else { panic!() };
    let Arg::Spot(mut s) = v.arg else { panic!() };
    s.player = 2;
    let wrong = Action::verb("plague", Arg::Spot(s));
    assert!(g.clone().apply_action(wrong, &mut Vec::new()).is_err());
    g.apply_action(answers[1], &mut Vec::new()).unwrap();
    assert_eq!(followers(&g, 1), 1);
    // P2 and P0 had one follower each on land: gone without a question.
    assert_eq!((followers(&g, 0), followers(&g, 2)), (0, 0));
    assert_eq!(
        g.pending().unwrap().decision,
        Decision::Place,
        "then the tile is placed"
    );
    // The crown spaces of the Plague score after the event: P0 alone there,
    // 6 (L2764), and goes home.
    assert_eq!(crowns(&g, "plague"), vec![None, None]);
    assert_eq!(g.supply(0), 7);
}

/// L2704-L2708: instead of a follower on the tile, one on a free crown
/// space, one per space; L2763-L2765: alone on a one-space sector 3, alone
/// on a two-space sector 6, two there 3 each (the same player's too);
/// L2760: sectors the pig passed do not score.
#[test]
fn crown_spaces_score_3_6_or_3_each_l2763_l2765() {
    let mut g = wheel_game(2);
    play(&mut g, 0, "WF:BA/L", at(1, -1, 0), crown("taxes"));
    play(&mut g, 1, "WF:BA/L", at(3, -1, 0), crown("taxes"));
    assert_eq!(crowns(&g, "taxes"), vec![Some(0), Some(1)]);
    // Taxes is full now: no third follower there.
    place(&mut g, 0, "WF:BA/L", at(4, 0, 0));
    assert!(!g.legal_actions().contains(&crown("taxes")));
    let e = g.clone().apply_action(crown("taxes"), &mut Vec::new());
    assert!(matches!(e, Err(ActionError::Illegal(_))), "{e:?}");
    // A sector that is none: refused, nothing changes.
    let mut bad = g.clone();
    assert!(bad
        .apply_action(Action::verb("crown", Arg::Word(9)), &mut Vec::new())
        .is_err());
    assert!(bad == g);
    g.apply_action(crown("famine"), &mut Vec::new()).unwrap();
    play(&mut g, 1, "WF:BA/L", at(4, 1, 0), crown("storm"));
    play(&mut g, 0, "WF:BA/LR", at(2, -1, 0), crown("fortune"));
    assert_eq!(g.supply(0), 4);
    // Taxes: 3 each (no knights: no tax points).
    let before = g.scores().to_vec();
    spin(&mut g, 1, 1, 0);
    let gained: Vec<i32> = g.scores().iter().zip(&before).map(|(a, b)| a - b).collect();
    assert_eq!(gained, vec![3, 3]);
    assert_eq!(crowns(&g, "taxes"), vec![None, None]);
    assert_eq!(crowns(&g, "fortune"), vec![Some(0)], "passed, not scored");
    assert_eq!(g.supply(0), 5);
    lay_road(&mut g, 0);
    // Storm (2 more): P1 alone in a two-space sector, 6, plus the Storm's
    // point per follower in supply (P0 5, P1 6) before they go home.
    let before = g.scores().to_vec();
    spin(&mut g, 0, 2, 1);
    assert_eq!(pig(&g), "storm");
    let gained: Vec<i32> = g.scores().iter().zip(&before).map(|(a, b)| a - b).collect();
    assert_eq!(gained, vec![5, 6 + 6]);
    lay_road(&mut g, 1);
    // Round to Fortune (3 more): P1 active 3; P0 alone on its one space, 3.
    let before = g.scores().to_vec();
    spin(&mut g, 1, 3, 2);
    assert_eq!(pig(&g), "fortune");
    let gained: Vec<i32> = g.scores().iter().zip(&before).map(|(a, b)| a - b).collect();
    assert_eq!(gained, vec![3, 3]);
    let crowned: u32 = g
        .untold_events()
        .iter()
        .filter(|e| e.reason == Reason::Crown)
        .map(|e| e.points)
        .sum();
    assert_eq!(crowned, 3 + 3 + 6 + 3);
}

/// L2706: a crown space takes a follower only from a player who deploys none
/// on the tile: it answers the figure step (one answer or the other).
#[test]
fn a_crown_space_is_instead_of_a_follower_on_the_tile_l2706() {
    let mut g = wheel_game(2);
    place(&mut g, 0, "WF:BA/L", at(1, -1, 0));
    g.apply_action(crown("storm"), &mut Vec::new()).unwrap();
    assert_eq!(g.to_move(), 1, "the figure step is over");
    assert!(g.followers().is_empty());
}

/// Fn 4 L2902 and the whole set: seeded bot games move the pig through every
/// sector, score crown spaces, and replay from their records alone; every
/// point is in an event (the setup's draw files its points with the first
/// entry).
#[test]
fn bot_games_move_the_pig_everywhere_and_replay_from_their_record_l2714() {
    let rules = rules();
    let mut seen = [0u64; 6];
    let mut crowned = 0;
    for b in bot_games(rules, 0..8, 5, RANDOM, |_, _| {}) {
        let (seed, g) = (b.seed, &b.game);
        assert!(
            scores_events_sum(g, &b.events),
            "seed {seed}: every point in an event"
        );
        // Fn 4 L2902: every icon drawn moved the pig, placed or discarded.
        let icon = |t: u16| {
            let id = rules.tiles[t as usize].id;
            id.rsplit_once(".w")
                .and_then(|(_, n)| n.parse::<usize>().ok())
                .unwrap_or(0)
        };
        let moved: usize = g.placed()[rules.start.len()..]
            .iter()
            .map(|q| icon(q.tile))
            .chain(
                g.discards()
                    .iter()
                    .filter(|d| d.aside.is_none())
                    .map(|d| icon(d.tile)),
            )
            .sum();
        assert_eq!(pig(g), SECTORS[moved % 6], "seed {seed}: the pig's way");
        let s = state(g);
        for (k, name) in SECTORS.iter().enumerate() {
            seen[k] += s["wheel"]["events"][name].as_u64().unwrap();
        }
        crowned += b
            .events
            .iter()
            .filter(|e| e.reason == Reason::Crown)
            .count();
    }
    assert!(
        seen.iter().all(|&n| n > 0),
        "every sector's event happened: {seen:?}"
    );
    assert!(crowned > 0, "some crown space scored");
}

/// Answer `a` and note it in `rec`.
fn noted(g: &mut Game, rec: &mut Recorder, a: Action) {
    let before = g.clone();
    let mut ev = Vec::new();
    g.apply_action(a, &mut ev).unwrap();
    rec.note_action(&before, a, &ev, g);
}

/// L2753 in a scenario's record: the Plague's answer is the first action of
/// the entry of the tile that brought it, the wheel's points are the events
/// of that entry, and the record replays without a seed.
#[test]
fn a_scenario_record_carries_the_plague_and_the_wheel_points_l2753() {
    let mut g = wheel_game(3);
    let mut rec = Recorder::new(&g, None);
    let r = g.rules();
    let monk = figure(r, "WF:BA/L", Kind::Cloister, FollowerKind::Normal);
    let knight = figure(r, "WF:BA/CFc+", Kind::City, FollowerKind::Normal);
    let turns: [(&str, Placement, Action); 5] = [
        ("WF:BA/L", at(1, -1, 0), monk),
        ("WF:BA/L", at(3, -1, 0), monk),
        ("WF:BA/L", at(4, 0, 0), monk),
        ("WF:BA/L", at(4, 1, 0), crown("plague")),
        ("WF:BA/CFc+", at(0, -1, 1), knight),
    ];
    for (id, p, wood) in turns {
        g.force_draw(tile(r, id)).unwrap();
        noted(&mut g, &mut rec, Action::Place(p));
        noted(&mut g, &mut rec, wood);
    }
    // P2: Storm; P0: two more, the Plague: P1 chooses, P0 and P2 have one
    // follower on land each; P0's crown follower scores 6 after the answers.
    g.force_draw(tile(r, "WF:BA/RFr.w3")).unwrap();
    noted(&mut g, &mut rec, Action::Place(at(-1, 1, 0)));
    noted(&mut g, &mut rec, Action::Pass);
    g.force_draw(tile(r, "WF:BA/RFr.w2")).unwrap();
    assert_eq!(g.pending().unwrap().actor, Actor::Player(1));
    let answer = g.legal_actions()[0];
    noted(&mut g, &mut rec, answer);
    noted(&mut g, &mut rec, Action::Place(at(-2, 1, 0)));
    noted(&mut g, &mut rec, Action::Pass);
    let turns = &rec.record.turns;
    let storm_entry = &turns[5];
    assert!(storm_entry.actions.is_none(), "{:?}", storm_entry.actions);
    // The answers given on the draw are the first actions of the drawn
    // tile's entry, by the player asked.
    let plague_entry = &turns[6];
    let actions = plague_entry.actions.as_deref().unwrap_or(&[]);
    assert_eq!(actions[0].do_, "plague", "{actions:?}");
    assert_eq!(actions[0].player, Some(1));
    let crowned: Vec<_> = plague_entry
        .events
        .iter()
        .flatten()
        .filter(|e| e.reason == "crown")
        .collect();
    assert_eq!(crowned.len(), 1);
    assert_eq!((crowned[0].player, crowned[0].points), (0, 6));
    let back = replay(&rec.record, rules(), false).unwrap();
    assert_eq!(back.game.scores(), g.scores());
    assert!(back.game == g);
}

/// A legal placement of the tile drawn at (`x`, `y`).
fn fit_at(g: &Game, x: i16, y: i16) -> Placement {
    g.legal_actions()
        .into_iter()
        .find_map(|a| match a {
            Action::Place(p) if (p.x, p.y) == (x, y) => Some(p),
            _ => None,
        })
        .unwrap_or_else(|| panic!("the tile drawn fits somewhere at ({x}, {y})"))
}

/// `player` is told `id`, places it at (`x`, `y`) and answers `wood`, all
/// noted in `rec`.
fn noted_turn(
    g: &mut Game,
    rec: &mut Recorder,
    player: u8,
    id: &str,
    (x, y): (i16, i16),
    wood: Action,
) {
    g.force_player(player).unwrap();
    g.force_draw(tile(g.rules(), id)).unwrap();
    let p = fit_at(g, x, y);
    noted(g, rec, Action::Place(p));
    noted(g, rec, wood);
}

/// Fn 4 L2902: a wheel tile that then fits nowhere moves the pig all the
/// same, and the Plague it brings is answered before it is discarded: the
/// answer is its discard entry's, and the record replays without a seed, with
/// an observer too (whose board is told the discarded tile).
#[test]
fn a_wheel_tile_that_fits_nowhere_brings_the_plague_then_goes_fn4_l2902() {
    let r = rules();
    // No road edge anywhere on this board: the crossroads fits nowhere.
    let start = [(tile(r, "WF:BA/L"), at(0, 0, 0))];
    let mut g = Game::new_scripted(r, 2, &start).unwrap();
    let mut rec = Recorder::new(&g, None);
    let monk = figure(r, "WF:BA/L", Kind::Cloister, FollowerKind::Normal);
    noted_turn(&mut g, &mut rec, 0, "WF:BA/L", (1, 0), monk);
    noted_turn(&mut g, &mut rec, 1, "WF:BA/L", (-1, 0), monk);
    noted_turn(&mut g, &mut rec, 0, "WF:BA/L", (0, 1), monk);
    // Fortune to Storm; the road's two ends closed by cloisters.
    noted_turn(&mut g, &mut rec, 1, "WF:BA/RFr.w3", (0, -1), Action::Pass);
    noted_turn(&mut g, &mut rec, 0, "WF:BA/LR", (-1, -1), Action::Pass);
    noted_turn(&mut g, &mut rec, 1, "WF:BA/LR", (1, -1), Action::Pass);
    // Storm to Inquisition.
    noted_turn(&mut g, &mut rec, 0, "WF:BA/Cc.1.w1", (0, 2), Action::Pass);
    assert_eq!(pig(&g), "inquisition");
    // P1 draws the crossroads: the Plague. P1's one monk goes unasked; P0,
    // with two, chooses.
    g.force_player(1).unwrap();
    g.force_draw(tile(r, "WF:BA/RRRR.w1")).unwrap();
    assert_eq!(pig(&g), "plague");
    let p = g.pending().unwrap();
    assert_eq!((p.actor, p.decision.key()), (Actor::Player(0), "plague"));
    let answer = g.legal_actions()[1];
    noted(&mut g, &mut rec, answer);
    // Then the tile fits nowhere: its player can only pass it.
    assert_eq!(g.legal_actions(), vec![Action::Pass]);
    noted(&mut g, &mut rec, Action::Pass);
    assert_eq!(g.discards().len(), 1);
    let followers = |g: &Game, p: u8| g.followers().iter().filter(|f| f.player == p).count();
    assert_eq!((followers(&g, 0), followers(&g, 1)), (1, 0));
    noted_turn(&mut g, &mut rec, 1, "WF:BA/C", (0, 3), Action::Pass);
    let turns = &rec.record.turns;
    let discard = &turns[7];
    assert_eq!(discard.discarded.as_deref(), Some("WF:BA/RRRR.w1"));
    let actions = discard.actions.as_deref().unwrap_or(&[]);
    assert_eq!(actions.len(), 1, "{actions:?}");
    assert_eq!(
        (actions[0].do_.as_str(), actions[0].player),
        ("plague", Some(0))
    );
    assert!(
        turns[6].actions.is_none(),
        "the turn before has no answer of it"
    );
    assert!(turns[8].actions.is_none());
    let back = replay(&rec.record, r, false).unwrap();
    assert!(back.game == g);
    let mut discards = 0;
    replay_observed(&rec.record, r, false, &mut |s| {
        if let carcassonne_runtime::record::Step::Discarded { .. } = s {
            discards += 1;
        }
    })
    .unwrap();
    assert_eq!(discards, 1);
    // Its answer left out, the record fails at the discard, naming the
    // decision.
    let mut cut = rec.record.clone();
    cut.turns[7].actions = None;
    let e = replay(&cut, r, false).unwrap_err();
    assert_eq!(e.turn, 8, "{e}");
    assert!(e.reason.contains("the Plague"), "{e}");
}
