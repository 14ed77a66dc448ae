//! The simple bots: `random` (uniform over legal placements, then uniform
//! over the answers to each later decision: figures including none, the
//! abbot's return, the builder's second tile) and `greedy` (the move after
//! which its standing, counting what the board would score if the game
//! ended now, leads the best opponent's by most; with one tile face down,
//! after the next player's best reply to it).

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use crate::engine::{
    Action, Decision, Deploy, FollowerKind, Game, Move, Placement, PlacementScan, ScoreEvent,
    MAX_PLAYERS,
};

/// The simple bots: no search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BotKind {
    /// A uniformly random legal answer.
    Random,
    /// The answer that gains most at once, with a value for what stands
    /// unfinished while tiles remain.
    Greedy,
}

impl BotKind {
    /// The kind named `random` or `greedy`.
    pub fn parse(name: &str) -> Option<BotKind> {
        match name {
            "random" => Some(BotKind::Random),
            "greedy" => Some(BotKind::Greedy),
            _ => None,
        }
    }

    /// Its name, as `bots::make` reads it.
    pub fn name(self) -> &'static str {
        match self {
            BotKind::Random => "random",
            BotKind::Greedy => "greedy",
        }
    }
}

/// A kind is also the spec `bots::make` reads for it.
impl AsRef<str> for BotKind {
    fn as_ref(&self) -> &str {
        self.name()
    }
}

/// A simple bot with its own seeded random source and reusable buffers.
#[derive(Debug, Clone)]
pub struct SimpleBot {
    /// Which bot.
    pub kind: BotKind,
    rng: Pcg64Mcg,
    placements: Vec<Placement>,
    /// The random bot's scan when the draw's is not the state's (`random_placement`).
    scan: PlacementScan,
    deploys: Vec<Option<Deploy>>,
    actions: Vec<Action>,
    /// A game to try moves on, refilled with `clone_from` (no allocation).
    scratch: Option<Game>,
    /// The greedy bot's answer to the wood decision after the placement it
    /// chose (it weighs placement and figure together).
    plan: Option<Action>,
    /// Score events of the moves tried (reused).
    events: Vec<ScoreEvent>,
    /// What tiles are worth to players on the board they were valued on
    /// (`tile_worth`).
    worths: Worths,
    /// The game after the chosen placement, to weigh the figure step's
    /// alternatives on (`greedy_with`), refilled with `clone_from`.
    after: Option<Game>,
    /// Its score events (reused).
    after_events: Vec<ScoreEvent>,
    /// What weighing the next player's replies works in (`reply_value`).
    reply: Replies,
}

/// The buffers of `reply_value`, kept by the bot so that a decision
/// allocates nothing once they have grown.
#[derive(Debug, Clone, Default)]
struct Replies {
    /// Face-down copies per tile type.
    counts: Vec<u16>,
    placements: Vec<Placement>,
    deploys: Vec<Option<Deploy>>,
    /// The game with the reply's tile drawn, and with the reply played.
    drawn: Option<Game>,
    played: Option<Game>,
}

/// Tiles valued for players (`SimpleBot::tile_worth`): the key of the
/// board they were valued on (tiles placed, turn), and (player, tile,
/// points).
#[derive(Debug, Clone, Default)]
struct Worths {
    board: (usize, u32),
    known: Vec<(u8, u16, i64)>,
}

impl SimpleBot {
    /// A bot of `kind`, its random choices seeded by `seed`.
    pub fn new(kind: BotKind, seed: u64) -> SimpleBot {
        SimpleBot {
            kind,
            rng: Pcg64Mcg::seed_from_u64(seed),
            placements: Vec::with_capacity(256),
            scan: PlacementScan::default(),
            deploys: Vec::with_capacity(16),
            actions: Vec::with_capacity(16),
            scratch: None,
            plan: None,
            events: Vec::with_capacity(32),
            worths: Worths::default(),
            after: None,
            after_events: Vec::with_capacity(32),
            reply: Replies::default(),
        }
    }

    /// The bot's answer to the pending decision (the caller makes sure the
    /// bot is the one asked), or `None` when the game is over.
    pub fn choose_action(&mut self, g: &Game) -> Option<Action> {
        let pending = g.pending()?;
        if pending.decision == Decision::Place {
            self.plan = None;
            let placed = match self.kind {
                BotKind::Random => self.random_placement(g).map(Action::Place),
                BotKind::Greedy => self.greedy_with(g).map(|(p, wood)| {
                    self.plan = Some(wood);
                    Action::Place(p)
                }),
            };
            if placed.is_some() {
                return placed;
            }
            // No placement: a scripted game's tile that fits nowhere, whose
            // one answer is the pass the engine lists below.
        }
        g.legal_actions_into(&mut self.actions);
        if self.actions.is_empty() {
            return None;
        }
        if let Some(a) = self.plan.take().filter(|a| self.actions.contains(a)) {
            return Some(a);
        }
        match self.kind {
            BotKind::Random => {
                let i = self.rng.random_range(0..self.actions.len());
                Some(self.actions[i])
            }
            // Without a plan (another decision): the best immediate gain.
            BotKind::Greedy => self.greedy_action(g),
        }
    }

