//! Endgame tables: the value under perfect play of every position with few
//! seeds on the board, for two-player games whose captured seeds leave the
//! board for good (the Awalé family).
//!
//! # What a table holds
//!
//! For every board with at most [`Table::max_seeds`] seeds and the player
//! whose row is the first half of the holes to move (the other player's
//! positions are the same boards turned round: the rules must treat both
//! rows alike), bounds of the final margin of the seeds still on the board,
//! from the mover's side: what the mover will still add to its score minus
//! what the other will, with both playing perfectly, when no position has
//! been met since the last capture (right after a capture, or at the
//! start). Built level by level of seed count, like Awari was solved: a
//! capture always leads to a lower level, already known; within a level the
//! repetition rule makes a game on the level's graph, solved exactly (see
//! the `build` module): most boards get one value, the others an interval.
//!
//! # The repetition rule and the history
//!
//! A game ends when a position comes back since the last capture, each
//! player taking the seeds of their own row (the position's *split*): the
//! value of a position depends on the positions played since the last
//! capture. The table's bounds are those of a position without such a
//! history; with one, a play may also stop at an earlier position that it
//! can reach again, so [`Table::bounds`] widens them to the splits of the
//! earlier positions of the same strongly connected component (the table
//! tags each board's): the bounds then hold for the game's real history,
//! and stay exact right after a capture and off the cycles.

//! # What it ignores
//!
//! The table plays every game to its end. A rule that stops a game early on
//! the scores alone (Awalé's « above 24 ») changes the margin but never the
//! winner (the player above half wins either way, whatever the rest of the
//! game), so the table's winner is exact; the margin is the one of the game
//! played to its end, which the game may never reach: from Awalé
//! `capture=backward` `N:1,2,2,3,1,0,0,0,0,0,1,2:23,13` the 16-seed table
//! gives NORD a loss by 6 (27–21 once the board is empty), but SUD's next
//! capture ends the game above 24 and every line loses by 10 or more
//! (29–19, issue 41). The table cannot know: it holds boards, not scores.
//! So a plugin whose game has such a rule reads a table's bounds as the
//! game's only where no score can pass the rule's line with the seeds left
//! on the board, and elsewhere keeps the winner alone
//! ([`Bounds::winner_only`]): an exact margin of the tables is then always
//! the game's, and the search looks for the margin itself.
//!
//! # Where tables live
//!
//! A plugin's [`Variant::build_endgames`] builds them with
//! [`build_into_cache`] when a person runs `host VARIANT --endgames
//! [SEEDS]`, into `$XDG_CACHE_HOME/awale/endgames/`; its
//! [`Variant::endgame_bounds`] reads them with [`cached`], once per
//! process. Nothing builds them unasked: the 16-seed tables take most of a
//! minute and 1.1 GB on two cores.

use std::fs;
use std::path::{Path, PathBuf};

use variant_api::folders;
use variant_api::{Inputs, Player, Turn, Variant};

mod build;
mod file;

/// A variant whose endgames can be tabled: two seats, captured seeds gone
/// for good, both rows ruled alike.
pub trait Tabled: Variant {
    /// The number of holes (both rows; the first half is the mover's row).
    const HOLES: usize;

    /// A game with this one's options at `pits` (index `n - 1` holds hole
    /// `n`), the player of the first half of the holes to move, no seed
    /// taken yet and no position before this one. Each of its moves is one
    /// decision ([`variant_api::Step::Completed`]).
    fn at(&self, pits: &[u8]) -> Self;

    /// The seeds in each hole, index `n - 1` for hole `n`, on the machine
    /// path (no allocation).
    fn pits(&self) -> &[u8];

    /// Calls `each` with the seeds of each hole and the player to move of
    /// every position met since the last capture before the current one,
    /// where a repetition could end the game; `false` if some of them
    /// cannot be given back (then every one may count). On the machine
    /// path: no allocation.
    fn each_earlier(&self, each: &mut dyn FnMut(&[u8], Player)) -> bool;
}

/// A lower and an upper bound of a position's value, in seeds, from the
/// mover's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// The mover gets at least this margin.
    pub low: i8,
    /// The mover gets at most this margin.
    pub high: i8,
}

impl Bounds {
    /// The value, where both bounds agree.
    pub fn exact(self) -> Option<i8> {
        (self.low == self.high).then_some(self.low)
    }

