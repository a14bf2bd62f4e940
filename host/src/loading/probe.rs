//! Trying a library in a child process before the host maps it (`SPEC.md`
//! §7). A damaged library can fault the system loader, trip one of its
//! assertions, fault in a static initialiser or in play, or start with a
//! lock held: no check of the file can rule all that out, so the host runs
//! itself in probe mode (`host --probe-library FILE`), which loads the
//! library, reports what `--list` shows of it, then plays short seeded
//! trial games ([`trial_games`]): random accepted inputs and the computer
//! player's shallow search, with the default options and with each other
//! option set the description offers. A child that dies, aborts, fails or
//! overruns its time means the file is skipped with one line; the host
//! itself maps only the library of the variant it plays.
//!
//! The child runs in a process group of its own, under an address-space
//! limit ([`MEMORY_LIMIT`]), watched by `child` (killed as a group, its
//! output read through pipes, never a file, and what it left behind in
//! another session killed too). It reports on the standard output it was
//! started with, which the host keeps for its own messages before loading
//! anything (`util::protocol`), descriptor 1 then going to standard error:
//! a library that prints when loaded or in play cannot break the report.
//! The refusal's reason is the host's, from the child's report or its exit
//! status; what the library wrote on standard error is only quoted after
//! it, escaped and cut short.
//!
//! A verdict is about the library: a probe that fails for a cause outside
//! it (it cannot start or report, a signal no fault of a library sends, a
//! memory limit tighter than the probe's own) is « not checked »
//! ([`Verdict::Unchecked`]), said in one line and tried again at the next
//! start, never remembered.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus};
use std::time::Duration;

use serde::{Deserialize, Serialize};
use variant_api::rng::SplitMix;
use variant_api::{Description, Inputs, OptionValues, Player, Plugin, PluginError, Think, Turn};

use crate::loading::child::{Escapes, Watched};
use crate::loading::library;
use crate::loading::summary::Summary;
use crate::util::protocol;
use crate::util::shown::shown;

/// What a probe found a library file to be.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum Verdict {
    /// A plugin the host may map.
    Plugin(Summary),
    /// A file to skip, and why, in one line.
    Refused(String),
    /// A file skipped for now: its probe failed for a cause outside the
    /// library (why, in one line); never remembered.
    Unchecked(String),
}

impl Verdict {
    /// Whether every text of the verdict is one line without control
    /// characters, as a probe writes them (a cache holding anything else
    /// was not written by a probe).
    pub(crate) fn is_plain(&self) -> bool {
        let plain = |text: &str| !text.chars().any(char::is_control);
        match self {
            Verdict::Plugin(summary) => {
                plain(&summary.id)
                    && plain(&summary.title)
                    && plain(&summary.api_version)
                    && summary.listing.ends_with('\n')
                    && summary.listing.lines().all(plain)
            }
            Verdict::Refused(reason) | Verdict::Unchecked(reason) => plain(reason),
        }
    }
}

/// The exit status of a probe that could not report (its own failure, not
/// the library's: its standard output cannot be written).
const FAILED: u8 = 97;

/// The probes run at once.
const AT_ONCE: usize = 8;

/// The trial games a probe plays with the default options; each other
/// option set plays [`OTHER_SET_GAMES`]. Each game lasts at most
/// [`TRIAL_DECISIONS`] decisions: a few milliseconds in all for most
/// variants of this workspace.
pub(crate) const TRIAL_GAMES: u64 = 4;

/// The trial games of each option set but the defaults.
const OTHER_SET_GAMES: u64 = 2;

/// The decisions of a trial game, at most.
const TRIAL_DECISIONS: usize = 120;

/// Every this many decisions of a trial game (the first included), the
/// computer player chooses the input, at level 1 (a search of two plies).
const THINK_EVERY: usize = 8;

/// The address space a probe may use: a library that allocates without
/// bound fails there instead of taking the machine's memory.
#[cfg(unix)]
const MEMORY_LIMIT: u64 = 4 << 30;

/// The line a probe writes before the trial games of an option set, the
/// options following (`set fault=env`; `set` alone for the defaults).
const SET: &str = "set";

