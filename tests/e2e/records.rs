//! `--record`, `--replay`, `--resume` and the kept games (`SPEC.md` §2): a
//! record replays to the same standard output, survives the host being
//! killed, is never shortened, overwritten or mixed, and every error about
//! it names its file and line.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Output};
use std::time::{Duration, Instant};

use crate::util::{self, TempDir};

use crate::util::{awale_folder as folder, host_with_state, path_arg};

/// Waits until `path` holds `text`, then a little more for the host to
/// wait on its input.
fn wait_for(path: impl Fn() -> Option<PathBuf>, text: &str) {
    let started = Instant::now();
    while !path()
        .and_then(|path| std::fs::read_to_string(path).ok())
        .is_some_and(|written| written.contains(text))
    {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "`{text}` is written"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(200));
}

/// Starts a game of Awalé, NORD first, on `folder` with the kept games of
/// `state`, and types `typed`; the host then waits for more.
fn start_game(folder: &Path, state: &Path, typed: &[u8]) -> (Child, ChildStdin) {
    let mut child = host_with_state(folder, state, &["awale", "--first", "nord"])
        .spawn()
        .expect("host starts");
    let mut input = child.stdin.take().expect("stdin is piped");
    input.write_all(typed).expect("the host reads");
    input.flush().expect("the host reads");
    (child, input)
}

/// Kills `child` (SIGKILL) and returns what it had written on stdout.
fn kill(mut child: Child) -> String {
    child.kill().expect("SIGKILL");
    let mut killed = String::new();
    child
        .stdout
        .take()
        .expect("stdout is piped")
        .read_to_string(&mut killed)
        .expect("stdout is text");
    let _ = child.wait();
    killed
}

