//! Compatibility (SPEC §8), both directions, with every released version
//! built from its recorded commit (`variant-api/contract/releases.txt`):
//! a host and an Awalé plugin of each, from a git worktree of this clone's
//! own history (`variant-api/tests/releases/mod.rs`, shared with the layout
//! test; see `tests/compat/README.md`). Nothing there is a frozen copy of
//! sources: a release is what its commit builds, `--locked`.
//!
//! - every released host loads today's 23 plugins and plays every game
//!   transcript of `tests/cmd/` byte for byte (today's reporting search, a
//!   capability those hosts do not know, is simply never asked);
//! - today's host loads each released Awalé and plays every Awalé
//!   transcript byte for byte, with every capability it has: a 1.1 plugin
//!   keeps its positions, a 1.0 plugin says « contrat 1.0 » for them;
//!   neither has the reporting search, a capability absent;
//! - every released host plays every released Awalé (the matrix's corners).
//!
//! A released host's output is held to its own commit's golden transcript
//! where that commit has the same transcript (same arguments and input):
//! the host's own drawing may have changed since (Mefuhva's wide board was
//! drawn in parts after 1.0), which is not the contract's business. A
//! transcript its commit lacks (Toguz Kumalak's, after 1.0) is held to
//! today's.

#[path = "../../variant-api/tests/releases/mod.rs"]
mod releases;

use std::cell::Cell;
use std::path::Path;
use std::process::Output;

use releases::Release;

use crate::util::{self, TempDir};

/// A golden transcript of `tests/cmd/`: its arguments (after `host`), its
/// standard input and its expected standard output.
struct Transcript {
    name: String,
    args: Vec<String>,
    stdin: String,
    stdout: String,
}

/// The game transcripts of the `tests/cmd/` folder under `root` whose input
/// is numbers only (a game between persons, every decision typed) and
/// whose host ends with status 0, in name order.
fn transcripts_under(root: &Path) -> Vec<Transcript> {
    let folder = root.join("tests/cmd");
    let Ok(entries) = std::fs::read_dir(&folder) else {
        return Vec::new();
    };
    let mut names: Vec<String> = entries
        .filter_map(|entry| entry.ok())
        .filter_map(|entry| {
            let name = entry.file_name().to_string_lossy().into_owned();
            name.strip_suffix(".stdin").map(str::to_owned)
        })
        .collect();
    names.sort();
    names
        .into_iter()
        .filter_map(|name| {
            let read = |ext: &str| std::fs::read_to_string(folder.join(format!("{name}.{ext}")));
            let (toml, stdin, stdout) = (
                read("toml").ok()?,
                read("stdin").ok()?,
                read("stdout").ok()?,
            );
            let numbers = stdin
                .split_whitespace()
                .all(|token| token.parse::<u32>().is_ok());
            let args = toml_args(&toml)?;
            (numbers && toml.contains("status.code = 0")).then_some(Transcript {
                name,
                args,
                stdin,
                stdout,
            })
        })
        .collect()
}

/// Today's game transcripts.
fn transcripts() -> Vec<Transcript> {
    transcripts_under(&util::workspace_root())
}

/// Today's Awalé transcripts (at least five).
fn awale_transcripts() -> Vec<Transcript> {
    let awale: Vec<Transcript> = transcripts()
        .into_iter()
        .filter(|transcript| transcript.args.first().is_some_and(|id| id == "awale"))
        .collect();
    assert!(awale.len() >= 5, "the Awalé transcripts of tests/cmd");
    awale
}

/// What `release`'s host prints for `transcript`: its own commit's golden
/// output of the same game, else today's (see the module docs).
fn expected_of(release: &Release, transcript: &Transcript) -> String {
    transcripts_under(&release.source)
        .into_iter()
        .find(|own| {
            own.name == transcript.name
                && own.args == transcript.args
                && own.stdin == transcript.stdin
        })
        .map_or_else(|| transcript.stdout.clone(), |own| own.stdout)
}

/// The `args = [...]` of a trycmd case, as strings.
fn toml_args(toml: &str) -> Option<Vec<String>> {
    let line = toml.lines().find(|line| line.starts_with("args = ["))?;
    let list = line.strip_prefix("args = [")?.strip_suffix(']')?;
    Some(
        list.split(',')
            .map(|item| item.trim().trim_matches('"').to_owned())
            .filter(|item| !item.is_empty())
            .collect(),
    )
}

/// Runs `release`'s host (today's for `None`) with `args` and `stdin`. A
/// released host has cache and state folders of its own under the test
/// home, so that its cache of plugins never meets today's hosts'.
fn run_host(release: Option<&Release>, args: &[&str], stdin: &str) -> Output {
    let Some(release) = release else {
        return util::run(&util::host_exe(), args, stdin);
    };
    let own = util::test_home().join("releases").join(&release.version);
    let mut command = util::command(&release.host(), args);
    command
        .env("XDG_CACHE_HOME", own.join("cache"))
        .env("XDG_STATE_HOME", own.join("state"));
    util::output(&mut command, stdin.as_bytes())
}

