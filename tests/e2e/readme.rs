//! The README's sample sessions are real: every ```text block that starts
//! with `$ ` is run by `sh`, in order, in one temporary folder, with the
//! built host named `awale` on `PATH` and every workspace variant, and its
//! lines are compared with what the command printed (standard output and
//! standard error together). A `...` line stands for any lines; the two
//! things that differ from run to run are read loosely: a hint (a level-4
//! search of `--think` seconds, whose hole and judgement depend on the
//! machine) and a record's date.

use std::process::{Command, Stdio};

use crate::util::{self, TempDir};

/// The README's sample blocks: their command and their lines.
fn samples(readme: &str) -> Vec<(String, Vec<String>)> {
    let mut samples = Vec::new();
    let mut lines = readme.lines();
    while let Some(line) = lines.next() {
        if line != "```text" {
            continue;
        }
        let block: Vec<&str> = lines.by_ref().take_while(|line| *line != "```").collect();
        if let Some(command) = block.first().and_then(|first| first.strip_prefix("$ ")) {
            let shown = block[1..].iter().map(|line| (*line).to_owned()).collect();
            samples.push((command.to_owned(), shown));
        }
    }
    samples
}

/// Whether the README's `line` shows the printed line `real`.
fn shows(line: &str, real: &str) -> bool {
    // « Conseil : jouez N ; judgement. »: a hint, whatever its hole and
    // judgement (a level-4 search of `--think` seconds).
    let hint = |text: &str| {
        text.strip_prefix("Conseil : jouez ")
            .and_then(|rest| rest.split_once(" ; "))
            .is_some_and(|(hole, judgement)| {
                hole.parse::<u32>().is_ok() && judgement.ends_with('.')
            })
    };
    let date = |text: &str| text.starts_with("[Date \"") && text.ends_with("Z\"]");
    line == real || (hint(line) && hint(real)) || (date(line) && date(real))
}

/// Checks that the README's `shown` lines, `...` standing for any lines,
/// are what `real` printed.
fn check(command: &str, shown: &[String], real: &str) {
    let real: Vec<&str> = real.lines().collect();
    let mut at = 0;
    let mut any = false;
    for line in shown {
        if line == "..." {
            any = true;
            continue;
        }
        let found = if any {
            real[at..]
                .iter()
                .position(|real| shows(line, real))
                .map(|skip| at + skip)
        } else {
            (at < real.len() && shows(line, real[at])).then_some(at)
        };
        let Some(index) = found else {
            panic!(
                "README sample `{command}`: the line\n{line}\nis not printed there; the run printed:\n{}",
                real.join("\n")
            );
        };
        at = index + 1;
        any = false;
    }
    assert!(
        any || at == real.len(),
        "README sample `{command}` stops before the run did:\n{}",
        real.join("\n")
    );
}

#[cfg(unix)]
#[test]
fn the_readme_samples_are_what_the_program_prints() {
    let readme =
        std::fs::read_to_string(util::workspace_root().join("README.md")).expect("the README");
    let samples = samples(&readme);
    assert!(samples.len() >= 2, "the README's samples are found");
    let bin = TempDir::new();
    std::os::unix::fs::symlink(util::host_exe(), bin.path().join("awale"))
        .expect("a symlink named awale");
    let plugins = util::plugins_folder(&util::variant_libraries());
    let folder = TempDir::new();
    let path = std::env::var("PATH").unwrap_or_default();
    for (command, shown) in &samples {
        let output = Command::new("sh")
            .arg("-c")
            .arg(format!("{command} 2>&1"))
            .current_dir(folder.path())
            .env("PATH", format!("{}:{path}", bin.path().display()))
            .env("AWALE_PLUGINS", plugins.path())
            .env_remove("RUST_LOG")
            .env("HOME", util::test_home())
            .env("XDG_STATE_HOME", util::test_home().join("state"))
            .env("XDG_CACHE_HOME", util::test_home().join("cache"))
            .env("XDG_CONFIG_HOME", util::test_home().join("config"))
            .stdin(Stdio::null())
            .output()
            .expect("sh runs");
        check(command, shown, &util::stdout(&output));
    }
}

#[test]
fn a_sample_is_read_with_its_elisions_and_loose_lines() {
    let shown: Vec<String> = [
        "A",
        "...",
        "Conseil : jouez 4 ; la partie est équilibrée.",
        "C",
        "...",
    ]
    .map(str::to_owned)
    .to_vec();
    check(
        "x",
        &shown,
        "A\nB\nB\nConseil : jouez 6 ; la partie est équilibrée.\nC\nD\n",
    );
    check(
        "x",
        &shown,
        "A\nConseil : jouez 2 ; SUD mène d'environ 2 graines.\nC\n",
    );
    let refused = std::panic::catch_unwind(|| check("x", &shown, "A\nConseil : jouez 6.\nC\n"));
    assert!(refused.is_err(), "a hint has a judgement");
    let exact: Vec<String> = ["A", "B"].map(str::to_owned).to_vec();
    assert!(std::panic::catch_unwind(|| check("x", &exact, "A\nB\nC\n")).is_err());
    assert!(shows(
        "[Date \"2026-11-24T00:32:05Z\"]",
        "[Date \"2027-01-01T10:00:00Z\"]"
    ));
}
