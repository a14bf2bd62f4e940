//! The host side of the boundary: loads a plugin library and drives its
//! games through safe Rust types.

use std::fmt;
use std::path::Path;

use abi_stable::abi_stability::abi_checking::{
    check_layout_compatibility_with_globals, AbiInstability, AbiInstabilityErrors, CheckingGlobals,
    ExpectedFound,
};
use abi_stable::library::{lib_header_from_path, LibHeader, LibraryError};
use abi_stable::std_types::{RBoxError, ROption, RResult, RString, RVec, Tuple2};
use abi_stable::type_layout::TLFieldOrFunction;
use abi_stable::StableAbi;

use crate::ffi::{
    strings, FfiAssessment, FfiError, FfiErrorKind, FfiOptions, FfiProgress, GameBox,
    VariantModuleRef,
};
use crate::model::{
    check_names, Assessed, Assessment, Description, Inputs, Layout, OptionSpec, Player, Step,
    Tables, Think, Thought, Turn, MAX_SEATS,
};
use crate::position::Position;
use crate::search::{SearchLimits, SearchListener, SearchObserver};

/// The version of this `variant-api`, the contract's version: a plugin
/// built against any `1.x` loads (see the crate docs' « Compatibility »).
pub const API_VERSION: &str = env!("CARGO_PKG_VERSION");

/// The contract's major version, in the fix of a refusal
/// (« rebuild it against variant-api 1.x »).
const API_MAJOR: &str = env!("CARGO_PKG_VERSION_MAJOR");

/// A variant loaded from a plugin library (or built in-process by `variant_kit::glue::module`).
pub struct Plugin {
    module: VariantModuleRef,
    description: Description,
    api_version: String,
}

/// Why a library file could not be used as a plugin; each displays as one line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LoadError {
    /// The file could not be opened as a dynamic library.
    NotALibrary(String),
    /// The library does not export a variant module.
    NotAPlugin,
    /// The library was built against an incompatible `variant-api`.
    Incompatible {
        /// The contract version of this host ([`API_VERSION`]).
        host: String,
        /// The contract version the plugin was built against, as far as
        /// it says (`unknown` when its header cannot be read).
        plugin: String,
        /// abi_stable's first reason, in a few words.
        reason: String,
    },
    /// The plugin failed while describing itself.
    Failed(String),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::NotALibrary(reason) => write!(f, "not a loadable library ({reason})"),
            LoadError::NotAPlugin => write!(f, "not a variant plugin (no variant module exported)"),
            LoadError::Incompatible {
                host,
                plugin,
                reason,
            } => write!(
                f,
                "built against variant-api {plugin}, which this host (variant-api {host}) \
                 cannot load: {reason}; {}",
                refusal_fix(plugin)
            ),
            LoadError::Failed(message) => {
                write!(f, "the plugin failed to describe itself: {message}")
            }
        }
    }
}

impl std::error::Error for LoadError {}

/// The fix of a refusal, by the major version of the contract the plugin
/// was built against (SPEC §8): an earlier one (every 0.x, or a version
/// the plugin does not say) is rebuilt against this host's; a plugin of
/// this host's major should load, so its refusal is a defect of the host;
/// a later major needs a later host.
fn refusal_fix(plugin: &str) -> String {
    let major = plugin
        .split('.')
        .next()
        .and_then(|major| major.parse::<u64>().ok());
    let ours: u64 = API_MAJOR.parse().unwrap_or(0);
    match major {
        Some(major) if major == ours => format!(
            "a plugin of variant-api {ours}.x loads in every {ours}.y host, so this is a \
             defect of this host: please report it with the plugin"
        ),
        Some(major) if major > ours => {
            format!("upgrade the host to one built against variant-api {major}.x")
        }
        _ => format!("rebuild it against variant-api {ours}.x"),
    }
}

