//! The commands besides playing: `--list` and a variant's `--help`
//! ([`listing`]), `--check` ([`check`]), `--bench` ([`bench`](mod@bench)),
//! `--endgames` ([`endgames`]), `--analyse` ([`analyse`]), the shell
//! completions ([`completion`]), the manual page ([`manual`]) and a match
//! between engines of the protocol ([`matches`](mod@matches)).
//!
//! May use: everything else in the crate; nothing uses them but `main`.

pub(crate) mod analyse;
pub(crate) mod bench;
pub(crate) mod check;
pub(crate) mod completion;
pub(crate) mod endgames;
pub(crate) mod listing;
pub(crate) mod manual;
pub(crate) mod matches;
