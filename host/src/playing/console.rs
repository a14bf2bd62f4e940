//! The console game loop of `SPEC.md` §3.
//!
//! Standard output carries only the board, `A SUD de jouer.`, the
//! `... a ramassé N bille(s).` lines and the result; prompts and refusals go
//! to standard error. The loop knows no rules: it draws what the game
//! reports, reads one integer token at a time and asks the game what it means.

use std::collections::VecDeque;
use std::fmt;
use std::io::{self, BufRead, Write};
use std::time::Duration;

use log::debug;
use variant_api::prompt::{choices, fitting, hole_list, PROMPT_COLUMNS};
use variant_api::{
    Assessed, Assessment, DecisionKind, Gains, Game, Inputs, Layout, Outcome, Player, PluginError,
    PositionError, Step, Think, Turn, MAX_SEATS,
};

use crate::keeping::record::{self, Entry, Recorder};
use crate::playing::engines::Engines;
use crate::playing::interrupt;
use crate::playing::keyboard;
use crate::playing::render;
use crate::playing::thinking;
use crate::playing::tokens::{self, Answer, Token, Tokens};
use crate::util::names;
use crate::util::shown::{hanging, system_error, wrapped};

/// Why a game stopped before its end.
#[derive(Debug)]
pub(crate) enum Interrupted {
    /// The input ended while a decision was awaited.
    InputEnded,
    /// Standard input could not be read.
    Input(io::Error),
    /// The plugin failed (it panicked or broke the contract).
    PluginFailed(String),
    /// A decision of the record being replayed does not fit the game.
    BadRecord {
        /// The record's line.
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// Standard output or standard error could not be written.
    Output(io::Error),
    /// The engine of a seat failed (`--engine`): one line in French naming it.
    EngineFailed(String),
}

impl fmt::Display for Interrupted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Interrupted::InputEnded => {
                f.write_str("l'entrée s'est terminée avant la fin de la partie")
            }
            Interrupted::Input(error) => write!(
                f,
                "impossible de lire l'entrée standard : {}",
                system_error(error)
            ),
            Interrupted::BadRecord { line, reason } => write!(f, "ligne {line} : {reason}"),
            // Its words, in English for the variant's authors, are said
            // under RUST_LOG=debug (`failure::variant_failed`).
            Interrupted::PluginFailed(_) => f.write_str("la variante a échoué"),
            Interrupted::Output(error) => {
                write!(f, "impossible d'écrire la partie : {}", system_error(error))
            }
            Interrupted::EngineFailed(line) => f.write_str(line),
        }
    }
}

impl From<io::Error> for Interrupted {
    fn from(error: io::Error) -> Self {
        Interrupted::Output(error)
    }
}

impl From<PluginError> for Interrupted {
    fn from(error: PluginError) -> Self {
        Interrupted::PluginFailed(error.to_string())
    }
}

/// What the loop needs to know of the variant besides the game itself.
pub(crate) struct Table<'a> {
    /// The variant's id.
    pub(crate) id: &'a str,
    /// The seats' names, by index.
    pub(crate) names: &'a [String],
    /// The title with its article, as in `la partie d'Awalé`.
    pub(crate) title_with_article: &'a str,
    /// Whether `0` may end the game.
    pub(crate) agreement: bool,
    /// The computer's level for each seat it plays (`None`: a person).
    pub(crate) computer: &'a [Option<u8>],
    /// How long a level-4 decision (and a hint) may take, in milliseconds.
    pub(crate) think_ms: u32,
    /// The threads a level-4 decision (and a hint) searches on.
    pub(crate) threads: u32,
}

impl Table<'_> {
    fn name(&self, player: Player) -> String {
        render::player_name(self.names, player)
    }

    fn level(&self, player: Player) -> Option<u8> {
        self.computer.get(player.index()).copied().flatten()
    }
}

/// The words a player may type besides the inputs (`SPEC.md` §3).
const WORDS: &str = "? (conseil), aide, annuler, abandon, position";

/// What the first prompt read from the keyboard says once (`SPEC.md` §2):
/// how to play, ask for help and for a hint.
const INTRODUCTION: &str = "Tapez un trou de votre rangée, aide pour l'aide, ? pour un conseil.";

