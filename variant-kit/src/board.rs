//! The common state and shell of a two-row sowing game, written once, so
//! that a plugin writes only what its rules say.
//!
//! # Design
//!
//! Most variants hold the same state (the seeds of each hole, two scores,
//! the player to move, the positions met since the last capture, how the
//! game ended) and answer most of [`Variant`] the same way from it: whose
//! turn it is, the scores, the layout, the seeds, why the game ended, the
//! refusal of any input once it is over. This module holds both:
//!
//! - [`Board`] is that state: the seeds in a fixed array of `N` holes (only
//!   the first [`TwoRows::holes`] are used, so that a variant whose size is
//!   an option keeps one array of the largest size), the scores, the seeds
//!   of the game, the player to move, a [`Memory`] of positions
//!   ([`Positions`] by default, [`NoMemory`] where no repetition rule is
//!   needed) and the [`Ending`] once the game is over. Its fields are public
//!   but the ending, which changes only through [`Board::finish`],
//!   [`Board::end`] and [`Board::agree`]. It holds no list on the heap but
//!   [`Positions`]'s spill-over, so cloning it allocates nothing.
//! - [`SowingRules`] is what a plugin implements instead of [`Variant`]: its
//!   description, its start, its [`Board`], its allowed moves and how a move
//!   is played, and what it adds (an end by agreement, a prompt, an
//!   evaluation, a position key). A blanket implementation makes every
//!   [`SowingRules`] a [`Variant`]: it answers the shell's questions from
//!   the board ([`Shell`]), offers no input and refuses every one once the
//!   game is over, and asks the rules only while the game goes on. The
//!   methods have other names than [`Variant`]'s, so that both traits may be
//!   in scope together.
//!
//! A variant whose state does not fit (stores on the board, four rows,
//! rounds) implements [`Variant`] itself, with the rest of this crate.
//!
//! Positions (SPEC §2 « Positions ») come with the board: every
//! [`SowingRules`] game writes `MOVER:HOLES:SCORES` ([`Board::write_position`])
//! and starts from it ([`Board::read_position`]: a new game with the same
//! options, whose board is replaced through [`SowingRules::board_mut`], its
//! memory of positions holding that one alone), with the fields its state
//! adds ([`SowingRules::write_more`], [`SowingRules::read_more`]).

use std::ops::Range;

use crate as kit;
use crate::body::{read_two_rows, write_two_rows, BodyReader, BodyWriter};
use crate::Options;
use crate::{lead, Variant};
use crate::{Description, Inputs, Layout, Outcome, Player, Step, Turn};
use crate::{Ending, Positions, TwoRows};

/// What a game remembers of the positions it met, for a repetition rule.
pub trait Memory: Clone + std::fmt::Debug + Send + Sync + 'static {
    /// The memory of a game that starts at `pits`, `to_move` to play.
    fn starting_at(pits: &[u8], to_move: Player) -> Self;
}

impl Memory for Positions {
    fn starting_at(pits: &[u8], to_move: Player) -> Positions {
        Positions::starting_at(pits, to_move)
    }
}

/// The memory of a variant without repetition rule: nothing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NoMemory;

impl Memory for NoMemory {
    fn starting_at(_pits: &[u8], _to_move: Player) -> NoMemory {
        NoMemory
    }
}

/// Who takes the seeds left on the board when a game ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Share {
    /// Each player adds the seeds of their own row to their score, and the
    /// board is emptied ([`TwoRows::split`]).
    OwnRows,
    /// Nobody: the seeds stay on the board and count for no one.
    Nobody,
}

/// The state of a game on two rows of holes: seeds, scores, player to
/// move, positions met and ending (see the [module](self) documentation).
#[derive(Debug)]
pub struct Board<const N: usize, M: Memory = Positions> {
    /// The rows: which holes are used and who owns them.
    pub rows: TwoRows,
    /// Seeds per hole; index `n - 1` is hole `n`. Only the first
    /// [`TwoRows::holes`] are used; the others stay empty.
    pub pits: [u8; N],
    /// Each player's score (seeds taken, or in their store), by [`Player::index`].
    pub scores: [u32; 2],
    /// The seeds of the game, on the board and in the scores.
    pub total: u32,
    /// The player whose decision it is (the last one to move once the game is over).
    pub to_move: Player,
    /// The positions met, for the variant's repetition rule.
    pub history: M,
    ended: Option<Ending>,
}

impl<const N: usize, M: Memory> Clone for Board<N, M> {
    fn clone(&self) -> Self {
        Board {
            history: self.history.clone(),
            ..*self
        }
    }

