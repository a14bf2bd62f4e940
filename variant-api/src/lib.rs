//! The contract between the Awalé host and its variant plugins.
//!
//! A variant is a plugin library (`cdylib`) that the `host` binary discovers
//! at start-up. This crate holds both sides of the contract, so that the
//! foreign-function glue is written once:
//!
//! - **Variant authors** implement the safe [`Variant`] trait with the plain
//!   types of this crate and call [`export_variant!`] once. They never touch
//!   `abi_stable` types. The [`kit`] holds what many mancala rules share.
//! - **The host** loads libraries with [`Plugin::load`] and drives each
//!   [`Game`] through safe methods.
//! - **Tests** of a variant run the same path in-process with the
//!   `testing` conformance kit (feature `testing`).
//!
//! ```ignore
//! use variant_api::{Variant, export_variant};
//!
//! #[derive(Clone)]
//! pub struct MyGame { /* the position */ }
//!
//! impl Variant for MyGame { /* the rules */ }
//!
//! export_variant!(MyGame);
//! ```
//!
//! # Compatibility
//!
//! The stable module carries this crate's version. The host refuses, with one
//! line, a plugin whose `variant-api` has another major version (for `0.x`, a
//! smaller minor version than the host's) or whose module layout differs.
//! Bump the version of this crate on every change of [`ffi`].

#![deny(missing_docs)]

pub mod endgame;
pub mod engine;
pub mod ffi;
pub mod glue;
pub mod kit;
mod model;
mod options;
mod plugin;
pub mod rng;
#[cfg(feature = "testing")]
pub mod testing;
mod variant;

pub use model::{
    check_names, DecisionKind, Description, Gains, Inputs, Layout, NumberSide, OptionSpec,
    OptionValues, Outcome, Player, Row, Step, Think, Thought, Turn, MAX_INPUTS, MAX_SEATS,
};
pub use options::Options;
pub use plugin::{Game, LoadError, Plugin, PluginError, API_VERSION};
pub use variant::Variant;

/// Exports a [`Variant`] as this library's plugin module.
///
/// Call it once at the root of a `cdylib` crate:
/// `variant_api::export_variant!(MyGame);`
///
/// The exported symbol is the one abi_stable's loader looks up, the same in
/// every plugin; it is defined only when the plugin crate's feature `plugin`
/// is on (declare it and make it a default feature). A test or benchmark
/// that links several variants as rlibs turns it off
/// (`default-features = false`), so that their symbols do not clash.
#[macro_export]
macro_rules! export_variant {
    ($variant:ty) => {
        /// The header through which the host finds this library's variant module.
        #[cfg(feature = "plugin")]
        #[unsafe(no_mangle)]
        pub static _1as_0lib_1header_0root_bmodule_bloader: $crate::glue::LibHeader =
            $crate::glue::lib_header::<$variant>();
    };
}
