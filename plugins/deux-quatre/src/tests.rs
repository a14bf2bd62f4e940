//! One test per rule sentence of seed 003 (« Les règles du 2-4 », and the
//! classic rules it keeps) and per reading chosen where it is silent.

use super::*;
use variant_kit::Outcome;
use variant_kit::{Layout, Variant};
use variant_testing::{assert_names, gains, legal, outcome, to_move, Conformance};

/// A game at `pits` (index `n - 1` is hole `n`) with `to_move` to play,
/// with the default options.
fn position(pits: [u8; HOLES], to_move: Player) -> DeuxQuatre {
    DeuxQuatre::from_position(pits, [0, 0], to_move)
}

fn with_scores(mut game: DeuxQuatre, scores: [u32; 2]) -> DeuxQuatre {
    game.board.scores = scores;
    game
}

fn new_game(options: &[(&str, &str)], first: Player) -> DeuxQuatre {
    variant_testing::new_game(options, first)
}

#[test]
fn the_board_and_the_stones_are_those_of_classic_awale() {
    let game = new_game(&[], Player::SUD);
    assert_eq!(game.seeds(), vec![4; 12]);
    assert_eq!(game.scores(), [0, 0]);
    assert_eq!(game.layout(), Layout::two_rows(6));
    for first in [Player::SUD, Player::NORD] {
        assert_eq!(to_move(&new_game(&[], first)), first);
    }
}

#[test]
fn one_stone_is_left_in_the_starting_hole() {
    // Hole 4 (3 stones): one stays, 5 and 6 get one each; 6 was empty.
    let mut game = position([0, 0, 0, 3, 0, 0, 0, 0, 2, 2, 0, 0], Player::SUD);
    assert_eq!(gains(game.play(4).unwrap()), [0, 0]);
    assert_eq!(game.seeds(), [0, 0, 0, 1, 1, 1, 0, 0, 2, 2, 0, 0]);
    assert_eq!(to_move(&game), Player::NORD);
}

#[test]
fn only_a_hole_of_at_least_two_stones_may_be_played() {
    let pits = [1, 2, 0, 0, 0, 1, 0, 0, 2, 2, 0, 0];
    let mut game = position(pits, Player::SUD);
    assert_eq!(legal(&game), [2]);
    for hole in [1, 6] {
        let refusal = game.play(hole).unwrap_err();
        assert!(refusal.contains("qu'une pierre"), "{refusal}");
    }
    assert!(game.play(3).unwrap_err().contains("vide"));
    assert!(game.play(9).unwrap_err().contains("NORD"));
    assert_eq!(game.seeds(), pits.map(u32::from), "refusals change nothing");
}

#[test]
fn a_sowing_round_the_board_skips_its_starting_hole() {
    // Hole 1 (19 stones): one stays, 18 are sown: 2 to 12, then 2 to 8,
    // skipping hole 1. Hole 8 held 1 before the last stone: 8 and 7 (2
    // each) are taken.
    let mut pits = [0; HOLES];
    pits[0] = 19;
    pits[9] = 4;
    let mut game = position(pits, Player::SUD);
    assert_eq!(gains(game.play(1).unwrap()), [4, 0]);
    assert_eq!(game.seeds(), [1, 2, 2, 2, 2, 2, 0, 0, 1, 5, 1, 1]);
}

#[test]
fn a_last_stone_in_a_hole_of_1_or_3_of_the_opponent_captures_its_2_or_4() {
    // Hole 6 (2 stones) sows one stone, into 7.
    for (before, taken) in [(1, 2), (3, 4)] {
        let mut game = position([0, 0, 0, 0, 0, 2, before, 0, 0, 0, 0, 3], Player::SUD);
        assert_eq!(gains(game.play(6).unwrap()), [taken, 0]);
        assert_eq!(game.seeds(), [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 3]);
        assert_eq!(to_move(&game), Player::NORD, "a capture ends the move");
    }
}

#[test]
fn the_holes_before_of_2_or_4_are_captured_too() {
    // Hole 6 (4 stones) sows 7 (1 -> 2), 8 (3 -> 4) and 9 (1 -> 2): all
    // three are taken, 8 stones; 10 (after the last) keeps its 2.
    let mut game = position([0, 0, 0, 0, 0, 4, 1, 3, 1, 2, 0, 5], Player::SUD);
    assert_eq!(gains(game.play(6).unwrap()), [8, 0]);
    assert_eq!(game.seeds(), [0, 0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 5]);
    // 8 goes from 2 to 3: the capture stops there, 7 (2) stays.
    let mut game = position([0, 0, 0, 0, 0, 4, 1, 2, 1, 2, 0, 5], Player::SUD);
    assert_eq!(gains(game.play(6).unwrap()), [2, 0]);
    assert_eq!(game.seeds(), [0, 0, 0, 0, 0, 1, 2, 3, 0, 2, 0, 5]);
}

