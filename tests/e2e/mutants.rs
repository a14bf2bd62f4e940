//! Damaged copies of a real plugin library (issue 15): whatever the damage,
//! `--list` and a game of another variant in the same folder end normally,
//! with the damaged file skipped in one warning line; and a damaged library
//! that is listed plays two short scripted games of its own, between people
//! and against the computer at level 1 (issue 35), each of which ends
//! normally, or with one line saying what failed, a crash included
//! (issue 25): at most 2 in 1,000 mutants crash their own game. A few
//! mutants are made by editing named ELF fields; many more are seeded at
//! random (`AWALE_MUTANTS=1000 cargo test -p end-to-end --test e2e mutants
//! -- --nocapture` prints the table of a larger run).

use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Command, ExitStatus};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use object::elf;
use object::read::elf::{FileHeader, ProgramHeader};
use object::{Endianness, Object, ObjectSection};
use variant_api::rng::SplitMix;

use crate::util;

/// The longest a host run may take before it counts as hung.
const HUNG: Duration = Duration::from_secs(60);

/// What one host run did.
struct Run {
    /// `None` when it was killed as hung.
    status: Option<ExitStatus>,
    stdout: String,
    stderr: String,
}

/// Runs `command` with empty input, killing it after [`HUNG`].
fn run(command: Command) -> Run {
    run_with(command, "")
}

/// Runs `command` with `input` as its standard input, killing it after [`HUNG`].
fn run_with(mut command: Command, input: &str) -> Run {
    let stdout = tempfile();
    let stderr = tempfile();
    let mut stdin = tempfile();
    std::io::Write::write_all(&mut stdin, input.as_bytes()).expect("the input");
    std::io::Seek::rewind(&mut stdin).expect("rewind");
    command
        .stdin(stdin)
        .stdout(stdout.try_clone().expect("a file"))
        .stderr(stderr.try_clone().expect("a file"))
        .env("AWALE_PROBE_SECONDS", "2");
    let mut child = command.spawn().expect("host starts");
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("host runs") {
            break Some(status);
        }
        if started.elapsed() > HUNG {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    Run {
        status,
        stdout: read(stdout),
        stderr: read(stderr),
    }
}

fn tempfile() -> std::fs::File {
    tempfile::tempfile().expect("a temporary file")
}

fn read(mut file: std::fs::File) -> String {
    use std::io::{Read, Seek};
    let mut text = Vec::new();
    file.rewind().expect("rewind");
    file.read_to_end(&mut text).expect("read");
    String::from_utf8_lossy(&text).into_owned()
}

/// The standard error of a game of `kalah` left at once, without warnings.
fn undamaged_game() -> &'static str {
    static GAME: OnceLock<String> = OnceLock::new();
    GAME.get_or_init(|| {
        let folder = util::plugins_folder(&[util::library("kalah")]);
        without_warnings(&run(util::host_command(folder.path(), &["kalah"])).stderr)
    })
}

fn without_warnings(stderr: &str) -> String {
    stderr
        .lines()
        .filter(|line| !line.starts_with("warn: "))
        .map(|line| format!("{line}\n"))
        .collect()
}

/// What became of a damaged library, or what went wrong with the host.
fn judge(game: &Run, list: &Run) -> Result<&'static str, String> {
    for (what, run, expected) in [("kalah", game, 1), ("--list", list, 0)] {
        let Some(status) = run.status else {
            return Err(format!("{what} hung"));
        };
        if status.code() != Some(expected) {
            return Err(format!("{what} ended with {status}:\n{}", run.stderr));
        }
    }
    if without_warnings(&game.stderr) != undamaged_game() {
        return Err(format!(
            "the game said more than warnings:\n{}",
            game.stderr
        ));
    }
    if let Some(line) = list.stderr.lines().find(|line| !line.starts_with("warn: ")) {
        return Err(format!("--list wrote a line that is not a warning: {line}"));
    }
    if !list.stdout.contains("kalah ") {
        return Err(format!("--list lost kalah:\n{}", list.stdout));
    }
    let warnings: Vec<&str> = list
        .stderr
        .lines()
        .filter(|line| line.contains("libawale"))
        .collect();
    match warnings.as_slice() {
        [] if list.stdout.contains("awale ") => Ok("loads (the damage is harmless)"),
        [] => Err(format!(
            "awale neither listed nor refused:\n{}",
            list.stderr
        )),
        [line] if line.contains("not checked") => Ok("skipped: not checked"),
        [line] if line.contains("a trial game") => Ok("refused: trial game (play) failed"),
        [line] if line.contains("did not finish") => Ok("refused: trial load overran"),
        [line] if line.contains("killed by") => Ok("refused: trial load killed by a signal"),
        [line] if line.contains("failed with status") => Ok("refused: trial load failed"),
        [line] if line.contains("damaged library (") => Ok("refused: ELF check"),
        [line] if line.contains("not a loadable library") => Ok("refused: not a library"),
        [line] if line.contains("not a variant plugin") => Ok("refused: no variant module"),
        [_] => Ok("refused: other reason"),
        _ => Err(format!(
            "more than one warning about the file:\n{}",
            list.stderr
        )),
    }
}

