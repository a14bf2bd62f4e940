//! The settings file (`SPEC.md` §2 « Settings »), as GNU Chess has its
//! `gnuchess.ini` and GNU Backgammon its `~/.gnubg/gnubgrc`:
//! `$XDG_CONFIG_HOME/awale/awale.toml` (by default
//! `~/.config/awale/awale.toml`; `%APPDATA%\awale\awale.toml` on Windows),
//! read with the `toml` crate and serde. Its keys are the long options of a
//! game (`think`, `threads`, `computer`, `first`); a table named after a
//! variant holds that variant's own (the same keys, and `set`, its
//! options). The command line overrides it; what is wrong with it is one
//! line naming the line and the fix, and no game starts on a guess.
//!
//! Options that are one game's choice (`--games`, `--seed`, `--record`,
//! `--position`) or another command's are not settings.

use std::io::Read;
use std::ops::Range;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use toml::de::{DeTable, DeValue, ValueDeserializer};
use toml::Spanned;
use variant_api::folders::{open_regular, UserFolder};

use crate::cli::{parse_setting, parse_think, parse_threads, Cli};

/// The settings file's name in the user's configuration folder.
pub(crate) const FILE_NAME: &str = "awale.toml";

/// The most bytes a settings file may hold: a page of settings is a few
/// hundred.
const MAX_BYTES: u64 = 64 * 1024;

/// The keys a table may hold and, for the line that refuses a value, how
/// each is written.
const KEYS: [(&str, &str); 5] = [
    ("think", "un nombre de secondes, ainsi : think = 5"),
    ("threads", "un nombre entier, ainsi : threads = 2"),
    (
        "computer",
        "une place ou une liste, ainsi : computer = [\"nord=4\"]",
    ),
    ("first", "une place ou hasard, ainsi : first = \"hasard\""),
    ("set", "une liste d'options, ainsi : set = [\"players=3\"]"),
];

/// A value of the file and the line it is on (from 1).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Lined<T> {
    /// The value.
    pub(crate) value: T,
    /// Its line in the file.
    pub(crate) line: usize,
}

/// The values one table gives: the file's top level, or a variant's table.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Defaults {
    /// `think`: the seconds of a level-4 decision or a hint.
    pub(crate) think: Option<Lined<f64>>,
    /// `threads`: the threads a level-4 decision searches on.
    pub(crate) threads: Option<Lined<u32>>,
    /// `computer`: the computer's seats, as `--computer` takes them.
    pub(crate) computer: Option<Lined<Vec<String>>>,
    /// `first`: who moves first, as `--first` takes it.
    pub(crate) first: Option<Lined<String>>,
    /// `set`: the variant's options (a variant's table only).
    pub(crate) set: Option<Lined<Vec<(String, String)>>>,
}

impl Defaults {
    /// These values, each one `over` does not give.
    fn under(self, over: Defaults) -> Defaults {
        Defaults {
            think: over.think.or(self.think),
            threads: over.threads.or(self.threads),
            computer: over.computer.or(self.computer),
            first: over.first.or(self.first),
            set: over.set.or(self.set),
        }
    }
}

/// The settings file, read and checked.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Settings {
    /// The file.
    pub(crate) path: PathBuf,
    /// The values of its top level, for every variant.
    pub(crate) common: Defaults,
    /// Each variant's table: its name, on its line, and its values.
    pub(crate) variants: Vec<(Lined<String>, Defaults)>,
}

impl Settings {
    /// The values for the variant whose table `is_chosen` says is its own:
    /// that table's over the top level's.
    pub(crate) fn for_variant(&self, is_chosen: impl Fn(&str) -> bool) -> Defaults {
        let own = self
            .variants
            .iter()
            .filter(|(name, _)| is_chosen(&name.value))
            .fold(Defaults::default(), |own, (_, table)| {
                own.under(table.clone())
            });
        self.common.clone().under(own)
    }
}

