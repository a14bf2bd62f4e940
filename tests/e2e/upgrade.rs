//! Upgrading a variant in place, as the README says: copy under another name,
//! then rename over the old file; `--list` shows the plugin's version.

use std::io::{BufRead, BufReader, Read, Write};

use crate::util;

#[test]
fn list_shows_each_plugins_version() {
    let folder = util::plugins_folder(&[util::library("awale")]);
    let list = util::host(folder.path(), &["--list", "--verbose"], "");
    let version = env!("CARGO_PKG_VERSION");
    assert!(
        util::stdout(&list).starts_with(&format!("awale {version} — Awalé\n")),
        "{}",
        util::stdout(&list)
    );
}

#[test]
fn a_library_renamed_over_a_loaded_one_leaves_the_running_game_alone() {
    let awale = util::library("awale");
    let folder = util::plugins_folder(std::slice::from_ref(&awale));
    let mut game = util::host_command(folder.path(), &["awale"])
        .spawn()
        .expect("host starts");
    let mut stdin = game.stdin.take().expect("stdin is piped");
    let mut stdout = BufReader::new(game.stdout.take().expect("stdout is piped"));
    // The first board is drawn: the library is loaded and in use.
    let mut line = String::new();
    while !line.starts_with("A SUD de jouer.") {
        line.clear();
        let read = stdout.read_line(&mut line).expect("the game writes");
        assert!(read > 0, "the game ended early");
    }
    stdin.write_all(b"3\n").expect("the game reads its input");
    stdin.flush().expect("flushed");

    let name = awale.file_name().expect("a file name");
    let staged = folder.path().join(".upgrade.new");
    std::fs::copy(&awale, &staged).expect("copy");
    std::fs::rename(&staged, folder.path().join(name)).expect("rename");

    stdin.write_all(b"0\n").expect("the game still reads");
    drop(stdin);
    let mut rest = String::new();
    stdout.read_to_string(&mut rest).expect("the game writes");
    let output = game.wait_with_output().expect("host ran");
    assert_eq!(output.status.code(), Some(0), "{}", util::stderr(&output));
    assert!(rest.ends_with("NORD gagne la partie d'Awalé.\n"), "{rest}");
}
