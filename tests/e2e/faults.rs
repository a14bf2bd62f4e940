//! A plugin that breaks the contract or panics where a panic would cross
//! the library boundary ends the game with one line and status 1, the game
//! so far kept on standard output (`SPEC.md` §7).

use crate::util::{self, TempDir};

/// Runs the misbehaving fixture with `--set fault=FAULT` on `stdin`, with
/// `RUST_LOG=debug`, which says the plugin's own words about its failure.
fn misbehaving(fault: &str, stdin: &str) -> std::process::Output {
    let folder = TempDir::new();
    folder.copy_in(&util::fixture("panicking-variant"));
    let setting = format!("fault={fault}");
    let mut command = util::host_command(folder.path(), &["panicking", "--set", &setting]);
    command.env("RUST_LOG", "debug");
    util::output(&mut command, stdin.as_bytes())
}

fn last_line(text: &str) -> &str {
    text.lines().last().unwrap_or_default()
}

/// The line a player reads when the fixture fails, in French.
const FAILED: &str = "erreur : la variante panicking a échoué (RUST_LOG=debug dit pourquoi).";

/// The diagnostic line, in English, that gives the fixture's own words
/// under `RUST_LOG=debug`.
fn said_in_debug(err: &str) -> &str {
    err.lines()
        .find(|line| line.starts_with("debug: the variant panicking failed: "))
        .unwrap_or_default()
}

/// Issue 12, case 6: a panic while the game is dropped used to abort the host (exit 134).
#[test]
fn a_panic_while_dropping_the_game_does_not_abort_the_host() {
    let game = misbehaving("drop", "1 1\n");
    assert_eq!(game.status.code(), Some(1), "{}", util::stderr(&game));
    let err = util::stderr(&game);
    assert_eq!(
        last_line(&err),
        "Partie gardée : host --resume la reprend.",
        "{err}"
    );
    assert!(!err.contains("abort"), "{err}");
}

/// Issue 12, case 8: seed counts that do not match the board.
#[test]
fn too_few_seed_counts_end_the_game_with_one_line() {
    let game = misbehaving("seeds", "1 1\n");
    assert_eq!(game.status.code(), Some(1));
    assert_eq!(
        util::stdout(&game).matches("A SUD de jouer.").count(),
        1,
        "the first board and decision are kept"
    );
    let err = util::stderr(&game);
    assert_eq!(last_line(&err), FAILED, "{err}");
    assert_eq!(
        said_in_debug(&err),
        "debug: the variant panicking failed: broke the contract: 1 seed counts for 2 holes"
    );
}

/// Issue 12, case 8: a hole number that is not on the board.
#[test]
fn a_hole_numbered_beyond_the_board_ends_the_game_with_one_line() {
    let game = misbehaving("holes", "1 1\n");
    assert_eq!(game.status.code(), Some(1));
    let err = util::stderr(&game);
    assert_eq!(last_line(&err), FAILED, "{err}");
    assert_eq!(
        said_in_debug(&err),
        "debug: the variant panicking failed: broke the contract: \
         the rows do not number the holes 1 to 2 once each"
    );
}

/// Issue 7: a computer player that panics ends the game like any plugin failure.
#[test]
fn a_panic_in_the_computer_player_ends_the_game_with_one_line() {
    let folder = TempDir::new();
    folder.copy_in(&util::fixture("panicking-variant"));
    let args = ["panicking", "--set", "fault=think", "--computer", "sud=2"];
    let mut command = util::host_command(folder.path(), &args);
    command.env("RUST_LOG", "debug");
    let game = util::output(&mut command, b"");
    assert_eq!(game.status.code(), Some(1));
    let err = util::stderr(&game);
    assert_eq!(last_line(&err), FAILED, "{err}");
    let said = said_in_debug(&err);
    assert!(
        said.starts_with("debug: the variant panicking failed: panicked at ")
            && said.ends_with("deliberate panic in the evaluation"),
        "{err}"
    );
    assert_eq!(util::stdout(&game).matches("A SUD de jouer.").count(), 1);
}

/// Issue 15: a plugin's prompt, refusal or end reason reached the terminal
/// raw, escape sequences and line breaks included.
#[test]
fn plugin_text_with_an_escape_sequence_or_a_line_break_ends_the_game_in_one_line() {
    for (stdin, what) in [("3\n", "a refusal"), ("1 1\n", "a prompt")] {
        let game = misbehaving("text", stdin);
        assert_eq!(
            game.status.code(),
            Some(1),
            "{what}: {}",
            util::stderr(&game)
        );
        let err = util::stderr(&game);
        assert_eq!(last_line(&err), FAILED, "{err}");
        assert!(
            said_in_debug(&err).starts_with(&format!(
                "debug: the variant panicking failed: broke the contract: {what} "
            )),
            "{err}"
        );
        assert!(!err.contains('\u{1b}'), "{what}: an escape reached stderr");
        assert!(!util::stdout(&game).contains('\u{1b}'), "{what}: stdout");
    }
}

/// Issue 35: what a plugin printed on standard output in `play` landed in
/// the game's standard output. It now goes to standard error, in a game
/// and in a review alike; standard output is the protocol's alone.
#[test]
fn what_a_plugin_prints_never_reaches_standard_output() {
    let moves = "1\n1\n1\n";
    let quiet = misbehaving("play", moves);
    let chatty = misbehaving("print", moves);
    assert_eq!(chatty.status.code(), Some(1), "{}", util::stderr(&chatty));
    assert_eq!(util::stdout(&chatty), util::stdout(&quiet));
    let said = "the plugin speaks on standard output";
    assert_eq!(util::stderr(&chatty).matches(said).count(), 3);

    let folder = TempDir::new();
    folder.copy_in(&util::fixture("panicking-variant"));
    let records = TempDir::new();
    let record = records.path().join("partie.txt");
    let args = [
        "panicking",
        "--set",
        "fault=print",
        "--record",
        util::path_arg(&record),
    ];
    let recorded = util::host(folder.path(), &args, moves);
    assert_eq!(recorded.status.code(), Some(1));
    let review = util::host(
        folder.path(),
        &["--analyse", util::path_arg(&record), "--think", "0.1"],
        "",
    );
    assert_eq!(review.status.code(), Some(0), "{}", util::stderr(&review));
    let out = util::stdout(&review);
    assert!(!out.contains(said), "{out}");
    assert_eq!(out.lines().count(), 3 + 2, "{out}");
    assert!(util::stderr(&review).contains(said));
}
