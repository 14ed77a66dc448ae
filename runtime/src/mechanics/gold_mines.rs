//! The Goldmines (004_e9353f116722cd5d.txt L95-L123, rules_digest.md E.4;
//! docs/rules/gold_mines.md says what plays and where each point comes
//! from).
//!
//! - A gold mine tile (`+goldmine`) is placed as usual; then, before the
//!   figure step (the turn order, L109-L115), one gold bar goes on it and one
//!   on a tile next to it, diagonals included, where the active player
//!   chooses (L107): the `gold-bar` decision, asked only when there is a
//!   choice (one neighbour: the bar goes there, as the dragon's only way
//!   open is taken). Bars stack (L107) and belong to the tile, not to a
//!   feature (L107). The box holds 16 bars (L101): none is placed once
//!   they are all out.
//! - When a road, city or cloister is completed and scored, its majority
//!   takes every bar on the tiles it covers (L108): for a road or a city
//!   each tile holding part of it, for a cloister (and any feature scored
//!   by what lies around it: a garden, a shrine) its tile and the eight
//!   around it. The majority is the one that scores the points, after any
//!   tie-break a module makes (a follower on a hill). Tied winners take
//!   the bars one at a time, clockwise from the active player (L116).
//!   A completed feature without followers leaves its gold where it is.
//! - The gold is taken once the whole scoring step is over (the seed's step
//!   5 "take gold" follows the scoring, L115). Where a tile lies in several
//!   features completed together, `gold_together = "together"` (the
//!   default; the publisher's rule sheet, docs/rules/gold-mines.md) deals
//!   all their gold one bar at a time, from the active player clockwise, to
//!   each player who can still receive one (a majority of a feature on a
//!   tile with a bar left); each takes a bar the most players could claim,
//!   since a bar only they can claim stays theirs anyway. `"first-scored"`
//!   lets each feature's majority take its tiles' gold as it scores.
//! - Farms never take gold (L117). What the final scoring does with the
//!   bars still on the board is the `gold_final` option: `removed` (the
//!   default: the published rules remove unclaimed bars before the bonus,
//!   docs/rules/gold_mines.md) or `shared` (the incomplete roads, cities
//!   and cloisters of the final scoring hand out their tiles' gold as the
//!   completed ones do, a reading of L117).
//! - The end bonus (L119-L123): per bar held, 1 point for 1-3 bars, 2 for
//!   4-6, 3 for 7-9, 4 for 10 or more.
//! - The dragon cannot eat gold (000_9deb58b1a7d17d38.txt L1126): bars are
//!   not figures, so nothing the dragon does reaches them.

use serde_json::{json, Map, Value};

use super::{Ask, At, Holding, Hook, Mech, Mechanic, Neutral, NeutralDef, Shown, Tally};
use crate::engine::game::Game;
use crate::engine::scoring;
use crate::engine::types::*;
use crate::generated::attr;
use crate::tables::{option_index, Kind, TileType};

pub(crate) struct GoldMines;

/// The gold bars in the box (L101).
pub const BARS: usize = 16;

/// `gold_final`: word 1 is `shared`.
const FINAL_RULE: usize = option_index("gold_final");
/// `gold_together`: word 1 is `first-scored`.
const TOGETHER_RULE: usize = option_index("gold_together");

/// A bar's place when it is not on the board.
const OFF: u16 = u16::MAX;

/// Verb code.
const V_BAR: u8 = 0;
/// Decision code.
const ASK_BAR: u8 = 0;

/// The eight neighbours of a cell, clockwise from north (y grows south).
const AROUND: [(i32, i32); 8] = [
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
];

/// `gold-bar`: the second bar goes on placed tile `placed`.
pub const fn bar(placed: u16) -> Action {
    Action::of(Mech::GoldMines, V_BAR, Arg::Tile(placed))
}

