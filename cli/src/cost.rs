//! What the bots cost: each seat's CPU time per decision, and a searching
//! bot's iterations (`simulate --cost`). CPU time is the thread's own (not
//! the wall clock), so other jobs sharing the cores do not count, and any
//! number of worker threads measures the same cost.

use carcassonne_runtime::bots::Effort;
use serde_json::{json, Value};

use crate::game_result::{GameResult, SeatCost};

/// CPU time the calling thread has used, in nanoseconds.
#[cfg(unix)]
pub fn thread_cpu_ns() -> u64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid timespec for the call to fill.
    let r = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    if r != 0 {
        return 0;
    }
    (ts.tv_sec as u64) * 1_000_000_000 + ts.tv_nsec as u64
}

/// Without a thread clock, the wall clock since the first call.
#[cfg(not(unix))]
pub fn thread_cpu_ns() -> u64 {
    use std::sync::OnceLock;
    use std::time::Instant;
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_nanos() as u64
}

/// Each bot's cost over `results`, wherever it sat, as JSON: decisions,
/// CPU time per decision, and for a searching bot the decisions searched,
/// iterations per search, CPU time per iteration (all its time over all
/// its iterations) and root visits kept from earlier searches.
pub fn summary(bots: &[impl AsRef<str>], results: &[GameResult]) -> Value {
    let rows: Vec<Value> = (0..bots.len())
        .map(|b| {
            let mut total = SeatCost::default();
            let mut effort: Option<Effort> = None;
            for r in results {
                let Some(seat) = r.seating.iter().position(|&x| x as usize == b) else {
                    continue;
                };
                let Some(c) = r.cost.get(seat) else { continue };
                total.decisions += c.decisions;
                total.cpu_ns += c.cpu_ns;
                if let Some(e) = c.effort {
                    let sum = effort.get_or_insert_with(Effort::default);
                    sum.searched += e.searched;
                    sum.iterations += e.iterations;
                    sum.reused += e.reused;
                }
            }
            let per = |x: f64, n: u64| if n > 0 { x / n as f64 } else { 0.0 };
            let mut row = json!({
                "bot": bots[b].as_ref(),
                "decisions": total.decisions,
                "cpu_s": r3(total.cpu_ns as f64 / 1e9),
                "cpu_us_per_decision": r3(per(total.cpu_ns as f64 / 1e3, total.decisions)),
            });
            if let Some(e) = effort {
                row["searched"] = json!(e.searched);
                row["iterations"] = json!(e.iterations);
                row["iterations_per_search"] = json!(r3(per(e.iterations as f64, e.searched)));
                row["cpu_us_per_search"] = json!(r3(per(total.cpu_ns as f64 / 1e3, e.searched)));
                row["cpu_us_per_iteration"] =
                    json!(r3(per(total.cpu_ns as f64 / 1e3, e.iterations)));
                row["reused_visits_per_search"] = json!(r3(per(e.reused as f64, e.searched)));
            }
            row
        })
        .collect();
    json!(rows)
}

fn r3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// The cost rows of a summary (`summary`) as a table.
pub fn table(rows: &Value) -> String {
    let rows = rows.as_array().cloned().unwrap_or_default();
    let width = rows
        .iter()
        .filter_map(|r| r["bot"].as_str())
        .map(str::len)
        .max()
        .unwrap_or(0)
        .max(8);
    let mut out = format!(
        "{:<5} {:<width$} {:>9} {:>10} {:>9} {:>10} {:>11} {:>12} {:>9}\n",
        "cost",
        "",
        "decisions",
        "CPU µs/dec",
        "searched",
        "iters/srch",
        "CPU µs/srch",
        "CPU µs/iter",
        "kept/srch"
    );
    for (b, r) in rows.iter().enumerate() {
        let f = |k: &str| match r[k].as_f64() {
            Some(x) => format!("{x:.1}"),
            None => "-".to_string(),
        };
        let n = |k: &str| match r[k].as_u64() {
            Some(x) => x.to_string(),
            None => "-".to_string(),
        };
        out.push_str(&format!(
            "{:<5} {:<width$} {:>9} {:>10} {:>9} {:>10} {:>11} {:>12} {:>9}\n",
            format!("B{b}"),
            r["bot"].as_str().unwrap_or("?"),
            n("decisions"),
            f("cpu_us_per_decision"),
            n("searched"),
            f("iterations_per_search"),
            f("cpu_us_per_search"),
            f("cpu_us_per_iteration"),
            f("reused_visits_per_search"),
        ));
    }
    out.push_str(
        "(CPU time of the thread answering, per decision; a searching bot's decisions with one answer are not searched, and its CPU per iteration is all its time over all its iterations; kept: root visits made by the search before, per search)\n",
    );
    out
}
