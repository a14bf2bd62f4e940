//! A game or a match on the console, set up from the command line or from a
//! record (`--replay`, `--resume`), written to its records as it goes
//! (`--record`, and the kept games).

use std::cell::Cell;
use std::collections::VecDeque;
use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use log::debug;
use variant_api::{Game, Player, PositionError, Turn};

use crate::cli::settings::Given;
use crate::cli::Cli;
use crate::keeping::kept;
use crate::keeping::mark;
use crate::keeping::record::{self, Ending, Kind, Recorder, Replay, Sink, TagLines};
use crate::loading::crash;
use crate::loading::discovery::Installed;
use crate::playing::console;
use crate::playing::engines::Engines;
use crate::playing::interrupt;
use crate::playing::keyboard;
use crate::playing::seats;
use crate::playing::tokens::Tokens;
use crate::util::failure::{
    plugin_failure, position_failure, print, refused, say, stderr_failed, usage, variant_failed,
    Failure, INTERRUPTED,
};
use crate::util::protocol;
use crate::util::shown::{shown_path, system_error, wrapped};
use variant_api::prompt::PROMPT_COLUMNS;

/// A record to replay, and its file when the game goes on in it.
#[derive(Debug)]
pub(crate) struct Opened {
    replay: Replay,
    in_place: Option<File>,
    /// The kept game `--resume` goes on with, marked when it fails to
    /// replay so that the next `--resume` passes over it.
    resumed: Option<File>,
    /// The line that says which kept game goes on (`--resume`).
    resume_line: Option<String>,
}

impl Opened {
    /// The record of `--analyse`, read only.
    pub(crate) fn for_review(path: &Path) -> Result<Opened, Failure> {
        let replay = record::read(path).map_err(refused)?;
        if let Some(warning) = replay.warning() {
            say(&warning);
        }
        Ok(Opened {
            replay,
            in_place: None,
            resumed: None,
            resume_line: None,
        })
    }

    /// The record read.
    pub(crate) fn into_replay(self) -> Replay {
        self.replay
    }

    /// The variant the record names.
    pub(crate) fn variant(&self) -> &str {
        &self.replay.header.variant
    }

    /// `message` about the record's variant, at the line that names it.
    pub(crate) fn about_variant(&self, message: &str) -> String {
        record::at_line(&self.replay.path, self.replay.header.lines.variant, message)
    }

    /// The file of the record.
    pub(crate) fn path(&self) -> &Path {
        &self.replay.path
    }
}

/// The record of `--replay` or of `--resume`, read and checked; `None` when
/// neither is given. A record continued in place (`--replay F --record F`,
/// `--resume`) is locked first; nothing is written to it before its
/// decisions have all been replayed. `installed` says which variants are
/// installed, for `--resume` to pass over the games of the others, and
/// `passed_over` the kept games passed over already.
pub(crate) fn open_replay(
    cli: &Cli,
    installed: kept::Installed,
    passed_over: &[PathBuf],
) -> Result<Option<Opened>, Failure> {
    let opened = if let Some(number) = cli.resume {
        let resumed = kept::resume(number, installed, passed_over)?;
        let mark = resumed.file.try_clone().map_err(|error| {
            refused(format!(
                "impossible d'ouvrir {} : {}",
                shown_path(&resumed.replay.path),
                system_error(&error)
            ))
        })?;
        Opened {
            resume_line: Some(resumed.line()),
            replay: resumed.replay,
            in_place: Some(resumed.file),
            resumed: Some(mark),
        }
    } else if let Some(path) = &cli.replay {
        match &cli.record {
            Some(record) if same_file(path, record) => {
                let mut file = OpenOptions::new()
                    .read(true)
                    .append(true)
                    .open(path)
                    .map_err(|error| {
                        refused(format!(
                            "impossible d'ouvrir l'enregistrement {} : {}",
                            shown_path(path),
                            system_error(&error)
                        ))
                    })?;
                record::lock(&file, path).map_err(refused)?;
                let replay = record::read_from(&mut file, path).map_err(refused)?;
                Opened {
                    replay,
                    in_place: Some(file),
                    resumed: None,
                    resume_line: None,
                }
            }
            _ => Opened {
                replay: record::read(path).map_err(refused)?,
                in_place: None,
                resumed: None,
                resume_line: None,
            },
        }
    } else {
        return Ok(None);
    };
    if let Some(warning) = opened.replay.warning() {
        say(&warning);
    }
    if opened.in_place.is_some() {
        refuse_to_continue(&opened.replay)?;
    }
    Ok(Some(opened))
}

