//! Compatibility (SPEC §8), both directions, with the frozen copy of the
//! 1.0 contract (`tests/compat/variant-api-1.0/`, see its README for how
//! to freeze the next copy):
//!
//! - plugins built against 1.0 (the 2×3 test game `compat-mini`, and Awalé
//!   built from its 1.0 sources with the 1.0 kit, engine and endgame
//!   tables) load and play byte for byte in today's host, and say that
//!   they have no positions;
//! - a loader built against 1.0 (`compat-loader`, the older host's side)
//!   loads today's plugins and plays their golden transcripts
//!   (`tests/cmd/*.stdout`, today's host's output) byte for byte.
//!
//! Everything there is built from source by this test, never taken
//! prebuilt: `cargo build --locked --offline` in the copy's own workspace,
//! into `target/compat/` (its own target folder, so that its libraries
//! never land beside `host`, where the host would take them for installed
//! variants).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use crate::util::{self, TempDir};

/// The folder of what the frozen copy's workspace builds, built once per
/// test run: the plugins `compat-mini` and `awale-1-0`, and `compat-loader`.
fn frozen_build() -> &'static PathBuf {
    static BUILT: OnceLock<PathBuf> = OnceLock::new();
    BUILT.get_or_init(|| {
        let root = util::workspace_root();
        let target = root.join("target/compat");
        let status = Command::new(env!("CARGO"))
            .current_dir(root.join("tests/compat/variant-api-1.0"))
            .args(["build", "--quiet", "--locked", "--offline"])
            .args([
                "-p",
                "compat-mini",
                "-p",
                "awale-1-0",
                "-p",
                "compat-loader",
            ])
            .arg("--target-dir")
            .arg(&target)
            .status()
            .expect("cargo runs");
        assert!(status.success(), "the frozen 1.0 workspace does not build");
        target.join("debug")
    })
}

/// A library of the frozen copy's workspace (`compat_mini`, `awale`).
fn frozen_library(name: &str) -> PathBuf {
    frozen_build().join(format!(
        "{}{name}{}",
        std::env::consts::DLL_PREFIX,
        std::env::consts::DLL_SUFFIX
    ))
}

/// The loader built against the frozen 1.0 contract.
fn loader() -> PathBuf {
    frozen_build().join(format!("compat-loader{}", std::env::consts::EXE_SUFFIX))
}

/// A golden transcript of `tests/cmd/`: its arguments (after `host`), its
/// standard input and its expected standard output.
struct Transcript {
    name: String,
    args: Vec<String>,
    stdin: String,
    stdout: String,
}

