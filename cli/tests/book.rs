//! The book (`docs/`, built with mdBook) and the README stay true:
//!
//! - every link between pages resolves, to a page and a heading that exist,
//!   and every page is in `docs/SUMMARY.md`;
//! - every citation of a rule document in the code, the data and the book
//!   names a file the sources page (`docs/sources.md`) describes;
//! - the README's table of rulesets is what `carcassonne rulesets` prints,
//!   and the rulesets page's table of options is `OPTIONS`;
//! - the tutorials' `sh` blocks run, in order, in an empty folder, against
//!   the built binary, with their TOML blocks written where their first line
//!   says, and print what the `text` block after them shows.
//!
//! `UPDATE_DOCS=1 cargo test -p carcassonne --test book` rewrites the two
//! generated tables after a ruleset or an option is added.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Component, Path, PathBuf};
use std::process::Command;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn read(p: &Path) -> String {
    fs::read_to_string(p).unwrap_or_else(|e| panic!("read {}: {e}", p.display()))
}

fn update() -> bool {
    std::env::var_os("UPDATE_DOCS").is_some_and(|v| v != "0")
}

/// Every `.md` file under `dir`, sorted.
fn markdown_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            markdown_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "md") {
            out.push(p);
        }
    }
}

/// The lines of `text` outside fenced code blocks, with inline code spans
/// blanked, so that links are read only where Markdown makes them links.
fn prose_lines(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut fence = false;
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fence = !fence;
            continue;
        }
        if fence {
            continue;
        }
        let mut s = String::new();
        let mut code = false;
        for c in line.chars() {
            if c == '`' {
                code = !code;
                s.push(' ');
            } else {
                s.push(if code { ' ' } else { c });
            }
        }
        out.push((i + 1, s));
    }
    out
}

/// The targets of inline links `[text](target)` in `text`.
fn links(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (n, line) in prose_lines(text) {
        let mut rest = line.as_str();
        while let Some(i) = rest.find("](") {
            let after = &rest[i + 2..];
            let end = after.find(')').unwrap_or(after.len());
            let target = after[..end]
                .split_whitespace()
                .next()
                .unwrap_or("")
                .to_string();
            out.push((n, target));
            rest = &after[end..];
        }
    }
    out
}

/// mdBook's id for a heading: lower case, letters, digits, `-` and `_`
/// kept, spaces made `-`, everything else dropped.
fn slug(heading: &str) -> String {
    let mut s = String::new();
    for c in heading.trim().chars() {
        if c.is_alphanumeric() || c == '-' || c == '_' {
            s.extend(c.to_lowercase());
        } else if c.is_whitespace() {
            s.push('-');
        }
    }
    s
}

/// The ids of the headings of a Markdown file (repeated ones get `-1`, `-2`).
fn anchors(text: &str) -> BTreeSet<String> {
    let mut seen = BTreeMap::<String, usize>::new();
    let mut out = BTreeSet::new();
    let mut fence = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fence = !fence;
            continue;
        }
        if fence || !line.starts_with('#') {
            continue;
        }
        let h = line.trim_start_matches('#');
        if !h.starts_with(' ') {
            continue;
        }
        let base = slug(&h.replace('`', ""));
        let n = seen.entry(base.clone()).or_insert(0);
        out.insert(if *n == 0 {
            base.clone()
        } else {
            format!("{base}-{n}")
        });
        *n += 1;
    }
    out
}

fn normalize(p: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in p.components() {
        match c {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            c => out.push(c),
        }
    }
    out
}

