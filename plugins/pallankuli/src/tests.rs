//! One test per rule sentence of the seed section « Le Pallankuli » and per
//! reading chosen where it is silent; a property test of seed conservation
//! and the conformance run.

use super::*;
use proptest::prelude::*;
use variant_kit::DecisionKind;
use variant_testing::{completed, gains, legal, outcome, to_move, Conformance};

/// A game on a 2×7 board of 6 seeds a hole at `pits` (index `n - 1` is
/// hole `n`), in the middle of a round started by `to_move`, who plays now.
fn position(pits: [u8; 14], to_move: Player) -> Pallankuli {
    Pallankuli::from_position(7, 6, &pits, to_move)
}

fn new_game(first: Player) -> Pallankuli {
    variant_testing::new_game(&[], first)
}

/// The seeds on the board and in the scores.
fn all_seeds(game: &Pallankuli) -> u32 {
    game.seeds().iter().sum::<u32>() + game.scores().iter().sum::<u32>()
}

#[test]
fn sept_cases_par_joueuse_et_six_pierres_par_case() {
    let game = new_game(Player::SUD);
    assert_eq!(game.seeds(), vec![6; 14]);
    assert_eq!(all_seeds(&game), 84);
    assert_eq!(game.scores(), vec![0, 0]);
    assert_eq!(legal(&game), vec![1, 2, 3, 4, 5, 6, 7]);
    assert_eq!(legal(&new_game(Player::NORD)), (8..=14).collect::<Vec<_>>());
    assert!(game.layout().out_of_play.is_empty());
}

#[test]
fn a_board_of_100_seeds_or_more_is_drawn_with_wide_columns() {
    assert!(!new_game(Player::SUD).layout().wide, "84 seeds");
    let big: Pallankuli =
        variant_testing::new_game(&[("holes", "12"), ("seeds", "10")], Player::SUD);
    assert!(big.layout().wide, "240 seeds: a hole may hold 100");
}

#[test]
fn options_set_the_size_of_the_board() {
    let game: Pallankuli =
        variant_testing::new_game(&[("holes", "5"), ("seeds", "4")], Player::SUD);
    assert_eq!(game.seeds(), vec![4; 10]);
    assert_eq!(legal(&game), vec![1, 2, 3, 4, 5]);
    assert_eq!(game.layout().rows[1].holes, vec![5, 4, 3, 2, 1]);
}

#[test]
fn le_sens_des_semailles_est_celui_des_aiguilles_d_une_montre() {
    // Numbered along the circuit: SUD's row 7..1 from left to right, NORD's
    // row 8..14 from left to right above it; 14 sits above 1, 8 above 7.
    let layout = new_game(Player::SUD).layout();
    assert_eq!(layout.rows[0].label, "NORD");
    assert_eq!(layout.rows[0].holes, (8..=14).collect::<Vec<_>>());
    assert_eq!(layout.rows[1].label, "SUD");
    assert_eq!(layout.rows[1].holes, vec![7, 6, 5, 4, 3, 2, 1]);
    assert_eq!(layout.owners, Layout::two_rows(7).owners);
    for hole in 1..=14 {
        assert_eq!(
            TwoRows::new(7).facing(hole - 1) + 1,
            15 - hole,
            "hole {hole}"
        );
    }
}

#[test]
fn a_move_sows_the_seeds_of_a_hole_of_ones_row_one_by_one() {
    // Hole 1 (2 seeds) sows holes 2 and 3; hole 4 after them is empty.
    let mut game = position([2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3], Player::SUD);
    assert_eq!(gains(game.play(1).unwrap()), [0, 0]);
    assert_eq!(game.seeds(), vec![0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3]);
    assert_eq!(to_move(&game), Player::NORD);
    let before = game.clone();
    assert!(game.play(1).unwrap_err().contains("SUD"));
    assert!(game.play(9).unwrap_err().contains("vide"));
    assert!(game.play(16).unwrap_err().contains("n'est pas un trou"));
    assert_eq!(game.seeds(), before.seeds());
}