/// Where decisions come from and where they go: a record being replayed
/// first, then the keyboard; and the record being written, if any.
pub(crate) struct Moves<R> {
    /// The players' tokens.
    pub(crate) keyboard: Tokens<R>,
    /// The decisions of a record still to replay.
    pub(crate) script: VecDeque<Entry>,
    /// The record written as the game goes.
    pub(crate) recorder: Option<Recorder>,
    /// Whether the replayed decisions are played without a word: only the
    /// board they lead to is drawn (`--resume` at a terminal).
    pub(crate) quiet: bool,
    /// Whether the player was told how to play ([`INTRODUCTION`]), once a
    /// run.
    pub(crate) introduced: bool,
    /// Whether the game stops (as if the input ended) once the record's
    /// decisions are all replayed: a replay checked before it is played.
    pub(crate) rehearsal: bool,
    /// The seats played by engines of the protocol (`--engine`).
    pub(crate) engines: Engines,
}

impl<R: BufRead> Moves<R> {
    /// The next recorded decision, if it is `mover`'s.
    fn recorded(&mut self, mover: &str) -> Result<Option<Entry>, Interrupted> {
        match self.script.pop_front() {
            Some(entry) if names::matches(&entry.seat, mover) => Ok(Some(entry)),
            Some(entry) => Err(Interrupted::BadRecord {
                line: entry.line,
                reason: record::out_of_turn(&entry.seat, mover),
            }),
            None => Ok(None),
        }
    }

    /// The next token of a person, and the record line it comes from.
    fn next(&mut self, mover: &str) -> Result<(Token, Option<usize>), Interrupted> {
        if let Some(entry) = self.recorded(mover)? {
            return Ok((Token::recorded(&entry.token), Some(entry.line)));
        }
        let token = self
            .keyboard
            .next()
            .map_err(Interrupted::Input)?
            .ok_or(Interrupted::InputEnded)?;
        Ok((token, None))
    }

    /// Writes an accepted decision to the record.
    fn write(&mut self, mover: &str, played: &str) {
        if let Some(recorder) = &mut self.recorder {
            recorder.decision(mover, played);
        }
    }
}

