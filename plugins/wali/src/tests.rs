//! One test per rule sentence of the seed's « WALI » section, and one per
//! reading chosen where it is silent, named after the rule.

use super::*;
use variant_kit::Outcome;
use variant_kit::{Layout, Turn, Variant};
use variant_testing::{assert_names, assert_not_ended, gains, legal, to_move, Conformance};

/// A game at `pits` (index `n - 1` is hole `n`) with `to_move` to play.
fn position(pits: [u8; HOLES], to_move: Player) -> Wali {
    Wali::from_position(pits, [0, 0], to_move)
}

fn new_game(first: Player) -> Wali {
    variant_testing::new_game(&[], first)
}

#[test]
fn materiel_twelve_holes_in_two_rows_of_six() {
    let game = new_game(Player::SUD);
    assert_eq!(game.layout(), Layout::two_rows(6));
}

#[test]
fn action_au_depart_chaque_trou_contient_4_graines() {
    // « Au départ, chacun des 12 trous contient 4 graines. »
    let game = new_game(Player::SUD);
    assert_eq!(game.seeds(), vec![4; 12]);
    assert_eq!(game.scores(), vec![0, 0]);
}

#[test]
fn the_first_player_is_chosen() {
    for first in [Player::SUD, Player::NORD] {
        assert_eq!(to_move(&new_game(first)), first);
    }
}

#[test]
fn the_first_player_sows_any_hole_of_either_row() {
    // « Le premier joueur prend en main les graines contenues dans n'importe
    // quel trou de n'importe quelle rangée »
    let mut game = new_game(Player::SUD);
    assert_eq!(legal(&game), (1..=12).collect::<Vec<_>>());
    game.play(9).unwrap();
    assert_eq!(game.seeds(), vec![5, 4, 4, 4, 4, 4, 4, 4, 0, 5, 5, 5]);
}

#[test]
fn the_second_player_does_the_same_from_any_hole() {
    // « Le second joueur fait de même, en partant de n'importe quel trou de
    // n'importe quelle rangée »
    let mut game = new_game(Player::SUD);
    game.play(1).unwrap();
    assert_eq!(to_move(&game), Player::NORD);
    assert_eq!(legal(&game), (2..=12).collect::<Vec<_>>());
    game.play(2).unwrap();
    assert_eq!(game.seeds(), vec![0, 0, 6, 6, 6, 5, 5, 4, 4, 4, 4, 4]);
    assert_eq!(to_move(&game), Player::SUD);
}

#[test]
fn the_prompt_lists_the_holes_of_either_row_within_80_columns() {
    let pits = [2, 0, 0, 0, 3, 0, 0, 0, 0, 0, 1, 0];
    let game = position(pits, Player::NORD);
    assert_eq!(
        game.prompt().as_deref(),
        Some("NORD, quel trou semez-vous ? (1 5 11, ou 0 pour finir d'un commun accord)")
    );
    // The longest list of the board's twelve holes.
    let pits = [1, 1, 1, 0, 1, 1, 1, 0, 1, 1, 0, 1];
    assert_eq!(
        position(pits, Player::NORD).prompt().as_deref(),
        Some("NORD, quel trou ? (1 à 3 5 à 7 9 10 12, ou 0 pour finir d'un commun accord)")
    );
    assert_not_ended(&new_game(Player::SUD));
}

#[test]
fn an_empty_hole_or_a_number_off_the_board_is_refused_and_changes_nothing() {
    let mut pits = [4; HOLES];
    pits[2] = 0;
    let mut game = position(pits, Player::SUD);
    let before = (game.seeds(), game.scores().to_vec(), game.turn());
    assert_eq!(game.play(3).unwrap_err(), "le trou 3 est vide");
    assert!(game.play(13).unwrap_err().contains("n'est pas un trou"));
    assert_eq!((game.seeds(), game.scores().to_vec(), game.turn()), before);
}

#[test]
fn seeds_are_sown_one_by_one_counterclockwise_12_being_followed_by_1() {
    // « et les sème, une à une, dans les trous suivants, dans le sens antihoraire »
    let mut game = new_game(Player::NORD);
    game.play(11).unwrap();
    assert_eq!(game.seeds(), vec![5, 5, 5, 4, 4, 4, 4, 4, 4, 4, 0, 5]);
}

#[test]
fn reading_the_starting_hole_is_skipped_on_every_lap() {
    let mut pits = [0; HOLES];
    pits[0] = 23; // 11 holes, 11 holes, then hole 2 once more
    pits[8] = 1;
    let mut game = position(pits, Player::SUD);
    game.play(1).unwrap();
    let seeds = game.seeds();
    assert_eq!(seeds[0], 0, "the starting hole ends empty");
    assert_eq!(seeds[1], 3, "hole 2 got a seed on each of three passes");
    assert_eq!(seeds.iter().sum::<u32>(), 24);
}

