//! The stable-ABI side of the contract: the root module every plugin exports,
//! the game object the host drives, and the `#[repr(C)]` mirrors of the
//! plain types of this crate that cross the library boundary.
//!
//! Nothing here is meant for variant authors: `variant_kit::export_variant!`
//! builds all of it from a [`crate::Variant`].
//!
//! Every type here, and every `#[repr(C)]` type of the crate's root that it
//! reaches, is either **frozen** for all of 1.x (its layout never changes;
//! its docs say so) or **open**: the prefix types ([`VariantModule`], the
//! vtable of [`FfiGame`]) grow at their end in a minor release, and the
//! open sets ([`FfiErrorKind`], [`crate::DecisionKind`],
//! [`crate::MarkKind`]) gain values. The crate docs' « Compatibility »
//! section is the policy; `contract/layout.txt` pins the layout.

use abi_stable::library::RootModule;
use abi_stable::sabi_types::VersionStrings;
use abi_stable::std_types::{ROption, RResult, RString, RVec, Tuple2};
use abi_stable::{declare_root_module_statics, StableAbi};

use crate::model::{
    Assessed, Assessment, Description, HoleMark, Layout, NumberSide, OptionSpec, OptionValues,
    Player, Row,
};

/// Options as they cross the boundary: (key, value) pairs (frozen for 1.x).
pub type FfiOptions = RVec<Tuple2<RString, RString>>;

/// The interface version of the root module, abi_stable's
/// `VERSION_STRINGS`: the same for every 1.x (abi_stable lets a library
/// load only into a host whose interface version is not above its own, so
/// it must not follow the crate's version). The contract's own version is
/// [`crate::API_VERSION`], which every type layout carries.
pub const INTERFACE_VERSION: &str = "1.0.0";

/// The root module a plugin library exports (open: a prefix type).
///
/// Its four fields up to `build_endgames` are the prefix of 1.0, which
/// every 1.x plugin has. A minor release may append fields after it, never
/// before, each read through its `Option` accessor; a host older than the
/// plugin ignores them, a newer host checks an older plugin against that
/// plugin's frozen copy of the contract (the crate docs, « Compatibility »)
/// and reads it through this type, where the fields the plugin lacks answer
/// `None`: a capability absent.
///
/// Appended since 1.0: `new_game_at` and `endgame_tables` (1.1).
#[repr(C)]
#[derive(StableAbi, Debug)]
#[sabi(kind(Prefix(prefix_ref = VariantModuleRef)))]
#[sabi(missing_field(option))]
pub struct VariantModule {
    /// Describes the variant.
    pub describe: extern "C" fn() -> RResult<FfiDescription, FfiError>,
    /// The names of the seats that play with these options.
    pub seats: extern "C" fn(FfiOptions) -> RResult<RVec<RString>, FfiError>,
    /// Starts a game from options and the index of the first player.
    pub new_game: extern "C" fn(FfiOptions, u8) -> RResult<GameBox, FfiError>,
    /// Builds the endgame tables for these options up to a number of
    /// seeds, telling the progress function the boards done and in all;
    /// `RNone` when the variant has none.
    #[sabi(last_prefix_field)]
    pub build_endgames:
        extern "C" fn(FfiOptions, u32, FfiProgress) -> RResult<ROption<RString>, FfiError>,
    /// Since 1.1: starts a game from options and the body of a position
    /// (the text after `ID[/KEY=VALUE…]:`, see [`crate::position`]), its
    /// repetition history empty. Read through its `Option` accessor: a 1.0
    /// plugin has none. An unsupported error when the variant has no
    /// positions; a refusal names what was expected.
    pub new_game_at: extern "C" fn(FfiOptions, RString) -> RResult<GameBox, FfiError>,
    /// Since 1.1: whether the variant has endgame tables with these
    /// options (`RNone`: none) and whether those level 4 reads are built.
    /// Read through its `Option` accessor: a 1.0 plugin has none.
    pub endgame_tables: extern "C" fn(FfiOptions) -> RResult<ROption<bool>, FfiError>,
}

/// The host's progress function for [`VariantModule::build_endgames`] (frozen).
#[repr(transparent)]
#[derive(StableAbi, Clone, Copy, Debug)]
pub struct FfiProgress {
    /// `advanced(boards_done, boards_in_all)`, after each level.
    pub advanced: extern "C" fn(u64, u64),
}

