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
//! - End of the game (« lorsqu'il est évident qu'aucune prise ne sera plus
//!   possible »), right after a move: when the player to move has no seed in
//!   their row; or when the position (seeds of every hole and player to move)
//!   has already occurred since the last capture. Also when both players
//!   agree (`0`). Each player then adds the seeds left in their own row to
//!   their score, as in Awalé; the higher score wins and equal scores are a
//!   draw.

use variant_api::kit::{self, Ending, Positions, TwoRows};
use variant_api::{
    export_variant, Description, Gains, Inputs, Layout, Options, Player, Step, Turn, Variant,
};

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

Fin : la partie s'arrête juste après un coup quand le joueur qui doit jouer n'a plus de \
graine dans sa rangée, ou quand la position (graines de chaque trou et joueur qui doit \
jouer) s'est déjà présentée depuis la dernière prise. Elle s'arrête aussi quand un joueur \
entre 0 (les deux joueurs sont d'accord). Chaque joueur ajoute alors à son score les \
graines restées dans sa rangée ; le plus haut score gagne, l'égalité est une partie \
nulle.";

/// Why a game ends; each player then takes the seeds of their row.
const NO_SEED: &str =
    "le joueur qui doit jouer n'a plus de graine dans sa rangée ; chacun prend les graines de sa rangée.";
const REPEATED: &str =
    "la position s'est répétée depuis la dernière prise ; chacun prend les graines de sa rangée.";
const AGREEMENT: &str =
    "les joueurs sont d'accord pour finir ; chacun prend les graines de sa rangée.";

/// A game of Owani.
#[derive(Clone, Debug)]
pub struct Owani {
    /// Seeds per hole; index `n - 1` is hole `n`.
    pits: [u8; HOLES],
    scores: [u32; 2],
    to_move: Player,
    /// The positions reached since the last capture.
    history: Positions,
    ended: Option<Ending>,
}

impl Variant for Owani {
    fn describe() -> Description {
        Description {
            id: "owani".to_owned(),
            title: "Owani".to_owned(),
            title_with_article: "d'Owani".to_owned(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
            summary: "2×6 trous, semis enchaînés dans sa rangée, prise d'un trou adverse de 2 ou 3 graines."
                .to_owned(),
            rules: RULES.to_owned(),
            players: kit::sud_nord(),
            options: Vec::new(),
            agreement_ends_game: true,
        }
    }

    fn new(_options: &Options, first: Player) -> Result<Self, String> {
        Ok(Owani::from_position([SEEDS_PER_HOLE; HOLES], [0, 0], first))
    }

    fn turn(&self) -> Turn {
        kit::sowing_turn(self.ended, self.to_move)
    }

    fn legal_inputs(&self, inputs: &mut Inputs) {
        if self.ended.is_none() {
            kit::push_holes(inputs, self.allowed_moves());
        }
    }

    fn play(&mut self, input: u32) -> Result<Step, String> {
        let pit = self.check_move(input)?;
        let mover = self.to_move;
        let gained = self.sow_and_capture(pit);
        self.to_move = mover.opponent();
        self.check_end(gained > 0);
        Ok(Step::Completed(Gains::of(mover, gained)))
    }

    fn scores(&self) -> &[u32] {
        &self.scores
    }

    fn end_by_agreement(&mut self) -> Result<(), String> {
        kit::refuse_if_over(self.ended)?;
        self.finish(AGREEMENT);
        Ok(())
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

export_variant!(Owani);

impl Owani {
    fn from_position(pits: [u8; HOLES], scores: [u32; 2], to_move: Player) -> Owani {
        Owani {
            pits,
            scores,
            to_move,
            history: Positions::starting_at(&pits, to_move),
            ended: None,
        }
    }

    /// The holes (indices) the player to move may sow.
    fn allowed_moves(&self) -> impl Iterator<Item = usize> + '_ {
        BOARD
            .row(self.to_move)
            .filter(move |&pit| self.pits[pit] > 0)
    }

    /// The hole index of `input`, or why it may not be played.
    fn check_move(&self, input: u32) -> Result<usize, String> {
        kit::refuse_if_over(self.ended)?;
        BOARD.own_hole(&self.pits, self.to_move, input)
    }

    /// Sows `pit` and every relay from one's own row that follows, then
    /// makes the capture the last seed earns; returns the seeds captured.
    fn sow_and_capture(&mut self, pit: usize) -> u32 {
        let mut hole = pit;
        loop {
            hole = self.sow(hole);
            if BOARD.owner(hole) != self.to_move {
                break;
            }
        }
        if !(2..=3).contains(&self.pits[hole]) {
            return 0;
        }
        let taken = u32::from(std::mem::take(&mut self.pits[hole]));
        self.scores[self.to_move.index()] += taken;
        taken
    }

    /// Sows the seeds of `pit` (a hole of the mover's row) one by one in the
    /// following holes; from the second lap on, only the opponent's holes
    /// receive seeds. Returns the hole of the last seed.
    fn sow(&mut self, pit: usize) -> usize {
        let mut seeds = std::mem::take(&mut self.pits[pit]);
        let mut hole = pit;
        let mut second_lap = false;
        while seeds > 0 {
            hole = (hole + 1) % HOLES;
            second_lap |= hole == pit;
            if !(second_lap && BOARD.owner(hole) == self.to_move) {
                self.pits[hole] += 1;
                seeds -= 1;
            }
        }
        hole
    }

    /// Ends the game if the player to move has no seed or the position repeats.
    fn check_end(&mut self, captured: bool) {
        if self.history.reached(&self.pits, self.to_move, captured) {
            self.finish(REPEATED);
        } else if self.allowed_moves().next().is_none() {
            self.finish(NO_SEED);
        }
    }

    /// Gives each player the seeds left in their row and settles the outcome.
    fn finish(&mut self, reason: &'static str) {
        let outcome = BOARD.split(&mut self.pits, &mut self.scores);
        self.ended = Some(Ending { outcome, reason });
    }
}

#[cfg(test)]
mod tests;
