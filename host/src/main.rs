//! `host`: plays Awalé and its variants on the console, each variant loaded
//! at start-up from a plugin library of the plugins folder.
//!
//! The host knows no rules: it draws the board the plugin reports, reads
//! integers and asks the plugin what they mean. See `SPEC.md` for the
//! command line and the console protocol.

mod bench;
mod cli;
mod console;
mod discovery;
mod elf;
mod listing;
mod names;
mod record;
mod render;
mod seats;
mod tokens;
mod trust;

use std::collections::VecDeque;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::{CommandFactory, Parser};
use log::warn;
use variant_api::{Player, PluginError};

use crate::cli::Cli;
use crate::discovery::Installed;
use crate::tokens::Tokens;

/// Exit status of a game that reached its end, or of a printed list.
const SUCCESS: u8 = 0;
/// Exit status when the input ended too early, or a plugin failed.
const INTERRUPTED: u8 = 1;
/// Exit status of a usage error: unknown variant, bad option, unreadable folder.
const USAGE: u8 = 2;

fn main() -> ExitCode {
    init_logging();
    let status = match Cli::try_parse() {
        Ok(cli) => match run(&cli) {
            Ok(()) => SUCCESS,
            Err(failure) => report(failure),
        },
        Err(error) => command_line_error(&error),
    };
    ExitCode::from(status)
}

/// Says why the run failed on stderr; returns the exit status, which is 1
/// when stderr cannot be written (nothing more can be said then).
fn report(Failure { status, message }: Failure) -> u8 {
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
        (write_all(&mut io::stderr().lock(), &text), USAGE)
    } else {
        (write_all(&mut io::stdout().lock(), &text), SUCCESS)
    };
    match written {
        Ok(()) => status,
        Err(error) => report(Failure {
            status: INTERRUPTED,
            message: format!("cannot write the command line's message: {error}"),
        }),
    }
}