/// Why a game could not start at a position, or could not write one;
/// each displays as one line in French. The host writes the variant's id
/// before it (`awale : …`).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum PositionError {
    /// The text is not a position of this variant, its options do not
    /// agree with the ones given, or the variant cannot start there (for
    /// a usage line); or no position can be written now (a move in
    /// progress): one line saying what was expected.
    Refused(String),
    /// The plugin was built against contract 1.0, which has no positions.
    Contract10,
    /// The plugin's variant writes and reads no positions (its author did
    /// not give it them).
    NoPositions,
    /// The variant failed (it panicked, or broke the contract).
    Failed(String),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Refused(reason) => f.write_str(reason),
            PositionError::Contract10 => f.write_str(
                "sa bibliothèque (contrat 1.0) ne sait ni partir d'une position ni l'écrire ; \
                 le reste de la partie est inchangé",
            ),
            PositionError::NoPositions => {
                f.write_str("cette variante ne sait ni partir d'une position ni l'écrire")
            }
            PositionError::Failed(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for PositionError {}

impl From<PluginError> for PositionError {
    fn from(error: PluginError) -> Self {
        match error {
            PluginError::Refused(reason) => PositionError::Refused(reason),
            PluginError::Failed(message) => PositionError::Failed(message),
        }
    }
}

/// Why a call into a variant did not return a value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PluginError {
    /// The variant refused (bad options, or an input its rules do not allow); the reason is for the player.
    Refused(String),
    /// The variant failed (it panicked, or broke the contract); the game cannot go on.
    Failed(String),
}

impl fmt::Display for PluginError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PluginError::Refused(reason) => f.write_str(reason),
            PluginError::Failed(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for PluginError {}

impl From<FfiError> for PluginError {
    fn from(error: FfiError) -> Self {
        let message = String::from(error.message);
        // Panicked, and the kinds this host does not use: `Unsupported`
        // answers only methods a later contract appends, and a later kind
        // is read as a failure (`FfiErrorKind` is open).
        match error.kind {
            FfiErrorKind::Refused => match plain_line("a refusal", &message) {
                Ok(()) => PluginError::Refused(message),
                Err(broken) => broken,
            },
            _ => PluginError::Failed(escaped(&one_line(&message))),
        }
    }
}

/// Fails unless the plugin's `text` (`what` it is) is one line without a
/// control character: it is printed as it is, and an escape sequence or a
/// line break would reach the player's terminal (`SPEC.md` §7).
fn plain_line(what: &str, text: &str) -> Result<(), PluginError> {
    if text.contains(char::is_control) {
        Err(PluginError::Failed(format!(
            "broke the contract: {what} {} is not one line of plain text",
            escaped(text)
        )))
    } else {
        Ok(())
    }
}

/// `text` with its control characters escaped (`\u{1b}`, `\n`).
fn escaped(text: &str) -> String {
    text.chars()
        .flat_map(|c| {
            let escape = c.is_control().then(|| c.escape_default());
            let plain = (!c.is_control()).then_some(c);
            escape.into_iter().flatten().chain(plain)
        })
        .collect()
}

#[inline]
fn lift<T, U: From<T>>(result: RResult<T, FfiError>) -> Result<U, PluginError> {
    result.into_result().map(U::from).map_err(PluginError::from)
}

impl fmt::Debug for Plugin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Plugin")
            .field("id", &self.description.id)
            .finish_non_exhaustive()
    }
}

impl Plugin {
    /// Loads the plugin library at `path` (made absolute first, so that the
    /// system library paths are never searched).
    ///
    /// Libraries are never unloaded: a loaded plugin lives as long as the process.
    pub fn load(path: &Path) -> Result<Plugin, LoadError> {
        let path = std::path::absolute(path).map_err(|e| LoadError::NotALibrary(e.to_string()))?;
        let header = lib_header_from_path(&path).map_err(|error| match error {
            LibraryError::OpenError { err, .. } => {
                LoadError::NotALibrary(one_line(&err.to_string()))
            }
            LibraryError::GetSymbolError { .. } => LoadError::NotAPlugin,
            LibraryError::InvalidAbiHeader(header) => LoadError::Incompatible {
                host: API_VERSION.to_owned(),
                plugin: "unknown".to_owned(),
                reason: format!(
                    "abi_stable ABI {}.{} instead of {}.{}",
                    header.abi_major,
                    header.abi_minor,
                    abi_stable::library::AbiHeader::VALUE.abi_major,
                    abi_stable::library::AbiHeader::VALUE.abi_minor
                ),
            },
            other => LoadError::NotALibrary(one_line(&other.to_string())),
        })?;
        let found = plugin_version(header);
        let module = oldest_contract(header).map_err(|error| match error {
            LibraryError::IncompatibleVersionNumber { .. }
            | LibraryError::AbiInstability(_)
            | LibraryError::ParseVersionError(_) => LoadError::Incompatible {
                host: API_VERSION.to_owned(),
                plugin: found.clone(),
                reason: first_reason(header, &error),
            },
            other => LoadError::Failed(one_line(&other.to_string())),
        })?;
        let mut plugin =
            Plugin::from_module(module).map_err(|error| LoadError::Failed(error.to_string()))?;
        plugin.api_version = found;
        Ok(plugin)
    }

