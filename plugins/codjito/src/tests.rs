//! One test per rule sentence of the section « Le Codjito » of seed 002,
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
fn position(pits: &[u8], stores: [u32; 2], to_move: Player) -> Codjito {
    Codjito::from_position(TwoRows::new(pits.len() / 2), holes(pits), stores, to_move)
}

fn new_game(options: &[(&str, &str)], first: Player) -> Codjito {
    variant_testing::new_game(options, first)
}

#[test]
fn six_holes_of_4_seeds_by_default() {
    // « Avec 6 cases par joueur et 4 pierres par case au départ »
    let game = new_game(&[], Player::SUD);
    assert_eq!(game.seeds(), vec![4; 12]);
    assert_eq!(game.board().total, 48);
    assert_eq!(game.scores(), [0, 0]);
    assert_eq!(game.layout(), Layout::two_rows(6));
}

#[test]
fn the_options_change_the_holes_and_the_seeds() {
    assert_size_options::<Codjito>(4, 5);
}

#[test]
fn either_player_may_start() {
    assert_either_may_start::<Codjito>();
}

#[test]
fn a_move_sows_a_non_empty_hole_of_ones_own_row() {
    let mut pits = [4; 12];
    pits[2] = 0;
    assert_sows_own_non_empty_holes(position(&pits, [0, 0], Player::SUD));
}

#[test]
fn sowing_passes_through_ones_own_store_but_not_the_opponents() {
    // « on passe par son propre grenier » (as in Sérata)
    let pits = [4, 0, 4, 4, 4, 4, 4, 4, 4, 4, 4, 3];
    let mut game = position(&pits, [0, 0], Player::NORD);
    assert_eq!(gains(game.play(12).unwrap()), [0, 1]); // store, 1, 2
    assert_eq!(game.seeds(), [5, 1, 4, 4, 4, 4, 4, 4, 4, 4, 4, 0]);
    assert_eq!(game.scores(), [0, 1]);
    assert_eq!(to_move(&game), Player::SUD);
}

#[test]
fn the_starting_hole_is_not_skipped() {
    // « on ne saute pas la case de départ ». Two rows of 3: hole 1's 7 seeds
    // go 2, 3, store, 4, 5, 6 and back to 1, empty before: a harvest of the
    // holes 5 and 6, which hold 1 like holes 2 and 1 facing them.
    let pits = [7, 0, 0, 2, 0, 0];
    let mut game = position(&pits, [0, 0], Player::SUD);
    assert_eq!(gains(game.play(1).unwrap()), [1 + 2, 0]);
    assert_eq!(game.seeds(), [1, 1, 1, 3, 0, 0]);
}

#[test]
fn a_last_seed_on_a_hole_of_ones_camp_holding_seeds_is_sown_on() {
    // « si la main termine dans son camp sur une case contenant des pierres,
    // on reprend ces pierres dans la main et on relance la phase de semailles »
    // Hole 1: 2, 3; hole 3 held 1, so its 2 seeds go on: 4, 5; hole 5 was
    // empty: the harvest takes hole 8, which holds 1 like hole 5.
    let pits = [2, 0, 1, 0, 0, 0, 4, 1, 4, 4, 4, 4];
    let mut game = position(&pits, [0, 0], Player::SUD);
    assert_eq!(gains(game.play(1).unwrap()), [1, 0]);
    assert_eq!(game.seeds(), [0, 1, 0, 1, 1, 0, 4, 0, 4, 4, 4, 4]);
    assert_eq!(to_move(&game), Player::NORD);
}

#[test]
fn the_relay_is_not_a_new_choice_and_may_pass_through_ones_store() {
    // « Ce n'est pas comme rejouer car on n'a pas le choix de la case. »
    // Hole 5: 6, which held 1: its 2 seeds go to the store and hole 7.
    let pits = [0, 0, 0, 0, 1, 1, 4, 4, 4, 4, 4, 4];
    let mut game = position(&pits, [0, 0], Player::SUD);
    assert_eq!(gains(game.play(5).unwrap()), [1, 0]);
    assert_eq!(game.seeds(), [0, 0, 0, 0, 0, 0, 5, 4, 4, 4, 4, 4]);
    // The last seed fell in the opponent's camp: no relay there, NORD moves.
    assert_eq!(to_move(&game), Player::NORD);
}

