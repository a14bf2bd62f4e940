//! The trust check of `SPEC.md` §7: a plugins folder or library file that
//! users other than its owner may write, or that belongs to anyone but the
//! user running the host or root, is refused (as OpenSSH's StrictModes),
//! since whoever writes it runs code inside the host. Only the folder and
//! the file themselves are checked, not their parents (the system's
//! temporary folder is world-writable, yet a private folder inside it is
//! safe enough). The kept games' folder, which the host writes to and
//! reads back, has its parents checked too ([`check_parents`]): each must
//! belong to the user or root, and not be writable by all users unless it
//! is sticky (as `/tmp`).

use std::fmt;
use std::fs::Metadata;
use std::path::{Path, PathBuf};

use crate::util::shown::shown_path;

/// A folder or file that others than the user running the host (or root)
/// could change.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(not(unix), allow(dead_code))] // only Unix has modes and owners to check
pub(crate) enum Untrusted {
    /// Others than its owner may write it.
    Writable {
        /// The folder or file.
        path: PathBuf,
        /// `g`, `o` or `go`: who may write besides the owner.
        who: &'static str,
    },
    /// It belongs to another user than the one running the host, or root.
    Owner {
        /// The folder or file.
        path: PathBuf,
        /// Its owner's user id.
        owner: u32,
        /// The user id the host runs as.
        user: u32,
    },
}

impl fmt::Display for Untrusted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Untrusted::Writable { path, who } => {
                let whom = match *who {
                    "g" => "its group",
                    "o" => "all users",
                    _ => "its group and all users",
                };
                write!(
                    f,
                    "{} is writable by {whom}, so anyone there could run code in the host: \
                     run `chmod {who}-w {}`",
                    shown_path(path),
                    shown_path(path)
                )
            }
            Untrusted::Owner { path, owner, user } => write!(
                f,
                "{} belongs to user {owner}, neither you (user {user}) nor root, \
                 so its owner could run code in the host: run `chown {user} {}`",
                shown_path(path),
                shown_path(path)
            ),
        }
    }
}

/// Fails when `path` (described by `metadata`) is writable by its group or
/// by others, or belongs to another user than the one running the host and
/// root.
#[cfg(unix)]
pub(crate) fn check(path: &Path, metadata: &Metadata) -> Result<(), Untrusted> {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let user = nix::unistd::geteuid().as_raw();
    let owner = metadata.uid();
    if owner != user && owner != 0 {
        return Err(Untrusted::Owner {
            path: path.to_path_buf(),
            owner,
            user,
        });
    }
    let mode = metadata.permissions().mode();
    let who = match (mode & 0o020 != 0, mode & 0o002 != 0) {
        (false, false) => return Ok(()),
        (true, false) => "g",
        (false, true) => "o",
        (true, true) => "go",
    };
    Err(Untrusted::Writable {
        path: path.to_path_buf(),
        who,
    })
}

/// Other platforms have no such mode bits: everything passes.
#[cfg(not(unix))]
pub(crate) fn check(_path: &Path, _metadata: &Metadata) -> Result<(), Untrusted> {
    Ok(())
}

/// Fails for the first folder above `path` (made absolute), or above the
/// folder it leads to through symlinks, that belongs to another user than
/// the one running the host and root, or that all users may write without
/// its sticky bit: whoever owns or writes it could put another folder in
/// `path`'s place. A folder its group may write passes
/// (a user's private group, as many systems give one's home).
#[cfg(unix)]
pub(crate) fn check_parents(path: &Path) -> Result<(), Untrusted> {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let user = nix::unistd::geteuid().as_raw();
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    // The folders the path names, and those it leads to through symlinks
    // (`~/.local/state` linked to a folder elsewhere): either could be
    // replaced.
    let real = std::fs::canonicalize(&absolute).ok();
    let real_parents = real.iter().flat_map(|real| real.ancestors().skip(1));
    for parent in absolute.ancestors().skip(1).chain(real_parents) {
        let Ok(metadata) = std::fs::metadata(parent) else {
            continue;
        };
        let owner = metadata.uid();
        if owner != user && owner != 0 {
            return Err(Untrusted::Owner {
                path: parent.to_path_buf(),
                owner,
                user,
            });
        }
        let mode = metadata.permissions().mode();
        if mode & 0o002 != 0 && mode & 0o1000 == 0 {
            return Err(Untrusted::Writable {
                path: parent.to_path_buf(),
                who: "o",
            });
        }
    }
    Ok(())
}

/// Other platforms have no owners to check.
#[cfg(not(unix))]
pub(crate) fn check_parents(_path: &Path) -> Result<(), Untrusted> {
    Ok(())
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    #[test]
    fn group_or_other_write_is_refused_with_the_fix() {
        let dir = std::env::temp_dir().join(format!("awale-trust-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        for (mode, fix) in [
            (0o755, None),
            (0o700, None),
            (0o775, Some("chmod g-w")),
            (0o757, Some("chmod o-w")),
            (0o777, Some("chmod go-w")),
        ] {
            std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(mode)).expect("chmod");
            let metadata = std::fs::metadata(&dir).expect("metadata");
            let result = check(&dir, &metadata);
            match fix {
                None => assert_eq!(result, Ok(()), "{mode:o}"),
                Some(fix) => {
                    let message = result.expect_err("refused").to_string();
                    assert!(
                        message.ends_with(&format!("{fix} {}`", dir.display())),
                        "{message}"
                    );
                }
            }
        }
        let _ = std::fs::remove_dir(&dir);
    }

    #[test]
    fn a_folder_of_another_user_is_refused_with_the_fix_unless_root_owns_it() {
        use std::os::unix::fs::MetadataExt;
        let dir = std::env::temp_dir().join(format!("awale-owner-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        let metadata = std::fs::metadata(&dir).expect("metadata");
        assert_eq!(check(&dir, &metadata), Ok(()), "one's own folder");
        let user = nix::unistd::geteuid().as_raw();
        if user == 0 {
            // Only root can give a folder away: check the refusal then.
            let nobody = 65534;
            std::os::unix::fs::chown(&dir, Some(nobody), None).expect("chown as root");
            let metadata = std::fs::metadata(&dir).expect("metadata");
            assert_eq!(metadata.uid(), nobody);
            let message = check(&dir, &metadata).expect_err("refused").to_string();
            assert!(
                message.contains("belongs to user 65534")
                    && message.ends_with(&format!("`chown 0 {}`", dir.display())),
                "{message}"
            );
        }
        let _ = std::fs::remove_dir(&dir);
    }
}