/// Plays `game` to its end, reading decisions from `moves`; returns the outcome.
///
/// `seed` makes the computer's choices reproducible: decision `n` of the
/// game uses `seed + n`.
pub(crate) fn play<R: BufRead>(
    game: &mut Game,
    table: &Table<'_>,
    moves: &mut Moves<R>,
    seed: u64,
    out: &mut impl Write,
    err: &mut impl Write,
) -> Result<Outcome, Interrupted> {
    let (loud_out, loud_err) = (out, err);
    let mut muted = (io::sink(), io::sink());
    let mut inputs = Inputs::new();
    // The position before each decision of a person, with the length of
    // `played` then: `annuler` goes back there and says what it took back.
    let mut undo: Vec<(Game, usize)> = Vec::new();
    let mut played: Vec<String> = Vec::new();
    // The inputs of `played`, for an engine's `position … moves …`.
    let mut history: Vec<u32> = Vec::new();
    let mut decisions: u64 = 0;
    let mut owners_told = None;
    let mut marks_told = None;
    'decisions: loop {
        if moves.rehearsal && moves.script.is_empty() {
            return Err(Interrupted::InputEnded);
        }
        let quiet = moves.quiet && !moves.script.is_empty();
        let (out, err): (&mut dyn Write, &mut dyn Write) = if quiet {
            (&mut muted.0, &mut muted.1)
        } else {
            (&mut *loud_out, &mut *loud_err)
        };
        let (out, err) = (&mut &mut *out, &mut &mut *err);
        if !forced_next(game)? {
            let layout = draw(game, table, out)?;
            // Told again only when they change (La vache's stables, a new tuzdyk).
            for (line, told) in [
                (render::owners_line(&layout, table.names), &mut owners_told),
                (render::marks_line(&layout, table.names), &mut marks_told),
            ] {
                if let Some(line) = line {
                    if told.as_ref() != Some(&line) && !quiet {
                        writeln!(err, "{line}")?;
                        *told = Some(line);
                    }
                }
            }
        }
        let (player, kind) = match game.turn()? {
            Turn::Over(outcome) => {
                let reason = format!("Fin : {}", game.end_reason()?);
                writeln!(err, "{}", wrapped(&reason, PROMPT_COLUMNS))?;
                writeln!(out, "{}", result_line(outcome, table))?;
                out.flush()?;
                return Ok(outcome);
            }
            Turn::Decide { player, kind } => (player, kind),
        };
        if player.index() >= table.names.len() {
            return Err(Interrupted::PluginFailed(format!(
                "broke the contract: a decision for seat {} of {}",
                player.0,
                table.names.len()
            )));
        }
        let mover = table.name(player);
        if kind == DecisionKind::Forced {
            play_forced(game, player, &mover, table, moves, out, err)?;
            continue;
        }
        writeln!(out, "A {mover} de jouer.")?;
        out.flush()?;
        decisions += 1;
        let think = |level: u8| Think {
            level,
            budget_ms: table.think_ms,
            threads: table.threads,
            seed: seed.wrapping_add(decisions),
        };
        // The computer's level, or `None` for an engine of the protocol.
        let automatic = if moves.engines.plays(player) {
            Some(None)
        } else {
            table.level(player).map(Some)
        };
        if let Some(level) = automatic {
            let (input, line) = match moves.recorded(&mover)? {
                Some(entry) => match entry.token.parse::<u32>() {
                    Ok(input) => (input, Some(entry.line)),
                    Err(_) => {
                        return Err(Interrupted::BadRecord {
                            line: entry.line,
                            reason: format!("l'ordinateur ne peut pas jouer « {} »", entry.token),
                        })
                    }
                },
                None => {
                    let line = format!("{mover} réfléchit…");
                    let input = match level {
                        Some(level) => thinking::showing(&line, || game.think(think(level)))?.input,
                        None => {
                            let movetime = Duration::from_millis(u64::from(table.think_ms));
                            let engines = &mut moves.engines;
                            thinking::showing(&line, || {
                                engines.decide(player, game, &history, movetime)
                            })
                            .map_err(Interrupted::EngineFailed)?
                        }
                    };
                    keyboard::drop_typed_ahead();
                    (input, None)
                }
            };
            let who = if level.is_some() {
                "ordinateur"
            } else {
                "moteur"
            };
            writeln!(err, "{mover} ({who}) joue {input}.")?;
            played.push(format!("{mover} {input}"));
            history.push(input);
            let step = game.play(input).map_err(|error| match (error, line) {
                (PluginError::Refused(reason), Some(line)) => {
                    Interrupted::BadRecord { line, reason }
                }
                (error, _) => error.into(),
            })?;
            moves.write(&mover, &input.to_string());
            after_step(game, step, player, table, out, err)?;
            continue;
        }
        game.legal_inputs(&mut inputs)?;
        let prompt = match game.prompt()? {
            Some(prompt) => prompt,
            None => generic_prompt(&mover, kind, inputs.as_slice(), table.agreement),
        };
        loop {
            if !moves.introduced && moves.script.is_empty() {
                writeln!(err, "{INTRODUCTION}")?;
                moves.introduced = true;
            }
            writeln!(err, "{prompt}")?;
            let (token, line) = moves.next(&mover)?;
            let refusal = match tokens::parse(&token) {
                Err(reason) => reason,
                Ok(Answer::Hint) => {
                    let line = format!("Conseil pour {mover} : l'ordinateur réfléchit…");
                    // On a copy, so that Ctrl-C may leave it thinking.
                    let (copy, request, asking) = (game.clone(), think(4), mover.clone());
                    let hint = thinking::showing(&line, || {
                        interrupt::cancellable(move || hint(&copy, request, &asking))
                    });
                    keyboard::drop_typed_ahead();
                    match hint {
                        Some(hint) => writeln!(err, "{}", hint?)?,
                        None => writeln!(err, "Conseil annulé.")?,
                    }
                    continue;
                }
                Ok(Answer::Help) => {
                    writeln!(err, "{}", help(inputs.as_slice(), table.agreement))?;
                    continue;
                }
                Ok(Answer::Position) => {
                    match game.position() {
                        Ok(text) => writeln!(err, "Position : {text}")?,
                        Err(PositionError::Failed(message)) => {
                            return Err(Interrupted::PluginFailed(message))
                        }
                        Err(PositionError::Refused(reason)) => {
                            writeln!(err, "Pas de position maintenant : {reason}")?
                        }
                        Err(absent) => writeln!(err, "{} : {absent}", table.id)?,
                    }
                    continue;
                }
                Ok(Answer::Undo) => match undo.pop() {
                    Some((before, since)) => {
                        *game = before;
                        let taken = played.split_off(since);
                        history.truncate(since);
                        writeln!(err, "Annulé : {}.", taken.join(", "))?;
                        debug!("{mover} took back a decision");
                        moves.write(&mover, "annuler");
                        continue 'decisions;
                    }
                    None => "rien à annuler : la partie commence".to_owned(),
                },
                Ok(Answer::Resign) => {
                    game.resign(player)?;
                    debug!("{mover} resigned");
                    moves.write(&mover, "abandon");
                    continue 'decisions;
                }
                Ok(Answer::Agreement) => match agreement(game, table) {
                    Ok(()) => {
                        debug!("{mover} ended the game by agreement");
                        moves.write(&mover, "0");
                        continue 'decisions;
                    }
                    Err(Refusal::Reason(reason)) => reason,
                    Err(Refusal::Failed(failure)) => return Err(failure),
                },
                Ok(Answer::Number(input)) => {
                    let before = game.clone();
                    match game.play(input) {
                        Ok(step) => {
                            debug!("{mover} played {input}");
                            undo.push((before, played.len()));
                            played.push(format!("{mover} {input}"));
                            history.push(input);
                            moves.write(&mover, &input.to_string());
                            after_step(game, step, player, table, out, err)?;
                            continue 'decisions;
                        }
                        // A number too large for any board was sent as
                        // u32::MAX: the refusal names what the player typed.
                        Err(PluginError::Refused(reason)) if input == u32::MAX => {
                            reason.replace(&u32::MAX.to_string(), &token.shown())
                        }
                        Err(PluginError::Refused(reason)) => reason,
                        Err(failure) => return Err(failure.into()),
                    }
                }
            };
            if let Some(line) = line {
                return Err(Interrupted::BadRecord {
                    line,
                    reason: refusal,
                });
            }
            // Within 80 columns, the lines after the first under its text.
            writeln!(err, "{}", hanging("", &format!("refusé : {refusal}"), 9))?;
        }
    }
}

