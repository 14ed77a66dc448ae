//! Inputs: the seeds (the repository's real tile sets, rulesets and golden
//! error cases, and records of games played now), the saved corpus under
//! `fuzz/corpus/<target>/`, and shrinking an input while it keeps a property.

use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};

use std::collections::BTreeSet;

use carcassonne_runtime::bots::BotKind;
use carcassonne_runtime::record::Record;

use crate::declared::declared;
use crate::target::Target;

/// One input with where it came from.
#[derive(Debug, Clone)]
pub struct Input {
    pub target: Target,
    pub name: String,
    pub bytes: Vec<u8>,
}

/// The seeds of every target, in a fixed order.
pub fn seeds(repo: &Path) -> Vec<Input> {
    let mut out = Vec::new();
    for (folder, default) in [
        ("tiles", None),
        ("rulesets", None),
        ("tests/data/err", None),
        ("tests/data/err/sets", Some(Target::TileSet)),
    ] {
        for path in sorted_files(&repo.join(folder), "toml") {
            let Ok(bytes) = std::fs::read(&path) else {
                continue;
            };
            let target = default.or_else(|| {
                let text = String::from_utf8_lossy(&bytes);
                let src = carcassonne_codegen::diag::Source::new(&path, text.into_owned());
                match carcassonne_codegen::file_kind::file_kind(&src) {
                    Some(carcassonne_codegen::file_kind::FileKind::Ruleset) => {
                        Some(Target::Ruleset)
                    }
                    _ => Some(Target::TileSet),
                }
            });
            let target = target.expect("a target");
            let bytes = if target == Target::TileSet {
                rename_set(&bytes, &path)
            } else {
                bytes
            };
            out.push(Input {
                target,
                name: format!(
                    "{folder}/{}",
                    path.file_name().unwrap_or_default().to_string_lossy()
                ),
                bytes,
            });
        }
    }
    out.extend(records(repo));
    out
}

/// A tile set's id must match its file name; the fuzzer writes every set to
/// `fuzzset.toml`, so the seeds' `[set]` ids become `fuzzset`.
fn rename_set(bytes: &[u8], path: &Path) -> Vec<u8> {
    let stem = path.file_stem().unwrap_or_default().to_string_lossy();
    let text = String::from_utf8_lossy(bytes);
    text.replacen(&format!("id = \"{stem}\""), "id = \"fuzzset\"", 1)
        .into_bytes()
}

/// Games whose record is also a seed without its `seed` (games with no
/// discard: a scenario discards nothing; nor does it set tiles aside, so
/// those entries are left out of it; it turns up the tiles its `revealed`
/// entries name).
const SCENARIO_FORMS: &[(&str, u64)] = &[
    ("base_traders_builders", 29),
    ("base_c2", 1),
    ("base_princess_dragon", 2),
    ("base_bridges_castles_bazaars", 5),
];

