//! `make install` and `make uninstall` (`SPEC.md` §2), and what they install
//! from the program itself: `awale --man` and `awale --completions SHELL`.
//!
//! The test installs the host, as `awale`, and two variants already built
//! for the tests (`make install-files BUILD_DIR=...`, which builds nothing)
//! into a temporary prefix, then plays from another folder with an empty
//! environment: the program finds its variants in `PREFIX/lib/awale/plugins`.
//! `PREFIX=/usr` (staged with `DESTDIR`) installs as Debian's games do, the
//! layout of the Debian package (`make deb`, whose metadata is checked
//! here and whose build `tests/deb/check.sh` checks); the manual page and
//! completions kept in `pkg/` are what the program called `awale` prints.

use std::path::Path;
use std::process::{Command, Output, Stdio};

use crate::util::{self, TempDir};

/// Runs `make TARGET` in the workspace with these variables and `more`.
fn make(target: &str, prefix: &Path, more: &[&str]) -> Output {
    let output = Command::new("make")
        .current_dir(util::workspace_root())
        .arg("--no-print-directory")
        .arg(target)
        .arg(format!("PREFIX={}", prefix.display()))
        .arg(format!("BUILD_DIR={}", util::build_dir().display()))
        .arg("PLUGINS=awale kalah")
        .args(more)
        .stdin(Stdio::null())
        .output()
        .expect("make runs (it is needed by `make install`)");
    assert!(
        output.status.success(),
        "make {target}: {}",
        util::stderr(&output)
    );
    output
}

/// The files of `pkg/` made by the program, and the arguments that print each.
const GENERATED: [(&str, &[&str]); 4] = [
    ("pkg/awale.6", &["--man"]),
    ("pkg/completions/awale.bash", &["--completions", "bash"]),
    ("pkg/completions/_awale", &["--completions", "zsh"]),
    ("pkg/completions/awale.fish", &["--completions", "fish"]),
];

/// The text of the workspace's file `path`.
fn tree_file(path: &str) -> String {
    let file = util::workspace_root().join(path);
    std::fs::read_to_string(&file).unwrap_or_else(|error| panic!("{}: {error}", file.display()))
}

/// Runs the installed `host` in `folder` with no environment at all.
fn installed_host(exe: &Path, folder: &Path, args: &[&str], stdin: &str) -> Output {
    let mut command = Command::new(exe);
    command
        .env_clear()
        .current_dir(folder)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    util::output(&mut command, stdin.as_bytes())
}

#[test]
fn an_installed_host_finds_its_variants_and_plays_from_anywhere() {
    let root = TempDir::new();
    let prefix = root.path().join("prefix");
    make("install-files", &prefix, &[]);
    let share = prefix.join("share");
    let doc = share.join("doc/awale");
    let installed = [
        prefix.join("bin/awale"),
        prefix.join("lib/awale/plugins/libawale.so"),
        prefix.join("lib/awale/plugins/libkalah.so"),
        share.join("man/man6/awale.6"),
        share.join("bash-completion/completions/awale"),
        share.join("zsh/site-functions/_awale"),
        share.join("fish/vendor_completions.d/awale.fish"),
        doc.join("README.md"),
        doc.join("CHANGELOG.md"),
        doc.join("LICENSE-MIT"),
        doc.join("LICENSE-APACHE"),
    ];
    for file in &installed {
        assert!(file.is_file(), "{} is installed", file.display());
    }
    assert!(!prefix.join("bin/host").exists(), "installed as awale only");
    let page = std::fs::read_to_string(&installed[3]).expect("the manual page");
    assert!(page.contains(".TH awale 6"), "{page}");
    assert!(page.contains(".SH EXEMPLES") && page.contains(".SH FICHIERS"));
    let bash = std::fs::read_to_string(&installed[4]).expect("the bash completions");
    assert!(bash.contains("complete -F _awale_variants"), "{bash}");
    let fish = std::fs::read_to_string(&installed[6]).expect("the fish completions");
    assert!(fish.contains("complete -c awale"), "{fish}");

    let elsewhere = TempDir::new();
    let exe = &installed[0];
    let list = installed_host(exe, elsewhere.path(), &["--list"], "");
    assert_eq!(list.status.code(), Some(0), "{}", util::stderr(&list));
    let listed = util::stdout(&list);
    let ids: Vec<&str> = listed
        .lines()
        .filter(|line| !line.starts_with(' '))
        .filter_map(|line| line.split(' ').next())
        .collect();
    assert_eq!(ids, ["awale", "kalah"]);
    let game = installed_host(exe, elsewhere.path(), &["awale"], "3 0\n");
    assert_eq!(game.status.code(), Some(0), "{}", util::stderr(&game));
    assert!(
        util::stdout(&game).ends_with("gagne la partie d'Awalé.\n"),
        "{}",
        util::stdout(&game)
    );
    let typo = installed_host(exe, elsewhere.path(), &["awele"], "");
    assert_eq!(typo.status.code(), Some(2));
    assert_eq!(
        util::stderr(&typo),
        "erreur : variante inconnue : « awele » ; vouliez-vous dire awale ? (awale --list\n         \
         les donne toutes)\n"
    );
    let usage = installed_host(exe, elsewhere.path(), &["--frob"], "");
    assert!(util::stderr(&usage).contains("(voir awale --help)"));

    make("uninstall", &prefix, &[]);
    for file in &installed {
        assert!(!file.exists(), "{} is removed", file.display());
    }
    assert!(!prefix.join("lib/awale").exists());
    assert!(!doc.exists());
}

