//! One test per rule sentence of the seed section « L'awélé « La vache » »
//! and per reading chosen where it is silent; a property test of seed
//! conservation and the conformance run.

use super::*;
use proptest::prelude::*;
use variant_kit::DecisionKind;
use variant_testing::{gains, legal, outcome, to_move, Conformance};

/// A game on a 2×6 board at `pits` (index `n - 1` is hole `n`), in the
/// middle of a round started by `to_move`, who sows now.
fn position(pits: [u8; 12], to_move: Player) -> LaVache {
    LaVache::from_position(6, &pits, to_move)
}

fn new_game(first: Player) -> LaVache {
    variant_testing::new_game(&[], first)
}

/// The total of the seeds: on the board, in the scores and in the reserve.
fn all_seeds(game: &LaVache) -> u32 {
    game.seeds().iter().sum::<u32>() + game.scores().iter().sum::<u32>() + u32::from(game.reserve)
}

#[test]
fn the_reserve_is_part_of_the_board_drawn() {
    let mut game = new_game(Player::SUD);
    assert_eq!(game.layout().reserve, 0);
    game.play(3).unwrap();
    assert_eq!(game.layout().reserve, 4, "hole 3's seeds set aside");
    assert_eq!(variant_testing::total(&game), 48);
}

#[test]
fn au_depart_six_etables_de_quatre_graines_pour_chacun() {
    let game = new_game(Player::SUD);
    assert_eq!(game.seeds(), vec![4; 12]);
    assert_eq!(game.scores(), vec![0, 0]);
    let layout = game.layout();
    assert_eq!(layout.rows, Layout::two_rows(6).rows);
    assert_eq!(layout.owners, Layout::two_rows(6).owners);
    assert_eq!(legal(&game), vec![1, 2, 3, 4, 5, 6]);
    assert_eq!(legal(&new_game(Player::NORD)), vec![7, 8, 9, 10, 11, 12]);
}

#[test]
fn a_board_of_100_seeds_or_more_is_drawn_with_wide_columns() {
    assert!(!new_game(Player::SUD).layout().wide, "48 seeds");
    let big: LaVache = variant_testing::new_game(&[("holes", "12"), ("seeds", "5")], Player::SUD);
    assert!(big.layout().wide, "120 seeds: a hole may hold 100");
}

#[test]
fn options_set_the_size_of_the_board() {
    let game: LaVache = variant_testing::new_game(&[("holes", "4"), ("seeds", "3")], Player::SUD);
    assert_eq!(game.seeds(), vec![3; 8]);
    assert_eq!(legal(&game), vec![1, 2, 3, 4]);
    assert_eq!(game.layout().rows, Layout::two_rows(4).rows);
}

#[test]
fn premier_coup_d_une_manche_les_cailloux_sont_mis_en_reserve_et_le_tour_s_arrete() {
    let mut game = new_game(Player::SUD);
    assert!(game.prompt().unwrap().contains("réserve"));
    assert_eq!(gains(game.play(3).unwrap()), [0, 0]);
    assert_eq!(game.seeds(), vec![4, 4, 0, 4, 4, 4, 4, 4, 4, 4, 4, 4]);
    assert_eq!(game.reserve, 4);
    assert_eq!(to_move(&game), Player::NORD);
    assert_eq!(all_seeds(&game), 48);
    // The next decisions are ordinary sowings.
    assert_eq!(game.phase, Phase::Sowing);
}

#[test]
fn reading_the_reserve_is_one_of_ones_own_stables() {
    let mut game = new_game(Player::SUD);
    let before = game.clone();
    assert!(game.play(7).unwrap_err().contains("est à NORD"));
    assert!(game.play(13).unwrap_err().contains("n'est pas une étable"));
    assert_eq!(game.seeds(), before.seeds());
    assert_eq!(game.turn(), before.turn());
}

#[test]
fn on_seme_dans_le_sens_inverse_des_aiguilles_d_une_montre_sans_sauter_la_case_de_depart() {
    // 12 seeds from hole 1: holes 2 to 12, then hole 1 itself, which was
    // emptied: the sowing stops there.
    let mut pits = [0; 12];
    pits[0] = 12;
    let mut game = position(pits, Player::SUD);
    assert_eq!(gains(game.play(1).unwrap()), [0, 0]);
    assert_eq!(game.seeds(), vec![1; 12]);
}