/// The line a probe writes after its trial games.
const PLAYED: &str = "played";

/// The characters of a library's own output quoted in a refusal, at most.
const QUOTED: usize = 100;

/// How long an overrun is remembered: the file is tried again after that
/// (an overrun may be the machine's load, not the file's fault), or at
/// once with a longer time limit.
pub(crate) const OVERRUN_REMEMBERED: Duration = Duration::from_secs(3600);

/// Probe mode: loads `path`, reports its verdict as one JSON line on the
/// standard output it was started with, plays the trial games (a [`SET`]
/// line before those of each option set) and reports [`PLAYED`]; status 0,
/// or [`FAILED`] when it cannot report.
pub(crate) fn child(path: &Path) -> u8 {
    limit_memory();
    // The standard output the probe was started with, kept for the report
    // before anything was loaded (see `protocol`).
    let mut report = protocol::out();
    let loaded = library::load(path);
    let verdict = match &loaded {
        Ok(loaded) => Verdict::Plugin(Summary::of(&loaded.plugin)),
        Err(reason) => Verdict::Refused(reason.clone()),
    };
    let Ok(line) = serde_json::to_string(&verdict) else {
        return FAILED;
    };
    if writeln!(report, "{line}")
        .and_then(|()| report.flush())
        .is_err()
    {
        return FAILED;
    }
    if let Ok(loaded) = &loaded {
        if trial_games(&loaded.plugin, &mut report).is_err() {
            return FAILED;
        }
        if writeln!(report, "{PLAYED}")
            .and_then(|()| report.flush())
            .is_err()
        {
            return FAILED;
        }
    }
    0
}

/// Limits the probe's address space to [`MEMORY_LIMIT`] (for good: the
/// library cannot raise it again); a failure leaves it unlimited.
#[cfg(unix)]
fn limit_memory() {
    use nix::sys::resource::{setrlimit, Resource};
    let _ = setrlimit(Resource::RLIMIT_AS, MEMORY_LIMIT, MEMORY_LIMIT);
}

#[cfg(not(unix))]
fn limit_memory() {}

/// The option sets a library is tried with, as `--check` plays them: the
/// defaults (no option given), then each other value of each option, the
/// others at their defaults (of a range, its smallest and largest).
pub(crate) fn option_sets(d: &Description) -> Vec<Vec<(String, String)>> {
    let mut sets = vec![Vec::new()];
    for spec in &d.options {
        for value in tried_values(&spec.values, &spec.default) {
            if value != spec.default {
                sets.push(vec![(spec.key.clone(), value)]);
            }
        }
    }
    sets
}

/// The values of an option that are tried: every choice, or the smallest,
/// the default and the largest of a range.
pub(crate) fn tried_values(values: &OptionValues, default: &str) -> Vec<String> {
    let mut tried = match values {
        OptionValues::Choices(choices) => choices.clone(),
        OptionValues::Range { min, max } => vec![min.to_string(), max.to_string()],
    };
    if !tried.iter().any(|value| value == default) {
        tried.push(default.to_owned());
    }
    tried
}

/// `--set K=V` for each option of `set`, for a person's eyes.
fn shown_set(set: &[(String, String)]) -> String {
    let pairs: Vec<String> = set
        .iter()
        .map(|(key, value)| format!("--set {key}={value}"))
        .collect();
    pairs.join(" ")
}

