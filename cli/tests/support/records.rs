//! Bot games that show the expansion figures: the first seed whose game has
//! what a test needs, so the tests keep finding one if the bots or the
//! shuffle change (each search is bounded and says what it missed).

use carcassonne::play;
use carcassonne_runtime::bots::BotKind;
use carcassonne_runtime::engine::Game;
use carcassonne_runtime::record::{self, Record};
use carcassonne_runtime::Ruleset;
use serde_json::Value;

/// How many seeds a search tries before it gives up.
const SEEDS: u64 = 200;

/// The first seed from 0 whose game of `ruleset` played by `bots` satisfies
/// `wanted`, and its record.
pub fn first_game(
    ruleset: &str,
    bots: &[BotKind],
    what: &str,
    wanted: impl Fn(&Record) -> bool,
) -> (u64, Record) {
    let rules = carcassonne_runtime::ruleset(ruleset).unwrap();
    for seed in 0..SEEDS {
        let rec = play::play(rules, bots.len() as u8, seed, bots, true)
            .unwrap_or_else(|e| panic!("{ruleset} seed {seed}: {e}"));
        if wanted(&rec) {
            return (seed, rec);
        }
    }
    panic!("no game of {ruleset} with seeds 0..{SEEDS} and bots {bots:?} has {what}");
}

/// The game after the record's first `placed` tiles (the entries before
/// them that place none included), replayed on its own under `rules`.
pub fn after(rec: &Record, rules: &'static Ruleset, placed: usize) -> Game {
    let mut cut = rec.clone();
    let mut seen = 0;
    let end = rec
        .turns
        .iter()
        .position(|t| {
            if t.tile.is_some() {
                seen += 1;
            }
            seen > placed
        })
        .unwrap_or(rec.turns.len());
    cut.turns.truncate(end);
    cut.final_ = None;
    record::replay(&cut, rules, false).unwrap().game
}

/// The game data a viewer page embeds.
pub fn viewer_data(html: &str) -> Value {
    let a = html
        .find(r#"<script type="application/json" id="game-data">"#)
        .unwrap();
    let body = &html[a..];
    let json = &body[body.find('>').unwrap() + 1..body.find("</script>").unwrap()];
    serde_json::from_str(json).unwrap()
}

fn deploys(rec: &Record, kind: &str) -> bool {
    rec.turns
        .iter()
        .any(|t| t.follower.as_ref().is_some_and(|f| f.kind == kind))
}

fn acts(rec: &Record, what: &str, take: Option<bool>) -> bool {
    rec.turns.iter().any(|t| {
        t.actions.iter().flatten().any(|a| {
            a.do_ == what
                && (take.is_none() || a.args.get("take").and_then(|v| v.as_bool()) == take)
        })
    })
}

/// Traders & Builders, three seats (random bots deploy builders and pigs,
/// the greedy one completes cities and takes goods): a builder and a pig
/// deployed, a second tile taken and played as part 2, goods scored.
pub fn traders_builders() -> (u64, Record) {
    first_game(
        "base_traders_builders",
        &[BotKind::Random, BotKind::Greedy, BotKind::Random],
        "a builder, a pig, a part 2 and goods points",
        |rec| {
            deploys(rec, "builder")
                && deploys(rec, "pig")
                && acts(rec, "second-tile", Some(true))
                && rec.turns.iter().any(|t| t.part == Some(2))
                && rec
                    .final_
                    .as_ref()
                    .is_some_and(|f| f.events.iter().any(|e| e.reason == "goods"))
        },
    )
}

/// The Abbot (base_c2), two seats: an abbot deployed and later taken back.
pub fn abbot() -> (u64, Record) {
    first_game(
        "base_c2",
        &[BotKind::Random, BotKind::Greedy],
        "an abbot deployed and taken back",
        |rec| deploys(rec, "abbot") && acts(rec, "return-abbot", None),
    )
}

/// Abbey & Mayor's barn (base_abbey_mayor), two seats: a barn put on a
/// corner (random bots take it among the other answers to the wood
/// decision).
pub fn barn() -> (u64, Record) {
    first_game(
        "base_abbey_mayor",
        &[BotKind::Random, BotKind::Random],
        "a barn placed",
        |rec| acts(rec, "barn", None),
    )
}

/// King & Robber Baron (base_king_robber), two seats: the King's and the
/// Robber Baron's points scored at the end.
pub fn king_robber() -> (u64, Record) {
    first_game(
        "base_king_robber",
        &[BotKind::Random, BotKind::Greedy],
        "the King's and the Robber Baron's points",
        |rec| {
            rec.final_.as_ref().is_some_and(|f| {
                ["king", "robber-baron"]
                    .iter()
                    .all(|r| f.events.iter().any(|e| e.reason == *r))
            })
        },
    )
}

/// The Princess & the Dragon (base_princess_dragon), three seats: a tile
/// set aside before the volcano, the dragon moved, the fairy put next to a
/// follower, and a knight sent home with the princess.
pub fn princess_dragon() -> (u64, Record) {
    first_game(
        "base_princess_dragon",
        &[BotKind::Random, BotKind::Greedy, BotKind::Random],
        "a tile set aside, the dragon, the fairy and the princess",
        |rec| {
            rec.turns.iter().any(|t| t.set_aside.is_some())
                && acts(rec, "dragon", None)
                && acts(rec, "fairy", None)
                && acts(rec, "princess", None)
        },
    )
}

/// The Count of Carcassonne (base_count_king_robber, or everything_c1 with
/// the towers too), three greedy seats: a figure put into a quarter of the
/// City and one sent out of it.
pub fn count(ruleset: &str) -> (u64, Record) {
    first_game(
        ruleset,
        &[BotKind::Greedy, BotKind::Greedy, BotKind::Greedy],
        "a figure put into the City and one sent out",
        |rec| {
            ["to-castle", "to-market", "to-blacksmith", "to-cathedral"]
                .iter()
                .any(|v| acts(rec, v, None))
                && acts(rec, "from-city", None)
        },
    )
}

/// The Tower (base_tower), three random seats (they finish towers, which
/// the greedy bot does not): a follower put on a tower's top, one taken
/// from a tower's top, prisoners taken and one ransomed.
pub fn tower() -> (u64, Record) {
    first_game(
        "base_tower",
        &[BotKind::Random, BotKind::Random, BotKind::Random],
        "a tower's top, a capture from it, prisoners and a ransom",
        |rec| {
            acts(rec, "tower-top", None)
                && acts(rec, "capture-top", None)
                && acts(rec, "capture", None)
                && acts(rec, "ransom", None)
        },
    )
}
