//! Giving a parsed shape its meaning and proving it hangs together: every port
//! used exactly once, each side of one type, fields bordering exactly the
//! cities they touch, no features crossing, attributes in their place.

use std::ops::Range;

use crate::model::{AttrValue, Edge, Kind, Segment};
use crate::ports::{self, Port, PORT_NAMES, SIDE_NAMES};
use crate::shape::{AttrWord, Sink, Statement, Word};
use crate::suggest::did_you_mean;

mod attributes;
mod borders;

use attributes::resolve_attrs;
use borders::{check_crossings, full_masks, resolve_borders};

/// The words that may start a shape line, for suggestions.
const KIND_WORDS: &[&str] = &[
    "city", "road", "field", "river", "cloister", "garden", "shrine", "seam", "any", "tile",
];

/// The geometry of one tile after checking.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Geometry {
    pub edges: [Edge; 4],
    pub segments: Vec<Segment>,
    pub attrs: Vec<AttrValue>,
}

/// The most segments a tile may have. Tiles of the seeds have at most 9; the
/// engine keeps a tile's segments in 16- and 32-bit sets (a field's bordering
/// cities, the segments a follower may not join).
pub const MAX_SEGMENTS: usize = 16;

struct SegInfo {
    kind: Kind,
    kind_span: Range<usize>,
    enclosed: bool,
    /// Where each claimed port was named.
    port_words: Vec<(Port, Range<usize>)>,
    border_words: Vec<Word>,
    bridge: bool,
    /// Where `+ends=` or `+in-city` is written (for the links' messages).
    link_attr: Option<Range<usize>>,
}

/// Who holds a port and where it was named.
#[derive(Clone)]
struct Claim {
    seg: usize,
    span: Range<usize>,
    /// Claimed as part of a whole city side (its halves included).
    via_city_side: bool,
}

