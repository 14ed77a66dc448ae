//! Loading a ruleset: which sets (and edition), which mechanics, which rule
//! options; then the checks that concern the mix as a whole.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use crate::attrs::ATTRIBUTES;
use crate::diag::{Diagnostic, Source};
use crate::library::{self, Lookup};
use crate::model::{
    Edge, FarmScoring, Options, Ruleset, SourceCopy, StartBlock, StartPlacement, Tile, TileSet,
    UnusedStart, MAX_RULESET_TILES,
};
use crate::suggest::did_you_mean;
use crate::tileset::{self, read_start_cell, StartCell};
use crate::toml_read::{At, Reader};
use carcassonne_vocab::mech::{mechanic, OptionDecl, OptionValues, MECHANICS, OPTIONS};

/// The most sets a ruleset may name (`everything_c1` names 21).
pub const MAX_SETS: usize = 64;

/// The most `start_extra` placements.
pub const MAX_START_EXTRA: usize = 100;

/// The most followers per player: with 8 players and a big follower each,
/// every follower of the game fits in one feature's 8-bit tally.
pub const MAX_FOLLOWERS: i64 = 30;

const RULESET_KEYS: &[&str] = &["id", "name", "edition", "sets", "mechanics", "tiles"];
/// The `[options]` keys that shape the game rather than a mechanic's rule;
/// the declared options (`vocab::mech::OPTIONS`) come before them.
const STRUCTURAL_KEYS: &[&str] = &[
    "min_players",
    "max_players",
    "followers",
    "start_tile",
    "start_block",
    "start_extra",
    "leave_out",
];

/// How the game starts and which tiles it leaves out, as the options say.
#[derive(Default)]
struct StartChoice {
    tile: Option<At<String>>,
    block: Option<At<String>>,
    /// Placements after the start tile or block.
    /// `start_extra`: tiles placed after the start tile or block.
    extra: Vec<StartCell>,
    leave_out: Vec<At<String>>,
}

/// Load and check a ruleset file, with the tile sets it names, on disk only.
pub fn load(path: &Path) -> Result<Ruleset, Vec<Diagnostic>> {
    load_with(path, &Lookup::DISK)
}

/// Load and check a ruleset file, finding its sets as `lookup` says.
pub fn load_with(path: &Path, lookup: &Lookup) -> Result<Ruleset, Vec<Diagnostic>> {
    let src = Source::read(path).map_err(|d| vec![d])?;
    load_source(&src, lookup)
}

/// Rebuild a ruleset from the copies of its files (`Ruleset::sources`, as a
/// record carries them): the first is the ruleset, the rest its sets.
pub fn load_copies(copies: &[SourceCopy]) -> Result<Ruleset, Vec<Diagnostic>> {
    let Some((first, sets)) = copies.split_first() else {
        return Err(vec![Diagnostic::file(
            Path::new("<record>"),
            "the record's sources hold no ruleset",
        )]);
    };
    load_source(
        &Source::new(&first.path, first.text.as_str()),
        &Lookup::Copies(sets),
    )
}

/// Load and check a ruleset from its text (`src.path` places its tiles
/// folder and names it in messages).
pub fn load_source(src: &Source, lookup: &Lookup) -> Result<Ruleset, Vec<Diagnostic>> {
    let mut r = Reader::new(src);
    let mut set_diags = Vec::new();
    let rs = read(&mut r, &mut set_diags, lookup);
    let mut diags = r.diags;
    diags.extend(set_diags);
    match rs {
        Some(mut rs) if diags.is_empty() => {
            rs.warnings = r.warnings;
            Ok(rs)
        }
        _ => {
            // Warnings still go with the errors (severity tells them apart).
            diags.extend(r.warnings);
            Err(diags)
        }
    }
}

struct SetRef {
    id: At<String>,
    tiles_only: bool,
}

