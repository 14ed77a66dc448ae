//! The princess (The Princess & the Dragon, 000_9deb58b1a7d17d38.txt
//! L1165-L1201, L1277-L1287, fn 25-30 L1367-L1372; 002_7f8d72b3eaff567f.txt
//! L590-L594).
//!
//! A tile whose princess extends a city that already holds knights lets
//! its placer send one of them home, any player's, their own too (L1169,
//! fn 29); any follower in the city is a knight: the big follower, the
//! mayor, the wagon (fn 26-28), never a builder (L1281). Then the player
//! deploys nothing and moves no fairy (L1172, L1197-L1201): it is one of the
//! answers to the figure step, which exclude each other. A removed knight
//! scores nothing for the city and earns no fairy points (L1191-L1195); the
//! fairy does not protect it (L1185). A builder goes with its owner's last
//! knight (L1280). `princess = "must"` plays the RGG and ZMG rule (fn 25
//! L1367): with a knight in that city, removing one is the only answer.

use super::{At, Hook, Mech, Mechanic, Sink, Why};
use crate::engine::game::Game;
use crate::engine::types::*;
use crate::generated::attr;
use crate::tables::{option_index, Kind};

pub(crate) struct Princess;

/// `princess`: word 0 is `may`.
const PRINCESS: usize = option_index("princess");

impl Mechanic for Princess {
    const HOOKS: &'static [Hook] = &[Hook::WoodAnswers];
    const VERBS: &'static [VerbDef] = &[VerbDef {
        name: "princess",
        answers: Answers::Wood,
        arg: ArgKind::Figure,
        field: "figure",
        label: "sends home with the princess",
    }];
    type State = ();

    /// Each knight of the city the princess joins.
    fn answers<S: Sink + ?Sized>(g: &Game, at: At, out: &mut S) {
        let At::Wood(idx) = at else { return };
        let Some(root) = city(g, idx) else { return };
        for f in g.followers() {
            if f.kind.is_follower()
                && g.root_of(f.node) == root
                && !out.put_once(send_home(g.spot_of(f)))
            {
                return;
            }
        }
    }

    fn act(g: &mut Game, at: At, a: Action, events: &mut Vec<ScoreEvent>) -> Result<(), MoveError> {
        let (At::Wood(idx), Arg::Spot(s)) = (at, a.arg()) else {
            return Err(MoveError::Waiting("the princess acts instead of deploying"));
        };
        let root = city(g, idx).ok_or(MoveError::rule(Mech::Princess, NO_KNIGHTS))?;
        let node = g.node_of(s.placed as usize, s.segment);
        let i = g
            .followers()
            .iter()
            .position(|f| {
                f.node == node && f.player == s.player && f.kind == s.kind && f.kind.is_follower()
            })
            .filter(|_| g.root_of(node) == root)
            .ok_or(MoveError::rule(Mech::Princess, NOT_A_KNIGHT))?;
        g.remove(i, Why::By(Mech::Princess), events);
        Ok(())
    }

    /// Under `princess = "must"`, with a knight to remove nothing else may
    /// be done.
    fn compels(g: &Game, idx: u16) -> Option<&'static str> {
        (g.rules().options.get(PRINCESS) != 0 && city(g, idx).is_some()).then_some(MUST)
    }
}

const NO_KNIGHTS: &str = "the tile just placed joins no city with a knight to its princess";
const NOT_A_KNIGHT: &str = "the princess sends home a knight of the city she joins";
const MUST: &str = "the princess must send a knight of her city home (princess = \"must\")";

/// `princess`: send the knight at `s` home.
fn send_home(s: Spot) -> Action {
    Action::of(Mech::Princess, 0, Arg::Spot(s))
}

/// The city the princess of placed tile `idx` joins, if it holds a knight
/// (the tile's own figures come later: these are the knights already
/// there, L1169).
fn city(g: &Game, idx: u16) -> Option<u16> {
    let q = &g.placed()[idx as usize];
    let tile = &g.rules().tiles[q.tile as usize];
    let s = tile
        .segments
        .iter()
        .position(|s| s.kind == Kind::City && s.flags & (1 << attr::PRINCESS) != 0)?;
    let root = g.root_of(g.node_of(idx as usize, s as u8));
    g.followers()
        .iter()
        .any(|f| f.kind.is_follower() && g.root_of(f.node) == root)
        .then_some(root)
}
