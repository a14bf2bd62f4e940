//! One test per rule sentence of Toguz Kumalak and per reading chosen
//! where the sources are silent, named after the rule; the cases of a rule
//! in a table.

use super::*;
use variant_kit::{Layout, Outcome, Turn, Variant};
use variant_testing::{assert_names, gains, legal, outcome, sparse, to_move, total, Conformance};

/// A game at the holes `pits` (hole number, seeds; the others empty), with
/// `scores`, `to_move` to play.
fn position(pits: &[(usize, u8)], scores: [u32; 2], to_move: Player) -> ToguzKumalak {
    ToguzKumalak::from_position(sparse::<HOLES>(pits), scores, to_move)
}

/// `game` with `owner`'s tuzdyk at hole number `hole`.
fn with_tuzdyk(mut game: ToguzKumalak, hole: usize, owner: Player) -> ToguzKumalak {
    game.tuzdyk[owner.index()] = Some(hole - 1);
    game
}

/// Holes as (hole number, seeds), as a position is written.
type Holes = &'static [(usize, u8)];
/// Holes as (hole number, seeds), as `seeds()` reads them.
type Counts = &'static [(usize, u32)];

/// The seeds of every hole as (hole number, seeds), empty holes left out.
fn non_empty(game: &ToguzKumalak) -> Vec<(usize, u32)> {
    game.seeds()
        .into_iter()
        .enumerate()
        .filter(|&(_, seeds)| seeds > 0)
        .map(|(pit, seeds)| (pit + 1, seeds))
        .collect()
}

#[test]
fn names_and_title() {
    assert_names::<ToguzKumalak>("toguz-kumalak", "Toguz Kumalak", "de Toguz Kumalak");
}

#[test]
fn two_rows_of_nine_holes_of_nine_seeds() {
    let game: ToguzKumalak = variant_testing::new_game(&[], Player::SUD);
    assert_eq!(game.seeds(), vec![9; 18]);
    assert_eq!(game.scores(), [0, 0]);
    let mut layout = Layout::two_rows(9);
    layout.wide = true;
    assert_eq!(game.layout(), layout, "162 seeds: wide columns");
    assert_eq!(total(&game), 162);
}

#[test]
fn either_player_may_start_and_sows_a_non_empty_hole_of_their_row() {
    variant_testing::assert_either_may_start::<ToguzKumalak>();
    let mut game = position(&[(2, 4), (5, 1), (12, 3)], [0, 0], Player::SUD);
    assert_eq!(legal(&game), [2, 5]);
    assert!(game.play(3).unwrap_err().contains("vide"));
    assert!(game.play(12).unwrap_err().contains("NORD"));
    assert!(game.play(19).unwrap_err().contains("n'est pas un trou"));
    assert_eq!(to_move(&game), Player::SUD, "a refusal changes nothing");
}

#[test]
fn sowing_starts_in_the_hole_emptied_and_a_single_seed_goes_to_the_next() {
    // (holes before, hole sown, holes after): SUD to move, NORD's hole 18
    // holding one seed so that NORD can move.
    let cases: &[(Holes, u32, Counts)] = &[
        (
            &[(1, 9)],
            1,
            &[
                (1, 1),
                (2, 1),
                (3, 1),
                (4, 1),
                (5, 1),
                (6, 1),
                (7, 1),
                (8, 1),
                (9, 1),
            ],
        ),
        (&[(3, 1)], 3, &[(4, 1)]),
        (&[(4, 2)], 4, &[(4, 1), (5, 1)]),
        // A lap of 20 seeds sows the starting hole again.
        (
            &[(1, 20)],
            1,
            &[
                (1, 2),
                (2, 2),
                (3, 1),
                (4, 1),
                (5, 1),
                (6, 1),
                (7, 1),
                (8, 1),
                (9, 1),
                (10, 1),
                (11, 1),
                (12, 1),
                (13, 1),
                (14, 1),
                (15, 1),
                (16, 1),
                (17, 1),
                (18, 1),
            ],
        ),
    ];
    for &(before, hole, after) in cases {
        let mut pits = before.to_vec();
        pits.push((18, 1));
        let mut game = position(&pits, [0, 0], Player::SUD);
        assert_eq!(gains(game.play(hole).unwrap()), [0, 0], "{before:?}");
        let mut expected = after.to_vec();
        if !expected.iter().any(|&(hole, _)| hole == 18) {
            expected.push((18, 1));
        } else if let Some(last) = expected.iter_mut().find(|(hole, _)| *hole == 18) {
            last.1 += 1;
        }
        expected.sort_unstable();
        assert_eq!(non_empty(&game), expected, "{before:?} sowing {hole}");
        assert_eq!(to_move(&game), Player::NORD);
    }
}