/// Whether `a` and `b` name the same existing file.
fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (std::fs::metadata(a), std::fs::metadata(b)) {
            (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// A record that cannot be continued in place: a finished game, or a last
/// line cut short (new decisions would be mixed with it).
fn refuse_to_continue(replay: &Replay) -> Result<(), Failure> {
    let path = &replay.path;
    if let Some((_, line)) = replay.ending {
        return Err(refused(record::at_line(
            path,
            line,
            "cette partie est finie, il n'y a rien à continuer (rejouez-la sans --record)",
        )));
    }
    if let Some(record::Unterminated::Cut(line)) = replay.unterminated {
        return Err(refused(record::at_line(
            path,
            line,
            "la dernière ligne est coupée : la partie ne se continue pas après elle \
             (enregistrez la suite dans un autre fichier)",
        )));
    }
    Ok(())
}

/// Refuses a record path that is a plugin library or lies in a plugins
/// folder (writing there would damage a library or pose as one).
pub(crate) fn check_record_path(path: &Path, plugins_folders: &[PathBuf]) -> Result<(), Failure> {
    let shown = shown_path(path);
    if crate::loading::discovery::named_like_library(path) {
        return Err(refused(format!(
            "enregistrement refusé : {shown} porte le nom d'une bibliothèque de variante"
        )));
    }
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let parent = absolute
        .parent()
        .and_then(|parent| std::fs::canonicalize(parent).ok());
    let inside = plugins_folders
        .iter()
        .find(|folder| parent.is_some() && std::fs::canonicalize(folder).ok() == parent);
    match inside {
        Some(folder) => Err(refused(format!(
            "enregistrement refusé : {shown} est dans le dossier des variantes {}",
            shown_path(folder)
        ))),
        None => Ok(()),
    }
}

/// Where a game set up from a record came from, for error messages.
struct Origin {
    path: PathBuf,
    lines: TagLines,
}

impl Origin {
    /// `FILE, ligne N : reason` (for the player, in French as the reasons
    /// of seats and options are), the reason's command-line flags taken out.
    fn error(&self, line: usize, reason: &str) -> Failure {
        refused(record::header_error(&self.path, line, reason))
    }
}

/// Where the game is recorded besides the kept games.
enum Record {
    None,
    New(PathBuf),
    InPlace(Sink),
}

/// How a game is set up: from the command line, or from a record.
pub(crate) struct Setup {
    settings: Vec<(String, String)>,
    first: String,
    computer: Vec<String>,
    /// `--engine SEAT=COMMAND`: seats played by engines of the protocol.
    engines: Vec<(String, String)>,
    seed: u64,
    think: f64,
    threads: u32,
    games: u32,
    script: VecDeque<record::Entry>,
    record: Record,
    keep: bool,
    origin: Option<Origin>,
    /// The kept game `--resume` goes on with, marked if it fails to replay.
    resumed: Option<File>,
    /// Whether the replayed decisions are played without a word.
    quiet: bool,
    /// Where the game starts, when not at the beginning (`--position`).
    position: Option<String>,
    /// The line that says which kept game goes on, said once its decisions
    /// are known to replay (`--resume`).
    resume_line: Option<String>,
    /// Whether a resumed game that does not replay is passed over (a plain
    /// `--resume`) rather than an error.
    pass_over: bool,
    /// Whether the resumed kept game was marked unplayable already.
    marked: Cell<bool>,
    /// What the settings file gave this set-up, for a refusal to name it.
    given: Option<Given>,
}

impl Setup {
    /// From the command line, filled in by the settings file with `given`.
    pub(crate) fn from_cli(cli: &Cli, given: Option<Given>) -> Setup {
        Setup {
            settings: cli.settings.clone(),
            first: cli.first.clone(),
            computer: cli.computer.clone(),
            engines: cli.engine.clone(),
            seed: seed(cli),
            think: cli.think(),
            threads: cli.threads(),
            games: cli.games.unwrap_or(1),
            script: VecDeque::new(),
            record: cli.record.clone().map_or(Record::None, Record::New),
            keep: !cli.no_keep,
            origin: None,
            resumed: None,
            quiet: false,
            position: cli.position.clone(),
            resume_line: None,
            pass_over: false,
            marked: Cell::new(false),
            given,
        }
    }

    /// The same, with the computer at `seat` (`SEAT=LEVEL`, as
    /// `--computer` takes it) unless the command line gave it seats.
    pub(crate) fn against_the_computer(mut self, seat: &str) -> Setup {
        if self.computer.is_empty() {
            self.computer.push(seat.to_owned());
        }
        self
    }

    /// From a record, going on in it, or writing to `--record`; `--think`
    /// and `--threads` override the record's.
    pub(crate) fn replayed(opened: Opened, cli: &Cli) -> Setup {
        let Opened {
            replay,
            in_place,
            resumed,
            resume_line,
        } = opened;
        let kind = match resumed {
            Some(_) => Kind::Kept,
            None => Kind::Record,
        };
        // The game that goes on in place is not kept a second time; the
        // games after it (`nouvelle`) are.
        let record = match in_place {
            Some(file) => Record::InPlace(Sink::continued(file, &replay, kind)),
            None => cli.record.clone().map_or(Record::None, Record::New),
        };
        let keep = !cli.no_keep;
        let header = replay.header;
        Setup {
            settings: header.settings,
            first: header.first,
            computer: header.computer,
            // An engine's seat goes on with a person (its record says which engine).
            engines: Vec::new(),
            seed: header.seed,
            think: cli.think.unwrap_or(header.think),
            threads: cli.threads(),
            games: 1,
            script: replay.entries,
            record,
            keep,
            origin: Some(Origin {
                path: replay.path,
                lines: header.lines,
            }),
            // At a terminal the replayed part of a resumed game is not
            // drawn board by board; a pipe gets every board, as a replay.
            quiet: resumed.is_some() && protocol::is_terminal(),
            resumed,
            position: header.position,
            resume_line,
            pass_over: cli.resume == Some(None),
            marked: Cell::new(false),
            given: None,
        }
    }

    /// The options of the game this set-up plays: its position's, with
    /// those given besides, when it starts at one (as far as they agree:
    /// a refusal is said when the game starts).
    pub(crate) fn options(&self, variant: &Installed) -> Vec<(String, String)> {
        let given = self.settings.clone();
        match &self.position {
            Some(text) => variant
                .plugin
                .position_options(&given, text)
                .unwrap_or(given),
            None => given,
        }
    }

    /// The error `reason` about the record's line `line`, or a usage error
    /// of the command line; a resumed kept game is marked unplayable.
    fn error(&self, line: impl Fn(&TagLines) -> usize, reason: String) -> Failure {
        match &self.origin {
            Some(origin) => {
                let line = line(&origin.lines);
                self.mark_unplayable(&format!("line {line}: {reason}"));
                origin.error(line, &reason)
            }
            None => refused(reason),
        }
    }

    /// A new game of this set-up: at its position, if it has one, else
    /// with `first` to move.
    fn new_game(&self, variant: &Installed, first: Player) -> Result<Game, Failure> {
        match self.position {
            Some(_) => self.start(variant),
            None => variant
                .plugin
                .new_game(&self.settings, first)
                .map_err(|error| {
                    plugin_failure(
                        &variant.plugin.description().id,
                        error,
                        "au début de la partie",
                    )
                }),
        }
    }

    /// A new game at the set-up's position (there is one), or why not: the
    /// record's line, a usage line, or the plugin's failure.
    fn start(&self, variant: &Installed) -> Result<Game, Failure> {
        let text = self.position.as_deref().unwrap_or_default();
        variant
            .plugin
            .new_game_at(&self.settings, text)
            .map_err(|error| self.position_refused(variant, error))
    }

    /// Refuses the values the settings file gave that this variant does
    /// not take (an option, a seat, a level), at their line of the file,
    /// before the command line's are checked.
    fn check_given(&self, variant: &Installed) -> Result<(), Failure> {
        let Some(given) = &self.given else {
            return Ok(());
        };
        let at = |line: usize, reason: &str| {
            let reason = reason
                .replace(" pour --first", "")
                .replace(" pour --computer", "")
                .replace("--computer donne", "computer donne");
            refused(record::at_line(&given.path, line, &reason)).within_columns()
        };
        if let Some(set) = &given.set {
            if let Err(variant_api::PluginError::Refused(reason)) = variant.plugin.seats(&set.value)
            {
                return Err(at(set.line, &reason));
            }
        }
        // Seats the options do not give are said by the usual checks.
        let Ok(seats) = variant.plugin.seats(&self.settings) else {
            return Ok(());
        };
        if let Some(line) = given.first {
            seats::first(&self.first, &seats, 0).map_err(|reason| at(line, &reason))?;
        }
        if let Some(line) = given.computer {
            seats::computer(&self.computer, &seats).map_err(|reason| at(line, &reason))?;
        }
        Ok(())
    }

    /// The set-up's options taken from its position, if it has one: the
    /// position's own options decide the seats and the board
    /// (`oware/players=3:…` seats three players with no `--set`), those
    /// given besides must agree with them.
    fn take_position_options(&mut self, variant: &Installed) -> Result<(), Failure> {
        let Some(text) = &self.position else {
            return Ok(());
        };
        self.settings = variant
            .plugin
            .position_options(&self.settings, text)
            .map_err(|error| self.position_refused(variant, error))?;
        Ok(())
    }

    /// Why the game cannot start at the set-up's position: the record's
    /// line, a usage line, or the plugin's failure.
    fn position_refused(&self, variant: &Installed, error: PositionError) -> Failure {
        match (error, &self.origin) {
            (PositionError::Refused(reason), Some(_)) => self.error(|lines| lines.position, reason),
            (error, _) => position_failure(&variant.plugin.description().id, error),
        }
    }

    /// What becomes of a game this set-up could not start or replay, for
    /// `failure`: a kept game a plain `--resume` took is marked unplayable
    /// and passed over (`SPEC.md` §2: the newest one it can replay goes
    /// on), anything else fails.
    fn passed_over(&self, failure: Failure) -> Result<Ended, Failure> {
        if self.resumed.is_none() || !self.pass_over {
            return Err(failure);
        }
        self.mark_unplayable(&failure.message);
        Ok(Ended::PassedOver(failure.message))
    }

    /// Marks the resumed kept game as one that fails to replay, for `why`
    /// (once).
    fn mark_unplayable(&self, why: &str) {
        if let Some(file) = &self.resumed {
            if self.marked.replace(true) {
                return;
            }
            if let Err(error) = record::mark_unplayable(file, why) {
                debug!("cannot mark the kept game as unplayable: {error}");
            }
        }
    }
}

/// The seed of this run's random choices: `--seed`, or drawn from the clock.
fn seed(cli: &Cli) -> u64 {
    cli.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |elapsed| elapsed.as_nanos() as u64)
    })
}

