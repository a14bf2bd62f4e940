//! The engine protocol, both ways (`SPEC.md` §2 « Engine protocol »,
//! `docs/engine-protocol.md`): `host --uci` spoken to as Aualé speaks to
//! Aalina, every variant through `UCI_Variant`, malformed lines; `--engine`
//! seats played by `host --uci` (and by engines that die or cheat); the
//! match runner.
//!
//! The exchanges are interactive: a line is sent, then the answer awaited.
//! An answer that never comes fails the test after a minute (a hang), which
//! is a bound on hanging, not a measure of speed.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

use crate::util::{self, TempDir};

/// How long an answer may take before the test calls it a hang.
const HANG: Duration = Duration::from_secs(60);

/// `host --uci` running, spoken to line by line.
struct Uci {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
    /// Every line heard, for the failures' messages.
    heard: Vec<String>,
}

impl Uci {
    fn start(folder: &TempDir, args: &[&str]) -> Uci {
        let mut all = vec!["--uci"];
        all.extend_from_slice(args);
        let mut child = util::host_command(folder.path(), &all)
            .spawn()
            .expect("host starts");
        let input = child.stdin.take().expect("a standard input");
        let output = child.stdout.take().expect("a standard output");
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Uci {
            child,
            input,
            lines,
            heard: Vec::new(),
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").expect("the engine reads its input");
        self.input.flush().expect("the engine reads its input");
    }

    /// The lines heard up to the first that `done` accepts, that one included.
    fn until(&mut self, done: impl Fn(&str) -> bool) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let line = self
                .lines
                .recv_timeout(HANG)
                .unwrap_or_else(|_| panic!("no answer; heard so far:\n{}", self.heard.join("\n")));
            self.heard.push(line.clone());
            lines.push(line.clone());
            if done(&line) {
                return lines;
            }
        }
    }

    /// Sends `line`, then waits for the answer that starts with `answer`.
    fn ask(&mut self, line: &str, answer: &str) -> Vec<String> {
        self.send(line);
        self.until(|heard| heard.starts_with(answer))
    }

    /// The move of the `bestmove` line in `lines`.
    fn best(lines: &[String]) -> String {
        let last = lines.last().expect("a bestmove line");
        last.split_whitespace().nth(1).expect("a move").to_owned()
    }

    fn quit(mut self) {
        self.send("quit");
        let status = self.child.wait().expect("the engine ends");
        assert!(status.success(), "{status}");
    }
}

/// A plugins folder of every variant.
fn every_variant() -> TempDir {
    util::plugins_folder(&util::variant_libraries())
}

#[test]
fn oware_abapa_as_aulae_speaks_it() {
    let folder = util::awale_folder();
    let mut uci = Uci::start(&folder, &[]);
    let hello = uci.ask("uci", "uciok");
    assert!(hello[0].starts_with("id name awale "), "{hello:?}");
    assert!(hello.iter().any(|l| l.starts_with("id author ")));
    for option in ["Threads", "Hash", "OwnBook", "Ponder", "UCI_Variant"] {
        assert!(
            hello
                .iter()
                .any(|l| l.starts_with(&format!("option name {option} type "))),
            "{option}: {hello:?}"
        );
    }
    assert!(hello.contains(
        &"option name capture type combo default backward var both var backward".to_owned()
    ));
    assert_eq!(uci.ask("isready", "readyok"), ["readyok"]);
    uci.send("ucinewgame");
    uci.send("setoption name Threads value 1");
    uci.send("setoption name Hash value 32");
    uci.send("setoption name OwnBook value false");
    // As Aualé asks: moves together, depth and time together.
    uci.send("position startpos moves AfBe");
    let lines = uci.ask("go depth 6 movetime 2400", "bestmove");
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth "))
        .collect();
    assert!(!infos.is_empty(), "{lines:?}");
    for info in &infos {
        let words: Vec<&str> = info.split_whitespace().collect();
        assert_eq!(&words[3..5], ["score", "cp"], "{info}");
        assert!(words[5].parse::<i64>().is_ok(), "{info}");
        assert!(words.contains(&"pv"), "{info}");
    }
    let depths: Vec<u32> = infos
        .iter()
        .filter_map(|l| l.split_whitespace().nth(2)?.parse().ok())
        .collect();
    assert!(depths.iter().all(|&d| d <= 6), "{depths:?}");
    let best = Uci::best(&lines);
    // SUD to move: one of its letters.
    assert!(
        matches!(best.as_str(), "A" | "B" | "C" | "D" | "E" | "F"),
        "{best}"
    );
    let bestmove = lines.last().cloned().unwrap_or_default();
    assert!(
        bestmove == format!("bestmove {best}")
            || bestmove.starts_with(&format!("bestmove {best} ponder ")),
        "{bestmove}"
    );
    // Spaced moves mean the same.
    uci.send("position startpos moves A f B e");
    assert_eq!(Uci::best(&uci.ask("go depth 1", "bestmove")).len(), 1);
    uci.quit();
}

