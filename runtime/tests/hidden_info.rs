//! Fair hidden information (`Game::view`, `Game::determinize`): a view says
//! nothing of the order of the face-down tiles, a bot that searches re-dealt
//! copies of its view guesses the next tile no better than chance, and a
//! re-dealt game is a game the ruleset could really deal (river first, every
//! copy once) that plays to its end.

use carcassonne_runtime::bots::{self, Bot, BotKind, SimpleBot};
use carcassonne_runtime::engine::{Action, Actor, Decision, ForceDrawError, Game};
use carcassonne_runtime::generated::attr;
use carcassonne_runtime::tables::{Edge, Ruleset, TileType};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

fn rules(id: &str) -> &'static Ruleset {
    carcassonne_runtime::ruleset(id).unwrap_or_else(|| panic!("no ruleset {id}"))
}

fn actor(g: &Game) -> u8 {
    match g.pending().expect("a decision is pending").actor {
        Actor::Player(p) => p,
        Actor::Chance => panic!("draws are the engine's"),
    }
}

/// Play `g` to its end with `bot` in every seat, each given a view.
fn play_out(g: &mut Game, bot: &mut dyn Bot) {
    let mut events = Vec::new();
    while g.pending().is_some() {
        let p = actor(g);
        let a = bot
            .choose_action(&g.view(p))
            .expect("a decision is pending");
        g.apply_action_by(p, a, &mut events).expect("legal");
    }
}

/// Play `g` with a random bot until `turns` turns have been played.
fn advance(g: &mut Game, turns: u32, seed: u64) {
    let mut bot = SimpleBot::new(BotKind::Random, seed);
    let mut events = Vec::new();
    while g.turn() < turns && !g.is_over() {
        let p = actor(g);
        let a = bot.choose_action(&g.view(p)).unwrap();
        g.apply_action(a, &mut events).unwrap();
    }
}

/// The tile the game will draw next (`None` if none), found by playing a
/// copy on with the first legal answers until a tile is drawn.
fn next_draw(g: &Game) -> Option<u16> {
    let mut c = g.clone();
    let mut events = Vec::new();
    let mut placed = false;
    loop {
        let p = c.pending()?;
        if p.decision == Decision::Place && placed {
            return c.current_tile_index();
        }
        let legal = c.legal_actions();
        // Draw rather than place a held abbey: the question is the stack.
        let a = if legal.contains(&Action::Draw) {
            Action::Draw
        } else if p.decision == Decision::Wood {
            Action::Pass
        } else {
            legal[0]
        };
        placed |= p.decision == Decision::Place;
        c.apply_action(a, &mut events).unwrap();
    }
}

#[test]
fn a_view_hides_the_order_and_the_seed() {
    let mut rng = Pcg64Mcg::seed_from_u64(5);
    for id in ["base", "base_river2", "everything_c1"] {
        let rules = rules(id);
        let mut g = Game::new(rules, 3, 11).unwrap();
        let mut differed = 0;
        for turns in [0, 2, 10, 30] {
            advance(&mut g, turns, 3);
            if g.is_over() {
                break;
            }
            let p = actor(&g);
            let view = g.view(p);
            assert!(view.future_hidden() && !g.future_hidden());
            assert_eq!(view.seed(), 0, "the seed would say the order");
            assert_eq!(view.remaining(), g.remaining());
            assert_eq!(view.current_tile_index(), g.current_tile_index());
            assert_eq!(view.scores(), g.scores());
            // The same history with other futures: the same view.
            for _ in 0..4 {
                let mut other = g.clone();
                other.determinize(&mut rng);
                assert_eq!(other.view(p), view, "{id} after {turns} turns");
                differed += usize::from(next_draw(&other) != next_draw(&g));
            }
            // A view of a view is the view.
            assert_eq!(view.view(p), view);
            let mut into = Game::new(rules, 3, 99).unwrap();
            g.view_into(p, &mut into);
            assert_eq!(into, view);
        }
        assert!(
            differed > 0,
            "{id}: the re-dealt futures were all the real one"
        );
    }
}

