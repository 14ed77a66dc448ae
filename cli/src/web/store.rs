//! The games a `web` server holds, and every request on them, without
//! HTTP: what the page asks is checked here and answered with the page's
//! view of the game (`show`) or a refusal that changes nothing.
//!
//! Each game is a `serve` game: its own `serve::Server` holding one
//! `Session`, so that a move, a bot's move and undo are validated and
//! applied by the same code as the protocol's (docs/protocol.md), and a
//! refused one gets the same codes and words. What the page adds is who
//! sits where (a person or a bot by spec), the log of turns, and games set
//! up from the rulesets this server offers or from a record.

use std::collections::BTreeMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use carcassonne_runtime::action_json::ActionJson;
use carcassonne_runtime::engine::Actor;
use carcassonne_runtime::record::{EventRec, Record, SourceRec};
use carcassonne_runtime::tables::Ruleset;
use serde::de::IgnoredAny;
use serde::Deserialize;
use serde_json::{json, Map, Value};

use crate::serve::protocol::{fields, Code, Failure, Request};
use crate::serve::session::Session;
use crate::serve::Server;

use super::{resume, show};

/// How many games a server keeps open; past it, the one left alone
/// longest is closed to make room (a tab's game lives until then, so a
/// reload finds it).
pub const MAX_GAMES: usize = 64;

/// The most players the page seats (its colours and its score table).
pub const MAX_SEATS: u8 = 6;

/// A ruleset the page offers: compiled in, or the file named on the
/// command line (compiled once, when the server starts).
#[derive(Debug, Clone)]
pub struct Offer {
    /// What the page sends to choose it: the ruleset's id, or `FILE_KEY`.
    pub key: String,
    pub rules: &'static Ruleset,
    /// The file's sources, copied into its games' records.
    pub sources: Option<Vec<SourceRec>>,
    /// The file's path as given, for the page to show.
    pub file: Option<String>,
}

/// The key of the ruleset file in the page's list: not a ruleset id
/// (ids are lower-case words), so a file whose ruleset has a built-in
/// ruleset's id is told apart from it.
pub const FILE_KEY: &str = "@file";

/// Who plays a seat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Seat {
    /// A person at this screen (hot-seat: every person seat plays here).
    Person,
    /// A bot, by its spec (`greedy`, `mcts:iters=500`).
    Bot(String),
}

/// The field a saved record carries beside a record's own: how many
/// answers the game had.
pub const ANSWERS: &str = "answers";

/// What a seat is called in the page, the log and the record's `bots`.
pub const PERSON: &str = "person";

impl Seat {
    /// A seat from the page's words: `person`, or a bot spec `bots::make`
    /// accepts.
    pub fn parse(spec: &str) -> Result<Seat, String> {
        let spec = spec.trim();
        if spec == PERSON {
            return Ok(Seat::Person);
        }
        carcassonne_runtime::bots::make(spec, 0)?;
        Ok(Seat::Bot(spec.to_string()))
    }

    pub fn name(&self) -> &str {
        match self {
            Seat::Person => PERSON,
            Seat::Bot(spec) => spec,
        }
    }
}

/// One line of the log: who answered, what, and the points it scored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogEntry {
    pub player: u8,
    /// The decision answered (`Decision::key`).
    pub decision: &'static str,
    pub action: ActionJson,
    pub events: Vec<EventRec>,
}

/// One game of the page.
pub struct Table {
    /// A protocol server with exactly this game open, as `GAME`.
    server: Server,
    pub seats: Vec<Seat>,
    /// The seed may be shown: the people chose it. A seed the server drew
    /// is shown once the game is over, since it fixes the order of the
    /// tiles face down.
    pub seed_chosen: bool,
    /// The ruleset as offered (its key and file).
    pub offer: Offer,
    /// One entry per input of the session, in order.
    pub log: Vec<LogEntry>,
    /// When the game was last asked for, for making room.
    touched: u64,
}

/// The id of a table's one game inside its own protocol server.
const GAME: u32 = 1;

impl Table {
    fn new(session: Session, seats: Vec<Seat>, seed_chosen: bool, offer: Offer) -> Table {
        let mut server = Server::default();
        let id = server.adopt(session);
        debug_assert_eq!(id, GAME);
        Table {
            server,
            seats,
            seed_chosen,
            offer,
            log: Vec::new(),
            touched: 0,
        }
    }