#[test]
fn bin_host_keeps_the_workspace_name() {
    let root = TempDir::new();
    let prefix = root.path().join("prefix");
    make("install-files", &prefix, &["BIN=host"]);
    let page = prefix.join("share/man/man6/host.6");
    assert!(prefix.join("bin/host").is_file() && page.is_file());
    assert!(!prefix.join("bin/awale").exists());
    let page = std::fs::read_to_string(&page).expect("the manual page");
    assert!(page.contains(".TH host 6"), "{page}");
    make("uninstall", &prefix, &["BIN=host"]);
    assert!(!prefix.join("bin/host").exists());
}

#[test]
fn the_manual_page_and_the_completions_come_from_the_host() {
    let page = util::run(&util::host_exe(), &["--man"], "");
    assert_eq!(page.status.code(), Some(0));
    let page = util::stdout(&page);
    assert!(page.contains(".TH host 6"), "{page}");
    for option in [
        "\\-\\-replay",
        "\\-\\-resume",
        "\\-\\-no\\-keep",
        "\\-\\-completions",
    ] {
        assert!(page.contains(option), "{option} in the manual page");
    }
    for (shell, mark) in [
        ("bash", "complete -F _host"),
        ("zsh", "#compdef host"),
        ("fish", "complete -c host -l resume"),
    ] {
        let script = util::run(&util::host_exe(), &["--completions", shell], "");
        assert_eq!(script.status.code(), Some(0), "{shell}");
        let script = util::stdout(&script);
        assert!(script.contains(mark), "{shell}: {script}");
    }
    let unknown = util::run(&util::host_exe(), &["--completions", "cmd"], "");
    assert_eq!(unknown.status.code(), Some(2));
    let alone = util::run(&util::host_exe(), &["--man", "awale"], "");
    assert_eq!(alone.status.code(), Some(2), "--man takes nothing else");
}

/// The manual page and completions are files of the tree, for packagers
/// who cannot run the program they build (cargo-deb, cross builds): they
/// must be what the program called `awale` prints.
#[cfg(unix)]
#[test]
fn the_manual_page_and_completions_of_pkg_are_what_awale_prints() {
    use std::os::unix::process::CommandExt;
    for (path, args) in GENERATED {
        let mut command = util::command(&util::host_exe(), args);
        command.arg0("awale");
        let printed = util::output(&mut command, b"");
        assert_eq!(printed.status.code(), Some(0), "awale {args:?}");
        assert!(
            tree_file(path) == util::stdout(&printed),
            "{path} is not what `awale {}` prints: run `make generated`",
            args.join(" ")
        );
    }
}

