//! Loading one tile-set file: TOML structure, each tile's shape, and the
//! checks that concern the set as a whole (ids, counts, duplicates, starts).

use std::collections::BTreeMap;
use std::ops::Range;
use std::path::Path;

use crate::diag::{Diagnostic, Source};
use crate::model::{Tile, TileSet};
use crate::shape;
use crate::tile::{self, Sink};
use crate::toml_read::{At, Reader};

pub(crate) const MAX_COUNT: i64 = 10_000;

/// A shape's errors land in the file at the shape's offset.
struct ShapeSink<'r, 's> {
    reader: &'r mut Reader<'s>,
    base: usize,
    exact: bool,
}

impl Sink for ShapeSink<'_, '_> {
    fn error(&mut self, span: Range<usize>, message: String) {
        let span = if self.exact {
            self.base + span.start..self.base + span.end
        } else {
            self.base..self.base + 1
        };
        self.reader.error(span, message);
    }
}

/// Load and check a tile-set file.
pub fn load(path: &Path) -> Result<TileSet, Vec<Diagnostic>> {
    let src = Source::read(path).map_err(|d| vec![d])?;
    load_source(&src)
}

pub fn load_source(src: &Source) -> Result<TileSet, Vec<Diagnostic>> {
    let mut r = Reader::new(src);
    let set = read(&mut r);
    match set {
        Some(set) if r.diags.is_empty() => Ok(set),
        _ => Err(r.diags),
    }
}

fn read(r: &mut Reader) -> Option<TileSet> {
    let doc = r.parse()?;
    let top = r.fields(
        doc.get_ref(),
        doc.span(),
        "a tile-set file",
        &["set", "tile"],
    );
    let Some(set_value) = top.get("set") else {
        r.error(0..0, "missing `[set]` table (id, name, expect_total)");
        return None;
    };
    let set_fields = r.table(
        set_value,
        "[set]",
        &["id", "name", "editions", "expect_total"],
    )?;
    let id = r.string(&set_fields, "id", true);
    let name = r.string(&set_fields, "name", false);
    let expect_total = r.integer(&set_fields, "expect_total", 0, MAX_COUNT * 1000);
    let editions = read_editions(r, &set_fields);
    if let Some(id) = &id {
        let stem = r
            .src
            .path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("");
        if id.value != stem {
            r.error(
                id.span.clone(),
                format!(
                    "set id `{}` must match the file name `{stem}.toml` (rulesets find sets by file name)",
                    id.value
                ),
            );
        }
    }
    let set_id = id.as_ref().map_or(String::new(), |i| i.value.clone());

    let mut tiles = Vec::new();
    let mut id_spans: Vec<At<String>> = Vec::new();
    let mut duplicate_of: Vec<Option<At<String>>> = Vec::new();
    // (count, edition) of every tile whose count could be read, so that a tile
    // dropped for a broken shape does not also break the expect_total check.
    let mut counted: Vec<(u32, Option<u8>)> = Vec::new();
    let mut all_counted = true;
    if let Some(list) = r.array(&top, "tile") {
        for value in list {
            let Some(f) = r.table(
                value,
                "[[tile]]",
                &["id", "count", "start", "edition", "duplicate_of", "shape"],
            ) else {
                all_counted = false;
                continue;
            };
            let tid = r.string(&f, "id", true);
            let count = r.integer(&f, "count", 0, MAX_COUNT);
            if f.get("count").is_none() {
                r.error(f.span.start..f.span.start, "missing key `count`");
            }
            let start = r.integer(&f, "start", 0, MAX_COUNT);
            let edition = r.integer(&f, "edition", 1, 9);
            let dup = r.string(&f, "duplicate_of", false);
            let shape_at = r.string(&f, "shape", true);
            if let (Some(c), Some(s)) = (&count, &start) {
                if s.value > c.value {
                    r.error(
                        s.span.clone(),
                        format!(
                            "start {} is more than the tile's count {}",
                            s.value, c.value
                        ),
                    );
                }
            }
            if let Some(e) = &edition {
                if !editions.contains(&(e.value as u8)) {
                    r.error(
                        e.span.clone(),
                        format!(
                            "edition {} is not one of the set's editions {editions:?}",
                            e.value
                        ),
                    );
                }
            }
            match &count {
                Some(c) => counted.push((c.value as u32, edition.as_ref().map(|e| e.value as u8))),
                None => all_counted = false,
            }
            let geometry = shape_at.as_ref().and_then(|s| geometry(r, s));
            let (Some(tid), Some(count), Some(g)) = (tid, count, geometry) else {
                continue;
            };
            let (line, col) = r.src.line_col(tid.span.start);
            tiles.push(Tile {
                id: tid.value.clone(),
                set: set_id.clone(),
                count: count.value as u32,
                start: start.map_or(0, |s| s.value as u32),
                edition: edition.map(|e| e.value as u8),
                edges: g.edges,
                segments: g.segments,
                attrs: g.attrs,
                ignored: Vec::new(),
                origin: format!("{}:{line}:{col}", r.src.path.display()),
            });
            id_spans.push(tid);
            duplicate_of.push(dup);
        }
    } else if top.get("tile").is_none() {
        r.error(0..0, "the set has no tiles: add `[[tile]]` tables");
    } else {
        all_counted = false;
    }

    check_ids(r, &id_spans);
    check_duplicates(r, &tiles, &id_spans, &duplicate_of);
    if let Some(total) = expect_total.as_ref().filter(|_| all_counted) {
        for &e in &editions {
            let sum: u32 = counted
                .iter()
                .filter(|(_, te)| te.is_none_or(|te| te == e))
                .map(|(c, _)| c)
                .sum();
            if i64::from(sum) != total.value {
                let which = if editions.len() > 1 {
                    format!(" in edition {e}")
                } else {
                    String::new()
                };
                r.error(
                    total.span.clone(),
                    format!(
                        "tile counts add up to {sum}{which}, but expect_total is {}",
                        total.value
                    ),
                );
            }
        }
    }
    Some(TileSet {
        id: set_id,
        name: name.map_or(String::new(), |n| n.value),
        editions,
        expect_total: expect_total.map(|t| t.value as u32),
        tiles,
    })
}

