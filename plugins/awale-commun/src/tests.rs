//! One test per rule sentence of seed 001 (« Awalé commun ») and per reading
//! chosen where it is silent, named after the rule.

use super::*;
use variant_kit::{Layout, Outcome, Turn, Variant};
use variant_testing::{assert_names, gains, legal, outcome, to_move, Conformance};

/// A game at `pits` (index `n - 1` is hole `n`) with `to_move` to play.
fn position(pits: [u8; HOLES], to_move: Player) -> AwaleCommun {
    AwaleCommun::from_position(pits, [0, 0], to_move)
}

fn with_scores(mut game: AwaleCommun, scores: [u32; 2]) -> AwaleCommun {
    game.board.scores = scores;
    game
}

fn new_game(first: Player) -> AwaleCommun {
    variant_testing::new_game(&[], first)
}

#[test]
fn regle_1_the_player_with_more_seeds_wins_and_equal_is_a_draw() {
    let mut game = with_scores(new_game(Player::SUD), [20, 10]);
    game.end_by_agreement().unwrap();
    assert_eq!(outcome(&game), Outcome::winner(Player::SUD));
    let mut game = with_scores(new_game(Player::SUD), [7, 7]);
    game.end_by_agreement().unwrap();
    assert_eq!(outcome(&game), Outcome::DRAW);
}

#[test]
fn regle_2_two_rows_of_six_holes_and_48_seeds() {
    let game = new_game(Player::SUD);
    assert_eq!(game.seeds(), vec![4; 12]);
    assert_eq!(game.scores(), [0, 0]);
    assert_eq!(game.layout(), Layout::two_rows(6));
}

#[test]
fn regle_3_the_first_player_is_chosen() {
    for first in [Player::SUD, Player::NORD] {
        assert_eq!(to_move(&new_game(first)), first);
    }
}

#[test]
fn regle_3_a_move_takes_a_non_empty_hole_of_ones_own_row() {
    let mut pits = [4; HOLES];
    pits[2] = 0;
    let mut game = position(pits, Player::SUD);
    assert_eq!(legal(&game), [1, 2, 4, 5, 6]);
    assert!(game.play(3).unwrap_err().contains("vide"));
    assert!(game.play(7).unwrap_err().contains("NORD"));
    assert!(game.play(13).unwrap_err().contains("n'est pas un trou"));
    assert_eq!(game.seeds(), pits.map(u32::from));
    assert_eq!(
        legal(&position([4; HOLES], Player::NORD)),
        [7, 8, 9, 10, 11, 12]
    );
}

#[test]
fn regle_3_the_seeds_are_sown_one_by_one_counterclockwise() {
    let mut game = new_game(Player::NORD);
    game.play(11).unwrap();
    assert_eq!(game.seeds(), [5, 5, 5, 4, 4, 4, 4, 4, 4, 4, 0, 5]);
    assert_eq!(to_move(&game), Player::SUD, "then the other player plays");
}

#[test]
fn regle_4_a_last_seed_making_2_or_3_in_the_opponents_row_captures() {
    // The seed's example « Une capture »: 3 seeds in hole 4, 1 in 5, 1 in 6;
    // hole 4 reaches the opponent's first hole (7), which then holds 2.
    let pits = [0, 0, 0, 3, 1, 1, 1, 0, 2, 0, 4, 0];
    let mut game = position(pits, Player::SUD);
    assert_eq!(gains(game.play(4).unwrap()), [2, 0]);
    assert_eq!(game.seeds(), [0, 0, 0, 0, 2, 2, 0, 0, 2, 0, 4, 0]);
    assert_eq!(game.scores(), [2, 0]);
}

#[test]
fn regle_4_other_counts_and_ones_own_row_capture_nothing() {
    // Hole 7 goes from 3 to 4: nothing.
    let mut game = position([0, 0, 0, 3, 1, 1, 3, 0, 2, 0, 4, 0], Player::SUD);
    assert_eq!(gains(game.play(4).unwrap()), [0, 0]);
    // Hole 5 (SUD's own) goes from 1 to 2: nothing.
    let mut game = position([0, 0, 0, 1, 1, 0, 3, 0, 2, 0, 4, 0], Player::SUD);
    assert_eq!(gains(game.play(4).unwrap()), [0, 0]);
}

#[test]
fn regle_5_the_preceding_holes_of_2_or_3_are_captured_too() {
    // The seed's example « Une capture multiple »: hole 4 reaches the
    // opponent's third hole (9), which holds 2; the hole before holds 2 and
    // the one before that 3: 7 seeds. Hole 10, after the last one, holds 2
    // and stays: the capture goes backward only.
    let pits = [0, 0, 0, 5, 0, 0, 2, 1, 1, 2, 3, 5];
    let mut game = position(pits, Player::SUD);
    assert_eq!(gains(game.play(4).unwrap()), [7, 0]);
    assert_eq!(game.seeds(), [0, 0, 0, 0, 1, 1, 0, 0, 0, 2, 3, 5]);
}

