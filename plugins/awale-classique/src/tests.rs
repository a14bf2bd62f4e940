//! One test per rule sentence of seed 003 (« Les règles de l'Awalé ») and
//! per reading chosen where it is silent, named after the rule.

use super::*;
use variant_kit::Outcome;
use variant_kit::{Layout, Variant};
use variant_testing::{assert_names, gains, legal, outcome, to_move, Conformance};

/// A game at `pits` (index `n - 1` is hole `n`) with `to_move` to play.
fn position(pits: [u8; HOLES], to_move: Player) -> AwaleClassique {
    AwaleClassique::from_position(pits, [0, 0], to_move)
}

fn with_scores(mut game: AwaleClassique, scores: [u32; 2]) -> AwaleClassique {
    game.board.scores = scores;
    game
}

fn new_game(grand_slam: &str, first: Player) -> AwaleClassique {
    variant_testing::new_game(&[("grand-slam", grand_slam)], first)
}

#[test]
fn regle_1_the_player_with_more_stones_wins_and_equal_is_a_draw() {
    let mut game = with_scores(new_game("captures", Player::SUD), [10, 0]);
    game.end_by_agreement().unwrap();
    assert_eq!(game.scores(), [34, 24]);
    assert_eq!(outcome(&game), Outcome::winner(Player::SUD));
    let mut game = new_game("captures", Player::SUD);
    game.end_by_agreement().unwrap();
    assert_eq!(outcome(&game), Outcome::DRAW);
}

#[test]
fn regle_2_two_rows_of_six_holes_and_48_stones() {
    let game = new_game("captures", Player::SUD);
    assert_eq!(game.seeds(), vec![4; 12]);
    assert_eq!(game.scores(), [0, 0]);
    assert_eq!(game.layout(), Layout::two_rows(6));
}

#[test]
fn regle_3_the_first_player_is_chosen() {
    for first in [Player::SUD, Player::NORD] {
        assert_eq!(to_move(&new_game("captures", first)), first);
    }
}

#[test]
fn regle_3_a_move_sows_every_stone_of_a_hole_of_ones_row_counterclockwise() {
    let mut game = new_game("captures", Player::NORD);
    // Holes 7 and 8 do not reach SUD's row (rule 4), the others do.
    assert_eq!(legal(&game), [9, 10, 11, 12]);
    assert!(game.play(1).unwrap_err().contains("SUD"));
    game.play(11).unwrap();
    assert_eq!(game.seeds(), [5, 5, 5, 4, 4, 4, 4, 4, 4, 4, 0, 5]);
    assert_eq!(to_move(&game), Player::SUD);
}

#[test]
fn regle_4_one_must_reach_the_opponents_row_if_possible() {
    // The seed's first example: holes 1, 3 and 6 are empty; hole 2 cannot
    // reach the opponent's row, so it may not be played; hole 4 may.
    let pits = [0, 2, 0, 4, 1, 0, 4, 4, 4, 4, 4, 4];
    let mut game = position(pits, Player::SUD);
    assert_eq!(legal(&game), [4]);
    for hole in [2, 5] {
        let refusal = game.play(hole).unwrap_err();
        assert!(
            refusal.contains("n'atteint pas la rangée de NORD"),
            "{refusal}"
        );
    }
    assert!(game.play(1).unwrap_err().contains("vide"));
    assert_eq!(game.seeds(), pits.map(u32::from), "refusals change nothing");
    game.play(4).unwrap();
    assert_eq!(game.seeds(), [0, 2, 0, 0, 2, 1, 5, 5, 4, 4, 4, 4]);
}

#[test]
fn regle_4_when_no_hole_reaches_the_opponents_row_any_hole_may_be_played() {
    let game = position([1, 1, 0, 2, 0, 0, 4, 4, 4, 4, 4, 4], Player::SUD);
    assert_eq!(legal(&game), [1, 2, 4]);
}

#[test]
fn regle_4_a_last_stone_making_2_or_3_in_the_opponents_row_captures() {
    // The seed's example « La capture »: 3 stones in hole 4, 1 in 5 and 1
    // in 6; hole 4 reaches the opponent's first hole (7), which holds 2.
    let pits = [0, 0, 0, 3, 1, 1, 1, 0, 2, 0, 4, 0];
    let mut game = position(pits, Player::SUD);
    assert_eq!(gains(game.play(4).unwrap()), [2, 0]);
    assert_eq!(game.seeds(), [0, 0, 0, 0, 2, 2, 0, 0, 2, 0, 4, 0]);
}