/// Runs `release`'s host (today's for `None`) on the plugins `folder` with
/// a transcript's arguments and input, keeping no game, and checks its
/// status and its standard output against `expected`, naming `what` plays.
fn plays(
    release: Option<&Release>,
    folder: &Path,
    transcript: &Transcript,
    expected: &str,
    what: &str,
) {
    let mut args = vec!["--plugins", util::path_arg(folder)];
    args.extend(transcript.args.iter().map(String::as_str));
    args.push("--no-keep");
    let game = run_host(release, &args, &transcript.stdin);
    assert_eq!(
        game.status.code(),
        Some(0),
        "{}, {what}: {}",
        transcript.name,
        util::stderr(&game)
    );
    assert!(
        util::stdout(&game) == expected,
        "{}, {what}: not byte for byte:\n{}",
        transcript.name,
        util::stdout(&game)
    );
}

/// A folder holding `release`'s Awalé alone.
fn release_awale_folder(release: &Release) -> TempDir {
    util::plugins_folder(&[release.awale()])
}

#[test]
fn every_release_is_recorded_and_built_from_its_commit() {
    let versions: Vec<&str> = releases::built()
        .iter()
        .map(|release| release.version.as_str())
        .collect();
    assert!(
        versions.starts_with(&["1.0.0", "1.1.0"]),
        "variant-api/contract/releases.txt: {versions:?}"
    );
    for release in releases::built() {
        let head = std::process::Command::new("git")
            .current_dir(&release.source)
            .args(["rev-parse", "HEAD"])
            .output()
            .expect("git runs");
        assert_eq!(
            String::from_utf8_lossy(&head.stdout).trim(),
            release.commit,
            "{}: the worktree of {}",
            release.source.display(),
            release.version
        );
    }
}

#[test]
fn every_released_host_plays_todays_23_plugins_byte_for_byte() {
    let folder = util::plugins_folder(&util::variant_libraries());
    let transcripts = transcripts();
    for release in releases::built() {
        let mut played: Vec<String> = Vec::new();
        for transcript in &transcripts {
            let what = format!(
                "the {} host with today's {}",
                release.version, transcript.args[0]
            );
            let expected = expected_of(release, transcript);
            plays(Some(release), folder.path(), transcript, &expected, &what);
            if !played.contains(&transcript.args[0]) {
                played.push(transcript.args[0].clone());
            }
        }
        played.sort();
        assert_eq!(played, util::variant_ids(), "every plugin of the workspace");
    }
}

#[test]
fn todays_host_plays_every_released_awale_byte_for_byte() {
    for release in releases::built() {
        let folder = release_awale_folder(release);
        let list = util::host(folder.path(), &["--list", "--verbose"], "");
        assert_eq!(util::stderr(&list), "", "nothing refused");
        assert!(
            util::stdout(&list).contains(&format!(
                "    fichier : {}\n    contrat des variantes : {}\n",
                folder
                    .path()
                    .join(release.awale().file_name().unwrap_or_default())
                    .display(),
                release.version
            )),
            "{}",
            util::stdout(&list)
        );
        for transcript in awale_transcripts() {
            let what = format!("today's host with the {} Awalé", release.version);
            plays(None, folder.path(), &transcript, &transcript.stdout, &what);
        }
    }
}

#[test]
fn every_released_host_plays_every_released_awale_byte_for_byte() {
    let built = releases::built();
    for plugin in built {
        let folder = release_awale_folder(plugin);
        for host in built {
            for transcript in awale_transcripts() {
                let what = format!(
                    "the {} host with the {} Awalé",
                    host.version, plugin.version
                );
                let expected = expected_of(host, &transcript);
                plays(Some(host), folder.path(), &transcript, &expected, &what);
            }
        }
    }
}

/// A position of Awalé (North's last hole emptied into its store).
const POSITION: &str = "awale:S:4,4,4,4,4,4,4,4,4,4,4,0:0,4";

/// `release`'s host (today's for `None`) on the plugins `folder` started
/// at [`POSITION`], asked for its position at the prompt, then playing
/// hole 1.
fn at_position(release: Option<&Release>, folder: &Path) -> Output {
    let args = [
        "--plugins",
        util::path_arg(folder),
        "--position",
        POSITION,
        "--no-keep",
    ];
    run_host(release, &args, "position\n1\n")
}

/// A 1.1 plugin keeps its positions in today's host (each capability read
/// from its own accessor, no version flag): `--position` starts there and
/// `position` at the prompt writes it, exactly as with today's plugin; and
/// a 1.1 host reads today's plugin's positions too.
#[test]
fn positions_work_with_every_plugin_and_host_that_has_them() {
    let today = util::awale_folder();
    let expected = at_position(None, today.path());
    let written = format!("\nPosition : {POSITION}\n");
    assert!(
        util::stderr(&expected).contains(&written),
        "{}",
        util::stderr(&expected)
    );
    for release in releases::built().iter().filter(|r| r.version != "1.0.0") {
        let folder = release_awale_folder(release);
        let plugin = at_position(None, folder.path());
        assert_eq!(
            plugin.status.code(),
            expected.status.code(),
            "{}",
            release.version
        );
        assert!(
            plugin.stdout == expected.stdout && plugin.stderr == expected.stderr,
            "today's host with the {} Awalé: {}",
            release.version,
            util::stderr(&plugin)
        );
        let host = at_position(Some(release), today.path());
        assert!(
            util::stderr(&host).contains(&written) && host.stdout == expected.stdout,
            "the {} host with today's Awalé: {}",
            release.version,
            util::stderr(&host)
        );
    }
}

