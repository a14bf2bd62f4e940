//! Kakua (seed `000`, section « LE KAKUA »), as a variant plugin.
//!
//! Two rows of six holes, four seeds each. SUD owns holes 1-6, NORD holes
//! 7-12, numbered along the sowing circuit. A move takes every seed of a
//! non-empty hole of one's own row and sows them one by one in the following
//! holes, counterclockwise, except the last seed, which the player keeps (it
//! is added to the score). The player then takes up the seeds of the next
//! hole, sows them all but the last, keeps the last, and so on; the turn ends
//! when the hole to take up is empty. Each sowing thus gains one seed.
//!
//! Readings chosen where the seed is silent or ambiguous:
//! - A hole holding one seed is sown « to the last but one » by sowing
//!   nothing: the player keeps its seed and goes on with the next hole (the
//!   worked example: « Il prend la graine de a et la garde »).
//! - The hole taken up next is the one after the last hole that received a
//!   seed, or after the hole just taken up when it held one seed.
//! - A sowing long enough to go round the board skips the hole it started
//!   from, as in the Awalé; that hole stays empty.
//! - **A player whose row is empty at their turn passes; the other plays
//!   again.** The game goes on (« L'action cesse dès qu'il est évident
//!   qu'aucune prise n'est plus possible », and the other player's next
//!   sowing still gains a seed); the prompt says why the same player is asked
//!   again (« NORD n'a plus de graine, SUD rejoue (1 4 6, ou 0 : fin d'un
//!   commun accord) »).
//! - **End.** « L'action cesse dès qu'il est évident qu'aucune prise n'est
//!   plus possible »: every move gains at least one seed, so a capture stays
//!   possible while any seed is on the board. The game ends when the board is
//!   empty, or when both players agree (`0`).
//! - **Only the seeds kept count** (« Le vainqueur est celui qui a acquis le
//!   plus grand nombre de graines. »). The same document says « Chacun fait la
//!   somme des graines acquises et de celles restant sur sa rangée » for the
//!   Awalé and the Wali only: when the players agree to stop, the seeds left
//!   on the board count for nobody and stay on the final board. The higher
//!   score wins; equal scores draw.
//! - No cycle is possible: every sowing takes one seed off the board, so a
//!   move has at most as many sowings as there are seeds on the board, and a
//!   game at most 48 moves.

use variant_kit as kit;
use variant_kit::board::{self, Board, NoMemory, Share, SowingRules};
use variant_kit::TwoRows;
use variant_kit::{export_variant, Description, Gains, Options, Player, Step};

/// The board: two rows of six holes.
const BOARD: TwoRows = TwoRows::new(6);
/// Holes on the board.
const HOLES: usize = BOARD.holes();
/// Seeds in each hole at the start.
const SEEDS_PER_HOLE: u8 = 4;

const RULES: &str = "\
KAKUA

Plateau : deux rangées de 6 trous, 4 graines par trou. SUD possède les trous 1 à 6, \
NORD les trous 7 à 12, numérotés dans le sens du semis (12 est au-dessus de 1).

Coup : le joueur prend toutes les graines d'un trou non vide de sa rangée et les sème \
une à une dans les trous suivants, dans l'ordre croissant des numéros (12 étant suivi \
de 1), jusqu'à l'avant-dernière. Il garde la dernière graine, qui s'ajoute à son score. \
Il prend alors les graines du trou suivant, les sème de même jusqu'à l'avant-dernière, \
garde la dernière, et ainsi de suite. Son tour s'arrête quand le trou dont il devrait \
prendre les graines est vide. Chaque semis rapporte ainsi une graine.

Trou d'une seule graine : le joueur la prend et la garde sans rien semer, puis continue \
avec le trou qui suit.

Grand semis : un semis qui fait le tour du plateau saute le trou d'où il est parti, \
comme à l'Awalé ; ce trou reste vide.

Rangée vide : un joueur dont la rangée est vide à son tour passe ; l'autre rejoue.

Fin : chaque coup retire au moins une graine du plateau ; la partie s'arrête quand le \
plateau est vide (aucune prise n'est plus possible). Elle s'arrête aussi quand un joueur \
entre 0 (les deux joueurs sont d'accord).

Vainqueur (« celui qui a acquis le plus grand nombre de graines ») : seules comptent les \
graines gardées. Si les joueurs arrêtent d'un commun accord, les graines restées sur le \
plateau ne comptent pour personne (contrairement à l'Awalé et au Wali, où chacun y ajoute \
celles de sa rangée). Le plus haut score gagne, l'égalité est une partie nulle.";

