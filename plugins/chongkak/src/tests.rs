//! One test per rule sentence of the seed's « CHONGKAK » section, and one
//! per reading chosen where it is silent, named after the rule.

use super::*;
use std::collections::HashSet;
use variant_kit::{Layout, Turn, Variant};

use variant_testing::{assert_names, gains, legal, to_move, Conformance};

/// A game at `pits` (index `n - 1` is hole `n`) with `to_move` to play.
fn position(pits: [u8; HOLES], to_move: Player) -> Chongkak {
    Chongkak::from_position(pits, [0, 0], to_move)
}

fn new_game(first: Player) -> Chongkak {
    variant_testing::new_game(&[], first)
}

#[test]
fn materiel_98_seeds_in_two_rows_of_7_holes_placed_by_groups_of_7() {
    // « 98 petites graines 14 trous » ; « les joueurs placent leurs graines,
    // par groupes de 7, dans les trous de leur rangée »
    let game = new_game(Player::SUD);
    assert_eq!(game.layout(), Layout::two_rows(7));
    assert_eq!(game.seeds(), vec![7; 14]);
    assert_eq!(game.scores(), vec![0, 0]);
}

#[test]
fn the_first_player_is_chosen() {
    // « L'un d'entre eux (tiré au sort) commence la partie »: `--first`.
    for first in [Player::SUD, Player::NORD] {
        assert_eq!(to_move(&new_game(first)), first);
    }
}

#[test]
fn each_player_sows_a_hole_of_their_own_row() {
    // « prend les graines dans un trou de la rangée proche de lui » ; « l'autre
    // joueur fera de même avec des graines, ramassées cette fois dans sa
    // propre rangée »
    assert_eq!(legal(&new_game(Player::SUD)), (1..=7).collect::<Vec<_>>());
    assert_eq!(legal(&new_game(Player::NORD)), (8..=14).collect::<Vec<_>>());
}

#[test]
fn a_hole_of_the_other_row_an_empty_hole_or_a_number_off_the_board_is_refused() {
    let mut pits = [7; HOLES];
    pits[2] = 0;
    let mut game = position(pits, Player::SUD);
    let before = (game.seeds(), game.scores().to_vec(), game.turn());
    assert_eq!(
        game.play(9).unwrap_err(),
        "le trou 9 est à NORD : jouez un trou de 1 à 7"
    );
    assert_eq!(game.play(3).unwrap_err(), "le trou 3 est vide");
    assert_eq!(
        game.play(15).unwrap_err(),
        "15 n'est pas un trou : jouez un trou de 1 à 7"
    );
    assert_eq!((game.seeds(), game.scores().to_vec(), game.turn()), before);
}

#[test]
fn seeds_are_sown_one_by_one_counterclockwise_14_being_followed_by_1() {
    // « les sème une par une dans chacun des trous qui suivent dans le sens
    // anti-horaire »: NORD's hole 13 (3 seeds) sows 14, 1 and 2.
    let pits = [1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 3, 0];
    let mut game = position(pits, Player::NORD);
    game.play(13).unwrap();
    assert_eq!(game.seeds(), vec![2, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1]);
}

#[test]
fn hole_k_faces_hole_15_minus_k() {
    for hole in 1..=HOLES {
        assert_eq!(BOARD.facing(hole - 1) + 1, 15 - hole);
    }
}

#[test]
fn a_last_seed_in_an_empty_hole_of_ones_row_takes_the_opposite_hole_and_the_turn_passes() {
    // « Si le joueur sème la dernière graine dans un trou vide de sa propre
    // rangée, il prend le contenu du trou opposé. Et le tour passe à son
    // adversaire. » SUD's hole 2 (2 seeds) sows 3 and 4; 4 was empty and
    // faces 11 (5 seeds).
    let pits = [1, 2, 0, 0, 0, 0, 0, 3, 3, 3, 5, 3, 3, 3];
    let mut game = position(pits, Player::SUD);
    assert_eq!(gains(game.play(2).unwrap()), [5, 0]);
    assert_eq!(game.seeds(), vec![1, 0, 1, 1, 0, 0, 0, 3, 3, 3, 0, 3, 3, 3]);
    assert_eq!(game.scores(), vec![5, 0]);
    assert_eq!(to_move(&game), Player::NORD);
}

#[test]
fn north_takes_the_opposite_hole_in_south_row() {
    // NORD's hole 8 (1 seed) sows 9, empty, which faces SUD's hole 6.
    let pits = [1, 1, 1, 1, 1, 4, 1, 1, 0, 1, 1, 1, 1, 1];
    let mut game = position(pits, Player::NORD);
    assert_eq!(gains(game.play(8).unwrap()), [0, 4]);
    assert_eq!(game.seeds(), vec![1, 1, 1, 1, 1, 0, 1, 0, 1, 1, 1, 1, 1, 1]);
}