    /// Wraps a module already in memory, asking it for its description.
    pub fn from_module(module: VariantModuleRef) -> Result<Plugin, PluginError> {
        let description: Description = lift(module.describe()())?;
        description
            .check()
            .map_err(|problem| PluginError::Failed(format!("broke the contract: {problem}")))?;
        Ok(Plugin {
            module,
            description,
            api_version: API_VERSION.to_owned(),
        })
    }

    /// The version of `variant-api` the plugin was built against.
    pub fn api_version(&self) -> &str {
        &self.api_version
    }

    /// What the variant says about itself.
    pub fn description(&self) -> &Description {
        &self.description
    }

    /// The names of the seats that play with these options; a refusal is a bad option.
    pub fn seats(&self, options: &[(String, String)]) -> Result<Vec<String>, PluginError> {
        let seats =
            lift::<_, RVec<RString>>(self.module.seats()(ffi_options(options))).map(strings)?;
        if seats.is_empty() || seats.len() > MAX_SEATS {
            return Err(PluginError::Failed(format!(
                "broke the contract: {} seats",
                seats.len()
            )));
        }
        check_names(&seats)
            .map_err(|problem| PluginError::Failed(format!("broke the contract: {problem}")))?;
        Ok(seats)
    }

    /// Builds the variant's endgame tables for these options up to `seeds`
    /// seeds into the user's cache, `progress(boards_done, boards_in_all)`
    /// called as each level is done; what the tables hold, or `None` when
    /// the variant has none.
    pub fn build_endgames(
        &self,
        options: &[(String, String)],
        seeds: u32,
        progress: extern "C" fn(u64, u64),
    ) -> Result<Option<String>, PluginError> {
        let build = self.module.build_endgames();
        let progress = FfiProgress { advanced: progress };
        let report: ROption<RString> = lift(build(ffi_options(options), seeds, progress))?;
        Ok(report.into_option().map(String::from))
    }

    /// What the variant's endgame tables are with these options (since
    /// contract 1.1; [`Tables::Unknown`] for a 1.0 plugin).
    pub fn endgame_tables(&self, options: &[(String, String)]) -> Result<Tables, PluginError> {
        let Some(tables) = self.module.endgame_tables() else {
            return Ok(Tables::Unknown);
        };
        let built: ROption<bool> = lift(tables(ffi_options(options)))?;
        Ok(match built.into_option() {
            None => Tables::None,
            Some(false) => Tables::NotBuilt,
            Some(true) => Tables::Built,
        })
    }

    /// Starts a game; a refusal is a bad option or seat, in one line.
    pub fn new_game(
        &self,
        options: &[(String, String)],
        first: Player,
    ) -> Result<Game, PluginError> {
        let inner = self.module.new_game()(ffi_options(options), first.0)
            .into_result()
            .map_err(PluginError::from)?;
        Ok(self.game(inner))
    }