    /// Copies `source` into this board's room, its memory by its own
    /// `clone_from` (see [`Positions`]).
    fn clone_from(&mut self, source: &Self) {
        self.rows = source.rows;
        self.pits = source.pits;
        self.scores = source.scores;
        self.total = source.total;
        self.to_move = source.to_move;
        self.history.clone_from(&source.history);
        self.ended = source.ended;
    }
}

impl<const N: usize, M: Memory> Board<N, M> {
    /// A game on `rows` at `pits` with `scores`, `to_move` to play; its
    /// memory holds this position.
    ///
    /// # Panics
    ///
    /// If `rows` has more holes than `N`.
    pub fn new(rows: TwoRows, pits: [u8; N], scores: [u32; 2], to_move: Player) -> Self {
        let holes = &pits[..rows.holes()];
        let on_board: u32 = holes.iter().map(|&seeds| u32::from(seeds)).sum();
        Board {
            rows,
            pits,
            scores,
            total: on_board + scores[0] + scores[1],
            to_move,
            history: M::starting_at(holes, to_move),
            ended: None,
        }
    }

    /// A new game on `rows` with `seeds` in every hole, `first` to play.
    pub fn filled(rows: TwoRows, seeds: u8, first: Player) -> Self {
        let mut pits = [0; N];
        pits[..rows.holes()].fill(seeds);
        Board::new(rows, pits, [0, 0], first)
    }

    /// A new game on two rows of `holes` holes (option) with `seeds` seeds
    /// (option) in every hole, `first` to play.
    pub fn from_options(options: &Options, first: Player) -> Self {
        let rows = TwoRows::new(options.number("holes") as usize);
        Board::filled(rows, options.number("seeds") as u8, first)
    }

    /// The seeds of the holes in use.
    pub fn holes(&self) -> &[u8] {
        &self.pits[..self.rows.holes()]
    }

    /// The seeds of the holes in use, to change them.
    pub fn holes_mut(&mut self) -> &mut [u8] {
        &mut self.pits[..self.rows.holes()]
    }

    /// The seeds in `player`'s row.
    pub fn row_seeds(&self, player: Player) -> u32 {
        self.rows.row_seeds(self.holes(), player)
    }

    /// The seeds left on the board.
    pub fn on_board(&self) -> u32 {
        self.holes().iter().map(|&seeds| u32::from(seeds)).sum()
    }

    /// The non-empty holes (indices) of the row of the player to move.
    pub fn own_non_empty(&self) -> impl Iterator<Item = usize> + '_ {
        self.rows
            .row(self.to_move)
            .filter(move |&pit| self.pits[pit] > 0)
    }

    /// The index of hole number `input` if the player to move may sow it
    /// (a non-empty hole of their row), or why not ([`TwoRows::own_hole`]).
    pub fn own_hole(&self, input: u32) -> Result<usize, String> {
        self.rows.own_hole(self.holes(), self.to_move, input)
    }

    /// Empties the holes `holes` into the score of the player to move;
    /// returns the seeds taken.
    pub fn take(&mut self, holes: Range<usize>) -> u32 {
        let taken = seeds_in(&self.pits, holes.clone());
        self.pits[holes].fill(0);
        self.scores[self.to_move.index()] += taken;
        taken
    }

    /// Gives the turn to the opponent of `mover`, or back to `mover` when
    /// the opponent's row is empty (the opponent passes); returns whether
    /// `mover` plays again.
    pub fn pass_if_empty(&mut self, mover: Player) -> bool {
        let again = self.row_seeds(mover.opponent()) == 0;
        self.to_move = if again { mover } else { mover.opponent() };
        again
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.ended.is_some()
    }

    /// How the game ended, if it did.
    pub fn ending(&self) -> Option<Ending> {
        self.ended
    }

    /// A key of the position for the computer player's memory
    /// ([`SowingRules::position_key`]): the seeds of the holes in use, the
    /// scores, the player to move, the number of holes, whether the game is
    /// over, and `more`, what the variant's state holds beyond its board
    /// that changes what may follow (Toguz Kumalak's tuzdyks), 0 if
    /// nothing. The positions met, and why the same player moves again,
    /// are history and left out: the search keeps the game's history
    /// apart. Scores are below 65 536 (a game's seeds are fewer).
    pub fn key(&self, more: u64) -> u64 {
        let head = u64::from(self.scores[0])
            | u64::from(self.scores[1]) << 16
            | u64::from(self.to_move.0) << 32
            | (self.rows.holes() as u64) << 40
            | u64::from(self.is_over()) << 56;
        crate::state_key(head, more, self.holes())
    }

    /// The refusal of any input once the game is over (« la partie est finie »).
    pub fn refuse_if_over(&self) -> Result<(), String> {
        kit::refuse_if_over(self.ended)
    }

    /// Ends the game for `reason`, the seeds left going as `share` says;
    /// the higher score wins.
    pub fn finish(&mut self, share: Share, reason: &'static str) {
        let outcome = match share {
            Share::OwnRows => {
                let holes = self.rows.holes();
                self.rows.split(&mut self.pits[..holes], &mut self.scores)
            }
            Share::Nobody => Outcome::by_scores(&self.scores),
        };
        self.end(outcome, reason);
    }

    /// Ends the game with `outcome` for `reason`, the board as it is.
    pub fn end(&mut self, outcome: Outcome, reason: &'static str) {
        self.ended = Some(Ending { outcome, reason });
    }

    /// Ends the game because both players agree ([`Board::finish`]), or
    /// refuses if it is over.
    pub fn agree(&mut self, share: Share, reason: &'static str) -> Result<(), String> {
        self.refuse_if_over()?;
        self.finish(share, reason);
        Ok(())
    }

    /// Writes the board's fields of a position: `MOVER:HOLES:SCORES`, the
    /// player to move (`S` or `N`), the seeds of the holes in use, then
    /// SUD's and NORD's scores (`N:0,0,0,0,0,1,0,0,0,0,0,2:20,25`).
    pub fn write_position(&self, body: &mut BodyWriter) {
        write_two_rows(body, self.to_move, self.holes(), &self.scores);
    }

    /// A board of the same rows and seeds as this one (a new game's with
    /// the same options) at the position of `body`'s next fields,
    /// `MOVER:HOLES:SCORES` ([`Board::write_position`]); its memory holds
    /// that position alone. Refuses a body it cannot read, or whose seeds
    /// on the board and in the scores are not the game's.
    pub fn read_position(&self, body: &mut BodyReader<'_>) -> Result<Self, String> {
        let state = read_two_rows(body, self.rows.holes(), self.total)?;
        let mut pits = [0; N];
        pits[..state.holes.len()].copy_from_slice(&state.holes);
        Ok(Board::new(self.rows, pits, state.scores, state.to_move))
    }
}

