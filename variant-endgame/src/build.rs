//! Building one level of a [`Table`]: its moves read on all cores, then the
//! repetition game of the level solved.
//!
//! # The repetition game
//!
//! Within a level no seed is taken, and a play that goes on without a
//! capture ends at its first repeated position, each player taking the
//! seeds of their own row (the position's *split*). A position's value with
//! no history (right after a capture, or at the start) is bounded by two
//! games on the level's graph, whose captures and ends are exits of known
//! value (the lower level's, or the final margin):
//!
//! - the *lower* game, where an endless play is worth the least split, for
//!   the player who moves first, among the positions it visits infinitely
//!   often. For each threshold `t`, the positions from which that player
//!   forces a worth of at least `t` are a co-Büchi winning region (every
//!   exit at least `t`, and from some point on only positions whose split
//!   is at least `t`), which a positional strategy wins. Following it in
//!   the real game, a play that stops at a repeated position stops on a
//!   cycle that the other player could have repeated forever, all of whose
//!   positions therefore split at least `t`: the value is at least `t`.
//! - the *upper* game, the same with the largest split, from the other
//!   player's side: the value is at most its worth.
//!
//! Both are solved at once, for every threshold, as one nested fixed point
//! on values (`μx. νy. max(pre(x), min(split, pre(y)))` for the player to
//! move, read with the sign of each position's mover), the value form of
//! the nested attractors of a co-Büchi game. An update is monotone, so the
//! sweeps may run in any order and on several threads at once.
//!
//! # On every core
//!
//! Reading the moves, listing each board's predecessors and each round's
//! best moves split the boards among the threads. Each pass of attractors
//! ([`settle`]) runs on every thread at once, threshold by threshold: each
//! thread settles the nodes it queued, and a node's state (settled or not,
//! its moves left, the threshold it is queued at) is one word updated by
//! compare-and-swap, so that two threads settle a node once and a
//! predecessor hears of each of its moves once. The thresholds are read in
//! order, all threads waiting for each other between two: a node settles
//! at the first threshold it reaches, whichever thread finds it, so the
//! values, and the table, are the same on any number of threads. Only the
//! strongly connected components (Tarjan's search, depth first) run on one.
//!
//! With a history since the last capture, a play may also stop at one of
//! the earlier positions: [`crate::Table::bounds`] widens the bounds by
//! their splits.

use std::cell::Cell;
use std::sync::atomic::{AtomicI8, AtomicU32, Ordering};
use std::sync::Barrier;
use std::thread;

use variant_api::{Inputs, Player, Step, Turn};

use crate::{boards, rank, turned, unrank, Table, Tabled};

/// Marks a child in the same level where the mover moves again (the other
/// player had to pass).
const SAME_MOVER: u32 = 1 << 31;
/// No child in this slot.
const NO_CHILD: u32 = u32::MAX;

/// What the boards of a level can do, read from the rules.
struct Graph {
    /// The number of boards.
    count: usize,
    /// The slots of children per board (the holes of a row).
    half: usize,
    /// The best exit of each board for the lower and the upper game (a
    /// capture, read from the lower level, or the game's end), or minus
    /// [`Graph::infinity`] where it has none.
    exit_low: Vec<i8>,
    exit_high: Vec<i8>,
    /// The own-row split of each board, from the mover's side.
    split: Vec<i8>,
    /// `half` slots per board: the rank of each child in the level, with
    /// [`SAME_MOVER`] where the mover moves again; [`NO_CHILD`] after the
    /// last.
    children: Vec<u32>,
    /// Beyond every value of the level: `seeds + 1`.
    infinity: i8,
}

impl Graph {
    /// Calls `each(child, from)` for every move, in the order of the boards
    /// that make it, that leads to a board of `boards`: `from` is the
    /// board that makes it, with [`SAME_MOVER`] where the mover moves again.
    fn moves_into(&self, boards: std::ops::Range<usize>, mut each: impl FnMut(usize, u32)) {
        for board in 0..self.count {
            for child in self.children(board) {
                let at = (child & !SAME_MOVER) as usize;
                if boards.contains(&at) {
                    each(at, board as u32 | (child & SAME_MOVER));
                }
            }
        }
    }

