//! Plugins found at start-up: a variant ships as one library dropped into
//! the folder, and files that are not compatible plugins are skipped.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::path::Path;

use crate::util::{self, TempDir};

fn file_hash(path: &Path) -> u64 {
    let bytes = std::fs::read(path).expect("the file is readable");
    let mut hasher = DefaultHasher::new();
    bytes.hash(&mut hasher);
    hasher.finish()
}

/// The ids printed by `host --list` (the first word of each unindented line).
fn listed_ids(list: &str) -> Vec<String> {
    list.lines()
        .filter(|line| !line.starts_with(' '))
        .filter_map(|line| line.split_whitespace().next().map(str::to_owned))
        .collect()
}

#[test]
fn a_variant_dropped_into_the_folder_is_listed_and_played_without_rebuilding_the_host() {
    let host_hash = file_hash(&util::host_exe());
    let folder = TempDir::new();
    let awale = folder.copy_in(&util::library("awale"));

    let list = util::host(folder.path(), &["--list", "--verbose"], "");
    assert_eq!(list.status.code(), Some(0), "{}", util::stderr(&list));
    assert_eq!(listed_ids(&util::stdout(&list)), ["awale"]);
    assert!(util::stdout(&list).contains(&format!(
        "fichier : {}\n    contrat des variantes : {}",
        awale.display(),
        variant_api::API_VERSION
    )));

    let game = util::host(folder.path(), &["awale"], "3 0\n");
    assert_eq!(game.status.code(), Some(0), "{}", util::stderr(&game));
    // SUD sows hole 3, then NORD ends the game: 23 seeds in SUD's row, 25 in NORD's.
    assert!(util::stdout(&game)
        .ends_with("NORD a 25 bille(s).\nSUD a 23 bille(s).\nNORD gagne la partie d'Awalé.\n"));

    let second = util::variant_libraries()
        .into_iter()
        .find(|library| library.file_name() != awale.file_name())
        .expect("the workspace has a second variant");
    folder.copy_in(&second);
    let list = util::host(folder.path(), &["--list"], "");
    assert_eq!(list.status.code(), Some(0), "{}", util::stderr(&list));
    let ids = listed_ids(&util::stdout(&list));
    assert_eq!(ids.len(), 2, "both variants are listed: {ids:?}");
    assert!(ids.contains(&"awale".to_owned()));
    assert_eq!(
        file_hash(&util::host_exe()),
        host_hash,
        "the host binary is unchanged"
    );
}

#[test]
fn files_that_are_not_plugins_are_skipped_with_a_warning_naming_them() {
    let folder = TempDir::new();
    folder.copy_in(&util::library("awale"));
    let junk = folder.write(
        &format!("junk{}", std::env::consts::DLL_SUFFIX),
        b"not a library",
    );
    let plain = folder.copy_in(&util::fixture("plain-cdylib"));
    folder.write("notes.txt", b"ignored: not named like a library");

    let list = util::host(folder.path(), &["--list"], "");
    assert_eq!(list.status.code(), Some(0));
    assert_eq!(listed_ids(&util::stdout(&list)), ["awale"]);
    let warnings: Vec<String> = util::stderr(&list).lines().map(str::to_owned).collect();
    assert_eq!(warnings.len(), 2, "one line per skipped file: {warnings:?}");
    assert!(warnings[0].starts_with(&format!(
        "warn: skipped {}: not a loadable library",
        junk.display()
    )));
    assert_eq!(
        warnings[1],
        format!(
            "warn: skipped {}: not a variant plugin (no variant module exported)",
            plain.display()
        )
    );
}

#[test]
fn a_plugin_built_against_an_incompatible_variant_api_is_refused_in_one_line() {
    let folder = TempDir::new();
    folder.copy_in(&util::library("awale"));
    let old = folder.copy_in(&util::fixture("incompatible-plugin"));

    let list = util::host(folder.path(), &["--list"], "");
    assert_eq!(list.status.code(), Some(0));
    assert_eq!(listed_ids(&util::stdout(&list)), ["awale"]);
    let version = variant_api::API_VERSION;
    assert_eq!(
        util::stderr(&list),
        format!(
            "warn: skipped {}: built against variant-api 0.1.0, which this host (variant-api \
             {version}) cannot load: another type (expected VariantModule, found OldModule) \
             in VariantModule; rebuild it against variant-api 1.x\n",
            old.display()
        )
    );
}

#[test]
fn a_refusal_gives_the_fix_of_its_case() {
    let version = variant_api::API_VERSION;
    for (fixture, plugin, fix) in [
        (
            "later-major-plugin",
            "2.0.0",
            "upgrade the host to one built against variant-api 2.x",
        ),
        (
            "unloadable-1x-plugin",
            "1.0.0",
            "a plugin of variant-api 1.x loads in every 1.y host, so this is a defect of this \
             host: please report it with the plugin",
        ),
    ] {
        let folder = TempDir::new();
        let library = folder.copy_in(&util::fixture(fixture));
        let list = util::host(folder.path(), &["--list"], "");
        let err = util::stderr(&list);
        let err = err.lines().next().unwrap_or_default();
        let line = format!(
            "warn: skipped {}: built against variant-api {plugin}, which this host (variant-api \
             {version}) cannot load: ",
            library.display()
        );
        assert!(
            err.starts_with(&line) && err.ends_with(&format!("; {fix}")),
            "{fixture}: {err}"
        );
    }
}