impl RootModule for VariantModuleRef {
    declare_root_module_statics! {VariantModuleRef}
    const BASE_NAME: &'static str = "awale_variant";
    const NAME: &'static str = "awale_variant";
    const VERSION_STRINGS: VersionStrings = VersionStrings::new(INTERFACE_VERSION);
}

pub use self::game_object::{FfiGame, FfiGame_TO, GameBox};

mod game_object {
    //! The game object, alone in its module for the lint `#[sabi_trait]` trips.
    #![allow(non_local_definitions)] // emitted by #[sabi_trait] on recent rustc

    use abi_stable::sabi_trait;
    use abi_stable::std_types::{RBox, ROption, RResult, RString, RVec};

    use super::{FfiAssessed, FfiAssessment, FfiError, FfiLayout};
    use crate::model::{Inputs, Player, Step, Think, Thought, Turn};
    use crate::search::{SearchLimits, SearchListener};

    /// A game behind the library boundary (open: its vtable is a prefix type).
    ///
    /// The first five methods are the machine path and allocate nothing;
    /// the others build what the console shows a person. The methods up to
    /// `assess` are the prefix of 1.0. A minor release may append methods
    /// after it, each with a default body here answering
    /// `Err(FfiError::unsupported(..))`: the trait object calls that
    /// default when an older plugin's vtable lacks the method, and the host
    /// takes it as a capability absent, never as a failure.
    ///
    /// Appended since 1.0: `position` and `assess_with_tables` (1.1),
    /// `search` (1.2).
    #[sabi_trait]
    pub trait FfiGame: Clone + Send + Sync {
        /// See [`crate::Variant::turn`].
        fn turn(&self) -> RResult<Turn, FfiError>;
        /// See [`crate::Variant::legal_inputs`]; `inputs` is emptied first.
        fn legal_inputs(&self, inputs: &mut Inputs) -> RResult<(), FfiError>;
        /// See [`crate::Variant::play`].
        fn play(&mut self, input: u32) -> RResult<Step, FfiError>;
        /// The score of `player` (see [`crate::Variant::scores`]).
        fn score(&self, player: Player) -> RResult<u32, FfiError>;
        /// The computer player's decision for the player to move.
        fn think(&self, request: Think) -> RResult<Thought, FfiError>;
        /// See [`crate::Variant::end_by_agreement`].
        fn end_by_agreement(&mut self) -> RResult<(), FfiError>;
        /// `player` resigns: every other seat wins.
        fn resign(&mut self, player: Player) -> RResult<(), FfiError>;
        /// See [`crate::Variant::layout`].
        fn layout(&self) -> RResult<FfiLayout, FfiError>;
        /// See [`crate::Variant::seeds`].
        fn seeds(&self) -> RResult<RVec<u32>, FfiError>;
        /// Every seat's score, by seat.
        fn scores(&self) -> RResult<RVec<u32>, FfiError>;
        /// See [`crate::Variant::prompt`].
        fn prompt(&self) -> RResult<ROption<RString>, FfiError>;
        /// See [`crate::Variant::end_reason`].
        fn end_reason(&self) -> RResult<RString, FfiError>;
        /// Every accepted input of the player to move with its value
        /// (the computer player's review); on the person path.
        #[sabi(last_prefix_field)]
        fn assess(&self, request: Think) -> RResult<RVec<FfiAssessment>, FfiError>;
        /// Since 1.1: the position the game stands at, the whole text
        /// `ID[/KEY=VALUE…]:BODY` (see [`crate::position`]); a refusal
        /// where none can be written now (a move in progress, a game over).
        /// A 1.0 plugin's vtable lacks it: this default answers.
        fn position(&self) -> RResult<RString, FfiError> {
            RResult::RErr(FfiError::unsupported("positions"))
        }
        /// Since 1.1: what `assess` gives, each value marked with whether
        /// it is an exact value of the endgame tables for the game's real
        /// history. A 1.0 plugin's vtable lacks it: this default answers.
        fn assess_with_tables(&self, request: Think) -> RResult<RVec<FfiAssessed>, FfiError> {
            let _ = request;
            RResult::RErr(FfiError::unsupported("exact table values"))
        }
        /// Since 1.2: the computer player's decision for the player to
        /// move, within `limits`, telling `listener` each iteration it
        /// completes and stopping when `listener` asks (see
        /// [`crate::search`]). A plugin of 1.0 or 1.1 lacks it: this
        /// default answers.
        fn search(
            &self,
            limits: SearchLimits,
            listener: SearchListener,
        ) -> RResult<Thought, FfiError> {
            let _ = (limits, listener);
            RResult::RErr(FfiError::unsupported("reporting search"))
        }
    }

