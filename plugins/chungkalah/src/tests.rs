//! One test per rule sentence of seed 004 (« chungkalah »), named after the
//! rule, then one per reading chosen where the seed is silent, and the
//! options. Positions are written hole by hole (index `n - 1` is hole `n`);
//! their size is the `holes` option.

use super::*;
use variant_kit::TwoRows;
use variant_kit::{Layout, Turn, Variant};
use variant_testing::{
    assert_either_may_start, assert_names, assert_progress, filled, gains, holes, legal, outcome,
    refused, to_move, Conformance,
};

/// A game on two rows of `pits.len() / 2` holes at `pits` (index `n - 1`
/// is hole `n`), with `stores` and `to_move` to play.
fn position(pits: &[u8], stores: [u32; 2], to_move: Player) -> Chungkalah {
    Chungkalah::from_position(TwoRows::new(pits.len() / 2), holes(pits), stores, to_move)
}

fn new_game(options: &[(&str, &str)], first: Player) -> Chungkalah {
    variant_testing::new_game(options, first)
}

#[test]
fn six_holes_of_2_seeds_and_two_empty_stores_by_default() {
    // « Le plateau ci-dessus est celui du jeu américain kalah, à 6 cases par
    // joueuse » ; « Par exemple 2 graines par case ».
    let game = new_game(&[], Player::SUD);
    assert_eq!(game.seeds(), vec![2; 12]);
    assert_eq!(game.scores(), [0, 0]);
    assert_eq!(game.board.total, 24);
    assert_eq!(game.layout(), Layout::two_rows(6));
    assert_eq!(legal(&game), [1, 2, 3, 4, 5, 6]);
}

#[test]
fn any_number_of_holes_per_player_and_1_to_9_seeds_per_hole() {
    // « On peut aussi jouer avec un autre nombre de cases par joueuse [...]
    // voire moins » ; « un certain nombre de graines (de 1 à 9) ».
    let game = new_game(&[("holes", "4"), ("seeds", "3")], Player::NORD);
    assert_eq!(game.seeds(), vec![3; 8]);
    assert_eq!(game.layout(), Layout::two_rows(4));
    assert_eq!(legal(&game), [5, 6, 7, 8]);
    assert_eq!(game.board.total, 24, "« voire 24 (3 par case) »");
    for (holes, seeds) in [("7", "5"), ("8", "4"), ("1", "1")] {
        let game = new_game(&[("holes", holes), ("seeds", seeds)], Player::SUD);
        let n: u32 = holes.parse().unwrap();
        assert_eq!(game.layout(), Layout::two_rows(n));
        assert_eq!(game.seeds().len() as u32, 2 * n);
    }
    let big = new_game(&[("holes", "12"), ("seeds", "9")], Player::SUD);
    assert_eq!(big.board.total, 216, "at most 216 in a hole");
    assert!(big.layout().wide, "100 seeds or more: wide columns");
    assert!(!game.layout().wide);
    for bad in [
        ("holes", "0"),
        ("holes", "13"),
        ("seeds", "0"),
        ("seeds", "10"),
    ] {
        assert!(refused::<Chungkalah>(&[bad]).contains(bad.0), "{bad:?}");
    }
}

#[test]
fn either_player_may_start() {
    assert_either_may_start::<Chungkalah>();
}

#[test]
fn a_player_chooses_a_non_empty_hole_of_her_own_row() {
    // « Chaque joueuse à son tour choisit une de ses cases (les plus proches
    // d'elle) puis en retire toutes les graines ».
    let mut game = position(&[2, 0, 2, 2, 2, 2, 2, 2], [0, 0], Player::SUD);
    assert_eq!(legal(&game), [1, 3, 4]);
    let before = game.seeds();
    assert_eq!(game.play(2).unwrap_err(), "le trou 2 est vide");
    assert_eq!(
        game.play(5).unwrap_err(),
        "le trou 5 est à NORD : jouez un trou de 1 à 4"
    );
    assert_eq!(
        game.play(9).unwrap_err(),
        "9 n'est pas un trou : jouez un trou de 1 à 4"
    );
    assert_eq!(game.seeds(), before);
    assert_eq!(to_move(&game), Player::SUD);
}

#[test]
fn seeds_are_sown_one_by_one_to_the_right() {
    // « elle sème les graines, une par une, vers la droite. Par exemple si Sud
    // choisit de semer les graines de la case tout à gauche »
    let mut game = new_game(&[], Player::SUD);
    assert_eq!(gains(game.play(1).unwrap()), [0, 0]);
    assert_eq!(game.seeds(), [0, 3, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2]);
    assert_eq!(to_move(&game), Player::NORD);
}