    /// The bot's move for the player to move, or `None` when the game is over.
    pub fn choose(&mut self, g: &Game) -> Option<Move> {
        match self.kind {
            BotKind::Random => self.random(g),
            BotKind::Greedy => self.greedy(g),
        }
    }

    fn random(&mut self, g: &Game) -> Option<Move> {
        let p = self.random_placement(g)?;
        g.deploys_into(p, &mut self.deploys);
        let d = self.deploys[self.rng.random_range(0..self.deploys.len())];
        Some(Move {
            placement: p,
            deploy: d,
        })
    }

    /// A uniformly random legal placement, read off the draw's scan by its
    /// rank (the order `placements_into` lists them in, so the same seed
    /// picks the same one) without listing them all.
    fn random_placement(&mut self, g: &Game) -> Option<Placement> {
        let (scan, n) = g.placement_scan(&mut self.scan);
        if n == 0 {
            return None;
        }
        g.nth_scanned(self.rng.random_range(0..n), scan)
    }

    /// The greedy choice as a placement and the answer to the wood decision
    /// after it (a figure, a pass, or an alternative such as the abbot's
    /// return).
    fn greedy_with(&mut self, g: &Game) -> Option<(Placement, Action)> {
        let mv = self.greedy(g)?;
        let wood = mv.deploy.map_or(Action::Pass, Action::Deploy);
        // Alternatives to deploying are weighed against the chosen move.
        let mut after = self.after.take().unwrap_or_else(|| g.clone());
        after.clone_from(g);
        self.after_events.clear();
        let chosen = match after.apply_action(Action::Place(mv.placement), &mut self.after_events) {
            Ok(()) => Some(self.weigh_alternatives(&after, wood)),
            Err(_) => None,
        };
        self.after = Some(after);
        Some((mv.placement, chosen?))
    }

    /// The answer to the figure step in `after` (the chosen placement
    /// made): `wood`, unless an alternative to deploying is worth more.
    fn weigh_alternatives(&mut self, after: &Game, wood: Action) -> Action {
        after.legal_actions_into(&mut self.actions);
        if !self
            .actions
            .iter()
            .any(|a| !matches!(a, Action::Pass | Action::Deploy(_)))
        {
            return wood;
        }
        self.plan = None;
        let best = self.greedy_action(after).unwrap_or(wood);
        if self.value_of(after, wood) >= self.value_of(after, best) {
            wood
        } else {
            best
        }
    }

    /// Whether answering `a` in `g` gives its player another part of the
    /// turn at once.
    fn gives_a_part(&mut self, g: &Game, a: Action) -> bool {
        if !matches!(a, Action::Do(_)) {
            return false;
        }
        let mut next = self.scratch.take().unwrap_or_else(|| g.clone());
        next.clone_from(g);
        let mut events = std::mem::take(&mut self.events);
        let more = next.apply_action(a, &mut events).is_ok()
            && next.part() > g.part()
            && next.to_move() == g.to_move();
        self.events = events;
        self.scratch = Some(next);
        more
    }

    /// The standing after answering `a` in `g` (see `standing`).
    fn value_of(&mut self, g: &Game, a: Action) -> i64 {
        // The player asked, who may not be the one to move (a follower
        // sent from the City in another's turn, a dragon's step).
        let me = match g.pending() {
            Some(crate::engine::Pending {
                actor: crate::engine::Actor::Player(p),
                ..
            }) => p as usize,
            _ => g.to_move() as usize,
        };
        let mut next = self.scratch.take().unwrap_or_else(|| g.clone());
        next.clone_from(g);
        // Chance waits to be stated in the bot's copy, so that each outcome
        // is weighed, not one dealt.
        next.state_chance(true);
        let mut events = std::mem::take(&mut self.events);
        events.clear();
        let value = match next.apply_action(a, &mut events) {
            Ok(()) if asks_me_next(&next, me) => follow_up(&next, me, &mut events),
            Ok(()) => expected(&mut next, me, &mut events, 2),
            Err(_) => i64::MIN,
        };
        self.events = events;
        self.scratch = Some(next);
        value
    }

