//! Wari (seed 002, the Cyclonium page, sections « Le Wari » and « Variante
//! du Wari »), as a variant plugin.
//!
//! Two rows of `holes` holes (option, 6 by default) holding `seeds` seeds
//! each (option, 4 by default). SUD owns holes `1..=n`, NORD holes
//! `n+1..=2n`, numbered along the sowing circuit. Seeds are sown into holes
//! only, never into the stores (« greniers »), which hold what each player
//! took: the players' scores. A move sows a non-empty hole of one's own row
//! counterclockwise; a sowing that goes round more than once skips its
//! starting hole, which always ends empty (option `skip=no`, the « Variante
//! du Wari », sows it like the others). If the last seed falls in the
//! opponent's row on a hole that now holds 2 or 3, the player takes them,
//! then the holes before it (going back clockwise, lower numbers) of the
//! opponent's row as long as each holds 2 or 3. The game is won as soon as
//! a player has taken more than half the seeds.
//!
//! The readings chosen where the seed is silent (its « points communs »
//! are missing; `notes/variant-sources.md` §A10): the references' where
//! they agree, the tournament (Abapa) reading as the default where they
//! differ, the others as options.
//!
//! - **Feeding.** Every reference makes a player feed an opponent whose row
//!   is empty: only a move that drops at least one seed into it is allowed.
//! - **Option `failed-feeding`**, when no move can feed: `end` (default;
//!   Abapa, Bennett: the game ends at once and the player takes the seeds
//!   of their row) or `play-on` (Russ, seed 003's « si possible »: any move
//!   is allowed, and the game ends when the starved opponent is to move, the
//!   seeds going to the player who holds them). Both give the same scores;
//!   `play-on` lets the last move be played.
//! - **Option `grand-slam`**, a capture that would take every seed of the
//!   opponent's row: `no-capture` (default; Abapa, OpenSpiel, MSO: the move
//!   is played and takes nothing), `forbidden` (seed 001, Bennett: such a
//!   move is not allowed) or `allowed` (it takes everything).
//! - **Option `repetition`**: the game ends when a position (seeds of every
//!   hole and player to move) comes back since the last capture; then
//!   `own-rows` (default; OpenSpiel, Aalina, Bennett: each player takes the
//!   seeds of their row) or `nobody` (seed 001: nobody takes them; they stay
//!   on the final board, uncounted).
//! - **End.** The game ends right after a move when a player has more than
//!   half the seeds, or both have half (a draw); when the player to move has
//!   no allowed move (an empty row, no feeding move with
//!   `failed-feeding=end`, or only forbidden grand slams); on a repetition;
//!   and when both players agree (`0`). Except for `repetition=nobody`, each
//!   player then adds the seeds left in their row to their score; the
//!   higher score wins and equal scores are a draw.
//! - **The capture** stays in the opponent's row, as in every reference.
//! - **Sizes.** `holes` goes from 3 to 12 and `seeds` from 1 to 10, so that
//!   no hole can hold more than 255 seeds; boards of 100 seeds or more are
//!   drawn with wide columns.

use std::ops::Range;

use variant_kit as kit;
use variant_kit::board::{self, Board, Share, SowingRules};
use variant_kit::TwoRows;
use variant_kit::{
    export_variant, Description, Gains, Inputs, OptionSpec, OptionValues, Options, Player, Step,
};

/// The most holes on the board (two rows of 12).
const MAX_HOLES: usize = 24;

const RULES: &str = "\
WARI

Plateau : deux rangées de n trous (option holes, 6 par défaut, de 3 à 12), s graines par \
trou (option seeds, 4 par défaut, de 1 à 10). SUD possède les trous 1 à n, NORD les trous \
n+1 à 2n, numérotés dans le sens du semis. Les greniers gardent les graines prises : ce \
sont les scores.

Semailles : le joueur prend toutes les graines d'un trou non vide de sa rangée et les sème \
une à une dans les trous suivants, dans le sens inverse des aiguilles d'une montre, le \
dernier trou étant suivi du trou 1. On ne sème que dans les cases, pas dans les greniers. \
On saute la case de départ si la main fait plus d'un tour : la case jouée est donc \
toujours vide après un coup. Avec l'option skip=no (« Variante du Wari »), on ne saute pas \
la case de départ.

Récolte : si la dernière graine tombe chez l'adversaire dans une case qui contient \
maintenant 2 ou 3 graines, le joueur les prend, puis prend les cases précédentes (numéros \
décroissants, en remontant dans le sens des aiguilles d'une montre) de la rangée adverse \
tant qu'elles contiennent 2 ou 3 graines.

