//! The trial load of a library and what a crash leaves (`SPEC.md` §7,
//! issue 25): a library that crashes in play is refused before any game; a
//! plugin that still dies by a signal in a game says so in one line and its
//! kept record is passed over by `--resume`; the probe's report survives a
//! chatty library, whose own words are only quoted; an overrun is
//! remembered; `AWALE_PROBE_SECONDS` is checked.

use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::{Command, Output};

use crate::util::{self, TempDir};

/// A command running `host` on `plugins` with its own cache and state
/// folders (`home`), so that no verdict or kept game of another test counts.
fn host_in(plugins: &Path, home: &TempDir, args: &[&str]) -> Command {
    let mut command = util::host_command(plugins, args);
    command
        .env("XDG_CACHE_HOME", home.path().join("cache"))
        .env("XDG_STATE_HOME", home.path().join("state"))
        .env_remove("PANICKING_FAULT")
        .env_remove("PANICKING_NOISE")
        .env_remove("PANICKING_LATE")
        .env_remove("PANICKING_OPTION_FAULT")
        .env_remove("AWALE_PROBE_SECONDS");
    command
}

fn run(command: &mut Command, stdin: &str) -> Output {
    util::output(command, stdin.as_bytes())
}

/// The misbehaving fixture and the real Kalah in a new plugins folder.
fn folder_with_panicking() -> (TempDir, std::path::PathBuf) {
    let folder = util::plugins_folder(&[util::library("kalah")]);
    let panicking = folder.copy_in(&util::fixture("panicking-variant"));
    (folder, panicking)
}

#[test]
fn a_library_that_crashes_in_play_is_refused_before_any_game() {
    let (folder, panicking) = folder_with_panicking();
    let home = TempDir::new();
    let list = run(
        host_in(folder.path(), &home, &["--list"]).env("PANICKING_FAULT", "segv"),
        "",
    );
    assert_eq!(list.status.code(), Some(0), "{}", util::stderr(&list));
    assert_eq!(
        util::stderr(&list),
        format!(
            "warn: skipped {}: damaged library: a trial game was killed by signal 11 (SIGSEGV)\n",
            panicking.display()
        )
    );
    assert!(
        util::stdout(&list).contains("kalah "),
        "{}",
        util::stdout(&list)
    );
    assert!(!util::stdout(&list).contains("panicking"));
}

#[test]
fn a_plugin_that_dies_in_a_game_says_so_in_one_line_and_resume_passes_its_record_over() {
    let (folder, panicking) = folder_with_panicking();
    let home = TempDir::new();
    // The trial games are short: `segv` after move 200 passes them.
    let game = run(
        host_in(folder.path(), &home, &["panicking"])
            .env("PANICKING_FAULT", "segv")
            .env("PANICKING_LATE", "200"),
        &"1\n".repeat(202),
    );
    assert_eq!(game.status.signal(), Some(11), "{}", util::stderr(&game));
    let file = panicking.display();
    assert_eq!(
        util::stderr(&game).lines().last(),
        Some(
            format!(
                "error: the variant `panicking` ({file}) crashed with SIGSEGV, the game is \
                 abandoned: reinstall or remove {file}"
            )
            .as_str()
        ),
        "{}",
        util::stderr(&game)
    );
    let games = home.path().join("state/awale/games");
    let records: Vec<_> = std::fs::read_dir(&games)
        .expect("the kept games")
        .flatten()
        .map(|entry| entry.path())
        .collect();
    let [record] = records.as_slice() else {
        panic!("one kept game: {records:?}");
    };
    let text = std::fs::read_to_string(record).expect("the kept record");
    assert!(
        text.ends_with(&format!("\n# crashed: variant panicking, file {file}\n")),
        "{text}"
    );

    let resume = run(&mut host_in(folder.path(), &home, &["--resume"]), "");
    assert_eq!(resume.status.code(), Some(2), "{}", util::stderr(&resume));
    let err = util::stderr(&resume);
    assert!(
        err.contains(&format!(
            "warn: passed over a kept game: {}: the plugin crashed during this game \
             (variant panicking, file {file})\n",
            record.display()
        )),
        "{err}"
    );
}