/// A bot that, at each decision, guesses the next tile from what it is
/// given: the next tile of a re-dealt copy (or of the game itself, for the
/// control that is given the whole game).
struct Spy {
    rng: Pcg64Mcg,
    inner: SimpleBot,
    /// (turn, guess, chance of a right guess given what a player knows)
    guesses: Vec<(u32, u16, f64)>,
    redeal: bool,
}

impl Bot for Spy {
    fn name(&self) -> String {
        "spy".into()
    }

    fn choose_action(&mut self, g: &Game) -> Option<Action> {
        if g.pending()?.decision == Decision::Place && g.part() == 1 {
            let mut c = g.clone();
            if self.redeal {
                c.determinize(&mut self.rng);
            }
            if let Some(t) = next_draw(&c) {
                let mut unseen = Vec::new();
                g.unseen_into(&mut unseen);
                let chance = f64::from(unseen[t as usize]) / g.remaining() as f64;
                self.guesses.push((g.turn(), t, chance));
            }
        }
        self.inner.choose_action(g)
    }
}

#[test]
fn a_bot_that_determinizes_never_sees_a_tile_before_it_is_drawn() {
    let rules = rules("base");
    let (mut hits, mut expected, mut variance, mut guesses) = (0, 0.0, 0.0, 0);
    for seed in 0..4 {
        for redeal in [false, true] {
            let mut spy = Spy {
                rng: Pcg64Mcg::seed_from_u64(seed),
                inner: SimpleBot::new(BotKind::Random, seed),
                guesses: Vec::new(),
                redeal,
            };
            let mut g = Game::new(rules, 2, seed).unwrap();
            // The real draws, turn by turn.
            let mut drawn = Vec::new();
            let mut events = Vec::new();
            while g.pending().is_some() {
                if g.pending().unwrap().decision == Decision::Place {
                    drawn.push((g.turn(), g.current_tile_index().unwrap()));
                }
                let p = actor(&g);
                // The control spy is given the game; the fair one its view.
                let a = if redeal {
                    spy.choose_action(&g.view(p))
                } else {
                    spy.choose_action(&g)
                };
                g.apply_action(a.unwrap(), &mut events).unwrap();
            }
            let next = |turn: u32| drawn.iter().find(|d| d.0 == turn + 1).map(|d| d.1);
            let right = spy
                .guesses
                .iter()
                .filter(|&&(turn, t, _)| next(turn) == Some(t))
                .count();
            if !redeal {
                // Given the game, the order is there to read: every guess
                // is right (base discards almost never).
                assert!(
                    right + 2 >= spy.guesses.len(),
                    "{right} of {}",
                    spy.guesses.len()
                );
                continue;
            }
            hits += right;
            guesses += spy.guesses.len();
            for &(_, _, p) in &spy.guesses {
                expected += p;
                variance += p * (1.0 - p);
            }
        }
    }
    // Given views, the guesses are right as often as chance says.
    let sd = variance.sqrt();
    assert!(guesses > 200);
    assert!(
        (hits as f64 - expected).abs() < 4.0 * sd + 1.0,
        "{hits} right guesses of {guesses}, chance says {expected:.1} ± {sd:.1}"
    );
}

#[test]
fn the_mcts_bot_chooses_the_same_whatever_the_real_future() {
    let rules = rules("base");
    let mut rng = Pcg64Mcg::seed_from_u64(2);
    let mut g = Game::new(rules, 2, 8).unwrap();
    for turns in [1, 6, 20] {
        advance(&mut g, turns, 4);
        let mut other = g.clone();
        other.determinize(&mut rng);
        assert_ne!(next_draw(&other), None);
        // Given the whole game (not a view), still the same answer: the
        // bot searches its own view.
        let a = bots::make("mcts:iters=60", 7).unwrap().choose_action(&g);
        let b = bots::make("mcts:iters=60", 7)
            .unwrap()
            .choose_action(&other);
        assert_eq!(a, b);
    }
}

fn is_river(t: &TileType) -> bool {
    t.edges.contains(&Edge::River)
}

