//! `host VARIANT --endgames [SEEDS]`: the tables are built into the user's
//! cache folder and reported on standard output; a variant without tables,
//! or options it has none for, is refused in one line (issue 18).

use std::path::Path;
use std::process::Output;

use crate::util;

/// Runs the host on `folder` with `args` and `stdin`, the endgame tables'
/// cache in `cache`, reading the tables of `seeds` seeds (`None`: the
/// default size).
fn with_tables(
    folder: &Path,
    cache: &Path,
    seeds: Option<&str>,
    args: &[&str],
    stdin: &str,
) -> Output {
    let mut command = util::host_command(folder, args);
    command.env("XDG_CACHE_HOME", cache);
    match seeds {
        Some(seeds) => command.env("AWALE_ENDGAME_SEEDS", seeds),
        None => command.env_remove("AWALE_ENDGAME_SEEDS"),
    };
    util::output(&mut command, stdin.as_bytes())
}

/// A plugins folder of Awalé alone, and a cache holding its tables of 5
/// seeds, built.
fn awale_with_small_tables() -> (util::TempDir, util::TempDir) {
    let folder = util::plugins_folder(&[util::library("awale")]);
    let cache = util::TempDir::new();
    let args = ["awale", "--endgames", "5"];
    let built = with_tables(folder.path(), cache.path(), Some("5"), &args, "");
    assert_eq!(built.status.code(), Some(0), "{}", util::stderr(&built));
    (folder, cache)
}