/// What the settings file fills in of a command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Scope {
    /// A new game: every key.
    NewGame,
    /// A game from `--position`: the text gives the options and who moves
    /// first, the file the rest.
    Position,
    /// A recorded game going on (`--replay`, `--resume`): the record gives
    /// its set-up and its time; the file the threads.
    Replay,
    /// A review (`--analyse`): the time and the threads.
    Review,
}

/// The values of a game's set-up that came from the settings file, with
/// their lines: what a refusal of one names.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Given {
    /// The file.
    pub(crate) path: PathBuf,
    /// The file's options, when they were taken (`set`).
    pub(crate) set: Option<Lined<Vec<(String, String)>>>,
    /// The line of `first`, when it was taken.
    pub(crate) first: Option<usize>,
    /// The line of `computer`, when it was taken.
    pub(crate) computer: Option<usize>,
}

impl Defaults {
    /// `cli` with these values, from the file `path`, where the command
    /// line gives none and `scope` takes them: a command line's
    /// `--computer` (or `--engine`: the command line says who plays)
    /// replaces the file's list, its `--set KEY=…` the file's value of that
    /// key alone. Returns what was taken.
    pub(crate) fn fill(self, cli: &mut Cli, scope: Scope, path: &Path) -> Given {
        let mut given = Given {
            path: path.to_path_buf(),
            ..Given::default()
        };
        if scope != Scope::Replay && cli.think.is_none() {
            cli.think = self.think.map(|think| think.value);
        }
        if cli.threads.is_none() {
            cli.threads = self.threads.map(|threads| threads.value);
        }
        if matches!(scope, Scope::Review | Scope::Replay) {
            return given;
        }
        let seats_given = !cli.computer.is_empty() || !cli.engine.is_empty();
        if let Some(computer) = self.computer.filter(|_| !seats_given) {
            cli.computer = computer.value;
            given.computer = Some(computer.line);
        }
        if scope == Scope::Position {
            return given;
        }
        if let Some(first) = self.first.filter(|_| !cli.first_given) {
            cli.first = first.value;
            given.first = Some(first.line);
        }
        if let Some(set) = self.set {
            let kept: Vec<(String, String)> = set
                .value
                .into_iter()
                .filter(|(key, _)| cli.settings.iter().all(|(given, _)| given != key))
                .collect();
            if !kept.is_empty() {
                cli.settings.splice(0..0, kept.iter().cloned());
                given.set = Some(Lined {
                    value: kept,
                    line: set.line,
                });
            }
        }
        given
    }
}

/// What is wrong with the settings file: where, and why (in French, with
/// the fix).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Malformed {
    /// The file.
    pub(crate) path: PathBuf,
    /// The line, when one is wrong (not for an unreadable file).
    pub(crate) line: Option<usize>,
    /// Why, and what to write instead.
    pub(crate) reason: String,
}

/// The settings file's path: `awale.toml` in the user's configuration
/// folder; `None` when the environment names none.
pub(crate) fn path() -> Option<PathBuf> {
    UserFolder::Config
        .path()
        .map(|folder| folder.join(FILE_NAME))
}

/// Reads the settings file; `None` when there is none.
pub(crate) fn read() -> Result<Option<Settings>, Malformed> {
    let Some(path) = path() else {
        return Ok(None);
    };
    let unreadable = |reason: String| Malformed {
        path: path.clone(),
        line: None,
        reason,
    };
    let (file, metadata) = match open_regular(&path) {
        Ok(opened) => opened,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(error) if error.kind() == std::io::ErrorKind::InvalidInput => {
            return Err(unreadable(
                "ce n'est pas un fichier ordinaire (remplacez-le par un fichier TOML)".to_owned(),
            ))
        }
        Err(error) => return Err(unreadable(format!("illisible ({error})"))),
    };
    if metadata.len() > MAX_BYTES {
        return Err(unreadable(format!(
            "trop grand (plus de {} Kio) : ce n'est pas un fichier de réglages",
            MAX_BYTES / 1024
        )));
    }
    let mut bytes = Vec::new();
    file.take(MAX_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|error| unreadable(format!("illisible ({error})")))?;
    let text = String::from_utf8(bytes).map_err(|_| {
        unreadable("ce n'est pas du texte UTF-8 (enregistrez-le en UTF-8)".to_owned())
    })?;
    parse(&path, &text).map(Some)
}

