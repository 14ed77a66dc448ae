//! Which segments of a tile lead straight into one another: where a wagon
//! may drive after its feature scores (Abbey & Mayor,
//! 000_9deb58b1a7d17d38.txt L1668, fn 31-35 L1864-L1869).
//!
//! Across tiles the engine joins features already, so adjacency is a matter
//! of one tile's inside: a road that ends at a crossing leads to the other
//! roads ending there, a road that ends at a city gate or at a cloister
//! leads into it, and a cloister inside a city shares its ground (fn 35).
//! Nothing else connects: two cities never (fn 31), nor anything through a
//! crossing into a city (fn 32), nor across a farm or through another
//! feature (fn 33, L1682). The shape tells most of it; where it cannot, the
//! tile says so with `+ends=` on a road and `+in-city` on a cloister.

use std::ops::Range;

use crate::attrs::ENDS_WORDS;
use crate::model::{Kind, Segment};
use crate::ports::{halves, side_of, Port};
use crate::shape::Sink;

/// Where a road that ends on its tile ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EndsAt {
    /// With two or more other road ends: they all lead to each other.
    Crossing,
    /// At the gate of city segment `0`.
    City(usize),
    /// At cloister segment `0`.
    Cloister(usize),
    /// At a house or anything else that stops it and leads nowhere (a lake,
    /// a tower, a fair, a crop circle: the wagon drives through no feature,
    /// fn 33).
    House,
}

/// What decided it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Why {
    /// The tile's `+ends=`.
    Said,
    /// The tile has a cloister: the road leads to it (base A, L1670).
    Cloister,
    /// The fields on both sides of the road are different and both border
    /// one city, the only one they share: the road runs up to its gate.
    Gate,
    /// Three or more road ends nothing else decided: a crossing (base W, X).
    Crossing,
    /// One field lies on both sides of the road's end: it stops inside the
    /// field, at a house.
    InField,
    /// No rule decides and the tile says nothing: taken as a house (no
    /// link). The shipped tiles say it wherever this would happen (a test
    /// checks).
    Unsure,
}

/// A road of the tile that ends on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RoadEnd {
    pub segment: usize,
    pub at: EndsAt,
    pub why: Why,
}

/// Where the tile's `+ends=` and `+in-city` are written (the attribute's
/// span per segment, or the segment's line), for messages.
pub struct Spans<'a> {
    pub attr: &'a [Option<Range<usize>>],
    pub line: &'a [Range<usize>],
}

impl Spans<'_> {
    fn of(&self, s: usize) -> Range<usize> {
        self.attr
            .get(s)
            .cloned()
            .flatten()
            .or_else(|| self.line.get(s).cloned())
            .unwrap_or(0..0)
    }
}

fn ends_said(seg: &Segment) -> Option<&'static str> {
    seg.attr("ends")
        .and_then(|v| ENDS_WORDS.get(v as usize).copied())
}

/// The field segment holding half-edge `h`, if any.
fn field_at(segments: &[Segment], h: Port) -> Option<usize> {
    segments
        .iter()
        .position(|s| s.kind == Kind::Field && s.ports.contains(&h))
}

/// The one city both fields beside a road's end border, if exactly one.
fn gate(segments: &[Segment], side: u8) -> Option<usize> {
    let [a, b] = halves(side).map(|h| field_at(segments, h));
    let (a, b) = (a?, b?);
    if a == b {
        return None;
    }
    let mut common = segments[a]
        .borders
        .iter()
        .filter(|c| segments[b].borders.contains(c));
    match (common.next(), common.next()) {
        (Some(&c), None) => Some(c),
        _ => None,
    }
}

/// The side of a road that ends on its tile (it names exactly one side).
fn end_side(seg: &Segment) -> Option<u8> {
    match seg.ports.as_slice() {
        [p] => Some(side_of(*p)),
        _ => None,
    }
}

