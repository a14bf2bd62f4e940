//! Wali (seed `000`, section « WALI »), as a variant plugin.
//!
//! Two rows of six holes, four seeds each. SUD owns holes 1-6, NORD holes
//! 7-12, numbered along the sowing circuit. A move sows any non-empty hole
//! of either row counterclockwise (increasing numbers, 12 followed by 1). If
//! the last seed makes 2 or 3 in a hole of the mover's opponent's row, the
//! mover takes that hole, and only that one.
//!
//! Readings chosen where the seed is silent or ambiguous:
//! - **Any hole, either row.** The seed says both players start « de
//!   n'importe quel trou de n'importe quelle rangée », then « à partir de sa
//!   rangée » in a sentence copied from the Awalé text; the rule specific to
//!   Wali wins. Since a player may always sow the opponent's seeds, there is
//!   no feeding rule.
//! - **The starting hole is skipped on every lap** and ends empty, as the
//!   assignment says for every sowing.
//! - **The capture counts the last hole once the last seed is in it** (2 or
//!   3 seeds, the seed's « contenait déjà 1 ou 2 graines » before it), and
//!   « la rangée de l'adversaire » is the row of the mover's opponent,
//!   whichever row the seeds came from. No rule forbids emptying that row.
//! - **The end** (« lorsqu'il est évident qu'aucune prise ne sera plus
//!   possible ») comes right after a move when fewer than two seeds are left
//!   on the board (no capture can ever be made), or when the position (seeds
//!   of every hole and player to move) has already occurred since the last
//!   capture (the players go round in circles: this is the cycle rule); and
//!   when both players agree (`0`). While two seeds or more are on the board
//!   a move always exists, so a player is never stuck.
//! - **At the end** each player adds the seeds left in their own row to
//!   their captures, as the seed says; the higher total wins, equal totals
//!   are a draw.

use variant_kit as kit;
use variant_kit::board::{Board, Share, SowingRules};
use variant_kit::TwoRows;
use variant_kit::{export_variant, Description, Gains, Inputs, Options, Player, Step};

/// The board: two rows of six holes.
const BOARD: TwoRows = TwoRows::new(6);
/// Holes on the board.
const HOLES: usize = BOARD.holes();
/// Seeds in each hole at the start.
const SEEDS_PER_HOLE: u8 = 4;

const RULES: &str = "\
WALI

Plateau : deux rangées de 6 trous, 4 graines par trou. SUD possède les trous 1 à 6, \
NORD les trous 7 à 12, numérotés dans le sens du semis (12 est au-dessus de 1).

Coup : le joueur choisit n'importe quel trou non vide, de sa rangée ou de la rangée \
adverse. Il n'y a pas d'obligation de nourrir l'adversaire.

Semis : toutes les graines du trou sont semées une à une dans les trous suivants, dans \
l'ordre croissant des numéros, 12 étant suivi de 1. Le trou de départ est sauté à chaque \
tour et reste vide.

Prise : si la dernière graine tombe dans la rangée de l'adversaire du joueur (d'où que \
viennent les graines) et que ce trou contient alors 2 ou 3 graines, le joueur prend ces \
graines, et seulement celles de ce trou. Une prise peut vider la rangée adverse.

