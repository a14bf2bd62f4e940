//! Tamtam-Apachi (seed section « LE TAMTAM - APACHI »), as a variant plugin.
//!
//! Two rows of six holes, four seeds each. SUD owns holes 1-6, NORD holes
//! 7-12, numbered along the sowing circuit (the seed's letters a..l are holes
//! 1..12). A move takes every seed of a non-empty hole of one's own row and
//! sows them one by one counterclockwise. When the last seed falls in a hole
//! that already held seeds, anywhere on the board, the player takes up that
//! whole hole (the last seed included) and sows on; these relays go on until
//! a last seed falls in an empty hole. If that hole is in the player's own
//! row, the player takes the seeds of the facing hole of the opponent's row
//! (hole `13 - k` faces hole `k`); if it is in the opponent's row, the turn
//! simply ends.
//!
//! Readings chosen where the seed is silent:
//! - Any non-empty hole of one's row may be played; there is no duty to feed
//!   an opponent whose row is empty.
//! - As in Awalé, a sowing of 12 seeds or more skips the hole it was taken
//!   from on every lap; this holds for each sowing of the chain.
//! - The last seed of a capture stays in its hole; a facing hole that is
//!   empty gives nothing, and the turn passes all the same.
//! - Cycle rule: a chain of relays may repeat forever. Before each sowing,
//!   the position (seeds of every hole and the hole about to be taken up) is
//!   compared with those already met during the move; when it repeats, the
//!   chain would loop for ever, so the move stops there: the seeds stay where
//!   they are, nothing is taken and the turn passes.
//! - **A player with no seed in their row passes; the other plays again.**
//!   The seed ends the game only « lorsqu'il est évident qu'aucune prise ne
//!   sera plus possible », and an empty row is no such evidence: the other
//!   player's relays may still capture, and feed the empty row. So the
//!   player whose row is empty at their turn passes, and the prompt says why
//!   the same player is asked again (« NORD n'a plus de graine, SUD rejoue
//!   (1 6, ou 0 pour finir d'un commun accord) »).
//! - **End of the game** (« L'action cesse lorsqu'il est évident qu'aucune
//!   prise ne sera plus possible »), right after a move: when fewer than two
//!   seeds are left on the board (a capture needs a seed that ends the chain
//!   and a seed facing it); or when the position (seeds of every hole and
//!   player to move) has already occurred since the last capture that took
//!   at least one seed (the game goes round in circles). Also when both
//!   players agree (`0`).
//! - **Only the seeds taken count** (« Le vainqueur est celui qui a acquis le
//!   plus grand nombre de graines. »). The same document says « Chacun fait la
//!   somme des graines acquises et de celles restant sur sa rangée » for the
//!   Awalé and the Wali only: here the seeds left on the board when the game
//!   ends count for nobody, and stay on the final board. The higher score
//!   wins; equal scores are a draw.

use variant_kit as kit;
use variant_kit::board::{self, Board, Share, SowingRules};
use variant_kit::chain::{self, Chain, Link};
use variant_kit::TwoRows;
use variant_kit::{export_variant, Description, Gains, Options, Player, Step};

/// The board: two rows of six holes.
const BOARD: TwoRows = TwoRows::new(6);
/// Holes on the board.
const HOLES: usize = BOARD.holes();
/// Seeds in each hole at the start.
const SEEDS_PER_HOLE: u8 = 4;

const RULES: &str = "\
TAMTAM-APACHI

Plateau : deux rangées de 6 trous, 4 graines par trou. SUD possède les trous 1 à 6, \
NORD les trous 7 à 12, numérotés dans le sens du semis (12 est au-dessus de 1). Le trou \
situé en face du trou k est le trou 13 - k.

Coup : le joueur prend toutes les graines d'un trou non vide de sa rangée (il n'est pas \
tenu de nourrir l'adversaire) et les sème une à une dans les trous suivants, dans l'ordre \
croissant des numéros, 12 étant suivi de 1. Comme à l'Awalé, un semis de 12 graines ou \
plus saute à chaque tour le trou d'où il est parti.

Semis enchaînés : si la dernière graine tombe dans un trou qui contenait déjà au moins \
une graine, de quelque rangée qu'il soit, le joueur reprend toutes les graines de ce trou \
(la sienne comprise) et les sème à nouveau, et ainsi de suite jusqu'à ce qu'une dernière \
graine tombe dans un trou vide.

Prise : si ce trou vide est dans la rangée du joueur, il prend les graines du trou d'en \
face, dans la rangée adverse (rien si ce trou est vide) ; sa dernière graine reste en \
place. S'il est dans la rangée adverse, le tour s'arrête sans prise.

