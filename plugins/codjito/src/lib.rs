//! Codjito (seed 002, the Cyclonium page, section « Le Codjito »), as a
//! variant plugin.
//!
//! The page's author's own game, mixing Wari and Sérata. Two rows of
//! `holes` holes (option, 6 by default) holding `seeds` seeds each (option,
//! 4 by default), and a store (« grenier ») after each row. SUD owns holes
//! `1..=n` and the store after hole `n`, NORD holes `n+1..=2n` and the store
//! after hole `2n`. A store is not a hole of the board: its content is its
//! owner's score. A move sows a non-empty hole of one's own row
//! counterclockwise, through one's own store but not the opponent's, and
//! through the starting hole too. If the last seed falls in one's own camp
//! in a hole that held seeds, the player takes up that hole and sows on
//! (a relay, not a new choice). A last seed in one's own store must play
//! again. A last seed in a hole of one's own camp that was empty harvests
//! every hole of the opponent's camp holding as many seeds as the hole
//! facing it in one's own camp. A last seed in the opponent's camp makes
//! the Wari harvest: that hole if it now holds 2 or 3, and the holes before
//! it holding 2 or 3. Nothing is ever taken from one's own camp. The game is
//! won as soon as a store holds more than half the seeds.
//!
//! The readings chosen where the seed is silent (its « points communs » are
//! missing; the game has no other source, `notes/variant-sources.md` §A5):
//!
//! - **Relay.** « Une case contenant des pierres » is a hole that held seeds
//!   just before the last seed fell (it now holds 2 or more): all its seeds,
//!   the last one included, are sown again from the next hole. A hole that
//!   was empty (now 1) ends the sowing. Relays happen only in one's own
//!   camp; a last seed in the opponent's camp ends the sowing.
//! - **Equal-count harvest.** The counts are compared after the sowing, the
//!   landing hole included (it holds 1, so a facing hole of 1 is taken):
//!   every hole of the opponent's camp that holds seeds, as many as the
//!   hole facing it in one's own camp, goes into one's store.
//! - **Wari harvest.** The holes before the last one are those of lower
//!   numbers (« en remontant dans le sens des aiguilles d'une montre »),
//!   within the opponent's camp. As in the `wari` plugin's default (the
//!   Abapa reading), a Wari harvest that would take every seed of the
//!   opponent's camp takes nothing (grand slam); the equal-count harvest,
//!   which is not Wari's, has no such limit.
//! - **Feeding.** As in Wari and Sérata (the Kalah section says only Kalah
//!   drops it): when the opponent's row is empty at the start of a
//!   decision, only a sowing after which (harvests included) it holds at
//!   least one seed is allowed.
//! - **End.** The game ends right after a move that gives a store more than
//!   half the seeds (« gagnée dès que »); when the player to move (also one
//!   who plays again) has an empty row; when no sowing can feed an
//!   opponent whose row is empty; and when both players agree (`0`). Each
//!   player then puts the seeds left in their row into their store; the
//!   larger store wins and equal stores are a draw.
//! - **Gains.** `SUD a ramassé N` counts the seeds that went into the
//!   mover's store during the move (sowings and harvests), not those the
//!   end adds.
//! - **Cycles** are impossible, so no rule is needed. A relay chain ends:
//!   each sowing of it either stays in the mover's row, ending further
//!   along it, or passes the mover's store and adds a seed to it. A game
//!   ends: a seed in a store never leaves it, and a move that puts no seed
//!   into a store stays in the mover's row and moves its seeds closer to
//!   the mover's store
//!   ([`variant_kit::stores::Stores::distance_to_stores`] decreases).
//! - **Sizes.** `holes` goes from 3 to 12 and `seeds` from 1 to 10, so that
//!   no hole can hold more than 255 seeds; boards of 100 seeds or more are
//!   drawn with wide columns.

use std::ops::Range;

use variant_kit as kit;
use variant_kit::board::{run_back, seeds_in, Board, NoMemory, SowingRules};
use variant_kit::stores::{FeedingGame, Landing, StartHole, Stores};
use variant_kit::{export_variant, Description, Inputs, Options, Player, Step};

/// The most holes on the board (two rows of 12).
const MAX_HOLES: usize = 24;

const RULES: &str = "\
CODJITO

Une règle de l'auteur de la page Cyclonium, qui mêle le Wari et le Sérata.

Plateau : deux rangées de n trous (option holes, 6 par défaut, de 3 à 12), s graines par \
trou (option seeds, 4 par défaut, de 1 à 10), et un grenier au bout de chaque rangée. SUD \
possède les trous 1 à n et le grenier qui suit le trou n, NORD les trous n+1 à 2n et le \
grenier qui suit le trou 2n. Le contenu de son grenier est le score du joueur.

Semailles : le joueur prend toutes les graines d'un trou non vide de sa rangée et les sème \
une à une dans le sens inverse des aiguilles d'une montre, en passant par son propre \
grenier mais pas par le grenier adverse, et sans sauter la case de départ. Si la dernière \
graine tombe dans son camp sur une case qui contenait déjà des graines, il reprend toutes \
les graines de cette case (la dernière comprise) et relance les semailles à partir de la \
case suivante, sans choisir ; et ainsi de suite. Une dernière graine dans le camp adverse \
arrête les semailles.

Rejouer : si les semailles terminent dans son grenier, le joueur doit rejouer en \
choisissant une nouvelle case.

