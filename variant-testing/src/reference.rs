//! A second, independent solver of the repetition game that the endgame
//! tables solve ([`variant_endgame`]), written to judge them: plain boolean
//! games, one per threshold, on positions as they stand (both players to
//! move on every board, values from SUD's side), where the tables solve
//! every threshold at once in value form on boards turned to the mover's
//! side. It shares no code with the builder but the rules it is given and
//! the ranking of boards.
//!
//! For a level of `s` seeds, a threshold `t` and a *protagonist* (SUD for
//! the lower bound, NORD for the upper), the positions from which the
//! protagonist forces, in the game where a capture or the end is an exit
//! of known worth and an endless play stays among positions whose split is
//! at least `t` from some point on, a worth of at least `t`, are the
//! co-Büchi region `μX. νY. CPre(X) ∪ (Good ∩ CPre(Y))`, computed by
//! worklists: each outer round is the inner greatest fixed point, then the
//! protagonist's attractor to it. The lower bound of a position is the
//! largest `t` SUD wins; the upper bound, minus the largest NORD wins.
//!
//! With a history since the last capture, a play may also stop at an
//! earlier position it can reach again: [`Reference::bounds_with_history`]
//! widens the bounds by the splits of the earlier positions of the same
//! strongly connected component, found here by Kosaraju's algorithm.
//!
//! For measurements and tests: it holds the level's graph and its
//! predecessors in memory and is slower than the builder.

use std::thread;

use variant_api::{Inputs, Player, Turn};
use variant_endgame::{boards, rank, seeds_on, unrank, Bounds, Tabled};

/// No child in a slot.
const NONE: u32 = u32::MAX;

/// One level: its positions are `2 * rank + mover` (SUD 0, NORD 1).
#[derive(Debug)]
struct Level {
    /// The lower and upper bounds of each position, from SUD's side.
    low: Vec<i8>,
    high: Vec<i8>,
    /// The strongly connected component of each position, among the moves
    /// that stay in the level.
    component: Vec<u32>,
}

/// The bounds of every position up to some seeds, from the independent
/// solver.
#[derive(Debug)]
pub struct Reference {
    half: usize,
    levels: Vec<Level>,
}

/// A level's positions and their moves, read from the rules.
struct Graph {
    /// The slots of children per position (the holes of a row).
    half: usize,
    /// `half` slots per position: the children in the level, [`NONE`]
    /// after the last.
    children: Vec<u32>,
    /// The predecessors of each position: `from[p]..from[p + 1]` in `preds`.
    from: Vec<u32>,
    preds: Vec<u32>,
    /// The exits of each position for the lower bound (gain plus the lower
    /// level's lower bound) and the upper bound (gain plus its upper bound),
    /// from SUD's side: the best for the mover (the largest where SUD moves,
    /// the least where NORD does); `None` where it has none.
    exit_low: Vec<Option<i8>>,
    exit_high: Vec<Option<i8>>,
    /// Each position's split: SUD's row minus NORD's.
    split: Vec<i8>,
}

impl Graph {
    fn count(&self) -> usize {
        self.split.len()
    }

    fn children(&self, position: usize) -> impl Iterator<Item = usize> + '_ {
        self.children[position * self.half..(position + 1) * self.half]
            .iter()
            .take_while(|&&child| child != NONE)
            .map(|&child| child as usize)
    }

    fn preds(&self, position: usize) -> impl Iterator<Item = usize> + '_ {
        self.preds[self.from[position] as usize..self.from[position + 1] as usize]
            .iter()
            .map(|&pred| pred as usize)
    }
}

fn mover_of(position: usize) -> Player {
    if position.is_multiple_of(2) {
        Player::SUD
    } else {
        Player::NORD
    }
}

/// A position's place among those of its level: `2 * rank + mover`.
pub(crate) fn position_of(pits: &[u8], mover: Player) -> usize {
    2 * rank(pits) + mover.index()
}

fn split_of(pits: &[u8]) -> i8 {
    let half = pits.len() / 2;
    let row = |r: &[u8]| r.iter().map(|&s| i32::from(s)).sum::<i32>();
    (row(&pits[..half]) - row(&pits[half..])) as i8
}