#[test]
fn a_game_against_the_computer_replays_to_the_same_standard_output() {
    let folder = folder();
    let records = TempDir::new();
    let record = records.path().join("game.txt");
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
    for tag in [
        "\n[Host \"",
        "\n[Date \"20",
        "\n[Seat \"SUD personne\"]\n",
        "\n[Seat \"NORD ordinateur 2\"]\n",
    ] {
        assert!(text.contains(tag), "{tag} in {text}");
    }
    assert!(text.contains(". SUD annuler\n"), "{text}");
    assert!(
        !text.contains('?') && !text.contains("aide"),
        "hints are not recorded"
    );
    let result = util::stdout(&original);
    let winner = if result.contains("NORD gagne") {
        "NORD gagne"
    } else if result.contains("SUD gagne") {
        "SUD gagne"
    } else {
        "personne ne gagne"
    };
    assert!(
        text.contains(&format!("\n\n[Result \"{winner}\"]\n[Scores \"SUD ")),
        "{text}"
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
    let records = TempDir::new();
    let record = records.path().join("killed.txt");
    let args = ["awale", "--record", path_arg(&record)];
    let mut child = util::host_command(folder.path(), &args)
        .spawn()
        .expect("host starts");
    let mut input = child.stdin.take().expect("stdin is piped");
    input.write_all(b"3 8 4\n").expect("the host reads");
    input.flush().expect("the host reads");
    wait_for(|| Some(record.clone()), "3. SUD 4\n");
    let killed = kill(child);
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

/// A record with `decisions` appended to a valid header, in `folder`.
fn record_with(folder: &TempDir, decisions: &str) -> PathBuf {
    let text = format!("[Variant \"awale\"]\n[First \"SUD\"]\n[Seed \"1\"]\n\n{decisions}");
    folder.write("record.txt", text.as_bytes())
}

#[test]
fn a_damaged_record_is_refused_with_its_file_and_line() {
    let folder = folder();
    let records = TempDir::new();
    let refused = |decisions: &str, message: &str| {
        let path = record_with(&records, decisions);
        let run = util::host(folder.path(), &["--replay", path_arg(&path)], "");
        assert_eq!(run.status.code(), Some(2), "{decisions:?}");
        let err = util::stderr(&run);
        assert_eq!(
            err.lines().last(),
            Some(format!("erreur : {}, {message}", path.display()).as_str()),
            "{decisions:?}"
        );
    };
    refused(
        "1. SUD 3\n2. NORD 1\n",
        "ligne 6 : le trou 1 est à SUD : jouez un trou de 7 à 12",
    );
    refused(
        "1. NORD 9\n",
        "ligne 5 : NORD ne décide pas maintenant, SUD décide",
    );
    refused(
        "1. SUD trois\n2. NORD 9\n",
        "ligne 5 : ce n'est pas une décision « N. PLACE COUP »",
    );
    refused(
        "1. SUD 3\n2. NORD 8\n3. SUD abandon\n4. NORD 9\n",
        "ligne 8 : la partie était finie avant cette décision",
    );
    let unknown = records.write(
        "unknown.txt",
        b"[Variant \"nope\x1b[2J\"]\n[First \"SUD\"]\n[Seed \"1\"]\n\n",
    );
    let run = util::host(folder.path(), &["--replay", path_arg(&unknown)], "");
    assert_eq!(run.status.code(), Some(2));
    let err = util::stderr(&run);
    assert!(
        err.starts_with(&format!(
            "erreur : {}, ligne 1 : variante inconnue : « nope\\u{{1b}}[2J »",
            unknown.display()
        )),
        "{err}"
    );
    assert!(
        !err.contains('\u{1b}'),
        "no escape sequence reaches the terminal"
    );
}

/// Issue 25: an empty record said "line 0"; a BOM or two spaces before a
/// tag's value were refused; a repeated tag silently kept its last value.
#[test]
fn small_cases_of_a_record_read_as_a_person_would() {
    let folder = folder();
    let records = TempDir::new();
    let replay = |name: &str, text: &[u8]| {
        let path = records.write(name, text);
        let run = util::host(folder.path(), &["--replay", path_arg(&path)], "");
        (path, run)
    };
    let (empty, run) = replay("empty.txt", b"");
    assert_eq!(run.status.code(), Some(2));
    assert_eq!(
        util::stderr(&run),
        format!(
            "erreur : {} est vide : ce n'est pas un enregistrement\n",
            empty.display()
        )
    );
    let (_, run) = replay(
        "bom.txt",
        "\u{feff}[Variant  \"awale\"]\n[First \"SUD\"]\n[Seed \"1\"]\n\n1. SUD 3\n2. NORD 0\n"
            .as_bytes(),
    );
    assert_eq!(run.status.code(), Some(0), "{}", util::stderr(&run));
    let (repeated, run) = replay(
        "repeated.txt",
        b"[Variant \"awale\"]\n[First \"SUD\"]\n[First \"NORD\"]\n[Seed \"1\"]\n\n",
    );
    assert_eq!(run.status.code(), Some(2));
    assert_eq!(
        util::stderr(&run),
        format!(
            "erreur : {}, ligne 3 : l'étiquette First est déjà donnée ligne 2\n",
            repeated.display()
        )
    );
}

#[test]
fn errors_in_the_seats_of_a_record_name_its_line_not_a_flag() {
    let folder = folder();
    let records = TempDir::new();
    let path = records.write(
        "seats.txt",
        b"[Variant \"awale\"]\n[First \"OUEST\"]\n[Seed \"1\"]\n\n",
    );
    let run = util::host(folder.path(), &["--replay", path_arg(&path)], "");
    assert_eq!(run.status.code(), Some(2));
    let err = util::stderr(&run);
    assert_eq!(
        err,
        format!(
            "erreur : {}, ligne 2 : joueur inconnu : « OUEST » ; les places sont sud, nord, ou hasard\n",
            path.display()
        )
    );
    let path = records.write(
        "computer.txt",
        b"[Variant \"awale\"]\n[First \"SUD\"]\n[Computer \"EST=2\"]\n[Seed \"1\"]\n\n",
    );
    let err = util::stderr(&util::host(
        folder.path(),
        &["--replay", path_arg(&path)],
        "",
    ));
    assert!(
        err.contains(", ligne 3 : place inconnue : « EST »"),
        "{err}"
    );
    assert!(!err.contains("--"), "{err}");
}

#[test]
fn a_last_line_without_its_newline_is_always_warned() {
    let folder = folder();
    let records = TempDir::new();
    let path = record_with(&records, "1. SUD 3\n2. NORD 8\n3. SU");
    let run = util::host(
        folder.path(),
        &["--replay", path_arg(&path), "--no-keep"],
        "0\n",
    );
    assert_eq!(run.status.code(), Some(0), "{}", util::stderr(&run));
    let err = util::stderr(&run);
    assert!(
        err.contains(
            "ligne 7 : la dernière ligne est coupée : les 2 décisions d'avant sont rejouées"
        ),
        "{err}"
    );
    assert_eq!(util::stdout(&run).matches("a ramassé").count(), 2);

    let path = record_with(&records, "1. SUD 3\n2. NORD 8");
    let run = util::host(
        folder.path(),
        &["--replay", path_arg(&path), "--no-keep"],
        "0\n",
    );
    assert_eq!(run.status.code(), Some(0), "{}", util::stderr(&run));
    let err = util::stderr(&run);
    assert!(
        err.contains("ligne 6 : la dernière ligne n'a pas de fin de ligne : lue telle quelle"),
        "{err}"
    );
    assert_eq!(util::stdout(&run).matches("a ramassé").count(), 2);
}

#[test]
fn a_record_continued_in_place_keeps_every_line_even_after_a_refused_one() {
    let folder = folder();
    let records = TempDir::new();
    let good = "1. SUD 3\n2. NORD 8\n";
    let path = record_with(&records, &format!("{good}3. SUD 3\n"));
    let before = std::fs::read(&path).expect("the record");
    let args = ["--replay", path_arg(&path), "--record", path_arg(&path)];
    let refused = util::host(folder.path(), &args, "4\n");
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        util::stderr(&refused).contains(", ligne 7 : "),
        "{}",
        util::stderr(&refused)
    );
    assert_eq!(
        std::fs::read(&path).expect("the record"),
        before,
        "a replay that fails leaves the record as it was"
    );

    let path = record_with(&records, "1. SUD 3\n2. NORD 8");
    let whole = std::fs::read_to_string(&path).expect("the record");
    let run = util::host(folder.path(), &args_for(&path), "4 9 0\n");
    assert_eq!(run.status.code(), Some(0), "{}", util::stderr(&run));
    let text = std::fs::read_to_string(&path).expect("the record");
    assert!(
        text.starts_with(&format!(
            "{whole}\n3. SUD 4\n4. NORD 9\n5. SUD 0\n\n[Result "
        )),
        "{text}"
    );
    let finished = util::host(folder.path(), &args_for(&path), "");
    assert_eq!(finished.status.code(), Some(2));
    assert!(util::stderr(&finished).contains("cette partie est finie"));
    assert_eq!(
        std::fs::read_to_string(&path).expect("the record"),
        text,
        "a finished record is left as it is"
    );
}

fn args_for(path: &Path) -> [&str; 4] {
    ["--replay", path_arg(path), "--record", path_arg(path)]
}

#[test]
fn an_existing_file_is_never_overwritten() {
    let folder = folder();
    let records = TempDir::new();
    let path = record_with(&records, "1. SUD 3\n");
    let before = std::fs::read(&path).expect("the record");
    let run = util::host(
        folder.path(),
        &["awale", "--record", path_arg(&path)],
        "3\n0\n",
    );
    assert_eq!(run.status.code(), Some(2));
    let err = util::stderr(&run);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("existe : il n'est jamais écrasé"), "{err}");
    assert!(util::stdout(&run).is_empty());
    assert_eq!(std::fs::read(&path).expect("the record"), before);
}

