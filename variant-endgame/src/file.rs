//! Reading and writing a [`Table`]'s file.
//!
//! A table is read only from a regular file (a FIFO or a device is never
//! read), whose size is checked against what its header promises before
//! its values are read, every value within its level's range and every low
//! bound at most its high bound: a damaged or forged file is refused (the
//! table is then not used), never read without bound, never panics the
//! engine and never makes a false certainty. A table is written to a
//! temporary file of the same folder, renamed over the table once whole;
//! the temporary file is removed when writing fails, and those a killed
//! build left behind are removed after a day ([`STALE`]).
//!
//! Tables are trusted like plugins (`SPEC.md` §7): a table file, or its
//! folder, that another user than the one running the program (or root)
//! owns, or that others than its owner may write, is not used, with one
//! line on standard error naming it and the fix ([`trusted`]): a table
//! forged with consistent values cannot be told from a real one, and the
//! hints and level 4 would believe it.

use std::fs::{self, Metadata};
use std::io::{self, Read, Write};
use std::path::Path;
use std::time::{Duration, SystemTime};

use variant_api::folders::open_regular;

use crate::{boards, Damaged, Table, MAX_SEEDS};

/// The longest header line read.
const MAX_HEADER: u64 = 512;

/// The age after which a temporary file of the tables' folder is another
/// build's, killed before it could remove it.
const STALE: Duration = Duration::from_secs(24 * 3600);

/// The ending of temporary files' names.
const TEMPORARY: &str = ".tmp";

impl Table {
    /// Writes the table to `path` atomically (a temporary file renamed over
    /// it, removed if anything fails), under a header naming `name` (the
    /// variant and its options). Stale temporary files of the folder are
    /// removed first.
    pub fn save(&self, path: &Path, name: &str) -> io::Result<()> {
        let folder = path.parent().unwrap_or(Path::new("."));
        fs::create_dir_all(folder)?;
        remove_stale(folder);
        let temporary = folder.join(format!(
            ".{}.{}{TEMPORARY}",
            path.file_name().and_then(|n| n.to_str()).unwrap_or("table"),
            std::process::id()
        ));
        let written = self.write_new(&temporary, name);
        let renamed = written.and_then(|()| fs::rename(&temporary, path));
        if renamed.is_err() {
            let _ = fs::remove_file(&temporary);
        }
        renamed
    }

    fn write_new(&self, temporary: &Path, name: &str) -> io::Result<()> {
        let _ = fs::remove_file(temporary);
        let mut file = fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(temporary)?;
        let mut out = io::BufWriter::new(&mut file);
        out.write_all(self.header(name).as_bytes())?;
        for level in &self.levels {
            let bytes: Vec<u8> = level.iter().map(|&v| v as u8).collect();
            out.write_all(&bytes)?;
        }
        out.flush()?;
        drop(out);
        file.sync_data()
    }

    /// Reads a table that [`Table::save`] wrote for `name` with `holes` holes
    /// and `max_seeds` seeds; `None` for a missing, damaged or other file.
    pub fn load(path: &Path, name: &str, holes: usize, max_seeds: usize) -> Option<Table> {
        Table::read(path, name, holes, max_seeds).ok().flatten()
    }

    /// [`Table::load`], telling a missing file (`Ok(None)`, as one not
    /// trusted, said already) from one that is there but is not the whole
    /// table it should be: cut short, grown, corrupted anywhere, or not a
    /// regular file ([`Damaged`]).
    pub fn read(
        path: &Path,
        name: &str,
        holes: usize,
        max_seeds: usize,
    ) -> Result<Option<Table>, Damaged> {
        if !(2..=64).contains(&holes) || max_seeds > MAX_SEEDS {
            return Ok(None);
        }
        let (file, metadata) = match open_regular(path) {
            Ok(opened) => opened,
            Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(_) => return Err(Damaged),
        };
        if let Err(untrusted) = trusted(path, &metadata) {
            eprintln!("warn: {untrusted}");
            return Ok(None);
        }
        Table::read_whole(file, &metadata, name, holes, max_seeds)
            .map(Some)
            .ok_or(Damaged)
    }

    /// The table of the open `file` (described by `metadata`), or `None`
    /// when it is not the whole table of `name` it should be.
    fn read_whole(
        file: fs::File,
        metadata: &Metadata,
        name: &str,
        holes: usize,
        max_seeds: usize,
    ) -> Option<Table> {
        let mut reader = io::BufReader::new(file.take(metadata.len()));
        let mut header = Vec::new();
        io::BufRead::read_until(&mut (&mut reader).take(MAX_HEADER), b'\n', &mut header).ok()?;
        if header.last() != Some(&b'\n') {
            return None;
        }
        let sizes: Vec<usize> = (0..=max_seeds)
            .map(|seeds| 3 * boards(holes, seeds))
            .collect();
        let body: u64 = sizes.iter().map(|&size| size as u64).sum();
        if metadata.len() != header.len() as u64 + body {
            return None;
        }
        let mut table = Table {
            holes,
            levels: Vec::with_capacity(max_seeds + 1),
        };
        for (seeds, size) in sizes.into_iter().enumerate() {
            let mut bytes = vec![0u8; size];
            reader.read_exact(&mut bytes).ok()?;
            let level: Vec<i8> = bytes.into_iter().map(|b| b as i8).collect();
            if !sound_level(&level, seeds) {
                return None;
            }
            table.levels.push(level);
        }
        let header = std::str::from_utf8(&header).ok()?;
        (header == table.header(name)).then_some(table)
    }

