//! A player's first minutes (issue 37, `SPEC.md` §2): the list of the
//! variants, a line each within 80 columns; a list that lists nothing says
//! why; a user's plugin that shadows an installed one is said by `--list`
//! only; a finished game says how to review it, and `--analyse N` reviews
//! the Nth kept game; a match says which game it is and the score.

use crate::util::{self, TempDir};

#[test]
fn list_gives_a_line_a_variant_within_80_columns_and_verbose_gives_the_files() {
    let folder = util::plugins_folder(&util::variant_libraries());
    let list = util::host(folder.path(), &["--list"], "");
    assert_eq!(list.status.code(), Some(0), "{}", util::stderr(&list));
    let out = util::stdout(&list);
    assert_eq!(out.lines().count(), util::variant_ids().len(), "{out}");
    for line in out.lines() {
        assert!(line.chars().count() <= 80, "{line}");
    }
    let awale = out
        .lines()
        .find(|line| line.starts_with("awale "))
        .expect("Awalé");
    assert!(
        awale.contains("Awalé") && awale.ends_with("capture"),
        "{awale}"
    );
    assert!(!out.contains("fichier :"), "{out}");
    let verbose = util::host(folder.path(), &["--list", "--verbose"], "");
    assert!(
        util::stdout(&verbose).contains("    fichier : "),
        "{}",
        util::stdout(&verbose)
    );
}

#[test]
fn a_list_of_refused_libraries_alone_fails_with_a_summary() {
    let folder = TempDir::new();
    folder.copy_in(&util::fixture("plain-cdylib"));
    let list = util::host(folder.path(), &["--list"], "");
    let err = util::stderr(&list);
    assert_eq!(list.status.code(), Some(1), "{err}");
    assert!(
        err.lines().any(
            |line| line.starts_with("erreur : aucune variante listée : 1 fichier(s) refusé(s)")
        ),
        "{err}"
    );
    // An empty folder lists nothing and fails nothing.
    let empty = TempDir::new();
    let list = util::host(empty.path(), &["--list"], "");
    assert_eq!(list.status.code(), Some(0), "{}", util::stderr(&list));
}

#[test]
fn a_users_plugin_that_shadows_an_installed_one_is_said_by_list_only() {
    // Installed: the host with its plugins beside it, in `plugins/`.
    let install = TempDir::new();
    let host = install.copy_in(&util::host_exe());
    let beside = install.path().join("plugins");
    std::fs::create_dir(&beside).expect("mkdir");
    std::fs::copy(
        util::library("awale"),
        beside.join(util::library("awale").file_name().expect("a name")),
    )
    .expect("copy");
    // The user's own copy, in the user's plugins folder, searched first.
    let data = TempDir::new();
    let user = data.path().join("awale").join("plugins");
    std::fs::create_dir_all(&user).expect("mkdir");
    let mine = user.join(util::library("awale").file_name().expect("a name"));
    std::fs::copy(util::library("awale"), &mine).expect("copy");
    let run = |args: &[&str], stdin: &str| {
        let mut command = util::command(&host, args);
        command.env("XDG_DATA_HOME", data.path());
        util::output(&mut command, stdin.as_bytes())
    };
    let list = run(&["--list"], "");
    let err = util::stderr(&list);
    assert_eq!(list.status.code(), Some(0), "{err}");
    assert!(
        err.contains(&format!(
            "awale : {} est prise, elle masque ",
            mine.display()
        )),
        "{err}"
    );
    let game = run(&["awale", "--no-keep"], "3 0\n");
    assert_eq!(game.status.code(), Some(0), "{}", util::stderr(&game));
    assert!(
        !util::stderr(&game).contains("masque"),
        "{}",
        util::stderr(&game)
    );
}

#[test]
fn a_finished_game_says_how_to_review_it_and_analyse_takes_its_number() {
    let folder = util::awale_folder();
    let state = TempDir::new();
    let mut command = util::host_with_state(folder.path(), state.path(), &["awale"]);
    let game = util::output(&mut command, b"3 8 0\n");
    let err = util::stderr(&game);
    assert_eq!(game.status.code(), Some(0), "{err}");
    assert_eq!(
        err.lines().last(),
        Some("Partie gardée : host --analyse 1 la revoit."),
        "{err}"
    );
    let mut command = util::host_with_state(
        folder.path(),
        state.path(),
        &["--analyse", "1", "--think", "0.1"],
    );
    let review = util::output(&mut command, b"");
    assert_eq!(review.status.code(), Some(0), "{}", util::stderr(&review));
    let out = util::stdout(&review);
    assert!(out.starts_with("1. SUD 3 ; meilleur : "), "{out}");
    assert!(out.contains("\n2. NORD 8 ; "), "{out}");
    let mut command = util::host_with_state(folder.path(), state.path(), &["--analyse", "7"]);
    let missing = util::output(&mut command, b"");
    assert_eq!(missing.status.code(), Some(2));
    assert!(
        util::stderr(&missing).starts_with("erreur : il n'y a pas de partie gardée 7 : "),
        "{}",
        util::stderr(&missing)
    );
}

#[test]
fn a_match_says_which_game_it_is_and_the_score() {
    let folder = util::awale_folder();
    let args = [
        "awale",
        "--computer",
        "sud=1",
        "--computer",
        "nord=1",
        "--seed",
        "4",
        "--games",
        "3",
    ];
    let played = util::host(folder.path(), &args, "");
    let err = util::stderr(&played);
    assert_eq!(played.status.code(), Some(0), "{err}");
    let said: Vec<&str> = err
        .lines()
        .filter(|line| line.starts_with("Partie "))
        .collect();
    assert_eq!(said.len(), 3, "{err}");
    assert_eq!(said[0], "Partie 1 sur 3.");
    assert!(
        said[1].starts_with("Partie 2 sur 3 ; score : SUD "),
        "{err}"
    );
    assert!(
        said[2].starts_with("Partie 3 sur 3 ; score : SUD "),
        "{err}"
    );
    assert!(said[2].contains(", nulles "), "{err}");
}