fn write_all(out: &mut impl Write, text: &str) -> io::Result<()> {
    out.write_all(text.as_bytes())?;
    out.flush()
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

/// A run that did not succeed: its exit status and one line saying why.
struct Failure {
    status: u8,
    message: String,
}

fn usage(message: String) -> Failure {
    Failure {
        status: USAGE,
        message,
    }
}

fn run(cli: &Cli) -> Result<(), Failure> {
    if cli.help && cli.variant.is_none() {
        let help = Cli::command().render_long_help().to_string();
        return print(&help);
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
    let replay = match &cli.replay {
        Some(path) => Some(read_record(path)?),
        None => None,
    };
    let typed = replay
        .as_ref()
        .map(|replay| &replay.header.variant)
        .or(cli.variant.as_ref());
    let Some(typed) = typed else {
        if cli.list {
            let installed = discovery::load_all(&files);
            if installed.is_empty() {
                warn!("no variant is installed: looked in {}", searched(&folders));
            }
            return print(&listing::list(&installed));
        }
        return Err(usage(
            "no variant named: try `host --list`, then `host VARIANT`".to_owned(),
        ));
    };
    let variant = discovery::load_until(&files, typed)
        .map_err(|installed| unknown_variant(typed, &installed, &folders))?;
    if cli.list {
        return print(&listing::list(std::slice::from_ref(&variant)));
    }
    if cli.help {
        return print(&listing::variant_help(&variant));
    }
    if let Some(games) = cli.bench {
        return bench(cli, &variant, games);
    }
    let setup = match replay {
        Some(replay) => Setup::replayed(replay, cli),
        None => Setup::from_cli(cli),
    };
    play(&setup, &variant)
}

/// Reads and checks the record of `--replay`: a usage error names its line.
fn read_record(path: &std::path::Path) -> Result<record::Replay, Failure> {
    let text = std::fs::read(path).map_err(|error| {
        usage(format!(
            "cannot read the record {}: {error}",
            path.display()
        ))
    })?;
    let text = String::from_utf8(text)
        .map_err(|_| usage(format!("the record {} is not text", path.display())))?;
    let replay =
        record::parse(&text).map_err(|reason| usage(format!("{}: {reason}", path.display())))?;
    if let Some(line) = replay.cut_line {
        warn!(
            "{}: record line {line} is cut short: replaying the {} decisions before it",
            path.display(),
            replay.entries.len()
        );
    }
    Ok(replay)
}

/// How a game is set up: from the command line, or from a record.
struct Setup {
    settings: Vec<(String, String)>,
    first: String,
    computer: Vec<String>,
    seed: u64,
    think: f64,
    games: u32,
    script: VecDeque<record::Entry>,
    record: Option<PathBuf>,
}

impl Setup {
    fn from_cli(cli: &Cli) -> Setup {
        Setup {
            settings: cli.settings.clone(),
            first: cli.first.clone(),
            computer: cli.computer.clone(),
            seed: seed(cli),
            think: cli.think,
            games: cli.games,
            script: VecDeque::new(),
            record: cli.record.clone(),
        }
    }

    fn replayed(replay: record::Replay, cli: &Cli) -> Setup {
        let header = replay.header;
        Setup {
            settings: header.settings,
            first: header.first,
            computer: header.computer,
            seed: header.seed,
            think: header.think,
            games: 1,
            script: replay.entries,
            record: cli.record.clone(),
        }
    }
}

/// The folders searched, for a message.
fn searched(folders: &[PathBuf]) -> String {
    let searched: Vec<String> = folders
        .iter()
        .map(|folder| folder.display().to_string())
        .collect();
    searched.join(", ")
}

fn unknown_variant(typed: &str, installed: &[Installed], folders: &[PathBuf]) -> Failure {
    if installed.is_empty() {
        return usage(format!(
            "unknown variant `{typed}`: no variant is installed in {} (see --plugins)",
            searched(folders)
        ));
    }
    let ids: Vec<&str> = installed
        .iter()
        .map(|variant| variant.plugin.description().id.as_str())
        .collect();
    usage(format!(
        "unknown variant `{typed}`: installed variants are {} (see host --list)",
        ids.join(", ")
    ))
}

fn print(text: &str) -> Result<(), Failure> {
    write_all(&mut io::stdout().lock(), text).map_err(|error| Failure {
        status: INTERRUPTED,
        message: format!("cannot write to standard output: {error}"),
    })
}

/// A failure of the plugin to do `what`, or its refusal of the options (a usage error).
fn plugin_failure(id: &str, error: PluginError, what: &str) -> Failure {
    match error {
        PluginError::Refused(reason) => usage(format!("{id}: {reason}")),
        PluginError::Failed(message) => Failure {
            status: INTERRUPTED,
            message: format!("{id} failed to {what}: {message}"),
        },
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

fn bench(cli: &Cli, variant: &Installed, games: u64) -> Result<(), Failure> {
    let id = &variant.plugin.description().id;
    let seats = variant
        .plugin
        .seats(&cli.settings)
        .map_err(|error| plugin_failure(id, error, "name its seats"))?;
    let seed = cli.seed.unwrap_or(0);
    let figures = bench::random_games(&variant.plugin, &cli.settings, seats.len(), games, seed)
        .map_err(|error| plugin_failure(id, error, "play"))?;
    let budget = Duration::from_secs_f64(cli.think.min(1.0));
    let engine = bench::engine_line(id, &variant.plugin, &cli.settings, budget, seed)
        .map_err(|error| plugin_failure(id, error, "think"))?;
    print(&format!("{}\n{engine}\n", bench::games_line(id, &figures)))
}

fn play(setup: &Setup, variant: &Installed) -> Result<(), Failure> {
    let description = variant.plugin.description();
    let id = &description.id;
    let seats = variant
        .plugin
        .seats(&setup.settings)
        .map_err(|error| plugin_failure(id, error, "name its seats"))?;
    let first = seats::first(&setup.first, &seats, setup.seed).map_err(usage)?;
    let computer = seats::computer(&setup.computer, &seats).map_err(usage)?;
    let table = console::Table {
        names: &seats,
        title_with_article: &description.title_with_article,
        agreement: description.agreement_ends_game,
        computer: &computer,
        think_ms: (setup.think * 1000.0).round() as u32,
    };
    let recorder = match &setup.record {
        Some(path) => {
            let header = record::Header {
                variant: id.clone(),
                version: description.version.clone(),
                settings: setup.settings.clone(),
                first: seats[first.index()].clone(),
                computer: setup.computer.clone(),
                seed: setup.seed,
                think: setup.think,
            };
            let recorder = record::Recorder::create(path, &header).map_err(|error| {
                usage(format!(
                    "cannot write the record {}: {error}",
                    path.display()
                ))
            })?;
            Some(recorder)
        }
        None => None,
    };
    let mut moves = console::Moves {
        keyboard: Tokens::new(io::stdin().lock()),
        script: setup.script.clone(),
        recorder,
    };
    let mut out = io::stdout().lock();
    let mut err = io::stderr().lock();
    let mut tally = seats::MatchRecord::new(seats.len());
    for number in 0..setup.games {
        let first = Player(((first.index() + number as usize) % seats.len()) as u8);
        let mut game = variant
            .plugin
            .new_game(&setup.settings, first)
            .map_err(|error| plugin_failure(id, error, "start a game"))?;
        let game_seed = setup.seed.wrapping_add(u64::from(number) << 32);
        let outcome = console::play(&mut game, &table, &mut moves, game_seed, &mut out, &mut err)
            .map_err(|interrupted| Failure {
            status: match interrupted {
                console::Interrupted::BadRecord { .. } => USAGE,
                _ => INTERRUPTED,
            },
            message: interrupted.to_string(),
        })?;
        tally.add(outcome);
    }
    if let Some(entry) = moves.script.front() {
        return Err(usage(format!(
            "record line {}: the game was over before this decision",
            entry.line
        )));
    }
    if setup.games > 1 {
        let lines = tally.lines(&seats, &description.title_with_article);
        print(&lines)?;
    }
    Ok(())
}
