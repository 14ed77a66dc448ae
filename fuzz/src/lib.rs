//! A coverage-free, structure-aware mutation fuzzer for the tile-set and
//! ruleset compiler and for the game-record loader and replay (docs/robustness.md).
//!
//! Seeds are the repository's real files and records of bot games; inputs are
//! seeds and earlier inputs mutated (`mutate`, with the names and answers
//! the engine's modules declare: `declared`), run through a target
//! (`target`) under `catch_unwind`, timed and measured (`alloc`). An input
//! that produces a message never seen before joins the corpus; a panic, a
//! broken promise, an input slower than `Config::slow` or one that needs more
//! than `Config::memory` bytes is a failure, shrunk and saved. Everything
//! follows from `Config::seed`.

pub mod alloc;
pub mod corpus;
pub mod declared;
pub mod mutate;
pub mod target;

use std::cell::RefCell;
use std::collections::{BTreeMap, HashSet};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, Once};
use std::time::{Duration, Instant};

use corpus::Input;
use mutate::Rng;
use target::{Outcome, Target, Workspace};

#[global_allocator]
static ALLOC: alloc::Counting = alloc::Counting;

#[derive(Debug, Clone)]
pub struct Config {
    pub seed: u64,
    /// Stop after this long (all workers).
    pub seconds: Option<f64>,
    /// Stop after this many mutated inputs per worker.
    pub iterations: Option<u64>,
    pub jobs: usize,
    /// The repository root (seeds are read from it).
    pub repo: PathBuf,
    /// The saved corpus, read at the start (`<dir>/<target>/*`).
    pub corpus: PathBuf,
    /// Save inputs with new messages there (shrunk, when small).
    pub save_corpus: bool,
    /// Where failures are saved.
    pub artifacts: PathBuf,
    /// An input slower than this is a hang.
    pub slow: Duration,
    /// An input needing more than this many bytes at once is a failure.
    pub memory: usize,
    /// Past this many live bytes a worker aborts the process (saving the input).
    pub hard_memory: usize,
    /// The watchdog ends the process when one input runs this long.
    pub abort_after: Duration,
    /// Print progress every this often (`None`: quiet).
    pub progress: Option<Duration>,
    /// Only these targets (all when empty).
    pub targets: Vec<Target>,
    /// Run the seeds and the saved corpus once before mutating them.
    pub run_initial: bool,
    /// Mutate only the seeds and saved inputs whose name or bytes hold one
    /// of these words (all when empty): `--focus base_princess_dragon`
    /// fuzzes from that ruleset's games, file and sets. All are still run
    /// first, so what the others show is not new.
    pub focus: Vec<String>,
}

