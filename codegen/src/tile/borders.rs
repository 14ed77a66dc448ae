//! Which cities each field of a tile borders, proved from the ports they
//! occupy, and the check that no two features cross.

use super::{Claim, SegInfo};
use crate::model::{Kind, Segment};
use crate::ports::{self, SIDE_NAMES};
use crate::shape::Sink;
use crate::suggest::did_you_mean;

/// Every port each segment occupies, a city's side halves included.
pub(super) fn full_masks(segments: &[Segment], owner: &[Option<Claim>; 12]) -> Vec<u16> {
    let mut masks = vec![0u16; segments.len()];
    for (p, c) in owner.iter().enumerate() {
        if let Some(c) = c {
            masks[c.seg] |= 1 << p;
        }
    }
    masks
}

pub(super) fn touches(field_mask: u16, city_mask: u16) -> bool {
    (0..12u8).any(|p| {
        field_mask & (1 << p) != 0
            && ports::ring_neighbours(p)
                .iter()
                .any(|&n| city_mask & (1 << n) != 0)
    })
}

/// Whether field `f` and city `c` may share a border inside the tile: no
/// other feature running between two points of the edge separates them.
/// (A field may reach a city across the tile's middle, as on a tile with
/// three separate city caps; it cannot cross a road to reach one.)
pub(super) fn can_touch(f: usize, c: usize, infos: &[SegInfo], full: &[u16]) -> bool {
    infos.iter().enumerate().all(|(x, info)| {
        if x == f || x == c || info.bridge || full[x].count_ones() < 2 {
            return true;
        }
        // Each port outside x lies on the arc that starts at the nearest
        // port of x counter-clockwise from it.
        let arc_of = |p: u8| -> u8 {
            (1..=12u8)
                .map(|d| (p + 12 - d) % 12)
                .find(|&q| full[x] & (1 << q) != 0)
                .unwrap_or(0)
        };
        let arcs = |mask: u16| -> u16 {
            (0..12u8)
                .filter(|p| mask & (1 << p) != 0 && full[x] & (1 << p) == 0)
                .fold(0u16, |m, p| m | 1 << arc_of(p))
        };
        arcs(full[f]) & arcs(full[c]) != 0
    })
}

pub(super) fn resolve_borders(
    segments: &mut [Segment],
    infos: &[SegInfo],
    owner: &[Option<Claim>; 12],
    full: &[u16],
    check_touch: bool,
    sink: &mut dyn Sink,
) {
    for (i, info) in infos.iter().enumerate() {
        if info.kind != Kind::Field {
            continue;
        }
        let mut borders = Vec::new();
        // Cities named with `!`: met only at a corner, not bordered.
        let mut not_borders = Vec::new();
        // A misspelt city is not also a city left unlisted.
        let mut misspelt = false;
        for w in &info.border_words {
            let (mark, name) = match w.text.strip_prefix('!') {
                Some(rest) => (Some('!'), rest),
                None => match w.text.strip_prefix('~') {
                    Some(rest) => (Some('~'), rest),
                    None => (None, w.text.as_str()),
                },
            };
            let port = ports::side_by_name(name)
                .map(ports::middle)
                .or_else(|| ports::port_by_name(name));
            let Some(port) = port else {
                sink.error(
                    w.span.clone(),
                    format!(
                        "unknown port `{name}`; name a city by one of its sides N E S W{}",
                        did_you_mean(name, "", SIDE_NAMES)
                    ),
                );
                misspelt = true;
                continue;
            };
            let city = owner[port as usize]
                .as_ref()
                .map(|c| c.seg)
                .filter(|&s| infos[s].kind == Kind::City);
            let Some(city) = city else {
                // Unclaimed while some segment could not be read: that one
                // may be the city (`citty N`), already reported.
                if check_touch || owner[port as usize].is_some() {
                    sink.error(
                        w.span.clone(),
                        format!("`{name}` is not a city side of this tile"),
                    );
                }
                misspelt = true;
                continue;
            };
            match mark {
                Some('!') => {
                    if check_touch && !touches(full[i], full[city]) {
                        sink.error(
                            w.span.clone(),
                            format!("`!{name}` is not needed: this field does not touch the city on {name}"),
                        );
                    }
                    not_borders.push(city);
                    continue;
                }
                Some(_) => {
                    if check_touch && !info.enclosed && can_touch(i, city, infos, full) {
                        sink.error(
                            w.span.clone(),
                            format!("`~{name}` is not needed: nothing on the tile's edge separates this field from the city on {name}; write `{name}`"),
                        );
                    }
                }
                None => {
                    if check_touch && !info.enclosed && !can_touch(i, city, infos, full) {
                        sink.error(
                            w.span.clone(),
                            format!("this field does not touch the city on {}", w.text),
                        );
                        continue;
                    }
                }
            }
            if not_borders.contains(&city) || borders.contains(&city) {
                if not_borders.contains(&city) {
                    sink.error(
                        w.span.clone(),
                        format!("the city on {name} is named both as bordered and as not bordered"),
                    );
                }
                continue;
            }
            borders.push(city);
        }
        if check_touch && !info.enclosed && !misspelt {
            for (c, cinfo) in infos.iter().enumerate() {
                if cinfo.kind == Kind::City
                    && !borders.contains(&c)
                    && !not_borders.contains(&c)
                    && touches(full[i], full[c])
                {
                    let side = (0..4u8)
                        .find(|&s| full[c] & (1 << ports::middle(s)) != 0)
                        .map_or("?", |s| SIDE_NAMES[s as usize]);
                    sink.error(
                        info.kind_span.clone(),
                        format!(
                            "this field touches the city on {side} but does not list it after `>`"
                        ),
                    );
                }
            }
        }
        borders.sort_unstable();
        segments[i].borders = borders;
    }
}

/// Two features drawn inside one tile cannot cross unless one passes over
/// the other: on the ring of ports, their ports may not interleave.
pub(super) fn check_crossings(infos: &[SegInfo], full: &[u16], sink: &mut dyn Sink) {
    for j in 0..infos.len() {
        for i in 0..j {
            if infos[i].bridge || infos[j].bridge {
                continue;
            }
            if interleave(full[i], full[j]) {
                sink.error(
                    infos[j].kind_span.clone(),
                    format!(
                        "this {} crosses the {} on the same tile; mark one `+bridge` if it passes over the other",
                        infos[j].kind.name(),
                        infos[i].kind.name()
                    ),
                );
            }
        }
    }
}

/// Whether two disjoint port sets alternate around the ring (a, b, a, b).
pub(super) fn interleave(a: u16, b: u16) -> bool {
    let mut seq: Vec<u8> = Vec::new();
    for p in 0..12 {
        let who = if a & (1 << p) != 0 {
            0
        } else if b & (1 << p) != 0 {
            1
        } else {
            continue;
        };
        if seq.last() != Some(&who) {
            seq.push(who);
        }
    }
    if seq.len() > 1 && seq.first() == seq.last() {
        seq.pop();
    }
    seq.len() >= 4
}

#[cfg(test)]
mod tests {
    use super::interleave;

    #[test]
    fn interleaving() {
        assert!(interleave(0b0001_0001, 0b0100_0100));
        assert!(!interleave(0b0000_0011, 0b0000_1100));
        assert!(!interleave(0b1000_0000_0001, 0b0000_0110));
    }
}