    /// What these bounds (a table's, for the game played to its end) say of
    /// a game that a rule may end earlier on the scores alone, where the
    /// mover leads by `lead` seeds with `seeds` seeds on the board: the
    /// winner only (see the crate docs, « What it ignores »). The mover will
    /// still add between `-seeds` and `seeds` to their lead; a win stays a
    /// win (a final margin of at least 1), a loss a loss, a draw a draw (the
    /// one margin still exact: 0), and bounds that allow no loss (no win)
    /// still do.
    pub fn winner_only(self, lead: i32, seeds: i32) -> Bounds {
        let (least, most) = (lead + i32::from(self.low), lead + i32::from(self.high));
        let mut low = -seeds;
        let mut high = seeds;
        match least.signum() {
            1 => low = low.max(1 - lead),
            0 => low = low.max(-lead),
            _ => {}
        }
        match most.signum() {
            -1 => high = high.min(-1 - lead),
            0 => high = high.min(-lead),
            _ => {}
        }
        let narrow = |rest: i32| rest.clamp(i32::from(i8::MIN), i32::from(i8::MAX)) as i8;
        Bounds {
            low: narrow(low),
            high: narrow(high.max(low)),
        }
    }
}

/// The tables of levels 0 to [`Table::max_seeds`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    holes: usize,
    /// `levels[n]`: the low bounds, the high bounds, then the component tags
    /// ([`Table::bounds`]) of each board of `n` seeds, by [`rank`].
    levels: Vec<Vec<i8>>,
}

/// How many boards of `holes` holes hold `seeds` seeds in all.
pub fn boards(holes: usize, seeds: usize) -> usize {
    folders::endgame_boards(holes as u32, seeds as u32) as usize
}

/// Binomial coefficients `C(n, k)` for `n < 96`, `k < 16`, read by [`rank`]
/// on the machine path.
const BINOMIALS: [[usize; 16]; 96] = {
    let mut table = [[0; 16]; 96];
    let mut n = 0;
    while n < 96 {
        table[n][0] = 1;
        let mut k = 1;
        while k < 16 && k <= n {
            table[n][k] = table[n - 1][k - 1] + table[n - 1][k];
            k += 1;
        }
        n += 1;
    }
    table
};