#[test]
fn from_the_rightmost_hole_the_first_seed_goes_to_her_store_then_to_nord() {
    // « Si elle choisit la case tout à droite, elle sème la première graine
    // dans sa réserve (à sa droite) puis la suivante chez Nord, et à partir de
    // là elle sèmera chez Nord de droite à gauche »
    let mut game = new_game(&[], Player::SUD);
    assert_eq!(gains(game.play(6).unwrap()), [1, 0]);
    assert_eq!(game.seeds(), [2, 2, 2, 2, 2, 0, 3, 2, 2, 2, 2, 2]);
    assert_eq!(game.scores(), [1, 0]);
    let mut game = position(&[0, 0, 0, 4, 1, 1, 1, 1], [0, 0], Player::SUD);
    game.play(4).unwrap(); // store, 5, 6, 7: NORD's row from right to left
    assert_eq!(game.seeds(), [0, 0, 0, 0, 2, 2, 2, 1]);
}

#[test]
fn past_the_far_left_she_goes_on_from_her_own_leftmost_hole() {
    // « Si jamais il y a tellement de graines à semer qu'on finit par arriver
    // tout à gauche, on continue à partir de chez soi tout à gauche, de gauche
    // à droite. En résumé, on sème dans le sens giratoire, en passant par sa
    // réserve mais pas celle de l'opposante. »
    let mut game = position(&[0, 0, 0, 7, 0, 0, 0, 0], [0, 0], Player::SUD);
    assert_eq!(gains(game.play(4).unwrap()), [1, 0]); // store, 5 .. 8, 1, 2
    assert_eq!(game.seeds(), [1, 1, 0, 0, 1, 1, 1, 1]);
    assert_eq!(game.scores(), [1, 0]);
    // NORD's hole 8: NORD's store, SUD's 1 .. 4, SUD's store passed by, 5, 6.
    let mut game = position(&[0, 0, 0, 0, 1, 0, 0, 7], [0, 0], Player::NORD);
    assert_eq!(gains(game.play(8).unwrap()), [0, 1]);
    assert_eq!(game.seeds(), [1, 1, 1, 1, 2, 1, 0, 0]);
    assert_eq!(game.scores(), [0, 1]);
    // Two laps pass one's store twice: 2 seeds gained.
    let mut game = position(&[9, 0, 1, 1], [0, 0], Player::SUD);
    assert_eq!(gains(game.play(1).unwrap()), [2, 0]);
    assert_eq!(game.seeds(), [1, 2, 3, 3]);
    assert_eq!(to_move(&game), Player::NORD);
}

#[test]
fn reading_the_starting_hole_is_sown_when_the_sowing_goes_round() {
    // 2n + 1 = 9 seeds on 2×4: 2, 3, 4, store, 5 .. 8, then hole 1 itself.
    let mut game = position(&[9, 0, 0, 0, 1, 1, 1, 1], [0, 0], Player::SUD);
    game.play(1).unwrap();
    assert_eq!(game.seeds(), [1, 1, 1, 1, 2, 2, 2, 2]);
    assert_eq!(game.scores(), [1, 0]);
}

#[test]
fn nothing_is_ever_captured() {
    // The seed has no capture: Kalah's last seed in an empty hole of one's
    // row facing seeds takes nothing here.
    let mut game = position(&[1, 0, 1, 1, 1, 1, 5, 1], [0, 0], Player::SUD);
    assert_eq!(gains(game.play(1).unwrap()), [0, 0]); // hole 2, empty, faces hole 7 (5)
    assert_eq!(game.seeds(), [0, 1, 1, 1, 1, 1, 5, 1]);
    // Nor does a last seed making 2 or 3 in the opponent's row, as in Awalé.
    let mut game = position(&[0, 0, 0, 2, 1, 1, 1, 1], [0, 0], Player::SUD);
    assert_eq!(gains(game.play(4).unwrap()), [1, 0]); // store, 5
    assert_eq!(game.seeds(), [0, 0, 0, 0, 2, 1, 1, 1]);
}

#[test]
fn the_turn_ends_with_the_sowing_and_the_opponent_plays() {
    // « Le tour de jeu s'arrête lorsqu'on a fini de semer les graines de la
    // case choisie, et c'est à l'opposante de jouer. »
    let mut game = new_game(&[], Player::NORD);
    game.play(7).unwrap(); // 8, 9
    assert_eq!(to_move(&game), Player::SUD);
    assert_eq!(game.prompt(), None);
}

