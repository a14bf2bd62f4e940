//! Finding the variant plugins: the plugins folders, their library files in
//! name order, what each holds (probed in a child process, or remembered
//! from an earlier probe), and mapping the one a command uses. A file that
//! is not a sound, trusted, compatible plugin is skipped with a one-line
//! warning, and the first file (by name) wins a duplicated id.

use std::collections::HashMap;
use std::fmt;
use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};

use log::{debug, warn};
use variant_api::Plugin;

use crate::cli::program;
use crate::loading::cache::Cache;
use crate::loading::library::{self, Identity, Loaded};
use crate::loading::probe::{self, Verdict};
use crate::loading::summary::Summary;
use crate::loading::{crash, elf};
use crate::util::failure::{usage, Failure};
use crate::util::shown::shown_path;
use crate::util::{names, trust};
use variant_api::folders::{open_regular, UserFolder};

/// A variant mapped into the host, and the library file it came from.
#[derive(Debug)]
pub(crate) struct Installed {
    /// The plugin.
    pub(crate) plugin: Plugin,
    /// The library file, as an absolute path.
    pub(crate) file: PathBuf,
    /// The fingerprint of the library file's identity (see a crash's mark).
    pub(crate) fingerprint: String,
    /// The open library file, kept as long as it is mapped (see [`Loaded`]).
    _open: File,
}

/// A plugins folder named on the command line that cannot be used.
#[derive(Debug)]
pub(crate) enum BadFolder {
    /// It cannot be read.
    Unreadable { folder: PathBuf, error: io::Error },
    /// Users other than its owner may write it, or another user owns it.
    Untrusted(trust::Untrusted),
}

impl fmt::Display for BadFolder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BadFolder::Unreadable { folder, error } => write!(
                f,
                "cannot read the plugins folder {}: {error}",
                shown_path(folder)
            ),
            BadFolder::Untrusted(untrusted) => write!(f, "refused plugins folder: {untrusted}"),
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
    match UserFolder::Data.path() {
        Some(data) => folders.push(data.join("plugins")),
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
            Err(BadFolder::Untrusted(untrusted)) => {
                warn!("skipped plugins folder: {untrusted}");
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
    trust::check(&folder, &metadata).map_err(BadFolder::Untrusted)?;
    let mut files: Vec<PathBuf> = std::fs::read_dir(&folder)
        .map_err(unreadable)?
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| named_like_library(path))
        .collect();
    files.sort();
    debug!("{} library file(s) in {}", files.len(), folder.display());
    Ok(files)
}

/// Whether `path` is named like a dynamic library of this platform
/// (`.so`, `.dylib`, `.dll`), in any case: Windows names are not case
/// sensitive, so `LIBAWALE.DLL` is a library there.
pub(crate) fn named_like_library(path: &Path) -> bool {
    path.extension()
        .and_then(|ext| ext.to_str())
        .is_some_and(|ext| ext.eq_ignore_ascii_case(std::env::consts::DLL_EXTENSION))
}

/// A plugin file and what its probe found, not mapped.
#[derive(Debug, Clone)]
pub(crate) struct Found {
    /// The library file, as an absolute path.
    pub(crate) file: PathBuf,
    /// Its identity when it was probed.
    identity: Identity,
    /// What `--list` shows of it.
    pub(crate) summary: Summary,
}

impl Found {
    /// The fingerprint of the file's identity when it was probed.
    pub(crate) fn fingerprint(&self) -> String {
        self.identity.fingerprint()
    }
}