#[test]
fn a_last_hole_that_held_1_and_now_holds_2_in_the_opponents_row_is_taken() {
    // « si le trou contenait déjà 1 ou 2 graines (et en contient ainsi 2 ou
    // 3), et se trouve sur la rangée de l'adversaire, il prend les graines du
    // trou, y compris celle qu'il apporte. »
    let pits = [1, 0, 0, 0, 0, 2, 3, 1, 4, 4, 4, 4];
    let mut game = position(pits, Player::SUD);
    assert_eq!(gains(game.play(6).unwrap()), [2, 0]);
    assert_eq!(game.seeds(), vec![1, 0, 0, 0, 0, 0, 4, 0, 4, 4, 4, 4]);
    assert_eq!(game.scores(), vec![2, 0]);
}

#[test]
fn a_last_hole_that_held_2_and_now_holds_3_in_the_opponents_row_is_taken() {
    // SUD's hole 6 (2 seeds) sows 7 and 8; hole 8 goes from 2 to 3.
    let pits = [1, 0, 0, 0, 0, 2, 4, 2, 4, 4, 4, 4];
    let mut game = position(pits, Player::SUD);
    assert_eq!(gains(game.play(6).unwrap()), [3, 0]);
    assert_eq!(game.seeds(), vec![1, 0, 0, 0, 0, 0, 5, 0, 4, 4, 4, 4]);
}

#[test]
fn a_last_hole_that_was_empty_or_held_more_than_2_gives_nothing() {
    // « Si ce trou, avant qu'il n'y parvienne, était vide ou contenait déjà
    // plus de 2 graines, il ne prend aucune graine. »
    for (before, after) in [(0, 1), (3, 4), (5, 6)] {
        let pits = [1, 0, 0, 0, 0, 2, 3, before, 4, 4, 4, 4];
        let mut game = position(pits, Player::SUD);
        assert_eq!(gains(game.play(6).unwrap()), [0, 0], "hole 8 held {before}");
        assert_eq!(game.seeds()[7], after);
        assert_eq!(game.scores(), vec![0, 0]);
    }
}

#[test]
fn a_last_hole_of_2_or_3_in_the_movers_own_row_gives_nothing() {
    // SUD's hole 1 (1 seed) sows hole 2, which goes from 1 to 2.
    let pits = [1, 1, 0, 0, 0, 0, 4, 4, 4, 4, 4, 4];
    let mut game = position(pits, Player::SUD);
    assert_eq!(gains(game.play(1).unwrap()), [0, 0]);
    assert_eq!(game.seeds()[1], 2);
}

#[test]
fn only_the_last_hole_is_taken_never_its_neighbours() {
    // SUD's hole 6 (3 seeds) sows 7, 8, 9: 7 goes 1 -> 2, 8 goes 2 -> 3, 9
    // goes 1 -> 2. Awalé would take all three; Wali takes hole 9 only.
    let pits = [1, 0, 0, 0, 0, 3, 1, 2, 1, 2, 4, 4];
    let mut game = position(pits, Player::SUD);
    assert_eq!(gains(game.play(6).unwrap()), [2, 0]);
    assert_eq!(game.seeds(), vec![1, 0, 0, 0, 0, 0, 2, 3, 0, 2, 4, 4]);
}

#[test]
fn reading_the_opponents_row_is_the_movers_opponents_whatever_row_was_sown() {
    // NORD sows SUD's hole 1 (1 seed) into hole 2 (1 -> 2), in SUD's row:
    // NORD takes it.
    let pits = [1, 1, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4];
    let mut game = position(pits, Player::NORD);
    assert_eq!(gains(game.play(1).unwrap()), [0, 2]);
    assert_eq!(game.scores(), vec![0, 2]);
    // SUD sows the same hole: the last hole is in SUD's own row, nothing.
    let mut game = position(pits, Player::SUD);
    assert_eq!(gains(game.play(1).unwrap()), [0, 0]);
}

