//! The games kept without asking (`SPEC.md` §2): every game a person plays
//! is recorded in `$XDG_STATE_HOME/awale/games/` (by default
//! `~/.local/state/awale/games/`), one record a game named by the time it
//! started, the last [`KEPT`] kept; `host --resume` takes the last one whose
//! game is not over.

use std::fs::{File, OpenOptions};
use std::io;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use log::{debug, warn};

use crate::crash;
use crate::record::{self, shown_path, Header, Sink};
use variant_api::folders::UserFolder;

/// How many games are kept.
pub(crate) const KEPT: usize = 100;

/// The kept games' folder, or `None` when neither `XDG_STATE_HOME` nor
/// `HOME` says where it is.
pub(crate) fn folder() -> Option<PathBuf> {
    Some(UserFolder::State.path()?.join("games"))
}

/// The date of `time` as RFC 3339, to the second (`2026-11-24T00:22:05Z`).
pub(crate) fn date(time: SystemTime) -> String {
    humantime::format_rfc3339_seconds(time).to_string()
}

/// Starts the kept record of a game: a new file of the folder, then the
/// oldest records beyond the last [`KEPT`] removed. `None`, with a warning,
/// when the game cannot be kept: the game goes on.
pub(crate) fn start(header: &Header) -> Option<Sink> {
    let Some(folder) = folder() else {
        warn!("this game is not kept: neither XDG_STATE_HOME nor HOME is set");
        return None;
    };
    match create(&folder, header) {
        Ok(sink) => {
            prune(&folder);
            Some(sink)
        }
        Err(error) => {
            warn!("this game is not kept: {error}");
            None
        }
    }
}

fn create(folder: &Path, header: &Header) -> Result<Sink, String> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder
        .create(folder)
        .map_err(|error| format!("cannot make the folder {}: {error}", shown_path(folder)))?;
    // 2026-11-24T00:22:05.123Z: names sort as the games started.
    let stamp = humantime::format_rfc3339_millis(SystemTime::now())
        .to_string()
        .replace(':', "");
    let variant: String = header
        .variant
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-')
        .collect();
    for attempt in 1..=100 {
        let name = match attempt {
            1 => format!("{stamp}-{variant}.txt"),
            _ => format!("{stamp}-{variant}-{attempt}.txt"),
        };
        let path = folder.join(name);
        if path.exists() {
            continue;
        }
        return Sink::create(&path, header);
    }
    Err(format!(
        "too many games started at {stamp} in {}",
        shown_path(folder)
    ))
}

/// The kept records of `folder`, oldest first.
fn records(folder: &Path) -> io::Result<Vec<PathBuf>> {
    let mut records: Vec<PathBuf> = std::fs::read_dir(folder)?
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "txt") && path.is_file())
        .collect();
    records.sort();
    Ok(records)
}

/// Removes the oldest records beyond the last [`KEPT`], but none that a
/// host is writing.
fn prune(folder: &Path) {
    let Ok(records) = records(folder) else {
        return;
    };
    let extra = records.len().saturating_sub(KEPT);
    for path in &records[..extra] {
        let free = File::open(path).is_ok_and(|file| record::lock(&file, path).is_ok());
        if !free {
            continue;
        }
        match std::fs::remove_file(path) {
            Ok(()) => debug!("removed the old game {}", path.display()),
            Err(error) => warn!("cannot remove the old game {}: {error}", shown_path(path)),
        }
    }
}

/// The last kept record whose game is not over and that no host is
/// writing, opened for writing and locked, with what it says.
pub(crate) fn last_unfinished() -> Result<(File, record::Replay), String> {
    let folder = folder().ok_or("no game to resume: neither XDG_STATE_HOME nor HOME is set")?;
    let records = match records(&folder) {
        Ok(records) => records,
        Err(error) if error.kind() == io::ErrorKind::NotFound => Vec::new(),
        Err(error) => {
            return Err(format!(
                "cannot read the kept games in {}: {error}",
                shown_path(&folder)
            ))
        }
    };
    for path in records.iter().rev() {
        let Ok(mut file) = OpenOptions::new().read(true).append(true).open(path) else {
            continue;
        };
        if record::lock(&file, path).is_err() {
            debug!("{} is being played", path.display());
            continue;
        }
        if let Some(reason) = crash::crash_mark(&mut file) {
            warn!("skipped {}: {reason}", shown_path(path));
            continue;
        }
        let replay = record::read_from(&mut file, path)?;
        if replay.ending.is_none() {
            return Ok((file, replay));
        }
    }
    Err(format!(
        "no unfinished game to resume in {}",
        shown_path(&folder)
    ))
}
