//! `render tiles`, `render game` and `view`: the command-line side of
//! drawing (argument types for clap, reading inputs, writing outputs).

use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};

use crate::timeline::Timeline;
use crate::{geom, load, svg, view};

#[derive(Debug, Args)]
pub struct RenderArgs {
    #[command(subcommand)]
    pub what: RenderWhat,
}

#[derive(Debug, Subcommand)]
pub enum RenderWhat {
    /// Every tile type of a ruleset, drawn from its segments, as one SVG atlas.
    Tiles {
        /// A compiled-in ruleset id, or a path to a ruleset .toml file.
        #[arg(long)]
        ruleset: String,
        /// The SVG file to write.
        #[arg(short, long)]
        output: PathBuf,
    },
    /// The board of a game record after a turn, with followers and scores, as SVG.
    Game {
        /// A game record (JSON, as written by `play --record`).
        file: PathBuf,
        /// Show the board after this many tiles were placed (0: the start;
        /// default: the end of the record, with the final scores if it is over).
        #[arg(long)]
        turn: Option<usize>,
        /// The ruleset (id or path); default: the record's ruleset id.
        #[arg(long)]
        ruleset: Option<String>,
        /// The SVG file to write.
        #[arg(short, long)]
        output: PathBuf,
    },
}

#[derive(Debug, Args)]
pub struct ViewArgs {
    /// A game record (JSON, as written by `play --record`).
    pub file: PathBuf,
    /// The ruleset (id or path); default: the record's ruleset id.
    #[arg(long)]
    pub ruleset: Option<String>,
    /// The HTML file to write (one self-contained file).
    #[arg(short, long)]
    pub output: PathBuf,
}

pub fn write_output(path: &Path, contents: &[u8]) -> Result<(), String> {
    crate::atomic::write(path, contents)
        .map_err(|e| format!("{}: error: cannot write: {e}", path.display()))
}

pub fn run_render(args: RenderArgs) -> Result<(), String> {
    match args.what {
        RenderWhat::Tiles { ruleset, output } => {
            let rs = load::ruleset(&ruleset).map_err(|e| e.to_string())?;
            write_output(&output, svg::atlas(rs).as_bytes())
        }
        RenderWhat::Game {
            file,
            turn,
            ruleset,
            output,
        } => {
            let tl = Timeline::load(&file, ruleset.as_deref())?;
            let step = match turn {
                None => tl.steps.len() - 1,
                Some(n) => tl.step_after_turn(n).ok_or_else(|| {
                    format!(
                        "{}: error: --turn {n} is past the end: the record places {} tiles (use 0 to {})",
                        file.display(),
                        tl.placements,
                        tl.placements
                    )
                })?,
            };
            let lays = geom::layouts(tl.rules.tiles);
            let v = tl.board_view(step, &lays);
            write_output(&output, svg::board(tl.rules, &lays, &v).as_bytes())
        }
    }
}

pub fn run_view(args: ViewArgs) -> Result<(), String> {
    let tl = Timeline::load(&args.file, args.ruleset.as_deref())?;
    let html = view::html(&tl);
    write_output(&args.output, html.as_bytes())
}