#[test]
fn a_second_host_recording_to_the_same_file_is_refused() {
    let folder = folder();
    let records = TempDir::new();
    let path = records.path().join("shared.txt");
    let mut first = util::host_command(folder.path(), &["awale", "--record", path_arg(&path)])
        .spawn()
        .expect("host starts");
    let mut input = first.stdin.take().expect("stdin is piped");
    input.write_all(b"3\n").expect("the host reads");
    input.flush().expect("the host reads");
    wait_for(|| Some(path.clone()), "1. SUD 3\n");
    let second = util::host(folder.path(), &args_for(&path), "8\n");
    let during = std::fs::read_to_string(&path).expect("the record");
    input.write_all(b"8 0\n").expect("the host reads");
    drop(input);
    let first = first.wait_with_output().expect("host runs");
    assert_eq!(first.status.code(), Some(0), "{}", util::stderr(&first));

    assert_eq!(second.status.code(), Some(2));
    let err = util::stderr(&second);
    assert!(err.contains("est écrit par un autre programme"), "{err}");
    assert!(during.ends_with("\n1. SUD 3\n"), "{during}");
    let text = std::fs::read_to_string(&path).expect("the record");
    assert!(
        text.contains("\n1. SUD 3\n2. NORD 8\n3. SUD 0\n\n[Result "),
        "{text}"
    );
}

