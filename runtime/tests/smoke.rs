use carcassonne_runtime::bots::{Bot, BotKind};
use carcassonne_runtime::engine::Game;

#[test]
fn random_games_finish_in_every_ruleset() {
    for rules in carcassonne_runtime::rulesets() {
        let mut discards = 0;
        for seed in 0..10 {
            let mut g = Game::new(rules, 2, seed).unwrap();
            let mut bots = [
                Bot::new(BotKind::Random, seed),
                Bot::new(BotKind::Greedy, seed + 1),
            ];
            while !g.is_over() {
                let p = g.to_move() as usize;
                let a = bots[p].choose_action(&g).unwrap();
                g.apply_action(a, &mut Vec::new()).unwrap();
            }
            assert_eq!(g.placed().len() + g.discards().len(), rules.total as usize);
            discards += g.discards().len();
        }
        println!("{}: {} discards in 10 games", rules.id, discards);
    }
}
