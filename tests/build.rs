//! Nothing to generate: this script only tells the tests whether they are
//! built (and so, almost always, run) by root, for whom a read-only folder is
//! writable. A test cannot mark itself ignored while it runs, so the cfg
//! `tests_as_root` lets `atomic_output.rs` report that case `ignored` with its
//! reason instead of passing without checking anything.

fn main() {
    println!("cargo::rustc-check-cfg=cfg(tests_as_root)");
    println!("cargo:rerun-if-changed=build.rs");
    if built_by_root() {
        println!("cargo:rustc-cfg=tests_as_root");
    }
}

/// The owner of a file this process creates is its effective user: no libc
/// call needed.
#[cfg(unix)]
fn built_by_root() -> bool {
    use std::os::unix::fs::MetadataExt;
    let out = std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR");
    let probe = std::path::Path::new(&out).join("owner-probe");
    std::fs::write(&probe, b"").expect("write into OUT_DIR");
    std::fs::metadata(&probe).is_ok_and(|m| m.uid() == 0)
}

#[cfg(not(unix))]
fn built_by_root() -> bool {
    false
}