#[test]
fn the_endgame_tables_are_built_into_the_cache_and_reported() {
    let folder = util::plugins_folder(&[
        util::library("awale"),
        util::library("oware"),
        util::library("kalah"),
    ]);
    let cache = util::TempDir::new();
    let host = |args: &[&str]| with_tables(folder.path(), cache.path(), None, args, "");

    let built = host(&["awale", "--endgames", "5", "--set", "capture=backward"]);
    assert_eq!(built.status.code(), Some(0), "{}", util::stderr(&built));
    assert_eq!(
        util::stderr(&built),
        "",
        "no progress bar drawn into a pipe"
    );
    let out = util::stdout(&built);
    let table = cache.path().join("awale/endgames/awale-backward-5.table");
    let size = std::fs::metadata(&table)
        .expect("the table is written")
        .len();
    assert!(
        out.contains(&format!("{} : {size} octets\n", table.display())),
        "{out}"
    );
    let levels = out
        .lines()
        .filter(|line| line.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .count();
    assert!(out.starts_with("graines  "), "a header: {out}");
    assert!(
        !out.contains('|'),
        "plain lines for a person, no Markdown: {out}"
    );
    assert_eq!(
        levels, 6,
        "one line for each level from 0 to 5 seeds: {out}"
    );
    assert!(out.contains("AWALE_ENDGAME_SEEDS=5"), "{out}");

    for (args, refusal) in [
        (
            &["kalah", "--endgames", "5"][..],
            "erreur : kalah n'a pas de tables de finales\n",
        ),
        (
            &["oware", "--endgames", "5", "--set", "players=3"][..],
            "erreur : oware : Oware n'a de tables de finales qu'à deux joueurs (--set\n         players=2)\n",
        ),
    ] {
        let refused = host(args);
        assert_eq!(refused.status.code(), Some(2), "{args:?}");
        assert_eq!(util::stderr(&refused), refusal, "{args:?}");
        assert_eq!(util::stdout(&refused), "", "{args:?}");
    }
}

/// Issue 35 (M6): endgame tables were used whoever owned them or might
/// write them (a forged table made a hint certain of a loss). A table file
/// or folder that others may write, or another user owns, is now not used,
/// with one line.
#[cfg(unix)]
#[test]
fn a_table_others_may_write_is_not_used_with_one_line() {
    use std::os::unix::fs::MetadataExt;
    let (folder, cache) = awale_with_small_tables();
    let host = |args: &[&str], stdin: &str| {
        with_tables(folder.path(), cache.path(), Some("5"), args, stdin)
    };
    let tables = cache.path().join("awale/endgames");
    let table = tables.join("awale-both-5.table");
    // A hint reads the tables (level 4).
    let hint = || host(&["awale", "--no-keep", "--think", "0.1"], "?\n");
    let said = |output: &std::process::Output| -> Vec<String> {
        util::stderr(output)
            .lines()
            .filter(|line| line.contains("endgame table"))
            .map(str::to_owned)
            .collect()
    };
    assert_eq!(said(&hint()), Vec::<String>::new(), "a table of one's own");
    util::set_mode(&table, 0o666);
    assert_eq!(
        said(&hint()),
        [format!(
            "warn: the endgame table {} is not used: it may be written by others than its \
             owner (run `chmod go-w {0}`)",
            table.display()
        )]
    );
    util::set_mode(&table, 0o644);
    util::set_mode(&tables, 0o757);
    assert_eq!(
        said(&hint()),
        [format!(
            "warn: the endgame table {} is not used: its folder {} may be written by others \
             than its owner (run `chmod o-w {1}`)",
            table.display(),
            tables.display()
        )]
    );
    util::set_mode(&tables, 0o755);
    let me = std::fs::metadata(&table).expect("the table").uid();
    if me == 0 {
        // Only root can give a file away: check that refusal then.
        std::os::unix::fs::chown(&table, Some(65534), None).expect("chown as root");
        let lines = said(&hint());
        assert!(
            lines.len() == 1 && lines[0].contains("it belongs to user 65534"),
            "{lines:?}"
        );
    }
}

/// Issue 37: a variant's first game says once how to build its tables and
/// what it costs (nothing once they are built); a variant without tables
/// says so before any estimate.
#[test]
fn a_first_game_says_once_how_to_build_the_tables_and_kalah_says_it_has_none() {
    let folder = util::plugins_folder(&[util::library("awale"), util::library("kalah")]);
    let cache = util::TempDir::new();
    let host = |args: &[&str]| with_tables(folder.path(), cache.path(), Some("3"), args, "");
    let first = host(&["awale", "--no-keep"]);
    let said = util::stderr(&first);
    let lines: Vec<&str> = said.lines().take(3).collect();
    assert!(
        lines.len() == 3
            && lines[0] == "Awalé a des tables de finales pour le niveau 4 et les conseils ;"
            && lines[1] == "`host awale --endgames` les construit, une fois"
            && lines[2].starts_with("(environ ")
            && lines[2].ends_with(" Mo de disque)."),
        "{said}"
    );
    assert!(
        lines.iter().all(|line| line.chars().count() <= 80),
        "{said}"
    );
    let again = host(&["awale", "--no-keep"]);
    assert!(!util::stderr(&again).contains("tables de finales"));
    // Built, nothing is said, with another cache.
    let built_cache = util::TempDir::new();
    let built = |args: &[&str]| with_tables(folder.path(), built_cache.path(), Some("3"), args, "");
    assert_eq!(built(&["awale", "--endgames", "3"]).status.code(), Some(0));
    assert!(!util::stderr(&built(&["awale", "--no-keep"])).contains("tables de finales"));
    // Tables Kalah could not hold are not estimated: it has none.
    let kalah = host(&["kalah", "--endgames", "40"]);
    assert_eq!(kalah.status.code(), Some(2));
    assert_eq!(
        util::stderr(&kalah),
        "erreur : kalah n'a pas de tables de finales\n"
    );
}

/// Issue 36: a hint that reads an exact value of the tables says so
/// (« valeur exacte des tables »); without the tables, the same hint is an
/// estimate or a proof of the search, never said to come from them.
#[test]
fn a_hint_says_when_it_reads_an_exact_value_of_the_tables() {
    let folder = util::plugins_folder(&[util::library("awale")]);
    let cache = util::TempDir::new();
    // Three seeds on the board, NORD at 24: after SUD's best input the
    // 5-seed tables give a draw, a margin exact whatever the scores (where a
    // score can still pass 24, the tables give only the winner, issue 41).
    let position = "awale:S:2,0,0,0,0,0,0,0,0,1,0,0:21,24";
    // SUD at 22, NORD at 23: the tables' margin (a loss by 4 once the board
    // is empty) is not said to be exact: the game may end above 24 first.
    let near_25 = "awale:S:0,0,0,0,1,1,0,0,0,1,0,0:22,23";
    let host = |args: &[&str], stdin: &str| {
        with_tables(folder.path(), cache.path(), Some("5"), args, stdin)
    };
    let hint = |position: &str| {
        let game = host(
            &[
                "awale",
                "--no-keep",
                "--think",
                "0.1",
                "--position",
                position,
            ],
            "?\n",
        );
        util::stderr(&game)
            .lines()
            .filter(|line| line.starts_with("Conseil : jouez"))
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    let without = hint(position);
    assert_eq!(without.len(), 1, "one hint: {without:?}");
    assert!(!without[0].contains("tables"), "{without:?}");
    let built = host(&["awale", "--endgames", "5"], "");
    assert_eq!(built.status.code(), Some(0), "{}", util::stderr(&built));
    let with = hint(position);
    assert_eq!(with.len(), 1, "one hint: {with:?}");
    assert_eq!(
        with,
        ["Conseil : jouez 1 ; partie nulle, valeur exacte des tables."]
    );
    let near = hint(near_25);
    assert_eq!(near.len(), 1, "one hint: {near:?}");
    assert!(!near[0].contains("tables"), "{near:?}");
}

/// Issue 43: a damaged table (cut short, or a byte changed) was dropped
/// silently: level 4 and the hints lost their exact values, and nothing
/// said that `--endgames` builds it again. It is said once, before the
/// game's first board, in one line with that command; the game goes on
/// without it, and once rebuilt nothing is said.
#[test]
fn a_damaged_table_is_said_once_with_the_command_that_rebuilds_it() {
    let (folder, cache) = awale_with_small_tables();
    let host = |args: &[&str], stdin: &str| {
        with_tables(folder.path(), cache.path(), Some("5"), args, stdin)
    };
    let table = cache.path().join("awale/endgames/awale-both-5.table");
    let whole = std::fs::read(&table).expect("the table");
    let mut changed = whole.clone();
    changed[whole.len() / 2] ^= 0x01;
    let game = || host(&["awale", "--no-keep", "--think", "0.1"], "?\n1\n?\n");
    let said = |output: &Output| -> Vec<String> {
        let err = util::stderr(output);
        let lines: Vec<&str> = err.lines().collect();
        lines
            .windows(2)
            .filter(|pair| pair[0].contains("Table de finales"))
            .map(|pair| format!("{} {}", pair[0], pair[1]))
            .collect()
    };
    for (damage, bytes) in [
        ("cut short", &whole[..whole.len() - 100]),
        ("a byte changed", &changed[..]),
    ] {
        std::fs::write(&table, bytes).expect("the table damaged");
        let played = game();
        let err = util::stderr(&played);
        assert_eq!(
            said(&played),
            ["Table de finales awale-both-5.table abîmée : `awale awale --endgames` la refait."],
            "{damage}: {err}"
        );
        let prompt = err.find("quel trou").expect("a prompt");
        assert!(
            err.find("Table de finales").expect("said") < prompt,
            "{damage}: {err}"
        );
        assert_eq!(
            util::stderr(&played).matches("Conseil : jouez").count(),
            2,
            "{err}"
        );
    }
    let rebuilt = host(&["awale", "--endgames", "5"], "");
    assert_eq!(rebuilt.status.code(), Some(0), "{}", util::stderr(&rebuilt));
    assert_eq!(said(&game()), Vec::<String>::new());
}

/// `host --uci` reads the tables at `isready`, before its first `go`
/// (the first move of a match has its time, not the time to read 677 MB):
/// a damaged table is said then, with no `go` asked.
#[test]
fn the_engine_reads_its_tables_when_asked_whether_it_is_ready() {
    let folder = util::plugins_folder(&[util::library("awale")]);
    let cache = util::TempDir::new();
    let tables = cache.path().join("awale/endgames");
    std::fs::create_dir_all(&tables).expect("the tables folder");
    std::fs::write(tables.join("awale-backward-5.table"), b"not a table\n")
        .expect("a damaged table");
    let engine =
        |stdin: &str| with_tables(folder.path(), cache.path(), Some("5"), &["--uci"], stdin);
    let ready = engine("isready\nquit\n");
    assert_eq!(ready.status.code(), Some(0), "{}", util::stderr(&ready));
    assert!(
        util::stdout(&ready).contains("readyok"),
        "{}",
        util::stdout(&ready)
    );
    assert!(
        util::stderr(&ready).contains("Table de finales awale-backward-5.table abîmée"),
        "{}",
        util::stderr(&ready)
    );
    let quiet = engine("quit\n");
    assert!(
        !util::stderr(&quiet).contains("Table de finales"),
        "{}",
        util::stderr(&quiet)
    );
}