/// Why a game whose seeds left count for nobody (Owani, Tamtam-Apachi)
/// ends: fewer than two seeds are left on the board.
pub const FEW_SEEDS: &str = "il reste moins de deux graines sur le plateau, aucune prise n'est \
plus possible ; les graines restées sur le plateau ne comptent pour personne.";
/// Why such a game ends: the position repeats since the last capture.
pub const REPEATED_FOR_NOBODY: &str = "la position s'est répétée depuis la dernière prise ; les \
graines restées sur le plateau ne comptent pour personne.";
/// Why such a game ends: both players agree (`0`).
pub const AGREED_FOR_NOBODY: &str = "les joueurs sont d'accord pour finir ; les graines restées \
sur le plateau ne comptent pour personne.";

impl<const N: usize> Board<N, Positions> {
    /// After `mover`'s move (which `captured` seeds or not), in a game whose
    /// seeds left count for nobody: gives the turn to the opponent, or back
    /// to `mover` when the opponent's row is empty ([`Board::pass_if_empty`]),
    /// then ends the game if fewer than two seeds are left ([`FEW_SEEDS`])
    /// or the position repeats since the last capture
    /// ([`REPEATED_FOR_NOBODY`]). Returns whether `mover` plays again.
    pub fn next_turn_for_nobody(&mut self, mover: Player, captured: bool) -> bool {
        let again = self.pass_if_empty(mover);
        if self.on_board() < 2 {
            self.finish(Share::Nobody, FEW_SEEDS);
        } else if self.history.reached(&self.pits, self.to_move, captured) {
            self.finish(Share::Nobody, REPEATED_FOR_NOBODY);
        }
        again
    }
}

/// The questions the host asks of every game that a [`Board`] answers:
/// what [`SowingRules`] needs of its state.
pub trait Shell {
    /// Whose decision it is, or how the game ended ([`Variant::turn`]).
    fn turn(&self) -> Turn;
    /// Each player's score ([`Variant::scores`]).
    fn scores(&self) -> &[u32];
    /// How the board is drawn ([`Variant::layout`]).
    fn layout(&self) -> Layout;
    /// The seeds in each hole ([`Variant::seeds`]).
    fn seeds(&self) -> Vec<u32>;
    /// Why the game ended ([`Variant::end_reason`]).
    fn end_reason(&self) -> String;
    /// Whether the game is over.
    fn is_over(&self) -> bool;
    /// The holes of the player to move that hold seeds, by index in
    /// increasing order: the moves of most games.
    fn own_non_empty(&self) -> impl Iterator<Item = usize> + '_;
    /// Writes the board's fields of a position ([`Board::write_position`]).
    fn write_position(&self, body: &mut BodyWriter);
    /// A board like this one at the position of `body`'s next fields
    /// ([`Board::read_position`]).
    fn read_position(&self, body: &mut BodyReader<'_>) -> Result<Self, String>
    where
        Self: Sized;
}

impl<const N: usize, M: Memory> Shell for Board<N, M> {
    fn turn(&self) -> Turn {
        kit::sowing_turn(self.ended, self.to_move)
    }