pub fn build(
    statements: &[Statement],
    whole: Range<usize>,
    sink: &mut dyn Sink,
) -> Option<Geometry> {
    let mut counter = Counting {
        inner: sink,
        count: 0,
    };
    let sink = &mut counter;

    let mut infos: Vec<SegInfo> = Vec::new();
    let mut segments: Vec<Segment> = Vec::new();
    let mut tile_attrs: Vec<AttrValue> = Vec::new();
    let mut owner: [Option<Claim>; 12] = Default::default();
    // Sides declared `seam` (inside a start block) or `any` (match anything),
    // with where they were named.
    let mut special: [Option<(SideRole, Range<usize>)>; 4] = Default::default();
    // Set when a segment or one of its ports could not be understood: the
    // checks of the whole tile would then only repeat that error.
    let mut unresolved = false;

    for st in statements {
        match st {
            Statement::Marker { attrs, .. } => {
                tile_attrs.extend(resolve_attrs(attrs, None, sink));
            }
            Statement::Segment {
                kind,
                enclosed,
                ports: words,
                borders,
                attrs,
                ..
            } => {
                // `seam` and `any` name what a side matches, not a segment.
                if let Some(role) = SideRole::from_name(&kind.text) {
                    side_statement(
                        role,
                        kind,
                        enclosed,
                        words,
                        borders,
                        attrs,
                        &mut special,
                        sink,
                    );
                    continue;
                }
                let Some(k) = Kind::from_name(&kind.text) else {
                    sink.error(
                        kind.span.clone(),
                        format!(
                            "unknown segment kind `{}`; expected city, road, field, river, cloister, garden, shrine, `seam`, `any` or `tile`{}",
                            kind.text,
                            did_you_mean(&kind.text, "", KIND_WORDS.iter().copied())
                        ),
                    );
                    unresolved = true;
                    continue;
                };
                let seg = segments.len();
                if seg == MAX_SEGMENTS {
                    let n = statements
                        .iter()
                        .filter(|s| matches!(s, Statement::Segment { kind, .. } if SideRole::from_name(&kind.text).is_none()))
                        .count();
                    sink.error(
                        kind.span.clone(),
                        format!("a tile has at most {MAX_SEGMENTS} segments; this shape has {n}"),
                    );
                    return None;
                }
                let mut info = SegInfo {
                    kind: k,
                    kind_span: kind.span.clone(),
                    enclosed: enclosed.is_some(),
                    port_words: Vec::new(),
                    border_words: Vec::new(),
                    bridge: false,
                    link_attr: attrs
                        .iter()
                        .find(|a| matches!(a.name.text.as_str(), "ends" | "in-city"))
                        .map(|a| a.span.clone()),
                };
                if let Some(span) = enclosed {
                    if k != Kind::Field {
                        sink.error(
                            span.clone(),
                            format!("only a field can be enclosed, not a {}", k.name()),
                        );
                    }
                }
                let inside = lies_inside(k);
                if inside && !words.is_empty() {
                    sink.error(
                        words[0].span.clone(),
                        format!("a {} takes no ports: it lies inside the tile", k.name()),
                    );
                }
                if words.is_empty() && enclosed.is_none() && !inside {
                    let what = if k == Kind::Field {
                        "half-edges or `enclosed`"
                    } else {
                        "at least one side"
                    };
                    sink.error(kind.span.clone(), format!("a {} needs {what}", k.name()));
                }
                for w in words {
                    let resolved = resolve_port(k, w, sink);
                    unresolved |= resolved.is_empty();
                    for port in resolved {
                        claim(&mut owner, port, seg, k, w, &segments, sink);
                        info.port_words.push((port, w.span.clone()));
                    }
                }
                if let Some((span, list)) = borders {
                    if k != Kind::Field {
                        sink.error(
                            span.clone(),
                            format!("only a field borders cities, not a {}", k.name()),
                        );
                    } else {
                        info.border_words = list.clone();
                    }
                }
                let seg_attrs = resolve_attrs(attrs, Some(k), sink);
                // A bridge or a tunnel passes over or under what it crosses.
                info.bridge = seg_attrs
                    .iter()
                    .any(|a| a.name() == "bridge" || a.name() == "tunnel");
                let mut ports: Vec<Port> = info.port_words.iter().map(|(p, _)| *p).collect();
                ports.sort_unstable();
                ports.dedup();
                segments.push(Segment {
                    kind: k,
                    ports,
                    borders: Vec::new(),
                    attrs: seg_attrs,
                    links: 0,
                });
                infos.push(info);
            }
        }
    }
    if segments.is_empty() && sink.count == 0 && special.iter().all(Option::is_none) {
        sink.error(whole.clone(), "the shape has no segments".to_string());
    }

    let full = full_masks(&segments, &owner);
    resolve_borders(&mut segments, &infos, &owner, &full, !unresolved, sink);
    if !unresolved {
        check_special_sides(&owner, &infos, &special, sink);
        check_sides(&owner, &infos, &special, &whole, sink);
        check_crossings(&infos, &full, sink);
    }
    if sink.count == 0 {
        // Only a sound geometry says where its roads lead.
        let attr: Vec<Option<Range<usize>>> = infos.iter().map(|i| i.link_attr.clone()).collect();
        let line: Vec<Range<usize>> = infos.iter().map(|i| i.kind_span.clone()).collect();
        let spans = crate::links::Spans {
            attr: &attr,
            line: &line,
        };
        let links = crate::links::links(&segments, &spans, sink);
        for (seg, l) in segments.iter_mut().zip(links) {
            seg.links = l;
        }
    }

    if sink.count > 0 {
        return None;
    }
    let mut edges = [Edge::Field; 4];
    for (side, edge) in edges.iter_mut().enumerate() {
        if let Some((role, _)) = &special[side] {
            *edge = match role {
                SideRole::Seam => Edge::Seam,
                SideRole::Any => Edge::Any,
            };
        } else if let Some(c) = &owner[ports::middle(side as u8) as usize] {
            *edge = match segments[c.seg].kind {
                Kind::City => Edge::City,
                Kind::Road => Edge::Road,
                Kind::River => Edge::River,
                Kind::Field | Kind::Cloister | Kind::Garden | Kind::Shrine => Edge::Field,
            };
        }
    }
    Some(Geometry {
        edges,
        segments,
        attrs: tile_attrs,
    })
}

