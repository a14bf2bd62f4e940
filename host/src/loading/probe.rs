//! Trying a library in a child process before the host maps it (`SPEC.md`
//! §7). A damaged library can fault the system loader, trip one of its
//! assertions, fault in a static initialiser or in play, or start with a
//! lock held: no check of the file can rule all that out, so the host runs
//! itself in probe mode (`host --probe-library FILE`), which loads the
//! library, reports what `--list` shows of it, then plays a few short
//! seeded games of random accepted inputs ([`TRIAL_GAMES`]). A child that
//! dies, aborts, fails or overruns its time means the file is skipped with
//! one line; the host itself maps only the library of the variant it plays.
//!
//! The child runs in a process group of its own (killed as a group, so
//! that nothing it started outlives it), under an address-space limit
//! ([`MEMORY_LIMIT`]). It reports on the standard output it was started
//! with, which the host keeps for its own messages before loading anything
//! (`util::protocol`), descriptor 1 then going to standard error: a library
//! that prints when loaded or in play cannot break the report. The refusal's reason is the host's, from the child's
//! report or its exit status; what the library wrote on standard error is
//! only quoted after it, escaped and cut short.

use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use variant_api::rng::SplitMix;
use variant_api::{Inputs, Player, Plugin, PluginError, Turn};

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
}

/// The exit status of a probe that could not report.
const FAILED: u8 = 3;

/// What the host reads of a probe's output, at most.
const MAX_OUTPUT: u64 = 1 << 20;

/// The probes run at once.
const AT_ONCE: usize = 8;

/// The trial games a probe plays, each of at most [`TRIAL_DECISIONS`]
/// decisions: a few milliseconds in all for the variants of this workspace.
pub(crate) const TRIAL_GAMES: u64 = 4;

/// The decisions of a trial game, at most.
const TRIAL_DECISIONS: usize = 120;

/// The address space a probe may use: a library that allocates without
/// bound fails there instead of taking the machine's memory.
#[cfg(unix)]
const MEMORY_LIMIT: u64 = 4 << 30;

/// The line a probe writes after its trial games.
const PLAYED: &str = "played";

/// The characters of a library's own output quoted in a refusal, at most.
const QUOTED: usize = 100;

/// How long an overrun is remembered: the file is tried again after that
/// (an overrun may be the machine's load, not the file's fault).
pub(crate) const OVERRUN_REMEMBERED: Duration = Duration::from_secs(3600);

/// Probe mode: loads `path`, reports its verdict as one JSON line on the
/// standard output it was started with, plays the trial games and reports
/// [`PLAYED`]; status 0, or [`FAILED`] when it cannot report.
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
    if writeln!(report, "{line}").is_err() {
        return FAILED;
    }
    if let Ok(loaded) = &loaded {
        trial_games(&loaded.plugin);
        if writeln!(report, "{PLAYED}").is_err() {
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

/// Plays [`TRIAL_GAMES`] games of random accepted inputs with the default
/// options, asking each turn what a game on the console asks, so that a
/// library that crashes in play dies here rather than in a person's game.
/// A refused input or a failure (a panic caught, a broken contract) ends
/// that game only: the host reports those in a game without dying.
fn trial_games(plugin: &Plugin) {
    let seats = plugin.seats(&[]).map_or(2, |seats| seats.len()).max(1);
    for number in 0..TRIAL_GAMES {
        let mut rng = SplitMix::new(number);
        let first = Player((number % seats as u64) as u8);
        let Ok(mut game) = plugin.new_game(&[], first) else {
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
            let input = inputs.as_slice()[rng.index(inputs.len())];
            if decision % 16 == 15 {
                // A game continued from its copy (the engine's way).
                game = game.clone();
            }
            if let Err(PluginError::Failed(_)) = game.play(input) {
                break;
            }
        }
    }
}

/// How long a verdict may be remembered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Lasting {
    /// As long as the file is unchanged.
    Unchanged,
    /// For [`OVERRUN_REMEMBERED`] at most (an overrun).
    Overrun,
    /// Not at all (the probe could not be made).
    Not,
}

/// A probe's verdict, and how long it may be remembered.
#[derive(Debug)]
pub(crate) struct Probed {
    /// The verdict.
    pub(crate) verdict: Verdict,
    /// How long it may be remembered.
    pub(crate) lasting: Lasting,
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
                "AWALE_PROBE_SECONDS={} is not a number of seconds from 0.1 to 3600 \
                 (the time a library's trial load may take; unset it for {DEFAULT_SECONDS} s)",
                shown(&text.to_string_lossy())
            )
        })
}

/// A probe under way.
struct Running {
    index: usize,
    child: Child,
    report: File,
    stderr: File,
    started: Instant,
}

