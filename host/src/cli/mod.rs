//! The command line of `SPEC.md` §2: its flags ([`Cli`]), and the
//! program's name as it was called with the definition named so
//! ([`program`]).
//!
//! May use: nothing else in the crate.

pub(crate) mod errors;
pub(crate) mod help;
pub(crate) mod program;

use std::path::PathBuf;

use clap::{ArgAction, Parser, ValueEnum};

// The doc comments of `Cli` and of its fields are the text of `--help
// --verbose` and of the manual page: in French, as a player reads them
// (`SPEC.md` §3), without clap's English words (defaults and values are
// said in the text, the headings in `HELP_TEMPLATE`).

/// L'Awalé et ses variantes, sur la console.
///
/// Les coups se lisent sur l'entrée standard, des nombres séparés par des
/// blancs : le numéro d'un trou, ou 0 quand les joueurs s'accordent pour
/// finir la partie. Un joueur peut aussi taper ? (un conseil), aide (ce que
/// l'on peut taper), annuler (reprendre son dernier coup), position (où en
/// est la partie) ou abandon (abandonner). Ctrl-D (la fin de l'entrée), ou
/// Ctrl-C à l'invite vide, arrête la partie : elle est gardée, et --resume
/// la reprend. La sortie standard ne porte que le plateau et les messages
/// de la partie.
#[derive(Debug, Parser)]
#[command(
    name = "host",
    version,
    disable_help_flag = true,
    disable_version_flag = true,
    help_template = HELP_TEMPLATE
)]
pub(crate) struct Cli {
    /// La variante à jouer, comme --list l'écrit (majuscules et accents
    /// ignorés) ; awale par défaut, contre l'ordinateur.
    #[arg(value_name = "VARIANTE")]
    pub(crate) variant: Option<String>,

    /// Liste les variantes installées.
    #[arg(long, conflicts_with_all = ["settings", "computer", "first", "seed", "think", "threads", "games", "record", "no_keep", "bench"])]
    pub(crate) list: bool,

