//! The « 2-4 », a variant of Awalé described by Kanga Ballou (seed 003,
//! « Les règles du 2-4 »), as a variant plugin.
//!
//! As in classic Awalé: two rows of six holes, four seeds each (48 seeds);
//! SUD owns holes 1-6, NORD holes 7-12, numbered along the sowing circuit;
//! seeds are sown one by one counterclockwise, and a sowing round the board
//! skips its starting hole. The differences of the 2-4:
//! - **one seed is left in the starting hole**: a sowing takes every seed of
//!   the hole but one, and only a hole holding **at least 2** may be played;
//! - a capture needs a hole that held **1 or 3** before the last seed, so
//!   that it holds 2 or 4;
//! - **relay**: the same player goes on sowing from the hole where the last
//!   seed fell (leaving one seed there too), until a last seed falls in an
//!   empty hole or captures;
//! - a player with no hole of 2 or more **passes**.
//!
//! Readings chosen where the seed is silent (the seed lists only the
//! differences, so the classic rules hold for everything else):
//! - **Capture** (option `capture-side`): by default only in the opponent's
//!   row, as in classic Awalé (`opponent`); `both` captures in either row, as
//!   on Mancala World's « Woaley ». The holes before the captured one (lower
//!   numbers, in the same row, stopping at the row's first hole) holding 2
//!   or 4 are taken too, as in the classic multiple capture with the 2-4's
//!   counts. A capture may take every seed of the opponent's row.
//! - **Must reach** (option `must-reach`, classic « Règle 4 »): by default
//!   (`yes`), if some playable hole's first sowing drops a seed in the
//!   opponent's row, only such holes may be played; relays do not count.
//!   `no` lifts the rule, as on « Woaley ».
//! - **Relays** leave one seed in each hole they take up, like the first
//!   sowing, and may start in either row.
//! - **A sowing that would relay for ever**: before each sowing of a move,
//!   the state (seeds of every hole and the hole about to be taken up) is
//!   compared with those of the move so far; when one comes back, the chain
//!   would loop for ever, so the move stops at the first state of the loop,
//!   the seeds as they were then, without capture; the turn passes.
//! - **Pass at the console**: the turn passes by itself. After a move, if
//!   the opponent has no hole of 2 or more, the same player plays again; the
//!   prompt on standard error says that the opponent passes. The host prints
//!   the board and « A SUD de jouer. » for SUD again, as for any decision.
//! - **End**, checked right after each move: a player has taken more than
//!   24 seeds; nobody can play (no hole holds more than one seed); the
//!   position (seeds of every hole and player to move) has already occurred
//!   since the last capture; or `0` (both players agree). Each player then
//!   takes the seeds of their own row (classic « Règle 7 », and « Woaley »);
//!   the higher score wins, equal scores are a draw. The classic end « a
//!   player has no seed in their row » gives way to the 2-4's pass: that
//!   player passes.

use std::ops::Range;

use variant_kit as kit;
use variant_kit::board::{self, Board, Share, SowingRules};
use variant_kit::chain::{self, Chain, Link};
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
/// A score above this ends the game.
const MAJORITY: u32 = 24;

const RULES: &str = "\
AWALÉ 2-4 (variante de Kanga Ballou)

But : s'emparer d'un maximum de pierres ; le joueur qui en a le plus à la fin gagne, \
l'égalité est une partie nulle.

Plateau : deux rangées de 6 trous, 4 pierres par trou (48 pierres). SUD possède les \
trous 1 à 6, NORD les trous 7 à 12, numérotés dans le sens du semis (12 est au-dessus \
de 1).

