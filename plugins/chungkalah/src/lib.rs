//! Chungkalah (seed 004, « chungkalah » by Alain Busser, 2024), as a
//! variant plugin: Kalah on any number of holes per player and seeds per
//! hole, without captures.
//!
//! Two rows of `holes` holes (option, 6 by default, from 1 to 12) holding
//! `seeds` seeds each (option, 2 by default, from 1 to 9), and a store
//! (« réserve ») after each row. SUD owns holes `1..=n` and the store after
//! hole `n`, NORD holes `n+1..=2n` and the store after hole `2n`; the holes
//! are numbered along the sowing circuit, so the board is drawn as
//! [`variant_kit::Layout::two_rows`]`(n)`. A store is not a hole of the
//! board: its content is its owner's score.
//!
//! A move takes every seed of a non-empty hole of one's own row and sows
//! them one by one to the right, counterclockwise (« dans le sens
//! giratoire »): after one's last hole comes one's own store, then the
//! opponent's row, then one's own row again from its first hole; the
//! opponent's store is passed by. Nothing is ever captured. A last seed in
//! one's own store plays again, as many times as it happens; otherwise the
//! opponent moves. The game ends when the player who must (re)play has no
//! seed in their row. The larger store wins; with equal stores, the player
//! whose row is not empty wins; with equal stores and both rows empty, the
//! game is a draw.
//!
//! The readings chosen where the seed is silent (`notes/variant-sources.md`
//! §A8 compares it with the other Kalah readings):
//!
//! - **Seeds left on the board are not counted**: the seed compares « les
//!   graines dans les deux réserves » only (its example: SUD, row empty, wins
//!   8 to 4 although NORD's row still holds seeds). They stay on the final
//!   board, and the scores are the stores. This is Kalah's option
//!   `leftover=none`, not the owner's split of seeds 000 and 002, Wikipedia
//!   or OpenSpiel.
//! - **Only the player to move ends the game** (reading (b) of §A8): an
//!   opponent whose row is empty does not end it; the mover may still sow
//!   into that row, and the game ends only if the player who must play next
//!   (also one who plays again) finds their row empty.
//! - **The starting hole is sown** when a sowing goes round the board (the
//!   seed skips no hole: « on continue à partir de chez soi tout à gauche »),
//!   as in Kalah: `2n + 1` seeds end in their own starting hole.
//! - **The tie-break** compares the rows when the game ends: at the end the
//!   player to move has an empty row, so with equal stores the opponent wins
//!   if their row holds seeds, and it is a draw otherwise.
//! - **Agreement.** Both players may agree to end the game (`0`); it is
//!   settled as the seed's end is: stores compared, the seeds left not
//!   counted, and with equal stores the player whose row alone is not empty
//!   wins (if both rows hold seeds, or none, it is a draw).
//! - **Gains.** `SUD a ramassé N` counts the seeds the move sowed into the
//!   mover's store.
//! - **Defaults.** 6 holes (the board the seed draws first, Kalah's, on
//!   which its examples are played: « les 6 cases de Sud ») and 2 seeds a
//!   hole (« Par exemple 2 graines par case »; the seed's end example has
//!   8 + 4 seeds in the stores out of 24). The seed suggests starting on
//!   `holes=4` with 2, 3 or 4 seeds a hole; 7 is Singapore's congkak, 8 the
//!   Philippine chungka, and « voire moins » allows down to 1 hole.
//! - **Sizes.** `holes` goes from 1 to 12 and `seeds` from 1 to 9 (the
//!   seed), so that no hole can hold more than 216 seeds; boards of 100
//!   seeds or more are drawn with wide columns.
//! - **Cycles** are impossible, so no rule is needed: a seed in a store never
//!   leaves it, and a sowing that puts no seed into a store stays in the
//!   mover's row and moves its seeds closer to the mover's store
//!   ([`variant_kit::stores::Stores::distance_to_stores`] decreases).
//!   Every move thus either fills a store or brings the seeds closer to
//!   them, and every game ends.

use variant_kit as kit;
use variant_kit::board::{self, Board, NoMemory, SowingRules};
use variant_kit::stores::{self, StartHole, Stores};
use variant_kit::{
    export_variant, Description, Gains, OptionSpec, OptionValues, Options, Outcome, Player, Step,
};

/// The most holes on the board (two rows of 12).
const MAX_HOLES: usize = 24;

const RULES: &str = "\
CHUNGKALAH

D'après Alain Busser (2024) : le Kalah sur n'importe quel nombre de cases et de graines.

