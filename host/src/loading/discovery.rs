//! Finding the variant plugins: the plugins folders, their library files in
//! name order, what each holds (probed in a child process, or remembered
//! from an earlier probe), and mapping the one a command uses. A file that
//! is not a sound, trusted, compatible plugin is skipped with a one-line
//! warning. A variant found in several folders is taken from the first
//! (a user's plugin shadows an installed one: `--list` says so); within one
//! folder, the first file by name wins a duplicated id, with a warning.

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
use crate::util::failure::{refused, Failure};
use crate::util::shown::{shown_path, system_error};
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
                "impossible de lire le dossier des variantes {} : {}",
                shown_path(folder),
                system_error(error)
            ),
            BadFolder::Untrusted(untrusted) => write!(f, "refused plugins folder: {untrusted}"),
        }
    }
}

/// The folders searched when none is named, in order: the user's
/// `$XDG_DATA_HOME/awale/plugins` (by default `~/.local/share/awale/plugins`),
/// `../lib/awale/plugins` from the executable's folder (an installed prefix,
/// see `make install`), `plugins/` beside the executable, then the
/// executable's own folder (where `cargo build` puts the plugin libraries)
/// unless it is a folder of programs ([`holds_programs`]).
pub(crate) fn default_folders() -> Vec<PathBuf> {
    let user = UserFolder::Data.path().map(|data| data.join("plugins"));
    if user.is_none() {
        debug!("no HOME: no user plugins folder");
    }
    let exe_dir = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(Path::to_path_buf));
    folders_for(user, exe_dir)
}

/// The folders searched for the user's plugins folder `user` and the
/// executable's folder `exe_dir` (see [`default_folders`]).
fn folders_for(user: Option<PathBuf>, exe_dir: Option<PathBuf>) -> Vec<PathBuf> {
    let mut folders: Vec<PathBuf> = user.into_iter().collect();
    if let Some(exe_dir) = exe_dir {
        if let Some(prefix) = exe_dir.parent() {
            folders.push(prefix.join("lib").join("awale").join("plugins"));
        }
        folders.push(exe_dir.join("plugins"));
        if holds_programs(&exe_dir) {
            debug!("{} holds programs: not searched", exe_dir.display());
        } else {
            folders.push(exe_dir);
        }
    }
    folders
}

