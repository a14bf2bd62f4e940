//! The plugin side of the boundary: wraps a [`Variant`] into the stable
//! [`VariantModule`], turning every panic into an [`FfiError`].

use std::any::Any;
use std::cell::RefCell;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Arc, Once};

use abi_stable::library::{CheckTypeLayout, RootModuleResult};

pub use abi_stable::library::LibHeader;
use abi_stable::prefix_type::PrefixTypeTrait;
use abi_stable::sabi_trait::TD_Opaque;
use abi_stable::std_types::{ROption, RResult, RString, RVec, Tuple2};

use crate::ffi::{
    rstrings, FfiAssessed, FfiAssessment, FfiDescription, FfiError, FfiErrorKind, FfiGame,
    FfiGame_TO, FfiLayout, FfiOptions, FfiProgress, GameBox, VariantModule, VariantModuleRef,
};
use crate::position::{head, is_body};
use crate::search::SearchListener;
use crate::Variant;
use crate::{DecisionKind, Inputs, Outcome, Player, SearchLimits, Step, Think, Thought, Turn};
use crate::{Description, Options};
use variant_engine as engine;

/// The stable module of variant `V`, for the host's loader or for in-process tests.
pub fn module<V: Variant>() -> VariantModuleRef {
    VariantModule {
        describe: describe::<V>,
        seats: seats::<V>,
        new_game: new_game::<V>,
        build_endgames: build_endgames::<V>,
        new_game_at: new_game_at::<V>,
        endgame_tables: endgame_tables::<V>,
    }
    .leak_into_prefix()
}

/// The header [`crate::export_variant!`] exports under abi_stable's well-known symbol.
pub const fn lib_header<V: Variant>() -> LibHeader {
    // SAFETY: the constructor returns the root module of type `VariantModuleRef`
    // named here, and the layout is checked by the loader.
    unsafe {
        LibHeader::from_constructor::<VariantModuleRef>(plugin_entry::<V>, CheckTypeLayout::Yes)
    }
}

/// Called once by the host's loader: silences the default panic message
/// (the glue reports panics itself) and builds the module.
extern "C" fn plugin_entry<V: Variant>() -> RootModuleResult {
    static QUIET_PANICS: Once = Once::new();
    QUIET_PANICS.call_once(|| std::panic::set_hook(Box::new(remember_panic_location)));
    abi_stable::library::__call_root_module_loader(module::<V>)
}

thread_local! {
    static LAST_PANIC_LOCATION: RefCell<Option<String>> = const { RefCell::new(None) };
}

fn remember_panic_location(info: &std::panic::PanicHookInfo<'_>) {
    let location = info
        .location()
        .map(|l| format!("{}:{}", l.file(), l.line()));
    LAST_PANIC_LOCATION.with(|last| *last.borrow_mut() = location);
}

/// Runs `f`, turning a panic into [`FfiError::panicked`] with its message.
fn guarded<T>(f: impl FnOnce() -> Result<T, FfiError>) -> RResult<T, FfiError> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(result) => result.into(),
        Err(payload) => RResult::RErr(FfiError::panicked(panic_message(payload))),
    }
}

fn panic_message(payload: Box<dyn Any + Send>) -> String {
    let message = if let Some(text) = payload.downcast_ref::<&str>() {
        (*text).to_owned()
    } else if let Some(text) = payload.downcast_ref::<String>() {
        text.clone()
    } else {
        "unknown panic".to_owned()
    };
    let message = message.replace('\n', " ");
    match LAST_PANIC_LOCATION.with(|last| last.borrow_mut().take()) {
        Some(location) => format!("panicked at {location}: {message}"),
        None => format!("panicked: {message}"),
    }
}

extern "C" fn describe<V: Variant>() -> RResult<FfiDescription, FfiError> {
    guarded(|| Ok(V::describe().into()))
}