/// Records of seeded bot games (what `carcassonne play --record` writes),
/// partial ones, some as scenarios, and the hand-written scenarios of
/// `tests/scenarios/`.
pub fn records(repo: &Path) -> Vec<Input> {
    let mut out = Vec::new();
    let games: &[(&str, u8, u64, &[BotKind])] = &[
        ("base", 2, 1, &[BotKind::Random]),
        (
            "base",
            3,
            42,
            &[BotKind::Random, BotKind::Greedy, BotKind::Greedy],
        ),
        ("base_river1", 2, 7, &[BotKind::Random]),
        ("base_inns_cathedrals", 4, 3, &[BotKind::Greedy]),
        ("base_legacy_farms", 2, 5, &[BotKind::Greedy]),
        ("base_count_king_robber", 2, 9, &[BotKind::Random]),
        // The City of Carcassonne: followers put into the castle and the
        // market (seed 6), the blacksmith's quarter (seed 4) and the
        // cathedral's (seed 47), moves of the Count, sends out of the City.
        ("base_count_king_robber", 2, 6, &[BotKind::Random]),
        ("base_count_king_robber", 2, 4, &[BotKind::Random]),
        ("base_count_king_robber", 2, 47, &[BotKind::Random]),
        ("wheel_of_fortune", 2, 11, &[BotKind::Random]),
        // The Wheel with The Princess & the Dragon and The Catapult: the
        // pig, the dragon round the Wheel, portals, catapult rounds:
        (
            "wheel_princess_dragon_catapult",
            3,
            3,
            &[BotKind::Random, BotKind::Greedy, BotKind::Random],
        ),
        // Turn parts and actions (docs/reference/records.md). Greedy
        // bots never deploy a builder or take an abbot back, so random
        // seats make these; the seeds are chosen for what happens in them
        // (fuzz/tests/turn_parts.rs checks that it still does).
        // Two builders, a pig, two second parts (one with a follower),
        // `second-tile` answered true and false:
        ("base_traders_builders", 2, 29, &[BotKind::Random]),
        // A greedy opponent (many completions, goods), two second parts:
        (
            "base_traders_builders",
            2,
            11,
            &[BotKind::Random, BotKind::Greedy],
        ),
        // Six abbots taken back (`return-abbot`, `abbot-return` events):
        ("base_c2", 2, 1, &[BotKind::Random]),
        // A greedy player's abbots, four returns, a discard:
        ("base_c2", 2, 18, &[BotKind::Greedy, BotKind::Random]),
        // Abbeys placed instead of drawing (three players, three abbeys;
        // one closes a city that scores), with discards:
        (
            "base_abbey_mayor",
            3,
            1,
            &[BotKind::Random, BotKind::Greedy, BotKind::Random],
        ),
        // Every figure kind but the builder, the river, gardens, a second
        // part, barns (one scoring farmers), castles (one scoring a
        // structure picked among several), two exchanges of prisoners and
        // two ransoms, bazaars, bridges, three players (seed chosen for the
        // mix with bridges, castles and bazaars):
        (
            "everything_c2",
            3,
            292,
            &[BotKind::Random, BotKind::Greedy, BotKind::Random],
        ),
        // The Princess & the Dragon (fuzz/tests/verbs.rs checks what they
        // hold): dragon tiles set aside and shuffled back, the dragon's
        // steps asked of every player in turn, the fairy moved and scoring
        // at a turn's start, portals, a princess sending a knight home:
        (
            "base_princess_dragon",
            3,
            2,
            &[BotKind::Greedy, BotKind::Random, BotKind::Greedy],
        ),
        // Bridges, Castles & Bazaars: bridges built at the figure step,
        // placements only a bridge makes legal, castles, bazaars:
        ("base_bridges_castles_bazaars", 2, 742, &[BotKind::Random]),
        // With Traders & Builders: six bridges, two builders, a second
        // part right after a part that built a bridge, seven bazaars:
        ("base_traders_builders_bridges", 2, 98, &[BotKind::Random]),
        // The Tower: pieces, followers on top, captures (a top among
        // them), three ransoms paid after a scoring (exchanges come in
        // base_inns_cathedrals_tower's seed and everything_c1's):
        ("base_tower", 2, 13, &[BotKind::Random]),
        // Hills & Sheep: shepherds drawing as they are placed, flocks grown
        // and herded, two wolves, tiles under hills:
        (
            "base_hills_sheep",
            2,
            2,
            &[BotKind::Greedy, BotKind::Random],
        ),
        // The River III's printed sheep and vineyards with Hills & Sheep:
        (
            "base_river3_hills_sheep",
            3,
            1,
            &[BotKind::Greedy, BotKind::Random, BotKind::Random],
        ),
        // With big followers: five on top of a tower, an exchange where the
        // owner chooses which of theirs comes back, eight ransoms:
        ("base_inns_cathedrals_tower", 3, 31, &[BotKind::Random]),
        // Bazaars: seven, tiles turned up (`revealed`), bids raised and
        // passed, tiles bought and sold, the buyers' turns:
        (
            "base_bridges_castles_bazaars",
            3,
            5,
            &[BotKind::Greedy, BotKind::Random, BotKind::Greedy],
        ),
        // The Catapult: rounds after fair tiles, every verb (tokens picked;
        // landings, a tie for the closest and catches dealt by chance;
        // swaps from the supply and from the board):
        ("base_catapult", 3, 10, &[BotKind::Random]),
        // The Flier: four flights (rolls dealt by chance), crashes and a
        // landing the player chose among several features:
        ("base_flier", 3, 16, &[BotKind::Random]),
        // The Ferries: a ferry put on each of the eight lakes, seven moved
        // (some completing roads):
        ("base_ferries", 3, 4, &[BotKind::Random]),
        // The Goldmines: seven second bars chosen, gold taken by completed
        // features, every player's end bonus:
        ("base_gold_mines", 3, 5, &[BotKind::Random]),
        // Crop Circles: twelve rounds, followers added beside their own
        // and removed:
        ("base_crop_circles", 3, 2, &[BotKind::Random]),
        // The Robbers: robbers placed and moved, shares taken, the robbing
        // marker's robbers moving along, and an owner's choice between two
        // markers that gained in one turn:
        ("base_robbers", 3, 15, &[BotKind::Random]),
        // The Messages: markers chosen, seven messages drawn (the deck's
        // order dealt by chance), five performed, among them a pick among
        // equally small features and a follower taken back among several:
        (
            "base_messages",
            3,
            223,
            &[BotKind::Greedy, BotKind::Random, BotKind::Greedy],
        ),
        // The Mage & the Witch: placed and moved after mage symbols,
        // scoring and leaving:
        ("base_mage_witch", 3, 1, &[BotKind::Random]),
        // Every 1st-edition set: the dragon among builders, pigs, wagons,
        // barns and the mayor; portals, a princess, wagons moved, three
        // exchanges of prisoners and a ransom, sends out of the City and
        // into its cathedral, castles, bridges, flocks grown from the sheep
        // bag:
        (
            "everything_c1",
            3,
            113,
            &[BotKind::Greedy, BotKind::Random, BotKind::Greedy],
        ),
    ];
    for &(id, players, seed, bots) in games {
        let Some(rules) = carcassonne_runtime::ruleset(id) else {
            continue;
        };
        let bots: Vec<BotKind> = if bots.len() == 1 {
            vec![bots[0]; players as usize]
        } else {
            bots.to_vec()
        };
        let rec =
            carcassonne_runtime::bots::play_recorded(rules, players, seed, &bots, |_, _, _, _| {})
                .expect("a bot game of a compiled-in ruleset");
        let text = serde_json::to_string_pretty(&rec).expect("a record serialises");
        out.push(Input {
            target: Target::Record,
            name: format!("play {id} seed {seed}"),
            bytes: text.into_bytes(),
        });
        if id == "base_river1" {
            // As played from the ruleset's file: the record carries copies
            // of its sources (docs/reference/records.md).
            if let Ok(model) = carcassonne_loader::compile(&repo.join("rulesets/base_river1.toml"))
            {
                let mut with = rec.clone();
                with.sources = Some(
                    model
                        .sources
                        .iter()
                        .map(carcassonne_loader::source_rec)
                        .collect(),
                );
                out.push(Input {
                    target: Target::Record,
                    name: format!("play {id} seed {seed}, with sources"),
                    bytes: serde_json::to_vec_pretty(&with).expect("serialises"),
                });
            }
        }
        if SCENARIO_FORMS.contains(&(id, seed)) {
            // The same game as a scenario (no seed): each entry forces its
            // tile and its player, the path hand-written records take.
            let mut scenario = rec.clone();
            scenario.seed = None;
            scenario.turns.retain(|t| t.set_aside.is_none());
            out.push(Input {
                target: Target::Record,
                name: format!("play {id} seed {seed}, as a scenario"),
                bytes: serde_json::to_vec_pretty(&scenario).expect("serialises"),
            });
        }
        if id == "base" && seed == 1 {
            let mut part = rec.clone();
            part.turns.truncate(12);
            part.final_ = None;
            out.push(Input {
                target: Target::Record,
                name: format!("play {id} seed {seed}, 12 turns"),
                bytes: serde_json::to_vec_pretty(&part).expect("serialises"),
            });
        }
    }
    out.extend(games_for_missing_verbs(&out));
    for path in sorted_files(&repo.join("tests/scenarios"), "json") {
        if let Ok(bytes) = std::fs::read(&path) {
            out.push(Input {
                target: Target::Record,
                name: format!("scenario {}", path.display()),
                bytes,
            });
        }
    }
    out
}

