//! Golden transcripts and command-line cases in `tests/cmd/`, run by trycmd
//! against the built `host` with every workspace plugin in its folder.
//!
//! The Awalé games were written by an independent implementation of
//! `SPEC.md` §4 (random legal moves) and match the host byte for byte.

use crate::util;

#[test]
fn command_line_cases() {
    let folder = util::plugins_folder(&util::variant_libraries());
    trycmd::TestCases::new()
        .register_bin("host", util::host_exe())
        .env("AWALE_PLUGINS", folder.path().display().to_string())
        .env("HOME", util::test_home().display().to_string())
        .env(
            "XDG_STATE_HOME",
            util::test_home().join("state").display().to_string(),
        )
        .env(
            "XDG_CACHE_HOME",
            util::test_home().join("cache").display().to_string(),
        )
        .env(
            "XDG_CONFIG_HOME",
            util::test_home().join("config").display().to_string(),
        )
        .case(util::workspace_root().join("tests/cmd/*.toml"));
}
