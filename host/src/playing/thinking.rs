//! « NORD réfléchit… » while the computer chooses a move or computes a hint
//! (`SPEC.md` §2): a spinner on standard error when it is a terminal,
//! erased when done; nothing at all otherwise, so that a pipe reads the
//! same bytes as before.
//!
//! The game loop holds standard error's lock for the whole game, so the
//! spinner's ticking thread writes through a duplicate of its file
//! descriptor, which takes no lock: while the search runs, nothing else
//! writes to standard error.

use std::fs::File;
use std::io::{self, IsTerminal, Write};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle, TermLike};

/// How often the spinner turns.
const TICK: Duration = Duration::from_millis(120);

/// Runs `work` with `line` (« NORD réfléchit… ») shown on a terminal, and
/// returns what it returned.
pub(crate) fn showing<T>(line: &str, work: impl FnOnce() -> T) -> T {
    let spinner = spinner(line);
    let result = work();
    if let Some(spinner) = spinner {
        spinner.finish_and_clear();
    }
    result
}

/// A spinner drawn at once and then turning, when standard error is a
/// terminal that can be written without its lock.
fn spinner(line: &str) -> Option<ProgressBar> {
    if !io::stderr().is_terminal() {
        return None;
    }
    let terminal = Unlocked(duplicate_stderr()?);
    let spinner =
        ProgressBar::with_draw_target(None, ProgressDrawTarget::term_like(Box::new(terminal)));
    if let Ok(style) = ProgressStyle::with_template("{spinner} {msg}") {
        spinner.set_style(style);
    }
    spinner.set_message(line.to_owned());
    spinner.tick();
    spinner.enable_steady_tick(TICK);
    Some(spinner)
}

/// Standard error as a file of its own.
fn duplicate_stderr() -> Option<File> {
    #[cfg(unix)]
    let owned = {
        use std::os::fd::AsFd;
        io::stderr().as_fd().try_clone_to_owned()
    };
    #[cfg(windows)]
    let owned = {
        use std::os::windows::io::AsHandle;
        io::stderr().as_handle().try_clone_to_owned()
    };
    owned.ok().map(File::from)
}

/// Standard error written through its own file (see the module's docs).
#[derive(Debug)]
struct Unlocked(File);

impl Unlocked {
    fn write(&self, text: &str) -> io::Result<()> {
        (&self.0).write_all(text.as_bytes())
    }

    /// Moves the cursor `n` times in `direction` (`A` up, `B` down, `C`
    /// right, `D` left); a terminal reads a count of 0 as 1, so none is sent.
    fn move_cursor(&self, n: usize, direction: char) -> io::Result<()> {
        match n {
            0 => Ok(()),
            n => self.write(&format!("\x1b[{n}{direction}")),
        }
    }
}

impl TermLike for Unlocked {
    fn width(&self) -> u16 {
        80
    }

    fn move_cursor_up(&self, n: usize) -> io::Result<()> {
        self.move_cursor(n, 'A')
    }

    fn move_cursor_down(&self, n: usize) -> io::Result<()> {
        self.move_cursor(n, 'B')
    }

    fn move_cursor_right(&self, n: usize) -> io::Result<()> {
        self.move_cursor(n, 'C')
    }

    fn move_cursor_left(&self, n: usize) -> io::Result<()> {
        self.move_cursor(n, 'D')
    }

    fn write_line(&self, line: &str) -> io::Result<()> {
        self.write(&format!("{line}\n"))
    }

    fn write_str(&self, text: &str) -> io::Result<()> {
        self.write(text)
    }

    fn clear_line(&self) -> io::Result<()> {
        self.write("\r\x1b[2K")
    }

    fn flush(&self) -> io::Result<()> {
        (&self.0).flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_work_is_done_and_its_result_returned() {
        // Drawn or not (stderr may be a terminal here), the result comes back.
        assert_eq!(showing("NORD réfléchit…", || 6 * 7), 42);
    }
}