/// The transcripts of `tests/cmd/` whose input is numbers only (a game
/// between persons, every decision typed), in name order.
fn transcripts() -> Vec<Transcript> {
    let folder = util::workspace_root().join("tests/cmd");
    let mut names: Vec<String> = std::fs::read_dir(&folder)
        .expect("tests/cmd is readable")
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

#[test]
fn a_plugin_of_the_frozen_1_0_contract_is_listed_and_plays_to_its_end() {
    let folder = TempDir::new();
    let plugin = folder.copy_in(&frozen_library("compat_mini"));
    folder.copy_in(&util::library("awale"));

    let list = util::host(folder.path(), &["--list", "--verbose"], "");
    assert_eq!(util::stderr(&list), "", "nothing refused");
    let listing = util::stdout(&list);
    assert!(
        listing.contains(&format!(
            "compat-mini 1.0.0 — Mini\n    Un petit jeu de semailles sur 2×3 trous \
             (plugin du contrat 1.0 figé).\n    fichier : {}\n    contrat des variantes : 1.0.0\n",
            plugin.display()
        )),
        "{listing}"
    );

    let moves = "1 4 2 5 3 6 1 4 2 5 3 6 1 4 2 5 3 6 1 4 2 5 3 6 1\n";
    let game = util::host(folder.path(), &["compat-mini", "--no-keep"], moves);
    assert_eq!(game.status.code(), Some(0), "{}", util::stderr(&game));
    let expected =
        std::fs::read_to_string(util::workspace_root().join("tests/compat/mini-game.stdout"))
            .expect("the expected transcript is readable");
    assert_eq!(util::stdout(&game), expected);
    assert!(
        util::stderr(&game)
            .ends_with("Fin : une rangée est vide ; chacun prend les graines de sa rangée.\n"),
        "{}",
        util::stderr(&game)
    );
}

#[test]
fn awale_built_from_its_1_0_sources_plays_every_awale_transcript_byte_for_byte() {
    let folder = TempDir::new();
    let plugin = folder.copy_in(&frozen_library("awale"));
    let list = util::host(folder.path(), &["--list", "--verbose"], "");
    assert_eq!(util::stderr(&list), "", "nothing refused");
    assert!(
        util::stdout(&list).contains(&format!(
            "    fichier : {}\n    contrat des variantes : 1.0.0\n",
            plugin.display()
        )),
        "{}",
        util::stdout(&list)
    );
    let awale: Vec<Transcript> = transcripts()
        .into_iter()
        .filter(|transcript| transcript.args.first().is_some_and(|id| id == "awale"))
        .collect();
    assert!(awale.len() >= 5, "the Awalé transcripts of tests/cmd");
    for transcript in awale {
        let mut args: Vec<&str> = transcript.args.iter().map(String::as_str).collect();
        args.push("--no-keep");
        let game = util::host(folder.path(), &args, &transcript.stdin);
        assert_eq!(
            game.status.code(),
            Some(0),
            "{}: {}",
            transcript.name,
            util::stderr(&game)
        );
        assert!(
            util::stdout(&game) == transcript.stdout,
            "{}: the 1.0 Awalé plays otherwise in today's host",
            transcript.name
        );
    }
}

#[test]
fn a_plugin_of_contract_1_0_says_it_has_no_positions_and_plays_on() {
    use variant_api::{Player, Plugin, PositionError};
    for library in [frozen_library("awale"), frozen_library("compat_mini")] {
        let plugin = Plugin::load(&library).expect("today's loader loads a 1.0 plugin");
        assert_eq!(plugin.api_version(), "1.0.0");
        let id = plugin.description().id.clone();
        let start = format!("{id}:S:4,4,4,4,4,4,4,4,4,4,4,4:0,0");
        assert_eq!(
            plugin.new_game_at(&[], &start).err(),
            Some(PositionError::Contract10),
            "{id}"
        );
        let mut game = plugin.new_game(&[], Player::SUD).expect("a new game");
        assert_eq!(game.position(), Err(PositionError::Contract10), "{id}");
        assert!(game.play(1).is_ok(), "{id}: the game goes on");
        assert_eq!(game.position(), Err(PositionError::Contract10), "{id}");
        assert_eq!(
            format!("{id} : {}", PositionError::Contract10),
            format!(
                "{id} : sa bibliothèque (contrat 1.0) ne sait ni partir d'une position ni l'écrire ; \
                 le reste de la partie est inchangé"
            )
        );
    }
}

/// Runs the 1.0 loader on `library` with a transcript's arguments (but the
/// variant's id) and its input.
fn loader_plays(library: &Path, transcript: &Transcript) -> std::process::Output {
    let mut command = Command::new(loader());
    command.arg(library).args(&transcript.args[1..]);
    util::output(
        command
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped()),
        transcript.stdin.as_bytes(),
    )
}

#[test]
fn a_loader_of_contract_1_0_plays_todays_plugins_as_todays_host_does() {
    let transcripts = transcripts();
    let mut played: Vec<String> = Vec::new();
    for transcript in &transcripts {
        let id = &transcript.args[0];
        let library = util::library(id);
        let output = loader_plays(&library, transcript);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{}: {}",
            transcript.name,
            util::stderr(&output)
        );
        assert!(
            util::stdout(&output) == transcript.stdout,
            "{}: the 1.0 loader plays {id} otherwise than today's host:\n{}",
            transcript.name,
            util::stdout(&output)
        );
        if !played.contains(id) {
            played.push(id.clone());
        }
    }
    played.sort();
    assert_eq!(played, util::variant_ids(), "every plugin of the workspace");
}

#[test]
fn a_loader_of_contract_1_0_plays_the_1_0_awale_too() {
    let transcript = transcripts()
        .into_iter()
        .find(|transcript| transcript.name == "awale-sud-both")
        .expect("the transcript awale-sud-both");
    let output = loader_plays(&frozen_library("awale"), &transcript);
    assert_eq!(output.status.code(), Some(0), "{}", util::stderr(&output));
    assert!(util::stdout(&output) == transcript.stdout);
}

/// The host asked for a position of a 1.0 plugin: one line naming the
/// variant and « contrat 1.0 » (status 2 for `--position`), and at a
/// prompt the game goes on.
#[test]
fn the_host_says_in_one_line_that_a_1_0_plugin_has_no_positions() {
    let folder = TempDir::new();
    folder.copy_in(&frozen_library("awale"));
    let start = util::host(
        folder.path(),
        &["--position", "awale:S:4,4,4,4,4,4,4,4,4,4,4,4:0,0"],
        "",
    );
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