/// Whether the game waits for a turn with nothing to choose, which the
/// host plays without drawing the board.
fn forced_next(game: &Game) -> Result<bool, Interrupted> {
    Ok(matches!(
        game.turn()?,
        Turn::Decide {
            kind: DecisionKind::Forced,
            ..
        }
    ))
}

/// Plays a turn with nothing to choose (`SPEC.md` §3): its one accepted
/// input, without asking, with one line on stderr saying what happened.
/// It is not a decision: it is neither recorded nor taken back alone.
fn play_forced<R: BufRead>(
    game: &mut Game,
    player: Player,
    mover: &str,
    table: &Table<'_>,
    moves: &mut Moves<R>,
    out: &mut impl Write,
    err: &mut impl Write,
) -> Result<(), Interrupted> {
    let mut inputs = Inputs::new();
    game.legal_inputs(&mut inputs)?;
    let &[input] = inputs.as_slice() else {
        return Err(Interrupted::PluginFailed(format!(
            "broke the contract: a turn with nothing to choose accepts {} inputs",
            inputs.len()
        )));
    };
    // Records written before such turns were played by the host hold them
    // as decisions: the same input there is this turn, read and passed.
    if moves
        .script
        .front()
        .is_some_and(|entry| names::matches(&entry.seat, mover) && entry.token == input.to_string())
    {
        moves.script.pop_front();
    }
    let said = game
        .prompt()?
        .unwrap_or_else(|| format!("{mover} n'a rien à choisir : son tour passe."));
    writeln!(err, "{said}")?;
    debug!("{mover} played the forced input {input}");
    let step = game.play(input)?;
    if let Some(gains) = step.gains() {
        if gains.of_seats(table.names.len()).iter().any(|&g| g > 0) {
            report_gains(&gains, player, table, out)?;
        }
    }
    round_end(game, step, err)
}