    fn scores(&self) -> &[u32] {
        &self.scores
    }

    /// Two rows of holes, with wide columns for a game of 100 seeds or more.
    fn layout(&self) -> Layout {
        self.rows.layout_for(self.total)
    }

    fn seeds(&self) -> Vec<u32> {
        kit::seed_counts(self.holes())
    }

    fn end_reason(&self) -> String {
        kit::end_reason(self.ended)
    }

    fn is_over(&self) -> bool {
        self.ended.is_some()
    }

    fn own_non_empty(&self) -> impl Iterator<Item = usize> + '_ {
        Board::own_non_empty(self)
    }

    fn write_position(&self, body: &mut BodyWriter) {
        Board::write_position(self, body);
    }

    fn read_position(&self, body: &mut BodyReader<'_>) -> Result<Self, String> {
        Board::read_position(self, body)
    }
}

/// The rules of a variant played on a [`Board`]: what its rule text says.
///
/// Every type that implements it is a [`Variant`] (see the
/// [module](self) documentation): the shell answers from [`SowingRules::board`],
/// and calls [`SowingRules::legal_moves`], [`SowingRules::play_move`] and
/// [`SowingRules::move_prompt`] only while the game goes on.
pub trait SowingRules: Clone + Send + Sync + 'static {
    /// The state the shell reads: a [`Board`].
    type Board: Shell;

    /// The variant's description ([`Variant::describe`]).
    fn description() -> Description;

    /// A new game ([`Variant::new`]).
    fn start(options: &Options, first: Player) -> Result<Self, String>;

    /// The game's board.
    fn board(&self) -> &Self::Board;

    /// The game's board, to change it: the kit sets a new game at a
    /// position read back ([`Variant::at_position`]) by replacing its board.
    fn board_mut(&mut self) -> &mut Self::Board;

    /// Pushes every input the player to move may play, in increasing order,
    /// into the empty `inputs` ([`Variant::legal_inputs`]); the game is not
    /// over. It must not allocate. By default every hole of the mover's own
    /// row that holds seeds ([`Shell::own_non_empty`]).
    fn legal_moves(&self, inputs: &mut Inputs) {
        kit::push_holes(inputs, self.board().own_non_empty());
    }

    /// Plays one input of the player to move ([`Variant::play`]); the game
    /// is not over. It must not allocate unless it refuses the input.
    fn play_move(&mut self, input: u32) -> Result<Step, String>;

    /// Ends the game because both players agree ([`Variant::end_by_agreement`]),
    /// whether it is over or not; refuses by default. A variant that allows
    /// it calls [`Board::agree`].
    fn agree(&mut self) -> Result<(), String> {
        Err("cette variante ne se termine pas d'un commun accord".to_owned())
    }

    /// The prompt of the decision, when the host's own would not say
    /// enough ([`Variant::prompt`]); the game is not over. `None` by default.
    fn move_prompt(&self) -> Option<String> {
        None
    }

    /// How the board is drawn now ([`Variant::layout`]); by default the
    /// board's own layout. Override it to mark holes, as a tuzdyk
    /// ([`Layout::mark_collecting`]).
    fn drawn_layout(&self) -> Layout {
        self.board().layout()
    }

    /// The position's value for `player` ([`Variant::evaluate`]); by
    /// default `player`'s score minus the best other score, times 100.
    fn value(&self, player: Player) -> i32 {
        lead(self.board().scores(), player)
    }

    /// A hash of the position for the computer player's memory
    /// ([`Variant::hash_key`]); `None` by default.
    fn position_key(&self) -> Option<u64> {
        None
    }

    /// Appends the fields of a position that the game's state holds
    /// beyond its board's `MOVER:HOLES:SCORES` (a tuzdyk, say); none by
    /// default. Say them in the rules text. What only tells how the game
    /// came here (why the same player moves again) is history, not part
    /// of a position.
    fn write_more(&self, body: &mut BodyWriter) {
        let _ = body;
    }

    /// Reads back what [`SowingRules::write_more`] wrote into this game,
    /// a new game with the same options whose board was just set at the
    /// position; refuses, in French, what its rules cannot reach. Nothing
    /// by default.
    fn read_more(&mut self, body: &mut BodyReader<'_>) -> Result<(), String> {
        let _ = body;
        Ok(())
    }
}