#[test]
fn hole_14_is_followed_by_hole_1() {
    let mut game = position([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2], Player::NORD);
    game.pits[5] = 1;
    game.play(14).unwrap();
    assert_eq!(game.seeds(), vec![1, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0]);
}

#[test]
fn reading_the_starting_hole_is_not_skipped() {
    // 2×3 board: hole 1's 6 seeds go round and the 6th falls back in hole 1;
    // then relays from the next holes: 2 into 3, 4 into 5, 6 into 1; hole 2
    // after it is empty, SUD's own: SUD takes the 2 seeds of hole 5.
    let mut game = Pallankuli::from_position(3, 6, &[6, 0, 0, 0, 0, 0], Player::SUD);
    assert_eq!(gains(game.play(1).unwrap()), [2, 0]);
    assert_eq!(game.seeds(), vec![2, 0, 2, 0, 0, 0]);
}

#[test]
fn si_la_case_suivante_contient_des_pierres_on_repart_de_cette_case() {
    // Hole 1 sows hole 2; hole 3 after it holds 2: they are sown in 4 and
    // 5; hole 6 after them is empty: the move ends.
    let mut game = position([1, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], Player::SUD);
    assert_eq!(gains(game.play(1).unwrap()), [0, 0]);
    assert_eq!(game.seeds(), vec![0, 1, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
}

#[test]
fn si_cette_case_vide_est_dans_son_camp_on_prend_la_case_adverse_en_face() {
    // As above; hole 6 faces hole 9, which holds 5: SUD takes them.
    let mut game = position([1, 0, 2, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 1], Player::SUD);
    assert_eq!(gains(game.play(1).unwrap()), [5, 0]);
    assert_eq!(game.seeds(), vec![0, 1, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    assert_eq!(game.scores(), vec![5, 0]);
    assert_eq!(to_move(&game), Player::NORD);
}

#[test]
fn no_capture_when_the_empty_hole_is_in_the_opponents_row() {
    // Hole 7 sows hole 8; hole 9 after it is empty but NORD's.
    let mut game = position([0, 0, 0, 0, 0, 3, 1, 0, 0, 0, 0, 0, 0, 2], Player::SUD);
    assert_eq!(gains(game.play(7).unwrap()), [0, 0]);
    assert_eq!(game.seeds(), vec![0, 0, 0, 0, 0, 3, 0, 1, 0, 0, 0, 0, 0, 2]);
}

#[test]
fn une_quatrieme_pierre_fait_une_vache_gagnee_par_la_proprietaire_du_champ() {
    // SUD's hole 7 sows NORD's hole 8, which reaches 4: NORD gains them.
    let mut game = position([0, 0, 0, 0, 0, 0, 1, 3, 0, 0, 0, 0, 0, 2], Player::SUD);
    let step = game.play(7).unwrap();
    assert_eq!(gains(step), [0, 4], "a gain for NORD, reported for NORD");
    assert_eq!(completed(step).get(Player::NORD), 4);
    assert_eq!(game.scores(), vec![0, 4]);
    assert_eq!(game.seeds(), vec![0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2]);
}

#[test]
fn a_cow_in_ones_own_row_is_ones_own_and_the_sowing_goes_on() {
    // Hole 1: hole 2 reaches 4, SUD's cow; the last seed falls in hole 3.
    let mut game = position([2, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2], Player::SUD);
    assert_eq!(gains(game.play(1).unwrap()), [4, 0]);
    assert_eq!(game.seeds(), vec![0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2]);
}

#[test]
fn lorsque_toutes_ses_cases_sont_vides_elle_passe_son_tour() {
    let mut game = position([0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 2], Player::SUD);
    assert_eq!(legal(&game), vec![15]);
    assert_eq!(
        game.turn(),
        Turn::Decide {
            player: Player::SUD,
            kind: DecisionKind::Forced
        },
        "a pass is a turn with nothing to choose"
    );
    assert_eq!(game.prompt().unwrap(), "SUD passe : ses cases sont vides.");
    assert!(game
        .play(1)
        .unwrap_err()
        .contains("une seule réponse possible : 15, pour passer son tour"));
    assert_eq!(game.play(15), Ok(Step::Completed(Gains::NONE)));
    assert_eq!(to_move(&game), Player::NORD);
    assert_eq!(legal(&game), vec![10, 14]);
    assert!(game.play(15).is_err(), "NORD has seeds and may not pass");
}

#[test]
fn une_manche_se_termine_quand_il_ne_reste_qu_une_pierre_en_jeu() {
    // Hole 1 sows hole 2; hole 3 is empty and faces hole 12: SUD takes its
    // 3 seeds. One seed is left, in SUD's hole 2: it goes to SUD.
    let mut game = position([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0], Player::SUD);
    game.scores = [40, 40];
    let step = game.play(1).unwrap();
    assert_eq!(step, Step::RoundOver(Gains::of(Player::SUD, 4)));
    assert_eq!(game.scores(), vec![44, 40]);
    assert_eq!(game.seeds(), vec![0; 14]);
    let reason = game.end_reason();
    assert!(
        reason.starts_with("il reste au plus une graine en jeu"),
        "{reason}"
    );
    assert!(reason.contains("(SUD 1, NORD 0)"), "{reason}");
}

#[test]
fn les_joueuses_regarnissent_leurs_cases_et_les_cases_vides_sont_aveugles() {
    let mut game = position([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0], Player::SUD);
    game.scores = [40, 40];
    game.play(1).unwrap();
    // NORD starts the next round, in a turn with nothing to choose.
    assert_eq!(
        game.turn(),
        Turn::Decide {
            player: Player::NORD,
            kind: DecisionKind::Forced
        }
    );
    assert_eq!(legal(&game), vec![15]);
    let prompt = game.prompt().unwrap();
    assert_eq!(
        prompt,
        "NORD commence la manche : SUD remplit 7 case(s), NORD 6 ; autres aveugles."
    );
    assert!(game
        .play(8)
        .unwrap_err()
        .contains("une seule réponse possible : 15"));
    assert_eq!(game.play(15), Ok(Step::Pending));
    // SUD: 44 seeds fill 7 holes, 2 are left; NORD: 40 fill 6, 4 are left.
    let mut expected = vec![6; 14];
    expected[13] = 0;
    assert_eq!(game.seeds(), expected);
    assert_eq!(game.scores(), vec![2, 4]);
    assert_eq!(game.layout().out_of_play, vec![14]);
    assert_eq!(to_move(&game), Player::NORD);
    assert_eq!(legal(&game), vec![8, 9, 10, 11, 12, 13]);
    assert!(game.play(14).unwrap_err().contains("aveugle"));
}

#[test]
fn reading_blind_holes_are_off_the_circuit() {
    // Hole 14 is blind: NORD's hole 13 sows hole 1, then hole 2; hole 3
    // after them is empty.
    let mut game = position([0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 2, 0], Player::NORD);
    game.blind[13] = true;
    assert_eq!(gains(game.play(13).unwrap()), [0, 0]);
    assert_eq!(game.seeds(), vec![1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0]);
    // The next hole of a relay skips a blind hole: SUD's hole 7 sows hole
    // 8 (hole 9 is blind), and hole 10 after it holds 2, which are sown in
    // 11 and 12; hole 13 is empty, NORD's.
    let mut game = position([0, 0, 0, 0, 0, 0, 1, 0, 0, 2, 0, 0, 0, 0], Player::SUD);
    game.blind[8] = true;
    game.pits[0] = 1;
    game.play(7).unwrap();
    assert_eq!(game.seeds(), vec![1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 1, 0, 0]);
    // A blind hole facing the empty hole gives nothing (it holds nothing).
    let mut game = position([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2], Player::SUD);
    game.blind[11] = true;
    assert_eq!(gains(game.play(1).unwrap()), [0, 0]);
}

#[test]
fn si_la_joueuse_a_fait_mieux_elle_peut_reconquerir_du_terrain() {
    let mut game = position([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0], Player::SUD);
    game.blind[13] = true;
    game.blind[12] = true;
    game.scores = [30, 50];
    game.play(1).unwrap();
    game.play(15).unwrap();
    // NORD held 50: 7 holes, 13 and 14 are won back; SUD held 34: 5 holes,
    // holes 6 and 7 go blind.
    assert_eq!(game.layout().out_of_play, vec![6, 7]);
    assert_eq!(game.scores(), vec![34 - 30, 50 - 42]);
    let mut expected = vec![6; 14];
    expected[5] = 0;
    expected[6] = 0;
    assert_eq!(game.seeds(), expected);
}

#[test]
fn les_manches_sont_commencees_alternativement() {
    let mut game = position([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0], Player::SUD);
    game.scores = [40, 40];
    game.play(1).unwrap();
    game.play(15).unwrap();
    assert_eq!(game.starter, Player::NORD);
    // Whatever the result, the next round is SUD's.
    game.pits = [0; MAX_HOLES];
    game.pits[7] = 1;
    game.pits[4] = 3;
    game.blind = [false; MAX_HOLES];
    game.scores = [40, 40];
    assert!(matches!(game.play(8).unwrap(), Step::RoundOver(_)));
    assert_eq!(to_move(&game), Player::SUD);
    assert_eq!(legal(&game), vec![15]);
}

#[test]
fn la_partie_se_termine_lorsque_les_gains_d_une_joueuse_sont_de_moins_de_six() {
    let mut game = position([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0], Player::SUD);
    game.scores = [75, 5];
    let step = game.play(1).unwrap();
    assert!(matches!(step, Step::RoundOver(_)));
    assert_eq!(outcome(&game), Outcome::winner(Player::SUD));
    let reason = game.end_reason();
    assert!(reason.contains("NORD a moins de 6 graines"), "{reason}");
    assert!(legal(&game).is_empty());
}

#[test]
fn reading_agreement_gives_each_player_their_row() {
    let mut game = position([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0], Player::SUD);
    game.scores = [40, 40];
    game.end_by_agreement().unwrap();
    assert_eq!(game.scores(), vec![41, 43]);
    assert_eq!(outcome(&game), Outcome::winner(Player::NORD));
    assert!(game.end_reason().contains("SUD tient 41, NORD 43"));
}

#[test]
fn reading_an_endless_sowing_stops_and_ends_the_round() {
    // From hole 5, the relays come back to the position they started from.
    let pits = [0, 1, 0, 1, 1, 0, 1, 0, 1, 0, 1, 0, 2, 1];
    let mut game = position(pits, Player::SUD);
    game.scores = [40, 35];
    // The seeds stay where they were, then go to the owners of their holes.
    let mut left = Gains::of(Player::SUD, 4);
    left.add(Player::NORD, 5);
    assert_eq!(game.play(5), Ok(Step::RoundOver(left)));
    assert!(game
        .end_reason()
        .starts_with("le semis tournerait sans fin"));
    assert_eq!(game.scores(), vec![44, 40]);
    // The chain does come back to where it started.
    let circuit = Circuit {
        board: TwoRows::new(7),
        blind: [false; MAX_HOLES],
    };
    let mut board = [0; MAX_HOLES];
    board[..14].copy_from_slice(&pits);
    let start = Sowing {
        pits: board,
        hole: 4,
        taken: [0, 0],
    };
    let chain = chain::follow(start, |state| circuit.step(state));
    assert!(
        matches!(chain, Chain::Loops(state) if state == start),
        "the chain comes back to its start"
    );
}

#[test]
fn reading_a_round_whose_position_repeats_since_the_last_seeds_taken_ends() {
    // One seed each, going round and passing, until the first position
    // comes back.
    let mut game = position([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0], Player::SUD);
    game.scores = [41, 41];
    let inputs = [
        1, 13, 2, 14, 1, 15, 2, 15, 3, 15, 4, 15, 5, 8, 6, 9, 7, 8, 15, 9, 15, 10, 15, 11, 15,
    ];
    for input in inputs {
        assert!(
            matches!(game.play(input).unwrap(), Step::Completed(_)),
            "{input}"
        );
    }
    assert!(matches!(game.play(12).unwrap(), Step::RoundOver(_)));
    let reason = game.end_reason();
    assert!(reason.starts_with("la position s'est répétée"), "{reason}");
}

#[test]
fn reading_a_game_whose_round_starts_repeat_ends() {
    // 42 seeds each, NORD to start: the start of two rounds already played.
    let mut game = position([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0], Player::SUD);
    game.scores = [38, 42];
    game.starts.met(start_key(42, Player::NORD));
    let mut twice = game.clone();
    assert!(matches!(twice.play(1).unwrap(), Step::RoundOver(_)));
    assert_eq!(
        twice.phase,
        Phase::NewRound,
        "the second time, the game goes on"
    );
    // The round that starts for the second time so says it in the line
    // that sets it up (stderr), instead of how the holes are filled.
    assert_eq!(
        twice.prompt().unwrap(),
        "Attention : 2e départ identique (SUD 42, NORD 42) ; au 3e, la partie s'arrête."
    );
    assert_eq!(twice.play(15), Ok(Step::Pending));
    assert_eq!(twice.prompt(), None, "the first move has the host's prompt");
    game.starts.met(start_key(42, Player::NORD));
    assert!(matches!(game.play(1).unwrap(), Step::RoundOver(_)));
    assert_eq!(outcome(&game), Outcome::DRAW);
    assert!(game
        .end_reason()
        .contains("commencerait pour la troisième fois comme des manches déjà jouées"));
    // The first round's start counts: a new game starts with 42 each.
    let game = new_game(Player::SUD);
    assert_eq!(game.starts.count(start_key(42, Player::SUD)), 1);
    assert_eq!(game.prompt(), None, "a first start warns of nothing");
}

#[test]
fn the_board_and_the_scores_hold_every_seed_in_random_games() {
    let mut rng = variant_kit::rng::SplitMix::new(1928);
    let mut blind_seen = false;
    for number in 0..200 {
        let mut game = new_game(Player((number % 2) as u8));
        while let Turn::Decide { .. } = game.turn() {
            assert_eq!(all_seeds(&game), 84);
            blind_seen |= !game.layout().out_of_play.is_empty();
            let inputs = legal(&game);
            game.play(inputs[rng.below(inputs.len() as u64) as usize])
                .unwrap();
        }
        assert_eq!(all_seeds(&game), 84);
    }
    assert!(blind_seen);
}

proptest! {
    #[test]
    fn sowing_keeps_every_seed(pits in proptest::array::uniform14(0u8..8), hole in 0usize..7) {
        prop_assume!(pits[hole] > 0);
        let mut game = position(pits, Player::SUD);
        let before = all_seeds(&game);
        game.play(hole as u32 + 1).unwrap();
        prop_assert_eq!(all_seeds(&game), before);
    }
}

#[test]
fn conformance() {
    Conformance::new().games(400).passes::<Pallankuli>();
    Conformance::new()
        .games(300)
        .options(&[("holes", "6"), ("seeds", "4")])
        .passes::<Pallankuli>();
}

#[test]
fn the_rules_text_of_help_names_each_reading_with_its_source() {
    for needle in [
        "troisième manche identique",
        "Pourquoi :",
        "quand :",
        "169 manches",
        "Attention : 2e départ identique",
        "Lectures et leurs sources",
        "Pallankuli.lud",
        "règles du projet",
    ] {
        assert!(RULES.contains(needle), "{needle}");
    }
}
