//! `host`: plays Awalé and its variants on the console, each variant loaded
//! at start-up from a plugin library of the plugins folder.
//!
//! The host knows no rules: it draws the board the plugin reports, reads
//! integers and asks the plugin what they mean. See `SPEC.md` for the
//! command line and the console protocol.

mod cli;
mod keeping;
mod loading;
mod playing;
mod tools;
mod util;

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use log::warn;

use crate::cli::{program, Cli};
use crate::keeping::kept;
use crate::loading::{crash, discovery, probe};
use crate::playing::session::{Ended, Setup};
use crate::playing::{interrupt, session};
use crate::tools::{analyse, bench, check, completion, endgames, listing, manual};
use crate::util::failure::{print, usage, write_all, Failure, INTERRUPTED, SUCCESS, USAGE};
use crate::util::protocol;
use crate::util::shown::shown;

fn main() -> ExitCode {
    // Before any plugin code runs: what it prints never reaches the protocol.
    protocol::keep();
    init_logging();
    interrupt::ignore_file_size_limit();
    let status = match program::parse() {
        Ok(Cli {
            probe_library: Some(file),
            ..
        }) => probe::child(&file),
        Ok(cli) => match run(&cli, &[]) {
            Ok(()) => SUCCESS,
            Err(failure) => report(failure),
        },
        Err(error) => command_line_error(&error),
    };
    // From here on an exit is the host's own, not a plugin's.
    crash::host_ends();
    ExitCode::from(status)
}

/// Says why the run failed on stderr (unless it was said already: an empty
/// message); returns the exit status, which is 1 when stderr cannot be
/// written (nothing more can be said then).
fn report(Failure { status, message }: Failure) -> u8 {
    if message.is_empty() {
        return status;
    }
    match writeln!(io::stderr(), "error: {message}") {
        Ok(()) => status,
        Err(_) => INTERRUPTED,
    }
}

/// Prints clap's usage error (status 2) or its `--version` text (status 0);
/// a failed write is status 1.
fn command_line_error(error: &clap::Error) -> u8 {
    let text = error.render().to_string();
    let (written, status) = if error.use_stderr() {
        (write_all(&mut io::stderr().lock(), &one_line(&text)), USAGE)
    } else {
        (write_all(&mut protocol::out(), &text), SUCCESS)
    };
    match written {
        Ok(()) => status,
        Err(error) => report(Failure {
            status: INTERRUPTED,
            message: format!("cannot write the command line's message: {error}"),
        }),
    }
}

/// A usage error in one line (SPEC §2): clap's first line, without its
/// tips and usage, pointing to `--help` when it said more.
fn one_line(text: &str) -> String {
    let first = text.lines().next().unwrap_or_default().trim_end();
    if text.trim_end().lines().count() > 1 {
        format!("{first} (see `{} --help`)\n", program::name())
    } else {
        format!("{first}\n")
    }
}

/// Warnings and errors on stderr as `warning: ...`; `RUST_LOG` shows more.
fn init_logging() {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .format(|buf, record| {
            writeln!(
                buf,
                "{}: {}",
                record.level().as_str().to_lowercase(),
                record.args()
            )
        })
        .init();
}

/// Does what `cli` asks; `passed_over`: the kept games a plain `--resume`
/// passed over already, which it takes no more.
fn run(cli: &Cli, passed_over: &[PathBuf]) -> Result<(), Failure> {
    if cli.help && cli.variant.is_none() {
        let help = program::command().render_long_help().to_string();
        return print(&help);
    }
    if cli.man {
        return print(&manual::page());
    }
    if let Some(shell) = cli.completions {
        return print(&completion::script(shell));
    }
    if cli.kept {
        let list = kept::list().map_err(usage)?;
        if list.is_empty() {
            // For the person: a failed write says nothing more.
            let _ = writeln!(io::stderr(), "Aucune partie gardée.");
        }
        return print(&list);
    }
    probe::time_limit().map_err(usage)?;
    if let Some(file) = &cli.check {
        return check::run(cli, file);
    }
    let (folders, files) = match cli.plugins_folder() {
        Some(folder) => {
            let files =
                discovery::named_folder_files(&folder).map_err(|error| usage(error.to_string()))?;
            (vec![folder], files)
        }
        None => {
            let folders = discovery::default_folders();
            let files = discovery::default_folders_files(&folders);
            (folders, files)
        }
    };
    if let Some(what) = cli.candidates {
        return completion::answer(what, cli.variant.as_deref(), &files);
    }
    if let Some(path) = &cli.record {
        session::check_record_path(path, &folders)?;
    }
    // The variants are described once, when first needed.
    let described = std::cell::OnceCell::new();
    let found = || described.get_or_init(|| discovery::describe_all(&files));
    let installed = |id: &str| discovery::choose(found(), id).map(discovery::Found::fingerprint);
    let replay = match &cli.analyse {
        Some(path) => Some(session::Opened::for_review(path)?),
        None => session::open_replay(cli, &installed, passed_over)?,
    };
    let typed = replay
        .as_ref()
        .map(|replay| replay.variant().to_owned())
        .or(cli.variant.clone());
    let typed = typed.as_deref();
    let Some(typed) = typed else {
        if cli.list {
            let found = found();
            if found.is_empty() {
                warn!(
                    "no variant is installed: looked in {}",
                    discovery::searched(&folders)
                );
            }
            return print(&listing::list(found));
        }
        let name = program::name();
        return Err(usage(format!(
            "no variant named: try `{name} --list`, then `{name} VARIANT`"
        )));
    };
    let found = found();
    let Some(chosen) = discovery::choose(found, typed) else {
        let mut failure = discovery::unknown(&shown(typed), found, &folders);
        if let Some(opened) = &replay {
            failure.message = format!("{}: {}", opened.variant_line(), failure.message);
        }
        return Err(failure);
    };
    if cli.list {
        return print(&listing::list(std::slice::from_ref(chosen)));
    }
    let variant = discovery::load(chosen).map_err(|message| Failure {
        status: INTERRUPTED,
        message,
    })?;
    if cli.help {
        return print(&listing::variant_help(&variant));
    }
    if let Some(games) = cli.bench {
        return bench::run(cli, &variant, games);
    }
    if let Some(seeds) = cli.endgames {
        return endgames::run(cli, &variant, seeds);
    }
    let resumed = (cli.resume.is_some())
        .then(|| replay.as_ref().map(|opened| opened.path().to_path_buf()))
        .flatten();
    let setup = match replay {
        Some(opened) if cli.analyse.is_some() => {
            return analyse::review(opened.into_replay(), cli, &variant)
        }
        Some(replay) => Setup::replayed(replay, cli),
        None => Setup::from_cli(cli),
    };
    match (session::play(setup, &variant)?, resumed) {
        (Ended::PassedOver(why), Some(resumed)) => {
            // Marked so: the next kept game goes on.
            warn!("passed over {why}");
            run(cli, &[passed_over, &[resumed]].concat())
        }
        _ => Ok(()),
    }
}