/// The body of the position `game` stands at: its board's
/// `MOVER:HOLES:SCORES`, then what [`SowingRules::write_more`] adds
/// ([`Variant::position`] of every [`SowingRules`]).
pub fn position_of<R: SowingRules>(game: &R) -> String {
    let mut body = BodyWriter::new();
    game.board().write_position(&mut body);
    game.write_more(&mut body);
    body.finish()
}

/// A game of `R` with `options` at the position of `body`
/// ([`Variant::at_position`] of every [`SowingRules`]): a new game whose
/// board is read from the body ([`Shell::read_position`]), then what
/// [`SowingRules::read_more`] reads; nothing may follow.
pub fn at_position<R: SowingRules>(options: &Options, body: &str) -> Result<R, String> {
    let mut game = R::start(options, Player::SUD)?;
    let mut reader = BodyReader::new(body);
    let board = game.board().read_position(&mut reader)?;
    *game.board_mut() = board;
    game.read_more(&mut reader)?;
    reader.end()?;
    Ok(game)
}

/// Implements [`Variant`] for a type that implements [`SowingRules`]: the
/// shell around the board (whose decision, the end of the game, refusing
/// moves once it is over). Call it once beside the `impl SowingRules`:
/// `variant_kit::sowing_variant!(MyGame);`
///
/// (A blanket `impl Variant for T` cannot live in this crate: the trait
/// belongs to the contract, `variant-api`.)
#[macro_export]
macro_rules! sowing_variant {
    ($rules:ty) => {
        impl $crate::Variant for $rules {
            fn describe() -> $crate::Description {
                <$rules as $crate::board::SowingRules>::description()
            }

            fn new(options: &$crate::Options, first: $crate::Player) -> Result<Self, String> {
                <$rules as $crate::board::SowingRules>::start(options, first)
            }

            fn turn(&self) -> $crate::Turn {
                $crate::board::Shell::turn($crate::board::SowingRules::board(self))
            }

            fn legal_inputs(&self, inputs: &mut $crate::Inputs) {
                if !$crate::board::Shell::is_over($crate::board::SowingRules::board(self)) {
                    $crate::board::SowingRules::legal_moves(self, inputs);
                }
            }

            fn play(&mut self, input: u32) -> Result<$crate::Step, String> {
                if $crate::board::Shell::is_over($crate::board::SowingRules::board(self)) {
                    return Err("la partie est finie".to_owned());
                }
                $crate::board::SowingRules::play_move(self, input)
            }

            fn scores(&self) -> &[u32] {
                $crate::board::Shell::scores($crate::board::SowingRules::board(self))
            }

            fn end_by_agreement(&mut self) -> Result<(), String> {
                $crate::board::SowingRules::agree(self)
            }

            fn layout(&self) -> $crate::Layout {
                $crate::board::SowingRules::drawn_layout(self)
            }

            fn seeds(&self) -> Vec<u32> {
                $crate::board::Shell::seeds($crate::board::SowingRules::board(self))
            }

            fn prompt(&self) -> Option<String> {
                if $crate::board::Shell::is_over($crate::board::SowingRules::board(self)) {
                    return None;
                }
                $crate::board::SowingRules::move_prompt(self)
            }

            fn evaluate(&self, player: $crate::Player) -> i32 {
                $crate::board::SowingRules::value(self, player)
            }

            fn hash_key(&self) -> Option<u64> {
                $crate::board::SowingRules::position_key(self)
            }

            fn end_reason(&self) -> String {
                $crate::board::Shell::end_reason($crate::board::SowingRules::board(self))
            }

            fn position(&self) -> Option<Result<String, String>> {
                Some(Ok($crate::board::position_of(self)))
            }

            fn at_position(options: &$crate::Options, body: &str) -> Option<Result<Self, String>> {
                Some($crate::board::at_position(options, body))
            }
        }
    };
}

/// The seeds in the holes `holes` of `pits`.
pub fn seeds_in(pits: &[u8], holes: Range<usize>) -> u32 {
    pits[holes].iter().map(|&seeds| u32::from(seeds)).sum()
}