/// The answer to `?`: the computer's best input for `mover` and its
/// judgement of the position (« Conseil : jouez 4 ; SUD mène d'environ 3
/// graines. »).
fn hint(game: &Game, request: Think, mover: &str) -> Result<String, Interrupted> {
    let assessed = game.assess_with_tables(request)?;
    // The first of the best, as the analysis reads them.
    let best = assessed
        .iter()
        .rev()
        .max_by_key(|assessed| assessed.assessment.value);
    Ok(match best {
        Some(best) => format!(
            "Conseil : jouez {} ; {}.",
            best.assessment.input,
            judgement(mover, best)
        ),
        None => format!("Conseil : jouez {}.", game.think(request)?.input),
    })
}

/// How the computer judges the position for `mover`, from the value of
/// its best input in hundredths of a seed: exact where the endgame tables
/// give it (« valeur exacte des tables »); else within a seed and a half
/// (the search's own noise), the game is even.
fn judgement(mover: &str, best: &Assessed) -> String {
    let Assessment { value, proven, .. } = best.assessment;
    let seeds = (value.unsigned_abs() + 50) / 100;
    let unit = if seeds > 1 { "graines" } else { "graine" };
    if best.exact {
        return match value {
            0 => "partie nulle, valeur exacte des tables".to_owned(),
            v if v > 0 => format!("{mover} gagne de {seeds} {unit}, valeur exacte des tables"),
            _ => format!("{mover} perd de {seeds} {unit}, valeur exacte des tables"),
        };
    }
    match value {
        v if proven && v > 0 => format!("{mover} gagne à coup sûr, d'au moins {seeds} {unit}"),
        v if proven && v < 0 => format!("{mover} perd à coup sûr, d'au moins {seeds} {unit}"),
        v if v.unsigned_abs() < 150 => "la partie est équilibrée".to_owned(),
        v if v > 0 => format!("{mover} mène d'environ {seeds} {unit}"),
        _ => format!("{mover} est mené d'environ {seeds} {unit}"),
    }
}

/// Why `0` was not taken as the end of the game.
enum Refusal {
    /// The variant or a computer player refused, for this reason.
    Reason(String),
    /// The plugin failed.
    Failed(Interrupted),
}

/// Ends the game by agreement, unless the variant refuses or a computer
/// seat would lose by it.
fn agreement(game: &mut Game, table: &Table<'_>) -> Result<(), Refusal> {
    let failed = |error: PluginError| match error {
        PluginError::Refused(reason) => Refusal::Reason(reason),
        failure => Refusal::Failed(failure.into()),
    };
    let mut ended = game.clone();
    ended.end_by_agreement().map_err(failed)?;
    if let Turn::Over(outcome) = ended.turn().map_err(failed)? {
        let seats = (0..table.names.len()).map(|seat| Player(seat as u8));
        for seat in seats.filter(|&seat| table.level(seat).is_some()) {
            if !outcome.is_draw() && !outcome.is_winner(seat) {
                return Err(Refusal::Reason(format!(
                    "{} (ordinateur) refuse : ce partage lui ferait perdre la partie",
                    table.name(seat)
                )));
            }
        }
    }
    *game = ended;
    Ok(())
}

/// What follows an accepted decision: the gain lines of a completed move,
/// and the reason of a round's end.
fn after_step(
    game: &Game,
    step: Step,
    player: Player,
    table: &Table<'_>,
    out: &mut impl Write,
    err: &mut impl Write,
) -> Result<(), Interrupted> {
    if let Some(gains) = step.gains() {
        report_gains(&gains, player, table, out)?;
    }
    round_end(game, step, err)
}

/// The reason of a round's end, unless the round ended the game: that
/// reason is said once, as the game's.
fn round_end(game: &Game, step: Step, err: &mut impl Write) -> Result<(), Interrupted> {
    if let (Step::RoundOver(_), Turn::Decide { .. }) = (step, game.turn()?) {
        let reason = format!("Fin de la manche : {}", game.end_reason()?);
        writeln!(err, "{}", wrapped(&reason, PROMPT_COLUMNS))?;
    }
    Ok(())
}

/// The answer to `aide`, in lines within 80 columns.
fn help(inputs: &[u32], agreement: bool) -> String {
    let ending = if agreement {
        ", 0 (finir d'un commun accord)"
    } else {
        ""
    };
    let answer = format!(
        "Entrées acceptées : {}{ending} ; et les mots {WORDS}. \
         Ctrl-D arrête la partie en la gardant (--resume la reprend).",
        hole_list(inputs.iter().copied())
    );
    wrapped(&answer, PROMPT_COLUMNS)
}

