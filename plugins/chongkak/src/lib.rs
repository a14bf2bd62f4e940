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

use variant_api::kit::{self, Ending, Positions, TwoRows};
use variant_api::{
    export_variant, Description, Gains, Inputs, Layout, Options, Outcome, Player, Step, Turn,
    Variant,
};

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

/// A game of Chongkak.
#[derive(Clone, Debug)]
pub struct Chongkak {
    /// Seeds per hole; index `n - 1` is hole `n`.
    pits: [u8; HOLES],
    scores: [u32; 2],
    to_move: Player,
    /// The positions reached since seeds last left the board; older ones
    /// hold more seeds and cannot come back.
    history: Positions,
    ended: Option<Ending>,
}

impl Variant for Chongkak {
    fn describe() -> Description {
        Description {
            id: "chongkak".to_owned(),
            title: "Chongkak".to_owned(),
            title_with_article: "de Chongkak".to_owned(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
            summary:
                "Qui perd gagne : 2×7 trous, semis enchaînés ; le premier dont la rangée est vide \
                 gagne, même si c'est l'adversaire qui l'a vidée."
                    .to_owned(),
            rules: RULES.to_owned(),
            players: kit::sud_nord(),
            options: Vec::new(),
            agreement_ends_game: false,
        }
    }

    fn new(_options: &Options, first: Player) -> Result<Self, String> {
        Ok(Chongkak::from_position(
            [SEEDS_PER_HOLE; HOLES],
            [0, 0],
            first,
        ))
    }

    fn turn(&self) -> Turn {
        kit::sowing_turn(self.ended, self.to_move)
    }

    fn legal_inputs(&self, inputs: &mut Inputs) {
        if self.ended.is_none() {
            kit::push_holes(
                inputs,
                BOARD.row(self.to_move).filter(|&pit| self.pits[pit] > 0),
            );
        }
    }

    fn play(&mut self, input: u32) -> Result<Step, String> {
        let pit = self.check_move(input)?;
        let mover = self.to_move;
        let gained = self.sow_chain(pit);
        self.to_move = mover.opponent();
        self.check_end(mover, gained > 0);
        Ok(Step::Completed(Gains::of(mover, gained)))
    }

    fn scores(&self) -> &[u32] {
        &self.scores
    }

    fn end_by_agreement(&mut self) -> Result<(), String> {
        Err("le Chongkak ne se termine pas d'un commun accord : jouez un trou".to_owned())
    }

    fn layout(&self) -> Layout {
        BOARD.layout()
    }

    fn seeds(&self) -> Vec<u32> {
        kit::seed_counts(&self.pits)
    }

    fn end_reason(&self) -> String {
        kit::end_reason(self.ended)
    }
}

export_variant!(Chongkak);

impl Chongkak {
    fn from_position(pits: [u8; HOLES], scores: [u32; 2], to_move: Player) -> Chongkak {
        Chongkak {
            pits,
            scores,
            to_move,
            history: Positions::starting_at(&pits, to_move),
            ended: None,
        }
    }

    fn row_is_empty(&self, player: Player) -> bool {
        BOARD.row_seeds(&self.pits, player) == 0
    }

    /// The hole index of `input`, or why it may not be played.
    fn check_move(&self, input: u32) -> Result<usize, String> {
        kit::refuse_if_over(self.ended)?;
        BOARD.own_hole(&self.pits, self.to_move, input)
    }

    /// Sows `pit` and the holes the chain takes in hand, until the last seed
    /// falls in an empty hole (taking the facing hole if it is the mover's)
    /// or the chain would go round forever; returns the seeds taken.
    fn sow_chain(&mut self, pit: usize) -> u32 {
        match chain_end((self.pits, pit)) {
            ChainEnd::Endless(pits) => {
                self.pits = pits;
                0
            }
            ChainEnd::LastSeed(pits, last) => {
                self.pits = pits;
                if BOARD.owner(last) != self.to_move {
                    return 0;
                }
                let taken = u32::from(std::mem::take(&mut self.pits[BOARD.facing(last)]));
                self.scores[self.to_move.index()] += taken;
                taken
            }
        }
    }

    /// Ends the game after `mover`'s move if a row is empty or the position repeats.
    fn check_end(&mut self, mover: Player, took_seeds: bool) {
        let repeated = self.history.reached(&self.pits, self.to_move, took_seeds);
        self.ended = if self.row_is_empty(mover) {
            Some(Ending {
                outcome: Outcome::winner(mover),
                reason: MOVER_EMPTIED,
            })
        } else if self.row_is_empty(mover.opponent()) {
            Some(Ending {
                outcome: Outcome::winner(mover.opponent()),
                reason: OPPONENT_EMPTY,
            })
        } else if repeated {
            Some(Ending {
                outcome: Outcome::DRAW,
                reason: REPEATED,
            })
        } else {
            None
        };
    }
}

/// Sows the hole `.1` of `sowing`: the seeds then, and the hole of the last seed.
fn sown((mut pits, start): Sowing) -> Sowing {
    let last = kit::sow(&mut pits, start);
    (pits, last)
}

/// The next sowing of a chain (from the hole of the last seed, taken in
/// hand), or where it stops if the last seed fell in an empty hole.
fn relay(sowing: Sowing) -> Result<Sowing, ChainEnd> {
    let (pits, last) = sown(sowing);
    if pits[last] > 1 {
        Ok((pits, last))
    } else {
        Err(ChainEnd::LastSeed(pits, last))
    }
}

/// Where the chain of sowings starting with `first` stops: at its last
/// seed, or at the first sowing it would start a second time.
///
/// Without remembering every sowing: Brent's cycle detection finds how many
/// sowings a round of an endless chain takes, then two sowings that many
/// apart, both from `first`, meet at the first one started twice.
fn chain_end(first: Sowing) -> ChainEnd {
    let mut saved = first;
    let mut current = match relay(first) {
        Ok(next) => next,
        Err(end) => return end,
    };
    let (mut power, mut round) = (1_u32, 1_u32);
    while current != saved {
        if power == round {
            saved = current;
            power *= 2;
            round = 0;
        }
        current = match relay(current) {
            Ok(next) => next,
            Err(end) => return end,
        };
        round += 1;
    }
    // The chain never stops: every sowing ends in an occupied hole.
    let mut ahead = first;
    for _ in 0..round {
        ahead = sown(ahead);
    }
    let mut behind = first;
    while behind != ahead {
        behind = sown(behind);
        ahead = sown(ahead);
    }
    ChainEnd::Endless(behind.0)
}

#[cfg(test)]
mod tests;