    /// The legal action with the best immediate gain (one that gives the
    /// player another part of the turn, the builder's second tile, is
    /// always worth taking: a tile more).
    fn greedy_action(&mut self, g: &Game) -> Option<Action> {
        // A module's advice, given what tiles are worth to whom (a
        // bazaar's bids).
        if let Some(ask) = g.pending_ask() {
            let mut worth = |p: u8, t: u16| self.tile_worth(g, p, t);
            let advised = crate::mechanics::advice(ask.mech, g, ask, &mut worth);
            g.legal_actions_into(&mut self.actions);
            if let Some(a) = advised.filter(|a| self.actions.contains(a)) {
                return Some(a);
            }
        }
        g.legal_actions_into(&mut self.actions);
        let actions = std::mem::take(&mut self.actions);
        if let Some(&a) = actions.iter().find(|&&a| self.gives_a_part(g, a)) {
            self.actions = actions;
            return Some(a);
        }
        let mut best: Option<(i64, Action)> = None;
        for &a in &actions {
            let v = self.value_of(g, a);
            if best.is_none_or(|(b, _)| v >= b) {
                best = Some((v, a));
            }
        }
        let best = best.map(|(_, a)| a);
        self.actions = actions;
        best
    }

    /// What placing tile `t` now would bring player `p` in `g`, in points:
    /// their standing after their best placement of it (the greedy move)
    /// less their standing before. Kept while the board stays the same (an
    /// auction asks about the same tiles again and again).
    fn tile_worth(&mut self, g: &Game, p: u8, t: u16) -> i64 {
        let key = (g.placed().len(), g.turn());
        if self.worths.board != key {
            self.worths = Worths {
                board: key,
                known: Vec::new(),
            };
        }
        if let Some(&(_, _, w)) = self.worths.known.iter().find(|w| (w.0, w.1) == (p, t)) {
            return w;
        }
        let mut what_if = g.clone();
        what_if.suppose_turn(p, t);
        let mut events = Vec::new();
        let before = standing(&mut what_if.clone(), p as usize, &mut events);
        let after = match self.greedy(&what_if) {
            Some(mv) => {
                let mut next = what_if.clone();
                match next.apply_into(mv, &mut events) {
                    Ok(()) => standing(&mut next, p as usize, &mut events),
                    Err(_) => before,
                }
            }
            None => before,
        };
        let w = (after - before) / SCALE;
        self.worths.known.push((p, t, w));
        w
    }

    /// The move with the best immediate score difference (own points minus
    /// the best opponent's gain), ties broken at random.
    fn greedy(&mut self, g: &Game) -> Option<Move> {
        g.placements_into(&mut self.placements);
        if self.placements.is_empty() {
            return None;
        }
        let me = g.to_move() as usize;
        // With one tile face down, the next player's draw is known: judge
        // each move by the position after their best reply.
        let look = g.remaining() == 1 && g.moves_suffice();
        let mut best: Option<(i64, Move)> = None;
        let mut ties = 0u32;
        let placements = std::mem::take(&mut self.placements);
        let mut next = self.scratch.take().unwrap_or_else(|| g.clone());
        let mut events = std::mem::take(&mut self.events);
        for &p in &placements {
            g.deploys_into(p, &mut self.deploys);
            for &d in &self.deploys {
                let mv = Move {
                    placement: p,
                    deploy: d,
                };
                next.clone_from(g);
                next.state_chance(true);
                events.clear();
                if next.apply_into(mv, &mut events).is_err() {
                    // A placement whose figure step first compels a
                    // module's answer (a bridge that makes the tile fit):
                    // judged by the placement with that answer, the
                    // figure chosen afterwards (`greedy_with`).
                    if d.is_some() || !compelled_first(&mut next, g, p, &mut events) {
                        continue;
                    }
                }
                // A move after which the game asks the mover a module's
                // question (a town to turn into a castle) is worth the
                // best answer, as an action is (`value_of`).
                let value = if look {
                    reply_value(&mut next, me, &mut events, &mut self.reply)
                } else if asks_me_next(&next, me) {
                    follow_up(&next, me, &mut events)
                } else {
                    expected(&mut next, me, &mut events, 2)
                };
                match &best {
                    Some((b, _)) if value < *b => {}
                    Some((b, _)) if value == *b => {
                        ties += 1;
                        if self.rng.random_range(0..=ties) == 0 {
                            best = Some((value, mv));
                        }
                    }
                    _ => {
                        ties = 0;
                        best = Some((value, mv));
                    }
                }
            }
        }
        self.placements = placements;
        self.scratch = Some(next);
        self.events = events;
        best.map(|(_, m)| m)
    }
}