    /// Starts a game at the position `text` (`ID[/KEY=VALUE…]:BODY`, SPEC
    /// §2 « Positions »), its repetition history empty, with the options
    /// the text names and the `options` given besides (`--set`), which must
    /// agree with the text's: a key the text does not name has its default
    /// there.
    ///
    /// [`PositionError::Refused`], one line in French, for a text that is
    /// not a position of this variant, options that disagree or are
    /// refused, or a state the variant cannot read or its rules cannot
    /// reach; [`PositionError::Contract10`] for a plugin of contract 1.0.
    pub fn new_game_at(
        &self,
        options: &[(String, String)],
        text: &str,
    ) -> Result<Game, PositionError> {
        let (position, options) = self.read_position(options, text)?;
        let Some(start) = self.module.new_game_at() else {
            return Err(PositionError::Contract10);
        };
        match start(ffi_options(&options), RString::from(position.body)).into_result() {
            Ok(inner) => Ok(self.game(inner)),
            Err(error) if error.kind == FfiErrorKind::Unsupported => {
                Err(PositionError::NoPositions)
            }
            Err(error) => Err(PluginError::from(error).into()),
        }
    }

    /// The options of a game at the position `text`: those the text names,
    /// then the `options` given besides (`--set`), which must agree with
    /// the text's, as [`Plugin::new_game_at`] takes them. They decide the
    /// seats ([`Plugin::seats`]) and the board of that game: a position of
    /// `oware/players=3` seats three players with no option given.
    ///
    /// [`PositionError::Refused`], one line in French, for a text that is
    /// not a position of this variant or options that disagree with it.
    pub fn position_options(
        &self,
        options: &[(String, String)],
        text: &str,
    ) -> Result<Vec<(String, String)>, PositionError> {
        self.read_position(options, text)
            .map(|(_, options)| options)
    }

    /// The position `text` of this variant, and the options of a game
    /// there ([`Plugin::position_options`]).
    fn read_position(
        &self,
        options: &[(String, String)],
        text: &str,
    ) -> Result<(Position, Vec<(String, String)>), PositionError> {
        let position = Position::parse(text).map_err(PositionError::Refused)?;
        let id = &self.description.id;
        if position.id != *id {
            return Err(PositionError::Refused(format!(
                "la position « {text} » est une partie de {}, pas de {id}",
                position.id
            )));
        }
        let options = agreed_options(&self.description.options, &position, options)?;
        Ok((position, options))
    }

    /// A game of this plugin.
    fn game(&self, inner: GameBox) -> Game {
        Game {
            inner,
            contract_1_0: self.module.new_game_at().is_none(),
        }
    }
}

/// The root module of a plugin of any 1.x contract, read through today's
/// types: its layout is checked with abi_stable's checker against the
/// oldest 1.x layout this host supports, the frozen copy of 1.0
/// (`tests/compat/`), which every 1.x plugin's layout extends (abi_stable
/// accepts a library whose prefix types have at least the host's fields,
/// SPEC §8). Each capability appended since is then read through its own
/// accessor: the root module's later fields answer `None` where the
/// plugin lacks them, the game object's later methods their default,
/// « unsupported ». No version flag: a 1.1 plugin keeps its positions in a
/// 1.2 host, a 1.2 plugin its reporting search.
///
/// Each plugin is checked on its own ([`oldest_check`]), never against
/// what the process checked before: abi_stable's `ensure_layout` merges
/// every prefix type it has checked in the process into one, and a 1.1
/// plugin checked first then refused every 1.2 plugin (« too many fields
/// (expected 18, found 17) in VTable », `tests/e2e/compat.rs`). The host
/// never hands one plugin's prefix types to another, so a check per plugin
/// is all the safety it needs.
fn oldest_contract(header: &LibHeader) -> Result<VariantModuleRef, LibraryError> {
    if let Some(layout) = header.layout() {
        oldest_check(layout)
            .map_err(|errors| LibraryError::AbiInstability(RBoxError::from_fmt(&errors)))?;
    }
    // SAFETY: the module's layout extends 1.0's (checked just above, where
    // the library carries its layout, as every library `export_variant!`
    // builds does), and
    // today's contract is 1.0's with fields appended to its prefix types
    // only (`tests/layout.rs` checks it with abi_stable's own checker
    // against every released layout): the fields both have are the same,
    // and abi_stable reads the plugin's own field count before any later
    // field.
    unsafe { header.init_root_module_with_unchecked_layout::<VariantModuleRef>() }
}

