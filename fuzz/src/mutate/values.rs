//! Edits of parsed values: a TOML file or a JSON record read, one value
//! anywhere in its tree replaced, grown, emptied or retyped (a shape's text
//! edited in the DSL's terms), and written back. Inputs that do not parse
//! are left to the byte-level mutations.

use carcassonne_runtime::tables::OPTIONS;

use super::{word, Rng, NUMBERS};
use crate::declared::declared;

pub(super) fn edit_toml(rng: &mut Rng, b: &[u8]) -> Option<Vec<u8>> {
    let text = std::str::from_utf8(b).ok()?;
    let mut table: toml::Table = text.parse().ok()?;
    let mut paths = Vec::new();
    collect_toml(
        &toml::Value::Table(table.clone()),
        &mut Vec::new(),
        &mut paths,
    );
    if paths.is_empty() {
        return None;
    }
    let path = rng.pick(&paths).clone();
    let mut root = toml::Value::Table(std::mem::take(&mut table));
    let slot = toml_at(&mut root, &path)?;
    edit_toml_value(rng, slot);
    let toml::Value::Table(t) = root else {
        return None;
    };
    toml::to_string(&t).ok().map(String::into_bytes)
}

#[derive(Debug, Clone)]
enum Step {
    Key(String),
    Index(usize),
}

fn collect_toml(v: &toml::Value, at: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
    out.push(at.clone());
    match v {
        toml::Value::Table(t) => {
            for (k, v) in t {
                at.push(Step::Key(k.clone()));
                collect_toml(v, at, out);
                at.pop();
            }
        }
        toml::Value::Array(a) => {
            for (i, v) in a.iter().enumerate() {
                at.push(Step::Index(i));
                collect_toml(v, at, out);
                at.pop();
            }
        }
        _ => {}
    }
}

fn toml_at<'a>(v: &'a mut toml::Value, path: &[Step]) -> Option<&'a mut toml::Value> {
    let mut cur = v;
    for s in path {
        cur = match (s, cur) {
            (Step::Key(k), toml::Value::Table(t)) => t.get_mut(k)?,
            (Step::Index(i), toml::Value::Array(a)) => a.get_mut(*i)?,
            _ => return None,
        };
    }
    Some(cur)
}

fn edit_toml_value(rng: &mut Rng, v: &mut toml::Value) {
    match v {
        toml::Value::Table(t) => match rng.below(3) {
            0 if !t.is_empty() => {
                let k = t
                    .keys()
                    .nth(rng.below(t.len()))
                    .cloned()
                    .unwrap_or_default();
                t.remove(&k);
            }
            1 if rng.chance(3) => {
                // An option or `mechanics`, as the declarations name them.
                let key = match rng.chance(4) {
                    true => "mechanics",
                    false => rng.pick(OPTIONS).key,
                };
                let val = random_toml(rng);
                t.insert(key.to_string(), val);
            }
            1 => {
                let key = rng
                    .pick(&[
                        "id",
                        "count",
                        "start",
                        "edition",
                        "shape",
                        "tiles",
                        "x",
                        "y",
                        "rotation",
                        "sets",
                        "tiles_only",
                        "leave_out",
                        "start_tile",
                        "bogus",
                    ])
                    .to_string();
                let val = random_toml(rng);
                t.insert(key, val);
            }
            _ => *v = random_toml(rng),
        },
        toml::Value::Array(a) => match rng.below(4) {
            0 if !a.is_empty() => {
                let i = rng.below(a.len());
                let times = if rng.chance(6) { 200 } else { 1 };
                for _ in 0..times {
                    let item = a[i].clone();
                    a.insert(i, item);
                }
            }
            1 if !a.is_empty() => {
                a.remove(rng.below(a.len()));
            }
            2 => a.clear(),
            _ => a.push(random_toml(rng)),
        },
        toml::Value::String(s) => {
            if s.contains('\n') || rng.chance(3) {
                edit_shape(rng, s);
            } else {
                *s = word(rng).to_string();
            }
        }
        toml::Value::Integer(i) => {
            *i = match rng.below(3) {
                0 => rng.pick(NUMBERS).parse().unwrap_or(-1),
                1 => i.wrapping_add(rng.below(3) as i64 - 1),
                _ => i.wrapping_neg(),
            }
        }
        _ => *v = random_toml(rng),
    }
}

fn random_toml(rng: &mut Rng) -> toml::Value {
    match rng.below(6) {
        0 => toml::Value::Integer(rng.pick(NUMBERS).parse().unwrap_or(0)),
        1 => toml::Value::String(word(rng).to_string()),
        2 => toml::Value::Boolean(rng.chance(2)),
        3 => toml::Value::Float(1.5),
        4 => toml::Value::Array(vec![toml::Value::String(word(rng).to_string())]),
        _ => toml::Value::Table(toml::Table::new()),
    }
}