    /// The first line of a saved table: format, name, size and a checksum
    /// of the values.
    fn header(&self, name: &str) -> String {
        let mut checksum: u64 = 0xcbf2_9ce4_8422_2325;
        for &value in self.levels.iter().flatten() {
            checksum = (checksum ^ u64::from(value as u8)).wrapping_mul(0x0100_0000_01b3);
        }
        format!(
            "awale-endgames 2 {name} holes={} seeds={} fnv={checksum:016x}\n",
            self.holes,
            self.max_seeds()
        )
    }
}

/// Fails, saying why and the fix, when the table `path` (described by
/// `metadata`) or its folder belongs to another user than the one running
/// the program and root, or may be written by others than its owner.
#[cfg(unix)]
fn trusted(path: &Path, metadata: &Metadata) -> Result<(), String> {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    // SAFETY: `geteuid` only reads the process's user id.
    let user = unsafe { libc::geteuid() };
    let table = path.display();
    let check = |what: &Path, metadata: &Metadata| {
        let shown = what.display();
        let whose = if what == path {
            "it".to_owned()
        } else {
            format!("its folder {shown}")
        };
        let owner = metadata.uid();
        if owner != user && owner != 0 {
            return Err(format!(
                "the endgame table {table} is not used: {whose} belongs to user {owner}, \
                 neither you (user {user}) nor root (run `chown {user} {shown}`)"
            ));
        }
        let mode = metadata.permissions().mode();
        let who = match (mode & 0o020 != 0, mode & 0o002 != 0) {
            (false, false) => return Ok(()),
            (true, false) => "g",
            (false, true) => "o",
            (true, true) => "go",
        };
        Err(format!(
            "the endgame table {table} is not used: {whose} may be written by others than \
             its owner (run `chmod {who}-w {shown}`)"
        ))
    };
    check(path, metadata)?;
    let folder = path.parent().unwrap_or(Path::new("."));
    let folder_metadata = fs::metadata(folder).map_err(|error| {
        format!(
            "the endgame table {} is not used: cannot read its folder: {error}",
            path.display()
        )
    })?;
    check(folder, &folder_metadata)
}

/// Other platforms have no owners nor modes to check.
#[cfg(not(unix))]
fn trusted(_path: &Path, _metadata: &Metadata) -> Result<(), String> {
    Ok(())
}

/// Whether the level of `seeds` seeds (low bounds, high bounds, then
/// component tags) is sound: every bound within `-seeds..=seeds`, every low
/// bound at most its high bound (a tag may be anything).
fn sound_level(level: &[i8], seeds: usize) -> bool {
    let limit = i8::try_from(seeds).unwrap_or(i8::MAX);
    let count = level.len() / 3;
    let (lows, rest) = level.split_at(count);
    let highs = &rest[..count];
    lows.iter()
        .chain(highs)
        .all(|v| (-limit..=limit).contains(v))
        && lows.iter().zip(highs).all(|(low, high)| low <= high)
}