#[test]
fn regle_4_other_counts_and_ones_own_row_capture_nothing() {
    // Hole 7 goes from 3 to 4.
    let mut game = position([0, 0, 0, 3, 1, 1, 3, 0, 2, 0, 4, 0], Player::SUD);
    assert_eq!(gains(game.play(4).unwrap()), [0, 0]);
    // No hole of NORD reaches SUD's row: hole 7 sows hole 8, its own, 1 -> 2.
    let mut game = position([4, 4, 4, 4, 4, 4, 1, 1, 0, 0, 0, 0], Player::NORD);
    assert_eq!(legal(&game), [7, 8]);
    assert_eq!(gains(game.play(7).unwrap()), [0, 0]);
    assert_eq!(game.seeds()[7], 2);
}

#[test]
fn regle_5_the_preceding_holes_of_2_or_3_are_captured_too() {
    // The seed's example « La capture multiple »: hole 4 reaches the
    // opponent's third hole (9), which holds 2; the hole before holds 2 and
    // the one before that 3: 7 stones. Hole 10, after the last one, holds 2
    // and stays: the capture goes backward only.
    let pits = [0, 0, 0, 5, 0, 0, 2, 1, 1, 2, 3, 5];
    let mut game = position(pits, Player::SUD);
    assert_eq!(gains(game.play(4).unwrap()), [7, 0]);
    assert_eq!(game.seeds(), [0, 0, 0, 0, 1, 1, 0, 0, 0, 2, 3, 5]);
}

#[test]
fn regle_5_the_multiple_capture_stops_at_another_count_or_the_rows_start() {
    // Hole 6 (3 stones) sows 7, 8, 9: 9 holds 2 then, 8 holds 1: only 9.
    let mut game = position([1, 0, 0, 0, 0, 3, 4, 0, 1, 0, 0, 0], Player::SUD);
    assert_eq!(gains(game.play(6).unwrap()), [2, 0]);
    // NORD's hole 12 (2 stones) sows 1 and 2, making 3 and 2: both taken,
    // and the capture stops at SUD's first hole.
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
    assert_eq!(
        seeds.iter().sum::<u32>() + game.scores().iter().sum::<u32>(),
        27
    );
}

#[test]
fn regle_7_the_game_ends_when_a_player_has_no_stone_in_their_row() {
    // SUD sows its last stones into NORD's row: SUD's row is empty.
    let mut game = position([0, 0, 0, 0, 0, 2, 4, 4, 0, 0, 0, 0], Player::SUD);
    game.play(6).unwrap();
    assert_eq!(game.end_reason(), SUD_EMPTY);
    assert_eq!(game.scores(), [0, 10], "each takes the stones of their row");
    assert_eq!(game.seeds(), [0; 12]);
    assert_eq!(outcome(&game), Outcome::winner(Player::NORD));
}

#[test]
fn regle_7_the_game_ends_when_a_player_has_taken_more_than_24_stones() {
    let pits = [0, 0, 0, 3, 1, 1, 1, 0, 2, 0, 4, 0];
    let mut game = with_scores(position(pits, Player::SUD), [23, 10]);
    game.play(4).unwrap();
    assert_eq!(game.end_reason(), ABOVE_24);
    assert_eq!(game.scores(), [25 + 4, 10 + 6]);
    assert_eq!(outcome(&game), Outcome::winner(Player::SUD));
    // 24 is not above 24: the game goes on.
    let mut game = with_scores(position(pits, Player::SUD), [22, 10]);
    game.play(4).unwrap();
    assert_eq!(to_move(&game), Player::NORD);
}

#[test]
fn regle_7_the_game_ends_when_no_hole_holds_more_than_one_stone() {
    // Hole 6 (2 stones) sows the empty holes 7 and 8: every hole holds 0 or 1.
    let pits = [1, 0, 0, 0, 0, 2, 0, 0, 1, 0, 0, 0];
    let mut game = position(pits, Player::SUD);
    game.play(6).unwrap();
    assert_eq!(game.end_reason(), SINGLES);
    assert_eq!(game.scores(), [1, 3]);
    assert_eq!(outcome(&game), Outcome::winner(Player::NORD));
}

#[test]
fn reading_a_grand_slam_captures_by_default_and_the_empty_row_ends_the_game() {
    // Hole 6 sows 7 (1 -> 2) and 8 (2 -> 3): NORD's whole row, 5 stones.
    let pits = [1, 0, 0, 0, 0, 2, 1, 2, 0, 0, 0, 0];
    let mut game = position(pits, Player::SUD);
    assert_eq!(gains(game.play(6).unwrap()), [5, 0]);
    assert_eq!(game.end_reason(), NORD_EMPTY);
    assert_eq!(game.scores(), [6, 0]);
}

