//! The string a TOML syntax error really comes from.
//!
//! A string left open is the commonest slip in a set file, and the TOML
//! parser reports it far from the cause: a shape whose closing `'''` is
//! missing runs on to the next tile's opening `'''`, and every line after
//! that is "key with no value" (26 errors, none at the slip). Only a lexer of
//! the file's strings sees where the open string began, so when a file has
//! syntax errors this one scans the strings and comments (nothing else: it
//! needs no grammar) and names the string, at its opening quotes. The parser's
//! errors that follow from it are dropped.

use std::ops::Range;

/// At most this many strings left open on their line are reported (a file
/// of stray quotes is not worth more; the reader caps errors anyway).
const MAX_FOUND: usize = 101;

/// What the strings of a broken file explain.
#[derive(Debug, Default)]
pub struct Explained {
    /// Strings left open: where they were opened and what went wrong.
    pub found: Vec<(Range<usize>, String)>,
    /// For each parser error given to `explain`, whether it still stands
    /// (`false`: it follows from a string in `found`).
    pub keep: Vec<bool>,
}

/// The strings left open in `text`, given the byte offsets of the parser's
/// errors (a string is only blamed where the parser also failed).
pub fn explain(text: &str, errors: &[usize]) -> Explained {
    let b = text.as_bytes();
    let lines = Lines::new(text);
    let mut found = Vec::new();
    // Lines holding a single-line string left open, as byte ranges from the
    // opening quote to the line's end: the parser's errors there are its.
    let mut open_lines: Vec<Range<usize>> = Vec::new();
    // Errors from here on follow from a multi-line string left open: the
    // rest of the file is read out of step (closing quotes taken for opening
    // ones), so nothing after it can be trusted.
    let mut cut = usize::MAX;
    // Sorted, so that asking about each string costs a binary search (a
    // file of 64 KB can have thousands of strings and of errors).
    let mut sorted = errors.to_vec();
    sorted.sort_unstable();
    let error_in = |r: Range<usize>| {
        let k = sorted.partition_point(|&e| e < r.start);
        sorted.get(k).is_some_and(|&e| e < r.end)
    };
    let mut i = 0;
    while i < b.len() && found.len() < MAX_FOUND {
        match b[i] {
            b'#' => i = lines.end(i),
            q @ (b'"' | b'\'') if b[i..].starts_with(&[q, q, q]) => {
                let open = i..i + 3;
                match close_multi(b, open.end, q) {
                    None => {
                        let message = format!(
                            "the `{0}` string opened here is never closed: it runs to the end of the file{1}; close it with `{0}`",
                            delim(q, true),
                            header_inside(&lines, open.end..b.len())
                                .map_or(String::new(), |h| format!(", past {h}"))
                        );
                        found.push((open.clone(), message));
                        cut = open.start;
                        break;
                    }
                    Some(close) if out_of_step(&lines, &sorted, close.clone()) => {
                        if let Some(m) = ran_on(&lines, q, open.clone(), close.clone()) {
                            found.push((open.clone(), m));
                            cut = open.start;
                            break;
                        }
                        i = close.end;
                    }
                    Some(close) => i = close.end,
                }
            }
            q @ (b'"' | b'\'') => match close_single(b, i + 1, q) {
                Ok(end) => i = end,
                Err(eol) => {
                    if error_in(i..eol + 1) {
                        let d = delim(q, false);
                        found.push((
                            i..i + 1,
                            format!(
                                "the `{d}` string opened here is not closed on its line (only a `{}` string may span lines)",
                                delim(q, true)
                            ),
                        ));
                        open_lines.push(i..eol + 1);
                    }
                    i = eol;
                }
            },
            _ => i += 1,
        }
    }
    let keep = errors
        .iter()
        .map(|&e| {
            // `open_lines` is sorted: the last range starting at or before `e`.
            let k = open_lines.partition_point(|r| r.start <= e);
            e < cut && (k == 0 || !open_lines[k - 1].contains(&e))
        })
        .collect();
    Explained { found, keep }
}

fn delim(q: u8, multi: bool) -> &'static str {
    match (q, multi) {
        (b'"', false) => "\"",
        (b'"', true) => "\"\"\"",
        (_, false) => "'",
        (_, true) => "'''",
    }
}

/// Where the lines of a text begin and end, found once: a file may be one
/// line of 256 KB holding thousands of strings, and each string asks.
struct Lines<'a> {
    text: &'a str,
    /// The offset of every line break.
    breaks: Vec<usize>,
}

impl<'a> Lines<'a> {
    fn new(text: &'a str) -> Self {
        let breaks = text
            .bytes()
            .enumerate()
            .filter(|&(_, c)| c == b'\n')
            .map(|(i, _)| i)
            .collect();
        Lines { text, breaks }
    }