    pub fn session(&self) -> &Session {
        self.server
            .session(GAME)
            .expect("a table's game stays open")
    }

    /// The seat that answers the pending decision, if any.
    pub fn asked(&self) -> Option<u8> {
        let g = &self.session().game;
        match g.pending()?.actor {
            Actor::Player(p) => Some(p),
            Actor::Chance => None,
        }
    }

    /// Whether a person answers the pending decision.
    pub fn person_asked(&self) -> bool {
        self.asked()
            .is_some_and(|p| self.seats.get(p as usize) == Some(&Seat::Person))
    }

    /// The game's record so far, with the seats' names as its `bots`.
    pub fn record(&self) -> Record {
        let mut r = self.session().record();
        r.bots = Some(self.seats.iter().map(|s| s.name().to_string()).collect());
        r
    }

    /// The record as the page saves it: with `answers`, how many answers
    /// were given, so that a resumed game stands exactly where this one
    /// does (`resume::session`). Readers of records pass over the field.
    pub fn saved(&self) -> Value {
        let mut v = serde_json::to_value(self.record()).unwrap_or(Value::Null);
        if let Value::Object(m) = &mut v {
            m.insert(ANSWERS.into(), json!(self.session().depth()));
        }
        v
    }

    /// A protocol request on this game; the reply's fields.
    fn protocol(
        &mut self,
        cmd: &str,
        args: Map<String, Value>,
    ) -> Result<Map<String, Value>, Failure> {
        let mut args = args;
        args.insert("game".into(), json!(GAME));
        self.server.request(Request {
            id: None,
            cmd: cmd.to_string(),
            args,
        })
    }

    /// An answer that went through: its log entry, from the protocol's
    /// reply (the action as JSON and the points scored).
    fn note(&mut self, player: u8, decision: &'static str, reply: &Map<String, Value>) {
        let action = reply
            .get("action")
            .and_then(|a| serde_json::from_value(a.clone()).ok())
            .unwrap_or_default();
        let events = reply
            .get("events")
            .and_then(|e| serde_json::from_value(e.clone()).ok())
            .unwrap_or_default();
        self.log.push(LogEntry {
            player,
            decision,
            action,
            events,
        });
    }

    /// The page's request `cmd` with its fields (`depth` already taken).
    fn act(&mut self, cmd: &str, args: Map<String, Value>) -> Result<(), Failure> {
        let asked = self.asked();
        let decision = self
            .session()
            .game
            .pending()
            .map_or("", |p| p.decision.key());
        match cmd {
            "apply" => {
                // The address names the game; who answers is whoever is
                // asked, and only a person's seat is answered from the page.
                fields::<ApplyFields>("apply", args.clone())?;
                let Some(p) = asked else {
                    return Err(Failure::new(Code::GameOver, "the game is over"));
                };
                if let Some(Seat::Bot(spec)) = self.seats.get(p as usize) {
                    return Err(Failure::new(
                        Code::WrongPlayer,
                        format!("player {p} is the bot `{spec}`: ask it with `bot`"),
                    ));
                }
                let reply = self.protocol("apply", args)?;
                self.note(p, decision, &reply);
                Ok(())
            }
            "bot" => {
                fields::<BotFields>("bot", args)?;
                let Some(p) = asked else {
                    return Err(Failure::new(Code::GameOver, "the game is over"));
                };
                let Some(Seat::Bot(spec)) = self.seats.get(p as usize).cloned() else {
                    return Err(Failure::new(
                        Code::WrongPlayer,
                        format!("player {p} is a person: their answer comes from the page"),
                    ));
                };
                let mut a = Map::new();
                a.insert("name".into(), json!(spec));
                a.insert("apply".into(), json!(true));
                let reply = self.protocol("bot", a)?;
                self.note(p, decision, &reply);
                Ok(())
            }
            "undo" => {
                fields::<UndoFields>("undo", args)?;
                let steps = self.undo_steps();
                let mut a = Map::new();
                a.insert("steps".into(), json!(steps));
                self.protocol("undo", a)?;
                let depth = self.session().depth();
                self.log.truncate(depth);
                Ok(())
            }
            other => Err(Failure::new(
                Code::UnknownCommand,
                format!("unknown command `{other}`; the page sends apply, bot or undo"),
            )),
        }
    }