#[test]
fn reading_an_empty_opposite_hole_gives_nothing() {
    let pits = [1, 2, 0, 0, 0, 0, 0, 3, 3, 3, 0, 3, 3, 3];
    let mut game = position(pits, Player::SUD);
    assert_eq!(gains(game.play(2).unwrap()), [0, 0]);
    assert_eq!(game.seeds(), vec![1, 0, 1, 1, 0, 0, 0, 3, 3, 3, 0, 3, 3, 3]);
    assert_eq!(to_move(&game), Player::NORD);
}

#[test]
fn a_last_seed_in_an_empty_hole_of_the_opposite_row_takes_nothing_and_the_turn_passes() {
    // « Si le joueur sème la dernière graine dans un trou vide de la rangée
    // opposée, il ne prend rien, et c'est à son adversaire de jouer. »
    // SUD's hole 7 (2 seeds) sows 8 and 9; 9 was empty.
    let pits = [1, 0, 0, 0, 0, 0, 2, 1, 0, 1, 1, 1, 1, 1];
    let mut game = position(pits, Player::SUD);
    assert_eq!(gains(game.play(7).unwrap()), [0, 0]);
    assert_eq!(game.seeds(), vec![1, 0, 0, 0, 0, 0, 0, 2, 1, 1, 1, 1, 1, 1]);
    assert_eq!(to_move(&game), Player::NORD);
}

#[test]
fn a_last_seed_in_an_occupied_hole_of_ones_row_takes_it_all_and_sows_on() {
    // « Si le joueur sème la dernière graine dans un trou déjà occupé de
    // l'une ou l'autre rangée, le joueur prend le contenu complet de ce trou
    // et continue à semer avec les graines ramassées. »
    // SUD's hole 1 (2) sows 2 and 3 (1 -> 2); the 2 seeds of 3 go to 4 and 5;
    // 5 was empty and faces 10 (4 seeds).
    let pits = [2, 0, 1, 0, 0, 0, 1, 1, 1, 4, 1, 1, 1, 1];
    let mut game = position(pits, Player::SUD);
    assert_eq!(gains(game.play(1).unwrap()), [4, 0]);
    assert_eq!(game.seeds(), vec![0, 1, 0, 1, 1, 0, 1, 1, 1, 0, 1, 1, 1, 1]);
}

#[test]
fn a_last_seed_in_an_occupied_hole_of_the_opposite_row_takes_it_all_and_sows_on() {
    // SUD's hole 6 (2) sows 7 and 8 (2 -> 3); the 3 seeds of 8 go to 9, 10
    // and 11, which was empty: in NORD's row, nothing is taken.
    let pits = [1, 0, 0, 0, 0, 2, 0, 2, 0, 0, 0, 1, 1, 1];
    let mut game = position(pits, Player::SUD);
    assert_eq!(gains(game.play(6).unwrap()), [0, 0]);
    assert_eq!(game.seeds(), vec![1, 0, 0, 0, 0, 0, 1, 0, 1, 1, 1, 1, 1, 1]);
    assert_eq!(to_move(&game), Player::NORD);
}

#[test]
fn reading_the_starting_hole_of_each_sowing_is_skipped_on_every_lap() {
    // 14 seeds from hole 1: 13 go to holes 2..14, hole 1 is skipped, the
    // 14th goes to hole 2. The same holds for a sowing of a hole taken in hand.
    for start in [0, 9] {
        let mut pits = [0; HOLES];
        pits[start] = 14;
        let mut game = position(pits, Player::SUD);
        let last = kit::sow(&mut game.board.pits, start);
        assert_eq!(last, (start + 1) % HOLES);
        assert_eq!(game.board.pits[start], 0);
        assert_eq!(game.board.pits[last], 2);
        assert_eq!(
            game.board.pits.iter().map(|&s| u32::from(s)).sum::<u32>(),
            14
        );
    }
}

#[test]
fn the_player_whose_row_is_empty_wins_whatever_the_scores() {
    // « La partie se termine lorsque les trous de la rangée devant l'un des
    // joueurs sont vides : il a gagné. » SUD's last seed, in hole 7, goes to
    // NORD's empty hole 8.
    let pits = [0, 0, 0, 0, 0, 0, 1, 0, 2, 2, 2, 2, 2, 2];
    let mut game = position(pits, Player::SUD);
    game.board.scores = [0, 60];
    assert_eq!(gains(game.play(7).unwrap()), [0, 0]);
    assert_eq!(game.turn(), Turn::Over(Outcome::winner(Player::SUD)));
    assert_eq!(
        game.scores(),
        vec![0, 60],
        "the scores only count seeds taken"
    );
    assert!(legal(&game).is_empty());
    assert_eq!(game.play(8).unwrap_err(), "la partie est finie");
    assert_eq!(game.end_reason(), MOVER_EMPTIED);
}