/// Kinds drawn inside the tile, away from its edges: they take no ports (a
/// shrine touches no edge, like the cloister it is placed and scored like,
/// 000_9deb58b1a7d17d38.txt L2066).
fn lies_inside(k: Kind) -> bool {
    k.around()
}

/// What a `seam` or `any` line makes of a side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SideRole {
    /// An inner side of a start block: it faces another tile of the block;
    /// its middle belongs to no segment and its halves to fields or to nothing.
    Seam,
    /// A side that matches any neighbour and closes what it meets (the
    /// abbey); no segment touches it.
    Any,
}

impl SideRole {
    fn from_name(name: &str) -> Option<SideRole> {
        match name {
            "seam" => Some(SideRole::Seam),
            "any" => Some(SideRole::Any),
            _ => None,
        }
    }

    fn name(self) -> &'static str {
        match self {
            SideRole::Seam => "seam",
            SideRole::Any => "any",
        }
    }
}

/// `seam N E` / `any N E S W`: whole sides, nothing else.
#[allow(clippy::too_many_arguments)]
fn side_statement(
    role: SideRole,
    kind: &Word,
    enclosed: &Option<Range<usize>>,
    words: &[Word],
    borders: &Option<(Range<usize>, Vec<Word>)>,
    attrs: &[AttrWord],
    special: &mut [Option<(SideRole, Range<usize>)>; 4],
    sink: &mut dyn Sink,
) {
    let what = role.name();
    if let Some(span) = enclosed {
        sink.error(
            span.clone(),
            format!("`{what}` takes sides, not `enclosed`"),
        );
    }
    if let Some((span, _)) = borders {
        sink.error(span.clone(), format!("`{what}` borders no city"));
    }
    for a in attrs {
        sink.error(
            a.span.clone(),
            format!("`{what}` takes no attributes; write tile markers on a `tile` line"),
        );
    }
    if words.is_empty() && enclosed.is_none() {
        sink.error(
            kind.span.clone(),
            format!("`{what}` needs at least one side"),
        );
    }
    for w in words {
        let Some(side) = ports::side_by_name(&w.text) else {
            let msg = if ports::port_by_name(&w.text).is_some() {
                format!(
                    "`{what}` takes whole sides (N E S W), not the half-edge `{}`",
                    w.text
                )
            } else {
                format!(
                    "unknown side `{}`; expected N E S W{}",
                    w.text,
                    did_you_mean(&w.text, "", SIDE_NAMES)
                )
            };
            sink.error(w.span.clone(), msg);
            continue;
        };
        match &special[side as usize] {
            Some((old, _)) => sink.error(
                w.span.clone(),
                format!(
                    "side {} is already declared `{}`",
                    SIDE_NAMES[side as usize],
                    old.name()
                ),
            ),
            None => special[side as usize] = Some((role, w.span.clone())),
        }
    }
}

/// A seam side has nothing in its middle; an `any` side has nothing at all.
fn check_special_sides(
    owner: &[Option<Claim>; 12],
    infos: &[SegInfo],
    special: &[Option<(SideRole, Range<usize>)>; 4],
    sink: &mut dyn Sink,
) {
    for side in 0..4u8 {
        let Some((role, _)) = &special[side as usize] else {
            continue;
        };
        let name = SIDE_NAMES[side as usize];
        let ports: Vec<Port> = match role {
            SideRole::Seam => vec![ports::middle(side)],
            SideRole::Any => vec![
                ports::halves(side)[0],
                ports::middle(side),
                ports::halves(side)[1],
            ],
        };
        for p in ports {
            if let Some(c) = &owner[p as usize] {
                let msg = match role {
                    SideRole::Seam => format!(
                        "side {name} is a seam inside a start block, so no {} can meet its middle",
                        infos[c.seg].kind.name()
                    ),
                    SideRole::Any => format!(
                        "side {name} matches anything (`any`), so no {} can touch it",
                        infos[c.seg].kind.name()
                    ),
                };
                sink.error(c.span.clone(), msg);
                break;
            }
        }
    }
}

