//! One test per rule sentence of the crate docs, named after the rule.

use super::*;
use variant_kit::Outcome;
/// A board with the given (hole number, seeds) and every other hole empty.
use variant_testing::sparse as board;
use variant_testing::{gains, legal, outcome, pick, to_move, total, Conformance};

/// A game at `pits` (index `n - 1` is hole `n`) with `to_move` to play, by `rules`.
fn position(pits: [u8; HOLES], to_move: Player, rules: Rules) -> Katra {
    Katra::from_position(pits, [0, 0], to_move, rules)
}

fn seed_rules() -> Rules {
    Rules::SEED
}

#[test]
fn the_board_is_four_rows_of_eight_holes_of_two_seeds_drawn_as_the_spec_says() {
    let game: Katra = variant_testing::new_game(&[], Player::SUD);
    assert_eq!(game.layout(), Layout::four_rows(8));
    assert_eq!(game.seeds(), vec![2; 32]);
    assert_eq!(game.scores(), vec![0, 0]);
    assert!(!game.layout().wide);
}

#[test]
fn the_first_player_is_chosen() {
    for first in [Player::SUD, Player::NORD] {
        let game: Katra = variant_testing::new_game(&[], first);
        assert_eq!(to_move(&game), first);
    }
}

#[test]
fn a_move_names_a_non_empty_hole_of_ones_two_rows() {
    let mut pits = [2; HOLES];
    pits[2] = 0;
    let mut game = position(pits, Player::SUD, seed_rules());
    let expected: Vec<u32> = (1..=16).filter(|&hole| hole != 3).collect();
    assert_eq!(legal(&game), expected);
    assert!(game.play(3).unwrap_err().contains("vide"));
    assert!(game.play(17).unwrap_err().contains("NORD"));
    assert!(game.play(33).unwrap_err().contains("n'est pas un trou"));
    assert_eq!(
        game.seeds(),
        pits.iter().map(|&s| u32::from(s)).collect::<Vec<_>>()
    );
    let game = position([2; HOLES], Player::NORD, seed_rules());
    assert_eq!(legal(&game), (17..=32).collect::<Vec<_>>());
}

#[test]
fn sowing_goes_counterclockwise_round_ones_own_rows_only() {
    // SUD's hole 15 holds 3: 16, then 1 and 2; NORD's rows are untouched.
    let mut game = position(board(&[(15, 3), (20, 1)]), Player::SUD, seed_rules());
    game.play(15).unwrap();
    assert_eq!(game.pits, board(&[(16, 1), (1, 1), (2, 1), (20, 1)]));
    // NORD's hole 31 holds 3: 32, then 17 and 18.
    let mut game = position(board(&[(31, 3), (5, 1)]), Player::NORD, seed_rules());
    game.play(31).unwrap();
    assert_eq!(game.pits, board(&[(32, 1), (17, 1), (18, 1), (5, 1)]));
}

#[test]
fn a_sowing_of_16_seeds_or_more_drops_a_seed_in_its_starting_hole() {
    let mut game = position(board(&[(1, 17), (20, 1)]), Player::SUD, seed_rules());
    game.play(1).unwrap();
    let seeds = game.seeds();
    assert_eq!(seeds[0], 1, "the starting hole got one seed on the lap");
    assert_eq!(seeds[1], 2, "hole 2 got two");
    assert_eq!(seeds[..16].iter().sum::<u32>(), 17);
}

#[test]
fn option_skip_start_a_lap_skips_the_starting_hole_as_seed_000_says() {
    let game: Katra = variant_testing::new_game(&[("skip-start", "yes")], Player::SUD);
    assert_eq!(game.rules.laps, Laps::SkipStart);
    let rules = Rules {
        laps: Laps::SkipStart,
        ..seed_rules()
    };
    // 17 seeds from hole 1: 15 round the other holes, then 2 and 3.
    let mut game = position(board(&[(1, 17), (20, 1)]), Player::SUD, rules);
    game.play(1).unwrap();
    let seeds = game.seeds();
    assert_eq!(seeds[0], 0, "the starting hole is skipped");
    assert_eq!((seeds[1], seeds[2], seeds[3]), (2, 2, 1));
    assert_eq!(seeds[..16].iter().sum::<u32>(), 17);
}

