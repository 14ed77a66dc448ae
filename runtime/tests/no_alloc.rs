//! The move loop allocates nothing: a counting allocator watches 500 base
//! games of the benchmark policy after each game is set up (its buffers are
//! sized from the ruleset once, in `Game::new`).

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, Ordering};

use carcassonne_runtime::bench::{random_move, Buffers};
use carcassonne_runtime::engine::Game;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

struct Counting;

// Tests run on several threads: count only on the thread that asked.
thread_local! {
    static COUNT_HERE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}
static COUNTING: Flag = Flag;
static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

/// Switches counting on and off for the current thread.
struct Flag;

impl Flag {
    fn store(&self, on: bool, _: Ordering) {
        COUNT_HERE.with(|c| c.set(on));
    }
    fn load(&self, _: Ordering) -> bool {
        COUNT_HERE.try_with(|c| c.get()).unwrap_or(false)
    }
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if COUNTING.load(Ordering::Relaxed) {
            ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        }
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if COUNTING.load(Ordering::Relaxed) {
            ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        }
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn the_move_loop_does_not_allocate() {
    let rules = carcassonne_runtime::ruleset("base").unwrap();
    let mut buf = Buffers::new();
    let mut moves = 0u64;
    for seed in 0..500 {
        let mut g = Game::new(rules, 2, seed).unwrap();
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        COUNTING.store(true, Ordering::Relaxed);
        while !g.is_over() {
            let mv = random_move(&g, &mut rng, &mut buf).unwrap();
            buf.events.clear();
            g.apply_into(mv, &mut buf.events).unwrap();
            moves += 1;
        }
        COUNTING.store(false, Ordering::Relaxed);
    }
    let n = ALLOCATIONS.load(Ordering::Relaxed);
    assert!(moves > 30_000);
    assert_eq!(n, 0, "{n} allocations in {moves} moves");
}

/// The bots' paths (`legal_actions_into` and `apply_action`; `legal_into`
/// and `apply_listed_action`) allocate nothing either once their buffers
/// have grown to the longest list: 200 base games of the benchmark policy
/// through each, after 20 games of warming up.
#[test]
fn the_action_loops_do_not_allocate() {
    use carcassonne_runtime::bench::{bot_action, legal_action};
    let rules = carcassonne_runtime::ruleset("base").unwrap();
    type Step = fn(&mut Game, &mut Pcg64Mcg, &mut Buffers) -> Option<Option<usize>>;
    for (name, step) in [("actions", bot_action as Step), ("legal", legal_action)] {
        let mut buf = Buffers::new();
        let mut decisions = 0u64;
        let before = ALLOCATIONS.load(Ordering::Relaxed);
        for seed in 0..220 {
            let mut g = Game::new(rules, 2, seed).unwrap();
            let mut rng = Pcg64Mcg::seed_from_u64(seed);
            COUNTING.store(seed >= 20, Ordering::Relaxed);
            while step(&mut g, &mut rng, &mut buf).is_some() {
                decisions += 1;
            }
            COUNTING.store(false, Ordering::Relaxed);
            assert!(g.is_over());
        }
        let n = ALLOCATIONS.load(Ordering::Relaxed) - before;
        assert!(decisions > 20_000);
        assert_eq!(n, 0, "{name}: {n} allocations in {decisions} decisions");
    }
}

/// `restart` is `Game::new` in place: after a whole game, in every ruleset,
/// the restarted game equals a new one with that seed, and a base-game
/// restart allocates nothing.
#[test]
fn restart_is_new_in_place() {
    use carcassonne_runtime::bench::random_action;
    for rules in carcassonne_runtime::rulesets() {
        let mut buf = Buffers::new();
        let mut g = Game::new(rules, 2, 7).unwrap();
        let mut rng = Pcg64Mcg::seed_from_u64(7);
        for seed in 8..11 {
            while random_action(&mut g, &mut rng, &mut buf).is_some() {}
            let base = rules.id == "base"
                && g.board_size() == Game::new(rules, 2, 0).unwrap().board_size();
            COUNTING.store(base, Ordering::Relaxed);
            let before = ALLOCATIONS.load(Ordering::Relaxed);
            g.restart(seed);
            let n = ALLOCATIONS.load(Ordering::Relaxed) - before;
            COUNTING.store(false, Ordering::Relaxed);
            assert_eq!(n, 0, "restart allocated {n} times");
            assert!(
                g == Game::new(rules, 2, seed).unwrap(),
                "{} seed {seed}",
                rules.id
            );
        }
    }
}

/// Bots copy positions with `clone_from` into a game they keep: once its
/// buffers are big enough, copying allocates nothing.
#[test]
fn clone_from_reuses_buffers() {
    let rules = carcassonne_runtime::ruleset("base").unwrap();
    let mut buf = Buffers::new();
    let mut g = Game::new(rules, 2, 3).unwrap();
    let mut rng = Pcg64Mcg::seed_from_u64(3);
    let mut scratch = g.clone();
    let mut copies = 0;
    while !g.is_over() {
        // Warm up on the current position, then count.
        scratch.clone_from(&g);
        COUNTING.store(true, Ordering::Relaxed);
        for _ in 0..10 {
            scratch.clone_from(&g);
            copies += 1;
        }
        COUNTING.store(false, Ordering::Relaxed);
        assert_eq!(scratch, g);
        assert_eq!(
            ALLOCATIONS.load(Ordering::Relaxed),
            0,
            "clone_from allocated"
        );
        let mv = random_move(&g, &mut rng, &mut buf).unwrap();
        g.apply(mv).unwrap();
    }
    assert!(copies > 500);
}

/// A bot's view and its re-deals are copied the same way: `view_into` and
/// `determinize` into games kept for the purpose allocate nothing once
/// their buffers are big enough (warmed here on the current position).
#[test]
fn views_and_determinizations_reuse_buffers() {
    let rules = carcassonne_runtime::ruleset("base_river2").unwrap();
    let mut buf = Buffers::new();
    let mut g = Game::new(rules, 2, 4).unwrap();
    let mut rng = Pcg64Mcg::seed_from_u64(4);
    let (mut view, mut det) = (g.view(0), g.view(0));
    let mut copies = 0;
    while !g.is_over() {
        g.view_into(0, &mut view);
        det.clone_from(&view);
        COUNTING.store(true, Ordering::Relaxed);
        for _ in 0..10 {
            g.view_into(0, &mut view);
            det.clone_from(&view);
            det.determinize(&mut rng);
            copies += 1;
        }
        COUNTING.store(false, Ordering::Relaxed);
        assert_eq!(view, g.view(0));
        assert_eq!(
            ALLOCATIONS.load(Ordering::Relaxed),
            0,
            "view_into or determinize allocated"
        );
        let mv = random_move(&g, &mut rng, &mut buf).unwrap();
        g.apply(mv).unwrap();
    }
    assert!(copies > 500);
}

/// Another decision than a placement (the builder's second tile, a
/// module's question): any legal answer.
/// Play move `m`; one whose placement needs a module's answer first (a
/// bridge that makes the tile fit) is played as its placement, the figure
/// step answered next round.
fn play_move(g: &mut Game, m: carcassonne_runtime::engine::Move) {
    use carcassonne_runtime::engine::{Action, MoveError};
    match g.apply(m) {
        Ok(_) => {}
        Err(MoveError::Waiting(_)) => g
            .apply_action(Action::Place(m.placement), &mut Vec::new())
            .unwrap(),
        Err(e) => panic!("{m:?}: {e}"),
    }
}

fn answer_at_random(g: &mut Game, rng: &mut Pcg64Mcg) {
    let legal = g.legal_actions();
    let pick = legal[rng.random_range(0..legal.len())];
    g.apply_action(pick, &mut Vec::new()).unwrap();
}

/// The scan the draw made (to learn that its tile fits) is handed on by
/// `placement_scan` without scanning again, and it picks exactly what a
/// fresh scan picks, in every ruleset; a clone, which starts without it,
/// scans afresh to the same answer. (Debug builds also check, at every
/// use, that the kept scan is the board's.)
#[test]
fn the_draws_scan_is_reused_and_right() {
    use carcassonne_runtime::engine::PlacementScan;
    for rules in carcassonne_runtime::rulesets() {
        let mut buf = Buffers::new();
        let mut kept_used = 0;
        for seed in 0..5 {
            let mut g = Game::new(rules, 2, seed).unwrap();
            let mut rng = Pcg64Mcg::seed_from_u64(seed);
            let (mut spare, mut fresh) = (PlacementScan::default(), PlacementScan::default());
            while let Some(pending) = g.pending() {
                if pending.decision != carcassonne_runtime::engine::Decision::Place {
                    answer_at_random(&mut g, &mut rng);
                    continue;
                }
                let spare_at: *const PlacementScan = &spare;
                let (scan, n) = g.placement_scan(&mut spare);
                kept_used += usize::from(!std::ptr::eq(scan, spare_at));
                assert_eq!(n, g.placement_count(), "{} seed {seed}", rules.id);
                let clone = g.clone();
                assert_eq!(clone.scan_placements(&mut fresh), n);
                for k in 0..=n {
                    assert_eq!(g.nth_scanned(k, scan), clone.nth_scanned(k, &fresh));
                }
                let m = random_move(&g, &mut rng, &mut buf).unwrap();
                play_move(&mut g, m);
            }
        }
        // Every ruleset has unfiltered tiles, whose draw keeps its scan.
        assert!(
            kept_used > 0,
            "{}: the draw's scan was never used",
            rules.id
        );
    }
}

/// Counting the legal placements and picking the k-th chooses exactly what
/// picking from the full list does, in every ruleset.
#[test]
fn counted_and_listed_random_moves_agree() {
    use carcassonne_runtime::bench::random_move_listed;
    for rules in carcassonne_runtime::rulesets() {
        let mut buf = Buffers::new();
        for seed in 0..10 {
            let mut g = Game::new(rules, 2, seed).unwrap();
            let mut a = Pcg64Mcg::seed_from_u64(seed);
            let mut b = Pcg64Mcg::seed_from_u64(seed);
            let mut c = Pcg64Mcg::seed_from_u64(seed);
            let (mut stale, mut stale_n) =
                (carcassonne_runtime::engine::PlacementScan::default(), 0);
            while let Some(pending) = g.pending() {
                if pending.decision != carcassonne_runtime::engine::Decision::Place {
                    answer_at_random(&mut g, &mut c);
                    continue;
                }
                assert_eq!(g.placement_count(), g.placements().len());
                // A scan made for an earlier state answers something or
                // nothing, never a panic.
                for k in 0..=stale_n + 4 {
                    let _ = g.nth_scanned(k, &stale);
                }
                let mut scan = carcassonne_runtime::engine::PlacementScan::default();
                let n = g.scan_placements(&mut scan);
                // Filtered tiles too (river, shrines): the scan applies the
                // placement filters.
                assert_eq!(n, g.placement_count());
                let listed = g.placements();
                for (k, &p) in listed.iter().enumerate() {
                    assert_eq!(g.nth_scanned(k, &scan), Some(p));
                    assert_eq!(g.nth_placement(k), Some(p));
                }
                assert_eq!(g.nth_scanned(n, &scan), None);
                (stale, stale_n) = (scan, n);
                let ma = random_move(&g, &mut a, &mut buf).unwrap();
                let mb = random_move_listed(&g, &mut b, &mut buf).unwrap();
                assert_eq!(ma, mb, "{} seed {seed}", rules.id);
                play_move(&mut g, ma);
            }
        }
    }
}

/// The greedy bot keeps every game and list it works in (issue "speed
/// where the users are": greedy allocates nothing per decision): once a
/// first game has grown its buffers, its decisions in base games allocate
/// nothing, the last tile's look at the next player's replies included.
#[test]
fn greedy_decisions_do_not_allocate() {
    use carcassonne_runtime::bots::{BotKind, SimpleBot};
    let rules = carcassonne_runtime::ruleset("base").unwrap();
    let mut bots = [
        SimpleBot::new(BotKind::Greedy, 1),
        SimpleBot::new(BotKind::Greedy, 2),
    ];
    let mut events = Vec::with_capacity(64);
    let mut decisions = 0u64;
    let mut counted = 0u64;
    for seed in 0..12 {
        let mut g = Game::new(rules, 2, seed).unwrap();
        while let Some(p) = g.pending() {
            let carcassonne_runtime::engine::Actor::Player(who) = p.actor else {
                panic!("a seeded base game deals its tiles itself")
            };
            // The first games grow the buffers (each bot's first look at
            // the last replies among them); the rest are counted.
            let count = seed >= 4;
            let before = ALLOCATIONS.load(Ordering::Relaxed);
            COUNTING.store(count, Ordering::Relaxed);
            let a = bots[who as usize].choose_action(&g).unwrap();
            COUNTING.store(false, Ordering::Relaxed);
            counted += ALLOCATIONS.load(Ordering::Relaxed) - before;
            decisions += u64::from(count);
            events.clear();
            g.apply_action(a, &mut events).unwrap();
        }
    }
    assert!(decisions > 500);
    assert_eq!(counted, 0, "{counted} allocations in {decisions} decisions");
}
