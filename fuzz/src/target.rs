//! What one input is run through, and what must hold for every input.
//!
//! * `TileSet`: the bytes are a set file `tiles/fuzzset.toml`; `validate`
//!   and `tileset::load` must agree; when the set is valid, a ruleset taking
//!   it is compiled too.
//! * `Ruleset`: the bytes are `rulesets/fuzz.toml` next to copies of the real
//!   `tiles/`; `validate` and `ruleset::load` must agree.
//! * `Record`: the bytes are a game record, parsed as `carcassonne replay`
//!   parses it and replayed under its compiled-in ruleset (or `base`), then
//!   replayed again with an observer (as `view` does, showing every step),
//!   and once more written and read back as the program writes records: to
//!   the same end. The game a record replays to shows and states itself, has
//!   a legal answer when one is asked (a seeded game), every legal answer
//!   reads back from its JSON (as records and the protocol write it), and
//!   its first and last legal answers are accepted.
//!
//! Every compiled ruleset (new ones only) is lowered, emitted as Rust (which
//! must parse), loaded as `--ruleset PATH` loads it, and one seeded random
//! game is played, recorded, and replayed to the same scores, with an
//! observer too.
//!
//! Every diagnostic must be well formed and short. A panic anywhere is a
//! crash; `run` catches it.

use std::collections::HashSet;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};

use carcassonne_codegen::file_kind::{file_kind, FileKind};
use carcassonne_codegen::validate;
use carcassonne_codegen::{ruleset, tileset, Diagnostic};
use carcassonne_runtime::action_json;
use carcassonne_runtime::bots::BotKind;
use carcassonne_runtime::record::{self, Record};

use crate::mutate::Syntax;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Target {
    TileSet,
    Ruleset,
    Record,
}

impl Target {
    pub const ALL: [Target; 3] = [Target::TileSet, Target::Ruleset, Target::Record];

    pub fn name(self) -> &'static str {
        match self {
            Target::TileSet => "tileset",
            Target::Ruleset => "ruleset",
            Target::Record => "record",
        }
    }

    pub fn from_name(name: &str) -> Option<Target> {
        Target::ALL.into_iter().find(|t| t.name() == name)
    }

    pub fn syntax(self) -> Syntax {
        match self {
            Target::Record => Syntax::Json,
            _ => Syntax::Toml,
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            Target::Record => "json",
            _ => "toml",
        }
    }
}

/// A broken promise other than a panic.
#[derive(Debug, Clone)]
pub struct Violation(pub String);

/// What an input did: the message templates it produced (numbers, quoted
/// names and paths taken out), which is how the fuzzer tells new behaviour.
#[derive(Debug, Clone, Default)]
pub struct Outcome {
    pub templates: Vec<String>,
    pub violations: Vec<Violation>,
    /// A ruleset compiled (a new one is played).
    pub compiled: bool,
}

/// A folder with `tiles/` (copies of the real sets plus the input set),
/// `rulesets/` (the input ruleset, and the helper sets of the golden error
/// cases under `rulesets/sets/`), owned by one worker.
pub struct Workspace {
    pub dir: PathBuf,
    seen_rulesets: HashSet<u64>,
    /// Games played on compiled rulesets (new ones only).
    pub games: u64,
}

/// At most this many distinct compiled rulesets are played per worker; each
/// is leaked (the engine takes `&'static` rules), so this bounds the leak.
const MAX_PLAYED: usize = 20_000;

impl Workspace {
    pub fn new(repo: &Path, dir: PathBuf) -> std::io::Result<Workspace> {
        if dir.exists() {
            std::fs::remove_dir_all(&dir)?;
        }
        std::fs::create_dir_all(dir.join("tiles"))?;
        std::fs::create_dir_all(dir.join("rulesets/sets"))?;
        for (from, to) in [("tiles", "tiles"), ("tests/data/err/sets", "rulesets/sets")] {
            for e in std::fs::read_dir(repo.join(from))?.flatten() {
                let p = e.path();
                if p.extension().is_some_and(|x| x == "toml") {
                    std::fs::copy(&p, dir.join(to).join(e.file_name()))?;
                }
            }
        }
        Ok(Workspace {
            dir,
            seen_rulesets: HashSet::new(),
            games: 0,
        })
    }