#[test]
fn regle_5_the_multiple_capture_stops_at_another_count_or_the_rows_start() {
    // Hole 6 (3 seeds) sows 7, 8, 9: 9 holds 2 then, 8 holds 1: only 9.
    let mut game = position([1, 0, 0, 0, 0, 3, 4, 0, 1, 0, 0, 0], Player::SUD);
    assert_eq!(gains(game.play(6).unwrap()), [2, 0]);
    // NORD's hole 12 (2 seeds) sows 1 and 2, making 3 and 2: both taken, and
    // the capture stops at SUD's first hole (12, before it, is NORD's own).
    let mut game = position([2, 1, 4, 0, 0, 0, 0, 0, 0, 0, 3, 2], Player::NORD);
    assert_eq!(gains(game.play(12).unwrap()), [0, 5]);
    assert_eq!(game.seeds(), [0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 3, 0]);
}

#[test]
fn regle_6_a_sowing_round_the_board_skips_its_starting_hole() {
    let mut pits = [0; HOLES];
    pits[0] = 23; // 11 holes, 11 holes, then hole 2 once more
    pits[8] = 4;
    let mut game = position(pits, Player::SUD);
    game.play(1).unwrap();
    let seeds = game.seeds();
    assert_eq!(seeds[0], 0, "the starting hole stays empty");
    assert_eq!(seeds[1], 3);
    assert_eq!(seeds.iter().sum::<u32>(), 27);
}

#[test]
fn regle_7_a_move_that_would_take_every_seed_of_the_opponents_row_is_forbidden() {
    // Hole 6 would make 2 in hole 7, NORD's only seeds: forbidden.
    let pits = [0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0];
    let mut game = position(pits, Player::SUD);
    assert_eq!(legal(&game), [5]);
    let refusal = game.play(6).unwrap_err();
    assert!(refusal.contains("affamer"), "{refusal}");
    assert_eq!(
        game.seeds(),
        pits.map(u32::from),
        "a refusal changes nothing"
    );
    assert!(game.play(5).is_ok());
}

#[test]
fn regle_7_a_capture_of_all_but_some_seeds_of_the_row_is_allowed() {
    // Hole 6 (2 seeds) sows 7 (0 -> 1) and 8 (1 -> 2): 8 is taken, the seed
    // just sown in 7 stays, so the row is not emptied.
    let mut game = position([0, 0, 0, 0, 0, 2, 0, 1, 0, 0, 0, 0], Player::SUD);
    assert_eq!(legal(&game), [6]);
    assert_eq!(gains(game.play(6).unwrap()), [2, 0]);
    assert_eq!(game.seeds(), [0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0]);
}

#[test]
fn regle_7_there_is_no_duty_to_feed_an_empty_row() {
    // NORD's row is empty; SUD's hole 1 does not reach it and is allowed.
    let game = position([1, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0], Player::SUD);
    assert_eq!(legal(&game), [1, 6]);
}

#[test]
fn regle_8_a_player_without_seeds_cannot_play_and_the_opponent_captures_the_rest() {
    let mut game = with_scores(
        position([1, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0], Player::SUD),
        [20, 25],
    );
    assert_eq!(gains(game.play(1).unwrap()), [0, 0]);
    assert_eq!(game.seeds(), [0; 12]);
    assert_eq!(game.scores(), [23, 25]);
    assert_eq!(outcome(&game), Outcome::winner(Player::NORD));
    assert_eq!(game.end_reason(), NORD_EMPTY);
}

#[test]
fn regle_8_only_the_player_to_move_with_an_empty_row_ends_the_game() {
    // SUD sows its last seed into NORD's row: NORD still plays.
    let mut game = position([0, 0, 0, 0, 0, 1, 0, 0, 3, 0, 0, 0], Player::SUD);
    game.play(6).unwrap();
    assert_eq!(to_move(&game), Player::NORD);
    // NORD does not feed SUD: SUD cannot play, NORD captures the rest.
    game.play(7).unwrap();
    assert_eq!(game.scores(), [0, 4]);
    assert_eq!(game.end_reason(), SUD_EMPTY);
}