/// Why a game ends.
const EMPTY_BOARD: &str =
    "le plateau est vide, aucune prise n'est plus possible ; il ne reste aucune graine à partager.";
const AGREEMENT: &str = "les joueurs sont d'accord pour finir ; les graines restées sur le \
plateau ne comptent pour personne.";

/// A game of Kakua: no cycle is possible, so no position is remembered.
#[derive(Clone, Debug)]
pub struct Kakua {
    board: Board<HOLES, NoMemory>,
    /// Whether the player to move also made the last move, the other's row being empty.
    again: bool,
}

impl SowingRules for Kakua {
    type Board = Board<HOLES, NoMemory>;

    fn description() -> Description {
        Description {
            id: "kakua".to_owned(),
            title: "Kakua".to_owned(),
            title_with_article: "de Kakua".to_owned(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
            summary: "Le Kakua : semis enchaînés, chaque semis garde sa dernière graine."
                .to_owned(),
            rules: format!(
                "{RULES}\n\n{}",
                kit::two_rows_position_rules("kakua", false, HOLES, SEEDS_PER_HOLE)
            ),
            players: kit::sud_nord(),
            options: Vec::new(),
            agreement_ends_game: true,
        }
    }

    fn start(_options: &Options, first: Player) -> Result<Self, String> {
        Ok(Kakua::from_position([SEEDS_PER_HOLE; HOLES], [0, 0], first))
    }

    fn board(&self) -> &Board<HOLES, NoMemory> {
        &self.board
    }

    fn board_mut(&mut self) -> &mut Board<HOLES, NoMemory> {
        &mut self.board
    }

    /// The non-empty holes of one's row.
    fn play_move(&mut self, input: u32) -> Result<Step, String> {
        let pit = self.board.own_hole(input)?;
        let mover = self.board.to_move;
        let kept = self.sow_chain(pit);
        self.board.scores[mover.index()] += kept;
        self.pass_turn(mover);
        Ok(Step::Completed(Gains::of(mover, kept)))
    }

    fn agree(&mut self) -> Result<(), String> {
        self.board.agree(Share::Nobody, AGREEMENT)
    }

    fn move_prompt(&self) -> Option<String> {
        self.again.then(|| {
            board::passes_prompt(self.board.to_move, board::inputs_of(self).as_slice(), true)
        })
    }

    /// The board ([`Board::key`]); who moves again is history.
    fn position_key(&self) -> Option<u64> {
        Some(self.board.key(0))
    }
}

variant_kit::sowing_variant!(Kakua);

export_variant!(Kakua);

impl Kakua {
    fn from_position(pits: [u8; HOLES], scores: [u32; 2], to_move: Player) -> Kakua {
        Kakua {
            board: Board::new(BOARD, pits, scores, to_move),
            again: false,
        }
    }

    /// Sows from `pit`, keeping the last seed of each sowing and going on
    /// with the next hole until it is empty; returns the seeds kept.
    fn sow_chain(&mut self, pit: usize) -> u32 {
        let mut from = pit;
        let mut kept = 0;
        loop {
            let last = self.sow_all_but_last(from);
            kept += 1;
            let next = (last + 1) % HOLES;
            if self.board.pits[next] == 0 {
                return kept;
            }
            from = next;
        }
    }

    /// Takes up the seeds of `pit` and sows all but the last one in the
    /// following holes, skipping `pit` on every lap; the last seed leaves the
    /// board. Returns the last hole that received a seed, or `pit` itself
    /// when it held one seed.
    fn sow_all_but_last(&mut self, pit: usize) -> usize {
        let pits = &mut self.board.pits;
        let mut seeds = std::mem::take(&mut pits[pit]);
        let mut hole = pit;
        while seeds > 1 {
            hole = (hole + 1) % HOLES;
            if hole != pit {
                pits[hole] += 1;
                seeds -= 1;
            }
        }
        hole
    }

    /// Gives the turn to the opponent, or back to `mover` when the
    /// opponent's row is empty; ends the game when the board is empty.
    fn pass_turn(&mut self, mover: Player) {
        if self.board.on_board() == 0 {
            self.board.finish(Share::Nobody, EMPTY_BOARD);
        } else {
            self.again = self.board.pass_if_empty(mover);
        }
    }
}

#[cfg(test)]
mod tests;