    fn set_path(&self) -> PathBuf {
        self.dir.join("tiles/fuzzset.toml")
    }

    fn ruleset_path(&self) -> PathBuf {
        self.dir.join("rulesets/fuzz.toml")
    }

    /// Run one input; panics propagate (the runner catches them).
    pub fn run(&mut self, target: Target, input: &[u8]) -> Outcome {
        let mut out = Outcome::default();
        match target {
            Target::TileSet => self.tileset(input, &mut out),
            Target::Ruleset => self.ruleset(input, &mut out),
            Target::Record => record_target(input, &mut out),
        }
        out.templates.sort();
        out.templates.dedup();
        out
    }

    /// Write `input` to `path`, validate it and load it with `load` (named
    /// `loader`): for a file of `kind`, validate and the loader must agree.
    fn validate_and_load<T, E>(
        &self,
        path: &Path,
        input: &[u8],
        kind: FileKind,
        loader: &str,
        load: impl FnOnce(&Path) -> Result<T, E>,
        out: &mut Outcome,
    ) -> Result<T, E> {
        write(path, input);
        let report = validate::validate(&[path.to_path_buf()]);
        self.check_report(&report, out);
        let sniffed = sniff(path);
        let loaded = load(path);
        if sniffed == Some(kind) && loaded.is_ok() != report.errors.is_empty() {
            out.violations.push(Violation(format!(
                "validate says {}, {loader} says {}",
                report.errors.is_empty(),
                loaded.is_ok()
            )));
        }
        loaded
    }

    fn tileset(&mut self, input: &[u8], out: &mut Outcome) {
        let path = self.set_path();
        let loaded = self.validate_and_load(
            &path,
            input,
            FileKind::TileSet,
            "tileset::load",
            tileset::load,
            out,
        );
        if let Ok(set) = loaded {
            // The set in a ruleset of its own (tiles only: its attributes'
            // mechanics need not be enabled); its start, if any, starts.
            let first = set.tiles.first().map_or("", |t| t.id.as_str());
            let has_start = set.tiles.iter().any(|t| t.start > 0) || set.start_block.is_some();
            let start = if has_start {
                String::new()
            } else {
                format!("\n[options]\nstart_tile = {}\n", toml_str(first))
            };
            let rs = format!(
                "[ruleset]\nid = \"fz\"\nsets = [{{ id = \"fuzzset\", tiles_only = true }}]\nedition = {}\n{start}",
                set.editions.first().copied().unwrap_or(1)
            );
            let rpath = self.dir.join("rulesets/fzset.toml");
            write(&rpath, rs.as_bytes());
            match ruleset::load(&rpath) {
                Ok(model) => {
                    out.templates.push("set ruleset: ok".to_string());
                    self.deep(model, out);
                }
                Err(d) => self.note_diags(&d, "set ruleset", out),
            }
        }
    }

    fn ruleset(&mut self, input: &[u8], out: &mut Outcome) {
        let path = self.ruleset_path();
        let loaded = self.validate_and_load(
            &path,
            input,
            FileKind::Ruleset,
            "ruleset::load",
            ruleset::load,
            out,
        );
        if let Ok(model) = loaded {
            self.deep(model, out);
        }
    }

    /// Validation's report: well-formed diagnostics, templates noted.
    fn check_report(&self, report: &validate::Report, out: &mut Outcome) {
        if report.errors.is_empty() {
            out.templates.push("validate: ok".to_string());
        }
        if !report.errors.is_empty() && !report.ok.is_empty() {
            out.violations.push(Violation(format!(
                "one file, but errors and ok lines {:?}",
                report.ok
            )));
        }
        self.note_diags(&report.errors, "validate", out);
        self.note_diags(&report.warnings, "validate warning", out);
    }