#[test]
fn book_links_resolve_and_every_page_is_in_the_summary() {
    let root = repo();
    let docs = root.join("docs");
    let mut pages = Vec::new();
    markdown_files(&docs, &mut pages);
    let mut files = pages.clone();
    files.push(root.join("README.md"));
    let mut broken = Vec::new();
    for file in &files {
        let text = read(file);
        for (line, target) in links(&text) {
            if target.contains("://") || target.starts_with("mailto:") || target.is_empty() {
                continue;
            }
            let (path, anchor) = match target.split_once('#') {
                Some((p, a)) => (p, Some(a)),
                None => (target.as_str(), None),
            };
            let dest = if path.is_empty() {
                file.clone()
            } else {
                normalize(&file.parent().unwrap().join(path))
            };
            let shown = format!(
                "{}:{line}: {target}",
                file.strip_prefix(&root).unwrap_or(file).display()
            );
            if !dest.exists() {
                broken.push(format!("{shown} (no such file)"));
                continue;
            }
            if file.starts_with(&docs) && !normalize(&dest).starts_with(normalize(&docs)) {
                broken.push(format!(
                    "{shown} (outside the book: name the file in `code` instead)"
                ));
                continue;
            }
            if let Some(a) = anchor {
                if dest.extension().is_some_and(|e| e == "md") && !anchors(&read(&dest)).contains(a)
                {
                    broken.push(format!("{shown} (no heading with that id)"));
                }
            }
        }
    }
    // Every page is in the summary, and every summary entry exists.
    let summary = read(&docs.join("SUMMARY.md"));
    let listed: BTreeSet<PathBuf> = links(&summary)
        .into_iter()
        .map(|(_, t)| normalize(&docs.join(t)))
        .collect();
    for p in &pages {
        let p = normalize(p);
        if p != normalize(&docs.join("SUMMARY.md")) && !listed.contains(&p) {
            broken.push(format!("{} is not in docs/SUMMARY.md", p.display()));
        }
    }
    assert!(
        broken.is_empty(),
        "broken links in the book or the README:\n{}",
        broken.join("\n")
    );
}

/// The rule documents' file names, `000_9deb58b1a7d17d38.txt`, found in
/// `text`, and their short forms, `000_…`.
fn citations(text: &str) -> (BTreeSet<String>, BTreeSet<String>) {
    let (mut full, mut short) = (BTreeSet::new(), BTreeSet::new());
    let b = text.as_bytes();
    let mut i = 0;
    while let Some(off) = text[i..].find("00") {
        let s = i + off;
        i = s + 1;
        if s > 0 && (b[s - 1].is_ascii_alphanumeric()) {
            continue;
        }
        if b.len() < s + 4 || !b[s + 2].is_ascii_digit() || b[s + 3] != b'_' {
            continue;
        }
        let rest = &text[s + 4..];
        if rest.starts_with('…') {
            short.insert(text[s..s + 3].to_string());
        } else if rest.len() >= 20
            && rest.as_bytes()[..16].iter().all(|c| c.is_ascii_hexdigit())
            && rest[16..].starts_with(".txt")
        {
            full.insert(text[s..s + 24].to_string());
        }
    }
    (full, short)
}

fn source_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        let name = p.file_name().unwrap().to_string_lossy().to_string();
        if p.is_dir() {
            if !matches!(
                name.as_str(),
                "target" | "node_modules" | ".git" | ".venv" | "corpus"
            ) {
                source_files(&p, out);
            }
        } else if ["rs", "toml", "md", "py", "pest", "sh"]
            .iter()
            .any(|x| name.ends_with(&format!(".{x}")))
        {
            out.push(p);
        }
    }
}

#[test]
fn every_rule_document_cited_is_named_on_the_sources_page() {
    let root = repo();
    let sources = read(&root.join("docs/sources.md"));
    let (named, _) = citations(&sources);
    assert_eq!(
        named.len(),
        5,
        "the sources page names the five rule documents: {named:?}"
    );
    let prefixes: BTreeSet<String> = named.iter().map(|n| n[..3].to_string()).collect();
    let mut files = Vec::new();
    for d in [
        "vocab", "codegen", "runtime", "loader", "cli", "tests", "fuzz", "python", "tools",
        "tiles", "rulesets", "docs",
    ] {
        source_files(&root.join(d), &mut files);
    }
    files.push(root.join("README.md"));
    let mut unknown = Vec::new();
    let mut cited = 0;
    for f in &files {
        let (full, short) = citations(&String::from_utf8_lossy(&fs::read(f).unwrap()));
        cited += full.len() + short.len();
        for c in full.iter().filter(|c| !named.contains(*c)) {
            unknown.push(format!("{}: {c}", f.strip_prefix(&root).unwrap().display()));
        }
        for c in short.iter().filter(|c| !prefixes.contains(*c)) {
            unknown.push(format!(
                "{}: {c}_…",
                f.strip_prefix(&root).unwrap().display()
            ));
        }
    }
    assert!(cited > 50, "the scan found the citations ({cited})");
    assert!(
        unknown.is_empty(),
        "rule documents cited but not described in docs/sources.md:\n{}",
        unknown.join("\n")
    );
}

