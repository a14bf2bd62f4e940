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
//!   ([`variant_kit::stores::Stores::distance_to_stores`] decreases).
//! - **Sizes.** `holes` goes from 3 to 12 and `seeds` from 1 to 10, so that
//!   no hole can hold more than 255 seeds; boards of 100 seeds or more are
//!   drawn with wide columns.

use variant_kit as kit;
use variant_kit::board::{Board, NoMemory, SowingRules};
use variant_kit::stores::{FeedingGame, Landing, LastSeed, StartHole, Stores};
use variant_kit::{export_variant, Description, Inputs, Options, Player, Step};

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

/// A game of Sérata: no position can come back, so none is remembered.
#[derive(Clone, Debug)]
pub struct Serata {
    /// The board and all the rules but how a hole is sown.
    store_game: FeedingGame<MAX_HOLES>,
}

impl SowingRules for Serata {
    type Board = Board<MAX_HOLES, NoMemory>;

    fn description() -> Description {
        Description {
            id: "serata".to_owned(),
            title: "Sérata".to_owned(),
            title_with_article: "de Sérata".to_owned(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
            summary: "Le Sérata : 2×6 trous de 7 graines, on sème dans son grenier et on y \
                      rejoue, on prend la case d'en face."
                .to_owned(),
            rules: format!(
                "{RULES}\n\n{}",
                kit::two_rows_position_rules("serata", true, 12, 7)
            ),
            players: kit::sud_nord(),
            options: kit::page_size_options(7),
            agreement_ends_game: true,
        }
    }

    fn start(options: &Options, first: Player) -> Result<Self, String> {
        let store_game = FeedingGame::start(options, first, sow_and_capture);
        Ok(Serata { store_game })
    }

    fn board(&self) -> &Board<MAX_HOLES, NoMemory> {
        &self.store_game.board
    }

    /// A position where a player has won already is one no game reaches.
    fn read_more(&mut self, _body: &mut variant_kit::body::BodyReader<'_>) -> Result<(), String> {
        let board = &self.store_game.board;
        variant_kit::refuse_ended_by_scores(&board.scores, board.total, false)
    }

    fn board_mut(&mut self) -> &mut Board<MAX_HOLES, NoMemory> {
        &mut self.store_game.board
    }

    fn legal_moves(&self, inputs: &mut Inputs) {
        self.store_game.legal_moves(inputs);
    }

    fn play_move(&mut self, input: u32) -> Result<Step, String> {
        self.store_game.play(input)
    }

    fn agree(&mut self) -> Result<(), String> {
        self.store_game.agree()
    }

    fn move_prompt(&self) -> Option<String> {
        self.store_game.prompt()
    }

    /// The board ([`Board::key`]); who plays again is history.
    fn position_key(&self) -> Option<u64> {
        Some(self.store_game.board.key(0))
    }
}

variant_kit::sowing_variant!(Serata);

export_variant!(Serata);

impl Serata {
    /// A game at `pits` with `scores`, `to_move` to play.
    #[cfg(test)]
    fn from_position(
        rows: kit::TwoRows,
        pits: [u8; MAX_HOLES],
        scores: [u32; 2],
        to_move: Player,
    ) -> Serata {
        let board = Board::new(rows, pits, scores, to_move);
        Serata {
            store_game: FeedingGame::at(board, sow_and_capture),
        }
    }
}

/// Sows `pit` for the player to move on `board` and makes the capture the
/// last seed earns; returns where it fell.
fn sow_and_capture(board: &mut Board<MAX_HOLES, NoMemory>, pit: usize) -> Landing {
    let stores = Stores::new(board.rows, StartHole::Sown);
    let (pits, scores) = (&mut board.pits[..board.rows.holes()], &mut board.scores);
    let mover = board.to_move;
    let landing = stores.sow(pits, scores, mover, pit);
    if let Landing::Hole(last) = landing {
        let rule = LastSeed::TakenIfFacingHoldsSeeds;
        stores.capture_facing(pits, scores, mover, last, rule);
    }
    landing
}

#[cfg(test)]
mod tests;
