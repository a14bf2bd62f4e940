//! One test per rule sentence of the seed section « KALAHA », named after
//! the rule, then one per reading chosen where the seed is silent. The seed
//! gives no worked example with a position.

use super::*;
use variant_kit::{DecisionKind, Outcome};
use variant_testing::{assert_names, gains, legal, Conformance};

/// A game at `pits` (index `n - 1` is hole `n`) with `to_move` to play.
fn position(pits: [u8; HOLES], to_move: Player) -> Kalaha {
    Kalaha::from_position(pits, [0, 0], to_move)
}

fn new_game(first: Player) -> Kalaha {
    variant_testing::new_game(&[], first)
}

/// The Kalah of the references: `lap=sow`, `capture=with-last`, `end=any-empty`.
const KALAH: [(&str, &str); 3] = [
    ("lap", "sow"),
    ("capture", "with-last"),
    ("end", "any-empty"),
];

/// A game at `pits` with `to_move` to play, under these `--set` options.
fn position_with(options: &[(&str, &str)], pits: [u8; HOLES], to_move: Player) -> Kalaha {
    let rules = variant_testing::new_game::<Kalaha>(options, Player::SUD).rules;
    Kalaha::with_rules(pits, [0, 0], to_move, rules)
}

fn to_move(game: &Kalaha) -> Player {
    match game.turn() {
        Turn::Decide { player, kind } => {
            assert_eq!(kind, DecisionKind::Sow);
            player
        }
        Turn::Over(outcome) => panic!("the game is over: {outcome:?}"),
    }
}

#[test]
fn twelve_holes_of_6_seeds_and_two_empty_kalahas() {
    // « 72 petites graines 12 trous [...] plus 1 gros trou à chaque extrémité »,
    // « les joueurs placent leurs graines, par groupes de 6, dans les trous de
    // leur rangée (on ne place aucune graines dans le Kalaha) »
    let game = new_game(Player::SUD);
    assert_eq!(game.seeds(), vec![6; 12]);
    assert_eq!(game.scores(), vec![0, 0]);
    assert_eq!(game.layout(), Layout::two_rows(6));
}

#[test]
fn one_of_the_players_starts() {
    // « L'un d'entre eux (tiré au sort) commence la partie. »
    for first in [Player::SUD, Player::NORD] {
        assert_eq!(to_move(&new_game(first)), first);
    }
}

#[test]
fn a_player_takes_the_seeds_of_a_hole_of_the_row_near_them() {
    // « un joueur prend les graines dans un trou des trous la rangée proche de lui »
    let mut pits = [6; HOLES];
    pits[2] = 0;
    let mut game = position(pits, Player::SUD);
    assert_eq!(legal(&game), vec![1, 2, 4, 5, 6]);
    assert_eq!(
        legal(&position(pits, Player::NORD)),
        vec![7, 8, 9, 10, 11, 12]
    );
    let before = game.clone();
    assert!(game.play(3).unwrap_err().contains("vide"));
    assert!(game.play(7).unwrap_err().contains("est à NORD"));
    assert!(game.play(13).unwrap_err().contains("n'est pas un trou"));
    assert_eq!(game.seeds(), before.seeds());
    assert_eq!(game.turn(), before.turn());
}

#[test]
fn sowing_goes_counterclockwise_through_ones_own_kalaha() {
    // « les sème une par une dans chacun des trous qui suivent ainsi que dans
    // son Kalaha en suivant le sens anti-horaire »
    let mut game = new_game(Player::SUD);
    assert_eq!(gains(game.play(4).unwrap()), [1, 0]);
    assert_eq!(game.seeds(), vec![6, 6, 6, 0, 7, 7, 7, 7, 7, 6, 6, 6]);
    assert_eq!(game.scores(), vec![1, 0]);
    // NORD's hole 10: 11, 12, NORD's Kalaha, then SUD's 1, 2, 3.
    assert_eq!(gains(game.play(10).unwrap()), [0, 1]);
    assert_eq!(game.seeds(), vec![7, 7, 7, 0, 7, 7, 7, 7, 7, 0, 7, 7]);
    assert_eq!(game.scores(), vec![1, 1]);
}

