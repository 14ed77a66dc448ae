//! `validate PATH...`: every tile set and ruleset under the given paths,
//! with a one-line summary for each good file and every error of the bad ones.

use std::path::{Path, PathBuf};

use crate::diag::{Diagnostic, Source};
use crate::file_kind::{file_kind, FileKind};
use crate::library::Lookup;
use crate::model::{Ruleset, TileSet};
use crate::{river, ruleset, tileset};

/// Errors reported per file at most (a note says when more were left out).
pub use crate::toml_read::MAX_ERRORS as MAX_ERRORS_PER_FILE;

#[derive(Debug, Default)]
pub struct Report {
    /// `ok PATH: ...` lines, one per valid file.
    pub ok: Vec<String>,
    pub errors: Vec<Diagnostic>,
    /// Printed with the errors; they do not make a file invalid.
    pub warnings: Vec<Diagnostic>,
}

impl Report {
    /// Errors and warnings together, in file order (as printed).
    pub fn diagnostics(&self) -> Vec<&Diagnostic> {
        let mut all: Vec<&Diagnostic> = self.errors.iter().chain(&self.warnings).collect();
        all.sort();
        all
    }

    /// The closing line under the diagnostics: `2 errors`, `1 warning`,
    /// `1 error, 3 warnings`; empty when there are none.
    pub fn tally(&self) -> String {
        let count = |n: usize, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
        match (self.errors.len(), self.warnings.len()) {
            (0, 0) => String::new(),
            (e, 0) => count(e, "error"),
            (0, w) => count(w, "warning"),
            (e, w) => format!("{}, {}", count(e, "error"), count(w, "warning")),
        }
    }
}

/// Deep folders are walked no further than this (and links to folders are
/// not followed), so a link loop cannot hang validation.
const MAX_DEPTH: usize = 16;

/// The `.toml` files under `path` (or `path` itself), sorted. A `.toml` entry
/// that cannot be read (a link loop, a dangling link, a pipe) is kept, so
/// that reading it reports why.
pub fn toml_files(path: &Path, errors: &mut Vec<Diagnostic>) -> Vec<PathBuf> {
    let mut out = Vec::new();
    if path.is_dir() {
        walk(path, 0, &mut out, errors);
        out.sort();
    } else if path.symlink_metadata().is_ok() {
        out.push(path.to_path_buf());
    } else {
        errors.push(Diagnostic::file(path, "no such file or folder"));
    }
    out
}

fn walk(dir: &Path, depth: usize, out: &mut Vec<PathBuf>, errors: &mut Vec<Diagnostic>) {
    if depth > MAX_DEPTH {
        errors.push(Diagnostic::file(
            dir,
            format!("folders nested deeper than {MAX_DEPTH} are not read"),
        ));
        return;
    }
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) => {
            errors.push(Diagnostic::file(dir, format!("cannot read folder: {e}")));
            return;
        }
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let Ok(meta) = std::fs::symlink_metadata(&path) else {
            continue;
        };
        if meta.is_dir() {
            walk(&path, depth + 1, out, errors);
        } else if path.extension().is_some_and(|e| e == "toml") && !path.is_dir() {
            out.push(path);
        }
    }
}

/// Validate files and folders, rulesets finding their sets on disk only.
pub fn validate(paths: &[PathBuf]) -> Report {
    validate_with(paths, &Lookup::DISK)
}

