//! The players' input (`SPEC.md` §3): tokens are read as bytes in bounded
//! memory, and every bad token is refused in one line while the same player
//! answers again.

use std::fs::File;
use std::process::{Output, Stdio};

use crate::util;

/// Standard output of a game of Awalé where SUD plays 3 and NORD ends it.
const SHORT_GAME: &str = "3\n0\n";

fn awale(stdin: &[u8]) -> Output {
    let folder = util::plugins_folder(&[util::library("awale")]);
    util::output(&mut util::host_command(folder.path(), &["awale"]), stdin)
}

fn refusals(output: &Output) -> Vec<String> {
    util::stderr(output)
        .lines()
        .filter_map(|line| line.strip_prefix("refusé : "))
        .map(str::to_owned)
        .collect()
}

/// Asserts that the game ended as `SHORT_GAME` does, with these refusals.
fn assert_short_game(output: &Output, expected: &[&str]) {
    assert_eq!(output.status.code(), Some(0), "{}", util::stderr(output));
    assert_eq!(
        util::stdout(output),
        util::stdout(&awale(SHORT_GAME.as_bytes()))
    );
    assert_eq!(refusals(output), expected);
}

#[test]
fn a_token_that_is_not_utf8_is_refused_like_any_bad_token() {
    let game = awale(b"3\n\xff\xfe\n0\n");
    assert_short_game(&game, &["« \u{fffd}\u{fffd} » n'est pas un nombre entier"]);
}

#[test]
fn control_characters_are_escaped_in_refusals() {
    let game = awale(b"3\n\x1b[2J\n0\n");
    assert_short_game(&game, &["« \\u{1b}[2J » n'est pas un nombre entier"]);
}

#[test]
fn a_read_error_is_told_apart_from_a_write_error() {
    let folder = util::plugins_folder(&[util::library("awale")]);
    let directory = File::open(folder.path()).expect("a folder opens for reading");
    let game = util::host_command(folder.path(), &["awale"])
        .stdin(Stdio::from(directory))
        .output()
        .expect("host runs");
    assert_eq!(game.status.code(), Some(1));
    let err = util::stderr(&game);
    assert!(
        err.lines().last().is_some_and(
            |line| line.starts_with("erreur : impossible de lire l'entrée standard : ")
        ),
        "{err}"
    );
}

#[test]
fn only_the_exact_token_0_ends_the_game_by_agreement() {
    let game = awale(b"3\n-0\n+0\n00\n0\n");
    let why = "seul « 0 », sans signe, propose la fin de la partie";
    assert_short_game(
        &game,
        &[
            &format!("« -0 » : {why}"),
            &format!("« +0 » : {why}"),
            &format!("« 00 » : {why}"),
        ],
    );
}

#[test]
fn integers_too_large_for_any_board_are_refused_in_the_plugins_words() {
    let game = awale(b"13\n99999999999999999999999\n4294967296\n3\n0\n");
    assert_short_game(
        &game,
        &[
            "13 n'est pas un trou : jouez un trou de 1 à 6",
            "99999999999999999999… n'est pas un trou : jouez un trou de 1 à 6",
            "4294967296 n'est pas un trou : jouez un trou de 1 à 6",
        ],
    );
}

#[test]
fn a_long_line_of_junk_tokens_then_moves_still_finishes_the_game() {
    let mut stdin = b"x ".repeat(1_000_000);
    stdin.extend_from_slice(SHORT_GAME.as_bytes());
    let folder = util::plugins_folder(&[util::library("awale")]);
    let game = util::output(
        util::host_command(folder.path(), &["awale"]).stderr(Stdio::null()),
        &stdin,
    );
    assert_eq!(game.status.code(), Some(0));
    assert_eq!(
        util::stdout(&game),
        util::stdout(&awale(SHORT_GAME.as_bytes()))
    );
}

#[test]
fn a_ten_megabyte_token_is_refused_by_its_prefix() {
    let mut stdin = b"3 ".to_vec();
    stdin.extend(std::iter::repeat_n(b'9', 10_000_000));
    stdin.extend_from_slice(b" 0\n");
    let game = awale(&stdin);
    assert_short_game(&game, &["« 99999999999999999999… » est trop long"]);
}
