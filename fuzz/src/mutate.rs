//! Structure-aware mutations of TOML (tile sets, rulesets) and JSON (game
//! records): byte-level damage, dictionary tokens of TOML, JSON and the shape
//! language, numbers at the edges, lines spliced in from other inputs, deep
//! nesting, long runs, duplicated `[[tile]]` blocks, and edits of parsed
//! values, and of a record's turn parts and answers (`turns`). Everything is
//! driven by `Rng`, so a seed fixes every input.

mod turns;
mod values;

use values::{edit_json, edit_toml};

use crate::declared::declared;

/// splitmix64: small, fast, and the same everywhere.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next_u64() % n as u64) as usize
        }
    }

    pub fn chance(&mut self, one_in: usize) -> bool {
        self.below(one_in) == 0
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// A length skewed towards small values: mostly 1..8, sometimes up to `max`.
    pub fn len(&mut self, max: usize) -> usize {
        let max = max.max(1);
        match self.below(8) {
            0..=4 => 1 + self.below(8.min(max)),
            5 | 6 => 1 + self.below(64.min(max)),
            _ => 1 + self.below(max),
        }
    }
}

/// What an input is, for the mutations that know its syntax.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Syntax {
    Toml,
    Json,
}

/// Inputs are kept below this size (a mutation that would grow past it is
/// cut back), so one input never takes long just to read.
pub const MAX_INPUT: usize = 1 << 20;

const TOML_TOKENS: &[&str] = &[
    "[",
    "]",
    "[[tile]]\n",
    "[set]\n",
    "[ruleset]\n",
    "[options]\n",
    "[start_block]\n",
    "[[start_block.tiles]]\n",
    "=",
    "\"",
    "'",
    "'''",
    "\"\"\"",
    "{",
    "}",
    ",",
    "#",
    "\n",
    ".",
    "true",
    "false",
    "-1",
    "0",
    "1e9",
    "inf",
    "nan",
    "1979-05-27T07:32:00Z",
    "\\u0000",
    "\\",
    "\\U0010FFFF",
    "id = \"X\"\n",
    "id = \"\"\n",
    "count = 1\n",
    "count = { 1 = 2, 2 = 3 }\n",
    "start = 1\n",
    "edition = 2\n",
    "duplicate_of = \"D\"\n",
    "per_player = true\n",
    "shape = '''\ncity N\nfield E S W > N\n'''\n",
    "shape = \"cloister\\nfield N E S W\"\n",
    "expect_total = 0\n",
    "editions = [1, 2]\n",
    "editions = [9]\n",
    "tiles = [{ tile = \"D\", x = 0, y = 0 }, { tile = \"D\", x = 1, y = 0, rotation = 2 }]\n",
    "name = \"n\"\n",
    "sets = [\"base\"]\n",
    "sets = [\"base\", \"base\"]\n",
    "sets = [{ id = \"river1\", tiles_only = true }]\n",
    "tiles = \".\"\n",
    "tiles = \"../rulesets\"\n",
    "tiles = \"/\"\n",
    "tiles = \"missing\"\n",
    "tiles = \"../tiles/base.toml\"\n",
    "start_tile = \"D\"\n",
    "start_tile = \"RI/s\"\n",
    "start_block = \"count\"\n",
    "start_extra = [{ tile = \"D\", x = 1, y = 0 }]\n",
    "start_extra = [{ tile = \"RI/s\", x = -3, y = 0, rotation = 2 }]\n",
    "leave_out = [\"D\"]\n",
    "leave_out = \"V\"\n",
    "farmers = false\n",
    "farm_scoring = \"legacy-2000\"\n",
    "min_players = 1\n",
    "max_players = 8\n",
    "followers = 0\n",
    "followers = 30\n",
    "unused_start_tiles = \"shuffle\"\n",
    "city",
    "road",
    "field",
    "river",
    "cloister",
    "garden",
    "shrine",
    "seam",
    "any",
    "tile",
    "enclosed",
    ">",
    "!N",
    "~N",
    "!S",
    "~W",
    "+pennant",
    "+pennant=2",
    "+pennant=99",
    "+bridge",
    "+tunnel",
    "+well",
    "+inn",
    "+cathedral",
    "+spring",
    "+lake",
    "+fork",
    "+flier=NE",
    "+goods=wine",
    "+wheel=1",
    "+crown=",
    "+garden",
    "+abbey",
    "+no-castle",
    "+",
    " N",
    " E",
    " S",
    " W",
    " Nw",
    " Ne",
    " En",
    " Es",
    " Se",
    " Sw",
    " Ws",
    " Wn",
    "\ncloister\n",
    "\nfield N E S W\n",
    "\ncity N E S W +pennant\n",
    "\nseam N E S W\n",
    "\nany N E S W\ntile +abbey\n",
    "\nroad N S\nroad E W +bridge\n",
    "\r\n",
    "\t",
    "\u{feff}",
    "é",
    "\u{0}",
    "\u{7f}",
    "\u{2028}",
    "𝔛",
];

