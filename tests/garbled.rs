//! Garbled inputs never panic: truncated and byte-flipped copies of the shipped
//! tile set and ruleset are validated; each must give a verdict (ok, or at
//! least one located error), never a panic, and input that is not even TOML
//! (or not UTF-8) must be rejected.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

use carcassonne_codegen::validate::{validate, Report};
use carcassonne_codegen::{ruleset, tileset};
use carcassonne_tests::{render_report, repo_root, run_cli_in, temp_dir, write};

/// Which file of the pair a variant garbles.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Target {
    Set,
    Ruleset,
}

struct Variant {
    name: String,
    target: Target,
    bytes: Vec<u8>,
    /// Known to be invalid whatever else holds (see `must_fail`).
    must_fail: bool,
}

/// A small linear congruential generator: deterministic, no dependencies.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 33
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Text the `toml` crate itself rejects, or bytes that are not UTF-8, can
/// never validate.
fn not_toml(bytes: &[u8]) -> bool {
    match std::str::from_utf8(bytes) {
        Err(_) => true,
        Ok(text) => text.parse::<toml::Table>().is_err(),
    }
}

fn variants(original: &[u8], target: Target, seed: u64) -> Vec<Variant> {
    let text = std::str::from_utf8(original).expect("shipped file is UTF-8");
    // A truncation before this offset always loses something required: for
    // the set, the last tile (its shape ends with the last `'''`), so the
    // counts cannot add up; for the ruleset, the `sets` line.
    let required_end = match target {
        Target::Set => text.rfind("'''").expect("a shape") + 3,
        Target::Ruleset => {
            let at = text.find("\nsets = ").expect("a sets line") + 1;
            at + text[at..].find('\n').expect("line end")
        }
    };
    let tag = match target {
        Target::Set => "set",
        Target::Ruleset => "ruleset",
    };
    let mut out = Vec::new();
    for cut in (0..original.len()).step_by(37) {
        let bytes = original[..cut].to_vec();
        out.push(Variant {
            name: format!("{tag}-cut{cut}"),
            target,
            must_fail: cut < required_end || not_toml(&bytes),
            bytes,
        });
    }
    let mut rng = Lcg(seed);
    for i in 0..150 {
        let mut bytes = original.to_vec();
        // One to three changed bytes: any value, so non-UTF-8 is included.
        for _ in 0..=rng.below(3) {
            let at = rng.below(bytes.len());
            let value = match rng.below(4) {
                // Characters that matter to TOML and to the shape language.
                0 => {
                    const SPECIAL: &[u8] = b"[]=\"'#\n+>.,{}NESWnesw0123456789 ";
                    SPECIAL[rng.below(SPECIAL.len())]
                }
                1 => bytes[at] ^ (1 << rng.below(8)),
                _ => rng.below(256) as u8,
            };
            bytes[at] = value;
        }
        if bytes == original {
            continue;
        }
        out.push(Variant {
            name: format!("{tag}-flip{i}"),
            target,
            must_fail: not_toml(&bytes),
            bytes,
        });
    }
    out
}

