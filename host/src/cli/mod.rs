//! The command line of `SPEC.md` §2: its flags ([`Cli`]), the program's
//! name as it was called with the definition named so ([`program`]), and
//! the settings file that fills in what it leaves out ([`settings`]).
//!
//! May use: nothing else in the crate.

pub(crate) mod errors;
pub(crate) mod help;
pub(crate) mod program;
pub(crate) mod settings;

use std::path::PathBuf;

use clap::{ArgAction, Parser, ValueEnum};

/// Console host for Awalé and its variants, each loaded from a plugin library.
///
/// Moves are read from standard input as whitespace-separated integers: a
/// hole number, or 0 when both players agree the game is over. A player may
/// also type `?` (a hint), `aide` (the accepted inputs and these words),
/// `annuler` (take back one's last decision) or `abandon` (resign).
/// Ctrl-D (the end of the input) or Ctrl-C stops a game: a kept game goes
/// on with `--resume`. Standard output carries only the board and the
/// game's messages.
#[derive(Debug, Clone, Parser)]
#[command(name = "host", version, disable_help_flag = true)]
pub(crate) struct Cli {
    /// The variant to play, as `--list` shows it (case and accents ignored).
    #[arg(value_name = "VARIANT")]
    pub(crate) variant: Option<String>,

    /// List the installed variants.
    #[arg(long, conflicts_with_all = ["settings", "computer", "first", "seed", "think", "threads", "games", "record", "no_keep", "bench"])]
    pub(crate) list: bool,

    /// Who moves first: a seat, or `hasard` to draw it.
    #[arg(long, value_name = "SEAT|hasard", default_value = "sud")]
    pub(crate) first: String,

    /// Whether `--first` was given on the command line (not its default):
    /// the settings file's `first` fills it in otherwise.
    #[arg(skip)]
    pub(crate) first_given: bool,

    /// Set a variant option (repeatable); `VARIANT --help` lists them.
    #[arg(long = "set", value_name = "KEY=VALUE", value_parser = parse_setting)]
    pub(crate) settings: Vec<(String, String)>,

    /// Give a seat to the computer, at a level: 1 initiation, 2 débutant,
    /// 3 amateur (default), 4 grand-maître (repeatable); `personne`: no seat.
    #[arg(long, value_name = "SEAT[=LEVEL]")]
    pub(crate) computer: Vec<String>,

    /// The time a level-4 decision (or a hint) may take, in seconds
    /// [default: 10; with --replay or --resume: the record's].
    #[arg(long, value_name = "SECONDS", value_parser = parse_think)]
    pub(crate) think: Option<f64>,

    /// The threads a level-4 decision (or a hint) searches on [default: every core].
    #[arg(long, value_name = "N", value_parser = parse_threads)]
    pub(crate) threads: Option<u32>,

    /// Fix every random choice (levels 1 to 3 then replay the same game).
    #[arg(long, value_name = "N", value_parser = parse_seed)]
    pub(crate) seed: Option<u64>,

    /// Play a match of N games, the first player alternating [default: 1];
    /// with --check, the random games of each set of options [default: 20].
    #[arg(long, value_name = "N", value_parser = parse_games, conflicts_with = "record")]
    pub(crate) games: Option<u32>,

    /// Write the game to FILE (a new file) as it goes, on disk after every
    /// decision of a person; `--replay F --record F` goes on in F.
    #[arg(long, value_name = "FILE")]
    pub(crate) record: Option<PathBuf>,

    /// Replay the game recorded in FILE (its variant, options, seats and
    /// decisions), then go on reading decisions from standard input.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["variant", "settings", "first", "computer", "seed", "games", "bench", "list"])]
    pub(crate) replay: Option<PathBuf>,

    /// Go on with the Nth game of --kept [default: the last played that is
    /// unfinished and can be replayed], kept in $XDG_STATE_HOME/awale/games
    /// (~/.local/state/awale/games).
    #[arg(long, value_name = "N", num_args = 0..=1, value_parser = parse_number, conflicts_with_all = ["variant", "settings", "first", "computer", "seed", "games", "bench", "list", "replay", "record", "no_keep", "analyse"])]
    pub(crate) resume: Option<Option<u32>>,

