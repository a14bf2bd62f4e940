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

/// The one kept game of `home`, and its text.
fn only_kept_game(home: &TempDir) -> (std::path::PathBuf, String) {
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
    (record.clone(), text)
}

/// The line a crash of the fixture `file` says, `did` what.
fn crash_line(file: &Path, did: &str) -> String {
    let file = file.display();
    format!(
        "erreur : la variante panicking {did}, la partie s'arrête : réinstallez ou retirez {file}"
    )
}

/// Issue 25: a crash in a game is one line and a mark. Issue 35: the marked
/// game could not be replayed (« not a decision »), listed (« illisible »)
/// nor resumed, even once the plugin was reinstalled; it now replays to
/// its last decision, is listed with its reason, and goes on once the
/// library is another file.
#[test]
fn a_plugin_that_dies_in_a_game_says_so_in_one_line_and_its_game_waits_for_another_library() {
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
    assert_eq!(
        util::last_line(&game),
        crash_line(&panicking, "a planté sur le signal SIGSEGV")
    );
    let (record, text) = only_kept_game(&home);
    let mark = format!(
        "\n\n# crashed: variant panicking, file {}, by SIGSEGV, library ",
        panicking.display()
    );
    assert!(text.contains(&format!("\n201. SUD 1{mark}")), "{text}");
    assert!(text.ends_with('\n'), "{text}");

    let resume = run(&mut host_in(folder.path(), &home, &["--resume"]), "");
    assert_eq!(resume.status.code(), Some(2), "{}", util::stderr(&resume));
    // A line too wide for 80 columns goes on under its start.
    let err = util::stderr(&resume).replace("\n", " ");
    assert!(
        err.contains(&format!(
            "Partie passée : {} (ligne 213 : la variante a planté pendant cette partie \
             (SIGSEGV) et n'a pas changé depuis : réinstallez-la, puis reprenez la partie).",
            util::short_name(&record, "panicking")
        )),
        "{err}"
    );
    let kept = run(&mut host_in(folder.path(), &home, &["--kept"]), "");
    assert!(
        util::stdout(&kept).ends_with(
            "panicking, SUD personne, NORD personne, 201 décisions,\n   \
             en cours, la variante a planté (SIGSEGV)\n"
        ),
        "{}",
        util::stdout(&kept)
    );
    let replay = run(
        &mut host_in(
            folder.path(),
            &home,
            &["--replay", util::path_arg(&record), "--no-keep"],
        ),
        "",
    );
    assert_eq!(replay.status.code(), Some(1), "{}", util::stderr(&replay));
    assert_eq!(
        util::stdout(&replay).matches("A SUD de jouer.").count(),
        202,
        "every decision replayed, then the next one asked"
    );

    // Reinstalled (a new file renamed over it): the game goes on.
    let new = folder.path().join("new.tmp");
    std::fs::copy(&panicking, &new).expect("a copy");
    std::fs::rename(&new, &panicking).expect("renamed over");
    let resumed = run(&mut host_in(folder.path(), &home, &["--resume"]), "1\n");
    let err = util::stderr(&resumed);
    assert_eq!(resumed.status.code(), Some(1), "{err}");
    assert!(
        err.starts_with(&format!(
            "Reprise de la partie 1 : panicking, 201 décisions ({}).",
            util::short_name(&record, "panicking")
        )),
        "{err}"
    );
    let (_, after) = only_kept_game(&home);
    assert_eq!(after, format!("{text}202. SUD 1\n"));
}

/// Issue 35: a stack overflow on a thread of the engine's search (a hint
/// on two threads) ended the host with nothing said and no mark (the
/// thread had no alternate signal stack), and `--resume` crashed again.
#[test]
fn a_stack_overflow_on_a_search_thread_is_said_and_marked() {
    let (folder, panicking) = folder_with_panicking();
    let home = TempDir::new();
    let args = ["panicking", "--threads", "2", "--think", "0.5"];
    let game = run(
        host_in(folder.path(), &home, &args).env("PANICKING_FAULT", "overflow"),
        "1\n?\n",
    );
    assert_eq!(game.status.signal(), Some(11), "{}", util::stderr(&game));
    assert_eq!(
        util::last_line(&game),
        crash_line(&panicking, "a planté sur le signal SIGSEGV")
    );
    let (_, text) = only_kept_game(&home);
    assert!(
        text.contains("\n1. SUD 1\n\n# crashed: variant panicking, "),
        "{text}"
    );
    let resume = run(
        host_in(folder.path(), &home, &["--resume", "--threads", "2"])
            .env("PANICKING_FAULT", "overflow"),
        "?\n",
    );
    assert_eq!(resume.status.code(), Some(2), "{}", util::stderr(&resume));
    assert!(
        util::stderr(&resume)
            .replace("\n", " ")
            .contains("n'a pas changé depuis"),
        "{}",
        util::stderr(&resume)
    );
}

