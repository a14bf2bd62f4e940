//! One test per rule sentence of the seed section « LE OWANI », its worked
//! example as far as the text gives it, and each reading chosen where the
//! seed is silent.

use super::*;
use proptest::prelude::*;
use variant_kit::Outcome;
use variant_kit::{Layout, Turn, Variant};
use variant_testing::{assert_names, assert_not_ended, gains, legal, to_move, Conformance};

/// A game at `pits` (index `n - 1` is hole `n`) with `to_move` to play.
fn position(pits: [u8; HOLES], to_move: Player) -> Owani {
    Owani::from_position(pits, [0, 0], to_move)
}

fn new_game(first: Player) -> Owani {
    variant_testing::new_game(&[], first)
}

#[test]
fn au_depart_chaque_trou_contient_4_graines() {
    let game = new_game(Player::SUD);
    assert_eq!(game.seeds(), vec![4; 12]);
    assert_eq!(game.scores(), vec![0, 0]);
    assert_eq!(game.layout(), Layout::two_rows(6));
}

#[test]
fn the_first_player_is_chosen() {
    for first in [Player::SUD, Player::NORD] {
        assert_eq!(to_move(&new_game(first)), first);
    }
}

#[test]
fn chacun_possede_une_des_rangees() {
    assert_eq!(
        legal(&position([4; HOLES], Player::SUD)),
        vec![1, 2, 3, 4, 5, 6]
    );
    assert_eq!(
        legal(&position([4; HOLES], Player::NORD)),
        vec![7, 8, 9, 10, 11, 12]
    );
}

#[test]
fn prend_toutes_les_graines_d_un_trou_de_sa_rangee() {
    let mut pits = [4; HOLES];
    pits[2] = 0;
    let mut game = position(pits, Player::SUD);
    assert_eq!(legal(&game), vec![1, 2, 4, 5, 6]);
    let before = game.clone();
    assert!(game.play(3).unwrap_err().contains("vide"));
    assert!(game.play(7).unwrap_err().contains("NORD"));
    assert!(game.play(13).unwrap_err().contains("n'est pas un trou"));
    assert_eq!(game.seeds(), before.seeds());
    assert_eq!(game.turn(), before.turn());
}

#[test]
fn reading_there_is_no_duty_to_feed_an_empty_row() {
    let pits = [1, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0];
    assert_eq!(legal(&position(pits, Player::SUD)), vec![1, 5]);
}

#[test]
fn il_les_seme_une_a_une_dans_les_trous_suivants_sens_antihoraire() {
    // SUD's hole 5 (3 seeds) sows 6, 7, 8; hole 8 held 4, so nothing is taken.
    let pits = [0, 0, 0, 0, 3, 0, 0, 4, 0, 0, 0, 2];
    let mut game = position(pits, Player::SUD);
    assert_eq!(gains(game.play(5).unwrap()), [0, 0]);
    assert_eq!(game.seeds(), vec![0, 0, 0, 0, 0, 1, 1, 5, 0, 0, 0, 2]);
}

#[test]
fn hole_12_is_followed_by_hole_1() {
    // NORD's hole 11 (3 seeds) sows 12, 1 and 2; hole 2 was empty.
    let pits = [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 3, 0];
    let mut game = position(pits, Player::NORD);
    game.play(11).unwrap();
    assert_eq!(game.seeds(), vec![1, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1]);
}

#[test]
fn s_il_aboutit_a_un_trou_de_sa_rangee_il_reprend_ses_graines_et_seme_a_nouveau() {
    // SUD's hole 4 (2 seeds) ends in hole 6, which held 1: its 2 seeds go
    // to 7 and 8; hole 8 was empty, so the turn ends.
    let pits = [0, 0, 0, 2, 0, 1, 0, 0, 0, 0, 0, 1];
    let mut game = position(pits, Player::SUD);
    assert_eq!(gains(game.play(4).unwrap()), [0, 0]);
    assert_eq!(game.seeds(), vec![0, 0, 0, 0, 1, 0, 1, 1, 0, 0, 0, 1]);
    assert_eq!(to_move(&game), Player::NORD);
}

