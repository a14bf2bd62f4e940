//! Reading and writing a [`Table`]'s file.

use std::fs;
use std::io::{self, Write};
use std::path::Path;

use crate::{boards, Table};

impl Table {
    /// Writes the table to `path` atomically (a temporary file renamed over
    /// it), under a header naming `name` (the variant and its options).
    pub fn save(&self, path: &Path, name: &str) -> io::Result<()> {
        let folder = path.parent().unwrap_or(Path::new("."));
        fs::create_dir_all(folder)?;
        let temporary = folder.join(format!(
            ".{}.{}.tmp",
            path.file_name().and_then(|n| n.to_str()).unwrap_or("table"),
            std::process::id()
        ));
        let mut file = fs::File::create(&temporary)?;
        file.write_all(self.header(name).as_bytes())?;
        for level in &self.levels {
            file.write_all(&level.iter().map(|&v| v as u8).collect::<Vec<u8>>())?;
        }
        file.sync_data()?;
        drop(file);
        fs::rename(&temporary, path)
    }

    /// Reads a table that [`Table::save`] wrote for `name` with `holes` holes
    /// and `max_seeds` seeds; `None` for a missing, damaged or other file.
    pub fn load(path: &Path, name: &str, holes: usize, max_seeds: usize) -> Option<Table> {
        let bytes = fs::read(path).ok()?;
        let body_start = bytes.iter().position(|&b| b == b'\n')? + 1;
        let mut table = Table {
            holes,
            levels: Vec::with_capacity(max_seeds + 1),
        };
        let mut body = &bytes[body_start..];
        for seeds in 0..=max_seeds {
            let size = 2 * boards(holes, seeds);
            if body.len() < size {
                return None;
            }
            let (level, rest) = body.split_at(size);
            let limit = seeds as i8;
            let level: Vec<i8> = level.iter().map(|&b| b as i8).collect();
            if level.iter().any(|v| !(-limit..=limit).contains(v)) {
                return None;
            }
            table.levels.push(level);
            body = rest;
        }
        let header = std::str::from_utf8(&bytes[..body_start]).ok()?;
        (body.is_empty() && header == table.header(name)).then_some(table)
    }

    /// The first line of a saved table: format, name, size and a checksum
    /// of the values.
    fn header(&self, name: &str) -> String {
        let mut checksum: u64 = 0xcbf2_9ce4_8422_2325;
        for &value in self.levels.iter().flatten() {
            checksum = (checksum ^ u64::from(value as u8)).wrapping_mul(0x0100_0000_01b3);
        }
        format!(
            "awale-endgames 1 {name} holes={} seeds={} fnv={checksum:016x}\n",
            self.holes,
            self.max_seeds()
        )
    }
}
