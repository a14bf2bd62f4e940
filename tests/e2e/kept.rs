//! The kept games (`SPEC.md` §2, issues 25 and 27): a kept copy never ends
//! a game, `--resume` passes over what it cannot use, pruning touches only
//! the host's own files, stopping says how to go on, and `--kept` lists the
//! games `--resume N` takes.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::util::{self, TempDir};

use crate::util::{awale_folder as folder, host_with_state, path_arg};

fn run(folder: &Path, state: &Path, args: &[&str], stdin: &str) -> Output {
    util::output(&mut host_with_state(folder, state, args), stdin.as_bytes())
}

/// The files of the kept games' folder of `state`, by name.
fn games(state: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(state.join("awale/games")) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .map(|entry| entry.expect("an entry").path())
        .collect();
    files.sort();
    files
}

/// The one file of `state`'s kept games, read.
fn only_game(state: &Path) -> (PathBuf, String) {
    let [path] = games(state).try_into().expect("one kept game");
    let text = std::fs::read_to_string(&path).expect("the kept game");
    (path, text)
}

/// The warnings of `output`, each in one line (a warning too wide for 80
/// columns goes on in lines that start with spaces).
fn warnings(output: &Output) -> Vec<String> {
    util::stderr(output)
        .replace("\n            ", " ")
        .lines()
        .filter(|line| line.starts_with("attention : ") || line.starts_with("warn: "))
        .map(str::to_owned)
        .collect()
}

/// A command running the host on `folder` with the kept games of `state`
/// and `args`, under `ulimit -f BLOCKS` (of 512 bytes, as `sh` counts them);
/// its standard streams are pipes, which the limit does not touch.
#[cfg(unix)]
fn limited(folder: &Path, state: &Path, blocks: u32, args: &[&str]) -> Command {
    let mut limited = Command::new("sh");
    limited
        .arg("-c")
        .arg(format!("ulimit -f {blocks}; exec \"$@\""))
        .arg("sh");
    limited
        .arg(util::host_exe())
        .args(["--plugins", path_arg(folder)]);
    limited.args(args);
    let reference = host_with_state(folder, state, args);
    for (key, value) in reference.get_envs() {
        match value {
            Some(value) => limited.env(key, value),
            None => limited.env_remove(key),
        };
    }
    limited
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    limited
}

/// The decisions of a record's text (`N. SEAT MOVE` lines).
fn decisions(text: &str) -> usize {
    text.lines()
        .filter(|line| {
            line.split_once(". ")
                .is_some_and(|(number, _)| number.parse::<usize>().is_ok())
        })
        .count()
}

/// The lines that say a game is not kept.
fn not_kept(output: &Output) -> Vec<String> {
    util::stderr(output)
        .lines()
        .filter(|line| line.starts_with("Cette partie n'est pas gardée"))
        .map(str::to_owned)
        .collect()
}

/// Issue 25: under `ulimit -f` the host was killed by SIGXFSZ; a kept
/// copy that cannot be written is now one warning, and the game goes on.
/// Issue 35: the copy was removed; it now keeps what it holds, its last
/// line whole.
#[cfg(unix)]
#[test]
fn a_kept_copy_past_the_file_size_limit_never_ends_the_game() {
    let folder = folder();
    let state = TempDir::new();
    let moves =
        std::fs::read_to_string(util::workspace_root().join("tests/cmd/awale-sud-both.stdin"))
            .expect("the golden game's moves");
    let args = ["awale", "--first", "sud"];
    let unlimited = run(folder.path(), state.path(), &["awale", "--no-keep"], &moves);
    assert_eq!(
        unlimited.status.code(),
        Some(0),
        "{}",
        util::stderr(&unlimited)
    );
    // One block of 512 bytes: the header fits, the game does not.
    let played = util::output(
        &mut limited(folder.path(), state.path(), 1, &args),
        moves.as_bytes(),
    );
    assert_eq!(played.status.code(), Some(0), "{}", util::stderr(&played));
    assert_eq!(util::stdout(&played), util::stdout(&unlimited));
    let warnings = warnings(&played);
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    let (_, text) = only_game(state.path());
    assert!(text.len() <= 512, "within the limit: {text}");
    assert!(text.ends_with('\n'), "its last line is whole: {text}");
    let kept = decisions(&text);
    assert!(kept > 0, "{text}");
    assert!(
        warnings[0]
            == format!(
                "attention : la partie n'est plus gardée après la décision {kept} \
                 (fichier trop grand) ; le jeu continue."
            ),
        "{warnings:?}"
    );
    // What it keeps goes on.
    let resumed = run(folder.path(), state.path(), &["--resume"], "");
    let err = util::stderr(&resumed);
    assert_eq!(resumed.status.code(), Some(1), "{err}");
    assert!(err.contains(&format!("awale, {kept} décisions")), "{err}");
}

