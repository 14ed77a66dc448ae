//! The volcano and the dragon (The Princess & the Dragon,
//! 000_9deb58b1a7d17d38.txt L1098-L1149, L1236-L1259, fn 8-22) in scripted
//! games through the action API. Tests that play a seed example or rule are
//! named for its line.

use carcassonne_runtime::engine::{
    Action, Actor, Arg, Decision, FollowerKind, Game, Reason, ScoreEvent,
};
use carcassonne_runtime::tables::{Kind, Ruleset};

mod support;
use support::{at, everything, figure, pd, place, play, tile, with_option, E, N, S, W};

/// A scripted game of `rules` for `players`, the volcano DG/F.v (fields all
/// round) at (0, 0): the dragon is in play there from the start.
fn on_volcano(rules: &'static Ruleset, players: u8) -> Game {
    let v = tile(rules, "DG/F.v");
    Game::new_scripted(rules, players, &[(v, at(0, 0, 0))]).unwrap()
}

/// The cell the dragon stands on, as the game shows it.
fn dragon(g: &Game) -> Option<(i16, i16)> {
    g.shown()
        .neutral
        .iter()
        .find(|n| n.def.name == "dragon")
        .map(|n| (n.x, n.y))
}

/// The player asked to move the dragon now, if the game asks.
fn stepper(g: &Game) -> Option<u8> {
    match g.pending() {
        Some(p) if p.decision == Decision::named("dragon") => match p.actor {
            Actor::Player(p) => Some(p),
            Actor::Chance => None,
        },
        _ => None,
    }
}

/// The directions the dragon may take now, as the legal answers say.
fn ways(g: &Game) -> Vec<u8> {
    g.legal_actions()
        .iter()
        .filter_map(|a| match a {
            Action::Do(v) => match v.arg {
                Arg::Dir(d) => Some(d),
                _ => None,
            },
            _ => None,
        })
        .collect()
}

fn step(d: u8) -> Action {
    Action::verb("dragon", Arg::Dir(d))
}

/// Figures of `player` standing on the board.
fn standing(g: &Game, player: u8) -> usize {
    g.followers().iter().filter(|f| f.player == player).count()
}

/// A volcano brings the dragon into play, onto it at once; no figure may
/// go onto that tile (L1102, fn 8 L1341), while the answers that are no
/// deployment stay open.
#[test]
fn a_volcano_takes_the_dragon_and_no_figure_l1102_fn8() {
    let r = pd();
    let d = tile(r, "D");
    let mut g = Game::new_scripted(r, 2, &[(d, at(0, 0, 0))]).unwrap();
    assert_eq!(dragon(&g), None, "beside the board until a volcano (L1072)");
    place(&mut g, 0, "DG/R.v", at(0, 1, 0));
    assert_eq!(dragon(&g), Some((0, 1)));
    assert_eq!(g.legal_actions(), vec![Action::Pass]);
    let before = g.clone();
    let road = figure(r, "DG/R.v", Kind::Road, FollowerKind::Normal);
    let e = g.apply_action(road, &mut Vec::new()).unwrap_err();
    assert!(e.to_string().contains("dragon"), "{e}");
    assert!(g == before, "a refused deployment changed the game");
    // Placing the volcano again elsewhere: the dragon flies there.
    g.apply_action(Action::Pass, &mut Vec::new()).unwrap();
    place(&mut g, 1, "DG/F.v", at(1, 1, 0));
    assert_eq!(dragon(&g), Some((1, 1)));
    g.apply_action(Action::Pass, &mut Vec::new()).unwrap();
    assert_eq!(dragon(&g), Some((1, 1)));
}