Grand chelem (option grand-slam) : une récolte qui prendrait toutes les graines de la \
rangée adverse ne prend rien, le coup restant joué (no-capture, par défaut) ; avec \
grand-slam=forbidden un tel coup est interdit ; avec grand-slam=allowed il prend tout.

Nourrir : si la rangée adverse est vide, seul un coup qui y dépose au moins une graine est \
permis. Si aucun coup ne le peut (option failed-feeding) : avec end (par défaut), la partie \
s'arrête ; avec play-on, tout coup est permis et la partie s'arrête quand l'adversaire \
affamé doit jouer.

Fin : la partie est gagnée dès qu'un joueur a pris plus de la moitié des graines (plus de \
24 sur 48) ; elle s'arrête juste après un coup quand un joueur a plus de la moitié des \
graines ou que les deux en ont la moitié, quand le joueur qui doit jouer n'a aucun coup \
permis, ou quand la position (graines de chaque trou et joueur qui doit jouer) s'est déjà \
présentée depuis la dernière prise. Elle s'arrête aussi quand un joueur entre 0 (les deux \
joueurs sont d'accord). Chaque joueur ajoute alors à son score les graines restées dans sa \
rangée, sauf après une répétition avec l'option repetition=nobody : personne ne les prend \
alors. Le plus haut score gagne, l'égalité est une partie nulle.";

/// Why a game ends; each player then takes the seeds of their row.
const MAJORITY: &str =
    "un joueur a plus de la moitié des graines ; chacun prend les graines de sa rangée.";
const HALF_EACH: &str = "chaque joueur a la moitié des graines.";
const REPEATED: &str =
    "la position s'est répétée depuis la dernière prise ; chacun prend les graines de sa rangée.";
const REPEATED_NOBODY: &str =
    "la position s'est répétée depuis la dernière prise ; personne ne prend les graines restantes.";
const EMPTY_ROW: &str =
    "le joueur qui doit jouer n'a plus de graine ; chacun prend les graines de sa rangée.";
const CANNOT_FEED: &str = "le joueur qui doit jouer ne peut pas nourrir l'adversaire ; chacun \
                           prend les graines de sa rangée.";
const ONLY_GRAND_SLAMS: &str = "le joueur qui doit jouer n'a que des grands chelems, interdits ; \
                                chacun prend les graines de sa rangée.";
const AGREEMENT: &str =
    "les joueurs sont d'accord pour finir ; chacun prend les graines de sa rangée.";

/// What a capture of every seed of the opponent's row does (option `grand-slam`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum GrandSlam {
    /// The move is played and takes nothing.
    NoCapture,
    /// The move is not allowed.
    Forbidden,
    /// The move takes everything.
    Allowed,
}

/// What happens when no move can feed an empty opponent row (option `failed-feeding`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FailedFeeding {
    /// The game ends.
    End,
    /// Any move is allowed; the game ends when the starved player is to move.
    PlayOn,
}

/// Who takes the seeds left when a position repeats (option `repetition`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Repetition {
    /// Each player takes their row.
    OwnRows,
    /// Nobody: they stay on the board.
    Nobody,
}

/// A game of Wari.
#[derive(Debug)]
pub struct Wari {
    board: Board<MAX_HOLES>,
    /// Whether a sowing of more than one lap skips its starting hole.
    skip: bool,
    grand_slam: GrandSlam,
    failed_feeding: FailedFeeding,
    repetition: Repetition,
}

variant_kit::clone_by_fields!(Wari {
    board,
    skip,
    grand_slam,
    failed_feeding,
    repetition
});

fn choices(values: &[&str]) -> OptionValues {
    OptionValues::Choices(values.iter().map(|&value| value.to_owned()).collect())
}

impl SowingRules for Wari {
    type Board = Board<MAX_HOLES>;