/// The module verbs (`VerbDef` names) the answers of `records` use.
pub fn verbs_answered(records: &[Input]) -> BTreeSet<String> {
    records
        .iter()
        .filter_map(|i| serde_json::from_slice::<Record>(&i.bytes).ok())
        .flat_map(|r| r.turns)
        .flat_map(|t| t.actions.unwrap_or_default())
        .map(|a| a.do_)
        .collect()
}

/// Bot games for each module verb the chosen games never answer with (a
/// module newer than the list above): the first of a few seeded games of a
/// compiled-in ruleset playing the module (the smallest first) that does,
/// so that a new module's answers are fuzzed before anyone picks a game
/// for them. Verbs that place a tile open an entry of their own and are
/// not looked for.
fn games_for_missing_verbs(chosen: &[Input]) -> Vec<Input> {
    const RULESETS_TRIED: usize = 3;
    const SEEDS_TRIED: u64 = 12;
    let mut have = verbs_answered(chosen);
    let mut out = Vec::new();
    for v in &declared().verbs {
        if !v.in_actions() || have.contains(v.def.name) {
            continue;
        }
        let mut rulesets: Vec<&'static carcassonne_runtime::Ruleset> =
            carcassonne_runtime::rulesets()
                .iter()
                .copied()
                .filter(|r| r.hooks.plays(v.mech))
                .collect();
        rulesets.sort_by_key(|r| (r.total, r.id));
        'found: for rules in rulesets.into_iter().take(RULESETS_TRIED) {
            let players = 3.clamp(rules.options.min_players, rules.options.max_players);
            for seed in 1..=SEEDS_TRIED {
                let bots: Vec<BotKind> = (0..players)
                    .map(|p| [BotKind::Random, BotKind::Greedy][usize::from(p % 2)])
                    .collect();
                let Ok(rec) = carcassonne_runtime::bots::play_recorded(
                    rules,
                    players,
                    seed,
                    &bots,
                    |_, _, _, _| {},
                ) else {
                    continue;
                };
                let input = Input {
                    target: Target::Record,
                    name: format!("play {} seed {seed}, for `{}`", rules.id, v.def.name),
                    bytes: serde_json::to_vec_pretty(&rec).expect("a record serialises"),
                };
                let found = verbs_answered(std::slice::from_ref(&input));
                if found.contains(v.def.name) {
                    have.extend(found);
                    out.push(input);
                    break 'found;
                }
            }
        }
    }
    out
}

