//! One test per rule sentence of the section « Le Sérata » of seed 002,
//! named after the rule, then one per reading chosen where the seed is
//! silent, and the options.

use super::*;
use variant_kit::stores::{AGREEMENT, CANNOT_FEED, EMPTY_ROW, MAJORITY};
use variant_kit::TwoRows;
use variant_kit::{Layout, Outcome, Variant};
use variant_testing::{
    assert_either_may_start, assert_names, assert_progress, assert_size_options,
    assert_sows_own_non_empty_holes, filled, gains, holes, legal, outcome, to_move, Conformance,
};

/// A game on two rows of `pits.len() / 2` holes at `pits` (index `n - 1`
/// is hole `n`), with `stores` and `to_move` to play.
fn position(pits: &[u8], stores: [u32; 2], to_move: Player) -> Serata {
    Serata::from_position(TwoRows::new(pits.len() / 2), holes(pits), stores, to_move)
}

fn new_game(options: &[(&str, &str)], first: Player) -> Serata {
    variant_testing::new_game(options, first)
}

#[test]
fn six_holes_of_7_seeds_84_in_all_by_default() {
    // « Avec 6 cases par joueur et 7 pierres par case au départ [...] sur le
    // total de 84 pierres. »
    let game = new_game(&[], Player::SUD);
    assert_eq!(game.seeds(), vec![7; 12]);
    assert_eq!(game.board().total, 84);
    assert_eq!(game.scores(), [0, 0]);
    assert_eq!(game.layout(), Layout::two_rows(6));
}

#[test]
fn the_options_change_the_holes_and_the_seeds() {
    // The page's « Taille du terrain ».
    assert_size_options::<Serata>(5, 2);
}

#[test]
fn either_player_may_start() {
    assert_either_may_start::<Serata>();
}

#[test]
fn a_move_sows_a_non_empty_hole_of_ones_own_row() {
    let mut pits = [7; 12];
    pits[2] = 0;
    assert_sows_own_non_empty_holes(position(&pits, [0, 0], Player::SUD));
}

#[test]
fn sowing_passes_through_ones_own_store_but_not_the_opponents() {
    // « lors de la phase de semailles on passe par son propre grenier, mais
    // pas par le grenier adverse. »
    let mut game = new_game(&[], Player::SUD);
    assert_eq!(gains(game.play(1).unwrap()), [1, 0]); // 2..6, store, 7
    assert_eq!(game.seeds(), [0, 8, 8, 8, 8, 8, 8, 7, 7, 7, 7, 7]);
    // NORD's hole 12: NORD's store, then 1 to 6, SUD's store passed by.
    assert_eq!(gains(game.play(12).unwrap()), [0, 1]);
    assert_eq!(game.seeds(), [1, 9, 9, 9, 9, 9, 8, 7, 7, 7, 7, 0]);
    assert_eq!(game.scores(), [1, 1]);
}

#[test]
fn the_starting_hole_is_not_skipped_and_13_seeds_are_forced_to_win() {
    // « On passe par la case de départ » ; « une case contenant 13 pierres est
    // forcée de gagner puisqu'elle fera le tour, terminera dans la case de
    // départ et aura distribué au moins une pierre dans la case d'en face. »
    let pits = [1, 1, 13, 1, 1, 1, 1, 1, 1, 1, 1, 1];
    let mut game = position(&pits, [0, 0], Player::SUD);
    // 4, 5, 6, store, 7 .. 12, 1, 2, 3: hole 3 holds its last seed, hole 10
    // (facing) holds 2.
    assert_eq!(gains(game.play(3).unwrap()), [1 + 1 + 2, 0]);
    assert_eq!(game.seeds(), [2, 2, 0, 2, 2, 2, 2, 2, 2, 0, 2, 2]);
}

