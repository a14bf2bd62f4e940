//! The evaluation of the family of two rows of six holes and 48 seeds
//! (Awalé and the games sown like it): the seeds taken, plus a value for
//! each hole by its owner (the player to move or the other), its place in
//! its row and its seeds, blended between the opening (48 seeds on the
//! board) and the end (none) by the seeds left.
//!
//! The weights are this project's own, fitted by the `tune` example of
//! the Awalé plugin (`cargo run --release -p awale --example tune`): the
//! engine played Awalé against itself at a fixed depth from random
//! openings, both capture rules, and the weights were fitted by least
//! squares so that the seeds taken plus the holes' value, in hundredths of
//! a seed, predict the mover's final margin. They replace hand-set weights
//! (those Oware programs publish: 2.16 seeds against an empty hole, about
//! 1.3 against a hole of 1 or 2, 1.12 for one of more than 12, 0.1 a seed
//! left, the same for both rows), against which they won 81 % of 60 games
//! at 0.1 s a move. A variant of the family takes them through
//! [`board_value`] where its own matches show a gain; `docs/decisions.md`
//! gives the games, the fit and the matches.

use crate::board::{Board, Memory};
use crate::{lead, Player, TwoRows};

/// The rows of the family: six holes each.
const BOARD: TwoRows = TwoRows::new(6);
/// Holes on the board.
pub const HOLES: usize = BOARD.holes();
/// Holes in a row.
pub const ROW: usize = BOARD.holes_per_row();
/// The classes of a hole by its seeds: 0 to 7 each their own, then 8–9,
/// 10–11, 12 (a lap to the hole before), 13–15, 16–19 and 20 or more.
pub const CLASSES: usize = 14;
/// The features of one phase: side (the mover's row, the other's) × hole
/// (in sowing order from the row's first) × class.
pub const FEATURES: usize = 2 * ROW * CLASSES;
/// Seeds in the game: the board of the opening phase.
pub const TOTAL: i32 = 48;

/// The class of a hole of `seeds` seeds.
pub fn class(seeds: u8) -> usize {
    match seeds {
        0..=7 => usize::from(seeds),
        8..=9 => 8,
        10..=11 => 9,
        12 => 10,
        13..=15 => 11,
        16..=19 => 12,
        _ => 13,
    }
}

/// The feature of each of the twelve holes of `pits` (index `n - 1` for
/// hole `n`) where `mover` is to move: the mover's row first.
pub fn features(pits: &[u8; HOLES], mover: Player) -> [usize; HOLES] {
    let mut active = [0; HOLES];
    for (side, owner) in [mover, mover.opponent()].into_iter().enumerate() {
        for (hole, pit) in BOARD.row(owner).enumerate() {
            active[side * ROW + hole] = (side * ROW + hole) * CLASSES + class(pits[pit]);
        }
    }
    active
}

/// The seeds on the board of `pits`.
pub fn board_seeds(pits: &[u8; HOLES]) -> i32 {
    pits.iter().map(|&seeds| i32::from(seeds)).sum()
}

/// The value of the holes of `pits` for `mover`, who is to move, in
/// hundredths of a seed (the seeds taken are not counted here).
pub fn holes_value(pits: &[u8; HOLES], mover: Player) -> i32 {
    let board = board_seeds(pits).min(TOTAL);
    let (opening, end) = features(pits, mover)
        .iter()
        .fold((0, 0), |(opening, end), &feature| {
            (
                opening + i32::from(WEIGHTS[0][feature]),
                end + i32::from(WEIGHTS[1][feature]),
            )
        });
    (opening * board + end * (TOTAL - board)) / TOTAL
}

/// [`holes_value`] of `pits` where `mover` is to move, seen by `player`:
/// as it is for the mover, negated for the other.
pub fn holes_value_for(pits: &[u8; HOLES], mover: Player, player: Player) -> i32 {
    let for_mover = holes_value(pits, mover);
    if player == mover {
        for_mover
    } else {
        -for_mover
    }
}

