//! The trust check of `SPEC.md` §7: plugins folders and library files that
//! users other than their owner may write, or that belong to another user
//! than the one running the host or root, are refused, naming the fix.

use crate::util::{self, TempDir};

#[test]
fn a_named_plugins_folder_writable_by_others_is_a_usage_error_naming_the_fix() {
    for (mode, fix, whom) in [
        (0o775, "g-w", "its group"),
        (0o757, "o-w", "all users"),
        (0o777, "go-w", "its group and all users"),
    ] {
        let folder = util::plugins_folder(&[util::library("awale")]);
        util::set_mode(folder.path(), mode);
        let list = util::host(folder.path(), &["--list"], "");
        assert_eq!(list.status.code(), Some(2), "{mode:o}");
        let dir = folder.path().display();
        assert_eq!(
            util::stderr(&list),
            format!(
                "error: refused plugins folder: {dir} is writable by {whom}, so anyone there \
                 could run code in the host: run `chmod {fix} {dir}`\n"
            )
        );
        assert_eq!(util::stdout(&list), "");
    }
}

#[test]
fn a_library_file_writable_by_others_is_skipped_with_a_warning() {
    let folder = util::plugins_folder(&[util::library("awale")]);
    let kalaha = folder.copy_in(&util::library("kalaha"));
    util::set_mode(&kalaha, 0o666);
    let list = util::host(folder.path(), &["--list"], "");
    assert_eq!(list.status.code(), Some(0));
    assert!(util::stdout(&list).starts_with("awale "));
    assert!(!util::stdout(&list).contains("kalaha"));
    let file = kalaha.display();
    assert_eq!(
        util::stderr(&list),
        format!(
            "warn: skipped {file}: {file} is writable by its group and all users, so anyone \
             there could run code in the host: run `chmod go-w {file}`\n"
        )
    );
}

#[test]
fn a_default_plugins_folder_writable_by_others_is_skipped_with_a_warning() {
    let install = TempDir::new();
    let host = install.copy_in(&util::host_exe());
    let plugins = install.path().join("plugins");
    std::fs::create_dir(&plugins).expect("mkdir");
    util::set_mode(&plugins, 0o777);
    let awale = util::library("awale");
    let name = awale.file_name().expect("a file name");
    std::fs::copy(&awale, plugins.join(name)).expect("copy");

    let list = util::run(&host, &["--list"], "");
    assert_eq!(list.status.code(), Some(0), "{}", util::stderr(&list));
    assert_eq!(util::stdout(&list), "");
    let err = util::stderr(&list);
    let mut lines = err.lines();
    assert_eq!(
        lines.next(),
        Some(
            format!(
                "warn: skipped plugins folder: {dir} is writable by its group and all users, \
                 so anyone there could run code in the host: run `chmod go-w {dir}`",
                dir = plugins.display()
            )
            .as_str()
        )
    );
    assert!(
        lines
            .next()
            .is_some_and(|line| line.starts_with("aucune variante n'est installée")),
        "{err}"
    );
}

/// Issue 15: as root, a folder and a library owned by `nobody` loaded
/// silently, so `nobody` could run code as root. Only root can give files
/// away, so this runs as root only.
#[test]
fn a_folder_or_library_of_another_user_is_refused_naming_chown() {
    use std::os::unix::fs::MetadataExt;
    let me = std::fs::metadata(util::test_home())
        .expect("the test home")
        .uid();
    if me != 0 {
        eprintln!("skipped: only root can give a file to another user");
        return;
    }
    let nobody = 65534;
    let folder = util::plugins_folder(&[util::library("awale")]);
    let kalaha = folder.copy_in(&util::library("kalaha"));
    std::os::unix::fs::chown(&kalaha, Some(nobody), None).expect("chown as root");
    let list = util::host(folder.path(), &["--list"], "");
    assert_eq!(list.status.code(), Some(0));
    assert!(!util::stdout(&list).contains("kalaha"));
    let file = kalaha.display();
    assert_eq!(
        util::stderr(&list),
        format!(
            "warn: skipped {file}: {file} belongs to user {nobody}, neither you (user 0) nor \
             root, so its owner could run code in the host: run `chown 0 {file}`\n"
        )
    );

    std::os::unix::fs::chown(folder.path(), Some(nobody), None).expect("chown as root");
    let list = util::host(folder.path(), &["--list"], "");
    assert_eq!(list.status.code(), Some(2));
    let dir = folder.path().display();
    assert_eq!(
        util::stderr(&list),
        format!(
            "error: refused plugins folder: {dir} belongs to user {nobody}, neither you \
             (user 0) nor root, so its owner could run code in the host: run `chown 0 {dir}`\n"
        )
    );
}
