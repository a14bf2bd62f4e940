//! The variant author's kit: everything a plugin crate uses, in one
//! dependency.
//!
//! - the contract ([`Variant`] and the plain types it speaks, re-exported
//!   from `variant-api`), which an author implements in safe Rust;
//! - [`export_variant!`], which turns a [`Variant`] into the stable module
//!   the host loads, with the computer player (`variant-engine`) compiled
//!   in; the [`glue`] behind it catches every panic;
//! - the building blocks many mancala rules share: two-row geometry and
//!   the usual « which hole » decision (at the root, with the prompts'
//!   one form of a list of holes, [`hole_list`], and what keeps a prompt
//!   within 80 columns, [`choices`] and [`fitting`]), sowing boards with
//!   their captures and endings ([`board`]), relay sowing ([`chain`]),
//!   four-row boards ([`four_rows`]), games in rounds ([`rounds`]) and
//!   games with stores ([`stores`]);
//! - [`clone_by_fields!`], a `Clone` that copies a game into the room of
//!   another field by field, as the search does for every child;
//! - positions (SPEC §2 « Positions »): the framing `ID[/KEY=VALUE…]:` is
//!   the contract's ([`position`]), the body's fields are written and read
//!   with [`body`], and every game on a [`board::Board`] has them from its
//!   board.
//!
//! The conformance kit that every variant runs in its tests is the crate
//! `variant-testing`; endgame tables are `variant-endgame`.
//!
//! ```ignore
//! use variant_kit::{export_variant, Variant};
//!
//! pub struct MyGame { /* the position: board, history… */ }
//!
//! variant_kit::clone_by_fields!(MyGame { /* every field */ });
//!
//! impl Variant for MyGame { /* the rules */ }
//!
//! export_variant!(MyGame);
//! ```
//!
//! Holes are handled by index in the kit: hole `n` is index `n - 1`, as in
//! [`Variant::seeds`].

#![deny(missing_docs)]

pub mod board;
pub mod body;
pub mod chain;
mod copy;
pub mod evaluation;
pub mod four_rows;
pub mod glue;
pub mod rounds;
mod rules;
pub mod stores;

pub use rules::*;
pub use variant_api::prompt::{choices, fitting, hole_list, AGREEMENT_CHOICE, PROMPT_COLUMNS};
pub use variant_api::*;

/// Exports a [`Variant`] as this library's plugin module.
///
/// Call it once at the root of a `cdylib` crate:
/// `variant_kit::export_variant!(MyGame);`
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
