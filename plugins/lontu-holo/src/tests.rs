//! One test per rule sentence of the seed section « LONTU HOLO », named after
//! the rule, then one per reading chosen where the seed is silent. The seed
//! gives no worked example with a position.

use super::*;
use variant_testing::{assert_names, legal, Conformance};

fn new_game(first: Player) -> LontuHolo {
    LontuHolo::new(&Options::default(), first).unwrap()
}

/// A game past the placement at `pits` (index `n - 1` is hole `n`), `to_move` to sow.
fn position(pits: [u8; HOLES], to_move: Player) -> LontuHolo {
    let mut game = new_game(to_move);
    game.pits = pits;
    game.phase = Phase::Sowing;
    game.seen = Positions::starting_at(&game.pits, game.to_move);
    game
}

/// What the game asks now.
struct Asked {
    player: Player,
    kind: DecisionKind,
    /// The variant's own prompt; empty where the host's is enough (sowing).
    prompt: String,
}

fn decision(game: &LontuHolo) -> Asked {
    match game.turn() {
        Turn::Decide { player, kind } => Asked {
            player,
            kind,
            prompt: game.prompt().unwrap_or_default(),
        },
        Turn::Over(outcome) => panic!("the game is over: {outcome:?}"),
    }
}

/// Places the first player's 24 seeds, one per hole number of `holes`, cycling.
fn place(game: &mut LontuHolo, holes: &[u32]) -> Vec<Step> {
    holes
        .iter()
        .cycle()
        .take(usize::from(SEEDS_EACH))
        .map(|&hole| game.play(hole).unwrap())
        .collect()
}

fn completed() -> Step {
    Step::Completed(Gains::NONE)
}

#[test]
fn each_player_owns_the_6_holes_on_their_left_on_both_rows() {
    // « les 6 trous qui se trouvent placés à leur gauche sur les deux rangées »
    let layout = new_game(Player::SUD).layout();
    assert_eq!(layout.rows[0].holes, vec![12, 11, 10, 9, 8, 7]);
    assert_eq!(layout.rows[1].holes, vec![1, 2, 3, 4, 5, 6]);
    let owned = |player| -> Vec<u32> {
        (1..=12)
            .filter(|&hole| layout.owners[hole as usize - 1] == player)
            .collect()
    };
    assert_eq!(owned(Player::SUD), vec![1, 2, 3, 10, 11, 12]);
    assert_eq!(owned(Player::NORD), vec![4, 5, 6, 7, 8, 9]);
    assert_eq!(layout.score_order, vec![Player::NORD, Player::SUD]);
}

#[test]
fn each_player_has_24_seeds() {
    // « les joueurs disposent chacun de 24 graines »
    let mut game = new_game(Player::SUD);
    assert_eq!(game.seeds(), vec![0; 12], "nothing is placed yet");
    place(&mut game, &[1, 2, 3, 10, 11, 12]);
    assert_eq!(game.own_seeds(Player::SUD), 24);
    assert_eq!(game.own_seeds(Player::NORD), 24);
    assert_eq!(game.scores(), vec![0, 0]);
}