/// How a game set up from a record ended, when it did not fail.
#[derive(Debug)]
pub(crate) enum Ended {
    /// It was played (to its end, or until the input ended or the player
    /// stopped: see the status of the run).
    Played,
    /// A kept game a plain `--resume` took does not replay (its set-up is
    /// refused: an option, a seat, its position; its rules refuse a
    /// decision; the plugin fails on it): marked so, and passed over before
    /// anything was printed; why, in one line.
    PassedOver(String),
}

/// Plays the game (or the match) set up by `setup`. A resumed kept game is
/// first replayed without a word (its decisions all accepted, the computer
/// never asked), so that one that does not replay is said in one line,
/// before anything is printed, and passed over by a plain `--resume`.
pub(crate) fn play(mut setup: Setup, variant: &Installed) -> Result<Ended, Failure> {
    let description = variant.plugin.description();
    let id = &description.id;
    let (seats, first, computer) = match seat(&mut setup, variant) {
        Ok(seated) => seated,
        Err(failure) => return setup.passed_over(failure),
    };
    // Every option, its default where none is set: an engine's defaults
    // may differ (the protocol plays Awalé as Oware Abapa).
    let options: Vec<(String, String)> = description
        .options
        .iter()
        .map(|spec| {
            let set = setup.settings.iter().find(|(key, _)| *key == spec.key);
            let value = set.map_or(&spec.default, |(_, value)| value);
            (spec.key.clone(), value.clone())
        })
        .collect();
    let engines = Engines::start(&setup.engines, &seats, id, &options).map_err(usage)?;
    let seated = engines.seated();
    if let Some(both) = seats
        .iter()
        .enumerate()
        .find(|&(seat, _)| seated[seat] && computer[seat].is_some())
    {
        return Err(usage(format!(
            "{} ne peut être à la fois l'ordinateur (--computer) et un moteur (--engine)",
            both.1
        )));
    }
    let persons: Vec<String> = seats
        .iter()
        .zip(&computer)
        .zip(&seated)
        .filter(|((_, level), engine)| level.is_none() && !**engine)
        .map(|((name, _), _)| name.clone())
        .collect();
    let engine_commands = engines.commands(&seats);
    let table = console::Table {
        id,
        names: &seats,
        title_with_article: &description.title_with_article,
        agreement: description.agreement_ends_game,
        computer: &computer,
        think_ms: (setup.think * 1000.0).round() as u32,
        threads: setup.threads,
    };
    let header = |first: Player, seed: u64| record::Header {
        variant: id.clone(),
        version: description.version.clone(),
        host: env!("CARGO_PKG_VERSION").to_owned(),
        date: kept::date(SystemTime::now()),
        settings: setup.settings.clone(),
        first: seats[first.index()].clone(),
        seats: seats
            .iter()
            .cloned()
            .zip(computer.iter().copied())
            .collect(),
        computer: Vec::new(),
        engines: engine_commands.clone(),
        seed,
        think: setup.think,
        position: setup.position.clone(),
        lines: TagLines::default(),
    };
    if setup.resumed.is_some() {
        if let Err(failure) = rehearse(&setup, variant, &table, first) {
            return setup.passed_over(failure);
        }
    }
    if let Some(line) = &setup.resume_line {
        say(line);
    }
    // The game that goes on in its own file is not kept a second time.
    let mut in_place = matches!(setup.record, Record::InPlace(_));
    let mut record = match std::mem::replace(&mut setup.record, Record::None) {
        Record::None => None,
        Record::New(path) => {
            Some(Sink::create(&path, &header(first, setup.seed)).map_err(refused)?)
        }
        Record::InPlace(sink) => Some(sink),
    };
    let mut moves = console::Moves {
        keyboard: Tokens::new(keyboard::input()),
        script: std::mem::take(&mut setup.script),
        recorder: None,
        quiet: setup.quiet,
        introduced: false,
        rehearsal: false,
        engines,
    };
    // After the line editor, which sets its own handler.
    interrupt::stop_on_ctrl_c();
    let mut out = protocol::out();
    let mut err = io::stderr().lock();
    let mut tally = seats::Tally::new(seats.len());
    let mut number = 0;
    while number < setup.games {
        if setup.games > 1 {
            // For the person: which game of the match, and the score so far.
            let said = match number {
                0 => writeln!(err, "Partie 1 sur {}.", setup.games),
                _ => writeln!(
                    err,
                    "Partie {} sur {} ; score : {}.",
                    number + 1,
                    setup.games,
                    tally.score(&seats)
                ),
            };
            said.map_err(stderr_failed)?;
        }
        let first = Player(((first.index() + number as usize) % seats.len()) as u8);
        let mut game = setup.new_game(variant, first)?;
        let from_start = setup.position.is_none() && first == Player(0);
        if let Err(line) = moves.engines.new_game(&game, from_start) {
            return Err(Failure::new(INTERRUPTED, line));
        }
        let game_seed = setup.seed.wrapping_add(u64::from(number) << 32);
        let mut sinks: Vec<Sink> = record.take().into_iter().collect();
        let mut kept_path = None;
        if setup.keep && !persons.is_empty() && !std::mem::take(&mut in_place) {
            if let Some(sink) = kept::start(&header(first, game_seed)) {
                kept_path = Some(sink.path().to_path_buf());
                sinks.push(sink);
            }
        }
        let marked = crash_marked(&sinks);
        moves.recorder =
            (!sinks.is_empty()).then(|| Recorder::new(sinks, persons.clone(), interrupt::prepare));
        interrupt::prepare(moves.recorder.as_ref().and_then(Recorder::stop_line));
        let replayed = moves.script.len();
        crash::watch_record(marked.as_deref().map(|path| {
            let mark = mark::crash_mark(id, &variant.file, &variant.fingerprint);
            (path, mark)
        }));
        let played = console::play(&mut game, &table, &mut moves, game_seed, &mut out, &mut err);
        crash::watch_record(None);
        // A kept copy of a replay to which nobody added a decision (a record
        // only watched, or a game left before its first decision) is not kept.
        let new_decisions = moves
            .recorder
            .as_ref()
            .is_some_and(|recorder| recorder.decisions() > replayed);
        let outcome = match played {
            Ok(outcome) if moves.script.is_empty() => outcome,
            Ok(_) => {
                let line = moves.script.front().map_or(0, |entry| entry.line);
                remove_kept(&mut moves.recorder, kept_path);
                return Err(setup.error(|_| line, record::AFTER_THE_END.to_owned()));
            }
            Err(console::Interrupted::BadRecord { line, reason }) => {
                remove_kept(&mut moves.recorder, kept_path);
                return Err(setup.error(|_| line, reason));
            }
            Err(interrupted) => {
                if let Some(recorder) = &mut moves.recorder {
                    recorder.sync();
                }
                if !new_decisions {
                    remove_kept(&mut moves.recorder, kept_path);
                }
                let stop_line = moves.recorder.as_ref().and_then(Recorder::stop_line);
                if let console::Interrupted::EngineFailed(why) = &interrupted {
                    // The engine named, then how to go on with a person there.
                    writeln!(err, "{}", wrapped(why, PROMPT_COLUMNS)).map_err(stderr_failed)?;
                    if let Some(line) = &stop_line {
                        writeln!(err, "{line}").map_err(stderr_failed)?;
                    }
                    return Err(Failure::new(INTERRUPTED, String::new()));
                }
                // Stopped by the player (`SPEC.md` §3): where the game is and
                // how to go on, instead of an error; a game left before its
                // first decision, without the word « erreur ».
                let said = match (&interrupted, stop_line) {
                    (console::Interrupted::InputEnded, None) => None,
                    (
                        console::Interrupted::InputEnded
                        | console::Interrupted::Left
                        | console::Interrupted::Quit
                        | console::Interrupted::New,
                        Some(line),
                    ) => Some(line),
                    (
                        console::Interrupted::Left
                        | console::Interrupted::Quit
                        | console::Interrupted::New,
                        None,
                    ) => Some(interrupted.to_string()),
                    _ => None,
                };
                if let Some(line) = said {
                    writeln!(err, "{line}").map_err(stderr_failed)?;
                    if matches!(interrupted, console::Interrupted::New) {
                        // The same set-up again: this game of the match anew.
                        writeln!(err, "Nouvelle partie.").map_err(stderr_failed)?;
                        moves.recorder = None;
                        continue;
                    }
                    return Err(Failure::new(INTERRUPTED, String::new()));
                }
                return Err(match interrupted {
                    console::Interrupted::PluginFailed(message) => {
                        if !new_decisions {
                            // A resumed game its variant fails on before any
                            // new decision would fail there again.
                            setup.mark_unplayable(&message);
                        }
                        let said = variant_failed(id, "", &message);
                        Failure::new(INTERRUPTED, said).within_columns()
                    }
                    interrupted => Failure::new(INTERRUPTED, interrupted.to_string()),
                });
            }
        };
        if let Some(recorder) = &mut moves.recorder {
            let scores = game
                .scores()
                .map_err(|error| plugin_failure(id, error, "en donnant les scores"))?;
            recorder.finish(&Ending::new(outcome, &seats, &scores));
        }
        if !new_decisions {
            remove_kept(&mut moves.recorder, kept_path);
        }
        if let Some(line) = moves.recorder.as_ref().and_then(Recorder::review_line) {
            // For the person: where the game is, and how to review it.
            let _ = writeln!(err, "{line}");
        }
        tally.add(outcome);
        number += 1;
    }
    if setup.games > 1 {
        let lines = tally.lines(&seats, &description.title_with_article);
        print(&lines)?;
    }
    Ok(Ended::Played)
}