/// Replaces the lines between `<!-- NAME:begin -->` and `<!-- NAME:end -->`
/// in `file` with `table`, or checks that they are `table`.
fn generated_section(file: &Path, name: &str, table: &str) {
    let text = read(file);
    let (begin, end) = (
        format!("<!-- {name}:begin -->\n"),
        format!("<!-- {name}:end -->"),
    );
    let b = text
        .find(&begin)
        .unwrap_or_else(|| panic!("{}: no `{}`", file.display(), begin.trim()))
        + begin.len();
    let e = text[b..]
        .find(&end)
        .unwrap_or_else(|| panic!("{}: no `{end}`", file.display()))
        + b;
    if &text[b..e] == table {
        return;
    }
    if update() {
        fs::write(file, format!("{}{table}{}", &text[..b], &text[e..])).unwrap();
    } else {
        panic!(
            "{}: the generated `{name}` section is stale; run `UPDATE_DOCS=1 cargo test -p carcassonne --test book`. It should read:\n{table}",
            file.display()
        );
    }
}

#[test]
fn the_readme_lists_the_rulesets_the_command_plays() {
    let out = Command::new(env!("CARGO_BIN_EXE_carcassonne"))
        .arg("rulesets")
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let mut table =
        String::from("| ruleset | what it is | plays | waits for |\n|---|---|---|---|\n");
    let mut lines = text.lines().peekable();
    let mut rows = 0;
    while let Some(head) = lines.next() {
        if head.starts_with(' ') || head.trim().is_empty() {
            continue;
        }
        let (id, name) = head.split_once(' ').unwrap();
        let name = name.trim();
        let mut plays = String::new();
        let mut waits = Vec::new();
        if let Some(next) = lines
            .peek()
            .filter(|l| l.trim_start().starts_with("plays:"))
        {
            let body = next.trim_start().trim_start_matches("plays:").trim();
            let (p, marks) = body
                .split_once("; tile marks ignored: ")
                .unwrap_or((body, ""));
            plays = p.to_string();
            // `set (a, b: not played yet; c: off here); set2 (…)`: the
            // mechanics not played yet.
            for part in marks.split(')') {
                if let Some((_, inner)) = part.split_once('(') {
                    for clause in inner.split("; ") {
                        if let Some(m) = clause.strip_suffix(": not played yet") {
                            for m in m.split(", ") {
                                if !waits.contains(&m.to_string()) {
                                    waits.push(m.to_string());
                                }
                            }
                        }
                    }
                }
            }
            lines.next();
        }
        let waits = if waits.is_empty() {
            "–".to_string()
        } else {
            waits.join(", ")
        };
        table.push_str(&format!("| `{id}` | {name} | {plays} | {waits} |\n"));
        rows += 1;
    }
    assert!(
        rows >= 20,
        "parsed the list of rulesets ({rows} rows):\n{text}"
    );
    generated_section(&repo().join("README.md"), "rulesets", &table);
}

#[test]
fn the_rulesets_page_lists_every_option() {
    use carcassonne_runtime::tables::OPTIONS;
    let mut table = String::from("| option | with mechanic | values | default (edition 1 / 2) | what the values mean, and the seed lines |\n|---|---|---|---|---|\n");
    for o in OPTIONS {
        let boolean = o.word(0) == Some("false") && o.word(1) == Some("true");
        let words: Vec<&str> = if boolean {
            vec!["true", "false"]
        } else {
            (0..=u8::MAX).map_while(|v| o.word(v)).collect()
        };
        let values = words
            .iter()
            .map(|w| format!("`{w}`"))
            .collect::<Vec<_>>()
            .join(", ");
        let (d1, d2) = (
            o.word(o.default_for(1)).unwrap(),
            o.word(o.default_for(2)).unwrap(),
        );
        let default = if d1 == d2 {
            format!("`{d1}`")
        } else {
            format!("`{d1}` / `{d2}`")
        };
        table.push_str(&format!(
            "| `{}` | {} | {values} | {default} | {} |\n",
            o.key,
            o.mechanic,
            o.meaning.replace('|', "\\|")
        ));
    }
    generated_section(
        &repo().join("docs/reference/rulesets.md"),
        "options",
        &table,
    );
}

