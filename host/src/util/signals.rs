//! What the host's signal handlers share (`loading::crash` for a plugin
//! that crashes, `playing::interrupt` for Ctrl-C): installing a handler, and
//! writing from one with async-signal-safe calls only. Unix only; signals
//! and system calls go through `nix` alone.

use std::os::fd::{AsFd, BorrowedFd};

use nix::sys::signal::{sigaction, SaFlags, SigAction, SigHandler, SigSet, Signal};

/// Installs `handler` for `signal` with `flags`; a failure (logged) leaves
/// the signal its default action.
///
/// The handler must call only async-signal-safe functions.
pub(crate) fn install(signal: Signal, handler: extern "C" fn(i32), flags: SaFlags) {
    let action = SigAction::new(SigHandler::Handler(handler), flags, SigSet::empty());
    // SAFETY: the handlers of the host call only async-signal-safe
    // functions (see each), and read only data that is never freed.
    if let Err(error) = unsafe { sigaction(signal, &action) } {
        log::debug!("{signal} keeps its default action: {error}");
    }
}

/// Standard error, for a handler (no lock taken).
pub(crate) fn stderr() -> BorrowedFd<'static> {
    // SAFETY: descriptor 2 stays open for the life of the process.
    unsafe { BorrowedFd::borrow_raw(nix::libc::STDERR_FILENO) }
}

/// Writes `bytes` to `fd` with `write(2)` alone (async-signal-safe),
/// giving up at the first error.
pub(crate) fn write_all(fd: impl AsFd, mut bytes: &[u8]) {
    while !bytes.is_empty() {
        match nix::unistd::write(&fd, bytes) {
            Ok(0) | Err(_) => return,
            Ok(written) => bytes = &bytes[written..],
        }
    }
}