    /// The offset of the line break ending the line at `i` (or the end).
    fn end(&self, i: usize) -> usize {
        let k = self.breaks.partition_point(|&n| n < i);
        self.breaks.get(k).copied().unwrap_or(self.text.len())
    }

    fn start(&self, i: usize) -> usize {
        let k = self.breaks.partition_point(|&n| n < i);
        if k == 0 {
            0
        } else {
            self.breaks[k - 1] + 1
        }
    }

    fn number(&self, i: usize) -> usize {
        self.breaks.partition_point(|&n| n < i) + 1
    }
}

/// Keys and table headers are short: of a long line only its first
/// `GLANCE` bytes (or, before a point, its last) are read, so that judging
/// thousands of strings on one line costs no more than reading it.
const GLANCE: usize = 256;

/// `text[from..to]` cut to at most `GLANCE` bytes from its start (`head`)
/// or from its end, on character boundaries.
fn glance(text: &str, from: usize, to: usize, head: bool) -> &str {
    let (mut a, mut b) = if head {
        (from, to.min(from + GLANCE))
    } else {
        (from.max(to.saturating_sub(GLANCE)), to)
    };
    while !text.is_char_boundary(a) {
        a += 1;
    }
    while !text.is_char_boundary(b) {
        b -= 1;
    }
    &text[a..b.max(a)]
}

/// The end of a one-line string whose body starts at `i`, or where its line
/// ends when it is not closed there.
fn close_single(b: &[u8], mut i: usize, q: u8) -> Result<usize, usize> {
    while i < b.len() {
        match b[i] {
            b'\n' => return Err(i),
            // An escape (basic strings only) hides the next character,
            // unless it is the line break.
            b'\\' if q == b'"' && b.get(i + 1).is_some_and(|&c| c != b'\n') => i += 2,
            c if c == q => return Ok(i + 1),
            _ => i += 1,
        }
    }
    Err(b.len())
}

/// The closing quotes of a multi-line string whose body starts at `i`. Up to
/// two quotes may stand before them in the body (`''''` is a quote, then the
/// end).
fn close_multi(b: &[u8], mut i: usize, q: u8) -> Option<Range<usize>> {
    while i < b.len() {
        if b[i] == b'\\' && q == b'"' {
            i += 2;
            continue;
        }
        if b[i] != q {
            i += 1;
            continue;
        }
        let run = b[i..].iter().take_while(|&&c| c == q).count();
        if run >= 3 {
            return Some(i + run - 3..i + run);
        }
        i += run;
    }
    None
}

/// Whether the text after `close` reads as no TOML: the first line after it
/// with more than blanks and comments (the rest of the closing line first) is
/// neither `key = …` nor a table header, and the parser failed on it. Read
/// out of step, that is the next shape's first line.
fn out_of_step(lines: &Lines, sorted: &[usize], close: Range<usize>) -> bool {
    let text = lines.text;
    let mut start = close.end;
    loop {
        let end = lines.end(start);
        let line = glance(text, start, end, true).trim();
        if line.is_empty() || line.starts_with('#') {
            if end >= text.len() {
                return false;
            }
            start = end + 1;
            continue;
        }
        let k = sorted.partition_point(|&e| e < start);
        let failed = sorted.get(k).is_some_and(|&e| e <= end);
        let assignment = line
            .split_once('=')
            .is_some_and(|(key, _)| is_key(key.trim()));
        return failed && !assignment && header(line).is_none();
    }
}

/// Whether a multi-line string that closes at `close` ran on past where it
/// should have ended: its body holds a table header (`[[tile]]`), or its
/// closing quotes follow `key =`, so they were meant to open another string.
/// Shape strings hold neither. The message, if so.
fn ran_on(lines: &Lines, q: u8, open: Range<usize>, close: Range<usize>) -> Option<String> {
    let text = lines.text;
    let header = header_inside(lines, open.end..close.start);
    let before = glance(text, lines.start(close.start), close.start, false).trim();
    let reopened = before
        .strip_suffix('=')
        .map(str::trim_end)
        .is_some_and(is_key)
        .then(|| format!("`{before} {}`", delim(q, true)));
    if header.is_none() && reopened.is_none() {
        return None;
    }
    let line = lines.number(close.start);
    let end = match reopened {
        Some(k) => format!("{k} on line {line}"),
        None => format!("the `{}` on line {line}", delim(q, true)),
    };
    let past = header.map_or(String::new(), |h| format!(" past {h}"));
    Some(format!(
        "the `{0}` string opened here is never closed: it runs on{past} to {end}; close it with `{0}`",
        delim(q, true)
    ))
}

