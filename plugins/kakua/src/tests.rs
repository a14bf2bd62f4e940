//! One test per rule sentence of the seed's « LE KAKUA », named after the
//! rule, then the worked example and the readings chosen.

use super::*;
use variant_kit::Outcome;
use variant_kit::{Layout, Turn, Variant};
use variant_testing::{assert_names, assert_not_ended, gains, legal, to_move, Conformance};

/// A game at `pits` (index `n - 1` is hole `n`) with `to_move` to play.
fn position(pits: [u8; HOLES], to_move: Player) -> Kakua {
    Kakua::from_position(pits, [0, 0], to_move)
}

fn new_game(first: Player) -> Kakua {
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
fn chacun_possede_une_des_rangees() {
    assert_eq!(legal(&new_game(Player::SUD)), vec![1, 2, 3, 4, 5, 6]);
    assert_eq!(legal(&new_game(Player::NORD)), vec![7, 8, 9, 10, 11, 12]);
    assert_eq!(to_move(&new_game(Player::NORD)), Player::NORD);
}

#[test]
fn un_coup_prend_un_trou_non_vide_de_sa_rangee() {
    let mut pits = [4; HOLES];
    pits[2] = 0;
    let mut game = position(pits, Player::SUD);
    assert_eq!(legal(&game), vec![1, 2, 4, 5, 6]);
    let before = game.clone();
    assert!(game.play(3).unwrap_err().contains("vide"));
    assert!(game.play(7).unwrap_err().contains("NORD"));
    assert!(game.play(13).unwrap_err().contains("n'est pas un trou"));
    assert_eq!(game.seeds(), before.seeds());
    assert_eq!(game.scores(), before.scores());
    assert_eq!(game.turn(), before.turn());
}

#[test]
fn il_seme_jusqu_a_l_avant_derniere_et_garde_la_derniere() {
    // Hole 2 holds 4: sows 3, 4, 5 and keeps one; hole 6 (empty) stops the turn.
    let pits = [0, 4, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0];
    let mut game = position(pits, Player::SUD);
    assert_eq!(gains(game.play(2).unwrap()), [1, 0]);
    assert_eq!(game.seeds(), vec![0, 0, 1, 1, 1, 0, 1, 0, 0, 0, 0, 0]);
    assert_eq!(game.scores(), vec![1, 0]);
}

#[test]
fn il_prend_en_main_les_graines_du_trou_suivant_et_recommence() {
    // Hole 11 holds 2: sows 12, keeps one. Hole 1 (3) sows 2, 3, keeps one.
    // Hole 4 is empty: the turn ends.
    let pits = [3, 0, 0, 0, 0, 1, 0, 0, 0, 0, 2, 0];
    let mut game = position(pits, Player::NORD);
    assert_eq!(gains(game.play(11).unwrap()), [0, 2]);
    assert_eq!(game.seeds(), vec![0, 1, 1, 0, 0, 1, 0, 0, 0, 0, 0, 1]);
}

#[test]
fn un_trou_vide_a_prendre_contraint_a_passer_son_tour() {
    let pits = [0, 2, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0];
    let mut game = position(pits, Player::SUD);
    game.play(2).unwrap(); // sows 3, keeps one; hole 4 is empty
    assert_eq!(to_move(&game), Player::NORD);
}

#[test]
fn le_joueur_acquiert_une_graine_par_semis_realise() {
    // Six sowings: hole 1 (4 seeds) sows 2, 3, 4; then holes 5 to 9, each
    // holding one seed, are kept in turn; hole 10 is empty.
    let pits = [4, 0, 0, 0, 1, 1, 1, 1, 1, 0, 0, 0];
    let mut game = position(pits, Player::SUD);
    assert_eq!(gains(game.play(1).unwrap()), [6, 0]);
    assert_eq!(game.seeds(), vec![0, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0]);
}

#[test]
fn l_action_cesse_quand_aucune_prise_n_est_plus_possible() {
    // Every hole holds one seed: SUD keeps them all in one move, the board
    // is empty and no capture is possible any more.
    let mut game = position([1; HOLES], Player::SUD);
    assert_eq!(gains(game.play(1).unwrap()), [12, 0]);
    assert_eq!(game.seeds(), vec![0; 12]);
    assert_eq!(game.turn(), Turn::Over(Outcome::winner(Player::SUD)));
    assert!(legal(&game).is_empty());
    assert!(game.play(1).is_err());
    assert_eq!(
        game.end_reason(),
        "le plateau est vide, aucune prise n'est plus possible ; \
         il ne reste aucune graine à partager."
    );
}

#[test]
fn le_vainqueur_a_acquis_le_plus_de_graines() {
    let mut game =
        Kakua::from_position([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], [20, 27], Player::NORD);
    game.play(12).unwrap();
    assert_eq!(game.scores(), vec![20, 28]);
    assert_eq!(game.turn(), Turn::Over(Outcome::winner(Player::NORD)));
}

#[test]
fn des_scores_egaux_font_une_partie_nulle() {
    let mut game =
        Kakua::from_position([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [23, 24], Player::SUD);
    game.play(1).unwrap();
    assert_eq!(game.turn(), Turn::Over(Outcome::DRAW));
}

/// The seed's worked example, holes a..l being 1..12 (a..f SUD's, g..l NORD's):
/// « Sud part de son trou d, sème dans e, f et g et garde une graine. Il prend
/// les 2 graines de h, sème dans i et garde une graine. Il prend les 3 graines
/// de j, sème dans k et l et garde une graine. Il prend la graine de a et la
/// garde. Ne pouvant prendre de graine dans b, qui est vide, il passe son tour
/// à Nord. »
#[test]
fn exemple_du_texte() {
    // The text fixes d = 4, h = 2, j = 3, a = 1 and b = 0; the other holes
    // hold any number (c, e, f, g, i, k, l here).
    //                a  b  c  d  e  f  g  h  i  j  k  l
    let pits = [1, 0, 5, 4, 0, 2, 1, 2, 0, 3, 4, 6];
    let mut game = Kakua::from_position(pits, [10, 10], Player::SUD);
    assert_eq!(gains(game.play(4).unwrap()), [4, 0], "four sowings");
    //                               a  b  c  d  e  f  g  h  i  j  k  l
    assert_eq!(game.seeds(), vec![0, 0, 5, 0, 1, 3, 2, 0, 1, 0, 5, 7]);
    assert_eq!(game.scores(), vec![14, 10]);
    assert_eq!(to_move(&game), Player::NORD, "il passe son tour à Nord");
}

#[test]
fn lecture_un_trou_d_une_graine_est_garde_sans_semer() {
    // Hole 3 holds one seed: SUD keeps it, then takes up hole 4 (one seed)
    // and keeps it; hole 5 is empty.
    let pits = [0, 0, 1, 1, 0, 3, 1, 0, 0, 0, 0, 0];
    let mut game = position(pits, Player::SUD);
    assert_eq!(gains(game.play(3).unwrap()), [2, 0]);
    assert_eq!(game.seeds(), vec![0, 0, 0, 0, 0, 3, 1, 0, 0, 0, 0, 0]);
}

#[test]
fn lecture_un_grand_semis_saute_son_trou_de_depart() {
    // Hole 1 holds 14: 13 seeds are sown in 2..12, then 2 and 3 (hole 1 is
    // skipped), and one is kept. Holes 4..12 then hold one seed each and are
    // kept in turn; hole 1, skipped and empty, ends the turn.
    let mut pits = [0; HOLES];
    pits[0] = 14;
    let mut game = position(pits, Player::SUD);
    assert_eq!(gains(game.play(1).unwrap()), [1 + 9, 0]);
    assert_eq!(game.seeds(), vec![0, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
}

#[test]
fn lecture_un_joueur_dont_la_rangee_est_vide_passe() {
    let pits = [1, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    let mut game = position(pits, Player::SUD);
    assert_eq!(game.prompt(), None, "the host's prompt for a first move");
    game.play(1).unwrap(); // keeps hole 1's seed; hole 2 is empty
    assert_eq!(
        to_move(&game),
        Player::SUD,
        "NORD has no seed: SUD plays again"
    );
    assert_eq!(legal(&game), vec![3]);
    assert_eq!(
        game.prompt().as_deref(),
        Some("NORD n'a plus de graine, SUD rejoue (3, ou 0 pour finir d'un commun accord)")
    );
    game.play(3).unwrap(); // sows 4 and keeps one; hole 5 is empty
    assert_eq!(to_move(&game), Player::SUD, "NORD still has no seed");
    assert!(game
        .prompt()
        .unwrap()
        .starts_with("NORD n'a plus de graine, SUD rejoue ("));
}

#[test]
fn lecture_le_tour_normal_garde_l_invite_de_l_hote() {
    // NORD has seeds after SUD's move: NORD moves in turn, and the host's own
    // prompt says enough.
    let pits = [0, 2, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0];
    let mut game = position(pits, Player::SUD);
    game.play(2).unwrap();
    assert_eq!(to_move(&game), Player::NORD);
    assert_eq!(game.prompt(), None);
}

#[test]
fn lecture_aucun_cycle_chaque_semis_retire_une_graine() {
    // Every move takes at least one seed off the board: playing the first
    // allowed hole from the start ends within 48 moves.
    let mut game = new_game(Player::SUD);
    let mut moves = 0;
    while let Some(&input) = legal(&game).first() {
        let before: u32 = game.seeds().iter().sum();
        let kept = gains(game.play(input).unwrap()).iter().sum::<u32>();
        assert!(kept >= 1);
        let after: u32 = game.seeds().iter().sum();
        assert!(after < before || matches!(game.turn(), Turn::Over(_)));
        moves += 1;
    }
    assert!(moves <= 48, "{moves} moves");
    assert_eq!(game.scores().iter().sum::<u32>(), 48);
}

#[test]
fn lecture_entrer_0_finit_et_les_graines_restees_ne_comptent_pour_personne() {
    // « Le vainqueur est celui qui a acquis le plus grand nombre de graines »:
    // the seeds left on the board are not acquired.
    let mut game = new_game(Player::SUD);
    // 1 sows 2, 3, 4 and keeps one; 5 sows 6, 7, 8 and keeps one; 9 sows
    // 10, 11, 12 and keeps one; hole 1 is empty.
    assert_eq!(gains(game.play(1).unwrap()), [3, 0]);
    assert_eq!(game.seeds(), vec![0, 5, 5, 5, 0, 5, 5, 5, 0, 5, 5, 5]);
    game.end_by_agreement().unwrap();
    assert_eq!(game.seeds(), vec![0, 5, 5, 5, 0, 5, 5, 5, 0, 5, 5, 5]);
    assert_eq!(
        game.scores(),
        vec![3, 0],
        "NORD's 25 seeds on the board do not count"
    );
    assert_eq!(game.turn(), Turn::Over(Outcome::winner(Player::SUD)));
    assert!(game.end_by_agreement().is_err());
    assert!(legal(&game).is_empty());
    assert_eq!(game.prompt(), None);
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
fn titre_et_article() {
    assert_names::<Kakua>("kakua", "Kakua", "de Kakua");
    let description = Kakua::describe();
    assert_eq!(description.players, vec!["SUD", "NORD"]);
    assert!(description.agreement_ends_game);
    assert!(description.options.is_empty());
}

#[test]
fn conformance_kit_passes() {
    let report = Conformance::new().max_decisions(48).passes::<Kakua>();
    assert!(report.longest_game <= 48);
}