    fn description() -> Description {
        Description {
            id: "wari".to_owned(),
            title: "Wari".to_owned(),
            title_with_article: "de Wari".to_owned(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
            summary: "Le Wari : 2×6 trous de 4 graines, prises de 2 ou 3 en remontant, plus \
                      de 24 graines gagne."
                .to_owned(),
            rules: format!(
                "{RULES}\n\n{}",
                kit::two_rows_position_rules("wari", true, 12, 4)
            ),
            players: kit::sud_nord(),
            options: [
                kit::page_size_options(4),
                vec![
                    OptionSpec {
                        key: "skip".to_owned(),
                        help: "si un semis de plus d'un tour saute son trou de départ (no : la « Variante du Wari »)"
                            .to_owned(),
                        default: "yes".to_owned(),
                        values: choices(&["yes", "no"]),
                    },
                    OptionSpec {
                        key: "grand-slam".to_owned(),
                        help: "une prise de toutes les graines de la rangée adverse : ne prend rien, est interdite, ou les prend toutes"
                            .to_owned(),
                        default: "no-capture".to_owned(),
                        values: choices(&["no-capture", "forbidden", "allowed"]),
                    },
                    OptionSpec {
                        key: "failed-feeding".to_owned(),
                        help: "quand aucun coup ne nourrit une rangée adverse vide : la partie s'arrête, ou un coup quelconque est joué d'abord"
                            .to_owned(),
                        default: "end".to_owned(),
                        values: choices(&["end", "play-on"]),
                    },
                    OptionSpec {
                        key: "repetition".to_owned(),
                        help: "qui prend les graines restées quand une position se répète : chacun celles de sa rangée, ou personne"
                            .to_owned(),
                        default: "own-rows".to_owned(),
                        values: choices(&["own-rows", "nobody"]),
                    },
                ],
            ]
            .concat(),
            agreement_ends_game: true,
        }
    }

    fn start(options: &Options, first: Player) -> Result<Self, String> {
        let holes = options.number("holes") as usize;
        let seeds = options.number("seeds") as u8;
        let mut pits = [0; MAX_HOLES];
        pits[..2 * holes].fill(seeds);
        let mut game = Wari::from_position(TwoRows::new(holes), pits, [0, 0], first);
        game.skip = options.get("skip") == "yes";
        game.grand_slam = match options.get("grand-slam") {
            "forbidden" => GrandSlam::Forbidden,
            "allowed" => GrandSlam::Allowed,
            _ => GrandSlam::NoCapture,
        };
        game.failed_feeding = match options.get("failed-feeding") {
            "play-on" => FailedFeeding::PlayOn,
            _ => FailedFeeding::End,
        };
        game.repetition = match options.get("repetition") {
            "nobody" => Repetition::Nobody,
            _ => Repetition::OwnRows,
        };
        Ok(game)
    }

    fn board(&self) -> &Board<MAX_HOLES> {
        &self.board
    }

    /// A position where a player has won already is one no game reaches.
    fn read_more(&mut self, _body: &mut variant_kit::body::BodyReader<'_>) -> Result<(), String> {
        let board = &self.board;
        variant_kit::refuse_ended_by_scores(&board.scores, board.total, true)
    }

    fn board_mut(&mut self) -> &mut Board<MAX_HOLES> {
        &mut self.board
    }

    fn legal_moves(&self, inputs: &mut Inputs) {
        kit::push_holes(inputs, self.allowed_moves());
    }

    fn play_move(&mut self, input: u32) -> Result<Step, String> {
        let pit = self.board.own_hole(input)?;
        if !self.allowed(pit) {
            return Err(self.refusal(pit));
        }
        let mover = self.board.to_move;
        let gained = self.sow_and_capture(pit);
        self.board.to_move = mover.opponent();
        self.check_end(gained > 0);
        Ok(Step::Completed(Gains::of(mover, gained)))
    }

    fn agree(&mut self) -> Result<(), String> {
        self.board.agree(Share::OwnRows, AGREEMENT)
    }

    /// The seeds taken, plus on six holes of 4 seeds the value of the
    /// holes fitted for Awalé's board ([`variant_kit::evaluation`]; 96 %
    /// against the seeds taken alone, `docs/decisions.md`).
    fn value(&self, player: Player) -> i32 {
        variant_kit::evaluation::board_value(&self.board, player)
    }

    /// The board ([`Board::key`]): the rules chosen are the game's; the
    /// positions met are history.
    fn position_key(&self) -> Option<u64> {
        Some(self.board.key(0))
    }
}

variant_kit::sowing_variant!(Wari);

export_variant!(Wari);

impl Wari {
    /// A game at `pits` with `scores`, `to_move` to play, and the default
    /// options for the rules.
    fn from_position(
        rows: TwoRows,
        pits: [u8; MAX_HOLES],
        scores: [u32; 2],
        to_move: Player,
    ) -> Wari {
        Wari {
            board: Board::new(rows, pits, scores, to_move),
            skip: true,
            grand_slam: GrandSlam::NoCapture,
            failed_feeding: FailedFeeding::End,
            repetition: Repetition::OwnRows,
        }
    }

    fn row_seeds(&self, player: Player) -> u32 {
        self.board.row_seeds(player)
    }

    /// Whether sowing `pit` drops at least one seed in the opponent's row.
    fn feeds(&self, pit: usize) -> bool {
        self.board
            .rows
            .leaves_row(pit, usize::from(self.board.pits[pit]))
    }

