//! The command line has nothing to generate; this script only decides whether
//! the browser tests, the viewer's and the web page's (build/browser_test.rs),
//! and the Python package's tests (build/python_test.rs) can run on this
//! machine.

#[path = "build/browser_test.rs"]
mod browser_test;
#[path = "build/python_test.rs"]
mod python_test;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=build/browser_test.rs");
    println!("cargo:rerun-if-changed=build/python_test.rs");
    browser_test::configure();
    python_test::configure();
}
