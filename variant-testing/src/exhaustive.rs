//! A plain exhaustive search of the margin still to come, over every line
//! to the game's end, with the game's own rules ending each line: its
//! repetition rule with the game's real history included.
//!
//! The value of a position depends on the positions met since the last
//! capture (a line ends at its first repeated position), so a result found
//! along one path is not simply a result of the position. What a search
//! below a position did depends on that history only through the positions
//! of the level it reached: a line ends at a repetition only at a position
//! it reaches. So each result is remembered with the positions its search
//! reached and which of them were in the history then; it is used again
//! only where the history holds exactly the same ones among them (the
//! graph-history interaction, answered exactly). Right after a capture the
//! history is empty, and a result there is one of the position alone.
//!
//! A guide (the bounds of [`crate::reference::Reference`], say) may order
//! the moves, most promising first: the results are the same, found far
//! sooner (at 4 seeds of Awalé, every board in milliseconds where the
//! natural order takes minutes for some). And a position searches its
//! moves in rounds, each move within a budget of positions that grows
//! fourfold a round, so that a move settling the question soon is not
//! stuck behind one whose lines go round for long: only a finished search
//! gives a result, so the results are the same again.

use std::collections::HashMap;
use std::fmt;

use variant_api::{Inputs, Player};
use variant_endgame::{boards, seeds_on, Tabled};

use crate::reference::{position_of, Reference};

/// How many results with different histories are kept per position and
/// threshold (the oldest goes first).
const KEPT_PER_KEY: usize = 16;

/// The positions a move may search in the first round (see
/// `Exhaustive::every_move`).
const FIRST_BUDGET: u64 = 256;

/// A position as the memory knows it: its seeds on the board, its scores,
/// `2 * rank + mover` among the boards of those seeds, and the threshold
/// asked.
type Key = (u32, u32, u32, u32, i32);

/// The game at a board (index `n - 1` for hole `n`) with a player to
/// move, no seed taken and no history.
type At<'a, V> = Box<dyn Fn(&[u8], Player) -> V + 'a>;

/// A move of the position searched.
struct Move<V> {
    input: u32,
    /// The game after it.
    child: V,
    /// What the mover gained by it.
    gained: i32,
    /// How promising it looks, by the guide.
    hope: i32,
}

/// One result, with what it depended on.
#[derive(Debug)]
struct Known {
    /// The positions of the level the search reached (sorted).
    reached: Vec<u32>,
    /// Those of them that were in the history (sorted).
    repeated: Vec<u32>,
    /// Whether the mover got the threshold.
    result: bool,
}

/// The level being searched: the positions since its last capture, and
/// the log of positions reached, from which each search below a position
/// reads what it reached.
#[derive(Debug)]
struct Level {
    /// Whether each position (`2 * rank + mover`) is in the history.
    history: Vec<bool>,
    /// Positions reached, in order.
    log: Vec<u32>,
    /// Scratch marks to list the distinct positions of a part of the log.
    marks: Vec<u32>,
    stamp: u32,
}

impl Level {
    /// A level of `seeds` seeds with no history.
    fn fresh<V: Tabled>(seeds: usize) -> Level {
        let positions = 2 * boards(V::HOLES, seeds);
        Level {
            history: vec![false; positions],
            log: Vec::new(),
            marks: vec![0; positions],
            stamp: 0,
        }
    }

    /// Replaces the log from `start` by its distinct positions, sorted, and
    /// returns them with those of them in the history.
    fn settle(&mut self, start: usize) -> (Vec<u32>, Vec<u32>) {
        self.stamp += 1;
        let mut reached = Vec::new();
        for &position in &self.log[start..] {
            let mark = &mut self.marks[position as usize];
            if *mark != self.stamp {
                *mark = self.stamp;
                reached.push(position);
            }
        }
        reached.sort_unstable();
        self.log.truncate(start);
        self.log.extend_from_slice(&reached);
        let repeated = reached
            .iter()
            .copied()
            .filter(|&p| self.history[p as usize])
            .collect();
        (reached, repeated)
    }

    /// Whether `known` was found with the history holding exactly the same
    /// positions among those it reached as the history now.
    fn agrees(&self, known: &Known) -> bool {
        let now = known
            .reached
            .iter()
            .filter(|&&p| self.history[p as usize])
            .count();
        now == known.repeated.len() && known.repeated.iter().all(|&p| self.history[p as usize])
    }
}

