//! Golden test of the Rust tables generated for the base ruleset. A change
//! to the tile data, the lowering or the emitter shows up as a snapshot diff.
//!
//! Accept an intended change with `INSTA_UPDATE=always cargo test -p
//! carcassonne-tests --test generated_tables` (or `cargo insta review`) and
//! commit `tests/snapshots/`.

use std::path::Path;

#[test]
fn base_ruleset_tables() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../rulesets/base.toml");
    let model = carcassonne_codegen::ruleset::load(&path).unwrap_or_else(|d| {
        panic!("{}", carcassonne_codegen::Diagnostics::sorted(d));
    });
    let code = carcassonne_codegen::emit::tables(&[model]);
    // The header names the inputs from the repository root, whatever the
    // checkout's location.
    assert!(
        code.contains("\n//   rulesets/base.toml\n"),
        "{}",
        &code[..600.min(code.len())]
    );
    assert!(
        code.contains("\n//   tiles/base.toml\n"),
        "{}",
        &code[..600.min(code.len())]
    );
    insta::assert_snapshot!("base_tables", code);
}