/// The run of holes a capture takes from `last` backward (decreasing
/// numbers) within `row`: `last` and the holes before it while each
/// `takes`; empty (`last..last`) if `last` is not in `row` or does not take.
pub fn run_back(
    pits: &[u8],
    row: Range<usize>,
    last: usize,
    takes: impl Fn(u8) -> bool,
) -> Range<usize> {
    if !row.contains(&last) || !takes(pits[last]) {
        return last..last;
    }
    let before = (row.start..last)
        .rev()
        .take_while(|&pit| takes(pits[pit]))
        .count();
    last - before..last + 1
}

/// The prompt of a player who plays again because the opponent has no seed
/// in their row and passes, listing the `holes` they may sow and, if
/// `agreement`, the `0` that ends the game (« NORD n'a plus de graine, SUD
/// rejoue (1 6, ou 0 pour finir d'un commun accord) »); without the reason where
/// that line would be wider than 80 columns (a long list on a wide board).
pub fn passes_prompt(player: Player, holes: &[u32], agreement: bool) -> String {
    let choices = kit::choices(holes.iter().copied(), agreement);
    let name = kit::name(player);
    kit::fitting([
        format!(
            "{} n'a plus de graine, {name} rejoue {choices}",
            kit::name(player.opponent())
        ),
        format!("{name} rejoue {choices}"),
    ])
}