#[test]
fn the_move_goes_on_from_the_hole_of_the_last_stone_in_either_row() {
    // Hole 6 (2) sows 7, 2 -> 3: no capture, so the player sows on from 7,
    // NORD's hole, leaving one stone there: 8 and 9, which was empty.
    let mut game = position([0, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0, 3], Player::SUD);
    assert_eq!(gains(game.play(6).unwrap()), [0, 0]);
    assert_eq!(game.seeds(), [0, 0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 3]);
    assert_eq!(to_move(&game), Player::NORD);
}

#[test]
fn a_relay_from_ones_own_row_may_capture() {
    // Hole 4 (3) sows 5 (0 -> 1) and 6 (1 -> 2): SUD's own hole, no
    // capture there; the move goes on from 6, whose one stone sown makes
    // 7 hold 2: taken.
    let mut game = position([0, 0, 0, 3, 0, 1, 1, 0, 0, 0, 0, 3], Player::SUD);
    assert_eq!(gains(game.play(4).unwrap()), [2, 0]);
    assert_eq!(game.seeds(), [0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0, 3]);
}

#[test]
fn reading_capture_side_both_captures_in_ones_own_row_too() {
    let mut game = position([0, 0, 0, 3, 0, 1, 1, 0, 0, 0, 0, 3], Player::SUD);
    game.capture_side = CaptureSide::Both;
    assert_eq!(gains(game.play(4).unwrap()), [2, 0]);
    assert_eq!(game.seeds(), [0, 0, 0, 1, 1, 0, 1, 0, 0, 0, 0, 3]);
    let options = [("capture-side", "BOTH")];
    assert_eq!(
        new_game(&options, Player::SUD).capture_side,
        CaptureSide::Both
    );
    assert_eq!(
        new_game(&[], Player::SUD).capture_side,
        CaptureSide::Opponent
    );
}

#[test]
fn reading_one_must_reach_the_opponents_row_if_possible() {
    // Hole 2 (3) sows 3 and 4; hole 6 (3) sows 7 and 8: only 6 reaches.
    let pits = [0, 3, 0, 0, 0, 3, 0, 0, 2, 0, 0, 0];
    let mut game = position(pits, Player::SUD);
    assert_eq!(legal(&game), [6]);
    let refusal = game.play(2).unwrap_err();
    assert!(
        refusal.contains("n'atteint pas la rangée de NORD"),
        "{refusal}"
    );
    // When no hole reaches it, any hole of 2 or more may be played.
    let game = position([0, 3, 2, 0, 0, 0, 0, 0, 2, 0, 0, 0], Player::SUD);
    assert_eq!(legal(&game), [2, 3]);
    // must-reach=no lifts the rule.
    let mut game = position(pits, Player::SUD);
    game.must_reach = false;
    assert_eq!(legal(&game), [2, 6]);
    assert!(!new_game(&[("must-reach", "no")], Player::SUD).must_reach);
    assert!(new_game(&[], Player::SUD).must_reach);
}

#[test]
fn reading_a_relay_that_would_loop_for_ever_stops_at_the_start_of_its_loop() {
    // From hole 6, the chain of relays reaches a state (the seeds below,
    // hole 5 to sow) that comes back after some sowings, for ever.
    let pits = [0, 1, 4, 1, 2, 3, 1, 9, 4, 3, 2, 5];
    let looping = [1, 2, 5, 2, 3, 1, 2, 1, 5, 4, 3, 6];
    let mut game = position(pits, Player::SUD);
    assert_eq!(gains(game.play(6).unwrap()), [0, 0]);
    assert_eq!(
        game.seeds(),
        looping.map(u32::from),
        "the stones stay there"
    );
    assert_eq!(to_move(&game), Player::NORD, "the turn passes");
    // That state does loop: its sowings lead back to it, never ending.
    let start = State {
        pits: looping,
        hole: 4,
    };
    let mut state = start;
    for sowings in 1.. {
        assert!(sowings < 10_000, "the chain never comes back");
        match game_to(Player::SUD).sow_once(state) {
            Link::Next(next) => state = next,
            Link::End(_) => panic!("the chain ended"),
        }
        if state == start {
            break;
        }
    }
}

