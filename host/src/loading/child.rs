//! A child process of the host that runs plugin code (a probe, a set of
//! `--check`'s games): started in a process group of its own, its standard
//! output and error read through pipes as it runs (never a temporary file,
//! which a full disk or `ulimit -f` would break), killed as a group, with
//! a time limit, and without waiting for a pipe's end that a process it
//! started may hold open.
//!
//! On Linux the host is also the "child subreaper" of what its children
//! start ([`Escapes`]): a process that left the child's group (`setsid`)
//! is handed to the host when the child ends, and killed then.

use std::io::{self, Read};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// What the host keeps of a child's output, at most, per stream.
const MAX_OUTPUT: usize = 1 << 20;

/// A child process being watched.
#[derive(Debug)]
pub(crate) struct Watched {
    child: Child,
    out: Pipe,
    err: Pipe,
    started: Instant,
    /// How it ended, once it did.
    ended: Option<ExitStatus>,
}

impl Watched {
    /// Starts `command` in a process group of its own, its standard input
    /// empty, its standard output and error going to pipes read as it runs.
    pub(crate) fn start(mut command: Command) -> io::Result<Watched> {
        let (out_reader, out_writer) = io::pipe()?;
        let (err_reader, err_writer) = io::pipe()?;
        command
            .stdin(Stdio::null())
            .stdout(out_writer)
            .stderr(err_writer);
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let child = command.spawn()?;
        // The host's copies of the pipes' write ends go with the command.
        drop(command);
        Ok(Watched {
            child,
            out: Pipe::new(out_reader)?,
            err: Pipe::new(err_reader)?,
            started: Instant::now(),
            ended: None,
        })
    }

    /// How long it has run.
    pub(crate) fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// Reads what it wrote so far; its status once it ended (what is left
    /// of its group is then killed, and everything it wrote read).
    pub(crate) fn poll(&mut self) -> io::Result<Option<ExitStatus>> {
        if let Some(status) = self.ended {
            return Ok(Some(status));
        }
        self.out.read_available();
        self.err.read_available();
        let Some(status) = self.child.try_wait()? else {
            return Ok(None);
        };
        self.end(status);
        Ok(Some(status))
    }

    /// Kills it and what it started (an overrun), and reads what it wrote.
    pub(crate) fn kill(&mut self) {
        kill_group(&self.child);
        let _ = self.child.kill();
        if let Ok(status) = self.child.wait() {
            self.end(status);
        }
    }

    fn end(&mut self, status: ExitStatus) {
        kill_group(&self.child);
        self.out.read_end();
        self.err.read_end();
        self.ended = Some(status);
    }

    /// Waits until it ends, for at most `limit` (then kills it: `None`).
    pub(crate) fn wait(&mut self, limit: Duration) -> io::Result<Option<ExitStatus>> {
        let mut pause = Duration::from_micros(200);
        loop {
            if let Some(status) = self.poll()? {
                return Ok(Some(status));
            }
            if self.elapsed() > limit {
                self.kill();
                return Ok(None);
            }
            std::thread::sleep(pause);
            pause = (pause * 2).min(Duration::from_millis(5));
        }
    }

    /// What it wrote on standard output (at most [`MAX_OUTPUT`] bytes).
    pub(crate) fn stdout(&self) -> String {
        self.out.text()
    }

    /// What it wrote on standard error (at most [`MAX_OUTPUT`] bytes).
    pub(crate) fn stderr(&self) -> String {
        self.err.text()
    }
}

/// Kills what is left of the process group of `child` (a watched child is
/// the leader of its own): whatever it started dies with it.
#[cfg(unix)]
fn kill_group(child: &Child) {
    use nix::sys::signal::{killpg, Signal};
    use nix::unistd::Pid;
    // Never 0, which would name the host's own group.
    if let Some(group) = i32::try_from(child.id()).ok().filter(|&group| group > 0) {
        let _ = killpg(Pid::from_raw(group), Signal::SIGKILL);
    }
}

#[cfg(not(unix))]
fn kill_group(_child: &Child) {}

/// The read end of a child's pipe, and what was read of it.
#[derive(Debug)]
struct Pipe {
    #[cfg(unix)]
    reader: io::PipeReader,
    /// Elsewhere a thread reads it to its end (Windows has no reads that
    /// do not wait).
    #[cfg(not(unix))]
    reader: std::sync::mpsc::Receiver<Vec<u8>>,
    bytes: Vec<u8>,
}

impl Pipe {
    /// Reads `reader` without ever waiting for it.
    #[cfg(unix)]
    fn new(reader: io::PipeReader) -> io::Result<Pipe> {
        use nix::fcntl::{fcntl, FcntlArg, OFlag};
        fcntl(&reader, FcntlArg::F_SETFL(OFlag::O_NONBLOCK))?;
        Ok(Pipe {
            reader,
            bytes: Vec::new(),
        })
    }

