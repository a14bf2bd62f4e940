//! Trying a library in a child process before the host maps it (`SPEC.md`
//! §7). A damaged library can fault the system loader, trip one of its
//! assertions, fault in a static initialiser or start with a lock held: no
//! check of the file can rule all that out, so the host runs itself in probe
//! mode (`host --probe-library FILE`), which loads the library and prints
//! what `--list` shows of it. A child that dies, aborts, fails or overruns
//! its time means the file is skipped with one line; the host itself maps
//! only the library of the variant it plays.

use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use crate::library;
use crate::listing;
use crate::record::shown;

/// What `--list` shows of a plugin, learnt by a probe.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Summary {
    /// The variant's id.
    pub(crate) id: String,
    /// The variant's title.
    pub(crate) title: String,
    /// The version of `variant-api` the plugin was built against.
    pub(crate) api_version: String,
    /// The lines of `--list` about it, but for its file.
    pub(crate) listing: String,
}

/// What a probe found a library file to be.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum Verdict {
    /// A plugin the host may map.
    Plugin(Summary),
    /// A file to skip, and why, in one line.
    Refused(String),
}

/// The exit status of a probe that refused the file (its reason on stderr).
const REFUSED: u8 = 3;

/// What the child reads of a probe's output, at most.
const MAX_OUTPUT: u64 = 1 << 20;

/// The probes run at once.
const AT_ONCE: usize = 8;

/// Probe mode: loads `path` and prints its summary as JSON on stdout
/// (status 0), or its refusal in one line on stderr (status 3).
pub(crate) fn child(path: &Path) -> u8 {
    match library::load(path) {
        Ok(loaded) => {
            let description = loaded.plugin.description();
            let summary = Summary {
                id: description.id.clone(),
                title: description.title.clone(),
                api_version: loaded.plugin.api_version().to_owned(),
                listing: listing::summary_lines(description),
            };
            let written = serde_json::to_writer(io::stdout().lock(), &summary)
                .map_err(io::Error::from)
                .and_then(|()| io::stdout().flush());
            match written {
                Ok(()) => 0,
                Err(_) => REFUSED,
            }
        }
        Err(reason) => {
            let _ = writeln!(io::stderr(), "{reason}");
            REFUSED
        }
    }
}

/// A probe's verdict, and whether it lasts as long as the file is unchanged
/// (an overrun may be the machine's load, not the file's fault).
#[derive(Debug)]
pub(crate) struct Probed {
    /// The verdict.
    pub(crate) verdict: Verdict,
    /// Whether the verdict may be remembered.
    pub(crate) lasting: bool,
}

/// The time a probe may take: `AWALE_PROBE_SECONDS`, by default 5 s.
fn time_limit() -> Duration {
    std::env::var("AWALE_PROBE_SECONDS")
        .ok()
        .and_then(|text| text.parse::<f64>().ok())
        .filter(|seconds| *seconds > 0.0 && *seconds <= 3600.0)
        .map_or(Duration::from_secs(5), Duration::from_secs_f64)
}

/// A probe under way.
struct Running {
    index: usize,
    child: Child,
    stdout: File,
    stderr: File,
    started: Instant,
}

/// Probes every file of `files` in child processes, a few at once; the
/// verdicts in the same order.
pub(crate) fn probe_all(files: &[PathBuf]) -> Vec<Probed> {
    let limit = time_limit();
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
                Ok((child, stdout, stderr)) => running.push(Running {
                    index,
                    child,
                    stdout,
                    stderr,
                    started: Instant::now(),
                }),
                Err(error) => {
                    verdicts[index] = Some(Probed {
                        verdict: Verdict::Refused(format!("cannot start a trial load: {error}")),
                        lasting: false,
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
                Ok(Some(status)) => Some(judge(status, probe)),
                Ok(None) if probe.started.elapsed() > limit => {
                    let _ = probe.child.kill();
                    let _ = probe.child.wait();
                    Some(Probed {
                        verdict: Verdict::Refused(format!(
                            "damaged library: a trial load did not finish within {} s",
                            limit.as_secs_f64()
                        )),
                        lasting: false,
                    })
                }
                Ok(None) => None,
                Err(error) => Some(Probed {
                    verdict: Verdict::Refused(format!("cannot wait for a trial load: {error}")),
                    lasting: false,
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
                lasting: false,
            })
        })
        .collect()
}

/// Starts `host --probe-library FILE`, its output going to anonymous files
/// (a pipe could fill up, or be held open by a grandchild).
fn start(file: &Path) -> io::Result<(Child, File, File)> {
    let stdout = tempfile::tempfile()?;
    let stderr = tempfile::tempfile()?;
    let child = Command::new(own_executable()?)
        .arg("--probe-library")
        .arg(file)
        .env("RUST_LOG", "off")
        .env("RUST_BACKTRACE", "0")
        .stdin(Stdio::null())
        .stdout(stdout.try_clone()?)
        .stderr(stderr.try_clone()?)
        .spawn()?;
    Ok((child, stdout, stderr))
}

/// The host's own executable: on Linux `/proc/self/exe` where it exists
/// (the same file even if the executable was replaced since), else its
/// path. (Only on Linux: under Wine `/proc/self/exe` names the Linux
/// loader, which cannot run a probe.)
fn own_executable() -> io::Result<PathBuf> {
    let own = Path::new("/proc/self/exe");
    if cfg!(target_os = "linux") && own.exists() {
        Ok(own.to_path_buf())
    } else {
        std::env::current_exe()
    }
}

/// The verdict of a probe that ended with `status`.
fn judge(status: ExitStatus, probe: &mut Running) -> Probed {
    let lasting = |verdict| Probed {
        verdict,
        lasting: true,
    };
    let first_line = |file: &mut File| {
        let text = read_bounded(file);
        let line = text.lines().next().unwrap_or_default();
        shown(&line.chars().take(300).collect::<String>())
    };
    match status.code() {
        Some(0) => match serde_json::from_str::<Summary>(&read_bounded(&mut probe.stdout)) {
            Ok(summary) => lasting(Verdict::Plugin(summary)),
            Err(_) => lasting(Verdict::Refused(
                "a trial load gave no description of the plugin".to_owned(),
            )),
        },
        Some(code) if code == i32::from(REFUSED) => {
            lasting(Verdict::Refused(first_line(&mut probe.stderr)))
        }
        Some(code) => {
            let said = first_line(&mut probe.stderr);
            let said = if said.is_empty() {
                String::new()
            } else {
                format!(": {said}")
            };
            lasting(Verdict::Refused(format!(
                "damaged library: a trial load failed with status {code}{said}"
            )))
        }
        None => lasting(Verdict::Refused(format!(
            "damaged library: a trial load was killed by {}",
            signal_of(status)
        ))),
    }
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
fn signal_of(status: ExitStatus) -> String {
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
fn signal_of(_status: ExitStatus) -> String {
    "an unknown cause".to_owned()
}