/// Removes the temporary files of `folder` older than [`STALE`] (builds
/// killed before they could), never following a link.
fn remove_stale(folder: &Path) {
    let Ok(entries) = fs::read_dir(folder) else {
        return;
    };
    let now = SystemTime::now();
    for entry in entries.flatten() {
        let name = entry.file_name();
        let ours = name
            .to_str()
            .is_some_and(|name| name.starts_with('.') && name.ends_with(TEMPORARY));
        let stale = entry.metadata().is_ok_and(|metadata| {
            metadata.is_file()
                && metadata
                    .modified()
                    .is_ok_and(|modified| now.duration_since(modified).is_ok_and(|age| age > STALE))
        });
        if ours && stale {
            let _ = fs::remove_file(entry.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> Table {
        Table {
            holes: 2,
            levels: vec![vec![0, 0, 0], vec![-1, 0, 1, 1, 1, 1]],
        }
    }

    fn folder(what: &str) -> std::path::PathBuf {
        let folder =
            std::env::temp_dir().join(format!("awale-endgame-file-{what}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&folder);
        fs::create_dir_all(&folder).expect("a temporary folder");
        folder
    }

    /// Issue 35: a table others may write (or another user's) was used,
    /// and a forged one made the hints lie.
    #[cfg(unix)]
    #[test]
    fn a_table_others_may_write_is_not_used() {
        use std::os::unix::fs::PermissionsExt;
        let mode = |path: &Path, mode: u32| {
            fs::set_permissions(path, fs::Permissions::from_mode(mode)).expect("chmod")
        };
        let folder = folder("trusted");
        mode(&folder, 0o755);
        let path = folder.join("t-1.table");
        let max = table().max_seeds();
        table().save(&path, "t").expect("saved");
        mode(&path, 0o644);
        assert!(Table::load(&path, "t", 2, max).is_some());
        mode(&path, 0o666);
        assert!(trusted(&path, &fs::metadata(&path).expect("its metadata"))
            .is_err_and(|why| why.ends_with(&format!("`chmod go-w {}`)", path.display()))));
        assert!(Table::load(&path, "t", 2, max).is_none());
        mode(&path, 0o644);
        mode(&folder, 0o775);
        assert!(Table::load(&path, "t", 2, max).is_none(), "its folder too");
        mode(&folder, 0o755);
        assert!(Table::load(&path, "t", 2, max).is_some());
        let _ = fs::remove_dir_all(&folder);
    }

    #[test]
    fn a_saved_table_loads_back_and_leaves_no_temporary_file() {
        let folder = folder("saved");
        let path = folder.join("t-1.table");
        table().save(&path, "t").expect("saved");
        assert_eq!(Table::load(&path, "t", 2, 1), Some(table()));
        let names: Vec<_> = fs::read_dir(&folder)
            .expect("listed")
            .flatten()
            .map(|entry| entry.file_name())
            .collect();
        assert_eq!(names, ["t-1.table"]);
        let _ = fs::remove_dir_all(&folder);
    }

    #[test]
    fn a_forged_or_resized_table_is_refused() {
        let folder = folder("forged");
        let path = folder.join("t-1.table");
        // A low bound above its high bound, under a header whose checksum
        // matches (a forger can compute it).
        let forged = Table {
            holes: 2,
            levels: vec![vec![0, 0, 0], vec![1, 0, -1, 1, 1, 1]],
        };
        let header = forged.header("t");
        let mut bytes = header.into_bytes();
        bytes.extend(forged.levels.iter().flatten().map(|&v| v as u8));
        fs::write(&path, &bytes).expect("written");
        assert_eq!(Table::load(&path, "t", 2, 1), None, "low > high");
        table().save(&path, "t").expect("saved");
        let mut longer = fs::read(&path).expect("read");
        longer.push(0);
        fs::write(&path, &longer).expect("written");
        assert_eq!(Table::load(&path, "t", 2, 1), None, "a byte too many");
        longer.truncate(longer.len() - 2);
        fs::write(&path, &longer).expect("written");
        assert_eq!(Table::load(&path, "t", 2, 1), None, "a byte too few");
        let _ = fs::remove_dir_all(&folder);
    }

    /// Issue 43: a damaged table was dropped silently; it is told from a
    /// missing one, so that the plugin says it.
    #[test]
    fn a_table_cut_short_or_with_a_byte_changed_is_damaged_a_missing_one_is_not() {
        let folder = folder("damaged");
        let path = folder.join("t-1.table");
        assert_eq!(Table::read(&path, "t", 2, 1), Ok(None), "missing");
        table().save(&path, "t").expect("saved");
        assert_eq!(Table::read(&path, "t", 2, 1), Ok(Some(table())));
        let whole = fs::read(&path).expect("read");
        fs::write(&path, &whole[..whole.len() - 1]).expect("written");
        assert_eq!(Table::read(&path, "t", 2, 1), Err(Damaged), "cut short");
        for at in [0, whole.len() / 2, whole.len() - 1] {
            let mut changed = whole.clone();
            changed[at] ^= 0x04;
            fs::write(&path, &changed).expect("written");
            assert_eq!(Table::read(&path, "t", 2, 1), Err(Damaged), "byte {at}");
            assert_eq!(Table::load(&path, "t", 2, 1), None, "byte {at}");
        }
        let _ = fs::remove_dir_all(&folder);
    }

    #[test]
    fn only_old_temporary_files_are_removed() {
        let folder = folder("stale");
        let old = folder.join(".t-1.table.1.tmp");
        let young = folder.join(".t-1.table.2.tmp");
        let other = folder.join("notes.tmp");
        for path in [&old, &young, &other] {
            fs::write(path, b"x").expect("written");
        }
        let long_ago = SystemTime::now() - 2 * STALE;
        for path in [&old, &other] {
            fs::File::options()
                .write(true)
                .open(path)
                .and_then(|file| file.set_modified(long_ago))
                .expect("dated");
        }
        remove_stale(&folder);
        assert!(!old.exists() && young.exists() && other.exists());
        let _ = fs::remove_dir_all(&folder);
    }
}