#[test]
fn a_player_never_sows_into_the_opponents_kalaha() {
    // « Le joueur ne sème jamais de graines dans le Kalaha de son adversaire. »
    // SUD's hole 6 (8 seeds): SUD's Kalaha, 7 to 12, then 1 (NORD's Kalaha skipped).
    let mut pits = [0; HOLES];
    pits[0] = 1;
    pits[5] = 8;
    let mut game = position(pits, Player::SUD);
    assert_eq!(gains(game.play(6).unwrap()), [1, 0]);
    assert_eq!(game.seeds(), vec![2, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1]);
    assert_eq!(game.scores()[Player::NORD.index()], 0);
    // NORD's hole 12 (3 seeds): NORD's Kalaha, 1, 2 (SUD's Kalaha is after 6).
    let mut pits = [1; HOLES];
    pits[11] = 3;
    let mut game = position(pits, Player::NORD);
    assert_eq!(gains(game.play(12).unwrap()), [0, 1]);
    assert_eq!(game.seeds(), vec![2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0]);
}

#[test]
fn a_last_seed_in_ones_own_kalaha_plays_again_and_again() {
    // « Si le joueur sème sa dernière graine dans son Kalaha, il peut rejouer.
    // On peut ainsi enchaîner plusieurs tours de jeu. »
    let mut game = new_game(Player::SUD);
    assert_eq!(game.prompt(), None, "the host's prompt for a first move");
    assert_eq!(gains(game.play(1).unwrap()), [1, 0]); // 2..6 and the Kalaha
    assert_eq!(to_move(&game), Player::SUD);
    assert_eq!(
        game.prompt().as_deref(),
        Some("Semis fini au Kalaha : SUD rejoue (2 à 6, ou 0 pour finir d'un commun accord)")
    );
    game.play(2).unwrap(); // 3..6, the Kalaha, 7, 8: NORD's turn
    assert_eq!(to_move(&game), Player::NORD);
    assert_eq!(game.prompt(), None, "NORD moves in turn: the host's prompt");
    let mut pits = [0; HOLES];
    pits[4] = 2;
    pits[5] = 1;
    pits[6] = 1;
    let mut game = position(pits, Player::SUD);
    game.play(6).unwrap();
    assert_eq!(to_move(&game), Player::SUD);
    game.play(5).unwrap(); // 6 and the Kalaha
    assert_eq!(to_move(&game), Player::SUD);
    assert_eq!(game.scores(), vec![2, 0]);
    game.play(6).unwrap();
    assert_eq!(game.scores()[Player::SUD.index()], 3);
}

#[test]
fn a_last_seed_in_an_empty_hole_of_ones_own_row_captures_the_opposite_seeds() {
    // « Si le joueur sème sa dernière graine dans un trou vide de sa propre
    // rangée, il capture les graines situées dans le trou en vis à vis et les
    // place dans son Kalaha. Puis c'est a son adversaire de jouer. »
    // SUD's hole 1 (2 seeds): 2, then 3, which was empty; 10 is opposite 3.
    let mut pits = [4; HOLES];
    pits[0] = 2;
    pits[2] = 0;
    pits[9] = 5;
    let mut game = position(pits, Player::SUD);
    assert_eq!(gains(game.play(1).unwrap()), [5, 0]);
    assert_eq!(game.seeds(), vec![0, 5, 1, 4, 4, 4, 4, 4, 4, 0, 4, 4]);
    assert_eq!(game.scores(), vec![5, 0]);
    assert_eq!(to_move(&game), Player::NORD);
    // NORD's hole 7 (1 seed) into 8, empty: 5 is opposite 8.
    let mut pits = [3; HOLES];
    pits[6] = 1;
    pits[7] = 0;
    let mut game = position(pits, Player::NORD);
    assert_eq!(gains(game.play(7).unwrap()), [0, 3]);
    assert_eq!(game.seeds()[4], 0);
    assert_eq!(to_move(&game), Player::SUD);
}

#[test]
fn a_last_seed_in_a_hole_that_was_not_empty_ends_the_turn() {
    // « Si le joueur sème sa dernière graine dans un trou qui n'était pas
    // vide, son tour de jeu se termine et c'est à son adversaire de jouer. »
    let mut pits = [4; HOLES];
    pits[0] = 2;
    let mut game = position(pits, Player::SUD);
    assert_eq!(gains(game.play(1).unwrap()), [0, 0]);
    assert_eq!(game.seeds(), vec![0, 5, 5, 4, 4, 4, 4, 4, 4, 4, 4, 4]);
    assert_eq!(to_move(&game), Player::NORD);
}

#[test]
fn a_last_seed_in_an_empty_hole_of_the_opponents_row_captures_nothing() {
    let mut pits = [4; HOLES];
    pits[5] = 2;
    pits[6] = 0;
    let mut game = position(pits, Player::SUD);
    assert_eq!(gains(game.play(6).unwrap()), [1, 0]); // the Kalaha, then 7
    assert_eq!(game.seeds()[6], 1);
    assert_eq!(game.seeds()[5], 0);
    assert_eq!(to_move(&game), Player::NORD);
}