impl Config {
    pub fn new(repo: &Path) -> Config {
        Config {
            seed: 1,
            seconds: None,
            iterations: None,
            jobs: 1,
            repo: repo.to_path_buf(),
            corpus: repo.join("fuzz/corpus"),
            save_corpus: false,
            artifacts: repo.join("target/fuzz-artifacts"),
            slow: Duration::from_secs(2),
            memory: 256 << 20,
            hard_memory: 2 << 30,
            abort_after: Duration::from_secs(60),
            progress: None,
            targets: Vec::new(),
            run_initial: true,
            focus: Vec::new(),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FailureKind {
    Crash,
    Hang,
    Memory,
    Violation,
}

#[derive(Debug, Clone)]
pub struct Failure {
    pub kind: FailureKind,
    pub target: Target,
    /// What identifies the bug (a panic's location, the broken promise).
    pub key: String,
    pub detail: String,
    /// The input, shrunk.
    pub input: Vec<u8>,
    /// How many inputs failed this way.
    pub count: u64,
    pub saved: Option<PathBuf>,
}

#[derive(Debug, Default, Clone)]
pub struct Stats {
    /// Mutated inputs run, per target.
    pub iterations: BTreeMap<Target, u64>,
    /// Seeds and saved corpus inputs run first.
    pub initial: u64,
    pub elapsed: Duration,
    pub failures: Vec<Failure>,
    /// Distinct message templates seen.
    pub templates: usize,
    /// Inputs in the in-memory corpora at the end.
    pub corpus: usize,
    /// Inputs saved to the corpus folder.
    pub saved: usize,
    /// Distinct compiled rulesets played.
    pub games: u64,
    pub slowest: Duration,
    pub slowest_target: Option<Target>,
    pub slowest_input: Vec<u8>,
    /// The most bytes one input needed at once.
    pub peak_bytes: usize,
    pub peak_target: Option<Target>,
    pub peak_input: Vec<u8>,
    /// Inputs run again because they were slower than `Config::slow`.
    pub slow_reruns: u64,
}

impl Stats {
    pub fn total(&self) -> u64 {
        self.iterations.values().sum()
    }

    pub fn per_second(&self) -> f64 {
        self.total() as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }

    fn merge(&mut self, o: Stats) {
        for (t, n) in o.iterations {
            *self.iterations.entry(t).or_default() += n;
        }
        self.initial += o.initial;
        self.corpus += o.corpus;
        self.saved += o.saved;
        self.games += o.games;
        self.slow_reruns += o.slow_reruns;
        if o.slowest > self.slowest {
            self.slowest = o.slowest;
            self.slowest_target = o.slowest_target;
            self.slowest_input = o.slowest_input;
        }
        if o.peak_bytes > self.peak_bytes {
            self.peak_bytes = o.peak_bytes;
            self.peak_target = o.peak_target;
            self.peak_input = o.peak_input;
        }
        for f in o.failures {
            match self.failures.iter_mut().find(|g| g.key == f.key) {
                Some(g) => g.count += f.count,
                None => self.failures.push(f),
            }
        }
    }

    pub fn summary(&self) -> String {
        let per: Vec<String> = self
            .iterations
            .iter()
            .map(|(t, n)| format!("{} {n}", t.name()))
            .collect();
        let mut s = format!(
            "{} inputs in {:.1} s ({:.0}/s; {}), plus {} seeds and saved inputs\n\
             {} message templates, {} inputs in the corpora, {} saved, {} compiled rulesets played\n\
             slowest input {:.3} s ({}, {} bytes; {} slow inputs run again), most memory for one input {:.1} MB ({}, {} bytes)\n\
             failures: {}",
            self.total(),
            self.elapsed.as_secs_f64(),
            self.per_second(),
            per.join(", "),
            self.initial,
            self.templates,
            self.corpus,
            self.saved,
            self.games,
            self.slowest.as_secs_f64(),
            self.slowest_target.map_or("-", Target::name),
            self.slowest_input.len(),
            self.slow_reruns,
            self.peak_bytes as f64 / 1e6,
            self.peak_target.map_or("-", Target::name),
            self.peak_input.len(),
            self.failures.len()
        );
        for f in &self.failures {
            s.push_str(&format!(
                "\n  {:?} in {} ({} inputs): {}\n    {}{}",
                f.kind,
                f.target.name(),
                f.count,
                f.key,
                f.detail.lines().next().unwrap_or(""),
                f.saved
                    .as_ref()
                    .map_or(String::new(), |p| format!("\n    saved: {}", p.display()))
            ));
        }
        s
    }
}

// ----- panics ----------------------------------------------------------------

thread_local! {
    static CAPTURE: RefCell<Option<Option<(String, String)>>> = const { RefCell::new(None) };
}

/// Panics inside `capture` are noted (message, location) instead of printed.
fn install_panic_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let captured = CAPTURE.with(|c| {
                let mut c = c.borrow_mut();
                match c.as_mut() {
                    Some(slot) => {
                        let msg = info
                            .payload()
                            .downcast_ref::<&str>()
                            .map(|s| s.to_string())
                            .or_else(|| info.payload().downcast_ref::<String>().cloned())
                            .unwrap_or_else(|| "a panic".to_string());
                        let at = info
                            .location()
                            .map_or("?".to_string(), |l| format!("{}:{}", l.file(), l.line()));
                        *slot = Some((msg, at));
                        true
                    }
                    None => false,
                }
            });
            if !captured {
                previous(info);
            }
        }));
    });
}

/// The result of one input.
pub enum Run {
    Done(Outcome, Duration, usize),
    Panicked { message: String, at: String },
}

