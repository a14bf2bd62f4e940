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

/// Words of English sentences a French player should never read: a line
/// holding one of them (as a word, any case) is not French.
const ENGLISH: [&str; 16] = [
    "the", "error", "warn", "warning", "plugin", "cannot", "failed", "library", "contract", "is",
    "of", "and", "with", "not", "default", "print",
];

/// The lines of `text` that a player should not meet: wider than 80
/// columns (characters, not bytes), or with a word of [`ENGLISH`] outside
/// a quotation (« … », a source quoted in its language, over lines too) and
/// outside an option's key or value (`capture=with-last`, `failed-feeding`).
fn faults(text: &str) -> Vec<String> {
    let mut faults = Vec::new();
    let mut quoted = false;
    for line in text.lines() {
        let width = line.chars().count();
        if width > 80 {
            faults.push(format!("{width} columns: {line}"));
        }
        for token in line.split_whitespace() {
            let quoting = quoted || token.contains('«');
            quoted = (quoted || token.contains('«')) && !token.contains('»');
            if quoting || token.contains('=') || token.trim_matches('-').contains('-') {
                continue;
            }
            let english = token
                .split(|c: char| !c.is_alphanumeric())
                .map(str::to_lowercase)
                .find(|word| ENGLISH.contains(&word.as_str()));
            if let Some(word) = english {
                faults.push(format!("« {word} »: {line}"));
            }
        }
    }
    faults
}

/// Issue 43: a new player's first twenty minutes, scripted: the help
/// (short, verbose, the manual page), the list (short and verbose), every
/// variant's rules, a game against the computer with `aide`, `?`,
/// `annuler`, `position`, bad tokens and the English words a player types
/// out of habit, the kept games, `--resume`, `--analyse 1`, and the usage
/// errors a newcomer makes (an unknown variant, a bad position, a bad
/// option, a misspelt flag). Every line of standard output and standard
/// error is within 80 columns and French.
#[test]
fn a_new_players_first_twenty_minutes_are_french_within_80_columns() {
    let folder = util::plugins_folder(&util::variant_libraries());
    let state = TempDir::new();
    let run = |args: &[&str], stdin: &str| {
        let mut command = util::host_with_state(folder.path(), state.path(), args);
        util::output(&mut command, stdin.as_bytes())
    };
    let mut screens: Vec<(String, std::process::Output)> = Vec::new();
    let see = |screens: &mut Vec<_>, args: &[&str], stdin: &str| {
        screens.push((args.join(" "), run(args, stdin)));
    };
    see(&mut screens, &["--help"], "");
    see(&mut screens, &["--help", "--verbose"], "");
    // The manual page takes no other argument (no --plugins).
    screens.push((
        "--man".to_owned(),
        util::run(&util::host_exe(), &["--man"], ""),
    ));
    see(&mut screens, &["--list"], "");
    see(&mut screens, &["--list", "--verbose"], "");
    for id in util::variant_ids() {
        see(&mut screens, &[&id, "--help"], "");
    }
    // A first game against the computer, left before its end (kept).
    let game = "aide\n?\n3\nannuler\nposition\nfoo\n99\n1\nhelp\nquit\nexit\nundo\n4\n5\n";
    see(
        &mut screens,
        &["awale", "--computer", "nord=1", "--seed", "3"],
        game,
    );
    see(&mut screens, &["--kept"], "");
    see(&mut screens, &["--resume"], "6\n");
    // A game to its end by agreement, then its review.
    see(
        &mut screens,
        &["awale", "--computer", "nord=2", "--seed", "5"],
        "3 2 5 1 6 4 0\n",
    );
    see(&mut screens, &["--kept"], "");
    see(
        &mut screens,
        &["--analyse", "1", "--think", "0.05", "--threads", "1"],
        "",
    );
    see(&mut screens, &["--resume", "9"], "");
    see(&mut screens, &["awal"], "");
    see(&mut screens, &["owarre"], "");
    see(&mut screens, &["--position", "abc"], "");
    see(&mut screens, &["--position", "awale:S:1,2:0,0"], "");
    see(&mut screens, &["awale", "--set", "capture=forward"], "");
    see(&mut screens, &["awale", "--set", "holes=3"], "");
    see(&mut screens, &["kalah", "--set", "holes=99"], "");
    see(&mut screens, &["--lisst"], "");
    see(&mut screens, &["--list", "--record", "partie.txt"], "");
    see(&mut screens, &["awale", "--think", "0"], "");
    let mut all = Vec::new();
    for (command, output) in &screens {
        for (stream, text) in [
            ("stdout", util::stdout(output)),
            ("stderr", util::stderr(output)),
        ] {
            all.extend(
                faults(&text)
                    .into_iter()
                    .map(|fault| format!("{command} ({stream}): {fault}")),
            );
        }
    }
    assert!(all.is_empty(), "{}", all.join("\n"));
    // The screens are what they say: a sample of each.
    let said = |at: usize| {
        let (_, output) = &screens[at];
        format!("{}{}", util::stdout(output), util::stderr(output))
    };
    assert!(said(1).contains("Utilisation : ") && said(1).contains("--resume"));
    assert!(said(2).contains(".SH NOM") && said(2).contains(".SH EXEMPLES"));
    assert!(said(4).contains("    fichier : "));
    let kalah = screens
        .iter()
        .find(|(command, _)| command == "kalah --help")
        .map(|(_, output)| util::stdout(output))
        .expect("Kalah's help");
    assert!(kalah.contains(" à "), "ranges as « 3 à 12 »: {kalah}");
    assert!(!kalah.contains("..="), "{kalah}");
    let resumed = screens
        .iter()
        .find(|(command, _)| command == "--resume")
        .map(|(_, output)| util::stderr(output))
        .expect("--resume");
    assert!(
        resumed.starts_with("Reprise de la partie 1 : awale, "),
        "{resumed}"
    );
    assert!(
        !resumed.contains(&state.path().display().to_string()),
        "{resumed}"
    );
}