#[test]
fn a_last_seed_in_the_inner_row_takes_the_facing_hole_if_it_holds_fewer() {
    // Hole 8 sows hole 9 (inner), which goes from 2 to 3; hole 32 faces it with 2.
    let mut game = position(
        board(&[(8, 1), (9, 2), (32, 2), (20, 1)]),
        Player::SUD,
        seed_rules(),
    );
    assert_eq!(gains(game.play(8).unwrap()), [2, 0]);
    assert_eq!(game.pits, board(&[(9, 3), (20, 1)]));
    assert_eq!(game.scores(), vec![2, 0]);
}

#[test]
fn the_facing_hole_is_not_taken_if_it_holds_as_many_or_more() {
    let mut game = position(
        board(&[(8, 1), (9, 2), (32, 3), (20, 1)]),
        Player::SUD,
        seed_rules(),
    );
    assert_eq!(gains(game.play(8).unwrap()), [0, 0]);
    assert_eq!(game.pits, board(&[(9, 3), (32, 3), (20, 1)]));
    let mut game = position(
        board(&[(8, 1), (9, 2), (32, 4), (20, 1)]),
        Player::SUD,
        seed_rules(),
    );
    assert_eq!(gains(game.play(8).unwrap()), [0, 0]);
}

#[test]
fn nord_takes_the_facing_hole_of_sud_too() {
    // NORD's hole 24 sows hole 25 (inner, column 0), facing SUD's hole 16.
    let mut game = position(
        board(&[(24, 1), (25, 3), (16, 1), (2, 1)]),
        Player::NORD,
        seed_rules(),
    );
    assert_eq!(gains(game.play(24).unwrap()), [0, 1]);
    assert_eq!(game.pits, board(&[(25, 4), (2, 1)]));
}

#[test]
fn a_last_seed_in_the_outer_row_takes_nothing() {
    // Hole 1 sows hole 2 (outer); hole 2 is in column 1, where NORD's hole 26 holds 1.
    let mut game = position(board(&[(1, 1), (2, 5), (26, 1)]), Player::SUD, seed_rules());
    assert_eq!(gains(game.play(1).unwrap()), [0, 0]);
}

#[test]
fn reading_a_last_seed_in_an_empty_inner_hole_never_takes() {
    // Hole 9 was empty: 1 seed, and no facing count is fewer than 1 but 0.
    let mut game = position(board(&[(8, 1), (32, 1)]), Player::SUD, seed_rules());
    assert_eq!(gains(game.play(8).unwrap()), [0, 0]);
    assert_eq!(game.pits, board(&[(9, 1), (32, 1)]));
}

#[test]
fn reading_without_relay_a_move_is_one_sowing() {
    // The last seed falls in hole 3, which held 4: the move ends there.
    let mut game = position(board(&[(1, 2), (3, 4), (20, 1)]), Player::SUD, seed_rules());
    game.play(1).unwrap();
    assert_eq!(game.pits, board(&[(2, 1), (3, 5), (20, 1)]));
    assert_eq!(to_move(&game), Player::NORD);
}

#[test]
fn option_relay_takes_up_an_occupied_hole_and_sows_on() {
    let rules = Rules {
        relay: true,
        ..Rules::SEED
    };
    // Hole 1 (2) ends in hole 3 (2 -> 3): take up 3, sow 4, 5, 6; hole 6 was empty.
    let mut game = position(board(&[(1, 2), (3, 2), (20, 1)]), Player::SUD, rules);
    game.play(1).unwrap();
    assert_eq!(game.pits, board(&[(2, 1), (4, 1), (5, 1), (6, 1), (20, 1)]));
}

#[test]
fn option_relay_a_capture_ends_the_move_and_a_failed_capture_relays() {
    let rules = Rules {
        relay: true,
        ..Rules::SEED
    };
    let mut game = position(
        board(&[(8, 1), (9, 2), (32, 2), (20, 1)]),
        Player::SUD,
        rules,
    );
    assert_eq!(gains(game.play(8).unwrap()), [2, 0]);
    assert_eq!(game.pits, board(&[(9, 3), (20, 1)]));
    // Hole 32 holds 3, as many as hole 9: no capture, hole 9 is taken up.
    let mut game = position(
        board(&[(8, 1), (9, 2), (32, 3), (20, 1)]),
        Player::SUD,
        rules,
    );
    assert_eq!(gains(game.play(8).unwrap()), [0, 0]);
    assert_eq!(
        game.pits,
        board(&[(10, 1), (11, 1), (12, 1), (32, 3), (20, 1)])
    );
}