/// Issue 35: `--resume` of a kept game, then a write error (here the
/// file-size limit), removed the whole kept file, every decision that was
/// on disk before the command included. It now stays as it was.
#[cfg(unix)]
#[test]
fn a_resumed_game_that_cannot_be_written_keeps_every_decision_it_had() {
    let folder = folder();
    let state = TempDir::new();
    let moves =
        std::fs::read_to_string(util::workspace_root().join("tests/cmd/awale-sud-both.stdin"))
            .expect("the golden game's moves");
    let first: Vec<&str> = moves.split_whitespace().take(30).collect();
    let left = run(folder.path(), state.path(), &["awale"], &first.join("\n"));
    assert_eq!(left.status.code(), Some(1), "{}", util::stderr(&left));
    let (path, before) = only_game(state.path());
    assert_eq!(decisions(&before), 30, "{before}");

    let rest: Vec<&str> = moves.split_whitespace().skip(30).take(10).collect();
    let resumed = util::output(
        &mut limited(folder.path(), state.path(), 0, &["--resume"]),
        rest.join("\n").as_bytes(),
    );
    let err = util::stderr(&resumed);
    assert_eq!(resumed.status.code(), Some(1), "{err}");
    let warnings = warnings(&resumed);
    assert_eq!(warnings.len(), 1, "{err}");
    assert!(
        warnings[0]
            == "attention : la partie n'est plus gardée après la décision 30 (fichier trop \
                grand) ; le jeu continue.",
        "{err}"
    );
    assert_eq!(
        std::fs::read_to_string(&path).expect("the kept game is still there"),
        before,
        "not a byte changed"
    );
    // With room again, it goes on from there.
    let again = run(folder.path(), state.path(), &["--resume"], &rest.join("\n"));
    let err = util::stderr(&again);
    assert!(err.contains("awale, 30 décisions"), "{err}");
    let (_, after) = only_game(state.path());
    assert_eq!(decisions(&after), 40, "{after}");
    assert!(after.starts_with(&before), "{after}");
}

/// Issue 25: an empty kept game (a disk full at a game's start) or a
/// header alone (a crash) blocked `--resume` of all the others.
#[test]
fn resume_passes_over_an_empty_and_a_header_only_game() {
    let folder = folder();
    let state = TempDir::new();
    let left = run(folder.path(), state.path(), &["awale"], "3\n");
    assert_eq!(left.status.code(), Some(1));
    let (usable, text) = only_game(state.path());
    let (header, _) = text.split_once("\n\n").expect("a header");
    let games = state.path().join("awale/games");
    let empty = games.join("2026-01-01T000000.000Z-awale.txt");
    let header_only = games.join("2026-01-01T000000.001Z-awale.txt");
    std::thread::sleep(std::time::Duration::from_millis(50));
    std::fs::write(&empty, "").expect("an empty game");
    std::fs::write(&header_only, format!("{header}\n")).expect("a header alone");

    let resumed = run(folder.path(), state.path(), &["--resume"], "0\n");
    let err = util::stderr(&resumed);
    assert_eq!(resumed.status.code(), Some(0), "{err}");
    let passed: Vec<&str> = err
        .lines()
        .filter(|line| line.starts_with("Partie passée : "))
        .collect();
    assert_eq!(passed.len(), 2, "{err}");
    assert!(passed.iter().any(|line| line.contains("est vide")), "{err}");
    assert!(
        passed.iter().any(|line| line.contains("aucune décision")),
        "{err}"
    );
    assert!(
        err.contains(&format!(
            "Reprise de la partie 3 : awale, 1 décision ({}).",
            util::short_name(&usable, "awale")
        )),
        "{err}"
    );
    let text = std::fs::read_to_string(&usable).expect("the resumed game");
    assert!(text.contains("\n1. SUD 3\n2. NORD 0\n\n[Result "), "{text}");
    assert_eq!(std::fs::read(&empty).expect("left as it was"), b"");
}

