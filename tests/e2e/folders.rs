//! Which plugins folders are searched (`SPEC.md` §2) and which of their
//! entries are tried.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use crate::util::{self, TempDir};

/// Runs `command` (stdin empty), killing it if it takes more than 20 s.
fn within_20s(command: &mut Command) -> Output {
    let mut child = command.spawn().expect("host starts");
    drop(child.stdin.take());
    let start = Instant::now();
    while child.try_wait().expect("host runs").is_none() {
        if start.elapsed() > Duration::from_secs(20) {
            let _ = child.kill();
            panic!("host blocked");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("host ran")
}

#[cfg(unix)]
#[test]
fn directories_fifos_and_dangling_links_named_like_libraries_are_skipped_quietly() {
    let folder = util::plugins_folder(&[util::library("awale")]);
    let directory = folder.path().join("directory.so");
    std::fs::create_dir(&directory).expect("mkdir");
    let fifo = folder.path().join("fifo.so");
    let made = Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let dangling = folder.path().join("dangling.so");
    std::os::unix::fs::symlink(folder.path().join("missing"), &dangling).expect("symlink");

    for args in [&["--list"][..], &["kalaha"]] {
        let output = within_20s(&mut util::host_command(folder.path(), args));
        let err = util::stderr(&output);
        assert!(!err.contains("warn"), "{args:?}: {err}");
    }
    let list = within_20s(util::host_command(folder.path(), &["--list"]).env("RUST_LOG", "debug"));
    assert_eq!(list.status.code(), Some(0));
    assert!(util::stdout(&list).starts_with("awale "));
    let err = util::stderr(&list);
    for (path, why) in [
        (&directory, "not a regular file"),
        (&fifo, "not a regular file"),
        (&dangling, "No such file"),
    ] {
        let line = format!("debug: skipped {}: {why}", path.display());
        assert!(err.contains(&line), "{line}\n{err}");
    }
}

/// A copy of `host` alone in a new folder, so that only the user's folder holds plugins.
fn installed_host() -> (TempDir, PathBuf) {
    let install = TempDir::new();
    let host = install.copy_in(&util::host_exe());
    (install, host)
}

/// `folder`/awale/plugins with the Awalé plugin in it; returns the library's path.
fn user_plugins(data: &Path) -> PathBuf {
    let plugins = data.join("awale").join("plugins");
    std::fs::create_dir_all(&plugins).expect("mkdir");
    let awale = util::library("awale");
    let copy = plugins.join(awale.file_name().expect("a file name"));
    std::fs::copy(&awale, &copy).expect("copy");
    copy
}

#[test]
fn the_users_plugins_folder_is_searched_first() {
    let (_install, host) = installed_host();
    let data = TempDir::new();
    let library = user_plugins(data.path());
    let data_home = data.path().to_str().expect("UTF-8");

    let list = util::command(&host, &["--list", "--verbose"])
        .env("XDG_DATA_HOME", data_home)
        .output()
        .expect("host runs");
    assert_eq!(list.status.code(), Some(0), "{}", util::stderr(&list));
    assert!(util::stdout(&list).contains(&format!("fichier : {}", library.display())));

    // An empty AWALE_PLUGINS is "not set".
    let list = util::command(&host, &["--list", "--verbose"])
        .env("XDG_DATA_HOME", data_home)
        .env("AWALE_PLUGINS", "")
        .output()
        .expect("host runs");
    assert_eq!(list.status.code(), Some(0), "{}", util::stderr(&list));
    assert!(util::stdout(&list).contains(&format!("fichier : {}", library.display())));
}

#[test]
fn without_xdg_data_home_the_users_folder_is_under_home() {
    let (_install, host) = installed_host();
    let home = TempDir::new();
    let library = user_plugins(&home.path().join(".local/share"));
    let list = util::command(&host, &["--list", "--verbose"])
        .env_remove("XDG_DATA_HOME")
        .env("HOME", home.path())
        .output()
        .expect("host runs");
    assert_eq!(list.status.code(), Some(0), "{}", util::stderr(&list));
    assert!(util::stdout(&list).contains(&format!("fichier : {}", library.display())));
}

#[test]
fn list_with_nothing_installed_says_where_it_looked_and_succeeds() {
    let (install, host) = installed_host();
    let list = util::command(&host, &["--list", "--verbose"])
        .env_remove("XDG_DATA_HOME")
        .env_remove("HOME")
        .output()
        .expect("host runs");
    assert_eq!(list.status.code(), Some(0));
    assert_eq!(util::stdout(&list), "");
    assert_eq!(
        util::stderr(&list),
        format!(
            "aucune variante n'est installée (cherchées dans {prefix}/lib/awale/plugins, \
             {dir}/plugins, {dir}) : `make install` les installe, ou copiez les lib*.so de \
             target/release dans ~/.local/share/awale/plugins\n",
            prefix = install.path().parent().expect("a parent").display(),
            dir = install.path().display()
        )
    );
}

#[test]
fn a_variant_with_list_is_listed_alone() {
    let folder = util::plugins_folder(&[util::library("kalaha"), util::library("awale")]);
    let list = util::host(folder.path(), &["Awalé", "--list"], "");
    assert_eq!(list.status.code(), Some(0));
    let out = util::stdout(&list);
    assert!(out.starts_with("awale "), "{out}");
    assert!(!out.contains("kalaha"), "{out}");
}