/// Probes every file of `files` in child processes, a few at once; the
/// verdicts in the same order.
pub(crate) fn probe_all(files: &[PathBuf]) -> Vec<Probed> {
    // A bad value was refused before any probe (see `main`).
    let limit = time_limit().unwrap_or(Duration::from_secs_f64(DEFAULT_SECONDS));
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
                Ok((child, report, stderr)) => running.push(Running {
                    index,
                    child,
                    report,
                    stderr,
                    started: Instant::now(),
                }),
                Err(error) => {
                    verdicts[index] = Some(Probed {
                        verdict: Verdict::Refused(format!("cannot start a trial load: {error}")),
                        lasting: Lasting::Not,
                    });
                }
            }
        }
        if running.is_empty() {
            break;
        }
        let mut index = 0;
        while index < running.len() {
            let probe = &mut running[index];
            let finished = match probe.child.try_wait() {
                Ok(Some(status)) => {
                    kill_group(&probe.child);
                    Some(judge(status, probe))
                }
                Ok(None) if probe.started.elapsed() > limit => {
                    kill_group(&probe.child);
                    let _ = probe.child.kill();
                    let _ = probe.child.wait();
                    let report = read_bounded(&mut probe.report);
                    let what = if report.lines().next().is_some() {
                        "a trial game"
                    } else {
                        "a trial load"
                    };
                    let reason = format!(
                        "damaged library: {what} did not finish within {} s{}",
                        limit.as_secs_f64(),
                        quoted(&mut probe.stderr)
                    );
                    Some(Probed {
                        verdict: Verdict::Refused(reason),
                        lasting: Lasting::Overrun,
                    })
                }
                Ok(None) => None,
                Err(error) => Some(Probed {
                    verdict: Verdict::Refused(format!("cannot wait for a trial load: {error}")),
                    lasting: Lasting::Not,
                }),
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
    verdicts
        .into_iter()
        .map(|verdict| {
            verdict.unwrap_or(Probed {
                verdict: Verdict::Refused("no trial load was made".to_owned()),
                lasting: Lasting::Not,
            })
        })
        .collect()
}

/// Kills what is left of the process group of `child` (a probe is the
/// leader of its own): whatever the library started dies with it.
#[cfg(unix)]
fn kill_group(child: &Child) {
    use nix::sys::signal::{killpg, Signal};
    use nix::unistd::Pid;
    // Never 0, which would name the host's own group.
    if let Some(group) = i32::try_from(child.id()).ok().filter(|&group| group > 0) {
        let _ = killpg(Pid::from_raw(group), Signal::SIGKILL);
    }
}

#[cfg(not(unix))]
fn kill_group(_child: &Child) {}

/// Starts `host --probe-library FILE` in a process group of its own, its
/// output going to anonymous files (a pipe could fill up, or be held open
/// by a grandchild).
fn start(file: &Path) -> io::Result<(Child, File, File)> {
    let report = tempfile::tempfile()?;
    let stderr = tempfile::tempfile()?;
    let mut command = Command::new(own_executable()?);
    command
        .arg("--probe-library")
        .arg(file)
        .env("RUST_LOG", "off")
        .env("RUST_BACKTRACE", "0")
        .stdin(Stdio::null())
        .stdout(report.try_clone()?)
        .stderr(stderr.try_clone()?);
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    Ok((command.spawn()?, report, stderr))
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

/// The verdict of a probe that ended with `status`: its report when it
/// finished it, else the host's reason from the status (and the stage the
/// probe had reached), the library's own output only quoted after it.
fn judge(status: ExitStatus, probe: &mut Running) -> Probed {
    let report = read_bounded(&mut probe.report);
    let mut lines = report.lines();
    let verdict = lines
        .next()
        .and_then(|line| serde_json::from_str::<Verdict>(line).ok());
    let played = lines.next() == Some(PLAYED);
    let lasting = |verdict| Probed {
        verdict,
        lasting: Lasting::Unchanged,
    };
    match verdict {
        // The child's words about a library may quote it (a loader's message):
        // escaped, on one line.
        Some(Verdict::Refused(reason)) if status.success() => {
            return lasting(Verdict::Refused(shown(&reason)))
        }
        Some(verdict @ Verdict::Plugin(_)) if status.success() && played => {
            return lasting(verdict)
        }
        _ => {}
    }
    let what = match verdict {
        Some(Verdict::Plugin(_)) => "a trial game",
        _ => "a trial load",
    };
    let how = match status.code() {
        Some(0) => "ended without its report".to_owned(),
        Some(code) => format!("failed with status {code}"),
        None => format!("was killed by {}", signal_of(status)),
    };
    lasting(Verdict::Refused(format!(
        "damaged library: {what} {how}{}",
        quoted(&mut probe.stderr)
    )))
}

/// What a probe wrote on standard error, for a refusal: `, writing "…"`,
/// escaped and cut to [`QUOTED`] characters; nothing when it wrote nothing.
fn quoted(stderr: &mut File) -> String {
    let text = read_bounded(stderr);
    let text = text.trim();
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

/// What `file` holds from its start, at most [`MAX_OUTPUT`] bytes, as text.
fn read_bounded(file: &mut File) -> String {
    let mut bytes = Vec::new();
    let read = file
        .seek(SeekFrom::Start(0))
        .and_then(|_| file.take(MAX_OUTPUT).read_to_end(&mut bytes));
    match read {
        Ok(_) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(_) => String::new(),
    }
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
