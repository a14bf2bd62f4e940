//! How a run ends: its exit status and, when it failed, one line saying why.

use std::io::{self, Write};

use variant_api::PluginError;

use crate::util::protocol;

/// Exit status of a game that reached its end, or of a printed list.
pub(crate) const SUCCESS: u8 = 0;
/// Exit status when the input ended too early, or a plugin failed.
pub(crate) const INTERRUPTED: u8 = 1;
/// Exit status of a usage error: unknown variant, bad option, unreadable folder.
pub(crate) const USAGE: u8 = 2;

/// A run that did not succeed: its exit status and one line saying why.
pub(crate) struct Failure {
    /// The exit status.
    pub(crate) status: u8,
    /// Why, in one line.
    pub(crate) message: String,
}

/// A usage error (status 2).
pub(crate) fn usage(message: String) -> Failure {
    Failure {
        status: USAGE,
        message,
    }
}

/// A failure of the plugin to do `what`, or its refusal of the options (a usage error).
pub(crate) fn plugin_failure(id: &str, error: PluginError, what: &str) -> Failure {
    match error {
        PluginError::Refused(reason) => usage(format!("{id}: {reason}")),
        PluginError::Failed(message) => Failure {
            status: INTERRUPTED,
            message: format!("{id} failed to {what}: {message}"),
        },
    }
}

/// Writes `text` to the protocol's standard output; a failed write is
/// status 1.
pub(crate) fn print(text: &str) -> Result<(), Failure> {
    write_all(&mut protocol::out(), text).map_err(|error| Failure {
        status: INTERRUPTED,
        message: format!("cannot write to standard output: {error}"),
    })
}

/// Writes and flushes `text`.
pub(crate) fn write_all(out: &mut impl Write, text: &str) -> io::Result<()> {
    out.write_all(text.as_bytes())?;
    out.flush()
}
