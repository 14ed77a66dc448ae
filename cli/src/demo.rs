//! `demo` reads `tiles/` and `rulesets/` from a checkout of the repository:
//! the current folder, or the one `--dir` names. Run anywhere else it must
//! say where it looked and how to point it at the data, not just that a
//! folder is missing.

use std::path::{Path, PathBuf};

/// The folders `demo` validates, in the order it reads them.
const FOLDERS: [&str; 2] = ["tiles", "rulesets"];

/// `tiles/` and `rulesets/` inside `dir` (default: the current folder), or an
/// error naming every folder that is not there.
pub fn inputs(dir: Option<&Path>) -> Result<Vec<PathBuf>, String> {
    // Without --dir the paths stay relative, so the report reads
    // `ok tiles/base.toml` as it always has.
    let paths: Vec<PathBuf> = FOLDERS
        .iter()
        .map(|f| dir.map_or_else(|| PathBuf::from(f), |d| d.join(f)))
        .collect();
    let missing: Vec<&Path> = paths
        .iter()
        .filter(|p| !p.is_dir())
        .map(|p| p.as_path())
        .collect();
    if missing.is_empty() {
        return Ok(paths);
    }
    let names: Vec<String> = missing
        .iter()
        .filter_map(|p| p.file_name())
        .map(|n| format!("{}/", n.to_string_lossy()))
        .collect();
    let looked: Vec<String> = missing.iter().map(|p| shown(p)).collect();
    let hint = match dir {
        None => "demo reads them from the current folder: run it from the repository root, \
                 or give --dir PATH, the folder that holds tiles/ and rulesets/"
            .to_string(),
        Some(_) => {
            "--dir must name the folder that holds tiles/ and rulesets/ (the repository root)"
                .to_string()
        }
    };
    Err(format!(
        "demo: error: {} not found: looked for {}\n  {hint}",
        names.join(" and "),
        looked.join(" and ")
    ))
}

/// A path as the user can find it: absolute, without resolving links.
fn shown(path: &Path) -> String {
    std::path::absolute(path)
        .unwrap_or_else(|_| path.to_path_buf())
        .display()
        .to_string()
}
