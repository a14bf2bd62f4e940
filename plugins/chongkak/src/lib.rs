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
//!   (a capture may take an opponent's last seeds and so make them win).
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

use std::collections::HashSet;

use variant_api::kit::{self, Positions, TwoRows};
use variant_api::{
    export_variant, Decision, Description, Layout, Options, Outcome, Player, Status, Step, Variant,
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

Fin : dès que la rangée d'un joueur est vide après un coup, ce joueur a gagné, quels que \
soient les scores (ils ne font que compter les graines prises). Si c'est la rangée du \
joueur qui vient de jouer, il gagne ; sinon c'est son adversaire, même si c'est une prise \
qui a vidé sa rangée. La partie ne se termine pas d'un commun accord : 0 est refusé.

Semis sans fin : si un semis enchaîné va repartir du même trou avec les mêmes graines \
dans chaque trou qu'auparavant pendant le même coup, il tournerait sans fin ; le coup \
s'arrête là, sans prise (le plateau est alors revenu à son état du début du coup), et le \
tour passe.

Partie sans fin : si une position (graines de chaque trou et joueur qui doit jouer) se \
présente une deuxième fois, la partie s'arrête et personne ne gagne.";

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
    outcome: Option<Outcome>,
}

impl Variant for Chongkak {
    fn describe() -> Description {
        Description {
            id: "chongkak".to_owned(),
            title: "Chongkak".to_owned(),
            title_with_article: "de Chongkak".to_owned(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
            summary:
                "Qui perd gagne : 2×7 trous, semis enchaînés, le premier qui vide sa rangée gagne."
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

    fn layout(&self) -> Layout {
        BOARD.layout()
    }

    fn seeds(&self) -> Vec<u32> {
        kit::seed_counts(&self.pits)
    }

    fn scores(&self) -> Vec<u32> {
        self.scores.to_vec()
    }

    fn status(&self) -> Status {
        match self.outcome {
            Some(outcome) => Status::Over(outcome),
            None => Status::ToMove(Decision::sow(self.to_move, &self.legal_inputs(), false)),
        }
    }

    fn legal_inputs(&self) -> Vec<u32> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        let sowable: Vec<usize> = BOARD
            .row(self.to_move)
            .filter(|&pit| self.pits[pit] > 0)
            .collect();
        kit::hole_numbers(&sowable)
    }

    fn play(&mut self, input: u32) -> Result<Step, String> {
        let pit = self.check_move(input)?;
        let mover = self.to_move;
        let gained = self.sow_chain(pit);
        self.to_move = mover.opponent();
        self.check_end(mover, gained > 0);
        let mut gains = vec![0, 0];
        gains[mover.index()] = gained;
        Ok(Step::Completed(gains))
    }

    fn end_by_agreement(&mut self) -> Result<(), String> {
        Err("le Chongkak ne se termine pas d'un commun accord : jouez un trou".to_owned())
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
            outcome: None,
        }
    }

    fn row_is_empty(&self, player: Player) -> bool {
        BOARD.row_seeds(&self.pits, player) == 0
    }

    /// The hole index of `input`, or why it may not be played.
    fn check_move(&self, input: u32) -> Result<usize, String> {
        if self.outcome.is_some() {
            return Err("la partie est finie".to_owned());
        }
        BOARD.own_hole(&self.pits, self.to_move, input)
    }

    /// Sows `pit` and the holes the chain takes in hand, until the last seed
    /// falls in an empty hole (taking the facing hole if it is the mover's)
    /// or the chain would go round forever; returns the seeds taken.
    fn sow_chain(&mut self, pit: usize) -> u32 {
        let mut seen = HashSet::new();
        let mut start = pit;
        while seen.insert((self.pits, start)) {
            let last = kit::sow(&mut self.pits, start);
            if self.pits[last] > 1 {
                start = last;
                continue;
            }
            if BOARD.owner(last) != self.to_move {
                return 0;
            }
            let taken = u32::from(std::mem::take(&mut self.pits[BOARD.facing(last)]));
            self.scores[self.to_move.index()] += taken;
            return taken;
        }
        0
    }

    /// Ends the game after `mover`'s move if a row is empty or the position repeats.
    fn check_end(&mut self, mover: Player, took_seeds: bool) {
        let repeated = self.history.reached(&self.pits, self.to_move, took_seeds);
        self.outcome = if self.row_is_empty(mover) {
            Some(Outcome::Winner(mover))
        } else if self.row_is_empty(mover.opponent()) {
            Some(Outcome::Winner(mover.opponent()))
        } else if repeated {
            Some(Outcome::Draw)
        } else {
            None
        };
    }
}

#[cfg(test)]
mod tests;