/// The decisions of the short game between people a listed mutant plays.
const OWN_GAME: &str = "3\n9\n2\n8\n4\n10\n";

/// SUD's decisions in the short game a listed mutant plays against the
/// computer (NORD, level 1).
const OWN_GAME_AGAINST_THE_COMPUTER: &str = "3\n2\n4\n1\n5\n6\n";

/// What a listed mutant's own game may end with.
const CRASHED: &str = "crashed, one line";

/// What became of a listed mutant's own game: it ends with the input (or
/// earlier, with the end of the game), or with one line saying what failed;
/// hanging, or dying without that line, is a problem.
fn judge_own_game(own: &Run) -> Result<&'static str, String> {
    let Some(status) = own.status else {
        return Err("its own game hung".to_owned());
    };
    let last = own.stderr.lines().last().unwrap_or_default();
    match status.code() {
        Some(0) => Ok("played"),
        Some(1) if last == "erreur : l'entrée s'est terminée avant la fin de la partie" => {
            Ok("played")
        }
        Some(1) if last.starts_with("erreur : la variante awale a échoué") => {
            Ok("plugin failure, one line")
        }
        Some(1)
            if own
                .stderr
                .contains("erreur : impossible de charger la variante awale") =>
        {
            Ok("not loaded, one line")
        }
        None if last.starts_with("erreur : la variante awale a planté sur le signal ") => {
            Ok(CRASHED)
        }
        Some(1) if last.starts_with("erreur : la variante awale a appelé exit()") => Ok(CRASHED),
        _ => Err(format!(
            "its own game ended with {status} without its line:\n{}",
            own.stderr
        )),
    }
}