/// The seed's example with four players (L1138-L1145): A up, B left, C
/// down, D left ("it cannot move right": back to where it started), A up,
/// B up; the RED and BLUE followers on tiles it entered go home, one on a
/// tile it passed by stays. D's one way is taken without asking.
#[test]
fn the_dragon_makes_six_steps_chosen_in_turn_example_l1138() {
    let r = pd();
    let (a, red, blue, yellow) = (0, 1, 2, 3);
    let mut g = on_volcano(r, 4);
    // The cells the dragon may cross; each E turned so its city faces a
    // cell left empty. RED's monk, BLUE's knight and YELLOW's monk stand on
    // three of them.
    let monk = figure(r, "B", Kind::Cloister, FollowerKind::Normal);
    let knight = figure(r, "E", Kind::City, FollowerKind::Normal);
    play(&mut g, a, "B", at(0, -1, 0), Action::Pass);
    play(&mut g, a, "E", at(-1, 0, S), Action::Pass);
    play(&mut g, red, "B", at(-1, -1, 0), monk);
    play(&mut g, a, "E", at(-2, 0, S), Action::Pass);
    play(&mut g, a, "B", at(-2, -1, 0), Action::Pass);
    play(&mut g, blue, "E", at(-2, -2, N), knight);
    play(&mut g, a, "E", at(-3, 0, W), Action::Pass);
    play(&mut g, a, "E", at(-3, -1, W), Action::Pass);
    play(&mut g, yellow, "B", at(1, -1, 0), monk);
    // A's dragon tile east of the volcano, its city facing east.
    play(&mut g, a, "DG/C.d", at(1, 0, E), Action::Pass);
    let mut asked = Vec::new();
    for (want, d) in [(a, N), (red, W), (blue, S), (a, N), (red, N)] {
        let p = stepper(&g).expect("a step is asked");
        asked.push(p);
        assert_eq!(p, want);
        assert!(ways(&g).len() > 1, "only steps with a choice are asked");
        g.apply_action(step(d), &mut Vec::new()).unwrap();
    }
    assert_eq!(asked, [a, red, blue, a, red]);
    assert_eq!(stepper(&g), None, "six steps: the journey is over");
    assert_eq!(dragon(&g), Some((-2, -2)));
    assert_eq!(standing(&g, red), 0, "RED's follower was eaten");
    assert_eq!(standing(&g, blue), 0, "BLUE's follower was eaten");
    assert_eq!(standing(&g, yellow), 1, "a tile passed by is safe");
    assert_eq!((g.supply(red), g.supply(blue)), (7, 7));
    // Its path, as shown until the next tile.
    let trail = &g.shown().trails[0].cells;
    assert_eq!(
        trail,
        &vec![
            [0, 0],
            [0, -1],
            [-1, -1],
            [-1, 0],
            [-2, 0],
            [-2, -1],
            [-2, -2]
        ]
    );
}

/// A step with one way open is taken without asking; at a dead end the
/// journey stops (L1134), and it never re-enters a tile nor its start
/// (L1112).
#[test]
fn the_dragon_stops_at_a_dead_end_l1134() {
    let r = pd();
    let mut g = on_volcano(r, 2);
    play(&mut g, 1, "E", at(1, 0, E), Action::Pass);
    play(&mut g, 1, "B", at(1, -1, 0), Action::Pass);
    // The dragon tile south of the volcano.
    play(&mut g, 0, "DG/C.d", at(0, 1, S), Action::Pass);
    // From (0, 0): east or south.
    assert_eq!(stepper(&g), Some(0));
    let mut w = ways(&g);
    w.sort();
    assert_eq!(w, vec![E, S]);
    g.apply_action(step(E), &mut Vec::new()).unwrap();
    // From (1, 0) only north: taken unasked; from (1, -1) no way (not back
    // to (1, 0), nor anywhere empty): the journey ends after two steps.
    assert_eq!(stepper(&g), None);
    assert_eq!(dragon(&g), Some((1, -1)));
    assert_eq!(g.pending().unwrap().decision, Decision::Place);
}

/// The dragon moves before scoring, so it may empty a feature the dragon
/// tile completed (L1147-L1149); under `dragon_move = "after-scoring"`
/// (the RGG prose, fn 12 L1350) the feature scores first. Here every step
/// has one way: the dragon goes at once.
#[test]
fn the_dragon_moves_before_scoring_and_may_empty_a_completed_feature_l1149() {
    for after in [false, true] {
        let base = pd();
        let rules = if after {
            with_option(base, "dragon_move", 1)
        } else {
            base
        };
        let mut g = on_volcano(rules, 2);
        // P1's knight in a city open to the south at (1, 0).
        let knight = figure(rules, "E", Kind::City, FollowerKind::Normal);
        play(&mut g, 1, "E", at(1, 0, S), knight);
        // P0's dragon tile closes it from below: a two-tile city. The
        // dragon's one way from the volcano is east, into the city.
        let events = play(&mut g, 0, "DG/C.d", at(1, 1, 0), Action::Pass);
        if after {
            assert_eq!(
                events,
                vec![ScoreEvent::new(1, 4, Kind::City, Reason::Completed)]
            );
        } else {
            assert!(events.is_empty(), "eaten before scoring: {events:?}");
        }
        assert_eq!(stepper(&g), None);
        assert_eq!(standing(&g, 1), 0);
        assert_eq!(g.scores()[1], if after { 4 } else { 0 });
    }
}

