//! The games kept without asking (`SPEC.md` §2): every game a person plays
//! is recorded in `$XDG_STATE_HOME/awale/games/` (by default
//! `~/.local/state/awale/games/`), one record a game named by the time it
//! started (`2026-11-24T002205.123Z-awale.txt`), the last [`KEPT`] kept.
//! `host --kept` lists them, the last played first; `host --resume [N]`
//! goes on with one of them.
//!
//! The host touches only its own files there: a kept game is a regular
//! file (never a symlink) whose name has the form above and whose first
//! line is a record's `[Variant "…"]`; the folder itself must be a folder
//! (not a symlink) of the user running the host (or root), by the rule of
//! the plugins folder ([`trust::check`]).

use std::fs::{File, OpenOptions};
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use log::debug;

use crate::keeping::record::{self, Header, Kind, Replay, Sink};
use crate::util::failure::{refused, say, Failure};
use crate::util::shown::{shown, shown_path, system_error, wrapped, COLUMNS};
use crate::util::trust::{self, Untrusted};
use variant_api::folders::UserFolder;

/// How many games are kept.
pub(crate) const KEPT: usize = 100;

/// The kept games' folder, or `None` when neither `XDG_STATE_HOME` nor
/// `HOME` says where it is.
fn folder() -> Option<PathBuf> {
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
        say("Cette partie n'est pas gardée : ni XDG_STATE_HOME ni HOME n'est défini.");
        return None;
    };
    match create(&folder, header) {
        Ok(sink) => {
            prune(&folder);
            Some(sink)
        }
        Err(error) => {
            say(&format!("Cette partie n'est pas gardée : {error}."));
            None
        }
    }
}

fn create(folder: &Path, header: &Header) -> Result<Sink, String> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder.create(folder).map_err(|error| {
        format!(
            "impossible de créer le dossier {} : {}",
            shown_path(folder),
            system_error(&error)
        )
    })?;
    check_folder(folder)?;
    // 2026-11-24T00:22:05.123Z: names sort as the games started.
    let stamp = humantime::format_rfc3339_millis(SystemTime::now())
        .to_string()
        .replace(':', "");
    let variant: String = header
        .variant
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-')
        .collect();
    // Created exclusively: a game started in the same millisecond by
    // another host takes the next name.
    for attempt in 1..=100 {
        let name = match attempt {
            1 => format!("{stamp}-{variant}.txt"),
            _ => format!("{stamp}-{variant}-{attempt}.txt"),
        };
        if let Some(sink) = Sink::create_new(&folder.join(name), header, Kind::Kept)? {
            return Ok(sink);
        }
    }
    Err(format!(
        "trop de parties commencées à {stamp} dans {}",
        shown_path(folder)
    ))
}

/// Refuses a kept games' folder that is a symlink, that another user than
/// the one running the host (or root) owns or may write, or that lies in a
/// folder another user owns or all users may write (without its sticky
/// bit).
fn check_folder(folder: &Path) -> Result<(), String> {
    let shown = shown_path(folder);
    let metadata = std::fs::symlink_metadata(folder).map_err(|error| {
        format!(
            "impossible de lire le dossier {shown} : {}",
            system_error(&error)
        )
    })?;
    if metadata.file_type().is_symlink() {
        return Err(format!(
            "le dossier des parties gardées {shown} est un lien symbolique, que le programme \
             ne suit pas (faites-en un dossier)"
        ));
    }
    if !metadata.is_dir() {
        return Err(format!(
            "le dossier des parties gardées {shown} n'est pas un dossier"
        ));
    }
    trust::check(folder, &metadata).map_err(|untrusted| match untrusted {
        Untrusted::Owner { owner, user, .. } => format!(
            "le dossier des parties gardées {shown} appartient à l'utilisateur {owner}, ni \
             vous (utilisateur {user}) ni root : il ne sert pas (lancez `chown {user} {shown}`)"
        ),
        Untrusted::Writable { who, .. } => format!(
            "d'autres que son propriétaire peuvent écrire dans le dossier des parties gardées \
             {shown} : il ne sert pas (lancez `chmod {who}-w {shown}`)"
        ),
    })?;
    trust::check_parents(folder).map_err(|untrusted| match untrusted {
        Untrusted::Owner { path, owner, user } => {
            let parent = shown_path(&path);
            format!(
                "le dossier des parties gardées {shown} est dans {parent}, qui appartient à \
                 l'utilisateur {owner}, ni vous (utilisateur {user}) ni root, qui pourrait \
                 mettre un autre dossier à sa place : il ne sert pas (lancez `chown {user} \
                 {parent}`)"
            )
        }
        Untrusted::Writable { path, .. } => {
            let parent = shown_path(&path);
            format!(
                "le dossier des parties gardées {shown} est dans {parent}, où tous peuvent \
                 écrire et mettre un autre dossier à sa place : il ne sert pas (lancez \
                 `chmod o-w {parent}`, ou `chmod +t {parent}`)"
            )
        }
    })
}