#[test]
fn the_game_ends_when_the_player_to_move_has_an_empty_row() {
    // « La partie se termine lorsqu'un des joueur ne peux plus jouer car lors
    // de son tour de jeu, sa rangée est vide. Les graines restant
    // éventuellement dans la rangée d'un joueur sont placées dans son Kalaha.
    // Le vainqueur est celui qui a le plus grand nombre de graines dans son
    // Kalaha. »
    // SUD's hole 6 (2 seeds): the Kalaha, then 7. SUD's row is empty, but
    // NORD is to move and has seeds: the game goes on.
    let mut pits = [0; HOLES];
    pits[5] = 2;
    pits[7] = 3;
    let mut game = Kalaha::from_position(pits, [30, 37], Player::SUD);
    assert_eq!(gains(game.play(6).unwrap()), [1, 0]);
    assert_eq!(to_move(&game), Player::NORD);
    // NORD's hole 8 (3 seeds): 9, 10, 11. SUD, to move, has an empty row:
    // NORD's 4 seeds go into NORD's Kalaha.
    assert_eq!(gains(game.play(8).unwrap()), [0, 0]);
    assert_eq!(game.seeds(), vec![0; 12], "the rows went to their Kalahas");
    assert_eq!(game.scores(), vec![31, 41]);
    assert_eq!(game.turn(), Turn::Over(Outcome::winner(Player::NORD)));
    assert_eq!(
        game.end_reason(),
        "le joueur qui doit jouer n'a plus de graine dans sa rangée ; chacun met les graines \
         de sa rangée dans son Kalaha."
    );
    assert!(legal(&game).is_empty());
    assert!(game.play(7).unwrap_err().contains("finie"));
}

#[test]
fn the_game_ends_when_a_player_who_plays_again_has_an_empty_row() {
    // SUD's only seed goes into SUD's Kalaha: SUD must play again, but cannot.
    let mut pits = [0; HOLES];
    pits[5] = 1;
    pits[8] = 4;
    let mut game = Kalaha::from_position(pits, [35, 32], Player::SUD);
    assert_eq!(gains(game.play(6).unwrap()), [1, 0]);
    assert_eq!(game.scores(), vec![36, 36]);
    assert_eq!(game.turn(), Turn::Over(Outcome::DRAW));
    assert_eq!(game.end_reason(), EMPTY_ROW);
}