/// Run one input through `target` in `ws`, catching panics and measuring.
pub fn execute(ws: &mut Workspace, target: Target, input: &[u8]) -> Run {
    install_panic_hook();
    CAPTURE.with(|c| *c.borrow_mut() = Some(None));
    let base = alloc::reset_peak();
    let start = Instant::now();
    let result = alloc::run_with(input, || {
        catch_unwind(AssertUnwindSafe(|| ws.run(target, input)))
    });
    let elapsed = start.elapsed();
    let peak = (alloc::peak() - base).max(0) as usize;
    let panic = CAPTURE.with(|c| c.borrow_mut().take().flatten());
    match result {
        Ok(outcome) => Run::Done(outcome, elapsed, peak),
        Err(_) => {
            let (message, at) = panic.unwrap_or(("a panic".to_string(), "?".to_string()));
            Run::Panicked { message, at }
        }
    }
}

/// What went wrong with one run, if anything: (kind, key, detail).
pub fn judge(run: &Run, cfg: &Config) -> Option<(FailureKind, String, String)> {
    match run {
        Run::Panicked { message, at } => Some((
            FailureKind::Crash,
            format!("panic at {at}"),
            message.clone(),
        )),
        Run::Done(outcome, elapsed, peak) => {
            if let Some(v) = outcome.violations.first() {
                let key: String = target::template(&v.0, Path::new("/nowhere"))
                    .chars()
                    .take(100)
                    .collect();
                return Some((FailureKind::Violation, key, v.0.clone()));
            }
            if *elapsed > cfg.slow {
                return Some((
                    FailureKind::Hang,
                    "slower than the limit".to_string(),
                    format!("{:.2} s", elapsed.as_secs_f64()),
                ));
            }
            if *peak > cfg.memory {
                return Some((
                    FailureKind::Memory,
                    "more memory than the limit".to_string(),
                    format!("{} bytes", peak),
                ));
            }
            None
        }
    }
}

// ----- workers -----------------------------------------------------------------

/// What the watchdog sees of a worker.
struct Beat {
    /// Milliseconds since the run started when the current input started (0: idle).
    started: AtomicU64,
    target: Mutex<Option<Target>>,
    input: Mutex<Vec<u8>>,
    done: AtomicU64,
}

struct Shared {
    cfg: Config,
    stop: AtomicBool,
    t0: Instant,
    /// Templates of the saved corpus and of inputs saved in this run.
    saved_templates: Mutex<HashSet<String>>,
    /// Failure keys already shrunk and saved.
    failure_keys: Mutex<HashSet<String>>,
    beats: Vec<Beat>,
}