/// One table of the file as serde reads it: the keys of [`KEYS`], each on
/// its span.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Table {
    think: Option<Spanned<f64>>,
    threads: Option<Spanned<i64>>,
    computer: Option<Spanned<Computers>>,
    first: Option<Spanned<String>>,
    set: Option<Spanned<Vec<String>>>,
}

/// `computer = "nord=4"` or `computer = ["nord=4", "sud=1"]`.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum Computers {
    One(String),
    Many(Vec<String>),
}

/// The settings file `path` holding `text`, read and checked: its TOML,
/// its keys, the type and the value of each.
pub(crate) fn parse(path: &Path, text: &str) -> Result<Settings, Malformed> {
    let wrong = |span: Range<usize>, reason: String| Malformed {
        path: path.to_path_buf(),
        line: Some(line_of(text, span.start)),
        reason,
    };
    let document = DeTable::parse(text).map_err(|error| {
        wrong(
            error.span().unwrap_or_default(),
            "ce n'est pas du TOML valide (corrigez cette ligne : clé = valeur, \
             ou [variante])"
                .to_owned(),
        )
    })?;
    let whole = document.span();
    let mut common = DeTable::default();
    let mut tables = Vec::new();
    for (key, value) in document.into_inner() {
        if matches!(value.get_ref(), DeValue::Table(_)) {
            tables.push((key, value));
        } else {
            common.insert(key, value);
        }
    }
    let common_keys = spans(&common);
    let common = checked(
        Spanned::new(whole, DeValue::Table(common)),
        &common_keys,
        text,
        &wrong,
    )?;
    if let Some(set) = &common.set {
        return Err(Malformed {
            path: path.to_path_buf(),
            line: Some(set.line),
            reason: "set va dans la table d'une variante : [oware] puis \
                     set = [\"players=3\"]"
                .to_owned(),
        });
    }
    let mut variants = Vec::new();
    for (name, table) in tables {
        let keys = match table.get_ref() {
            DeValue::Table(inner) => spans(inner),
            _ => Vec::new(),
        };
        let line = line_of(text, name.span().start);
        let name = name.into_inner().into_owned();
        let defaults = checked(table, &keys, text, &wrong)?;
        variants.push((Lined { value: name, line }, defaults));
    }
    Ok(Settings {
        path: path.to_path_buf(),
        common,
        variants,
    })
}

/// Each key of `table`, with the spans of the key and of its value.
fn spans(table: &DeTable<'_>) -> Vec<(String, Range<usize>, Range<usize>)> {
    table
        .iter()
        .map(|(key, value)| (key.get_ref().to_string(), key.span(), value.span()))
        .collect()
}

