//! One test per rule sentence of the crate docs, named after the rule.

use super::*;
use variant_kit::Outcome;
/// A board with the given (hole number, seeds) and every other hole empty.
use variant_testing::sparse as board;
use variant_testing::{gains, legal, outcome, pick, to_move, total, Conformance};

/// A game at `pits` (index `n - 1` is hole `n`) with `to_move` to play, by `rules`.
fn position(pits: [u8; HOLES], to_move: Player, rules: Rules) -> Mefuhva {
    Mefuhva::from_position(pits, [0, 0], to_move, rules)
}

fn new_game(options: &[(&str, &str)], first: Player) -> Mefuhva {
    variant_testing::new_game(options, first)
}

#[test]
fn the_board_is_four_rows_of_sixteen_holes_of_two_seeds_in_wide_columns() {
    let game = new_game(&[], Player::SUD);
    let mut expected = Layout::four_rows(16);
    expected.wide = true;
    assert_eq!(game.layout(), expected);
    assert_eq!(game.seeds(), vec![2; 64]);
    assert_eq!(game.scores(), vec![0, 0]);
    assert_eq!(total(&game), 128);
}

#[test]
fn the_first_player_is_chosen() {
    for first in [Player::SUD, Player::NORD] {
        assert_eq!(to_move(&new_game(&[], first)), first);
    }
}

#[test]
fn a_move_names_a_non_empty_hole_of_ones_two_rows_even_a_single_seed() {
    let mut pits = [2; HOLES];
    pits[2] = 0;
    pits[3] = 1;
    let mut game = position(pits, Player::SUD, Rules::SEED);
    let expected: Vec<u32> = (1..=32).filter(|&hole| hole != 3).collect();
    assert_eq!(legal(&game), expected);
    assert!(game.play(3).unwrap_err().contains("vide"));
    assert!(game.play(33).unwrap_err().contains("NORD"));
    assert!(game.play(65).unwrap_err().contains("n'est pas un trou"));
    assert!(game.play(4).is_ok(), "a single seed may be sown");
    let game = position([2; HOLES], Player::NORD, Rules::SEED);
    assert_eq!(legal(&game), (33..=64).collect::<Vec<_>>());
}

#[test]
fn sowing_goes_counterclockwise_round_ones_own_rows_only() {
    let mut game = position(board(&[(31, 3), (40, 1)]), Player::SUD, Rules::SEED);
    game.play(31).unwrap();
    assert_eq!(game.pits, board(&[(32, 1), (1, 1), (2, 1), (40, 1)]));
    let mut game = position(board(&[(63, 3), (5, 1)]), Player::NORD, Rules::SEED);
    game.play(63).unwrap();
    assert_eq!(game.pits, board(&[(64, 1), (33, 1), (34, 1), (5, 1)]));
}

#[test]
fn a_sowing_of_32_seeds_or_more_drops_a_seed_in_its_starting_hole() {
    let mut game = position(board(&[(1, 33), (40, 1)]), Player::SUD, Rules::SEED);
    game.play(1).unwrap();
    assert_eq!((game.pits[0], game.pits[1], game.pits[2]), (1, 2, 1));
    assert_eq!(BOARD.circuit_seeds(&game.pits, Player::SUD), 33);
}

#[test]
fn option_skip_start_a_lap_skips_the_starting_hole_as_seed_000_says() {
    let game: Mefuhva = variant_testing::new_game(&[("skip-start", "yes")], Player::SUD);
    assert_eq!(game.rules.laps, Laps::SkipStart);
    let rules = Rules {
        laps: Laps::SkipStart,
        ..Rules::SEED
    };
    let mut game = position(board(&[(1, 33), (40, 1)]), Player::SUD, rules);
    game.play(1).unwrap();
    assert_eq!(
        (game.pits[0], game.pits[1], game.pits[2], game.pits[3]),
        (0, 2, 2, 1)
    );
    assert_eq!(BOARD.circuit_seeds(&game.pits, Player::SUD), 33);
}