#[test]
fn ending_in_ones_own_store_must_play_again_with_a_new_hole() {
    // « si la phase de semailles termine dans son grenier on doit rejouer en
    // choisissant une nouvelle case. »
    let pits = [4, 4, 4, 4, 4, 1, 4, 4, 4, 4, 4, 4];
    let mut game = position(&pits, [0, 0], Player::SUD);
    assert_eq!(game.prompt(), None);
    assert_eq!(gains(game.play(6).unwrap()), [1, 0]);
    assert_eq!(to_move(&game), Player::SUD);
    assert_eq!(
        game.prompt().unwrap(),
        "Semis fini au grenier : SUD rejoue (1 à 5, ou 0 pour finir d'un commun accord)"
    );
    // A relay ending in the store plays again too.
    let pits = [0, 0, 0, 0, 1, 1, 4, 4, 4, 4, 4, 4];
    let mut game = position(&pits, [0, 0], Player::SUD);
    game.play(5).unwrap(); // 6 held 1: its 2 seeds go to the store and 7
    assert_eq!(to_move(&game), Player::NORD);
    let pits = [0, 0, 0, 1, 1, 0, 4, 4, 4, 4, 4, 4];
    let mut game = position(&pits, [0, 0], Player::SUD);
    game.play(4).unwrap(); // 5 held 1: its 2 seeds go to 6 and the store
    assert_eq!(to_move(&game), Player::SUD);
    assert_eq!(game.scores(), [1, 0]);
}

#[test]
fn ending_on_an_empty_hole_of_ones_camp_harvests_every_equal_facing_hole() {
    // « on récolte toutes les pierres des cases de l'adversaire qui ont le
    // même nombre de pierres que leur vis-à-vis de notre camp. » Hole 2's 2
    // seeds go to 3 and 4 (empty: it now holds 1). Facing pairs: 1-12 (3, 3),
    // 3-10 (3, 3), 4-9 (1, 1), 5-8 (2, 5), 6-7 (0, 0).
    let pits = [3, 2, 2, 0, 2, 0, 0, 5, 1, 3, 4, 3];
    let mut game = position(&pits, [0, 0], Player::SUD);
    assert_eq!(gains(game.play(2).unwrap()), [3 + 3 + 1, 0]);
    assert_eq!(game.seeds(), [3, 0, 3, 1, 2, 0, 0, 5, 0, 0, 4, 0]);
    assert_eq!(game.scores(), [7, 0], "one's own holes are never taken");
}

#[test]
fn ending_in_the_opponents_camp_makes_the_wari_harvest() {
    // « la règle de récolte du Wari s'applique également lorsque la phase de
    // semailles termine dans le camp adverse »: store, 7 (2), 8 (3), 9 (2),
    // then the holes before 9 holding 2 or 3.
    let pits = [0, 0, 0, 0, 0, 4, 1, 2, 1, 4, 4, 4];
    let mut game = position(&pits, [0, 0], Player::SUD);
    assert_eq!(gains(game.play(6).unwrap()), [1 + 2 + 3 + 2, 0]);
    assert_eq!(game.seeds(), [0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 4, 4]);
}

#[test]
fn the_wari_harvest_stops_at_the_first_hole_of_another_count() {
    // store, 7 (2), 8 (1), 9 (2): 9 is taken, 8 stops the run; 10 (after) stays.
    let pits = [0, 0, 0, 0, 0, 4, 1, 0, 1, 2, 4, 4];
    let mut game = position(&pits, [0, 0], Player::SUD);
    assert_eq!(gains(game.play(6).unwrap()), [1 + 2, 0]);
    assert_eq!(game.seeds(), [0, 0, 0, 0, 0, 0, 2, 1, 0, 2, 4, 4]);
    // A last hole of another count takes nothing.
    let pits = [0, 0, 0, 0, 0, 2, 3, 4, 4, 4, 4, 4];
    let mut game = position(&pits, [0, 0], Player::SUD);
    assert_eq!(gains(game.play(6).unwrap()), [1, 0]);
}

#[test]
fn reading_a_wari_harvest_of_the_whole_camp_takes_nothing() {
    // store, 7 (2), 8 (3): NORD's whole camp: a grand slam takes nothing.
    let pits = [1, 0, 0, 0, 0, 3, 1, 2, 0, 0, 0, 0];
    let mut game = position(&pits, [20, 20], Player::SUD);
    assert_eq!(gains(game.play(6).unwrap()), [1, 0]);
    assert_eq!(game.seeds(), [1, 0, 0, 0, 0, 0, 2, 3, 0, 0, 0, 0]);
    assert_eq!(to_move(&game), Player::NORD);
}