/// Who sits where in a game: the seats' names, the seat that decides
/// first, and the computer's level at each seat (`None`: a person).
type Seating = (Vec<String>, Player, Vec<Option<u8>>);

/// The seating of the game `setup` sets up; the options of its position,
/// if it has one, taken into `setup` first.
fn seat(setup: &mut Setup, variant: &Installed) -> Result<Seating, Failure> {
    let id = &variant.plugin.description().id;
    setup.take_position_options(variant)?;
    // The settings file's values, against the seats of these options
    // (a position's included), said at their line of the file.
    setup.check_given(variant)?;
    // A game from a position starts with the seat the position says; a
    // position (or its options) refused is said as the variant words it.
    let mover = match &setup.position {
        Some(_) => Some(mover(&setup.start(variant)?)),
        None => None,
    };
    let seats =
        variant
            .plugin
            .seats(&setup.settings)
            .map_err(|error| match (error, &setup.origin) {
                (variant_api::PluginError::Refused(reason), Some(_)) => {
                    setup.error(|lines| lines.settings, reason)
                }
                (error, _) => plugin_failure(id, error, "en nommant ses places"),
            })?;
    let first = match mover {
        Some(mover) => mover,
        None => seats::first(&setup.first, &seats, setup.seed)
            .map_err(|reason| setup.error(|lines| lines.first, reason))?,
    };
    let computer = seats::computer(&setup.computer, &seats)
        .map_err(|reason| setup.error(|lines| lines.computer, reason))?;
    Ok((seats, first, computer))
}