    /// List the kept games, the last played first: number, date (UTC),
    /// variant, seats and levels, decisions, result or « en cours ».
    #[arg(long, conflicts_with_all = ["variant", "settings", "first", "computer", "seed", "think", "threads", "games", "bench", "list", "replay", "record", "no_keep", "analyse", "resume", "endgames"])]
    pub(crate) kept: bool,

    /// Do not keep this game in $XDG_STATE_HOME/awale/games (every game a
    /// person plays is kept there otherwise, the last 100).
    #[arg(long)]
    pub(crate) no_keep: bool,

    /// Play from a position, the text `position` prints at a prompt
    /// (`awale:N:0,0,0,0,0,1,0,0,0,0,0,2:20,25`): its variant, options and
    /// state; the repetition history starts empty there.
    #[arg(long, value_name = "TEXT", conflicts_with_all = ["first", "games", "replay", "resume", "kept", "analyse", "check", "list", "bench", "endgames"])]
    pub(crate) position: Option<String>,

    /// Print the manual page (roff, section 6).
    #[arg(long, exclusive = true)]
    pub(crate) man: bool,

    /// Print the completions of SHELL (bash, zsh, fish, elvish, powershell).
    #[arg(long, value_name = "SHELL", exclusive = true)]
    pub(crate) completions: Option<clap_complete::Shell>,

    /// Review the game recorded in FILE, or the Nth kept game (a number, as
    /// --kept shows them): one line per decision (the input played, the
    /// best one, the loss in seeds), then one line per seat (decisions,
    /// errors of 2 seeds or more, blunders of 6 or more, average loss);
    /// each decision is searched at level 4 for --think seconds.
    #[arg(long, value_name = "FILE|N", conflicts_with_all = ["variant", "settings", "first", "computer", "seed", "games", "bench", "list", "replay", "record", "resume", "no_keep"])]
    pub(crate) analyse: Option<PathBuf>,

    /// Measure the variant's speed over GAMES random games (and its computer player's).
    #[arg(long, value_name = "GAMES", value_parser = parse_bench, conflicts_with_all = ["computer", "first", "games", "record", "no_keep"])]
    pub(crate) bench: Option<u64>,

    /// Build the variant's endgame tables (Awalé, Oware) of every board of
    /// at most SEEDS seeds [default: 16] into $XDG_CACHE_HOME/awale/endgames
    /// (~/.cache/awale/endgames), where level 4 and reviews read them.
    #[arg(long, value_name = "SEEDS", num_args = 0..=1, default_missing_value = "16", value_parser = parse_endgame_seeds, conflicts_with_all = ["computer", "first", "seed", "think", "threads", "games", "record", "no_keep", "bench", "list", "replay", "resume", "analyse"])]
    pub(crate) endgames: Option<u32>,

    /// The plugins folder [env: AWALE_PLUGINS; default: ~/.local/share/awale/plugins,
    /// then ../lib/awale/plugins, plugins/ and the folder of the executable].
    #[arg(long, value_name = "DIR")]
    plugins: Option<PathBuf>,

    /// Check the plugin library FILE against the contract through the
    /// stable ABI (random games to their end, seeds kept, clone and replay,
    /// options, one-line texts): one line per failure on standard output,
    /// status 0 when sound, 1 when not, 2 when FILE is not a plugin.
    /// --set plays those options alone; --games and --seed set the games.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["variant", "list", "computer", "first", "think", "threads", "record", "no_keep", "replay", "resume", "analyse", "bench", "endgames"])]
    pub(crate) check: Option<PathBuf>,

    /// Probe mode, run by the host itself: load the library FILE and print
    /// what `--list` shows of it (see `probe`).
    #[arg(long, value_name = "FILE", hide = true, exclusive = true)]
    pub(crate) probe_library: Option<PathBuf>,

