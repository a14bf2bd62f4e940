//! Game records (`--record FILE`, `--replay FILE`, the kept games): a text
//! a person can read, written as the game goes, never shortened, never
//! overwritten, and on disk after each person's decision.
//!
//! ```text
//! [Variant "awale"]
//! [Version "0.1.0"]
//! [Host "0.1.0"]
//! [Date "2026-11-24T00:22:05Z"]
//! [Set "capture=backward"]
//! [First "SUD"]
//! [Seat "SUD personne"]
//! [Seat "NORD ordinateur 3"]
//! [Seed "42"]
//! [Think "10"]
//!
//! 1. SUD 3
//! 2. NORD 9
//! 3. SUD annuler
//! 4. SUD abandon
//!
//! [Result "NORD gagne"]
//! [Scores "SUD 0, NORD 3"]
//! ```
//!
//! Tags in the manner of the « Oware Game Notation » (`[Name "value"]`, one
//! per line: `Set` and `Seat` may repeat), a blank line, then one decision
//! per line: its number, the seat that decided, and what was played (a
//! number, `0` for the end by agreement, `annuler`, `abandon`). Hints and
//! `aide` change nothing and are not written. Once the game is over, a blank
//! line and the tags `Result` and `Scores`. A game that did not start at
//! the beginning (`--position`) has a `Position` tag after its options,
//! the position's text (`SPEC.md` §2), its `First` the seat that moved
//! first there. Older records, with `Computer` tags (`NORD=3`) instead of
//! `Seat` tags, are read too.
//!
//! [`read`] is the one way to read a record back (`--replay`, `--resume`,
//! `--analyse`): at most [`MAX_BYTES`], every error naming the file and line.

use std::collections::VecDeque;
use std::fs::{File, OpenOptions};
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use variant_api::{Outcome, Player};

use crate::cli::program;
use crate::keeping::mark::{self, Crash};
use crate::util::failure::say;
use crate::util::shown::{hanging, shown, shown_path, system_error};

/// The largest record `--replay` reads.
pub(crate) const MAX_BYTES: u64 = 16 << 20;

/// What a record says of the game before its decisions.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Header {
    /// The variant's id.
    pub(crate) variant: String,
    /// The plugin's version when the game was played (for a person's eyes).
    pub(crate) version: String,
    /// The host's version when the game was played (for a person's eyes).
    pub(crate) host: String,
    /// When the game started, as RFC 3339 (for a person's eyes).
    pub(crate) date: String,
    /// The `--set` options.
    pub(crate) settings: Vec<(String, String)>,
    /// The seat that moved first.
    pub(crate) first: String,
    /// Each seat and the computer's level there (`None`: a person).
    pub(crate) seats: Vec<(String, Option<u8>)>,
    /// The computer's seats as `--computer` values (`NORD=3`).
    pub(crate) computer: Vec<String>,
    /// The seats played by engines of the protocol, and each engine's
    /// command (`--engine`; read back, those seats go on with a person).
    pub(crate) engines: Vec<(String, String)>,
    /// The seed of the computer's random choices.
    pub(crate) seed: u64,
    /// The `--think` time, in seconds.
    pub(crate) think: f64,
    /// Where the game started, when not at the beginning (`--position`):
    /// a position's text (`SPEC.md` §2 « Positions »).
    pub(crate) position: Option<String>,
    /// The line of each tag that sets the game up, for error messages.
    pub(crate) lines: TagLines,
}

/// Where the tags that set a game up are, in the record.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct TagLines {
    /// The `Variant` tag's line.
    pub(crate) variant: usize,
    /// The first `Set` tag's line (the header's end when there is none).
    pub(crate) settings: usize,
    /// The `First` tag's line.
    pub(crate) first: usize,
    /// The first `Seat` or `Computer` tag's line.
    pub(crate) computer: usize,
    /// The `Position` tag's line.
    pub(crate) position: usize,
}

/// One recorded decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    /// Its line in the record, from 1.
    pub(crate) line: usize,
    /// The seat that decided, as written.
    pub(crate) seat: String,
    /// What was played: a number, `0`, `annuler` or `abandon`.
    pub(crate) token: String,
}

/// How a record ends, when its last line has no end-of-line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Unterminated {
    /// The last line is complete but for its newline: it is read.
    Kept(usize),
    /// The last line is cut short: it is left out.
    Cut(usize),
}

/// A record read back.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Replay {
    /// The record's file.
    pub(crate) path: PathBuf,
    /// The game's settings.
    pub(crate) header: Header,
    /// The decisions, in order.
    pub(crate) entries: VecDeque<Entry>,
    /// The `Result` and `Scores` of a finished game, and the line of `Result`.
    pub(crate) ending: Option<(Ending, usize)>,
    /// When the last line has no newline.
    pub(crate) unterminated: Option<Unterminated>,
    /// Why the host could not replay this record when it last tried, and
    /// the line saying so (see [`mark_unplayable`]).
    pub(crate) unplayable: Option<(String, usize)>,
    /// The crash mark no decision follows, and its line (see `mark`).
    pub(crate) crashed: Option<(Crash, usize)>,
}

