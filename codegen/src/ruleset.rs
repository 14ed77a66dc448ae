//! Loading a ruleset: which sets (and edition), which mechanics, which rule
//! options; then the checks that concern the mix as a whole.

use std::path::{Path, PathBuf};

use crate::attrs::{self, ATTRIBUTES};
use crate::diag::{Diagnostic, Source};
use crate::model::{Edge, FarmScoring, Options, Ruleset, StartPlacement, TileSet};
use crate::tileset;
use crate::toml_read::{At, Reader};

const RULESET_KEYS: &[&str] = &["id", "name", "edition", "sets", "mechanics", "tiles"];
const OPTION_KEYS: &[&str] = &[
    "farmers",
    "farm_scoring",
    "min_players",
    "max_players",
    "followers",
    "start_tile",
    "unused_start_tiles",
];

/// Load and check a ruleset file, with the tile sets it names.
pub fn load(path: &Path) -> Result<Ruleset, Vec<Diagnostic>> {
    let src = Source::read(path).map_err(|d| vec![d])?;
    let mut r = Reader::new(&src);
    let mut set_diags = Vec::new();
    let rs = read(&mut r, &mut set_diags);
    let mut diags = r.diags;
    diags.extend(set_diags);
    match rs {
        Some(rs) if diags.is_empty() => Ok(rs),
        _ => Err(diags),
    }
}

struct SetRef {
    id: At<String>,
    tiles_only: bool,
}

