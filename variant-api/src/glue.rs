//! The plugin side of the boundary: wraps a [`Variant`] into the stable
//! [`VariantModule`], turning every panic into an [`FfiError`].

use std::any::Any;
use std::cell::RefCell;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Once;

use abi_stable::library::{CheckTypeLayout, RootModuleResult};

pub use abi_stable::library::LibHeader;
use abi_stable::prefix_type::PrefixTypeTrait;
use abi_stable::sabi_trait::TD_Opaque;
use abi_stable::std_types::{RResult, RString, RVec, Tuple2};

use crate::ffi::{
    FfiDescription, FfiError, FfiGame, FfiGame_TO, FfiLayout, FfiStatus, FfiStep, GameBox,
    VariantModule, VariantModuleRef,
};
use crate::model::Player;
use crate::options::Options;
use crate::variant::Variant;

/// The stable module of variant `V`, for the host's loader or for in-process tests.
pub fn module<V: Variant>() -> VariantModuleRef {
    VariantModule {
        describe: describe::<V>,
        new_game: new_game::<V>,
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

extern "C" fn new_game<V: Variant>(
    options: RVec<Tuple2<RString, RString>>,
    first: u8,
) -> RResult<GameBox, FfiError> {
    guarded(|| {
        let given: Vec<(String, String)> = options
            .into_iter()
            .map(|Tuple2(key, value)| (key.into(), value.into()))
            .collect();
        let description = V::describe();
        let options = Options::resolve(&description.options, &given).map_err(FfiError::refused)?;
        if usize::from(first) >= description.players.len() {
            return Err(FfiError::refused(format!(
                "no player {first}: this variant seats {}",
                description.players.join(", ")
            )));
        }
        let game = V::new(&options, Player(first)).map_err(FfiError::refused)?;
        Ok(FfiGame_TO::from_value(GameCell::Live(game), TD_Opaque))
    })
}

/// A game, or the message of the panic that ended it.
///
/// After a panic in a `&mut self` method the position may be half-updated,
/// so the game refuses every later call instead of going on.
#[derive(Debug)]
enum GameCell<V> {
    Live(V),
    Broken(String),
}

impl<V: Variant> GameCell<V> {
    fn read<T>(&self, f: impl FnOnce(&V) -> T) -> RResult<T, FfiError> {
        match self {
            GameCell::Live(game) => guarded(|| Ok(f(game))),
            GameCell::Broken(message) => RResult::RErr(broken(message)),
        }
    }

    fn write<T>(&mut self, f: impl FnOnce(&mut V) -> Result<T, String>) -> RResult<T, FfiError> {
        let result = match self {
            GameCell::Live(game) => guarded(|| f(game).map_err(FfiError::refused)),
            GameCell::Broken(message) => return RResult::RErr(broken(message)),
        };
        if let RResult::RErr(error) = &result {
            if error.kind == crate::ffi::FfiErrorKind::Panicked {
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
            GameCell::Live(game) => match catch_unwind(AssertUnwindSafe(|| game.clone())) {
                Ok(copy) => GameCell::Live(copy),
                Err(payload) => GameCell::Broken(panic_message(payload)),
            },
            GameCell::Broken(message) => GameCell::Broken(message.clone()),
        }
    }
}

impl<V: Variant> FfiGame for GameCell<V> {
    fn layout(&self) -> RResult<FfiLayout, FfiError> {
        self.read(|game| game.layout().into())
    }

    fn seeds(&self) -> RResult<RVec<u32>, FfiError> {
        self.read(|game| game.seeds().into())
    }

    fn scores(&self) -> RResult<RVec<u32>, FfiError> {
        self.read(|game| game.scores().into())
    }

    fn status(&self) -> RResult<FfiStatus, FfiError> {
        self.read(|game| game.status().into())
    }

    fn legal_inputs(&self) -> RResult<RVec<u32>, FfiError> {
        self.read(|game| game.legal_inputs().into())
    }

    fn play(&mut self, input: u32) -> RResult<FfiStep, FfiError> {
        self.write(|game| game.play(input).map(FfiStep::from))
    }

    fn end_by_agreement(&mut self) -> RResult<(), FfiError> {
        self.write(|game| game.end_by_agreement())
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn export_macro_uses_the_symbol_abi_stable_looks_up() {
        let exported = stringify!(_1as_0lib_1header_0root_bmodule_bloader);
        assert_eq!(exported, abi_stable::library::ROOT_MODULE_LOADER_NAME);
        let macro_source = include_str!("lib.rs");
        assert!(macro_source.contains(exported));
    }
}
