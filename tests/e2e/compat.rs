//! Compatibility (SPEC §8): a plugin built against the frozen copy of the
//! 1.0 contract (`tests/compat/variant-api-1.0/`, see its README for how
//! to freeze the next copy) loads and plays in today's host.
//!
//! The plugin is built from source by this test, never taken prebuilt:
//! `cargo build --locked --offline` in the copy's own workspace, into
//! `target/compat/` (its own target folder, so that its library never
//! lands beside `host`, where the host would take it for an installed
//! variant).

use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;

use crate::util::{self, TempDir};

/// The library of `compat-mini`, built once per test run.
fn frozen_plugin() -> &'static PathBuf {
    static BUILT: OnceLock<PathBuf> = OnceLock::new();
    BUILT.get_or_init(|| {
        let root = util::workspace_root();
        let target = root.join("target/compat");
        let status = Command::new(env!("CARGO"))
            .current_dir(root.join("tests/compat/variant-api-1.0"))
            .args([
                "build",
                "--quiet",
                "--locked",
                "--offline",
                "-p",
                "compat-mini",
            ])
            .arg("--target-dir")
            .arg(&target)
            .status()
            .expect("cargo runs");
        assert!(status.success(), "the frozen 1.0 plugin does not build");
        target.join("debug").join(format!(
            "{}compat_mini{}",
            std::env::consts::DLL_PREFIX,
            std::env::consts::DLL_SUFFIX
        ))
    })
}

#[test]
fn a_plugin_of_the_frozen_1_0_contract_is_listed_and_plays_to_its_end() {
    let folder = TempDir::new();
    let plugin = folder.copy_in(frozen_plugin());
    folder.copy_in(&util::library("awale"));

    let list = util::host(folder.path(), &["--list", "--verbose"], "");
    assert_eq!(util::stderr(&list), "", "nothing refused");
    let listing = util::stdout(&list);
    assert!(
        listing.contains(&format!(
            "compat-mini 1.0.0 — Mini\n    Un petit jeu de semailles sur 2×3 trous \
             (plugin du contrat 1.0 figé).\n    file: {} (variant-api 1.0.0)\n",
            plugin.display()
        )),
        "{listing}"
    );

    let moves = "1 4 2 5 3 6 1 4 2 5 3 6 1 4 2 5 3 6 1 4 2 5 3 6 1\n";
    let game = util::host(folder.path(), &["compat-mini", "--no-keep"], moves);
    assert_eq!(game.status.code(), Some(0), "{}", util::stderr(&game));
    let expected =
        std::fs::read_to_string(util::workspace_root().join("tests/compat/mini-game.stdout"))
            .expect("the expected transcript is readable");
    assert_eq!(util::stdout(&game), expected);
    assert!(
        util::stderr(&game)
            .ends_with("Fin : une rangée est vide ; chacun prend les graines de sa rangée.\n"),
        "{}",
        util::stderr(&game)
    );
}
