//! One test per rule sentence of the seed section « LE TAMTAM - APACHI »,
//! its worked example, and each reading chosen where the seed is silent.

use super::*;
use proptest::prelude::*;
use std::collections::HashSet;
use variant_kit::Outcome;
use variant_kit::{Layout, Turn, Variant};
use variant_testing::{assert_names, assert_not_ended, gains, legal, to_move, Conformance};

/// A game at `pits` (index `n - 1` is hole `n`) with `to_move` to play.
fn position(pits: [u8; HOLES], to_move: Player) -> TamtamApachi {
    TamtamApachi::from_position(pits, [0, 0], to_move)
}

fn new_game(first: Player) -> TamtamApachi {
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
    // NORD's row is empty: SUD may still play hole 1, whose seed stays home.
    let pits = [1, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0];
    assert_eq!(legal(&position(pits, Player::SUD)), vec![1, 5]);
}

#[test]
fn il_les_seme_une_a_une_dans_les_trous_suivants_sens_antihoraire() {
    // SUD's hole 5 (3 seeds) sows 6, 7, 8; hole 8 was empty.
    let pits = [0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 2];
    let mut game = position(pits, Player::SUD);
    assert_eq!(gains(game.play(5).unwrap()), [0, 0]);
    assert_eq!(game.seeds(), vec![0, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 2]);
}

#[test]
fn hole_12_is_followed_by_hole_1() {
    // NORD's hole 12 (2 seeds) sows 1 and 2.
    let pits = [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 2];
    let mut game = position(pits, Player::NORD);
    game.play(12).unwrap();
    assert_eq!(game.seeds(), vec![1, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0]);
}

#[test]
fn s_il_aboutit_a_un_trou_contenant_deja_une_graine_il_les_prend_et_seme_a_nouveau() {
    // SUD's hole 6 (1 seed) ends in hole 7, which held 1: SUD takes up its
    // 2 seeds and sows 8 and 9; hole 9 was empty.
    let pits = [1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0];
    let mut game = position(pits, Player::SUD);
    assert_eq!(gains(game.play(6).unwrap()), [0, 0]);
    assert_eq!(game.seeds(), vec![1, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0]);
}

#[test]
fn a_relay_also_starts_from_a_hole_of_ones_own_row() {
    // SUD's hole 1 (2 seeds) ends in hole 3, which held 2: 3 seeds go to
    // 4, 5, 6; hole 6 was empty, so SUD takes hole 7 in front of it.
    let pits = [2, 0, 2, 0, 0, 0, 4, 0, 0, 0, 0, 1];
    let mut game = position(pits, Player::SUD);
    assert_eq!(gains(game.play(1).unwrap()), [4, 0]);
    assert_eq!(game.seeds(), vec![0, 1, 0, 1, 1, 1, 0, 0, 0, 0, 0, 1]);
}

#[test]
fn ces_semis_s_enchainent_jusqu_a_un_trou_vide() {
    // 5 -> 6 (held 1): 7, 8 (held 2): 9, 10, 11, which was empty.
    let pits = [0, 0, 0, 0, 1, 1, 0, 2, 0, 0, 0, 0];
    let mut game = position(pits, Player::SUD);
    assert_eq!(gains(game.play(5).unwrap()), [0, 0]);
    assert_eq!(game.seeds(), vec![0, 0, 0, 0, 0, 0, 1, 0, 1, 1, 1, 0]);
}

#[test]
fn si_ce_trou_vide_est_sur_la_rangee_adverse_le_joueur_passe_son_tour() {
    let pits = [0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 2];
    let mut game = position(pits, Player::SUD);
    game.play(5).unwrap();
    assert_eq!(game.scores(), vec![0, 0]);
    assert_eq!(to_move(&game), Player::NORD);
}

#[test]
fn si_ce_trou_vide_est_sur_sa_rangee_il_prend_le_trou_situe_en_face() {
    // NORD's hole 7 (1 seed) ends in its empty hole 8, which faces hole 5.
    let pits = [1, 0, 0, 0, 5, 0, 1, 0, 0, 0, 0, 0];
    let mut game = position(pits, Player::NORD);
    assert_eq!(gains(game.play(7).unwrap()), [0, 5]);
    assert_eq!(game.seeds(), vec![1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0]);
    assert_eq!(game.scores(), vec![0, 5]);
    assert_eq!(to_move(&game), Player::SUD);
}