/// Run the fuzzer as configured; returns when the time or the iterations are up.
pub fn run(cfg: &Config) -> Stats {
    install_panic_hook();
    let jobs = cfg.jobs.max(1);
    let shared = Arc::new(Shared {
        cfg: cfg.clone(),
        stop: AtomicBool::new(false),
        t0: Instant::now(),
        saved_templates: Mutex::new(HashSet::new()),
        failure_keys: Mutex::new(HashSet::new()),
        beats: (0..jobs)
            .map(|_| Beat {
                started: AtomicU64::new(0),
                target: Mutex::new(None),
                input: Mutex::new(Vec::new()),
                done: AtomicU64::new(0),
            })
            .collect(),
    });
    let seeds = corpus::seeds(&cfg.repo);
    let saved = corpus::saved(&cfg.corpus);
    let handles: Vec<_> = (0..jobs)
        .map(|w| {
            let shared = Arc::clone(&shared);
            let seeds = seeds.clone();
            let saved = saved.clone();
            std::thread::Builder::new()
                .name(format!("fuzz-{w}"))
                .stack_size(64 << 20)
                .spawn(move || worker(w, &shared, seeds, saved))
                .expect("spawn a fuzz worker")
        })
        .collect();
    let mut last_progress = Instant::now();
    while !handles.iter().all(|h| h.is_finished()) {
        std::thread::sleep(Duration::from_millis(50));
        let now = shared.t0.elapsed();
        if cfg.seconds.is_some_and(|s| now.as_secs_f64() >= s) {
            shared.stop.store(true, Ordering::Relaxed);
        }
        for (w, b) in shared.beats.iter().enumerate() {
            let started = b.started.load(Ordering::Relaxed);
            if started > 0 && now.as_millis() as u64 > started + cfg.abort_after.as_millis() as u64
            {
                let target = b.target.lock().map(|t| *t).unwrap_or(None);
                let input = b.input.lock().map(|i| i.clone()).unwrap_or_default();
                let name = target.map_or("unknown", Target::name);
                let _ = std::fs::create_dir_all(&cfg.artifacts);
                let path = cfg
                    .artifacts
                    .join(format!("hang-{name}-{:016x}.bin", corpus::hash(&input)));
                let _ = std::fs::write(&path, &input);
                eprintln!(
                    "carcassonne-fuzz: worker {w} has run one {name} input for over {:?}; saved {}; stopping",
                    cfg.abort_after,
                    path.display()
                );
                std::process::exit(3);
            }
        }
        if let Some(every) = cfg.progress {
            if last_progress.elapsed() >= every {
                last_progress = Instant::now();
                let done: u64 = shared
                    .beats
                    .iter()
                    .map(|b| b.done.load(Ordering::Relaxed))
                    .sum();
                let keys = shared.failure_keys.lock().map(|k| k.len()).unwrap_or(0);
                eprintln!(
                    "[{:>6.0} s] {done} inputs ({:.0}/s), {keys} distinct failures",
                    now.as_secs_f64(),
                    done as f64 / now.as_secs_f64().max(1e-9)
                );
            }
        }
    }
    let mut stats = Stats::default();
    let mut templates = HashSet::new();
    for (w, h) in handles.into_iter().enumerate() {
        match h.join() {
            Ok((s, t)) => {
                templates.extend(t);
                stats.merge(s);
            }
            Err(_) => {
                eprintln!("carcassonne-fuzz: worker {w} stopped with a panic of its own");
                // The fuzzer's own bug (in a mutation, say) is a failure too:
                // the run must not end in success with a worker lost.
                let target = shared.beats[w].target.lock().ok().and_then(|t| *t);
                stats.failures.push(Failure {
                    kind: FailureKind::Crash,
                    target: target.unwrap_or(Target::Record),
                    key: "a panic in the fuzzer itself".to_string(),
                    detail: format!("worker {w} stopped (its inputs are not counted)"),
                    input: Vec::new(),
                    count: 1,
                    saved: None,
                });
            }
        }
    }
    stats.templates = templates.len();
    stats.elapsed = shared.t0.elapsed();
    // The slowest input and the hungriest one, for a look.
    if cfg.progress.is_some() && std::fs::create_dir_all(&cfg.artifacts).is_ok() {
        for (what, t, bytes) in [
            ("slowest", stats.slowest_target, &stats.slowest_input),
            ("peak-memory", stats.peak_target, &stats.peak_input),
        ] {
            if let Some(t) = t {
                let _ = std::fs::write(
                    cfg.artifacts.join(format!("{what}.{}", t.extension())),
                    bytes,
                );
            }
        }
    }
    stats
        .failures
        .sort_by(|a, b| (a.kind, &a.key).cmp(&(b.kind, &b.key)));
    stats
}

/// Whether `cfg.focus` has the fuzzer mutate `input`.
fn in_focus(cfg: &Config, input: &Input) -> bool {
    cfg.focus.is_empty()
        || cfg.focus.iter().any(|w| {
            input.name.contains(w.as_str())
                || input
                    .bytes
                    .windows(w.len().max(1))
                    .any(|b| b == w.as_bytes())
        })
}

/// The in-memory corpus of each target keeps at most this many inputs, each
/// (but the seeds) at most `MAX_POOLED` bytes: the fuzzer's own memory stays
/// small however big the inputs it makes.
const MAX_CORPUS: usize = 2_000;
const MAX_POOLED: usize = 64 << 10;