#[test]
fn a_replay_of_dev_zero_is_refused_in_bounded_memory() {
    let folder = folder();
    let host = util::host_exe();
    // 256 MiB of address space: enough for the host, not for /dev/zero whole.
    let script = format!(
        "ulimit -v 262144 && exec '{}' --plugins '{}' --replay /dev/zero",
        host.display(),
        folder.path().display()
    );
    let mut command = util::command(Path::new("sh"), &["-c", &script]);
    let run = util::output(&mut command, b"");
    assert_eq!(run.status.code(), Some(2), "{}", util::stderr(&run));
    assert_eq!(
        util::stderr(&run),
        "erreur : /dev/zero dépasse 16 Mio : ce n'est pas un enregistrement\n"
    );
}

#[test]
fn a_record_is_never_written_to_a_plugin_library_or_a_plugins_folder() {
    let folder = folder();
    let library = folder
        .path()
        .join(util::library("awale").file_name().expect("a name"));
    let before = std::fs::read(&library).expect("the library");
    let run = util::host(
        folder.path(),
        &["awale", "--record", path_arg(&library)],
        "3\n0\n",
    );
    assert_eq!(run.status.code(), Some(2));
    assert!(
        util::stderr(&run).contains("porte le nom d'une bibliothèque de variante"),
        "{}",
        util::stderr(&run)
    );
    assert_eq!(std::fs::read(&library).expect("the library"), before);

    let inside = folder.path().join("game.txt");
    let run = util::host(
        folder.path(),
        &["awale", "--record", path_arg(&inside)],
        "3\n0\n",
    );
    assert_eq!(run.status.code(), Some(2));
    assert!(
        util::stderr(&run).contains("est dans le dossier des variantes"),
        "{}",
        util::stderr(&run)
    );
    assert!(!inside.exists());
}

/// The kept records of the state folder `state`, oldest first.
fn kept(state: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(state.join("awale/games")) else {
        return Vec::new();
    };
    let mut kept: Vec<PathBuf> = entries
        .map(|entry| entry.expect("an entry").path())
        .collect();
    kept.sort();
    kept
}

