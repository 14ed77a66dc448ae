//! Golden diagnostics: every `tests/data/err/NAME.toml` (a tile set or a
//! ruleset with a mistake in it) has a `NAME.stderr` holding the exact stderr
//! of `carcassonne validate tests/data/err/NAME.toml` run from the repository
//! root. Helper sets used by the bad rulesets live in `tests/data/err/sets/`.
//!
//! `tests/data/warn/NAME.toml` are valid files that draw warnings: `validate`
//! prints them on stderr (`NAME.stderr`) beside the `ok` lines
//! (`NAME.stdout`) and exits 0.
//!
//! To accept new or changed messages, run
//!
//! ```sh
//! UPDATE_GOLDEN=1 cargo test -p carcassonne-tests --test diagnostics
//! ```
//!
//! which rewrites the `.stderr` files; review the change with `git diff`.

use std::path::{Path, PathBuf};
use std::sync::Once;

use carcassonne_codegen::validate::validate;
use carcassonne_tests::{diff, render_report, repo_root, run_cli};

const ERR_DIR: &str = "tests/data/err";

/// Cases that must stay covered (file stems in `tests/data/err`).
const REQUIRED: &[&str] = &[
    "toml_syntax",
    "unknown_key",
    "unknown_port",
    "port_twice",
    "side_unused",
    "half_edge_unused",
    "road_half_not_field",
    "city_field_half",
    "field_wrong_border",
    "unknown_attribute",
    "attribute_wrong_kind",
    "counts_total",
    "duplicate_id",
    "no_start",
    "unknown_set",
    "unplaceable",
    "shape_syntax",
    "special_sides",
    "start_block",
    "start_block_sides",
    "count_per_edition",
    "border_exceptions",
    "start_options",
    "held_tile",
    "river_turns",
    "unused_start_river",
    "unused_start_value",
    "unclosed_shape",
    "unclosed_eof",
    "unclosed_ruleset",
    "did_you_mean",
    "did_you_mean_ruleset",
    "too_many_tiles",
    "road_ends",
    "duplicate_of_table",
    "twin_tiles_error",
    "garden",
    "options_need_mechanics",
    "barn_needs_farms",
    "shrine",
    "missing_edition",
    "missing_editions_table",
];

const WARN_DIR: &str = "tests/data/warn";

/// Warning cases that must stay covered (file stems in `tests/data/warn`).
const REQUIRED_WARNINGS: &[&str] = &["twin_tiles"];

/// The messages name files relative to the repository root, as the command
/// line does when run from there. Every test of this file wants that folder.
fn in_repo_root() {
    static CD: Once = Once::new();
    CD.call_once(|| std::env::set_current_dir(repo_root()).expect("cd to the repository root"));
}

/// `tests/data/err/*.toml`, sorted, relative to the repository root.
fn cases() -> Vec<PathBuf> {
    cases_in(ERR_DIR)
}

/// `DIR/*.toml`, sorted, relative to the repository root.
fn cases_in(dir_name: &str) -> Vec<PathBuf> {
    let dir = repo_root().join(dir_name);
    let mut out: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("read {}: {e}", dir.display()))
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "toml"))
        .map(|p| Path::new(dir_name).join(p.file_name().expect("file name")))
        .collect();
    out.sort();
    out
}

fn golden_path(case: &Path) -> PathBuf {
    repo_root().join(case.with_extension("stderr"))
}

fn stem(case: &Path) -> String {
    case.file_stem()
        .expect("file stem")
        .to_string_lossy()
        .into_owned()
}

#[test]
fn every_required_case_has_an_input_and_a_golden_file() {
    let have: Vec<String> = cases().iter().map(|c| stem(c)).collect();
    let missing: Vec<&&str> = REQUIRED
        .iter()
        .filter(|r| !have.iter().any(|h| h == *r))
        .collect();
    assert!(
        missing.is_empty(),
        "missing cases in {ERR_DIR}: {missing:?}"
    );
    assert!(have.len() >= 16, "only {} cases", have.len());
    // No golden file without its input.
    let dir = repo_root().join(ERR_DIR);
    for entry in std::fs::read_dir(&dir).expect("read err dir").flatten() {
        let p = entry.path();
        if p.extension().is_some_and(|x| x == "stderr") {
            assert!(
                p.with_extension("toml").is_file(),
                "{} has no .toml beside it",
                p.display()
            );
        }
    }
}