/// abi_stable's checker on a plugin's root module `layout` against the
/// oldest 1.x layout, the frozen 1.0's, with state of its own (see
/// [`oldest_contract`]).
fn oldest_check(
    layout: &'static abi_stable::type_layout::TypeLayout,
) -> Result<(), AbiInstabilityErrors> {
    let oldest = <variant_api_1_0::ffi::VariantModuleRef as StableAbi>::LAYOUT;
    check_layout_compatibility_with_globals(oldest, layout, &CheckingGlobals::new())
}

/// The options of a game at `position`: those the text names, and those
/// `given` besides, each of which must agree with the text's value (a key
/// the text does not name has its default there). Values are compared as
/// the variant reads them (ignoring case); keys it does not know are left
/// for it to refuse.
fn agreed_options(
    specs: &[OptionSpec],
    position: &Position,
    given: &[(String, String)],
) -> Result<Vec<(String, String)>, PositionError> {
    let mut options = position.options.clone();
    for (key, value) in given {
        let Some(spec) = specs.iter().find(|spec| &spec.key == key) else {
            options.push((key.clone(), value.clone()));
            continue;
        };
        let in_text = position.option(key).unwrap_or(&spec.default);
        if spec.values.accept(value) != spec.values.accept(in_text) {
            return Err(PositionError::Refused(format!(
                "l'option {key}={value} ne s'accorde pas avec la position, où {key}={in_text}"
            )));
        }
        if position.option(key).is_none() {
            options.push((key.clone(), value.clone()));
        }
    }
    Ok(options)
}

/// The contract version a plugin was built against: the package version
/// abi_stable records in the type layout of its root module (a `PrefixRef`
/// of abi_stable's, over `VariantModule`, whose package is `variant-api`),
/// else the interface version its header declares (before 1.0 the two were
/// one).
fn plugin_version(header: &LibHeader) -> String {
    let contract = header.layout().and_then(|root| {
        std::iter::once(root)
            .chain(root.phantom_fields().iter().map(|field| field.layout()))
            .find(|layout| layout.package().as_str() == "variant-api")
    });
    match contract {
        Some(layout) => layout.package_version().version.as_str().to_owned(),
        None => header.version_strings().version.as_str().to_owned(),
    }
}

/// abi_stable's first reason for refusing the root module of `header`, in
/// a few words: its layout checker's first error when the header carries
/// a layout (abi_stable's own message runs to hundreds of lines), else
/// what `error` says of the interface versions.
fn first_reason(header: &LibHeader, error: &LibraryError) -> String {
    let first = header.layout().and_then(|layout| {
        oldest_check(layout)
            .err()
            .and_then(|errors| first_instability(&errors))
    });
    first.unwrap_or_else(|| match error {
        LibraryError::IncompatibleVersionNumber {
            expected_version,
            actual_version,
            ..
        } => format!("interface version {actual_version}, this host reads {expected_version}"),
        LibraryError::ParseVersionError(_) => "unreadable interface version".to_owned(),
        _ => "the layout of the variant module differs".to_owned(),
    })
}

/// The first error of a layout check, in a few words, with the type or
/// function where it was found.
fn first_instability(errors: &AbiInstabilityErrors) -> Option<String> {
    // The checker's list holds an entry for each type it went through, many
    // with no error of their own: the first with one is the first reason.
    let (error, first) = errors
        .errors
        .iter()
        .find_map(|error| Some((error, error.errs.first()?)))?;
    let what = describe_instability(first);
    Some(match error.stack_trace.last() {
        Some(ExpectedFound { expected, .. }) => match expected {
            TLFieldOrFunction::Field(field) => format!("{what} in {}", field.layout().name()),
            TLFieldOrFunction::Function(function) => {
                format!("{what} in function {}", function.name)
            }
        },
        None => format!("{what} in {}", errors.interface.name()),
    })
}