#[test]
fn reading_a_move_that_starts_on_its_own_endless_loop_changes_nothing() {
    // The looping state above, SUD to play hole 5: the chain from there is
    // the loop itself, so the move stops where it started, the stones as
    // they were, and the turn passes.
    let looping = [1, 2, 5, 2, 3, 1, 2, 1, 5, 4, 3, 6];
    let mut game = position(looping, Player::SUD);
    assert!(legal(&game).contains(&5));
    assert_eq!(gains(game.play(5).unwrap()), [0, 0]);
    assert_eq!(game.seeds(), looping.map(u32::from));
    assert_eq!(to_move(&game), Player::NORD);
    assert!(game.board.ending().is_none(), "NORD's position is new");
}

#[test]
fn reading_two_endless_relays_bring_the_position_back_and_end_the_game() {
    // Both rules no random game reached, played: from this position SUD's
    // hole 2 and NORD's hole 12 each start a chain of relays that comes
    // back to where it started, for ever. Each move therefore stops at once
    // (the stones as they were, the turn passes), and SUD is to move again
    // in the position of the start: the game ends, each takes their row.
    let pits = [6, 7, 3, 7, 2, 1, 4, 5, 2, 1, 2, 3];
    for (mover, hole) in [(Player::SUD, 2), (Player::NORD, 12)] {
        let start = State {
            pits,
            hole: hole - 1,
        };
        let chain = chain::follow(start, |state| game_to(mover).sow_once(state));
        assert!(
            matches!(chain, Chain::Loops(first) if first == start),
            "hole {hole} loops from its start"
        );
    }
    let mut game = position(pits, Player::SUD);
    assert_eq!(legal(&game), [2, 4]);
    assert_eq!(gains(game.play(2).unwrap()), [0, 0]);
    assert_eq!(
        game.seeds(),
        pits.map(u32::from),
        "the relay stopped at once"
    );
    assert_eq!(to_move(&game), Player::NORD);
    assert!(
        game.board.ending().is_none(),
        "NORD to move is a new position"
    );
    assert_eq!(legal(&game), [12]);
    assert_eq!(gains(game.play(12).unwrap()), [0, 0]);
    assert_eq!(game.end_reason(), REPEATED);
    assert_eq!(game.scores(), [26, 17], "each takes their row");
    assert_eq!(game.seeds(), [0; 12]);
    assert_eq!(outcome(&game), Outcome::winner(Player::SUD));
}

/// A game whose mover is `player`, to follow chains on any board.
fn game_to(player: Player) -> DeuxQuatre {
    position([0; HOLES], player)
}

#[test]
fn a_player_who_cannot_play_passes_and_the_other_plays_again() {
    // SUD must play 6 (it reaches 7); NORD is then left with holes of one
    // stone: NORD passes and SUD plays again, hole 1.
    let mut game = position([2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 1], Player::SUD);
    assert_eq!(gains(game.play(6).unwrap()), [0, 0]);
    assert_eq!(game.seeds(), [2, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 1]);
    assert_eq!(to_move(&game), Player::SUD);
    assert_eq!(legal(&game), [1]);
    let prompt = game.prompt().unwrap();
    assert!(
        prompt.starts_with("NORD ne peut pas jouer : SUD rejoue ("),
        "{prompt}"
    );
    assert!(
        prompt.contains("(1, ou 0 pour finir d'un commun accord)"),
        "{prompt}"
    );
    assert!(!prompt.contains('\n'));
    // No explanation is needed when the turn simply passes.
    assert_eq!(position([4; HOLES], Player::SUD).prompt(), None);
}

#[test]
fn the_game_ends_when_nobody_can_play_and_each_takes_their_row() {
    // After hole 6, no hole holds more than one stone.
    let mut game = position([0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 1], Player::SUD);
    game.play(6).unwrap();
    assert_eq!(game.end_reason(), NOBODY_PLAYS);
    assert_eq!(game.scores(), [1, 2]);
    assert_eq!(game.seeds(), [0; 12]);
    assert_eq!(outcome(&game), Outcome::winner(Player::NORD));
}

#[test]
fn the_game_ends_when_a_player_has_taken_more_than_24_stones() {
    let pits = [0, 0, 0, 0, 0, 2, 1, 0, 0, 0, 0, 3];
    let mut game = with_scores(position(pits, Player::SUD), [23, 10]);
    game.play(6).unwrap();
    assert_eq!(game.end_reason(), ABOVE_24);
    assert_eq!(game.scores(), [25 + 1, 10 + 3]);
    assert_eq!(outcome(&game), Outcome::winner(Player::SUD));
    let mut game = with_scores(position(pits, Player::SUD), [22, 10]);
    game.play(6).unwrap();
    assert_eq!(to_move(&game), Player::NORD, "24 is not above 24");
}