#[test]
fn an_even_count_made_by_the_last_seed_in_the_opponents_row_is_captured() {
    // (holes before, hole sown, gains of SUD, holes after)
    let cases: &[(Holes, u32, u32, Counts)] = &[
        // hole 10 holds 1, the last seed makes 2: taken.
        (&[(9, 2), (10, 1), (15, 1)], 9, 2, &[(9, 1), (15, 1)]),
        // 4 made in hole 12: taken.
        (
            &[(9, 4), (12, 3), (15, 1)],
            9,
            4,
            &[(9, 1), (10, 1), (11, 1), (15, 1)],
        ),
        // 5 made: odd, nothing taken.
        (
            &[(9, 2), (10, 4), (15, 1)],
            9,
            0,
            &[(9, 1), (10, 5), (15, 1)],
        ),
        // An even count in one's own row is not taken.
        (&[(1, 2), (2, 1), (15, 1)], 1, 0, &[(1, 1), (2, 2), (15, 1)]),
        // Only the last seed's hole counts: hole 10 reaches 2 on the way.
        (
            &[(9, 3), (10, 1), (11, 3), (15, 1)],
            9,
            4,
            &[(9, 1), (10, 2), (15, 1)],
        ),
    ];
    for &(before, hole, taken, after) in cases {
        let mut game = position(before, [0, 0], Player::SUD);
        assert_eq!(gains(game.play(hole).unwrap()), [taken, 0], "{before:?}");
        assert_eq!(game.scores(), [taken, 0]);
        assert_eq!(non_empty(&game), after, "{before:?}");
    }
}

#[test]
fn a_count_of_three_made_in_the_opponents_row_becomes_the_movers_tuzdyk() {
    let mut game = position(&[(9, 2), (10, 2), (15, 1)], [0, 0], Player::SUD);
    assert_eq!(
        gains(game.play(9).unwrap()),
        [3, 0],
        "the 3 seeds are taken"
    );
    assert_eq!(game.tuzdyks(), [(10, Player::SUD)]);
    assert_eq!(non_empty(&game), [(9, 1), (15, 1)]);
    // NORD, to move, may make one too.
    let mut game = position(&[(1, 2), (5, 2), (18, 2)], [0, 0], Player::NORD);
    assert_eq!(gains(game.play(18).unwrap()), [0, 3]);
    assert_eq!(game.tuzdyks(), [(1, Player::NORD)]);
}

#[test]
fn no_tuzdyk_in_the_opponents_ninth_hole_nor_opposite_theirs_nor_a_second_one() {
    // (SUD's tuzdyk, NORD's tuzdyk, holes before, hole sown, SUD's gain,
    // the tuzdyks after)
    type Case = (
        Option<usize>,
        Option<usize>,
        Holes,
        u32,
        u32,
        &'static [(u32, Player)],
    );
    let cases: &[Case] = &[
        // The 9th hole of NORD is hole 18: the 3 seeds stay there.
        (None, None, &[(9, 10), (18, 2)], 9, 0, &[]),
        // NORD's tuzdyk is SUD's 1st hole: SUD cannot take NORD's 1st (10)...
        (
            None,
            Some(1),
            &[(9, 2), (10, 2), (13, 1)],
            9,
            0,
            &[(1, Player::NORD)],
        ),
        // ... but may take NORD's 2nd (11).
        (
            None,
            Some(1),
            &[(9, 3), (11, 2), (13, 1)],
            9,
            3,
            &[(11, Player::SUD), (1, Player::NORD)],
        ),
        // One tuzdyk per player in a game.
        (
            Some(14),
            None,
            &[(9, 2), (10, 2), (13, 1)],
            9,
            0,
            &[(14, Player::SUD)],
        ),
    ];
    for &(sud, nord, before, hole, taken, after) in cases {
        let mut game = position(before, [0, 0], Player::SUD);
        if let Some(hole) = sud {
            game = with_tuzdyk(game, hole, Player::SUD);
        }
        if let Some(hole) = nord {
            game = with_tuzdyk(game, hole, Player::NORD);
        }
        assert_eq!(gains(game.play(hole).unwrap()), [taken, 0], "{before:?}");
        assert_eq!(game.tuzdyks(), after, "{before:?}");
    }
}

#[test]
fn every_seed_sown_into_a_tuzdyk_goes_to_its_owner() {
    // SUD's tuzdyk at 12: NORD sowing 4 from hole 10 drops one there.
    let game = position(&[(1, 1), (10, 4)], [0, 0], Player::NORD);
    let mut game = with_tuzdyk(game, 12, Player::SUD);
    assert_eq!(
        gains(game.play(10).unwrap()),
        [1, 0],
        "SUD's gain in NORD's move"
    );
    assert_eq!(non_empty(&game), [(1, 1), (10, 1), (11, 1), (13, 1)]);
    assert_eq!(game.scores(), [1, 0]);
    // SUD sowing through it gains the seed too; the last seed in a tuzdyk
    // takes nothing more.
    let game = position(&[(9, 4), (15, 1)], [0, 0], Player::SUD);
    let mut game = with_tuzdyk(game, 12, Player::SUD);
    assert_eq!(gains(game.play(9).unwrap()), [1, 0]);
    assert_eq!(non_empty(&game), [(9, 1), (10, 1), (11, 1), (15, 1)]);
}

