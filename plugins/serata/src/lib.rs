//! Sérata (seed 002, the Cyclonium page, section « Le Sérata »), as a
//! variant plugin.
//!
//! Two rows of `holes` holes (option, 6 by default) holding `seeds` seeds
//! each (option, 7 by default: 84 seeds), and a store (« grenier ») after
//! each row. SUD owns holes `1..=n` and the store after hole `n`, NORD holes
//! `n+1..=2n` and the store after hole `2n`. A store is not a hole of the
//! board: its content is its owner's score. A move sows a non-empty hole of
//! one's own row counterclockwise, through one's own store but not the
//! opponent's, and through the starting hole too (it is not skipped as in
//! Wari). A last seed in one's own store must play again. A last seed in a
//! hole of one's own row that was empty, facing a hole of the opponent's
//! camp that holds seeds, takes that last seed and the facing seeds. The
//! game is won as soon as a store holds more than half the seeds.
//!
//! The readings chosen where the seed is silent (its « points communs » are
//! missing; `notes/variant-sources.md` §A4, §A8, §A10):
//!
//! - **« Initialement vide »** is a hole that was empty just before the last
//!   seed fell, as the seed's example says: a hole of 13 seeds (on 2×6) goes
//!   round, ends in its own starting hole and captures.
//! - **Feeding.** The Kalah section says that in Kalah, unlike Sérata, « il
//!   n'est plus question de nourrir l'adversaire »: Sérata keeps the Wari
//!   family's duty to feed. When the opponent's row is empty at the start of
//!   a decision, only a sowing after which (capture included) it holds at
//!   least one seed is allowed.
//! - **End.** The game ends right after a move that gives a store more than
//!   half the seeds (« gagnée dès que »); when the player to move (also one
//!   who plays again) has an empty row; when no sowing can feed an
//!   opponent whose row is empty (the Wari references: Abapa, Bennett,
//!   Russ); and when both players agree (`0`). Each player then puts the
//!   seeds left in their row into their store (as every reference does); the
//!   larger store wins and equal stores are a draw.
//! - **Gains.** `SUD a ramassé N` counts the seeds that went into the
//!   mover's store during the move (sowing and capture), not those the end
//!   adds.
//! - **Cycles** are impossible, so no rule is needed: a seed in a store never
//!   leaves it, and a sowing that puts no seed into a store stays in the
//!   mover's row and moves its seeds closer to the mover's store
//!   ([`variant_api::kit::stores::Stores::distance_to_stores`] decreases).
//! - **Sizes.** `holes` goes from 3 to 12 and `seeds` from 1 to 10, so that
//!   no hole can hold more than 255 seeds; boards of 100 seeds or more are
//!   drawn with wide columns.

use variant_api::kit::stores::{self, Landing, LastSeed, StartHole, Stores};
use variant_api::kit::{self, Ending, TwoRows};
use variant_api::{
    export_variant, Description, Gains, Inputs, Layout, OptionSpec, OptionValues, Options, Player,
    Step, Turn, Variant,
};

/// The most holes on the board (two rows of 12).
const MAX_HOLES: usize = 24;

const RULES: &str = "\
SÉRATA

Plateau : deux rangées de n trous (option holes, 6 par défaut, de 3 à 12), s graines par \
trou (option seeds, 7 par défaut, de 1 à 10 : 84 graines par défaut), et un grenier au bout \
de chaque rangée. SUD possède les trous 1 à n et le grenier qui suit le trou n, NORD les \
trous n+1 à 2n et le grenier qui suit le trou 2n. Le contenu de son grenier est le score du \
joueur.

Semailles : le joueur prend toutes les graines d'un trou non vide de sa rangée et les sème \
une à une dans le sens inverse des aiguilles d'une montre, en passant par son propre \
grenier mais pas par le grenier adverse. On passe par la case de départ, on ne la saute pas \
comme au Wari.

Rejouer : si la dernière graine tombe dans son grenier, le joueur doit rejouer.

Récolte : si la dernière graine tombe dans une case de sa rangée qui était vide juste avant \
et que la case d'en face, dans le camp adverse, contient des graines, le joueur met cette \
dernière graine et toutes les graines d'en face dans son grenier. Ainsi une case de 13 \
graines (sur 2×6) fait le tour, termine dans sa case de départ et gagne.

