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
//! - End of the game (« lorsqu'il est évident qu'aucune prise ne sera plus
//!   possible »), right after a move: when the player to move has no seed in
//!   their row; or when the position (seeds of every hole and player to move)
//!   has already occurred since the last capture that took at least one seed.
//!   Also when both players agree (`0`). Each player then adds the seeds left
//!   in their own row to their score, as in Awalé; the higher score wins and
//!   equal scores are a draw.

use std::collections::HashSet;

use variant_api::kit::{self, Positions, TwoRows};
use variant_api::{
    export_variant, Decision, Description, Layout, Options, Outcome, Player, Status, Step, Variant,
};

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

Fin : la partie s'arrête juste après un coup quand le joueur qui doit jouer n'a plus de \
graine dans sa rangée, ou quand la position (graines de chaque trou et joueur qui doit \
jouer) s'est déjà présentée depuis la dernière prise d'au moins une graine. Elle s'arrête \
aussi quand un joueur entre 0 (les deux joueurs sont d'accord). Chaque joueur ajoute \
alors à son score les graines restées dans sa rangée ; le plus haut score gagne, \
l'égalité est une partie nulle.";

/// A game of Tamtam-Apachi.
#[derive(Clone, Debug)]
pub struct TamtamApachi {
    /// Seeds per hole; index `n - 1` is hole `n`.
    pits: [u8; HOLES],
    scores: [u32; 2],
    to_move: Player,
    /// The positions reached since the last capture.
    history: Positions,
    outcome: Option<Outcome>,
}

impl Variant for TamtamApachi {
    fn describe() -> Description {
        Description {
            id: "tamtam-apachi".to_owned(),
            title: "Tamtam-Apachi".to_owned(),
            title_with_article: "de Tamtam-Apachi".to_owned(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
            summary: "2×6 trous, semis enchaînés ; finir dans un trou vide de sa rangée prend le trou d'en face."
                .to_owned(),
            rules: RULES.to_owned(),
            players: kit::sud_nord(),
            options: Vec::new(),
            agreement_ends_game: true,
        }
    }

    fn new(_options: &Options, first: Player) -> Result<Self, String> {
        Ok(TamtamApachi::from_position(
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
            None => Status::ToMove(Decision::sow(self.to_move, &self.legal_inputs(), true)),
        }
    }

    fn legal_inputs(&self) -> Vec<u32> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        kit::hole_numbers(&self.allowed_moves())
    }

    fn play(&mut self, input: u32) -> Result<Step, String> {
        let pit = self.check_move(input)?;
        let mover = self.to_move;
        let gained = self.sow_and_capture(pit);
        self.to_move = mover.opponent();
        self.check_end(gained > 0);
        let mut gains = vec![0, 0];
        gains[mover.index()] = gained;
        Ok(Step::Completed(gains))
    }

    fn end_by_agreement(&mut self) -> Result<(), String> {
        if self.outcome.is_some() {
            return Err("la partie est déjà finie".to_owned());
        }
        self.finish();
        Ok(())
    }
}

export_variant!(TamtamApachi);

impl TamtamApachi {
    fn from_position(pits: [u8; HOLES], scores: [u32; 2], to_move: Player) -> TamtamApachi {
        TamtamApachi {
            pits,
            scores,
            to_move,
            history: Positions::starting_at(&pits, to_move),
            outcome: None,
        }
    }

    /// The holes (indices) the player to move may sow.
    fn allowed_moves(&self) -> Vec<usize> {
        BOARD
            .row(self.to_move)
            .filter(|&pit| self.pits[pit] > 0)
            .collect()
    }

    /// The hole index of `input`, or why it may not be played.
    fn check_move(&self, input: u32) -> Result<usize, String> {
        if self.outcome.is_some() {
            return Err("la partie est finie".to_owned());
        }
        BOARD.own_hole(&self.pits, self.to_move, input)
    }

    /// Sows `pit` and every relay that follows, then makes the capture the
    /// chain earns; returns the seeds captured.
    fn sow_and_capture(&mut self, pit: usize) -> u32 {
        let mut met = HashSet::new();
        let mut hole = pit;
        loop {
            // Cycle rule: a position met before would repeat for ever.
            if !met.insert((self.pits, hole)) {
                return 0;
            }
            let last = kit::sow(&mut self.pits, hole);
            if self.pits[last] > 1 {
                hole = last;
            } else if BOARD.owner(last) == self.to_move {
                let taken = u32::from(std::mem::take(&mut self.pits[BOARD.facing(last)]));
                self.scores[self.to_move.index()] += taken;
                return taken;
            } else {
                return 0;
            }
        }
    }

    /// Ends the game if the player to move has no seed or the position repeats.
    fn check_end(&mut self, captured: bool) {
        let repeated = self.history.reached(&self.pits, self.to_move, captured);
        if repeated || self.allowed_moves().is_empty() {
            self.finish();
        }
    }

    /// Gives each player the seeds left in their row and settles the outcome.
    fn finish(&mut self) {
        self.outcome = Some(BOARD.split(&mut self.pits, &mut self.scores));
    }
}

#[cfg(test)]
mod tests;