#[test]
fn stop_ends_an_infinite_search_and_ponderhit_a_pondering_one() {
    let folder = util::awale_folder();
    let mut uci = Uci::start(&folder, &[]);
    uci.ask("uci", "uciok");
    uci.send("position startpos");
    uci.send("go infinite");
    // The search holds its answer: the engine still answers at once.
    let before = uci.ask("isready", "readyok");
    assert!(
        !before.iter().any(|l| l.starts_with("bestmove")),
        "{before:?}"
    );
    let after = uci.ask("stop", "bestmove");
    assert_eq!(
        after.iter().filter(|l| l.starts_with("bestmove")).count(),
        1
    );
    // Pondering on the reply expected, as Aualé does.
    uci.send("position startpos moves Cd");
    uci.send("go ponder movetime 200");
    let before = uci.ask("isready", "readyok");
    assert!(
        !before.iter().any(|l| l.starts_with("bestmove")),
        "{before:?}"
    );
    let after = uci.ask("ponderhit", "bestmove");
    assert!(after.last().is_some_and(|l| l.starts_with("bestmove ")));
    // A pondering search told to stop answers too.
    uci.send("go ponder movetime 200");
    uci.ask("isready", "readyok");
    uci.ask("stop", "bestmove");
    uci.quit();
}

#[test]
fn a_game_plays_to_its_end_through_the_protocol() {
    let folder = util::awale_folder();
    let mut uci = Uci::start(&folder, &[]);
    uci.ask("uci", "uciok");
    let mut moves = String::new();
    for _ in 0..400 {
        uci.send(&format!("position startpos moves {moves}"));
        let best = Uci::best(&uci.ask("go depth 2", "bestmove"));
        if best == "0000" {
            uci.quit();
            assert!(moves.len() >= 10, "{moves}");
            return;
        }
        assert_eq!(best.len(), 1, "{best}");
        moves.push_str(&best);
    }
    panic!("no end after 400 moves: {moves}");
}

#[test]
fn fen_and_position_texts_set_where_the_search_starts() {
    let folder = util::plugins_folder(&[util::library("awale"), util::library("kalah")]);
    let mut uci = Uci::start(&folder, &[]);
    uci.ask("uci", "uciok");
    // SUD to move with one seed in hole 6: F is the only move.
    uci.send("position fen 0-0-0-0-0-1-0-0-0-0-0-2-21-24-S");
    assert_eq!(Uci::best(&uci.ask("go depth 3", "bestmove")), "F");
    // The project's own text says the same position.
    uci.send("position fen awale/capture=backward:S:0,0,0,0,0,1,0,0,0,0,0,2:21,24");
    assert_eq!(Uci::best(&uci.ask("go depth 3", "bestmove")), "F");
    // A finished game: F takes NORD's hole 7 and gives SUD 25 seeds.
    uci.send("position fen 0-0-0-0-0-1-1-0-0-0-0-1-23-22-S moves F");
    let lines = uci.ask("go movetime 100", "bestmove");
    assert_eq!(Uci::best(&lines), "0000");
    // A text of another variant switches to it: its moves are integers.
    uci.send("position fen kalah:S:0,0,0,0,0,1,6,6,6,6,6,6:30,5");
    let best = Uci::best(&uci.ask("go depth 2", "bestmove"));
    assert_eq!(best, "6");
    uci.quit();
}