/// Issue 25: a kept game that fails to replay is never picked twice.
/// Issue 35: the first `--resume` failed on it (status 2) and only the
/// second passed over it; the first now passes over it, before printing
/// anything of it, and goes on with the next game.
#[test]
fn a_kept_game_that_fails_to_replay_is_passed_over_at_once() {
    let folder = folder();
    let state = TempDir::new();
    let other = run(folder.path(), state.path(), &["awale"], "4\n");
    assert_eq!(other.status.code(), Some(1));
    let [other] = games(state.path()).try_into().expect("one kept game");
    std::thread::sleep(std::time::Duration::from_millis(50));
    let left = run(folder.path(), state.path(), &["awale"], "3\n");
    assert_eq!(left.status.code(), Some(1));
    let path = games(state.path())
        .into_iter()
        .find(|path| *path != other)
        .expect("a second kept game");
    let text = std::fs::read_to_string(&path).expect("the kept game");
    std::fs::write(&path, format!("{text}2. SUD 4\n")).expect("a decision out of turn");

    let resumed = run(folder.path(), state.path(), &["--resume"], "");
    let err = util::stderr(&resumed);
    assert_eq!(resumed.status.code(), Some(1), "{err}");
    assert!(
        err.starts_with(&format!(
            "Partie passée : {}, ligne 12 : SUD ne décide pas maintenant,\n\
             NORD décide.\n\
             Reprise de la partie 2 : awale, 1 décision ({}).\n",
            util::short_name(&path, "awale"),
            util::short_name(&other, "awale")
        )),
        "{err}"
    );
    assert_eq!(
        util::stdout(&resumed).matches("A NORD de jouer.").count(),
        1,
        "only the game resumed is played"
    );
    // The game resumed is the first now; asked for by its number, the
    // other is one error line.
    let named = run(folder.path(), state.path(), &["--resume", "2"], "");
    let err = util::stderr(&named);
    assert_eq!(named.status.code(), Some(2), "{err}");
    assert!(
        err.contains("elle n'a pas pu être rejouée la dernière fois"),
        "{err}"
    );
}