#[test]
fn hole_12_is_followed_by_hole_1() {
    let mut game = position([0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 2], Player::NORD);
    game.play(12).unwrap();
    assert_eq!(game.seeds(), vec![1, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0]);
}

#[test]
fn les_semailles_sont_iteratives_on_relance_avec_les_pierres_de_la_derniere_case() {
    // Hole 1 (2 seeds) ends in hole 3, which now holds 2: they are taken up
    // and sown in 4 and 5; hole 5 was empty: the sowing stops.
    let mut game = position([2, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0], Player::SUD);
    assert_eq!(gains(game.play(1).unwrap()), [0, 0]);
    assert_eq!(game.seeds(), vec![0, 1, 0, 1, 1, 0, 0, 0, 0, 1, 0, 0]);
    assert_eq!(to_move(&game), Player::NORD);
}

#[test]
fn un_veau_est_une_case_qui_vient_de_recevoir_son_quatrieme_caillou_chez_soi() {
    // Hole 1 (2 seeds): hole 2 reaches 4, a calf SUD takes; hole 3 was empty.
    let mut game = position([2, 3, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0], Player::SUD);
    assert_eq!(gains(game.play(1).unwrap()), [4, 0]);
    assert_eq!(game.seeds(), vec![0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0]);
    assert_eq!(game.scores(), vec![4, 0]);
}

#[test]
fn on_prend_les_veaux_aussi_chez_l_adversaire() {
    // Hole 6 (2 seeds): hole 7, NORD's, reaches 4: SUD takes it.
    let mut game = position([1, 0, 0, 0, 0, 2, 3, 0, 0, 1, 0, 0], Player::SUD);
    assert_eq!(gains(game.play(6).unwrap()), [4, 0]);
    assert_eq!(game.seeds(), vec![1, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 0]);
}

#[test]
fn a_hole_that_already_held_four_or_more_is_no_calf() {
    // Hole 2 goes from 4 to 5: no calf; the last seed makes hole 3 hold 2,
    // which are sown in 4 and 5.
    let mut game = position([2, 4, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0], Player::SUD);
    assert_eq!(gains(game.play(1).unwrap()), [0, 0]);
    assert_eq!(game.seeds(), vec![0, 5, 0, 1, 1, 0, 0, 0, 0, 1, 0, 0]);
}

#[test]
fn le_premier_joueur_qui_prend_un_veau_dans_la_manche_prend_la_reserve() {
    let mut game = position([2, 3, 0, 0, 3, 0, 0, 0, 0, 1, 0, 0], Player::SUD);
    game.reserve = 4;
    assert_eq!(
        gains(game.play(1).unwrap()),
        [8, 0],
        "the calf and the reserve"
    );
    assert_eq!(game.reserve, 0);
    assert!(game.calved);
    // The next calf is only a calf.
    let mut game = position([2, 3, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0], Player::SUD);
    game.reserve = 4;
    game.calved = true;
    assert_eq!(gains(game.play(1).unwrap()), [4, 0]);
}

#[test]
fn les_semailles_s_arretent_apres_le_gain_du_veau_de_la_derniere_case() {
    // Hole 1 (1 seed): hole 2 reaches 4 with the last seed, a calf; the
    // hole is then empty and the sowing stops.
    let mut game = position([1, 3, 2, 0, 0, 0, 0, 0, 0, 1, 0, 0], Player::SUD);
    assert_eq!(gains(game.play(1).unwrap()), [4, 0]);
    assert_eq!(game.seeds(), vec![0, 0, 2, 0, 0, 0, 0, 0, 0, 1, 0, 0]);
    assert_eq!(to_move(&game), Player::NORD);
}

