//! River II's pig herd (000_9deb58b1a7d17d38.txt L492): a neutral pig on a
//! field; the farm's winners score 1 more per city, pig of their own or not
//! (fn 21), once however many herds the farm holds (fn 24). With Traders &
//! Builders' pig a winner gets both (L492: "an additional 2 points"). Played
//! where a ruleset enables `pig-herd`: with T&B as the seed has it, or alone
//! as the house rule of fn 19.

use super::{Hook, Mechanic};
use crate::engine::features::MARK_PIG_HERD;
use crate::engine::game::Game;
use crate::generated::attr;
use crate::tables::Segment;

pub(crate) struct PigHerd;

impl Mechanic for PigHerd {
    const HOOKS: &'static [Hook] = &[Hook::FeatureMarks, Hook::Value];
    type State = ();

    #[inline]
    fn marks(seg: &Segment) -> u8 {
        if seg.flags & (1 << attr::PIG_HERD) != 0 {
            MARK_PIG_HERD
        } else {
            0
        }
    }

    fn farm_bonus(g: &Game, farm: u16, _player: u8, cities: u32) -> u32 {
        if g.marks_of(farm) & MARK_PIG_HERD != 0 {
            cities
        } else {
            0
        }
    }
}
