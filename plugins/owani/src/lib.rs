//! Owani (seed section « LE OWANI »), as a variant plugin.
//!
//! Two rows of six holes, four seeds each. SUD owns holes 1-6, NORD holes
//! 7-12, numbered along the sowing circuit. A move takes every seed of a
//! non-empty hole of one's own row and sows them one by one
//! counterclockwise. When the last seed falls in one's own row, the player
//! takes up every seed of that hole and sows on. When it falls in the
//! opponent's row on a hole « contenant une ou deux graines », the player
//! takes that hole; otherwise the turn simply ends. A sowing that goes round
//! the board more than once skips the sower's own holes from its second lap
//! on, and so sows only in the opponent's holes.
//!
//! Readings chosen where the seed is silent or ambiguous:
//! - « Contenant une ou deux graines » counts the seeds just before the last
//!   one falls (the third case, « contenant zéro », only makes sense so): the
//!   hole then holds 2 or 3 seeds and the player takes them all, the last
//!   one included. Seeds the same sowing dropped there on an earlier lap
//!   count.
//! - A last seed in one's own row is taken up even if its hole was empty: the
//!   single seed is sown on.
//! - Any non-empty hole of one's row may be played; there is no duty to feed
//!   an opponent whose row is empty, and no grand-slam rule.
//! - Laps are counted for each sowing of a chain: the first lap sows the 11
//!   other holes; when the sowing comes back to its starting hole, its second
//!   lap begins and from then on only the opponent's holes receive seeds
//!   (the starting hole, being one's own, gets none). Such a sowing always
//!   ends in the opponent's row.
//! - No cycle rule is needed inside a move: a chain of sowings cannot go on
//!   forever. A relay happens only when a sowing of at most 11 seeds from
//!   one's own row ends in one's own row: either it stayed in that row, moving
//!   seeds towards its end (the sum of the seeds' places in the row grows),
//!   or it went round through the opponent's six holes, leaving six seeds
//!   there for good (the seeds in one's row drop by six). Both measures are
//!   bounded, so the chain stops.
//! - **A player with no seed in their row passes; the other plays again.**
//!   The seed ends the game only « lorsqu'il est évident qu'aucune prise ne
//!   sera plus possible », and an empty row is no such evidence: the other
//!   player's sowings end in the empty row and feed it, and may capture
//!   there. So the player whose row is empty at their turn passes, and the
//!   prompt says why the same player is asked again (« NORD n'a plus de
//!   graine, SUD rejoue (6, ou 0 pour finir d'un commun accord) »).
//! - **End of the game** (« L'action cesse lorsqu'il est évident qu'aucune
//!   prise ne sera plus possible »), right after a move: when fewer than two
//!   seeds are left on the board (a capture takes a hole that held one or two
//!   seeds before the last one fell); or when the position (seeds of every
//!   hole and player to move) has already occurred since the last capture
//!   (the game goes round in circles). Also when both players agree (`0`).
//! - **Only the seeds taken count** (« Le vainqueur est celui qui a acquis le
//!   plus grand nombre de graines. »). The same document says « Chacun fait la
//!   somme des graines acquises et de celles restant sur sa rangée » for the
//!   Awalé and the Wali only: here the seeds left on the board when the game
//!   ends count for nobody, and stay on the final board. The higher score
//!   wins; equal scores are a draw.

use variant_kit as kit;
use variant_kit::board::{self, Board, Share, SowingRules};
use variant_kit::TwoRows;
use variant_kit::{export_variant, Description, Gains, Options, Player, Step};

/// The board: two rows of six holes.
const BOARD: TwoRows = TwoRows::new(6);
/// Holes on the board.
const HOLES: usize = BOARD.holes();
/// Seeds in each hole at the start.
const SEEDS_PER_HOLE: u8 = 4;

const RULES: &str = "\
OWANI

Plateau : deux rangées de 6 trous, 4 graines par trou. SUD possède les trous 1 à 6, \
NORD les trous 7 à 12, numérotés dans le sens du semis (12 est au-dessus de 1).

Coup : le joueur prend toutes les graines d'un trou non vide de sa rangée (il n'est pas \
tenu de nourrir l'adversaire) et les sème une à une dans les trous suivants, dans l'ordre \
croissant des numéros, 12 étant suivi de 1.

Tours complets : le premier tour d'un semis passe par les 11 autres trous. Quand il \
revient à son trou de départ, son deuxième tour commence : dès lors il saute les trous \
du joueur (trou de départ compris) et ne sème plus que dans ceux de l'adversaire. Chaque \
semis d'une chaîne compte ses tours depuis son propre trou de départ.

Semis enchaînés : si la dernière graine tombe dans la rangée du joueur, il reprend toutes \
les graines de ce trou (la sienne comprise, même si le trou était vide) et les sème à \
nouveau. Une telle chaîne finit toujours : chaque reprise déplace des graines vers la fin \
de la rangée du joueur, ou en laisse six dans la rangée adverse.