/// Checks the options a host passes against the variant's description.
fn checked_options<V: Variant>(options: FfiOptions) -> Result<Options, FfiError> {
    checked_against(&V::describe(), options)
}

/// Checks the options a host passes against `description`.
fn checked_against(description: &Description, options: FfiOptions) -> Result<Options, FfiError> {
    let given: Vec<(String, String)> = options
        .into_iter()
        .map(|Tuple2(key, value)| (key.into(), value.into()))
        .collect();
    Options::resolve(&description.options, &given).map_err(FfiError::refused)
}

/// A table for `game` of the variant `description` describes, with these
/// options' seats, and the framing of its positions (the id and the
/// options that differ from their defaults).
fn table<V: Variant>(game: V, description: &Description, options: &Options) -> Table<V> {
    Table {
        game,
        seats: V::seats(options).into(),
        head: head(&description.id, &description.options, options).into(),
        resigned: None,
        pending: false,
    }
}

extern "C" fn seats<V: Variant>(options: FfiOptions) -> RResult<RVec<RString>, FfiError> {
    guarded(|| Ok(rstrings(V::seats(&checked_options::<V>(options)?))))
}

extern "C" fn new_game<V: Variant>(options: FfiOptions, first: u8) -> RResult<GameBox, FfiError> {
    guarded(|| {
        let description = V::describe();
        let options = checked_against(&description, options)?;
        let seats = V::seats(&options);
        if usize::from(first) >= seats.len() {
            return Err(FfiError::refused(format!(
                "no player {first}: with these options this variant seats {}",
                seats.join(", ")
            )));
        }
        let game = V::new(&options, Player(first)).map_err(FfiError::refused)?;
        Ok(FfiGame_TO::from_value(
            Guarded(GameCell::Live(table(game, &description, &options))),
            TD_Opaque,
        ))
    })
}

/// A game at the position whose body is `body` ([`Variant::at_position`]),
/// unless the variant has no positions (« unsupported »), refuses the body,
/// or builds a game with nothing left to play: over, or waiting for a
/// decision that accepts no input.
extern "C" fn new_game_at<V: Variant>(
    options: FfiOptions,
    body: RString,
) -> RResult<GameBox, FfiError> {
    guarded(|| {
        let description = V::describe();
        let options = checked_against(&description, options)?;
        let game = match V::at_position(&options, &body) {
            None => return Err(FfiError::unsupported("positions")),
            Some(read) => read.map_err(FfiError::refused)?,
        };
        let table = table(game, &description, &options);
        match table.game.turn() {
            Turn::Over(_) => {
                // Why it ended, without how the seeds left are shared.
                let reason = table.game.end_reason();
                let why = reason.split(" ; ").next().unwrap_or_default();
                return Err(FfiError::refused(format!(
                    "cette position est une fin de partie : {}",
                    why.trim_end_matches('.')
                )));
            }
            Turn::Decide { player, .. } => {
                let mut inputs = Inputs::new();
                table.game.legal_inputs(&mut inputs);
                if inputs.is_empty() {
                    let name = table.seats.get(player.index()).map_or("?", String::as_str);
                    return Err(FfiError::refused(format!(
                        "dans cette position, {name} a la main mais aucun coup permis : une \
                         partie n'y arrive pas"
                    )));
                }
            }
        }
        Ok(FfiGame_TO::from_value(
            Guarded(GameCell::Live(table)),
            TD_Opaque,
        ))
    })
}

extern "C" fn build_endgames<V: Variant>(
    options: FfiOptions,
    seeds: u32,
    progress: FfiProgress,
) -> RResult<ROption<RString>, FfiError> {
    guarded(|| {
        let options = checked_options::<V>(options)?;
        let mut advanced = |done, all| (progress.advanced)(done, all);
        match V::build_endgames(&options, seeds as usize, &mut advanced) {
            None => Ok(ROption::RNone),
            Some(Ok(report)) => Ok(ROption::RSome(report.into())),
            Some(Err(why)) => Err(FfiError::refused(why)),
        }
    })
}