#[test]
fn hole_13_minus_k_faces_hole_k() {
    for hole in 1..=12 {
        assert_eq!(BOARD.facing(hole - 1) + 1, 13 - hole);
    }
}

#[test]
fn reading_the_last_seed_stays_and_an_empty_facing_hole_gives_nothing() {
    // SUD's hole 1 ends in its empty hole 2; hole 11 in front is empty.
    let pits = [1, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0];
    let mut game = position(pits, Player::SUD);
    assert_eq!(gains(game.play(1).unwrap()), [0, 0]);
    assert_eq!(game.seeds(), vec![0, 1, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0]);
    assert_eq!(to_move(&game), Player::NORD);
}

#[test]
fn worked_example_sud_plays_e_relays_from_i_ends_in_c_and_takes_j() {
    // « Sud joue en partant de son trou e. Il sème jusqu'au trou i. Il en
    // repart pour aboutir au trou c, qui était vide. Il prend les 5 graines
    // du trou adverse situé en face : j, et passe son tour. »
    // Letters a..l are holes 1..12. e holds 4 seeds (5 -> 6, 7, 8, 9); i
    // held 5 and now 6, which reach 10, 11, 12, 1, 2 and the empty c (3);
    // j held 4 and got one of them: 5 seeds, facing c (13 - 3 = 10).
    //        a  b  c  d  e  f  g  h  i  j  k  l
    let pits = [5, 5, 0, 5, 4, 5, 5, 5, 5, 4, 3, 2];
    let mut game = position(pits, Player::SUD);
    assert_eq!(gains(game.play(5).unwrap()), [5, 0]);
    //                        a  b  c  d  e  f  g  h  i  j  k  l
    assert_eq!(game.seeds(), vec![6, 6, 1, 5, 0, 6, 6, 6, 0, 0, 4, 3]);
    assert_eq!(game.scores(), vec![5, 0]);
    assert_eq!(to_move(&game), Player::NORD);
}

