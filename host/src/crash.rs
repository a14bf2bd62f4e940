//! A plugin that dies by a signal during a game (`SPEC.md` §7): the trial
//! games of the probe catch most libraries that crash in play, but not all.
//! Once a game's plugin is chosen, a handler of SIGSEGV, SIGBUS, SIGILL,
//! SIGFPE and SIGABRT writes one line naming the variant and its file on
//! standard error, appends [`MARK`] to the game's kept record, then lets the
//! signal end the process as it would have. A handler may only call
//! async-signal-safe functions: both texts are prepared beforehand, and the
//! handler only loads them and calls `write(2)`, `open(2)`, `close(2)` and
//! `raise(3)`. `--resume` passes over a record so marked ([`crash_mark`]).
//!
//! Only Unix has these signals to catch: elsewhere nothing is installed.
#![cfg_attr(not(unix), allow(dead_code, unused_imports))]

use std::ffi::CString;
use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::Path;
use std::sync::atomic::{AtomicPtr, Ordering};
use std::sync::OnceLock;

use crate::record::shown_path;

/// The start of the line a crash appends to the kept record.
pub(crate) const MARK: &str = "# crashed: ";

/// The signals of a crash, and their names.
#[cfg(unix)]
const SIGNALS: [(libc::c_int, &str); 5] = [
    (libc::SIGSEGV, "SIGSEGV"),
    (libc::SIGBUS, "SIGBUS"),
    (libc::SIGILL, "SIGILL"),
    (libc::SIGFPE, "SIGFPE"),
    (libc::SIGABRT, "SIGABRT"),
];

/// What the handler writes, prepared when the plugin is chosen.
#[derive(Debug)]
struct Prepared {
    /// `error: the variant `ID` (FILE) crashed with `, the signal's name next.
    line: Vec<u8>,
    /// The rest of the line, after the signal's name.
    end: Vec<u8>,
    /// The line appended to the kept record.
    mark: Vec<u8>,
}

static PREPARED: OnceLock<Prepared> = OnceLock::new();

/// The kept record of the game being played, as a C string (null: none).
/// Each record's string is leaked: a handler may be reading it at any time.
static RECORD: AtomicPtr<libc::c_char> = AtomicPtr::new(std::ptr::null_mut());

/// Arms the handler for the variant `id` of the library `file`: from now
/// on, a crash prints one line naming them (and marks the kept record, see
/// [`watch_record`]). Once per process; a failure to install it only loses
/// that line.
pub(crate) fn arm(id: &str, file: &Path) {
    let file = shown_path(file);
    let prepared = Prepared {
        line: format!("error: the variant `{id}` ({file}) crashed with ").into_bytes(),
        end: format!(", the game is abandoned: reinstall or remove {file}\n").into_bytes(),
        mark: format!("\n{MARK}variant {id}, file {file}\n").into_bytes(),
    };
    if PREPARED.set(prepared).is_ok() {
        install();
    }
}

/// Names the kept record of the game about to be played (`None`: the game
/// is not kept): a crash appends [`MARK`] to it.
#[cfg(unix)]
pub(crate) fn watch_record(path: Option<&Path>) {
    use std::os::unix::ffi::OsStrExt;
    let record = path
        .and_then(|path| CString::new(path.as_os_str().as_bytes()).ok())
        .map_or(std::ptr::null_mut(), |path| path.into_raw());
    // The previous string is leaked on purpose (see `RECORD`).
    RECORD.store(record, Ordering::SeqCst);
}

/// Names the kept record of the game about to be played: other platforms
/// have no handler.
#[cfg(not(unix))]
pub(crate) fn watch_record(_path: Option<&Path>) {}

/// The bytes at the end of a record where [`crash_mark`] looks for the mark.
const TAIL: u64 = 4096;

/// Why `--resume` passes over the record `file`: the [`MARK`] line a crash
/// appended to it, among its last lines (what follows the mark), if any.
/// The file is read from where [`crash_mark`] puts it: seek before reading.
pub(crate) fn crash_mark(file: &mut File) -> Option<String> {
    let length = file.seek(SeekFrom::End(0)).ok()?;
    file.seek(SeekFrom::Start(length.saturating_sub(TAIL)))
        .ok()?;
    let mut tail = Vec::new();
    file.take(TAIL).read_to_end(&mut tail).ok()?;
    marked(&String::from_utf8_lossy(&tail))
}

/// The reason of [`crash_mark`] in the text of a record's end.
fn marked(text: &str) -> Option<String> {
    text.lines()
        .find_map(|line| line.strip_prefix(MARK))
        .map(|what| format!("the plugin crashed during this game ({what})"))
}

/// Installs [`on_signal`] for the signals of a crash, on the alternate
/// stack where there is one (a stack overflow), reset to the default
/// action once it runs.
#[cfg(unix)]
fn install() {
    for (signal, _) in SIGNALS {
        // SAFETY: rustix offers no `sigaction` (only its `runtime` feature,
        // for program runtimes, with the kernel's own ABI), so libc's is
        // called on a zeroed `sigaction` holding an `extern "C"` handler of
        // the right type; the handler itself is async-signal-safe.
        unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t;
            action.sa_flags = libc::SA_ONSTACK | libc::SA_RESETHAND;
            libc::sigemptyset(&mut action.sa_mask);
            libc::sigaction(signal, &action, std::ptr::null_mut());
        }
    }
}

#[cfg(not(unix))]
fn install() {}

/// The handler: the line, the record's mark, then the signal again with
/// its default action (restored by `SA_RESETHAND`; the signal is blocked
/// until the handler returns, then ends the process).
#[cfg(unix)]
extern "C" fn on_signal(signal: libc::c_int) {
    let Some(prepared) = PREPARED.get() else {
        return;
    };
    let name = SIGNALS
        .iter()
        .find(|(number, _)| *number == signal)
        .map_or("a signal", |(_, name)| name);
    write_all(libc::STDERR_FILENO, &prepared.line);
    write_all(libc::STDERR_FILENO, name.as_bytes());
    write_all(libc::STDERR_FILENO, &prepared.end);
    let record = RECORD.load(Ordering::SeqCst);
    if !record.is_null() {
        // SAFETY: `record` is a leaked, never freed C string; `open`,
        // `write` and `close` are async-signal-safe.
        unsafe {
            let fd = libc::open(
                record,
                libc::O_WRONLY | libc::O_APPEND | libc::O_NOFOLLOW | libc::O_CLOEXEC,
            );
            if fd >= 0 {
                write_all(fd, &prepared.mark);
                libc::fsync(fd);
                libc::close(fd);
            }
        }
    }
    // SAFETY: `raise` is async-signal-safe.
    unsafe {
        libc::raise(signal);
    }
}

/// Writes `bytes` to `fd` with `write(2)` only (async-signal-safe).
#[cfg(unix)]
fn write_all(fd: libc::c_int, mut bytes: &[u8]) {
    while !bytes.is_empty() {
        // SAFETY: `bytes` is a live slice; `write` is async-signal-safe.
        let written = unsafe { libc::write(fd, bytes.as_ptr().cast(), bytes.len()) };
        if written <= 0 {
            return;
        }
        bytes = &bytes[written as usize..];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_marked_record_gives_its_reason_and_another_none() {
        let text = "[Variant \"awale\"]\n\n1. SUD 3\n\n# crashed: variant awale, file /p/a.so\n";
        assert_eq!(
            marked(text).as_deref(),
            Some("the plugin crashed during this game (variant awale, file /p/a.so)")
        );
        assert_eq!(marked("[Variant \"awale\"]\n\n1. SUD 3\n"), None);
    }
}
