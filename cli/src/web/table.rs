//! One game of the web page, as the store keeps it: the ruleset it was
//! offered from, who sits where, the log of answers, and the protocol
//! server that holds its session. Answers from the page go through that
//! server, so they are checked as a `serve` client's are.

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
    pub(super) touched: u64,
}

/// The id of a table's one game inside its own protocol server.
const GAME: u32 = 1;

impl Table {
    pub(super) fn new(
        session: Session,
        seats: Vec<Seat>,
        seed_chosen: bool,
        offer: Offer,
    ) -> Table {
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
    pub(super) fn act(&mut self, cmd: &str, args: Map<String, Value>) -> Result<(), Failure> {
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
