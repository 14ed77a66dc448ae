//! Telling a tile-set file from a ruleset file by its top-level tables,
//! before either is read: `validate` picks the reader with it, and the set
//! library refuses a ruleset file found where a set was looked for.

use crate::diag::Source;

/// What kind of file a TOML document is, by its top-level table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    TileSet,
    Ruleset,
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