#[test]
fn taking_the_opponents_last_seeds_makes_the_opponent_win() {
    // « PRINCIPE : Se débarrasser le premier de toutes ses graines. » ;
    // « La partie se termine lorsque les trous de la rangée devant l'un des
    // joueur sont vides: il a gagné. » Whoever emptied it. SUD's hole 1 (1
    // seed) goes to its empty hole 2, facing hole 13, NORD's only seeds: SUD
    // takes them, NORD's row is empty, and NORD wins with fewer seeds taken.
    let pits = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0];
    let mut game = position(pits, Player::SUD);
    assert_eq!(gains(game.play(1).unwrap()), [3, 0]);
    assert_eq!(game.seeds(), vec![0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    assert_eq!(game.scores(), vec![3, 0]);
    assert_eq!(game.turn(), Turn::Over(Outcome::winner(Player::NORD)));
    assert_eq!(
        game.end_reason(),
        "le joueur qui vient de jouer a pris les dernières graines de son adversaire, qui \
         gagne donc (qui perd gagne), quels que soient les scores ; les graines restées sur \
         le plateau ne comptent pas."
    );
}

#[test]
fn the_rules_text_says_plainly_that_taking_the_last_seeds_makes_the_opponent_win() {
    let description = Chongkak::describe();
    assert!(description.rules.contains(
        "Attention, qui perd gagne : prendre les dernières graines de l'adversaire le fait \
         gagner."
    ));
    assert!(description
        .summary
        .contains("même si c'est l'adversaire qui l'a vidée"));
}

#[test]
fn reading_only_a_capture_can_empty_the_other_row() {
    // A hole taken in hand sows on into the following holes, so every move
    // that leaves the opponent's row empty took its last seeds by a capture:
    // in random games, every such end follows a move that took seeds.
    let mut rng = 0x0c40_9ca3_u64;
    let mut endings = 0;
    for game_number in 0..400 {
        let first = if game_number % 2 == 0 {
            Player::SUD
        } else {
            Player::NORD
        };
        let mut game = new_game(first);
        while let Turn::Decide { .. } = game.turn() {
            rng = rng
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let legal = legal(&game);
            let input = legal[(rng >> 33) as usize % legal.len()];
            let taken = gains(game.play(input).unwrap()).iter().sum::<u32>();
            if game.board.ending().map(|ending| ending.reason) == Some(OPPONENT_EMPTY) {
                assert!(taken > 0, "game {game_number}: emptied without a capture");
                endings += 1;
            }
        }
    }
    assert!(endings > 100, "only {endings} games ended so");
}

#[test]
fn reading_the_player_to_move_always_has_seeds_in_their_row() {
    // The end is checked after every move, so a game going on never waits
    // for a player whose row is empty.
    let pits = [0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 2];
    let mut game = position(pits, Player::NORD);
    game.play(14).unwrap(); // 14 -> 1, 2: SUD's empty hole 2, nothing for NORD.
    assert_eq!(game.turn(), Turn::Over(Outcome::winner(Player::NORD)));
    let pits = [0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0, 0, 2];
    let mut game = position(pits, Player::SUD);
    game.play(6).unwrap(); // 6 -> 7 (1 -> 2) -> 8, 9: NORD's empty hole 9.
    assert_eq!(to_move(&game), Player::NORD);
    assert_eq!(legal(&game), vec![8, 9, 14]);
}

#[test]
fn reading_entering_0_is_refused_and_changes_nothing() {
    let mut game = new_game(Player::SUD);
    let before = (game.seeds(), game.scores().to_vec(), game.turn());
    assert!(game
        .end_by_agreement()
        .unwrap_err()
        .contains("commun accord"));
    assert_eq!((game.seeds(), game.scores().to_vec(), game.turn()), before);
    assert!(!Chongkak::describe().agreement_ends_game);
}

#[test]
fn reading_a_chain_that_would_go_round_forever_stops_and_the_turn_passes() {
    // From this position, SUD's hole 4 starts a chain of relay sowings that
    // comes back, 77 sowings later, to hole 4 with every hole as at the start.
    let pits = [0, 2, 1, 3, 1, 0, 2, 1, 0, 1, 2, 1, 0, 1];
    let mut game = position(pits, Player::SUD);
    assert_eq!(gains(game.play(4).unwrap()), [0, 0]);
    assert_eq!(game.board.pits, pits, "the move leaves the board as it was");
    assert_eq!(to_move(&game), Player::NORD);
}

#[test]
fn reading_a_chain_comes_back_to_its_start_after_77_sowings() {
    // The same chain sown by hand: after 77 sowings each ending in an
    // occupied hole, the 78th would start from hole 4 again.
    let pits = [0, 2, 1, 3, 1, 0, 2, 1, 0, 1, 2, 1, 0, 1];
    let mut game = position(pits, Player::SUD);
    let mut start = 3;
    for sowing in 1..=77 {
        let last = kit::sow(&mut game.board.pits, start);
        assert!(
            game.board.pits[last] > 1,
            "sowing {sowing} ends in an occupied hole"
        );
        start = last;
        assert_eq!(
            (game.board.pits, start) == (pits, 3),
            sowing == 77,
            "back to the start after sowing {sowing}?"
        );
    }
}

/// The chain as first written: it remembers every sowing started in the
/// move and stops at the first one started twice.
fn chain_end_remembering_every_sowing(mut pits: [u8; HOLES], mut start: usize) -> ChainEnd {
    let mut seen = HashSet::new();
    while seen.insert((pits, start)) {
        let last = kit::sow(&mut pits, start);
        if pits[last] == 1 {
            return ChainEnd::LastSeed(pits, last);
        }
        start = last;
    }
    ChainEnd::Endless(pits)
}

#[test]
fn reading_a_chain_stops_at_the_first_sowing_started_twice() {
    // The chain ends exactly where remembering every sowing would stop it:
    // from every sowing of the endless chain of 77 sowings above, and from
    // random positions of 0 to 19 seeds per hole.
    let mut starts = Vec::new();
    let (mut pits, mut start) = ([0, 2, 1, 3, 1, 0, 2, 1, 0, 1, 2, 1, 0, 1], 3);
    for _ in 0..77 {
        starts.push((pits, start));
        start = kit::sow(&mut pits, start);
    }
    let mut state: u64 = 0x5eed_c409_6ca6_0001;
    let mut random = |below: u64| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) % below
    };
    for _ in 0..50_000 {
        let most = [2, 3, 4, 6, 10, 20][random(6) as usize];
        let mut pits = [0; HOLES];
        for pit in &mut pits {
            *pit = random(most) as u8;
        }
        let start = random(HOLES as u64) as usize;
        pits[start] = pits[start].max(1);
        starts.push((pits, start));
    }
    let mut endless = 0;
    for (pits, start) in starts {
        let expected = chain_end_remembering_every_sowing(pits, start);
        assert_eq!(chain_end((pits, start)), expected, "{pits:?} from {start}");
        if let ChainEnd::Endless(back) = expected {
            endless += 1;
            assert_eq!(back, pits, "an endless chain comes back to its start");
        }
    }
    assert!(endless >= 77, "only {endless} endless chains");
}