    fn note_diags(&self, diags: &[Diagnostic], what: &str, out: &mut Outcome) {
        // A file's own errors are capped; a ruleset adds its sets' errors.
        if diags.len() > 4 * (carcassonne_codegen::validate::MAX_ERRORS_PER_FILE + 1) {
            out.violations
                .push(Violation(format!("{} diagnostics", diags.len())));
        }
        for d in diags {
            if let Some(v) = diag_problem(d) {
                out.violations.push(Violation(v));
            }
            out.templates
                .push(format!("{what}: {}", template(&d.message, &self.dir)));
        }
    }

    /// A compiled ruleset: lowered, emitted, loaded, played and replayed.
    fn deep(&mut self, model: carcassonne_codegen::Ruleset, out: &mut Outcome) {
        out.compiled = true;
        let lowered = carcassonne_codegen::lower::ruleset(&model);
        let mut h = std::collections::hash_map::DefaultHasher::new();
        format!("{lowered:?}").hash(&mut h);
        if self.seen_rulesets.len() >= MAX_PLAYED || !self.seen_rulesets.insert(h.finish()) {
            return;
        }
        let code = carcassonne_codegen::emit::tables(std::slice::from_ref(&model));
        if let Err(e) = syn::parse_file(&code) {
            out.violations.push(Violation(format!(
                "ruleset `{}` emits Rust that does not parse: {e}",
                model.id
            )));
        }
        let rules = carcassonne_loader::leak(&lowered);
        let players = rules.options.min_players.max(1);
        let seed = h.finish();
        self.games += 1;
        if let Ok(g) = carcassonne_runtime::engine::Game::new(rules, players, seed) {
            if !g.is_over() && g.current_tile().is_none() {
                out.violations.push(Violation(format!(
                    "ruleset `{}`: a new game with no tile to place is not over",
                    model.id
                )));
                return;
            }
        }
        let rec = match carcassonne_runtime::bots::play_recorded(
            rules,
            players,
            seed,
            &vec![BotKind::Random; players as usize],
            |_, _, _, _| {},
        ) {
            Ok(rec) => rec,
            Err(e) => {
                // The engine refusing a ruleset the compiler accepted.
                out.violations.push(Violation(format!(
                    "ruleset `{}` compiles but its game fails: {e}",
                    model.id
                )));
                return;
            }
        };
        let text = serde_json::to_string_pretty(&rec).expect("a record serialises");
        let back: Record = match serde_json::from_str(&text) {
            Ok(r) => r,
            Err(e) => {
                out.violations.push(Violation(format!(
                    "a written record does not read back: {e}"
                )));
                return;
            }
        };
        match record::replay(&back, rules, false) {
            Ok(r) => {
                let want = rec
                    .final_
                    .as_ref()
                    .map(|f| f.scores.clone())
                    .unwrap_or_default();
                if r.game.scores() != want.as_slice() {
                    out.violations.push(Violation(format!(
                        "replay scores {:?}, the game scored {want:?}",
                        r.game.scores()
                    )));
                }
            }
            Err(e) => out.violations.push(Violation(format!(
                "a recorded game of ruleset `{}` does not replay: {e}",
                model.id
            ))),
        }
        // As `view` and `render game` replay it: the same end.
        if let Err(e) = record::replay_observed(&back, rules, false, &mut |_| {}) {
            out.violations.push(Violation(format!(
                "a recorded game of ruleset `{}` does not replay with an observer: {e}",
                model.id
            )));
        }
    }
}