#[test]
fn reading_with_grand_slam_no_capture_the_move_stands_and_takes_nothing() {
    let pits = [1, 0, 0, 0, 0, 2, 1, 2, 0, 0, 0, 0];
    let mut game = position(pits, Player::SUD);
    game.grand_slam = GrandSlam::NoCapture;
    assert_eq!(gains(game.play(6).unwrap()), [0, 0]);
    assert_eq!(game.seeds(), [1, 0, 0, 0, 0, 0, 2, 3, 0, 0, 0, 0]);
    assert_eq!(to_move(&game), Player::NORD);
}

#[test]
fn reading_the_grand_slam_option_is_read_from_the_command_line() {
    assert_eq!(
        new_game("captures", Player::SUD).grand_slam,
        GrandSlam::Captures
    );
    assert_eq!(
        new_game("No-Capture", Player::SUD).grand_slam,
        GrandSlam::NoCapture
    );
}

#[test]
fn reading_a_position_that_comes_back_since_the_last_capture_ends_the_game() {
    // Six stones going round without a capture; the 20th move brings back a
    // position met before.
    let pits = [1, 0, 0, 1, 0, 0, 0, 1, 0, 2, 1, 0];
    let moves = [
        1, 11, 2, 12, 3, 10, 1, 12, 1, 11, 4, 12, 6, 7, 5, 8, 6, 9, 2, 7,
    ];
    let mut game = position(pits, Player::SUD);
    let mut seen = vec![(game.board.pits, game.board.to_move)];
    for (count, &hole) in moves.iter().enumerate() {
        assert!(
            game.board.ending().is_none(),
            "over before move {}",
            count + 1
        );
        assert_eq!(gains(game.play(hole).unwrap()), [0, 0]);
        let key = (game.board.pits, game.board.to_move);
        if count + 1 < moves.len() {
            assert!(!seen.contains(&key));
            seen.push(key);
        }
    }
    assert_eq!(game.end_reason(), REPEATED);
    assert_eq!(game.scores(), [3, 3], "each takes their row");
    assert_eq!(outcome(&game), Outcome::DRAW);
}

#[test]
fn reading_a_capture_forgets_the_positions_seen_before() {
    let mut game = position([0, 0, 0, 3, 1, 1, 1, 0, 2, 0, 4, 0], Player::SUD);
    game.play(4).unwrap();
    assert_eq!(
        game.board.history.len(),
        1,
        "only the position after the capture"
    );
}

#[test]
fn reading_entering_0_ends_the_game_and_each_takes_their_row() {
    let mut game = new_game("captures", Player::SUD);
    game.play(3).unwrap(); // 3 -> 4, 5, 6, 7: SUD's row holds 23, NORD's 25.
    game.end_by_agreement().unwrap();
    assert_eq!(game.seeds(), [0; 12]);
    assert_eq!(game.scores(), [23, 25]);
    assert_eq!(game.end_reason(), AGREEMENT);
    assert!(game.end_by_agreement().is_err());
    assert!(legal(&game).is_empty());
}

#[test]
fn title_and_article() {
    assert_names::<AwaleClassique>("awale-classique", "Awalé classique", "d'Awalé classique");
    let description = AwaleClassique::describe();
    assert!(description.agreement_ends_game);
}

#[test]
fn conformance_kit_passes() {
    Conformance::new().passes::<AwaleClassique>();
}

#[test]
fn conformance_kit_passes_without_grand_slam_captures() {
    Conformance::new()
        .options(&[("grand-slam", "no-capture")])
        .passes::<AwaleClassique>();
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Stones are never created or lost, the sown hole ends empty, and
        /// a move that does not reach the opponent's row is played only
        /// when none does.
        #[test]
        fn stones_are_conserved_and_moves_reach_when_they_can(
            choices in proptest::collection::vec(any::<usize>(), 0..300),
            no_capture: bool,
            nord_first: bool,
        ) {
            let grand_slam = if no_capture { "no-capture" } else { "captures" };
            let first = if nord_first { Player::NORD } else { Player::SUD };
            let mut game = new_game(grand_slam, first);
            for choice in choices {
                let legal = legal(&game);
                if legal.is_empty() {
                    break;
                }
                let hole = legal[choice % legal.len()];
                let pit = hole as usize - 1;
                prop_assert!(game.reaches_opponent(pit) || !game.some_move_reaches());
                game.play(hole).unwrap();
                let total: u32 = game.seeds().iter().chain(game.scores()).sum();
                prop_assert_eq!(total, 48);
                prop_assert_eq!(game.seeds()[pit], 0);
            }
        }
    }
}
