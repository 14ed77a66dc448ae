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

use carcassonne_runtime::record::Record;
use carcassonne_runtime::tables::Ruleset;
use serde::Deserialize;
use serde_json::{json, Map, Value};

use crate::serve::protocol::{fields, Code, Failure};
use crate::serve::session::Session;

use super::table::{Offer, Seat, Table, ANSWERS, PERSON};
use super::{resume, show};

/// How many games a server keeps open; past it, the one left alone
/// longest is closed to make room (a tab's game lives until then, so a
/// reload finds it).
pub const MAX_GAMES: usize = 64;

/// The most players the page seats (its colours and its score table).
pub const MAX_SEATS: u8 = 6;

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
