//! The wire format of `carcassonne serve` (docs/protocol.md): one request
//! object per line in, one reply object per line out, and the typed errors
//! a reply can carry.

use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

/// The protocol's name and version, sent by `hello`. The version goes up
/// when a request or reply changes in a way an existing client would
/// misread; fields are only ever added within a version.
pub const NAME: &str = "carcassonne-serve";
pub const VERSION: u32 = 1;

/// Every command, for `hello` and the unknown-command message.
pub const COMMANDS: &[&str] = &[
    "hello", "new", "games", "close", "state", "legal", "apply", "chance", "undo", "bot", "record",
    "quit",
];

/// What went wrong, as a stable code a client can branch on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Code {
    /// The line is not JSON.
    ParseError,
    /// JSON, but not a request object with a string `cmd`.
    BadRequest,
    UnknownCommand,
    MissingField,
    UnknownField,
    /// A field of the wrong type or out of range, or two that exclude each other.
    BadField,
    /// No open game has that id (or none is open).
    NoGame,
    /// The ruleset is unknown, or its file does not compile.
    BadRuleset,
    /// The game cannot be set up (player count, start tiles).
    BadSetup,
    /// The action does not name an action of this game, or the engine refuses it.
    IllegalAction,
    /// The decision is another player's.
    WrongPlayer,
    /// An `index` past the end of the legal list.
    BadIndex,
    /// A scripted game waits for the tile drawn (`chance`), not a player.
    ChancePending,
    /// `chance` when no chance node is pending, or an answer it refuses.
    NotChance,
    /// `chance` on a seeded game: its seed draws the tiles.
    NotScripted,
    GameOver,
    NothingToUndo,
    UnknownBot,
    /// A bug: the request is refused and the games are as they were.
    Internal,
}

impl Code {
    pub fn name(self) -> &'static str {
        match self {
            Code::ParseError => "parse_error",
            Code::BadRequest => "bad_request",
            Code::UnknownCommand => "unknown_command",
            Code::MissingField => "missing_field",
            Code::UnknownField => "unknown_field",
            Code::BadField => "bad_field",
            Code::NoGame => "no_game",
            Code::BadRuleset => "bad_ruleset",
            Code::BadSetup => "bad_setup",
            Code::IllegalAction => "illegal_action",
            Code::WrongPlayer => "wrong_player",
            Code::BadIndex => "bad_index",
            Code::ChancePending => "chance_pending",
            Code::NotChance => "not_chance",
            Code::NotScripted => "not_scripted",
            Code::GameOver => "game_over",
            Code::NothingToUndo => "nothing_to_undo",
            Code::UnknownBot => "unknown_bot",
            Code::Internal => "internal",
        }
    }
}

/// A refused request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    pub code: Code,
    pub message: String,
}

impl Failure {
    pub fn new(code: Code, message: impl Into<String>) -> Failure {
        Failure {
            code,
            message: message.into(),
        }
    }
}

pub type Outcome = Result<Map<String, Value>, Failure>;

/// A request line read as far as the command: its `id` (echoed whatever
/// else is wrong with it), `cmd`, and the other fields.
pub struct Request {
    pub id: Option<Value>,
    pub cmd: String,
    pub args: Map<String, Value>,
}

/// Read one line; the `id` is returned even when the rest is refused.
pub fn parse_line(line: &str) -> (Option<Value>, Result<Request, Failure>) {
    let value: Value = match serde_json::from_str(line) {
        Ok(v) => v,
        Err(e) => {
            return (
                None,
                Err(Failure::new(
                    Code::ParseError,
                    format!("not JSON: {e} (a request is one JSON object on one line)"),
                )),
            )
        }
    };
    let Value::Object(mut args) = value else {
        return (
            None,
            Err(Failure::new(
                Code::BadRequest,
                "a request is a JSON object, like {\"cmd\": \"hello\"}",
            )),
        );
    };
    let id = args.remove("id");
    let cmd = match args.remove("cmd") {
        Some(Value::String(c)) => c,
        Some(_) => {
            return (
                id,
                Err(Failure::new(Code::BadRequest, "`cmd` must be a string")),
            )
        }
        None => {
            return (
                id,
                Err(Failure::new(
                    Code::MissingField,
                    "a request needs `cmd` (one of: hello, new, state, legal, apply, …)",
                )),
            )
        }
    };
    (id.clone(), Ok(Request { id, cmd, args }))
}

/// A command's fields as its own type; serde's complaint becomes a code.
pub fn fields<T: DeserializeOwned>(cmd: &str, args: Map<String, Value>) -> Result<T, Failure> {
    serde_json::from_value(Value::Object(args)).map_err(|e| {
        let text = e.to_string();
        let code = if text.starts_with("missing field") {
            Code::MissingField
        } else if text.starts_with("unknown field") {
            Code::UnknownField
        } else {
            Code::BadField
        };
        Failure::new(code, format!("`{cmd}`: {text}"))
    })
}

/// The reply line for `outcome` to the request `id`.
pub fn reply(id: Option<Value>, outcome: Outcome) -> Value {
    let mut out = Map::new();
    if let Some(id) = id {
        out.insert("id".into(), id);
    }
    match outcome {
        Ok(fields) => {
            out.insert("ok".into(), Value::Bool(true));
            out.extend(fields);
        }
        Err(f) => {
            out.insert("ok".into(), Value::Bool(false));
            let mut e = Map::new();
            e.insert("code".into(), Value::from(f.code.name()));
            e.insert("message".into(), Value::from(f.message));
            out.insert("error".into(), Value::Object(e));
        }
    }
    Value::Object(out)
}