impl Replay {
    /// The warning a person should see about this record's last line.
    pub(crate) fn warning(&self) -> Option<String> {
        let path = shown_path(&self.path);
        self.unterminated.map(|unterminated| match unterminated {
            Unterminated::Kept(line) => {
                format!("{path}, ligne {line} : la dernière ligne n'a pas de fin de ligne : lue telle quelle")
            }
            Unterminated::Cut(line) => format!(
                "{path}, ligne {line} : la dernière ligne est coupée : les {} décisions d'avant sont rejouées",
                self.entries.len()
            ),
        })
    }
}

/// The end of a finished game, as the record's last tags say it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Ending {
    /// `NORD gagne`, `SUD et EST gagnent` or `personne ne gagne`.
    pub(crate) result: String,
    /// `SUD 20, NORD 28`.
    pub(crate) scores: String,
}

impl Ending {
    /// The ending of a game over with `outcome` and these final `scores`.
    pub(crate) fn new(outcome: Outcome, names: &[String], scores: &[u32]) -> Ending {
        let winners: Vec<&str> = outcome
            .winner_list()
            .filter_map(|player: Player| names.get(player.index()).map(String::as_str))
            .collect();
        let result = match winners.as_slice() {
            [] => "personne ne gagne".to_owned(),
            all if all.len() >= names.len() => "personne ne gagne".to_owned(),
            [one] => format!("{one} gagne"),
            [first @ .., last] => format!("{} et {last} gagnent", first.join(", ")),
        };
        let scores: Vec<String> = names
            .iter()
            .zip(scores)
            .map(|(name, score)| format!("{name} {score}"))
            .collect();
        Ending {
            result,
            scores: scores.join(", "),
        }
    }
}

/// The header's text, blank line included.
fn header_text(header: &Header) -> String {
    let mut text = String::new();
    let mut tag = |name: &str, value: &str| {
        text.push_str(&format!("[{name} \"{}\"]\n", shown(value)));
    };
    tag("Variant", &header.variant);
    tag("Version", &header.version);
    tag("Host", &header.host);
    tag("Date", &header.date);
    for (key, value) in &header.settings {
        tag("Set", &format!("{key}={value}"));
    }
    if let Some(position) = &header.position {
        tag("Position", position);
    }
    tag("First", &header.first);
    for (seat, level) in &header.seats {
        match level {
            Some(level) => tag("Seat", &format!("{seat} ordinateur {level}")),
            None => tag("Seat", &format!("{seat} personne")),
        }
    }
    for (seat, command) in &header.engines {
        tag("Engine", &format!("{seat} {command}"));
    }
    tag("Seed", &header.seed.to_string());
    tag("Think", &header.think.to_string());
    text.push('\n');
    text
}

/// An io error that names the record's file.
fn naming(path: &Path, error: io::Error) -> io::Error {
    io::Error::new(error.kind(), format!("{}: {error}", shown_path(path)))
}

/// Takes the exclusive lock of a record being written, or says that another
/// host holds it.
///
/// The standard library's lock is `flock` on Unix and `LockFileEx` on
/// Windows, so one code path serves both.
pub(crate) fn lock(file: &File, path: &Path) -> Result<(), String> {
    file.try_lock().map_err(|error| match error {
        std::fs::TryLockError::WouldBlock => format!(
            "l'enregistrement {} est écrit par un autre programme en ce moment",
            shown_path(path)
        ),
        std::fs::TryLockError::Error(error) => format!(
            "impossible de verrouiller l'enregistrement {} : {}",
            shown_path(path),
            system_error(&error)
        ),
    })
}

/// Puts the entry of the new file `path` on disk, with its folder.
fn sync_folder(path: &Path) {
    let folder = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    if let Err(error) = File::open(folder).and_then(|folder| folder.sync_all()) {
        log::debug!("cannot sync the folder {}: {error}", folder.display());
    }
}

/// What a file a game is written to is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A game kept without asking (`kept`).
    Kept,
    /// The record the person asked for (`--record`, `--replay F --record F`).
    Record,
}

/// One file a game is written to.
#[derive(Debug)]
pub(crate) struct Sink {
    file: File,
    path: PathBuf,
    kind: Kind,
    /// The decisions numbered so far.
    numbered: usize,
    /// The decisions already in the file (a record continued in place).
    skip: usize,
    /// Whether a newline must come before the next line.
    needs_newline: bool,
    /// The file's length after the last whole write (`None`: unknown), to
    /// which a write that fails is cut back.
    whole: Option<u64>,
    /// The number of the last decision in the file (0: none).
    last: usize,
}