Plateau : deux rangées de n cases (option holes, 6 par défaut comme au kalah américain, de \
1 à 12 : 7 au congkak de Singapour, 8 au chungka des Philippines, 4 pour commencer) et une \
réserve au bout de chaque rangée. Chaque case reçoit s graines (option seeds, 2 par défaut, \
de 1 à 9). SUD possède les cases 1 à n et la réserve qui suit la case n, NORD les cases n+1 \
à 2n et la réserve qui suit la case 2n ; les cases sont numérotées dans le sens du semis. \
Le contenu de sa réserve est le score de la joueuse.

Semailles : chaque joueuse à son tour choisit une case non vide de sa rangée, en retire \
toutes les graines et les sème une à une vers la droite, dans le sens giratoire : après sa \
dernière case vient sa réserve, puis la rangée adverse, puis de nouveau sa propre rangée \
depuis sa première case. On passe par sa réserve mais pas par celle de l'opposante. Un \
semis qui fait le tour du plateau sème aussi la case de départ.

Il n'y a aucune prise.

Rejouer : si la dernière graine tombe dans sa réserve, la joueuse rejoue une case non vide \
de sa rangée, et ainsi de suite, autant de fois que la dernière graine tombe dans sa \
réserve. Sinon c'est à l'opposante de jouer.

Fin : la partie s'arrête quand la joueuse qui doit jouer (ou rejouer) n'a plus de graine \
dans sa rangée. Une rangée vide chez l'opposante n'arrête pas la partie. Elle s'arrête \
aussi quand une joueuse entre 0 (les deux joueuses sont d'accord).

Gagnante : on compare les graines des deux réserves ; les graines restées sur le plateau \
ne comptent pas et y restent. La plus grande réserve gagne. Si les deux réserves \
contiennent autant de graines, la gagnante est celle dont la rangée n'est pas vide ; si \
les deux rangées sont vides (ou, après un accord, toutes deux non vides), la partie est \
nulle.

Billes ramassées : les graines que le coup a semées dans la réserve de la joueuse.

Une partie ne peut pas boucler : une graine entrée dans une réserve n'en sort plus, et un \
semis qui n'en remplit aucune reste dans la rangée de la joueuse et rapproche ses graines \
de sa réserve.";

/// Why a game ends: the player to move has an empty row, and the stores differ.
const EMPTY_ROW: &str = "la joueuse qui doit jouer n'a plus de graine dans sa rangée ; les \
                         graines restées sur le plateau ne comptent pas : la plus grande \
                         réserve gagne.";
/// Why a game ends: the player to move has an empty row, the stores are
/// equal and the opponent's row holds seeds.
const EMPTY_ROW_TIE: &str = "la joueuse qui doit jouer n'a plus de graine dans sa rangée et \
                             les réserves sont égales : gagne celle dont la rangée n'est pas \
                             vide (les graines restées ne comptent pas).";
/// Why a game ends: the player to move has an empty row, the stores are
/// equal and both rows are empty.
const EMPTY_ROWS_DRAW: &str = "la joueuse qui doit jouer n'a plus de graine dans sa rangée, \
                               les réserves sont égales et les deux rangées vides : partie \
                               nulle.";
/// Why a game ends: both players agree.
const AGREEMENT: &str = "les joueuses sont d'accord pour finir ; les graines restées sur le \
                         plateau ne comptent pas : la plus grande réserve gagne (à égalité, \
                         celle dont seule la rangée n'est pas vide).";

/// A game of chungkalah: no position can come back, so none is remembered.
#[derive(Clone, Debug)]
pub struct Chungkalah {
    /// The board; each player's score is the content of their store.
    board: Board<MAX_HOLES, NoMemory>,
    /// Whether the player to move plays again (their last seed fell in their store).
    replay: bool,
}

impl SowingRules for Chungkalah {
    type Board = Board<MAX_HOLES, NoMemory>;

