//! Signals during a game (`SPEC.md` §2): Ctrl-C stops the game with the
//! one line that says where it is kept and how to go on with it, even while
//! the computer thinks, but only cancels a hint ([`cancellable`]); a
//! file-size limit (`ulimit -f`) is a write error like a full disk, not a
//! signal that kills the host.
//!
//! The handler only writes a line prepared beforehand and ends the process
//! (`write` and `_exit`, both async-signal-safe; see `util::signals`), or,
//! during a hint, only notes that it came (an atomic store).

#[cfg(unix)]
use std::io::IsTerminal;
#[cfg(unix)]
use std::sync::atomic::{AtomicBool, AtomicPtr, Ordering};
use std::sync::mpsc;
use std::time::Duration;

#[cfg(unix)]
use crate::util::signals;

/// What Ctrl-C says of a game written nowhere.
#[cfg(unix)]
const NOT_KEPT: &str = "erreur : la partie a été arrêtée (Ctrl-C) avant sa fin";

/// The line Ctrl-C writes, with its newline: a leaked, never freed buffer,
/// so that the handler may read it at any time.
#[cfg(unix)]
static LINE: AtomicPtr<Box<[u8]>> = AtomicPtr::new(std::ptr::null_mut());

/// Sets what Ctrl-C says from now on: `stop_line` (where the game is kept
/// and how to go on), or that the game is not kept.
pub(crate) fn prepare(stop_line: Option<String>) {
    #[cfg(unix)]
    {
        let mut text = stop_line.unwrap_or_else(|| NOT_KEPT.to_owned());
        // After the `^C` the terminal echoes, on a line of its own.
        if std::io::stderr().is_terminal() {
            text.insert(0, '\n');
        }
        text.push('\n');
        let line = Box::leak(Box::new(text.into_bytes().into_boxed_slice()));
        LINE.store(line, Ordering::Release);
    }
    #[cfg(not(unix))]
    let _ = stop_line;
}

/// From now on Ctrl-C (SIGINT) writes the prepared line and ends the host
/// with status 1, as the end of the input does. At a line-editing prompt
/// Ctrl-C is a key, read as the end of the input; elsewhere (the computer
/// thinking, a hint, a prompt read from a pipe) it is this signal.
pub(crate) fn stop_on_ctrl_c() {
    #[cfg(unix)]
    {
        use nix::sys::signal::{SaFlags, Signal};
        signals::install(Signal::SIGINT, stop, SaFlags::empty());
    }
}

/// Whether Ctrl-C now cancels what [`cancellable`] runs, rather than
/// stopping the game.
#[cfg(unix)]
static CANCELLABLE: AtomicBool = AtomicBool::new(false);

/// Whether Ctrl-C came while [`CANCELLABLE`].
#[cfg(unix)]
static CANCELLED: AtomicBool = AtomicBool::new(false);

/// How often a cancellable wait looks whether Ctrl-C came.
const LOOK: Duration = Duration::from_millis(40);

/// Runs `work` (a hint) on a thread of its own; Ctrl-C meanwhile cancels
/// it: `None` at once, the work left to end on its own in the background
/// and its answer dropped. Elsewhere than on Unix, the work runs to its end.
pub(crate) fn cancellable<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> Option<T> {
    #[cfg(unix)]
    {
        CANCELLED.store(false, Ordering::SeqCst);
        CANCELLABLE.store(true, Ordering::SeqCst);
    }
    let (sender, answer) = mpsc::channel();
    let worker = std::thread::Builder::new()
        .name("hint".to_owned())
        .spawn(move || {
            // The receiver is gone when the hint was cancelled.
            let _ = sender.send(work());
        });
    let result = match worker {
        Ok(_) => loop {
            match answer.recv_timeout(LOOK) {
                Ok(result) => break Some(result),
                Err(mpsc::RecvTimeoutError::Timeout) if !cancelled() => {}
                Err(_) => break None,
            }
        },
        Err(error) => {
            log::debug!("no thread for the hint: {error}");
            None
        }
    };
    #[cfg(unix)]
    CANCELLABLE.store(false, Ordering::SeqCst);
    result
}

/// Whether Ctrl-C cancelled what [`cancellable`] runs.
fn cancelled() -> bool {
    #[cfg(unix)]
    return CANCELLED.load(Ordering::SeqCst);
    #[cfg(not(unix))]
    false
}

/// The handler of SIGINT: during a hint, a note that it came; otherwise
/// the prepared line, then `_exit(1)`.
#[cfg(unix)]
extern "C" fn stop(_: i32) {
    if CANCELLABLE.load(Ordering::SeqCst) {
        CANCELLED.store(true, Ordering::SeqCst);
        return;
    }
    let line = LINE.load(Ordering::Acquire);
    if line.is_null() {
        signals::write_all(signals::stderr(), NOT_KEPT.as_bytes());
        signals::write_all(signals::stderr(), b"\n");
    } else {
        // SAFETY: a non-null `LINE` points to a leaked buffer, never freed.
        signals::write_all(signals::stderr(), unsafe { &*line });
    }
    // SAFETY: `_exit` ends the process without running anything else (nix
    // has no wrapper of it).
    unsafe { nix::libc::_exit(1) }
}

/// Ignores SIGXFSZ, so that a write past the file-size limit fails with
/// `EFBIG` (reported as any write error) instead of killing the host.
pub(crate) fn ignore_file_size_limit() {
    #[cfg(unix)]
    {
        use nix::sys::signal::{signal, SigHandler, Signal};
        // SAFETY: ignoring a signal installs no handler.
        if let Err(error) = unsafe { signal(Signal::SIGXFSZ, SigHandler::SigIgn) } {
            log::debug!("SIGXFSZ keeps its default action: {error}");
        }
    }
}