/// Plays the trial games of each option set ([`option_sets`]): seeded games
/// of random accepted inputs, the computer player (level 1) choosing every
/// [`THINK_EVERY`]th decision, asking each turn what a game on the console
/// asks, so that a library that crashes in play dies here rather than in a
/// person's game. A set the variant refuses is passed over; a refused input
/// or a failure (a panic caught, a broken contract) ends that game only:
/// the host reports those in a game without dying. Writes a [`SET`] line
/// to `report` before each set's games.
fn trial_games(plugin: &Plugin, report: &mut impl Write) -> io::Result<()> {
    for (index, set) in option_sets(plugin.description()).iter().enumerate() {
        let pairs: Vec<String> = set
            .iter()
            .map(|(key, value)| format!("{key}={value}"))
            .collect();
        writeln!(report, "{SET} {}", pairs.join(" "))?;
        report.flush()?;
        let Ok(seats) = plugin.seats(set) else {
            continue;
        };
        // What a game asks before its first board: whether the variant's
        // endgame tables are built (contract 1.1).
        let _ = plugin.endgame_tables(set);
        let seats = seats.len().max(1) as u64;
        let games = if index == 0 {
            TRIAL_GAMES
        } else {
            OTHER_SET_GAMES
        };
        for number in 0..games {
            let seed = number ^ (index as u64) << 8;
            trial_game(plugin, set, Player((number % seats) as u8), seed);
        }
    }
    Ok(())
}

/// One trial game of `plugin` with the options `set`, `first` to move:
/// every call a game on the console makes (the board, the computer's
/// choice, a hint's assessments with and without the endgame tables,
/// `position` written and read back, a copy of the game), so that a
/// library that crashes or hangs there is refused before any game.
fn trial_game(plugin: &Plugin, set: &[(String, String)], first: Player, seed: u64) {
    let mut rng = SplitMix::new(seed);
    let Ok(mut game) = plugin.new_game(set, first) else {
        return;
    };
    let mut inputs = Inputs::default();
    for decision in 0..TRIAL_DECISIONS {
        let _ = (game.layout(), game.seeds(), game.scores(), game.prompt());
        match game.turn() {
            Ok(Turn::Decide { .. }) => {}
            Ok(Turn::Over(_)) => {
                let _ = game.end_reason();
                break;
            }
            Err(_) => break,
        }
        inputs.clear();
        if game.legal_inputs(&mut inputs).is_err() || inputs.is_empty() {
            break;
        }
        let mut input = inputs.as_slice()[rng.index(inputs.len())];
        let request = Think {
            level: 1,
            budget_ms: 100,
            threads: 1,
            seed: seed.wrapping_add(decision as u64),
        };
        if decision % THINK_EVERY == THINK_EVERY / 2 {
            // A hint, and the review of a decision (`--analyse`).
            let _ = (game.assess(request), game.assess_with_tables(request));
        }
        if decision % THINK_EVERY == 1 {
            // `position` at the prompt, and a game started there
            // (`--position`, a record's `[Position]`).
            if let Ok(text) = game.position() {
                if let Ok(read) = plugin.new_game_at(set, &text) {
                    let _ = (read.turn(), read.layout(), read.seeds(), read.prompt());
                }
            }
        }
        if decision % THINK_EVERY == 0 {
            match game.think(request) {
                Ok(thought) if inputs.as_slice().contains(&thought.input) => input = thought.input,
                Ok(_) => {}
                Err(_) => break,
            }
        }
        if decision % 16 == 15 {
            // A game continued from its copy (the engine's way).
            game = game.clone();
        }
        if let Err(PluginError::Failed(_)) = game.play(input) {
            break;
        }
    }
}

/// How long a verdict may be remembered.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Lasting {
    /// As long as the file is unchanged.
    Unchanged,
    /// For [`OVERRUN_REMEMBERED`] at most, and while the time limit is at
    /// most this many seconds (an overrun).
    Overrun(f64),
    /// Not at all (the probe could not be made, or not checked).
    Not,
}

/// A probe's verdict, and how long it may be remembered.
#[derive(Debug)]
pub(crate) struct Probed {
    /// The verdict.
    pub(crate) verdict: Verdict,
    /// How long it may be remembered.
    pub(crate) lasting: Lasting,
    /// Whether the child loaded the library and described it (its trial
    /// games may have failed after that).
    pub(crate) loaded: bool,
}

impl Probed {
    fn new(verdict: Verdict, lasting: Lasting) -> Probed {
        Probed {
            verdict,
            lasting,
            loaded: false,
        }
    }

    fn unchecked(reason: String) -> Probed {
        Probed::new(Verdict::Unchecked(reason), Lasting::Not)
    }
}