#[test]
fn reading_a_capture_may_empty_the_opponents_row_and_the_game_goes_on() {
    // SUD's hole 6 (1 seed) makes 2 in hole 7, NORD's only seeds.
    let pits = [2, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0];
    let mut game = position(pits, Player::SUD);
    assert_eq!(gains(game.play(6).unwrap()), [2, 0]);
    assert_eq!(game.seeds(), vec![2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    assert_eq!(to_move(&game), Player::NORD);
}

#[test]
fn reading_a_player_with_an_empty_row_still_moves_without_being_fed() {
    let pits = [2, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0];
    let game = position(pits, Player::NORD);
    assert_eq!(legal(&game), vec![1, 5]);
    let game = position(pits, Player::SUD);
    assert_eq!(legal(&game), vec![1, 5], "no move has to feed NORD");
}

#[test]
fn taken_seeds_leave_the_board_and_count_at_the_end() {
    // « Les graines prises sont posées à côté du joueur. Elles n'interviendront
    // plus au cours de l'action et seront comptées en fin de partie. »
    let pits = [1, 0, 0, 0, 0, 2, 3, 1, 4, 4, 4, 4];
    let mut game = position(pits, Player::SUD);
    game.play(6).unwrap();
    assert_eq!(game.seeds().iter().sum::<u32>(), 21);
    game.end_by_agreement().unwrap();
    assert_eq!(game.scores(), vec![2 + 1, 4 + 4 * 4]);
}

#[test]
fn reading_the_game_ends_when_fewer_than_2_seeds_are_left_and_each_takes_their_row() {
    // « L'action cesse lorsqu'il est évident qu'aucune prise ne sera plus
    // possible. Chacun fait la somme des graines acquises et de celles restant
    // sur sa rangée. Le vainqueur est celui qui a ainsi le plus grand nombre
    // de graines. »
    let pits = [0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 1];
    let mut game = position(pits, Player::SUD);
    game.board.scores = [20, 25];
    assert_eq!(gains(game.play(6).unwrap()), [2, 0]);
    assert_eq!(game.seeds(), vec![0; 12], "the final board is empty");
    assert_eq!(game.scores(), vec![22, 26]);
    assert_eq!(game.turn(), Turn::Over(Outcome::winner(Player::NORD)));
    assert!(legal(&game).is_empty());
    assert_eq!(game.play(1).unwrap_err(), "la partie est finie");
    assert_eq!(game.end_reason(), FEW_SEEDS);
    assert_eq!(game.prompt(), None);
}

#[test]
fn reading_the_game_goes_on_while_2_seeds_are_left() {
    let pits = [0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 1, 1];
    let mut game = position(pits, Player::SUD);
    game.play(6).unwrap();
    assert_eq!(game.seeds().iter().sum::<u32>(), 2);
    assert_eq!(to_move(&game), Player::NORD);
    assert_eq!(legal(&game), vec![11, 12]);
}

#[test]
fn reading_the_game_ends_when_a_position_repeats_since_the_last_capture() {
    // Two single seeds in holes 1 and 7 follow each other round the board:
    // after 12 moves they are back in holes 7 and 1, SUD to move again.
    let pits = [1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0];
    let mut game = position(pits, Player::SUD);
    let (mut a, mut b) = (1, 7);
    for moves in 1..=12 {
        assert_eq!(
            to_move(&game),
            if moves % 2 == 1 {
                Player::SUD
            } else {
                Player::NORD
            }
        );
        let hole = if moves % 2 == 1 { &mut a } else { &mut b };
        assert_eq!(gains(game.play(*hole).unwrap()), [0, 0]);
        *hole = *hole % 12 + 1;
        assert_eq!(
            matches!(game.turn(), Turn::Over(_)),
            moves == 12,
            "over after move {moves}?"
        );
    }
    assert_eq!(
        game.scores(),
        vec![1, 1],
        "each takes the seed of their row"
    );
    assert_eq!(game.turn(), Turn::Over(Outcome::DRAW));
    assert_eq!(game.end_reason(), REPEATED);
}

#[test]
fn reading_a_capture_clears_the_positions_seen_before() {
    let pits = [1, 0, 0, 0, 0, 2, 3, 1, 4, 4, 4, 4];
    let mut game = position(pits, Player::SUD);
    game.play(6).unwrap();
    assert_eq!(
        game.board.history.len(),
        1,
        "only the position after the capture"
    );
}

#[test]
fn reading_entering_0_ends_the_game_and_each_takes_their_row() {
    let mut game = new_game(Player::SUD);
    game.play(3).unwrap(); // 3 -> 4, 5, 6, 7: SUD's row holds 23, NORD's 25.
    game.end_by_agreement().unwrap();
    assert_eq!(game.seeds(), vec![0; 12]);
    assert_eq!(game.scores(), vec![23, 25]);
    assert_eq!(game.turn(), Turn::Over(Outcome::winner(Player::NORD)));
    assert_eq!(game.end_reason(), AGREEMENT);
    assert_eq!(
        game.end_by_agreement().unwrap_err(),
        "la partie est déjà finie"
    );
}

#[test]
fn equal_totals_are_a_draw() {
    let mut game = new_game(Player::NORD);
    game.end_by_agreement().unwrap();
    assert_eq!(game.scores(), vec![24, 24]);
    assert_eq!(game.turn(), Turn::Over(Outcome::DRAW));
}

#[test]
fn title_and_article() {
    assert_names::<Wali>("wali", "Wali", "de Wali");
    let description = Wali::describe();
    assert!(description.agreement_ends_game);
    assert!(description.options.is_empty());
}

#[test]
fn conformance_kit_passes() {
    let report = Conformance::new().passes::<Wali>();
    assert_eq!(report.wins.iter().sum::<u32>() + report.draws, 2000);
}