fn read(r: &mut Reader, set_diags: &mut Vec<Diagnostic>, lookup: &Lookup) -> Option<Ruleset> {
    let doc = r.parse()?;
    let top = r.fields(
        doc.get_ref(),
        doc.span(),
        "a ruleset file",
        &["ruleset", "options"],
    );
    let Some(rv) = top.get("ruleset") else {
        r.error(0..0, "missing `[ruleset]` table (id, name, sets)");
        return None;
    };
    let f = r.table(rv, "[ruleset]", RULESET_KEYS)?;
    let id = r.string(&f, "id", true);
    let name = r.string(&f, "name", false);
    let edition = r.integer(&f, "edition", 1, 9).map_or(1, |e| e.value as u8);
    let mechanics = r.strings(&f, "mechanics").unwrap_or_default();
    let tiles_dir = r.string(&f, "tiles", false);
    if let Some(id) = &id {
        let ok = id.value.starts_with(|c: char| c.is_ascii_lowercase())
            && id
                .value
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
        if !ok {
            r.error(
                id.span.clone(),
                format!(
                    "ruleset id `{}` must be lowercase letters, digits and `_`, starting with a letter",
                    id.value
                ),
            );
        } else if RUST_KEYWORDS.contains(&id.value.as_str()) {
            r.error(
                id.span.clone(),
                format!(
                    "ruleset id `{}` is a Rust keyword; it names a module of the generated tables",
                    id.value
                ),
            );
        }
    }
    let (sets, sets_ok) = read_sets(r, &f);
    if sets.is_empty() && f.get("sets").is_none() {
        r.error(f.span.start..f.span.start, "missing key `sets`");
    }
    let options = match top.get("options") {
        Some(v) => {
            let on = |name: &str| name == "base" || mechanics.iter().any(|m| m.value == name);
            read_options(r, v, edition, on)
        }
        None => Some((default_options(edition), StartChoice::default())),
    };

    // Mechanics: known, implemented, and enabled once.
    let mut enabled: Vec<String> = vec!["base".to_string()];
    for m in &mechanics {
        match mechanic(&m.value) {
            None => {
                let known = || MECHANICS.iter().map(|m| m.name);
                // A near name says more than the list of all 35.
                let hint = match did_you_mean(&m.value, "", known()) {
                    h if h.is_empty() => {
                        format!("; known: {}", known().collect::<Vec<_>>().join(", "))
                    }
                    h => h,
                };
                r.error(
                    m.span.clone(),
                    format!("unknown mechanic `{}`{hint}", m.value),
                );
            }
            Some(def) if !def.implemented => r.error(
                m.span.clone(),
                format!(
                    "mechanic `{}` is not implemented by the engine yet; take its sets with `tiles_only = true`",
                    m.value
                ),
            ),
            Some(_) if enabled.contains(&m.value) => {}
            Some(_) => enabled.push(m.value.clone()),
        }
    }

    if let (Some((o, _)), Some(m)) = (&options, mechanics.iter().find(|m| m.value == "barn")) {
        barn_needs_farms(r, o, m);
    }

    // The sets: by path, or by id in the tiles folder, then built in
    // (`library`). A missing default folder is no error: the sets may all be
    // built in or named by path.
    let dir: PathBuf = {
        let base = r.src.path.parent().unwrap_or(Path::new("."));
        library::tidy(&base.join(tiles_dir.as_ref().map_or("../tiles", |t| t.value.as_str())))
    };
    // Copies (a record's) are no files to watch for rebuilds.
    let on_disk = matches!(lookup, Lookup::Disk { .. });
    let mut inputs = Vec::new();
    if on_disk {
        inputs.push(r.src.path.clone());
    }
    let mut sources = vec![SourceCopy {
        name: String::new(),
        path: r.src.path.display().to_string(),
        text: r.src.text.clone(),
    }];
    let mut tiles = Vec::new();
    // Start blocks of the sets, by set id, with tile indices into `tiles`.
    let mut blocks: Vec<(String, StartBlock)> = Vec::new();
    // A set that could not be loaded is reported once; the checks of the
    // whole mix (start tile, placeability) would only echo it.
    let mut missing_set = !sets_ok;
    let dir_ok = on_disk && dir.is_dir();
    if let Some(t) = tiles_dir.as_ref().filter(|_| on_disk && !dir_ok) {
        let why = if dir.exists() {
            "is not a folder"
        } else {
            "does not exist"
        };
        r.error(
            t.span.clone(),
            format!(
                "the tiles folder `{}` {why} (`tiles` is relative to the ruleset's folder; default `../tiles`)",
                dir.display()
            ),
        );
        missing_set = true;
    }
    let mut named: HashSet<&str> = HashSet::new();
    let mut set_ids = Vec::new();
    for s in &sets {
        if !named.insert(s.id.value.as_str()) {
            r.error(
                s.id.span.clone(),
                format!("tile set `{}` is named twice", s.id.value),
            );
            missing_set = true;
            continue;
        }
        let folder = dir_ok.then_some(dir.as_path());
        let found = library::find(lookup, &r.src.path, folder, &s.id.value, set_diags);
        let (set, path) = match found {
            Ok(found) => {
                inputs.extend(found.file);
                sources.push(SourceCopy {
                    name: s.id.value.clone(),
                    path: found.src.path.display().to_string(),
                    text: found.src.text.clone(),
                });
                (tileset::load_source(&found.src), found.src.path)
            }
            Err(why) => {
                r.error(s.id.span.clone(), why);
                missing_set = true;
                continue;
            }
        };
        let set = match set {
            Ok(set) => set,
            Err(d) => {
                r.error(
                    s.id.span.clone(),
                    format!(
                        "tile set `{}` has errors ({} in {})",
                        s.id.value,
                        d.len(),
                        path.display()
                    ),
                );
                set_diags.extend(d);
                missing_set = true;
                continue;
            }
        };
        if !set.editions.contains(&edition) {
            let why = set
                .missing_editions
                .iter()
                .find(|(e, _)| *e == edition)
                .map_or(String::new(), |(_, why)| format!(": {why}"));
            r.error(
                s.id.span.clone(),
                format!(
                    "tile set `{}` has no edition {edition} (it has {:?}){why}",
                    s.id.value, set.editions
                ),
            );
            missing_set = true;
            continue;
        }
        set_ids.push(set.id.clone());
        let offset = tiles.len();
        let block = set.start_block.clone();
        let set_tiles = set.tiles.clone();
        take_tiles(r, s, set, edition, &enabled, &mut tiles);
        if let Some(mut b) = block {
            // Re-index the block's cells into the ruleset's tiles.
            let ids: Vec<&str> = b
                .cells
                .iter()
                .map(|c| set_tiles[c.tile].id.as_str())
                .collect();
            let found: Vec<Option<usize>> = ids
                .iter()
                .map(|id| {
                    tiles[offset..]
                        .iter()
                        .position(|t| t.id == *id)
                        .map(|i| i + offset)
                })
                .collect();
            if found.iter().all(Option::is_some) {
                for (c, f) in b.cells.iter_mut().zip(found) {
                    c.tile = f.expect("checked");
                }
                blocks.push((s.id.value.clone(), b));
            }
        }
    }
    crate::cross_set::warn_duplicates(r, &tiles, sets.iter().map(|s| &s.id));
    let mut first_with_id: HashMap<&str, usize> = HashMap::new();
    for j in 0..tiles.len() {
        let i = *first_with_id.entry(tiles[j].id.as_str()).or_insert(j);
        if i != j {
            let (a, b) = (&tiles[i], &tiles[j]);
            r.error(
                f.span.start..f.span.start,
                format!(
                    "tile id `{}` is in both set `{}` and set `{}`; tile ids must be unique in a ruleset",
                    b.id, a.set, b.set
                ),
            );
        }
    }

    let (options, choice) = options?;
    if missing_set {
        return None;
    }
    let total: u32 = tiles.iter().map(|t| t.count).sum();
    if tiles.len() as u32 > MAX_RULESET_TILES || total > MAX_RULESET_TILES {
        r.error(
            f.span.start..f.span.start,
            format!(
                "a ruleset has at most {MAX_RULESET_TILES} tile types and {MAX_RULESET_TILES} tiles; this one has {} tile types and {total} tiles",
                tiles.len()
            ),
        );
        return None;
    }
    let mut with_river = Vec::new();
    let start = choose_start(
        r,
        &mut tiles,
        &blocks,
        &choice,
        options.unused_start(),
        &mut with_river,
        &f,
    );
    leave_out(r, &mut tiles, &choice);
    let (start, start_name) = match start {
        Some((s, n)) => (Some(s), n),
        None => (None, String::new()),
    };
    if start.is_some() && tiles.iter().all(|t| t.count <= t.start) {
        r.error(
            f.span.start..f.span.start,
            "nothing is left to draw: every tile of this ruleset is placed at the start or left out",
        );
    }
    check_placeable(r, &tiles, &sets, &f);
    let id = id?;
    Some(Ruleset {
        id: id.value,
        name: name.map_or(String::new(), |n| n.value),
        edition,
        sets: set_ids,
        mechanics: enabled,
        options,
        tiles,
        start: start?,
        start_name,
        with_river,
        inputs,
        sources,
        warnings: Vec::new(),
    })
}