#[test]
fn a_last_seed_in_an_empty_inner_hole_takes_the_facing_hole() {
    // Hole 16 sows hole 17 (inner, empty); hole 64 faces it.
    let mut game = position(
        board(&[(16, 1), (64, 3), (40, 1)]),
        Player::SUD,
        Rules::SEED,
    );
    assert_eq!(gains(game.play(16).unwrap()), [3, 0]);
    assert_eq!(game.pits, board(&[(17, 1), (40, 1)]));
    assert_eq!(game.scores(), vec![3, 0]);
    // NORD's hole 48 sows hole 49 (inner, column 0), facing SUD's hole 32.
    let mut game = position(
        board(&[(48, 1), (32, 2), (1, 1)]),
        Player::NORD,
        Rules::SEED,
    );
    assert_eq!(gains(game.play(48).unwrap()), [0, 2]);
    assert_eq!(game.pits, board(&[(49, 1), (1, 1)]));
}

#[test]
fn an_occupied_inner_hole_or_an_outer_hole_takes_nothing() {
    let mut game = position(
        board(&[(16, 1), (17, 1), (64, 3)]),
        Player::SUD,
        Rules::SEED,
    );
    assert_eq!(gains(game.play(16).unwrap()), [0, 0]);
    let mut game = position(board(&[(14, 1), (64, 3)]), Player::SUD, Rules::SEED);
    assert_eq!(gains(game.play(14).unwrap()), [0, 0]);
    assert_eq!(game.pits, board(&[(15, 1), (64, 3)]));
}

#[test]
fn an_empty_facing_hole_gives_nothing() {
    let mut game = position(board(&[(16, 1), (48, 3)]), Player::SUD, Rules::SEED);
    assert_eq!(gains(game.play(16).unwrap()), [0, 0]);
    assert_eq!(game.pits, board(&[(17, 1), (48, 3)]));
}

#[test]
fn reading_without_relay_a_move_is_one_sowing() {
    let mut game = position(board(&[(1, 2), (3, 4), (40, 1)]), Player::SUD, Rules::SEED);
    game.play(1).unwrap();
    assert_eq!(game.pits, board(&[(2, 1), (3, 5), (40, 1)]));
    assert_eq!(to_move(&game), Player::NORD);
}

#[test]
fn the_game_ends_when_the_player_to_move_has_no_seed_and_rows_are_counted() {
    let mut game = position(board(&[(16, 1), (64, 3), (2, 5)]), Player::SUD, Rules::SEED);
    game.play(16).unwrap();
    assert_eq!(outcome(&game), Outcome::winner(Player::SUD));
    assert_eq!(game.scores(), vec![3 + 1 + 5, 0]);
    assert_eq!(game.seeds(), vec![0; 64]);
    assert!(game.end_reason().contains("n'a plus de graine"));
}

#[test]
fn the_game_ends_when_a_position_repeats_since_the_last_capture() {
    let start = position(
        board(&[(1, 2), (3, 4), (40, 1), (45, 2)]),
        Player::SUD,
        Rules::SEED,
    );
    let mut probe = start.clone();
    probe.play(1).unwrap();
    probe.play(40).unwrap();
    // A game that has already met the position these two moves reach.
    let mut game = start.clone();
    game.history = Positions::starting_at(&probe.pits, Player::SUD);
    game.play(1).unwrap();
    assert!(game.ended.is_none());
    game.play(40).unwrap();
    assert!(game.end_reason().contains("répétée"));
    assert_eq!(game.scores(), vec![6, 3]);
    // A capture in between forgets the positions met before it.
    let mut game = position(
        board(&[(16, 1), (64, 1), (40, 1), (3, 1)]),
        Player::SUD,
        Rules::SEED,
    );
    game.history =
        Positions::starting_at(&board::<HOLES>(&[(17, 1), (41, 1), (3, 1)]), Player::SUD);
    game.play(16).unwrap();
    game.play(40).unwrap();
    assert!(
        game.ended.is_none(),
        "the capture of hole 64 forgot the earlier position"
    );
}