    /// The children of board `index`.
    fn children(&self, index: usize) -> impl Iterator<Item = u32> + '_ {
        self.children[index * self.half..(index + 1) * self.half]
            .iter()
            .copied()
            .take_while(|&child| child != NO_CHILD)
    }
}

/// The threads a build runs on by default: every core this process may
/// use.
pub(crate) fn every_core() -> usize {
    thread::available_parallelism().map_or(1, |cores| cores.get())
}

/// The length of each of the ranges that cut `0..count` into one per
/// thread (at least 1).
fn chunk_of(count: usize, threads: usize) -> usize {
    count.div_ceil(threads.clamp(1, count.max(1))).max(1)
}

/// Runs `work(k, share)` for each `share` (the `k`-th) at once: the first
/// on the calling thread, each other on a thread of its own. A build on one
/// thread starts none, and its memory stays with the calling thread's (the
/// allocator keeps another thread's freed memory apart: with a thread for
/// the only share, the 14-seed build's peak rose from 392 to 486 MB).
fn at_once<T: Send>(shares: impl IntoIterator<Item = T>, work: impl Fn(usize, T) + Sync) {
    let mut shares = shares.into_iter().enumerate();
    let first = shares.next();
    thread::scope(|scope| {
        let work = &work;
        for (k, share) in shares {
            scope.spawn(move || work(k, share));
        }
        if let Some((k, share)) = first {
            work(k, share);
        }
    });
}

/// Runs `work(start, end)` over `0..count` cut into one range per thread,
/// on `threads` threads.
fn on_threads(threads: usize, count: usize, work: impl Fn(usize, usize) + Sync) {
    let chunk = chunk_of(count, threads);
    at_once((0..count).step_by(chunk), |_, start| {
        work(start, (start + chunk).min(count));
    });
}

/// `value(i)` for each `i` of `0..count`, on `threads` threads.
fn map_on_threads(threads: usize, count: usize, value: impl Fn(usize) -> i8 + Sync) -> Vec<i8> {
    let mut values = vec![0i8; count];
    let chunk = chunk_of(count, threads);
    at_once(values.chunks_mut(chunk), |k, part| {
        for (i, slot) in part.iter_mut().enumerate() {
            *slot = value(k * chunk + i);
        }
    });
    values
}

impl Table {
    /// The level of `seeds` seeds of `template`'s rules, the lower levels
    /// built, on `threads` threads: the lower bounds, then the upper
    /// bounds, then the component tags, by [`rank`].
    pub(crate) fn build_level<V: Tabled>(
        &self,
        template: &V,
        seeds: usize,
        threads: usize,
    ) -> Vec<i8> {
        let graph = self.graph(template, seeds, threads);
        let (low, high) = solve(&graph, threads);
        let mut level = low;
        level.extend(high);
        level.extend(components(&graph));
        level
    }