/// The barn scores farmers and farms the per-farm way (000_9deb58b1a7d17d38.txt
/// L1777, L1803): without farmers it would stand on farms that never join,
/// and the 2000 scoring's per-city majorities are not what its rules count.
fn barn_needs_farms(r: &mut Reader, o: &Options, m: &At<String>) {
    if !o.farmers() || o.farm_scoring() != FarmScoring::PerFarm {
        r.error(
            m.span.clone(),
            "mechanic `barn` scores farms the per-farm way: it needs `farmers = true` and `farm_scoring = \"per-farm\"`",
        );
    }
}

/// A `sets` entry: a set id names a file in the tiles folder (no folders, no
/// hidden files) or a built-in set; a path names a file relative to the
/// ruleset (`library::is_path`).
fn valid_set_id(id: &str) -> bool {
    if library::is_path(id) {
        return !id.is_empty() && id.len() <= 1024 && !id.contains('\0');
    }
    !id.is_empty()
        && id.len() <= 64
        && !id.starts_with('.')
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
}

/// Words a ruleset id may not be: it names a Rust module of the generated
/// tables (`mod <id>`), so no Rust keyword (lowercase ones; ids are lowercase).
const RUST_KEYWORDS: &[&str] = &[
    "abstract", "as", "async", "await", "become", "box", "break", "const", "continue", "crate",
    "do", "dyn", "else", "enum", "extern", "false", "final", "fn", "for", "gen", "if", "impl",
    "in", "let", "loop", "macro", "match", "mod", "move", "mut", "override", "priv", "pub", "ref",
    "return", "self", "static", "struct", "super", "trait", "true", "try", "type", "typeof",
    "unsafe", "unsized", "use", "virtual", "where", "while", "yield",
];