/// A fenced block of a tutorial: its info string and its lines.
struct Block {
    info: String,
    line: usize,
    body: String,
    /// Only blank lines lie between this block and the one before.
    follows: bool,
}

fn blocks(text: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut cur: Option<Block> = None;
    let mut prose_since_block = true;
    for (i, line) in text.lines().enumerate() {
        let t = line.trim_start();
        if let Some(info) = t.strip_prefix("```") {
            match cur.take() {
                Some(b) => {
                    out.push(b);
                    prose_since_block = false;
                }
                None => {
                    let follows = !prose_since_block;
                    cur = Some(Block {
                        info: info.trim().to_string(),
                        line: i + 1,
                        body: String::new(),
                        follows,
                    })
                }
            }
        } else if let Some(b) = cur.as_mut() {
            b.body.push_str(line);
            b.body.push('\n');
        } else if !t.is_empty() {
            prose_since_block = true;
        }
    }
    out
}

/// Runs a tutorial's examples in a fresh folder: `toml` blocks whose first
/// line is `# PATH` are written to PATH; `sh` blocks run with `carcassonne`
/// on the PATH and must succeed (`sh,fails`: must fail; `sh,no_run` are
/// not run); a `text` block right after a run block lists lines its output
/// must contain (a line with `…` is left out).
fn run_tutorial(page: &str) {
    let file = repo().join("docs/tutorials").join(page);
    let text = read(&file);
    let dir = std::env::temp_dir().join(format!(
        "carcassonne-tutorial-{}-{}",
        page.trim_end_matches(".md"),
        std::process::id()
    ));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_carcassonne"));
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut last_output: Option<(usize, String)> = None;
    let mut ran = 0;
    for b in blocks(&text) {
        let at = format!("docs/tutorials/{page}:{}", b.line);
        match b.info.as_str() {
            "toml" => {
                if let Some(p) = b
                    .body
                    .lines()
                    .next()
                    .and_then(|l| l.strip_prefix("# "))
                    .filter(|p| p.ends_with(".toml"))
                {
                    let dest = dir.join(p.trim());
                    fs::create_dir_all(dest.parent().unwrap()).unwrap();
                    fs::write(dest, &b.body).unwrap();
                }
                last_output = None;
            }
            "sh" | "sh,fails" => {
                let out = Command::new("bash")
                    .args(["-euo", "pipefail", "-c", &b.body])
                    .current_dir(&dir)
                    .env("PATH", &path)
                    .output()
                    .unwrap();
                let all = format!(
                    "{}{}",
                    String::from_utf8_lossy(&out.stdout),
                    String::from_utf8_lossy(&out.stderr)
                );
                let should_fail = b.info == "sh,fails";
                assert!(
                    out.status.success() != should_fail,
                    "{at}: the block {} (status {:?}):\n{}\n--- output ---\n{all}",
                    if should_fail {
                        "should fail but succeeded"
                    } else {
                        "failed"
                    },
                    out.status.code(),
                    b.body
                );
                last_output = Some((b.line, all));
                ran += 1;
            }
            "text" => {
                if let Some((_, out)) = last_output.take().filter(|_| b.follows) {
                    for want in b
                        .body
                        .lines()
                        .filter(|l| !l.trim().is_empty() && !l.contains('…'))
                    {
                        assert!(
                            out.lines().any(|l| l.trim_end() == want.trim_end()),
                            "{at}: the output shown is not what the command printed; missing line:\n{want}\n--- output ---\n{out}"
                        );
                    }
                }
            }
            _ => last_output = None,
        }
    }
    assert!(ran > 0, "{page}: no `sh` block ran");
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn tutorial_tile_set_runs() {
    run_tutorial("tile-set.md");
}

#[test]
fn tutorial_ruleset_runs() {
    run_tutorial("ruleset.md");
}

#[test]
fn tutorial_protocol_runs() {
    run_tutorial("protocol.md");
}
