//! Damaged libraries (cut short, another platform's) are skipped with one
//! warning before the system loader maps them, and a command maps only the
//! library it uses (see also `mutants`).

use std::path::{Path, PathBuf};
use std::process::Output;

use crate::util::{self, TempDir};

/// The `warn:` lines of standard error.
fn warnings(output: &Output) -> Vec<String> {
    util::stderr(output)
        .lines()
        .filter(|line| line.starts_with("warn:"))
        .map(str::to_owned)
        .collect()
}

/// A folder with a good Awalé plugin and `bytes` written under `names`.
fn folder_with(bytes: &[u8], names: &[&str]) -> (TempDir, Vec<PathBuf>) {
    let folder = TempDir::new();
    folder.copy_in(&util::library("awale"));
    let files = names.iter().map(|name| folder.write(name, bytes)).collect();
    (folder, files)
}

fn library_file(stem: &str) -> String {
    format!(
        "{}{stem}{}",
        std::env::consts::DLL_PREFIX,
        std::env::consts::DLL_SUFFIX
    )
}

fn assert_exit(output: &Output, code: i32, what: &str) {
    assert_eq!(
        output.status.code(),
        Some(code),
        "{what}: {:?}\n{}",
        output.status,
        util::stderr(output)
    );
}

#[test]
fn a_library_cut_short_is_skipped_with_one_warning_and_never_crashes_the_host() {
    let whole = std::fs::read(util::library("kalaha")).expect("the kalaha plugin is built");
    for percent in [1, 10, 50, 70, 99] {
        let cut = &whole[..whole.len() * percent / 100];
        // One copy sorts after libawale, one before it (so `host awale` meets it).
        let (folder, files) = folder_with(cut, &[&library_file("kalaha"), "0-early.so"]);
        let what = format!("cut at {percent}%");

        let list = util::host(folder.path(), &["--list"], "");
        assert_exit(&list, 0, &what);
        assert!(util::stdout(&list).starts_with("awale "), "{what}");
        let warned = warnings(&list);
        assert_eq!(
            warned.len(),
            2,
            "{what}: one line per damaged file: {warned:?}"
        );
        for file in &files {
            let line = warned
                .iter()
                .find(|line| line.starts_with(&format!("warn: skipped {}: ", file.display())))
                .unwrap_or_else(|| panic!("{what}: no warning for {}", file.display()));
            assert!(
                line.contains("damaged library") || line.contains("not a loadable library"),
                "{what}: {line}"
            );
        }

        let game = util::host(folder.path(), &["awale"], "3 0\n");
        assert_exit(&game, 0, &what);
        assert_eq!(warnings(&game), warned, "{what}");

        let help = util::host(folder.path(), &["awale", "--help"], "");
        assert_exit(&help, 0, &what);
        assert!(util::stdout(&help).starts_with("Awalé (awale "), "{what}");
        assert_eq!(warnings(&help), warned, "{what}");
    }
}

/// The ELF machine field (bytes 18-19, little-endian on this host) set to `machine`.
fn with_machine(file: &Path, machine: u16) -> Vec<u8> {
    let mut bytes = std::fs::read(file).expect("the plugin is readable");
    let field = if cfg!(target_endian = "big") {
        machine.to_be_bytes()
    } else {
        machine.to_le_bytes()
    };
    bytes[18..20].copy_from_slice(&field);
    bytes
}

#[cfg(all(target_os = "linux", target_arch = "x86_64"))]
#[test]
fn another_platforms_library_is_skipped_with_a_clear_message() {
    let arm = with_machine(&util::library("kalaha"), 183);
    let (folder, files) = folder_with(&arm, &[&library_file("kalaha")]);
    let list = util::host(folder.path(), &["--list"], "");
    assert_exit(&list, 0, "arm library");
    assert_eq!(
        util::stderr(&list),
        format!(
            "warn: skipped {}: built for another platform: ELF machine 183 (aarch64), \
             this host is machine 62 (x86_64)\n",
            files[0].display()
        )
    );
}

/// The libraries a run of `host args` mapped, from its debug lines.
fn mapped(folder: &Path, args: &[&str]) -> Vec<String> {
    let mut command = util::host_command(folder, args);
    command.env("RUST_LOG", "debug");
    let output = util::output(&mut command, b"3 0\n");
    assert!(output.status.success(), "{}", util::stderr(&output));
    util::stderr(&output)
        .lines()
        .filter_map(|line| line.strip_prefix("debug: mapping "))
        .map(|line| line.split(' ').next().unwrap_or_default().to_owned())
        .collect()
}

#[test]
fn a_game_maps_only_its_own_library_and_a_known_list_maps_none() {
    let folder = util::plugins_folder(&[util::library("awale"), util::library("kalah")]);
    folder.write(&library_file("zz"), b"\x7fELF cut");
    let awale = folder.path().join(library_file("awale"));
    let list = util::host(folder.path(), &["--list"], "");
    assert_exit(&list, 0, "--list");
    assert_eq!(warnings(&list).len(), 1, "the damaged file is told");
    assert_eq!(mapped(folder.path(), &["--list"]), Vec::<String>::new());
    assert_eq!(
        mapped(folder.path(), &["awale"]),
        [awale.display().to_string()]
    );
}