/// The meal plan (L1123-L1127, fn 18 L1360; A&M fn 23 L1856): the mayor
/// and the wagon are eaten and go home (a wagon eaten does not move on);
/// the barn, standing where four tiles meet, is not.
#[test]
fn the_dragon_eats_the_mayor_and_the_wagon_not_the_barn_l1125_fn18() {
    let r = everything();
    let mut g = on_volcano(r, 2);
    let mayor = figure(r, "E", Kind::City, FollowerKind::Mayor);
    play(&mut g, 1, "E", at(1, 0, E), mayor);
    let wagon = figure(r, "B", Kind::Cloister, FollowerKind::Wagon);
    play(&mut g, 1, "B", at(0, -1, 0), wagon);
    // P0's barn where (0, 0), (1, 0), (0, -1) and (1, -1) meet: the
    // south-west corner of the last.
    let barn = Action::verb("barn", Arg::Corner(3));
    play(&mut g, 0, "B", at(1, -1, 0), barn);
    assert_eq!(g.figures(0, FollowerKind::Barn), 0);
    play(&mut g, 0, "DG/C.d", at(0, 1, S), Action::Pass);
    // East into the mayor's tile; then north (the only way) onto the
    // barn's tile, then west (the only way) onto the wagon's.
    g.apply_action(step(E), &mut Vec::new()).unwrap();
    assert_eq!(dragon(&g), Some((0, -1)));
    assert_eq!(g.figures(1, FollowerKind::Mayor), 1);
    assert_eq!(g.figures(1, FollowerKind::Wagon), 1);
    assert_eq!(g.in_transit(1, FollowerKind::Wagon), 0);
    assert!(g.followers().iter().any(|f| f.kind == FollowerKind::Barn));
    assert_eq!(g.figures(0, FollowerKind::Barn), 0, "the barn stays");
}

/// "If the dragon eats a player's last knight in a city where the
/// player's builder is present, the builder is automatically returned"
/// (L1242), though the dragon never reached the builder's tile.
#[test]
fn the_builder_goes_home_with_the_last_knight_eaten_l1242() {
    let r = everything();
    let mut g = on_volcano(r, 2);
    let knight = figure(r, "E", Kind::City, FollowerKind::Normal);
    play(&mut g, 1, "E", at(1, 0, E), knight);
    let builder = figure(r, "G", Kind::City, FollowerKind::Builder);
    play(&mut g, 1, "G", at(2, 0, 0), builder);
    play(&mut g, 0, "B", at(1, -1, 0), Action::Pass);
    play(&mut g, 0, "DG/C.d", at(0, 1, S), Action::Pass);
    assert_eq!(g.figures(1, FollowerKind::Builder), 0);
    g.apply_action(step(E), &mut Vec::new()).unwrap();
    // At (1, 0): north, or east onto the builder's tile. North.
    assert_eq!(stepper(&g), Some(1));
    g.apply_action(step(N), &mut Vec::new()).unwrap();
    assert_eq!(dragon(&g), Some((1, -1)));
    assert_eq!(standing(&g, 1), 0);
    assert_eq!(g.figures(1, FollowerKind::Builder), 1);
}

/// "If the dragon eats a player's last farmer in a farm where the
/// player's pig is present, the pig is automatically returned" (L1244).
#[test]
fn the_pig_goes_home_with_the_last_farmer_eaten_l1244() {
    let r = everything();
    let mut g = on_volcano(r, 2);
    let farmer = figure(r, "B", Kind::Field, FollowerKind::Normal);
    play(&mut g, 1, "B", at(1, 0, 0), farmer);
    let pig = figure(r, "B", Kind::Field, FollowerKind::Pig);
    play(&mut g, 1, "B", at(2, 0, 0), pig);
    play(&mut g, 0, "E", at(1, -1, N), Action::Pass);
    play(&mut g, 0, "DG/C.d", at(0, 1, S), Action::Pass);
    g.apply_action(step(E), &mut Vec::new()).unwrap();
    g.apply_action(step(N), &mut Vec::new()).unwrap();
    assert_eq!(standing(&g, 1), 0);
    assert_eq!(g.figures(1, FollowerKind::Pig), 1);
}