Prise : si la dernière graine tombe dans la rangée adverse, dans un trou qui contenait \
une ou deux graines juste avant elle (il en contient donc 2 ou 3), le joueur prend toutes \
les graines de ce trou. Sinon (zéro, ou plus de deux graines avant elle), le tour s'arrête \
sans prise. Les graines déposées par le même semis lors d'un tour précédent comptent.

Rangée vide : un joueur qui n'a plus de graine dans sa rangée à son tour passe, et \
l'autre rejoue : ses semis finissent dans la rangée vide, la nourrissent et peuvent y \
prendre.

Fin (« L'action cesse lorsqu'il est évident qu'aucune prise ne sera plus possible ») : la \
partie s'arrête juste après un coup quand il reste moins de deux graines sur le plateau \
(une prise demande un trou qui contenait déjà une ou deux graines), ou quand la position \
(graines de chaque trou et joueur qui doit jouer) s'est déjà présentée depuis la dernière \
prise. Elle s'arrête aussi quand un joueur entre 0 (les deux joueurs sont d'accord).

Vainqueur (« celui qui a acquis le plus grand nombre de graines ») : seules comptent les \
graines prises. Celles qui restent sur le plateau à la fin ne comptent pour personne \
(contrairement à l'Awalé et au Wali, où chacun y ajoute celles de sa rangée). Le plus haut \
score gagne, l'égalité est une partie nulle.";

/// A game of Owani.
#[derive(Debug)]
pub struct Owani {
    board: Board<HOLES>,
    /// Whether the player to move also made the last move, the other's row being empty.
    again: bool,
}

variant_kit::clone_by_fields!(Owani { board, again });

impl SowingRules for Owani {
    type Board = Board<HOLES>;

    fn description() -> Description {
        Description {
            id: "owani".to_owned(),
            title: "Owani".to_owned(),
            title_with_article: "d'Owani".to_owned(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
            summary: "2×6 trous, semis enchaînés dans sa rangée, prise d'un trou adverse de 2 ou 3 graines."
                .to_owned(),
            rules: format!(
                "{RULES}\n\n{}",
                kit::two_rows_position_rules("owani", false, HOLES, SEEDS_PER_HOLE)
            ),
            players: kit::sud_nord(),
            options: Vec::new(),
            agreement_ends_game: true,
        }
    }

    fn start(_options: &Options, first: Player) -> Result<Self, String> {
        Ok(Owani::from_position([SEEDS_PER_HOLE; HOLES], [0, 0], first))
    }

    fn board(&self) -> &Board<HOLES> {
        &self.board
    }

    fn board_mut(&mut self) -> &mut Board<HOLES> {
        &mut self.board
    }

    /// Any non-empty hole of one's row.
    fn play_move(&mut self, input: u32) -> Result<Step, String> {
        let pit = self.board.own_hole(input)?;
        let mover = self.board.to_move;
        let gained = self.sow_and_capture(pit);
        self.again = self.board.next_turn_for_nobody(mover, gained > 0);
        Ok(Step::Completed(Gains::of(mover, gained)))
    }

    fn agree(&mut self) -> Result<(), String> {
        self.board.agree(Share::Nobody, board::AGREED_FOR_NOBODY)
    }

    fn move_prompt(&self) -> Option<String> {
        self.again.then(|| {
            board::passes_prompt(self.board.to_move, board::inputs_of(self).as_slice(), true)
        })
    }

    /// The board ([`Board::key`]); who moves again and the positions met
    /// are history.
    fn position_key(&self) -> Option<u64> {
        Some(self.board.key(0))
    }
}

variant_kit::sowing_variant!(Owani);

export_variant!(Owani);

impl Owani {
    fn from_position(pits: [u8; HOLES], scores: [u32; 2], to_move: Player) -> Owani {
        Owani {
            board: Board::new(BOARD, pits, scores, to_move),
            again: false,
        }
    }

    /// Sows `pit` and every relay from one's own row that follows, then
    /// makes the capture the last seed earns; returns the seeds captured.
    fn sow_and_capture(&mut self, pit: usize) -> u32 {
        let mut hole = pit;
        loop {
            hole = self.sow(hole);
            if BOARD.owner(hole) != self.board.to_move {
                break;
            }
        }
        if !(2..=3).contains(&self.board.pits[hole]) {
            return 0;
        }
        self.board.take(hole..hole + 1)
    }

    /// Sows the seeds of `pit` (a hole of the mover's row) one by one in the
    /// following holes; from the second lap on, only the opponent's holes
    /// receive seeds. Returns the hole of the last seed.
    fn sow(&mut self, pit: usize) -> usize {
        let pits = &mut self.board.pits;
        let mut seeds = std::mem::take(&mut pits[pit]);
        let mut hole = pit;
        let mut second_lap = false;
        while seeds > 0 {
            hole = (hole + 1) % HOLES;
            second_lap |= hole == pit;
            if !(second_lap && BOARD.owner(hole) == self.board.to_move) {
                pits[hole] += 1;
                seeds -= 1;
            }
        }
        hole
    }
}

#[cfg(test)]
mod tests;
