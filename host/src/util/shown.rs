//! Text from outside the host (a player's token, a file name, a plugin's
//! words) made safe to print in one line: control characters escaped.

use std::io;
use std::path::Path;

/// Text for a person's eyes: control characters (line breaks, escape
/// sequences) escaped, as the host shows a player's tokens.
pub(crate) fn shown(text: &str) -> String {
    let mut shown = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() {
            shown.extend(c.escape_default());
        } else {
            shown.push(c);
        }
    }
    shown
}

/// A path for a person's eyes (see [`shown`]).
pub(crate) fn shown_path(path: &Path) -> String {
    shown(&path.to_string_lossy())
}

/// What a failed system call means, in French, for a line a player reads
/// (« fichier ou dossier introuvable »), with the system's code where its
/// kind says nothing more.
pub(crate) fn system_error(error: &io::Error) -> String {
    use io::ErrorKind as Kind;
    let said = match error.kind() {
        Kind::NotFound => "fichier ou dossier introuvable",
        Kind::PermissionDenied => "permission refusée",
        Kind::AlreadyExists => "le fichier existe déjà",
        Kind::IsADirectory => "c'est un dossier",
        Kind::NotADirectory => "un élément du chemin n'est pas un dossier",
        Kind::StorageFull => "plus de place sur le disque",
        Kind::FileTooLarge => "fichier trop grand",
        Kind::ReadOnlyFilesystem => "système de fichiers en lecture seule",
        Kind::QuotaExceeded => "quota de disque dépassé",
        Kind::InvalidData => "données illisibles",
        Kind::Interrupted => "interrompu",
        _ => {
            return match error.raw_os_error() {
                Some(code) => format!("erreur du système (code {code})"),
                None => "erreur du système".to_owned(),
            }
        }
    };
    said.to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn system_errors_are_said_in_french() {
        let missing = io::Error::from(io::ErrorKind::NotFound);
        assert_eq!(system_error(&missing), "fichier ou dossier introuvable");
        let other = io::Error::from_raw_os_error(9999);
        assert_eq!(system_error(&other), "erreur du système (code 9999)");
    }

    #[test]
    fn control_characters_are_escaped_for_a_persons_eyes() {
        assert_eq!(shown("a\nb\u{1b}[31m"), "a\\nb\\u{1b}[31m");
        assert_eq!(shown("Awalé l'ancien"), "Awalé l'ancien");
    }
}
