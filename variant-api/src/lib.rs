//! The contract between the Awalé host and its variant plugins, and
//! nothing else: the [`Variant`] trait a variant author implements, the
//! stable-ABI module a plugin library exports ([`ffi`]), the host's loader
//! ([`Plugin`], [`Game`]), the plain types both sides share, and their
//! versions.
//!
//! Authors do not depend on this crate alone: `variant-kit` re-exports it
//! with the export macro, the building blocks of mancala rules and the
//! computer player; `variant-testing` is the conformance kit. The host
//! depends on this crate only.
//!
//! # Compatibility
//!
//! The stable module carries this crate's version. The host refuses, with one
//! line, a plugin whose `variant-api` has another major version (for `0.x`, a
//! smaller minor version than the host's) or whose module layout differs.
//! Bump the version of this crate on every change of [`ffi`].

#![deny(missing_docs)]

pub mod ffi;
pub mod folders;
mod model;
mod options;
mod plugin;
pub mod rng;
mod variant;

pub use model::{
    check_names, Assessment, DecisionKind, Description, Gains, HoleMark, Inputs, Layout,
    MarkKind, NumberSide, OptionSpec, OptionValues, Outcome, Player, Row, Step, Think, Thought,
    Turn, MAX_INPUTS, MAX_SEATS,
};
pub use options::Options;
pub use plugin::{Game, LoadError, Plugin, PluginError, API_VERSION};
pub use variant::{lead, Variant};