/// The gold in a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct State {
    /// Each bar taken out of the box, in the order placed: the placed tile
    /// it lies on, or `OFF` once a player took it or it was removed.
    pub bars: [u16; BARS],
    /// How many bars have left the box.
    pub out: u8,
    /// Each player's bars (L116: kept to the end).
    pub held: [u8; MAX_PLAYERS],
    /// Bars still on the board at the end and removed (`gold_final =
    /// "removed"`).
    pub removed: u8,
    /// Per bar, the players (bit per player) who won a feature scored in
    /// this scoring step that covers its tile: the bar is dealt once the
    /// step is over (`gold_together = "together"`).
    pub claims: [u8; BARS],
}

impl Default for State {
    fn default() -> Self {
        State {
            bars: [OFF; BARS],
            out: 0,
            held: [0; MAX_PLAYERS],
            removed: 0,
            claims: [0; BARS],
        }
    }
}

impl State {
    /// The bars on placed tile `placed`.
    pub fn on(&self, placed: u16) -> u32 {
        self.bars[..usize::from(self.out)]
            .iter()
            .filter(|&&b| b == placed)
            .count() as u32
    }

    /// Whether any bar lies on the board.
    fn any_on_board(&self) -> bool {
        self.bars[..usize::from(self.out)].iter().any(|&b| b != OFF)
    }

    /// Deal the claimed bars (`claims`) from player `first` clockwise among
    /// `players`, one bar per player who can still receive one, round after
    /// round; each takes an unclaimed bar the most players claim (the
    /// lowest-numbered among equals), as a bar only they claim stays theirs.
    fn deal(&mut self, first: u8, players: u8) {
        let mut left = self.claims.iter().filter(|&&c| c != 0).count();
        let mut k = 0u8;
        while left > 0 {
            let p = (first + k) % players;
            k = k.wrapping_add(1);
            let best = (0..usize::from(self.out))
                .filter(|&i| self.claims[i] & (1 << p) != 0)
                .max_by_key(|&i| (self.claims[i].count_ones(), std::cmp::Reverse(i)));
            if let Some(i) = best {
                self.claims[i] = 0;
                self.bars[i] = OFF;
                self.held[usize::from(p)] = self.held[usize::from(p)].saturating_add(1);
                left -= 1;
            }
        }
    }

    /// Take a bar out of the box onto placed tile `placed`; false when the
    /// box is empty.
    fn put(&mut self, placed: u16) -> bool {
        let i = usize::from(self.out);
        if i >= BARS {
            return false;
        }
        self.bars[i] = placed;
        self.out += 1;
        true
    }
}

/// End bonus per bar for a player holding `n` bars (L119-L123).
pub const fn per_bar(n: u32) -> u32 {
    match n {
        0 => 0,
        1..=3 => 1,
        4..=6 => 2,
        7..=9 => 3,
        _ => 4,
    }
}