/// Validate files and folders, rulesets finding their sets as `lookup` says.
pub fn validate_with(paths: &[PathBuf], lookup: &Lookup) -> Report {
    let mut report = Report::default();
    let mut files = Vec::new();
    for p in paths {
        files.extend(toml_files(p, &mut report.errors));
    }
    for file in files {
        let src = match Source::read(&file) {
            Ok(s) => s,
            Err(d) => {
                report.errors.push(d);
                continue;
            }
        };
        match file_kind(&src) {
            Some(FileKind::TileSet) => match tileset::load_source(&src) {
                Ok(set) => report
                    .ok
                    .push(format!("ok {}: {}", file.display(), set_summary(&set))),
                Err(d) => report.errors.extend(d),
            },
            Some(FileKind::Ruleset) => match ruleset::load_with(&file, lookup) {
                Ok(rs) => {
                    report
                        .ok
                        .push(format!("ok {}: {}", file.display(), ruleset_summary(&rs)));
                    report.warnings.extend(rs.warnings);
                }
                Err(d) => {
                    let (errors, warnings): (Vec<_>, Vec<_>) =
                        d.into_iter().partition(Diagnostic::is_error);
                    report.errors.extend(errors);
                    report.warnings.extend(warnings);
                }
            },
            None => {
                // Either a syntax error (reported with its position) or neither kind.
                let mut r = crate::toml_read::Reader::new(&src);
                if r.parse().is_some() {
                    report.errors.push(Diagnostic::file(
                        &file,
                        "neither a tile set (`[set]`, `[[tile]]`) nor a ruleset (`[ruleset]`)",
                    ));
                } else {
                    report.errors.extend(r.diags);
                }
            }
        }
    }
    report.errors.sort();
    report.errors.dedup();
    report.warnings.sort();
    report.warnings.dedup();
    report
}

/// `set base, 24 tile types, 72 tiles, 1 start; edition 2: ...`.
pub fn set_summary(set: &TileSet) -> String {
    let per_edition: Vec<String> = set
        .editions
        .iter()
        .map(|&e| {
            let in_block = |i: usize| {
                set.start_block
                    .as_ref()
                    .is_some_and(|b| b.cells.iter().any(|c| c.tile == i))
            };
            let tiles: Vec<_> = set.tiles.iter().filter(|t| t.count_in(e) > 0).collect();
            let total: u32 = tiles.iter().map(|t| t.count_in(e)).sum();
            let starts: u32 = set
                .tiles
                .iter()
                .enumerate()
                .filter(|(i, t)| t.count_in(e) > 0 && !in_block(*i))
                .map(|(_, t)| t.start)
                .sum();
            let per_player: u32 = tiles
                .iter()
                .filter(|t| t.per_player)
                .map(|t| t.count_in(e))
                .sum();
            let mut line = format!("{} tile types, {total} tiles, {starts} start", tiles.len());
            if let Some(b) = &set.start_block {
                line.push_str(&format!(", start block of {} ({})", b.cells.len(), b.name));
            }
            if per_player > 0 {
                line.push_str(&format!(", {per_player} held one per player"));
            }
            line
        })
        .collect();
    let mut out = format!("set {}, {}", set.id, per_edition[0]);
    for (e, line) in set.editions.iter().zip(&per_edition).skip(1) {
        out.push_str(&format!("; edition {e}: {line}"));
    }
    out
}

/// The ruleset's `ok` line, then what validation found out about the mix:
/// tiles left out, tiles placeable nowhere, and the river.
pub fn ruleset_summary(rs: &Ruleset) -> String {
    let start = if rs.start.len() > 1 {
        format!("start: {} ({} tiles)", rs.start_name, rs.start.len())
    } else {
        format!("start {}", rs.tiles[rs.start[0].tile].id)
    };
    let mut out = format!(
        "ruleset {}, sets {}, {} tile types, {} tiles, {start}",
        rs.id,
        rs.sets.join("+"),
        rs.tiles.len(),
        rs.total()
    );
    let left: Vec<String> = rs
        .tiles
        .iter()
        .filter(|t| t.left_out > 0)
        .map(|t| format!("{} x{} ({})", t.id, t.left_out, t.left_out_reason))
        .collect();
    if !left.is_empty() {
        out.push_str(&format!("\n  left out: {}", left.join("; ")));
    }
    // Tiles the mix cannot place are errors (see `ruleset`); a valid
    // ruleset has none.
    out.push_str("\n  placeable nowhere: none");
    if let Some(r) = river::check(rs) {
        out.push_str(&format!("\n  {}", r.describe()));
    }
    out
}