/// A SUD move (hole 12) that relays for ever, found by search; NORD has
/// one seed in its outer row, which no capture can reach.
fn looping_position() -> (Katra, u32) {
    let rules = Rules {
        relay: true,
        ..Rules::SEED
    };
    let mut pits = [0; HOLES];
    pits[..16].copy_from_slice(&[1, 2, 1, 2, 1, 0, 2, 3, 2, 4, 1, 2, 2, 1, 3, 2]);
    pits[16] = 1;
    (position(pits, Player::SUD, rules), 12)
}

#[test]
fn endless_sowing_a_move_stops_after_1000_sowings() {
    let (game, hole) = looping_position();
    // The chain of that move, followed by hand for 1000 sowings.
    let mut lap = Lap {
        pits: game.pits,
        from: hole as u8 - 1,
        hand: 0,
    };
    for _ in 0..MAX_LAPS {
        match game.lap(lap) {
            Link::Next(next) => lap = next,
            Link::End(_) => panic!("this chain was expected to go on for ever"),
        }
    }
    let mut game = game;
    assert_eq!(gains(game.play(hole).unwrap()), [0, 0]);
    assert_eq!(
        game.pits, lap.pits,
        "the seeds where the 1000th sowing left them"
    );
    assert_eq!(to_move(&game), Player::NORD, "the turn passes");
    assert_eq!(total(&game), 30);
}

#[test]
fn option_first_move_the_first_player_chooses_the_direction_of_the_game() {
    let mut game: Katra = variant_testing::new_game(&[("direction", "first-move")], Player::NORD);
    assert_eq!(
        game.turn(),
        Turn::Decide {
            player: Player::NORD,
            kind: DecisionKind::Direction
        }
    );
    assert_eq!(legal(&game), vec![1, 2]);
    assert_eq!(
        game.prompt().unwrap(),
        "NORD, sens des semis de la partie ? 1 = numéros croissants, 2 = décroissants"
    );
    assert!(game.play(3).unwrap_err().contains("n'est pas un sens"));
    assert_eq!(game.play(2), Ok(Step::Pending));
    assert_eq!(to_move(&game), Player::NORD);
    assert_eq!(game.prompt(), None);
    // NORD sows hole 17 clockwise: 32, then 31 (inner, 3 seeds), which
    // takes the 2 seeds of SUD's hole 10 facing it.
    assert_eq!(gains(game.play(17).unwrap()), [0, 2]);
    assert_eq!(
        &game.seeds()[16..],
        &[0, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3]
    );
    // SUD sows clockwise too: hole 1 into 16, then 15 (3 seeds), taking hole 26.
    assert_eq!(gains(game.play(1).unwrap()), [2, 0]);
    assert_eq!(
        &game.seeds()[..16],
        &[0, 2, 2, 2, 2, 2, 2, 2, 2, 0, 2, 2, 2, 2, 3, 3]
    );
    assert_eq!(game.seeds()[25], 0);
}

#[test]
fn option_resown_captured_seeds_are_sown_on_from_the_capturing_hole() {
    let rules = Rules {
        resow: true,
        ..Rules::SEED
    };
    // Hole 8 sows hole 9 (2 -> 3), taking 2 from hole 32: sown into 10 and 11.
    let mut game = position(
        board(&[(8, 1), (9, 2), (32, 2), (20, 1)]),
        Player::SUD,
        rules,
    );
    assert_eq!(
        gains(game.play(8).unwrap()),
        [0, 0],
        "nothing leaves the board"
    );
    assert_eq!(game.pits, board(&[(9, 3), (10, 1), (11, 1), (20, 1)]));
    assert_eq!(game.scores(), vec![0, 0]);
}

#[test]
fn option_resown_a_resown_sowing_may_capture_again() {
    let rules = Rules {
        resow: true,
        ..Rules::SEED
    };
    // Hole 9 (2 -> 3) takes hole 32 (1), sown into hole 10 (4 -> 5), which
    // takes hole 31 (2), sown into 11 and 12 (empty): the move ends.
    let mut game = position(
        board(&[(8, 1), (9, 2), (10, 4), (32, 1), (31, 2), (20, 1)]),
        Player::SUD,
        rules,
    );
    game.play(8).unwrap();
    assert_eq!(
        game.pits,
        board(&[(9, 3), (10, 5), (11, 1), (12, 1), (20, 1)])
    );
}

