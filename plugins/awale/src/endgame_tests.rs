//! The endgame tables against a plain exhaustive search that follows the
//! real repetition rule along every line (the game's own history).

use variant_kit::Player;
use variant_testing::check_endgame_bounds;

use super::{Awale, CaptureRule, HOLES};

/// The levels checked: every board of up to this many seeds.
const LEVELS: usize = 3;

fn check(capture: CaptureRule) {
    let template = Awale::from_position([0; HOLES], [0, 0], Player::SUD, capture);
    let (exact, all) = check_endgame_bounds(&template, LEVELS);
    assert!(exact > 0 && exact < all, "{exact} of {all} exact");
}

#[test]
fn tables_hold_the_exhaustive_value_with_both_captures() {
    check(CaptureRule::Both);
}

#[test]
fn tables_hold_the_exhaustive_value_with_backward_captures() {
    check(CaptureRule::Backward);
}
