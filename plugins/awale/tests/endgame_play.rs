//! Level 4 plays the endgame table's move where the tables of d6feff9 knew
//! only intervals (issue 26): tables of up to 8 seeds built into a private
//! cache folder, then boards of 5 to 8 seeds where the old tables left some
//! input's value an interval (`data/intervals-d6feff9.txt`) and where
//! today's know every input's value exactly, with a choice that matters:
//! the engine's input checked against the table, on the first 40.
//!
//! One test in its own process: it sets the cache folder for the plugin.

use awale::Awale;
use variant_endgame::Tabled;
use variant_engine as engine;
use variant_kit::{Player, Think};
use variant_testing::new_game;

const SEEDS: usize = 8;

#[test]
fn level_4_plays_the_tables_best_move() {
    let cache = std::env::temp_dir().join(format!("awale-endgames-{}", std::process::id()));
    std::env::set_var("XDG_CACHE_HOME", &cache);
    std::env::set_var("AWALE_ENDGAME_SEEDS", SEEDS.to_string());
    let (table, _) = awale::build_endgames("both", SEEDS, |_, _| {}).expect("tables written");
    let template: Awale = new_game(&[], Player::SUD);
    let boards = include_str!("data/intervals-d6feff9.txt");
    let mut checked = 0;
    for line in boards.lines().filter(|line| !line.starts_with('#')) {
        let pits: Vec<u8> = line
            .split_whitespace()
            .map(|seeds| seeds.parse().expect("a seed count"))
            .collect();
        let game = template.at(&pits);
        let Some(values) = exact_values(&game, &table) else {
            continue;
        };
        let best = values.iter().map(|&(_, v)| v).max();
        let worst = values.iter().map(|&(_, v)| v).min();
        if best != worst && checked < 40 {
            let request = Think {
                level: 4,
                budget_ms: 1,
                threads: 1,
                seed: 0,
            };
            let input = engine::think(&game, request).input;
            let played = values.iter().find(|&&(i, _)| i == input).map(|&(_, v)| v);
            assert_eq!(played, best, "{pits:?}: {values:?}, played {input}");
            checked += 1;
        }
    }
    let _ = std::fs::remove_dir_all(&cache);
    assert_eq!(checked, 40, "positions checked");
}

/// Each input's exact margin for the mover by the table, or `None` if one
/// of them is not exact.
fn exact_values(game: &Awale, table: &variant_endgame::Table) -> Option<Vec<(u32, i32)>> {
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