fn sorted_files(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.flatten()
                .map(|e| e.path())
                .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == ext))
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// The saved corpus: `dir/<target>/*`, every target's files in name order.
pub fn saved(dir: &Path) -> Vec<Input> {
    let mut out = Vec::new();
    for t in Target::ALL {
        for path in sorted_files(&dir.join(t.name()), t.extension()) {
            if let Ok(bytes) = std::fs::read(&path) {
                out.push(Input {
                    target: t,
                    name: path.display().to_string(),
                    bytes,
                });
            }
        }
    }
    out
}

pub fn hash(bytes: &[u8]) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    bytes.hash(&mut h);
    h.finish()
}

/// Save `bytes` as `dir/<target>/<hash>.<ext>`; returns the path.
pub fn save(dir: &Path, target: Target, bytes: &[u8]) -> std::io::Result<PathBuf> {
    let folder = dir.join(target.name());
    std::fs::create_dir_all(&folder)?;
    let path = folder.join(format!("{:016x}.{}", hash(bytes), target.extension()));
    std::fs::write(&path, bytes)?;
    Ok(path)
}

/// Shrink a JSON input while `keeps` holds, by its structure: written
/// compactly, with array items and object members dropped (turns from the
/// end first). Returns the input unchanged if it is not JSON.
fn minimize_json(
    input: &[u8],
    keeps: &mut impl FnMut(&[u8]) -> bool,
    calls: &mut usize,
    budget: usize,
) -> Vec<u8> {
    let Ok(mut value) = serde_json::from_slice::<serde_json::Value>(input) else {
        return input.to_vec();
    };
    let mut best = input.to_vec();
    if let Ok(compact) = serde_json::to_vec(&value) {
        *calls += 1;
        if keeps(&compact) {
            best = compact;
        } else {
            return best;
        }
    }
    // Cut arrays short first, outermost first (a record's turns after the
    // one that matters go in a few calls): their last half, then quarter,
    // and so on while the property holds.
    let mut arrays = Vec::new();
    json_paths(&value, &mut Vec::new(), &mut arrays);
    arrays.insert(0, Vec::new());
    for path in arrays {
        let mut len = match value_at(&value, &path) {
            Some(serde_json::Value::Array(a)) => a.len(),
            _ => continue,
        };
        let mut cut = len.div_ceil(2);
        while cut > 0 && len > 0 {
            if *calls >= budget {
                return best;
            }
            let c = cut.min(len);
            let mut trial = value.clone();
            if let Some(serde_json::Value::Array(a)) = value_at_mut(&mut trial, &path) {
                a.truncate(len - c);
            }
            let Ok(bytes) = serde_json::to_vec(&trial) else {
                break;
            };
            *calls += 1;
            if keeps(&bytes) {
                value = trial;
                best = bytes;
                len -= c;
            } else {
                cut /= 2;
            }
        }
    }
    // Drop members and items, outermost first, the last ones first.
    loop {
        let mut paths = Vec::new();
        json_paths(&value, &mut Vec::new(), &mut paths);
        let mut changed = false;
        for path in paths.iter().rev() {
            if *calls >= budget {
                return best;
            }
            let mut trial = value.clone();
            if !remove_at(&mut trial, path) {
                continue;
            }
            let Ok(bytes) = serde_json::to_vec(&trial) else {
                continue;
            };
            *calls += 1;
            if keeps(&bytes) {
                value = trial;
                best = bytes;
                changed = true;
                break;
            }
        }
        if !changed {
            return best;
        }
    }
}