#[test]
fn the_game_ends_when_the_player_to_move_has_no_seed_and_seeds_are_counted() {
    // SUD takes NORD's last seeds: NORD cannot move.
    let mut game = position(
        board(&[(8, 1), (9, 2), (32, 2), (1, 4)]),
        Player::SUD,
        seed_rules(),
    );
    game.play(8).unwrap();
    assert_eq!(outcome(&game), Outcome::winner(Player::SUD));
    assert_eq!(game.scores(), vec![2 + 3 + 4, 0]);
    assert_eq!(game.seeds(), vec![0; 32]);
    assert!(game.end_reason().contains("n'a plus de graine"));
}

#[test]
fn the_count_may_favour_the_player_who_cannot_move() {
    let mut game = position(
        board(&[(8, 1), (9, 2), (32, 2), (1, 4)]),
        Player::SUD,
        seed_rules(),
    );
    game.scores = [0, 20];
    game.play(8).unwrap();
    assert_eq!(outcome(&game), Outcome::winner(Player::NORD));
}

#[test]
fn option_no_move_loses_the_player_who_cannot_move_loses() {
    let rules = Rules {
        no_move_loses: true,
        ..Rules::SEED
    };
    let mut game = position(
        board(&[(8, 1), (9, 2), (32, 2), (1, 4)]),
        Player::SUD,
        rules,
    );
    game.scores = [0, 20];
    game.play(8).unwrap();
    assert_eq!(outcome(&game), Outcome::winner(Player::SUD));
    assert!(game.end_reason().contains("perd"));
}

#[test]
fn the_game_ends_when_a_position_repeats_since_the_last_capture() {
    // One seed each, going round without ever meeting anything: SUD's seed
    // in hole 1, NORD's in hole 17; after 16 moves each the board is back.
    let mut game = position(board(&[(1, 1), (17, 1)]), Player::SUD, seed_rules());
    let mut moves = 0;
    while game.ended.is_none() {
        let hole = legal(&game)[0];
        game.play(hole).unwrap();
        moves += 1;
    }
    assert_eq!(moves, 32);
    assert!(game.end_reason().contains("répétée"));
    assert_eq!(game.scores(), vec![1, 1]);
    assert_eq!(outcome(&game), Outcome::DRAW);
}

#[test]
fn both_players_may_agree_to_end_and_keep_their_rows() {
    let mut game = position(board(&[(1, 3), (17, 1)]), Player::SUD, seed_rules());
    game.end_by_agreement().unwrap();
    assert_eq!(game.scores(), vec![3, 1]);
    assert_eq!(outcome(&game), Outcome::winner(Player::SUD));
    assert!(game.play(1).is_err());
}

#[test]
fn conformance_kit_passes() {
    // Its random games last hundreds of decisions: 500 of them play more
    // decisions than 2000 two-row games.
    Conformance::new().games(500).passes::<Katra>();
}

#[test]
fn conformance_kit_passes_with_the_references_rules() {
    Conformance::new()
        .games(500)
        .options(&[
            ("relay", "yes"),
            ("direction", "first-move"),
            ("captured", "resown"),
            ("end", "no-move-loses"),
        ])
        .passes::<Katra>();
}

#[test]
fn conformance_kit_passes_with_relay_taken_seeds_and_skip_start() {
    Conformance::new()
        .games(500)
        .options(&[("relay", "yes"), ("skip-start", "yes")])
        .passes::<Katra>();
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
            resow: bool,
            nord_first: bool,
        ) {
            let first = if nord_first { Player::NORD } else { Player::SUD };
            let rules = Rules { relay, resow, ..Rules::SEED };
            let mut game = position([SEEDS_PER_HOLE; HOLES], first, rules);
            for choice in choices {
                let Some(input) = pick(&game, choice) else {
                    break;
                };
                game.play(input).unwrap();
                prop_assert_eq!(total(&game), 64);
            }
        }
    }
}

#[test]
fn the_rules_text_of_help_names_each_reading_with_its_source() {
    for needle in [
        "Lectures et leurs sources",
        "skip-start=no",
        "Katra.lud",
        "Murray 1951",
        "coup élémentaire de la graine 000",
        "end=no-move-loses : Ludii",
        "règles du projet",
    ] {
        assert!(RULES.contains(needle), "{needle}");
    }
}
