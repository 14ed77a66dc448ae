use carcassonne_runtime::bots::{BotKind, SimpleBot};
use carcassonne_runtime::engine::{Actor, Game};
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
