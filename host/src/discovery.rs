//! Finding the variant plugins: the plugins folders, their library files in
//! name order, and loading them one by one. A file that is not a sound,
//! trusted, compatible plugin is skipped with a one-line warning, and the
//! first file (by name) wins a duplicated id.

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

use log::{debug, warn};
use variant_api::Plugin;

use crate::{elf, names, trust};

/// A variant and the library file it came from.
#[derive(Debug)]
pub(crate) struct Installed {
    /// The loaded plugin.
    pub(crate) plugin: Plugin,
    /// The library file, as an absolute path.
    pub(crate) file: PathBuf,
}

/// A plugins folder named on the command line that cannot be used.
#[derive(Debug)]
pub(crate) enum BadFolder {
    /// It cannot be read.
    Unreadable { folder: PathBuf, error: io::Error },
    /// Users other than its owner may write it.
    Writable(trust::Writable),
}

impl fmt::Display for BadFolder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BadFolder::Unreadable { folder, error } => write!(
                f,
                "cannot read the plugins folder {}: {error}",
                folder.display()
            ),
            BadFolder::Writable(writable) => write!(f, "refused plugins folder: {writable}"),
        }
    }
}

/// The folders searched when none is named, in order: the user's
/// `$XDG_DATA_HOME/awale/plugins` (by default `~/.local/share/awale/plugins`),
/// `../lib/awale/plugins` from the executable's folder (an installed prefix,
/// see `make install`), `plugins/` beside the executable, then the
/// executable's own folder (where `cargo build` puts the plugin libraries).
pub(crate) fn default_folders() -> Vec<PathBuf> {
    let mut folders = Vec::new();
    let non_empty = |name: &str| std::env::var_os(name).filter(|value| !value.is_empty());
    let data_home = non_empty("XDG_DATA_HOME")
        .map(PathBuf::from)
        .filter(|path| path.is_absolute())
        .or_else(|| non_empty("HOME").map(|home| Path::new(&home).join(".local/share")));
    match data_home {
        Some(data) => folders.push(data.join("awale").join("plugins")),
        None => debug!("no HOME: no user plugins folder"),
    }
    if let Some(exe_dir) = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(Path::to_path_buf))
    {
        if let Some(prefix) = exe_dir.parent() {
            folders.push(prefix.join("lib").join("awale").join("plugins"));
        }
        folders.push(exe_dir.join("plugins"));
        folders.push(exe_dir);
    }
    folders
}

/// The library files of the folder named with `--plugins` or
/// `AWALE_PLUGINS`, which must be readable and trusted.
pub(crate) fn named_folder_files(folder: &Path) -> Result<Vec<PathBuf>, BadFolder> {
    folder_files(folder)
}

/// The library files of every usable default folder, earlier folders first;
/// a missing folder is skipped silently, an unusable one with a warning.
pub(crate) fn default_folders_files(folders: &[PathBuf]) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for folder in folders {
        if !folder.is_dir() {
            debug!("no plugins folder at {}", folder.display());
            continue;
        }
        match folder_files(folder) {
            Ok(found) => files.extend(found),
            Err(BadFolder::Writable(writable)) => {
                warn!("skipped plugins folder: {writable}");
            }
            Err(error) => warn!("{error}"),
        }
    }
    files
}

fn folder_files(folder: &Path) -> Result<Vec<PathBuf>, BadFolder> {
    let unreadable = |error| BadFolder::Unreadable {
        folder: folder.to_path_buf(),
        error,
    };
    let folder = std::path::absolute(folder).map_err(unreadable)?;
    let metadata = std::fs::metadata(&folder).map_err(unreadable)?;
    trust::check(&folder, &metadata).map_err(BadFolder::Writable)?;
    let mut files: Vec<PathBuf> = std::fs::read_dir(&folder)
        .map_err(unreadable)?
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| named_like_library(path))
        .collect();
    files.sort();
    debug!("{} library file(s) in {}", files.len(), folder.display());
    Ok(files)
}

/// Whether `path` is named like a dynamic library of this platform.
fn named_like_library(path: &Path) -> bool {
    path.extension()
        .is_some_and(|ext| ext == std::env::consts::DLL_EXTENSION)
}

/// Loads every file of `files`, in order.
pub(crate) fn load_all(files: &[PathBuf]) -> Vec<Installed> {
    let mut installed = Vec::new();
    for file in files {
        add_file(file, &mut installed);
    }
    installed
}

/// Loads `files` in order until one provides the variant `typed` names (by
/// id or title, ignoring case and accents); `Err` holds every variant loaded
/// when none does.
pub(crate) fn load_until(files: &[PathBuf], typed: &str) -> Result<Installed, Vec<Installed>> {
    let mut installed = Vec::new();
    for file in files {
        if add_file(file, &mut installed) {
            let found = installed.last().is_some_and(|variant| {
                let description = variant.plugin.description();
                names::matches(typed, &description.id) || names::matches(typed, &description.title)
            });
            if found {
                if let Some(variant) = installed.pop() {
                    return Ok(variant);
                }
            }
        }
    }
    Err(installed)
}

/// Adds the plugin of `file` to `installed`; whether it was added.
fn add_file(file: &Path, installed: &mut Vec<Installed>) -> bool {
    let metadata = match std::fs::metadata(file) {
        Ok(metadata) if metadata.is_file() => metadata,
        Ok(_) => {
            debug!("skipped {}: not a regular file", file.display());
            return false;
        }
        Err(error) => {
            debug!("skipped {}: {error}", file.display());
            return false;
        }
    };
    if let Err(writable) = trust::check(file, &metadata) {
        warn!("skipped {}: {writable}", file.display());
        return false;
    }
    debug!("trying {}", file.display());
    if elf::NATIVE {
        if let Err(refusal) = elf::check_file(file) {
            warn!("skipped {}: {refusal}", file.display());
            return false;
        }
    }
    let plugin = match Plugin::load(file) {
        Ok(plugin) => plugin,
        Err(error) => {
            warn!("skipped {}: {error}", file.display());
            return false;
        }
    };
    let id = &plugin.description().id;
    if let Some(first) = installed
        .iter()
        .find(|other| names::matches(&other.plugin.description().id, id))
    {
        warn!(
            "skipped {}: variant `{id}` is already provided by {}",
            file.display(),
            first.file.display()
        );
        return false;
    }
    debug!("loaded `{id}` from {}", file.display());
    installed.push(Installed {
        plugin,
        file: file.to_path_buf(),
    });
    true
}
