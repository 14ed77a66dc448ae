use carcassonne_runtime::bots::{BotKind, SimpleBot};
use carcassonne_runtime::engine::{Action, Actor, Game, Placement};
use carcassonne_runtime::tables::Edge;

#[test]
fn random_games_finish_in_every_ruleset() {
    for rules in carcassonne_runtime::rulesets() {
        let mut discards = 0;
        for seed in 0..10 {
            let mut g = Game::new(rules, 2, seed).unwrap();
            let mut bots = [
                SimpleBot::new(BotKind::Random, seed),
                SimpleBot::new(BotKind::Greedy, seed + 1),
            ];
            while let Some(pending) = g.pending() {
                let Actor::Player(p) = pending.actor else {
                    panic!("a seeded game deals chance itself")
                };
                let a = bots[p as usize].choose_action(&g.view(p)).unwrap();
                g.apply_action(a, &mut Vec::new()).unwrap();
            }
            // Tiles the players held (abbeys) come on top of the stack's;
            // tiles under hills never come out of it.
            let held = g
                .placed()
                .iter()
                .filter(|q| rules.tiles[q.tile as usize].edges.contains(&Edge::Any))
                .count();
            assert_eq!(
                g.placed().len() - held + g.removed().count() + g.set_aside().len() + g.buried(),
                rules.total as usize
            );
            discards += g.removed().count();
        }
        println!("{}: {} discards in 10 games", rules.id, discards);
    }
}

/// A scripted game told a tile that fits nowhere offers only the pass
/// (the tile goes out of the game, 000_9deb58b1a7d17d38.txt L100): both
/// simple bots answer it, where a placement is all they would look for.
#[test]
fn the_simple_bots_pass_a_told_tile_that_fits_nowhere() {
    let rules = carcassonne_runtime::ruleset("base").unwrap();
    let index = |id: &str| rules.tile_index(id).unwrap() as u16;
    // A cloister's field on all four sides: the one-tile city meets none.
    let start = [(
        index("B"),
        Placement {
            x: 0,
            y: 0,
            rotation: 0,
        },
    )];
    let mut g = Game::new_scripted(rules, 2, &start).unwrap();
    g.force_draw(index("C")).unwrap();
    assert_eq!(g.legal_actions(), vec![Action::Pass]);
    for kind in [BotKind::Random, BotKind::Greedy] {
        let mut bot = SimpleBot::new(kind, 1);
        assert_eq!(bot.choose_action(&g), Some(Action::Pass), "{kind:?}");
    }
}