#[test]
fn la_manche_s_arrete_lorsqu_un_joueur_n_a_plus_de_coup_possible() {
    // SUD sows hole 1 into hole 2; NORD has no seed left: the round ends.
    // 9 seeds are still in play: 2 calves to be born, and SUD, ahead 10 to
    // 2, takes NORD's stables 7 and 8, which follow SUD's own.
    let mut game = position([1, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0], Player::SUD);
    game.scores = [10, 2];
    let step = game.play(1).unwrap();
    assert_eq!(step, Step::RoundOver(Gains::NONE));
    let reason = game.end_reason();
    assert!(
        reason.starts_with("NORD n'a plus de coup possible"),
        "{reason}"
    );
    assert!(
        reason.contains("9 graine(s) encore en jeu, 2 veau(x) à naître"),
        "{reason}"
    );
    assert!(
        reason.contains("SUD gagne la manche et prend 2 étable(s) à NORD (7 8)"),
        "{reason}"
    );
    let layout = game.layout();
    assert_eq!(layout.owners[6], Player::SUD);
    assert_eq!(layout.owners[7], Player::SUD);
    assert_eq!(layout.owners[8], Player::NORD);
    assert_eq!(layout.rows[0].label, "", "the top row has two owners");
    assert_eq!(layout.rows[1].label, "SUD");
    // The final board of the round stays until the next one is set up.
    assert_eq!(game.scores(), vec![10, 2]);
    assert_eq!(game.seeds()[1..3], [1, 8]);
}

#[test]
fn reading_a_new_round_is_set_up_in_a_turn_with_nothing_to_choose() {
    let mut game = position([1, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0], Player::SUD);
    game.scores = [10, 2];
    game.play(1).unwrap();
    // SUD started the round: NORD starts the next one.
    assert_eq!(
        game.turn(),
        Turn::Decide {
            player: Player::NORD,
            kind: DecisionKind::Forced
        }
    );
    assert_eq!(legal(&game), vec![13]);
    let prompt = game.prompt().unwrap();
    assert_eq!(
        prompt,
        "Nouvelle manche : NORD la commence ; chaque étable reçoit 4 graines."
    );
    let before = game.clone();
    assert!(game
        .play(9)
        .unwrap_err()
        .contains("une seule réponse possible : 13"));
    assert_eq!(game.seeds(), before.seeds());
    assert_eq!(game.play(13), Ok(Step::Pending));
    assert_eq!(
        game.seeds(),
        vec![4; 12],
        "every seed back, 4 in each stable"
    );
    assert_eq!(game.scores(), vec![0, 0]);
    assert_eq!(game.reserve, 0);
    assert_eq!(game.phase, Phase::Reserve);
    assert_eq!(to_move(&game), Player::NORD);
    assert_eq!(legal(&game), vec![9, 10, 11, 12]);
    assert_eq!(
        game.turn(),
        Turn::Decide {
            player: Player::NORD,
            kind: DecisionKind::Sow
        }
    );
}

#[test]
fn reading_the_players_start_the_rounds_in_turn() {
    let mut game = new_game(Player::SUD);
    for round in 0..3 {
        let starter = if round % 2 == 0 {
            Player::SUD
        } else {
            Player::NORD
        };
        assert_eq!(to_move(&game), starter, "round {round}");
        // End the round at once: the starter's opponent is left without a move.
        game.phase = Phase::Sowing;
        let own = game.allowed(starter).next().unwrap();
        game.pits = [0; MAX_HOLES];
        game.pits[own] = 1;
        game.scores = [0, 0];
        game.starts = RoundStarts::new();
        let step = game.play(own as u32 + 1).unwrap();
        assert!(matches!(step, Step::RoundOver(_)));
        assert_eq!(game.play(13), Ok(Step::Pending));
    }
}