#[test]
fn reading_the_starting_hole_is_skipped_on_every_lap() {
    // SUD's hole 1 (13 seeds): 2 to 6, the Kalaha, 7 to 12, then 2 again.
    let mut pits = [0; HOLES];
    pits[0] = 13;
    let mut game = position(pits, Player::SUD);
    assert_eq!(gains(game.play(1).unwrap()), [1, 0]);
    assert_eq!(game.seeds(), vec![0, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    assert_eq!(to_move(&game), Player::NORD, "hole 2 was not empty");
}

#[test]
fn reading_the_capturing_seed_stays_in_its_hole() {
    // SUD's hole 4 (1 seed) into 5, empty: hole 8, opposite, holds 6.
    let mut pits = [0; HOLES];
    pits[3] = 1;
    pits[6] = 1;
    pits[7] = 6;
    let mut game = position(pits, Player::SUD);
    assert_eq!(gains(game.play(4).unwrap()), [6, 0]);
    assert_eq!(game.seeds(), vec![0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0]);
}

#[test]
fn reading_an_empty_opposite_hole_captures_nothing_and_the_turn_passes() {
    let mut pits = [2; HOLES];
    pits[3] = 1;
    pits[4] = 0;
    pits[7] = 0;
    let mut game = position(pits, Player::SUD);
    assert_eq!(gains(game.play(4).unwrap()), [0, 0]);
    assert_eq!(game.seeds()[4], 1);
    assert_eq!(to_move(&game), Player::NORD);
}

#[test]
fn reading_a_sowing_that_comes_round_to_an_empty_own_hole_captures() {
    // SUD's hole 5 (9 seeds): 6, the Kalaha, 7 to 12, then 1, which was
    // empty; 12 (opposite 1) now holds 2 + 1. Gains: 1 sown + 3 captured.
    let mut pits = [0; HOLES];
    pits[4] = 9;
    pits[11] = 2;
    let mut game = position(pits, Player::SUD);
    assert_eq!(gains(game.play(5).unwrap()), [4, 0]);
    assert_eq!(game.seeds(), vec![1, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 0]);
}

#[test]
fn reading_agreement_puts_each_row_into_its_owners_kalaha() {
    let mut game = new_game(Player::SUD);
    game.play(2).unwrap(); // 3..6, the Kalaha, 7
    assert_eq!(game.end_reason(), "la partie n'est pas finie.");
    game.end_by_agreement().unwrap();
    assert_eq!(
        game.end_reason(),
        "les joueurs sont d'accord pour finir ; chacun met les graines de sa rangée dans son \
         Kalaha."
    );
    assert_eq!(game.seeds(), vec![0; 12]);
    assert_eq!(game.scores(), vec![1 + 34, 37]);
    assert_eq!(game.turn(), Turn::Over(Outcome::winner(Player::NORD)));
    assert!(game.end_by_agreement().is_err());
    assert!(legal(&game).is_empty());
}

#[test]
fn reading_no_game_can_cycle() {
    // Every move either puts seeds into the Kalahas (which never give any
    // back) or, staying in the mover's row, brings seeds closer to their
    // Kalaha: the distance of the seeds on the board to their row's end falls.
    // So with the seed's rules and with the Kalah options.
    let row = BOARD.holes_per_row();
    let distance = |game: &Kalaha| -> usize {
        (0..HOLES)
            .map(|pit| usize::from(game.pits[pit]) * (row - pit % row))
            .sum()
    };
    let mut rng = 0x0bad_5eed_u64;
    let starts = [Player::SUD, Player::NORD]
        .into_iter()
        .flat_map(|first| [(first, &[][..]), (first, &KALAH[..])]);
    for (first, options) in starts {
        for _ in 0..200 {
            let mut game: Kalaha = variant_testing::new_game(options, first);
            while !legal(&game).is_empty() {
                rng = rng
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                let legal = legal(&game);
                let input = legal[(rng >> 33) as usize % legal.len()];
                let before = (game.kalahas.iter().sum::<u32>(), distance(&game));
                let step = game.play(input).unwrap();
                if game.ended.is_some() {
                    break;
                }
                let after = (game.kalahas.iter().sum::<u32>(), distance(&game));
                assert!(
                    after.0 > before.0 || (after.0 == before.0 && after.1 < before.1),
                    "{before:?} -> {after:?}"
                );
                assert_eq!(
                    gains(step).iter().sum::<u32>(),
                    after.0 - before.0,
                    "gains are the seeds put into the Kalaha"
                );
            }
        }
    }
}

#[test]
fn description_names_the_game() {
    assert_names::<Kalaha>("kalaha", "Kalaha", "de Kalaha");
    let description = Kalaha::describe();
    assert!(description.agreement_ends_game);
    let options: Vec<(&str, &str, String)> = description
        .options
        .iter()
        .map(|spec| {
            (
                spec.key.as_str(),
                spec.default.as_str(),
                spec.values.describe(),
            )
        })
        .collect();
    assert_eq!(
        options,
        vec![
            ("lap", "skip", "skip|sow".to_owned()),
            ("capture", "opposite", "opposite|with-last".to_owned()),
            ("end", "mover-empty", "mover-empty|any-empty".to_owned()),
        ],
        "the seed's readings are the defaults"
    );
    assert_eq!(new_game(Player::SUD).rules, Rules::SEED);
    assert!(description
        .rules
        .contains("--set lap=sow --set capture=with-last --set end=any-empty"));
}

#[test]
fn conformance_kit_passes() {
    Conformance::new().passes::<Kalaha>();
}

#[test]
fn conformance_kit_passes_with_the_kalah_options() {
    Conformance::new()
        .games(500)
        .options(&KALAH)
        .passes::<Kalaha>();
}

#[test]
fn option_lap_sow_sows_the_starting_hole_and_13_seeds_capture_there() {
    // Kalah: SUD's hole 1 (13 seeds): 2 to 6, the Kalaha, 7 to 12, then hole
    // 1 itself, emptied by the move: a capture of hole 12 (1 + 2 seeds),
    // with the capturing seed under capture=with-last.
    let mut pits = [0; HOLES];
    pits[0] = 13;
    pits[11] = 2;
    let mut game = position_with(&[("lap", "sow")], pits, Player::SUD);
    assert_eq!(gains(game.play(1).unwrap()), [1 + 3, 0]);
    assert_eq!(game.seeds(), vec![1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0]);
    let mut game = position_with(&KALAH, pits, Player::SUD);
    assert_eq!(gains(game.play(1).unwrap()), [1 + 3 + 1, 0]);
    assert_eq!(game.seeds(), vec![0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0]);
    assert_eq!(to_move(&game), Player::NORD);
}

#[test]
fn option_capture_with_last_puts_the_capturing_seed_into_the_kalaha() {
    // As in reading_the_capturing_seed_stays_in_its_hole: SUD's hole 4 into
    // 5, empty, facing hole 8 (6 seeds); the capturing seed goes too.
    let mut pits = [0; HOLES];
    pits[3] = 1;
    pits[6] = 1;
    pits[7] = 6;
    let mut game = position_with(&[("capture", "with-last")], pits, Player::SUD);
    assert_eq!(gains(game.play(4).unwrap()), [7, 0]);
    assert_eq!(game.seeds(), vec![0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0]);
    assert_eq!(to_move(&game), Player::NORD);
}

#[test]
fn option_capture_with_last_takes_nothing_from_an_empty_opposite_hole() {
    let mut pits = [2; HOLES];
    pits[3] = 1;
    pits[4] = 0;
    pits[7] = 0;
    let mut game = position_with(&[("capture", "with-last")], pits, Player::SUD);
    assert_eq!(gains(game.play(4).unwrap()), [0, 0]);
    assert_eq!(game.seeds()[4], 1, "the seed stays");
    assert_eq!(to_move(&game), Player::NORD);
}

#[test]
fn option_end_any_empty_ends_as_soon_as_a_row_is_empty() {
    // As in the_game_ends_when_the_player_to_move_has_an_empty_row: SUD's
    // hole 6 (2 seeds) empties SUD's row while NORD is to move; with
    // end=any-empty the game ends there, NORD's 4 seeds go to NORD's Kalaha.
    let mut pits = [0; HOLES];
    pits[5] = 2;
    pits[7] = 3;
    let mut game = position_with(&[("end", "any-empty")], pits, Player::SUD);
    game.kalahas = [30, 37];
    assert_eq!(gains(game.play(6).unwrap()), [1, 0]);
    assert_eq!(game.turn(), Turn::Over(Outcome::winner(Player::NORD)));
    assert_eq!(game.seeds(), vec![0; 12]);
    assert_eq!(game.scores(), vec![31, 41]);
    assert_eq!(
        game.end_reason(),
        "une rangée est vide ; chacun met les graines de sa rangée dans son Kalaha."
    );
    assert_eq!(game.prompt(), None);
}

#[test]
fn option_values_ignore_case() {
    let game: Kalaha = variant_testing::new_game(
        &[
            ("lap", "SOW"),
            ("capture", "With-Last"),
            ("end", "Any-Empty"),
        ],
        Player::NORD,
    );
    assert_eq!(
        game.rules,
        Rules {
            sow_start: true,
            capture_last: true,
            any_empty: true
        }
    );
}

/// The computer player on positions of the real rules (issue 7): with a
/// chain of replays on the board, its choice is worth what an exhaustive
/// search of the game says the best move is worth.
mod computer {
    use super::*;
    use variant_engine as engine;
    use variant_kit::Think;

    /// The final lead of SUD's Kalaha over NORD's with best play from `game`.
    fn solve(game: &Kalaha) -> i64 {
        let player = match game.turn() {
            Turn::Over(_) => return i64::from(game.scores()[0]) - i64::from(game.scores()[1]),
            Turn::Decide { player, .. } => player,
        };
        let values = legal(game).into_iter().map(|input| {
            let mut child = game.clone();
            child.play(input).unwrap();
            solve(&child)
        });
        if player == Player::SUD {
            values.max().unwrap()
        } else {
            values.min().unwrap()
        }
    }

    #[test]
    fn the_computer_plays_a_chain_of_replays_as_well_as_an_exhaustive_search() {
        // Hole 6 (1 seed) ends in SUD's Kalaha, then hole 5 (2 seeds), then
        // hole 6 again, then hole 4 (3 seeds)...: a chain of replays.
        let game =
            Kalaha::from_position([0, 0, 0, 3, 2, 1, 1, 1, 0, 0, 0, 0], [32, 32], Player::SUD);
        let mut replay = game.clone();
        replay.play(6).unwrap();
        assert_eq!(
            to_move(&replay),
            Player::SUD,
            "the last seed in the Kalaha plays again"
        );
        let best = solve(&game);
        for level in 2..=4 {
            let request = Think {
                level,
                budget_ms: 10_000,
                threads: 1,
                seed: 1,
            };
            let input = engine::think(&game, request).input;
            let mut chosen = game.clone();
            chosen.play(input).unwrap();
            assert_eq!(solve(&chosen), best, "level {level} chose {input}");
        }
    }
}