    /// Reads `reader` to its end in a thread of its own.
    #[cfg(not(unix))]
    fn new(mut reader: io::PipeReader) -> io::Result<Pipe> {
        let (send, receive) = std::sync::mpsc::channel();
        std::thread::Builder::new().spawn(move || {
            let mut chunk = [0u8; 8192];
            while let Ok(read @ 1..) = reader.read(&mut chunk) {
                if send.send(chunk[..read].to_vec()).is_err() {
                    break;
                }
            }
        })?;
        Ok(Pipe {
            reader: receive,
            bytes: Vec::new(),
        })
    }

    /// Reads what is there now, keeping at most [`MAX_OUTPUT`] bytes (the
    /// rest is read and dropped, so that the child never waits on a full
    /// pipe).
    #[cfg(unix)]
    fn read_available(&mut self) {
        let mut chunk = [0u8; 8192];
        loop {
            match self.reader.read(&mut chunk) {
                Ok(0) | Err(_) => return,
                Ok(read) => self.keep(&chunk[..read]),
            }
        }
    }

    #[cfg(not(unix))]
    fn read_available(&mut self) {
        while let Ok(chunk) = self.reader.try_recv() {
            self.keep(&chunk);
        }
    }

    /// Reads what the ended child left in the pipe: everything it wrote is
    /// there now (what it started may write more, and hold the pipe open:
    /// its end is not waited for).
    #[cfg(unix)]
    fn read_end(&mut self) {
        self.read_available();
    }

    /// Reads until the pipe's end, a second at most.
    #[cfg(not(unix))]
    fn read_end(&mut self) {
        let until = Instant::now() + Duration::from_secs(1);
        while let Some(left) = until.checked_duration_since(Instant::now()) {
            match self.reader.recv_timeout(left) {
                Ok(chunk) => self.keep(&chunk),
                Err(_) => return,
            }
        }
    }

    fn keep(&mut self, chunk: &[u8]) {
        let room = MAX_OUTPUT.saturating_sub(self.bytes.len());
        self.bytes
            .extend_from_slice(&chunk[..chunk.len().min(room)]);
    }

    fn text(&self) -> String {
        String::from_utf8_lossy(&self.bytes).into_owned()
    }
}

/// While it lives, the host adopts the processes its children leave behind
/// (Linux's "child subreaper"); when dropped, it kills them, and stops
/// adopting. Elsewhere it does nothing.
#[derive(Debug)]
pub(crate) struct Escapes {
    /// Whether the host was a subreaper before.
    #[cfg(target_os = "linux")]
    was: Option<bool>,
}

impl Escapes {
    /// From now on, what a child leaves behind is the host's to end.
    pub(crate) fn adopt() -> Escapes {
        #[cfg(target_os = "linux")]
        {
            use nix::sys::prctl::{get_child_subreaper, set_child_subreaper};
            let was = get_child_subreaper().ok();
            if was == Some(false) && set_child_subreaper(true).is_err() {
                return Escapes { was: None };
            }
            Escapes { was }
        }
        #[cfg(not(target_os = "linux"))]
        Escapes {}
    }
}

impl Drop for Escapes {
    fn drop(&mut self) {
        #[cfg(target_os = "linux")]
        self.kill_adopted();
    }
}

#[cfg(target_os = "linux")]
impl Escapes {
    /// Kills what the host adopted, and stops adopting.
    fn kill_adopted(&mut self) {
        if self.was != Some(false) {
            return;
        }
        // A process killed may leave children of its own, adopted in turn.
        for _ in 0..64 {
            let adopted = adopted();
            if adopted.is_empty() {
                break;
            }
            for pid in adopted {
                use nix::sys::signal::{kill, Signal};
                use nix::unistd::Pid;
                let pid = Pid::from_raw(pid);
                log::debug!("killed {pid}, left behind by a trial load");
                let _ = kill(pid, Signal::SIGKILL);
                reap(pid);
            }
        }
        let _ = nix::sys::prctl::set_child_subreaper(false);
    }
}

/// Waits a little for `pid`, killed, to end (a process stuck in the kernel
/// is left a zombie rather than waited for).
#[cfg(target_os = "linux")]
fn reap(pid: nix::unistd::Pid) {
    use nix::sys::wait::{waitpid, WaitPidFlag, WaitStatus};
    for _ in 0..100 {
        match waitpid(pid, Some(WaitPidFlag::WNOHANG)) {
            Ok(WaitStatus::StillAlive) => std::thread::sleep(Duration::from_millis(1)),
            _ => return,
        }
    }
}

/// The host's children now: at this point (every watched child waited
/// for), only what they left behind.
#[cfg(target_os = "linux")]
fn adopted() -> Vec<i32> {
    let host = std::process::id().to_string();
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter_map(|entry| {
            let pid: i32 = entry.file_name().to_str()?.parse().ok()?;
            let stat = std::fs::read_to_string(entry.path().join("stat")).ok()?;
            // `pid (name) state ppid …`: the name may hold anything but ends
            // at the last parenthesis.
            let (_, rest) = stat.rsplit_once(')')?;
            let parent = rest.split_whitespace().nth(1)?;
            (parent == host).then_some(pid)
        })
        .collect()
}
