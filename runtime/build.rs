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
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("tables.rs");
    let code = carcassonne_codegen::emit::tables(&compiled);
    if std::fs::read_to_string(&out).ok().as_deref() != Some(code.as_str()) {
        std::fs::write(&out, code).expect("write generated tables");
    }
}