    /// Completion query, run by the shell completions: print the candidates
    /// for a word (see `completion`).
    #[arg(long, value_name = "WHAT", hide = true)]
    pub(crate) candidates: Option<Candidates>,

    /// Print help (with a VARIANT: its options and rules; with --verbose:
    /// every option).
    #[arg(short = 'h', long, action = ArgAction::SetTrue, conflicts_with_all = ["computer", "first", "seed", "think", "threads", "games", "record", "no_keep", "bench", "endgames"])]
    pub(crate) help: bool,

    /// Say more: with --help, every option; with --list, each variant's
    /// summary, options, version and file.
    #[arg(short = 'v', long)]
    pub(crate) verbose: bool,
}

impl Cli {
    /// The time a level-4 decision may take: `--think`, or 10 seconds.
    pub(crate) fn think(&self) -> f64 {
        self.think.unwrap_or(10.0)
    }

    /// The threads of a level-4 decision: `--threads`, or every core.
    pub(crate) fn threads(&self) -> u32 {
        self.threads.unwrap_or_else(|| {
            std::thread::available_parallelism().map_or(1, |cores| cores.get() as u32)
        })
    }

    /// The plugins folder named by `--plugins` or, when that is absent,
    /// `AWALE_PLUGINS`; an empty value counts as not set.
    pub(crate) fn plugins_folder(&self) -> Option<PathBuf> {
        self.plugins
            .clone()
            .or_else(|| std::env::var_os("AWALE_PLUGINS").map(PathBuf::from))
            .filter(|folder| !folder.as_os_str().is_empty())
    }
}

// The values' parsers say what is wrong in French, as a player reads it.

fn parse_think(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(seconds) if seconds > 0.0 && seconds <= 3600.0 => Ok(seconds),
        Ok(0.0) => Err(
            "l'ordinateur a besoin d'un peu de temps : plus de 0 seconde (0,1 joue aussitôt)"
                .to_owned(),
        ),
        _ => Err("il faut un nombre de secondes au-dessus de 0 et d'au plus 3600".to_owned()),
    }
}

fn parse_setting(text: &str) -> Result<(String, String), String> {
    match text.split_once('=') {
        Some((key, value)) if !key.is_empty() => Ok((key.to_owned(), value.to_owned())),
        _ => Err("il faut CLÉ=VALEUR".to_owned()),
    }
}

/// A whole number from `min` to `max`.
fn whole(text: &str, min: u64, max: u64) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(number) if (min..=max).contains(&number) => Ok(number),
        _ if max == u64::MAX => Err(format!("il faut un nombre entier d'au moins {min}")),
        _ => Err(format!("il faut un nombre entier de {min} à {max}")),
    }
}

fn parse_threads(text: &str) -> Result<u32, String> {
    whole(text, 1, 256).map(|threads| threads as u32)
}

fn parse_seed(text: &str) -> Result<u64, String> {
    whole(text, 0, u64::MAX)
}

fn parse_games(text: &str) -> Result<u32, String> {
    whole(text, 1, 100_000).map(|games| games as u32)
}

fn parse_number(text: &str) -> Result<u32, String> {
    whole(text, 1, u64::from(u32::MAX)).map(|number| number as u32)
}

fn parse_bench(text: &str) -> Result<u64, String> {
    whole(text, 1, u64::MAX)
}

fn parse_endgame_seeds(text: &str) -> Result<u32, String> {
    whole(text, 0, u64::from(variant_api::folders::MAX_ENDGAME_SEEDS)).map(|seeds| seeds as u32)
}

