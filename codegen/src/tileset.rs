//! Loading one tile-set file: TOML structure, each tile's shape, and the
//! checks that concern the set as a whole (ids, counts, duplicates, starts).

use std::collections::{BTreeMap, HashMap};
use std::ops::Range;
use std::path::Path;

use crate::diag::{Diagnostic, Source};
use crate::model::{BlockCell, Edge, StartBlock, Tile, TileSet, MAX_RULESET_TILES};
use crate::ports;
use crate::shape::{self, Sink};
use crate::tile;
use crate::toml_read::{At, Reader, Value};

pub(crate) const MAX_COUNT: i64 = 10_000;

/// The most tile types a set may have (the largest set of the seeds, the
/// Wheel of Fortune, has 54).
pub const MAX_TILE_TYPES: usize = 1_000;

/// The longest tile id (the seeds' longest has 14 characters).
pub const MAX_ID_CHARS: usize = 100;

/// The longest shape string (the seeds' longest has about 200 bytes).
pub const MAX_SHAPE_BYTES: usize = 4_096;

/// The most tiles a start block may lay out (the seeds': 12 and 16).
pub const MAX_BLOCK_TILES: usize = 100;

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
        &["set", "tile", "start_block"],
    );
    let Some(set_value) = top.get("set") else {
        r.error(0..0, "missing `[set]` table (id, name, expect_total)");
        return None;
    };
    let set_fields = r.table(
        set_value,
        "[set]",
        &["id", "name", "editions", "missing_editions", "expect_total"],
    )?;
    let id = r.string(&set_fields, "id", true);
    let name = r.string(&set_fields, "name", false);
    let expect_total = r.integer(&set_fields, "expect_total", 0, MAX_COUNT * 1000);
    let editions = read_editions(r, &set_fields);
    let missing_editions = read_missing_editions(r, &set_fields, &editions);
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
    let mut start_spans: Vec<Option<std::ops::Range<usize>>> = Vec::new();
    let mut duplicate_of: Vec<Option<At<String>>> = Vec::new();
    // The counts of every tile whose count could be read, so that a tile
    // dropped for a broken shape does not also break the expect_total check.
    let mut counted: Vec<Counted> = Vec::new();
    let mut all_counted = true;
    if let Some(list) = r.array(&top, "tile") {
        if r.too_long(list, MAX_TILE_TYPES, |n| {
            format!("a tile set has at most {MAX_TILE_TYPES} tile types; this one has {n}")
        }) {
            return None;
        }
        for value in list {
            let Some(f) = r.table(
                value,
                "[[tile]]",
                &[
                    "id",
                    "count",
                    "start",
                    "edition",
                    "duplicate_of",
                    "per_player",
                    "shape",
                ],
            ) else {
                all_counted = false;
                continue;
            };
            let tid = r.string(&f, "id", true);
            let edition = r.integer(&f, "edition", 1, 9);
            let count = read_count(r, &f, &editions, edition.is_some());
            if f.get("count").is_none() {
                r.error(f.span.start..f.span.start, "missing key `count`");
            }
            let start = r.integer(&f, "start", 0, MAX_COUNT);
            let per_player_at = r.boolean(&f, "per_player");
            let per_player = per_player_at.as_ref().is_some_and(|b| b.value);
            let (dup, dup_elsewhere) = read_duplicate_of(r, &f, &set_id);
            let shape_at = r.string(&f, "shape", true);
            if let (Some(c), Some(s)) = (&count, &start) {
                let least = c.least();
                if s.value > i64::from(least) {
                    r.error(
                        s.span.clone(),
                        format!("start {} is more than the tile's count {least}", s.value),
                    );
                }
            }
            // A held tile starts in a player's supply, not on the board
            // (the abbey, 000_9deb58b1a7d17d38.txt L1584).
            if let (Some(s), Some(p)) = (&start, &per_player_at) {
                if s.value > 0 && p.value {
                    r.error(
                        s.span.clone(),
                        "a tile held one per player (`per_player = true`) cannot be a start tile",
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
                Some(c) => {
                    let mut c = c.clone();
                    c.edition = edition.as_ref().map(|e| e.value as u8);
                    c.held = per_player;
                    counted.push(c);
                }
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
                count: count.first(&editions),
                start: start.as_ref().map_or(0, |s| s.value as u32),
                edition: edition.map(|e| e.value as u8),
                edition_counts: count.per_edition.clone(),
                per_player,
                left_out: 0,
                left_out_reason: String::new(),
                edges: g.edges,
                segments: g.segments,
                attrs: g.attrs,
                ignored: Vec::new(),
                origin: format!("{}:{line}:{col}", r.src.path.display()),
                duplicate_of: dup_elsewhere,
            });
            id_spans.push(tid);
            start_spans.push(start.map(|s| s.span));
            duplicate_of.push(dup);
        }
    } else if top.get("tile").is_none() {
        r.error(0..0, "the set has no tiles: add `[[tile]]` tables");
    } else {
        all_counted = false;
    }

    check_ids(r, &id_spans);
    let start_block = match top.get("start_block") {
        Some(v) => read_start_block(r, v, &mut tiles, &id_spans, &start_spans, &editions),
        None => {
            check_no_seams(r, &tiles, &id_spans);
            None
        }
    };
    // The cards of a start block each have their place in it: two of the same
    // shape are no slip.
    let in_block: Vec<bool> = (0..tiles.len())
        .map(|i| {
            start_block
                .as_ref()
                .is_some_and(|b| b.cells.iter().any(|c| c.tile == i))
        })
        .collect();
    check_duplicates(r, &tiles, &id_spans, &duplicate_of, &in_block);
    check_any_sides(r, &tiles, &id_spans);
    check_ruleset_cap(r, &counted, &editions);
    if let Some(total) = expect_total.as_ref().filter(|_| all_counted) {
        for &e in &editions {
            let sum: u32 = counted.iter().map(|c| c.count_in(e)).sum();
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
        missing_editions,
        expect_total: expect_total.map(|t| t.value as u32),
        tiles,
        start_block,
    })
}