Récolte : si les semailles terminent dans son camp sur une case qui était vide, le joueur \
récolte toutes les cases adverses non vides qui ont le même nombre de graines que leur \
vis-à-vis de son camp, comptées après les semailles (la case d'arrivée en a 1). Si elles \
terminent dans le camp adverse, la récolte du Wari s'applique : si la case d'arrivée a \
maintenant 2 ou 3 graines, il les prend, ainsi que les cases précédentes (numéros \
décroissants) du camp adverse qui ont 2 ou 3 graines, jusqu'à la première qui en a un autre \
nombre. Une récolte du Wari qui prendrait toutes les graines du camp adverse ne prend rien \
(grand chelem). On ne récolte jamais dans son propre camp.

Nourrir : si la rangée adverse est vide au début d'une décision, seul un semis après lequel \
(récoltes comprises) elle contient au moins une graine est permis.

Fin : la partie s'arrête juste après un coup qui donne à un grenier plus de la moitié des \
graines, quand le joueur qui doit jouer (même s'il rejoue) n'a plus de graine dans sa \
rangée, ou quand aucun semis ne peut nourrir l'adversaire dont la rangée est vide. Elle \
s'arrête aussi quand un joueur entre 0 (les deux joueurs sont d'accord). Chaque joueur met \
alors dans son grenier les graines restées dans sa rangée ; le plus grand grenier gagne, \
l'égalité est une partie nulle.

Billes ramassées : les graines entrées dans le grenier du joueur pendant le coup (semailles \
et récoltes).

Ni les semailles ni la partie ne peuvent boucler : chaque relance reste dans la rangée du \
joueur en avançant vers son grenier, ou passe par son grenier et y ajoute une graine ; une \
graine entrée dans un grenier n'en sort plus, et un coup qui n'en remplit aucun reste dans \
la rangée du joueur et rapproche ses graines de son grenier.";

/// A game of Codjito: no position can come back, so none is remembered.
#[derive(Clone, Debug)]
pub struct Codjito {
    /// The board and all the rules but how a hole is sown.
    store_game: FeedingGame<MAX_HOLES>,
}

impl SowingRules for Codjito {
    type Board = Board<MAX_HOLES, NoMemory>;

    fn description() -> Description {
        Description {
            id: "codjito".to_owned(),
            title: "Codjito".to_owned(),
            title_with_article: "de Codjito".to_owned(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
            summary: "Le Codjito : greniers, semailles relancées dans son camp, récolte des \
                      cases égales à leur vis-à-vis et récolte du Wari."
                .to_owned(),
            rules: format!(
                "{RULES}\n\n{}",
                kit::two_rows_position_rules("codjito", true, 12, 4)
            ),
            players: kit::sud_nord(),
            options: kit::page_size_options(4),
            agreement_ends_game: true,
        }
    }

    fn start(options: &Options, first: Player) -> Result<Self, String> {
        let store_game = FeedingGame::start(options, first, sow_and_harvest);
        Ok(Codjito { store_game })
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

variant_kit::sowing_variant!(Codjito);

export_variant!(Codjito);

impl Codjito {
    /// A game at `pits` with `scores`, `to_move` to play.
    #[cfg(test)]
    fn from_position(
        rows: kit::TwoRows,
        pits: [u8; MAX_HOLES],
        scores: [u32; 2],
        to_move: Player,
    ) -> Codjito {
        let board = Board::new(rows, pits, scores, to_move);
        Codjito {
            store_game: FeedingGame::at(board, sow_and_harvest),
        }
    }
}

/// Sows `pit` for the player to move on `board`, with every relay in their
/// camp, then makes the harvest the last seed earns; returns where it fell.
fn sow_and_harvest(board: &mut Board<MAX_HOLES, NoMemory>, pit: usize) -> Landing {
    let stores = Stores::new(board.rows, StartHole::Sown);
    let mover = board.to_move;
    let own = board.rows.row(mover);
    let mut from = pit;
    loop {
        let pits = &mut board.pits[..board.rows.holes()];
        let landing = stores.sow(pits, &mut board.scores, mover, from);
        match landing {
            Landing::Hole(last) if own.contains(&last) && pits[last] > 1 => from = last,
            Landing::Hole(last) if own.contains(&last) => {
                harvest_equal_counts(board, own.clone());
                return landing;
            }
            Landing::Hole(last) => {
                wari_harvest(board, last);
                return landing;
            }
            Landing::Store | Landing::Stopped { .. } => return landing,
        }
    }
}

/// Takes every non-empty hole of the opponent's camp holding as many seeds
/// as the hole facing it in the mover's camp `own`.
fn harvest_equal_counts(board: &mut Board<MAX_HOLES, NoMemory>, own: Range<usize>) {
    for pit in own {
        let facing = board.rows.facing(pit);
        let pits = &board.pits;
        if pits[facing] > 0 && pits[facing] == pits[pit] {
            board.take(facing..facing + 1);
        }
    }
}

/// The Wari harvest of a last seed in `last`, a hole of the opponent's
/// camp: that hole and the ones before it holding 2 or 3, unless they hold
/// every seed of the opponent's camp.
fn wari_harvest(board: &mut Board<MAX_HOLES, NoMemory>, last: usize) {
    let opponent = board.to_move.opponent();
    let row = board.rows.row(opponent);
    let run = run_back(&board.pits, row, last, |seeds| (2..=3).contains(&seeds));
    let taken = seeds_in(&board.pits, run.clone());
    if run.is_empty() || taken == board.row_seeds(opponent) {
        return;
    }
    board.take(run);
}

#[cfg(test)]
mod tests;