/// What a hidden completion query asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum Candidates {
    /// The installed variants' ids.
    Variants,
    /// The values of `--first`: the named variant's seats and `hasard`.
    First,
    /// The values of `--computer`: the seats, alone or with a level.
    Computer,
    /// The values of `--set`: the named variant's options.
    Set,
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_is_well_formed() {
        Cli::command().debug_assert();
    }

    /// Issue 15: `--bench`, `--list` and `VARIANT --help` ignored
    /// `--record`, `--computer` and `--first` silently.
    #[test]
    fn options_a_command_ignores_are_refused() {
        for line in [
            "host awale --bench 10 --record f",
            "host awale --bench 10 --computer nord",
            "host awale --bench 10 --no-keep",
            "host --list --record f",
            "host --list --first nord",
            "host --list --computer sud=2",
            "host --list --set capture=backward",
            "host awale --help --record f",
            "host awale --help --first nord",
            "host --analyse f --no-keep",
            "host awale --endgames --computer nord",
            "host awale --endgames 5 --bench 10",
            "host awale --endgames 5 --help",
            "host --list --endgames 5",
            "host --kept --record f",
            "host --kept awale",
            "host --kept --resume",
            "host --resume 2 --seed 3",
        ] {
            let refused = Cli::try_parse_from(line.split_whitespace());
            assert!(
                refused
                    .is_err_and(|error| error.kind() == clap::error::ErrorKind::ArgumentConflict),
                "{line}"
            );
        }
        for line in [
            "host awale --bench 10 --set capture=backward --seed 3 --think 0.5 --threads 1",
            "host awale --list",
            "host awale --help",
            "host --analyse f --think 0.5",
            "host awale --first nord --computer sud --record f --no-keep",
            "host awale --endgames 12 --set capture=backward",
            "host --resume --think 0.5 --threads 2",
            "host --resume 2 --think 0.5",
            "host --replay f --think 1 --threads 2",
            "host --kept",
        ] {
            assert!(
                Cli::try_parse_from(line.split_whitespace()).is_ok(),
                "{line}"
            );
        }
    }

    #[test]
    fn resume_takes_an_optional_number_and_think_an_optional_time() {
        let parsed = |line: &str| Cli::try_parse_from(line.split_whitespace());
        let resume = |line: &str| parsed(line).ok().map(|cli| cli.resume);
        assert_eq!(resume("host --resume"), Some(Some(None)));
        assert_eq!(resume("host --resume 2"), Some(Some(Some(2))));
        assert_eq!(resume("host awale"), Some(None));
        assert!(parsed("host --resume 0").is_err());
        let think = |line: &str| parsed(line).ok().map(|cli| (cli.think, cli.think()));
        assert_eq!(think("host awale"), Some((None, 10.0)));
        assert_eq!(think("host --resume --think 2"), Some((Some(2.0), 2.0)));
    }

    #[test]
    fn endgames_default_to_the_size_the_plugins_read() {
        let parsed =
            |line: &str| Cli::try_parse_from(line.split_whitespace()).map(|cli| cli.endgames);
        let default = variant_api::folders::DEFAULT_ENDGAME_SEEDS;
        assert_eq!(parsed("host awale --endgames").ok(), Some(Some(default)));
        assert_eq!(parsed("host awale --endgames 12").ok(), Some(Some(12)));
        assert_eq!(parsed("host awale").ok(), Some(None));
        assert!(parsed("host awale --endgames 41").is_err());
    }

    #[test]
    fn settings_are_key_value_pairs() {
        assert_eq!(
            parse_setting("capture=backward"),
            Ok(("capture".to_owned(), "backward".to_owned()))
        );
        assert_eq!(
            parse_setting("seeds="),
            Ok(("seeds".to_owned(), String::new()))
        );
        assert!(parse_setting("capture").is_err());
        assert!(parse_think("0.1").is_ok());
        for bad in ["0", "-1", "1e9", "NaN", "x"] {
            assert!(parse_think(bad).is_err(), "{bad}");
        }
        assert!(parse_setting("=both").is_err());
        assert!(parse_think("0").is_err_and(|reason| reason.contains("plus de 0 seconde")));
        assert_eq!(
            parse_threads("0"),
            Err("il faut un nombre entier de 1 à 256".to_owned())
        );
        assert_eq!(parse_threads("256"), Ok(256));
        assert!(parse_bench("0").is_err_and(|reason| reason.contains("au moins 1")));
    }
}
