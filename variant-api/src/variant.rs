//! The trait a variant author implements: rules in safe Rust, nothing else.

use crate::model::{Description, Inputs, Layout, Player, Step, Turn};
use crate::options::Options;

/// The rules of one game, as a value that holds a position.
///
/// Implement it, then call `variant_kit::export_variant!` once at the root of the
/// plugin crate. The host calls these methods through the stable ABI; a panic
/// in any of them becomes an error the host reports on one line, and the
/// game is abandoned.
///
/// The methods come in two groups:
/// - **the machine path** ([`Variant::turn`], [`Variant::legal_inputs`],
///   [`Variant::play`], [`Variant::scores`]) is what the computer player's
///   search and `host VARIANT --bench` call millions of times: it must not
///   allocate (a refusal may, since a machine only plays accepted inputs);
/// - **the person path** ([`Variant::layout`], [`Variant::seeds`],
///   [`Variant::prompt`], [`Variant::end_reason`], refusal reasons) builds
///   texts and lists only when the console asks for them.
///
/// Inputs are integers: a hole number for [`crate::DecisionKind::Sow`], or
/// whatever the current decision's prompt says. The integer `0` is never
/// passed to [`Variant::play`]: it asks [`Variant::end_by_agreement`].
pub trait Variant: Clone + Send + Sync + 'static {
    /// The variant's description. It must not depend on the options.
    fn describe() -> Description;

    /// The names of the seats that play with these `options`, in [`Player`]
    /// order; by default every seat of [`Description::players`].
    fn seats(options: &Options) -> Vec<String> {
        let _ = options;
        Self::describe().players
    }

    /// A new game with checked `options` (see [`Options::get`]), `first` to
    /// move (one of [`Variant::seats`]).
    ///
    /// Refuse with one line in English naming what is wrong.
    fn new(options: &Options, first: Player) -> Result<Self, String>;

    /// Whose decision it is and of what kind, or how the game ended.
    fn turn(&self) -> Turn;

    /// Pushes every input [`Variant::play`] accepts now, in increasing order,
    /// into the empty `inputs`; none when the game is over.
    fn legal_inputs(&self, inputs: &mut Inputs);

    /// Plays one input of the player whose decision it is.
    ///
    /// A refused input leaves the game unchanged; the reason, in French, is
    /// shown to the player, who answers again.
    fn play(&mut self, input: u32) -> Result<Step, String>;

    /// Each player's score (seeds taken, or in the player's store), by [`Player::index`].
    fn scores(&self) -> &[u32];

    /// Ends the game because both players agree it is over, sharing the
    /// remaining seeds by the variant's rule.
    ///
    /// The default refuses: override it where the variant allows that ending.
    fn end_by_agreement(&mut self) -> Result<(), String> {
        Err("cette variante ne se termine pas d'un commun accord".to_owned())
    }

    /// How the board is drawn now.
    fn layout(&self) -> Layout;

    /// The seeds in each hole: index `n - 1` holds hole `n`.
    fn seeds(&self) -> Vec<u32>;

    /// What is asked, in French, when the host's own prompt for the
    /// decision's kind would not say enough (a direction, a target hole, a
    /// placement, or why the same player decides again); `None` by default.
    fn prompt(&self) -> Option<String> {
        None
    }

    /// The position's value for `player`, in hundredths of a seed (a seed
    /// taken is worth 100): higher is better for `player`.
    ///
    /// The computer player calls it at the leaves of its search, on the
    /// machine path: it must not allocate. Only the order of values matters
    /// to the search; a variant may weigh what its strong players weigh.
    /// The default is `player`'s score minus the best score of the others,
    /// times 100.
    fn evaluate(&self, player: Player) -> i32 {
        lead(self.scores(), player)
    }

    /// A hash of everything that decides the position's future (seeds,
    /// scores, whose decision and of what kind, and any pending part of a
    /// move), so that the computer player can recognise a position reached
    /// by several orders of moves; `None` by default, which turns that
    /// memory off.
    ///
    /// Two positions with the same key are treated as the same; the history
    /// a repetition rule looks at may be left out. It must not allocate.
    fn hash_key(&self) -> Option<u64> {
        None
    }

    /// Bounds of the rest of the game, when the variant knows them (an
    /// endgame table, see the `variant-endgame` crate): with perfect play by both
    /// seats from this position on, the seeds the player who decides now
    /// will still add to its score minus those the other will still add
    /// (captures and the final sharing of the seeds left), in seeds, is at
    /// least `low` and at most `high`; `low == high` where it is exact.
    /// `None` by default and wherever nothing is known.
    ///
    /// Only for two seats and a game won by the higher final score (a
    /// draw when equal). At level 4 and in reviews, at every node of its
    /// search but the root, the computer player reads an exact value as a
    /// finished game whose final margin is the scores' difference plus it,
    /// and cuts a line whose bounds fall outside its window. The bounds
    /// must hold for this game's real history (the positions a repetition
    /// rule looks at, which the game remembers), and answer
    /// `None` during a move of several decisions. It is on the machine
    /// path: it must not allocate.
    fn endgame_bounds(&self) -> Option<(i32, i32)> {
        None
    }

    /// Builds the endgame tables that [`Variant::endgame_bounds`] reads,
    /// for the rules these options choose and every board of at most
    /// `seeds` seeds, into the user's cache folder (`host VARIANT
    /// --endgames SEEDS`), calling `progress(done, all)` as each level of
    /// seed count is done, with the boards done and the boards in all. Returns a few lines saying what the tables hold and
    /// where they were written, or why they cannot be built with these
    /// options; `None` (the default) when the variant has no tables.
    fn build_endgames(
        options: &Options,
        seeds: usize,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Option<Result<String, String>> {
        let _ = (options, seeds, progress);
        None
    }

    /// Whether the variant has endgame tables with these options (`None`,
    /// the default: none), and whether those its level 4 reads are built
    /// (since contract 1.1): a first game says how to build them, and
    /// `--endgames` says at once that a variant has none. The host asks
    /// before a game's first board: a variant may read its tables there,
    /// once per process, keeping them for the search, so that a damaged
    /// file is said before the game (`variant_endgame::cached` says it on
    /// standard error, with the command that rebuilds it) and answered
    /// `Some(false)`.
    fn endgame_tables(options: &Options) -> Option<bool> {
        let _ = options;
        None
    }

    /// Why the game ended, or the round that just ended, and how the seeds
    /// left were shared: one line in French, without the leading « Fin : »
    /// (« la position s'est répétée ; chacun prend les graines de sa rangée. »).
    fn end_reason(&self) -> String;

    /// The body of the position the game stands at (SPEC §2 « Positions »,
    /// since contract 1.1): the text after `ID[/KEY=VALUE…]:`, printable
    /// ASCII without spaces, which [`Variant::at_position`] reads back into
    /// the same board, the same inputs and the same continuation. For two
    /// rows, `MOVER:HOLES:SCORES` (`N:0,0,0,0,0,1,0,0,0,0,0,2:20,25`);
    /// what else the state holds comes as further `:` fields, documented in
    /// the rules text. The history (the positions a repetition rule looks
    /// at, how the mover came to play again) is not part of it.
    ///
    /// The glue asks only between moves of a game that is not over, and
    /// writes the id and options around it. `None` (the default) when the
    /// variant has no positions; `Some(Err(reason))`, one line in French,
    /// where none can be written now (a placement under way, say).
    fn position(&self) -> Option<Result<String, String>> {
        None
    }

    /// A game standing at the position whose body is `body` (see
    /// [`Variant::position`]), with checked `options`, its repetition
    /// history empty.
    ///
    /// Refuse with one line in French naming what was expected: a body the
    /// variant cannot read, or a state its rules cannot reach (a wrong seed
    /// count, a hole out of range). The glue also refuses a game that would
    /// be over, or would wait for a decision with no input. `None` (the
    /// default) when the variant has no positions.
    fn at_position(options: &Options, body: &str) -> Option<Result<Self, String>> {
        let _ = (options, body);
        None
    }
}

/// `player`'s score minus the best score of the others, times 100: the
/// default of [`Variant::evaluate`], and the margin a finished game is
/// judged by.
pub fn lead(scores: &[u32], player: Player) -> i32 {
    let mine = scores.get(player.index()).copied().unwrap_or(0);
    let best_other = scores
        .iter()
        .enumerate()
        .filter(|&(seat, _)| seat != player.index())
        .map(|(_, &score)| score)
        .max()
        .unwrap_or(0);
    (i64::from(mine) - i64::from(best_other)).saturating_mul(100) as i32
}
