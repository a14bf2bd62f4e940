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
mod uci;
mod util;

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use crate::cli::settings::{self, Given, Malformed, Scope};
use crate::cli::{errors, help, program, Cli};
use crate::keeping::{kept, record};
use crate::loading::discovery::{self, BadFolder, Described, Found};
use crate::loading::{crash, probe};
use crate::playing::session::{Ended, Setup};
use crate::playing::{interrupt, session};
use crate::tools::{analyse, bench, check, completion, endgames, listing, manual, matches};
use crate::util::failure::{
    print, refused, say, usage, write_all, Failure, INTERRUPTED, SUCCESS, USAGE,
};
use crate::util::shown::{shown, shown_path, system_error, wrapped, wrapped_lines, COLUMNS};
use crate::util::{names, protocol};
use variant_api::position::Position;

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
fn report(failure: Failure) -> u8 {
    let Some(line) = failure.line() else {
        return failure.status;
    };
    match writeln!(io::stderr(), "{line}") {
        Ok(()) => failure.status,
        Err(_) => INTERRUPTED,
    }
}

/// Prints clap's usage error, in French in one line (status 2), or its
/// `--version` text (status 0); a failed write is status 1.
fn command_line_error(error: &clap::Error) -> u8 {
    let (written, status) = if error.use_stderr() {
        let said = Failure::new(USAGE, errors::in_french(error)).within_columns();
        let line = format!("{}\n", said.line().unwrap_or_default());
        (write_all(&mut io::stderr().lock(), &line), USAGE)
    } else {
        let text = error.render().to_string();
        (write_all(&mut protocol::out(), &text), SUCCESS)
    };
    match written {
        Ok(()) => status,
        Err(error) => report(Failure::new(
            INTERRUPTED,
            format!(
                "impossible d'écrire le message de la ligne de commande : {}",
                system_error(&error)
            ),
        )),
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

/// The variant played when none is named (`SPEC.md` §2).
const DEFAULT_VARIANT: &str = "awale";

/// Who the computer is in that game, unless `--computer` says otherwise.
const DEFAULT_OPPONENT: &str = "nord=3";

/// Does what `cli` asks; `passed_over`: the kept games a plain `--resume`
/// passed over already, which it takes no more.
fn run(cli: &Cli, passed_over: &[PathBuf]) -> Result<(), Failure> {
    if cli.help && cli.variant.is_none() {
        let help = if cli.verbose {
            let help = program::command().render_long_help().to_string();
            wrapped_lines(&help, COLUMNS)
        } else {
            help::for_players()
        };
        return print(&help);
    }
    if cli.man {
        return print(&manual::page());
    }
    if let Some(shell) = cli.completions {
        return print(&completion::script(shell));
    }
    if cli.kept {
        let list = kept::list().map_err(refused)?;
        if list.is_empty() {
            say("Aucune partie gardée.");
        }
        return print(&list);
    }
    probe::time_limit().map_err(|reason| usage(reason).within_columns())?;
    if let Some(file) = &cli.check {
        return check::run(cli, file);
    }
    let (folders, files) = match cli.plugins_folder() {
        Some(folder) => {
            let files = discovery::named_folder_files(&folder).map_err(|error| match error {
                BadFolder::Untrusted(_) => Failure::in_english(USAGE, error.to_string()),
                BadFolder::Unreadable { .. } => usage(error.to_string()),
            })?;
            (vec![folder], files)
        }
        None => {
            let folders = discovery::default_folders();
            let files = discovery::default_folders_files(&folders);
            (folders, files)
        }
    };
    if let Some(what) = cli.candidates {
        return completion::answer(what, cli.variant.as_deref(), &cli.settings, &files);
    }
    if let Some(path) = &cli.record {
        session::check_record_path(path, &folders)?;
    }
    // The variants are described once, when first needed.
    let described = std::cell::OnceCell::new();
    let described = || described.get_or_init(|| discovery::describe_all(&files));
    let installed =
        |id: &str| discovery::choose(&described().found, id).map(discovery::Found::fingerprint);
    let replay = match &cli.analyse {
        Some(target) => Some(session::Opened::for_review(&analyse::reviewed(target)?)?),
        None => session::open_replay(cli, &installed, passed_over)?,
    };
    // The variant a position names, when no other is (`SPEC.md` §2).
    let positioned = match &cli.position {
        Some(text) => Some(
            Position::parse(text)
                .map_err(|reason| refused(reason).within_columns())?
                .id,
        ),
        None => None,
    };
    let named = replay
        .as_ref()
        .map(|replay| replay.variant().to_owned())
        .or(cli.variant.clone())
        .or(positioned);
    if named.is_none() && cli.list {
        return list_all(described(), &folders, cli.verbose);
    }
    if cli.uci {
        return uci::server::run(uci::server::Start {
            found: &described().found,
            variant: cli.variant.as_deref(),
            options: &cli.settings,
            threads: cli.threads,
        });
    }
    // `awale` alone: a game of Awalé against the computer (`SPEC.md` §2).
    let alone = named.is_none();
    let typed = named.as_deref().unwrap_or(DEFAULT_VARIANT);
    let found = &described().found;
    let Some(chosen) = discovery::choose(found, typed) else {
        let mut failure = discovery::unknown(&shown(typed), found, &folders);
        if let Some(opened) = &replay {
            failure.message = opened.about_variant(&failure.message);
        }
        return Err(failure);
    };
    if cli.list {
        return print(&listing::list(std::slice::from_ref(chosen), cli.verbose));
    }
    let variant = discovery::load(chosen)
        .map_err(|message| Failure::new(INTERRUPTED, message).within_columns())?;
    if cli.help {
        return print(&listing::variant_help(&variant));
    }
    if let Some(games) = cli.bench {
        return bench::run(cli, &variant, games);
    }
    if let Some(seeds) = cli.endgames {
        return endgames::run(cli, &variant, seeds);
    }
    if !cli.match_engines.is_empty() {
        return matches::run(cli, &variant);
    }
    let scope = match &replay {
        Some(_) if cli.analyse.is_some() => Scope::Review,
        Some(_) => Scope::Replay,
        None if cli.position.is_some() => Scope::Position,
        None => Scope::NewGame,
    };
    let (settled, given) = settled(cli, scope, found, chosen)?;
    let cli = &settled;
    let resumed = (cli.resume.is_some())
        .then(|| replay.as_ref().map(|opened| opened.path().to_path_buf()))
        .flatten();
    let setup = match replay {
        Some(opened) if cli.analyse.is_some() => {
            return analyse::review(opened.into_replay(), cli, &variant)
        }
        Some(replay) => Setup::replayed(replay, cli),
        None if alone => Setup::from_cli(cli, given).against_the_computer(DEFAULT_OPPONENT),
        None => Setup::from_cli(cli, given),
    };
    if let Some(note) = endgames::first_game_note(&variant, &setup.options(&variant)) {
        say(&note);
    }
    match (session::play(setup, &variant)?, resumed) {
        (Ended::PassedOver(why), Some(resumed)) => {
            // Marked so: the next kept game goes on. Named by its short
            // name, as `--resume` names the games, within 80 columns.
            let short = kept::short_name(&resumed, &variant.plugin.description().id);
            let why = why.replace(&shown_path(&resumed), &short);
            say(&wrapped(&format!("Partie passée : {why}."), COLUMNS));
            run(cli, &[passed_over, &[resumed]].concat())
        }
        _ => Ok(()),
    }
}

/// `cli` with what the settings file gives the variant `chosen` where the
/// command line gives nothing (`SPEC.md` §2 « Settings »), and which values
/// came from the file; a malformed file, or a table of a variant not
/// installed, is refused (status 2) before anything is played.
fn settled(
    cli: &Cli,
    scope: Scope,
    found: &[Found],
    chosen: &Found,
) -> Result<(Cli, Option<Given>), Failure> {
    let mut cli = cli.clone();
    let Some(settings) = settings::read().map_err(malformed)? else {
        return Ok((cli, None));
    };
    for (name, _) in &settings.variants {
        if discovery::choose(found, &name.value).is_none() {
            let ids: Vec<&str> = found
                .iter()
                .map(|found| found.summary.id.as_str())
                .collect();
            let near = match names::nearest(&name.value, &ids).as_slice() {
                [] => String::new(),
                near => format!(" (vouliez-vous dire {} ?)", names::alternatives(near)),
            };
            return Err(malformed(Malformed {
                path: settings.path.clone(),
                line: Some(name.line),
                reason: format!(
                    "pas de variante « {} » installée{near} ; corrigez ou retirez la table",
                    name.value
                ),
            }));
        }
    }
    let own = |name: &str| {
        discovery::choose(found, name).is_some_and(|table| table.summary.id == chosen.summary.id)
    };
    let given = settings
        .for_variant(own)
        .fill(&mut cli, scope, &settings.path);
    Ok((cli, Some(given)))
}

/// The line that refuses a malformed settings file (status 2).
fn malformed(malformed: Malformed) -> Failure {
    refused(match malformed.line {
        Some(line) => record::at_line(&malformed.path, line, &malformed.reason),
        None => format!(
            "{} : {}",
            shown(&malformed.path.to_string_lossy()),
            malformed.reason
        ),
    })
    .within_columns()
}

/// `--list` of every variant (`SPEC.md` §2): a line each on standard
/// output; on standard error, the plugins that others shadow, and why
/// nothing is listed. Status 1 when libraries were refused and none listed.
fn list_all(described: &Described, folders: &[PathBuf], verbose: bool) -> Result<(), Failure> {
    print(&listing::list(&described.found, verbose))?;
    for line in listing::shadowed_lines(described) {
        say(&line);
    }
    if !described.found.is_empty() {
        return Ok(());
    }
    if described.refused > 0 {
        return Err(Failure::new(
            INTERRUPTED,
            format!(
                "aucune variante listée : {} fichier(s) refusé(s), chacun dit plus haut \
                 (une variante faite pour un autre programme se recompile pour lui)",
                described.refused
            ),
        )
        .within_columns());
    }
    say(&discovery::none_installed(folders));
    Ok(())
}