/// What every file of `files` holds, in order, from the cache or from a
/// probe (see `probe`), mapping none of them. A file that is not a trusted
/// plugin is skipped with a warning, and so is a second file claiming an id
/// (naming both files). The cheap checks come first (a regular file, its
/// trust, its ELF headers), so that junk costs no child process; files that
/// are links to one inode are checked and probed once.
pub(crate) fn describe_all(files: &[PathBuf]) -> Vec<Found> {
    let mut cache = Cache::open();
    let limit = probe::limit_now().as_secs_f64();
    let mut verdicts: Vec<Option<(Identity, Verdict)>> = Vec::with_capacity(files.len());
    // The files to probe (their index and identity), and the files that are
    // another link to one of them (their index, and the one probed).
    let mut to_probe: Vec<(usize, Identity)> = Vec::new();
    let mut links: Vec<(usize, usize)> = Vec::new();
    // The first file of each identity met, by its index in `files`.
    let mut first_of: HashMap<Identity, usize> = HashMap::new();
    for file in files {
        let (identity, open) = match examined(file) {
            Ok(examined) => examined,
            Err(Some(reason)) => {
                warn!("skipped {}: {reason}", shown_path(file));
                verdicts.push(None);
                continue;
            }
            Err(None) => {
                verdicts.push(None);
                continue;
            }
        };
        if let Some(&first) = first_of.get(&identity) {
            // Another link to a file met already: its verdict, now or once probed.
            match &verdicts[first] {
                Some(known) => verdicts.push(Some(known.clone())),
                None => {
                    links.push((verdicts.len(), first));
                    verdicts.push(None);
                }
            }
            continue;
        }
        first_of.insert(identity, verdicts.len());
        match cache.get(identity, limit) {
            Some(verdict) => {
                debug!("{}: known from the cache", file.display());
                verdicts.push(Some((identity, remembered(verdict, cache.file()))));
            }
            None => match sound_headers(&open) {
                Ok(()) => {
                    to_probe.push((verdicts.len(), identity));
                    verdicts.push(None);
                }
                Err(reason) => verdicts.push(Some((identity, Verdict::Refused(reason)))),
            },
        }
    }
    let probed_files: Vec<PathBuf> = to_probe
        .iter()
        .map(|&(index, _)| files[index].clone())
        .collect();
    if !probed_files.is_empty() {
        debug!("probing {} file(s)", probed_files.len());
    }
    for ((index, identity), probed) in to_probe.into_iter().zip(probe::probe_all(&probed_files)) {
        let unchanged = std::fs::metadata(&files[index])
            .is_ok_and(|metadata| Identity::of(&metadata) == identity);
        if unchanged {
            cache.put(identity, probed.verdict.clone(), probed.lasting);
        }
        verdicts[index] = Some((identity, probed.verdict));
    }
    for (index, first) in links {
        verdicts[index] = verdicts[first].clone();
    }
    cache.save();

    let mut found: Vec<Found> = Vec::new();
    for (file, verdict) in files.iter().zip(verdicts) {
        match verdict {
            None => {}
            Some((_, Verdict::Refused(reason))) => {
                warn!("skipped {}: {reason}", shown_path(file));
            }
            Some((_, Verdict::Unchecked(reason))) => {
                warn!(
                    "skipped {} for now, not checked: {reason}; it is tried again at the next start",
                    shown_path(file)
                );
            }
            Some((identity, Verdict::Plugin(summary))) => {
                if let Some(first) = found.iter().find(|other| other.summary.id == summary.id) {
                    warn!(
                        "skipped {}: variant `{}` is already provided by {}",
                        shown_path(file),
                        summary.id,
                        shown_path(&first.file)
                    );
                    continue;
                }
                debug!("found `{}` in {}", summary.id, file.display());
                found.push(Found {
                    file: file.clone(),
                    identity,
                    summary,
                });
            }
        }
    }
    found
}

/// A verdict read from the cache `file`: a refusal says how to have the
/// library checked again (a passing fault may have been taken for the
/// library's).
fn remembered(verdict: Verdict, file: Option<&Path>) -> Verdict {
    match (verdict, file) {
        (Verdict::Refused(reason), Some(file)) => Verdict::Refused(format!(
            "{reason} (remembered from an earlier start: remove {} to check it again)",
            shown_path(file)
        )),
        (verdict, _) => verdict,
    }
}