#[test]
fn a_last_seed_in_her_store_plays_again() {
    // « Sauf si la dernière graine tombe dans la réserve [...] Dans ce cas, on
    // rejoue : on choisit une autre case non vide »
    let mut game = new_game(&[], Player::SUD);
    game.play(5).unwrap(); // 6, store
    assert_eq!(game.scores(), [1, 0]);
    assert_eq!(to_move(&game), Player::SUD);
    assert_eq!(legal(&game), [1, 2, 3, 4, 6]);
    assert_eq!(
        game.prompt().unwrap(),
        "Semis fini en réserve : SUD rejoue (1 à 4 6, ou 0 pour finir d'un commun accord)"
    );
    game.play(1).unwrap();
    assert_eq!(to_move(&game), Player::NORD);
    assert_eq!(game.prompt(), None);
    let mut game = new_game(&[], Player::NORD);
    game.play(11).unwrap(); // 12, NORD's store
    assert_eq!(to_move(&game), Player::NORD);
    assert!(game.prompt().unwrap().contains("NORD rejoue ("));
}

#[test]
fn she_may_play_again_several_times_as_in_the_seeds_example() {
    // « Il est possible de rejouer plusieurs fois [...] Sud peut jouer les 3
    // graines [...] elle rejoue, la case tout à droite [...] rejouer, les deux
    // graines de droite [...] de rejouer encore, la graine tout à droite [...]
    // et donc encore de rejouer [...] Comme la dernière graine n'est pas tombée
    // dans sa réserve, son tour de jeu est (enfin) terminé ».
    let pits = [1, 0, 0, 3, 1, 0, 2, 2, 2, 2, 2, 2];
    let mut game = position(&pits, [0, 0], Player::SUD);
    for (hole, seeds) in [
        (4, [1, 0, 0, 0, 2, 1]),
        (6, [1, 0, 0, 0, 2, 0]),
        (5, [1, 0, 0, 0, 0, 1]),
        (6, [1, 0, 0, 0, 0, 0]),
    ] {
        assert_eq!(gains(game.play(hole).unwrap()), [1, 0], "hole {hole}");
        assert_eq!(game.seeds()[..6], seeds);
        assert_eq!(to_move(&game), Player::SUD, "SUD plays again");
    }
    assert_eq!(gains(game.play(1).unwrap()), [0, 0]);
    assert_eq!(game.scores(), [4, 0]);
    assert_eq!(to_move(&game), Player::NORD);
}

#[test]
fn the_game_ends_when_the_player_to_move_has_no_seed_in_her_row() {
    // « Lorsqu'une joueuse n'a plus de graine dans sa rangée alors que c'est à
    // son tour de (re)jouer, le jeu s'arrête. [...] la gagnante est celle qui
    // a le plus de graines dans sa réserve. Ci-dessus c'est Sud qui a gagné
    // puisqu'elle a 8 graines dans sa réserve alors que Nord n'a que 4 ».
    let pits = [0, 0, 0, 0, 0, 0, 1, 3, 2, 2, 2, 2];
    let mut game = position(&pits, [8, 4], Player::NORD);
    assert_eq!(game.board.total, 24);
    game.play(7).unwrap(); // 8: SUD, to move, has an empty row
    assert_eq!(outcome(&game), Outcome::winner(Player::SUD));
    assert_eq!(game.end_reason(), EMPTY_ROW);
    assert!(legal(&game).is_empty());
    assert_eq!(game.play(1).unwrap_err(), "la partie est finie");
    assert_eq!(game.prompt(), None);
}

#[test]
fn reading_the_seeds_left_on_the_board_are_not_counted() {
    // The same end: NORD's 12 seeds stay on the board and count for nobody
    // (with Kalah's split NORD would win 16 to 8).
    let pits = [0, 0, 0, 0, 0, 0, 1, 3, 2, 2, 2, 2];
    let mut game = position(&pits, [8, 4], Player::NORD);
    game.play(7).unwrap();
    assert_eq!(game.scores(), [8, 4]);
    assert_eq!(game.seeds(), [0, 0, 0, 0, 0, 0, 0, 4, 2, 2, 2, 2]);
    assert_eq!(outcome(&game), Outcome::winner(Player::SUD));
}