/// The value of `board` for `player`, in hundredths of a seed: the seeds
/// taken ([`lead`]), plus, while the game goes on on two rows of six holes
/// with 48 seeds in play, the value of the holes ([`holes_value_for`]).
/// Any other board is worth the seeds taken alone.
pub fn board_value<const N: usize, M: Memory>(board: &Board<N, M>, player: Player) -> i32 {
    let taken = lead(&board.scores, player);
    let pits: Option<&[u8; HOLES]> = board.holes().try_into().ok();
    match pits {
        Some(pits) if board.total == TOTAL as u32 && !board.is_over() => {
            taken + holes_value_for(pits, board.to_move, player)
        }
        _ => taken,
    }
}

/// The weights, in hundredths of a seed: `[opening, end][feature]`.
pub static WEIGHTS: [[i16; FEATURES]; 2] = [
    [
        -278, -91, 17, 70, 81, 72, 61, 43, 33, -44, 4, -9, 0, -1, -229, -68, 23, 70, 55, 28, 20,
        18, -49, -48, -5, 51, 89, 1, -159, -33, 51, 98, 19, 34, -7, -37, -92, -60, 19, 77, 76, -28,
        -156, -70, -7, -8, 16, 27, -12, -32, -95, -38, 33, 157, 125, 20, -167, -77, -50, -16, -23,
        -17, -38, -55, -36, 91, 85, 172, 56, 32, -200, -134, -46, -49, -44, -38, -61, -69, 57, 170,
        162, 209, -16, 20, 235, 87, -21, -81, -92, -86, -70, -43, -20, 50, -7, 4, 1, 0, 218, 80,
        -27, -90, -48, -40, -51, -4, 44, 26, -10, -56, -83, -1, 151, 34, -50, -101, -55, -37, 8,
        40, 72, 47, -24, -78, -73, 23, 160, 69, 24, -6, -38, -45, 14, 18, 84, 24, -40, -163, -119,
        -23, 164, 88, 52, 14, 14, -2, 35, 41, 6, -105, -82, -174, -62, -31, 202, 124, 54, 27, 43,
        26, 49, 67, -62, -185, -168, -213, 14, -20,
    ],
    [
        -88, -34, 11, 49, 19, 17, 17, 12, 12, 5, -1, -9, 0, 0, -150, -24, 27, 20, 28, 22, 21, 19,
        -2, 0, -7, 24, 31, 0, -129, -4, -7, -3, 21, 53, 26, 15, 4, -26, 1, 31, 36, -10, -111, -4,
        -11, 26, 24, 14, 14, 4, -11, -19, 0, 39, 39, 5, -114, -31, 12, 48, 15, -11, -11, -28, -51,
        11, 28, 92, 38, 8, -49, 58, -3, -61, -67, -14, -20, -67, -70, 54, 83, 147, 10, 8, 87, 25,
        -9, -49, -14, -10, -13, -11, -8, 1, 2, 7, 1, 0, 141, 42, -30, -18, -32, -27, -18, -17, 6,
        5, 4, -20, -28, 1, 120, 7, 12, 3, -12, -51, -33, -10, 1, 22, 2, -27, -32, 8, 96, 5, 11,
        -11, -20, -12, -21, 3, 14, 20, 1, -36, -35, -6, 111, 30, -4, -52, -16, 0, 14, 31, 59, -9,
        -27, -86, -36, -9, 51, -49, -1, 52, 53, 16, 23, 69, 77, -47, -81, -139, -8, -8,
    ],
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_count_of_seeds_has_a_class_in_order() {
        let classes: Vec<usize> = (0..=48).map(class).collect();
        assert_eq!(&classes[..8], &[0, 1, 2, 3, 4, 5, 6, 7]);
        assert_eq!((class(8), class(9), class(10), class(11)), (8, 8, 9, 9));
        assert_eq!(
            (class(12), class(13), class(15), class(16)),
            (10, 11, 11, 12)
        );
        assert_eq!((class(19), class(20), class(48)), (12, 13, 13));
        assert!(classes.windows(2).all(|pair| pair[0] <= pair[1]));
        assert!(classes.iter().all(|&c| c < CLASSES));
    }

    #[test]
    fn the_movers_row_comes_first_from_its_first_hole() {
        let mut pits = [0u8; 12];
        pits[0] = 1; // SUD's hole 1
        pits[6] = 12; // NORD's hole 7
        let sud = features(&pits, Player::SUD);
        assert_eq!(sud[0], class(1));
        assert_eq!(sud[ROW], ROW * CLASSES + class(12));
        let nord = features(&pits, Player::NORD);
        assert_eq!(nord[0], class(12));
        assert_eq!(nord[ROW], ROW * CLASSES + class(1));
        // Each hole has its own features, within the phase's.
        let mut all = sud.to_vec();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), 12);
        assert!(all.iter().all(|&f| f < FEATURES));
    }

    #[test]
    fn a_board_turned_round_is_worth_the_same_to_its_mover() {
        let pits: [u8; 12] = [3, 0, 7, 1, 2, 14, 0, 5, 2, 1, 6, 4];
        let mut turned = pits;
        turned.rotate_left(ROW);
        assert_eq!(
            holes_value(&pits, Player::SUD),
            holes_value(&turned, Player::NORD)
        );
        assert_eq!(board_seeds(&pits), 45);
    }

    #[test]
    fn the_phases_blend_by_the_seeds_on_the_board() {
        // The sum of one phase's weights of the holes of `pits`.
        let phase = |pits: &[u8; HOLES], phase: usize| -> i32 {
            features(pits, Player::SUD)
                .iter()
                .map(|&f| i32::from(WEIGHTS[phase][f]))
                .sum()
        };
        // 48 seeds: the opening weights alone; none: the end weights alone.
        let (full, empty) = ([4u8; 12], [0u8; 12]);
        assert_eq!(holes_value(&full, Player::SUD), phase(&full, 0));
        assert_eq!(holes_value(&empty, Player::SUD), phase(&empty, 1));
    }

    #[test]
    fn a_board_of_the_family_adds_its_holes_to_the_seeds_taken() {
        let pits: [u8; 12] = [3, 0, 7, 1, 2, 14, 0, 5, 2, 1, 6, 4];
        let board: Board<12> = Board::new(BOARD, pits, [2, 1], Player::NORD);
        let holes = holes_value(&pits, Player::NORD);
        assert_ne!(holes, 0);
        assert_eq!(board_value(&board, Player::NORD), -100 + holes);
        assert_eq!(board_value(&board, Player::SUD), 100 - holes);
        // A wider array whose first twelve holes are the board in use.
        let mut wide = [0u8; 16];
        wide[..12].copy_from_slice(&pits);
        let board: Board<16> = Board::new(BOARD, wide, [2, 1], Player::NORD);
        assert_eq!(board_value(&board, Player::SUD), 100 - holes);
    }

    #[test]
    fn any_other_board_is_worth_the_seeds_taken_alone() {
        // Seven holes a row, 48 seeds: not the family.
        let pits = [4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 0];
        let seven: Board<14> = Board::new(TwoRows::new(7), pits, [0, 0], Player::SUD);
        assert_eq!(board_value(&seven, Player::SUD), 0);
        // Two rows of six, but 36 seeds in the game.
        let fewer: Board<12> = Board::filled(BOARD, 3, Player::SUD);
        assert_ne!(holes_value(&[3; 12], Player::NORD), 0);
        assert_eq!(board_value(&fewer, Player::NORD), 0);
        // A finished game of the family: its scores alone.
        let pits = [4, 4, 4, 4, 4, 1, 4, 4, 4, 4, 4, 4];
        let mut over: Board<12> = Board::new(BOARD, pits, [3, 0], Player::SUD);
        assert_ne!(board_value(&over, Player::SUD), 300);
        over.finish(crate::board::Share::Nobody, "fin");
        assert_eq!(board_value(&over, Player::SUD), 300);
        assert_eq!(board_value(&over, Player::NORD), -300);
    }
}
