//! Opening one plugin library: the file is opened once, its identity, trust
//! and ELF headers are checked on that descriptor, and the system loader maps
//! that same descriptor, so the checks and the load see the same file.

use std::fs::{File, Metadata};
use std::path::{Path, PathBuf};

use log::debug;
use variant_api::Plugin;

use crate::{elf, trust};

/// What identifies a file's contents without reading it: a file replaced or
/// changed in place gets another identity.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) struct Identity {
    device: u64,
    inode: u64,
    size: u64,
    modified: (i64, i64),
    changed: (i64, i64),
}

impl Identity {
    /// The identity of the file `metadata` describes.
    #[cfg(unix)]
    pub(crate) fn of(metadata: &Metadata) -> Identity {
        use std::os::unix::fs::MetadataExt;
        Identity {
            device: metadata.dev(),
            inode: metadata.ino(),
            size: metadata.size(),
            modified: (metadata.mtime(), metadata.mtime_nsec()),
            changed: (metadata.ctime(), metadata.ctime_nsec()),
        }
    }

    /// The identity of the file `metadata` describes (size and times only).
    #[cfg(not(unix))]
    pub(crate) fn of(metadata: &Metadata) -> Identity {
        let nanos = |time: std::io::Result<std::time::SystemTime>| {
            time.ok()
                .and_then(|time| time.duration_since(std::time::UNIX_EPOCH).ok())
                .map_or((0, 0), |since| {
                    (since.as_secs() as i64, i64::from(since.subsec_nanos()))
                })
        };
        Identity {
            device: 0,
            inode: 0,
            size: metadata.len(),
            modified: nanos(metadata.modified()),
            changed: nanos(metadata.created()),
        }
    }
}

/// A plugin mapped into the host, with the open file it was mapped from.
#[derive(Debug)]
pub(crate) struct Loaded {
    /// The plugin.
    pub(crate) plugin: Plugin,
    /// The identity of the file when it was opened.
    pub(crate) identity: Identity,
    /// The open file: keep it as long as the library is mapped, so that the
    /// name the loader was given (`/proc/self/fd/N`) is never another file's.
    pub(crate) open: File,
}

/// Opens, checks and maps the library `path`; the error is one line.
pub(crate) fn load(path: &Path) -> Result<Loaded, String> {
    let file = File::open(path).map_err(|error| format!("cannot open the file: {error}"))?;
    let metadata = file
        .metadata()
        .map_err(|error| format!("cannot read the file: {error}"))?;
    if !metadata.is_file() {
        return Err("not a regular file".to_owned());
    }
    trust::check(path, &metadata).map_err(|untrusted| untrusted.to_string())?;
    if elf::NATIVE {
        elf::check_file(&file).map_err(|refusal| refusal.to_string())?;
    }
    let loader_path = loader_path(&file, path);
    debug!("mapping {} as {}", path.display(), loader_path.display());
    let plugin = Plugin::load(&loader_path).map_err(|error| error.to_string())?;
    Ok(Loaded {
        plugin,
        identity: Identity::of(&metadata),
        open: file,
    })
}

/// The name under which the loader opens `file`: its descriptor where the
/// system names descriptors (`/proc` mounted), else its path.
#[cfg(target_os = "linux")]
fn loader_path(file: &File, path: &Path) -> PathBuf {
    use std::os::fd::AsRawFd;
    let descriptor = PathBuf::from(format!("/proc/self/fd/{}", file.as_raw_fd()));
    if descriptor.exists() {
        descriptor
    } else {
        path.to_path_buf()
    }
}

/// The name under which the loader opens `file`: its path.
#[cfg(not(target_os = "linux"))]
fn loader_path(_file: &File, path: &Path) -> PathBuf {
    path.to_path_buf()
}
