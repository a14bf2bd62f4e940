//! How a run ends: its exit status and, when it failed, one line saying why:
//! in French for what a player meets (« erreur : variante inconnue… »,
//! « erreur : la variante awale a échoué… »), in English only for the
//! authors' tool `--check` and a plugins folder refused for its rights
//! (`error: …`), one language a line (`SPEC.md` §2). A plugin's own words about its failure (English, for its authors)
//! are a diagnostic under `RUST_LOG=debug`.

use std::io::{self, Write};

use variant_api::{PluginError, PositionError};

use crate::util::protocol;
use crate::util::shown::{hanging, system_error};

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
    /// Whether the line is a diagnostic in English (`error:`), rather than
    /// a player's, in French (`erreur :`).
    pub(crate) in_english: bool,
}

/// What starts the line of a failure a player meets.
const PREFIX: &str = "erreur : ";

impl Failure {
    /// A failure a player meets, said in French (status 1 or 2).
    pub(crate) fn new(status: u8, message: String) -> Failure {
        Failure {
            status,
            message,
            in_english: false,
        }
    }

    /// A diagnostic said in English: of the authors' tool `--check`, or
    /// for whoever installs variants (a plugins folder others may write,
    /// in the words of the warnings about library files).
    pub(crate) fn in_english(status: u8, message: String) -> Failure {
        Failure {
            status,
            message,
            in_english: true,
        }
    }

    /// The same failure, its line broken at spaces within 80 columns (its
    /// lines after the first under its text): for a refusal whose words
    /// may be long (suggestions, a position, an option's values).
    pub(crate) fn within_columns(mut self) -> Failure {
        if !self.in_english && !self.message.is_empty() {
            let line = hanging("", &format!("{PREFIX}{}", self.message), PREFIX.len());
            self.message = line[PREFIX.len()..].to_owned();
        }
        self
    }

    /// The line that says it, with its prefix; `None` when it was said.
    pub(crate) fn line(&self) -> Option<String> {
        if self.message.is_empty() {
            return None;
        }
        let prefix = if self.in_english { "error: " } else { PREFIX };
        Some(format!("{prefix}{}", self.message))
    }
}

/// A usage error (status 2) said in French: about a file a player gave or
/// keeps (a damaged record, a plugins folder).
pub(crate) fn usage(message: String) -> Failure {
    Failure::new(USAGE, message)
}

/// A usage error a player meets, said in French (status 2): an unknown
/// variant, seat or option, a game that cannot be resumed.
pub(crate) fn refused(message: String) -> Failure {
    Failure::new(USAGE, message)
}

/// A failure of the plugin `id` while `what` (« en jouant », said after
/// « a échoué »), or its refusal of the options (a usage error the player
/// meets, in the plugin's French).
pub(crate) fn plugin_failure(id: &str, error: PluginError, what: &str) -> Failure {
    match error {
        PluginError::Refused(reason) => refused(format!("{id} : {reason}")).within_columns(),
        PluginError::Failed(message) => Failure::new(
            INTERRUPTED,
            variant_failed(id, &format!(" {what}"), &message),
        )
        .within_columns(),
    }
}

/// The line of a variant `id` that failed (`what`: « en jouant » with its
/// space, or nothing), for the player, in French; the variant's own
/// `message` (in English, for its authors) is a diagnostic said under
/// `RUST_LOG=debug`, as the line says.
pub(crate) fn variant_failed(id: &str, what: &str, message: &str) -> String {
    log::debug!("the variant {id} failed: {message}");
    format!("la variante {id} a échoué{what} (RUST_LOG=debug dit pourquoi).")
}

/// The failure to write to standard error (status 1).
pub(crate) fn stderr_failed(error: io::Error) -> Failure {
    Failure::new(
        INTERRUPTED,
        format!(
            "impossible d'écrire sur la sortie d'erreur : {}",
            system_error(&error)
        ),
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
        PositionError::Refused(reason) => refused(reason).within_columns(),
        PositionError::Failed(message) => Failure::new(
            INTERRUPTED,
            variant_failed(id, " en partant de la position", &message),
        )
        .within_columns(),
        other => refused(format!("{id} : {other}")).within_columns(),
    }
}

/// Writes `text` to the protocol's standard output; a failed write is
/// status 1.
pub(crate) fn print(text: &str) -> Result<(), Failure> {
    write_all(&mut protocol::out(), text).map_err(|error| {
        Failure::new(
            INTERRUPTED,
            format!(
                "impossible d'écrire sur la sortie standard : {}",
                system_error(&error)
            ),
        )
    })
}

/// Writes and flushes `text`.
pub(crate) fn write_all(out: &mut impl Write, text: &str) -> io::Result<()> {
    out.write_all(text.as_bytes())?;
    out.flush()
}