    /// Reads every board of the level from the rules, on `threads` threads.
    fn graph<V: Tabled>(&self, template: &V, seeds: usize, threads: usize) -> Graph {
        let holes = V::HOLES;
        let half = holes / 2;
        let count = boards(holes, seeds);
        let infinity = seeds as i8 + 1;
        let exit_low: Vec<AtomicI8> = (0..count).map(|_| AtomicI8::new(-infinity)).collect();
        let exit_high: Vec<AtomicI8> = (0..count).map(|_| AtomicI8::new(-infinity)).collect();
        let split: Vec<AtomicI8> = (0..count).map(|_| AtomicI8::new(0)).collect();
        let children: Vec<AtomicU32> = (0..count * half)
            .map(|_| AtomicU32::new(NO_CHILD))
            .collect();
        on_threads(threads, count, |start, end| {
            let mut pits = vec![0u8; holes];
            let mut inputs = Inputs::default();
            for index in start..end {
                unrank(index, seeds, &mut pits);
                let own: i32 = pits[..half].iter().map(|&s| i32::from(s)).sum();
                let own_rows = 2 * own - seeds as i32;
                split[index].store(own_rows as i8, Ordering::Relaxed);
                let game = template.at(&pits);
                inputs.clear();
                game.legal_inputs(&mut inputs);
                let (mut low, mut high) = (i32::from(-infinity), i32::from(-infinity));
                if inputs.is_empty() {
                    // No move: the game is over here, each takes their row.
                    (low, high) = (own_rows, own_rows);
                }
                let mut same = 0;
                for &input in inputs.as_slice() {
                    match self.child(&game, input, seeds) {
                        Child::Over(margin) => {
                            low = low.max(margin);
                            high = high.max(margin);
                        }
                        Child::Lower {
                            margin,
                            level,
                            index: lower,
                            again,
                        } => {
                            let level = &self.levels[level];
                            let lower_count = level.len() / 3;
                            let (child_low, child_high) = (
                                i32::from(level[lower]),
                                i32::from(level[lower_count + lower]),
                            );
                            let (from_low, from_high) = if again {
                                (child_low, child_high)
                            } else {
                                (-child_high, -child_low)
                            };
                            low = low.max(margin + from_low);
                            high = high.max(margin + from_high);
                        }
                        Child::Same(child) => {
                            children[index * half + same].store(child, Ordering::Relaxed);
                            same += 1;
                        }
                    }
                }
                exit_low[index].store(low as i8, Ordering::Relaxed);
                exit_high[index].store(high as i8, Ordering::Relaxed);
            }
        });
        Graph {
            count,
            half,
            exit_low: exit_low.into_iter().map(AtomicI8::into_inner).collect(),
            exit_high: exit_high.into_iter().map(AtomicI8::into_inner).collect(),
            split: split.into_iter().map(AtomicI8::into_inner).collect(),
            children: children.into_iter().map(AtomicU32::into_inner).collect(),
            infinity,
        }
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

/// The tag of each board's strongly connected component in the level's
/// graph (the moves that take nothing, whoever moves): 0 for a board on no
/// cycle, otherwise one of 1 to 127, the same for every board of one
/// component (two components may share one). Tarjan's algorithm, without
/// recursion.
fn components(graph: &Graph) -> Vec<i8> {
    let count = graph.count;
    let mut search = Tarjan {
        order: vec![UNSEEN; count],
        lowest: vec![0; count],
        stacked: vec![false; count],
        stack: Vec::new(),
        frames: Vec::new(),
        visited: 0,
    };
    let mut tags = vec![0i8; count];
    let mut found = 0u32;
    for root in 0..count {
        if search.order[root] != UNSEEN {
            continue;
        }
        search.enter(root);
        while let Some(&mut (board, ref mut slot)) = search.frames.last_mut() {
            let board = board as usize;
            if let Some(child) = graph.children(board).nth(*slot) {
                *slot += 1;
                let child = (child & !SAME_MOVER) as usize;
                if search.order[child] == UNSEEN {
                    search.enter(child);
                } else if search.stacked[child] {
                    search.lowest[board] = search.lowest[board].min(search.order[child]);
                }
                continue;
            }
            search.frames.pop();
            if let Some(&(parent, _)) = search.frames.last() {
                let parent = parent as usize;
                search.lowest[parent] = search.lowest[parent].min(search.lowest[board]);
            }
            if search.lowest[board] == search.order[board] {
                let start = search
                    .stack
                    .iter()
                    .rposition(|&member| member as usize == board)
                    .expect("a board on the stack");
                let cycle = search.stack.len() - start > 1
                    || graph
                        .children(board)
                        .any(|child| (child & !SAME_MOVER) as usize == board);
                let tag = if cycle { 1 + (found % 127) as i8 } else { 0 };
                found += u32::from(cycle);
                for member in search.stack.drain(start..) {
                    search.stacked[member as usize] = false;
                    tags[member as usize] = tag;
                }
            }
        }
    }
    tags
}

/// A board not visited yet by [`Tarjan`].
const UNSEEN: u32 = u32::MAX;

/// The state of Tarjan's search of [`components`].
struct Tarjan {
    /// The order of each board's visit, [`UNSEEN`] before.
    order: Vec<u32>,
    /// The lowest order each board's visit reaches on the stack.
    lowest: Vec<u32>,
    /// Whether each board is on `stack`.
    stacked: Vec<bool>,
    /// The boards visited whose component is not closed yet.
    stack: Vec<u32>,
    /// The boards being visited, each with the slot of its next child.
    frames: Vec<(u32, usize)>,
    /// Boards visited so far.
    visited: u32,
}

impl Tarjan {
    /// Starts the visit of `board`.
    fn enter(&mut self, board: usize) {
        self.order[board] = self.visited;
        self.lowest[board] = self.visited;
        self.visited += 1;
        self.stacked[board] = true;
        self.stack.push(board as u32);
        self.frames.push((board as u32, 0));
    }
}

/// The players of a node of the level's game: node `2 * board` is the
/// board with the player of its first half to move, the maximiser (values
/// are read from its side); node `2 * board + 1` the same board with the
/// other to move, the minimiser.
struct Nodes<'a> {
    graph: &'a Graph,
    /// Where each board's predecessors start in `predecessors`, and end.
    starts: Vec<usize>,
    /// The boards with a move to each board, with [`SAME_MOVER`] where the
    /// mover moves again.
    predecessors: Vec<u32>,
}

impl<'a> Nodes<'a> {
    /// The level's game, its predecessors counted then listed on `threads`
    /// threads: each thread lists those of one range of boards, reading
    /// every board's moves in order, so that the lists are the same on any
    /// number of threads.
    fn new(graph: &'a Graph, threads: usize) -> Self {
        let count = graph.count;
        let chunk = chunk_of(count, threads);
        let mut starts = vec![0usize; count + 1];
        at_once(starts[1..].chunks_mut(chunk), |k, counts| {
            let start = k * chunk;
            let end = start + counts.len();
            graph.moves_into(start..end, |at, _| counts[at - start] += 1);
        });
        for board in 0..count {
            starts[board + 1] += starts[board];
        }
        let mut predecessors = vec![0u32; starts[count]];
        // Each range's predecessors, a slice of their own.
        let mut shares = Vec::new();
        let mut rest = predecessors.as_mut_slice();
        for start in (0..count).step_by(chunk) {
            let end = (start + chunk).min(count);
            let (mine, after) = rest.split_at_mut(starts[end] - starts[start]);
            rest = after;
            shares.push((start, end, mine));
        }
        at_once(shares, |_, (start, end, mine)| {
            let base = starts[start];
            let mut filled: Vec<usize> = starts[start..end].iter().map(|&at| at - base).collect();
            graph.moves_into(start..end, |at, from| {
                mine[filled[at - start]] = from;
                filled[at - start] += 1;
            });
        });
        Nodes {
            graph,
            starts,
            predecessors,
        }
    }