struct Counting<'a> {
    inner: &'a mut dyn Sink,
    count: usize,
}

impl Sink for Counting<'_> {
    fn error(&mut self, span: Range<usize>, message: String) {
        self.count += 1;
        self.inner.error(span, message);
    }
}

/// The ports a word names for a segment of kind `k`.
fn resolve_port(k: Kind, w: &Word, sink: &mut dyn Sink) -> Vec<Port> {
    if let Some(side) = ports::side_by_name(&w.text) {
        return if k == Kind::Field {
            ports::halves(side).to_vec()
        } else {
            vec![ports::middle(side)]
        };
    }
    if let Some(p) = ports::port_by_name(&w.text) {
        if k == Kind::Field {
            return vec![p];
        }
        sink.error(
            w.span.clone(),
            format!(
                "a {} takes whole sides (N E S W), not the half-edge `{}`",
                k.name(),
                w.text
            ),
        );
        return Vec::new();
    }
    sink.error(
        w.span.clone(),
        format!(
            "unknown port `{}`; expected a side N E S W or a half-edge Nw Ne En Es Se Sw Ws Wn{}",
            w.text,
            did_you_mean(&w.text, "", SIDE_NAMES.into_iter().chain(PORT_NAMES))
        ),
    );
    Vec::new()
}

fn claim(
    owner: &mut [Option<Claim>; 12],
    port: Port,
    seg: usize,
    k: Kind,
    w: &Word,
    segments: &[Segment],
    sink: &mut dyn Sink,
) {
    let city_side = k == Kind::City;
    let targets: Vec<Port> = if city_side {
        let side = ports::side_of(port);
        vec![ports::halves(side)[0], port, ports::halves(side)[1]]
    } else {
        vec![port]
    };
    for p in targets {
        let new = Claim {
            seg,
            span: w.span.clone(),
            via_city_side: city_side,
        };
        match &owner[p as usize] {
            None => owner[p as usize] = Some(new),
            Some(old) => {
                let old_kind = segments.get(old.seg).map_or(k, |s| s.kind);
                if (old.via_city_side && k == Kind::Field) || (city_side && old_kind == Kind::Field)
                {
                    let side = SIDE_NAMES[ports::side_of(p) as usize];
                    sink.error(
                        w.span.clone(),
                        format!(
                            "side {side} is a city side, so its half-edge `{}` cannot be in a field",
                            PORT_NAMES[p as usize]
                        ),
                    );
                } else {
                    let name = if ports::is_middle(p) {
                        SIDE_NAMES[ports::side_of(p) as usize]
                    } else {
                        PORT_NAMES[p as usize]
                    };
                    sink.error(
                        w.span.clone(),
                        format!(
                            "port `{name}` is used twice: it already belongs to another segment"
                        ),
                    );
                }
                // Report a city side once, not for each of its three ports.
                if city_side {
                    return;
                }
            }
        }
    }
}

