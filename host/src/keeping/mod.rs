//! Keeping games: the record format, written as the game goes and read
//! back by `--replay`, `--resume` and `--analyse` ([`record`]), the games
//! kept without asking in the state folder ([`kept`]), and the mark a
//! plugin's crash leaves in a kept record ([`mark`]).
//!
//! May use: `util` and the program's name from `cli`. Never reaches into
//! loading, playing or the tools.

pub(crate) mod kept;
pub(crate) mod mark;
pub(crate) mod record;