impl Sink {
    /// Creates the record `path` the person asked for, which must not
    /// exist, locks it and writes the header.
    pub(crate) fn create(path: &Path, header: &Header) -> Result<Sink, String> {
        Sink::create_new(path, header, Kind::Record)?.ok_or_else(|| {
            format!(
                "l'enregistrement {} existe : il n'est jamais écrasé (choisissez un autre \
                 fichier, ou continuez-le avec --replay {0} --record {0})",
                shown_path(path)
            )
        })
    }

    /// Creates `path` (exclusively: `None` when it exists, never through
    /// a symlink), locks it and writes the header; a file whose header
    /// cannot be written is removed.
    pub(crate) fn create_new(
        path: &Path,
        header: &Header,
        kind: Kind,
    ) -> Result<Option<Sink>, String> {
        let file = match OpenOptions::new().write(true).create_new(true).open(path) {
            Ok(file) => file,
            Err(error) if error.kind() == io::ErrorKind::AlreadyExists => return Ok(None),
            Err(error) => {
                return Err(format!(
                    "impossible d'écrire l'enregistrement {} : {}",
                    shown_path(path),
                    system_error(&error)
                ))
            }
        };
        lock(&file, path)?;
        let mut sink = Sink {
            file,
            path: path.to_path_buf(),
            kind,
            numbered: 0,
            skip: 0,
            needs_newline: false,
            whole: Some(0),
            last: 0,
        };
        if let Err(error) = sink.append(&header_text(header)).and_then(|()| sink.sync()) {
            // Only what this host made: an empty or cut header is no record.
            let _ = std::fs::remove_file(path);
            return Err(format!(
                "impossible d'écrire l'enregistrement {} : {}",
                shown_path(path),
                system_error(&error)
            ));
        }
        sync_folder(path);
        Ok(Some(sink))
    }

    /// Continues the record `replay` read from `file` (locked, opened for
    /// writing): its decisions are not written again.
    pub(crate) fn continued(file: File, replay: &Replay, kind: Kind) -> Sink {
        let whole = file.metadata().ok().map(|metadata| metadata.len());
        Sink {
            file,
            path: replay.path.clone(),
            kind,
            numbered: 0,
            skip: replay.entries.len(),
            needs_newline: matches!(replay.unterminated, Some(Unterminated::Kept(_))),
            whole,
            last: replay.entries.len(),
        }
    }

    /// Whether the game is kept without asking or recorded on request.
    pub(crate) fn kind(&self) -> Kind {
        self.kind
    }

    /// The file written.
    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    /// Appends `text` in one write; when that fails, what it wrote of it
    /// (a partial line) is cut off again (see [`Sink::give_up`]).
    fn append(&mut self, text: &str) -> io::Result<()> {
        let mut bytes = Vec::with_capacity(text.len() + 1);
        if self.needs_newline {
            bytes.push(b'\n');
        }
        bytes.extend_from_slice(text.as_bytes());
        self.file
            .write_all(&bytes)
            .map_err(|error| naming(&self.path, error))?;
        self.needs_newline = false;
        self.whole = self.whole.map(|whole| whole + bytes.len() as u64);
        Ok(())
    }

    fn sync(&mut self) -> io::Result<()> {
        self.file
            .sync_data()
            .map_err(|error| naming(&self.path, error))
    }

    fn decision(&mut self, seat: &str, token: &str) -> io::Result<()> {
        self.numbered += 1;
        if self.numbered <= self.skip {
            return Ok(());
        }
        self.append(&format!("{}. {seat} {token}\n", self.numbered))?;
        self.last = self.numbered;
        Ok(())
    }

    /// Gives up this file after `error`, with one warning; the game goes
    /// on. What is on disk stays: a write that failed half-way is cut back
    /// to the last whole line, and nothing else is ever cut or removed (a
    /// game resumed or continued in place keeps every decision it had).
    /// Only a kept copy this host started and to which no decision could
    /// be written, a header alone, is removed: it holds no game.
    fn give_up(self, error: &io::Error) {
        if let Some(whole) = self.whole {
            let cut = self
                .file
                .metadata()
                .is_ok_and(|metadata| metadata.len() > whole);
            if cut {
                if let Err(cut) = self
                    .file
                    .set_len(whole)
                    .and_then(|()| self.file.sync_data())
                {
                    log::debug!("cannot cut {} back: {cut}", self.path.display());
                }
            }
        }
        let after = self.last;
        let header_alone = self.last == 0 && self.whole.is_some();
        // What is wrong, without the file's path (the error names it).
        let why = system_error(error);
        let said = match self.kind {
            Kind::Kept if header_alone => {
                let _ = std::fs::remove_file(&self.path);
                format!("attention : cette partie n'est pas gardée ({why}) ; elle continue.")
            }
            Kind::Kept => format!(
                "attention : la partie n'est plus gardée après la décision {after} ({why}) ; \
                 le jeu continue."
            ),
            Kind::Record => format!(
                "attention : {} n'est plus écrit après la décision {after} ({why}) ; \
                 le jeu continue.",
                shown_path(&self.path),
            ),
        };
        log::debug!("{}: {error}", self.path.display());
        say(&hanging("", &said, 12));
    }
}

