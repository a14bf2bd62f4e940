//! `host --check FILE` (`SPEC.md` §2): every plugin of the workspace is
//! sound; each fault of the misbehaving fixture is one line of its own; a
//! library that is not a plugin of this contract is status 2.

use std::path::Path;

use crate::util;

/// `host --check FILE` with `args`.
fn check(file: &Path, args: &[&str]) -> std::process::Output {
    let file = file.to_str().expect("a UTF-8 path");
    let mut all = vec!["--check", file];
    all.extend_from_slice(args);
    util::run(&util::host_exe(), &all, "")
}

#[test]
fn every_plugin_of_the_workspace_passes_the_check() {
    let libraries = util::variant_libraries();
    assert!(libraries.len() >= 23, "{libraries:?}");
    for library in &libraries {
        let checked = check(library, &["--games", "2"]);
        let err = util::stderr(&checked);
        assert_eq!(
            checked.status.code(),
            Some(0),
            "{}: {err}",
            library.display()
        );
        assert_eq!(util::stdout(&checked), "", "{}", library.display());
        assert!(err.contains("is sound: "), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

#[test]
fn each_fault_of_the_misbehaving_fixture_is_one_line() {
    let fixture = util::fixture("panicking-variant");
    let file = fixture.to_str().expect("a UTF-8 path");
    // `fault=env` dies by SIGSEGV on its second move.
    let checked = util::output(
        util::command(&util::host_exe(), &["--check", file]).env("PANICKING_OPTION_FAULT", "segv"),
        b"",
    );
    assert_eq!(checked.status.code(), Some(1));
    let out = util::stdout(&checked);
    let prefix = format!("{}: ", fixture.display());
    // (what the line is about, what it says)
    let expected = [
        ("description", "does not end with the title `Kalah`"),
        ("options default:", "deliberate panic on hole 2"),
        (
            "options fault=drop:",
            "deliberate panic while dropping the game",
        ),
        (
            "options fault=seeds:",
            "inconsistent layout: 1 seed counts for 2 holes",
        ),
        (
            "options fault=holes:",
            "the rows do not number the holes 1 to 2 once each",
        ),
        ("options fault=think:", "deliberate panic in the evaluation"),
        ("options fault=text:", "is not one line of plain text"),
        // Its words on standard output do not spoil the check's answer: the
        // fixture's game never ends.
        ("options fault=print:", "no end after 10000 decisions"),
        (
            "options fault=env:",
            "the plugin crashed: the games ended by signal 11 (SIGSEGV)",
        ),
    ];
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), expected.len(), "{out}");
    for (line, (about, says)) in lines.iter().zip(expected) {
        let line = line
            .strip_prefix(&prefix)
            .unwrap_or_else(|| panic!("{line}"));
        assert!(line.starts_with(about) && line.contains(says), "{line}");
    }
    assert_eq!(
        util::stderr(&checked),
        format!(
            "error: {}: `panicking` failed 9 check(s)\n",
            fixture.display()
        )
    );
    // --set plays those options alone: the description's line and theirs.
    let checked = check(&fixture, &["--set", "fault=seeds"]);
    assert_eq!(checked.status.code(), Some(1));
    let out = util::stdout(&checked);
    assert_eq!(out.lines().count(), 2);
    // A failed game names its record, which --replay plays to the failure.
    let record = out
        .split("; the game so far: ")
        .nth(1)
        .and_then(|rest| rest.split(" (`--plugins DIR --replay` it)").next())
        .unwrap_or_else(|| panic!("no record named: {out}"));
    let text = std::fs::read_to_string(record).expect("the record");
    assert!(text.contains("[Set \"fault=seeds\"]\n"), "{text}");
    let folder = util::plugins_folder(std::slice::from_ref(&fixture));
    // The plugin's own words are said under RUST_LOG=debug.
    let mut command = util::host_command(folder.path(), &["--replay", record, "--no-keep"]);
    command.env("RUST_LOG", "debug");
    let replayed = util::output(&mut command, b"");
    let err = util::stderr(&replayed);
    assert_eq!(replayed.status.code(), Some(1), "{err}");
    assert!(err.contains("1 seed counts for 2 holes"), "{err}");
    let _ = std::fs::remove_file(record);
}

#[test]
fn a_library_that_is_not_a_plugin_of_this_contract_is_status_2() {
    for (name, reason) in [
        ("plain-cdylib", "no variant module exported"),
        ("incompatible-plugin", "cannot load"),
    ] {
        let fixture = util::fixture(name);
        let checked = check(&fixture, &[]);
        assert_eq!(checked.status.code(), Some(2), "{name}");
        assert_eq!(util::stdout(&checked), "", "{name}");
        let err = util::stderr(&checked);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.starts_with(&format!(
                "error: {} is not a plugin of this host: ",
                fixture.display()
            )) && err.contains(reason),
            "{err}"
        );
    }
}

/// The author's template (`templates/variant`) builds out of the workspace,
/// as a crate of its own (offline, from its own lock file, into a target
/// folder of its own beside the workspace's), and passes the check.
#[test]
fn the_template_builds_out_of_tree_and_passes_the_check() {
    let target = util::build_dir()
        .parent()
        .expect("target/<profile> has a parent")
        .join("template");
    let manifest = util::workspace_root().join("templates/variant/Cargo.toml");
    let status = std::process::Command::new(env!("CARGO"))
        .args([
            "build",
            "--quiet",
            "--offline",
            "--locked",
            "--manifest-path",
        ])
        .arg(&manifest)
        .arg("--target-dir")
        .arg(&target)
        .status()
        .expect("cargo runs");
    assert!(status.success(), "the template does not build");
    let library = target.join("debug").join(format!(
        "{}my_variant{}",
        std::env::consts::DLL_PREFIX,
        std::env::consts::DLL_SUFFIX
    ));
    let checked = check(&library, &["--games", "5"]);
    assert_eq!(checked.status.code(), Some(0), "{}", util::stderr(&checked));
    assert_eq!(util::stdout(&checked), "");
}

/// Issue 35 (low): `--check` waited forever for a plugin that never
/// returns from a move; a set of options is now given a time limit (twelve
/// times a trial load's), then one line.
#[test]
fn a_plugin_that_never_returns_is_one_line_of_the_check() {
    let fixture = util::fixture("panicking-variant");
    let file = fixture.to_str().expect("a UTF-8 path");
    let checked = util::output(
        util::command(&util::host_exe(), &["--check", file])
            .env("PANICKING_OPTION_FAULT", "hang")
            .env("AWALE_PROBE_SECONDS", "0.2"),
        b"",
    );
    assert_eq!(checked.status.code(), Some(1), "{}", util::stderr(&checked));
    let out = util::stdout(&checked);
    assert!(
        out.contains(&format!(
            "{file}: options fault=env: the games did not finish within 2.4 s \
             (a call that never returns?)\n"
        )),
        "{out}"
    );
}