/// Records written before the host played turns with nothing to choose
/// itself hold those turns as decisions (La vache's `13` that starts a
/// round): they still replay, to the same standard output.
#[test]
fn an_old_record_with_the_inputs_of_forced_turns_replays() {
    let folder = util::plugins_folder(&[util::library("la-vache")]);
    let records = TempDir::new();
    let path = records.path().join("new.txt");
    let played = util::host(
        folder.path(),
        &[
            "la-vache",
            "--computer",
            "sud=1",
            "--computer",
            "nord=1",
            "--seed",
            "3",
            "--record",
            path_arg(&path),
        ],
        "",
    );
    assert_eq!(played.status.code(), Some(0), "{}", util::stderr(&played));
    // Where each new round began, after how many decisions and by whom.
    let mut decisions = 0;
    let mut rounds = Vec::new();
    for line in util::stderr(&played).lines() {
        if line.contains("(ordinateur) joue") {
            decisions += 1;
        } else if let Some(rest) = line.strip_prefix("Nouvelle manche : ") {
            let seat = rest.split(' ').next().expect("a seat").to_owned();
            rounds.push((decisions, seat));
        }
    }
    assert!(!rounds.is_empty(), "the game has several rounds");
    let text = std::fs::read_to_string(&path).expect("the record");
    let (header, body) = text.split_once("\n\n").expect("a header");
    let mut old = format!("{header}\n\n");
    let mut number = 0;
    let mut write = |seat: &str, token: &str, old: &mut String| {
        number += 1;
        old.push_str(&format!("{number}. {seat} {token}\n"));
    };
    let mut lines = body.lines().peekable();
    let mut made = 0;
    while let Some(line) = lines.next_if(|line| !line.is_empty()) {
        let mut words = line.split(' ').skip(1);
        let (seat, token) = (
            words.next().expect("a seat"),
            words.next().expect("a token"),
        );
        write(seat, token, &mut old);
        made += 1;
        for (after, starter) in &rounds {
            if *after == made {
                write(starter, "13", &mut old);
            }
        }
    }
    for line in lines {
        old.push_str(line);
        old.push('\n');
    }
    let old_path = records.write("old.txt", old.as_bytes());
    let replayed = util::host(folder.path(), &["--replay", path_arg(&old_path)], "");
    assert_eq!(
        replayed.status.code(),
        Some(0),
        "{}",
        util::stderr(&replayed)
    );
    assert_eq!(util::stdout(&replayed), util::stdout(&played));
}

/// Issue 15: `--resume` must never go on with a game another host is
/// playing (and writing) right now: it takes the last one nobody plays.
#[test]
fn resume_passes_over_a_game_being_played() {
    let folder = folder();
    let state = TempDir::new();
    let earlier = output_of(
        host_with_state(folder.path(), state.path(), &["awale"]),
        "3\n",
    );
    assert_eq!(earlier.status.code(), Some(1), "left unfinished");
    let [older] = kept(state.path()).try_into().expect("one kept game");
    std::thread::sleep(Duration::from_millis(1100));
    let (playing, input) = start_game(folder.path(), state.path(), b"8\n");
    wait_for(|| kept(state.path()).pop(), "1. NORD 8\n");
    assert_eq!(kept(state.path()).len(), 2);

    let resumed = output_of(
        host_with_state(folder.path(), state.path(), &["--resume"]),
        "0\n",
    );
    let _ = kill(playing);
    drop(input);
    assert_eq!(resumed.status.code(), Some(0), "{}", util::stderr(&resumed));
    let text = std::fs::read_to_string(&older).expect("the older game");
    assert!(text.contains("\n1. SUD 3\n2. NORD 0\n"), "{text}");
}

#[test]
fn a_killed_game_is_kept_and_resumed() {
    let folder = folder();
    let state = TempDir::new();
    let (child, input) = start_game(folder.path(), state.path(), b"8 3 9\n");
    wait_for(|| kept(state.path()).pop(), "3. NORD 9\n");
    let killed = kill(child);
    drop(input);
    let [record] = kept(state.path()).try_into().expect("one kept game");
    let text = std::fs::read_to_string(&record).expect("the kept game");
    assert!(text.contains("\n[First \"NORD\"]\n"), "{text}");
    assert!(text.contains("\n[Seat \"SUD personne\"]\n"), "{text}");
    assert!(!text.contains("[Result"), "{text}");

    let resumed = output_of(
        host_with_state(folder.path(), state.path(), &["--resume"]),
        "4 0\n",
    );
    assert_eq!(resumed.status.code(), Some(0), "{}", util::stderr(&resumed));
    let stdout = util::stdout(&resumed);
    assert!(stdout.starts_with(&killed), "{stdout}");
    assert_eq!(
        kept(state.path()),
        std::slice::from_ref(&record),
        "no second record"
    );
    let text = std::fs::read_to_string(&record).expect("the kept game");
    assert!(
        text.contains("\n3. NORD 9\n4. SUD 4\n5. NORD 0\n\n[Result \""),
        "{text}"
    );
    assert!(text.contains("\n[Scores \"SUD "), "{text}");

    let again = output_of(
        host_with_state(folder.path(), state.path(), &["--resume"]),
        "",
    );
    assert_eq!(again.status.code(), Some(2));
    assert!(util::stderr(&again).contains("aucune partie en cours à reprendre ("));
}

