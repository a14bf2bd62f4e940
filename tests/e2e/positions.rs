//! Positions in the host (`SPEC.md` §2 « Positions », contract 1.1):
//! `--position TEXT` starts a game there, `position` at a prompt says
//! where the game stands, and a game that did not start at the beginning
//! is recorded with its position, which `--replay`, `--resume` and
//! `--analyse` honour.

use variant_api::rng::SplitMix;
use variant_api::{Inputs, OptionSpec, OptionValues, Player, Plugin, Turn};

use crate::util::{self, TempDir};

/// The example of `SPEC.md` §2: NORD to move, one seed in hole 6, two in
/// hole 12; SUD 20, NORD 25. NORD has more than half the seeds: its last
/// move ended the game, which no game goes on from (issue 43).
const SPEC_EXAMPLE: &str = "awale:N:0,0,0,0,0,1,0,0,0,0,0,2:20,25";

/// NORD to move, a seed in holes 1, 6 and 12; SUD 21, NORD 24: NORD's 12
/// takes 2 and wins.
const ONE_MOVE_LEFT: &str = "awale:N:1,0,0,0,0,1,0,0,0,0,0,1:21,24";

/// SUD to move, a seed in holes 1, 6, 11 and 12; 22 each.
const GOING_ON: &str = "awale:S:1,0,0,0,0,1,0,0,0,0,1,1:22,22";

#[test]
fn position_starts_a_game_there_and_position_at_a_prompt_says_where_it_stands() {
    let folder = util::awale_folder();
    let game = util::host(
        folder.path(),
        &["--position", ONE_MOVE_LEFT, "--no-keep"],
        "position 12 position\n",
    );
    let (out, err) = (util::stdout(&game), util::stderr(&game));
    assert_eq!(game.status.code(), Some(0), "{err}");
    assert!(out.ends_with("NORD gagne la partie d'Awalé.\n"), "{out}");
    assert!(
        out.starts_with(
            "NORD  12   11   10    9    8    7\n     [ 1] [ 0] [ 0] [ 0] [ 0] [ 0]\n     \
             [ 1] [ 0] [ 0] [ 0] [ 0] [ 1]\nSUD    1    2    3    4    5    6\n\
             NORD a 24 bille(s).\nSUD a 21 bille(s).\nA NORD de jouer.\n"
        ),
        "{out}"
    );
    let said: Vec<&str> = err
        .lines()
        .filter(|line| line.starts_with("Position : "))
        .collect();
    assert_eq!(said, [format!("Position : {ONE_MOVE_LEFT}").as_str()]);
    // 26 seeds end the game after NORD's move, as any end the rules check
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
            &["--position", SPEC_EXAMPLE][..],
            "erreur : NORD a déjà pris 25 graines sur 48 : il a gagné, la partie est finie",
        ),
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

/// The option sets of a variant the positions are tried with: the
/// defaults, then each other value of each option, the others at their
/// defaults (every value of a range of at most 16, else its ends).
fn option_sets(specs: &[OptionSpec]) -> Vec<Vec<(String, String)>> {
    let mut sets = vec![Vec::new()];
    for spec in specs {
        let values: Vec<String> = match &spec.values {
            OptionValues::Choices(choices) => choices.clone(),
            OptionValues::Range { min, max } if max - min < 16 => {
                (*min..=*max).map(|value| value.to_string()).collect()
            }
            OptionValues::Range { min, max } => vec![min.to_string(), max.to_string()],
        };
        for value in values {
            if value != spec.default {
                sets.push(vec![(spec.key.clone(), value)]);
            }
        }
    }
    sets
}

/// Issue 43: every position the host prints plays back, whatever the
/// options: random games of every option set of every variant (Oware with
/// 3, 4 and 6 players included) write their position at each decision
/// between moves, and a game started from that text alone, without the
/// options given (as `--position TEXT` and a record's `[Position]` start
/// one), has the same seats, board, scores, decision, inputs and layout,
/// and writes the same text.
#[test]
fn every_position_of_every_option_set_of_every_variant_plays_back_from_its_text_alone() {
    const GAMES: u64 = 2;
    const DECISIONS: usize = 300;
    let mut in_all = 0;
    for (id, library) in util::variant_ids().iter().zip(util::variant_libraries()) {
        let plugin = Plugin::load(&library)
            .unwrap_or_else(|error| panic!("{id}: {} loads: {error}", library.display()));
        let sets = option_sets(&plugin.description().options);
        for set in &sets {
            let seats = plugin.seats(set).expect("the seats of an offered set");
            let mut read_back = 0;
            for number in 0..GAMES {
                let mut rng = SplitMix::new(0x43 ^ number);
                let first = Player((number % seats.len() as u64) as u8);
                let Ok(mut game) = plugin.new_game(set, first) else {
                    continue;
                };
                let mut inputs = Inputs::new();
                for _ in 0..DECISIONS {
                    let Turn::Decide { .. } = game.turn().expect("a turn") else {
                        break;
                    };
                    if let Ok(text) = game.position() {
                        let at = format!("{id} {set:?}: {text}");
                        let options = plugin
                            .position_options(&[], &text)
                            .unwrap_or_else(|error| panic!("{at}: its options: {error}"));
                        let alone = plugin.seats(&options).expect("the position's seats");
                        assert_eq!(alone, seats, "{at}: seats");
                        let read = plugin
                            .new_game_at(&[], &text)
                            .unwrap_or_else(|error| panic!("{at}: refused: {error}"));
                        assert_eq!(read.seeds(), game.seeds(), "{at}: seeds");
                        assert_eq!(read.scores(), game.scores(), "{at}: scores");
                        assert_eq!(read.turn(), game.turn(), "{at}: decision");
                        assert_eq!(read.layout(), game.layout(), "{at}: layout");
                        let mut accepted = Inputs::new();
                        read.legal_inputs(&mut accepted).expect("its inputs");
                        inputs.clear();
                        game.legal_inputs(&mut inputs).expect("the inputs");
                        assert_eq!(accepted.as_slice(), inputs.as_slice(), "{at}: inputs");
                        assert_eq!(read.position().as_deref(), Ok(text.as_str()), "{at}");
                        read_back += 1;
                    }
                    inputs.clear();
                    game.legal_inputs(&mut inputs).expect("the inputs");
                    let choices = inputs.as_slice();
                    let input = choices[rng.index(choices.len())];
                    game.play(input).expect("an accepted input plays");
                }
            }
            assert!(read_back > 0, "{id} {set:?}: no position written");
            in_all += read_back;
        }
        eprintln!("{id}: {} option set(s)", sets.len());
    }
    eprintln!("{in_all} positions read back");
}