Nourrir : si la rangée adverse est vide au début d'une décision, seul un semis après lequel \
(récolte comprise) elle contient au moins une graine est permis.

Fin : la partie s'arrête juste après un coup qui donne à un grenier plus de la moitié des \
graines, quand le joueur qui doit jouer (même s'il rejoue) n'a plus de graine dans sa \
rangée, ou quand aucun semis ne peut nourrir l'adversaire dont la rangée est vide. Elle \
s'arrête aussi quand un joueur entre 0 (les deux joueurs sont d'accord). Chaque joueur met \
alors dans son grenier les graines restées dans sa rangée ; le plus grand grenier gagne, \
l'égalité est une partie nulle.

Billes ramassées : les graines entrées dans le grenier du joueur pendant le coup (semis et \
récolte).

Une partie ne peut pas boucler : une graine entrée dans un grenier n'en sort plus, et un \
semis qui n'en remplit aucun reste dans la rangée du joueur et rapproche ses graines de son \
grenier.";

/// Why a game ends; each player then puts the seeds of their row into their store.
const MAJORITY: &str = "un grenier contient plus de la moitié des graines ; chacun met les \
                        graines de sa rangée dans son grenier.";
const EMPTY_ROW: &str = "le joueur qui doit jouer n'a plus de graine dans sa rangée ; chacun \
                         met les graines de sa rangée dans son grenier.";
const CANNOT_FEED: &str = "le joueur qui doit jouer ne peut pas nourrir l'adversaire ; chacun \
                           met les graines de sa rangée dans son grenier.";
const AGREEMENT: &str = "les joueurs sont d'accord pour finir ; chacun met les graines de sa \
                         rangée dans son grenier.";

/// A game of Sérata.
#[derive(Clone, Debug)]
pub struct Serata {
    /// The board and its two stores.
    rules: Stores,
    /// Seeds per hole; index `n - 1` is hole `n` (only the board's holes are used).
    pits: [u8; MAX_HOLES],
    /// The seeds in each player's store, by [`Player::index`].
    stores: [u32; 2],
    /// The seeds of the game.
    total: u32,
    to_move: Player,
    /// Whether the player to move plays again (their last seed fell in their store).
    replay: bool,
    ended: Option<Ending>,
}

impl Variant for Serata {
    fn describe() -> Description {
        Description {
            id: "serata".to_owned(),
            title: "Sérata".to_owned(),
            title_with_article: "de Sérata".to_owned(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
            summary: "Le Sérata : 2×6 trous de 7 graines, on sème dans son grenier et on y \
                      rejoue, on prend la case d'en face."
                .to_owned(),
            rules: RULES.to_owned(),
            players: kit::sud_nord(),
            options: vec![
                OptionSpec {
                    key: "holes".to_owned(),
                    help: "holes in each player's row (the page's « Nombre de cases en largeur »)"
                        .to_owned(),
                    default: "6".to_owned(),
                    values: OptionValues::Range { min: 3, max: 12 },
                },
                OptionSpec {
                    key: "seeds".to_owned(),
                    help:
                        "seeds in each hole at the start (« Nombre initial de pierres par cases »)"
                            .to_owned(),
                    default: "7".to_owned(),
                    values: OptionValues::Range { min: 1, max: 10 },
                },
            ],
            agreement_ends_game: true,
        }
    }

    fn new(options: &Options, first: Player) -> Result<Self, String> {
        let holes = options.number("holes") as usize;
        let seeds = options.number("seeds") as u8;
        let mut pits = [0; MAX_HOLES];
        pits[..2 * holes].fill(seeds);
        Ok(Serata::from_position(
            TwoRows::new(holes),
            pits,
            [0, 0],
            first,
        ))
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
        kit::refuse_if_over(self.ended)?;
        let pit = self.board().own_hole(self.holes(), self.to_move, input)?;
        if !self.allowed(pit) {
            return Err(format!(
                "la rangée de {} est vide : jouez un trou qui la nourrit",
                kit::name(self.to_move.opponent())
            ));
        }
        let mover = self.to_move;
        let before = self.stores[mover.index()];
        let landing = self.sow_and_capture(pit);
        let gains = Gains::of(mover, self.stores[mover.index()] - before);
        self.to_move = Stores::next_to_move(landing, mover);
        self.replay = self.to_move == mover;
        self.check_end();
        Ok(Step::Completed(gains))
    }

    fn scores(&self) -> &[u32] {
        &self.stores
    }

    fn end_by_agreement(&mut self) -> Result<(), String> {
        kit::refuse_if_over(self.ended)?;
        self.finish(AGREEMENT);
        Ok(())
    }

    fn layout(&self) -> Layout {
        let mut layout = self.board().layout();
        layout.wide = self.total >= 100;
        layout
    }

    fn seeds(&self) -> Vec<u32> {
        kit::seed_counts(self.holes())
    }

    fn prompt(&self) -> Option<String> {
        if self.ended.is_some() || !self.replay {
            return None;
        }
        let mut inputs = Inputs::new();
        self.legal_inputs(&mut inputs);
        Some(stores::replay_prompt(
            self.to_move,
            "grenier",
            inputs.as_slice(),
            true,
        ))
    }

    fn end_reason(&self) -> String {
        kit::end_reason(self.ended)
    }
}

export_variant!(Serata);

impl Serata {
    fn from_position(
        board: TwoRows,
        pits: [u8; MAX_HOLES],
        stores: [u32; 2],
        to_move: Player,
    ) -> Serata {
        let on_board: u32 = pits[..board.holes()].iter().map(|&s| u32::from(s)).sum();
        Serata {
            rules: Stores::new(board, StartHole::Sown),
            pits,
            stores,
            total: on_board + stores[0] + stores[1],
            to_move,
            replay: false,
            ended: None,
        }
    }

