//! Emitting the static Rust tables the runtime compiles in: one module per
//! ruleset and a registry of all of them. The output is formatted and headed
//! with the files it was generated from.

use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};

use crate::attrs::{Values, ATTRIBUTES};
use crate::lower::{self, LRuleset, LSegment, LTile};
use crate::model::Ruleset;
use carcassonne_vocab::mech::{Mech, OPTIONS};

/// `Type::Variant` for a value of one of the shared enums (`vocab`): the
/// generated tables name the same types, so the variant's name is the path.
fn variant(ty: &str, value: impl std::fmt::Debug) -> TokenStream {
    let ty = format_ident!("{ty}");
    let value = format_ident!("{value:?}");
    quote!(#ty::#value)
}

/// A 12-bit port mask written in binary, three ports (one side) per group.
fn mask_lit(mask: u16) -> TokenStream {
    let bits = format!("{mask:012b}");
    let text = format!(
        "0b{}_{}_{}_{}",
        &bits[0..3],
        &bits[3..6],
        &bits[6..9],
        &bits[9..12]
    );
    text.parse().expect("binary literal")
}

fn hex_lit(v: u64) -> TokenStream {
    format!("{v:#x}").parse().expect("hex literal")
}

fn attrs_tokens(attrs: &[(u8, i16)]) -> TokenStream {
    let items = attrs.iter().map(|(id, v)| {
        let id = Literal::u8_unsuffixed(*id);
        let v = Literal::i16_unsuffixed(*v);
        quote!(Attr { id: #id, value: #v })
    });
    quote!(&[#(#items),*])
}

fn segment_tokens(s: &LSegment) -> TokenStream {
    let kind = variant("Kind", s.kind);
    let ports = mask_lit(s.ports);
    let borders = Literal::u16_unsuffixed(s.borders);
    let pennants = Literal::u8_unsuffixed(s.pennants);
    let flags = hex_lit(s.flags);
    let attrs = attrs_tokens(&s.attrs);
    let links = Literal::u16_unsuffixed(s.links);
    let sides = Literal::u8_unsuffixed(s.sides);
    quote! {
        Segment { kind: #kind, ports: #ports, sides: #sides, borders: #borders, pennants: #pennants, flags: #flags, attrs: #attrs, links: #links }
    }
}

fn tile_tokens(t: &LTile) -> TokenStream {
    let id = &t.id;
    let set = &t.set;
    let count = Literal::u16_unsuffixed(t.count);
    let start = Literal::u16_unsuffixed(t.start);
    let edges = t.edges.iter().map(|e| variant("Edge", e));
    let rot = t.rot_edges.iter().map(|r| hex_lit(u64::from(*r)));
    let port_segment = t.port_segment.iter().map(|p| Literal::u8_unsuffixed(*p));
    let rot_ports = t.rot_ports.iter().map(|turned| {
        let ports = turned.iter().map(|p| Literal::u8_unsuffixed(*p));
        quote!([#(#ports),*])
    });
    let closes = t.closes;
    let kinds = Literal::u8_unsuffixed(t.kinds);
    let flags = hex_lit(t.flags);
    let attrs = attrs_tokens(&t.attrs);
    let ignored = &t.ignored;
    let left_out = Literal::u16_unsuffixed(t.left_out);
    let left_out_reason = &t.left_out_reason;
    let segments = t.segments.iter().map(segment_tokens);
    quote! {
        TileType {
            id: #id,
            set: #set,
            count: #count,
            start: #start,
            edges: [#(#edges),*],
            rot_edges: [#(#rot),*],
            port_segment: [#(#port_segment),*],
            rot_ports: [#(#rot_ports),*],
            closes: #closes,
            kinds: #kinds,
            flags: #flags,
            attrs: #attrs,
            ignored: &[#(#ignored),*],
            left_out: #left_out,
            left_out_reason: #left_out_reason,
            segments: &[#(#segments),*],
        }
    }
}

fn ruleset_tokens(rs: &LRuleset) -> TokenStream {
    let module = format_ident!("{}", rs.id);
    let id = &rs.id;
    let name = &rs.name;
    let edition = Literal::u8_unsuffixed(rs.edition);
    let sets = &rs.sets;
    let mechanics = &rs.mechanics;
    let with_river = rs.with_river.iter().map(|&t| Literal::u16_unsuffixed(t));
    let min_players = Literal::u8_unsuffixed(rs.min_players);
    let max_players = Literal::u8_unsuffixed(rs.max_players);
    let followers = Literal::u8_unsuffixed(rs.followers);
    let total = Literal::u16_unsuffixed(rs.total);
    let values = rs.options.iter().map(|&v| Literal::u8_unsuffixed(v));
    let options_doc = format!(
        " Rule options: {}.",
        OPTIONS
            .iter()
            .zip(rs.options)
            .map(|(o, v)| format!("{} = {}", o.key, o.word(v).unwrap_or("?")))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let mechs = hex_lit(rs.mechs);
    let mechs_doc = {
        let names: Vec<&str> = Mech::ALL
            .iter()
            .filter(|m| rs.mechs & m.bit() != 0)
            .map(|m| m.name())
            .collect();
        if names.is_empty() {
            " The mechanics played by an engine module: none (the base game).".to_string()
        } else {
            format!(
                " The mechanics played by an engine module: {}.",
                names.join(", ")
            )
        }
    };
    let tiles = rs.tiles.iter().map(tile_tokens);
    let start = rs.start.iter().map(|(t, x, y, r)| {
        let (t, x, y, r) = (
            Literal::u16_unsuffixed(*t),
            Literal::i16_unsuffixed(*x),
            Literal::i16_unsuffixed(*y),
            Literal::u8_unsuffixed(*r),
        );
        quote!(StartTile { tile: #t, x: #x, y: #y, rotation: #r })
    });
    quote! {
        pub mod #module {
            use crate::tables::*;

            #[doc = #options_doc]
            pub const OPTIONS: Options = Options {
                values: [#(#values),*],
                min_players: #min_players,
                max_players: #max_players,
                followers: #followers,
            };
            #[doc = #mechs_doc]
            pub const MECHS: MechSet = #mechs;
            pub const TOTAL: u16 = #total;

            pub static TILES: &[TileType] = &[#(#tiles),*];

            pub static RULESET: Ruleset = Ruleset {
                id: #id,
                name: #name,
                edition: #edition,
                sets: &[#(#sets),*],
                mechanics: &[#(#mechanics),*],
                options: OPTIONS,
                tiles: TILES,
                start: &[#(#start),*],
                with_river: &[#(#with_river),*],
                total: TOTAL,
                mechs: MECHS,
                hooks: crate::mechanics::Hooks::of(MECHS),
            };
        }
    }
}

fn attribute_tokens() -> TokenStream {
    let consts = ATTRIBUTES.iter().enumerate().map(|(i, a)| {
        let name = format_ident!("{}", a.name.replace('-', "_").to_uppercase());
        let id = Literal::u8_unsuffixed(i as u8);
        let doc = format!(" {}", a.meaning);
        quote! {
            #[doc = #doc]
            pub const #name: u8 = #id;
        }
    });
    let infos = ATTRIBUTES.iter().map(|a| {
        let name = a.name;
        let mechanic = a.mechanic;
        let values = match a.values {
            Values::Flag => quote!(AttrValues::Flag),
            Values::Count { .. } => quote!(AttrValues::Count),
            Values::OneOf(words) => quote!(AttrValues::OneOf(&[#(#words),*])),
        };
        quote!(AttrInfo { name: #name, mechanic: #mechanic, values: #values })
    });
    quote! {
        /// Attribute ids, as declared in the compiler's `attrs.rs`.
        pub mod attr {
            #(#consts)*
        }

        /// Attribute names and value kinds, indexed by id.
        pub static ATTRS: &[crate::tables::AttrInfo] = {
            use crate::tables::*;
            &[#(#infos),*]
        };
    }
}

fn header(rulesets: &[Ruleset]) -> String {
    let mut inputs: Vec<String> = rulesets
        .iter()
        .flat_map(|r| r.inputs.iter().map(|p| display_input(p)))
        .collect();
    inputs.sort();
    inputs.dedup();
    let mut h =
        String::from("// Generated by carcassonne-codegen from the files below; do not edit.\n");
    h.push_str(
        "// Change the TOML files and rebuild (or run `carcassonne codegen --ruleset ID`).\n",
    );
    h.push_str("// Port masks are binary, one group of three bits per side, read W S E N from\n");
    h.push_str("// the left; bit p is port p of `Nw N Ne En E Es Se S Sw Ws W Wn`.\n");
    for i in inputs {
        // A line break in a file name must not end the comment.
        let i = i.replace(|c: char| c.is_control(), "?");
        h.push_str(&format!("//   {i}\n"));
    }
    h.push('\n');
    h
}

/// Input paths are shown from the folder holding `tiles/` and `rulesets/`,
/// so the output does not depend on where the checkout lives.
fn display_input(p: &std::path::Path) -> String {
    let parts: Vec<String> = p
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    let mut out: Vec<String> = Vec::new();
    for part in parts {
        match part.as_str() {
            "." => {}
            ".." => {
                out.pop();
            }
            _ => out.push(part),
        }
    }
    let n = out.len();
    out[n.saturating_sub(2)..].join("/")
}

/// The whole generated file: attribute ids, one module per ruleset, registry.
pub fn tables(rulesets: &[Ruleset]) -> String {
    let attrs = attribute_tokens();
    let lowered: Vec<LRuleset> = rulesets.iter().map(lower::ruleset).collect();
    let modules = lowered.iter().map(ruleset_tokens);
    let refs = lowered.iter().map(|r| {
        let m = format_ident!("{}", r.id);
        quote!(&#m::RULESET)
    });
    let file = quote! {
        #attrs
        #(#modules)*

        /// Every compiled-in ruleset, sorted by id.
        pub static RULESETS: &[&crate::tables::Ruleset] = &[#(#refs),*];
    };
    format(&header(rulesets), file)
}

fn format(header: &str, tokens: TokenStream) -> String {
    match syn::parse2::<syn::File>(tokens.clone()) {
        Ok(file) => format!("{header}{}", prettyplease::unparse(&file)),
        // Unreachable for well-formed input; keep the raw tokens rather than fail.
        Err(_) => format!("{header}{tokens}\n"),
    }
}
