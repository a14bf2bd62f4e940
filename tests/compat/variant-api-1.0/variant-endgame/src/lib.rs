//! Endgame tables: the value under perfect play of every position with few
//! seeds on the board, for two-player games whose captured seeds leave the
//! board for good (the Awalé family).
//!
//! # What a table holds
//!
//! For every board with at most [`Table::max_seeds`] seeds and the player
//! whose row is the first half of the holes to move (the other player's
//! positions are the same boards turned round: the rules must treat both
//! rows alike), the final margin of the seeds still on the board, from the
//! mover's side: what the mover will still add to its score minus what the
//! other will, with both playing perfectly. Built level by level of seed
//! count, like Awari was solved: a capture always leads to a lower level,
//! already known; within a level the values are found by iterating to a
//! fixed point.
//!
//! # The repetition rule, soundly
//!
//! A game ends when a position comes back since the last capture, each
//! player taking the seeds of their own row: the value of a position then
//! depends on the positions played since the last capture. The table keeps,
//! for each position, a lower and an upper bound that hold *whatever* that
//! history. Writing `split(p)` for the own-row split of `p` and `best(p)` for
//! the best move's value (the gains of the move minus the value of the
//! position it leads to), the value of `p` reached again is `split(p)`, and
//! of `p` reached for the first time `best(p)`. The iteration starts from
//! `[-n, n]` and narrows, for every position of the level at once:
//!
//! - `again(p) = [min(split(p), lo best(p)), max(split(p), hi best(p))]`,
//!   the bounds of a position that the history may already hold;
//! - `best(p)` is taken over the moves, a capture's child read from the
//!   lower level's first-time bounds (a capture empties the history), a
//!   child in the same level from its `again` bounds.
//!
//! Every step keeps each true value inside its bounds, so the fixed point
//! does too. A probe asks about a position being played, which the history
//! does not hold yet: its answer is `best(p)`, exact where the two bounds
//! meet ([`Bounds::exact`]), and an interval otherwise.
//!
//! # What it ignores
//!
//! The table plays every game to its end. A rule that stops a game early on
//! the scores alone (Awalé's « above 24 ») changes the margin but never the
//! winner (the player above half wins either way), so the table's winner is
//! exact; the margin is the one of the game played to its end.
//!
//! # Where tables live
//!
//! A plugin's [`Variant::build_endgames`] builds them with
//! [`build_into_cache`] when a person runs `host VARIANT --endgames
//! [SEEDS]`, into `$XDG_CACHE_HOME/awale/endgames/`; its
//! [`Variant::endgame_bounds`] reads them with [`cached`], once per
//! process. Nothing builds them unasked: the 16-seed tables take most of a
//! minute and 722 MB.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use variant_api::folders;
use variant_api::{Inputs, Player, Step, Turn, Variant};

/// A variant whose endgames can be tabled: two seats, captured seeds gone
/// for good, both rows ruled alike.
pub trait Tabled: Variant {
    /// The number of holes (both rows; the first half is the mover's row).
    const HOLES: usize;

    /// A game with this one's options at `pits` (index `n - 1` holds hole
    /// `n`), the player of the first half of the holes to move, no seed
    /// taken yet and no position before this one. Each of its moves is one
    /// decision ([`Step::Completed`]).
    fn at(&self, pits: &[u8]) -> Self;

    /// The seeds in each hole, index `n - 1` for hole `n`, on the machine
    /// path (no allocation).
    fn pits(&self) -> &[u8];
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
}

/// The tables of levels 0 to [`Table::max_seeds`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    holes: usize,
    /// `levels[n]`: low bounds then high bounds of each board of `n` seeds,
    /// by [`rank`].
    levels: Vec<Vec<i8>>,
}

