//! Positions in the host (`SPEC.md` §2 « Positions », contract 1.1):
//! `--position TEXT` starts a game there, `position` at a prompt says
//! where the game stands, and a game that did not start at the beginning
//! is recorded with its position, which `--replay`, `--resume` and
//! `--analyse` honour.

use crate::util::{self, TempDir};

/// NORD to move, one seed in hole 6, two in hole 12; SUD 20, NORD 25.
const SPEC_EXAMPLE: &str = "awale:N:0,0,0,0,0,1,0,0,0,0,0,2:20,25";

/// SUD to move, a seed in holes 1, 6, 11 and 12; 22 each.
const GOING_ON: &str = "awale:S:1,0,0,0,0,1,0,0,0,0,1,1:22,22";

#[test]
fn position_starts_a_game_there_and_position_at_a_prompt_says_where_it_stands() {
    let folder = util::awale_folder();
    let game = util::host(
        folder.path(),
        &["--position", SPEC_EXAMPLE, "--no-keep"],
        "position 12 position\n",
    );
    let (out, err) = (util::stdout(&game), util::stderr(&game));
    assert_eq!(game.status.code(), Some(0), "{err}");
    assert!(out.ends_with("NORD gagne la partie d'Awalé.\n"), "{out}");
    assert!(
        out.starts_with(
            "NORD  12   11   10    9    8    7\n     [ 2] [ 0] [ 0] [ 0] [ 0] [ 0]\n     \
             [ 0] [ 0] [ 0] [ 0] [ 0] [ 1]\nSUD    1    2    3    4    5    6\n\
             NORD a 25 bille(s).\nSUD a 20 bille(s).\nA NORD de jouer.\n"
        ),
        "{out}"
    );
    let said: Vec<&str> = err
        .lines()
        .filter(|line| line.starts_with("Position : "))
        .collect();
    assert_eq!(said, [format!("Position : {SPEC_EXAMPLE}").as_str()]);
    // 25 seeds end the game after NORD's move, as any end the rules check
    // after a move; a position where the game goes on says the next one.
    let game = util::host(
        folder.path(),
        &["--position", GOING_ON, "--no-keep"],
        "1 position 0\n",
    );
    assert_eq!(game.status.code(), Some(0), "{}", util::stderr(&game));
    assert!(
        util::stderr(&game).contains("\nPosition : awale:N:0,1,0,0,0,1,0,0,0,0,1,1:22,22\n"),
        "{}",
        util::stderr(&game)
    );
}

#[test]
fn a_text_the_variant_cannot_read_or_reach_is_one_usage_line() {
    let folder = util::awale_folder();
    for (args, expected) in [
        (
            &["--position", "awale:N:0,0,0:20,25"][..],
            "erreur : champ 2 de l'état",
        ),
        (&["--position", "awale"][..], "erreur : position illisible"),
        (
            &["kalah", "--position", SPEC_EXAMPLE][..],
            "erreur : variante inconnue : « kalah »",
        ),
        (
            &[
                "--position",
                "awale/capture=sideways:S:4,4,4,4,4,4,4,4,4,4,4,4:0,0",
            ][..],
            "erreur : valeur refusée pour l'option capture : « sideways »",
        ),
        (
            &[
                "--position",
                "awale/capture=backward:S:4,4,4,4,4,4,4,4,4,4,4,4:0,0",
                "--set",
                "capture=both",
            ][..],
            "erreur : l'option capture=both ne s'accorde pas avec la position",
        ),
    ] {
        let run = util::host(folder.path(), args, "");
        let err = util::stderr(&run);
        assert_eq!(run.status.code(), Some(2), "{args:?}: {err}");
        // One message: its lines after the first (80 columns) under its text.
        assert_eq!(
            err.lines()
                .filter(|line| !line.starts_with("         "))
                .count(),
            1,
            "{args:?}: {err}"
        );
        assert!(err.starts_with(expected), "{args:?}: {err}");
        assert_eq!(util::stdout(&run), "", "{args:?}");
    }
}

#[test]
fn a_game_from_a_position_is_recorded_with_it_and_replayed_resumed_and_reviewed_from_there() {
    let folder = util::awale_folder();
    let state = TempDir::new();
    let records = TempDir::new();
    let path = records.path().join("partie.txt");
    let record = util::path_arg(&path);
    let mut command = util::host_with_state(
        folder.path(),
        state.path(),
        &["--position", GOING_ON, "--record", record],
    );
    let played = util::output(&mut command, b"1\n");
    assert_eq!(played.status.code(), Some(1), "{}", util::stderr(&played));
    let text = std::fs::read_to_string(&path).expect("the record");
    assert!(
        text.contains(&format!("[Position \"{GOING_ON}\"]\n[First \"SUD\"]\n")),
        "{text}"
    );
    // The replay goes on from the position, with the same standard output.
    let replayed = util::host(folder.path(), &["--replay", record, "--no-keep"], "");
    assert_eq!(util::stdout(&replayed), util::stdout(&played));
    // The kept copy is resumed from there too, and the game ends.
    let mut command = util::host_with_state(folder.path(), state.path(), &["--resume"]);
    let resumed = util::output(&mut command, b"0\n");
    let out = util::stdout(&resumed);
    assert_eq!(resumed.status.code(), Some(0), "{}", util::stderr(&resumed));
    assert!(out.starts_with(&util::stdout(&played)), "{out}");
    // The review starts from the position: SUD's 1 is its first decision.
    let mut command = util::host_with_state(
        folder.path(),
        state.path(),
        &["--analyse", "1", "--think", "0.1"],
    );
    let review = util::output(&mut command, b"");
    let out = util::stdout(&review);
    assert_eq!(review.status.code(), Some(0), "{}", util::stderr(&review));
    assert!(out.starts_with("1. SUD 1 ; meilleur : "), "{out}");
}

/// Every variant's `--help` says how its position is written (`SPEC.md` §2:
/// each family documents its body), and where its example is the start of
/// a game with the default options, it is what `position` says there.
#[test]
fn every_variant_says_in_its_help_how_its_position_is_written() {
    let folder = util::plugins_folder(&util::variant_libraries());
    for id in util::variant_ids() {
        let shown = util::host(folder.path(), &[&id, "--help"], "");
        let help = util::stdout(&shown) + &util::stderr(&shown);
        // The paragraph is wrapped within 80 columns: its lines to the next
        // blank one, joined.
        let lines: Vec<&str> = help.lines().collect();
        let Some(paragraph) = lines
            .iter()
            .position(|line| line.starts_with("Position (--position) :"))
            .map(|start| {
                lines[start..]
                    .iter()
                    .take_while(|line| !line.is_empty())
                    .copied()
                    .collect::<Vec<_>>()
                    .join(" ")
            })
        else {
            panic!("{id}: no « Position (--position) » paragraph in --help:\n{help}");
        };
        if !paragraph.contains(" est le début d'une partie") {
            continue;
        }
        let start = util::stderr(&util::host(
            folder.path(),
            &[&id, "--no-keep"],
            "position\n",
        ));
        let Some(said) = start
            .lines()
            .find_map(|line| line.strip_prefix("Position : "))
        else {
            panic!("{id}: position says nothing:\n{start}");
        };
        assert!(
            paragraph.contains(&format!(" : {said} est le début d'une partie")),
            "{id}: the example is not the start ({said}):\n{paragraph}"
        );
    }
}