/// The default of `AWALE_PROBE_SECONDS`.
const DEFAULT_SECONDS: f64 = 5.0;

/// The time a probe may take: `AWALE_PROBE_SECONDS` (from 0.1 to 3600
/// seconds), by default (unset or empty) 5 s; a value that is not such a
/// number is refused in one line.
pub(crate) fn time_limit() -> Result<Duration, String> {
    let Some(text) = std::env::var_os("AWALE_PROBE_SECONDS").filter(|text| !text.is_empty()) else {
        return Ok(Duration::from_secs_f64(DEFAULT_SECONDS));
    };
    text.to_str()
        .and_then(|text| text.trim().parse::<f64>().ok())
        .filter(|seconds| (0.1..=3600.0).contains(seconds))
        .map(Duration::from_secs_f64)
        .ok_or_else(|| {
            format!(
                "AWALE_PROBE_SECONDS={} n'est pas un nombre de secondes de 0,1 à 3600 \
                 (le temps que peut prendre l'essai d'une variante ; sans elle, \
                 {DEFAULT_SECONDS} s)",
                shown(&text.to_string_lossy())
            )
        })
}

/// The time limit of probes now (see [`time_limit`]).
pub(crate) fn limit_now() -> Duration {
    // A bad value was refused before any probe (see `main`).
    time_limit().unwrap_or(Duration::from_secs_f64(DEFAULT_SECONDS))
}

/// A probe under way.
struct Running {
    index: usize,
    probe: Watched,
}

/// Probes every file of `files` in child processes, a few at once; the
/// verdicts in the same order.
pub(crate) fn probe_all(files: &[PathBuf]) -> Vec<Probed> {
    let limit = limit_now();
    let tighter = tighter_limit();
    // What a probe leaves behind in another session is killed with it.
    let escapes = Escapes::adopt();
    let mut verdicts: Vec<Option<Probed>> = files.iter().map(|_| None).collect();
    let mut waiting = files.iter().enumerate();
    let mut running: Vec<Running> = Vec::new();
    let mut pause = Duration::from_micros(200);
    loop {
        while running.len() < AT_ONCE {
            let Some((index, file)) = waiting.next() else {
                break;
            };
            match start(file) {
                Ok(probe) => running.push(Running { index, probe }),
                Err(error) => {
                    verdicts[index] = Some(Probed::unchecked(format!(
                        "cannot start its trial load: {error}"
                    )));
                }
            }
        }
        if running.is_empty() {
            break;
        }
        let mut index = 0;
        while index < running.len() {
            let probe = &mut running[index].probe;
            let finished = match probe.poll() {
                Ok(Some(status)) => Some(judge(status, probe, tighter.as_deref())),
                Ok(None) if probe.elapsed() > limit => {
                    probe.kill();
                    let report = Report::read(&probe.stdout());
                    let reason = format!(
                        "damaged library: {} did not finish within {} s{}",
                        report.stage(),
                        limit.as_secs_f64(),
                        quoted(&probe.stderr())
                    );
                    Some(Probed {
                        loaded: report.loaded(),
                        ..Probed::new(
                            Verdict::Refused(reason),
                            Lasting::Overrun(limit.as_secs_f64()),
                        )
                    })
                }
                Ok(None) => None,
                Err(error) => {
                    probe.kill();
                    Some(Probed::unchecked(format!(
                        "cannot wait for its trial load: {error}"
                    )))
                }
            };
            match finished {
                Some(probed) => {
                    verdicts[running[index].index] = Some(probed);
                    running.swap_remove(index);
                    pause = Duration::from_micros(200);
                }
                None => index += 1,
            }
        }
        std::thread::sleep(pause);
        pause = (pause * 2).min(Duration::from_millis(5));
    }
    drop(escapes);
    verdicts
        .into_iter()
        .map(|verdict| verdict.unwrap_or(Probed::unchecked("no trial load was made".to_owned())))
        .collect()
}

