//! Tiles of different sets in one ruleset that are the same up to rotation.
//!
//! Within a set such a pair is an error unless declared (`duplicate_of`); a
//! set cannot know the others it will be mixed with, so across sets the pair
//! is a warning, raised where a ruleset mixes them: usually a tile copied
//! into a new set by mistake. Two boxes that really print the same tile (River
//! I's and River II's springs) say so in the later set's tile,
//! `duplicate_of = { set = "river1", tile = "RI/s" }`, and are not warned
//! about.

use std::collections::{HashMap, HashSet};
use std::ops::Range;

use crate::canon::{canonical, Canonical};
use crate::model::Tile;
use crate::toml_read::{At, Reader};

/// Warn about every tile that is the same as a tile of an earlier set of the
/// mix, naming both tiles, both sets and where each is defined, unless one
/// declares the other its `duplicate_of`; and about a declared pair that is
/// not the same. Only the first tile of a set with a given shape is named:
/// its copies in the same set are the set's own business (`duplicate_of`, a
/// start block). The warnings are at the later set's entry in `sets`.
///
/// Tiles are compared as the ruleset takes them, with the names of the
/// attributes it ignores (`tiles_only`): in play the two tiles would be
/// alike, but a tile whose tower foundation is ignored is a tower variant,
/// not a copy.
pub(crate) fn warn_duplicates<'a>(
    r: &mut Reader,
    tiles: &[Tile],
    sets: impl IntoIterator<Item = &'a At<String>>,
) {
    let set_spans: HashMap<&str, Range<usize>> = sets
        .into_iter()
        .map(|s| (s.value.as_str(), s.span.clone()))
        .collect();
    let keys: Vec<(Canonical, &[String])> = tiles
        .iter()
        .map(|t| (canonical(t), t.ignored.as_slice()))
        .collect();
    // Every tile comes from a named set; the start of the file otherwise.
    let at = |r: &mut Reader, set: &str, message: String| {
        r.warn(set_spans.get(set).cloned().unwrap_or(0..0), message);
    };
    let by_name: HashMap<(&str, &str), usize> = tiles
        .iter()
        .enumerate()
        .map(|(i, t)| ((t.set.as_str(), t.id.as_str()), i))
        .collect();
    for (j, t) in tiles.iter().enumerate() {
        let Some((set, id)) = &t.duplicate_of else {
            continue;
        };
        match by_name.get(&(set.as_str(), id.as_str())) {
            Some(&i) if keys[i] != keys[j] => at(
                r,
                &t.set,
                format!(
                    "tile `{}` of set `{}` ({}) is declared the same as tile `{id}` of set `{set}` ({}), but they differ",
                    t.id, t.set, t.origin, tiles[i].origin
                ),
            ),
            // The same, or not in this ruleset (another edition, another
            // mix): nothing to say.
            _ => {}
        }
    }
    // The tiles of each shape so far, kept so that each tile costs the same
    // however many share its shape (a hostile mix can have 64,000).
    #[derive(Default)]
    struct Group<'t> {
        first: Option<usize>,
        sets: HashSet<&'t str>,
        /// (set, tile) of the members, and of the tiles they declare.
        members: HashSet<(&'t str, &'t str)>,
        declared: HashSet<(&'t str, &'t str)>,
    }
    let mut by_shape: HashMap<&(Canonical, &[String]), Group> = HashMap::new();
    for (j, t) in tiles.iter().enumerate() {
        let g = by_shape.entry(&keys[j]).or_default();
        let me = (t.set.as_str(), t.id.as_str());
        let names = t
            .duplicate_of
            .as_ref()
            .map(|(s, i)| (s.as_str(), i.as_str()));
        // Skipped: a copy within its own set (the set's business), and a
        // tile declared the same as one of the group or by one, which vouches
        // for it (that one has been compared with the rest already).
        let vouched = g.sets.contains(me.0)
            || names.is_some_and(|n| g.members.contains(&n))
            || g.declared.contains(&me);
        let first = g.first.filter(|_| !vouched);
        g.first.get_or_insert(j);
        g.sets.insert(me.0);
        g.members.insert(me);
        g.declared.extend(names);
        let Some(u) = first.map(|i| &tiles[i]) else {
            continue;
        };
        at(
            r,
            &t.set,
            format!(
                "tile `{}` of set `{}` ({}) is the same as tile `{}` of set `{}` ({}) up to rotation; if both boxes have this tile, declare `duplicate_of = {{ set = \"{}\", tile = \"{}\" }}`",
                t.id, t.set, t.origin, u.id, u.set, u.origin, u.set, u.id
            ),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Source;
    use crate::shape::Sink;
    use crate::tile::build;

    struct Panic;
    impl Sink for Panic {
        fn error(&mut self, _: Range<usize>, message: String) {
            panic!("{message}");
        }
    }

    fn tile(set: &str, id: &str, shape: &str, declares: Option<(&str, &str)>) -> Tile {
        let st = crate::shape::parse(shape).expect("syntax");
        let g = build(&st, 0..shape.len(), &mut Panic).expect("valid");
        let mut t = Tile::bare(id, g.edges, g.segments, g.attrs);
        t.set = set.to_string();
        t.duplicate_of = declares.map(|(s, i)| (s.to_string(), i.to_string()));
        t
    }

    fn warnings(tiles: &[Tile]) -> Vec<String> {
        let src = Source::new("r.toml", "");
        let mut r = Reader::new(&src);
        let sets: Vec<At<String>> = ["a", "b", "c", "d", "e"]
            .iter()
            .map(|s| At {
                value: s.to_string(),
                span: 0..0,
            })
            .collect();
        warn_duplicates(&mut r, tiles, &sets);
        assert!(r.diags.is_empty());
        r.warnings.iter().map(|d| d.message.clone()).collect()
    }

    const CITY_N: &str = "city N\nfield E S W > N";
    const CITY_E: &str = "city E\nfield S W N > E";
    const ROAD: &str = "road N S\nfield W Nw Sw\nfield E Ne Se";

    #[test]
    fn declared_pairs_vouch_for_their_tiles() {
        let tiles = [
            tile("a", "a1", CITY_N, None),
            tile("b", "b1", CITY_E, Some(("a", "a1"))),
            tile("b", "b2", CITY_N, None),
            tile("c", "c1", CITY_N, Some(("b", "b1"))),
            tile("d", "d1", CITY_E, None),
            tile("e", "e1", ROAD, Some(("a", "a1"))),
        ];
        let w = warnings(&tiles);
        assert_eq!(w.len(), 2, "{w:#?}");
        assert!(
            w[0].starts_with("tile `e1` of set `e` () is declared the same as tile `a1` of set `a` (), but they differ"),
            "{}",
            w[0]
        );
        assert!(
            w[1].starts_with(
                "tile `d1` of set `d` () is the same as tile `a1` of set `a` () up to rotation"
            ),
            "{}",
            w[1]
        );
    }

    #[test]
    fn a_garden_variant_is_no_copy() {
        let garden = tile("b", "b1", "city N\nfield E S W > N\ngarden", None);
        assert!(warnings(&[tile("a", "a1", CITY_N, None), garden]).is_empty());
    }

    #[test]
    fn an_ignored_attribute_tells_tiles_apart() {
        let mut tower = tile("b", "b1", CITY_N, None);
        tower.ignored = vec!["tower".to_string()];
        assert!(warnings(&[tile("a", "a1", CITY_N, None), tower]).is_empty());
    }
}