/// The `sets` entries, and whether every entry could be read (when not, the
/// checks of the whole mix are skipped: they would only echo the error).
fn read_sets(r: &mut Reader, f: &crate::toml_read::Fields) -> (Vec<SetRef>, bool) {
    let Some(list) = r.array(f, "sets") else {
        return (Vec::new(), f.get("sets").is_none());
    };
    if r.too_long(list, MAX_SETS, |n| {
        format!("a ruleset names at most {MAX_SETS} tile sets; this one names {n}")
    }) {
        return (Vec::new(), false);
    }
    let mut out = Vec::new();
    for v in list {
        if let Some(s) = v.get_ref().as_str().filter(|s| !valid_set_id(s)) {
            r.error(
                v.span(),
                format!("`{s}` is not a tile set id: an id is a set's file name without `.toml` (letters, digits, `_`, `-`, `.`), or give a path relative to the ruleset (`../fan/fan.toml`)"),
            );
            continue;
        }
        if let Some(s) = v.get_ref().as_str() {
            out.push(SetRef {
                id: At {
                    value: s.to_string(),
                    span: v.span(),
                },
                tiles_only: false,
            });
            continue;
        }
        let Some(t) = r.table(v, "a `sets` entry", &["id", "tiles_only"]) else {
            continue;
        };
        let id = r.string(&t, "id", true);
        let tiles_only = r.boolean(&t, "tiles_only").is_some_and(|b| b.value);
        if let Some(id) = id.as_ref().filter(|id| !valid_set_id(&id.value)) {
            r.error(
                id.span.clone(),
                format!("`{}` is not a tile set id: an id is a set's file name without `.toml` (letters, digits, `_`, `-`, `.`), or give a path relative to the ruleset (`../fan/fan.toml`)", id.value),
            );
            continue;
        }
        if let Some(id) = id {
            out.push(SetRef { id, tiles_only });
        }
    }
    let complete = out.len() == list.len();
    if list.is_empty() {
        r.error(
            f.span.start..f.span.start,
            "`sets` is empty: name at least one tile set",
        );
    }
    (out, complete)
}

pub fn default_options(edition: u8) -> Options {
    Options {
        values: carcassonne_vocab::mech::default_options(edition),
        min_players: 2,
        max_players: 5,
        followers: 7,
    }
}