    /// An owned game behind the library boundary.
    pub type GameBox = FfiGame_TO<'static, RBox<()>>;
}

/// Why a call across the boundary did not return a value (frozen: a kind
/// and a message; the kinds are open).
#[repr(C)]
#[derive(StableAbi, Clone, Debug, PartialEq, Eq)]
pub struct FfiError {
    /// Whether the variant refused (a rule) or failed (a panic).
    pub kind: FfiErrorKind,
    /// One line saying why.
    pub message: RString,
}

/// The kind of an [`FfiError`]: an open set, so that a minor release may
/// name a new kind. A host reads a kind it does not name as
/// [`FfiErrorKind::Panicked`] (the game cannot go on).
#[repr(transparent)]
#[derive(StableAbi, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FfiErrorKind(pub u8);

#[allow(non_upper_case_globals)] // the names of the 0.x enum's variants
impl FfiErrorKind {
    /// The variant refused: bad options, or an input the rules do not allow.
    pub const Refused: FfiErrorKind = FfiErrorKind(0);
    /// The variant panicked; the game cannot go on.
    pub const Panicked: FfiErrorKind = FfiErrorKind(1);
    /// The plugin lacks the capability asked for (a method a later minor
    /// release appended, called on an older plugin): a feature absent.
    pub const Unsupported: FfiErrorKind = FfiErrorKind(2);
}

impl FfiError {
    /// A refusal with this reason.
    pub fn refused(message: impl Into<String>) -> FfiError {
        FfiError {
            kind: FfiErrorKind::Refused,
            message: RString::from(message.into()),
        }
    }

    /// A failure with this message.
    pub fn panicked(message: impl Into<String>) -> FfiError {
        FfiError {
            kind: FfiErrorKind::Panicked,
            message: RString::from(message.into()),
        }
    }

    /// The answer of a capability the plugin lacks: the default body of a
    /// method a later minor release appends to [`FfiGame`].
    pub fn unsupported(capability: &str) -> FfiError {
        FfiError {
            kind: FfiErrorKind::Unsupported,
            message: RString::from(format!("the plugin has no {capability}")),
        }
    }
}

/// Mirror of [`Description`] (frozen: what a later contract adds to a
/// description comes as a new field of [`VariantModule`]).
#[repr(C)]
#[derive(StableAbi, Clone, Debug)]
#[allow(missing_docs)]
pub struct FfiDescription {
    pub id: RString,
    pub title: RString,
    pub title_with_article: RString,
    pub version: RString,
    pub summary: RString,
    pub rules: RString,
    pub players: RVec<RString>,
    pub options: RVec<FfiOptionSpec>,
    pub agreement_ends_game: bool,
}

/// Mirror of [`OptionSpec`]; `choices` is empty for a number range (frozen).
#[repr(C)]
#[derive(StableAbi, Clone, Debug)]
#[allow(missing_docs)]
pub struct FfiOptionSpec {
    pub key: RString,
    pub help: RString,
    pub default: RString,
    pub choices: RVec<RString>,
    pub min: u32,
    pub max: u32,
}

/// Mirror of [`crate::Assessment`] (frozen).
#[repr(C)]
#[derive(StableAbi, Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub struct FfiAssessment {
    pub input: u32,
    pub value: i32,
    pub proven: bool,
}

impl From<Assessment> for FfiAssessment {
    fn from(a: Assessment) -> Self {
        FfiAssessment {
            input: a.input,
            value: a.value,
            proven: a.proven,
        }
    }
}

impl From<FfiAssessment> for Assessment {
    fn from(a: FfiAssessment) -> Self {
        Assessment {
            input: a.input,
            value: a.value,
            proven: a.proven,
        }
    }
}

/// Mirror of [`crate::Assessed`] (frozen, since 1.1).
#[repr(C)]
#[derive(StableAbi, Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub struct FfiAssessed {
    pub assessment: FfiAssessment,
    pub exact: bool,
}

impl From<Assessed> for FfiAssessed {
    fn from(a: Assessed) -> Self {
        FfiAssessed {
            assessment: a.assessment.into(),
            exact: a.exact,
        }
    }
}

impl From<FfiAssessed> for Assessed {
    fn from(a: FfiAssessed) -> Self {
        Assessed {
            assessment: a.assessment.into(),
            exact: a.exact,
        }
    }
}

