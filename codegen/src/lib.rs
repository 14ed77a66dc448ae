//! The Carcassonne tile-set and ruleset compiler.
//!
//! Pipeline: read TOML (`toml_read`) → parse each tile's shape DSL (`shape`,
//! grammar in `shape.pest`) → give it meaning and check it (`tile`, `tileset`,
//! `ruleset`) → lower to engine numbers (`lower`) → emit Rust (`emit`).
//!
//! Rules and tile counts cite the rule document they come from by file and
//! line (`000_9deb58b1a7d17d38.txt L460`, short `000_… L460`); the book's
//! sources page (`docs/sources.md`) says what each document is.
//! Every error names the file, line and column; nothing here panics on input.

pub mod attrs;
mod canon;
mod cross_set;
pub mod diag;
pub mod emit;
pub mod file_kind;
pub mod library;
pub mod links;
pub mod lower;
pub mod model;
pub mod river;
pub mod ruleset;
pub mod shape;
mod suggest;
pub mod tile;
pub mod tileset;
mod toml_read;
mod unclosed;
pub mod validate;

use std::path::{Path, PathBuf};

pub use carcassonne_vocab::ports;
pub use diag::{Diagnostic, Diagnostics};
pub use library::Lookup;
pub use model::{Ruleset, SourceCopy, TileSet};

/// Compile every ruleset file in `dir` (sorted by id). All errors of all files
/// are returned together.
pub fn compile_dir(dir: &Path) -> Result<Vec<Ruleset>, Diagnostics> {
    let mut errors = Vec::new();
    let files = validate::toml_files(dir, &mut errors);
    let mut out = Vec::new();
    for f in files {
        match ruleset::load(&f) {
            Ok(rs) => out.push(rs),
            Err(d) => errors.extend(d),
        }
    }
    for j in 0..out.len() {
        if let Some(i) = (0..j).find(|&i| out[i].id == out[j].id) {
            errors.push(Diagnostic::file(
                &out[j].inputs[0],
                format!(
                    "ruleset id `{}` is also used by {}",
                    out[j].id,
                    out[i].inputs[0].display()
                ),
            ));
        }
    }
    if !errors.is_empty() {
        return Err(Diagnostics::sorted(errors));
    }
    out.sort_by(|a, b| a.id.cmp(&b.id));
    Ok(out)
}

/// Every input file of the given rulesets (for `rerun-if-changed`).
pub fn inputs(rulesets: &[Ruleset]) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = rulesets.iter().flat_map(|r| r.inputs.clone()).collect();
    v.sort();
    v.dedup();
    v
}
