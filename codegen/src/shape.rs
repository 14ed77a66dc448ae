//! Parsing a tile's shape string (see `shape.pest`) into lines of words with
//! byte ranges relative to the start of the string, and the `Sink` that
//! errors at those ranges go to. Meaning is given later, in `tile.rs`; this
//! module only knows the syntax.

use std::ops::Range;

use pest::Parser;
use pest_derive::Parser;

#[derive(Parser)]
#[grammar = "shape.pest"]
struct ShapeParser;

/// Reports errors at positions inside the shape string.
pub trait Sink {
    fn error(&mut self, span: Range<usize>, message: String);
}

/// A word of the shape with where it stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Word {
    pub text: String,
    pub span: Range<usize>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AttrWord {
    pub name: Word,
    pub value: Option<Word>,
    pub span: Range<usize>,
}

/// One line of a shape.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Statement {
    Marker {
        attrs: Vec<AttrWord>,
        span: Range<usize>,
    },
    Segment {
        kind: Word,
        enclosed: Option<Range<usize>>,
        ports: Vec<Word>,
        borders: Option<(Range<usize>, Vec<Word>)>,
        attrs: Vec<AttrWord>,
        span: Range<usize>,
    },
}

/// A syntax error: where and what was expected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxError {
    pub offset: usize,
    pub message: String,
}

fn word(pair: pest::iterators::Pair<Rule>) -> Word {
    let span = pair.as_span();
    Word {
        text: pair.as_str().to_string(),
        span: span.start()..span.end(),
    }
}

fn attribute(pair: pest::iterators::Pair<Rule>) -> AttrWord {
    let span = pair.as_span().start()..pair.as_span().end();
    let mut inner = pair.into_inner();
    let name = word(inner.next().expect("grammar: attribute has a name"));
    let value = inner.next().map(word);
    AttrWord { name, value, span }
}

fn describe(rule: &Rule) -> &'static str {
    match rule {
        Rule::kind | Rule::segment | Rule::statement | Rule::marker | Rule::tile_keyword => {
            "a segment kind (city, road, field, river, cloister, garden, shrine), `seam`, `any` or `tile`"
        }
        Rule::port => "a port (N E S W Nw Ne En Es Se Sw Ws Wn)",
        Rule::enclosed => "`enclosed`",
        Rule::borders => "`>` and the cities the field borders",
        Rule::border => "a city side (N E S W; `!N` or `~N` for exceptions)",
        Rule::attribute => "an attribute `+name` or `+name=value`",
        Rule::attr_name => "an attribute name",
        Rule::attr_value => "an attribute value",
        Rule::EOI => "the end of the shape",
        _ => "a line break",
    }
}

pub fn parse(text: &str) -> Result<Vec<Statement>, SyntaxError> {
    let pairs = ShapeParser::parse(Rule::shape, text).map_err(|e| {
        let offset = match e.location {
            pest::error::InputLocation::Pos(p) => p,
            pest::error::InputLocation::Span((s, _)) => s,
        };
        let message = match &e.variant {
            pest::error::ErrorVariant::ParsingError { positives, .. } => {
                let mut wanted: Vec<&str> = positives.iter().map(describe).collect();
                wanted.dedup();
                let found =
                    text[offset..]
                        .chars()
                        .next()
                        .map_or("the end of the shape".to_string(), |c| match c {
                            '\n' | '\r' => "a line break".to_string(),
                            c => format!("`{c}`"),
                        });
                if wanted.is_empty() {
                    format!("unexpected {found}")
                } else {
                    format!("expected {}, found {found}", wanted.join(" or "))
                }
            }
            pest::error::ErrorVariant::CustomError { message } => message.clone(),
        };
        SyntaxError { offset, message }
    })?;
    let mut out = Vec::new();
    let shape = pairs.into_iter().next().expect("grammar: shape rule");
    for pair in shape.into_inner() {
        let span = pair.as_span().start()..pair.as_span().end();
        match pair.as_rule() {
            Rule::marker => {
                let attrs = pair
                    .into_inner()
                    .filter(|p| p.as_rule() == Rule::attribute)
                    .map(attribute)
                    .collect();
                out.push(Statement::Marker { attrs, span });
            }
            Rule::segment => {
                let mut kind = None;
                let mut enclosed = None;
                let mut ports = Vec::new();
                let mut borders = None;
                let mut attrs = Vec::new();
                for p in pair.into_inner() {
                    match p.as_rule() {
                        Rule::kind => kind = Some(word(p)),
                        Rule::enclosed => enclosed = Some(p.as_span().start()..p.as_span().end()),
                        Rule::port => ports.push(word(p)),
                        Rule::borders => {
                            let s = p.as_span().start()..p.as_span().end();
                            borders = Some((s, p.into_inner().map(word).collect()));
                        }
                        Rule::attribute => attrs.push(attribute(p)),
                        _ => {}
                    }
                }
                out.push(Statement::Segment {
                    kind: kind.expect("grammar: segment has a kind"),
                    enclosed,
                    ports,
                    borders,
                    attrs,
                    span,
                });
            }
            _ => {}
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(src: &str) -> Vec<String> {
        parse(src)
            .unwrap()
            .into_iter()
            .map(|s| match s {
                Statement::Marker { .. } => "tile".to_string(),
                Statement::Segment { kind, .. } => kind.text,
            })
            .collect()
    }

    #[test]
    fn segment_with_ports_borders_and_attributes() {
        let s = parse("field En Wn > N +pig-herd=1").unwrap();
        let Statement::Segment {
            kind,
            ports,
            borders,
            attrs,
            ..
        } = &s[0]
        else {
            panic!("not a segment")
        };
        assert_eq!(kind.text, "field");
        assert_eq!(
            ports.iter().map(|p| p.text.as_str()).collect::<Vec<_>>(),
            ["En", "Wn"]
        );
        assert_eq!(borders.as_ref().unwrap().1[0].text, "N");
        assert_eq!(attrs[0].name.text, "pig-herd");
        assert_eq!(attrs[0].value.as_ref().unwrap().text, "1");
        assert_eq!(attrs[0].span, 16..27);
    }

    #[test]
    fn comments_blank_lines_and_markers() {
        let src =
            "\n# a cloister tile\ncloister\n\nfield N E S W   # all around\ngarden\ntile +volcano\n";
        assert_eq!(kinds(src), ["cloister", "field", "garden", "tile"]);
    }

    #[test]
    fn enclosed_field() {
        let s = parse("field enclosed > N E").unwrap();
        assert!(
            matches!(&s[0], Statement::Segment { enclosed: Some(_), ports, .. } if ports.is_empty())
        );
    }

    #[test]
    fn tile_prefix_is_not_a_marker() {
        assert_eq!(kinds("tiles N"), ["tiles"]);
    }

    #[test]
    fn syntax_error_has_offset_and_expectation() {
        let e = parse("city N\nroad W ? E").unwrap_err();
        assert_eq!(e.offset, 14);
        assert!(e.message.contains("found `?`"), "{}", e.message);
    }

    #[test]
    fn attribute_needs_a_name() {
        let e = parse("city N +").unwrap_err();
        assert_eq!(e.offset, 8);
    }
}