/// A plain exhaustive search of the margin the player to move will still
/// add to its score minus what the other will, over every line to the
/// game's end (the game's own rules ending each, its repetition rule with
/// the game's real history). Results are remembered with the history they
/// depended on (see the module's documentation). Exponential in the worst
/// case (a line ends at its first repeated position: the lines of a level
/// are its simple paths): for a few seeds only.
pub struct Exhaustive<'a, V> {
    /// The game at a board with a player to move and no history.
    at: At<'a, V>,
    known: HashMap<Key, Vec<Known>>,
    /// Bounds that order the moves (the most promising first).
    guide: Option<Reference>,
    /// The positions searched, for measurements.
    nodes: u64,
    /// The count of positions searched at which the search under way
    /// gives up (the question's budget, or a move's within a round).
    limit: u64,
    /// Whether the search under way gave up (its results are not kept).
    gave_up: bool,
}

impl<V> fmt::Debug for Exhaustive<'_, V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Exhaustive")
            .field("known", &self.known.len())
            .field("guided", &self.guide.is_some())
            .field("nodes", &self.nodes)
            .finish_non_exhaustive()
    }
}

impl<'a, V: Tabled> Exhaustive<'a, V> {
    /// A search of the rules `at` gives: `at(pits, mover)` is the game at
    /// `pits` (index `n - 1` for hole `n`) with `mover` to move, no seed
    /// taken and no history.
    pub fn new(at: impl Fn(&[u8], Player) -> V + 'a) -> Self {
        Exhaustive {
            at: Box::new(at),
            known: HashMap::new(),
            guide: None,
            nodes: 0,
            limit: u64::MAX,
            gave_up: false,
        }
    }

    /// Tries the moves in the order of `guide`'s bounds: the results are
    /// the same, found sooner.
    pub fn guided_by(mut self, guide: Reference) -> Self {
        self.guide = Some(guide);
        self
    }

    /// The positions searched so far (each visit of each threshold).
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether the player to move in `game` will add at least `threshold`
    /// more than the other (0 when the game is over).
    ///
    /// # Panics
    ///
    /// If the game cannot give back its history.
    pub fn at_least(&mut self, game: &V, threshold: i32) -> bool {
        self.at_least_within(game, threshold, u64::MAX)
            .expect("no limit")
    }

    /// [`Exhaustive::at_least`], or `None` if the search would visit more
    /// than `budget` positions (what it found below the positions it
    /// finished is kept).
    ///
    /// # Panics
    ///
    /// If the game cannot give back its history.
    pub fn at_least_within(&mut self, game: &V, threshold: i32, budget: u64) -> Option<bool> {
        self.limit = self.nodes.saturating_add(budget);
        self.gave_up = false;
        let mut level = Level::fresh::<V>(seeds(game));
        let known = game.each_earlier(&mut |pits, player| {
            level.history[position_of(pits, player)] = true;
        });
        assert!(known, "a history that cannot be given back");
        let result = self.search(game, threshold, &mut level);
        (!self.gave_up).then_some(result)
    }

    /// [`Exhaustive::at_least`] with the history of `game`'s level in
    /// `level`.
    fn search(&mut self, game: &V, threshold: i32, level: &mut Level) -> bool {
        let Some(me) = game.turn().player() else {
            return 0 >= threshold;
        };
        // Whether the game went on to here depended on the history.
        let here = position(game.pits(), me);
        level.log.push(here);
        let on_board = seeds(game);
        if threshold <= -(on_board as i32) {
            return true;
        }
        if threshold > on_board as i32 {
            return false;
        }
        self.nodes += 1;
        if self.nodes > self.limit {
            self.gave_up = true;
        }
        if self.gave_up {
            return false;
        }
        let scores = game.scores();
        let key: Key = (
            on_board as u32,
            scores.first().copied().unwrap_or(0),
            scores.get(1).copied().unwrap_or(0),
            here,
            threshold,
        );
        if let Some(known) = self
            .known
            .get(&key)
            .and_then(|list| list.iter().find(|k| level.agrees(k)))
        {
            level.log.extend_from_slice(&known.reached);
            return known.result;
        }
        let start = level.log.len();
        level.history[here as usize] = true;
        let result = self.every_move(game, me, threshold, level);
        level.history[here as usize] = false;
        let (reached, repeated) = level.settle(start);
        if self.gave_up {
            return result;
        }
        let list = self.known.entry(key).or_default();
        if list.len() == KEPT_PER_KEY {
            list.remove(0);
        }
        list.push(Known {
            reached,
            repeated,
            result,
        });
        result
    }