extern "C" fn endgame_tables<V: Variant>(options: FfiOptions) -> RResult<ROption<bool>, FfiError> {
    guarded(|| {
        let options = checked_options::<V>(options)?;
        Ok(V::endgame_tables(&options).into())
    })
}

/// A game with what the glue adds to it: its seats' names, the framing of
/// its positions, a resignation, and whether the last decision left its
/// move pending.
#[derive(Clone, Debug)]
struct Table<V> {
    game: V,
    seats: Arc<[String]>,
    /// `ID[/KEY=VALUE…]`, written before the body of each position.
    head: Arc<str>,
    resigned: Option<Player>,
    /// The last decision played answered [`Step::Pending`].
    pending: bool,
}

/// The refusal of `position` while a move is in progress ([`in_move`]).
const POSITION_MID_MOVE: &str =
    "un coup est en cours : la position s'écrit entre deux coups ; finissez d'abord ce coup";

/// The refusal of `0` while a move is in progress ([`in_move`]).
const AGREEMENT_MID_MOVE: &str =
    "un coup est en cours : la fin d'un commun accord se décide entre deux coups ; finissez d'abord ce coup";

/// Whether a move is in progress at `turn`, the last decision having left
/// its move `pending` ([`Step::Pending`]): the decision now asked belongs
/// to that move (a target hole, a direction, the next seed of a placement),
/// unless it is which hole to sow, which starts a move (after Katra's
/// direction for the whole game, or a new round's set-up).
///
/// The end by agreement belongs between moves: `0` is refused while a move
/// is in progress, for every variant, so that no move is dropped half-made.
pub fn in_move(pending: bool, turn: Turn) -> bool {
    pending
        && matches!(
            turn,
            Turn::Decide { kind, .. } if kind != DecisionKind::Sow
        )
}

/// A game, or the message of the panic that ended it.
///
/// After a panic in a `&mut self` method the position may be half-updated,
/// so the game refuses every later call instead of going on.
#[derive(Debug)]
enum GameCell<V> {
    Live(Table<V>),
    Broken(String),
}

impl<V: Variant> GameCell<V> {
    fn read<T>(&self, f: impl FnOnce(&Table<V>) -> T) -> RResult<T, FfiError> {
        match self {
            GameCell::Live(table) => guarded(|| Ok(f(table))),
            GameCell::Broken(message) => RResult::RErr(broken(message)),
        }
    }

    /// [`GameCell::read`] for what only a game going on can answer (the
    /// computer's searches): refused once the game is over.
    fn read_going_on<T>(&self, f: impl FnOnce(&Table<V>) -> T) -> RResult<T, FfiError> {
        match self {
            GameCell::Live(table) if table.is_over() => {
                RResult::RErr(FfiError::refused("la partie est finie"))
            }
            _ => self.read(f),
        }
    }

    fn write<T>(
        &mut self,
        f: impl FnOnce(&mut Table<V>) -> Result<T, String>,
    ) -> RResult<T, FfiError> {
        let result = match self {
            GameCell::Live(table) => guarded(|| f(table).map_err(FfiError::refused)),
            GameCell::Broken(message) => return RResult::RErr(broken(message)),
        };
        if let RResult::RErr(error) = &result {
            if error.kind == FfiErrorKind::Panicked {
                *self = GameCell::Broken(error.message.to_string());
            }
        }
        result
    }
}

fn broken(message: &str) -> FfiError {
    FfiError::panicked(format!(
        "the game stopped after an earlier failure ({message})"
    ))
}

impl<V: Variant> Clone for GameCell<V> {
    fn clone(&self) -> Self {
        match self {
            GameCell::Live(table) => match catch_unwind(AssertUnwindSafe(|| table.clone())) {
                Ok(copy) => GameCell::Live(copy),
                Err(payload) => GameCell::Broken(panic_message(payload)),
            },
            GameCell::Broken(message) => GameCell::Broken(message.clone()),
        }
    }
}