/// Mirror of [`Layout`] (frozen: what a later contract adds to the board
/// comes as new [`crate::MarkKind`]s, or a new method of [`FfiGame`]).
#[repr(C)]
#[derive(StableAbi, Clone, Debug)]
#[allow(missing_docs)]
pub struct FfiLayout {
    pub rows: RVec<FfiRow>,
    pub owners: RVec<u8>,
    pub score_order: RVec<u8>,
    pub out_of_play: RVec<u32>,
    pub wide: bool,
    pub reserve: u32,
    pub marks: RVec<HoleMark>,
}

/// Mirror of [`Row`]; `numbers_above` is [`NumberSide::Above`] (frozen).
#[repr(C)]
#[derive(StableAbi, Clone, Debug)]
#[allow(missing_docs)]
pub struct FfiRow {
    pub label: RString,
    pub holes: RVec<u32>,
    pub numbers_above: bool,
}

/// Owned strings as they cross the boundary.
pub fn rstrings(strings: Vec<String>) -> RVec<RString> {
    strings.into_iter().map(RString::from).collect()
}

/// Strings that crossed the boundary, owned again.
pub fn strings(strings: RVec<RString>) -> Vec<String> {
    strings.into_iter().map(String::from).collect()
}

impl From<Description> for FfiDescription {
    fn from(d: Description) -> Self {
        FfiDescription {
            id: d.id.into(),
            title: d.title.into(),
            title_with_article: d.title_with_article.into(),
            version: d.version.into(),
            summary: d.summary.into(),
            rules: d.rules.into(),
            players: rstrings(d.players),
            options: d.options.into_iter().map(FfiOptionSpec::from).collect(),
            agreement_ends_game: d.agreement_ends_game,
        }
    }
}

impl From<FfiDescription> for Description {
    fn from(d: FfiDescription) -> Self {
        Description {
            id: d.id.into(),
            title: d.title.into(),
            title_with_article: d.title_with_article.into(),
            version: d.version.into(),
            summary: d.summary.into(),
            rules: d.rules.into(),
            players: strings(d.players),
            options: d.options.into_iter().map(OptionSpec::from).collect(),
            agreement_ends_game: d.agreement_ends_game,
        }
    }
}

impl From<OptionSpec> for FfiOptionSpec {
    fn from(spec: OptionSpec) -> Self {
        let (choices, min, max) = match spec.values {
            OptionValues::Choices(choices) => (rstrings(choices), 0, 0),
            OptionValues::Range { min, max } => (RVec::new(), min, max),
        };
        FfiOptionSpec {
            key: spec.key.into(),
            help: spec.help.into(),
            default: spec.default.into(),
            choices,
            min,
            max,
        }
    }
}

impl From<FfiOptionSpec> for OptionSpec {
    fn from(spec: FfiOptionSpec) -> Self {
        let values = if spec.choices.is_empty() {
            OptionValues::Range {
                min: spec.min,
                max: spec.max,
            }
        } else {
            OptionValues::Choices(strings(spec.choices))
        };
        OptionSpec {
            key: spec.key.into(),
            help: spec.help.into(),
            default: spec.default.into(),
            values,
        }
    }
}

impl From<Layout> for FfiLayout {
    fn from(layout: Layout) -> Self {
        FfiLayout {
            rows: layout
                .rows
                .into_iter()
                .map(|row| FfiRow {
                    label: row.label.into(),
                    holes: row.holes.into(),
                    numbers_above: row.numbers == NumberSide::Above,
                })
                .collect(),
            owners: layout.owners.into_iter().map(|p| p.0).collect(),
            score_order: layout.score_order.into_iter().map(|p| p.0).collect(),
            out_of_play: layout.out_of_play.into(),
            wide: layout.wide,
            reserve: layout.reserve,
            marks: layout.marks.into(),
        }
    }
}

impl From<FfiLayout> for Layout {
    fn from(layout: FfiLayout) -> Self {
        Layout {
            rows: layout
                .rows
                .into_iter()
                .map(|row| Row {
                    label: row.label.into(),
                    holes: row.holes.into(),
                    numbers: if row.numbers_above {
                        NumberSide::Above
                    } else {
                        NumberSide::Below
                    },
                })
                .collect(),
            owners: layout.owners.into_iter().map(Player).collect(),
            score_order: layout.score_order.into_iter().map(Player).collect(),
            out_of_play: layout.out_of_play.into(),
            wide: layout.wide,
            reserve: layout.reserve,
            marks: layout.marks.into(),
        }
    }
}