fn read_options(
    r: &mut Reader,
    v: &crate::toml_read::Value,
    edition: u8,
    on: impl Fn(&str) -> bool,
) -> Option<(Options, StartChoice)> {
    let keys: Vec<&str> = OPTIONS
        .iter()
        .map(|o| o.key)
        .chain(STRUCTURAL_KEYS.iter().copied())
        .collect();
    let f = r.table(v, "[options]", &keys)?;
    let mut o = default_options(edition);
    for (i, decl) in OPTIONS.iter().enumerate() {
        if let Some(value) = read_option(r, &f, decl, &on) {
            o.values[i] = value;
        }
    }
    if let Some(u) = f.get("unused_start_tiles") {
        let with_river = matches!(
            o.unused_start(),
            UnusedStart::River | UnusedStart::AfterRiver
        );
        if with_river && !on("river") {
            r.error(
                u.span(),
                format!(
                    "unused_start_tiles `{}` goes with the river: enable mechanic `river`",
                    o.unused_start().name()
                ),
            );
        }
    }
    let min = r.integer(&f, "min_players", 1, 8);
    let max = r.integer(&f, "max_players", 1, 8);
    if let Some(m) = &min {
        o.min_players = m.value as u8;
    }
    if let Some(m) = &max {
        o.max_players = m.value as u8;
    }
    if o.min_players > o.max_players {
        let span = max.or(min).map_or(f.span.clone(), |m| m.span);
        r.error(
            span,
            format!(
                "min_players {} is more than max_players {}",
                o.min_players, o.max_players
            ),
        );
    }
    if let Some(n) = r.integer(&f, "followers", 0, MAX_FOLLOWERS) {
        o.followers = n.value as u8;
    }
    let mut choice = StartChoice {
        tile: r.string(&f, "start_tile", false),
        block: r.string(&f, "start_block", false),
        extra: Vec::new(),
        leave_out: r.strings(&f, "leave_out").unwrap_or_default(),
    };
    if let (Some(_), Some(b)) = (&choice.tile, &choice.block) {
        r.error(
            b.span.clone(),
            "give either `start_tile` or `start_block`, not both",
        );
    }
    let extra = r.array(&f, "start_extra").unwrap_or(&[]);
    r.too_long(extra, MAX_START_EXTRA, |n| {
        format!("`start_extra` has at most {MAX_START_EXTRA} placements; this one has {n}")
    });
    for item in extra.iter().take(MAX_START_EXTRA) {
        if let Some(cell) = read_start_cell(r, item, "a `start_extra` entry") {
            choice.extra.push(cell);
        }
    }
    Some((o, choice))
}

/// One declared option's value, if the ruleset sets it: an error when the
/// mechanic it belongs to is off (`on` says), or for a word it does not
/// take.
fn read_option(
    r: &mut Reader,
    f: &crate::toml_read::Fields,
    decl: &OptionDecl,
    on: &impl Fn(&str) -> bool,
) -> Option<u8> {
    let span = f.get(decl.key)?.span();
    let off = |r: &mut Reader| {
        if !on(decl.mechanic) {
            r.error(
                span.clone(),
                format!(
                    "{} goes with the {1}: enable mechanic `{1}`",
                    decl.key, decl.mechanic
                ),
            );
        }
    };
    match decl.values {
        OptionValues::Bool => {
            let b = r.boolean(f, decl.key)?;
            off(r);
            Some(u8::from(b.value))
        }
        OptionValues::Words(words) => {
            let s = r.string(f, decl.key, false)?;
            off(r);
            match words.iter().position(|w| *w == s.value) {
                Some(i) => Some(i as u8),
                None => {
                    r.error(
                        s.span.clone(),
                        format!(
                            "unknown {} `{}`; expected {}{}",
                            decl.key,
                            s.value,
                            either(words),
                            did_you_mean(&s.value, "", words.iter().copied())
                        ),
                    );
                    None
                }
            }
        }
    }
}

/// "`a` or `b`", "`a`, `b` or `c`".
fn either(words: &[&str]) -> String {
    let quoted: Vec<String> = words.iter().map(|w| format!("`{w}`")).collect();
    match quoted.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => quoted.join(""),
    }
}

/// Keep the tiles of this edition; attributes of mechanics the ruleset does
/// not enable are an error, or ignored for a set taken "tiles only".
fn take_tiles(
    r: &mut Reader,
    s: &SetRef,
    set: TileSet,
    edition: u8,
    enabled: &[String],
    out: &mut Vec<crate::model::Tile>,
) {
    for t in set.tiles {
        let Some(mut t) = in_edition(t, edition) else {
            continue;
        };
        let mut ignored = Vec::new();
        let mut check = |attrs: &mut Vec<crate::model::AttrValue>, r: &mut Reader| {
            attrs.retain(|a| {
                let def = &ATTRIBUTES[a.id];
                if def.kept_by(enabled) {
                    return true;
                }
                // Named even where it is an error, so that the tile is
                // still told apart from a copy without it (`cross_set`).
                ignored.push(def.name.to_string());
                if !s.tiles_only {
                    r.error(
                        s.id.span.clone(),
                        format!(
                            "tile `{}` ({}) has `+{}`, which needs mechanic `{}`; enable it in `mechanics` or take the set with `tiles_only = true`",
                            t.id, t.origin, def.name, def.mechanic
                        ),
                    );
                }
                false
            });
        };
        check(&mut t.attrs, r);
        for seg in &mut t.segments {
            check(&mut seg.attrs, r);
        }
        ignored.sort();
        ignored.dedup();
        if t.per_player
            && t.left_out > 0
            && !ignored.iter().any(|a| a == "abbey")
            && enabled.iter().any(|m| m == "abbey")
        {
            t.left_out_reason =
                "held by the players, one each, and placed instead of drawing (mechanic `abbey`)"
                    .to_string();
        }
        t.ignored = ignored;
        out.push(t);
    }
}