/// A panic while dropping the variant would cross the library boundary and
/// abort the host: the game is dropped here, under `catch_unwind`.
impl<V> Drop for Guarded<V> {
    fn drop(&mut self) {
        let cell = std::mem::replace(&mut self.0, GameCell::Broken(String::new()));
        let _ = catch_unwind(AssertUnwindSafe(move || drop(cell)));
    }
}

impl<V: Variant> Table<V> {
    fn turn(&self) -> Turn {
        match self.resigned {
            Some(loser) => Turn::Over(Outcome::all_but(loser, self.seats.len())),
            None => self.game.turn(),
        }
    }

    fn is_over(&self) -> bool {
        matches!(self.turn(), Turn::Over(_))
    }
}

/// The game object the host holds: a [`GameCell`] dropped under `catch_unwind`.
#[derive(Debug)]
struct Guarded<V>(GameCell<V>);

impl<V: Variant> Clone for Guarded<V> {
    fn clone(&self) -> Self {
        Guarded(self.0.clone())
    }
}

impl<V: Variant> FfiGame for Guarded<V> {
    fn turn(&self) -> RResult<Turn, FfiError> {
        self.0.read(Table::turn)
    }

    fn legal_inputs(&self, inputs: &mut Inputs) -> RResult<(), FfiError> {
        inputs.clear();
        self.0.read(|table| {
            if table.resigned.is_none() {
                table.game.legal_inputs(inputs);
            }
        })
    }

    fn play(&mut self, input: u32) -> RResult<Step, FfiError> {
        self.0.write(|table| {
            if table.resigned.is_some() {
                return Err("la partie est finie".to_owned());
            }
            let step = table.game.play(input)?;
            table.pending = step == Step::Pending;
            Ok(step)
        })
    }

    fn score(&self, player: Player) -> RResult<u32, FfiError> {
        self.0.read(|table| {
            table
                .game
                .scores()
                .get(player.index())
                .copied()
                .unwrap_or(0)
        })
    }

    fn assess_with_tables(&self, request: Think) -> RResult<RVec<FfiAssessed>, FfiError> {
        self.0.read_going_on(|table| {
            engine::assess_with_tables(&table.game, request)
                .into_iter()
                .map(FfiAssessed::from)
                .collect()
        })
    }

    fn assess(&self, request: Think) -> RResult<RVec<FfiAssessment>, FfiError> {
        self.0.read_going_on(|table| {
            engine::assess(&table.game, request)
                .into_iter()
                .map(FfiAssessment::from)
                .collect()
        })
    }

    fn think(&self, request: Think) -> RResult<Thought, FfiError> {
        self.0
            .read_going_on(|table| engine::think(&table.game, request))
    }

    fn search(&self, limits: SearchLimits, listener: SearchListener) -> RResult<Thought, FfiError> {
        self.0
            .read_going_on(|table| engine::search(&table.game, limits, &listener))
    }

    fn end_by_agreement(&mut self) -> RResult<(), FfiError> {
        self.0.write(|table| {
            if table.is_over() {
                return Err("la partie est finie".to_owned());
            }
            if in_move(table.pending, table.game.turn()) {
                return Err(AGREEMENT_MID_MOVE.to_owned());
            }
            table.game.end_by_agreement()
        })
    }

    fn resign(&mut self, player: Player) -> RResult<(), FfiError> {
        self.0.write(|table| {
            if table.is_over() {
                return Err("la partie est finie".to_owned());
            }
            table.resigned = Some(player);
            Ok(())
        })
    }

    fn layout(&self) -> RResult<FfiLayout, FfiError> {
        self.0.read(|table| table.game.layout().into())
    }

    fn seeds(&self) -> RResult<RVec<u32>, FfiError> {
        self.0.read(|table| table.game.seeds().into())
    }