/// Starts `host --probe-library FILE` (see `child`).
fn start(file: &Path) -> io::Result<Watched> {
    let executable = own_executable()?;
    // The trial games ask the tables' questions with none of the user's
    // endgame tables to read: they are the user's data, not the library's,
    // and a large one would take the probe's time and memory. Their cache
    // folder is one that cannot exist: under the executable file.
    let no_tables = executable.join("no-endgame-tables");
    let mut command = Command::new(executable);
    command
        .arg("--probe-library")
        .arg(file)
        .env("RUST_LOG", "off")
        .env("RUST_BACKTRACE", "0")
        .env("XDG_CACHE_HOME", no_tables);
    Watched::start(command)
}

/// The host's own executable: on Linux `/proc/self/exe` where it exists
/// (the same file even if the executable was replaced since), else its
/// path. (Only on Linux: under Wine `/proc/self/exe` names the Linux
/// loader, which cannot run a probe.)
pub(crate) fn own_executable() -> io::Result<PathBuf> {
    let own = Path::new("/proc/self/exe");
    if cfg!(target_os = "linux") && own.exists() {
        Ok(own.to_path_buf())
    } else {
        std::env::current_exe()
    }
}

/// What a probe reported.
#[derive(Debug, Default)]
struct Report {
    /// Its verdict on the library, once loaded.
    verdict: Option<Verdict>,
    /// The options of the last set whose trial games it started (`Some`
    /// empty: the defaults).
    set: Option<Vec<(String, String)>>,
    /// Whether it played every trial game.
    played: bool,
}

impl Report {
    /// The report in a probe's standard output.
    fn read(text: &str) -> Report {
        let mut lines = text.lines();
        let mut report = Report {
            verdict: lines
                .next()
                .and_then(|line| serde_json::from_str::<Verdict>(line).ok()),
            ..Report::default()
        };
        for line in lines {
            if line == PLAYED {
                report.played = true;
            } else if let Some(options) = line.strip_prefix(SET) {
                let set = options
                    .split_whitespace()
                    .filter_map(|pair| pair.split_once('='))
                    .map(|(key, value)| (key.to_owned(), value.to_owned()))
                    .collect();
                report.set = Some(set);
            }
        }
        report
    }

    /// Whether the probe loaded the library as a plugin.
    fn loaded(&self) -> bool {
        matches!(self.verdict, Some(Verdict::Plugin(_)))
    }

    /// What the probe was doing when it stopped reporting: `a trial load`,
    /// `a trial game`, `a trial game with --set K=V`.
    fn stage(&self) -> String {
        match (&self.verdict, &self.set) {
            (Some(Verdict::Plugin(_)), Some(set)) if !set.is_empty() => {
                format!("a trial game with {}", shown(&shown_set(set)))
            }
            (Some(Verdict::Plugin(_)), _) => "a trial game".to_owned(),
            _ => "a trial load".to_owned(),
        }
    }
}

/// The verdict of a probe that ended with `status`: its report when it
/// finished it, else the host's reason from the status (and the stage the
/// probe had reached), the library's own output only quoted after it. A
/// cause outside the library (`tighter`: a memory limit below the probe's
/// own, see [`tighter_limit`]) makes it « not checked ».
fn judge(status: ExitStatus, probe: &Watched, tighter: Option<&str>) -> Probed {
    let report = Report::read(&probe.stdout());
    let loaded = report.loaded();
    let remembered = |verdict| Probed {
        verdict,
        lasting: Lasting::Unchanged,
        loaded,
    };
    match report.verdict {
        // The child's words about a library may quote it (a loader's message):
        // escaped, on one line.
        Some(Verdict::Refused(reason)) if status.success() && tighter.is_none() => {
            return remembered(Verdict::Refused(shown(&reason)))
        }
        Some(verdict @ Verdict::Plugin(_)) if status.success() && report.played => {
            return remembered(verdict)
        }
        _ => {}
    }
    let what = report.stage();
    let how = match status.code() {
        Some(0) => "ended without its report".to_owned(),
        Some(code) => format!("failed with status {code}"),
        None => format!("was killed by {}", signal_of(status)),
    };
    let stderr = quoted(&probe.stderr());
    if status.code() == Some(i32::from(FAILED)) {
        return Probed {
            loaded,
            ..Probed::unchecked(format!("its trial load could not write its report{stderr}"))
        };
    }
    if !by_a_fault(status) {
        return Probed {
            loaded,
            ..Probed::unchecked(format!(
                "{what} {how}, a signal no fault of a library sends (another program, or the \
                 machine out of memory){stderr}"
            ))
        };
    }
    if let Some(tighter) = tighter {
        let reason = match report.verdict {
            Some(Verdict::Refused(reason)) => shown(&reason),
            _ => format!("{what} {how}"),
        };
        return Probed {
            loaded,
            ..Probed::unchecked(format!(
                "{reason}, under {tighter}, below the {} MiB a trial load may use{stderr}",
                memory_limit_mib()
            ))
        };
    }
    remembered(Verdict::Refused(format!(
        "damaged library: {what} {how}{stderr}"
    )))
}