/// Each side is of one type: a road or river side has fields on both halves;
/// a side without a middle feature is covered by fields.
fn check_sides(
    owner: &[Option<Claim>; 12],
    infos: &[SegInfo],
    special: &[Option<(SideRole, Range<usize>)>; 4],
    whole: &Range<usize>,
    sink: &mut dyn Sink,
) {
    for side in 0..4u8 {
        // A seam's halves may lie in fields or in the block's inside; an
        // `any` side is checked by `check_special_sides`.
        if special[side as usize].is_some() {
            continue;
        }
        let mid = &owner[ports::middle(side) as usize];
        let halves = ports::halves(side);
        let side_name = SIDE_NAMES[side as usize];
        match mid {
            Some(c) if matches!(infos[c.seg].kind, Kind::Road | Kind::River) => {
                for h in halves {
                    let is_field = owner[h as usize]
                        .as_ref()
                        .is_some_and(|o| infos[o.seg].kind == Kind::Field);
                    if !is_field {
                        sink.error(
                            c.span.clone(),
                            format!(
                                "{} side {side_name} needs a field on both halves, but half-edge `{}` is in no field",
                                infos[c.seg].kind.name(),
                                PORT_NAMES[h as usize]
                            ),
                        );
                    }
                }
            }
            Some(_) => {}
            None => {
                let unused: Vec<Port> = halves
                    .into_iter()
                    .filter(|h| owner[*h as usize].is_none())
                    .collect();
                if unused.len() == 2 {
                    sink.error(
                        whole.clone(),
                        format!("side {side_name} is not used by any segment"),
                    );
                } else {
                    for h in unused {
                        sink.error(
                            whole.clone(),
                            format!(
                                "half-edge `{}` is not used by any segment",
                                PORT_NAMES[h as usize]
                            ),
                        );
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape;

    struct Errors(Vec<String>);
    impl Sink for Errors {
        fn error(&mut self, _: Range<usize>, message: String) {
            self.0.push(message);
        }
    }

    fn check(src: &str) -> Result<Geometry, Vec<String>> {
        let st = shape::parse(src).expect("syntax");
        let mut e = Errors(Vec::new());
        build(&st, 0..src.len(), &mut e).ok_or(e.0)
    }

    #[test]
    fn base_d_tile() {
        let g = check("city N\nroad W E\nfield En Wn > N\nfield Es Se Sw Ws").unwrap();
        assert_eq!(g.edges, [Edge::City, Edge::Road, Edge::Field, Edge::Road]);
        assert_eq!(g.segments[2].borders, vec![0]);
        assert_eq!(g.segments[1].port_names(), ["E", "W"]);
    }

    #[test]
    fn missing_border_is_reported() {
        let e = check("city N\nroad W E\nfield En Wn\nfield Es Se Sw Ws").unwrap_err();
        assert_eq!(
            e,
            ["this field touches the city on N but does not list it after `>`"]
        );
    }

    #[test]
    fn crossing_roads_need_a_bridge() {
        let e = check("road N S\nroad W E\nfield Nw Wn\nfield Ne En\nfield Es Se\nfield Sw Ws")
            .unwrap_err();
        assert!(e[0].contains("crosses"), "{e:?}");
        assert!(check(
            "road N S\nroad W E +bridge\nfield Nw Wn\nfield Ne En\nfield Es Se\nfield Sw Ws"
        )
        .is_ok());
    }

    #[test]
    fn an_unknown_port_is_reported_once() {
        // Not also as an unused side S or a field that misses the city.
        let e = check("road E W\nfield N En Wn\nfield Es Q Ws").unwrap_err();
        assert_eq!(e.len(), 1, "{e:?}");
        assert!(e[0].starts_with("unknown port `Q`"), "{e:?}");
    }

    #[test]
    fn seams_leave_their_middles_and_some_halves_to_nothing() {
        // CO/1 of the City of Carcassonne: the E and S sides face the block.
        let g = check("road W\nfield N En Wn\nfield Sw Ws\nseam E S").unwrap();
        assert_eq!(g.edges, [Edge::Field, Edge::Seam, Edge::Seam, Edge::Road]);
        // The Wheel's hub: nothing but seams.
        let g = check("seam N E S W").unwrap();
        assert!(g.segments.is_empty());
        let e = check("road N S\nfield W Nw Sw\nfield E Ne Se\nseam S").unwrap_err();
        assert!(e[0].contains("seam inside a start block"), "{e:?}");
    }

    #[test]
    fn any_sides_take_nothing() {
        let g = check("any N E S W\ntile +abbey").unwrap();
        assert_eq!(g.edges, [Edge::Any; 4]);
        let e = check("field N\nany N E S W").unwrap_err();
        assert!(e[0].contains("matches anything"), "{e:?}");
    }

    #[test]
    fn border_exceptions() {
        // P&D's CCc+.p: the W field meets the E-S city only at a corner.
        assert!(check("city N\ncity E S\nfield W > N !S\nfield enclosed > N S").is_ok());
        let e = check("city N\ncity E S\nfield W > N\nfield enclosed > N S").unwrap_err();
        assert!(e[0].contains("touches the city on E"), "{e:?}");
        // A&M's CCc+: the S field borders the N city across the W-E city.
        assert!(check("city N\ncity E W\nfield enclosed > N W\nfield S > ~N W").is_ok());
        let e = check("city N\ncity E W\nfield enclosed > N W\nfield S > N W").unwrap_err();
        assert!(e[0].contains("does not touch the city on N"), "{e:?}");
    }

    #[test]
    fn a_tunnel_passes_under_the_city() {
        assert!(check("city E W\nroad N S +tunnel\nfield N > W\nfield S > W").is_ok());
    }

    #[test]
    fn a_garden_lies_inside_the_tile_like_a_cloister() {
        // Base E.G: a city cap and a garden in the field.
        let g = check("city N\nfield E S W > N\ngarden").unwrap();
        assert_eq!(g.edges, [Edge::City, Edge::Field, Edge::Field, Edge::Field]);
        assert_eq!(g.segments[2].kind, Kind::Garden);
        assert!(g.segments[2].ports.is_empty());
        assert!(g.attrs.is_empty(), "a garden is a segment, not a marker");
        // A cloister and a garden on one tile are two segments.
        let g = check("cloister\ngarden\nfield N E S W").unwrap();
        assert_eq!(
            g.segments.iter().map(|s| s.kind).collect::<Vec<_>>(),
            [Kind::Cloister, Kind::Garden, Kind::Field]
        );
        let e = check("garden N\nfield N E S W").unwrap_err();
        assert_eq!(e, ["a garden takes no ports: it lies inside the tile"]);
        let e = check("garden +pennant\nfield N E S W").unwrap_err();
        assert_eq!(e, ["`+pennant` belongs on a city segment, not on a garden"]);
    }

    #[test]
    fn a_garden_marker_says_to_write_a_segment() {
        let e = check("city N\nfield E S W > N\ntile +garden").unwrap_err();
        assert_eq!(
            e,
            ["unknown attribute `+garden`; a garden is a segment, not an attribute: write `garden` on a line of its own"]
        );
    }

    #[test]
    fn a_shrine_lies_inside_the_tile_like_a_cloister() {
        // Heretics & Shrines' CU/SC: a city cap, a field, the shrine inside
        // (placed and scored like a cloister, 000_9deb58b1a7d17d38.txt L2068).
        let g = check("city N\nfield E S W > N\nshrine").unwrap();
        assert_eq!(g.edges, [Edge::City, Edge::Field, Edge::Field, Edge::Field]);
        assert_eq!(g.segments[2].kind, Kind::Shrine);
        assert!(g.segments[2].ports.is_empty(), "a shrine touches no edge");
        assert!(g.attrs.is_empty(), "a shrine is a segment, not a marker");
        let e = check("shrine S\nfield N E S W").unwrap_err();
        assert_eq!(e, ["a shrine takes no ports: it lies inside the tile"]);
        let e = check("shrine +inn\nfield N E S W").unwrap_err();
        assert_eq!(e, ["`+inn` belongs on a road segment, not on a shrine"]);
        // The attribute it was before: answered with the line to write.
        let e = check("field N E S W\ntile +shrine").unwrap_err();
        assert_eq!(
            e,
            ["unknown attribute `+shrine`; a shrine is a segment, not an attribute: write `shrine` on a line of its own"]
        );
        let e = check("field N E S W\nshrin").unwrap_err();
        assert!(e[0].ends_with("did you mean `shrine`?"), "{e:?}");
    }

    #[test]
    fn a_misspelt_garden_is_suggested() {
        let e = check("city N\nfield E S W > N\ngardn").unwrap_err();
        assert_eq!(e.len(), 1, "{e:?}");
        assert!(
            e[0].starts_with("unknown segment kind `gardn`; expected city, road, field, river, cloister, garden,"),
            "{e:?}"
        );
        assert!(e[0].ends_with("did you mean `garden`?"), "{e:?}");
    }
}