#[test]
fn the_game_also_ends_when_the_player_who_replays_has_an_empty_row() {
    // « alors que c'est à son tour de (re)jouer »
    let pits = [0, 0, 0, 0, 0, 1, 3, 0, 0, 0, 0, 0];
    let mut game = position(&pits, [4, 5], Player::SUD);
    assert_eq!(gains(game.play(6).unwrap()), [1, 0]);
    assert_eq!(game.scores(), [5, 5]);
    assert_eq!(
        outcome(&game),
        Outcome::winner(Player::NORD),
        "equal stores: NORD's row is not empty"
    );
}

#[test]
fn reading_an_empty_row_of_the_opponent_does_not_end_the_game() {
    // NORD's row is empty, but SUD is to move and plays again.
    let pits = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0];
    let mut game = position(&pits, [3, 8], Player::SUD);
    game.play(6).unwrap(); // store
    assert_eq!(to_move(&game), Player::SUD);
    assert_eq!(legal(&game), [1]);
    // SUD's hole 1 stays in her row: NORD, to move, has an empty row.
    game.play(1).unwrap();
    assert_eq!(outcome(&game), Outcome::winner(Player::NORD));
    assert_eq!(game.scores(), [4, 8]);
    assert_eq!(game.seeds(), [0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    // A sowing may feed the opponent's empty row, and the game goes on.
    let pits = [0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0];
    let mut game = position(&pits, [3, 8], Player::SUD);
    game.play(6).unwrap(); // store, 7
    assert_eq!(to_move(&game), Player::NORD);
    assert_eq!(legal(&game), [7]);
}

#[test]
fn with_equal_stores_the_player_whose_row_is_not_empty_wins() {
    // « Si les deux réserves contiennent autant de graines, la gagnante est
    // celle dont la rangée n'est pas vide. »
    let pits = [0, 0, 0, 0, 1, 0, 1, 0];
    let mut game = position(&pits, [6, 6], Player::NORD);
    game.play(5).unwrap(); // 6: SUD, to move, has an empty row
    assert_eq!(game.scores(), [6, 6]);
    assert_eq!(outcome(&game), Outcome::winner(Player::NORD));
    assert_eq!(game.end_reason(), EMPTY_ROW_TIE);
}

#[test]
fn with_equal_stores_and_both_rows_empty_nobody_wins() {
    // « Si les deux réserves contiennent autant de graines et que les deux
    // rangées sont vides, il n'y a pas de gagnante : partie nulle. »
    let pits = [0, 0, 0, 1, 0, 0, 0, 0];
    let mut game = position(&pits, [3, 4], Player::SUD);
    game.play(4).unwrap(); // store: SUD replays with an empty row
    assert_eq!(game.scores(), [4, 4]);
    assert_eq!(outcome(&game), Outcome::DRAW);
    assert_eq!(game.end_reason(), EMPTY_ROWS_DRAW);
    // Unequal stores with both rows empty: the larger store wins.
    let mut game = position(&pits, [3, 2], Player::SUD);
    game.play(4).unwrap();
    assert_eq!(outcome(&game), Outcome::winner(Player::SUD));
    assert_eq!(game.end_reason(), EMPTY_ROW);
}

#[test]
fn reading_both_players_may_agree_to_end_the_game() {
    // The stores are compared, the seeds left are not counted.
    let mut game = new_game(&[], Player::SUD);
    game.play(5).unwrap(); // 6, store
    game.end_by_agreement().unwrap();
    assert_eq!(game.scores(), [1, 0]);
    assert_eq!(game.seeds(), [2, 2, 2, 2, 0, 3, 2, 2, 2, 2, 2, 2]);
    assert_eq!(outcome(&game), Outcome::winner(Player::SUD));
    assert_eq!(game.end_reason(), AGREEMENT);
    assert_eq!(game.end_by_agreement().unwrap_err(), "la partie est finie");
    assert!(legal(&game).is_empty());
    // Equal stores: the player whose row alone is not empty wins...
    let mut game = position(&[0, 2, 0, 0, 0, 0], [5, 5], Player::SUD);
    game.end_by_agreement().unwrap();
    assert_eq!(outcome(&game), Outcome::winner(Player::SUD));
    // ...and if both rows hold seeds, it is a draw.
    let mut game = position(&[0, 0, 1, 2, 0, 0], [5, 5], Player::SUD);
    game.end_by_agreement().unwrap();
    assert_eq!(outcome(&game), Outcome::DRAW);
}

#[test]
fn the_holes_option_numbers_the_board_along_the_circuit() {
    // « Pour commencer, on peut essayer avec ce petit plateau » (2×4): SUD's
    // hole 4 is followed by SUD's store, then NORD's 5 .. 8.
    let mut game = new_game(&[("holes", "4"), ("seeds", "2")], Player::SUD);
    assert_eq!(game.board.total, 16, "« avec 16 graines »");
    game.play(3).unwrap(); // 4, store
    assert_eq!(game.seeds(), [2, 2, 0, 3, 2, 2, 2, 2]);
    assert_eq!(to_move(&game), Player::SUD);
    game.play(4).unwrap(); // store, 5, 6
    assert_eq!(game.seeds(), [2, 2, 0, 0, 3, 3, 2, 2]);
    assert_eq!(game.scores(), [2, 0]);
    assert_eq!(legal(&game), [5, 6, 7, 8]);
}

#[test]
fn one_hole_a_player_still_plays_by_the_rules() {
    // « voire moins »: on 2×1 a single seed goes to one's store; SUD then
    // replays with an empty row and wins 1 to 0.
    let mut game = new_game(&[("holes", "1"), ("seeds", "1")], Player::SUD);
    assert_eq!(legal(&game), [1]);
    assert_eq!(gains(game.play(1).unwrap()), [1, 0]);
    assert_eq!(outcome(&game), Outcome::winner(Player::SUD));
    assert_eq!(game.seeds(), [0, 1]);
    // With 3 seeds, NORD's hole 2: NORD's store, 1, 2.
    let mut game = new_game(&[("holes", "1"), ("seeds", "3")], Player::NORD);
    assert_eq!(gains(game.play(2).unwrap()), [0, 1]);
    assert_eq!(game.seeds(), [4, 1]);
    assert_eq!(to_move(&game), Player::SUD);
    // SUD's hole 1: store, 2, 1, store; then 1 again: store, and her row is empty.
    assert_eq!(gains(game.play(1).unwrap()), [2, 0]);
    assert_eq!(game.seeds(), [1, 2]);
    assert_eq!(gains(game.play(1).unwrap()), [1, 0]);
    assert_eq!(game.turn(), Turn::Over(Outcome::winner(Player::SUD)));
    assert_eq!(game.scores(), [3, 1]);
}

#[test]
fn title_rules_and_article() {
    assert_names::<Chungkalah>("chungkalah", "Chungkalah", "de Chungkalah");
    let description = Chungkalah::describe();
    for reading in [
        "les graines restées sur le plateau ne comptent pas",
        "sème aussi la case de départ",
        "Il n'y a aucune prise",
        "Une rangée vide chez l'opposante n'arrête pas la partie",
        "quand une joueuse entre 0",
        "la gagnante est celle dont la rangée n'est pas vide",
        "la partie est nulle",
        "ne peut pas boucler",
    ] {
        assert!(description.rules.contains(reading), "{reading}");
    }
}

#[test]
fn the_end_reasons_are_one_line_each() {
    // Constants, chosen on the machine path without building a text.
    for reason in [EMPTY_ROW, EMPTY_ROW_TIE, EMPTY_ROWS_DRAW, AGREEMENT] {
        assert!(!reason.contains('\n') && reason.ends_with('.'));
    }
}

#[test]
fn conformance_kit_passes() {
    Conformance::new().passes::<Chungkalah>();
}

#[test]
fn conformance_kit_passes_on_other_boards() {
    // The seed's small board, its smallest, and its largest (fewer games:
    // they are long).
    for (options, games) in [
        ([("holes", "4"), ("seeds", "3")], 300),
        ([("holes", "1"), ("seeds", "9")], 300),
        ([("holes", "12"), ("seeds", "9")], 40),
    ] {
        Conformance::new()
            .games(games)
            .options(&options)
            .passes::<Chungkalah>();
    }
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
            holes in 1..=12usize,
            seeds in 1..=9u8,
            nord_first: bool,
        ) {
            let first = if nord_first { Player::NORD } else { Player::SUD };
            let pits = filled(2 * holes, seeds);
            let game = Chungkalah::from_position(TwoRows::new(holes), pits, [0, 0], first);
            let game = assert_progress(game, &choices, |game| {
                let board = &game.board;
                (board.scores.iter().sum(), game.stores().distance_to_stores(board.holes()))
            });
            if legal(&game).is_empty() {
                prop_assert!(game.board.is_over());
            }
        }
    }
}
