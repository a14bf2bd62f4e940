//! A check of an ELF library's headers before the system loader maps it,
//! read with the `object` crate.
//!
//! The loader maps every loadable segment the headers name, also past the end
//! of a file cut short (the first touch of such a page kills the process with
//! SIGBUS), and trusts the addresses of the dynamic section (a wrong one
//! faults or trips one of its assertions). So before a library is mapped, its
//! ELF header, program header table and section header table must lie inside
//! the file; every loadable segment must lie inside the file and hold no more
//! bytes than it maps; the dynamic, RELRO, TLS and program-header segments
//! and the addresses of the dynamic section must lie inside the mapped image;
//! and its class, byte order and machine must be the host's. This check is
//! cheap and catches the usual damage; a trial load in a child process (see
//! `probe`) catches the rest.

use std::fmt;
use std::fs::File;
use std::ops::Range;

use object::elf;
use object::read::elf::{Dyn, FileHeader, ProgramHeader};
use object::read::{ReadCache, ReadRef};
use object::{Endianness, FileKind};

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

/// Checks the ELF library open as `file` without mapping it.
pub(crate) fn check_file(file: &File) -> Result<(), Refusal> {
    let len = file
        .metadata()
        .map_err(|error| Refusal::Unreadable(error.to_string()))?
        .len();
    check(&ReadCache::new(file), len)
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
    ("x86", elf::EM_386),
    ("mips", elf::EM_MIPS),
    ("mips64", elf::EM_MIPS),
    ("powerpc", elf::EM_PPC),
    ("powerpc64", elf::EM_PPC64),
    ("s390x", elf::EM_S390),
    ("arm", elf::EM_ARM),
    ("sparc64", elf::EM_SPARCV9),
    ("x86_64", elf::EM_X86_64),
    ("aarch64", elf::EM_AARCH64),
    ("riscv32", elf::EM_RISCV),
    ("riscv64", elf::EM_RISCV),
    ("loongarch64", elf::EM_LOONGARCH),
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

/// Checks an ELF file of `len` bytes.
pub(crate) fn check<'data, R: ReadRef<'data>>(data: R, len: u64) -> Result<(), Refusal> {
    match FileKind::parse(data) {
        Ok(FileKind::Elf64) => check_library::<elf::FileHeader64<Endianness>, R>(data, len),
        Ok(FileKind::Elf32) => check_library::<elf::FileHeader32<Endianness>, R>(data, len),
        Ok(_) | Err(_) => Err(Refusal::NotALibrary("no ELF header".to_owned())),
    }
}

fn check_library<'data, Elf, R>(data: R, len: u64) -> Result<(), Refusal>
where
    Elf: FileHeader<Endian = Endianness>,
    R: ReadRef<'data>,
{
    let header = Elf::parse(data).map_err(object_error)?;
    let endian = header.endian().map_err(object_error)?;
    let kind = header.e_type(endian);
    if kind != elf::ET_DYN {
        return Err(Refusal::NotALibrary(format!(
            "ELF type {kind}, not a shared library"
        )));
    }
    check_platform(header.is_type_64(), endian, header.e_machine(endian))?;
    let table = u64::from(header.e_shnum(endian)) * u64::from(header.e_shentsize(endian));
    within(
        "the section header table",
        header.e_shoff(endian).into(),
        table,
        len,
    )?;
    header.section_headers(endian, data).map_err(object_error)?;
    let segments = header.program_headers(endian, data).map_err(object_error)?;
    if segments.is_empty() {
        return Err(damaged("no program header".to_owned()));
    }

    let mut image = Vec::new();
    for (index, segment) in segments.iter().enumerate() {
        if segment.p_type(endian) != elf::PT_LOAD {
            continue;
        }
        let (offset, file_size) = segment.file_range(endian);
        within(&format!("loadable segment {index}"), offset, file_size, len)?;
        let memory_size: u64 = segment.p_memsz(endian).into();
        if file_size > memory_size {
            return Err(damaged(format!(
                "loadable segment {index} holds {file_size} bytes but maps {memory_size}"
            )));
        }
        image.push(span(segment.p_vaddr(endian).into(), memory_size)?);
    }
    if image.is_empty() {
        return Err(damaged("no loadable segment".to_owned()));
    }

    let mut dynamic = None;
    for (index, segment) in segments.iter().enumerate() {
        let what = match segment.p_type(endian) {
            elf::PT_DYNAMIC => "the dynamic segment",
            elf::PT_GNU_RELRO => "the RELRO segment",
            elf::PT_TLS => "the TLS segment",
            elf::PT_PHDR => "the program header segment",
            _ => continue,
        };
        let range = span(
            segment.p_vaddr(endian).into(),
            segment.p_memsz(endian).into(),
        )?;
        mapped(&image, &format!("{what} (program header {index})"), range)?;
        if let Some(entries) = segment.dynamic(endian, data).map_err(object_error)? {
            dynamic = Some(entries);
        }
    }
    let Some(entries) = dynamic else {
        return Err(Refusal::NotALibrary("no dynamic section".to_owned()));
    };
    check_dynamic::<Elf>(entries, endian, &image)
}

/// Dynamic entries that hold an address in the image, with the entry that
/// holds the size of what is there (0: the size is not recorded). `object`
/// names no DT_RELR (36) nor DT_RELRSZ (35).
const ADDRESSES: &[(u32, u32, &str)] = &[
    (elf::DT_PLTGOT, 0, "PLTGOT"),
    (elf::DT_HASH, 0, "HASH"),
    (elf::DT_GNU_HASH, 0, "GNU_HASH"),
    (elf::DT_STRTAB, elf::DT_STRSZ, "STRTAB"),
    (elf::DT_SYMTAB, 0, "SYMTAB"),
    (elf::DT_RELA, elf::DT_RELASZ, "RELA"),
    (elf::DT_REL, elf::DT_RELSZ, "REL"),
    (36, 35, "RELR"),
    (elf::DT_JMPREL, elf::DT_PLTRELSZ, "JMPREL"),
    (elf::DT_INIT, 0, "INIT"),
    (elf::DT_FINI, 0, "FINI"),
    (elf::DT_INIT_ARRAY, elf::DT_INIT_ARRAYSZ, "INIT_ARRAY"),
    (elf::DT_FINI_ARRAY, elf::DT_FINI_ARRAYSZ, "FINI_ARRAY"),
    (
        elf::DT_PREINIT_ARRAY,
        elf::DT_PREINIT_ARRAYSZ,
        "PREINIT_ARRAY",
    ),
    (elf::DT_VERSYM, 0, "VERSYM"),
    (elf::DT_VERDEF, 0, "VERDEF"),
    (elf::DT_VERNEED, 0, "VERNEED"),
];

/// Checks that every address of the dynamic section (up to `DT_NULL`), with
/// the size recorded beside it, lies inside the mapped image.
fn check_dynamic<Elf: FileHeader<Endian = Endianness>>(
    entries: &[Elf::Dyn],
    endian: Endianness,
    image: &[Range<u64>],
) -> Result<(), Refusal> {
    let entries: Vec<(u64, u64)> = entries
        .iter()
        .map(|entry| (entry.d_tag(endian).into(), entry.d_val(endian).into()))
        .take_while(|&(tag, _)| tag != u64::from(elf::DT_NULL))
        .collect();
    let value = |tag: u32| {
        entries
            .iter()
            .find(|&&(found, _)| found == u64::from(tag))
            .map(|&(_, value)| value)
    };
    for &(tag, size_tag, name) in ADDRESSES {
        let Some(address) = value(tag) else {
            continue;
        };
        let size = if size_tag == 0 {
            1
        } else {
            value(size_tag).unwrap_or(0).max(1)
        };
        mapped(
            image,
            &format!("the dynamic entry DT_{name}"),
            span(address, size)?,
        )?;
    }
    Ok(())
}

fn check_platform(wide: bool, endian: Endianness, machine: u16) -> Result<(), Refusal> {
    let big_endian = endian == Endianness::Big;
    if wide != HOST.wide || big_endian != HOST.big_endian {
        let describe = |wide: bool, big: bool| {
            format!(
                "{}-bit {}-endian",
                if wide { 64 } else { 32 },
                if big { "big" } else { "little" }
            )
        };
        return Err(Refusal::OtherPlatform(format!(
            "a {} library, this host is {}",
            describe(wide, big_endian),
            describe(HOST.wide, HOST.big_endian)
        )));
    }
    match HOST.machine {
        Some(host) if host != machine => Err(Refusal::OtherPlatform(format!(
            "ELF {}, this host is {}",
            machine_name(machine),
            machine_name(host)
        ))),
        _ => Ok(()),
    }
}

fn damaged(why: String) -> Refusal {
    Refusal::Damaged(why)
}

fn object_error(error: object::read::Error) -> Refusal {
    damaged(error.to_string())
}

fn too_big() -> Refusal {
    damaged("a header field is out of range".to_owned())
}

/// The addresses `start..start + size`.
fn span(start: u64, size: u64) -> Result<Range<u64>, Refusal> {
    let end = start.checked_add(size).ok_or_else(too_big)?;
    Ok(start..end)
}

/// Fails unless `range` lies inside one segment of the mapped `image`.
fn mapped(image: &[Range<u64>], what: &str, range: Range<u64>) -> Result<(), Refusal> {
    let inside = image
        .iter()
        .any(|segment| segment.start <= range.start && range.end <= segment.end);
    if inside {
        Ok(())
    } else {
        Err(damaged(format!(
            "{what} at {:#x}..{:#x} lies outside the loadable segments",
            range.start, range.end
        )))
    }
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

    /// Writes integers in a chosen class and byte order.
    struct Writer {
        bytes: Vec<u8>,
        wide: bool,
        big_endian: bool,
    }

    impl Writer {
        fn put(&mut self, at: usize, size: usize, value: u64) {
            for i in 0..size {
                let shift = if self.big_endian { size - 1 - i } else { i } * 8;
                self.bytes[at + i] = (value >> shift) as u8;
            }
        }

        fn addr(&mut self, at: usize, value: u64) {
            self.put(at, if self.wide { 8 } else { 4 }, value);
        }
    }

    /// A minimal shared library: header, a PT_LOAD segment mapping the whole
    /// file, a PT_DYNAMIC segment holding one DT_STRTAB entry and DT_NULL,
    /// then a section header table of one empty header.
    fn library(wide: bool, big_endian: bool, machine: u16) -> Vec<u8> {
        let (header, ph, sh, dyn_entry) = if wide {
            (64, 56, 64, 16)
        } else {
            (52, 32, 40, 8)
        };
        let dynamic_at = header + 2 * ph;
        let section_at = dynamic_at + 2 * dyn_entry;
        let len = section_at + sh;
        let mut w = Writer {
            bytes: vec![0; len],
            wide,
            big_endian,
        };
        w.bytes[..4].copy_from_slice(b"\x7fELF");
        w.put(4, 1, if wide { 2 } else { 1 });
        w.put(5, 1, if big_endian { 2 } else { 1 });
        w.put(6, 1, 1);
        w.put(16, 2, elf::ET_DYN.into());
        w.put(18, 2, machine.into());
        w.put(20, 4, 1);
        let (phoff, shoff, sizes) = if wide { (32, 40, 52) } else { (28, 32, 40) };
        w.addr(phoff, header as u64);
        w.addr(shoff, section_at as u64);
        w.put(sizes, 2, header as u64);
        w.put(sizes + 2, 2, ph as u64);
        w.put(sizes + 4, 2, 2);
        w.put(sizes + 6, 2, sh as u64);
        w.put(sizes + 8, 2, 1);
        let (offset_at, vaddr_at, filesz_at, memsz_at) = if wide {
            (8, 16, 32, 40)
        } else {
            (4, 8, 16, 20)
        };
        let segments = [
            (elf::PT_LOAD, 0, len),
            (elf::PT_DYNAMIC, dynamic_at, 2 * dyn_entry),
        ];
        for (index, (kind, start, size)) in segments.into_iter().enumerate() {
            let at = header + index * ph;
            w.put(at, 4, kind.into());
            w.addr(at + offset_at, start as u64);
            w.addr(at + vaddr_at, start as u64);
            w.addr(at + filesz_at, size as u64);
            w.addr(at + memsz_at, size as u64);
        }
        w.addr(dynamic_at, elf::DT_STRTAB.into());
        w.addr(dynamic_at + dyn_entry / 2, section_at as u64);
        w.bytes
    }

    fn check_bytes(bytes: &[u8]) -> Result<(), Refusal> {
        check(bytes, bytes.len() as u64)
    }

    fn host_library() -> Vec<u8> {
        library(
            HOST.wide,
            HOST.big_endian,
            HOST.machine.unwrap_or(elf::EM_X86_64),
        )
    }

    /// The first program header of `kind` in the host library: its offset.
    fn program_header(bytes: &[u8], kind: u32) -> usize {
        let (header, ph) = if HOST.wide { (64, 56) } else { (52, 32) };
        (0..2)
            .map(|index| header + index * ph)
            .find(|&at| {
                let field = &bytes[at..at + 4];
                let value = if HOST.big_endian {
                    u32::from_be_bytes(field.try_into().expect("4 bytes"))
                } else {
                    u32::from_le_bytes(field.try_into().expect("4 bytes"))
                };
                value == kind
            })
            .expect("the segment exists")
    }

    fn with_field(mut bytes: Vec<u8>, at: usize, value: u64) -> Vec<u8> {
        let mut w = Writer {
            bytes: std::mem::take(&mut bytes),
            wide: HOST.wide,
            big_endian: HOST.big_endian,
        };
        w.addr(at, value);
        w.bytes
    }

    fn assert_damaged(result: Result<(), Refusal>, words: &str) {
        match result {
            Err(Refusal::Damaged(why)) => assert!(why.contains(words), "{why}"),
            other => panic!("not refused as damaged: {other:?}"),
        }
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
        let load = program_header(&bytes, elf::PT_LOAD);
        let filesz_at = if HOST.wide { 32 } else { 16 };
        let long = with_field(bytes.clone(), load + filesz_at, bytes.len() as u64 + 1);
        assert_damaged(check_bytes(&long), "the file has");
    }

    /// Issue 15: a PT_LOAD holding more bytes than it maps made the loader
    /// wait on a lock forever.
    #[test]
    fn a_segment_holding_more_than_it_maps_is_damage() {
        let bytes = host_library();
        let load = program_header(&bytes, elf::PT_LOAD);
        let memsz_at = if HOST.wide { 40 } else { 20 };
        let short = with_field(bytes, load + memsz_at, 8);
        assert_damaged(check_bytes(&short), "holds");
    }

    /// Issue 15: PT_DYNAMIC's address moved out of the image made the loader
    /// fault.
    #[test]
    fn a_dynamic_segment_outside_the_image_is_damage() {
        let bytes = host_library();
        let dynamic = program_header(&bytes, elf::PT_DYNAMIC);
        let vaddr_at = if HOST.wide { 16 } else { 8 };
        let moved = with_field(bytes, dynamic + vaddr_at, 0x4000_0000);
        assert_damaged(check_bytes(&moved), "the dynamic segment");
    }

    #[test]
    fn a_dynamic_address_outside_the_image_is_damage() {
        let bytes = host_library();
        let (header, ph, dyn_entry) = if HOST.wide { (64, 56, 16) } else { (52, 32, 8) };
        let value_at = header + 2 * ph + dyn_entry / 2;
        let moved = with_field(bytes, value_at, 0x4000_0000);
        assert_damaged(check_bytes(&moved), "DT_STRTAB");
    }

    #[test]
    fn all_four_layouts_are_read_and_foreign_ones_refused() {
        for wide in [false, true] {
            for big_endian in [false, true] {
                let machine = HOST.machine.unwrap_or(elf::EM_X86_64);
                let result = check_bytes(&library(wide, big_endian, machine));
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
        let other = if HOST.machine == Some(elf::EM_AARCH64) {
            elf::EM_X86_64
        } else {
            elf::EM_AARCH64
        };
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
