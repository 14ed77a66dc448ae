//! A ruleset's `[options]`: the declared rule options of its mechanics, the
//! players and followers, and how the game starts (read here, chosen in
//! `start`).

use carcassonne_vocab::mech::{OptionDecl, OptionValues, OPTIONS};

use super::start::StartChoice;
use super::{MAX_FOLLOWERS, MAX_START_EXTRA};
use crate::model::{FarmScoring, Options, UnusedStart};
use crate::suggest::did_you_mean;
use crate::tileset::read_start_cell;
use crate::toml_read::{At, Reader};

/// The `[options]` keys that shape the game rather than a mechanic's rule;
/// the declared options (`vocab::mech::OPTIONS`) come before them.
pub(super) const STRUCTURAL_KEYS: &[&str] = &[
    "min_players",
    "max_players",
    "followers",
    "start_tile",
    "start_block",
    "start_extra",
    "leave_out",
];

/// The barn scores farmers and farms the per-farm way (000_9deb58b1a7d17d38.txt
/// L1777, L1803): without farmers it would stand on farms that never join,
/// and the 2000 scoring's per-city majorities are not what its rules count.
pub(super) fn barn_needs_farms(r: &mut Reader, o: &Options, m: &At<String>) {
    if !o.farmers() || o.farm_scoring() != FarmScoring::PerFarm {
        r.error(
            m.span.clone(),
            "mechanic `barn` scores farms the per-farm way: it needs `farmers = true` and `farm_scoring = \"per-farm\"`",
        );
    }
}

pub fn default_options(edition: u8) -> Options {
    Options {
        values: carcassonne_vocab::mech::default_options(edition),
        min_players: 2,
        max_players: 5,
        followers: 7,
    }
}

pub(super) fn read_options(
    r: &mut Reader,
    v: &crate::toml_read::Value,
    edition: u8,
    on: impl Fn(&str) -> bool,
) -> Option<(Options, StartChoice)> {
    let keys: Vec<&str> = OPTIONS
        .iter()
        .map(|o| o.key)
        .chain(STRUCTURAL_KEYS.iter().copied())
        .collect();
    let f = r.table(v, "[options]", &keys)?;
    let mut o = default_options(edition);
    for (i, decl) in OPTIONS.iter().enumerate() {
        if let Some(value) = read_option(r, &f, decl, &on) {
            o.values[i] = value;
        }
    }
    if let Some(u) = f.get("unused_start_tiles") {
        let with_river = matches!(
            o.unused_start(),
            UnusedStart::River | UnusedStart::AfterRiver
        );
        if with_river && !on("river") {
            r.error(
                u.span(),
                format!(
                    "unused_start_tiles `{}` goes with the river: enable mechanic `river`",
                    o.unused_start().name()
                ),
            );
        }
    }
    let min = r.integer(&f, "min_players", 1, 8);
    let max = r.integer(&f, "max_players", 1, 8);
    if let Some(m) = &min {
        o.min_players = m.value as u8;
    }
    if let Some(m) = &max {
        o.max_players = m.value as u8;
    }
    if o.min_players > o.max_players {
        let span = max.or(min).map_or(f.span.clone(), |m| m.span);
        r.error(
            span,
            format!(
                "min_players {} is more than max_players {}",
                o.min_players, o.max_players
            ),
        );
    }
    if let Some(n) = r.integer(&f, "followers", 0, MAX_FOLLOWERS) {
        o.followers = n.value as u8;
    }
    let mut choice = StartChoice {
        tile: r.string(&f, "start_tile", false),
        block: r.string(&f, "start_block", false),
        extra: Vec::new(),
        leave_out: r.strings(&f, "leave_out").unwrap_or_default(),
    };
    if let (Some(_), Some(b)) = (&choice.tile, &choice.block) {
        r.error(
            b.span.clone(),
            "give either `start_tile` or `start_block`, not both",
        );
    }
    let extra = r.array(&f, "start_extra").unwrap_or(&[]);
    r.too_long(extra, MAX_START_EXTRA, |n| {
        format!("`start_extra` has at most {MAX_START_EXTRA} placements; this one has {n}")
    });
    for item in extra.iter().take(MAX_START_EXTRA) {
        if let Some(cell) = read_start_cell(r, item, "a `start_extra` entry") {
            choice.extra.push(cell);
        }
    }
    Some((o, choice))
}

/// One declared option's value, if the ruleset sets it: an error when the
/// mechanic it belongs to is off (`on` says), or for a word it does not
/// take.
pub(super) fn read_option(
    r: &mut Reader,
    f: &crate::toml_read::Fields,
    decl: &OptionDecl,
    on: &impl Fn(&str) -> bool,
) -> Option<u8> {
    let span = f.get(decl.key)?.span();
    let off = |r: &mut Reader| {
        if !on(decl.mechanic) {
            r.error(
                span.clone(),
                format!(
                    "{} goes with the {1}: enable mechanic `{1}`",
                    decl.key, decl.mechanic
                ),
            );
        }
    };
    match decl.values {
        OptionValues::Bool => {
            let b = r.boolean(f, decl.key)?;
            off(r);
            Some(u8::from(b.value))
        }
        OptionValues::Words(words) => {
            let s = r.string(f, decl.key, false)?;
            off(r);
            match words.iter().position(|w| *w == s.value) {
                Some(i) => Some(i as u8),
                None => {
                    r.error(
                        s.span.clone(),
                        format!(
                            "unknown {} `{}`; expected {}{}",
                            decl.key,
                            s.value,
                            either(words),
                            did_you_mean(&s.value, "", words.iter().copied())
                        ),
                    );
                    None
                }
            }
        }
    }
}

/// "`a` or `b`", "`a`, `b` or `c`".
pub(super) fn either(words: &[&str]) -> String {
    let quoted: Vec<String> = words.iter().map(|w| format!("`{w}`")).collect();
    match quoted.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => quoted.join(""),
    }
}