Semis sans fin : si, avant un semis, la position (graines de chaque trou et trou à \
reprendre) s'est déjà présentée pendant ce coup, la chaîne tournerait sans fin : le coup \
s'arrête là, sans prise, les graines restent en place et le tour passe.

Rangée vide : un joueur qui n'a plus de graine dans sa rangée à son tour passe, et \
l'autre rejoue : ses semis peuvent encore prendre, et nourrir la rangée vide.

Fin (« L'action cesse lorsqu'il est évident qu'aucune prise ne sera plus possible ») : la \
partie s'arrête juste après un coup quand il reste moins de deux graines sur le plateau \
(une prise demande une graine qui finit le semis et une graine en face), ou quand la \
position (graines de chaque trou et joueur qui doit jouer) s'est déjà présentée depuis la \
dernière prise d'au moins une graine. Elle s'arrête aussi quand un joueur entre 0 (les \
deux joueurs sont d'accord).

Vainqueur (« celui qui a acquis le plus grand nombre de graines ») : seules comptent les \
graines prises. Celles qui restent sur le plateau à la fin ne comptent pour personne \
(contrairement à l'Awalé et au Wali, où chacun y ajoute celles de sa rangée). Le plus haut \
score gagne, l'égalité est une partie nulle.";

/// A game of Tamtam-Apachi.
#[derive(Debug)]
pub struct TamtamApachi {
    board: Board<HOLES>,
    /// Whether the player to move also made the last move, the other's row being empty.
    again: bool,
}

variant_kit::clone_by_fields!(TamtamApachi { board, again });

impl SowingRules for TamtamApachi {
    type Board = Board<HOLES>;

    fn description() -> Description {
        Description {
            id: "tamtam-apachi".to_owned(),
            title: "Tamtam-Apachi".to_owned(),
            title_with_article: "de Tamtam-Apachi".to_owned(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
            summary: "2×6 trous, semis enchaînés ; finir dans un trou vide de sa rangée prend le trou d'en face."
                .to_owned(),
            rules: format!(
                "{RULES}\n\n{}",
                kit::two_rows_position_rules("tamtam-apachi", false, HOLES, SEEDS_PER_HOLE)
            ),
            players: kit::sud_nord(),
            options: Vec::new(),
            agreement_ends_game: true,
        }
    }

    fn start(_options: &Options, first: Player) -> Result<Self, String> {
        Ok(TamtamApachi::from_position(
            [SEEDS_PER_HOLE; HOLES],
            [0, 0],
            first,
        ))
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

variant_kit::sowing_variant!(TamtamApachi);

export_variant!(TamtamApachi);

impl TamtamApachi {
    fn from_position(pits: [u8; HOLES], scores: [u32; 2], to_move: Player) -> TamtamApachi {
        TamtamApachi {
            board: Board::new(BOARD, pits, scores, to_move),
            again: false,
        }
    }

    /// Sows `pit` and every relay that follows, then makes the capture the
    /// chain earns; returns the seeds captured.
    ///
    /// Cycle rule: the chain stops, without capture, before the first sowing
    /// whose position (seeds and hole to take up) was met before during the
    /// move. The positions of a chain follow each other by a fixed rule, so
    /// a chain that repeats one loops: [`chain::follow`] locates the first
    /// position of the loop (where the chain stops, the seeds as they were
    /// then) without remembering the positions met.
    fn sow_and_capture(&mut self, pit: usize) -> u32 {
        let start = Relay {
            pits: self.board.pits,
            hole: pit,
        };
        match chain::follow(start, Relay::next) {
            Chain::Loops(relay) => {
                self.board.pits = relay.pits;
                0
            }
            Chain::Ended((pits, last)) => {
                self.board.pits = pits;
                self.capture(last)
            }
        }
    }

    /// The capture of a chain whose last seed fell in the empty hole `last`:
    /// the facing hole if `last` is in the mover's row; returns the seeds taken.
    fn capture(&mut self, last: usize) -> u32 {
        if BOARD.owner(last) != self.board.to_move {
            return 0;
        }
        let facing = BOARD.facing(last);
        self.board.take(facing..facing + 1)
    }
}

/// A position of a chain of relays, before a sowing: the seeds of every
/// hole and the hole about to be taken up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Relay {
    pits: [u8; HOLES],
    hole: usize,
}

impl Relay {
    /// Sows the hole to take up: the chain goes on from the hole of the last
    /// seed if it held seeds, or ends with the seeds and that hole.
    fn next(self) -> Link<Relay, ([u8; HOLES], usize)> {
        let mut pits = self.pits;
        let last = kit::sow(&mut pits, self.hole);
        if pits[last] > 1 {
            Link::Next(Relay { pits, hole: last })
        } else {
            Link::End((pits, last))
        }
    }
}

#[cfg(test)]
mod tests;
