//! The command line has nothing to generate; this script only decides whether
//! the viewer's browser test can run on this machine (build/browser_test.rs).

#[path = "build/browser_test.rs"]
mod browser_test;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=build/browser_test.rs");
    browser_test::configure();
}
