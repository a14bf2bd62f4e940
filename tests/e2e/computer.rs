//! The computer player through the real host: every level plays every
//! installed variant to its end, `--seed` replays a game, hints change
//! nothing on standard output, and a match prints its two lines.

use crate::util;

fn all_variants() -> util::TempDir {
    util::plugins_folder(&util::variant_libraries())
}

#[test]
fn a_computer_game_of_every_installed_variant_reaches_its_end() {
    let folder = all_variants();
    for id in util::variant_ids() {
        let game = util::host(
            folder.path(),
            &[
                &id,
                "--computer",
                "sud=1",
                "--computer",
                "nord=2",
                "--seed",
                "7",
            ],
            "",
        );
        assert_eq!(game.status.code(), Some(0), "{id}: {}", util::stderr(&game));
        let out = util::stdout(&game);
        assert!(
            out.lines()
                .last()
                .is_some_and(|line| line.contains(" la partie ")),
            "{id} ends with a result line:\n{out}"
        );
        let err = util::stderr(&game);
        assert!(err.contains("(ordinateur) joue "), "{id}: {err}");
        assert!(
            err.lines().any(|line| line.starts_with("Fin : ")),
            "{id} says why the game ended: {err}"
        );
    }
}

#[test]
fn the_same_seed_replays_the_same_game_at_every_level() {
    let folder = all_variants();
    for level in 1..=3 {
        let args = [
            "awale",
            "--computer",
            &format!("sud={level}"),
            "--computer",
            &format!("nord={level}"),
            "--seed",
            "42",
        ];
        let first = util::host(folder.path(), &args, "");
        let second = util::host(folder.path(), &args, "");
        assert_eq!(first.status.code(), Some(0));
        assert_eq!(first.stdout, second.stdout, "level {level}");
    }
}

#[test]
fn a_hint_changes_nothing_on_standard_output() {
    let folder = all_variants();
    let plain = util::host(folder.path(), &["awale"], "3 0\n");
    let hinted = util::host(folder.path(), &["awale", "--think", "0.05"], "? 3 ? 0\n");
    assert_eq!(hinted.status.code(), Some(0));
    assert_eq!(plain.stdout, hinted.stdout);
    assert_eq!(
        util::stderr(&hinted).matches("Conseil : jouez ").count(),
        2,
        "{}",
        util::stderr(&hinted)
    );
}

#[test]
fn undo_takes_back_the_persons_move_and_the_computers_reply() {
    let folder = all_variants();
    let args = ["awale", "--computer", "nord=1", "--seed", "3"];
    let undone = util::host(folder.path(), &args, "3 annuler 4 abandon\n");
    assert_eq!(undone.status.code(), Some(0), "{}", util::stderr(&undone));
    let out = util::stdout(&undone);
    // SUD decides four times: at the start, after NORD's reply, after the
    // undo (on the starting board again), and after NORD's next reply.
    let parts: Vec<&str> = out.split("A SUD de jouer.\n").collect();
    assert_eq!(parts.len(), 5, "{out}");
    assert_eq!(
        parts[2], parts[0],
        "the board after the undo is the starting one"
    );
    assert!(
        out.ends_with("NORD gagne la partie d'Awalé.\n"),
        "SUD resigned:\n{out}"
    );
}

#[test]
fn a_match_prints_each_game_then_its_two_lines() {
    let folder = all_variants();
    let args = [
        "kalaha",
        "--games",
        "3",
        "--computer",
        "sud=1",
        "--computer",
        "nord=1",
        "--seed",
        "1",
    ];
    let run = util::host(folder.path(), &args, "");
    assert_eq!(run.status.code(), Some(0), "{}", util::stderr(&run));
    let out = util::stdout(&run);
    assert_eq!(out.matches(" la partie de Kalaha.\n").count(), 3);
    let lines: Vec<&str> = out.lines().rev().take(2).collect();
    assert!(lines[1].starts_with("Match de Kalaha : SUD "), "{out}");
    assert!(lines[0].ends_with(" le match de Kalaha."), "{out}");
}

#[test]
fn bad_computer_options_are_usage_errors() {
    let folder = all_variants();
    for args in [
        &["awale", "--computer", "est"][..],
        &["awale", "--computer", "nord=9"],
        &["awale", "--computer", "nord", "--computer", "nord=2"],
        &["awale", "--think", "-1"],
        &["awale", "--games", "0"],
    ] {
        let run = util::host(folder.path(), args, "");
        assert_eq!(run.status.code(), Some(2), "{args:?}");
        assert!(util::stdout(&run).is_empty());
    }
}

#[test]
fn the_bench_prints_its_two_lines() {
    let folder = all_variants();
    let run = util::host(
        folder.path(),
        &["awale", "--bench", "50", "--think", "0.05"],
        "",
    );
    assert_eq!(run.status.code(), Some(0), "{}", util::stderr(&run));
    let out = util::stdout(&run);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(lines[0].starts_with("awale: 50 games, ") && lines[0].ends_with(" games/s"));
    assert!(lines[1].starts_with("awale: engine ") && lines[1].ends_with(" nodes/s"));
}

/// `SPEC.md` §3: against the computer, `0` is a proposal it accepts when the
/// split would not make it lose, and refuses otherwise, saying why.
#[test]
fn the_computer_accepts_an_end_by_agreement_only_when_it_does_not_lose_by_it() {
    let folder = all_variants();
    let (mut accepted, mut refused) = (0, 0);
    // The computer (SUD) sows first, then NORD proposes the end: a sowing
    // kept in SUD's row splits 24-24, one that reaches NORD's row loses.
    for seed in 1..=8 {
        let seed = seed.to_string();
        let args = ["awale", "--computer", "sud=1", "--seed", &seed];
        let run = util::host(folder.path(), &args, "0\n");
        let (out, err) = (util::stdout(&run), util::stderr(&run));
        if run.status.code() == Some(0) {
            accepted += 1;
            assert!(
                !out.contains("NORD gagne"),
                "seed {seed}: SUD accepted a loss\n{out}"
            );
        } else {
            refused += 1;
            assert_eq!(run.status.code(), Some(1), "seed {seed}: {err}");
            assert!(
                err.contains(
                    "refusé : SUD (ordinateur) refuse : ce partage lui ferait perdre la partie"
                ),
                "seed {seed}: {err}"
            );
            assert!(
                !out.contains(" la partie d'Awalé."),
                "seed {seed}: the game goes on"
            );
        }
    }
    assert!(
        accepted > 0 && refused > 0,
        "{accepted} accepted, {refused} refused"
    );
}