#[test]
fn the_first_player_places_their_seeds_at_will_in_their_6_holes() {
    // « Le premier joueur (tiré au sort) place ses graines à sa guise dans ses 6 trous. »
    for (first, holes) in [
        (Player::SUD, vec![1, 2, 3, 10, 11, 12]),
        (Player::NORD, vec![4, 5, 6, 7, 8, 9]),
    ] {
        let game = new_game(first);
        let asked = decision(&game);
        assert_eq!(asked.player, first);
        assert_eq!(asked.kind, DecisionKind::Placement);
        assert!(asked.prompt.contains("graine 1 sur 24"), "{}", asked.prompt);
        let (me, other, listed) = if first == Player::SUD {
            ("SUD", "NORD", "1 à 3 10 à 12")
        } else {
            ("NORD", "SUD", "4 à 9")
        };
        // The end by agreement is offered at the first seed: the line
        // leaves out the opponent's seed, and the question if need be, to
        // fit 80 columns.
        let choices = format!("({listed}, ou 0 pour finir d'un commun accord)");
        let asking = format!("{me}, où va la graine 1 sur 24 ? {choices}");
        let expected = if asking.chars().count() <= 80 {
            asking
        } else {
            format!("{me}, graine 1 sur 24 ? {choices}")
        };
        assert_eq!(asked.prompt, expected);
        assert_eq!(legal(&game), holes);
        let mut next = game.clone();
        next.play(holes[0]).unwrap();
        assert_eq!(
            decision(&next).prompt,
            format!(
                "{me}, où va la graine 2 sur 24 ({other} en met une au symétrique) ? ({listed})"
            )
        );
    }
    let mut game = new_game(Player::SUD);
    let before = game.clone();
    assert!(game.play(4).unwrap_err().contains("est à NORD"));
    assert!(game.play(13).unwrap_err().contains("n'est pas un trou"));
    assert_eq!(game.seeds(), before.seeds());
    assert_eq!(game.turn(), before.turn());
    // All 24 in one hole is allowed: the other holes stay empty.
    place(&mut game, &[11]);
    assert_eq!(game.seeds()[10], 24);
    assert_eq!(game.own_seeds(Player::SUD), 24);
}

#[test]
fn the_24_placements_are_one_move() {
    let mut game = new_game(Player::SUD);
    let steps = place(&mut game, &[1, 2]);
    assert!(steps[..23].iter().all(|step| *step == Step::Pending));
    assert_eq!(steps[23], completed());
    assert_eq!(decision(&game).kind, DecisionKind::Sow);
    assert_eq!(game.prompt(), None, "the host asks which hole to sow");
}

#[test]
fn the_second_player_places_symmetrically_case_by_case() {
    // « Le contenu de la case 1 du joueur B doit être identique à celui de la
    // case 1 du joueur A et ainsi de suite. »
    let mut game = new_game(Player::SUD);
    place(&mut game, &[1, 1, 1, 2, 10, 10, 12, 3]);
    let seeds = game.seeds();
    assert_eq!(seeds, vec![9, 3, 3, 6, 0, 3, 9, 3, 3, 6, 0, 3]);
    for hole in 0..12 {
        assert_eq!(seeds[hole], seeds[mirror(hole)], "hole {}", hole + 1);
    }
    // SUD's case 1 (hole 1) matches NORD's case 1 (hole 7), SUD's 10 NORD's 4.
    let mut game = new_game(Player::NORD);
    game.play(4).unwrap();
    game.play(7).unwrap();
    let seeds = game.seeds();
    assert_eq!((seeds[3], seeds[9]), (1, 1));
    assert_eq!((seeds[6], seeds[0]), (1, 1));
}

#[test]
fn the_first_player_starts_the_game() {
    // « Le premier joueur commence la partie »
    for first in [Player::SUD, Player::NORD] {
        let mut game = new_game(first);
        let holes = legal(&game);
        place(&mut game, &holes);
        let asked = decision(&game);
        assert_eq!(asked.player, first);
        assert_eq!(asked.kind, DecisionKind::Sow);
    }
}

#[test]
fn a_player_sows_one_by_one_in_each_of_their_following_holes_counterclockwise() {
    // « prend les graines dans un de ses trous et les sème une par une dans
    // chacun de ses trous qui suivent dans le sens anti-horaire »
    let mut pits = [0; HOLES];
    pits[1] = 3; // SUD's hole 2: 3, then SUD's 10 and 11 (NORD's 4 to 9 are skipped).
    pits[7] = 3; // NORD's hole 8: 9, then NORD's 4 and 5.
    let mut game = position(pits, Player::SUD);
    assert_eq!(game.play(2).unwrap(), completed());
    assert_eq!(game.seeds(), vec![0, 0, 1, 0, 0, 0, 0, 3, 0, 1, 1, 0]);
    assert_eq!(game.play(8).unwrap(), completed());
    assert_eq!(game.seeds(), vec![0, 0, 1, 1, 1, 0, 0, 0, 1, 1, 1, 0]);
}