/// Record tokens; every module's answers, fields and figure kinds come
/// from the declarations (`declared`).
const JSON_TOKENS: &[&str] = &[
    "{", "}", "[", "]", ",", ":", "\"", "null", "true", "false", "-1", "0", "1e400", "-0",
    "18446744073709551616", "\"player\": 9,", "\"x\": 32767,", "\"y\": -32768,",
    "\"rotation\": 255,", "\"tile\": \"D\",", "\"seed\": 1,", "\"players\": 200,",
    "\"players\": 0,", "\"discarded\": \"D\",", "\"set_aside\": \"D\",",
    "{\"player\": 0, \"set_aside\": \"D\"},", "{\"player\": 1, \"revealed\": \"U\"},",
    "\"ruleset\": \"base_river1\",", "\"format\": \"x\",", "\\u0000", "\\ud800", "\"final\": null,",
    "\"part\": 2,", "\"tile\": \"AM/A\",", "{\"player\": 1, \"actions\": [{\"do\": \"pass\"}]},",
    "{\"player\": 0, \"do\": \"pass\"},", "\"actions\": [],",
    "\"turns\": [],", "\"start\": [],", "\"events\": [{\"player\": 0, \"points\": 4294967295, \"feature\": \"city\", \"reason\": \"completed\"}],",
    "\"scores\": [],", "{\"player\": 0, \"tile\": \"D\", \"x\": 1, \"y\": 0, \"rotation\": 0},",
    "{\"player\": 0, \"discarded\": \"D\"},", "\u{feff}", "é",
];

const NUMBERS: &[&str] = &[
    "0",
    "1",
    "-1",
    "2",
    "3",
    "4",
    "7",
    "8",
    "9",
    "100",
    "101",
    "-101",
    "127",
    "128",
    "255",
    "256",
    "-32768",
    "32767",
    "32768",
    "65535",
    "65536",
    "1000",
    "2000",
    "2001",
    "10000",
    "10001",
    "100000",
    "1000000000",
    "2147483647",
    "2147483648",
    "-2147483649",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775808",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999999",
    "1e9",
    "1.5",
    "-0",
    "0x7fff",
    "0o777",
    "0b1",
    "1_000",
    "+1",
    "nan",
    "inf",
    "1e400",
];

/// Words that mean something to a tile set, a ruleset or a record, beside
/// those the declarations give (`declared`: actions, fields, figure kinds,
/// reasons, mechanics, options, sides, corners, ports, feature kinds, and
/// the ids of the compiled-in rulesets and their sets).
const WORDS: &[&str] = &[
    "D",
    "A",
    "V",
    "X",
    "RI/s",
    "RI.1/I",
    "CO/1",
    "AM/A",
    "DG/C.d",
    "fuzzset",
    "completed",
    "final",
    "per-farm",
    "legacy-2000",
    "remove",
    "shuffle",
    "carcassonne-record/1",
    "",
    " ",
    "../tiles",
    "/",
    ".",
    "fn",
    "type",
    "self",
    "crate",
    "\n",
    "a/b",
    "..",
];