/// Replays the decisions of `setup`'s record without a word nor a record
/// written, the computer never asked, up to its last decision; a decision
/// the rules refuse (a usage error) or a plugin failure marks the resumed
/// kept game as unplayable. A crash on the way marks it too.
fn rehearse(
    setup: &Setup,
    variant: &Installed,
    table: &console::Table<'_>,
    first: Player,
) -> Result<(), Failure> {
    let id = &variant.plugin.description().id;
    let mut game = setup.new_game(variant, first)?;
    let mut moves = console::Moves {
        keyboard: Tokens::new(io::empty()),
        script: setup.script.clone(),
        recorder: None,
        quiet: true,
        introduced: true,
        rehearsal: true,
        engines: Engines::default(),
    };
    let watched = setup.origin.as_ref().map(|origin| {
        let mark = mark::crash_mark(id, &variant.file, &variant.fingerprint);
        (origin.path.as_path(), mark)
    });
    crash::watch_record(watched);
    let (mut out, mut err) = (io::sink(), io::sink());
    let rehearsed = console::play(&mut game, table, &mut moves, setup.seed, &mut out, &mut err);
    crash::watch_record(None);
    match rehearsed {
        Ok(_) if !moves.script.is_empty() => {
            let line = moves.script.front().map_or(0, |entry| entry.line);
            Err(setup.error(|_| line, record::AFTER_THE_END.to_owned()))
        }
        Err(console::Interrupted::BadRecord { line, reason }) => Err(setup.error(|_| line, reason)),
        Err(console::Interrupted::PluginFailed(message)) => {
            setup.mark_unplayable(&message);
            let said = variant_failed(id, " en rejouant la partie", &message);
            Err(Failure::new(INTERRUPTED, said).within_columns())
        }
        Ok(_) | Err(_) => Ok(()),
    }
}