fn worker(
    w: usize,
    shared: &Shared,
    seeds: Vec<Input>,
    saved: Vec<Input>,
) -> (Stats, HashSet<String>) {
    let cfg = &shared.cfg;
    let ws_dir = std::env::temp_dir().join(format!(
        "carcassonne-fuzz-{}-{w}-{:x}",
        std::process::id(),
        cfg.seed
    ));
    let mut ws = Workspace::new(&cfg.repo, ws_dir.clone()).expect("create the fuzz workspace");
    let _ = std::fs::create_dir_all(&cfg.artifacts);
    let oom_path = cfg
        .artifacts
        .join(format!("oom-{}-{w}.bin", std::process::id()));
    if let Ok(f) = std::fs::File::create(&oom_path) {
        alloc::arm(cfg.hard_memory, f);
    }
    let beat = &shared.beats[w];
    let mut rng = Rng::new(cfg.seed ^ (w as u64).wrapping_mul(0xA24B_AED4_963E_E407));
    let targets: Vec<Target> = if cfg.targets.is_empty() {
        Target::ALL.to_vec()
    } else {
        cfg.targets.clone()
    };
    let mut stats = Stats::default();
    let mut seen: HashSet<String> = HashSet::new();
    let mut pools: BTreeMap<Target, Vec<Vec<u8>>> = BTreeMap::new();

    let one =
        |ws: &mut Workspace, target: Target, bytes: &[u8], stats: &mut Stats| -> Option<Outcome> {
            beat.target.lock().map(|mut t| *t = Some(target)).ok();
            beat.input
                .lock()
                .map(|mut i| i.clone_from(&bytes.to_vec()))
                .ok();
            beat.started.store(
                shared.t0.elapsed().as_millis().max(1) as u64,
                Ordering::Relaxed,
            );
            let mut run = execute(ws, target, bytes);
            if matches!(&run, Run::Done(_, t, _) if *t > cfg.slow) {
                // A stall of the machine (another build, the disk) is no
                // hang: slow twice in a row is.
                stats.slow_reruns += 1;
                run = execute(ws, target, bytes);
            }
            beat.started.store(0, Ordering::Relaxed);
            beat.done.fetch_add(1, Ordering::Relaxed);
            if let Run::Done(_, elapsed, peak) = &run {
                if *elapsed > stats.slowest {
                    stats.slowest = *elapsed;
                    stats.slowest_target = Some(target);
                    stats.slowest_input = bytes.to_vec();
                }
                if *peak > stats.peak_bytes {
                    stats.peak_bytes = *peak;
                    stats.peak_target = Some(target);
                    stats.peak_input = bytes.to_vec();
                }
            }
            if let Some((kind, key, detail)) = judge(&run, cfg) {
                record_failure(ws, shared, stats, target, bytes, kind, key, detail);
                return None;
            }
            match run {
                Run::Done(o, _, _) => Some(o),
                Run::Panicked { .. } => None,
            }
        };

    // The seeds and the saved corpus first: they must all pass too. Only
    // those in focus are mutated; the others' messages count as seen (and
    // saved), so that a focused run saves nothing they show.
    for input in seeds.iter().chain(saved.iter()) {
        if !targets.contains(&input.target) {
            continue;
        }
        if in_focus(cfg, input) {
            pools
                .entry(input.target)
                .or_default()
                .push(input.bytes.clone());
        }
        if !cfg.run_initial {
            continue;
        }
        stats.initial += 1;
        if let Some(o) = one(&mut ws, input.target, &input.bytes, &mut stats) {
            // What the seeds and the saved corpus show needs no new file.
            let keys: Vec<String> = o.templates.iter().map(|t| novelty(t)).collect();
            if let Ok(mut s) = shared.saved_templates.lock() {
                s.extend(keys.iter().cloned());
            }
            seen.extend(keys);
        }
    }

    let mut n = 0u64;
    while !shared.stop.load(Ordering::Relaxed) && cfg.iterations.is_none_or(|max| n < max) {
        n += 1;
        let target = *rng.pick(&targets);
        let pool = pools.entry(target).or_default();
        if pool.is_empty() {
            pool.push(Vec::new());
        }
        let parent = rng.below(pool.len());
        let others: Vec<&[u8]> = (0..4)
            .map(|_| pool[rng.below(pool.len())].as_slice())
            .collect();
        let child = mutate::mutate(&mut rng, &pool[parent], target.syntax(), &others);
        *stats.iterations.entry(target).or_default() += 1;
        let Some(outcome) = one(&mut ws, target, &child, &mut stats) else {
            continue;
        };
        let new: Vec<String> = outcome
            .templates
            .iter()
            .map(|t| novelty(t))
            .filter(|t| !seen.contains(t))
            .collect();
        if new.is_empty() {
            continue;
        }
        seen.extend(new.iter().cloned());
        let pool = pools.entry(target).or_default();
        if child.len() > MAX_POOLED {
            // Too big to keep; its messages still count as seen.
        } else if pool.len() < MAX_CORPUS {
            pool.push(child.clone());
        } else {
            let i = rng.below(pool.len());
            pool[i] = child.clone();
        }
        if cfg.save_corpus {
            save_new(&mut ws, shared, &mut stats, target, &child, &new);
        }
    }
    stats.corpus = pools.values().map(Vec::len).sum();
    stats.games = ws.games;
    let _ = std::fs::remove_dir_all(&ws_dir);
    if std::fs::metadata(&oom_path).is_ok_and(|m| m.len() == 0) {
        let _ = std::fs::remove_file(&oom_path);
    }
    (stats, seen)
}