#[test]
fn the_game_ends_after_200_moves_without_a_capture() {
    let mut game = position(board(&[(1, 2), (3, 4), (40, 1)]), Player::SUD, Rules::SEED);
    game.quiet = 198;
    game.play(1).unwrap();
    assert!(game.ended.is_none(), "199 quiet moves");
    game.play(40).unwrap();
    assert!(game.end_reason().contains("200 coups"));
    assert_eq!(game.scores(), vec![6, 1]);
}

#[test]
fn a_capture_starts_the_count_of_quiet_moves_again() {
    let mut game = position(
        board(&[(16, 1), (64, 3), (40, 1)]),
        Player::SUD,
        Rules::SEED,
    );
    game.quiet = 199;
    game.play(16).unwrap();
    assert_eq!(game.quiet, 0);
    assert!(game.ended.is_none());
}

#[test]
fn both_players_may_agree_to_end_and_keep_their_rows() {
    let mut game = position(board(&[(1, 3), (40, 1)]), Player::SUD, Rules::SEED);
    game.end_by_agreement().unwrap();
    assert_eq!(game.scores(), vec![3, 1]);
    assert!(game.play(1).is_err());
}

#[test]
fn option_relay_takes_up_an_occupied_hole_and_captures_where_the_chain_ends() {
    let rules = Rules {
        relay: true,
        ..Rules::SEED
    };
    // Hole 13 (2) ends in 15 (1 -> 2): take up, sow 16 and 17 (empty, inner):
    // hole 64 is taken.
    let mut game = position(
        board(&[(13, 2), (15, 1), (64, 4), (40, 1)]),
        Player::SUD,
        rules,
    );
    assert_eq!(gains(game.play(13).unwrap()), [4, 0]);
    assert_eq!(game.pits, board(&[(14, 1), (16, 1), (17, 1), (40, 1)]));
}

/// A SUD move (hole 3) that relays for ever, found by search; NORD has one
/// seed in its outer row.
fn looping_position() -> (Mefuhva, u32) {
    let rules = Rules {
        relay: true,
        ..Rules::SEED
    };
    let mut pits = [0; HOLES];
    pits[..32].copy_from_slice(&LOOP);
    pits[40] = 1;
    (position(pits, Player::SUD, rules), LOOP_HOLE)
}

/// SUD's rows in a position met in a random game.
const LOOP: [u8; 32] = [
    2, 1, 2, 0, 3, 0, 1, 0, 1, 4, 1, 0, 7, 0, 1, 0, 1, 0, 1, 0, 1, 0, 2, 1, 0, 4, 1, 0, 1, 0, 1, 0,
];
const LOOP_HOLE: u32 = 3;

#[test]
fn option_relay_an_endless_chain_stops_after_1000_sowings() {
    let (mut game, hole) = looping_position();
    let mut lap = Lap {
        pits: game.pits,
        from: hole as u8 - 1,
    };
    for _ in 0..MAX_LAPS {
        match game.lap(lap) {
            Link::Next(next) => lap = next,
            Link::End(_) => panic!("this chain was expected to go on for ever"),
        }
    }
    assert_eq!(gains(game.play(hole).unwrap()), [0, 0]);
    assert_eq!(
        game.pits, lap.pits,
        "the seeds where the 1000th sowing left them"
    );
    assert_eq!(to_move(&game), Player::NORD);
}

