//! Write failures: a full standard output or standard error ends the host
//! with status 1, never with a panic.

use std::fs::File;
use std::process::{Output, Stdio};

use crate::util;

fn full() -> Stdio {
    Stdio::from(File::create("/dev/full").expect("/dev/full exists"))
}

fn run(args: &[&str], stdout_full: bool, stdin: &str) -> Output {
    let folder = util::plugins_folder(&[util::library("awale")]);
    let mut command = util::host_command(folder.path(), args);
    if stdout_full {
        command.stdout(full());
    } else {
        command.stderr(full());
    }
    util::output(&mut command, stdin.as_bytes())
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_standard_error_ends_a_game_with_status_1_without_panic() {
    for args in [&["awale"][..], &["nonexistent"], &["--bad-option"]] {
        let output = run(args, false, "3 0\n");
        assert_eq!(output.status.code(), Some(1), "{args:?}");
    }
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_standard_output_ends_with_status_1_and_one_line() {
    for (args, message) in [
        (
            &["--list"][..],
            "erreur : impossible d'écrire sur la sortie standard : ",
        ),
        (
            &["awale", "--help"],
            "erreur : impossible d'écrire sur la sortie standard : ",
        ),
        (&["awale"], "erreur : impossible d'écrire la partie : "),
        (
            &["--version"],
            "erreur : impossible d'écrire le message de la ligne de commande : ",
        ),
    ] {
        let output = run(args, true, "3 0\n");
        assert_eq!(output.status.code(), Some(1), "{args:?}");
        let err = util::stderr(&output);
        let last = err.lines().last().unwrap_or_default();
        assert!(last.starts_with(message), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}