    /// How many nodes there are.
    fn len(&self) -> usize {
        2 * self.graph.count
    }

    /// Whether the maximiser moves at `node`.
    fn maximiser(node: usize) -> bool {
        node.is_multiple_of(2)
    }

    /// The best exit of `node` for its mover, from the maximiser's side;
    /// beyond every value (against the mover) where it has none.
    fn exit(&self, node: usize) -> i8 {
        let board = node / 2;
        if Self::maximiser(node) {
            self.graph.exit_low[board]
        } else {
            -self.graph.exit_high[board]
        }
    }

    /// The split of `node` from the maximiser's side.
    fn split(&self, node: usize) -> i8 {
        let split = self.graph.split[node / 2];
        if Self::maximiser(node) {
            split
        } else {
            -split
        }
    }

    /// The nodes `node`'s moves lead to in the level.
    fn children(&self, node: usize) -> impl Iterator<Item = usize> + '_ {
        let role = node % 2;
        self.graph.children(node / 2).map(move |child| {
            let flip = usize::from(child & SAME_MOVER == 0);
            2 * (child & !SAME_MOVER) as usize + (role ^ flip)
        })
    }

    /// How many moves of `node` stay in the level.
    fn child_count(&self, node: usize) -> u8 {
        self.graph.children(node / 2).count() as u8
    }

    /// The nodes with a move to `node` in the level.
    fn predecessors(&self, node: usize) -> impl Iterator<Item = usize> + '_ {
        let (board, role) = (node / 2, node % 2);
        self.predecessors[self.starts[board]..self.starts[board + 1]]
            .iter()
            .map(move |&from| {
                let flip = usize::from(from & SAME_MOVER == 0);
                2 * (from & !SAME_MOVER) as usize + (role ^ flip)
            })
    }

    /// The best move of `node` for its mover when the level's nodes are
    /// worth `values`: its exit or a child.
    fn best(&self, node: usize, values: &[i8]) -> i8 {
        let children = self.children(node).map(|child| values[child]);
        if Self::maximiser(node) {
            children.fold(self.exit(node), i8::max)
        } else {
            children.fold(self.exit(node), i8::min)
        }
    }
}