impl Mechanic for GoldMines {
    const HOOKS: &'static [Hook] = &[
        Hook::Setup,
        Hook::AfterPlace,
        Hook::OnScored,
        Hook::AfterScore,
        Hook::GameEnd,
    ];
    const VERBS: &'static [VerbDef] = &[VerbDef {
        name: "gold-bar",
        answers: Answers::Ask,
        arg: ArgKind::Tile,
        field: "at",
        label: "puts the second gold bar on the tile",
    }];
    const DECISIONS: &'static [DecisionDef] = &[DecisionDef {
        key: "gold-bar",
        name: "the tile next to the gold mine (diagonals too) that takes its second gold bar",
    }];
    const REASONS: &'static [ReasonDef] = &[ReasonDef {
        reason: Reason::Gold,
        name: "gold",
        as_final: true,
        paid: false,
    }];
    const NEUTRALS: &'static [NeutralDef] = &[NeutralDef {
        name: "gold",
        svg: r##"<g id="gold"><path d="M-7 3 L-4 -3 L4 -3 L7 3 Z" fill="#e8b923" stroke="#7a5a00" stroke-width="1"/></g>"##,
    }];
    type State = State;

    fn setup(g: &mut Game) {
        g.ext.gold_mines = State::default();
    }

    /// L107: one bar on the mine, the other on a neighbour the active
    /// player chooses, before the figure step (L110-L112).
    fn after_place(g: &mut Game, idx: usize) {
        let t = g.placed()[idx].tile;
        if !is_mine(&g.rules().tiles[t as usize]) || !g.ext.gold_mines.put(idx as u16) {
            return;
        }
        if usize::from(g.ext.gold_mines.out) >= BARS {
            return;
        }
        let mut first = None;
        let mut n = 0;
        neighbours(g, idx as u16, |p| {
            first.get_or_insert(p);
            n += 1;
        });
        match (n, first) {
            (1, Some(p)) => {
                g.ext.gold_mines.put(p);
            }
            (0, _) | (_, None) => {}
            _ => g.ask(Ask {
                mech: Mech::GoldMines,
                player: g.to_move(),
                decision: ASK_BAR,
                data: idx as u16,
            }),
        }
    }

    /// A mine placed where two tiles or more touch it, with a second bar
    /// left in the box, asks where that bar goes.
    fn asks_after_place(g: &Game, t: &TileType, p: Placement) -> bool {
        is_mine(t)
            && usize::from(g.ext.gold_mines.out) + 2 <= BARS
            && g.board.neighbours8(i32::from(p.x), i32::from(p.y)) >= 2
    }

    fn answers<S: super::Sink + ?Sized>(g: &Game, at: At, out: &mut S) {
        if let At::Ask(ask) = at {
            if ask.decision == ASK_BAR {
                let mut more = true;
                neighbours(g, ask.data, |p| {
                    if more {
                        more = out.put(bar(p));
                    }
                });
            }
        }
    }

    fn act(
        g: &mut Game,
        at: At,
        a: Action,
        _events: &mut Vec<ScoreEvent>,
    ) -> Result<(), MoveError> {
        if !super::listed(g, a, |c| Self::answers(g, at, c)) {
            return Err(MoveError::rule(
                Mech::GoldMines,
                "the second gold bar goes on a tile next to the gold mine just placed, diagonals included (L107)",
            ));
        }
        let Arg::Tile(p) = a.arg() else {
            return Err(MoveError::rule(
                Mech::GoldMines,
                "a gold bar goes on a tile",
            ));
        };
        g.ext.gold_mines.put(p);
        Ok(())
    }

    /// L108, L116: the majority of a completed road, city or cloister takes
    /// the gold on its tiles; L117: never a farm.
    fn on_scored(g: &mut Game, root: u16, reason: Reason, _events: &mut Vec<ScoreEvent>) {
        let shared_at_end = g.rules().options.get(FINAL_RULE) == 1;
        let takes = reason == Reason::Completed || (reason == Reason::Final && shared_at_end);
        if !takes || !g.ext.gold_mines.any_on_board() {
            return;
        }
        let node = g.features.nodes[root as usize];
        if node.kind == Kind::Field {
            return;
        }
        let winners = scoring::winners(g, root);
        if winners == 0 {
            return;
        }
        // The tiles the feature covers (L108).
        let mut tiles: Vec<u16> = Vec::new();
        if node.kind.around() {
            tiles.push(node.placed);
            neighbours(g, node.placed, |p| tiles.push(p));
        } else {
            for m in g.features.members(root) {
                let p = g.features.nodes[m as usize].placed;
                if !tiles.contains(&p) {
                    tiles.push(p);
                }
            }
        }
        // The winners claim the bars on those tiles; they are handed out
        // one at a time, clockwise from the active player (L116), once the
        // step is over, or now under "first-scored". A single winner takes
        // them all.
        let (players, me) = (g.players(), g.to_move());
        let now = g.rules().options.get(TOGETHER_RULE) == 1;
        let s = &mut g.ext.gold_mines;
        for (b, claim) in s.bars[..usize::from(s.out)].iter().zip(&mut s.claims) {
            if *b != OFF && tiles.contains(b) {
                *claim |= winners;
            }
        }
        if now {
            s.deal(me, players);
        }
    }

    /// L115: the gold is taken once the scoring step is over.
    fn after_score(g: &mut Game, _idx: usize, _events: &mut Vec<ScoreEvent>) {
        let (players, me) = (g.players(), g.to_move());
        g.ext.gold_mines.deal(me, players);
    }

    /// L119-L123: the bonus per bar held; bars left on the board are
    /// removed (`gold_final = "removed"`) or were shared by the final
    /// scoring.
    fn game_end(g: &mut Game, events: &mut Vec<ScoreEvent>) {
        let (players, me) = (g.players(), g.to_move());
        let s = &mut g.ext.gold_mines;
        s.deal(me, players);
        for b in s.bars[..usize::from(s.out)].iter_mut() {
            if *b != OFF {
                *b = OFF;
                s.removed += 1;
            }
        }
        for p in 0..g.players() {
            let n = u32::from(g.ext.gold_mines.held[p as usize]);
            let points = n * per_bar(n);
            if points > 0 {
                g.add_points(
                    events,
                    ScoreEvent::new(p, points, Kind::Field, Reason::Gold),
                );
            }
        }
    }

    fn show(g: &Game, out: &mut Shown) {
        let s = &g.ext.gold_mines;
        let mut seen: Vec<u16> = Vec::new();
        for &b in &s.bars[..usize::from(s.out)] {
            if b == OFF || seen.contains(&b) {
                continue;
            }
            seen.push(b);
            let q = g.placed()[b as usize];
            out.neutral.push(Neutral {
                label: Some(s.on(b).to_string()),
                ..Neutral::on_cell(Self::NEUTRALS[0], q.x, q.y)
            });
        }
        for p in 0..g.players() {
            let n = u32::from(s.held[p as usize]);
            out.tallies.push(Tally {
                player: p,
                key: "gold",
                count: n,
            });
            out.holdings.push(Holding {
                player: p,
                key: "gold",
                text: format!("{n} gold bar{}", if n == 1 { "" } else { "s" }),
            });
        }
        out.notes.push(format!(
            "gold: {} bars on the board, {} in the box{}",
            s.bars[..usize::from(s.out)]
                .iter()
                .filter(|&&b| b != OFF)
                .count(),
            BARS - usize::from(s.out),
            if s.removed > 0 {
                format!(", {} removed at the end", s.removed)
            } else {
                String::new()
            }
        ));
    }

    fn state_json(g: &Game, out: &mut Map<String, Value>) {
        let s = &g.ext.gold_mines;
        let mut seen: Vec<u16> = Vec::new();
        let mut on_tiles = Vec::new();
        for &b in &s.bars[..usize::from(s.out)] {
            if b == OFF || seen.contains(&b) {
                continue;
            }
            seen.push(b);
            let q = g.placed()[b as usize];
            on_tiles.push(json!({"x": q.x, "y": q.y, "bars": s.on(b)}));
        }
        let n = g.players() as usize;
        out.insert("gold_on_tiles".into(), json!(on_tiles));
        out.insert("gold_held".into(), json!(&s.held[..n]));
        out.insert("gold_in_box".into(), json!(BARS - usize::from(s.out)));
        out.insert("gold_removed".into(), json!(s.removed));
    }
}

/// Whether tile `t` is a gold mine (`+goldmine`).
fn is_mine(t: &TileType) -> bool {
    t.attrs.iter().any(|a| a.id == attr::GOLDMINE)
}

/// Calls `found` with each placed tile next to placed tile `idx`,
/// diagonals included, clockwise from north.
fn neighbours(g: &Game, idx: u16, mut found: impl FnMut(u16)) {
    let Some(q) = g.placed().get(idx as usize) else {
        return;
    };
    let (x, y) = (i32::from(q.x), i32::from(q.y));
    for (dx, dy) in AROUND {
        if let Some(p) = g.board.placed_at(x + dx, y + dy) {
            found(p as u16);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::per_bar;

    /// L119-L123: 1-3 bars 1 point each, 4-6 2, 7-9 3, 10 or more 4.
    #[test]
    fn the_bonus_brackets_l119_l123() {
        let got: Vec<u32> = (0..=16).map(|n| n * per_bar(n)).collect();
        assert_eq!(
            got,
            [0, 1, 2, 3, 8, 10, 12, 21, 24, 27, 40, 44, 48, 52, 56, 60, 64]
        );
    }
}