/// Whether `name` is a kept game's: `2026-11-24T002205.123Z-awale.txt`,
/// or `…-awale-2.txt` for a second game started in the same millisecond.
fn is_kept_name(name: &str) -> bool {
    let bytes = name.as_bytes();
    let pattern = b"dddd-dd-ddTdddddd.dddZ-";
    if bytes.len() <= pattern.len() + 4 || !name.ends_with(".txt") {
        return false;
    }
    let stamp = pattern.iter().zip(bytes).all(|(&want, &byte)| match want {
        b'd' => byte.is_ascii_digit(),
        _ => byte == want,
    });
    let variant = &bytes[pattern.len()..bytes.len() - 4];
    stamp
        && !variant.is_empty()
        && variant
            .iter()
            .all(|byte| byte.is_ascii_alphanumeric() || *byte == b'-')
}

/// Opens `path` for reading (and appending when `write`), never through a
/// symlink, and only when it is a regular file.
fn open_own(path: &Path, write: bool) -> io::Result<File> {
    let mut options = OpenOptions::new();
    options.read(true).append(write);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(nix::fcntl::OFlag::O_NOFOLLOW.bits());
    }
    let file = options.open(path)?;
    if !file.metadata()?.is_file() {
        return Err(io::Error::other("not a regular file"));
    }
    Ok(file)
}

/// Whether the open `file` starts as a record the host writes.
fn starts_as_a_record(file: &File) -> bool {
    let mut start = [0u8; 10];
    let mut reader = file;
    reader
        .read_exact(&mut start)
        .is_ok_and(|()| &start == b"[Variant \"")
}

/// A kept game's file.
#[derive(Debug)]
struct Entry {
    path: PathBuf,
    /// When it was last written: the list is sorted by it.
    modified: SystemTime,
}

/// The kept games of `folder`, the last played first: the regular files
/// (not symlinks) named as the host names them.
fn entries(folder: &Path) -> io::Result<Vec<Entry>> {
    let mut entries: Vec<Entry> = std::fs::read_dir(folder)?
        .filter_map(Result::ok)
        .filter(|entry| entry.file_name().to_str().is_some_and(is_kept_name))
        .filter_map(|entry| {
            // The entry's own type and time: a symlink is not followed.
            let metadata = entry.metadata().ok()?;
            metadata.file_type().is_file().then(|| Entry {
                path: entry.path(),
                modified: metadata.modified().unwrap_or(SystemTime::UNIX_EPOCH),
            })
        })
        .collect();
    entries.sort_by(|a, b| (b.modified, &b.path).cmp(&(a.modified, &a.path)));
    Ok(entries)
}

/// Removes the kept games beyond the last [`KEPT`] played, but none that
/// a host is writing, nor any file that does not start as a record.
fn prune(folder: &Path) {
    let Ok(entries) = entries(folder) else {
        return;
    };
    for entry in entries.iter().skip(KEPT) {
        let path = &entry.path;
        let ours = open_own(path, false)
            .is_ok_and(|file| starts_as_a_record(&file) && record::lock(&file, path).is_ok());
        if !ours {
            debug!("left {}: not a kept game, or being played", path.display());
            continue;
        }
        if let Some(warning) = removal_warning(path, std::fs::remove_file(path)) {
            say(&warning);
        }
    }
}

/// What a player is told of the removal of the old game `path`: nothing
/// when it is gone, whoever removed it (another host pruning at the same
/// time may have been first), else why it is still there.
fn removal_warning(path: &Path, removed: std::io::Result<()>) -> Option<String> {
    match removed {
        Ok(()) => {
            debug!("removed the old game {}", path.display());
            None
        }
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
            debug!("the old game {} was removed already", path.display());
            None
        }
        Err(error) => Some(format!(
            "attention : impossible d'effacer l'ancienne partie {} : {}",
            shown_path(path),
            system_error(&error)
        )),
    }
}