/// A word of `WORDS` or of the declarations.
fn word(rng: &mut Rng) -> &'static str {
    let d = &declared().words;
    let i = rng.below(WORDS.len() + d.len());
    match WORDS.get(i) {
        Some(w) => w,
        None => d[i - WORDS.len()],
    }
}

/// A token of `syntax`: the fixed ones or the declarations'.
fn token(rng: &mut Rng, syntax: Syntax) -> &'static str {
    let (fixed, declared): (&[&'static str], &[&'static str]) = match syntax {
        Syntax::Toml => (TOML_TOKENS, &declared().toml_tokens),
        Syntax::Json => (JSON_TOKENS, &declared().json_tokens),
    };
    let i = rng.below(fixed.len() + declared.len());
    match fixed.get(i) {
        Some(t) => t,
        None => declared[i - fixed.len()],
    }
}

/// One input changed by one to a few stacked mutations. `others` are inputs of
/// the same syntax to splice from.
pub fn mutate(rng: &mut Rng, input: &[u8], syntax: Syntax, others: &[&[u8]]) -> Vec<u8> {
    let mut out = input.to_vec();
    let rounds = if rng.chance(8) {
        2 + rng.below(8)
    } else {
        1 + rng.below(3)
    };
    if syntax == Syntax::Json && rng.chance(4) {
        // Stacked with byte-level damage, most mutants of a record no longer
        // parse; a quarter change only in turn parts and answers, so they
        // reach the decisions replay answers.
        if let Some(edited) = turns_only(rng, &out, rounds) {
            return edited;
        }
    }
    for _ in 0..rounds {
        out = mutate_once(rng, &out, syntax, others);
        if out.len() > MAX_INPUT {
            out.truncate(MAX_INPUT);
        }
    }
    out
}

