//! A check of an ELF library's headers before the system loader maps it.
//!
//! The loader maps every loadable segment the headers name, also past the end
//! of a file cut short, and the first touch of such a page kills the process
//! with SIGBUS. So before a library is opened, its ELF header, program
//! header table, loadable segments and section header table must lie inside
//! the file, and its class, byte order and machine must be the host's.

use std::fmt;
use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::path::Path;

/// Why a library file is refused before it is loaded; each displays as one line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// The file could not be read.
    Unreadable(String),
    /// Not an ELF shared library.
    NotALibrary(String),
    /// The headers point past the end of the file, or are inconsistent.
    Damaged(String),
    /// A sound library built for another platform.
    OtherPlatform(String),
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Unreadable(why) => write!(f, "cannot read the file: {why}"),
            Refusal::NotALibrary(why) => write!(f, "not a loadable library ({why})"),
            Refusal::Damaged(why) => write!(f, "damaged library (cut short or corrupted): {why}"),
            Refusal::OtherPlatform(why) => write!(f, "built for another platform: {why}"),
        }
    }
}

/// Whether this platform's libraries are ELF files (checked before loading).
pub(crate) const NATIVE: bool = cfg!(all(unix, not(target_vendor = "apple")));

/// Checks the ELF library at `path` without mapping it.
pub(crate) fn check_file(path: &Path) -> Result<(), Refusal> {
    let unreadable = |error: io::Error| Refusal::Unreadable(error.to_string());
    let mut file = File::open(path).map_err(unreadable)?;
    let len = file.metadata().map_err(unreadable)?.len();
    check(len, &mut |offset, buf| {
        file.seek(SeekFrom::Start(offset))?;
        file.read_exact(buf)
    })
}

/// The platform the host runs on, as ELF names it.
struct Platform {
    wide: bool,
    big_endian: bool,
    machine: Option<u16>,
}

const HOST: Platform = Platform {
    wide: cfg!(target_pointer_width = "64"),
    big_endian: cfg!(target_endian = "big"),
    machine: machine_of(std::env::consts::ARCH),
};

/// ELF machine numbers of the architectures Rust names in `std::env::consts::ARCH`.
const MACHINES: &[(&str, u16)] = &[
    ("x86", 3),
    ("mips", 8),
    ("mips64", 8),
    ("powerpc", 20),
    ("powerpc64", 21),
    ("s390x", 22),
    ("arm", 40),
    ("sparc64", 43),
    ("x86_64", 62),
    ("aarch64", 183),
    ("riscv32", 243),
    ("riscv64", 243),
    ("loongarch64", 258),
];

const fn machine_of(arch: &str) -> Option<u16> {
    let mut i = 0;
    while i < MACHINES.len() {
        let (name, number) = MACHINES[i];
        if name.len() == arch.len() && konst_eq(name.as_bytes(), arch.as_bytes()) {
            return Some(number);
        }
        i += 1;
    }
    None
}