/// Nodes waiting by value, read in order of value (a bucket queue).
struct Queue {
    buckets: Vec<Vec<u32>>,
    /// The value of `buckets[0]`.
    least: i8,
}

impl Queue {
    fn new(infinity: i8) -> Self {
        Queue {
            buckets: (0..=2 * i32::from(infinity) + 2)
                .map(|_| Vec::new())
                .collect(),
            least: -infinity,
        }
    }

    fn push(&mut self, value: i8, node: usize) {
        self.buckets[(i32::from(value) - i32::from(self.least)) as usize].push(node as u32);
    }

    /// The value of the nodes of `bucket`.
    fn value(&self, bucket: usize) -> i8 {
        (i32::from(self.least) + bucket as i32) as i8
    }
}

/// The lower and upper game's values of every board of the level (see the
/// module docs): `low` is the worth of the lower game for the mover, `high`
/// minus the worth of the upper game for the other player.
///
/// The nested fixed point `x = μx. νy. max(pre(x), min(split, pre(y)))`,
/// for the maximiser, of the level's game, where `pre` is the best move
/// ([`Nodes::best`]). Each outer round takes `e = pre(x)`, solves the
/// inner greatest fixed point `y` (the nodes from which the minimiser can
/// force a split below `t` before any value of `e` at least `t`, an
/// attractor for every threshold `t` at once, in increasing order), then
/// widens it to the maximiser's attractor `z = μz. max(y, pre(z))`
/// (decreasing order): every round stays below the least fixed point and
/// the rounds stop at it, in a few rounds of linear time.
///
/// Every step runs on `threads` threads; the values do not depend on their
/// number.
fn solve(graph: &Graph, threads: usize) -> (Vec<i8>, Vec<i8>) {
    let nodes = Nodes::new(graph, threads);
    let infinity = graph.infinity;
    let mut x = vec![-infinity; nodes.len()];
    let mut queues: Vec<Queue> = (0..threads.max(1)).map(|_| Queue::new(infinity)).collect();
    loop {
        let e = map_on_threads(threads, nodes.len(), |node| nodes.best(node, &x));
        let y = below_threshold(&nodes, &e, &mut queues);
        // `x` is its own attractor: when `y` adds nothing to it, the
        // next round would give `x` again.
        if y.iter().zip(&x).all(|(new, old)| new <= old) {
            break;
        }
        x = attractor(&nodes, &y, &mut queues);
    }
    let finite = |value: i8| value.clamp(-infinity + 1, infinity - 1);
    let low = x.iter().step_by(2).map(|&v| finite(v)).collect();
    let high = x.iter().skip(1).step_by(2).map(|&v| finite(-v)).collect();
    (low, high)
}

/// What a pass over the level's game keeps of a node, in one place (one
/// memory access a visit, one word that threads update by
/// compare-and-swap: [`Visit::word`]).
#[derive(Clone, Copy, PartialEq, Eq)]
struct Visit {
    /// The node's threshold once settled, [`UNSETTLED`] before.
    settled: i8,
    /// Its moves in the level whose node is not settled yet.
    left: u8,
    /// The value of the node that a visit reads (see each pass).
    own: i8,
    /// The best threshold it was queued at so far.
    queued: i8,
}

/// A node not settled yet: no value a pass gives.
const UNSETTLED: i8 = i8::MIN;

impl Visit {
    /// The visit as one word: its four bytes.
    fn word(self) -> u32 {
        u32::from_le_bytes([
            self.settled as u8,
            self.left,
            self.own as u8,
            self.queued as u8,
        ])
    }

    /// The visit of a word made by [`Visit::word`].
    fn of(word: u32) -> Visit {
        let [settled, left, own, queued] = word.to_le_bytes();
        Visit {
            settled: settled as i8,
            left,
            own: own as i8,
            queued: queued as i8,
        }
    }
}

