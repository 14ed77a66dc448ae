//! Diagnostics that point into the user's files: `path:line:col: error: message`,
//! followed by the source line and a caret, the way compilers report. A
//! warning reads the same with `warning:`; it is printed but makes nothing
//! fail.
//!
//! Hostile input stays cheap to report: files are read up to `MAX_FILE_BYTES`
//! (and only regular files), positions are found through a line index (so
//! many errors in a big file cost no more than one pass), a long line is shown
//! as a window around the caret, and long quoted text in a message is clipped.

use std::fmt;
use std::io::Read;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The largest input file read, in bytes. The shipped files are under 5 KB;
/// parsing TOML can take a few hundred bytes of memory per byte (one error
/// per stray `}`, a table per `{a=`), so this also bounds the memory a file
/// can cost.
pub const MAX_FILE_BYTES: u64 = 256 << 10;

/// A source line longer than this (in characters) is shown as a window of
/// about this many characters around the caret.
const MAX_SHOWN_LINE: usize = 160;

/// Quoted text (between backticks) in a message longer than this many
/// characters is clipped.
const MAX_QUOTED: usize = 80;

/// A file as read from disk, kept so that byte offsets can be turned into
/// line and column numbers when an error is reported.
#[derive(Debug, Clone)]
pub struct Source {
    pub path: PathBuf,
    pub text: String,
    /// Byte offset of the start of every line, built on the first lookup.
    lines: OnceLock<Vec<usize>>,
}

impl Source {
    pub fn new(path: impl Into<PathBuf>, text: impl Into<String>) -> Self {
        Source {
            path: path.into(),
            text: text.into(),
            lines: OnceLock::new(),
        }
    }

    /// Read a file; a missing, unreadable, non-regular (a folder, a device, a
    /// pipe), too large or non-UTF-8 file becomes a diagnostic.
    pub fn read(path: &Path) -> Result<Source, Diagnostic> {
        let cannot = |e: std::io::Error| Diagnostic::file(path, format!("cannot read file: {e}"));
        let meta = std::fs::metadata(path).map_err(cannot)?;
        if !meta.is_file() {
            let what = if meta.is_dir() {
                "a folder"
            } else {
                "a device, pipe or socket"
            };
            return Err(Diagnostic::file(
                path,
                format!("cannot read file: not a regular file ({what})"),
            ));
        }
        if meta.len() > MAX_FILE_BYTES {
            return Err(too_large(path, meta.len()));
        }
        // The file may grow between the check and the read: read one byte
        // past the limit at most.
        let mut bytes = Vec::with_capacity(meta.len() as usize);
        std::fs::File::open(path)
            .and_then(|f| f.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes))
            .map_err(cannot)?;
        if bytes.len() as u64 > MAX_FILE_BYTES {
            return Err(too_large(path, bytes.len() as u64));
        }
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
        let starts = self.line_starts();
        // The last line starting at or before `offset`.
        let line = starts.partition_point(|&s| s <= offset);
        let col = self.text[starts[line - 1]..offset].chars().count() + 1;
        (line, col)
    }

    fn line_starts(&self) -> &[usize] {
        self.lines.get_or_init(|| {
            std::iter::once(0)
                .chain(self.text.match_indices('\n').map(|(i, _)| i + 1))
                .collect()
        })
    }

    /// Line `line` (1-based) without its line break.
    fn line_text(&self, line: usize) -> &str {
        let starts = self.line_starts();
        let Some(&start) = starts.get(line - 1) else {
            return "";
        };
        let end = starts.get(line).map_or(self.text.len(), |&e| e - 1);
        self.text[start..end].trim_end_matches('\r')
    }

    /// An error at a byte range of this file.
    pub fn error(&self, span: Range<usize>, message: impl Into<String>) -> Diagnostic {
        let (line, col) = self.line_col(span.start);
        let text = self.line_text(line);
        let len = text.chars().count();
        // The caret run stays on the first line of the span.
        let end_col = if span.end > span.start {
            let (end_line, end_col) = self.line_col(span.end);
            if end_line == line {
                end_col.max(col + 1)
            } else {
                len + 1
            }
        } else {
            col + 1
        };
        let width = (end_col - col).max(1);
        let (shown, text_col, width) = window(text, len, col, width);
        Diagnostic {
            severity: Severity::Error,
            path: self.path.clone(),
            location: Some(Location {
                line,
                col,
                width,
                text: shown,
                text_col,
            }),
            message: clip_quotes(&message.into()),
        }
    }
}

fn too_large(path: &Path, len: u64) -> Diagnostic {
    Diagnostic::file(
        path,
        format!(
            "file is too large ({len} bytes; input files may have at most {MAX_FILE_BYTES} bytes)"
        ),
    )
}