/// The seat that decides first in `game` (the first seat if none does).
fn mover(game: &Game) -> Player {
    match game.turn() {
        Ok(Turn::Decide { player, .. }) => player,
        _ => Player(0),
    }
}

/// The record a crash marks (see `loading::crash`): the kept record among `sinks`,
/// the game's own or the one it goes on in (`--resume`).
fn crash_marked(sinks: &[Sink]) -> Option<PathBuf> {
    sinks
        .iter()
        .find(|sink| sink.kind() == record::Kind::Kept)
        .map(|sink| sink.path().to_path_buf())
}

/// Removes the kept copy of a game that is not worth keeping: a replay that
/// went wrong, or one nobody added a decision to. A record continued in
/// place was not written to then.
fn remove_kept(recorder: &mut Option<Recorder>, kept_path: Option<PathBuf>) {
    let Some(path) = kept_path else {
        return;
    };
    // Not written any more (it may have been given up already).
    if let Some(recorder) = recorder {
        recorder.forget(&path);
    }
    match std::fs::remove_file(&path) {
        Ok(()) => {}
        Err(error) if error.kind() == io::ErrorKind::NotFound => {}
        Err(error) => say(&format!(
            "attention : impossible d'effacer {} : {}",
            shown_path(&path),
            system_error(&error)
        )),
    }
}