    /// Qui joue le premier : une place (sud par défaut), ou hasard pour le
    /// tirer au sort.
    #[arg(
        long,
        value_name = "PLACE|hasard",
        default_value = "sud",
        hide_default_value = true
    )]
    pub(crate) first: String,

    /// Règle une option de la variante (répétable) ; VARIANTE --help les
    /// donne.
    #[arg(long = "set", value_name = "CLÉ=VALEUR", value_parser = parse_setting)]
    pub(crate) settings: Vec<(String, String)>,

    /// Donne une place à l'ordinateur, à un niveau : 1 initiation,
    /// 2 débutant, 3 amateur (par défaut), 4 grand-maître (répétable).
    #[arg(long, value_name = "PLACE[=NIVEAU]")]
    pub(crate) computer: Vec<String>,

    /// Le temps qu'une décision du niveau 4 (ou un conseil) peut prendre, en
    /// secondes (10 par défaut ; avec --replay ou --resume : celui de la
    /// partie).
    #[arg(long, value_name = "SECONDES", value_parser = parse_think)]
    pub(crate) think: Option<f64>,

    /// Le nombre de fils de calcul d'une décision du niveau 4 (ou d'un
    /// conseil) ; par défaut, un par cœur.
    #[arg(long, value_name = "N", value_parser = parse_threads)]
    pub(crate) threads: Option<u32>,

    /// Fixe chaque tirage au sort (les niveaux 1 à 3 rejouent alors la même
    /// partie).
    #[arg(long, value_name = "N", value_parser = parse_seed)]
    pub(crate) seed: Option<u64>,

    /// Joue un match de N parties, le premier joueur changeant à chaque
    /// partie (1 par défaut) ; avec --check, les parties au hasard de chaque
    /// jeu d'options (20 par défaut).
    #[arg(long, value_name = "N", value_parser = parse_games, conflicts_with = "record")]
    pub(crate) games: Option<u32>,

    /// Écrit la partie dans FICHIER (un nouveau fichier) au fil du jeu, sur
    /// le disque après chaque décision d'une personne ; --replay F --record
    /// F continue dans F.
    #[arg(long, value_name = "FICHIER")]
    pub(crate) record: Option<PathBuf>,

    /// Rejoue la partie écrite dans FICHIER (sa variante, ses options, ses
    /// places et ses décisions), puis continue à lire les décisions sur
    /// l'entrée standard.
    #[arg(long, value_name = "FICHIER", conflicts_with_all = ["variant", "settings", "first", "computer", "seed", "games", "bench", "list"])]
    pub(crate) replay: Option<PathBuf>,

    /// Reprend la Nième partie de --kept (par défaut, la dernière jouée qui
    /// n'est pas finie et peut être rejouée), gardée dans
    /// $XDG_STATE_HOME/awale/games (~/.local/state/awale/games).
    #[arg(long, value_name = "N", num_args = 0..=1, value_parser = parse_number, conflicts_with_all = ["variant", "settings", "first", "computer", "seed", "games", "bench", "list", "replay", "record", "no_keep", "analyse"])]
    pub(crate) resume: Option<Option<u32>>,

    /// Liste les parties gardées, la dernière jouée en tête : numéro, date
    /// (UTC), variante, places et niveaux, décisions, résultat ou « en
    /// cours ».
    #[arg(long, conflicts_with_all = ["variant", "settings", "first", "computer", "seed", "think", "threads", "games", "bench", "list", "replay", "record", "no_keep", "analyse", "resume", "endgames"])]
    pub(crate) kept: bool,

    /// Ne garde pas cette partie dans $XDG_STATE_HOME/awale/games (chaque
    /// partie qu'une personne joue y est gardée sinon, les 100 dernières).
    #[arg(long)]
    pub(crate) no_keep: bool,

    /// Part d'une position, le texte que position écrit à l'invite
    /// (awale:N:0,0,0,0,0,1,0,0,0,0,0,2:20,25) : sa variante, ses options
    /// et son état ; l'historique des répétitions part de là, vide.
    #[arg(long, value_name = "TEXTE", conflicts_with_all = ["first", "games", "replay", "resume", "kept", "analyse", "check", "list", "bench", "endgames"])]
    pub(crate) position: Option<String>,

    /// Écrit la page du manuel (roff, section 6).
    #[arg(long, exclusive = true)]
    pub(crate) man: bool,

    /// Écrit les complétions de SHELL (bash, zsh, fish, elvish,
    /// powershell).
    #[arg(
        long,
        value_name = "SHELL",
        exclusive = true,
        hide_possible_values = true
    )]
    pub(crate) completions: Option<clap_complete::Shell>,

    /// Revoit la partie écrite dans FICHIER, ou la Nième partie gardée (un
    /// numéro, comme --kept les donne) : une ligne par décision (le coup
    /// joué, le meilleur, la perte en graines), puis une ligne par place
    /// (décisions, erreurs de 2 graines ou plus, gaffes de 6 ou plus, perte
    /// moyenne) ; chaque décision est cherchée au niveau 4 pendant --think
    /// secondes.
    #[arg(long, value_name = "FICHIER|N", conflicts_with_all = ["variant", "settings", "first", "computer", "seed", "games", "bench", "list", "replay", "record", "resume", "no_keep"])]
    pub(crate) analyse: Option<PathBuf>,

    /// Mesure la vitesse de la variante sur PARTIES parties au hasard (et
    /// celle de son joueur ordinateur).
    #[arg(long, value_name = "PARTIES", value_parser = parse_bench, conflicts_with_all = ["computer", "first", "games", "record", "no_keep"])]
    pub(crate) bench: Option<u64>,

    /// Construit les tables de fin de partie de la variante (Awalé, Oware)
    /// pour chaque plateau d'au plus GRAINES graines (16 par défaut) dans
    /// $XDG_CACHE_HOME/awale/endgames (~/.cache/awale/endgames), où le
    /// niveau 4 et les revues les lisent.
    #[arg(long, value_name = "GRAINES", num_args = 0..=1, default_missing_value = "16", value_parser = parse_endgame_seeds, conflicts_with_all = ["computer", "first", "seed", "think", "threads", "games", "record", "no_keep", "bench", "list", "replay", "resume", "analyse"])]
    pub(crate) endgames: Option<u32>,

    /// Parle le protocole des moteurs (UCI pour le mancala) sur l'entrée
    /// et la sortie standard : l'Oware Abapa comme Aualé et Aalina le
    /// parlent, toute autre variante par `setoption name UCI_Variant value
    /// ID` (ou VARIANTE).
    #[arg(long, conflicts_with_all = ["list", "computer", "engine", "first", "seed", "think", "games", "record", "no_keep", "replay", "resume", "kept", "analyse", "check", "bench", "endgames", "position"])]
    pub(crate) uci: bool,

    /// Donne une place à un moteur du protocole, lancé par COMMANDE
    /// (répétable) : --engine nord='awale --uci'. Les conseils viennent
    /// toujours de l'ordinateur du programme.
    #[arg(long, value_name = "PLACE=COMMANDE", value_parser = parse_engine)]
    pub(crate) engine: Vec<(String, String)>,

    /// Fait jouer un match à deux moteurs du protocole, chacun lancé par
    /// COMMANDE (donnée deux fois : A, puis B) : chaque ouverture deux
    /// fois, places échangées, --think secondes par coup, --games parties ;
    /// le bilan dit le score et son intervalle à 95 %, l'Elo, les marges et
    /// le temps par coup.
    #[arg(long = "match", value_name = "COMMANDE", conflicts_with_all = ["computer", "engine", "first", "record", "replay", "resume", "kept", "analyse", "check", "bench", "endgames", "position", "uci", "list"])]
    pub(crate) match_engines: Vec<String>,

    /// Les ouvertures de --match : N coups au hasard depuis le début (4 par
    /// défaut), ou un FICHIER d'une ouverture par ligne (les coups de la
    /// variante).
    #[arg(long, value_name = "N|FICHIER", requires = "match_engines")]
    pub(crate) openings: Option<String>,

    /// Le dossier des variantes (ou la variable AWALE_PLUGINS) ; par
    /// défaut ~/.local/share/awale/plugins, puis ../lib/awale/plugins,
    /// plugins/ et le dossier du programme.
    #[arg(long, value_name = "DOSSIER")]
    plugins: Option<PathBuf>,

    /// Pour les auteurs de variantes : vérifie la bibliothèque d'une
    /// variante (FICHIER) par des parties au hasard jusqu'à leur fin
    /// (graines gardées, copie et rejeu, options, textes d'une ligne) ; une
    /// ligne par défaut trouvé, statut 0 quand elle est saine, 1 sinon, 2
    /// quand FICHIER n'est pas une variante. --set joue ces options seules ;
    /// --games et --seed règlent les parties.
    #[arg(long, value_name = "FICHIER", conflicts_with_all = ["variant", "list", "computer", "first", "think", "threads", "record", "no_keep", "replay", "resume", "analyse", "bench", "endgames"])]
    pub(crate) check: Option<PathBuf>,

    /// Probe mode, run by the host itself: load the library FILE and print
    /// what `--list` shows of it (see `probe`).
    #[arg(long, value_name = "FILE", hide = true, exclusive = true)]
    pub(crate) probe_library: Option<PathBuf>,

    /// Completion query, run by the shell completions: print the candidates
    /// for a word (see `completion`).
    #[arg(long, value_name = "WHAT", hide = true)]
    pub(crate) candidates: Option<Candidates>,

    /// Écrit l'aide (avec une VARIANTE : ses options et ses règles ; avec
    /// --verbose : toutes les options).
    #[arg(short = 'h', long, action = ArgAction::SetTrue, conflicts_with_all = ["computer", "first", "seed", "think", "threads", "games", "record", "no_keep", "bench", "endgames"])]
    pub(crate) help: bool,

    /// En dit plus : avec --help, toutes les options ; avec --list, le
    /// résumé, les options, la version et le fichier de chaque variante.
    #[arg(short = 'v', long)]
    pub(crate) verbose: bool,
}

/// The frame of `--help --verbose`, in French: clap's own headings
/// (`Usage:`, `Options:`) are English.
const HELP_TEMPLATE: &str = "\
{about-with-newline}
Utilisation : {usage}

Variante :
{positionals}

Options :
{options}{after-help}";

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

fn parse_engine(text: &str) -> Result<(String, String), String> {
    match text.split_once('=') {
        Some((seat, command)) if !seat.is_empty() && !command.trim().is_empty() => {
            Ok((seat.to_owned(), command.to_owned()))
        }
        _ => Err("il faut SIÈGE=COMMANDE (nord='awale --uci')".to_owned()),
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