    fn scores(&self) -> RResult<RVec<u32>, FfiError> {
        self.0.read(|table| {
            let scores = table.game.scores();
            (0..table.seats.len())
                .map(|seat| scores.get(seat).copied().unwrap_or(0))
                .collect()
        })
    }

    fn prompt(&self) -> RResult<ROption<RString>, FfiError> {
        self.0
            .read(|table| table.game.prompt().map(RString::from).into())
    }

    fn position(&self) -> RResult<RString, FfiError> {
        let GameCell::Live(table) = &self.0 else {
            return self.0.read(|_| RString::new());
        };
        if table.is_over() {
            return RResult::RErr(FfiError::refused("la partie est finie"));
        }
        if in_move(table.pending, table.game.turn()) {
            return RResult::RErr(FfiError::refused(POSITION_MID_MOVE));
        }
        guarded(|| match table.game.position() {
            None => Err(FfiError::unsupported("positions")),
            Some(Err(why)) => Err(FfiError::refused(why)),
            Some(Ok(body)) if is_body(&body) => Ok(RString::from(format!("{}:{body}", table.head))),
            Some(Ok(body)) => Err(FfiError::panicked(format!(
                "broke the contract: the position's body {body:?} is not printable ASCII \
                 without spaces"
            ))),
        })
    }

    fn end_reason(&self) -> RResult<RString, FfiError> {
        self.0.read(|table| match table.resigned {
            Some(loser) => RString::from(resignation(&table.seats, loser)),
            None => RString::from(table.game.end_reason()),
        })
    }
}

/// Why a game ended by `loser`'s resignation: the winner named in a game
/// of two, « les autres » with more seats.
fn resignation(seats: &[String], loser: Player) -> String {
    let name = |seat: usize| seats.get(seat).map_or("?", String::as_str);
    match seats.len() {
        2 => format!(
            "{} abandonne ; {} gagne.",
            name(loser.index()),
            name(1 - loser.index().min(1))
        ),
        _ => format!(
            "{} abandonne ; les autres joueurs gagnent.",
            name(loser.index())
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::{in_move, resignation};
    use crate::{DecisionKind, Outcome, Player, Turn};

    #[test]
    fn a_resignation_names_the_winner_of_a_game_of_two() {
        let two = ["SUD".to_owned(), "NORD".to_owned()];
        assert_eq!(resignation(&two, Player(0)), "SUD abandonne ; NORD gagne.");
        assert_eq!(resignation(&two, Player(1)), "NORD abandonne ; SUD gagne.");
        let three = ["SUD".to_owned(), "NORD".to_owned(), "EST".to_owned()];
        assert_eq!(
            resignation(&three, Player(2)),
            "EST abandonne ; les autres joueurs gagnent."
        );
    }

    #[test]
    fn a_move_is_in_progress_after_a_pending_step_until_a_sowing_is_asked() {
        let decide = |kind| Turn::Decide {
            player: Player::SUD,
            kind,
        };
        for kind in [
            DecisionKind::TargetHole,
            DecisionKind::Direction,
            DecisionKind::Placement,
        ] {
            assert!(in_move(true, decide(kind)), "{kind:?} after a pending step");
            assert!(!in_move(false, decide(kind)), "{kind:?} starting a move");
        }
        assert!(
            !in_move(true, decide(DecisionKind::Sow)),
            "a sowing starts a move"
        );
        assert!(!in_move(true, Turn::Over(Outcome::DRAW)));
    }

    #[test]
    fn export_macro_uses_the_symbol_abi_stable_looks_up() {
        let exported = stringify!(_1as_0lib_1header_0root_bmodule_bloader);
        assert_eq!(exported, abi_stable::library::ROOT_MODULE_LOADER_NAME);
        let macro_source = include_str!("lib.rs");
        assert!(macro_source.contains(exported));
    }
}