/// The kept games' folder, checked; `None` when it does not exist yet.
fn existing_folder() -> Result<Option<PathBuf>, String> {
    let folder = folder().ok_or("aucune partie gardée : ni XDG_STATE_HOME ni HOME n'est défini")?;
    match std::fs::symlink_metadata(&folder) {
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(None),
        _ => check_folder(&folder)?,
    }
    Ok(Some(folder))
}

/// The kept games, the last played first; an empty list when there is no
/// folder yet.
fn all() -> Result<(PathBuf, Vec<Entry>), String> {
    let Some(folder) = existing_folder()? else {
        let folder = folder().unwrap_or_default();
        return Ok((folder, Vec::new()));
    };
    let entries = entries(&folder).map_err(|error| {
        format!(
            "impossible de lire les parties gardées de {} : {}",
            shown_path(&folder),
            system_error(&error)
        )
    })?;
    Ok((folder, entries))
}

/// `2026-11-25 14:03` (UTC) of `time`.
fn minute(time: SystemTime) -> String {
    let text = date(time);
    format!("{} {}", &text[..10], &text[11..16])
}

/// `1 décision`, `24 décisions`.
fn decisions(count: usize) -> String {
    match count {
        0 | 1 => format!("{count} décision"),
        _ => format!("{count} décisions"),
    }
}

/// The lines of `host --kept`: one a kept game (more when it would not fit
/// 80 columns), the last played first, numbered as `--resume N` takes them.
pub(crate) fn list() -> Result<String, String> {
    let (_, entries) = all()?;
    let mut text = String::new();
    for (index, entry) in entries.iter().enumerate() {
        let number = index + 1;
        let when = minute(entry.modified);
        let read = open_own(&entry.path, false)
            .map_err(|error| error.to_string())
            .and_then(|mut file| {
                let playing = record::lock(&file, &entry.path).is_err();
                record::read_from(&mut file, &entry.path).map(|replay| (replay, playing))
            });
        let line = match read {
            Ok((replay, playing)) => {
                let header = &replay.header;
                let mut seats: Vec<String> = header
                    .seats
                    .iter()
                    .map(|(seat, level)| match level {
                        Some(level) => format!("{seat} ordinateur {level}"),
                        None => format!("{seat} personne"),
                    })
                    .collect();
                if seats.is_empty() {
                    seats = header
                        .computer
                        .iter()
                        .map(|computer| format!("ordinateur {computer}"))
                        .collect();
                }
                let state = match (&replay.ending, &replay.unplayable, playing) {
                    (Some((ending, _)), _, _) => format!("{} ({})", ending.result, ending.scores),
                    (None, Some(_), _) => "en cours, ne se rejoue plus".to_owned(),
                    (None, None, _) if replay.crashed.is_some() => {
                        let how = replay
                            .crashed
                            .as_ref()
                            .and_then(|(crash, _)| crash.how.clone());
                        format!(
                            "en cours, la variante a planté ({})",
                            how.as_deref().unwrap_or("signal")
                        )
                    }
                    (None, None, true) => "en cours, jouée en ce moment".to_owned(),
                    (None, None, false) => "en cours".to_owned(),
                };
                let mut parts = vec![header.variant.clone()];
                parts.extend(seats);
                parts.push(decisions(replay.entries.len()));
                parts.push(state);
                let parts: Vec<String> = parts.iter().map(|part| shown(part)).collect();
                listed(&format!("{number}. {when} "), &parts)
            }
            Err(_) => {
                let name = entry.path.file_name().unwrap_or_default();
                format!(
                    "{number}. {when} {}, illisible",
                    shown(&name.to_string_lossy())
                )
            }
        };
        text.push_str(&line);
        text.push('\n');
    }
    Ok(text)
}

