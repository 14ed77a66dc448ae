//! The `goods` attribute of tiles (Traders & Builders): its values' names
//! and their pictures on the tiles (a city's `goods=…` symbol, so wine,
//! grain and cloth read at board size where a labelled badge would be a
//! smudge; each on a white disc, as grain is golden like the cities it lies
//! in). This draws tile data; what players hold is the module's to show
//! (`Game::shown`).

use carcassonne_runtime::generated::ATTRS;
use carcassonne_runtime::tables::AttrValues;

/// The names of the goods, in the order of the `goods` attribute's
/// values (the value is the index).
pub fn names() -> &'static [&'static str] {
    match ATTRS.iter().find(|a| a.name == "goods").map(|a| a.values) {
        Some(AttrValues::OneOf(words)) => words,
        _ => &[],
    }
}

/// The good the `goods` attribute's value names.
pub fn name(value: i16) -> Option<&'static str> {
    names().get(usize::try_from(value).ok()?).copied()
}

/// The picture of good `good`, centred on the origin, about 15 units
/// across; `None` for a good without one.
pub fn picture(good: &str) -> Option<&'static str> {
    Some(match good {
        "wine" => concat!(
            r##"<circle r="7.5" fill="#fff" fill-opacity="0.92" stroke="#2b2b2b" stroke-width="0.8"/>"##,
            r##"<path d="M0 -3.4 Q0.4 -5 1.6 -5.8" fill="none" stroke="#5a3a1a" stroke-width="0.8"/>"##,
            r##"<ellipse cx="2.8" cy="-4.6" rx="1.9" ry="0.9" fill="#4f8a2a" transform="rotate(-20 2.8 -4.6)"/>"##,
            r##"<g fill="#6b2a7a" stroke="#3a1240" stroke-width="0.5">"##,
            r##"<circle cx="-2.6" cy="-1.8" r="1.5"/><circle cx="0" cy="-1.8" r="1.5"/><circle cx="2.6" cy="-1.8" r="1.5"/>"##,
            r##"<circle cx="-1.3" cy="0.6" r="1.5"/><circle cx="1.3" cy="0.6" r="1.5"/><circle cx="0" cy="3" r="1.5"/></g>"##
        ),
        "grain" => concat!(
            r##"<circle r="7.5" fill="#fff" fill-opacity="0.92" stroke="#2b2b2b" stroke-width="0.8"/>"##,
            r##"<path d="M0 5.6 V-2 M0 5.6 L-3.4 -0.6 M0 5.6 L3.4 -0.6" fill="none" stroke="#9a7416" stroke-width="0.8"/>"##,
            r##"<g fill="#e0ad24" stroke="#9a7416" stroke-width="0.4">"##,
            r##"<ellipse cx="0" cy="-4.2" rx="1" ry="1.9"/><ellipse cx="0" cy="-1" rx="1" ry="1.9"/>"##,
            r##"<ellipse cx="-3.6" cy="-2.6" rx="1" ry="1.9" transform="rotate(-28 -3.6 -2.6)"/>"##,
            r##"<ellipse cx="3.6" cy="-2.6" rx="1" ry="1.9" transform="rotate(28 3.6 -2.6)"/></g>"##
        ),
        "cloth" => concat!(
            r##"<circle r="7.5" fill="#fff" fill-opacity="0.92" stroke="#2b2b2b" stroke-width="0.8"/>"##,
            r##"<path d="M-4.8 2.6 L-5.8 5 H-1.6 L-0.8 2.6 Z" fill="#3a6fc4" stroke="#1d3d73" stroke-width="0.6" stroke-linejoin="round"/>"##,
            r##"<rect x="-5" y="-3" width="8" height="6" rx="0.8" fill="#3a6fc4" stroke="#1d3d73" stroke-width="0.6"/>"##,
            r##"<ellipse cx="3" cy="0" rx="2" ry="3" fill="#78a6e6" stroke="#1d3d73" stroke-width="0.6"/>"##,
            r##"<circle cx="3" cy="0" r="0.9" fill="none" stroke="#1d3d73" stroke-width="0.5"/>"##
        ),
        _ => return None,
    })
}
