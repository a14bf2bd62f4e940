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

/// What a terminal shows of the host run with `args` on the plugins
/// `folder`, its standard input empty.
fn on_a_terminal(folder: &Path, args: &[&str]) -> String {
    let mut line = vec![
        quoted(&util::host_exe().display().to_string()),
        "--plugins".to_owned(),
        quoted(&folder.display().to_string()),
    ];
    line.extend(args.iter().map(|arg| quoted(arg)));
    let output = Command::new("script")
        .args(["-qfec", &line.join(" "), "/dev/null"])
        .env_remove("AWALE_PLUGINS")
        .env("HOME", util::test_home())
        .env("XDG_STATE_HOME", util::test_home().join("state"))
        .env("XDG_CACHE_HOME", util::test_home().join("cache"))
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
