//! What the engine and its modules declare, read once as the fuzzer's
//! dictionary: the actions (the skeleton's and every module's `VerbDef`:
//! its name, its argument's kind and the record field that holds it), the
//! decisions (`Decision::all()`), the figure kinds, the reasons for points,
//! the neutral figures, the mechanics a ruleset may name and every rule
//! option with its values. The mutations take their names and their
//! well-formed answers from here, never from a list of expansions, so a new
//! module's actions, decisions and options are fuzzed as soon as it is in
//! the registry.

use std::sync::OnceLock;

use carcassonne_runtime::engine::{
    Action, Answers, ArgKind, Decision, Deploy, FollowerKind, Placement, Reason, VerbDef,
};
use carcassonne_runtime::mechanics::{self, Mech};
use carcassonne_runtime::record::CORNER_NAMES;
use carcassonne_runtime::tables::{Kind, OPTIONS, PORT_NAMES, SIDE_NAMES};

/// A module's action as it declares it.
#[derive(Debug, Clone, Copy)]
pub struct Verb {
    pub mech: Mech,
    pub def: &'static VerbDef,
}

impl Verb {
    /// Whether records write it in an entry's `actions` (a verb that places
    /// a tile opens an entry of its own instead).
    pub fn in_actions(&self) -> bool {
        self.def.arg != ArgKind::Placement
    }

    /// The record field of its argument, if it has one.
    pub fn field(&self) -> Option<&'static str> {
        match self.def.arg {
            ArgKind::None | ArgKind::Placement => None,
            _ => Some(self.def.field),
        }
    }
}

/// Everything the fuzzer takes from the declarations.
#[derive(Debug)]
pub struct Declared {
    /// Every module verb, in the registry's order.
    pub verbs: Vec<Verb>,
    /// The skeleton's actions (`place`, `deploy`, `draw`, `pass`).
    pub skeleton: Vec<&'static str>,
    /// Every `do` there is, then near misses of them (`Dragon`, `move_wagon`,
    /// `fairy `, ``).
    pub dos: Vec<&'static str>,
    /// The distinct fields verbs keep their argument in (`take`, `to`, …).
    pub fields: Vec<&'static str>,
    pub decisions: Vec<Decision>,
    /// Figure kind names, then near misses.
    pub kinds: Vec<&'static str>,
    pub reasons: Vec<&'static str>,
    /// The names of the mechanics a ruleset may ask for.
    pub mechanics: Vec<&'static str>,
    /// Names worth putting where a string was: all of the above, option keys
    /// and values, neutral figures, sides, corners, ports, feature kinds.
    pub words: Vec<&'static str>,
    /// Record fragments: an answer of every verb, a follower of every kind,
    /// each verb's field.
    pub json_tokens: Vec<&'static str>,
    /// Ruleset fragments: each mechanic, each option at each of its values.
    pub toml_tokens: Vec<&'static str>,
}

impl Declared {
    /// The module verb named `name`.
    pub fn verb(&self, name: &str) -> Option<Verb> {
        self.verbs.iter().copied().find(|v| v.def.name == name)
    }
}

/// The declarations, read once.
pub fn declared() -> &'static Declared {
    static D: OnceLock<Declared> = OnceLock::new();
    D.get_or_init(read)
}

fn leak(s: String) -> &'static str {
    Box::leak(s.into_boxed_str())
}

fn push_unique(v: &mut Vec<&'static str>, s: &'static str) {
    if !v.contains(&s) {
        v.push(s);
    }
}

/// Names a record or a ruleset could get almost right.
fn near_misses(name: &str) -> Vec<String> {
    let mut out = vec![
        name.to_uppercase(),
        format!("{name} "),
        name.replace('-', "_"),
    ];
    let mut cap = name.to_string();
    if let Some(c) = cap.get_mut(0..1) {
        c.make_ascii_uppercase();
    }
    out.push(cap);
    out.retain(|s| s != name);
    out
}