/// What makes a message template new: its first 60 characters. The start
/// of a message tells it apart; past that, input text that slipped through
/// (a name with a backtick in it) would make every input look new.
fn novelty(template: &str) -> String {
    template.chars().take(60).collect()
}

/// Inputs saved to the corpus folder are at most this big (after shrinking);
/// a target's folder stops growing at `MAX_SAVED_FILES` files (room for the
/// answers of every module's decisions beside the parse errors) and the whole
/// corpus at `MAX_CORPUS_BYTES`.
const MAX_SAVED: usize = 4 << 10;
const MAX_SAVED_FILES: usize = 250;
const MAX_CORPUS_BYTES: u64 = 400 << 10;

/// Files and bytes under `dir`.
fn folder_size(dir: &Path) -> (usize, u64) {
    std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| e.metadata().ok())
        .fold((0, 0), |(n, b), m| (n + 1, b + m.len()))
}

fn save_new(
    ws: &mut Workspace,
    shared: &Shared,
    stats: &mut Stats,
    target: Target,
    input: &[u8],
    new: &[String],
) {
    let fresh: Vec<&String> = {
        let Ok(s) = shared.saved_templates.lock() else {
            return;
        };
        new.iter().filter(|t| !s.contains(*t)).collect()
    };
    let Some(&wanted) = fresh.first() else {
        return;
    };
    let cfg = &shared.cfg;
    let bytes: u64 = Target::ALL
        .iter()
        .map(|t| folder_size(&cfg.corpus.join(t.name())).1)
        .sum();
    if bytes >= MAX_CORPUS_BYTES
        || folder_size(&cfg.corpus.join(target.name())).0 >= MAX_SAVED_FILES
    {
        return;
    }
    let small = corpus::minimize(
        input,
        |b| match execute(ws, target, b) {
            Run::Done(o, t, _) => {
                t < cfg.slow
                    && o.violations.is_empty()
                    && o.templates.iter().any(|t| novelty(t) == *wanted)
            }
            Run::Panicked { .. } => false,
        },
        600,
    );
    if small.len() > MAX_SAVED {
        return;
    }
    // Everything this input shows counts as saved.
    if let Run::Done(o, _, _) = execute(ws, target, &small) {
        if let Ok(mut s) = shared.saved_templates.lock() {
            s.extend(o.templates.iter().map(|t| novelty(t)));
        }
    }
    if corpus::save(&cfg.corpus, target, &small).is_ok() {
        stats.saved += 1;
    }
}

#[allow(clippy::too_many_arguments)]
fn record_failure(
    ws: &mut Workspace,
    shared: &Shared,
    stats: &mut Stats,
    target: Target,
    input: &[u8],
    kind: FailureKind,
    key: String,
    detail: String,
) {
    if let Some(f) = stats.failures.iter_mut().find(|f| f.key == key) {
        f.count += 1;
        return;
    }
    let first = shared
        .failure_keys
        .lock()
        .map(|mut k| k.insert(key.clone()))
        .unwrap_or(false);
    let cfg = &shared.cfg;
    let (small, saved) = if first {
        // Shrink while the same failure happens (slow inputs are not shrunk:
        // each try could take as long again).
        let small = if kind == FailureKind::Hang {
            input.to_vec()
        } else {
            corpus::minimize(
                input,
                |b| {
                    let r = execute(ws, target, b);
                    judge(&r, cfg).is_some_and(|(k, key2, _)| k == kind && key2 == key)
                },
                2_000,
            )
        };
        let name = format!(
            "{}-{}-{:016x}.{}",
            format!("{kind:?}").to_lowercase(),
            target.name(),
            corpus::hash(&small),
            target.extension()
        );
        let path = cfg.artifacts.join(name);
        let saved = std::fs::create_dir_all(&cfg.artifacts)
            .and_then(|_| std::fs::write(&path, &small))
            .ok()
            .map(|_| {
                let _ = std::fs::write(path.with_extension("txt"), format!("{key}\n{detail}\n"));
                path
            });
        (small, saved)
    } else {
        (input.to_vec(), None)
    };
    stats.failures.push(Failure {
        kind,
        target,
        key,
        detail,
        input: small,
        count: 1,
        saved,
    });
}

