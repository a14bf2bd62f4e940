//! `--record` and `--replay` (`SPEC.md` §2): a record replays to the same
//! standard output, survives the host being killed, and a damaged record is
//! refused with the number of its bad line.

use std::io::{Read, Write};
use std::path::Path;
use std::time::{Duration, Instant};

use crate::util::{self, TempDir};

fn folder() -> TempDir {
    util::plugins_folder(&[util::library("awale")])
}

fn path_arg(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 temporary path")
}

#[test]
fn a_game_against_the_computer_replays_to_the_same_standard_output() {
    let folder = folder();
    let record = folder.path().join("game.txt");
    let args = [
        "awale",
        "--computer",
        "nord=2",
        "--seed",
        "5",
        "--record",
        path_arg(&record),
    ];
    // SUD plays the first hole it may each turn; words and a hint between moves.
    let moves = "? 3 aide 4 annuler 5 ".to_owned() + &"1 2 3 4 5 6 ".repeat(40);
    let original = util::host(folder.path(), &args, &moves);
    assert_eq!(
        original.status.code(),
        Some(0),
        "{}",
        util::stderr(&original)
    );
    let text = std::fs::read_to_string(&record).expect("the record is written");
    assert!(text.starts_with("[Variant \"awale\"]\n"), "{text}");
    assert!(text.contains("\n[Computer \"nord=2\"]\n"), "{text}");
    assert!(text.contains(". SUD annuler\n"), "{text}");
    assert!(
        !text.contains('?') && !text.contains("aide"),
        "hints are not recorded"
    );

    let replayed = util::host(folder.path(), &["--replay", path_arg(&record)], "");
    assert_eq!(
        replayed.status.code(),
        Some(0),
        "a finished game replays and exits 0"
    );
    assert_eq!(util::stdout(&replayed), util::stdout(&original));
}

#[test]
fn a_game_killed_mid_way_replays_to_its_last_decision() {
    let folder = folder();
    let record = folder.path().join("killed.txt");
    let args = ["awale", "--record", path_arg(&record)];
    let mut child = util::host_command(folder.path(), &args)
        .spawn()
        .expect("host starts");
    let mut input = child.stdin.take().expect("stdin is piped");
    input.write_all(b"3 8 4\n").expect("the host reads");
    input.flush().expect("the host reads");
    let started = Instant::now();
    while !std::fs::read_to_string(&record).is_ok_and(|text| text.contains("3. SUD 4\n")) {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "the record is flushed"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    // Let the host print the board and wait for NORD's decision, then kill it.
    std::thread::sleep(Duration::from_millis(200));
    child.kill().expect("SIGKILL");
    let mut killed = String::new();
    child
        .stdout
        .take()
        .expect("stdout is piped")
        .read_to_string(&mut killed)
        .expect("stdout is text");
    let _ = child.wait();
    drop(input);

    let replayed = util::host(folder.path(), &["--replay", path_arg(&record)], "");
    assert_eq!(
        replayed.status.code(),
        Some(1),
        "the input ends before the game"
    );
    assert_eq!(util::stdout(&replayed), killed);
    assert_eq!(killed.matches("A NORD de jouer.").count(), 2, "{killed}");
}

/// A record with `decisions` appended to a valid header.
fn record_with(folder: &TempDir, decisions: &str) -> String {
    let text = format!("[Variant \"awale\"]\n[First \"SUD\"]\n[Seed \"1\"]\n\n{decisions}");
    let path = folder.write("record.txt", text.as_bytes());
    path_arg(&path).to_owned()
}

#[test]
fn a_damaged_record_is_refused_with_its_line_number() {
    let folder = folder();
    let refused = |decisions: &str, message: &str| {
        let path = record_with(&folder, decisions);
        let run = util::host(folder.path(), &["--replay", &path], "");
        assert_eq!(run.status.code(), Some(2), "{decisions:?}");
        let err = util::stderr(&run);
        assert!(
            err.ends_with(&format!("{message}\n")),
            "{decisions:?}: {err}"
        );
    };
    refused(
        "1. SUD 3\n2. NORD 1\n",
        "record line 6: le trou 1 est à SUD : jouez un trou de 7 à 12",
    );
    refused(
        "1. NORD 9\n",
        "record line 5: NORD does not decide now, SUD does",
    );
    refused(
        "1. SUD trois\n2. NORD 9\n",
        "record line 5: not a decision `N. SEAT MOVE`",
    );
    let unknown = folder.write(
        "unknown.txt",
        b"[Variant \"nope\"]\n[First \"SUD\"]\n[Seed \"1\"]\n\n",
    );
    let run = util::host(folder.path(), &["--replay", path_arg(&unknown)], "");
    assert_eq!(run.status.code(), Some(2));
    assert!(util::stderr(&run).contains("unknown variant `nope`"));
}

#[test]
fn a_cut_last_line_replays_the_decisions_before_it_and_says_so() {
    let folder = folder();
    let path = record_with(&folder, "1. SUD 3\n2. NORD 8\n3. SU");
    let run = util::host(
        folder.path(),
        &["--replay", &path, "--record", "/dev/null"],
        "0\n",
    );
    assert_eq!(run.status.code(), Some(0), "{}", util::stderr(&run));
    let err = util::stderr(&run);
    assert!(
        err.contains("record line 7 is cut short: replaying the 2 decisions before it"),
        "{err}"
    );
    assert_eq!(util::stdout(&run).matches("a ramassé").count(), 2);
}