/// The inner fixed point `y = νy. max(e, min(split, pre(y)))`: for each
/// node, one below the least threshold `t` at which the minimiser forces
/// the play, before any node whose `e` is at least `t`, to a node whose
/// split is below `t` or to an exit below `t` (its own or the maximiser's
/// only ones). Thresholds in increasing order; a visit reads `e`.
fn below_threshold(nodes: &Nodes, e: &[i8], queues: &mut [Queue]) -> Vec<i8> {
    let mut settled = settle(
        nodes,
        queues,
        Order::Rising,
        |node, moves| {
            let alone = if !Nodes::maximiser(node) {
                e[node].max(nodes.split(node).min(nodes.exit(node)))
            } else if moves == 0 {
                e[node]
            } else {
                e[node].max(nodes.split(node))
            };
            (e[node], alone + 1)
        },
        |from, visit, threshold| {
            if Nodes::maximiser(from) {
                visit.left -= 1;
                if visit.left > 0 {
                    return None;
                }
            }
            Some(threshold.max(visit.own + 1))
        },
    );
    for threshold in &mut settled {
        *threshold -= 1;
    }
    settled
}

/// The maximiser's attractor `z = μz. max(y, pre(z))`: for each node, the
/// largest threshold `t` at which the maximiser forces the play to a node
/// whose `y` is at least `t` or to an exit of at least `t`. Thresholds in
/// decreasing order; a visit reads the node's exit.
fn attractor(nodes: &Nodes, y: &[i8], queues: &mut [Queue]) -> Vec<i8> {
    settle(
        nodes,
        queues,
        Order::Falling,
        |node, moves| {
            let exit = nodes.exit(node);
            let queued = if Nodes::maximiser(node) || moves == 0 {
                y[node].max(exit)
            } else {
                y[node]
            };
            (exit, queued)
        },
        |from, visit, threshold| {
            if Nodes::maximiser(from) {
                return Some(threshold);
            }
            visit.left -= 1;
            (visit.left == 0).then(|| threshold.min(visit.own))
        },
    )
}

/// The order in which [`settle`] reads the thresholds.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Order {
    /// Least first: a node settles at the least threshold it is offered.
    Rising,
    /// Largest first: a node settles at the largest.
    Falling,
}

/// Settles every node at the first threshold, in `order`, that it is
/// queued at, and gives back each node's threshold. Each node starts with
/// the value a visit reads and the threshold it is queued at that
/// `start(node, moves)` gives (`moves`: its moves in the level). A node
/// settled at `t` offers each unsettled predecessor `from` the threshold
/// `offer(from, visit, t)` (`None` while `from` waits for more of its
/// moves), which is queued when it comes before the one queued so far.
///
/// One thread for each of `queues` ([`at_once`]): each starts the nodes of
/// one range and queues them, then settles what it queued, threshold by
/// threshold, all threads done with one threshold before any starts the
/// next (a node is offered only thresholds at or after the one being
/// settled, so that none is settled at a threshold that another thread's
/// work would have put before). A node's visit is one word, changed by
/// compare-and-swap on several threads: it settles once, and each of its
/// successors' settling is counted once. On one thread the words are
/// plain: a compare-and-swap waits for every memory access before it, and
/// made the one-core build of 16 seeds a third slower.
fn settle(
    nodes: &Nodes,
    queues: &mut [Queue],
    order: Order,
    start: impl Fn(usize, u8) -> (i8, i8) + Sync,
    offer: impl Fn(usize, &mut Visit, i8) -> Option<i8> + Sync,
) -> Vec<i8> {
    let count = nodes.len();
    let pass = Pass {
        nodes,
        order,
        start,
        offer,
        chunk: chunk_of(count, queues.len()),
        barrier: Barrier::new(queues.len()),
    };
    if let [queue] = queues {
        let words: Vec<Cell<u32>> = (0..count).map(|_| Cell::new(0)).collect();
        pass.run(&words, 0, queue);
        return words
            .into_iter()
            .map(|word| Visit::of(word.into_inner()).settled)
            .collect();
    }
    let words: Vec<AtomicU32> = (0..count).map(|_| AtomicU32::new(0)).collect();
    at_once(queues.iter_mut(), |k, queue| pass.run(&words, k, queue));
    words
        .into_iter()
        .map(|word| Visit::of(word.into_inner()).settled)
        .collect()
}