/// A tile as a ruleset of `edition` takes it: its count in that edition
/// (`None` when it has none), per-player tiles left out of the game.
fn in_edition(mut t: Tile, edition: u8) -> Option<Tile> {
    t.count = t.count_in(edition);
    t.edition = Some(edition);
    t.edition_counts.clear();
    if t.count == 0 {
        return None;
    }
    if t.per_player {
        // The engine deals no tiles to players yet (the abbey).
        t.left_out = t.count;
        t.count = 0;
        t.start = 0;
        t.left_out_reason = if t.edges.contains(&Edge::Any) {
            "one per player, placed instead of drawing into a hole with four neighbours; its sides match anything, which the engine cannot play yet (mechanic `abbey`)".to_string()
        } else {
            "one per player, held instead of shuffled in; the engine deals no tiles to players yet"
                .to_string()
        };
    }
    Some(t)
}

/// A set's tiles in one of its editions, as a ruleset takes them but with
/// every attribute kept (for catalogs of a whole set, e.g. the topology test).
pub fn edition_tiles(set: &TileSet, edition: u8) -> Vec<Tile> {
    set.tiles
        .iter()
        .filter_map(|t| in_edition(t.clone(), edition))
        .collect()
}

/// The start of the game: one start tile, a set's start block, and any
/// `start_extra` placements after them. Start tiles and blocks of the other
/// sets are left out ("The original starting tile is not used",
/// 000_9deb58b1a7d17d38.txt L460), or single tiles stay in the game as
/// `unused_start_tiles` says: shuffled in (fn 8, L613), or with the river
/// (fn 7, L612: listed in `with_river`).
fn choose_start(
    r: &mut Reader,
    tiles: &mut [Tile],
    blocks: &[(String, StartBlock)],
    choice: &StartChoice,
    unused: UnusedStart,
    with_river: &mut Vec<usize>,
    f: &crate::toml_read::Fields,
) -> Option<(Vec<StartPlacement>, String)> {
    let in_block = |i: usize| {
        blocks
            .iter()
            .any(|(_, b)| b.cells.iter().any(|c| c.tile == i))
    };
    let singles: Vec<usize> = (0..tiles.len())
        .filter(|&i| tiles[i].start > 0 && !in_block(i))
        .collect();
    // The chosen start: a single tile or a block (by set id).
    enum Chosen {
        Tile(usize),
        Block(usize),
    }
    let chosen = if let Some(b) = &choice.block {
        match blocks.iter().position(|(set, _)| *set == b.value) {
            Some(i) => Chosen::Block(i),
            None => {
                r.error(
                    b.span.clone(),
                    format!(
                        "start_block `{}` is not a set of this ruleset with a `[start_block]`",
                        b.value
                    ),
                );
                return None;
            }
        }
    } else if let Some(s) = &choice.tile {
        match tiles.iter().position(|t| t.id == s.value) {
            Some(i) if tiles[i].count > 0 && !in_block(i) => Chosen::Tile(i),
            _ => {
                r.error(
                    s.span.clone(),
                    format!("start_tile `{}` is not a tile of this ruleset", s.value),
                );
                return None;
            }
        }
    } else {
        match (singles.as_slice(), blocks) {
            ([one], []) => Chosen::Tile(*one),
            ([], [_]) => Chosen::Block(0),
            ([], []) => {
                r.error(
                    f.span.start..f.span.start,
                    "no start tile: no tile of this ruleset's sets has `start = 1`, and [options] has no `start_tile`",
                );
                return None;
            }
            (many, []) => {
                let ids: Vec<&str> = many.iter().map(|&i| tiles[i].id.as_str()).collect();
                r.error(
                    f.span.start..f.span.start,
                    format!(
                        "several sets offer a start tile ({}); choose one with `start_tile` in [options]",
                        ids.join(", ")
                    ),
                );
                return None;
            }
            (many, blocks) => {
                let mut offers: Vec<String> = many.iter().map(|&i| tiles[i].id.clone()).collect();
                offers.extend(
                    blocks
                        .iter()
                        .map(|(set, b)| format!("the {} block of set `{set}`", b.name)),
                );
                r.error(
                    f.span.start..f.span.start,
                    format!(
                        "several sets offer a start ({}); choose one with `start_tile` or `start_block` in [options]",
                        offers.join(", ")
                    ),
                );
                return None;
            }
        }
    };
    let mut placements: Vec<StartPlacement> = match &chosen {
        Chosen::Tile(i) => vec![StartPlacement {
            tile: *i,
            x: 0,
            y: 0,
            rotation: 0,
        }],
        Chosen::Block(b) => blocks[*b]
            .1
            .cells
            .iter()
            .map(|c| StartPlacement {
                tile: c.tile,
                x: c.x,
                y: c.y,
                rotation: c.rotation,
            })
            .collect(),
    };
    let mut start_name = match &chosen {
        Chosen::Tile(i) => format!("start tile {}", tiles[*i].id),
        Chosen::Block(b) => format!("the {} start block", blocks[*b].1.name),
    };
    for StartCell { tile: id, .. } in &choice.extra {
        start_name.push_str(&format!(" and {}", id.value));
    }
    let mut ok = true;
    for StartCell {
        tile: id,
        x,
        y,
        rotation,
        span,
    } in &choice.extra
    {
        let Some(i) = tiles.iter().position(|t| t.id == id.value) else {
            r.error(
                id.span.clone(),
                format!(
                    "start_extra tile `{}` is not a tile of this ruleset",
                    id.value
                ),
            );
            ok = false;
            continue;
        };
        let p = StartPlacement {
            tile: i,
            x: *x,
            y: *y,
            rotation: *rotation,
        };
        if let Some(msg) = check_start_placement(tiles, &placements, p) {
            r.error(span.clone(), msg);
            ok = false;
        }
        placements.push(p);
    }
    if !ok {
        return None;
    }
    let used_block = match &chosen {
        Chosen::Block(b) => Some(*b),
        Chosen::Tile(_) => None,
    };
    for (i, t) in tiles.iter_mut().enumerate() {
        let uses = placements.iter().filter(|p| p.tile == i).count() as u32;
        let unused_block = blocks
            .iter()
            .enumerate()
            .find(|(b, (_, blk))| Some(*b) != used_block && blk.cells.iter().any(|c| c.tile == i));
        if let Some((_, (set, blk))) = unused_block {
            // Block tiles (with their seams) can only ever start the game.
            let n = t.count.saturating_sub(uses);
            if n > 0 {
                t.left_out += n;
                t.count -= n;
                t.left_out_reason = format!(
                    "part of the {} start block of set `{set}`, which this ruleset does not start with",
                    blk.name
                );
            }
        } else if t.start > uses {
            let n = t.start - uses;
            match unused {
                UnusedStart::Remove => {
                    t.left_out += n;
                    t.count -= n.min(t.count);
                    t.left_out_reason = format!(
                        "the start tile of set `{}`, not used: this ruleset starts with {start_name} (000_9deb58b1a7d17d38.txt L460)",
                        t.set
                    );
                }
                UnusedStart::Shuffle => {}
                UnusedStart::River | UnusedStart::AfterRiver => {
                    with_river.extend(std::iter::repeat_n(i, n as usize));
                }
            }
        }
        t.start = uses;
    }
    Some((placements, start_name))
}

