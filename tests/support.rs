//! Helpers shared by the cross-crate tests.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

use carcassonne_codegen::validate::Report;

/// The `tests/` folder (this package's root).
pub fn manifest_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The repository root: the folder holding `tiles/`, `rulesets/` and `tests/`.
pub fn repo_root() -> PathBuf {
    manifest_dir()
        .parent()
        .expect("tests/ has a parent folder")
        .to_path_buf()
}

/// What `carcassonne validate` prints for a report: stdout, stderr and the
/// exit code, exactly as `cli/src/main.rs` writes them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rendered {
    pub stdout: String,
    pub stderr: String,
    pub code: i32,
}

pub fn render_report(report: &Report) -> Rendered {
    let mut stdout = String::new();
    for line in &report.ok {
        stdout.push_str(line);
        stdout.push('\n');
    }
    let text: Vec<String> = report.diagnostics().iter().map(|d| d.to_string()).collect();
    let stderr = if text.is_empty() {
        String::new()
    } else {
        format!("{}\n{}\n", text.join("\n\n"), report.tally())
    };
    Rendered {
        stdout,
        stderr,
        // Warnings alone fail nothing.
        code: i32::from(!report.errors.is_empty()),
    }
}

/// A line-by-line comparison for failure messages: `-` expected, `+` actual.
pub fn diff(expected: &str, actual: &str) -> String {
    let e: Vec<&str> = expected.lines().collect();
    let a: Vec<&str> = actual.lines().collect();
    // Longest common subsequence, fine for the small texts compared here.
    let mut lcs = vec![vec![0usize; a.len() + 1]; e.len() + 1];
    for i in (0..e.len()).rev() {
        for j in (0..a.len()).rev() {
            lcs[i][j] = if e[i] == a[j] {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    let (mut i, mut j) = (0, 0);
    let mut out = String::new();
    while i < e.len() || j < a.len() {
        if i < e.len() && j < a.len() && e[i] == a[j] {
            out.push_str(&format!("  {}\n", e[i]));
            i += 1;
            j += 1;
        } else if i < e.len() && (j == a.len() || lcs[i + 1][j] >= lcs[i][j + 1]) {
            out.push_str(&format!("- {}\n", e[i]));
            i += 1;
        } else {
            out.push_str(&format!("+ {}\n", a[j]));
            j += 1;
        }
    }
    if expected.ends_with('\n') != actual.ends_with('\n') {
        out.push_str("(the texts differ in their final line break)\n");
    }
    out
}

/// A fresh, empty folder under the system temp folder, unique to this process
/// and call (no clock involved). Remove it with `std::fs::remove_dir_all`.
pub fn temp_dir(name: &str) -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!(
        "carcassonne-tests-{name}-{}-{n}",
        std::process::id()
    ));
    if dir.exists() {
        std::fs::remove_dir_all(&dir).expect("remove a stale temp folder");
    }
    std::fs::create_dir_all(&dir).expect("create a temp folder");
    dir
}

/// Write `contents` to `path`, creating its folder.
pub fn write(path: &Path, contents: impl AsRef<[u8]>) {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).expect("create folder");
    }
    std::fs::write(path, contents).unwrap_or_else(|e| panic!("write {}: {e}", path.display()));
}

/// The `carcassonne` binary of the `cli` package, built (once per test
/// process) with the same cargo and profile as the running test, so that it
/// is never stale. The test binary lives in `<target>/<profile>/deps/`; the
/// command line binary in `<target>/<profile>/`.
pub fn carcassonne_bin() -> PathBuf {
    static BIN: OnceLock<PathBuf> = OnceLock::new();
    BIN.get_or_init(|| {
        let exe = std::env::current_exe().expect("current test binary");
        let deps = exe.parent().expect("test binary folder");
        let profile_dir = if deps.file_name().is_some_and(|n| n == "deps") {
            deps.parent().expect("profile folder")
        } else {
            deps
        };
        let profile = profile_dir
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("debug")
            .to_string();
        let cargo = std::env::var("CARGO")
            .ok()
            .or_else(|| option_env!("CARGO").map(str::to_string))
            .unwrap_or_else(|| "cargo".to_string());
        let mut cmd = Command::new(&cargo);
        cmd.current_dir(repo_root()).args([
            "build",
            "--quiet",
            "-p",
            "carcassonne",
            "--bin",
            "carcassonne",
        ]);
        match profile.as_str() {
            "debug" => {}
            "release" => {
                cmd.arg("--release");
            }
            other => {
                cmd.args(["--profile", other]);
            }
        }
        let status = cmd
            .status()
            .unwrap_or_else(|e| panic!("cannot run `{cargo} build -p carcassonne`: {e}"));
        assert!(
            status.success(),
            "`{cargo} build -p carcassonne` failed ({status}); the command line binary is needed"
        );
        let bin = profile_dir.join(format!("carcassonne{}", std::env::consts::EXE_SUFFIX));
        assert!(
            bin.is_file(),
            "built the `carcassonne` binary but found no {}",
            bin.display()
        );
        bin
    })
    .clone()
}

/// Run the command line binary from the repository root.
pub fn run_cli(args: &[&str]) -> Rendered {
    run_cli_in(&repo_root(), args)
}

pub fn run_cli_in(dir: &Path, args: &[&str]) -> Rendered {
    let out = Command::new(carcassonne_bin())
        .current_dir(dir)
        .args(args)
        .output()
        .expect("run the carcassonne binary");
    Rendered {
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        // A signal (a crash) has no code: -1 fails every check below.
        code: out.status.code().unwrap_or(-1),
    }
}

/// The catalog JSON of a runtime ruleset, as text (for byte comparisons).
pub fn catalog_text(rs: &carcassonne_runtime::Ruleset) -> String {
    serde_json::to_string_pretty(&carcassonne_runtime::catalog::to_json(rs))
        .expect("catalog JSON serialises")
}

/// `carcassonne play` of a seeded two-player base game in `dir`, quiet,
/// writing its record to `record`.
pub fn play_base(dir: &Path, seed: u64, record: &str) -> Rendered {
    run_cli_in(
        dir,
        &[
            "play",
            "--ruleset",
            "base",
            "--players",
            "2",
            "--seed",
            &seed.to_string(),
            "--quiet",
            "--record",
            record,
        ],
    )
}

/// Compile a ruleset file at run time, as `--ruleset PATH` does; its
/// diagnostics are the panic message.
pub fn compile_ruleset(path: &Path) -> &'static carcassonne_runtime::Ruleset {
    let model = carcassonne_codegen::ruleset::load(path)
        .unwrap_or_else(|d| panic!("{}", carcassonne_codegen::Diagnostics::sorted(d)));
    carcassonne::load::leak(&carcassonne_codegen::lower::ruleset(&model))
}