/// A path as a shell word: quoted when it holds anything but letters,
/// digits and `/._-+,:@%`.
fn shell_word(path: &Path) -> String {
    let text = shown_path(path);
    let plain = !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_alphanumeric() || "/._-+,:@%".contains(c));
    if plain {
        text
    } else {
        format!("'{}'", text.replace('\'', "'\\''"))
    }
}

/// Writes a game to its records as it goes. A file that cannot be written
/// is given up with one warning ([`Sink::give_up`]): the game goes on.
#[derive(Debug)]
pub(crate) struct Recorder {
    sinks: Vec<Sink>,
    persons: Vec<String>,
    decisions: usize,
    announce: fn(Option<String>),
}

impl Recorder {
    /// Writes to `sinks`; the decisions of `persons` (seats' names) are on
    /// disk before the call that writes them returns. `announce` is given
    /// the [`Recorder::stop_line`] now and whenever it changes (a file given
    /// up), for whoever tells a person who stops the game.
    pub(crate) fn new(
        sinks: Vec<Sink>,
        persons: Vec<String>,
        announce: fn(Option<String>),
    ) -> Recorder {
        let recorder = Recorder {
            sinks,
            persons,
            decisions: 0,
            announce,
        };
        announce(recorder.stop_line());
        recorder
    }

    /// The decisions written so far, replayed ones included.
    pub(crate) fn decisions(&self) -> usize {
        self.decisions
    }

    /// The line that tells a person, once the game is over, where it is
    /// and how to review it (`SPEC.md` §2), while it is written somewhere:
    /// the record, else the kept game, which is then the first of `--kept`.
    pub(crate) fn review_line(&self) -> Option<String> {
        let program = shown(program::name());
        let record = self.sinks.iter().find(|sink| sink.kind == Kind::Record);
        if let Some(sink) = record {
            return Some(format!(
                "Partie enregistrée dans {} : {program} --analyse {} la revoit.",
                shown_path(&sink.path),
                shell_word(&sink.path)
            ));
        }
        self.sinks
            .iter()
            .any(|sink| sink.kind == Kind::Kept)
            .then(|| format!("Partie gardée : {program} --analyse 1 la revoit."))
    }

    /// The line that tells a person who stops the game where it is and how
    /// to go on with it (`SPEC.md` §2), while it is written somewhere.
    pub(crate) fn stop_line(&self) -> Option<String> {
        let program = shown(program::name());
        let record = self.sinks.iter().find(|sink| sink.kind == Kind::Record);
        if let Some(sink) = record {
            let file = shell_word(&sink.path);
            return Some(format!(
                "Partie enregistrée dans {} : {program} --replay {file} --record {file} la continue.",
                shown_path(&sink.path)
            ));
        }
        self.sinks
            .iter()
            .any(|sink| sink.kind == Kind::Kept)
            .then(|| format!("Partie gardée : {program} --resume la reprend."))
    }

    /// Does `write` to each file, giving up those that fail.
    fn each(&mut self, mut write: impl FnMut(&mut Sink) -> io::Result<()>) {
        let before = self.sinks.len();
        let mut kept = Vec::with_capacity(before);
        for mut sink in self.sinks.drain(..) {
            match write(&mut sink) {
                Ok(()) => kept.push(sink),
                Err(error) => sink.give_up(&error),
            }
        }
        self.sinks = kept;
        if self.sinks.len() != before {
            (self.announce)(self.stop_line());
        }
    }

    /// Writes one decision; a person's is synced to the disk.
    pub(crate) fn decision(&mut self, seat: &str, token: &str) {
        self.decisions += 1;
        let person = self.persons.iter().any(|name| name == seat);
        self.each(|sink| {
            sink.decision(seat, token)?;
            if person {
                sink.sync()?;
            }
            Ok(())
        });
    }

    /// Writes the result and scores of the finished game, and syncs.
    pub(crate) fn finish(&mut self, ending: &Ending) {
        let text = format!(
            "\n[Result \"{}\"]\n[Scores \"{}\"]\n",
            shown(&ending.result),
            shown(&ending.scores)
        );
        self.each(|sink| {
            sink.append(&text)?;
            sink.sync()
        });
    }

    /// Puts everything written on disk.
    pub(crate) fn sync(&mut self) {
        self.each(Sink::sync);
    }

    /// Stops writing to `path` (a kept copy about to be removed).
    pub(crate) fn forget(&mut self, path: &Path) {
        self.sinks.retain(|sink| sink.path != path);
        (self.announce)(self.stop_line());
    }
}