impl Reference {
    /// Solves every level up to `max_seeds` seeds of the rules `at` gives:
    /// `at(pits, mover)` is the game at `pits` (index `n - 1` for hole `n`)
    /// with `mover` to move, no seed taken and no history. Runs on every
    /// core.
    pub fn build<V: Tabled>(at: impl Fn(&[u8], Player) -> V + Sync, max_seeds: usize) -> Reference {
        let mut reference = Reference {
            half: V::HOLES / 2,
            levels: Vec::new(),
        };
        for seeds in 0..=max_seeds {
            let graph = reference.graph(&at, seeds);
            let (low, high) = solve(&graph, seeds as i8);
            let component = components(&graph);
            reference.levels.push(Level {
                low,
                high,
                component,
            });
        }
        reference
    }

    /// The most seeds solved.
    pub fn max_seeds(&self) -> usize {
        self.levels.len() - 1
    }

    /// The bounds of the position at `pits` with `mover` to move and no
    /// history, from the mover's side; `None` beyond the levels solved.
    pub fn bounds(&self, pits: &[u8], mover: Player) -> Option<Bounds> {
        let level = self.levels.get(seeds_on(pits))?;
        let position = position_of(pits, mover);
        Some(from_side(level.low[position], level.high[position], mover))
    }

    /// The bounds of `game` with its real history, from the mover's side:
    /// those of the position, widened by the split of each earlier position
    /// since the last capture in its strongly connected component (to every
    /// margin where the game cannot give them back). `None` beyond the
    /// levels solved or when the game is over.
    pub fn bounds_with_history<V: Tabled>(&self, game: &V) -> Option<Bounds> {
        let mover = game.turn().player()?;
        let pits = game.pits();
        let seeds = seeds_on(pits);
        let level = self.levels.get(seeds)?;
        let here = position_of(pits, mover);
        let (mut low, mut high) = (level.low[here], level.high[here]);
        let known = game.each_earlier(&mut |earlier, player| {
            if level.component[position_of(earlier, player)] == level.component[here] {
                let split = split_of(earlier);
                low = low.min(split);
                high = high.max(split);
            }
        });
        if !known {
            low = -(seeds as i8);
            high = seeds as i8;
        }
        Some(from_side(low, high, mover))
    }

    /// Reads the level of `seeds` seeds from the rules, on all cores.
    fn graph<V: Tabled>(&self, at: &(impl Fn(&[u8], Player) -> V + Sync), seeds: usize) -> Graph {
        let holes = V::HOLES;
        let half = self.half;
        let board_count = boards(holes, seeds);
        let count = 2 * board_count;
        let mut children = vec![NONE; count * half];
        let mut exit_low = vec![None; count];
        let mut exit_high = vec![None; count];
        let mut split = vec![0; count];
        let threads = thread::available_parallelism().map_or(1, |n| n.get());
        // Each thread reads a run of boards (by rank) into its own slices.
        let chunk = board_count.div_ceil(threads).max(1);
        thread::scope(|scope| {
            let runs = children
                .chunks_mut(2 * chunk * half)
                .zip(exit_low.chunks_mut(2 * chunk))
                .zip(exit_high.chunks_mut(2 * chunk))
                .zip(split.chunks_mut(2 * chunk))
                .enumerate();
            for (run, (((children, exit_low), exit_high), split)) in runs {
                scope.spawn(move || {
                    let mut pits = vec![0u8; holes];
                    let first = run * chunk;
                    for board in first..(first + chunk).min(board_count) {
                        unrank(board, seeds, &mut pits);
                        for mover in [Player::SUD, Player::NORD] {
                            let here = 2 * (board - first) + mover.index();
                            let slots = &mut children[here * half..(here + 1) * half];
                            let (low, high) = self.read(at(&pits, mover), seeds, slots);
                            exit_low[here] = low;
                            exit_high[here] = high;
                            split[here] = split_of(&pits);
                        }
                    }
                });
            }
        });
        let mut from = vec![0u32; count + 1];
        for &child in children.iter().filter(|&&c| c != NONE) {
            from[child as usize + 1] += 1;
        }
        for position in 0..count {
            from[position + 1] += from[position];
        }
        let mut filled = from.clone();
        let mut preds = vec![0u32; from[count] as usize];
        for (slot, &child) in children.iter().enumerate() {
            if child != NONE {
                preds[filled[child as usize] as usize] = (slot / half) as u32;
                filled[child as usize] += 1;
            }
        }
        Graph {
            half,
            children,
            from,
            preds,
            exit_low,
            exit_high,
            split,
        }
    }