/// Issue 43: a kept game whose set-up the host refuses (an option the
/// variant refuses, a seat it does not have, a position no game reaches)
/// stopped the first `--resume` with status 2 although an older game was
/// there; each is now passed over at once, in one line, marked so, and the
/// newest game that replays goes on.
#[test]
fn kept_games_whose_set_up_is_refused_are_passed_over_at_once() {
    let folder = folder();
    let state = TempDir::new();
    let left = run(folder.path(), state.path(), &["awale"], "3\n");
    assert_eq!(left.status.code(), Some(1), "{}", util::stderr(&left));
    let (usable, text) = only_game(state.path());
    let games = state.path().join("awale/games");
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("after the epoch")
        .as_secs();
    let forged: Vec<PathBuf> = [
        text.replace(
            "[First \"SUD\"]",
            "[Set \"capture=sideways\"]\n[First \"SUD\"]",
        ),
        text.replace("[First \"SUD\"]", "[First \"EST\"]"),
        text.replace(
            "[First \"SUD\"]",
            "[Position \"awale:S:1,0,0,0,0,0,1,0,0,0,0,0:25,21\"]\n[First \"SUD\"]",
        )
        .replace("1. SUD 3", "1. SUD 1"),
    ]
    .iter()
    .enumerate()
    .map(|(index, forged)| {
        assert_ne!(forged, &text);
        let path = games.join(format!("2099-01-01T000000.00{index}Z-awale.txt"));
        std::fs::write(&path, forged).expect("a forged game");
        written_at(&path, now + 10 * (index as u64 + 1));
        path
    })
    .collect();

    let resumed = run(folder.path(), state.path(), &["--resume"], "0\n");
    let err = util::stderr(&resumed);
    assert_eq!(resumed.status.code(), Some(0), "{err}");
    // Lines broken within 80 columns joined again.
    let mut lines: Vec<String> = Vec::new();
    for line in err.lines() {
        match lines.last_mut() {
            Some(last)
                if last.starts_with("Partie passée")
                    && !line.starts_with("Partie passée")
                    && !line.starts_with("Reprise") =>
            {
                last.push(' ');
                last.push_str(line);
            }
            _ => lines.push(line.to_owned()),
        }
    }
    let passed: Vec<&String> = lines
        .iter()
        .take_while(|line| line.starts_with("Partie passée : "))
        .collect();
    assert_eq!(passed.len(), 3, "{err}");
    for (line, path) in passed.iter().zip(forged.iter().rev()) {
        // Each kept game by its short name (`--resume`'s), not its path.
        let short = util::short_name(path, "awale");
        assert!(
            line.starts_with(&format!("Partie passée : {short}, ")),
            "{line}"
        );
    }
    assert!(passed[2].contains("capture"), "{err}");
    assert!(passed[1].contains("EST"), "{err}");
    assert!(passed[0].contains("25 graines"), "{err}");
    let usable_short = util::short_name(&usable, "awale");
    assert_eq!(
        lines.get(3).map(String::as_str),
        Some(format!("Reprise de la partie 4 : awale, 1 décision ({usable_short}).").as_str()),
        "{err}"
    );
    for path in &forged {
        let text = std::fs::read_to_string(path).expect("the forged game, kept");
        assert!(text.contains("\n[Unplayable \""), "{text}");
    }
}

/// A kept game's file, with the header the host writes, last written
/// `number` seconds after the epoch's first hour.
fn kept_file(games: &Path, number: usize) -> PathBuf {
    let path = games.join(format!("2000-01-01T000000.{number:03}Z-awale.txt"));
    let header = "[Variant \"awale\"]\n[First \"SUD\"]\n[Seed \"1\"]\n\n1. SUD 3\n";
    std::fs::write(&path, header).expect("an old game");
    written_at(&path, 3600 + number as u64);
    path
}

/// Sets when `path` was last written, in seconds after the epoch.
fn written_at(path: &Path, seconds: u64) {
    let time = std::time::UNIX_EPOCH + std::time::Duration::from_secs(seconds);
    std::fs::File::options()
        .write(true)
        .open(path)
        .and_then(|file| file.set_modified(time))
        .expect("the time can be set");
}