fn has(t: &TileType, a: u8) -> bool {
    t.flags & (1 << a) != 0
}

/// Tiles placed (after the start tiles) and discarded, by tile index,
/// leaving out the abbey (held, and placed or not as its holder chooses).
fn dealt(g: &Game, starts: usize) -> Vec<u16> {
    let abbey = Game::new(g.rules(), 2, 0).unwrap().held_tile(0);
    // Tiles still face down: under hills, never drawn (Hills & Sheep).
    let mut unseen = Vec::new();
    g.unseen_into(&mut unseen);
    let face_down = unseen
        .iter()
        .enumerate()
        .flat_map(|(t, &n)| std::iter::repeat_n(t as u16, usize::from(n)));
    let mut v: Vec<u16> = g.placed()[starts..]
        .iter()
        .map(|q| q.tile)
        // A tile set aside (a dragon tile before the dragon) is logged when
        // set aside and counted where it ends: placed, or still aside.
        .chain(g.removed())
        .chain(g.set_aside().iter().map(|&(t, _)| t))
        .chain(face_down)
        .filter(|&t| Some(t) != abbey)
        .collect();
    v.sort_unstable();
    v
}

/// The river's draw rules in a finished game's placements: every river
/// tile before every land tile, the fork (if any) first, lakes last.
fn river_order(g: &Game, starts: usize) {
    let rules = g.rules();
    let tiles: Vec<&TileType> = g.placed()[starts..]
        .iter()
        .map(|q| &rules.tiles[q.tile as usize])
        .collect();
    let river = tiles.iter().take_while(|t| is_river(t)).count();
    assert!(river > 0, "{}: the river comes first", rules.id);
    assert!(
        tiles[river..].iter().all(|t| !is_river(t)),
        "{}: a river tile after the land",
        rules.id
    );
    if rules.tiles.iter().any(|t| has(t, attr::FORK)) {
        assert!(has(tiles[0], attr::FORK), "{}: the fork first", rules.id);
    }
    // Lakes last (a lake may have been discarded, fitting nowhere).
    let lake = tiles[..river].iter().position(|t| has(t, attr::LAKE));
    assert!(
        lake.is_none_or(|l| tiles[l..river].iter().all(|t| has(t, attr::LAKE))),
        "{}: a river tile after a lake",
        rules.id
    );
}

#[test]
fn determinized_games_are_games_the_ruleset_could_deal() {
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    for id in [
        "base",
        "base_river1",
        "base_river2",
        "base_river_inns_cathedrals",
        "base_abbey_mayor",
        "everything_c1",
    ] {
        let rules = rules(id);
        let starts = rules.start.len();
        let river = id.contains("river");
        for (seed, turns) in [(1, 0), (2, 3), (3, 25)] {
            let mut g = Game::new(rules, 2, seed).unwrap();
            advance(&mut g, turns, seed);
            let p = actor(&g);
            let view = g.view(p);
            let mut det = view.clone();
            det.determinize(&mut rng);
            let (mut a, mut b, mut c) = (Vec::new(), Vec::new(), Vec::new());
            g.unseen_into(&mut a);
            view.unseen_into(&mut b);
            det.unseen_into(&mut c);
            assert!(a == b && b == c, "{id}: the same tiles face down");
            // The real game, the view and the re-dealt game all play to
            // their end, through every tile.
            let mut bot = SimpleBot::new(BotKind::Random, seed);
            for game in [&mut g, &mut det] {
                play_out(game, &mut bot);
                assert!(game.is_over());
            }
            let mut canonical = view.clone();
            play_out(&mut canonical, &mut bot);
            assert_eq!(dealt(&det, starts), dealt(&g, starts), "{id} seed {seed}");
            assert_eq!(
                dealt(&canonical, starts),
                dealt(&g, starts),
                "{id} seed {seed}"
            );
            if river && id != "everything_c1" {
                // (everything_c1 discards river tiles that fit nowhere.)
                for game in [&g, &det, &canonical] {
                    river_order(game, starts);
                }
            }
        }
    }
}