/// What became of a mutant: its `--list` outcome, then its own games
/// between people and against the computer (`-` when it is not listed).
type Judged = (&'static str, &'static str, &'static str);

/// A folder holding `awale` as `bytes` beside a copy of the real `kalah`;
/// the judgement of a game of `kalah` and of `--list` there, and of two
/// games of the mutant itself when it is listed: between people, and
/// against the computer at level 1.
fn try_mutant(bytes: &[u8]) -> Result<Judged, String> {
    // A copy, not a link: a new link changes the file's identity.
    let folder = util::plugins_folder(&[util::library("kalah")]);
    folder.write(
        &util::library("awale")
            .file_name()
            .expect("a file name")
            .to_string_lossy(),
        bytes,
    );
    let game = run(util::host_command(folder.path(), &["kalah"]));
    let list = run(util::host_command(folder.path(), &["--list"]));
    let outcome = judge(&game, &list)?;
    if !list.stdout.contains("awale ") {
        return Ok((outcome, "-", "-"));
    }
    let people = util::host_command(folder.path(), &["awale", "--no-keep"]);
    let people = judge_own_game(&run_with(people, OWN_GAME))
        .map_err(|problem| format!("between people, {problem}"))?;
    let args = ["awale", "--no-keep", "--computer", "nord=1", "--seed", "1"];
    let computer = util::host_command(folder.path(), &args);
    let computer = judge_own_game(&run_with(computer, OWN_GAME_AGAINST_THE_COMPUTER))
        .map_err(|problem| format!("against the computer, {problem}"))?;
    Ok((outcome, people, computer))
}

/// The real Awalé library, parsed.
struct Library {
    bytes: Vec<u8>,
    /// File offsets of named parts.
    program_headers: std::ops::Range<usize>,
    dynamic: std::ops::Range<usize>,
    relocations: std::ops::Range<usize>,
    read_only: std::ops::Range<usize>,
}

type Header = elf::FileHeader64<Endianness>;

impl Library {
    fn read() -> Library {
        let bytes = std::fs::read(util::library("awale")).expect("libawale is built");
        let file = object::File::parse(bytes.as_slice()).expect("an object file");
        let section = |name: &str| {
            let (start, size) = file
                .section_by_name(name)
                .and_then(|section| section.file_range())
                .unwrap_or_else(|| panic!("a {name} section"));
            start as usize..(start + size) as usize
        };
        let relocations = section(".rela.dyn");
        let read_only = section(".data.rel.ro");
        let dynamic = section(".dynamic");
        let header = Header::parse(bytes.as_slice()).expect("an ELF64 header");
        let endian = header.endian().expect("an endianness");
        let start = header.e_phoff(endian) as usize;
        let size = usize::from(header.e_phnum(endian)) * usize::from(header.e_phentsize(endian));
        Library {
            program_headers: start..start + size,
            dynamic,
            relocations,
            read_only,
            bytes,
        }
    }

    /// The offsets in the file of the program headers of `kind`, in order.
    fn program_headers_of(&self, kind: u32) -> Vec<usize> {
        let header = Header::parse(self.bytes.as_slice()).expect("an ELF64 header");
        let endian = header.endian().expect("an endianness");
        let headers = header
            .program_headers(endian, self.bytes.as_slice())
            .expect("program headers");
        let size = std::mem::size_of::<elf::ProgramHeader64<Endianness>>();
        (0..headers.len())
            .filter(|&index| headers[index].p_type(endian) == kind)
            .map(|index| self.program_headers.start + index * size)
            .collect()
    }

    /// A copy with the 8-byte field at `at` set to `value`.
    fn with(&self, at: usize, value: u64) -> Vec<u8> {
        let mut bytes = self.bytes.clone();
        let field = if cfg!(target_endian = "big") {
            value.to_be_bytes()
        } else {
            value.to_le_bytes()
        };
        bytes[at..at + 8].copy_from_slice(&field);
        bytes
    }

    fn field(&self, at: usize) -> u64 {
        let field: [u8; 8] = self.bytes[at..at + 8].try_into().expect("8 bytes");
        if cfg!(target_endian = "big") {
            u64::from_be_bytes(field)
        } else {
            u64::from_le_bytes(field)
        }
    }
}

/// Program header fields of ELF64: offsets inside one header.
const P_VADDR: usize = 16;
const P_FILESZ: usize = 32;
const P_MEMSZ: usize = 40;

fn is_elf64_here() -> bool {
    cfg!(all(target_os = "linux", target_pointer_width = "64"))
}

#[test]
fn libraries_damaged_in_named_fields_are_skipped_in_one_line() {
    if !is_elf64_here() {
        return;
    }
    let library = Library::read();
    let last_load = *library
        .program_headers_of(elf::PT_LOAD)
        .last()
        .expect("a loadable segment");
    let dynamic = library.program_headers_of(elf::PT_DYNAMIC)[0];
    let first_relocation = library.relocations.start;
    // The expected outcome, or `None` where the library's build decides
    // whether the damage matters (the host must survive either way).
    let mut cases: Vec<(&str, Vec<u8>, Option<&str>)> = vec![
        (
            "a loadable segment holding more than it maps",
            library.with(last_load + P_MEMSZ, library.field(last_load + P_FILESZ) / 2),
            Some("refused: ELF check"),
        ),
        (
            "the dynamic segment's address outside the image",
            library.with(dynamic + P_VADDR, 0x4000_0000_0000),
            Some("refused: ELF check"),
        ),
        (
            "a relocation writing far outside the image",
            library.with(first_relocation, 0x4000_0000_0000),
            Some("refused: trial load killed by a signal"),
        ),
    ];
    let mut zeroed = library.bytes.clone();
    zeroed[library.read_only.clone()].fill(0);
    cases.push(("the relocated read-only data zeroed", zeroed, None));
    for (what, bytes, expected) in cases {
        match try_mutant(&bytes) {
            Ok((outcome, _, _)) => assert!(
                expected.is_none_or(|expected| outcome == expected),
                "{what}: {outcome}, expected {expected:?}"
            ),
            Err(problem) => panic!("{what}: {problem}"),
        }
    }
}

#[test]
fn a_library_that_never_finishes_loading_is_given_up_on() {
    if !cfg!(target_os = "linux") {
        return;
    }
    let folder = util::plugins_folder(&[util::library("kalah")]);
    let hanging = folder.copy_in(&util::fixture("hanging-library"));
    let started = Instant::now();
    let list = run(util::host_command(folder.path(), &["--list"]));
    assert!(started.elapsed() < HUNG, "--list waited for the library");
    assert_eq!(
        list.status.and_then(|status| status.code()),
        Some(0),
        "{}",
        list.stderr
    );
    assert!(list.stdout.contains("kalah "), "{}", list.stdout);
    assert_eq!(
        list.stderr,
        format!(
            "warn: skipped {}: damaged library: a trial load did not finish within 2 s\n",
            hanging.display()
        )
    );
}

/// The parts of the library a seeded mutant damages.
const KINDS: [&str; 7] = [
    "ELF header",
    "program headers",
    "dynamic section",
    "relocations",
    "read-only data",
    "random flips",
    "zeroed range",
];

fn mutant(library: &Library, seed: u64) -> (&'static str, Vec<u8>) {
    let mut rng = SplitMix::new(seed);
    let kind = KINDS[rng.below(KINDS.len() as u64) as usize];
    let mut bytes = library.bytes.clone();
    let pick = |range: std::ops::Range<usize>, rng: &mut SplitMix| {
        range.start + rng.below((range.end - range.start) as u64) as usize
    };
    // One byte of a named part: replaced by any value, or one bit flipped.
    let part = match kind {
        "ELF header" => Some((0..64, true)),
        "program headers" => Some((library.program_headers.clone(), false)),
        "dynamic section" => Some((library.dynamic.clone(), true)),
        "relocations" => Some((library.relocations.clone(), false)),
        "read-only data" => Some((library.read_only.clone(), false)),
        _ => None,
    };
    match (part, kind) {
        (Some((range, replaced)), _) => {
            let at = pick(range, &mut rng);
            if replaced {
                bytes[at] = rng.below(256) as u8;
            } else {
                bytes[at] ^= 1 << rng.below(8);
            }
        }
        (None, "random flips") => {
            for _ in 0..1 + rng.below(8) {
                let at = pick(0..bytes.len(), &mut rng);
                bytes[at] ^= 1 << rng.below(8);
            }
        }
        (None, _) => {
            let at = pick(0..bytes.len(), &mut rng);
            let end = (at + 1 + rng.below(4096) as usize).min(bytes.len());
            bytes[at..end].fill(0);
        }
    }
    (kind, bytes)
}

/// `AWALE_MUTANTS` seeded mutants (40 by default), two at a time: none
/// takes the host down, aborts it or hangs it, every refusal is one line;
/// at most 2 in 1,000 crash a game of their own (with its line).
#[test]
fn seeded_mutants_never_take_the_host_down() {
    if !is_elf64_here() {
        return;
    }
    let count: u64 = std::env::var("AWALE_MUTANTS")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(40);
    let library = Library::read();
    let table = std::sync::Mutex::new(BTreeMap::<(&str, &str, &str, &str), u64>::new());
    let problems = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for worker in 0..2 {
            let (library, table, problems) = (&library, &table, &problems);
            scope.spawn(move || {
                for seed in (worker..count).step_by(2) {
                    let (kind, bytes) = mutant(library, seed);
                    match try_mutant(&bytes) {
                        Ok((outcome, people, computer)) => {
                            *table
                                .lock()
                                .expect("the table")
                                .entry((kind, outcome, people, computer))
                                .or_default() += 1;
                        }
                        Err(problem) => problems
                            .lock()
                            .expect("the problems")
                            .push(format!("mutant {seed} ({kind}): {problem}")),
                    }
                }
            });
        }
    });
    let table = table.into_inner().expect("the table");
    eprintln!(
        "{count} mutants of {}:",
        Path::new(&util::library("awale")).display()
    );
    eprintln!(
        "  {:<16} {:<40} {:<26} {:<26} mutants",
        "damaged part", "--list", "own game, people", "own game, computer"
    );
    for ((kind, outcome, people, computer), mutants) in &table {
        eprintln!("  {kind:<16} {outcome:<40} {people:<26} {computer:<26} {mutants}");
    }
    let crashed: u64 = table
        .iter()
        .filter(|((_, _, people, computer), _)| *people == CRASHED || *computer == CRASHED)
        .map(|(_, mutants)| mutants)
        .sum();
    eprintln!("  {crashed} of {count} crashed a game of their own (with its line)");
    let problems = problems.into_inner().expect("the problems");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert_eq!(table.values().sum::<u64>(), count);
    assert!(
        crashed <= 2 * count.div_ceil(1000),
        "{crashed} of {count} mutants crashed their own game"
    );
}