/// The values of one table of `text`: typed by serde, then each checked
/// as the command line checks it.
fn checked(
    table: Spanned<DeValue<'_>>,
    keys: &[(String, Range<usize>, Range<usize>)],
    text: &str,
    wrong: &impl Fn(Range<usize>, String) -> Malformed,
) -> Result<Defaults, Malformed> {
    let typed = Table::deserialize(ValueDeserializer::from(table)).map_err(|error| {
        let span = error.span().unwrap_or_default();
        let key = keys.iter().find(|(_, key, value)| {
            span.start >= key.start.min(value.start) && span.start < value.end.max(key.end)
        });
        let reason = match key {
            Some((name, _, _)) => match KEYS.iter().find(|(known, _)| known == name) {
                Some((_, form)) => format!("{name} attend {form}"),
                None => unknown_key(name),
            },
            None => "valeur refusée (voir man awale, FICHIERS)".to_owned(),
        };
        wrong(span, reason)
    })?;
    fn at<T>(text: &str, span: Range<usize>, value: T) -> Lined<T> {
        Lined {
            value,
            line: line_of(text, span.start),
        }
    }
    let mut defaults = Defaults::default();
    if let Some(think) = typed.think {
        let seconds = parse_think(&think.get_ref().to_string())
            .map_err(|reason| wrong(think.span(), format!("think : {reason}")))?;
        defaults.think = Some(at(text, think.span(), seconds));
    }
    if let Some(threads) = typed.threads {
        let count = parse_threads(&threads.get_ref().to_string())
            .map_err(|reason| wrong(threads.span(), format!("threads : {reason}")))?;
        defaults.threads = Some(at(text, threads.span(), count));
    }
    if let Some(computer) = typed.computer {
        let span = computer.span();
        let seats = match computer.into_inner() {
            Computers::One(seat) => vec![seat],
            Computers::Many(seats) => seats,
        };
        if seats.iter().any(String::is_empty) {
            return Err(wrong(
                span,
                "computer : une place vide ; ainsi : computer = [\"nord=4\"]".to_owned(),
            ));
        }
        defaults.computer = Some(at(text, span, seats));
    }
    if let Some(first) = typed.first {
        defaults.first = Some(at(text, first.span(), first.into_inner()));
    }
    if let Some(set) = typed.set {
        let span = set.span();
        let options = set
            .into_inner()
            .iter()
            .map(|option| parse_setting(option))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|reason| {
                wrong(
                    span.clone(),
                    format!("set : {reason}, ainsi : \"players=3\""),
                )
            })?;
        defaults.set = Some(at(text, span, options));
    }
    Ok(defaults)
}

/// Why `name` is refused as a key of a table.
fn unknown_key(name: &str) -> String {
    let known: Vec<&str> = KEYS.iter().map(|(key, _)| *key).collect();
    format!(
        "clé inconnue « {name} » ; les clés sont {}",
        known.join(", ")
    )
}

