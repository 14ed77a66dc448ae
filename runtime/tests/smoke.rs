use carcassonne_runtime::bots::{Bot, BotKind};
use carcassonne_runtime::engine::Game;

#[test]
fn random_games_finish() {
    let rules = carcassonne_runtime::ruleset("base").unwrap();
    for seed in 0..200 {
        let mut g = Game::new(rules, 2, seed).unwrap();
        let mut bots = [Bot::new(BotKind::Random, seed), Bot::new(BotKind::Random, seed + 1)];
        while !g.is_over() {
            let p = g.to_move() as usize;
            let mv = bots[p].choose(&g).unwrap();
            g.apply(mv).unwrap();
        }
        assert_eq!(g.placed().len() + g.discards().len(), 72);
        if seed < 3 {
            println!("{:?} turns {}", g.scores(), g.turn());
        }
    }
}