/// One error of abi_stable's layout checker in a few words; `expected` is
/// this host's, `found` the plugin's.
fn describe_instability(error: &AbiInstability) -> String {
    fn both<T: fmt::Display>(words: &str, pair: &ExpectedFound<T>) -> String {
        format!("{words} (expected {}, found {})", pair.expected, pair.found)
    }
    use AbiInstability as AI;
    match error {
        AI::Name(pair) => both("another type", pair),
        AI::Package(pair) => both("another package", pair),
        AI::PackageVersion(pair) => both("different package version", pair),
        AI::PackageVersionParseError(_) => "unreadable package version".to_owned(),
        AI::MismatchedPrefixSize(pair) => both("a prefix of another length", pair),
        AI::Size(pair) => both("another size", pair),
        AI::Alignment(pair) => both("another alignment", pair),
        AI::FieldCountMismatch(pair) => both("too many fields", pair),
        AI::TooManyVariants(pair) => both("too many variants", pair),
        AI::UnexpectedField(pair) => format!(
            "unexpected field (expected {}, found {})",
            pair.expected.name(),
            pair.found.name()
        ),
        AI::UnexpectedVariant(pair) => both("unexpected variant", pair),
        AI::TLDataDiscriminant(pair) => format!(
            "another kind of type (expected {:?}, found {:?})",
            pair.expected, pair.found
        ),
        AI::MismatchedPrimitive(pair) => format!(
            "another primitive (expected {:?}, found {:?})",
            pair.expected, pair.found
        ),
        AI::MismatchedExhaustiveness(_) => "an enum's exhaustiveness differs".to_owned(),
        AI::ReprAttr(pair) => format!(
            "another repr (expected {:?}, found {:?})",
            pair.expected, pair.found
        ),
        AI::EnumDiscriminant(_) => "different enum discriminants".to_owned(),
        AI::NonZeroness(_) => "different non-zeroness".to_owned(),
        AI::GenericParamCount(_) => "another number of generic parameters".to_owned(),
        AI::FieldLifetimeMismatch(_) | AI::FnLifetimeMismatch(_) => {
            "different lifetimes".to_owned()
        }
        AI::FnQualifierMismatch(_) => "different function qualifiers".to_owned(),
        AI::MismatchedPrefixConditionality(_) => {
            "prefix fields differ in whether they are conditional".to_owned()
        }
        AI::MismatchedConstParam(_) => "different const parameters".to_owned(),
        AI::IncompatibleWithNonExhaustive(_) => "a non-exhaustive enum differs".to_owned(),
        AI::NoneExtraChecks | AI::ExtraCheckError(_) => "its extra checks differ".to_owned(),
        AI::TagError { .. } => "its tags differ".to_owned(),
        AI::ReentrantLayoutCheckingCall | AI::CyclicTypeChecking { .. } => {
            "its layout could not be checked".to_owned()
        }
    }
}

fn ffi_options(options: &[(String, String)]) -> FfiOptions {
    options
        .iter()
        .map(|(key, value)| Tuple2(RString::from(key.as_str()), RString::from(value.as_str())))
        .collect()
}

fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A game in progress, driven through the stable ABI.
#[derive(Clone)]
pub struct Game {
    inner: GameBox,
    /// Its plugin's root module lacks `new_game_at` (read through its
    /// accessor): a plugin of contract 1.0, whose games have no positions
    /// (said as [`PositionError::Contract10`]).
    contract_1_0: bool,
}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Game").finish_non_exhaustive()
    }
}

impl Game {
    /// Whose decision it is and of what kind, or how the game ended.
    #[inline]
    pub fn turn(&self) -> Result<Turn, PluginError> {
        lift(self.inner.turn())
    }

    /// Fills `inputs` with the inputs [`Game::play`] accepts now.
    #[inline]
    pub fn legal_inputs(&self, inputs: &mut Inputs) -> Result<(), PluginError> {
        lift(self.inner.legal_inputs(inputs))
    }

    /// Plays one input; [`PluginError::Refused`] leaves the game unchanged.
    #[inline]
    pub fn play(&mut self, input: u32) -> Result<Step, PluginError> {
        lift(self.inner.play(input))
    }

    /// The score of `player`.
    pub fn score(&self, player: Player) -> Result<u32, PluginError> {
        lift(self.inner.score(player))
    }