    /// Whether the player to move may sow the non-empty hole `pit`.
    fn allowed(&self, pit: usize) -> bool {
        let to_move = self.board.to_move;
        let starving = self.row_seeds(to_move.opponent()) == 0;
        if starving && !self.feeds(pit) {
            let some_feed = self.board.rows.row(to_move).any(|p| self.feeds(p));
            if self.failed_feeding == FailedFeeding::End || some_feed {
                return false;
            }
        }
        !(self.grand_slam == GrandSlam::Forbidden && self.is_grand_slam(pit))
    }

    /// Why the player to move may not sow the non-empty hole `pit`.
    fn refusal(&self, pit: usize) -> String {
        let opponent = kit::name(self.board.to_move.opponent());
        if self.row_seeds(self.board.to_move.opponent()) == 0 && !self.feeds(pit) {
            format!(
                "la rangée de {opponent} est vide : jouez un trou qui y sème au moins une graine"
            )
        } else {
            format!(
                "ce coup prendrait toutes les graines de {opponent} : le grand chelem est interdit"
            )
        }
    }

    /// The holes (indices) the player to move may sow.
    fn allowed_moves(&self) -> impl Iterator<Item = usize> + '_ {
        self.board
            .own_non_empty()
            .filter(move |&pit| self.allowed(pit))
    }

    /// Whether sowing `pit` would capture every seed of the opponent's row
    /// (worked out on a copy of the holes, without allocating).
    fn is_grand_slam(&self, pit: usize) -> bool {
        let rows = self.board.rows;
        let mut pits = self.board.pits;
        let last = sow(&mut pits[..rows.holes()], pit, self.skip);
        let run = self.capturable(&pits, last);
        let opponent = rows.row_seeds(&pits[..rows.holes()], self.board.to_move.opponent());
        !run.is_empty() && board::seeds_in(&pits, run) == opponent
    }

    /// The holes a last seed in `last` captures on the board `pits`, before
    /// the grand-slam rule: `last` and the holes before it in the opponent's
    /// row, while each holds 2 or 3; empty if `last` does not.
    fn capturable(&self, pits: &[u8], last: usize) -> Range<usize> {
        let row = self.board.rows.row(self.board.to_move.opponent());
        board::run_back(pits, row, last, |seeds| (2..=3).contains(&seeds))
    }

    /// Sows `pit` and makes the capture it earns; returns the seeds taken.
    fn sow_and_capture(&mut self, pit: usize) -> u32 {
        let last = sow(self.board.holes_mut(), pit, self.skip);
        let run = self.capturable(&self.board.pits, last);
        let taken = board::seeds_in(&self.board.pits, run.clone());
        let everything = taken == self.row_seeds(self.board.to_move.opponent());
        if taken == 0 || (everything && self.grand_slam == GrandSlam::NoCapture) {
            return 0;
        }
        self.board.take(run)
    }

    /// Ends the game after a move if one of the end conditions holds.
    fn check_end(&mut self, captured: bool) {
        let board = &mut self.board;
        let half = board.total / 2;
        if board.scores.iter().any(|&score| score > half) {
            board.finish(Share::OwnRows, MAJORITY);
        } else if board.total.is_multiple_of(2) && board.scores.iter().all(|&score| score == half) {
            board.finish(Share::OwnRows, HALF_EACH);
        } else if board
            .history
            .reached(&board.pits[..board.rows.holes()], board.to_move, captured)
        {
            match self.repetition {
                Repetition::OwnRows => board.finish(Share::OwnRows, REPEATED),
                Repetition::Nobody => board.finish(Share::Nobody, REPEATED_NOBODY),
            }
        } else if self.allowed_moves().next().is_none() {
            let to_move = self.board.to_move;
            let reason = if self.row_seeds(to_move) == 0 {
                EMPTY_ROW
            } else if self.row_seeds(to_move.opponent()) == 0 {
                CANNOT_FEED
            } else {
                ONLY_GRAND_SLAMS
            };
            self.board.finish(Share::OwnRows, reason);
        }
    }
}

/// Sows every seed of `pit` one by one into the following holes, round the
/// board; a sowing of more than one lap skips `pit` if `skip`. Returns the
/// index of the hole of the last seed.
fn sow(pits: &mut [u8], pit: usize, skip: bool) -> usize {
    if skip {
        return kit::sow(pits, pit);
    }
    let mut seeds = std::mem::take(&mut pits[pit]);
    let mut hole = pit;
    while seeds > 0 {
        hole = (hole + 1) % pits.len();
        pits[hole] += 1;
        seeds -= 1;
    }
    hole
}

#[cfg(test)]
mod tests;