    /// Reads one position of `seeds` seeds: its children in the level into
    /// `slots`, and its best exits for the lower and the upper bound.
    fn read<V: Tabled>(
        &self,
        game: V,
        seeds: usize,
        slots: &mut [u32],
    ) -> (Option<i8>, Option<i8>) {
        let mover = game.turn().player();
        let sud_lead = |g: &V| variant_endgame::lead(g, Player::SUD);
        // The best exit for the mover: the largest from SUD's side where SUD
        // moves, the least where NORD does.
        let better = |old: Option<i8>, new: i32| -> Option<i8> {
            let new = new as i8;
            Some(match old {
                None => new,
                Some(old) if mover == Some(Player::SUD) => old.max(new),
                Some(old) => old.min(new),
            })
        };
        if let Turn::Over(_) = game.turn() {
            let value = sud_lead(&game);
            return (better(None, value), better(None, value));
        }
        let (mut low, mut high) = (None, None);
        let mut kids = 0;
        let mut inputs = Inputs::default();
        game.legal_inputs(&mut inputs);
        for &input in inputs.as_slice() {
            let mut child = game.clone();
            child.play(input).expect("an announced input");
            let gain = sud_lead(&child) - sud_lead(&game);
            match child.turn() {
                Turn::Over(_) => {
                    low = better(low, gain);
                    high = better(high, gain);
                }
                Turn::Decide { player, .. } => {
                    let left = seeds_on(child.pits());
                    let at = position_of(child.pits(), player);
                    if left == seeds {
                        assert_eq!(gain, 0, "{:?}: a gain without a capture", game.pits());
                        slots[kids] = at as u32;
                        kids += 1;
                    } else {
                        let level = &self.levels[left];
                        low = better(low, gain + i32::from(level.low[at]));
                        high = better(high, gain + i32::from(level.high[at]));
                    }
                }
            }
        }
        (low, high)
    }
}

/// Bounds from SUD's side turned to `mover`'s.
fn from_side(low: i8, high: i8, mover: Player) -> Bounds {
    if mover == Player::SUD {
        Bounds { low, high }
    } else {
        Bounds {
            low: -high,
            high: -low,
        }
    }
}

