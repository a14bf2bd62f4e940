//! The endgame tables against an exhaustive search that follows the real
//! repetition rule along every line (the game's own history).

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

/// Along seeded random lines from boards of 3 seeds, the table's bounds
/// with the line's real history ([`Table::bounds`]) hold the exhaustive
/// value of the position with that history, and some of them had to widen
/// the bounds of the position alone. So do the independent solver's (the
/// judge of the `endgame_errors` example), within the table's: its
/// components are exact where the table's tags may collide.
#[test]
fn bounds_widened_by_the_real_history_hold_the_exhaustive_value() {
    use variant_endgame::{next_board, Table, Tabled};
    use variant_kit::rng::SplitMix;
    use variant_kit::{Inputs, Variant};
    use variant_testing::reference::Reference;
    use variant_testing::Exhaustive;

    let template = Awale::from_position([0; HOLES], [0, 0], Player::SUD, CaptureRule::Both);
    let table = Table::build(&template, LEVELS, |_| {});
    let judge = Reference::build(|pits, mover| template.at_with_mover(pits, mover), LEVELS);
    let mut rng = SplitMix::new(26);
    let mut search = Exhaustive::default();
    let (mut checked, mut widened) = (0, 0);
    let mut pits = [0u8; HOLES];
    pits[0] = LEVELS as u8;
    loop {
        let mut game = template.at(&pits);
        let mut inputs = Inputs::default();
        for _ in 0..6 {
            inputs.clear();
            game.legal_inputs(&mut inputs);
            if inputs.is_empty() {
                break;
            }
            let bounds = table.bounds(&game).expect("within the table");
            let mover = game.turn().player().expect("a move");
            let alone = table.probe(game.pits(), mover).expect("within the table");
            let (low, high) = (i32::from(bounds.low), i32::from(bounds.high));
            assert!(
                search.at_least(&game, low),
                "{:?}: below {bounds:?}",
                game.pits()
            );
            assert!(
                !search.at_least(&game, high + 1),
                "{:?}: above {bounds:?}",
                game.pits()
            );
            let judged = judge.bounds_with_history(&game).expect("within the judge");
            assert!(
                judged.low >= bounds.low && judged.high <= bounds.high,
                "{:?}: judged {judged:?} beyond {bounds:?}",
                game.pits()
            );
            let (low, high) = (i32::from(judged.low), i32::from(judged.high));
            let at = game.pits();
            assert!(search.at_least(&game, low), "{at:?}: below {judged:?}");
            assert!(
                !search.at_least(&game, high + 1),
                "{at:?}: above {judged:?}"
            );
            checked += 1;
            widened += usize::from(bounds != alone);
            let pick = inputs.as_slice()[rng.below(inputs.len() as u64) as usize];
            game.play(pick).expect("an announced input");
        }
        if !next_board(&mut pits) {
            break;
        }
    }
    assert!(
        widened > 0 && widened < checked,
        "{widened} of {checked} widened"
    );
}

/// The levels compared board by board with the independent solver.
const REFERENCE_LEVELS: usize = 6;

fn compare(capture: CaptureRule) {
    let template = Awale::from_position([0; HOLES], [0, 0], Player::SUD, capture);
    let at = |pits: &[u8], mover: Player| template.at_with_mover(pits, mover);
    let (exact, all) =
        variant_testing::check_table_against_reference(&template, at, REFERENCE_LEVELS);
    assert!(exact > 0 && exact < all, "{exact} of {all} exact");
}

#[test]
fn tables_equal_the_independent_solver_with_both_captures() {
    compare(CaptureRule::Both);
}

#[test]
fn tables_equal_the_independent_solver_with_backward_captures() {
    compare(CaptureRule::Backward);
}
