//! Playing: a game or a match on the console ([`session`]), its loop and
//! protocol ([`console`]), who sits where ([`seats`]), the players' input
//! ([`tokens`], [`keyboard`]), drawing the board ([`render`]), the thinking
//! line ([`thinking`]) and Ctrl-C ([`interrupt`]).
//!
//! May use: `util`, `cli`, `loading` (the variant played) and `keeping`
//! (its records). Never reaches into the tools.

pub(crate) mod console;
pub(crate) mod engines;
pub(crate) mod interrupt;
pub(crate) mod keyboard;
pub(crate) mod render;
pub(crate) mod seats;
pub(crate) mod session;
pub(crate) mod thinking;
pub(crate) mod tokens;