/// Issue 43: Oware with 3, 4 or 6 players, through the real host: the text
/// `position` prints, given to `--position` alone (no `--set`), starts the
/// game where it was, with as many seats; recorded with it, `--replay`
/// plays it again; and the example of `oware --help` plays.
#[test]
fn a_position_of_oware_with_3_4_or_6_players_plays_back_through_the_host() {
    let folder = util::plugins_folder(&[util::library("oware")]);
    let records = TempDir::new();
    for players in ["3", "4", "6"] {
        let set = format!("players={players}");
        let game = util::host(
            folder.path(),
            &["oware", "--set", &set, "--no-keep"],
            "1\nposition\n",
        );
        let err = util::stderr(&game);
        let text = err
            .lines()
            .find_map(|line| line.strip_prefix("Position : "))
            .unwrap_or_else(|| panic!("{set}: no position said:\n{err}"))
            .to_owned();
        assert!(text.starts_with(&format!("oware/{set}:")), "{text}");
        let path = records.path().join(format!("oware-{players}.txt"));
        let record = util::path_arg(&path);
        let again = util::host(
            folder.path(),
            &["--position", &text, "--no-keep", "--record", record],
            "position\n",
        );
        let (out, said) = (util::stdout(&again), util::stderr(&again));
        assert_eq!(again.status.code(), Some(1), "{set}: {said}");
        assert!(
            said.contains(&format!("\nPosition : {text}\n")),
            "{set}: {said}"
        );
        assert!(!said.contains("error"), "{set}: {said}");
        // The board where the first game stood, with every seat's score.
        let board_and_scores = out.lines().count();
        assert!(util::stdout(&game).ends_with(&out), "{set}:\n{out}");
        let scores = out
            .lines()
            .filter(|line| line.contains(" a 0 bille(s)."))
            .count();
        assert_eq!(
            scores.to_string(),
            players,
            "{set}: {board_and_scores} lines:\n{out}"
        );
        let replayed = util::host(folder.path(), &["--replay", record, "--no-keep"], "");
        assert_eq!(
            util::stdout(&replayed),
            out,
            "{set}: {}",
            util::stderr(&replayed)
        );
    }
    let help = util::stdout(&util::host(folder.path(), &["oware", "--help"], ""));
    let example = help
        .split_whitespace()
        .find(|word| word.starts_with("oware/players=3:"))
        .unwrap_or_else(|| panic!("no example in oware --help:\n{help}"))
        .trim_end_matches('.');
    let played = util::host(folder.path(), &["--position", example, "--no-keep"], "");
    assert_eq!(played.status.code(), Some(1), "{}", util::stderr(&played));
    assert!(
        util::stderr(&played).starts_with("Trous : "),
        "{}",
        util::stderr(&played)
    );
}

/// Issue 43: a position no game reaches (a player who has already won or
/// lost, a mover with nothing to play, the game over by its rules) is one
/// usage line in French naming what is wrong (status 2), never played.
#[test]
fn a_position_no_game_reaches_is_refused_in_one_line_naming_why() {
    let folder = util::plugins_folder(&[
        util::library("awale"),
        util::library("lontu-holo"),
        util::library("kalah"),
        util::library("mweso"),
    ]);
    let singles: Vec<&str> = [["3"; 16], ["1"; 16]].concat();
    let mweso = format!("mweso:S:{}:0,0", singles.join(","));
    for (text, expected) in [
        (
            "lontu-holo:N:0,0,0,0,0,0,48,0,0,0,0,0:0,0",
            "erreur : SUD n'a plus de graine dans ses trous : il a gagné, la partie est finie\n",
        ),
        (
            "awale:S:1,0,0,0,0,0,1,0,0,0,0,0:25,21",
            "erreur : SUD a déjà pris 25 graines sur 48 : il a gagné, la partie est finie\n",
        ),
        (
            "awale:N:1,0,0,0,0,0,0,0,0,0,0,0:23,24",
            "erreur : dans cette position, NORD a la main mais aucun coup permis : une partie n'y \
             arrive pas\n",
        ),
        (
            "kalah/end=any-empty:S:1,0,0,0,0,0,0,0,0,0,0,0:37,34",
            "erreur : cette position est une fin de partie : une rangée est vide\n",
        ),
        (
            &mweso,
            "erreur : NORD n'a plus que des graines isolées : il a perdu, la partie est finie\n",
        ),
    ] {
        let run = util::host(folder.path(), &["--position", text, "--no-keep"], "1\n");
        assert_eq!(run.status.code(), Some(2), "{text}: {}", util::stderr(&run));
        // A line broken within 80 columns says the same words.
        let said = util::stderr(&run).replace("\n         ", " ");
        assert_eq!(said, expected.replace("\n         ", " "), "{text}");
        assert_eq!(util::stdout(&run), "", "{text}");
    }
}