#[test]
fn ending_in_ones_own_store_must_play_again() {
    // « Si la phase de semailles termine dans son grenier on doit rejouer. »
    let mut game = new_game(&[], Player::NORD);
    assert_eq!(game.prompt(), None);
    game.play(11).unwrap(); // 7 seeds: 12, store, 1 .. 5
    assert_eq!(to_move(&game), Player::SUD);
    let pits = [0, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7];
    let mut game = position(&pits, [0, 0], Player::SUD);
    game.play(6).unwrap(); // store, 7 .. 12: last in 12
    assert_eq!(to_move(&game), Player::NORD);
    let pits = [7, 7, 7, 7, 7, 1, 7, 7, 7, 7, 7, 7];
    let mut game = position(&pits, [0, 0], Player::SUD);
    game.play(6).unwrap();
    assert_eq!(to_move(&game), Player::SUD);
    assert_eq!(
        game.prompt().unwrap(),
        "Semis fini au grenier : SUD rejoue (1 à 5, ou 0 pour finir d'un commun accord)"
    );
}

#[test]
fn a_last_seed_in_an_empty_hole_of_ones_camp_takes_it_and_the_facing_seeds() {
    // « Si la phase de semailles termine chez soi dans une case initialement
    // vide, et qu'il y a des pierres en face de la case dans le camp adverse,
    // on ramasse cette dernière pierre et toutes les pierres de la case adverse. »
    let pits = [2, 0, 0, 1, 1, 1, 4, 4, 4, 4, 4, 4];
    let mut game = position(&pits, [0, 0], Player::SUD);
    assert_eq!(gains(game.play(1).unwrap()), [1 + 4, 0]); // 2, 3: hole 3 faces 10
    assert_eq!(game.seeds(), [0, 1, 0, 1, 1, 1, 4, 4, 4, 0, 4, 4]);
    assert_eq!(to_move(&game), Player::NORD);
}

#[test]
fn nothing_is_taken_facing_an_empty_hole_or_in_the_opponents_camp() {
    let pits = [2, 0, 0, 1, 1, 1, 4, 4, 4, 0, 4, 4];
    let mut game = position(&pits, [0, 0], Player::SUD);
    assert_eq!(gains(game.play(1).unwrap()), [0, 0]);
    assert_eq!(game.seeds()[2], 1, "the last seed stays");
    let pits = [1, 1, 1, 1, 1, 2, 0, 4, 4, 4, 4, 4];
    let mut game = position(&pits, [0, 0], Player::SUD);
    assert_eq!(gains(game.play(6).unwrap()), [1, 0]); // store, 7 (empty, NORD's)
    assert_eq!(game.seeds()[6], 1);
}

#[test]
fn reading_an_empty_opponent_row_must_be_fed() {
    // Hole 1 stays in SUD's row; hole 5 reaches hole 7.
    let pits = [1, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0];
    let mut game = position(&pits, [40, 40], Player::SUD);
    assert_eq!(legal(&game), [5]);
    let refusal = game.play(1).unwrap_err();
    assert_eq!(
        refusal,
        "la rangée de NORD est vide : jouez un trou qui la nourrit"
    );
    assert!(game.play(5).is_ok());
}

#[test]
fn reading_a_sowing_whose_capture_starves_the_opponent_again_does_not_feed() {
    // SUD's hole 5 (3 seeds): 6, store, 7: it feeds. Hole 4 (2 seeds): 5, 6
    // with 6 empty before, facing hole 7 which is empty: nothing taken, and
    // NORD still starves.
    let pits = [0, 0, 0, 2, 3, 0, 0, 0, 0, 0, 0, 0];
    let game = position(&pits, [40, 39], Player::SUD);
    assert_eq!(legal(&game), [5]);
}

#[test]
fn reading_a_player_who_cannot_feed_ends_the_game() {
    let pits = [1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2];
    let mut game = position(&pits, [40, 40], Player::NORD);
    game.play(12).unwrap(); // store, 1: NORD's row is empty, SUD's 1 and 2 cannot reach it
    assert_eq!(game.scores(), [40 + 3, 41]);
    assert_eq!(game.seeds(), [0; 12]);
    assert_eq!(game.end_reason(), CANNOT_FEED);
    assert_eq!(outcome(&game), Outcome::winner(Player::SUD));
}