/// Issue 35: `exit(0)` in a plugin's `play` ended the host with status 0
/// and nothing said.
#[test]
fn an_exit_in_plugin_code_is_said_and_marked_with_status_1() {
    let (folder, panicking) = folder_with_panicking();
    let home = TempDir::new();
    let game = run(
        host_in(folder.path(), &home, &["panicking"])
            .env("PANICKING_FAULT", "exit")
            .env("PANICKING_LATE", "200"),
        &"1\n".repeat(202),
    );
    assert_eq!(game.status.code(), Some(1), "{}", util::stderr(&game));
    assert_eq!(
        util::last_line(&game),
        crash_line(&panicking, "a appelé exit()")
    );
    let (_, text) = only_kept_game(&home);
    assert!(text.contains(", by exit(), library "), "{text}");
    // The host's own end is not the plugin's.
    let left = run(
        &mut host_in(folder.path(), &home, &["kalah", "--no-keep"]),
        "",
    );
    assert_eq!(left.status.code(), Some(1));
    assert_eq!(
        util::last_line(&left),
        "Partie quittée avant son premier coup."
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

/// An overrun is remembered, and the remembered refusal says how to check
/// again. Issue 35: a raised `AWALE_PROBE_SECONDS` was ignored for an hour;
/// a longer time limit now tries the file again at once.
#[test]
fn an_overrun_is_remembered_while_the_time_limit_is_no_longer() {
    let folder = util::plugins_folder(&[util::library("kalah")]);
    let hanging = folder.copy_in(&util::fixture("hanging-library"));
    let home = TempDir::new();
    let list = |seconds: &str| {
        run(
            host_in(folder.path(), &home, &["--list"]).env("AWALE_PROBE_SECONDS", seconds),
            "",
        )
    };
    let refused = |seconds: &str| {
        format!(
            "warn: skipped {}: damaged library: a trial load did not finish within {seconds} s",
            hanging.display()
        )
    };
    assert_eq!(util::stderr(&list("0.5")), format!("{}\n", refused("0.5")));
    let cache = home.path().join("cache/awale/plugins.json");
    let again = list("0.5");
    assert_eq!(
        util::stderr(&again),
        format!(
            "{} (remembered from an earlier start: remove {} to check it again)\n",
            refused("0.5"),
            cache.display()
        )
    );
    assert!(util::stdout(&again).contains("kalah "));
    let longer = list("1");
    assert_eq!(util::stderr(&longer), format!("{}\n", refused("1")));
}

/// Issue 35 (M5): the trial games played the default options alone and
/// never called the computer player, so a library that crashed with an
/// option, or at the computer's first move, was listed.
#[test]
fn a_crash_that_needs_an_option_or_the_computer_is_caught_by_the_trial_games() {
    let (folder, panicking) = folder_with_panicking();
    for (variable, fault, stage) in [
        (
            "PANICKING_OPTION_FAULT",
            "segv",
            "a trial game with --set fault=env",
        ),
        ("PANICKING_FAULT", "eval-segv", "a trial game"),
    ] {
        let home = TempDir::new();
        let list = run(
            host_in(folder.path(), &home, &["--list"]).env(variable, fault),
            "",
        );
        assert_eq!(list.status.code(), Some(0), "{}", util::stderr(&list));
        let err = util::stderr(&list);
        assert!(
            err.starts_with(&format!(
                "warn: skipped {}: damaged library: {stage} was killed by signal 11 (SIGSEGV)",
                panicking.display()
            )) && err.lines().count() == 1,
            "{err}"
        );
        assert!(util::stdout(&list).contains("kalah "));
        assert!(!util::stdout(&list).contains("panicking"));
    }
}

/// A command running `host --list` on `folder` with the cache of `home`,
/// under `ulimit -f 0` and with no temporary folder.
fn listed_without_room(folder: &Path, home: &TempDir) -> Output {
    let mut limited = Command::new("sh");
    limited
        .arg("-c")
        .arg("ulimit -f 0; exec \"$@\"")
        .arg("sh")
        .arg(util::host_exe())
        .args(["--plugins", util::path_arg(folder), "--list"]);
    let reference = host_in(folder, home, &["--list"]);
    for (key, value) in reference.get_envs() {
        match value {
            Some(value) => limited.env(key, value),
            None => limited.env_remove(key),
        };
    }
    limited
        .env("TMPDIR", home.path().join("no-such-folder"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    util::output(&mut limited, b"")
}

/// Issue 35 (H2): the probe's report went through a temporary file; with
/// no room there (a full `/tmp`, `ulimit -f`), every library was refused
/// as damaged, and remembered so. The report now goes through a pipe.
#[test]
fn probes_with_no_temporary_space_list_every_plugin_and_so_do_the_next() {
    let (folder, _) = folder_with_panicking();
    let home = TempDir::new();
    let cramped = listed_without_room(folder.path(), &home);
    assert_eq!(util::stderr(&cramped), "", "no warning");
    let listed = util::stdout(&cramped);
    assert!(
        listed.contains("kalah ") && listed.contains("panicking "),
        "{listed}"
    );
    let roomy = run(&mut host_in(folder.path(), &home, &["--list"]), "");
    assert_eq!(util::stderr(&roomy), "");
    assert_eq!(util::stdout(&roomy), listed);
}

/// Issue 35 (H2): a probe killed from outside (here by the library itself,
/// as the out-of-memory killer would) was remembered as a damaged library
/// for good. It is now « not checked », and tried again at the next start.
#[test]
fn a_probe_killed_from_outside_is_not_checked_and_tried_again() {
    let (folder, panicking) = folder_with_panicking();
    let home = TempDir::new();
    let killed = run(
        host_in(folder.path(), &home, &["--list"]).env("PANICKING_KILLED", "1"),
        "",
    );
    assert_eq!(killed.status.code(), Some(0));
    assert_eq!(
        util::stderr(&killed),
        format!(
            "warn: skipped {} for now, not checked: a trial load was killed by signal 9 \
             (SIGKILL), a signal no fault of a library sends (another program, or the machine \
             out of memory); it is tried again at the next start\n",
            panicking.display()
        )
    );
    let next = run(&mut host_in(folder.path(), &home, &["--list"]), "");
    assert_eq!(util::stderr(&next), "");
    assert!(util::stdout(&next).contains("panicking "));
}

/// Issue 35 (low): a process a probe started in a session of its own
/// (`setsid`) outlived it. The host now adopts what its probes leave and
/// kills it (Linux).
#[cfg(target_os = "linux")]
#[test]
fn what_a_probe_leaves_in_another_session_is_killed() {
    let (folder, _) = folder_with_panicking();
    let home = TempDir::new();
    let noted = home.path().join("escaped");
    let list = run(
        host_in(folder.path(), &home, &["--list"]).env("PANICKING_ESCAPE", &noted),
        "",
    );
    assert_eq!(list.status.code(), Some(0), "{}", util::stderr(&list));
    let pid = std::fs::read_to_string(&noted).expect("the fixture started it");
    let command_line = std::fs::read(format!("/proc/{}/cmdline", pid.trim()));
    let alive = command_line.is_ok_and(|line| line.starts_with(b"sleep\0"));
    if alive {
        // Not left behind by this test, whatever it finds.
        let _ = Command::new("kill").arg(pid.trim()).status();
    }
    assert!(!alive, "the escaped process {pid} is still running");
}

/// Issue 35 (low): an entry of the plugins cache with an escape sequence
/// (a forged `plugins.json`) was printed raw by `--list`; it is now
/// ignored, and the library probed again.
#[test]
fn a_cache_entry_a_probe_could_not_have_written_is_ignored() {
    let folder = util::plugins_folder(&[util::library("kalah")]);
    let home = TempDir::new();
    let first = run(&mut host_in(folder.path(), &home, &["--list"]), "");
    let cache = home.path().join("cache/awale/plugins.json");
    let text = std::fs::read_to_string(&cache).expect("the cache");
    let forged = text.replacen("kalah ", "kalah \\u001b[2J", 1);
    assert_ne!(forged, text, "{text}");
    std::fs::write(&cache, forged).expect("a forged cache");
    let second = run(&mut host_in(folder.path(), &home, &["--list"]), "");
    assert!(!util::stdout(&second).contains('\u{1b}'));
    assert_eq!(util::stdout(&second), util::stdout(&first));
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
        // One message, its lines after the first under its text.
        assert_eq!(
            util::stderr(&refused).replace("\n         ", " "),
            format!(
                "erreur : AWALE_PROBE_SECONDS={value} n'est pas un nombre de secondes de 0,1 à \
                 3600 (le temps que peut prendre l'essai d'une variante ; sans elle, 5 s)\n"
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

/// Issue 43: the trial games did not make every call a game makes, so a
/// library that crashed asking its endgame tables (before a game's first
/// board), in a hint's assessments with the tables, or writing its
/// position, passed the trial and took down the first game. Each is now
/// refused before any game.
#[test]
fn a_library_that_crashes_in_the_tables_questions_a_hint_or_a_position_is_refused() {
    for fault in ["tables-segv", "bounds-segv", "position-segv"] {
        let (folder, panicking) = folder_with_panicking();
        let home = TempDir::new();
        let list = run(
            host_in(folder.path(), &home, &["--list"]).env("PANICKING_FAULT", fault),
            "",
        );
        assert_eq!(
            list.status.code(),
            Some(0),
            "{fault}: {}",
            util::stderr(&list)
        );
        assert_eq!(
            util::stderr(&list),
            format!(
                "warn: skipped {}: damaged library: a trial game was killed by signal 11 \
                 (SIGSEGV)\n",
                panicking.display()
            ),
            "{fault}"
        );
        assert!(!util::stdout(&list).contains("panicking"), "{fault}");
    }
}