#[test]
fn reading_the_winner_of_the_round_takes_the_stables_that_follow_his_own() {
    // NORD wins 2 stables: those after NORD's hole 12, SUD's 1 and 2.
    let mut game = position([0, 0, 0, 0, 0, 0, 1, 0, 8, 0, 0, 0], Player::NORD);
    game.scores = [2, 10];
    assert!(matches!(game.play(7).unwrap(), Step::RoundOver(_)));
    assert!(game
        .end_reason()
        .contains("NORD gagne la manche et prend 2 étable(s) à SUD (1 2)"));
    let owners = game.layout().owners;
    assert_eq!(&owners[..3], [Player::NORD, Player::NORD, Player::SUD]);
    assert!(owners[6..].iter().all(|&owner| owner == Player::NORD));
    assert_eq!(
        game.layout().rows[1].label,
        "",
        "the bottom row has two owners"
    );
    assert_eq!(game.layout().rows[0].label, "NORD");
    // SUD then wins 3 back: the 3 stables after SUD's last one (6): 7, 8, 9.
    game.play(13).unwrap();
    assert_eq!(legal(&game), vec![3, 4, 5, 6]);
    let mut pits = [0; 12];
    pits[2] = 12;
    pits[3] = 1;
    game.pits[..12].copy_from_slice(&pits);
    game.phase = Phase::Sowing;
    game.scores = [5, 1];
    assert!(matches!(game.play(4).unwrap(), Step::RoundOver(_)));
    let owners = game.layout().owners;
    let sud: Vec<usize> = (0..12).filter(|&pit| owners[pit] == Player::SUD).collect();
    assert_eq!(sud, vec![2, 3, 4, 5, 6, 7, 8]);
}

#[test]
fn reading_equal_gains_move_no_stable() {
    let mut game = position([1, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0], Player::SUD);
    game.scores = [6, 6];
    game.play(1).unwrap();
    assert!(game
        .end_reason()
        .contains("égalité : aucune étable ne change de main"));
    assert_eq!(game.layout().owners, Layout::two_rows(6).owners);
}

#[test]
fn les_veaux_a_naitre_sont_les_cailloux_en_jeu_divises_par_quatre() {
    // 7 seeds still in play: only 1 calf to be born.
    let mut game = position([1, 0, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0], Player::SUD);
    game.scores = [10, 2];
    game.play(1).unwrap();
    assert!(game
        .end_reason()
        .contains("7 graine(s) encore en jeu, 1 veau(x) à naître"));
    assert_eq!(game.stables(Player::SUD), 7);
}

#[test]
fn reading_a_reserve_nobody_took_is_still_in_play() {
    let mut game = position([1, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0], Player::SUD);
    game.scores = [10, 2];
    game.reserve = 4;
    game.play(1).unwrap();
    // 4 on the board and 4 in the reserve: 2 calves to be born.
    assert!(game
        .end_reason()
        .contains("8 graine(s) encore en jeu, 2 veau(x) à naître"));
    assert_eq!(game.stables(Player::SUD), 8);
    // The reserve goes back onto the board with the rest.
    game.play(13).unwrap();
    assert_eq!(all_seeds(&game), 48);
    assert_eq!(game.reserve, 0);
}

#[test]
fn la_partie_est_terminee_lorsqu_un_des_joueurs_n_a_plus_d_etables() {
    // NORD has 2 stables left (11, 12); SUD, ahead, has 3 calves to be born.
    let mut game = position([1, 0, 12, 0, 0, 0, 0, 0, 0, 0, 0, 0], Player::SUD);
    game.sud = 10;
    game.scores = [20, 3];
    let step = game.play(1).unwrap();
    assert!(matches!(step, Step::RoundOver(_)));
    assert_eq!(outcome(&game), Outcome::winner(Player::SUD));
    let reason = game.end_reason();
    assert!(
        reason.contains("prend 2 étable(s) à NORD (11 12)"),
        "{reason}"
    );
    assert!(
        reason.ends_with("NORD n'a plus d'étable : SUD gagne la partie."),
        "{reason}"
    );
    assert!(legal(&game).is_empty());
    assert!(game.play(1).is_err());
}

#[test]
fn si_on_arrete_le_jeu_le_gagnant_est_celui_qui_possede_le_plus_d_etables() {
    let mut game = position([4; 12], Player::SUD);
    game.sud = 5;
    game.first = 1;
    game.scores = [20, 0];
    game.end_by_agreement().unwrap();
    assert_eq!(
        outcome(&game),
        Outcome::winner(Player::NORD),
        "7 stables to 5"
    );
    assert!(game.end_reason().contains("SUD 5, NORD 7"));
    assert_eq!(game.seeds(), vec![4; 12], "the seeds do not count and stay");
    let mut even = new_game(Player::SUD);
    even.end_by_agreement().unwrap();
    assert_eq!(outcome(&even), Outcome::DRAW);
    assert!(even.end_by_agreement().is_err());
}