/// Where each road that ends on the tile ends, by what the tile says and
/// the rules above; errors for a `+ends=` that cannot be.
pub fn road_ends(segments: &[Segment], spans: &Spans, sink: &mut dyn Sink) -> Vec<RoadEnd> {
    let cities: Vec<usize> = kinds(segments, Kind::City);
    // A shrine is placed and scored like a cloister (000_9deb58b1a7d17d38.txt L2068): its roads lead
    // into it as into a cloister.
    let cloister = kinds(segments, Kind::Cloister)
        .first()
        .or(kinds(segments, Kind::Shrine).first())
        .copied();
    let mut out: Vec<RoadEnd> = Vec::new();
    let mut open: Vec<usize> = Vec::new();
    for (s, seg) in segments.iter().enumerate() {
        if seg.kind != Kind::Road {
            continue;
        }
        let said = ends_said(seg);
        let Some(side) = end_side(seg) else {
            if said.is_some() {
                sink.error(
                    spans.of(s),
                    format!(
                        "`+ends` says where a road that ends on this tile ends; this road runs on through sides {}",
                        seg.port_names().join(" ")
                    ),
                );
            }
            continue;
        };
        let at = match said {
            Some("crossing") => Some(EndsAt::Crossing),
            Some("house") => Some(EndsAt::House),
            Some("cloister") => match cloister {
                Some(c) => Some(EndsAt::Cloister(c)),
                None => {
                    sink.error(
                        spans.of(s),
                        "`+ends=cloister`: this tile has no cloister".into(),
                    );
                    continue;
                }
            },
            Some(_) => {
                // The city the fields point at, else the tile's only one.
                let one = (cities.len() == 1).then(|| cities[0]);
                match gate(segments, side).or(one) {
                    Some(c) => Some(EndsAt::City(c)),
                    None if cities.is_empty() => {
                        sink.error(spans.of(s), "`+ends=city`: this tile has no city".into());
                        continue;
                    }
                    None => {
                        sink.error(
                            spans.of(s),
                            format!(
                                "`+ends=city`: which of the tile's {} cities? A road into a city's gate has fields bordering that city on both sides; these fields do not share exactly one",
                                cities.len()
                            ),
                        );
                        continue;
                    }
                }
            }
            None => None,
        };
        if let Some(at) = at {
            out.push(RoadEnd {
                segment: s,
                at,
                why: Why::Said,
            });
            continue;
        }
        if let Some(c) = cloister {
            out.push(RoadEnd {
                segment: s,
                at: EndsAt::Cloister(c),
                why: Why::Cloister,
            });
        } else if let Some(c) = gate(segments, side) {
            out.push(RoadEnd {
                segment: s,
                at: EndsAt::City(c),
                why: Why::Gate,
            });
        } else {
            open.push(s);
        }
    }
    for &s in &open {
        let side = end_side(&segments[s]).expect("a road end");
        let [a, b] = halves(side).map(|h| field_at(segments, h));
        let (at, why) = if open.len() >= 3 {
            (EndsAt::Crossing, Why::Crossing)
        } else if a.is_some() && a == b {
            (EndsAt::House, Why::InField)
        } else {
            (EndsAt::House, Why::Unsure)
        };
        out.push(RoadEnd {
            segment: s,
            at,
            why,
        });
    }
    let crossing: Vec<&RoadEnd> = out.iter().filter(|e| e.at == EndsAt::Crossing).collect();
    if let [lone] = crossing.as_slice() {
        sink.error(
            spans.of(lone.segment),
            "`+ends=crossing`: a crossing joins two or more road ends, and this is the tile's only one"
                .into(),
        );
    }
    out.sort_by_key(|e| e.segment);
    out
}

fn kinds(segments: &[Segment], k: Kind) -> Vec<usize> {
    (0..segments.len())
        .filter(|&i| segments[i].kind == k)
        .collect()
}