/// The inputs `game` accepts now, as a list (for a prompt).
pub fn inputs_of<V: Variant>(game: &V) -> Inputs {
    let mut inputs = Inputs::new();
    game.legal_inputs(&mut inputs);
    inputs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Gains;

    /// A toy game on 2×3 holes: sow a hole of one's row, take the last
    /// hole if it makes 2 in the other row; ends when a row is empty.
    #[derive(Clone, Debug)]
    struct Toy {
        board: Board<6>,
    }

    const REASON: &str = "une rangée est vide ; chacun prend les graines de sa rangée.";
    const AGREED: &str = "d'accord ; personne ne prend les graines restantes.";

    impl SowingRules for Toy {
        type Board = Board<6>;

        fn description() -> Description {
            Description {
                id: "toy".to_owned(),
                title: "Toy".to_owned(),
                title_with_article: "de Toy".to_owned(),
                version: "0".to_owned(),
                summary: "toy".to_owned(),
                rules: "toy".to_owned(),
                players: kit::sud_nord(),
                options: Vec::new(),
                agreement_ends_game: true,
            }
        }

        fn start(_options: &Options, first: Player) -> Result<Self, String> {
            Ok(Toy {
                board: Board::filled(TwoRows::new(3), 2, first),
            })
        }

        fn board(&self) -> &Board<6> {
            &self.board
        }

        fn board_mut(&mut self) -> &mut Board<6> {
            &mut self.board
        }

        fn play_move(&mut self, input: u32) -> Result<Step, String> {
            let pit = self.board.own_hole(input)?;
            let mover = self.board.to_move;
            let last = kit::sow(self.board.holes_mut(), pit);
            let run = run_back(
                &self.board.pits,
                self.board.rows.row(mover.opponent()),
                last,
                |seeds| seeds == 2,
            );
            let taken = self.board.take(run);
            self.board.to_move = mover.opponent();
            if self.board.row_seeds(Player::SUD) == 0 || self.board.row_seeds(Player::NORD) == 0 {
                self.board.finish(Share::OwnRows, REASON);
            }
            Ok(Step::Completed(Gains::of(mover, taken)))
        }

        fn agree(&mut self) -> Result<(), String> {
            self.board.agree(Share::Nobody, AGREED)
        }
    }

    crate::sowing_variant!(Toy);

    fn toy(pits: [u8; 6], to_move: Player) -> Toy {
        Toy {
            board: Board::new(TwoRows::new(3), pits, [0, 0], to_move),
        }
    }

    #[test]
    fn a_board_counts_its_seeds_and_remembers_its_start() {
        let board: Board<24> = Board::filled(TwoRows::new(5), 3, Player::NORD);
        assert_eq!(board.holes().len(), 10);
        assert_eq!(board.total, 30);
        assert_eq!(board.on_board(), 30);
        assert_eq!(board.row_seeds(Player::SUD), 15);
        assert_eq!(board.history.len(), 1);
        assert_eq!(board.pits[10..], [0; 14]);
        let board: Board<4, NoMemory> =
            Board::new(TwoRows::new(2), [1, 0, 2, 0], [5, 7], Player::SUD);
        assert_eq!(board.total, 15);
        assert_eq!(board.history, NoMemory);
        assert_eq!(board.own_non_empty().collect::<Vec<_>>(), vec![0]);
        assert_eq!(board.own_hole(2), Err("le trou 2 est vide".to_owned()));
    }

    #[test]
    fn the_shell_answers_from_the_board() {
        let game: Toy = Toy::new(&Options::default(), Player::NORD).unwrap();
        assert_eq!(game.turn(), Turn::sow(Player::NORD));
        assert_eq!(game.scores(), [0, 0]);
        assert_eq!(game.seeds(), vec![2; 6]);
        assert_eq!(game.layout(), Layout::two_rows(3));
        assert_eq!(game.end_reason(), "la partie n'est pas finie.");
        assert_eq!(game.prompt(), None);
        assert_eq!(Toy::describe().id, "toy");
        assert_eq!(Toy::seats(&Options::default()), vec!["SUD", "NORD"]);
        let mut inputs = Inputs::new();
        game.legal_inputs(&mut inputs);
        assert_eq!(inputs.as_slice(), [4, 5, 6]);
        assert_eq!(game.evaluate(Player::NORD), 0);
        assert_eq!(game.hash_key(), None);
    }

    #[test]
    fn a_board_writes_its_position_and_a_new_game_starts_there() {
        let mut game = toy([1, 0, 2, 0, 3, 0], Player::NORD);
        game.board.scores = [4, 2];
        assert_eq!(game.position(), Some(Ok("N:1,0,2,0,3,0:4,2".to_owned())));
        let read = Toy::at_position(&Options::default(), "N:1,0,2,0,3,0:4,2")
            .expect("positions")
            .expect("read");
        assert_eq!(read.seeds(), game.seeds());
        assert_eq!(read.scores(), [4, 2]);
        assert_eq!(read.turn(), Turn::sow(Player::NORD));
        assert_eq!(read.board.total, 12);
        assert_eq!(
            read.board.history.len(),
            1,
            "the history holds this position alone"
        );
        assert_eq!(read.position(), game.position());
    }

    #[test]
    fn a_position_the_board_cannot_hold_is_refused() {
        let refused = |body: &str| match Toy::at_position(&Options::default(), body) {
            Some(Err(why)) => why,
            other => panic!("{body}: {:?}", other.map(|game| game.map(|g| g.seeds()))),
        };
        assert_eq!(
            refused("S:2,2,2,2,2,2:0,1"),
            "la position compte 13 graines (trous, scores et réserves), la partie en compte 12"
        );
        assert!(refused("S:2,2,2,2,2:0,0").contains("attendu 6 nombre(s)"));
        assert!(refused("E:2,2,2,2,2,2:0,0").contains("n'est pas S ni N"));
        assert!(refused("S:2,2,2,2,2,2:0").contains("attendu 2 nombre(s)"));
        assert!(refused("S:2,2,2,2,2,2:0,0:1").contains("un champ de trop"));
    }

    #[test]
    fn a_big_game_is_drawn_wide() {
        let board: Board<24> = Board::filled(TwoRows::new(10), 5, Player::SUD);
        assert!(board.layout().wide);
        let board: Board<24> = Board::filled(TwoRows::new(7), 7, Player::SUD);
        assert!(!board.layout().wide, "98 seeds");
    }

    #[test]
    fn the_rules_play_while_the_game_goes_on() {
        // SUD's hole 3 (1 seed) ends in hole 4, which makes 2: taken. SUD's
        // row is then empty: the game ends, NORD takes hole 5.
        let mut game = toy([0, 0, 1, 1, 1, 0], Player::SUD);
        assert_eq!(
            game.play(3).unwrap().gains(),
            Some(Gains::of(Player::SUD, 2))
        );
        assert_eq!(game.seeds(), vec![0; 6]);
        assert_eq!(game.turn(), Turn::Over(Outcome::winner(Player::SUD)));
        assert_eq!(game.scores(), [2, 1], "each took their row");
        assert_eq!(game.end_reason(), REASON);
        assert_eq!(game.play(5), Err("la partie est finie".to_owned()));
        let mut inputs = Inputs::new();
        game.legal_inputs(&mut inputs);
        assert!(inputs.is_empty());
        assert_eq!(game.prompt(), None);
        assert!(game.end_by_agreement().is_err());
    }

    #[test]
    fn an_agreement_shares_as_the_rules_say() {
        let mut game = toy([1, 0, 0, 0, 3, 0], Player::SUD);
        game.board.scores = [4, 1];
        game.end_by_agreement().unwrap();
        assert_eq!(game.seeds(), vec![1, 0, 0, 0, 3, 0], "nobody takes them");
        assert_eq!(game.turn(), Turn::Over(Outcome::winner(Player::SUD)));
        assert_eq!(game.end_reason(), AGREED);
        assert_eq!(game.board.ending().unwrap().reason, AGREED);
        assert_eq!(
            game.end_by_agreement(),
            Err("la partie est finie".to_owned())
        );
    }

    #[test]
    fn a_player_passes_when_their_row_is_empty() {
        let mut board: Board<6> =
            Board::new(TwoRows::new(3), [1, 0, 0, 0, 0, 0], [0, 0], Player::SUD);
        assert!(board.pass_if_empty(Player::SUD));
        assert_eq!(board.to_move, Player::SUD);
        board.pits[5] = 1;
        assert!(!board.pass_if_empty(Player::SUD));
        assert_eq!(board.to_move, Player::NORD);
        board.end(Outcome::DRAW, "fini.");
        assert!(board.is_over() && board.refuse_if_over().is_err());
    }

    #[test]
    fn a_capture_runs_back_within_the_row() {
        let pits = [2, 3, 2, 1, 3, 2, 0, 2];
        let takes = |seeds: u8| (2..=3).contains(&seeds);
        assert_eq!(run_back(&pits, 0..4, 2, takes), 0..3);
        assert_eq!(run_back(&pits, 4..8, 5, takes), 4..6, "stops at the row");
        assert_eq!(run_back(&pits, 0..4, 3, takes), 3..3, "1 does not take");
        assert_eq!(run_back(&pits, 4..8, 2, takes), 2..2, "not in the row");
        assert_eq!(seeds_in(&pits, 0..3), 7);
        let mut board: Board<8> = Board::new(TwoRows::new(4), pits, [0, 0], Player::NORD);
        assert_eq!(board.take(0..3), 7);
        assert_eq!(board.scores, [0, 7]);
        assert_eq!(board.holes()[..3], [0, 0, 0]);
    }

    #[test]
    fn the_pass_prompt_says_why_and_lists_the_holes() {
        assert_eq!(
            passes_prompt(Player::SUD, &[1, 6], true),
            "NORD n'a plus de graine, SUD rejoue (1 6, ou 0 pour finir d'un commun accord)"
        );
        assert_eq!(
            passes_prompt(Player::NORD, &[7], false),
            "SUD n'a plus de graine, NORD rejoue (7)"
        );
        // The longest list of a row of six, and of twelve: within 80 columns.
        let six = passes_prompt(Player::NORD, &[7, 8, 9, 11, 12], true);
        assert_eq!(
            six,
            "NORD rejoue (7 à 9 11 12, ou 0 pour finir d'un commun accord)"
        );
        let twelve = passes_prompt(Player::NORD, &[13, 14, 15, 17, 18, 20, 21, 23, 24], true);
        assert_eq!(
            twelve,
            "NORD rejoue (13 à 15 17 18 20 21 23 24, ou 0 pour finir d'un commun accord)"
        );
        let game = toy([1, 0, 2, 0, 0, 1], Player::SUD);
        assert_eq!(inputs_of(&game).as_slice(), [1, 3]);
    }

    #[test]
    fn a_key_tells_apart_what_may_change_what_follows_and_not_the_positions_met() {
        let key = |pits: [u8; 6], scores: [u32; 2], to_move: Player, more: u64| {
            Board::<6>::new(TwoRows::new(3), pits, scores, to_move).key(more)
        };
        let base = key([1, 0, 2, 0, 3, 1], [4, 5], Player::SUD, 0);
        let others = [
            key([1, 0, 2, 0, 1, 3], [4, 5], Player::SUD, 0),
            key([1, 0, 2, 0, 3, 1], [5, 4], Player::SUD, 0),
            key([1, 0, 2, 0, 3, 1], [4, 5], Player::NORD, 0),
            key([1, 0, 2, 0, 3, 1], [4, 5], Player::SUD, 1),
        ];
        for (index, other) in others.iter().enumerate() {
            assert_ne!(*other, base, "change {index}");
        }
        // The same position by another path: its history differs, its key not.
        let mut board = Board::<6>::new(TwoRows::new(3), [1, 0, 2, 0, 3, 1], [4, 5], Player::SUD);
        board
            .history
            .reached(&[9, 9, 9, 9, 9, 9], Player::NORD, false);
        assert_eq!(board.key(0), base);
        // A game over is not the same position as one going on.
        board.finish(Share::Nobody, AGREED);
        assert_ne!(board.key(0), base);
        // A larger board with the same first holes is another game.
        let wider = Board::<8>::new(
            TwoRows::new(4),
            [1, 0, 2, 0, 3, 1, 0, 0],
            [4, 5],
            Player::SUD,
        );
        assert_ne!(wider.key(0), base);
    }
}
