//! The compiled-in tables and the run-time compiler give the same catalog,
//! and a change in the TOML data changes the compiled catalog.

use std::path::PathBuf;

use carcassonne_tests::{catalog_text, compile_ruleset as compile, repo_root, temp_dir, write};

/// A copy of `tiles/base.toml` and `rulesets/base.toml` in a fresh folder,
/// the set text passed through `edit`. Returns the ruleset path.
fn copy_base(name: &str, edit: impl FnOnce(String) -> String) -> (PathBuf, PathBuf) {
    let root = repo_root();
    let dir = temp_dir(name);
    let set = std::fs::read_to_string(root.join("tiles/base.toml")).expect("tiles/base.toml");
    let rules =
        std::fs::read_to_string(root.join("rulesets/base.toml")).expect("rulesets/base.toml");
    write(&dir.join("tiles/base.toml"), edit(set));
    write(&dir.join("rulesets/base.toml"), rules);
    let path = dir.join("rulesets/base.toml");
    (dir, path)
}

/// Replace the one occurrence of `from`.
fn replace_once(text: &str, from: &str, to: &str) -> String {
    assert_eq!(
        text.matches(from).count(),
        1,
        "expected one {from:?} in tiles/base.toml"
    );
    text.replacen(from, to, 1)
}

fn tile<'a>(catalog: &'a serde_json::Value, id: &str) -> &'a serde_json::Value {
    catalog["tiles"]
        .as_array()
        .and_then(|t| t.iter().find(|t| t["id"] == id))
        .unwrap_or_else(|| panic!("no tile {id}"))
}

#[test]
fn unmodified_copy_compiles_to_the_compiled_in_catalog() {
    let (dir, path) = copy_base("copy", |s| s);
    let built_in = carcassonne_runtime::ruleset("base").expect("compiled-in base");
    assert_eq!(catalog_text(compile(&path)), catalog_text(built_in));
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn changing_a_count_changes_the_catalog() {
    let (dir, path) = copy_base("count", |s| {
        let s = replace_once(
            &s,
            "id = \"D\"  # BA/RCr\ncount = 4\n",
            "id = \"D\"  # BA/RCr\ncount = 5\n",
        );
        replace_once(&s, "expect_total = 72\n", "expect_total = 73\n")
    });
    let rs = compile(&path);
    assert_eq!(rs.total, 73);
    let catalog = carcassonne_runtime::catalog::to_json(rs);
    assert_eq!(catalog["total"], 73);
    assert_eq!(tile(&catalog, "D")["count"], 5);
    assert_eq!(tile(&catalog, "D")["start"], 1);
    assert_eq!(tile(&catalog, "E")["count"], 5);
    let built_in =
        carcassonne_runtime::catalog::to_json(carcassonne_runtime::ruleset("base").expect("base"));
    assert_eq!(tile(&built_in, "D")["count"], 4);
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn a_count_that_breaks_expect_total_is_an_error() {
    let (dir, path) = copy_base("total", |s| {
        replace_once(
            &s,
            "id = \"D\"  # BA/RCr\ncount = 4\n",
            "id = \"D\"  # BA/RCr\ncount = 5\n",
        )
    });
    let errors = carcassonne_codegen::ruleset::load(&path).expect_err("73 tiles, 72 expected");
    let text = carcassonne_codegen::Diagnostics::sorted(errors).to_string();
    assert!(
        text.contains("error: tile counts add up to 73 in edition 1, but expect_total is 72"),
        "{text}"
    );
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn compiled_in_rulesets_equal_the_toml_compiled_at_run_time() {
    let ids: Vec<&str> = carcassonne_runtime::rulesets()
        .iter()
        .map(|r| r.id)
        .collect();
    for id in ["base", "base_no_farmers"] {
        assert!(ids.contains(&id), "compiled-in rulesets {ids:?} lack {id}");
    }
    for rs in carcassonne_runtime::rulesets() {
        let path = repo_root().join("rulesets").join(format!("{}.toml", rs.id));
        assert!(
            path.is_file(),
            "no {} for compiled-in ruleset {}",
            path.display(),
            rs.id
        );
        let loaded = carcassonne::load::ruleset(path.to_str().expect("UTF-8 path"))
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(
            carcassonne_runtime::catalog::to_json(loaded),
            carcassonne_runtime::catalog::to_json(rs),
            "{}",
            rs.id
        );
        assert_eq!(catalog_text(loaded), catalog_text(rs), "{}", rs.id);
        // The compiled-in id also loads through the command line's lookup.
        let by_id = carcassonne::load::ruleset(rs.id).expect("compiled-in id");
        assert!(std::ptr::eq(by_id, *rs));
    }
}
