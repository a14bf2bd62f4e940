//! A tiny variant, the starting point of your own (see
//! `docs/writing-a-variant.md` in the host's repository).
//!
//! « Petit Awalé »: two rows of three holes, three seeds each (18 seeds).
//! SUD owns holes 1-3, NORD holes 4-6. A move sows a non-empty hole of
//! one's row counterclockwise, skipping the starting hole on every lap. A
//! last seed making 2 or 3 in the opponent's row takes them. The game ends
//! when the player to move has an empty row, or when a position comes back
//! since the last capture; each player then takes the seeds of their own
//! row. More seeds wins; equal is a draw.

use variant_kit as kit;
use variant_kit::board::{Board, Share, SowingRules};
use variant_kit::TwoRows;
use variant_kit::{export_variant, Description, Gains, Options, Player, Step};

/// The board: two rows of three holes.
const BOARD: TwoRows = TwoRows::new(3);
/// Holes on the board.
const HOLES: usize = BOARD.holes();

/// Why a game ends.
const EMPTY_ROW: &str = "le joueur qui doit jouer n'a plus de graine ; chacun prend les \
graines de sa rangée.";
const REPEATED: &str = "la position s'est répétée depuis la dernière prise ; chacun prend \
les graines de sa rangée.";

/// A game of Petit Awalé.
#[derive(Debug)]
pub struct MyVariant {
    board: Board<HOLES>,
}

// `Clone` field by field: the search copies a game into a child's room
// with `clone_from`, and the board then copies only the positions used.
variant_kit::clone_by_fields!(MyVariant { board });

impl SowingRules for MyVariant {
    type Board = Board<HOLES>;

    fn description() -> Description {
        Description {
            id: "my-variant".to_owned(),
            title: "Petit Awalé".to_owned(),
            title_with_article: "de Petit Awalé".to_owned(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
            summary: "Un petit Awalé : 2×3 trous de 3 graines, prises de 2 ou 3.".to_owned(),
            rules: "Deux rangées de 3 trous, 3 graines par trou. On sème un trou non vide \
                    de sa rangée ; une dernière graine qui fait 2 ou 3 chez l'adversaire les \
                    prend. Fin : rangée vide ou position répétée ; chacun prend sa rangée."
                .to_owned(),
            players: kit::sud_nord(),
            options: Vec::new(),
            agreement_ends_game: false,
        }
    }

    fn start(_options: &Options, first: Player) -> Result<Self, String> {
        Ok(MyVariant {
            board: Board::filled(BOARD, 3, first),
        })
    }

    fn board(&self) -> &Board<HOLES> {
        &self.board
    }

    // The kit writes and reads the game's positions (`--position`) from its
    // board: `S:3,3,3,3,3,3:0,0`. State beyond the board goes in
    // `write_more` and `read_more`.
    fn board_mut(&mut self) -> &mut Board<HOLES> {
        &mut self.board
    }

    fn play_move(&mut self, input: u32) -> Result<Step, String> {
        let pit = self.board.own_hole(input)?;
        let mover = self.board.to_move;
        let last = kit::sow(self.board.holes_mut(), pit);
        let in_opponents_row = BOARD.owner(last) != mover;
        let taken = if in_opponents_row && (2..=3).contains(&self.board.pits[last]) {
            self.board.take(last..last + 1)
        } else {
            0
        };
        let board = &mut self.board;
        board.to_move = mover.opponent();
        if board.row_seeds(board.to_move) == 0 {
            board.finish(Share::OwnRows, EMPTY_ROW);
        } else if board.history.reached(&board.pits, board.to_move, taken > 0) {
            board.finish(Share::OwnRows, REPEATED);
        }
        Ok(Step::Completed(Gains::of(mover, taken)))
    }
}

variant_kit::sowing_variant!(MyVariant);

export_variant!(MyVariant);

#[cfg(test)]
mod tests {
    use super::*;
    use variant_kit::Variant;
    use variant_testing::{gains, legal, new_game, Conformance};

    #[test]
    fn a_last_seed_making_two_or_three_in_the_opponents_row_takes_them() {
        let mut game: MyVariant = new_game(&[], Player::SUD);
        assert_eq!(legal(&game), [1, 2, 3]);
        assert_eq!(gains(game.play(3).unwrap()), [0, 0], "4 and 5 hold 4 now");
        assert_eq!(game.seeds(), [3, 3, 0, 4, 4, 4]);
    }

    #[test]
    fn conformance() {
        Conformance::new().passes::<MyVariant>();
    }
}
