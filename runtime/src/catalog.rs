//! The catalog JSON contract (README "Catalog JSON"): a ruleset's tiles as
//! other tools read them. Extend by adding fields; never rename or remove.

use serde_json::{json, Map, Value};

use crate::tables::{AttrValues, Kind, Ruleset, Segment, TileType, PORT_NAMES, SIDE_NAMES};

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

/// The ruleset's options as the catalog and records name them.
pub fn options_json(rs: &Ruleset) -> Map<String, Value> {
    let o = &rs.options;
    let v = json!({
        "farmers": o.farmers,
        "farm_scoring": o.farm_scoring.name(),
        "river_turns": o.river_turns.name(),
        "unused_start_tiles": o.unused_start.name(),
        "builder_second_tile": if o.builder_optional { "optional" } else { "always" },
        "river_volcano": if o.volcano_second_tile { "second-tile" } else { "none" },
        "wagon_move": if o.wagon_nearby { "nearby" } else { "adjacent" },
        "challenge_own_monk": o.challenge_own_monk,
        "min_players": o.min_players,
        "max_players": o.max_players,
        "followers": o.followers,
    });
    match v {
        Value::Object(m) => m,
        _ => Map::new(),
    }
}

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