#[test]
fn certaines_configurations_aboutissent_a_des_coups_infinis_la_partie_est_terminee() {
    // From hole 2, the sowing takes two calves, then comes back for ever to
    // the state where hole 7 holds 3 seeds to take up.
    let mut game = position([5, 2, 2, 1, 2, 2, 1, 0, 1, 0, 1, 0], Player::SUD);
    assert_eq!(
        gains(game.play(2).unwrap()),
        [8, 0],
        "the calves taken before count"
    );
    assert_eq!(game.seeds(), vec![0, 1, 0, 1, 0, 1, 3, 1, 0, 1, 0, 1]);
    assert_eq!(outcome(&game), Outcome::DRAW, "6 stables each");
    assert!(game.end_reason().contains("tourneraient sans fin"));
    // The state where it stops does come back.
    let mut again = game.clone();
    again.ended = None;
    again.to_move = Player::SUD;
    let start = Sowing {
        pits: again.pits,
        hole: 6,
        taken: 0,
        reserve: 0,
        calved: true,
    };
    let chain = chain::follow(start, |state| state.step(12));
    assert!(
        matches!(chain, Chain::Loops(state) if state == start),
        "the chain comes back to its start"
    );
}

#[test]
fn reading_a_round_whose_position_repeats_since_the_last_calf_ends() {
    // One seed each, going round: after 12 moves the position is back.
    let mut game = position([0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1], Player::SUD);
    for input in [6, 12, 1, 7, 2, 8, 3, 9, 4, 10, 5] {
        assert!(
            matches!(game.play(input).unwrap(), Step::Completed(_)),
            "{input}"
        );
    }
    assert_eq!(game.play(11), Ok(Step::RoundOver(Gains::NONE)));
    let reason = game.end_reason();
    assert!(reason.starts_with("la position s'est répétée"), "{reason}");
    assert!(reason.contains("égalité"), "{reason}");
}

#[test]
fn reading_a_game_whose_round_starts_repeat_ends_with_most_stables_winning() {
    // The next round would start for the third time as earlier ones: 6
    // stables each, NORD first.
    let mut game = position([1, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0], Player::SUD);
    game.scores = [5, 5];
    game.starts.met(game.start_key(Player::NORD));
    let mut twice = game.clone();
    assert!(matches!(twice.play(1).unwrap(), Step::RoundOver(_)));
    assert_eq!(
        twice.phase,
        Phase::NewRound,
        "the second time, the game goes on"
    );
    game.starts.met(game.start_key(Player::NORD));
    assert!(matches!(game.play(1).unwrap(), Step::RoundOver(_)));
    assert_eq!(outcome(&game), Outcome::DRAW);
    assert!(game
        .end_reason()
        .contains("commencerait pour la troisième fois comme des manches déjà jouées"));
    // From a new game, four rounds without any stable changing hands end it.
    let mut game = new_game(Player::SUD);
    for round in 0..4 {
        let starter = to_move(&game);
        let own = game.allowed(starter).next().unwrap();
        game.pits = [0; MAX_HOLES];
        game.pits[own] = 1;
        game.phase = Phase::Sowing;
        assert!(matches!(
            game.play(own as u32 + 1).unwrap(),
            Step::RoundOver(_)
        ));
        if round < 3 {
            game.play(13).unwrap();
        }
    }
    assert_eq!(outcome(&game), Outcome::DRAW);
}

#[test]
fn the_prompt_lists_the_stables_to_sow_as_ranges() {
    let mut game = position([4; 12], Player::SUD);
    game.first = 10;
    game.sud = 6;
    let prompt = game.prompt().unwrap();
    assert_eq!(
        prompt,
        "SUD, étable à semer ? (1 à 4 11 12, ou 0 pour finir d'un commun accord)"
    );
    assert_eq!(legal(&game), vec![1, 2, 3, 4, 11, 12]);
    assert!(game.play(5).unwrap_err().contains("est à NORD"));
    let layout = game.layout();
    assert_eq!(layout.rows[0].label, "");
    assert_eq!(layout.rows[1].label, "");
}

