//! The endgame tables against an exhaustive search that follows the real
//! repetition rule along every line (the game's own history).

use variant_kit::Player;
use variant_testing::check_endgame_bounds;

use super::{Awale, CaptureRule, HOLES};

/// The levels checked: every board of up to this many seeds, either player
/// to move.
const LEVELS: usize = 5;

/// The seeds of the boards the random lines start from.
const LINE_SEEDS: usize = 4;

fn check(capture: CaptureRule) {
    let template = Awale::from_position([0; HOLES], [0, 0], Player::SUD, capture);
    let at = |pits: &[u8], mover: Player| template.at_with_mover(pits, mover);
    let (exact, all) = check_endgame_bounds(&template, at, LEVELS);
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

/// The tables built on several threads are the one-thread tables, byte for
/// byte (both capture rules, every board up to 6 seeds).
#[test]
fn tables_built_on_several_threads_are_those_of_one() {
    for capture in [CaptureRule::Both, CaptureRule::Backward] {
        let template = Awale::from_position([0; HOLES], [0, 0], Player::SUD, capture);
        let boards = variant_testing::check_table_on_threads(&template, capture.table_name(), 6);
        assert_eq!(boards, 12_376);
    }
}

/// Along seeded random lines from boards of 4 seeds, the table's bounds
/// with the line's real history ([`Table::bounds`]) hold the exhaustive
/// value of the position with that history, and some of them had to widen
/// the bounds of the position alone. So do the independent solver's (the
/// judge of the `endgame_errors` example), within the table's: its
/// components are exact where the table's tags may collide.
#[test]
fn bounds_widened_by_the_real_history_hold_the_exhaustive_value() {
    use variant_endgame::{Table, Tabled};
    use variant_kit::Variant;
    use variant_testing::reference::Reference;
    use variant_testing::Exhaustive;

    let template = Awale::from_position([0; HOLES], [0, 0], Player::SUD, CaptureRule::Both);
    let at = |pits: &[u8], mover: Player| template.at_with_mover(pits, mover);
    let table = Table::build(&template, LINE_SEEDS, |_| {});
    let judge = Reference::build(at, LINE_SEEDS);
    let mut search = Exhaustive::new(at).guided_by(Reference::build(at, LINE_SEEDS));
    let (mut checked, mut widened) = (0, 0);
    let starts = boards_of(LINE_SEEDS)
        .into_iter()
        .map(|pits| template.at(&pits));
    along_random_lines(starts, 26, |game| {
        let bounds = table.bounds(game).expect("within the table");
        let mover = game.turn().player().expect("a move");
        let alone = table.probe(game.pits(), mover).expect("within the table");
        let (low, high) = (i32::from(bounds.low), i32::from(bounds.high));
        assert!(
            search.at_least(game, low),
            "{:?}: below {bounds:?}",
            game.pits()
        );
        assert!(
            !search.at_least(game, high + 1),
            "{:?}: above {bounds:?}",
            game.pits()
        );
        let judged = judge.bounds_with_history(game).expect("within the judge");
        assert!(
            judged.low >= bounds.low && judged.high <= bounds.high,
            "{:?}: judged {judged:?} beyond {bounds:?}",
            game.pits()
        );
        let (low, high) = (i32::from(judged.low), i32::from(judged.high));
        let at = game.pits();
        assert!(search.at_least(game, low), "{at:?}: below {judged:?}");
        assert!(!search.at_least(game, high + 1), "{at:?}: above {judged:?}");
        checked += 1;
        widened += usize::from(bounds != alone);
    });
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

/// The margin the player to move in `game` will still add over the other,
/// by a search of every line with no memory at all (alpha-beta): the
/// plainest reading of the rules, to check [`Exhaustive`]'s memory by.
fn plain_margin(game: &Awale, mut alpha: i32, beta: i32) -> i32 {
    use variant_kit::{Inputs, Variant};
    let Some(me) = game.turn().player() else {
        return 0;
    };
    let mut inputs = Inputs::default();
    game.legal_inputs(&mut inputs);
    let mut best = i32::MIN;
    for &input in inputs.as_slice() {
        let mut child = game.clone();
        child.play(input).expect("a legal input");
        let gained = variant_endgame::lead(&child, me) - variant_endgame::lead(game, me);
        let value = match child.turn().player() {
            None => gained,
            Some(next) if next == me => {
                gained + plain_margin(&child, alpha - gained, beta - gained)
            }
            Some(_) => gained - plain_margin(&child, gained - beta, gained - alpha),
        };
        best = best.max(value);
        alpha = alpha.max(value);
        if alpha >= beta {
            break;
        }
    }
    best
}

/// [`Exhaustive`] remembers results with the history they depended on: on
/// seeded random lines from every eighth board of 3 seeds (either player
/// to move), the search answers every threshold as the plain search's
/// value of each position alone (no history), then with the line's real
/// history, and some of them differ (where a result of the position alone
/// must not be used).
#[test]
fn the_exhaustive_search_remembers_only_what_the_history_allows() {
    use variant_endgame::Tabled;
    use variant_kit::Variant;
    use variant_testing::reference::Reference;
    use variant_testing::Exhaustive;

    const SEEDS: usize = 3;
    let template = Awale::from_position([0; HOLES], [0, 0], Player::SUD, CaptureRule::Both);
    let at = |pits: &[u8], mover: Player| template.at_with_mover(pits, mover);
    let mut search = Exhaustive::new(at).guided_by(Reference::build(at, SEEDS));
    // Every threshold a margin of 3 seeds may meet, each a question.
    let mut exactly = |game: &Awale, value: i32| {
        let bound = SEEDS as i32 + 1;
        (-bound..=bound).all(|t| search.at_least(game, t) == (value >= t))
    };
    let (mut checked, mut changed) = (0, 0);
    let starts = boards_of(SEEDS)
        .into_iter()
        .step_by(8)
        .flat_map(|pits| [Player::SUD, Player::NORD].map(|mover| at(&pits, mover)));
    along_random_lines(starts, 3, |game| {
        let to_move = game.turn().player().expect("a move");
        let alone = at(game.pits(), to_move);
        let (value_alone, value) = (plain_margin(&alone, -99, 99), plain_margin(game, -99, 99));
        assert!(
            exactly(&alone, value_alone),
            "{:?} alone: not {value_alone}",
            game.pits()
        );
        assert!(exactly(game, value), "{:?}: not {value}", game.pits());
        checked += 1;
        changed += usize::from(value != value_alone);
    });
    assert!(
        changed > 0 && changed < checked,
        "{changed} of {checked} changed by the history"
    );
}

/// Every board of `seeds` seeds, in [`variant_endgame::next_board`]'s order.
fn boards_of(seeds: usize) -> Vec<[u8; HOLES]> {
    let mut pits = [0u8; HOLES];
    pits[0] = seeds as u8;
    let mut all = vec![pits];
    while variant_endgame::next_board(&mut pits) {
        all.push(pits);
    }
    all
}

/// Calls `check` at each position with a move along a seeded random line
/// of up to six plies from each of `starts`.
fn along_random_lines(
    starts: impl IntoIterator<Item = Awale>,
    seed: u64,
    mut check: impl FnMut(&Awale),
) {
    let mut rng = variant_kit::rng::SplitMix::new(seed);
    for game in starts {
        variant_testing::along_random_line(game, 6, &mut rng, &mut check);
    }
}

/// The tables' bounds as the plugin reads them for the game
/// ([`Awale::game_bounds`]) hold the game's value near a score of 25,
/// judged by the exhaustive search on the real rules (which end the game
/// above 24, each line with its real history): every third board of 4
/// seeds with scores of 20 to 24 (the rest to the other), either player to
/// move. Some of the tables' exact margins are not the game's there (the
/// game ends above 24 first), and the plugin calls none of those exact;
/// where no score can pass 24, it keeps the tables' margins.
#[test]
fn the_tables_margins_are_the_games_near_a_score_of_25() {
    use variant_endgame::Table;
    use variant_kit::Variant;
    use variant_testing::reference::Reference;
    use variant_testing::Exhaustive;

    const SEEDS: usize = 4;
    for capture in [CaptureRule::Both, CaptureRule::Backward] {
        let template = Awale::from_position([0; HOLES], [0, 0], Player::SUD, capture);
        let at = |pits: &[u8], mover: Player| template.at_with_mover(pits, mover);
        let table = Table::build(&template, SEEDS, |_| {});
        let mut search = Exhaustive::new(at).guided_by(Reference::build(at, SEEDS));
        let (mut checked, mut exact, mut not_the_games) = (0, 0, 0);
        for pits in boards_of(SEEDS).into_iter().step_by(3) {
            for first in 20..=24 {
                let scores = [first, 48 - SEEDS as u32 - first];
                for mover in [Player::SUD, Player::NORD] {
                    let game = Awale::from_position(pits, scores, mover, capture);
                    let mut inputs = variant_kit::Inputs::default();
                    game.legal_inputs(&mut inputs);
                    if inputs.is_empty() {
                        // Not a position of a game: it would have ended.
                        continue;
                    }
                    let bounds = game.game_bounds(&table).expect("within the table");
                    let (low, high) = (i32::from(bounds.low), i32::from(bounds.high));
                    let at = (pits, scores, mover);
                    assert!(search.at_least(&game, low), "{at:?}: below {bounds:?}");
                    assert!(
                        !search.at_least(&game, high + 1),
                        "{at:?}: above {bounds:?}"
                    );
                    let alone = table.bounds(&game).expect("within the table");
                    let mut is = |value: i8| {
                        let value = i32::from(value);
                        search.at_least(&game, value) && !search.at_least(&game, value + 1)
                    };
                    checked += 1;
                    exact += usize::from(low == high);
                    not_the_games += usize::from(alone.exact().is_some_and(|v| !is(v)));
                }
            }
        }
        assert!(
            exact > 0 && not_the_games > 0,
            "{exact} exact, {not_the_games} not the game's, of {checked}"
        );
    }
    // Where no score can pass 24 (4 seeds out of play: no game of 48
    // seeds, where a score can always pass 24 while seeds are left), the
    // tables' margins are kept.
    let template = Awale::from_position([0; HOLES], [0, 0], Player::SUD, CaptureRule::Both);
    let table = Table::build(&template, SEEDS, |_| {});
    let pits = [1, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 1];
    let game = Awale::from_position(pits, [20, 20], Player::SUD, CaptureRule::Both);
    assert_eq!(game.game_bounds(&table), table.bounds(&game));
}