#[test]
fn reading_a_last_seed_in_an_empty_hole_of_ones_row_is_sown_on() {
    // 4 -> 5 (empty): its single seed -> 6 (empty) -> 7, which held 1.
    let pits = [0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 1];
    let mut game = position(pits, Player::SUD);
    assert_eq!(gains(game.play(4).unwrap()), [2, 0]);
    assert_eq!(game.seeds(), vec![0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
}

#[test]
fn s_il_aboutit_a_un_trou_adverse_contenant_une_graine_il_s_en_empare() {
    // NORD's hole 12 (1 seed) ends in SUD's hole 1, which held 1.
    let pits = [1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 1];
    let mut game = position(pits, Player::NORD);
    assert_eq!(gains(game.play(12).unwrap()), [0, 2]);
    assert_eq!(game.seeds(), vec![0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0]);
    assert_eq!(game.scores(), vec![0, 2]);
    assert_eq!(to_move(&game), Player::SUD);
}

#[test]
fn s_il_aboutit_a_un_trou_adverse_contenant_deux_graines_il_s_en_empare() {
    // SUD's hole 6 (2 seeds) ends in hole 8, which held 2: 3 seeds taken.
    let pits = [1, 0, 0, 0, 0, 2, 0, 2, 0, 0, 0, 1];
    let mut game = position(pits, Player::SUD);
    assert_eq!(gains(game.play(6).unwrap()), [3, 0]);
    assert_eq!(game.seeds(), vec![1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
    assert_eq!(to_move(&game), Player::NORD);
}

#[test]
fn contenant_zero_graine_il_passe_son_tour() {
    let pits = [1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 1];
    let mut game = position(pits, Player::SUD);
    assert_eq!(gains(game.play(6).unwrap()), [0, 0]);
    assert_eq!(game.seeds(), vec![1, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 1]);
    assert_eq!(to_move(&game), Player::NORD);
}

#[test]
fn contenant_plus_de_deux_graines_il_passe_son_tour() {
    let pits = [1, 0, 0, 0, 0, 2, 0, 3, 0, 0, 0, 1];
    let mut game = position(pits, Player::SUD);
    assert_eq!(gains(game.play(6).unwrap()), [0, 0]);
    assert_eq!(game.seeds(), vec![1, 0, 0, 0, 0, 0, 1, 4, 0, 0, 0, 1]);
    assert_eq!(to_move(&game), Player::NORD);
}

#[test]
fn remarque_au_deuxieme_tour_il_saute_ses_propres_trous() {
    // 12 seeds from SUD's hole 1: holes 2..12 get one; back at hole 1 the
    // second lap begins, SUD's holes are skipped and the 12th seed falls in
    // hole 7, which now holds 2 (1 before it): taken.
    let mut pits = [0; HOLES];
    pits[0] = 12;
    let mut game = position(pits, Player::SUD);
    assert_eq!(gains(game.play(1).unwrap()), [2, 0]);
    assert_eq!(game.seeds(), vec![0, 1, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1]);
}

#[test]
fn remarque_north_skips_its_own_holes_on_the_second_lap() {
    // 14 seeds from NORD's hole 9: 11 go round to hole 8; then 10, 11, 12
    // are skipped and 1, 2, 3 get the last three.
    let mut pits = [0; HOLES];
    pits[8] = 14;
    let mut game = position(pits, Player::NORD);
    assert_eq!(game.sow(8), 2);
    assert_eq!(game.seeds(), vec![2, 2, 2, 1, 1, 1, 1, 1, 0, 1, 1, 1]);
}

#[test]
fn worked_example_the_hole_of_21_seeds() {
    // « Avant semage de la case contenant les 21 graines » / « Après semage
    // de la case qui contenait 21 graines »: the figures are not in the
    // text, so only the sowing of 21 seeds is rebuilt, from SUD's hole 3 on
    // an otherwise empty board. The first lap sows 4..12, 1, 2 (11 seeds);
    // the second lap sows only NORD's 7..12 (6 seeds); the third too, 7..10
    // (4 seeds). Hole 10 held 2 just before the last seed: 3 are taken.
    let mut pits = [0; HOLES];
    pits[2] = 21;
    let mut game = position(pits, Player::SUD);
    assert_eq!(gains(game.play(3).unwrap()), [3, 0]);
    assert_eq!(game.seeds(), vec![1, 1, 0, 1, 1, 1, 3, 3, 3, 0, 2, 2]);
}

#[test]
fn reading_seeds_of_an_earlier_lap_of_the_same_sowing_count() {
    // Hole 12 held 1 seed before the move; 23 seeds from hole 3 drop one
    // there on each of their three laps, the last one included. Just before
    // the last seed it held 3: nothing is taken.
    let mut pits = [0; HOLES];
    pits[2] = 23;
    pits[11] = 1;
    let mut game = position(pits, Player::SUD);
    assert_eq!(gains(game.play(3).unwrap()), [0, 0]);
    assert_eq!(game.seeds(), vec![1, 1, 0, 1, 1, 1, 3, 3, 3, 3, 3, 4]);
}

#[test]
fn reading_laps_are_counted_for_each_sowing_of_a_chain() {
    // 1 -> 2, which held 12: its 13 seeds start their own first lap (3..12,
    // 1), then their second lap skips SUD's holes: 7 and 8. Hole 8 held 1.
    let mut pits = [0; HOLES];
    pits[0] = 1;
    pits[1] = 12;
    let mut game = position(pits, Player::SUD);
    assert_eq!(gains(game.play(1).unwrap()), [2, 0]);
    assert_eq!(game.seeds(), vec![1, 0, 1, 1, 1, 1, 2, 0, 1, 1, 1, 1]);
}

/// What only grows smaller along a chain: the seeds in the mover's row,
/// then minus the sum of their places in that row.
fn measure(game: &Owani) -> (u32, i64) {
    let own = BOARD.row(game.board.to_move);
    let places: u32 = own
        .clone()
        .map(|pit| (pit - own.start) as u32 * u32::from(game.board.pits[pit]))
        .sum();
    (
        BOARD.row_seeds(&game.board.pits, game.board.to_move),
        -i64::from(places),
    )
}

proptest! {
    #[test]
    fn reading_a_chain_of_sowings_always_ends(
        pits in proptest::array::uniform12(0u8..=4),
        sud in any::<bool>(),
    ) {
        let mover = if sud { Player::SUD } else { Player::NORD };
        let game = position(pits, mover);
        for pit in game.board.own_non_empty() {
            let mut chain = game.clone();
            let mut hole = pit;
            loop {
                let before = measure(&chain);
                hole = chain.sow(hole);
                if BOARD.owner(hole) != mover {
                    break;
                }
                prop_assert!(measure(&chain) < before, "a relay must lower the measure");
            }
            let mut after = game.clone();
            let gained = after.sow_and_capture(pit);
            let total: u32 = game.seeds().iter().sum();
            prop_assert_eq!(after.seeds().iter().sum::<u32>() + gained, total);
        }
    }
}

#[test]
fn reading_a_player_with_an_empty_row_passes_and_the_other_plays_again() {
    // « L'action cesse lorsqu'il est évident qu'aucune prise ne sera plus
    // possible »: an empty row is no such evidence. SUD's hole 5 sows 6 and
    // 7 and takes NORD's last seeds (hole 7: 1 + 1); NORD passes.
    let pits = [0, 0, 0, 0, 2, 13, 1, 0, 0, 0, 0, 0];
    let mut game = position(pits, Player::SUD);
    assert_eq!(game.prompt(), None, "the host's prompt for a first move");
    assert_eq!(gains(game.play(5).unwrap()), [2, 0]);
    assert_eq!(
        to_move(&game),
        Player::SUD,
        "NORD has no seed: SUD plays again"
    );
    assert_eq!(legal(&game), vec![6]);
    assert_eq!(
        game.prompt().as_deref(),
        Some("NORD n'a plus de graine, SUD rejoue (6, ou 0 pour finir d'un commun accord)")
    );
    // Captures are still possible: hole 6's 14 seeds go round once (7..12,
    // 1..5), then only into NORD's holes: 7, 8 and 9, which held 1.
    assert_eq!(gains(game.play(6).unwrap()), [2, 0]);
    assert_eq!(game.seeds(), vec![1, 1, 1, 1, 1, 0, 2, 2, 0, 1, 1, 1]);
    assert_eq!(game.scores(), vec![4, 0]);
    assert_eq!(to_move(&game), Player::NORD);
    assert_eq!(game.prompt(), None, "NORD moves in turn: the host's prompt");
}

#[test]
fn reading_the_game_ends_when_fewer_than_two_seeds_are_left() {
    // SUD's hole 6 takes NORD's last seeds (hole 7: 1 + 1); one seed is left,
    // and a capture takes a hole that already held one or two.
    let pits = [1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0];
    let mut game = position(pits, Player::SUD);
    assert_eq!(gains(game.play(6).unwrap()), [2, 0]);
    assert_eq!(game.turn(), Turn::Over(Outcome::winner(Player::SUD)));
    assert_eq!(game.seeds(), vec![1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    assert_eq!(game.scores(), vec![2, 0], "the seed left counts for nobody");
    assert!(legal(&game).is_empty());
    assert!(game.play(1).is_err());
    assert_eq!(game.prompt(), None);
    assert_eq!(
        game.end_reason(),
        "il reste moins de deux graines sur le plateau, aucune prise n'est plus possible ; \
         les graines restées sur le plateau ne comptent pour personne."
    );
}

#[test]
fn le_vainqueur_est_celui_qui_a_acquis_le_plus_de_graines() {
    // « Le vainqueur est celui qui a acquis le plus grand nombre de graines. »
    // The seeds left on the board are not acquired: NORD's 9 seeds on the
    // board do not beat SUD's 3 taken.
    let pits = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 9, 0];
    let mut game = Owani::from_position(pits, [3, 2], Player::NORD);
    game.end_by_agreement().unwrap();
    assert_eq!(
        game.seeds(),
        pits.map(u32::from).to_vec(),
        "the board stays"
    );
    assert_eq!(game.scores(), vec![3, 2]);
    assert_eq!(game.turn(), Turn::Over(Outcome::winner(Player::SUD)));
}

#[test]
fn reading_the_game_ends_when_a_position_repeats_since_the_last_capture() {
    // Two single seeds chase each other round the board without a capture.
    let pits = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1];
    let mut game = position(pits, Player::SUD);
    let mut seen = vec![(game.board.pits, game.board.to_move)];
    for moves in 1.. {
        assert!(moves < 200, "the repetition rule must end this game");
        let pit = game.board.own_non_empty().next().unwrap();
        assert_eq!(gains(game.play(pit as u32 + 1).unwrap()), [0, 0]);
        let key = (game.board.pits, game.board.to_move);
        let over = matches!(game.turn(), Turn::Over(_));
        assert_eq!(over, seen.contains(&key), "after move {moves}");
        if over {
            assert_eq!(game.seeds().iter().sum::<u32>(), 2, "the seeds stay");
            assert_eq!(game.turn(), Turn::Over(Outcome::DRAW));
            assert_eq!(
                game.end_reason(),
                "la position s'est répétée depuis la dernière prise ; \
                 les graines restées sur le plateau ne comptent pour personne."
            );
            return;
        }
        seen.push(key);
    }
}

#[test]
fn reading_a_capture_clears_the_positions_seen_before() {
    let pits = [1, 0, 0, 0, 0, 2, 0, 2, 0, 0, 0, 1];
    let mut game = position(pits, Player::SUD);
    game.play(6).unwrap();
    assert_eq!(
        game.board.history.len(),
        1,
        "only the position after the capture"
    );
}

#[test]
fn reading_entering_0_ends_the_game_and_the_seeds_left_count_for_nobody() {
    let pits = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0];
    let mut game = Owani::from_position(pits, [5, 4], Player::SUD);
    game.end_by_agreement().unwrap();
    assert_eq!(game.seeds(), vec![1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0]);
    assert_eq!(game.scores(), vec![5, 4]);
    assert_eq!(game.turn(), Turn::Over(Outcome::winner(Player::SUD)));
    assert!(game.end_by_agreement().is_err());
    assert!(legal(&game).is_empty());
    assert_eq!(
        game.end_reason(),
        "les joueurs sont d'accord pour finir ; \
         les graines restées sur le plateau ne comptent pour personne."
    );
}

#[test]
fn a_game_under_way_has_not_ended() {
    assert_not_ended(&new_game(Player::SUD));
}

#[test]
fn reading_equal_final_scores_are_a_draw() {
    let mut game = new_game(Player::NORD);
    game.end_by_agreement().unwrap();
    assert_eq!(game.scores(), vec![0, 0]);
    assert_eq!(game.turn(), Turn::Over(Outcome::DRAW));
}

#[test]
fn title_and_article() {
    assert_names::<Owani>("owani", "Owani", "d'Owani");
    let description = Owani::describe();
    assert_eq!(description.players, vec!["SUD", "NORD"]);
    assert!(description.options.is_empty());
    assert!(description.agreement_ends_game);
}

#[test]
fn conformance_kit_passes() {
    Conformance::new().passes::<Owani>();
}
