//! `host VARIANT --endgames [SEEDS]`: the tables are built into the user's
//! cache folder and reported on standard output; a variant without tables,
//! or options it has none for, is refused in one line (issue 18).

use crate::util;

#[test]
fn the_endgame_tables_are_built_into_the_cache_and_reported() {
    let folder = util::plugins_folder(&[
        util::library("awale"),
        util::library("oware"),
        util::library("kalah"),
    ]);
    let cache = util::TempDir::new();
    let host = |args: &[&str]| {
        let mut command = util::host_command(folder.path(), args);
        command
            .env("XDG_CACHE_HOME", cache.path())
            .env_remove("AWALE_ENDGAME_SEEDS");
        util::output(&mut command, b"")
    };

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
        out.contains(&format!("{}: {size} bytes\n", table.display())),
        "{out}"
    );
    let levels = out
        .lines()
        .filter(|line| line.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .count();
    assert!(out.starts_with("seeds  "), "a header: {out}");
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
            "erreur : oware : Oware n'a de tables de finales qu'à deux joueurs (--set players=2)\n",
        ),
    ] {
        let refused = host(args);
        assert_eq!(refused.status.code(), Some(2), "{args:?}");
        assert_eq!(util::stderr(&refused), refusal, "{args:?}");
        assert_eq!(util::stdout(&refused), "", "{args:?}");
    }
}