/// A tile's `count`: one number for every edition, or one per edition
/// (`count = { 1 = 5, 2 = 4 }`).
#[derive(Debug, Clone)]
struct Counted {
    all: u32,
    per_edition: Vec<(u8, u32)>,
    /// The tile's own `edition`, if it has one.
    edition: Option<u8>,
    /// Held one per player (`per_player`): never drawn.
    held: bool,
    /// The `count` value in the file.
    span: Range<usize>,
}

impl Counted {
    fn count_in(&self, e: u8) -> u32 {
        if self.edition.is_some_and(|te| te != e) {
            return 0;
        }
        self.per_edition
            .iter()
            .find(|(pe, _)| *pe == e)
            .map_or(self.all, |(_, c)| *c)
    }

    /// The smallest count over the editions (for the `start` check).
    fn least(&self) -> u32 {
        self.per_edition
            .iter()
            .map(|(_, c)| *c)
            .min()
            .unwrap_or(self.all)
    }

    /// The count in the set's first edition (a tile's `count` in the model).
    fn first(&self, editions: &[u8]) -> u32 {
        editions.first().map_or(self.all, |&e| self.count_in(e))
    }
}

fn read_count(
    r: &mut Reader,
    f: &crate::toml_read::Fields,
    editions: &[u8],
    has_edition: bool,
) -> Option<Counted> {
    let v = f.get("count")?;
    let toml::de::DeValue::Table(table) = v.get_ref() else {
        let c = r.integer(f, "count", 0, MAX_COUNT)?;
        return Some(Counted {
            all: c.value as u32,
            per_edition: Vec::new(),
            edition: None,
            held: false,
            span: c.span,
        });
    };
    if has_edition {
        r.error(
            v.span(),
            "a tile of one `edition` takes a plain `count`, not a count per edition",
        );
        return None;
    }
    let mut per_edition: Vec<(u8, u32)> = Vec::new();
    let mut ok = true;
    for (key, value) in table.iter() {
        let e = key
            .get_ref()
            .parse::<u8>()
            .ok()
            .filter(|e| editions.contains(e));
        let Some(e) = e else {
            r.error(
                key.span(),
                format!(
                    "`{}` is not an edition of this set; count per edition with keys among {editions:?}",
                    key.get_ref()
                ),
            );
            ok = false;
            continue;
        };
        let n = match value.get_ref() {
            toml::de::DeValue::Integer(i) => {
                i64::from_str_radix(i.as_str().replace('_', "").as_str(), i.radix()).ok()
            }
            _ => None,
        };
        match n {
            Some(n) if (0..=MAX_COUNT).contains(&n) => per_edition.push((e, n as u32)),
            _ => {
                r.error(
                    value.span(),
                    format!("the count for edition {e} must be an integer from 0 to {MAX_COUNT}"),
                );
                ok = false;
            }
        }
    }
    for &e in editions {
        if ok && !per_edition.iter().any(|(pe, _)| *pe == e) {
            r.error(v.span(), format!("the count per edition lacks edition {e}"));
            ok = false;
        }
    }
    if !ok {
        return None;
    }
    per_edition.sort_unstable();
    Some(Counted {
        all: per_edition.first().map_or(0, |(_, c)| *c),
        per_edition,
        edition: None,
        held: false,
        span: v.span(),
    })
}

