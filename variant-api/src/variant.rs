//! The trait a variant author implements: rules in safe Rust, nothing else.

use crate::model::{Description, Layout, Player, Status, Step};
use crate::options::Options;

/// The rules of one game, as a value that holds a position.
///
/// Implement it, then call [`crate::export_variant!`] once at the root of the
/// plugin crate. The host calls these methods through the stable ABI; a panic
/// in any of them becomes an error the host reports on one line, and the
/// game is abandoned.
///
/// Inputs are integers: a hole number for [`crate::DecisionKind::Sow`], or
/// whatever the current [`crate::Decision`]'s prompt says. The integer `0` is
/// never passed to [`Variant::play`]: it asks [`Variant::end_by_agreement`].
pub trait Variant: Clone + Send + Sync + 'static {
    /// The variant's description. It must not depend on the options.
    fn describe() -> Description;

    /// A new game with checked `options` (see [`Options::get`]), `first` to move.
    ///
    /// Refuse with one line in English naming what is wrong (for instance a
    /// seat that does not play with these options).
    fn new(options: &Options, first: Player) -> Result<Self, String>;

    /// How the board is drawn; the same for the whole game.
    fn layout(&self) -> Layout;

    /// The seeds in each hole: index `n - 1` holds hole `n`.
    fn seeds(&self) -> Vec<u32>;

    /// Each player's score (seeds taken, or in the player's store), by [`Player::index`].
    fn scores(&self) -> Vec<u32>;

    /// Whose decision it is and what is asked, or how the game ended.
    fn status(&self) -> Status;

    /// Every input [`Variant::play`] accepts now, in increasing order; empty when the game is over.
    fn legal_inputs(&self) -> Vec<u32>;

    /// Plays one input of the player whose decision it is.
    ///
    /// A refused input leaves the game unchanged; the reason, in French, is
    /// shown to the player, who answers again.
    fn play(&mut self, input: u32) -> Result<Step, String>;

    /// Ends the game because both players agree it is over, sharing the
    /// remaining seeds by the variant's rule.
    ///
    /// The default refuses: override it where the variant allows that ending.
    fn end_by_agreement(&mut self) -> Result<(), String> {
        Err("cette variante ne se termine pas d'un commun accord".to_owned())
    }
}