/// "During a challenge, if ... the corresponding follower is removed by the
/// dragon, there is no evaluation ... the challenge ends and the other
/// remains" (fn 60 L2206): the heretic whose rival monk was eaten scores
/// 9 for its shrine.
#[test]
fn a_monk_eaten_ends_the_challenge_fn60() {
    let r = everything();
    let mut g = on_volcano(r, 2);
    // P0's heretic east of the volcano, P1's monk north of it: diagonal
    // neighbours, a challenge (L2072).
    let heretic = figure(r, "CU/S", Kind::Shrine, FollowerKind::Normal);
    play(&mut g, 0, "CU/S", at(1, 0, 0), heretic);
    let monk = figure(r, "B", Kind::Cloister, FollowerKind::Normal);
    play(&mut g, 1, "B", at(0, -1, 0), monk);
    play(&mut g, 0, "DG/C.d", at(0, 1, S), Action::Pass);
    // North onto the monk's tile (not east, onto the heretic's); then a
    // dead end.
    let mut w = ways(&g);
    w.sort();
    assert_eq!(w, vec![N, E, S]);
    g.apply_action(step(N), &mut Vec::new()).unwrap();
    assert_eq!(dragon(&g), Some((0, -1)));
    assert_eq!(standing(&g, 1), 0, "the monk was eaten");
    assert_eq!(standing(&g, 0), 1, "the heretic stays");
    // The shrine completed later scores its 9: no challenge is left.
    let mut ev = Vec::new();
    for (x, y, rot) in [(1, -1, N), (2, -1, N), (2, 0, E), (2, 1, E), (1, 1, S)] {
        ev.extend(play(&mut g, 1, "E", at(x, y, rot), Action::Pass));
    }
    assert!(
        ev.contains(&ScoreEvent::new(0, 9, Kind::Shrine, Reason::Completed)),
        "{ev:?}"
    );
}

/// Until a volcano is placed, a drawn dragon tile is set aside and another
/// drawn; once the dragon is in play they are shuffled back among the
/// face-down tiles (L1136). Seeded games of the ruleset, every draw.
#[test]
fn dragon_tiles_wait_beside_the_board_until_the_dragon_is_in_play_l1136() {
    use carcassonne_runtime::bench::{random_action, Buffers};
    use rand::SeedableRng;
    let r = pd();
    let is = |t: u16, attr: &str| {
        r.tiles[t as usize]
            .attrs
            .iter()
            .any(|a| carcassonne_runtime::generated::ATTRS[a.id as usize].name == attr)
    };
    let (mut set_aside, mut returned) = (0, 0);
    for seed in 0..40 {
        let mut g = Game::new(r, 3, seed).unwrap();
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
        let mut buf = Buffers::new();
        let mut aside_before = 0;
        loop {
            let in_play = dragon(&g).is_some();
            if let Some(t) = g.current_tile_index() {
                assert!(
                    in_play || !is(t, "dragon"),
                    "seed {seed}: a dragon tile drawn"
                );
            }
            if in_play {
                assert!(g.set_aside().is_empty(), "seed {seed}: tiles left aside");
                returned += aside_before;
                aside_before = 0;
            } else {
                aside_before = g.set_aside().len();
                assert!(g.set_aside().iter().all(|&(t, _)| is(t, "dragon")));
            }
            if random_action(&mut g, &mut rng, &mut buf).is_none() {
                break;
            }
        }
        set_aside += g.discards().iter().filter(|d| d.aside.is_some()).count();
        // Every tile was played, discarded or is still aside.
        let placed = g.placed().len();
        let gone = g.discards().iter().filter(|d| d.aside.is_none()).count();
        assert_eq!(
            placed + gone + g.set_aside().len(),
            r.total as usize,
            "seed {seed}"
        );
    }
    assert!(set_aside > 20 && returned > 10, "{set_aside} {returned}");
}

/// Count, King & Robber fn 31 L2174 (and the Wheel of Fortune's fn 1
/// L2899): the dragon flies round the City of Carcassonne, "treating the
/// landscape areas as normal tiles": onto the City's outer cells, never
/// onto its two centre cells, which are all City (every side a seam).
#[test]
fn the_dragon_flies_round_the_city_of_carcassonne_fn31_l2174() {
    let r = everything();
    let mut g =
        Game::new_scripted(r, 2, &carcassonne_runtime::engine::start_placements(r)).unwrap();
    // The volcano north of CO/2 (-1, -1), the dragon tile east of it.
    place(&mut g, 0, "DG/F.v", at(-1, -2, 0));
    g.apply_action(Action::Pass, &mut Vec::new()).unwrap();
    place(&mut g, 1, "DG/C.d", at(0, -2, 0));
    g.apply_action(Action::Pass, &mut Vec::new()).unwrap();
    assert!(ways(&g).contains(&S));
    g.apply_action(step(S), &mut Vec::new()).unwrap();
    assert_eq!(dragon(&g), Some((-1, -1)), "onto the City's outer land");
    assert_eq!(ways(&g), [E, W], "not south into CO/6, the City's centre");
}

