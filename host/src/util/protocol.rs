//! Standard output belongs to the protocol (`SPEC.md` §3 and §7): the
//! host's own messages (the board and the game's lines, `--list`, a
//! review, `--check`'s lines, a probe's report) are the only bytes of the
//! standard output it was started with.
//!
//! Plugin code runs in the host's process, and what it prints goes to
//! descriptor 1 (its own `println!` included). So, first thing, [`keep`]
//! moves the standard output the host was given to a descriptor of its own
//! (closed on `exec`), and points descriptor 1 at standard error: what a
//! plugin prints, in a game, a review, `--check` or a probe, lands among
//! the diagnostics, never in the protocol. The host writes its messages
//! through [`out`] alone.
//!
//! Elsewhere than on Unix nothing is moved: [`out`] is standard output.

use std::fs::File;
use std::io::{self, IsTerminal, LineWriter, Write};
use std::sync::OnceLock;

/// The standard output the host was started with, once [`keep`] moved it.
static KEPT: OnceLock<File> = OnceLock::new();

/// Moves the host's standard output to a descriptor of its own and points
/// descriptor 1 at standard error (see the module's documentation). Called
/// once, before any plugin code runs; when it cannot be done (no standard
/// output, a descriptor limit reached), standard output stays as it is.
pub(crate) fn keep() {
    #[cfg(unix)]
    match moved() {
        Ok(file) => {
            let _ = KEPT.set(file);
        }
        Err(error) => log::debug!("standard output stays descriptor 1: {error}"),
    }
}

/// Standard output duplicated above the standard descriptors (close on
/// `exec`), then descriptor 1 made a copy of standard error.
#[cfg(unix)]
fn moved() -> io::Result<File> {
    use std::os::fd::{FromRawFd, OwnedFd};

    use nix::fcntl::{fcntl, FcntlArg};
    use nix::unistd::dup2_stdout;
    let kept = fcntl(io::stdout(), FcntlArg::F_DUPFD_CLOEXEC(3))?;
    // SAFETY: `fcntl` just made `kept`, a descriptor nothing else owns.
    let kept = unsafe { OwnedFd::from_raw_fd(kept) };
    dup2_stdout(io::stderr())?;
    Ok(File::from(kept))
}

/// A writer to the protocol's standard output, line buffered as standard
/// output is (what does not end a line is written when it is flushed or
/// dropped). Several may live at once, as the host writes whole lines.
pub(crate) fn out() -> Protocol {
    match KEPT.get() {
        Some(kept) => Protocol::Kept(LineWriter::new(kept)),
        None => Protocol::Standard(io::stdout().lock()),
    }
}

/// Whether the protocol's standard output is a terminal.
pub(crate) fn is_terminal() -> bool {
    match KEPT.get() {
        Some(kept) => kept.is_terminal(),
        None => io::stdout().is_terminal(),
    }
}

/// A writer to the protocol's standard output (see [`out`]).
#[derive(Debug)]
pub(crate) enum Protocol {
    /// The standard output [`keep`] moved.
    Kept(LineWriter<&'static File>),
    /// Descriptor 1, where nothing was moved.
    Standard(io::StdoutLock<'static>),
}

impl Write for Protocol {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        match self {
            Protocol::Kept(kept) => kept.write(bytes),
            Protocol::Standard(standard) => standard.write(bytes),
        }
    }

    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        match self {
            Protocol::Kept(kept) => kept.write_all(bytes),
            Protocol::Standard(standard) => standard.write_all(bytes),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Protocol::Kept(kept) => kept.flush(),
            Protocol::Standard(standard) => standard.flush(),
        }
    }
}
