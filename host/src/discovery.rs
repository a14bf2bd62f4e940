//! Finding the variant plugins: every library file of the plugins folder is
//! loaded on its own; a file that is not a compatible plugin is skipped with
//! a one-line warning, and the first file (by name) wins a duplicated id.

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

use log::{debug, warn};
use variant_api::Plugin;

use crate::names;

/// A variant and the library file it came from.
#[derive(Debug)]
pub(crate) struct Installed {
    /// The loaded plugin.
    pub(crate) plugin: Plugin,
    /// The library file, as an absolute path.
    pub(crate) file: PathBuf,
}

/// A plugins folder that cannot be read.
#[derive(Debug)]
pub(crate) struct UnreadableFolder {
    folder: PathBuf,
    error: io::Error,
}

impl fmt::Display for UnreadableFolder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cannot read the plugins folder {}: {}",
            self.folder.display(),
            self.error
        )
    }
}

/// The folders searched when none is named: `plugins/` beside the
/// executable, then the executable's own folder (where `cargo build` puts
/// the plugin libraries).
pub(crate) fn default_folders() -> Vec<PathBuf> {
    let Some(exe_dir) = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(Path::to_path_buf))
    else {
        return Vec::new();
    };
    vec![exe_dir.join("plugins"), exe_dir]
}

/// Loads the variants of `folder` (which must be readable).
pub(crate) fn load_folder(folder: &Path) -> Result<Vec<Installed>, UnreadableFolder> {
    let mut installed = Vec::new();
    add_folder(folder, &mut installed)?;
    Ok(installed)
}

/// Loads the variants of every existing folder of `folders`, earlier folders first.
pub(crate) fn load_default(folders: &[PathBuf]) -> Vec<Installed> {
    let mut installed = Vec::new();
    for folder in folders {
        if !folder.is_dir() {
            debug!("no plugins folder at {}", folder.display());
            continue;
        }
        if let Err(error) = add_folder(folder, &mut installed) {
            warn!("{error}");
        }
    }
    installed
}

fn add_folder(folder: &Path, installed: &mut Vec<Installed>) -> Result<(), UnreadableFolder> {
    let unreadable = |error| UnreadableFolder {
        folder: folder.to_path_buf(),
        error,
    };
    let folder = std::path::absolute(folder).map_err(unreadable)?;
    let mut files: Vec<PathBuf> = std::fs::read_dir(&folder)
        .map_err(unreadable)?
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| is_library(path))
        .collect();
    files.sort();
    debug!("{} library file(s) in {}", files.len(), folder.display());
    for file in files {
        add_file(file, installed);
    }
    Ok(())
}

/// Whether `path` is a file named like a dynamic library of this platform.
fn is_library(path: &Path) -> bool {
    path.is_file()
        && path
            .extension()
            .is_some_and(|ext| ext == std::env::consts::DLL_EXTENSION)
}

fn add_file(file: PathBuf, installed: &mut Vec<Installed>) {
    debug!("trying {}", file.display());
    let plugin = match Plugin::load(&file) {
        Ok(plugin) => plugin,
        Err(error) => {
            warn!("skipped {}: {error}", file.display());
            return;
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
        return;
    }
    debug!("loaded `{id}` from {}", file.display());
    installed.push(Installed { plugin, file });
}

/// The installed variant that `typed` names by id or title, ignoring case and accents.
pub(crate) fn find<'a>(installed: &'a [Installed], typed: &str) -> Option<&'a Installed> {
    installed.iter().find(|variant| {
        let description = variant.plugin.description();
        names::matches(typed, &description.id) || names::matches(typed, &description.title)
    })
}