fn read_editions(r: &mut Reader, f: &crate::toml_read::Fields) -> Vec<u8> {
    let Some(list) = r.array(f, "editions") else {
        return vec![1];
    };
    let mut out = Vec::new();
    for v in list {
        match v
            .get_ref()
            .as_integer()
            .and_then(|i| i.as_str().parse::<u8>().ok())
        {
            Some(e) if (1..=9).contains(&e) => out.push(e),
            _ => r.error(v.span(), "an edition is a number from 1 to 9"),
        }
    }
    if out.is_empty() {
        out.push(1);
    }
    out
}

fn geometry(r: &mut Reader, s: &At<String>) -> Option<tile::Geometry> {
    let (base, exact) = r.string_content_start(&s.span, &s.value);
    let statements = match shape::parse(&s.value) {
        Ok(st) => st,
        Err(e) => {
            let at = if exact { base + e.offset } else { base };
            r.error(at..at + 1, format!("shape: {}", e.message));
            return None;
        }
    };
    let whole = 0..s.value.trim_end().len().max(1);
    let mut sink = ShapeSink {
        reader: r,
        base,
        exact,
    };
    let whole = if exact { whole } else { 0..1 };
    tile::build(&statements, whole, &mut sink)
}

fn check_ids(r: &mut Reader, ids: &[At<String>]) {
    let mut seen: BTreeMap<&str, &At<String>> = BTreeMap::new();
    for id in ids {
        if let Some(first) = seen.get(id.value.as_str()) {
            let (line, _) = r.src.line_col(first.span.start);
            r.error(
                id.span.clone(),
                format!(
                    "duplicate tile id `{}`; first defined on line {line}",
                    id.value
                ),
            );
        } else {
            seen.insert(&id.value, id);
        }
        if id.value.is_empty()
            || id
                .value
                .chars()
                .any(|c| c.is_whitespace() || c.is_control())
        {
            r.error(
                id.span.clone(),
                "a tile id must be non-empty and have no spaces",
            );
        }
    }
}

/// Two tile types that are the same up to rotation are usually a copy-paste
/// slip; a set says so explicitly with `duplicate_of`.
fn check_duplicates(
    r: &mut Reader,
    tiles: &[Tile],
    ids: &[At<String>],
    duplicate_of: &[Option<At<String>>],
) {
    let keys: Vec<_> = tiles.iter().map(crate::canon::canonical).collect();
    for j in 0..tiles.len() {
        if let Some(d) = &duplicate_of[j] {
            match tiles.iter().position(|t| t.id == d.value) {
                Some(i) if keys[i] == keys[j] => {}
                Some(_) => r.error(
                    d.span.clone(),
                    format!(
                        "tile `{}` is not the same as `{}` up to rotation",
                        tiles[j].id, d.value
                    ),
                ),
                None => r.error(d.span.clone(), format!("no tile `{}` in this set", d.value)),
            }
            continue;
        }
        for i in 0..j {
            let same_edition = tiles[i].edition.is_none()
                || tiles[j].edition.is_none()
                || tiles[i].edition == tiles[j].edition;
            if same_edition && keys[i] == keys[j] && tiles[i].id != tiles[j].id {
                r.error(
                    ids[j].span.clone(),
                    format!(
                        "tile `{}` has the same shape as tile `{}` (up to rotation); merge their counts or declare `duplicate_of = \"{}\"`",
                        tiles[j].id, tiles[i].id, tiles[i].id
                    ),
                );
                break;
            }
        }
    }
}