    /// How many inputs undo takes back: the last one, and where bots play,
    /// back to the last decision a person answered, so that the person
    /// answers it again (a bot would only answer its own again).
    fn undo_steps(&self) -> usize {
        let depth = self.log.len();
        if !self.seats.contains(&Seat::Person) {
            return 1;
        }
        match self
            .log
            .iter()
            .rposition(|e| self.seats.get(e.player as usize) == Some(&Seat::Person))
        {
            Some(i) => depth - i,
            // No person has answered yet: nothing of theirs to take back.
            None => depth.max(1),
        }
    }
}

/// The fields the page may send with `apply`: the protocol's but `game`
/// (the address names it); the protocol reads their values.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct ApplyFields {
    action: Option<IgnoredAny>,
    index: Option<IgnoredAny>,
    player: Option<IgnoredAny>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BotFields {}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UndoFields {}

/// `POST /api/games`: a new game.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewFields {
    /// An offered ruleset's key.
    ruleset: String,
    /// One per player: `person` or a bot spec.
    seats: Vec<String>,
    /// The seed; none: the server draws one (and keeps it from the page
    /// until the game is over).
    seed: Option<u64>,
}

/// `POST /api/resume`: a game from a record.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ResumeFields {
    /// The record, with the page's `answers` beside its own fields where
    /// the page saved it (`Table::saved`).
    record: Value,
    /// Who plays each seat; by default the record's `bots` (a bot's spec
    /// plays on as that bot, anything else is a person).
    seats: Option<Vec<String>>,
}

/// Every game of a server.
pub struct Store {
    pub offers: Vec<Offer>,
    /// The ruleset the page starts with selected.
    pub default_key: String,
    games: Mutex<Games>,
}

#[derive(Default)]
struct Games {
    tables: BTreeMap<u64, Arc<Mutex<Table>>>,
    last_id: u64,
    clock: u64,
}

/// A lock whose holder panicked is taken all the same: every change to a
/// table is either whole or refused (the protocol server restores its
/// games after a panic), so what it guards is never half-changed.
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The page's view of a game, or why there is none.
pub type Reply = Result<Value, Failure>;

/// A request body as a JSON object.
fn object(body: &[u8]) -> Result<Map<String, Value>, Failure> {
    let text = std::str::from_utf8(body)
        .map_err(|e| Failure::new(Code::ParseError, format!("not UTF-8: {e}")))?;
    match serde_json::from_str::<Value>(text) {
        Ok(Value::Object(m)) => Ok(m),
        Ok(_) => Err(Failure::new(
            Code::BadRequest,
            "a request is a JSON object, like {\"cmd\": \"bot\"}",
        )),
        Err(e) => Err(Failure::new(Code::ParseError, format!("not JSON: {e}"))),
    }
}

/// A game's id from the address.
fn game_id(id: &str) -> Result<u64, Failure> {
    id.parse::<u64>()
        .map_err(|_| Failure::new(Code::NoGame, format!("`{id}` is not a game id (a number)")))
}

impl Store {
    pub fn new(offers: Vec<Offer>, default_key: String) -> Store {
        Store {
            offers,
            default_key,
            games: Mutex::new(Games::default()),
        }
    }

    /// `GET /api/setup`: what a game can be set up with.
    pub fn setup(&self) -> Value {
        let rulesets: Vec<Value> = self
            .offers
            .iter()
            .map(|o| {
                let (lo, hi) = seats_range(o.rules);
                json!({
                    "key": o.key, "id": o.rules.id, "name": o.rules.name,
                    "tiles": o.rules.total, "players": [lo, hi], "file": o.file,
                })
            })
            .collect();
        json!({
            "rulesets": rulesets,
            "default": self.default_key,
            "bots": carcassonne_runtime::bots::NAMES,
            "person": PERSON,
            "colours": &crate::paint::PLAYER_COLOURS[..MAX_SEATS as usize],
        })
    }

    fn offer(&self, key: &str) -> Result<&Offer, Failure> {
        self.offers.iter().find(|o| o.key == key).ok_or_else(|| {
            let keys: Vec<&str> = self.offers.iter().map(|o| o.key.as_str()).collect();
            Failure::new(
                Code::BadRuleset,
                format!(
                    "no ruleset `{key}` here; this server offers: {}",
                    keys.join(", ")
                ),
            )
        })
    }

