//! The host under a pseudo-terminal, driven by util-linux's `script`
//! (`script -qfec COMMAND /dev/null`): « NORD réfléchit… » shows on a
//! terminal while the computer chooses (`SPEC.md` §2), never on a pipe.

use std::path::Path;
use std::process::{Command, Stdio};

use crate::util;

/// `text` quoted for `sh`.
fn quoted(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

/// The host run with `args` on the plugins `folder` under a pseudo-terminal
/// of util-linux's `script`, its kept games in `state`.
fn under_script(folder: &Path, state: &Path, args: &[&str]) -> Command {
    let mut line = vec![
        quoted(&util::host_exe().display().to_string()),
        "--plugins".to_owned(),
        quoted(&folder.display().to_string()),
    ];
    line.extend(args.iter().map(|arg| quoted(arg)));
    let mut command = Command::new("script");
    command
        .args(["-qfec", &line.join(" "), "/dev/null"])
        .env_remove("AWALE_PLUGINS")
        .env("HOME", util::test_home())
        .env("XDG_STATE_HOME", state)
        .env("XDG_CACHE_HOME", util::test_home().join("cache"))
        .env("XDG_CONFIG_HOME", util::test_home().join("config"));
    command
}

/// What a terminal shows of the host run with `args` on the plugins
/// `folder`, its standard input empty.
fn on_a_terminal(folder: &Path, args: &[&str]) -> String {
    let output = under_script(folder, &util::test_home().join("state"), args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .expect("util-linux's `script` runs (it drives the pseudo-terminal)");
    assert!(output.status.success(), "{}", util::stderr(&output));
    util::stdout(&output)
}

#[test]
fn the_computer_says_it_thinks_on_a_terminal_and_never_on_a_pipe() {
    let folder = util::awale_folder();
    let args = [
        "awale",
        "--computer",
        "sud=1",
        "--computer",
        "nord=1",
        "--seed",
        "3",
    ];
    let shown = on_a_terminal(folder.path(), &args);
    assert!(shown.contains("SUD réfléchit…"), "{shown}");
    assert!(shown.contains("NORD réfléchit…"), "{shown}");
    assert!(shown.contains("gagne la partie d'Awalé") || shown.contains("Personne ne gagne"));

    let piped = util::host(folder.path(), &args, "");
    assert_eq!(piped.status.code(), Some(0), "{}", util::stderr(&piped));
    assert!(!util::stderr(&piped).contains("réfléchit"));
    assert!(!util::stdout(&piped).contains("réfléchit"));
    assert!(
        !util::stderr(&piped).contains('\u{1b}'),
        "no escape on a pipe"
    );
}

/// The host run with `args` under a pseudo-terminal (util-linux's
/// `script`), typed at as a person would: each key sequence sent once
/// the terminal shows what it waits for.
struct Typist {
    child: std::process::Child,
    shown: std::sync::Arc<std::sync::Mutex<String>>,
}

impl Typist {
    fn start(folder: &Path, state: &Path, args: &[&str]) -> Typist {
        use std::io::Read;
        let mut child = under_script(folder, state, args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("util-linux's `script` runs (it drives the pseudo-terminal)");
        let shown = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
        let mut out = child.stdout.take().expect("script's output");
        let sink = std::sync::Arc::clone(&shown);
        std::thread::spawn(move || {
            let mut buffer = [0; 4096];
            while let Ok(count @ 1..) = out.read(&mut buffer) {
                let text = String::from_utf8_lossy(&buffer[..count]).into_owned();
                sink.lock().expect("the output").push_str(&text);
            }
        });
        Typist { child, shown }
    }

    /// Waits until the terminal shows `text` `times` times in all.
    fn wait_for(&self, text: &str, times: usize) {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
        while self.shown().matches(text).count() < times {
            assert!(
                std::time::Instant::now() < deadline,
                "the terminal never showed {text:?} {times} time(s):\n{}",
                self.shown()
            );
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
    }

    fn types(&mut self, keys: &str) {
        use std::io::Write;
        let input = self.child.stdin.as_mut().expect("script's input");
        input.write_all(keys.as_bytes()).expect("typed");
        input.flush().expect("typed");
    }

    fn shown(&self) -> String {
        self.shown.lock().expect("the output").clone()
    }
}

#[test]
fn ctrl_c_clears_a_half_typed_line_cancels_a_hint_and_leaves_only_at_an_empty_prompt() {
    let folder = util::awale_folder();
    let state = util::TempDir::new();
    let mut typist = Typist::start(folder.path(), state.path(), &["awale", "--think", "20"]);
    let prompt = "quel trou semez-vous";
    typist.wait_for(prompt, 1);
    // A half-typed « 12 » is cleared: the 3 typed next is played alone.
    typist.types("12\x03");
    std::thread::sleep(std::time::Duration::from_millis(300));
    typist.types("3\r");
    typist.wait_for("SUD a ramassé", 1);
    typist.wait_for(prompt, 2);
    // A hint of 20 s, cancelled as soon as it shows.
    typist.types("?\r");
    typist.wait_for("réfléchit", 1);
    let asked = std::time::Instant::now();
    typist.types("\x03");
    typist.wait_for("Conseil annulé.", 1);
    assert!(asked.elapsed() < std::time::Duration::from_secs(15));
    typist.wait_for(prompt, 3);
    // At an empty prompt, Ctrl-C leaves the game, kept.
    typist.types("\x03");
    typist.wait_for("Partie gardée", 1);
    let status = typist.child.wait().expect("the host ends");
    let shown = typist.shown();
    assert!(!status.success(), "{shown}");
    assert!(
        !shown.contains("refusé"),
        "the cleared 12 was never read: {shown}"
    );
    assert!(
        !shown.contains("Conseil :"),
        "the hint was cancelled: {shown}"
    );
    let kept = std::fs::read_dir(state.path().join("awale").join("games"))
        .expect("the games folder")
        .count();
    assert_eq!(kept, 1, "{shown}");
}
