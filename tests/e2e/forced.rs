//! Turns with nothing to choose (`SPEC.md` §3): a pass and a new round's
//! set-up are played by the host without asking, and La vache's reserve is
//! drawn on standard output, so that stdout alone accounts for every seed;
//! rows of several owners are told on stderr.

use crate::fuzz;
use crate::util;

/// A computer-against-computer game of `id` with `--seed seed`: stdout and stderr.
fn computer_game(id: &str, seed: &str) -> (String, String) {
    let folder = util::plugins_folder(&util::variant_libraries());
    let args = [
        id,
        "--computer",
        "sud=1",
        "--computer",
        "nord=1",
        "--seed",
        seed,
    ];
    let game = util::host(folder.path(), &args, "");
    let err = util::stderr(&game);
    assert_eq!(game.status.code(), Some(0), "{id}: {err}");
    (util::stdout(&game), err)
}

#[test]
fn la_vache_sets_its_rounds_up_without_asking_and_stdout_keeps_every_seed() {
    let (out, err) = computer_game("la-vache", "3");
    let rounds = err.matches("Nouvelle manche : ").count();
    assert!(rounds > 0, "a game of several rounds:\n{err}");
    assert!(
        !err.contains("joue 13."),
        "nobody is asked to type the set-up:\n{err}"
    );
    let decisions = out.matches(" de jouer.").count();
    let chosen = err.matches("(ordinateur) joue ").count();
    assert_eq!(decisions, chosen, "one board and one prompt per decision");
    assert!(
        out.lines().any(|line| fuzz::reserve(line).is_some()),
        "the reserve is drawn:\n{out}"
    );
    let totals = fuzz::totals(&out);
    assert!(totals.len() > 10, "{totals:?}");
    assert!(
        totals.iter().all(|&total| total == 48),
        "every board holds the 48 seeds: {totals:?}"
    );
    let game_reasons = err
        .lines()
        .filter(|line| line.starts_with("Fin : "))
        .count();
    let round_reasons = err
        .lines()
        .filter(|line| line.starts_with("Fin de la manche : "))
        .count();
    assert_eq!(game_reasons, 1, "{err}");
    assert_eq!(round_reasons, rounds, "one reason per round:\n{err}");
}

#[test]
fn pallankuli_passes_without_asking() {
    let (out, err) = computer_game("pallankuli", "1");
    assert!(err.contains(" commence la manche : "), "{err}");
    assert!(err.contains(" passe : ses cases sont vides."), "{err}");
    let decisions = out.matches(" de jouer.").count();
    let chosen = err.matches("(ordinateur) joue ").count();
    assert_eq!(decisions, chosen, "one board and one prompt per decision");
    assert!(
        !err.contains("joue 15."),
        "no pass nor set-up is chosen:\n{err}"
    );
}

/// Issue 16: a 3-player Oware board has rows of several owners, drawn
/// without a label (SPEC §3): stderr says whose holes are whose, once.
#[test]
fn rows_of_several_owners_are_told_on_stderr_once() {
    let folder = util::plugins_folder(&[util::library("oware")]);
    let output = util::host(folder.path(), &["oware", "--set", "players=3"], "1 5\n");
    let stderr = util::stderr(&output);
    let line = "Trous : SUD 1 à 4, NORD 9 à 12, EST 5 à 8.";
    assert_eq!(stderr.matches(line).count(), 1, "{stderr}");
    let two_players = util::host(folder.path(), &["oware"], "1\n");
    assert!(!util::stderr(&two_players).contains("Trous :"));
}