/// Whether `folder` is a folder of programs (`/usr/bin`, `/usr/games`,
/// `~/.cargo/bin`, `/usr/local/sbin`...), named `bin`, `sbin` or `games`:
/// the executable's folder is searched for plugins only when it is not,
/// as `target/release` of a clone.
fn holds_programs(folder: &Path) -> bool {
    folder
        .file_name()
        .and_then(|name| name.to_str())
        .is_some_and(|name| ["bin", "sbin", "games"].contains(&name))
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

/// What the plugins folders hold.
#[derive(Debug, Default)]
pub(crate) struct Described {
    /// The variants: the first file of each id.
    pub(crate) found: Vec<Found>,
    /// How many library files were refused (each said in a warning).
    pub(crate) refused: usize,
    /// The files of a later folder whose variant an earlier folder
    /// provides (a user's plugin shadowing an installed one): each file,
    /// its variant's id, and the file used.
    pub(crate) shadowed: Vec<(PathBuf, String, PathBuf)>,
}

impl Found {
    /// The fingerprint of the file's identity when it was probed.
    pub(crate) fn fingerprint(&self) -> String {
        self.identity.fingerprint()
    }
}

/// What every file of `files` holds, in order, from the cache or from a
/// probe (see `probe`), mapping none of them. A file that is not a trusted
/// plugin is skipped with a warning; a second file claiming an id is
/// skipped too, with a warning naming both when they are in one folder,
/// and only noted in [`Described::shadowed`] when an earlier folder shadows
/// it. The cheap checks come first (a regular file, its trust, its ELF
/// headers), so that junk costs no child process; files that are links to
/// one inode are checked and probed once.
pub(crate) fn describe_all(files: &[PathBuf]) -> Described {
    let mut described = Described::default();
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
                described.refused += 1;
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

    let found = &mut described.found;
    for (file, verdict) in files.iter().zip(verdicts) {
        match verdict {
            None => {}
            Some((_, Verdict::Refused(reason))) => {
                warn!("skipped {}: {reason}", shown_path(file));
                described.refused += 1;
            }
            Some((_, Verdict::Unchecked(reason))) => {
                warn!(
                    "skipped {} for now, not checked: {reason}; it is tried again at the next start",
                    shown_path(file)
                );
            }
            Some((identity, Verdict::Plugin(summary))) => {
                if let Some(first) = found.iter().find(|other| other.summary.id == summary.id) {
                    if first.file.parent() == file.parent() {
                        warn!(
                            "skipped {}: variant `{}` is already provided by {}",
                            shown_path(file),
                            summary.id,
                            shown_path(&first.file)
                        );
                    } else {
                        debug!("{} is shadowed by {}", file.display(), first.file.display());
                        described.shadowed.push((
                            file.clone(),
                            summary.id.clone(),
                            first.file.clone(),
                        ));
                    }
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
    described
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
    let changed = || format!("{shown} a changé pendant le démarrage : relancez la partie");
    let unchanged = std::fs::metadata(&found.file)
        .is_ok_and(|metadata| Identity::of(&metadata) == found.identity);
    let again;
    let found = if unchanged {
        found
    } else {
        again = describe_all(std::slice::from_ref(&found.file)).found;
        again
            .first()
            .filter(|again| again.summary.id == found.summary.id)
            .ok_or_else(changed)?
    };
    // From here on, a crash of the library names it (see `crash`).
    crash::arm(&found.summary.id, &found.file);
    let loaded = library::load(&found.file).map_err(|reason| {
        debug!("cannot load {shown}: {reason}");
        format!(
            "impossible de charger la variante {} ({shown}) : réinstallez-la \
             (RUST_LOG=debug dit pourquoi)",
            found.summary.id
        )
    })?;
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

/// What a player is told when no variant is installed in `folders`
/// (`cargo install` gives the program alone): where it looked, and how to
/// install the variants.
pub(crate) fn none_installed(folders: &[PathBuf]) -> String {
    format!(
        "aucune variante n'est installée (cherchées dans {}) : `make install` \
         les installe, ou copiez les lib*.so de target/release dans {}",
        searched(folders),
        UserFolder::Data.path().map_or_else(
            || "~/.local/share/awale/plugins".to_owned(),
            |data| shown_path(&data.join("plugins"))
        )
    )
}

/// Why `typed` names no variant among those `found` in `folders`, for
/// the player (a usage error in French): the nearest ids when some are
/// close, else the folders searched.
pub(crate) fn unknown(typed: &str, found: &[Found], folders: &[PathBuf]) -> Failure {
    if found.is_empty() {
        return refused(format!(
            "variante inconnue : « {typed} » ; {}",
            none_installed(folders)
        ))
        .within_columns();
    }
    let ids: Vec<&str> = found
        .iter()
        .map(|variant| variant.summary.id.as_str())
        .collect();
    let program = program::name();
    let failure = match names::nearest(typed, &ids).as_slice() {
        [] => refused(format!(
            "variante inconnue : « {typed} » ; {program} --list donne les variantes \
             installées dans {}",
            searched(folders)
        )),
        near => refused(format!(
            "variante inconnue : « {typed} » ; vouliez-vous dire {} ? \
             ({program} --list les donne toutes)",
            names::alternatives(near)
        )),
    };
    failure.within_columns()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_of_programs_is_never_searched_for_plugins() {
        let user = PathBuf::from("/home/ana/.local/share/awale/plugins");
        for programs in ["/usr/games", "/usr/bin", "/home/ana/.cargo/bin", "/sbin"] {
            let folders = folders_for(Some(user.clone()), Some(PathBuf::from(programs)));
            assert!(!folders.contains(&PathBuf::from(programs)), "{programs}");
            assert_eq!(folders[0], user);
        }
        let folders = folders_for(None, Some(PathBuf::from("/usr/games")));
        assert_eq!(
            folders,
            [
                PathBuf::from("/usr/lib/awale/plugins"),
                PathBuf::from("/usr/games/plugins")
            ]
        );
        let clone = PathBuf::from("/src/awale/target/release");
        let folders = folders_for(None, Some(clone.clone()));
        assert_eq!(folders.last(), Some(&clone), "cargo run finds its plugins");
    }
}