/// Issue 25: pruning removed any `*.txt` of the folder.
#[test]
fn pruning_leaves_what_the_host_did_not_write() {
    let folder = folder();
    let state = TempDir::new();
    let kept = state.path().join("awale/games");
    std::fs::create_dir_all(&kept).expect("the folder");
    util::set_mode(&kept, 0o700);
    let notes = kept.join("notes.txt");
    std::fs::write(&notes, "mes notes\n").expect("notes");
    let named = kept.join("ma-partie.txt");
    std::fs::write(
        &named,
        "[Variant \"awale\"]\n[First \"SUD\"]\n[Seed \"1\"]\n\n",
    )
    .expect("a record the user named");
    let forged = kept.join("2000-01-01T000000.999Z-awale.txt");
    std::fs::write(&forged, "not a record\n").expect("a file named as a kept game");
    // The oldest: among the files pruning looks at, and left.
    written_at(&forged, 1);
    for number in 0..105 {
        kept_file(&kept, number);
    }
    let played = run(folder.path(), state.path(), &["awale"], "3 0\n");
    assert_eq!(played.status.code(), Some(0), "{}", util::stderr(&played));
    assert!(notes.exists() && named.exists() && forged.exists());
    // 106 of the host's own, the oldest 6 removed; the forged one left.
    assert_eq!(games(state.path()).len(), 3 + 100);
    assert!(!kept.join("2000-01-01T000000.005Z-awale.txt").exists());
    assert!(kept.join("2000-01-01T000000.006Z-awale.txt").exists());
}

/// Issue 25: a symlinked games folder was followed (as root with a user's
/// `HOME`, pruning deleted root's own files).
#[cfg(unix)]
#[test]
fn a_symlinked_games_folder_is_not_followed() {
    let folder = folder();
    let state = TempDir::new();
    let elsewhere = TempDir::new();
    for number in 0..105 {
        kept_file(elsewhere.path(), number);
    }
    std::fs::create_dir_all(state.path().join("awale")).expect("the state folder");
    std::os::unix::fs::symlink(elsewhere.path(), state.path().join("awale/games"))
        .expect("a symlink");
    let played = run(folder.path(), state.path(), &["awale"], "3 0\n");
    assert_eq!(played.status.code(), Some(0), "{}", util::stderr(&played));
    let said = not_kept(&played);
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(said[0].contains("est un lien symbolique"), "{said:?}");
    let left = std::fs::read_dir(elsewhere.path())
        .expect("the folder")
        .count();
    assert_eq!(left, 105, "nothing removed, nothing added");
    let resumed = run(folder.path(), state.path(), &["--resume"], "");
    assert_eq!(resumed.status.code(), Some(2));
    assert!(util::stderr(&resumed).contains("est un lien symbolique"));
}

/// Issue 35 (low): only the games folder was owner-checked, not the
/// folders above it; one that all users may write (without its sticky
/// bit), or that another user owns, could be given another games folder.
#[cfg(unix)]
#[test]
fn a_games_folder_in_a_folder_others_control_is_not_used() {
    use std::os::unix::fs::MetadataExt;
    let folder = folder();
    let above = TempDir::new();
    let state = above.path().join("state");
    std::fs::create_dir_all(&state).expect("the state folder");
    util::set_mode(above.path(), 0o777);
    let played = run(folder.path(), &state, &["awale"], "3 0\n");
    assert_eq!(played.status.code(), Some(0), "{}", util::stderr(&played));
    let games = state.join("awale/games");
    assert_eq!(
        not_kept(&played),
        [format!(
            "Cette partie n'est pas gardée : le dossier des parties gardées {} est dans {}, où \
             tous peuvent écrire et mettre un autre dossier à sa place : il ne sert pas \
             (lancez `chmod o-w {1}`, ou `chmod +t {1}`).",
            games.display(),
            above.path().display()
        )]
    );
    assert_eq!(std::fs::read_dir(&games).expect("made").count(), 0);
    let listed = run(folder.path(), &state, &["--kept"], "");
    assert_eq!(listed.status.code(), Some(2), "{}", util::stderr(&listed));
    // Sticky, as the system's temporary folder: each user's own entries.
    util::set_mode(above.path(), 0o1777);
    let played = run(folder.path(), &state, &["awale"], "3 0\n");
    assert_eq!(not_kept(&played), Vec::<String>::new());
    util::set_mode(above.path(), 0o755);
    let me = std::fs::metadata(&state).expect("the state folder").uid();
    if me == 0 {
        // Only root can give a folder away: check that refusal then.
        std::os::unix::fs::chown(above.path(), Some(65534), None).expect("chown as root");
        let played = run(folder.path(), &state, &["awale"], "3 0\n");
        let said = not_kept(&played);
        assert!(
            said.len() == 1 && said[0].contains("qui appartient à l'utilisateur 65534"),
            "{said:?}"
        );
        std::os::unix::fs::chown(above.path(), Some(0), None).expect("given back");
    }
}