#[test]
fn prefix_usr_installs_as_debian_games_with_zsh_completions_for_debian() {
    let staging = TempDir::new();
    let destdir = format!("DESTDIR={}", staging.path().display());
    make("install-files", Path::new("/usr"), &[&destdir]);
    let usr = staging.path().join("usr");
    let share = usr.join("share");
    let installed = [
        usr.join("games/awale"),
        usr.join("lib/awale/plugins/libawale.so"),
        usr.join("lib/awale/plugins/libkalah.so"),
        share.join("man/man6/awale.6"),
        share.join("bash-completion/completions/awale"),
        share.join("zsh/vendor-completions/_awale"),
        share.join("fish/vendor_completions.d/awale.fish"),
        share.join("doc/awale/README.md"),
    ];
    for file in &installed {
        assert!(file.is_file(), "{} is installed", file.display());
    }
    assert!(!usr.join("bin").exists(), "nothing in /usr/bin");
    for (file, (path, _)) in installed[3..7].iter().zip(GENERATED) {
        let copy = std::fs::read_to_string(file).expect("an installed file");
        assert!(copy == tree_file(path), "{} is {path}", file.display());
    }
    // /usr/games/awale finds /usr/lib/awale/plugins.
    let elsewhere = TempDir::new();
    let game = installed_host(&installed[0], elsewhere.path(), &["kalah"], "3 0\n");
    assert_eq!(game.status.code(), Some(0), "{}", util::stderr(&game));
    assert!(util::stdout(&game).ends_with("la partie de Kalah.\n"));

    make("uninstall", Path::new("/usr"), &[&destdir]);
    for file in &installed {
        assert!(!file.exists(), "{} is removed", file.display());
    }
}

#[test]
fn bindir_and_zshdir_choose_other_distributions_folders() {
    let staging = TempDir::new();
    let destdir = format!("DESTDIR={}", staging.path().display());
    let fedora = [
        destdir.as_str(),
        "BINDIR=/usr/bin",
        "ZSHDIR=/usr/share/zsh/site-functions",
    ];
    make("install-files", Path::new("/usr"), &fedora);
    let usr = staging.path().join("usr");
    let exe = usr.join("bin/awale");
    assert!(exe.is_file() && !usr.join("games").exists());
    assert!(usr.join("share/zsh/site-functions/_awale").is_file());
    let elsewhere = TempDir::new();
    let list = installed_host(&exe, elsewhere.path(), &["--list"], "");
    assert_eq!(list.status.code(), Some(0), "{}", util::stderr(&list));
    assert!(util::stdout(&list).starts_with("awale "));
    make("uninstall", Path::new("/usr"), &fedora);
    assert!(!exe.exists() && !usr.join("lib/awale").exists());
}

/// The Debian package's metadata (`host/Cargo.toml`) names every variant
/// of `plugins/`, and its Debian changelog the workspace's version.
#[test]
fn the_debian_package_holds_every_variant_and_the_workspace_version() {
    let manifest = tree_file("host/Cargo.toml");
    let metadata = &manifest[manifest
        .find("[package.metadata.deb]")
        .expect("host/Cargo.toml has the Debian package's metadata")..];
    let ids = util::variant_ids();
    assert_eq!(ids.len(), 23);
    for id in &ids {
        let asset = format!(
            "[\"target/release/lib{}.so\", \"usr/lib/awale/plugins/\", \"644\"]",
            id.replace('-', "_")
        );
        assert!(
            metadata.contains(&asset),
            "{id}: no {asset} in host/Cargo.toml"
        );
    }
    let libraries = metadata.matches("usr/lib/awale/plugins/").count();
    assert_eq!(libraries, ids.len(), "one asset a variant");
    let version = env!("CARGO_PKG_VERSION");
    let changelog = tree_file("pkg/debian/changelog");
    assert!(
        changelog.starts_with(&format!("awale ({version}-1) ")),
        "pkg/debian/changelog's first entry is for {version}-1: {changelog}"
    );
}