/// The lower and upper bounds, from SUD's side, of every position of a
/// level of `seeds` seeds: every threshold of both protagonists, shared
/// among the cores.
fn solve(graph: &Graph, seeds: i8) -> (Vec<i8>, Vec<i8>) {
    let count = graph.count();
    let tasks: Vec<(Player, i8)> = [Player::SUD, Player::NORD]
        .into_iter()
        .flat_map(|protagonist| (-seeds + 1..=seeds).map(move |t| (protagonist, t)))
        .collect();
    let threads = thread::available_parallelism().map_or(1, |n| n.get());
    let wins: Vec<(Player, i8, Vec<bool>)> = thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|worker| {
                let tasks = &tasks;
                scope.spawn(move || {
                    tasks
                        .iter()
                        .skip(worker)
                        .step_by(threads)
                        .map(|&(protagonist, t)| (protagonist, t, region(graph, protagonist, t)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|worker| worker.join().expect("a solving thread"))
            .collect()
    });
    // Every position wins at -seeds; the bound is the largest threshold won.
    let mut best = [vec![-seeds; count], vec![-seeds; count]];
    for (protagonist, t, won) in wins {
        let best = &mut best[protagonist.index()];
        for (position, _) in won.iter().enumerate().filter(|(_, &w)| w) {
            best[position] = best[position].max(t);
        }
    }
    let [low, nord] = best;
    let high = nord.into_iter().map(|v| -v).collect();
    (low, high)
}

/// The positions from which `protagonist` forces a worth of at least `t`
/// (from its side) in the lower game.
fn region(graph: &Graph, protagonist: Player, t: i8) -> Vec<bool> {
    let count = graph.count();
    let side = |v: i8| if protagonist == Player::SUD { v } else { -v };
    let own = |p: usize| mover_of(p) == protagonist;
    // SUD's lower bound reads the lower exits; NORD's, the upper ones.
    let exits = if protagonist == Player::SUD {
        &graph.exit_low
    } else {
        &graph.exit_high
    };
    // The protagonist's move wins at once where its best exit does; the
    // other's loses at once where its best exit (for it) does.
    let exit_wins = |p: usize| exits[p].is_some_and(|e| side(e) >= t);
    let exit_loses = |p: usize| exits[p].is_some_and(|e| side(e) < t);
    let good = |p: usize| side(graph.split[p]) >= t;
    let degree = |p: usize| graph.children(p).count() as u32;
    // `cpre(set)` at `p`, from the count of its children in the set.
    let cpre = |p: usize, inside: u32| {
        if own(p) {
            exit_wins(p) || inside > 0
        } else {
            let degree = degree(p);
            !exit_loses(p) && inside == degree && (degree > 0 || exits[p].is_some())
        }
    };
    let mut x = vec![false; count];
    loop {
        // CPre(X), fixed during the inner fixed point.
        let pre_x: Vec<bool> = (0..count)
            .map(|p| cpre(p, graph.children(p).filter(|&c| x[c]).count() as u32))
            .collect();
        // νY. CPre(X) ∪ (Good ∩ CPre(Y)): start from every position, take
        // out those that fail, and their predecessors in turn.
        let mut y = vec![true; count];
        let mut in_y: Vec<u32> = (0..count).map(degree).collect();
        let mut out: Vec<u32> = (0..count)
            .filter(|&p| !(pre_x[p] || good(p) && cpre(p, in_y[p])))
            .map(|p| p as u32)
            .collect();
        for &p in &out {
            y[p as usize] = false;
        }
        while let Some(p) = out.pop() {
            for pred in graph.preds(p as usize) {
                in_y[pred] -= 1;
                if y[pred] && !pre_x[pred] && !cpre(pred, in_y[pred]) {
                    y[pred] = false;
                    out.push(pred as u32);
                }
            }
        }
        // The protagonist's attractor to Y.
        let mut in_a = vec![0u32; count];
        let mut queue: Vec<u32> = (0..count).filter(|&p| y[p]).map(|p| p as u32).collect();
        let mut attracted = y;
        for (p, attracted) in attracted.iter_mut().enumerate() {
            if !*attracted && cpre(p, 0) {
                *attracted = true;
                queue.push(p as u32);
            }
        }
        while let Some(p) = queue.pop() {
            for pred in graph.preds(p as usize) {
                in_a[pred] += 1;
                if !attracted[pred] && cpre(pred, in_a[pred]) {
                    attracted[pred] = true;
                    queue.push(pred as u32);
                }
            }
        }
        if attracted == x {
            return x;
        }
        x = attracted;
    }
}

/// The strongly connected component of each position among the moves that
/// stay in the level, by Kosaraju's algorithm: positions by finishing
/// order on the graph, then components on the reversed graph.
fn components(graph: &Graph) -> Vec<u32> {
    let count = graph.count();
    let mut finished = Vec::with_capacity(count);
    let mut seen = vec![false; count];
    for root in 0..count {
        if seen[root] {
            continue;
        }
        seen[root] = true;
        // (position, next child slot to try)
        let mut stack = vec![(root, 0usize)];
        while let Some(&mut (p, ref mut slot)) = stack.last_mut() {
            let next = graph.children(p).nth(*slot);
            *slot += 1;
            match next {
                Some(child) if !seen[child] => {
                    seen[child] = true;
                    stack.push((child, 0));
                }
                Some(_) => {}
                None => {
                    finished.push(p);
                    stack.pop();
                }
            }
        }
    }
    let mut component = vec![NONE; count];
    let mut next = 0;
    for &root in finished.iter().rev() {
        if component[root] != NONE {
            continue;
        }
        component[root] = next;
        let mut stack = vec![root];
        while let Some(p) = stack.pop() {
            for pred in graph.preds(p) {
                if component[pred] == NONE {
                    component[pred] = next;
                    stack.push(pred);
                }
            }
        }
        next += 1;
    }
    component
}
