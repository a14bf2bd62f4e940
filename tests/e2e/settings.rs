//! The settings file (`SPEC.md` §2 « Settings », issue 43):
//! `$XDG_CONFIG_HOME/awale/awale.toml` read, overridden by the command
//! line, refused when malformed; and the words `nouvelle` and `quitter`,
//! and the end of the input at a game's first prompt (`SPEC.md` §3).

use std::path::Path;
use std::process::{Command, Output};

use crate::util::{self, TempDir};

/// The host on the plugins `folder` with `settings` as its settings file
/// (in a configuration folder of its own) and its kept games in `state`.
fn with_settings(folder: &Path, state: &Path, settings: &str, args: &[&str]) -> (TempDir, Command) {
    let config = TempDir::new();
    let file = config.path().join("awale/awale.toml");
    std::fs::create_dir_all(config.path().join("awale")).expect("a configuration folder");
    std::fs::write(&file, settings).expect("the settings file is written");
    let mut command = util::host_with_state(folder, state, args);
    command.env("XDG_CONFIG_HOME", config.path());
    (config, command)
}

/// Runs the host with `settings` and `stdin`.
fn run(folder: &Path, settings: &str, args: &[&str], stdin: &str) -> Output {
    let state = TempDir::new();
    let (_config, mut command) = with_settings(folder, state.path(), settings, args);
    util::output(&mut command, stdin.as_bytes())
}

#[test]
fn the_settings_give_the_computer_its_seat_and_a_variant_its_options() {
    let folder = util::plugins_folder(&[util::library("awale"), util::library("oware")]);
    let settings = "# mes réglages\ncomputer = [\"nord=1\"]\nthink = 0.2\n\n\
                    [oware]\nset = [\"players=3\"]\ncomputer = [\"nord=1\", \"est=1\"]\n";
    let awale = run(folder.path(), settings, &["awale", "--seed", "1"], "3\n");
    let err = util::stderr(&awale);
    assert!(err.contains("NORD (ordinateur) joue "), "{err}");
    let oware = run(folder.path(), settings, &["oware", "--seed", "1"], "1\n");
    let err = util::stderr(&oware);
    assert!(err.contains("EST (ordinateur) joue "), "{err}");
    assert!(
        err.contains("Trous : SUD 1 à 4, NORD 9 à 12, EST 5 à 8."),
        "{err}"
    );
    // A position's own options seat EST, which the file's `computer` names.
    let plain = "computer = [\"est=1\"]\n";
    let position = "oware/players=3:S:4,4,4,4,4,4,4,4,4,4,4,4:0,0,0";
    let from = run(
        folder.path(),
        plain,
        &["--position", position, "--seed", "1"],
        "1\n",
    );
    let err = util::stderr(&from);
    assert!(err.contains("EST (ordinateur) joue "), "{err}");
}

#[test]
fn the_command_line_overrides_the_settings() {
    let folder = util::plugins_folder(&[util::library("awale"), util::library("oware")]);
    let settings = "computer = [\"nord=1\"]\nfirst = \"nord\"\n[oware]\nset = [\"players=3\"]\n";
    // `--computer` replaces the file's list; `personne` leaves no seat.
    let game = run(
        folder.path(),
        settings,
        &["awale", "--computer", "sud=1"],
        "8\n",
    );
    let err = util::stderr(&game);
    assert!(err.contains("SUD (ordinateur) joue "), "{err}");
    assert!(!err.contains("NORD (ordinateur)"), "{err}");
    let people = run(
        folder.path(),
        settings,
        &["awale", "--computer", "personne"],
        "8 3\n",
    );
    let err = util::stderr(&people);
    assert!(!err.contains("(ordinateur)"), "{err}");
    // The file's `first`, then the command line's.
    assert!(err.contains("NORD, quel trou"), "{err}");
    let sud = run(
        folder.path(),
        settings,
        &["awale", "--computer", "personne", "--first", "sud"],
        "3\n",
    );
    assert!(
        util::stderr(&sud).contains("SUD, quel trou"),
        "{}",
        util::stderr(&sud)
    );
    // `--set players=2` replaces the file's value of that key.
    let two = run(
        folder.path(),
        settings,
        &["oware", "--set", "players=2"],
        "8\n",
    );
    let out = util::stdout(&two);
    assert!(out.contains("NORD  12   11   10    9    8    7"), "{out}");
}