#[test]
fn reading_a_position_met_again_since_the_last_capture_ends_the_game() {
    // The position SUD's move reaches has been met before (it is put in the
    // memory by hand): the game ends and each takes their row.
    let pits = [0, 0, 0, 3, 0, 0, 0, 0, 2, 2, 0, 0];
    let reached = [0, 0, 0, 1, 1, 1, 0, 0, 2, 2, 0, 0];
    let mut game = position(pits, Player::SUD);
    game.board.history.repeats(&reached, Player::NORD);
    game.play(4).unwrap();
    assert_eq!(game.end_reason(), REPEATED);
    assert_eq!(game.scores(), [3, 4]);
    // Without that memory the game goes on.
    let mut game = position(pits, Player::SUD);
    game.play(4).unwrap();
    assert_eq!(to_move(&game), Player::NORD);
    // A capture forgets the positions met before.
    let mut game = position([0, 0, 0, 0, 0, 2, 1, 0, 0, 0, 0, 3], Player::SUD);
    game.play(6).unwrap();
    assert_eq!(game.board.history.len(), 1);
}

#[test]
fn entering_0_ends_the_game_and_each_takes_their_row() {
    let mut game = new_game(&[], Player::SUD);
    game.end_by_agreement().unwrap();
    assert_eq!(game.scores(), [24, 24]);
    assert_eq!(outcome(&game), Outcome::DRAW);
    assert_eq!(game.end_reason(), AGREEMENT);
    assert!(game.end_by_agreement().is_err());
    assert!(legal(&game).is_empty());
}

#[test]
fn title_and_article() {
    assert_names::<DeuxQuatre>("deux-quatre", "Awalé 2-4", "d'Awalé 2-4");
    let description = DeuxQuatre::describe();
    assert!(description.agreement_ends_game);
}

#[test]
fn conformance_kit_passes() {
    Conformance::new().passes::<DeuxQuatre>();
}

#[test]
fn conformance_kit_passes_with_captures_on_both_sides_and_no_duty_to_reach() {
    Conformance::new()
        .options(&[("capture-side", "both"), ("must-reach", "no")])
        .passes::<DeuxQuatre>();
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Why the repetition end is so rare: without a capture no hole
        /// empties (a sowing leaves one stone in each hole it takes up),
        /// and a move fills an empty hole unless it is stopped as an
        /// endless relay; so a position comes back, since the last capture,
        /// only through such stopped moves and passes.
        #[test]
        fn without_a_capture_a_move_fills_an_empty_hole_unless_it_loops(
            stones in proptest::collection::vec(0u8..6, 12),
            choice: usize,
            nord: bool,
        ) {
            let pits: [u8; HOLES] = stones.try_into().unwrap();
            let mover = if nord { Player::NORD } else { Player::SUD };
            let mut game = position(pits, mover);
            let legal = legal(&game);
            prop_assume!(!legal.is_empty());
            let hole = legal[choice % legal.len()];
            let start = State { pits, hole: hole as usize - 1 };
            let looped = matches!(
                chain::follow(start, |state| game.sow_once(state)),
                Chain::Loops(_)
            );
            let empty = |seeds: &[u32]| seeds.iter().filter(|&&s| s == 0).count();
            let before = game.seeds();
            let step = game.play(hole).unwrap();
            prop_assume!(gains(step) == [0, 0] && game.board.ending().is_none());
            let after = game.seeds();
            prop_assert!(empty(&after) <= empty(&before), "{before:?} -> {after:?}");
            prop_assert!(
                empty(&after) < empty(&before) || looped,
                "{before:?} -> {after:?} without a loop"
            );
        }

        /// Stones are never created or lost, and only holes of two stones or
        /// more are played.
        #[test]
        fn stones_are_conserved_and_only_holes_of_two_are_played(
            choices in proptest::collection::vec(any::<usize>(), 0..300),
            both: bool,
            nord_first: bool,
        ) {
            let side = if both { "both" } else { "opponent" };
            let first = if nord_first { Player::NORD } else { Player::SUD };
            let mut game = new_game(&[("capture-side", side)], first);
            for choice in choices {
                let legal = legal(&game);
                if legal.is_empty() {
                    break;
                }
                let hole = legal[choice % legal.len()];
                prop_assert!(game.seeds()[hole as usize - 1] >= 2);
                game.play(hole).unwrap();
                let total: u32 = game.seeds().iter().chain(game.scores()).sum();
                prop_assert_eq!(total, 48);
            }
        }
    }
}