fn output_of(mut command: Command, stdin: &str) -> Output {
    util::output(&mut command, stdin.as_bytes())
}

#[test]
fn only_the_last_hundred_games_are_kept_and_no_keep_keeps_none() {
    let folder = folder();
    let state = TempDir::new();
    let games = state.path().join("awale/games");
    std::fs::create_dir_all(&games).expect("the folder");
    util::set_mode(&games, 0o700);
    for number in 0..105 {
        let name = format!("2000-01-01T000000.{number:03}Z-awale.txt");
        let old = "[Variant \"awale\"]\n[First \"SUD\"]\n[Seed \"1\"]\n\n1. SUD 3\n";
        let path = games.join(name);
        std::fs::write(&path, old).expect("an old game");
        // Pruning removes the games last written longest ago.
        let time = std::time::UNIX_EPOCH + Duration::from_secs(3600 + number);
        std::fs::File::options()
            .write(true)
            .open(&path)
            .and_then(|file| file.set_modified(time))
            .expect("the time can be set");
    }
    let none = output_of(
        host_with_state(folder.path(), state.path(), &["awale", "--no-keep"]),
        "3 0\n",
    );
    assert_eq!(none.status.code(), Some(0));
    assert_eq!(kept(state.path()).len(), 105, "--no-keep keeps nothing");

    let played = output_of(
        host_with_state(folder.path(), state.path(), &["awale"]),
        "3 0\n",
    );
    assert_eq!(played.status.code(), Some(0));
    let kept = kept(state.path());
    assert_eq!(kept.len(), 100);
    let oldest = kept[0]
        .file_name()
        .expect("a name")
        .to_string_lossy()
        .into_owned();
    assert_eq!(oldest, "2000-01-01T000000.006Z-awale.txt");
    let newest = std::fs::read_to_string(&kept[99]).expect("the game");
    assert!(newest.contains("\n1. SUD 3\n2. NORD 0\n"), "{newest}");

    let before = kept;
    let computers = output_of(
        host_with_state(
            folder.path(),
            state.path(),
            &[
                "awale",
                "--computer",
                "sud=1",
                "--computer",
                "nord=1",
                "--seed",
                "3",
            ],
        ),
        "",
    );
    assert_eq!(computers.status.code(), Some(0));
    assert_eq!(
        crate::records::kept(state.path()),
        before,
        "a game no person plays is not kept"
    );
}

#[test]
fn a_replay_only_watched_or_a_game_left_at_once_is_not_kept() {
    let folder = folder();
    let state = TempDir::new();
    let records = TempDir::new();
    let left = output_of(host_with_state(folder.path(), state.path(), &["awale"]), "");
    assert_eq!(left.status.code(), Some(1));
    let path = record_with(&records, "1. SUD 3\n2. NORD 8\n");
    let watched = output_of(
        host_with_state(folder.path(), state.path(), &["--replay", path_arg(&path)]),
        "",
    );
    assert_eq!(watched.status.code(), Some(1));
    assert_eq!(kept(state.path()), Vec::<PathBuf>::new());

    let continued = output_of(
        host_with_state(folder.path(), state.path(), &["--replay", path_arg(&path)]),
        "4\n",
    );
    assert_eq!(continued.status.code(), Some(1));
    let [copy] = kept(state.path()).try_into().expect("one kept game");
    let text = std::fs::read_to_string(copy).expect("the kept game");
    assert!(
        text.ends_with("\n\n1. SUD 3\n2. NORD 8\n3. SUD 4\n"),
        "{text}"
    );
}
