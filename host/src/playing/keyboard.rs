//! Standard input for the players' tokens: at a terminal, lines typed with
//! line editing and an in-memory history (rustyline: arrows, Home/End,
//! Ctrl-R ...); from a pipe or a file, the bytes exactly as they come.
//!
//! The editor draws on the terminal itself (`/dev/tty`), never on standard
//! output, which keeps only the messages of `SPEC.md` §3. Ctrl-D, and
//! Ctrl-C at an empty prompt, end the input, as the end of a pipe does;
//! Ctrl-C on a half-typed line clears the line (`SPEC.md` §2). What was
//! typed at the terminal while the computer thought is dropped: it
//! answered no question.

use std::fmt;
use std::io::{self, BufRead, IsTerminal, Read};

use log::debug;
use rustyline::config::{Behavior, Config};
use rustyline::error::ReadlineError;
use rustyline::{
    Cmd, ConditionalEventHandler, DefaultEditor, Event, EventContext, EventHandler, KeyEvent,
    Movement, RepeatCount,
};

/// The players' input: edited lines at a terminal, else standard input as is.
pub(crate) fn input() -> Box<dyn BufRead> {
    if io::stdin().is_terminal() {
        match EditedLines::new() {
            Ok(lines) => return Box::new(lines),
            Err(error) => debug!("no line editing at this terminal: {error}"),
        }
    }
    Box::new(io::stdin().lock())
}

/// Lines read by rustyline, each handed on with its newline.
struct EditedLines {
    editor: DefaultEditor,
    line: Vec<u8>,
    used: usize,
    ended: bool,
}

impl fmt::Debug for EditedLines {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("EditedLines")
            .field("used", &self.used)
            .field("ended", &self.ended)
            .finish_non_exhaustive()
    }
}

impl EditedLines {
    fn new() -> Result<EditedLines, ReadlineError> {
        let config = Config::builder()
            .behavior(Behavior::PreferTerm)
            .auto_add_history(true)
            .build();
        let mut editor = DefaultEditor::with_config(config)?;
        editor.bind_sequence(
            KeyEvent::ctrl('C'),
            EventHandler::Conditional(Box::new(ClearOrStop)),
        );
        Ok(EditedLines {
            editor,
            line: Vec::new(),
            used: 0,
            ended: false,
        })
    }
}

impl Read for EditedLines {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        let available = self.fill_buf()?;
        let count = available.len().min(buffer.len());
        buffer[..count].copy_from_slice(&available[..count]);
        self.consume(count);
        Ok(count)
    }
}

impl BufRead for EditedLines {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.used == self.line.len() && !self.ended {
            self.used = 0;
            self.line.clear();
            match self.editor.readline("") {
                Ok(line) => {
                    self.line = line.into_bytes();
                    self.line.push(b'\n');
                }
                Err(ReadlineError::Eof | ReadlineError::Interrupted) => self.ended = true,
                Err(ReadlineError::Io(error)) => return Err(error),
                Err(error) => return Err(io::Error::other(error)),
            }
        }
        Ok(&self.line[self.used..])
    }

    fn consume(&mut self, amount: usize) {
        self.used = (self.used + amount).min(self.line.len());
    }
}

/// Ctrl-C at the prompt: clears a half-typed line; on an empty one, does
/// what it always does (the end of the input: the game stops, kept).
#[derive(Debug)]
struct ClearOrStop;

impl ConditionalEventHandler for ClearOrStop {
    fn handle(&self, _: &Event, _: RepeatCount, _: bool, context: &EventContext) -> Option<Cmd> {
        (!context.line().is_empty()).then_some(Cmd::Kill(Movement::WholeLine))
    }
}

/// Drops what was typed at the terminal and not read yet (while the
/// computer thought); from a pipe or a file, nothing.
pub(crate) fn drop_typed_ahead() {
    #[cfg(unix)]
    if io::stdin().is_terminal() {
        use nix::sys::termios::{tcflush, FlushArg};
        if let Err(error) = tcflush(io::stdin(), FlushArg::TCIFLUSH) {
            debug!("cannot drop what was typed ahead: {error}");
        }
    }
}
