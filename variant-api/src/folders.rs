//! Where the host and the plugins keep their files: one rule for both
//! sides of the contract, so that the host's `--endgames` and a plugin
//! reading its tables always agree on the folder.
//!
//! The folders follow the XDG base directory specification: a variable
//! (`XDG_DATA_HOME`, `XDG_STATE_HOME`, `XDG_CACHE_HOME`) holding an
//! absolute path, else a folder under `HOME`. A relative value is ignored,
//! as the specification says. On Windows, where nothing sets `HOME` or
//! `XDG_*`, a folder that no XDG variable names is the user's application
//! data instead: `%APPDATA%\awale` for plugins, `%LOCALAPPDATA%\awale`
//! for kept games and `%LOCALAPPDATA%\awale\cache` for the cache.

use std::io;
use std::path::{Path, PathBuf};

/// The kinds of user folder the project keeps files in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UserFolder {
    /// Installed plugins: `$XDG_DATA_HOME`, by default `~/.local/share`.
    Data,
    /// Kept games: `$XDG_STATE_HOME`, by default `~/.local/state`.
    State,
    /// What can be rebuilt (the plugins' verdicts, the endgame tables):
    /// `$XDG_CACHE_HOME`, by default `~/.cache`.
    Cache,
}

impl UserFolder {
    fn variable(self) -> &'static str {
        match self {
            UserFolder::Data => "XDG_DATA_HOME",
            UserFolder::State => "XDG_STATE_HOME",
            UserFolder::Cache => "XDG_CACHE_HOME",
        }
    }

    fn under_home(self) -> &'static str {
        match self {
            UserFolder::Data => ".local/share",
            UserFolder::State => ".local/state",
            UserFolder::Cache => ".cache",
        }
    }

    /// Where Windows keeps this kind of file for a user: the variable and
    /// the folder under it that stands for `…/awale`.
    fn windows_folder(self) -> (&'static str, &'static [&'static str]) {
        match self {
            UserFolder::Data => ("APPDATA", &["awale"]),
            UserFolder::State => ("LOCALAPPDATA", &["awale"]),
            UserFolder::Cache => ("LOCALAPPDATA", &["awale", "cache"]),
        }
    }

    /// The project's folder of this kind (`…/awale`); `None` when the
    /// environment names none.
    pub fn path(self) -> Option<PathBuf> {
        let non_empty = |name: &str| {
            std::env::var_os(name)
                .filter(|value| !value.is_empty())
                .map(PathBuf::from)
        };
        if let Some(base) = non_empty(self.variable()).filter(|path| path.is_absolute()) {
            return Some(base.join("awale"));
        }
        if cfg!(windows) {
            let (variable, under) = self.windows_folder();
            if let Some(base) = non_empty(variable).filter(|path| path.is_absolute()) {
                return Some(under.iter().fold(base, |path, part| path.join(part)));
            }
        }
        non_empty("HOME").map(|home| Path::new(&home).join(self.under_home()).join("awale"))
    }
}

/// The seeds on the board of the endgame tables that plugins read, unless
/// `AWALE_ENDGAME_SEEDS` names another size.
pub const DEFAULT_ENDGAME_SEEDS: u32 = 16;

/// The most seeds on the board an endgame table may cover.
pub const MAX_ENDGAME_SEEDS: u32 = 40;

/// How many boards of `holes` holes hold `seeds` seeds in all (the
/// positions of one level of an endgame table, either player to move
/// aside): `C(seeds + holes - 1, holes - 1)`, saturating at `u64::MAX`.
pub fn endgame_boards(holes: u32, seeds: u32) -> u64 {
    if holes == 0 {
        return u64::from(seeds == 0);
    }
    let (n, k) = (
        u128::from(seeds) + u128::from(holes) - 1,
        u128::from(holes) - 1,
    );
    let mut count: u128 = 1;
    for i in 0..k {
        count = count.saturating_mul(n - i) / (i + 1);
    }
    u64::try_from(count).unwrap_or(u64::MAX)
}

/// The folder of the endgame tables: `endgames` in the [`UserFolder::Cache`].
pub fn endgame_folder() -> Option<PathBuf> {
    UserFolder::Cache
        .path()
        .map(|folder| folder.join("endgames"))
}

/// The seeds of the tables plugins read: `AWALE_ENDGAME_SEEDS` (at most
/// [`MAX_ENDGAME_SEEDS`]), else [`DEFAULT_ENDGAME_SEEDS`].
pub fn wanted_endgame_seeds() -> u32 {
    std::env::var("AWALE_ENDGAME_SEEDS")
        .ok()
        .and_then(|value| value.parse().ok())
        .filter(|&seeds| seeds <= MAX_ENDGAME_SEEDS)
        .unwrap_or(DEFAULT_ENDGAME_SEEDS)
}

/// Opens `path` for reading only when it is a regular file: the one way
/// the project opens a file it reads of its own accord (plugins, the
/// plugins cache, endgame tables, `SPEC.md` §7). Anything else is refused
/// before it is opened, and the file is opened without blocking (a FIFO with no writer would hang `open(2)`, a device may do
/// anything on `read(2)`), then checked on the descriptor, so no other kind
/// of file is ever read (`O_NONBLOCK` changes nothing to a regular file's
/// reads).
pub fn open_regular(path: &Path) -> std::io::Result<(std::fs::File, std::fs::Metadata)> {
    let not_regular =
        || std::io::Error::new(std::io::ErrorKind::InvalidInput, "not a regular file");
    if !std::fs::metadata(path)?.is_file() {
        return Err(not_regular());
    }
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NONBLOCK);
    let file = options.open(path)?;
    let metadata = file.metadata()?;
    if !metadata.is_file() {
        return Err(not_regular());
    }
    Ok((file, metadata))
}

/// What a failed system call means, in French, for a line a player reads
/// (the host's messages and the plugins' endgame tables alike)
/// (« fichier ou dossier introuvable »), with the system's code where its
/// kind says nothing more.
pub fn system_error(error: &io::Error) -> String {
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
    fn boards_are_the_ways_to_share_seeds_among_holes() {
        assert_eq!(endgame_boards(12, 0), 1);
        assert_eq!(endgame_boards(12, 1), 12);
        assert_eq!(endgame_boards(2, 3), 4, "3+0, 2+1, 1+2, 0+3");
        assert_eq!(endgame_boards(12, 16), 13_037_895);
    }

    #[test]
    fn each_kind_has_its_own_variable_and_default() {
        let kinds = [UserFolder::Data, UserFolder::State, UserFolder::Cache];
        let variables: Vec<_> = kinds.iter().map(|kind| kind.variable()).collect();
        assert_eq!(
            variables,
            ["XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"]
        );
        assert!(kinds.iter().all(|kind| kind.under_home().starts_with('.')));
        let windows: Vec<_> = kinds.iter().map(|kind| kind.windows_folder()).collect();
        assert_eq!(windows[1], ("LOCALAPPDATA", &["awale"][..]));
        assert_ne!(
            windows[1], windows[2],
            "the cache is not among the kept games"
        );
    }
}
