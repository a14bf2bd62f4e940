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
//! - **Versions.** abi_stable compares two versions, and for 1.x only their
//!   major. It stores this crate's name and version in every type layout
//!   and accepts any version of the same major (for 0.x, of the same
//!   minor). The root module's interface version, [`ffi::INTERFACE_VERSION`],
//!   is `1.0.0` for all of 1.x: `LibHeader::check_version` refuses a
//!   library whose major differs from the host's, and compares minors only
//!   under 1.0 (a 0.x host refuses a library of a lower minor). The
//!   contract's version ([`API_VERSION`]) is read from the plugin's layout:
//!   `--list` shows it, and refusals name it.
//! - **Open types.** The root module [`ffi::VariantModule`] and the vtable
//!   of [`ffi::FfiGame`] are prefix types; [`DecisionKind`],
//!   [`ffi::FfiErrorKind`], [`MarkKind`] and [`Bound`] are open sets of
//!   values (a `u8` with named constants; each says how an unknown value
//!   is read).
//! - **Frozen types.** Every other type crossing the boundary ([`Turn`],
//!   [`Step`], [`Gains`], [`Outcome`], [`Inputs`], [`Think`], [`Thought`],
//!   [`Player`], [`HoleMark`], [`SearchLimits`], [`SearchReport`], the
//!   `Ffi*` mirrors) keeps its layout for all of 1.x: an exhaustive enum
//!   never gains a variant, a struct never a field.
//!
//! A **minor release** (1.y) may only:
//!
//! 1. append fields at the end of [`ffi::VariantModule`], after its last
//!    field, read by the host through their `Option` accessors: `None` from
//!    an older plugin is a capability absent;
//! 2. append methods at the end of [`ffi::FfiGame`], after its last method,
//!    each with a default body answering [`ffi::FfiError::unsupported`],
//!    which the trait object calls when an older plugin's vtable lacks it;
//!    the host takes that answer as a feature absent;
//! 3. name new values of the open sets;
//! 4. add new frozen types, and change what does not cross the boundary
//!    (the safe Rust API, docs).
//!
//! **How hosts and plugins of different 1.x meet.** abi_stable's checker
//! accepts a library whose prefix types have *at least* the host's
//! fields: the host's layout is the oldest it supports, the library's may
//! be newer. So an older host, checking with its own layout, loads a newer
//! plugin and never asks for what it does not know (a 1.0 or 1.1 host
//! plays a 1.2 plugin; its reporting search is simply unused). And
//! [`Plugin::load`] checks every 1.x plugin against the oldest 1.x layout,
//! the frozen copy of 1.0 kept in `tests/compat/`, which every 1.x layout
//! extends, then reads the module through today's types, each capability
//! through its own accessor: the fields a plugin lacks answer `None`, the
//! methods its game object lacks their default, « unsupported ». No
//! version flag: a 1.1 plugin keeps its positions in a 1.2 host, a 1.0
//! plugin says it has none ([`PositionError::Contract10`]), and neither
//! has the reporting search ([`Game::search`] answers `None`). Each plugin
//! is checked with abi_stable's checker on its own, never merged with the
//! plugins checked before it in the process (abi_stable's `ensure_layout`
//! merges them, and then refused a 1.2 plugin after a 1.1 one).
//!
//! The frozen copy is a path dependency of this crate under another name
//! (package `variant-api-1-0`, library `variant_api_1_0`), since cargo
//! builds one package named `variant-api`; its build script gives its
//! type layouts the released package name, which abi_stable compares. No
//! later minor release needs a copy: each release is recorded with its
//! commit in `contract/releases.txt` (add a line when one is released),
//! and the tests build a host and a plugin of each from that commit
//! (`tests/compat/README.md`).
//!
//! Anything else is 2.0: a field or method removed, reordered, retyped or
//! inserted before the end; a field added to a frozen type or a variant to
//! an exhaustive enum; `last_prefix_field` moved; the interface version
//! changed. Each step is recorded in `CHANGELOG.md`. The layout test
//! (`tests/layout.rs`, golden file `contract/layout.txt`) fails on any
//! layout change that is not recorded with a minor step, and on any change
//! the policy forbids whatever version is named or golden file written:
//! abi_stable's checker compares today's layout, as a plugin's, with every
//! released layout (read from each release's plugin) and the frozen 1.0,
//! as a host's.
//!
//! Both directions are played in CI (`tests/e2e/compat.rs`): every released
//! host plays today's plugins byte for byte, today's host plays every
//! released Awalé byte for byte with its capabilities, and every released
//! host plays every released Awalé.
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
