//! `demo` away from the repository: it reads tiles/ and rulesets/ from the
//! current folder, so run elsewhere it must fail saying where it looked and
//! how to point it at the data (`--dir`), and with `--dir` play the same demo
//! as from the repository root.

use std::path::{Path, PathBuf};
use std::process::Command;

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn demo_in(cwd: &Path, args: &[&str]) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_carcassonne"))
        .current_dir(cwd)
        .arg("demo")
        .args(args)
        .output()
        .expect("run carcassonne demo");
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .canonicalize()
        .expect("the repository root")
}

/// An empty folder outside the repository (resolved, as the binary sees it).
fn empty_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("carcassonne-demo-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.canonicalize().unwrap()
}

/// Everything from the demo game's header on: the turns and the scores.
fn game_part(stdout: &str) -> &str {
    let at = stdout.find("\ndemo: ").expect("the demo game's header");
    &stdout[at..]
}

#[test]
fn outside_the_repository_demo_says_where_it_looked_and_about_dir() {
    let dir = empty_dir("outside");
    let run = demo_in(&dir, &[]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert_eq!(run.stdout, "", "nothing is validated or played");
    let looked = format!(
        "looked for {} and {}",
        dir.join("tiles").display(),
        dir.join("rulesets").display()
    );
    assert!(run.stderr.contains(&looked), "{}", run.stderr);
    assert!(
        run.stderr.contains("tiles/ and rulesets/ not found"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("run it from the repository root"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("--dir PATH"), "{}", run.stderr);
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn dir_naming_a_folder_without_the_data_names_what_is_missing() {
    let dir = empty_dir("half");
    std::fs::create_dir_all(dir.join("data/tiles")).unwrap();
    let run = demo_in(&dir, &["--dir", "data"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let want = format!(
        "demo: error: rulesets/ not found: looked for {}\n",
        dir.join("data/rulesets").display()
    );
    assert!(run.stderr.starts_with(&want), "{}", run.stderr);
    assert!(
        run.stderr.contains("--dir must name the folder"),
        "{}",
        run.stderr
    );
    let run = demo_in(&dir, &["--dir", "nowhere"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stderr
            .contains(&format!("{}", dir.join("nowhere/tiles").display())),
        "{}",
        run.stderr
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn dir_plays_the_same_demo_as_the_repository_root() {
    let root = repo_root();
    let dir = empty_dir("elsewhere");
    let away = demo_in(&dir, &["--dir", root.to_str().unwrap(), "--seed", "7"]);
    assert_eq!(away.code, 0, "{}", away.stderr);
    for file in ["tiles/base.toml", "rulesets/base.toml"] {
        let ok = format!("ok {}: ", root.join(file).display());
        assert!(away.stdout.contains(&ok), "no `{ok}` in\n{}", away.stdout);
    }
    let home = demo_in(&root, &["--seed", "7"]);
    assert_eq!(home.code, 0, "{}", home.stderr);
    assert!(home.stdout.starts_with("ok tiles/"), "{}", home.stdout);
    // The same files are validated, and the same game played.
    assert_eq!(
        away.stdout.matches("\nok ").count(),
        home.stdout.matches("\nok ").count()
    );
    assert_eq!(game_part(&away.stdout), game_part(&home.stdout));
    assert!(
        game_part(&away.stdout).contains("\nscores: P0 "),
        "{}",
        away.stdout
    );
    std::fs::remove_dir_all(&dir).ok();
}
