//! `host VARIANT --bench GAMES`: the speed of a variant on the machine path
//! (whose decision, the accepted inputs, play, the outcome) through the
//! stable ABI, with uniformly random accepted inputs, and the speed of its
//! computer player (`SPEC.md` §2).
//!
//! Where a decision's time goes (`awale --set capture=backward`, issue 18).
//! Callgrind first: the rules' `play` with its repetition filter, and small
//! kit and model functions not inlined across the crate boundary (marked
//! `#[inline]` since). Then `perf` on this loop, at 68 to 73 ns a
//! decision, found five costs outside the rules' own work, each removed:
//! a new game's options read and checked once a game (now a clone of a
//! starting position, 8 ns); the host's `Game` wrappers not inlined (4 ns);
//! a 64-bit division to draw the input (`SplitMix::index` multiplies, 3 ns);
//! a `Gains` built by a store at the player's index, read back whole (a
//! store-forwarding stall, 3 to 5 ns); and Awalé's legal inputs found by a
//! branch on each hole, mispredicted on random positions
//! (`Inputs::push_if`, 7 ns).
//! What is left, about 49 ns: `play` about half, the stable-ABI calls
//! (three a decision) and their result conversions about a fifth.

use std::time::{Duration, Instant};

use variant_api::rng::SplitMix;
use variant_api::{Inputs, Player, Plugin, PluginError, Think, Turn};

use crate::cli::Cli;
use crate::loading::discovery::Installed;
use crate::util::failure::{plugin_failure, print, Failure};

/// What a bench measured.
#[derive(Debug, Default, PartialEq)]
pub(crate) struct Figures {
    /// Games played to their end.
    pub(crate) games: u64,
    /// Decisions played in all games.
    pub(crate) decisions: u64,
    /// Time spent in the games.
    pub(crate) elapsed: Duration,
}

/// Plays `games` games of random accepted inputs, the first seat turning
/// round the `seats`; the same `seed` plays the same games. Each game is a
/// clone of a starting position made once per first seat, as a search
/// copies the positions it explores: the options are read once, not once a
/// game.
pub(crate) fn random_games(
    plugin: &Plugin,
    settings: &[(String, String)],
    seats: usize,
    games: u64,
    seed: u64,
) -> Result<Figures, PluginError> {
    let starts = (0..seats.max(1))
        .map(|seat| plugin.new_game(settings, Player(seat as u8)))
        .collect::<Result<Vec<_>, _>>()?;
    let mut rng = SplitMix::new(seed);
    let mut inputs = Inputs::new();
    let mut figures = Figures::default();
    let start = Instant::now();
    for number in 0..games {
        let mut game = starts[(number % starts.len() as u64) as usize].clone();
        while let Turn::Decide { .. } = game.turn()? {
            game.legal_inputs(&mut inputs)?;
            let choice = inputs.as_slice()[rng.index(inputs.len())];
            game.play(choice)?;
            figures.decisions += 1;
        }
        figures.games += 1;
    }
    figures.elapsed = start.elapsed();
    Ok(figures)
}

/// `awale: 10000 games, 1071234 decisions, 620 ns/decision, 15526 games/s`
pub(crate) fn games_line(id: &str, figures: &Figures) -> String {
    let nanos = figures.elapsed.as_nanos().max(1);
    let per_decision = nanos / u128::from(figures.decisions.max(1));
    let per_second = u128::from(figures.games) * 1_000_000_000 / nanos;
    format!(
        "{id}: {} games, {} decisions, {per_decision} ns/decision, {per_second} games/s",
        figures.games, figures.decisions
    )
}

/// The computer player's search speed: one level-4 decision from the
/// starting position, thinking `budget`.
pub(crate) fn engine_line(
    id: &str,
    plugin: &Plugin,
    settings: &[(String, String)],
    budget: Duration,
    threads: u32,
    seed: u64,
) -> Result<String, PluginError> {
    let game = plugin.new_game(settings, Player(0))?;
    let start = Instant::now();
    let thought = game.think(Think {
        level: 4,
        budget_ms: u32::try_from(budget.as_millis()).unwrap_or(u32::MAX),
        threads,
        seed,
    })?;
    let seconds = start.elapsed().as_secs_f64().max(1e-9);
    Ok(format!(
        "{id}: engine {} nodes in {seconds:.2} s, {:.0} nodes/s",
        thought.nodes,
        thought.nodes as f64 / seconds
    ))
}

/// `--bench GAMES`: the two lines of `SPEC.md` §2.
pub(crate) fn run(cli: &Cli, variant: &Installed, games: u64) -> Result<(), Failure> {
    let id = &variant.plugin.description().id;
    let seats = variant
        .plugin
        .seats(&cli.settings)
        .map_err(|error| plugin_failure(id, error, "en nommant ses places"))?;
    let seed = cli.seed.unwrap_or(0);
    let figures = random_games(&variant.plugin, &cli.settings, seats.len(), games, seed)
        .map_err(|error| plugin_failure(id, error, "en jouant"))?;
    let budget = Duration::from_secs_f64(cli.think().min(1.0));
    let engine = engine_line(
        id,
        &variant.plugin,
        &cli.settings,
        budget,
        cli.threads(),
        seed,
    )
    .map_err(|error| plugin_failure(id, error, "en réfléchissant"))?;
    print(&format!("{}\n{engine}\n", games_line(id, &figures)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_games_line_has_the_form_of_the_spec() {
        let figures = Figures {
            games: 10_000,
            decisions: 1_071_234,
            elapsed: Duration::from_nanos(620 * 1_071_234),
        };
        assert_eq!(
            games_line("awale", &figures),
            "awale: 10000 games, 1071234 decisions, 620 ns/decision, 15056 games/s"
        );
    }
}