    /// The computer player's decision for the player to move.
    pub fn think(&self, request: Think) -> Result<Thought, PluginError> {
        lift(self.inner.think(request))
    }

    /// Every accepted input of the player to move with its value for that
    /// player, in the order of [`Game::legal_inputs`] (the computer player's review).
    pub fn assess(&self, request: Think) -> Result<Vec<Assessment>, PluginError> {
        let assessed: RVec<FfiAssessment> = lift(self.inner.assess(request))?;
        Ok(assessed.into_iter().map(Assessment::from).collect())
    }

    /// What [`Game::assess`] gives, each value marked with whether it is an
    /// exact value of the endgame tables for the game's real history
    /// (since contract 1.1; a plugin without it marks none).
    pub fn assess_with_tables(&self, request: Think) -> Result<Vec<Assessed>, PluginError> {
        match self.inner.assess_with_tables(request).into_result() {
            Ok(assessed) => return Ok(assessed.into_iter().map(Assessed::from).collect()),
            Err(error) if error.kind == FfiErrorKind::Unsupported => {}
            Err(error) => return Err(error.into()),
        }
        let unmarked = |assessment| Assessed {
            assessment,
            exact: false,
        };
        Ok(self.assess(request)?.into_iter().map(unmarked).collect())
    }

    /// The computer player's decision for the player to move within
    /// `limits`, telling `observer` each iteration it completes and
    /// stopping when it asks (since contract 1.2, [`crate::search`]);
    /// `None` from a plugin without it (a capability absent), which the
    /// caller may replace by [`Game::think`].
    pub fn search(
        &self,
        limits: SearchLimits,
        observer: &dyn SearchObserver,
    ) -> Result<Option<Thought>, PluginError> {
        let listener = SearchListener::new(&observer);
        match self.inner.search(limits, listener).into_result() {
            Ok(thought) => Ok(Some(thought)),
            Err(error) if error.kind == FfiErrorKind::Unsupported => Ok(None),
            Err(error) => Err(error.into()),
        }
    }

    /// Ends the game by agreement, where the variant allows it.
    pub fn end_by_agreement(&mut self) -> Result<(), PluginError> {
        lift(self.inner.end_by_agreement())
    }

    /// `player` resigns: every other seat wins.
    pub fn resign(&mut self, player: Player) -> Result<(), PluginError> {
        lift(self.inner.resign(player))
    }

    /// How the board is drawn now.
    pub fn layout(&self) -> Result<Layout, PluginError> {
        lift(self.inner.layout())
    }

    /// The seeds in each hole (index `n - 1` for hole `n`).
    pub fn seeds(&self) -> Result<Vec<u32>, PluginError> {
        lift(self.inner.seeds())
    }

    /// Each seat's score.
    pub fn scores(&self) -> Result<Vec<u32>, PluginError> {
        lift(self.inner.scores())
    }

    /// The variant's own words for the decision awaited, if any (one line
    /// of plain text, or the plugin broke the contract).
    pub fn prompt(&self) -> Result<Option<String>, PluginError> {
        let prompt = lift::<_, ROption<RString>>(self.inner.prompt())?
            .into_option()
            .map(String::from);
        if let Some(prompt) = &prompt {
            plain_line("a prompt", prompt)?;
        }
        Ok(prompt)
    }

    /// Why the game, or the round that just ended, ended (one line of plain
    /// text, or the plugin broke the contract).
    pub fn end_reason(&self) -> Result<String, PluginError> {
        let reason: String = lift(self.inner.end_reason())?;
        plain_line("an end reason", &reason)?;
        Ok(reason)
    }