/// `FILE, ligne N : reason`: what is wrong with a record's line, for the
/// player (`--replay`, `--resume` and `--analyse` say it alike).
pub(crate) fn at_line(path: &Path, line: usize, reason: &str) -> String {
    format!("{}, ligne {line} : {}", shown_path(path), shown(reason))
}

/// What is wrong with a tag of a record's header that sets the game up (a
/// seat, a level, an option: `reason` as the command line's checks say
/// it), at its `line`: [`at_line`], the command line's flags taken out.
pub(crate) fn header_error(path: &Path, line: usize, reason: &str) -> String {
    let reason = reason
        .replace(" pour --first", "")
        .replace(" pour --computer", "")
        .replace("--computer donne", "l'enregistrement donne");
    at_line(path, line, &reason)
}

/// Why a decision of `seat` in a record does not fit when `mover` decides.
pub(crate) fn out_of_turn(seat: &str, mover: &str) -> String {
    format!("{seat} ne décide pas maintenant, {mover} décide")
}

/// Why a decision in a record after the game's end does not fit.
pub(crate) const AFTER_THE_END: &str = "la partie était finie avant cette décision";

/// Reads the record `path` (at most [`MAX_BYTES`]); the error names the
/// file, and the line when one is wrong.
pub(crate) fn read(path: &Path) -> Result<Replay, String> {
    let mut file = File::open(path).map_err(|error| {
        format!(
            "impossible de lire l'enregistrement {} : {}",
            shown_path(path),
            system_error(&error)
        )
    })?;
    read_from(&mut file, path)
}