/// Validate one variant in its own folder: `tiles/base.toml` and
/// `rulesets/base.toml`, one of them garbled. Returns the report of the
/// garbled file, and whether the compiler's loader agreed with `validate`.
fn check(dir: &Path, v: &Variant, set: &[u8], rules: &[u8]) -> Result<(Report, PathBuf), String> {
    let vdir = dir.join(&v.name);
    let set_path = vdir.join("tiles/base.toml");
    let rules_path = vdir.join("rulesets/base.toml");
    match v.target {
        Target::Set => {
            write(&set_path, &v.bytes);
            write(&rules_path, rules);
        }
        Target::Ruleset => {
            write(&set_path, set);
            write(&rules_path, &v.bytes);
        }
    }
    let garbled = match v.target {
        Target::Set => set_path.clone(),
        Target::Ruleset => rules_path.clone(),
    };
    let report = catch_unwind(AssertUnwindSafe(|| {
        validate(std::slice::from_ref(&garbled))
    }))
    .map_err(|_| format!("{}: validate panicked", v.name))?;
    // The loaders say the same as validate, and the ruleset over a garbled
    // set fails exactly when the set does.
    let set_ok = catch_unwind(AssertUnwindSafe(|| tileset::load(&set_path).is_ok()))
        .map_err(|_| format!("{}: tileset::load panicked", v.name))?;
    let rules_ok = catch_unwind(AssertUnwindSafe(|| ruleset::load(&rules_path).is_ok()))
        .map_err(|_| format!("{}: ruleset::load panicked", v.name))?;
    let valid = report.errors.is_empty();
    let expected_valid = match v.target {
        Target::Set => set_ok,
        Target::Ruleset => rules_ok,
    };
    if valid != expected_valid {
        return Err(format!(
            "{}: validate says {valid}, the loader says {expected_valid}",
            v.name
        ));
    }
    if v.target == Target::Set && !set_ok && rules_ok {
        return Err(format!("{}: the ruleset accepted a broken set", v.name));
    }
    if valid && report.ok.len() != 1 {
        return Err(format!("{}: valid but ok lines {:?}", v.name, report.ok));
    }
    if !valid && !report.ok.is_empty() {
        return Err(format!("{}: errors and ok lines {:?}", v.name, report.ok));
    }
    if v.must_fail && valid {
        return Err(format!("{}: invalid input was accepted", v.name));
    }
    // Every error names a file of the variant, and positions are 1-based.
    for d in &report.errors {
        if !d.path.starts_with(&vdir) {
            return Err(format!("{}: error about another file: {d}", v.name));
        }
        if let Some(loc) = &d.location {
            if loc.line == 0 || loc.col == 0 || loc.width == 0 {
                return Err(format!("{}: bad location in {d}", v.name));
            }
        }
    }
    Ok((report, garbled))
}

#[test]
fn garbled_inputs_never_panic() {
    let root = repo_root();
    let set = std::fs::read(root.join("tiles/base.toml")).expect("tiles/base.toml");
    let rules = std::fs::read(root.join("rulesets/base.toml")).expect("rulesets/base.toml");
    let mut all = variants(&set, Target::Set, 0x5eed_0001);
    all.extend(variants(&rules, Target::Ruleset, 0x5eed_0002));
    assert!(all.len() >= 300, "only {} variants", all.len());
    assert!(
        all.iter().any(|v| std::str::from_utf8(&v.bytes).is_err()),
        "no non-UTF-8 variant"
    );

    let dir = temp_dir("garbled");
    let mut failures = Vec::new();
    let mut results = Vec::new();
    let (mut ok, mut bad) = (0, 0);
    for v in &all {
        match check(&dir, v, &set, &rules) {
            Ok((report, garbled)) => {
                if report.errors.is_empty() {
                    ok += 1;
                } else {
                    bad += 1;
                }
                results.push((v, report, garbled));
            }
            Err(e) => failures.push(e),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} variants failed (files kept in {}):\n{}",
        failures.len(),
        all.len(),
        dir.display(),
        failures.join("\n")
    );
    eprintln!("{} variants: {ok} valid, {bad} rejected", all.len());
    assert!(
        bad > ok,
        "most garbled variants should be rejected: {ok} ok, {bad} bad"
    );

    // The real binary on a handful: the library's verdict and text, no panic.
    for (v, report, garbled) in results.iter().step_by(25) {
        let expected = render_report(report);
        let out = run_cli_in(&dir, &["validate", &garbled.to_string_lossy()]);
        assert!(
            !out.stderr.contains("panicked"),
            "{}: {}",
            v.name,
            out.stderr
        );
        assert_eq!(out.code, expected.code, "{}: {}", v.name, out.stderr);
        assert_eq!(out.stderr, expected.stderr, "{}", v.name);
    }
    std::fs::remove_dir_all(&dir).ok();
}
