//! The catalog JSON contract (docs/reference/catalog.md): a ruleset's tiles as
//! other tools read them. Extend by adding fields; never rename or remove.

use serde_json::{json, Map, Value};

use crate::tables::{AttrValues, Kind, Ruleset, Segment, TileType, PORT_NAMES, SIDE_NAMES};
use carcassonne_vocab::mech::OptionValues;

fn attrs_json(attrs: &[crate::tables::Attr]) -> Value {
    let mut m = Map::new();
    for a in attrs {
        let info = &crate::generated::ATTRS[a.id as usize];
        let v = match info.values {
            AttrValues::Flag => Value::Bool(true),
            AttrValues::Count => Value::from(a.value),
            AttrValues::OneOf(words) => Value::from(words[a.value as usize]),
        };
        m.insert(info.name.to_string(), v);
    }
    Value::Object(m)
}

/// Port names of a segment: side names for cities, roads and rivers, half-edge
/// names for fields; none for cloisters, gardens and enclosed fields.
pub fn port_names(seg: &Segment) -> Vec<&'static str> {
    match seg.kind {
        Kind::Field => (0..12)
            .filter(|p| p % 3 != 1 && seg.ports & (1 << p) != 0)
            .map(|p| PORT_NAMES[p])
            .collect(),
        _ => (0..4)
            .filter(|s| seg.ports & (1 << (3 * s + 1)) != 0)
            .map(|s| SIDE_NAMES[s])
            .collect(),
    }
}

fn segment_json(seg: &Segment) -> Value {
    let mut m = Map::new();
    m.insert("kind".into(), Value::from(seg.kind.name()));
    m.insert("ports".into(), json!(port_names(seg)));
    if seg.kind == Kind::Field {
        let borders: Vec<usize> = (0..16).filter(|i| seg.borders & (1 << i) != 0).collect();
        m.insert("borders".into(), json!(borders));
    }
    m.insert("attrs".into(), attrs_json(seg.attrs));
    if seg.links != 0 {
        let links: Vec<usize> = (0..16).filter(|i| seg.links & (1 << i) != 0).collect();
        m.insert("links".into(), json!(links));
    }
    Value::Object(m)
}

fn tile_json(t: &TileType) -> Value {
    let mut m = Map::new();
    m.insert("id".into(), Value::from(t.id));
    m.insert("set".into(), Value::from(t.set));
    m.insert("count".into(), Value::from(t.count));
    m.insert("start".into(), Value::from(t.start));
    m.insert(
        "edges".into(),
        json!(t.edges.iter().map(|e| e.name()).collect::<Vec<_>>()),
    );
    m.insert(
        "segments".into(),
        Value::Array(t.segments.iter().map(segment_json).collect()),
    );
    m.insert("attrs".into(), attrs_json(t.attrs));
    if !t.ignored.is_empty() {
        m.insert("ignored".into(), json!(t.ignored));
    }
    if t.left_out > 0 {
        m.insert("left_out".into(), Value::from(t.left_out));
        m.insert("left_out_reason".into(), Value::from(t.left_out_reason));
    }
    Value::Object(m)
}

/// The ruleset's options as the catalog and records name them: every
/// declared option (`carcassonne_vocab::mech::OPTIONS`, a word or a
/// boolean), then the players and followers.
pub fn options_json(rs: &Ruleset) -> Map<String, Value> {
    let o = &rs.options;
    let mut m = Map::new();
    for (i, decl) in crate::tables::OPTIONS.iter().enumerate() {
        let v = match decl.values {
            OptionValues::Bool => Value::Bool(o.values[i] != 0),
            OptionValues::Words(w) => {
                Value::from(w.get(o.values[i] as usize).copied().unwrap_or("?"))
            }
        };
        m.insert(decl.key.to_string(), v);
    }
    m.insert("min_players".into(), Value::from(o.min_players));
    m.insert("max_players".into(), Value::from(o.max_players));
    m.insert("followers".into(), Value::from(o.followers));
    m
}

/// The catalog of ruleset `rs` as JSON (docs/reference/catalog.md).
pub fn to_json(rs: &Ruleset) -> Value {
    let start: Vec<Value> = rs
        .start
        .iter()
        .map(|s| json!({ "tile": rs.tiles[s.tile as usize].id, "x": s.x, "y": s.y, "rotation": s.rotation }))
        .collect();
    json!({
        "ruleset": rs.id,
        "name": rs.name,
        "edition": rs.edition,
        "sets": rs.sets,
        "mechanics": rs.mechanics,
        "options": options_json(rs),
        "total": rs.total,
        "start_placement": start,
        "with_river": rs.with_river.iter().map(|&t| rs.tiles[t as usize].id).collect::<Vec<_>>(),
        "tiles": rs.tiles.iter().map(tile_json).collect::<Vec<_>>(),
    })
}