/// Reads the record of the open `file` from its start (see [`read`]).
pub(crate) fn read_from(file: &mut File, path: &Path) -> Result<Replay, String> {
    let shown = shown_path(path);
    let cannot = |error: io::Error| {
        format!(
            "impossible de lire l'enregistrement {shown} : {}",
            system_error(&error)
        )
    };
    file.seek(SeekFrom::Start(0)).map_err(cannot)?;
    let mut bytes = Vec::new();
    file.take(MAX_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(cannot)?;
    if bytes.len() as u64 > MAX_BYTES {
        return Err(format!(
            "{shown} dépasse {} Mio : ce n'est pas un enregistrement",
            MAX_BYTES >> 20
        ));
    }
    let text = String::from_utf8(bytes)
        .map_err(|_| format!("{shown} n'est pas du texte : ce n'est pas un enregistrement"))?;
    parse(&text, path)
}

/// Reads a record's text; the error names `path` and the line that is wrong.
pub(crate) fn parse(text: &str, path: &Path) -> Result<Replay, String> {
    let shown = shown_path(path);
    // A byte-order mark, as some editors write it, is not part of the text.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim().is_empty() {
        return Err(format!("{shown} est vide : ce n'est pas un enregistrement"));
    }
    let mut header = Header {
        think: 10.0,
        ..Header::default()
    };
    let lines: Vec<&str> = text.lines().collect();
    let ends_with_newline = text.ends_with('\n');
    let mut number = 0;
    let mut seen_seed = false;
    // The tags seen once, with their line: only `Set` and `Seat` (or the
    // older `Computer`) may repeat.
    let mut seen: Vec<(&str, usize)> = Vec::new();
    while number < lines.len() {
        let line = lines[number].trim();
        number += 1;
        if line.is_empty() {
            break;
        }
        let bad = |what: &str| format!("{shown}, ligne {number} : {what}");
        let (name, value) =
            tag(line).ok_or_else(|| bad("ce n'est pas une étiquette [Nom \"valeur\"]"))?;
        if !matches!(name, "Set" | "Seat" | "Computer" | "Engine") {
            if let Some((_, first)) = seen.iter().find(|(seen, _)| *seen == name) {
                return Err(bad(&format!(
                    "l'étiquette {} est déjà donnée ligne {first}",
                    self::shown(name)
                )));
            }
            seen.push((name, number));
        }
        match name {
            "Variant" => {
                header.variant = value.to_owned();
                header.lines.variant = number;
            }
            "Version" => header.version = value.to_owned(),
            "Host" => header.host = value.to_owned(),
            "Date" => header.date = value.to_owned(),
            "Set" => match value.split_once('=') {
                Some((key, value)) if !key.is_empty() => {
                    header.settings.push((key.to_owned(), value.to_owned()));
                    if header.lines.settings == 0 {
                        header.lines.settings = number;
                    }
                }
                _ => return Err(bad("l'option n'est pas CLÉ=VALEUR")),
            },
            "First" => {
                header.first = value.to_owned();
                header.lines.first = number;
            }
            "Position" => {
                header.position = Some(value.to_owned());
                header.lines.position = number;
            }
            "Seat" => {
                let (seat, level) = seat(value).ok_or_else(|| {
                    bad("la place n'est pas « PLACE personne » ni « PLACE ordinateur NIVEAU »")
                })?;
                if let Some(level) = level {
                    header.computer.push(format!("{seat}={level}"));
                }
                header.seats.push((seat.to_owned(), level));
                if header.lines.computer == 0 {
                    header.lines.computer = number;
                }
            }
            "Computer" => {
                header.computer.push(value.to_owned());
                if header.lines.computer == 0 {
                    header.lines.computer = number;
                }
            }
            "Seed" => {
                header.seed = value
                    .parse()
                    .map_err(|_| bad("la graine du hasard n'est pas un nombre"))?;
                seen_seed = true;
            }
            "Think" => {
                header.think = value
                    .parse()
                    .ok()
                    .filter(|&seconds: &f64| seconds > 0.0 && seconds <= 3600.0)
                    .ok_or_else(|| bad("le temps de réflexion n'est pas un nombre de secondes"))?
            }
            "Engine" => match value.split_once(' ') {
                Some((seat, command)) if !seat.is_empty() && !command.is_empty() => {
                    header.engines.push((seat.to_owned(), command.to_owned()));
                }
                _ => return Err(bad("le moteur n'est pas « PLACE COMMANDE »")),
            },
            _ => return Err(bad(&format!("étiquette inconnue : {}", self::shown(name)))),
        }
    }
    if header.variant.is_empty() || header.first.is_empty() || !seen_seed {
        return Err(format!(
            "{shown}, ligne {number} : l'en-tête doit donner les étiquettes Variant, First et Seed"
        ));
    }
    if header.lines.settings == 0 {
        header.lines.settings = number;
    }
    if header.lines.computer == 0 {
        header.lines.computer = number;
    }
    let mut entries = VecDeque::new();
    let mut ending: Option<(Ending, usize)> = None;
    let mut result: Option<(String, usize)> = None;
    let mut unterminated = None;
    let mut unplayable: Option<(String, usize)> = None;
    let mut crashed = None;
    while number < lines.len() {
        let line = lines[number].trim();
        number += 1;
        let last = number == lines.len() && !ends_with_newline;
        if line.is_empty() {
            continue;
        }
        // A crash of the plugin may come at any time, and the game may be
        // resumed after it: a line of its own, anywhere.
        if let Some(crash) = mark::read(line) {
            crashed = Some((crash, number));
            continue;
        }
        let bad = |what: &str| format!("{shown}, ligne {number} : {what}");
        if unplayable.is_some() {
            return Err(bad("rien ne peut suivre l'étiquette Unplayable"));
        }
        if let Some((name, value)) = tag(line) {
            if name == "Unplayable" {
                unplayable = Some((value.to_owned(), number));
                continue;
            }
            match (name, result.take()) {
                ("Result", None) if ending.is_none() => result = Some((value.to_owned(), number)),
                ("Scores", Some((result, line))) => {
                    let scores = value.to_owned();
                    ending = Some((Ending { result, scores }, line));
                }
                _ => return Err(bad("il faut les étiquettes Result puis Scores, une fois")),
            }
            if last {
                unterminated = Some(Unterminated::Kept(number));
            }
            continue;
        }
        if result.is_some() || ending.is_some() {
            return Err(bad("rien ne peut suivre le résultat que ses Scores"));
        }
        match decision(line, entries.len() + 1) {
            Some((seat, token)) => {
                entries.push_back(Entry {
                    line: number,
                    seat,
                    token,
                });
                crashed = None;
                if last {
                    unterminated = Some(Unterminated::Kept(number));
                }
            }
            None if last => unterminated = Some(Unterminated::Cut(number)),
            None => return Err(bad("ce n'est pas une décision « N. PLACE COUP »")),
        }
    }
    if let Some((_, line)) = result {
        if !matches!(unterminated, Some(Unterminated::Cut(_))) {
            return Err(format!(
                "{shown}, ligne {line} : le résultat n'a pas de Scores"
            ));
        }
    }
    Ok(Replay {
        path: path.to_path_buf(),
        header,
        entries,
        ending,
        unterminated,
        unplayable,
        crashed,
    })
}

/// Marks the record of the open `file` as one the host could not replay,
/// for `reason`, so that `--resume` passes over it next time: a blank line
/// and `[Unplayable "reason"]` at its end, on disk.
pub(crate) fn mark_unplayable(mut file: &File, reason: &str) -> io::Result<()> {
    file.write_all(format!("\n[Unplayable \"{}\"]\n", shown(reason)).as_bytes())?;
    file.sync_data()
}

/// `[Name "value"]`, with any spaces between the name and the value.
fn tag(line: &str) -> Option<(&str, &str)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    let (name, value) = inner.split_once(' ')?;
    let value = value.trim_start().strip_prefix('"')?.strip_suffix('"')?;
    Some((name, value))
}