#[test]
fn the_board_the_scores_and_the_reserve_hold_every_seed_in_random_games() {
    let mut rng = variant_kit::rng::SplitMix::new(2003);
    for number in 0..200 {
        let first = Player((number % 2) as u8);
        let mut game = new_game(first);
        let mut decisions = 0;
        while let Turn::Decide { .. } = game.turn() {
            assert_eq!(all_seeds(&game), 48);
            let inputs = legal(&game);
            game.play(inputs[rng.below(inputs.len() as u64) as usize])
                .unwrap();
            decisions += 1;
            assert!(decisions < 10_000);
        }
        assert_eq!(all_seeds(&game), 48);
    }
}

proptest! {
    #[test]
    fn sowing_keeps_every_seed(pits in proptest::array::uniform12(0u8..8), hole in 0usize..6) {
        prop_assume!(pits[hole] > 0);
        let mut game = position(pits, Player::SUD);
        game.reserve = 3;
        let before = all_seeds(&game);
        game.play(hole as u32 + 1).unwrap();
        prop_assert_eq!(all_seeds(&game), before);
    }
}

#[test]
fn conformance() {
    // Games of « La vache » are long (14 rounds, 700 decisions on average):
    // 400 games keep the run short in a debug build.
    Conformance::new().games(400).passes::<LaVache>();
    Conformance::new()
        .games(300)
        .options(&[("holes", "4"), ("seeds", "3")])
        .passes::<LaVache>();
}

#[test]
fn a_review_values_every_accepted_input_through_the_abi() {
    let request = variant_kit::Think {
        level: 2,
        budget_ms: 0,
        threads: 1,
        seed: 7,
    };
    let mut game = variant_testing::hosted::<LaVache>(&[], Player::SUD);
    let direct = new_game(Player::SUD);
    let assessed = game.assess(request).unwrap();
    assert_eq!(assessed, variant_engine::assess(&direct, request));
    let inputs: Vec<u32> = assessed.iter().map(|a| a.input).collect();
    assert_eq!(inputs, legal(&direct));
    game.resign(Player::SUD).unwrap();
    assert!(game.assess(request).is_err(), "nothing to value once over");
}

/// Issue 37: with twelve holes a row, a player's stables may run to 23;
/// the longest list of them does not fit 80 columns and is said in words.
#[test]
fn a_list_of_stables_too_long_for_80_columns_is_said_in_words() {
    let mut pits = [0; 24];
    for pit in (0..23).filter(|pit| pit % 3 != 2) {
        pits[pit] = 1;
    }
    let mut game = LaVache::from_position(12, &pits, Player::SUD);
    game.sud = 23;
    assert_eq!(legal(&game).len(), 16);
    assert_eq!(
        game.prompt().unwrap(),
        "SUD, étable à semer ? (à vous, non vide, ou 0 pour finir d'un commun accord)"
    );
    game.phase = Phase::Reserve;
    assert_eq!(
        game.prompt().unwrap(),
        "SUD, étable en réserve ? (à vous, non vide, ou 0 pour finir d'un commun accord)"
    );
    pits[..12].fill(1);
    let mut game = LaVache::from_position(12, &pits, Player::SUD);
    game.phase = Phase::Reserve;
    assert_eq!(
        game.prompt().unwrap(),
        "SUD, étable à mettre en réserve ? (1 à 12, ou 0 pour finir d'un commun accord)"
    );
}

/// Issue 27: the first prompt of a round was 183 columns; every prompt of
/// random games now fits a terminal of 80.
#[test]
fn every_prompt_fits_80_columns() {
    let mut rng = variant_kit::rng::SplitMix::new(27);
    for first in [Player::SUD, Player::NORD, Player::SUD, Player::NORD] {
        let mut game = new_game(first);
        for _ in 0..3000 {
            if let Some(prompt) = game.prompt() {
                assert!(prompt.chars().count() <= 80, "{prompt}");
            }
            let moves = legal(&game);
            if moves.is_empty() {
                break;
            }
            let input = moves[rng.below(moves.len() as u64) as usize];
            assert!(game.play(input).is_ok(), "{input} is accepted");
        }
    }
}