fn read(r: &mut Reader, set_diags: &mut Vec<Diagnostic>) -> Option<Ruleset> {
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
        }
    }
    let sets = read_sets(r, &f);
    if sets.is_empty() && f.get("sets").is_none() {
        r.error(f.span.start..f.span.start, "missing key `sets`");
    }
    let options = match top.get("options") {
        Some(v) => read_options(r, v),
        None => Some((default_options(), None)),
    };

    // Mechanics: known, implemented, and enabled once.
    let mut enabled: Vec<String> = vec!["base".to_string()];
    for m in &mechanics {
        match attrs::mechanic(&m.value) {
            None => {
                let known: Vec<&str> = attrs::MECHANICS.iter().map(|m| m.name).collect();
                r.error(
                    m.span.clone(),
                    format!("unknown mechanic `{}`; known: {}", m.value, known.join(", ")),
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

    // The sets, found by file name in the tiles folder.
    let dir: PathBuf = {
        let base = r.src.path.parent().unwrap_or(Path::new("."));
        base.join(tiles_dir.as_ref().map_or("../tiles", |t| t.value.as_str()))
    };
    let mut inputs = vec![r.src.path.clone()];
    let mut tiles = Vec::new();
    // A set that could not be loaded is reported once; the checks of the
    // whole mix (start tile, placeability) would only echo it.
    let mut missing_set = false;
    for s in &sets {
        let path = dir.join(format!("{}.toml", s.id.value));
        if !path.is_file() {
            r.error(
                s.id.span.clone(),
                format!(
                    "unknown tile set `{}`: there is no {}",
                    s.id.value,
                    path.display()
                ),
            );
            missing_set = true;
            continue;
        }
        inputs.push(path.clone());
        let set = match tileset::load(&path) {
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
            r.error(
                s.id.span.clone(),
                format!(
                    "tile set `{}` has no edition {edition} (it has {:?})",
                    s.id.value, set.editions
                ),
            );
            missing_set = true;
            continue;
        }
        take_tiles(r, s, set, edition, &enabled, &mut tiles);
    }
    for j in 0..tiles.len() {
        if let Some(i) = (0..j).find(|&i| tiles[i].id == tiles[j].id) {
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

    let (options, start_at) = options?;
    if missing_set {
        return None;
    }
    let start = choose_start(
        r,
        &mut tiles,
        &start_at,
        options.keep_unused_start_tiles,
        &f,
    );
    check_placeable(r, &tiles, &sets, &f);
    let id = id?;
    Some(Ruleset {
        id: id.value,
        name: name.map_or(String::new(), |n| n.value),
        edition,
        sets: sets.iter().map(|s| s.id.value.clone()).collect(),
        mechanics: enabled,
        options,
        tiles,
        start: start?,
        inputs,
    })
}

fn read_sets(r: &mut Reader, f: &crate::toml_read::Fields) -> Vec<SetRef> {
    let Some(list) = r.array(f, "sets") else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for v in list {
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
        if let Some(id) = id {
            out.push(SetRef { id, tiles_only });
        }
    }
    if out.is_empty() && !list.is_empty() {
        return out;
    }
    if list.is_empty() {
        r.error(
            f.span.start..f.span.start,
            "`sets` is empty: name at least one tile set",
        );
    }
    out
}

pub fn default_options() -> Options {
    Options {
        farmers: true,
        farm_scoring: FarmScoring::PerFarm,
        min_players: 2,
        max_players: 5,
        followers: 7,
        keep_unused_start_tiles: false,
    }
}

fn read_options(
    r: &mut Reader,
    v: &crate::toml_read::Value,
) -> Option<(Options, Option<At<String>>)> {
    let f = r.table(v, "[options]", OPTION_KEYS)?;
    let mut o = default_options();
    if let Some(b) = r.boolean(&f, "farmers") {
        o.farmers = b.value;
    }
    if let Some(s) = r.string(&f, "farm_scoring", false) {
        match s.value.as_str() {
            "per-farm" => o.farm_scoring = FarmScoring::PerFarm,
            "legacy-2000" => o.farm_scoring = FarmScoring::Legacy2000,
            other => r.error(
                s.span.clone(),
                format!("unknown farm_scoring `{other}`; expected `per-farm` or `legacy-2000`"),
            ),
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
    if let Some(n) = r.integer(&f, "followers", 0, 64) {
        o.followers = n.value as u8;
    }
    let start = r.string(&f, "start_tile", false);
    if let Some(u) = r.string(&f, "unused_start_tiles", false) {
        match u.value.as_str() {
            "remove" => o.keep_unused_start_tiles = false,
            "shuffle" => o.keep_unused_start_tiles = true,
            other => r.error(
                u.span.clone(),
                format!("unknown unused_start_tiles `{other}`; expected `remove` or `shuffle`"),
            ),
        }
    }
    Some((o, start))
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
    for mut t in set.tiles {
        if t.edition.is_some_and(|e| e != edition) {
            continue;
        }
        let mut ignored = Vec::new();
        let mut check = |attrs: &mut Vec<crate::model::AttrValue>, r: &mut Reader| {
            attrs.retain(|a| {
                let def = &ATTRIBUTES[a.id];
                if enabled.iter().any(|m| m == def.mechanic) {
                    return true;
                }
                if s.tiles_only {
                    ignored.push(def.name.to_string());
                } else {
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
        t.ignored = ignored;
        out.push(t);
    }
}

fn choose_start(
    r: &mut Reader,
    tiles: &mut [crate::model::Tile],
    start_tile: &Option<At<String>>,
    keep_unused: bool,
    f: &crate::toml_read::Fields,
) -> Option<Vec<StartPlacement>> {
    let chosen = match start_tile {
        Some(s) => match tiles.iter().position(|t| t.id == s.value) {
            Some(i) if tiles[i].count > 0 => i,
            _ => {
                r.error(
                    s.span.clone(),
                    format!("start_tile `{}` is not a tile of this ruleset", s.value),
                );
                return None;
            }
        },
        None => {
            let starts: Vec<usize> = (0..tiles.len()).filter(|&i| tiles[i].start > 0).collect();
            match starts.as_slice() {
                [one] => *one,
                [] => {
                    r.error(
                        f.span.start..f.span.start,
                        "no start tile: no tile of this ruleset's sets has `start = 1`, and [options] has no `start_tile`",
                    );
                    return None;
                }
                many => {
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
            }
        }
    };
    // Another set's start tile is left out of the game ("The original
    // starting tile is not used", 000_9deb58b1a7d17d38.txt L460), or shuffled
    // in with the rest (the older rule, footnote 7, L612).
    for (i, t) in tiles.iter_mut().enumerate() {
        if i != chosen && !keep_unused {
            t.count -= t.start.min(t.count);
        }
        t.start = u32::from(i == chosen);
    }
    Some(vec![StartPlacement {
        tile: chosen,
        x: 0,
        y: 0,
        rotation: 0,
    }])
}

/// A tile with no edge type in common with any other tile of the mix can
/// never be placed: report it.
fn check_placeable(
    r: &mut Reader,
    tiles: &[crate::model::Tile],
    sets: &[SetRef],
    f: &crate::toml_read::Fields,
) {
    for (i, t) in tiles.iter().enumerate() {
        if t.count == 0 {
            continue;
        }
        let fits = tiles.iter().enumerate().any(|(j, u)| {
            let available = if i == j { u.count > 1 } else { u.count > 0 };
            available && t.edges.iter().any(|e| u.edges.contains(e))
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