/// An answer of `v` as a record writes it, with a plausible argument.
pub fn sample_answer(v: &Verb) -> String {
    let arg = match v.def.arg {
        ArgKind::None => String::new(),
        ArgKind::Bool => format!(", \"{}\": true", v.def.field),
        ArgKind::Corner => format!(", \"{}\": \"{}\"", v.def.field, CORNER_NAMES[2]),
        ArgKind::Dir => format!(", \"{}\": \"{}\"", v.def.field, SIDE_NAMES[0]),
        ArgKind::Word(words) => format!(
            ", \"{}\": \"{}\"",
            v.def.field,
            words.first().unwrap_or(&"")
        ),
        ArgKind::Placement => ", \"tile\": \"D\", \"x\": 1, \"y\": 0, \"rotation\": 0".to_string(),
        ArgKind::Target(fixed) => format!(
            ", \"{}\": {{\"x\": 0, \"y\": 0, {}\"feature\": \"road\", \"ports\": [\"E\", \"W\"]}}",
            v.def.field,
            match fixed {
                Some(_) => String::new(),
                None => "\"kind\": \"normal\", ".to_string(),
            }
        ),
        ArgKind::Figure => format!(
            ", \"{}\": {{\"x\": 0, \"y\": 0, \"kind\": \"normal\", \"player\": 0, \"feature\": \"city\", \"ports\": [\"N\"]}}",
            v.def.field
        ),
        ArgKind::Tile => format!(", \"{}\": {{\"x\": 0, \"y\": 1}}", v.def.field),
        ArgKind::Held => format!(
            ", \"{}\": {{\"player\": 1, \"kind\": \"normal\"}}",
            v.def.field
        ),
        ArgKind::Number { .. } => format!(", \"{}\": 1", v.def.field),
    };
    format!("{{\"do\": \"{}\"{arg}}}", v.def.name)
}