// A set has fewer tile types than a ruleset may have, so only its count of
// tiles can pass what a ruleset holds.
const _: () = assert!(MAX_TILE_TYPES <= MAX_RULESET_TILES as usize);

/// An edition of a set with more tiles than a ruleset may hold could be
/// taken by no ruleset: say so here, where it can be fixed, and not only in
/// every ruleset naming the set. Counted as a ruleset counts: held tiles (the
/// abbey) are not drawn, so they do not count. The error is at the count that
/// takes the edition past the cap; a count that can not be read counts 0, so
/// this never blames a set that might fit.
fn check_ruleset_cap(r: &mut Reader, counted: &[Counted], editions: &[u8]) {
    // (index into `counted` of the count that crosses the cap, the totals
    // per edition it takes past it).
    let mut crossings: Vec<(usize, Vec<(u8, u32)>)> = Vec::new();
    for &e in editions {
        let mut sum = 0u32;
        let mut crossed_at = None;
        for (i, c) in counted.iter().enumerate().filter(|(_, c)| !c.held) {
            sum += c.count_in(e);
            if sum > MAX_RULESET_TILES && crossed_at.is_none() {
                crossed_at = Some(i);
            }
        }
        let Some(i) = crossed_at else { continue };
        match crossings.iter_mut().find(|(j, _)| *j == i) {
            Some((_, totals)) => totals.push((e, sum)),
            None => crossings.push((i, vec![(e, sum)])),
        }
    }
    for (i, totals) in crossings {
        let has: Vec<String> = totals
            .iter()
            .map(|(e, n)| {
                if editions.len() > 1 {
                    format!("{n} tiles in edition {e}")
                } else {
                    format!("{n} tiles")
                }
            })
            .collect();
        r.error(
            counted[i].span.clone(),
            format!(
                "no ruleset can take this set: it has {}, and a ruleset holds at most {MAX_RULESET_TILES} tiles; this count takes it past {MAX_RULESET_TILES}",
                has.join(" and ")
            ),
        );
    }
}

/// `duplicate_of`: a tile of this set (`"ID"`), checked here, or of another
/// set (`{ set = "SET", tile = "ID" }`), which only a ruleset mixing the two
/// can check (`cross_set`).
fn read_duplicate_of(
    r: &mut Reader,
    f: &crate::toml_read::Fields,
    set_id: &str,
) -> (Option<At<String>>, Option<(String, String)>) {
    let Some(v) = f.get("duplicate_of") else {
        return (None, None);
    };
    if !matches!(v.get_ref(), toml::de::DeValue::Table(_)) {
        return (r.string(f, "duplicate_of", false), None);
    }
    let Some(t) = r.table(v, "`duplicate_of`", &["set", "tile"]) else {
        return (None, None);
    };
    let (Some(set), Some(tile)) = (r.string(&t, "set", true), r.string(&t, "tile", true)) else {
        return (None, None);
    };
    if set.value == set_id {
        r.error(
            set.span,
            format!(
                "`{}` is this set; name a tile of this set as `duplicate_of = \"{}\"`",
                set.value, tile.value
            ),
        );
        return (None, None);
    }
    (None, Some((set.value, tile.value)))
}

/// A tile with seam sides only makes sense inside a start block.
fn check_no_seams(r: &mut Reader, tiles: &[Tile], ids: &[At<String>]) {
    for (t, id) in tiles.iter().zip(ids) {
        if t.has_seam() {
            r.error(
                id.span.clone(),
                format!(
                    "tile `{}` has seam sides, but the set has no `[start_block]` to put it in",
                    t.id
                ),
            );
        }
    }
}

