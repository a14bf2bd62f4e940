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
    rstrings, FfiAssessment, FfiDescription, FfiError, FfiErrorKind, FfiGame, FfiGame_TO,
    FfiLayout, FfiOptions, FfiProgress, GameBox, VariantModule, VariantModuleRef,
};
use crate::Options;
use crate::Variant;
use crate::{DecisionKind, Inputs, Outcome, Player, Step, Think, Thought, Turn};
use variant_engine as engine;

/// The stable module of variant `V`, for the host's loader or for in-process tests.
pub fn module<V: Variant>() -> VariantModuleRef {
    VariantModule {
        describe: describe::<V>,
        seats: seats::<V>,
        new_game: new_game::<V>,
        build_endgames: build_endgames::<V>,
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
    let given: Vec<(String, String)> = options
        .into_iter()
        .map(|Tuple2(key, value)| (key.into(), value.into()))
        .collect();
    Options::resolve(&V::describe().options, &given).map_err(FfiError::refused)
}

extern "C" fn seats<V: Variant>(options: FfiOptions) -> RResult<RVec<RString>, FfiError> {
    guarded(|| Ok(rstrings(V::seats(&checked_options::<V>(options)?))))
}

extern "C" fn new_game<V: Variant>(options: FfiOptions, first: u8) -> RResult<GameBox, FfiError> {
    guarded(|| {
        let options = checked_options::<V>(options)?;
        let seats = V::seats(&options);
        if usize::from(first) >= seats.len() {
            return Err(FfiError::refused(format!(
                "no player {first}: with these options this variant seats {}",
                seats.join(", ")
            )));
        }
        let game = V::new(&options, Player(first)).map_err(FfiError::refused)?;
        let table = Table {
            game,
            seats: seats.into(),
            resigned: None,
            pending: false,
        };
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

/// A game with what the glue adds to it: its seats' names, a resignation,
/// and whether the last decision left its move pending.
#[derive(Clone, Debug)]
struct Table<V> {
    game: V,
    seats: Arc<[String]>,
    resigned: Option<Player>,
    /// The last decision played answered [`Step::Pending`].
    pending: bool,
}

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

    fn assess(&self, request: Think) -> RResult<RVec<FfiAssessment>, FfiError> {
        match &self.0 {
            GameCell::Live(table) if table.is_over() => {
                RResult::RErr(FfiError::refused("la partie est finie"))
            }
            _ => self.0.read(|table| {
                engine::assess(&table.game, request)
                    .into_iter()
                    .map(FfiAssessment::from)
                    .collect()
            }),
        }
    }

    fn think(&self, request: Think) -> RResult<Thought, FfiError> {
        match &self.0 {
            GameCell::Live(table) if table.is_over() => {
                RResult::RErr(FfiError::refused("la partie est finie"))
            }
            _ => self.0.read(|table| engine::think(&table.game, request)),
        }
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

    fn end_reason(&self) -> RResult<RString, FfiError> {
        self.0.read(|table| match table.resigned {
            Some(loser) => {
                let name = table.seats.get(loser.index()).map_or("?", String::as_str);
                RString::from(format!("{name} abandonne ; les autres joueurs gagnent."))
            }
            None => RString::from(table.game.end_reason()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::in_move;
    use crate::{DecisionKind, Outcome, Player, Turn};

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