fn mutate_once(rng: &mut Rng, input: &[u8], syntax: Syntax, others: &[&[u8]]) -> Vec<u8> {
    let mut b = input.to_vec();
    let n = b.len();
    match rng.below(25) {
        // Bytes.
        0 if n > 0 => {
            let i = rng.below(n);
            b[i] ^= 1 << rng.below(8);
        }
        1 if n > 0 => {
            let i = rng.below(n);
            b[i] = rng.below(256) as u8;
        }
        2 if n > 0 => {
            const SPECIAL: &[u8] = b"[]{}=\"',:#\n\r\t+>!~.-_0123456789NESWnesw \\\x00\xff\xc3";
            let i = rng.below(n);
            b[i] = *rng.pick(SPECIAL);
        }
        3 if n > 0 => {
            let at = rng.below(n);
            let len = rng.len(n - at);
            b.drain(at..(at + len).min(n));
        }
        4 => {
            let at = rng.below(n + 1);
            let len = rng.len(16);
            let bytes: Vec<u8> = (0..len).map(|_| rng.below(256) as u8).collect();
            b.splice(at..at, bytes);
        }
        // Tokens.
        5..=7 => {
            let t = token(rng, syntax).as_bytes().to_vec();
            let at = token_position(rng, &b);
            b.splice(at..at, t);
        }
        8 => {
            let cut = rng.below(n + 1);
            b.truncate(cut);
        }
        9 if n > 0 => {
            let from = rng.below(n);
            let len = rng.len(n - from);
            let chunk = b[from..(from + len).min(n)].to_vec();
            let at = rng.below(n + 1);
            b.splice(at..at, chunk);
        }
        10 => replace_number(rng, &mut b),
        11 | 12 if !others.is_empty() => {
            let other = *rng.pick(others);
            splice_lines(rng, &mut b, other);
        }
        13 if !others.is_empty() => {
            let other = *rng.pick(others);
            let cut = rng.below(n + 1);
            let from = rng.below(other.len() + 1);
            b.truncate(cut);
            b.extend_from_slice(&other[from..]);
        }
        14 => line_op(rng, &mut b),
        15 if n > 0 => {
            // A long run: one small chunk repeated many times.
            let from = rng.below(n);
            let len = rng.len(32.min(n - from));
            let chunk = b[from..from + len].to_vec();
            let times = if rng.chance(4) {
                MAX_INPUT / 2 / len
            } else {
                2 + rng.below(2000)
            };
            let mut run = Vec::with_capacity(chunk.len() * times);
            for _ in 0..times {
                run.extend_from_slice(&chunk);
            }
            b.splice(from..from, run);
        }
        16 => {
            // Deep nesting.
            let depth = if rng.chance(4) {
                10_000 + rng.below(100_000)
            } else {
                1 + rng.below(300)
            };
            let (open, close): (&str, &str) = match (syntax, rng.below(3)) {
                (Syntax::Toml, 0) => ("{a=", "}"),
                (Syntax::Toml, 1) => ("[", "]"),
                (Syntax::Toml, _) => ("{a=[", "]}"),
                (Syntax::Json, 0) => ("[", "]"),
                (Syntax::Json, 1) => ("{\"a\":", "}"),
                (Syntax::Json, _) => ("{\"turns\":[", "]}"),
            };
            let mut nest = String::new();
            if syntax == Syntax::Toml {
                nest.push_str("\nk = ");
            }
            nest.push_str(&open.repeat(depth));
            nest.push('1');
            if !rng.chance(4) {
                nest.push_str(&close.repeat(depth));
            }
            nest.push('\n');
            let at = token_position(rng, &b);
            b.splice(at..at, nest.into_bytes());
        }
        17 if syntax == Syntax::Toml => duplicate_tile_block(rng, &mut b),
        18..=20 => {
            let edited = match syntax {
                Syntax::Toml => edit_toml(rng, &b),
                Syntax::Json => edit_json(rng, &b),
            };
            match edited {
                Some(e) => b = e,
                None => return mutate_once(rng, input, syntax, others),
            }
        }
        21 => {
            // A word that matters, as a whole string value somewhere.
            let w = word(rng);
            let q = format!("\"{w}\"");
            if let Some(at) = find_quoted(rng, &b) {
                b.splice(at.0..at.1, q.into_bytes());
            }
        }
        22..=24 if syntax == Syntax::Json => match turns::edit(rng, &b) {
            Some(e) => b = e,
            None => return mutate_once(rng, input, syntax, others),
        },
        _ => return mutate_once(rng, input, syntax, others),
    }
    b
}

/// `rounds` edits of a record's turn parts and answers (an edit that finds
/// nothing to change is tried again, a few times); `None` for no record.
fn turns_only(rng: &mut Rng, input: &[u8], rounds: usize) -> Option<Vec<u8>> {
    let mut out: Option<Vec<u8>> = None;
    for _ in 0..rounds {
        let from = out.as_deref().unwrap_or(input);
        if let Some(e) = (0..8).find_map(|_| turns::edit(rng, from)) {
            out = Some(e);
        }
    }
    out
}

/// Mostly at a line start, sometimes anywhere.
fn token_position(rng: &mut Rng, b: &[u8]) -> usize {
    if rng.chance(2) {
        let starts = line_starts(b);
        *rng.pick(&starts)
    } else {
        rng.below(b.len() + 1)
    }
}

fn line_starts(b: &[u8]) -> Vec<usize> {
    std::iter::once(0)
        .chain(
            b.iter()
                .enumerate()
                .filter(|(_, &c)| c == b'\n')
                .map(|(i, _)| i + 1),
        )
        .collect()
}

fn lines(b: &[u8]) -> Vec<Vec<u8>> {
    b.split_inclusive(|&c| c == b'\n')
        .map(<[u8]>::to_vec)
        .collect()
}

/// A `"..."` string somewhere in `b`, as a byte range with its quotes.
fn find_quoted(rng: &mut Rng, b: &[u8]) -> Option<(usize, usize)> {
    let quotes: Vec<usize> = b
        .iter()
        .enumerate()
        .filter(|(_, &c)| c == b'"')
        .map(|(i, _)| i)
        .collect();
    if quotes.len() < 2 {
        return None;
    }
    let k = rng.below(quotes.len() / 2) * 2;
    Some((quotes[k], quotes[k + 1] + 1))
}