#[test]
fn agreement_while_naming_extra_holes_ends_the_game_there() {
    let rules = Rules {
        extra: 2,
        ..Rules::SEED
    };
    let mut game = position(
        board(&[(16, 1), (64, 3), (40, 1), (45, 4)]),
        Player::SUD,
        rules,
    );
    assert_eq!(game.play(16), Ok(Step::Pending));
    game.end_by_agreement().unwrap();
    assert_eq!(game.scores(), vec![1, 3 + 1 + 4], "the capture is not made");
    assert_eq!(outcome(&game), Outcome::winner(Player::NORD));
}

#[test]
fn the_host_refuses_agreement_while_holes_are_still_to_be_named() {
    // The repro: `echo "30 0" | host mefuhva --set start=venda --set extra=1`.
    let mut game =
        variant_testing::hosted::<Mefuhva>(&[("start", "venda"), ("extra", "1")], Player::SUD);
    assert_eq!(game.play(30), Ok(Step::Pending));
    assert_eq!(
        game.turn(),
        Ok(Turn::Decide {
            player: Player::SUD,
            kind: DecisionKind::TargetHole
        })
    );
    let seeds = game.seeds().unwrap();
    match game.end_by_agreement() {
        Err(variant_kit::PluginError::Refused(reason)) => {
            assert!(reason.contains("entre deux coups"), "{reason}");
            assert!(!reason.contains('\n'));
        }
        other => panic!("agreement mid-move: {other:?}"),
    }
    assert_eq!(game.seeds().unwrap(), seeds, "the move in progress stands");
    let mut inputs = variant_kit::Inputs::new();
    game.legal_inputs(&mut inputs).unwrap();
    let step = game.play(inputs.as_slice()[0]).unwrap();
    assert!(step.gains().is_some(), "the move completes");
    assert_eq!(game.end_by_agreement(), Ok(()), "between moves");
    assert!(matches!(game.turn(), Ok(Turn::Over(_))));
}

#[test]
fn option_venda_start_and_opening_move() {
    let mut game = new_game(&[("start", "venda")], Player::SUD);
    let seeds = game.seeds();
    assert_eq!(
        (seeds[29], seeds[30], seeds[31]),
        (2, 1, 0),
        "holes 30, 31, 32"
    );
    assert_eq!(
        (seeds[61], seeds[62], seeds[63]),
        (2, 1, 0),
        "holes 62, 63, 64"
    );
    assert_eq!(total(&game), 122);
    assert_eq!(legal(&game), vec![30]);
    assert!(game.play(1).unwrap_err().contains("jouez 30"));
    // Hole 30 sows 31 and 32 (empty, inner, column 0): NORD's hole 49 is taken.
    assert_eq!(gains(game.play(30).unwrap()), [2, 0]);
    assert_eq!(legal(&game), vec![62]);
    game.play(62).unwrap();
    assert_eq!(legal(&game).len(), 32 - 2, "then any non-empty hole");
}

#[test]
fn option_inner_outer_takes_the_outer_hole_behind_too() {
    let rules = Rules {
        outer: true,
        ..Rules::SEED
    };
    // Hole 17's column is 15: NORD's inner hole 64 and outer hole 33.
    let mut game = position(
        board(&[(16, 1), (64, 3), (33, 2), (40, 1)]),
        Player::SUD,
        rules,
    );
    assert_eq!(gains(game.play(16).unwrap()), [5, 0]);
    assert_eq!(game.pits, board(&[(17, 1), (40, 1)]));
}

