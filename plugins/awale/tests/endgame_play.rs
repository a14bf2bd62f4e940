//! Level 4 plays by the endgame tables: tables of up to 8 seeds built once
//! into a private cache folder, which the plugin reads (its tables are read
//! once per process: these tests run in a process of their own).
//!
//! - Where the tables of d6feff9 knew only intervals (issue 26): boards of
//!   5 to 8 seeds (`data/intervals-d6feff9.txt`) where today's know every
//!   input's value exactly, with a choice that matters, the engine's input
//!   is the table's best, on the first 40.
//! - With a real history (issue 36): along seeded random lines replayed
//!   from boards of 8 seeds, where every input's value is exact for the
//!   line's history, level 4 plays one of the best margin; and where the
//!   position's own bounds prove an input below what perfect play keeps,
//!   though that input's bounds overlap the others' (its own history
//!   widened them), level 4 never plays it.

use std::sync::OnceLock;

use awale::Awale;
use variant_endgame::{Table, Tabled};
use variant_engine as engine;
use variant_kit::rng::SplitMix;
use variant_kit::{Player, Think, Variant};
use variant_testing::new_game;

const SEEDS: usize = 8;

/// The tables of up to [`SEEDS`] seeds, `capture=both`, built once and read
/// by the plugin before their folder is removed.
fn tables() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| {
        let cache = std::env::temp_dir().join(format!("awale-endgames-{}", std::process::id()));
        std::env::set_var("XDG_CACHE_HOME", &cache);
        std::env::set_var("AWALE_ENDGAME_SEEDS", SEEDS.to_string());
        let (table, _) = awale::build_endgames("both", SEEDS, |_, _| {}).expect("tables written");
        // The plugin reads its table at its first question, once.
        let probe = template().at(&[1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0]);
        assert!(
            probe.endgame_bounds().is_some(),
            "the plugin reads the tables"
        );
        let _ = std::fs::remove_dir_all(&cache);
        table
    })
}

fn template() -> Awale {
    new_game(&[], Player::SUD)
}

/// Level 4 with the least time (1 ms): what these tests ask of it is done
/// before its clock counts or needs no search (every input known exactly
/// by the tables, or the inputs the tables leave out at the root).
fn level_4_input(game: &Awale) -> u32 {
    let request = Think {
        level: 4,
        budget_ms: 1,
        threads: 1,
        seed: 0,
    };
    engine::think(game, request).input
}

#[test]
fn level_4_plays_the_tables_best_move() {
    let table = tables();
    let template = template();
    let boards = include_str!("data/intervals-d6feff9.txt");
    let mut checked = 0;
    for line in boards.lines().filter(|line| !line.starts_with('#')) {
        let pits: Vec<u8> = line
            .split_whitespace()
            .map(|seeds| seeds.parse().expect("a seed count"))
            .collect();
        let game = template.at(&pits);
        let Some(values) = exact_values(&game, table) else {
            continue;
        };
        let best = values.iter().map(|&(_, v)| v).max();
        let worst = values.iter().map(|&(_, v)| v).min();
        if best != worst && checked < 40 {
            let input = level_4_input(&game);
            let played = values.iter().find(|&&(i, _)| i == input).map(|&(_, v)| v);
            assert_eq!(played, best, "{pits:?}: {values:?}, played {input}");
            checked += 1;
        }
    }
    assert_eq!(checked, 40, "positions checked");
}

/// Each input's exact margin for the mover by the table, with the game's
/// history, or `None` if one of them is not exact.
fn exact_values(game: &Awale, table: &Table) -> Option<Vec<(u32, i32)>> {
    let values = table.input_bounds(game)?;
    if values.len() < 2 || values.iter().any(|&(_, low, high)| low != high) {
        return None;
    }
    Some(
        values
            .into_iter()
            .map(|(input, low, _)| (input, low))
            .collect(),
    )
}

/// Calls `check` at each decision along a seeded random line of up to
/// eight plies from every `step`-th board of [`SEEDS`] seeds, SUD to move:
/// the lines are records replayed, each position with its real history.
fn along_random_lines(step: usize, mut check: impl FnMut(&Awale)) {
    let template = template();
    let mut rng = SplitMix::new(36);
    let mut pits = [0u8; 12];
    pits[0] = SEEDS as u8;
    let mut board = 0;
    loop {
        if board % step == 0 {
            variant_testing::along_random_line(template.at(&pits), 8, &mut rng, &mut check);
        }
        board += 1;
        if !variant_endgame::next_board(&mut pits) {
            break;
        }
    }
}

#[test]
fn with_a_real_history_level_4_plays_a_best_margin_where_every_input_is_exact() {
    let table = tables();
    let mut checked = 0;
    along_random_lines(97, |game| {
        let Some(values) = exact_values(game, table) else {
            return;
        };
        let best = values.iter().map(|&(_, v)| v).max();
        if values.iter().all(|&(_, v)| Some(v) == best) {
            return;
        }
        let input = level_4_input(game);
        let played = values.iter().find(|&&(i, _)| i == input).map(|&(_, v)| v);
        assert_eq!(
            played,
            best,
            "{:?} with its history: {values:?}, played {input}",
            game.pits()
        );
        checked += 1;
    });
    assert!(checked >= 30, "only {checked} positions checked");
}

#[test]
fn level_4_never_plays_an_input_below_what_the_position_keeps() {
    let table = tables();
    let mut checked = 0;
    along_random_lines(389, |game| {
        let Some(values) = table.input_bounds(game) else {
            return;
        };
        let kept = table.bounds(game).expect("within the table").low;
        let kept = i32::from(kept);
        let best_low = values.iter().map(|&(_, low, _)| low).max();
        // Only where an input below `kept` is not below another input's
        // least margin: there the inputs' bounds alone do not show it.
        let hidden = |&&(_, _, high): &&(u32, i32, i32)| high < kept && Some(high) >= best_low;
        if !values.iter().any(|value| hidden(&value)) {
            return;
        }
        let input = level_4_input(game);
        let played = values.iter().find(|&&(i, _, _)| i == input);
        assert!(
            played.is_some_and(|&(_, _, high)| high >= kept),
            "{:?} with its history keeps {kept}: {values:?}, played {input}",
            game.pits()
        );
        checked += 1;
    });
    assert!(checked >= 20, "only {checked} positions checked");
}
