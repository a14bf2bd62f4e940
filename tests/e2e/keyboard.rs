//! At the keyboard: `host --help` names the words a player may type,
//! English habits point to them, and `annuler` says what it took back.

use crate::util;

#[test]
fn help_names_the_words_of_a_game() {
    let help = util::run(&util::host_exe(), &["--help"], "");
    let out = util::stdout(&help);
    for word in ["  ?  ", "  aide  ", "  annuler  ", "  abandon  "] {
        assert!(out.contains(word), "{word} in:\n{out}");
    }
}

#[test]
fn english_words_point_to_the_french_ones_and_undo_says_what_it_took_back() {
    let folder = util::plugins_folder(&[util::library("awale")]);
    let game = util::host(
        folder.path(),
        &["awale", "--computer", "nord=1", "--seed", "3"],
        "help quit 2 annuler exit",
    );
    assert_eq!(game.status.code(), Some(1));
    // A refusal too wide for 80 columns goes on under its text.
    let err = util::stderr(&game).replace("\n         ", " ");
    assert!(
        err.contains("refusé : « help » : tapez « aide » pour la liste des entrées et des mots\n"),
        "{err}"
    );
    assert!(
        err.contains(
            "refusé : « quit » : tapez « abandon » pour abandonner la partie, \
             ou Ctrl-D pour l'arrêter en la gardant (--resume la reprend)\n"
        ),
        "{err}"
    );
    assert!(
        err.contains("refusé : « exit » : tapez « abandon »"),
        "{err}"
    );
    let answer = err
        .lines()
        .find_map(|line| line.strip_prefix("NORD (ordinateur) joue "))
        .expect("NORD answered");
    assert!(
        err.contains(&format!("Annulé : SUD 2, NORD {answer}\n")),
        "{err}"
    );
    assert!(
        !util::stdout(&game).contains("help"),
        "nothing of it on stdout"
    );
}