/// A line of `len` characters as shown under a diagnostic: the whole line, or
/// for a long line a window around the caret with `…` where it is cut.
/// Returns the text, the caret's column in it and the caret's width.
fn window(text: &str, len: usize, col: usize, width: usize) -> (String, usize, usize) {
    if len <= MAX_SHOWN_LINE {
        return (text.to_string(), col, width);
    }
    let half = MAX_SHOWN_LINE / 2;
    // 1-based first shown character; a caret past the line's end (among
    // the carriage returns `line_text` trims) shows the line's end.
    let from = col.saturating_sub(half).max(1).min(len + 1);
    let to = (from + MAX_SHOWN_LINE).min(len + 1); // one past the last
    let mut shown = String::new();
    if from > 1 {
        shown.push('…');
    }
    shown.extend(text.chars().skip(from - 1).take(to - from));
    if to <= len {
        shown.push('…');
    }
    let text_col = col - from + 1 + usize::from(from > 1);
    let width = width.min(to.saturating_sub(col).max(1));
    (shown, text_col, width)
}

/// A message longer than this (in characters, after quotes are clipped) is
/// cut: a path built from a long name is not quoted.
const MAX_MESSAGE: usize = 1_000;

/// Shorten every backtick-quoted piece of `message` longer than `MAX_QUOTED`
/// characters (a 1 MB tile id is named by its start), and the message itself
/// if it is still longer than `MAX_MESSAGE`.
fn clip_quotes(message: &str) -> String {
    if message.len() <= MAX_QUOTED {
        return message.to_string();
    }
    let mut out = String::with_capacity(message.len().min(1024));
    for (i, part) in message.split('`').enumerate() {
        if i > 0 {
            out.push('`');
        }
        let n = part.chars().count();
        if i % 2 == 1 && n > MAX_QUOTED {
            out.extend(part.chars().take(MAX_QUOTED - 20));
            out.push_str(&format!("… ({n} characters)"));
        } else {
            out.push_str(part);
        }
    }
    let n = out.chars().count();
    if n > MAX_MESSAGE {
        let mut cut: String = out.chars().take(MAX_MESSAGE - 40).collect();
        cut.push_str(&format!("… ({n} characters)"));
        return cut;
    }
    out
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
    /// 1-based column in characters, in the file's line.
    pub col: usize,
    pub width: usize,
    /// The line as shown: the whole line, or a window of a long one.
    pub text: String,
    /// The caret's column in `text` (equal to `col` unless the line is long).
    pub text_col: usize,
}

/// Whether a diagnostic fails validation (and the build) or only informs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    Error,
    /// Printed, but validation still succeeds and the build goes on.
    Warning,
}

/// One error or warning in one file. Sorting diagnostics orders them by file
/// and position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    pub path: PathBuf,
    pub location: Option<Location>,
    pub message: String,
}

impl Diagnostic {
    /// An error about a whole file (it cannot be read, it is missing, ...).
    pub fn file(path: &Path, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            path: path.to_path_buf(),
            location: None,
            message: clip_quotes(&message.into()),
        }
    }

    /// The same diagnostic as a warning.
    pub fn into_warning(self) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            ..self
        }
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
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
            .then_with(|| self.severity.cmp(&other.severity))
            .then_with(|| self.message.cmp(&other.message))
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = self.path.display();
        let what = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        match &self.location {
            None => write!(f, "{path}: {what}: {}", self.message),
            Some(loc) => {
                writeln!(
                    f,
                    "{path}:{}:{}: {what}: {}",
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
                    .take(loc.text_col - 1)
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
    fn a_caret_among_trimmed_carriage_returns_of_a_long_line() {
        let text = format!("{}{}\nx = 1\n", "a".repeat(200), "\r".repeat(300));
        let src = Source::new("a.toml", text);
        let d = src.error(450..451, "here");
        let loc = d.location.as_ref().unwrap();
        assert_eq!((loc.line, loc.col), (1, 451));
        assert!(loc.text.chars().count() <= MAX_SHOWN_LINE + 2);
    }

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
    fn a_warning_says_so() {
        let src = Source::new("a.toml", "sets = [\"x\"]\n");
        let d = src
            .error(8..11, "tile `A` is the same as tile `B`")
            .into_warning();
        assert!(!d.is_error());
        assert_eq!(
            d.to_string(),
            "a.toml:1:9: warning: tile `A` is the same as tile `B`\n  |\n1 | sets = [\"x\"]\n  |         ^^^"
        );
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        let src = Source::new("a.toml", "é = x");
        assert_eq!(src.line_col(4), (1, 4));
    }
}
