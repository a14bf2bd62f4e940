//! The verdicts of earlier probes, remembered by file identity in the user's
//! cache folder (`$XDG_CACHE_HOME/awale/plugins.json`, by default
//! `~/.cache/awale/plugins.json`), so that `--list` of known files runs no
//! probe and maps no library. The cache belongs to one build of the host: a
//! cache written by another is ignored. A cache that is unreadable, damaged,
//! or that others may write is ignored too (the probes then run again), and
//! so is anything but a regular file there (a FIFO would hang the host),
//! and an entry a probe could not have written (a text with control
//! characters, which `--list` would print). A trial load that overran its
//! time is remembered for [`OVERRUN_REMEMBERED`], and while the time limit
//! is no longer than the one it overran, then tried again. A probe that was
//! « not checked » is not remembered. The cache is written in one write to
//! a new file renamed over the old one.

use std::fs;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use log::debug;
use serde::{Deserialize, Serialize};

use crate::loading::library::Identity;
use crate::loading::probe::{Lasting, Verdict, OVERRUN_REMEMBERED};
use crate::util::trust;
use variant_api::folders::{open_regular, UserFolder};

/// The entries kept, at most: those of this run, then the most recent others.
const MAX_ENTRIES: usize = 200;

/// The size of a cache file read, at most.
const MAX_BYTES: u64 = 8 << 20;

/// One remembered verdict.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct Entry {
    identity: Identity,
    verdict: Verdict,
    /// When the verdict stops holding, in seconds since 1970 (an overrun's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    until: Option<u64>,
    /// The time limit, in seconds, an overrun overran: a longer one tries
    /// the file again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    within: Option<f64>,
}

/// The time now, in seconds since 1970.
fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| since.as_secs())
}

/// The cache file's contents.
#[derive(Debug, Default, Serialize, Deserialize)]
struct Contents {
    /// The build of the host that wrote it.
    host: String,
    entries: Vec<Entry>,
}

/// The verdicts remembered, and those of this run.
#[derive(Debug)]
pub(crate) struct Cache {
    path: Option<PathBuf>,
    host: String,
    remembered: Vec<Entry>,
    used: Vec<Entry>,
    changed: bool,
}

impl Cache {
    /// The cache of the user running the host (empty when there is none).
    pub(crate) fn open() -> Cache {
        let path = cache_file();
        let host = host_build();
        let contents = path
            .as_deref()
            .and_then(read)
            .filter(|contents| contents.host == host)
            .unwrap_or_default();
        let mut entries = contents.entries;
        entries.retain(|entry| entry.verdict.is_plain());
        Cache {
            path,
            host,
            remembered: entries,
            used: Vec::new(),
            changed: false,
        }
    }

    /// The file it is kept in, if any.
    pub(crate) fn file(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The verdict remembered for a file of `identity`, unless it expired
    /// (an overrun: after [`OVERRUN_REMEMBERED`], or at once when probes
    /// now have more time than `limit` seconds).
    pub(crate) fn get(&mut self, identity: Identity, limit: f64) -> Option<Verdict> {
        let now = now();
        let entry = self
            .remembered
            .iter()
            .find(|entry| {
                entry.identity == identity
                    && entry.until.is_none_or(|until| now < until)
                    && entry.within.is_none_or(|within| limit <= within)
            })?
            .clone();
        let verdict = entry.verdict.clone();
        self.keep(entry);
        Some(verdict)
    }

    /// Remembers `verdict` for a file of `identity`, as long as `lasting` says.
    pub(crate) fn put(&mut self, identity: Identity, verdict: Verdict, lasting: Lasting) {
        let (until, within) = match lasting {
            Lasting::Unchanged => (None, None),
            Lasting::Overrun(within) => (Some(now() + OVERRUN_REMEMBERED.as_secs()), Some(within)),
            Lasting::Not => return,
        };
        self.changed = true;
        self.used.retain(|used| used.identity != identity);
        self.keep(Entry {
            identity,
            verdict,
            until,
            within,
        });
    }

    fn keep(&mut self, entry: Entry) {
        if !self.used.iter().any(|used| used.identity == entry.identity) {
            self.used.push(entry);
        }
    }

    /// Writes the cache back when this run learnt something; a failure only
    /// costs probes later, so it is noted at debug level.
    pub(crate) fn save(self) {
        if !self.changed {
            return;
        }
        let Some(path) = self.path else {
            return;
        };
        let mut entries = self.used;
        for entry in self.remembered {
            if entries.len() >= MAX_ENTRIES {
                break;
            }
            if !entries.iter().any(|used| used.identity == entry.identity) {
                entries.push(entry);
            }
        }
        let contents = Contents {
            host: self.host,
            entries,
        };
        if let Err(error) = write(&path, &contents) {
            debug!("cannot write the cache {}: {error}", path.display());
        }
    }
}

/// `$XDG_CACHE_HOME/awale/plugins.json`, or `~/.cache/awale/plugins.json`.
fn cache_file() -> Option<PathBuf> {
    Some(UserFolder::Cache.path()?.join("plugins.json"))
}

/// This build of the host: its version, its `variant-api`, and its
/// executable's identity (a rebuilt host may describe plugins otherwise).
fn host_build() -> String {
    let executable = std::env::current_exe()
        .and_then(fs::metadata)
        .map(|metadata| format!("{:?}", Identity::of(&metadata)))
        .unwrap_or_default();
    format!(
        "host {} variant-api {} {executable}",
        env!("CARGO_PKG_VERSION"),
        variant_api::API_VERSION
    )
}

fn read(path: &Path) -> Option<Contents> {
    let (file, metadata) = match open_regular(path) {
        Ok(opened) => opened,
        Err(error) => {
            debug!("ignored the cache {}: {error}", path.display());
            return None;
        }
    };
    if let Err(untrusted) = trust::check(path, &metadata) {
        debug!("ignored the cache: {untrusted}");
        return None;
    }
    let mut text = Vec::new();
    file.take(MAX_BYTES).read_to_end(&mut text).ok()?;
    match serde_json::from_slice(&text) {
        Ok(contents) => Some(contents),
        Err(error) => {
            debug!("ignored the cache {}: {error}", path.display());
            None
        }
    }
}

/// Writes `contents` in one write to a new file beside `path`, then renames
/// it over `path`, so that a reader sees the old cache or the new one (the
/// new file is removed when anything fails).
fn write(path: &Path, contents: &Contents) -> std::io::Result<()> {
    let folder = path.parent().unwrap_or(Path::new("."));
    make_private_folder(folder)?;
    let bytes = serde_json::to_vec(contents)?;
    let mut file = tempfile::NamedTempFile::new_in(folder)?;
    file.write_all(&bytes)?;
    file.persist(path)?;
    Ok(())
}

#[cfg(unix)]
fn make_private_folder(folder: &Path) -> std::io::Result<()> {
    use std::os::unix::fs::DirBuilderExt;
    fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(folder)
}

#[cfg(not(unix))]
fn make_private_folder(folder: &Path) -> std::io::Result<()> {
    fs::create_dir_all(folder)
}
