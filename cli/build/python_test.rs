//! Whether `tests/python_package.rs` can run here: it needs `python3` (the
//! script it runs, python/test.sh, makes its own virtual environment and
//! installs the rest). As for the browser test, a test cannot mark itself
//! ignored while it runs, so a missing `python3` sets the cfg
//! `python_missing` and the test is reported `ignored` with the install
//! command. Under CI (CI=true) it is never ignored.

pub fn configure() {
    println!("cargo::rustc-check-cfg=cfg(python_missing)");
    let ci = std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0");
    if !ci && crate::browser_test::find_on_path("python3").is_none() {
        println!("cargo:rustc-cfg=python_missing");
    }
}