const DX: [i32; 4] = [0, 1, 0, -1];
const DY: [i32; 4] = [-1, 0, 1, 0];

/// Why a start placement after the first cannot go where it says, as the
/// engine checks it: a copy left, a free cell next to the tiles before it,
/// and every side matching its neighbours.
fn check_start_placement(
    tiles: &[Tile],
    before: &[StartPlacement],
    p: StartPlacement,
) -> Option<String> {
    let t = &tiles[p.tile];
    let copies = before.iter().filter(|q| q.tile == p.tile).count() as u32 + 1;
    if copies > t.count {
        return Some(format!(
            "the start uses {copies} copies of `{}`, which has {}",
            t.id, t.count
        ));
    }
    if let Some(q) = before.iter().find(|q| (q.x, q.y) == (p.x, p.y)) {
        return Some(format!(
            "({}, {}) already holds `{}`",
            p.x, p.y, tiles[q.tile].id
        ));
    }
    let mut touches = false;
    for side in 0..4 {
        let Some(q) = before
            .iter()
            .find(|q| (q.x, q.y) == (p.x + DX[side], p.y + DY[side]))
        else {
            continue;
        };
        touches = true;
        let mine = t.rotated_edge(p.rotation, side);
        let theirs = tiles[q.tile].rotated_edge(q.rotation, (side + 2) % 4);
        if mine != theirs {
            return Some(format!(
                "`{}` at ({}, {}) turned {} shows {} on its {} side, but `{}` next to it shows {}",
                t.id,
                p.x,
                p.y,
                p.rotation,
                mine.name(),
                crate::ports::SIDE_NAMES[side],
                tiles[q.tile].id,
                theirs.name()
            ));
        }
    }
    if !before.is_empty() && !touches {
        return Some(format!(
            "`{}` at ({}, {}) touches none of the start tiles before it",
            t.id, p.x, p.y
        ));
    }
    None
}