/// The identity of `file`, open, when it is a regular file (opened
/// without blocking, so a FIFO never hangs the host) the host may trust.
/// `Err(Some(reason))` for a file to warn about, `Err(None)` for one to
/// pass over silently (a folder, a FIFO, a broken link).
fn examined(file: &Path) -> Result<(Identity, File), Option<String>> {
    let (open, metadata) = match open_regular(file) {
        Ok(opened) => opened,
        Err(error) => {
            debug!("skipped {}: {error}", file.display());
            return Err(None);
        }
    };
    trust::check(file, &metadata).map_err(|untrusted| Some(untrusted.to_string()))?;
    Ok((Identity::of(&metadata), open))
}

/// The cheap check before a probe: sound ELF headers for this platform.
fn sound_headers(open: &File) -> Result<(), String> {
    if elf::NATIVE {
        elf::check_file(open).map_err(|refusal| refusal.to_string())?;
    }
    Ok(())
}

/// The variant `typed` names among `found`: the one whose id it is, else
/// the first whose title it is (case and accents ignored).
pub(crate) fn choose<'a>(found: &'a [Found], typed: &str) -> Option<&'a Found> {
    found
        .iter()
        .find(|variant| names::matches(typed, &variant.summary.id))
        .or_else(|| {
            found
                .iter()
                .find(|variant| names::matches(typed, &variant.summary.title))
        })
}

/// Maps the plugin of `found` (the only library a game maps). A file that
/// changed since its probe is probed again first.
pub(crate) fn load(found: &Found) -> Result<Installed, String> {
    let shown = shown_path(&found.file);
    let changed = || format!("{shown} changed while the host was starting");
    let unchanged = std::fs::metadata(&found.file)
        .is_ok_and(|metadata| Identity::of(&metadata) == found.identity);
    let again;
    let found = if unchanged {
        found
    } else {
        again = describe_all(std::slice::from_ref(&found.file));
        again
            .first()
            .filter(|again| again.summary.id == found.summary.id)
            .ok_or_else(changed)?
    };
    // From here on, a crash of the library names it (see `crash`).
    crash::arm(&found.summary.id, &found.file);
    let loaded =
        library::load(&found.file).map_err(|reason| format!("cannot load {shown}: {reason}"))?;
    if loaded.identity != found.identity || loaded.plugin.description().id != found.summary.id {
        return Err(changed());
    }
    debug!(
        "loaded `{}` from {}",
        found.summary.id,
        found.file.display()
    );
    let Loaded {
        plugin,
        open,
        identity,
    } = loaded;
    Ok(Installed {
        plugin,
        file: found.file.clone(),
        fingerprint: identity.fingerprint(),
        _open: open,
    })
}

/// The folders searched, for a message.
pub(crate) fn searched(folders: &[PathBuf]) -> String {
    let searched: Vec<String> = folders.iter().map(|folder| shown_path(folder)).collect();
    searched.join(", ")
}

/// Why `typed` names no variant among those `found` in `folders`: the
/// nearest ids when some are close (a usage error).
pub(crate) fn unknown(typed: &str, found: &[Found], folders: &[PathBuf]) -> Failure {
    if found.is_empty() {
        return usage(format!(
            "unknown variant `{typed}`: no variant is installed in {} (see --plugins)",
            searched(folders)
        ));
    }
    let ids: Vec<&str> = found
        .iter()
        .map(|variant| variant.summary.id.as_str())
        .collect();
    let program = program::name();
    match names::nearest(typed, &ids).as_slice() {
        [] => usage(format!(
            "unknown variant `{typed}`: installed variants are {} (see {program} --list)",
            ids.join(", ")
        )),
        near => usage(format!(
            "unknown variant `{typed}`: vouliez-vous dire {} ? (see {program} --list)",
            names::alternatives(near)
        )),
    }
}
