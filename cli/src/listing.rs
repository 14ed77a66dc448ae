//! `carcassonne rulesets`: each compiled-in ruleset with the mechanics the
//! engine plays in it, and, per set, the tile marks it ignores (a set taken
//! `tiles_only`) with the mechanics they wait for. Rules of a set that no
//! tile mark carries (a builder, a wagon) are not listed: the tables do not
//! know them.

use std::collections::BTreeSet;

use carcassonne_codegen::attrs::ATTRIBUTES;
use carcassonne_runtime::tables::Ruleset;

/// Two lines: the ruleset, then its mechanics and the ignored tile marks.
pub fn describe(rs: &Ruleset) -> String {
    let mut out = format!("{:<28} {} ({} tiles)\n", rs.id, rs.name, rs.total);
    out.push_str(&format!("    plays: {}", rs.mechanics.join(", ")));
    let tiles_only: Vec<String> = rs
        .sets
        .iter()
        .filter_map(|set| {
            let waiting: BTreeSet<&str> = rs
                .tiles
                .iter()
                .filter(|t| t.set == *set)
                .flat_map(|t| t.ignored.iter())
                .filter_map(|a| ATTRIBUTES.iter().find(|d| d.name == *a))
                .map(|d| d.mechanic)
                .collect();
            // Mechanics the engine does not play yet, and ones it plays
            // that this ruleset leaves off.
            let (later, off): (Vec<&str>, Vec<&str>) = waiting.into_iter().partition(|m| {
                !carcassonne_codegen::attrs::mechanic(m).is_some_and(|d| d.implemented)
            });
            let mut why = Vec::new();
            if !later.is_empty() {
                why.push(format!("{}: not played yet", later.join(", ")));
            }
            if !off.is_empty() {
                why.push(format!("{}: off here", off.join(", ")));
            }
            (!why.is_empty()).then(|| format!("{set} ({})", why.join("; ")))
        })
        .collect();
    if !tiles_only.is_empty() {
        out.push_str(&format!("; tile marks ignored: {}", tiles_only.join("; ")));
    }
    out
}