/// The line (from 1) of the byte `offset` of `text`.
fn line_of(text: &str, offset: usize) -> usize {
    let before = text.get(..offset.min(text.len())).unwrap_or(text);
    before.bytes().filter(|&byte| byte == b'\n').count() + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(text: &str) -> Result<Settings, (Option<usize>, String)> {
        parse(Path::new("awale.toml"), text).map_err(|malformed| (malformed.line, malformed.reason))
    }

    #[test]
    fn the_top_level_gives_every_variant_its_values_and_a_table_its_own() {
        let settings = parsed(
            "think = 5\nthreads = 2\ncomputer = [\"nord=4\"]\nfirst = \"hasard\"\n\n\
             [oware]\nset = [\"players=3\"]\ncomputer = \"est\"\n",
        )
        .expect("well formed");
        assert_eq!(
            settings.common.think,
            Some(Lined {
                value: 5.0,
                line: 1
            })
        );
        assert_eq!(settings.common.threads, Some(Lined { value: 2, line: 2 }));
        assert_eq!(
            settings.variants[0].0,
            Lined {
                value: "oware".to_owned(),
                line: 6
            }
        );
        let oware = settings.for_variant(|name| name == "oware");
        assert_eq!(
            oware.set,
            Some(Lined {
                value: vec![("players".to_owned(), "3".to_owned())],
                line: 7
            })
        );
        assert_eq!(
            oware.computer.map(|c| (c.value, c.line)),
            Some((vec!["est".to_owned()], 8))
        );
        assert_eq!(oware.think.map(|t| t.value), Some(5.0));
        let awale = settings.for_variant(|name| name == "awale");
        assert_eq!(
            awale.computer.map(|c| c.value),
            Some(vec!["nord=4".to_owned()])
        );
        assert_eq!(awale.set, None);
        assert_eq!(
            parsed(""),
            Ok(Settings {
                path: "awale.toml".into(),
                ..Settings::default()
            })
        );
    }

    /// The command line `line`, `--first` marked as given when it is.
    fn cli(line: &str) -> Cli {
        use clap::Parser;
        let mut cli = Cli::try_parse_from(line.split_whitespace()).expect(line);
        cli.first_given = line.contains("--first");
        cli
    }

    #[test]
    fn the_command_line_wins_and_each_command_takes_its_keys() {
        let settings = parsed(
            "think = 5\nthreads = 2\ncomputer = [\"nord=4\"]\nfirst = \"nord\"\n\
             [awale]\nset = [\"capture=backward\", \"seeds=3\"]\n",
        )
        .expect("well formed");
        let defaults = settings.for_variant(|name| name == "awale");
        let fill = |line: &str, scope: Scope| {
            let mut filled = cli(line);
            let given = defaults.clone().fill(&mut filled, scope, Path::new("f"));
            (filled, given)
        };
        let pair = |key: &str, value: &str| (key.to_owned(), value.to_owned());
        let (new, given) = fill("host awale --set seeds=5 --think 1", Scope::NewGame);
        assert_eq!((new.think, new.threads), (Some(1.0), Some(2)));
        assert_eq!(
            (new.computer, new.first),
            (vec!["nord=4".to_owned()], "nord".to_owned())
        );
        assert_eq!(
            new.settings,
            [pair("capture", "backward"), pair("seeds", "5")]
        );
        assert_eq!(
            given.set,
            Some(Lined {
                value: vec![pair("capture", "backward")],
                line: 6
            })
        );
        assert_eq!((given.first, given.computer), (Some(4), Some(3)));
        let (own, given) = fill("host awale --computer sud --first sud", Scope::NewGame);
        assert_eq!(
            (own.computer, own.first),
            (vec!["sud".to_owned()], "sud".to_owned())
        );
        assert_eq!((given.first, given.computer), (None, None));
        let (resumed, given) = fill("host --resume", Scope::Replay);
        assert_eq!((resumed.think, resumed.threads), (None, Some(2)));
        assert!(resumed.computer.is_empty() && resumed.settings.is_empty());
        assert_eq!(given.set, None);
        let (review, _) = fill("host --analyse 1", Scope::Review);
        assert_eq!((review.think, review.threads), (Some(5.0), Some(2)));
        let (position, _) = fill(
            "host --position awale:S:4,4,4,4,4,4,4,4,4,4,4,4:0,0",
            Scope::Position,
        );
        assert_eq!(position.computer, ["nord=4"]);
        assert!(position.settings.is_empty() && position.first == "sud");
    }

    #[test]
    fn a_malformed_file_is_refused_at_its_line_with_the_fix() {
        for (text, line, said) in [
            ("think = 5\nthreads = [\n", 2, "pas du TOML valide"),
            (
                "\nthnik = 5\n",
                2,
                "clé inconnue « thnik » ; les clés sont think, threads",
            ),
            (
                "think = \"long\"\n",
                1,
                "think attend un nombre de secondes, ainsi : think = 5",
            ),
            (
                "threads = 0\n",
                1,
                "threads : il faut un nombre entier de 1 à 256",
            ),
            (
                "threads = -3\n",
                1,
                "threads : il faut un nombre entier de 1 à 256",
            ),
            ("think = 0\n", 1, "think : l'ordinateur a besoin"),
            (
                "computer = 3\n",
                1,
                "computer attend une place ou une liste",
            ),
            ("computer = [\"\"]\n", 1, "computer : une place vide"),
            (
                "set = [\"players=3\"]\n",
                1,
                "set va dans la table d'une variante",
            ),
            (
                "[oware]\n\nset = [\"players\"]\n",
                3,
                "set : il faut CLÉ=VALEUR",
            ),
            ("[oware]\nsett = 1\n", 2, "clé inconnue « sett »"),
            ("[oware]\nset = [1]\n", 2, "set attend une liste d'options"),
        ] {
            let (at, reason) = parsed(text).expect_err(text);
            assert_eq!(at, Some(line), "{text:?}: {reason}");
            assert!(reason.contains(said), "{text:?}: {reason}");
            assert!(!reason.contains('\n'), "{reason}");
        }
    }
}