/// `SEAT personne` or `SEAT ordinateur LEVEL`.
fn seat(value: &str) -> Option<(&str, Option<u8>)> {
    if let Some(seat) = value.strip_suffix(" personne") {
        return Some((seat, None));
    }
    let (rest, level) = value.rsplit_once(' ')?;
    let seat = rest.strip_suffix(" ordinateur")?;
    let level = level.parse().ok().filter(|level| (1..=4).contains(level))?;
    Some((seat, Some(level)))
}

/// `N. SEAT TOKEN`, where N is `expected`.
fn decision(line: &str, expected: usize) -> Option<(String, String)> {
    let mut words = line.split_whitespace();
    let number = words.next()?.strip_suffix('.')?.parse::<usize>().ok()?;
    let seat = words.next()?;
    let token = words.next()?;
    let known =
        token.bytes().all(|b| b.is_ascii_digit()) || token == "annuler" || token == "abandon";
    (number == expected && words.next().is_none() && known)
        .then(|| (seat.to_owned(), token.to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    const RECORD: &str = "[Variant \"awale\"]\n[Version \"0.1.0\"]\n[Host \"0.1.0\"]\n\
                          [Date \"2026-11-24T00:22:05Z\"]\n[Set \"capture=backward\"]\n\
                          [First \"SUD\"]\n[Seat \"SUD personne\"]\n[Seat \"NORD ordinateur 3\"]\n\
                          [Seed \"42\"]\n[Think \"0.5\"]\n\n\
                          1. SUD 3\n2. NORD 9\n3. SUD annuler\n";

    fn path() -> &'static Path {
        Path::new("game.txt")
    }

    #[test]
    fn a_record_reads_back_its_header_and_decisions() {
        let replay = parse(RECORD, path()).unwrap();
        assert_eq!(replay.header.variant, "awale");
        assert_eq!(
            replay.header.settings,
            [("capture".to_owned(), "backward".to_owned())]
        );
        assert_eq!(replay.header.computer, ["NORD=3"]);
        assert_eq!(
            replay.header.seats,
            [("SUD".to_owned(), None), ("NORD".to_owned(), Some(3))]
        );
        assert_eq!((replay.header.seed, replay.header.think), (42, 0.5));
        let tokens: Vec<&str> = replay.entries.iter().map(|e| e.token.as_str()).collect();
        assert_eq!(tokens, ["3", "9", "annuler"]);
        assert_eq!(replay.entries[0].line, 12);
        assert_eq!(replay.unterminated, None);
        assert_eq!(replay.ending, None);
    }

    #[test]
    fn an_old_record_with_computer_tags_reads_too() {
        let old = "[Variant \"awale\"]\n[Version \"0.1.0\"]\n[First \"SUD\"]\n\
                   [Computer \"NORD=3\"]\n[Seed \"42\"]\n\n1. SUD 3\n";
        let replay = parse(old, path()).unwrap();
        assert_eq!(replay.header.computer, ["NORD=3"]);
        assert_eq!(replay.header.lines.computer, 4);
        assert_eq!(replay.entries.len(), 1);
    }

    #[test]
    fn a_finished_record_reads_its_result() {
        let finished = format!(
            "{RECORD}4. SUD abandon\n\n[Result \"NORD gagne\"]\n[Scores \"SUD 0, NORD 3\"]\n"
        );
        let replay = parse(&finished, path()).unwrap();
        let (ending, line) = replay.ending.unwrap();
        assert_eq!((ending.result.as_str(), line), ("NORD gagne", 17));
        assert_eq!(ending.scores, "SUD 0, NORD 3");
        let more = format!("{finished}5. NORD 3\n");
        assert_eq!(
            parse(&more, path()).unwrap_err(),
            "game.txt, ligne 19 : rien ne peut suivre le résultat que ses Scores"
        );
    }

    #[test]
    fn a_last_line_without_its_newline_is_always_noted() {
        let cut = format!("{RECORD}4. NO");
        let replay = parse(&cut, path()).unwrap();
        assert_eq!(replay.entries.len(), 3);
        assert_eq!(replay.unterminated, Some(Unterminated::Cut(15)));
        let whole = format!("{RECORD}4. NORD 8");
        let replay = parse(&whole, path()).unwrap();
        assert_eq!(replay.entries.len(), 4);
        assert_eq!(replay.unterminated, Some(Unterminated::Kept(15)));
        assert!(replay
            .warning()
            .unwrap()
            .starts_with("game.txt, ligne 15 : "));
    }

    #[test]
    fn a_damaged_line_is_refused_with_its_file_and_number() {
        let damaged = RECORD.replace("2. NORD 9", "2. NORD neuf");
        assert_eq!(
            parse(&damaged, path()),
            Err("game.txt, ligne 13 : ce n'est pas une décision « N. PLACE COUP »".to_owned())
        );
        let damaged = RECORD.replace("[Seed \"42\"]", "[Seed \"x\"]");
        assert_eq!(
            parse(&damaged, path()),
            Err("game.txt, ligne 9 : la graine du hasard n'est pas un nombre".to_owned())
        );
        assert!(parse("[Variant \"awale\"]\n\n1. SUD 3\n", path()).is_err());
        let escape = RECORD.replace("[Seed", "[\u{1b}[2J");
        assert!(!parse(&escape, path()).unwrap_err().contains('\u{1b}'));
    }

    /// Issue 25: an empty record said "line 0"; a BOM or two spaces in a
    /// tag were refused; a repeated tag silently kept its last value.
    #[test]
    fn small_cases_of_reading_a_record() {
        for empty in ["", "\n\n", "\u{feff}"] {
            let error = parse(empty, path()).unwrap_err();
            assert_eq!(error, "game.txt est vide : ce n'est pas un enregistrement");
        }
        let bom = format!("\u{feff}{RECORD}");
        assert_eq!(parse(&bom, path()).unwrap().entries.len(), 3);
        let spaced = RECORD.replace("[Seed \"42\"]", "[Seed  \"42\"]");
        assert_eq!(parse(&spaced, path()).unwrap().header.seed, 42);
        let repeated = RECORD.replace("[Seed \"42\"]", "[Seed \"42\"]\n[Seed \"7\"]");
        assert_eq!(
            parse(&repeated, path()).unwrap_err(),
            "game.txt, ligne 10 : l'étiquette Seed est déjà donnée ligne 9"
        );
        let seats = RECORD.replace("[Seed", "[Set \"seeds=4\"]\n[Seed");
        assert_eq!(parse(&seats, path()).unwrap().header.settings.len(), 2);
    }

    #[test]
    fn a_record_marked_unplayable_says_why() {
        let marked = format!("{RECORD}\n[Unplayable \"line 13: NORD does not decide now\"]\n");
        let replay = parse(&marked, path()).unwrap();
        assert_eq!(replay.entries.len(), 3);
        assert_eq!(
            replay.unplayable,
            Some(("line 13: NORD does not decide now".to_owned(), 16))
        );
        let more = format!("{marked}4. SUD 1\n");
        assert!(parse(&more, path())
            .unwrap_err()
            .contains("ligne 17 : rien ne peut suivre"));
    }

    /// Issue 35: a record a crash marked could not be replayed, listed or
    /// resumed (« not a decision »).
    #[test]
    fn a_crash_mark_is_read_and_decisions_may_follow_it() {
        let (before, after) = mark::crash_mark("awale", Path::new("/p/a.so"), "00ff");
        let marked = format!("{RECORD}{before}SIGSEGV{after}");
        let replay = parse(&marked, path()).unwrap();
        assert_eq!(replay.entries.len(), 3);
        let (crash, line) = replay.crashed.unwrap();
        assert_eq!((crash.how.as_deref(), line), (Some("SIGSEGV"), 16));
        let resumed = format!("{marked}4. NORD 8\n");
        let replay = parse(&resumed, path()).unwrap();
        assert_eq!((replay.entries.len(), replay.crashed), (4, None));
        let old = format!("{RECORD}\n# crashed: variant awale, file /p/a.so\n");
        assert!(parse(&old, path()).unwrap().crashed.is_some());
    }

    #[test]
    fn the_recorder_writes_what_the_parser_reads() {
        let path = std::env::temp_dir().join(format!("host-record-{}", std::process::id()));
        let _ = std::fs::remove_file(&path);
        let header = parse(RECORD, &path).unwrap().header;
        let sink = Sink::create(&path, &header).unwrap();
        assert!(Sink::create(&path, &header)
            .unwrap_err()
            .contains("n'est jamais écrasé"));
        let names = ["SUD".to_owned(), "NORD".to_owned()];
        let mut recorder = Recorder::new(vec![sink], vec!["SUD".to_owned()], |_| {});
        recorder.decision("SUD", "3");
        recorder.decision("NORD", "abandon");
        let ending = Ending::new(Outcome::winner(Player(0)), &names, &[3, 0]);
        recorder.finish(&ending);
        let text = std::fs::read_to_string(&path).unwrap();
        let _ = std::fs::remove_file(&path);
        let replay = parse(&text, &path).unwrap();
        assert_eq!(replay.header.seats, header.seats);
        assert_eq!(replay.header.computer, header.computer);
        assert_eq!(replay.entries.len(), 2);
        assert_eq!(replay.ending.map(|(ending, _)| ending), Some(ending));
        assert!(
            text.ends_with("\n1. SUD 3\n2. NORD abandon\n\n[Result \"SUD gagne\"]\n[Scores \"SUD 3, NORD 0\"]\n"),
            "{text}"
        );
    }
}