/// `next` becomes `g` with `p` placed and the module answers its figure
/// step compels taken (the first listed each time); whether that worked.
fn compelled_first(next: &mut Game, g: &Game, p: Placement, events: &mut Vec<ScoreEvent>) -> bool {
    next.clone_from(g);
    events.clear();
    if next.apply_action(Action::Place(p), events).is_err() {
        return false;
    }
    let placed = next.placed().len();
    while let Some(a) = next
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::Do(_)))
    {
        let only_modules = next
            .legal_actions()
            .iter()
            .all(|a| matches!(a, Action::Do(_)));
        if !only_modules || next.placed().len() != placed || next.apply_action(a, events).is_err() {
            break;
        }
    }
    true
}

/// `me`'s standing (see `standing`) after the next player's best reply in
/// `after` (a scratch game it may play on), averaged over the tiles they
/// may draw; `standing` itself when the game is over or waits for another
/// decision. A greedy move is otherwise blind to the reply, and the last
/// one has none: the player who places the last tile of a base game for
/// two is always the first, so without this the second could not see a
/// farmer or a join coming on the last turn (docs/reference/bots.md, "Seat balance").
fn reply_value(after: &mut Game, me: usize, events: &mut Vec<ScoreEvent>, r: &mut Replies) -> i64 {
    let opp = after.to_move() as usize;
    if opp == me || after.pending().map(|p| p.decision) != Some(Decision::Place) {
        return standing(after, me, events);
    }
    // The tiles the next player may draw: the one drawn now goes back
    // among the face-down ones (`force_draw`).
    let Replies {
        counts,
        placements,
        deploys,
        drawn,
        played,
    } = r;
    after.unseen_into(counts);
    if let Some(t) = after.current_tile_index() {
        counts[usize::from(t)] += 1;
    }
    let (mut total, mut weight) = (0i64, 0i64);
    let drawn = drawn.get_or_insert_with(|| after.clone());
    let reply = played.get_or_insert_with(|| after.clone());
    for (t, &c) in counts.iter().enumerate() {
        drawn.clone_from(after);
        // A tile that fits nowhere would be discarded and another drawn:
        // left out of the average.
        if c == 0 || drawn.force_draw(t as u16).is_err() {
            continue;
        }
        drawn.placements_into(placements);
        // (the next player's standing, mine) after their best reply.
        let mut best: Option<(i64, i64)> = None;
        for &placement in placements.iter() {
            drawn.deploys_into(placement, deploys);
            for &deploy in deploys.iter() {
                reply.clone_from(drawn);
                events.clear();
                if reply
                    .apply_into(Move { placement, deploy }, events)
                    .is_err()
                {
                    continue;
                }
                let theirs = standing(reply, opp, events);
                if best.is_none_or(|(b, _)| theirs > b) {
                    best = Some((theirs, standing(reply, me, events)));
                }
            }
        }
        if let Some((_, mine)) = best {
            total += i64::from(c) * mine;
            weight += i64::from(c);
        }
    }
    if weight == 0 {
        return standing(after, me, events);
    }
    total / weight
}

/// `me`'s standing in `g` (a scratch game it may play on), and where `g`
/// waits for chance (a token from the sheep bag), the average over its
/// outcomes weighed by their odds, `depth` chance steps deep (past that,
/// the standing before the outcome).
fn expected(g: &mut Game, me: usize, events: &mut Vec<ScoreEvent>, depth: u8) -> i64 {
    let chance = g
        .pending()
        .is_some_and(|p| p.actor == crate::engine::Actor::Chance);
    if !chance || depth == 0 {
        return standing(g, me, events);
    }
    let mut odds = Vec::new();
    g.chance_odds(&mut odds);
    let (mut total, mut weight) = (0i64, 0i64);
    let mut next = g.clone();
    for &(a, w) in &odds {
        next.clone_from(g);
        events.clear();
        if w == 0 || next.apply_action(a, events).is_err() {
            continue;
        }
        total += i64::from(w) * expected(&mut next, me, events, depth - 1);
        weight += i64::from(w);
    }
    if weight == 0 {
        return standing(g, me, events);
    }
    total / weight
}

/// Whether `g` waits for `me` to answer a module's question that follows
/// from their own answer (whom a tower piece captures): an action is then
/// worth the best of its follow-ups.
fn asks_me_next(g: &Game, me: usize) -> bool {
    g.pending().is_some_and(|p| {
        p.actor == crate::engine::Actor::Player(me as u8)
            && matches!(p.decision, Decision::Module { .. })
    })
}