fn replace_number(rng: &mut Rng, b: &mut Vec<u8>) {
    let runs: Vec<(usize, usize)> = {
        let mut v = Vec::new();
        let mut i = 0;
        while i < b.len() {
            if b[i].is_ascii_digit() {
                let s = i;
                while i < b.len() && b[i].is_ascii_digit() {
                    i += 1;
                }
                v.push((s, i));
            } else {
                i += 1;
            }
        }
        v
    };
    let num = rng.pick(NUMBERS).as_bytes().to_vec();
    if runs.is_empty() {
        let at = rng.below(b.len() + 1);
        b.splice(at..at, num);
    } else {
        let (s, e) = *rng.pick(&runs);
        b.splice(s..e, num);
    }
}

fn splice_lines(rng: &mut Rng, b: &mut Vec<u8>, other: &[u8]) {
    let theirs = lines(other);
    if theirs.is_empty() {
        return;
    }
    let from = rng.below(theirs.len());
    let count = rng.len(theirs.len() - from);
    let mut mine = lines(b);
    let at = rng.below(mine.len() + 1);
    let piece: Vec<Vec<u8>> = theirs[from..from + count].to_vec();
    mine.splice(at..at, piece);
    *b = mine.concat();
}

fn line_op(rng: &mut Rng, b: &mut Vec<u8>) {
    let mut ls = lines(b);
    if ls.is_empty() {
        return;
    }
    let i = rng.below(ls.len());
    match rng.below(4) {
        0 => {
            let times = if rng.chance(8) {
                1000
            } else {
                1 + rng.below(3)
            };
            let line = ls[i].clone();
            for _ in 0..times {
                ls.insert(i, line.clone());
            }
        }
        1 => {
            ls.remove(i);
        }
        2 => {
            let j = rng.below(ls.len());
            ls.swap(i, j);
        }
        _ => {
            let j = rng.below(ls.len());
            let line = ls.remove(i);
            ls.insert(j.min(ls.len()), line);
        }
    }
    *b = ls.concat();
}

/// Copy one `[[tile]]` block (to the next one) once or many times.
fn duplicate_tile_block(rng: &mut Rng, b: &mut Vec<u8>) {
    let marker = b"[[tile]]";
    let starts: Vec<usize> = b
        .windows(marker.len())
        .enumerate()
        .filter(|(_, w)| *w == marker)
        .map(|(i, _)| i)
        .collect();
    if starts.is_empty() {
        return;
    }
    let k = rng.below(starts.len());
    let end = starts
        .get(k + 1)
        .copied()
        .unwrap_or_else(|| find_from(b, starts[k], b"\n[").map_or(b.len(), |e| e + 1));
    let block = b[starts[k]..end].to_vec();
    let times = match rng.below(4) {
        0 => 1000 + rng.below(2000),
        _ => 1 + rng.below(3),
    };
    let mut copies = Vec::with_capacity(block.len() * times);
    for i in 0..times {
        if rng.chance(2) {
            // A fresh id, so the copies are not all duplicate ids.
            let text = String::from_utf8_lossy(&block)
                .replacen("id = \"", &format!("id = \"z{i}_"), 1)
                .into_bytes();
            copies.extend_from_slice(&text);
        } else {
            copies.extend_from_slice(&block);
        }
        if copies.len() > MAX_INPUT {
            break;
        }
    }
    b.splice(end..end, copies);
}

fn find_from(b: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    b[from..]
        .windows(needle.len())
        .position(|w| w == needle)
        .map(|i| i + from)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_mutants() {
        let input = b"[set]\nid = \"base\"\n[[tile]]\nid = \"D\"\ncount = 4\n";
        let run = |seed| {
            let mut rng = Rng::new(seed);
            (0..200)
                .map(|_| mutate(&mut rng, input, Syntax::Toml, &[input]))
                .collect::<Vec<_>>()
        };
        assert_eq!(run(7), run(7));
        assert_ne!(run(7), run(8));
    }
}