/// The `parts` of a game in `--kept` after `head`, separated by commas,
/// within [`COLUMNS`]: a part that would not fit goes on the next line,
/// under the date.
fn listed(head: &str, parts: &[String]) -> String {
    let indent = " ".repeat(head.find(' ').map_or(0, |at| at + 1));
    let mut text = head.to_owned();
    let mut width = head.chars().count();
    for (at, part) in parts.iter().enumerate() {
        let length = part.chars().count();
        if at > 0 && width + 2 + length > COLUMNS {
            text.push_str(",\n");
            text.push_str(&indent);
            width = indent.len();
        } else if at > 0 {
            text.push_str(", ");
            width += 2;
        }
        text.push_str(part);
        width += length;
    }
    text
}

/// A kept game to go on with, opened for writing and locked.
#[derive(Debug)]
pub(crate) struct Resumed {
    /// Its file.
    pub(crate) file: File,
    /// What it says.
    pub(crate) replay: Replay,
    /// Its number in `--kept`.
    number: usize,
}

impl Resumed {
    /// The game, written now: the first of the list from now on, the one a
    /// plain `--resume` takes when it is stopped again.
    fn played_now(self) -> Resumed {
        if let Err(error) = self.file.set_modified(SystemTime::now()) {
            debug!("{}: {error}", self.replay.path.display());
        }
        self
    }

    /// The line that says which game goes on (`SPEC.md` §2), within 80
    /// columns: the game by its number and its short name, the time it
    /// started (`2026-11-28T141826.876Z`), not its file's whole path.
    pub(crate) fn line(&self) -> String {
        let variant = &self.replay.header.variant;
        let line = format!(
            "Reprise de la partie {} : {}, {} ({}).",
            self.number,
            shown(variant),
            decisions(self.replay.entries.len()),
            shown(&short_name(&self.replay.path, variant))
        );
        wrapped(&line, COLUMNS)
    }
}

/// A kept game's short name: its file's name without the variant nor
/// `.txt`, the time it started (`2026-11-28T141826.876Z`).
pub(crate) fn short_name(path: &Path, variant: &str) -> String {
    let stem = path.file_stem().unwrap_or_default().to_string_lossy();
    match stem.strip_suffix(variant) {
        Some(start) if start.ends_with('-') => start.trim_end_matches('-').to_owned(),
        _ => stem.into_owned(),
    }
}

/// The library file a variant is installed from, by a fingerprint of its
/// identity (see `mark`), or `None` when the variant is not installed.
pub(crate) type Installed<'a> = &'a dyn Fn(&str) -> Option<String>;

/// Why a kept game that could be read cannot be gone on with, if it
/// cannot, for the player (in French).
fn unusable(replay: &Replay, installed: Installed) -> Option<String> {
    if replay.ending.is_some() {
        return Some("la partie est finie".to_owned());
    }
    if let Some((_, line)) = &replay.unplayable {
        return Some(format!(
            "ligne {line} : elle n'a pas pu être rejouée la dernière fois"
        ));
    }
    if replay.entries.is_empty() {
        return Some("elle ne compte aucune décision".to_owned());
    }
    if let Some(record::Unterminated::Cut(line)) = replay.unterminated {
        return Some(format!("ligne {line} : sa dernière ligne est coupée"));
    }
    let Some(library) = installed(&replay.header.variant) else {
        return Some(format!(
            "ligne {} : sa variante « {} » n'est pas installée",
            replay.header.lines.variant,
            shown(&replay.header.variant)
        ));
    };
    if let Some((crash, line)) = &replay.crashed {
        return crash
            .blocks(&library)
            .map(|reason| format!("ligne {line} : {}", shown(&reason)));
    }
    None
}

/// Opens, locks and reads the kept game `entry`, numbered `number`.
fn open(entry: &Entry, number: usize) -> Result<Resumed, String> {
    let path = &entry.path;
    let mut file = open_own(path, true).map_err(|error| {
        format!(
            "impossible d'ouvrir {} : {}",
            shown_path(path),
            system_error(&error)
        )
    })?;
    record::lock(&file, path)?;
    let replay = record::read_from(&mut file, path)?;
    Ok(Resumed {
        file,
        replay,
        number,
    })
}

