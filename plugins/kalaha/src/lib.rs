//! Kalaha (seed section « KALAHA »), as a variant plugin.
//!
//! Two rows of six holes, six seeds each (72 seeds), and a big hole at each
//! end, the players' Kalahas. SUD owns holes 1-6 and the Kalaha after hole 6,
//! NORD holes 7-12 and the Kalaha after hole 12. A Kalaha is not a hole of
//! the board: its content is its owner's score. A move sows a non-empty hole
//! of one's own row counterclockwise, through one's own Kalaha but never the
//! opponent's. A last seed in one's own Kalaha plays again; a last seed in an
//! empty hole of one's own row captures the seeds of the hole opposite. The
//! game ends when the player to move has an empty row; each player then puts
//! the seeds left in their row into their Kalaha, and the larger Kalaha wins.
//!
//! The readings chosen where the seed is silent or ambiguous:
//!
//! - **Starting hole.** As the assignment says of every sowing, the starting
//!   hole is skipped on every lap (it takes 13 seeds or more to come back).
//! - **Playing again** is not optional (« il peut rejouer »: the player is
//!   the next to move). Each sowing is its own move for the host.
//! - **Capture.** « Un trou vide » is a hole that was empty just before the
//!   last seed fell. Only the seeds of the hole opposite (hole `13 - n`) go
//!   into the Kalaha, as the seed says; the capturing seed stays in its hole.
//!   An empty opposite hole captures nothing, and the turn passes.
//! - **Gains.** `SUD a ramassé N` counts the seeds that went into the
//!   mover's Kalaha during the move (sowing and capture); the seeds put
//!   into the Kalahas when the game ends are not counted.
//! - **End.** The game ends when the player to move (also a player who plays
//!   again) has an empty row, and when both players agree (`0`): then each
//!   player puts the seeds left in their row into their Kalaha. Equal
//!   Kalahas are a draw.
//! - **Cycles.** None is possible, so no rule is needed: a seed in a Kalaha
//!   never leaves it, and a move that puts no seed into a Kalaha stays in
//!   the mover's own row and moves its seeds closer to the mover's Kalaha.
//!   Every move thus either fills a Kalaha or brings the seeds on the board
//!   closer to their Kalahas, and every game ends.

use variant_api::kit::{self, Ending, TwoRows};
use variant_api::{
    export_variant, Description, Gains, Inputs, Layout, Options, Player, Step, Turn, Variant,
};

/// The board: two rows of six holes (the Kalahas are not holes of the board).
const BOARD: TwoRows = TwoRows::new(6);
/// Holes on the board.
const HOLES: usize = BOARD.holes();
/// Seeds in each hole at the start.
const SEEDS_PER_HOLE: u8 = 6;

const RULES: &str = "\
KALAHA

Plateau : deux rangées de 6 trous, 6 graines par trou (72 graines), et un Kalaha à chaque \
extrémité. SUD possède les trous 1 à 6 et le Kalaha qui suit le trou 6, NORD les trous 7 à \
12 et le Kalaha qui suit le trou 12. Le contenu de son Kalaha est le score du joueur. Le \
premier joueur est choisi sur la ligne de commande.

Coup : le joueur choisit un trou non vide de sa rangée et en sème les graines une à une \
dans les trous suivants, dans le sens anti-horaire, en passant par son propre Kalaha \
mais jamais par celui de l'adversaire. Le trou de départ est sauté à chaque tour.

Rejouer : si la dernière graine tombe dans son Kalaha, le joueur rejoue (c'est \
obligatoire) ; il peut ainsi enchaîner plusieurs coups.

Prise : si la dernière graine tombe dans un trou de sa rangée qui était vide, le joueur \
place dans son Kalaha les graines du trou d'en face (le trou 13 - n) ; la graine qui a \
fait la prise reste dans son trou, et un trou d'en face vide ne donne rien. C'est ensuite \
à l'adversaire. Dans les autres cas, le tour passe aussi à l'adversaire.

Billes ramassées : les graines entrées dans le Kalaha du joueur pendant le coup (semis et \
prise).

Fin : la partie se termine quand le joueur qui doit jouer a une rangée vide (même s'il \
devait rejouer), ou quand un joueur entre 0 (les deux joueurs sont d'accord). Chaque \
joueur place alors dans son Kalaha les graines restées dans sa rangée. Le plus grand \
Kalaha gagne ; l'égalité est une partie nulle.

Une partie ne peut pas boucler : une graine entrée dans un Kalaha n'en sort plus, et un \
coup qui n'en remplit aucun reste dans la rangée du joueur et rapproche ses graines de \
son Kalaha.";

/// Why a game ends (« Fin »).
const EMPTY_ROW: &str = "le joueur qui doit jouer n'a plus de graine dans sa rangée ; chacun \
                         met les graines de sa rangée dans son Kalaha.";
const AGREEMENT: &str = "les joueurs sont d'accord pour finir ; chacun met les graines de sa \
                         rangée dans son Kalaha.";

/// Where a seed of a sowing falls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Slot {
    /// A hole of the board (index).
    Hole(usize),
    /// The mover's Kalaha.
    Kalaha,
}