#[test]
fn every_variant_is_spoken_through_uci_variant() {
    let folder = every_variant();
    let mut uci = Uci::start(&folder, &[]);
    let hello = uci.ask("uci", "uciok");
    let variants = hello
        .iter()
        .find(|l| l.starts_with("option name UCI_Variant "))
        .cloned()
        .unwrap_or_default();
    let ids = util::variant_ids();
    assert_eq!(ids.len(), 23);
    for id in &ids {
        assert!(variants.contains(&format!(" var {id}")), "{id}: {variants}");
    }
    for id in &ids {
        uci.send(&format!("setoption name UCI_Variant value {id}"));
        let options = uci.ask("uci", "uciok");
        assert!(
            options.contains(&format!(
                "option name UCI_Variant type combo default {id} {}",
                variants.split(" default awale ").nth(1).unwrap_or_default()
            )),
            "{id}: {options:?}"
        );
        uci.send("ucinewgame");
        uci.send("position startpos");
        let lines = uci.ask("go depth 2", "bestmove");
        let best = Uci::best(&lines);
        assert!(
            best.parse::<u32>().is_ok() || (id == "awale" && best.len() == 1),
            "{id}: {lines:?}"
        );
        // The move played back, then another search from there.
        uci.send(&format!("position startpos moves {best}"));
        let next = uci.ask("go depth 1", "bestmove");
        assert!(
            !next.iter().any(|l| l.starts_with("info string")),
            "{id}: {next:?}"
        );
    }
    // Games of more than two seats, with an option by name.
    uci.send("setoption name UCI_Variant value oware");
    uci.send("setoption name players value 3");
    uci.send("position startpos moves 2");
    let lines = uci.ask("go movetime 200", "bestmove");
    assert!(Uci::best(&lines).parse::<u32>().is_ok(), "{lines:?}");
    uci.quit();
}