fn binomial(n: usize, k: usize) -> usize {
    if k > n {
        return 0;
    }
    if n < 96 && k < 16 {
        return BINOMIALS[n][k];
    }
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// The index of `pits` among the boards of its seed count: the
/// combinatorial number system over the places of the bars between holes.
pub fn rank(pits: &[u8]) -> usize {
    let mut index = 0;
    let mut place = 0;
    for (bar, &seeds) in pits[..pits.len() - 1].iter().enumerate() {
        place += usize::from(seeds);
        index += binomial(place + bar, bar + 1);
    }
    index
}

/// Sets `pits` to the board of `seeds` seeds whose [`rank`] is `index`
/// (below [`boards`]).
pub fn unrank(mut index: usize, seeds: usize, pits: &mut [u8]) {
    let bars = pits.len() - 1;
    // The place of each bar among seeds and bars, from the last one: the
    // largest whose binomial fits what is left of the index.
    let mut above = seeds + bars;
    for bar in (0..bars).rev() {
        let mut place = above - 1;
        while binomial(place, bar + 1) > index {
            place -= 1;
        }
        index -= binomial(place, bar + 1);
        pits[bar + 1] = (above - place - 1) as u8;
        above = place;
    }
    pits[0] = above as u8;
}

/// Turns `pits` into the next board of the same seed count and holes, in
/// an order that starts with every seed in the first hole and visits each
/// board once; `false` after the last.
pub fn next_board(pits: &mut [u8]) -> bool {
    let last = pits.len() - 1;
    let Some(i) = (0..last).rev().find(|&i| pits[i] > 0) else {
        return false;
    };
    let carried = pits[last];
    pits[last] = 0;
    pits[i] -= 1;
    pits[i + 1] = carried + 1;
    true
}

/// `pits` seen by the other player: the second row first.
fn turned(pits: &[u8], into: &mut [u8]) {
    let half = pits.len() / 2;
    into[..half].copy_from_slice(&pits[half..]);
    into[half..].copy_from_slice(&pits[..half]);
}

impl Table {
    /// Builds the tables of the rules of `template` (its options), up to
    /// `max_seeds` seeds on the board, on every core this process may use;
    /// `progress(level)` is called as each level is done.
    pub fn build<V: Tabled>(template: &V, max_seeds: usize, progress: impl FnMut(usize)) -> Table {
        Table::build_on(template, max_seeds, build::every_core(), progress)
    }

    /// [`Table::build`] on `threads` threads (at least one): the same
    /// table, byte for byte, whatever their number.
    pub fn build_on<V: Tabled>(
        template: &V,
        max_seeds: usize,
        threads: usize,
        mut progress: impl FnMut(usize),
    ) -> Table {
        let threads = threads.max(1);
        let mut table = Table {
            holes: V::HOLES,
            levels: Vec::with_capacity(max_seeds + 1),
        };
        for seeds in 0..=max_seeds {
            let level = table.build_level(template, seeds, threads);
            table.levels.push(level);
            progress(seeds);
        }
        table
    }

    /// The largest seed count the table covers.
    pub fn max_seeds(&self) -> usize {
        self.levels.len().saturating_sub(1)
    }

    /// The bounds of `pits` with `mover` to move (`Player::SUD` owns the first
    /// half of the holes), or `None` beyond the table. Allocation-free.
    pub fn probe(&self, pits: &[u8], mover: Player) -> Option<Bounds> {
        let (level, index) = self.place(pits, mover)?;
        let count = level.len() / 3;
        Some(Bounds {
            low: level[index],
            high: level[count + index],
        })
    }

    /// The level of `pits` and its rank there, seen by `mover`.
    fn place(&self, pits: &[u8], mover: Player) -> Option<(&[i8], usize)> {
        let level = self.levels.get(seeds_on(pits))?;
        if pits.len() != self.holes || self.holes > 64 {
            return None;
        }
        let index = if mover == Player::SUD {
            rank(pits)
        } else {
            let mut own = [0u8; 64];
            turned(pits, &mut own[..self.holes]);
            rank(&own[..self.holes])
        };
        Some((level, index))
    }

    /// The tag of the strongly connected component of `pits` with `mover`
    /// to move, among the moves that take nothing: 0 where no play comes
    /// back to it, otherwise equal for every position of one component.
    fn component(&self, pits: &[u8], mover: Player) -> Option<u8> {
        let (level, index) = self.place(pits, mover)?;
        Some(level[2 * (level.len() / 3) + index] as u8)
    }

    /// The bounds of `game`'s position for the player to move, with its
    /// real history: the table's, widened to the splits of the positions
    /// met since the last capture that a play from here could meet again
    /// ([`Tabled::each_earlier`]). Each of them reaches this position, so
    /// only those of its strongly connected component can come back; the
    /// table tags each board's component, and a position whose tag differs
    /// (or is 0, on no cycle) is left out. `None` beyond the table or when
    /// the game is over. Allocation-free.
    pub fn bounds<V: Tabled>(&self, game: &V) -> Option<Bounds> {
        let mover = game.turn().player()?;
        let pits = game.pits();
        let fresh = self.probe(pits, mover)?;
        let here = self.component(pits, mover)?;
        if here == 0 {
            return Some(fresh);
        }
        let half = pits.len() / 2;
        let (mut low, mut high) = (fresh.low, fresh.high);
        let known = game.each_earlier(&mut |earlier, player| {
            let (first, second) = earlier.split_at(half);
            let sum = |row: &[u8]| row.iter().map(|&s| i32::from(s)).sum::<i32>();
            let split = sum(first) - sum(second);
            let split = if mover == Player::SUD { split } else { -split };
            let split = split.clamp(i32::from(i8::MIN), i32::from(i8::MAX)) as i8;
            // A split within the bounds widens nothing: its component is
            // not read (the search probes long histories at every node).
            if (split < low || split > high) && self.component(earlier, player) == Some(here) {
                low = low.min(split);
                high = high.max(split);
            }
        });
        if !known {
            // Positions the game cannot give back: any of them may come back.
            let seeds: i32 = pits.iter().map(|&s| i32::from(s)).sum();
            let seeds = seeds.min(i32::from(i8::MAX)) as i8;
            return Some(Bounds {
                low: low.min(-seeds),
                high: high.max(seeds),
            });
        }
        Some(Bounds { low, high })
    }

    /// How many positions of level `seeds` are exact, how many have a known
    /// winner (both bounds on one side of 0, or both 0), and how many there are.
    pub fn counts(&self, seeds: usize) -> (usize, usize, usize) {
        let level = &self.levels[seeds];
        let count = level.len() / 3;
        let (lows, rest) = level.split_at(count);
        let highs = &rest[..count];
        let exact = lows.iter().zip(highs).filter(|(l, h)| l == h).count();
        let decided = lows
            .iter()
            .zip(highs)
            .filter(|&(&l, &h)| l > 0 || h < 0 || (l == 0 && h == 0))
            .count();
        (exact, decided, count)
    }

    /// [`input_bounds`] by this table, with the game's history
    /// ([`Table::bounds`]).
    pub fn input_bounds<V: Tabled>(&self, game: &V) -> Option<Vec<(u32, i32, i32)>> {
        input_bounds(game, |child| self.bounds(child))
    }

    /// A table for a person to read, in French, one line per level under a header:
    /// its seeds, its positions, and the shares that are exact and whose
    /// winner is known.
    pub fn summary(&self) -> String {
        let mut text = format!(
            "{:>7}  {:>12}  {:>8}  {:>14}\n",
            "graines", "positions", "exactes", "gagnant connu"
        );
        for level in 0..self.levels.len() {
            let (exact, decided, all) = self.counts(level);
            let share = |n: usize| format!("{:.1}%", 100.0 * n as f64 / all as f64);
            text.push_str(&format!(
                "{level:>7}  {all:>12}  {:>8}  {:>14}\n",
                share(exact),
                share(decided)
            ));
        }
        text
    }
}

/// The seeds on a board (index `n - 1` for hole `n`): the level it is in.
pub fn seeds_on(pits: &[u8]) -> usize {
    pits.iter().map(|&s| usize::from(s)).sum()
}

/// `player`'s score minus the other's, in seeds.
pub fn lead<V: Variant>(game: &V, player: Player) -> i32 {
    variant_api::lead(game.scores(), player) / 100
}

/// For each accepted input of `game`, in order, the lowest and highest
/// margin the player to move will still add: the move's gains, then the
/// position it leads to as `bounds` puts it (from that position's mover's
/// side, with its history); `None` where `bounds` cannot judge every
/// input. For the person path (a review, a measurement).
pub fn input_bounds<V: Variant>(
    game: &V,
    bounds: impl Fn(&V) -> Option<Bounds>,
) -> Option<Vec<(u32, i32, i32)>> {
    let me = game.turn().player()?;
    let mut inputs = Inputs::default();
    game.legal_inputs(&mut inputs);
    let mut values = Vec::with_capacity(inputs.len());
    for &input in inputs.as_slice() {
        let mut child = game.clone();
        child.play(input).ok()?;
        let gained = lead(&child, me) - lead(game, me);
        let (low, high) = match child.turn() {
            Turn::Over(_) => (gained, gained),
            Turn::Decide { player, .. } => {
                let rest = bounds(&child)?;
                let (low, high) = (i32::from(rest.low), i32::from(rest.high));
                if player == me {
                    (gained + low, gained + high)
                } else {
                    (gained - high, gained - low)
                }
            }
        };
        values.push((input, low, high));
    }
    Some(values)
}

/// The file of the table called `name` (the variant and its options) with
/// `max_seeds` seeds, in `folder`.
pub fn table_path(folder: &Path, name: &str, max_seeds: usize) -> PathBuf {
    folder.join(format!("{name}-{max_seeds}.table"))
}

/// The seeds of the tables a plugin reads ([`folders::wanted_endgame_seeds`]).
pub fn wanted_seeds() -> usize {
    folders::wanted_endgame_seeds() as usize
}

/// The seeds on the board of the tables read unless `AWALE_ENDGAME_SEEDS`
/// names another size ([`folders::DEFAULT_ENDGAME_SEEDS`]).
pub const DEFAULT_SEEDS: usize = folders::DEFAULT_ENDGAME_SEEDS as usize;
/// The most seeds on the board a table may cover ([`folders::MAX_ENDGAME_SEEDS`]).
pub const MAX_SEEDS: usize = folders::MAX_ENDGAME_SEEDS as usize;

/// The table called `name` of [`wanted_seeds`] seeds from the user's cache,
/// if it was built (and is whole). A table that is there but damaged (cut
/// short, a byte changed) is not used, and said on standard error in one
/// line with the command that builds it again, `rebuild` (`awale awale
/// --endgames`): a plugin reads its table once, so it is said once.
pub fn cached(name: &str, holes: usize, rebuild: &str) -> Option<Table> {
    let seeds = wanted_seeds();
    let path = table_path(&folders::endgame_folder()?, name, seeds);
    match Table::read(&path, name, holes, seeds) {
        Ok(table) => table,
        Err(Damaged) => {
            let file = path.file_name().unwrap_or_default().to_string_lossy();
            // Two lines, each within 80 columns whatever the options.
            eprintln!("Table de finales {file} abîmée :\n`{rebuild}` la refait.");
            None
        }
    }
}

/// A table file that is there but is not the whole table it should be
/// (cut short, grown, corrupted anywhere): see [`Table::read`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Damaged;

/// Whether the table called `name` of [`wanted_seeds`] seeds is in the
/// user's cache (a file there; [`cached`] reads and checks it).
pub fn built(name: &str) -> bool {
    folders::endgame_folder()
        .is_some_and(|folder| table_path(&folder, name, wanted_seeds()).is_file())
}

/// Builds the table called `name` of the rules of `template` up to `seeds`
/// seeds, calling `progress(done, all)` after each level with the boards
/// of the levels done and of all levels (the last levels are the longest),
/// and writes it into the user's cache, where [`cached`] reads it; returns
/// it and its file.
pub fn build_into_cache<V: Tabled>(
    template: &V,
    name: &str,
    seeds: usize,
    mut progress: impl FnMut(u64, u64),
) -> Result<(Table, PathBuf), String> {
    let folder = folders::endgame_folder()
        .ok_or("ni XDG_CACHE_HOME ni HOME ne sont définis : où écrire les tables ?")?;
    let boards_of = |level: usize| boards(V::HOLES, level) as u64;
    let all: u64 = (0..=seeds).map(boards_of).sum();
    let mut done = 0;
    let table = Table::build(template, seeds, |level| {
        done += boards_of(level);
        progress(done, all);
    });
    let path = table_path(&folder, name, seeds);
    table.save(&path, name).map_err(|error| {
        format!(
            "impossible d'écrire {} : {}",
            path.display(),
            folders::system_error(&error)
        )
    })?;
    Ok((table, path))
}

/// What a plugin's [`Variant::build_endgames`] reports: the
/// table's [`Table::summary`], then its file and size, and how to use it
/// when it is not the size the plugin reads.
pub fn report(table: &Table, path: &Path) -> String {
    let size = fs::metadata(path).map(|m| m.len()).unwrap_or(0);
    let mut report = format!("{}{} : {size} octets\n", table.summary(), path.display());
    let (built, read) = (table.max_seeds(), wanted_seeds());
    if built != read {
        report.push_str(&format!(
            "le niveau 4 et les revues lisent la table de {read} graines : \
             AWALE_ENDGAME_SEEDS={built} leur fait lire celle-ci\n"
        ));
    }
    report
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_number_the_boards_of_a_level_from_0_without_gaps() {
        for seeds in 0..=5 {
            let mut pits = [0u8; 6];
            pits[0] = seeds;
            let mut seen = vec![false; boards(6, usize::from(seeds))];
            loop {
                let index = rank(&pits);
                assert!(!seen[index], "{pits:?} shares its rank");
                seen[index] = true;
                if !next_board(&mut pits) {
                    break;
                }
            }
            assert!(seen.iter().all(|&s| s), "level {seeds} has gaps");
        }
    }

    #[test]
    fn unrank_gives_back_the_board_of_each_rank() {
        for seeds in 0..=6 {
            let mut pits = [0u8; 8];
            pits[0] = seeds;
            let mut found = [0u8; 8];
            loop {
                unrank(rank(&pits), usize::from(seeds), &mut found);
                assert_eq!(found, pits);
                if !next_board(&mut pits) {
                    break;
                }
            }
        }
    }

    #[test]
    fn boards_counts_stars_and_bars() {
        assert_eq!(boards(12, 0), 1);
        assert_eq!(boards(12, 1), 12);
        assert_eq!(boards(12, 16), 13_037_895);
    }

    #[test]
    fn winner_only_keeps_the_winner_and_leaves_the_margin_open() {
        let bounds = |low, high| Bounds { low, high };
        // NORD at 13 against 23, 12 seeds left: the table's loss by 6.
        assert_eq!(bounds(4, 4).winner_only(-10, 12), bounds(-12, 9));
        // A win of the mover: at least 1 in the end.
        assert_eq!(bounds(-2, -2).winner_only(5, 6), bounds(-4, 6));
        // A draw stays exact.
        assert_eq!(bounds(-3, -3).winner_only(3, 8), bounds(-3, -3));
        // No loss, winner unknown: at least a draw.
        assert_eq!(bounds(0, 4).winner_only(0, 8), bounds(0, 8));
        // Nothing known of the winner: every rest.
        assert_eq!(bounds(-2, 2).winner_only(0, 8), bounds(-8, 8));
    }

    #[test]
    fn exact_only_when_both_bounds_meet() {
        assert_eq!(Bounds { low: 2, high: 2 }.exact(), Some(2));
        assert_eq!(Bounds { low: 1, high: 2 }.exact(), None);
    }
}