const fn konst_eq(a: &[u8], b: &[u8]) -> bool {
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

fn machine_name(number: u16) -> String {
    match MACHINES.iter().find(|(_, n)| *n == number) {
        Some((name, _)) => format!("machine {number} ({name})"),
        None => format!("machine {number}"),
    }
}

/// Reads integers of the file's byte order from a buffer; missing bytes read as 0.
#[derive(Clone, Copy)]
struct Fields {
    big_endian: bool,
    wide: bool,
}

impl Fields {
    fn int(self, bytes: &[u8], at: usize, size: usize) -> u64 {
        let mut value = 0u64;
        for i in 0..size {
            let index = if self.big_endian { i } else { size - 1 - i };
            let byte = bytes.get(at + index).copied().unwrap_or(0);
            value = (value << 8) | u64::from(byte);
        }
        value
    }

    fn half(self, bytes: &[u8], at: usize) -> u64 {
        self.int(bytes, at, 2)
    }

    fn word(self, bytes: &[u8], at: usize) -> u64 {
        self.int(bytes, at, 4)
    }

    /// An address or offset: 8 bytes in ELF64, 4 in ELF32.
    fn addr(self, bytes: &[u8], at: usize) -> u64 {
        self.int(bytes, at, if self.wide { 8 } else { 4 })
    }
}

const PT_LOAD: u64 = 1;
const ET_DYN: u64 = 3;
const PN_XNUM: u64 = 0xffff;

/// Checks an ELF file of `len` bytes, read through `read(offset, buffer)`.
pub(crate) fn check(
    len: u64,
    read: &mut dyn FnMut(u64, &mut [u8]) -> io::Result<()>,
) -> Result<(), Refusal> {
    let mut read_at = |offset: u64, size: u64| -> Result<Vec<u8>, Refusal> {
        let mut buf = vec![0; usize::try_from(size).map_err(|_| too_big())?];
        read(offset, &mut buf).map_err(|error| Refusal::Unreadable(error.to_string()))?;
        Ok(buf)
    };
    let ident = read_at(0, 16.min(len))?;
    if ident.get(..4) != Some(b"\x7fELF".as_slice()) {
        return Err(Refusal::NotALibrary("no ELF header".to_owned()));
    }
    let fields = Fields {
        wide: match ident.get(4) {
            Some(1) => false,
            Some(2) => true,
            _ => return Err(damaged("unknown ELF class".to_owned())),
        },
        big_endian: match ident.get(5) {
            Some(1) => false,
            Some(2) => true,
            _ => return Err(damaged("unknown ELF byte order".to_owned())),
        },
    };
    let header_size: u64 = if fields.wide { 64 } else { 52 };
    within("the ELF header", 0, header_size, len)?;
    let header = read_at(0, header_size)?;
    let (phoff, shoff, sizes) = if fields.wide {
        (32, 40, 52)
    } else {
        (28, 32, 40)
    };
    let phoff = fields.addr(&header, phoff);
    let shoff = fields.addr(&header, shoff);
    let phentsize = fields.half(&header, sizes + 2);
    let mut phnum = fields.half(&header, sizes + 4);
    let shentsize = fields.half(&header, sizes + 6);
    let mut shnum = fields.half(&header, sizes + 8);
    let kind = fields.half(&header, 16);
    if kind != ET_DYN {
        return Err(Refusal::NotALibrary(format!(
            "ELF type {kind}, not a shared library"
        )));
    }

    let (min_ph, min_sh) = if fields.wide { (56, 64) } else { (32, 40) };
    if shoff != 0 {
        if shentsize < min_sh {
            return Err(damaged(format!("section header size {shentsize}")));
        }
        within("the first section header", shoff, shentsize, len)?;
        if shnum == 0 || phnum == PN_XNUM {
            // Extended numbering: the real counts are in section header 0.
            let first = read_at(shoff, shentsize)?;
            let (size_at, info_at) = if fields.wide { (32, 44) } else { (20, 28) };
            if shnum == 0 {
                shnum = fields.addr(&first, size_at);
            }
            if phnum == PN_XNUM {
                phnum = fields.word(&first, info_at);
            }
        }
        let table = shnum.checked_mul(shentsize).ok_or_else(too_big)?;
        within("the section header table", shoff, table, len)?;
    }
    if phnum == 0 {
        return Err(damaged("no program header".to_owned()));
    }
    if phentsize < min_ph {
        return Err(damaged(format!("program header size {phentsize}")));
    }
    let table = phnum.checked_mul(phentsize).ok_or_else(too_big)?;
    within("the program header table", phoff, table, len)?;
    let headers = read_at(phoff, table)?;
    let (offset_at, filesz_at) = if fields.wide { (8, 32) } else { (4, 16) };
    let mut loads = 0;
    for index in 0..phnum {
        let at = usize::try_from(index * phentsize).map_err(|_| too_big())?;
        if fields.word(&headers, at) != PT_LOAD {
            continue;
        }
        loads += 1;
        let offset = fields.addr(&headers, at + offset_at);
        let size = fields.addr(&headers, at + filesz_at);
        within(&format!("loadable segment {index}"), offset, size, len)?;
    }
    if loads == 0 {
        return Err(damaged("no loadable segment".to_owned()));
    }

    if fields.wide != HOST.wide || fields.big_endian != HOST.big_endian {
        let describe = |wide: bool, big: bool| {
            format!(
                "{}-bit {}-endian",
                if wide { 64 } else { 32 },
                if big { "big" } else { "little" }
            )
        };
        return Err(Refusal::OtherPlatform(format!(
            "a {} library, this host is {}",
            describe(fields.wide, fields.big_endian),
            describe(HOST.wide, HOST.big_endian)
        )));
    }
    let machine = fields.half(&header, 18);
    if let Some(host) = HOST.machine {
        if u64::from(host) != machine {
            return Err(Refusal::OtherPlatform(format!(
                "ELF {}, this host is {}",
                u16::try_from(machine).map_or_else(|_| machine.to_string(), machine_name),
                machine_name(host)
            )));
        }
    }
    Ok(())
}

fn damaged(why: String) -> Refusal {
    Refusal::Damaged(why)
}

fn too_big() -> Refusal {
    damaged("a header field is out of range".to_owned())
}

/// Fails unless bytes `offset..offset + size` lie inside a file of `len` bytes.
fn within(what: &str, offset: u64, size: u64, len: u64) -> Result<(), Refusal> {
    match offset.checked_add(size) {
        Some(end) if end <= len => Ok(()),
        Some(end) => Err(damaged(format!(
            "{what} ends at byte {end}, the file has {len}"
        ))),
        None => Err(too_big()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A minimal shared library: header, one PT_LOAD segment covering the
    /// file, an empty section header table at the end.
    fn library(wide: bool, big_endian: bool, machine: u16) -> Vec<u8> {
        let fields = Fields { big_endian, wide };
        let (header, ph, sh) = if wide { (64, 56, 64) } else { (52, 32, 40) };
        let len = header + ph + 16 + sh;
        let mut bytes = vec![0u8; len];
        let mut put = |at: usize, size: usize, value: u64| {
            for i in 0..size {
                let shift = if fields.big_endian { size - 1 - i } else { i } * 8;
                bytes[at + i] = (value >> shift) as u8;
            }
        };
        let addr = if wide { 8 } else { 4 };
        put(4, 1, if wide { 2 } else { 1 });
        put(5, 1, if big_endian { 2 } else { 1 });
        put(6, 1, 1);
        put(16, 2, ET_DYN);
        put(18, 2, u64::from(machine));
        let (phoff, shoff, sizes) = if wide { (32, 40, 52) } else { (28, 32, 40) };
        put(phoff, addr, header as u64);
        put(shoff, addr, (header + ph + 16) as u64);
        put(sizes + 2, 2, ph as u64);
        put(sizes + 4, 2, 1);
        put(sizes + 6, 2, sh as u64);
        put(sizes + 8, 2, 1);
        let (offset_at, filesz_at) = if wide { (8, 32) } else { (4, 16) };
        put(header, 4, PT_LOAD);
        put(header + offset_at, addr, 0);
        put(header + filesz_at, addr, (header + ph + 16) as u64);
        bytes[..4].copy_from_slice(b"\x7fELF");
        bytes
    }

    fn check_bytes(bytes: &[u8]) -> Result<(), Refusal> {
        check(bytes.len() as u64, &mut |offset, buf| {
            let start = offset as usize;
            let slice = bytes
                .get(start..start + buf.len())
                .ok_or(io::ErrorKind::UnexpectedEof)?;
            buf.copy_from_slice(slice);
            Ok(())
        })
    }

    fn host_library() -> Vec<u8> {
        library(HOST.wide, HOST.big_endian, HOST.machine.unwrap_or(62))
    }

    #[test]
    fn a_sound_library_of_this_platform_passes() {
        assert_eq!(check_bytes(&host_library()), Ok(()));
    }

    #[test]
    fn every_cut_of_a_library_is_refused_without_reading_past_its_end() {
        let bytes = host_library();
        for cut in 0..bytes.len() {
            assert!(check_bytes(&bytes[..cut]).is_err(), "cut at {cut}");
        }
    }

    #[test]
    fn a_segment_past_the_end_of_the_file_is_damage() {
        let bytes = host_library();
        let cut = &bytes[..bytes.len() - 1];
        let Err(Refusal::Damaged(why)) = check_bytes(cut) else {
            panic!("not refused as damaged");
        };
        assert!(why.contains("the file has"), "{why}");
    }

    #[test]
    fn all_four_layouts_are_read_and_foreign_ones_refused() {
        for wide in [false, true] {
            for big_endian in [false, true] {
                let result = check_bytes(&library(wide, big_endian, HOST.machine.unwrap_or(62)));
                if wide == HOST.wide && big_endian == HOST.big_endian {
                    assert_eq!(result, Ok(()));
                } else {
                    assert!(
                        matches!(result, Err(Refusal::OtherPlatform(_))),
                        "{wide} {big_endian}: {result:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn another_machine_is_another_platform() {
        let other = if HOST.machine == Some(183) { 62 } else { 183 };
        let result = check_bytes(&library(HOST.wide, HOST.big_endian, other));
        assert!(
            matches!(result, Err(Refusal::OtherPlatform(_))),
            "{result:?}"
        );
    }

    #[test]
    fn text_is_not_a_library() {
        assert_eq!(
            check_bytes(b"not a library"),
            Err(Refusal::NotALibrary("no ELF header".to_owned()))
        );
    }
}
