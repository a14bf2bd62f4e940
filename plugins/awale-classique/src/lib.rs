//! The classic Awalé of the 1996 *Awalé* program (seed 003, « Les règles de
//! l'Awalé »), as a variant plugin.
//!
//! Two rows of six holes, four seeds each (48 seeds). SUD owns holes 1-6,
//! NORD holes 7-12, numbered along the sowing circuit. A move takes every
//! seed of a non-empty hole of one's own row and sows them one by one
//! counterclockwise, skipping the starting hole on every lap (« Règle 6 »).
//! Each turn must reach the opponent's row when it can: if some hole of the
//! player's row drops at least one seed there, only such holes may be
//! played; otherwise any non-empty hole (« Règle 4 »). When the last seed
//! (« la pierre maîtresse ») falls in the opponent's row into a hole that
//! held 1 or 2 seeds, the player takes the 2 or 3 seeds there, then those
//! of the hole before it, and so on, as long as each holds 2 or 3
//! (« Règle 5 »).
//!
//! The game ends (« Règle 7 »), right after a move, when a player has no
//! seed left in their row, when a player has taken more than 24 seeds, or
//! when no hole holds more than one seed; each player then takes the seeds
//! of their own row, and the higher score wins (equal scores: a draw).
//!
//! Readings chosen where the seed is silent:
//! - **Multiple capture** goes backward only (« la case précédente »,
//!   decreasing numbers) and stays in the opponent's row: it stops at the
//!   first hole of another count, or at the row's first hole.
//! - **Grand slam** (a capture that takes every seed of the opponent's row):
//!   the seed does not restrict captures, so by default it captures, and the
//!   opponent, left without seeds, ends the game. Option `grand-slam`:
//!   `captures` (the default) or `no-capture` (the move is played and
//!   nothing is taken, as in the Abapa rules and OpenSpiel).
//! - **« Un joueur n'a plus de pierres dans son camp »** is checked for both
//!   players right after each move: either row empty ends the game.
//! - **A score above 24** is a score of 25 or more, checked right after the
//!   move; the seeds left then go to the owners of their rows all the same.
//! - **Loops**: the seed has no rule for a game going round in circles. The
//!   game also ends when the position (seeds of every hole and player to
//!   move) has already occurred since the last capture; each takes their row.
//! - **`0`**: both players agree the game is over; each takes their row.
//! - The first player is chosen by `--first` (the seed draws lots:
//!   `--first hasard`).

use variant_kit as kit;
use variant_kit::board::{self, Board, Share, SowingRules};
use variant_kit::TwoRows;
use variant_kit::{
    export_variant, Description, Gains, Inputs, OptionSpec, OptionValues, Options, Player, Step,
};

/// The board: two rows of six holes.
const BOARD: TwoRows = TwoRows::new(6);
/// Holes on the board.
const HOLES: usize = BOARD.holes();
/// Seeds in each hole at the start.
const SEEDS_PER_HOLE: u8 = 4;
/// A score above this ends the game (« plus de 24 pierres »).
const MAJORITY: u32 = 24;

const RULES: &str = "\
AWALÉ CLASSIQUE (logiciel Awalé, 1996)

But : s'emparer d'un maximum de pierres ; le joueur qui en a le plus à la fin gagne, \
l'égalité est une partie nulle.

Plateau : deux rangées de 6 trous, 4 pierres par trou (48 pierres). SUD possède les \
trous 1 à 6, NORD les trous 7 à 12, numérotés dans le sens du semis (12 est au-dessus \
de 1). Le premier joueur est tiré au sort (--first hasard) ou choisi.

Coup : le joueur prend toutes les pierres d'un trou non vide de sa rangée et les sème \
une à une dans les trous suivants, dans le sens inverse des aiguilles d'une montre \
(ordre croissant des numéros, 12 étant suivi de 1). Un semis qui fait le tour saute le \
trou de départ à chaque passage : il reste vide. À chaque tour, on doit si possible \
atteindre la rangée adverse : si un trou du joueur y dépose au moins une pierre, seuls \
ces trous peuvent être joués ; sinon, n'importe quel trou non vide.

