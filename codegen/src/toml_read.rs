//! Reading TOML documents by hand over `toml`'s spanned tree, so that every
//! unknown key and every wrongly typed value of a file is reported (with its
//! position), not just the first one serde would stop at.

use std::ops::Range;

use toml::de::{DeTable, DeValue};
use toml::Spanned;

use crate::diag::{Diagnostic, Source};
use crate::suggest::did_you_mean;

pub type Value<'i> = Spanned<DeValue<'i>>;

/// At most this many errors are reported per file; a note at the next one
/// says the rest are left out (a file with 10^5 broken tiles is not worth
/// 10^5 messages).
pub const MAX_ERRORS: usize = 100;

/// Files up to this size have every TOML syntax error reported; larger ones
/// the first.
const RECOVER_BYTES: usize = 64 << 10;

/// Collects the diagnostics of one file while it is read.
pub struct Reader<'s> {
    pub src: &'s Source,
    pub diags: Vec<Diagnostic>,
    /// Warnings, kept apart: they fail nothing.
    pub warnings: Vec<Diagnostic>,
    /// Errors found, including those not kept.
    found: usize,
}

/// A value with the byte range it came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct At<T> {
    pub value: T,
    pub span: Range<usize>,
}

/// The keys of one TOML table, checked against the keys it may have.
pub struct Fields<'a, 'i> {
    pub table: &'a DeTable<'i>,
    pub span: Range<usize>,
}

impl<'s> Reader<'s> {
    pub fn new(src: &'s Source) -> Self {
        Reader {
            src,
            diags: Vec::new(),
            warnings: Vec::new(),
            found: 0,
        }
    }

    /// A warning; like errors, at most `MAX_ERRORS` of them are kept.
    pub fn warn(&mut self, span: Range<usize>, message: impl Into<String>) {
        let n = self.warnings.len();
        if n < MAX_ERRORS {
            self.warnings
                .push(self.src.error(span, message).into_warning());
        } else if n == MAX_ERRORS {
            let d = self.src.error(
                span,
                format!("more than {MAX_ERRORS} warnings in this file; the rest are not shown"),
            );
            self.warnings.push(d.into_warning());
        }
    }

    pub fn error(&mut self, span: Range<usize>, message: impl Into<String>) {
        self.found += 1;
        if self.found <= MAX_ERRORS {
            let d = self.src.error(span, message);
            self.diags.push(d);
        } else if self.found == MAX_ERRORS + 1 {
            let d = self.src.error(
                span,
                format!("more than {MAX_ERRORS} errors in this file; the rest are not shown"),
            );
            self.diags.push(d);
        }
    }