Coup : le joueur choisit un trou de sa rangée qui contient au moins 2 pierres. Il y \
laisse une pierre et sème les autres une à une dans les trous suivants, dans le sens \
inverse des aiguilles d'une montre (12 étant suivi de 1) ; un semis qui fait le tour \
saute son trou de départ. À chaque tour, on doit si possible atteindre la rangée \
adverse : si le premier semis d'un trou jouable y dépose au moins une pierre, seuls ces \
trous peuvent être joués (option must-reach=no : pas d'obligation).

Prise : si la dernière pierre tombe dans un trou de l'adversaire qui contenait 1 ou 3 \
pierres (il en a alors 2 ou 4), le joueur les prend, puis prend les trous précédents \
(numéros inférieurs) de la même rangée tant qu'ils contiennent 2 ou 4 pierres, jusqu'au \
premier trou de la rangée. Avec l'option capture-side=both, on prend ainsi dans les deux \
rangées, la sienne comprise. Une prise peut vider la rangée adverse.

Relais : si la dernière pierre tombe dans un trou qui contenait déjà des pierres, sans \
prise, le même joueur continue à semer à partir de ce trou, de quelque rangée qu'il \
soit, en y laissant une pierre. Le coup s'arrête quand la dernière pierre tombe dans un \
trou vide, ou quand elle prend. Si, avant un semis, la position (pierres de chaque trou \
et trou à semer) s'est déjà présentée pendant ce coup, le relais tournerait sans fin : \
le coup s'arrête là, sans prise, les pierres restent en place.

Passe : un joueur qui n'a aucun trou d'au moins 2 pierres passe son tour ; cela se fait \
de lui-même : l'autre joueur rejoue aussitôt.

Fin : la partie s'arrête juste après un coup quand un joueur a pris plus de 24 pierres, \
quand personne ne peut jouer (aucun trou ne contient plus d'une pierre), ou quand la \
position (pierres de chaque trou et joueur qui doit jouer) s'est déjà présentée depuis \
la dernière prise. Elle s'arrête aussi quand un joueur entre 0 (les deux joueurs sont \
d'accord). Chaque joueur prend alors les pierres de sa propre rangée.";

/// Why a game ends; each player then takes the seeds of their row.
const ABOVE_24: &str =
    "un joueur a pris plus de 24 pierres ; chacun prend les pierres de sa rangée.";
const NOBODY_PLAYS: &str = "aucun trou ne contient plus d'une pierre, personne ne peut jouer ; \
chacun prend les pierres de sa rangée.";
const REPEATED: &str = "la position s'est répétée depuis la dernière prise ; chacun prend \
les pierres de sa rangée.";
const AGREEMENT: &str =
    "les joueurs sont d'accord pour finir ; chacun prend les pierres de sa rangée.";

/// Where captures are made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CaptureSide {
    /// Only in the opponent's row (the classic rule).
    Opponent,
    /// In either row (« Woaley »).
    Both,
}

/// A game of 2-4.
#[derive(Debug)]
pub struct DeuxQuatre {
    board: Board<HOLES>,
    /// Whether the opponent of the player to move has just passed.
    passed: bool,
    capture_side: CaptureSide,
    must_reach: bool,
}

variant_kit::clone_by_fields!(DeuxQuatre {
    board,
    passed,
    capture_side,
    must_reach
});

/// A state of a move's chain of sowings: the seeds of every hole and the
/// hole about to be taken up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct State {
    pits: [u8; HOLES],
    hole: usize,
}

/// How a chain of sowings ended: the board, and the holes captured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Ended {
    pits: [u8; HOLES],
    captured: (usize, usize),
}

impl SowingRules for DeuxQuatre {
    type Board = Board<HOLES>;

    fn description() -> Description {
        Description {
            id: "deux-quatre".to_owned(),
            title: "Awalé 2-4".to_owned(),
            title_with_article: "d'Awalé 2-4".to_owned(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
            summary: "Le 2-4 : on laisse une pierre dans le trou de départ, prises sur 2 ou 4, \
                      relais depuis le trou de la dernière pierre, passe sans coup."
                .to_owned(),
            rules: format!(
                "{RULES}\n\n{}",
                kit::two_rows_position_rules("deux-quatre", true, HOLES, SEEDS_PER_HOLE)
            ),
            players: kit::sud_nord(),
            options: vec![
                OptionSpec {
                    key: "capture-side".to_owned(),
                    help: "où se font les prises : opponent (la rangée adverse, comme l'Awalé classique) ou both (les deux rangées, comme le Woaley)"
                        .to_owned(),
                    default: "opponent".to_owned(),
                    values: OptionValues::Choices(vec!["opponent".to_owned(), "both".to_owned()]),
                },
                OptionSpec {
                    key: "must-reach".to_owned(),
                    help: "yes : un trou dont le premier semis atteint la rangée adverse doit être joué s'il y en a un (Awalé classique) ; no : tout trou de 2 graines ou plus"
                        .to_owned(),
                    default: "yes".to_owned(),
                    values: OptionValues::Choices(vec!["yes".to_owned(), "no".to_owned()]),
                },
            ],
            agreement_ends_game: true,
        }
    }

    fn start(options: &Options, first: Player) -> Result<Self, String> {
        let mut game = DeuxQuatre::from_position([SEEDS_PER_HOLE; HOLES], [0, 0], first);
        game.capture_side = match options.get("capture-side") {
            "both" => CaptureSide::Both,
            _ => CaptureSide::Opponent,
        };
        game.must_reach = options.get("must-reach") != "no";
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
        self.passed = false;
        self.check_end(gained > 0);
        Ok(Step::Completed(Gains::of(mover, gained)))
    }

    fn agree(&mut self) -> Result<(), String> {
        self.board.agree(Share::OwnRows, AGREEMENT)
    }

    /// After a pass, why the same player decides again.
    fn move_prompt(&self) -> Option<String> {
        if !self.passed {
            return None;
        }
        // Within 80 columns: « n'a aucun trou d'au moins 2 pierres » is
        // said as « ne peut pas jouer » (the rules text says why), or not
        // at all when the list is long.
        let mover = kit::name(self.board.to_move);
        let choices = kit::choices(self.allowed_moves().map(|pit| pit as u32 + 1), true);
        Some(kit::fitting([
            format!(
                "{} ne peut pas jouer : {mover} rejoue {choices}",
                kit::name(self.board.to_move.opponent()),
            ),
            format!("{mover} rejoue {choices}"),
        ]))
    }

    /// The board ([`Board::key`]): the rules chosen are the game's; a pass
    /// and the positions met are history.
    fn position_key(&self) -> Option<u64> {
        Some(self.board.key(0))
    }
}

variant_kit::sowing_variant!(DeuxQuatre);

export_variant!(DeuxQuatre);

impl DeuxQuatre {
    fn from_position(pits: [u8; HOLES], scores: [u32; 2], to_move: Player) -> DeuxQuatre {
        DeuxQuatre {
            board: Board::new(BOARD, pits, scores, to_move),
            passed: false,
            capture_side: CaptureSide::Opponent,
            must_reach: true,
        }
    }

