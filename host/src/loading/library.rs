//! Opening one plugin library: the file is opened once (a regular file
//! only), its identity, trust and ELF headers are checked on that
//! descriptor, and the system loader maps it by its real path once that
//! path is checked to name the same file (device and inode), so that the
//! checks and the load see the same file, a plugin that finds a bundled
//! library through `RUNPATH $ORIGIN` loads, and errors name the real file.

use std::fs::{File, Metadata};
use std::path::{Path, PathBuf};

use log::debug;
use variant_api::Plugin;

use crate::loading::elf;
use crate::util::trust;
use variant_api::folders::open_regular;

/// What identifies a file's contents without reading it: a file replaced or
/// changed in place gets another identity.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
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

impl Identity {
    /// A short text that tells this identity from another (16 hexadecimal
    /// digits of a hash of its fields), as a crash mark names the library.
    pub(crate) fn fingerprint(&self) -> String {
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        let fields = [
            self.device,
            self.inode,
            self.size,
            self.modified.0 as u64,
            self.modified.1 as u64,
            self.changed.0 as u64,
            self.changed.1 as u64,
        ];
        for byte in fields.iter().flat_map(|field| field.to_le_bytes()) {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
        format!("{hash:016x}")
    }
}

/// A plugin mapped into the host, with the open file it was mapped from.
#[derive(Debug)]
pub(crate) struct Loaded {
    /// The plugin.
    pub(crate) plugin: Plugin,
    /// The identity of the file when it was opened.
    pub(crate) identity: Identity,
    /// The open file, kept as long as the library is mapped: its inode
    /// cannot be reused by another file meanwhile.
    pub(crate) open: File,
}

/// Opens, checks and maps the library `path`; the error is one line.
pub(crate) fn load(path: &Path) -> Result<Loaded, String> {
    let (file, metadata) = open(path)?;
    trust::check(path, &metadata).map_err(|untrusted| untrusted.to_string())?;
    if elf::NATIVE {
        elf::check_file(&file).map_err(|refusal| refusal.to_string())?;
    }
    let real = real_path(path, &metadata)?;
    debug!("mapping {} as {}", path.display(), real.display());
    let plugin = Plugin::load(&real).map_err(|error| error.to_string())?;
    Ok(Loaded {
        plugin,
        identity: Identity::of(&metadata),
        open: file,
    })
}

/// Opens `path` when it is a regular file (a FIFO or a device is never
/// opened for good, see [`open_regular`]); the error is one line.
fn open(path: &Path) -> Result<(File, Metadata), String> {
    open_regular(path).map_err(|error| match error.kind() {
        std::io::ErrorKind::InvalidInput => "not a regular file".to_owned(),
        _ => format!("cannot open the file: {error}"),
    })
}

/// The real path of `path` (links resolved), checked to be the file opened
/// (`metadata`): the loader resolves `$ORIGIN` from the name it is given,
/// and the system names in its errors the file it mapped. A file replaced
/// since it was opened is refused.
#[cfg(unix)]
fn real_path(path: &Path, metadata: &Metadata) -> Result<PathBuf, String> {
    use std::os::unix::fs::MetadataExt;
    let real = std::fs::canonicalize(path)
        .map_err(|error| format!("cannot resolve the file's path: {error}"))?;
    let now = std::fs::metadata(&real).map_err(|error| format!("cannot read the file: {error}"))?;
    if (now.dev(), now.ino()) != (metadata.dev(), metadata.ino()) {
        return Err("the file was replaced while it was being loaded".to_owned());
    }
    Ok(real)
}

/// The real path of `path`: other platforms have no inode to compare.
#[cfg(not(unix))]
fn real_path(path: &Path, _metadata: &Metadata) -> Result<PathBuf, String> {
    std::fs::canonicalize(path).map_err(|error| format!("cannot resolve the file's path: {error}"))
}
