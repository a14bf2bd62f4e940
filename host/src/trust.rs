//! The trust check of `SPEC.md` §7: a plugins folder or library file that
//! users other than its owner may write is refused, since whoever writes it
//! runs code inside the host. Only the folder and the file themselves are
//! checked, not their parents (the system's temporary folder is
//! world-writable, yet a private folder inside it is safe enough).

use std::fmt;
use std::fs::Metadata;
use std::path::{Path, PathBuf};

/// A folder or file that others than its owner may write.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Writable {
    path: PathBuf,
    /// `g`, `o` or `go`: who may write besides the owner.
    who: &'static str,
}

impl fmt::Display for Writable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let whom = match self.who {
            "g" => "its group",
            "o" => "all users",
            _ => "its group and all users",
        };
        write!(
            f,
            "{} is writable by {whom}, so anyone there could run code in the host: \
             run `chmod {}-w {}`",
            self.path.display(),
            self.who,
            self.path.display()
        )
    }
}

/// Fails when `path` (described by `metadata`) is writable by its group or by others.
#[cfg(unix)]
pub(crate) fn check(path: &Path, metadata: &Metadata) -> Result<(), Writable> {
    use std::os::unix::fs::PermissionsExt;
    let mode = metadata.permissions().mode();
    let who = match (mode & 0o020 != 0, mode & 0o002 != 0) {
        (false, false) => return Ok(()),
        (true, false) => "g",
        (false, true) => "o",
        (true, true) => "go",
    };
    Err(Writable {
        path: path.to_path_buf(),
        who,
    })
}

/// Other platforms have no such mode bits: everything passes.
#[cfg(not(unix))]
pub(crate) fn check(_path: &Path, _metadata: &Metadata) -> Result<(), Writable> {
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
}
