//! The river's bends, as both the engine and the compiler's river search
//! judge them (000_9deb58b1a7d17d38.txt L476-L478 and fn 17, L622;
//! 001_46b8449c567a6f1a.txt L591 and FAQ L597-L599).
//!
//! Bends are followed along each channel of the river: a fork (River II's
//! III tile) sends one branch left and the other right (or one straight),
//! so each branch carries the bend of its own outlet; resetting the history
//! at the fork would let a branch turn back on the river it came from.

use crate::RiverTurns;

/// The bend the river makes flowing in through board side `inlet` and out
/// through side `outlet` (sides 0 N, 1 E, 2 S, 3 W): 0 straight, 1 right,
/// 3 left (2 only when `inlet == outlet`, which no river does).
#[inline]
pub fn turn(inlet: usize, outlet: usize) -> u8 {
    ((outlet + 4 - (inlet + 2) % 4) % 4) as u8
}

/// The river's bends as it flows along one channel, in six bits: bits 0-1
/// the bend on the tile it leaves (0 none, 1 right, 3 left), bits 2-3 the
/// last bend so far, bits 4-5 how many bends that way came in a row with
/// only straight river between (at most 3).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Bends(u8);

impl Bends {
    /// River that has not bent yet (it leaves the spring or a start tile).
    pub const NONE: Bends = Bends(0);

    /// The bend on the tile the river leaves: 0 none, 1 right, 3 left.
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

    /// The bends after the river, flowing with bends `self`, bends `turn`.
    #[inline]
    pub fn next(self, turn: u8) -> Bends {
        if turn == 0 || turn == 2 {
            return Bends(self.0 & !3);
        }
        let run = if self.last() == turn {
            (self.run() + 1).min(3)
        } else {
            1
        };
        Bends(turn | turn << 2 | run << 4)
    }

    /// Why the river, flowing with bends `self`, may not bend `turn`
    /// next, under `rule`; `None` when it may.
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

/// What a placed river tile remembers, in one byte: the bends of the river
/// flowing into it (bits 0-5, a `Bends`) and the side it flows in through
/// (bits 6-7). That is enough to give each outlet, a fork's two included,
/// its own bends. A tile the river flows out of but not into (the spring, a
/// start tile) is `SOURCE`, marked by bend value 2, which no `Bends` holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Course(u8);

impl Default for Course {
    fn default() -> Self {
        Course::SOURCE
    }
}

impl Course {
    /// The river starts here: every outlet leaves it unbent.
    pub const SOURCE: Course = Course(2);

    /// The bends of the river flowing out through side `outlet`.
    #[inline]
    pub fn out(self, outlet: usize) -> Bends {
        if self.0 & 3 == 2 {
            return Bends::NONE;
        }
        Bends(self.0 & 0x3f).next(turn((self.0 >> 6) as usize, outlet))
    }

    /// A river tile whose river sides are the bits of `rivers` (bit `s` for
    /// board side `s`) joining the river through `inlet`, where the river
    /// flows in with bends `upstream`: what it remembers, or why `rule`
    /// refuses it. Every outlet is judged, so a fork is refused when either
    /// of its branches would turn back.
    pub fn enter(
        upstream: Bends,
        inlet: usize,
        rivers: u8,
        rule: RiverTurns,
    ) -> Result<Course, &'static str> {
        for outlet in (0..4).filter(|&s| s != inlet && rivers & (1 << s) != 0) {
            if let Some(why) = upstream.refuse(turn(inlet, outlet), rule) {
                return Err(why);
            }
        }
        Ok(Course(upstream.0 | (inlet as u8) << 6))
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
            b = b.next(t);
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

    const N: usize = 0;
    const E: usize = 1;
    const S: usize = 2;
    const W: usize = 3;

    fn sides(s: &[usize]) -> u8 {
        s.iter().fold(0, |m, &s| m | 1 << s)
    }