/// The release 1.0.0.
fn release_1_0() -> &'static Release {
    releases::built()
        .iter()
        .find(|release| release.version == "1.0.0")
        .expect("1.0.0 in variant-api/contract/releases.txt")
}

#[test]
fn a_plugin_of_contract_1_0_says_it_has_no_positions_and_plays_on() {
    use variant_api::{Player, Plugin, PositionError};
    let plugin = Plugin::load(&release_1_0().awale()).expect("today's loader loads 1.0");
    assert_eq!(plugin.api_version(), "1.0.0");
    let start = "awale:S:4,4,4,4,4,4,4,4,4,4,4,4:0,0";
    assert_eq!(
        plugin.new_game_at(&[], start).err(),
        Some(PositionError::Contract10)
    );
    let mut game = plugin.new_game(&[], Player::SUD).expect("a new game");
    assert_eq!(game.position(), Err(PositionError::Contract10));
    assert!(game.play(1).is_ok(), "the game goes on");
    assert_eq!(game.position(), Err(PositionError::Contract10));
}

/// The host asked for a position of a 1.0 plugin: one line naming the
/// variant and « contrat 1.0 » (status 2 for `--position`), and at a
/// prompt the game goes on.
#[test]
fn the_host_says_in_one_line_that_a_1_0_plugin_has_no_positions() {
    let folder = release_awale_folder(release_1_0());
    let start = util::host(folder.path(), &["--position", POSITION], "");
    assert_eq!(start.status.code(), Some(2), "{}", util::stderr(&start));
    assert_eq!(
        util::stderr(&start),
        concat!(
            "erreur : awale : sa bibliothèque (contrat 1.0) ne sait ni partir d'une position\n",
            "         ni l'écrire ; le reste de la partie est inchangé\n"
        )
    );
    let game = util::host(folder.path(), &["awale", "--no-keep"], "position 3 0\n");
    let err = util::stderr(&game);
    assert_eq!(game.status.code(), Some(0), "{err}");
    assert!(
        err.contains("\nawale : sa bibliothèque (contrat 1.0) ne sait ni partir d'une position"),
        "{err}"
    );
    assert!(util::stdout(&game).contains("SUD a ramassé 0 bille(s)."));
}

/// Counts the reports of a search.
#[derive(Default)]
struct Reports(Cell<u32>);

impl variant_api::SearchObserver for Reports {
    fn report(&self, _: &variant_api::SearchReport) {
        self.0.set(self.0.get() + 1);
    }
    fn stopped(&self) -> bool {
        false
    }
}

/// The reporting search (1.2) is today's plugins' alone: a released
/// plugin answers « absent » through the game object's default, today's
/// reports each depth. (The released hosts, which never ask for it, play
/// today's plugins byte for byte above.)
#[test]
fn the_reporting_search_is_a_capability_released_plugins_lack() {
    use variant_api::{Player, Plugin, SearchLimits};
    let limits = SearchLimits {
        level: 4,
        budget_ms: 0,
        max_depth: 4,
        threads: 1,
        seed: 1,
    };
    let searched = |library: &Path| {
        let plugin = Plugin::load(library).expect("today's loader loads it");
        let game = plugin.new_game(&[], Player::SUD).expect("a new game");
        let reports = Reports::default();
        let thought = game.search(limits, &reports).expect("no failure");
        (thought.is_some(), reports.0.get())
    };
    for release in releases::built() {
        assert_eq!(
            searched(&release.awale()),
            (false, 0),
            "{}",
            release.version
        );
    }
    let (found, reports) = searched(&util::library("awale"));
    assert!(
        found && reports >= 1,
        "today's Awalé reports each depth: {reports}"
    );
}

/// Plugins of every version load in one process in any order: a 1.1
/// plugin loaded first once made every 1.2 plugin refused (abi_stable's
/// checker merged the prefix types of every plugin checked in the
/// process: « too many fields (expected 18, found 17) in VTable »), as a
/// host that loads several variants would (`--uci`'s `UCI_Variant`).
#[test]
fn plugins_of_every_version_load_in_one_process_whatever_the_order() {
    use variant_api::Plugin;
    let mut libraries: Vec<(String, std::path::PathBuf)> = releases::built()
        .iter()
        .map(|release| (release.version.clone(), release.awale()))
        .collect();
    libraries.push((variant_api::API_VERSION.to_owned(), util::library("awale")));
    libraries.push((variant_api::API_VERSION.to_owned(), util::library("oware")));
    for (version, library) in libraries.iter().chain(libraries.iter().rev()) {
        let plugin =
            Plugin::load(library).unwrap_or_else(|error| panic!("{}: {error}", library.display()));
        assert_eq!(plugin.api_version(), version);
    }
}