fn toml_str(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

fn sniff(path: &Path) -> Option<FileKind> {
    let src = carcassonne_codegen::diag::Source::read(path).ok()?;
    file_kind(&src)
}

fn write(path: &Path, bytes: &[u8]) {
    std::fs::write(path, bytes)
        .unwrap_or_else(|e| panic!("fuzz workspace: cannot write {}: {e}", path.display()));
}

/// What is wrong with a diagnostic's form, if anything.
fn diag_problem(d: &Diagnostic) -> Option<String> {
    if d.message.trim().is_empty() {
        return Some(format!("empty message: {d:?}"));
    }
    if let Some(l) = &d.location {
        if l.line == 0 || l.col == 0 || l.width == 0 || l.text_col == 0 {
            return Some(format!("bad location in {d:?}"));
        }
        if l.text.chars().count() > 200 {
            return Some(format!(
                "shown line of {} characters",
                l.text.chars().count()
            ));
        }
    }
    let shown = d.to_string();
    if shown.chars().count() > 2500 {
        return Some(format!(
            "a diagnostic of {} characters: {}",
            shown.chars().count(),
            &shown[..shown
                .char_indices()
                .nth(300)
                .map_or(shown.len(), |(i, _)| i)]
        ));
    }
    None
}

/// A message with the specifics taken out: paths, quoted names, numbers.
pub fn template(message: &str, dir: &Path) -> String {
    // Past a line break a message only quotes the input.
    let first = message.lines().next().unwrap_or("");
    let m = first.replace(&*dir.to_string_lossy(), "<dir>");
    let mut out = String::new();
    let mut quote: Option<char> = None;
    let mut last_digit = false;
    for c in m.chars() {
        match quote {
            Some(q) if c == q => {
                quote = None;
                out.push(c);
            }
            Some(_) => {}
            None if c == '`' || c == '"' => {
                quote = Some(c);
                out.push(c);
                out.push('_');
            }
            None if c.is_ascii_digit() => {
                if !last_digit {
                    out.push('N');
                }
            }
            None => out.push(c),
        }
        last_digit = c.is_ascii_digit() && quote.is_none();
        if out.len() > 240 {
            break;
        }
    }
    // Paths (words with a `/`) vary with the input: a set id, a `tiles` folder.
    out.split(' ')
        .map(|w| if w.contains('/') { "<path>" } else { w })
        .collect::<Vec<_>>()
        .join(" ")
}

fn record_target(input: &[u8], out: &mut Outcome) {
    let rec = match serde_json::from_slice::<Record>(input) {
        Ok(r) => r,
        Err(e) => {
            out.templates.push(format!(
                "parse: {}",
                template(&e.to_string(), Path::new("/nowhere"))
            ));
            return;
        }
    };
    // The copies of a ruleset file a record may carry go through the
    // compiler as `replay` would take them (no file is read); the moves are
    // then replayed on the compiled-in ruleset, leaking nothing per input.
    if let Some(sources) = &rec.sources {
        let copies: Vec<_> = sources
            .iter()
            .map(carcassonne_loader::source_copy)
            .collect();
        match carcassonne_codegen::ruleset::load_copies(&copies) {
            Ok(_) => out.templates.push("sources: ok".to_string()),
            Err(d) => out.templates.extend(
                d.iter()
                    .map(|d| format!("sources: {}", template(&d.message, Path::new("/nowhere")))),
            ),
        }
    }
    let rules = carcassonne_runtime::ruleset(&rec.ruleset)
        .unwrap_or_else(|| carcassonne_runtime::ruleset("base").expect("base is compiled in"));
    let final_scoring = input.len() % 2 == 0;
    let plain = record::replay(&rec, rules, final_scoring);
    match &plain {
        Ok(r) => out.templates.push(format!(
            "replay: ok, {}{}",
            if r.game.is_over() { "over" } else { "not over" },
            turn_shape(&rec)
        )),
        Err(e) => out.templates.push(format!(
            "replay: {}",
            template(&e.reason, Path::new("/nowhere"))
        )),
    }
    // The same record replays the same way with an observer (the viewer's
    // path: every entry is played again on a board kept for the final
    // scoring, a second part without forcing its player): the same scores,
    // or the same error at the same turn. The viewer shows every step.
    let observed = record::replay_observed(&rec, rules, final_scoring, &mut |step| {
        if let record::Step::Played { game, .. } | record::Step::Final { game, .. } = step {
            let _ = game.shown();
        }
    });
    let summary = |r: &Result<record::Replayed, record::ReplayError>| match r {
        Ok(r) => Ok((r.turns, r.game.scores().to_vec())),
        Err(e) => Err(e.clone()),
    };
    if summary(&plain) != summary(&observed) {
        out.violations.push(Violation(format!(
            "a record replays differently with an observer: {:?}, observed {:?}",
            summary(&plain),
            summary(&observed)
        )));
    }
    // Written again as the program writes records, it reads back and
    // replays the same way (the answers' JSON is written once for records
    // and the protocol: `action_json`). Numbers in an error may differ: a
    // float the record carries (an option's value) reads back to the
    // nearest float serde_json finds, which is not always the one written.
    let loose = |r: &Result<record::Replayed, record::ReplayError>| match r {
        Ok(r) => Ok((r.turns, r.game.scores().to_vec())),
        Err(e) => Err((e.turn, template(&e.reason, Path::new("/nowhere")))),
    };
    match serde_json::to_vec(&rec).map(|b| serde_json::from_slice::<Record>(&b)) {
        Ok(Ok(again)) => {
            let replayed = record::replay(&again, rules, final_scoring);
            if loose(&plain) != loose(&replayed) {
                out.violations.push(Violation(format!(
                    "a record written again replays differently: {:?}, written again {:?}",
                    summary(&plain),
                    summary(&replayed)
                )));
            }
        }
        other => out.violations.push(Violation(format!(
            "a record read does not read back once written: {other:?}"
        ))),
    }
    if let Ok(r) = &plain {
        check_game(&r.game, rec.seed.is_some(), out);
    }
}

/// What `view`, `serve` and the bots read of a replayed game: it shows and
/// states itself without a panic; a seeded game waiting for an answer has
/// one; every legal answer written as JSON (as records and the protocol
/// write it) reads back as itself; and the first and last legal answers are
/// accepted.
fn check_game(g: &carcassonne_runtime::engine::Game, seeded: bool, out: &mut Outcome) {
    let _ = g.shown();
    let mut state = serde_json::Map::new();
    g.state_json(&mut state);
    let Some(pending) = g.pending() else {
        return;
    };
    let legal = g.legal_actions();
    let (Some(&first), Some(&last)) = (legal.first(), legal.last()) else {
        // A scenario's game waits for the record to name its next tile.
        if seeded {
            out.violations.push(Violation(format!(
                "a replayed game asks player {:?} to {} and has no legal answer",
                pending.actor,
                pending.decision.name()
            )));
        }
        return;
    };
    for &a in legal.iter().take(2_000) {
        let j = action_json::to_json(g, a);
        let back = serde_json::to_string(&j)
            .ok()
            .and_then(|t| serde_json::from_str::<action_json::ActionJson>(&t).ok());
        let read = back.as_ref().map(|b| action_json::from_json(g, b));
        if read != Some(Ok(a)) {
            out.violations.push(Violation(format!(
                "a legal answer to `{}` does not read back from its JSON {}: {read:?}",
                pending.decision.key(),
                serde_json::to_string(&j).unwrap_or_default()
            )));
            return;
        }
    }
    for a in [first, last] {
        if let Err(e) = g.clone().apply_action(a, &mut Vec::new()) {
            out.violations.push(Violation(format!(
                "a legal answer to `{}` is refused: {e}",
                pending.decision.key()
            )));
        }
    }
}

/// What a record that replays holds of turn parts, tiles set aside and
/// answers, so that a mutant keeping them joins the corpus.
fn turn_shape(rec: &Record) -> String {
    let parts = rec.turns.iter().any(|t| t.part.is_some());
    let aside = rec
        .turns
        .iter()
        .any(|t| t.set_aside.is_some() || t.revealed.is_some());
    let answers = rec
        .turns
        .iter()
        .any(|t| t.actions.as_ref().is_some_and(|a| !a.is_empty()));
    [
        (parts, "second parts"),
        (aside, "tiles set aside"),
        (answers, "answers"),
    ]
    .iter()
    .filter(|(on, _)| *on)
    .map(|(_, what)| format!(", {what}"))
    .collect()
}
