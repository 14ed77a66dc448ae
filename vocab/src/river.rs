//! The river's bends, as both the engine and the compiler's river search
//! judge them (000_9deb58b1a7d17d38.txt L476-L478 and fn 17, L622;
//! 001_46b8449c567a6f1a.txt L591 and FAQ L597-L599).

use crate::RiverTurns;

/// What a placed river tile remembers of the river's bends up to it, in one
/// byte: bits 0-1 the bend on this tile (0 none, 1 right, 3 left, seen
/// flowing away from where the river joins it), bits 2-3 the last bend up
/// to and including it, bits 4-5 how many bends that way came in a row with
/// only straight river between (at most 3).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Bends(u8);

impl Bends {
    /// A tile the river starts from (the spring, a fork, a start tile).
    pub const NONE: Bends = Bends(0);

    /// The bend on this tile: 0 none, 1 right, 3 left.
    #[inline]
    pub fn turn(self) -> u8 {
        self.0 & 3
    }

    #[inline]
    fn last(self) -> u8 {
        (self.0 >> 2) & 3
    }

    #[inline]
    fn run(self) -> u8 {
        self.0 >> 4
    }

    /// The bends of a tile that continues the river from a tile with bends
    /// `self` and bends `turn` on itself. A fork (two outlets) starts each
    /// branch afresh: its branches bend from the fork, not from the river
    /// before it.
    #[inline]
    pub fn next(self, turn: u8, fork: bool) -> Bends {
        if fork {
            return Bends::NONE;
        }
        if turn == 0 {
            return Bends(self.0 & !3);
        }
        let run = if self.last() == turn {
            (self.run() + 1).min(3)
        } else {
            1
        };
        Bends(turn | turn << 2 | run << 4)
    }

    /// Why the river may not bend `turn` right after a tile with bends
    /// `self`, under `rule`; `None` when it may.
    #[inline]
    pub fn refuse(self, turn: u8, rule: RiverTurns) -> Option<&'static str> {
        if turn == 0 {
            return None;
        }
        if self.turn() == turn {
            return Some("no U-turns: the river may not bend the same way twice in a row");
        }
        if rule == RiverTurns::NoThreeSameWay && self.last() == turn && self.run() >= 2 {
            return Some(
                "the river may not bend the same way three times, even with straight river between",
            );
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const R: u8 = 1;
    const L: u8 = 3;

    /// Follow a river of bends (0 straight), refusing as `rule` says: the
    /// index of the first refused tile.
    fn first_refused(turns: &[u8], rule: RiverTurns) -> Option<usize> {
        let mut b = Bends::NONE;
        for (i, &t) in turns.iter().enumerate() {
            if b.refuse(t, rule).is_some() {
                return Some(i);
            }
            b = b.next(t, false);
        }
        None
    }

    #[test]
    fn an_immediate_u_turn_is_refused_by_both_rules() {
        for rule in [RiverTurns::NoUTurn, RiverTurns::NoThreeSameWay] {
            assert_eq!(first_refused(&[R, R], rule), Some(1));
            assert_eq!(first_refused(&[0, L, L], rule), Some(2));
            assert_eq!(first_refused(&[R, 0, R], rule), None, "a straight between");
            assert_eq!(first_refused(&[R, L, R, L], rule), None);
        }
    }

    #[test]
    fn a_third_bend_the_same_way_is_refused_in_the_second_edition() {
        // 001_46b8449c567a6f1a.txt L599: "Turning river the same way three
        // times should also be considered prohibited."
        let three = [R, 0, R, 0, 0, R];
        assert_eq!(first_refused(&three, RiverTurns::NoThreeSameWay), Some(5));
        // 000_9deb58b1a7d17d38.txt fn 17: "Only immediate U-turns are
        // explicitly forbidden."
        assert_eq!(first_refused(&three, RiverTurns::NoUTurn), None);
        // A bend the other way breaks the run.
        assert_eq!(
            first_refused(&[R, 0, R, L, 0, R], RiverTurns::NoThreeSameWay),
            None
        );
    }

    #[test]
    fn a_fork_starts_each_branch_afresh() {
        let b = Bends::NONE.next(R, false).next(0, false).next(R, false);
        assert!(b.refuse(R, RiverTurns::NoThreeSameWay).is_some());
        let fork = b.next(0, true);
        assert_eq!(fork.refuse(R, RiverTurns::NoThreeSameWay), None);
    }
}