    /// Parse the document; syntax errors are reported and yield `None`. Every
    /// syntax error is listed for files up to `RECOVER_BYTES`; for a larger
    /// broken file only the first (recovering from each error keeps them all
    /// in memory: a few hundred bytes per error, and an error per byte is easy).
    /// A string left open is reported where it was opened, instead of the
    /// errors it causes further on (`unclosed`).
    pub fn parse(&mut self) -> Option<Spanned<DeTable<'s>>> {
        let first = match DeTable::parse(&self.src.text) {
            Ok(doc) => return Some(doc),
            Err(e) => e,
        };
        let errors = if self.src.text.len() > RECOVER_BYTES {
            vec![first]
        } else {
            let (doc, errors) = DeTable::parse_recoverable(&self.src.text);
            if errors.is_empty() {
                return Some(doc);
            }
            errors
        };
        let mut found: Vec<(Range<usize>, String)> = errors
            .iter()
            .map(|e| {
                let msg = e.message().trim().replace('\n', "; ");
                (e.span().unwrap_or(0..0), format!("TOML syntax: {msg}"))
            })
            .collect();
        let starts: Vec<usize> = found.iter().map(|(s, _)| s.start).collect();
        let explained = crate::unclosed::explain(&self.src.text, &starts);
        let mut keep = explained.keep.into_iter();
        found.retain(|_| keep.next().unwrap_or(true));
        found.extend(explained.found);
        // In file order, so that the error cap keeps the first ones.
        found.sort_by_key(|(s, _)| s.start);
        for (span, msg) in found {
            self.error(span, msg);
        }
        None
    }

    /// View `value` as a table whose keys must be among `allowed`.
    pub fn table<'a, 'i>(
        &mut self,
        value: &'a Value<'i>,
        what: &str,
        allowed: &[&str],
    ) -> Option<Fields<'a, 'i>> {
        match value.get_ref() {
            DeValue::Table(table) => Some(self.fields(table, value.span(), what, allowed)),
            other => {
                self.error(
                    value.span(),
                    format!("{what} must be a table, found {}", other.type_str()),
                );
                None
            }
        }
    }

    pub fn fields<'a, 'i>(
        &mut self,
        table: &'a DeTable<'i>,
        span: Range<usize>,
        what: &str,
        allowed: &[&str],
    ) -> Fields<'a, 'i> {
        for key in table.keys() {
            if !allowed.contains(&key.get_ref().as_ref()) {
                let span_of_key = key.span();
                let key = key.get_ref();
                let hint = did_you_mean(key, "", allowed.iter().copied());
                self.error(
                    span_of_key,
                    format!(
                        "unknown key `{key}` in {what}; expected one of: {}{hint}",
                        allowed.join(", ")
                    ),
                );
            }
        }
        Fields { table, span }
    }

    fn missing(&mut self, f: &Fields, key: &str) {
        let span = f.span.start..f.span.start;
        self.error(span, format!("missing key `{key}`"));
    }

    pub fn string(&mut self, f: &Fields, key: &str, required: bool) -> Option<At<String>> {
        let Some(v) = f.get(key) else {
            if required {
                self.missing(f, key);
            }
            return None;
        };
        match v.get_ref() {
            DeValue::String(s) => Some(At {
                value: s.to_string(),
                span: v.span(),
            }),
            other => {
                self.type_error(v.span(), key, "a string", other);
                None
            }
        }
    }

    pub fn integer(&mut self, f: &Fields, key: &str, min: i64, max: i64) -> Option<At<i64>> {
        let v = f.get(key)?;
        let parsed = match v.get_ref() {
            DeValue::Integer(i) => {
                i64::from_str_radix(i.as_str().replace('_', "").as_str(), i.radix()).ok()
            }
            other => {
                self.type_error(v.span(), key, "an integer", other);
                return None;
            }
        };
        match parsed {
            Some(n) if (min..=max).contains(&n) => Some(At {
                value: n,
                span: v.span(),
            }),
            _ => {
                self.error(
                    v.span(),
                    format!("`{key}` must be an integer from {min} to {max}"),
                );
                None
            }
        }
    }

    pub fn boolean(&mut self, f: &Fields, key: &str) -> Option<At<bool>> {
        let v = f.get(key)?;
        match v.get_ref() {
            DeValue::Boolean(b) => Some(At {
                value: *b,
                span: v.span(),
            }),
            other => {
                self.type_error(v.span(), key, "true or false", other);
                None
            }
        }
    }

    pub fn array<'a, 'i>(&mut self, f: &Fields<'a, 'i>, key: &str) -> Option<&'a [Value<'i>]> {
        let v = f.get(key)?;
        match v.get_ref() {
            DeValue::Array(a) => Some(a),
            other => {
                self.type_error(v.span(), key, "an array", other);
                None
            }
        }
    }

    /// Whether `list` is longer than `max`; if so, an error at its first
    /// item past the limit, `message` given the list's length.
    pub fn too_long(
        &mut self,
        list: &[Value],
        max: usize,
        message: impl FnOnce(usize) -> String,
    ) -> bool {
        let Some(first_past) = list.get(max) else {
            return false;
        };
        self.error(first_past.span(), message(list.len()));
        true
    }

    /// An array of strings (a lone string is taken as a one-element array).
    pub fn strings(&mut self, f: &Fields, key: &str) -> Option<Vec<At<String>>> {
        let v = f.get(key)?;
        let items: Vec<&Value> = match v.get_ref() {
            DeValue::Array(a) => a.iter().collect(),
            DeValue::String(_) => vec![v],
            other => {
                self.type_error(v.span(), key, "an array of strings", other);
                return None;
            }
        };
        let mut out = Vec::new();
        for item in items {
            match item.get_ref() {
                DeValue::String(s) => out.push(At {
                    value: s.to_string(),
                    span: item.span(),
                }),
                other => self.type_error(item.span(), key, "a string", other),
            }
        }
        Some(out)
    }

    fn type_error(&mut self, span: Range<usize>, key: &str, want: &str, found: &DeValue) {
        self.error(
            span,
            format!("`{key}` must be {want}, found {}", found.type_str()),
        );
    }

    /// Where the text of a string value starts inside the file, so that
    /// positions inside the string (the shape DSL) map back to the file.
    /// Escapes in basic strings shift positions; those map to the opening quote.
    pub fn string_content_start(&self, span: &Range<usize>, decoded: &str) -> (usize, bool) {
        let raw = &self.src.text[span.clone()];
        let (quote, multi) = if raw.starts_with("'''") || raw.starts_with("\"\"\"") {
            (3, true)
        } else {
            (1, false)
        };
        let mut start = span.start + quote;
        if multi {
            let rest = &self.src.text[start..];
            if rest.starts_with("\r\n") {
                start += 2;
            } else if rest.starts_with('\n') {
                start += 1;
            }
        }
        let exact = self.src.text[start..].starts_with(decoded);
        (if exact { start } else { span.start }, exact)
    }
}

impl<'a, 'i> Fields<'a, 'i> {
    pub fn get(&self, key: &str) -> Option<&'a Value<'i>> {
        self.table
            .iter()
            .find(|(k, _)| k.get_ref().as_ref() == key)
            .map(|(_, v)| v)
    }
}
