//! An engine of the protocol run as a child process (`SPEC.md` §2
//! `--engine`): started from a command line, spoken to on its standard
//! input, heard on its standard output by a thread of its own, so that no
//! answer is waited for longer than its time. Every way an engine can fail
//! (it cannot start, dies, hangs, answers garbage) is an
//! [`EngineError`], one line naming the engine.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use variant_api::{Game, Inputs};

use crate::uci::notation::{abapa_fen, Dialect};
use crate::uci::ABAPA_VARIANT;

/// How long an engine may take to answer `uci` and `isready` (Aualé
/// waits 8 s).
pub(crate) const HANDSHAKE: Duration = Duration::from_secs(10);

/// How long past its time an engine may take to send its `bestmove`.
pub(crate) const GRACE: Duration = Duration::from_secs(2);

/// The longest line read from an engine; a longer one is garbage.
const MAX_LINE: usize = 64 * 1024;

/// Why an engine could not give a move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum EngineError {
    /// It could not be started.
    NotStarted(String),
    /// Its standard output closed (it ended, or crashed).
    Died,
    /// It did not answer in time.
    Hung(&'static str, Duration),
    /// It answered what the protocol does not say.
    Garbage(String),
    /// Its move is not one the rules accept now.
    Illegal(String),
}

impl EngineError {
    /// The error in French, in a line that names the engine `name`.
    pub(crate) fn said(&self, name: &str) -> String {
        match self {
            EngineError::NotStarted(why) => {
                format!("le moteur « {name} » ne démarre pas : {why}")
            }
            EngineError::Died => format!("le moteur « {name} » s'est arrêté"),
            EngineError::Hung(what, time) => format!(
                "le moteur « {name} » n'a pas répondu à {what} en {:.1} s",
                time.as_secs_f64()
            ),
            EngineError::Garbage(line) => {
                format!("le moteur « {name} » a répondu hors protocole : {line:?}")
            }
            EngineError::Illegal(mv) => {
                format!("le moteur « {name} » a joué un coup interdit : {mv}")
            }
        }
    }
}

/// What an engine answered to `go`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Answer {
    /// The `bestmove` token.
    pub(crate) best: String,
    /// The `ponder` token, if any.
    pub(crate) ponder: Option<String>,
    /// The last `info … score cp X` seen, if any.
    pub(crate) score: Option<i64>,
    /// The time from `go` to `bestmove`.
    pub(crate) took: Duration,
}

/// A running engine.
#[derive(Debug)]
pub(crate) struct Engine {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
    /// The name it gave (`id name`), or its command.
    pub(crate) name: String,
}

impl Engine {
    /// Starts `command` (split as a POSIX shell would, without running a
    /// shell) and shakes hands: `uci` … `uciok`, `isready` … `readyok`.
    pub(crate) fn start(command: &str) -> Result<Engine, EngineError> {
        let words = shlex::split(command)
            .filter(|words| !words.is_empty())
            .ok_or_else(|| EngineError::NotStarted("commande vide ou mal citée".to_owned()))?;
        let mut child = Command::new(&words[0])
            .args(&words[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|error| EngineError::NotStarted(crate::util::shown::system_error(&error)))?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            return Err(EngineError::NotStarted("pas de tubes".to_owned()));
        };
        let (sender, lines) = mpsc::channel();
        let reader = std::thread::Builder::new()
            .name("engine-output".to_owned())
            .spawn(move || {
                let mut output = BufReader::new(output);
                loop {
                    let mut line = Vec::new();
                    match output
                        .by_ref()
                        .take(MAX_LINE as u64)
                        .read_until(b'\n', &mut line)
                    {
                        Ok(0) | Err(_) => break,
                        Ok(_) => {}
                    }
                    let line = String::from_utf8_lossy(&line).trim().to_owned();
                    if sender.send(line).is_err() {
                        break;
                    }
                }
            });
        if let Err(error) = reader {
            let _ = child.kill();
            return Err(EngineError::NotStarted(error.to_string()));
        }
        let mut engine = Engine {
            child,
            input,
            lines,
            name: command.to_owned(),
        };
        engine.send("uci")?;
        let asked = Instant::now();
        loop {
            let line = engine.line(asked, HANDSHAKE, "uci")?;
            if let Some(name) = line.strip_prefix("id name ") {
                engine.name = name.trim().to_owned();
            }
            if line == "uciok" {
                break;
            }
        }
        engine.ready()?;
        Ok(engine)
    }