#[test]
fn force_draw_answers_the_draw_in_a_view_but_not_in_the_game() {
    let rules = rules("base_river2");
    let mut g = Game::new(rules, 2, 4).unwrap();
    let drawn = g.current_tile_index().unwrap();
    assert_eq!(g.force_draw(drawn), Err(ForceDrawError::NotScripted));
    let mut v = g.view(0);
    let mut unseen = Vec::new();
    v.unseen_into(&mut unseen);
    // While river tiles are left, a land tile cannot be drawn.
    let land = (0..rules.tiles.len() as u16)
        .find(|&t| unseen[t as usize] > 0 && !is_river(&rules.tiles[t as usize]))
        .unwrap();
    assert!(matches!(v.force_draw(land), Err(ForceDrawError::NotNow(_))));
    assert!(matches!(
        v.force_draw(rules.tiles.len() as u16),
        Err(ForceDrawError::NoSuchTile(_))
    ));
    let placed = rules.start[0].tile;
    if unseen[placed as usize] == 0 {
        assert!(matches!(
            v.force_draw(placed),
            Err(ForceDrawError::NoneLeft(_))
        ));
    }
    // Redrawn to the same tile: nothing changes.
    let before = v.clone();
    v.force_draw(drawn).unwrap();
    assert_eq!(v, before);

    // In the land, any tile left that fits: the one drawn goes back.
    advance(&mut g, 20, 2);
    let mut v = g.view(actor(&g));
    let drawn = v.current_tile_index().unwrap();
    v.unseen_into(&mut unseen);
    let other = (0..rules.tiles.len() as u16)
        .find(|&t| unseen[t as usize] > 0 && t != drawn)
        .unwrap();
    let mut counts = unseen.clone();
    v.force_draw(other).unwrap();
    assert_eq!(v.current_tile_index(), Some(other));
    counts[other as usize] -= 1;
    counts[drawn as usize] += 1;
    v.unseen_into(&mut unseen);
    assert_eq!(unseen, counts);
    assert_eq!(v.remaining(), g.remaining());
    // Placed: no tile waits to be drawn again.
    let place = v.legal_actions()[0];
    v.apply_action(place, &mut Vec::new()).unwrap();
    assert_eq!(v.force_draw(other), Err(ForceDrawError::NotDrawn));
    play_out(&mut v, &mut SimpleBot::new(BotKind::Random, 1));
}

/// Fn 4 L2899 (000_9deb58b1a7d17d38.txt): the Wheel of Fortune's pig moves
/// on the draw, so a view cannot swap the tile drawn for another (the pig
/// would have moved by the other's number); the one drawn it keeps.
#[test]
fn a_view_keeps_the_drawn_tile_where_the_draw_moved_the_pig_fn4_l2899() {
    let rules = rules("wheel_of_fortune");
    let g = Game::new(rules, 2, 3).unwrap();
    let mut v = g.view(0);
    let drawn = v.current_tile_index().unwrap();
    let mut unseen = Vec::new();
    v.unseen_into(&mut unseen);
    let other = (0..rules.tiles.len() as u16)
        .find(|&t| unseen[t as usize] > 0 && t != drawn)
        .unwrap();
    assert!(matches!(
        v.force_draw(other),
        Err(ForceDrawError::ActedOn(_))
    ));
    let before = v.clone();
    v.force_draw(drawn).unwrap();
    assert_eq!(v, before);
}

#[test]
fn determinize_keeps_the_past() {
    let rules = rules("base_abbey_mayor");
    let mut g = Game::new(rules, 3, 6).unwrap();
    advance(&mut g, 30, 6);
    let mut d = g.view(actor(&g));
    d.determinize(&mut Pcg64Mcg::seed_from_u64(3));
    assert_eq!(d.placed(), g.placed());
    assert_eq!(d.followers(), g.followers());
    assert_eq!(d.discards(), g.discards());
    assert_eq!(d.scores(), g.scores());
    assert_eq!(d.pending(), g.pending());
    assert_eq!(d.legal_actions(), g.legal_actions());
    for p in 0..3 {
        assert_eq!(d.held_tile(p), g.held_tile(p));
    }
}