    #[test]
    fn turns_are_seen_flowing_away_from_the_inlet() {
        // Flowing east (in through the west side).
        assert_eq!(turn(W, N), L);
        assert_eq!(turn(W, S), R);
        assert_eq!(turn(W, E), 0);
        // Flowing north (in through the south side).
        assert_eq!(turn(S, W), L);
        assert_eq!(turn(S, E), R);
    }

    /// The repro of the fork bug: spring at (0, 0) flowing east, River II's
    /// fork at (1, 0) branching north (a left bend) and south (a right
    /// bend); a tile north of the fork that bends left again is a U-turn
    /// (000_9deb58b1a7d17d38.txt L476-L478, fn 17), one bending right is not.
    #[test]
    fn each_branch_of_a_fork_carries_its_own_bend() {
        for rule in [RiverTurns::NoUTurn, RiverTurns::NoThreeSameWay] {
            let spring = Course::SOURCE;
            let fork = Course::enter(spring.out(E), W, sides(&[W, N, S]), rule).unwrap();
            // The north tile joins through its south side.
            let north = fork.out(N);
            assert_eq!(north.turn(), L);
            assert!(Course::enter(north, S, sides(&[S, W]), rule).is_err());
            assert!(Course::enter(north, S, sides(&[S, E]), rule).is_ok());
            assert!(Course::enter(north, S, sides(&[S, N]), rule).is_ok());
            // The south branch bent right: right again is the U-turn.
            let south = fork.out(S);
            assert_eq!(south.turn(), R);
            assert!(Course::enter(south, N, sides(&[N, W]), rule).is_err());
            assert!(Course::enter(south, N, sides(&[N, E]), rule).is_ok());
        }
    }

    /// 001_46b8449c567a6f1a.txt L599 counts bends along each branch, the
    /// fork's own bend included: right, straight, then a fork whose south
    /// branch bends right is two; straight and right again is the third.
    #[test]
    fn three_bends_the_same_way_are_counted_across_a_fork() {
        let rule = RiverTurns::NoThreeSameWay;
        // Flowing east, bend right (now south), straight, then the fork
        // entered from the north branching west (right) and east (left).
        let b = Bends::NONE.next(R).next(0);
        let fork = Course::enter(b, N, sides(&[N, W, E]), rule).unwrap();
        let west = fork.out(W);
        let straight = Course::enter(west, E, sides(&[E, W]), rule).unwrap();
        // West then a right bend is north: the third right.
        assert!(Course::enter(straight.out(W), E, sides(&[E, N]), rule).is_err());
        assert!(
            Course::enter(straight.out(W), E, sides(&[E, N]), RiverTurns::NoUTurn).is_ok(),
            "the 1st edition forbids immediate U-turns only (000_… fn 17)"
        );
        // The east branch bent left, which broke the run of rights.
        let east = Course::enter(fork.out(E), W, sides(&[W, E]), rule).unwrap();
        assert!(Course::enter(east.out(E), W, sides(&[W, S]), rule).is_ok());
    }

    #[test]
    fn a_fork_right_after_a_bend_is_refused_when_a_branch_turns_back() {
        // Flowing east, a left bend (now north); a fork branching west
        // (left again) and east is a U-turn on its west branch.
        let b = Bends::NONE.next(L);
        assert!(Course::enter(b, S, sides(&[S, W, E]), RiverTurns::NoUTurn).is_err());
        // Branching straight on and east (right) is fine.
        assert!(Course::enter(b, S, sides(&[S, N, E]), RiverTurns::NoUTurn).is_ok());
    }

    #[test]
    fn a_source_leaves_every_outlet_unbent() {
        for s in [N, E, S, W] {
            assert_eq!(Course::SOURCE.out(s), Bends::NONE);
        }
        // A lake (no outlet) is judged by nothing but its neighbours.
        let b = Bends::NONE.next(R);
        assert!(Course::enter(b, W, sides(&[W]), RiverTurns::NoThreeSameWay).is_ok());
    }
}
