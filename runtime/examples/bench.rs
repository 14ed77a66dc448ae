//! `cargo run --release -p carcassonne-runtime --example bench -- [RULESET] [GAMES]`:
//! the same measurement as `carcassonne bench`, without the CLI.

fn main() {
    let mut args = std::env::args().skip(1);
    let id = args.next().unwrap_or_else(|| "base".to_string());
    let games = args.next().and_then(|g| g.parse().ok()).unwrap_or(10_000);
    let Some(rules) = carcassonne_runtime::ruleset(&id) else {
        eprintln!("unknown ruleset {id}");
        std::process::exit(1);
    };
    for line in carcassonne_runtime::bench::run(rules, games, 1).lines(rules) {
        println!("{line}");
    }
}