#[test]
fn malformed_lines_are_answered_never_silently() {
    let folder = util::awale_folder();
    let mut uci = Uci::start(&folder, &[]);
    uci.ask("uci", "uciok");
    for (line, said) in [
        ("bogus", "unknown command \"bogus\""),
        ("position", "position expects startpos or fen"),
        ("position fen 1-2-3", "la position « 1-2-3 » a 3 champs"),
        ("position startpos moves Az9", "\"Az9\" is not a move"),
        ("position startpos moves AA", "illegal move A (number 2)"),
        (
            "setoption name nosuch value 1",
            "no option \"nosuch\" in awale",
        ),
        (
            "setoption name capture value sideways",
            "option capture of awale takes both|backward",
        ),
        (
            "setoption name UCI_Variant value nosuch",
            "no variant \"nosuch\"",
        ),
        (
            "setoption name Threads value many",
            "Threads takes 1 to 256",
        ),
        ("setoption", "setoption expects"),
        ("go depth deep", "go depth expects a number"),
    ] {
        uci.send(line);
        let answer = uci.ask("isready", "readyok");
        assert!(
            answer
                .iter()
                .any(|l| l.starts_with("info string") && l.contains(said)),
            "{line}: {answer:?}"
        );
        if line.starts_with("go") {
            // Without a depth it searches until told to stop.
            uci.ask("stop", "bestmove");
        }
    }
    let help = uci.ask("help", "info string bestmove");
    uci.quit();
    // The words of `help` are the docs' (docs/engine-protocol.md).
    let docs = std::fs::read_to_string(util::workspace_root().join("docs/engine-protocol.md"))
        .expect("the protocol's page");
    let block = docs
        .split("```text\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .unwrap_or_default();
    let said: Vec<&str> = help
        .iter()
        .map(|line| line.strip_prefix("info string ").unwrap_or(line))
        .collect();
    assert_eq!(said, block.lines().collect::<Vec<_>>());
}

#[test]
fn quit_ends_the_engine_at_once_even_while_it_searches() {
    let folder = util::awale_folder();
    let mut uci = Uci::start(&folder, &[]);
    uci.ask("uci", "uciok");
    uci.send("go infinite");
    uci.ask("isready", "readyok");
    uci.quit();
    // The end of the input is a quit too.
    let game = util::host(folder.path(), &["--uci"], "uci\nisready\n");
    assert_eq!(game.status.code(), Some(0));
    assert!(util::stdout(&game).ends_with("uciok\nreadyok\n"));
}

/// The command that starts `host --uci` on `folder`, for `--engine`.
fn engine_command(folder: &TempDir) -> String {
    format!(
        "{} --uci --threads 1 --plugins {}",
        util::path_arg(&util::host_exe()),
        util::path_arg(folder.path())
    )
}

#[test]
fn a_seat_played_by_an_engine_of_the_protocol() {
    let folder = util::awale_folder();
    let engine = format!("nord={}", engine_command(&folder));
    let game = util::host(
        folder.path(),
        &["awale", "--engine", &engine, "--think", "0.1", "--no-keep"],
        "1 2 3 4 5 6 0\n",
    );
    let (out, err) = (util::stdout(&game), util::stderr(&game));
    assert!(err.contains("NORD (moteur) joue "), "{err}");
    assert!(out.contains("A NORD de jouer."), "{out}");
    assert!(
        game.status.code() == Some(0) || err.contains("l'entrée s'est terminée"),
        "{err}"
    );
    // A seat cannot be both the computer's and an engine's.
    let both = util::host(
        folder.path(),
        &["awale", "--engine", &engine, "--computer", "nord"],
        "",
    );
    assert_eq!(both.status.code(), Some(2), "{}", util::stderr(&both));
}

#[cfg(unix)]
#[test]
fn an_engine_that_dies_or_cheats_is_said_and_the_game_kept() {
    use std::os::unix::fs::PermissionsExt;
    let folder = util::awale_folder();
    let scripts = TempDir::new();
    // Answers every `go` with SUD's hole 1, never NORD's.
    let cheat = scripts.write(
        "cheat.sh",
        b"#!/bin/sh\nwhile read line; do case \"$line\" in uci) echo uciok;; isready) echo readyok;; go*) echo 'bestmove A';; quit) exit 0;; esac; done\n",
    );
    // Shakes hands, then dies at its first `go`.
    let dying = scripts.write(
        "dying.sh",
        b"#!/bin/sh\nwhile read line; do case \"$line\" in uci) echo uciok;; isready) echo readyok;; go*) exit 3;; esac; done\n",
    );
    // Thinks aloud once, a second after `go`, then never answers: the line
    // says the whole time it was given (0.1 s and 2 s of grace).
    let silent = scripts.write(
        "silent.sh",
        b"#!/bin/sh\nwhile read line; do case \"$line\" in uci) echo uciok;; isready) echo readyok;; go*) sleep 1; echo 'info depth 1 score cp 0'; exec sleep 30;; esac; done\n",
    );
    for script in [&cheat, &dying, &silent] {
        std::fs::set_permissions(script, std::fs::Permissions::from_mode(0o755))
            .expect("a script made executable");
    }
    let state = TempDir::new();
    for (script, said) in [
        (&cheat, "a joué un coup interdit : A"),
        (&dying, "s'est arrêté"),
        (&silent, "n'a pas répondu à go en 2.1 s"),
    ] {
        let engine = format!("nord={}", util::path_arg(script));
        let game = util::output(
            &mut util::host_with_state(
                folder.path(),
                state.path(),
                &["awale", "--engine", &engine, "--think", "0.1"],
            ),
            b"1\n",
        );
        let err = util::stderr(&game);
        assert_eq!(game.status.code(), Some(1), "{err}");
        let engine_lines: Vec<&str> = err.lines().filter(|l| l.contains("le moteur")).collect();
        assert_eq!(engine_lines.len(), 1, "{err}");
        assert!(engine_lines[0].contains(said), "{err}");
        assert!(engine_lines[0].contains(util::path_arg(script)), "{err}");
        assert!(err.contains("--resume"), "{err}");
    }
    // The kept game goes on with a person in that seat: NORD plays 7, then
    // SUD resigns.
    let resumed = util::output(
        &mut util::host_with_state(folder.path(), state.path(), &["--resume"]),
        b"7 abandon\n",
    );
    let out = util::stdout(&resumed);
    assert_eq!(resumed.status.code(), Some(0), "{}", util::stderr(&resumed));
    assert!(out.ends_with("NORD gagne la partie d'Awalé.\n"), "{out}");
}

#[test]
fn the_match_runner_plays_each_opening_both_ways_and_tallies() {
    let folder = util::awale_folder();
    let engine = engine_command(&folder);
    let played = util::host(
        folder.path(),
        &[
            "awale", "--match", &engine, "--match", &engine, "--games", "2", "--think", "0.05",
            "--seed", "3",
        ],
        "",
    );
    let out = util::stdout(&played);
    assert_eq!(played.status.code(), Some(0), "{}", util::stderr(&played));
    let games: Vec<&str> = out.lines().filter(|l| l.starts_with("Partie ")).collect();
    assert_eq!(games.len(), 2, "{out}");
    assert!(
        games[0].contains("A en SUD") && games[1].contains("A en NORD"),
        "{out}"
    );
    // The same opening both ways.
    let opening = |line: &str| {
        line.split("ouverture ")
            .nth(1)
            .and_then(|r| r.split(' ').next())
            .map(str::to_owned)
    };
    assert_eq!(opening(games[0]), opening(games[1]));
    assert!(out.contains("Match de 2 parties : A "), "{out}");
    assert!(out.contains("(intervalle à 95 %), Elo "), "{out}");
    assert!(out.contains("Temps par coup : A "), "{out}");
}
