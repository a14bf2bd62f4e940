//! The endgame tables against a plain exhaustive search that follows the
//! real repetition rule along every line (the game's own history).

use variant_api::endgame::{boards, next_board, Table, Tabled};
use variant_api::{Inputs, Player, Turn, Variant};

use super::{Awale, CaptureRule, HOLES};

/// The final margin of `game` for the player to move, by negamax over every
/// line, each line ending by the rules themselves.
fn exhaustive(game: &Awale, mut alpha: i32, beta: i32) -> i32 {
    let me = game.to_move;
    let mut inputs = Inputs::default();
    game.legal_inputs(&mut inputs);
    let mut best = i32::MIN;
    for &input in inputs.as_slice() {
        let mut child = game.clone();
        child.play(input).expect("a legal input");
        let value = if let Turn::Over(_) = child.turn() {
            child.scores[me.index()] as i32 - child.scores[me.opponent().index()] as i32
        } else {
            child.scores[me.index()] as i32
                - child.scores[me.opponent().index()] as i32
                - exhaustive(&child.at_scores_zero(), -beta, -alpha)
        };
        best = best.max(value);
        alpha = alpha.max(value);
        if alpha >= beta {
            break;
        }
    }
    best
}

impl Awale {
    /// The same game with the scores set aside (the history kept), so that
    /// `exhaustive` reads margins of the seeds still on the board.
    fn at_scores_zero(&self) -> Awale {
        Awale {
            scores: [0, 0],
            ..self.clone()
        }
    }
}

/// The levels checked: every board of up to this many seeds.
const LEVELS: u8 = 3;

fn every_board(seeds: u8, mut each: impl FnMut(&[u8; HOLES])) {
    let mut pits = [0u8; HOLES];
    pits[0] = seeds;
    let mut count = 0;
    loop {
        each(&pits);
        count += 1;
        if !next_board(&mut pits) {
            break;
        }
    }
    assert_eq!(count, boards(HOLES, usize::from(seeds)));
}

fn check_against_exhaustive(capture: CaptureRule, max_seeds: u8) {
    let template = Awale::from_position([0; HOLES], [0, 0], Player::SUD, capture);
    let table = Table::build(&template, usize::from(max_seeds), |_| {});
    let (mut exact, mut all) = (0, 0);
    for seeds in 0..=max_seeds {
        every_board(seeds, |pits| {
            let game = template.at(pits);
            if game.allowed_moves().next().is_none() {
                return;
            }
            let bounds = table.probe(pits, Player::SUD).expect("within the table");
            // Two null-window searches: the truth is at least `low` and at
            // most `high`.
            let (low, high) = (i32::from(bounds.low), i32::from(bounds.high));
            assert!(
                exhaustive(&game, low - 1, low) >= low,
                "{pits:?}: below {bounds:?}"
            );
            assert!(
                exhaustive(&game, high, high + 1) <= high,
                "{pits:?}: above {bounds:?}"
            );
            all += 1;
            exact += usize::from(bounds.exact().is_some());
        });
    }
    assert!(exact > 0 && exact < all, "{exact} of {all} exact");
}

#[test]
fn tables_hold_the_exhaustive_value_with_both_captures() {
    check_against_exhaustive(CaptureRule::Both, LEVELS);
}

#[test]
fn tables_hold_the_exhaustive_value_with_backward_captures() {
    check_against_exhaustive(CaptureRule::Backward, LEVELS);
}
