//! Chongkak (seed `000`, section « CHONGKAK »), as a variant plugin.
//!
//! Two rows of seven holes, seven seeds each (98 seeds). SUD owns holes 1-7,
//! NORD holes 8-14, numbered along the sowing circuit; hole `k` faces hole
//! `15 - k`. A move sows a non-empty hole of one's own row counterclockwise
//! (increasing numbers, 14 followed by 1). Where the last seed falls:
//! - in an empty hole of the mover's row: the mover takes the seeds of the
//!   facing hole, and the turn passes;
//! - in an empty hole of the opponent's row: nothing, and the turn passes;
//! - in an occupied hole of either row: the mover takes all its seeds in
//!   hand and sows them on from the next hole, with the same three cases.
//!
//! The game ends as soon as a player's row is empty: that player wins,
//! whatever the scores (the scores only show the seeds taken).
//!
//! **Taking the opponent's last seeds makes the opponent win.** The seed
//! decides it: « PRINCIPE : Se débarrasser le premier de toutes ses
//! graines », « une sorte de "qui perd gagne" », and « La partie se termine
//! lorsque les trous de la rangée devant l'un des joueur sont vides: il a
//! gagné. » The winner is the player whose row is empty, with no exception
//! for how it was emptied: by their own sowing, or by the opponent's capture
//! of the facing hole (the only way a move empties the other row: a hole
//! taken in hand sows its seeds on into the following holes). So a player
//! must avoid taking the opponent's last seeds (in random play about half
//! the games end so); the rules text says it in those words.
//!
//! Readings chosen where the seed is silent or ambiguous:
//! - **Empty** means empty just before the last seed falls; the last seed
//!   stays where it fell, and only the facing hole is taken (nothing if it
//!   is empty).
//! - **The starting hole of each sowing is skipped on every lap**, as the
//!   assignment says for every sowing; a sowing started from a hole taken in
//!   hand skips that hole.
//! - **The end** is checked right after every move, so the player to move
//!   always has seeds in their row and a move. If the mover's row is empty,
//!   the mover wins; else if the opponent's row is empty, the opponent wins
//!   (a capture may take an opponent's last seeds and so make them win: see
//!   above).
//!   Both rows are never empty together: the last seed of a move always
//!   stays on the board.
//! - **No end by agreement**: the seed only knows one way to win, so `0` is
//!   refused.
//! - **Endless sowing**: if a sowing is about to start from the same hole
//!   with every hole holding the same seeds as earlier in the same move, the
//!   chain would go round forever. The move stops there: the seeds stay in
//!   that hole, nothing is taken and the turn passes. (The chain can be run
//!   backwards, so the repeated situation is always the move's start: such a
//!   move leaves the board as it was.)
//! - **Endless game**: if a position (seeds of every hole and player to
//!   move) comes back, the game ends and nobody wins, since nobody emptied
//!   their row.

use variant_kit as kit;
use variant_kit::board::{Board, SowingRules};
use variant_kit::chain::{self, Chain, Link};
use variant_kit::TwoRows;
use variant_kit::{export_variant, Description, Gains, Options, Outcome, Player, Step};

/// The board: two rows of seven holes; hole `k` faces hole `15 - k`.
const BOARD: TwoRows = TwoRows::new(7);
/// Holes on the board.
const HOLES: usize = BOARD.holes();
/// Seeds in each hole at the start.
const SEEDS_PER_HOLE: u8 = 7;

const RULES: &str = "\
CHONGKAK

Plateau : deux rangées de 7 trous, 7 graines par trou (98 graines). SUD possède les \
trous 1 à 7, NORD les trous 8 à 14, numérotés dans le sens du semis (14 est au-dessus \
de 1). Le trou k fait face au trou 15 - k.

Coup : le joueur choisit un trou non vide de sa rangée et en sème les graines une à une \
dans les trous suivants, dans l'ordre croissant des numéros, 14 étant suivi de 1. Le \
trou d'où part un semis est sauté à chaque tour.

Dernière graine :
- dans un trou vide de sa rangée : le joueur prend les graines du trou d'en face (la \
dernière graine reste où elle est tombée), et le tour passe ;
- dans un trou vide de la rangée adverse : il ne prend rien, et le tour passe ;
- dans un trou déjà occupé, de l'une ou l'autre rangée : il prend tout le contenu du trou \
et continue à semer à partir du trou suivant.
Un trou est vide s'il l'était juste avant que la dernière graine y tombe.

