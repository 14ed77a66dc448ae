//! The compiler at run time: a ruleset named by a compiled-in id, or by a
//! path to a ruleset TOML file compiled now with the same compiler the build
//! uses, or rebuilt from the copies of its files a game record carries;
//! turned into the engine's tables in memory (`leak`). The command line,
//! the Python package and the fuzzer all name rulesets through here.

use std::path::Path;

use carcassonne_codegen::lower::{self, LRuleset};
use carcassonne_codegen::{Lookup, SourceCopy};
use carcassonne_runtime::record::{Record, SourceRec};
use carcassonne_runtime::tables::{Attr, Hooks, Options, Ruleset, Segment, StartTile, TileType};

pub use carcassonne_codegen::lower::LRuleset as Lowered;

#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("{0}")]
    Compile(carcassonne_codegen::Diagnostics),
    #[error("unknown ruleset `{name}`; compiled-in rulesets: {known} (or give a path to a ruleset .toml file)")]
    Unknown { name: String, known: String },
}

/// How the command line finds a ruleset file's sets: the ruleset's own
/// tiles folder, then the sets built into the program (`library`).
pub fn lookup() -> Lookup<'static> {
    Lookup::Disk {
        builtin: carcassonne_runtime::builtin::SETS,
    }
}

/// A ruleset named on the command line, with the copies of its files a
/// record carries (none for a compiled-in ruleset).
pub struct Loaded {
    pub rules: &'static Ruleset,
    pub sources: Option<Vec<SourceRec>>,
}

/// A ruleset by id or path. Run-time rulesets live for the rest of the
/// process (they are leaked once), like the compiled-in ones.
pub fn ruleset(name: &str) -> Result<&'static Ruleset, LoadError> {
    Ok(named(name)?.rules)
}

/// A ruleset by id or path, with its sources when it is a file.
pub fn named(name: &str) -> Result<Loaded, LoadError> {
    if !carcassonne_codegen::library::is_path(name) {
        if let Some(rules) = carcassonne_runtime::ruleset(name) {
            return Ok(Loaded {
                rules,
                sources: None,
            });
        }
        return Err(LoadError::Unknown {
            name: name.to_string(),
            known: compiled_in(),
        });
    }
    let model = compile(Path::new(name))?;
    Ok(Loaded {
        rules: leak(&lower::ruleset(&model)),
        sources: Some(model.sources.iter().map(source_rec).collect()),
    })
}

fn compiled_in() -> String {
    let known: Vec<&str> = carcassonne_runtime::rulesets()
        .iter()
        .map(|r| r.id)
        .collect();
    known.join(", ")
}

/// Compile a ruleset file into the model (for `codegen` and `ruleset`).
pub fn compile(path: &Path) -> Result<carcassonne_codegen::Ruleset, LoadError> {
    carcassonne_codegen::ruleset::load_with(path, &lookup())
        .map_err(|d| LoadError::Compile(carcassonne_codegen::Diagnostics::sorted(d)))
}

/// The model of a ruleset for `codegen`: a file, or an id found in
/// `./rulesets`, then among the rulesets built into the program.
pub fn source_of(name: &str) -> Result<carcassonne_codegen::Ruleset, String> {
    let local = Path::new("rulesets").join(format!("{name}.toml"));
    if carcassonne_codegen::library::is_path(name) || local.is_file() {
        let path = if local.is_file() {
            &local
        } else {
            Path::new(name)
        };
        return compile(path).map_err(|e| e.to_string());
    }
    let Some((_, text)) = carcassonne_runtime::builtin::RULESETS
        .iter()
        .find(|(id, _)| *id == name)
    else {
        return Err(format!(
            "no ruleset `{name}`: not a file, not in ./rulesets, not built in (built in: {})",
            compiled_in()
        ));
    };
    let src =
        carcassonne_codegen::diag::Source::new(format!("<built-in>/rulesets/{name}.toml"), *text);
    carcassonne_codegen::ruleset::load_source(&src, &lookup())
        .map_err(|d| carcassonne_codegen::Diagnostics::sorted(d).to_string())
}

/// A compiler's copy of a source file as a record carries it, and back.
pub fn source_rec(c: &SourceCopy) -> SourceRec {
    SourceRec {
        set: c.name.clone(),
        path: c.path.clone(),
        text: c.text.clone(),
    }
}

pub fn source_copy(s: &SourceRec) -> SourceCopy {
    SourceCopy {
        name: s.set.clone(),
        path: s.path.clone(),
        text: s.text.clone(),
    }
}

/// The ruleset to replay `rec` (read from `file`) with: `flag` (`--ruleset`)
/// when given, else the copies the record carries, else the compiled-in
/// ruleset of its id. Messages say which flag and file would help.
pub fn for_record(
    rec: &Record,
    file: &Path,
    flag: Option<&str>,
) -> Result<&'static Ruleset, String> {
    if let Some(flag) = flag {
        let loaded = named(flag).map_err(|e| e.to_string())?;
        if let (Some(now), Some(then)) = (&loaded.sources, &rec.sources) {
            if now != then {
                eprintln!(
                    "note: {flag} or its tile sets differ from the copies in {} (recorded from {}); replaying with {flag}",
                    file.display(),
                    then.first().map_or("?", |s| s.path.as_str())
                );
            }
        }
        return Ok(loaded.rules);
    }
    if let Some(sources) = &rec.sources {
        let copies: Vec<SourceCopy> = sources.iter().map(source_copy).collect();
        let model = carcassonne_codegen::ruleset::load_copies(&copies).map_err(|d| {
            format!(
                "{}: error: the copy of ruleset `{}` in this record does not compile (give a ruleset with `--ruleset PATH`):\n{}",
                file.display(),
                rec.ruleset,
                carcassonne_codegen::Diagnostics::sorted(d)
            )
        })?;
        if model.id != rec.ruleset {
            return Err(format!(
                "{}: error: the record is for ruleset `{}`, but the copy it carries is ruleset `{}`",
                file.display(),
                rec.ruleset,
                model.id
            ));
        }
        return Ok(leak(&lower::ruleset(&model)));
    }
    carcassonne_runtime::ruleset(&rec.ruleset).ok_or_else(|| {
        format!(
            "{}: error: unknown ruleset `{}`: the record names it, it is not compiled in, and the record carries no copy of its files; give the ruleset file with `--ruleset PATH` (compiled-in rulesets: {})",
            file.display(),
            rec.ruleset,
            compiled_in()
        )
    })
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
            rot_ports: t.rot_ports,
            closes: t.closes,
            kinds: t.kinds,
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
                        sides: g.sides,
                        borders: g.borders,
                        pennants: g.pennants,
                        flags: g.flags,
                        attrs: attrs(&g.attrs),
                        links: g.links,
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
            values: rs.options,
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
        with_river: slice(rs.with_river.clone()),
        total: rs.total,
        mechs: rs.mechs,
        hooks: Hooks::of(rs.mechs),
    }))
}