#[test]
fn golden_diagnostics() {
    in_repo_root();
    let update = std::env::var_os("UPDATE_GOLDEN").is_some_and(|v| v == "1");
    let mut failures = Vec::new();
    for case in cases() {
        let rendered = render_report(&validate(std::slice::from_ref(&case)));
        let golden = golden_path(&case);
        if update {
            std::fs::write(&golden, &rendered.stderr)
                .unwrap_or_else(|e| panic!("write {}: {e}", golden.display()));
        }
        if rendered.code != 1 || !rendered.stdout.is_empty() {
            failures.push(format!(
                "{}: expected errors only (exit 1), got exit {} and stdout:\n{}",
                case.display(),
                rendered.code,
                rendered.stdout
            ));
        }
        let expected = match std::fs::read_to_string(&golden) {
            Ok(t) => t,
            Err(e) => {
                failures.push(format!(
                    "{}: cannot read {} ({e}); run with UPDATE_GOLDEN=1 to create it",
                    case.display(),
                    golden.display()
                ));
                continue;
            }
        };
        if expected != rendered.stderr {
            failures.push(format!(
                "{}: stderr differs from {} (- expected, + actual):\n{}",
                case.display(),
                golden.display(),
                diff(&expected, &rendered.stderr)
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} golden mismatch(es) (UPDATE_GOLDEN=1 rewrites the .stderr files):\n\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Every diagnostic points into a real line of the file it names, and the
/// caret stays within that line (one past the end at most).
#[test]
fn carets_point_inside_the_named_lines() {
    in_repo_root();
    for case in cases().into_iter().chain(cases_in(WARN_DIR)) {
        let report = validate(std::slice::from_ref(&case));
        assert!(
            !report.diagnostics().is_empty(),
            "{}: no diagnostics",
            case.display()
        );
        for d in report.diagnostics() {
            let Some(loc) = &d.location else { continue };
            let bytes = std::fs::read(&d.path).expect("the named file exists");
            let text = String::from_utf8_lossy(&bytes);
            let line = text.lines().nth(loc.line - 1).unwrap_or_else(|| {
                panic!("{}: line {} does not exist", d.path.display(), loc.line)
            });
            // Non-UTF-8 files show the valid prefix only.
            assert!(
                line.starts_with(&loc.text),
                "{d}\nshown line differs from the file's line {:?}",
                line
            );
            let len = loc.text.chars().count();
            assert!(
                loc.col >= 1 && loc.col + loc.width <= len + 2,
                "{d}\ncaret outside line"
            );
        }
    }
}

/// The real binary prints exactly the golden stderr, and its exit codes are
/// 1 for bad input, 0 for the shipped data and 2 for a usage error.
#[test]
fn command_line_matches_golden_files_and_exit_codes() {
    in_repo_root();
    // While UPDATE_GOLDEN rewrites the files, compare with what the library
    // renders instead, so the two tests do not race.
    let update = std::env::var_os("UPDATE_GOLDEN").is_some_and(|v| v == "1");
    let mut failures = Vec::new();
    for case in cases() {
        let out = run_cli(&["validate", &case.to_string_lossy()]);
        let expected = if update {
            render_report(&validate(std::slice::from_ref(&case))).stderr
        } else {
            std::fs::read_to_string(golden_path(&case)).unwrap_or_default()
        };
        if out.code != 1 {
            failures.push(format!(
                "{}: exit code {}, expected 1",
                case.display(),
                out.code
            ));
        }
        if !out.stdout.is_empty() {
            failures.push(format!(
                "{}: unexpected stdout:\n{}",
                case.display(),
                out.stdout
            ));
        }
        if out.stderr != expected {
            failures.push(format!(
                "{}: binary stderr differs from the golden file (- expected, + actual):\n{}",
                case.display(),
                diff(&expected, &out.stderr)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));

    let ok = run_cli(&["validate", "tiles", "rulesets"]);
    assert_eq!(
        ok.code, 0,
        "validate tiles rulesets:\n{}{}",
        ok.stdout, ok.stderr
    );
    assert!(ok.stderr.is_empty(), "{}", ok.stderr);
    assert!(
        ok.stdout
            .contains("ok tiles/base.toml: set base, 24 tile types, 72 tiles, 1 start")
            && ok.stdout.contains("ok rulesets/base.toml: ruleset base"),
        "{}",
        ok.stdout
    );

    // A folder of bad files: every error of every file, exit 1.
    let all = run_cli(&["validate", ERR_DIR]);
    assert_eq!(all.code, 1);
    assert!(!all.stderr.contains("panicked"), "{}", all.stderr);

    for args in [&[][..], &["validate"][..]] {
        let usage = run_cli(args);
        assert_eq!(usage.code, 2, "{args:?}: {}", usage.stderr);
        assert!(usage.stdout.is_empty(), "{args:?}: {}", usage.stdout);
        assert!(usage.stderr.contains("Usage"), "{args:?}: {}", usage.stderr);
    }

    let missing = run_cli(&["validate", "no/such/file.toml"]);
    assert_eq!(missing.code, 1);
    assert_eq!(
        missing.stderr,
        "no/such/file.toml: error: no such file or folder\n1 error\n"
    );
}

/// Valid files with warnings: exit 0, the `ok` lines on stdout and the
/// warnings on stderr, exactly as the golden files hold them, from the
/// library and from the real binary.
#[test]
fn warnings_are_printed_and_fail_nothing() {
    in_repo_root();
    let update = std::env::var_os("UPDATE_GOLDEN").is_some_and(|v| v == "1");
    let cases = cases_in(WARN_DIR);
    let have: Vec<String> = cases.iter().map(|c| stem(c)).collect();
    for r in REQUIRED_WARNINGS {
        assert!(
            have.iter().any(|h| h == r),
            "missing case {WARN_DIR}/{r}.toml"
        );
    }
    let mut failures = Vec::new();
    for case in cases {
        let rendered = render_report(&validate(std::slice::from_ref(&case)));
        let stdout_path = repo_root().join(case.with_extension("stdout"));
        let stderr_path = golden_path(&case);
        if update {
            std::fs::write(&stdout_path, &rendered.stdout).expect("write stdout golden");
            std::fs::write(&stderr_path, &rendered.stderr).expect("write stderr golden");
        }
        let out = run_cli(&["validate", &case.to_string_lossy()]);
        for (what, got) in [("library", &rendered), ("binary", &out)] {
            if got.code != 0 {
                failures.push(format!("{}: {what}: exit {}", case.display(), got.code));
            }
            if !got.stderr.contains(": warning: ") || got.stderr.contains(": error: ") {
                failures.push(format!(
                    "{}: {what}: expected warnings only:\n{}",
                    case.display(),
                    got.stderr
                ));
            }
            for (path, text) in [(&stdout_path, &got.stdout), (&stderr_path, &got.stderr)] {
                let expected = std::fs::read_to_string(path).unwrap_or_default();
                if &expected != text {
                    failures.push(format!(
                        "{}: {what}: differs from {} (- expected, + actual):\n{}",
                        case.display(),
                        path.display(),
                        diff(&expected, text)
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