/// One pass of [`settle`]: what its threads share.
struct Pass<'a, 'g, S, O> {
    nodes: &'a Nodes<'g>,
    order: Order,
    start: S,
    offer: O,
    /// The nodes each thread starts.
    chunk: usize,
    /// Where the threads wait for each other between two thresholds.
    barrier: Barrier,
}

impl<S, O> Pass<'_, '_, S, O>
where
    S: Fn(usize, u8) -> (i8, i8),
    O: Fn(usize, &mut Visit, i8) -> Option<i8>,
{
    /// The `k`-th thread's work, with `queue`, on the nodes' `words`.
    fn run<W: Word>(&self, words: &[W], k: usize, queue: &mut Queue) {
        let (nodes, order) = (self.nodes, self.order);
        let first = words.iter().enumerate().skip(k * self.chunk);
        for (node, word) in first.take(self.chunk) {
            let left = nodes.child_count(node);
            let (own, queued) = (self.start)(node, left);
            queue.push(queued, node);
            let visit = Visit {
                settled: UNSETTLED,
                left,
                own,
                queued,
            };
            word.set(visit.word());
        }
        self.barrier.wait();
        let buckets = queue.buckets.len();
        for step in 0..buckets {
            let bucket = match order {
                Order::Rising => step,
                Order::Falling => buckets - 1 - step,
            };
            let threshold = queue.value(bucket);
            while let Some(node) = queue.buckets[bucket].pop() {
                if !settle_at(&words[node as usize], threshold) {
                    continue;
                }
                for from in nodes.predecessors(node as usize) {
                    let offered = update(&words[from], |visit| {
                        let candidate = (self.offer)(from, visit, threshold)?;
                        let before = match order {
                            Order::Rising => candidate < visit.queued,
                            Order::Falling => candidate > visit.queued,
                        };
                        before.then(|| {
                            visit.queued = candidate;
                            candidate
                        })
                    });
                    if let Some(candidate) = offered {
                        queue.push(candidate, from);
                    }
                }
            }
            self.barrier.wait();
        }
    }
}

/// A node's visit ([`Visit::word`]) as a pass keeps it: shared by threads
/// ([`AtomicU32`]) or on one thread ([`Cell`]).
trait Word {
    /// The word.
    fn get(&self) -> u32;
    /// Sets the word.
    fn set(&self, word: u32);
    /// Sets the word to `new` if it is still `current`, else gives back
    /// the word found.
    fn replace(&self, current: u32, new: u32) -> Result<(), u32>;
}

impl Word for AtomicU32 {
    fn get(&self) -> u32 {
        self.load(Ordering::Relaxed)
    }

    fn set(&self, word: u32) {
        self.store(word, Ordering::Relaxed);
    }

    fn replace(&self, current: u32, new: u32) -> Result<(), u32> {
        self.compare_exchange_weak(current, new, Ordering::Relaxed, Ordering::Relaxed)
            .map(|_| ())
    }
}

impl Word for Cell<u32> {
    fn get(&self) -> u32 {
        Cell::get(self)
    }

    fn set(&self, word: u32) {
        Cell::set(self, word);
    }

    fn replace(&self, _: u32, new: u32) -> Result<(), u32> {
        Cell::set(self, new);
        Ok(())
    }
}

/// Settles the node of `word` at `threshold`; `false` if it was settled
/// already.
fn settle_at(word: &impl Word, threshold: i8) -> bool {
    update(word, |visit| {
        visit.settled = threshold;
        Some(())
    })
    .is_some()
}

/// Changes the visit of `word`, if its node is not settled, by `change`
/// (on a copy, written back at once, tried again if another thread changed
/// the word meanwhile), and gives back its answer; `None` if the node is
/// settled.
fn update<T>(word: &impl Word, change: impl Fn(&mut Visit) -> Option<T>) -> Option<T> {
    let mut current = word.get();
    loop {
        let mut visit = Visit::of(current);
        if visit.settled != UNSETTLED {
            return None;
        }
        let answer = change(&mut visit);
        let new = visit.word();
        if new == current {
            return answer;
        }
        match word.replace(current, new) {
            Ok(()) => return answer,
            Err(actual) => current = actual,
        }
    }
}