/// The host's own prompt for a decision the variant does not explain, its
/// inputs listed in the protocol's one form (`1 à 6`, `1 2 5 à 9 12`),
/// within 80 columns: the question made shorter, then the list left to
/// `aide` when a board's inputs are too many to list.
fn generic_prompt(mover: &str, kind: DecisionKind, inputs: &[u32], agreement: bool) -> String {
    let listed = choices(inputs.iter().copied(), agreement);
    let (question, short) = match kind {
        DecisionKind::Sow => ("quel trou semez-vous ?", "quel trou ?"),
        DecisionKind::Direction => ("dans quel sens semez-vous ?", "quel sens ?"),
        DecisionKind::TargetHole => ("quel trou choisissez-vous ?", "quel trou ?"),
        DecisionKind::Placement => ("où placez-vous ?", "où ?"),
        // Forced, and the kinds a later contract may name (`DecisionKind` is open).
        _ => ("que jouez-vous ?", "quoi ?"),
    };
    let ending = if agreement { ", ou 0 pour finir" } else { "" };
    fitting([
        format!("{mover}, {question} {listed}"),
        format!("{mover}, {short} {listed}"),
        format!(
            "{mover}, {short} ({} choix, voir aide{ending})",
            inputs.len()
        ),
    ])
}

/// The board as the game reports it now (its layout may change between
/// boards), once checked against the contract (`SPEC.md` §7); returns the
/// layout drawn.
fn draw(game: &Game, table: &Table<'_>, out: &mut impl Write) -> Result<Layout, Interrupted> {
    let layout = game.layout()?;
    let seeds = game.seeds()?;
    let scores = game.scores()?;
    let seats = table.names.len();
    let broken =
        |problem: String| Interrupted::PluginFailed(format!("broke the contract: {problem}"));
    layout.check(seeds.len(), seats).map_err(broken)?;
    if scores.len() != seats {
        return Err(broken(format!("{} scores for {seats} seats", scores.len())));
    }
    let board = render::board(&layout, &seeds, &scores, table.names);
    out.write_all(board.as_bytes())?;
    Ok(layout)
}

/// The mover's line, always; then one line for each other player who gained seeds.
fn report_gains(
    gains: &Gains,
    mover: Player,
    table: &Table<'_>,
    out: &mut impl Write,
) -> io::Result<()> {
    let line = |player: Player| {
        format!(
            "{} a ramassé {} bille(s).",
            table.name(player),
            gains.get(player)
        )
    };
    writeln!(out, "{}", line(mover))?;
    for seat in 0..table.names.len().min(MAX_SEATS) {
        let player = Player(seat as u8);
        if player != mover && gains.get(player) > 0 {
            writeln!(out, "{}", line(player))?;
        }
    }
    Ok(())
}