    fn board(&self) -> TwoRows {
        self.rules.board()
    }

    /// The seeds of the board's holes.
    fn holes(&self) -> &[u8] {
        &self.pits[..self.board().holes()]
    }

    fn row_seeds(&self, player: Player) -> u32 {
        self.board().row_seeds(self.holes(), player)
    }

    /// Whether the player to move may sow the non-empty hole `pit`: always,
    /// unless the opponent's row is empty and this sowing leaves it so.
    fn allowed(&self, pit: usize) -> bool {
        let opponent = self.to_move.opponent();
        if self.row_seeds(opponent) > 0 {
            return true;
        }
        let mut after = self.clone();
        after.sow_and_capture(pit);
        after.row_seeds(opponent) > 0
    }

    /// The holes (indices) the player to move may sow.
    fn allowed_moves(&self) -> impl Iterator<Item = usize> + '_ {
        self.board()
            .row(self.to_move)
            .filter(move |&pit| self.pits[pit] > 0 && self.allowed(pit))
    }

    /// Sows `pit` for the player to move and makes the capture it earns;
    /// returns where the last seed fell.
    fn sow_and_capture(&mut self, pit: usize) -> Landing {
        let holes = self.board().holes();
        let mover = self.to_move;
        let landing = self
            .rules
            .sow(&mut self.pits[..holes], &mut self.stores, mover, pit);
        if let Landing::Hole(last) = landing {
            self.rules.capture_facing(
                &mut self.pits[..holes],
                &mut self.stores,
                mover,
                last,
                LastSeed::TakenIfFacingHoldsSeeds,
            );
        }
        landing
    }

    /// Ends the game after a move if a store holds more than half the
    /// seeds, or if the player to move has no allowed sowing.
    fn check_end(&mut self) {
        if self.stores.iter().any(|&seeds| seeds > self.total / 2) {
            self.finish(MAJORITY);
        } else if self.row_seeds(self.to_move) == 0 {
            self.finish(EMPTY_ROW);
        } else if self.allowed_moves().next().is_none() {
            self.finish(CANNOT_FEED);
        }
    }

    /// Puts the seeds left in each row into its owner's store and settles the outcome.
    fn finish(&mut self, reason: &'static str) {
        let holes = self.board().holes();
        let outcome = self
            .board()
            .split(&mut self.pits[..holes], &mut self.stores);
        self.ended = Some(Ending { outcome, reason });
    }
}

#[cfg(test)]
mod tests;
