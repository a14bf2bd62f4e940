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
//! feature absent (no tables, no assessment, no positions), never a
//! refusal.
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
//! host's, never fewer: a 1.1 host's own layout refuses a 1.0 plugin
//! (« too many fields (expected 5, found 4) in VariantModule »), while a
//! 1.0 host loads and plays a 1.1 plugin. So [`Plugin::load`] falls back,
//! when its own layout refuses a plugin, to the frozen copy of each earlier
//! 1.x kept in `tests/compat/` (1.0 alone so far; newest first when there
//! are more): it checks the plugin's layout against that copy's with
//! abi_stable's checker, then reads the module through today's types,
//! where the fields the plugin lacks answer `None` and the methods its
//! game object lacks their default, « unsupported ». The plugin plays as
//! it always did, and says what it cannot do: its games have no
//! positions ([`PositionError::Contract10`]).
//!
//! The frozen copy is a path dependency of this crate under another name
//! (package `variant-api-1-0`, library `variant_api_1_0`), since cargo
//! builds one package named `variant-api`; its build script gives its
//! type layouts the released package name, which abi_stable compares, and
//! the layout test checks that the copy's layout is the one released as
//! 1.0.0 (`contract/layout-1.0.0.txt`). The copy lies outside the
//! workspace, in a workspace of its own with the plugins built against it.
//! The next minor release that appends to a prefix type freezes 1.1 the
//! same way (`tests/compat/README.md`).
//!
//! Anything else is 2.0: a field or method removed, reordered, retyped or
//! inserted before the end; a field added to a frozen type or a variant to
//! an exhaustive enum; `last_prefix_field` moved; the interface version
//! changed. Each step is recorded in `CHANGELOG.md`. The layout test
//! (`tests/layout.rs`, golden file `contract/layout.txt`) fails on any
//! layout change that is not recorded with a minor step, and on any change
//! the policy forbids whatever version is named: abi_stable's checker
//! compares today's layout, as a plugin's, with each frozen contract's, as
//! a host's.
//!
//! Both directions are played in CI (`tests/e2e/compat.rs`): plugins built
//! against the frozen 1.0 copy (a 2×3 test game, and Awalé built from its
//! 1.0 sources with the 1.0 kit and engine) play byte for byte in today's
//! host, and a loader built against the frozen 1.0 copy plays today's
//! plugins byte for byte as today's host does.
//!
//! A plugin this host cannot load is refused in one line naming both
//! versions, abi_stable's first reason and the fix for its case
//! ([`LoadError::Incompatible`]): a plugin of an earlier major (every 0.x)
//! is rebuilt against 1.x; a 1.x plugin should load, so its refusal is a
//! defect of this host, to report; a plugin of a later major needs a later
//! host.
//!
//! # Positions (1.1)
//!
//! A game writes where it stands as one line of printable ASCII without
//! spaces, `ID[/KEY=VALUE…]:BODY` (SPEC §2 « Positions »), and a game can
//! start there ([`Plugin::new_game_at`], [`Game::position`]). The framing
//! has one home, [`position`]; the body is the variant's
//! ([`Variant::position`], [`Variant::at_position`]).

#![deny(missing_docs)]

pub mod ffi;
pub mod folders;
mod model;
mod options;
mod plugin;
pub mod position;
pub mod prompt;
pub mod rng;
pub mod search;
mod variant;

pub use model::{
    check_names, Assessed, Assessment, DecisionKind, Description, Gains, HoleMark, Inputs, Layout,
    MarkKind, NumberSide, OptionSpec, OptionValues, Outcome, Player, Row, Step, Tables, Think,
    Thought, Turn, MAX_INPUTS, MAX_SEATS,
};
pub use options::Options;
pub use plugin::{Game, LoadError, Plugin, PluginError, PositionError, API_VERSION};
pub use search::{Bound, SearchLimits, SearchObserver, SearchReport, MAX_PV};
pub use variant::{lead, Variant};
