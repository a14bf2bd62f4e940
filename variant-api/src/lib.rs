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
//! From 1.0.0 on, the promise (SPEC §8): a plugin built against any 1.x
//! loads and plays in every later 1.y host, and a 1.y host loads plugins of
//! a later 1.z that only add capabilities. A capability a plugin lacks is a
//! feature absent (no tables, no assessment), never a refusal.
//!
//! How abi_stable is made to keep it:
//!
//! - **Versions.** abi_stable stores this crate's name and version in
//!   every type layout and accepts any version of the same major (≥ 1.0).
//!   The root module's interface version, which abi_stable lets load only
//!   into a host whose own is not above it, is the constant
//!   [`ffi::INTERFACE_VERSION`] `1.0.0` for all of 1.x. The contract's
//!   version ([`API_VERSION`]) is read from the plugin's layout: `--list`
//!   shows it, and refusals name it.
//! - **Open types.** The root module [`ffi::VariantModule`] and the vtable
//!   of [`ffi::FfiGame`] are prefix types; [`DecisionKind`],
//!   [`ffi::FfiErrorKind`] and [`MarkKind`] are open sets of values (a
//!   `u8` with named constants; each says how an unknown value is read).
//! - **Frozen types.** Every other type crossing the boundary ([`Turn`],
//!   [`Step`], [`Gains`], [`Outcome`], [`Inputs`], [`Think`], [`Thought`],
//!   [`Player`], [`HoleMark`], the `Ffi*` mirrors) keeps its layout for all
//!   of 1.x: an exhaustive enum never gains a variant, a struct never a
//!   field.
//!
//! A **minor release** (1.y) may only:
//!
//! 1. append fields at the end of [`ffi::VariantModule`], after
//!    `build_endgames` (its `last_prefix_field`), read by the host through
//!    their `Option` accessors: `None` from an older plugin is a capability
//!    absent;
//! 2. append methods at the end of [`ffi::FfiGame`], after `assess`, each
//!    with a default body answering [`ffi::FfiError::unsupported`], which
//!    the trait object calls when an older plugin's vtable lacks it; the
//!    host takes that answer as a feature absent;
//! 3. name new values of the open sets ([`DecisionKind`],
//!    [`ffi::FfiErrorKind`], [`MarkKind`]);
//! 4. change what does not cross the boundary (the safe Rust API, docs).
//!
//! **How a newer host loads an older plugin.** abi_stable's checker
//! accepts a library whose prefix types have *more* fields than the
//! host's, never fewer (measured with a scratch 1.1 that appended one
//! field: a 1.1 host refuses a 1.0 plugin, « too many fields (expected 5,
//! found 4) in VariantModule », while a 1.0 host loads and plays the 1.1
//! plugin). So the release that first appends to a prefix type (1.1, say)
//! must also make [`Plugin::load`] fall back, when its own layout refuses a
//! plugin, to the frozen copy of each earlier 1.x kept in
//! `tests/compat/` (a renamed path dependency, `variant-api` 1.0.0 beside
//! 1.1.0, excluded from the workspace), newest first, and drive that
//! plugin through the older types, its newer capabilities absent. Tried
//! in scratch: a 1.1 loader with the 1.0 copy as a dependency loaded and
//! played 1.0 plugins through it. The end-to-end test `compat` fails as
//! soon as a change breaks this, since it loads a 1.0 plugin.
//!
//! Anything else is 2.0: a field or method removed, reordered, retyped or
//! inserted before the end; a field added to a frozen type or a variant to
//! an exhaustive enum; `last_prefix_field` moved; the interface version
//! changed. Each step is recorded in `CHANGELOG.md`, and the layout test
//! (`tests/layout.rs`, golden file `contract/layout.txt`) fails on any
//! layout change that is not recorded with its version step. The
//! end-to-end test `compat` builds a plugin against the frozen copy of 1.0
//! in `tests/compat/variant-api-1.0/` and plays it in today's host.
//!
//! A plugin of another major version (every 0.x), or whose layout differs,
//! is refused in one line naming both versions, abi_stable's first reason
//! and the fix ([`LoadError::Incompatible`]).

#![deny(missing_docs)]

pub mod ffi;
pub mod folders;
mod model;
mod options;
mod plugin;
pub mod prompt;
pub mod rng;
mod variant;

pub use model::{
    check_names, Assessment, DecisionKind, Description, Gains, HoleMark, Inputs, Layout, MarkKind,
    NumberSide, OptionSpec, OptionValues, Outcome, Player, Row, Step, Think, Thought, Turn,
    MAX_INPUTS, MAX_SEATS,
};
pub use options::Options;
pub use plugin::{Game, LoadError, Plugin, PluginError, API_VERSION};
pub use variant::{lead, Variant};