enum Key {
    Member(String),
    Item(usize),
}

fn json_paths(v: &serde_json::Value, at: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
    let children: Vec<&serde_json::Value> = match v {
        serde_json::Value::Object(m) => m.values().collect(),
        serde_json::Value::Array(a) => a.iter().collect(),
        _ => return,
    };
    for (i, c) in children.into_iter().enumerate() {
        at.push(i);
        out.push(at.clone());
        json_paths(c, at, out);
        at.pop();
    }
}

/// The value at `path` (indices of members or items, as `json_paths`
/// gives them).
fn value_at<'a>(v: &'a serde_json::Value, path: &[usize]) -> Option<&'a serde_json::Value> {
    let mut cur = v;
    for &i in path {
        cur = match cur {
            serde_json::Value::Object(m) => m.values().nth(i)?,
            serde_json::Value::Array(a) => a.get(i)?,
            _ => return None,
        };
    }
    Some(cur)
}

fn value_at_mut<'a>(
    v: &'a mut serde_json::Value,
    path: &[usize],
) -> Option<&'a mut serde_json::Value> {
    let mut cur = v;
    for &i in path {
        cur = match cur {
            serde_json::Value::Object(m) => m.values_mut().nth(i)?,
            serde_json::Value::Array(a) => a.get_mut(i)?,
            _ => return None,
        };
    }
    Some(cur)
}

