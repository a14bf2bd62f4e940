//! Primitives every part of the host uses and that know nothing of games
//! nor plugins: how a run ends ([`failure`]), text from outside made safe
//! to print ([`shown`]), matching what a person types ([`names`]), the
//! trust check of files and folders ([`trust`]), what signal handlers
//! share ([`signals`]) and the standard output kept for the protocol
//! ([`protocol`]).
//!
//! May use: nothing else in the crate.

pub(crate) mod failure;
pub(crate) mod names;
pub(crate) mod protocol;
pub(crate) mod shown;
#[cfg(unix)]
pub(crate) mod signals;
pub(crate) mod trust;