/// L1136 in a scripted game: told a dragon tile before the dragon is in
/// play, the game sets it aside as a draw would and draws on; it sets
/// aside nothing it picks itself. So a record's `set_aside` entries replay
/// without its seed (seeded games with random bots).
#[test]
fn a_scripted_game_sets_aside_the_dragon_tiles_it_is_told_l1136() {
    use carcassonne_runtime::bots::{BotKind, SimpleBot};
    use carcassonne_runtime::record::{replay, Recorder};
    let r = pd();
    let d = tile(r, "D");
    let mut g = Game::new_scripted(r, 2, &[(d, at(0, 0, 0))]).unwrap();
    // A tile the rules would not set aside is refused.
    assert!(g.force_set_aside(tile(r, "E")).is_err());
    g.force_set_aside(tile(r, "DG/C.d")).unwrap();
    assert_eq!(g.set_aside().len(), 1, "set aside when told");
    assert_eq!(g.discards().len(), 1);
    assert!(g.current_tile_index().is_some(), "the draw goes on");
    // Its own picks are never set aside: told another tile, it places it;
    // told a dragon tile to draw, it places that too (a scenario may use
    // any tile).
    g.force_draw(tile(r, "E")).unwrap();
    assert_eq!(g.set_aside().len(), 1);
    g.force_draw(tile(r, "DG/RRR.d")).unwrap();
    assert_eq!(g.current_tile().map(|t| t.id), Some("DG/RRR.d"));
    assert_eq!(g.set_aside().len(), 1);
    let mut asides = 0;
    for seed in 0..6u64 {
        let mut g = Game::new(r, 3, seed).unwrap();
        let mut rec = Recorder::new(&g, None);
        let mut bots: Vec<_> = (0..3u64)
            .map(|i| SimpleBot::new(BotKind::Random, seed * 5 + i))
            .collect();
        while let Some(p) = g.pending() {
            let Actor::Player(who) = p.actor else {
                panic!("nothing here is chance's")
            };
            let a = bots[who as usize].choose_action(&g.view(who)).unwrap();
            let before = g.clone();
            let mut ev = Vec::new();
            g.apply_action(a, &mut ev).unwrap();
            rec.note_action(&before, a, &ev, &g);
        }
        asides += rec
            .record
            .turns
            .iter()
            .filter(|t| t.set_aside.is_some())
            .count();
        let mut alone = rec.record.clone();
        alone.seed = None;
        let back = replay(&alone, r, false)
            .unwrap_or_else(|e| panic!("seed {seed}: without the seed: {e}"));
        assert_eq!(back.game.scores(), g.scores(), "seed {seed}");
        assert_eq!(
            back.game.discards().len(),
            g.discards().len(),
            "seed {seed}"
        );
    }
    assert!(asides > 0, "some dragon tiles were set aside");
}

/// River II's volcano lake, in the 1st edition, is this volcano (000_…
/// L472, L490): the dragon lands there and no figure may go on it.
#[test]
fn river_ii_s_volcano_lake_is_the_dragon_s_volcano_l472() {
    let r = everything();
    let lake = r
        .tiles
        .iter()
        .position(|t| {
            t.attrs
                .iter()
                .any(|a| carcassonne_runtime::generated::ATTRS[a.id as usize].name == "volcano")
                && t.edges.contains(&carcassonne_runtime::tables::Edge::River)
        })
        .expect("River II's volcano lake") as u16;
    let id = r.tiles[lake as usize].id;
    let spring = tile(r, "RI/s");
    // The lake east of the spring, whose river flows east.
    let mut g = Game::new_scripted(r, 2, &[(spring, at(0, 0, 0))]).unwrap();
    place(&mut g, 0, id, at(1, 0, 0));
    assert_eq!(dragon(&g), Some((1, 0)));
    // No follower on the volcano (L1102); a bridge may still be built
    // where bridges play (L2467).
    let legal = g.legal_actions();
    assert!(legal.contains(&Action::Pass));
    assert!(
        !legal.iter().any(|a| matches!(a, Action::Deploy(_))),
        "{legal:?}"
    );
}