#[test]
fn a_plugin_that_panics_stops_the_game_with_one_line_and_status_1() {
    let folder = TempDir::new();
    folder.copy_in(&util::fixture("panicking-variant"));

    let game = util::host(folder.path(), &["panicking"], "1 2 1\n");
    assert_eq!(game.status.code(), Some(1));
    let out = util::stdout(&game);
    assert_eq!(
        out.matches("A SUD de jouer.").count(),
        2,
        "the game so far is kept:\n{out}"
    );
    let err = util::stderr(&game);
    let last = err.lines().last().unwrap_or_default();
    assert_eq!(
        last, "erreur : la variante panicking a échoué (RUST_LOG=debug dit pourquoi).",
        "{err}"
    );
    assert!(
        !err.contains("RUST_BACKTRACE"),
        "no raw panic message: {err}"
    );
}

#[test]
fn two_plugins_with_the_same_id_keep_the_first_by_file_name() {
    let folder = TempDir::new();
    let awale = util::library("awale");
    let first = folder.path().join(format!(
        "a-{}",
        awale.file_name().unwrap().to_string_lossy()
    ));
    let second = folder.path().join(format!(
        "b-{}",
        awale.file_name().unwrap().to_string_lossy()
    ));
    std::fs::copy(&awale, &first).unwrap();
    std::fs::copy(&awale, &second).unwrap();

    let list = util::host(folder.path(), &["--list", "--verbose"], "");
    assert_eq!(list.status.code(), Some(0));
    assert_eq!(listed_ids(&util::stdout(&list)), ["awale"]);
    assert!(util::stdout(&list).contains(&format!("fichier : {}", first.display())));
    assert_eq!(
        util::stderr(&list),
        format!(
            "warn: skipped {}: variant `awale` is already provided by {}\n",
            second.display(),
            first.display()
        )
    );
}

#[test]
fn an_unreadable_plugins_folder_is_a_usage_error() {
    let folder = TempDir::new();
    let missing = folder.path().join("missing");
    let output = util::host(&missing, &["--list"], "");
    assert_eq!(output.status.code(), Some(2));
    let err = util::stderr(&output);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with(&format!(
        "erreur : impossible de lire le dossier des variantes {} : ",
        missing.display()
    )));
}

#[test]
fn an_empty_plugins_folder_names_the_folder_searched() {
    let folder = TempDir::new();
    let output = util::host(folder.path(), &["awale"], "");
    assert_eq!(output.status.code(), Some(2));
    let err = util::stderr(&output);
    // One message, its lines after the first under its text (80 columns).
    assert!(
        err.lines()
            .skip(1)
            .all(|line| line.starts_with("         ")),
        "{err}"
    );
    let err = err.replace("\n         ", " ");
    assert!(
        err.starts_with(&format!(
            "erreur : variante inconnue : « awale » ; aucune variante n'est installée \
             (cherchées dans {}) : `make install` les installe, ou copiez les lib*.so de \
             target/release dans ",
            folder.path().display()
        )),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn without_plugins_option_the_host_looks_in_plugins_beside_itself_then_in_its_own_folder() {
    let install = TempDir::new();
    let host = install.copy_in(&util::host_exe());
    std::fs::create_dir(install.path().join("plugins")).unwrap();
    let awale = util::library("awale");
    let beside = install
        .path()
        .join("plugins")
        .join(awale.file_name().unwrap());
    std::fs::copy(&awale, &beside).unwrap();

    let list = util::run(&host, &["--list", "--verbose"], "");
    assert_eq!(list.status.code(), Some(0), "{}", util::stderr(&list));
    assert_eq!(listed_ids(&util::stdout(&list)), ["awale"]);
    assert!(util::stdout(&list).contains(&format!("fichier : {}", beside.display())));

    std::fs::remove_file(&beside).unwrap();
    let own = install.copy_in(&awale);
    let list = util::run(&host, &["--list", "--verbose"], "");
    assert_eq!(listed_ids(&util::stdout(&list)), ["awale"]);
    assert!(util::stdout(&list).contains(&format!("fichier : {}", own.display())));
}

/// Issue 15: a plugin whose title was another variant's id took over
/// `host ID` when its file came first.
#[test]
fn an_exact_id_wins_over_a_title() {
    let folder = util::plugins_folder(&[util::library("kalah")]);
    let bytes = std::fs::read(util::fixture("panicking-variant")).expect("the fixture is built");
    folder.write("0-titled-kalah.so", &bytes);
    let list = util::host(folder.path(), &["--list"], "");
    assert_eq!(listed_ids(&util::stdout(&list)), ["panicking", "kalah"]);
    for typed in ["kalah", "Kalah", "KALAH"] {
        let chosen = util::host(folder.path(), &[typed, "--list"], "");
        assert_eq!(chosen.status.code(), Some(0), "{}", util::stderr(&chosen));
        assert_eq!(listed_ids(&util::stdout(&chosen)), ["kalah"], "{typed}");
    }
}

/// Issue 15: a second file claiming an id is skipped with one line naming
/// both files, also when a game (not `--list`) meets it.
#[test]
fn two_plugins_claiming_one_id_get_one_warning_naming_both() {
    let folder = util::plugins_folder(&[util::library("kalah")]);
    let kalah = folder
        .path()
        .join(util::library("kalah").file_name().expect("a file name"));
    let bytes = std::fs::read(&kalah).expect("kalah is readable");
    let second = folder.write("zz-kalah.so", &bytes);
    let game = util::host(folder.path(), &["kalah"], "");
    assert_eq!(
        util::stderr(&game)
            .lines()
            .filter(|line| line.starts_with("warn: "))
            .collect::<Vec<_>>(),
        [format!(
            "warn: skipped {}: variant `kalah` is already provided by {}",
            second.display(),
            kalah.display()
        )]
    );
}
