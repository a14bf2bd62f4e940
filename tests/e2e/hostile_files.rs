//! Files the host and the plugins read of their own accord (`SPEC.md` §7,
//! issue 25): only regular files are opened (a FIFO as the plugins cache,
//! as an endgame table or in the plugins folder hangs nothing), a forged
//! table is refused without harm, and `--endgames` refuses tables that
//! would not fit the machine.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use crate::util::{self, TempDir};

/// The longest a run may take before it counts as hung.
const HUNG: Duration = Duration::from_secs(60);

/// Runs `command` with `stdin`, killing it after [`HUNG`]; `None` if hung.
fn bounded(command: &mut Command, stdin: &str) -> Option<Output> {
    use std::io::Write;
    let mut child = command.spawn().expect("host starts");
    if let Some(mut input) = child.stdin.take() {
        let _ = input.write_all(stdin.as_bytes());
    }
    let started = Instant::now();
    while child.try_wait().expect("host runs").is_none() {
        if started.elapsed() > HUNG {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    Some(child.wait_with_output().expect("host's output"))
}

fn mkfifo(path: &Path) {
    std::fs::create_dir_all(path.parent().expect("a folder")).expect("the folder");
    let made = Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(made.success(), "mkfifo {}", path.display());
}

#[test]
fn a_fifo_as_the_plugins_cache_or_in_the_plugins_folder_hangs_nothing() {
    let folder = util::plugins_folder(&[util::library("kalah")]);
    mkfifo(&folder.path().join("libfifo.so"));
    let cache = TempDir::new();
    mkfifo(&cache.path().join("awale/plugins.json"));
    let mut command = util::host_command(folder.path(), &["--list"]);
    command.env("XDG_CACHE_HOME", cache.path());
    let list = bounded(&mut command, "").expect("--list ends");
    assert_eq!(list.status.code(), Some(0), "{}", util::stderr(&list));
    assert_eq!(util::stderr(&list), "", "a FIFO is passed over silently");
    assert!(util::stdout(&list).contains("kalah "));
}

/// A game of Awalé played by the computer (levels 2 and 1, seed 86) to its
/// end, then cut after decision 89 with both seats persons: five seeds are
/// left on the board, in the table of 5 seeds, NORD to move (holes 7, 10
/// and 12 hold one each).
fn endgame_record(folder: &Path, cache: &Path, into: &Path) -> PathBuf {
    let full = into.join("full.txt");
    let args = [
        "awale",
        "--computer",
        "sud=2",
        "--computer",
        "nord=1",
        "--seed",
        "86",
        "--no-keep",
        "--record",
        full.to_str().expect("a UTF-8 path"),
    ];
    let mut command = util::host_command(folder, &args);
    command.env("XDG_CACHE_HOME", cache);
    let played = util::output(&mut command, b"");
    assert_eq!(played.status.code(), Some(0), "{}", util::stderr(&played));
    let text = std::fs::read_to_string(&full).expect("the record");
    let mut cut = String::new();
    for line in text.lines() {
        if line.starts_with("90. ") {
            break;
        }
        let line = if line.starts_with("[Seat ") {
            let seat = line.split_whitespace().nth(1).expect("a seat");
            format!("[Seat {seat} personne\"]")
        } else if line.starts_with("[Think ") {
            // A second: at 0.1 s, on a machine busy with other work, the
            // search of the hint fell short of the proof it must name.
            "[Think \"1\"]".to_owned()
        } else {
            line.to_owned()
        };
        cut.push_str(&line);
        cut.push('\n');
    }
    assert!(cut.contains("\n89. SUD "), "the game lasts 89 decisions");
    let path = into.join("endgame.txt");
    std::fs::write(&path, cut).expect("the cut record");
    path
}

/// FNV-1a, as a table's header sums its values.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |sum, &byte| {
        (sum ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[test]
fn a_fifo_or_a_forged_table_neither_hangs_nor_panics_the_hint() {
    let folder = util::plugins_folder(&[util::library("awale")]);
    let cache = TempDir::new();
    let work = TempDir::new();
    let record = endgame_record(folder.path(), cache.path(), work.path());
    let table = cache.path().join("awale/endgames/awale-both-5.table");
    let hint = |what: &str| {
        let mut command = util::host_command(
            folder.path(),
            &["--replay", record.to_str().expect("UTF-8"), "--no-keep"],
        );
        command
            .env("XDG_CACHE_HOME", cache.path())
            .env("AWALE_ENDGAME_SEEDS", "5");
        let game = bounded(&mut command, "?\n").unwrap_or_else(|| panic!("{what}: hung"));
        let err = util::stderr(&game);
        assert_eq!(game.status.code(), Some(1), "{what}: {err}");
        assert_eq!(
            err.lines().last(),
            Some("erreur : l'entrée s'est terminée avant la fin de la partie"),
            "{what}"
        );
        assert!(!err.contains("panicked"), "{what}: {err}");
        // The hint is on standard error: the game is not a terminal's.
        // Holes 7 and 10 both win by 2 seeds, 12 draws (an exhaustive
        // search with the game's history, `variant_testing::Exhaustive`):
        // the hint names either, by the search's depth.
        let wins = ["7", "10"]
            .iter()
            .any(|hole| err.contains(&format!("\nConseil : jouez {hole} ; NORD gagne à coup sûr")));
        assert!(wins, "{what}: {err}");
    };

    mkfifo(&table);
    hint("a FIFO as the table");
    std::fs::remove_file(&table).expect("the FIFO removed");

    let mut command = util::host_command(folder.path(), &["awale", "--endgames", "5"]);
    command.env("XDG_CACHE_HOME", cache.path());
    let built = util::output(&mut command, b"");
    assert_eq!(built.status.code(), Some(0), "{}", util::stderr(&built));
    hint("the real table");

    // Every low bound of every level above its high bound, under a header
    // whose checksum matches.
    let bytes = std::fs::read(&table).expect("the table");
    let start = bytes.iter().position(|&b| b == b'\n').expect("a header") + 1;
    let mut body = bytes[start..].to_vec();
    let mut at = 0;
    for seeds in 0..=5u64 {
        let count = (0..11).fold(1, |c, i| c * (seeds + 11 - i) / (i + 1)) as usize;
        for index in 0..count {
            body[at + index] = seeds as u8; // low = +seeds
            body[at + count + index] = (seeds as i8).wrapping_neg() as u8; // high = -seeds
        }
        at += 3 * count; // then the component tags, left as they are
    }
    assert_eq!(at, body.len(), "levels 0 to 5 of 12 holes");
    let header = String::from_utf8(bytes[..start].to_vec()).expect("a text header");
    let (kept, _) = header.rsplit_once("fnv=").expect("a checksum");
    let mut forged = format!("{kept}fnv={:016x}\n", fnv(&body)).into_bytes();
    forged.extend_from_slice(&body);
    std::fs::write(&table, forged).expect("the forged table");
    hint("a forged table");
}

#[test]
fn endgame_tables_that_do_not_fit_the_machine_are_refused_before_building() {
    let folder = util::plugins_folder(&[util::library("awale")]);
    let cache = TempDir::new();
    let mut command = util::host_command(folder.path(), &["awale", "--endgames", "40"]);
    command.env("XDG_CACHE_HOME", cache.path());
    let refused = bounded(&mut command, "").expect("refused at once");
    assert_eq!(refused.status.code(), Some(2));
    let err = util::stderr(&refused);
    assert!(
        err.starts_with("erreur : awale : des tables de 40 graines prendraient environ ")
            && err.contains(" graines\n")
            && err.lines().count() == 1,
        "{err}"
    );
    assert!(
        !cache.path().join("awale/endgames").exists(),
        "nothing built"
    );
}
