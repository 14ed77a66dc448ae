//! Compiles every ruleset in `../rulesets` (with the tile sets in `../tiles`)
//! into `$OUT_DIR/tables.rs`. A broken input fails the build with the same
//! located errors `carcassonne validate` prints.

use std::path::Path;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let rulesets = root.join("rulesets");
    let tiles = root.join("tiles");
    println!("cargo:rerun-if-changed={}", rulesets.display());
    println!("cargo:rerun-if-changed={}", tiles.display());
    println!("cargo:rerun-if-env-changed=CARCASSONNE_RULESETS");
    let mut compiled = match carcassonne_codegen::compile_dir(&rulesets) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    // A specialised build: CARCASSONNE_RULESETS=base,base_river1 compiles in
    // only those rulesets (the benchmark compares it with the full build).
    if let Ok(only) = std::env::var("CARCASSONNE_RULESETS") {
        let wanted: Vec<&str> = only
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .collect();
        for w in &wanted {
            if !compiled.iter().any(|r| r.id == *w) {
                eprintln!(
                    "CARCASSONNE_RULESETS names `{w}`, which is not a ruleset in {}",
                    rulesets.display()
                );
                std::process::exit(1);
            }
        }
        compiled.retain(|r| wanted.contains(&r.id.as_str()));
    }
    // Warnings fail nothing; cargo shows them (for a workspace package) and
    // builds on.
    for w in compiled.iter().flat_map(|r| &r.warnings) {
        for line in w.to_string().lines() {
            println!("cargo:warning={line}");
        }
    }
    for input in carcassonne_codegen::inputs(&compiled) {
        println!("cargo:rerun-if-changed={}", input.display());
    }
    let out_dir = std::path::PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    write_if_changed(
        &out_dir.join("tables.rs"),
        &carcassonne_codegen::emit::tables(&compiled),
    );
    write_if_changed(
        &out_dir.join("builtin.rs"),
        &builtin_sources(&tiles, &rulesets),
    );
}

/// Rewriting an unchanged file would rebuild the crate for nothing.
fn write_if_changed(path: &Path, code: &str) {
    if std::fs::read_to_string(path).ok().as_deref() != Some(code) {
        std::fs::write(path, code).expect("write generated code");
    }
}

/// The text of every file in `tiles/` and `rulesets/`, carried by the
/// program: a ruleset outside the repository names the built-in sets by id,
/// and `demo` validates them anywhere.
fn builtin_sources(tiles: &Path, rulesets: &Path) -> String {
    let list = |dir: &Path| -> String {
        let mut files: Vec<_> = std::fs::read_dir(dir)
            .map(|d| d.flatten().map(|e| e.path()).collect())
            .unwrap_or_default();
        files.retain(|p| p.extension().is_some_and(|e| e == "toml") && p.is_file());
        files.sort();
        files
            .iter()
            .map(|p| {
                let stem = p
                    .file_stem()
                    .and_then(|s| s.to_str())
                    .expect("UTF-8 file names");
                let abs = p.canonicalize().expect("a file just listed");
                format!(
                    "    ({stem:?}, include_str!({:?})),\n",
                    abs.display().to_string()
                )
            })
            .collect()
    };
    format!(
        "// generated from tiles/ and rulesets/ by runtime/build.rs, do not edit\n\
         /// Every tile set of `tiles/`: (id, text).\n\
         pub static SETS: &[(&str, &str)] = &[\n{}];\n\
         /// Every ruleset of `rulesets/`: (file name without `.toml`, text).\n\
         pub static RULESETS: &[(&str, &str)] = &[\n{}];\n",
        list(tiles),
        list(rulesets)
    )
}