/// Whether a process that ended with `status` ended by itself or by a
/// signal of a fault (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP,
/// SIGSYS): any other signal came from outside it.
#[cfg(unix)]
fn by_a_fault(status: ExitStatus) -> bool {
    use std::os::unix::process::ExitStatusExt;

    use nix::sys::signal::Signal;
    status.signal().is_none_or(|signal| {
        matches!(
            Signal::try_from(signal),
            Ok(Signal::SIGSEGV
                | Signal::SIGBUS
                | Signal::SIGILL
                | Signal::SIGFPE
                | Signal::SIGABRT
                | Signal::SIGTRAP
                | Signal::SIGSYS)
        )
    })
}

#[cfg(not(unix))]
fn by_a_fault(_status: ExitStatus) -> bool {
    true
}

/// The probe's own memory limit, in MiB.
fn memory_limit_mib() -> u64 {
    #[cfg(unix)]
    return MEMORY_LIMIT >> 20;
    #[cfg(not(unix))]
    0
}

/// A limit of the host's on memory tighter than the probe's own (which a
/// probe inherits: a library that fails under it may be sound), said for
/// a person (`a limit of 512 MiB of address space (ulimit -v)`).
#[cfg(unix)]
fn tighter_limit() -> Option<String> {
    use nix::sys::resource::{getrlimit, Resource};
    [
        (Resource::RLIMIT_AS, "of address space (ulimit -v)"),
        (Resource::RLIMIT_DATA, "of data (ulimit -d)"),
    ]
    .into_iter()
    .find_map(|(resource, what)| {
        let (soft, _) = getrlimit(resource).ok()?;
        (soft < MEMORY_LIMIT).then(|| format!("a limit of {} MiB {what}", soft >> 20))
    })
}

#[cfg(not(unix))]
fn tighter_limit() -> Option<String> {
    None
}

/// What a probe wrote on standard error, for a refusal: `, writing "…"`,
/// escaped and cut to [`QUOTED`] characters; nothing when it wrote nothing.
fn quoted(stderr: &str) -> String {
    let text = stderr.trim();
    if text.is_empty() {
        return String::new();
    }
    let escaped = shown(text).replace('"', "\\\"");
    let mut cut: String = escaped.chars().take(QUOTED).collect();
    if cut.len() < escaped.len() {
        cut.push('…');
    }
    format!(", writing \"{cut}\"")
}

/// The signal that ended a process, named.
#[cfg(unix)]
pub(crate) fn signal_of(status: ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    let Some(signal) = status.signal() else {
        return "an unknown cause".to_owned();
    };
    let name = match signal {
        4 => " (SIGILL)",
        5 => " (SIGTRAP)",
        6 => " (SIGABRT)",
        7 => " (SIGBUS)",
        8 => " (SIGFPE)",
        9 => " (SIGKILL)",
        11 => " (SIGSEGV)",
        _ => "",
    };
    format!("signal {signal}{name}")
}

/// The signal that ended a process: other platforms have none.
#[cfg(not(unix))]
pub(crate) fn signal_of(_status: ExitStatus) -> String {
    "an unknown cause".to_owned()
}