    /// `POST /api/games`.
    pub fn create(&self, body: &[u8]) -> Reply {
        let f: NewFields = fields("new game", object(body)?)?;
        let offer = self.offer(&f.ruleset)?.clone();
        let seats = parse_seats(&f.seats, offer.rules)?;
        let seed = f.seed.unwrap_or_else(fresh_seed);
        let session = Session::new(
            offer.rules,
            offer.sources.clone(),
            seats.len() as u8,
            Some(seed),
            None,
        )?;
        let table = Table::new(session, seats, f.seed.is_some(), offer);
        Ok(self.open(table))
    }

    /// `POST /api/resume`: the record is checked as `replay` checks it,
    /// then played again move by move into a new game.
    pub fn resume(&self, body: &[u8]) -> Reply {
        let f: ResumeFields = fields("resume", object(body)?)?;
        let answers = match f.record.get(ANSWERS) {
            None => None,
            Some(n) => Some(n.as_u64().ok_or_else(|| {
                Failure::new(Code::BadField, format!("`{ANSWERS}` is a count of answers"))
            })? as usize),
        };
        let rec: Record = serde_json::from_value(f.record).map_err(|e| {
            Failure::new(
                Code::BadField,
                format!("`record` is not a game record: {e}"),
            )
        })?;
        let offer = self.offer_for(&rec)?.clone();
        let names: Vec<String> = match (&f.seats, &rec.bots) {
            (Some(s), _) => s.clone(),
            (None, Some(b)) if b.len() == rec.players as usize => b
                .iter()
                .map(|n| match Seat::parse(n) {
                    Ok(_) => n.clone(),
                    Err(_) => PERSON.to_string(),
                })
                .collect(),
            (None, _) => vec![PERSON.to_string(); rec.players as usize],
        };
        let seats = parse_seats(&names, offer.rules)?;
        if seats.len() != rec.players as usize {
            return Err(Failure::new(
                Code::BadSetup,
                format!(
                    "{} seats given for a record of {} players",
                    seats.len(),
                    rec.players
                ),
            ));
        }
        let (session, log) = resume::session(&rec, offer.rules, offer.sources.clone(), answers)?;
        let mut table = Table::new(session, seats, true, offer);
        table.log = log;
        Ok(self.open(table))
    }

    /// The offer a record names: a built-in ruleset when it carries no
    /// sources, the file's when its sources are the file's. Nothing is
    /// read or compiled from the record itself.
    fn offer_for(&self, rec: &Record) -> Result<&Offer, Failure> {
        let found = self.offers.iter().find(|o| {
            o.rules.id == rec.ruleset
                && match (&rec.sources, &o.sources) {
                    (None, None) => true,
                    (Some(mine), Some(theirs)) => mine == theirs,
                    _ => false,
                }
        });
        found.ok_or_else(|| {
            let why = match &rec.sources {
                Some(_) => format!(
                    "the record was played with a ruleset file (`{}`) that is not the one this server was started with; start it with `carcassonne web --ruleset FILE`",
                    rec.ruleset
                ),
                None => format!("no built-in ruleset `{}`", rec.ruleset),
            };
            Failure::new(Code::BadRuleset, why)
        })
    }

    /// Open `table` as a new game; its view.
    fn open(&self, table: Table) -> Value {
        let mut games = lock(&self.games);
        games.last_id += 1;
        games.clock += 1;
        let id = games.last_id;
        let mut table = table;
        table.touched = games.clock;
        let view = show::view(id, &table);
        games.tables.insert(id, Arc::new(Mutex::new(table)));
        while games.tables.len() > MAX_GAMES {
            // The table left alone longest; a table in use now is locked
            // and counts as just touched.
            let oldest = games
                .tables
                .iter()
                .filter(|&(&k, _)| k != id)
                .min_by_key(|(_, t)| t.try_lock().map_or(u64::MAX, |t| t.touched))
                .map(|(&k, _)| k);
            match oldest {
                Some(k) => games.tables.remove(&k),
                None => break,
            };
        }
        view
    }

    fn table(&self, id: &str) -> Result<(u64, Arc<Mutex<Table>>), Failure> {
        let id = game_id(id)?;
        let mut games = lock(&self.games);
        games.clock += 1;
        let now = games.clock;
        let t = games.tables.get(&id).cloned().ok_or_else(|| {
            Failure::new(
                Code::NoGame,
                format!("no open game {id} (games close when the server stops, or to make room past {MAX_GAMES})"),
            )
        })?;
        if let Ok(mut table) = t.try_lock() {
            table.touched = now;
        }
        Ok((id, t))
    }