#[test]
fn the_other_player_does_the_same_with_their_own_holes() {
    // « L'autre joueur fait de même à son tour avec des graines, ramassées
    // cette fois dans un de ses propres trous. »
    let mut pits = [2; HOLES];
    pits[4] = 0;
    let mut game = position(pits, Player::SUD);
    game.play(1).unwrap();
    assert_eq!(decision(&game).player, Player::NORD);
    assert_eq!(legal(&game), vec![4, 6, 7, 8, 9]);
    let before = game.clone();
    assert!(game.play(1).unwrap_err().contains("est à SUD"));
    assert!(game.play(5).unwrap_err().contains("vide"));
    assert_eq!(game.seeds(), before.seeds());
    assert_eq!(game.turn(), before.turn());
}

#[test]
fn a_last_seed_in_a_hole_that_held_more_or_less_than_3_does_nothing() {
    // « Si la dernière graine tombe dans un trou qui en contenait plus ou
    // moins de 3, il ne se passe rien. »
    for held in [0, 1, 2, 4, 5] {
        let mut pits = [1; HOLES];
        pits[0] = 1;
        pits[1] = held;
        let mut game = position(pits, Player::SUD);
        assert_eq!(game.play(1).unwrap(), completed());
        assert_eq!(game.seeds()[1], u32::from(held) + 1);
        assert_eq!(decision(&game).player, Player::NORD, "held {held}");
    }
}