/// Change a shape string line by line, in the shape language's words.
fn edit_shape(rng: &mut Rng, s: &mut String) {
    const LINES: &[&str] = &[
        "city N",
        "city N E",
        "city N E S W +pennant",
        "road N S",
        "road E W +bridge",
        "road S",
        "river N S",
        "field N E S W",
        "field Nw Ne > N",
        "field enclosed > N E S W",
        "cloister",
        "garden",
        "shrine",
        "seam E S",
        "any N E S W",
        "tile +volcano",
        "tile +flier=NE",
        "field W > N !S",
        "field S > ~N W",
        "city",
        "field",
        "# c",
        "",
    ];
    const WORDS_DSL: &[&str] = &[
        "N", "E", "S", "W", "Nw", "Ne", "En", "Es", "Se", "Sw", "Ws", "Wn", ">", "!N", "~E",
        "+pennant", "+inn", "+bridge", "+tunnel", "city", "field", "enclosed", "Q", "+x=1",
    ];
    let mut ls: Vec<String> = s.lines().map(str::to_string).collect();
    match rng.below(5) {
        0 => {
            let at = rng.below(ls.len() + 1);
            ls.insert(at, rng.pick(LINES).to_string());
        }
        1 if !ls.is_empty() => {
            ls.remove(rng.below(ls.len()));
        }
        2 if !ls.is_empty() => {
            let i = rng.below(ls.len());
            let mut words: Vec<String> = ls[i].split(' ').map(str::to_string).collect();
            let at = rng.below(words.len() + 1);
            words.insert(at, rng.pick(WORDS_DSL).to_string());
            ls[i] = words.join(" ");
        }
        3 if !ls.is_empty() => {
            let i = rng.below(ls.len());
            let mut words: Vec<String> = ls[i].split(' ').map(str::to_string).collect();
            let at = rng.below(words.len());
            words[at] = rng.pick(WORDS_DSL).to_string();
            ls[i] = words.join(" ");
        }
        _ => {
            let times = if rng.chance(4) { 40 } else { 2 };
            let line = rng.pick(LINES).to_string();
            for _ in 0..times {
                ls.push(line.clone());
            }
        }
    }
    *s = ls.join("\n");
}

pub(super) fn edit_json(rng: &mut Rng, b: &[u8]) -> Option<Vec<u8>> {
    let mut root: serde_json::Value = serde_json::from_slice(b).ok()?;
    let mut paths = Vec::new();
    collect_json(&root, &mut Vec::new(), &mut paths);
    let path = rng.pick(&paths).clone();
    let slot = json_at(&mut root, &path)?;
    edit_json_value(rng, slot);
    let out = if rng.chance(2) {
        serde_json::to_vec_pretty(&root)
    } else {
        serde_json::to_vec(&root)
    };
    out.ok()
}

fn collect_json(v: &serde_json::Value, at: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
    out.push(at.clone());
    match v {
        serde_json::Value::Object(m) => {
            for (k, v) in m {
                at.push(Step::Key(k.clone()));
                collect_json(v, at, out);
                at.pop();
            }
        }
        serde_json::Value::Array(a) => {
            for (i, v) in a.iter().enumerate() {
                at.push(Step::Index(i));
                collect_json(v, at, out);
                at.pop();
            }
        }
        _ => {}
    }
}

fn json_at<'a>(v: &'a mut serde_json::Value, path: &[Step]) -> Option<&'a mut serde_json::Value> {
    let mut cur = v;
    for s in path {
        cur = match (s, cur) {
            (Step::Key(k), serde_json::Value::Object(m)) => m.get_mut(k)?,
            (Step::Index(i), serde_json::Value::Array(a)) => a.get_mut(*i)?,
            _ => return None,
        };
    }
    Some(cur)
}

fn edit_json_value(rng: &mut Rng, v: &mut serde_json::Value) {
    use serde_json::Value as J;
    match v {
        J::Object(m) => match rng.below(3) {
            0 if !m.is_empty() => {
                let k = m
                    .keys()
                    .nth(rng.below(m.len()))
                    .cloned()
                    .unwrap_or_default();
                m.remove(&k);
            }
            1 if rng.chance(3) => {
                // A field some module's answers keep their argument in.
                let fields = &declared().fields;
                let key = match fields.is_empty() || rng.chance(4) {
                    true => "set_aside",
                    false => rng.pick(fields),
                };
                m.insert(key.to_string(), random_json(rng));
            }
            1 => {
                let key = rng
                    .pick(&[
                        "player",
                        "tile",
                        "x",
                        "y",
                        "rotation",
                        "follower",
                        "discarded",
                        "events",
                        "seed",
                        "players",
                        "start",
                        "final",
                        "scores",
                        "kind",
                        "feature",
                        "ports",
                        "part",
                        "actions",
                        "do",
                        "segment",
                    ])
                    .to_string();
                m.insert(key, random_json(rng));
            }
            _ => *v = random_json(rng),
        },
        J::Array(a) => match rng.below(5) {
            0 if !a.is_empty() => {
                let i = rng.below(a.len());
                let item = a[i].clone();
                a.insert(rng.below(a.len() + 1), item);
            }
            1 if !a.is_empty() => {
                a.remove(rng.below(a.len()));
            }
            2 if !a.is_empty() => {
                let cut = rng.below(a.len());
                a.truncate(cut);
            }
            3 if a.len() > 1 => {
                let (i, j) = (rng.below(a.len()), rng.below(a.len()));
                a.swap(i, j);
            }
            _ => a.push(random_json(rng)),
        },
        J::Number(n) => {
            *v = match rng.below(3) {
                0 => json_number(rng),
                1 => {
                    // Numbers near i64's ends are among the inputs.
                    let x = n.as_i64().unwrap_or(0);
                    J::from(x.saturating_add(rng.below(5) as i64 - 2))
                }
                _ => J::from(n.as_i64().unwrap_or(1).saturating_neg()),
            }
        }
        J::String(_) => *v = J::from(word(rng)),
        _ => *v = random_json(rng),
    }
}

fn json_number(rng: &mut Rng) -> serde_json::Value {
    let s = *rng.pick(NUMBERS);
    serde_json::from_str(s).unwrap_or(serde_json::Value::Null)
}

fn random_json(rng: &mut Rng) -> serde_json::Value {
    use serde_json::Value as J;
    match rng.below(6) {
        0 => json_number(rng),
        1 => J::from(word(rng)),
        2 => J::Bool(rng.chance(2)),
        3 => J::Null,
        4 => J::Array(vec![J::from(word(rng))]),
        _ => J::Object(serde_json::Map::new()),
    }
}