    fn description() -> Description {
        Description {
            id: "chungkalah".to_owned(),
            title: "Chungkalah".to_owned(),
            title_with_article: "de Chungkalah".to_owned(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
            summary: "Le chungkalah d'Alain Busser : le Kalah sur n cases de s graines, sans \
                      prise, on rejoue quand la dernière graine tombe dans sa réserve."
                .to_owned(),
            rules: format!(
                "{RULES}\n\n{}",
                kit::two_rows_position_rules("chungkalah", true, 12, 2)
            ),
            players: kit::sud_nord(),
            options: vec![
                OptionSpec {
                    key: "holes".to_owned(),
                    help: "trous de chaque rangée (6 : Kalah, 7 : congkak, 8 : chungka, 4 ou moins pour débuter)"
                        .to_owned(),
                    default: "6".to_owned(),
                    values: OptionValues::Range { min: 1, max: 12 },
                },
                OptionSpec {
                    key: "seeds".to_owned(),
                    help: "graines de chaque trou au début (« de 1 à 9 »)".to_owned(),
                    default: "2".to_owned(),
                    values: OptionValues::Range { min: 1, max: 9 },
                },
            ],
            agreement_ends_game: true,
        }
    }

    fn start(options: &Options, first: Player) -> Result<Self, String> {
        Ok(Chungkalah {
            board: Board::from_options(options, first),
            replay: false,
        })
    }

    fn board(&self) -> &Board<MAX_HOLES, NoMemory> {
        &self.board
    }

    fn board_mut(&mut self) -> &mut Board<MAX_HOLES, NoMemory> {
        &mut self.board
    }

    fn play_move(&mut self, input: u32) -> Result<Step, String> {
        let pit = self.board.own_hole(input)?;
        let mover = self.board.to_move;
        let before = self.board.scores[mover.index()];
        let stores = self.stores();
        let holes = self.board.rows.holes();
        let board = &mut self.board;
        let landing = stores.sow(&mut board.pits[..holes], &mut board.scores, mover, pit);
        let gains = Gains::of(mover, board.scores[mover.index()] - before);
        board.to_move = Stores::next_to_move(landing, mover);
        self.replay = self.board.to_move == mover;
        if self.board.row_seeds(self.board.to_move) == 0 {
            self.finish_on_empty_row();
        }
        Ok(Step::Completed(gains))
    }

    fn agree(&mut self) -> Result<(), String> {
        self.board.refuse_if_over()?;
        let outcome = self.outcome();
        self.board.end(outcome, AGREEMENT);
        Ok(())
    }

    fn move_prompt(&self) -> Option<String> {
        self.replay.then(|| {
            let holes = board::inputs_of(self);
            stores::replay_prompt(self.board.to_move, "en réserve", holes.as_slice(), true)
        })
    }

    /// In hundredths of a seed: the stores' difference, 100 a seed, and 10
    /// a seed for the difference of the seeds left in the rows (they may
    /// still be sown into a store, but count for nobody at the end).
    fn value(&self, player: Player) -> i32 {
        let opponent = player.opponent();
        let scores = &self.board.scores;
        let stored = scores[player.index()] as i32 - scores[opponent.index()] as i32;
        if self.board.is_over() {
            return 100 * stored;
        }
        let rows = self.board.row_seeds(player) as i32 - self.board.row_seeds(opponent) as i32;
        100 * stored + 10 * rows
    }

    /// The seeds of each hole and store, the player to move and the board's
    /// size (a position never repeats: no history).
    fn position_key(&self) -> Option<u64> {
        Some(self.board.key(0))
    }
}

variant_kit::sowing_variant!(Chungkalah);

export_variant!(Chungkalah);

impl Chungkalah {
    /// A game at `pits` with `scores` in the stores, `to_move` to play.
    #[cfg(test)]
    fn from_position(
        rows: kit::TwoRows,
        pits: [u8; MAX_HOLES],
        scores: [u32; 2],
        to_move: Player,
    ) -> Chungkalah {
        Chungkalah {
            board: Board::new(rows, pits, scores, to_move),
            replay: false,
        }
    }

    /// The board and its two stores; the starting hole is sown like any other.
    fn stores(&self) -> Stores {
        Stores::new(self.board.rows, StartHole::Sown)
    }

    /// Who wins now: the larger store; with equal stores, the player whose
    /// row alone is not empty; otherwise nobody. The seeds left on the board
    /// are not counted.
    fn outcome(&self) -> Outcome {
        let sud = self.board.row_seeds(Player::SUD) > 0;
        let nord = self.board.row_seeds(Player::NORD) > 0;
        let [sud_store, nord_store] = self.board.scores;
        match sud_store.cmp(&nord_store) {
            std::cmp::Ordering::Greater => Outcome::winner(Player::SUD),
            std::cmp::Ordering::Less => Outcome::winner(Player::NORD),
            std::cmp::Ordering::Equal if sud && !nord => Outcome::winner(Player::SUD),
            std::cmp::Ordering::Equal if nord && !sud => Outcome::winner(Player::NORD),
            std::cmp::Ordering::Equal => Outcome::DRAW,
        }
    }

    /// Ends the game because the player to move has an empty row.
    fn finish_on_empty_row(&mut self) {
        let outcome = self.outcome();
        let [sud_store, nord_store] = self.board.scores;
        let reason = if sud_store != nord_store {
            EMPTY_ROW
        } else if outcome.is_draw() {
            EMPTY_ROWS_DRAW
        } else {
            EMPTY_ROW_TIE
        };
        self.board.end(outcome, reason);
    }
}

#[cfg(test)]
mod tests;
