//! A plugin that dies by a signal during a game (`SPEC.md` §7): the trial
//! games of the probe catch most libraries that crash in play, but not all.
//! Once a game's plugin is chosen, a handler of SIGSEGV, SIGBUS, SIGILL,
//! SIGFPE and SIGABRT writes one line naming the variant and its file on
//! standard error, appends the line its caller gave to the game's kept
//! record (the keeping side writes and reads that mark), then lets the
//! signal end the process as it would have. A handler may only call
//! async-signal-safe functions: both texts are prepared beforehand, and the
//! handler only loads them and calls `write(2)`, `open(2)`, `fsync(2)`,
//! `close(2)` and `raise(3)`.
//!
//! Only Unix has these signals to catch: elsewhere nothing is installed.
#![cfg_attr(not(unix), allow(dead_code, unused_imports))]

use std::ffi::CString;
use std::path::Path;
use std::sync::atomic::{AtomicPtr, Ordering};
use std::sync::OnceLock;

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

/// What the handler writes, prepared when the plugin is chosen.
#[derive(Debug)]
struct Prepared {
    /// `error: the variant `ID` (FILE) crashed with `, the signal's name next.
    line: Vec<u8>,
    /// The rest of the line, after the signal's name.
    end: Vec<u8>,
}

static PREPARED: OnceLock<Prepared> = OnceLock::new();

/// The kept record of the game being played, and the line a crash appends
/// to it.
#[derive(Debug)]
struct Watched {
    /// The record's path.
    path: CString,
    /// The line appended.
    mark: Vec<u8>,
}

/// What a crash marks (null: nothing). Each is leaked: a handler may be
/// reading it at any time.
static RECORD: AtomicPtr<Watched> = AtomicPtr::new(std::ptr::null_mut());

/// Arms the handler for the variant `id` of the library `file`: from now
/// on, a crash prints one line naming them (and marks the kept record, see
/// [`watch_record`]). Once per process; a failure to install it only loses
/// that line.
pub(crate) fn arm(id: &str, file: &Path) {
    let file = shown_path(file);
    let prepared = Prepared {
        line: format!("error: the variant `{id}` ({file}) crashed with ").into_bytes(),
        end: format!(", the game is abandoned: reinstall or remove {file}\n").into_bytes(),
    };
    if PREPARED.set(prepared).is_ok() {
        install();
    }
}

/// Names the kept record of the game about to be played and the line a
/// crash appends to it (`None`: the game is not kept).
#[cfg(unix)]
pub(crate) fn watch_record(record: Option<(&Path, String)>) {
    use std::os::unix::ffi::OsStrExt;
    let watched = record
        .and_then(|(path, mark)| {
            let path = CString::new(path.as_os_str().as_bytes()).ok()?;
            Some(Watched {
                path,
                mark: mark.into_bytes(),
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
pub(crate) fn watch_record(_record: Option<(&Path, String)>) {}

/// Installs [`on_signal`] for the signals of a crash, on the alternate
/// stack where there is one (a stack overflow), reset to the default
/// action once it runs.
#[cfg(unix)]
fn install() {
    use nix::sys::signal::SaFlags;
    for signal in SIGNALS {
        signals::install(
            signal,
            on_signal,
            SaFlags::SA_ONSTACK | SaFlags::SA_RESETHAND,
        );
    }
}

#[cfg(not(unix))]
fn install() {}

/// The handler: the line, the record's mark, then the signal again with
/// its default action (restored by `SA_RESETHAND`; the signal is blocked
/// until the handler returns, then ends the process).
#[cfg(unix)]
extern "C" fn on_signal(number: i32) {
    use nix::fcntl::{open, OFlag};
    use nix::sys::stat::Mode;
    let Some(prepared) = PREPARED.get() else {
        return;
    };
    let signal = Signal::try_from(number).ok();
    let name = signal.map_or("a signal", Signal::as_str);
    signals::write_all(signals::stderr(), &prepared.line);
    signals::write_all(signals::stderr(), name.as_bytes());
    signals::write_all(signals::stderr(), &prepared.end);
    let watched = RECORD.load(Ordering::SeqCst);
    if !watched.is_null() {
        // SAFETY: `watched` is leaked, never freed.
        let watched = unsafe { &*watched };
        let flags = OFlag::O_WRONLY | OFlag::O_APPEND | OFlag::O_NOFOLLOW | OFlag::O_CLOEXEC;
        // `open`, `write`, `fsync` and `close` (the descriptor dropped)
        // are async-signal-safe; a C string path is used as it is.
        if let Ok(record) = open(watched.path.as_c_str(), flags, Mode::empty()) {
            signals::write_all(&record, &watched.mark);
            let _ = nix::unistd::fsync(&record);
        }
    }
    if let Some(signal) = signal {
        // `raise` is async-signal-safe.
        let _ = nix::sys::signal::raise(signal);
    }
}