#[test]
fn reading_a_sowing_of_12_seeds_or_more_skips_its_own_hole() {
    // 13 seeds from hole 1: holes 2..12 get one, hole 1 is skipped, then 2
    // and 3 get a second one.
    let mut pits = [0; HOLES];
    pits[0] = 13;
    let mut game = position(pits, Player::SUD);
    assert_eq!(kit::sow(&mut game.board.pits, 0), 2);
    assert_eq!(game.seeds(), vec![0, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
}

#[test]
fn reading_a_relay_sowing_skips_the_hole_it_was_taken_from() {
    // Relays sow with the same function: 12 seeds taken up in NORD's hole 9
    // skip hole 9 and end in hole 10 on the second lap.
    let mut pits = [0; HOLES];
    pits[8] = 12;
    let mut game = position(pits, Player::SUD);
    assert_eq!(kit::sow(&mut game.board.pits, 8), 9);
    assert_eq!(game.seeds(), vec![1, 1, 1, 1, 1, 1, 1, 1, 0, 2, 1, 1]);
}

/// Follows a chain of relays from `pit` with no cycle rule, for at most
/// `sowings` sowings; returns every position met before each sowing, or
/// `None` if the chain ended.
fn free_chain(game: &TamtamApachi, pit: usize, sowings: usize) -> Option<Vec<[u8; HOLES]>> {
    let mut game = game.clone();
    let mut met = Vec::new();
    let mut hole = pit;
    for _ in 0..sowings {
        met.push(game.board.pits);
        hole = kit::sow(&mut game.board.pits, hole);
        if game.board.pits[hole] == 1 {
            return None;
        }
    }
    Some(met)
}

#[test]
fn reading_a_chain_that_would_repeat_forever_stops_without_capture() {
    // From here SUD's hole 1 starts a chain that never reaches an empty hole.
    let pits = [2, 0, 1, 0, 2, 1, 0, 1, 0, 1, 0, 1];
    let mut game = position(pits, Player::SUD);
    let met = free_chain(&game, 0, 10_000).expect("this chain never ends by itself");
    assert_eq!(gains(game.play(1).unwrap()), [0, 0]);
    assert_eq!(game.scores(), vec![0, 0]);
    assert_eq!(game.seeds().iter().sum::<u32>(), 9);
    assert_eq!(to_move(&game), Player::NORD);
    let stop = game.board.pits;
    let times = met.iter().filter(|&&board| board == stop).count();
    assert!(
        times > 1,
        "the move stops on a position the chain comes back to"
    );
}

/// The cycle rule as the rules state it: the chain stops before the first
/// sowing whose position (seeds and hole to take up) was met during the
/// move; returns the board then, the seeds captured and whether it looped.
fn chain_remembering_every_position(game: &TamtamApachi, pit: usize) -> ([u8; HOLES], u32, bool) {
    let mut pits = game.board.pits;
    let mut met = HashSet::new();
    let mut hole = pit;
    loop {
        if !met.insert((pits, hole)) {
            return (pits, 0, true);
        }
        let last = kit::sow(&mut pits, hole);
        if pits[last] > 1 {
            hole = last;
        } else if BOARD.owner(last) == game.board.to_move {
            let taken = u32::from(std::mem::take(&mut pits[BOARD.facing(last)]));
            return (pits, taken, false);
        } else {
            return (pits, 0, false);
        }
    }
}

#[test]
fn reading_the_looping_chain_stops_where_the_rule_says() {
    let pits = [2, 0, 1, 0, 2, 1, 0, 1, 0, 1, 0, 1];
    let game = position(pits, Player::SUD);
    let mut after = game.clone();
    assert_eq!(after.sow_and_capture(0), 0);
    assert_eq!(
        (after.board.pits, 0, true),
        chain_remembering_every_position(&game, 0)
    );
}

#[test]
fn reading_many_looping_chains_stop_where_the_rule_says() {
    // Looping chains are rare (about one move in 3500 on these sparse
    // boards): draw boards until 30 of them have been compared.
    let mut state = 0x7a3a_a9ac_u64;
    let mut draw = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        [0, 0, 1, 1, 2, 3][(state % 6) as usize]
    };
    let mut loops = 0;
    for _ in 0..1_000_000 {
        let pits: [u8; HOLES] = std::array::from_fn(|_| draw());
        let game = position(pits, Player::SUD);
        for pit in game.board.own_non_empty() {
            let (stop, taken, looped) = chain_remembering_every_position(&game, pit);
            let mut after = game.clone();
            assert_eq!(after.sow_and_capture(pit), taken);
            assert_eq!(after.board.pits, stop, "from {pits:?}, hole {}", pit + 1);
            loops += usize::from(looped);
        }
        if loops >= 30 {
            break;
        }
    }
    assert!(loops >= 30, "only {loops} looping chains found");
}

proptest! {
    /// Every move, looping or not, ends as if each position of its chain
    /// were remembered.
    #[test]
    fn reading_the_cycle_rule_stops_at_the_first_repeated_position(
        pits in proptest::array::uniform12(0u8..=6),
        sud in any::<bool>(),
    ) {
        let mover = if sud { Player::SUD } else { Player::NORD };
        let game = position(pits, mover);
        for pit in game.board.own_non_empty() {
            let mut after = game.clone();
            let gained = after.sow_and_capture(pit);
            let (stop, taken, _) = chain_remembering_every_position(&game, pit);
            prop_assert_eq!((after.board.pits, gained), (stop, taken));
        }
    }

    #[test]
    fn reading_every_move_ends_and_keeps_every_seed(
        pits in proptest::array::uniform12(0u8..=4),
        sud in any::<bool>(),
    ) {
        let mover = if sud { Player::SUD } else { Player::NORD };
        let game = position(pits, mover);
        for pit in game.board.own_non_empty() {
            let mut after = game.clone();
            let gained = after.sow_and_capture(pit);
            let before: u32 = game.seeds().iter().sum();
            prop_assert_eq!(after.seeds().iter().sum::<u32>() + gained, before);
        }
    }
}

#[test]
fn reading_a_player_with_an_empty_row_passes_and_the_other_plays_again() {
    // « L'action cesse lorsqu'il est évident qu'aucune prise ne sera plus
    // possible »: an empty row is no such evidence. SUD's hole 5 ends in its
    // empty hole 6 and takes NORD's last seeds (hole 7); NORD passes.
    let pits = [12, 0, 0, 0, 1, 0, 3, 0, 0, 0, 0, 0];
    let mut game = position(pits, Player::SUD);
    assert_eq!(game.prompt(), None, "the host's prompt for a first move");
    assert_eq!(gains(game.play(5).unwrap()), [3, 0]);
    assert_eq!(
        to_move(&game),
        Player::SUD,
        "NORD has no seed: SUD plays again"
    );
    assert_eq!(legal(&game), vec![1, 6]);
    assert_eq!(
        game.prompt().as_deref(),
        Some("NORD n'a plus de graine, SUD rejoue (1 6, ou 0 pour finir d'un commun accord)")
    );
    // Captures are still possible: hole 1's 12 seeds feed NORD's row, relay
    // from 2, 4, 6, 9 and 11, and the last seed ends in the empty hole 1,
    // facing hole 12 (2 seeds).
    assert_eq!(gains(game.play(1).unwrap()), [2, 0]);
    assert_eq!(game.seeds(), vec![1, 0, 2, 0, 2, 0, 2, 2, 0, 2, 0, 0]);
    assert_eq!(game.scores(), vec![5, 0]);
    assert_eq!(to_move(&game), Player::NORD);
    assert_eq!(game.prompt(), None, "NORD moves in turn: the host's prompt");
}

#[test]
fn reading_the_game_ends_when_fewer_than_two_seeds_are_left() {
    // SUD's hole 1 ends in its empty hole 2 and takes hole 11: one seed is
    // left, and a capture needs a seed facing the last one.
    let pits = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0];
    let mut game = position(pits, Player::SUD);
    assert_eq!(gains(game.play(1).unwrap()), [3, 0]);
    assert_eq!(game.turn(), Turn::Over(Outcome::winner(Player::SUD)));
    assert_eq!(game.seeds(), vec![0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    assert_eq!(game.scores(), vec![3, 0], "the seed left counts for nobody");
    assert!(legal(&game).is_empty());
    assert!(game.play(2).is_err());
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
    let mut game = TamtamApachi::from_position(pits, [3, 2], Player::NORD);
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
    // No capture ever takes a seed here; the game must end by repetition.
    let pits = [0, 0, 0, 0, 1, 0, 0, 0, 1, 1, 0, 1];
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
            assert_eq!(game.seeds().iter().sum::<u32>(), 4, "the seeds stay");
            assert_eq!(game.scores(), vec![0, 0]);
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
fn reading_only_a_capture_of_at_least_one_seed_clears_the_positions_seen() {
    let empty_facing = [1, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0];
    let mut game = position(empty_facing, Player::SUD);
    game.play(1).unwrap();
    assert_eq!(game.board.history.len(), 2, "taking nothing is no capture");
    let pits = [2, 0, 2, 0, 0, 0, 4, 0, 0, 0, 0, 1];
    let mut game = position(pits, Player::SUD);
    game.play(1).unwrap();
    assert_eq!(
        game.board.history.len(),
        1,
        "only the position after the capture"
    );
}

#[test]
fn reading_entering_0_ends_the_game_and_the_seeds_left_count_for_nobody() {
    let pits = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0];
    let mut game = TamtamApachi::from_position(pits, [5, 4], Player::SUD);
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
    assert_names::<TamtamApachi>("tamtam-apachi", "Tamtam-Apachi", "de Tamtam-Apachi");
    let description = TamtamApachi::describe();
    assert_eq!(description.players, vec!["SUD", "NORD"]);
    assert!(description.options.is_empty());
    assert!(description.agreement_ends_game);
}

#[test]
fn conformance_kit_passes() {
    Conformance::new().passes::<TamtamApachi>();
}