#[test]
fn regle_8_a_loop_ends_the_game_and_nobody_captures_the_rest() {
    // Two single seeds that never make 2 or 3 where the last one falls:
    // each player plays their highest hole, and the seeds go round.
    let pits = [1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0];
    let mut game = with_scores(position(pits, Player::SUD), [21, 25]);
    let mut seen = vec![(game.board.pits, Player::SUD)];
    for moves in 1.. {
        assert!(moves < 100, "the loop rule must end this game");
        let hole = *legal(&game).last().unwrap();
        assert_eq!(gains(game.play(hole).unwrap()), [0, 0]);
        let key = (game.board.pits, game.board.to_move);
        if let Turn::Over(result) = game.turn() {
            assert!(
                seen.contains(&key),
                "the game ends when a position comes back"
            );
            assert_eq!(game.end_reason(), LOOP);
            assert_eq!(game.seeds().iter().sum::<u32>(), 2, "the seeds left stay");
            assert_eq!(game.scores(), [21, 25], "and count for nobody");
            assert_eq!(result, Outcome::winner(Player::NORD));
            return;
        }
        assert!(!seen.contains(&key));
        seen.push(key);
    }
}

#[test]
fn regle_8_a_capture_forgets_the_positions_seen_before() {
    let mut game = position([0, 0, 0, 3, 1, 1, 1, 0, 2, 0, 4, 0], Player::SUD);
    game.play(4).unwrap();
    assert_eq!(
        game.board.history.len(),
        1,
        "only the position after the capture"
    );
}

#[test]
fn reading_a_player_whose_every_move_would_starve_cannot_play_and_each_takes_their_row() {
    // NORD sows hole 12 into SUD's hole 1 (6 seeds then). SUD's hole 1
    // would reach hole 7 and hole 6 too, each making 2 there: NORD's whole
    // row. SUD cannot play; each takes their row.
    let pits = [5, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 1];
    let mut game = with_scores(position(pits, Player::NORD), [10, 20]);
    game.play(12).unwrap();
    assert_eq!(game.scores(), [10 + 7, 20 + 1]);
    assert_eq!(game.seeds(), [0; 12]);
    assert_eq!(outcome(&game), Outcome::winner(Player::NORD));
    assert_eq!(game.end_reason(), SUD_STARVES);
}

#[test]
fn reading_entering_0_means_the_game_loops_and_nobody_takes_the_rest() {
    let mut game = new_game(Player::SUD);
    game.play(3).unwrap();
    game.end_by_agreement().unwrap();
    assert_eq!(game.seeds().iter().sum::<u32>(), 48, "the seeds stay");
    assert_eq!(game.scores(), [0, 0]);
    assert_eq!(outcome(&game), Outcome::DRAW);
    assert_eq!(game.end_reason(), AGREEMENT);
    assert!(game.end_by_agreement().is_err());
    assert!(legal(&game).is_empty());
}

#[test]
fn reading_no_end_on_a_score_above_24() {
    let mut game = with_scores(
        position([0, 0, 0, 3, 1, 1, 1, 0, 2, 0, 4, 0], Player::SUD),
        [24, 0],
    );
    game.play(4).unwrap();
    assert_eq!(game.scores(), [26, 0]);
    assert_eq!(to_move(&game), Player::NORD, "the game goes on");
}

#[test]
fn title_and_article() {
    assert_names::<AwaleCommun>("awale-commun", "Awalé commun", "d'Awalé commun");
    let description = AwaleCommun::describe();
    assert!(description.agreement_ends_game);
    assert!(description.rules.contains("affamer"));
}

#[test]
fn conformance_kit_passes() {
    Conformance::new().passes::<AwaleCommun>();
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Seeds are never created or lost, the sown hole ends empty, and no
        /// accepted move empties the opponent's row by a capture.
        #[test]
        fn seeds_are_conserved_and_no_move_starves(
            choices in proptest::collection::vec(any::<usize>(), 0..300),
            nord_first: bool,
        ) {
            let first = if nord_first { Player::NORD } else { Player::SUD };
            let mut game = new_game(first);
            for choice in choices {
                let legal = legal(&game);
                if legal.is_empty() {
                    break;
                }
                let hole = legal[choice % legal.len()];
                let mover = to_move(&game);
                let step = game.play(hole).unwrap();
                let total: u32 = game.seeds().iter().chain(game.scores()).sum();
                prop_assert_eq!(total, 48);
                if gains(step)[mover.index()] > 0 && game.board.ending().is_none() {
                    prop_assert!(BOARD.row_seeds(&game.board.pits, mover.opponent()) > 0);
                }
                prop_assert_eq!(game.seeds()[hole as usize - 1], 0);
            }
        }
    }
}

#[test]
fn level_4_judges_a_board_by_the_familys_weights() {
    // docs/decisions.md: 96 % against the seeds taken alone at 0.1 s a move.
    let pits = [3, 0, 7, 1, 2, 14, 0, 5, 2, 1, 6, 4];
    let game = AwaleCommun::from_position(pits, [2, 1], Player::NORD);
    let holes = variant_kit::evaluation::holes_value(&pits, Player::NORD);
    assert_ne!(holes, 0);
    assert_eq!(game.evaluate(Player::NORD), -100 + holes);
    assert_eq!(game.evaluate(Player::SUD), 100 - holes);
}