#[test]
fn reading_an_empty_opponent_row_must_be_fed() {
    // Holes 1 and 4 stay in SUD's row (their last seed falls in an empty
    // hole and harvests nothing); hole 6 reaches hole 7.
    let pits = [1, 0, 0, 1, 0, 2, 0, 0, 0, 0, 0, 0];
    let mut game = position(&pits, [20, 23], Player::SUD);
    assert_eq!(legal(&game), [6]);
    assert_eq!(
        game.play(1).unwrap_err(),
        "la rangée de NORD est vide : jouez un trou qui la nourrit"
    );
    assert!(game.play(6).is_ok());
}

#[test]
fn reading_a_player_who_cannot_feed_ends_the_game() {
    // SUD sows its last seeds: store, 7, which makes 2 but holds all of
    // NORD's seeds (a grand slam, nothing taken). NORD must feed SUD, but
    // hole 7's 2 seeds stop at 9.
    let pits = [0, 0, 0, 0, 0, 2, 1, 0, 0, 0, 0, 0];
    let mut game = position(&pits, [22, 23], Player::SUD);
    assert_eq!(gains(game.play(6).unwrap()), [1, 0]);
    assert_eq!(game.end_reason(), CANNOT_FEED);
    assert_eq!(game.scores(), [23, 25]);
    assert_eq!(outcome(&game), Outcome::winner(Player::NORD));
}

#[test]
fn reading_the_game_ends_when_the_player_to_move_has_an_empty_row() {
    // SUD's last seed goes to its store: SUD plays again with an empty row.
    let pits = [0, 0, 0, 0, 0, 1, 2, 0, 0, 0, 0, 0];
    let mut game = position(&pits, [22, 23], Player::SUD);
    game.play(6).unwrap();
    assert_eq!(game.end_reason(), EMPTY_ROW);
    assert_eq!(game.scores(), [23, 25]);
}

#[test]
fn the_game_is_won_as_soon_as_a_store_holds_more_than_half() {
    // « la partie est gagnée dès qu'un joueur possède plus de 24 pierres dans
    // son grenier. »
    let pits = [0, 0, 0, 0, 0, 1, 2, 2, 2, 2, 2, 2];
    let mut game = position(&pits, [24, 11], Player::SUD);
    assert_eq!(game.board().total, 48);
    game.play(6).unwrap();
    assert_eq!(game.end_reason(), MAJORITY);
    assert_eq!(game.scores(), [25, 23]);
    assert_eq!(outcome(&game), Outcome::winner(Player::SUD));
}

#[test]
fn both_players_may_agree_to_end_the_game() {
    let mut game = new_game(&[], Player::SUD);
    game.play(3).unwrap(); // 4, 5, 6, store
    game.end_by_agreement().unwrap();
    assert_eq!(game.end_reason(), AGREEMENT);
    assert_eq!(game.scores(), [24, 24]);
    assert_eq!(outcome(&game), Outcome::DRAW);
    assert!(game.end_by_agreement().is_err());
}

#[test]
fn the_holes_option_numbers_the_board_along_the_circuit() {
    // Two rows of 4: NORD's hole 8 is followed by NORD's store, then hole 1.
    let pits = [4, 4, 4, 4, 4, 4, 4, 2];
    let mut game = position(&pits, [0, 0], Player::NORD);
    assert_eq!(gains(game.play(8).unwrap()), [0, 1]);
    assert_eq!(game.seeds(), [5, 4, 4, 4, 4, 4, 4, 0]);
    assert_eq!(game.layout(), Layout::two_rows(4));
}

#[test]
fn title_and_article() {
    assert_names::<Codjito>("codjito", "Codjito", "de Codjito");
}

#[test]
fn conformance_kit_passes() {
    Conformance::new().passes::<Codjito>();
}

#[test]
fn conformance_kit_passes_on_other_boards() {
    Conformance::new().games(300).passes_with_each::<Codjito>(&[
        &[("holes", "3"), ("seeds", "3")],
        &[("holes", "10"), ("seeds", "7")],
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
            let game = Codjito::from_position(TwoRows::new(holes), pits, [0, 0], first);
            let stores = game.store_game.stores();
            assert_progress(game, &choices, |game| {
                let board = game.board();
                (board.scores.iter().sum(), stores.distance_to_stores(board.holes()))
            });
        }
    }
}
