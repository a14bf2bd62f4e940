//! How a run ends: its exit status and, when it failed, one line saying why:
//! in French for what a player meets (« erreur : variante inconnue… »), in
//! English for developers' diagnostics (`error: the variant failed…`), one
//! language a line (`SPEC.md` §2).

use std::io::{self, Write};

use variant_api::{PluginError, PositionError};

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
    /// Why, in one line (empty: it was said already).
    pub(crate) message: String,
    /// Whether the line is a player's, in French (`erreur :`), rather than
    /// a diagnostic in English (`error:`).
    pub(crate) for_player: bool,
}

impl Failure {
    /// A failure said in English, for developers (status 1 or 2).
    pub(crate) fn new(status: u8, message: String) -> Failure {
        Failure {
            status,
            message,
            for_player: false,
        }
    }

    /// The line that says it, with its prefix; `None` when it was said.
    pub(crate) fn line(&self) -> Option<String> {
        if self.message.is_empty() {
            return None;
        }
        let prefix = if self.for_player {
            "erreur :"
        } else {
            "error:"
        };
        Some(format!("{prefix} {}", self.message))
    }
}

/// A usage error said in English (status 2): a diagnostic about files
/// meant for whoever repairs them (a damaged record, a plugins folder).
pub(crate) fn usage(message: String) -> Failure {
    Failure::new(USAGE, message)
}

/// A usage error a player meets, said in French (status 2): an unknown
/// variant, seat or option, a game that cannot be resumed.
pub(crate) fn refused(message: String) -> Failure {
    Failure {
        status: USAGE,
        message,
        for_player: true,
    }
}

/// A failure of the plugin to do `what` (a diagnostic), or its refusal of
/// the options (a usage error the player meets, in the plugin's French).
pub(crate) fn plugin_failure(id: &str, error: PluginError, what: &str) -> Failure {
    match error {
        PluginError::Refused(reason) => refused(format!("{id} : {reason}")),
        PluginError::Failed(message) => {
            Failure::new(INTERRUPTED, format!("{id} failed to {what}: {message}"))
        }
    }
}

/// The failure to write to standard error (status 1).
pub(crate) fn stderr_failed(error: io::Error) -> Failure {
    Failure::new(
        INTERRUPTED,
        format!("cannot write to standard error: {error}"),
    )
}

/// Says `line` to the player on standard error: a note, a warning about
/// their games, in French (a failed write says nothing more).
pub(crate) fn say(line: &str) {
    let _ = writeln!(io::stderr(), "{line}");
}

/// Why a game cannot start from a position: a usage error the player
/// meets, in French (a text the variant cannot read, a plugin of contract
/// 1.0, a variant without positions), or the plugin's failure.
pub(crate) fn position_failure(id: &str, error: PositionError) -> Failure {
    match error {
        PositionError::Refused(reason) => refused(reason),
        PositionError::Failed(message) => Failure::new(
            INTERRUPTED,
            format!("{id} failed to start from a position: {message}"),
        ),
        other => refused(format!("{id} : {other}")),
    }
}

/// Writes `text` to the protocol's standard output; a failed write is
/// status 1.
pub(crate) fn print(text: &str) -> Result<(), Failure> {
    write_all(&mut protocol::out(), text).map_err(|error| {
        Failure::new(
            INTERRUPTED,
            format!("cannot write to standard output: {error}"),
        )
    })
}

/// Writes and flushes `text`.
pub(crate) fn write_all(out: &mut impl Write, text: &str) -> io::Result<()> {
    out.write_all(text.as_bytes())?;
    out.flush()
}