Prise : si la dernière pierre (la pierre maîtresse) tombe dans un trou de l'adversaire \
qui contenait déjà 1 ou 2 pierres, le joueur prend les 2 ou 3 pierres résultantes ; \
puis, tant que le trou précédent (numéro inférieur) de la rangée adverse contient 2 ou \
3 pierres, il les prend aussi. La prise s'arrête au premier trou d'un autre compte ou au \
premier trou de la rangée adverse.

Grand chelem : une prise qui emporte toutes les pierres de la rangée adverse est \
permise (la rangée vide finit alors la partie). Avec l'option grand-slam=no-capture, le \
coup est joué mais rien n'est pris.

Fin : la partie s'arrête juste après un coup quand un joueur n'a plus de pierre dans sa \
rangée, quand un joueur a pris plus de 24 pierres, quand aucun trou ne contient plus \
d'une pierre, ou quand la position (pierres de chaque trou et joueur qui doit jouer) \
s'est déjà présentée depuis la dernière prise (la partie boucle). Elle s'arrête aussi \
quand un joueur entre 0 (les deux joueurs sont d'accord). Chaque joueur prend alors les \
pierres de sa propre rangée.";

/// Why a game ends; each player then takes the seeds of their row.
const ABOVE_24: &str =
    "un joueur a pris plus de 24 pierres ; chacun prend les pierres de sa rangée.";
const SUD_EMPTY: &str =
    "SUD n'a plus de pierre dans sa rangée ; chacun prend les pierres de sa rangée.";
const NORD_EMPTY: &str =
    "NORD n'a plus de pierre dans sa rangée ; chacun prend les pierres de sa rangée.";
const SINGLES: &str =
    "aucun trou ne contient plus d'une pierre ; chacun prend les pierres de sa rangée.";
const REPEATED: &str = "la position s'est répétée depuis la dernière prise ; chacun prend \
les pierres de sa rangée.";
const AGREEMENT: &str =
    "les joueurs sont d'accord pour finir ; chacun prend les pierres de sa rangée.";

/// What a capture that would take the opponent's whole row does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum GrandSlam {
    /// It captures, like any other.
    Captures,
    /// The move stands and nothing is taken.
    NoCapture,
}

/// A game of classic Awalé.
#[derive(Debug)]
pub struct AwaleClassique {
    board: Board<HOLES>,
    grand_slam: GrandSlam,
}

variant_kit::clone_by_fields!(AwaleClassique { board, grand_slam });

impl SowingRules for AwaleClassique {
    type Board = Board<HOLES>;

    fn description() -> Description {
        Description {
            id: "awale-classique".to_owned(),
            title: "Awalé classique".to_owned(),
            title_with_article: "d'Awalé classique".to_owned(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
            summary: "L'Awalé classique du logiciel de 1996 : 2×6 trous, atteindre la rangée \
                      adverse si possible, prises de 2 ou 3 en arrière."
                .to_owned(),
            rules: format!(
                "{RULES}\n\n{}",
                kit::two_rows_position_rules("awale-classique", false, HOLES, SEEDS_PER_HOLE)
            ),
            players: kit::sud_nord(),
            options: vec![OptionSpec {
                key: "grand-slam".to_owned(),
                help: "une prise de toute la rangée adverse : captures (elle prend), ou no-capture (le coup est joué, rien n'est pris)"
                    .to_owned(),
                default: "captures".to_owned(),
                values: OptionValues::Choices(vec![
                    "captures".to_owned(),
                    "no-capture".to_owned(),
                ]),
            }],
            agreement_ends_game: true,
        }
    }

    fn start(options: &Options, first: Player) -> Result<Self, String> {
        let grand_slam = match options.get("grand-slam") {
            "no-capture" => GrandSlam::NoCapture,
            _ => GrandSlam::Captures,
        };
        let mut game = AwaleClassique::from_position([SEEDS_PER_HOLE; HOLES], [0, 0], first);
        game.grand_slam = grand_slam;
        Ok(game)
    }

    fn board(&self) -> &Board<HOLES> {
        &self.board
    }

    /// A position where a player has won already is one no game reaches.
    fn read_more(&mut self, _body: &mut variant_kit::body::BodyReader<'_>) -> Result<(), String> {
        let board = &self.board;
        variant_kit::refuse_ended_by_scores(&board.scores, board.total, false)
    }

    fn board_mut(&mut self) -> &mut Board<HOLES> {
        &mut self.board
    }

    fn legal_moves(&self, inputs: &mut Inputs) {
        kit::push_holes(inputs, self.allowed_moves());
    }

    fn play_move(&mut self, input: u32) -> Result<Step, String> {
        let pit = self.check_move(input)?;
        let mover = self.board.to_move;
        let gained = self.sow_and_capture(pit);
        self.board.to_move = mover.opponent();
        self.check_end(gained > 0);
        Ok(Step::Completed(Gains::of(mover, gained)))
    }

    fn agree(&mut self) -> Result<(), String> {
        self.board.agree(Share::OwnRows, AGREEMENT)
    }

    /// The board ([`Board::key`]): the grand-slam rule is the game's; the
    /// positions met are history.
    fn position_key(&self) -> Option<u64> {
        Some(self.board.key(0))
    }
}

variant_kit::sowing_variant!(AwaleClassique);

export_variant!(AwaleClassique);

impl AwaleClassique {
    fn from_position(pits: [u8; HOLES], scores: [u32; 2], to_move: Player) -> AwaleClassique {
        AwaleClassique {
            board: Board::new(BOARD, pits, scores, to_move),
            grand_slam: GrandSlam::Captures,
        }
    }

