//! What the tests in headless Chromium need: Chromium, node and
//! playwright-core (installed by `npm ci` in cli/tests/browser). The build
//! script (`cli/build/browser_test.rs`) looks for them first: when one is
//! missing the tests are reported `ignored` with the command that installs
//! it, never `ok`. Under CI (CI=true) they are never ignored, and a piece
//! missing fails them here.

use std::path::{Path, PathBuf};
use std::process::Command;

/// A test in headless Chromium: `ignored`, with the command that installs
/// what is missing, where the build script found a piece missing.
#[macro_export]
macro_rules! browser_test {
    (fn $name:ident() $body:block) => {
        #[test]
        #[cfg_attr(
            browser_missing = "chromium",
            ignore = "needs Chromium at /usr/bin/chromium (or $CHROMIUM), node and npm: apt-get install chromium nodejs npm"
        )]
        #[cfg_attr(
            browser_missing = "node",
            ignore = "needs node and npm: apt-get install nodejs npm"
        )]
        #[cfg_attr(
            browser_missing = "playwright",
            ignore = "needs npm to install playwright-core: apt-get install npm, or npm ci in cli/tests/browser"
        )]
        fn $name() $body
    };
}

/// What installs everything the tests need (Debian, Ubuntu).
pub const INSTALL: &str = "apt-get install chromium nodejs npm";

pub fn have(cmd: &str) -> bool {
    Command::new(cmd)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The build script found everything (or CI requires it): a piece missing
/// now is a failure, with what to do about it.
pub fn missing(what: &str) -> ! {
    panic!(
        "the browser test needs {what}: {INSTALL} (.ci/run installs them). \
         Without CI=true the build looks for them and marks the test ignored \
         when one is missing; if it was there then, `touch cli/build.rs` makes \
         the build look again"
    );
}

/// The folder of the browser scripts, with playwright-core installed,
/// and the Chromium to drive.
pub fn ready() -> (PathBuf, String) {
    let browser_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser");
    let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
    if !Path::new(&chromium).exists() {
        missing(&format!("Chromium ({chromium})"));
    }
    if !have("node") {
        missing("node");
    }
    if !browser_dir.join("node_modules/playwright-core").is_dir() {
        if have("npm") {
            let o = Command::new("npm")
                .args(["ci", "--no-audit", "--no-fund"])
                .current_dir(&browser_dir)
                .output()
                .expect("run npm ci");
            assert!(
                o.status.success(),
                "npm ci in {} failed: {}",
                browser_dir.display(),
                String::from_utf8_lossy(&o.stderr)
            );
        } else {
            missing("npm (to install playwright-core)");
        }
    }
    (browser_dir, chromium)
}