#[test]
fn option_extra_the_capturer_names_other_holes_to_take() {
    let rules = Rules {
        extra: 2,
        ..Rules::SEED
    };
    let mut game = position(
        board(&[(16, 1), (64, 3), (40, 1), (45, 4), (50, 1)]),
        Player::SUD,
        rules,
    );
    assert_eq!(game.play(16), Ok(Step::Pending));
    assert_eq!(
        game.turn(),
        Turn::Decide {
            player: Player::SUD,
            kind: DecisionKind::TargetHole
        }
    );
    assert_eq!(legal(&game), vec![40, 45, 50]);
    assert_eq!(
        game.prompt().unwrap(),
        "SUD prend 64 : quel autre trou de NORD prenez-vous (encore 2) ? (40 45 50)"
    );
    assert_eq!(
        total(&game),
        10,
        "the captured seeds leave when the move completes"
    );
    assert!(game
        .play(41)
        .unwrap_err()
        .contains("choisissez parmi 40 45 50"));
    assert_eq!(game.play(45), Ok(Step::Pending));
    assert!(game
        .play(45)
        .unwrap_err()
        .contains("choisissez parmi 40 50"));
    assert_eq!(gains(game.play(50).unwrap()), [3 + 4 + 1, 0]);
    assert_eq!(game.pits, board(&[(17, 1), (40, 1)]));
    assert_eq!(to_move(&game), Player::NORD);
    // No capture, no extra; and fewer targets than `extra` end it early.
    let mut game = position(board(&[(16, 1), (64, 3), (40, 1)]), Player::SUD, rules);
    assert_eq!(game.play(16), Ok(Step::Pending));
    assert_eq!(gains(game.play(40).unwrap()), [4, 0]);
    assert!(game.ended.is_some(), "NORD has nothing left");
}

/// Issue 37: the targets are listed while the prompt fits 80 columns, and
/// said in words (any other non-empty hole of the opponent's rows) when
/// the list is too long for the line.
#[test]
fn option_extra_a_list_of_targets_too_long_for_80_columns_is_said_in_words() {
    let rules = Rules {
        extra: 2,
        ..Rules::SEED
    };
    let mut seeds = vec![(16, 1), (64, 3)];
    seeds.extend((33..64).filter(|hole| hole % 3 != 2).map(|hole| (hole, 1)));
    let mut game = position(board(&seeds), Player::SUD, rules);
    assert_eq!(game.play(16), Ok(Step::Pending));
    assert_eq!(legal(&game).len(), 21);
    assert_eq!(
        game.prompt().unwrap(),
        "SUD prend 64 : quel autre trou non vide de NORD (33 à 64, encore 2) ?"
    );
    assert_eq!(game.play(33), Ok(Step::Pending));
    assert_eq!(
        game.prompt().unwrap(),
        "SUD prend 64 et 33 : quel autre trou non vide de NORD (33 à 64, encore 1) ?"
    );
}

#[test]
fn conformance_kit_passes() {
    // Its random games last hundreds of decisions: 500 of them play more
    // decisions than 2000 two-row games.
    Conformance::new().games(500).passes::<Mefuhva>();
}

#[test]
fn conformance_kit_passes_with_the_references_rules() {
    Conformance::new()
        .games(300)
        .options(&[
            ("relay", "yes"),
            ("start", "venda"),
            ("capture", "inner-outer"),
            ("extra", "2"),
            ("skip-start", "yes"),
        ])
        .passes::<Mefuhva>();
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Seeds are never created or lost, whatever the options.
        #[test]
        fn seeds_are_conserved(
            choices in proptest::collection::vec(any::<usize>(), 0..200),
            relay: bool,
            outer: bool,
            extra in 0u8..=2,
        ) {
            let rules = Rules { relay, outer, extra, ..Rules::SEED };
            let mut game = position([SEEDS_PER_HOLE; HOLES], Player::SUD, rules);
            for choice in choices {
                let Some(input) = pick(&game, choice) else {
                    break;
                };
                game.play(input).unwrap();
                prop_assert_eq!(total(&game), 128);
            }
        }
    }
}

#[test]
fn the_rules_text_of_help_names_each_reading_with_its_source() {
    for needle in [
        "Lectures et leurs sources",
        "skip-start=no",
        "Mefuvha.lud",
        "Stayt 1931",
        "coup élémentaire de la graine 000",
        "bead.game",
        "règles du projet",
    ] {
        assert!(RULES.contains(needle), "{needle}");
    }
}
