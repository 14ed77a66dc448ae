//! Loading a ruleset: which sets (and edition), which mechanics, which rule
//! options; then the checks that concern the mix as a whole.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use crate::diag::{Diagnostic, Source};
use crate::library::{self, Lookup};
use crate::model::{Ruleset, SourceCopy, StartBlock, MAX_RULESET_TILES};
use crate::suggest::did_you_mean;
use crate::tileset;
use crate::toml_read::{At, Reader};
use carcassonne_vocab::mech::{mechanic, MECHANICS};

mod options;
mod start;
mod tiles;

pub use options::default_options;
use options::{barn_needs_farms, read_options};
use start::{choose_start, leave_out, StartChoice};
pub use tiles::edition_tiles;
use tiles::{check_placeable, take_tiles};

/// The most sets a ruleset may name (`everything_c1` names 21).
pub const MAX_SETS: usize = 64;

/// The most `start_extra` placements.
pub const MAX_START_EXTRA: usize = 100;

/// The most followers per player: with 8 players and a big follower each,
/// every follower of the game fits in one feature's 8-bit tally.
pub const MAX_FOLLOWERS: i64 = 30;

const RULESET_KEYS: &[&str] = &["id", "name", "edition", "sets", "mechanics", "tiles"];

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
