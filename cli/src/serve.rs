//! `carcassonne serve`: the engine over stdin and stdout, one JSON request
//! per line in, one JSON reply per line out (docs/protocol.md), so a
//! program in any language can play, as chess engines speak UCI and Go
//! engines GTP. A refused request gets an error reply and changes nothing;
//! the server never exits on a bad request, only on `quit` or end of input.

pub mod protocol;
pub mod session;
pub mod state;

use std::collections::BTreeMap;
use std::io::{self, BufRead, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;

use carcassonne_runtime::action_json::{self, ActionJson, ReadError};
use carcassonne_runtime::engine::Placement;
use carcassonne_runtime::mechanics::Mech;
use carcassonne_runtime::record::{SourceRec, StartRec};
use carcassonne_runtime::tables::Ruleset;
use serde::Deserialize;
use serde_json::{json, Map, Value};

use crate::load;
use protocol::{fields, Code, Failure, Outcome, Request};
use session::Session;

/// Serve requests from `input` until `quit` or its end.
pub fn run(input: impl BufRead, output: impl Write) -> io::Result<()> {
    let mut server = Server::default();
    server.serve(input, output)
}

#[derive(Default)]
pub struct Server {
    games: BTreeMap<u32, Session>,
    last_id: u32,
    /// Rulesets loaded from files, by the sources they were compiled from:
    /// a ruleset is compiled for each game (the file may have changed) but
    /// made into tables once per distinct text, since tables live for the
    /// rest of the process.
    loaded: Vec<(Vec<SourceRec>, &'static Ruleset)>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NoFields {}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GameField {
    game: Option<u32>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewFields {
    ruleset: String,
    players: u8,
    seed: Option<u64>,
    #[serde(default)]
    scripted: bool,
    start: Option<Vec<StartRec>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StateFields {
    game: Option<u32>,
    player: Option<u8>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ApplyFields {
    game: Option<u32>,
    action: Option<ActionJson>,
    index: Option<usize>,
    player: Option<u8>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ChanceFields {
    game: Option<u32>,
    tile: Option<String>,
    index: Option<usize>,
    player: Option<u8>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UndoFields {
    game: Option<u32>,
    steps: Option<usize>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BotFields {
    game: Option<u32>,
    name: String,
    seed: Option<u64>,
    #[serde(default)]
    apply: bool,
}

fn ok() -> Map<String, Value> {
    Map::new()
}

impl Server {
    pub fn serve(&mut self, mut input: impl BufRead, mut output: impl Write) -> io::Result<()> {
        let mut buf = Vec::new();
        loop {
            buf.clear();
            if input.read_until(b'\n', &mut buf)? == 0 {
                return Ok(());
            }
            let (id, outcome, quit) = match std::str::from_utf8(&buf) {
                Err(e) => (
                    None,
                    Err(Failure::new(Code::ParseError, format!("not UTF-8: {e}"))),
                    false,
                ),
                // Blank lines are no request and get no reply.
                Ok(line) if line.trim().is_empty() => continue,
                Ok(line) => match protocol::parse_line(line) {
                    (id, Err(f)) => (id, Err(f), false),
                    (id, Ok(req)) => {
                        let quit = req.cmd == "quit";
                        (id, self.guarded(req), quit)
                    }
                },
            };
            let line = protocol::reply(id, outcome).to_string();
            match writeln!(output, "{line}").and_then(|()| output.flush()) {
                Ok(()) => {}
                // The client has gone: nothing left to serve.
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(()),
                Err(e) => return Err(e),
            }
            if quit {
                return Ok(());
            }
        }
    }

    /// Open `session` as a new game, as `new` would; its id. (`web` sets
    /// its games up itself: rulesets it offers, seeds it picks, records
    /// it resumes.)
    pub fn adopt(&mut self, session: Session) -> u32 {
        self.last_id += 1;
        self.games.insert(self.last_id, session);
        self.last_id
    }

    /// Open game `id`, to read.
    pub fn session(&self, id: u32) -> Option<&Session> {
        self.games.get(&id)
    }

    /// One request, as a line of `serve` is answered: refused requests
    /// change nothing, and a panic inside the engine leaves the games as
    /// they were (`guarded`).
    pub fn request(&mut self, req: Request) -> Outcome {
        self.guarded(req)
    }

    /// `handle`, and should it panic (a bug), every game rebuilt from its
    /// inputs so that no half-done change survives, and an error reply.
    fn guarded(&mut self, req: Request) -> Outcome {
        let cmd = req.cmd.clone();
        match catch_unwind(AssertUnwindSafe(|| self.handle(req))) {
            Ok(outcome) => outcome,
            Err(_) => {
                for s in self.games.values_mut() {
                    if let Ok(again) = s.replayed(s.depth()) {
                        *s = again;
                    }
                }
                Err(Failure::new(
                    Code::Internal,
                    format!("`{cmd}` failed inside the engine (a bug; please report it with the requests that led here); the games are unchanged"),
                ))
            }
        }
    }

    pub fn handle(&mut self, req: Request) -> Outcome {
        let Request { cmd, args, .. } = req;
        let c = cmd.as_str();
        match c {
            "hello" => {
                fields::<NoFields>(c, args)?;
                Ok(hello())
            }
            "quit" => {
                fields::<NoFields>(c, args)?;
                let mut m = ok();
                m.insert("bye".into(), json!(true));
                Ok(m)
            }
            "new" => self.new_game(fields(c, args)?),
            "games" => {
                fields::<NoFields>(c, args)?;
                Ok(self.list())
            }
            "close" => {
                let f: GameField = fields(c, args)?;
                let id = self.game_id(f.game)?;
                self.games.remove(&id);
                let mut m = ok();
                m.insert("game".into(), json!(id));
                m.insert("closed".into(), json!(true));
                Ok(m)
            }
            "state" => {
                let f: StateFields = fields(c, args)?;
                let (id, s) = self.game(f.game)?;
                if let Some(p) = f.player {
                    check_player(s, p)?;
                }
                Ok(state::state(s, id, f.player))
            }
            "legal" => {
                let f: GameField = fields(c, args)?;
                let (id, s) = self.game(f.game)?;
                let mut m = ok();
                m.insert("game".into(), json!(id));
                m.extend(state::legal(s));
                Ok(m)
            }
            "apply" => self.apply(fields(c, args)?),
            "chance" => self.chance(fields(c, args)?),
            "undo" => {
                let f: UndoFields = fields(c, args)?;
                let (id, s) = self.game_mut(f.game)?;
                let steps = f.steps.unwrap_or(1);
                s.undo(steps)?;
                let mut m = ok();
                m.insert("game".into(), json!(id));
                m.insert("undone".into(), json!(steps));
                m.insert("depth".into(), json!(s.depth()));
                m.insert("scores".into(), json!(s.game.scores()));
                m.insert("pending".into(), state::pending(s));
                Ok(m)
            }
            "bot" => self.bot(fields(c, args)?),
            "record" => {
                let f: GameField = fields(c, args)?;
                let (id, s) = self.game(f.game)?;
                let mut m = ok();
                m.insert("game".into(), json!(id));
                let record = serde_json::to_value(s.record())
                    .map_err(|e| Failure::new(Code::Internal, e.to_string()))?;
                m.insert("record".into(), record);
                Ok(m)
            }
            other => Err(Failure::new(
                Code::UnknownCommand,
                format!(
                    "unknown command `{other}`; commands: {}",
                    protocol::COMMANDS.join(", ")
                ),
            )),
        }
    }

    /// The id a request names, or the newest open game.
    fn game_id(&self, id: Option<u32>) -> Result<u32, Failure> {
        match id {
            Some(id) if self.games.contains_key(&id) => Ok(id),
            Some(id) => Err(Failure::new(
                Code::NoGame,
                format!(
                    "no open game {id} (open: {:?})",
                    self.games.keys().collect::<Vec<_>>()
                ),
            )),
            None => {
                self.games.keys().next_back().copied().ok_or_else(|| {
                    Failure::new(Code::NoGame, "no game is open: start one with `new`")
                })
            }
        }
    }

    fn game(&self, id: Option<u32>) -> Result<(u32, &Session), Failure> {
        let id = self.game_id(id)?;
        Ok((id, &self.games[&id]))
    }

    fn game_mut(&mut self, id: Option<u32>) -> Result<(u32, &mut Session), Failure> {
        let id = self.game_id(id)?;
        let s = self
            .games
            .get_mut(&id)
            .ok_or_else(|| Failure::new(Code::NoGame, format!("no open game {id}")))?;
        Ok((id, s))
    }

    fn list(&self) -> Map<String, Value> {
        let games: Vec<Value> = self
            .games
            .iter()
            .map(|(id, s)| {
                json!({ "game": id, "ruleset": s.rules.id, "players": s.game.players(),
                        "scripted": s.scripted(), "over": s.game.is_over() })
            })
            .collect();
        let mut m = ok();
        m.insert("games".into(), Value::Array(games));
        m
    }

    /// A ruleset by id or path, with the copies of its sources for a file.
    fn ruleset(
        &mut self,
        name: &str,
    ) -> Result<(&'static Ruleset, Option<Vec<SourceRec>>), Failure> {
        let bad = |e: String| Failure::new(Code::BadRuleset, e);
        if !carcassonne_codegen::library::is_path(name) {
            let l = load::named(name).map_err(|e| bad(e.to_string()))?;
            return Ok((l.rules, l.sources));
        }
        let model = load::compile(Path::new(name)).map_err(|e| bad(e.to_string()))?;
        let sources: Vec<SourceRec> = model.sources.iter().map(load::source_rec).collect();
        if let Some((_, rules)) = self.loaded.iter().find(|(s, _)| *s == sources) {
            return Ok((rules, Some(sources)));
        }
        let rules = load::leak(&carcassonne_codegen::lower::ruleset(&model));
        self.loaded.push((sources.clone(), rules));
        Ok((rules, Some(sources)))
    }

    fn new_game(&mut self, f: NewFields) -> Outcome {
        let seed = match (f.seed, f.scripted) {
            (Some(_), true) => {
                return Err(Failure::new(
                    Code::BadField,
                    "give `seed` (the seed draws the tiles) or `\"scripted\": true` (chance answers draw them), not both",
                ))
            }
            (None, false) => {
                return Err(Failure::new(
                    Code::MissingField,
                    "`new` needs `seed` (a number) or `\"scripted\": true`",
                ))
            }
            (seed, _) => seed,
        };
        if f.start.is_some() && !f.scripted {
            return Err(Failure::new(
                Code::BadField,
                "`start` is for scripted games; a seeded game starts from its ruleset's start tiles",
            ));
        }
        let (rules, sources) = self.ruleset(&f.ruleset)?;
        let start = match &f.start {
            Some(list) => Some(start_tiles(rules, list)?),
            None => None,
        };
        let s = Session::new(rules, sources, f.players, seed, start)?;
        self.last_id += 1;
        let id = self.last_id;
        let mut m = ok();
        m.insert("game".into(), json!(id));
        m.insert("ruleset".into(), json!(rules.id));
        m.insert("players".into(), json!(f.players));
        m.insert("seed".into(), json!(seed));
        m.insert("scripted".into(), json!(f.scripted));
        m.insert("pending".into(), state::pending(&s));
        self.games.insert(id, s);
        Ok(m)
    }

    fn apply(&mut self, f: ApplyFields) -> Outcome {
        let (id, s) = self.game_mut(f.game)?;
        // The action may name who answers, as a record's entries do; it must
        // agree with the request's `player`.
        let by = match (f.player, f.action.as_ref().and_then(|j| j.player)) {
            (Some(p), Some(q)) if p != q => {
                return Err(Failure::new(
                    Code::BadField,
                    format!("`player` is {p} but the action's `player` is {q}"),
                ))
            }
            (p, q) => p.or(q),
        };
        if let Some(p) = by {
            check_player(s, p)?;
        }
        if let Some(j) = &f.action {
            unknown_action_field(j)?;
        }
        // Before reading the action: the tile it would place is not drawn yet.
        s.no_chance_pending()?;
        let legal = s.game.legal_actions();
        let action =
            match (f.action, f.index) {
                (Some(_), Some(_)) => {
                    return Err(Failure::new(
                        Code::BadField,
                        "give `action` or `index`, not both",
                    ))
                }
                (None, None) => return Err(Failure::new(
                    Code::MissingField,
                    "`apply` needs `action` (an action object) or `index` (into `legal`'s list)",
                )),
                (None, Some(i)) => *legal.get(i).ok_or_else(|| {
                    Failure::new(
                        Code::BadIndex,
                        format!(
                            "index {i}: there are {} legal actions (0-based)",
                            legal.len()
                        ),
                    )
                })?,
                (Some(j), None) => action_json::from_json(&s.game, &j).map_err(|e| match e {
                    ReadError::Missing(m) => Failure::new(Code::MissingField, m),
                    ReadError::Invalid(m) => Failure::new(Code::IllegalAction, m),
                })?,
            };
        let shown = state::action(&s.game, action);
        let events = s.apply(by, action)?;
        let mut m = ok();
        m.insert("game".into(), json!(id));
        m.insert("action".into(), shown);
        m.insert("events".into(), state::events(&events));
        m.insert("scores".into(), json!(s.game.scores()));
        m.insert("over".into(), json!(s.game.is_over()));
        m.insert("pending".into(), state::pending(s));
        Ok(m)
    }

    fn chance(&mut self, f: ChanceFields) -> Outcome {
        let (id, s) = self.game_mut(f.game)?;
        let tile = match (&f.tile, f.index) {
            (Some(_), Some(_)) => {
                return Err(Failure::new(
                    Code::BadField,
                    "give `tile` or `index`, not both",
                ))
            }
            (Some(name), None) => {
                Some(s.rules.tile_index(name).map(|t| t as u16).ok_or_else(|| {
                    Failure::new(
                        Code::BadField,
                        format!("ruleset {} has no tile `{name}`", s.rules.id),
                    )
                })?)
            }
            (None, Some(i)) => {
                let tiles = s.chance_tiles();
                Some(
                    tiles
                        .get(i)
                        .ok_or_else(|| {
                            Failure::new(
                                Code::BadIndex,
                                format!(
                                    "index {i}: {} tiles may be drawn now (0-based)",
                                    tiles.len()
                                ),
                            )
                        })?
                        .0,
                )
            }
            (None, None) => None,
        };
        let events = s.chance(f.player, tile)?;
        let mut m = ok();
        m.insert("game".into(), json!(id));
        m.insert("to_move".into(), json!(s.game.to_move()));
        let drawn = tile.and_then(|_| s.game.current_tile()).map(|t| t.id);
        m.insert("tile".into(), json!(drawn));
        m.insert("events".into(), state::events(&events));
        m.insert("scores".into(), json!(s.game.scores()));
        m.insert("pending".into(), state::pending(s));
        Ok(m)
    }

    fn bot(&mut self, f: BotFields) -> Outcome {
        let (id, s) = self.game_mut(f.game)?;
        s.no_chance_pending()?;
        if s.game
            .pending()
            .is_some_and(|p| p.actor == carcassonne_runtime::engine::Actor::Chance)
        {
            return Err(Failure::new(
                Code::ChancePending,
                "chance decides this, not a player: state its outcome with `apply`",
            ));
        }
        if s.game.is_over() {
            return Err(Failure::new(Code::GameOver, "the game is over"));
        }
        // Unless told, a seed fixed by the game and the move: the same
        // requests give the same answers.
        let seed = f.seed.unwrap_or_else(|| {
            s.game
                .seed()
                .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                .wrapping_add(s.depth() as u64 + 1)
        });
        let mut bot = carcassonne_runtime::bots::make(&f.name, seed)
            .map_err(|e| Failure::new(Code::UnknownBot, e))?;
        // The bot sees what the player it answers for may know: never the
        // order of the face-down tiles.
        let asked = match s.game.pending() {
            Some(carcassonne_runtime::engine::Pending {
                actor: carcassonne_runtime::engine::Actor::Player(p),
                ..
            }) => p,
            _ => s.game.to_move(),
        };
        let action = bot.choose_action(&s.game.view(asked)).ok_or_else(|| {
            Failure::new(
                Code::Internal,
                format!("bot `{}` found no action", bot.name()),
            )
        })?;
        let index = s.game.legal_actions().iter().position(|&a| a == action);
        let Some(index) = index else {
            return Err(Failure::new(
                Code::Internal,
                format!("bot `{}` chose an action that is not legal", bot.name()),
            ));
        };
        let mut m = ok();
        m.insert("game".into(), json!(id));
        m.insert("bot".into(), json!(bot.name()));
        m.insert("index".into(), json!(index));
        m.insert("action".into(), state::action(&s.game, action));
        m.insert("applied".into(), json!(f.apply));
        if f.apply {
            let events = s.apply(None, action)?;
            m.insert("events".into(), state::events(&events));
            m.insert("scores".into(), json!(s.game.scores()));
            m.insert("over".into(), json!(s.game.is_over()));
            m.insert("pending".into(), state::pending(s));
        }
        Ok(m)
    }
}

/// Refuse a field no action takes (`unknown_field`, as for a request's
/// fields): a module's action holds its argument in the field it declares,
/// and any other name is a mistake rather than an action of another kind.
fn unknown_action_field(j: &ActionJson) -> Result<(), Failure> {
    let mut known: Vec<&str> = Mech::ALL
        .into_iter()
        .flat_map(|m| carcassonne_runtime::mechanics::verbs(m).iter())
        .map(|v| v.field)
        .filter(|f| !f.is_empty())
        .collect();
    let Some(bad) = j.args.keys().find(|k| !known.contains(&k.as_str())) else {
        return Ok(());
    };
    known.sort_unstable();
    known.dedup();
    Err(Failure::new(
        Code::UnknownField,
        format!(
            "no action takes `{bad}`; an action's fields: player, do, tile, x, y, rotation, follower, {}",
            known.join(", ")
        ),
    ))
}

fn check_player(s: &Session, p: u8) -> Result<(), Failure> {
    if p >= s.game.players() {
        return Err(Failure::new(
            Code::BadField,
            format!(
                "there is no player {p} (players 0-{})",
                s.game.players() - 1
            ),
        ));
    }
    Ok(())
}

/// A scripted game's start tiles as a record lists them.
fn start_tiles(rules: &Ruleset, list: &[StartRec]) -> Result<Vec<(u16, Placement)>, Failure> {
    list.iter()
        .map(|s| {
            let t = rules.tile_index(&s.tile).ok_or_else(|| {
                Failure::new(
                    Code::BadSetup,
                    format!(
                        "start tile `{}`: ruleset {} has no such tile",
                        s.tile, rules.id
                    ),
                )
            })?;
            Ok((
                t as u16,
                Placement {
                    x: s.x,
                    y: s.y,
                    rotation: s.rotation,
                },
            ))
        })
        .collect()
}

fn hello() -> Map<String, Value> {
    let rulesets: Vec<Value> = carcassonne_runtime::rulesets()
        .iter()
        .map(|r| {
            json!({ "id": r.id, "name": r.name, "tiles": r.total,
                    "players": [r.options.min_players, r.options.max_players] })
        })
        .collect();
    let mut m = ok();
    m.insert("protocol".into(), json!(protocol::NAME));
    m.insert("version".into(), json!(protocol::VERSION));
    m.insert("engine".into(), json!(env!("CARGO_PKG_VERSION")));
    m.insert("commands".into(), json!(protocol::COMMANDS));
    m.insert("rulesets".into(), Value::Array(rulesets));
    m.insert("bots".into(), json!(carcassonne_runtime::bots::NAMES));
    m
}