/// The kept game `--resume [N]` goes on with: the Nth of [`list`], or the
/// last played that can be gone on with (`installed` says which variants
/// are, and from which file), passing over, with one line each, those
/// that cannot, and those of `passed_over` (passed over already by this
/// run). What is said of the games, to the player, is in French.
pub(crate) fn resume(
    number: Option<u32>,
    installed: Installed,
    passed_over: &[PathBuf],
) -> Result<Resumed, Failure> {
    let (_, entries) = all().map_err(refused)?;
    if let Some(number) = number {
        let entry = nth(&entries, number).map_err(refused)?;
        let resumed = open(entry, number as usize).map_err(refused)?;
        if let Some(reason) = unusable(&resumed.replay, installed) {
            return Err(refused(format!(
                "la partie gardée {number} ne peut pas être reprise : {reason}"
            )));
        }
        return Ok(resumed.played_now());
    }
    for (index, entry) in entries.iter().enumerate() {
        if passed_over.contains(&entry.path) {
            continue;
        }
        match open(entry, index + 1) {
            Ok(resumed) => match unusable(&resumed.replay, installed) {
                None => return Ok(resumed.played_now()),
                Some(reason) if resumed.replay.ending.is_some() => {
                    debug!("{}: {reason}", entry.path.display());
                }
                Some(reason) => say(&wrapped(
                    &format!(
                        "Partie passée : {} ({reason}).",
                        shown(&short_name(&entry.path, &resumed.replay.header.variant))
                    ),
                    COLUMNS,
                )),
            },
            Err(error) => say(&format!("Partie passée : {error}.")),
        }
    }
    Err(refused(
        "aucune partie en cours à reprendre (--kept les donne toutes)".to_owned(),
    ))
}

/// The Nth kept game of `entries`, as `--kept` numbers them.
fn nth(entries: &[Entry], number: u32) -> Result<&Entry, String> {
    let index = (number as usize).checked_sub(1);
    index.and_then(|index| entries.get(index)).ok_or_else(|| {
        format!(
            "il n'y a pas de partie gardée {number} : il y en a {} (voir --kept)",
            entries.len()
        )
    })
}

/// The file of the Nth kept game, as `--kept` numbers them (`--analyse N`).
pub(crate) fn path_of(number: u32) -> Result<PathBuf, Failure> {
    let (_, entries) = all().map_err(refused)?;
    let entry = nth(&entries, number).map_err(refused)?;
    Ok(entry.path.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_old_game_removed_by_another_host_first_is_not_a_warning() {
        use std::io::{Error, ErrorKind};
        let path = Path::new("old.txt");
        assert_eq!(removal_warning(path, Ok(())), None);
        let gone = Err(Error::from(ErrorKind::NotFound));
        assert_eq!(removal_warning(path, gone), None);
        let refused = Err(Error::from(ErrorKind::PermissionDenied));
        let warning = removal_warning(path, refused).expect("a warning");
        assert!(warning.starts_with("attention : impossible d'effacer l'ancienne partie"));
    }

    #[test]
    fn only_the_hosts_own_names_are_kept_games() {
        for name in [
            "2026-11-24T002205.123Z-awale.txt",
            "2026-11-24T002205.123Z-awale-classique-2.txt",
        ] {
            assert!(is_kept_name(name), "{name}");
        }
        for name in [
            "notes.txt",
            "2026-11-24T002205.123Z-.txt",
            "2026-11-24T002205.123Z-awale.txt.bak",
            "2026-11-24T00:22:05.123Z-awale.txt",
            "2026-11-24T002205.123Z-awa le.txt",
            "my game.txt",
        ] {
            assert!(!is_kept_name(name), "{name}");
        }
    }

    #[test]
    fn the_list_shows_minutes_and_decisions() {
        let time = SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(86_400 + 3_725);
        assert_eq!(minute(time), "1970-01-02 01:02");
        assert_eq!(decisions(1), "1 décision");
        assert_eq!(decisions(24), "24 décisions");
    }

    #[test]
    fn a_kept_game_is_listed_within_80_columns_a_part_whole_on_its_line() {
        let parts: Vec<String> = ["awale", "SUD personne", "NORD ordinateur 3", "30 décisions"]
            .iter()
            .map(|part| (*part).to_owned())
            .chain(["NORD gagne (SUD 23, NORD 25)".to_owned()])
            .collect();
        let head = "12. 2026-11-28 14:24 ";
        assert_eq!(
            listed(head, &parts),
            "12. 2026-11-28 14:24 awale, SUD personne, NORD ordinateur 3, 30 décisions,\n    \
             NORD gagne (SUD 23, NORD 25)"
        );
        assert_eq!(
            listed(head, &parts[..2]),
            format!("{head}awale, SUD personne")
        );
    }
}
