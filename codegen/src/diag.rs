//! Diagnostics that point into the user's files: `path:line:col: error: message`,
//! followed by the source line and a caret, the way compilers report.

use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};

/// A file as read from disk, kept so that byte offsets can be turned into
/// line and column numbers when an error is reported.
#[derive(Debug, Clone)]
pub struct Source {
    pub path: PathBuf,
    pub text: String,
}

impl Source {
    pub fn new(path: impl Into<PathBuf>, text: impl Into<String>) -> Self {
        Source {
            path: path.into(),
            text: text.into(),
        }
    }

    /// Read a file; a missing, unreadable or non-UTF-8 file becomes a diagnostic.
    pub fn read(path: &Path) -> Result<Source, Diagnostic> {
        let bytes = std::fs::read(path)
            .map_err(|e| Diagnostic::file(path, format!("cannot read file: {e}")))?;
        match String::from_utf8(bytes) {
            Ok(text) => Ok(Source::new(path, text)),
            Err(e) => {
                let good = e.utf8_error().valid_up_to();
                let bytes = e.into_bytes();
                let prefix = String::from_utf8_lossy(&bytes[..good]).into_owned();
                let src = Source::new(path, prefix);
                Err(src.error(good..good, "file is not valid UTF-8"))
            }
        }
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = floor_char_boundary(&self.text, offset.min(self.text.len()));
        let before = &self.text[..offset];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let col = self.text[line_start..offset].chars().count() + 1;
        (line, col)
    }

    fn line_text(&self, line: usize) -> String {
        self.text
            .lines()
            .nth(line - 1)
            .unwrap_or("")
            .trim_end_matches('\r')
            .to_string()
    }

    /// An error at a byte range of this file.
    pub fn error(&self, span: Range<usize>, message: impl Into<String>) -> Diagnostic {
        let (line, col) = self.line_col(span.start);
        let text = self.line_text(line);
        // The caret run stays on the first line of the span.
        let end_col = if span.end > span.start {
            let (end_line, end_col) = self.line_col(span.end);
            if end_line == line {
                end_col.max(col + 1)
            } else {
                text.chars().count() + 1
            }
        } else {
            col + 1
        };
        Diagnostic {
            path: self.path.clone(),
            location: Some(Location {
                line,
                col,
                width: (end_col - col).max(1),
                text,
            }),
            message: message.into(),
        }
    }
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location {
    pub line: usize,
    pub col: usize,
    pub width: usize,
    pub text: String,
}

/// One error in one file. Sorting diagnostics orders them by file and position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub path: PathBuf,
    pub location: Option<Location>,
    pub message: String,
}

impl Diagnostic {
    /// An error about a whole file (it cannot be read, it is missing, ...).
    pub fn file(path: &Path, message: impl Into<String>) -> Self {
        Diagnostic {
            path: path.to_path_buf(),
            location: None,
            message: message.into(),
        }
    }

    fn sort_key(&self) -> (&Path, usize, usize) {
        let (l, c) = self.location.as_ref().map_or((0, 0), |l| (l.line, l.col));
        (&self.path, l, c)
    }
}

impl PartialOrd for Diagnostic {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Diagnostic {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.sort_key()
            .cmp(&other.sort_key())
            .then_with(|| self.message.cmp(&other.message))
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = self.path.display();
        match &self.location {
            None => write!(f, "{path}: error: {}", self.message),
            Some(loc) => {
                writeln!(
                    f,
                    "{path}:{}:{}: error: {}",
                    loc.line, loc.col, self.message
                )?;
                let gutter = loc.line.to_string();
                let pad = " ".repeat(gutter.len());
                writeln!(f, "{pad} |")?;
                writeln!(f, "{gutter} | {}", loc.text)?;
                // Tabs keep their width so the caret lines up under them.
                let lead: String = loc
                    .text
                    .chars()
                    .take(loc.col - 1)
                    .map(|c| if c == '\t' { '\t' } else { ' ' })
                    .collect();
                write!(f, "{pad} | {lead}{}", "^".repeat(loc.width))
            }
        }
    }
}

/// All diagnostics of one run, sorted for stable output.
#[derive(Debug, Clone, Default, thiserror::Error)]
#[error("{}", render(.0))]
pub struct Diagnostics(pub Vec<Diagnostic>);

fn render(list: &[Diagnostic]) -> String {
    list.iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join("\n")
}

impl Diagnostics {
    pub fn sorted(mut list: Vec<Diagnostic>) -> Self {
        list.sort();
        list.dedup();
        Diagnostics(list)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_location_and_caret() {
        let src = Source::new("a.toml", "x = 1\nshape = 'city Q'\n");
        let d = src.error(19..20, "unknown port `Q`");
        assert_eq!(
            d.to_string(),
            "a.toml:2:14: error: unknown port `Q`\n  |\n2 | shape = 'city Q'\n  |              ^"
        );
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        let src = Source::new("a.toml", "é = x");
        assert_eq!(src.line_col(4), (1, 4));
    }
}