#[test]
fn a_library_that_prints_when_loaded_is_described_and_its_words_only_quoted() {
    let (folder, panicking) = folder_with_panicking();
    let home = TempDir::new();
    let noise = "Warning: all good \u{1b}[31m\"really\"";
    let list = run(
        host_in(folder.path(), &home, &["--list"]).env("PANICKING_NOISE", noise),
        "",
    );
    assert_eq!(list.status.code(), Some(0));
    assert_eq!(util::stderr(&list), "", "the trial's output is not shown");
    assert!(
        util::stdout(&list).contains("panicking "),
        "{}",
        util::stdout(&list)
    );

    // Crashing too: the reason is the host's, the library's words quoted,
    // escaped, after it.
    let home = TempDir::new();
    let list = run(
        host_in(folder.path(), &home, &["--list"])
            .env("PANICKING_NOISE", noise)
            .env("PANICKING_FAULT", "segv"),
        "",
    );
    // The fixture describes itself several times: its words are cut.
    let err = util::stderr(&list);
    let reason = format!(
        "warn: skipped {}: damaged library: a trial game was killed by signal 11 (SIGSEGV), ",
        panicking.display()
    );
    let quoted = err
        .strip_prefix(&reason)
        .and_then(|rest| rest.strip_prefix("writing \""))
        .and_then(|rest| rest.strip_suffix("…\"\n"))
        .unwrap_or_else(|| panic!("{err}"));
    assert!(
        quoted.starts_with("Warning: all good \\u{1b}[31m\\\"really\\\"\\nWarning"),
        "{quoted}"
    );
    assert_eq!(quoted.chars().count(), 100, "{quoted}");
    assert!(!err.contains('\u{1b}'), "escaped");
}

#[test]
fn an_overrun_is_remembered() {
    let folder = util::plugins_folder(&[util::library("kalah")]);
    let hanging = folder.copy_in(&util::fixture("hanging-library"));
    let home = TempDir::new();
    let expected = format!(
        "warn: skipped {}: damaged library: a trial load did not finish within 0.5 s\n",
        hanging.display()
    );
    let first = run(
        host_in(folder.path(), &home, &["--list"]).env("AWALE_PROBE_SECONDS", "0.5"),
        "",
    );
    assert_eq!(util::stderr(&first), expected);
    // An hour to spare now: only the remembered verdict lets it end.
    let second = run(
        host_in(folder.path(), &home, &["--list"]).env("AWALE_PROBE_SECONDS", "3600"),
        "",
    );
    assert_eq!(util::stderr(&second), expected);
    assert!(util::stdout(&second).contains("kalah "));
}

#[test]
fn probe_seconds_out_of_range_are_refused_in_one_line() {
    let folder = util::plugins_folder(&[util::library("kalah")]);
    let home = TempDir::new();
    for value in ["abc", "0", "-1", "1e9", "NaN", "5s"] {
        let refused = run(
            host_in(folder.path(), &home, &["--list"]).env("AWALE_PROBE_SECONDS", value),
            "",
        );
        assert_eq!(refused.status.code(), Some(2), "{value}");
        assert_eq!(
            util::stderr(&refused),
            format!(
                "error: AWALE_PROBE_SECONDS={value} is not a number of seconds from 0.1 to 3600 \
                 (the time a library's trial load may take; unset it for 5 s)\n"
            )
        );
        assert_eq!(util::stdout(&refused), "", "{value}");
    }
    for value in ["", "0.5", "60"] {
        let listed = run(
            host_in(folder.path(), &home, &["--list"]).env("AWALE_PROBE_SECONDS", value),
            "",
        );
        assert_eq!(
            listed.status.code(),
            Some(0),
            "{value}: {}",
            util::stderr(&listed)
        );
    }
}