/// A game of Kalaha.
#[derive(Clone, Debug)]
pub struct Kalaha {
    /// Seeds per hole; index `n - 1` is hole `n`.
    pits: [u8; HOLES],
    /// The seeds in each player's Kalaha, by [`Player::index`].
    kalahas: [u32; 2],
    to_move: Player,
    ended: Option<Ending>,
}

impl Variant for Kalaha {
    fn describe() -> Description {
        Description {
            id: "kalaha".to_owned(),
            title: "Kalaha".to_owned(),
            title_with_article: "de Kalaha".to_owned(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
            summary: "Le Kalaha : 2×6 trous de 6 graines et deux Kalahas, on rejoue en \
                      finissant dans le sien, on prend le trou d'en face."
                .to_owned(),
            rules: RULES.to_owned(),
            players: kit::sud_nord(),
            options: Vec::new(),
            agreement_ends_game: true,
        }
    }

    fn new(_options: &Options, first: Player) -> Result<Self, String> {
        Ok(Kalaha::from_position(
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
        let before = self.kalahas[mover.index()];
        let last = self.sow(pit);
        match last {
            Slot::Kalaha => {}
            Slot::Hole(hole) => {
                if BOARD.row(mover).contains(&hole) && self.pits[hole] == 1 {
                    let opposite = BOARD.facing(hole);
                    self.kalahas[mover.index()] +=
                        u32::from(std::mem::take(&mut self.pits[opposite]));
                }
                self.to_move = mover.opponent();
            }
        }
        let gains = Gains::of(mover, self.kalahas[mover.index()] - before);
        if self.row_seeds(self.to_move) == 0 {
            self.finish(EMPTY_ROW);
        }
        Ok(Step::Completed(gains))
    }

    fn scores(&self) -> &[u32] {
        &self.kalahas
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

export_variant!(Kalaha);

impl Kalaha {
    fn from_position(pits: [u8; HOLES], kalahas: [u32; 2], to_move: Player) -> Kalaha {
        Kalaha {
            pits,
            kalahas,
            to_move,
            ended: None,
        }
    }

    fn row_seeds(&self, player: Player) -> u32 {
        BOARD.row_seeds(&self.pits, player)
    }

    /// The hole index of `input`, or why it may not be played.
    fn check_move(&self, input: u32) -> Result<usize, String> {
        kit::refuse_if_over(self.ended)?;
        BOARD.own_hole(&self.pits, self.to_move, input)
    }

    /// Sows the seeds of `pit` one by one counterclockwise, through the
    /// mover's Kalaha but not the opponent's, skipping `pit` itself on every
    /// lap; returns where the last seed fell.
    fn sow(&mut self, pit: usize) -> Slot {
        let mover = self.to_move;
        let own = BOARD.row(mover);
        let mut seeds = std::mem::take(&mut self.pits[pit]);
        let mut at = Slot::Hole(pit);
        while seeds > 0 {
            at = match at {
                Slot::Hole(hole) if hole + 1 == own.end => Slot::Kalaha,
                Slot::Hole(hole) => Slot::Hole((hole + 1) % HOLES),
                Slot::Kalaha => Slot::Hole(own.end % HOLES),
            };
            match at {
                Slot::Kalaha => self.kalahas[mover.index()] += 1,
                Slot::Hole(hole) if hole == pit => continue,
                Slot::Hole(hole) => self.pits[hole] += 1,
            }
            seeds -= 1;
        }
        at
    }

    /// Puts the seeds left in each row into its owner's Kalaha and settles the outcome.
    fn finish(&mut self, reason: &'static str) {
        let outcome = BOARD.split(&mut self.pits, &mut self.kalahas);
        self.ended = Some(Ending { outcome, reason });
    }
}

#[cfg(test)]
mod tests;