fn remove_at(v: &mut serde_json::Value, path: &[usize]) -> bool {
    let Some((&last, parents)) = path.split_last() else {
        return false;
    };
    let mut cur = v;
    for &i in parents {
        cur = match cur {
            serde_json::Value::Object(m) => match m.values_mut().nth(i) {
                Some(c) => c,
                None => return false,
            },
            serde_json::Value::Array(a) => match a.get_mut(i) {
                Some(c) => c,
                None => return false,
            },
            _ => return false,
        };
    }
    let key = match cur {
        serde_json::Value::Object(m) => m.keys().nth(last).cloned().map(Key::Member),
        serde_json::Value::Array(a) if last < a.len() => Some(Key::Item(last)),
        _ => None,
    };
    match (cur, key) {
        (serde_json::Value::Object(m), Some(Key::Member(k))) => m.shift_remove(&k).is_some(),
        (serde_json::Value::Array(a), Some(Key::Item(i))) => {
            a.remove(i);
            true
        }
        _ => false,
    }
}

/// Shrink `input` while `keeps` holds: JSON by its structure, then drop runs
/// of lines (halving the run length), then runs of bytes, with at most
/// `budget` calls to `keeps`.
pub fn minimize(input: &[u8], mut keeps: impl FnMut(&[u8]) -> bool, budget: usize) -> Vec<u8> {
    let mut calls = 0;
    let mut best = minimize_json(input, &mut keeps, &mut calls, budget / 2);
    // Lines.
    let mut lines: Vec<Vec<u8>> = best
        .split_inclusive(|&c| c == b'\n')
        .map(<[u8]>::to_vec)
        .collect();
    let mut size = (lines.len() / 2).max(1);
    loop {
        let mut i = 0;
        while i < lines.len() && calls < budget {
            let end = (i + size).min(lines.len());
            let mut trial = lines.clone();
            trial.drain(i..end);
            let bytes = trial.concat();
            calls += 1;
            if keeps(&bytes) {
                lines = trial;
                best = bytes;
            } else {
                i += size;
            }
        }
        if size == 1 || calls >= budget {
            break;
        }
        size /= 2;
    }
    // Bytes (small inputs only).
    if best.len() <= 4096 {
        let mut size = (best.len() / 2).max(1);
        loop {
            let mut i = 0;
            while i < best.len() && calls < budget {
                let end = (i + size).min(best.len());
                let mut trial = best.clone();
                trial.drain(i..end);
                calls += 1;
                if keeps(&trial) {
                    best = trial;
                } else {
                    i += size;
                }
            }
            if size == 1 || calls >= budget {
                break;
            }
            size /= 2;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A long array is cut short in a few calls, so that a record of a
    /// hundred turns failing at its tenth shrinks within the budget.
    #[test]
    fn minimize_cuts_arrays_short() {
        let turns: Vec<u32> = (0..1000).collect();
        let input = serde_json::to_vec(&serde_json::json!({ "turns": turns })).expect("JSON");
        let mut calls = 0;
        let out = minimize(
            &input,
            |b| {
                calls += 1;
                serde_json::from_slice::<serde_json::Value>(b).is_ok_and(|v| {
                    v["turns"]
                        .as_array()
                        .is_some_and(|t| t.contains(&37.into()))
                })
            },
            200,
        );
        assert_eq!(out, br#"{"turns":[37]}"#);
        assert!(calls < 200, "{calls} calls");
    }

    #[test]
    fn minimize_keeps_the_property() {
        let input = b"a\nb\nNEEDLE\nc\nd\n";
        let out = minimize(input, |b| b.windows(6).any(|w| w == b"NEEDLE"), 1000);
        assert_eq!(out, b"NEEDLE");
    }
}
