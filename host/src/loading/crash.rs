//! A plugin that ends the process during a game (`SPEC.md` §7): the trial
//! games of the probe catch most libraries that crash in play, but not
//! all. Once a game's plugin is chosen:
//!
//! - a handler of SIGSEGV, SIGBUS, SIGILL, SIGFPE and SIGABRT, run on the
//!   thread's alternate stack (the host's threads have one from the
//!   standard library's runtime, the engine's search threads from the
//!   engine itself), so that a stack overflow is said too;
//! - a function run by `exit(3)` (`atexit`), for plugin code that exits
//!   the process: the host itself never calls `exit` but when `main`
//!   returns, which it says first ([`host_ends`]), and a panic of the
//!   host's own code says so too;
//!
//! write one line naming the variant and its file on standard error,
//! append the mark its caller gave to the game's kept record (the keeping
//! side writes and reads that mark), then end the process: a signal with
//! its default action, as it would have; an exit with status 1. A handler
//! may only call async-signal-safe functions: every text is prepared
//! beforehand, and the handlers only load them and call `write(2)`,
//! `open(2)`, `fsync(2)`, `close(2)`, `raise(3)` and `_exit(2)`.
//!
//! Only Unix has these signals to catch: elsewhere nothing is installed.
#![cfg_attr(not(unix), allow(dead_code, unused_imports))]

use std::ffi::CString;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicPtr, Ordering};
use std::sync::Once;

#[cfg(unix)]
use nix::sys::signal::Signal;

use crate::util::shown::shown_path;
#[cfg(unix)]
use crate::util::signals;

/// The signals of a crash.
#[cfg(unix)]
const SIGNALS: [Signal; 5] = [
    Signal::SIGSEGV,
    Signal::SIGBUS,
    Signal::SIGILL,
    Signal::SIGFPE,
    Signal::SIGABRT,
];

/// What the handlers write, prepared when the plugin is chosen.
#[derive(Debug)]
struct Prepared {
    /// `erreur : la variante ID `, what happened next (in French: a player
    /// reads it).
    lead: Vec<u8>,
    /// The rest of the line, after what happened.
    end: Vec<u8>,
}

/// The plugin being played (null: none yet). Each is leaked: a handler may
/// be reading it at any time.
static PREPARED: AtomicPtr<Prepared> = AtomicPtr::new(std::ptr::null_mut());

/// The kept record of the game being played, and the mark a crash appends
/// to it: `before`, what happened, `after`.
#[derive(Debug)]
struct Watched {
    /// The record's path.
    path: CString,
    /// The mark's text before what happened.
    before: Vec<u8>,
    /// The mark's text after what happened.
    after: Vec<u8>,
}

/// What a crash marks (null: nothing). Each is leaked: a handler may be
/// reading it at any time.
static RECORD: AtomicPtr<Watched> = AtomicPtr::new(std::ptr::null_mut());

/// Set once the host ends by itself: an exit is then not the plugin's.
static ENDING: AtomicBool = AtomicBool::new(false);

/// Set by the first thread whose crash is being said: another thread that
/// crashes meanwhile (two search threads overflowing together) waits for
/// it to end the process, so that the line and the mark are whole.
static CRASHING: AtomicBool = AtomicBool::new(false);

/// What an exit by plugin code is called in the line and the mark.
const EXITED: &str = "exit()";

/// Arms the handlers for the variant `id` of the library `file`: from now
/// on, a crash or an exit prints one line naming them (and marks the kept
/// record, see [`watch_record`]). A second call names another plugin; a
/// failure to install a handler only loses that line.
pub(crate) fn arm(id: &str, file: &Path) {
    let file = shown_path(file);
    let prepared = Prepared {
        lead: format!("erreur : la variante {id} ").into_bytes(),
        end: format!(", la partie s'arrête : réinstallez ou retirez {file}\n").into_bytes(),
    };
    // The previous one is leaked on purpose (see `PREPARED`).
    PREPARED.store(Box::into_raw(Box::new(prepared)), Ordering::SeqCst);
    static INSTALLED: Once = Once::new();
    INSTALLED.call_once(install);
}

/// Says that the host ends by itself (`main` returns): an exit from now
/// on is not plugin code's.
pub(crate) fn host_ends() {
    ENDING.store(true, Ordering::SeqCst);
}