    /// Sends one line.
    fn send(&mut self, line: &str) -> Result<(), EngineError> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|_| EngineError::Died)
    }

    /// The next line, by `allowed` after the request `what` was sent at
    /// `asked`.
    fn line(
        &self,
        asked: Instant,
        allowed: Duration,
        what: &'static str,
    ) -> Result<String, EngineError> {
        let wait = (asked + allowed).saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(EngineError::Hung(what, allowed)),
            Err(RecvTimeoutError::Disconnected) => Err(EngineError::Died),
        }
    }

    /// `isready` … `readyok`.
    pub(crate) fn ready(&mut self) -> Result<(), EngineError> {
        self.send("isready")?;
        let asked = Instant::now();
        while self.line(asked, HANDSHAKE, "isready")? != "readyok" {}
        Ok(())
    }

    /// `setoption name NAME value VALUE`.
    pub(crate) fn set_option(&mut self, name: &str, value: &str) -> Result<(), EngineError> {
        self.send(&format!("setoption name {name} value {value}"))
    }

    /// Sets the variant and its options, as the protocol names them: Oware
    /// Abapa (`awale` with `capture=backward`) is the protocol's default
    /// and needs no word, so that an engine of that game alone (Aalina)
    /// hears nothing it does not know.
    pub(crate) fn set_variant(
        &mut self,
        id: &str,
        options: &[(String, String)],
    ) -> Result<(), EngineError> {
        let abapa = id == ABAPA_VARIANT
            && options
                .iter()
                .all(|(key, value)| key == "capture" && value == "backward");
        if !abapa {
            self.set_option("UCI_Variant", id)?;
            for (key, value) in options {
                self.set_option(key, value)?;
            }
        }
        self.send("ucinewgame")?;
        self.ready()
    }

    /// Asks for a move: `position …` (`start`: the position text a game
    /// started from, `None` for the variant's start; then `moves`, the
    /// inputs played since), then `go movetime MS`; waits `MS` and
    /// [`GRACE`] for the `bestmove`.
    pub(crate) fn go(
        &mut self,
        dialect: Dialect,
        start: Option<&str>,
        moves: &[u32],
        movetime: Duration,
    ) -> Result<Answer, EngineError> {
        let position = match start {
            None => "position startpos".to_owned(),
            Some(text) => {
                let body = text.split_once(':').map_or("", |(_, body)| body);
                let plain_abapa = text.starts_with("awale/capture=backward:");
                match abapa_fen(body).filter(|_| dialect == Dialect::Abapa && plain_abapa) {
                    Some(fen) => format!("position fen {fen}"),
                    None => format!("position fen {text}"),
                }
            }
        };
        let position = if moves.is_empty() {
            position
        } else {
            format!("{position} moves {}", dialect.write_line(moves))
        };
        self.send(&position)?;
        let ms = movetime.as_millis().max(1);
        self.send(&format!("go movetime {ms}"))?;
        let asked = Instant::now();
        let mut score = None;
        loop {
            let line = self.line(asked, movetime + GRACE, "go")?;
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.as_slice() {
                ["bestmove", best, rest @ ..] => {
                    let ponder = match rest {
                        ["ponder", ponder, ..] => Some((*ponder).to_owned()),
                        _ => None,
                    };
                    return Ok(Answer {
                        best: (*best).to_owned(),
                        ponder,
                        score,
                        took: asked.elapsed(),
                    });
                }
                ["info", rest @ ..] => {
                    if let Some(at) = rest.windows(2).position(|w| w == ["score", "cp"]) {
                        score = rest.get(at + 2).and_then(|cp| cp.parse().ok()).or(score);
                    }
                }
                [] => {}
                _ => {}
            }
        }
    }
}

impl Engine {
    /// The engine's move in `game` ([`Engine::go`]), checked: one move
    /// of `dialect` that the rules accept now, and the time it took.
    pub(crate) fn decide(
        &mut self,
        game: &Game,
        dialect: Dialect,
        start: Option<&str>,
        history: &[u32],
        movetime: Duration,
    ) -> Result<(u32, Duration), EngineError> {
        let answer = self.go(dialect, start, history, movetime)?;
        let input = match dialect.read(&[answer.best.as_str()]).as_deref() {
            Ok([input]) => *input,
            _ => return Err(EngineError::Garbage(format!("bestmove {}", answer.best))),
        };
        let mut inputs = Inputs::new();
        if game.legal_inputs(&mut inputs).is_err() || !inputs.contains(input) {
            return Err(EngineError::Illegal(answer.best));
        }
        Ok((input, answer.took))
    }
}

impl Drop for Engine {
    /// `quit`, a moment to leave, then the process is killed.
    fn drop(&mut self) {
        let _ = self.send("quit");
        let until = Instant::now() + Duration::from_millis(300);
        while Instant::now() < until {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
