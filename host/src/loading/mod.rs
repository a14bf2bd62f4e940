//! Loading plugins: finding the plugins folders and their library files
//! ([`discovery`]), checking a file before the system loader maps it
//! ([`library`], [`elf`]), trying it in a child process ([`probe`], watched
//! by [`child`]) whose verdicts are remembered ([`cache`]) and whose report
//! is what `--list` shows ([`summary`]), and the line said when a mapped
//! plugin crashes or exits ([`crash`]).
//!
//! May use: `util` (and the program's name from `cli`). Never reaches into
//! keeping, playing or the tools.

pub(crate) mod cache;
pub(crate) mod child;
pub(crate) mod crash;
pub(crate) mod discovery;
pub(crate) mod elf;
pub(crate) mod library;
pub(crate) mod probe;
pub(crate) mod summary;
