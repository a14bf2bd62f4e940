//! `host VARIANT --endgames [SEEDS]`: builds the variant's endgame tables
//! into the user's cache folder, where its level 4 and reviews read them,
//! with a progress bar on standard error when it is a terminal; then prints
//! what the tables hold and their file (issue 18).
//!
//! Before building, the host estimates the build from the number of boards
//! ([`folders::endgame_boards`]) of the variant's board: tables that would
//! not fit this machine's available memory or the cache's free disk are
//! refused in one line with the largest size that fits, and an estimate of
//! a long build (time, memory, disk) is shown on standard error first. A
//! variant that says it has no tables is told so before any estimate.
//!
//! A variant's first game, when it offers tables that are not built, says
//! once how to build them and what it costs ([`first_game_note`]).

use std::io::Write;
use std::path::Path;
use std::sync::OnceLock;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};

use crate::cli::Cli;
use crate::loading::discovery::Installed;
use crate::util::failure::{plugin_failure, print, refused, Failure};
use crate::util::shown::shown;
use variant_api::folders;
use variant_api::{Player, Tables};

/// The builder's memory for each board of the largest level while it is
/// built (its exits and split, its predecessors' index, the values and
/// queues of the repetition game's solver), besides four bytes for each
/// hole (its children and its predecessors), and the three bytes of every
/// board of every level kept meanwhile (and on disk). Measured: 1.13 GB
/// for 16 seeds of Awalé, where this estimates 1.22 GB.
const BUILD_BYTES_PER_BOARD: u64 = 41;

/// The build time of one board, about (a 2-core machine, optimised plugin).
const BUILD_TIME_PER_BOARD: Duration = Duration::from_micros(2);

/// Builds shorter than this are not announced.
const ANNOUNCED: Duration = Duration::from_secs(2);

/// What building tables of a board of some holes up to some seeds takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Estimate {
    boards: u64,
    memory: u64,
    disk: u64,
    time: Duration,
}

impl Estimate {
    /// The estimate for `holes` holes and at most `seeds` seeds.
    fn of(holes: usize, seeds: u32) -> Estimate {
        let level = |seeds: u32| folders::endgame_boards(holes as u32, seeds);
        let boards: u64 = (0..=seeds).map(level).fold(0, u64::saturating_add);
        let disk = boards.saturating_mul(3);
        let per_board = BUILD_BYTES_PER_BOARD + 4 * holes as u64;
        let memory = level(seeds).saturating_mul(per_board).saturating_add(disk);
        let time = BUILD_TIME_PER_BOARD.saturating_mul(u32::try_from(boards).unwrap_or(u32::MAX));
        Estimate {
            boards,
            memory,
            disk,
            time,
        }
    }
}

/// Megabytes, rounded up, for a person.
fn megabytes(bytes: u64) -> u64 {
    bytes.div_ceil(1 << 20)
}

/// The memory this machine has available (`MemAvailable` of
/// `/proc/meminfo`), if it says.
fn available_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text
        .lines()
        .find(|line| line.starts_with("MemAvailable:"))?;
    let kilobytes: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kilobytes.saturating_mul(1024))
}

/// The free space of the file system of `folder` (or of its nearest
/// existing parent), if it says.
#[cfg(unix)]
fn free_disk(folder: &Path) -> Option<u64> {
    let existing = folder.ancestors().find(|folder| folder.is_dir())?;
    let stats = nix::sys::statvfs::statvfs(existing).ok()?;
    Some(
        stats
            .blocks_available()
            .saturating_mul(stats.fragment_size()),
    )
}

#[cfg(not(unix))]
fn free_disk(_folder: &Path) -> Option<u64> {
    None
}

/// Refuses tables of `seeds` seeds on a board of `holes` holes that would
/// not fit this machine (`memory` available, `disk` free), naming the
/// largest size that fits; else the estimate.
fn check_fits(
    holes: usize,
    seeds: u32,
    memory: Option<u64>,
    disk: Option<u64>,
) -> Result<Estimate, String> {
    let fits = |estimate: &Estimate| {
        memory.is_none_or(|memory| estimate.memory <= memory)
            && disk.is_none_or(|disk| estimate.disk <= disk)
    };
    let estimate = Estimate::of(holes, seeds);
    if fits(&estimate) {
        return Ok(estimate);
    }
    let largest = (0..seeds)
        .rev()
        .find(|&seeds| fits(&Estimate::of(holes, seeds)))
        .unwrap_or(0);
    let shown = |bytes: Option<u64>| bytes.map_or("?".to_owned(), |b| megabytes(b).to_string());
    Err(format!(
        "des tables de {seeds} graines prendraient environ {} Mo de mémoire et {} Mo de \
         disque, et cette machine a {} Mo disponibles et {} Mo libres : choisissez au plus \
         {largest} graines",
        megabytes(estimate.memory),
        megabytes(estimate.disk),
        shown(memory),
        shown(disk)
    ))
}

/// The bar the plugin's progress calls move: the progress function crosses
/// the library boundary as a plain function, with no context of its own.
static BAR: OnceLock<ProgressBar> = OnceLock::new();