    /// `GET /api/games/ID`.
    pub fn view(&self, id: &str) -> Reply {
        let (id, t) = self.table(id)?;
        let table = lock(&t);
        Ok(show::view(id, &table))
    }

    /// `POST /api/games/ID`: `{"cmd": "apply", "index": 3}`, `{"cmd":
    /// "apply", "action": {...}}`, `{"cmd": "bot"}` or `{"cmd": "undo"}`,
    /// each with the `depth` the page last saw, if it wants its answer
    /// refused once the game has moved on (another tab, a double click).
    pub fn act(&self, id: &str, body: &[u8]) -> Reply {
        let mut args = object(body)?;
        let cmd = match args.remove("cmd") {
            Some(Value::String(c)) => c,
            Some(_) => return Err(Failure::new(Code::BadRequest, "`cmd` must be a string")),
            None => {
                return Err(Failure::new(
                    Code::MissingField,
                    "a request needs `cmd`: apply, bot or undo",
                ))
            }
        };
        let depth = match args.remove("depth") {
            None | Some(Value::Null) => None,
            Some(v) => Some(v.as_u64().ok_or_else(|| {
                Failure::new(Code::BadField, "`depth` is a number (the page's `depth`)")
            })?),
        };
        let (id, t) = self.table(id)?;
        let mut table = lock(&t);
        if let Some(d) = depth {
            let now = table.session().depth() as u64;
            if d != now {
                return Err(Failure::new(
                    Code::BadField,
                    format!("the game has moved on (depth {now}, not {d}): reload it"),
                ));
            }
        }
        // The protocol server guards the engine; this guards the rest.
        match catch_unwind(AssertUnwindSafe(|| table.act(&cmd, args))) {
            Ok(done) => done?,
            Err(_) => {
                return Err(Failure::new(
                    Code::Internal,
                    format!("`{cmd}` failed (a bug; please report it)"),
                ))
            }
        }
        Ok(show::view(id, &table))
    }

    /// `GET /api/games/ID/record`: the record, and a file name for it.
    pub fn record(&self, id: &str) -> Result<(String, Vec<u8>), Failure> {
        let (id, t) = self.table(id)?;
        let table = lock(&t);
        let text = serde_json::to_vec_pretty(&table.saved())
            .map_err(|e| Failure::new(Code::Internal, e.to_string()))?;
        Ok((
            format!("carcassonne-{}-game{id}.json", table.offer.rules.id),
            text,
        ))
    }

    /// `DELETE /api/games/ID`.
    pub fn close(&self, id: &str) -> Reply {
        let id = game_id(id)?;
        let mut games = lock(&self.games);
        match games.tables.remove(&id) {
            Some(_) => Ok(json!({ "game": id, "closed": true })),
            None => Err(Failure::new(Code::NoGame, format!("no open game {id}"))),
        }
    }

    /// How many games are open.
    pub fn open_games(&self) -> usize {
        lock(&self.games).tables.len()
    }
}

/// The seats the page may set for `rules`: its player counts within 2 to
/// `MAX_SEATS`.
pub fn seats_range(rules: &Ruleset) -> (u8, u8) {
    let lo = rules.options.min_players.max(2);
    let hi = rules.options.max_players.min(MAX_SEATS);
    (lo, hi)
}

fn parse_seats(names: &[String], rules: &Ruleset) -> Result<Vec<Seat>, Failure> {
    let (lo, hi) = seats_range(rules);
    if names.len() < lo as usize || names.len() > hi as usize {
        return Err(Failure::new(
            Code::BadSetup,
            format!(
                "{} seats: ruleset {} seats {lo} to {hi} players here",
                names.len(),
                rules.id
            ),
        ));
    }
    names
        .iter()
        .enumerate()
        .map(|(i, n)| {
            Seat::parse(n).map_err(|e| {
                Failure::new(
                    Code::UnknownBot,
                    format!("seat {i}: `{n}` is neither `{PERSON}` nor a bot: {e}"),
                )
            })
        })
        .collect()
}

/// A seed nobody chose: from the clock and the process's hasher keys,
/// below 2^53 so that a page's script reads it exactly from a record.
fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    h.write_u128(now);
    h.finish() & ((1 << 53) - 1)
}