/// How many boards of `holes` holes hold `seeds` seeds in all.
pub fn boards(holes: usize, seeds: usize) -> usize {
    binomial(seeds + holes - 1, holes - 1)
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

/// One move of a position: where it leads.
enum Child {
    /// The game ended: the mover's final margin.
    Over(i32),
    /// A capture: the gains' margin, then the lower position (its level
    /// and rank, and whether the same player moves again there).
    Lower {
        margin: i32,
        level: usize,
        index: usize,
        again: bool,
    },
    /// No seed taken: the position of the same level, its rank with
    /// [`SAME_MOVER`] set when the same player moves again there.
    Same(u32),
}

/// Marks a child in the same level where the mover moves again (the other
/// player had to pass).
const SAME_MOVER: u32 = 1 << 31;

impl Table {
    /// Builds the tables of the rules of `template` (its options), up to
    /// `max_seeds` seeds on the board; `progress(level)` is called as each
    /// level is done.
    pub fn build<V: Tabled>(
        template: &V,
        max_seeds: usize,
        mut progress: impl FnMut(usize),
    ) -> Table {
        let mut table = Table {
            holes: V::HOLES,
            levels: Vec::with_capacity(max_seeds + 1),
        };
        for seeds in 0..=max_seeds {
            let level = table.build_level(template, seeds);
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
        let seeds: usize = pits.iter().map(|&s| usize::from(s)).sum();
        let level = self.levels.get(seeds)?;
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
        let count = level.len() / 2;
        Some(Bounds {
            low: level[index],
            high: level[count + index],
        })
    }

    /// How many positions of level `seeds` are exact, how many have a known
    /// winner (both bounds on one side of 0, or both 0), and how many there are.
    pub fn counts(&self, seeds: usize) -> (usize, usize, usize) {
        let level = &self.levels[seeds];
        let count = level.len() / 2;
        let (lows, highs) = level.split_at(count);
        let exact = lows.iter().zip(highs).filter(|(l, h)| l == h).count();
        let decided = lows
            .iter()
            .zip(highs)
            .filter(|&(&l, &h)| l > 0 || h < 0 || (l == 0 && h == 0))
            .count();
        (exact, decided, count)
    }

    /// For each accepted input of `game`, in order, the lowest and highest
    /// margin the player to move will still add (the move's gains, then the
    /// position it leads to, by the table), or `None` where the table cannot
    /// judge every input. For the person path (a review, a measurement).
    pub fn input_bounds<V: Tabled>(&self, game: &V) -> Option<Vec<(u32, i32, i32)>> {
        let me = game.turn().player()?;
        let lead = |g: &V| g.scores()[me.index()] as i32 - g.scores()[me.opponent().index()] as i32;
        let mut inputs = Inputs::default();
        game.legal_inputs(&mut inputs);
        let mut values = Vec::with_capacity(inputs.len());
        for &input in inputs.as_slice() {
            let mut child = game.clone();
            child.play(input).ok()?;
            let gained = lead(&child) - lead(game);
            let (low, high) = match child.turn() {
                Turn::Over(_) => (gained, gained),
                Turn::Decide { player, .. } => {
                    let rest = self.probe(child.pits(), player)?;
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

    /// One markdown line per level: its positions, and the shares that are
    /// exact and whose winner is known.
    pub fn summary(&self) -> String {
        let mut text = String::from(
            "| seeds | positions | exact | winner known |\n| ---: | ---: | ---: | ---: |\n",
        );
        for level in 0..self.levels.len() {
            let (exact, decided, all) = self.counts(level);
            let share = |n: usize| 100.0 * n as f64 / all as f64;
            text.push_str(&format!(
                "| {level} | {all} | {:.1}% | {:.1}% |\n",
                share(exact),
                share(decided)
            ));
        }
        text
    }

    fn child<V: Tabled>(&self, game: &V, input: u32, seeds: usize) -> Child {
        let mut child = game.clone();
        let gains = match child.play(input) {
            Ok(Step::Completed(gains) | Step::RoundOver(gains)) => gains,
            // Tabled games have one decision a move; a refused input is
            // never offered by `legal_inputs`.
            Ok(Step::Pending) | Err(_) => unreachable!("a tabled move is one accepted decision"),
        };
        if let Turn::Over(_) = child.turn() {
            let scores = child.scores();
            return Child::Over(scores[0] as i32 - scores[1] as i32);
        }
        let taken = (gains.get(Player::SUD) + gains.get(Player::NORD)) as usize;
        let again = child.turn().player() == Some(Player::SUD);
        let index = if again {
            rank(child.pits())
        } else {
            let mut board = [0u8; 64];
            turned(child.pits(), &mut board[..self.holes]);
            rank(&board[..self.holes])
        };
        if taken == 0 {
            Child::Same(index as u32 | if again { SAME_MOVER } else { 0 })
        } else {
            Child::Lower {
                margin: gains.get(Player::SUD) as i32 - gains.get(Player::NORD) as i32,
                level: seeds - taken,
                index,
                again,
            }
        }
    }

    fn build_level<V: Tabled>(&self, template: &V, seeds: usize) -> Vec<i8> {
        let holes = V::HOLES;
        let half = holes / 2;
        let count = boards(holes, seeds);
        // What each position can do: the bounds its captures and ends give
        // (`fixed`), its own-row split, and its children in the level.
        let mut fixed = vec![(i32::MIN, i32::MIN); count];
        // The own-row split, where the position may come round again (it has
        // a move that takes nothing); `None` where it cannot.
        let mut split = vec![None; count];
        let mut children = vec![u32::MAX; count * half];
        let mut pits = vec![0u8; holes];
        pits[0] = seeds as u8;
        let mut inputs = Inputs::default();
        loop {
            let index = rank(&pits);
            let own: i32 = pits[..half].iter().map(|&s| i32::from(s)).sum();
            let own_rows = 2 * own - seeds as i32;
            let game = template.at(&pits);
            inputs.clear();
            game.legal_inputs(&mut inputs);
            let mut same = 0;
            let (low, high) = &mut fixed[index];
            if inputs.is_empty() {
                // No move: the game is over here, each takes their row.
                (*low, *high) = (own_rows, own_rows);
            }
            for &input in inputs.as_slice() {
                match self.child(&game, input, seeds) {
                    Child::Over(margin) => {
                        *low = (*low).max(margin);
                        *high = (*high).max(margin);
                    }
                    Child::Lower {
                        margin,
                        level,
                        index: lower,
                        again,
                    } => {
                        let level = &self.levels[level];
                        let lower_count = level.len() / 2;
                        let (child_low, child_high) = (
                            i32::from(level[lower]),
                            i32::from(level[lower_count + lower]),
                        );
                        let (from_low, from_high) = if again {
                            (child_low, child_high)
                        } else {
                            (-child_high, -child_low)
                        };
                        *low = (*low).max(margin + from_low);
                        *high = (*high).max(margin + from_high);
                    }
                    Child::Same(child) => {
                        children[index * half + same] = child;
                        same += 1;
                    }
                }
            }
            if same > 0 {
                split[index] = Some(own_rows);
            }
            if !next_board(&mut pits) {
                break;
            }
        }
        // `again` bounds, narrowed until nothing moves.
        let n = seeds as i32;
        let mut low = vec![-n; count];
        let mut high = vec![n; count];
        let best = |index: usize, low: &[i32], high: &[i32]| {
            let (mut best_low, mut best_high) = fixed[index];
            for &child in children[index * half..(index + 1) * half]
                .iter()
                .take_while(|&&c| c != u32::MAX)
            {
                let at = (child & !SAME_MOVER) as usize;
                if child & SAME_MOVER == 0 {
                    best_low = best_low.max(-high[at]);
                    best_high = best_high.max(-low[at]);
                } else {
                    best_low = best_low.max(low[at]);
                    best_high = best_high.max(high[at]);
                }
            }
            (best_low, best_high)
        };
        loop {
            let mut changed = false;
            for index in 0..count {
                let (best_low, best_high) = best(index, &low, &high);
                let (again_low, again_high) = match split[index] {
                    Some(split) => (split.min(best_low), split.max(best_high)),
                    None => (best_low, best_high),
                };
                let new_low = again_low.max(low[index]);
                let new_high = again_high.min(high[index]);
                if (new_low, new_high) != (low[index], high[index]) {
                    (low[index], high[index]) = (new_low, new_high);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        // First-time bounds: what a probe answers.
        let mut level = vec![0i8; 2 * count];
        for index in 0..count {
            let (best_low, best_high) = best(index, &low, &high);
            level[index] = best_low.clamp(-n, n) as i8;
            level[count + index] = best_high.clamp(-n, n) as i8;
        }
        level
    }

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
/// if it was built (and is whole).
pub fn cached(name: &str, holes: usize) -> Option<Table> {
    let seeds = wanted_seeds();
    Table::load(
        &table_path(&folders::endgame_folder()?, name, seeds),
        name,
        holes,
        seeds,
    )
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
    let folder = folders::endgame_folder().ok_or("neither XDG_CACHE_HOME nor HOME is set")?;
    let boards_of = |level: usize| boards(V::HOLES, level) as u64;
    let all: u64 = (0..=seeds).map(boards_of).sum();
    let mut done = 0;
    let table = Table::build(template, seeds, |level| {
        done += boards_of(level);
        progress(done, all);
    });
    let path = table_path(&folder, name, seeds);
    table
        .save(&path, name)
        .map_err(|error| format!("cannot write {}: {error}", path.display()))?;
    Ok((table, path))
}

/// What a plugin's [`Variant::build_endgames`] reports: the
/// table's [`Table::summary`], then its file and size, and how to use it
/// when it is not the size the plugin reads.
pub fn report(table: &Table, path: &Path) -> String {
    let size = fs::metadata(path).map(|m| m.len()).unwrap_or(0);
    let mut report = format!("{}{}: {size} bytes\n", table.summary(), path.display());
    let (built, read) = (table.max_seeds(), wanted_seeds());
    if built != read {
        report.push_str(&format!(
            "level 4 and reviews read the table of {read} seeds: \
             set AWALE_ENDGAME_SEEDS={built} to use this one\n"
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
    fn boards_counts_stars_and_bars() {
        assert_eq!(boards(12, 0), 1);
        assert_eq!(boards(12, 1), 12);
        assert_eq!(boards(12, 16), 13_037_895);
    }

    #[test]
    fn exact_only_when_both_bounds_meet() {
        assert_eq!(Bounds { low: 2, high: 2 }.exact(), Some(2));
        assert_eq!(Bounds { low: 1, high: 2 }.exact(), None);
    }
}