Fin (« La partie se termine lorsque les trous de la rangée devant l'un des joueurs sont \
vides : il a gagné ») : dès que la rangée d'un joueur est vide après un coup, ce joueur a \
gagné, quels que soient les scores (ils ne font que compter les graines prises). Si c'est \
la rangée du joueur qui vient de jouer, il gagne ; sinon c'est son adversaire. La partie \
ne se termine pas d'un commun accord : 0 est refusé.

Attention, qui perd gagne : prendre les dernières graines de l'adversaire le fait gagner. \
Si votre prise du trou d'en face vide la rangée de votre adversaire, c'est lui qui gagne \
la partie, quels que soient les scores.

Semis sans fin : si un semis enchaîné va repartir du même trou avec les mêmes graines \
dans chaque trou qu'auparavant pendant le même coup, il tournerait sans fin ; le coup \
s'arrête là, sans prise (le plateau est alors revenu à son état du début du coup), et le \
tour passe.

Partie sans fin : si une position (graines de chaque trou et joueur qui doit jouer) se \
présente une deuxième fois, la partie s'arrête et personne ne gagne.";

/// Why a game ends; the seeds left on the board count for nobody.
const MOVER_EMPTIED: &str = "le joueur qui vient de jouer a vidé sa rangée : il gagne, quels que \
soient les scores ; les graines restées sur le plateau ne comptent pas.";
const OPPONENT_EMPTY: &str = "le joueur qui vient de jouer a pris les dernières graines de son \
adversaire, qui gagne donc (qui perd gagne), quels que soient les scores ; les graines \
restées sur le plateau ne comptent pas.";
const REPEATED: &str = "la position s'est répétée et personne n'a vidé sa rangée : personne ne \
gagne ; les graines restées sur le plateau ne comptent pas.";

/// A sowing of a chain: the seeds of every hole, and the hole to sow (or,
/// once sown, the hole of the last seed).
type Sowing = ([u8; HOLES], usize);

/// Where a chain of sowings stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ChainEnd {
    /// The last seed fell in the hole `.1`, empty before; the seeds are `.0`.
    LastSeed([u8; HOLES], usize),
    /// The chain would go round forever: the seeds when it first comes back
    /// to a sowing it has already started.
    Endless([u8; HOLES]),
}

/// A game of Chongkak. Its memory holds the positions reached since seeds
/// last left the board; older ones hold more seeds and cannot come back.
#[derive(Debug)]
pub struct Chongkak {
    board: Board<HOLES>,
}

variant_kit::clone_by_fields!(Chongkak { board });

impl SowingRules for Chongkak {
    type Board = Board<HOLES>;

    fn description() -> Description {
        Description {
            id: "chongkak".to_owned(),
            title: "Chongkak".to_owned(),
            title_with_article: "de Chongkak".to_owned(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
            summary:
                "Qui perd gagne : 2×7 trous, semis enchaînés ; le premier dont la rangée est vide \
                 gagne, même si c'est l'adversaire qui l'a vidée."
                    .to_owned(),
            rules: format!(
                "{RULES}\n\n{}",
                kit::two_rows_position_rules("chongkak", false, HOLES, SEEDS_PER_HOLE)
            ),
            players: kit::sud_nord(),
            options: Vec::new(),
            agreement_ends_game: false,
        }
    }

    fn start(_options: &Options, first: Player) -> Result<Self, String> {
        Ok(Chongkak::from_position(
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

    fn play_move(&mut self, input: u32) -> Result<Step, String> {
        let pit = self.board.own_hole(input)?;
        let mover = self.board.to_move;
        let gained = self.sow_chain(pit);
        self.board.to_move = mover.opponent();
        self.check_end(mover, gained > 0);
        Ok(Step::Completed(Gains::of(mover, gained)))
    }

    fn agree(&mut self) -> Result<(), String> {
        Err("le Chongkak ne se termine pas d'un commun accord : jouez un trou".to_owned())
    }

    /// The board ([`Board::key`]); the positions met are history.
    fn position_key(&self) -> Option<u64> {
        Some(self.board.key(0))
    }
}

variant_kit::sowing_variant!(Chongkak);

export_variant!(Chongkak);

impl Chongkak {
    fn from_position(pits: [u8; HOLES], scores: [u32; 2], to_move: Player) -> Chongkak {
        Chongkak {
            board: Board::new(BOARD, pits, scores, to_move),
        }
    }

    fn row_is_empty(&self, player: Player) -> bool {
        self.board.row_seeds(player) == 0
    }

    /// Sows `pit` and the holes the chain takes in hand, until the last seed
    /// falls in an empty hole (taking the facing hole if it is the mover's)
    /// or the chain would go round forever; returns the seeds taken.
    fn sow_chain(&mut self, pit: usize) -> u32 {
        match chain_end((self.board.pits, pit)) {
            ChainEnd::Endless(pits) => {
                self.board.pits = pits;
                0
            }
            ChainEnd::LastSeed(pits, last) => {
                self.board.pits = pits;
                if BOARD.owner(last) != self.board.to_move {
                    return 0;
                }
                let facing = BOARD.facing(last);
                self.board.take(facing..facing + 1)
            }
        }
    }

    /// Ends the game after `mover`'s move if a row is empty or the position repeats.
    fn check_end(&mut self, mover: Player, took_seeds: bool) {
        let board = &mut self.board;
        let repeated = board
            .history
            .reached(&board.pits, board.to_move, took_seeds);
        if self.row_is_empty(mover) {
            self.board.end(Outcome::winner(mover), MOVER_EMPTIED);
        } else if self.row_is_empty(mover.opponent()) {
            self.board
                .end(Outcome::winner(mover.opponent()), OPPONENT_EMPTY);
        } else if repeated {
            self.board.end(Outcome::DRAW, REPEATED);
        }
    }
}

/// The next sowing of a chain (from the hole of the last seed, taken in
/// hand), or where it stops if the last seed fell in an empty hole.
fn relay((mut pits, start): Sowing) -> Link<Sowing, ChainEnd> {
    let last = kit::sow(&mut pits, start);
    if pits[last] > 1 {
        Link::Next((pits, last))
    } else {
        Link::End(ChainEnd::LastSeed(pits, last))
    }
}

/// Where the chain of sowings starting with `first` stops: at its last
/// seed, or at the first sowing it would start a second time, found by
/// [`chain::follow`] without remembering every sowing.
fn chain_end(first: Sowing) -> ChainEnd {
    match chain::follow(first, relay) {
        Chain::Ended(end) => end,
        Chain::Loops((pits, _)) => ChainEnd::Endless(pits),
    }
}

#[cfg(test)]
mod tests;