    /// Searches every move of `game` for one that gives `me` its
    /// `threshold`, the most promising first.
    fn every_move(&mut self, game: &V, me: Player, threshold: i32, level: &mut Level) -> bool {
        let lead = |g: &V| variant_endgame::lead(g, me);
        let mut inputs = Inputs::default();
        game.legal_inputs(&mut inputs);
        let mut moves: Vec<Move<V>> = inputs
            .as_slice()
            .iter()
            .map(|&input| {
                let mut child = game.clone();
                child.play(input).expect("a legal input");
                let gained = lead(&child) - lead(game);
                Move {
                    input,
                    hope: self.hope(&child, me, gained),
                    child,
                    gained,
                }
            })
            .collect();
        moves.sort_by_key(|m| std::cmp::Reverse(m.hope));
        // Each round searches the moves still open within a budget four
        // times the last: a move that settles the question soon is found
        // even behind one whose lines go round for long.
        let mut open: Vec<usize> = (0..moves.len()).collect();
        let mut budget = FIRST_BUDGET;
        while !open.is_empty() {
            let mut still_open = Vec::new();
            for slot in open {
                let outer = self.limit;
                if moves.len() > 1 {
                    self.limit = outer.min(self.nodes.saturating_add(budget));
                }
                let reached = self.reaches(game, &moves[slot], threshold, level);
                self.limit = outer;
                if self.gave_up {
                    if self.nodes > outer {
                        return false;
                    }
                    self.gave_up = false;
                    still_open.push(slot);
                } else if reached {
                    return true;
                }
            }
            open = still_open;
            budget = budget.saturating_mul(4);
        }
        false
    }

    /// Whether the mover of `game` gets `threshold` by `by`.
    fn reaches(&mut self, game: &V, by: &Move<V>, threshold: i32, level: &mut Level) -> bool {
        let Move {
            input,
            ref child,
            gained,
            ..
        } = *by;
        let me = game.turn().player().expect("a move");
        let on_board = seeds(game);
        match child.turn().player() {
            None => {
                // An end by repetition depends on the history: the
                // position met again is the one the same move reaches
                // with no history, unless that ends too (then by the
                // rules alone: a position with no move never enters a
                // history).
                let mut shadow = (self.at)(game.pits(), me);
                shadow.play(input).expect("a legal input");
                if let Some(next) = shadow.turn().player() {
                    if seeds(&shadow) == on_board {
                        level.log.push(position(shadow.pits(), next));
                    }
                }
                gained >= threshold
            }
            Some(next) => {
                // A capture clears the history: the level below starts
                // afresh.
                let mut fresh;
                let below = if seeds(child) < on_board {
                    fresh = Level::fresh::<V>(seeds(child));
                    &mut fresh
                } else {
                    &mut *level
                };
                if next == me {
                    self.search(child, threshold - gained, below)
                } else {
                    // gained - (the other's margin) >= threshold
                    !self.search(child, gained - threshold + 1, below)
                }
            }
        }
    }

    /// How promising `child` looks for `me`, who gained `gained` reaching
    /// it: the guide's lower bound from `me`'s side.
    fn hope(&self, child: &V, me: Player, gained: i32) -> i32 {
        let Some(next) = child.turn().player() else {
            return gained;
        };
        let Some(bounds) = self
            .guide
            .as_ref()
            .and_then(|g| g.bounds(child.pits(), next))
        else {
            return gained;
        };
        if next == me {
            gained + i32::from(bounds.low)
        } else {
            gained - i32::from(bounds.high)
        }
    }
}

/// The seeds on `game`'s board.
fn seeds<V: Tabled>(game: &V) -> usize {
    seeds_on(game.pits())
}

/// [`position_of`] as the search stores it.
fn position(pits: &[u8], mover: Player) -> u32 {
    position_of(pits, mover) as u32
}