extern "C" fn advanced(done: u64, all: u64) {
    if let Some(bar) = BAR.get() {
        bar.set_length(all);
        bar.set_position(done);
    }
}

/// Builds the tables of `variant` with the options of `cli` up to `seeds` seeds.
pub(crate) fn run(cli: &Cli, variant: &Installed, seeds: u32) -> Result<(), Failure> {
    let id = &variant.plugin.description().id;
    // A variant without tables says so at once, when the plugin can say.
    let offered = !matches!(
        variant.plugin.endgame_tables(&cli.settings),
        Ok(Tables::None)
    );
    // The board of a game with these options; options the plugin refuses
    // are its build's to refuse.
    let holes = variant
        .plugin
        .new_game(&cli.settings, Player(0))
        .and_then(|game| game.seeds())
        .map(|seeds| seeds.len());
    if let (true, Ok(holes @ 2..)) = (offered, holes) {
        let folder = folders::endgame_folder().unwrap_or_default();
        let estimate = check_fits(holes, seeds, available_memory(), free_disk(&folder))
            .map_err(|reason| refused(format!("{id} : {reason}")))?;
        if estimate.time >= ANNOUNCED {
            // A note for the person waiting, not a warning: on stderr as is.
            let _ = writeln!(
                std::io::stderr(),
                "{id} : tables de {seeds} graines : {} positions, environ {} s, {} Mo de \
                 mémoire, {} Mo sur le disque",
                estimate.boards,
                estimate.time.as_secs(),
                megabytes(estimate.memory),
                megabytes(estimate.disk)
            );
        }
    }
    let bar = BAR.get_or_init(|| {
        let bar = ProgressBar::new(1).with_message(format!("{id} : tables de fin de partie"));
        if let Ok(style) =
            ProgressStyle::with_template("{msg} [{elapsed_precise}] {wide_bar} {percent}%")
        {
            bar.set_style(style);
        }
        bar.enable_steady_tick(Duration::from_millis(500));
        bar
    });
    let built = variant
        .plugin
        .build_endgames(&cli.settings, seeds, advanced);
    bar.finish_and_clear();
    match built {
        Ok(Some(report)) => {
            let report: Vec<String> = report.lines().map(shown).collect();
            print(&format!("{}\n", report.join("\n")))
        }
        Ok(None) => Err(refused(format!("{id} n'a pas de tables de finales"))),
        Err(error) => Err(plugin_failure(
            id,
            error,
            "en construisant ses tables de fin de partie",
        )),
    }
}

/// What a variant's first game says when it offers endgame tables with
/// `settings` that are not built (`SPEC.md` §6): how to build them and
/// what it costs, in three lines within 80 columns; said once a variant
/// (a file of the tables' folder remembers it), `None` otherwise.
pub(crate) fn first_game_note(
    variant: &Installed,
    settings: &[(String, String)],
) -> Option<String> {
    if variant.plugin.endgame_tables(settings).ok()? != Tables::NotBuilt {
        return None;
    }
    let description = variant.plugin.description();
    let told = folders::endgame_folder()?.join(format!(".told-{}", description.id));
    if told.exists() {
        return None;
    }
    let holes = variant
        .plugin
        .new_game(settings, Player(0))
        .and_then(|game| game.seeds())
        .ok()?
        .len();
    let estimate = Estimate::of(holes, folders::wanted_endgame_seeds());
    // Said once: a folder or file that cannot be made only says it again.
    if let Some(folder) = told.parent() {
        let _ = std::fs::create_dir_all(folder).and_then(|()| std::fs::write(&told, ""));
    }
    let options: String = settings
        .iter()
        .map(|(key, value)| format!(" --set {key}={value}"))
        .collect();
    Some(format!(
        "{} a des tables de finales pour le niveau 4 et les conseils ;\n\
         `{} {}{options} --endgames` les construit, une fois\n\
         (environ {} s, {} Mo de mémoire, {} Mo de disque).",
        description.title,
        crate::cli::program::name(),
        description.id,
        estimate.time.as_secs().max(1),
        megabytes(estimate.memory),
        megabytes(estimate.disk)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_estimate_counts_every_board_of_every_level() {
        let estimate = Estimate::of(12, 16);
        assert_eq!(estimate.boards, 30_421_755, "C(28, 12)");
        assert_eq!(estimate.disk, 3 * 30_421_755);
        assert_eq!(estimate.memory, 13_037_895 * 89 + 3 * 30_421_755);
    }

    #[test]
    fn tables_beyond_the_memory_or_disk_are_refused_with_the_size_that_fits() {
        let gigabytes = 2 << 30;
        assert!(check_fits(12, 16, Some(gigabytes), Some(gigabytes)).is_ok());
        let refused = check_fits(12, 40, Some(gigabytes), None).expect_err("40 seeds");
        assert!(
            refused.ends_with("choisissez au plus 17 graines"),
            "{refused}"
        );
        let refused = check_fits(12, 16, None, Some(1 << 20)).expect_err("1 MB free");
        assert!(refused.contains("et 1 Mo libres"), "{refused}");
        assert!(check_fits(12, 40, None, None).is_ok(), "nothing known");
    }
}
