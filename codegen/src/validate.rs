//! `validate PATH...`: every tile set and ruleset under the given paths,
//! with a one-line summary for each good file and every error of the bad ones.

use std::path::{Path, PathBuf};

use crate::diag::{Diagnostic, Source};
use crate::{ruleset, tileset};

/// What kind of file a TOML document is, by its top-level table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    TileSet,
    Ruleset,
}

#[derive(Debug, Default)]
pub struct Report {
    /// `ok PATH: ...` lines, one per valid file.
    pub ok: Vec<String>,
    pub errors: Vec<Diagnostic>,
}

/// Deep folders are walked no further than this (and links to folders are
/// not followed), so a link loop cannot hang validation.
const MAX_DEPTH: usize = 16;

/// The `.toml` files under `path` (or `path` itself), sorted.
pub fn toml_files(path: &Path, errors: &mut Vec<Diagnostic>) -> Vec<PathBuf> {
    let mut out = Vec::new();
    if path.is_dir() {
        walk(path, 0, &mut out, errors);
        out.sort();
    } else if path.exists() {
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
        } else if path.extension().is_some_and(|e| e == "toml") && path.is_file() {
            out.push(path);
        }
    }
}

/// Sniff whether a file is a tile set or a ruleset.
pub fn file_kind(src: &Source) -> Option<FileKind> {
    let doc = toml::de::DeTable::parse(&src.text).ok()?;
    let has = |k: &str| doc.get_ref().keys().any(|key| key.get_ref() == k);
    if has("set") || has("tile") {
        Some(FileKind::TileSet)
    } else if has("ruleset") {
        Some(FileKind::Ruleset)
    } else {
        None
    }
}

pub fn validate(paths: &[PathBuf]) -> Report {
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
                Ok(set) => {
                    let types = set.tiles.len();
                    let total: u32 = set.tiles.iter().map(|t| t.count).sum();
                    let starts: u32 = set.tiles.iter().map(|t| t.start).sum();
                    let per_edition = if set.editions.len() > 1 {
                        format!(", editions {:?}", set.editions)
                    } else {
                        String::new()
                    };
                    report.ok.push(format!(
                        "ok {}: set {}, {types} tile types, {total} tiles, {starts} start{per_edition}",
                        file.display(),
                        set.id
                    ));
                }
                Err(d) => report.errors.extend(d),
            },
            Some(FileKind::Ruleset) => match ruleset::load(&file) {
                Ok(rs) => {
                    let start = &rs.tiles[rs.start[0].tile].id;
                    report.ok.push(format!(
                        "ok {}: ruleset {}, sets {}, {} tile types, {} tiles, start {start}",
                        file.display(),
                        rs.id,
                        rs.sets.join("+"),
                        rs.tiles.len(),
                        rs.total()
                    ));
                }
                Err(d) => report.errors.extend(d),
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
    report
}