#[test]
fn a_tuzdyk_stays_empty_and_is_never_sown() {
    let game = position(&[(2, 1), (5, 3)], [0, 0], Player::SUD);
    let mut game = with_tuzdyk(game, 2, Player::NORD);
    game.board.pits[1] = 0;
    game.board.pits[14] = 1;
    assert_eq!(legal(&game), [5]);
    assert!(game.play(2).unwrap_err().contains("vide"));
}

#[test]
fn the_prompt_says_where_the_tuzdyks_are() {
    let game = position(&[(2, 1), (15, 1)], [0, 0], Player::SUD);
    assert_eq!(game.prompt(), None, "no tuzdyk: the host's own prompt");
    let game = with_tuzdyk(with_tuzdyk(game, 12, Player::SUD), 7, Player::NORD);
    assert_eq!(
        game.prompt().as_deref(),
        Some("SUD, quel trou semez-vous ? (2) ; tuzdyk : SUD 12, NORD 7.")
    );
}

#[test]
fn the_board_marks_each_tuzdyk_as_its_owners_collecting_hole() {
    let game = position(&[(2, 1), (15, 1)], [0, 0], Player::SUD);
    assert!(game.layout().marks.is_empty(), "no tuzdyk, no mark");
    let game = with_tuzdyk(with_tuzdyk(game, 12, Player::SUD), 7, Player::NORD);
    let layout = game.layout();
    assert_eq!(layout.collector(12), Some(Player::SUD));
    assert_eq!(layout.collector(7), Some(Player::NORD));
    assert_eq!(layout.marks.len(), 2);
    assert_eq!(layout.check(18, 2), Ok(()));
}

#[test]
fn a_player_with_82_seeds_wins_at_once() {
    let mut game = position(&[(5, 3), (9, 2), (10, 1), (15, 2)], [80, 74], Player::SUD);
    game.play(9).unwrap();
    assert_eq!(outcome(&game), Outcome::winner(Player::SUD));
    assert_eq!(game.scores(), [82, 74]);
    assert_eq!(
        non_empty(&game),
        [(5, 3), (9, 1), (15, 2)],
        "the seeds left stay"
    );
    assert!(game.end_reason().starts_with("SUD a 82 graines"));
}

#[test]
fn a_player_who_cannot_move_ends_the_game_and_the_other_takes_their_row() {
    // SUD takes NORD's last seeds; NORD cannot move; SUD takes hole 1.
    let mut game = position(&[(1, 5), (9, 1), (10, 1)], [75, 80], Player::SUD);
    assert_eq!(gains(game.play(9).unwrap()), [2, 0]);
    assert_eq!(game.scores(), [82, 80]);
    assert_eq!(outcome(&game), Outcome::winner(Player::SUD));
    assert_eq!(non_empty(&game), []);
    assert!(game.end_reason().starts_with("NORD ne peut pas jouer"));
}

#[test]
fn eighty_one_each_is_a_draw() {
    let mut game = position(&[(9, 1), (10, 1)], [79, 81], Player::SUD);
    game.play(9).unwrap();
    assert_eq!(game.scores(), [81, 81]);
    assert_eq!(outcome(&game), Outcome::DRAW);
}

#[test]
fn a_position_met_again_since_the_last_seeds_taken_ends_the_game() {
    // SUD moves a lone seed from 1 to 2; the position reached (seeds at 2
    // and 10, NORD to move) was met before, with no seed taken since.
    let mut game = position(&[(1, 1), (10, 1)], [80, 80], Player::SUD);
    let reached = sparse::<HOLES>(&[(2, 1), (10, 1)]);
    assert!(!game.board.history.repeats(&reached, Player::NORD));
    game.play(1).unwrap();
    assert_eq!(game.end_reason(), REPEATED);
    assert_eq!(game.scores(), [81, 81], "each takes the seeds of their row");
    assert_eq!(outcome(&game), Outcome::DRAW);
    // Without it, the same move goes on.
    let mut game = position(&[(1, 1), (10, 1)], [80, 80], Player::SUD);
    game.play(1).unwrap();
    assert_eq!(to_move(&game), Player::NORD);
}

#[test]
fn there_is_no_end_by_agreement() {
    let mut game: ToguzKumalak = variant_testing::new_game(&[], Player::SUD);
    assert!(game.end_by_agreement().is_err());
    assert!(matches!(game.turn(), Turn::Decide { .. }));
}

#[test]
fn the_evaluation_counts_a_tuzdyk_by_the_seeds_left_to_collect() {
    let game = position(&[(2, 10), (15, 10)], [60, 60], Player::SUD);
    assert_eq!(game.evaluate(Player::SUD), 0);
    let with = with_tuzdyk(game.clone(), 12, Player::SUD);
    assert_eq!(with.evaluate(Player::SUD), 200, "a tenth of 20 seeds");
    assert_eq!(with.evaluate(Player::NORD), -200);
    let both = with_tuzdyk(with.clone(), 5, Player::NORD);
    assert_eq!(both.evaluate(Player::SUD), 0);
    assert_ne!(with.hash_key(), game.hash_key(), "the tuzdyk is in the key");
    assert_ne!(both.hash_key(), with.hash_key());
}

#[test]
fn conformance() {
    Conformance::new().passes::<ToguzKumalak>();
}
