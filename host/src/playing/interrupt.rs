//! Signals during a game (`SPEC.md` §2): Ctrl-C stops the game with the
//! one line that says where it is kept and how to go on with it, even while
//! the computer thinks; a file-size limit (`ulimit -f`) is a write error
//! like a full disk, not a signal that kills the host.
//!
//! The handler only writes a line prepared beforehand and ends the process
//! (`write` and `_exit`, both async-signal-safe; see `util::signals`).

#[cfg(unix)]
use std::io::IsTerminal;
#[cfg(unix)]
use std::sync::atomic::{AtomicPtr, Ordering};

#[cfg(unix)]
use crate::util::signals;

/// What Ctrl-C says of a game written nowhere.
#[cfg(unix)]
const NOT_KEPT: &str = "error: the game was stopped (Ctrl-C) before its end";

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

/// The handler of SIGINT: the prepared line, then `_exit(1)`.
#[cfg(unix)]
extern "C" fn stop(_: i32) {
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