    /// The position the game stands at, `ID[/KEY=VALUE…]:BODY` (SPEC §2
    /// « Positions »), which [`Plugin::new_game_at`] reads back.
    ///
    /// [`PositionError::Refused`] where none can be written now (a move in
    /// progress, a game over), [`PositionError::Contract10`] for a plugin
    /// of contract 1.0, [`PositionError::Failed`] for a text that is not
    /// a position (the plugin broke the contract).
    pub fn position(&self) -> Result<String, PositionError> {
        if self.contract_1_0 {
            return Err(PositionError::Contract10);
        }
        match self.inner.position().into_result() {
            Ok(text) => {
                let text = String::from(text);
                match Position::parse(&text) {
                    Ok(_) => Ok(text),
                    Err(problem) => Err(PositionError::Failed(format!(
                        "broke the contract: the position {} is not one: {problem}",
                        escaped(&text)
                    ))),
                }
            }
            Err(error) if error.kind == FfiErrorKind::Unsupported => {
                Err(PositionError::NoPositions)
            }
            Err(error) => Err(PluginError::from(error).into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::OptionValues;

    #[test]
    fn each_refusal_gives_the_fix_of_its_case() {
        let line = |plugin: &str| {
            LoadError::Incompatible {
                host: "1.1.0".to_owned(),
                plugin: plugin.to_owned(),
                reason: "too many fields (expected 5, found 4) in VariantModule".to_owned(),
            }
            .to_string()
        };
        assert_eq!(
            line("0.3.1"),
            "built against variant-api 0.3.1, which this host (variant-api 1.1.0) cannot \
             load: too many fields (expected 5, found 4) in VariantModule; rebuild it against \
             variant-api 1.x"
        );
        assert!(line("unknown").ends_with("; rebuild it against variant-api 1.x"));
        assert!(line("1.0.0").ends_with(
            "; a plugin of variant-api 1.x loads in every 1.y host, so this is a defect of \
             this host: please report it with the plugin"
        ));
        assert!(line("1.7.2").contains("defect of this host"));
        assert!(line("2.0.0").ends_with("; upgrade the host to one built against variant-api 2.x"));
        for plugin in ["0.3.1", "1.0.0", "2.0.0", "unknown"] {
            assert!(!line(plugin).contains('\n'));
        }
    }

    fn specs() -> Vec<OptionSpec> {
        vec![
            OptionSpec {
                key: "capture".into(),
                help: "h".into(),
                default: "both".into(),
                values: OptionValues::Choices(vec!["both".into(), "backward".into()]),
            },
            OptionSpec {
                key: "seeds".into(),
                help: "h".into(),
                default: "4".into(),
                values: OptionValues::Range { min: 1, max: 9 },
            },
        ]
    }

    fn pairs(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(key, value)| ((*key).to_owned(), (*value).to_owned()))
            .collect()
    }

    #[test]
    fn options_given_with_a_position_must_agree_with_it() {
        let position = Position::parse("awale/capture=backward:S:1:0,0").unwrap();
        let agreed = |given: &[(&str, &str)]| agreed_options(&specs(), &position, &pairs(given));
        assert_eq!(agreed(&[]), Ok(pairs(&[("capture", "backward")])));
        assert_eq!(
            agreed(&[("capture", "BACKWARD"), ("seeds", "4")]),
            Ok(pairs(&[("capture", "backward"), ("seeds", "4")])),
            "the same values, the default for a key the text does not name"
        );
        assert_eq!(
            agreed(&[("capture", "both")]),
            Err(PositionError::Refused(
                "l'option capture=both ne s'accorde pas avec la position, où capture=backward"
                    .to_owned()
            ))
        );
        assert_eq!(
            agreed(&[("seeds", "3")]),
            Err(PositionError::Refused(
                "l'option seeds=3 ne s'accorde pas avec la position, où seeds=4".to_owned()
            ))
        );
        assert_eq!(
            agreed(&[("speed", "fast")]),
            Ok(pairs(&[("capture", "backward"), ("speed", "fast")])),
            "left for the variant to refuse"
        );
    }

    #[test]
    fn a_position_error_is_one_line_that_says_what_is_missing() {
        assert_eq!(
            PositionError::Contract10.to_string(),
            "sa bibliothèque (contrat 1.0) ne sait ni partir d'une position ni l'écrire ; le reste \
             de la partie est inchangé"
        );
        assert_eq!(
            PositionError::NoPositions.to_string(),
            "cette variante ne sait ni partir d'une position ni l'écrire"
        );
        assert_eq!(
            PositionError::from(PluginError::Refused("non".to_owned())),
            PositionError::Refused("non".to_owned())
        );
    }
}