/// Run every input once (a saved corpus, regression inputs): the failures.
pub fn check_inputs(cfg: &Config, inputs: &[Input]) -> Vec<(String, FailureKind, String, String)> {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let dir = std::env::temp_dir().join(format!(
        "carcassonne-fuzz-check-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    let mut ws = Workspace::new(&cfg.repo, dir.clone()).expect("create the fuzz workspace");
    let mut out = Vec::new();
    for input in inputs {
        let run = execute(&mut ws, input.target, &input.bytes);
        if let Some((kind, key, detail)) = judge(&run, cfg) {
            out.push((input.name.clone(), kind, key, detail));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    out
}

/// What pruning the saved corpus did.
#[derive(Debug, Default)]
pub struct Pruned {
    pub kept: usize,
    /// Saved inputs whose every message a seed or a kept input shows, and
    /// which were deleted.
    pub removed: Vec<PathBuf>,
    /// Saved inputs that fail (kept, for a look).
    pub failing: Vec<(String, FailureKind, String, String)>,
    /// Message templates the seeds and the kept inputs show.
    pub templates: usize,
}

/// Drop from the saved corpus every input that shows nothing the seeds and
/// the other kept inputs do not: the seeds' messages count first, then the
/// saved inputs are kept greedily, the one showing the most messages not
/// yet shown first (the smaller of two). What the corpus showed, it still
/// shows; a saved input that fails is kept and reported.
pub fn prune_corpus(cfg: &Config) -> Pruned {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let dir = std::env::temp_dir().join(format!(
        "carcassonne-fuzz-prune-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    let mut ws = Workspace::new(&cfg.repo, dir.clone()).expect("create the fuzz workspace");
    let mut out = Pruned::default();
    let mut shown: HashSet<(Target, String)> = HashSet::new();
    let shows = |ws: &mut Workspace, input: &Input| -> Result<HashSet<(Target, String)>, _> {
        let run = execute(ws, input.target, &input.bytes);
        if let Some((kind, key, detail)) = judge(&run, cfg) {
            return Err((input.name.clone(), kind, key, detail));
        }
        Ok(match run {
            Run::Done(o, _, _) => o
                .templates
                .iter()
                .map(|t| (input.target, novelty(t)))
                .collect(),
            Run::Panicked { .. } => HashSet::new(),
        })
    };
    for seed in corpus::seeds(&cfg.repo) {
        match shows(&mut ws, &seed) {
            Ok(t) => shown.extend(t),
            Err(f) => out.failing.push(f),
        }
    }
    let mut saved: Vec<(Input, HashSet<(Target, String)>)> = Vec::new();
    for input in corpus::saved(&cfg.corpus) {
        match shows(&mut ws, &input) {
            Ok(t) => saved.push((input, t)),
            Err(f) => {
                out.failing.push(f);
                out.kept += 1;
            }
        }
    }
    loop {
        let best = saved
            .iter()
            .enumerate()
            .map(|(i, (input, t))| (t.difference(&shown).count(), input.bytes.len(), i))
            .filter(|(new, _, _)| *new > 0)
            .max_by_key(|&(new, len, i)| (new, std::cmp::Reverse(len), std::cmp::Reverse(i)));
        let Some((_, _, i)) = best else {
            break;
        };
        let (_, t) = saved.swap_remove(i);
        shown.extend(t);
        out.kept += 1;
    }
    for (input, _) in saved {
        let path = PathBuf::from(&input.name);
        if std::fs::remove_file(&path).is_ok() {
            out.removed.push(path);
        }
    }
    out.templates = shown.len();
    let _ = std::fs::remove_dir_all(&dir);
    out
}
