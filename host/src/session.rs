//! A game or a match on the console, set up from the command line or from a
//! record (`--replay`), and written to a record as it goes (`--record`).

use std::collections::VecDeque;
use std::io;
use std::path::{Path, PathBuf};

use log::warn;
use variant_api::Player;

use crate::cli::Cli;
use crate::console;
use crate::discovery::Installed;
use crate::failure::{plugin_failure, print, usage, Failure, INTERRUPTED, USAGE};
use crate::keyboard;
use crate::record;
use crate::seats;
use crate::tokens::Tokens;

/// Reads and checks the record of `--replay`: a usage error names its line.
pub(crate) fn read_record(path: &Path) -> Result<record::Replay, Failure> {
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
pub(crate) struct Setup {
    settings: Vec<(String, String)>,
    first: String,
    computer: Vec<String>,
    seed: u64,
    think: f64,
    threads: u32,
    games: u32,
    script: VecDeque<record::Entry>,
    record: Option<PathBuf>,
}

impl Setup {
    /// From the command line.
    pub(crate) fn from_cli(cli: &Cli) -> Setup {
        Setup {
            settings: cli.settings.clone(),
            first: cli.first.clone(),
            computer: cli.computer.clone(),
            seed: seed(cli),
            think: cli.think,
            threads: cli.threads(),
            games: cli.games,
            script: VecDeque::new(),
            record: cli.record.clone(),
        }
    }

    /// From a record, writing to `--record` if given.
    pub(crate) fn replayed(replay: record::Replay, cli: &Cli) -> Setup {
        let header = replay.header;
        Setup {
            settings: header.settings,
            first: header.first,
            computer: header.computer,
            seed: header.seed,
            think: header.think,
            threads: cli.threads(),
            games: 1,
            script: replay.entries,
            record: cli.record.clone(),
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

/// Plays the game (or the match) set up by `setup`.
pub(crate) fn play(setup: &Setup, variant: &Installed) -> Result<(), Failure> {
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
        threads: setup.threads,
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
        keyboard: Tokens::new(keyboard::input()),
        script: setup.script.clone(),
        recorder,
    };
    let mut out = io::stdout().lock();
    let mut err = io::stderr().lock();
    let mut tally = seats::Tally::new(seats.len());
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