Fin : la partie s'arrête juste après un coup quand il reste moins de 2 graines sur le \
plateau (aucune prise n'est plus possible), ou quand la position (graines de chaque trou \
et joueur qui doit jouer) s'est déjà présentée depuis la dernière prise (les joueurs \
tournent en rond). Elle s'arrête aussi quand un joueur entre 0 (les deux joueurs sont \
d'accord). Chaque joueur ajoute alors à ses prises les graines restées dans sa rangée ; \
le plus haut total gagne, l'égalité est une partie nulle.";

/// Why a game ends; each player then takes the seeds of their row.
const FEW_SEEDS: &str =
    "il reste moins de 2 graines sur le plateau, aucune prise n'est plus possible ; \
chacun prend les graines de sa rangée.";
const REPEATED: &str =
    "la position s'est répétée depuis la dernière prise ; chacun prend les graines de sa rangée.";
const AGREEMENT: &str =
    "les joueurs sont d'accord pour finir ; chacun prend les graines de sa rangée.";

/// A game of Wali.
#[derive(Debug)]
pub struct Wali {
    board: Board<HOLES>,
}

variant_kit::clone_by_fields!(Wali { board });

impl SowingRules for Wali {
    type Board = Board<HOLES>;

    fn description() -> Description {
        Description {
            id: "wali".to_owned(),
            title: "Wali".to_owned(),
            title_with_article: "de Wali".to_owned(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
            summary: "L'Awalé des villages : 2×6 trous, on sème n'importe quel trou, prise du dernier trou à 2 ou 3."
                .to_owned(),
            rules: format!(
                "{RULES}\n\n{}",
                kit::two_rows_position_rules("wali", false, HOLES, SEEDS_PER_HOLE)
            ),
            players: kit::sud_nord(),
            options: Vec::new(),
            agreement_ends_game: true,
        }
    }

    fn start(_options: &Options, first: Player) -> Result<Self, String> {
        Ok(Wali::from_position([SEEDS_PER_HOLE; HOLES], [0, 0], first))
    }

    fn board(&self) -> &Board<HOLES> {
        &self.board
    }

    fn board_mut(&mut self) -> &mut Board<HOLES> {
        &mut self.board
    }

    fn legal_moves(&self, inputs: &mut Inputs) {
        kit::push_holes(inputs, self.sowable());
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
        if self.board.is_over() {
            return Err("la partie est déjà finie".to_owned());
        }
        self.board.agree(Share::OwnRows, AGREEMENT)
    }

    /// Lists the holes of either row that may be sown, within 80 columns
    /// (the host's own prompt would say the same in a longer line).
    fn move_prompt(&self) -> Option<String> {
        // The list names holes of both rows: within 80 columns, it says
        // « dans l'une ou l'autre rangée » alone.
        let player = kit::name(self.board.to_move);
        let choices = kit::choices(self.sowable().map(|pit| pit as u32 + 1), true);
        Some(kit::fitting([
            format!("{player}, quel trou semez-vous ? {choices}"),
            format!("{player}, quel trou ? {choices}"),
        ]))
    }

    /// The board ([`Board::key`]); the positions met are history.
    fn position_key(&self) -> Option<u64> {
        Some(self.board.key(0))
    }
}

variant_kit::sowing_variant!(Wali);

export_variant!(Wali);

impl Wali {
    fn from_position(pits: [u8; HOLES], scores: [u32; 2], to_move: Player) -> Wali {
        Wali {
            board: Board::new(BOARD, pits, scores, to_move),
        }
    }

    /// The holes (indices) that may be sown: every non-empty hole of either row.
    fn sowable(&self) -> impl Iterator<Item = usize> + '_ {
        (0..HOLES).filter(|&pit| self.board.pits[pit] > 0)
    }

    /// The hole index of `input`, or why it may not be played.
    fn check_move(&self, input: u32) -> Result<usize, String> {
        let pit = match usize::try_from(input) {
            Ok(hole @ 1..=HOLES) => hole - 1,
            _ => {
                return Err(format!(
                    "{input} n'est pas un trou : jouez un trou non vide de 1 à {HOLES}"
                ))
            }
        };
        if self.board.pits[pit] == 0 {
            return Err(format!("le trou {input} est vide"));
        }
        Ok(pit)
    }

    /// Sows `pit` and takes the last hole if it earns a capture; returns the
    /// seeds captured.
    fn sow_and_capture(&mut self, pit: usize) -> u32 {
        let last = kit::sow(&mut self.board.pits, pit);
        let in_opponents_row = BOARD.row(self.board.to_move.opponent()).contains(&last);
        if !in_opponents_row || !(2..=3).contains(&self.board.pits[last]) {
            return 0;
        }
        self.board.take(last..last + 1)
    }

    /// Ends the game if fewer than two seeds are left or the position repeats.
    fn check_end(&mut self, captured: bool) {
        let board = &mut self.board;
        let repeated = board.history.reached(&board.pits, board.to_move, captured);
        if board.on_board() < 2 {
            board.finish(Share::OwnRows, FEW_SEEDS);
        } else if repeated {
            board.finish(Share::OwnRows, REPEATED);
        }
    }
}

#[cfg(test)]
mod tests;