/// Each segment's links (bit `j`: it leads straight into segment `j` of the
/// same tile), from the road ends and the cloisters `+in-city`.
pub fn links(segments: &[Segment], spans: &Spans, sink: &mut dyn Sink) -> Vec<u16> {
    let mut links = vec![0u16; segments.len()];
    let mut join = |a: usize, b: usize| {
        if a != b && a < 16 && b < 16 {
            links[a] |= 1 << b;
            links[b] |= 1 << a;
        }
    };
    let ends = road_ends(segments, spans, sink);
    let crossing: Vec<usize> = ends
        .iter()
        .filter(|e| e.at == EndsAt::Crossing)
        .map(|e| e.segment)
        .collect();
    for e in &ends {
        match e.at {
            EndsAt::City(c) | EndsAt::Cloister(c) => join(e.segment, c),
            EndsAt::Crossing => crossing.iter().for_each(|&o| join(e.segment, o)),
            EndsAt::House => {}
        }
    }
    let cities = kinds(segments, Kind::City);
    for (s, seg) in segments.iter().enumerate() {
        if seg.kind != Kind::Cloister || seg.attr("in-city").is_none() {
            continue;
        }
        match cities.as_slice() {
            [c] => join(s, *c),
            [] => sink.error(spans.of(s), "`+in-city`: this tile has no city".into()),
            _ => sink.error(
                spans.of(s),
                format!(
                    "`+in-city`: the tile has {} cities; a cloister lies in one city on a tile with one",
                    cities.len()
                ),
            ),
        }
    }
    links
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::port_by_name;

    fn seg(kind: Kind, ports: &[&str], borders: &[usize]) -> Segment {
        Segment {
            kind,
            ports: ports.iter().map(|p| port_by_name(p).unwrap()).collect(),
            borders: borders.to_vec(),
            attrs: vec![],
            links: 0,
        }
    }

    struct Fail;
    impl Sink for Fail {
        fn error(&mut self, _: Range<usize>, message: String) {
            panic!("{message}");
        }
    }

    /// `f` with spans for a tile of `n` segments that says nothing.
    fn with_spans<T>(n: usize, f: impl FnOnce(&Spans) -> T) -> T {
        let attr = vec![None; n];
        let line = vec![0..0; n];
        f(&Spans {
            attr: &attr,
            line: &line,
        })
    }

    fn ends(t: &[Segment]) -> Vec<(usize, EndsAt, Why)> {
        with_spans(t.len(), |s| road_ends(t, s, &mut Fail))
            .into_iter()
            .map(|e| (e.segment, e.at, e.why))
            .collect()
    }

    /// Base T: the road enters the city between two fields that border it.
    #[test]
    fn a_road_between_two_fields_of_one_city_enters_its_gate() {
        let t = [
            seg(Kind::City, &["N", "E", "W"], &[]),
            seg(Kind::Road, &["S"], &[]),
            seg(Kind::Field, &["Se"], &[0]),
            seg(Kind::Field, &["Sw"], &[0]),
        ];
        assert_eq!(ends(&t), vec![(1, EndsAt::City(0), Why::Gate)]);
        let l = with_spans(t.len(), |s| links(&t, s, &mut Fail));
        assert_eq!(l, vec![0b10, 0b01, 0, 0]);
    }

    /// Base L: three roads at a crossing, the city beside them not in it.
    #[test]
    fn three_road_ends_meet_at_a_crossing_and_the_city_stays_out() {
        let l = [
            seg(Kind::City, &["N"], &[]),
            seg(Kind::Road, &["E"], &[]),
            seg(Kind::Road, &["S"], &[]),
            seg(Kind::Road, &["W"], &[]),
            seg(Kind::Field, &["En", "Wn"], &[0]),
            seg(Kind::Field, &["Sw", "Ws"], &[]),
            seg(Kind::Field, &["Es", "Se"], &[]),
        ];
        let e = ends(&l);
        assert_eq!(e.len(), 3);
        assert!(e
            .iter()
            .all(|&(_, at, why)| at == EndsAt::Crossing && why == Why::Crossing));
        let links = with_spans(l.len(), |s| links(&l, s, &mut Fail));
        assert_eq!(&links[..4], &[0, 0b1100, 0b1010, 0b0110]);
    }

    /// AM/R, "The road ends at the house" (L1576): one field all round.
    /// Two ends in different fields with nothing said: unsure.
    #[test]
    fn a_road_ending_inside_one_field_ends_at_a_house_and_unclear_ends_are_unsure() {
        let all = ["Nw", "Ne", "En", "Es", "Se", "Sw", "Ws", "Wn"];
        let r = [seg(Kind::Road, &["S"], &[]), seg(Kind::Field, &all, &[])];
        assert_eq!(ends(&r), vec![(0, EndsAt::House, Why::InField)]);
        let rfr = [
            seg(Kind::Road, &["N"], &[]),
            seg(Kind::Road, &["S"], &[]),
            seg(Kind::Field, &["Nw", "Sw", "Ws", "Wn"], &[]),
            seg(Kind::Field, &["Ne", "En", "Es", "Se"], &[]),
        ];
        assert_eq!(
            ends(&rfr),
            vec![
                (0, EndsAt::House, Why::Unsure),
                (1, EndsAt::House, Why::Unsure)
            ]
        );
    }
}