    /// Whether `player` has a hole they may play (2 seeds or more).
    fn can_play(&self, player: Player) -> bool {
        BOARD.row(player).any(|pit| self.board.pits[pit] >= 2)
    }

    /// Whether the first sowing of `pit` (all its seeds but one) drops at
    /// least one seed in the opponent's row.
    fn reaches_opponent(&self, pit: usize) -> bool {
        let seeds = self.board.pits[pit];
        seeds >= 2 && BOARD.leaves_row(pit, usize::from(seeds - 1))
    }

    /// Whether the player to move must play a hole that reaches the
    /// opponent's row.
    fn must_reach_now(&self) -> bool {
        self.must_reach
            && BOARD
                .row(self.board.to_move)
                .any(|pit| self.reaches_opponent(pit))
    }

    /// The holes (indices) the player to move may sow.
    fn allowed_moves(&self) -> impl Iterator<Item = usize> + '_ {
        let must_reach = self.must_reach_now();
        BOARD.row(self.board.to_move).filter(move |&pit| {
            self.board.pits[pit] >= 2 && (!must_reach || self.reaches_opponent(pit))
        })
    }

    /// The hole index of `input`, or why it may not be played.
    fn check_move(&self, input: u32) -> Result<usize, String> {
        let pit = self.board.own_hole(input)?;
        if self.board.pits[pit] < 2 {
            return Err(format!(
                "le trou {input} n'a qu'une pierre : jouez un trou d'au moins 2 pierres"
            ));
        }
        if !self.reaches_opponent(pit) && self.must_reach_now() {
            return Err(format!(
                "le trou {input} n'atteint pas la rangée de {} : jouez un trou qui l'atteint",
                kit::name(self.board.to_move.opponent())
            ));
        }
        Ok(pit)
    }

    /// Plays the chain of sowings from `pit` and the capture that ends it;
    /// returns the seeds captured. A chain that would loop for ever stops
    /// at the first state of its loop, without capture.
    fn sow_and_capture(&mut self, pit: usize) -> u32 {
        let start = State {
            pits: self.board.pits,
            hole: pit,
        };
        match chain::follow(start, |state| self.sow_once(state)) {
            Chain::Loops(state) => {
                self.board.pits = state.pits;
                0
            }
            Chain::Ended(Ended {
                pits,
                captured: (from, to),
            }) => {
                self.board.pits = pits;
                self.board.take(from..to)
            }
        }
    }

    /// One sowing of a chain: every seed of the hole but one, then a relay
    /// from the hole of the last seed, or the end of the move.
    fn sow_once(&self, state: State) -> Link<State, Ended> {
        let State { mut pits, hole } = state;
        pits[hole] -= 1;
        let last = kit::sow(&mut pits, hole);
        pits[hole] += 1;
        let captured = self.capturable(&pits, last);
        if !captured.is_empty() || pits[last] == 1 {
            Link::End(Ended {
                pits,
                captured: (captured.start, captured.end),
            })
        } else {
            Link::Next(State { pits, hole: last })
        }
    }

    /// The holes a last seed in `last` captures on the board `pits`: none,
    /// or the hole and the run of holes before it in its row holding 2 or 4.
    fn capturable(&self, pits: &[u8; HOLES], last: usize) -> Range<usize> {
        let in_reach = match self.capture_side {
            CaptureSide::Opponent => BOARD.owner(last) != self.board.to_move,
            CaptureSide::Both => true,
        };
        if !in_reach {
            return last..last;
        }
        board::run_back(pits, BOARD.row(BOARD.owner(last)), last, |seeds| {
            seeds == 2 || seeds == 4
        })
    }

    /// Ends the game, or passes the turn of a player who cannot play.
    fn check_end(&mut self, captured: bool) {
        if self.board.scores.iter().any(|&score| score > MAJORITY) {
            self.board.finish(Share::OwnRows, ABOVE_24);
            return;
        }
        if !self.can_play(self.board.to_move) {
            if !self.can_play(self.board.to_move.opponent()) {
                self.board.finish(Share::OwnRows, NOBODY_PLAYS);
                return;
            }
            self.board.to_move = self.board.to_move.opponent();
            self.passed = true;
        }
        let board = &mut self.board;
        if board.history.reached(&board.pits, board.to_move, captured) {
            board.finish(Share::OwnRows, REPEATED);
        }
    }
}

#[cfg(test)]
mod tests;