/// A tile whose sides match anything is held by the players, not drawn.
fn check_any_sides(r: &mut Reader, tiles: &[Tile], ids: &[At<String>]) {
    for (t, id) in tiles.iter().zip(ids) {
        if t.edges.contains(&Edge::Any) && !t.per_player {
            r.error(
                id.span.clone(),
                format!(
                    "tile `{}` has sides that match anything; such a tile (the abbey) is held one per player: add `per_player = true`",
                    t.id
                ),
            );
        }
    }
}

/// `{ tile = "ID", x = X, y = Y, rotation = R }`: a tile placed at the start
/// of the game (a cell of a `[start_block]`, a ruleset's `start_extra`).
pub(crate) struct StartCell {
    pub tile: At<String>,
    pub x: i32,
    pub y: i32,
    pub rotation: u8,
    /// The whole entry, for errors about the placement.
    pub span: Range<usize>,
}

/// One start placement; `None` (with the errors reported) when it is not a
/// table or lacks its tile or position.
pub(crate) fn read_start_cell(r: &mut Reader, item: &Value, what: &str) -> Option<StartCell> {
    let c = r.table(item, what, &["tile", "x", "y", "rotation"])?;
    let tile = r.string(&c, "tile", true);
    let x = r.integer(&c, "x", -100, 100);
    let y = r.integer(&c, "y", -100, 100);
    for key in ["x", "y"] {
        if c.get(key).is_none() {
            r.error(c.span.start..c.span.start, format!("missing key `{key}`"));
        }
    }
    let rotation = r.integer(&c, "rotation", 0, 3).map_or(0, |v| v.value as u8);
    Some(StartCell {
        tile: tile?,
        x: x?.value as i32,
        y: y?.value as i32,
        rotation,
        span: item.span(),
    })
}

/// `[start_block]`: tiles laid out together as the start of the game. Every
/// tile with seam sides must be in it, every seam must face another tile of
/// the block, and the tiles must match where they meet.
fn read_start_block(
    r: &mut Reader,
    v: &crate::toml_read::Value,
    tiles: &mut [Tile],
    ids: &[At<String>],
    start_spans: &[Option<std::ops::Range<usize>>],
    editions: &[u8],
) -> Option<StartBlock> {
    let f = r.table(v, "[start_block]", &["name", "tiles"])?;
    let name = r.string(&f, "name", true);
    if f.get("tiles").is_none() {
        r.error(f.span.start..f.span.start, "missing key `tiles`");
    }
    let list = r.array(&f, "tiles").unwrap_or(&[]);
    if r.too_long(list, MAX_BLOCK_TILES, |n| {
        format!("a start block has at most {MAX_BLOCK_TILES} tiles; this one lists {n}")
    }) {
        return None;
    }
    let index: HashMap<&str, usize> = tiles
        .iter()
        .enumerate()
        .rev()
        .map(|(i, t)| (t.id.as_str(), i))
        .collect();
    let mut cells: Vec<BlockCell> = Vec::new();
    let mut spans: Vec<std::ops::Range<usize>> = Vec::new();
    let mut ok = true;
    for item in list {
        let Some(StartCell {
            tile: tid,
            x,
            y,
            rotation,
            ..
        }) = read_start_cell(r, item, "a start-block tile")
        else {
            ok = false;
            continue;
        };
        let Some(&tile) = index.get(tid.value.as_str()) else {
            r.error(
                tid.span.clone(),
                format!("no tile `{}` in this set", tid.value),
            );
            ok = false;
            continue;
        };
        if let Some(j) = cells.iter().position(|c| (c.x, c.y) == (x, y)) {
            r.error(
                item.span(),
                format!(
                    "({x}, {y}) already holds `{}` in the start block",
                    tiles[cells[j].tile].id
                ),
            );
            ok = false;
            continue;
        }
        if !cells.is_empty() && !cells.iter().any(|c| (c.x - x).abs() + (c.y - y).abs() == 1) {
            r.error(
                item.span(),
                format!("({x}, {y}) touches no tile listed before it in the start block; list the tiles so that each one touches an earlier one"),
            );
            ok = false;
        }
        cells.push(BlockCell {
            tile,
            x,
            y,
            rotation,
        });
        spans.push(item.span());
    }
    if list.is_empty() && f.get("tiles").is_some() {
        r.error(f.span.clone(), "the start block lists no tiles");
    }
    // Copies: every copy of a tile with seams is in the block, and no tile is
    // used more often than it exists.
    for (i, t) in tiles.iter_mut().enumerate() {
        let uses = cells.iter().filter(|c| c.tile == i).count() as u32;
        if uses == 0 {
            if t.has_seam() {
                r.error(
                    ids[i].span.clone(),
                    format!(
                        "tile `{}` has seam sides, so every copy must be in the `[start_block]`",
                        t.id
                    ),
                );
            }
            continue;
        }
        if t.per_player {
            r.error(
                ids[i].span.clone(),
                format!(
                    "tile `{}` is held one per player (`per_player = true`), so it cannot be in the `[start_block]`",
                    t.id
                ),
            );
            ok = false;
        }
        if let Some(s) = &start_spans[i] {
            r.error(
                s.clone(),
                format!(
                    "tile `{}` is placed by the `[start_block]`; drop its `start`",
                    t.id
                ),
            );
        }
        for &e in editions {
            let have = t.count_in(e);
            if uses > have || (t.has_seam() && uses < have) {
                let which = if editions.len() > 1 {
                    format!(" in edition {e}")
                } else {
                    String::new()
                };
                r.error(
                    ids[i].span.clone(),
                    format!(
                        "the start block uses {uses} of tile `{}`, which has {have}{which}{}",
                        t.id,
                        if t.has_seam() {
                            " (a tile with seam sides is only ever in the block)"
                        } else {
                            ""
                        }
                    ),
                );
            }
        }
        t.start = uses;
    }
    if ok {
        check_block_sides(r, tiles, &cells, &spans);
    }
    Some(StartBlock {
        name: name.map_or(String::new(), |n| n.value),
        cells,
    })
}