#[test]
fn reading_a_position_that_comes_back_ends_the_game_and_nobody_wins() {
    // Six ordinary moves bring back this position with SUD to move.
    let pits = [0, 1, 0, 1, 0, 1, 1, 0, 1, 1, 0, 1, 0, 1];
    let mut game = position(pits, Player::SUD);
    let moves = [6, 11, 5, 11, 6, 10];
    for (number, hole) in moves.into_iter().enumerate() {
        assert!(
            matches!(game.turn(), Turn::Decide { .. }),
            "over before move {number}"
        );
        game.play(hole).unwrap();
    }
    assert_eq!(game.board.pits, pits);
    assert_eq!(game.turn(), Turn::Over(Outcome::DRAW));
    assert_eq!(game.end_reason(), REPEATED);
}

#[test]
fn reading_taking_seeds_clears_the_positions_seen_before() {
    let pits = [1, 2, 0, 0, 0, 0, 0, 3, 3, 3, 5, 3, 3, 3];
    let mut game = position(pits, Player::SUD);
    game.play(2).unwrap();
    assert_eq!(
        game.board.history.len(),
        1,
        "only the position after the capture"
    );
}

#[test]
fn title_and_article() {
    assert_names::<Chongkak>("chongkak", "Chongkak", "de Chongkak");
    let description = Chongkak::describe();
    assert!(description.options.is_empty());
}

#[test]
fn conformance_kit_passes() {
    let report = Conformance::new().passes::<Chongkak>();
    assert_eq!(report.wins.iter().sum::<u32>() + report.draws, 2000);
}
