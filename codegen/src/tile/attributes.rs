//! A tile's and its segments' attributes (`+name` or `+name=value`),
//! resolved against the attribute vocabulary with their place checked.

use crate::attrs::{self, Target, Values};
use crate::model::{AttrValue, Kind};
use crate::shape::{AttrWord, Sink};
use crate::suggest::did_you_mean;

pub(super) fn resolve_attrs(
    words: &[AttrWord],
    on: Option<Kind>,
    sink: &mut dyn Sink,
) -> Vec<AttrValue> {
    let mut out: Vec<AttrValue> = Vec::new();
    for w in words {
        let Some((id, def)) = attrs::attribute(&w.name.text) else {
            let known = || attrs::ATTRIBUTES.iter().map(|a| a.name);
            // A segment kind written as a marker (`tile +garden`, which was
            // an attribute before the garden became a segment) is answered
            // with what to write instead; a near name says more than the
            // list of all of them.
            let hint = if let Some(k) = Kind::from_name(&w.name.text) {
                format!(
                    "; a {0} is a segment, not an attribute: write `{0}` on a line of its own",
                    k.name()
                )
            } else {
                match did_you_mean(&w.name.text, "+", known()) {
                    h if h.is_empty() => {
                        format!("; known: {}", known().collect::<Vec<_>>().join(", "))
                    }
                    h => h,
                }
            };
            sink.error(
                w.span.clone(),
                format!("unknown attribute `+{}`{hint}", w.name.text),
            );
            continue;
        };
        match (def.target, on) {
            (Target::Tile, Some(k)) => {
                sink.error(
                    w.span.clone(),
                    format!(
                        "`+{}` is a tile marker, not an attribute of a {}; write it on a `tile` line",
                        def.name,
                        k.name()
                    ),
                );
                continue;
            }
            (Target::Segment(kinds), None) => {
                sink.error(
                    w.span.clone(),
                    format!(
                        "`+{}` belongs on a {} segment, not on the tile",
                        def.name,
                        kinds_list(kinds)
                    ),
                );
                continue;
            }
            (Target::Segment(kinds), Some(k)) if !kinds.contains(&k) => {
                sink.error(
                    w.span.clone(),
                    format!(
                        "`+{}` belongs on a {} segment, not on a {}",
                        def.name,
                        kinds_list(kinds),
                        k.name()
                    ),
                );
                continue;
            }
            _ => {}
        }
        let value = match (def.values, &w.value) {
            (Values::Flag, None) => Some(1),
            (Values::Flag, Some(v)) => {
                sink.error(v.span.clone(), format!("`+{}` takes no value", def.name));
                None
            }
            (Values::Count { .. }, None) => Some(1),
            (Values::Count { max }, Some(v)) => match v.text.parse::<i64>() {
                Ok(n) if (1..=max).contains(&n) => Some(n),
                _ => {
                    sink.error(
                        v.span.clone(),
                        format!(
                            "`+{}` takes a count from 1 to {max}, not `{}`",
                            def.name, v.text
                        ),
                    );
                    None
                }
            },
            (Values::OneOf(words), Some(v)) => match words.iter().position(|x| *x == v.text) {
                Some(i) => Some(i as i64),
                None => {
                    sink.error(
                        v.span.clone(),
                        format!(
                            "`+{}` takes one of {}, not `{}`{}",
                            def.name,
                            words.join(", "),
                            v.text,
                            did_you_mean(&v.text, "", words.iter().copied())
                        ),
                    );
                    None
                }
            },
            (Values::OneOf(words), None) => {
                sink.error(
                    w.span.clone(),
                    format!("`+{}` needs a value: one of {}", def.name, words.join(", ")),
                );
                None
            }
        };
        let Some(value) = value else { continue };
        if out.iter().any(|a| a.id == id) {
            sink.error(w.span.clone(), format!("`+{}` is given twice", def.name));
            continue;
        }
        out.push(AttrValue { id, value });
    }
    out
}

pub(super) fn kinds_list(kinds: &[Kind]) -> String {
    kinds
        .iter()
        .map(|k| k.name())
        .collect::<Vec<_>>()
        .join(" or ")
}