#[test]
fn a_last_seed_in_a_hole_that_held_exactly_3_takes_the_4_seeds() {
    // « Si la dernière graine tombe dans un trou qui en contenait exactement
    // 3, le joueur prend les 4 graines. »
    let mut pits = [1; HOLES];
    pits[1] = 3;
    let mut game = position(pits, Player::SUD);
    assert_eq!(game.play(1).unwrap(), Step::Pending);
    // The seeds taken stay on the board until the player says where they go.
    assert_eq!(game.seeds(), vec![0, 4, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    let asked = decision(&game);
    assert_eq!(asked.player, Player::SUD);
    assert_eq!(asked.kind, DecisionKind::TargetHole);
    assert!(
        asked.prompt.contains("les 4 graines prises (trous 2)"),
        "{}",
        asked.prompt
    );
    assert_eq!(legal(&game), vec![4, 5, 6, 7, 8, 9]);
    assert!(
        asked.prompt.ends_with("(4 à 9)"),
        "no agreement offered in the middle of a move: {}",
        asked.prompt
    );
    assert_eq!(game.play(7).unwrap(), completed());
    assert_eq!(game.seeds(), vec![0, 0, 1, 1, 1, 1, 5, 1, 1, 1, 1, 1]);
    assert_eq!(game.scores(), vec![0, 0]);
    assert_eq!(decision(&game).player, Player::NORD);
}

#[test]
fn the_immediately_contiguous_holes_with_4_are_taken_too_forward_and_backward() {
    // « Si les trous immédiatement contiguës contiennent également 4 graines,
    // en avant comme en arrière, il les prend aussi. »
    // SUD sows 10 (4 seeds): 11, 12, 1, 2; hole 2 held 3. Backward, hole 1
    // now holds 4; forward, hole 3 holds 4. Hole 12 also holds 4, but it is
    // not immediately next to 2: only one hole is taken on each side.
    let mut pits = [0; HOLES];
    pits[9] = 4;
    pits[11] = 3;
    pits[0] = 3;
    pits[1] = 3;
    pits[2] = 4;
    let mut game = position(pits, Player::SUD);
    game.play(10).unwrap();
    assert!(decision(&game)
        .prompt
        .contains("les 12 graines prises (trous 1 à 3)"));
    game.play(5).unwrap();
    assert_eq!(game.seeds(), vec![0, 0, 0, 0, 12, 0, 0, 0, 0, 0, 1, 4]);
}

#[test]
fn a_contiguous_hole_with_another_count_is_not_taken() {
    // SUD sows 1 (1 seed) into 2, which held 3; hole 1 is now empty and
    // hole 3 holds 5: only hole 2 is taken.
    let mut pits = [0; HOLES];
    pits[0] = 1;
    pits[1] = 3;
    pits[2] = 5;
    let mut game = position(pits, Player::SUD);
    game.play(1).unwrap();
    game.play(4).unwrap();
    assert_eq!(game.seeds(), vec![0, 0, 5, 4, 0, 0, 0, 0, 0, 0, 0, 0]);
}

#[test]
fn contiguous_holes_follow_the_players_own_circuit_and_only_their_holes() {
    // NORD sows 7 (2 seeds): 8, 9; hole 9 held 3. The next hole of NORD's
    // circuit is NORD's 4 (4 seeds): taken. SUD's 10, next to 9 on the
    // board's circuit, holds 4 too but is SUD's: not taken.
    let mut pits = [0; HOLES];
    pits[6] = 2;
    pits[8] = 3;
    pits[3] = 4;
    pits[9] = 4;
    let mut game = position(pits, Player::NORD);
    game.play(7).unwrap();
    assert!(decision(&game)
        .prompt
        .contains("les 8 graines prises (trous 4 9)"));
    game.play(1).unwrap();
    assert_eq!(game.seeds(), vec![8, 0, 0, 0, 0, 0, 0, 1, 0, 4, 0, 0]);
}

#[test]
fn the_player_puts_all_these_seeds_into_the_opponents_hole_of_their_choice() {
    // « Il replace alors toutes ces graines dans le trou adverse de son choix. »
    let mut pits = [1; HOLES];
    pits[1] = 3;
    let mut game = position(pits, Player::SUD);
    game.play(1).unwrap();
    let before = game.clone();
    assert!(game.play(3).unwrap_err().contains("est à SUD"));
    assert!(game.play(0).unwrap_err().contains("n'est pas un trou"));
    assert!(game.play(13).unwrap_err().contains("n'est pas un trou"));
    assert_eq!(game.seeds(), before.seeds());
    assert_eq!(game.turn(), before.turn());
    for target in 4..=9 {
        let mut choice = before.clone();
        choice.play(target).unwrap();
        assert_eq!(choice.seeds()[target as usize - 1], 5);
    }
}

#[test]
fn the_first_player_with_no_seed_left_in_their_own_holes_wins() {
    // « Le gagnant est celui qui est le premier à ne plus avoir de graines
    // dans ses propres alvéoles. »
    let mut pits = [0; HOLES];
    pits[0] = 1;
    pits[1] = 3;
    pits[3..9].copy_from_slice(&[7, 7, 7, 7, 8, 8]);
    let mut game = position(pits, Player::SUD);
    game.play(1).unwrap();
    assert_eq!(game.play(6).unwrap(), completed());
    assert_eq!(game.turn(), Turn::Over(Outcome::winner(Player::SUD)));
    assert_eq!(
        game.end_reason(),
        "le joueur qui vient de jouer n'a plus de graine dans ses trous : il gagne."
    );
    assert_eq!(game.own_seeds(Player::NORD), 48);
    assert!(legal(&game).is_empty());
    assert!(game.play(4).unwrap_err().contains("finie"));
}

#[test]
fn reading_the_starting_hole_is_skipped_on_every_lap() {
    // SUD's hole 1 (12 seeds): 2, 3, 10, 11, 12 twice, then 2 and 3.
    let mut pits = [0; HOLES];
    pits[0] = 12;
    pits[3] = 1;
    let mut game = position(pits, Player::SUD);
    game.play(1).unwrap();
    assert_eq!(game.seeds(), vec![0, 3, 3, 1, 0, 0, 0, 0, 0, 2, 2, 2]);
}

#[test]
fn reading_a_repeated_position_ends_the_game_and_fewer_seeds_win() {
    // SUD has one seed, NORD two: no hole can ever hold 3, so nothing is
    // ever taken and the players go round their circuits until a position
    // (seeds and player to sow) comes back.
    let mut pits = [0; HOLES];
    pits[0] = 1;
    pits[3] = 1;
    pits[6] = 1;
    let mut game = position(pits, Player::SUD);
    let mut seen = vec![(game.pits, game.to_move)];
    for turns in 1.. {
        assert!(turns < 100, "the repetition rule must end this game");
        let hole = legal(&game)[0];
        game.play(hole).unwrap();
        let reached = (game.pits, game.to_move);
        if let Turn::Over(outcome) = game.turn() {
            assert!(seen.contains(&reached), "ended without a repetition");
            assert_eq!(outcome, Outcome::winner(Player::SUD));
            assert_eq!(
                game.end_reason(),
                "la position s'est répétée ; le joueur qui a le moins de graines dans ses \
                 trous gagne, les graines restent sur le plateau."
            );
            return;
        }
        assert!(
            !seen.contains(&reached),
            "a repetition did not end the game"
        );
        seen.push(reached);
    }
}

#[test]
fn reading_the_game_stops_after_the_turn_limit() {
    let mut pits = [0; HOLES];
    pits[0] = 2;
    pits[3] = 1;
    let mut game = position(pits, Player::SUD);
    game.turns = TURN_LIMIT - 2;
    game.play(1).unwrap();
    assert_eq!(decision(&game).player, Player::NORD);
    game.play(4).unwrap();
    assert_eq!(game.turns, TURN_LIMIT);
    assert_eq!(game.turn(), Turn::Over(Outcome::winner(Player::NORD)));
    assert_eq!(game.end_reason(), TURNS_RUN_OUT);
    assert!(game
        .end_reason()
        .starts_with("les 1000 tours de semis sont joués ;"));
    assert_eq!(game.seeds(), vec![0, 1, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0]);
}

#[test]
fn reading_agreement_ends_the_game_and_fewer_seeds_win() {
    let mut pits = [0; HOLES];
    pits[0] = 5;
    pits[4] = 4;
    let mut game = position(pits, Player::SUD);
    assert_eq!(game.end_reason(), "la partie n'est pas finie.");
    game.end_by_agreement().unwrap();
    assert_eq!(game.turn(), Turn::Over(Outcome::winner(Player::NORD)));
    assert_eq!(game.end_reason(), AGREEMENT);
    assert!(game
        .end_reason()
        .starts_with("les joueurs sont d'accord pour finir ;"));
    assert_eq!(game.prompt(), None);
    assert_eq!(game.seeds()[0], 5, "the seeds stay on the board");
    assert_eq!(game.scores(), vec![0, 0]);
    assert!(game.end_by_agreement().is_err());
    assert!(legal(&game).is_empty());
}

#[test]
fn reading_agreement_during_the_placement_is_a_draw() {
    let mut game = new_game(Player::NORD);
    game.play(5).unwrap();
    game.play(9).unwrap();
    game.end_by_agreement().unwrap();
    assert_eq!(game.turn(), Turn::Over(Outcome::DRAW));
}

#[test]
fn reading_agreement_is_allowed_while_the_target_is_asked() {
    let mut pits = [1; HOLES];
    pits[1] = 3;
    let mut game = position(pits, Player::SUD);
    game.play(1).unwrap();
    game.end_by_agreement().unwrap();
    // SUD holds 0 + 4 + 1 + 3 = 8 seeds in its holes, NORD 6.
    assert_eq!(game.turn(), Turn::Over(Outcome::winner(Player::NORD)));
}

#[test]
fn reading_nobody_scores_and_the_48_seeds_stay_on_the_board() {
    let mut rng = 0x1234_5678_u64;
    for first in [Player::SUD, Player::NORD] {
        for _ in 0..50 {
            let mut game = new_game(first);
            while !legal(&game).is_empty() {
                rng = rng.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                let legal = legal(&game);
                let input = legal[(rng >> 33) as usize % legal.len()];
                let step = game.play(input).unwrap();
                assert!(step == Step::Pending || step == completed());
                if !matches!(game.phase, Phase::Placement { .. }) {
                    assert_eq!(game.seeds().iter().sum::<u32>(), 48);
                }
                assert_eq!(game.scores(), vec![0, 0]);
            }
        }
    }
}

#[test]
fn description_names_the_game() {
    assert_names::<LontuHolo>("lontu-holo", "Lontu Holo", "de Lontu Holo");
    let description = LontuHolo::describe();
    assert!(description.agreement_ends_game);
    assert!(description.options.is_empty());
    assert!(description.rules.contains("1000 tours"));
    assert_eq!(TURN_LIMIT, 1000);
}

#[test]
fn conformance_kit_passes() {
    let report = Conformance::new().passes::<LontuHolo>();
    assert!(report.longest_game > 24);
}

#[test]
fn the_host_refuses_agreement_in_the_middle_of_the_placement() {
    let mut game = variant_testing::hosted::<LontuHolo>(&[], Player::SUD);
    game.play(1).unwrap();
    let refused = game.end_by_agreement().unwrap_err().to_string();
    assert!(refused.contains("entre deux coups"), "{refused}");
    let prompt = game.prompt().unwrap().unwrap_or_default();
    assert!(!prompt.contains("ou 0"), "{prompt}");
}

#[test]
fn a_position_is_written_once_the_seeds_are_placed_and_between_moves() {
    let plugin =
        variant_kit::Plugin::from_module(variant_kit::glue::module::<LontuHolo>()).unwrap();
    let mut game = plugin.new_game(&[], Player::SUD).unwrap();
    let placing = variant_kit::PositionError::Refused(
        "une position s'écrit une fois le placement fini".to_owned(),
    );
    assert_eq!(game.position(), Err(placing));
    for _ in 0..SEEDS_EACH {
        game.play(1).unwrap();
    }
    let text = "lontu-holo:S:24,0,0,0,0,0,24,0,0,0,0,0:0,0";
    assert_eq!(game.position().as_deref(), Ok(text));
    let read = plugin.new_game_at(&[], text).unwrap();
    assert_eq!(read.seeds().unwrap(), game.seeds().unwrap());
    let scored = plugin.new_game_at(&[], "lontu-holo:S:24,0,0,0,0,0,23,0,0,0,0,0:1,0");
    assert!(
        matches!(scored, Err(variant_kit::PositionError::Refused(ref why)) if why.contains("attendu 0,0")),
        "{:?}",
        scored.err()
    );
}

#[test]
fn a_position_where_a_player_has_no_seed_left_is_one_no_game_reaches() {
    let plugin =
        variant_kit::Plugin::from_module(variant_kit::glue::module::<LontuHolo>()).unwrap();
    // SUD emptied his holes: he won at once; whoever is to move.
    for (text, who) in [
        ("lontu-holo:N:0,0,0,0,0,0,48,0,0,0,0,0:0,0", "SUD"),
        ("lontu-holo:S:0,0,0,0,0,0,48,0,0,0,0,0:0,0", "SUD"),
        ("lontu-holo:S:48,0,0,0,0,0,0,0,0,0,0,0:0,0", "NORD"),
    ] {
        let refused = plugin.new_game_at(&[], text).err();
        let expected =
            format!("{who} n'a plus de graine dans ses trous : il a gagné, la partie est finie");
        assert_eq!(
            refused,
            Some(variant_kit::PositionError::Refused(expected)),
            "{text}"
        );
    }
}