    /// Whether sowing `pit` drops at least one seed in the opponent's row.
    fn reaches_opponent(&self, pit: usize) -> bool {
        BOARD.leaves_row(pit, usize::from(self.board.pits[pit]))
    }

    /// The holes (indices) the player to move may sow: those that reach the
    /// opponent's row if any does, otherwise every non-empty one.
    fn allowed_moves(&self) -> impl Iterator<Item = usize> + '_ {
        let must_reach = self.some_move_reaches();
        self.board
            .own_non_empty()
            .filter(move |&pit| !must_reach || self.reaches_opponent(pit))
    }

    /// Whether some hole of the player to move reaches the opponent's row.
    fn some_move_reaches(&self) -> bool {
        BOARD
            .row(self.board.to_move)
            .any(|pit| self.reaches_opponent(pit))
    }

    /// The hole index of `input`, or why it may not be played.
    fn check_move(&self, input: u32) -> Result<usize, String> {
        let pit = self.board.own_hole(input)?;
        if !self.reaches_opponent(pit) && self.some_move_reaches() {
            return Err(format!(
                "le trou {input} n'atteint pas la rangée de {} : jouez un trou qui l'atteint",
                kit::name(self.board.to_move.opponent())
            ));
        }
        Ok(pit)
    }

    /// Sows `pit` and makes the capture its last seed earns (the hole and
    /// the run of holes before it holding 2 or 3, unless the grand-slam
    /// option forbids taking the whole row); returns the seeds captured.
    fn sow_and_capture(&mut self, pit: usize) -> u32 {
        let last = kit::sow(&mut self.board.pits, pit);
        let opponent = self.board.to_move.opponent();
        let captured = board::run_back(&self.board.pits, BOARD.row(opponent), last, |seeds| {
            (2..=3).contains(&seeds)
        });
        let taken = board::seeds_in(&self.board.pits, captured.clone());
        let whole_row = taken == self.board.row_seeds(opponent);
        if taken == 0 || (whole_row && self.grand_slam == GrandSlam::NoCapture) {
            return 0;
        }
        self.board.take(captured)
    }

    /// Ends the game if one of the ends of « Règle 7 » (or a loop) holds.
    fn check_end(&mut self, captured: bool) {
        let board = &mut self.board;
        if board.scores.iter().any(|&score| score > MAJORITY) {
            board.finish(Share::OwnRows, ABOVE_24);
        } else if board.row_seeds(Player::SUD) == 0 {
            board.finish(Share::OwnRows, SUD_EMPTY);
        } else if board.row_seeds(Player::NORD) == 0 {
            board.finish(Share::OwnRows, NORD_EMPTY);
        } else if board.pits.iter().all(|&seeds| seeds <= 1) {
            board.finish(Share::OwnRows, SINGLES);
        } else if board.history.reached(&board.pits, board.to_move, captured) {
            board.finish(Share::OwnRows, REPEATED);
        }
    }
}

#[cfg(test)]
mod tests;
