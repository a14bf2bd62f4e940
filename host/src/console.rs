//! The console game loop of `SPEC.md` §3.
//!
//! Standard output carries only the board, `A SUD de jouer.`, the
//! `... a ramassé N bille(s).` lines and the result; prompts and refusals go
//! to standard error. The loop knows no rules: it draws what the game
//! reports, reads one integer token at a time and asks the game what it means.

use std::fmt;
use std::io::{self, BufRead, Write};

use log::debug;
use variant_api::{Game, Layout, Outcome, PluginError, Status, Step};

use crate::render;
use crate::tokens::{self, Answer, Tokens};

/// Why a game stopped before its end.
#[derive(Debug)]
pub(crate) enum Interrupted {
    /// The input ended while a decision was awaited.
    InputEnded,
    /// Standard input could not be read.
    Input(io::Error),
    /// The plugin failed (it panicked or broke the contract).
    PluginFailed(String),
    /// Standard output or standard error could not be written.
    Output(io::Error),
}

impl fmt::Display for Interrupted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Interrupted::InputEnded => f.write_str("the input ended before the game did"),
            Interrupted::Input(error) => write!(f, "cannot read standard input: {error}"),
            Interrupted::PluginFailed(message) => {
                write!(f, "the variant failed, the game is abandoned: {message}")
            }
            Interrupted::Output(error) => write!(f, "cannot write the game: {error}"),
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
    /// The players' names, by index.
    pub(crate) names: &'a [String],
    /// The title with its article, as in `la partie d'Awalé`.
    pub(crate) title_with_article: &'a str,
}

/// Plays `game` to its end, reading tokens from `input`.
pub(crate) fn play(
    game: &mut Game,
    table: &Table<'_>,
    input: impl BufRead,
    out: &mut impl Write,
    err: &mut impl Write,
) -> Result<(), Interrupted> {
    let layout = game.layout()?;
    let mut tokens = Tokens::new(input);
    loop {
        draw(game, &layout, table, out)?;
        let decision = match game.status()? {
            Status::Over(outcome) => {
                writeln!(out, "{}", result_line(outcome, table))?;
                out.flush()?;
                return Ok(());
            }
            Status::ToMove(decision) => decision,
        };
        let mover = render::player_name(table.names, decision.player);
        writeln!(out, "A {mover} de jouer.")?;
        out.flush()?;
        loop {
            writeln!(err, "{}", decision.prompt)?;
            let token = tokens
                .next()
                .map_err(Interrupted::Input)?
                .ok_or(Interrupted::InputEnded)?;
            let refusal = match tokens::parse(&token) {
                Err(reason) => reason,
                Ok(Answer::Agreement) => match game.end_by_agreement() {
                    Ok(()) => {
                        debug!("{mover} ended the game by agreement");
                        break;
                    }
                    Err(PluginError::Refused(reason)) => reason,
                    Err(failure) => return Err(failure.into()),
                },
                Ok(Answer::Number(input)) => match game.play(input) {
                    Ok(step) => {
                        debug!("{mover} played {input}");
                        if let Step::Completed(gains) = step {
                            report_gains(&gains, decision.player.index(), table, out)?;
                        }
                        break;
                    }
                    // A number too large for any board was sent as
                    // u32::MAX: the refusal names what the player typed.
                    Err(PluginError::Refused(reason)) if input == u32::MAX => {
                        reason.replace(&u32::MAX.to_string(), &token.shown())
                    }
                    Err(PluginError::Refused(reason)) => reason,
                    Err(failure) => return Err(failure.into()),
                },
            };
            writeln!(err, "refusé : {refusal}")?;
        }
    }
}

fn draw(
    game: &Game,
    layout: &Layout,
    table: &Table<'_>,
    out: &mut impl Write,
) -> Result<(), Interrupted> {
    let board = render::board(layout, &game.seeds()?, &game.scores()?, table.names);
    out.write_all(board.as_bytes())?;
    Ok(())
}

/// The mover's line, always; then one line for each other player who gained seeds.
fn report_gains(
    gains: &[u32],
    mover: usize,
    table: &Table<'_>,
    out: &mut impl Write,
) -> io::Result<()> {
    let line = |player: usize, gained: u32| {
        let name = render::player_name(table.names, variant_api::Player(player as u8));
        format!("{name} a ramassé {gained} bille(s).")
    };
    writeln!(
        out,
        "{}",
        line(mover, gains.get(mover).copied().unwrap_or(0))
    )?;
    for (player, &gained) in gains.iter().enumerate() {
        if player != mover && gained > 0 {
            writeln!(out, "{}", line(player, gained))?;
        }
    }
    Ok(())
}

fn result_line(outcome: Outcome, table: &Table<'_>) -> String {
    match outcome {
        Outcome::Winner(player) => format!(
            "{} gagne la partie {}.",
            render::player_name(table.names, player),
            table.title_with_article
        ),
        Outcome::Draw => format!("Personne ne gagne la partie {}.", table.title_with_article),
    }
}
