//! Naming a ruleset on the command line: a compiled-in id, or a path to a
//! ruleset TOML file compiled now with the same compiler the build uses.

use std::path::Path;

use carcassonne_codegen::lower::{self, LRuleset};
use carcassonne_runtime::tables::{Attr, Options, Ruleset, Segment, StartTile, TileType};

#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("{0}")]
    Compile(carcassonne_codegen::Diagnostics),
    #[error("unknown ruleset `{name}`; compiled-in rulesets: {known} (or give a path to a ruleset .toml file)")]
    Unknown { name: String, known: String },
}

/// A ruleset by id or path. Run-time rulesets live for the rest of the
/// process (they are leaked once), like the compiled-in ones.
pub fn ruleset(name: &str) -> Result<&'static Ruleset, LoadError> {
    let looks_like_path = name.ends_with(".toml") || name.contains('/') || name.contains('\\');
    if !looks_like_path {
        if let Some(rs) = carcassonne_runtime::ruleset(name) {
            return Ok(rs);
        }
        let known: Vec<&str> = carcassonne_runtime::rulesets()
            .iter()
            .map(|r| r.id)
            .collect();
        return Err(LoadError::Unknown {
            name: name.to_string(),
            known: known.join(", "),
        });
    }
    let model = compile(Path::new(name))?;
    Ok(leak(&lower::ruleset(&model)))
}

/// Compile a ruleset file into the model (for `codegen` and `ruleset`).
pub fn compile(path: &Path) -> Result<carcassonne_codegen::Ruleset, LoadError> {
    carcassonne_codegen::ruleset::load(path)
        .map_err(|d| LoadError::Compile(carcassonne_codegen::Diagnostics::sorted(d)))
}

fn s(v: &str) -> &'static str {
    Box::leak(v.to_string().into_boxed_str())
}

fn slice<T>(v: Vec<T>) -> &'static [T] {
    Box::leak(v.into_boxed_slice())
}

fn attrs(v: &[(u8, i16)]) -> &'static [Attr] {
    slice(v.iter().map(|&(id, value)| Attr { id, value }).collect())
}

/// The lowered model as runtime tables: the same numbers the emitter writes.
pub fn leak(rs: &LRuleset) -> &'static Ruleset {
    let tiles: Vec<TileType> = rs
        .tiles
        .iter()
        .map(|t| TileType {
            id: s(&t.id),
            set: s(&t.set),
            count: t.count,
            start: t.start,
            edges: t.edges,
            rot_edges: t.rot_edges,
            port_segment: t.port_segment,
            flags: t.flags,
            attrs: attrs(&t.attrs),
            ignored: slice(t.ignored.iter().map(|i| s(i)).collect()),
            left_out: t.left_out,
            left_out_reason: s(&t.left_out_reason),
            segments: slice(
                t.segments
                    .iter()
                    .map(|g| Segment {
                        kind: g.kind,
                        ports: g.ports,
                        borders: g.borders,
                        pennants: g.pennants,
                        flags: g.flags,
                        attrs: attrs(&g.attrs),
                    })
                    .collect(),
            ),
        })
        .collect();
    Box::leak(Box::new(Ruleset {
        id: s(&rs.id),
        name: s(&rs.name),
        edition: rs.edition,
        sets: slice(rs.sets.iter().map(|x| s(x)).collect()),
        mechanics: slice(rs.mechanics.iter().map(|x| s(x)).collect()),
        options: Options {
            farmers: rs.farmers,
            farm_scoring: rs.farm_scoring,
            river_turns: rs.river_turns,
            min_players: rs.min_players,
            max_players: rs.max_players,
            followers: rs.followers,
        },
        tiles: slice(tiles),
        start: slice(
            rs.start
                .iter()
                .map(|&(tile, x, y, rotation)| StartTile {
                    tile,
                    x,
                    y,
                    rotation,
                })
                .collect(),
        ),
        total: rs.total,
    }))
}