/// `NORD gagne ...`, `SUD et EST gagnent ...`, or `Personne ne gagne ...`.
fn result_line(outcome: Outcome, table: &Table<'_>) -> String {
    let winners: Vec<String> = outcome
        .winner_list()
        .map(|player| table.name(player))
        .collect();
    let game = format!("la partie {}", table.title_with_article);
    match winners.as_slice() {
        [] => format!("Personne ne gagne {game}."),
        all if all.len() >= table.names.len() => format!("Personne ne gagne {game}."),
        [one] => format!("{one} gagne {game}."),
        [first @ .., last] => format!("{} et {last} gagnent {game}.", first.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_answer_to_aide_fits_80_columns() {
        let inputs: Vec<u32> = (1..=64).step_by(2).collect();
        let answer = help(&inputs, true);
        assert!(answer.starts_with("Entrées acceptées : 1 3 5 "), "{answer}");
        assert!(answer.ends_with("(--resume la reprend)."), "{answer}");
        assert!(
            answer.lines().all(|line| line.chars().count() <= 80),
            "{answer}"
        );
    }

    #[test]
    fn the_hosts_prompt_fits_80_columns_whatever_the_board() {
        let two_rows = generic_prompt("SUD", DecisionKind::Sow, &[1, 2, 4, 5, 6], true);
        assert_eq!(
            two_rows,
            "SUD, quel trou semez-vous ? (1 2 4 à 6, ou 0 pour finir d'un commun accord)"
        );
        let scattered: Vec<u32> = (1..=64).step_by(2).collect();
        let prompt = generic_prompt("NORD-OUEST", DecisionKind::Sow, &scattered, true);
        assert!(prompt.chars().count() <= 80, "{prompt}");
        assert_eq!(
            prompt,
            "NORD-OUEST, quel trou ? (32 choix, voir aide, ou 0 pour finir)"
        );
        let some: Vec<u32> = [1, 3, 5, 7, 9, 11, 13, 15, 17, 19].into();
        let shorter = generic_prompt("SUD", DecisionKind::Sow, &some, true);
        assert!(shorter.starts_with("SUD, quel trou ? (1 3 5"), "{shorter}");
    }

    fn table(names: &[String]) -> Table<'_> {
        Table {
            id: "oware",
            names,
            title_with_article: "d'Oware",
            agreement: true,
            computer: &[],
            think_ms: 100,
            threads: 1,
        }
    }

    #[test]
    fn the_result_names_every_winner() {
        let names: Vec<String> = ["SUD", "NORD", "EST"].map(str::to_owned).to_vec();
        let table = table(&names);
        let one = Outcome::winner(Player(1));
        assert_eq!(result_line(one, &table), "NORD gagne la partie d'Oware.");
        let two = Outcome::winners([Player(0), Player(2)]);
        assert_eq!(
            result_line(two, &table),
            "SUD et EST gagnent la partie d'Oware."
        );
        let all = Outcome::winners([Player(0), Player(1), Player(2)]);
        assert_eq!(
            result_line(all, &table),
            "Personne ne gagne la partie d'Oware."
        );
        assert_eq!(
            result_line(Outcome::DRAW, &table),
            "Personne ne gagne la partie d'Oware."
        );
        let names: Vec<String> = ["SUD", "NORD", "EST", "OUEST"].map(str::to_owned).to_vec();
        let three = Outcome::winners([Player(0), Player(1), Player(3)]);
        assert_eq!(
            result_line(
                three,
                &Table {
                    names: &names,
                    ..table
                }
            ),
            "SUD, NORD et OUEST gagnent la partie d'Oware."
        );
    }

    /// An input's value, proven or not, exact or not.
    fn valued(value: i32, proven: bool, exact: bool) -> Assessed {
        Assessed {
            assessment: Assessment {
                input: 1,
                value,
                proven,
            },
            exact,
        }
    }

    #[test]
    fn a_hint_says_who_leads_and_by_about_how_much() {
        let judged = |mover, value, proven| judgement(mover, &valued(value, proven, false));
        assert_eq!(judged("SUD", 310, false), "SUD mène d'environ 3 graines");
        assert_eq!(
            judged("NORD", -160, false),
            "NORD est mené d'environ 2 graines"
        );
        assert_eq!(judged("SUD", 40, false), "la partie est équilibrée");
        assert_eq!(judged("SUD", -149, false), "la partie est équilibrée");
        assert_eq!(
            judged("SUD", 200, true),
            "SUD gagne à coup sûr, d'au moins 2 graines"
        );
    }

    #[test]
    fn a_hint_says_when_it_read_an_exact_value_of_the_tables() {
        let exact = |value| judgement("SUD", &valued(value, true, true));
        assert_eq!(
            exact(600),
            "SUD gagne de 6 graines, valeur exacte des tables"
        );
        assert_eq!(
            exact(-100),
            "SUD perd de 1 graine, valeur exacte des tables"
        );
        assert_eq!(exact(0), "partie nulle, valeur exacte des tables");
    }

    #[test]
    fn the_generic_prompt_lists_the_accepted_inputs() {
        assert_eq!(
            generic_prompt("NORD", DecisionKind::Sow, &[7, 9], true),
            "NORD, quel trou semez-vous ? (7 9, ou 0 pour finir d'un commun accord)"
        );
        assert_eq!(
            generic_prompt("SUD", DecisionKind::Sow, &[1], false),
            "SUD, quel trou semez-vous ? (1)"
        );
        // Issue 27: Mefuhva's first prompt was 152 columns.
        let four_rows: Vec<u32> = (1..=32).collect();
        assert_eq!(
            generic_prompt("SUD", DecisionKind::Sow, &four_rows, true),
            "SUD, quel trou semez-vous ? (1 à 32, ou 0 pour finir d'un commun accord)"
        );
    }
}