fn read() -> Declared {
    let mut verbs = Vec::new();
    for mech in Mech::ALL {
        for def in mechanics::verbs(mech) {
            verbs.push(Verb { mech, def });
        }
    }
    let skeleton: Vec<&'static str> = vec![
        Action::Place(Placement::default()).name(),
        Action::Deploy(Deploy {
            segment: 0,
            kind: FollowerKind::Normal,
        })
        .name(),
        Action::Draw.name(),
        Action::Pass.name(),
    ];
    let mut dos: Vec<&'static str> = skeleton.clone();
    for v in &verbs {
        push_unique(&mut dos, v.def.name);
    }
    let exact = dos.clone();
    for name in &exact {
        for m in near_misses(name) {
            push_unique(&mut dos, leak(m));
        }
    }
    push_unique(&mut dos, "");
    let mut fields = Vec::new();
    for v in &verbs {
        if let Some(f) = v.field() {
            push_unique(&mut fields, f);
        }
    }
    let decisions = Decision::all();
    let mut kinds: Vec<&'static str> = FollowerKind::ALL.iter().map(|k| k.name()).collect();
    let exact_kinds = kinds.clone();
    for k in &exact_kinds {
        if let Some(m) = near_misses(k).into_iter().next() {
            push_unique(&mut kinds, leak(m));
        }
    }
    push_unique(&mut kinds, "");
    let reasons: Vec<&'static str> = Reason::ALL.iter().map(|r| r.name()).collect();
    let implemented: Vec<Mech> = Mech::ALL
        .into_iter()
        .filter(|m| m.decl().implemented)
        .collect();
    let mechanics: Vec<&'static str> = implemented.iter().map(|m| m.name()).collect();

    let mut words: Vec<&'static str> = Vec::new();
    for list in [&dos, &fields, &kinds, &reasons, &mechanics] {
        for w in list.iter() {
            push_unique(&mut words, w);
        }
    }
    for d in &decisions {
        push_unique(&mut words, d.key());
    }
    for m in Mech::ALL {
        push_unique(&mut words, m.name());
        for n in mechanics::neutrals(m) {
            push_unique(&mut words, n.name);
        }
    }
    let mut option_values: Vec<(&'static str, Vec<&'static str>)> = Vec::new();
    for o in OPTIONS {
        // A word option's words, or `false` and `true` (a boolean names
        // every value but 0 `true`).
        let mut values: Vec<&'static str> = Vec::new();
        for v in 0..=u8::MAX {
            match o.word(v) {
                Some(w) if !values.contains(&w) => values.push(w),
                _ => break,
            }
        }
        push_unique(&mut words, o.key);
        for w in &values {
            push_unique(&mut words, w);
        }
        option_values.push((o.key, values));
    }
    for w in SIDE_NAMES
        .iter()
        .chain(CORNER_NAMES.iter())
        .chain(PORT_NAMES.iter())
    {
        push_unique(&mut words, w);
    }
    for k in Kind::ALL {
        push_unique(&mut words, k.name());
    }
    for r in carcassonne_runtime::rulesets() {
        push_unique(&mut words, r.id);
        for t in r.tiles {
            push_unique(&mut words, t.set);
        }
    }

    let mut json_tokens: Vec<&'static str> = Vec::new();
    for v in &verbs {
        let answer = sample_answer(v);
        json_tokens.push(leak(format!("{answer},")));
        json_tokens.push(leak(format!("\"actions\": [{answer}],")));
        json_tokens.push(leak(format!(
            "{{\"player\": 1, {}",
            answer.trim_start_matches('{')
        )));
    }
    for f in &fields {
        json_tokens.push(leak(format!("\"{f}\": ")));
    }
    for k in &exact_kinds {
        json_tokens.push(leak(format!(
            "\"follower\": {{\"kind\": \"{k}\", \"feature\": \"road\", \"ports\": [\"E\", \"W\"]}},"
        )));
    }
    for d in &exact {
        json_tokens.push(leak(format!("\"do\": \"{d}\"")));
    }

    let mut toml_tokens: Vec<&'static str> = Vec::new();
    for m in &mechanics {
        toml_tokens.push(leak(format!("mechanics = [\"{m}\"]\n")));
    }
    toml_tokens.push(leak(format!(
        "mechanics = [{}]\n",
        mechanics
            .iter()
            .map(|m| format!("\"{m}\""))
            .collect::<Vec<_>>()
            .join(", ")
    )));
    for (key, values) in &option_values {
        for w in values {
            let v = match *w {
                "true" | "false" => w.to_string(),
                _ => format!("\"{w}\""),
            };
            toml_tokens.push(leak(format!("{key} = {v}\n")));
        }
        toml_tokens.push(leak(format!("{key} = \"\"\n")));
    }

    Declared {
        verbs,
        skeleton,
        dos,
        fields,
        decisions,
        kinds,
        reasons,
        mechanics,
        words,
        json_tokens,
        toml_tokens,
    }
}

/// The verbs that answer the figure step instead of a figure (the abbot's
/// return, a barn, the fairy, a portal, the princess).
pub fn wood_verbs() -> impl Iterator<Item = Verb> {
    declared()
        .verbs
        .iter()
        .copied()
        .filter(|v| v.def.answers == Answers::Wood && v.in_actions())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every module verb and decision is there, with its field, and every
    /// option's values are ruleset tokens.
    #[test]
    fn the_declarations_are_read_whole() {
        let d = declared();
        let verbs: usize = Mech::ALL.iter().map(|&m| mechanics::verbs(m).len()).sum();
        assert!(verbs > 0);
        assert_eq!(d.verbs.len(), verbs);
        for v in &d.verbs {
            assert!(d.dos.contains(&v.def.name));
            if let Some(f) = v.field() {
                assert!(d.fields.contains(&f), "{}", v.def.name);
            }
            assert!(d.json_tokens.iter().any(|t| t.contains(&sample_answer(v))));
        }
        assert_eq!(d.decisions, Decision::all());
        for o in OPTIONS {
            assert!(d.toml_tokens.iter().any(|t| t.starts_with(o.key)));
        }
        for k in FollowerKind::ALL {
            assert!(d.kinds.contains(&k.name()));
        }
        // Sample answers are JSON.
        for v in &d.verbs {
            let _: serde_json::Value =
                serde_json::from_str(&sample_answer(v)).expect("a sample answer is JSON");
        }
    }
}