/// The best standing `me` reaches by answering `g`'s pending question (one
/// step: the answers to it are valued by `standing`).
fn follow_up(g: &Game, me: usize, events: &mut Vec<ScoreEvent>) -> i64 {
    let mut best = i64::MIN;
    let mut next = g.clone();
    for a in g.legal_actions() {
        next.clone_from(g);
        events.clear();
        if next.apply_action(a, events).is_ok() {
            best = best.max(standing(&mut next, me, events));
        }
    }
    if best == i64::MIN {
        let mut next = g.clone();
        return standing(&mut next, me, events);
    }
    best
}

/// Value units per point: a figure in reserve is worth a fraction of one.
pub(crate) const SCALE: i64 = 8;

/// A figure still in a player's supply is worth `RESERVE / SCALE` points
/// (three) while more than `HORIZON` tiles are face down, less and less
/// after that, and nothing once the last tile is placed: a figure on the
/// board is valued by what it would score, one in reserve by the chance to
/// place it later. Measured, not derived: with three points and a horizon
/// of 30 tiles, 2,000 greedy-against-greedy base games split 52.5 % to
/// 53.4 % for the first seat (random play: 51.2 %, the first player's
/// edge), against 55.8 % with one and a half points and more with four or
/// six; 74.8 % for the bot that valued only points scored. A horizon of 15
/// tiles (with `reply_value` on the last reply) scores about three points
/// more a game for both seats and beats random by more; the seat shares of
/// horizons 12 to 30 differ by less than the noise of eight 2,000-game
/// runs (about 52 % each; docs/reference/bots.md, "Seat balance"). Valuing incomplete
/// cities and cloisters above their end-of-game points (×1.5 and ×1.75,
/// tapering with the horizon) raised the first seat's share by about a
/// point, so they are valued at what they would score now.
const RESERVE: i64 = 24;
const HORIZON: i64 = 15;

/// The greedy bot's measure of the position `g` (a scratch game it may
/// finish) for `me`: each player's score, plus the points their features
/// would give at final scoring if the game ended now (incomplete roads,
/// cities and cloisters, and farms: 000_9deb58b1a7d17d38.txt L232-L272),
/// plus their figures in reserve and what the modules expect of what they
/// hold (`Mechanic::outlook`: a castle waiting for its fief); `me`'s standing minus the best
/// opponent's. Valuing what the board would score, not only what it has
/// scored, is what makes farmers worth placing before the last turn: the
/// bot that counted only points scored placed them on the last move, and
/// whoever moved last won.
pub(crate) fn standing(g: &mut Game, me: usize, events: &mut Vec<ScoreEvent>) -> i64 {
    let players = g.players() as usize;
    let left = (g.remaining() as i64).min(HORIZON);
    let mut value = [0i64; MAX_PLAYERS];
    for (p, v) in value.iter_mut().enumerate().take(players) {
        let figures: i64 = FollowerKind::ALL
            .into_iter()
            .filter(|k| k.is_follower())
            // Figures a module holds count as kept when they come back by
            // themselves: a wagon on its way, a follower in the City of
            // Carcassonne; a prisoner or a follower on a tower does not.
            .map(|k| i64::from(g.figures(p as u8, k)) + i64::from(g.coming_back(p as u8, k)))
            .sum();
        // What a module keeps that only a later tile can pay (a flock to
        // herd) is worth less as the tiles run out.
        let prospects = i64::from(crate::mechanics::prospects(g, p as u8));
        *v = SCALE * i64::from(g.scores()[p])
            + figures * RESERVE * left / HORIZON
            + SCALE * prospects * left / HORIZON;
    }
    // What the modules expect of what a player holds beyond the final
    // scoring (a castle waiting for its fief scores nothing at the end).
    if !g.is_over() {
        for (p, v) in value.iter_mut().enumerate().take(players) {
            *v += SCALE * i64::from(crate::mechanics::outlook(g, p as u8));
        }
    }
    events.clear();
    g.finish_with(events);
    for e in events.iter() {
        value[e.player as usize] += SCALE * e.signed();
    }
    let other = (0..players)
        .filter(|&p| p != me)
        .map(|p| value[p])
        .max()
        .unwrap_or(0);
    value[me] - other
}

impl super::Bot for SimpleBot {
    fn name(&self) -> String {
        self.kind.name().to_string()
    }

    fn choose_action(&mut self, g: &Game) -> Option<Action> {
        SimpleBot::choose_action(self, g)
    }
}