#[test]
fn reading_the_game_ends_when_the_player_to_move_has_an_empty_row() {
    // SUD captures NORD's last seeds: NORD, to move, cannot play.
    let pits = [0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0];
    let mut game = position(&pits, [40, 42], Player::SUD);
    assert_eq!(gains(game.play(5).unwrap()), [2, 0]);
    assert_eq!(game.end_reason(), EMPTY_ROW);
    assert_eq!(game.scores(), [42, 42]);
    assert_eq!(outcome(&game), Outcome::DRAW);
    // Also a player who plays again with an empty row.
    let pits = [0, 0, 0, 0, 0, 1, 3, 0, 0, 0, 0, 0];
    let mut game = position(&pits, [40, 40], Player::SUD);
    game.play(6).unwrap();
    assert_eq!(game.end_reason(), EMPTY_ROW);
    assert_eq!(game.scores(), [41, 43]);
    assert_eq!(outcome(&game), Outcome::winner(Player::NORD));
}

#[test]
fn the_game_is_won_as_soon_as_a_store_holds_more_than_half() {
    // « la partie est gagnée dès qu'un joueur possède plus de 42 pierres dans
    // son grenier sur le total de 84 pierres. »
    let pits = [0, 0, 0, 0, 0, 1, 4, 4, 4, 4, 4, 4];
    let mut game = position(&pits, [42, 17], Player::SUD);
    assert_eq!(game.board().total, 84);
    assert_eq!(gains(game.play(6).unwrap()), [1, 0]);
    assert_eq!(outcome(&game), Outcome::winner(Player::SUD));
    assert_eq!(game.end_reason(), MAJORITY);
    assert_eq!(game.scores(), [43, 41]);
    assert_eq!(game.seeds(), [0; 12]);
}

#[test]
fn both_players_may_agree_to_end_the_game() {
    let mut game = new_game(&[], Player::SUD);
    game.play(2).unwrap(); // 3 .. 6, store, 7, 8
    game.end_by_agreement().unwrap();
    assert_eq!(game.scores(), [1 + 39, 44]);
    assert_eq!(game.end_reason(), AGREEMENT);
    assert_eq!(outcome(&game), Outcome::winner(Player::NORD));
    assert!(game.end_by_agreement().is_err());
    assert!(legal(&game).is_empty());
}

#[test]
fn the_holes_option_numbers_the_board_along_the_circuit() {
    // Two rows of 3: SUD's hole 3 is followed by SUD's store, then hole 4.
    let pits = [1, 0, 3, 1, 1, 1];
    let mut game = position(&pits, [0, 0], Player::SUD);
    assert_eq!(legal(&game), [1, 3]);
    assert_eq!(gains(game.play(3).unwrap()), [1, 0]);
    assert_eq!(game.seeds(), [1, 0, 0, 2, 2, 1]);
    assert_eq!(to_move(&game), Player::NORD);
    assert_eq!(game.layout(), Layout::two_rows(3));
}

#[test]
fn title_and_article() {
    assert_names::<Serata>("serata", "Sérata", "de Sérata");
}

#[test]
fn conformance_kit_passes() {
    Conformance::new().passes::<Serata>();
}

#[test]
fn conformance_kit_passes_on_other_boards() {
    Conformance::new().games(300).passes_with_each::<Serata>(&[
        &[("holes", "3"), ("seeds", "2")],
        &[("holes", "9"), ("seeds", "5")],
    ]);
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Seeds are never created or lost, and every move either puts
        /// seeds into a store or brings the seeds on the board closer to
        /// their store: no game can go round in circles.
        #[test]
        fn seeds_are_conserved_and_every_move_makes_progress(
            choices in proptest::collection::vec(any::<usize>(), 0..300),
            holes in 3..=8usize,
            seeds in 1..=8u8,
            nord_first: bool,
        ) {
            let first = if nord_first { Player::NORD } else { Player::SUD };
            let pits = filled(2 * holes, seeds);
            let game = Serata::from_position(TwoRows::new(holes), pits, [0, 0], first);
            let stores = game.store_game.stores();
            assert_progress(game, &choices, |game| {
                let board = game.board();
                (board.scores.iter().sum(), stores.distance_to_stores(board.holes()))
            });
        }
    }
}
