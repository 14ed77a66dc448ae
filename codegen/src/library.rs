//! Where a ruleset's tile sets are found.
//!
//! A `sets` entry is an id or a path. A path (it has a `/` or ends in
//! `.toml`) is relative to the ruleset file. An id is looked up in the
//! ruleset's own tiles folder (`tiles`, default `../tiles`), then among the
//! built-in sets the program carries, so a tile-set author's folder needs
//! only their own sets. A game record carries copies of every file its
//! ruleset was compiled from; replaying it looks sets up in those copies only.

use std::path::{Path, PathBuf};

use crate::diag::{Diagnostic, Source};
use crate::file_kind::{file_kind, FileKind};
use crate::model::SourceCopy;

/// How a ruleset's sets are looked up.
#[derive(Clone, Copy, Debug)]
pub enum Lookup<'a> {
    /// Files on disk, then `builtin`: (id, text) of the sets compiled into
    /// the program.
    Disk { builtin: &'a [(&'a str, &'a str)] },
    /// Only these copies, by the name the ruleset gives each set.
    Copies(&'a [SourceCopy]),
}

impl Lookup<'_> {
    /// Disk only: the repository's own rulesets (the build) need nothing else.
    pub const DISK: Lookup<'static> = Lookup::Disk { builtin: &[] };
}

/// How messages name a built-in set: not a file the user has.
pub fn builtin_path(id: &str) -> PathBuf {
    PathBuf::from(format!("<built-in>/tiles/{id}.toml"))
}

/// A `sets` entry written as a path rather than an id.
pub fn is_path(name: &str) -> bool {
    name.contains('/') || name.contains('\\') || name.ends_with(".toml")
}

/// A set found: its text, and the file it was read from (none when built in
/// or copied from a record).
pub struct Found {
    pub src: Source,
    pub file: Option<PathBuf>,
}

/// The search order, for messages.
pub const SEARCH_ORDER: &str = "a set is found by id in the ruleset's tiles folder (`tiles`, default `../tiles`), then among the built-in sets, or by a path relative to the ruleset file";

/// Find set `name` for the ruleset at `ruleset`, whose tiles folder is `dir`
/// (when it exists). `Err` is the reason, for a diagnostic at the entry;
/// a set file that cannot be read adds its own diagnostic to `set_diags`.
pub fn find(
    lookup: &Lookup,
    ruleset: &Path,
    dir: Option<&Path>,
    name: &str,
    set_diags: &mut Vec<Diagnostic>,
) -> Result<Found, String> {
    let builtin = match lookup {
        Lookup::Copies(copies) => {
            return match copies.iter().find(|c| c.name == name) {
                Some(c) => Ok(Found {
                    src: Source::new(&c.path, c.text.as_str()),
                    file: None,
                }),
                None => Err(format!(
                    "the record holds no copy of tile set `{name}` (its sources list {})",
                    list(copies.iter().map(|c| c.name.as_str()))
                )),
            };
        }
        Lookup::Disk { builtin } => *builtin,
    };
    if is_path(name) {
        let base = ruleset.parent().unwrap_or(Path::new("."));
        let path = tidy(&base.join(name));
        return on_disk(ruleset, name, &path, set_diags)?.ok_or_else(|| {
            format!(
                "tile set `{name}`: there is no {} (a path is relative to the ruleset file)",
                path.display()
            )
        });
    }
    if let Some(dir) = dir {
        let path = dir.join(format!("{name}.toml"));
        if let Some(found) = on_disk(ruleset, name, &path, set_diags)? {
            return Ok(found);
        }
    }
    if let Some((id, text)) = builtin.iter().find(|(id, _)| *id == name) {
        return Ok(Found {
            src: Source::new(builtin_path(id), *text),
            file: None,
        });
    }
    let folder = dir.map_or(
        "the ruleset's tiles folder does not exist".to_string(),
        |d| format!("there is no {}", d.join(format!("{name}.toml")).display()),
    );
    Err(format!(
        "unknown tile set `{name}`: {folder} and no built-in set `{name}` ({SEARCH_ORDER})"
    ))
}

fn list<'a>(names: impl Iterator<Item = &'a str>) -> String {
    let v: Vec<&str> = names.collect();
    if v.is_empty() {
        "none".to_string()
    } else {
        v.join(", ")
    }
}

/// The set file at `path`: `Ok(None)` when there is none, `Err` when it
/// cannot be a set (not a regular file, the ruleset itself, another
/// ruleset, unreadable: its own diagnostic goes to `set_diags`).
fn on_disk(
    ruleset: &Path,
    name: &str,
    path: &Path,
    set_diags: &mut Vec<Diagnostic>,
) -> Result<Option<Found>, String> {
    let fail = |why: String| Err(format!("tile set `{name}`: {why}"));
    match std::fs::metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return fail(format!("cannot read {}: {e}", path.display())),
        Ok(m) if !m.is_file() => {
            return fail(format!("{} is not a regular file", path.display()));
        }
        Ok(_) => {}
    }
    let same = |a: &Path, b: &Path| match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    };
    if same(ruleset, path) {
        return fail(format!(
            "{} is this ruleset file itself, not a tile set (check `tiles`)",
            path.display()
        ));
    }
    let src = match Source::read(path) {
        Ok(src) => src,
        Err(d) => {
            set_diags.push(d);
            return Err(format!(
                "tile set `{name}` has errors (1 in {})",
                path.display()
            ));
        }
    };
    if file_kind(&src) == Some(FileKind::Ruleset) {
        return fail(format!(
            "{} is a ruleset file, not a tile set (check `tiles`)",
            path.display()
        ));
    }
    Ok(Some(Found {
        src,
        file: Some(path.to_path_buf()),
    }))
}

/// `rulesets/../tiles` as `tiles`, for messages, when both name the same
/// folder (through a symbolic link they may not: then the path stays).
pub(crate) fn tidy(path: &Path) -> PathBuf {
    use std::path::Component;
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::ParentDir
                if matches!(out.components().next_back(), Some(Component::Normal(_))) =>
            {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    if out.as_os_str().is_empty() {
        out.push(".");
    }
    match (out.canonicalize(), path.canonicalize()) {
        (Ok(a), Ok(b)) if a == b => out,
        _ => path.to_path_buf(),
    }
}

#[cfg(test)]
mod tests {
    use super::tidy;
    use std::path::{Path, PathBuf};

    #[test]
    fn a_tiles_path_is_tidied_only_when_it_names_the_same_folder() {
        let root = std::env::temp_dir().join(format!("carcassonne-tidy-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(root.join("rulesets")).unwrap();
        std::fs::create_dir_all(root.join("tiles")).unwrap();
        std::fs::create_dir_all(root.join("elsewhere/rs")).unwrap();
        std::fs::create_dir_all(root.join("elsewhere/tiles")).unwrap();
        assert_eq!(
            tidy(&root.join("rulesets/../tiles")),
            root.join("tiles"),
            "a plain folder"
        );
        assert_eq!(
            tidy(Path::new("./missing/../x")),
            PathBuf::from("./missing/../x")
        );
        #[cfg(unix)]
        {
            // `linked/..` is `elsewhere`, not `root`: the path stays as written.
            std::os::unix::fs::symlink(root.join("elsewhere/rs"), root.join("linked")).unwrap();
            let through = root.join("linked/../tiles");
            assert_eq!(tidy(&through), through);
        }
        std::fs::remove_dir_all(&root).ok();
    }
}