/// `leave_out = ["ID", ...]`: tiles the ruleset takes out of the game
/// (e.g. the second lake when two rivers are combined).
fn leave_out(r: &mut Reader, tiles: &mut [Tile], choice: &StartChoice) {
    let mut index: HashMap<String, usize> = HashMap::new();
    for (i, t) in tiles.iter().enumerate() {
        index.entry(t.id.clone()).or_insert(i);
    }
    for id in &choice.leave_out {
        let Some(t) = index.get(&id.value).map(|&i| &mut tiles[i]) else {
            r.error(
                id.span.clone(),
                format!("leave_out: no tile `{}` in this ruleset", id.value),
            );
            continue;
        };
        if t.start > 0 {
            r.error(
                id.span.clone(),
                format!("leave_out: `{}` is part of the start", id.value),
            );
            continue;
        }
        if t.count == 0 {
            continue;
        }
        t.left_out += t.count;
        t.count = 0;
        t.left_out_reason = "left out by the ruleset (`leave_out`)".to_string();
    }
}

/// A tile with no edge type in common with any other tile of the mix can
/// never be placed: report it. Seams never face a drawn tile; a side that
/// matches anything fits everywhere.
fn check_placeable(r: &mut Reader, tiles: &[Tile], sets: &[SetRef], f: &crate::toml_read::Fields) {
    let meets = |a: Edge, b: Edge| {
        a != Edge::Seam && b != Edge::Seam && (a == b || a == Edge::Any || b == Edge::Any)
    };
    for (i, t) in tiles.iter().enumerate() {
        if t.count <= t.start {
            continue;
        }
        let fits = tiles.iter().enumerate().any(|(j, u)| {
            let available = if i == j { u.count > 1 } else { u.count > 0 };
            available
                && t.edges
                    .iter()
                    .any(|&e| u.edges.iter().any(|&g| meets(e, g)))
        });
        if !fits {
            let mut edges: Vec<&str> = Vec::new();
            for e in t.edges.iter().map(|e: &Edge| e.name()) {
                if !edges.contains(&e) {
                    edges.push(e);
                }
            }
            // Point at the set that brings the tile in.
            let span = sets
                .iter()
                .find(|s| s.id.value == t.set)
                .map_or(f.span.start..f.span.start, |s| s.id.span.clone());
            r.error(
                span,
                format!(
                    "tile `{}` ({}) can be placed next to no tile of this ruleset: no other tile has a {} edge",
                    t.id,
                    t.origin,
                    edges.join(" or ")
                ),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    /// A record's copies rebuild the same ruleset with no file read.
    #[test]
    fn copies_rebuild_the_same_ruleset() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        for id in ["base", "base_river_inns_cathedrals", "everything_c1"] {
            let path = root.join(format!("rulesets/{id}.toml"));
            let from_disk = super::load(&path).expect("a valid ruleset");
            assert_eq!(from_disk.sources.len(), 1 + from_disk.sets.len());
            let mut copied = super::load_copies(&from_disk.sources).expect("the copies compile");
            assert!(copied.inputs.is_empty(), "no file was read");
            copied.inputs = from_disk.inputs.clone();
            assert_eq!(copied, from_disk, "{id}");
        }
        // A set the copies lack is a located error, not a file lookup.
        let base = super::load(&root.join("rulesets/base.toml")).unwrap();
        let err = super::load_copies(&base.sources[..1]).unwrap_err();
        assert!(
            err[0]
                .to_string()
                .contains("the record holds no copy of tile set `base`"),
            "{}",
            err[0]
        );
        assert!(super::load_copies(&[]).is_err());
    }
}