/// Issue 43: the folders above the kept games' folder were checked along
/// its path as named only: a state folder linked to one in a folder all
/// users may write (`~/.local/state` moved elsewhere) kept games there.
#[cfg(unix)]
#[test]
fn a_state_folder_linked_into_a_folder_others_control_is_not_used() {
    let folder = folder();
    let elsewhere = TempDir::new();
    let real = elsewhere.path().join("state");
    std::fs::create_dir_all(&real).expect("the real state folder");
    let home = TempDir::new();
    let state = home.path().join("state");
    std::os::unix::fs::symlink(&real, &state).expect("a link");
    util::set_mode(elsewhere.path(), 0o777);
    let played = run(folder.path(), &state, &["awale"], "3 0\n");
    let listed = run(folder.path(), &state, &["--kept"], "");
    util::set_mode(elsewhere.path(), 0o755);
    assert_eq!(played.status.code(), Some(0), "{}", util::stderr(&played));
    let said = not_kept(&played);
    assert!(
        said.len() == 1
            && said[0].contains(&format!(
                "est dans {}, où tous peuvent",
                elsewhere.path().display()
            )),
        "{said:?}"
    );
    assert_eq!(listed.status.code(), Some(2), "{}", util::stderr(&listed));
}

/// Issue 27: the end of the input said only "error: the input ended".
#[test]
fn stopping_a_kept_or_recorded_game_says_how_to_go_on() {
    let folder = folder();
    let state = TempDir::new();
    let not_kept = run(
        folder.path(),
        state.path(),
        &["awale", "--no-keep"],
        "3 8\n",
    );
    let kept = run(folder.path(), state.path(), &["awale"], "3 8\n");
    assert_eq!(kept.status.code(), Some(1));
    assert_eq!(util::stdout(&kept), util::stdout(&not_kept));
    let last = |output: &Output| util::stderr(output).lines().last().map(str::to_owned);
    assert_eq!(
        last(&not_kept).as_deref(),
        Some("erreur : l'entrée s'est terminée avant la fin de la partie")
    );
    assert_eq!(
        last(&kept).as_deref(),
        Some("Partie gardée : host --resume la reprend.")
    );
    let records = TempDir::new();
    let record = records.path().join("partie.txt");
    let recorded = run(
        folder.path(),
        state.path(),
        &["awale", "--record", path_arg(&record)],
        "3 8\n",
    );
    let shown = record.display();
    assert_eq!(
        last(&recorded),
        Some(format!(
            "Partie enregistrée dans {shown} : host --replay {shown} --record {shown} la continue."
        ))
    );
    let continued = run(
        folder.path(),
        state.path(),
        &[
            "--replay",
            path_arg(&record),
            "--record",
            path_arg(&record),
            "--think",
            "0.5",
        ],
        "4 0\n",
    );
    assert_eq!(
        continued.status.code(),
        Some(0),
        "{}",
        util::stderr(&continued)
    );
}