#[test]
fn a_malformed_settings_file_is_one_line_naming_its_line_and_nothing_is_played() {
    let folder = util::plugins_folder(&[util::library("awale"), util::library("oware")]);
    for (settings, said) in [
        ("think = [\n", "ligne 1 : ce n'est pas du TOML valide"),
        (
            "\nthnik = 3\n",
            "ligne 2 : clé inconnue « thnik » ; les clés sont think",
        ),
        (
            "threads = \"deux\"\n",
            "ligne 1 : threads attend un nombre entier",
        ),
        ("think = 0\n", "ligne 1 : think : l'ordinateur a besoin"),
        (
            "computer = [\"est\"]\n",
            "ligne 1 : place inconnue : « est » ; les places sont sud, nord",
        ),
        (
            "first = \"ouest\"\n",
            "ligne 1 : joueur inconnu : « ouest »",
        ),
        (
            "[oware]\nset = [\"players=9\"]\n",
            "ligne 2 : valeur refusée pour l'option players",
        ),
        (
            "[owar]\nset = [\"players=3\"]\n",
            "ligne 1 : pas de variante « owar » installée (vouliez-vous dire oware ?)",
        ),
        (
            "set = [\"players=3\"]\n",
            "ligne 1 : set va dans la table d'une variante",
        ),
    ] {
        // A variant's table is checked when that variant is played.
        let variant = if settings.contains("players=9") {
            "oware"
        } else {
            "awale"
        };
        let game = run(folder.path(), settings, &[variant], "3\n");
        assert_eq!(
            game.status.code(),
            Some(2),
            "{settings}: {}",
            util::stderr(&game)
        );
        assert_eq!(util::stdout(&game), "", "{settings}: nothing played");
        let err = util::stderr(&game);
        // One message, its line broken within 80 columns (the lines after
        // the first under its text).
        assert!(
            err.lines()
                .skip(1)
                .all(|line| line.starts_with("         ")),
            "{settings}: {err}"
        );
        assert!(
            err.lines()
                .all(|line| line.chars().count() <= 80 || !line.contains(' ')),
            "{settings}: {err}"
        );
        let err = err.replace("\n         ", " ");
        assert!(
            err.starts_with("erreur : ") && err.contains("awale/awale.toml, "),
            "{err}"
        );
        assert!(err.contains(said), "{settings}: {err}");
    }
    // Other commands than a game's do not read it.
    let list = run(folder.path(), "think = [\n", &["--list"], "");
    assert_eq!(list.status.code(), Some(0), "{}", util::stderr(&list));
}

#[test]
fn quitter_stops_the_game_and_keeps_it_in_one_line() {
    let folder = util::awale_folder();
    let state = TempDir::new();
    let mut command = util::host_with_state(folder.path(), state.path(), &["awale"]);
    let game = util::output(&mut command, b"3 8 quitter 4\n");
    assert_eq!(game.status.code(), Some(1));
    assert_eq!(
        util::last_line(&game),
        "Partie gardée : host --resume la reprend."
    );
    assert!(!util::stderr(&game).contains("erreur"));
    let mut resume = util::host_with_state(folder.path(), state.path(), &["--resume"]);
    let resumed = util::output(&mut resume, b"");
    assert!(util::stdout(&resumed).contains("SUD a ramassé 0 bille(s).\n"));
}

#[test]
fn nouvelle_keeps_the_game_and_starts_the_same_set_up_again() {
    let folder = util::awale_folder();
    let state = TempDir::new();
    let mut command = util::host_with_state(folder.path(), state.path(), &["awale"]);
    let game = util::output(&mut command, b"3 8 nouvelle 2 7 quitter\n");
    let err = util::stderr(&game);
    assert!(
        err.contains("Partie gardée : host --resume la reprend.\nNouvelle partie.\n"),
        "{err}"
    );
    let out = util::stdout(&game);
    let start = "[ 4] [ 4] [ 4] [ 4] [ 4] [ 4]\n     [ 4] [ 4] [ 4] [ 4] [ 4] [ 4]\n";
    assert_eq!(out.matches(start).count(), 2, "{out}");
    let mut list = util::host_with_state(folder.path(), state.path(), &["--kept"]);
    let kept = util::stdout(&util::output(&mut list, b""));
    assert_eq!(kept.lines().count(), 2, "both games kept:\n{kept}");
}

#[test]
fn the_end_of_the_input_at_the_first_prompt_is_the_player_leaving() {
    let folder = util::awale_folder();
    let left = util::host(folder.path(), &["awale"], "");
    assert_eq!(left.status.code(), Some(1));
    assert_eq!(
        util::last_line(&left),
        "Partie quittée avant son premier coup."
    );
    assert!(!util::stderr(&left).contains("erreur"));
    let later = util::host(folder.path(), &["awale", "--no-keep"], "3\n");
    assert_eq!(
        util::last_line(&later),
        "erreur : l'entrée s'est terminée avant la fin de la partie"
    );
}

#[test]
fn aide_and_the_english_words_name_nouvelle_and_quitter() {
    let folder = util::awale_folder();
    let game = util::host(folder.path(), &["awale", "--no-keep"], "aide exit new\n");
    let err = util::stderr(&game);
    let joined = err.replace('\n', " ");
    assert!(
        joined.contains("nouvelle (une autre partie), quitter."),
        "{err}"
    );
    assert!(
        err.contains("refusé : « exit » : tapez « quitter » (la partie est gardée)"),
        "{err}"
    );
    assert!(
        err.contains("refusé : « new » : tapez « nouvelle »"),
        "{err}"
    );
    assert!(err.lines().all(|line| line.chars().count() <= 80), "{err}");
}