/// Where two tiles of a block meet their sides match, and on a seam each
/// half lies in a field on both sides or on neither.
fn check_block_sides(
    r: &mut Reader,
    tiles: &[Tile],
    cells: &[BlockCell],
    spans: &[std::ops::Range<usize>],
) {
    const DX: [i32; 4] = [0, 1, 0, -1];
    const DY: [i32; 4] = [-1, 0, 1, 0];
    let claimed: Vec<[bool; 12]> = tiles
        .iter()
        .map(|t| {
            let l = crate::lower::tile(t);
            std::array::from_fn(|p| l.port_segment[p] != crate::lower::NO_SEGMENT)
        })
        .collect();
    for (i, c) in cells.iter().enumerate() {
        let t = &tiles[c.tile];
        for side in 0..4usize {
            let mine = t.rotated_edge(c.rotation, side);
            let other = cells
                .iter()
                .find(|o| (o.x, o.y) == (c.x + DX[side], c.y + DY[side]));
            let Some(o) = other else {
                if mine == Edge::Seam {
                    r.error(
                        spans[i].clone(),
                        format!(
                            "the seam on the {} side of `{}` at ({}, {}) faces no tile of the block",
                            ports::SIDE_NAMES[side],
                            t.id,
                            c.x,
                            c.y
                        ),
                    );
                }
                continue;
            };
            // Each meeting is checked once, from its western or northern tile.
            if side != 1 && side != 2 {
                continue;
            }
            let u = &tiles[o.tile];
            let theirs = u.rotated_edge(o.rotation, (side + 2) % 4);
            let j = cells.iter().position(|x| std::ptr::eq(x, o)).unwrap_or(i);
            if mine != theirs {
                r.error(
                    spans[j].clone(),
                    format!(
                        "`{}` at ({}, {}) shows {} to the {} side of `{}` at ({}, {}), which shows {}",
                        u.id,
                        o.x,
                        o.y,
                        theirs.name(),
                        ports::SIDE_NAMES[side],
                        t.id,
                        c.x,
                        c.y,
                        mine.name()
                    ),
                );
                continue;
            }
            if mine != Edge::Seam {
                continue;
            }
            for k in 0..3u8 {
                let board = side as u8 * 3 + k;
                let local = ports::rotate(board, 4 - c.rotation % 4);
                let facing = ports::facing(board);
                let their_local = ports::rotate(facing, 4 - o.rotation % 4);
                let a = claimed[c.tile][local as usize];
                let b = claimed[o.tile][their_local as usize];
                if a != b {
                    r.error(
                        spans[j].clone(),
                        format!(
                            "on the seam between `{}` at ({}, {}) and `{}` at ({}, {}), half-edge `{}` of `{}` is {} but the half facing it is {}",
                            t.id,
                            c.x,
                            c.y,
                            u.id,
                            o.x,
                            o.y,
                            ports::PORT_NAMES[local as usize],
                            t.id,
                            if a { "in a field" } else { "in no field" },
                            if b { "in a field" } else { "in no field" },
                        ),
                    );
                }
            }
        }
    }
}