/// The first line of `text[range]` that reads as a TOML table header,
/// described with its line number.
fn header_inside(lines: &Lines, range: Range<usize>) -> Option<String> {
    let mut at = range.start;
    for line in lines.text[range].split_inclusive('\n') {
        if let Some(h) = header(line) {
            return Some(format!("`{h}` on line {}", lines.number(at)));
        }
        at += line.len();
    }
    None
}

/// A line as a table header (`[set]`, `[[tile]]`), without its comment.
fn header(line: &str) -> Option<&str> {
    let content = line.split('#').next().unwrap_or("").trim();
    let inner = content
        .strip_prefix("[[")
        .and_then(|c| c.strip_suffix("]]"))
        .or_else(|| content.strip_prefix('[').and_then(|c| c.strip_suffix(']')));
    inner.filter(|k| is_key(k.trim())).map(|_| content)
}

/// A bare or dotted TOML key (`tile`, `set.name`).
fn is_key(s: &str) -> bool {
    !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | ' '))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn errors_of(text: &str) -> Vec<usize> {
        let (_, errors) = toml::de::DeTable::parse_recoverable(text);
        errors
            .iter()
            .map(|e| e.span().map_or(0, |s| s.start))
            .collect()
    }

    fn found(text: &str) -> Vec<(String, String)> {
        let e = explain(text, &errors_of(text));
        e.found
            .into_iter()
            .map(|(r, m)| (text[r].to_string(), m))
            .collect()
    }

    #[test]
    fn a_shape_running_into_the_next_tile() {
        let text = "[[tile]]\nid = 'A'\nshape = '''\ncity N\n\n[[tile]]\nid = 'B'\nshape = '''\ncity N E\n'''\n";
        let errors = errors_of(text);
        assert!(errors.len() > 1, "{errors:?}");
        let e = explain(text, &errors);
        assert_eq!(e.found.len(), 1);
        assert_eq!(&text[e.found[0].0.clone()], "'''");
        assert_eq!(e.found[0].0.start, 26, "the opening quotes of A's shape");
        assert_eq!(
            e.found[0].1,
            "the `'''` string opened here is never closed: it runs on past `[[tile]]` on line 6 to `shape = '''` on line 8; close it with `'''`"
        );
        assert!(
            e.keep.iter().all(|k| !k),
            "every parser error follows from it"
        );
    }

    #[test]
    fn a_string_running_to_the_end_of_the_file() {
        let text = "a = 1\nb = \"\"\"\nx\ny\n";
        assert_eq!(
            found(text),
            [(
                "\"\"\"".to_string(),
                "the `\"\"\"` string opened here is never closed: it runs to the end of the file; close it with `\"\"\"`".to_string()
            )]
        );
    }

    #[test]
    fn one_line_strings_are_reported_each() {
        let text = "a = \"x\nb = 'y\nc = 'z'\n";
        let f = found(text);
        assert_eq!(f.len(), 2, "{f:?}");
        assert_eq!(f[0].0, "\"");
        assert!(f[0].1.contains("not closed on its line"), "{}", f[0].1);
        assert_eq!(f[1].0, "'");
    }

    #[test]
    fn closed_strings_escapes_and_comments_are_no_trouble() {
        let text =
            "a = \"q\\\"#'\" # it's\nb = '''x''''\nc = \"\"\"\\\"\"\"\"\nd = ''\nbad = = 1\n";
        let errors = errors_of(text);
        let last = text.find("bad").expect("the broken line");
        assert!(
            !errors.is_empty() && errors.iter().all(|&e| e >= last),
            "only the last line is broken: {errors:?}"
        );
        let e = explain(text, &errors);
        assert!(e.found.is_empty(), "{:?}", e.found);
        assert!(e.keep.iter().all(|k| *k));
    }

    #[test]
    fn a_valid_multi_line_string_is_not_blamed_for_a_later_error() {
        let text = "s = '''\ncity N\n'''\nbad = = 1\n";
        let e = explain(text, &errors_of(text));
        assert!(e.found.is_empty(), "{:?}", e.found);
        assert!(e.keep.iter().all(|k| *k));
        // Even one holding a table header, when the file reads well after it.
        let text = "s = '''\n[[tile]]\n'''\nt = 1\n\nbad = = 1\n";
        let e = explain(text, &errors_of(text));
        assert!(e.found.is_empty(), "{:?}", e.found);
    }

    #[test]
    fn comments_after_the_wrong_close_do_not_hide_it() {
        let text = "[[tile]]\nshape = '''\ncity N\n[[tile]]\nshape = ''' # B\n\n# the shape\ncity N E\n'''\n";
        let f = found(text);
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(f[0].1.contains("past `[[tile]]` on line 4"), "{}", f[0].1);
    }
}