/// Issue 27: Ctrl-C while the computer thinks was ignored at a terminal
/// and ended the host without a word elsewhere. It now says where the game is.
#[cfg(unix)]
#[test]
fn ctrl_c_says_how_to_go_on() {
    use std::io::Write;
    let folder = folder();
    let state = TempDir::new();
    // NORD thinks for up to a minute after SUD's decision is kept.
    let args = [
        "awale",
        "--computer",
        "nord=4",
        "--think",
        "60",
        "--threads",
        "1",
    ];
    let mut child = host_with_state(folder.path(), state.path(), &args)
        .spawn()
        .expect("host starts");
    let mut input = child.stdin.take().expect("stdin");
    input.write_all(b"3\n").expect("the host reads");
    let started = std::time::Instant::now();
    while !games(state.path())
        .first()
        .and_then(|path| std::fs::read_to_string(path).ok())
        .is_some_and(|text| text.contains("1. SUD 3\n"))
    {
        assert!(started.elapsed().as_secs() < 30, "the decision is kept");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let interrupted = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(interrupted.success());
    let stopped = child.wait_with_output().expect("the host ends");
    drop(input);
    assert_eq!(stopped.status.code(), Some(1));
    let err = util::stderr(&stopped);
    assert!(
        !err.contains("NORD (ordinateur) joue"),
        "stopped while NORD thought: {err}"
    );
    assert_eq!(
        err.lines().last(),
        Some("Partie gardée : host --resume la reprend.")
    );
}

/// Issue 27: kept games could not be listed nor chosen.
#[test]
fn kept_lists_three_games_and_resume_2_goes_on_with_the_second() {
    let folder = folder();
    let state = TempDir::new();
    for first in ["3", "4", "5"] {
        let left = run(
            folder.path(),
            state.path(),
            &["awale"],
            &format!("{first}\n"),
        );
        assert_eq!(left.status.code(), Some(1));
        // Kept games are listed by the time they were last written.
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let listed = run(folder.path(), state.path(), &["--kept"], "");
    assert_eq!(listed.status.code(), Some(0), "{}", util::stderr(&listed));
    let out = util::stdout(&listed);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    for (number, line) in lines.iter().enumerate() {
        assert!(line.starts_with(&format!("{}. 20", number + 1)), "{line}");
        assert!(
            line.ends_with(" awale, SUD personne, NORD personne, 1 décision, en cours"),
            "{line}"
        );
    }
    let resumed = run(
        folder.path(),
        state.path(),
        &["--resume", "2", "--think", "0.5"],
        "0\n",
    );
    let err = util::stderr(&resumed);
    assert_eq!(resumed.status.code(), Some(0), "{err}");
    assert!(
        err.starts_with("Reprise de la partie 2 : awale, 1 décision ("),
        "{err}"
    );
    let second = games(state.path())
        .into_iter()
        .map(|path| std::fs::read_to_string(path).expect("a kept game"))
        .find(|text| text.contains("\n1. SUD 4\n"))
        .expect("the second game");
    assert!(
        second.contains("\n1. SUD 4\n2. NORD 0\n\n[Result "),
        "{second}"
    );
    // A game too wide for 80 columns goes on in a line under its date.
    let listed =
        util::stdout(&run(folder.path(), state.path(), &["--kept"], "")).replace(",\n   ", ", ");
    assert!(
        listed
            .lines()
            .next()
            .is_some_and(|line| line.contains(" 2 décisions, ") && !line.ends_with("en cours")),
        "{listed}"
    );
    // A game resumed and stopped again is the first, which --resume takes.
    let stopped = run(folder.path(), state.path(), &["--resume", "3"], "");
    let err = util::stderr(&stopped);
    assert_eq!(stopped.status.code(), Some(1), "{err}");
    let oldest = err
        .lines()
        .next()
        .and_then(|line| line.rsplit_once(" ("))
        .map(|(_, file)| file.trim_end_matches(").").to_owned())
        .expect("the file resumed");
    assert!(
        err.ends_with("Partie gardée : host --resume la reprend.\n"),
        "{err}"
    );
    let again = run(folder.path(), state.path(), &["--resume"], "");
    let err = util::stderr(&again);
    assert!(
        err.starts_with(&format!(
            "Reprise de la partie 1 : awale, 1 décision ({oldest})."
        )),
        "{err}"
    );
    let missing = run(folder.path(), state.path(), &["--resume", "9"], "");
    assert_eq!(missing.status.code(), Some(2));
    assert!(util::stderr(&missing).contains("il n'y a pas de partie gardée 9"));
}