/// `missing_editions = { 2 = "why" }`: editions of the box the set does not
/// hold, each with the reason, which a ruleset asking for one is told.
fn read_missing_editions(
    r: &mut Reader,
    f: &crate::toml_read::Fields,
    editions: &[u8],
) -> Vec<(u8, String)> {
    let Some(v) = f.get("missing_editions") else {
        return Vec::new();
    };
    let toml::de::DeValue::Table(table) = v.get_ref() else {
        r.error(
            v.span(),
            "`missing_editions` is a table of edition = \"why the set lacks it\"",
        );
        return Vec::new();
    };
    let mut out: Vec<(u8, String)> = Vec::new();
    for (key, value) in table.iter() {
        let e = key
            .get_ref()
            .parse::<u8>()
            .ok()
            .filter(|e| (1..=9).contains(e));
        let Some(e) = e else {
            r.error(key.span(), "an edition is a number from 1 to 9");
            continue;
        };
        if editions.contains(&e) {
            r.error(
                key.span(),
                format!(
                    "edition {e} is one of the set's editions {editions:?}, so it is not missing"
                ),
            );
            continue;
        }
        match value.get_ref() {
            toml::de::DeValue::String(why) if !why.trim().is_empty() => {
                out.push((e, why.trim().to_string()));
            }
            _ => r.error(
                value.span(),
                format!("say in a non-empty string why edition {e} is missing"),
            ),
        }
    }
    out.sort();
    out
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
    if s.value.len() > MAX_SHAPE_BYTES {
        r.error(
            s.span.start..s.span.start + 1,
            format!(
                "a shape has at most {MAX_SHAPE_BYTES} bytes; this one has {}",
                s.value.len()
            ),
        );
        return None;
    }
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
        } else if id.value.chars().count() > MAX_ID_CHARS {
            r.error(
                id.span.clone(),
                format!(
                    "a tile id has at most {MAX_ID_CHARS} characters; `{}` has {}",
                    id.value,
                    id.value.chars().count()
                ),
            );
        }
    }
}

/// Two tile types that are the same up to rotation are usually a copy-paste
/// slip; a set says so explicitly with `duplicate_of`. Tiles are grouped by
/// their canonical shape, so this takes time in proportion to the number of
/// tiles, not its square.
fn check_duplicates(
    r: &mut Reader,
    tiles: &[Tile],
    ids: &[At<String>],
    duplicate_of: &[Option<At<String>>],
    in_block: &[bool],
) {
    let keys: Vec<_> = tiles.iter().map(crate::canon::canonical).collect();
    let mut by_id: HashMap<&str, usize> = HashMap::new();
    for (i, t) in tiles.iter().enumerate() {
        by_id.entry(t.id.as_str()).or_insert(i);
    }
    // The tiles seen so far with each shape, in file order.
    let mut by_shape: HashMap<&crate::canon::Canonical, Vec<usize>> = HashMap::new();
    for j in 0..tiles.len() {
        if let Some(d) = &duplicate_of[j] {
            match by_id.get(d.value.as_str()) {
                Some(&i) if keys[i] == keys[j] => {}
                Some(_) => r.error(
                    d.span.clone(),
                    format!(
                        "tile `{}` is not the same as `{}` up to rotation",
                        tiles[j].id, d.value
                    ),
                ),
                None => r.error(d.span.clone(), format!("no tile `{}` in this set", d.value)),
            }
            by_shape.entry(&keys[j]).or_default().push(j);
            continue;
        }
        let earlier = by_shape.entry(&keys[j]).or_default();
        let first = earlier.iter().copied().find(|&i| {
            let same_edition = tiles[i].edition.is_none()
                || tiles[j].edition.is_none()
                || tiles[i].edition == tiles[j].edition;
            !(in_block[i] && in_block[j]) && same_edition && tiles[i].id != tiles[j].id
        });
        earlier.push(j);
        if let Some(i) = first {
            r.error(
                ids[j].span.clone(),
                format!(
                    "tile `{}` has the same shape as tile `{}` (up to rotation); merge their counts or declare `duplicate_of = \"{}\"`",
                    tiles[j].id, tiles[i].id, tiles[i].id
                ),
            );
        }
    }
}