/// Names the kept record of the game about to be played and the mark a
/// crash appends to it, as the text before and after what happened (the
/// signal's name, or `exit()`); `None`: the game is not kept.
#[cfg(unix)]
pub(crate) fn watch_record(record: Option<(&Path, (String, String))>) {
    use std::os::unix::ffi::OsStrExt;
    let watched = record
        .and_then(|(path, (before, after))| {
            let path = CString::new(path.as_os_str().as_bytes()).ok()?;
            Some(Watched {
                path,
                before: before.into_bytes(),
                after: after.into_bytes(),
            })
        })
        .map_or(std::ptr::null_mut(), |watched| {
            Box::into_raw(Box::new(watched))
        });
    // The previous one is leaked on purpose (see `RECORD`).
    RECORD.store(watched, Ordering::SeqCst);
}

/// Names the kept record of the game about to be played: other platforms
/// have no handler.
#[cfg(not(unix))]
pub(crate) fn watch_record(_record: Option<(&Path, (String, String))>) {}

/// Installs [`on_signal`] for the signals of a crash, on the alternate
/// stack where there is one (a stack overflow); [`on_exit`] to run at `exit`; and a panic hook
/// that says a panic of the host's own code ends it (an exit then follows
/// that is not the plugin's).
#[cfg(unix)]
fn install() {
    use nix::sys::signal::SaFlags;
    for signal in SIGNALS {
        signals::install(signal, on_signal, SaFlags::SA_ONSTACK);
    }
    // SAFETY: `on_exit` calls only async-signal-safe functions and reads
    // data that is never freed (nix has no wrapper of `atexit`).
    if unsafe { nix::libc::atexit(on_exit) } != 0 {
        log::debug!("an exit by plugin code will not be said");
    }
    let host_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        host_ends();
        host_hook(info);
    }));
}

#[cfg(not(unix))]
fn install() {}

/// Writes the line saying that the plugin did `did` then `what` (`a planté
/// sur le signal ` and a signal's name, `a appelé ` and `exit()`), and appends the
/// mark of `what` to the watched record, with async-signal-safe calls
/// alone.
#[cfg(unix)]
fn say(did: &[u8], what: &[u8]) {
    use nix::fcntl::{open, OFlag};
    use nix::sys::stat::Mode;
    let prepared = PREPARED.load(Ordering::SeqCst);
    if prepared.is_null() {
        return;
    }
    // SAFETY: `prepared` is leaked, never freed.
    let prepared = unsafe { &*prepared };
    signals::write_all(signals::stderr(), &prepared.lead);
    signals::write_all(signals::stderr(), did);
    signals::write_all(signals::stderr(), what);
    signals::write_all(signals::stderr(), &prepared.end);
    let watched = RECORD.load(Ordering::SeqCst);
    if !watched.is_null() {
        // SAFETY: `watched` is leaked, never freed.
        let watched = unsafe { &*watched };
        let flags = OFlag::O_WRONLY | OFlag::O_APPEND | OFlag::O_NOFOLLOW | OFlag::O_CLOEXEC;
        // `open`, `write`, `fsync` and `close` (the descriptor dropped)
        // are async-signal-safe; a C string path is used as it is.
        if let Ok(record) = open(watched.path.as_c_str(), flags, Mode::empty()) {
            signals::write_all(&record, &watched.before);
            signals::write_all(&record, what);
            signals::write_all(&record, &watched.after);
            let _ = nix::unistd::fsync(&record);
        }
    }
}

/// The signal handler: the line, the record's mark, then the signal again
/// with its default action (the signal is blocked until the handler
/// returns, then ends the process). A thread that crashes while another's
/// crash is being said waits for it (`pause`), instead of ending the
/// process halfway through the line.
#[cfg(unix)]
extern "C" fn on_signal(number: i32) {
    use nix::sys::signal::SigHandler;
    if CRASHING.swap(true, Ordering::SeqCst) {
        loop {
            nix::unistd::pause();
        }
    }
    let signal = Signal::try_from(number).ok();
    let name = signal.map_or("inconnu", Signal::as_str);
    say("a planté sur le signal ".as_bytes(), name.as_bytes());
    if let Some(signal) = signal {
        // `sigaction` and `raise` are async-signal-safe.
        // SAFETY: the default action installs no handler.
        let _ = unsafe { nix::sys::signal::signal(signal, SigHandler::SigDfl) };
        let _ = nix::sys::signal::raise(signal);
    }
}

/// Run by `exit(3)`: when the host is not ending by itself, plugin code
/// called `exit` in a game; the line, the record's mark, then status 1
/// (`_exit`, so that nothing else runs).
#[cfg(unix)]
extern "C" fn on_exit() {
    if ENDING.load(Ordering::SeqCst) || PREPARED.load(Ordering::SeqCst).is_null() {
        return;
    }
    say("a appelé ".as_bytes(), EXITED.as_bytes());
    // SAFETY: `_exit` ends the process without running anything else (nix
    // has no wrapper of it).
    unsafe { nix::libc::_exit(1) }
}