/// The dragon's path is shown, from where it started, until the next
/// tile is placed.
#[test]
fn the_dragon_s_path_is_shown_until_the_next_tile() {
    let r = pd();
    let mut g = on_volcano(r, 2);
    play(&mut g, 1, "E", at(1, 0, E), Action::Pass);
    play(&mut g, 1, "B", at(1, -1, 0), Action::Pass);
    play(&mut g, 0, "DG/C.d", at(0, 1, S), Action::Pass);
    g.apply_action(step(E), &mut Vec::new()).unwrap();
    let trails = g.shown().trails;
    assert_eq!(trails.len(), 1);
    assert_eq!(trails[0].cells, vec![[0, 0], [1, 0], [1, -1]]);
    play(&mut g, 1, "B", at(-1, 0, 0), Action::Pass);
    assert!(g.shown().trails.is_empty());
}

/// The 1st edition's tiles are the seed's "30 new tiles, including 6
/// volcanos, 12 dragon tiles, 6 magic portals and 6 princess tiles"
/// (L1052; "Total tiles: 30", L1297), with tile 16's tunnel (L1062) and
/// tile 04's cloister in a city (L1064).
#[test]
fn the_first_edition_tiles_are_the_seeds_thirty_l1052() {
    let r = pd();
    let attr = |name: &str| {
        carcassonne_runtime::generated::ATTRS
            .iter()
            .position(|a| a.name == name)
            .unwrap_or_else(|| panic!("no attribute {name}"))
    };
    let (volcano, dragon, portal, princess, tunnel) = (
        attr("volcano"),
        attr("dragon"),
        attr("portal"),
        attr("princess"),
        attr("tunnel"),
    );
    let set: Vec<_> = r
        .tiles
        .iter()
        .filter(|t| t.set == "princess_dragon")
        .collect();
    let copies = |f: &dyn Fn(&carcassonne_runtime::tables::TileType) -> bool| -> u16 {
        set.iter().filter(|t| f(t)).map(|t| t.count).sum()
    };
    let on_tile =
        |a: usize| move |t: &carcassonne_runtime::tables::TileType| t.flags & (1 << a) != 0;
    let on_segment = |a: usize| {
        move |t: &carcassonne_runtime::tables::TileType| {
            t.segments.iter().any(|s| s.flags & (1 << a) != 0)
        }
    };
    assert_eq!(copies(&|_| true), 30);
    assert_eq!(copies(&on_tile(volcano)), 6);
    assert_eq!(copies(&on_tile(dragon)), 12);
    assert_eq!(copies(&on_tile(portal)), 6);
    assert_eq!(copies(&on_segment(princess)), 6);
    assert_eq!(copies(&on_segment(tunnel)), 1);
    let cloister_in_city = |t: &carcassonne_runtime::tables::TileType| {
        t.segments.iter().any(|s| s.kind == Kind::Cloister)
            && t.segments.iter().any(|s| s.kind == Kind::City)
    };
    assert_eq!(copies(&cloister_in_city), 1);
    assert_eq!(r.total, 72 + 30);
}

/// The greedy bot steers the dragon at another player's figures: of four
/// ways, it takes the one onto a rival's monk, not its own monk's tile nor
/// an empty one. (A figure of its own in a feature worth less than a figure
/// in reserve it may well send the dragon at: its measure values both.)
#[test]
fn greedy_steers_the_dragon_at_a_rivals_figure() {
    use carcassonne_runtime::bots::{BotKind, SimpleBot};
    let r = pd();
    let mut g = on_volcano(r, 2);
    let monk = figure(r, "B", Kind::Cloister, FollowerKind::Normal);
    // P1's monk east of the volcano, P0's west of it, an empty cloister
    // north.
    play(&mut g, 1, "B", at(1, 0, 0), monk);
    play(&mut g, 0, "B", at(-1, 0, 0), monk);
    play(&mut g, 1, "B", at(0, -1, 0), Action::Pass);
    // P0's dragon tile south of the volcano: P0 takes the first step.
    play(&mut g, 0, "DG/C.d", at(0, 1, S), Action::Pass);
    assert_eq!(stepper(&g), Some(0));
    let mut ways = ways(&g);
    ways.sort();
    assert_eq!(ways, [N, E, S, W]);
    for seed in 0..4 {
        let mut bot = SimpleBot::new(BotKind::Greedy, seed);
        let a = bot.choose_action(&g.view(0)).unwrap();
        assert_eq!(a, step(E), "seed {seed}: greedy chose {a:?}");
    }
}
